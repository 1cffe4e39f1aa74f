//! Where leaders go and what they become, for the leaders family (split from `leaders` to keep
//! files small): the closest system, taking a captive there, the opponent's answer right
//! after a rescue and rescuers going along, a leader turned to the Empire (Lure of the Dark
//! Side), Luke Skywalker becoming a Jedi (Seek Yoda); and the option and name lists it uses.
//! The ring and capture rules themselves are in `victory` (`attach_ring`, `capture`,
//! `rescue_to`), so every path obeys them.

use std::collections::VecDeque;

use super::actions::{self, Moment};
use super::catalog::Trigger;
use super::leaders::{Bearer, Pending, Rescuers};
use super::run::{CardRun, Next};
use crate::content::*;
use crate::engine::rebellion::action::{Action, Pick};
use crate::engine::rebellion::asking;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::frame::{Decision, Frame, PromptKind};
use crate::engine::rebellion::mission::system_ok;
use crate::engine::rebellion::state::{Place, State};
use crate::engine::rebellion::victory;

/// Whether a leader stands on the board (a system or the Rebel Base space).
pub(super) fn on_board(s: &State, l: LeaderId) -> bool {
    s.leader_place(l).is_some()
}

/// The captured leaders in the ability's place.
pub(super) fn captives_here(s: &State, run: &CardRun) -> Vec<LeaderId> {
    let Some(p) = run.here else { return vec![] };
    s.zone(p).leaders.rebel.iter().copied().filter(|&l| s.is_captured(l)).collect()
}

/// Every leader a faction controls and could protect: in its pool, on the board (not captured)
/// or on a facedown mission.
pub(super) fn own_leaders(s: &State, f: Faction) -> Vec<LeaderId> {
    let mut out: Vec<LeaderId> = s.leader_pool.get(f).clone();
    for p in s.places() {
        out.extend(s.active_leaders(p, f));
    }
    for a in s.assignments.get(f) {
        out.extend(a.leaders.iter().copied());
    }
    out.sort();
    out.dedup();
    out
}

/// The leaders who may receive a ring: the target, or the leaders using the card.
pub(super) fn bearers(s: &State, run: &CardRun, to: Bearer) -> Vec<LeaderId> {
    match to {
        Bearer::Target => run.target.filter(|&l| on_board(s, l)).into_iter().collect(),
        Bearer::Using => {
            run.leaders.iter().copied().filter(|&l| on_board(s, l) && !s.is_captured(l)).collect()
        }
    }
}

/// The systems meeting `requires` that are fewest moves from `from` (Rules Reference, Systems:
/// "closest" counts moves between adjacent systems; `from` itself is 0 moves away).
pub fn closest(s: &State, from: SystemId, requires: &[TargetCondition]) -> Vec<SystemId> {
    let c = catalog();
    let mut dist: Vec<Option<u32>> = vec![None; c.systems.len()];
    dist[from.0 as usize] = Some(0);
    let mut queue = VecDeque::from([from]);
    let mut best: Option<u32> = None;
    let mut out = vec![];
    while let Some(x) = queue.pop_front() {
        let d = dist[x.0 as usize].expect("queued systems have a distance");
        if best.is_some_and(|b| d > b) {
            break;
        }
        if requires.iter().all(|r| system_ok(s, x, r)) {
            best = Some(d);
            out.push(x);
        }
        for &y in &c.system(x).adjacent {
            if dist[y.0 as usize].is_none() {
                dist[y.0 as usize] = Some(d + 1);
                queue.push_back(y);
            }
        }
    }
    out.sort();
    out
}

/// Moves the target and the leaders using the card to `to`, then captures the target there
/// (capturing last, so the captive is never left where no Imperial unit guards it).
pub(super) fn take_captive(ctx: &mut Ctx, run: &CardRun, to: SystemId) {
    let Some(l) = run.target else { return };
    let dest = Place::System(to);
    let mut moving = vec![l];
    moving.extend(run.leaders.iter().copied().filter(|&x| on_board(ctx.s, x)));
    for x in moving {
        let f = ctx.s.leader_faction(x);
        if let Some(p) = ctx.s.leader_place(x)
            && p != dest
        {
            ctx.s.zone_mut(p).leaders.get_mut(f).retain(|&y| y != x);
            ctx.s.zone_mut(dest).leaders.get_mut(f).push(x);
            ctx.public(EventKind::LeaderPlaced { leader: x, place: dest });
        }
    }
    victory::capture(ctx, l);
}

