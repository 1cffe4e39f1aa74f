//! Queue effects that move queued units: one space closer (Double Our Efforts) or straight onto
//! the board (Oversee Project); and the queue lookups the queue family shares.

use super::queue::Pending;
use super::run::{CardRun, Next};
use crate::content::*;
use crate::engine::rebellion::action::{Action, Pick};
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::phases::refresh;
use crate::engine::rebellion::state::{Place, State};

/// Units on a faction's queue as (space, type), spaces from 1, each type once per space.
pub(super) fn queued(s: &State, f: Faction, keep: impl Fn(u8, UnitId) -> bool) -> Vec<(u8, UnitId)> {
    let mut out = vec![];
    for (i, q) in s.build_queue.get(f).iter().enumerate() {
        let space = i as u8 + 1;
        for (u, _) in q.iter() {
            if keep(space, u) {
                out.push((space, u));
            }
        }
    }
    out
}

/// Takes one unit off a queue space (the caller says where it goes).
pub(super) fn remove_queued(ctx: &mut Ctx, f: Faction, space: u8, unit: UnitId) {
    ctx.s.build_queue.get_mut(f)[space as usize - 1].remove(unit, 1);
}

/// Queued units of a faction on `spaces` that may move one space closer (each unit once).
pub(super) fn advanceable(s: &State, f: Faction, spaces: &[u8], moved: &[(u8, UnitId)]) -> Vec<(u8, UnitId)> {
    let q = s.build_queue.get(f);
    queued(s, f, |space, u| {
        let already = moved.iter().filter(|&&m| m == (space, u)).count();
        space > 1 && spaces.contains(&space) && q[space as usize - 1].count(u) as usize > already
    })
}

/// Where a queued unit may be deployed by a card: this system, not sabotaged or destroyed
/// (Rules Reference, Sabotage Markers and Destroyed Systems); a Death Star only onto its
/// Death Star Under Construction (Death Star).
pub(super) fn deployable(s: &State, run: &CardRun, spaces: &[u8]) -> Vec<(u8, UnitId)> {
    let Some(sys) = run.system() else { return vec![] };
    let st = s.sys(sys);
    if st.sabotaged || st.destroyed {
        return vec![];
    }
    let c = catalog();
    let dsuc_here = c
        .unit_by_key("death_star_under_construction")
        .is_some_and(|d| s.units(Place::System(sys), run.faction).count(d) > 0);
    queued(s, run.faction, |space, u| spaces.contains(&space) && (c.unit(u).id != "death_star" || dsuc_here))
}

/// Moves units closer one at a time; waits where the player has a real choice.
pub(super) fn advance(
    ctx: &mut Ctx,
    run: &CardRun,
    spaces: Vec<u8>,
    mut left: u8,
    optional: u8,
    mut moved: Vec<(u8, UnitId)>,
) -> Next {
    while left > 0 {
        match advanceable(ctx.s, run.faction, &spaces, &moved).as_slice() {
            [] => return Next::Done,
            // A single candidate is moved without asking only while moving is owed; an
            // optional move is still the player's to decline.
            [(space, unit)] if left > optional => {
                moved.push(advance_one(ctx, run.faction, *space, *unit));
                left -= 1;
            }
            _ => {
                return Next::Wait(super::Pending::Queue(Pending::Advance { spaces, left, optional, moved }));
            }
        }
    }
    Next::Done
}

/// Moves one queued unit one space closer; returns where it now is.
pub(super) fn advance_one(ctx: &mut Ctx, f: Faction, space: u8, unit: UnitId) -> (u8, UnitId) {
    remove_queued(ctx, f, space, unit);
    ctx.s.build_queue.get_mut(f)[space as usize - 2].add(unit, 1);
    ctx.note(format_args!("The {f} {} moves from build queue space {space} to {}", unit.name(), space - 1));
    (space - 1, unit)
}

/// Deploys one queued unit into the card's system.
pub(super) fn deploy(ctx: &mut Ctx, run: &CardRun, space: u8, unit: UnitId) {
    let Some(p) = run.here else { return };
    remove_queued(ctx, run.faction, space, unit);
    refresh::deploy(ctx, run.faction, unit, p);
}

// Helpers of the queue family's vocabulary and choices.

/// One unit, the default count.
pub(super) fn one() -> u8 {
    1
}

/// Whether a count is zero (nothing to store).
pub(super) fn is_zero(n: &u8) -> bool {
    *n == 0
}

pub(super) fn picks(v: Vec<(u8, UnitId)>) -> Vec<Action> {
    v.into_iter().map(|(space, unit)| Action::Pick(Pick::Queued { space, unit })).collect()
}

/// Destroys a queued unit: back to the supply.
pub(super) fn destroy_queued(ctx: &mut Ctx, f: Faction, space: u8, unit: UnitId) {
    remove_queued(ctx, f, space, unit);
    ctx.s.supply.get_mut(f).add(unit, 1);
    ctx.note(format_args!("The {f} {} on build queue space {space} is destroyed", unit.name()));
}

pub(super) fn icons_here(run: &CardRun) -> Vec<ResourceIcon> {
    run.system().map(|sys| catalog().system(sys).icons.clone()).unwrap_or_default()
}

pub(super) fn matching(s: &State, run: &CardRun, icon: ResourceIcon) -> Vec<(u8, UnitId)> {
    queued(s, run.faction.opponent(), |_, u| catalog().unit(u).build_icon == Some(icon))
}

pub(super) fn health_fits(s: &State, run: &CardRun, left: u8) -> Vec<(u8, UnitId)> {
    queued(s, run.faction.opponent(), |_, u| catalog().unit(u).health.is_some_and(|h| h.0 <= left))
}

/// Whether a unit type's build icon has this shape.
pub(super) fn has_shape(u: UnitId, shape: IconShape) -> bool {
    catalog().unit(u).build_icon.is_some_and(|i| i.shape == shape)
}

/// Whether a faction's queue holds a unit for every shape listed, counted with repeats
/// (A Time for Peace).
pub(super) fn own_shapes_queued(s: &State, f: Faction, shapes: &[IconShape]) -> bool {
    [IconShape::Triangle, IconShape::Circle, IconShape::Square].into_iter().all(|sh| {
        let need = shapes.iter().filter(|&&x| x == sh).count() as u32;
        let have: u32 = s
            .build_queue
            .get(f)
            .iter()
            .flat_map(|q| q.iter())
            .filter(|(u, _)| has_shape(*u, sh))
            .map(|(_, n)| n as u32)
            .sum();
        have >= need
    })
}

/// Waits for the unit destroyed for the next shape, while one is left.
pub(super) fn next_own_by_shape(s: &State, f: Faction, shapes: Vec<IconShape>) -> Next {
    match shapes.first() {
        Some(&sh) if !queued(s, f, |_, u| has_shape(u, sh)).is_empty() => {
            Next::Wait(super::Pending::Queue(Pending::OwnByShape { shapes }))
        }
        _ => Next::Done,
    }
}
