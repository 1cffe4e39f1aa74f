//! What Rise of the Empire adds to the match state: the card records (`RoteCards`), the probe
//! cards kept face down (`HiddenProbes`), the target markers and the objectives in play beside
//! them. Data only, below the state that holds it; the rules are in this folder's other files.

use serde::{Deserialize, Serialize};

use crate::content::*;

/// Card state of a match with Rise of the Empire; empty (and left out of saves) otherwise.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoteCards {
    /// Each faction's starting action cards not dealt, in a random order: Early Promotion and
    /// Rebel Extremist deal one more from here. Secret (never in a view).
    #[serde(default, skip_serializing_if = "both_empty")]
    pub starting_rest: ByFaction<Vec<ActionCardId>>,
    /// Objectives put back in the box unseen at setup (the objective deck of an expansion match
    /// holds 15 of them). Secret, but whether one of them *could* be held is judged as if it
    /// were in the deck (`asking::objective_window`), since nobody knows which they are.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub boxed_objectives: Vec<ObjectiveId>,
    /// Objective cards discarded face up (The Long War), the last one last.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub objective_discard: Vec<ObjectiveId>,
    /// Leaders each pool may hold beyond the limit (Ambitions of Power).
    #[serde(default, skip_serializing_if = "no_bonus")]
    pub pool_bonus: ByFaction<u8>,
}

impl RoteCards {
    /// Whether nothing is recorded (always so in a base match).
    pub fn is_empty(&self) -> bool {
        both_empty(&self.starting_rest)
            && self.boxed_objectives.is_empty()
            && no_bonus(&self.pool_bonus)
            && self.objective_discard.is_empty()
    }
}

fn no_bonus(x: &ByFaction<u8>) -> bool {
    x.rebel == 0 && x.empire == 0
}

fn both_empty(x: &ByFaction<Vec<ActionCardId>>) -> bool {
    x.rebel.is_empty() && x.empire.is_empty()
}

/// A probe card face down under an Imperial action card in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnderCard {
    /// The card in play.
    pub card: ActionCardId,
    /// The probe card under it (its system). Secret to the Rebels.
    pub probe: SystemId,
}

/// Probe cards kept face down by Rise of the Empire's action cards; empty (and left out of
/// saves) in a base match.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HiddenProbes {
    /// Imperial cards in play, each with its probe card (Secret Facility, Sweep the Area).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub under: Vec<UnderCard>,
    /// The probe card the Rebels keep (Under the Radar). Secret to the Empire.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kept: Option<SystemId>,
}

impl HiddenProbes {
    /// Whether nothing is kept (always so in a base match).
    pub fn is_empty(&self) -> bool {
        self.under.is_empty() && self.kept.is_none()
    }

    /// Every probe card kept face down (for the box count).
    pub fn all(&self) -> impl Iterator<Item = SystemId> + '_ {
        self.under.iter().map(|u| u.probe).chain(self.kept)
    }
}

/// The card a target marker belongs to (each marker's art matches its card).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MarkerCard {
    /// A mission card (Secure the Plans).
    Mission(MissionId),
    /// An objective card (Raid Outposts, Rebel Cell, Show No Fear).
    Objective(ObjectiveId),
}

/// One target marker on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TargetMarker {
    /// The card that placed it.
    pub card: MarkerCard,
    /// Its system.
    pub system: SystemId,
}

/// The target markers of a match: those on the board, and those just removed whose card's
/// removal effects have not run yet.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TargetMarkers {
    /// On the board, in the order placed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub placed: Vec<TargetMarker>,
    /// Removed, their card's removal effects still to run (first first).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removed: Vec<TargetMarker>,
    /// The objectives in play beside their markers (`in_play`).
    #[serde(default, skip_serializing_if = "ObjectivesInPlay::is_empty")]
    pub objectives: ObjectivesInPlay,
}

impl TargetMarkers {
    /// Whether no marker is on the board or waiting (what a base match always has).
    pub fn is_empty(&self) -> bool {
        self.placed.is_empty() && self.removed.is_empty() && self.objectives.is_empty()
    }
    /// The markers in a system.
    pub fn in_system(&self, sys: SystemId) -> impl Iterator<Item = &TargetMarker> {
        self.placed.iter().filter(move |m| m.system == sys)
    }
}

/// The objectives in play; empty (and left out of saves) in a base match.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ObjectivesInPlay {
    /// Face up beside the board, the first revealed first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<ObjectiveId>,
    /// The round whose Refresh Phase has already run their start-of-Refresh effects.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upkeep_round: Option<u32>,
}

impl ObjectivesInPlay {
    /// Whether no objective is in play (always so in a base match).
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty() && self.upkeep_round.is_none()
    }
}
