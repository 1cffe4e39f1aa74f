//! Mission cards whose main effect touches units on the board (`cards/units.rs`,
//! `cards/unit_moves.rs`, `cards/enemy_units.rs`): gaining, destroying "X-health worth", moving in, and the combat a
//! card resolves. One test per card, named after the card.

mod support;

use holonet::engine::rebellion::{Frame, PromptKind, RuleError, State, decision};
use support::*;

/// A cleared board with the base hidden in Dantooine.
fn board(seed: u64) -> Scenario {
    Scenario::new(seed).clear().base("dantooine", false)
}

fn count(s: &State, at: &str, u: &str) -> u8 {
    let u = unit(u);
    let f = holonet::content::catalog().unit(u).faction;
    s.units(place(at), f).count(u)
}

fn combat_in(s: &State, at: &str) -> Option<holonet::content::Faction> {
    s.stack.iter().find_map(|f| match f {
        Frame::Combat(c) if c.place == place(at) => Some(c.attacker),
        _ => None,
    })
}

/// The rule named by a refusal.
fn rule(e: &RuleError) -> &'static str {
    match e {
        RuleError::Illegal { rule, .. } => rule,
        other => panic!("expected a rule error, got {other}"),
    }
}

/// Ends a card's move with `done` unless it ended by itself (nothing else could move).
fn finish(s: &mut State, f: holonet::content::Faction) {
    if seat(s) == Some(f) && decision(s).unwrap().kind == PromptKind::CardChoice && is_legal(s, "done") {
        act(s, f, "done");
    }
}

fn context(s: &State) -> String {
    decision(s).map(|d| d.context.join(" / ")).unwrap_or_default()
}

#[test]
fn base_defenses_adds_an_ion_cannon_and_a_shield_generator_to_the_rebel_base_space() {
    let mut s = board(1)
        .loyalty("alderaan", Some(REBEL))
        .assign(REBEL, "base_defenses", &["mon_mothma"])
        .command(REBEL)
        .build();
    let e = refuse(&mut s, REBEL, "reveal base_defenses bespin");
    assert_eq!(rule(&e), "Mission Cards", "{e}: only a Rebel system");
    reveal_unopposed(&mut s, REBEL, "reveal base_defenses alderaan");
    assert_eq!(count(&s, "rebel_base", "ion_cannon"), 1);
    assert_eq!(count(&s, "rebel_base", "shield_generator"), 1);
    assert_eq!(count(&s, "alderaan", "ion_cannon"), 0, "not in the mission's system");

    // Revealed base: the Rebel Base space's effects happen in the base's system.
    let mut s = board(2)
        .base("hoth", true)
        .loyalty("alderaan", Some(REBEL))
        .assign(REBEL, "base_defenses", &["mon_mothma"])
        .command(REBEL)
        .build();
    reveal_unopposed(&mut s, REBEL, "reveal base_defenses alderaan");
    assert_eq!(count(&s, "hoth", "ion_cannon"), 1);
    assert_eq!(count(&s, "hoth", "shield_generator"), 1);
}

#[test]
fn hit_and_run_destroys_up_to_two_health_of_imperial_units() {
    let mut s = board(3)
        .units("sullust", "star_destroyer", 1)
        .units("sullust", "tie_fighter", 1)
        .units("sullust", "stormtrooper", 2)
        .units("sullust", "x_wing", 1)
        .assign(REBEL, "hit_and_run", &["han_solo"])
        .command(REBEL)
        .build();
    let tie_supply = s.supply.empire.count(unit("tie_fighter"));
    reveal_unopposed(&mut s, REBEL, "reveal hit_and_run sullust");
    assert_eq!(decision(&s).unwrap().kind, PromptKind::CardChoice);
    assert!(context(&s).contains("2 health left"), "{}", context(&s));
    let e = refuse(&mut s, REBEL, "pick unit sullust star_destroyer");
    assert_eq!(rule(&e), "Destroyed Units", "{e}");
    assert!(e.to_string().contains("4 health"), "{e}");
    act(&mut s, REBEL, "pick unit sullust tie_fighter");
    act(&mut s, REBEL, "pick unit sullust stormtrooper");
    assert_eq!(count(&s, "sullust", "tie_fighter"), 0);
    assert_eq!(count(&s, "sullust", "stormtrooper"), 1);
    assert_eq!(count(&s, "sullust", "star_destroyer"), 1);
    assert_eq!(
        s.supply.empire.count(unit("tie_fighter")),
        tie_supply + 1,
        "destroyed units go to the supply"
    );
    assert_eq!(decision(&s).unwrap().kind, PromptKind::CommandTurn, "two health spent: the card is over");
}

