//! Winning the game, reputation, and the markers the rules keep true at all times
//! (subjugation removal, base reveal, rescue of captured leaders with no guards), and the
//! rules of capturing, rescuing and attachment rings, which every path goes through.

use super::ctx::Ctx;
use super::event::EventKind;
use super::frame::Frame;
use super::named::named;
use super::state::{Place, Ring, State, SystemSets, SystemState, systems_in};
use crate::content::*;

/// Moves the reputation marker `n` spaces toward the time marker, one at a time; the game
/// ends the moment they meet.
pub fn gain_reputation(ctx: &mut Ctx, n: u8) {
    for _ in 0..n {
        if ctx.s.reputation > ctx.s.time {
            ctx.s.reputation -= 1;
        }
        if ctx.s.reputation <= ctx.s.time {
            break;
        }
    }
    let value = ctx.s.reputation;
    ctx.public(EventKind::Reputation { value });
}

/// Moves the reputation marker `n` spaces away from the time marker.
pub fn lose_reputation(ctx: &mut Ctx, n: u8) {
    let len = catalog().time_track.length;
    ctx.s.reputation = (ctx.s.reputation + n).min(len);
    let value = ctx.s.reputation;
    ctx.public(EventKind::Reputation { value });
}

/// The winner the current position implies, with the reason, if any.
pub fn winner(s: &State) -> Option<(Faction, &'static str)> {
    if s.stack.iter().any(|f| matches!(f, Frame::Setup(_))) {
        return None;
    }
    if s.reputation <= s.time {
        return Some((Faction::Rebel, "reputation has reached the time marker"));
    }
    // FAQ (Superlaser Online): destroying the Rebel base's system wins for the Empire.
    if let Some(b) = s.base.system
        && s.sys(b).destroyed
    {
        return Some((Faction::Empire, "the Rebel base's system has been destroyed"));
    }
    if let (true, Some(b)) = (s.base.revealed, s.base.system) {
        let p = Place::System(b);
        if s.has_units(p, Faction::Empire) && !s.has_units(p, Faction::Rebel) {
            return Some((Faction::Empire, "Imperial units hold the revealed Rebel base"));
        }
    }
    None
}

/// Whether public facts rule out `x` as the hidden base's system: it is destroyed (that would
/// have won the game), loyal to the Empire or holds Imperial ground units (either reveals the
/// base, `update_markers`), or Imperial ground units stood there since the base was placed
/// (`State::searched`).
pub fn base_ruled_out(s: &State, x: SystemId) -> bool {
    let st = s.sys(x);
    st.destroyed
        || st.loyalty == Some(Faction::Empire)
        || s.has_ground(Place::System(x), Faction::Empire)
        || s.searched.contains(&x)
}

/// Ends the game if a win condition holds; returns whether the game is over.
pub fn check(ctx: &mut Ctx) -> bool {
    if ctx.s.winner.is_some() {
        return true;
    }
    if let Some((w, reason)) = winner(ctx.s) {
        ctx.s.winner = Some(w);
        ctx.public(EventKind::Won { winner: w, reason: reason.to_string() });
        return true;
    }
    false
}

/// Keeps the always-true rules true: subjugation markers leave systems without Imperial
/// ground units, the base is revealed when Imperial ground units or loyalty are in its
/// system, and captured leaders with no Imperial unit beside them are rescued.
pub fn update_markers(ctx: &mut Ctx) {
    // What the stack says, in one pass: this runs after every automatic step.
    let (mut setup, mut mid_activation, mut moving) = (false, false, false);
    for f in &ctx.s.stack {
        match f {
            Frame::Setup(_) => setup = true,
            Frame::Activation(a) => {
                mid_activation = true;
                moving |= a.is_moving();
            }
            Frame::Combat(_) => mid_activation = true,
            _ => {}
        }
    }
    if setup {
        return;
    }
    // Inside an activation or combat, subjugation waits for the activation's last step.
    // The markers to lift and (outside an activation) the ones to place come from sets of
    // systems worked out again only after a system changed: this runs after every automatic
    // step, and most steps change no system.
    scan_markers(ctx, !mid_activation);
    if !ctx.s.base.revealed
        && let Some(b) = ctx.s.base.system
    {
        let p = Place::System(b);
        if !moving && (ctx.s.has_ground(p, Faction::Empire) || ctx.s.sys(b).loyalty == Some(Faction::Empire))
        {
            reveal_base(ctx);
        }
    }
    if !ctx.s.base.revealed && !moving {
        // The systems not listed yet, listed in `SystemId` order (as a walk over every system
        // would): one pass over the list, not one per system.
        let ground = system_sets(ctx.s).imperial_ground;
        let scan = &mut ctx.s.markers;
        if scan.listed_len != ctx.s.searched.len() {
            scan.listed =
                ctx.s.searched.iter().fold(0u64, |set, x| set | 1u64.checked_shl(x.0.into()).unwrap_or(0));
        }
        let new = ground & !scan.listed;
        scan.listed |= new;
        ctx.s.searched.extend(systems_in(new));
        ctx.s.markers.listed_len = ctx.s.searched.len();
    }
    // The list is copied (it changes as captives are rescued) only when one is to be freed.
    let freed = |s: &State, l: LeaderId| s.leader_place(l).is_some_and(|p| !s.has_units(p, Faction::Empire));
    if ctx.s.captured.iter().any(|&l| freed(ctx.s, l)) {
        let captured = ctx.s.captured.clone();
        for l in captured {
            if freed(ctx.s, l) {
                rescue(ctx, l);
            }
        }
    }
}

