//! The windows of a mission where action cards and rings answer it: right after the reveal,
//! before the dice, after the dice, at the result and after the ability. A window asks a player
//! who has a ring that acts there or could hold a card that answers it as far as public facts
//! tell (`asking.rs`) — the revealing player first (Rules Reference, Action Cards: the current
//! player resolves first) — and closes when everyone asked is done.

use super::{MissionRun, MissionStep, announce_dice, dice_count, is_attempt, successes};
use crate::content::*;
use crate::engine::rebellion::action::{Action, Pick};
use crate::engine::rebellion::asking;
use crate::engine::rebellion::cards;
use crate::engine::rebellion::cards::Trigger;
use crate::engine::rebellion::cards::actions::usable_run;
use crate::engine::rebellion::cards::actions::{self, Moment};
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::error::RuleError;
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::frame::{Decision, Frame, Frames, PromptKind};
use crate::engine::rebellion::state::{Ring, State};
use crate::engine::rebellion::victory;

/// The triggers a faction's cards may answer at the mission's current step.
fn triggers(s: &State, run: &MissionRun, f: Faction) -> impl Iterator<Item = Trigger> {
    let opp = run.faction.opponent();
    // At most four, kept in place: asked at every step of every mission, for both sides.
    let mut list = [None; 4];
    let mut n = 0;
    let mut t = |trigger: Trigger| {
        list[n] = Some(trigger);
        n += 1;
    };
    match run.step {
        MissionStep::Revealed if f == run.faction && is_attempt(run) => t(Trigger::OwnReveal),
        MissionStep::BeforeDice if is_attempt(run) && !run.fails => {
            if f == opp {
                t(Trigger::EnemyAttempt);
            }
            if dice_count(s, run, f) > 0 && run.set_faces.get(f).is_empty() {
                t(Trigger::DiceRoll);
            }
        }
        MissionStep::After => {
            if f == run.faction && run.success {
                t(Trigger::OwnMissionSucceeded);
            }
            if f == opp && !rescued(s, run).is_empty() {
                t(Trigger::AfterRescue);
            }
            if is_attempt(run) && !run.success && s.has_set(ContentSet::RiseOfTheEmpire) {
                t(Trigger::MissionFailed);
            }
            if newly_captured(s, run, f).is_some() {
                t(Trigger::LeaderCaptured);
            }
        }
        _ => {}
    }
    list.into_iter().flatten()
}

/// Leaders captured when the mission was revealed and free now (rescued by it), but for those
/// whose rescue was already answerable right after it (`rescues_answered`).
fn rescued(s: &State, run: &MissionRun) -> Vec<LeaderId> {
    run.captured_before
        .iter()
        .copied()
        .filter(|l| !s.is_captured(*l) && !s.eliminated.contains(l) && !run.rescues_answered.contains(l))
        .collect()
}

/// A leader of `f` captured since the mission was revealed.
fn newly_captured(s: &State, run: &MissionRun, f: Faction) -> Option<LeaderId> {
    s.captured.iter().copied().find(|l| !run.captured_before.contains(l) && catalog().leader(*l).faction == f)
}

fn moment(s: &State, run: &MissionRun, f: Faction, trigger: Trigger) -> Moment {
    Moment::Trigger {
        trigger,
        place: run.place,
        mission_leaders: run.leaders.clone(),
        captured: newly_captured(s, run, f),
    }
}

/// The cards a faction can use at this window, each with the trigger it answers.
fn cards(s: &State, run: &MissionRun, f: Faction) -> Vec<(ActionCardId, Trigger)> {
    let mut out: Vec<(ActionCardId, Trigger)> = vec![];
    for t in triggers(s, run, f) {
        for card in actions::usable(s, f, &moment(s, run, f, t)) {
            if !out.iter().any(|(c, _)| *c == card) {
                out.push((card, t));
            }
        }
    }
    out
}

