//! Match storage: metadata, the append-only action log and snapshots, behind a small trait
//! (sled in production, memory in tests), plus the documented JSON export.

pub mod docs;
mod memory;
mod presence;
mod sled_store;

pub use docs::DocKind;
pub use memory::MemoryStore;
pub use presence::{
    Decider, HOUR, MAX_LATEST, MAX_RECENT, Presence, Reminders, SideThread, SideThreads, Waiting,
};
pub use sled_store::SledStore;

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The life stage of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchStatus {
    /// Players are joining.
    Lobby,
    /// Being played.
    Active,
    /// Paused by a moderator.
    Paused,
    /// Finished or ended by a moderator.
    Ended,
}

impl MatchStatus {
    /// The status in words ("being played").
    pub fn words(self) -> &'static str {
        match self {
            MatchStatus::Lobby => "waiting for players",
            MatchStatus::Active => "being played",
            MatchStatus::Paused => "paused",
            MatchStatus::Ended => "over",
        }
    }
}

/// The digits of a match nonce (base36).
pub const NONCE_LEN: usize = 10;

/// Identifies one prompt of one match: what option menus and numbered answers refer to, so an
/// answer meant for another prompt is refused. Carries no name and nothing secret.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PromptKey {
    /// The match's nonce.
    pub nonce: String,
    /// The state version (the number of applied actions; repeats after a rollback).
    pub version: u64,
    /// A short hash of the prompt's seat, kind, options and context.
    pub fingerprint: String,
}

/// A seated player's request to cancel a running match, waiting for the other player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CancelRequest {
    /// Who asked.
    pub user: u64,
    /// The state version when they asked; any later move withdraws the request.
    pub version: u64,
    /// When (seconds since the Unix epoch).
    pub at: u64,
    /// Other players who agreed since (a team game needs every player); left out when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub agreed: Vec<u64>,
}

/// Everything about a match except its moves.
// `remote = "Self"` makes the derives generate inherent `serialize`/`deserialize` functions; the
// trait impls below wrap them so that a match stored before nonces existed gets one on load.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self")]
pub struct MatchMeta {
    /// The match id (its channel id, as text).
    pub id: String,
    /// A random id of this match, unique even when the channel hosts a new match or the match
    /// is rolled back (base36, `NONCE_LEN` digits). Matches stored without one get
    /// [`MatchMeta::derived_nonce`].
    #[serde(default)]
    pub nonce: String,
    /// The game id ("rebellion").
    pub game: String,
    /// The guild (server), if any.
    pub guild: Option<u64>,
    /// The channel.
    pub channel: u64,
    /// Who created it.
    pub creator: u64,
    /// Seat → user id.
    pub seats: BTreeMap<String, u64>,
    /// Game options as JSON.
    pub options: serde_json::Value,
    /// The match seed.
    pub seed: u64,
    /// Life stage.
    pub status: MatchStatus,
    /// Creation time (seconds since the Unix epoch).
    pub created_at: u64,
    /// Last change (seconds since the Unix epoch).
    pub updated_at: u64,
    /// A player's pending request to cancel the match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cancel_request: Option<CancelRequest>,
    /// Someone exported the match after it ended: its secrets are out, so a rollback may no
    /// longer reopen it.
    #[serde(default)]
    pub exported_after_end: bool,
    /// Seat → the prompt whose numbered options were last shown to that seat's player
    /// (`/play choose N` is checked against it).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub shown: BTreeMap<String, PromptKey>,
    /// How the match shows in its channel between commands (live message, lines not yet
    /// posted, closed DMs already mentioned).
    #[serde(default)]
    pub presence: Presence,
    /// Reminder delays and the decision being waited for.
    #[serde(default)]
    pub reminders: Reminders,
    /// Why the match ended when it did not end by the rules (cancelled, ended by a moderator,
    /// its channel deleted), in words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_because: Option<String>,
    /// Seat → how the computer plays it, for the seats the computer plays (they hold no user
    /// in `seats`: nobody is sent their secrets or mentioned for them).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub computer: BTreeMap<String, ComputerSeat>,
    /// The seed of the computer's random choices: drawn at random like the match seed, never
    /// derived from it (the match seed is the secret of every deck and die). Matches stored
    /// before there was a computer read 0 and draw one when the computer first takes a seat.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub bot_seed: u64,
    /// The salt of the dice commitment (`crate::trust::dice`): random bytes in hex, drawn with the
    /// seed and as secret as it until the match ends. Empty for a match stored before
    /// commitments existed: it shows no commitment, and `verify` says there is none to check.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub salt: String,
    /// The commitment to the seed shown in the channel since the match started:
    /// `dice::commitment(seed, salt)`. Empty exactly when `salt` is.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub commitment: String,
    /// Every moderator rollback, oldest first: the replay cannot see actions that were taken
    /// back, so the record says where the log was cut (`docs/dice.md`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rollbacks: Vec<RollbackNote>,
    /// When the match ended (seconds since the Unix epoch), for the server's record; `None`
    /// while it runs, and for a match that ended before this was kept (its last change
    /// stands in).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_at: Option<u64>,
    /// A moderator left the match out of the server's record (`/mod record exclude`: a test
    /// match): kept with the match so that exports and `holonet reshard` carry it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub record_excluded: bool,
    /// Whether players may ask the computer for a hint (`/play hint`), set when the match was
    /// created; a match against the computer allows them anyway.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hints: bool,
    /// How many hints each seat asked for, told in the reveal.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub hints_asked: BTreeMap<String, u32>,
}

