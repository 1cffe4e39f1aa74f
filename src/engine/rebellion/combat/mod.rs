//! Combat: add leaders, draw tactic cards, space and ground battles, retreat, next round.
//!
//! The combat keeps its own list of the individual units fighting (so damage can be tracked
//! per unit); the board keeps counts. Both are changed together whenever a unit is destroyed
//! or retreats.

mod attack;
pub mod cinematic;
mod objectives;
mod retreat;
mod rings;
pub mod rules;
pub mod tactics;

use super::action::Action;
use super::asking;
use super::cards::actions::{self, Moment};
use super::ctx::Ctx;
use super::error::RuleError;
use super::event::EventKind;
use super::frame::{Decision, Frame, Frames, PromptKind};
use super::state::{Place, State};
use crate::content::*;

pub use crate::engine::rebellion::frame::combat::{Combat, CombatMods, CombatUnit, Die, Effect, Step};
pub use attack::dice_pool;
pub use objectives::playable_objectives;
pub use retreat::destinations;
pub use rules::Rules;
pub use tactics::{TacticKind, start_of_combat_cards};

impl Combat {
    /// The index of the units of one faction and theater.
    pub fn of(&self, f: Faction, t: Theater) -> impl Iterator<Item = (usize, &CombatUnit)> + '_ {
        self.units
            .iter()
            .enumerate()
            .filter(move |(_, u)| u.faction == f && catalog().unit(u.unit).theater == t)
    }
    /// Whether a faction has units of a theater in the combat.
    pub fn has(&self, f: Faction, t: Theater) -> bool {
        self.of(f, t).next().is_some()
    }
    /// Whether a faction has any unit in the combat.
    pub fn has_any(&self, f: Faction) -> bool {
        self.units.iter().any(|u| u.faction == f)
    }
    /// The health value and colour of combat unit `i`, after card changes (`None`: the Death
    /// Star, which cannot be damaged).
    pub fn health(&self, i: usize) -> Option<(u8, DieColor)> {
        if self.shielded(i) {
            return None;
        }
        let (h, color) = catalog().unit(self.units[i].unit).health?;
        Some((if self.mods.lower_health { h.saturating_sub(1).max(1) } else { h }, color))
    }
    /// Whether a faction may not play tactic cards of a theater now.
    pub fn tactics_forbidden(&self, f: Faction, t: Theater) -> bool {
        self.round == 1 && self.mods.no_tactics.contains(&(f, t))
    }
    /// Adds units that arrive in the combat's place while it is fought (the Rebel Base space's
    /// units when the base is revealed mid-combat).
    pub fn join(&mut self, f: Faction, units: &crate::engine::rebellion::state::Units) {
        for (u, n) in units.iter() {
            for _ in 0..n {
                self.units.push(CombatUnit { faction: f, unit: u, damage: 0, pending: 0, doomed: false });
            }
            let t = catalog().unit(u).theater;
            if !self.started_in.get(f).contains(&t) {
                self.started_in.get_mut(f).push(t);
            }
        }
    }
    /// Whether die `i` of the current attack is green (cinematic combat: they come last).
    pub fn is_green(&self, i: usize) -> bool {
        self.cine.as_ref().is_some_and(|x| i + x.green as usize >= self.dice.len())
    }
    /// Whether unit `i` is a Death Star or Death Star Under Construction sharing the combat's
    /// system with an Imperial Shield Bunker (Rise of the Empire): it cannot be destroyed,
    /// dealt damage or assigned damage until every bunker there is gone.
    pub fn shielded(&self, i: usize) -> bool {
        super::board::is_station(self.units[i].unit) && self.bunker()
    }
    /// Whether unit `i`'s damage has reached its health (a shielded unit's never has).
    pub fn lethal(&self, i: usize) -> bool {
        self.health(i).is_some_and(|(h, _)| self.units[i].damage >= h)
    }
    /// Whether an Imperial Shield Bunker stands in the combat (Rise of the Empire).
    pub fn bunker(&self) -> bool {
        self.units.iter().any(|u| u.faction == Faction::Empire && super::board::is_shield_bunker(u.unit))
    }
    /// Whether the Empire has an Interdictor in the combat (Rise of the Empire): Rebel units
    /// cannot retreat from it, by any means.
    pub fn interdicted(&self) -> bool {
        self.units.iter().any(|u| {
            u.faction == Faction::Empire
                && catalog().unit(u.unit).ability == Some(UnitAbility::NoRebelRetreat)
        })
    }
    /// Whether a faction rolled at least one die in a theater's battle this combat round
    /// (recorded under cinematic combat, that is with Rise of the Empire only).
    pub fn rolled(&self, f: Faction, t: Theater) -> bool {
        self.cine.as_ref().is_some_and(|x| x.rolled.contains(&(f, t)))
    }
    /// Whether a unit with this asset id of a faction takes part.
    pub fn has_key(&self, f: Faction, key: &str) -> bool {
        self.units.iter().any(|u| u.faction == f && u.unit.key() == key)
    }
}

