//! The named strategies: Deception and Infiltration.

use super::super::state::EvrState;

/// Deception: the result of the event is turned round (the would-be loser wins) if neither
/// total, strategies' bonuses included, exceeds the objective value; determine victory checks
/// that, after every strategy has resolved. Two Deceptions cancel before either resolves (the
/// dominance phase sees to that).
pub fn deception(s: &mut EvrState) {
    s.effects.flip = !s.effects.flip;
}

/// Infiltration: the opponent's strategy for the next round is chosen by this player.
pub fn infiltration(s: &mut EvrState) {
    let me = s.pending.as_ref().expect("a strategy is being resolved").actor;
    *s.next.by_opponent.get_mut(me.opponent()) = true;
}
