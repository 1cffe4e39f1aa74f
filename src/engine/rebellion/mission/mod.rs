//! Revealing and resolving missions: requirements, where they happen, opposition and dice.

pub mod windows;

use super::action::{Action, Target};
use super::cards::{self, CardRef, CardRun, DiceBonus};
use super::ctx::Ctx;
use super::error::{RuleError, illegal};
use super::event::EventKind;
use super::frame::{Decision, Frame, Frames, PromptKind};
use super::state::{Assignment, Place, State};
use crate::content::*;
pub use crate::engine::rebellion::frame::mission::{MissionRun, MissionStep};

/// The most dice one side rolls for a mission.
pub const MISSION_DICE_CAP: u32 = 10;

impl MissionRun {
    /// A mission just revealed by `faction` with its `leaders`, in `place` or against `target`:
    /// nobody has answered it yet. `captured_before` lists the leaders captured at the reveal.
    pub fn revealed(
        faction: Faction,
        mission: MissionId,
        leaders: Vec<LeaderId>,
        place: Option<Place>,
        target: Option<LeaderId>,
        captured_before: Vec<LeaderId>,
    ) -> MissionRun {
        MissionRun {
            faction,
            mission,
            leaders,
            place,
            target,
            step: MissionStep::Revealed,
            passed: vec![],
            dice: ByFaction::default(),
            set_faces: ByFaction::default(),
            bonus: 0,
            no_pool_opposition: false,
            fails: false,
            success: false,
            captured_before,
            rescues_answered: vec![],
            ring: None,
            green: ByFaction::default(),
            subversion_dice: 0,
            freed_by_capture: vec![],
        }
    }

    /// Whether die `i` of a side is green (the green dice come last).
    pub fn is_green(&self, side: Faction, i: usize) -> bool {
        i + *self.green.get(side) as usize >= self.dice.get(side).len()
    }
}

/// Skill icons of a leader that match this mission's skill, minor icons included (Rise of the
/// Empire: they count toward the requirement like the others): what revealing it requires.
pub fn matching_icons(s: &State, m: MissionId, l: LeaderId) -> u32 {
    let (ld, skill) = (catalog().leader(l), catalog().mission(m).skill as usize);
    let ring = super::victory::ring_minor_icons(s, l);
    (ld.skills[skill] + ld.minor_skills[skill] + ring[skill]) as u32
}

/// Icons of a leader that give dice in this mission — `(major, minor)`: the matching ones, or
/// every icon for a card that counts them all. Major icons roll red or black dice, minor icons
/// green ones. Counting them all changes the dice only, never whether the card can be revealed
/// (Rules Reference: Mission Cards).
pub fn dice_icons(s: &State, m: MissionId, l: LeaderId) -> (u32, u32) {
    let ld = catalog().leader(l);
    // A ring's minor icons (K-2SO) count like the leader's own.
    let ring = super::victory::ring_minor_icons(s, l);
    let minor: [u8; 4] = std::array::from_fn(|i| ld.minor_skills[i] + ring[i]);
    let sum = |icons: &[u8; 4]| icons.iter().map(|&x| x as u32).sum();
    if catalog().mission(m).count_all_skills {
        (sum(&ld.skills), sum(&minor))
    } else {
        let skill = catalog().mission(m).skill as usize;
        (ld.skills[skill] as u32, minor[skill] as u32)
    }
}

/// Whether the assigned leaders meet the mission's skill requirement (matching icons only).
pub fn requirement_met(s: &State, asg: &Assignment) -> bool {
    let need = catalog().mission(asg.mission).requirement as u32;
    asg.leaders.iter().map(|&l| matching_icons(s, asg.mission, l)).sum::<u32>() >= need
}

fn has_unit_of(s: &State, sys: SystemId, f: Faction, pred: impl Fn(&UnitDef) -> bool) -> bool {
    s.units(Place::System(sys), f).iter().any(|(u, _)| pred(catalog().unit(u)))
}

/// The systems that meet every one of `conditions`, bit `i` for `SystemId(i)`: what
/// [`system_ok`] says of each system, worked out one condition at a time for every system at
/// once (each Command Phase decision asks it of every system, for each mission that could be
/// revealed there).
pub fn systems_meeting_all(s: &State, conditions: &[TargetCondition]) -> u64 {
    let mut set = s.system_set();
    for cond in conditions {
        if set == 0 {
            break;
        }
        set &= systems_meeting(s, cond);
    }
    set
}

