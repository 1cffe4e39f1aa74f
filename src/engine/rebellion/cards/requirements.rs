//! Objective cards as declared data: what must hold for the Rebels to score one (Rules
//! Reference, Objective Cards). A requirement either looks at the board (start-of-Refresh
//! objectives) or at the combat being fought (combat objectives); a card lists several, all of
//! which must hold.

use serde::{Deserialize, Serialize};

use crate::content::*;
use crate::engine::rebellion::combat::Combat;
use crate::engine::rebellion::mission::system_ok;
use crate::engine::rebellion::state::{Place, State};

/// One thing an objective requires.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "op", deny_unknown_fields)]
pub enum Requirement {
    /// At least `count` systems meet every condition of `all` and, if `any` is given, at least
    /// one of `any`.
    SystemsAtLeast {
        /// How many systems.
        count: u8,
        /// Conditions each of them meets.
        #[serde(default)]
        all: Vec<TargetCondition>,
        /// Conditions each of them meets at least one of.
        #[serde(default)]
        any: Vec<TargetCondition>,
    },
    /// In some region, every populous system left (not destroyed) meets the conditions.
    WholeRegion {
        /// The conditions.
        all: Vec<TargetCondition>,
    },
    /// No Rebel leader is captured.
    NoCapturedLeader,
    /// The Rebels began the combat being fought.
    RebelsAttacked,
    /// Imperial units of a theater with at least this much health in total were destroyed in
    /// the combat being fought.
    ImperialHealthDestroyed {
        /// The theater.
        theater: Theater,
        /// The total health.
        at_least: u8,
    },
    /// An Imperial unit of one of these types was destroyed in the combat being fought.
    ImperialDestroyed {
        /// The unit types.
        units: Vec<UnitId>,
    },
    /// The Rebels won a battle of the combat being fought (of this theater, if given).
    RebelsWonBattle {
        /// The theater.
        #[serde(default)]
        theater: Option<Theater>,
    },
    /// The combat's system was subjugated when the combat began.
    WasSubjugated,
    /// One of these Imperial leaders is in the combat's system.
    ImperialLeaderHere {
        /// The leaders.
        leaders: Vec<LeaderId>,
    },
    /// Rise of the Empire (Support of the Hutts): at least `count` systems of the region of
    /// `region_of` meet every condition of `all`.
    SystemsInRegionAtLeast {
        /// A system of the region.
        region_of: SystemId,
        /// How many systems.
        count: u8,
        /// Conditions each of them meets.
        all: Vec<TargetCondition>,
    },
    /// Rise of the Empire (Defensive Position): one system (the Rebel Base space is not one)
    /// holds at least this many Rebel structures.
    RebelStructuresInASystem {
        /// How many structures.
        at_least: u8,
    },
    /// Rise of the Empire (Threaten the Core): a system and the systems adjacent to it hold at
    /// least this many Rebel units between them.
    RebelUnitsAround {
        /// The system.
        system: SystemId,
        /// How many units.
        at_least: u8,
    },
    /// Rise of the Empire (Seize Control): the combat's system meets every condition.
    CombatSystem {
        /// The conditions.
        all: Vec<TargetCondition>,
    },
    /// Rise of the Empire (Raid Imperial Factory): the combat's system has a resource icon of
    /// this shape.
    CombatSystemIcon {
        /// The icon's shape.
        shape: IconShape,
    },
    /// Rise of the Empire (The Long War): the Rebel hand holds at least this many objective
    /// cards besides the one played.
    OtherObjectivesInHand {
        /// How many.
        count: u8,
    },
    /// Rise of the Empire (A Time for Peace): the Rebel build queue holds a unit for every
    /// shape listed, counted with repeats.
    RebelQueueShapes {
        /// The shapes, one entry per unit.
        shapes: Vec<IconShape>,
    },
}

/// Rebel units in a system (any theater).
fn rebel_units(s: &State, x: SystemId) -> u32 {
    s.units(Place::System(x), Faction::Rebel).iter().map(|(_, n)| n as u32).sum()
}

