//! Action cards that place their leader instead of assigning him (Assignment cards), and the
//! Immediate cards that give a ring when gained (Rules Reference: Action Cards, Attachment
//! Rings, Recruiting).

mod support;

use holonet::content::{ActionCardId, Faction};
use holonet::engine::rebellion::state::Ring;
use holonet::engine::rebellion::{
    Action, MatchOptions, PromptKind, RuleError, State, apply, decision, new_game,
};
use support::*;

fn card(name: &str) -> ActionCardId {
    ActionCardId::parse(name).unwrap()
}

/// A cleared board in the Assignment Phase of `f`, who alone holds `cards`.
fn assigning(f: Faction, cards: &[&str]) -> Scenario {
    let mut sc = Scenario::new(5).clear().base("dantooine", false);
    sc.s.hands.rebel.actions.clear();
    sc.s.hands.empire.actions.clear();
    sc.s.hands.get_mut(f).actions = cards.iter().map(|c| card(c)).collect();
    sc.assignment(f)
}

#[test]
fn boba_fett_where_watches_an_imperial_system_for_the_round() {
    let mut s = assigning(EMPIRE, &["boba_fett_where"]).loyalty("corellia", Some(EMPIRE)).build();
    assert!(!is_legal(&s, "action boba_fett_where"), "Boba Fett is not in the pool yet");
    s.leader_pool.empire.push(leader("boba_fett"));
    act(&mut s, EMPIRE, "action boba_fett_where");
    assert!(!is_legal(&s, "pick system alderaan"), "only Imperial systems");
    act(&mut s, EMPIRE, "pick system corellia");
    assert_eq!(s.leader_place(leader("boba_fett")), Some(place("corellia")));
    assert!(s.round_effects.locked.contains(&sys("corellia")));
    assert!(!s.hands.empire.actions.contains(&card("boba_fett_where")), "used once");
    // In the Command Phase the Rebels cannot attempt a mission there.
    let mut s = Scenario { s }
        .units("corellia", "tie_fighter", 1)
        .assign(REBEL, "infiltration", &["jan_dodonna"])
        .command(REBEL)
        .build();
    assert!(!is_legal(&s, "reveal infiltration corellia"), "Boba Fett watches Corellia");
    let e = refuse(&mut s, REBEL, "reveal infiltration corellia");
    assert!(matches!(e, RuleError::Illegal { rule: "Action Cards", .. }), "{e}");
    assert!(e.to_string().contains("Boba Fett"), "{e}");
}

/// Boba Fett watches Corellia this round; Lando, in Bespin, holds Undercover.
fn watched_corellia() -> Scenario {
    let mut sc = assigning(REBEL, &["undercover"])
        .loyalty("corellia", Some(EMPIRE))
        .units("corellia", "stormtrooper", 1)
        .units("alderaan", "stormtrooper", 1)
        .leader_at("corellia", "boba_fett")
        .leader_at("bespin", "lando_calrissian");
    sc.s.round_effects.locked.push(sys("corellia"));
    sc
}

/// The Empire attempts Rule by Fear with Vader in `at`; the Rebels do not send a leader.
fn rule_by_fear_in(sc: Scenario, at: &str) -> State {
    let mut s = sc.assign(EMPIRE, "rule_by_fear", &["darth_vader"]).command(EMPIRE).build();
    act(&mut s, EMPIRE, &format!("reveal rule_by_fear {at}"));
    act(&mut s, REBEL, "done");
    s
}

#[test]
fn boba_fett_where_locks_rebel_action_cards_in_the_watched_system() {
    // Watched: Undercover, usable against an Imperial attempt, is not offered there.
    let s = rule_by_fear_in(watched_corellia(), "corellia");
    assert!(!is_legal(&s, "action undercover"), "{:?}", legal(&s));
    assert_eq!(s.sys(sys("corellia")).loyalty, Some(EMPIRE), "unopposed: the mission went on");
    assert!(s.hands.rebel.actions.contains(&card("undercover")), "kept");

    // Elsewhere the same round it is offered.
    let s = rule_by_fear_in(watched_corellia(), "alderaan");
    assert!(is_legal(&s, "action undercover"), "{:?}", legal(&s));

    // The lock ends with the round: the Refresh Phase's retrieval lifts it.
    let mut s = watched_corellia().refresh().build();
    act(&mut s, REBEL, "done");
    assert!(s.round_effects.locked.is_empty(), "lifted at the retrieval");
    let s = rule_by_fear_in(Scenario { s }.leader_at("bespin", "lando_calrissian"), "corellia");
    assert!(is_legal(&s, "action undercover"), "next round: {:?}", legal(&s));
}

