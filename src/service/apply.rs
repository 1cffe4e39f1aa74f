//! Applying one answer to a match, whoever sent it (a player's `act`, the computer's
//! `computer_act`): the log entry, the undo flag, snapshots, what is posted and to whom, the
//! reveal at the end — persisted before the match in memory changes.

use std::collections::BTreeMap;

use super::keys::note_shown;
use super::{Match, Outcome, SNAPSHOT_EVERY, Service, ServiceError, posting};
use crate::games::game::Game;
use crate::store::{COMPUTER_USER, LogEntry, MatchStatus, Snapshot};

impl<G: Game> Service<G> {
    /// Applies `action` for the seat `acting`, sent by `user`, to the match's state (already
    /// checked to be the pending decision's). Nothing changes when the rules refuse it.
    pub(super) fn commit_action(
        &self,
        m: &mut Match<G>,
        acting: &str,
        user: u64,
        action: G::Action,
    ) -> Result<Outcome, ServiceError> {
        let state = m.state.as_ref().ok_or(ServiceError::NotStarted)?;
        let mut next = state.clone();
        let notices = G::apply(&mut next, acting, action.clone()).map_err(ServiceError::Rule)?;
        let over = G::outcome(&next);
        let entry = LogEntry {
            seat: acting.to_string(),
            action: serde_json::to_value(&action).map_err(|e| ServiceError::Parse(e.to_string()))?,
            user,
            at: (self.clock)(),
            undoable: over.is_none() && G::undoable(state, &next),
        };
        let index = m.log.len() as u64;
        self.store.append(&m.meta.id, index, &entry)?;
        if (index + 1).is_multiple_of(SNAPSHOT_EVERY) {
            let snap = Snapshot {
                actions: index + 1,
                state: serde_json::to_value(&next).map_err(|e| ServiceError::Parse(e.to_string()))?,
            };
            self.store.put_snapshot(&m.meta.id, &snap)?;
        }
        let mut meta = m.meta.clone();
        if over.is_some() {
            meta.status = MatchStatus::Ended;
        }
        meta.updated_at = entry.at;
        let withdrawn = meta.cancel_request.take().is_some();
        let secrets_before: BTreeMap<String, String> =
            meta.seats.keys().map(|s| (s.clone(), G::private_text(state, s))).collect();
        let step =
            posting::Step::<G> { seat: acting, user, before: state, after: &next, notices, secrets_before };
        let mut out = posting::outcome_of_step::<G>(&mut meta, step, over.as_deref());
        // A player's side is at the table (the computer is always there: not recorded).
        if user != COMPUTER_USER {
            meta.presence.acted.insert(G::side_of(acting).to_string(), entry.at);
        }
        self.track_wait(&mut meta, out.prompt.as_mut(), Some(&next));
        note_shown(&mut meta, out.prompt.as_ref(), user);
        if over.is_some() {
            out.reveal = Some(self.reveal(&meta, &m.log, Some(&entry), &next));
        }
        self.record_end(&mut meta, Some(&next))?;
        self.store.put_meta(&meta)?;
        self.store.flush()?;
        // Persisted: now commit in memory.
        m.meta = meta;
        m.log.push(entry);
        m.state = Some(next);
        if withdrawn {
            out.recent.push("The request to cancel the match is withdrawn.".into());
            if let Some(post) = out.public.first_mut() {
                post.text.push_str("\nThe request to cancel the match is withdrawn.");
            }
        }
        Ok(out)
    }
}
