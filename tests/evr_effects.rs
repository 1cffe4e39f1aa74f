//! Empire vs. Rebellion's strategies and events, one scenario test per card named after it:
//! the five strategies at the reveal (or when their owner lost), the event effects on the
//! winner or loser, the round restrictions, and the events with no effect beyond their numbers.

#[path = "support/evr.rs"]
mod evr;

use evr::*;
use holonet::content::Faction;
use holonet::content::evr::catalog;
use holonet::engine::evr::state::Phase;
use holonet::engine::evr::{DecisionKind, EvrState, Viewer, decision, view};

/// Two Deceptions cancel: a strategy choice that does nothing when both make it, for event
/// tests (Infiltration is the quiet choice beside another strategy: it acts next round).
const NEUTRAL: Option<&str> = Some("deception");

/// Puts the cards in play and ends the struggle.
fn settle(s: &mut EvrState, rebel: &[&str], empire: &[&str]) {
    for k in rebel.iter().chain(empire) {
        in_play(s, k, false);
    }
    pass_both(s);
}

fn vp(s: &EvrState, f: Faction) -> u32 {
    s.sides.get(f).victory_points()
}

fn planning(s: &EvrState) -> Option<Faction> {
    match s.phase {
        Phase::ChooseStrategy { faction } => Some(faction),
        _ => None,
    }
}

#[test]
fn bureaucracy_pays_its_owner_two_influence_when_they_lose_the_event() {
    let mut s = struggle("battle_of_hoth", Some("bureaucracy"), Some("infiltration"));
    let before = s.sides.rebel.influence;
    settle(&mut s, &["rebel_military_5"], &["imperial_military_5", "imperial_force_4"]);
    assert_eq!(vp(&s, EMPIRE), 3);
    assert_eq!(s.sides.rebel.influence, before + 2);
    // Not when its owner wins.
    let mut s = struggle("battle_of_hoth", Some("bureaucracy"), Some("infiltration"));
    let before = s.sides.rebel.influence;
    settle(&mut s, &["rebel_military_5", "rebel_force_4"], &["imperial_military_5"]);
    assert_eq!(s.sides.rebel.influence, before, "the winner takes the event's influence (0 here)");
    // Nor when its owner was over the objective value.
    let mut s = struggle("create_a_diversion", Some("bureaucracy"), Some("infiltration"));
    let before = s.sides.rebel.influence;
    settle(&mut s, &["rebel_military_5", "rebel_force_4"], &["imperial_military_2"]);
    assert_eq!(s.sides.rebel.influence, before);
}

#[test]
fn deception_turns_the_result_round_and_two_deceptions_cancel() {
    let mut s = struggle("battle_of_hoth", Some("deception"), Some("support"));
    settle(&mut s, &["rebel_military_2"], &["imperial_military_5"]);
    // Support asks the Empire first; it adds nothing.
    while decision(&s).is_some_and(|d| d.kind == DecisionKind::Effect) {
        act(&mut s, EMPIRE, "done");
    }
    assert_eq!((vp(&s, REBEL), vp(&s, EMPIRE)), (3, 0), "the would-be loser wins");
    let mut s = struggle("battle_of_hoth", Some("deception"), Some("deception"));
    settle(&mut s, &["rebel_military_2"], &["imperial_military_5"]);
    assert_eq!((vp(&s, REBEL), vp(&s, EMPIRE)), (0, 3), "two Deceptions cancel");
}

#[test]
fn direct_assault_adds_two_to_its_owners_total() {
    let mut s = struggle("battle_of_hoth", Some("direct_assault"), Some("infiltration"));
    settle(&mut s, &["rebel_military_5", "rebel_force_3"], &["imperial_military_5", "imperial_force_4"]);
    assert_eq!(vp(&s, REBEL), 3, "8 + 2 beats 9");
    // Which can push its owner over the objective value.
    let mut s = struggle("create_a_diversion", Some("direct_assault"), Some("infiltration"));
    settle(&mut s, &["rebel_military_4"], &["imperial_military_2"]);
    assert_eq!((vp(&s, REBEL), vp(&s, EMPIRE)), (0, 1), "4 + 2 is over 5");
}