/// A moderator's rollback, as the match records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollbackNote {
    /// The moderator.
    pub by: u64,
    /// When (seconds since the Unix epoch).
    pub at: u64,
    /// The log's length before the rollback.
    pub from: u64,
    /// The log's length after it.
    pub to: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// How the computer plays one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ComputerSeat {
    /// About how long it thinks per decision, in milliseconds.
    pub think_ms: u64,
}

/// The user id the action log records for the computer's actions. Discord ids are never 0, so
/// no person is ever taken for the computer (nor the computer for a person).
pub const COMPUTER_USER: u64 = 0;

impl MatchMeta {
    /// What a seal of this match's seed is bound to (`trust::dice::seal_seed`).
    pub fn seal_binding(&self) -> crate::trust::dice::SealBinding {
        crate::trust::dice::SealBinding {
            game: self.game.clone(),
            id: self.id.clone(),
            nonce: self.nonce.clone(),
            commitment: self.commitment.clone(),
            channel: self.channel,
            guild: self.guild,
        }
    }

    /// A fresh random nonce.
    pub fn new_nonce() -> String {
        crate::trust::hash::base36(rand::random::<u64>(), NONCE_LEN)
    }

    /// The nonce of a match stored before nonces existed: derived from its id and creation
    /// time, so every load of it agrees.
    pub fn derived_nonce(id: &str, created_at: u64) -> String {
        crate::trust::hash::base36(
            crate::trust::hash::fnv1a(&["nonce", id, &created_at.to_string()]),
            NONCE_LEN,
        )
    }
}

impl Serialize for MatchMeta {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        MatchMeta::serialize(self, s)
    }
}

impl<'de> Deserialize<'de> for MatchMeta {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let mut meta = MatchMeta::deserialize(d)?;
        if meta.nonce.is_empty() {
            meta.nonce = MatchMeta::derived_nonce(&meta.id, meta.created_at);
        }
        Ok(meta)
    }
}

/// One applied action in the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    /// The acting seat.
    pub seat: String,
    /// The action, as the game serialises it.
    pub action: serde_json::Value,
    /// The user who sent it.
    pub user: u64,
    /// When (seconds since the Unix epoch).
    pub at: u64,
    /// Whether its player may take it back (nobody learnt anything from it; see
    /// `Game::undoable`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub undoable: bool,
}

