//! The service layer between the engines and every front end: finds a channel's match,
//! serialises commands per match, applies them, persists (flushed before answering), and
//! returns the posts and private messages to send as plain data.

mod apply;
pub mod cards;
pub mod community;
mod computer;
mod error;
mod hints;
mod keys;
pub mod menu;
mod mine;
mod moderation;
mod outcome;
mod posting;
mod presence;
mod replay;
mod threads;
mod undo;
pub mod verify;

pub use community::Community;
pub use computer::{ComputerJob, ComputerMove, check_computer};
pub use error::{ServiceError, game_name};
pub use hints::{HINT_OPTIONS, hints_allowed};
pub use keys::{FINGERPRINT_LEN, fingerprint};
pub use mine::MyMatch;
pub use moderation::stored_export;
pub use outcome::{Announce, Outcome, PrivatePost, PromptPost, PublicPost, Reveal, StateAt};
pub use presence::{Nudge, Reminder, duration_words};
pub(crate) use replay::json_problem;
pub use replay::{StepError, full_log, public_log, rebuild, replay_each};
pub use threads::ThreadPlan;

use std::collections::{BTreeMap, HashMap};
use std::marker::PhantomData;
use std::sync::{Arc, Mutex};

use crate::games::game::Game;
pub use crate::store::PromptKey;
use crate::store::{CancelRequest, LogEntry, MatchMeta, MatchStatus, MatchStore, StoredMatch};
use keys::{note_shown, prompt_key, prompt_post_of};

/// Who is calling: a user, and whether front end rules make them a moderator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caller {
    /// The user id.
    pub user: u64,
    /// Whether the user may use moderator commands in this channel.
    pub moderator: bool,
}

/// How a player answers: a command line, or an option of a prompt by its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A command line (`activate hoth han_solo`): it names its action, so it needs no prompt.
    Command(String),
    /// Option `index` (from 0) of the prompt named by `key` (buttons and menus).
    Option {
        /// The prompt the option belongs to.
        key: PromptKey,
        /// The option's position.
        index: usize,
    },
    /// Option number `n` (from 1) of the prompt last shown to the caller's seat (`/play
    /// choose N`): refused if the pending prompt is another one.
    Numbered(usize),
}

/// One match in memory.
pub struct Match<G: Game> {
    /// Metadata (as stored).
    pub meta: MatchMeta,
    /// The game state once started.
    pub state: Option<G::State>,
    /// The action log (as stored).
    pub log: Vec<LogEntry>,
    /// Whether the log and state are in memory: a start reads only metadata, and a match is
    /// loaded (replayed) the first time a command needs it.
    pub loaded: bool,
}

/// What a service holds in a channel, read from metadata only (nothing is replayed): a front
/// end that hosts several games on one store finds the service of a channel with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Holding {
    /// Where the match stands.
    pub status: MatchStatus,
    /// When it was created (seconds since the Unix epoch): the newer of two ended matches of
    /// different games in one channel is the one shown.
    pub created_at: u64,
}

/// Take a snapshot every this many actions.
pub const SNAPSHOT_EVERY: u64 = 50;

/// The match service for one game.
pub struct Service<G: Game> {
    store: Arc<dyn MatchStore>,
    matches: Mutex<HashMap<String, Arc<Mutex<Match<G>>>>>,
    clock: Box<dyn Fn() -> u64 + Send + Sync>,
    allow_hot_seat: bool,
    /// Stored matches that could not be loaded (match id → what is wrong). Their channels
    /// answer every command with [`ServiceError::Damaged`] until a moderator imports an export,
    /// so one bad record never stops the other matches and is never silently overwritten.
    damaged: Mutex<BTreeMap<String, String>>,
    _game: PhantomData<G>,
}

/// The current time in seconds since the Unix epoch.
pub fn system_clock() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
}

