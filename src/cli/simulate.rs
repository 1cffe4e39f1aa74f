//! `holonet simulate`: random legal players play whole games; one summary line per game.

use std::collections::BTreeSet;
use std::io::Write;

use serde::Serialize;

use crate::content::{ActionCardId, Faction, MissionId};
use crate::engine::rebellion::{Action, EventKind, MatchOptions, Viewer, view};
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
    /// Distinct mission titles revealed.
    pub missions: BTreeSet<MissionId>,
    /// Distinct action cards used.
    pub action_cards: BTreeSet<ActionCardId>,
}

/// The names of the cards of `all` not in `seen`.
fn missing<T: Copy + Ord>(
    all: impl Iterator<Item = T>,
    seen: &BTreeSet<T>,
    name: impl Fn(T) -> &'static str,
) -> String {
    let names: Vec<&str> = all.filter(|x| !seen.contains(x)).map(name).collect();
    if names.is_empty() { "none".into() } else { names.join(", ") }
}

/// The action cards of the matches played (the base game's; an expansion's only with it on).
fn in_match() -> impl Iterator<Item = ActionCardId> {
    let options = MatchOptions::default();
    ActionCardId::all().filter(move |&a| crate::engine::rebellion::rote_cards::action_in_match(&options, a))
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
        let p = playout_with(game_seed, MatchOptions::default(), |step, state, events| {
            for e in events {
                match &e.kind {
                    EventKind::MissionRevealed { mission, .. } => {
                        tally.missions.insert(*mission);
                    }
                    EventKind::CardPlayed { deck, card, .. } if deck == "action" => {
                        if let Ok(c) = ActionCardId::parse(card) {
                            tally.action_cards.insert(c);
                        }
                    }
                    _ => {}
                }
            }
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
    writeln!(
        out,
        "mission titles revealed {}/{} (not revealed: {})",
        tally.missions.len(),
        MissionId::all().count(),
        missing(MissionId::all(), &tally.missions, |m| m.name())
    )?;
    writeln!(
        out,
        "action cards used {}/{} (not used: {})",
        tally.action_cards.len(),
        in_match().count(),
        missing(in_match(), &tally.action_cards, |a| a.name())
    )?;
    Ok(tally)
}
