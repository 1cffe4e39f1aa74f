//! Activating systems and moving units (Rules Reference: Activating Systems, Moving Units,
//! Transport Capacity, Rebel Base, Subjugation, Winning the Game).

mod support;

use holonet::content::{SystemId, catalog};
use holonet::engine::rebellion::{Place, PromptKind, RuleError, Viewer, decision, view};
use support::*;

/// A cleared board, base hidden far away in Dantooine, a Rebel Command Phase turn.
fn board() -> Scenario {
    Scenario::new(1).clear().base("dantooine", false)
}

#[test]
fn units_move_only_from_adjacent_systems() {
    let mut s = board().units("bespin", "x_wing", 1).units("sullust", "y_wing", 1).command(REBEL).build();
    act(&mut s, REBEL, "activate hoth jan_dodonna");
    assert_eq!(decision(&s).unwrap().kind, PromptKind::MoveUnits);
    assert!(is_legal(&s, "move bespin x_wing 1"), "Bespin is adjacent to Hoth");
    assert!(!is_legal(&s, "move sullust y_wing 1"), "Sullust is not adjacent to Hoth");
    let e = refuse(&mut s, REBEL, "move sullust y_wing 1");
    assert!(matches!(e, RuleError::Illegal { rule: "Moving Units", .. }), "{e}");
    act(&mut s, REBEL, "move bespin x_wing 1");
    finish_moving(&mut s, REBEL);
    assert_eq!(s.units(place("hoth"), REBEL).count(unit("x_wing")), 1);
    assert_eq!(
        s.leader_place(leader("jan_dodonna")),
        Some(place("hoth")),
        "the leader stays in the activated system"
    );
}

#[test]
fn impassable_borders_are_never_crossed() {
    let c = catalog();
    for &(a, b) in &c.impassable {
        assert!(!c.adjacent(a, b), "{a} and {b} are separated by an impassable area");
    }
    // Bespin and Corellia touch across an impassable area.
    let mut s = board().units("bespin", "x_wing", 1).units("sullust", "y_wing", 1).command(REBEL).build();
    act(&mut s, REBEL, "activate corellia jan_dodonna");
    assert!(!is_legal(&s, "move bespin x_wing 1"));
    assert!(is_legal(&s, "move sullust y_wing 1"));
}

#[test]
fn ground_units_and_ties_need_capacity_from_ships_moving_from_the_same_system() {
    let mut s = board()
        .units("mustafar", "stormtrooper", 6)
        .units("mustafar", "tie_fighter", 2)
        .units("mustafar", "assault_carrier", 1)
        .units("sullust", "star_destroyer", 1)
        .units("sullust", "stormtrooper", 1)
        .command(EMPIRE)
        .build();
    act(&mut s, EMPIRE, "activate bespin darth_vader");
    assert!(!is_legal(&s, "move mustafar stormtrooper 1"), "no ship has moved yet");
    assert!(!is_legal(&s, "move mustafar tie_fighter 1"), "TIE Fighters need transport too");
    let e = refuse(&mut s, EMPIRE, "move mustafar stormtrooper 1");
    assert!(matches!(e, RuleError::Illegal { rule: "Transport Capacity", .. }), "{e}");
    act(&mut s, EMPIRE, "move sullust star_destroyer 1");
    assert!(
        !is_legal(&s, "move mustafar stormtrooper 1"),
        "capacity from Sullust does not carry Mustafar units"
    );
    assert!(is_legal(&s, "move sullust stormtrooper 1"));
    act(&mut s, EMPIRE, "move mustafar assault_carrier 1");
    assert!(is_legal(&s, "move mustafar stormtrooper 4"), "an Assault Carrier carries 4");
    assert!(!is_legal(&s, "move mustafar stormtrooper 5"));
    act(&mut s, EMPIRE, "move mustafar stormtrooper 3");
    assert!(is_legal(&s, "move mustafar tie_fighter 1"));
    assert!(!is_legal(&s, "move mustafar tie_fighter 2"), "only one slot is left");
    act(&mut s, EMPIRE, "move mustafar tie_fighter 1");
    assert!(!is_legal(&s, "move mustafar stormtrooper 1"), "capacity used up");
    finish_moving(&mut s, EMPIRE);
    let p = place("bespin");
    assert_eq!(s.units(p, EMPIRE).count(unit("stormtrooper")), 3);
    assert_eq!(s.units(p, EMPIRE).count(unit("tie_fighter")), 1);
    assert_eq!(s.units(place("mustafar"), EMPIRE).count(unit("stormtrooper")), 3);
}

