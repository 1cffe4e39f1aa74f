//! Lobbies: a message in a channel that gathers players for a new match (`/game lfg`). Each
//! lobby is a document in the store (`DocKind::Lobby`, key: its message id), so lobbies survive
//! a restart. Players take and leave seats; the opener (or a moderator) may seat the computer
//! where the game lets it play; when every seat is held the lobby hands out one start request,
//! and the front end starts the match (in a new thread) and then closes the lobby, or reports
//! why it could not and the lobby stays open. A lobby expires after the hours its server's
//! moderators set (`settings.rs`). A player may sit in several lobbies, but holds one seat of a
//! lobby unless hot-seat play is allowed, as in a match.
//!
//! Everything in a lobby is public: the game, its options and who holds which seat.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::Community;
use crate::games::game::Game;
use crate::service::{Caller, game_name};
use crate::store::StoreError;
use crate::store::docs::{self, DocKind};

/// How long a start request keeps a full lobby from a second start, in seconds: after this a
/// start that never reported back (the process stopped) may be tried again.
pub const STARTING_FOR: u64 = 600;

/// Discord's limit on a thread's name, in characters.
pub const MAX_THREAD_NAME: usize = 100;

/// Why a lobby call was refused. Nothing changed when one is returned.
#[derive(Debug, thiserror::Error)]
pub enum LobbyError {
    /// The lobby is no longer open.
    #[error("this lobby is closed: its match has started, or it expired")]
    Gone,
    /// A seat number the lobby does not have (a forged button).
    #[error("this lobby has no seat number {0}")]
    NoSuchSeat(usize),
    /// Someone holds the seat.
    #[error("the {0} seat is taken; pick a free one")]
    SeatTaken(String),
    /// The caller holds another seat of this lobby (hot-seat play is off).
    #[error("you already hold the {0} seat of this lobby; leave it first to take another")]
    HotSeat(String),
    /// The caller holds no seat.
    #[error("you hold no seat in this lobby")]
    NotSeated,
    /// The computer does not play this game with these options.
    #[error("the computer does not play {} with these options", game_name(.0))]
    NoComputer(String),
    /// Only the lobby's opener or a moderator seats the computer.
    #[error("only the player who opened this lobby, or a moderator, may seat the computer")]
    NotOpener,
    /// The computer may not hold every seat.
    #[error("at least one seat must be a person's")]
    NoHumanLeft,
    /// The lobby's match is being started.
    #[error("this lobby's match is being started; wait a moment")]
    Starting,
    /// A start was asked of a lobby with open seats.
    #[error("this lobby still has open seats: {0}")]
    NotFull(String),
    /// Only a seated player or a moderator may try the start again.
    #[error("only a player of this lobby, or a moderator, may start its match")]
    NotPlayer,
    /// A moderator's setting.
    #[error("only a moderator (Manage Channels or the moderator role) may change this")]
    NotModerator,
    /// Lobby hours out of range.
    #[error("a lobby stays open from 1 to {max} hours, not {0}", max = super::server::MAX_LOBBY_HOURS)]
    Expiry(u64),
    /// The game's options could not be kept.
    #[error("the match options cannot be kept: {0}")]
    Options(String),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Who holds a lobby seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Holder {
    /// A player, with the name shown for them (the thread's name uses it).
    Player {
        /// The user id.
        user: u64,
        /// Their display name when they joined.
        name: String,
    },
    /// The computer, thinking about this long per decision.
    Computer {
        /// Milliseconds per decision.
        think_ms: u64,
    },
}

/// What a lobby is for: a game, its options and seats, from the game's own rules.
#[derive(Clone, Debug, PartialEq)]
pub struct LobbySpec {
    /// The game's id (`Game::ID`).
    pub game: String,
    /// The match options as stored with a match.
    pub options: serde_json::Value,
    /// The options in words, when they differ from the plain game.
    pub variant: Option<String>,
    /// The seats, in join order.
    pub seats: Vec<String>,
    /// Whether the computer may play a seat of such a match.
    pub computer: bool,
    /// How long the computer thinks per decision when seated, in milliseconds.
    pub think_ms: u64,
}

impl LobbySpec {
    /// The lobby of a match of `G` with these options.
    pub fn of<G: Game>(options: &G::Options, think_ms: u64) -> Result<Self, LobbyError> {
        Ok(LobbySpec {
            game: G::ID.to_string(),
            options: serde_json::to_value(options).map_err(|e| LobbyError::Options(e.to_string()))?,
            variant: G::variant(options),
            seats: G::seats(options),
            computer: G::computer_plays(options),
            think_ms,
        })
    }
}

/// An open lobby, as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Lobby {
    /// Its message's id (the document's key).
    pub id: u64,
    /// Its server.
    pub guild: u64,
    /// Its channel.
    pub channel: u64,
    /// Who opened it.
    pub opener: u64,
    /// The game's id.
    pub game: String,
    /// The match options, as stored with a match.
    pub options: serde_json::Value,
    /// The options in words.
    pub variant: Option<String>,
    /// The seats, in join order.
    pub seats: Vec<String>,
    /// Whether the computer may play a seat.
    pub computer: bool,
    /// The computer's thinking time per decision when seated, in milliseconds.
    pub think_ms: u64,
    /// Who holds which seat.
    pub holders: BTreeMap<String, Holder>,
    /// When it opened (seconds since the Unix epoch).
    pub opened_at: u64,
    /// When it expires.
    pub expires_at: u64,
    /// Since when its match is being started, if it is.
    #[serde(default)]
    pub starting_since: Option<u64>,
    /// Why its match could not start, the last time it was tried.
    #[serde(default)]
    pub problem: Option<String>,
}