/// Refuses a move in a match that is not running (not started, paused or over).
fn require_active(meta: &MatchMeta) -> Result<(), ServiceError> {
    match meta.status {
        MatchStatus::Active => Ok(()),
        MatchStatus::Lobby => Err(ServiceError::NotStarted),
        MatchStatus::Paused => Err(ServiceError::Paused),
        MatchStatus::Ended => Err(ServiceError::Ended),
    }
}

/// The seat a player named (any case), or which seats there are.
fn seat_named(seats: &[String], named: &str) -> Result<String, ServiceError> {
    let s = named.to_lowercase();
    if !seats.contains(&s) {
        return Err(ServiceError::UnknownSeat { seat: s, valid: seats.join(", ") });
    }
    Ok(s)
}

/// A match's options (the defaults if the stored JSON no longer fits).
fn options_of<G: Game>(meta: &MatchMeta) -> G::Options {
    serde_json::from_value(meta.options.clone()).unwrap_or_default()
}

fn prompt_post<G: Game>(m: &Match<G>) -> Option<PromptPost> {
    prompt_post_of::<G>(&m.meta, m.state.as_ref()?)
}

fn hand_posts<G: Game>(m: &Match<G>, seats: &[String]) -> Vec<PrivatePost> {
    let Some(state) = m.state.as_ref() else { return vec![] };
    seats
        .iter()
        .filter_map(|seat| {
            let user = *m.meta.seats.get(seat)?;
            Some(PrivatePost {
                user,
                seat: seat.clone(),
                text: format!("Your secrets as the {seat} player:\n{}", G::private_text(state, seat)),
                board: true,
            })
        })
        .collect()
}

impl<G: Game> Service<G> {
    /// A service over a store, using the system clock.
    pub fn new(store: Arc<dyn MatchStore>) -> Self {
        Self::with_clock(store, Box::new(system_clock))
    }

    /// A service with an injected clock (tests).
    pub fn with_clock(store: Arc<dyn MatchStore>, clock: Box<dyn Fn() -> u64 + Send + Sync>) -> Self {
        Service {
            store,
            matches: Mutex::new(HashMap::new()),
            clock,
            allow_hot_seat: false,
            damaged: Mutex::new(BTreeMap::new()),
            _game: PhantomData,
        }
    }

    /// The store the service keeps its matches in (shared with the other hosted games and
    /// the [`Community`]).
    pub fn store(&self) -> Arc<dyn MatchStore> {
        self.store.clone()
    }

    /// Lets one user hold several seats of a match (hot-seat play; off by default, as it lets
    /// one person see both sides' secrets).
    pub fn allow_hot_seat(mut self, allow: bool) -> Self {
        self.allow_hot_seat = allow;
        self
    }

    /// Whether one user may hold several seats of a match (hot-seat play).
    pub fn hot_seat_allowed(&self) -> bool {
        self.allow_hot_seat
    }

    /// Registers every stored match that is not over; returns how many. Only their metadata is
    /// read (a start stays quick with thousands of stored matches); each match is replayed the
    /// first time a command needs it (and [`Self::check_all`] replays them all to find damaged
    /// records early). A match whose metadata cannot be read is set aside as damaged (see
    /// [`Self::damaged`]) and the others load; only a failure of the store itself (listing) is
    /// an error.
    pub fn load_all(&self) -> Result<usize, ServiceError> {
        let mut n = 0;
        for id in self.store.list()? {
            match self.store.load_meta(&id) {
                Ok(Some(meta)) if meta.game == G::ID && meta.status != MatchStatus::Ended => {
                    self.damaged.lock().expect("lock").remove(&id);
                    let m = Match { meta, state: None, log: vec![], loaded: false };
                    self.matches.lock().expect("lock").insert(id, Arc::new(Mutex::new(m)));
                    n += 1;
                }
                Ok(_) => {}
                Err(e) => self.set_aside(&id, &e.into()),
            }
        }
        Ok(n)
    }

