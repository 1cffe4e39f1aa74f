//! The frame of one revealed mission (its rules are in `mission/`).

use serde::{Deserialize, Serialize};

use crate::content::*;
use crate::engine::rebellion::pieces::{Place, Ring};

/// Where a revealed mission stands (Rules Reference, Mission Cards, steps 3–7). Between the
/// steps are the windows where action cards and rings answer the mission; a window asks only a
/// player who holds something usable there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MissionStep {
    /// Just revealed: the revealer's cards that go with the reveal (Blindside).
    Revealed,
    /// The opponent may send a leader to oppose.
    Oppose,
    /// Before any dice: cards answering an attempt (Undercover, Wookiee Guardian) and cards
    /// that set dice instead of rolling them (One in a Million).
    BeforeDice,
    /// Dice are rolled (or the mission succeeds unopposed).
    Roll,
    /// After the roll: rings that change dice (R2-D2, Master Yoda).
    Dice,
    /// The result, and what can change it (C-3PO).
    Result,
    /// The card's ability starts (a card frame carries it out).
    Effect,
    /// After the ability: cards and rings answering a success, a rescue or a capture.
    After,
    /// The card returns to hand or is discarded.
    Finish,
}

/// One revealed mission in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MissionRun {
    /// Who revealed it.
    pub faction: Faction,
    /// The card.
    pub mission: MissionId,
    /// The leaders assigned to it.
    pub leaders: Vec<LeaderId>,
    /// Where it happens.
    pub place: Option<Place>,
    /// The leader it is attempted against.
    pub target: Option<LeaderId>,
    /// The current step.
    pub step: MissionStep,
    /// Factions that declined to use anything at the current window.
    #[serde(default)]
    pub passed: Vec<Faction>,
    /// The dice each side rolled (after cards and rings changed them).
    #[serde(default)]
    pub dice: ByFaction<Vec<DieFace>>,
    /// Faces a side set instead of rolling those dice (One in a Million).
    #[serde(default)]
    pub set_faces: ByFaction<Vec<DieFace>>,
    /// Extra successes of the revealing side (portrait, Contingency Plan), fixed at the roll.
    #[serde(default)]
    pub bonus: u32,
    /// No leader may be sent from the opponent's pool to oppose it (Blindside).
    #[serde(default)]
    pub no_pool_opposition: bool,
    /// It fails before any dice are rolled (Wookiee Guardian).
    #[serde(default)]
    pub fails: bool,
    /// Whether it succeeded (set at the Result step).
    #[serde(default)]
    pub success: bool,
    /// The captured leaders when it was revealed (to see whom it rescued or captured).
    #[serde(default)]
    pub captured_before: Vec<LeaderId>,
    /// Leaders its ability rescued whose rescue the opponent could already answer, right after
    /// it (It Is Your Destiny): the windows after the ability do not offer that moment again.
    #[serde(default)]
    pub rescues_answered: Vec<LeaderId>,
    /// A ring ability waiting for the die it acts on.
    #[serde(default)]
    pub ring: Option<Ring>,
    /// How many of each side's `dice` are green, the last ones of its list (Rise of the
    /// Empire: minor skill icons roll green dice).
    #[serde(default, skip_serializing_if = "no_green")]
    pub green: ByFaction<u8>,
    /// Extra dice the opposition rolls from a card revealed in the opposition step (Rise of the
    /// Empire: Subversion); not zero once one was revealed, and only one may be.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub subversion_dice: u8,
    /// Captives a capture during this mission freed, with where they were held: a capture
    /// that is replaced ("instead", Noble Sacrifice) never happened, so they are held again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub freed_by_capture: Vec<(LeaderId, Place)>,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

fn no_green(g: &ByFaction<u8>) -> bool {
    g.rebel == 0 && g.empire == 0
}
