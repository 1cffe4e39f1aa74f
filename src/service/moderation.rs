//! Moderator commands: pause, resume, end, replace, kick, rollback, export and import.

use std::sync::{Arc, Mutex};

use super::keys::{note_shown, prompt_post_of};
use super::replay::{json_problem, latest_lines};
use super::{Caller, Match, Outcome, PublicPost, Service, ServiceError, hand_posts, options_of, rebuild};
use crate::games::game::Game;
use crate::store::{MatchExport, MatchMeta, MatchStatus, RollbackNote, StoreError, StoredMatch};

impl<G: Game> Service<G> {
    fn moderate(&self, caller: Caller) -> Result<(), ServiceError> {
        if caller.moderator { Ok(()) } else { Err(ServiceError::NotModerator) }
    }

    fn set_status(
        &self,
        channel: u64,
        caller: Caller,
        status: MatchStatus,
        text: &str,
    ) -> Result<Outcome, ServiceError> {
        self.moderate(caller)?;
        self.with(channel, |m| {
            if m.meta.status == MatchStatus::Ended {
                return Err(ServiceError::Ended);
            }
            if m.meta.status == MatchStatus::Lobby && status != MatchStatus::Ended {
                return Err(ServiceError::NotStarted);
            }
            match (m.meta.status, status) {
                (MatchStatus::Paused, MatchStatus::Paused) => return Err(ServiceError::Paused),
                (MatchStatus::Active, MatchStatus::Active) => return Err(ServiceError::NotPaused),
                _ => {}
            }
            let mut meta = m.meta.clone();
            meta.status = status;
            let mut prompt = match (&m.state, status) {
                (Some(state), MatchStatus::Active) => prompt_post_of::<G>(&meta, state),
                _ => None,
            };
            // A paused match waits for nobody (no reminders); resuming starts the wait anew.
            meta.reminders.waiting = None;
            self.track_wait(&mut meta, prompt.as_mut(), m.state.as_ref());
            note_shown(&mut meta, prompt.as_ref(), caller.user);
            if status == MatchStatus::Ended {
                meta.ended_because = Some(format!("ended by moderator <@{}>", caller.user));
            }
            let reveal = match (&m.state, status) {
                (Some(state), MatchStatus::Ended) => Some(self.reveal(&meta, &m.log, None, state)),
                _ => None,
            };
            self.record_end(&mut meta, m.state.as_ref())?;
            self.save_meta(&mut meta)?;
            m.meta = meta;
            Ok(Outcome {
                reply: format!("Moderator <@{}> {text}.", caller.user),
                reply_public: true,
                ping: prompt.is_some(),
                prompt,
                reveal,
                ..Default::default()
            })
        })
    }