/// The systems that meet one condition (`system_ok`), bit `i` for `SystemId(i)`.
fn systems_meeting(s: &State, cond: &TargetCondition) -> u64 {
    use TargetCondition::*;
    fn each(s: &State, test: impl Fn(SystemId) -> bool) -> u64 {
        (0..s.systems().len()).fold(0u64, |set, i| if test(SystemId(i as u16)) { set | 1 << i } else { set })
    }
    // One loop per common condition with the condition fixed, so that `meets`, inlined,
    // is not matched again for every system.
    match cond {
        Populous => each(s, |x| meets(s, x, &Populous)),
        Remote => each(s, |x| meets(s, x, &Remote)),
        NoImperialUnit => each(s, |x| meets(s, x, &NoImperialUnit)),
        NoRebelUnit => each(s, |x| meets(s, x, &NoRebelUnit)),
        ContainsImperialUnit => each(s, |x| meets(s, x, &ContainsImperialUnit)),
        ContainsRebelUnit => each(s, |x| meets(s, x, &ContainsRebelUnit)),
        RebelSystem => each(s, |x| meets(s, x, &RebelSystem)),
        ImperialSystem => each(s, |x| meets(s, x, &ImperialSystem)),
        Subjugated => each(s, |x| meets(s, x, &Subjugated)),
        other => each(s, |x| meets(s, x, other)),
    }
}

/// Whether a system meets one mission condition.
pub fn system_ok(s: &State, sys: SystemId, cond: &TargetCondition) -> bool {
    meets(s, sys, cond)
}

/// `system_ok`, always inlined: `systems_meeting` fixes the condition for a loop over every
/// system, and the match below then folds away.
#[inline(always)]
fn meets(s: &State, sys: SystemId, cond: &TargetCondition) -> bool {
    use TargetCondition::*;
    let c = catalog();
    let st = s.sys(sys);
    let p = Place::System(sys);
    match cond {
        Populous => c.system(sys).populous && !st.destroyed,
        Remote => !c.system(sys).populous && !st.destroyed,
        ContainsImperialUnit => s.has_units(p, Faction::Empire),
        ContainsImperialShip => has_unit_of(s, sys, Faction::Empire, |u| u.theater == Theater::Space),
        NoImperialUnit => !s.has_units(p, Faction::Empire),
        NoRebelUnit => !s.has_units(p, Faction::Rebel),
        NoRebelGroundUnit => !s.has_ground(p, Faction::Rebel),
        Neutral => st.loyalty.is_none() && !st.subjugated,
        RebelLoyalty => st.loyalty == Some(Faction::Rebel),
        ContainsRebelUnit => s.has_units(p, Faction::Rebel),
        RebelSystem => s.is_rebel_system(sys),
        ImperialSystem => s.is_imperial_system(sys),
        ImperialLoyalty => st.loyalty == Some(Faction::Empire),
        Subjugated => st.subjugated,
        NoSabotageMarker => !st.sabotaged,
        Sabotaged => st.sabotaged,
        ContainsCapturedLeader => st.zone.leaders.rebel.iter().any(|l| s.is_captured(*l)),
        Named(x) => *x == sys,
        ContainsAny(units) => units.iter().any(|&u| s.units(p, Faction::Empire).count(u) > 0),
        HasIcon(icon) => c.system(sys).icons.contains(icon),
        NoRebelLoyalty => st.loyalty != Some(Faction::Rebel),
        SubjugatedOrRebelSystem => st.subjugated || s.is_rebel_system(sys),
        CapturedLeader | RebelLeaderOnBoard | LeaderSystemContainsImperialUnit => true,
    }
}

/// Whether a leader meets one "against a leader" condition.
pub fn leader_ok(s: &State, l: LeaderId, cond: &TargetCondition) -> bool {
    s.leader_place(l).is_some_and(|p| leader_ok_at(s, l, p, cond))
}

/// `leader_ok` for a leader known to stand in `p`.
fn leader_ok_at(s: &State, l: LeaderId, p: Place, cond: &TargetCondition) -> bool {
    use TargetCondition::*;
    match cond {
        CapturedLeader => s.is_captured(l),
        RebelLeaderOnBoard => s.leader_faction(l) == Faction::Rebel,
        LeaderSystemContainsImperialUnit => s.has_units(p, Faction::Empire),
        other => match p {
            Place::System(sys) => system_ok(s, sys, other),
            Place::BaseSpace => false,
        },
    }
}

