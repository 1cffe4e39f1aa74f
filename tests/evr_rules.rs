//! Empire vs. Rebellion's round loop, one test per rulebook section (setup, planning, the
//! struggle, dominance, winning), and the views' twins. Powers: `tests/evr_cards.rs`;
//! strategies and events: `tests/evr_effects.rs`.

#[path = "support/evr.rs"]
mod evr;

use holonet::content::Faction;
use holonet::content::evr::{ResourceCardId, catalog};
use holonet::engine::evr::state::Phase;
use holonet::engine::evr::{Action, DecisionKind, EvrState, InPlay, RuleError, apply, decision, new_game};
use holonet::engine::rng::GameRng;

const REBEL: Faction = Faction::Rebel;
const EMPIRE: Faction = Faction::Empire;

fn init() {
    holonet::content::init().expect("content loads");
}

/// A match past setup: each side keeps its first four characters.
fn set_up(seed: u64) -> EvrState {
    init();
    let mut s = new_game(seed);
    evr::set_up(&mut s);
    s
}

/// Both players choose their first unused strategy: the struggle begins.
fn to_struggle(s: &mut EvrState) {
    for f in [REBEL, EMPIRE] {
        let d = decision(s).unwrap();
        assert_eq!((d.seat, d.kind), (f, DecisionKind::ChooseStrategy));
        apply(s, f, d.actions[0].clone()).unwrap();
    }
}

fn refused(s: &mut EvrState, f: Faction, a: Action) -> RuleError {
    let before = s.clone();
    let e = apply(s, f, a).expect_err("refused");
    assert_eq!(*s, before, "a refused action changes nothing");
    e
}

#[test]
fn complete_setup_shuffles_the_events_deals_influence_and_sets_the_balance_token_at_random() {
    init();
    let c = catalog();
    let mut sides = std::collections::BTreeSet::new();
    for seed in 0..20 {
        let s = new_game(seed);
        assert_eq!(s.events.len(), c.events.len());
        assert_eq!((s.sides.rebel.influence, s.sides.empire.influence), (2, 2));
        assert_eq!(s.supply, c.influence_tokens.count - 4);
        assert_eq!(s.sides.rebel.unused.len(), c.strategies.len());
        sides.insert(format!("{:?}", s.balance));
        let d = decision(&s).unwrap();
        assert_eq!(
            (d.seat, d.kind, d.actions.len()),
            (REBEL, DecisionKind::ChooseCharacters, 8),
            "one of the eight characters at a time"
        );
    }
    assert_eq!(sides.len(), 2, "the balance token lands on either side");
}

#[test]
fn choose_characters_puts_four_in_the_deck_and_four_in_reserve() {
    let s = set_up(1);
    for f in [REBEL, EMPIRE] {
        let side = s.sides.get(f);
        assert_eq!((side.deck.len(), side.reserve.len()), (20, 4));
        let chars = side.deck.iter().filter(|&&x| catalog().resource(x).is_character()).count();
        assert_eq!(chars, 4);
        assert!(
            side.reserve.iter().all(|&x| catalog().resource(x).is_character() && !side.deck.contains(&x))
        );
    }
    // Someone else's character, a basic card, or one picked already are refused; the picks
    // are offered one at a time, eight, then seven…, whatever was picked.
    init();
    let mut s = new_game(2);
    let empire = catalog().characters_of(EMPIRE).next().unwrap();
    let e = refused(&mut s, REBEL, Action::Character { card: empire });
    assert!(e.to_string().contains("your own faction's characters not picked yet"), "{e}");
    let basic = catalog().resources_of(REBEL).find(|&x| !catalog().resource(x).is_character()).unwrap();
    refused(&mut s, REBEL, Action::Character { card: basic });
    let rebels: Vec<ResourceCardId> = catalog().characters_of(REBEL).collect();
    for (k, &pick) in rebels.iter().rev().take(3).enumerate() {
        assert_eq!(decision(&s).unwrap().actions.len(), 8 - k);
        apply(&mut s, REBEL, Action::Character { card: pick }).unwrap();
        refused(&mut s, REBEL, Action::Character { card: pick });
        assert!(s.sides.rebel.reserve.is_empty(), "the reserve is made with the fourth pick");
    }
    assert!(matches!(refused(&mut s, EMPIRE, Action::Play), RuleError::NotYourDecision { waiting: REBEL }));
    apply(&mut s, REBEL, Action::Character { card: rebels[0] }).unwrap();
    let reserve: Vec<ResourceCardId> = rebels[1..5].to_vec();
    assert_eq!(s.sides.rebel.reserve, reserve, "the four not picked wait in reserve");
    assert_eq!(s.sides.rebel.deck.len(), 20);
    assert_eq!(decision(&s).unwrap().seat, EMPIRE, "then the Empire picks");
}

