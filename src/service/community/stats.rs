//! `/game stats` as data: the server's record summed up per game and mode (matches played and
//! running, each side's wins with its share and a 95% Wilson interval, the average length), a
//! player's record per side, the computer's, and the share of one side over time for the chart.
//! Ended matches come from the record, running ones from the services' metadata in memory (their
//! game and options only): nothing of a running match's play is read.

use std::collections::BTreeMap;

use super::Community;
use super::record::{Ending, RecordEntry, RecordError, check_game};
use crate::games::game::Game;
use crate::service::{Service, options_of};
use crate::store::MatchStatus;

/// The side whose share of wins the chart follows over time.
pub const TREND_SIDE: &str = "empire";

/// How many finished matches the chart's rolling share looks back over.
pub const TREND_WINDOW: usize = 20;

/// A running match as the statistics count it: its game and options, nothing of its play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Running {
    /// The game's id.
    pub game: String,
    /// Its options in words, `None` for the plain game.
    pub variant: Option<String>,
}

/// What `/game stats` asks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StatsQuery {
    /// The server.
    pub guild: Option<u64>,
    /// One game only (its id), or every game.
    pub game: Option<String>,
    /// Whose record per side to give.
    pub player: Option<u64>,
}

/// One side's wins among the matches of a mode that ended by the rules.
#[derive(Clone, Debug, PartialEq)]
pub struct SideShare {
    /// The side ("rebel").
    pub side: String,
    /// Its wins.
    pub wins: usize,
    /// Its share of the finished matches (0 to 1).
    pub share: f64,
    /// The 95% Wilson interval of that share.
    pub interval: (f64, f64),
}

/// The figures of one game and mode.
#[derive(Clone, Debug, PartialEq)]
pub struct ModeStats {
    /// The game's id.
    pub game: String,
    /// The options in words, `None` for the plain game.
    pub variant: Option<String>,
    /// Ended matches that count (not excluded).
    pub played: usize,
    /// Matches being played now (or paused).
    pub running: usize,
    /// Of those played, how many a side won by the rules.
    pub finished: usize,
    /// Each side's wins, by side name.
    pub sides: Vec<SideShare>,
    /// The average rounds of the finished matches.
    pub rounds: Option<f64>,
    /// The average days of the finished matches.
    pub days: Option<f64>,
}

/// A record per side: of a player, or of the computer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideRecord {
    /// The game's id.
    pub game: String,
    /// The side.
    pub side: String,
    /// Ended matches played on that side.
    pub played: usize,
    /// Won by the rules.
    pub won: usize,
    /// Lost by the rules.
    pub lost: usize,
}

/// One game's share of [`TREND_SIDE`]'s wins over time.
#[derive(Clone, Debug, PartialEq)]
pub struct Trend {
    /// The game's id.
    pub game: String,
    /// (when the match ended, the share of the last [`TREND_WINDOW`] finished matches up to it).
    pub points: Vec<(u64, f64)>,
}

/// The answer to `/game stats`.
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    /// Per game and mode, by game then options.
    pub modes: Vec<ModeStats>,
    /// The player's record per game and side, when one was asked.
    pub player: Option<(u64, Vec<SideRecord>)>,
    /// The computer's record per game and side.
    pub computer: Vec<SideRecord>,
    /// Ended matches moderators left out.
    pub excluded: usize,
    /// The share over time, per game.
    pub trends: Vec<Trend>,
}

