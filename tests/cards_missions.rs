//! Special action cards and rings that answer a mission (Rules Reference: Action Cards,
//! Attachment Rings, Mission Cards): each is offered only to a player who holds it, at its
//! moment, with its leader where the card says.

mod support;

use holonet::content::{ActionCardId, ByFaction, DieFace, Faction};
use holonet::engine::rebellion::event::EventKind;
use holonet::engine::rebellion::mission::MissionStep;
use holonet::engine::rebellion::state::Ring;
use holonet::engine::rebellion::{PromptKind, RuleError, State, decision};
use support::*;

fn card(name: &str) -> ActionCardId {
    ActionCardId::parse(name).unwrap()
}

/// A cleared board, base hidden in Dantooine; `f` holds `cards` (and nobody else holds any).
fn board(f: Faction, cards: &[&str]) -> Scenario {
    let mut sc = Scenario::new(4).clear().base("dantooine", false);
    sc.s.hands.rebel.actions.clear();
    sc.s.hands.empire.actions.clear();
    sc.s.hands.get_mut(f).actions = cards.iter().map(|c| card(c)).collect();
    sc
}

fn rolled(ev: &[holonet::engine::rebellion::Event]) -> usize {
    events_of(ev, |k| matches!(k, EventKind::DiceRolled { .. })).len()
}

/// A Command Phase turn of `f` in the middle of revealing `mission` in `at` with `leaders`
/// (already placed there), stopped at `step` with the given dice: a scripted position for the
/// windows after the roll.
fn mission_at(
    s: &mut State,
    f: Faction,
    mission_id: &str,
    at: &str,
    leaders: &[&str],
    step: MissionStep,
    dice: ByFaction<Vec<DieFace>>,
) {
    let run = mission_in_progress(s, f, mission_id, at, None, leaders, step);
    run.success = step == MissionStep::After;
    run.dice = dice;
}

#[test]
fn blindside_keeps_rebel_pool_leaders_from_opposing() {
    let mut s = board(EMPIRE, &["blindside"])
        .units("alderaan", "stormtrooper", 1)
        .assign(EMPIRE, "rule_by_fear", &["janus_greejatus"])
        .command(EMPIRE)
        .build();
    let ev = act(&mut s, EMPIRE, "reveal rule_by_fear alderaan");
    let _ = ev;
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind), (EMPIRE, PromptKind::Respond), "right after the reveal");
    act(&mut s, EMPIRE, "action blindside");
    assert!(
        decision(&s).is_none_or(|d| d.kind != PromptKind::Oppose),
        "the Rebels are not asked to send a leader"
    );
    assert_eq!(s.sys(sys("alderaan")).loyalty, Some(EMPIRE), "unopposed, so it succeeds");
}

#[test]
fn blindside_needs_janus_or_boba_on_the_mission() {
    let mut s = board(EMPIRE, &["blindside"])
        .units("alderaan", "stormtrooper", 1)
        .assign(EMPIRE, "rule_by_fear", &["emperor_palpatine"])
        .command(EMPIRE)
        .build();
    act(&mut s, EMPIRE, "reveal rule_by_fear alderaan");
    assert_eq!(decision(&s).unwrap().kind, PromptKind::Oppose, "no window: the card cannot be used");
    let e = refuse(&mut s, EMPIRE, "action blindside");
    assert!(matches!(e, RuleError::NotYourDecision { .. }), "{e}");
}

#[test]
fn undercover_moves_lando_in_to_oppose_the_imperial_mission() {
    let mut s = board(REBEL, &["undercover"])
        .units("alderaan", "stormtrooper", 1)
        .leader_at("bespin", "lando_calrissian")
        .assign(EMPIRE, "rule_by_fear", &["darth_vader"])
        .command(EMPIRE)
        .build();
    act(&mut s, EMPIRE, "reveal rule_by_fear alderaan");
    act(&mut s, REBEL, "done");
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind), (REBEL, PromptKind::Respond), "before any dice");
    let ev = act(&mut s, REBEL, "action undercover");
    assert_eq!(s.leader_place(leader("lando_calrissian")), Some(place("alderaan")));
    assert_eq!(rolled(&ev), 2, "now opposed: both sides roll");
}

