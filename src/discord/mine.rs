//! `/game mine`: a player's matches on this server in one private answer — those waiting on
//! them first (the longest wait first), then the others, the latest change first — each with
//! its game, the caller's seats, where it stands and a link to its channel.

use super::hosted::GameKind;
use crate::service::{MyMatch, duration_words};
use crate::store::MatchStatus;

/// The matches in the order `/game mine` lists them.
pub fn ordered(mut list: Vec<(GameKind, MyMatch)>) -> Vec<(GameKind, MyMatch)> {
    list.sort_by_key(|(_, m)| {
        if m.yours {
            (0, m.waiting_since.unwrap_or(m.updated_at), m.channel)
        } else {
            (1, u64::MAX - m.updated_at, m.channel)
        }
    });
    list
}

/// One match as a line of the list (Discord markdown; `<#id>` links the channel).
pub fn entry(kind: GameKind, m: &MyMatch, now: u64) -> String {
    let game = match &m.variant {
        Some(v) => format!("{} ({v})", kind.name()),
        None => kind.name().to_string(),
    };
    let seats = m.seats.join(" and ");
    let state = match (m.status, m.yours) {
        (MatchStatus::Lobby, _) => "waiting for players".to_string(),
        (MatchStatus::Paused, _) => "paused by a moderator".to_string(),
        (_, true) => {
            let waited = m.waiting_since.map(|t| duration_words(now.saturating_sub(t)));
            match waited {
                Some(w) => format!("**your decision** (waiting {w})"),
                None => "**your decision**".to_string(),
            }
        }
        _ => "not your decision".to_string(),
    };
    let mut out = format!("• <#{}> — {game}, as {seats}: {state}", m.channel);
    if !m.line.is_empty() && m.status != MatchStatus::Lobby {
        out.push_str(&format!("\n  {}", m.line));
    }
    out
}

/// The answer to `/game mine` at time `now` (seconds since the Unix epoch).
pub fn mine_text(list: Vec<(GameKind, MyMatch)>, now: u64) -> String {
    if list.is_empty() {
        return "You hold no seat in a match on this server. Open one with `/game new` or join one \
                with `/game join` in its channel."
            .to_string();
    }
    let list = ordered(list);
    let waiting = list.iter().filter(|(_, m)| m.yours).count();
    let mut lines =
        vec![format!("**Your matches on this server** ({} in all, {waiting} waiting on you)", list.len())];
    lines.extend(list.iter().map(|(k, m)| entry(*k, m, now)));
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(channel: u64, yours: bool, since: u64, updated: u64) -> (GameKind, MyMatch) {
        (
            GameKind::Rebellion,
            MyMatch {
                channel,
                variant: None,
                seats: vec!["rebel".into()],
                status: MatchStatus::Active,
                line: format!("Round {channel}"),
                yours,
                waiting_since: Some(since),
                updated_at: updated,
            },
        )
    }

    #[test]
    fn matches_waiting_on_the_caller_come_first_the_longest_wait_first() {
        let list =
            vec![one(1, false, 0, 50), one(2, true, 30, 30), one(3, false, 0, 90), one(4, true, 10, 10)];
        let order: Vec<u64> = ordered(list).iter().map(|(_, m)| m.channel).collect();
        assert_eq!(order, vec![4, 2, 3, 1]);
    }

    #[test]
    fn the_list_links_each_channel_and_says_whose_decision_it_is() {
        let text = mine_text(vec![one(7, true, 0, 0), one(8, false, 0, 5)], 7200);
        assert!(text.starts_with("**Your matches on this server** (2 in all, 1 waiting on you)"), "{text}");
        assert!(
            text.contains("• <#7> — Star Wars: Rebellion, as rebel: **your decision** (waiting 2 hours)")
        );
        assert!(
            text.contains("• <#8> — Star Wars: Rebellion, as rebel: not your decision\n  Round 8"),
            "{text}"
        );
        assert!(mine_text(vec![], 0).contains("no seat in a match"));
    }
}
