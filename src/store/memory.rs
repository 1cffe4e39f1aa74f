//! An in-memory store, for tests.

use std::collections::BTreeMap;
use std::sync::Mutex;

use super::*;

/// Keeps matches in memory; `flush` counts calls so tests can check persist-before-reply.
#[derive(Default)]
pub struct MemoryStore {
    inner: Mutex<BTreeMap<String, StoredMatch>>,
    flushes: Mutex<u64>,
    seal: [u8; 32],
    docs: Mutex<BTreeMap<(DocKind, String), Vec<u8>>>,
}

impl MemoryStore {
    /// An empty store. Its seal key is fixed (all zero bytes): nothing it holds outlives the
    /// process, and exports made during play move between memory stores as between restarts.
    pub fn new() -> Self {
        Self::default()
    }
    /// An empty store with its own seal key (a server other than the default one).
    pub fn with_seal_key(seal: [u8; 32]) -> Self {
        MemoryStore { seal, ..Self::default() }
    }
    /// How many times `flush` was called.
    pub fn flush_count(&self) -> u64 {
        *self.flushes.lock().expect("lock")
    }
}

impl MatchStore for MemoryStore {
    fn put_meta(&self, meta: &MatchMeta) -> Result<(), StoreError> {
        let mut m = self.inner.lock().expect("lock");
        match m.get_mut(&meta.id) {
            Some(x) => x.meta = meta.clone(),
            None => {
                m.insert(meta.id.clone(), StoredMatch { meta: meta.clone(), log: vec![], snapshot: None });
            }
        }
        Ok(())
    }
    fn append(&self, id: &str, index: u64, entry: &LogEntry) -> Result<(), StoreError> {
        let mut m = self.inner.lock().expect("lock");
        let x = m.get_mut(id).ok_or_else(|| StoreError::Db(format!("no match {id}")))?;
        x.log.truncate(index as usize);
        x.log.push(entry.clone());
        Ok(())
    }
    fn truncate(&self, id: &str, len: u64) -> Result<(), StoreError> {
        let mut m = self.inner.lock().expect("lock");
        if let Some(x) = m.get_mut(id) {
            x.log.truncate(len as usize);
            if x.snapshot.as_ref().is_some_and(|s| s.actions > len) {
                x.snapshot = None;
            }
        }
        Ok(())
    }
    fn put_snapshot(&self, id: &str, snap: &Snapshot) -> Result<(), StoreError> {
        let mut m = self.inner.lock().expect("lock");
        if let Some(x) = m.get_mut(id) {
            x.snapshot = Some(snap.clone());
        }
        Ok(())
    }
    fn load(&self, id: &str) -> Result<Option<StoredMatch>, StoreError> {
        Ok(self.inner.lock().expect("lock").get(id).cloned())
    }
    fn list(&self) -> Result<Vec<String>, StoreError> {
        Ok(self.inner.lock().expect("lock").keys().cloned().collect())
    }
    fn delete(&self, id: &str) -> Result<(), StoreError> {
        self.inner.lock().expect("lock").remove(id);
        Ok(())
    }
    fn seal_key(&self) -> Result<[u8; 32], StoreError> {
        Ok(self.seal)
    }
    fn flush(&self) -> Result<(), StoreError> {
        *self.flushes.lock().expect("lock") += 1;
        Ok(())
    }
    fn put_doc(&self, kind: DocKind, key: &str, value: &[u8]) -> Result<(), StoreError> {
        self.docs.lock().expect("lock").insert((kind, key.to_string()), value.to_vec());
        Ok(())
    }
    fn get_doc(&self, kind: DocKind, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self.docs.lock().expect("lock").get(&(kind, key.to_string())).cloned())
    }
    fn docs(&self, kind: DocKind) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        let docs = self.docs.lock().expect("lock");
        Ok(docs
            .iter()
            .filter(|((k, _), _)| *k == kind)
            .map(|((_, key), v)| (key.clone(), v.clone()))
            .collect())
    }
    fn delete_doc(&self, kind: DocKind, key: &str) -> Result<(), StoreError> {
        self.docs.lock().expect("lock").remove(&(kind, key.to_string()));
        Ok(())
    }
}
