//! The server's record: one entry per ended match, kept in the store's `DocKind::Record`
//! keyspace and written when a match ends (by every way a match can end: the rules, a cancel,
//! a moderator's end, its channel deleted). An entry holds public facts only — the game and its
//! options, where it was played, who held which seat, who won and how it ended, when and how
//! long — so nothing in it is a secret even of a match that just ended. A running match never
//! enters the record; `holonet reindex` rebuilds it from the stored matches.
//!
//! An entry is keyed by the match's dice commitment (drawn at random with each match and kept by
//! exports and imports), so a later match in the same channel adds an entry instead of replacing
//! the old one, and an import of an ended match replaces its own entry instead of counting it
//! twice. A match stored before commitments existed is keyed by its channel and nonce.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::Community;
use crate::games::evr::Evr;
use crate::games::game::Game;
use crate::games::rebellion::Rebellion;
use crate::service::{Caller, Service, ServiceError, options_of, rebuild};
use crate::store::{DocKind, MatchMeta, MatchStatus, MatchStore, StoreError, StoredMatch, docs};

/// How a match in the record ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// A side won by the rules.
    Rules,
    /// Its players (or a moderator) cancelled it.
    Cancelled,
    /// A moderator ended it.
    Moderator,
    /// Its channel or thread was deleted.
    ChannelGone,
    /// The server removed Holonet.
    ServerLeft,
}

impl Ending {
    /// How the match ended, from its metadata (`MatchMeta::ended_because`).
    pub fn of(meta: &MatchMeta) -> Self {
        match meta.ended_because.as_deref() {
            None => Ending::Rules,
            Some("cancelled") => Ending::Cancelled,
            Some(why) if why.starts_with("ended by moderator") => Ending::Moderator,
            Some(why) if why.contains("server") => Ending::ServerLeft,
            Some(_) => Ending::ChannelGone,
        }
    }

    /// The ending in words ("cancelled").
    pub fn words(self) -> &'static str {
        match self {
            Ending::Rules => "by the rules",
            Ending::Cancelled => "cancelled",
            Ending::Moderator => "ended by a moderator",
            Ending::ChannelGone => "its channel was deleted",
            Ending::ServerLeft => "the server removed Holonet",
        }
    }
}

/// One ended match as the server's record keeps it: public facts only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordEntry {
    /// The game's id ("rebellion", "evr").
    pub game: String,
    /// The game's options in words ("the Rise of the Empire expansion"), `None` for the plain
    /// game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// The server it was played on.
    pub guild: Option<u64>,
    /// Its channel or thread.
    pub channel: u64,
    /// Seat → the player who held it at the end.
    pub players: BTreeMap<String, u64>,
    /// The seats the computer played.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub computer: Vec<String>,
    /// Seat → the side it plays for ("rebel-admiral" → "rebel").
    pub sides: BTreeMap<String, String>,
    /// The side that won by the rules, if one did.
    pub winner: Option<String>,
    /// How it ended.
    pub ending: Ending,
    /// When it was created (seconds since the Unix epoch).
    pub created_at: u64,
    /// When it ended (seconds since the Unix epoch).
    pub ended_at: u64,
    /// The round it reached.
    pub rounds: u32,
    /// A moderator left it out of the record's figures.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub excluded: bool,
}

impl RecordEntry {
    /// How long the match lasted, in days.
    pub fn days(&self) -> f64 {
        self.ended_at.saturating_sub(self.created_at) as f64 / 86_400.0
    }
}

/// Why a call on the record was refused. Nothing changed when one is returned.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// A game that is not hosted here.
    #[error("there is no game `{}` here; the games are: {}", crate::content::echo(.0), GAMES.join(", "))]
    UnknownGame(String),
    /// Moderators only.
    #[error("only moderators can leave a match out of the record")]
    NotModerator,
    /// No match in the channel named (or not on this server).
    #[error("there is no match in that channel on this server")]
    NoMatch,
    /// The channel's match has not ended: only ended matches are in the record.
    #[error("the match in that channel is {}; only an ended match is in the record", .0.words())]
    NotEnded(MatchStatus),
    /// The channel's match was cancelled before it started.
    #[error("that match was cancelled before it started, so it is not in the record")]
    NeverStarted,
    /// Already as asked.
    #[error("that match is already {}", if *.0 { "left out of the record" } else { "in the record" })]
    Unchanged(bool),
    /// The stored match could not be replayed or read.
    #[error(transparent)]
    Service(#[from] ServiceError),
}

impl From<StoreError> for RecordError {
    fn from(e: StoreError) -> Self {
        RecordError::Service(e.into())
    }
}

/// The ids of the games the record knows (`Game::ID`).
pub const GAMES: [&str; 2] = [Rebellion::ID, Evr::ID];

