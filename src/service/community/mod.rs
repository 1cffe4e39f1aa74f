//! What a server's players share across matches and games, kept in the store beside the
//! matches (`store::docs`): the server's record of ended matches, each player's notification
//! settings, and the lobbies that gather players for a new match. One [`Community`] serves
//! every hosted game.

pub mod record;
pub mod settings;
pub mod stats;

use std::sync::Arc;

use crate::store::MatchStore;

/// The cross-match services of one store: what is not one match's own.
pub struct Community {
    store: Arc<dyn MatchStore>,
    clock: Box<dyn Fn() -> u64 + Send + Sync>,
}

impl Community {
    /// The community of a store, on the system clock.
    pub fn new(store: Arc<dyn MatchStore>) -> Self {
        // Read here rather than through `service::system_clock`: `service/mod.rs` imports this
        // file, and two files of different folders never import each other.
        let now =
            || std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        Self::with_clock(store, Box::new(now))
    }

    /// The community of a store with an injected clock (tests).
    pub fn with_clock(store: Arc<dyn MatchStore>, clock: Box<dyn Fn() -> u64 + Send + Sync>) -> Self {
        Community { store, clock }
    }

    /// The store it keeps its documents in.
    pub fn store(&self) -> &dyn MatchStore {
        &*self.store
    }

    /// Now, in seconds since the Unix epoch (by its clock).
    pub fn now(&self) -> u64 {
        (self.clock)()
    }
}