    /// Replays every registered match not loaded yet, setting aside those whose records no
    /// longer replay; returns their channels (to tell them how to restore the match). The
    /// replayed states are not kept: a match is loaded again when it is used.
    pub fn check_all(&self) -> Vec<u64> {
        let matches: Vec<_> = self.matches.lock().expect("lock").values().cloned().collect();
        let mut damaged = vec![];
        for m in matches {
            let m = m.lock().expect("match lock");
            if m.loaded {
                continue;
            }
            let id = m.meta.id.clone();
            let checked = self.store.load(&id).map_err(ServiceError::from).and_then(|stored| match stored {
                Some(s) => self.materialise(s).map(drop),
                None => Ok(()),
            });
            if let Err(e) = checked {
                self.set_aside(&id, &e);
                damaged.push(m.meta.channel);
            }
        }
        damaged
    }

    /// Records a match whose stored records cannot be used.
    fn set_aside(&self, id: &str, e: &ServiceError) {
        tracing::error!(match_id = %id, "stored match cannot be loaded: {e}");
        self.damaged.lock().expect("lock").insert(id.to_string(), e.to_string());
    }

    /// Reads and replays a registered match's log the first time it is needed.
    fn load(&self, m: &mut Match<G>) -> Result<(), ServiceError> {
        if m.loaded {
            return Ok(());
        }
        let id = m.meta.id.clone();
        let loaded = self.store.load(&id).map_err(ServiceError::from).and_then(|stored| match stored {
            Some(s) => self.materialise(s),
            None => Err(ServiceError::NoMatch),
        });
        match loaded {
            Ok(full) => {
                *m = full;
                Ok(())
            }
            Err(ServiceError::NoMatch) => Err(ServiceError::NoMatch),
            Err(e) => {
                self.set_aside(&id, &e);
                Err(ServiceError::Damaged)
            }
        }
    }

    /// The channels whose stored match could not be loaded, with what is wrong (for the
    /// moderators: restore each from an export with `/mod import`).
    pub fn damaged(&self) -> Vec<(u64, String)> {
        let damaged = self.damaged.lock().expect("lock");
        damaged.iter().filter_map(|(id, why)| Some((id.parse().ok()?, why.clone()))).collect()
    }

    /// The match this service holds in a channel, if any (metadata only).
    pub fn holding(&self, channel: u64) -> Option<Holding> {
        let m = self.matches.lock().expect("lock").get(&channel.to_string()).cloned()?;
        let m = m.lock().expect("match lock");
        Some(Holding { status: m.meta.status, created_at: m.meta.created_at })
    }

    /// Forgets that a channel's stored match could not be read: another game's service
    /// restored it by an import (a record whose metadata cannot be read is set aside by every
    /// service on the store, as none can tell whose it was).
    pub fn forget_damaged(&self, channel: u64) {
        self.damaged.lock().expect("lock").remove(&channel.to_string());
    }

    /// Refuses to touch a channel whose stored match is damaged.
    fn check_damaged(&self, id: &str) -> Result<(), ServiceError> {
        match self.damaged.lock().expect("lock").get(id) {
            Some(_) => Err(ServiceError::Damaged),
            None => Ok(()),
        }
    }

    fn materialise(&self, stored: StoredMatch) -> Result<Match<G>, ServiceError> {
        let state = match stored.meta.status {
            MatchStatus::Lobby => None,
            _ => Some(rebuild::<G>(&stored.meta, &stored.log, stored.snapshot.as_ref())?),
        };
        Ok(Match { meta: stored.meta, state, log: stored.log, loaded: true })
    }

