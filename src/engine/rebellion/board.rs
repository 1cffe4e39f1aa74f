//! Board changes shared by the rules and by card abilities: units gained from the supply and
//! destroyed back into it, keeping a combat being fought in that place in step.

use super::ctx::Ctx;
use super::event::EventKind;
use super::frame::Frame;
use super::state::{Place, State};
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

/// How many of a faction's ground units in a destroyed system have no room on its ships there
/// (Rules Reference, Destroyed Systems: with no planet left, ground units needing transport
/// must fit in the transport capacity of their side's ships in the system). Zero anywhere else.
/// TIE Fighters need transport to move but stay in space, so only ground units count.
pub fn stranded(s: &State, f: Faction, place: Place) -> u32 {
    let Some(sys) = place.system() else { return 0 };
    if !s.sys(sys).destroyed {
        return 0;
    }
    let c = catalog();
    let units = s.units(place, f);
    let need: u32 = units
        .in_theater(Theater::Ground)
        .filter(|(u, _)| c.unit(*u).requires_transport)
        .map(|(_, n)| n as u32)
        .sum();
    let room: u32 =
        units.in_theater(Theater::Space).map(|(u, n)| c.unit(u).transport_capacity as u32 * n as u32).sum();
    need.saturating_sub(room)
}

/// The ground unit types of a faction that count as stranded in a place (they need transport).
pub fn strandable(s: &State, f: Faction, place: Place) -> Vec<UnitId> {
    s.units(place, f)
        .in_theater(Theater::Ground)
        .filter(|(u, _)| catalog().unit(*u).requires_transport)
        .map(|(u, _)| u)
        .collect()
}

/// Destroys stranded ground units without asking, the weakest first (lowest health, then the
/// catalog's order). Used where the flow has no room for a choice (the end of an activation):
/// there the mover brought every ground unit in with a ship of its own, so only units already
/// stranded can be in excess, and keeping the strongest is what a player would choose.
pub fn destroy_stranded(ctx: &mut Ctx, f: Faction, place: Place) {
    let mut excess = stranded(ctx.s, f, place);
    if excess == 0 {
        return;
    }
    ctx.note(format_args!("Units without room on ships in the destroyed system {place} are lost"));
    let mut kinds = strandable(ctx.s, f, place);
    kinds.sort_by_key(|&u| (catalog().unit(u).health.map_or(0, |h| h.0), u));
    for u in kinds {
        while excess > 0 && ctx.s.units(place, f).count(u) > 0 {
            destroy_unit(ctx, f, place, u);
            excess -= 1;
        }
    }
}

/// Whether a unit type is a Shield Bunker (Rise of the Empire).
pub fn is_shield_bunker(u: UnitId) -> bool {
    catalog().unit(u).ability == Some(UnitAbility::ShieldBunker)
}

/// Whether a unit type is a Death Star or a Death Star Under Construction: the stations a
/// Shield Bunker protects.
pub fn is_station(u: UnitId) -> bool {
    let n = super::named::named();
    Some(u) == n.death_star || Some(u) == n.death_star_under_construction
}

/// Whether a unit of type `u` in `p` is a station an Imperial Shield Bunker there protects (Rise
/// of the Empire): it cannot be destroyed, dealt damage or assigned damage.
pub fn station_shielded(s: &State, p: Place, u: UnitId) -> bool {
    is_station(u) && s.units(p, Faction::Empire).iter().any(|(x, _)| is_shield_bunker(x))
}
