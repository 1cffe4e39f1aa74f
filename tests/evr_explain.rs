//! Empire vs. Rebellion explains itself (issue 37): the dominance phase in one public message
//! checked against hand-computed rounds, a whole match's public lines without duplicates or
//! odd phrasings, menu descriptions that match the catalog, setup one character at a time,
//! and the hand with every card's text.

#[path = "support/evr.rs"]
mod evr;

use evr::{EMPIRE, REBEL, act, in_play, struggle};
use holonet::content::Faction;
use holonet::content::evr::{EventCardId, ResourceCardId, catalog};
use holonet::engine::evr::state::{Frame, Phase, Source};
use holonet::engine::evr::{Action, DecisionKind, EvrState, Viewer, decision, new_game, view};
use holonet::engine::rng::GameRng;
use holonet::games::evr::Evr;
use holonet::games::evr::brief::{MORE, event_text};
use holonet::games::evr::reckoning::{Round, settled};
use holonet::games::evr::words::option_texts;
use holonet::games::game::{Game, MAX_DESCRIPTION};

fn init() {
    holonet::content::init().expect("content loads");
}

/// The public lines of an action.
fn public(s: &mut EvrState, f: Faction, a: Action) -> Vec<String> {
    let notices = Evr::apply(s, f.key(), a).unwrap_or_else(|e| panic!("{e}"));
    notices.into_iter().filter(|n| n.to.is_none()).map(|n| n.text).collect()
}

/// Ends the struggle (the Rebels pass, then the Empire) and returns the public lines of the
/// pass that ends it.
fn end_struggle(s: &mut EvrState) -> Vec<String> {
    act(s, REBEL, "pass");
    public(s, EMPIRE, Action::Pass)
}

/// A struggle with these cards in play (the Rebels', then the Empire's).
fn round(event: &str, rebel: Option<&str>, empire: Option<&str>, cards: (&[&str], &[&str])) -> EvrState {
    let mut s = struggle(event, rebel, empire);
    for k in cards.0.iter().chain(cards.1) {
        in_play(&mut s, k, false);
    }
    s
}

fn assert_lines(got: &[String], want: &[&str]) {
    for w in want {
        assert!(got.iter().any(|l| l == w), "missing {w:?} in {got:#?}");
    }
}

fn won(s: &EvrState, f: Faction, event: &str) -> bool {
    s.sides.get(f).won.contains(&evr::event(event))
}

#[test]
fn direct_assault_adds_two_and_the_losers_bureaucracy_pays() {
    // Battle of Hoth (objective 17): Rebels 5 + 5 + 4 = 14, +2 = 16; Empire 5 + 5 + 5 = 15.
    let mut s = round(
        "battle_of_hoth",
        Some("direct_assault"),
        None,
        (
            &["rebel_military_5", "rebel_force_5", "rebel_recon_4"],
            &["imperial_military_5", "imperial_force_5", "imperial_recon_5"],
        ),
    );
    let lines = end_struggle(&mut s);
    assert_lines(
        &lines,
        &[
            "The struggle is over. Battle of Hoth: objective value 17; Rebel total 14, Empire total 15.",
            "The Rebel player reveals Direct Assault: +2 makes their total 16.",
            "The Empire player reveals Bureaucracy: they take 2 influence if they lose the event.",
            "The Rebel total 16 beats the Empire total 15, both within the objective value 17.",
            "The Rebel player wins Battle of Hoth: now 3 victory points.",
            "The Empire player lost, so their Bureaucracy takes effect.",
            "The Empire player takes 2 influence (now 4).",
        ],
    );
    assert!(won(&s, REBEL, "battle_of_hoth") && s.sides.empire.influence == 4);
    // The balance token's side reveals first, and the reveal comes before the result.
    let at = |p: &str| lines.iter().position(|l| l.starts_with(p)).unwrap();
    assert!(at("The Rebel player reveals") < at("The Empire player reveals"));
    assert!(at("The Empire player reveals") < at("The Rebel total 16 beats"));
}