#[test]
fn wookiee_guardian_fails_an_imperial_spec_ops_mission_before_the_dice() {
    let mut s = board(REBEL, &["wookiee_guardian"])
        .units("kashyyyk", "stormtrooper", 1)
        .leader_at("kashyyyk", "chewbacca")
        .assign(EMPIRE, "capture_rebel_operative", &["darth_vader"])
        .command(EMPIRE)
        .build();
    act(&mut s, EMPIRE, "reveal capture_rebel_operative chewbacca");
    act(&mut s, REBEL, "done");
    assert!(is_legal(&s, "action wookiee_guardian"));
    let ev = act(&mut s, REBEL, "action wookiee_guardian");
    assert_eq!(rolled(&ev), 0, "no dice are rolled");
    let result = events_of(&ev, |k| matches!(k, EventKind::MissionResult { .. }));
    assert_eq!(
        result,
        vec![EventKind::MissionResult {
            mission: mission("capture_rebel_operative"),
            success: false,
            tally: None
        }]
    );
    assert!(!s.is_captured(leader("chewbacca")));
}

#[test]
fn wookiee_guardian_does_not_answer_other_skills() {
    let mut s = board(REBEL, &["wookiee_guardian"])
        .units("kashyyyk", "stormtrooper", 1)
        .leader_at("kashyyyk", "chewbacca")
        .assign(EMPIRE, "rule_by_fear", &["darth_vader"])
        .command(EMPIRE)
        .build();
    let ev = act(&mut s, EMPIRE, "reveal rule_by_fear kashyyyk");
    assert!(!is_legal(&s, "action wookiee_guardian"), "diplomacy mission");
    let _ = ev;
}

#[test]
fn one_in_a_million_sets_two_mission_dice() {
    let mut s = board(REBEL, &["one_in_a_million"])
        .units("alderaan", "stormtrooper", 1)
        .assign(REBEL, "infiltration", &["luke_skywalker"])
        .command(REBEL)
        .build();
    act(&mut s, REBEL, "reveal infiltration alderaan");
    act(&mut s, EMPIRE, "oppose emperor_palpatine");
    act(&mut s, REBEL, "action one_in_a_million");
    act(&mut s, REBEL, "pick face special");
    let ev = act(&mut s, REBEL, "pick face special");
    let rebel_dice = ev
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::DiceRolled { faction: Faction::Rebel, faces, .. } => Some(faces.clone()),
            _ => None,
        })
        .expect("the Rebels roll");
    assert_eq!(rebel_dice.len(), 2, "Luke's two intel icons");
    assert_eq!(rebel_dice, vec![DieFace::Special, DieFace::Special], "set, not rolled");
}

#[test]
fn one_in_a_million_needs_luke_or_wedge_in_the_system() {
    let mut s = board(REBEL, &["one_in_a_million"])
        .units("alderaan", "stormtrooper", 1)
        .assign(REBEL, "infiltration", &["jan_dodonna"])
        .command(REBEL)
        .build();
    act(&mut s, REBEL, "reveal infiltration alderaan");
    act(&mut s, EMPIRE, "oppose emperor_palpatine");
    assert!(!is_legal(&s, "action one_in_a_million"));
}

