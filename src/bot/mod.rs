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

pub mod determinize;
pub mod eval;
pub mod evr;
pub mod policy;
pub mod search;
pub mod sim;
pub mod versus;

use std::time::Instant;

use crate::content::Faction;
use crate::engine::rebellion::{Action, Decision, Position, State, decision};
use crate::engine::rng::GameRng;

/// How long the computer thinks per decision by default, in milliseconds.
pub const DEFAULT_THINK_MS: u64 = 2_000;
/// The longest the computer may think per decision, in milliseconds.
pub const MAX_THINK_MS: u64 = 10_000;
/// How many leaders the Empire keeps back from missions, to activate systems and oppose.
pub const EMPIRE_RESERVE: usize = 3;
/// How many visits the one-ply evaluation of a root action counts for in the search.
const PRIOR_WEIGHT: f64 = 3.0;

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

/// Chooses an action for the seat that decides now, by search, or `None` when nobody decides
/// (the game is over) or the match is one the computer does not play (`plays`). A decision with
/// one option is answered at once.
pub fn choose(state: &State, budget: Budget, seed: u64) -> Option<Choice> {
    if !plays(&state.options) {
        return None;
    }
    let d = decision(state)?;
    let seat = d.seat;
    let mut rng = GameRng::from_seed(seed);
    if d.actions.len() == 1 {
        return Some(Choice { index: 0, action: d.actions[0].clone(), iterations: 0 });
    }
    let started = Instant::now();
    let considered = considered(state, &d);
    let options: Vec<Action> = considered.iter().map(|&i| d.actions[i].clone()).collect();
    // Priors: every option one action ahead in one imagined world.
    let world = determinize::determinize(state, seat, &mut rng);
    let priors = policy::one_ply(&world, seat, &options);
    let mut tree = search::Tree::<Position>::new(seat, &options, &priors, PRIOR_WEIGHT);
    let iterations = tree.run(state, budget, started, &mut rng);
    let index = considered[tree.best()];
    Some(Choice { index, action: d.actions[index].clone(), iterations })
}

/// The options of decision `d` the search weighs (positions in its actions): all of them, except
/// that the Empire does not assign leaders to missions when that would leave fewer than
/// `EMPIRE_RESERVE` in its pool. The playouts of an assignment end before the Command Phase, so
/// the search cannot see what a leader kept back is worth; Empire bots that emptied their pool
/// on missions knew the base for rounds and had nobody to march on it. Kept back three, the
/// Empire beat random Rebels in 176 of 200 games instead of 166 (300 iterations a decision).
/// Reads only the seat's own pool, so it is as fair as the search.
pub fn considered(state: &State, d: &Decision) -> Vec<usize> {
    let pool = state.leader_pool.get(d.seat).len();
    (0..d.actions.len())
        .filter(|&i| match &d.actions[i] {
            Action::Assign { leaders, .. } => {
                d.seat != Faction::Empire || pool.saturating_sub(leaders.len()) >= EMPIRE_RESERVE
            }
            _ => true,
        })
        .collect()
}

/// The one-ply greedy player (the baseline the search is measured against): in one imagined
/// world, each option is tried once and the best by the evaluation is taken.
pub fn greedy(state: &State, seed: u64) -> Option<Choice> {
    let d = decision(state)?;
    let mut rng = GameRng::from_seed(seed);
    let world = determinize::determinize(state, d.seat, &mut rng);
    let values = policy::one_ply(&world, d.seat, &d.actions);
    // Ties (most options change nothing the evaluation reads) are broken at random.
    let index = search::best_at_random(&values, &mut rng)?;
    Some(Choice { index, action: d.actions[index].clone(), iterations: 0 })
}
