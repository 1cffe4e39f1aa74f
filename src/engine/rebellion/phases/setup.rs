//! Game setup (Rules Reference appendix): loyalty from the probe deck, decks and hands, then
//! the players' starting-unit placement and the secret base choice.

use super::assignment::AssignmentPhase;
use crate::engine::rebellion::action::Action;
use crate::engine::rebellion::cards;
use crate::engine::rebellion::rise_of_the_empire;

use crate::content::*;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::event::EventKind;
pub use crate::engine::rebellion::frame::phases::SetupStep;
use crate::engine::rebellion::frame::{Decision, Frame, Frames, PromptKind};
use crate::engine::rebellion::state::*;
use crate::engine::rng::GameRng;

/// A new match's state with its first setup frame on the stack (placements already made with
/// `quick_setup`); `flow::new_game` then runs the automatic steps up to the first choice.
pub fn prepare(seed: u64, options: MatchOptions) -> State {
    let c = catalog();
    let mut s = State {
        options: options.clone(),
        version: 0,
        round: 1,
        time: c.time_track.time_start,
        reputation: c.time_track.reputation_start,
        winner: None,
        base: Base::default(),
        systems: vec![SystemState::default(); c.systems.len()],
        base_space: Zone::default(),
        build_queue: ByFaction::new(|_| vec![Units::default(); 3]),
        ready: ByFaction::default(),
        supply: ByFaction::new(|f| {
            let mut u = Units::default();
            for id in UnitId::all() {
                if c.unit(id).faction == f && options.has_set(c.unit(id).set) {
                    u.add(id, c.unit(id).count_in_box);
                }
            }
            u
        }),
        leader_pool: ByFaction::new(|f| {
            LeaderId::all().filter(|&l| c.leader(l).faction == f && c.leader(l).starting).collect()
        }),
        captured: vec![],
        rings: Default::default(),
        turned: vec![],
        card_holders: Default::default(),
        team_passed: None,
        round_effects: Default::default(),
        intel: ByFaction::default(),
        eliminated: vec![],
        hands: ByFaction::default(),
        decks: Decks::default(),
        assignments: ByFaction::default(),
        revealed_probes: vec![],
        stack: vec![],
        cinematic: None,
        rng: GameRng::from_seed(seed),
        rote_cards: Default::default(),
        rote_probes: Default::default(),
        searched: Vec::new(),
        markers: Default::default(),
        targets: Default::default(),
    };
    for sys in SystemId::all() {
        if c.system(sys).fixed_imperial {
            s.sys_mut(sys).loyalty = Some(Faction::Empire);
        }
    }
    build_decks(&mut s);
    starting_loyalty(&mut s);
    for f in Faction::BOTH {
        // Step 8 IV: two random starting action cards.
        let mut starting: Vec<ActionCardId> = ActionCardId::all()
            .filter(|&a| c.action_card(a).faction == f && c.action_card(a).starting)
            .filter(|&a| rise_of_the_empire::cards::action_in_match(&options, a))
            .collect();
        s.rng.shuffle(&mut starting);
        let rest = starting.split_off(2.min(starting.len()));
        s.hands.get_mut(f).actions = starting.clone();
        for card in starting {
            crate::engine::rebellion::team::hold(&mut s, card, None);
        }
        // The others stay aside, for the expansion's cards that deal one more.
        if options.rise_of_the_empire {
            *s.rote_cards.starting_rest.get_mut(f) = rest;
        }
        // Step 10: starting missions plus two drawn (with the expansion, drawn once the side has
        // chosen its mission set).
        let mut hand: Vec<MissionId> = MissionId::all()
            .filter(|&m| c.mission(m).faction == f && c.mission(m).starting)
            .filter(|&m| rise_of_the_empire::cards::mission_in_match(&s.options, m))
            .collect();
        for _ in 0..if options.rise_of_the_empire { 0 } else { 2 } {
            let d = &mut s.decks;
            if let Some(m) = draw(d.missions.get_mut(f), d.mission_discard.get_mut(f), &mut s.rng) {
                hand.push(m);
            }
        }
        s.hands.get_mut(f).missions = hand;
    }
    // Step 4: the Rebels' first objective.
    if !s.decks.objectives.is_empty() {
        let o = s.decks.objectives.remove(0);
        s.hands.rebel.objectives.push(o);
    }
    if options.rise_of_the_empire {
        s.stack.push(rise_of_the_empire::setup::first_step());
        return s;
    }
    s.stack.push(Frame::Setup(SetupStep::ImperialPlacement {
        remaining: starting_units(Faction::Empire),
        expansion: false,
    }));
    // Nothing is told of a match being set up: it starts from its first decision.
    let mut ctx = Ctx::untold(&mut s);
    if options.quick_setup {
        // Imperial, then Rebel placement: autoplace, then step on (`auto`) to the next setup
        // step so the Rebel placement is made too, not the finished Imperial one again.
        for _ in 0..2 {
            if let Some(Frame::Setup(step)) = ctx.s.stack.pop() {
                let placed = act(&mut ctx, step, Action::AutoPlace);
                for frame in placed {
                    match frame {
                        Frame::Setup(done) => {
                            let next = auto(&mut ctx, done);
                            ctx.s.stack.extend(next);
                        }
                        other => ctx.s.stack.push(other),
                    }
                }
            }
        }
    }
    s
}