    /// Moderator: pause the match.
    pub fn pause(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError> {
        self.set_status(channel, caller, MatchStatus::Paused, "paused the match")
    }

    /// Moderator: resume a paused match.
    pub fn resume(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError> {
        self.set_status(channel, caller, MatchStatus::Active, "resumed the match")
    }

    /// Moderator: end the match now.
    pub fn end(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError> {
        self.set_status(channel, caller, MatchStatus::Ended, "ended the match")
    }

    /// Moderator: give a seat to another user (who then receives that seat's secrets). Until the
    /// match ends, never to the caller or to anyone already seated: nobody may hold the other
    /// seat's secrets besides their own, and a moderator must not peek at a seat.
    pub fn replace(
        &self,
        channel: u64,
        caller: Caller,
        seat: &str,
        user: u64,
    ) -> Result<Outcome, ServiceError> {
        self.moderate(caller)?;
        self.with(channel, |m| {
            let options = options_of::<G>(&m.meta);
            let seats = G::seats(&options);
            let seat = seat.to_lowercase();
            if !seats.contains(&seat) {
                return Err(ServiceError::UnknownSeat { seat, valid: seats.join(", ") });
            }
            if m.meta.status != MatchStatus::Ended {
                if user == caller.user {
                    return Err(ServiceError::ReplaceWithSelf);
                }
                if m.meta.seats.values().any(|u| *u == user) {
                    return Err(ServiceError::AlreadySeated);
                }
            }
            let mut meta = m.meta.clone();
            meta.seats.insert(seat.clone(), user);
            // A seat the computer played is a person's again.
            let from_computer = meta.computer.remove(&seat).is_some();
            // The new player has seen none of this seat's options, nor agreed to cancel.
            meta.shown.remove(&seat);
            meta.cancel_request = None;
            let mut prompt = m.state.as_ref().and_then(|state| prompt_post_of::<G>(&meta, state));
            self.track_wait(&mut meta, prompt.as_mut(), m.state.as_ref());
            note_shown(&mut meta, prompt.as_ref(), caller.user);
            self.save_meta(&mut meta)?;
            m.meta = meta;
            Ok(Outcome {
                reply: match from_computer {
                    true => format!(
                        "Moderator <@{}> took the {seat} seat back from the computer and gave it to <@{user}>.",
                        caller.user
                    ),
                    false => format!("Moderator <@{}> gave the {seat} seat to <@{user}>.", caller.user),
                },
                reply_public: true,
                private: hand_posts(m, std::slice::from_ref(&seat)),
                ping: prompt.as_ref().is_some_and(|p| p.seat == seat),
                prompt,
                state: self.board_state(m),
                ..Default::default()
            })
        })
    }

    /// Moderator: remove a seat's player (the seat waits for `replace`).
    pub fn kick(&self, channel: u64, caller: Caller, seat: &str) -> Result<Outcome, ServiceError> {
        self.moderate(caller)?;
        self.with(channel, |m| {
            let seat = seat.to_lowercase();
            let mut meta = m.meta.clone();
            if meta.computer.remove(&seat).is_some() {
                let mut prompt = m.state.as_ref().and_then(|state| prompt_post_of::<G>(&meta, state));
                self.track_wait(&mut meta, prompt.as_mut(), m.state.as_ref());
                self.save_meta(&mut meta)?;
                m.meta = meta;
                return Ok(Outcome {
                    ping: prompt.as_ref().is_some_and(|p| p.seat == seat),
                    prompt,
                    ..Outcome::announce(format!(
                        "Moderator <@{}> took the {seat} seat from the computer; `/mod replace` fills it.",
                        caller.user
                    ))
                });
            }
            let Some(user) = meta.seats.remove(&seat) else {
                // A seat of the game that nobody holds is not an unknown seat (and with no seat
                // taken, a list of the taken ones would be empty).
                let seats = G::seats(&options_of::<G>(&m.meta));
                if seats.contains(&seat) {
                    return Err(ServiceError::SeatEmpty(seat));
                }
                return Err(ServiceError::UnknownSeat { seat, valid: seats.join(", ") });
            };
            meta.shown.remove(&seat);
            meta.cancel_request = None;
            let mut prompt = m.state.as_ref().and_then(|state| prompt_post_of::<G>(&meta, state));
            self.track_wait(&mut meta, prompt.as_mut(), m.state.as_ref());
            self.save_meta(&mut meta)?;
            m.meta = meta;
            Ok(Outcome {
                ping: prompt.as_ref().is_some_and(|p| p.seat == seat),
                prompt,
                ..Outcome::announce(format!(
                    "Moderator <@{}> removed <@{user}> from the {seat} seat; `/mod replace` fills it.",
                    caller.user
                ))
            })
        })
    }

    /// Moderator: undo the last `steps` actions (the match replays from its seed, so the same
    /// moves roll the same dice again: `docs/dice.md`). A finished match is never reopened: its
    /// reveal showed the seed, and with it every die still to come.
    pub fn rollback(&self, channel: u64, caller: Caller, steps: u64) -> Result<Outcome, ServiceError> {
        self.moderate(caller)?;
        self.with(channel, |m| {
            if m.meta.status == MatchStatus::Ended {
                return Err(if m.meta.exported_after_end {
                    ServiceError::ReopenExported
                } else {
                    ServiceError::ReopenRevealed
                });
            }
            let have = m.log.len() as u64;
            if steps == 0 || steps > have {
                return Err(ServiceError::RollbackTooFar { asked: steps, have });
            }
            let keep = (have - steps) as usize;
            let state = rebuild::<G>(&m.meta, &m.log[..keep], None)?;
            self.store.truncate(&m.meta.id, keep as u64)?;
            let mut meta = m.meta.clone();
            meta.updated_at = (self.clock)();
            meta.rollbacks.push(RollbackNote {
                by: caller.user,
                at: meta.updated_at,
                from: have,
                to: keep as u64,
            });
            meta.cancel_request = None;
            meta.ended_because = None;
            meta.presence.recent.clear();
            meta.presence.board_shown = None;
            // `/rebellion status` must not list events of the actions rolled back.
            meta.presence.latest = latest_lines::<G>(&m.meta, &m.log[..keep])?;
            meta.reminders.waiting = None;
            let prompt = self.rewind(m, keep, state, meta, caller.user)?;
            let seats: Vec<String> = m.meta.seats.keys().cloned().collect();
            let status = G::status_text(m.state.as_ref().expect("just set"));
            Ok(Outcome {
                reply: format!(
                    "Moderator <@{}> rolled back {steps} action(s). The seed stays the one committed to, so \
                     the same moves roll the same dice again; the rollback is recorded for the verifier.",
                    caller.user
                ),
                reply_public: true,
                public: vec![PublicPost { text: status, board: true }],
                private: hand_posts(m, &seats),
                ping: prompt.is_some(),
                prompt,
                state: self.board_state(m),
                ..Default::default()
            })
        })
    }

    /// The match as a JSON file (see `docs/export-format.md`). The file reveals every secret of
    /// both sides, so while the match runs only a moderator who holds no seat in it may export
    /// it, and the channel is told; once it has ended anyone may (also after a restart, from the
    /// store), and it can no longer be reopened by a rollback.
    pub fn export(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError> {
        match self.with(channel, |m| self.export_match(m, caller)) {
            Err(ServiceError::NoMatch) => self.export_stored(channel),
            r => r,
        }
    }

    fn export_match(&self, m: &mut Match<G>, caller: Caller) -> Result<Outcome, ServiceError> {
        let running = m.meta.status != MatchStatus::Ended;
        if running {
            if !caller.moderator {
                return Err(ServiceError::ExportRunning);
            }
            if m.meta.seats.values().any(|u| *u == caller.user) {
                return Err(ServiceError::SeatedExport);
            }
        } else if !m.meta.exported_after_end {
            let mut meta = m.meta.clone();
            meta.exported_after_end = true;
            self.save_meta(&mut meta)?;
            m.meta = meta;
        }
        let stored = StoredMatch { meta: m.meta.clone(), log: m.log.clone(), snapshot: None };
        let file = match (running, m.state.as_ref()) {
            // Nobody may learn the seed before the end, moderators included.
            (true, _) | (false, None) => {
                let key = self.store.seal_key()?;
                export_file(&stored.meta.id, MatchExport::of(&stored).withholding_seed_if(running, &key))?
            }
            (false, Some(state)) => export_file(&stored.meta.id, finished_export::<G>(&stored, state))?,
        };
        Ok(if running {
            Outcome {
                reply: format!(
                    "A moderator exported this match while it is running: <@{}> holds a file with \
                     every secret of both sides so far (not the seed: it stays secret until the end).",
                    caller.user
                ),
                reply_public: true,
                file: Some(file),
                ..Default::default()
            }
        } else {
            Outcome {
                reply: "The match is over; here is its export.".into(),
                file: Some(file),
                ..Default::default()
            }
        })
    }

    /// An ended match is not kept in memory after a restart: export it from the store.
    fn export_stored(&self, channel: u64) -> Result<Outcome, ServiceError> {
        let stored = self.store.load(&channel.to_string())?;
        match stored {
            Some(s) if s.meta.game == G::ID && s.meta.status == MatchStatus::Ended => {
                let export = stored_export::<G>(&s);
                Ok(Outcome {
                    reply: "The match is over; here is its export.".into(),
                    file: Some(export_file(&s.meta.id, export)?),
                    ..Default::default()
                })
            }
            _ => Err(ServiceError::NoMatch),
        }
    }

    /// Moderator: imports an exported match into a channel (replacing an ended one).
    pub fn import(&self, channel: u64, caller: Caller, json: &[u8]) -> Result<Outcome, ServiceError> {
        self.moderate(caller)?;
        let export: MatchExport =
            serde_json::from_slice(json).map_err(|e| ServiceError::BadImport(json_problem(&e)))?;
        if export.format != "holonet-match" || export.format_version != 1 {
            return Err(ServiceError::BadImport("not a holonet-match version 1 file".into()));
        }
        let mut export = export;
        if export.seed_withheld {
            self.unseal(&mut export, &channel.to_string())?;
        }
        // A commitment that does not match would tell the channel a seed other than the one played.
        crate::service::verify::check_commitment(&export.meta)
            .map_err(|e| ServiceError::BadImport(e.to_string()))?;
        if export.meta.game != G::ID {
            // The name is the file's text: named only when it reads as a name.
            let game = &export.meta.game;
            let named = game.len() <= 40 && game.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '-');
            return Err(ServiceError::BadImport(if named && !game.is_empty() {
                format!("it holds a `{game}` match")
            } else {
                "it holds a match of another game".to_string()
            }));
        }
        // Options that do not read would be taken as the defaults now and make the stored
        // match unreadable at the next start.
        if let Err(e) = serde_json::from_value::<G::Options>(export.meta.options.clone()) {
            return Err(ServiceError::BadImport(format!("the match options: {}", json_problem(&e))));
        }
        let mut map = self.matches.lock().expect("lock");
        let id = channel.to_string();
        // Importing is how a damaged match is restored: it replaces the unreadable records.
        if let Some(m) = map.get(&id) {
            let status = m.lock().expect("lock").meta.status;
            if status != MatchStatus::Ended {
                return Err(ServiceError::MatchExists(status));
            }
        }
        self.check_other_game(&id)?;
        self.check_one_copy(&id, &export.meta)?;
        // A lobby has no state to replay the log onto: `start` would deal a fresh game while
        // the log stays, and the next restart would replay that log onto it.
        if export.meta.status == MatchStatus::Lobby && !export.log.is_empty() {
            return Err(ServiceError::BadImport("a match in its lobby cannot have played actions".into()));
        }
        // Seat names are shown and matched everywhere: only the game's own seats may be held.
        let seats = G::seats(&options_of::<G>(&export.meta));
        if export.meta.seats.keys().any(|s| !seats.contains(s)) {
            return Err(ServiceError::BadImport(format!("its seats must be among: {}", seats.join(", "))));
        }
        super::computer::check_import::<G>(&export.meta).map_err(ServiceError::BadImport)?;
        let mut meta = export.meta;
        meta.id = id.clone();
        meta.channel = channel;
        // Hosted anew: menus and numbers shown for the exported copy must not apply here.
        meta.nonce = MatchMeta::new_nonce();
        meta.shown.clear();
        let state = match meta.status {
            MatchStatus::Lobby => None,
            _ => Some(rebuild::<G>(&meta, &export.log, None).map_err(|e| {
                // "stored data … is unreadable" would misname a file: say what is wrong in it.
                ServiceError::BadImport(match e {
                    ServiceError::Store(StoreError::Corrupt { detail, .. }) => detail,
                    e => e.to_string(),
                })
            })?),
        };
        // The latest events come from the log, not from what the file says they were.
        meta.presence.latest = match state {
            Some(_) => latest_lines::<G>(&meta, &export.log)?,
            None => vec![],
        };
        let mut prompt = state.as_ref().and_then(|state| prompt_post_of::<G>(&meta, state));
        // Whether it ever started, before the status line below is written.
        let began = super::community::record::started(&meta, export.log.len());
        // The old channel's live message is not this channel's; waits start now.
        meta.presence.live_message = None;
        meta.reminders.waiting = None;
        self.track_wait(&mut meta, prompt.as_mut(), state.as_ref());
        note_shown(&mut meta, prompt.as_ref(), caller.user);
        self.store.delete(&id)?;
        // An ended match joins the server's record (its entry replaced, when it was there); one
        // exported before ends were timed ended at its last change, not now.
        if meta.status == MatchStatus::Ended {
            meta.ended_at.get_or_insert(meta.updated_at);
        }
        self.record_end(&mut meta, state.as_ref().filter(|_| began))?;
        self.store.put_meta(&meta)?;
        for (i, e) in export.log.iter().enumerate() {
            self.store.append(&id, i as u64, e)?;
        }
        self.store.flush()?;
        self.damaged.lock().expect("lock").remove(&id);
        let m = Match { meta, state, log: export.log, loaded: true };
        let prompt_commitment = m.meta.commitment.clone();
        map.insert(id, Arc::new(Mutex::new(m)));
        let commitment = match prompt_commitment.as_str() {
            "" => String::new(),
            c => format!(" Its dice commitment: `{c}`."),
        };
        Ok(Outcome {
            reply: format!("Moderator <@{}> imported a match.{commitment}", caller.user),
            reply_public: true,
            ping: prompt.is_some(),
            prompt,
            ..Default::default()
        })
    }
}

impl<G: Game> Service<G> {
    /// Opens the sealed seed of an export made during play, to restore its own match: only into
    /// the channel it came from, only where that match's records are lost or damaged (anything
    /// else would replay a running match somewhere its seed could be revealed), and only with
    /// the key of the store that sealed it.
    fn unseal(&self, export: &mut MatchExport, id: &str) -> Result<(), ServiceError> {
        let refuse = |why: &str| Err(ServiceError::BadImport(why.to_string()));
        if export.meta.id != id {
            return refuse("it was exported during play, so it can only restore its own channel's match");
        }
        let lost = self.damaged.lock().expect("lock").contains_key(id)
            || !matches!(self.store.load_meta(id), Ok(Some(_)));
        if !lost {
            return refuse(
                "it was exported during play, so it can only restore a match whose stored records are lost or damaged",
            );
        }
        let keys = self.store.seal_keys()?;
        let Some(sealed) = export.sealed_seed.as_deref() else {
            return refuse("it was exported during play and carries no sealed seed");
        };
        let (seed, salt) = crate::trust::dice::open_seed(sealed, &export.meta.seal_binding(), &keys)
            .map_err(|e| ServiceError::BadImport(format!("it was exported during play, and {e}")))?;
        export.meta.seed = seed;
        export.meta.salt = salt;
        export.seed_withheld = false;
        export.sealed_seed = None;
        Ok(())
    }
}

impl<G: Game> Service<G> {
    /// Refuses to import a match that another channel of the store holds too, unless both
    /// copies are over: a running copy could be ended (its reveal showing the seed) or
    /// exported after its end while the other one still plays with that seed. A match is known
    /// by its dice commitment (drawn at random with each match); a match from before
    /// commitments cannot be told apart and is not checked.
    fn check_one_copy(&self, id: &str, meta: &MatchMeta) -> Result<(), ServiceError> {
        if meta.commitment.is_empty() {
            return Ok(());
        }
        for other in self.store.list()? {
            if other == id {
                continue;
            }
            // Unreadable records are restored by an import of their own, not compared here.
            let Ok(Some(held)) = self.store.load_meta(&other) else { continue };
            if held.commitment == meta.commitment
                && (held.status != MatchStatus::Ended || meta.status != MatchStatus::Ended)
            {
                return Err(ServiceError::BadImport(format!(
                    "channel {other} holds this very match (the same dice commitment): one match runs in one \
                     channel only (move it by deleting it there first, or end it there before importing an \
                     ended copy)"
                )));
            }
        }
        Ok(())
    }
}

/// The export of a stored match as the offline `holonet export` writes it: seed included, and
/// for an ended match its result and the fingerprint of its final state, as `/mod export`
/// records them after the end.
pub fn stored_export<G: Game>(m: &StoredMatch) -> MatchExport {
    if m.meta.status == MatchStatus::Ended
        && m.meta.game == G::ID
        && let Ok(state) = rebuild::<G>(&m.meta, &m.log, m.snapshot.as_ref())
    {
        return finished_export::<G>(m, &state);
    }
    // A lobby cancelled before it started has no state to fingerprint.
    MatchExport::of(m)
}

/// The export file of a match: its name and pretty JSON.
fn export_file(id: &str, export: MatchExport) -> Result<(String, Vec<u8>), ServiceError> {
    let json = export.to_json()?;
    Ok((format!("holonet-match-{id}.json"), json))
}

/// The export of a finished match, with its result and the fingerprint of its final state (what
/// the reveal showed and `verify` checks).
fn finished_export<G: Game>(m: &StoredMatch, state: &G::State) -> MatchExport {
    MatchExport {
        result: G::outcome(state),
        final_state: Some(crate::trust::dice::state_hash(state)),
        ..MatchExport::of(m)
    }
}
