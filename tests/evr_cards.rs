//! Empire vs. Rebellion's resource cards, one scenario test per card named after it: the power
//! of each basic category (its 2–5 cards share it) and of every character; and random games
//! that use every power with the box intact after every action and each event taken by the
//! player the rules give it to. Strategies and events: `tests/evr_effects.rs`.

#[path = "support/evr.rs"]
mod evr;

use std::collections::BTreeMap;

use evr::*;
use holonet::content::evr::{Zone, catalog};
use holonet::engine::evr::{Action, DecisionKind, apply, decision, invariants, new_game};
use holonet::engine::rng::GameRng;

const HOTH: &str = "battle_of_hoth";

fn has(v: &[String], s: &str) -> bool {
    v.iter().any(|x| x == s)
}

#[test]
fn military_sends_a_card_the_opponent_has_in_play_to_their_discard_pile() {
    let mut s = struggle(HOTH, None, None);
    in_play(&mut s, "rebel_military_3", false);
    in_play(&mut s, "imperial_force_2", false);
    in_play(&mut s, "boba_fett", true);
    act(&mut s, REBEL, "use rebel_military_3");
    let (who, opts) = options(&s);
    assert_eq!(who, REBEL);
    assert_eq!(opts, ["pick imperial_force_2", "pick boba_fett"], "only the opponent's cards");
    refused(&mut s, REBEL, "pick rebel_military_3");
    act(&mut s, REBEL, "pick boba_fett");
    assert_eq!(discard(&s, EMPIRE), ["boba_fett"]);
    assert_eq!(play_area(&s, REBEL), ["rebel_military_3*"]);
    assert_eq!(options(&s).0, EMPIRE, "the power ends the turn");
}

#[test]
fn diplomacy_discards_one_of_your_own_cards_even_itself() {
    let mut s = struggle(HOTH, None, None);
    in_play(&mut s, "rebel_diplomacy_5", false);
    in_play(&mut s, "rebel_force_4", false);
    in_play(&mut s, "imperial_force_2", false);
    act(&mut s, REBEL, "use rebel_diplomacy_5");
    assert_eq!(options(&s).1, ["pick rebel_diplomacy_5", "pick rebel_force_4"]);
    refused(&mut s, REBEL, "pick imperial_force_2");
    act(&mut s, REBEL, "pick rebel_diplomacy_5");
    assert_eq!(discard(&s, REBEL), ["rebel_diplomacy_5"]);
    assert_eq!(play_area(&s, REBEL), ["rebel_force_4"]);
}

#[test]
fn recon_looks_at_two_cards_of_either_deck_and_discards_one() {
    let mut s = struggle(HOTH, None, None);
    in_play(&mut s, "rebel_recon_4", false);
    on_top(&mut s, "imperial_military_4");
    on_top(&mut s, "jabba_the_hutt");
    act(&mut s, REBEL, "use rebel_recon_4");
    assert_eq!(options(&s).1, ["deck rebel", "deck empire"]);
    act(&mut s, REBEL, "deck empire");
    let (who, opts) = options(&s);
    assert_eq!(who, REBEL);
    assert_eq!(opts.len(), 2);
    assert!(has(&opts, "pick jabba_the_hutt") && has(&opts, "pick imperial_military_4"));
    refused(&mut s, REBEL, "pick imperial_force_5");
    act(&mut s, REBEL, "pick jabba_the_hutt");
    assert_eq!(discard(&s, EMPIRE), ["jabba_the_hutt"]);
    assert_eq!(s.sides.empire.deck.last(), Some(&card("imperial_military_4")), "the other stays on top");
}

#[test]
fn the_force_exhausts_any_ready_card_without_its_power() {
    let mut s = struggle(HOTH, None, None);
    in_play(&mut s, "rebel_force_2", false);
    in_play(&mut s, "rebel_military_5", false);
    in_play(&mut s, "grand_moff_tarkin", false);
    let influence = s.sides.rebel.influence;
    act(&mut s, REBEL, "use rebel_force_2");
    assert_eq!(
        options(&s).1,
        ["pick rebel_military_5", "pick grand_moff_tarkin"],
        "ready cards of both sides"
    );
    act(&mut s, REBEL, "pick grand_moff_tarkin");
    assert_eq!(play_area(&s, EMPIRE), ["grand_moff_tarkin*"]);
    assert_eq!(s.sides.rebel.influence, influence, "Tarkin's power did not trigger");
    assert_eq!(s.sides.empire.total(), 1, "an exhausted character counts its lower value");
}