#[test]
fn hit_and_run_may_destroy_units_of_either_side() {
    // "Units of your choice": the Rebels may pick their own units too (Rules Reference:
    // Destroyed Units lets the player choose the units).
    let mut s = board(3)
        .units("sullust", "tie_fighter", 1)
        .units("sullust", "x_wing", 1)
        .assign(REBEL, "hit_and_run", &["han_solo"])
        .command(REBEL)
        .build();
    let x_supply = s.supply.rebel.count(unit("x_wing"));
    reveal_unopposed(&mut s, REBEL, "reveal hit_and_run sullust");
    assert!(is_legal(&s, "pick unit sullust x_wing"), "{:?}", legal(&s));
    assert!(is_legal(&s, "pick unit sullust tie_fighter"));
    act(&mut s, REBEL, "pick unit sullust x_wing");
    assert_eq!(count(&s, "sullust", "x_wing"), 0);
    assert_eq!(s.supply.rebel.count(unit("x_wing")), x_supply + 1, "back to its owner's supply");
    act(&mut s, REBEL, "pick unit sullust tie_fighter");
    assert_eq!(count(&s, "sullust", "tie_fighter"), 0);
}

#[test]
fn hunt_them_down_destroys_up_to_two_health_of_units_of_either_side_and_may_stop_early() {
    // "Units of the Imperial player's choice": like Hit and Run and Wookiee Uprising, the card
    // names no side, so the Empire may pick its own units too.
    let mut s = board(4)
        .units("alderaan", "airspeeder", 1)
        .units("alderaan", "rebel_trooper", 2)
        .units("alderaan", "tie_fighter", 1)
        .units("alderaan", "at_at", 1)
        .assign(EMPIRE, "hunt_them_down", &["soontir_fel"])
        .command(EMPIRE)
        .build();
    reveal_unopposed(&mut s, EMPIRE, "reveal hunt_them_down alderaan");
    assert!(
        is_legal(&s, "pick unit alderaan tie_fighter"),
        "an Imperial unit may be chosen: {:?}",
        legal(&s)
    );
    let e = refuse(&mut s, EMPIRE, "pick unit alderaan at_at");
    assert_eq!(rule(&e), "Destroyed Units", "3 health is more than 2: {e}");
    act(&mut s, EMPIRE, "pick unit alderaan rebel_trooper");
    assert!(!is_legal(&s, "pick unit alderaan airspeeder"), "2 health > 1 left");
    act(&mut s, EMPIRE, "done");
    assert_eq!(count(&s, "alderaan", "rebel_trooper"), 1);
    assert_eq!(count(&s, "alderaan", "airspeeder"), 1);
    assert_eq!(count(&s, "alderaan", "tie_fighter"), 1, "stopped early: nothing else destroyed");
}

