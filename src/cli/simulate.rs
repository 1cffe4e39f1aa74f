//! `holonet simulate`: random legal players play whole games; one summary line per game.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;

use serde::Serialize;

use crate::content::{ActionCardId, AdvancedTacticId, ContentSet, Faction, MissionId, ObjectiveId, catalog};
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
    /// Distinct objectives scored.
    pub objectives: BTreeSet<ObjectiveId>,
    /// Distinct advanced tactic cards played (Rise of the Empire).
    pub advanced_tactics: BTreeSet<AdvancedTacticId>,
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

/// Writes one "… used n/m (not used: …)" line over the names of `all` (cards sharing a name,
/// as a card's two printings, count as one title).
fn usage_line<T: Copy + Ord>(
    out: &mut dyn Write,
    what: &str,
    all: impl Iterator<Item = T>,
    seen: &BTreeSet<T>,
    name: impl Fn(T) -> &'static str,
) -> std::io::Result<()> {
    let mut titles: BTreeMap<&str, bool> = BTreeMap::new();
    for x in all {
        *titles.entry(name(x)).or_default() |= seen.contains(&x);
    }
    let used = titles.values().filter(|&&u| u).count();
    let missing: Vec<&str> = titles.iter().filter(|(_, u)| !**u).map(|(n, _)| *n).collect();
    let missing = if missing.is_empty() { "none".into() } else { missing.join(", ") };
    writeln!(out, "{what} {used}/{} (not used: {missing})", titles.len())
}

/// Plays `games` games with these options from seeds `seed..seed+games`, writing a line per game
/// to `out` and, when given, every step as JSON lines to `dump`. The card counts cover the cards
/// of the match's sets; with an expansion, lines for its own cards follow.
pub fn run(
    seed: u64,
    games: u64,
    options: &MatchOptions,
    mut dump: Option<&mut dyn Write>,
    out: &mut dyn Write,
) -> std::io::Result<Tally> {
    let mut tally = Tally::default();
    for g in 0..games {
        let game_seed = seed.wrapping_add(g);
        let mut err = None;
        let p = playout_with(game_seed, options.clone(), |step, state, events| {
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
                    EventKind::CardPlayed { deck, card, .. } if deck == "objective" => {
                        if let Ok(o) = ObjectiveId::parse(card) {
                            tally.objectives.insert(o);
                        }
                    }
                    EventKind::CardPlayed { deck, card, .. } if deck.starts_with("advanced ") => {
                        if let Some(a) = catalog().advanced_tactic_by_key(card) {
                            tally.advanced_tactics.insert(a);
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
    let missions =
        || MissionId::all().filter(|&m| crate::engine::rebellion::rote_cards::mission_in_match(options, m));
    writeln!(
        out,
        "mission titles revealed {}/{} (not revealed: {})",
        tally.missions.len(),
        missions().count(),
        missing(missions(), &tally.missions, |m| m.name())
    )?;
    let actions =
        || ActionCardId::all().filter(|&a| crate::engine::rebellion::rote_cards::action_in_match(options, a));
    writeln!(
        out,
        "action cards used {}/{} (not used: {})",
        tally.action_cards.len(),
        actions().count(),
        missing(actions(), &tally.action_cards, |a| a.name())
    )?;
    if options.rise_of_the_empire {
        let rote = ContentSet::RiseOfTheEmpire;
        let c = catalog();
        let m = MissionId::all().filter(|&m| c.mission(m).set == rote);
        usage_line(out, "expansion mission titles revealed", m, &tally.missions, |m| m.name())?;
        let a = actions().filter(|&a| c.action_card(a).set == rote);
        usage_line(out, "expansion action cards used", a, &tally.action_cards, |a| a.name())?;
        let o = ObjectiveId::all().filter(|&o| c.objective(o).set == rote);
        usage_line(out, "expansion objectives scored", o, &tally.objectives, |o| o.name())?;
        let t = AdvancedTacticId::all();
        usage_line(out, "advanced tactic cards played", t, &tally.advanced_tactics, |t| t.name())?;
    }
    Ok(tally)
}