#[test]
fn a_match_logged_with_four_characters_at_once_still_replays_as_the_four_picks() {
    // Matches stored or exported before the one-at-a-time setup logged `characters a b c d`:
    // it applies as the four picks (one state version), so their replay reaches the same state.
    init();
    let c = catalog();
    for seed in 0..5 {
        let (mut old, mut new) = (new_game(seed), new_game(seed));
        for f in [REBEL, EMPIRE] {
            let four: Vec<ResourceCardId> = c.characters_of(f).skip(seed as usize % 4).take(4).collect();
            let mut reversed = four.clone();
            reversed.reverse();
            // As the old logs hold it.
            let logged = serde_json::json!({ "type": "characters", "cards": reversed });
            let action: Action = serde_json::from_value(logged).expect("an old log entry reads");
            apply(&mut old, f, action).expect("the old setup applies");
            for &card in &four {
                apply(&mut new, f, Action::Character { card }).unwrap();
            }
        }
        assert_eq!(old.version + 6, new.version, "one version per logged action");
        new.version = old.version;
        assert_eq!(old, new, "seed {seed}: the same deck order, reserve and round");
    }
    // It is held to the same rules: four different characters of one's own, before any pick.
    let mut s = new_game(3);
    let rebels: Vec<ResourceCardId> = c.characters_of(REBEL).collect();
    let empire: Vec<ResourceCardId> = c.characters_of(EMPIRE).collect();
    for wrong in [
        vec![rebels[0], rebels[1], rebels[2]],
        vec![rebels[0], rebels[0], rebels[1], rebels[2]],
        vec![rebels[0], rebels[1], rebels[2], empire[0]],
        vec![rebels[0], rebels[1], rebels[2], rebels[3], rebels[4]],
    ] {
        refused(&mut s, REBEL, Action::Characters { cards: wrong });
    }
    refused(&mut s, EMPIRE, Action::Characters { cards: empire[..4].to_vec() });
    apply(&mut s, REBEL, Action::Character { card: rebels[0] }).unwrap();
    refused(&mut s, REBEL, Action::Characters { cards: rebels[1..5].to_vec() });
    // It is never offered.
    assert!(decision(&s).unwrap().actions.iter().all(|a| matches!(a, Action::Character { .. })));
}

#[test]
fn reveal_event_and_choose_strategies_in_secret_each_card_once_until_retrieved() {
    let mut s = set_up(3);
    assert_eq!(s.round, 1);
    assert!(s.event.is_some(), "the event is revealed");
    to_struggle(&mut s);
    let chosen = s.sides.rebel.chosen.expect("chosen");
    assert!(!s.sides.rebel.unused.contains(&chosen));
    // Play the round out: the chosen card is used and cannot be chosen next round.
    while matches!(s.phase, Phase::Struggle { .. }) {
        let d = decision(&s).unwrap();
        let a = if d.actions.contains(&Action::Pass) { Action::Pass } else { Action::Play };
        apply(&mut s, d.seat, a).unwrap();
    }
    assert!(s.sides.rebel.used.contains(&chosen));
    let e = refused(&mut s, REBEL, Action::Strategy { card: chosen });
    assert!(e.to_string().contains("chosen in an earlier round"), "{e}");
}