/// The leaders of `f` whose rings can act at this window.
fn rings(s: &State, run: &MissionRun, f: Faction) -> Vec<LeaderId> {
    let here = |l: LeaderId| {
        run.place.is_some() && s.leader_place(l) == run.place && !s.is_captured(l) && s.leader_faction(l) == f
    };
    let bearer = |r: Ring| s.ring_bearer(r).filter(|&l| here(l));
    let opp = f.opponent();
    let mut out = vec![];
    match run.step {
        MissionStep::Dice => {
            if run.dice.get(opp).iter().any(|&d| d != DieFace::Blank) {
                out.extend(bearer(Ring::R2d2));
            }
            if !run.dice.get(f).is_empty() && !s.round_effects.yoda_used {
                out.extend(bearer(Ring::Yoda));
            }
        }
        MissionStep::Result => {
            let diplomacy = catalog().mission(run.mission).skill == Skill::Diplomacy;
            if f == run.faction && !run.success && !run.fails && diplomacy {
                out.extend(bearer(Ring::C3po));
            }
        }
        MissionStep::After if f == run.faction && run.success && !captives_here(s, run, f).is_empty() => {
            out.extend(bearer(Ring::MillenniumFalcon));
        }
        _ => {}
    }
    out
}

/// The captured leaders of `f` in the mission's system (whom the Millennium Falcon can rescue).
fn captives_here(s: &State, run: &MissionRun, f: Faction) -> Vec<LeaderId> {
    run.place
        .map_or(vec![], |p| s.zone(p).leaders.get(f).iter().copied().filter(|l| s.is_captured(*l)).collect())
}

/// What a ring in use waits for: R2-D2 turns one of the opponent's dice blank, Master Yoda
/// rerolls one of the bearer's own (the die), the Millennium Falcon rescues one captive here
/// (the leader).
fn ring_options(s: &State, run: &MissionRun, f: Faction, ring: Ring) -> Vec<Action> {
    if ring == Ring::MillenniumFalcon {
        return captives_here(s, run, f)
            .into_iter()
            .map(|leader| Action::Pick(Pick::Leader { leader }))
            .collect();
    }
    let (side, skip_blank) = if ring == Ring::R2d2 { (f.opponent(), true) } else { (f, false) };
    run.dice
        .get(side)
        .iter()
        .enumerate()
        .filter(|(_, d)| !skip_blank || **d != DieFace::Blank)
        .map(|(i, _)| Action::Pick(Pick::Die { die: i as u8 }))
        .collect()
}

fn ring_owner(s: &State, ring: Ring) -> Faction {
    s.ring_bearer(ring).map_or(Faction::Rebel, |l| s.leader_faction(l))
}

fn dice_text(run: &MissionRun, side: Faction) -> String {
    let green = |i: usize| if run.is_green(side, i) { " (green)" } else { "" };
    let faces: Vec<String> = run
        .dice
        .get(side)
        .iter()
        .enumerate()
        .map(|(i, d)| format!("{i} {}{}", d.label(), green(i)))
        .collect();
    format!("{} dice by number: {}", side.name(), faces.join(", "))
}

/// Whether `f` gets this window: a ring of theirs acts here, or they could hold a card that
/// answers one of its moments as far as public facts tell.
fn window_open(s: &State, run: &MissionRun, f: Faction) -> bool {
    !rings(s, run, f).is_empty()
        || triggers(s, run, f).into_iter().any(|t| asking::action_window(s, f, &moment(s, run, f, t)))
}

