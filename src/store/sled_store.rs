//! The sled store: trees `meta` (id → JSON), `snapshot` (id → JSON) and `log`
//! (id, 0, index big-endian → JSON), and `secrets` (the seal key, `MatchStore::seal_key`, under
//! `seal`, and the keys inherited from the stores `holonet reshard` moved matches from, under
//! `inherited/` and the key's hash), and one tree per kind of document (`DocKind::tree`).
//! sled's on-disk format changes before 1.0; the JSON export is
//! the way to move matches off it.

use std::path::Path;

use sha2::Digest;
use sled::Transactional;
use sled::transaction::ConflictableTransactionError;

use super::*;

/// Matches in a sled database.
pub struct SledStore {
    db: sled::Db,
    meta: sled::Tree,
    snapshot: sled::Tree,
    log: sled::Tree,
}

fn db_err(e: impl std::fmt::Display) -> StoreError {
    StoreError::Db(e.to_string())
}

fn log_key(id: &str, index: u64) -> Vec<u8> {
    let mut k = id.as_bytes().to_vec();
    k.push(0);
    k.extend_from_slice(&index.to_be_bytes());
    k
}

fn log_prefix(id: &str) -> Vec<u8> {
    let mut k = id.as_bytes().to_vec();
    k.push(0);
    k
}

fn decode<T: serde::de::DeserializeOwned>(id: &str, bytes: &[u8]) -> Result<T, StoreError> {
    serde_json::from_slice(bytes)
        .map_err(|e| StoreError::Corrupt { id: id.to_string(), detail: e.to_string() })
}

fn encode<T: Serialize>(v: &T) -> Result<Vec<u8>, StoreError> {
    serde_json::to_vec(v).map_err(db_err)
}

impl SledStore {
    /// The keys of a match's log entries from number `from` on.
    fn log_keys_from(&self, id: &str, from: u64) -> Result<Vec<sled::IVec>, StoreError> {
        self.log
            .range(log_key(id, from)..)
            .keys()
            .take_while(|k| k.as_ref().map(|k| k.starts_with(&log_prefix(id))).unwrap_or(false))
            .collect::<Result<_, _>>()
            .map_err(db_err)
    }

    /// The seal keys this store holds now, its own first (none drawn if it has none yet): what
    /// `holonet reshard` hands on to the stores it moves matches into.
    pub fn held_seal_keys(&self) -> Result<Vec<[u8; 32]>, StoreError> {
        let secrets = self.db.open_tree("secrets").map_err(db_err)?;
        let mut keys = vec![];
        let own = secrets.get(b"seal").map_err(db_err)?;
        let inherited = secrets.scan_prefix(b"inherited/").values();
        for k in own.into_iter().map(Ok).chain(inherited) {
            let k = k.map_err(db_err)?;
            keys.push(<[u8; 32]>::try_from(&k[..]).map_err(|_| db_err("a seal key is damaged"))?);
        }
        Ok(keys)
    }

    /// Keeps `keys` beside this store's own, so that the sealed exports of matches moved here
    /// from the stores that held them open here too (`MatchStore::seal_keys`).
    pub fn inherit_seal_keys(&self, keys: &[[u8; 32]]) -> Result<(), StoreError> {
        let secrets = self.db.open_tree("secrets").map_err(db_err)?;
        for key in keys {
            let mut name = b"inherited/".to_vec();
            name.extend(sha2::Sha256::digest(key));
            secrets.insert(name, &key[..]).map_err(db_err)?;
        }
        Ok(())
    }

    /// The tree of one kind of document (sled caches open trees: this is a lookup).
    fn doc_tree(&self, kind: DocKind) -> Result<sled::Tree, StoreError> {
        self.db.open_tree(kind.tree()).map_err(db_err)
    }

    /// Opens (or creates) the database in a directory.
    pub fn open(dir: &Path) -> Result<Self, StoreError> {
        let db = open_db(dir)?;
        Ok(SledStore {
            meta: db.open_tree("meta").map_err(db_err)?,
            snapshot: db.open_tree("snapshot").map_err(db_err)?,
            log: db.open_tree("log").map_err(db_err)?,
            db,
        })
    }
}

/// Opens the database, waiting up to five seconds for the file lock: sled releases it from a
/// background thread a moment after the previous handle in this process is dropped (an
/// offline import right after another would otherwise fail now and then); on a loaded machine
/// that moment passed one second (a local match reopened at once failed 2 times in 15).
fn open_db(dir: &Path) -> Result<sled::Db, StoreError> {
    let mut waited = 0;
    loop {
        match sled::open(dir) {
            Err(sled::Error::Io(e)) if lock_held(&e) && waited < 5_000 => {
                std::thread::sleep(std::time::Duration::from_millis(20));
                waited += 20;
            }
            other => return other.map_err(db_err),
        }
    }
}

/// Whether opening failed because another handle still holds the file lock. sled 0.34 reports
/// it as an error of kind `Other` whose text names the lock (`could not acquire lock on …`),
/// wrapping the `WouldBlock` of the lock call, so the kind alone never matched.
fn lock_held(e: &std::io::Error) -> bool {
    e.kind() == std::io::ErrorKind::WouldBlock || e.to_string().starts_with("could not acquire lock")
}

