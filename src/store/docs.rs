//! Documents the store keeps beside the matches, each kind in its own keyspace: what belongs to
//! a player or a server rather than to one match (a player's notification settings, the
//! server's record of ended matches, open lobbies, a server's own settings). Stored as JSON bytes under a text key, so
//! the trait stays object-safe; [`get`] and [`put`] read and write typed values.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{MatchStore, StoreError};

/// A kind of document: one keyspace (a sled tree) each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DocKind {
    /// A player's settings (key: the user id).
    Player,
    /// One ended match in the server's record (key: the match id).
    Record,
    /// An open lobby looking for players (key: the lobby's message id).
    Lobby,
    /// A server's settings (key: the guild id).
    Server,
}

impl DocKind {
    /// Every kind, in a fixed order (exports and `reshard` walk them).
    pub const ALL: [DocKind; 4] = [DocKind::Player, DocKind::Record, DocKind::Lobby, DocKind::Server];

    /// The keyspace's name in the database.
    pub fn tree(self) -> &'static str {
        match self {
            DocKind::Player => "doc/player",
            DocKind::Record => "doc/record",
            DocKind::Lobby => "doc/lobby",
            DocKind::Server => "doc/server",
        }
    }
}

/// Reads a typed document; `None` when there is none. An unreadable one is an error naming it.
pub fn get<T: DeserializeOwned>(
    store: &dyn MatchStore,
    kind: DocKind,
    key: &str,
) -> Result<Option<T>, StoreError> {
    match store.get_doc(kind, key)? {
        Some(bytes) => serde_json::from_slice(&bytes)
            .map(Some)
            .map_err(|e| StoreError::Corrupt { id: format!("{}/{key}", kind.tree()), detail: e.to_string() }),
        None => Ok(None),
    }
}

/// Writes a typed document (durable after the store's `flush`).
pub fn put<T: Serialize>(
    store: &dyn MatchStore,
    kind: DocKind,
    key: &str,
    value: &T,
) -> Result<(), StoreError> {
    let bytes = serde_json::to_vec(value).map_err(|e| StoreError::Db(format!("cannot write {key}: {e}")))?;
    store.put_doc(kind, key, &bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::MemoryStore;

    #[test]
    fn documents_of_each_kind_are_kept_apart() {
        let store = MemoryStore::new();
        put(&store, DocKind::Player, "7", &1u32).unwrap();
        put(&store, DocKind::Record, "7", &2u32).unwrap();
        assert_eq!(get::<u32>(&store, DocKind::Player, "7").unwrap(), Some(1));
        assert_eq!(get::<u32>(&store, DocKind::Record, "7").unwrap(), Some(2));
        assert_eq!(get::<u32>(&store, DocKind::Lobby, "7").unwrap(), None);
        store.delete_doc(DocKind::Player, "7").unwrap();
        assert_eq!(store.docs(DocKind::Player).unwrap(), vec![]);
        assert_eq!(store.docs(DocKind::Record).unwrap(), vec![("7".to_string(), b"2".to_vec())]);
    }
}