#[test]
fn immobile_units_never_move() {
    let mut s = board()
        .units("bespin", "shield_generator", 1)
        .units("bespin", "ion_cannon", 1)
        .units("bespin", "rebel_transport", 1)
        .command(REBEL)
        .build();
    act(&mut s, REBEL, "activate hoth jan_dodonna");
    assert!(is_legal(&s, "move bespin rebel_transport 1"));
    assert!(!is_legal(&s, "move bespin shield_generator 1"));
    assert!(!is_legal(&s, "move bespin ion_cannon 1"));
    act(&mut s, REBEL, "move bespin rebel_transport 1");
    assert!(!is_legal(&s, "move bespin shield_generator 1"), "not even with transport capacity");
}

#[test]
fn a_friendly_leader_pins_units_in_its_system() {
    let mut s = board()
        .units("bespin", "x_wing", 1)
        .units("mustafar", "y_wing", 1)
        .leader_at("bespin", "princess_leia")
        .leader_at("mustafar", "darth_vader")
        .command(REBEL)
        .build();
    act(&mut s, REBEL, "activate hoth jan_dodonna");
    assert!(!is_legal(&s, "move bespin x_wing 1"), "Leia keeps the X-wing in Bespin");
    assert!(is_legal(&s, "move mustafar y_wing 1"), "an enemy leader does not pin Rebel units");
    let e = refuse(&mut s, REBEL, "move bespin x_wing 1");
    assert!(e.to_string().contains("leader"), "{e}");
}

#[test]
fn leaders_without_tactic_values_cannot_activate() {
    let c = catalog();
    let mothma = leader("mon_mothma");
    assert!(!c.leader(mothma).has_tactics());
    let mut s = board().command(REBEL).build();
    assert!(s.leader_pool.rebel.contains(&mothma));
    assert!(legal(&s).iter().all(|a| !(a.starts_with("activate") && a.ends_with("mon_mothma"))));
    assert!(is_legal(&s, "activate hoth jan_dodonna"));
    let e = refuse(&mut s, REBEL, "activate hoth mon_mothma");
    assert!(e.to_string().contains("tactic"), "{e}");
}

#[test]
fn rebel_base_space_moves_to_and_from_the_base_system_and_its_neighbours_while_hidden() {
    let base = Scenario::new(2)
        .clear()
        .base("hoth", false)
        .units("rebel_base", "x_wing", 2)
        .units("bespin", "y_wing", 1)
        .units("sullust", "y_wing", 1);
    // Out of the base space into the base's neighbour Bespin.
    let mut s = Scenario { s: base.s.clone() }.command(REBEL).build();
    act(&mut s, REBEL, "activate bespin jan_dodonna");
    assert!(is_legal(&s, "move rebel_base x_wing 2"));
    act(&mut s, REBEL, "move rebel_base x_wing 2");
    finish_moving(&mut s, REBEL);
    assert_eq!(s.units(place("bespin"), REBEL).count(unit("x_wing")), 2);
    // Not into Sullust, which is not next to Hoth.
    let mut s = Scenario { s: base.s.clone() }.command(REBEL).build();
    act(&mut s, REBEL, "activate sullust jan_dodonna");
    assert!(!is_legal(&s, "move rebel_base x_wing 1"));
    // Activating the base space pulls from Bespin (adjacent) but not from Sullust.
    let mut s = Scenario { s: base.s.clone() }.command(REBEL).build();
    act(&mut s, REBEL, "activate rebel_base jan_dodonna");
    assert!(is_legal(&s, "move bespin y_wing 1"));
    assert!(!is_legal(&s, "move sullust y_wing 1"));
    act(&mut s, REBEL, "move bespin y_wing 1");
    finish_moving(&mut s, REBEL);
    assert_eq!(s.base_space.units.rebel.count(unit("y_wing")), 1);
    // The Empire can never activate the Rebel Base space.
    let s = Scenario { s: base.s.clone() }.command(EMPIRE).build();
    assert!(legal(&s).iter().all(|a| !a.starts_with("activate rebel_base")));
    // Once revealed, the space is closed in both directions.
    let mut s = Scenario { s: base.s.clone() }.base("hoth", true).command(REBEL).build();
    assert!(!is_legal(&s, "activate rebel_base jan_dodonna"));
    act(&mut s, REBEL, "activate bespin jan_dodonna");
    assert!(!is_legal(&s, "move rebel_base x_wing 1"));
}

