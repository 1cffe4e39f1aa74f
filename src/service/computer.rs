//! Seats played by the computer. Such a seat holds no user: it is kept in
//! [`MatchMeta::computer`], so nobody is sent its secrets, nobody is mentioned or reminded for
//! its decisions, and listings name it "the computer". Its answers go through the same path as
//! a player's (`commit_action`): the action log (with [`COMPUTER_USER`]), undo flags,
//! snapshots, posts and the reveal.
//!
//! Thinking is slow (up to `MAX_THINK_MS`), so it happens off the match's lock: a
//! [`ComputerJob`] carries a copy of the state, [`ComputerJob::think`] decides, and
//! [`Service::computer_act`] applies the decision only if the prompt it answers is still the
//! pending one (an undo, a rollback or a moderator may have moved it meanwhile). The job's
//! seed comes from the match's `bot_seed` and the state version, so a decision recomputed after
//! a restart is drawn the same way, and a decision applied before the restart is refused as
//! stale instead of being played twice.

use std::collections::BTreeMap;

use super::keys::{prompt_key, prompt_post_of};
use super::{
    Caller, Match, Outcome, PromptKey, Service, ServiceError, options_of, require_active, seat_named,
};
use crate::bot::MAX_THINK_MS;
use crate::games::game::{ComputerAsk, Game, GamePrompt};
use crate::store::{COMPUTER_USER, ComputerSeat, MatchMeta, MatchStatus};

/// Refuses a computer seat where it cannot play: a game (or options) without a computer
/// player, or a thinking time out of range. Checked before a match is created with one.
pub fn check_computer<G: Game>(options: &G::Options, think_ms: u64) -> Result<(), ServiceError> {
    if !G::computer_plays(options) {
        return Err(ServiceError::NoComputer(G::ID.to_string()));
    }
    if think_ms == 0 || think_ms > MAX_THINK_MS {
        return Err(ServiceError::ThinkTime(think_ms));
    }
    Ok(())
}

/// Whether a seat is free: neither a player's nor the computer's.
pub(super) fn is_free(meta: &MatchMeta, seat: &str) -> bool {
    !meta.seats.contains_key(seat) && !meta.computer.contains_key(seat)
}

/// A thinking time in words ("2 seconds", "20 ms").
fn think_words(ms: u64) -> String {
    match ms {
        1000 => "1 second".into(),
        ms if ms.is_multiple_of(1000) => format!("{} seconds", ms / 1000),
        ms => format!("{ms} ms"),
    }
}

/// The channel's line naming the seats the computer plays, if any.
pub(super) fn computer_line(meta: &MatchMeta) -> Option<String> {
    if meta.computer.is_empty() {
        return None;
    }
    let seats: Vec<&str> = meta.computer.keys().map(String::as_str).collect();
    Some(format!(
        "The computer plays the {} seat: it answers on its own, and its secrets stay with it until the end.",
        seats.join(" and ")
    ))
}

/// The reveal's line naming the seats the computer played, if any.
pub(super) fn played_line(meta: &MatchMeta) -> Option<String> {
    let seats: Vec<&str> = meta.computer.keys().map(String::as_str).collect();
    (!seats.is_empty()).then(|| format!("(The computer played the {} seat.)", seats.join(" and ")))
}

/// Every seat of the match with who plays it ("rebel: <@1>", "empire: the computer").
pub(super) fn seat_list<G: Game>(meta: &MatchMeta) -> Vec<String> {
    G::seats(&options_of::<G>(meta))
        .into_iter()
        .map(|seat| match (meta.seats.get(&seat), meta.computer.get(&seat)) {
            (Some(u), _) => format!("{seat}: <@{u}>"),
            (None, Some(c)) => format!("{seat}: the computer ({} per decision)", think_words(c.think_ms)),
            (None, None) => format!("{seat}: open"),
        })
        .collect()
}

