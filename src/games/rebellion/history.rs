//! The public history of a Rebellion match, round by round: the time and reputation markers,
//! the units on the board and the systems each faction holds, for the end-of-match chart.
//!
//! The engine keeps no history, but it is pure and deterministic, so the history is rebuilt by
//! replaying the match's seed and options through its logged actions and sampling the state at
//! the moments that matter. Only public facts are sampled: marker positions, unit counts on the
//! board (the Rebel Base space counts towards the Rebels: its contents are public, only its
//! location is not) and loyalty/subjugation markers. Nothing about the base's system, hands or
//! decks can leak through a [`RoundPoint`].

use crate::content::{Faction, SystemId};
use crate::engine::rebellion::{Action, Frame, MatchOptions, Position, RuleError, State, new_game};
use crate::render::history::slot;
pub use crate::render::history::{Moment, RoundPoint};
use crate::store::LogEntry;

/// Why a history could not be rebuilt: the log does not replay (a corrupt or foreign log).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HistoryError {
    /// A log entry's seat or action could not be read.
    #[error("log entry {index}: {detail}")]
    Unreadable {
        /// The entry's index in the log, from 0.
        index: usize,
        /// What was wrong with it.
        detail: String,
    },
    /// A logged action was refused by the engine.
    #[error("action {index} ({seat} {command}) does not apply: {error}")]
    Refused {
        /// The action's index in the log, from 0.
        index: usize,
        /// Who sent it.
        seat: Faction,
        /// The action in command form.
        command: String,
        /// The engine's reason.
        error: RuleError,
    },
}

fn in_setup(s: &State) -> bool {
    s.stack.iter().any(|f| matches!(f, Frame::Setup(_)))
}

/// The public point of a state.
pub fn point(s: &State, round: u32, moment: Moment) -> RoundPoint {
    let mut units = [0u32; 2];
    for p in s.places() {
        for f in Faction::BOTH {
            units[slot(f)] += s.units(p, f).total();
        }
    }
    let mut systems = [0u32; 2];
    for id in SystemId::all().filter(|&id| !s.sys(id).destroyed) {
        if s.is_rebel_system(id) {
            systems[0] += 1;
        } else if s.is_imperial_system(id) {
            systems[1] += 1;
        }
    }
    let winner = if moment == Moment::Last { s.winner } else { None };
    RoundPoint { round, moment, time: s.time, reputation: s.reputation, units, systems, winner }
}

/// Replays a match from its seed and options through its actions and records a point when
/// setup ends ([`Moment::Start`]), whenever a round ends ([`Moment::RoundEnd`]) and after the
/// last action ([`Moment::Last`]).
///
/// Rounds increase strictly along the result, which is never empty. A log that ends during
/// setup gives the last point only.
pub fn history(
    seed: u64,
    options: &MatchOptions,
    log: &[(Faction, Action)],
) -> Result<Vec<RoundPoint>, HistoryError> {
    // A `Position` works out each decision once; `apply` alone would build it twice per action.
    let mut game = Position::new(new_game(seed, options.clone()));
    let mut points = vec![];
    let mut started = false;
    for (index, (seat, action)) in log.iter().enumerate() {
        if !started && !in_setup(game.state()) {
            started = true;
            points.push(point(game.state(), 0, Moment::Start));
        }
        let before = game.state().round;
        game.apply(*seat, action.clone()).map_err(|error| HistoryError::Refused {
            index,
            seat: *seat,
            command: action.command(),
            error,
        })?;
        let s = game.state();
        // One action never spans two rounds, but the loop costs nothing to be sure.
        for r in before..s.round {
            points.push(point(s, r, Moment::RoundEnd));
        }
    }
    let s = game.state();
    if !started && !in_setup(s) {
        points.push(point(s, 0, Moment::Start));
    }
    points.push(point(s, s.round, Moment::Last));
    Ok(points)
}

/// The `(seat, action)` pairs of a stored match log, as `service::rebuild` reads them.
pub fn log_actions(log: &[LogEntry]) -> Result<Vec<(Faction, Action)>, HistoryError> {
    log.iter()
        .enumerate()
        .map(|(index, e)| {
            let seat = match e.seat.as_str() {
                "rebel" => Faction::Rebel,
                "empire" => Faction::Empire,
                other => {
                    return Err(HistoryError::Unreadable {
                        index,
                        detail: format!("unknown seat `{other}`"),
                    });
                }
            };
            let action: Action = serde_json::from_value(e.action.clone())
                .map_err(|x| HistoryError::Unreadable { index, detail: x.to_string() })?;
            Ok((seat, action))
        })
        .collect()
}