/// Rescues a captive for the card (recorded in `run.rescued`), then lets the opponent answer
/// the rescue with a card, then asks which rescuers go along when they may.
///
/// The answer (It Is Your Destiny: "right after a leader has been rescued") comes before the
/// rescuers' move to the Rebel Base space, which the Rules Reference lists after the rescue
/// (Rescuing Captured Leaders); both can be followed, so both are (The Golden Rules). The
/// mission records that its rescue had this moment, so its later windows do not offer it again.
pub(super) fn rescue(ctx: &mut Ctx, run: &mut CardRun, l: LeaderId, rescuers: Rescuers) -> Next {
    victory::rescue(ctx, l);
    run.rescued.push(l);
    if let Some(m) = ctx.s.mission_mut() {
        m.rescues_answered.push(l);
    }
    let left: Vec<LeaderId> = match (rescuers, run.here) {
        (Rescuers::MayFollow, Some(here)) => run
            .leaders
            .iter()
            .copied()
            .filter(|&x| ctx.s.active_leaders(here, run.faction).contains(&x))
            .collect(),
        _ => vec![],
    };
    // Asked when the opponent could hold a card that answers the rescue as far as public
    // facts tell, not only when it holds one (`asking.rs`).
    if asking::action_window(ctx.s, run.faction.opponent(), &rescue_moment(run)) {
        return Next::Wait(super::Pending::Leaders(Pending::AnswerRescue { left }));
    }
    follow_next(left)
}

/// The rescuers still to choose whether they go along (none: the effect is over).
pub(super) fn follow_next(left: Vec<LeaderId>) -> Next {
    if left.is_empty() { Next::Done } else { Next::Wait(super::Pending::Leaders(Pending::Follow { left })) }
}

/// The moment right after this card's rescue, for the opponent's cards that answer it.
fn rescue_moment(run: &CardRun) -> Moment {
    Moment::Trigger {
        trigger: Trigger::AfterRescue,
        place: run.here,
        mission_leaders: run.leaders.clone(),
        captured: None,
    }
}

/// The opponent's cards usable right after this card's rescue.
pub(super) fn rescue_answers(s: &State, run: &CardRun) -> Vec<ActionCardId> {
    actions::usable(s, run.faction.opponent(), &rescue_moment(run))
}

/// The opponent's choice right after the rescue: one of its usable cards, or `done` (asked
/// even with nothing usable: the window opened from public facts).
pub(super) fn answer_decision(s: &State, run: &CardRun) -> Option<Decision> {
    let cards = rescue_answers(s, run);
    let mut actions: Vec<Action> = cards.into_iter().map(|card| Action::PlayAction { card }).collect();
    actions.push(Action::Done);
    let mut d = Decision::new(run.faction.opponent(), PromptKind::Respond, actions).always_asked(true);
    d.context.push(format!("{}: a leader has just been rescued", run.card.name()));
    Some(d)
}

/// Uses the opponent's answering card: its ability runs first, then the rescuers in `left`
/// still not captured may go along (the run waits on that choice under the card).
pub(super) fn answer(
    ctx: &mut Ctx,
    run: &mut CardRun,
    card: ActionCardId,
    left: Vec<LeaderId>,
) -> Option<Next> {
    let opp = run.faction.opponent();
    let card_run = actions::usable_run(ctx.s, opp, card, &rescue_moment(run))?;
    let frame = actions::play(ctx, opp, card, card_run);
    run.pending = match follow_next(left) {
        Next::Wait(p) => Some(p),
        _ => None,
    };
    Some(Next::Push(frame))
}

/// The rescuers who may still go along: a rescuer captured meanwhile cannot be moved by the
/// Rebels (Rules Reference, Captured Leaders).
pub(super) fn followers(s: &State, left: &[LeaderId]) -> Vec<LeaderId> {
    left.iter().copied().filter(|&l| !s.is_captured(l)).collect()
}