#[test]
fn infiltration_chooses_the_opponents_next_strategy() {
    let mut s = struggle("battle_of_hoth", NEUTRAL, Some("infiltration"));
    settle(&mut s, &["rebel_military_5"], &["imperial_military_2"]);
    assert_eq!(planning(&s), Some(REBEL));
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind), (EMPIRE, DecisionKind::ChooseStrategy), "the Empire picks for the Rebels");
    // Its context describes the strategies it picks among (the Rebels', not its own view's).
    use holonet::games::game::Game;
    let context = holonet::games::evr::Evr::prompt(&s).unwrap().context.join("\n");
    // The Rebels used Deception this round (so cannot pick it); the Empire used Infiltration.
    assert!(context.contains("Infiltration:") && !context.contains("Deception:"), "{context}");
    act(&mut s, EMPIRE, "strategy support");
    assert_eq!(chosen(&s, REBEL).as_deref(), Some("support"));
    // The Empire knows it; the channel does not.
    let seen = |v: Viewer| format!("{:?}", view(&s, v).sides[&REBEL].chosen);
    assert!(seen(Viewer::Faction(EMPIRE)).contains("support"));
    assert!(!seen(Viewer::Public).contains("support"));
    assert_eq!(decision(&s).unwrap().seat, EMPIRE, "then the Empire chooses its own");
}

#[test]
fn support_may_shuffle_a_reserve_character_into_the_deck() {
    let mut s = struggle("battle_of_hoth", Some("support"), Some("support"));
    settle(&mut s, &["rebel_military_5"], &["imperial_military_2"]);
    // The balance token's side (the Rebels here) resolves first.
    let (who, opts) = options(&s);
    assert_eq!(who, REBEL);
    assert_eq!(opts.last().map(String::as_str), Some("done"));
    let deck = s.sides.rebel.deck.len();
    act(&mut s, REBEL, "pick yoda");
    assert_eq!(s.sides.rebel.deck.len(), deck + 1);
    assert!(!s.sides.rebel.reserve.contains(&card("yoda")));
    assert_eq!(options(&s).0, EMPIRE);
    act(&mut s, EMPIRE, "done");
    assert_eq!(s.sides.empire.reserve.len(), 4);
}

#[test]
fn acquire_the_death_star_plans_costs_the_loser_two_influence() {
    let mut s = struggle("acquire_the_death_star_plans", NEUTRAL, NEUTRAL);
    s.sides.empire.influence = 3;
    settle(&mut s, &["rebel_military_5"], &["imperial_military_2"]);
    assert_eq!((vp(&s, REBEL), s.sides.empire.influence), (2, 1));
}

#[test]
fn destroy_the_shield_generator_costs_the_loser_two_influence() {
    let mut s = struggle("destroy_the_shield_generator", NEUTRAL, NEUTRAL);
    s.sides.rebel.influence = 1;
    settle(&mut s, &["rebel_military_2"], &["imperial_military_5"]);
    assert_eq!((vp(&s, EMPIRE), s.sides.rebel.influence), (2, 0), "all the loser has");
}

/// A round event that stops one kind of power: the blocked card is not offered, another is.
fn blocks(event: &str, blocked: &str, free: &str) {
    let mut s = struggle(event, None, None);
    in_play(&mut s, blocked, false);
    in_play(&mut s, free, false);
    let (_, opts) = options(&s);
    assert!(!opts.contains(&format!("use {blocked}")), "{event} blocks {blocked}: {opts:?}");
    assert!(opts.contains(&format!("use {free}")), "{event} leaves {free}: {opts:?}");
    refused(&mut s, REBEL, &format!("use {blocked}"));
}

