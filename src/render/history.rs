//! The data of a match's public history, round by round, as the end-of-match chart draws it.
//! A game's adapter samples its states into these points (`games::rebellion::history`); kept
//! here, below the games, so that drawing a chart needs nothing of any game.

use serde::{Deserialize, Serialize};

use crate::content::Faction;

/// When a [`RoundPoint`] was taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Moment {
    /// The end of setup, before round 1 begins (its `round` is 0).
    Start,
    /// The end of the round named by the point, after its Refresh Phase (time advanced, new
    /// units deployed).
    RoundEnd,
    /// The state after the last action: the end of the game if it is over (its `round` is the
    /// round the game ended in, which never also has a `RoundEnd` point).
    Last,
}

/// One point of a match's history: the public state at one [`Moment`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundPoint {
    /// The round: 0 for the start, the round that ended, or the current round for the last point.
    pub round: u32,
    /// When the point was taken.
    pub moment: Moment,
    /// The time marker's space.
    pub time: u8,
    /// The reputation marker's space.
    pub reputation: u8,
    /// Units on the board, `[rebel, empire]`: every system plus the Rebel Base space (build
    /// queues and supply left out).
    pub units: [u32; 2],
    /// Systems held, `[rebel, empire]`: Rebel-loyal and not subjugated; Imperial-loyal or
    /// subjugated. Destroyed systems count for nobody.
    pub systems: [u32; 2],
    /// The winner, on the last point of a finished game only.
    pub winner: Option<Faction>,
}

impl RoundPoint {
    /// A faction's units on the board.
    pub fn units_of(&self, f: Faction) -> u32 {
        self.units[slot(f)]
    }
    /// The systems a faction holds.
    pub fn systems_of(&self, f: Faction) -> u32 {
        self.systems[slot(f)]
    }
}

/// Index of a faction in the `[rebel, empire]` arrays of a [`RoundPoint`].
pub fn slot(f: Faction) -> usize {
    match f {
        Faction::Rebel => 0,
        Faction::Empire => 1,
    }
}
