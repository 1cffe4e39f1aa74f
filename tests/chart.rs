//! The end-of-match history and its chart: the history replays random games correctly and
//! holds only public facts; the chart matches its golden images and never panics.
//!
//! The golden files in `tests/golden/chart/` are charts of fixed point lists (not of replayed
//! games, so a rule change does not touch them) at half resolution, quantised like
//! `tests/render.rs` does. Regenerate them after an intended change with
//! `HOLONET_BLESS=1 cargo test --test chart`, then look at them before committing.

mod golden_image;

use holonet::bot::sim::{playout, playout_with, random_action};
use holonet::content::{Faction, SystemId};
use holonet::engine::rebellion::{Action, MatchOptions, State, Viewer, apply, new_game, view};
use holonet::engine::rng::GameRng;
use holonet::games::rebellion::history::{HistoryError, Moment, RoundPoint, history, log_actions, point};
use holonet::render::chart::{HEIGHT, WIDTH, render_image, render_png};
use holonet::store::LogEntry;

fn log_of(seed: u64) -> (State, Vec<(Faction, Action)>) {
    let p = playout(seed, MatchOptions::default());
    (p.state, p.steps.into_iter().map(|s| (s.seat, s.action)).collect())
}

/// Units on the board per faction as the public view shows them (the Rebel Base space counts
/// for the Rebels): an independent count to check the history's.
fn public_units(s: &State) -> [u32; 2] {
    let v = view(s, Viewer::Public);
    let mut out = [0u32; 2];
    for sys in v.systems.values() {
        for (f, units) in &sys.units {
            out[usize::from(*f == Faction::Empire)] += units.values().map(|&n| n as u32).sum::<u32>();
        }
    }
    out[0] += v.rebel_base_space.units.values().map(|&n| n as u32).sum::<u32>();
    out
}

#[test]
fn history_has_a_point_per_round_and_ends_on_the_final_state() {
    for seed in 0..3 {
        // What the game looked like whenever a round ended, watched during the playout itself.
        let mut ends: Vec<(u32, u8, u8, [u32; 2])> = vec![];
        let mut round = 1;
        let p = playout_with(seed, MatchOptions::default(), |_, s, _| {
            if s.round != round {
                ends.push((round, s.time, s.reputation, public_units(s)));
                round = s.round;
            }
        });
        let log: Vec<_> = p.steps.iter().map(|s| (s.seat, s.action.clone())).collect();
        let h = history(seed, &MatchOptions::default(), &log).expect("a played game replays");
        let fin = &p.state;
        assert!(fin.winner.is_some(), "seed {seed}: random games end");

        // Start, one point per round ended, then the last.
        assert_eq!(h.len(), fin.round as usize + 1, "seed {seed}");
        assert_eq!(h[0].moment, Moment::Start);
        assert_eq!(h[0].round, 0);
        assert!(h[1..h.len() - 1].iter().all(|p| p.moment == Moment::RoundEnd));
        for (i, p) in h.iter().enumerate() {
            assert_eq!(p.round as usize, i, "seed {seed}: rounds increase one by one");
        }
        for w in h.windows(2) {
            assert!(w[1].time >= w[0].time, "seed {seed}: time never goes back");
        }
        let ended = h.iter().filter(|p| p.moment == Moment::RoundEnd);
        let ended: Vec<_> = ended.map(|p| (p.round, p.time, p.reputation, p.units)).collect();
        assert_eq!(ended, ends, "seed {seed}");

        let last = h.last().unwrap();
        assert_eq!(last.moment, Moment::Last);
        assert_eq!(
            (last.round, last.time, last.reputation, last.units, last.winner),
            (fin.round, fin.time, fin.reputation, public_units(fin), fin.winner),
            "seed {seed}"
        );
        assert!(h[..h.len() - 1].iter().all(|p| p.winner.is_none()));
    }
}

