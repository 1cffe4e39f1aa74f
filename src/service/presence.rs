//! The match in its channel between commands: the live message front ends edit, who was told
//! their DMs are closed, reminders for players who keep a decision waiting, the moderators'
//! view of idle seats, the reveal when a match ends, and matches whose channel is gone.

use super::community::settings::{self, PlayerSettings, TurnNotice};
use super::outcome::{Reveal, StateAt};
use super::replay::full_log;
use super::{Announce, Match, PromptPost, Service, ServiceError};
use crate::games::game::Game;
use crate::store::{Decider, HOUR, LogEntry, MatchMeta, MatchStatus};

/// Which nudge a due reminder is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nudge {
    /// The held announcement that a decision is theirs (their side was at the table, or they
    /// were away), once it has waited the match's mention delay.
    Turn,
    /// The first reminder of a long wait.
    First,
    /// The second reminder.
    Second,
}

/// A reminder that is due: the player who keeps a decision waiting, and how long it has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reminder {
    /// The match's channel.
    pub channel: u64,
    /// The player to remind.
    pub user: u64,
    /// Their seat.
    pub seat: String,
    /// What they decide, in words.
    pub kind: String,
    /// Seconds the decision has waited.
    pub waited: u64,
    /// Which nudge this is.
    pub which: Nudge,
    /// How the player hears it: reminders of a long wait come by mention and DM alike; the
    /// held announcement as they chose (`/game notify turn:…`).
    pub how: TurnNotice,
}

impl Reminder {
    /// The reminder in words, mentioning the player (for the channel, and a DM).
    pub fn text(&self) -> String {
        let again = match self.which {
            Nudge::Turn => {
                return format!(
                    "<@{}> — the decision is yours as the {} player: {}.",
                    self.user, self.seat, self.kind
                );
            }
            Nudge::First => "",
            Nudge::Second => " (second reminder)",
        };
        format!(
            "<@{}> — a reminder{again}: the match has waited {} for your decision as the {} player: {}.",
            self.user,
            duration_words(self.waited),
            self.seat,
            self.kind
        )
    }
}

/// The players among `settings` away at `now`, with until when.
fn away_of(settings: &[(u64, PlayerSettings)], now: u64) -> Vec<(u64, u64)> {
    settings.iter().filter(|(_, s)| s.away(now)).filter_map(|(u, s)| Some((*u, s.away_until?))).collect()
}

/// The mention policy of a match in words.
fn mention_words(delay: u64) -> String {
    match delay {
        0 => "every decision mentions its player at once".into(),
        d => format!(
            "a player who acted in the last {} is named without a mention, and mentioned if the \
             decision still waits {} later",
            duration_words(d),
            duration_words(d)
        ),
    }
}

/// A duration in whole hours or days ("30 hours", "3 days").
pub fn duration_words(secs: u64) -> String {
    let hours = secs / HOUR;
    match hours {
        0 => format!("{} minutes", secs / 60),
        1 => "1 hour".into(),
        h if h < 48 => format!("{h} hours"),
        h => format!("{} days", h / 24),
    }
}

impl<G: Game> Service<G> {
    /// Notes who the match waits for now (see `Reminders::wait_for`), keeps the public status
    /// line of its state (for `mine`, without loading the match), and weighs how the pending
    /// decision is announced (`PromptPost::announce`): a decision whose side acted less than
    /// the match's mention delay ago names its deciders without a mention and is announced
    /// only if it still waits after the delay; a decider who is away hears when back. Only
    /// public facts decide it — the side (never which teammate) and when it last acted.
    pub(super) fn track_wait(
        &self,
        meta: &mut MatchMeta,
        prompt: Option<&mut PromptPost>,
        state: Option<&G::State>,
    ) {
        if let Some(state) = state {
            meta.presence.status = G::status_text(state);
        }
        let now = (self.clock)();
        // The computer answers on its own: nobody is reminded of its decisions.
        let waiting = prompt.filter(|p| meta.status == MatchStatus::Active && !p.computer);
        // Teammates who may answer as well: the decision is theirs too (`mine`).
        let decider = waiting.as_ref().map(|p| Decider {
            seat: &p.seat,
            user: p.user,
            kind: &p.kind,
            also: p.also.iter().filter_map(|(_, u)| *u).collect(),
        });
        let fresh = meta.reminders.wait_for(decider, now);
        let (Some(w), Some(p)) = (meta.reminders.waiting.as_mut(), waiting) else { return };
        let settings = self.deciders_settings(p);
        p.away = away_of(&settings, now);
        let delay = meta.reminders.mention_delay;
        let at_table = fresh
            && delay > 0
            && meta.presence.acted.get(G::side_of(&p.seat)).is_some_and(|t| now.saturating_sub(*t) < delay);
        let mut announce = Announce::default();
        for (u, s) in &settings {
            if at_table || s.away(now) {
                continue;
            }
            match s.turn {
                TurnNotice::Ping => announce.mention.push(*u),
                TurnNotice::Dm => announce.dm.push(*u),
                TurnNotice::Off => {}
            }
        }
        if fresh {
            let held = at_table || !p.away.is_empty();
            w.mention_at = held.then_some(now + if at_table { delay } else { 0 });
        }
        p.announce = Some(announce);
    }

