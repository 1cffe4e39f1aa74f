//! Rise of the Empire's mission cards (issue 18): one scenario per title, named after it, with
//! its effect and a refused illegal choice; target markers (placed, public, taken by ground
//! units, gone with a destroyed system, removed by cards); the set icons; and base matches,
//! whose decks never hold an expansion card.

mod support;

use holonet::content::{ContentSet, Faction, MissionIcon, MissionSet, catalog};
use holonet::engine::rebellion::cards::systems::destroy_system;
use holonet::engine::rebellion::event::{Audience, Event, EventKind};
use holonet::engine::rebellion::flow::{Ctx, advance};
use holonet::engine::rebellion::mission::MissionStep;
use holonet::engine::rebellion::rise_of_the_empire::targets::{
    MarkerCard, TargetMarker, TargetRule, forbids,
};
use holonet::engine::rebellion::{MatchOptions, RuleError, State, Viewer, apply, decision, new_game, view};
use support::*;

/// A quick-setup match with the expansion on, base hidden in Dantooine, board cleared.
fn rote(seed: u64) -> Scenario {
    let mut s = expansion_game(seed);
    let d = decision(&s).expect("base choice");
    apply(&mut s, REBEL, d.actions[0].clone()).expect("base");
    Scenario { s }.clear().base("dantooine", false)
}

/// Makes the revealing leader's mission succeed whatever the dice.
fn sure(s: &mut State, l: &str) {
    s.round_effects.bonus.push((leader(l), 20));
}

fn captured(s: &mut State, l: &str) {
    s.captured.push(leader(l));
}

fn marker(m: &str, at: &str) -> TargetMarker {
    TargetMarker { card: MarkerCard::Mission(mission(m)), system: sys(at) }
}