/// What every system shows for the markers (`SystemSets`): each system looked at again only
/// after it changed (`State::sys_mut` marks it stale).
fn system_sets(s: &mut State) -> SystemSets {
    if s.markers.stale == 0 {
        return s.markers.sets;
    }
    let stale = s.markers.stale & s.system_set();
    let mut sets = s.markers.sets;
    if stale != 0 {
        let ground_mask = catalog().theater_mask(Theater::Ground);
        let populous = &named().populous;
        for sys in systems_in(stale) {
            let (i, st) = (usize::from(sys.0), &s.systems[usize::from(sys.0)]);
            let bit = 1u64 << i;
            sets.imperial_ground &= !bit;
            sets.subjugated &= !bit;
            sets.open &= !bit;
            if st.zone.units.empire.any_of(ground_mask) {
                sets.imperial_ground |= bit;
            }
            if st.subjugated {
                sets.subjugated |= bit;
            } else if !st.destroyed && st.loyalty != Some(Faction::Empire) && populous[i] {
                sets.open |= bit;
            }
        }
        s.markers.sets = sets;
    }
    s.markers.stale = 0;
    sets
}

/// Lifts subjugation markers from systems without Imperial ground units and, when `placing`,
/// places them where Imperial ground units stand in an open populous system (every lift, then
/// every placement, each in system order). A lifted marker's system has no Imperial ground
/// unit, so it is never one to place a marker on as well.
fn scan_markers(ctx: &mut Ctx, placing: bool) {
    let sets = system_sets(ctx.s);
    let lift = sets.subjugated & !sets.imperial_ground;
    let place = if placing { sets.open & sets.imperial_ground } else { 0 };
    for sys in systems_in(lift) {
        ctx.s.sys_mut(sys).subjugated = false;
        ctx.public(EventKind::Subjugation { system: sys, subjugated: false });
    }
    for sys in systems_in(place) {
        ctx.s.sys_mut(sys).subjugated = true;
        ctx.public(EventKind::Subjugation { system: sys, subjugated: true });
    }
}

/// Places subjugation markers wherever Imperial ground units stand in a populous,
/// undestroyed system without Imperial loyalty.
pub fn subjugate_all(ctx: &mut Ctx) {
    for sys in SystemId::all() {
        let st = ctx.s.sys(sys);
        if subjugates(st, catalog().system(sys), st.zone.units.empire.has_theater(Theater::Ground)) {
            ctx.s.sys_mut(sys).subjugated = true;
            ctx.public(EventKind::Subjugation { system: sys, subjugated: true });
        }
    }
}

/// Whether a system takes a subjugation marker, given whether Imperial ground units stand in it.
fn subjugates(st: &SystemState, def: &SystemDef, imperial_ground: bool) -> bool {
    !st.subjugated && !st.destroyed && st.loyalty != Some(Faction::Empire) && def.populous && imperial_ground
}

/// Reveals the Rebel base: everything in the Rebel Base space moves to its system.
pub fn reveal_base(ctx: &mut Ctx) {
    let Some(b) = ctx.s.base.system else { return };
    if ctx.s.base.revealed {
        return;
    }
    ctx.s.base.revealed = true;
    ctx.public(EventKind::BaseRevealed { system: b });
    let arriving = ctx.s.base_space.units.clone();
    empty_base_space_into(ctx, b);
    // Revealed in the middle of a combat in the base's system (a Rebel may reveal at any time
    // of their turn): the units that arrive fight too.
    for frame in ctx.s.stack.iter_mut() {
        if let Frame::Combat(c) = frame
            && c.place == Place::System(b)
        {
            for f in Faction::BOTH {
                c.join(f, arriving.get(f));
            }
        }
    }
}

/// Moves everything in the Rebel Base space into a system (on reveal, or when the base moves).
pub fn empty_base_space_into(ctx: &mut Ctx, sys: SystemId) {
    let space = std::mem::take(&mut ctx.s.base_space);
    let zone = &mut ctx.s.sys_mut(sys).zone;
    for f in Faction::BOTH {
        for (u, n) in space.units.get(f).iter() {
            zone.units.get_mut(f).add(u, n);
        }
        zone.leaders.get_mut(f).extend(space.leaders.get(f).iter().copied());
    }
}

/// Frees a captured leader: it goes to the Rebel Base space (the base's system if revealed).
pub fn rescue(ctx: &mut Ctx, l: LeaderId) {
    let to = ctx.s.base_place();
    rescue_to(ctx, l, to);
}