/// Refuses a game id that is not hosted here.
pub fn check_game(game: &str) -> Result<(), RecordError> {
    match GAMES.contains(&game) {
        true => Ok(()),
        false => Err(RecordError::UnknownGame(game.to_string())),
    }
}

/// The key of a match's entry: its dice commitment, or its channel and nonce without one.
pub fn record_key(meta: &MatchMeta) -> String {
    match meta.commitment.as_str() {
        "" => format!("{}-{}", meta.id, meta.nonce),
        c => c.to_string(),
    }
}

/// Whether a stored match ever started (a lobby cancelled before its start is not a match
/// played): it has actions, or the status line its start wrote.
pub(in crate::service) fn started(meta: &MatchMeta, log_len: usize) -> bool {
    log_len > 0 || !meta.presence.status.is_empty()
}

/// The record entry of an ended match in `state` (`None`: it never started), or `None` for a
/// match that has not ended — a running match never enters the record.
pub fn entry_of<G: Game>(meta: &MatchMeta, state: Option<&G::State>) -> Option<RecordEntry> {
    if meta.status != MatchStatus::Ended {
        return None;
    }
    let facts = G::facts(state?);
    let seats = G::seats(&options_of::<G>(meta));
    Some(RecordEntry {
        game: meta.game.clone(),
        variant: G::variant(&options_of::<G>(meta)),
        guild: meta.guild,
        channel: meta.channel,
        players: meta.seats.clone(),
        computer: meta.computer.keys().cloned().collect(),
        sides: seats.iter().map(|s| (s.clone(), G::side_of(s).to_string())).collect(),
        winner: facts.winner,
        ending: Ending::of(meta),
        created_at: meta.created_at,
        ended_at: meta.ended_at.unwrap_or(meta.updated_at),
        rounds: facts.rounds,
        excluded: meta.record_excluded,
    })
}

/// The entry of a stored match (replayed), keyed, or `None` when it has not ended, never
/// started, or is of a game not hosted here.
pub fn entry_of_stored(m: &StoredMatch) -> Result<Option<(String, RecordEntry)>, ServiceError> {
    fn of<G: Game>(m: &StoredMatch) -> Result<Option<RecordEntry>, ServiceError> {
        if m.meta.status != MatchStatus::Ended || !started(&m.meta, m.log.len()) {
            return Ok(None);
        }
        let state = rebuild::<G>(&m.meta, &m.log, m.snapshot.as_ref())?;
        Ok(entry_of::<G>(&m.meta, Some(&state)))
    }
    let entry = match m.meta.game.as_str() {
        Rebellion::ID => of::<Rebellion>(m)?,
        Evr::ID => of::<Evr>(m)?,
        _ => None,
    };
    Ok(entry.map(|e| (record_key(&m.meta), e)))
}

/// What `holonet reindex` did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reindexed {
    /// Entries written from the stored ended matches.
    pub written: usize,
    /// Entries kept of matches no longer stored (a later match replaced them in their
    /// channel): the record is all that is left of them.
    pub kept: usize,
    /// Entries removed: unreadable, or of a match that is stored but not in the record.
    pub removed: usize,
    /// Stored matches that could not be read or replayed (channel, what is wrong): left as
    /// they are, with no entry.
    pub unreadable: Vec<(String, String)>,
}

/// Rebuilds the record of a store from its stored matches (see [`Reindexed`]), and flushes.
pub fn reindex(store: &dyn MatchStore) -> Result<Reindexed, StoreError> {
    let mut report = Reindexed::default();
    let mut fresh: BTreeMap<String, RecordEntry> = BTreeMap::new();
    // The keys of stored matches that have no entry (running, or never started).
    let mut without: BTreeSet<String> = BTreeSet::new();
    for id in store.list()? {
        let entry = store.load(&id).map_err(ServiceError::from).and_then(|m| match m {
            Some(m) => entry_of_stored(&m).map(|e| e.ok_or_else(|| record_key(&m.meta))),
            None => Err(ServiceError::NoMatch),
        });
        match entry {
            Ok(Ok((key, e))) => {
                fresh.insert(key, e);
            }
            Ok(Err(key)) => {
                without.insert(key);
            }
            Err(e) => report.unreadable.push((id, e.to_string())),
        }
    }
    for (key, bytes) in store.docs(DocKind::Record)? {
        let readable = serde_json::from_slice::<RecordEntry>(&bytes).is_ok();
        if fresh.contains_key(&key) {
            continue;
        }
        if readable && !without.contains(&key) {
            report.kept += 1;
        } else {
            store.delete_doc(DocKind::Record, &key)?;
            report.removed += 1;
        }
    }
    for (key, e) in &fresh {
        docs::put(store, DocKind::Record, key, e)?;
    }
    report.written = fresh.len();
    store.flush()?;
    Ok(report)
}