impl Lobby {
    /// The seats nobody holds, in join order.
    pub fn open_seats(&self) -> Vec<String> {
        self.seats.iter().filter(|s| !self.holders.contains_key(*s)).cloned().collect()
    }

    /// Whether every seat is held.
    pub fn is_full(&self) -> bool {
        self.open_seats().is_empty()
    }

    /// The seats a user holds.
    pub fn seats_of(&self, user: u64) -> Vec<String> {
        self.holders
            .iter()
            .filter(|(_, h)| matches!(h, Holder::Player { user: u, .. } if *u == user))
            .map(|(s, _)| s.clone())
            .collect()
    }

    /// The players' seats (seat → user) for the match.
    pub fn players(&self) -> BTreeMap<String, u64> {
        self.holders
            .iter()
            .filter_map(|(s, h)| match h {
                Holder::Player { user, .. } => Some((s.clone(), *user)),
                Holder::Computer { .. } => None,
            })
            .collect()
    }

    /// The computer's seats (seat → milliseconds per decision) for the match.
    pub fn computer_seats(&self) -> BTreeMap<String, u64> {
        self.holders
            .iter()
            .filter_map(|(s, h)| match h {
                Holder::Computer { think_ms } => Some((s.clone(), *think_ms)),
                Holder::Player { .. } => None,
            })
            .collect()
    }

    /// Whether a start request handed out at `since` still holds the lobby at `now`.
    fn starting(&self, now: u64) -> bool {
        self.starting_since.is_some_and(|since| now < since.saturating_add(STARTING_FOR))
    }

    /// The name of the match's thread: the game and its players by side ("Star Wars: Rebellion:
    /// Ann vs Bob"; teammates joined with "&"; sides are the seat names' first word), within
    /// Discord's 100 characters.
    pub fn thread_name(&self, game: &str) -> String {
        let mut sides: Vec<(String, Vec<String>)> = vec![];
        for seat in &self.seats {
            let side = seat.split('-').next().unwrap_or(seat).to_string();
            let name = match self.holders.get(seat) {
                Some(Holder::Player { name, .. }) => name.clone(),
                Some(Holder::Computer { .. }) => "the computer".to_string(),
                None => "?".to_string(),
            };
            match sides.iter_mut().find(|(s, _)| *s == side) {
                Some((_, names)) => names.push(name),
                None => sides.push((side, vec![name])),
            }
        }
        let players: Vec<String> = sides.into_iter().map(|(_, names)| names.join(" & ")).collect();
        let name = format!("{game}: {}", players.join(" vs "));
        if name.chars().count() <= MAX_THREAD_NAME {
            return name;
        }
        let mut cut: String = name.chars().take(MAX_THREAD_NAME - 1).collect();
        cut.push('…');
        cut
    }
}