    fn get(&self, channel: u64) -> Result<Arc<Mutex<Match<G>>>, ServiceError> {
        let id = channel.to_string();
        self.check_damaged(&id)?;
        let m = self.matches.lock().expect("lock").get(&id).cloned().ok_or(ServiceError::NoMatch)?;
        // An ended match stays in memory, but the channel may since host a match of another
        // game (its service replaced the stored records): then this one is gone for good.
        let ended = {
            let g = m.lock().expect("match lock");
            (g.meta.status == MatchStatus::Ended).then(|| g.meta.nonce.clone())
        };
        if let Some(nonce) = ended
            && matches!(self.store.load_meta(&id), Ok(now) if now.as_ref().is_none_or(|now| now.nonce != nonce))
        {
            self.matches.lock().expect("lock").remove(&id);
            return Err(ServiceError::NoMatch);
        }
        Ok(m)
    }

    /// Refuses a channel whose stored match is another game's and has not ended: one channel
    /// hosts one match at a time, whichever game's service holds it (a store is shared by
    /// every game's service, keyed by channel).
    fn check_other_game(&self, id: &str) -> Result<(), ServiceError> {
        // Unreadable records are not another game's: an import restores them.
        match self.store.load_meta(id) {
            Ok(Some(other)) if other.game != G::ID && other.status != MatchStatus::Ended => {
                Err(ServiceError::OtherGame { game: other.game, status: other.status })
            }
            _ => Ok(()),
        }
    }

    /// Runs `f` with the channel's match locked (commands on one match are serialised).
    fn with<R>(
        &self,
        channel: u64,
        f: impl FnOnce(&mut Match<G>) -> Result<R, ServiceError>,
    ) -> Result<R, ServiceError> {
        let m = self.get(channel)?;
        let mut guard = m.lock().expect("match lock");
        self.load(&mut guard)?;
        f(&mut guard)
    }

    fn save_meta(&self, meta: &mut MatchMeta) -> Result<(), ServiceError> {
        meta.updated_at = (self.clock)();
        self.store.put_meta(meta)?;
        self.store.flush()?;
        Ok(())
    }

    /// Creates a match in a channel (players then join).
    pub fn create(
        &self,
        channel: u64,
        guild: Option<u64>,
        caller: Caller,
        options: G::Options,
        seed: Option<u64>,
    ) -> Result<Outcome, ServiceError> {
        let mut map = self.matches.lock().expect("lock");
        let id = channel.to_string();
        self.check_damaged(&id)?;
        if let Some(m) = map.get(&id) {
            let status = m.lock().expect("lock").meta.status;
            if status != MatchStatus::Ended {
                return Err(ServiceError::MatchExists(status));
            }
        }
        self.check_other_game(&id)?;
        let now = (self.clock)();
        let meta = MatchMeta {
            id: id.clone(),
            nonce: MatchMeta::new_nonce(),
            game: G::ID.to_string(),
            guild,
            channel,
            creator: caller.user,
            seats: BTreeMap::new(),
            options: serde_json::to_value(&options).map_err(|e| ServiceError::Parse(e.to_string()))?,
            // Random, never derived from public facts (time, channel): the seed replays the
            // deck order and every future die.
            seed: seed.unwrap_or_else(rand::random),
            status: MatchStatus::Lobby,
            created_at: now,
            updated_at: now,
            cancel_request: None,
            exported_after_end: false,
            shown: BTreeMap::new(),
            presence: Default::default(),
            reminders: Default::default(),
            ended_because: None,
            computer: BTreeMap::new(),
            // Random like the match seed and never derived from it (see `MatchMeta::bot_seed`).
            bot_seed: rand::random::<u64>().max(1),
            salt: String::new(),
            commitment: String::new(),
            rollbacks: vec![],
            ended_at: None,
            record_excluded: false,
            hints: false,
            hints_asked: Default::default(),
        };
        let mut meta = meta;
        (meta.salt, meta.commitment) = crate::trust::dice::new_commitment(meta.seed);
        self.store.delete(&id)?;
        self.store.put_meta(&meta)?;
        self.store.flush()?;
        map.insert(id, Arc::new(Mutex::new(Match { meta, state: None, log: vec![], loaded: true })));
        let seats = G::seats(&options).join(", ");
        let with = G::variant(&options).map(|v| format!(", with {v}")).unwrap_or_default();
        Ok(Outcome::announce(format!(
            "A new match is open in this channel{with}. Take a seat ({seats}) with `/{} join`.",
            G::COMMAND
        )))
    }