impl Community {
    /// Every readable entry of the record on server `guild`, with its key (unreadable entries
    /// are skipped: `holonet reindex` removes them).
    pub fn entries(&self, guild: Option<u64>) -> Result<Vec<(String, RecordEntry)>, StoreError> {
        let mut out = vec![];
        for (key, bytes) in self.store().docs(DocKind::Record)? {
            if let Ok(e) = serde_json::from_slice::<RecordEntry>(&bytes)
                && e.guild == guild
            {
                out.push((key, e));
            }
        }
        Ok(out)
    }

    /// The last `n` ended matches of server `guild` that count (not excluded), the latest
    /// first; of one game only when `game` is given.
    pub fn history(
        &self,
        guild: Option<u64>,
        game: Option<&str>,
        n: usize,
    ) -> Result<Vec<RecordEntry>, RecordError> {
        if let Some(g) = game {
            check_game(g)?;
        }
        let mut list: Vec<RecordEntry> = self
            .entries(guild)?
            .into_iter()
            .map(|(_, e)| e)
            .filter(|e| !e.excluded && game.is_none_or(|g| e.game == g))
            .collect();
        list.sort_by_key(|e| std::cmp::Reverse((e.ended_at, e.channel)));
        list.truncate(n);
        Ok(list)
    }
}

impl<G: Game> Service<G> {
    /// Writes the entry of a match that ends now (`meta` about to be stored as ended; `state`
    /// `None` when it never started) in the server's record, noting when it ended. The one
    /// place every ending goes through; the caller flushes after it.
    pub(in crate::service) fn record_end(
        &self,
        meta: &mut MatchMeta,
        state: Option<&G::State>,
    ) -> Result<(), ServiceError> {
        if meta.status != MatchStatus::Ended {
            return Ok(());
        }
        meta.ended_at.get_or_insert_with(|| (self.clock)());
        if let Some(entry) = entry_of::<G>(meta, state) {
            docs::put(&*self.store, DocKind::Record, &record_key(meta), &entry)?;
        }
        Ok(())
    }

    /// Moderator: leaves the ended match of `channel` on server `guild` out of the record
    /// (`excluded`), or puts it back. Kept in the match's metadata and mirrored in its entry.
    /// Returns the answer in words.
    pub fn set_record_excluded(
        &self,
        channel: u64,
        guild: Option<u64>,
        caller: Caller,
        excluded: bool,
    ) -> Result<String, RecordError> {
        if !caller.moderator {
            return Err(RecordError::NotModerator);
        }
        let held = self.with(channel, |m| {
            if m.meta.guild != guild {
                return Err(ServiceError::NoMatch);
            }
            let mut meta = m.meta.clone();
            let state = m.state.as_ref().filter(|_| started(&meta, m.log.len()));
            let done = self.exclude(&mut meta, state, excluded);
            if done.is_ok() {
                m.meta = meta;
            }
            Ok(done)
        });
        match held {
            Ok(done) => done?,
            Err(ServiceError::NoMatch) => {
                // Ended matches are not loaded after a restart: the store holds it.
                let stored = self.store.load(&channel.to_string())?;
                let Some(s) = stored.filter(|s| s.meta.game == G::ID && s.meta.guild == guild) else {
                    return Err(RecordError::NoMatch);
                };
                let mut meta = s.meta.clone();
                let state = match meta.status == MatchStatus::Ended && started(&meta, s.log.len()) {
                    true => Some(rebuild::<G>(&meta, &s.log, s.snapshot.as_ref())?),
                    false => None,
                };
                self.exclude(&mut meta, state.as_ref(), excluded)?;
            }
            Err(e) => return Err(e.into()),
        }
        Ok(match excluded {
            true => format!("The match in <#{channel}> is left out of the server's record."),
            false => format!("The match in <#{channel}> counts in the server's record again."),
        })
    }

    /// Sets the exclusion of an ended match in its metadata and entry, stored and flushed.
    fn exclude(
        &self,
        meta: &mut MatchMeta,
        state: Option<&G::State>,
        excluded: bool,
    ) -> Result<(), RecordError> {
        match meta.status {
            MatchStatus::Ended => {}
            s => return Err(RecordError::NotEnded(s)),
        }
        if state.is_none() {
            return Err(RecordError::NeverStarted);
        }
        if meta.record_excluded == excluded {
            return Err(RecordError::Unchanged(excluded));
        }
        meta.record_excluded = excluded;
        // A match that ended before ends were timed ended at its last change, not now (and the
        // change made here is no move: its last change stays).
        meta.ended_at.get_or_insert(meta.updated_at);
        self.record_end(meta, state)?;
        self.store.put_meta(meta)?;
        self.store.flush()?;
        Ok(())
    }
}