/// A lobby after a change, and whether the caller must now start its match (every seat is
/// held: the lobby is marked as starting until [`Community::lobby_started`] or
/// [`Community::lobby_failed`]).
#[derive(Clone, Debug, PartialEq)]
pub struct LobbyUpdate {
    /// The lobby as it now stands.
    pub lobby: Lobby,
    /// Whether to start its match now.
    pub start: bool,
}

impl Community {
    /// The lobby of a message, if it is open.
    pub fn lobby(&self, id: u64) -> Result<Option<Lobby>, LobbyError> {
        Ok(docs::get(self.store(), DocKind::Lobby, &id.to_string())?)
    }

    /// Every open lobby (those whose record cannot be read are left out, and logged).
    pub fn lobbies(&self) -> Result<Vec<Lobby>, LobbyError> {
        let mut out = vec![];
        for (key, bytes) in self.store().docs(DocKind::Lobby)? {
            match serde_json::from_slice::<Lobby>(&bytes) {
                Ok(l) => out.push(l),
                Err(e) => tracing::warn!(lobby = %key, "a stored lobby cannot be read: {e}"),
            }
        }
        Ok(out)
    }

    /// Writes a lobby and flushes.
    fn save_lobby(&self, lobby: &Lobby) -> Result<(), LobbyError> {
        docs::put(self.store(), DocKind::Lobby, &lobby.id.to_string(), lobby)?;
        self.store().flush()?;
        Ok(())
    }

    /// Changes an open lobby under the lobbies' lock: `f` edits a copy, which is kept only
    /// when `f` succeeds. A change that fills the lobby marks it as starting.
    fn change_lobby(
        &self,
        id: u64,
        f: impl FnOnce(&mut Lobby, u64) -> Result<(), LobbyError>,
    ) -> Result<LobbyUpdate, LobbyError> {
        let _guard = self.lobby_lock.lock().expect("lobby lock");
        let mut lobby = self.lobby(id)?.ok_or(LobbyError::Gone)?;
        let now = self.now();
        if now >= lobby.expires_at {
            return Err(LobbyError::Gone);
        }
        if lobby.starting(now) {
            return Err(LobbyError::Starting);
        }
        f(&mut lobby, now)?;
        lobby.problem = None;
        let start = lobby.is_full();
        lobby.starting_since = start.then_some(now);
        self.save_lobby(&lobby)?;
        Ok(LobbyUpdate { lobby, start })
    }

    /// Opens a lobby for the message `id` in a channel of a server, with the server's expiry.
    pub fn open_lobby(
        &self,
        id: u64,
        guild: u64,
        channel: u64,
        opener: u64,
        spec: LobbySpec,
    ) -> Result<Lobby, LobbyError> {
        let now = self.now();
        let hours = self.lobby_hours(guild)?;
        let lobby = Lobby {
            id,
            guild,
            channel,
            opener,
            game: spec.game,
            options: spec.options,
            variant: spec.variant,
            seats: spec.seats,
            computer: spec.computer,
            think_ms: spec.think_ms,
            holders: BTreeMap::new(),
            opened_at: now,
            expires_at: now.saturating_add(hours.saturating_mul(3600)),
            starting_since: None,
            problem: None,
        };
        let _guard = self.lobby_lock.lock().expect("lobby lock");
        self.save_lobby(&lobby)?;
        Ok(lobby)
    }

    /// A player takes seat number `seat` (from 0) of a lobby, shown as `name`.
    pub fn join_lobby(
        &self,
        id: u64,
        caller: Caller,
        name: &str,
        seat: usize,
    ) -> Result<LobbyUpdate, LobbyError> {
        let hot_seat = self.hot_seat;
        self.change_lobby(id, |lobby, _| {
            let seat = lobby.seats.get(seat).cloned().ok_or(LobbyError::NoSuchSeat(seat))?;
            if lobby.holders.contains_key(&seat) {
                return Err(LobbyError::SeatTaken(seat));
            }
            if !hot_seat && let Some(mine) = lobby.seats_of(caller.user).into_iter().next() {
                return Err(LobbyError::HotSeat(mine));
            }
            let name = name.trim();
            let name = if name.is_empty() { format!("player {}", caller.user) } else { name.to_string() };
            lobby.holders.insert(seat, Holder::Player { user: caller.user, name });
            Ok(())
        })
    }