#[test]
fn history_of_seed_0_is_golden() {
    let (_, log) = log_of(0);
    let h = history(0, &MatchOptions::default(), &log).unwrap();
    let first = RoundPoint {
        round: 0,
        moment: Moment::Start,
        time: 1,
        reputation: 14,
        units: [14, 37],
        systems: [3, 6],
        winner: None,
    };
    let last = RoundPoint {
        round: 10,
        moment: Moment::Last,
        time: 10,
        reputation: 10,
        units: [35, 53],
        systems: [6, 7],
        winner: Some(Faction::Rebel),
    };
    assert_eq!(h.first(), Some(&first));
    assert_eq!(h.last(), Some(&last));
    let markers: Vec<(u8, u8)> = h.iter().map(|p| (p.time, p.reputation)).collect();
    assert_eq!(
        markers,
        [(1, 14), (2, 14), (3, 14), (4, 13), (5, 13), (6, 12), (7, 12), (8, 11), (9, 11), (10, 11), (10, 10)]
    );
}

#[test]
fn history_reads_a_stored_log() {
    let (_, log) = log_of(1);
    let entries: Vec<LogEntry> = log
        .iter()
        .map(|(f, a)| LogEntry {
            seat: f.key().to_string(),
            action: serde_json::to_value(a).unwrap(),
            user: 7,
            at: 0,
            undoable: false,
        })
        .collect();
    let parsed = log_actions(&entries).expect("stored actions parse");
    assert_eq!(parsed, log);
    assert_eq!(
        history(1, &MatchOptions::default(), &parsed).unwrap(),
        history(1, &MatchOptions::default(), &log).unwrap()
    );

    let mut bad = entries.clone();
    bad[3].seat = "droid".into();
    assert!(matches!(log_actions(&bad), Err(HistoryError::Unreadable { index: 3, .. })));
    let mut bad = entries;
    bad[5].action = serde_json::json!({"type": "no_such_action"});
    assert!(matches!(log_actions(&bad), Err(HistoryError::Unreadable { index: 5, .. })));
}

#[test]
fn a_log_that_does_not_replay_is_an_error() {
    let (_, mut log) = log_of(2);
    log[10].0 = log[10].0.opponent();
    let err = history(2, &MatchOptions::default(), &log).unwrap_err();
    assert!(matches!(err, HistoryError::Refused { index: 10, .. }), "{err}");
}

#[test]
fn short_logs_give_short_histories() {
    // Nothing played: setup is still on, so only the current state.
    let h = history(3, &MatchOptions::default(), &[]).unwrap();
    assert_eq!(h.len(), 1);
    assert_eq!((h[0].round, h[0].moment, h[0].winner), (1, Moment::Last, None));
    // Setup done, nothing else: the start and the current state, both in round 1's terms.
    let (_, log) = log_of(3);
    let mut s = new_game(3, MatchOptions::default());
    let mut n = 0;
    while s.stack.iter().any(|f| matches!(f, holonet::engine::rebellion::Frame::Setup(_))) {
        apply(&mut s, log[n].0, log[n].1.clone()).unwrap();
        n += 1;
    }
    let h = history(3, &MatchOptions::default(), &log[..n]).unwrap();
    assert_eq!(
        h.iter().map(|p| (p.round, p.moment)).collect::<Vec<_>>(),
        [(0, Moment::Start), (1, Moment::Last)]
    );
    assert_eq!(h[0].units, h[1].units);
}

#[test]
fn points_hold_public_facts_only() {
    let mut a = new_game(6, MatchOptions { quick_setup: true, ..Default::default() });
    let mut rng = GameRng::from_seed(66);
    for _ in 0..300 {
        let Some((seat, act)) = random_action(&a, &mut rng) else { break };
        apply(&mut a, seat, act).unwrap();
    }
    assert!(!a.base.revealed, "this position is meant to keep the base hidden");
    let mut b = a.clone();
    let here = b.base.system.unwrap();
    b.base.system = SystemId::all().find(|&x| x != here && !b.sys(x).destroyed);
    b.hands.rebel.objectives.clear();
    b.hands.empire.probes.reverse();
    b.decks.probes.reverse();
    b.decks.objectives.reverse();
    assert_ne!(a, b);
    for m in [Moment::Start, Moment::RoundEnd, Moment::Last] {
        assert_eq!(point(&a, 4, m), point(&b, 4, m));
    }
}

// ---- The chart -------------------------------------------------------------------------------

fn pt(round: u32, moment: Moment, time: u8, reputation: u8, units: [u32; 2]) -> RoundPoint {
    RoundPoint { round, moment, time, reputation, units, systems: [3, 6], winner: None }
}

