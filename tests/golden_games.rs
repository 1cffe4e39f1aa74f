//! Golden games (in the spirit of perft): seeded random playouts must end exactly as recorded.
//! Any change to rules, content or randomness shows up here; if it is intended, rewrite the
//! file with `HOLONET_BLESS=1 cargo test --test golden_games`. Rebellion's games (two players,
//! the team game) and Empire vs. Rebellion's (`tests/golden/evr_games.txt`).

use holonet::bot::sim::playout;
use holonet::engine::rebellion::{MatchOptions, Viewer, view};

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

/// The team game's seeded playouts (three and four players, with and without Rise of the
/// Empire): how each ends, and how many decisions each role answered, replayed through the
/// roles (`apply_as` with the role each decision names), against `tests/golden/team_games.txt`.
#[test]
fn seeded_team_playouts_match_the_recorded_results() {
    use holonet::content::TeamRole;
    use holonet::engine::rebellion::{Player, Players, apply_as, decision, new_game};
    use std::collections::BTreeMap;
    let mut out = String::new();
    for (players, rote, seeds) in
        [(Players::Three, false, [7u64, 11]), (Players::Four, false, [1, 2]), (Players::Four, true, [3, 5])]
    {
        for seed in seeds {
            let options = MatchOptions { players, rise_of_the_empire: rote, ..Default::default() };
            let p = playout(seed, options.clone());
            // Replayed by role: every action is accepted from the role its decision names (or,
            // for either player's decision, from the role its answer belongs to).
            let mut s = new_game(seed, options);
            let mut by_role: BTreeMap<String, usize> = BTreeMap::new();
            let mut passes = 0;
            for step in &p.steps {
                let d = decision(&s).expect("a decision");
                use holonet::engine::rebellion::team;
                // A side declining a window its two players share: each declines in turn (one
                // player's `done` passes for himself only), one step more.
                if step.action == holonet::engine::rebellion::Action::Done && team::shared(&s, &d) {
                    let admiral = Player::role(step.seat, holonet::content::TeamColour::Blue);
                    apply_as(&mut s, admiral, step.action.clone()).expect("the Admiral declines");
                    passes += 1;
                }
                let d = decision(&s).expect("a decision");
                let role = team::needed(&s, &d, &step.action);
                let who = match role {
                    Some(colour) => TeamRole { faction: d.seat, colour }.name(),
                    None => format!("either {}", d.seat.name()),
                };
                *by_role.entry(who).or_default() += 1;
                // The three-player Rebel plays both Rebel roles as one seat.
                let role = if players.splits(step.seat) { role } else { None };
                let player = Player { faction: step.seat, role };
                apply_as(&mut s, player, step.action.clone()).expect("accepted from its role");
            }
            // Each teammate's own pass was one more step of the version count.
            s.version -= passes;
            assert_eq!(s, p.state, "the replay by role reaches the same state");
            let full = serde_json::to_vec(&view(&p.state, Viewer::Full)).unwrap();
            let roles: Vec<String> = by_role.iter().map(|(r, n)| format!("{r} {n}")).collect();
            out.push_str(&format!(
                "players {} rote {rote} seed {seed} winner {:?} round {} actions {} digest {}\n  {}\n",
                players.count(),
                p.state.winner.unwrap(),
                p.state.round,
                p.steps.len(),
                digest(&full),
                roles.join(", ")
            ));
        }
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/team_games.txt");
    if std::env::var("HOLONET_BLESS").is_ok() {
        std::fs::write(path, &out).unwrap();
    }
    let golden = std::fs::read_to_string(path).expect("golden file exists (bless with HOLONET_BLESS=1)");
    assert_eq!(out, golden, "seeded team games changed; bless if the change is intended");
}

/// Empire vs. Rebellion: seeded random playouts end as recorded in `tests/golden/evr_games.txt`
/// (winner, round, actions, victory points, a digest of the full view, the powers used), and
/// each replays from its seed and actions to the same state.
#[test]
fn seeded_evr_playouts_match_the_recorded_results_and_replay() {
    use holonet::content::Faction;
    use holonet::content::evr::catalog;
    use holonet::engine::evr::{Action, apply, decision, new_game};
    use holonet::engine::rng::GameRng;
    use std::collections::BTreeMap;
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
        let full =
            serde_json::to_vec(&holonet::engine::evr::view(&s, holonet::engine::evr::Viewer::Full)).unwrap();
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