#[test]
fn wookiee_uprising_gains_loyalty_in_kashyyyk_and_destroys_up_to_four_health() {
    let mut s = board(5)
        .units("kashyyyk", "at_at", 1)
        .units("kashyyyk", "stormtrooper", 2)
        .units("kashyyyk", "star_destroyer", 1)
        .assign(REBEL, "wookiee_uprising", &["chewbacca"])
        .command(REBEL)
        .build();
    s.sys_mut(sys("kashyyyk")).subjugated = true;
    assert!(!is_legal(&s, "reveal wookiee_uprising alderaan"), "Kashyyyk only");
    reveal_unopposed(&mut s, REBEL, "reveal wookiee_uprising kashyyyk");
    assert_eq!(s.sys(sys("kashyyyk")).loyalty, Some(REBEL), "the marker goes beneath subjugation");
    act(&mut s, REBEL, "pick unit kashyyyk at_at");
    let e = refuse(&mut s, REBEL, "pick unit kashyyyk star_destroyer");
    assert_eq!(rule(&e), "Destroyed Units", "{e}");
    act(&mut s, REBEL, "pick unit kashyyyk stormtrooper");
    assert_eq!(count(&s, "kashyyyk", "at_at"), 0);
    assert_eq!(count(&s, "kashyyyk", "stormtrooper"), 1);
    assert_eq!(count(&s, "kashyyyk", "star_destroyer"), 1);
}

#[test]
fn wookiee_uprising_may_destroy_units_of_either_side() {
    let mut s = board(5)
        .units("kashyyyk", "stormtrooper", 1)
        .units("kashyyyk", "rebel_trooper", 1)
        .assign(REBEL, "wookiee_uprising", &["chewbacca"])
        .command(REBEL)
        .build();
    reveal_unopposed(&mut s, REBEL, "reveal wookiee_uprising kashyyyk");
    assert!(is_legal(&s, "pick unit kashyyyk rebel_trooper"), "{:?}", legal(&s));
    act(&mut s, REBEL, "pick unit kashyyyk rebel_trooper");
    assert_eq!(count(&s, "kashyyyk", "rebel_trooper"), 0);
    assert!(is_legal(&s, "pick unit kashyyyk stormtrooper"), "3 health left");
    act(&mut s, REBEL, "pick unit kashyyyk stormtrooper");
    assert_eq!(count(&s, "kashyyyk", "stormtrooper"), 0);
}

#[test]
fn incite_rebellion_puts_three_troopers_in_a_subjugated_system_and_fights() {
    let mut s = board(6)
        .units("kessel", "stormtrooper", 2)
        .subjugated("kessel")
        .assign(REBEL, "incite_rebellion", &["princess_leia"])
        .command(REBEL)
        .build();
    let e = refuse(&mut s, REBEL, "reveal incite_rebellion bespin");
    assert_eq!(rule(&e), "Mission Cards", "{e}: only a subjugated system");
    reveal_unopposed(&mut s, REBEL, "reveal incite_rebellion kessel");
    assert_eq!(count(&s, "kessel", "rebel_trooper"), 3);
    assert_eq!(combat_in(&s, "kessel"), Some(REBEL), "a combat is resolved, the Rebels attacking");
    assert!(matches!(s.stack.iter().rev().nth(1), Some(Frame::Card(_))), "the card waits for the combat");
}

#[test]
fn public_uprising_gains_a_circle_and_two_triangle_units_of_the_rebels_choice_then_fights() {
    let mut s = board(7)
        .units("bespin", "stormtrooper", 1)
        .subjugated("bespin")
        .assign(REBEL, "public_uprising", &["mon_mothma"])
        .command(REBEL)
        .build();
    reveal_unopposed(&mut s, REBEL, "reveal public_uprising bespin");
    assert!(context(&s).contains("triangle"), "{}", context(&s));
    assert!(
        is_legal(&s, "build x_wing") && is_legal(&s, "build rebel_trooper"),
        "ships and ground units alike"
    );
    let e = refuse(&mut s, REBEL, "build corellian_corvette");
    assert_eq!(rule(&e), "Resource Icons", "{e}");
    act(&mut s, REBEL, "build rebel_trooper");
    act(&mut s, REBEL, "build x_wing");
    assert!(context(&s).contains("circle"), "{}", context(&s));
    assert!(is_legal(&s, "build corellian_corvette"));
    act(&mut s, REBEL, "build airspeeder");
    assert_eq!(count(&s, "bespin", "rebel_trooper"), 1);
    assert_eq!(count(&s, "bespin", "x_wing"), 1);
    assert_eq!(count(&s, "bespin", "airspeeder"), 1);
    assert_eq!(combat_in(&s, "bespin"), Some(REBEL));
}

