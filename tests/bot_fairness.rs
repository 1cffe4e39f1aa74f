//! The computer opponent plays fair: states that differ only in secrets its seat may not know —
//! the leak harness's twins (`tests/leaks/twins.rs`): the opponent's hand and facedown missions,
//! the hidden base, deck orders, the random stream, hidden probe cards, the Imperial
//! mission-set pick, in the team game which player of a side holds each action card — give it
//! the very same imagined worlds, and so the very same decision (and hint: the whole ranking
//! with its estimates) for the same seed and iteration budget, at every sampled step of many
//! games.

#[allow(dead_code)]
mod leaks {
    pub mod cards;
    pub mod knowledge;
    pub mod strings;
    pub mod twins;
}

use holonet::bot::determinize::determinize;
use holonet::bot::sim::random_index;
use holonet::bot::versus::seat_for;
use holonet::bot::{Budget, Teammate, rank_as};
use holonet::content::Faction;
use holonet::engine::rebellion::invariants::violations;
use holonet::engine::rebellion::{MatchOptions, Players, Position, new_game};
use holonet::engine::rng::GameRng;
use leaks::cards::{Card, Universe};
use leaks::knowledge::{Knowledge, Who};

/// What one run compared.
#[derive(Default, Debug)]
struct Counts {
    worlds: usize,
    decisions: usize,
}

/// Plays a random game from `seed`; at sampled steps builds twins of every kind and compares
/// what each observing seat imagines (`worlds`) and, every `decide_every` samples where the
/// observer decides, what the computer chooses with `iterations` iterations.
fn run(seed: u64, options: MatchOptions, decide_every: usize, iterations: u32, counts: &mut Counts) {
    let u = Universe::new();
    let mut pos = Position::new(new_game(seed, options));
    let mut know = Knowledge::new(&u, pos.state());
    let mut play = GameRng::from_seed(seed ^ 0xFA1E);
    let mut rng = GameRng::from_seed(seed ^ 0x7715);
    let mut samples = 0usize;
    while let Some(d) = pos.decision().cloned() {
        let s = pos.state().clone();
        if rng.below(6) == 0 {
            for kind in leaks::twins::kinds(&s) {
                let unknown = |f: Faction, c: Card| !know.has_seen(Who::Seat(f), u.index(c));
                let Some(twin) = leaks::twins::make(&s, kind, &mut rng, &unknown) else { continue };
                for seat in Faction::BOTH.into_iter().filter(|&f| twin.observers.contains(&Who::Seat(f))) {
                    let bot_seed = rng.below(usize::MAX) as u64;
                    let a = determinize(&s, seat, &mut GameRng::from_seed(bot_seed));
                    let b = determinize(&twin.state, seat, &mut GameRng::from_seed(bot_seed));
                    assert!(
                        a == b,
                        "seed {seed} v{}: the {seat} seat imagines another world in a {kind} twin",
                        s.version
                    );
                    let broken = violations(&a);
                    assert!(
                        broken.is_empty(),
                        "seed {seed} v{}: an imagined world breaks the box: {broken:?}",
                        s.version
                    );
                    counts.worlds += 1;
                    samples += 1;
                    if seat == d.seat && samples.is_multiple_of(decide_every) {
                        let budget = Budget::Iterations(iterations);
                        // In the team game, as the role asked (or the whole side), as hosted.
                        let who = seat_for(&s, &d);
                        // The whole ranking, with its estimates: what a hint shows too.
                        let x = rank_as(&s, who, Teammate::Absent, budget, bot_seed);
                        let y = rank_as(&twin.state, who, Teammate::Absent, budget, bot_seed);
                        assert_eq!(
                            x, y,
                            "seed {seed} v{}: the computer decides otherwise in a {kind} twin",
                            s.version
                        );
                        counts.decisions += 1;
                    }
                }
            }
        }
        let i = random_index(&d, &mut play);
        let events = pos.apply_option(i).expect("a legal action");
        know.observe(&u, &events);
        know.observe_state(&u, pos.state());
    }
}

#[test]
fn the_computer_imagines_and_decides_the_same_in_states_its_seat_cannot_tell_apart() {
    holonet::content::init().expect("content loads");
    let mut counts = Counts::default();
    for seed in 1..=12 {
        run(seed, MatchOptions::default(), 25, 12, &mut counts);
    }
    assert!(counts.worlds > 1_000, "too few twins compared: {counts:?}");
    assert!(counts.decisions > 20, "too few decisions compared: {counts:?}");
}

#[test]
fn the_computer_plays_fair_with_rise_of_the_empire() {
    holonet::content::init().expect("content loads");
    let mut counts = Counts::default();
    let options = MatchOptions { rise_of_the_empire: true, ..Default::default() };
    for seed in 1..=6 {
        run(seed, options.clone(), 25, 12, &mut counts);
    }
    assert!(counts.worlds > 500, "too few twins compared: {counts:?}");
    assert!(counts.decisions > 10, "too few decisions compared: {counts:?}");
}

#[test]
fn the_computer_plays_fair_in_the_team_game() {
    // The twins include which teammate holds each action card of the other side.
    holonet::content::init().expect("content loads");
    let mut counts = Counts::default();
    for (seed, players) in [(1, Players::Four), (2, Players::Four), (3, Players::Three), (4, Players::Four)] {
        run(seed, MatchOptions { players, ..Default::default() }, 25, 12, &mut counts);
    }
    assert!(counts.worlds > 500, "too few twins compared: {counts:?}");
    assert!(counts.decisions > 10, "too few decisions compared: {counts:?}");
}

#[test]
fn the_empire_imagines_the_base_where_it_could_be_not_where_it_is() {
    holonet::content::init().expect("content loads");
    let s = {
        let mut pos = Position::new(new_game(5, MatchOptions::default()));
        let mut play = GameRng::from_seed(5);
        while pos.state().base.system.is_none() || pos.state().round < 2 {
            let d = pos.decision().expect("the game goes on").clone();
            pos.apply_option(random_index(&d, &mut play)).expect("legal");
        }
        pos.into_state()
    };
    assert!(!s.base.revealed);
    let mut rng = GameRng::from_seed(1);
    let imagined: std::collections::BTreeSet<_> =
        (0..200).map(|_| determinize(&s, Faction::Empire, &mut rng).base.system.expect("a base")).collect();
    assert!(imagined.len() > 5, "the imagined base barely moves: {imagined:?}");
    // The Rebels know where their base is.
    assert_eq!(determinize(&s, Faction::Rebel, &mut rng).base.system, s.base.system);
    // The Rebels' own hand is theirs; the Imperial hand is imagined.
    let w = determinize(&s, Faction::Rebel, &mut rng);
    assert_eq!(w.hands.rebel, s.hands.rebel);
    let differs = (0..50).any(|_| determinize(&s, Faction::Rebel, &mut rng).hands.empire != s.hands.empire);
    assert!(differs, "the Imperial hand is never imagined otherwise");
}
