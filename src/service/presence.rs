//! The match in its channel between commands: the live message front ends edit, who was told
//! their DMs are closed, reminders for players who keep a decision waiting, the moderators'
//! view of idle seats, the reveal when a match ends, and matches whose channel is gone.

use super::outcome::{Reveal, StateAt};
use super::replay::full_log;
use super::{Match, PromptPost, Service, ServiceError};
use crate::games::game::Game;
use crate::store::{HOUR, LogEntry, MatchMeta, MatchStatus};

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
    /// Which reminder this is (1 or 2).
    pub nth: u8,
}

impl Reminder {
    /// The reminder in words, mentioning the player (for the channel, and a DM).
    pub fn text(&self) -> String {
        let again = if self.nth > 1 { " (second reminder)" } else { "" };
        format!(
            "<@{}> — a reminder{again}: the match has waited {} for your decision as the {} player: {}.",
            self.user,
            duration_words(self.waited),
            self.seat,
            self.kind
        )
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
    /// Notes who the match waits for now (see `Reminders::wait_for`) and keeps the public
    /// status line of its state (for `mine`, without loading the match).
    pub(super) fn track_wait(
        &self,
        meta: &mut MatchMeta,
        prompt: Option<&PromptPost>,
        state: Option<&G::State>,
    ) {
        if let Some(state) = state {
            meta.presence.status = G::status_text(state);
        }
        // The computer answers on its own: nobody is reminded of its decisions.
        let waiting =
            (meta.status == MatchStatus::Active).then_some(prompt).flatten().filter(|p| !p.computer);
        meta.reminders.wait_for(waiting.map(|p| (p.seat.as_str(), p.user, p.kind.as_str())), (self.clock)());
        // Teammates who may answer as well: the decision is theirs too (`mine`).
        if let (Some(w), Some(p)) = (meta.reminders.waiting.as_mut(), waiting) {
            w.also = p.also.iter().filter_map(|(_, u)| *u).collect();
        }
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
            let Some(nth) = m.meta.reminders.due(now) else { continue };
            let mut meta = m.meta.clone();
            let Some(w) = meta.reminders.waiting.as_mut() else { continue };
            w.sent = nth;
            let (Some(user), since, seat, kind) = (w.user, w.since, w.seat.clone(), w.kind.clone()) else {
                continue;
            };
            if let Err(e) = self.store.put_meta(&meta).and_then(|()| self.store.flush()) {
                tracing::warn!(match_id = %meta.id, "cannot record a reminder: {e}");
                continue;
            }
            m.meta = meta;
            let channel = m.meta.channel;
            due.push(Reminder { channel, user, seat, kind, waited: now - since, nth });
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