/// Every legal target for revealing an assignment (empty if it cannot be revealed).
pub fn reveal_targets(s: &State, f: Faction, asg: &Assignment) -> Vec<Option<Target>> {
    let d = catalog().mission(asg.mission);
    // A card revealed in the opponent's opposition step is never revealed on its own (Rise of
    // the Empire: Subversion).
    if !requirement_met(s, asg) || cards::mission_behavior(asg.mission).opposes.is_some() {
        return vec![];
    }
    // Boba Fett? Where?: no Rebel *attempt* in the system he watches this round; a "resolve"
    // mission is not attempted (Rules Reference: Mission Cards, step 3; docs/cards.md).
    let locked = |x: SystemId| watched(s, f, d, x);
    match d.target {
        MissionTargetKind::System => super::state::systems_in(systems_meeting_all(s, &d.conditions))
            .filter(|&x| !locked(x))
            .map(|x| Some(Target::Place(Place::System(x))))
            .collect(),
        MissionTargetKind::RebelBaseSpace => vec![None],
        MissionTargetKind::AgainstLeader => {
            // Every leader's place in one walk over the board, each used for every condition.
            let places = s.leader_places();
            LeaderId::all()
                .filter(|&l| targetable(s, f, d, l))
                .filter_map(|l| Some((l, places.get(l)?)))
                .filter(|&(_, p)| p.system().is_some_and(|x| !locked(x)))
                .filter(|&(l, p)| d.conditions.iter().all(|c| leader_ok_at(s, l, p, c)))
                .map(|(l, _)| Some(Target::Leader(l)))
                .collect()
        }
        MissionTargetKind::None => vec![None],
    }
}

/// Whether Boba Fett? Where? forbids this mission in `x`: a Rebel mission that is attempted,
/// in the system he watches this round.
fn watched(s: &State, f: Faction, d: &MissionDef, x: SystemId) -> bool {
    f == Faction::Rebel && d.mode == MissionMode::Attempt && s.round_effects.locked.contains(&x)
}

/// Whether a leader may be the target of a mission "against a leader" of `f`: an enemy
/// leader, or a captive for a card against a captured leader. A captured leader is treated as
/// if it were not in its system (Rules Reference: Mission Cards), so no other card targets it.
fn targetable(s: &State, f: Faction, d: &MissionDef, l: LeaderId) -> bool {
    if s.is_captured(l) {
        d.conditions.contains(&TargetCondition::CapturedLeader)
    } else {
        s.leader_faction(l) != f
    }
}

/// Reveals a mission: takes it off the facedown pile and places its leaders.
pub fn start(ctx: &mut Ctx, f: Faction, mission: MissionId, target: Option<Target>) -> Frame {
    let asgs = ctx.s.assignments.get_mut(f);
    let i = asgs.iter().position(|a| a.mission == mission).expect("checked legal");
    let asg = asgs.remove(i);
    let d = catalog().mission(mission);
    let (place, leader) = match target {
        Some(Target::Place(p)) => (Some(p), None),
        Some(Target::Leader(l)) => (ctx.s.leader_place(l), Some(l)),
        None => match d.target {
            MissionTargetKind::RebelBaseSpace => (Some(ctx.s.base_place()), None),
            _ => (None, None),
        },
    };
    match place {
        Some(p) => {
            for &l in &asg.leaders {
                ctx.s.zone_mut(p).leaders.get_mut(f).push(l);
            }
        }
        None => ctx.s.leader_pool.get_mut(f).extend(asg.leaders.iter().copied()),
    }
    ctx.public(EventKind::MissionRevealed { faction: f, mission, place });
    Frame::Mission(Box::new(MissionRun::revealed(
        f,
        mission,
        asg.leaders,
        place,
        leader,
        ctx.s.captured.clone(),
    )))
}

/// Whether the mission can be opposed ("attempt").
pub fn is_attempt(run: &MissionRun) -> bool {
    catalog().mission(run.mission).mode == MissionMode::Attempt
}

