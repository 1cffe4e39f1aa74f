//! Raw serde mirrors of the asset files: references are plain strings here, resolved into
//! typed ids by `load`. Unknown fields are errors (typos must not pass silently); an entry may
//! carry a free-text `note` and, where the reference data is unsure, an `uncertain` remark,
//! which the catalog ignores.

use serde::Deserialize;

use super::defs::*;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawBoard {
    #[serde(default, rename = "note")]
    pub(super) _note: Option<String>,
    pub(super) regions: Vec<RawRegion>,
    pub(super) systems: Vec<RawSystem>,
    pub(super) adjacency: Vec<(String, String)>,
    pub(super) impassable: Vec<(String, String)>,
    pub(super) rebel_base_space: RawBaseSpace,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawRegion {
    pub(super) id: String,
    pub(super) name: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawSystem {
    pub(super) id: String,
    pub(super) name: String,
    pub(super) region: String,
    pub(super) populous: bool,
    pub(super) fixed_imperial: bool,
    pub(super) icons: Vec<ResourceIcon>,
    pub(super) build_queue_space: Option<u8>,
    pub(super) probe_card: bool,
    pub(super) setup_mark: Option<Faction>,
    pub(super) adjacent: Vec<String>,
    pub(super) coords: (f32, f32),
    #[serde(default, rename = "note")]
    pub(super) _note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawBaseSpace {
    pub(super) icons: Vec<ResourceIcon>,
    pub(super) build_queue_space: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawUnits {
    pub(super) units: Vec<RawUnit>,
    pub(super) build_options: ByFaction<Vec<RawBuildOption>>,
    pub(super) starting_units: ByFaction<Vec<RawStartingUnit>>,
}

/// An expansion's unit file: its units, and the units its icons build beside the base ones.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawExpansionUnits {
    #[serde(default, rename = "note")]
    pub(super) _note: Option<String>,
    pub(super) units: Vec<RawUnit>,
    pub(super) build_options: ByFaction<Vec<RawBuildOption>>,
    pub(super) starting_units: RawExpansionStart,
}

/// An expansion's own starting-unit list.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawExpansionStart {
    #[serde(default, rename = "note")]
    pub(super) _note: Option<String>,
    pub(super) empire: RawExpansionEmpireStart,
    pub(super) rebel: RawExpansionRebelStart,
}

/// The Empire's part of an expansion's starting units.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawExpansionEmpireStart {
    pub(super) queue: Vec<RawQueuedStart>,
    pub(super) remote: Vec<RawStartingUnit>,
    pub(super) units: Vec<RawStartingUnit>,
}

/// The Rebels' part of an expansion's starting units.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawExpansionRebelStart {
    pub(super) units: Vec<RawStartingUnit>,
}

/// Units that start on a build-queue space.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawQueuedStart {
    pub(super) unit: String,
    pub(super) count: u8,
    pub(super) space: u8,
}

/// An expansion's leader file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawExpansionLeaders {
    #[serde(default, rename = "note")]
    pub(super) _note: Option<String>,
    pub(super) leaders: Vec<RawLeader>,
}

