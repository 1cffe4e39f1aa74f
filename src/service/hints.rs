//! Hints for players learning the game (`/play hint`): the computer's three best options for
//! the decision a person is asked now, each with its estimate of their side's chances, weighed
//! from what that person's seat may know only (the same search as a computer seat's, so it is
//! as fair). Allowed in a match created with hints and in a match against the computer; the
//! reveal counts the hints each seat asked for.

use super::keys::prompt_post_of;
use super::{Caller, MatchStatus, Outcome, Service, ServiceError, require_active};
use crate::bot::DEFAULT_THINK_MS;
use crate::games::game::{ComputerAsk, Game};
use crate::store::MatchMeta;

/// How many options a hint names.
pub const HINT_OPTIONS: usize = 3;

/// Whether a match gives hints: created with them, or played against the computer.
pub fn hints_allowed(meta: &MatchMeta) -> bool {
    meta.hints || !meta.computer.is_empty()
}

/// The reveal's line counting the hints each seat asked for, where the match gives hints.
pub(super) fn hints_line(meta: &MatchMeta, seats: &[String]) -> Option<String> {
    if !hints_allowed(meta) {
        return None;
    }
    let counts: Vec<String> = seats
        .iter()
        .filter(|s| meta.seats.contains_key(*s))
        .map(|s| {
            let n = meta.hints_asked.get(s).copied().unwrap_or(0);
            format!("{s} {n}")
        })
        .collect();
    Some(format!("Hints asked: {}.", counts.join(", ")))
}

/// A hint to work out off the match's lock.
struct HintJob<G: Game> {
    state: G::State,
    ask: ComputerAsk,
}

impl<G: Game> Service<G> {
    /// Turns hints on or off for a match in its lobby: its creator or a moderator.
    pub fn set_hints(&self, channel: u64, caller: Caller, on: bool) -> Result<Outcome, ServiceError> {
        self.with(channel, |m| {
            if m.meta.status != MatchStatus::Lobby {
                return Err(ServiceError::AlreadyStarted);
            }
            if caller.user != m.meta.creator && !caller.moderator {
                return Err(ServiceError::NotCreator);
            }
            let mut meta = m.meta.clone();
            meta.hints = on;
            self.save_meta(&mut meta)?;
            m.meta = meta;
            Ok(Outcome::announce(if on {
                "Hints are on: a player asked to decide may ask the computer for its three best options \
                 with `/play hint`, privately; the reveal counts the hints each player asked for."
            } else {
                "Hints are off in this match."
            }))
        })
    }

    /// A hint for the caller's pending decision, answered to them alone: the computer's best
    /// options from what their seat may know, thinking about as long as the match's computer
    /// does (the default otherwise). Counted for the reveal before the computer thinks.
    pub fn hint(&self, channel: u64, caller: Caller) -> Result<Outcome, ServiceError> {
        let job = self.with(channel, |m| {
            require_active(&m.meta)?;
            if !hints_allowed(&m.meta) {
                return Err(ServiceError::NoHints);
            }
            let state = m.state.as_ref().ok_or(ServiceError::NotStarted)?;
            let prompt = prompt_post_of::<G>(&m.meta, state).ok_or(ServiceError::Ended)?;
            // The caller's own seats among those asked (not a computer teammate's).
            let mine: Vec<String> = prompt
                .seats_of(caller.user)
                .into_iter()
                .filter(|s| m.meta.seats.get(*s) == Some(&caller.user))
                .map(String::from)
                .collect();
            let Some(first) = mine.first().cloned() else { return Err(ServiceError::NothingToHint) };
            let think_ms = m.meta.computer.values().map(|c| c.think_ms).max().unwrap_or(DEFAULT_THINK_MS);
            let mut meta = m.meta.clone();
            *meta.hints_asked.entry(first.clone()).or_default() += 1;
            self.save_meta(&mut meta)?;
            m.meta = meta;
            // Its own stream: never the computer seat's seed for the same decision.
            let seed = m.meta.bot_seed.rotate_left(17) ^ G::version(state) ^ caller.user;
            let ask = ComputerAsk { seats: mine, think_ms, seed, person_asked: false };
            Ok(HintJob::<G> { state: state.clone(), ask })
        })?;
        Ok(Outcome::reply(job.think()))
    }
}

impl<G: Game> HintJob<G> {
    /// Works the hint out (slow: up to the thinking time) and puts it in words.
    fn think(self) -> String {
        let Some(prompt) = G::prompt(&self.state) else { return "The match is over.".into() };
        let Some(ranked) = G::computer_hint(&self.state, &self.ask) else {
            return "The computer has no hint for this decision: nothing in it is yours to take now.".into();
        };
        let texts = G::option_texts(&self.state, &prompt);
        let seat = self.ask.seats.join(" and ");
        let mut lines = vec![format!(
            "**Hint** for the {seat} player: the computer's best options, weighed only from what your \
             seat may know, with its estimate of your side's chances after each."
        )];
        if ranked.len() == 1 {
            lines.push("Only one option is yours here.".into());
        }
        for (n, (index, chance)) in ranked.iter().take(HINT_OPTIONS).enumerate() {
            let label = texts
                .get(*index)
                .map_or_else(|| G::action_text(&prompt.options[*index]), |t| t.label.clone());
            let estimate = chance.map_or(String::new(), |c| format!(" — about {:.0}%", c * 100.0));
            lines.push(format!("{}. {label}{estimate}", n + 1));
        }
        lines.join("\n")
    }
}
