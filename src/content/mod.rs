//! Game content: the assets in `assets/` loaded once into a typed, validated catalog.

mod advanced;
mod defs;
mod error;
pub mod evr;
mod files;
mod ids;
mod load;
mod raw;
pub mod rulings;
mod sheet;
mod team;
mod validate;

pub use advanced::*;
pub use defs::*;
pub use error::ContentError;
pub use ids::{
    ActionCardId, AdvancedTacticId, LeaderId, MissionId, ObjectiveId, RegionId, SystemId, TacticId, UnitId,
    UnknownName, distance, echo, lookup, normalise,
};
pub use sheet::{CardSet, CardSheet};
pub use team::{TeamRole, TeamRules};

use std::sync::OnceLock;

/// Everything the Rebellion engine knows about the box: board, units, leaders and cards.
#[derive(Clone, Debug)]
pub struct Catalog {
    /// The eight regions.
    pub regions: Vec<RegionDef>,
    /// The 32 systems, in board order.
    pub systems: Vec<SystemDef>,
    /// Pairs of systems separated by an impassable area (drawn, never crossed).
    pub impassable: Vec<(SystemId, SystemId)>,
    /// Resource icons of the "Rebel Base" space.
    pub base_space_icons: Vec<ResourceIcon>,
    /// Build-queue space of the "Rebel Base" space's icons.
    pub base_space_queue: u8,
    /// Unit types.
    pub units: Vec<UnitDef>,
    /// Per faction, which units each resource icon builds.
    pub build_options: ByFaction<Vec<BuildOption>>,
    /// Units each faction receives in the full-game setup.
    pub starting_units: ByFaction<Vec<(UnitId, u8)>>,
    /// Rise of the Empire's starting-unit list, used instead when both players agree to it.
    pub expansion_start: ExpansionStart,
    /// Leaders.
    pub leaders: Vec<LeaderDef>,
    /// Mission card titles (both factions, projects included).
    pub missions: Vec<MissionDef>,
    /// Action cards.
    pub action_cards: Vec<ActionCardDef>,
    /// Objective card titles.
    pub objectives: Vec<ObjectiveDef>,
    /// Tactic card titles.
    pub tactics: Vec<TacticDef>,
    /// Rise of the Empire's advanced tactic cards (cinematic combat), after the base content.
    pub advanced_tactics: Vec<AdvancedTacticDef>,
    /// The team game's rules that are data (its turn order).
    pub team: TeamRules,
    /// The time track.
    pub time_track: TimeTrack,
    /// Faces of the six-sided combat/mission dice (red and black are the same).
    pub die_faces: [DieFace; 6],
    /// Faces of the green die (Rise of the Empire).
    pub green_die_faces: [DieFace; 6],
    /// The most green dice one mission attempt or attack rolls (Rise of the Empire).
    pub green_dice_limit: u8,
    /// Per theater (by `Theater as usize`), 0xFF at each unit type of that theater and 0
    /// elsewhere: lets a count of units tell whether any ship or ground unit is there without
    /// looking each type up (asked for every system at every step).
    theater_masks: [[u8; MAX_UNIT_TYPES]; 2],
}

/// The most unit types a catalog may have, so per-type counts fit a fixed array of two machine
/// words: the Rules Reference's 18 and Rise of the Empire's 8 (validation refuses any other).
pub const MAX_UNIT_TYPES: usize = 32;

/// The most leaders a catalog may have, so where each stands fits a fixed table
/// (`State::leader_places`): the Rules Reference's 25 and Rise of the Empire's 8 (validation
/// refuses more).
pub const MAX_LEADERS: usize = 64;

static CATALOG: OnceLock<Catalog> = OnceLock::new();

/// The catalog built from the assets compiled into the binary.
///
/// Panics with the validation error if the embedded assets are invalid; `init` reports the
/// same error without panicking and should be called first at startup.
pub fn catalog() -> &'static Catalog {
    CATALOG.get_or_init(|| match Catalog::load_embedded() {
        Ok(c) => c,
        Err(e) => panic!("invalid game content: {e}"),
    })
}