#[test]
fn attack_on_echo_base_stops_diplomacy_powers() {
    blocks("attack_on_echo_base", "rebel_diplomacy_3", "rebel_force_3");
}

#[test]
fn battle_of_endor_stops_force_powers() {
    blocks("battle_of_endor", "rebel_force_3", "rebel_recon_3");
}

#[test]
fn evacuation_of_echo_base_stops_recon_powers() {
    blocks("evacuation_of_echo_base", "rebel_recon_3", "rebel_military_3");
}

#[test]
fn most_desperate_hour_stops_military_powers() {
    blocks("most_desperate_hour", "rebel_military_3", "rebel_diplomacy_3");
}

#[test]
fn duel_on_cloud_city_stops_character_powers_but_luke_and_vaders() {
    blocks("duel_on_cloud_city", "han_solo", "luke_skywalker");
    blocks("duel_on_cloud_city", "yoda", "rebel_force_2");
    let mut s = struggle("duel_on_cloud_city", None, None);
    turn(&mut s, EMPIRE);
    in_play(&mut s, "darth_vader", false);
    in_play(&mut s, "boba_fett", false);
    let (_, opts) = options(&s);
    assert!(opts.contains(&"use darth_vader".to_string()) && !opts.contains(&"use boba_fett".to_string()));
}

#[test]
fn balance_of_the_force_lets_the_winner_reorder_the_top_three_events() {
    let mut s = struggle("balance_of_the_force", NEUTRAL, NEUTRAL);
    let top: Vec<_> = s.events.iter().rev().take(3).copied().collect();
    settle(&mut s, &["rebel_military_5"], &["imperial_military_2"]);
    let (who, opts) = options(&s);
    assert_eq!((who, opts.len()), (REBEL, 3));
    let key = |i: usize| catalog().event(top[i]).key.clone();
    // The one now third goes on top, then the one now first.
    act(&mut s, REBEL, &format!("event {}", key(2)));
    act(&mut s, REBEL, &format!("event {}", key(0)));
    // The next round reveals the new top event.
    assert_eq!(s.event, Some(top[2]));
    assert_eq!(s.events.last(), Some(&top[0]));
    assert_eq!(s.events[s.events.len() - 2], top[1]);
}

#[test]
fn create_a_diversion_draws_the_losers_next_strategy_at_random() {
    let mut s = struggle("create_a_diversion", NEUTRAL, NEUTRAL);
    settle(&mut s, &["rebel_military_5"], &["imperial_military_2"]);
    // The Empire lost: its strategy is already drawn; only the Rebels are asked.
    assert!(s.sides.empire.chosen.is_some());
    assert_eq!(decision(&s).unwrap().seat, REBEL);
    act(&mut s, REBEL, "strategy support");
    assert!(matches!(s.phase, Phase::Struggle { .. }), "nobody else is asked");
    let public = format!("{:?}", view(&s, Viewer::Public).sides[&EMPIRE].chosen);
    assert_eq!(public, "Some(Hidden(1))", "the draw stays secret");
}

#[test]
fn display_of_power_makes_the_loser_discard_a_strategy_the_winner_picks() {
    let mut s = struggle("display_of_power", NEUTRAL, NEUTRAL);
    settle(&mut s, &["rebel_military_5"], &["imperial_military_2"]);
    let (who, opts) = options(&s);
    assert_eq!(who, REBEL, "the winner picks");
    assert!(opts.contains(&"strategy support".to_string()), "{opts:?}");
    refused(&mut s, EMPIRE, "strategy support");
    act(&mut s, REBEL, "strategy support");
    assert!(s.sides.empire.used.contains(&strategy("support")));
    assert!(!s.sides.empire.unused.contains(&strategy("support")));
}

