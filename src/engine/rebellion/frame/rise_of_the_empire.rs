//! Rise of the Empire's own frames: a leader pool over its limit, and a card window after a
//! combat or a phase (their rules are in `rise_of_the_empire/`).

use serde::{Deserialize, Serialize};

use crate::content::*;
use crate::engine::rebellion::cards::Trigger;
use crate::engine::rebellion::pieces::Place;

/// A faction eliminating leaders from its pool down to the limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PoolLimit {
    /// Whose pool.
    pub faction: Faction,
}

/// A window in which one seat may use action cards answering one moment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardWindow {
    /// Who may answer.
    pub faction: Faction,
    /// The moment answered.
    pub trigger: Trigger,
    /// Where it happened.
    pub place: Option<Place>,
}
