//! `holonet simulate --rebel bot --empire random`: matches between kinds of players, spread
//! over threads; a line per game, then each faction's wins and the computer's time per decision.

use std::io::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use crate::bot::versus::{Played, Player, play};
use crate::content::Faction;
use crate::engine::rebellion::MatchOptions;

/// The summary of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games the Rebels won.
    pub rebel: u64,
    /// Games the Empire won.
    pub empire: u64,
    /// The computer's time per searched decision, sorted.
    pub thinking: Vec<Duration>,
    /// Search iterations over those decisions.
    pub iterations: u64,
}

impl Summary {
    /// The time per decision at quantile `q` (0..=1), or zero without any.
    pub fn quantile(&self, q: f64) -> Duration {
        if self.thinking.is_empty() {
            return Duration::ZERO;
        }
        let i = ((self.thinking.len() - 1) as f64 * q).round() as usize;
        self.thinking[i]
    }
}

/// Plays `games` Rebellion matches from seeds `seed..seed+games` on `threads` threads, writing
/// a line per game (in seed order) and the summary to `out`.
pub fn run(
    seed: u64,
    games: u64,
    options: &MatchOptions,
    players: (Player, Player),
    threads: usize,
    out: &mut dyn Write,
) -> std::io::Result<Summary> {
    let play = |s: u64| play(s, options.clone(), players.0, players.1);
    run_with(seed, games, players, threads, play, out)
}

/// Plays `games` Empire vs. Rebellion matches, as [`run`] does.
pub fn run_evr(
    seed: u64,
    games: u64,
    players: (Player, Player),
    threads: usize,
    out: &mut dyn Write,
) -> std::io::Result<Summary> {
    let play = |s: u64| crate::bot::evr::versus::play(s, players.0, players.1);
    run_with(seed, games, players, threads, play, out)
}

/// Plays `games` matches with `play` (a match from its seed) on `threads` threads, writing a
/// line per game (in seed order) and the summary to `out`.
fn run_with(
    seed: u64,
    games: u64,
    (rebel, empire): (Player, Player),
    threads: usize,
    play: impl Fn(u64) -> Played + Sync,
    out: &mut dyn Write,
) -> std::io::Result<Summary> {
    let next = AtomicU64::new(0);
    let results: Mutex<Vec<(u64, Played)>> = Mutex::new(vec![]);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= games {
                        break;
                    }
                    let s = seed.wrapping_add(g);
                    let played = play(s);
                    results.lock().unwrap_or_else(|e| e.into_inner()).push((s, played));
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    results.sort_by_key(|(s, _)| *s);
    let mut sum = Summary::default();
    for (s, p) in &results {
        match p.winner {
            Faction::Rebel => sum.rebel += 1,
            Faction::Empire => sum.empire += 1,
        }
        writeln!(out, "seed {s} winner {} rounds {} actions {}", p.winner, p.round, p.actions)?;
        sum.thinking.extend(&p.thinking);
        sum.iterations += p.iterations;
    }
    sum.thinking.sort();
    let pct = |n: u64| if games > 0 { n as f64 * 100.0 / games as f64 } else { 0.0 };
    writeln!(out, "rebel: {} / empire: {}", rebel.name(), empire.name())?;
    writeln!(
        out,
        "games {games} rebel wins {} ({:.1}%) empire wins {} ({:.1}%)",
        sum.rebel,
        pct(sum.rebel),
        sum.empire,
        pct(sum.empire)
    )?;
    if !sum.thinking.is_empty() {
        writeln!(
            out,
            "computer decisions {} ({:.0} search iterations each) time per decision median {:.1} ms p99 {:.1} ms max {:.1} ms",
            sum.thinking.len(),
            sum.iterations as f64 / sum.thinking.len() as f64,
            sum.quantile(0.5).as_secs_f64() * 1000.0,
            sum.quantile(0.99).as_secs_f64() * 1000.0,
            sum.quantile(1.0).as_secs_f64() * 1000.0
        )?;
    }
    Ok(sum)
}