#[test]
fn chewbacca_exhausts_up_to_two_opposing_cards() {
    let mut s = struggle(HOTH, None, None);
    in_play(&mut s, "chewbacca", false);
    in_play(&mut s, "imperial_force_2", false);
    in_play(&mut s, "imperial_recon_3", false);
    in_play(&mut s, "darth_vader", false);
    act(&mut s, REBEL, "use chewbacca");
    assert_eq!(options(&s).1, ["pick imperial_force_2", "pick imperial_recon_3", "pick darth_vader", "done"]);
    act(&mut s, REBEL, "pick darth_vader");
    act(&mut s, REBEL, "pick imperial_force_2");
    assert_eq!(play_area(&s, EMPIRE), ["imperial_force_2*", "imperial_recon_3", "darth_vader*"]);
    assert_eq!(options(&s).0, EMPIRE, "two at most");
    // Stopping after one.
    let mut s = struggle(HOTH, None, None);
    in_play(&mut s, "chewbacca", false);
    in_play(&mut s, "imperial_force_2", false);
    in_play(&mut s, "imperial_recon_3", false);
    act(&mut s, REBEL, "use chewbacca");
    act(&mut s, REBEL, "pick imperial_recon_3");
    act(&mut s, REBEL, "done");
    assert_eq!(play_area(&s, EMPIRE), ["imperial_force_2", "imperial_recon_3*"]);
}

#[test]
fn han_solo_puts_the_card_of_your_choice_from_your_deck_into_play() {
    let mut s = struggle(HOTH, None, None);
    in_play(&mut s, "han_solo", false);
    act(&mut s, REBEL, "use han_solo");
    let (_, opts) = options(&s);
    assert_eq!(opts.len(), s.sides.rebel.deck.len(), "every card of the deck, by name");
    refused(&mut s, REBEL, "pick luke_skywalker");
    act(&mut s, REBEL, "pick rebel_force_5");
    assert_eq!(play_area(&s, REBEL), ["han_solo*", "rebel_force_5"]);
    assert!(!s.sides.rebel.deck.contains(&card("rebel_force_5")));
    // With the play area full the power can do nothing, but Han may still be exhausted.
    let mut s = struggle("control_of_endor", None, None);
    in_play(&mut s, "han_solo", false);
    in_play(&mut s, "rebel_force_2", false);
    act(&mut s, REBEL, "use han_solo");
    assert_eq!(options(&s).0, EMPIRE);
    assert_eq!(play_area(&s, REBEL), ["han_solo*", "rebel_force_2"]);
}

#[test]
fn lando_calrissian_discards_cards_and_plays_as_many() {
    let mut s = struggle(HOTH, None, None);
    in_play(&mut s, "lando_calrissian", false);
    in_play(&mut s, "rebel_force_2", false);
    in_play(&mut s, "rebel_recon_2", false);
    on_top(&mut s, "rebel_military_5");
    on_top(&mut s, "rebel_military_4");
    act(&mut s, REBEL, "use lando_calrissian");
    assert_eq!(options(&s).1, ["pick lando_calrissian", "pick rebel_force_2", "pick rebel_recon_2", "done"]);
    act(&mut s, REBEL, "pick rebel_force_2");
    act(&mut s, REBEL, "pick rebel_recon_2");
    act(&mut s, REBEL, "done");
    assert_eq!(play_area(&s, REBEL), ["lando_calrissian*", "rebel_military_4", "rebel_military_5"]);
    assert_eq!(discard(&s, REBEL), ["rebel_force_2", "rebel_recon_2"]);
}

#[test]
fn leia_organa_brings_a_reserve_character_into_play_or_into_the_deck() {
    let mut s = struggle(HOTH, None, None);
    in_play(&mut s, "leia_organa", false);
    act(&mut s, REBEL, "use leia_organa");
    assert_eq!(options(&s).1, ["option 1", "option 2"]);
    act(&mut s, REBEL, "option 1");
    let (_, opts) = options(&s);
    assert_eq!(opts, ["pick luke_skywalker", "pick obi_wan_kenobi", "pick r2_d2_and_c_3po", "pick yoda"]);
    act(&mut s, REBEL, "pick yoda");
    assert_eq!(play_area(&s, REBEL), ["leia_organa*", "yoda"]);
    assert_eq!(s.sides.rebel.reserve.len(), 3);
    // Or shuffled into the deck.
    let mut s = struggle(HOTH, None, None);
    in_play(&mut s, "leia_organa", false);
    let deck = s.sides.rebel.deck.len();
    act(&mut s, REBEL, "use leia_organa");
    act(&mut s, REBEL, "option 2");
    act(&mut s, REBEL, "pick luke_skywalker");
    assert_eq!(s.sides.rebel.deck.len(), deck + 1);
    assert!(s.sides.rebel.deck.contains(&card("luke_skywalker")));
}

