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

use crate::content::{Faction, Theater};
use crate::engine::rebellion::{
    Action, Decision, Frame, Place, Player, Position, PromptKind, State, decision, team,
};
use crate::engine::rng::GameRng;

/// How long the computer thinks per decision by default, in milliseconds.
pub const DEFAULT_THINK_MS: u64 = 2_000;
/// The longest the computer may think per decision, in milliseconds.
pub const MAX_THINK_MS: u64 = 10_000;
/// How many leaders the Empire keeps back from missions, to activate systems (each a system
/// searched for the base) and oppose.
pub const EMPIRE_RESERVE: usize = 6;
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

/// Chooses an action for the seat that decides now, as the player of its whole side (the
/// two-player game), by search; see [`choose_as`].
pub fn choose(state: &State, budget: Budget, seed: u64) -> Option<Choice> {
    let seat = decision(state)?.seat;
    choose_as(state, Player::side(seat), Teammate::Absent, budget, seed)
}

/// Who shares the computer's side, in the team game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Teammate {
    /// Nobody: the computer plays the whole side, or its teammate is the computer too.
    Absent,
    /// A person, who is asked this decision too.
    Asked,
}

/// Chooses an action for `player` (a side, or one role of it in the team game) by search, or
/// `None` when nobody decides, the decision is not the player's side's, or nothing in it is
/// the player's to take: the first of [`rank_as`]'s ranking.
pub fn choose_as(
    state: &State,
    player: Player,
    teammate: Teammate,
    budget: Budget,
    seed: u64,
) -> Option<Choice> {
    let ranking = rank_as(state, player, teammate, budget, seed)?;
    let best = ranking.options.into_iter().next()?;
    Some(Choice { index: best.index, action: best.action, iterations: ranking.iterations })
}

/// The computer's options of one decision, best first, with what it thinks of each.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranking {
    /// The options weighed, best first.
    pub options: Vec<Ranked>,
    /// The search iterations run.
    pub iterations: u32,
}

/// One option of a [`Ranking`].
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked {
    /// The option's position in `decision(state).actions`.
    pub index: usize,
    /// The action.
    pub action: Action,
    /// The chance of winning the search gives the deciding side after it (0..1), or `None`
    /// when it was the only option and nothing was searched.
    pub chance: Option<f64>,
}

/// Ranks the options of the pending decision that `player` may take (a side, or one role of it
/// in the team game), by search from what its side may know only; `None` as for
/// [`choose_as`]. A role takes only its own actions (`team::check`): never its teammate's
/// leaders or cards. While a person on its side is asked the same decision, it never closes
/// that decision for both (the Assignment Phase's "done"); the person decides when it ends. A
/// decision with one option is not searched.
pub fn rank_as(
    state: &State,
    player: Player,
    teammate: Teammate,
    budget: Budget,
    seed: u64,
) -> Option<Ranking> {
    let d = decision(state)?;
    if d.seat != player.faction {
        return None;
    }
    let seat = d.seat;
    let considered: Vec<usize> = considered(state, &d)
        .into_iter()
        .filter(|&i| team::check(state, &d, player, &d.actions[i]).is_ok())
        .filter(|&i| !(teammate == Teammate::Asked && closes_for_both(state, &d, &d.actions[i])))
        .collect();
    let mut rng = GameRng::from_seed(seed);
    match considered.as_slice() {
        [] => return None,
        &[index] => {
            let only = Ranked { index, action: d.actions[index].clone(), chance: None };
            return Some(Ranking { options: vec![only], iterations: 0 });
        }
        _ => {}
    }
    let started = Instant::now();
    let options: Vec<Action> = considered.iter().map(|&i| d.actions[i].clone()).collect();
    // Priors: every option one action ahead in one imagined world (a movement to its end).
    let world = determinize::determinize(state, seat, &mut rng);
    let priors = policy::priors(&world, seat, &options);
    let mut tree = search::Tree::<Position>::new(seat, &options, &priors, PRIOR_WEIGHT);
    let iterations = tree.run(state, budget, started, &mut rng);
    let options = tree
        .ranking()
        .into_iter()
        .map(|(i, _, chance)| Ranked {
            index: considered[i],
            action: d.actions[considered[i]].clone(),
            chance: Some(chance),
        })
        .collect();
    Some(Ranking { options, iterations })
}

/// Whether an answer ends a team-game decision for both players of the side: "done" where it
/// is not a shared window (where it passes for its player only).
fn closes_for_both(state: &State, d: &Decision, a: &Action) -> bool {
    *a == Action::Done && !team::shared(state, d)
}

/// The options of decision `d` the search weighs (positions in its actions): all of them, except
/// that the Empire does not assign leaders to missions when that would leave fewer than
/// `EMPIRE_RESERVE` in its pool. The playouts of an assignment end before the Command Phase, so
/// the search cannot see what a leader kept back is worth; Empire bots that emptied their pool
/// on missions knew the base for rounds and had nobody to march on it. Kept back three, the
/// Empire beat random Rebels in 176 of 200 games instead of 166 (300 iterations a decision).
/// Kept back six (so, most rounds, none goes on a mission), it beat random Rebels in 188 of 200
/// games at 400 iterations, in 5.9 rounds on average instead of 6.9: against Rebels hiding
/// anywhere, every activation is a system searched, and no mission is worth one. Reads only the
/// seat's own pool, so it is as fair as the search.
///
/// Nor does the Empire, moving into a system the base could be in, weigh moving starfighters
/// that need room on its ships from a place whose ground units could still take that room:
/// only ground units search a system or take the base. The search cannot tell the two orders
/// apart (its evaluation is nearly saturated by then, and the playouts' random moves blur the
/// difference), and an Empire flew nine TIE fighters into a known base and left seven
/// Stormtroopers next door (seed 99 at 400 iterations). It may still bring the fighters once the
/// troops are aboard. Reads the public board only.
pub fn considered(state: &State, d: &Decision) -> Vec<usize> {
    let pool = state.leader_pool.get(d.seat).len();
    let hunting = d.seat == Faction::Empire && d.kind == PromptKind::MoveUnits && into_candidate(state);
    (0..d.actions.len())
        .filter(|&i| match &d.actions[i] {
            Action::Assign { leaders, .. } => {
                d.seat != Faction::Empire || pool.saturating_sub(leaders.len()) >= EMPIRE_RESERVE
            }
            Action::Move { from, unit, .. } if hunting && policy::carried(*unit) == Some(Theater::Space) => {
                !troops_may_board(d, *from)
            }
            _ => true,
        })
        .collect()
}

/// Whether the units being moved now go into a system the Empire hunts the base in
/// ([`eval::hunted`]). Units are moved only into the activation on top of the stack.
fn into_candidate(state: &State) -> bool {
    match state.stack.last() {
        Some(Frame::Activation(a)) => a.place.system().is_some_and(|x| eval::hunted(state).contains(&x)),
        _ => false,
    }
}

/// Whether decision `d` offers to move ground units that need a ship from `from` (so there is
/// room on the ships moved from there for at least one).
fn troops_may_board(d: &Decision, from: Place) -> bool {
    d.actions.iter().any(|a| {
        matches!(a, Action::Move { from: f, unit, .. } if *f == from && policy::carried(*unit) == Some(Theater::Ground))
    })
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