#[test]
fn it_is_your_destiny_captures_a_rescuer() {
    let mut s = board(EMPIRE, &["it_is_your_destiny"])
        .units("bespin", "tie_fighter", 1)
        .leader_at("bespin", "darth_vader")
        .leader_at("bespin", "princess_leia")
        .build();
    // Leia was captured when the mission was revealed and is free now: it rescued her.
    s.captured.push(leader("princess_leia"));
    mission_at(
        &mut s,
        REBEL,
        "build_alliance",
        "bespin",
        &["han_solo", "chewbacca"],
        MissionStep::After,
        ByFaction::default(),
    );
    s.captured.clear();
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind), (EMPIRE, PromptKind::Respond));
    act(&mut s, EMPIRE, "action it_is_your_destiny");
    let e = refuse(&mut s, EMPIRE, "pick leader princess_leia");
    assert!(
        matches!(e, RuleError::Illegal { rule: "Action Cards", .. }),
        "only a leader who attempted it: {e}"
    );
    act(&mut s, EMPIRE, "pick leader han_solo");
    assert!(s.is_captured(leader("han_solo")));
}

/// Daring Rescue by Luke and Han in Bespin, where Vader guards the captive Leia beside a TIE
/// fighter; the Rebels win the roll. Stops right after the rescue.
fn daring_rescue_past_vader() -> State {
    let mut s = board(EMPIRE, &["it_is_your_destiny"])
        .units("bespin", "tie_fighter", 1)
        .leader_at("bespin", "darth_vader")
        .leader_at("bespin", "princess_leia")
        .assign(REBEL, "daring_rescue", &["luke_skywalker", "han_solo"])
        .command(REBEL)
        .build();
    s.captured.push(leader("princess_leia"));
    s.round_effects.bonus.push((leader("luke_skywalker"), 20));
    act(&mut s, REBEL, "reveal daring_rescue bespin");
    // Nobody holds a card for the reveal or the dice: the mission runs to its ability.
    while seat(&s) == Some(EMPIRE) && is_legal(&s, "done") && !is_legal(&s, "action it_is_your_destiny") {
        act(&mut s, EMPIRE, "done");
    }
    assert!(!s.is_captured(leader("princess_leia")), "rescued");
    s
}

#[test]
fn it_is_your_destiny_answers_a_rescue_before_the_rescuers_go_along() {
    // Reading chosen: "right after a leader has been rescued" comes before the rescuers' move
    // to the Rebel Base space, which the Rules Reference lists after the rescue (Rescuing
    // Captured Leaders); so the Rebels cannot dodge the card by leaving first.
    let mut s = daring_rescue_past_vader();
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind), (EMPIRE, PromptKind::Respond), "the Empire answers first");
    assert_eq!(s.leader_place(leader("luke_skywalker")), Some(place("bespin")), "not gone yet");
    act(&mut s, EMPIRE, "action it_is_your_destiny");
    act(&mut s, EMPIRE, "pick leader luke_skywalker");
    assert!(s.is_captured(leader("luke_skywalker")));
    // Then the other rescuer may still go along; the captive may not.
    assert_eq!(seat(&s), Some(REBEL));
    assert!(!is_legal(&s, "pick leader luke_skywalker"), "captured: not moved by the Rebels");
    act(&mut s, REBEL, "pick leader han_solo");
    assert_eq!(s.leader_place(leader("han_solo")), Some(place("rebel_base")));
    assert!(s.is_captured(leader("luke_skywalker")), "the capture holds beside the TIE fighter");
    assert_eq!(s.leader_place(leader("luke_skywalker")), Some(place("bespin")));
}

#[test]
fn it_is_your_destiny_declined_at_the_rescue_is_not_offered_again() {
    let mut s = daring_rescue_past_vader();
    act(&mut s, EMPIRE, "done");
    // Han stays, Luke goes: the moment "right after the rescue" is over.
    act(&mut s, REBEL, "pick leader luke_skywalker");
    act(&mut s, REBEL, "done");
    assert!(!is_legal(&s, "action it_is_your_destiny"), "{:?}", legal(&s));
    assert!(s.hands.empire.actions.contains(&card("it_is_your_destiny")), "kept for later");
}