/// Draws the top card of a deck, reshuffling the discard pile into it when it is empty.
pub fn draw<T: Clone>(deck: &mut Vec<T>, discard: &mut Vec<T>, rng: &mut GameRng) -> Option<T> {
    if deck.is_empty() {
        rng.shuffle(discard);
        deck.append(discard);
    }
    if deck.is_empty() { None } else { Some(deck.remove(0)) }
}

fn starting_units(f: Faction) -> Units {
    rise_of_the_empire::setup::starting_units(f, false)
}

fn build_decks(s: &mut State) {
    let c = catalog();
    for f in Faction::BOTH {
        let mut deck = vec![];
        for m in MissionId::all() {
            let d = c.mission(m);
            if d.faction == f
                && !d.starting
                && !d.project
                && rise_of_the_empire::cards::mission_in_match(&s.options, m)
            {
                deck.extend(std::iter::repeat_n(m, d.copies as usize));
            }
        }
        s.rng.shuffle(&mut deck);
        *s.decks.missions.get_mut(f) = deck;
        let mut actions: Vec<ActionCardId> = ActionCardId::all()
            .filter(|&a| c.action_card(a).faction == f && !c.action_card(a).starting)
            .filter(|&a| rise_of_the_empire::cards::action_in_match(&s.options, a))
            .collect();
        s.rng.shuffle(&mut actions);
        *s.decks.actions.get_mut(f) = actions;
    }
    let mut projects = vec![];
    for m in MissionId::all() {
        let d = c.mission(m);
        if d.project && rise_of_the_empire::cards::mission_in_match(&s.options, m) {
            projects.extend(std::iter::repeat_n(m, d.copies as usize));
        }
    }
    s.rng.shuffle(&mut projects);
    s.decks.projects = projects;
    if s.options.rise_of_the_empire {
        rise_of_the_empire::cards::build_objective_deck(s);
    }
    for stage in (1..=3).filter(|_| !s.options.rise_of_the_empire) {
        let mut pile = vec![];
        for o in ObjectiveId::all() {
            let d = c.objective(o);
            if d.stage == stage && s.has_set(d.set) {
                pile.extend(std::iter::repeat_n(o, d.copies as usize));
            }
        }
        s.rng.shuffle(&mut pile);
        s.decks.objectives.extend(pile);
    }
    for t in [Theater::Space, Theater::Ground] {
        let mut deck = vec![];
        for id in TacticId::all() {
            let d = c.tactic(id);
            if d.theater == t {
                deck.extend(std::iter::repeat_n(id, d.copies as usize));
            }
        }
        s.rng.shuffle(&mut deck);
        match t {
            Theater::Space => s.decks.space_tactics = deck,
            Theater::Ground => s.decks.ground_tactics = deck,
        }
    }
}

