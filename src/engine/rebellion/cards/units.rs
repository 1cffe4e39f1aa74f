//! Effects on units on the board: gaining them from the supply (by type or by resource-icon
//! shape), destroying "X-health worth" of them, moving them in (`unit_moves`), units stranded
//! in a destroyed system, and the combat a card resolves.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::enemy_units::{self, destroyable, health, shape_name, shape_units};
use super::run::{CardRun, Next};
use super::unit_moves::{self, MoveSpec, Moving};
use crate::content::*;
use crate::engine::rebellion::action::{Action, Pick};
use crate::engine::rebellion::board;
use crate::engine::rebellion::combat;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::error::{RuleError, illegal};
use crate::engine::rebellion::frame::Decision;
use crate::engine::rebellion::state::{Place, State};

/// Where units a card gives are placed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum At {
    /// The ability's system.
    #[default]
    Here,
    /// The "Rebel Base" space (the base's system once revealed).
    RebelBase,
}

/// A condition a card sets on the combat it resolves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CombatIf {
    /// The opponent of the card's faction has ground units here.
    EnemyGroundHere,
    /// The opponent of the card's faction has ships here.
    EnemyShipsHere,
}

/// A units-family effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "op", deny_unknown_fields)]
pub enum Op {
    /// The card's faction gains these units from its supply (as many as it has).
    GainUnits {
        /// Unit type → how many.
        units: BTreeMap<UnitId, u8>,
        /// Where they go.
        #[serde(default)]
        at: At,
    },
    /// The card's faction gains units here by resource-icon shape: per icon, the player picks
    /// one unit of its own whose build icon has that shape (ship or ground unit alike).
    GainByShape {
        /// Shape → how many icons of it.
        shapes: BTreeMap<IconShape, u8>,
        /// Only units of this theater (Rise of the Empire, Deployment: an Imperial ▲ ground
        /// unit, the Stormtrooper or the Assault Tank).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        only: Option<Theater>,
    },
    /// The card's player destroys opponent units here whose health adds up to at most `max`
    /// (Rules Reference, Destroyed Units), one at a time, and may stop early. Units without a
    /// health value (the Death Star) cannot be chosen.
    DestroyHealth {
        /// The most health destroyed in total.
        max: u8,
        /// Only units of this theater (Ambush: ground units).
        #[serde(default)]
        only: Option<Theater>,
        /// Units of either side may be chosen, not only the opponent's: the card says "units
        /// of your choice" without naming a side (Hit and Run, Wookiee Uprising).
        #[serde(default)]
        either_side: bool,
        /// The most health is the mission's margin of successes when smaller (Rise of the
        /// Empire: Assault, Plant Explosives).
        #[serde(default)]
        margin: bool,
        /// Only units of these types, when given.
        #[serde(default)]
        units: Vec<UnitId>,
        /// The most units destroyed, if capped.
        #[serde(default)]
        max_units: Option<u8>,
    },
    /// The opponent moves all its ground units here to one of its systems of its choice,
    /// ignoring adjacency and transport, never into a system with ground units of the card's
    /// faction (Independent Operation and its errata; `unit_moves`).
    EvictEnemyGround,
    /// The card's faction moves units into this system (`unit_moves`).
    MoveUnits(MoveSpec),
    /// A combat is resolved here, the card's faction attacking, when both sides have units of a
    /// theater that can fight here and the card's condition holds.
    ResolveCombat {
        /// The card's condition.
        #[serde(default, rename = "if")]
        when: Option<CombatIf>,
    },
    /// Rise of the Empire (Trust in the Force): destroy one opponent unit here of a theater
    /// whose build icon has this shape (the player picks the type when several fit;
    /// `enemy_units::by_shape`).
    DestroyEnemyByShape {
        /// The build icon's shape.
        shape: IconShape,
        /// The unit's theater.
        theater: Theater,
    },
}

