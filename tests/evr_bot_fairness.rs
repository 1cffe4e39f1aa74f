//! The Empire vs. Rebellion computer plays fair: states that differ only in a secret its seat
//! may not know — the leak harness's twins (`support/evr_twins.rs`: the opponent's reserve, its
//! strategy while secret, one picked again after a power, one picked for the seat and not turned
//! over, deck orders) — give it the very same imagined worlds, and so the very same decision for
//! the same seed and iteration budget, at sampled steps of random matches. The worlds break no
//! rule of the box (`engine::evr::invariants`).

#[path = "support/evr.rs"]
mod evr;
#[path = "support/evr_twins.rs"]
mod twins;

use holonet::bot::Budget;
use holonet::bot::evr::choose;
use holonet::bot::evr::determinize::determinize;
use holonet::content::Faction;
use holonet::engine::evr::{DecisionKind, decision, invariants, new_game};
use holonet::engine::rng::GameRng;
use twins::{KINDS, Kind, Seen, pick, twin};

/// What one run compared.
#[derive(Default, Debug)]
struct Counts {
    worlds: usize,
    decisions: usize,
    by_kind: [usize; KINDS.len()],
}

/// Plays a random match from `seed`; at sampled steps builds twins of every kind for every seat
/// that may not tell them apart, and compares what that seat imagines and (every
/// `decide_every` comparisons where it decides) what it chooses with `iterations` iterations.
fn run(seed: u64, decide_every: usize, iterations: u32, counts: &mut Counts) {
    let mut s = new_game(seed);
    let mut seen = Seen::default();
    let mut knowledge = evr::Knowledge::default();
    let mut play = GameRng::from_seed(seed ^ 0xFA1E);
    let mut rng = GameRng::from_seed(seed ^ 0x7715);
    while let Some(d) = decision(&s) {
        seen.note(&s);
        let sealed = Faction::BOTH.iter().any(|&f| knowledge.sealed_from_owner(&s, f));
        if rng.below(3) == 0 || sealed {
            for f in Faction::BOTH {
                for (k, kind) in KINDS.into_iter().enumerate() {
                    // The seats that may not know the secret: the opponent, and for the deck's
                    // order and a sealed pick the owner too.
                    let seats = match kind {
                        Kind::DeckOrder => vec![f.opponent(), f],
                        Kind::Sealed => vec![f],
                        _ => vec![f.opponent()],
                    };
                    for seat in seats {
                        let Some(t) = twin(&s, f, Some(seat), kind, &seen, &knowledge, &mut rng) else {
                            continue;
                        };
                        let bot_seed = rng.below(usize::MAX) as u64;
                        let a = determinize(&s, seat, &mut GameRng::from_seed(bot_seed));
                        let b = determinize(&t, seat, &mut GameRng::from_seed(bot_seed));
                        let at = || format!("seed {seed} v{}: {kind:?} twin of the {f} player", s.version);
                        assert!(a == b, "{}: the {seat} seat imagines another world", at());
                        if let Err(e) = invariants::check(&a) {
                            panic!("{}: an imagined world breaks the box: {e}", at());
                        }
                        counts.worlds += 1;
                        counts.by_kind[k] += 1;
                        if seat == d.seat
                            && d.kind != DecisionKind::ChooseCharacters
                            && counts.worlds.is_multiple_of(decide_every)
                        {
                            let budget = Budget::Iterations(iterations);
                            let x = choose(&s, budget, bot_seed);
                            let y = choose(&t, budget, bot_seed);
                            assert_eq!(x, y, "{}: the computer decides otherwise", at());
                            counts.decisions += 1;
                        }
                    }
                }
            }
        }
        let a = pick(&d, &mut play);
        let before = s.clone();
        holonet::engine::evr::apply(&mut s, d.seat, a.clone()).expect("a legal action");
        knowledge.step(&before, &d, &a, &s);
    }
}

#[test]
fn the_computer_imagines_and_decides_the_same_in_states_its_seat_cannot_tell_apart() {
    holonet::content::init().expect("content loads");
    let mut counts = Counts::default();
    for seed in 1..=16 {
        run(seed, 4, 24, &mut counts);
    }
    println!("{counts:?}");
    let [reserve, strategy, replaced, sealed, deck] = counts.by_kind;
    assert!(reserve > 100 && strategy > 100 && deck > 100, "too few twins compared: {counts:?}");
    assert!(replaced > 5 && sealed > 0, "too few rare twins compared: {counts:?}");
    assert!(counts.decisions > 50, "too few decisions compared: {counts:?}");
}

#[test]
fn the_computer_imagines_the_opponents_reserve_and_strategy_not_the_real_ones() {
    holonet::content::init().expect("content loads");
    // Round 1's struggle, both strategies chosen (Direct Assault for the Empire).
    let s = evr::struggle("escape_from_tatooine", None, Some("direct_assault"));
    let mut rng = GameRng::from_seed(3);
    let worlds: Vec<_> = (0..100).map(|_| determinize(&s, Faction::Rebel, &mut rng)).collect();
    let empire = |w: &holonet::engine::evr::EvrState| w.sides.get(Faction::Empire).clone();
    assert!(worlds.iter().any(|w| empire(w).reserve != s.sides.empire.reserve), "the reserve never moves");
    assert!(worlds.iter().any(|w| empire(w).chosen != s.sides.empire.chosen), "the strategy never moves");
    // The seat's own secrets are its own.
    for w in &worlds {
        assert_eq!(w.sides.rebel.reserve, s.sides.rebel.reserve);
        assert_eq!(w.sides.rebel.chosen, s.sides.rebel.chosen);
        let mut deck = w.sides.rebel.deck.clone();
        deck.sort();
        let mut real = s.sides.rebel.deck.clone();
        real.sort();
        assert_eq!(deck, real, "the Rebels know what their deck holds, not its order");
    }
}