#[test]
fn deception_turns_the_result_round_when_both_totals_are_within() {
    // Control of Endor (objective 9): Rebels 5 + 3 = 8 beat the Empire's 4 + 2 = 6, but the
    // Empire's Deception gives it the event.
    let mut s = round(
        "control_of_endor",
        None,
        Some("deception"),
        (&["rebel_military_5", "rebel_force_3"], &["imperial_military_4", "imperial_force_2"]),
    );
    let lines = end_struggle(&mut s);
    assert_lines(
        &lines,
        &[
            "The Empire player reveals Deception: if both totals stay within the objective value, the event goes to the player who would have lost it.",
            "The Rebel total 8 beats the Empire total 6, both within the objective value 9.",
            "The Empire player's Deception turns the result round: the Empire player takes the event instead.",
            "The Empire player wins Control of Endor: now 1 victory point.",
            "The Rebel player lost, so their Bureaucracy takes effect.",
        ],
    );
    assert!(won(&s, EMPIRE, "control_of_endor"));
}

#[test]
fn two_deceptions_cancel_out() {
    let mut s = round(
        "control_of_endor",
        Some("deception"),
        Some("deception"),
        (&["rebel_military_5", "rebel_force_3"], &["imperial_military_4", "imperial_force_2"]),
    );
    let lines = end_struggle(&mut s);
    assert_lines(
        &lines,
        &[
            "The Rebel player reveals Deception, which cancels out with the Empire one.",
            "The Empire player reveals Deception, which cancels out with the Rebel one.",
            "The Rebel player wins Control of Endor: now 1 victory point.",
        ],
    );
    assert!(!lines.iter().any(|l| l.contains("turns the result round")), "{lines:#?}");
    assert!(won(&s, REBEL, "control_of_endor"));
}

#[test]
fn a_tie_goes_to_the_side_the_balance_token_shows() {
    for balance in [REBEL, EMPIRE] {
        // Battle of Hoth: 5 + 5 = 10 each.
        let mut s = round(
            "battle_of_hoth",
            None,
            None,
            (&["rebel_military_5", "rebel_force_5"], &["imperial_military_5", "imperial_force_5"]),
        );
        s.balance = balance;
        let lines = end_struggle(&mut s);
        let b = balance.name();
        assert_lines(
            &lines,
            &[
                &format!(
                    "Both totals are 10: the balance token shows the {b} side, so the tie goes to the {b} player."
                ),
                &format!("The {b} player wins Battle of Hoth: now 3 victory points."),
                &format!("The {} player lost, so their Bureaucracy takes effect.", balance.opponent().name()),
            ],
        );
        assert!(won(&s, balance, "battle_of_hoth"));
    }
}

#[test]
fn a_total_over_the_objective_value_skips_its_strategy_and_nobody_may_win() {
    // Battle of Yavin (objective 15): the Rebels' 17 is over before any strategy, so their
    // Direct Assault does nothing; the Empire's 14 + 2 = 16 is pushed over by its own.
    let mut s = round(
        "battle_of_yavin",
        Some("direct_assault"),
        Some("direct_assault"),
        (
            &["rebel_military_5", "rebel_force_5", "rebel_recon_5", "rebel_diplomacy_2"],
            &["imperial_military_5", "imperial_force_5", "imperial_recon_4"],
        ),
    );
    let lines = end_struggle(&mut s);
    assert_lines(
        &lines,
        &[
            "The Rebel player reveals Direct Assault, which does nothing: their total 17 is over the objective value.",
            "The Empire player reveals Direct Assault: +2 makes their total 16, over the objective value.",
            "Nobody wins Battle of Yavin: both totals are over the objective value 15 (Rebel 17, Empire 16); it goes to the bottom of the event deck.",
        ],
    );
    assert!(!won(&s, REBEL, "battle_of_yavin") && !won(&s, EMPIRE, "battle_of_yavin"));
    assert_eq!(s.events[0], evr::event("battle_of_yavin"));
}

