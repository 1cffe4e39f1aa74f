//! Random legal play reaches the cards (issues 9 and 10): over 300 seeded games at least 50 of
//! the 53 mission titles are revealed and at least 30 of the 34 action cards used, and every
//! game ends with a winner. (`holonet simulate --seed 1 --games 1000` prints the same counts for
//! a longer run.)

use holonet::cli::simulate;

#[test]
fn random_play_reveals_the_mission_titles_and_uses_the_action_cards() {
    let mut out = Vec::new();
    let tally = simulate::run(1, 300, &Default::default(), None, &mut out).expect("simulation runs");
    assert_eq!(tally.rebel + tally.empire, 300, "every game ends with a winner");
    let text = String::from_utf8(out).unwrap();
    let summary: Vec<&str> = text.lines().rev().take(2).collect();
    assert!(tally.missions.len() >= 50, "mission titles revealed: {}; {summary:?}", tally.missions.len());
    assert!(tally.action_cards.len() >= 30, "action cards used: {}; {summary:?}", tally.action_cards.len());
}