#[test]
fn luke_skywalker_discards_a_card_of_either_side_or_one_of_each() {
    let mut s = struggle(HOTH, None, None);
    in_play(&mut s, "luke_skywalker", false);
    in_play(&mut s, "rebel_force_2", false);
    in_play(&mut s, "imperial_military_5", false);
    act(&mut s, REBEL, "use luke_skywalker");
    act(&mut s, REBEL, "option 1");
    act(&mut s, REBEL, "pick rebel_force_2");
    assert_eq!(options(&s).1, ["option 2", "done"], "the second option may follow");
    act(&mut s, REBEL, "option 2");
    refused(&mut s, REBEL, "pick luke_skywalker");
    act(&mut s, REBEL, "pick imperial_military_5");
    assert_eq!(discard(&s, REBEL), ["rebel_force_2"]);
    assert_eq!(discard(&s, EMPIRE), ["imperial_military_5"]);
    assert_eq!(options(&s).0, EMPIRE);
}

#[test]
fn obi_wan_kenobi_plays_a_card_from_your_discard_pile() {
    let mut s = struggle(HOTH, None, None);
    in_play(&mut s, "obi_wan_kenobi", false);
    to_zone(&mut s, "rebel_military_5", Zone::Discard);
    to_zone(&mut s, "imperial_military_5", Zone::Discard);
    act(&mut s, REBEL, "use obi_wan_kenobi");
    assert_eq!(options(&s).1, ["pick rebel_military_5"], "only your own pile");
    act(&mut s, REBEL, "pick rebel_military_5");
    assert_eq!(play_area(&s, REBEL), ["obi_wan_kenobi*", "rebel_military_5"]);
}

#[test]
fn r2_d2_and_c_3po_replace_your_strategy_with_another_unused_one() {
    let mut s = struggle(HOTH, Some("deception"), None);
    in_play(&mut s, "r2_d2_and_c_3po", false);
    act(&mut s, REBEL, "use r2_d2_and_c_3po");
    let (who, opts) = options(&s);
    assert_eq!(who, REBEL);
    assert!(!has(&opts, "strategy deception"), "the discarded one is not offered: {opts:?}");
    act(&mut s, REBEL, "strategy support");
    assert_eq!(chosen(&s, REBEL).as_deref(), Some("support"));
    assert!(s.sides.rebel.used.contains(&strategy("deception")));
    // With no unused strategy left, all come back first (the rulebook's question).
    let mut s = struggle(HOTH, Some("deception"), None);
    let side = &mut s.sides.rebel;
    side.used.append(&mut side.unused);
    in_play(&mut s, "r2_d2_and_c_3po", false);
    act(&mut s, REBEL, "use r2_d2_and_c_3po");
    assert_eq!(options(&s).1.len(), 5);
}

#[test]
fn yoda_takes_an_influence_token() {
    let mut s = struggle(HOTH, None, None);
    in_play(&mut s, "yoda", false);
    let (before, supply) = (s.sides.rebel.influence, s.supply);
    act(&mut s, REBEL, "use yoda");
    assert_eq!((s.sides.rebel.influence, s.supply), (before + 1, supply - 1));
    assert_eq!(options(&s).0, EMPIRE);
}

#[test]
fn admiral_piett_lays_a_card_from_either_discard_pile_on_its_deck() {
    let mut s = struggle(HOTH, None, None);
    turn(&mut s, EMPIRE);
    in_play(&mut s, "admiral_piett", false);
    to_zone(&mut s, "rebel_military_5", Zone::Discard);
    to_zone(&mut s, "imperial_force_3", Zone::Discard);
    act(&mut s, EMPIRE, "use admiral_piett");
    assert_eq!(options(&s).1, ["pick imperial_force_3", "pick rebel_military_5"]);
    act(&mut s, EMPIRE, "pick rebel_military_5");
    assert_eq!(s.sides.rebel.deck.last(), Some(&card("rebel_military_5")), "on its owner's deck");
}