/// Whether a battle of this theater can be fought in a place: no ground battle happens in a
/// destroyed system (Rules Reference, Destroyed Systems); space battles happen as usual.
pub fn battleground(s: &State, place: Place, t: Theater) -> bool {
    t == Theater::Space || !place.system().is_some_and(|x| s.sys(x).destroyed)
}

/// Whether both factions have units in the same theater in a place where that theater's
/// battle can be fought (so combat happens).
pub fn needed(s: &State, place: Place) -> bool {
    let z = s.zone(place);
    [Theater::Space, Theater::Ground]
        .iter()
        .any(|&t| battleground(s, place, t) && z.units.rebel.has_theater(t) && z.units.empire.has_theater(t))
}

/// Whether a battle of a theater is fought in this combat (both sides have units of it and the
/// place allows it).
pub(super) fn contested(s: &State, c: &Combat, t: Theater) -> bool {
    battleground(s, c.place, t) && c.has(Faction::Rebel, t) && c.has(Faction::Empire, t)
}

/// Starts a combat; returns its frame.
pub fn start(ctx: &mut Ctx, place: Place, attacker: Faction, origins: Vec<SystemId>) -> Frame {
    ctx.public(EventKind::CombatStarted { place, attacker });
    let mut units = Vec::new();
    let mut started_in = ByFaction::new(|_| Vec::new());
    for f in Faction::BOTH {
        for (u, n) in ctx.s.units(place, f).iter() {
            for _ in 0..n {
                units.push(CombatUnit { faction: f, unit: u, damage: 0, pending: 0, doomed: false });
            }
        }
        for t in [Theater::Space, Theater::Ground] {
            if ctx.s.units(place, f).has_theater(t) {
                started_in.get_mut(f).push(t);
            }
        }
    }
    let was_subjugated = place.system().is_some_and(|s| ctx.s.sys(s).subjugated);
    Frame::Combat(Box::new(Combat {
        place,
        attacker,
        origins,
        step: Step::AddLeader { faction: attacker },
        round: 1,
        units,
        dice: Vec::new(),
        effect: None,
        no_retreat: Vec::new(),
        escape_plan: Vec::new(),
        no_block: Vec::new(),
        retreated: Vec::new(),
        destroyed: Vec::new(),
        started_in,
        won: ByFaction::new(|_| Vec::new()),
        was_subjugated,
        objective_played: false,
        offer_objectives: false,
        plans_used: false,
        mods: CombatMods::default(),
        cine: Rules::of(ctx.s).new_combat(),
    }))
}

/// Whether the combat's decision is the Death Star Plans window (not the objective window that
/// comes first at the same step, after the space battle).
pub fn in_plans_window(s: &State, c: &Combat) -> bool {
    c.step == Step::Plans && !(c.offer_objectives && objectives::window_open(s, c))
}

