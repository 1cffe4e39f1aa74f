//! The Empire vs. Rebellion computer's search on built positions: it takes a win that is there
//! for the taking and steps around a move that loses the match, as either side; and the greedy
//! baseline and the match runner work.

#[path = "support/evr.rs"]
mod evr;

use evr::{EMPIRE, REBEL, event, in_play, options, turn};
use holonet::bot::Budget;
use holonet::bot::evr::{choose, greedy};
use holonet::bot::versus::Player;
use holonet::content::Faction;
use holonet::engine::evr::state::Phase;
use holonet::engine::evr::{Action, EvrState};

/// Events worth six victory points together, won by `f` (one point short of the match).
fn six_points(s: &mut EvrState, f: Faction) {
    for key in ["battle_of_endor", "battle_of_hoth"] {
        let e = event(key);
        s.events.retain(|&x| x != e);
        s.sides.get_mut(f).won.push(e);
    }
}

/// Escape from Tatooine (objective 11, one point) in the struggle: the Rebels at 10 with two
/// basic cards, the Empire over the objective value at 12 with three, nobody with a character
/// in play; `leader` one point from winning; `mover` to move after the other passed.
fn endgame(leader: Faction, mover: Faction) -> EvrState {
    let mut s = evr::struggle("escape_from_tatooine", None, None);
    for key in ["rebel_military_5", "rebel_diplomacy_5"] {
        in_play(&mut s, key, false);
    }
    for key in ["imperial_military_5", "imperial_diplomacy_4", "imperial_recon_3"] {
        in_play(&mut s, key, false);
    }
    six_points(&mut s, leader);
    turn(&mut s, mover);
    s.phase = Phase::Struggle { turn: mover, passed: true };
    holonet::engine::evr::invariants::check(&s).expect("a legal position");
    s
}

const BUDGET: Budget = Budget::Iterations(300);

#[test]
fn the_rebels_take_the_event_that_wins_the_match() {
    // Passing ends the struggle with the Rebels under the objective value and the Empire over
    // it: the event and the seventh point. Drawing any card (2 to 6) would take them over too.
    let s = endgame(REBEL, REBEL);
    let (seat, lines) = options(&s);
    assert_eq!(seat, REBEL);
    assert!(lines.len() > 1, "a real choice: {lines:?}");
    for seed in 0..3 {
        let c = choose(&s, BUDGET, seed).expect("a decision");
        assert_eq!(c.action, Action::Pass, "seed {seed}: {}", c.action.command());
    }
}

#[test]
fn the_empire_does_not_hand_the_rebels_their_last_point() {
    // The Empire is over the objective value; the Rebels need one point. Passing gives them
    // the event and the match; the Empire must bring its total back under the objective
    // value (its basic cards' powers, or drawing is no help) or at least not pass.
    let s = endgame(REBEL, EMPIRE);
    let (seat, lines) = options(&s);
    assert_eq!(seat, EMPIRE);
    assert!(lines.contains(&"pass".to_string()) && lines.len() > 1, "{lines:?}");
    for seed in 0..3 {
        let c = choose(&s, BUDGET, seed).expect("a decision");
        assert_ne!(c.action, Action::Pass, "seed {seed}: the Empire passed the match away");
    }
}

#[test]
fn the_empire_takes_the_event_that_wins_the_match_when_it_can() {
    // The Empire at six points and the Rebels over the objective value: passing wins it all.
    let mut s = endgame(EMPIRE, EMPIRE);
    // Swap the totals round: the Rebels over (5 + 5 + 3), the Empire under (5 + 4).
    in_play(&mut s, "rebel_recon_3", false);
    let recon = evr::card("imperial_recon_3");
    holonet::engine::evr::zones::move_card(&mut s, recon, holonet::content::evr::Zone::Deck);
    s.phase = Phase::Struggle { turn: EMPIRE, passed: true };
    holonet::engine::evr::invariants::check(&s).expect("a legal position");
    for seed in 0..3 {
        let c = choose(&s, BUDGET, seed).expect("a decision");
        assert_eq!(c.action, Action::Pass, "seed {seed}: {}", c.action.command());
    }
}

#[test]
fn the_greedy_baseline_answers_and_a_match_between_players_ends() {
    let s = endgame(REBEL, REBEL);
    let g = greedy(&s, 1).expect("a decision");
    assert_eq!(g.action, Action::Pass, "one ply is enough here");
    let played = holonet::bot::evr::versus::play(4, Player::Computer(Budget::Iterations(20)), Player::Greedy);
    assert!(played.round >= 1 && played.actions > 10, "{played:?}");
    assert!(!played.thinking.is_empty());
}
