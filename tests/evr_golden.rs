//! Empire vs. Rebellion's golden games: seeded random playouts must end exactly as recorded in
//! `tests/golden/evr_games.txt`, and replaying each from its seed and actions must rebuild the
//! same state. Any change to the rules, the content or the randomness shows up here; if it is
//! intended, rewrite the file with `HOLONET_BLESS=1 cargo test --test evr_golden`.

use std::collections::BTreeMap;

use holonet::content::Faction;
use holonet::content::evr::catalog;
use holonet::engine::evr::{Action, Viewer, apply, decision, new_game, view};
use holonet::engine::rng::GameRng;

/// FNV-1a over the bytes, in hex: a digest stable across platforms.
fn digest(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= *b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

#[test]
fn seeded_evr_playouts_match_the_recorded_results_and_replay() {
    holonet::content::init().unwrap();
    let c = catalog();
    let mut out = String::new();
    for seed in [1u64, 2, 3, 5, 8, 13, 21, 34] {
        let mut s = new_game(seed);
        let mut policy = GameRng::from_seed(seed.wrapping_mul(31));
        let mut log: Vec<(Faction, Action)> = vec![];
        let mut uses: BTreeMap<&str, usize> = BTreeMap::new();
        while let Some(d) = decision(&s) {
            let a = d.actions[policy.below(d.actions.len())].clone();
            if let Action::Use { card } = a {
                *uses.entry(c.resource(card).key.as_str()).or_default() += 1;
            }
            apply(&mut s, d.seat, a.clone()).unwrap();
            log.push((d.seat, a));
        }
        // Replay from the seed and the actions alone.
        let mut r = new_game(seed);
        for (f, a) in &log {
            apply(&mut r, *f, a.clone()).unwrap();
        }
        assert_eq!(r, s, "seed {seed} replays to the same state");
        let full = serde_json::to_vec(&view(&s, Viewer::Full)).unwrap();
        out.push_str(&format!(
            "seed {seed} winner {:?} round {} actions {} vp {}-{} digest {}\n  powers used: {}\n",
            s.winner.unwrap(),
            s.round,
            log.len(),
            s.sides.rebel.victory_points(),
            s.sides.empire.victory_points(),
            digest(&full),
            uses.iter().map(|(k, n)| format!("{k} {n}")).collect::<Vec<_>>().join(", ")
        ));
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/evr_games.txt");
    if std::env::var("HOLONET_BLESS").is_ok() {
        std::fs::write(path, &out).unwrap();
    }
    let golden = std::fs::read_to_string(path).expect("golden file exists (bless with HOLONET_BLESS=1)");
    assert_eq!(out, golden, "seeded EvR games changed; bless if the change is intended");
}
