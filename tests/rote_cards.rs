//! Rise of the Empire's action cards and objectives (issue 18): the cards a match with the
//! expansion deals and shuffles, the smaller objective deck, and one scenario per card.

mod support;

use holonet::content::{ActionCardId, ContentSet, Faction, ObjectiveId, catalog};
use holonet::engine::rebellion::state::Ring;
use holonet::engine::rebellion::{MatchOptions, PromptKind, RuleError, State, apply, decision, new_game};
use support::*;

fn rote() -> MatchOptions {
    MatchOptions { quick_setup: true, rise_of_the_empire: true, ..Default::default() }
}

fn card(name: &str) -> ActionCardId {
    ActionCardId::parse(name).unwrap()
}

/// A quick-setup expansion match, base chosen (the first legal system), round 1 pending.
fn rote_started(seed: u64) -> State {
    let mut s = expansion_game(seed);
    let d = decision(&s).expect("base choice pending");
    assert_eq!(d.kind, PromptKind::ChooseBase);
    apply(&mut s, REBEL, d.actions[0].clone()).expect("base choice");
    s
}

/// A cleared expansion board, base hidden in Dantooine, where `f` alone holds `cards`.
fn rote_holding(seed: u64, f: Faction, cards: &[&str]) -> Scenario {
    let mut sc = Scenario { s: rote_started(seed) }.clear().base("dantooine", false);
    sc.s.hands.rebel.actions.clear();
    sc.s.hands.empire.actions.clear();
    sc.s.hands.get_mut(f).actions = cards.iter().map(|c| card(c)).collect();
    sc
}

/// An expansion match where `f` was dealt `cards` (the other side none); the base choice is
/// still pending.
fn rote_dealt(seed: u64, f: Faction, cards: &[&str]) -> State {
    let mut s = expansion_game(seed);
    s.hands.rebel.actions.clear();
    s.hands.empire.actions.clear();
    s.hands.get_mut(f).actions = cards.iter().map(|c| card(c)).collect();
    // A card in hand is not among those set aside.
    let dealt = s.hands.get(f).actions.clone();
    s.rote_cards.starting_rest.get_mut(f).retain(|c| !dealt.contains(c));
    s
}

fn choose_base(s: &mut State) {
    let d = decision(s).unwrap();
    apply(s, REBEL, d.actions[0].clone()).unwrap();
}

fn ids<'a>(cards: impl IntoIterator<Item = &'a ActionCardId>) -> Vec<&'static str> {
    let mut v: Vec<&'static str> = cards.into_iter().map(|c| c.key()).collect();
    v.sort();
    v
}

// ---------------------------------------------------------------------------------------------
// The content and the decks.

#[test]
fn the_expansion_cards_are_loaded_after_the_base_ones() {
    let c = catalog();
    let base = c.action_cards.iter().take_while(|a| a.set == ContentSet::Base).count();
    assert_eq!(base, 34, "base ids never move");
    assert!(c.action_cards[base..].iter().all(|a| a.set == ContentSet::RiseOfTheEmpire));
    let base_objectives = c.objectives.iter().take_while(|o| o.set == ContentSet::Base).count();
    assert_eq!(base_objectives, 15);
    assert!(c.objectives[base_objectives..].iter().all(|o| o.set == ContentSet::RiseOfTheEmpire));
    let good_intel = c.action_card(card("good_intel_rote"));
    assert_eq!(good_intel.replaces, Some(card("good_intel")));
}

#[test]
fn a_base_match_deals_and_shuffles_only_base_cards() {
    let s = new_game(11, MatchOptions { quick_setup: true, ..Default::default() });
    let c = catalog();
    for f in Faction::BOTH {
        let all = s.hands.get(f).actions.iter().chain(s.decks.actions.get(f));
        assert!(all.clone().all(|&a| c.action_card(a).set == ContentSet::Base), "{f}");
    }
    assert!(s.decks.actions.empire.contains(&card("good_intel")));
    assert_eq!(s.decks.objectives.len() + s.hands.rebel.objectives.len(), 15);
    assert!(
        s.decks
            .objectives
            .iter()
            .chain(&s.hands.rebel.objectives)
            .all(|&o| c.objective(o).set == ContentSet::Base)
    );
    assert!(s.rote_cards.is_empty(), "nothing of the expansion is recorded");
    let saved = serde_json::to_string(&s).unwrap();
    assert!(!saved.contains("rote_cards"), "a base save reads as before");
}

