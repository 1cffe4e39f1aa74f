//! Plays random games of seeds `1..=N` (default 50): a fixed workload for profiling the engine
//! (`valgrind --tool=callgrind target/release/examples/playouts 50`). With `--digest` it prints,
//! per game, a digest of every action, every event, every decision offered (with its context)
//! and the final state, to check that an optimisation changes nothing. `--rote` plays with Rise
//! of the Empire and `--players 3|4` plays the team game.

use holonet::bot::sim::{playout, playout_with};
use holonet::engine::rebellion::{MatchOptions, Players, decision};
use holonet::trust::hash::fnv1a;

fn main() {
    holonet::content::init().expect("content loads");
    let args: Vec<String> = std::env::args().skip(1).collect();
    let digest = args.iter().any(|a| a == "--digest");
    let players = match args.iter().position(|a| a == "--players") {
        Some(i) => {
            let n = args.get(i + 1).and_then(|n| n.parse().ok()).expect("--players 2, 3 or 4");
            Players::from_count(n).expect("--players 2, 3 or 4")
        }
        None => Players::Two,
    };
    let options = MatchOptions {
        rise_of_the_empire: args.iter().any(|a| a == "--rote"),
        players,
        ..Default::default()
    };
    // The number of games: the first argument that is neither an option nor its value.
    let games: u64 = args
        .iter()
        .enumerate()
        .find(|&(i, a)| !a.starts_with("--") && (i == 0 || args[i - 1] != "--players"))
        .map_or(50, |(_, a)| a.parse().expect("a number of games"));
    let mut actions = 0;
    for seed in 1..=games {
        if !digest {
            actions += playout(seed, options.clone()).steps.len();
            continue;
        }
        let mut log = String::new();
        let p = playout_with(seed, options.clone(), |step, state, events| {
            log.push_str(&format!("{:?} {}\n{events:?}\n", step.seat, step.action.command()));
            log.push_str(&format!("{:?}\n", decision(state)));
        });
        let state = serde_json::to_string(&p.state).expect("state serialises");
        println!(
            "seed {seed} actions {} log {:016x} state {:016x}",
            p.steps.len(),
            fnv1a(&[&log]),
            fnv1a(&[&state])
        );
        actions += p.steps.len();
    }
    println!("{games} games, {actions} actions");
}
