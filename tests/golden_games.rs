//! Golden games (in the spirit of perft): seeded random playouts must end exactly as recorded.
//! Any change to rules, content or randomness shows up here; if it is intended, rewrite the
//! file with `HOLONET_BLESS=1 cargo test --test golden_games`.

use holonet::engine::rebellion::{MatchOptions, Viewer, view};
use holonet::sim::playout;

/// FNV-1a over the bytes, printed in hex: a stable digest across platforms.
fn digest(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= *b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

#[test]
fn seeded_playouts_match_the_recorded_results() {
    let mut out = String::new();
    for seed in [1u64, 2, 3, 5, 8, 13, 21, 34] {
        let p = playout(seed, MatchOptions::default());
        let full = serde_json::to_vec(&view(&p.state, Viewer::Full)).unwrap();
        out.push_str(&format!(
            "seed {seed} winner {:?} round {} actions {} digest {}\n",
            p.state.winner.unwrap(),
            p.state.round,
            p.steps.len(),
            digest(&full)
        ));
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/games.txt");
    if std::env::var("HOLONET_BLESS").is_ok() {
        std::fs::write(path, &out).unwrap();
    }
    let golden = std::fs::read_to_string(path).expect("golden file exists (bless with HOLONET_BLESS=1)");
    assert_eq!(out, golden, "seeded games changed; bless if the change is intended");
}