#[test]
fn an_expansion_match_shuffles_its_recruit_cards_and_replaces_good_intel() {
    let s = new_game(11, rote());
    let c = catalog();
    let recruit = |f: Faction| ids(s.decks.actions.get(f).iter().chain(&s.hands.get(f).actions));
    let empire = recruit(EMPIRE);
    assert!(empire.contains(&"good_intel_rote") && !empire.contains(&"good_intel"), "{empire:?}");
    assert!(empire.contains(&"lord_vaders_orders"));
    let rebel = recruit(REBEL);
    assert!(rebel.contains(&"son_of_skywalker_rote") && !rebel.contains(&"son_of_skywalker"), "{rebel:?}");
    for id in ["trust_in_the_force", "bazes_loyalty", "he_means_well"] {
        assert!(rebel.contains(&id), "{id} in {rebel:?}");
    }
    // Starting cards: two dealt, the rest set aside for the cards that deal one more.
    for f in Faction::BOTH {
        let starting: Vec<ActionCardId> = ActionCardId::all()
            .filter(|&a| c.action_card(a).faction == f && c.action_card(a).starting)
            .collect();
        let dealt = s.hands.get(f).actions.iter().filter(|a| c.action_card(**a).starting).count();
        // An Immediate card dealt is already used (it left the hand) once the base is chosen,
        // but here setup still waits for the base: both are in hand.
        assert_eq!(dealt, 2, "{f}");
        assert_eq!(s.rote_cards.starting_rest.get(f).len(), starting.len() - 2, "{f}");
        assert!(s.decks.actions.get(f).iter().all(|a| !c.action_card(*a).starting));
    }
    assert!(starting_of(REBEL).contains(&card("rebel_extremist")));
    assert!(starting_of(EMPIRE).contains(&card("early_promotion")));
}

fn starting_of(f: Faction) -> Vec<ActionCardId> {
    let c = catalog();
    ActionCardId::all().filter(|&a| c.action_card(a).faction == f && c.action_card(a).starting).collect()
}

#[test]
fn an_expansion_objective_deck_is_fifteen_cards_with_the_plans_in_stages_two_and_three() {
    for seed in [1, 2, 3, 40] {
        let s = new_game(seed, rote());
        let c = catalog();
        let mut deck: Vec<ObjectiveId> = s.hands.rebel.objectives.clone();
        deck.extend(&s.decks.objectives);
        assert_eq!(deck.len(), 15, "seed {seed}");
        let stages: Vec<u8> = deck.iter().map(|&o| c.objective(o).stage).collect();
        assert_eq!(stages, [[1u8; 5], [2; 5], [3; 5]].concat(), "stage I on top, then II, then III");
        assert!(deck[5..10].contains(&objective("death_star_plans_stage_2")));
        assert!(deck[10..].contains(&objective("death_star_plans_stage_3")));
        // The rest went back to the box, unseen; together they are every objective of the match.
        let mut all: Vec<ObjectiveId> = deck.iter().chain(&s.rote_cards.boxed_objectives).copied().collect();
        all.sort();
        assert_eq!(all, ObjectiveId::all().collect::<Vec<_>>(), "seed {seed}");
        // The box is not part of any view.
        let json = serde_json::to_string(&holonet::engine::rebellion::view(
            &s,
            holonet::engine::rebellion::Viewer::Faction(REBEL),
        ))
        .unwrap();
        assert!(!json.contains("boxed_objectives"));
    }
    // Base and expansion objectives are sorted together: over some seeds both kinds show up.
    let expansion_seen = (1..20).any(|seed| {
        let s = new_game(seed, rote());
        s.decks.objectives.iter().any(|&o| catalog().objective(o).set == ContentSet::RiseOfTheEmpire)
    });
    assert!(expansion_seen);
}

// ---------------------------------------------------------------------------------------------
// Starting cards.

