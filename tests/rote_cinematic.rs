//! Cinematic combat (Rise of the Empire, issue 18): the advanced tactic cards as data, each
//! player's own decks, the secret pick before every round of battle, leader rerolls, specials
//! that remove damage, damage kept to the end of the round of battle, and whole random games.

mod support;

use holonet::engine::rebellion::{EventKind, MatchOptions, invariants};

fn rote() -> MatchOptions {
    MatchOptions { quick_setup: true, rise_of_the_empire: true }
}

#[test]
fn random_play_with_cinematic_combat_ends_by_the_rules() {
    let mut combats = 0;
    let mut cards = 0;
    for seed in 0..32 {
        let p = holonet::sim::playout_with(seed, rote(), |st, _, ev| {
            if matches!(st.action, holonet::engine::rebellion::Action::Advanced { .. }) {
                cards += 1;
            }
            combats += ev.iter().filter(|e| matches!(e.kind, EventKind::CombatStarted { .. })).count();
        });
        assert!(p.state.winner.is_some(), "seed {seed} ends with a winner");
        let v = invariants::violations(&p.state);
        assert!(v.is_empty(), "seed {seed}: {v:?}");
        // The base tactic decks are never touched under cinematic combat.
        assert!(p.state.hands.rebel.tactics.is_empty() && p.state.hands.empire.tactics.is_empty());
    }
    assert!(combats >= 20, "combats fought: {combats}");
    assert!(cards >= 40, "advanced cards picked: {cards}");
}