/// The frame that carries out a successful mission's ability.
fn ability(run: &MissionRun) -> Frame {
    let effects = cards::mission_behavior(run.mission).effects.clone();
    let mut card = CardRun::new(CardRef::Mission(run.mission), run.faction, effects);
    card.here = run.place;
    card.leaders = run.leaders.clone();
    card.target = run.target;
    if cards::mission_behavior(run.mission).roll_unopposed {
        card.margin =
            Some(successes(run, run.faction).saturating_sub(successes(run, run.faction.opponent())));
    }
    Frame::Card(Box::new(card))
}

/// The frame that carries out what a card does when its attempt fails, if it says anything
/// (Rise of the Empire: Aggressive Negotiations).
fn on_failure(run: &MissionRun) -> Option<Frame> {
    let effects = cards::mission_behavior(run.mission).on_failure.clone();
    if effects.is_empty() {
        return None;
    }
    let mut card = CardRun::new(CardRef::Mission(run.mission), run.faction, effects);
    card.here = run.place;
    card.leaders = run.leaders.clone();
    card.target = run.target;
    Some(Frame::Card(Box::new(card)))
}

/// Whether the card goes back to its owner's hand rather than to a discard pile: a starting
/// mission always, an expansion card when it says so.
fn returns_to_hand(run: &MissionRun) -> bool {
    let back = match cards::mission_behavior(run.mission).returns_to_hand {
        Some(cards::ReturnWhen::Failed) => !run.success,
        Some(cards::ReturnWhen::TwoLeaders) => run.leaders.len() >= 2,
        None => false,
    };
    catalog().mission(run.mission).starting || back
}

/// The mission's pending decision.
pub fn decision(s: &State, run: &MissionRun) -> Option<Decision> {
    match run.step {
        MissionStep::Oppose => {
            let opp = run.faction.opponent();
            // Misdirection and Blindside: no leader from the pool may oppose.
            let pool = !(run.no_pool_opposition
                || run.leaders.iter().any(|l| s.round_effects.unopposable.contains(l)));
            let subversion = windows::subversion_open(s, run);
            if !pool && !subversion {
                return None;
            }
            let mut actions: Vec<Action> = if pool {
                s.leader_pool.get(opp).iter().map(|&leader| Action::Oppose { leader }).collect()
            } else {
                vec![]
            };
            if subversion {
                actions.extend(windows::subversions(s, run));
            }
            actions.push(Action::Done);
            // Facedown cards are secret: while one could be a Subversion, the seat is asked
            // whatever it holds.
            Some(Decision::new(opp, PromptKind::Oppose, actions).always_asked(subversion))
        }
        _ => windows::decision(s, run),
    }
}

/// Applies a mission decision. At the opposition step it refuses only actions the decision
/// never offers, so `apply` changes the state in place there.
pub fn act(ctx: &mut Ctx, mut run: Box<MissionRun>, a: Action) -> Result<Frames, RuleError> {
    match (run.step, a) {
        (MissionStep::Oppose, Action::Oppose { leader }) => {
            let opp = run.faction.opponent();
            ctx.s.leader_pool.get_mut(opp).retain(|&l| l != leader);
            if let Some(p) = run.place {
                ctx.s.zone_mut(p).leaders.get_mut(opp).push(leader);
                ctx.public(EventKind::LeaderPlaced { leader, place: p });
            }
            run.step = MissionStep::BeforeDice;
            Ok(vec![Frame::Mission(run)])
        }
        (MissionStep::Oppose, Action::Reveal { mission, target: None })
            if windows::subversions(ctx.s, &run).contains(&Action::Reveal { mission, target: None }) =>
        {
            windows::subvert(ctx, &mut run, mission);
            Ok(vec![Frame::Mission(run)])
        }
        (MissionStep::Oppose, Action::Done) => {
            run.step = MissionStep::BeforeDice;
            Ok(vec![Frame::Mission(run)])
        }
        (MissionStep::Oppose, a) => {
            Err(illegal("Mission Cards", format!("`{}` is not possible now", a.command())))
        }
        (_, a) => windows::act(ctx, run, a),
    }
}

/// Whether a side has a leader taking part in the mission (so it rolls, or opposes).
pub fn takes_part(s: &State, run: &MissionRun, side: Faction) -> bool {
    dice_for(s, run, side).2
}

/// How many dice a side rolls for the mission now, green ones included (0 when it does not
/// take part).
pub fn dice_count(s: &State, run: &MissionRun, side: Faction) -> u32 {
    let (normal, green) = dice_split(s, run, side);
    normal + green
}