#[test]
fn early_promotion_deals_another_starting_card_or_recruits_motti() {
    // Recruit Motti.
    let mut s = rote_dealt(21, EMPIRE, &["early_promotion"]);
    choose_base(&mut s);
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind), (EMPIRE, PromptKind::CardChoice), "resolved as soon as it is gained");
    let e = refuse(&mut s, EMPIRE, "mode 3");
    assert!(matches!(e, RuleError::Illegal { rule: "Action Cards", .. }), "{e}");
    act(&mut s, EMPIRE, "mode 2");
    assert!(s.leader_pool.empire.contains(&leader("admiral_motti")));
    assert!(s.hands.empire.actions.is_empty(), "the card is used");
    // Or one more starting card, from those not dealt.
    let mut s = rote_dealt(21, EMPIRE, &["early_promotion"]);
    let next = s.rote_cards.starting_rest.empire[0];
    choose_base(&mut s);
    let ev = act(&mut s, EMPIRE, "mode 1");
    assert!(!s.leader_pool.empire.contains(&leader("admiral_motti")));
    assert_eq!(s.hands.empire.actions.len() + usize::from(!s.hands.empire.actions.contains(&next)), 1);
    assert!(!s.rote_cards.starting_rest.empire.contains(&next));
    // Only the Empire learns which card it is.
    let public = sent_to(&ev, None);
    assert!(!names_card(&public, next.name(), next.key()), "{public}");
    assert!(names_card(&sent_to(&ev, Some(EMPIRE)), next.name(), next.key()));
}

#[test]
fn rebel_extremist_trades_reputation_for_saw_gerrera() {
    let mut s = rote_dealt(22, REBEL, &["rebel_extremist"]);
    choose_base(&mut s);
    let before = s.reputation;
    assert!(is_legal(&s, "mode 1") && is_legal(&s, "mode 2"));
    act(&mut s, REBEL, "mode 2");
    assert!(s.leader_pool.rebel.contains(&leader("saw_gerrera")));
    assert_ne!(s.reputation, before, "the Rebels lose 1 reputation");
    assert_eq!((s.reputation as i32 - before as i32).abs(), 1);
    // With Saw already in the game, only the extra card remains (a one-option choice is taken).
    let mut s = rote_dealt(22, REBEL, &["rebel_extremist"]);
    s.leader_pool.rebel.push(leader("saw_gerrera"));
    choose_base(&mut s);
    assert!(!is_legal(&s, "mode 2"));
}

// ---------------------------------------------------------------------------------------------
// Recruit cards.

#[test]
fn trust_in_the_force_gains_loyalty_and_destroys_a_light_ground_unit_in_a_subjugated_system() {
    let mut s = rote_holding(23, REBEL, &["trust_in_the_force"])
        .subjugated("alderaan")
        .units("alderaan", "stormtrooper", 1)
        .units("alderaan", "assault_tank", 1)
        .units("alderaan", "at_st", 1)
        .subjugated("sullust")
        .units("sullust", "stormtrooper", 1)
        .assignment(REBEL)
        .build();
    assert!(!is_legal(&s, "action trust_in_the_force"), "Jyn and Chirrut are not in the pool");
    s.leader_pool.rebel.push(leader("jyn_erso"));
    act(&mut s, REBEL, "action trust_in_the_force");
    let e = refuse(&mut s, REBEL, "pick system corellia");
    assert!(matches!(e, RuleError::Illegal { .. }), "only a subjugated system: {e}");
    act(&mut s, REBEL, "pick system alderaan");
    assert_eq!(s.leader_place(leader("jyn_erso")), Some(place("alderaan")));
    assert_ne!(s.sys(sys("alderaan")).loyalty, Some(EMPIRE));
    // Two light ground types: the Rebels pick; the AT-ST (circle) is not one.
    let e = refuse(&mut s, REBEL, "pick unit alderaan at_st");
    assert!(matches!(e, RuleError::Illegal { rule: "Destroyed Units", .. }), "{e}");
    act(&mut s, REBEL, "pick unit alderaan assault_tank");
    assert_eq!(s.units(place("alderaan"), EMPIRE).count(unit("assault_tank")), 0);
    assert_eq!(s.units(place("alderaan"), EMPIRE).count(unit("stormtrooper")), 1);
}

#[test]
fn bazes_loyalty_destroys_two_health_of_imperial_units_at_the_start_of_combat() {
    let mut s = rote_holding(24, REBEL, &["bazes_loyalty"])
        .units("sullust", "star_destroyer", 1)
        .units("sullust", "tie_fighter", 2)
        .units("sullust", "x_wing", 3)
        .leader_at("sullust", "chirrut_imwe")
        .command(REBEL)
        .build();
    // Not in the Assignment Phase or before a combat.
    assert!(!is_legal(&s, "action bazes_loyalty"));
    s.leader_pool.rebel.push(leader("jan_dodonna"));
    act(&mut s, REBEL, "activate sullust jan_dodonna");
    while let Some(d) = decision(&s) {
        if matches!(d.kind, PromptKind::MoveUnits | PromptKind::AddLeader) && is_legal(&s, "done") {
            act(&mut s, d.seat, "done");
        } else {
            break;
        }
    }
    act(&mut s, REBEL, "action bazes_loyalty");
    let e = refuse(&mut s, REBEL, "pick unit sullust star_destroyer");
    assert!(matches!(e, RuleError::Illegal { rule: "Destroyed Units", .. }), "{e}");
    act(&mut s, REBEL, "pick unit sullust tie_fighter");
    act(&mut s, REBEL, "pick unit sullust tie_fighter");
    assert_eq!(s.units(place("sullust"), EMPIRE).count(unit("tie_fighter")), 0);
    assert_eq!(s.units(place("sullust"), EMPIRE).count(unit("star_destroyer")), 1);
}