#[test]
fn boba_fett_where_blocks_attempts_but_not_resolve_missions() {
    // The card forbids *attempting* missions; "resolve" missions are another kind (Rules
    // Reference: Mission Cards, step 3), so Plant False Lead may still be resolved there.
    let mut sc = assigning(REBEL, &[])
        .loyalty("corellia", Some(EMPIRE))
        .units("corellia", "tie_fighter", 1)
        .leader_at("corellia", "boba_fett")
        .assign(REBEL, "infiltration", &["jan_dodonna"])
        .assign(REBEL, "plant_false_lead", &["general_rieekan"]);
    sc.s.round_effects.locked.push(sys("corellia"));
    let mut s = sc.command(REBEL).build();
    assert!(!is_legal(&s, "reveal infiltration corellia"), "an attempt");
    assert!(is_legal(&s, "reveal plant_false_lead corellia"), "{:?}", legal(&s));
    act(&mut s, REBEL, "reveal plant_false_lead corellia");
    assert_eq!(s.leader_place(leader("general_rieekan")), Some(place("corellia")));
}

#[test]
fn public_support_places_janus_with_three_stormtroopers_and_he_pins_nothing() {
    let mut s = assigning(EMPIRE, &["public_support"])
        .loyalty("corellia", Some(EMPIRE))
        .subjugated("alderaan")
        .units("alderaan", "stormtrooper", 1)
        .units("alderaan", "rebel_trooper", 1)
        .build();
    s.leader_pool.empire.push(leader("janus_greejatus"));
    act(&mut s, EMPIRE, "action public_support");
    assert!(!is_legal(&s, "pick system alderaan"), "Rebel ground units there");
    let before = s.supply.empire.count(unit("stormtrooper"));
    act(&mut s, EMPIRE, "pick system corellia");
    assert_eq!(s.units(place("corellia"), EMPIRE).count(unit("stormtrooper")), 3);
    assert_eq!(s.supply.empire.count(unit("stormtrooper")), before - 3);
    assert!(s.round_effects.unpinned.contains(&leader("janus_greejatus")));
    // Janus does not keep the Stormtroopers (and a carrier) in Corellia.
    let mut s = Scenario { s }.units("corellia", "assault_carrier", 1).command(EMPIRE).build();
    act(&mut s, EMPIRE, "activate coruscant darth_vader");
    assert!(is_legal(&s, "move corellia assault_carrier 1"), "{:?}", legal(&s));
}

#[test]
fn catch_them_by_surprise_is_an_activation_in_the_assignment_phase() {
    // Coruscant is adjacent to Alderaan; Sullust is not (two steps away, through Corellia).
    let mut s = assigning(EMPIRE, &["catch_them_by_surprise"])
        .units("coruscant", "star_destroyer", 1)
        .units("sullust", "star_destroyer", 1)
        .units("alderaan", "x_wing", 1)
        .build();
    s.leader_pool.empire.push(leader("admiral_ozzel"));
    act(&mut s, EMPIRE, "action catch_them_by_surprise");
    act(&mut s, EMPIRE, "pick system alderaan");
    assert_eq!(s.leader_place(leader("admiral_ozzel")), Some(place("alderaan")));
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind), (EMPIRE, PromptKind::MoveUnits), "units move in from adjacent systems");
    assert!(is_legal(&s, "move coruscant star_destroyer 1"), "{:?}", legal(&s));
    assert!(!is_legal(&s, "move sullust star_destroyer 1"), "Sullust is not adjacent to Alderaan");
    let e = refuse(&mut s, EMPIRE, "move sullust star_destroyer 1");
    assert!(e.to_string().contains("Moving Units"), "{e}");
    // Nothing else can move: the movement ends by itself and the fight begins.
    act(&mut s, EMPIRE, "move coruscant star_destroyer 1");
    assert_eq!(s.units(place("alderaan"), EMPIRE).count(unit("star_destroyer")), 1);
    assert_eq!(s.units(place("sullust"), EMPIRE).count(unit("star_destroyer")), 1, "it stayed");
    assert!(
        holonet::engine::rebellion::view(&s, holonet::engine::rebellion::Viewer::Public).combat.is_some(),
        "Rebel units there: a combat"
    );
}