#[test]
fn fall_of_a_hero_sends_a_character_of_the_losers_deck_to_the_reserve() {
    let mut s = struggle("fall_of_a_hero", NEUTRAL, NEUTRAL);
    settle(&mut s, &["rebel_military_2"], &["imperial_military_5"]);
    let (who, opts) = options(&s);
    assert_eq!(who, REBEL, "the loser picks");
    assert_eq!(opts, ["pick chewbacca", "pick han_solo", "pick lando_calrissian", "pick leia_organa"]);
    act(&mut s, REBEL, "pick han_solo");
    assert!(s.sides.rebel.reserve.contains(&card("han_solo")));
    assert_eq!(s.sides.rebel.reserve.len(), 5);
}

#[test]
fn locate_the_rebel_base_makes_the_loser_choose_first_and_show_it() {
    let mut s = struggle("locate_the_rebel_base", NEUTRAL, NEUTRAL);
    settle(&mut s, &["rebel_military_5"], &["imperial_military_2"]);
    assert_eq!(decision(&s).unwrap().seat, EMPIRE, "the loser (the Empire) chooses first");
    act(&mut s, EMPIRE, "strategy support");
    let public = format!("{:?}", view(&s, Viewer::Public).sides[&EMPIRE].chosen);
    assert!(public.contains("support"), "shown: {public}");
    assert_eq!(decision(&s).unwrap().seat, REBEL);
}

#[test]
fn negotiate_with_the_hutts_sends_a_character_of_the_winners_deck_to_the_reserve() {
    let mut s = struggle("negotiate_with_the_hutts", NEUTRAL, NEUTRAL);
    settle(&mut s, &["rebel_military_2"], &["imperial_military_5"]);
    let (who, opts) = options(&s);
    assert_eq!(who, EMPIRE, "the winner picks");
    assert_eq!(opts.len(), 4);
    act(&mut s, EMPIRE, "pick boba_fett");
    assert!(s.sides.empire.reserve.contains(&card("boba_fett")));
}

#[test]
fn occupation_of_cloud_city_lets_the_winner_shuffle_a_reserve_character_into_the_deck() {
    let mut s = struggle("occupation_of_cloud_city", NEUTRAL, NEUTRAL);
    settle(&mut s, &["rebel_military_4"], &["imperial_military_2"]);
    let (who, opts) = options(&s);
    assert_eq!((who, opts.last().map(String::as_str)), (REBEL, Some("done")), "may");
    act(&mut s, REBEL, "pick luke_skywalker");
    assert!(!s.sides.rebel.reserve.contains(&card("luke_skywalker")));
    assert!(s.sides.rebel.deck.contains(&card("luke_skywalker")));
}

#[test]
fn rebel_uprising_lets_the_winner_shuffle_a_reserve_character_into_the_deck() {
    let mut s = struggle("rebel_uprising", NEUTRAL, NEUTRAL);
    settle(&mut s, &["rebel_military_2"], &["imperial_military_5"]);
    assert_eq!(options(&s).0, EMPIRE);
    act(&mut s, EMPIRE, "done");
    assert_eq!(s.sides.empire.reserve.len(), 4, "may, so none is fine");
}

#[test]
fn ultimate_power_in_the_universe_gives_the_winner_back_every_used_strategy() {
    let mut s = struggle("ultimate_power_in_the_universe", NEUTRAL, NEUTRAL);
    let side = &mut s.sides.rebel;
    let moved: Vec<_> = side.unused.drain(..2).collect();
    side.used.extend(moved);
    settle(&mut s, &["rebel_military_5"], &["imperial_military_2"]);
    // Retrieved at the effect, then this round's Deception is discarded at cleanup.
    assert_eq!(s.sides.rebel.unused.len(), 4);
    assert_eq!(s.sides.rebel.used, [strategy("deception")]);
}

