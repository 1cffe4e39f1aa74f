//! The names of the asset files the catalog is read from, as errors and overrides name them.

/// Board file: regions, systems, adjacency, the "Rebel Base" space.
pub const BOARD: &str = "assets/board.json";
/// Unit file: unit types, build options, starting units.
pub const UNITS: &str = "assets/units.json";
/// Leader file.
pub const LEADERS: &str = "assets/leaders.json";
/// Time-track file.
pub const TIME_TRACK: &str = "assets/time_track.json";
/// Dice file.
pub const DICE: &str = "assets/dice.json";
/// Mission file.
pub const MISSIONS: &str = "assets/missions.json";
/// Action-card file.
pub const ACTION_CARDS: &str = "assets/action_cards.json";
/// Objective file.
pub const OBJECTIVES: &str = "assets/objectives.json";
/// Tactic-card file.
pub const TACTICS: &str = "assets/tactics.json";
/// Rise of the Empire's unit file: its units and what the icons build beside the base ones.
pub const ROTE_UNITS: &str = "assets/rote/units.json";
/// Rise of the Empire's leader file.
pub const ROTE_LEADERS: &str = "assets/rote/leaders.json";
/// Rise of the Empire's dice file (the green die).
pub const ROTE_DICE: &str = "assets/rote/dice.json";
/// Rise of the Empire's advanced tactic cards (cinematic combat).
pub const ROTE_TACTICS: &str = "assets/rote/advanced_tactics.json";
/// Rise of the Empire's mission file: its missions and the printings that replace base ones.
pub const ROTE_MISSIONS: &str = "assets/rote/missions.json";
/// Rise of the Empire's action-card file.
pub const ROTE_ACTION_CARDS: &str = "assets/rote/action_cards.json";
/// Rise of the Empire's objective file.
pub const ROTE_OBJECTIVES: &str = "assets/rote/objectives.json";
/// The team game's turn order.
pub const TEAM: &str = "assets/team.json";
/// The readings Holonet follows where a card's text leaves room (the card lookup's).
pub const RULINGS: &str = "assets/rulings.json";

/// The base game's asset files, as accepted by `Catalog::load_from_strs`.
pub const ASSET_FILES: [&str; 9] =
    [BOARD, UNITS, LEADERS, TIME_TRACK, DICE, MISSIONS, ACTION_CARDS, OBJECTIVES, TACTICS];