#[test]
fn an_old_friend_recruits_lando_in_bespin_or_chewbacca_in_kashyyyk() {
    let mut s = assigning(REBEL, &["an_old_friend"]).build();
    s.leader_pool.rebel.push(leader("han_solo"));
    act(&mut s, REBEL, "action an_old_friend");
    assert!(is_legal(&s, "pick system kashyyyk"));
    assert!(!is_legal(&s, "pick system hoth"));
    act(&mut s, REBEL, "pick system bespin");
    assert_eq!(s.leader_place(leader("han_solo")), Some(place("bespin")));
    assert_eq!(s.leader_place(leader("lando_calrissian")), Some(place("bespin")), "recruited beside Han");
}

#[test]
fn an_old_friend_is_not_offered_when_both_are_already_recruited() {
    let mut s = assigning(REBEL, &["an_old_friend"]).build();
    s.leader_pool.rebel.extend([leader("han_solo"), leader("lando_calrissian"), leader("chewbacca")]);
    assert!(!is_legal(&s, "action an_old_friend"));
    let e = refuse(&mut s, REBEL, "action an_old_friend");
    assert!(matches!(e, RuleError::Illegal { .. } | RuleError::WrongStep { .. }), "{e}");
}

/// A quick-setup game where the Rebels were dealt `cards`; the base choice is still pending.
fn dealt(cards: &[&str]) -> holonet::engine::rebellion::State {
    let mut s = new_game(6, MatchOptions { quick_setup: true, ..Default::default() });
    s.hands.rebel.actions = cards.iter().map(|c| card(c)).collect();
    s.hands.empire.actions.clear();
    let d = decision(&s).unwrap();
    apply(&mut s, REBEL, d.actions[0].clone()).unwrap();
    s
}

#[test]
fn human_cyborg_relations_gives_c_3po_to_a_leader_at_setup() {
    let mut s = dealt(&["human_cyborg_relations"]);
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind), (REBEL, PromptKind::CardChoice), "resolved as soon as it is gained");
    act(&mut s, REBEL, "pick leader mon_mothma");
    assert_eq!(s.ring(leader("mon_mothma")), Some(Ring::C3po));
    assert!(s.hands.rebel.actions.is_empty(), "the card is used");
    assert_eq!(decision(&s).unwrap().kind, PromptKind::AssignLeaders);
}

#[test]
fn resourceful_astromech_gives_r2_d2_to_a_leader_at_setup() {
    let mut s = dealt(&["resourceful_astromech"]);
    let e = refuse(&mut s, REBEL, "pick leader darth_vader");
    assert!(matches!(e, RuleError::Illegal { rule: "Action Cards", .. }), "{e}");
    act(&mut s, REBEL, "pick leader jan_dodonna");
    assert_eq!(s.ring(leader("jan_dodonna")), Some(Ring::R2d2));
}

#[test]
fn the_millennium_falcon_goes_to_the_leader_recruited_with_it() {
    let mut s = Scenario::new(7).clear().base("dantooine", false).time(1).refresh().build();
    let falcon = card("the_millennium_falcon");
    s.decks.actions.rebel.retain(|&c| c != falcon);
    s.decks.actions.rebel.insert(0, falcon);
    act(&mut s, REBEL, "done");
    assert!(is_legal(&s, "recruit the_millennium_falcon han_solo"), "{:?}", legal(&s));
    act(&mut s, REBEL, "recruit the_millennium_falcon han_solo");
    assert_eq!(s.ring(leader("han_solo")), Some(Ring::MillenniumFalcon));
    assert!(!s.hands.rebel.actions.contains(&falcon), "an Immediate card is used when gained");
    let _ = Action::Done;
}

#[test]
fn our_most_desperate_hour_assigns_leia_to_a_card_searched_from_the_mission_deck() {
    let mut s = assigning(REBEL, &["our_most_desperate_hour"]).build();
    s.decks.missions.rebel = vec![mission("base_defenses"), mission("hidden_fleet"), mission("hit_and_run")];
    act(&mut s, REBEL, "action our_most_desperate_hour");
    let e = refuse(&mut s, REBEL, "pick mission sabotage");
    assert!(matches!(e, RuleError::Illegal { rule: "Action Cards", .. }), "only cards in the deck: {e}");
    let ev = act(&mut s, REBEL, "pick mission hit_and_run");
    let asg = s.assignments.rebel.last().expect("a new facedown mission");
    assert_eq!((asg.mission, asg.leaders.clone()), (mission("hit_and_run"), vec![leader("princess_leia")]));
    assert_eq!(s.decks.missions.rebel.len(), 2, "taken out of the deck");
    assert!(!s.leader_pool.rebel.contains(&leader("princess_leia")));
    // The Empire learns that Leia went onto a mission, not which.
    let public: Vec<String> =
        ev.iter().filter(|e| e.audience.visible_to(Some(EMPIRE))).map(|e| e.kind.to_string()).collect();
    assert!(public.iter().all(|t| !t.contains("Hit and Run")), "{public:?}");
}