#[test]
fn one_total_over_the_objective_value_gives_the_event_to_the_other() {
    // Control of Endor (objective 9): the Rebels' 10 is over; the Empire wins with 2, and its
    // Deception changes nothing.
    let mut s = round(
        "control_of_endor",
        None,
        Some("deception"),
        (&["rebel_military_5", "rebel_force_5"], &["imperial_military_2"]),
    );
    let lines = end_struggle(&mut s);
    assert_lines(
        &lines,
        &[
            "The Rebel player reveals Bureaucracy, which does nothing: their total 10 is over the objective value.",
            "The Rebel total 10 is over the objective value 9, so the Empire player is ahead with 2.",
            "The Empire player's Deception changes nothing: a total is over the objective value.",
            "The Empire player wins Control of Endor: now 1 victory point.",
        ],
    );
    assert!(!lines.iter().any(|l| l.contains("Bureaucracy takes effect")), "{lines:#?}");
    assert!(won(&s, EMPIRE, "control_of_endor"));
}

#[test]
fn infiltration_says_what_it_will_do_and_support_is_explained_across_its_choice() {
    let mut s = round(
        "battle_of_hoth",
        Some("infiltration"),
        Some("support"),
        (&["rebel_military_5"], &["imperial_military_4"]),
    );
    let reveal = end_struggle(&mut s);
    assert_lines(
        &reveal,
        &[
            "The Rebel player reveals Infiltration: they will pick the Empire strategy for the next round.",
            "The Empire player reveals Support: they may shuffle a character from their reserve into their deck.",
            "Support takes effect for the Empire player.",
        ],
    );
    assert!(!reveal.iter().any(|l| l.contains(" wins ")), "the result waits for Support: {reveal:#?}");
    let d = decision(&s).expect("Support asks the Empire");
    assert_eq!((d.seat, d.kind), (EMPIRE, DecisionKind::Effect));
    let result = public(&mut s, EMPIRE, d.actions[0].clone());
    assert_lines(
        &result,
        &[
            "The result of Battle of Hoth:",
            "The Rebel total 5 beats the Empire total 4, both within the objective value 17.",
            "The Rebel player wins Battle of Hoth: now 3 victory points.",
        ],
    );
    for l in &result {
        assert!(!reveal.contains(l), "said twice: {l}");
    }
    // Next round, the Rebels pick the Empire's strategy.
    while matches!(s.phase, Phase::ChooseStrategy { faction: Faction::Rebel }) {
        let d = decision(&s).unwrap();
        Evr::apply(&mut s, d.seat.key(), d.actions[0].clone()).unwrap();
    }
    assert_eq!(decision(&s).map(|d| d.seat), Some(REBEL), "the Rebels choose the Empire's strategy");
}

/// Plays random matches, calling `each(before, after, public lines)` on every step.
fn random_matches(seeds: std::ops::Range<u64>, mut each: impl FnMut(&EvrState, &EvrState, &[String])) {
    init();
    for seed in seeds {
        let mut s = new_game(seed);
        let mut rng = GameRng::from_seed(seed ^ 0x37);
        while let Some(d) = decision(&s) {
            let before = s.clone();
            let a = d.actions[rng.below(d.actions.len())].clone();
            let lines = public(&mut s, d.seat, a);
            each(&before, &s, &lines);
        }
    }
}

#[test]
fn the_explained_winner_is_the_engines_in_random_games() {
    let mut checked = 0;
    random_matches(0..60, |before, after, _| {
        let (pb, pa) = (view(before, Viewer::Public), view(after, Viewer::Public));
        let Some(won) = settled(&pb, &pa) else { return };
        let round = Round::of(before).expect("a dominance phase");
        assert_eq!(round.winner(), won.map(|(f, _)| f), "{round:?}");
        checked += 1;
    });
    assert!(checked > 300, "rounds checked: {checked}");
}

