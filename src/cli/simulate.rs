//! `holonet simulate`: random legal players play whole games of either game; one summary
//! line per game, then a tally.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;

use serde::Serialize;

use crate::bot::sim::{BuildCount, playout_with};
use crate::content::evr::{EventCardId, ResourceCardId, StrategyCardId, catalog as catalog_evr};
use crate::content::{
    ActionCardId, AdvancedTacticId, ContentSet, Faction, MissionId, ObjectiveId, UnitId, catalog,
};
use crate::engine::evr::{Action as EvrAction, EvrState};
use crate::engine::rebellion::{Action, EventKind, MatchOptions, Viewer, view};

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
    /// Units built over all games, per faction and type (from the build queues).
    pub built: BTreeMap<(Faction, UnitId), u64>,
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
        let mut built = BuildCount::default();
        let p = playout_with(game_seed, options.clone(), |step, state, events| {
            built.see(state);
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
        for (k, n) in built.built {
            *tally.built.entry(k).or_default() += n;
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
    let missions = || {
        MissionId::all()
            .filter(|&m| crate::engine::rebellion::rise_of_the_empire::cards::mission_in_match(options, m))
    };
    writeln!(
        out,
        "mission titles revealed {}/{} (not revealed: {})",
        tally.missions.len(),
        missions().count(),
        missing(missions(), &tally.missions, |m| m.name())
    )?;
    let actions = || {
        ActionCardId::all()
            .filter(|&a| crate::engine::rebellion::rise_of_the_empire::cards::action_in_match(options, a))
    };
    writeln!(
        out,
        "action cards used {}/{} (not used: {})",
        tally.action_cards.len(),
        actions().count(),
        missing(actions(), &tally.action_cards, |a| a.name())
    )?;
    for f in Faction::BOTH {
        let units: Vec<String> = tally
            .built
            .iter()
            .filter(|((g, _), _)| *g == f)
            .map(|((_, u), n)| format!("{} {n}", u.name()))
            .collect();
        writeln!(
            out,
            "units built by the {f}: {}",
            if units.is_empty() { "none".into() } else { units.join(", ") }
        )?;
    }
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

/// The most actions an Empire vs. Rebellion game may take before the simulation declares it
/// stuck and fails (a game takes a few hundred).
pub const EVR_MAX_ACTIONS: usize = 20_000;

/// Tally of an Empire vs. Rebellion simulation run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EvrTally {
    /// Games the Rebels won.
    pub rebel: u64,
    /// Games the Empire won.
    pub empire: u64,
    /// Total actions.
    pub actions: u64,
    /// Times each resource card came into a play area (drawn, or put there by an effect).
    pub played: BTreeMap<ResourceCardId, u64>,
    /// Times each resource card's power was used.
    pub powers: BTreeMap<ResourceCardId, u64>,
    /// Times each strategy card became a player's strategy for a round.
    pub strategies: BTreeMap<StrategyCardId, u64>,
    /// Times each event was won.
    pub events: BTreeMap<EventCardId, u64>,
}

impl EvrTally {
    /// The share of the box's distinct resource cards that came into play at least once.
    pub fn played_share(&self) -> f64 {
        self.played.len() as f64 / catalog_evr().resources.len() as f64
    }
}

/// A dumped Empire vs. Rebellion step: the action and the full view after it.
#[derive(Serialize)]
struct EvrDumpLine<'a> {
    game: u64,
    seat: Faction,
    action: &'a EvrAction,
    state: crate::engine::evr::EvrView,
}

/// Counts what one applied action changed into the tally.
fn count_step(t: &mut EvrTally, before: &EvrState, after: &EvrState, action: &EvrAction) {
    if let EvrAction::Use { card } = action {
        *t.powers.entry(*card).or_default() += 1;
    }
    for f in Faction::BOTH {
        let (b, a) = (before.sides.get(f), after.sides.get(f));
        for p in a.play.iter().filter(|p| !b.play.iter().any(|q| q.card == p.card)) {
            *t.played.entry(p.card).or_default() += 1;
        }
        if let Some(s) = a.chosen
            && b.chosen != a.chosen
        {
            *t.strategies.entry(s).or_default() += 1;
        }
        for &e in a.won.iter().filter(|e| !b.won.contains(e)) {
            *t.events.entry(e).or_default() += 1;
        }
    }
}

/// One "what n/m (…)" line and a line of counts by name, in catalog order.
fn counts_lines<T: Copy + Ord>(
    out: &mut dyn Write,
    what: &str,
    all: &[T],
    seen: &BTreeMap<T, u64>,
    name: impl Fn(T) -> String,
) -> std::io::Result<()> {
    let missing: Vec<String> = all.iter().filter(|x| !seen.contains_key(x)).map(|&x| name(x)).collect();
    let missing = if missing.is_empty() { "none".into() } else { missing.join(", ") };
    writeln!(out, "{what} {}/{} (never: {missing})", seen.len(), all.len())?;
    let counts: Vec<String> =
        all.iter().filter_map(|&x| seen.get(&x).map(|n| format!("{} {n}", name(x)))).collect();
    if !counts.is_empty() {
        writeln!(out, "  {}", counts.join(", "))?;
    }
    Ok(())
}

/// Plays `games` Empire vs. Rebellion games with random legal players from seeds
/// `seed..seed+games`: a line per game, then the wins, actions and time, and how often each
/// card was played, each power used, each strategy chosen and each event won. A game that
/// does not end within [`EVR_MAX_ACTIONS`] or refuses a legal action is an error.
pub fn run_evr(
    seed: u64,
    games: u64,
    mut dump: Option<&mut dyn Write>,
    out: &mut dyn Write,
) -> std::io::Result<EvrTally> {
    use crate::engine::evr::{apply, decision, new_game};
    let started = std::time::Instant::now();
    let mut t = EvrTally::default();
    for g in 0..games {
        let game_seed = seed.wrapping_add(g);
        let mut state = new_game(game_seed);
        let mut rng = crate::engine::rng::GameRng::from_seed(game_seed ^ 0x0005_eed0_fa11_ba11);
        let mut steps = 0usize;
        while let Some(d) = decision(&state) {
            if steps >= EVR_MAX_ACTIONS {
                return Err(std::io::Error::other(format!(
                    "seed {game_seed}: the game did not end within {EVR_MAX_ACTIONS} actions"
                )));
            }
            let action = d.actions[rng.below(d.actions.len())].clone();
            let before = state.clone();
            apply(&mut state, d.seat, action.clone()).map_err(|e| {
                std::io::Error::other(format!("seed {game_seed}: legal `{}` refused: {e}", action.command()))
            })?;
            count_step(&mut t, &before, &state, &action);
            steps += 1;
            if let Some(d2) = dump.as_deref_mut() {
                let line = EvrDumpLine {
                    game: game_seed,
                    seat: d.seat,
                    action: &action,
                    state: crate::engine::evr::view(&state, crate::engine::evr::Viewer::Full),
                };
                serde_json::to_writer(&mut *d2, &line).map_err(std::io::Error::other)?;
                writeln!(d2)?;
            }
        }
        let winner = state.winner.ok_or_else(|| {
            std::io::Error::other(format!("seed {game_seed}: the game stopped without a winner"))
        })?;
        match winner {
            Faction::Rebel => t.rebel += 1,
            Faction::Empire => t.empire += 1,
        }
        t.actions += steps as u64;
        writeln!(out, "seed {game_seed} winner {winner} rounds {} actions {steps}", state.round)?;
    }
    let secs = started.elapsed().as_secs_f64();
    writeln!(
        out,
        "games {games} rebel {} empire {} actions {} time {secs:.2}s ({:.3} ms per game)",
        t.rebel,
        t.empire,
        t.actions,
        if games > 0 { secs * 1000.0 / games as f64 } else { 0.0 }
    )?;
    let c = catalog_evr();
    let cards: Vec<ResourceCardId> = (0..c.resources.len() as u8).map(ResourceCardId).collect();
    let name = |x: ResourceCardId| crate::games::evr::words::card_name(x);
    counts_lines(out, "cards played", &cards, &t.played, name)?;
    writeln!(out, "distinct cards played {:.1}%", t.played_share() * 100.0)?;
    counts_lines(out, "powers used", &cards, &t.powers, name)?;
    let strategies: Vec<StrategyCardId> = (0..c.strategies.len() as u8).map(StrategyCardId).collect();
    counts_lines(out, "strategies chosen", &strategies, &t.strategies, |x| c.strategy(x).name.clone())?;
    let events: Vec<EventCardId> = (0..c.events.len() as u8).map(EventCardId).collect();
    counts_lines(out, "events won", &events, &t.events, |x| c.event(x).name.clone())?;
    Ok(t)
}