#[test]
fn he_means_well_gives_k2so_and_its_minor_icons_to_a_leader_without_a_ring() {
    let mut s = rote_holding(25, REBEL, &[]).time(1).refresh().build();
    let k2 = card("he_means_well");
    s.decks.actions.rebel.retain(|&c| c != k2);
    s.decks.actions.rebel.insert(0, k2);
    s.rings.insert(leader("mon_mothma"), Ring::C3po);
    while seat(&s) == Some(REBEL)
        && is_legal(&s, "done")
        && !is_legal(&s, "recruit he_means_well cassian_andor")
    {
        act(&mut s, REBEL, "done");
    }
    act(&mut s, REBEL, "recruit he_means_well cassian_andor");
    let e = refuse(&mut s, REBEL, "pick leader mon_mothma");
    assert!(matches!(e, RuleError::Illegal { .. }), "Mon Mothma wears a ring: {e}");
    act(&mut s, REBEL, "pick leader jan_dodonna");
    assert_eq!(s.ring(leader("jan_dodonna")), Some(Ring::K2so));
    assert!(!s.hands.rebel.actions.contains(&k2), "an Immediate card is used when gained");
    // K-2SO's icons count toward requirements and roll green dice.
    let m = holonet::content::MissionId::all()
        .find(|&m| catalog().mission(m).skill == holonet::content::Skill::SpecOps)
        .unwrap();
    let plain =
        holonet::engine::rebellion::mission::matching_icons(&State::clone(&s), m, leader("jan_dodonna"));
    let mut without = s.clone();
    without.rings.remove(&leader("jan_dodonna"));
    assert_eq!(
        plain,
        holonet::engine::rebellion::mission::matching_icons(&without, m, leader("jan_dodonna")) + 1
    );
    let (_, green) = holonet::engine::rebellion::mission::dice_icons(&s, m, leader("jan_dodonna"));
    assert_eq!(green, 1);
}

#[test]
fn lord_vaders_orders_lets_the_empire_arrange_the_top_three_objectives() {
    let mut s = rote_holding(26, EMPIRE, &[]).time(1).refresh().build();
    let orders = card("lord_vaders_orders");
    s.decks.actions.empire.retain(|&c| c != orders);
    s.decks.actions.empire.insert(0, orders);
    // The Rebels draw an objective and recruit first; then the Empire.
    while seat(&s) != Some(EMPIRE) || !is_legal(&s, "recruit lord_vaders_orders director_krennic") {
        let f = seat(&s).unwrap();
        let first = decision(&s).unwrap().actions[0].clone();
        apply(&mut s, f, first).unwrap();
    }
    let top: Vec<ObjectiveId> = s.decks.objectives[..3].to_vec();
    let ev = act(&mut s, EMPIRE, "recruit lord_vaders_orders director_krennic");
    let seen = sent_to(&ev, Some(EMPIRE));
    assert!(top.iter().all(|o| names_card(&seen, o.name(), o.key())), "the Empire sees them: {seen}");
    let public = sent_to(&ev, None);
    assert!(top.iter().all(|o| !public.contains(o.key())), "{public}");
    assert_eq!(seat(&s), Some(EMPIRE));
    let e = refuse(&mut s, REBEL, &format!("pick objective {}", top[2].key()));
    assert!(matches!(e, RuleError::NotYourDecision { .. }), "{e}");
    act(&mut s, EMPIRE, &format!("pick objective {}", top[2].key()));
    act(&mut s, EMPIRE, &format!("pick objective {}", top[0].key()));
    assert_eq!(s.decks.objectives[..3], [top[2], top[0], top[1]]);
}