impl MatchStore for SledStore {
    fn put_meta(&self, meta: &MatchMeta) -> Result<(), StoreError> {
        self.meta.insert(meta.id.as_bytes(), encode(meta)?).map_err(db_err)?;
        Ok(())
    }
    fn append(&self, id: &str, index: u64, entry: &LogEntry) -> Result<(), StoreError> {
        self.truncate(id, index)?;
        self.log.insert(log_key(id, index), encode(entry)?).map_err(db_err)?;
        Ok(())
    }
    fn truncate(&self, id: &str, len: u64) -> Result<(), StoreError> {
        let keys = self.log_keys_from(id, len)?;
        let stale = match self.snapshot.get(id.as_bytes()).map_err(db_err)? {
            // A snapshot is only a shortcut for replaying the log: an unreadable one goes too
            // (deleting or restoring a damaged match must not fail on it).
            Some(s) => serde_json::from_slice::<Snapshot>(&s).map_or(true, |snap| snap.actions > len),
            None => false,
        };
        if keys.is_empty() && !stale {
            return Ok(());
        }
        // One transaction: a kill mid-way leaves no gap in the log (its entries are removed
        // from the cut on, and a later entry kept after a removed one would be replayed in its
        // place).
        (&self.snapshot, &self.log)
            .transaction(|(snapshot, log)| {
                for k in &keys {
                    log.remove(k.clone())?;
                }
                if stale {
                    snapshot.remove(id.as_bytes())?;
                }
                Ok::<(), ConflictableTransactionError<()>>(())
            })
            .map_err(|e| db_err(format!("{e:?}")))
    }
    fn put_snapshot(&self, id: &str, snap: &Snapshot) -> Result<(), StoreError> {
        self.snapshot.insert(id.as_bytes(), encode(snap)?).map_err(db_err)?;
        Ok(())
    }
    fn load(&self, id: &str) -> Result<Option<StoredMatch>, StoreError> {
        let Some(m) = self.meta.get(id.as_bytes()).map_err(db_err)? else {
            return Ok(None);
        };
        let meta: MatchMeta = decode(id, &m)?;
        let mut log = vec![];
        for kv in self.log.scan_prefix(log_prefix(id)) {
            let (_, v) = kv.map_err(db_err)?;
            log.push(decode(id, &v)?);
        }
        // The log is the record; a snapshot only saves replaying it. An unreadable snapshot is
        // skipped (the match replays from its seed) rather than making the match unloadable.
        let snapshot = match self.snapshot.get(id.as_bytes()).map_err(db_err)? {
            Some(s) => {
                decode(id, &s).inspect_err(|e| tracing::warn!(match_id = %id, "snapshot skipped: {e}")).ok()
            }
            None => None,
        };
        Ok(Some(StoredMatch { meta, log, snapshot }))
    }
    fn load_meta(&self, id: &str) -> Result<Option<MatchMeta>, StoreError> {
        match self.meta.get(id.as_bytes()).map_err(db_err)? {
            Some(m) => decode(id, &m).map(Some),
            None => Ok(None),
        }
    }
    fn list(&self) -> Result<Vec<String>, StoreError> {
        self.meta
            .iter()
            .keys()
            .map(|k| k.map(|k| String::from_utf8_lossy(&k).into_owned()).map_err(db_err))
            .collect()
    }
    fn delete(&self, id: &str) -> Result<(), StoreError> {
        // One transaction over the three trees: a process killed while deleting leaves the match
        // whole or gone, never its metadata with the first part of its log removed.
        let keys = self.log_keys_from(id, 0)?;
        (&self.meta, &self.snapshot, &self.log)
            .transaction(|(meta, snapshot, log)| {
                for k in &keys {
                    log.remove(k.clone())?;
                }
                meta.remove(id.as_bytes())?;
                snapshot.remove(id.as_bytes())?;
                Ok::<(), ConflictableTransactionError<()>>(())
            })
            .map_err(|e| db_err(format!("{e:?}")))
    }
    fn flush(&self) -> Result<(), StoreError> {
        self.db.flush().map_err(db_err)?;
        Ok(())
    }
    fn seal_key(&self) -> Result<[u8; 32], StoreError> {
        // Drawn at first use and kept in its own tree; a second writer's key loses to the first.
        let secrets = self.db.open_tree("secrets").map_err(db_err)?;
        let fresh = rand::random::<[u8; 32]>();
        let _ = secrets.compare_and_swap(b"seal", None as Option<&[u8]>, Some(&fresh[..])).map_err(db_err)?;
        self.db.flush().map_err(db_err)?;
        let kept = secrets.get(b"seal").map_err(db_err)?.ok_or_else(|| db_err("the seal key vanished"))?;
        <[u8; 32]>::try_from(&kept[..]).map_err(|_| db_err("the seal key is damaged"))
    }
    fn put_doc(&self, kind: DocKind, key: &str, value: &[u8]) -> Result<(), StoreError> {
        self.doc_tree(kind)?.insert(key.as_bytes(), value).map_err(db_err)?;
        Ok(())
    }
    fn get_doc(&self, kind: DocKind, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self.doc_tree(kind)?.get(key.as_bytes()).map_err(db_err)?.map(|v| v.to_vec()))
    }
    fn docs(&self, kind: DocKind) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        self.doc_tree(kind)?
            .iter()
            .map(|kv| kv.map(|(k, v)| (String::from_utf8_lossy(&k).into_owned(), v.to_vec())).map_err(db_err))
            .collect()
    }
    fn delete_doc(&self, kind: DocKind, key: &str) -> Result<(), StoreError> {
        self.doc_tree(kind)?.remove(key.as_bytes()).map_err(db_err)?;
        Ok(())
    }
    fn seal_keys(&self) -> Result<Vec<[u8; 32]>, StoreError> {
        let own = self.seal_key()?;
        let mut keys = vec![own];
        keys.extend(self.held_seal_keys()?.into_iter().filter(|k| *k != own));
        Ok(keys)
    }
}