#[test]
fn boba_fett_discards_an_opposing_card_and_or_exhausts_any_card() {
    let mut s = struggle(HOTH, None, None);
    turn(&mut s, EMPIRE);
    in_play(&mut s, "boba_fett", false);
    in_play(&mut s, "rebel_force_4", false);
    in_play(&mut s, "han_solo", false);
    act(&mut s, EMPIRE, "use boba_fett");
    assert_eq!(options(&s).1, ["option 1", "option 2"]);
    act(&mut s, EMPIRE, "option 1");
    act(&mut s, EMPIRE, "pick rebel_force_4");
    act(&mut s, EMPIRE, "option 2");
    act(&mut s, EMPIRE, "pick han_solo");
    assert_eq!(play_area(&s, REBEL), ["han_solo*"]);
    assert_eq!(discard(&s, REBEL), ["rebel_force_4"]);
    // The second alone.
    let mut s = struggle(HOTH, None, None);
    turn(&mut s, EMPIRE);
    in_play(&mut s, "boba_fett", false);
    in_play(&mut s, "rebel_force_4", false);
    act(&mut s, EMPIRE, "use boba_fett");
    act(&mut s, EMPIRE, "option 2");
    act(&mut s, EMPIRE, "pick rebel_force_4");
    assert_eq!(options(&s).0, REBEL, "one or both");
}

#[test]
fn darth_vader_discards_an_exhausted_card_and_a_character_returns_to_its_reserve() {
    let mut s = struggle(HOTH, None, None);
    turn(&mut s, EMPIRE);
    in_play(&mut s, "darth_vader", false);
    in_play(&mut s, "han_solo", true);
    in_play(&mut s, "rebel_force_4", false);
    act(&mut s, EMPIRE, "use darth_vader");
    assert_eq!(options(&s).1, ["pick darth_vader", "pick han_solo"], "exhausted cards only");
    refused(&mut s, EMPIRE, "pick rebel_force_4");
    act(&mut s, EMPIRE, "pick han_solo");
    assert!(s.sides.rebel.reserve.contains(&card("han_solo")));
    assert!(discard(&s, REBEL).is_empty());
}

#[test]
fn emperor_palpatine_makes_the_opponent_choose_another_strategy() {
    let mut s = struggle(HOTH, Some("direct_assault"), None);
    turn(&mut s, EMPIRE);
    in_play(&mut s, "emperor_palpatine", false);
    act(&mut s, EMPIRE, "use emperor_palpatine");
    let (who, opts) = options(&s);
    assert_eq!(who, REBEL, "the opponent picks the new one");
    assert!(!has(&opts, "strategy direct_assault"));
    refused(&mut s, EMPIRE, "strategy support");
    act(&mut s, REBEL, "strategy support");
    assert_eq!(chosen(&s, REBEL).as_deref(), Some("support"));
    assert_eq!(options(&s).0, REBEL, "then it is the Rebels' turn");
}

#[test]
fn general_veers_discards_the_top_card_and_every_opposing_card_worth_less() {
    let mut s = struggle(HOTH, None, None);
    turn(&mut s, EMPIRE);
    in_play(&mut s, "general_veers", false);
    in_play(&mut s, "rebel_force_4", false);
    in_play(&mut s, "rebel_recon_5", false);
    in_play(&mut s, "han_solo", true);
    in_play(&mut s, "chewbacca", false);
    on_top(&mut s, "imperial_military_5");
    act(&mut s, EMPIRE, "use general_veers");
    assert_eq!(discard(&s, EMPIRE), ["imperial_military_5"]);
    assert_eq!(play_area(&s, REBEL), ["rebel_recon_5", "chewbacca"]);
    assert_eq!(discard(&s, REBEL), ["rebel_force_4", "han_solo"], "an exhausted character is worth 1");
}

#[test]
fn grand_moff_tarkin_takes_two_influence_from_the_opponent() {
    let mut s = struggle(HOTH, None, None);
    turn(&mut s, EMPIRE);
    in_play(&mut s, "grand_moff_tarkin", false);
    s.sides.rebel.influence = 3;
    let supply = s.supply;
    act(&mut s, EMPIRE, "use grand_moff_tarkin");
    assert_eq!((s.sides.rebel.influence, s.supply), (1, supply + 2));
    // All of it when the opponent holds fewer.
    let mut s = struggle(HOTH, None, None);
    turn(&mut s, EMPIRE);
    in_play(&mut s, "grand_moff_tarkin", false);
    s.sides.rebel.influence = 1;
    act(&mut s, EMPIRE, "use grand_moff_tarkin");
    assert_eq!(s.sides.rebel.influence, 0);
}

