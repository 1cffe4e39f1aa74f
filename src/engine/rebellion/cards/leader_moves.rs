//! Where leaders go and what they become, for the leaders family (split from `leaders` to keep
//! files small): the closest system, taking a captive there, rescuers going along, a leader
//! turned to the Empire (Lure of the Dark Side), Luke Skywalker becoming a Jedi (Seek Yoda).
//! The ring and capture rules themselves are in `victory` (`attach_ring`, `capture`,
//! `rescue_to`), so every path obeys them.

use std::collections::VecDeque;

use super::leaders::{Bearer, Pending, Rescuers};
use super::run::{CardRun, Next};
use crate::content::*;
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::flow::{Ctx, Frame};
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

/// Rescues a captive for the card (recorded in `run.rescued`, which action cards answer), then
/// asks which rescuers go along when they may.
pub(super) fn rescue(ctx: &mut Ctx, run: &mut CardRun, l: LeaderId, rescuers: Rescuers) -> Next {
    victory::rescue(ctx, l);
    run.rescued.push(l);
    let left: Vec<LeaderId> = match (rescuers, run.here) {
        (Rescuers::MayFollow, Some(here)) => run
            .leaders
            .iter()
            .copied()
            .filter(|&x| ctx.s.active_leaders(here, run.faction).contains(&x))
            .collect(),
        _ => vec![],
    };
    if left.is_empty() { Next::Done } else { Next::Wait(super::Pending::Leaders(Pending::Follow { left })) }
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