/// Step 8 I: reveal probe cards until 3 Rebel and 5 Imperial marked systems are out.
fn starting_loyalty(s: &mut State) {
    let c = catalog();
    let mut probes: Vec<SystemId> = SystemId::all().filter(|&x| c.system(x).probe_card).collect();
    s.rng.shuffle(&mut probes);
    let (mut rebels, mut imperials) = (0, 0);
    let mut removed = vec![];
    for &p in &probes {
        if rebels == 3 && imperials == 5 {
            break;
        }
        match c.system(p).setup_mark {
            Some(Faction::Rebel) if rebels < 3 => {
                rebels += 1;
                s.sys_mut(p).loyalty = Some(Faction::Rebel);
            }
            Some(Faction::Empire) if imperials < 5 => {
                if imperials < 2 {
                    s.sys_mut(p).subjugated = true;
                } else {
                    s.sys_mut(p).loyalty = Some(Faction::Empire);
                }
                imperials += 1;
                removed.push(p);
            }
            _ => {}
        }
    }
    probes.retain(|p| !removed.contains(p));
    s.rng.shuffle(&mut probes);
    s.decks.probes = probes;
}

fn imperial_systems(s: &State) -> Vec<SystemId> {
    SystemId::all().filter(|&x| s.is_imperial_system(x)).collect()
}

/// Where the Empire may place starting units: its systems, and (with Rise of the Empire's
/// list) a system holding its Death Star Under Construction — never there in a base setup.
fn imperial_placement_systems(s: &State) -> Vec<SystemId> {
    let dsuc = crate::engine::rebellion::named::named().death_star_under_construction;
    SystemId::all()
        .filter(|&x| s.is_imperial_system(x) || dsuc.is_some_and(|d| s.sys(x).zone.units.empire.count(d) > 0))
        .collect()
}

fn ground_missing(s: &State, systems: &[SystemId]) -> usize {
    systems.iter().filter(|&&x| !s.has_ground(Place::System(x), Faction::Empire)).count()
}

fn ground_left(r: &Units) -> u32 {
    r.in_theater(Theater::Ground).map(|(_, n)| n as u32).sum()
}

/// The setup decision pending.
pub fn decision(s: &State, step: &SetupStep) -> Option<Decision> {
    match step {
        SetupStep::ImperialPlacement { remaining, .. } | SetupStep::RebelPlacement { remaining, .. }
            if remaining.is_empty() =>
        {
            None
        }
        SetupStep::ImperialPlacement { .. } | SetupStep::RebelPlacement { .. } => {
            let listing = placement_listing(s, step)?;
            let mut actions = Vec::with_capacity(listing.count);
            listing.write(&mut actions);
            Some(Decision::new(listing.seat, PromptKind::PlaceStartingUnits, actions))
        }
        SetupStep::ChooseBase => {
            // In catalog order, not the probe deck's: the options must not show the deck order.
            let actions = SystemId::all()
                .filter(|x| s.decks.probes.contains(x))
                .filter(|&x| !s.has_units(Place::System(x), Faction::Empire))
                .map(|system| Action::ChooseBase { system })
                .collect::<Vec<_>>();
            Some(Decision::new(Faction::Rebel, PromptKind::ChooseBase, actions))
        }
        other => rise_of_the_empire::setup::decision(s, other),
    }
}

/// A starting placement step told without its list (`listing.rs`): placing by default, then
/// the placements in the order the decision lists them. About 80 options, written afresh after
/// every placement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacementListing {
    /// Who places.
    pub seat: Faction,
    /// How many options the decision has.
    count: usize,
    /// The placements, by blocks.
    blocks: Blocks,
}