#[test]
fn hidden_fleet_moves_units_from_the_rebel_base_space_even_with_a_leader_there() {
    let mut s = board(8)
        .units("rebel_base", "rebel_transport", 1)
        .units("rebel_base", "rebel_trooper", 5)
        .units("rebel_base", "x_wing", 2)
        .units("rebel_base", "ion_cannon", 1)
        .units("bespin", "tie_fighter", 1)
        .leader_at("rebel_base", "mon_mothma")
        .assign(REBEL, "hidden_fleet", &["general_rieekan"])
        .command(REBEL)
        .build();
    let e = refuse(&mut s, REBEL, "reveal hidden_fleet bespin");
    assert_eq!(rule(&e), "Mission Cards", "{e}: only where no Imperial unit is");
    act(&mut s, REBEL, "reveal hidden_fleet sullust");
    assert_eq!(
        decision(&s).unwrap().kind,
        PromptKind::CardChoice,
        "a leader in the base space does not pin them"
    );
    let e = refuse(&mut s, REBEL, "move rebel_base rebel_trooper 1");
    assert_eq!(rule(&e), "Transport Capacity", "{e}: ordinary movement rules still apply");
    let e = refuse(&mut s, REBEL, "move rebel_base ion_cannon 1");
    assert_eq!(rule(&e), "Moving Units", "{e}: immobile");
    act(&mut s, REBEL, "move rebel_base rebel_transport 1");
    act(&mut s, REBEL, "move rebel_base rebel_trooper 4");
    assert!(!is_legal(&s, "move rebel_base rebel_trooper 1"), "the transport is full");
    act(&mut s, REBEL, "move rebel_base x_wing 2");
    finish(&mut s, REBEL);
    assert_eq!(count(&s, "sullust", "rebel_transport"), 1);
    assert_eq!(count(&s, "sullust", "rebel_trooper"), 4);
    assert_eq!(count(&s, "sullust", "x_wing"), 2);
    assert_eq!(count(&s, "rebel_base", "rebel_trooper"), 1);
    assert_eq!(count(&s, "rebel_base", "ion_cannon"), 1);
}

#[test]
fn lead_the_strike_team_moves_up_to_four_ground_units_ignoring_transport_and_fights_imperial_ground() {
    let mut s = board(9)
        .units("rebel_base", "rebel_trooper", 3)
        .units("rebel_base", "airspeeder", 2)
        .units("rebel_base", "shield_generator", 1)
        .units("rebel_base", "x_wing", 1)
        .units("ord_mantell", "stormtrooper", 2)
        .assign(REBEL, "lead_the_strike_team", &["han_solo"])
        .command(REBEL)
        .build();
    reveal_unopposed(&mut s, REBEL, "reveal lead_the_strike_team ord_mantell");
    let e = refuse(&mut s, REBEL, "move rebel_base x_wing 1");
    assert_eq!(rule(&e), "Mission Cards", "{e}: ground units only");
    let e = refuse(&mut s, REBEL, "move rebel_base shield_generator 1");
    assert!(e.to_string().contains("immobile"), "{e}");
    let e = refuse(&mut s, REBEL, "move rebel_base rebel_trooper 5");
    assert_eq!(rule(&e), "Moving Units", "{e}");
    act(&mut s, REBEL, "move rebel_base rebel_trooper 3");
    let e = refuse(&mut s, REBEL, "move rebel_base airspeeder 2");
    assert!(e.to_string().contains("up to 4"), "{e}");
    act(&mut s, REBEL, "move rebel_base airspeeder 1");
    // Four moved: nothing else may move, so the move ends by itself and the combat starts.
    assert_eq!(count(&s, "ord_mantell", "rebel_trooper"), 3);
    assert_eq!(count(&s, "ord_mantell", "airspeeder"), 1);
    assert_eq!(combat_in(&s, "ord_mantell"), Some(REBEL));

    // No Imperial ground units: no combat, even with Imperial ships there.
    let mut s = board(10)
        .units("rebel_base", "rebel_trooper", 1)
        .units("ord_mantell", "tie_fighter", 1)
        .assign(REBEL, "lead_the_strike_team", &["han_solo"])
        .command(REBEL)
        .build();
    reveal_unopposed(&mut s, REBEL, "reveal lead_the_strike_team ord_mantell");
    act(&mut s, REBEL, "move rebel_base rebel_trooper 1");
    finish(&mut s, REBEL);
    assert_eq!(combat_in(&s, "ord_mantell"), None);

    // The card does not lift the leader rule: a leader in the base space holds the units.
    let mut s = board(11)
        .units("rebel_base", "rebel_trooper", 2)
        .units("ord_mantell", "stormtrooper", 1)
        .leader_at("rebel_base", "mon_mothma")
        .assign(REBEL, "lead_the_strike_team", &["han_solo"])
        .command(REBEL)
        .build();
    reveal_unopposed(&mut s, REBEL, "reveal lead_the_strike_team ord_mantell");
    assert_eq!(count(&s, "rebel_base", "rebel_trooper"), 2);
    assert_eq!(combat_in(&s, "ord_mantell"), None);
}