#[test]
fn imperial_ground_units_reveal_the_base_after_movement_and_win_if_no_rebel_unit_is_there() {
    let mut s = Scenario::new(3)
        .clear()
        .base("hoth", false)
        .units("bespin", "assault_carrier", 1)
        .units("bespin", "stormtrooper", 2)
        .units("bespin", "tie_fighter", 1)
        .command(EMPIRE)
        .build();
    act(&mut s, EMPIRE, "activate hoth darth_vader");
    act(&mut s, EMPIRE, "move bespin assault_carrier 1");
    act(&mut s, EMPIRE, "move bespin stormtrooper 1");
    assert!(!s.base.revealed, "the base is revealed only after all movement is completed");
    assert!(s.winner.is_none());
    act(&mut s, EMPIRE, "move bespin stormtrooper 1");
    assert!(!s.base.revealed);
    finish_moving(&mut s, EMPIRE);
    assert!(s.base.revealed, "Imperial ground units in the base's system reveal it");
    assert_eq!(view(&s, Viewer::Public).base.system.as_deref(), Some("hoth"));
    assert_eq!(s.winner, Some(EMPIRE), "Imperial units hold the revealed base's system with no Rebel unit");
    assert!(decision(&s).is_none(), "the game is over");
}

#[test]
fn ships_alone_do_not_reveal_the_base() {
    let mut s = Scenario::new(3)
        .clear()
        .base("hoth", false)
        .units("rebel_base", "rebel_trooper", 2)
        .units("bespin", "star_destroyer", 1)
        .command(EMPIRE)
        .build();
    act(&mut s, EMPIRE, "activate hoth darth_vader");
    act(&mut s, EMPIRE, "move bespin star_destroyer 1");
    finish_moving(&mut s, EMPIRE);
    assert!(!s.base.revealed, "ships without ground units never reveal the base");
    assert!(s.winner.is_none());
    assert_eq!(view(&s, Viewer::Faction(EMPIRE)).base.system, None);
    assert_eq!(s.base_space.units.rebel.count(unit("rebel_trooper")), 2);
}

#[test]
fn a_revealed_base_with_rebel_units_is_not_lost() {
    let mut s = Scenario::new(3)
        .clear()
        .base("hoth", true)
        .units("hoth", "rebel_trooper", 1)
        .units("bespin", "star_destroyer", 1)
        .command(EMPIRE)
        .build();
    act(&mut s, EMPIRE, "activate hoth darth_vader");
    act(&mut s, EMPIRE, "move bespin star_destroyer 1");
    finish_moving(&mut s, EMPIRE);
    assert!(s.winner.is_none(), "a Rebel unit still stands in the base's system");
}

#[test]
fn imperial_ground_units_subjugate_after_the_activation_and_leaving_removes_the_marker() {
    let mut s = board()
        .units("mustafar", "assault_carrier", 1)
        .units("mustafar", "stormtrooper", 1)
        .units("endor", "assault_carrier", 1)
        .units("endor", "stormtrooper", 1)
        .loyalty("mustafar", Some(EMPIRE))
        .command(EMPIRE)
        .build();
    let bespin = sys("bespin");
    act(&mut s, EMPIRE, "activate bespin darth_vader");
    act(&mut s, EMPIRE, "move mustafar assault_carrier 1");
    act(&mut s, EMPIRE, "move mustafar stormtrooper 1");
    assert!(!s.sys(bespin).subjugated, "subjugation waits for the end of the activation");
    finish_moving(&mut s, EMPIRE);
    assert!(s.sys(bespin).subjugated, "neutral populous system with Imperial ground units");
    assert!(s.is_imperial_system(bespin));
    assert_eq!(s.sys(bespin).loyalty, None, "subjugation is not loyalty");
    // Remote systems are never subjugated.
    act(&mut s, REBEL, "pass");
    act(&mut s, EMPIRE, "activate hoth grand_moff_tarkin");
    act(&mut s, EMPIRE, "move endor assault_carrier 1");
    act(&mut s, EMPIRE, "move endor stormtrooper 1");
    finish_moving(&mut s, EMPIRE);
    assert!(!s.sys(sys("hoth")).subjugated, "Hoth is remote");
    // Carry the stormtrooper out of Bespin (Vader pins Bespin, so it must be Bespin's neighbour
    // activated by another leader, with Vader gone: move Vader's units via Sullust instead).
    let mut t = Scenario { s: s.clone() }.without_leader("darth_vader").in_pool("general_tagge").build();
    act(&mut t, EMPIRE, "activate sullust general_tagge");
    act(&mut t, EMPIRE, "move bespin assault_carrier 1");
    act(&mut t, EMPIRE, "move bespin stormtrooper 1");
    finish_moving(&mut t, EMPIRE);
    assert!(!t.sys(bespin).subjugated, "no Imperial ground unit left: the marker is removed");
    assert!(t.sys(sys("sullust")).subjugated);
}

#[test]
fn imperial_loyalty_systems_are_not_subjugated() {
    let mut s = board()
        .units("mustafar", "assault_carrier", 1)
        .units("mustafar", "stormtrooper", 1)
        .loyalty("bespin", Some(EMPIRE))
        .command(EMPIRE)
        .build();
    act(&mut s, EMPIRE, "activate bespin darth_vader");
    act(&mut s, EMPIRE, "move mustafar assault_carrier 1");
    act(&mut s, EMPIRE, "move mustafar stormtrooper 1");
    finish_moving(&mut s, EMPIRE);
    assert!(!s.sys(sys("bespin")).subjugated);
    for x in SystemId::all() {
        assert!(!(s.sys(x).subjugated && s.sys(x).loyalty == Some(EMPIRE)));
    }
    let _ = Place::BaseSpace;
}