/// The decision of the current window, if it opens for anyone.
pub fn decision(s: &State, run: &MissionRun) -> Option<Decision> {
    if let Some(ring) = run.ring {
        let f = ring_owner(s, ring);
        let mut d = Decision::new(f, PromptKind::CardChoice, ring_options(s, run, f, ring));
        if ring == Ring::MillenniumFalcon {
            d.context.push(format!("{}: pick the captive to rescue", ring.name()));
        } else {
            d.context.push(format!("{}: pick the die", ring.name()));
            d.context.push(dice_text(run, if ring == Ring::R2d2 { f.opponent() } else { f }));
        }
        return Some(d);
    }
    for f in [run.faction, run.faction.opponent()] {
        if run.passed.contains(&f) || !window_open(s, run, f) {
            continue;
        }
        let cards = cards(s, run, f);
        let rings = rings(s, run, f);
        let mut actions: Vec<Action> = cards.iter().map(|&(card, _)| Action::PlayAction { card }).collect();
        actions.extend(rings.iter().map(|&leader| Action::UseRing { leader }));
        actions.push(Action::Done);
        let mut d = Decision::new(f, PromptKind::Respond, actions).always_asked(true);
        d.context.push(format!("{} ({})", run.mission.name(), run.faction));
        if !run.dice.get(Faction::Rebel).is_empty() || !run.dice.get(Faction::Empire).is_empty() {
            d.context.push(format!(
                "successes: {} {} – {} {}",
                run.faction,
                successes(run, run.faction),
                run.faction.opponent(),
                successes(run, run.faction.opponent())
            ));
        }
        return Some(d);
    }
    None
}

/// Applies a window decision: use a card or a ring, pick a ring's die, or be done.
pub fn act(ctx: &mut Ctx, mut run: Box<MissionRun>, a: Action) -> Result<Frames, RuleError> {
    // What a card can do is judged with the mission on the stack, as its effects act on it.
    ctx.s.stack.push(Frame::Mission(run.clone()));
    let d = decision(ctx.s, &run);
    let played = match a {
        Action::PlayAction { card } => cards(ctx.s, &run, run_seat(&d)).into_iter().find(|(c, _)| *c == card),
        _ => None,
    };
    ctx.s.stack.pop();
    let d = d.ok_or_else(|| wrong(&a))?;
    if !d.actions.contains(&a) {
        return Err(wrong(&a));
    }
    let f = d.seat;
    match a {
        Action::PlayAction { card } => {
            let (_, trigger) = played.ok_or_else(|| wrong(&a))?;
            let m = moment(ctx.s, &run, f, trigger);
            // Others may answer what the card does.
            run.passed.clear();
            // The mission is back on the stack first: the card's effects act on it.
            ctx.s.stack.push(Frame::Mission(run));
            let card_run = usable_run(ctx.s, f, card, &m).ok_or_else(|| wrong(&a))?;
            Ok(vec![actions::play(ctx, f, card, card_run)])
        }
        Action::UseRing { leader } => {
            let ring = ctx.s.ring(leader).ok_or_else(|| wrong(&a))?;
            match ring {
                Ring::R2d2 | Ring::Yoda => run.ring = Some(ring),
                Ring::C3po => {
                    discard_ring(ctx, leader, ring);
                    run.success = true;
                    ctx.note(format_args!("{}'s failure becomes a success (C-3PO)", run.mission.name()));
                }
                // The captive to rescue is picked next (a forced pick when there is one).
                Ring::MillenniumFalcon => run.ring = Some(ring),
                Ring::Carbonite | Ring::LureOfTheDarkSide | Ring::K2so | Ring::Bounty => {
                    return Err(wrong(&a));
                }
            }
            Ok(vec![Frame::Mission(run)])
        }
        Action::Pick(Pick::Leader { leader }) => {
            if run.ring != Some(Ring::MillenniumFalcon) || !captives_here(ctx.s, &run, f).contains(&leader) {
                return Err(wrong(&a));
            }
            run.ring = None;
            if let Some(bearer) = ctx.s.ring_bearer(Ring::MillenniumFalcon) {
                discard_ring(ctx, bearer, Ring::MillenniumFalcon);
            }
            victory::rescue(ctx, leader);
            run.passed.clear();
            Ok(vec![Frame::Mission(run)])
        }
        Action::Pick(Pick::Die { die }) => {
            let ring = run.ring.take().ok_or_else(|| wrong(&a))?;
            let side = if ring == Ring::R2d2 { f.opponent() } else { f };
            let i = die as usize;
            if ring == Ring::R2d2 {
                run.dice.get_mut(side)[i] = DieFace::Blank;
                if let Some(l) = ctx.s.ring_bearer(ring) {
                    discard_ring(ctx, l, ring);
                }
            } else {
                // A green die is rerolled as a green die.
                let face =
                    if run.is_green(side, i) { ctx.roll_green(side, 1)[0] } else { ctx.roll(side, 1)[0] };
                run.dice.get_mut(side)[i] = face;
                ctx.s.round_effects.yoda_used = true;
            }
            ctx.note(format_args!("{} changes a die", ring.name()));
            announce_dice(ctx, &run);
            run.success = successes(&run, run.faction) > successes(&run, run.faction.opponent());
            run.passed.clear();
            Ok(vec![Frame::Mission(run)])
        }
        Action::Done => {
            run.passed.push(f);
            Ok(vec![Frame::Mission(run)])
        }
        other => Err(wrong(&other)),
    }
}