/// A placement step's placements told by blocks.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Blocks {
    /// The Empire's: in each place, each unit type with the largest count that may go there at
    /// once. Every count from 1 up to it may (placing fewer ground units never leaves fewer for
    /// the Imperial systems still without one), so a block stands for the counts `1..=most`.
    Largest(Vec<(Place, UnitId, u8)>),
    /// The Rebels': in each place, each unit type left with every count up to all of it.
    Each {
        /// The places, in order.
        places: Vec<Place>,
        /// The units left to place.
        remaining: Units,
    },
}

/// The listing of a placement step with units left to place; `None` for any other step.
pub fn placement_listing(s: &State, step: &SetupStep) -> Option<PlacementListing> {
    let (seat, blocks) = match step {
        SetupStep::ImperialPlacement { remaining, .. } if !remaining.is_empty() => {
            let systems = imperial_placement_systems(s);
            // Worked out once for every option, not per option.
            let missing = ground_missing(s, &imperial_systems(s));
            let left = ground_left(remaining);
            let mut blocks = Vec::with_capacity(4 * systems.len());
            for &sys in &systems {
                let has_ground = s.has_ground(Place::System(sys), Faction::Empire);
                for (u, n) in remaining.iter() {
                    let ground = catalog().unit(u).theater == Theater::Ground;
                    let ok = |count| imperial_placement_ok(missing, left, has_ground, ground, count);
                    if let Some(most) = (1..=n).rev().find(|&count| ok(count)) {
                        blocks.push((Place::System(sys), u, most));
                    }
                }
            }
            (Faction::Empire, Blocks::Largest(blocks))
        }
        SetupStep::RebelPlacement { remaining, system } if !remaining.is_empty() => {
            let mut places = vec![Place::BaseSpace];
            match system {
                Some(x) => places.push(Place::System(*x)),
                // Not where Imperial units are: with Rise of the Empire's list, the remote system
                // of the Death Star Under Construction (in a base setup, Imperial units are only
                // in Imperial systems, which this already leaves out).
                None => places.extend(
                    SystemId::all()
                        .filter(|&x| s.sys(x).loyalty != Some(Faction::Empire) && !s.sys(x).subjugated)
                        .filter(|&x| !s.has_units(Place::System(x), Faction::Empire))
                        .map(Place::System),
                ),
            }
            (Faction::Rebel, Blocks::Each { places, remaining: *remaining })
        }
        _ => return None,
    };
    let placements = match &blocks {
        Blocks::Largest(blocks) => blocks.iter().map(|&(_, _, most)| usize::from(most)).sum(),
        Blocks::Each { places, remaining } => places.len() * remaining.total() as usize,
    };
    Some(PlacementListing { seat, count: 1 + placements, blocks })
}

impl PlacementListing {
    /// How many options the decision has.
    pub fn count(&self) -> usize {
        self.count
    }
    /// Writes every option, in order.
    fn write(&self, out: &mut Vec<Action>) {
        out.push(Action::AutoPlace);
        let mut block =
            |place, unit, most| out.extend((1..=most).map(|count| Action::Place { place, unit, count }));
        match &self.blocks {
            Blocks::Largest(blocks) => {
                blocks.iter().for_each(|&(place, unit, most)| block(place, unit, most))
            }
            Blocks::Each { places, remaining } => {
                for &place in places {
                    remaining.iter().for_each(|(unit, n)| block(place, unit, n));
                }
            }
        }
    }
    /// Option `i` of the decision, as `decision` would list it; `None` past the end.
    pub fn get(&self, i: usize) -> Option<Action> {
        let Some(mut k) = i.checked_sub(1) else { return Some(Action::AutoPlace) };
        let block = |k: usize, place: Place, unit: UnitId| Action::Place { place, unit, count: k as u8 + 1 };
        match &self.blocks {
            Blocks::Largest(blocks) => {
                for &(place, unit, most) in blocks {
                    match k.checked_sub(usize::from(most)) {
                        Some(rest) => k = rest,
                        None => return Some(block(k, place, unit)),
                    }
                }
                None
            }
            Blocks::Each { places, remaining } => {
                // Every place offers the same units: find the place, then the unit type.
                let place = *places.get(k / remaining.total() as usize)?;
                k %= remaining.total() as usize;
                for (unit, n) in remaining.iter() {
                    match k.checked_sub(usize::from(n)) {
                        Some(rest) => k = rest,
                        None => return Some(block(k, place, unit)),
                    }
                }
                None
            }
        }
    }
}