    /// The settings of every player a prompt names.
    fn deciders_settings(&self, p: &PromptPost) -> Vec<(u64, PlayerSettings)> {
        p.deciders().into_iter().map(|u| (u, settings::of(&*self.store, u))).collect()
    }

    /// The live message of a match as it stands, mentioning nobody: what a front end edits in
    /// when something beside the game changed (a decider said they are away, or is back).
    pub fn live_now(&self, channel: u64) -> Result<super::Outcome, ServiceError> {
        let now = (self.clock)();
        self.with(channel, |m| {
            let mut prompt = super::prompt_post(m).filter(|_| m.meta.status == MatchStatus::Active);
            if let Some(p) = prompt.as_mut() {
                p.away = away_of(&self.deciders_settings(p), now);
            }
            Ok(super::Outcome {
                prompt,
                recent: super::posting::live_lines(&m.meta.presence),
                ..Default::default()
            })
        })
    }

    /// A copy of the match's state for drawing its board.
    pub(super) fn board_state(&self, m: &Match<G>) -> Option<StateAt> {
        m.state.clone().map(StateAt::new)
    }

    /// The reveal of a match that ends now in `state` (`extra`: an action not yet in `log`).
    pub(super) fn reveal(
        &self,
        meta: &MatchMeta,
        log: &[LogEntry],
        extra: Option<&LogEntry>,
        state: &G::State,
    ) -> Reveal {
        // The computer's secrets are revealed too: every seat that was played.
        let options = super::options_of::<G>(meta);
        let seats: Vec<String> = G::seats(&options)
            .into_iter()
            .filter(|s| meta.seats.contains_key(s) || meta.computer.contains_key(s))
            .collect();
        let mut entries = log.to_vec();
        entries.extend(extra.cloned());
        let (lines, actions) = match full_log::<G>(meta, &entries) {
            Ok(x) => x,
            Err(e) => {
                tracing::error!(match_id = %meta.id, "cannot replay for the reveal: {e}");
                (vec!["The log could not be replayed.".into()], vec![])
            }
        };
        let chart = if actions.is_empty() { None } else { G::chart_png(meta.seed, &options, &actions) };
        let luck = if actions.is_empty() { None } else { G::luck(meta.seed, &options, &actions) };
        let mut text = String::from("Everything that was hidden:\n");
        if let Some(line) = super::computer::played_line(meta) {
            text.push_str(&line);
            text.push('\n');
        }
        text.push_str(&G::reveal_text(state, &seats));
        if let Some(line) = super::hints::hints_line(meta, &seats) {
            text.push_str(&format!("\n{line}"));
        }
        // The seed and salt behind the commitment, and what the replay must reach.
        let dice = crate::trust::dice::reveal_lines(
            meta.seed,
            &meta.salt,
            &meta.commitment,
            &crate::trust::dice::state_hash(state),
        );
        text.push_str(&format!("\n{}", dice.join("\n")));
        if let Some(report) = &luck {
            text.push_str(&format!("\n{}", report.text()));
        }
        let head = format!("Holonet match in channel {} ({} actions)\n\n", meta.channel, entries.len());
        let log = (format!("holonet-log-{}.txt", meta.id), (head + &lines.join("\n") + "\n").into_bytes());
        Reveal { text, log, chart, luck: luck.as_ref().map(crate::render::luck::render_png) }
    }

