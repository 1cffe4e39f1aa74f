//! Random legal play reaches the cards (issues 9 and 10): over 300 seeded games at least 50 of
//! the 53 mission titles are revealed and at least 30 of the 34 action cards used, and every
//! game ends with a winner. (`holonet simulate --seed 1 --games 1000` prints the same counts for
//! a longer run.) With Rise of the Empire, the same over its own cards (issue 18).

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

#[test]
fn random_play_with_rise_of_the_empire_reaches_its_cards() {
    use holonet::content::{ActionCardId, AdvancedTacticId, ContentSet, MissionId, catalog};
    use holonet::engine::rebellion::MatchOptions;
    use std::collections::BTreeSet;
    // Issue 18: over 300 games, at least 25 of the expansion's 30 mission titles, 14 of its 16
    // action cards (Something to Fight For needs a discarded objective, which few cards make),
    // 10 of its 12 objectives and 24 of the 32 advanced tactic cards.
    let options = MatchOptions { rise_of_the_empire: true, ..Default::default() };
    let mut out = Vec::new();
    let tally = simulate::run(1, 300, &options, None, &mut out).expect("simulation runs");
    assert_eq!(tally.rebel + tally.empire, 300, "every game ends with a winner");
    let c = catalog();
    let rote = ContentSet::RiseOfTheEmpire;
    let titles = |ids: &mut dyn Iterator<Item = MissionId>| ids.map(|m| m.name()).collect::<BTreeSet<_>>();
    let all = titles(
        &mut MissionId::all().filter(|&m| c.mission(m).set == rote && c.mission(m).replaces.is_none()),
    );
    let seen = titles(&mut tally.missions.iter().copied().filter(|&m| c.mission(m).set == rote));
    assert_eq!(all.len(), 30, "the expansion's mission titles");
    assert!(seen.intersection(&all).count() >= 25, "expansion titles revealed: {seen:?}");
    let actions = tally.action_cards.iter().filter(|&&a| c.action_card(a).set == rote).count();
    let printed = ActionCardId::all().filter(|&a| c.action_card(a).set == rote).count();
    assert_eq!(printed, 16, "the expansion's 14 action cards and its 2 replacement printings");
    assert!(actions >= 14, "expansion action cards used: {actions} of {printed}");
    assert_eq!(AdvancedTacticId::all().count(), 32);
    assert!(
        tally.advanced_tactics.len() >= 24,
        "advanced tactic cards played: {}",
        tally.advanced_tactics.len()
    );
    // The expansion's 12 objectives: at least 10 played, the three that place target markers
    // among them (the combat ones, Seize Control and Raid Imperial Factory, are the rarest).
    let objectives: Vec<&str> =
        tally.objectives.iter().filter(|&&o| c.objective(o).set == rote).map(|o| o.name()).collect();
    assert_eq!(holonet::content::ObjectiveId::all().filter(|&o| c.objective(o).set == rote).count(), 12);
    assert!(objectives.len() >= 10, "expansion objectives played: {objectives:?}");
    for name in ["Raid Outposts", "Rebel Cell", "Show No Fear"] {
        assert!(objectives.contains(&name), "{name} is reached: {objectives:?}");
    }
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("advanced tactic cards played "), "simulate prints the expansion's counts");
}
