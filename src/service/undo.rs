//! A player taking back their own last action: allowed only while nobody has acted since and
//! the action taught nobody anything (no die rolled, no card drawn or revealed — the game says
//! which actions qualify when they are applied). Against the computer, its answers since go
//! back too when they also taught nobody anything. Everything else is a moderator's rollback.

use super::keys::{note_shown, prompt_post_of};
use super::posting::{gather, live_lines};
use super::replay::rebuild;
use super::{Caller, Match, Outcome, PromptPost, Service, ServiceError};
use crate::games::game::Game;
use crate::store::{COMPUTER_USER, MatchMeta};

impl<G: Game> Service<G> {
    /// Commits a match rewound to its first `keep` actions (log already truncated in the store):
    /// the new prompt is shown to `user` if theirs and waited for, `meta` persisted, and the
    /// match in memory updated. Returns the prompt.
    pub(super) fn rewind(
        &self,
        m: &mut Match<G>,
        keep: usize,
        state: G::State,
        mut meta: MatchMeta,
        user: u64,
    ) -> Result<Option<PromptPost>, ServiceError> {
        let mut prompt = prompt_post_of::<G>(&meta, &state);
        self.track_wait(&mut meta, prompt.as_mut(), Some(&state));
        note_shown(&mut meta, prompt.as_ref(), user);
        self.store.put_meta(&meta)?;
        self.store.flush()?;
        m.meta = meta;
        m.log.truncate(keep);
        m.state = Some(state);
        Ok(prompt)
    }

    /// Takes back the caller's last action. The channel is told what was taken back in public
    /// words only (a facedown assignment stays facedown).
    pub fn undo(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError> {
        self.with(channel, |m| {
            super::require_active(&m.meta)?;
            // The computer's answers since the player's last action go back with it, if
            // they too taught nobody anything: the computer simply answers again.
            let keep = m.log.iter().rposition(|e| e.user != COMPUTER_USER).ok_or(if m.log.is_empty() {
                ServiceError::NothingToUndo
            } else {
                ServiceError::UndoNotYours
            })?;
            let (last, answers) = (&m.log[keep], &m.log[keep + 1..]);
            if last.user != caller.user || m.meta.seats.get(&last.seat) != Some(&caller.user) {
                return Err(ServiceError::UndoNotYours);
            }
            if !last.undoable {
                return Err(ServiceError::UndoRevealed);
            }
            if answers.iter().any(|e| !e.undoable) {
                return Err(ServiceError::UndoAfterComputer);
            }
            let before = rebuild::<G>(&m.meta, &m.log[..keep], None)?;
            let seat = last.seat.clone();
            let read = |e: &crate::store::LogEntry| -> Result<G::Action, ServiceError> {
                serde_json::from_value(e.action.clone()).map_err(|e| ServiceError::Parse(e.to_string()))
            };
            let action = read(last)?;
            // What the action looked like: its option's words for the player, its public lines
            // for everyone.
            let label = G::prompt(&before)
                .and_then(|p| {
                    let i = p.options.iter().position(|o| *o == action)?;
                    G::option_texts(&before, &p).into_iter().nth(i)
                })
                .map(|t| t.label)
                .unwrap_or_else(|| "your last action".into());
            let mut replay = before.clone();
            let public_of = |notices: Result<Vec<crate::games::game::Notice>, String>| -> Vec<String> {
                notices
                    .map(|ns| ns.into_iter().filter(|n| n.to.is_none()).map(|n| n.text).collect())
                    .unwrap_or_default()
            };
            let public = public_of(G::apply(&mut replay, &seat, action));
            // The computer's answers added lines to the run as well.
            let mut answered = vec![];
            for e in answers {
                answered.extend(public_of(G::apply(&mut replay, &e.seat, read(e)?)));
            }
            self.store.truncate(&m.meta.id, keep as u64)?;
            let mut meta = m.meta.clone();
            meta.updated_at = (self.clock)();
            meta.cancel_request = None;
            // The lines the taken-back action added to the run go too.
            for line in public.iter().chain(&answered).rev() {
                if meta.presence.recent.last() == Some(line) {
                    meta.presence.recent.pop();
                }
            }
            let what = if public.is_empty() { "an action".to_string() } else { public.join("; ") };
            let notice = match answers.len() {
                0 => format!("The {seat} player took back their last action ({what})."),
                n => format!(
                    "The {seat} player took back their last action ({what}) and the computer's {} after it.",
                    if n == 1 { "answer".to_string() } else { format!("{n} answers") }
                ),
            };
            // A board posted for the taken-back action is out of date: post the board again.
            let milestone = m.state.as_ref().is_some_and(|after| G::milestone(&before, after));
            let closing = milestone.then(|| G::status_text(&before));
            let post = gather(&mut meta.presence, vec![notice.clone()], closing);
            if post.is_some() {
                meta.presence.board_shown = None;
            }
            let prompt = self.rewind(m, keep, before, meta, caller.user)?;
            Ok(Outcome {
                reply: format!("Taken back: {label}."),
                state: post.as_ref().and_then(|_| self.board_state(m)),
                public: post.into_iter().collect(),
                recent: live_lines(&m.meta.presence),
                prompt,
                events: vec![crate::games::game::Notice { to: None, text: notice }],
                ..Default::default()
            })
        })
    }
}
