//! Start-of-Refresh objective cards (Rules Reference: Objective Cards, Refresh Phase): each is
//! offered right before leaders are retrieved only when its requirement holds, and scores its
//! reputation when played. Combat objectives are tested in `tests/combat.rs`.

mod support;

use holonet::content::ObjectiveId;
use holonet::engine::rebellion::State;
use support::*;

/// A cleared board at the start of the Refresh Phase (time 6, reputation 14), the Rebels
/// holding `card` only.
fn with(card: &str, setup: impl FnOnce(Scenario) -> Scenario) -> State {
    let sc = Scenario::new(21).clear().base("dantooine", false).time(6).reputation(14).refresh();
    let mut s = setup(sc).build();
    s.hands.rebel.objectives = vec![objective(card)];
    s
}

#[test]
fn cut_supply_lines_needs_three_disrupted_imperial_systems() {
    let three = |sc: Scenario| {
        sc.loyalty("corellia", Some(EMPIRE))
            .sabotaged("corellia")
            .loyalty("sullust", Some(EMPIRE))
            .units("sullust", "x_wing", 1)
            .loyalty("mustafar", Some(EMPIRE))
    };
    let s = with("cut_supply_lines", three);
    assert!(!objective_offered(&s, "cut_supply_lines"), "only two disrupted");
    let mut s = with("cut_supply_lines", |sc| three(sc).units("mustafar", "rebel_trooper", 1));
    assert_eq!(score_objective(&mut s, "cut_supply_lines"), 1);
    assert!(
        !s.hands.rebel.objectives.contains(&objective("cut_supply_lines")),
        "scored cards leave the hand"
    );
}

#[test]
fn regional_support_needs_every_populous_system_of_a_region_rebel() {
    // The Mon Calamari region: Mon Calamari, Felucia, Saleucami (Yavin is remote).
    let region = |sc: Scenario| sc.loyalty("mon_calamari", Some(REBEL)).loyalty("felucia", Some(REBEL));
    let s = with("regional_support", region);
    assert!(!objective_offered(&s, "regional_support"), "Saleucami is not Rebel");
    let mut s = with("regional_support", |sc| region(sc).loyalty("saleucami", Some(REBEL)));
    assert_eq!(score_objective(&mut s, "regional_support"), 1);
}

#[test]
fn heart_of_the_empire_needs_rebels_alone_on_coruscant_and_returns_to_hand() {
    let s = with("heart_of_the_empire", |sc| {
        sc.units("coruscant", "x_wing", 1).units("coruscant", "tie_fighter", 1)
    });
    assert!(!objective_offered(&s, "heart_of_the_empire"), "Imperial units are there too");
    let mut s = with("heart_of_the_empire", |sc| sc.units("coruscant", "x_wing", 1));
    assert_eq!(score_objective(&mut s, "heart_of_the_empire"), 2);
    assert!(
        s.hands.rebel.objectives.contains(&objective("heart_of_the_empire")),
        "back to hand to score again"
    );
}

#[test]
fn leave_no_one_behind_needs_no_captured_leader() {
    let mut s = with("leave_no_one_behind", |sc| {
        sc.units("bespin", "tie_fighter", 1).leader_at("bespin", "princess_leia")
    });
    s.captured.push(leader("princess_leia"));
    assert!(!objective_offered(&s, "leave_no_one_behind"));
    let mut s = with("leave_no_one_behind", |sc| sc);
    assert_eq!(score_objective(&mut s, "leave_no_one_behind"), 1);
}

#[test]
fn popular_support_needs_six_rebel_systems() {
    let five = |sc: Scenario| {
        sc.loyalty("kashyyyk", Some(REBEL))
            .loyalty("bespin", Some(REBEL))
            .loyalty("naboo", Some(REBEL))
            .loyalty("ryloth", Some(REBEL))
            .loyalty("rodia", Some(REBEL))
    };
    let s = with("popular_support", five);
    assert!(!objective_offered(&s, "popular_support"), "five are not enough");
    let mut s = with("popular_support", |sc| five(sc).loyalty("alderaan", Some(REBEL)));
    assert_eq!(score_objective(&mut s, "popular_support"), 1);
    let _: Option<ObjectiveId> = None;
}