/// Checks the computer seats of an imported match: the game's own seats, none also a person's,
/// a computer that plays this match, and at least one person.
pub(super) fn check_import<G: Game>(meta: &MatchMeta) -> Result<(), String> {
    if meta.computer.is_empty() {
        return Ok(());
    }
    let options = options_of::<G>(meta);
    let seats = G::seats(&options);
    if meta.computer.keys().any(|s| !seats.contains(s) || meta.seats.contains_key(s)) {
        return Err("its computer seats must be seats of the game that no player holds".into());
    }
    if meta.computer.len() >= seats.len() {
        return Err(ServiceError::NoHumanLeft.to_string());
    }
    for c in meta.computer.values() {
        check_computer::<G>(&options, c.think_ms).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// The seed of the computer's decision at a state version: the match's bot seed mixed with the
/// version (a multiplier by the golden ratio spreads nearby versions apart).
fn job_seed(bot_seed: u64, version: u64) -> u64 {
    bot_seed ^ version.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// A decision the computer has to take: what it needs to think off the match's lock.
pub struct ComputerJob<G: Game> {
    state: G::State,
    seat: String,
    seats: Vec<String>,
    person_asked: bool,
    think_ms: u64,
    seed: u64,
    key: PromptKey,
}

/// The computer's answer to one prompt, ready for [`Service::computer_act`]. Carries no
/// secret: the seat, the prompt's key and an option's position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComputerMove {
    /// The seat the computer answers as.
    pub seat: String,
    /// The prompt it answers.
    pub key: PromptKey,
    /// The chosen option's position in the prompt.
    pub index: usize,
}

impl<G: Game> ComputerJob<G> {
    /// The seat the computer decides for.
    pub fn seat(&self) -> &str {
        &self.seat
    }

    /// About how long it thinks, in milliseconds.
    pub fn think_ms(&self) -> u64 {
        self.think_ms
    }

    /// The seed of its random choices.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The prompt it answers.
    pub fn key(&self) -> &PromptKey {
        &self.key
    }

    /// Decides (slow: up to the thinking time; call it off the async runtime). `None` when the
    /// game has no answer for the seat (it does not play this match).
    pub fn think(self) -> Option<ComputerMove> {
        let ask = ComputerAsk {
            seats: self.seats,
            think_ms: self.think_ms,
            seed: self.seed,
            person_asked: self.person_asked,
        };
        let index = G::computer_choice(&self.state, &ask)?;
        Some(ComputerMove { seat: self.seat, key: self.key, index })
    }
}

impl<G: Game> Service<G> {
    /// Seats the computer, thinking about `think_ms` per decision (`seat: None` = the first
    /// free seat). In the lobby the match's creator or a moderator may, on a free seat; once
    /// the match runs, a moderator may hand any seat to the computer (an idle player's: they
    /// lose it, and `replace` gives it back to a person). Seating the computer again changes
    /// its thinking time. At least one seat stays a person's.
    pub fn seat_computer(
        &self,
        channel: u64,
        caller: Caller,
        seat: Option<&str>,
        think_ms: u64,
    ) -> Result<Outcome, ServiceError> {
        self.with(channel, |m| {
            let options = options_of::<G>(&m.meta);
            check_computer::<G>(&options, think_ms)?;
            let lobby = match m.meta.status {
                MatchStatus::Ended => return Err(ServiceError::Ended),
                MatchStatus::Lobby if caller.user != m.meta.creator && !caller.moderator => {
                    return Err(ServiceError::NotCreator);
                }
                MatchStatus::Lobby => true,
                MatchStatus::Active | MatchStatus::Paused if !caller.moderator => {
                    return Err(ServiceError::NotModerator);
                }
                MatchStatus::Active | MatchStatus::Paused => false,
            };
            let seats = G::seats(&options);
            let seat = match seat {
                Some(s) => seat_named(&seats, s)?,
                None => {
                    seats.iter().find(|s| is_free(&m.meta, s)).cloned().ok_or(ServiceError::NoFreeSeat)?
                }
            };
            // In the lobby a player leaves their seat themself; a moderator hands over a running one.
            if lobby && m.meta.seats.contains_key(&seat) {
                return Err(ServiceError::SeatTaken(seat));
            }
            let mut meta = m.meta.clone();
            let previous = meta.seats.remove(&seat);
            let again = meta.computer.insert(seat.clone(), ComputerSeat { think_ms }).is_some();
            if meta.computer.len() >= seats.len() {
                return Err(ServiceError::NoHumanLeft);
            }
            if meta.bot_seed == 0 {
                meta.bot_seed = rand::random::<u64>().max(1);
            }
            meta.shown.remove(&seat);
            if previous.is_some() {
                meta.cancel_request = None;
            }
            let mut prompt = m.state.as_ref().and_then(|state| prompt_post_of::<G>(&meta, state));
            self.track_wait(&mut meta, prompt.as_mut(), m.state.as_ref());
            self.save_meta(&mut meta)?;
            m.meta = meta;
            let time = think_words(think_ms);
            let text = match (lobby, previous, again) {
                (_, _, true) => {
                    format!("The computer now thinks about {time} per decision as the {seat} player.")
                }
                (true, _, false) => {
                    format!("The computer takes the {seat} seat; it thinks about {time} per decision.")
                }
                (false, Some(user), false) => format!(
                    "Moderator <@{}> hands the {seat} seat of <@{user}> to the computer (about {time} per \
                     decision); `/mod replace` gives it back to a person.",
                    caller.user
                ),
                (false, None, false) => format!(
                    "Moderator <@{}> seats the computer as the {seat} player (about {time} per decision); \
                     `/mod replace` gives the seat to a person.",
                    caller.user
                ),
            };
            Ok(Outcome {
                ping: prompt.as_ref().is_some_and(|p| p.seat == seat),
                prompt,
                ..Outcome::announce(text)
            })
        })
    }

    /// The decision the computer has to take in a channel, if the match runs and waits for a
    /// seat the computer plays.
    pub fn computer_pending(&self, channel: u64) -> Result<Option<ComputerJob<G>>, ServiceError> {
        self.with(channel, |m| Ok(pending_job(m)))
    }

    /// Applies the computer's answer through the same path as a player's. Refused as
    /// [`ServiceError::Stale`] when the prompt it answers is no longer the pending one, or the
    /// seat is no longer the computer's.
    pub fn computer_act(&self, channel: u64, mv: &ComputerMove) -> Result<Outcome, ServiceError> {
        self.with(channel, |m| {
            require_active(&m.meta)?;
            if !m.meta.computer.contains_key(&mv.seat) {
                return Err(ServiceError::Stale);
            }
            let state = m.state.as_ref().ok_or(ServiceError::NotStarted)?;
            let prompt = G::prompt(state).ok_or(ServiceError::Ended)?;
            let seats = computer_addressees::<G>(&m.meta, &prompt);
            if !seats.contains(&mv.seat) || prompt_key::<G>(&m.meta, state, &prompt) != mv.key {
                return Err(ServiceError::Stale);
            }
            let action = prompt
                .options
                .get(mv.index)
                .cloned()
                .ok_or(ServiceError::NoSuchOption(mv.index.saturating_add(1)))?;
            // Playing both roles of a side, the computer acts as the role the option is for.
            let owner = G::option_seats(state, &prompt).get(mv.index).cloned().flatten();
            let acting = owner.filter(|s| seats.contains(s)).unwrap_or_else(|| mv.seat.clone());
            let mut out = self.commit_action(m, &acting, COMPUTER_USER, action)?;
            // While the computer acts on, the live message is edited in place; it is posted
            // anew (mentioning the player) when the decision passes to a person.
            out.ping = out.prompt.as_ref().is_some_and(|p| p.seat != mv.seat);
            out.reply = format!("The computer answered as the {} player.", mv.seat);
            Ok(out)
        })
    }

    /// Takes the computer's pending decision from start to end at once (thinking on the
    /// calling thread): what local mode and tests use; the Discord host thinks in the
    /// background instead. `None` when the computer has nothing to decide.
    pub fn computer_turn(&self, channel: u64) -> Result<Option<Outcome>, ServiceError> {
        let Some(job) = self.computer_pending(channel)? else { return Ok(None) };
        let Some(mv) = job.think() else { return Ok(None) };
        self.computer_act(channel, &mv).map(Some)
    }

    /// The seats the computer plays in a channel's match, with how.
    pub fn computer_seats(&self, channel: u64) -> Result<BTreeMap<String, ComputerSeat>, ServiceError> {
        self.with(channel, |m| Ok(m.meta.computer.clone()))
    }

    /// The channels whose running match has a seat the computer plays (metadata only): after a
    /// restart the host asks each whether the computer has a decision to take.
    pub fn computer_channels(&self) -> Vec<u64> {
        let matches: Vec<_> = self.matches.lock().expect("lock").values().cloned().collect();
        let mut channels: Vec<u64> = matches
            .iter()
            .filter_map(|m| {
                let m = m.lock().expect("match lock");
                (m.meta.status == MatchStatus::Active && !m.meta.computer.is_empty())
                    .then_some(m.meta.channel)
            })
            .collect();
        channels.sort_unstable();
        channels
    }
}

/// The computer's pending decision in a loaded match: when it plays a seat the prompt is put to
/// (the seat asked, or a teammate's asked with it).
fn pending_job<G: Game>(m: &Match<G>) -> Option<ComputerJob<G>> {
    if m.meta.status != MatchStatus::Active {
        return None;
    }
    let state = m.state.as_ref()?;
    let prompt = G::prompt(state)?;
    let seats = computer_addressees::<G>(&m.meta, &prompt);
    let seat = seats.first()?.clone();
    let think_ms = m.meta.computer.get(&seat)?.think_ms;
    let person_asked =
        std::iter::once(&prompt.seat).chain(&prompt.also).any(|s| m.meta.seats.contains_key(s));
    let key = prompt_key::<G>(&m.meta, state, &prompt);
    Some(ComputerJob {
        state: state.clone(),
        seat,
        seats,
        person_asked,
        think_ms,
        seed: job_seed(m.meta.bot_seed, key.version),
        key,
    })
}

/// The seats the computer plays among those a prompt is put to, in the prompt's order.
fn computer_addressees<G: Game>(meta: &MatchMeta, prompt: &GamePrompt<G::Action>) -> Vec<String> {
    std::iter::once(&prompt.seat)
        .chain(&prompt.also)
        .filter(|s| meta.computer.contains_key(*s))
        .cloned()
        .collect()
}