#[test]
fn it_is_your_destiny_offers_only_rescuers_whose_capture_would_hold() {
    // A leader in the Rebel Base space, or in a system without Imperial units, would be
    // rescued again at once (Rules Reference: Rescuing Captured Leaders).
    let mut s = board(EMPIRE, &["it_is_your_destiny"])
        .units("bespin", "tie_fighter", 1)
        .leader_at("bespin", "darth_vader")
        .leader_at("bespin", "princess_leia")
        .build();
    s.captured.push(leader("princess_leia"));
    mission_at(
        &mut s,
        REBEL,
        "build_alliance",
        "bespin",
        &["han_solo", "chewbacca"],
        MissionStep::After,
        ByFaction::default(),
    );
    s.captured.clear();
    // Chewbacca already went to the Rebel Base space.
    s.zone_mut(place("bespin")).leaders.rebel.retain(|&l| l != leader("chewbacca"));
    s.base_space.leaders.rebel.push(leader("chewbacca"));
    act(&mut s, EMPIRE, "action it_is_your_destiny");
    // Han is the only leader it can take: taken without asking.
    assert!(s.is_captured(leader("han_solo")));
    assert!(!s.is_captured(leader("chewbacca")), "out of reach in the Rebel Base space");

    // With both rescuers out of reach the card is not offered at all.
    let mut s = board(EMPIRE, &["it_is_your_destiny"])
        .units("bespin", "tie_fighter", 1)
        .leader_at("bespin", "darth_vader")
        .leader_at("bespin", "princess_leia")
        .build();
    s.captured.push(leader("princess_leia"));
    mission_at(
        &mut s,
        REBEL,
        "build_alliance",
        "bespin",
        &["han_solo"],
        MissionStep::After,
        ByFaction::default(),
    );
    s.captured.clear();
    s.zone_mut(place("bespin")).leaders.rebel.retain(|&l| l != leader("han_solo"));
    s.base_space.leaders.rebel.push(leader("han_solo"));
    assert!(!is_legal(&s, "action it_is_your_destiny"), "{:?}", legal(&s));
}

#[test]
fn noble_sacrifice_eliminates_obi_wan_instead_of_his_capture() {
    let mut s = board(REBEL, &["noble_sacrifice"])
        .units("bespin", "tie_fighter", 1)
        .leader_at("bespin", "obi_wan_kenobi")
        .reputation(12)
        .build();
    mission_at(
        &mut s,
        EMPIRE,
        "capture_rebel_operative",
        "bespin",
        &["darth_vader"],
        MissionStep::After,
        ByFaction::default(),
    );
    s.captured.push(leader("obi_wan_kenobi"));
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind), (REBEL, PromptKind::Respond));
    act(&mut s, REBEL, "action noble_sacrifice");
    assert!(s.eliminated.contains(&leader("obi_wan_kenobi")));
    assert!(!s.is_captured(leader("obi_wan_kenobi")));
    assert_eq!(s.reputation, 11, "one reputation gained");
}

#[test]
fn r2_d2_ring_blanks_an_imperial_mission_die() {
    let mut s =
        board(REBEL, &[]).units("bespin", "tie_fighter", 1).leader_at("bespin", "jan_dodonna").build();
    s.rings.insert(leader("jan_dodonna"), Ring::R2d2);
    let dice = ByFaction {
        rebel: vec![DieFace::Hit],
        empire: vec![DieFace::Special, DieFace::Blank, DieFace::Blank],
    };
    mission_at(&mut s, EMPIRE, "rule_by_fear", "bespin", &["darth_vader"], MissionStep::Dice, dice);
    act(&mut s, REBEL, "ring jan_dodonna");
    // Only the special can be picked (the blanks are blank already): taken at once.
    assert_eq!(s.ring(leader("jan_dodonna")), None, "the ring is used up");
    assert_eq!(s.sys(sys("bespin")).loyalty, None, "1 Rebel success beats 0: the mission fails");
}