#[test]
fn the_struggle_starts_with_the_balance_token_and_ends_on_two_passes_in_succession() {
    let mut s = set_up(4);
    to_struggle(&mut s);
    let first = s.balance;
    assert_eq!(decision(&s).unwrap().seat, first);
    // With no card in play a player must play.
    let e = refused(&mut s, first, Action::Pass);
    assert!(e.to_string().contains("must play"), "{e}");
    apply(&mut s, first, Action::Play).unwrap();
    apply(&mut s, first.opponent(), Action::Play).unwrap();
    apply(&mut s, first, Action::Pass).unwrap();
    // A pass not answered by a pass does not end it.
    apply(&mut s, first.opponent(), Action::Play).unwrap();
    apply(&mut s, first, Action::Pass).unwrap();
    assert!(matches!(s.phase, Phase::Struggle { .. }));
    let round = s.round;
    apply(&mut s, first.opponent(), Action::Pass).unwrap();
    // Strategy and event effects may ask something before the round ends.
    while let Some(d) = decision(&s).filter(|d| d.kind == DecisionKind::Effect) {
        apply(&mut s, d.seat, d.actions[0].clone()).unwrap();
    }
    assert_eq!(s.round, round + 1, "two passes in succession end the struggle and the round");
}

#[test]
fn capacity_stops_a_card_that_would_overfill_the_play_area() {
    let mut s = set_up(5);
    to_struggle(&mut s);
    let capacity = catalog().event(s.event.unwrap()).capacity as usize;
    let f = s.balance;
    for _ in 0..capacity {
        apply(&mut s, f, Action::Play).unwrap();
        apply(&mut s, f.opponent(), Action::Play).unwrap();
    }
    assert_eq!(s.sides.get(f).play.len(), capacity);
    let e = refused(&mut s, f, Action::Play);
    assert!(e.to_string().starts_with("Capacity"), "{e}");
}

#[test]
fn spend_influence_readies_an_exhausted_card() {
    let mut s = set_up(6);
    to_struggle(&mut s);
    let f = s.balance;
    apply(&mut s, f, Action::Play).unwrap();
    apply(&mut s, f.opponent(), Action::Play).unwrap();
    // An exhausted card (as a used power leaves it).
    s.sides.get_mut(f).play[0].exhausted = true;
    let supply = s.supply;
    apply(&mut s, f, Action::Ready { slot: 1 }).unwrap();
    assert!(!s.sides.get(f).play[0].exhausted);
    assert_eq!((s.sides.get(f).influence, s.supply), (1, supply + 1));
    // Without influence, or with no exhausted card there, it is refused.
    apply(&mut s, f.opponent(), Action::Pass).unwrap();
    let e = refused(&mut s, f, Action::Ready { slot: 1 });
    assert!(e.to_string().contains("no exhausted card"), "{e}");
}

/// Puts exactly these values' worth in both play areas (basic cards drawn out of the
/// faction's deck, after the play area went back into it) and ends the struggle.
fn settle(s: &mut EvrState, rebel: &[u8], empire: &[u8]) {
    let c = catalog();
    for (f, values) in [(REBEL, rebel), (EMPIRE, empire)] {
        let side = s.sides.get_mut(f);
        let back: Vec<ResourceCardId> = side.play.drain(..).map(|p| p.card).collect();
        side.deck.extend(back);
        for &v in values {
            let i = side
                .deck
                .iter()
                .position(|&x| !c.resource(x).is_character() && c.resource(x).value == v)
                .expect("a basic card of that value in the deck");
            let card = side.deck.remove(i);
            side.play.push(InPlay { card, exhausted: false });
        }
    }
    let f = s.balance;
    s.phase = Phase::Struggle { turn: f, passed: true };
    apply(s, f, Action::Pass).unwrap();
}

