//! Whole matches between players of different kinds (random, greedy, the computer), for
//! measuring the computer's strength and speed (`holonet simulate --rebel bot --empire random`).

use std::time::{Duration, Instant};

use crate::bot::sim::{MAX_ACTIONS, random_index};
use crate::content::Faction;
use crate::engine::rebellion::{
    Action, Decision, MatchOptions, Player as Seat, Position, State, new_game, team,
};
use crate::engine::rng::GameRng;

use super::{Budget, Teammate, choose_as, greedy};

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
    /// Reads `random`, `greedy` or `bot` (the last with the given budget), or `bot:N` for the
    /// computer with N search iterations a decision whatever the budget (to match the computer
    /// against itself at two iteration counts).
    pub fn parse(text: &str, budget: Budget) -> Result<Player, String> {
        let unknown =
            || format!("unknown player `{}`: say random, greedy, bot or bot:N", crate::content::echo(text));
        match text {
            "random" => Ok(Player::Random),
            "greedy" => Ok(Player::Greedy),
            "bot" | "computer" => Ok(Player::Computer(budget)),
            other => match other.strip_prefix("bot:").map(str::parse::<u32>) {
                Some(Ok(n)) if n > 0 => Ok(Player::Computer(Budget::Iterations(n))),
                _ => Err(unknown()),
            },
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
/// seeds derived from `seed` (not from the match's stream). In the team game a computer side
/// answers as the hosted computer does: as the whole side when both its players are asked, else
/// as the role asked (`seat_for`).
pub fn play(seed: u64, options: MatchOptions, rebel: Player, empire: Player) -> Played {
    play_watched(seed, options, rebel, empire, |_, _, _| {})
}

/// Plays one match as `play` does; `watch` sees the state, the decision and the answer chosen
/// before each answer is applied (to trace a match: `examples/bot_trace.rs`).
pub fn play_watched(
    seed: u64,
    options: MatchOptions,
    rebel: Player,
    empire: Player,
    mut watch: impl FnMut(&State, &Decision, &Action),
) -> Played {
    let mut rng = GameRng::from_seed(seed ^ 0x0b07_0b07_5eed_0001);
    let mut thinking = vec![];
    let mut iterations = 0u64;
    let mut game = Position::new(new_game(seed, options));
    let mut actions = 0usize;
    while let Some(d) = game.decision().cloned() {
        let s = game.state();
        let player = if d.seat == Faction::Rebel { rebel } else { empire };
        let (who, index) = match player {
            Player::Random => (Seat::side(d.seat), random_index(&d, &mut rng)),
            Player::Greedy => {
                (Seat::side(d.seat), greedy(s, rng.below(usize::MAX) as u64).map_or(0, |c| c.index))
            }
            Player::Computer(budget) => {
                let started = Instant::now();
                let who = seat_for(s, &d);
                let c = choose_as(s, who, Teammate::Absent, budget, rng.below(usize::MAX) as u64);
                if d.actions.len() > 1 {
                    thinking.push(started.elapsed());
                }
                iterations += c.as_ref().map_or(0, |c| c.iterations as u64);
                (who, c.map_or(0, |c| c.index))
            }
        };
        let action = d.actions[index].clone();
        watch(s, &d, &action);
        game.apply_as(who, action.clone())
            .unwrap_or_else(|e| panic!("seed {seed}: legal action {} refused: {e}", action.command()));
        actions += 1;
        assert!(actions < MAX_ACTIONS, "seed {seed}: match did not end");
    }
    let state = game.into_state();
    Played {
        winner: state.winner.expect("a finished match has a winner"),
        round: state.round,
        actions,
        thinking,
        iterations,
    }
}

/// Who the computer answers a decision as, when it plays the deciding side: the whole side,
/// unless the side is split and one role alone is asked.
pub fn seat_for(s: &State, d: &Decision) -> Seat {
    if !s.options.players.splits(d.seat) {
        return Seat::side(d.seat);
    }
    match team::addressees(s, d).as_slice() {
        [one] => Seat::role(d.seat, *one),
        _ => Seat::side(d.seat),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_watcher_sees_every_answer_once_before_it_is_applied() {
        crate::content::init().expect("content loads");
        let (mut seen, mut last_version) = (0, None);
        let played = play_watched(3, MatchOptions::default(), Player::Random, Player::Random, |s, d, a| {
            assert!(d.actions.contains(a), "the answer is one of the decision's options");
            assert_ne!(last_version, Some(s.version), "each answer is watched in a new state");
            last_version = Some(s.version);
            seen += 1;
        });
        assert_eq!(seen, played.actions);
        assert_eq!(played.winner, play(3, MatchOptions::default(), Player::Random, Player::Random).winner);
    }

    #[test]
    fn players_are_read_with_their_own_iteration_count() {
        let budget = Budget::Iterations(400);
        assert_eq!(Player::parse("bot", budget), Ok(Player::Computer(budget)));
        assert_eq!(Player::parse("bot:4000", budget), Ok(Player::Computer(Budget::Iterations(4_000))));
        assert_eq!(Player::parse("greedy", budget), Ok(Player::Greedy));
        for bad in ["bot:0", "bot:", "bot:x", "droid"] {
            assert!(Player::parse(bad, budget).unwrap_err().contains("bot:N"), "{bad}");
        }
    }
}
