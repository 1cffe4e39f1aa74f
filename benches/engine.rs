//! Engine benchmarks: whole random playouts (base game, Rise of the Empire, the team game, and
//! Empire vs. Rebellion's round loop), one action, and replaying a recorded match.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

use holonet::bot::sim::playout;
use holonet::engine::rebellion::{MatchOptions, Players, apply, decision, new_game};

fn benches(c: &mut Criterion) {
    holonet::content::init().expect("content loads");
    c.bench_function("playout (random legal players, whole game)", |b| {
        let mut seed = 0u64;
        b.iter(|| {
            seed += 1;
            black_box(playout(seed, MatchOptions::default()).steps.len())
        })
    });
    // The same with Rise of the Empire (its setup choices, units, cards and cinematic combat):
    // issue 18 asks it to stay within twice the base game's figure above.
    c.bench_function("playout with Rise of the Empire (random legal players, whole game)", |b| {
        let options = MatchOptions { rise_of_the_empire: true, ..Default::default() };
        let mut seed = 0u64;
        b.iter(|| {
            seed += 1;
            black_box(playout(seed, options.clone()).steps.len())
        })
    });

    // The four-player team game: every decision also names its role (issue 19).
    c.bench_function("playout of a four-player team game (random legal players, whole game)", |b| {
        let options = MatchOptions { players: Players::Four, ..Default::default() };
        let mut seed = 0u64;
        b.iter(|| {
            seed += 1;
            black_box(playout(seed, options.clone()).steps.len())
        })
    });
    // A whole Empire vs. Rebellion game with every power, strategy and event effect: issue
    // 20's target is 200 µs a game.
    c.bench_function("Empire vs. Rebellion playout (random legal players, whole game)", |b| {
        let mut seed = 0u64;
        b.iter(|| {
            seed += 1;
            let mut s = holonet::engine::evr::new_game(seed);
            let mut rng = holonet::engine::rng::GameRng::from_seed(seed);
            while let Some(d) = holonet::engine::evr::decision(&s) {
                let a = d.actions[rng.below(d.actions.len())].clone();
                holonet::engine::evr::apply(&mut s, d.seat, a).expect("legal");
            }
            black_box(s.round)
        })
    });

    let recorded = playout(42, MatchOptions::default());
    // A mid-game position: replay the first half of the recorded match.
    let mut mid = new_game(42, MatchOptions::default());
    for step in &recorded.steps[..recorded.steps.len() / 2] {
        apply(&mut mid, step.seat, step.action.clone()).expect("recorded action replays");
    }
    let d = decision(&mid).expect("mid-game has a decision");
    let action = d.actions[0].clone();
    c.bench_function("apply one action (mid-game, includes validation)", |b| {
        b.iter(|| {
            let mut s = mid.clone();
            black_box(apply(&mut s, d.seat, action.clone()).expect("legal"))
        })
    });

    c.bench_function("replay a whole recorded match", |b| {
        b.iter(|| {
            let mut s = new_game(42, MatchOptions::default());
            for step in &recorded.steps {
                apply(&mut s, step.seat, step.action.clone()).expect("recorded action replays");
            }
            black_box(s.version)
        })
    });

    // The computer opponent (issue 21): one imagined world, and whole decisions mid-game with a
    // fixed number of search iterations (the time budget spends them at this rate).
    let seat = d.seat;
    c.bench_function("computer: determinize (one imagined world, mid-game)", |b| {
        let mut rng = holonet::engine::rng::GameRng::from_seed(1);
        b.iter(|| black_box(holonet::bot::determinize::determinize(&mid, seat, &mut rng).version))
    });
    for n in [100u32, 1000] {
        c.bench_function(&format!("computer: one decision mid-game, {n} search iterations"), |b| {
            b.iter(|| {
                black_box(holonet::bot::choose(&mid, holonet::bot::Budget::Iterations(n), 3).map(|c| c.index))
            })
        });
    }
}

criterion_group!(engine, benches);
criterion_main!(engine);