#[test]
fn determine_victory_the_highest_total_not_over_the_objective_wins_and_ties_go_to_the_balance_token() {
    let mut s = set_up(7);
    to_struggle(&mut s);
    let event = s.event.unwrap();
    let def = catalog().event(event);
    let goal = def.objective_value;
    // The Rebels one under the objective value, the Empire one over it: the Rebels win.
    let influence = s.sides.rebel.influence;
    settle(&mut s, &under(goal), &over(goal));
    assert!(s.sides.rebel.won.contains(&event));
    assert_eq!(s.sides.rebel.influence, influence + def.influence_value);
    assert_eq!(s.balance, EMPIRE, "the side with fewer points shows");
    // A tie: the balance token's side wins.
    to_struggle(&mut s);
    let event = s.event.unwrap();
    let goal = catalog().event(event).objective_value;
    let tied = under(goal);
    settle(&mut s, &tied, &tied);
    assert!(s.sides.empire.won.contains(&event), "the Empire showed on the token");
}

/// Basic card values (2–5, each at most four times) that add up to `goal - 1` (or less).
fn under(goal: u8) -> Vec<u8> {
    let mut left = goal.saturating_sub(1);
    let mut out = vec![];
    for v in [5u8, 5, 4, 3, 2] {
        if v <= left && out.len() < 3 {
            out.push(v);
            left -= v;
        }
    }
    out
}

fn over(goal: u8) -> Vec<u8> {
    let mut out = vec![5u8, 5, 5, 5];
    out.truncate(((goal as usize) / 5) + 1);
    out
}

#[test]
fn both_over_the_objective_value_nobody_wins_and_the_event_goes_to_the_bottom() {
    let mut s = set_up(8);
    to_struggle(&mut s);
    let event = s.event.unwrap();
    let goal = catalog().event(event).objective_value;
    let balance = s.balance;
    settle(&mut s, &over(goal), &over(goal));
    assert_eq!(s.events.first(), Some(&event), "at the bottom of the event deck");
    assert!(s.sides.rebel.won.is_empty() && s.sides.empire.won.is_empty());
    assert_eq!(s.balance, balance, "level points and no winner: the token stays");
}

#[test]
fn cleanup_gathers_every_resource_card_and_retrieves_the_strategies_once_all_are_used() {
    let mut s = set_up(9);
    let strategies = catalog().strategies.len();
    for round in 0..strategies {
        to_struggle(&mut s);
        // A card in each discard pile too, for the cleanup to gather.
        for f in [REBEL, EMPIRE] {
            let side = s.sides.get_mut(f);
            let top = side.deck.pop().unwrap();
            side.discard.push(top);
        }
        settle(&mut s, &[2], &[3]);
        while let Some(d) = decision(&s).filter(|d| d.kind == DecisionKind::Effect) {
            apply(&mut s, d.seat, d.actions[0].clone()).unwrap();
        }
        if s.winner.is_some() {
            return;
        }
        for f in [REBEL, EMPIRE] {
            let side = s.sides.get(f);
            assert!(side.play.is_empty() && side.discard.is_empty(), "round {round}: nothing left out");
            assert_eq!(side.deck.len() + side.reserve.len(), 24, "round {round}: all in the deck");
        }
        let used = s.sides.rebel.used.len();
        assert_eq!(used, if round + 1 == strategies { 0 } else { round + 1 }, "round {round}");
    }
    assert_eq!(s.sides.rebel.unused.len(), strategies, "all retrieved");
}

