//! Activating a system and moving units: adjacency, transport capacity, immobile units,
//! leaders pinning their units, the Rebel Base space; then base reveal, combat, subjugation.

use crate::content::*;
use crate::engine::rebellion::action::Action;
use crate::engine::rebellion::combat;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::error::{RuleError, illegal};
use crate::engine::rebellion::event::EventKind;
pub use crate::engine::rebellion::frame::phases::{Activation, ActivationStep, Moved};
use crate::engine::rebellion::frame::{Decision, Frame, Frames, PromptKind};
use crate::engine::rebellion::state::{Place, State};

impl Activation {
    /// Whether units are still being moved (base reveal waits until movement ends).
    pub fn is_moving(&self) -> bool {
        self.step == ActivationStep::Moving
    }
    fn spare(&self, from: Place) -> u32 {
        self.moved.iter().find(|m| m.from == from).map_or(0, |m| m.capacity - m.used)
    }
    fn entry(&mut self, from: Place) -> &mut Moved {
        if let Some(i) = self.moved.iter().position(|m| m.from == from) {
            &mut self.moved[i]
        } else {
            self.moved.push(Moved { from, capacity: 0, used: 0 });
            self.moved.last_mut().expect("just pushed")
        }
    }
}

/// Starts an activation: the leader leaves the pool for the place.
pub fn start(ctx: &mut Ctx, f: Faction, place: Place, leader: LeaderId) -> Frame {
    ctx.s.leader_pool.get_mut(f).retain(|&l| l != leader);
    ctx.s.zone_mut(place).leaders.get_mut(f).push(leader);
    ctx.public(EventKind::Activated { faction: f, place, leader });
    Frame::Activation(Activation { faction: f, place, leader, moved: vec![], step: ActivationStep::Moving })
}

/// Places units may move from into `dest` (before leader and unit checks).
pub fn neighbours(s: &State, f: Faction, dest: Place) -> Vec<Place> {
    let c = catalog();
    let base_hidden = f == Faction::Rebel && !s.base.revealed;
    match dest {
        Place::System(d) => {
            let mut v: Vec<Place> = c.system(d).adjacent.iter().map(|&x| Place::System(x)).collect();
            if base_hidden
                && let Some(b) = s.base.system
                && (b == d || c.adjacent(b, d))
            {
                v.push(Place::BaseSpace);
            }
            v
        }
        Place::BaseSpace => match (base_hidden, s.base.system) {
            (true, Some(b)) => {
                let mut v = vec![Place::System(b)];
                v.extend(c.system(b).adjacent.iter().map(|&x| Place::System(x)));
                v
            }
            _ => vec![],
        },
    }
}

/// Whether a faction's units may leave a place (no own, uncaptured leader there, except
/// leaders a card freed from that rule this round).
pub fn can_leave(s: &State, f: Faction, from: Place) -> bool {
    s.active_leaders(from, f).iter().all(|l| s.round_effects.unpinned.contains(l))
}

/// Every legal `Move` from `from` given transport already moved.
pub fn unit_moves(s: &State, a: &Activation, from: Place) -> Vec<Action> {
    let c = catalog();
    let mut out = vec![];
    for (u, n) in s.units(from, a.faction).iter() {
        let d = c.unit(u);
        if d.immobile {
            continue;
        }
        let max = if d.requires_transport { (n as u32).min(a.spare(from)) as u8 } else { n };
        for count in 1..=max {
            out.push(Action::Move { from, unit: u, count });
        }
    }
    out
}

/// The movement decision.
pub fn decision(s: &State, a: &Activation) -> Option<Decision> {
    if a.step != ActivationStep::Moving {
        return None;
    }
    let mut actions = vec![];
    for from in neighbours(s, a.faction, a.place) {
        if !can_leave(s, a.faction, from) {
            continue;
        }
        actions.extend(unit_moves(s, a, from));
        if a.faction == Faction::Empire && a.moved.iter().any(|m| m.from == from && m.capacity > 0) {
            for &l in s.zone(from).leaders.rebel.iter().filter(|l| s.is_captured(**l)) {
                actions.push(Action::MoveCaptive { from, leader: l });
            }
        }
    }
    actions.push(Action::Done);
    Some(Decision::new(a.faction, PromptKind::MoveUnits, actions).always_asked(base_decides_moves(s, a)))
}

