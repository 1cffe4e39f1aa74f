//! Rise of the Empire's unit abilities, one scenario each, named after the unit.

mod support;

use holonet::content::catalog;
use holonet::engine::rebellion::refresh::RefreshStep;
use support::*;

/// A cleared board of a match with the expansion (its units in the supply), the base hidden in
/// Dantooine.
fn rote_board(seed: u64) -> Scenario {
    let mut sc = Scenario::new(seed).clear().base("dantooine", false);
    sc.s.options.rise_of_the_empire = true;
    for id in ["tie_striker", "interdictor", "assault_tank", "shield_bunker"] {
        sc.s.supply.empire.add(unit(id), catalog().unit(unit(id)).count_in_box);
    }
    for id in ["u_wing", "nebulon_b_frigate", "rebel_vanguard", "golan_arms_turret"] {
        sc.s.supply.rebel.add(unit(id), catalog().unit(unit(id)).count_in_box);
    }
    sc
}

/// The Empire's deploy step with these units ready.
fn imperial_deploy(sc: Scenario, ready: &[(&str, u8)]) -> holonet::engine::rebellion::State {
    let mut s =
        sc.refresh_at(RefreshStep::Deploy { faction: EMPIRE, placed: vec![], new_bunkers: vec![] }).build();
    for &(u, n) in ready {
        s.supply.empire.remove(unit(u), n);
        s.ready.empire.add(unit(u), n);
    }
    s
}

#[test]
fn shield_bunker_deploys_wherever_an_imperial_ground_unit_holds_the_system() {
    let sc = rote_board(1)
        .units("bespin", "stormtrooper", 1) // neutral, populous
        .units("hoth", "stormtrooper", 1) // remote
        .units("sullust", "stormtrooper", 1)
        .units("sullust", "rebel_trooper", 1) // contested
        .units("utapau", "tie_fighter", 1) // a ship only
        .loyalty("naboo", Some(EMPIRE))
        .units("naboo", "stormtrooper", 1)
        .sabotaged("naboo");
    let mut s = imperial_deploy(sc, &[("shield_bunker", 2), ("stormtrooper", 1)]);
    for ok in ["bespin", "hoth"] {
        assert!(is_legal(&s, &format!("deploy shield_bunker {ok}")), "{ok}: {:?}", legal(&s));
        assert!(!is_legal(&s, &format!("deploy stormtrooper {ok}")), "{ok}: only the bunker may go there");
    }
    assert!(!is_legal(&s, "deploy shield_bunker sullust"), "a Rebel unit is there");
    assert!(!is_legal(&s, "deploy shield_bunker utapau"), "no Imperial ground unit there");
    assert!(!is_legal(&s, "deploy shield_bunker naboo"), "sabotage still bars deployment");
    refuse(&mut s, EMPIRE, "deploy shield_bunker sullust");
    // A bunker deployed in this step gives no local reinforcement until the next one.
    act(&mut s, EMPIRE, "deploy shield_bunker hoth");
    assert!(!is_legal(&s, "deploy stormtrooper hoth"), "not in the step the bunker arrived");
    assert_eq!(s.units(place("hoth"), EMPIRE).count(unit("shield_bunker")), 1);
}

#[test]
fn shield_bunker_lets_the_empire_reinforce_its_remote_system() {
    let sc = rote_board(2).units("hoth", "shield_bunker", 1).units("tatooine", "shield_bunker", 1).units(
        "tatooine",
        "rebel_trooper",
        1,
    );
    let mut s = imperial_deploy(sc, &[("stormtrooper", 3), ("tie_fighter", 1)]);
    assert!(is_legal(&s, "deploy stormtrooper hoth"), "{:?}", legal(&s));
    assert!(is_legal(&s, "deploy tie_fighter hoth"));
    assert!(!is_legal(&s, "deploy stormtrooper tatooine"), "a Rebel unit is there");
    act(&mut s, EMPIRE, "deploy stormtrooper hoth");
    act(&mut s, EMPIRE, "deploy tie_fighter hoth");
    assert!(!is_legal(&s, "deploy stormtrooper hoth"), "two units per system");
    // Without a bunker a remote system takes no deployment.
    let mut base = imperial_deploy(rote_board(2), &[("stormtrooper", 1)]);
    assert!(!is_legal(&base, "deploy stormtrooper hoth"));
    refuse(&mut base, EMPIRE, "deploy stormtrooper hoth");
}