/// An event with no effect: the winner takes its victory points and influence value.
fn plain(event: &str) {
    let mut s = struggle(event, NEUTRAL, NEUTRAL);
    let def = catalog().event(event_id(event));
    assert!(def.effect.is_none());
    let before = s.sides.rebel.influence;
    settle(&mut s, &["rebel_military_5"], &["imperial_military_2"]);
    assert_eq!(vp(&s, REBEL), def.victory_points as u32, "{event}");
    assert_eq!(s.sides.rebel.influence, before + def.influence_value, "{event}");
}

fn event_id(key: &str) -> holonet::content::evr::EventCardId {
    evr::event(key)
}

macro_rules! plain_events {
    ($($name:ident),* $(,)?) => {$(
        #[test]
        fn $name() {
            plain(stringify!($name));
        }
    )*};
}

plain_events!(
    battle_of_hoth,
    battle_of_yavin,
    control_of_endor,
    diplomatic_freedom,
    escape_from_tatooine,
    heart_of_the_empire,
    rescue_mission_to_cloud_city,
    securing_the_rebel_base_on_yavin_4,
);

#[test]
fn reveal_strategies_skips_the_strategy_of_a_player_over_the_objective_value() {
    // Over 7 with 9: the Rebels' Support is not resolved, so nobody is asked.
    let mut s = struggle("rescue_mission_to_cloud_city", Some("support"), Some("infiltration"));
    settle(&mut s, &["rebel_military_5", "rebel_force_4"], &["imperial_military_2"]);
    assert!(decision(&s).is_none_or(|d| d.kind != DecisionKind::Effect));
    assert_eq!(s.sides.rebel.reserve.len(), 4);
    assert_eq!(vp(&s, EMPIRE), 1);
    // And the Empire's Infiltration (under) is: it picks the Rebels' next strategy.
    assert_eq!(decision(&s).unwrap().seat, EMPIRE);
    assert_eq!(planning(&s), Some(REBEL));
}

#[test]
fn the_view_says_who_the_totals_favour_as_determine_victory_will_rule() {
    let mut s = struggle("battle_of_hoth", NEUTRAL, NEUTRAL);
    in_play(&mut s, "rebel_military_5", false);
    in_play(&mut s, "imperial_military_5", false);
    assert_eq!(view(&s, Viewer::Public).ahead, Some(REBEL), "a tie goes to the balance token");
    in_play(&mut s, "imperial_force_2", false);
    assert_eq!(view(&s, Viewer::Public).ahead, Some(EMPIRE));
    pass_both(&mut s);
    assert_eq!((vp(&s, REBEL), vp(&s, EMPIRE)), (0, 3));
    // Both over the objective value: nobody.
    let mut s = struggle("rescue_mission_to_cloud_city", NEUTRAL, NEUTRAL);
    in_play(&mut s, "rebel_military_5", false);
    in_play(&mut s, "rebel_force_4", false);
    in_play(&mut s, "imperial_military_5", false);
    in_play(&mut s, "imperial_force_5", false);
    assert_eq!(view(&s, Viewer::Public).ahead, None);
}

// Issue 34: the dominance phase and the strategies exactly as printed.

