//! `holonet simulate`: random legal players play whole games; one summary line per game.

use std::io::Write;

use serde::Serialize;

use crate::content::Faction;
use crate::engine::rebellion::{Action, MatchOptions, Viewer, view};
use crate::sim::playout_with;

/// A dumped step: the action and the full state after it.
#[derive(Serialize)]
struct DumpLine<'a> {
    game: u64,
    seat: Faction,
    action: &'a Action,
    state: crate::engine::rebellion::View,
}

/// Tally of a simulation run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the Rebels won.
    pub rebel: u64,
    /// Games the Empire won.
    pub empire: u64,
    /// Total actions.
    pub actions: u64,
}

/// Plays `games` games from seeds `seed..seed+games`, writing a line per game to `out` and,
/// when given, every step as JSON lines to `dump`.
pub fn run(
    seed: u64,
    games: u64,
    mut dump: Option<&mut dyn Write>,
    out: &mut dyn Write,
) -> std::io::Result<Tally> {
    let mut tally = Tally::default();
    for g in 0..games {
        let game_seed = seed.wrapping_add(g);
        let mut err = None;
        let p = playout_with(game_seed, MatchOptions::default(), |step, state| {
            if let Some(d) = dump.as_deref_mut()
                && err.is_none()
            {
                let line = DumpLine {
                    game: game_seed,
                    seat: step.seat,
                    action: &step.action,
                    state: view(state, Viewer::Full),
                };
                let r = serde_json::to_writer(&mut *d, &line)
                    .map_err(std::io::Error::other)
                    .and_then(|_| writeln!(d));
                if let Err(e) = r {
                    err = Some(e);
                }
            }
        });
        if let Some(e) = err {
            return Err(e);
        }
        let winner = p.state.winner.expect("a finished playout has a winner");
        match winner {
            Faction::Rebel => tally.rebel += 1,
            Faction::Empire => tally.empire += 1,
        }
        tally.actions += p.steps.len() as u64;
        writeln!(out, "seed {game_seed} winner {winner} rounds {} actions {}", p.state.round, p.steps.len())?;
    }
    writeln!(out, "games {games} rebel {} empire {} actions {}", tally.rebel, tally.empire, tally.actions)?;
    Ok(tally)
}