/// Rebel structures in a system.
fn rebel_structures(s: &State, x: SystemId) -> u32 {
    s.units(Place::System(x), Faction::Rebel)
        .iter()
        .filter(|(u, _)| catalog().unit(*u).class == UnitClass::Structure)
        .map(|(_, n)| n as u32)
        .sum()
}

fn destroyed_health(c: &Combat, t: Theater) -> u32 {
    c.destroyed
        .iter()
        .filter(|(f, u)| *f == Faction::Empire && catalog().unit(*u).theater == t)
        .map(|(_, u)| catalog().unit(*u).health.map_or(0, |(h, _)| h as u32))
        .sum()
}

/// Whether a requirement holds now; `combat` is the combat being fought, if any (a combat
/// requirement never holds outside one).
pub fn holds(s: &State, combat: Option<&Combat>, r: &Requirement) -> bool {
    let meets = |x: SystemId, all: &[TargetCondition], any: &[TargetCondition]| {
        all.iter().all(|c| system_ok(s, x, c)) && (any.is_empty() || any.iter().any(|c| system_ok(s, x, c)))
    };
    match r {
        Requirement::SystemsAtLeast { count, all, any } => {
            // Counting stops once there are enough.
            let n = *count as usize;
            SystemId::all().filter(|&x| meets(x, all, any)).take(n).count() >= n
        }
        Requirement::WholeRegion { all } => RegionId::all().any(|r| {
            let c = catalog();
            let mut left = SystemId::all()
                .filter(|&x| c.system(x).region == r && c.system(x).populous && !s.sys(x).destroyed)
                .peekable();
            left.peek().is_some() && left.all(|x| meets(x, all, &[]))
        }),
        Requirement::NoCapturedLeader => s.captured.is_empty(),
        Requirement::RebelsAttacked => combat.is_some_and(|c| c.attacker == Faction::Rebel),
        Requirement::ImperialHealthDestroyed { theater, at_least } => {
            combat.is_some_and(|c| destroyed_health(c, *theater) >= *at_least as u32)
        }
        Requirement::ImperialDestroyed { units } => combat
            .is_some_and(|c| c.destroyed.iter().any(|(f, u)| *f == Faction::Empire && units.contains(u))),
        Requirement::RebelsWonBattle { theater } => combat.is_some_and(|c| match theater {
            Some(t) => c.won.rebel.contains(t),
            None => !c.won.rebel.is_empty(),
        }),
        Requirement::WasSubjugated => combat.is_some_and(|c| c.was_subjugated),
        Requirement::ImperialLeaderHere { leaders } => {
            combat.is_some_and(|c| s.zone(c.place).leaders.empire.iter().any(|l| leaders.contains(l)))
        }
        Requirement::SystemsInRegionAtLeast { region_of, count, all } => {
            let region = catalog().system(*region_of).region;
            let n = *count as usize;
            SystemId::all()
                .filter(|&x| catalog().system(x).region == region && meets(x, all, &[]))
                .take(n)
                .count()
                >= n
        }
        Requirement::RebelStructuresInASystem { at_least } => {
            SystemId::all().any(|x| rebel_structures(s, x) >= *at_least as u32)
        }
        Requirement::RebelUnitsAround { system, at_least } => {
            let around = std::iter::once(*system).chain(catalog().system(*system).adjacent.iter().copied());
            around.map(|x| rebel_units(s, x)).sum::<u32>() >= *at_least as u32
        }
        Requirement::CombatSystem { all } => {
            combat.and_then(|c| c.place.system()).is_some_and(|x| meets(x, all, &[]))
        }
        Requirement::RebelQueueShapes { shapes } => {
            super::queue_moves::own_shapes_queued(s, Faction::Rebel, shapes)
        }
        Requirement::OtherObjectivesInHand { count } => s.hands.rebel.objectives.len() > *count as usize,
        Requirement::CombatSystemIcon { shape } => combat
            .and_then(|c| c.place.system())
            .is_some_and(|x| catalog().system(x).icons.iter().any(|i| i.shape == *shape)),
    }
}

/// Whether every requirement of a list holds now.
pub fn all_hold(s: &State, combat: Option<&Combat>, rs: &[Requirement]) -> bool {
    rs.iter().all(|r| holds(s, combat, r))
}