    /// Takes a seat (`None` = any free seat).
    pub fn join(&self, channel: u64, caller: Caller, seat: Option<&str>) -> Result<Outcome, ServiceError> {
        self.with(channel, |m| {
            if m.meta.status != MatchStatus::Lobby {
                return Err(ServiceError::AlreadyStarted);
            }
            let options = options_of::<G>(&m.meta);
            let seats = G::seats(&options);
            let seat = match seat {
                Some(s) => {
                    let s = seat_named(&seats, s)?;
                    if m.meta.seats.contains_key(&s) || m.meta.computer.contains_key(&s) {
                        return Err(ServiceError::SeatTaken(s));
                    }
                    s
                }
                None => seats
                    .iter()
                    .find(|s| computer::is_free(&m.meta, s))
                    .cloned()
                    .ok_or(ServiceError::NoFreeSeat)?,
            };
            if !self.allow_hot_seat
                && let Some(mine) = m.meta.seats.iter().find(|(_, u)| **u == caller.user).map(|(s, _)| s)
            {
                return Err(ServiceError::HotSeat(mine.clone()));
            }
            let mut meta = m.meta.clone();
            meta.seats.insert(seat.clone(), caller.user);
            self.save_meta(&mut meta)?;
            m.meta = meta;
            Ok(Outcome::announce(format!("<@{}> takes the {seat} seat.", caller.user)))
        })
    }