/// The decision the combat waits for.
pub fn decision(s: &State, c: &Combat) -> Option<Decision> {
    if cinematic::take_back::waiting(s) {
        return cinematic::take_back::decision(s);
    }
    if c.effect == Some(Effect::RingReroll) {
        return rings::reroll_decision(c);
    }
    if let Some(e) = &c.effect {
        return tactics::effect_decision(s, c, e);
    }
    if let Some(x) = &c.cine
        && !x.pending.is_empty()
    {
        return cinematic::pending::decision(s, c);
    }
    if c.offer_objectives && objectives::window_open(s, c) {
        let mut actions: Vec<Action> =
            playable_objectives(s, c).into_iter().map(|card| Action::PlayObjective { card }).collect();
        actions.push(Action::Done);
        return Some(Decision::new(Faction::Rebel, PromptKind::Objective, actions).always_asked(true));
    }
    match c.step {
        Step::AddLeader { faction } => add_leader_decision(s, c, faction),
        Step::StartOfCombat { faction } => {
            if !asking::action_window(s, faction, &Moment::StartOfCombat { place: c.place }) {
                return None;
            }
            let mut actions: Vec<Action> = start_of_combat_cards(s, c, faction)
                .into_iter()
                .map(|card| Action::PlayAction { card })
                .collect();
            actions.push(Action::Done);
            Some(Decision::new(faction, PromptKind::StartOfCombat, actions).always_asked(true))
        }
        Step::Roll { side, .. } => rings::roll_window(s, c, side),
        Step::Actions { theater, side } => Some(Rules::of_combat(c).actions_decision(s, c, theater, side)),
        Step::Assign { theater, side } => attack::assign_decision(s, c, theater, side),
        Step::Block { theater, side } => Rules::of_combat(c).block_decision(s, c, theater, side),
        Step::Tactics { theater, stage } => cinematic::round::decision(s, c, theater, stage),
        Step::Plans => objectives::plans_decision(s, c),
        Step::Retreat { faction } => retreat::retreat_decision(s, c, faction),
        Step::Carry { faction, capacity, moved, .. } => {
            Some(retreat::carry_decision(s, c, faction, capacity, moved))
        }
        Step::DrawTactics
        | Step::Battle { .. }
        | Step::EndBattle { .. }
        | Step::NextRound
        | Step::RoundEnd => None,
    }
}

/// Applies a combat decision. Never refuses (the error result is for the flow's sake), so
/// `apply` changes the state in place for it.
pub fn act(ctx: &mut Ctx, mut c: Box<Combat>, a: Action) -> Result<Frames, RuleError> {
    if cinematic::take_back::waiting(ctx.s) {
        cinematic::take_back::act(ctx, &a);
        return Ok(vec![Frame::Combat(c)]);
    }
    if c.effect == Some(Effect::RingReroll) {
        rings::reroll_act(ctx, &mut c, a);
        return Ok(vec![Frame::Combat(c)]);
    }
    if let Some(e) = c.effect.clone() {
        tactics::effect_act(ctx, &mut c, e, a);
        return Ok(vec![Frame::Combat(c)]);
    }
    if c.cine.as_ref().is_some_and(|x| !x.pending.is_empty()) {
        cinematic::pending::act(ctx, &mut c, a);
        return Ok(vec![Frame::Combat(c)]);
    }
    if c.offer_objectives && objectives::window_open(ctx.s, &c) {
        match a {
            Action::PlayObjective { card } => {
                // What the card does once scored runs above the combat, which then goes on.
                if let Some(run) = objectives::play(ctx, &mut c, card) {
                    return Ok(vec![Frame::Combat(c), run]);
                }
            }
            _ => c.offer_objectives = false,
        }
        return Ok(vec![Frame::Combat(c)]);
    }
    match c.step {
        Step::AddLeader { faction } => {
            if let Action::AddLeader { leader } = a {
                ctx.s.leader_pool.get_mut(faction).retain(|l| *l != leader);
                ctx.s.zone_mut(c.place).leaders.get_mut(faction).push(leader);
                ctx.public(EventKind::LeaderPlaced { leader, place: c.place });
            }
            c.step = after_add_leader(&c, faction);
        }
        Step::StartOfCombat { faction } => {
            if let Action::PlayAction { card } = a {
                // The card's ability runs above the combat, which waits at this step (the
                // player may use another card after it); the combat is back on the stack
                // first, as the card's effects act on it.
                let moment = Moment::StartOfCombat { place: c.place };
                ctx.s.stack.push(Frame::Combat(c));
                let run = actions::usable_run(ctx.s, faction, card, &moment).expect("checked legal");
                return Ok(vec![actions::play(ctx, faction, card, run)]);
            }
            c.step = after_start_of_combat(&c, faction);
        }
        Step::Roll { side, .. } => {
            if let Action::PlayAction { card } = a {
                return Ok(rings::play_dice_card(ctx, c, side, card));
            }
            c.mods.roll_passed = true;
        }
        Step::Actions { .. } if matches!(a, Action::UseRing { .. }) => c.effect = Some(Effect::RingReroll),
        Step::Actions { theater, side } => Rules::of_combat(&c).actions_act(ctx, &mut c, theater, side, a),
        Step::Assign { .. } => attack::assign_act(&mut c, a),
        Step::Block { theater, side } => attack::block_act(ctx, &mut c, theater, side, a),
        Step::Plans => {
            if let Action::PlayAction { card } = a {
                return Ok(rings::play_dice_card(ctx, c, Faction::Rebel, card));
            }
            objectives::plans_act(ctx, &mut c, a)
        }
        Step::Retreat { faction } => retreat::retreat_act(ctx, &mut c, faction, a),
        Step::Carry { faction, to, capacity, moved, .. } => {
            retreat::carry_act(ctx, &mut c, faction, to, capacity, moved, a)
        }
        Step::Tactics { theater, stage } => cinematic::round::act(ctx, &mut c, theater, stage, a),
        _ => {}
    }
    Ok(vec![Frame::Combat(c)])
}