#[test]
fn proceeding_as_planned_assigns_ozzel_or_jerjerrod_to_a_project() {
    let mut s = assigning(EMPIRE, &["proceeding_as_planned"]).build();
    s.leader_pool.empire.extend([leader("admiral_ozzel"), leader("moff_jerjerrod")]);
    s.decks.projects = vec![mission("construct_factory"), mission("construct_super_star_destroyer")];
    act(&mut s, EMPIRE, "action proceeding_as_planned");
    act(&mut s, EMPIRE, "pick leader moff_jerjerrod");
    act(&mut s, EMPIRE, "pick mission construct_super_star_destroyer");
    let asg = s.assignments.empire.last().unwrap();
    assert_eq!(
        (asg.mission, asg.leaders.clone()),
        (mission("construct_super_star_destroyer"), vec![leader("moff_jerjerrod")])
    );
    assert_eq!(s.decks.projects, vec![mission("construct_factory")]);
}

#[test]
fn proceeding_as_planned_is_not_offered_with_an_empty_project_deck() {
    let mut s = assigning(EMPIRE, &["proceeding_as_planned"]).build();
    s.leader_pool.empire.push(leader("admiral_ozzel"));
    s.decks.projects.clear();
    assert!(!is_legal(&s, "action proceeding_as_planned"));
}

#[test]
fn brilliant_administrator_places_tarkin_and_builds_from_the_systems_icons() {
    let mut s = assigning(EMPIRE, &["brilliant_administrator"]).loyalty("corellia", Some(EMPIRE)).build();
    act(&mut s, EMPIRE, "action brilliant_administrator");
    assert!(!is_legal(&s, "pick system kashyyyk"), "only Imperial systems");
    act(&mut s, EMPIRE, "pick system corellia");
    assert_eq!(s.leader_place(leader("grand_moff_tarkin")), Some(place("corellia")));
    // Corellia: blue ▲ and blue ■, queue space 3.
    assert_eq!(s.build_queue.empire[2].count(unit("tie_fighter")), 1);
    assert_eq!(s.build_queue.empire[2].count(unit("star_destroyer")), 1);
}

#[test]
fn temporary_alliance_places_mon_mothma_in_a_neutral_system_and_builds_there() {
    let mut s = assigning(REBEL, &["temporary_alliance"]).loyalty("kashyyyk", Some(REBEL)).build();
    act(&mut s, REBEL, "action temporary_alliance");
    assert!(!is_legal(&s, "pick system kashyyyk"), "not neutral");
    assert!(!is_legal(&s, "pick system hoth"), "remote: no icons to build from");
    act(&mut s, REBEL, "pick system sullust");
    assert_eq!(s.leader_place(leader("mon_mothma")), Some(place("sullust")));
    // Sullust's orange ■ lets the Rebels choose which unit it builds.
    let d = decision(&s).unwrap();
    assert_eq!(d.kind, PromptKind::CardChoice);
    let choice = d.actions[0].command();
    act(&mut s, REBEL, &choice);
    let queued: u32 = s.build_queue.rebel.iter().map(|q| q.total()).sum();
    assert_eq!(queued, 2, "one unit per resource icon of Sullust");
}

#[test]
fn temporary_alliance_refuses_a_subjugated_system() {
    // A subjugation marker makes a system non-neutral even without a loyalty marker (Rules
    // Reference: Neutral Systems); the stormtrooper keeps the marker there (Subjugation).
    let mut s = assigning(REBEL, &["temporary_alliance"])
        .units("sullust", "stormtrooper", 1)
        .subjugated("sullust")
        .build();
    act(&mut s, REBEL, "action temporary_alliance");
    assert!(!is_legal(&s, "pick system sullust"), "subjugated: not neutral");
    assert!(is_legal(&s, "pick system bespin"), "a neutral system with icons is offered");
    let e = refuse(&mut s, REBEL, "pick system sullust");
    assert!(e.to_string().contains("Action Cards"), "{e}");
}

