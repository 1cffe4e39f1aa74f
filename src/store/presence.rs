//! What a match remembers about how it is presented in its channel between commands: the live
//! message, the lines of the current run not yet posted, who was told their DMs are closed,
//! and who is waiting how long for whom (reminders). Stored with the match's metadata, so a
//! restart neither pings twice nor forgets a reminder.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

/// One hour, in seconds.
pub const HOUR: u64 = 3600;

/// The channel side of a match: its live message and the public lines waiting for a post.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Presence {
    /// The front end's id of the live message: the one that shows the pending decision (with
    /// its buttons) and is edited in place while the same player acts on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub live_message: Option<u64>,
    /// Public lines of the current run of actions that no channel post has carried yet (the
    /// live message shows them; the next board or ping post carries them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub recent: Vec<String>,
    /// The last public lines of the match (at most `MAX_LATEST`), for catching up without
    /// replaying the log.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub latest: Vec<String>,
    /// Users already told in the channel that Holonet cannot DM them (told once per match).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub dm_closed: BTreeSet<u64>,
    /// The fingerprint of the board last posted from a played action (`Game::board_fingerprint`):
    /// a milestone that leaves the board as it was posts its lines without a new image.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board_shown: Option<u64>,
    /// The match's public status line after its last action (`Game::status_text`), for a
    /// player's list of matches without loading the match.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub status: String,
    /// Side → when a player of that side last acted (seconds since the Unix epoch): a side that
    /// acted a moment ago is at the table, and its next decision is announced without a
    /// mention at first (`Reminders::mention_delay`). Kept per side, not per player, so that
    /// which teammate answered a decision open to both never changes who is mentioned.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub acted: BTreeMap<String, u64>,
    /// The private threads of a team game's sides, once the front end settled them (`None`:
    /// not yet; settled with no threads when the match keeps to DMs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side_threads: Option<SideThreads>,
}

/// Where a team game's sides keep their secrets and talk: a private thread each, or DMs.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideThreads {
    /// Side → its private thread.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub threads: BTreeMap<String, SideThread>,
    /// Why the match keeps to DMs instead, in words for the channel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why_not: Option<String>,
}

/// One side's private thread and who is in it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideThread {
    /// The thread's channel id.
    pub thread: u64,
    /// The players added to it (the side's seated players; a player who leaves is removed).
    pub members: Vec<u64>,
}

/// How many of the latest public lines a match keeps for `/rebellion status`.
pub const MAX_LATEST: usize = 10;

/// The most public lines a run keeps for the live message (older ones drop off; the log has
/// them all).
pub const MAX_RECENT: usize = 12;

/// Reminder settings of a match and the decision being waited for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reminders {
    /// Seconds a decision waits before its player is reminded (0: never).
    pub first: u64,
    /// Seconds (from the same start) before the second reminder (0: none).
    pub second: u64,
    /// The decision being waited for, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub waiting: Option<Waiting>,
    /// Seconds a decision whose side is at the table (it acted less than this long ago) waits
    /// before its decider is mentioned; 0 mentions every decision at once.
    #[serde(default = "default_mention_delay")]
    pub mention_delay: u64,
}

/// Five minutes: long enough for a player at the table to answer, short enough that one who
/// stepped away hears soon.
pub const MENTION_DELAY: u64 = 5 * 60;

fn default_mention_delay() -> u64 {
    MENTION_DELAY
}

impl Default for Reminders {
    fn default() -> Self {
        Reminders { first: 24 * HOUR, second: 48 * HOUR, waiting: None, mention_delay: MENTION_DELAY }
    }
}

/// Who a match waits for, since when, and how many reminders they already had.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Waiting {
    /// The deciding seat.
    pub seat: String,
    /// Its user (`None` while the seat is vacant: nobody to remind).
    pub user: Option<u64>,
    /// What they decide, in words (for the reminder, without loading the match).
    #[serde(default)]
    pub kind: String,
    /// When the decision became theirs (seconds since the Unix epoch).
    pub since: u64,
    /// Reminders sent for this wait (0, 1 or 2).
    #[serde(default)]
    pub sent: u8,
    /// Other users who may answer too (a teammate, in the team game); left out when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<u64>,
    /// When the decision is to be announced to its deciders if it still waits (its side was
    /// at the table, or a decider away); `None` once announced. Each wait is announced once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mention_at: Option<u64>,
}

