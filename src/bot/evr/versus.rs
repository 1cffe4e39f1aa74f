//! Whole Empire vs. Rebellion matches between kinds of players (random, greedy, the computer),
//! for measuring the computer's strength and speed (`holonet simulate --game evr --rebel bot`).

use std::time::Instant;

use crate::bot::versus::{Played, Player};
use crate::content::Faction;
use crate::engine::evr::{apply, decision, new_game};
use crate::engine::rng::GameRng;

use super::{choose, greedy};

/// The most actions a match may take before it is declared stuck (a bug); a match takes a few
/// hundred.
const MAX_ACTIONS: usize = 20_000;

/// Plays one match from `seed` with these players; their own random choices come from a stream
/// derived from `seed` (not the match's).
pub fn play(seed: u64, rebel: Player, empire: Player) -> Played {
    let mut state = new_game(seed);
    let mut rng = GameRng::from_seed(seed ^ 0x0e7a_0b07_5eed_0001);
    let mut thinking = vec![];
    let mut iterations = 0u64;
    let mut actions = 0usize;
    while let Some(d) = decision(&state) {
        let player = if d.seat == Faction::Rebel { rebel } else { empire };
        let index = match player {
            Player::Random => rng.below(d.actions.len()),
            Player::Greedy => greedy(&state, rng.below(usize::MAX) as u64).map_or(0, |c| c.index),
            Player::Computer(budget) => {
                let started = Instant::now();
                let c = choose(&state, budget, rng.below(usize::MAX) as u64);
                if d.actions.len() > 1 {
                    thinking.push(started.elapsed());
                }
                iterations += c.as_ref().map_or(0, |c| c.iterations as u64);
                c.map_or(0, |c| c.index)
            }
        };
        let action = d.actions[index].clone();
        apply(&mut state, d.seat, action.clone())
            .unwrap_or_else(|e| panic!("seed {seed}: legal `{}` refused: {e}", action.command()));
        actions += 1;
        assert!(actions < MAX_ACTIONS, "seed {seed}: the match did not end");
    }
    Played {
        winner: state.winner.expect("a finished match has a winner"),
        round: state.round,
        actions,
        thinking,
        iterations,
    }
}
