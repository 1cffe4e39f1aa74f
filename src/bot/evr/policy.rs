//! The playout policy for Empire vs. Rebellion.
//!
//! Playouts play at random, but every other step looks one action ahead: a few random options
//! are each tried on a copy and the best by the evaluation is taken. Uniform play passes and
//! overdraws so often that its rounds say little about a position; the look-ahead makes the
//! imagined players stop short of the objective value and fight for the lead, at a few times
//! the cost (a state of this game is small to copy).

use crate::engine::rng::GameRng;

use super::Imagined;
use super::eval;

/// One playout step in this many looks one action ahead.
const GREEDY_EVERY: usize = 2;
/// How many options a look-ahead step compares.
const CANDIDATES: usize = 3;

/// The action a playout takes in world `w` among `options` (positions in its decision's
/// actions).
pub fn pick(w: &Imagined, options: &[usize], rng: &mut GameRng) -> usize {
    let Some(d) = w.decision.as_ref() else { return options[0] };
    let n = options.len();
    if n == 1 || rng.below(GREEDY_EVERY) != 0 {
        return options[rng.below(n)];
    }
    let mut best = (f64::NEG_INFINITY, options[0]);
    for _ in 0..CANDIDATES.min(n) {
        let i = options[rng.below(n)];
        let mut t = w.clone();
        if t.play(d.seat, d.actions[i].clone()) {
            let v = eval::value(&t.state, d.seat);
            if v > best.0 {
                best = (v, i);
            }
        }
    }
    best.1
}

/// Plays up to `steps` actions from world `w` with the playout policy (fewer if the game ends).
pub fn playout(w: &mut Imagined, steps: usize, rng: &mut GameRng) {
    for _ in 0..steps {
        let Some(d) = w.decision.as_ref() else { return };
        let all: Vec<usize> = (0..d.actions.len()).collect();
        let (seat, i) = (d.seat, pick(w, &all, rng));
        let a = w.decision.as_ref().expect("checked above").actions[i].clone();
        if !w.play(seat, a) {
            return;
        }
    }
}