    /// Leaves a seat before the match starts.
    pub fn leave(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError> {
        self.with(channel, |m| {
            if m.meta.status != MatchStatus::Lobby {
                return Err(ServiceError::AlreadyStarted);
            }
            let mut meta = m.meta.clone();
            let before = meta.seats.len();
            meta.seats.retain(|_, u| *u != caller.user);
            if meta.seats.len() == before {
                return Err(ServiceError::NotSeated);
            }
            self.save_meta(&mut meta)?;
            m.meta = meta;
            Ok(Outcome::announce(format!("<@{}> leaves the match.", caller.user)))
        })
    }

    /// Starts the match once every seat is taken (a seated player or a moderator).
    pub fn start(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError> {
        self.with(channel, |m| {
            if m.meta.status != MatchStatus::Lobby {
                return Err(ServiceError::AlreadyStarted);
            }
            if !caller.moderator && !m.meta.seats.values().any(|u| *u == caller.user) {
                return Err(ServiceError::StartNotAllowed);
            }
            let options = options_of::<G>(&m.meta);
            let seats = G::seats(&options);
            let open: Vec<String> = seats.iter().filter(|s| computer::is_free(&m.meta, s)).cloned().collect();
            if !open.is_empty() {
                return Err(ServiceError::SeatsOpen(open.join(", ")));
            }
            // Seats taken while hot-seat was allowed (config changed, or an import).
            let users: std::collections::BTreeSet<u64> = m.meta.seats.values().copied().collect();
            if !self.allow_hot_seat && users.len() < m.meta.seats.len() {
                return Err(ServiceError::SharedSeats);
            }
            let state = G::new_match(m.meta.seed, &options);
            let mut meta = m.meta.clone();
            meta.status = MatchStatus::Active;
            let mut prompt = prompt_post_of::<G>(&meta, &state);
            self.track_wait(&mut meta, prompt.as_mut(), Some(&state));
            note_shown(&mut meta, prompt.as_ref(), caller.user);
            self.save_meta(&mut meta)?;
            m.meta = meta;
            let status = G::status_text(&state);
            let snapshot = StateAt::new(state.clone());
            m.state = Some(state);
            let opening = match computer::computer_line(&m.meta) {
                Some(line) => format!("The match begins! {line}"),
                None => "The match begins!".into(),
            };
            Ok(Outcome {
                reply: opening,
                reply_public: true,
                public: vec![PublicPost { text: status, board: true }],
                private: hand_posts(m, &seats),
                prompt,
                ping: true,
                state: Some(snapshot),
                ..Default::default()
            })
        })
    }

    /// Cancels a match. In the lobby its creator or a moderator may. Once it has started, a
    /// moderator may, or both players together: a seated player's call records a request
    /// (announced), the other player's call confirms it, and any move withdraws it.
    pub fn cancel(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError> {
        self.with(channel, |m| {
            let text = match m.meta.status {
                MatchStatus::Ended => return Err(ServiceError::Ended),
                MatchStatus::Lobby if caller.user != m.meta.creator && !caller.moderator => {
                    return Err(ServiceError::NotCreator);
                }
                MatchStatus::Lobby => "The match is cancelled.".to_string(),
                MatchStatus::Active | MatchStatus::Paused if caller.moderator => {
                    format!("Moderator <@{}> cancelled the match.", caller.user)
                }
                MatchStatus::Active | MatchStatus::Paused => match self.cancel_request(m, caller)? {
                    Some(asked) => return Ok(asked),
                    None if m.meta.seats.len() > 2 => {
                        "Every player agreed: the match is cancelled.".to_string()
                    }
                    None => "Both players agreed: the match is cancelled.".to_string(),
                },
            };
            let mut meta = m.meta.clone();
            meta.status = MatchStatus::Ended;
            meta.cancel_request = None;
            meta.reminders.waiting = None;
            meta.ended_because = Some("cancelled".into());
            let reveal = m.state.as_ref().map(|state| self.reveal(&meta, &m.log, None, state));
            self.record_end(&mut meta, m.state.as_ref())?;
            self.save_meta(&mut meta)?;
            m.meta = meta;
            Ok(Outcome { reveal, ..Outcome::announce(text) })
        })
    }

    /// A player's cancel of a running match: `None` if it completes the agreement (the other
    /// player asked since the last move, or the caller holds every seat), else the recorded
    /// request's announcement.
    fn cancel_request(&self, m: &mut Match<G>, caller: Caller) -> Result<Option<Outcome>, ServiceError> {
        let seats = G::seats(&options_of::<G>(&m.meta));
        let mine: Vec<&String> =
            seats.iter().filter(|s| m.meta.seats.get(*s) == Some(&caller.user)).collect();
        if mine.is_empty() {
            return Err(ServiceError::CancelNeedsAgreement);
        }
        // The seats the computer plays need no agreement: alone against it, one call cancels.
        if mine.len() + m.meta.computer.len() >= seats.len() {
            return Ok(None);
        }
        let version = m.state.as_ref().map(G::version).unwrap_or_default();
        // Every seated player must agree (two in a two-player match, up to four in a team game).
        let players: std::collections::BTreeSet<u64> = m.meta.seats.values().copied().collect();
        if let Some(r) = m.meta.cancel_request.as_ref().filter(|r| r.version == version) {
            if r.user == caller.user || r.agreed.contains(&caller.user) {
                return Err(ServiceError::CancelPending);
            }
            let agreed: Vec<u64> = std::iter::once(r.user).chain(r.agreed.iter().copied()).collect();
            let waiting: Vec<u64> =
                players.iter().copied().filter(|u| *u != caller.user && !agreed.contains(u)).collect();
            if waiting.is_empty() {
                return Ok(None);
            }
            let mut meta = m.meta.clone();
            if let Some(r) = meta.cancel_request.as_mut() {
                r.agreed.push(caller.user);
            }
            self.save_meta(&mut meta)?;
            m.meta = meta;
            let names: Vec<String> = waiting.iter().map(|u| format!("<@{u}>")).collect();
            return Ok(Some(Outcome::announce(format!(
                "<@{}> agrees to cancel this match; still waiting for {} (`/{} cancel`). The next move \
                 withdraws the request.",
                caller.user,
                names.join(" and "),
                G::COMMAND
            ))));
        }
        let mut meta = m.meta.clone();
        meta.cancel_request =
            Some(CancelRequest { user: caller.user, version, at: (self.clock)(), agreed: vec![] });
        self.save_meta(&mut meta)?;
        m.meta = meta;
        let who = if players.len() > 2 { "The other players" } else { "The other player" };
        Ok(Some(Outcome::announce(format!(
            "<@{}> asks to cancel this match. {who} can agree with `/{} cancel`; \
             the next move withdraws the request.",
            caller.user,
            G::COMMAND
        ))))
    }

    /// Applies a player's answer to the pending decision.
    pub fn act(&self, channel: u64, caller: Caller, answer: Answer) -> Result<Outcome, ServiceError> {
        self.with(channel, |m| {
            require_active(&m.meta)?;
            let my_seats: Vec<String> =
                m.meta.seats.iter().filter(|(_, u)| **u == caller.user).map(|(s, _)| s.clone()).collect();
            if my_seats.is_empty() {
                return Err(ServiceError::NotSeated);
            }
            let state = m.state.as_ref().ok_or(ServiceError::NotStarted)?;
            let prompt = G::prompt(state).ok_or(ServiceError::Ended)?;
            // The seats the caller answers as: the one asked, or a teammate who may answer too.
            let mut asked: Vec<String> = std::iter::once(&prompt.seat)
                .chain(&prompt.also)
                .filter(|s| my_seats.contains(s))
                .cloned()
                .collect();
            let Some(first) = asked.first().cloned() else {
                return Err(ServiceError::NotYourDecision { seat: prompt.seat, kind: prompt.kind });
            };
            // A player also answers for a computer teammate asked with them: it leaves them
            // what ends the decision for both (`ComputerAsk::person_asked`).
            asked.extend(
                std::iter::once(&prompt.seat)
                    .chain(&prompt.also)
                    .filter(|s| m.meta.computer.contains_key(*s))
                    .cloned(),
            );
            let current = prompt_key::<G>(&m.meta, state, &prompt);
            let action = match answer {
                Answer::Command(text) => G::parse_action(&text).map_err(ServiceError::Parse)?,
                Answer::Option { key, index } => {
                    if key != current {
                        return Err(ServiceError::Stale);
                    }
                    // Saturating: an index of usize::MAX (a forged custom id) must not overflow.
                    let number = index.saturating_add(1);
                    prompt.options.get(index).cloned().ok_or(ServiceError::NoSuchOption(number))?
                }
                Answer::Numbered(n) => {
                    // A number means "option n of the list I saw": refuse it unless the list this
                    // seat last saw is the pending one (a rollback may have put another there).
                    let (lead, _) = keys::led_by_person(&m.meta, &prompt);
                    if m.meta.shown.get(&lead) != Some(&current) {
                        return Err(ServiceError::Stale);
                    }
                    n.checked_sub(1)
                        .and_then(|i| prompt.options.get(i))
                        .cloned()
                        .ok_or(ServiceError::NoSuchOption(n))?
                }
            };
            // A caller holding both roles of a side acts as the one the option belongs to.
            let only = G::option_seats(state, &prompt);
            let owner =
                prompt.options.iter().position(|o| *o == action).and_then(|i| only.get(i).cloned().flatten());
            let acting = owner.filter(|s| asked.contains(s)).unwrap_or(first);
            self.commit_action(m, &acting, caller.user, action)
        })
    }

    /// Where the channel's match stands, for the caller alone: whose decision, the round,
    /// reputation against time, the last ten public events in words and, for a player, what
    /// they hold.
    pub fn status(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError> {
        self.with(channel, |m| {
            let seats = computer::seat_list::<G>(&m.meta);
            let mut lines = vec![match &m.state {
                Some(s) => G::status_text(s),
                None => "Waiting for players.".into(),
            }];
            lines.push(format!("The match is {}. Seats: {}.", m.meta.status.words(), seats.join(", ")));
            if let Some(why) = &m.meta.ended_because {
                lines.push(format!("It ended: {why}."));
            }
            lines.extend(crate::trust::dice::status_line(&m.meta.commitment));
            if let Some(state) = &m.state {
                // Kept with the match since it began; older matches replay their log once.
                let log = match m.meta.presence.latest.as_slice() {
                    [] => public_log::<G>(&m.meta, &m.log)?,
                    kept => kept.to_vec(),
                };
                if !log.is_empty() {
                    lines.push("**Latest events**".into());
                    lines.extend(log[log.len().saturating_sub(10)..].iter().map(|l| format!("• {l}")));
                }
                for (seat, _) in m.meta.seats.iter().filter(|(_, u)| **u == caller.user) {
                    lines.push(format!("**You hold, as the {seat} player**"));
                    lines.push(G::private_text(state, seat));
                }
            }
            Ok(Outcome::reply(lines.join("\n")))
        })
    }

    /// The caller's private view (answered only to the caller), with their pending options.
    pub fn hand(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError> {
        self.with(channel, |m| {
            let state = m.state.as_ref().ok_or(ServiceError::NotStarted)?;
            let seats: Vec<String> =
                m.meta.seats.iter().filter(|(_, u)| **u == caller.user).map(|(s, _)| s.clone()).collect();
            if seats.is_empty() {
                return Err(ServiceError::NotSeated);
            }
            let text: Vec<String> =
                seats.iter().map(|s| format!("As the {s} player:\n{}", G::private_text(state, s))).collect();
            // The prompt too when the caller may answer it (a teammate named with the decider).
            let prompt = prompt_post(m).filter(|p| p.may_answer(caller.user));
            self.note_shown(m, prompt.as_ref(), caller.user)?;
            Ok(Outcome { reply: text.join("\n"), prompt, ..Default::default() })
        })
    }

    /// The pending prompt, for showing its options to `user`: when they decide it, it becomes
    /// the list `/play choose N` refers to for their seat.
    pub fn show(&self, channel: u64, user: u64) -> Result<Option<PromptPost>, ServiceError> {
        self.with(channel, |m| {
            let prompt = prompt_post(m);
            self.note_shown(m, prompt.as_ref(), user)?;
            Ok(prompt)
        })
    }

    /// Records (and persists) that `user` sees the prompt's options, if they decide it.
    fn note_shown(
        &self,
        m: &mut Match<G>,
        prompt: Option<&PromptPost>,
        user: u64,
    ) -> Result<(), ServiceError> {
        let mut meta = m.meta.clone();
        if note_shown(&mut meta, prompt, user) {
            self.save_meta(&mut meta)?;
            m.meta = meta;
        }
        Ok(())
    }

    /// The last `n` public events.
    pub fn log(&self, channel: u64, n: usize) -> Result<Outcome, ServiceError> {
        self.with(channel, |m| {
            let lines = public_log::<G>(&m.meta, &m.log)?;
            let start = lines.len().saturating_sub(n);
            Ok(Outcome { reply: lines[start..].join("\n"), ..Default::default() })
        })
    }

    /// The pending prompt (to re-post buttons; its options count as shown to nobody).
    pub fn prompt(&self, channel: u64) -> Result<Option<PromptPost>, ServiceError> {
        self.with(channel, |m| Ok(prompt_post(m)))
    }

    /// A copy of the state (for rendering off the lock).
    pub fn state(&self, channel: u64) -> Result<Option<G::State>, ServiceError> {
        self.with(channel, |m| Ok(m.state.clone()))
    }

    /// The seat → user map of a match.
    pub fn seats(&self, channel: u64) -> Result<BTreeMap<String, u64>, ServiceError> {
        self.with(channel, |m| Ok(m.meta.seats.clone()))
    }
}