/// Whether placing `count` units (ground units or not) in a system (that has an Imperial
/// ground unit or not) still leaves enough ground units for every Imperial system without one,
/// given how many such systems there are (`missing`) and how many ground units remain (`left`).
fn imperial_placement_ok(missing: usize, left: u32, has_ground: bool, ground: bool, count: u8) -> bool {
    let missing_after = missing - usize::from(ground && !has_ground);
    let left_after = left - if ground { count as u32 } else { 0 };
    left_after as usize >= missing_after
}

/// Applies a setup decision. Cannot refuse an offered action (no error result), so `apply`
/// changes the state in place for it.
pub fn act(ctx: &mut Ctx, step: SetupStep, a: Action) -> Frames {
    match (step, a) {
        (SetupStep::ImperialPlacement { mut remaining, expansion }, Action::Place { place, unit, count }) => {
            place_units(ctx, Faction::Empire, &mut remaining, place, unit, count);
            vec![Frame::Setup(SetupStep::ImperialPlacement { remaining, expansion })]
        }
        (SetupStep::ImperialPlacement { mut remaining, expansion }, Action::AutoPlace) => {
            let systems = imperial_systems(ctx.s);
            let mut order: Vec<UnitId> = vec![];
            for (u, n) in remaining.iter() {
                order.extend(std::iter::repeat_n(u, n as usize));
            }
            // Ground units first, and first of all one to each Imperial system that has none
            // yet (Rules Reference, setup: at least one ground unit in each Imperial system);
            // then the rest dealt round-robin over the Imperial systems.
            order.sort_by_key(|u| catalog().unit(*u).theater != Theater::Ground);
            let lacking: Vec<SystemId> = systems
                .iter()
                .copied()
                .filter(|&x| !ctx.s.has_ground(Place::System(x), Faction::Empire))
                .collect();
            let targets = lacking.iter().copied().chain(systems.iter().copied().cycle());
            let mut plan: Vec<(SystemId, UnitId, u8)> = vec![];
            for (u, sys) in order.into_iter().zip(targets) {
                match plan.iter_mut().find(|(s, x, _)| *s == sys && *x == u) {
                    Some(p) => p.2 += 1,
                    None => plan.push((sys, u, 1)),
                }
            }
            plan.sort_by_key(|&(s, u, _)| (s, u));
            for (sys, u, n) in plan {
                place_units(ctx, Faction::Empire, &mut remaining, Place::System(sys), u, n);
            }
            vec![Frame::Setup(SetupStep::ImperialPlacement { remaining, expansion })]
        }
        (SetupStep::RebelPlacement { mut remaining, mut system }, Action::Place { place, unit, count }) => {
            if let Place::System(x) = place {
                system = Some(x);
            }
            place_units(ctx, Faction::Rebel, &mut remaining, place, unit, count);
            vec![Frame::Setup(SetupStep::RebelPlacement { remaining, system })]
        }
        (SetupStep::RebelPlacement { mut remaining, system }, Action::AutoPlace) => {
            let all: Vec<(UnitId, u8)> = remaining.iter().collect();
            for (u, n) in all {
                place_units(ctx, Faction::Rebel, &mut remaining, Place::BaseSpace, u, n);
            }
            vec![Frame::Setup(SetupStep::RebelPlacement { remaining, system })]
        }
        (SetupStep::ChooseBase, Action::ChooseBase { system }) => {
            ctx.s.base.system = Some(system);
            ctx.s.searched.clear();
            ctx.s.decks.probes.retain(|&p| p != system);
            let mut probes = std::mem::take(&mut ctx.s.decks.probes);
            ctx.s.rng.shuffle(&mut probes);
            ctx.s.decks.probes = probes;
            ctx.private(Faction::Rebel, EventKind::BaseChosen { system });
            ctx.note("The Rebels have hidden their base");
            start_first_round(ctx)
        }
        (step, a) => rise_of_the_empire::setup::act(ctx, step, &a),
    }
}