#[test]
fn good_intel_rote_makes_the_rebels_pick_their_advanced_card_first_and_in_the_open() {
    use support::cinematic::{AT, adv, armies, cm, fight};
    let idle = rote_holding(27, EMPIRE, &["good_intel_rote"]).command(EMPIRE).build();
    assert!(!is_legal(&idle, "action good_intel_rote"), "only at the start of a combat");
    let def = catalog().action_card(card("good_intel_rote"));
    assert_eq!(def.leaders, catalog().action_card(card("good_intel")).leaders);

    let mut sc = armies(&[("stormtrooper", 2)], &[("rebel_trooper", 2)]).leader_at(AT, "colonel_yularen");
    sc.s.hands.empire.actions = vec![card("good_intel_rote")];
    let mut s = fight(sc);
    act(&mut s, EMPIRE, "action good_intel_rote");
    // The Empire attacks, yet the Rebels pick first: their cards are shown.
    assert_eq!(seat(&s), Some(REBEL), "the shown side picks first");
    let e = refuse(&mut s, EMPIRE, "advanced imposing_presence");
    assert!(matches!(e, RuleError::NotYourDecision { .. }), "{e}");
    let ev = act(&mut s, REBEL, "advanced take_cover");
    assert!(names_card(&sent_to(&ev, None), "Take Cover", "take_cover"), "the pick is public");
    assert_eq!(cm(&s).cine.as_ref().expect("cinematic").picks.rebel, Some(adv("take_cover")));
    assert_eq!(seat(&s), Some(EMPIRE), "the Empire picks knowing the Rebel card");
}

// ---------------------------------------------------------------------------------------------
// Objectives.

/// A cleared expansion board at the start of the Refresh Phase (time 6, reputation 14), the
/// Rebels holding `card` only.
fn refresh_with(card: &str, setup: impl FnOnce(Scenario) -> Scenario) -> State {
    let sc =
        Scenario { s: rote_started(31) }.clear().base("dantooine", false).time(6).reputation(14).refresh();
    let mut s = setup(sc).build();
    s.hands.rebel.objectives = vec![objective(card)];
    s.hands.rebel.actions.clear();
    s.hands.empire.actions.clear();
    s
}

#[test]
fn uprising_needs_nine_rebel_systems() {
    const NINE: [&str; 9] = [
        "alderaan",
        "bespin",
        "bothawui",
        "corellia",
        "kashyyyk",
        "mon_calamari",
        "naboo",
        "sullust",
        "felucia",
    ];
    let eight = |mut sc: Scenario| {
        for x in &NINE[..8] {
            sc = sc.loyalty(x, Some(REBEL));
        }
        sc
    };
    let s = refresh_with("uprising", eight);
    assert!(!objective_offered(&s, "uprising"), "eight are not enough");
    let mut s = refresh_with("uprising", |sc| eight(sc).loyalty(NINE[8], Some(REBEL)));
    assert_eq!(score_objective(&mut s, "uprising"), 2);
}

#[test]
fn support_of_the_hutts_needs_three_rebel_systems_in_nal_huttas_region() {
    let region = catalog().system(sys("nal_hutta")).region;
    let hutt: Vec<&str> = holonet::content::SystemId::all()
        .filter(|&x| catalog().system(x).region == region && catalog().system(x).populous)
        .map(|x| x.key())
        .collect();
    assert!(hutt.len() >= 3, "{hutt:?}");
    let two = |sc: Scenario| {
        sc.loyalty(hutt[0], Some(REBEL)).loyalty(hutt[1], Some(REBEL)).loyalty("naboo", Some(REBEL))
    };
    let s = refresh_with("support_of_the_hutts", two);
    assert!(!objective_offered(&s, "support_of_the_hutts"), "Naboo is in another region");
    let mut s = refresh_with("support_of_the_hutts", |sc| two(sc).loyalty(hutt[2], Some(REBEL)));
    assert_eq!(score_objective(&mut s, "support_of_the_hutts"), 1);
}

#[test]
fn defensive_position_needs_three_rebel_structures_in_one_system() {
    let spread = |sc: Scenario| {
        sc.units("sullust", "shield_generator", 1)
            .units("sullust", "ion_cannon", 1)
            .units("naboo", "golan_arms_turret", 1)
            .units("rebel_base", "ion_cannon", 2)
            .units("rebel_base", "golan_arms_turret", 1)
    };
    let s = refresh_with("defensive_position", spread);
    assert!(
        !objective_offered(&s, "defensive_position"),
        "not in one system; the Rebel Base space does not count"
    );
    let mut s = refresh_with("defensive_position", |sc| spread(sc).units("sullust", "golan_arms_turret", 1));
    assert_eq!(score_objective(&mut s, "defensive_position"), 1);
}