/// The 95% Wilson score interval of `k` successes in `n` trials ((0, 1) for none).
pub fn wilson(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    const Z: f64 = 1.959_964;
    let (k, n) = (k as f64, n as f64);
    let p = k / n;
    let z2 = Z * Z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = Z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Adds one match to a side's record.
fn tally(records: &mut BTreeMap<(String, String), SideRecord>, e: &RecordEntry, side: &str) {
    let r = records.entry((e.game.clone(), side.to_string())).or_insert_with(|| SideRecord {
        game: e.game.clone(),
        side: side.to_string(),
        ..Default::default()
    });
    r.played += 1;
    match &e.winner {
        Some(w) if w == side => r.won += 1,
        Some(_) => r.lost += 1,
        None => {}
    }
}

/// The share of [`TREND_SIDE`]'s wins over time, per game, from the matches won by the rules.
fn trends(mut finished: Vec<&RecordEntry>) -> Vec<Trend> {
    finished.sort_by_key(|e| (e.ended_at, e.channel));
    let mut games: BTreeMap<&str, Vec<&RecordEntry>> = BTreeMap::new();
    for e in finished {
        games.entry(e.game.as_str()).or_default().push(e);
    }
    games
        .into_iter()
        .map(|(game, list)| {
            let won: Vec<bool> = list.iter().map(|e| e.winner.as_deref() == Some(TREND_SIDE)).collect();
            let points = list
                .iter()
                .enumerate()
                .map(|(i, e)| {
                    let last = &won[(i + 1).saturating_sub(TREND_WINDOW)..=i];
                    (e.ended_at, last.iter().filter(|w| **w).count() as f64 / last.len() as f64)
                })
                .collect();
            Trend { game: game.to_string(), points }
        })
        .collect()
}

/// A game and its options in words.
type ModeKey = (String, Option<String>);

/// The figures of a mode, empty the first time it is named.
fn mode_of<'a>(
    modes: &'a mut BTreeMap<ModeKey, ModeStats>,
    game: &str,
    variant: &Option<String>,
) -> &'a mut ModeStats {
    modes.entry((game.to_string(), variant.clone())).or_insert_with(|| ModeStats {
        game: game.to_string(),
        variant: variant.clone(),
        played: 0,
        running: 0,
        finished: 0,
        sides: vec![],
        rounds: None,
        days: None,
    })
}

/// The statistics of some ended matches and running ones (see [`Stats`]).
pub fn summarise(entries: &[RecordEntry], running: &[Running], player: Option<u64>) -> Stats {
    let mut modes: BTreeMap<ModeKey, ModeStats> = BTreeMap::new();
    for r in running {
        mode_of(&mut modes, &r.game, &r.variant).running += 1;
    }
    let mut wins: BTreeMap<ModeKey, BTreeMap<String, usize>> = BTreeMap::new();
    let mut lengths: BTreeMap<ModeKey, (f64, f64)> = BTreeMap::new();
    let mut mine = BTreeMap::new();
    let mut computer = BTreeMap::new();
    let mut excluded = 0;
    let mut finished: Vec<&RecordEntry> = vec![];
    for e in entries {
        if e.excluded {
            excluded += 1;
            continue;
        }
        let key = (e.game.clone(), e.variant.clone());
        let m = mode_of(&mut modes, &e.game, &e.variant);
        m.played += 1;
        let sides = wins.entry(key.clone()).or_default();
        for side in e.sides.values() {
            sides.entry(side.clone()).or_insert(0);
        }
        if let (Ending::Rules, Some(w)) = (e.ending, &e.winner) {
            m.finished += 1;
            *sides.entry(w.clone()).or_insert(0) += 1;
            let l = lengths.entry(key).or_default();
            l.0 += e.rounds as f64;
            l.1 += e.days();
            finished.push(e);
        }
        let seats_of = |who: &dyn Fn(&str) -> bool| -> Vec<String> {
            let mut s: Vec<String> =
                e.sides.iter().filter(|(seat, _)| who(seat)).map(|(_, side)| side.clone()).collect();
            s.dedup();
            s
        };
        if let Some(p) = player {
            for side in seats_of(&|seat| e.players.get(seat) == Some(&p)) {
                tally(&mut mine, e, &side);
            }
        }
        for side in seats_of(&|seat| e.computer.iter().any(|c| c == seat)) {
            tally(&mut computer, e, &side);
        }
    }
    for (key, m) in modes.iter_mut() {
        if let Some(sides) = wins.get(key) {
            m.sides = sides
                .iter()
                .map(|(side, &k)| SideShare {
                    side: side.clone(),
                    wins: k,
                    share: if m.finished == 0 { 0.0 } else { k as f64 / m.finished as f64 },
                    interval: wilson(k, m.finished),
                })
                .collect();
        }
        if let Some((rounds, days)) = lengths.get(key).filter(|_| m.finished > 0) {
            m.rounds = Some(rounds / m.finished as f64);
            m.days = Some(days / m.finished as f64);
        }
    }
    Stats {
        modes: modes.into_values().collect(),
        player: player.map(|p| (p, mine.into_values().collect())),
        computer: computer.into_values().collect(),
        excluded,
        trends: trends(finished),
    }
}