fn public_text(ev: &[Event]) -> String {
    ev.iter()
        .filter(|e| e.audience == Audience::Public)
        .map(|e| e.kind.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Runs the engine's automatic steps (what follows any applied action).
fn settle(s: &mut State) -> Vec<Event> {
    let mut ctx = Ctx::new(s);
    advance(&mut ctx);
    ctx.events
}

/// A revealed mission of `f` stopped at its result, failed (the leaders already in `at`).
fn failed_at(
    s: &mut State,
    f: holonet::content::Faction,
    m: &str,
    at: &str,
    target: Option<&str>,
    leaders: &[&str],
) {
    mission_in_progress(s, f, m, at, target, leaders, MissionStep::Result);
}

// ---------------------------------------------------------------- Imperial projects

#[test]
fn interdictor_development_queues_an_interdictor_and_comes_back_with_two_leaders() {
    let mut s = rote(1)
        .assign(EMPIRE, "interdictor_development", &["general_tagge", "admiral_ozzel"])
        .command(EMPIRE)
        .build();
    let e = refuse(&mut s, EMPIRE, "reveal interdictor_development dantooine");
    assert!(e.to_string().contains("Mission Cards"), "{e}");
    reveal_unopposed(&mut s, EMPIRE, "reveal interdictor_development coruscant");
    assert_eq!(s.build_queue.empire[0].count(unit("interdictor")), 1, "space 1 with two leaders");
    assert!(s.hands.empire.missions.contains(&mission("interdictor_development")), "back in hand");

    // One logistics icon does not meet the card's requirement of two.
    let s = rote(1).assign(EMPIRE, "interdictor_development", &["moff_jerjerrod"]).command(EMPIRE).build();
    assert!(!is_legal(&s, "reveal interdictor_development coruscant"));
}

#[test]
fn single_reactor_ignition_reveals_the_base_destroys_rebel_ground_units_and_removes_markers() {
    let mut s = rote(2)
        .base("mustafar", false)
        .units("mustafar", "death_star", 1)
        .units("mustafar", "rebel_trooper", 2)
        .units("mustafar", "x_wing", 1)
        .units("rebel_base", "rebel_trooper", 1)
        .units("coruscant", "death_star_under_construction", 1)
        .assign(EMPIRE, "single_reactor_ignition", &["general_tagge"])
        .command(EMPIRE)
        .build();
    s.targets.placed.push(marker("secure_the_plans", "mustafar"));
    let e = refuse(&mut s, EMPIRE, "reveal single_reactor_ignition coruscant");
    assert!(e.to_string().contains("Mission Cards"), "a Death Star under construction does not do: {e}");
    reveal_unopposed(&mut s, EMPIRE, "reveal single_reactor_ignition mustafar");
    assert!(s.base.revealed, "the base in the system is revealed");
    let rebels = s.units(place("mustafar"), REBEL);
    assert_eq!(rebels.count(unit("rebel_trooper")), 0, "every Rebel ground unit, the base's too");
    assert_eq!(rebels.count(unit("x_wing")), 1, "ships stay");
    assert!(s.targets.placed.is_empty(), "its target markers are removed");
}

// ---------------------------------------------------------------- Imperial, leader icon

#[test]
fn make_an_example_eliminates_a_captive_held_in_a_remote_system() {
    let mut s = rote(3)
        .in_pool("jabba_the_hutt")
        .units("hoth", "stormtrooper", 1)
        .leader_at("hoth", "han_solo")
        .units("mustafar", "stormtrooper", 1)
        .leader_at("mustafar", "princess_leia")
        .assign(EMPIRE, "make_an_example", &["jabba_the_hutt"])
        .command(EMPIRE)
        .build();
    captured(&mut s, "han_solo");
    captured(&mut s, "princess_leia");
    sure(&mut s, "jabba_the_hutt");
    let e = refuse(&mut s, EMPIRE, "reveal make_an_example princess_leia");
    assert!(e.to_string().contains("Mission Cards"), "Mustafar is populous: {e}");
    reveal_unopposed(&mut s, EMPIRE, "reveal make_an_example han_solo");
    assert!(s.eliminated.contains(&leader("han_solo")));
    assert!(!s.is_captured(leader("han_solo")));
}

#[test]
fn secure_the_plans_places_its_public_marker_and_forbids_the_death_star_plans() {
    let mut s = rote(4)
        .in_pool("director_krennic")
        .assign(EMPIRE, "secure_the_plans", &["director_krennic"])
        .command(EMPIRE)
        .build();
    let e = refuse(&mut s, EMPIRE, "reveal secure_the_plans mustafar");
    assert!(e.to_string().contains("Mission Cards"), "remote systems only: {e}");
    reveal_unopposed(&mut s, EMPIRE, "reveal secure_the_plans hoth");
    assert_eq!(s.targets.placed, vec![marker("secure_the_plans", "hoth")]);
    for viewer in [Viewer::Public, Viewer::Faction(REBEL), Viewer::Faction(EMPIRE)] {
        let v = view(&s, viewer);
        assert_eq!(v.target_markers.len(), 1, "{viewer:?} sees the marker");
        assert_eq!(
            (v.target_markers[0].card.as_str(), v.target_markers[0].system.as_str()),
            ("secure_the_plans", "hoth")
        );
    }
    assert!(forbids(&s, TargetRule::ForbidDeathStarPlans), "no Death Star Plans while it stays");
}

#[test]
fn draw_them_out_brings_a_rebel_pool_leader_into_the_system() {
    let mut s = rote(5)
        .in_pool("director_krennic")
        .units("hoth", "stormtrooper", 1)
        .assign(EMPIRE, "draw_them_out", &["director_krennic"])
        .command(EMPIRE)
        .build();
    sure(&mut s, "director_krennic");
    reveal_unopposed(&mut s, EMPIRE, "reveal draw_them_out hoth");
    assert_eq!(seat(&s), Some(EMPIRE));
    let e = refuse(&mut s, EMPIRE, "pick leader darth_vader");
    assert!(e.to_string().contains("Leader Pool"), "{e}");
    act(&mut s, EMPIRE, "pick leader mon_mothma");
    assert_eq!(s.leader_place(leader("mon_mothma")), Some(place("hoth")));
    assert!(!s.leader_pool.rebel.contains(&leader("mon_mothma")));
}

#[test]
fn discredit_rebellion_lets_the_rebels_clear_sabotage_or_roll_for_reputation() {
    let build = || {
        rote(6)
            .in_pool("admiral_motti")
            .sabotaged("mustafar")
            .sabotaged("naboo")
            .assign(EMPIRE, "discredit_rebellion", &["admiral_motti"])
            .command(EMPIRE)
            .build()
    };
    let mut s = build();
    assert!(!is_legal(&s, "reveal discredit_rebellion coruscant"), "a sabotaged system only");
    act(&mut s, EMPIRE, "reveal discredit_rebellion mustafar");
    assert_eq!(seat(&s), Some(REBEL), "the Rebels choose");
    let e = refuse(&mut s, REBEL, "mode 3");
    assert!(e.to_string().contains("Mission Cards"), "{e}");
    act(&mut s, REBEL, "mode 1");
    assert!(!s.sys(sys("mustafar")).sabotaged && !s.sys(sys("naboo")).sabotaged, "every marker goes");

    let mut s = build();
    act(&mut s, EMPIRE, "reveal discredit_rebellion mustafar");
    let before = s.reputation;
    let ev = act(&mut s, REBEL, "mode 2");
    let rolls = events_of(&ev, |k| matches!(k, EventKind::DiceRolled { .. }));
    let EventKind::DiceRolled { faces, .. } = &rolls[0] else { unreachable!() };
    assert_eq!(faces.len(), 2, "Admiral Motti resolving it: two dice");
    let hit = faces.iter().any(|f| f.mission_successes() > 0);
    assert_eq!(s.reputation, if hit { before + 1 } else { before }, "a success costs 1 reputation");
    assert!(s.sys(sys("mustafar")).sabotaged, "the markers stay");
}

// ---------------------------------------------------------------- Imperial, Vader icon

#[test]
fn deployment_gains_an_imperial_triangle_ground_unit_where_the_rebels_have_no_loyalty() {
    // The card names an Imperial ▲ ground unit: the Stormtrooper, and with the expansion the
    // Assault Tank too (as Hold Them Back, Trust in the Force and Secret Facility read it).
    let mut s = rote(7)
        .loyalty("naboo", Some(REBEL))
        .assign(EMPIRE, "deployment", &["general_tagge"])
        .command(EMPIRE)
        .build();
    let e = refuse(&mut s, EMPIRE, "reveal deployment naboo");
    assert!(e.to_string().contains("Mission Cards"), "{e}");
    reveal_unopposed(&mut s, EMPIRE, "reveal deployment mustafar");
    let mut options = legal(&s);
    options.sort();
    assert_eq!(options, ["build assault_tank", "build stormtrooper"], "the Empire picks which");
    act(&mut s, EMPIRE, "build assault_tank");
    assert_eq!(s.units(place("mustafar"), EMPIRE).count(unit("assault_tank")), 1);
    assert_eq!(s.units(place("mustafar"), EMPIRE).count(unit("stormtrooper")), 0);
}

#[test]
fn message_from_high_command_gains_loyalty_and_sends_the_leaders_back_to_the_pool() {
    let mut s =
        rote(8).assign(EMPIRE, "message_from_high_command", &["emperor_palpatine"]).command(EMPIRE).build();
    let e = refuse(&mut s, EMPIRE, "reveal message_from_high_command hoth");
    assert!(e.to_string().contains("Mission Cards"), "populous systems only: {e}");
    reveal_unopposed(&mut s, EMPIRE, "reveal message_from_high_command naboo");
    assert_eq!(s.sys(sys("naboo")).loyalty, Some(EMPIRE));
    assert!(s.leader_pool.empire.contains(&leader("emperor_palpatine")), "back in the pool");
    assert_eq!(s.leader_place(leader("emperor_palpatine")), None);
}

#[test]
fn stolen_intel_draws_a_probe_and_discards_a_rebel_mission_that_is_not_a_starting_one() {
    let mut s = rote(9)
        .loyalty("naboo", Some(REBEL))
        .assign(EMPIRE, "stolen_intel", &["colonel_yularen"])
        .command(EMPIRE)
        .build();
    s.hands.rebel.missions =
        vec![mission("build_alliance"), mission("daring_rescue"), mission("hidden_fleet")];
    let probes = s.hands.empire.probes.len();
    reveal_unopposed(&mut s, EMPIRE, "reveal stolen_intel naboo");
    assert_eq!(s.hands.empire.probes.len(), probes + 1, "one probe card drawn");
    let e = refuse(&mut s, EMPIRE, "pick mission build_alliance");
    assert!(e.to_string().contains("starting mission"), "{e}");
    act(&mut s, EMPIRE, "pick mission daring_rescue");
    assert_eq!(s.hands.rebel.missions, vec![mission("build_alliance"), mission("hidden_fleet")]);
    assert!(s.decks.mission_discard.rebel.contains(&mission("daring_rescue")));
}

#[test]
fn were_the_bait_brings_rebel_ground_units_from_the_base_to_the_captive() {
    let mut s = rote(10)
        .units("hoth", "tie_fighter", 1)
        .leader_at("hoth", "han_solo")
        .units("rebel_base", "rebel_trooper", 3)
        .units("rebel_base", "airspeeder", 1)
        .units("rebel_base", "ion_cannon", 1)
        .assign(EMPIRE, "were_the_bait", &["general_veers"])
        .command(EMPIRE)
        .build();
    captured(&mut s, "han_solo");
    assert!(!is_legal(&s, "reveal were_the_bait mustafar"), "only where a captive is");
    reveal_unopposed(&mut s, EMPIRE, "reveal were_the_bait hoth");
    let e = refuse(&mut s, EMPIRE, "pick unit rebel_base ion_cannon");
    assert!(e.to_string().contains("Rebel Base space"), "structures stay: {e}");
    act(&mut s, EMPIRE, "pick unit rebel_base airspeeder");
    act(&mut s, EMPIRE, "pick unit rebel_base rebel_trooper");
    act(&mut s, EMPIRE, "pick unit rebel_base rebel_trooper");
    let here = s.units(place("hoth"), REBEL);
    assert_eq!((here.count(unit("airspeeder")), here.count(unit("rebel_trooper"))), (1, 2), "4 health");
    assert_eq!(s.base_space.units.rebel.count(unit("rebel_trooper")), 1);
}

#[test]
fn exploit_weakness_puts_a_random_rebel_objective_on_top_of_the_deck() {
    let mut s = rote(11)
        .units("mustafar", "stormtrooper", 1)
        .leader_at("mustafar", "han_solo")
        .leader_at("naboo", "princess_leia")
        .assign(EMPIRE, "exploit_weakness", &["colonel_yularen"])
        .command(EMPIRE)
        .build();
    captured(&mut s, "han_solo");
    sure(&mut s, "colonel_yularen");
    let card = s.decks.objectives.remove(3);
    s.hands.rebel.objectives = vec![card];
    let e = refuse(&mut s, EMPIRE, "reveal exploit_weakness princess_leia");
    assert!(e.to_string().contains("Mission Cards") || e.to_string().contains("Captured"), "{e}");
    let ev = reveal_unopposed(&mut s, EMPIRE, "reveal exploit_weakness han_solo");
    assert!(s.hands.rebel.objectives.is_empty());
    assert_eq!(s.decks.objectives[0], card, "on top of the objective deck");
    assert!(public_text(&ev).contains(card.name()), "the card is shown to everyone");
}

#[test]
fn break_their_will_names_a_region_and_returns_to_hand_when_it_fails() {
    let mut s = rote(12)
        .base("hoth", false)
        .units("mustafar", "stormtrooper", 1)
        .leader_at("mustafar", "han_solo")
        .assign(EMPIRE, "break_their_will", &["colonel_yularen"])
        .command(EMPIRE)
        .build();
    captured(&mut s, "han_solo");
    sure(&mut s, "colonel_yularen");
    reveal_unopposed(&mut s, EMPIRE, "reveal break_their_will han_solo");
    let e = refuse(&mut s, EMPIRE, "pick leader han_solo");
    assert!(e.to_string().contains("Mission Cards"), "{e}");
    let ev = act(&mut s, EMPIRE, "pick system bespin");
    assert!(
        public_text(&ev).contains("Break Their Will: the Rebel base is in the Mustafar region"),
        "Hoth is in Bespin's region: {}",
        public_text(&ev)
    );
    assert!(s.decks.mission_discard.empire.contains(&mission("break_their_will")), "a success discards it");

    let mut s = rote(12).units("mustafar", "stormtrooper", 1).leader_at("mustafar", "han_solo").build();
    captured(&mut s, "han_solo");
    failed_at(&mut s, EMPIRE, "break_their_will", "mustafar", Some("han_solo"), &["colonel_yularen"]);
    settle(&mut s);
    assert!(s.hands.empire.missions.contains(&mission("break_their_will")), "a failed attempt returns it");
}

#[test]
fn hire_mercenaries_recruits_a_leader_without_tactic_values_here() {
    let mut s = rote(13).assign(EMPIRE, "hire_mercenaries", &["emperor_palpatine"]).command(EMPIRE).build();
    assert!(!is_legal(&s, "reveal hire_mercenaries naboo"), "remote systems only");
    act(&mut s, EMPIRE, "reveal hire_mercenaries hoth");
    let e = refuse(&mut s, EMPIRE, "pick leader admiral_piett");
    assert!(e.to_string().contains("Recruiting Leaders"), "Piett has tactic values: {e}");
    act(&mut s, EMPIRE, "pick leader boba_fett");
    assert_eq!(s.leader_place(leader("boba_fett")), Some(place("hoth")));
}

#[test]
fn imperial_might_deploys_up_to_four_units_and_sends_two_leaders_to_coruscant() {
    let mut s = rote(14)
        .units("endor", "death_star_under_construction", 1)
        .queued(EMPIRE, 1, "stormtrooper", 3)
        .queued(EMPIRE, 1, "tie_fighter", 2)
        .queued(EMPIRE, 2, "at_st", 1)
        .assign(EMPIRE, "imperial_might", &["general_tagge", "admiral_ozzel"])
        .command(EMPIRE)
        .build();
    assert!(!is_legal(&s, "reveal imperial_might hoth"), "a station or a Shield Bunker is needed");
    act(&mut s, EMPIRE, "reveal imperial_might endor");
    let e = refuse(&mut s, EMPIRE, "pick queued 2 at_st");
    assert!(e.to_string().contains("spaces"), "{e}");
    for u in ["stormtrooper", "stormtrooper", "tie_fighter", "stormtrooper"] {
        act(&mut s, EMPIRE, &format!("pick queued 1 {u}"));
    }
    let here = s.units(place("endor"), EMPIRE);
    assert_eq!((here.count(unit("stormtrooper")), here.count(unit("tie_fighter"))), (3, 1), "four units");
    assert_eq!(s.build_queue.empire[0].count(unit("tie_fighter")), 1, "the fifth stays queued");
    for l in ["general_tagge", "admiral_ozzel"] {
        assert_eq!(s.leader_place(leader(l)), Some(place("coruscant")), "{l}");
    }
}

#[test]
fn imperial_promotion_recruits_a_leader_with_tactic_values_here() {
    let mut s = rote(15).assign(EMPIRE, "imperial_promotion", &["emperor_palpatine"]).command(EMPIRE).build();
    assert!(!is_legal(&s, "reveal imperial_promotion naboo"), "an Imperial system only");
    act(&mut s, EMPIRE, "reveal imperial_promotion coruscant");
    let e = refuse(&mut s, EMPIRE, "pick leader boba_fett");
    assert!(e.to_string().contains("Recruiting Leaders"), "Boba Fett has no tactic values: {e}");
    let pick = legal(&s).into_iter().next().expect("a leader with tactic values");
    act(&mut s, EMPIRE, &pick);
    let l = leader(pick.trim_start_matches("pick leader "));
    assert_eq!(s.leader_place(l), Some(place("coruscant")));
    let d = catalog().leader(l);
    assert!(d.space_tactics + d.ground_tactics > 0);
}

#[test]
fn subversion_is_revealed_in_the_opponents_opposition_step_with_an_extra_die() {
    // Never on its owner's own turn.
    let mut s = rote(33).assign(EMPIRE, "subversion_empire", &["colonel_yularen"]).command(EMPIRE).build();
    let e = refuse(&mut s, EMPIRE, "reveal subversion_empire");
    assert!(!e.to_string().is_empty());

    let mut s = rote(33)
        .assign(EMPIRE, "subversion_empire", &["colonel_yularen"])
        .assign(REBEL, "build_alliance", &["mon_mothma"])
        .command(REBEL)
        .build();
    s.leader_pool.empire.clear();
    act(&mut s, REBEL, "reveal build_alliance naboo");
    let d = decision(&s).expect("the Empire is asked, its pool empty: a facedown card could be a Subversion");
    assert_eq!((d.seat, d.always_asked), (EMPIRE, true));
    let ev = act(&mut s, EMPIRE, "reveal subversion_empire");
    assert_eq!(s.leader_place(leader("colonel_yularen")), Some(place("naboo")), "its leader opposes there");
    assert!(s.decks.mission_discard.empire.contains(&mission("subversion_empire")));
    assert_eq!(
        dice_after_passing(&mut s, ev, EMPIRE),
        1,
        "Yularen has no diplomacy icon: the card's extra die only"
    );

    // With a pool leader to send as well, the step stays open after the card: one card only.
    let mut s = rote(33)
        .assign(EMPIRE, "subversion_empire", &["colonel_yularen"])
        .assign(REBEL, "build_alliance", &["mon_mothma"])
        .command(REBEL)
        .build();
    act(&mut s, REBEL, "reveal build_alliance naboo");
    act(&mut s, EMPIRE, "reveal subversion_empire");
    let e = refuse(&mut s, EMPIRE, "reveal subversion_empire");
    assert!(!e.to_string().is_empty(), "one Subversion per mission");
    assert!(is_legal(&s, "oppose emperor_palpatine"), "a pool leader may still be sent");

    // The Rebels' printing answers an Imperial attempt the same way.
    let mut s = rote(34)
        .assign(REBEL, "subversion_rebel_base_set", &["jan_dodonna"])
        .assign(EMPIRE, "deployment", &["general_tagge"])
        .command(EMPIRE)
        .build();
    act(&mut s, EMPIRE, "reveal deployment mustafar");
    act(&mut s, REBEL, "reveal subversion_rebel_base_set");
    assert_eq!(s.leader_place(leader("jan_dodonna")), Some(place("mustafar")));
}

/// Answers `done` while it is offered (the remaining windows of an opposed mission), then
/// returns how many dice `f` rolled first, among `ev` and the events that followed.
fn dice_after_passing(s: &mut State, mut ev: Vec<Event>, f: Faction) -> usize {
    for _ in 0..6 {
        match decision(s) {
            Some(d) if d.actions.contains(&holonet::engine::rebellion::Action::Done) => {
                ev.extend(act(s, d.seat, "done"))
            }
            _ => break,
        }
    }
    let rolls = events_of(&ev, |k| matches!(k, EventKind::DiceRolled { faction, .. } if *faction == f));
    let Some(EventKind::DiceRolled { faces, .. }) = rolls.first() else { panic!("{f} rolls") };
    faces.len()
}

#[test]
fn subversion_rebel_opposes_an_imperial_attempt_with_an_extra_die() {
    // The Rebels' Vader-icon printing: revealed in the Rebels' opposition step of an Imperial
    // attempt, its leader moves in and opposes with the card's extra die.
    assert_eq!(catalog().mission(mission("subversion_rebel")).icon, MissionIcon::Vader);
    let mut s = rote(35)
        .assign(REBEL, "subversion_rebel", &["jan_dodonna"])
        .assign(EMPIRE, "deployment", &["general_tagge"])
        .command(EMPIRE)
        .build();
    s.leader_pool.rebel.clear();
    let e = refuse(&mut s, REBEL, "reveal subversion_rebel");
    assert!(matches!(e, RuleError::NotYourDecision { .. }), "never on the Empire's own turn: {e}");
    act(&mut s, EMPIRE, "reveal deployment mustafar");
    let d = decision(&s).expect("the Rebels are asked: a facedown card could be a Subversion");
    assert_eq!((d.seat, d.always_asked), (REBEL, true));
    let ev = act(&mut s, REBEL, "reveal subversion_rebel");
    assert_eq!(s.leader_place(leader("jan_dodonna")), Some(place("mustafar")), "its leader opposes there");
    assert!(s.decks.mission_discard.rebel.contains(&mission("subversion_rebel")));
    let dodonna = catalog().leader(leader("jan_dodonna"));
    let skill = catalog().mission(mission("deployment")).skill as usize;
    let icons = (dodonna.skills[skill] + dodonna.minor_skills[skill]) as usize;
    assert_eq!(
        dice_after_passing(&mut s, ev, REBEL),
        icons + 1,
        "Dodonna's matching icons and the card's extra die"
    );
}

// ---------------------------------------------------------------- Rebel, leader icon

#[test]
fn aggressive_negotiations_rescues_or_may_still_destroy_an_imperial_triangle_ground_unit() {
    let mut s = rote(16)
        .in_pool("chirrut_imwe")
        .units("mustafar", "stormtrooper", 1)
        .leader_at("mustafar", "han_solo")
        .assign(REBEL, "aggressive_negotiations", &["chirrut_imwe"])
        .command(REBEL)
        .build();
    captured(&mut s, "han_solo");
    sure(&mut s, "chirrut_imwe");
    reveal_unopposed(&mut s, REBEL, "reveal aggressive_negotiations han_solo");
    assert!(!s.is_captured(leader("han_solo")), "rescued");

    let mut s = rote(16)
        .units("mustafar", "stormtrooper", 1)
        .units("mustafar", "at_st", 1)
        .leader_at("mustafar", "han_solo")
        .in_pool("chirrut_imwe")
        .build();
    captured(&mut s, "han_solo");
    failed_at(&mut s, REBEL, "aggressive_negotiations", "mustafar", Some("han_solo"), &["chirrut_imwe"]);
    settle(&mut s);
    let e = refuse(&mut s, REBEL, "pick unit mustafar at_st");
    assert!(e.to_string().contains("Destroyed Units") || e.to_string().contains("Mission Cards"), "{e}");
    act(&mut s, REBEL, "pick unit mustafar stormtrooper");
    assert_eq!(s.units(place("mustafar"), EMPIRE).count(unit("stormtrooper")), 0);
    assert!(s.is_captured(leader("han_solo")), "no rescue on a failure");

    // An Assault Tank is an Imperial ▲ ground unit too.
    let mut s = rote(16)
        .units("mustafar", "assault_tank", 1)
        .leader_at("mustafar", "han_solo")
        .in_pool("chirrut_imwe")
        .build();
    captured(&mut s, "han_solo");
    failed_at(&mut s, REBEL, "aggressive_negotiations", "mustafar", Some("han_solo"), &["chirrut_imwe"]);
    settle(&mut s);
    act(&mut s, REBEL, "pick unit mustafar assault_tank");
    assert_eq!(s.units(place("mustafar"), EMPIRE).count(unit("assault_tank")), 0);
}

#[test]
fn heist_removes_a_target_marker_or_draws_an_objective_at_a_death_star() {
    let mut s = rote(17)
        .in_pool("jyn_erso")
        .units("hoth", "stormtrooper", 1)
        .assign(REBEL, "heist", &["jyn_erso"])
        .command(REBEL)
        .build();
    s.targets.placed.push(marker("secure_the_plans", "hoth"));
    sure(&mut s, "jyn_erso");
    reveal_unopposed(&mut s, REBEL, "reveal heist hoth");
    let e = refuse(&mut s, REBEL, "mode 2");
    assert!(e.to_string().contains("Mission Cards"), "no Death Star in Hoth: {e}");
    act(&mut s, REBEL, "mode 1");
    assert!(s.targets.placed.is_empty(), "the marker is removed");
    assert!(!forbids(&s, TargetRule::ForbidDeathStarPlans), "the Plans may be played again");

    let mut s = rote(17)
        .in_pool("jyn_erso")
        .units("endor", "death_star", 1)
        .assign(REBEL, "heist", &["jyn_erso"])
        .command(REBEL)
        .build();
    sure(&mut s, "jyn_erso");
    let top = s.decks.objectives[0];
    reveal_unopposed(&mut s, REBEL, "reveal heist endor");
    act(&mut s, REBEL, "mode 2");
    assert!(s.hands.rebel.objectives.contains(&top), "the top objective card is drawn");
}

#[test]
fn prepare_for_battle_sends_the_leaders_home_and_takes_the_used_advanced_tactics_back() {
    let mut s = rote(18)
        .in_pool("saw_gerrera")
        .subjugated("mustafar")
        .assign(REBEL, "prepare_for_battle", &["saw_gerrera"])
        .command(REBEL)
        .build();
    let mut decks = holonet::engine::rebellion::combat::cinematic::CinematicDecks::full();
    let used = [support::cinematic::adv("take_cover"), support::cinematic::adv("rogue_one")];
    decks.own.rebel.deck.retain(|a| !used.contains(a));
    decks.own.rebel.discard = used.to_vec();
    s.cinematic = Some(Box::new(decks));
    assert!(!is_legal(&s, "reveal prepare_for_battle naboo"), "a subjugated system only");
    reveal_unopposed(&mut s, REBEL, "reveal prepare_for_battle mustafar");
    assert!(s.leader_pool.rebel.contains(&leader("saw_gerrera")), "back in the pool");
    // Cinematic combat never draws from the shared tactic decks: only the advanced option is open.
    assert!(!is_legal(&s, "mode 1"), "looking at a shared tactic deck is not offered");
    let e = refuse(&mut s, REBEL, "pick system hoth");
    assert!(e.to_string().contains("the choice the card asks for"), "{e}");
    act(&mut s, REBEL, "mode 2");
    let own = &s.cinematic.as_ref().expect("decks").own.rebel;
    assert!(own.discard.is_empty(), "every used card is taken back");
    assert!(used.iter().all(|a| own.deck.contains(a)));
}

#[test]
fn prepare_for_battle_does_nothing_more_without_used_advanced_tactics() {
    let mut s = rote(18)
        .in_pool("saw_gerrera")
        .subjugated("mustafar")
        .assign(REBEL, "prepare_for_battle", &["saw_gerrera"])
        .command(REBEL)
        .build();
    let top: Vec<_> = s.decks.ground_tactics.clone();
    reveal_unopposed(&mut s, REBEL, "reveal prepare_for_battle mustafar");
    assert!(s.leader_pool.rebel.contains(&leader("saw_gerrera")), "back in the pool");
    assert!(!is_legal(&s, "mode 1") && !is_legal(&s, "mode 2"), "nothing left to choose");
    assert_eq!(s.decks.ground_tactics, top, "the shared deck is untouched");
}

#[test]
fn secret_mission_takes_two_of_the_top_six_with_cassian_andor() {
    let mut s = rote(19)
        .in_pool("cassian_andor")
        .loyalty("naboo", Some(REBEL))
        .assign(REBEL, "secret_mission", &["cassian_andor"])
        .command(REBEL)
        .build();
    let top: Vec<_> = s.decks.missions.rebel[..6].to_vec();
    let deck = s.decks.missions.rebel.len();
    assert!(!is_legal(&s, "reveal secret_mission mustafar"), "a Rebel system only");
    act(&mut s, REBEL, "reveal secret_mission naboo");
    let outside = s.decks.missions.rebel.iter().find(|m| !top.contains(m)).copied();
    if let Some(m) = outside {
        let e = refuse(&mut s, REBEL, &format!("pick mission {m}"));
        assert!(e.to_string().contains("looked at"), "{e}");
    }
    act(&mut s, REBEL, &format!("pick mission {}", top[0]));
    let second = top.iter().find(|&&m| m != top[0]).expect("another card");
    act(&mut s, REBEL, &format!("pick mission {second}"));
    assert_eq!(s.decks.missions.rebel.len(), deck - 2, "two taken, the rest shuffled back");
    assert!(s.hands.rebel.missions.contains(&top[0]) && s.hands.rebel.missions.contains(second));
}

// ---------------------------------------------------------------- Rebel, Vader icon

#[test]
fn safe_haven_deploys_up_to_two_queued_units_into_a_rebel_system() {
    let mut s = rote(20)
        .loyalty("naboo", Some(REBEL))
        .loyalty("bespin", Some(REBEL))
        .units("bespin", "stormtrooper", 1)
        .queued(REBEL, 2, "x_wing", 1)
        .queued(REBEL, 3, "rebel_trooper", 2)
        .assign(REBEL, "safe_haven", &["general_rieekan"])
        .command(REBEL)
        .build();
    let e = refuse(&mut s, REBEL, "reveal safe_haven bespin");
    assert!(e.to_string().contains("Mission Cards"), "no Imperial unit may be there: {e}");
    reveal_unopposed(&mut s, REBEL, "reveal safe_haven naboo");
    act(&mut s, REBEL, "pick queued 2 x_wing");
    act(&mut s, REBEL, "pick queued 3 rebel_trooper");
    let here = s.units(place("naboo"), REBEL);
    assert_eq!((here.count(unit("x_wing")), here.count(unit("rebel_trooper"))), (1, 1));
    assert_eq!(s.build_queue.rebel[2].count(unit("rebel_trooper")), 1, "two units at most");
}

#[test]
fn regional_aid_gains_loyalty_here_and_in_another_system_of_the_region() {
    let mut s = rote(21).assign(REBEL, "regional_aid", &["mon_mothma"]).command(REBEL).build();
    reveal_unopposed(&mut s, REBEL, "reveal regional_aid naboo");
    assert_eq!(s.sys(sys("naboo")).loyalty, Some(REBEL));
    let e = refuse(&mut s, REBEL, "pick system mustafar");
    assert!(e.to_string().contains("Loyalty"), "Mustafar is in another region: {e}");
    act(&mut s, REBEL, "pick system sullust");
    assert_eq!(s.sys(sys("sullust")).loyalty, Some(REBEL));
    assert_eq!(s.sys(sys("utapau")).loyalty, None, "one other system only");
}

#[test]
fn reconnaissance_takes_a_mission_back_from_the_discard_pile() {
    let mut s = rote(22)
        .loyalty("naboo", Some(EMPIRE))
        .assign(REBEL, "reconnaissance", &["jan_dodonna"])
        .command(REBEL)
        .build();
    s.decks.mission_discard.rebel = vec![mission("daring_rescue"), mission("hidden_fleet")];
    assert!(!is_legal(&s, "reveal reconnaissance mustafar"), "an Imperial system only");
    reveal_unopposed(&mut s, REBEL, "reveal reconnaissance naboo");
    let e = refuse(&mut s, REBEL, "pick mission seek_yoda");
    assert!(e.to_string().contains("discard pile"), "{e}");
    act(&mut s, REBEL, "pick mission hidden_fleet");
    assert!(s.hands.rebel.missions.contains(&mission("hidden_fleet")));
    assert_eq!(s.decks.mission_discard.rebel, vec![mission("daring_rescue"), mission("reconnaissance")]);
}

#[test]
fn critical_rescue_rescues_the_captive_and_returns_to_hand_when_it_fails() {
    let mut s = rote(23)
        .units("mustafar", "stormtrooper", 1)
        .leader_at("mustafar", "han_solo")
        .leader_at("naboo", "princess_leia")
        .assign(REBEL, "critical_rescue", &["chewbacca"])
        .command(REBEL)
        .build();
    captured(&mut s, "han_solo");
    sure(&mut s, "chewbacca");
    let e = refuse(&mut s, REBEL, "reveal critical_rescue princess_leia");
    assert!(!e.to_string().is_empty());
    reveal_unopposed(&mut s, REBEL, "reveal critical_rescue han_solo");
    assert!(!s.is_captured(leader("han_solo")));
    act(&mut s, REBEL, "done"); // Chewbacca stays where he is
    assert!(s.decks.mission_discard.rebel.contains(&mission("critical_rescue")));

    let mut s = rote(23).units("mustafar", "stormtrooper", 1).leader_at("mustafar", "han_solo").build();
    captured(&mut s, "han_solo");
    failed_at(&mut s, REBEL, "critical_rescue", "mustafar", Some("han_solo"), &["chewbacca"]);
    settle(&mut s);
    assert!(s.hands.rebel.missions.contains(&mission("critical_rescue")), "back in hand");
    assert!(s.is_captured(leader("han_solo")));
}

#[test]
fn covert_operations_draws_two_objectives_and_keeps_one() {
    let mut s = rote(24)
        .units("mustafar", "tie_fighter", 1)
        .assign(REBEL, "covert_operations", &["jan_dodonna"])
        .command(REBEL)
        .build();
    let (a, b, c) = (s.decks.objectives[0], s.decks.objectives[1], s.decks.objectives[2]);
    assert!(!is_legal(&s, "reveal covert_operations naboo"), "an Imperial unit must be there");
    reveal_unopposed(&mut s, REBEL, "reveal covert_operations mustafar");
    let e = refuse(&mut s, REBEL, &format!("pick objective {c}"));
    assert!(!e.to_string().is_empty());
    act(&mut s, REBEL, &format!("pick objective {b}"));
    assert!(s.hands.rebel.objectives.contains(&b));
    assert_eq!(s.decks.objectives.last(), Some(&a), "the other goes to the bottom");
}

#[test]
fn assault_destroys_stormtroopers_up_to_the_margin_even_unopposed() {
    let mut s = rote(25)
        .subjugated("mustafar")
        .units("mustafar", "stormtrooper", 4)
        .units("mustafar", "at_st", 1)
        .assign(REBEL, "assault", &["chewbacca"])
        .command(REBEL)
        .build();
    sure(&mut s, "chewbacca");
    assert!(!is_legal(&s, "reveal assault naboo"), "a subjugated system only");
    let ev = reveal_unopposed(&mut s, REBEL, "reveal assault mustafar");
    assert!(!events_of(&ev, |k| matches!(k, EventKind::DiceRolled { .. })).is_empty(), "dice are rolled");
    let e = refuse(&mut s, REBEL, "pick unit mustafar at_st");
    assert!(e.to_string().contains("Destroyed Units") || e.to_string().contains("Mission Cards"), "{e}");
    for _ in 0..3 {
        act(&mut s, REBEL, "pick unit mustafar stormtrooper");
    }
    assert_eq!(s.units(place("mustafar"), EMPIRE).count(unit("stormtrooper")), 1, "at most three");
    assert_eq!(decision(&s).map(|d| d.kind), Some(holonet::engine::rebellion::PromptKind::CommandTurn));
}

#[test]
fn plant_explosives_destroys_up_to_three_imperial_ground_units_within_the_margin() {
    let mut s = rote(26)
        .units("mustafar", "stormtrooper", 3)
        .units("mustafar", "at_at", 1)
        .units("mustafar", "tie_fighter", 1)
        .assign(REBEL, "plant_explosives", &["chewbacca"])
        .command(REBEL)
        .build();
    sure(&mut s, "chewbacca");
    reveal_unopposed(&mut s, REBEL, "reveal plant_explosives mustafar");
    let e = refuse(&mut s, REBEL, "pick unit mustafar tie_fighter");
    assert!(e.to_string().contains("Destroyed Units") || e.to_string().contains("Mission Cards"), "{e}");
    act(&mut s, REBEL, "pick unit mustafar at_at");
    act(&mut s, REBEL, "pick unit mustafar stormtrooper");
    act(&mut s, REBEL, "pick unit mustafar stormtrooper");
    let left = s.units(place("mustafar"), EMPIRE);
    assert_eq!((left.count(unit("at_at")), left.count(unit("stormtrooper"))), (0, 1), "three units at most");
    assert_eq!(left.count(unit("tie_fighter")), 1);
}

#[test]
fn behind_enemy_lines_moves_up_to_five_units_from_the_base_space() {
    let mut s = rote(27)
        .loyalty("naboo", Some(REBEL))
        .units("rebel_base", "rebel_transport", 1)
        .units("rebel_base", "rebel_trooper", 3)
        .units("rebel_base", "x_wing", 3)
        .leader_at("rebel_base", "general_madine")
        .assign(REBEL, "behind_enemy_lines", &["chewbacca"])
        .command(REBEL)
        .build();
    let e = refuse(&mut s, REBEL, "reveal behind_enemy_lines mustafar");
    assert!(e.to_string().contains("Mission Cards"), "a neutral system does not do: {e}");
    act(&mut s, REBEL, "reveal behind_enemy_lines naboo");
    act(&mut s, REBEL, "move rebel_base rebel_transport 1");
    act(&mut s, REBEL, "move rebel_base rebel_trooper 2");
    act(&mut s, REBEL, "move rebel_base x_wing 2");
    finish_moving(&mut s, REBEL);
    let here = s.units(place("naboo"), REBEL);
    assert_eq!(
        (here.count(unit("rebel_transport")), here.count(unit("rebel_trooper")), here.count(unit("x_wing"))),
        (1, 2, 2),
        "five units; the leader there holds nobody back"
    );
    assert_eq!(s.base_space.units.rebel.count(unit("x_wing")), 1);
}

#[test]
fn my_only_hope_recruits_one_of_its_heroes_in_a_remote_system() {
    let mut s = rote(28).assign(REBEL, "my_only_hope", &["mon_mothma"]).command(REBEL).build();
    assert!(!is_legal(&s, "reveal my_only_hope naboo"), "remote systems only");
    act(&mut s, REBEL, "reveal my_only_hope hoth");
    let e = refuse(&mut s, REBEL, "pick leader general_madine");
    assert!(e.to_string().contains("Recruiting Leaders"), "{e}");
    act(&mut s, REBEL, "pick leader jyn_erso");
    assert_eq!(s.leader_place(leader("jyn_erso")), Some(place("hoth")));
}

#[test]
fn rebel_promotion_recruits_one_of_its_officers_in_a_rebel_system() {
    let mut s = rote(29)
        .loyalty("naboo", Some(REBEL))
        .assign(REBEL, "rebel_promotion", &["mon_mothma"])
        .command(REBEL)
        .build();
    act(&mut s, REBEL, "reveal rebel_promotion naboo");
    let e = refuse(&mut s, REBEL, "pick leader luke_skywalker");
    assert!(e.to_string().contains("Recruiting Leaders"), "{e}");
    act(&mut s, REBEL, "pick leader cassian_andor");
    assert_eq!(s.leader_place(leader("cassian_andor")), Some(place("naboo")));
}

// ---------------------------------------------------------------- replacement printings

#[test]
fn sabotage_and_construct_super_star_destroyer_have_replacement_printings() {
    use holonet::engine::rebellion::cards::mission_behavior;
    let c = catalog();
    for (new, old) in [
        ("sabotage_rote", "sabotage"),
        ("construct_super_star_destroyer_rote", "construct_super_star_destroyer"),
    ] {
        let d = c.mission(mission(new));
        assert_eq!(d.set, ContentSet::RiseOfTheEmpire, "{new}");
        assert_eq!(d.replaces, Some(mission(old)), "{new}");
        assert_eq!(mission_behavior(mission(new)).effects, mission_behavior(mission(old)).effects, "{new}");
    }
    // The replacement Sabotage works as the base card: a populous system only.
    let mut s = rote(30).assign(REBEL, "sabotage_rote", &["chewbacca"]).command(REBEL).build();
    assert!(!is_legal(&s, "reveal sabotage_rote hoth"));
    reveal_unopposed(&mut s, REBEL, "reveal sabotage_rote naboo");
    assert!(s.sys(sys("naboo")).sabotaged);
}

// ---------------------------------------------------------------- target markers

#[test]
fn target_markers_are_taken_by_the_other_sides_ground_units_once_moves_are_over() {
    let mut s =
        rote(31).units("hoth", "stormtrooper", 1).units("hoth", "rebel_trooper", 1).command(REBEL).build();
    s.targets.placed.push(marker("secure_the_plans", "hoth"));
    settle(&mut s);
    assert_eq!(s.targets.placed.len(), 1, "the Empire still has a ground unit there");
    s.zone_mut(place("hoth")).units.empire.remove(unit("stormtrooper"), 1);
    s.supply.empire.add(unit("stormtrooper"), 1);
    let ev = settle(&mut s);
    assert!(s.targets.placed.is_empty(), "the Rebels hold Hoth on the ground alone");
    assert!(public_text(&ev).contains("Secure the Plans"), "announced to everyone");
    assert!(view(&s, Viewer::Public).target_markers.is_empty());
}

#[test]
fn target_markers_leave_with_a_destroyed_system() {
    let mut s = rote(32).command(EMPIRE).build();
    s.targets.placed.push(marker("secure_the_plans", "hoth"));
    s.targets.placed.push(marker("secure_the_plans", "endor"));
    let mut ctx = Ctx::new(&mut s);
    destroy_system(&mut ctx, sys("hoth"));
    advance(&mut ctx);
    assert_eq!(s.targets.placed, vec![marker("secure_the_plans", "endor")]);
    assert!(s.targets.removed.is_empty(), "the removal has run");
}

#[test]
fn base_matches_never_see_expansion_missions_or_markers() {
    for seed in 1..6 {
        let s = new_game(seed, MatchOptions { quick_setup: true, ..Default::default() });
        let all = s
            .hands
            .rebel
            .missions
            .iter()
            .chain(&s.hands.empire.missions)
            .chain(&s.decks.missions.rebel)
            .chain(&s.decks.missions.empire)
            .chain(&s.decks.projects);
        for &m in all {
            assert_eq!(catalog().mission(m).set, ContentSet::Base, "seed {seed}: {m}");
        }
        let json = serde_json::to_string(&s).unwrap();
        assert!(!json.contains("targets"), "no marker field in a base save");
    }
}

#[test]
fn mission_set_icons_come_from_the_card_or_its_portrait() {
    let c = catalog();
    let icon = |m: &str| c.mission(mission(m)).icon;
    assert_eq!(icon("seek_yoda"), MissionIcon::Leader, "a base portrait is the leader icon");
    assert_eq!(icon("daring_rescue"), MissionIcon::None, "a base card without portrait: no icon");
    assert_eq!(icon("secure_the_plans"), MissionIcon::Leader);
    assert_eq!(icon("stolen_intel"), MissionIcon::Vader);
    assert_eq!(
        (icon("subversion_empire"), icon("subversion_empire_base_set")),
        (MissionIcon::Vader, MissionIcon::None)
    );
    let d = |m: &str| c.mission(mission(m));
    assert!(d("seek_yoda").in_set(MissionSet::Base) && d("seek_yoda").in_set(MissionSet::Vader));
    assert!(d("daring_rescue").in_set(MissionSet::Base) && !d("daring_rescue").in_set(MissionSet::Vader));
    assert!(d("stolen_intel").in_set(MissionSet::Vader) && !d("stolen_intel").in_set(MissionSet::Base));
    assert!(d("sabotage").in_set(MissionSet::Vader), "starting missions are always used");
    assert!(d("interdictor_development").in_set(MissionSet::Base), "projects are always used");
    // The count: 30 titles, Subversion printed twice for each side.
    let titles: std::collections::BTreeSet<&str> = c
        .missions
        .iter()
        .filter(|m| m.set == ContentSet::RiseOfTheEmpire && m.replaces.is_none())
        .map(|m| m.name.as_str())
        .collect();
    assert_eq!(titles.len(), 30);
}