#[test]
fn boba_fett_where_leaves_rings_usable_in_the_watched_system() {
    // The R2-D2 ring came from an action card, but acting with it later is the ring's
    // ability, not using an action card (Rules Reference: Action Cards, Attachment Rings), so
    // Boba Fett's watch does not stop it (docs/cards.md).
    let mut s = board(REBEL, &[])
        .units("bespin", "tie_fighter", 1)
        .leader_at("bespin", "jan_dodonna")
        .leader_at("bespin", "boba_fett")
        .build();
    s.round_effects.locked.push(sys("bespin"));
    s.rings.insert(leader("jan_dodonna"), Ring::R2d2);
    let dice = ByFaction { rebel: vec![DieFace::Hit], empire: vec![DieFace::Special] };
    mission_at(&mut s, EMPIRE, "rule_by_fear", "bespin", &["darth_vader"], MissionStep::Dice, dice);
    assert!(is_legal(&s, "ring jan_dodonna"), "{:?}", legal(&s));
    act(&mut s, REBEL, "ring jan_dodonna");
    assert_eq!(s.sys(sys("bespin")).loyalty, None, "the mission fails");
}

#[test]
fn yoda_ring_rerolls_one_die_once_a_round() {
    let mut s =
        board(REBEL, &[]).units("bespin", "tie_fighter", 1).leader_at("bespin", "luke_skywalker").build();
    s.rings.insert(leader("luke_skywalker"), Ring::Yoda);
    let dice = ByFaction { rebel: vec![DieFace::Blank, DieFace::Blank], empire: vec![DieFace::Hit] };
    mission_at(&mut s, EMPIRE, "rule_by_fear", "bespin", &["darth_vader"], MissionStep::Dice, dice);
    act(&mut s, REBEL, "ring luke_skywalker");
    let ev = act(&mut s, REBEL, "pick die 1");
    assert!(
        events_of(&ev, |k| matches!(k, EventKind::DiceRolled { .. })).len() >= 2,
        "the dice are shown again"
    );
    assert!(s.round_effects.yoda_used);
    assert_eq!(s.ring(leader("luke_skywalker")), Some(Ring::Yoda), "Yoda stays");
}

#[test]
fn c_3po_ring_turns_a_failed_diplomacy_mission_into_a_success() {
    let mut s =
        board(REBEL, &[]).units("bespin", "tie_fighter", 1).leader_at("bespin", "darth_vader").build();
    s.rings.insert(leader("mon_mothma"), Ring::C3po);
    let dice = ByFaction { rebel: vec![DieFace::Blank], empire: vec![DieFace::Hit] };
    mission_at(&mut s, REBEL, "build_alliance", "bespin", &["mon_mothma"], MissionStep::Result, dice);
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind), (REBEL, PromptKind::Respond));
    act(&mut s, REBEL, "ring mon_mothma");
    assert_eq!(s.sys(sys("bespin")).loyalty, Some(REBEL), "the mission succeeds after all");
    assert_eq!(s.ring(leader("mon_mothma")), None);
}

#[test]
fn millennium_falcon_ring_frees_a_captive_after_a_successful_mission() {
    let mut s = board(REBEL, &[])
        .units("bespin", "tie_fighter", 1)
        .leader_at("bespin", "princess_leia")
        .base("dantooine", false)
        .build();
    s.captured.push(leader("princess_leia"));
    s.rings.insert(leader("han_solo"), Ring::MillenniumFalcon);
    mission_at(
        &mut s,
        REBEL,
        "build_alliance",
        "bespin",
        &["han_solo"],
        MissionStep::After,
        ByFaction::default(),
    );
    act(&mut s, REBEL, "ring han_solo");
    // One captive: the pick is forced (revealing the base is offered beside it in a Rebel turn).
    let picks: Vec<String> = legal(&s).into_iter().filter(|o| o != "reveal-base").collect();
    assert_eq!(picks, vec!["pick leader princess_leia"]);
    act(&mut s, REBEL, "pick leader princess_leia");
    assert!(!s.is_captured(leader("princess_leia")));
    assert_eq!(s.ring(leader("han_solo")), None);
}

