//! The playout policy and the one-ply greedy player.
//!
//! Playouts pick most actions at random (revealing one's own base almost never, as the random
//! simulator does), and now and then look one action ahead: a few random candidates are each
//! tried on a copy and the best by the evaluation is taken. That makes playouts fight, hunt and
//! score roughly as players would, at a few times the cost of uniform play.

use crate::content::Faction;
use crate::engine::rebellion::{Action, State, apply, decision};
use crate::engine::rng::GameRng;
use crate::sim::random_position;

use super::eval;

/// One playout step in this many looks one action ahead.
const GREEDY_EVERY: usize = 4;
/// How many candidates a look-ahead step compares.
const CANDIDATES: usize = 3;

/// The position in `options` a playout takes for `seat` in world `w`.
pub fn pick_index(w: &State, seat: Faction, options: &[&Action], rng: &mut GameRng) -> usize {
    let n = options.len();
    let random = |rng: &mut GameRng| random_position(options, rng);
    if n == 1 || rng.below(GREEDY_EVERY) != 0 {
        return random(rng);
    }
    let mut best = (f64::NEG_INFINITY, 0);
    for _ in 0..CANDIDATES.min(n) {
        let i = random(rng);
        let mut t = w.clone();
        let v = match apply(&mut t, seat, options[i].clone()) {
            Ok(_) => eval::value(&t, seat),
            Err(_) => continue,
        };
        if v > best.0 {
            best = (v, i);
        }
    }
    best.1
}

/// Plays up to `steps` actions in world `w` with the playout policy (fewer if the game ends).
pub fn playout(w: &mut State, steps: usize, rng: &mut GameRng) {
    for _ in 0..steps {
        let Some(d) = decision(w) else { return };
        let options: Vec<&Action> = d.actions.iter().collect();
        let i = pick_index(w, d.seat, &options, rng);
        let a = d.actions[i].clone();
        if apply(w, d.seat, a).is_err() {
            return;
        }
    }
}

/// The value for `seat` of each of its options in world `w`, one action ahead — or two when
/// the seat decides again at once (activating a system is judged by its best first move).
pub fn one_ply(w: &State, seat: Faction, options: &[Action]) -> Vec<f64> {
    options
        .iter()
        .map(|a| {
            let mut t = w.clone();
            if apply(&mut t, seat, a.clone()).is_err() {
                return 0.0;
            }
            let here = eval::value(&t, seat);
            match decision(&t) {
                Some(d) if d.seat == seat && matches!(a, Action::Activate { .. }) => d
                    .actions
                    .iter()
                    .filter_map(|next| {
                        let mut u = t.clone();
                        apply(&mut u, seat, next.clone()).ok().map(|_| eval::value(&u, seat))
                    })
                    .fold(here, f64::max),
                _ => here,
            }
        })
        .collect()
}
