//! Rebuilding a match from its seed and action log (restart, rollback, import, history).

use super::ServiceError;
use crate::games::game::{Game, Notice};
use crate::store::{LogEntry, MatchMeta, Snapshot, StoreError};

fn corrupt(meta: &MatchMeta, detail: String) -> ServiceError {
    ServiceError::Store(StoreError::Corrupt { id: meta.id.clone(), detail })
}

/// A JSON error in one short line for people: what kind of problem and where, without the
/// text serde quotes from the input (Debug-escaped, of any length: a file's bytes, not words).
pub(crate) fn json_problem(e: &serde_json::Error) -> String {
    let what = match e.classify() {
        serde_json::error::Category::Data => {
            let text = e.to_string();
            // serde_json appends the position itself; it is given below in words.
            let text = match text.rfind(" at line ") {
                Some(at) if e.line() > 0 => text[..at].to_string(),
                _ => text,
            };
            let plain =
                text.len() <= 120 && !text.contains(['"', '\\']) && !text.chars().any(char::is_control);
            if plain { text } else { "a value has the wrong type or form".to_string() }
        }
        _ => "it is not valid JSON".to_string(),
    };
    if e.line() > 0 { format!("{what} (line {}, column {})", e.line(), e.column()) } else { what }
}

/// Why one logged action could not be replayed.
#[derive(Debug)]
pub enum StepError {
    /// The action's JSON is not an action of the game (`detail` from `json_problem`).
    Unreadable {
        /// Its position in the log (0-based).
        index: usize,
        /// What is wrong with it.
        detail: String,
    },
    /// The action no longer applies to the replayed state.
    Refused {
        /// Its position in the log (0-based).
        index: usize,
        /// The action as a command line.
        command: String,
        /// The game's refusal.
        reason: String,
    },
}

impl StepError {
    /// The corrupt-store error the service reports for it.
    fn corrupt(self, meta: &MatchMeta) -> ServiceError {
        match self {
            StepError::Unreadable { index, detail } => corrupt(meta, format!("action {index}: {detail}")),
            StepError::Refused { index, reason, .. } => {
                corrupt(meta, format!("action {index} no longer applies: {reason}"))
            }
        }
    }
}

/// Replays `log` from entry `from` on `state`, handing each applied entry, its position, its
/// action and its notices to `on_step`: the one replay loop of rebuilding, the history, the
/// final log and `verify`.
pub fn replay_each<G: Game>(
    state: &mut G::State,
    log: &[LogEntry],
    from: usize,
    mut on_step: impl FnMut(usize, &LogEntry, G::Action, Vec<Notice>),
) -> Result<(), StepError> {
    for (index, e) in log.iter().enumerate().skip(from) {
        let action: G::Action = serde_json::from_value(e.action.clone())
            .map_err(|x| StepError::Unreadable { index, detail: json_problem(&x) })?;
        let notices = G::apply(state, &e.seat, action.clone()).map_err(|reason| StepError::Refused {
            index,
            command: G::action_text(&action),
            reason,
        })?;
        on_step(index, e, action, notices);
    }
    Ok(())
}

/// The game's first state from a match's seed and options.
fn new_match<G: Game>(meta: &MatchMeta) -> Result<G::State, ServiceError> {
    let options: G::Options = serde_json::from_value(meta.options.clone())
        .map_err(|e| corrupt(meta, format!("the match options: {}", json_problem(&e))))?;
    Ok(G::new_match(meta.seed, &options))
}

/// Rebuilds the state: from the snapshot if given (then the rest of the log), else from the
/// seed and the whole log. Every logged action must still apply.
pub fn rebuild<G: Game>(
    meta: &MatchMeta,
    log: &[LogEntry],
    snapshot: Option<&Snapshot>,
) -> Result<G::State, ServiceError> {
    let (mut state, from) = match snapshot {
        Some(s) if (s.actions as usize) <= log.len() => {
            let st: G::State = serde_json::from_value(s.state.clone())
                .map_err(|e| corrupt(meta, format!("the snapshot: {}", json_problem(&e))))?;
            (st, s.actions as usize)
        }
        _ => (new_match::<G>(meta)?, 0),
    };
    replay_each::<G>(&mut state, log, from, |_, _, _, _| {}).map_err(|e| e.corrupt(meta))?;
    Ok(state)
}

/// Every public event of the match so far, by replaying it.
pub fn public_log<G: Game>(meta: &MatchMeta, log: &[LogEntry]) -> Result<Vec<String>, ServiceError> {
    let mut state = new_match::<G>(meta)?;
    let mut lines = vec![];
    replay_each::<G>(&mut state, log, 0, |_, _, _, notices| {
        lines.extend(notices.into_iter().filter(|n| n.to.is_none()).map(|n| n.text))
    })
    .map_err(|e| e.corrupt(meta))?;
    Ok(lines)
}

/// The last public lines of a match (what `Presence::latest` keeps), by replaying its log: for
/// a match whose log was cut back (rollback) or brought from elsewhere (import), whose kept
/// lines would otherwise tell of actions that are no longer in its log.
pub fn latest_lines<G: Game>(meta: &MatchMeta, log: &[LogEntry]) -> Result<Vec<String>, ServiceError> {
    let mut lines = public_log::<G>(meta, log)?;
    lines.drain(..lines.len().saturating_sub(crate::store::MAX_LATEST));
    Ok(lines)
}

/// A replayed match: the lines of its log file and its actions by seat.
pub type FullLog<A> = (Vec<String>, Vec<(String, A)>);

/// Every event of the match, public and private, by replaying it: the lines of the log file
/// posted when a match ends (private lines marked with the seat that saw them), and the
/// parsed actions (for the game's chart).
pub fn full_log<G: Game>(meta: &MatchMeta, log: &[LogEntry]) -> Result<FullLog<G::Action>, ServiceError> {
    let mut state = new_match::<G>(meta)?;
    let mut lines = vec![];
    let mut actions = vec![];
    replay_each::<G>(&mut state, log, 0, |i, e, action, notices| {
        lines.push(format!("Action {} — the {} player", i + 1, e.seat));
        for n in notices {
            match n.to {
                None => lines.push(format!("      {}", n.text)),
                Some(seat) => lines.push(format!("      [{seat} only] {}", n.text)),
            }
        }
        actions.push((e.seat.clone(), action));
    })
    .map_err(|e| e.corrupt(meta))?;
    Ok((lines, actions))
}