/// A ten-round Rebel win (the shape of seed 0's game).
fn rebel_win() -> Vec<RoundPoint> {
    let marks = [(1, 14), (2, 14), (3, 14), (4, 14), (5, 14), (6, 12), (7, 11), (8, 11), (9, 11), (10, 11)];
    let units =
        [[14, 37], [18, 42], [19, 45], [27, 49], [27, 57], [21, 56], [26, 63], [33, 63], [33, 68], [21, 71]];
    let mut h: Vec<RoundPoint> = marks
        .iter()
        .zip(units)
        .enumerate()
        .map(|(r, (&(t, rep), u))| {
            pt(r as u32, if r == 0 { Moment::Start } else { Moment::RoundEnd }, t, rep, u)
        })
        .collect();
    h.push(RoundPoint { winner: Some(Faction::Rebel), ..pt(10, Moment::Last, 11, 11, [23, 71]) });
    h
}

/// A short Imperial win: the base falls in round 4.
fn empire_win() -> Vec<RoundPoint> {
    vec![
        pt(0, Moment::Start, 1, 14, [14, 37]),
        pt(1, Moment::RoundEnd, 2, 13, [17, 40]),
        pt(2, Moment::RoundEnd, 3, 13, [22, 46]),
        pt(3, Moment::RoundEnd, 4, 12, [25, 51]),
        RoundPoint { winner: Some(Faction::Empire), ..pt(4, Moment::Last, 4, 12, [9, 48]) },
    ]
}

/// `n` rounds of made-up values, ending in a Rebel win.
fn long_game(n: u32) -> Vec<RoundPoint> {
    let mut h: Vec<RoundPoint> = (0..n)
        .map(|r| {
            let m = if r == 0 { Moment::Start } else { Moment::RoundEnd };
            pt(r, m, (1 + r / 2).min(15) as u8, 16 - (r / 4).min(8) as u8, [14 + r * 3 % 17, 37 + r * 7 % 40])
        })
        .collect();
    h.push(RoundPoint { winner: Some(Faction::Rebel), ..pt(n, Moment::Last, 8, 8, [30, 60]) });
    h
}

/// Compares a chart with its golden image (`tests/golden_image`).
fn check_golden(name: &str, points: &[RoundPoint]) {
    golden_image::check("chart", "chart", name, &render_image(points));
}

#[test]
fn golden_rebel_win() {
    check_golden("rebel_win", &rebel_win());
}

#[test]
fn golden_empire_win() {
    check_golden("empire_win", &empire_win());
}

#[test]
fn chart_is_a_deterministic_png_of_the_chart_size() {
    let h = rebel_win();
    let png = render_png(&h);
    assert_eq!(png, render_png(&h));
    assert!(png.len() < 300_000, "{} bytes", png.len());
    let img = image::load_from_memory(&png).expect("decodes").to_rgb8();
    assert_eq!(img.dimensions(), (WIDTH, HEIGHT));
    assert_eq!(img, render_image(&h));
    assert_ne!(render_png(&h), render_png(&empire_win()));
}

#[test]
fn chart_of_a_replayed_game() {
    let (_, log) = log_of(4);
    let h = history(4, &MatchOptions::default(), &log).unwrap();
    let img = image::load_from_memory(&render_png(&h)).expect("decodes");
    assert_eq!((img.width(), img.height()), (WIDTH, HEIGHT));
}

#[test]
fn odd_histories_still_draw() {
    let one = vec![pt(1, Moment::Last, 1, 14, [14, 37])];
    let two = vec![
        pt(0, Moment::Start, 1, 14, [14, 37]),
        RoundPoint { winner: Some(Faction::Empire), ..pt(1, Moment::Last, 1, 14, [3, 40]) },
    ];
    let absurd = vec![
        pt(0, Moment::Start, 0, 0, [0, 0]),
        pt(7, Moment::RoundEnd, 200, 3, [u32::MAX, 5000]),
        pt(2, Moment::RoundEnd, 1, 255, [0, 0]),
        pt(100_000, Moment::Last, 16, 1, [1, 1]),
    ];
    let blank = render_image(&[]);
    for (name, h) in [("one", one), ("two", two), ("thirty", long_game(30)), ("absurd", absurd)] {
        let img = render_image(&h);
        assert_eq!(img.dimensions(), (WIDTH, HEIGHT), "{name}");
        assert_ne!(img, blank, "{name}: the points are drawn");
    }
    assert_eq!(blank.dimensions(), (WIDTH, HEIGHT));
}
