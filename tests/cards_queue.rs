//! Mission cards whose main effect touches build queues (`cards/queue.rs`): building as if
//! from a system's icons, queueing a unit, destroying queued units, moving them closer and
//! deploying them early. One test per card, named after the card.

mod support;

use holonet::content::Faction;
use holonet::engine::rebellion::{PromptKind, RuleError, State, decision};
use support::*;

/// A cleared board with the base hidden in Dantooine.
fn board(seed: u64) -> Scenario {
    Scenario::new(seed).clear().base("dantooine", false)
}

/// How many units of a type are on one space (1..=3) of a faction's queue.
fn queued(s: &State, f: Faction, space: usize, u: &str) -> u8 {
    s.build_queue.get(f)[space - 1].count(unit(u))
}

fn rule(e: &RuleError) -> &'static str {
    match e {
        RuleError::Illegal { rule, .. } => rule,
        other => panic!("expected a rule error, got {other}"),
    }
}

#[test]
fn demolition_destroys_one_queued_imperial_unit_per_resource_icon() {
    // Corellia: blue triangle and blue square, Imperial.
    let mut s = board(1)
        .loyalty("corellia", Some(EMPIRE))
        .queued(EMPIRE, 1, "tie_fighter", 1)
        .queued(EMPIRE, 2, "tie_fighter", 1)
        .queued(EMPIRE, 3, "star_destroyer", 1)
        .queued(EMPIRE, 3, "at_at", 1)
        .assign(REBEL, "demolition", &["chewbacca"])
        .command(REBEL)
        .build();
    let sd_supply = s.supply.empire.count(unit("star_destroyer"));
    reveal_unopposed(&mut s, REBEL, "reveal demolition corellia");
    // Two TIE Fighters match the blue triangle: the Rebels pick which.
    assert_eq!(decision(&s).unwrap().kind, PromptKind::CardChoice);
    let e = refuse(&mut s, REBEL, "pick queued 3 at_at");
    assert_eq!(rule(&e), "Resource Icons", "{e}");
    act(&mut s, REBEL, "pick queued 1 tie_fighter");
    // The blue square has one match: destroyed without asking.
    assert_eq!(queued(&s, EMPIRE, 1, "tie_fighter"), 0);
    assert_eq!(queued(&s, EMPIRE, 2, "tie_fighter"), 1);
    assert_eq!(queued(&s, EMPIRE, 3, "star_destroyer"), 0);
    assert_eq!(queued(&s, EMPIRE, 3, "at_at"), 1, "no orange icon in Corellia");
    assert_eq!(s.supply.empire.count(unit("star_destroyer")), sd_supply + 1);
}

#[test]
fn establish_trade_relations_gains_loyalty_and_builds_from_every_icon_of_the_system() {
    // Sullust (orange triangle, orange square, queue space 2) is Imperial with a stormtrooper.
    let mut s = board(2)
        .loyalty("sullust", Some(EMPIRE))
        .units("sullust", "stormtrooper", 1)
        .sabotaged("bespin")
        .assign(REBEL, "establish_trade_relations", &["mon_mothma"])
        .command(REBEL)
        .build();
    let e = refuse(&mut s, REBEL, "reveal establish_trade_relations bespin");
    assert_eq!(rule(&e), "Mission Cards", "{e}: not in a sabotaged system");
    reveal_unopposed(&mut s, REBEL, "reveal establish_trade_relations sullust");
    assert_eq!(s.sys(sys("sullust")).loyalty, None, "one loyalty against the Empire: neutral");
    assert_eq!(queued(&s, REBEL, 2, "rebel_trooper"), 1, "the orange triangle builds a trooper by itself");
    let e = refuse(&mut s, REBEL, "build x_wing");
    assert_eq!(rule(&e), "Build Units", "{e}");
    act(&mut s, REBEL, "build ion_cannon");
    assert_eq!(queued(&s, REBEL, 2, "ion_cannon"), 1);
    assert_eq!(decision(&s).unwrap().kind, PromptKind::CommandTurn);
}

