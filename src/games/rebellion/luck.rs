//! Rebellion's dice against expectation, round by round, for the luck report of the reveal.
//!
//! Like the chart's history, it replays the match from its seed through its logged actions;
//! the engine hands over every die it rolls with the action that rolled it (its faction, its
//! kind and its face), so faces set by a card are left out and rerolls count as fresh dice.
//! The expectations follow from the faces in `assets/dice.json` (red and black dice share
//! theirs) and `assets/rote/dice.json` (the green die).

use crate::content::{DieFace, Faction, catalog};
use crate::engine::rebellion::{Action, MatchOptions, Player, Position, new_game};
use crate::games::rebellion::history::HistoryError;
use crate::trust::luck::{Face, LuckReport, RoundLuck, Tally};

/// What a face is worth to the report.
fn face(f: DieFace) -> Face {
    Face {
        hit: matches!(f, DieFace::Hit | DieFace::DirectHit),
        blank: f == DieFace::Blank,
        successes: f.mission_successes(),
    }
}

fn slot(f: Faction) -> usize {
    match f {
        Faction::Rebel => 0,
        Faction::Empire => 1,
    }
}

/// Replays a match and tallies each side's dice by the round they were rolled in.
pub fn luck(seed: u64, options: &MatchOptions, log: &[(Player, Action)]) -> Result<LuckReport, HistoryError> {
    let normal: Vec<Face> = catalog().die_faces.iter().copied().map(face).collect();
    let green: Vec<Face> = catalog().green_die_faces.iter().copied().map(face).collect();
    let mut game = Position::new(new_game(seed, options.clone()));
    let mut rounds: Vec<RoundLuck> = vec![];
    for (index, (player, action)) in log.iter().enumerate() {
        let round = game.state().round.max(1);
        let (_, rolls) = game.apply_rolled(*player, action.clone()).map_err(|error| {
            HistoryError::Refused { index, seat: player.faction, command: action.command(), error }
        })?;
        while rounds.last().is_none_or(|r| r.round < round) {
            let next = rounds.last().map_or(1, |r| r.round + 1);
            rounds.push(RoundLuck { round: next, sides: vec![Tally::default(), Tally::default()] });
        }
        let at = rounds.last_mut().expect("pushed above");
        for r in rolls {
            let faces = if r.green { &green } else { &normal };
            at.sides[slot(r.faction)].roll(face(r.face), faces);
        }
    }
    Ok(LuckReport { sides: vec!["Rebels".into(), "Empire".into()], rounds })
}