/// Moves one rescuer from the mission's system to the Rebel base (Rules Reference, Rescuing
/// Captured Leaders: the leaders of the mission may go along).
pub(super) fn follow(ctx: &mut Ctx, run: &CardRun, leader: LeaderId) {
    if let Some(p) = ctx.s.leader_place(leader) {
        ctx.s.zone_mut(p).leaders.get_mut(run.faction).retain(|&x| x != leader);
    }
    let to = ctx.s.base_place();
    ctx.s.zone_mut(to).leaders.get_mut(run.faction).push(leader);
    ctx.public(EventKind::LeaderPlaced { leader, place: to });
}

/// The Empire controls a Rebel leader for the rest of the game: it is no longer captured and
/// moves to the Imperial lists of wherever it is (zone or pool), so it returns to the Imperial
/// pool at the next retrieval.
pub(super) fn turn(ctx: &mut Ctx, l: LeaderId) {
    ctx.s.captured.retain(|&x| x != l);
    let places: Vec<_> = ctx.s.places().collect();
    for p in places {
        let z = ctx.s.zone_mut(p);
        if z.leaders.rebel.contains(&l) {
            z.leaders.rebel.retain(|&x| x != l);
            z.leaders.empire.push(l);
        }
    }
    if ctx.s.leader_pool.rebel.contains(&l) {
        ctx.s.leader_pool.rebel.retain(|&x| x != l);
        ctx.s.leader_pool.empire.push(l);
    }
    ctx.s.turned.push(l);
    ctx.public(EventKind::LeaderChange {
        leader: l,
        what: "now serves the Empire for the rest of the game".into(),
    });
}

/// Replaces a leader's token by another wherever the first one is mentioned: on the board, in
/// a pool, on a mission, captured, with its ring, in this round's card effects and in the
/// missions and card runs under way.
pub(super) fn promote(ctx: &mut Ctx, run: &mut CardRun, from: LeaderId, into: LeaderId) {
    let swap = |v: &mut Vec<LeaderId>| {
        for x in v.iter_mut() {
            if *x == from {
                *x = into;
            }
        }
    };
    let s = &mut *ctx.s;
    let places: Vec<_> = s.places().collect();
    for p in places {
        let z = s.zone_mut(p);
        swap(&mut z.leaders.rebel);
        swap(&mut z.leaders.empire);
    }
    for f in Faction::BOTH {
        swap(s.leader_pool.get_mut(f));
        for a in s.assignments.get_mut(f).iter_mut() {
            swap(&mut a.leaders);
        }
    }
    swap(&mut s.captured);
    swap(&mut s.turned);
    if let Some(r) = s.rings.remove(&from) {
        s.rings.insert(into, r);
    }
    let fx = &mut s.round_effects;
    swap(&mut fx.detained);
    swap(&mut fx.unopposable);
    swap(&mut fx.unpinned);
    for (l, _) in fx.bonus.iter_mut() {
        if *l == from {
            *l = into;
        }
    }
    for frame in s.stack.iter_mut() {
        if let Frame::Mission(m) = frame {
            swap(&mut m.leaders);
            if m.target == Some(from) {
                m.target = Some(into);
            }
        }
    }
    swap(&mut run.leaders);
    if run.target == Some(from) {
        run.target = Some(into);
    }
    ctx.public(EventKind::LeaderChange { leader: from, what: format!("becomes {}", into.name()) });
}

/// `pick leader` options, one per leader.
pub(super) fn pick_leaders(options: &[LeaderId]) -> Vec<Action> {
    options.iter().map(|&leader| Action::Pick(Pick::Leader { leader })).collect()
}

/// `pick system` options, one per system.
pub(super) fn pick_systems(options: &[SystemId]) -> Vec<Action> {
    options.iter().map(|&system| Action::Pick(Pick::System { system })).collect()
}

/// Leaders' names, for messages.
pub(super) fn leader_names(v: &[LeaderId]) -> String {
    v.iter().map(|l| l.name()).collect::<Vec<_>>().join(", ")
}

/// Systems' names, for messages.
pub(super) fn system_names(v: &[SystemId]) -> String {
    v.iter().map(|x| x.name()).collect::<Vec<_>>().join(", ")
}