/// Loads and validates the embedded content (Rebellion's and Empire vs. Rebellion's, and the
/// card lookup's rulings); call once at startup to fail with a clear error.
pub fn init() -> Result<&'static Catalog, ContentError> {
    evr::init()?;
    let c = match CATALOG.get() {
        Some(c) => c,
        None => {
            let c = Catalog::load_embedded()?;
            CATALOG.get_or_init(|| c)
        }
    };
    rulings::init()?;
    Ok(c)
}

impl Catalog {
    /// The definition of a system.
    pub fn system(&self, id: SystemId) -> &SystemDef {
        &self.systems[id.0 as usize]
    }
    /// The definition of a unit type.
    pub fn unit(&self, id: UnitId) -> &UnitDef {
        &self.units[id.0 as usize]
    }
    /// The definition of a leader.
    pub fn leader(&self, id: LeaderId) -> &LeaderDef {
        &self.leaders[id.0 as usize]
    }
    /// The definition of a mission.
    pub fn mission(&self, id: MissionId) -> &MissionDef {
        &self.missions[id.0 as usize]
    }
    /// The definition of an action card.
    pub fn action_card(&self, id: ActionCardId) -> &ActionCardDef {
        &self.action_cards[id.0 as usize]
    }
    /// The definition of an objective.
    pub fn objective(&self, id: ObjectiveId) -> &ObjectiveDef {
        &self.objectives[id.0 as usize]
    }
    /// The definition of a tactic card.
    pub fn tactic(&self, id: TacticId) -> &TacticDef {
        &self.tactics[id.0 as usize]
    }
    /// Finds a unit type by asset id; for the few units the rules name (Death Star, …).
    pub fn unit_by_key(&self, key: &str) -> Option<UnitId> {
        self.units.iter().position(|u| u.id == key).map(|i| UnitId(i as u16))
    }
    /// Finds a mission by asset id.
    pub fn mission_by_key(&self, key: &str) -> Option<MissionId> {
        self.missions.iter().position(|u| u.id == key).map(|i| MissionId(i as u16))
    }
    /// Finds an objective by asset id.
    pub fn objective_by_key(&self, key: &str) -> Option<ObjectiveId> {
        self.objectives.iter().position(|u| u.id == key).map(|i| ObjectiveId(i as u16))
    }
    /// Finds a tactic card by asset id.
    pub fn tactic_by_key(&self, key: &str) -> Option<TacticId> {
        self.tactics.iter().position(|u| u.id == key).map(|i| TacticId(i as u16))
    }
    /// The definition of an advanced tactic card (Rise of the Empire).
    pub fn advanced_tactic(&self, id: AdvancedTacticId) -> &AdvancedTacticDef {
        &self.advanced_tactics[id.0 as usize]
    }
    /// Finds an advanced tactic card by asset id.
    pub fn advanced_tactic_by_key(&self, key: &str) -> Option<AdvancedTacticId> {
        self.advanced_tactics.iter().position(|u| u.id == key).map(|i| AdvancedTacticId(i as u16))
    }
    /// Finds a system by asset id.
    pub fn system_by_key(&self, key: &str) -> Option<SystemId> {
        self.systems.iter().position(|u| u.id == key).map(|i| SystemId(i as u16))
    }
    /// Finds a leader by asset id.
    pub fn leader_by_key(&self, key: &str) -> Option<LeaderId> {
        self.leaders.iter().position(|u| u.id == key).map(|i| LeaderId(i as u16))
    }
    /// Whether two systems are adjacent.
    pub fn adjacent(&self, a: SystemId, b: SystemId) -> bool {
        self.system(a).adjacent.contains(&b)
    }
    /// 0xFF at each unit type of a theater, 0 elsewhere (indexed like unit ids).
    pub fn theater_mask(&self, t: Theater) -> &[u8; MAX_UNIT_TYPES] {
        &self.theater_masks[t as usize]
    }
    /// Total of each unit type in the box, per faction owner.
    pub fn box_count(&self, id: UnitId) -> u8 {
        self.unit(id).count_in_box
    }
}