#[test]
fn scouting_mission_brings_up_to_four_tie_fighters_from_anywhere_and_fights_rebel_ships() {
    let mut s = assigning(EMPIRE, &["scouting_mission"])
        .units("coruscant", "tie_fighter", 3)
        .units("mustafar", "tie_fighter", 3)
        .units("dantooine", "x_wing", 1)
        .build();
    s.leader_pool.empire.push(leader("soontir_fel"));
    act(&mut s, EMPIRE, "action scouting_mission");
    act(&mut s, EMPIRE, "pick system dantooine");
    act(&mut s, EMPIRE, "move coruscant tie_fighter 3");
    assert!(is_legal(&s, "move mustafar tie_fighter 1"));
    assert!(!is_legal(&s, "move mustafar tie_fighter 2"), "four at most");
    act(&mut s, EMPIRE, "move mustafar tie_fighter 1");
    assert_eq!(s.units(place("dantooine"), EMPIRE).count(unit("tie_fighter")), 4);
    let v = holonet::engine::rebellion::view(&s, holonet::engine::rebellion::Viewer::Public);
    assert!(v.combat.is_some(), "Rebel ships there: a combat");
}

#[test]
fn start_the_evacuation_moves_units_from_the_rebel_base_space_to_rieekans_system() {
    let mut s = assigning(REBEL, &["start_the_evacuation"])
        .units("rebel_base", "x_wing", 2)
        .units("rebel_base", "rebel_trooper", 2)
        .units("rebel_base", "rebel_transport", 1)
        .units("coruscant", "tie_fighter", 1)
        .build();
    act(&mut s, REBEL, "action start_the_evacuation");
    assert!(!is_legal(&s, "pick system coruscant"), "Imperial units there");
    act(&mut s, REBEL, "pick system utapau");
    act(&mut s, REBEL, "move rebel_base x_wing 2");
    act(&mut s, REBEL, "move rebel_base rebel_transport 1");
    act(&mut s, REBEL, "move rebel_base rebel_trooper 2");
    assert_eq!(s.units(place("utapau"), REBEL).total(), 5, "as if adjacent, with transport");
    assert!(s.base_space.units.rebel.is_empty());
}

#[test]
fn start_the_evacuation_cannot_move_units_a_leader_holds_in_the_rebel_base_space() {
    // The card only makes Rieekan's system adjacent to the Rebel Base space; every other
    // movement rule holds (Rules Reference: Moving Units), so Dodonna, placed there by Rebel
    // Planning, keeps the units in.
    let mut s = assigning(REBEL, &["rebel_planning", "start_the_evacuation"])
        .units("rebel_base", "x_wing", 2)
        .units("rebel_base", "rebel_trooper", 2)
        .units("rebel_base", "rebel_transport", 1)
        .build();
    assert!(is_legal(&s, "action start_the_evacuation"), "free to leave before Dodonna is there");
    act(&mut s, REBEL, "action rebel_planning");
    assert_eq!(seat(&s), Some(REBEL));
    assert!(!is_legal(&s, "action start_the_evacuation"), "nothing could move: not offered");
    // Refused, and Rieekan stays in the pool (no card in the hand is usable now, so the
    // refusal names the step rather than the card).
    refuse(&mut s, REBEL, "action start_the_evacuation");
    assert!(s.leader_pool.rebel.contains(&leader("general_rieekan")));
}

#[test]
fn ambush_places_madine_and_destroys_up_to_three_health_of_imperial_ground_units() {
    let mut s = assigning(REBEL, &["ambush"])
        .units("sullust", "at_st", 1)
        .units("sullust", "stormtrooper", 2)
        .units("sullust", "tie_fighter", 1)
        .units("mandalore", "stormtrooper", 1)
        .units("hoth", "tie_fighter", 1)
        .build();
    s.leader_pool.rebel.push(leader("general_madine"));
    act(&mut s, REBEL, "action ambush");
    assert!(!is_legal(&s, "pick system hoth"), "no Imperial ground unit to destroy there");
    act(&mut s, REBEL, "pick system sullust");
    assert!(!is_legal(&s, "pick unit sullust tie_fighter"), "ground units only");
    act(&mut s, REBEL, "pick unit sullust at_st");
    act(&mut s, REBEL, "pick unit sullust stormtrooper");
    let left = s.units(place("sullust"), EMPIRE);
    assert_eq!((left.count(unit("at_st")), left.count(unit("stormtrooper"))), (0, 1), "3 health destroyed");
}

