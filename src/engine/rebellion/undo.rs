//! Whether a player may take an action back: only when nobody learnt anything from it that
//! they did not know before, so replaying the game without it leaves no one wiser. Front ends
//! offer "undo" for a misclick on that basis; everything else needs a moderator's rollback.

use super::state::State;
use crate::content::Faction;

/// Whether the action that turned `before` into `after` can be taken back without giving
/// anyone information: no die was rolled and nothing was shuffled (the random stream did not
/// move), no card was drawn, looked at, revealed, played or discarded (hands only lost cards
/// to assignments; decks, discard piles and intel are unchanged), no facedown mission was
/// revealed or returned, the base was not revealed, and the game is not over.
pub fn can_take_back(before: &State, after: &State) -> bool {
    before.rng == after.rng
        && after.winner.is_none()
        && before.decks == after.decks
        && before.intel == after.intel
        && before.base.revealed == after.base.revealed
        && before.revealed_probes == after.revealed_probes
        && Faction::BOTH
            .iter()
            .all(|&f| hand_only_shrank(before, after, f) && assignments_only_grew(before, after, f))
}

/// Whether a faction's hand lost cards at most (a card drawn or handed over is news to
/// someone; a card put on an assignment is not).
fn hand_only_shrank(before: &State, after: &State, f: Faction) -> bool {
    let (b, a) = (before.hands.get(f), after.hands.get(f));
    subset(&a.missions, &b.missions)
        && a.actions == b.actions
        && a.objectives == b.objectives
        && a.probes == b.probes
        && a.tactics == b.tactics
}

/// Whether a faction's facedown missions were only added to (one leaving its place was
/// revealed, or returned to the hand at the end of a phase).
fn assignments_only_grew(before: &State, after: &State, f: Faction) -> bool {
    let (b, a) = (before.assignments.get(f), after.assignments.get(f));
    a.len() >= b.len() && a[..b.len()] == b[..]
}

/// Whether every item of `small` is in `big`, counting copies.
fn subset<T: PartialEq + Copy>(small: &[T], big: &[T]) -> bool {
    let mut left: Vec<T> = big.to_vec();
    small.iter().all(|x| match left.iter().position(|y| y == x) {
        Some(i) => {
            left.swap_remove(i);
            true
        }
        None => false,
    })
}
