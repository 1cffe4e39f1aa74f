//! Rebuilding a match from its seed and action log (restart, rollback, import, history).

use super::ServiceError;
use crate::game::Game;
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
        _ => {
            let options: G::Options = serde_json::from_value(meta.options.clone())
                .map_err(|e| corrupt(meta, format!("the match options: {}", json_problem(&e))))?;
            (G::new_match(meta.seed, &options), 0)
        }
    };
    for (i, e) in log.iter().enumerate().skip(from) {
        let action: G::Action = serde_json::from_value(e.action.clone())
            .map_err(|x| corrupt(meta, format!("action {i}: {}", json_problem(&x))))?;
        G::apply(&mut state, &e.seat, action)
            .map_err(|x| corrupt(meta, format!("action {i} no longer applies: {x}")))?;
    }
    Ok(state)
}

/// Every public event of the match so far, by replaying it.
pub fn public_log<G: Game>(meta: &MatchMeta, log: &[LogEntry]) -> Result<Vec<String>, ServiceError> {
    let options: G::Options = serde_json::from_value(meta.options.clone())
        .map_err(|e| corrupt(meta, format!("the match options: {}", json_problem(&e))))?;
    let mut state = G::new_match(meta.seed, &options);
    let mut lines = vec![];
    for (i, e) in log.iter().enumerate() {
        let action: G::Action = serde_json::from_value(e.action.clone())
            .map_err(|x| corrupt(meta, format!("action {i}: {}", json_problem(&x))))?;
        let notices =
            G::apply(&mut state, &e.seat, action).map_err(|x| corrupt(meta, format!("action {i}: {x}")))?;
        lines.extend(notices.into_iter().filter(|n| n.to.is_none()).map(|n| n.text));
    }
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
    let options: G::Options =
        serde_json::from_value(meta.options.clone()).map_err(|e| corrupt(meta, e.to_string()))?;
    let mut state = G::new_match(meta.seed, &options);
    let mut lines = vec![];
    let mut actions = vec![];
    for (i, e) in log.iter().enumerate() {
        let action: G::Action = serde_json::from_value(e.action.clone())
            .map_err(|x| corrupt(meta, format!("action {i}: {x}")))?;
        let notices = G::apply(&mut state, &e.seat, action.clone())
            .map_err(|x| corrupt(meta, format!("action {i}: {x}")))?;
        lines.push(format!("Action {} — the {} player", i + 1, e.seat));
        for n in notices {
            match n.to {
                None => lines.push(format!("      {}", n.text)),
                Some(seat) => lines.push(format!("      [{seat} only] {}", n.text)),
            }
        }
        actions.push((e.seat.clone(), action));
    }
    Ok((lines, actions))
}
