//! Traces one match between two players (`random`, `greedy`, `bot` or `bot:N`, as `holonet
//! simulate` takes them) round by round, to see why the computer lost a game: at the start of
//! each round the clock, the base and the systems the Empire still suspects, the Rebel units
//! defending the base and the Imperial ground units next to it, and the evaluation with the part
//! each of its terms plays; then every answer to a decision with more than one option.
//!
//! A developer's tool: it shows the hidden base and everything else.
//!
//! `cargo run --release --example bot_trace -- 47 [--rebel random] [--empire bot]
//! [--iterations 400] [--rote] [--players 2|3|4]`

use holonet::bot::Budget;
use holonet::bot::eval::{self, WEIGHTS, Weights};
use holonet::bot::versus::{Player, play_watched};
use holonet::content::{Faction, SystemId, UnitId, catalog};
use holonet::engine::rebellion::{MatchOptions, Place, Players, State};
use holonet::render::text::units_text;

/// A way to reach one weight in a copy of the weights.
type WeightOf = fn(&mut Weights) -> &mut f64;

/// The evaluation's weights, by name.
const TERMS: [(&str, WeightOf); 11] = [
    ("candidates", |w| &mut w.candidates),
    ("reach", |w| &mut w.reach),
    ("approach", |w| &mut w.approach),
    ("revealed", |w| &mut w.revealed),
    ("threat", |w| &mut w.threat),
    ("loyalty", |w| &mut w.loyalty),
    ("units", |w| &mut w.units),
    ("leaders", |w| &mut w.leaders),
    ("free leaders", |w| &mut w.free_leaders),
    ("captured", |w| &mut w.captured),
    ("objectives", |w| &mut w.objectives),
];

fn main() {
    holonet::content::init().expect("content loads");
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value_of = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1));
    let seed: u64 = args.first().and_then(|a| a.parse().ok()).expect("a seed first");
    let iterations = value_of("--iterations").map_or(400, |n| n.parse().expect("--iterations N"));
    let budget = Budget::Iterations(iterations);
    let player = |flag: &str, default: &str| {
        Player::parse(value_of(flag).map_or(default, String::as_str), budget)
            .unwrap_or_else(|e| panic!("{e}"))
    };
    let (rebel, empire) = (player("--rebel", "random"), player("--empire", "bot"));
    let players = value_of("--players")
        .map_or(Players::Two, |n| n.parse().ok().and_then(Players::from_count).expect("--players 2, 3 or 4"));
    let options = MatchOptions {
        rise_of_the_empire: args.iter().any(|a| a == "--rote"),
        players,
        ..Default::default()
    };
    println!("seed {seed}: Rebels {}, Empire {}", rebel.name(), empire.name());
    let mut round = 0;
    let mut answers = String::new();
    let played = play_watched(seed, options, rebel, empire, |s, d, action| {
        if s.round != round {
            print!("{answers}");
            answers.clear();
            round = s.round;
            print_round(s);
        }
        if d.actions.len() > 1 {
            let side = if d.seat == Faction::Rebel { "R" } else { "E" };
            answers.push_str(&format!("  {side}: {}\n", action.command()));
        }
    });
    print!("{answers}");
    println!("winner {:?} in round {}", played.winner, played.round);
}

/// Units of a faction in a place, as "2 Stormtroopers, 1 AT-AT" (or "none").
fn units(s: &State, p: Place, f: Faction) -> String {
    let all: Vec<(UnitId, u8)> = s.units(p, f).iter().collect();
    if all.is_empty() { "none".into() } else { units_text(&all) }
}

/// The summary at the start of a round.
fn print_round(s: &State) {
    let candidates: Vec<&str> = eval::base_candidates(s).map(SystemId::name).collect();
    let base = match (s.base.system, s.base.revealed) {
        (None, _) => "not placed yet".to_string(),
        (Some(b), true) => format!("{} (revealed)", b.name()),
        (Some(b), false) => format!("{} (hidden)", b.name()),
    };
    println!(
        "round {} · time {}, reputation {} · base {base} · {} candidates: {}",
        s.round,
        s.time,
        s.reputation,
        candidates.len(),
        candidates.join(", ")
    );
    println!("  Rebels defending the base: {}", units(s, s.base_place(), Faction::Rebel));
    if let Some(b) = s.base.system {
        let next_door: Vec<String> = catalog()
            .system(b)
            .adjacent
            .iter()
            .filter(|&&x| s.has_ground(Place::System(x), Faction::Empire))
            .map(|&x| format!("{} ({})", x.name(), units(s, Place::System(x), Faction::Empire)))
            .collect();
        println!("  Imperial ground next to the base: {}", next_door.join("; "));
    }
    let score = eval::score(s, &WEIGHTS);
    let shares: Vec<String> = TERMS
        .iter()
        .map(|(term, weight)| {
            let mut without = WEIGHTS;
            *weight(&mut without) = 0.0;
            format!("{term} {:+.2}", score - eval::score(s, &without))
        })
        .collect();
    println!(
        "  evaluation: the Empire's chance {:.2}; Rebel score {score:+.2} ({})",
        eval::value(s, Faction::Empire),
        shares.join(", ")
    );
}