#[test]
fn plan_the_assault_moves_ships_from_the_rebel_base_space_then_fights() {
    let mut s = board(12)
        .units("mustafar", "star_destroyer", 1)
        .units("rebel_base", "x_wing", 2)
        .units("rebel_base", "corellian_corvette", 1)
        .units("rebel_base", "rebel_trooper", 2)
        .leader_at("rebel_base", "general_rieekan")
        .assign(REBEL, "plan_the_assault", &["jan_dodonna"])
        .command(REBEL)
        .build();
    assert!(!is_legal(&s, "reveal plan_the_assault bespin"), "needs an Imperial ship there");
    reveal_unopposed(&mut s, REBEL, "reveal plan_the_assault mustafar");
    let e = refuse(&mut s, REBEL, "move rebel_base rebel_trooper 1");
    assert_eq!(rule(&e), "Mission Cards", "{e}: ships only");
    act(&mut s, REBEL, "move rebel_base x_wing 2");
    act(&mut s, REBEL, "move rebel_base corellian_corvette 1");
    assert_eq!(count(&s, "mustafar", "x_wing"), 2);
    assert_eq!(count(&s, "mustafar", "corellian_corvette"), 1);
    assert_eq!(count(&s, "rebel_base", "rebel_trooper"), 2);
    assert_eq!(combat_in(&s, "mustafar"), Some(REBEL), "the combat follows the move");
}

#[test]
fn planetary_conquest_brings_capped_ground_units_from_one_system_and_fights_rebel_ground() {
    let mut s = board(13)
        .units("coruscant", "at_at", 2)
        .units("coruscant", "at_st", 2)
        .units("coruscant", "stormtrooper", 3)
        .units("bespin", "stormtrooper", 2)
        .units("alderaan", "rebel_trooper", 2)
        .assign(EMPIRE, "planetary_conquest", &["general_veers"])
        .command(EMPIRE)
        .build();
    reveal_unopposed(&mut s, EMPIRE, "reveal planetary_conquest alderaan");
    act(&mut s, EMPIRE, "move coruscant at_at 1");
    let e = refuse(&mut s, EMPIRE, "move bespin stormtrooper 1");
    assert!(e.to_string().contains("one system"), "{e}");
    let e = refuse(&mut s, EMPIRE, "move coruscant at_at 1");
    assert_eq!(rule(&e), "Mission Cards", "{e}: one AT-AT at most");
    act(&mut s, EMPIRE, "move coruscant stormtrooper 2");
    act(&mut s, EMPIRE, "move coruscant at_st 1");
    assert_eq!(count(&s, "alderaan", "at_at"), 1);
    assert_eq!(count(&s, "alderaan", "at_st"), 1);
    assert_eq!(count(&s, "alderaan", "stormtrooper"), 2, "no ship was needed");
    assert_eq!(combat_in(&s, "alderaan"), Some(EMPIRE));
}