/// A saved state after the first `actions` log entries.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    /// How many log entries it reflects.
    pub actions: u64,
    /// The full game state.
    pub state: serde_json::Value,
}

/// A match as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredMatch {
    /// Metadata.
    pub meta: MatchMeta,
    /// The whole action log.
    pub log: Vec<LogEntry>,
    /// The latest snapshot, if any.
    pub snapshot: Option<Snapshot>,
}

/// A storage failure.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database failed.
    #[error("storage error: {0}")]
    Db(String),
    /// Stored data could not be read.
    #[error("stored data for `{id}` is unreadable: {detail}")]
    Corrupt {
        /// The match.
        id: String,
        /// What is wrong.
        detail: String,
    },
}

/// Where matches are kept. Writes are durable only after `flush`.
pub trait MatchStore: Send + Sync {
    /// Creates or replaces a match's metadata.
    fn put_meta(&self, meta: &MatchMeta) -> Result<(), StoreError>;
    /// Appends log entry number `index` (from 0).
    fn append(&self, id: &str, index: u64, entry: &LogEntry) -> Result<(), StoreError>;
    /// Keeps only the first `len` log entries (and drops snapshots beyond them).
    fn truncate(&self, id: &str, len: u64) -> Result<(), StoreError>;
    /// Saves a snapshot.
    fn put_snapshot(&self, id: &str, snap: &Snapshot) -> Result<(), StoreError>;
    /// Loads a match.
    fn load(&self, id: &str) -> Result<Option<StoredMatch>, StoreError>;
    /// Loads only a match's metadata (what a start needs; the log is read on first use).
    fn load_meta(&self, id: &str) -> Result<Option<MatchMeta>, StoreError> {
        Ok(self.load(id)?.map(|m| m.meta))
    }
    /// Ids of every stored match.
    fn list(&self) -> Result<Vec<String>, StoreError>;
    /// Deletes a match.
    fn delete(&self, id: &str) -> Result<(), StoreError>;
    /// Makes every write so far durable.
    fn flush(&self) -> Result<(), StoreError>;
    /// The store's own secret key (drawn once, kept with the data): it seals the seed of a
    /// match exported during play, so that the file can restore the match on this server
    /// while nobody reads the seed from it (`trust::dice::seal_seed`).
    fn seal_key(&self) -> Result<[u8; 32], StoreError>;
    /// Every key a sealed seed may open with here: the store's own, then those it inherited
    /// from the stores whose matches `holonet reshard` moved into it.
    fn seal_keys(&self) -> Result<Vec<[u8; 32]>, StoreError> {
        Ok(vec![self.seal_key()?])
    }
    /// Creates or replaces a document beside the matches (`docs`).
    fn put_doc(&self, kind: DocKind, key: &str, value: &[u8]) -> Result<(), StoreError>;
    /// A document's bytes, if there is one.
    fn get_doc(&self, kind: DocKind, key: &str) -> Result<Option<Vec<u8>>, StoreError>;
    /// Every document of a kind, by key order.
    fn docs(&self, kind: DocKind) -> Result<Vec<(String, Vec<u8>)>, StoreError>;
    /// Deletes a document (none there is no error).
    fn delete_doc(&self, kind: DocKind, key: &str) -> Result<(), StoreError>;
}