/// Whether what the Rebels can move here depends on where their hidden base is: units wait in
/// the Rebel Base space (they move only to systems next to the base), or the Rebels activated
/// the Rebel Base space itself (only units next to the base can come). The step is then asked
/// even when nothing can move, or everyone would learn whether the base is near (`asking.rs`).
fn base_decides_moves(s: &State, a: &Activation) -> bool {
    a.faction == Faction::Rebel
        && !s.base.revealed
        && s.base.system.is_some()
        && (!s.base_space.units.rebel.is_empty() || a.place == Place::BaseSpace)
}

/// Applies a move or `done`. Refuses only actions the decision never offers, so `apply`
/// changes the state in place for offered ones.
pub fn act(ctx: &mut Ctx, mut a: Activation, act: Action) -> Result<Frames, RuleError> {
    match act {
        Action::Move { from, unit, count } => {
            let d = catalog().unit(unit);
            let e = a.entry(from);
            if d.requires_transport {
                e.used += count as u32;
            } else {
                e.capacity += d.transport_capacity as u32 * count as u32;
            }
            move_units(ctx, a.faction, from, a.place, unit, count);
            Ok(vec![Frame::Activation(a)])
        }
        Action::MoveCaptive { from, leader } => {
            ctx.s.zone_mut(from).leaders.rebel.retain(|&l| l != leader);
            ctx.s.zone_mut(a.place).leaders.rebel.push(leader);
            ctx.public(EventKind::LeaderPlaced { leader, place: a.place });
            Ok(vec![Frame::Activation(a)])
        }
        Action::Done => {
            a.step = ActivationStep::AfterMove;
            Ok(vec![Frame::Activation(a)])
        }
        other => Err(illegal("Moving Units", format!("`{}` is not a move", other.command()))),
    }
}

/// Moves units between places, with a public event.
pub fn move_units(ctx: &mut Ctx, f: Faction, from: Place, to: Place, unit: UnitId, count: u8) {
    ctx.s.zone_mut(from).units.get_mut(f).remove(unit, count);
    ctx.s.zone_mut(to).units.get_mut(f).add(unit, count);
    ctx.public(EventKind::UnitsMoved { faction: f, from: Some(from), to: Some(to), unit, count });
}

/// After movement: combat if both sides share a theater; then the activation ends (the
/// flow subjugates once no activation is open).
pub fn auto(ctx: &mut Ctx, mut a: Activation) -> Frames {
    match a.step {
        ActivationStep::Moving => vec![Frame::Activation(a)],
        ActivationStep::AfterMove => {
            a.step = ActivationStep::Finish;
            // Rules Reference, Destroyed Systems: ground units without room on ships are lost.
            crate::engine::rebellion::board::destroy_stranded(ctx, a.faction, a.place);
            if combat::needed(ctx.s, a.place) {
                let origins: Vec<SystemId> = a.moved.iter().filter_map(|m| m.from.system()).collect();
                let child = combat::start(ctx, a.place, a.faction, origins);
                vec![Frame::Activation(a), child]
            } else {
                vec![Frame::Activation(a)]
            }
        }
        ActivationStep::Finish => vec![],
    }
}

/// Explains why a move is illegal.
pub fn explain(s: &State, a: &Activation, act: &Action) -> RuleError {
    let c = catalog();
    if let Action::Move { from, unit, count } = act {
        if !neighbours(s, a.faction, a.place).contains(from) {
            return illegal("Moving Units", format!("{from} is not adjacent to {}", a.place));
        }
        if !can_leave(s, a.faction, *from) {
            return illegal(
                "Moving Units",
                format!("one of your leaders is in {from}, so your units there cannot move out"),
            );
        }
        let have = s.units(*from, a.faction).count(*unit);
        if have < *count {
            return illegal("Moving Units", format!("you have {have} {} in {from}", unit.name()));
        }
        let d = c.unit(*unit);
        if d.immobile {
            return illegal("Moving Units", format!("{} is immobile", unit.name()));
        }
        if d.requires_transport {
            return illegal(
                "Transport Capacity",
                format!(
                    "{} needs transport: move ships with enough capacity from {from} first ({} free)",
                    unit.name(),
                    a.spare(*from)
                ),
            );
        }
    }
    illegal("Moving Units", format!("`{}` is not possible now", act.command()))
}