#[test]
fn a_whole_matchs_public_lines_have_no_duplicates_or_odd_phrasings() {
    let odd = ["chose option", "(value ", "The struggle is over: Rebel total"];
    random_matches(0..40, |_, after, lines| {
        let mut seen = std::collections::BTreeSet::new();
        for l in lines {
            assert!(seen.insert(l.clone()), "said twice in one step: {l}\n{lines:#?}");
            for o in odd {
                assert!(!l.contains(o), "odd phrasing {o:?}: {l}");
            }
            // "Rebel Force (3) (3)": a value said twice.
            assert!(!l.contains(") ("), "{l}");
        }
        // A strategy revealed is not announced again as "this round's" (a shown one, Locate
        // the Rebel Base's, is said so in the planning phase, before any reveal).
        for f in Faction::BOTH {
            let revealed = lines.iter().any(|l| l.starts_with(&format!("The {} player reveals", f.name())));
            let again = lines.iter().any(|l| l.starts_with(&format!("The {} strategy this round", f.name())));
            assert!(!(revealed && again), "{lines:#?}");
        }
        let board = Evr::board_text(after, None);
        assert!(!board.contains(") (") && !board.contains(" of 1") && !board.contains(" of 2"), "{board}");
        // A seat's secrets name the opponent's strategy only while the public cannot see it (a
        // reveal is not news twice).
        let pv = view(after, Viewer::Public);
        for f in Faction::BOTH {
            let opp = f.opponent();
            let shown = matches!(pv.sides[&opp].chosen, Some(holonet::engine::viewer::Cards::Visible(_)));
            let text = Evr::private_text(after, f.key());
            assert!(!(shown && text.contains(&format!("The {} strategy this round", opp.name()))), "{text}");
        }
    });
}

/// The whole text a card-naming option's description stands for, from the catalog.
fn catalog_text(a: &Action, v: &holonet::engine::evr::EvrView, me: Faction) -> Option<String> {
    let c = catalog();
    let resource = |id: ResourceCardId| {
        let r = c.resource(id);
        let worth = match r.exhausted_value {
            Some(low) if low != r.value => format!("Value {}, exhausted {low}", r.value),
            _ => format!("Value {}", r.value),
        };
        format!("{worth}: {}", r.text)
    };
    match a {
        Action::Character { card } | Action::Pick { card } => Some(resource(*card)),
        Action::Ready { slot } => {
            let key = &v.sides[&me].play[*slot as usize - 1].card;
            Some(resource(c.resource_by_key(key).unwrap()))
        }
        Action::Strategy { card } => Some(c.strategy(*card).text.clone()),
        Action::Event { card } => Some(event_text(*card)),
        _ => None,
    }
}

#[test]
fn every_option_naming_a_card_describes_it_as_the_catalog_does() {
    let mut kinds = std::collections::BTreeSet::new();
    random_matches(0..25, |_, after, _| {
        let Some(d) = decision(after) else { return };
        let v = view(after, Viewer::Faction(d.seat));
        for (t, a) in option_texts(after, &d).iter().zip(&d.actions) {
            assert!(t.label.chars().count() <= 100, "{}", t.label);
            let n = t.description.chars().count();
            assert!(n <= MAX_DESCRIPTION, "{n}: {}", t.description);
            if let Action::Use { .. } = a {
                assert!(n > 0, "{}: what the power does now", t.label);
            }
            let Some(full) = catalog_text(a, &v, d.seat) else { continue };
            kinds.insert(a.command().split(' ').next().unwrap().to_string());
            if full.chars().count() <= MAX_DESCRIPTION {
                assert_eq!(t.description, full, "{}", t.label);
            } else {
                let body = t.description.strip_suffix(MORE).unwrap_or_else(|| panic!("{}", t.description));
                assert!(full.starts_with(body) && !body.is_empty(), "{} / {full}", t.description);
            }
        }
    });
    for k in ["character", "strategy", "pick", "ready"] {
        assert!(kinds.contains(k), "{k} options were checked: {kinds:?}");
    }
}

#[test]
fn use_says_what_the_power_would_do_now() {
    let mut s = round(
        "battle_of_hoth",
        None,
        None,
        (&["rebel_military_2", "yoda"], &["imperial_force_2", "imperial_recon_3"]),
    );
    let d = decision(&s).unwrap();
    let texts = option_texts(&s, &d);
    let of = |label: &str| {
        texts.iter().find(|t| t.label == label).unwrap_or_else(|| panic!("{label}")).description.clone()
    };
    assert_eq!(
        of("Use the power of Rebel Military (2)"),
        "Discard a card from your opponent's play area (2 to pick from)."
    );
    assert_eq!(of("Use Yoda's power"), "Take 1 influence (you will hold 3).");
    // With nothing of the Empire's in play, the Military card would only be exhausted.
    s.sides.empire.play.clear();
    s.sides.empire.deck.extend([evr::card("imperial_force_2"), evr::card("imperial_recon_3")]);
    let d = decision(&s).unwrap();
    let texts = option_texts(&s, &d);
    let military = texts.iter().find(|t| t.label == "Use the power of Rebel Military (2)").unwrap();
    assert_eq!(military.description, "Nothing to pick now: the card would only be exhausted.");
}

