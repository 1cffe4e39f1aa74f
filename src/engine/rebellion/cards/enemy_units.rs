//! Cards that act on the opponent's units in their system: its ground units evicted to a
//! system of its own (`evict_enemy_ground`), one enemy unit of a resource-icon shape destroyed
//! (`destroy_enemy_by_shape`, Trust in the Force); and the lookups the units family shares
//! (a unit's health, the units a shape gives, what fits in the health left to destroy).

use super::run::{CardRun, Next};
use crate::content::*;
use crate::engine::rebellion::action::{Action, Pick};
use crate::engine::rebellion::board;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::error::{RuleError, illegal};
use crate::engine::rebellion::frame::Decision;
use crate::engine::rebellion::phases::movement::move_units;
use crate::engine::rebellion::state::{Place, State};

/// Systems the opponent may move its ground units from here to: its own (Imperial for the
/// Empire) systems other than this one, without ground units of the card's faction.
fn evict_targets(s: &State, run: &CardRun) -> Vec<SystemId> {
    let enemy = run.faction.opponent();
    SystemId::all()
        .filter(|&x| Some(Place::System(x)) != run.here)
        .filter(|&x| s.controls(x, enemy) && !s.sys(x).destroyed)
        .filter(|&x| !s.has_ground(Place::System(x), run.faction))
        .collect()
}

/// Whether the opponent has ground units here and somewhere to take them.
pub fn can_evict(s: &State, run: &CardRun) -> bool {
    run.here.is_some_and(|p| s.has_ground(p, run.faction.opponent())) && !evict_targets(s, run).is_empty()
}

/// The opponent's choice of where its ground units go.
pub fn evict_decision(s: &State, run: &CardRun) -> Option<Decision> {
    let here = run.here?;
    let actions: Vec<Action> =
        evict_targets(s, run).into_iter().map(|system| Action::Pick(Pick::System { system })).collect();
    if actions.is_empty() || !s.has_ground(here, run.faction.opponent()) {
        return None;
    }
    Some(run.ask(
        run.faction.opponent(),
        actions,
        format!("pick the system your ground units in {here} move to"),
    ))
}

/// Moves every ground unit of the opponent from here to the picked system.
pub fn evict_act(ctx: &mut Ctx, run: &mut CardRun, a: Action) -> Result<Next, RuleError> {
    let (Some(here), Action::Pick(Pick::System { system })) = (run.here, &a) else {
        return Err(run.wrong(&a));
    };
    if !evict_targets(ctx.s, run).contains(system) {
        return Err(run.wrong(&a));
    }
    let enemy = run.faction.opponent();
    let ground: Vec<(UnitId, u8)> = ctx.s.units(here, enemy).in_theater(Theater::Ground).collect();
    for (u, n) in ground {
        move_units(ctx, enemy, here, Place::System(*system), u, n);
    }
    Ok(Next::Done)
}

// Lookups the units family shares (kept here so `units.rs` stays its vocabulary and entry
// points).

/// The health of a unit type, if it has one.
pub(super) fn health(u: UnitId) -> Option<u8> {
    catalog().unit(u).health.map(|h| h.0)
}

/// Unit types of a faction a resource-icon shape gives, that its supply still holds.
pub(super) fn shape_units(s: &State, f: Faction, shape: IconShape) -> Vec<UnitId> {
    UnitId::all()
        .filter(|&u| {
            let d = catalog().unit(u);
            d.faction == f && d.build_icon.is_some_and(|i| i.shape == shape) && s.supply.get(f).count(u) > 0
        })
        .collect()
}

/// Opponent unit types here of a theater whose build icon has this shape (Trust in the Force).
pub fn by_shape(s: &State, run: &CardRun, shape: IconShape, theater: Theater) -> Vec<UnitId> {
    let Some(p) = run.here else { return vec![] };
    s.units(p, run.faction.opponent())
        .iter()
        .map(|(u, _)| u)
        .filter(|&u| {
            let d = catalog().unit(u);
            d.theater == theater && d.build_icon.is_some_and(|i| i.shape == shape)
        })
        .collect()
}

/// Unit types here that fit in the health left: the opponent's, then (`either_side`) the
/// card's own faction's.
pub(super) fn destroyable(
    s: &State,
    run: &CardRun,
    left: u8,
    only: Option<Theater>,
    either_side: bool,
    types: &[UnitId],
) -> Vec<UnitId> {
    let Some(p) = run.here else { return vec![] };
    let own = either_side.then_some(run.faction);
    [Some(run.faction.opponent()), own]
        .into_iter()
        .flatten()
        .flat_map(|f| s.units(p, f).iter().map(|(u, _)| u).collect::<Vec<_>>())
        .filter(|&u| only.is_none_or(|t| catalog().unit(u).theater == t))
        .filter(|&u| !board::station_shielded(s, p, u))
        .filter(|&u| health(u).is_some_and(|h| h <= left))
        .filter(|u| types.is_empty() || types.contains(u))
        .collect()
}

/// A shape's name, for prompts and errors.
pub(super) fn shape_name(sh: IconShape) -> &'static str {
    match sh {
        IconShape::Triangle => "triangle",
        IconShape::Circle => "circle",
        IconShape::Square => "square",
    }
}

/// Destroys the one fitting unit, or asks which type when several fit.
pub fn destroy_by_shape(ctx: &mut Ctx, run: &CardRun, shape: IconShape, theater: Theater) -> Next {
    let fits = by_shape(ctx.s, run, shape, theater);
    match (fits.as_slice(), run.here) {
        ([unit], Some(p)) => {
            board::destroy_unit(ctx, run.faction.opponent(), p, *unit);
            Next::Done
        }
        ([], _) | (_, None) => Next::Done,
        _ => Next::Wait(super::Pending::Units(super::units::Pending::ByShape { shape, theater })),
    }
}

/// The choice of the unit type to destroy.
pub fn by_shape_decision(s: &State, run: &CardRun, shape: IconShape, theater: Theater) -> Option<Decision> {
    let place = run.here?;
    let actions: Vec<Action> = by_shape(s, run, shape, theater)
        .into_iter()
        .map(|unit| Action::Pick(Pick::Unit { place, unit }))
        .collect();
    if actions.is_empty() {
        return None;
    }
    Some(run.ask(run.faction, actions, format!("pick the enemy unit in {place} to destroy")))
}

/// Destroys the picked unit.
pub fn by_shape_act(
    ctx: &mut Ctx,
    run: &CardRun,
    shape: IconShape,
    theater: Theater,
    a: Action,
) -> Result<Next, RuleError> {
    match a {
        Action::Pick(Pick::Unit { place, unit })
            if Some(place) == run.here && by_shape(ctx.s, run, shape, theater).contains(&unit) =>
        {
            board::destroy_unit(ctx, run.faction.opponent(), place, unit);
            Ok(Next::Done)
        }
        other => Err(by_shape_refusal(&other)),
    }
}

/// Why an answer to the choice of `destroy_enemy_by_shape` is refused.
pub fn by_shape_refusal(a: &Action) -> RuleError {
    illegal(
        "Destroyed Units",
        format!("`{}` is not possible: pick an enemy unit here of the kind the card names", a.command()),
    )
}