#[test]
fn threaten_the_core_needs_five_rebel_units_on_and_around_coruscant() {
    let four = |sc: Scenario| {
        sc.units("coruscant", "x_wing", 1)
            .units("alderaan", "rebel_trooper", 2)
            .units("corellia", "y_wing", 1)
            .units("naboo", "x_wing", 3)
    };
    let s = refresh_with("threaten_the_core", four);
    assert!(!objective_offered(&s, "threaten_the_core"), "Naboo is not next to Coruscant");
    let mut s = refresh_with("threaten_the_core", |sc| four(sc).units("ord_mantell", "airspeeder", 1));
    assert_eq!(score_objective(&mut s, "threaten_the_core"), 1);
}

/// Whether a combat objective's declared requirements hold in a combat at `at` started by
/// `attacker`, where the Rebels won the battles of `won`.
fn combat_objective_holds(
    s: &mut State,
    card: &str,
    at: &str,
    attacker: Faction,
    won: &[holonet::content::Theater],
) -> bool {
    use holonet::engine::rebellion::cards::{objective_behavior, requirements};
    use holonet::engine::rebellion::flow::Ctx;
    use holonet::engine::rebellion::{Frame, combat};
    let mut ctx = Ctx::new(s);
    let Frame::Combat(mut c) = combat::start(&mut ctx, place(at), attacker, vec![]) else {
        panic!("a combat frame")
    };
    c.won.rebel = won.to_vec();
    requirements::all_hold(s, Some(&c), &objective_behavior(objective(card)).requires)
}

#[test]
fn decisive_victory_needs_both_battles_of_a_combat_won() {
    use holonet::content::Theater::{Ground, Space};
    let mut s = Scenario { s: rote_started(32) }
        .clear()
        .units("sullust", "x_wing", 1)
        .units("sullust", "rebel_trooper", 1)
        .units("sullust", "tie_fighter", 1)
        .units("sullust", "stormtrooper", 1)
        .build();
    assert!(!combat_objective_holds(&mut s, "decisive_victory", "sullust", REBEL, &[Space]));
    assert!(combat_objective_holds(&mut s, "decisive_victory", "sullust", EMPIRE, &[Space, Ground]));
    assert_eq!(
        catalog().objective(objective("decisive_victory")).timing,
        holonet::content::ObjectiveTiming::Combat
    );
}

#[test]
fn seize_control_needs_a_battle_won_in_a_sabotaged_system() {
    use holonet::content::Theater::Ground;
    let sc = Scenario { s: rote_started(33) }.clear().units("sullust", "rebel_trooper", 1).units(
        "sullust",
        "stormtrooper",
        1,
    );
    let mut s = sc.build();
    assert!(
        !combat_objective_holds(&mut s, "seize_control", "sullust", EMPIRE, &[Ground]),
        "no sabotage marker"
    );
    s.sys_mut(sys("sullust")).sabotaged = true;
    assert!(!combat_objective_holds(&mut s, "seize_control", "sullust", EMPIRE, &[]), "no battle won");
    assert!(combat_objective_holds(&mut s, "seize_control", "sullust", EMPIRE, &[Ground]));
}

#[test]
fn raid_imperial_factory_needs_a_won_attack_on_a_square_icon_system() {
    use holonet::content::{IconShape, Theater::Ground};
    let square = holonet::content::SystemId::all()
        .find(|&x| catalog().system(x).icons.iter().any(|i| i.shape == IconShape::Square))
        .unwrap();
    let plain = holonet::content::SystemId::all()
        .find(|&x| {
            catalog().system(x).populous
                && catalog().system(x).icons.iter().all(|i| i.shape != IconShape::Square)
        })
        .unwrap();
    let mut s = Scenario { s: rote_started(34) }
        .clear()
        .units(square.key(), "rebel_trooper", 1)
        .units(square.key(), "stormtrooper", 1)
        .units(plain.key(), "rebel_trooper", 1)
        .units(plain.key(), "stormtrooper", 1)
        .build();
    assert!(combat_objective_holds(&mut s, "raid_imperial_factory", square.key(), REBEL, &[Ground]));
    assert!(
        !combat_objective_holds(&mut s, "raid_imperial_factory", square.key(), EMPIRE, &[Ground]),
        "a combat the Rebels started"
    );
    assert!(
        !combat_objective_holds(&mut s, "raid_imperial_factory", plain.key(), REBEL, &[Ground]),
        "no square icon"
    );
}