#[test]
fn rogue_squadron_raid_destroys_up_to_four_health_on_the_imperial_queue_but_not_a_death_star() {
    let mut s = board(3)
        .loyalty("corellia", Some(EMPIRE))
        .queued(EMPIRE, 1, "star_destroyer", 1)
        .queued(EMPIRE, 2, "at_st", 1)
        .queued(EMPIRE, 2, "death_star", 1)
        .queued(EMPIRE, 3, "tie_fighter", 1)
        .queued(EMPIRE, 3, "stormtrooper", 1)
        .assign(REBEL, "rogue_squadron_raid", &["wedge_antilles"])
        .command(REBEL)
        .build();
    reveal_unopposed(&mut s, REBEL, "reveal rogue_squadron_raid corellia");
    let e = refuse(&mut s, REBEL, "pick queued 2 death_star");
    assert_eq!(rule(&e), "Death Star", "{e}: FAQ, no health value");
    act(&mut s, REBEL, "pick queued 2 at_st");
    let e = refuse(&mut s, REBEL, "pick queued 1 star_destroyer");
    assert_eq!(rule(&e), "Destroyed Units", "{e}: 4 health, 2 left");
    act(&mut s, REBEL, "pick queued 3 tie_fighter");
    act(&mut s, REBEL, "pick queued 3 stormtrooper");
    assert_eq!(queued(&s, EMPIRE, 2, "at_st"), 0);
    assert_eq!(queued(&s, EMPIRE, 3, "tie_fighter"), 0);
    assert_eq!(queued(&s, EMPIRE, 3, "stormtrooper"), 0);
    assert_eq!(queued(&s, EMPIRE, 1, "star_destroyer"), 1);
    assert_eq!(queued(&s, EMPIRE, 2, "death_star"), 1);
    assert_eq!(decision(&s).unwrap().kind, PromptKind::CommandTurn, "four health spent");
}

#[test]
fn support_of_mon_calamari_gains_two_loyalty_or_queues_a_cruiser() {
    let mut s = board(4)
        .loyalty("mon_calamari", Some(EMPIRE))
        .assign(REBEL, "support_of_mon_calamari", &["admiral_ackbar"])
        .command(REBEL)
        .build();
    assert!(!is_legal(&s, "reveal support_of_mon_calamari felucia"), "Mon Calamari only");
    reveal_unopposed(&mut s, REBEL, "reveal support_of_mon_calamari mon_calamari");
    let e = refuse(&mut s, REBEL, "mode 3");
    assert_eq!(rule(&e), "Mission Cards", "{e}");
    act(&mut s, REBEL, "mode 1");
    assert_eq!(s.sys(sys("mon_calamari")).loyalty, Some(REBEL), "two loyalty replace the Imperial marker");

    let mut s = board(5).assign(REBEL, "support_of_mon_calamari", &["admiral_ackbar"]).command(REBEL).build();
    reveal_unopposed(&mut s, REBEL, "reveal support_of_mon_calamari mon_calamari");
    act(&mut s, REBEL, "mode 2");
    assert_eq!(queued(&s, REBEL, 3, "mon_calamari_cruiser"), 1);
    assert_eq!(s.sys(sys("mon_calamari")).loyalty, None);
}

#[test]
fn address_delays_builds_from_every_icon_even_in_a_subjugated_sabotaged_system() {
    // Mustafar: blue triangle and blue circle, queue space 2; subjugated, sabotaged.
    let mut s = board(6)
        .units("mustafar", "stormtrooper", 1)
        .subjugated("mustafar")
        .sabotaged("mustafar")
        .assign(EMPIRE, "address_delays", &["grand_moff_tarkin"])
        .command(EMPIRE)
        .build();
    let e = refuse(&mut s, EMPIRE, "reveal address_delays bespin");
    assert_eq!(rule(&e), "Mission Cards", "{e}: only an Imperial system");
    act(&mut s, EMPIRE, "reveal address_delays mustafar");
    assert_eq!(queued(&s, EMPIRE, 2, "tie_fighter"), 1);
    assert_eq!(queued(&s, EMPIRE, 2, "assault_carrier"), 1, "the second icon counts too");
    assert!(s.sys(sys("mustafar")).sabotaged, "the marker stays");
}

