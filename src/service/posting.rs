//! What an applied action shows, and to whom: the board only at the game's milestones, the
//! public lines of a run gathered on the live message until then, a ping only when the
//! decision changes hands, and private messages only when a seat learns something.

use std::collections::BTreeMap;

use super::keys::prompt_post_of;
use super::outcome::{Outcome, PrivatePost, PromptPost, PublicPost, StateAt};
use crate::games::game::{Game, Notice};
use crate::store::{MAX_LATEST, MAX_RECENT, MatchMeta, Presence};

/// The most lines a run keeps for its board post; older ones make way (the log keeps them).
const MAX_RUN: usize = 60;

/// What one applied action changed, as the service saw it.
pub struct Step<'a, G: Game> {
    /// The seat that acted.
    pub seat: &'a str,
    /// The user who sent the action.
    pub user: u64,
    /// The state before it.
    pub before: &'a G::State,
    /// The state after it.
    pub after: &'a G::State,
    /// The game's messages for it.
    pub notices: Vec<Notice>,
    /// Each seat's private text before it.
    pub secrets_before: BTreeMap<String, String>,
}

/// Adds public lines to the run and, when `board` holds the closing line (a milestone, the
/// end), takes the whole run into a board post. Returns that post, if any.
pub fn gather(presence: &mut Presence, lines: Vec<String>, board: Option<String>) -> Option<PublicPost> {
    presence.latest.extend(lines.iter().cloned());
    let old = presence.latest.len().saturating_sub(MAX_LATEST);
    presence.latest.drain(..old);
    presence.recent.extend(lines);
    let extra = presence.recent.len().saturating_sub(MAX_RUN);
    presence.recent.drain(..extra);
    let tail = board?;
    let mut text = std::mem::take(&mut presence.recent).join("\n");
    text.push('\n');
    text.push_str(&tail);
    Some(PublicPost { text: text.trim().to_string(), board: true })
}

/// The lines the live message shows: the last few of the run.
pub fn live_lines(presence: &Presence) -> Vec<String> {
    let skip = presence.recent.len().saturating_sub(MAX_RECENT);
    presence.recent[skip..].to_vec()
}

/// The outcome of an applied action; `meta` is the match's metadata after it (its presence
/// updated here) and `over` the result if the game ended.
pub fn outcome_of_step<G: Game>(meta: &mut MatchMeta, step: Step<'_, G>, over: Option<&str>) -> Outcome {
    let public: Vec<String> =
        step.notices.iter().filter(|n| n.to.is_none()).map(|n| n.text.clone()).collect();
    let closing = match over {
        Some(result) => Some(format!("**Game over.** {result}")),
        None if G::milestone(step.before, step.after) => Some(G::status_text(step.after)),
        None => None,
    };
    let mut post = gather(&mut meta.presence, public, closing);
    if let Some(p) = post.as_mut() {
        // A pass or a phase change may leave every piece where the last image showed it.
        let shown = G::board_fingerprint(step.after);
        if over.is_none() && shown.is_some() && shown == meta.presence.board_shown {
            p.board = false;
        }
        meta.presence.board_shown = shown;
    }
    let mut out = Outcome { reply: "Done.".into(), ..Default::default() };
    out.public.extend(post);
    for (seat, user) in &meta.seats {
        let mine: Vec<String> =
            step.notices.iter().filter(|n| n.to.as_deref() == Some(seat)).map(|n| n.text.clone()).collect();
        let now = G::private_text(step.after, seat);
        let changed = step.secrets_before.get(seat) != Some(&now);
        // The player who acted saw what they did in their answer; a DM is for news only.
        let acted = seat == step.seat && *user == step.user;
        if mine.is_empty() && (acted || !changed) {
            continue;
        }
        let mut text = mine.join("\n");
        if changed {
            text.push_str(&format!("\nYour secrets as the {seat} player:\n{now}"));
        }
        out.private.push(PrivatePost {
            user: *user,
            seat: seat.clone(),
            text: text.trim().to_string(),
            board: changed,
        });
    }
    out.prompt = prompt_post_of::<G>(meta, step.after);
    // A decision passing to the computer mentions nobody: the live message says so in place,
    // and a new one mentions the player when the decision comes back.
    // A decision open to two teammates pings when the players it names change, not by which
    // of them acted: who acted may show who held a card, and a ping must not (issue 33).
    let named = |p: &PromptPost| {
        let mut v: Vec<(String, Option<u64>)> = vec![(p.seat.clone(), p.user)];
        v.extend(p.also.iter().cloned());
        v
    };
    let before = prompt_post_of::<G>(meta, step.before);
    out.ping = out.prompt.as_ref().is_some_and(|p| {
        let shared = !p.also.is_empty() || before.as_ref().is_some_and(|b| !b.also.is_empty());
        !p.computer
            && match &before {
                Some(b) if shared => named(b) != named(p),
                _ => p.seat != step.seat || p.user != Some(step.user),
            }
    });
    out.recent = live_lines(&meta.presence);
    if out.public.iter().any(|p| p.board) || out.private.iter().any(|p| p.board) {
        out.state = Some(StateAt::new(step.after.clone()));
    }
    out.events = step.notices;
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_gathers_lines_until_a_board_post_takes_them_all() {
        let mut p = Presence::default();
        assert_eq!(gather(&mut p, vec!["a".into()], None), None);
        assert_eq!(gather(&mut p, vec!["b".into(), "c".into()], None), None);
        assert_eq!(live_lines(&p), ["a", "b", "c"]);
        let post = gather(&mut p, vec!["d".into()], Some("Round 2".into())).expect("a board post");
        assert_eq!(post.text, "a\nb\nc\nd\nRound 2");
        assert!(post.board);
        assert!(p.recent.is_empty() && live_lines(&p).is_empty());
        for i in 0..100 {
            gather(&mut p, vec![i.to_string()], None);
        }
        assert_eq!(p.recent.len(), MAX_RUN, "a long run keeps its latest lines");
        assert_eq!(live_lines(&p).len(), MAX_RECENT);
        assert_eq!(live_lines(&p).last().map(String::as_str), Some("99"));
    }
}