#[test]
fn ambitions_of_power_lets_the_empire_keep_a_ninth_leader() {
    let mut sc = rote_holding(35, EMPIRE, &["ambitions_of_power"]).assignment(REBEL);
    // Nine Imperial leaders in the pool: the limit asks the Empire to trim it.
    let extra = [
        "admiral_motti",
        "jabba_the_hutt",
        "director_krennic",
        "krennics_finest",
        "boba_fett",
        "admiral_ozzel",
    ];
    for l in extra {
        sc = sc.in_pool(l);
    }
    let mut s = sc.build();
    while s.leader_pool.empire.len() < 9 {
        let l = holonet::content::LeaderId::all()
            .find(|&l| {
                catalog().leader(l).faction == EMPIRE
                    && !holonet::engine::rebellion::phases::recruit::in_game(&s, l)
            })
            .unwrap();
        s.leader_pool.empire.push(l);
    }
    s.leader_pool.empire.truncate(9);
    holonet::engine::rebellion::flow::advance(&mut holonet::engine::rebellion::flow::Ctx::new(&mut s));
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind), (EMPIRE, PromptKind::TrimLeaderPool));
    assert!(is_legal(&s, "action ambitions_of_power"));
    act(&mut s, EMPIRE, "action ambitions_of_power");
    assert_eq!(s.leader_pool.empire.len(), 9, "nobody is eliminated");
    assert_eq!(holonet::engine::rebellion::rise_of_the_empire::pool_limit::limit(&s, EMPIRE), 9);
    assert!(s.hands.empire.actions.is_empty());
    assert_ne!(decision(&s).map(|d| d.kind), Some(PromptKind::TrimLeaderPool));
    // A tenth leader is one too many again, and the card is gone.
    let l = holonet::content::LeaderId::all()
        .find(|&l| {
            catalog().leader(l).faction == EMPIRE
                && !holonet::engine::rebellion::phases::recruit::in_game(&s, l)
        })
        .unwrap();
    s.leader_pool.empire.push(l);
    holonet::engine::rebellion::flow::advance(&mut holonet::engine::rebellion::flow::Ctx::new(&mut s));
    assert_eq!(decision(&s).unwrap().kind, PromptKind::TrimLeaderPool);
    let e = refuse(&mut s, EMPIRE, "action ambitions_of_power");
    assert!(matches!(e, RuleError::WrongStep { .. } | RuleError::Illegal { .. }), "{e}");
}

#[test]
fn false_orders_sends_a_lone_imperial_leader_back_with_his_mission() {
    let mut s = rote_holding(36, REBEL, &["false_orders"])
        .assign(EMPIRE, "interrogation", &["darth_vader"])
        .assign(EMPIRE, "carbon_freezing", &["admiral_ozzel"])
        .assign(EMPIRE, "address_delays", &["admiral_piett", "general_tagge"])
        .assignment(EMPIRE)
        .build();
    assert!(!is_legal(&s, "action false_orders"), "not during the Empire's assignment");
    act(&mut s, EMPIRE, "done");
    // Both are done: the Rebels may answer the end of the phase.
    let d = decision(&s).unwrap();
    assert_eq!(d.seat, REBEL);
    act(&mut s, REBEL, "action false_orders");
    let e = refuse(&mut s, REBEL, "pick leader admiral_piett");
    assert!(matches!(e, RuleError::Illegal { .. }), "Piett is not alone on his mission: {e}");
    act(&mut s, REBEL, "pick leader darth_vader");
    assert!(s.leader_pool.empire.contains(&leader("darth_vader")));
    assert!(s.hands.empire.missions.contains(&mission("interrogation")));
    assert_eq!(s.assignments.empire.len(), 2);
    assert_eq!(decision(&s).unwrap().kind, PromptKind::CommandTurn, "{:?}", decision(&s));
}

#[test]
fn false_orders_window_stays_shut_when_no_imperial_leader_is_alone() {
    let mut s = rote_holding(37, REBEL, &["false_orders"])
        .assign(EMPIRE, "address_delays", &["admiral_piett", "general_tagge"])
        .assignment(EMPIRE)
        .build();
    act(&mut s, EMPIRE, "done");
    assert_ne!(decision(&s).unwrap().kind, PromptKind::AssignLeaders);
}