#[test]
fn construct_factory_removes_sabotage_then_builds_from_the_systems_icons() {
    // Utapau: blue circle and blue square, queue space 3.
    let mut s = board(7)
        .loyalty("utapau", Some(EMPIRE))
        .sabotaged("utapau")
        .assign(EMPIRE, "construct_factory", &["grand_moff_tarkin"])
        .command(EMPIRE)
        .build();
    let e = refuse(&mut s, EMPIRE, "reveal construct_factory naboo");
    assert_eq!(rule(&e), "Mission Cards", "{e}");
    act(&mut s, EMPIRE, "reveal construct_factory utapau");
    assert!(!s.sys(sys("utapau")).sabotaged);
    assert_eq!(queued(&s, EMPIRE, 3, "assault_carrier"), 1);
    assert_eq!(queued(&s, EMPIRE, 3, "star_destroyer"), 1);
    assert!(s.decks.project_discard.contains(&mission("construct_factory")), "a used project is discarded");
}

#[test]
fn construct_super_star_destroyer_queues_one_on_space_three() {
    let mut s = board(8)
        .loyalty("corellia", Some(EMPIRE))
        .loyalty("kessel", Some(EMPIRE))
        .assign(EMPIRE, "construct_super_star_destroyer", &["grand_moff_tarkin"])
        .command(EMPIRE)
        .build();
    let e = refuse(&mut s, EMPIRE, "reveal construct_super_star_destroyer kessel");
    assert_eq!(rule(&e), "Mission Cards", "{e}: Kessel has no blue square");
    act(&mut s, EMPIRE, "reveal construct_super_star_destroyer corellia");
    assert_eq!(queued(&s, EMPIRE, 3, "super_star_destroyer"), 1);
}

#[test]
fn double_our_efforts_moves_one_queued_unit_closer_and_a_second_with_moff_jerjerrod() {
    let setup = |seed, who: &str| {
        board(seed)
            .loyalty("corellia", Some(EMPIRE))
            .queued(EMPIRE, 1, "stormtrooper", 1)
            .queued(EMPIRE, 2, "tie_fighter", 1)
            .queued(EMPIRE, 3, "star_destroyer", 1)
            .queued(EMPIRE, 3, "at_at", 1)
            .assign(EMPIRE, "double_our_efforts", &[who])
            .command(EMPIRE)
            .build()
    };
    let mut s = setup(9, "moff_jerjerrod");
    act(&mut s, EMPIRE, "reveal double_our_efforts corellia");
    let e = refuse(&mut s, EMPIRE, "pick queued 1 stormtrooper");
    assert_eq!(rule(&e), "Mission Cards", "{e}: from space 2 or 3 only");
    act(&mut s, EMPIRE, "pick queued 3 star_destroyer");
    assert_eq!(queued(&s, EMPIRE, 2, "star_destroyer"), 1);
    let e = refuse(&mut s, EMPIRE, "pick queued 2 star_destroyer");
    assert!(e.to_string().contains("each once"), "{e}: a unit moves once");
    act(&mut s, EMPIRE, "pick queued 2 tie_fighter");
    assert_eq!(queued(&s, EMPIRE, 1, "tie_fighter"), 1);
    assert_eq!(queued(&s, EMPIRE, 3, "at_at"), 1);
    assert_eq!(decision(&s).unwrap().kind, PromptKind::CommandTurn, "two units with Jerjerrod");

    let mut s = setup(10, "grand_moff_tarkin");
    act(&mut s, EMPIRE, "reveal double_our_efforts corellia");
    act(&mut s, EMPIRE, "pick queued 3 at_at");
    assert_eq!(queued(&s, EMPIRE, 2, "at_at"), 1);
    assert_eq!(decision(&s).unwrap().kind, PromptKind::CommandTurn, "one unit without him");
}

#[test]
fn double_our_efforts_lets_moff_jerjerrod_decline_the_second_unit() {
    // With Jerjerrod the Empire *may* move one more unit: the first is owed, the second a
    // choice, even when only one unit could move.
    let mut s = board(13)
        .loyalty("corellia", Some(EMPIRE))
        .queued(EMPIRE, 2, "tie_fighter", 1)
        .queued(EMPIRE, 3, "star_destroyer", 1)
        .assign(EMPIRE, "double_our_efforts", &["moff_jerjerrod"])
        .command(EMPIRE)
        .build();
    act(&mut s, EMPIRE, "reveal double_our_efforts corellia");
    assert!(!is_legal(&s, "done"), "the first unit is not optional");
    act(&mut s, EMPIRE, "pick queued 3 star_destroyer");
    assert_eq!(decision(&s).unwrap().kind, PromptKind::CardChoice, "asked about the one unit left");
    assert!(is_legal(&s, "pick queued 2 tie_fighter") && is_legal(&s, "done"), "{:?}", legal(&s));
    act(&mut s, EMPIRE, "done");
    assert_eq!(queued(&s, EMPIRE, 2, "tie_fighter"), 1, "declined: it stays");
    assert_eq!(queued(&s, EMPIRE, 2, "star_destroyer"), 1);
    assert_eq!(decision(&s).unwrap().kind, PromptKind::CommandTurn);
}

