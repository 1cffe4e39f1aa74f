//! Board image benchmarks: drawing, PNG encoding, and both together, for a mid-game position.
//! Prints the PNG sizes once so they can be noted with the times.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

use holonet::bot::sim::{playout, random_action};
use holonet::content::Faction;
use holonet::engine::rebellion::{MatchOptions, State, Viewer, apply, decision, new_game, view};
use holonet::engine::rng::GameRng;
use holonet::render::board::{encode_png, render_image, render_png};

fn mid_game() -> State {
    let mut s = new_game(5, MatchOptions { quick_setup: true, ..Default::default() });
    let d = decision(&s).expect("the base choice is pending");
    apply(&mut s, d.seat, d.actions[0].clone()).expect("legal");
    let mut rng = GameRng::from_seed(5 * 31 + 7);
    for _ in 0..60 {
        let Some((seat, a)) = random_action(&s, &mut rng) else { break };
        apply(&mut s, seat, a).expect("legal");
    }
    s
}

fn benches(c: &mut Criterion) {
    holonet::content::init().expect("content loads");
    let s = mid_game();
    let over = playout(4, MatchOptions::default()).state;
    for (name, st, viewer) in [
        ("mid-game public", &s, Viewer::Public),
        ("mid-game rebel", &s, Viewer::Faction(Faction::Rebel)),
        ("mid-game empire", &s, Viewer::Faction(Faction::Empire)),
        ("game over public", &over, Viewer::Public),
    ] {
        eprintln!("PNG size, {name}: {} bytes", render_png(&view(st, viewer)).len());
    }
    let v = view(&s, Viewer::Public);
    c.bench_function("board: render (mid-game, public)", |b| b.iter(|| black_box(render_image(&v))));
    let img = render_image(&v);
    c.bench_function("board: PNG encode (mid-game, public)", |b| b.iter(|| black_box(encode_png(&img))));
    c.bench_function("board: render + encode (mid-game, public)", |b| b.iter(|| black_box(render_png(&v))));
}

criterion_group!(render, benches);
criterion_main!(render);