/// A units-family choice in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {
    /// Which unit each resource icon gives (`build <unit>`), shapes still to choose for.
    GainByShape {
        /// The icons' shapes, first first.
        left: Vec<IconShape>,
        /// Only units of this theater.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        only: Option<Theater>,
    },
    /// Which unit to destroy next (`pick unit <place> <unit>`), or `done`.
    DestroyHealth {
        /// Health still to destroy.
        left: u8,
        /// Only units of this theater.
        #[serde(default)]
        only: Option<Theater>,
        /// The card's own units may be chosen too.
        #[serde(default)]
        either_side: bool,
        /// Only units of these types, when given.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        units: Vec<UnitId>,
        /// Units that may still be destroyed, if capped.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        units_left: Option<u8>,
    },
    /// Where the opponent moves its ground units (`pick system <system>`).
    Evict,
    /// Which units to move in next (`move <from> <unit> <count>`), or `done`.
    Move(Moving),
    /// Which opponent unit of a shape and theater to destroy (`pick unit <place> <unit>`).
    ByShape {
        /// The build icon's shape.
        shape: IconShape,
        /// The unit's theater.
        theater: Theater,
    },
    /// Which stranded ground unit of the deciding faction to destroy in a destroyed system.
    Strand {
        /// Whose units.
        faction: Faction,
        /// The destroyed system.
        place: Place,
    },
}

fn place(s: &State, run: &CardRun, at: At) -> Option<Place> {
    match at {
        At::Here => run.here,
        At::RebelBase => Some(s.base_place()),
    }
}

/// Whether the effect would do anything now (a combat never stops a card from being used: it
/// may become possible through the effects before it).
pub fn can(s: &State, run: &CardRun, op: &Op) -> bool {
    match op {
        Op::GainUnits { units, at } => {
            place(s, run, *at).is_some() && units.keys().any(|&u| s.supply.get(run.faction).count(u) > 0)
        }
        Op::GainByShape { shapes, only } => {
            run.here.is_some() && shapes.keys().any(|&sh| !gainable(s, run.faction, sh, *only).is_empty())
        }
        Op::DestroyHealth { max, only, either_side, units, .. } => {
            !destroyable(s, run, *max, *only, *either_side, units).is_empty()
        }
        Op::EvictEnemyGround => enemy_units::can_evict(s, run),
        Op::MoveUnits(spec) => unit_moves::can(s, run, spec),
        Op::ResolveCombat { .. } => run.here.is_some(),
        Op::DestroyEnemyByShape { shape, theater } => {
            !enemy_units::by_shape(s, run, *shape, *theater).is_empty()
        }
    }
}

/// Carries out the effect.
pub fn start(ctx: &mut Ctx, run: &mut CardRun, op: Op) -> Next {
    match op {
        Op::GainUnits { units, at } => {
            if let Some(p) = place(ctx.s, run, at) {
                for (u, n) in units {
                    board::gain_units(ctx, run.faction, p, u, n);
                }
            }
            Next::Done
        }
        Op::GainByShape { shapes, only } => {
            let left = shapes.iter().flat_map(|(&sh, &n)| std::iter::repeat_n(sh, n as usize)).collect();
            gain_by_shape(ctx, run, left, only)
        }
        Op::DestroyHealth { max, only, either_side, margin, units, max_units } => {
            let left = if margin { max.min(run.margin.unwrap_or(0).min(255) as u8) } else { max };
            if left == 0 {
                return Next::Done;
            }
            let units_left = max_units;
            Next::Wait(super::Pending::Units(Pending::DestroyHealth {
                left,
                only,
                either_side,
                units,
                units_left,
            }))
        }
        Op::EvictEnemyGround => Next::Wait(super::Pending::Units(Pending::Evict)),
        Op::MoveUnits(spec) => Next::Wait(super::Pending::Units(Pending::Move(Moving::new(spec)))),
        Op::ResolveCombat { when } => {
            let Some(p) = run.here else { return Next::Done };
            let ok = match when {
                None => true,
                Some(CombatIf::EnemyGroundHere) => ctx.s.has_ground(p, run.faction.opponent()),
                Some(CombatIf::EnemyShipsHere) => {
                    ctx.s.units(p, run.faction.opponent()).has_theater(Theater::Space)
                }
            };
            if ok && combat::needed(ctx.s, p) {
                // A card's move is not an activation: no system counts as the attacker's origin.
                Next::Push(combat::start(ctx, p, run.faction, vec![]))
            } else {
                Next::Done
            }
        }
        Op::DestroyEnemyByShape { shape, theater } => enemy_units::destroy_by_shape(ctx, run, shape, theater),
    }
}