    /// Records the front end's live message of a match (kept across restarts).
    pub fn set_live_message(&self, channel: u64, message: Option<u64>) -> Result<(), ServiceError> {
        self.with(channel, |m| {
            if m.meta.presence.live_message == message {
                return Ok(());
            }
            let mut meta = m.meta.clone();
            meta.presence.live_message = message;
            self.save_meta(&mut meta)?;
            m.meta = meta;
            Ok(())
        })
    }

    /// The front end's live message of a match, if it has one.
    pub fn live_message(&self, channel: u64) -> Result<Option<u64>, ServiceError> {
        self.with(channel, |m| Ok(m.meta.presence.live_message))
    }

    /// Notes that `user` cannot be sent private messages; `true` the first time in this match
    /// (front ends tell them once, not at every secret).
    pub fn note_dm_closed(&self, channel: u64, user: u64) -> Result<bool, ServiceError> {
        self.with(channel, |m| {
            if m.meta.presence.dm_closed.contains(&user) {
                return Ok(false);
            }
            let mut meta = m.meta.clone();
            meta.presence.dm_closed.insert(user);
            self.save_meta(&mut meta)?;
            m.meta = meta;
            Ok(true)
        })
    }

    /// The reminders due now, each marked as sent (and persisted) before it is returned, so
    /// each fires at most once per delay, across restarts too.
    pub fn due_reminders(&self) -> Vec<Reminder> {
        let now = (self.clock)();
        let matches: Vec<_> = self.matches.lock().expect("lock").values().cloned().collect();
        let mut due = vec![];
        for m in matches {
            let mut m = m.lock().expect("match lock");
            if m.meta.status != MatchStatus::Active {
                continue;
            }
            // Metadata only: a match nobody has touched since the start stays unloaded.
            let Some(w) = m.meta.reminders.waiting.clone() else { continue };
            let turn = m.meta.reminders.mention_due(now);
            let nth = m.meta.reminders.due(now);
            if !turn && nth.is_none() {
                continue;
            }
            let deciders: Vec<u64> = w.user.into_iter().chain(w.also.iter().copied()).collect();
            let settings: Vec<(u64, PlayerSettings)> =
                deciders.iter().map(|u| (*u, settings::of(&*self.store, *u))).collect();
            // An away player's reminders and announcement wait until they are back.
            let away = |u: u64| settings.iter().any(|(v, s)| *v == u && s.away(now));
            let turn = turn && !deciders.iter().any(|u| away(*u));
            let nth = nth.filter(|_| w.user.is_some_and(|u| !away(u)));
            if !turn && nth.is_none() {
                continue;
            }
            let mut meta = m.meta.clone();
            let Some(mw) = meta.reminders.waiting.as_mut() else { continue };
            if turn {
                mw.mention_at = None;
            }
            if let Some(nth) = nth {
                mw.sent = nth;
            }
            if let Err(e) = self.store.put_meta(&meta).and_then(|()| self.store.flush()) {
                tracing::warn!(match_id = %meta.id, "cannot record a reminder: {e}");
                continue;
            }
            m.meta = meta;
            let channel = m.meta.channel;
            let reminder = |user: u64, which: Nudge, how: TurnNotice| Reminder {
                channel,
                user,
                seat: w.seat.clone(),
                kind: w.kind.clone(),
                waited: now - w.since,
                which,
                how,
            };
            match nth {
                // A long-wait reminder says it all: no announcement beside it.
                Some(n) => {
                    let which = if n > 1 { Nudge::Second } else { Nudge::First };
                    due.extend(w.user.map(|u| reminder(u, which, TurnNotice::Ping)));
                }
                None => due.extend(settings.iter().map(|(u, s)| reminder(*u, Nudge::Turn, s.turn))),
            }
        }
        due.sort_by_key(|r| r.channel);
        due
    }

    /// Moderator: sets when a match's players are reminded of a waiting decision (hours; 0
    /// turns a reminder off). The second comes after the first.
    pub fn set_reminders(
        &self,
        channel: u64,
        caller: super::Caller,
        first_hours: u64,
        second_hours: u64,
    ) -> Result<super::Outcome, ServiceError> {
        if !caller.moderator {
            return Err(ServiceError::NotModerator);
        }
        if second_hours != 0 && second_hours <= first_hours {
            return Err(ServiceError::ReminderOrder);
        }
        if first_hours > 24 * 365 || second_hours > 24 * 365 {
            return Err(ServiceError::ReminderTooLate);
        }
        self.with(channel, |m| {
            let mut meta = m.meta.clone();
            meta.reminders.first = first_hours * HOUR;
            meta.reminders.second = second_hours * HOUR;
            self.save_meta(&mut meta)?;
            m.meta = meta;
            let words = |h: u64| if h == 0 { "never".to_string() } else { duration_words(h * HOUR) };
            Ok(super::Outcome::announce(format!(
                "Moderator <@{}> set reminders: first after {}, second after {}.",
                caller.user,
                words(first_hours),
                words(second_hours)
            )))
        })
    }

