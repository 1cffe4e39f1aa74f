//! Rebuilding a match from its seed and action log (restart, rollback, import, history).

use super::ServiceError;
use crate::game::Game;
use crate::store::{LogEntry, MatchMeta, Snapshot, StoreError};

fn corrupt(meta: &MatchMeta, detail: String) -> ServiceError {
    ServiceError::Store(StoreError::Corrupt { id: meta.id.clone(), detail })
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
            let st: G::State =
                serde_json::from_value(s.state.clone()).map_err(|e| corrupt(meta, e.to_string()))?;
            (st, s.actions as usize)
        }
        _ => {
            let options: G::Options =
                serde_json::from_value(meta.options.clone()).map_err(|e| corrupt(meta, e.to_string()))?;
            (G::new_match(meta.seed, &options), 0)
        }
    };
    for (i, e) in log.iter().enumerate().skip(from) {
        let action: G::Action = serde_json::from_value(e.action.clone())
            .map_err(|x| corrupt(meta, format!("action {i}: {x}")))?;
        G::apply(&mut state, &e.seat, action)
            .map_err(|x| corrupt(meta, format!("action {i} no longer applies: {x}")))?;
    }
    Ok(state)
}

/// Every public event of the match so far, by replaying it.
pub fn public_log<G: Game>(meta: &MatchMeta, log: &[LogEntry]) -> Result<Vec<String>, ServiceError> {
    let options: G::Options =
        serde_json::from_value(meta.options.clone()).map_err(|e| corrupt(meta, e.to_string()))?;
    let mut state = G::new_match(meta.seed, &options);
    let mut lines = vec![];
    for (i, e) in log.iter().enumerate() {
        let action: G::Action = serde_json::from_value(e.action.clone())
            .map_err(|x| corrupt(meta, format!("action {i}: {x}")))?;
        let notices =
            G::apply(&mut state, &e.seat, action).map_err(|x| corrupt(meta, format!("action {i}: {x}")))?;
        lines.extend(notices.into_iter().filter(|n| n.to.is_none()).map(|n| n.text));
    }
    Ok(lines)
}