/// A faction's unit types in its supply whose build icon has this shape, of theater `only`
/// when given.
fn gainable(s: &State, f: Faction, shape: IconShape, only: Option<Theater>) -> Vec<UnitId> {
    let mut units = shape_units(s, f, shape);
    units.retain(|&u| only.is_none_or(|t| catalog().unit(u).theater == t));
    units
}

/// Gains a unit for each shape in turn; waits when the player has a real choice.
fn gain_by_shape(ctx: &mut Ctx, run: &CardRun, mut left: Vec<IconShape>, only: Option<Theater>) -> Next {
    let Some(p) = run.here else { return Next::Done };
    while let Some(&shape) = left.first() {
        match gainable(ctx.s, run.faction, shape, only).as_slice() {
            [] => {}
            [unit] => {
                board::gain_units(ctx, run.faction, p, *unit, 1);
            }
            _ => return Next::Wait(super::Pending::Units(Pending::GainByShape { left, only })),
        }
        left.remove(0);
    }
    Next::Done
}

/// After units of a faction end up in a destroyed system: the excess ground units are
/// destroyed, the faction choosing which when several types could go.
pub fn strand(ctx: &mut Ctx, f: Faction, place: Place) -> Next {
    let excess = board::stranded(ctx.s, f, place);
    if excess == 0 {
        return Next::Done;
    }
    if let [only] = board::strandable(ctx.s, f, place).as_slice() {
        for _ in 0..excess {
            board::destroy_unit(ctx, f, place, *only);
        }
        return Next::Done;
    }
    Next::Wait(super::Pending::Units(Pending::Strand { faction: f, place }))
}

/// The choice the effect waits for.
pub fn decision(s: &State, run: &CardRun, p: &Pending) -> Option<Decision> {
    let here = run.here.map(|p| p.to_string()).unwrap_or_default();
    match p {
        Pending::GainByShape { left, only } => {
            let shape = *left.first()?;
            let units = gainable(s, run.faction, shape, *only);
            let actions = units.into_iter().map(|unit| Action::Build { unit }).collect();
            Some(run.ask(
                run.faction,
                actions,
                format!("choose the unit the {} icon gives you in {here}", shape_name(shape)),
            ))
        }
        Pending::Evict => enemy_units::evict_decision(s, run),
        Pending::ByShape { shape, theater } => enemy_units::by_shape_decision(s, run, *shape, *theater),
        Pending::DestroyHealth { left, only, either_side, units, units_left } => {
            let place = run.here?;
            if *units_left == Some(0) {
                return None;
            }
            let units = destroyable(s, run, *left, *only, *either_side, units);
            if units.is_empty() {
                return None;
            }
            let mut actions: Vec<Action> =
                units.into_iter().map(|unit| Action::Pick(Pick::Unit { place, unit })).collect();
            actions.push(Action::Done);
            Some(run.ask(
                run.faction,
                actions,
                format!(
                    "pick {} unit in {here} to destroy ({left} health left), or stop",
                    if *either_side { "a" } else { "an enemy" }
                ),
            ))
        }
        Pending::Move(m) => unit_moves::decision(s, run, m),
        Pending::Strand { faction, place } => {
            let n = board::stranded(s, *faction, *place);
            let actions: Vec<Action> = board::strandable(s, *faction, *place)
                .into_iter()
                .map(|unit| Action::Pick(Pick::Unit { place: *place, unit }))
                .collect();
            if n == 0 || actions.is_empty() {
                return None;
            }
            Some(run.ask(
                *faction,
                actions,
                format!("{place} is destroyed: pick a ground unit of yours to lose ({n} more have no room on your ships)"),
            ))
        }
    }
}

