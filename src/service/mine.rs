//! A player's matches on a server (`/game mine`): every match they hold a seat in, with where it
//! stands and whether it waits on them, read from what the service keeps in memory — the
//! metadata, and the state of a match already loaded — so listing a hundred matches replays
//! nothing. Public facts only: the status line every player of the match may read.

use crate::games::game::Game;
use crate::store::{MatchMeta, MatchStatus};

use super::Service;

/// One match of a player, as `/game mine` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MyMatch {
    /// Its channel (or thread).
    pub channel: u64,
    /// The game's options in words, when they differ from the plain game ("Rise of the
    /// Empire").
    pub variant: Option<String>,
    /// The caller's seats in it.
    pub seats: Vec<String>,
    /// Where it stands (a lobby, being played, paused).
    pub status: MatchStatus,
    /// Its public status line (round, phase, whose decision), empty in a lobby or for a match
    /// not seen since a restart.
    pub line: String,
    /// Whether the pending decision is the caller's.
    pub yours: bool,
    /// Since when the pending decision waits (seconds since the Unix epoch).
    pub waiting_since: Option<u64>,
    /// Its last change (seconds since the Unix epoch).
    pub updated_at: u64,
}

/// Whether a match's pending decision is `user`'s: the decider named, or a teammate the
/// decision names as well (the team game).
fn waits_on(meta: &MatchMeta, user: u64) -> bool {
    meta.reminders.waiting.as_ref().is_some_and(|w| w.user == Some(user) || w.also.contains(&user))
}

impl<G: Game> Service<G> {
    /// The matches of `user` on server `guild` that have not ended, from memory only.
    pub fn mine(&self, user: u64, guild: Option<u64>) -> Vec<MyMatch> {
        self.matches_of(user, |meta| meta.guild == guild)
    }

    /// The running matches of `user` on any server whose pending decision is theirs (the daily
    /// digest).
    pub fn waiting_on(&self, user: u64) -> Vec<MyMatch> {
        self.matches_of(user, |_| true).into_iter().filter(|m| m.yours).collect()
    }

    /// The matches of `user` that have not ended and that `keep` keeps.
    fn matches_of(&self, user: u64, keep: impl Fn(&MatchMeta) -> bool) -> Vec<MyMatch> {
        let matches: Vec<_> = self.matches.lock().expect("lock").values().cloned().collect();
        let mut out = vec![];
        for m in matches {
            let m = m.lock().expect("match lock");
            let meta = &m.meta;
            let seats: Vec<String> =
                meta.seats.iter().filter(|(_, u)| **u == user).map(|(s, _)| s.clone()).collect();
            if seats.is_empty() || !keep(meta) || meta.status == MatchStatus::Ended {
                continue;
            }
            let line = match &m.state {
                Some(s) => G::status_text(s),
                None => meta.presence.status.clone(),
            };
            let active = meta.status == MatchStatus::Active;
            out.push(MyMatch {
                channel: meta.channel,
                variant: G::variant(&super::options_of::<G>(meta)),
                seats,
                status: meta.status,
                line,
                yours: active && waits_on(meta, user),
                waiting_since: meta.reminders.waiting.as_ref().filter(|_| active).map(|w| w.since),
                updated_at: meta.updated_at,
            });
        }
        out
    }
}