#[test]
fn deception_turns_the_result_round_only_when_neither_total_exceeds_the_objective_value() {
    // Seed 10's round: Rebel Uprising (objective 19), the Rebels at 19 with Deception, the
    // Empire at 23. The Empire is over: the Rebels take the event, Deception or not.
    let mut s = struggle("rebel_uprising", Some("deception"), Some("support"));
    settle(
        &mut s,
        &["rebel_military_5", "rebel_force_5", "rebel_recon_5", "rebel_diplomacy_4"],
        &[
            "imperial_military_5",
            "imperial_force_5",
            "imperial_recon_5",
            "imperial_diplomacy_5",
            "imperial_military_3",
        ],
    );
    assert_eq!((vp(&s, REBEL), vp(&s, EMPIRE)), (1, 0), "a player over the objective value never wins");
    // Direct Assault's +2 pushes the Empire from 16 to 18, over Battle of Hoth's 17: the
    // Rebels (10) win, and the Deception does not turn that round.
    let mut s = struggle("battle_of_hoth", Some("deception"), Some("direct_assault"));
    settle(
        &mut s,
        &["rebel_military_5", "rebel_force_5"],
        &["imperial_military_5", "imperial_force_5", "imperial_recon_4", "imperial_diplomacy_2"],
    );
    assert_eq!((vp(&s, REBEL), vp(&s, EMPIRE)), (3, 0), "Direct Assault put the Empire over");
    // Both within it: the result is turned round, the bonus counted first (12 + 2 beats 13).
    let mut s = struggle("battle_of_hoth", Some("direct_assault"), Some("deception"));
    settle(
        &mut s,
        &["rebel_military_5", "rebel_force_5", "rebel_recon_2"],
        &["imperial_military_5", "imperial_force_5", "imperial_recon_3"],
    );
    assert_eq!((vp(&s, REBEL), vp(&s, EMPIRE)), (0, 3), "14 against 13, turned round");
}

#[test]
fn two_infiltrations_pick_each_others_strategy_at_the_same_time() {
    // Round 1: both reveal Infiltration; round 2: each picks the other's strategy.
    let mut s = struggle("battle_of_hoth", Some("infiltration"), Some("infiltration"));
    settle(&mut s, &["rebel_military_5"], &["imperial_military_2"]);
    assert_eq!(planning(&s), Some(REBEL));
    assert_eq!(decision(&s).unwrap().seat, EMPIRE, "the Empire picks the Rebels' strategy");
    use holonet::games::evr::Evr;
    use holonet::games::game::Game;
    // Twins: the Empire picks Support for the Rebels in one, Deception in the other. The
    // Rebels, who now pick the Empire's, cannot tell them apart: they have not looked yet.
    let (mut a, mut b) = (s.clone(), s.clone());
    let na = Evr::apply(&mut a, "empire", holonet::engine::evr::Action::parse("strategy support").unwrap())
        .unwrap();
    let nb = Evr::apply(&mut b, "empire", holonet::engine::evr::Action::parse("strategy deception").unwrap())
        .unwrap();
    assert_eq!(decision(&a).unwrap().seat, REBEL, "then the Rebels pick the Empire's");
    let rebels = |n: &[holonet::games::game::Notice]| -> Vec<String> {
        n.iter().filter(|x| x.to.as_deref() != Some("empire")).map(|x| x.text.clone()).collect()
    };
    assert_eq!(rebels(&na), rebels(&nb), "what the Rebels are told of the Empire's pick");
    for seat in [Some("rebel"), None] {
        assert_eq!(Evr::view_json(&a, seat), Evr::view_json(&b, seat), "{seat:?}");
        assert_eq!(Evr::board_text(&a, seat), Evr::board_text(&b, seat), "{seat:?}");
    }
    assert_eq!(Evr::private_text(&a, "rebel"), Evr::private_text(&b, "rebel"));
    assert_eq!(Evr::prompt(&a).unwrap().context, Evr::prompt(&b).unwrap().context);
    // The Empire knows what it picked.
    assert!(format!("{:?}", view(&a, Viewer::Faction(EMPIRE)).sides[&REBEL].chosen).contains("support"));
    // Once the Rebels have picked too, both look.
    act(&mut a, REBEL, "strategy direct_assault");
    assert_eq!(
        (chosen(&a, REBEL).as_deref(), chosen(&a, EMPIRE).as_deref()),
        (Some("support"), Some("direct_assault"))
    );
    assert!(format!("{:?}", view(&a, Viewer::Faction(REBEL)).sides[&REBEL].chosen).contains("support"));
    assert!(matches!(a.phase, Phase::Struggle { .. }));
    assert_eq!(
        view(&a, Viewer::Public).sides[&REBEL].chosen,
        Some(holonet::engine::viewer::Cards::Hidden(1))
    );
}