/// Why an answer is not one of the options, naming the rule.
pub fn explain(s: &State, run: &CardRun, p: &Pending, a: &Action) -> RuleError {
    match (p, a) {
        (Pending::DestroyHealth { left, either_side, .. }, Action::Pick(Pick::Unit { place, unit })) => {
            if Some(*place) != run.here {
                return illegal(
                    "Destroyed Units",
                    format!("{} destroys units in its own system only", run.card.name()),
                );
            }
            if !either_side && catalog().unit(*unit).faction == run.faction {
                return illegal(
                    "Destroyed Units",
                    format!("{} destroys enemy units, not yours", run.card.name()),
                );
            }
            if s.units(*place, catalog().unit(*unit).faction).count(*unit) == 0 {
                return illegal("Destroyed Units", format!("there is no {} in {place}", unit.name()));
            }
            match health(*unit) {
                None => illegal(
                    "Destroyed Units",
                    format!("{} has no health value and cannot be chosen", unit.name()),
                ),
                Some(h) => illegal(
                    "Destroyed Units",
                    format!("{} has {h} health, more than the {left} left to destroy", unit.name()),
                ),
            }
        }
        (Pending::GainByShape { left, .. }, Action::Build { unit }) => {
            let shape = left.first().map_or("", |&sh| shape_name(sh));
            illegal(
                "Resource Icons",
                format!("{} is not one of your units of the {shape} icon left in the supply", unit.name()),
            )
        }
        (Pending::Move(m), a) => unit_moves::explain(s, run, m, a),
        (Pending::ByShape { .. }, a) => enemy_units::by_shape_refusal(a),
        (Pending::Strand { place, .. }, Action::Pick(Pick::Unit { unit, .. })) => illegal(
            "Destroyed Systems",
            format!("{} is not one of your ground units needing transport in {place}", unit.name()),
        ),
        (_, a) => run.wrong(a),
    }
}

/// Applies the answer to the choice.
pub fn act(ctx: &mut Ctx, run: &mut CardRun, p: Pending, a: Action) -> Result<Next, RuleError> {
    let here = run.here;
    match (p, a) {
        (Pending::GainByShape { mut left, only }, Action::Build { unit }) => {
            let Some(&shape) = left.first() else { return Err(run.wrong(&Action::Build { unit })) };
            let Some(p) = here else { return Err(run.wrong(&Action::Build { unit })) };
            if !gainable(ctx.s, run.faction, shape, only).contains(&unit) {
                return Err(run.wrong(&Action::Build { unit }));
            }
            board::gain_units(ctx, run.faction, p, unit, 1);
            left.remove(0);
            Ok(gain_by_shape(ctx, run, left, only))
        }
        (
            Pending::DestroyHealth { left, only, either_side, units, units_left },
            Action::Pick(Pick::Unit { place, unit }),
        ) if Some(place) == here
            && units_left != Some(0)
            && destroyable(ctx.s, run, left, only, either_side, &units).contains(&unit) =>
        {
            board::destroy_unit(ctx, catalog().unit(unit).faction, place, unit);
            let left = left - health(unit).unwrap_or(0);
            let units_left = units_left.map(|n| n - 1);
            Ok(if left == 0 || units_left == Some(0) {
                Next::Done
            } else {
                Next::Wait(super::Pending::Units(Pending::DestroyHealth {
                    left,
                    only,
                    either_side,
                    units,
                    units_left,
                }))
            })
        }
        (Pending::Evict, a) => enemy_units::evict_act(ctx, run, a),
        (Pending::ByShape { shape, theater }, a) => enemy_units::by_shape_act(ctx, run, shape, theater, a),
        (Pending::DestroyHealth { .. }, Action::Done) => Ok(Next::Done),
        (Pending::Move(m), a) => unit_moves::act(ctx, run, m, a),
        (Pending::Strand { faction, place }, Action::Pick(Pick::Unit { place: at, unit }))
            if at == place && board::strandable(ctx.s, faction, place).contains(&unit) =>
        {
            board::destroy_unit(ctx, faction, place, unit);
            Ok(strand(ctx, faction, place))
        }
        (_, a) => Err(run.wrong(&a)),
    }
}
