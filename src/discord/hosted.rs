//! The games the Discord layer hosts, behind one face.
//!
//! Every game is served by its own `Service<G>` on the one match store. What the Discord code
//! asks of a match — joining, answering a prompt, moderating, exporting, drawing its board — does
//! not depend on the game, so it goes through [`HostedGame`], an object-safe trait implemented
//! once for every `Service<G: Game>`; [`Games`] holds one service per game and finds the one
//! a channel's match belongs to. Adding a game adds a field and a choice, not a copy of the host.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::games::evr::{Evr, EvrOptions};
use crate::games::game::Game;
use crate::games::rebellion::Rebellion;
use crate::service::cards::CardBook;
use crate::service::community::record::RecordError;
use crate::service::community::stats::{Running, Stats, StatsQuery};
use crate::service::{
    Answer, Caller, Community, ComputerMove, Holding, MyMatch, Outcome, PromptPost, Reminder, Service,
    ServiceError, StateAt, ThreadPlan,
};
use crate::store::{MatchExport, MatchStatus, SideThreads};

/// A game hosted in Discord: which one it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum GameKind {
    /// Star Wars: Rebellion.
    Rebellion,
    /// Star Wars: Empire vs. Rebellion.
    Evr,
}

impl GameKind {
    /// Every hosted game, in the order their services are asked.
    pub const ALL: [GameKind; 2] = [GameKind::Rebellion, GameKind::Evr];

    /// The game's printed name.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Rebellion => "Star Wars: Rebellion",
            GameKind::Evr => "Star Wars: Empire vs. Rebellion",
        }
    }

    /// The game of a stored match's `game` id, if it is hosted here.
    pub fn of_id(id: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|k| k.id() == id)
    }

    /// The id stored with its matches (`Game::ID`).
    pub fn id(self) -> &'static str {
        match self {
            GameKind::Rebellion => Rebellion::ID,
            GameKind::Evr => Evr::ID,
        }
    }
}