/// The JSON a moderator exports (and a backup or migration imports): metadata plus the whole
/// action log. Replaying the log from the seed rebuilds the match exactly, so the file reveals
/// every secret of both sides (`docs/export-format.md`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchExport {
    /// Always "holonet-match".
    pub format: String,
    /// Format version (1).
    pub format_version: u32,
    /// Metadata.
    pub meta: MatchMeta,
    /// Every applied action.
    pub log: Vec<LogEntry>,
    /// Whether the match had not ended when it was exported (its secrets were still in play).
    #[serde(default)]
    pub exported_during_play: bool,
    /// Whether the seed and salt were left out (`meta.seed` reads 0, `meta.salt` is empty): an
    /// export made from Discord while the match runs, when nobody may learn the seed. Such a
    /// file cannot be verified, and imports only to restore its own match on the server that
    /// wrote it (with `sealed_seed`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub seed_withheld: bool,
    /// The withheld seed and salt, sealed with the exporting store's key (`trust::dice::seal_seed`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sealed_seed: Option<String>,
    /// The game's result when the match ended by its rules, as the game words it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// The hash of the state after the last action (`dice::state_hash`), as the reveal showed
    /// it; `verify` checks the replay reaches it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_state: Option<String>,
}

impl MatchExport {
    /// The export of a stored match, seed included.
    pub fn of(m: &StoredMatch) -> Self {
        MatchExport {
            format: "holonet-match".into(),
            format_version: 1,
            meta: m.meta.clone(),
            log: m.log.clone(),
            exported_during_play: m.meta.status != MatchStatus::Ended,
            seed_withheld: false,
            sealed_seed: None,
            result: None,
            final_state: None,
        }
    }

    /// The export file's bytes: pretty JSON, as every export writes it (`/mod export`,
    /// `holonet export`, and what `holonet reshard` moves and compares).
    pub fn to_json(&self) -> Result<Vec<u8>, StoreError> {
        serde_json::to_vec_pretty(self).map_err(|e| StoreError::Db(format!("cannot write the export: {e}")))
    }

    /// The export with the seed and salt left out when `withhold` (a running match: see
    /// `seed_withheld`), sealed with the store's `key`; else unchanged.
    pub fn withholding_seed_if(mut self, withhold: bool, key: &[u8; 32]) -> Self {
        if withhold {
            let m = &self.meta;
            self.sealed_seed = Some(crate::trust::dice::seal_seed(&m.seal_binding(), m.seed, &m.salt, key));
            self.meta.seed = 0;
            self.meta.salt.clear();
            self.seed_withheld = true;
        }
        self
    }

    /// An export file whose match now lives in `guild`: an import records the server of the
    /// channel it loads into, not the exporter's, so the match stays with the cluster process
    /// that owns that server (and `holonet reshard` moves it there). Bytes that are not an
    /// export are returned as they are, for the import to refuse with its own reason.
    pub fn rehome(json: Vec<u8>, guild: Option<u64>) -> Vec<u8> {
        let Ok(mut export) = serde_json::from_slice::<MatchExport>(&json) else { return json };
        if export.meta.guild == guild {
            return json;
        }
        export.meta.guild = guild;
        export.to_json().unwrap_or(json)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_imported_match_takes_the_server_it_is_imported_into() {
        let meta: MatchMeta = serde_json::from_value(serde_json::json!({
            "id": "10", "game": "rebellion", "guild": 4 << 22, "channel": 10, "creator": 1,
            "seats": {}, "options": {}, "seed": 1, "status": MatchStatus::Lobby,
            "created_at": 0, "updated_at": 0,
        }))
        .expect("metadata");
        let file = MatchExport::of(&StoredMatch { meta, log: vec![], snapshot: None }).to_json().unwrap();
        let moved: MatchExport =
            serde_json::from_slice(&MatchExport::rehome(file.clone(), Some(5 << 22))).unwrap();
        assert_eq!(moved.meta.guild, Some(5 << 22));
        assert_eq!(moved.meta.channel, 10, "nothing else changes");
        assert_eq!(
            MatchExport::rehome(file.clone(), Some(4 << 22)),
            file,
            "same server: the very same bytes"
        );
        assert_eq!(
            MatchExport::rehome(b"not json".to_vec(), Some(1)),
            b"not json",
            "left for the import to refuse"
        );
    }
}