#[test]
fn the_long_war_scores_by_discarding_two_other_objectives() {
    let mut s = refresh_with("the_long_war", |sc| sc);
    s.hands.rebel.objectives.push(objective("uprising"));
    assert!(!objective_offered(&s, "the_long_war"), "one other card is not enough");
    s.hands.rebel.objectives.push(objective("popular_support"));
    s.hands.rebel.objectives.push(objective("liberation"));
    assert_eq!(score_objective(&mut s, "the_long_war"), 1);
    // The Rebels pick the two discards, one at a time, from their hand.
    let e = refuse(&mut s, REBEL, "pick objective the_long_war");
    assert!(matches!(e, RuleError::Illegal { rule: "Objective Cards", .. }), "{e}");
    let ev = act(&mut s, REBEL, "pick objective uprising");
    assert!(sent_to(&ev, None).contains("uprising"), "discarded face up");
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind, d.always_asked), (REBEL, PromptKind::CardChoice, true));
    act(&mut s, REBEL, "pick objective liberation");
    // (The Refresh Phase then goes on and draws the next objective.)
    let hand = &s.hands.rebel.objectives;
    assert!(hand.contains(&objective("popular_support")));
    assert!(["uprising", "liberation", "the_long_war"].iter().all(|o| !hand.contains(&objective(o))));
    assert_eq!(s.rote_cards.objective_discard, vec![objective("uprising"), objective("liberation")]);
}

#[test]
fn a_time_for_peace_scores_by_destroying_four_units_of_the_rebel_queue() {
    let queue = |sc: Scenario| {
        sc.queued(REBEL, 1, "x_wing", 1)
            .queued(REBEL, 2, "airspeeder", 1)
            .queued(REBEL, 3, "mon_calamari_cruiser", 1)
            .queued(EMPIRE, 1, "tie_fighter", 2)
    };
    let s = refresh_with("a_time_for_peace", queue);
    assert!(!objective_offered(&s, "a_time_for_peace"), "the Imperial queue does not count");
    let mut s = refresh_with("a_time_for_peace", |sc| {
        queue(sc).queued(REBEL, 2, "rebel_trooper", 1).queued(REBEL, 3, "y_wing", 1)
    });
    let ties = s.supply.empire.count(unit("tie_fighter"));
    assert_eq!(score_objective(&mut s, "a_time_for_peace"), 1);
    // Two light units: the Rebels pick among their three.
    let e = refuse(&mut s, REBEL, "pick queued 1 tie_fighter");
    assert!(matches!(e, RuleError::Illegal { .. }), "{e}");
    act(&mut s, REBEL, "pick queued 1 x_wing");
    act(&mut s, REBEL, "pick queued 3 y_wing");
    // The medium and heavy ones are forced: taken without asking.
    let q = &s.build_queue.rebel;
    assert_eq!(q.iter().map(|x| x.iter().map(|(_, n)| n as u32).sum::<u32>()).sum::<u32>(), 1);
    // (The Refresh Phase goes on and moves the queues along.)
    assert!(q.iter().any(|x| x.count(unit("rebel_trooper")) == 1), "the third light unit stays");
    assert_eq!(s.supply.empire.count(unit("tie_fighter")), ties, "no Imperial unit destroyed");
}

#[test]
fn son_of_skywalker_rote_also_finds_critical_rescue() {
    use holonet::engine::rebellion::mission::MissionStep;
    // Luke's Build Alliance just succeeded in Bespin; the expansion's printing may take the
    // expansion's Critical Rescue from the deck, beside the base card's two.
    let mut s = rote_holding(4, REBEL, &["son_of_skywalker_rote"]).units("bespin", "tie_fighter", 1).build();
    s.decks.missions.rebel =
        ["hit_and_run", "critical_rescue", "seek_yoda"].iter().map(|m| mission(m)).collect();
    mission_in_progress(
        &mut s,
        REBEL,
        "build_alliance",
        "bespin",
        None,
        &["luke_skywalker"],
        MissionStep::After,
    )
    .success = true;
    assert!(is_legal(&s, "action son_of_skywalker_rote"), "{:?}", legal(&s));
    act(&mut s, REBEL, "action son_of_skywalker_rote");
    let e = refuse(&mut s, REBEL, "pick mission hit_and_run");
    assert!(matches!(e, RuleError::Illegal { rule: "Action Cards", .. }), "{e}");
    act(&mut s, REBEL, "pick mission critical_rescue");
    assert!(s.hands.rebel.missions.contains(&mission("critical_rescue")));
}