/// One game's match service as the Discord layer uses it: every call names the channel, and
/// states travel as [`StateAt`] (drawn by the service of their game).
pub trait HostedGame: Send + Sync {
    /// Which game this service hosts.
    fn kind(&self) -> GameKind;
    /// The match this service holds in a channel, if any (metadata only).
    fn holding(&self, channel: u64) -> Option<Holding>;
    /// Takes a seat (`None` = any free seat).
    fn join(&self, channel: u64, caller: Caller, seat: Option<&str>) -> Result<Outcome, ServiceError>;
    /// Leaves a seat before the start.
    fn leave(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError>;
    /// Starts the match.
    fn start(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError>;
    /// Cancels the match (or asks to).
    fn cancel(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError>;
    /// Applies an answer to the pending decision.
    fn act(&self, channel: u64, caller: Caller, answer: Answer) -> Result<Outcome, ServiceError>;
    /// Takes back the caller's last action.
    fn undo(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError>;
    /// Where the match stands, for the caller alone.
    fn status(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError>;
    /// The caller's private view with their pending options.
    fn hand(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError>;
    /// The computer's best options for the caller's pending decision, for the caller alone
    /// (slow: it thinks).
    fn hint(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError>;
    /// Turns hints on or off in the lobby.
    fn set_hints(&self, channel: u64, caller: Caller, on: bool) -> Result<Outcome, ServiceError>;
    /// The last `n` public events.
    fn log(&self, channel: u64, n: usize) -> Result<Outcome, ServiceError>;
    /// The pending prompt, shown to `user` (counted as shown when they decide it).
    fn show(&self, channel: u64, user: u64) -> Result<Option<PromptPost>, ServiceError>;
    /// The pending prompt (shown to nobody).
    fn prompt(&self, channel: u64) -> Result<Option<PromptPost>, ServiceError>;
    /// A copy of the state, for drawing.
    fn state(&self, channel: u64) -> Result<Option<StateAt>, ServiceError>;
    /// The seat → user map.
    fn seats(&self, channel: u64) -> Result<BTreeMap<String, u64>, ServiceError>;
    /// Moderator: pause.
    fn pause(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError>;
    /// Moderator: resume.
    fn resume(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError>;
    /// Moderator: end now.
    fn end(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError>;
    /// Moderator: give a seat to another user.
    fn replace(&self, channel: u64, caller: Caller, seat: &str, user: u64) -> Result<Outcome, ServiceError>;
    /// Moderator: empty a seat.
    fn kick(&self, channel: u64, caller: Caller, seat: &str) -> Result<Outcome, ServiceError>;
    /// Moderator: undo the last actions.
    fn rollback(&self, channel: u64, caller: Caller, steps: u64) -> Result<Outcome, ServiceError>;
    /// The match as an export file.
    fn export(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError>;
    /// Moderator: load an export file into the channel.
    fn import(&self, channel: u64, caller: Caller, json: &[u8]) -> Result<Outcome, ServiceError>;
    /// Moderator: reminder delays.
    fn set_reminders(
        &self,
        channel: u64,
        caller: Caller,
        first: u64,
        second: u64,
    ) -> Result<Outcome, ServiceError>;
    /// The side a seat plays for (`Game::side_of`).
    fn side_of(&self, seat: &str) -> String;
    /// The sides of a running match and where their secrets go (`Service::thread_plan`).
    fn thread_plan(&self, channel: u64) -> Result<Option<ThreadPlan>, ServiceError>;
    /// Records where the sides' secrets go (`Service::set_side_threads`).
    fn set_side_threads(&self, channel: u64, threads: SideThreads) -> Result<(), ServiceError>;
    /// The live message as it stands, mentioning nobody (`Service::live_now`).
    fn live_now(&self, channel: u64) -> Result<Outcome, ServiceError>;
    /// Moderator: the delay before a player at the table is mentioned.
    fn set_mention_delay(&self, channel: u64, caller: Caller, minutes: u64) -> Result<Outcome, ServiceError>;
    /// Moderator: seats, waits and reminder settings.
    fn idle_report(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError>;
    /// Notes closed DMs; `true` the first time in the match.
    fn note_dm_closed(&self, channel: u64, user: u64) -> Result<bool, ServiceError>;
    /// The live message's id.
    fn live_message(&self, channel: u64) -> Result<Option<u64>, ServiceError>;
    /// Records the live message's id.
    fn set_live_message(&self, channel: u64, message: Option<u64>) -> Result<(), ServiceError>;
    /// Ends the match of a channel that is gone.
    fn archive_channel(&self, channel: u64, why: &str) -> Result<usize, ServiceError>;
    /// Ends the matches of a server that is gone.
    fn archive_guild(&self, guild: u64, why: &str) -> Result<usize, ServiceError>;
    /// Reminders due now.
    fn due_reminders(&self) -> Vec<Reminder>;
    /// Registers the stored matches of this game.
    fn load_all(&self) -> Result<usize, ServiceError>;
    /// Replays every registered match to find damaged records.
    fn check_all(&self) -> Vec<u64>;
    /// Channels whose stored match could not be read.
    fn damaged(&self) -> Vec<(u64, String)>;
    /// Forgets a damaged record another game's import replaced.
    fn forget_damaged(&self, channel: u64);
    /// Seats the computer (the creator in the lobby, or a moderator; see
    /// `Service::seat_computer`).
    fn seat_computer(
        &self,
        channel: u64,
        caller: Caller,
        seat: Option<&str>,
        think_ms: u64,
    ) -> Result<Outcome, ServiceError>;
    /// The computer's decision for the pending prompt, if it is a computer seat's: takes the
    /// job under the match's lock and thinks off it (slow: call it off the runtime).
    fn computer_think(&self, channel: u64) -> Result<Option<ComputerMove>, ServiceError>;
    /// Applies the computer's decision, refused as stale if the prompt moved meanwhile.
    fn computer_act(&self, channel: u64, mv: &ComputerMove) -> Result<Outcome, ServiceError>;
    /// The channels whose running match has a computer seat.
    fn computer_channels(&self) -> Vec<u64>;
    /// Whether a state is one of this game's.
    fn owns(&self, state: &StateAt) -> bool;
    /// The public status line of a state of this game.
    fn status_text(&self, state: &StateAt) -> Option<String>;
    /// A board image of a state of this game for a viewer (slow: call it off the runtime).
    fn board_png(&self, state: &StateAt, viewer: Option<&str>) -> Option<Vec<u8>>;
    /// The text board of a state of this game for a viewer.
    fn board_text(&self, state: &StateAt, viewer: Option<&str>) -> Option<String>;
    /// The cards a channel's card lookup searches (its match's options only).
    fn card_book(&self, channel: u64) -> CardBook;
    /// A player's matches of this game on a server that have not ended (`Service::mine`).
    fn mine(&self, user: u64, guild: Option<u64>) -> Vec<MyMatch>;
    /// A player's matches of this game on any server waiting on them (`Service::waiting_on`).
    fn waiting_on(&self, user: u64) -> Vec<MyMatch>;
    /// The matches of this game being played, with their server (`Service::running`).
    fn running(&self) -> Vec<(Option<u64>, Running)>;
    /// Moderator: leaves an ended match out of the server's record, or puts it back.
    fn set_record_excluded(
        &self,
        channel: u64,
        guild: Option<u64>,
        caller: Caller,
        excluded: bool,
    ) -> Result<String, RecordError>;
}

/// Which hosted game a `Game` is.
pub trait Kind {
    /// Its kind.
    const KIND: GameKind;
}

impl Kind for Rebellion {
    const KIND: GameKind = GameKind::Rebellion;
}

impl Kind for Evr {
    const KIND: GameKind = GameKind::Evr;
}

impl<G: Game + Kind> HostedGame for Service<G> {
    fn kind(&self) -> GameKind {
        G::KIND
    }
    fn holding(&self, channel: u64) -> Option<Holding> {
        Service::holding(self, channel)
    }
    fn join(&self, channel: u64, caller: Caller, seat: Option<&str>) -> Result<Outcome, ServiceError> {
        Service::join(self, channel, caller, seat)
    }
    fn leave(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError> {
        Service::leave(self, channel, caller)
    }
    fn start(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError> {
        Service::start(self, channel, caller)
    }
    fn cancel(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError> {
        Service::cancel(self, channel, caller)
    }
    fn act(&self, channel: u64, caller: Caller, answer: Answer) -> Result<Outcome, ServiceError> {
        Service::act(self, channel, caller, answer)
    }
    fn undo(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError> {
        Service::undo(self, channel, caller)
    }
    fn status(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError> {
        Service::status(self, channel, caller)
    }
    fn hand(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError> {
        Service::hand(self, channel, caller)
    }
    fn hint(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError> {
        Service::hint(self, channel, caller)
    }
    fn set_hints(&self, channel: u64, caller: Caller, on: bool) -> Result<Outcome, ServiceError> {
        Service::set_hints(self, channel, caller, on)
    }
    fn log(&self, channel: u64, n: usize) -> Result<Outcome, ServiceError> {
        Service::log(self, channel, n)
    }
    fn show(&self, channel: u64, user: u64) -> Result<Option<PromptPost>, ServiceError> {
        Service::show(self, channel, user)
    }
    fn prompt(&self, channel: u64) -> Result<Option<PromptPost>, ServiceError> {
        Service::prompt(self, channel)
    }
    fn state(&self, channel: u64) -> Result<Option<StateAt>, ServiceError> {
        Ok(Service::state(self, channel)?.map(StateAt::new))
    }
    fn seats(&self, channel: u64) -> Result<BTreeMap<String, u64>, ServiceError> {
        Service::seats(self, channel)
    }
    fn pause(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError> {
        Service::pause(self, channel, caller)
    }
    fn resume(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError> {
        Service::resume(self, channel, caller)
    }
    fn end(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError> {
        Service::end(self, channel, caller)
    }
    fn replace(&self, channel: u64, caller: Caller, seat: &str, user: u64) -> Result<Outcome, ServiceError> {
        Service::replace(self, channel, caller, seat, user)
    }
    fn kick(&self, channel: u64, caller: Caller, seat: &str) -> Result<Outcome, ServiceError> {
        Service::kick(self, channel, caller, seat)
    }
    fn rollback(&self, channel: u64, caller: Caller, steps: u64) -> Result<Outcome, ServiceError> {
        Service::rollback(self, channel, caller, steps)
    }
    fn export(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError> {
        Service::export(self, channel, caller)
    }
    fn import(&self, channel: u64, caller: Caller, json: &[u8]) -> Result<Outcome, ServiceError> {
        Service::import(self, channel, caller, json)
    }
    fn set_reminders(
        &self,
        channel: u64,
        caller: Caller,
        first: u64,
        second: u64,
    ) -> Result<Outcome, ServiceError> {
        Service::set_reminders(self, channel, caller, first, second)
    }
    fn side_of(&self, seat: &str) -> String {
        G::side_of(seat).to_string()
    }
    fn thread_plan(&self, channel: u64) -> Result<Option<ThreadPlan>, ServiceError> {
        Service::thread_plan(self, channel)
    }
    fn set_side_threads(&self, channel: u64, threads: SideThreads) -> Result<(), ServiceError> {
        Service::set_side_threads(self, channel, threads)
    }
    fn live_now(&self, channel: u64) -> Result<Outcome, ServiceError> {
        Service::live_now(self, channel)
    }
    fn set_mention_delay(&self, channel: u64, caller: Caller, minutes: u64) -> Result<Outcome, ServiceError> {
        Service::set_mention_delay(self, channel, caller, minutes)
    }
    fn idle_report(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError> {
        Service::idle_report(self, channel, caller)
    }
    fn note_dm_closed(&self, channel: u64, user: u64) -> Result<bool, ServiceError> {
        Service::note_dm_closed(self, channel, user)
    }
    fn live_message(&self, channel: u64) -> Result<Option<u64>, ServiceError> {
        Service::live_message(self, channel)
    }
    fn set_live_message(&self, channel: u64, message: Option<u64>) -> Result<(), ServiceError> {
        Service::set_live_message(self, channel, message)
    }
    fn archive_channel(&self, channel: u64, why: &str) -> Result<usize, ServiceError> {
        Service::archive_channel(self, channel, why)
    }
    fn archive_guild(&self, guild: u64, why: &str) -> Result<usize, ServiceError> {
        Service::archive_guild(self, guild, why)
    }
    fn due_reminders(&self) -> Vec<Reminder> {
        Service::due_reminders(self)
    }
    fn load_all(&self) -> Result<usize, ServiceError> {
        Service::load_all(self)
    }
    fn check_all(&self) -> Vec<u64> {
        Service::check_all(self)
    }
    fn damaged(&self) -> Vec<(u64, String)> {
        Service::damaged(self)
    }
    fn forget_damaged(&self, channel: u64) {
        Service::forget_damaged(self, channel)
    }
    fn seat_computer(
        &self,
        channel: u64,
        caller: Caller,
        seat: Option<&str>,
        think_ms: u64,
    ) -> Result<Outcome, ServiceError> {
        Service::seat_computer(self, channel, caller, seat, think_ms)
    }
    fn computer_think(&self, channel: u64) -> Result<Option<ComputerMove>, ServiceError> {
        let Some(job) = Service::computer_pending(self, channel)? else { return Ok(None) };
        let thought = job.think();
        if thought.is_none() {
            // The match would wait for the computer forever: say so (a moderator can hand the
            // seat to a person with `/mod replace`).
            tracing::warn!(channel, "the computer has no answer for its pending decision");
        }
        Ok(thought)
    }
    fn computer_act(&self, channel: u64, mv: &ComputerMove) -> Result<Outcome, ServiceError> {
        Service::computer_act(self, channel, mv)
    }
    fn computer_channels(&self) -> Vec<u64> {
        Service::computer_channels(self)
    }
    fn owns(&self, state: &StateAt) -> bool {
        state.get::<G::State>().is_some()
    }
    fn status_text(&self, state: &StateAt) -> Option<String> {
        state.get::<G::State>().map(G::status_text)
    }
    fn board_png(&self, state: &StateAt, viewer: Option<&str>) -> Option<Vec<u8>> {
        G::board_png(state.get::<G::State>()?, viewer)
    }
    fn board_text(&self, state: &StateAt, viewer: Option<&str>) -> Option<String> {
        state.get::<G::State>().map(|s| G::board_text(s, viewer))
    }
    fn card_book(&self, channel: u64) -> CardBook {
        Service::card_book(self, channel)
    }
    fn mine(&self, user: u64, guild: Option<u64>) -> Vec<MyMatch> {
        Service::mine(self, user, guild)
    }
    fn waiting_on(&self, user: u64) -> Vec<MyMatch> {
        Service::waiting_on(self, user)
    }
    fn running(&self) -> Vec<(Option<u64>, Running)> {
        Service::running(self)
    }
    fn set_record_excluded(
        &self,
        channel: u64,
        guild: Option<u64>,
        caller: Caller,
        excluded: bool,
    ) -> Result<String, RecordError> {
        Service::set_record_excluded(self, channel, guild, caller, excluded)
    }
}

/// How a new match of one game is set up.
#[derive(Clone, Debug)]
pub enum NewMatch {
    /// A Rebellion match with its options.
    Rebellion(crate::engine::rebellion::MatchOptions),
    /// An Empire vs. Rebellion match.
    Evr(EvrOptions),
}

/// Why a channel cannot take a new match: one of some game is running there.
#[derive(Debug, thiserror::Error)]
#[error(
    "this channel already has a match ({}) of {}; finish it or ask a moderator to `/mod end` it",
    .status.words(),
    .game.name()
)]
pub struct Busy {
    /// The game of the running match.
    pub game: GameKind,
    /// Where it stands.
    pub status: MatchStatus,
}

/// One service per hosted game, all on the same store, and the routing of a channel to the
/// service whose match it holds.
pub struct Games {
    /// Star Wars: Rebellion's matches.
    pub rebellion: Arc<Service<Rebellion>>,
    /// Empire vs. Rebellion's matches.
    pub evr: Arc<Service<Evr>>,
    /// What the server's players share across matches (record, settings, lobbies).
    pub community: Arc<Community>,
}

impl Games {
    /// The hosted games' services on one store.
    pub fn new(rebellion: Service<Rebellion>, evr: Service<Evr>) -> Self {
        let community =
            Arc::new(Community::new(rebellion.store()).allow_hot_seat(rebellion.hot_seat_allowed()));
        Games { rebellion: Arc::new(rebellion), evr: Arc::new(evr), community }
    }

    /// The same services with a community of their own (tests give it a fake clock).
    pub fn with_community(mut self, community: Community) -> Self {
        let hot_seat = self.rebellion.hot_seat_allowed();
        self.community = Arc::new(community.allow_hot_seat(hot_seat));
        self
    }

    /// The service of one game.
    pub fn get(&self, kind: GameKind) -> Arc<dyn HostedGame> {
        match kind {
            GameKind::Rebellion => self.rebellion.clone(),
            GameKind::Evr => self.evr.clone(),
        }
    }

    /// Every service, in [`GameKind::ALL`] order.
    pub fn all(&self) -> Vec<Arc<dyn HostedGame>> {
        GameKind::ALL.into_iter().map(|k| self.get(k)).collect()
    }

    /// The game whose match a channel shows: the one running there, else the newest ended one.
    pub fn kind_of(&self, channel: u64) -> Option<GameKind> {
        GameKind::ALL
            .into_iter()
            .filter_map(|k| Some((k, self.get(k).holding(channel)?)))
            .max_by_key(|(_, h)| (h.status != MatchStatus::Ended, h.created_at))
            .map(|(k, _)| k)
    }

    /// The service a channel's commands go to: its match's game, else Rebellion's (whose
    /// refusals then say there is no match, or that a stored one is damaged).
    pub fn of(&self, channel: u64) -> Arc<dyn HostedGame> {
        self.get(self.kind_of(channel).unwrap_or(GameKind::Rebellion))
    }

    /// The match running in a channel, of any game (ended ones do not count).
    pub fn busy(&self, channel: u64) -> Option<Busy> {
        GameKind::ALL.into_iter().find_map(|k| {
            let h = self.get(k).holding(channel)?;
            (h.status != MatchStatus::Ended).then_some(Busy { game: k, status: h.status })
        })
    }

    /// Opens a match in a channel, refused while a match of any game runs there (each service
    /// sees only its own matches, and a new match replaces the channel's stored records).
    pub fn create(
        &self,
        channel: u64,
        guild: Option<u64>,
        caller: Caller,
        new: NewMatch,
    ) -> Result<Outcome, crate::discord::Error> {
        if let Some(busy) = self.busy(channel) {
            return Err(busy.into());
        }
        Ok(match new {
            NewMatch::Rebellion(o) => self.rebellion.create(channel, guild, caller, o, None)?,
            NewMatch::Evr(o) => {
                let mut out = self.evr.create(channel, guild, caller, o, None)?;
                out.reply = evr_opening(&out.reply);
                out
            }
        })
    }

    /// The channels of every game whose running match has a computer seat.
    pub fn computer_channels(&self) -> Vec<u64> {
        self.all().iter().flat_map(|s| s.computer_channels()).collect()
    }

    /// Loads an export file into a channel, by the service of the file's game (a file of a
    /// game not hosted here goes to Rebellion's, whose refusal names the game).
    pub fn import(
        &self,
        channel: u64,
        caller: Caller,
        json: &[u8],
    ) -> Result<Outcome, crate::discord::Error> {
        if !caller.moderator {
            return Err(ServiceError::NotModerator.into());
        }
        if let Some(busy) = self.busy(channel) {
            return Err(busy.into());
        }
        let kind = serde_json::from_slice::<MatchExport>(json)
            .ok()
            .and_then(|e| GameKind::of_id(&e.meta.game))
            .unwrap_or(GameKind::Rebellion);
        let out = self.get(kind).import(channel, caller, json)?;
        for other in self.all().into_iter().filter(|s| s.kind() != kind) {
            other.forget_damaged(channel);
        }
        Ok(out)
    }

    /// A channel's export: its match's service, else any service that has an ended match of
    /// its game stored there (ended matches are not loaded after a restart).
    pub fn export(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError> {
        let first = self.of(channel);
        match first.export(channel, caller) {
            Err(ServiceError::NoMatch) => {}
            r => return r,
        }
        for s in self.all().into_iter().filter(|s| s.kind() != first.kind()) {
            match s.export(channel, caller) {
                Err(ServiceError::NoMatch) => {}
                r => return r,
            }
        }
        Err(ServiceError::NoMatch)
    }

    /// Ends the matches of a channel that is gone, whatever their game.
    pub fn archive_channel(&self, channel: u64, why: &str) -> Result<usize, ServiceError> {
        self.all().iter().map(|s| s.archive_channel(channel, why)).sum()
    }

    /// Ends the matches of a server that is gone.
    pub fn archive_guild(&self, guild: u64, why: &str) -> Result<usize, ServiceError> {
        self.all().iter().map(|s| s.archive_guild(guild, why)).sum()
    }

    /// Every game's due reminders, by channel.
    pub fn due_reminders(&self) -> Vec<Reminder> {
        let mut due: Vec<Reminder> = self.all().iter().flat_map(|s| s.due_reminders()).collect();
        due.sort_by_key(|r| r.channel);
        due
    }

    /// Registers every game's stored matches; returns how many.
    pub fn load_all(&self) -> Result<usize, ServiceError> {
        self.all().iter().map(|s| s.load_all()).sum()
    }

    /// Replays every registered match of every game, setting damaged ones aside.
    pub fn check_all(&self) {
        for s in self.all() {
            s.check_all();
        }
    }

    /// The channels whose stored match could not be read, each once (an unreadable record is
    /// set aside by every service, as none can tell whose it is).
    pub fn damaged(&self) -> Vec<u64> {
        let mut channels: Vec<u64> =
            self.all().iter().flat_map(|s| s.damaged()).map(|(channel, _)| channel).collect();
        channels.sort_unstable();
        channels.dedup();
        channels
    }

    /// A player's matches of every game on a server that have not ended, with their game.
    pub fn mine(&self, user: u64, guild: Option<u64>) -> Vec<(GameKind, MyMatch)> {
        GameKind::ALL
            .into_iter()
            .flat_map(|k| self.get(k).mine(user, guild).into_iter().map(move |m| (k, m)))
            .collect()
    }

    /// The daily digests due now: each player whose digest is due (moved on to the next day,
    /// see `Community::due_digests`) with the text of the matches waiting on them — none for a
    /// player nothing waits on. In a cluster each process sends the digest of the matches it
    /// holds.
    pub fn due_digests(&self) -> Vec<(u64, String)> {
        let now = self.community.now();
        let mut out = vec![];
        for user in self.community.due_digests() {
            let waiting: Vec<(GameKind, MyMatch)> = GameKind::ALL
                .into_iter()
                .flat_map(|k| self.get(k).waiting_on(user).into_iter().map(move |m| (k, m)))
                .collect();
            if !waiting.is_empty() {
                out.push((user, super::notify::digest_text(waiting, now)));
            }
        }
        out
    }

    /// The statistics of a server's record (`/game stats`), with the matches every game's
    /// service is playing.
    pub fn stats(&self, query: &StatsQuery) -> Result<Stats, RecordError> {
        let running: Vec<_> = self.all().iter().flat_map(|s| s.running()).collect();
        self.community.stats(query, &running)
    }

    /// Moderator: leaves the ended match of a channel out of the server's record (or puts it
    /// back), by the service of its game: the one holding the channel, else the one whose match
    /// is stored there (ended matches are not loaded after a restart).
    pub fn set_record_excluded(
        &self,
        channel: u64,
        guild: Option<u64>,
        caller: Caller,
        excluded: bool,
    ) -> Result<String, RecordError> {
        let first = self.of(channel);
        let mut services = vec![first.clone()];
        services.extend(self.all().into_iter().filter(|s| s.kind() != first.kind()));
        for s in services {
            match s.set_record_excluded(channel, guild, caller, excluded) {
                Err(RecordError::NoMatch) => {}
                r => return r,
            }
        }
        Err(RecordError::NoMatch)
    }

    /// The cards a card lookup in a channel searches. For one game (`/rebellion card`): the
    /// cards its match there plays with, or every card of that game when the channel's match is
    /// of another game or there is none. For any game (`/game card`): the channel's match's
    /// game, or every card of every game without a match.
    pub fn card_book(&self, channel: u64, game: Option<GameKind>) -> CardBook {
        let here = self.kind_of(channel);
        match (game, here) {
            (Some(g), Some(h)) if g == h => self.get(g).card_book(channel),
            (Some(g), _) => Self::all_cards(g),
            (None, Some(h)) => self.get(h).card_book(channel),
            (None, None) => CardBook::join(GameKind::ALL.map(Self::all_cards)),
        }
    }

    /// Every card of every box of one game.
    fn all_cards(kind: GameKind) -> CardBook {
        match kind {
            GameKind::Rebellion => CardBook::of::<Rebellion>(None),
            GameKind::Evr => CardBook::of::<Evr>(None),
        }
    }

    /// The service whose game a state belongs to.
    pub fn of_state(&self, state: &StateAt) -> Option<Arc<dyn HostedGame>> {
        self.all().into_iter().find(|s| s.owns(state))
    }
}

/// The opening announcement of an Empire vs. Rebellion match, naming the game.
fn evr_opening(service_text: &str) -> String {
    format!("{service_text}\nThis match plays {}; `/game help` explains it.", GameKind::Evr.name())
}