/// Runs the combat's automatic steps.
pub fn auto(ctx: &mut Ctx, mut c: Box<Combat>) -> Frames {
    if cinematic::take_back::waiting(ctx.s) {
        // Nothing is left to take back.
        cinematic::take_back::lapse(ctx.s);
        return vec![Frame::Combat(c)];
    }
    if c.offer_objectives {
        c.offer_objectives = false;
        return vec![Frame::Combat(c)];
    }
    if let Some(x) = &mut c.cine
        && !x.pending.is_empty()
    {
        // A card's choice with nothing left to choose from lapses.
        x.pending.remove(0);
        return vec![Frame::Combat(c)];
    }
    let rules = Rules::of_combat(&c);
    match c.step {
        Step::AddLeader { faction } => c.step = after_add_leader(&c, faction),
        Step::StartOfCombat { faction } => c.step = after_start_of_combat(&c, faction),
        Step::DrawTactics => {
            rules.draw_tactics(ctx, &mut c);
            c.step = Step::Battle { theater: Theater::Space };
        }
        Step::Battle { theater } => {
            if contested(ctx.s, &c, theater) {
                c.step = rules.begin_battle(ctx, &c, theater);
            } else if theater == Theater::Space {
                c.step = Step::Battle { theater: Theater::Ground };
            } else {
                c.step = Step::Retreat { faction: rules.first_to_retreat(&c) };
            }
        }
        Step::Tactics { theater, stage } => cinematic::round::auto(ctx, &mut c, theater, stage),
        Step::Roll { theater, side } => attack::roll(ctx, &mut c, theater, side),
        Step::Actions { theater, side } => {
            rules.before_assign(ctx, &mut c, side);
            c.step = Step::Assign { theater, side };
        }
        Step::Assign { theater, side } => {
            c.dice.iter_mut().for_each(|d| d.assigned = true);
            rules.after_assign(&mut c, theater, side);
            c.step = Step::Block { theater, side };
        }
        Step::Block { theater, side } => attack::end_attack(ctx, &mut c, theater, side),
        Step::EndBattle { theater } => {
            rules.end_battle(&mut c, theater);
            attack::remove_doomed(ctx, &mut c);
            rules.after_battle(ctx, &mut c, theater);
            c.no_block.clear();
            objectives::update_wins(ctx.s, &mut c);
            c.offer_objectives = true;
            c.step = match theater {
                Theater::Space => Step::Plans,
                Theater::Ground => Step::Retreat { faction: rules.first_to_retreat(&c) },
            };
        }
        Step::Plans => c.step = Step::Battle { theater: Theater::Ground },
        Step::Retreat { faction } => retreat::finish_retreat_step(ctx, &mut c, faction),
        Step::Carry { faction, .. } => retreat::finish_carry(ctx, &mut c, faction),
        Step::NextRound => {
            rules.end_round(ctx, &mut c);
            retreat::next_round_checks(ctx, &mut c);
            objectives::update_wins(ctx.s, &mut c);
            c.offer_objectives = true;
            c.step = Step::RoundEnd;
        }
        Step::RoundEnd => {
            if [Theater::Space, Theater::Ground].iter().any(|&t| contested(ctx.s, &c, t)) {
                c.round += 1;
                if let Some(x) = &mut c.cine {
                    x.rolled.clear();
                    x.retreated_this_round.clear();
                }
                c.no_retreat.clear();
                c.escape_plan.clear();
                c.plans_used = false;
                c.step = Step::Battle { theater: Theater::Space };
            } else {
                end(ctx, &c);
                // Rise of the Empire: cards that answer a retreat or a won battle.
                return crate::engine::rebellion::rise_of_the_empire::windows::after_combat(
                    ctx.s,
                    c.place,
                    &c.retreated,
                    &c.won,
                );
            }
        }
    }
    vec![Frame::Combat(c)]
}