#[test]
fn construct_death_star_places_the_station_under_construction_and_queues_a_death_star() {
    let mut s = board(11)
        .units("endor", "rebel_trooper", 1)
        .assign(EMPIRE, "construct_death_star", &["grand_moff_tarkin"])
        .command(EMPIRE)
        .build();
    let e = refuse(&mut s, EMPIRE, "reveal construct_death_star mustafar");
    assert_eq!(rule(&e), "Mission Cards", "{e}: remote systems only");
    assert!(!is_legal(&s, "reveal construct_death_star endor"), "no Rebel unit may be there");
    act(&mut s, EMPIRE, "reveal construct_death_star hoth");
    assert_eq!(s.units(place("hoth"), EMPIRE).count(unit("death_star_under_construction")), 1);
    assert_eq!(queued(&s, EMPIRE, 3, "death_star"), 1);
    // It deploys only onto the station under construction (Refresh step 6 already knows).
    let places =
        holonet::engine::rebellion::phases::refresh::deploy_places(&s, EMPIRE, unit("death_star"), &[]);
    assert_eq!(places, vec![place("hoth")]);
}

#[test]
fn oversee_project_deploys_a_unit_from_space_one_or_two_here() {
    // In the Death Star Under Construction's system, the queued Death Star may come.
    let mut s = board(12)
        .units("hoth", "death_star_under_construction", 1)
        .units("hoth", "tie_fighter", 1)
        .queued(EMPIRE, 1, "at_at", 1)
        .queued(EMPIRE, 2, "death_star", 1)
        .queued(EMPIRE, 3, "star_destroyer", 1)
        .assign(EMPIRE, "oversee_project", &["grand_moff_tarkin"])
        .command(EMPIRE)
        .build();
    act(&mut s, EMPIRE, "reveal oversee_project hoth");
    let e = refuse(&mut s, EMPIRE, "pick queued 3 star_destroyer");
    assert_eq!(rule(&e), "Mission Cards", "{e}: spaces 1 and 2 only");
    act(&mut s, EMPIRE, "pick queued 2 death_star");
    let hoth = *s.units(place("hoth"), EMPIRE);
    assert_eq!(hoth.count(unit("death_star")), 1);
    assert_eq!(hoth.count(unit("death_star_under_construction")), 0, "the Death Star replaces it");
    assert_eq!(queued(&s, EMPIRE, 1, "at_at"), 1);

    // Elsewhere the Death Star cannot be chosen (FAQ).
    let mut s = board(13)
        .units("hoth", "death_star_under_construction", 1)
        .units("mustafar", "tie_fighter", 1)
        .queued(EMPIRE, 1, "at_at", 1)
        .queued(EMPIRE, 1, "stormtrooper", 1)
        .queued(EMPIRE, 2, "death_star", 1)
        .assign(EMPIRE, "oversee_project", &["grand_moff_tarkin"])
        .command(EMPIRE)
        .build();
    act(&mut s, EMPIRE, "reveal oversee_project mustafar");
    let e = refuse(&mut s, EMPIRE, "pick queued 2 death_star");
    assert_eq!(rule(&e), "Death Star", "{e}");
    act(&mut s, EMPIRE, "pick queued 1 stormtrooper");
    assert_eq!(s.units(place("mustafar"), EMPIRE).count(unit("stormtrooper")), 1);

    // Nothing is deployed into a sabotaged system (Rules Reference, Sabotage Markers).
    let mut s = board(14)
        .units("mustafar", "tie_fighter", 1)
        .sabotaged("mustafar")
        .queued(EMPIRE, 1, "at_at", 1)
        .assign(EMPIRE, "oversee_project", &["grand_moff_tarkin"])
        .command(EMPIRE)
        .build();
    act(&mut s, EMPIRE, "reveal oversee_project mustafar");
    assert_eq!(queued(&s, EMPIRE, 1, "at_at"), 1);
    assert_eq!(s.units(place("mustafar"), EMPIRE).count(unit("at_at")), 0);
}