fn run_seat(d: &Option<Decision>) -> Faction {
    d.as_ref().map_or(Faction::Rebel, |d| d.seat)
}

/// A ring used up leaves its leader (Rules Reference, Attachment Rings).
fn discard_ring(ctx: &mut Ctx, l: LeaderId, ring: Ring) {
    ctx.s.rings.remove(&l);
    ctx.public(crate::engine::rebellion::event::EventKind::LeaderChange {
        leader: l,
        what: format!("uses up the {} ring", ring.name()),
    });
}

fn wrong(a: &Action) -> RuleError {
    crate::engine::rebellion::error::illegal(
        "Mission Cards",
        format!("`{}` is not possible at this point of the mission", a.command()),
    )
}

/// Whether the opposing side may still reveal a Subversion in this mission's opposition step,
/// as far as its opponent can tell: the match has the expansion, none was revealed in this
/// mission, and it has a facedown card (which could be one).
pub fn subversion_open(s: &State, run: &MissionRun) -> bool {
    s.has_set(ContentSet::RiseOfTheEmpire)
        && run.subversion_dice == 0
        && run.place.is_some()
        && !s.assignments.get(run.faction.opponent()).is_empty()
}

/// The opposing side's facedown cards it may reveal now (Subversion), as `reveal` actions.
pub fn subversions(s: &State, run: &MissionRun) -> Vec<Action> {
    if !subversion_open(s, run) {
        return vec![];
    }
    let mut out: Vec<Action> = vec![];
    for asg in s.assignments.get(run.faction.opponent()) {
        let a = Action::Reveal { mission: asg.mission, target: None };
        let fits = cards::mission_behavior(asg.mission).opposes.is_some() && super::requirement_met(s, asg);
        if fits && !out.contains(&a) {
            out.push(a);
        }
    }
    out
}

/// Reveals a Subversion in the opposition step: its leaders move into the mission's system and
/// oppose, the opposition rolls its extra dice, and the card is discarded. The step stays open:
/// a leader from the pool may still be sent (the card's clarifications).
pub fn subvert(ctx: &mut Ctx, run: &mut MissionRun, mission: MissionId) {
    let opp = run.faction.opponent();
    let asgs = ctx.s.assignments.get_mut(opp);
    let Some(i) = asgs.iter().position(|a| a.mission == mission) else { return };
    let asg = asgs.remove(i);
    ctx.public(EventKind::MissionRevealed { faction: opp, mission, place: run.place });
    if let Some(p) = run.place {
        for &l in &asg.leaders {
            ctx.s.zone_mut(p).leaders.get_mut(opp).push(l);
            ctx.public(EventKind::LeaderPlaced { leader: l, place: p });
        }
    }
    ctx.s.decks.mission_discard.get_mut(opp).push(mission);
    let extra = cards::mission_behavior(mission).opposes.map_or(0, |o| o.extra_dice);
    // At least 1 marks the card as used, so no second one is revealed.
    run.subversion_dice = extra.max(1);
}