/// Ends the combat: tactic cards go back as the rules say (`Rules::end_combat`), and damage
/// disappears with the combat record.
fn end(ctx: &mut Ctx, c: &Combat) {
    Rules::of_combat(c).end_combat(ctx);
    for &l in &c.mods.joined {
        let f = ctx.s.leader_faction(l);
        if let Some(p) = ctx.s.leader_place(l) {
            ctx.s.zone_mut(p).leaders.get_mut(f).retain(|&x| x != l);
            ctx.s.leader_pool.get_mut(f).push(l);
            ctx.public(EventKind::LeaderChange { leader: l, what: "returns to the leader pool".into() });
        }
    }
    ctx.public(EventKind::CombatEnded { place: c.place });
}

/// The highest tactic value of a faction's non-captured leaders in a place for a theater.
pub fn best_tactics(s: &State, place: Place, f: Faction, t: Theater) -> u8 {
    s.active_leaders(place, f).iter().map(|&l| catalog().leader(l).tactics(t)).max().unwrap_or(0)
}

fn add_leader_decision(s: &State, c: &Combat, f: Faction) -> Option<Decision> {
    let has_tactician = s.active_leaders(c.place, f).iter().any(|&l| catalog().leader(l).has_tactics());
    if has_tactician || s.leader_pool.get(f).is_empty() {
        return None;
    }
    let mut actions: Vec<Action> =
        s.leader_pool.get(f).iter().map(|&leader| Action::AddLeader { leader }).collect();
    actions.push(Action::Done);
    let mut d = Decision::new(f, PromptKind::AddLeader, actions);
    d.context.push(format!("combat in {}", c.place));
    Some(d)
}

fn after_add_leader(c: &Combat, f: Faction) -> Step {
    if f == c.attacker {
        Step::AddLeader { faction: f.opponent() }
    } else {
        Step::StartOfCombat { faction: c.attacker }
    }
}

fn after_start_of_combat(c: &Combat, f: Faction) -> Step {
    if f == c.attacker { Step::StartOfCombat { faction: f.opponent() } } else { Step::DrawTactics }
}

/// Describes the combat's units by number, for prompts.
pub fn describe_units(c: &Combat) -> String {
    // Written piece by piece into one string sized once: prompts are built at every step of a
    // combat, and `write!` cost several times more for these short pieces.
    let mut out = String::with_capacity(20 + 32 * c.units.len());
    out.push_str("units by number: ");
    for (i, u) in c.units.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        push_number(&mut out, i as u32);
        // The unit's id, which front ends print by its name (games::rebellion::words::context_words).
        out.push(' ');
        out.push_str(u.unit.key());
        out.push_str(" (");
        out.push_str(u.faction.name());
        if u.damage > 0 {
            out.push_str(", ");
            push_number(&mut out, u32::from(u.damage));
            out.push_str(" damage");
        }
        if u.doomed {
            out.push_str(", destroyed");
        }
        out.push(')');
    }
    out
}

/// Describes the current dice by position, for prompts.
pub fn describe_dice(c: &Combat) -> String {
    let mut out = String::with_capacity(20 + 24 * c.dice.len());
    out.push_str("dice by number: ");
    for (i, d) in c.dice.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        push_number(&mut out, i as u32);
        out.push(' ');
        out.push_str(if c.is_green(i) { "green" } else { d.color.label() });
        out.push(' ');
        out.push_str(d.face.label());
        if d.spent {
            out.push_str(" (spent)");
        } else if d.assigned {
            out.push_str(" (assigned)");
        }
    }
    out
}

/// Appends the decimal digits of `n`.
fn push_number(out: &mut String, n: u32) {
    if n >= 10 {
        push_number(out, n / 10);
    }
    out.push(char::from(b'0' + (n % 10) as u8));
}
