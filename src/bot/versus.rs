//! Whole matches between players of different kinds (random, greedy, the computer), for
//! measuring the computer's strength and speed (`holonet simulate --rebel bot --empire random`).

use std::time::{Duration, Instant};

use crate::bot::sim::{playout_by, random_index};
use crate::content::Faction;
use crate::engine::rebellion::{Decision, MatchOptions, State};
use crate::engine::rng::GameRng;

use super::{Budget, choose, greedy};

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// Uniformly random legal play (as `simulate` without players).
    Random,
    /// The one-ply greedy baseline.
    Greedy,
    /// The computer opponent with this budget per decision.
    Computer(Budget),
}

impl Player {
    /// Reads `random`, `greedy` or `bot` (the last with the given budget).
    pub fn parse(text: &str, budget: Budget) -> Result<Player, String> {
        match text {
            "random" => Ok(Player::Random),
            "greedy" => Ok(Player::Greedy),
            "bot" | "computer" => Ok(Player::Computer(budget)),
            other => {
                Err(format!("unknown player `{}`: say random, greedy or bot", crate::content::echo(other)))
            }
        }
    }

    /// The player's name in reports.
    pub fn name(&self) -> String {
        match self {
            Player::Random => "random".into(),
            Player::Greedy => "greedy".into(),
            Player::Computer(Budget::Millis(ms)) => format!("bot ({ms} ms)"),
            Player::Computer(Budget::Iterations(n)) => format!("bot ({n} iterations)"),
        }
    }
}

/// The result of one match.
#[derive(Clone, Debug)]
pub struct Played {
    /// The winner.
    pub winner: Faction,
    /// The round it ended in.
    pub round: u32,
    /// Actions applied.
    pub actions: usize,
    /// How long each search decision of the computer took (decisions with one option, answered
    /// at once, are left out).
    pub thinking: Vec<Duration>,
    /// Search iterations over those decisions.
    pub iterations: u64,
}

/// Plays one match from `seed` with these players; the players' own random choices come from
/// seeds derived from `seed` (not from the match's stream).
pub fn play(seed: u64, options: MatchOptions, rebel: Player, empire: Player) -> Played {
    let mut rng = GameRng::from_seed(seed ^ 0x0b07_0b07_5eed_0001);
    let mut thinking = vec![];
    let mut iterations = 0u64;
    let choose_for = |s: &State, d: &Decision| {
        let player = if d.seat == Faction::Rebel { rebel } else { empire };
        match player {
            Player::Random => random_index(d, &mut rng),
            Player::Greedy => greedy(s, rng.below(usize::MAX) as u64).map_or(0, |c| c.index),
            Player::Computer(budget) => {
                let started = Instant::now();
                let c = choose(s, budget, rng.below(usize::MAX) as u64);
                if d.actions.len() > 1 {
                    thinking.push(started.elapsed());
                }
                iterations += c.as_ref().map_or(0, |c| c.iterations as u64);
                c.map_or(0, |c| c.index)
            }
        }
    };
    let p = playout_by(seed, options, choose_for, |_, _, _| {});
    Played {
        winner: p.state.winner.expect("a finished playout has a winner"),
        round: p.state.round,
        actions: p.steps.len(),
        thinking,
        iterations,
    }
}