/// How many red or black dice and how many green dice a side rolls for the mission now (none
/// when the opponent does not take part).
pub fn dice_split(s: &State, run: &MissionRun, side: Faction) -> (u32, u32) {
    if !takes_part(s, run, run.faction.opponent()) {
        return (0, 0);
    }
    let (normal, green, _) = dice_for(s, run, side);
    (normal, green)
}

/// Dice a side rolls — red or black, green, and whether it takes part: its leaders' matching
/// icons (plus card bonuses) give red or black dice, at most 10; their minor icons green ones,
/// at most the green-dice limit.
fn dice_for(s: &State, run: &MissionRun, side: Faction) -> (u32, u32, bool) {
    let Some(p) = run.place else { return (0, 0, false) };
    let mut leaders = s.active_leaders(p, side);
    if let Some(t) = run.target
        && s.is_captured(t)
        && s.leader_faction(t) == side
        && !leaders.contains(&t)
    {
        leaders.push(t);
    }
    let present = !leaders.is_empty();
    let (mut n, mut green) = (0, 0);
    for &l in &leaders {
        let (major, minor) = dice_icons(s, run.mission, l);
        n += major;
        green += minor;
    }
    if side == run.faction {
        n += extra_dice(s, run);
    } else {
        n += run.subversion_dice as u32;
    }
    (n.min(MISSION_DICE_CAP), green.min(catalog().green_dice_limit as u32), present)
}

/// Extra dice the revealing player's card gives.
fn extra_dice(s: &State, run: &MissionRun) -> u32 {
    let bonus = |b: &DiceBonus| match b.when {
        cards::DiceCondition::OwnUnitHere => run.place.is_some_and(|p| s.has_units(p, run.faction)),
    };
    cards::mission_behavior(run.mission).dice.iter().filter(|b| bonus(b)).map(|b| b.extra as u32).sum()
}

/// Extra successes a card promised these leaders for their next mission this round
/// (Contingency Plan), used up now.
fn take_bonus(ctx: &mut Ctx, leaders: &[LeaderId]) -> u32 {
    let bonus = &mut ctx.s.round_effects.bonus;
    let n = bonus.iter().filter(|(l, _)| leaders.contains(l)).map(|(_, n)| *n as u32).sum();
    bonus.retain(|(l, _)| !leaders.contains(l));
    n
}

/// Runs the automatic mission steps: windows nobody uses, the roll, the result, the ability
/// and the end.
pub fn auto(ctx: &mut Ctx, mut run: Box<MissionRun>) -> Frames {
    let next = match run.step {
        MissionStep::Revealed if is_attempt(&run) => MissionStep::Oppose,
        // Rules Reference, Revealing a Mission: a resolved mission skips to Mission Success, so
        // it is a successful mission for what answers one (Son of Skywalker, the Millennium
        // Falcon).
        MissionStep::Revealed => {
            run.success = true;
            MissionStep::Effect
        }
        MissionStep::Oppose => MissionStep::BeforeDice,
        MissionStep::BeforeDice => MissionStep::Roll,
        MissionStep::Roll => {
            roll(ctx, &mut run);
            MissionStep::Dice
        }
        MissionStep::Dice => MissionStep::Result,
        MissionStep::Result => {
            // The dice, when they decided it: both sides' successes, so the channel reads why.
            let rolled = Faction::BOTH.iter().any(|&f| !run.dice.get(f).is_empty());
            let tally =
                rolled.then(|| (successes(&run, run.faction), successes(&run, run.faction.opponent())));
            ctx.public(EventKind::MissionResult { mission: run.mission, success: run.success, tally });
            if !run.success
                && let Some(card) = on_failure(&run)
            {
                run.step = MissionStep::After;
                run.passed.clear();
                return vec![Frame::Mission(run), card];
            }
            if run.success { MissionStep::Effect } else { MissionStep::After }
        }
        MissionStep::Effect => {
            run.step = MissionStep::After;
            run.passed.clear();
            let card = ability(&run);
            return vec![Frame::Mission(run), card];
        }
        MissionStep::After => MissionStep::Finish,
        MissionStep::Finish => {
            let d = catalog().mission(run.mission);
            let f = run.faction;
            if returns_to_hand(&run) {
                ctx.s.hands.get_mut(f).missions.push(run.mission);
            } else if d.project {
                ctx.s.decks.project_discard.push(run.mission);
            } else {
                ctx.s.decks.mission_discard.get_mut(f).push(run.mission);
            }
            return vec![];
        }
    };
    run.step = next;
    run.passed.clear();
    vec![Frame::Mission(run)]
}

