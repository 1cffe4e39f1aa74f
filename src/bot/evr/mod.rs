//! The computer opponent for Star Wars: Empire vs. Rebellion: the same information-set search
//! as Rebellion's (`bot::search`), over worlds of this game.
//!
//! Fair by construction, as Rebellion's: before every simulated future the match is
//! determinized (`determinize.rs`): the opponent's reserve, every deck's order, the opponent's
//! secret strategy, the event deck's order and the random stream are dealt again from pools
//! built from public facts and the seat's own cards, sorted before they are shuffled. Two
//! states the seat cannot tell apart give the same worlds, and so the same decision for the same
//! seed and iteration budget (`tests/evr_bot_fairness.rs`).

pub mod determinize;
pub mod eval;
pub mod policy;
pub mod versus;

use std::time::Instant;

use crate::content::Faction;
use crate::engine::evr::{Action, Decision, EvrState, apply, decision};
use crate::engine::rng::GameRng;

use super::Budget;
use super::search::{self, Tree};

/// How many visits the one-ply value of a root option counts for in the search.
const PRIOR_WEIGHT: f64 = 3.0;
/// How many actions a playout plays: about what is left of a struggle and its dominance phase.
const PLAYOUT_ACTIONS: usize = 16;

/// An imagined match with its pending decision, worked out once per action.
#[derive(Clone, Debug)]
pub struct Imagined {
    /// The state.
    pub state: EvrState,
    /// `decision(&state)`, kept.
    pub decision: Option<Decision>,
}

impl Imagined {
    /// The imagined match of a state.
    pub fn new(state: EvrState) -> Self {
        let decision = decision(&state);
        Imagined { state, decision }
    }

    /// Applies one action of `seat`; `false` (nothing changed) when the rules refuse it.
    pub fn play(&mut self, seat: Faction, action: Action) -> bool {
        if apply(&mut self.state, seat, action).is_err() {
            return false;
        }
        self.decision = decision(&self.state);
        true
    }
}

impl search::World for Imagined {
    type Real = EvrState;
    type Action = Action;
    const PLAYOUT_ACTIONS: usize = PLAYOUT_ACTIONS;
    fn imagine(real: &EvrState, seat: Faction, rng: &mut GameRng) -> Self {
        Imagined::new(determinize::determinize(real, seat, rng))
    }
    fn decision(&self) -> Option<(Faction, &[Action])> {
        self.decision.as_ref().map(|d| (d.seat, d.actions.as_slice()))
    }
    fn apply(&mut self, seat: Faction, action: Action) -> bool {
        self.play(seat, action)
    }
    fn pick(&self, options: &[usize], rng: &mut GameRng) -> usize {
        policy::pick(self, options, rng)
    }
    fn playout(&mut self, steps: usize, rng: &mut GameRng) {
        policy::playout(self, steps, rng)
    }
    fn rebel_value(&self) -> f64 {
        eval::rebel_value(&self.state)
    }
}

/// The computer's answer to a decision of an Empire vs. Rebellion match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The position of the chosen action in `decision(state).actions`.
    pub index: usize,
    /// The chosen action.
    pub action: Action,
    /// The search iterations run.
    pub iterations: u32,
}

/// Chooses an action for the seat that decides now, by search; `None` when the game is over.
/// A decision with one option is answered at once. The first of [`rank`]'s ranking.
pub fn choose(state: &EvrState, budget: Budget, seed: u64) -> Option<Choice> {
    let (ranked, iterations) = rank(state, budget, seed)?;
    let d = decision(state)?;
    let (index, _) = *ranked.first()?;
    Some(Choice { index, action: d.actions[index].clone(), iterations })
}

/// One option of a ranking: its position in the decision's actions, and the chance of winning
/// estimated after it.
pub type RankedOption = (usize, Option<f64>);

/// The options of the pending decision, best first, each with the chance of winning the search
/// gives the deciding side after it (`None` for the only option, not searched), and the
/// iterations run; `None` when the game is over. Searched from what the deciding seat may
/// know only, as `choose` does (a hint shows this ranking).
pub fn rank(state: &EvrState, budget: Budget, seed: u64) -> Option<(Vec<RankedOption>, u32)> {
    let d = decision(state)?;
    if d.actions.len() == 1 {
        return Some((vec![(0, None)], 0));
    }
    let started = Instant::now();
    let mut rng = GameRng::from_seed(seed);
    // Priors: every option one action ahead in one imagined world.
    let world = <Imagined as search::World>::imagine(state, d.seat, &mut rng);
    let priors = search::one_ply(&world, d.seat, &d.actions);
    let mut tree = Tree::<Imagined>::new(d.seat, &d.actions, &priors, PRIOR_WEIGHT);
    let iterations = tree.run(state, budget, started, &mut rng);
    let ranked = tree.ranking().into_iter().map(|(i, _, chance)| (i, Some(chance))).collect();
    Some((ranked, iterations))
}

/// The one-ply greedy player (the baseline the search is measured against): in one imagined
/// world each option is tried once and the best by the evaluation is taken, ties at random.
pub fn greedy(state: &EvrState, seed: u64) -> Option<Choice> {
    let d = decision(state)?;
    let index = search::greedy::<Imagined>(state, d.seat, &d.actions, seed)?;
    Some(Choice { index, action: d.actions[index].clone(), iterations: 0 })
}