#[test]
fn setup_offers_the_eight_characters_one_at_a_time_with_values_and_powers() {
    init();
    let mut s = new_game(4);
    for picked in 0..4 {
        let d = decision(&s).unwrap();
        assert_eq!((d.seat, d.kind, d.actions.len()), (REBEL, DecisionKind::ChooseCharacters, 8 - picked));
        let texts = option_texts(&s, &d);
        for t in &texts {
            assert!(
                t.label.starts_with("Shuffle ") && t.description.starts_with("Value 6, exhausted 1: "),
                "{t:?}"
            );
        }
        let Action::Character { card } = d.actions[picked].clone() else { panic!("a character") };
        let lines = public(&mut s, REBEL, Action::Character { card });
        let name = &catalog().resource(card).name;
        assert_eq!(
            lines[0],
            format!("The Rebel player picked a character for their deck ({} of 4).", picked + 1)
        );
        assert!(!lines.iter().any(|l| l.contains(name.as_str())), "{lines:?}");
    }
    assert_eq!(decision(&s).unwrap().seat, EMPIRE);
    assert_eq!(s.sides.rebel.reserve.len(), 4);
}

#[test]
fn the_hand_lists_reserve_and_strategies_with_their_texts_and_splits_without_cutting() {
    let mut s =
        round("battle_of_hoth", Some("direct_assault"), None, (&["rebel_military_2"], &["imperial_force_2"]));
    let c = catalog();
    let hand = Evr::private_text(&s, "rebel");
    for &r in &s.sides.rebel.reserve {
        let line = format!("- {} (value 6, exhausted 1): {}", c.resource(r).name, c.resource(r).text);
        assert!(hand.contains(&line), "{line}\n{hand}");
    }
    let da = c.strategy(evr::strategy("direct_assault"));
    assert!(hand.contains(&format!("Your strategy this round: Direct Assault: {}", da.text)), "{hand}");
    for &x in &s.sides.rebel.unused {
        assert!(hand.contains(&format!("- {}: {}", c.strategy(x).name, c.strategy(x).text)), "{hand}");
    }
    assert!(!hand.contains("Empire strategy"), "{hand}");
    // A power holding the whole deck makes the hand longer than one Discord message: it is
    // split at line ends into pieces that together hold all of it.
    let deck: Vec<ResourceCardId> = s.sides.rebel.deck.clone();
    s.pending = Some(Frame {
        source: Source::Power(evr::card("han_solo")),
        actor: REBEL,
        op: 0,
        option: None,
        options_done: 0,
        count: 0,
        side: None,
        cards: deck,
        events: Vec::<EventCardId>::new(),
        prepared: true,
    });
    let long = Evr::private_text(&s, "rebel");
    assert!(long.chars().count() > 2000, "{}", long.chars().count());
    let pieces = holonet::discord::messages::chunks(&long, holonet::discord::messages::MAX_CONTENT);
    assert!(pieces.len() > 1 && pieces.iter().all(|p| p.chars().count() <= 2000));
    assert_eq!(pieces.join("\n"), long.trim_end());
}

#[test]
fn the_duel_on_cloud_city_names_luke_skywalker_and_darth_vader() {
    init();
    let s = struggle("duel_on_cloud_city", None, None);
    let d = decision(&s).expect("the struggle");
    let context = holonet::games::evr::words::context(&s, &d).join("\n");
    let described = event_text(evr::event("duel_on_cloud_city"));
    for text in [&context, &described] {
        for name in ["Luke Skywalker", "Darth Vader"] {
            assert!(text.contains(name), "{name} missing from {text}");
        }
    }
}