/// Who a pending decision waits for, as `Reminders::wait_for` notes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decider<'a> {
    /// The deciding seat.
    pub seat: &'a str,
    /// Its user (`None` while the seat is vacant).
    pub user: Option<u64>,
    /// What they decide, in words.
    pub kind: &'a str,
    /// Teammates who may answer too.
    pub also: Vec<u64>,
}

impl<'a> Decider<'a> {
    /// A decider no teammate shares the decision with.
    pub fn alone(seat: &'a str, user: Option<u64>, kind: &'a str) -> Self {
        Decider { seat, user, kind, also: vec![] }
    }
}

impl Reminders {
    /// Notes who decides now: a new wait starts when the seat, its user or the teammates who
    /// may answer too change (a run of decisions by the same players is one wait); `None` when
    /// nothing is pending. Returns whether a new wait started.
    pub fn wait_for(&mut self, decider: Option<Decider<'_>>, now: u64) -> bool {
        let mut fresh = false;
        self.waiting = match (decider, self.waiting.take()) {
            (None, _) => None,
            (Some(d), Some(w)) if w.seat == d.seat && w.user == d.user && w.also == d.also => {
                Some(Waiting { kind: d.kind.to_string(), ..w })
            }
            (Some(d), _) => {
                fresh = true;
                Some(Waiting {
                    seat: d.seat.to_string(),
                    user: d.user,
                    kind: d.kind.to_string(),
                    since: now,
                    sent: 0,
                    also: d.also,
                    mention_at: None,
                })
            }
        };
        fresh
    }

    /// Whether the held announcement of the pending decision is due at `now`.
    pub fn mention_due(&self, now: u64) -> bool {
        self.waiting.as_ref().and_then(|w| w.mention_at).is_some_and(|at| now >= at)
    }

    /// The reminder due at `now` (1 or 2), if any: each fires at most once per wait.
    pub fn due(&self, now: u64) -> Option<u8> {
        let w = self.waiting.as_ref()?;
        w.user?;
        let waited = now.saturating_sub(w.since);
        let first_due = self.first > 0 && waited >= self.first;
        let second_due = self.second > 0 && waited >= self.second;
        // A wait overdue by both delays (the bot was down) gets one reminder, the second.
        match w.sent {
            0 if second_due => Some(2),
            0 if first_due => Some(1),
            1 if second_due => Some(2),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_is_one_wait_and_each_reminder_fires_once() {
        let mut r = Reminders::default();
        r.wait_for(Some(Decider::alone("rebel", Some(1), "k")), 100);
        r.wait_for(Some(Decider::alone("rebel", Some(1), "k")), 5_000);
        assert_eq!(r.waiting.as_ref().unwrap().since, 100, "the same player acting on keeps the wait");
        assert_eq!(r.due(100 + 24 * HOUR - 1), None);
        assert_eq!(r.due(100 + 24 * HOUR), Some(1));
        r.waiting.as_mut().unwrap().sent = 1;
        assert_eq!(r.due(100 + 30 * HOUR), None, "the first reminder fires once");
        assert_eq!(r.due(100 + 48 * HOUR), Some(2));
        r.waiting.as_mut().unwrap().sent = 2;
        assert_eq!(r.due(100 + 100 * HOUR), None);
        r.wait_for(Some(Decider::alone("empire", Some(2), "k")), 200_000);
        assert_eq!(r.waiting.as_ref().unwrap().sent, 0, "a new decider starts a new wait");
        r.wait_for(Some(Decider::alone("empire", None, "k")), 200_001);
        assert_eq!(r.due(200_001 + 100 * HOUR), None, "a vacant seat is not reminded");
        r.first = 0;
        r.wait_for(Some(Decider::alone("rebel", Some(1), "k")), 0);
        assert_eq!(r.due(100 * HOUR), Some(2), "first reminder off: only the second");
    }

    #[test]
    fn a_decision_that_narrows_from_both_teammates_to_one_is_a_new_wait() {
        let mut r = Reminders::default();
        let shared = Decider { seat: "rebel-admiral", user: Some(1), kind: "k", also: vec![2] };
        assert!(r.wait_for(Some(shared.clone()), 0));
        assert!(!r.wait_for(Some(shared), 10), "the same players: the same wait");
        assert!(r.wait_for(Some(Decider::alone("rebel-admiral", Some(1), "k")), 20), "now the Admiral alone");
        assert_eq!(r.waiting.as_ref().map(|w| w.since), Some(20));
    }

    #[test]
    fn an_overdue_wait_gets_one_reminder_not_two() {
        let mut r = Reminders::default();
        r.wait_for(Some(Decider::alone("rebel", Some(1), "k")), 0);
        assert_eq!(r.due(72 * HOUR), Some(2));
    }
}