#[test]
fn ig_88_searches_a_deck_discards_one_card_and_lays_another_on_top() {
    let mut s = struggle(HOTH, None, None);
    turn(&mut s, EMPIRE);
    in_play(&mut s, "ig_88", false);
    act(&mut s, EMPIRE, "use ig_88");
    act(&mut s, EMPIRE, "deck rebel");
    let (who, opts) = options(&s);
    assert_eq!((who, opts.len()), (EMPIRE, s.sides.rebel.deck.len()));
    act(&mut s, EMPIRE, "pick han_solo");
    act(&mut s, EMPIRE, "pick rebel_military_2");
    // Both taken, then one of the two discarded.
    assert_eq!(options(&s), (EMPIRE, vec!["pick han_solo".to_string(), "pick rebel_military_2".to_string()]));
    act(&mut s, EMPIRE, "pick han_solo");
    assert_eq!(discard(&s, REBEL), ["han_solo"]);
    assert_eq!(s.sides.rebel.deck.last(), Some(&card("rebel_military_2")));
    assert_eq!(options(&s).0, REBEL);
}

#[test]
fn jabba_the_hutt_looks_at_the_top_card_then_may_play_it_and_discard_a_card() {
    let mut s = struggle(HOTH, None, None);
    turn(&mut s, EMPIRE);
    in_play(&mut s, "jabba_the_hutt", false);
    in_play(&mut s, "imperial_force_2", false);
    on_top(&mut s, "imperial_military_5");
    act(&mut s, EMPIRE, "use jabba_the_hutt");
    let v = holonet::engine::evr::view(&s, holonet::engine::evr::Viewer::Faction(EMPIRE));
    assert_eq!(format!("{:?}", v.pending.unwrap().cards), r#"Visible(["imperial_military_5"])"#);
    let public = holonet::engine::evr::view(&s, holonet::engine::evr::Viewer::Public);
    assert_eq!(format!("{:?}", public.pending.unwrap().cards), "Hidden(1)", "the look is secret");
    assert_eq!(options(&s).1, ["play", "pick jabba_the_hutt", "pick imperial_force_2", "done"]);
    act(&mut s, EMPIRE, "pick imperial_force_2");
    act(&mut s, EMPIRE, "play");
    assert_eq!(play_area(&s, EMPIRE), ["jabba_the_hutt*", "imperial_military_5"]);
    assert_eq!(options(&s).0, REBEL, "both done: the power ends");
}

/// Leaves one card (the given one) in a player's deck, the others in their discard pile.
fn one_card_deck(s: &mut holonet::engine::evr::EvrState, f: holonet::content::Faction, last: &str) {
    let side = s.sides.get_mut(f);
    let rest: Vec<_> = side.deck.drain(..).filter(|&x| x != card(last)).collect();
    side.discard.extend(rest);
    side.deck.push(card(last));
}

#[test]
fn recon_on_a_one_card_deck_looks_at_that_card_and_the_top_of_the_deck_remade_from_the_discard_pile() {
    let mut s = struggle(HOTH, None, None);
    in_play(&mut s, "rebel_recon_4", false);
    one_card_deck(&mut s, EMPIRE, "jabba_the_hutt");
    let pile = s.sides.empire.discard.len();
    act(&mut s, REBEL, "use rebel_recon_4");
    act(&mut s, REBEL, "deck empire");
    let (who, opts) = options(&s);
    assert_eq!((who, opts.len()), (REBEL, 2), "two cards looked at: {opts:?}");
    assert!(has(&opts, "pick jabba_the_hutt"), "the last card first: {opts:?}");
    assert!(s.sides.empire.discard.is_empty(), "the discard pile became the deck");
    assert_eq!(s.sides.empire.deck.len(), pile + 1);
    // The one kept stays on top.
    act(&mut s, REBEL, "pick jabba_the_hutt");
    assert_eq!(discard(&s, EMPIRE), ["jabba_the_hutt"]);
    assert_eq!(s.sides.empire.deck.len(), pile);
}

#[test]
fn ig_88_on_a_one_card_deck_takes_that_card_then_searches_the_deck_remade_from_the_discard_pile() {
    let mut s = struggle(HOTH, None, None);
    turn(&mut s, EMPIRE);
    in_play(&mut s, "ig_88", false);
    one_card_deck(&mut s, REBEL, "han_solo");
    let pile = s.sides.rebel.discard.len();
    act(&mut s, EMPIRE, "use ig_88");
    act(&mut s, EMPIRE, "deck rebel");
    assert_eq!(options(&s).1, ["pick han_solo"]);
    act(&mut s, EMPIRE, "pick han_solo");
    // The deck ran out with a card still to take: the discard pile is the new deck.
    let (who, opts) = options(&s);
    assert_eq!((who, opts.len()), (EMPIRE, pile), "the remade deck is searched");
    act(&mut s, EMPIRE, "pick rebel_military_2");
    // Han Solo may be the card kept on top.
    assert_eq!(options(&s).1, ["pick han_solo", "pick rebel_military_2"]);
    act(&mut s, EMPIRE, "pick rebel_military_2");
    assert_eq!(discard(&s, REBEL), ["rebel_military_2"]);
    assert_eq!(s.sides.rebel.deck.last(), Some(&card("han_solo")));
    assert_eq!(s.sides.rebel.deck.len(), pile);
}

#[test]
fn fall_of_a_hero_on_an_empty_deck_searches_the_deck_remade_from_the_discard_pile() {
    let mut s = struggle("fall_of_a_hero", Some("infiltration"), Some("infiltration"));
    in_play(&mut s, "rebel_military_2", false);
    in_play(&mut s, "imperial_military_5", false);
    let side = &mut s.sides.rebel;
    let all: Vec<_> = side.deck.drain(..).collect();
    side.discard.extend(all);
    pass_both(&mut s);
    let (who, opts) = options(&s);
    assert_eq!(who, REBEL, "the loser picks");
    assert_eq!(opts, ["pick chewbacca", "pick han_solo", "pick lando_calrissian", "pick leia_organa"]);
}

#[test]
fn a_basic_card_whose_power_can_do_nothing_may_still_be_exhausted() {
    // The reading of the FAQ's ruling on characters for every card (docs/evr.md): Military
    // with nothing in the opponent's play area is only exhausted.
    let mut s = struggle(HOTH, None, None);
    in_play(&mut s, "rebel_military_3", false);
    assert!(has(&options(&s).1, "use rebel_military_3"));
    act(&mut s, REBEL, "use rebel_military_3");
    assert_eq!(play_area(&s, REBEL), ["rebel_military_3*"]);
    assert_eq!(options(&s).0, EMPIRE, "the turn passes");
}

#[test]
fn a_power_the_event_blocks_is_not_offered() {
    let mut s = struggle("most_desperate_hour", None, None);
    in_play(&mut s, "rebel_military_5", false);
    in_play(&mut s, "rebel_force_2", false);
    let (_, opts) = options(&s);
    assert!(!has(&opts, "use rebel_military_5") && has(&opts, "use rebel_force_2"), "{opts:?}");
    let e = refused(&mut s, REBEL, "use rebel_military_5");
    assert!(e.to_string().contains("event stops"), "{e}");
}

#[test]
fn random_games_use_every_power_and_keep_the_box_whole() {
    holonet::content::init().unwrap();
    let c = catalog();
    let mut rng = GameRng::from_seed(11);
    let mut used: BTreeMap<String, usize> = BTreeMap::new();
    let mut effects = 0;
    // Who takes each event, worked out again from the totals, the strategies and the balance
    // token by the rules alone.
    let mut referee = Referee::default();
    for seed in 0..300 {
        let mut s = new_game(seed);
        let mut steps = 0;
        while let Some(d) = decision(&s) {
            let before = s.clone();
            steps += 1;
            assert!(steps < 5000, "seed {seed}: the game does not end");
            let a = d.actions[rng.below(d.actions.len())].clone();
            if let Action::Use { card } = a {
                *used.entry(c.resource(card).key.clone()).or_default() += 1;
            }
            if d.kind == DecisionKind::Effect {
                effects += 1;
            }
            apply(&mut s, d.seat, a.clone())
                .unwrap_or_else(|e| panic!("seed {seed}: {} refused: {e}", a.command()));
            invariants::check(&s).unwrap_or_else(|e| panic!("seed {seed} after {}: {e}", a.command()));
            referee.step(&before, &s).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        }
        assert!(s.winner.is_some());
    }
    assert!(
        referee.checked > 1500 && referee.turned > 100,
        "events refereed: {}, turned round: {}",
        referee.checked,
        referee.turned
    );
    let missing: Vec<&str> =
        c.resources.iter().map(|r| r.key.as_str()).filter(|k| !used.contains_key(*k)).collect();
    assert!(missing.is_empty(), "never used: {missing:?}");
    assert!(effects > 1000, "effect choices: {effects}");
}
