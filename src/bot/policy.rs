//! The playout policy and the one-ply greedy player.
//!
//! Playouts pick most actions at random (revealing one's own base almost never, as the random
//! simulator does), and now and then look one action ahead: a few random candidates are each
//! tried on a copy and the best by the evaluation is taken. That makes playouts fight, hunt and
//! score roughly as players would, at a few times the cost of uniform play.

use crate::bot::sim::random_position;
use crate::content::Faction;
use crate::engine::rebellion::{Action, Position, State};
use crate::engine::rng::GameRng;

use super::eval;

/// One playout step in this many looks one action ahead.
const GREEDY_EVERY: usize = 4;
/// How many candidates a look-ahead step compares.
const CANDIDATES: usize = 3;

/// The action a playout takes in position `w` among `options` (indices into the pending
/// decision's actions, which `w` keeps so the engine works out each decision once).
pub fn pick(w: &Position, options: &[usize], rng: &mut GameRng) -> usize {
    let Some(d) = w.decision() else { return options[0] };
    let actions: Vec<&Action> = options.iter().map(|&i| &d.actions[i]).collect();
    let n = options.len();
    let random = |rng: &mut GameRng| random_position(&actions, rng);
    if n == 1 || rng.below(GREEDY_EVERY) != 0 {
        return options[random(rng)];
    }
    let mut best = (f64::NEG_INFINITY, 0);
    for _ in 0..CANDIDATES.min(n) {
        let i = random(rng);
        let mut t = w.clone();
        let v = match t.apply(d.seat, actions[i].clone()) {
            Ok(_) => eval::value(t.state(), d.seat),
            Err(_) => continue,
        };
        if v > best.0 {
            best = (v, i);
        }
    }
    options[best.1]
}

/// Plays up to `steps` actions from position `w` with the playout policy (fewer if the game
/// ends).
pub fn playout(w: &mut Position, steps: usize, rng: &mut GameRng) {
    for _ in 0..steps {
        let Some(d) = w.decision() else { return };
        let all: Vec<usize> = (0..d.actions.len()).collect();
        let (seat, a) = (d.seat, d.actions[pick(w, &all, rng)].clone());
        if w.apply(seat, a).is_err() {
            return;
        }
    }
}

/// The value for `seat` of each of its options in world `w`, one action ahead — or two when
/// the seat decides again at once (activating a system is judged by its best first move).
pub fn one_ply(w: &State, seat: Faction, options: &[Action]) -> Vec<f64> {
    let here = Position::new(w.clone());
    options
        .iter()
        .map(|a| {
            let mut t = here.clone();
            if t.apply(seat, a.clone()).is_err() {
                return 0.0;
            }
            let value = eval::value(t.state(), seat);
            match t.decision() {
                Some(d) if d.seat == seat && matches!(a, Action::Activate { .. }) => d
                    .actions
                    .iter()
                    .filter_map(|next| {
                        let mut u = t.clone();
                        u.apply(seat, next.clone()).ok().map(|_| eval::value(u.state(), seat))
                    })
                    .fold(value, f64::max),
                _ => value,
            }
        })
        .collect()
}