    /// The opener or a moderator seats the computer at seat number `seat` of a lobby, or
    /// frees the seat when the computer holds it already.
    pub fn lobby_computer(&self, id: u64, caller: Caller, seat: usize) -> Result<LobbyUpdate, LobbyError> {
        self.change_lobby(id, |lobby, _| {
            let seat = lobby.seats.get(seat).cloned().ok_or(LobbyError::NoSuchSeat(seat))?;
            if !lobby.computer {
                return Err(LobbyError::NoComputer(lobby.game.clone()));
            }
            if caller.user != lobby.opener && !caller.moderator {
                return Err(LobbyError::NotOpener);
            }
            match lobby.holders.get(&seat) {
                Some(Holder::Computer { .. }) => {
                    lobby.holders.remove(&seat);
                    return Ok(());
                }
                Some(Holder::Player { .. }) => return Err(LobbyError::SeatTaken(seat)),
                None => {}
            }
            if lobby.computer_seats().len() + 1 >= lobby.seats.len() {
                return Err(LobbyError::NoHumanLeft);
            }
            lobby.holders.insert(seat, Holder::Computer { think_ms: lobby.think_ms });
            Ok(())
        })
    }

    /// A player leaves their seats of a lobby.
    pub fn leave_lobby(&self, id: u64, caller: Caller) -> Result<LobbyUpdate, LobbyError> {
        self.change_lobby(id, |lobby, _| {
            let mine = lobby.seats_of(caller.user);
            if mine.is_empty() {
                return Err(LobbyError::NotSeated);
            }
            for seat in mine {
                lobby.holders.remove(&seat);
            }
            Ok(())
        })
    }

    /// A player of a full lobby (or a moderator) asks again for its match to start, after a
    /// start that could not happen.
    pub fn retry_lobby(&self, id: u64, caller: Caller) -> Result<LobbyUpdate, LobbyError> {
        self.change_lobby(id, |lobby, _| {
            if !caller.moderator && lobby.seats_of(caller.user).is_empty() {
                return Err(LobbyError::NotPlayer);
            }
            if !lobby.is_full() {
                return Err(LobbyError::NotFull(lobby.open_seats().join(", ")));
            }
            Ok(())
        })
    }

    /// Closes a lobby whose match has started; returns it as it was.
    pub fn lobby_started(&self, id: u64) -> Result<Option<Lobby>, LobbyError> {
        let _guard = self.lobby_lock.lock().expect("lobby lock");
        let lobby = self.lobby(id)?;
        self.store().delete_doc(DocKind::Lobby, &id.to_string())?;
        self.store().flush()?;
        Ok(lobby)
    }

    /// Keeps a lobby open after its match could not start, saying why.
    pub fn lobby_failed(&self, id: u64, why: &str) -> Result<Option<Lobby>, LobbyError> {
        let _guard = self.lobby_lock.lock().expect("lobby lock");
        let Some(mut lobby) = self.lobby(id)? else { return Ok(None) };
        lobby.starting_since = None;
        lobby.problem = Some(why.to_string());
        self.save_lobby(&lobby)?;
        Ok(Some(lobby))
    }

    /// Closes every lobby past its expiry that is not being started; returns them (their
    /// messages are then edited to say so).
    pub fn expire_lobbies(&self) -> Result<Vec<Lobby>, LobbyError> {
        let _guard = self.lobby_lock.lock().expect("lobby lock");
        let now = self.now();
        let expired: Vec<Lobby> =
            self.lobbies()?.into_iter().filter(|l| now >= l.expires_at && !l.starting(now)).collect();
        for l in &expired {
            self.store().delete_doc(DocKind::Lobby, &l.id.to_string())?;
        }
        if !expired.is_empty() {
            self.store().flush()?;
        }
        Ok(expired)
    }
}
