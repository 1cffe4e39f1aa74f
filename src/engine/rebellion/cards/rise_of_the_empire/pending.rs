//! The choices the expansion's effect families wait for, as data: what a card run holds while
//! it waits (`Pending` in `cards/ability.rs`), below the families that ask and answer them.

use serde::{Deserialize, Serialize};

use crate::content::*;

/// Who picks where a card's markers go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Picker {
    /// The card's player.
    Owner,
    /// The card's player's opponent (Raid Outposts: the Empire).
    Opponent,
}

/// A choice of the action cards answering the end of a combat (Track Them, Something to Fight
/// For).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionsPending {
    /// Which leader goes back to the pool.
    Recall,
    /// Which discarded objective goes on top of the deck.
    Objective,
}

/// A hands-family choice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HandsPending {
    /// Which seen mission to take next.
    Take {
        /// The cards seen and not taken, off the deck meanwhile.
        seen: Vec<MissionId>,
        /// How many more to take.
        left: u8,
    },
    /// Which discarded mission to take.
    FromDiscard,
    /// Which enemy mission to discard.
    Discard,
    /// Which tactic deck to look at.
    TacticDeck {
        /// How many cards.
        count: u8,
    },
    /// Whether the seen tactic cards stay on top (`mode 1`) or go to the bottom (`mode 2`).
    TacticsPlace {
        /// The deck.
        theater: Theater,
        /// How many cards.
        count: u8,
    },
}

/// A choice of the probe cards kept face down (Secret Facility, Sweep the Area, Under the
/// Radar).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProbesPending {
    /// Which probe card of the hand goes under the card.
    Hide,
    /// Which seen probe card is kept (the others are off the deck meanwhile).
    Keep {
        /// The cards seen.
        seen: Vec<SystemId>,
    },
    /// Where each remaining seen card goes (`pick probe <system> top|bottom`).
    Return {
        /// The cards still to return.
        rest: Vec<SystemId>,
    },
    /// Which enemy leader is the target.
    Target,
}

/// A recruits-family choice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RecruitsPending {
    /// Which leader to recruit.
    Recruit {
        /// The leaders that may come.
        options: Vec<LeaderId>,
    },
    /// Which enemy pool leader to draw out.
    Pull,
}

/// A targets-family choice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TargetsPending {
    /// Which marker of this system to remove.
    PickMarker,
    /// The system of the next marker to place.
    PlaceIn {
        /// Markers left to place, this one included.
        left: u8,
        /// Who picks.
        by: Picker,
        /// What the system must be.
        conditions: Vec<TargetCondition>,
    },
    /// Which objective to discard for reputation, or none.
    Trade {
        /// The reputation gained.
        reputation: u8,
    },
}
