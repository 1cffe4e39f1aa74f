//! What a server's players share across matches and games, kept in the store beside the
//! matches (`store::docs`): the server's record of ended matches, each player's notification
//! settings, the lobbies that gather players for a new match and a server's own settings. One [`Community`] serves
//! every hosted game.

pub mod lobby;
pub mod record;
pub mod server;
pub mod settings;
pub mod stats;

use std::sync::{Arc, Mutex};

use crate::store::MatchStore;

/// The cross-match services of one store: what is not one match's own.
pub struct Community {
    store: Arc<dyn MatchStore>,
    clock: Box<dyn Fn() -> u64 + Send + Sync>,
    /// Whether one player may hold several seats of a lobby (as hot-seat play in a match).
    hot_seat: bool,
    /// Serialises changes to lobbies (a read, a change, a write): two players taking the last
    /// two seats at once must not both win one.
    lobby_lock: Mutex<()>,
}

impl Community {
    /// The community of a store, on the system clock.
    pub fn new(store: Arc<dyn MatchStore>) -> Self {
        Self::with_clock(store, Box::new(system_clock))
    }

    /// The community of a store with an injected clock (tests).
    pub fn with_clock(store: Arc<dyn MatchStore>, clock: Box<dyn Fn() -> u64 + Send + Sync>) -> Self {
        Community { store, clock, hot_seat: false, lobby_lock: Mutex::new(()) }
    }

    /// Lets one player hold several seats of a lobby (hot-seat play; off by default, as in a
    /// match).
    pub fn allow_hot_seat(mut self, allow: bool) -> Self {
        self.hot_seat = allow;
        self
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

/// Seconds since the Unix epoch by the system clock: `service::system_clock` again, kept here
/// so that this folder and the service's root module do not import each other.
fn system_clock() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
}
