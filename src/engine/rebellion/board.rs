//! Board changes shared by the rules and by card abilities: units gained from the supply and
//! destroyed back into it, keeping a combat being fought in that place in step.

use super::event::EventKind;
use super::flow::{Ctx, Frame};
use super::state::Place;
use crate::content::*;

/// Places up to `n` units of a type from the supply in a place ("gain" on cards: straight
/// onto the board, not the build queue); returns how many the supply had.
pub fn gain_units(ctx: &mut Ctx, f: Faction, place: Place, unit: UnitId, n: u8) -> u8 {
    let n = n.min(ctx.s.supply.get(f).count(unit));
    if n > 0 {
        ctx.s.supply.get_mut(f).remove(unit, n);
        ctx.s.zone_mut(place).units.get_mut(f).add(unit, n);
        ctx.public(EventKind::UnitsMoved { faction: f, from: None, to: Some(place), unit, count: n });
    }
    n
}

/// Destroys one unit of a type in a place: back to the supply. A combat fought there loses
/// the unit too (the least damaged one of that type).
pub fn destroy_unit(ctx: &mut Ctx, f: Faction, place: Place, unit: UnitId) {
    if ctx.s.units(place, f).count(unit) == 0 {
        return;
    }
    ctx.s.zone_mut(place).units.get_mut(f).remove(unit, 1);
    ctx.s.supply.get_mut(f).add(unit, 1);
    ctx.public(EventKind::UnitDestroyed { faction: f, unit, place });
    for frame in ctx.s.stack.iter_mut() {
        if let Frame::Combat(c) = frame
            && c.place == place
        {
            let fighting =
                c.units.iter().enumerate().filter(|(_, u)| u.faction == f && u.unit == unit && !u.doomed);
            if let Some((i, _)) = fighting.min_by_key(|(_, u)| u.damage) {
                c.units.remove(i);
                c.destroyed.push((f, unit));
            }
        }
    }
    if unit.key() == "death_star_under_construction" {
        drop_queued_death_star(ctx);
    }
}

/// A destroyed Death Star Under Construction takes the Death Star waiting in the build queue
/// with it (Rules Reference, Death Star).
pub fn drop_queued_death_star(ctx: &mut Ctx) {
    let Some(ds) = catalog().unit_by_key("death_star") else {
        return;
    };
    let queue = &mut ctx.s.build_queue.empire;
    if let Some(slot) = queue.iter_mut().find(|q| q.count(ds) > 0) {
        slot.remove(ds, 1);
        ctx.s.supply.empire.add(ds, 1);
        ctx.note("The Death Star waiting in the build queue is destroyed too");
    }
}