#[test]
fn rebels_may_reveal_their_base_at_any_decision_of_their_own_turn() {
    // Hoth hides the base; Imperial ships sit there. The Rebels attack it with an X-wing and,
    // after moving but before combat, reveal the base so its defenders join the battle.
    let mut s = Scenario::new(2)
        .clear()
        .base("hoth", false)
        .units("hoth", "star_destroyer", 1)
        .units("bespin", "x_wing", 3)
        .units("rebel_base", "y_wing", 3)
        .units("rebel_base", "rebel_trooper", 2)
        .command(REBEL)
        .build();
    assert!(is_legal(&s, "reveal-base"), "at the start of the turn");
    act(&mut s, REBEL, "activate hoth jan_dodonna");
    act(&mut s, REBEL, "move bespin x_wing 2");
    assert_eq!(decision(&s).unwrap().kind, PromptKind::MoveUnits);
    assert!(is_legal(&s, "reveal-base"), "after moving, before combat");
    act(&mut s, REBEL, "reveal-base");
    assert!(s.base.revealed);
    assert_eq!(decision(&s).unwrap().kind, PromptKind::MoveUnits, "the step waiting stays as it was");
    assert!(!is_legal(&s, "reveal-base"), "only once");
    assert_eq!(s.units(place("hoth"), REBEL).count(unit("y_wing")), 3, "the base space moved to Hoth");
    act(&mut s, REBEL, "done");
    let combat = view(&s, Viewer::Public).combat.expect("a combat in Hoth");
    let y_wings = combat.units.iter().filter(|u| u.unit == "y_wing").count();
    assert_eq!(y_wings, 3, "the revealed base's ships fight");
}

#[test]
fn rebels_may_not_reveal_their_base_during_the_imperial_turn() {
    let mut s = Scenario::new(2)
        .clear()
        .base("hoth", false)
        .units("bespin", "x_wing", 1)
        .units("sullust", "star_destroyer", 1)
        .command(EMPIRE)
        .build();
    act(&mut s, EMPIRE, "activate bespin darth_vader");
    act(&mut s, EMPIRE, "move sullust star_destroyer 1");
    finish_moving(&mut s, EMPIRE);
    // The Rebels decide during the Imperial attack (add a leader), but it is not their turn.
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind), (REBEL, PromptKind::AddLeader));
    assert!(!is_legal(&s, "reveal-base"));
    let e = refuse(&mut s, REBEL, "reveal-base");
    assert!(matches!(e, RuleError::WrongStep { .. }), "{e}");
}

#[test]
fn systems_imperial_ground_units_searched_stay_ruled_out_as_the_base_until_it_moves() {
    use holonet::engine::rebellion::victory::base_ruled_out;
    let mut s = board()
        .units("mustafar", "stormtrooper", 1)
        .units("mustafar", "assault_carrier", 1)
        .units("sullust", "star_destroyer", 1)
        .command(EMPIRE)
        .build();
    assert!(!base_ruled_out(&s, sys("bespin")), "nothing rules Bespin out yet");
    act(&mut s, EMPIRE, "activate bespin darth_vader");
    act(&mut s, EMPIRE, "move mustafar assault_carrier 1");
    act(&mut s, EMPIRE, "move mustafar stormtrooper 1");
    finish_moving(&mut s, EMPIRE);
    assert!(!s.base.revealed, "the base is in Dantooine");
    assert!(s.searched.contains(&sys("bespin")), "the stormtrooper searched Bespin");
    assert!(!s.searched.contains(&sys("sullust")), "a ship alone searches nothing");
    // Gone again, the units leave Bespin searched: the base was not there.
    let mut gone = s.clone();
    gone.zone_mut(place("bespin")).units.get_mut(EMPIRE).remove(unit("stormtrooper"), 1);
    assert!(base_ruled_out(&gone, sys("bespin")));
    // The base's own system is not ruled out (Imperial ground there would reveal it).
    assert!(!base_ruled_out(&s, sys("dantooine")));
}

#[test]
fn a_new_base_clears_the_systems_searched() {
    let mut s = mobilizing(4, &["dagobah", "mandalore", "corellia", "mustafar"]);
    s.searched = vec![sys("dagobah"), sys("sullust")];
    act(&mut s, REBEL, "mode 2");
    act(&mut s, REBEL, "new-base dagobah");
    assert_eq!(s.base.system, Some(sys("dagobah")));
    assert!(s.searched.is_empty(), "the base may now be anywhere not ruled out otherwise");
}