#[test]
fn rings_are_not_offered_away_from_their_system() {
    let mut s = board(REBEL, &[]).units("bespin", "tie_fighter", 1).leader_at("hoth", "jan_dodonna").build();
    s.rings.insert(leader("jan_dodonna"), Ring::R2d2);
    let dice = ByFaction { rebel: vec![DieFace::Hit], empire: vec![DieFace::Special] };
    mission_at(&mut s, EMPIRE, "rule_by_fear", "bespin", &["darth_vader"], MissionStep::Dice, dice);
    let e = refuse(&mut s, REBEL, "ring jan_dodonna");
    assert!(
        matches!(e, RuleError::WrongStep { .. } | RuleError::NotYourDecision { .. } | RuleError::GameOver),
        "{e}"
    );
}

#[test]
fn son_of_skywalker_takes_seek_yoda_or_daring_rescue_after_a_success_where_luke_is() {
    let mut s = board(REBEL, &["son_of_skywalker"]).units("bespin", "tie_fighter", 1).build();
    s.decks.missions.rebel = vec![mission("hit_and_run"), mission("seek_yoda"), mission("daring_rescue")];
    mission_at(
        &mut s,
        REBEL,
        "build_alliance",
        "bespin",
        &["luke_skywalker"],
        MissionStep::After,
        ByFaction::default(),
    );
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind), (REBEL, PromptKind::Respond));
    act(&mut s, REBEL, "action son_of_skywalker");
    let e = refuse(&mut s, REBEL, "pick mission hit_and_run");
    assert!(matches!(e, RuleError::Illegal { rule: "Action Cards", .. }), "{e}");
    act(&mut s, REBEL, "pick mission seek_yoda");
    assert!(s.hands.rebel.missions.contains(&mission("seek_yoda")));
    assert_eq!(s.decks.missions.rebel.len(), 2);
}

#[test]
fn son_of_skywalker_needs_luke_where_the_mission_succeeded() {
    let mut s = board(REBEL, &["son_of_skywalker"]).units("bespin", "tie_fighter", 1).build();
    s.decks.missions.rebel = vec![mission("seek_yoda")];
    mission_at(
        &mut s,
        REBEL,
        "build_alliance",
        "bespin",
        &["mon_mothma"],
        MissionStep::After,
        ByFaction::default(),
    );
    assert!(!is_legal(&s, "action son_of_skywalker"));
}

#[test]
fn noble_sacrifice_replaces_the_capture_so_an_earlier_captive_stays_captured() {
    // "Instead": Obi-Wan is never captured, so the leader the Empire already held keeps the
    // captured ring where she is (a capture would have freed her to the Rebel base).
    let mut s = board(REBEL, &["noble_sacrifice"])
        .units("bespin", "tie_fighter", 1)
        .leader_at("bespin", "obi_wan_kenobi")
        .units("mustafar", "stormtrooper", 1)
        .leader_at("mustafar", "princess_leia")
        .assign(EMPIRE, "capture_rebel_operative", &["darth_vader"])
        .command(EMPIRE)
        .reputation(12)
        .build();
    s.captured.push(leader("princess_leia"));
    s.round_effects.bonus.push((leader("darth_vader"), 20));
    act(&mut s, EMPIRE, "reveal capture_rebel_operative obi_wan_kenobi");
    for _ in 0..10 {
        if is_legal(&s, "action noble_sacrifice") {
            break;
        }
        let d = decision(&s).expect("the mission goes on");
        assert!(d.actions.contains(&holonet::engine::rebellion::Action::Done), "{:?}", legal(&s));
        act(&mut s, d.seat, "done");
    }
    act(&mut s, REBEL, "action noble_sacrifice");
    assert!(s.eliminated.contains(&leader("obi_wan_kenobi")));
    assert!(!s.is_captured(leader("obi_wan_kenobi")));
    assert!(s.is_captured(leader("princess_leia")), "no capture happened: Leia stays captured");
    assert_eq!(s.leader_place(leader("princess_leia")), Some(place("mustafar")), "where she was held");
    assert_eq!(s.reputation, 11, "one reputation gained");
    assert!(holonet::engine::rebellion::invariants::violations(&s).is_empty());
}
