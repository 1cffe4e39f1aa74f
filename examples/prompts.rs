//! How often players are stopped: plays seeded games through the service exactly as the Discord
//! host drives it (the pending prompt, answered by its key and an option number) and counts the
//! prompts per round, by kind, and the window prompts the player could only decline
//! (`done` / "use nothing" was the one option). For checking that a change to *who is asked*
//! keeps async play quick.
//!
//! `cargo run --release --example prompts -- [GAMES] [--passive]`: random players answer
//! uniformly among the options (rarely revealing the base, as the simulator does); `--passive`
//! players take `pass`, else `done`, else the first option, as the fake-Discord test plays.

use std::collections::BTreeMap;
use std::sync::Arc;

use holonet::engine::rebellion::MatchOptions;
use holonet::engine::rng::GameRng;
use holonet::games::rebellion::Rebellion;
use holonet::service::{Answer, Caller, Service};
use holonet::store::MemoryStore;

const CH: u64 = 1;

fn main() {
    holonet::content::init().expect("content loads");
    let args: Vec<String> = std::env::args().skip(1).collect();
    let passive = args.iter().any(|a| a == "--passive");
    let games: u64 =
        args.iter().find(|a| !a.starts_with("--")).map_or(100, |a| a.parse().expect("a number of games"));
    let mut by_kind: BTreeMap<String, (u64, u64)> = BTreeMap::new();
    let (mut prompts, mut rounds) = (0u64, 0u64);
    for seed in 0..games {
        let svc = Service::<Rebellion>::new(Arc::new(MemoryStore::new()));
        let (rebel, empire) = (Caller { user: 1, moderator: false }, Caller { user: 2, moderator: false });
        let options = MatchOptions { quick_setup: seed % 2 == 0, ..Default::default() };
        svc.create(CH, Some(7), rebel, options, Some(seed)).expect("create");
        svc.join(CH, rebel, Some("rebel")).expect("join");
        svc.join(CH, empire, Some("empire")).expect("join");
        svc.start(CH, rebel).expect("start");
        let mut rng = GameRng::from_seed(seed ^ 0x5eed);
        while let Some(p) = svc.prompt(CH).expect("prompt") {
            let declines = |o: &String| o == "done" || o == "pass";
            let index = if passive {
                ["pass", "done"].iter().find_map(|w| p.options.iter().position(|o| o == w)).unwrap_or(0)
            } else {
                let others: Vec<usize> =
                    (0..p.options.len()).filter(|&i| p.options[i] != "reveal-base").collect();
                if others.is_empty() || rng.below(64) == 0 {
                    rng.below(p.options.len())
                } else {
                    others[rng.below(others.len())]
                }
            };
            let e = by_kind.entry(p.kind.clone()).or_default();
            e.0 += 1;
            if p.options.iter().all(declines) {
                e.1 += 1;
            }
            prompts += 1;
            let who = Caller { user: p.user.expect("seated"), moderator: false };
            svc.act(CH, who, Answer::Option { key: p.key(), index }).expect("an offered option is accepted");
        }
        rounds += u64::from(svc.state(CH).expect("state").expect("started").round);
    }
    let per_round = |n: u64| n as f64 / rounds as f64;
    println!(
        "{games} games ({} players), {rounds} rounds: {:.1} prompts per round",
        if passive { "passive" } else { "random" },
        per_round(prompts)
    );
    println!("{:<72} {:>9} {:>14}", "kind", "per round", "only declining");
    for (kind, (n, declining)) in by_kind {
        println!("{kind:<72} {:>9.2} {:>14.2}", per_round(n), per_round(declining));
    }
}