    /// Moderator: sets how long a decision whose side just acted waits before its decider is
    /// mentioned (minutes; 0 mentions every decision at once).
    pub fn set_mention_delay(
        &self,
        channel: u64,
        caller: super::Caller,
        minutes: u64,
    ) -> Result<super::Outcome, ServiceError> {
        if !caller.moderator {
            return Err(ServiceError::NotModerator);
        }
        if minutes > 24 * 60 {
            return Err(ServiceError::MentionDelayTooLong);
        }
        self.with(channel, |m| {
            let mut meta = m.meta.clone();
            meta.reminders.mention_delay = minutes * 60;
            self.save_meta(&mut meta)?;
            m.meta = meta;
            Ok(super::Outcome::announce(format!(
                "Moderator <@{}> set mentions: {}.",
                caller.user,
                mention_words(minutes * 60)
            )))
        })
    }

    /// Moderator: the match's seats, who it waits for and how long, and the reminder settings
    /// (answered to the moderator only).
    pub fn idle_report(&self, channel: u64, caller: super::Caller) -> Result<super::Outcome, ServiceError> {
        if !caller.moderator {
            return Err(ServiceError::NotModerator);
        }
        let now = (self.clock)();
        self.with(channel, |m| {
            let mut lines = vec![format!("Match status: {}.", m.meta.status.words())];
            lines.extend(super::computer::seat_list::<G>(&m.meta));
            match &m.meta.reminders.waiting {
                Some(w) => {
                    let who = w.user.map_or("nobody (the seat is empty)".to_string(), |u| format!("<@{u}>"));
                    lines.push(format!(
                        "Waiting for the {} player, {who}, for {} ({} reminder(s) sent).",
                        w.seat,
                        duration_words(now.saturating_sub(w.since)),
                        w.sent
                    ));
                }
                None => lines.push("Nobody is being waited for.".into()),
            }
            let words = |s: u64| if s == 0 { "never".to_string() } else { duration_words(s) };
            lines.push(format!(
                "Reminders: first after {}, second after {} (`/mod reminders` changes them).",
                words(m.meta.reminders.first),
                words(m.meta.reminders.second)
            ));
            lines.push(format!(
                "Mentions: {} (`/mod mentions` changes it).",
                mention_words(m.meta.reminders.mention_delay)
            ));
            Ok(super::Outcome::reply(lines.join("\n")))
        })
    }

    /// Ends the matches of a channel that no longer exists (or a server that removed the bot):
    /// they stay stored for export but are not loaded again. Returns how many were ended.
    pub fn archive_channel(&self, channel: u64, why: &str) -> Result<usize, ServiceError> {
        let ended = self.with(channel, |m| {
            if m.meta.status == MatchStatus::Ended {
                return Ok(0);
            }
            let mut meta = m.meta.clone();
            meta.status = MatchStatus::Ended;
            meta.ended_because = Some(why.to_string());
            meta.reminders.waiting = None;
            self.record_end(&mut meta, m.state.as_ref())?;
            self.save_meta(&mut meta)?;
            m.meta = meta;
            Ok(1)
        });
        match ended {
            Err(ServiceError::NoMatch) => Ok(0),
            r => r,
        }
    }

    /// Ends every match of a server (see [`Self::archive_channel`]).
    pub fn archive_guild(&self, guild: u64, why: &str) -> Result<usize, ServiceError> {
        let channels: Vec<u64> = {
            let matches = self.matches.lock().expect("lock");
            matches
                .values()
                .filter_map(|m| {
                    let m = m.lock().expect("match lock");
                    (m.meta.guild == Some(guild)).then_some(m.meta.channel)
                })
                .collect()
        };
        let mut n = 0;
        for c in channels {
            n += self.archive_channel(c, why)?;
        }
        Ok(n)
    }
}