/// Locate the Rebel Base lost by the Rebels: next round they pick first and show it.
fn shown_rebel_strategy() -> EvrState {
    let mut s = struggle("locate_the_rebel_base", NEUTRAL, NEUTRAL);
    settle(&mut s, &["rebel_military_2"], &["imperial_military_5"]);
    act(&mut s, REBEL, "strategy support");
    act(&mut s, EMPIRE, "strategy support");
    let public = format!("{:?}", view(&s, Viewer::Public).sides[&REBEL].chosen);
    assert!(public.contains("support"), "shown: {public}");
    s
}

#[test]
fn a_strategy_replaced_after_locate_the_rebel_base_is_secret_again() {
    let hidden = |s: &EvrState, v: Viewer| {
        view(s, v).sides[&REBEL].chosen == Some(holonet::engine::viewer::Cards::Hidden(1))
    };
    // R2-D2 and C-3PO: the Rebels discard the shown Support and pick again, in secret.
    let mut s = shown_rebel_strategy();
    turn(&mut s, REBEL);
    in_play(&mut s, "r2_d2_and_c_3po", false);
    act(&mut s, REBEL, "use r2_d2_and_c_3po");
    act(&mut s, REBEL, "strategy direct_assault");
    assert_eq!(chosen(&s, REBEL).as_deref(), Some("direct_assault"));
    assert!(hidden(&s, Viewer::Public) && hidden(&s, Viewer::Faction(EMPIRE)), "the new pick is secret");
    // Emperor Palpatine: the Rebels must pick again; the Empire does not learn what.
    let mut s = shown_rebel_strategy();
    turn(&mut s, EMPIRE);
    in_play(&mut s, "emperor_palpatine", false);
    act(&mut s, EMPIRE, "use emperor_palpatine");
    act(&mut s, REBEL, "strategy direct_assault");
    assert!(hidden(&s, Viewer::Public) && hidden(&s, Viewer::Faction(EMPIRE)), "the new pick is secret");
}

#[test]
fn seven_victory_points_win_at_once_before_anything_else_is_asked() {
    // The Rebels hold 6 victory points; Balance of the Force (1) would ask its winner to put
    // events back, and the Empire's Bureaucracy would pay the loser.
    let mut s = struggle("balance_of_the_force", Some("infiltration"), Some("bureaucracy"));
    for key in ["battle_of_hoth", "battle_of_yavin"] {
        let e = event(key);
        s.events.retain(|&x| x != e);
        s.sides.rebel.won.push(e);
    }
    let influence = s.sides.empire.influence;
    settle(&mut s, &["rebel_military_5"], &["imperial_military_2"]);
    assert_eq!(vp(&s, REBEL), 7);
    assert_eq!(s.winner, Some(REBEL));
    assert!(matches!(s.phase, Phase::Over));
    assert!(decision(&s).is_none(), "nobody is asked anything more");
    assert_eq!(s.sides.empire.influence, influence, "no Bureaucracy after the game is won");
    // The strategies were revealed, and stay face up.
    let public = format!("{:?}", view(&s, Viewer::Public).sides[&EMPIRE].chosen);
    assert!(public.contains("bureaucracy"), "{public}");
}

#[test]
fn the_losers_bureaucracy_pays_before_the_event_makes_the_loser_return_influence() {
    // The order the engine takes (docs/evr.md): the Empire, with no influence, loses
    // Acquire the Death Star Plans with Bureaucracy: it takes 2, then returns 2.
    let mut s = struggle("acquire_the_death_star_plans", Some("infiltration"), Some("bureaucracy"));
    s.supply += s.sides.empire.influence;
    s.sides.empire.influence = 0;
    settle(&mut s, &["rebel_military_5"], &["imperial_military_2"]);
    assert_eq!(vp(&s, REBEL), 2);
    assert_eq!(s.sides.empire.influence, 0, "Bureaucracy first (the other order would leave 2)");
}