/// Moves starting units from the supply to a place.
pub(crate) fn place_units(
    ctx: &mut Ctx,
    f: Faction,
    remaining: &mut Units,
    place: Place,
    unit: UnitId,
    n: u8,
) {
    remaining.remove(unit, n);
    ctx.s.supply.get_mut(f).remove(unit, n);
    ctx.s.zone_mut(place).units.get_mut(f).add(unit, n);
    ctx.public(EventKind::UnitsMoved { faction: f, from: None, to: Some(place), unit, count: n });
}

/// Moves setup forward when no one needs to decide: after each placement is complete.
pub fn auto(ctx: &mut Ctx, step: SetupStep) -> Frames {
    match step {
        SetupStep::ImperialPlacement { remaining, expansion } if remaining.is_empty() => {
            ctx.public(EventKind::Phase { round: 0, phase: "Setup: Rebel placement".into() });
            vec![Frame::Setup(SetupStep::RebelPlacement {
                remaining: rise_of_the_empire::setup::starting_units(Faction::Rebel, expansion),
                system: None,
            })]
        }
        SetupStep::RebelPlacement { remaining, .. } if remaining.is_empty() => {
            vec![Frame::Setup(SetupStep::ChooseBase)]
        }
        SetupStep::ChooseBase => {
            // Unreachable in practice: the base choice always has options.
            start_first_round(ctx)
        }
        other => vec![Frame::Setup(other)],
    }
}

/// Begins round 1 once setup is complete; Immediate starting action cards (the rings of C-3PO
/// and R2-D2) are resolved first.
pub fn start_first_round(ctx: &mut Ctx) -> Frames {
    ctx.public(EventKind::Phase { round: ctx.s.round, phase: "Assignment Phase".into() });
    let mut frames = vec![Frame::Assignment(AssignmentPhase::of(Faction::Rebel))];
    for f in [Faction::Empire, Faction::Rebel] {
        for card in ctx.s.hands.get(f).actions.clone() {
            frames.extend(cards::actions::on_gain(ctx, f, card, None));
        }
    }
    frames
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A placement listing stands for the counts `1..=most` of each block: wherever a count
    /// may be placed, every smaller one may too.
    #[test]
    fn a_starting_placement_allowed_for_a_count_is_allowed_for_every_smaller_one() {
        let mut allowed = 0;
        for missing in 0..8 {
            for left in 0..16u32 {
                for (has_ground, ground) in [(false, false), (false, true), (true, false), (true, true)] {
                    // A placement system without a ground unit is an Imperial one, so counted in
                    // `missing` (the remote system's escort holds a stormtrooper).
                    if missing == 0 && !has_ground {
                        continue;
                    }
                    // Ground units placed come out of those left: never more than there are.
                    let most = if ground { left.min(12) as u8 } else { 12 };
                    for count in 2..=most {
                        if imperial_placement_ok(missing, left, has_ground, ground, count) {
                            allowed += 1;
                            assert!(imperial_placement_ok(missing, left, has_ground, ground, count - 1));
                        }
                    }
                }
            }
        }
        assert!(allowed > 100);
    }
}