impl Community {
    /// The statistics of server `query.guild`: its record, and the `running` matches the
    /// services hold (of every game; those of other servers and games are left out here).
    pub fn stats(
        &self,
        query: &StatsQuery,
        running: &[(Option<u64>, Running)],
    ) -> Result<Stats, RecordError> {
        if let Some(g) = &query.game {
            check_game(g)?;
        }
        let wanted = |game: &str| query.game.as_deref().is_none_or(|g| g == game);
        let entries: Vec<RecordEntry> =
            self.entries(query.guild)?.into_iter().map(|(_, e)| e).filter(|e| wanted(&e.game)).collect();
        let running: Vec<Running> = running
            .iter()
            .filter(|(guild, r)| *guild == query.guild && wanted(&r.game))
            .map(|(_, r)| r.clone())
            .collect();
        Ok(summarise(&entries, &running, query.player))
    }
}

impl<G: Game> Service<G> {
    /// The matches of this game being played or paused, with their server, from memory (their
    /// game and options only).
    pub fn running(&self) -> Vec<(Option<u64>, Running)> {
        let matches: Vec<_> = self.matches.lock().expect("lock").values().cloned().collect();
        matches
            .iter()
            .filter_map(|m| {
                let m = m.lock().expect("match lock");
                matches!(m.meta.status, MatchStatus::Active | MatchStatus::Paused).then(|| {
                    let variant = G::variant(&options_of::<G>(&m.meta));
                    (m.meta.guild, Running { game: G::ID.to_string(), variant })
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wilson_interval_holds_the_share_and_narrows_with_more_matches() {
        let (lo, hi) = wilson(7, 10);
        assert!((lo - 0.3968).abs() < 0.001 && (hi - 0.8922).abs() < 0.001, "{lo} {hi}");
        let (lo2, hi2) = wilson(70, 100);
        assert!(lo2 > lo && hi2 < hi);
        assert_eq!(wilson(0, 0), (0.0, 1.0));
        assert_eq!(wilson(0, 5).0, 0.0);
    }

    #[test]
    fn the_trend_is_the_share_of_the_last_twenty_matches_won_by_the_rules() {
        let entry = |i: u64, winner: &str| RecordEntry {
            game: "rebellion".into(),
            variant: None,
            guild: None,
            channel: i,
            players: Default::default(),
            computer: vec![],
            sides: Default::default(),
            winner: Some(winner.into()),
            ending: Ending::Rules,
            created_at: 0,
            ended_at: 100 + i,
            rounds: 5,
            excluded: false,
        };
        // The Empire wins the first 20, the Rebels the next 5 (listed out of order).
        let mut entries: Vec<RecordEntry> = (20..25).map(|i| entry(i, "rebel")).collect();
        entries.extend((0..20).map(|i| entry(i, TREND_SIDE)));
        let stats = summarise(&entries, &[], None);
        let points = &stats.trends[0].points;
        assert_eq!(points.len(), 25);
        assert_eq!(points[0], (100, 1.0));
        assert_eq!(points[19], (119, 1.0));
        assert_eq!(points[24], (124, 15.0 / 20.0));
    }
}