#[test]
fn winning_the_game_at_seven_victory_points_and_random_games_all_end() {
    init();
    let mut rng = GameRng::from_seed(99);
    let mut rounds = 0;
    for seed in 0..300 {
        let mut s = new_game(seed);
        let mut last_taken = None;
        for _ in 0..10_000 {
            let Some(d) = decision(&s) else { break };
            let a = d.actions[rng.below(d.actions.len())].clone();
            let before = s.clone();
            apply(&mut s, d.seat, a).unwrap();
            for f in [REBEL, EMPIRE] {
                if s.sides.get(f).won.len() > before.sides.get(f).won.len() {
                    last_taken = s.sides.get(f).won.last().copied();
                }
                // Seven victory points win at once: nobody is asked anything after.
                if s.sides.get(f).victory_points() >= 7 {
                    assert_eq!(s.winner, Some(f), "seed {seed}");
                    assert!(decision(&s).is_none(), "seed {seed}: a question after the game was won");
                }
            }
        }
        let w = s.winner.unwrap_or_else(|| panic!("seed {seed}: the game ends"));
        assert!(s.sides.get(w).victory_points() >= 7, "seed {seed}");
        // The event that brought the winner to seven was the last one taken.
        let last = catalog().event(last_taken.expect("an event was taken")).victory_points as u32;
        assert!(
            s.sides.get(w).won.last() == last_taken.as_ref() && s.sides.get(w).victory_points() - last < 7
        );
        assert!(decision(&s).is_none());
        rounds += s.round;
    }
    assert!(rounds > 300 * 3, "games last several rounds: {rounds}");
}

#[test]
fn views_keep_the_reserve_the_chosen_strategy_and_the_deck_from_the_other_side() {
    use holonet::engine::evr::{Viewer, view};
    init();
    let mut rng = GameRng::from_seed(7);
    let (mut compared, mut strategies, mut owner_sealed) = (0, 0, 0);
    for seed in 0..40 {
        let mut s = new_game(seed);
        // Who may know each strategy, from the rules and the actions (not the engine's flags).
        let mut knowledge = evr::Knowledge::default();
        for _ in 0..400 {
            let Some(d) = decision(&s) else { break };
            for f in [REBEL, EMPIRE] {
                // Twins that differ only in f's secrets: another reserve character in the deck,
                // the deck in another order.
                let mut t = s.clone();
                let side = t.sides.get_mut(f);
                if let (Some(r), Some(i)) = (
                    side.reserve.first().copied(),
                    side.deck.iter().position(|&x| catalog().resource(x).is_character()),
                ) {
                    side.reserve[0] = side.deck[i];
                    side.deck[i] = r;
                }
                side.deck.reverse();
                if t != s {
                    for v in [Viewer::Public, Viewer::Faction(f.opponent())] {
                        assert_eq!(view(&s, v), view(&t, v), "seed {seed}: {v:?} tells the {f} twins apart");
                    }
                    // The owner sees their own reserve.
                    if t.sides.get(f).reserve != s.sides.get(f).reserve {
                        assert_ne!(view(&s, Viewer::Faction(f)), view(&t, Viewer::Faction(f)));
                    }
                    compared += 1;
                }
                // Twins with another strategy for f: alike to everyone who may not know it
                // (the owner too, between two simultaneous Infiltration picks), different to
                // those who may.
                for r in [None, Some(f.opponent()), Some(f)] {
                    let Some(t) = evr::strategy_twin(&s, f, rng.below(4)) else { continue };
                    let v = r.map_or(Viewer::Public, Viewer::Faction);
                    if knowledge.knows(&s, f, r) {
                        if r.is_some() {
                            assert_ne!(
                                view(&s, v),
                                view(&t, v),
                                "seed {seed}: {v:?} should see the {f} strategy"
                            );
                        }
                    } else {
                        assert_eq!(
                            view(&s, v),
                            view(&t, v),
                            "seed {seed}: {v:?} tells the {f} strategies apart"
                        );
                        strategies += 1;
                        owner_sealed += usize::from(r == Some(f));
                    }
                }
            }
            let a = d.actions[rng.below(d.actions.len())].clone();
            let before = s.clone();
            apply(&mut s, d.seat, a.clone()).unwrap();
            knowledge.step(&before, &d, &a, &s);
        }
    }
    assert!(compared > 1000 && strategies > 1000, "twins compared: {compared}, strategies: {strategies}");
    println!("strategy twins hidden from their own owner: {owner_sealed}");
    // The public view names no reserve character and no chosen strategy.
    let s = set_up(3);
    let json = serde_json::to_string(&view(&s, Viewer::Public)).unwrap();
    for &r in &s.sides.rebel.reserve {
        assert!(!json.contains(&catalog().resource(r).key), "{json}");
    }
}