/// Frees a captured leader into `to` (Rules Reference, Rescuing Captured Leaders): the captured
/// ring comes off, and a Carbonite ring is discarded with it (the reputation Carbon Freezing
/// cost is not regained).
pub fn rescue_to(ctx: &mut Ctx, l: LeaderId, to: Place) {
    ctx.s.captured.retain(|x| *x != l);
    if ctx.s.ring(l) == Some(Ring::Carbonite) {
        remove_ring(ctx, l);
    }
    if let Some(p) = ctx.s.leader_place(l) {
        ctx.s.zone_mut(p).leaders.rebel.retain(|x| *x != l);
    }
    ctx.s.zone_mut(to).leaders.rebel.push(l);
    ctx.public(EventKind::LeaderChange { leader: l, what: format!("is rescued and returns to {to}") });
}

/// Captures a Rebel leader where it stands (Rules Reference, Captured Leaders). The captured
/// ring replaces any ring the leader wore; the leader who wore the captured ring before is
/// rescued. A leader frozen in carbonite no longer wears the captured ring, so it stays
/// captured beside the new captive.
pub fn capture(ctx: &mut Ctx, l: LeaderId) {
    let previous: Vec<LeaderId> = ctx
        .s
        .captured
        .iter()
        .copied()
        .filter(|&p| p != l && ctx.s.ring(p) != Some(Ring::Carbonite))
        .collect();
    // Rise of the Empire, Post Bounty: the bounty is paid as its bearer is captured (and the
    // ring goes with every other ring a captive wore).
    if ctx.s.ring(l) == Some(Ring::Bounty) {
        ctx.note(format_args!("{} is captured with a bounty on them", l.name()));
        lose_reputation(ctx, 1);
    }
    remove_ring(ctx, l);
    if !ctx.s.captured.contains(&l) {
        ctx.s.captured.push(l);
    }
    ctx.public(EventKind::LeaderChange { leader: l, what: "is captured".into() });
    for p in previous {
        // Kept with the mission resolving, if any, for a card that replaces the capture.
        if let Some(at) = ctx.s.leader_place(p)
            && let Some(run) = ctx.s.mission_mut()
        {
            run.freed_by_capture.push((p, at));
        }
        rescue(ctx, p);
    }
}

/// Undoes the freeing of the captives a capture during the current mission freed: the capture
/// was replaced ("instead"), so they are held again where they were.
pub fn restore_freed_captives(ctx: &mut Ctx) {
    let freed = ctx.s.mission_mut().map(|run| std::mem::take(&mut run.freed_by_capture)).unwrap_or_default();
    for (p, at) in freed {
        if ctx.s.is_captured(p) || ctx.s.eliminated.contains(&p) {
            continue;
        }
        if let Some(now) = ctx.s.leader_place(p) {
            ctx.s.zone_mut(now).leaders.rebel.retain(|x| *x != p);
        }
        ctx.s.zone_mut(at).leaders.rebel.push(p);
        ctx.s.captured.push(p);
        ctx.public(EventKind::LeaderChange {
            leader: p,
            what: format!("is held captive in {at} again: the capture that freed them did not happen"),
        });
    }
}

/// Attaches a ring to a leader (Rules Reference, Attachment Rings). A leader wears one ring at
/// most, so a ring it wore goes back to the supply; a captured leader given any ring but the
/// Carbonite one loses the captured ring with it and is no longer captured (Captured Leaders).
pub fn attach_ring(ctx: &mut Ctx, l: LeaderId, ring: Ring) {
    // The box holds one ring of each kind (Component Limitations): it leaves any other bearer.
    if let Some(other) = ctx.s.ring_bearer(ring)
        && other != l
    {
        remove_ring(ctx, other);
    }
    remove_ring(ctx, l);
    ctx.s.rings.insert(l, ring);
    ctx.public(EventKind::LeaderChange { leader: l, what: format!("now wears the {} ring", ring.name()) });
    if ring != Ring::Carbonite && ctx.s.is_captured(l) {
        ctx.s.captured.retain(|x| *x != l);
        ctx.public(EventKind::LeaderChange { leader: l, what: "is no longer captured".into() });
    }
}

/// Minor skill icons a leader's ring gives (diplomacy, intel, logistics, spec ops): K-2SO's
/// one minor intel and one minor spec-ops icon; none for the other rings.
pub fn ring_minor_icons(s: &State, l: LeaderId) -> [u8; 4] {
    match s.rings.get(&l) {
        Some(Ring::K2so) => [0, 1, 0, 1],
        _ => [0; 4],
    }
}

/// Takes a leader's ring off, back to the supply, if it wears one.
pub fn remove_ring(ctx: &mut Ctx, l: LeaderId) {
    if let Some(r) = ctx.s.rings.remove(&l) {
        ctx.public(EventKind::LeaderChange { leader: l, what: format!("loses the {} ring", r.name()) });
    }
}