/// Step 5: rolls both sides' dice (faces set by cards take the place of dice), or finds the
/// mission unopposed (or failed by a card before any roll).
fn roll(ctx: &mut Ctx, run: &mut MissionRun) {
    if run.fails {
        run.success = false;
        ctx.note(format_args!("{} fails before any dice are rolled", run.mission.name()));
        return;
    }
    // Rise of the Empire: a card that works with its margin of successes rolls unopposed too.
    let rolls_anyway = cards::mission_behavior(run.mission).roll_unopposed;
    if !rolls_anyway && !takes_part(ctx.s, run, run.faction.opponent()) {
        ctx.note(format_args!("{} is unopposed", run.mission.name()));
        run.success = true;
        return;
    }
    let portrait = catalog().mission(run.mission).portrait;
    run.bonus = if portrait.is_some_and(|p| run.leaders.contains(&p)) { 2 } else { 0 };
    run.bonus += take_bonus(ctx, &run.leaders);
    for side in [run.faction, run.faction.opponent()] {
        let (n, green, _) = dice_for(ctx.s, run, side);
        let n = n as usize;
        let mut faces: Vec<DieFace> = run.set_faces.get(side).iter().copied().take(n).collect();
        faces.extend(ctx.roll(side, n - faces.len()));
        faces.extend(ctx.roll_green(side, green as usize));
        *run.dice.get_mut(side) = faces;
        *run.green.get_mut(side) = green as u8;
    }
    announce_dice(ctx, run);
    run.success = successes(run, run.faction) > successes(run, run.faction.opponent());
}

/// Successes a side has now: its dice, plus the revealer's bonus.
pub fn successes(run: &MissionRun, side: Faction) -> u32 {
    let dice: u32 = run.dice.get(side).iter().map(|f| f.mission_successes()).sum();
    dice + if side == run.faction { run.bonus } else { 0 }
}

/// Tells everyone the dice of both sides and their successes.
pub fn announce_dice(ctx: &mut Ctx, run: &MissionRun) {
    for side in [run.faction, run.faction.opponent()] {
        let n = successes(run, side);
        let successes = if n == 1 { "1 success".to_string() } else { format!("{n} successes") };
        let purpose = match (side == run.faction, *run.green.get(side)) {
            (true, 0) => format!("{} ({successes})", run.mission.name()),
            (false, 0) => format!("opposing ({successes})"),
            (true, g) => format!("{} ({successes}; the last {g} green)", run.mission.name()),
            (false, g) => format!("opposing ({successes}; the last {g} green)"),
        };
        ctx.public(EventKind::DiceRolled { faction: side, purpose, faces: run.dice.get(side).clone() });
    }
}

/// Explains why a mission cannot be revealed as asked.
pub fn explain(s: &State, f: Faction, asg: &Assignment, target: Option<Target>) -> RuleError {
    let d = catalog().mission(asg.mission);
    if let Some(Target::Place(Place::System(x))) = target
        && watched(s, f, d, x)
    {
        return illegal(
            "Action Cards",
            format!("Boba Fett watches {} this round: Rebel leaders cannot attempt missions there", x.name()),
        );
    }
    if !requirement_met(s, asg) {
        return illegal(
            "Mission Cards",
            format!(
                "the leaders on {} do not have enough {:?} icons ({} needed)",
                d.name, d.skill, d.requirement
            ),
        );
    }
    if let Some(Target::Leader(l)) = target
        && s.is_captured(l)
        && !targetable(s, f, d, l)
    {
        return illegal(
            "Captured Leaders",
            format!(
                "{} is captured: it counts as not being in its system, so {} cannot target it",
                l.name(),
                d.name
            ),
        );
    }
    let targets = reveal_targets(s, f, asg);
    if targets.is_empty() {
        return illegal("Mission Cards", format!("{} has no legal place to be resolved now", d.name));
    }
    illegal("Mission Cards", format!("that is not a legal target for {}: {}", d.name, d.text))
}