#[test]
fn independent_operation_makes_the_empire_move_its_ground_units_out() {
    let mut s = assigning(REBEL, &["independent_operation"])
        .subjugated("sullust")
        .units("sullust", "stormtrooper", 2)
        .units("sullust", "at_st", 1)
        .subjugated("mygeeto")
        .units("mygeeto", "stormtrooper", 1)
        .loyalty("coruscant", Some(EMPIRE))
        .loyalty("mandalore", Some(EMPIRE))
        .loyalty("corellia", Some(EMPIRE))
        .units("corellia", "rebel_trooper", 1)
        .build();
    s.leader_pool.rebel.push(leader("lando_calrissian"));
    act(&mut s, REBEL, "action independent_operation");
    act(&mut s, REBEL, "pick system sullust");
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind), (EMPIRE, PromptKind::CardChoice), "the Empire picks where they go");
    let e = refuse(&mut s, EMPIRE, "pick system corellia");
    assert!(matches!(e, RuleError::Illegal { .. }), "errata: no system with Rebel ground units: {e}");
    act(&mut s, EMPIRE, "pick system coruscant");
    assert!(!s.has_ground(place("sullust"), EMPIRE));
    assert_eq!(s.units(place("coruscant"), EMPIRE).count(unit("stormtrooper")), 2);
    assert!(!s.sys(sys("sullust")).subjugated, "no Imperial ground units: no subjugation");
}

#[test]
fn independent_operation_is_not_offered_without_a_legal_destination() {
    let mut s = assigning(REBEL, &["independent_operation"])
        .subjugated("sullust")
        .units("sullust", "stormtrooper", 1)
        .build();
    s.leader_pool.rebel.push(leader("lando_calrissian"));
    // Every Imperial system but Sullust (Coruscant) holds Rebel ground units.
    s = Scenario { s }.units("coruscant", "rebel_trooper", 1).build();
    assert!(!is_legal(&s, "action independent_operation"));
}

#[test]
fn local_rumors_makes_the_rebels_say_whether_the_base_is_in_the_region() {
    let mut s = assigning(EMPIRE, &["local_rumors"])
        .base("dantooine", false)
        .units("mygeeto", "tie_fighter", 1)
        .units("coruscant", "tie_fighter", 1)
        .build();
    s.leader_pool.empire.push(leader("colonel_yularen"));
    act(&mut s, EMPIRE, "action local_rumors");
    assert!(!is_legal(&s, "pick system dantooine"), "needs an Imperial unit there");
    let ev = act(&mut s, EMPIRE, "pick system mygeeto");
    let said: Vec<String> =
        ev.iter().filter(|e| e.audience.visible_to(None)).map(|e| e.kind.to_string()).collect();
    assert!(
        said.iter().any(|t| t.contains("the Rebel base is in the") && t.contains("region")),
        "Dantooine shares Mygeeto's region: said in public: {said:?}"
    );
    assert!(!s.base.revealed, "the base stays hidden");
}

#[test]
fn rebel_planning_places_dodonna_in_the_rebel_base_space_and_draws_an_objective() {
    let mut s = assigning(REBEL, &["rebel_planning"]).build();
    let top = s.decks.objectives[0];
    let before = s.hands.rebel.objectives.len();
    act(&mut s, REBEL, "action rebel_planning");
    assert_eq!(s.leader_place(leader("jan_dodonna")), Some(holonet::engine::rebellion::Place::BaseSpace));
    assert_eq!(s.hands.rebel.objectives.len(), before + 1);
    assert!(s.hands.rebel.objectives.contains(&top));
}

#[test]
fn round_effects_are_public_in_every_view() {
    use holonet::engine::rebellion::{Viewer, view};
    let mut s = assigning(EMPIRE, &["boba_fett_where"]).loyalty("corellia", Some(EMPIRE)).build();
    s.leader_pool.empire.push(leader("boba_fett"));
    act(&mut s, EMPIRE, "action boba_fett_where");
    act(&mut s, EMPIRE, "pick system corellia");
    for v in [Viewer::Public, Viewer::Faction(REBEL), Viewer::Faction(EMPIRE)] {
        assert_eq!(view(&s, v).round_effects.locked, vec![sys("corellia")], "{v:?}");
    }
}