/// Rise of the Empire's dice file: the green die.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawGreenDice {
    #[serde(default, rename = "note")]
    pub(super) _note: Option<String>,
    pub(super) green: [DieFace; 6],
    pub(super) green_limit: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawUnit {
    pub(super) id: String,
    pub(super) name: String,
    pub(super) faction: Faction,
    pub(super) theater: Theater,
    pub(super) class: UnitClass,
    pub(super) attack: RawAttack,
    pub(super) health: Option<RawHealth>,
    pub(super) transport_capacity: u8,
    pub(super) requires_transport: bool,
    pub(super) immobile: bool,
    pub(super) build_icon: Option<ResourceIcon>,
    pub(super) count_in_box: u8,
    pub(super) ability: Option<UnitAbility>,
    #[serde(default, rename = "ability_text")]
    pub(super) _ability_text: Option<String>,
    #[serde(default, rename = "note")]
    pub(super) _note: Option<String>,
    #[serde(default, rename = "uncertain")]
    pub(super) _uncertain: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawAttack {
    pub(super) black: u8,
    pub(super) red: u8,
    /// Green dice (Rise of the Empire units); absent for the base units.
    #[serde(default)]
    pub(super) green: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawHealth {
    pub(super) value: u8,
    pub(super) color: DieColor,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawBuildOption {
    pub(super) icon: ResourceIcon,
    pub(super) units: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawStartingUnit {
    pub(super) unit: String,
    pub(super) count: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawLeaders {
    pub(super) leaders: Vec<RawLeader>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawLeader {
    pub(super) id: String,
    pub(super) name: String,
    pub(super) faction: Faction,
    pub(super) starting: bool,
    /// Its colour in the team game.
    pub(super) team_colour: TeamColour,
    pub(super) skills: RawSkills,
    /// Minor skill icons (Rise of the Empire leaders); absent for the base leaders.
    #[serde(default)]
    pub(super) minor_skills: Option<RawSkills>,
    pub(super) space_tactics: u8,
    pub(super) ground_tactics: u8,
    #[serde(default, rename = "note")]
    pub(super) _note: Option<String>,
    #[serde(default, rename = "uncertain")]
    pub(super) _uncertain: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawSkills {
    pub(super) diplomacy: u8,
    pub(super) intel: u8,
    pub(super) logistics: u8,
    pub(super) spec_ops: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawTimeTrack {
    pub(super) length: u8,
    pub(super) time_start: u8,
    pub(super) reputation_start: u8,
    pub(super) recruit: Vec<u8>,
    pub(super) build: Vec<u8>,
    #[serde(default, rename = "note")]
    pub(super) _note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawDice {
    pub(super) faces: [DieFace; 6],
    #[serde(default, rename = "note")]
    pub(super) _note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawMissions {
    pub(super) missions: Vec<RawMission>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawMission {
    pub(super) id: String,
    pub(super) name: String,
    pub(super) faction: Faction,
    pub(super) copies: u8,
    pub(super) skill: Skill,
    pub(super) requirement: u8,
    pub(super) starting: bool,
    pub(super) project: bool,
    pub(super) portrait: Option<String>,
    pub(super) mode: MissionMode,
    pub(super) count_all_skills: bool,
    pub(super) target: MissionTargetKind,
    pub(super) conditions: Vec<RawCondition>,
    pub(super) text: String,
    #[serde(default, rename = "note")]
    pub(super) _note: Option<String>,
    /// The set icon printed on the card; when absent, read from the portrait (base missions).
    #[serde(default)]
    pub(super) icon: Option<MissionIcon>,
    /// The base mission an expansion printing takes the place of.
    #[serde(default)]
    pub(super) replaces: Option<String>,
    #[serde(default, rename = "uncertain")]
    pub(super) _uncertain: Option<String>,
    // The card's behaviour, read by the engine's card catalog (`engine::rebellion::cards`).
    #[serde(default, rename = "dice")]
    pub(super) _dice: Option<serde_json::Value>,
    #[serde(default, rename = "effects")]
    pub(super) _effects: Option<serde_json::Value>,
    #[serde(default, rename = "on_failure")]
    pub(super) _on_failure: Option<serde_json::Value>,
    #[serde(default, rename = "returns_to_hand")]
    pub(super) _returns_to_hand: Option<serde_json::Value>,
    #[serde(default, rename = "roll_unopposed")]
    pub(super) _roll_unopposed: Option<serde_json::Value>,
    #[serde(default, rename = "on_target_removed")]
    pub(super) _on_target_removed: Option<serde_json::Value>,
    #[serde(default, rename = "while_target")]
    pub(super) _while_target: Option<serde_json::Value>,
    #[serde(default, rename = "opposes")]
    pub(super) _opposes: Option<serde_json::Value>,
}

/// Mirror of [`TargetCondition`] with string references.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
pub(super) enum RawCondition {
    Populous,
    Remote,
    ContainsImperialUnit,
    ContainsImperialShip,
    NoImperialUnit,
    NoRebelUnit,
    NoRebelGroundUnit,
    Neutral,
    RebelLoyalty,
    ContainsRebelUnit,
    RebelSystem,
    ImperialSystem,
    ImperialLoyalty,
    Subjugated,
    NoSabotageMarker,
    Sabotaged,
    ContainsCapturedLeader,
    CapturedLeader,
    RebelLeaderOnBoard,
    LeaderSystemContainsImperialUnit,
    Named(String),
    ContainsAny(Vec<String>),
    HasIcon(ResourceIcon),
    NoRebelLoyalty,
    SubjugatedOrRebelSystem,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawActionCards {
    #[serde(default, rename = "note")]
    pub(super) _note: Option<String>,
    pub(super) action_cards: Vec<RawActionCard>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawActionCard {
    pub(super) id: String,
    pub(super) name: String,
    pub(super) faction: Faction,
    pub(super) starting: bool,
    pub(super) leaders: Vec<String>,
    pub(super) timing: ActionTiming,
    pub(super) text: String,
    /// The base printing an expansion card replaces (its id).
    #[serde(default)]
    pub(super) replaces: Option<String>,
    #[serde(default, rename = "note")]
    pub(super) _note: Option<String>,
    #[serde(default, rename = "uncertain")]
    pub(super) _uncertain: Option<String>,
    // The card's behaviour, read by the engine's card catalog (`engine::rebellion::cards`).
    #[serde(default, rename = "leader")]
    pub(super) _leader: Option<serde_json::Value>,
    #[serde(default, rename = "trigger")]
    pub(super) _trigger: Option<serde_json::Value>,
    #[serde(default, rename = "effects")]
    pub(super) _effects: Option<serde_json::Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawObjectives {
    #[serde(default, rename = "note")]
    pub(super) _note: Option<String>,
    pub(super) objectives: Vec<RawObjective>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawObjective {
    pub(super) id: String,
    pub(super) name: String,
    pub(super) stage: u8,
    pub(super) reputation: Option<u8>,
    pub(super) copies: u8,
    pub(super) timing: ObjectiveTiming,
    pub(super) text: String,
    #[serde(default, rename = "note")]
    pub(super) _note: Option<String>,
    #[serde(default, rename = "uncertain")]
    pub(super) _uncertain: Option<String>,
    // The card's behaviour, read by the engine's card catalog (`engine::rebellion::cards`).
    #[serde(default, rename = "behavior")]
    pub(super) _behavior: Option<serde_json::Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawTactics {
    pub(super) tactics: Vec<RawTactic>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawTactic {
    pub(super) id: String,
    pub(super) name: String,
    pub(super) theater: Theater,
    pub(super) copies: u8,
    pub(super) needs_special: bool,
    pub(super) window: TacticWindow,
    pub(super) text: String,
    #[serde(default, rename = "note")]
    pub(super) _note: Option<String>,
}

// ------------------------------------------------------------------------------------------
// Name resolution.
