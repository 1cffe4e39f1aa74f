//! Trust in the dice (issue 22): the commitment to a match's seed stays the same while it runs
//! and matches the seed the reveal shows; `verify` accepts every seeded golden game
//! (`tests/golden_games.rs`: Rebellion with two players, the team game, Empire vs. Rebellion)
//! and refuses an edited log, seed, salt, commitment, result or final state; a rollback
//! replays the same dice and is recorded; an export during play withholds the seed; the luck
//! report counts each side's dice against their faces.

use std::sync::Arc;

use holonet::engine::rebellion::{self as engine, MatchOptions, Players, decision, team};
use holonet::games::evr::{Evr, EvrOptions};
use holonet::games::game::Game;
use holonet::games::rebellion::{Rebellion, seat_name};
use holonet::service::verify::{VerifyError, verify_bytes};
use holonet::service::{Answer, Caller, Outcome, Service, ServiceError};
use holonet::store::{LogEntry, MatchExport, MatchStatus, MatchStore, MemoryStore, StoredMatch};

const CH: u64 = 700;
const MOD: Caller = Caller { user: 99, moderator: true };
const STRANGER: Caller = Caller { user: 98, moderator: false };

/// The user of the n-th seat.
fn user_of(n: usize) -> Caller {
    Caller { user: 1 + n as u64, moderator: false }
}

/// A started match of game `G` in memory, every seat taken by its own user.
fn started<G: Game>(seed: u64, options: G::Options) -> (Arc<MemoryStore>, Service<G>) {
    holonet::content::init().expect("content loads");
    let store = Arc::new(MemoryStore::new());
    let svc: Service<G> = Service::with_clock(store.clone(), Box::new(|| 1_000));
    svc.create(CH, None, user_of(0), options.clone(), Some(seed)).unwrap();
    for (n, seat) in G::seats(&options).iter().enumerate() {
        svc.join(CH, user_of(n), Some(seat)).unwrap();
    }
    svc.start(CH, user_of(0)).unwrap();
    (store, svc)
}

/// Sends an action as the user of `seat`, by its option in the pending prompt.
fn send<G: Game>(svc: &Service<G>, seat: &str, action: &G::Action) -> Outcome {
    let seats = svc.seats(CH).unwrap();
    let user = Caller { user: seats[seat], moderator: false };
    let p = svc.prompt(CH).unwrap().expect("a prompt");
    let index = p.options.iter().position(|o| *o == G::action_text(action)).expect("the action is offered");
    svc.act(CH, user, Answer::Option { key: p.key(), index }).unwrap()
}

/// The seat that sends a Rebellion action (the role the team game's decision names, or the
/// role the answer belongs to when either player may answer), as `golden_games.rs` replays it.
fn rebellion_seat(s: &engine::State, action: &engine::Action) -> String {
    let d = decision(s).expect("a decision");
    if !s.options.players.splits(d.seat) {
        return seat_name(d.seat, None);
    }
    let role = team::needed(s, &d, action);
    seat_name(d.seat, role.or(Some(holonet::content::TeamColour::Blue)))
}

/// The seats that answer a playout's action by seat: one, or both players of a side in turn
/// when it declines a window they share (one player's `done` passes for himself only).
fn rebellion_seats(s: &engine::State, action: &engine::Action) -> Vec<String> {
    let d = decision(s).expect("a decision");
    if *action == engine::Action::Done && team::shared(s, &d) {
        use holonet::content::TeamColour::{Blue, Orange};
        return vec![seat_name(d.seat, Some(Blue)), seat_name(d.seat, Some(Orange))];
    }
    vec![rebellion_seat(s, action)]
}

/// A golden Rebellion playout as (seat, action) pairs.
fn rebellion_log(seed: u64, options: &MatchOptions) -> Vec<(String, engine::Action)> {
    let p = holonet::bot::sim::playout(seed, options.clone());
    let mut s = engine::new_game(seed, options.clone());
    let mut log = vec![];
    for step in p.steps {
        for seat in rebellion_seats(&s, &step.action) {
            Rebellion::apply(&mut s, &seat, step.action.clone()).expect("the golden game replays by seat");
            log.push((seat, step.action.clone()));
        }
    }
    log
}

/// A golden Empire vs. Rebellion playout, with the policy `golden_games.rs` plays it by.
fn evr_log(seed: u64) -> Vec<(String, holonet::engine::evr::Action)> {
    use holonet::engine::evr::{apply, decision, new_game};
    let mut s = new_game(seed);
    let mut policy = holonet::engine::rng::GameRng::from_seed(seed.wrapping_mul(31));
    let mut log = vec![];
    while let Some(d) = decision(&s) {
        let a = d.actions[policy.below(d.actions.len())].clone();
        apply(&mut s, d.seat, a.clone()).unwrap();
        log.push((d.seat.key().to_string(), a));
    }
    log
}

/// The export of a finished match played from `log`, as the service writes it at the end: the
/// metadata of a started match (its salt and commitment), the log, the result and the final
/// state's fingerprint.
fn finished_export<G: Game>(seed: u64, options: G::Options, log: &[(String, G::Action)]) -> Vec<u8> {
    let (store, _) = started::<G>(seed, options.clone());
    let mut meta = store.load(&CH.to_string()).unwrap().unwrap().meta;
    meta.status = MatchStatus::Ended;
    let mut state = G::new_match(seed, &options);
    let mut entries = vec![];
    for (i, (seat, a)) in log.iter().enumerate() {
        G::apply(&mut state, seat, a.clone()).unwrap();
        let action = serde_json::to_value(a).unwrap();
        entries.push(LogEntry { seat: seat.clone(), action, user: 1, at: 1_000 + i as u64, undoable: false });
    }
    let export = MatchExport {
        result: G::outcome(&state),
        final_state: Some(holonet::trust::dice::state_hash(&state)),
        ..MatchExport::of(&StoredMatch { meta, log: entries, snapshot: None })
    };
    serde_json::to_vec(&export).unwrap()
}

#[test]
fn verify_accepts_every_seeded_golden_game() {
    let games =
        [(Players::Two, false, &[1u64, 2, 3, 5, 8, 13, 21, 34][..]), (Players::Three, false, &[7, 11])];
    let more = [(Players::Four, false, &[1u64, 2][..]), (Players::Four, true, &[3, 5])];
    for (players, rote, seeds) in games.into_iter().chain(more) {
        for &seed in seeds {
            let options = MatchOptions { players, rise_of_the_empire: rote, ..Default::default() };
            let log = rebellion_log(seed, &options);
            let report = verify_bytes(&finished_export::<Rebellion>(seed, options, &log))
                .unwrap_or_else(|e| panic!("{players:?} seed {seed}: {e}"));
            assert_eq!((report.actions, report.finished, report.seed), (log.len(), true, seed));
            assert!(report.result.is_some() && report.final_state_recorded && report.commitment.is_some());
        }
    }
    for seed in [1u64, 2, 3, 5, 8, 13, 21, 34] {
        let log = evr_log(seed);
        let report = verify_bytes(&finished_export::<Evr>(seed, EvrOptions::default(), &log))
            .unwrap_or_else(|e| panic!("EvR seed {seed}: {e}"));
        assert_eq!((report.game.as_str(), report.actions), ("evr", log.len()));
        assert!(report.text().starts_with("Verified: a complete evr match of"), "{}", report.text());
    }
}

/// Plays golden game 1 through the service to its end, checking the commitment after every
/// tenth action; returns the service, the final outcome and the commitment.
fn played_to_the_end() -> (Service<Rebellion>, Outcome, String) {
    let options = MatchOptions::default();
    let log = rebellion_log(1, &options);
    let (store, svc) = started::<Rebellion>(1, options);
    let commitment = store.load_meta(&CH.to_string()).unwrap().unwrap().commitment;
    assert_eq!(commitment.len(), 64);
    let mut last = None;
    for (i, (seat, action)) in log.iter().enumerate() {
        let out = send(&svc, seat, action);
        if let Some(p) = &out.prompt {
            assert_eq!(p.commitment, commitment, "the live message's commitment at action {i}");
        }
        if i % 10 == 0 {
            let status = svc.status(CH, STRANGER).unwrap().reply;
            assert!(status.contains(&format!("Dice commitment (SHA-256 of the secret seed and salt, revealed when the match ends): `{commitment}`")), "{status}");
            assert!(!status.contains("The dice: seed"), "{status}");
        }
        last = Some(out);
    }
    (svc, last.expect("actions"), commitment)
}

#[test]
fn the_commitment_stays_the_same_and_the_reveal_opens_it() {
    let (svc, end, commitment) = played_to_the_end();
    let reveal = end.reveal.expect("the match ended with a reveal");
    let text = &reveal.text;
    let field = |after: &str| text.split(after).nth(1).and_then(|t| t.split('`').next()).unwrap().to_string();
    let (seed, salt) = (field("The dice: seed `"), field(", salt `"));
    assert_eq!(seed, "1");
    assert_eq!(holonet::trust::dice::commitment_hex(1, &salt).unwrap(), commitment, "{text}");
    assert!(text.contains(&commitment));
    // The export made after the end verifies, and records what the reveal showed.
    let (_, bytes) = svc.export(CH, STRANGER).unwrap().file.unwrap();
    let report = verify_bytes(&bytes).unwrap();
    assert!(text.contains(&format!("Final state: `{}`", report.final_state)), "{text}");
    assert_eq!(report.commitment.as_deref(), Some(commitment.as_str()));
    // The luck report and its chart beside the game's chart.
    assert!(text.contains("**The dice against expectation**\nRebels: "), "{text}");
    let png = image::load_from_memory(reveal.luck.as_ref().expect("a luck chart")).unwrap();
    assert_eq!((png.width(), png.height()), (holonet::render::luck::WIDTH, holonet::render::luck::HEIGHT));
    assert!(reveal.chart.is_some());
}

/// Edits one field of an export and returns why it no longer verifies.
/// Whether the replay itself refused the file: an action that does not follow, or a result or
/// final state it does not reach.
fn replay_refuses(e: &VerifyError) -> bool {
    matches!(
        e,
        VerifyError::Refused { .. } | VerifyError::StateMismatch { .. } | VerifyError::ResultMismatch { .. }
    )
}

fn tampered(bytes: &[u8], edit: impl FnOnce(&mut serde_json::Value)) -> VerifyError {
    let mut v: serde_json::Value = serde_json::from_slice(bytes).unwrap();
    edit(&mut v);
    verify_bytes(&serde_json::to_vec(&v).unwrap()).expect_err("an edited export is refused")
}

#[test]
fn verify_refuses_an_edited_export_and_says_why() {
    let options = MatchOptions::default();
    let log = rebellion_log(2, &options);
    let bytes = finished_export::<Rebellion>(2, options.clone(), &log);
    verify_bytes(&bytes).unwrap();
    let mismatch = |e: &VerifyError| matches!(e, VerifyError::CommitmentMismatch { .. });
    let e = tampered(&bytes, |v| v["meta"]["seed"] = serde_json::json!(3));
    assert!(mismatch(&e), "{e}");
    assert!(e.to_string().contains("the seed, the salt or the commitment was changed"), "{e}");
    let e = tampered(&bytes, |v| v["meta"]["salt"] = serde_json::json!("00".repeat(16)));
    assert!(mismatch(&e), "{e}");
    let e = tampered(&bytes, |v| {
        let c = v["meta"]["commitment"].as_str().unwrap().to_string();
        let flipped = if c.starts_with('0') { "1" } else { "0" };
        v["meta"]["commitment"] = serde_json::json!(format!("{flipped}{}", &c[1..]));
    });
    assert!(mismatch(&e), "{e}");
    let e = tampered(&bytes, |v| v["meta"]["salt"] = serde_json::json!("not hex"));
    assert!(matches!(e, VerifyError::BadCommitment(_)), "{e}");
    // A forger who changes the seed and recomputes the commitment: the log no longer replays.
    let e = tampered(&bytes, |v| {
        let salt = v["meta"]["salt"].as_str().unwrap().to_string();
        v["meta"]["seed"] = serde_json::json!(3);
        v["meta"]["commitment"] = serde_json::json!(holonet::trust::dice::commitment_hex(3, &salt).unwrap());
    });
    assert!(replay_refuses(&e), "{e}");
    // An action swapped for another legal one of its moment.
    let (at, other) = {
        let mut s = engine::new_game(2, options.clone());
        let mut found = None;
        for (i, (seat, a)) in log.iter().enumerate() {
            if let Some(d) = decision(&s)
                && i > 40
                && let Some(o) = d.actions.iter().find(|o| *o != a)
            {
                found = Some((i, o.clone()));
                break;
            }
            Rebellion::apply(&mut s, seat, a.clone()).unwrap();
        }
        found.expect("a decision with two options")
    };
    let e = tampered(&bytes, |v| v["log"][at]["action"] = serde_json::to_value(&other).unwrap());
    assert!(replay_refuses(&e), "{e}");
    // The last action dropped: the recorded result is not reached.
    let e = tampered(&bytes, |v| {
        v["log"].as_array_mut().unwrap().pop();
    });
    assert!(matches!(e, VerifyError::ResultMismatch { .. }), "{e}");
    let e = tampered(&bytes, |v| v["result"] = serde_json::json!("The Empire wins by decree."));
    assert!(matches!(e, VerifyError::ResultMismatch { .. }), "{e}");
    let e = tampered(&bytes, |v| v["final_state"] = serde_json::json!("ab".repeat(32)));
    assert!(matches!(e, VerifyError::StateMismatch { .. }), "{e}");
    let e = tampered(&bytes, |v| v["log"][3]["action"] = serde_json::json!({"no": "such action"}));
    assert!(matches!(e, VerifyError::Unreadable { number: 4, .. }), "{e}");
    let e = tampered(&bytes, |v| v["meta"]["game"] = serde_json::json!("chess"));
    assert_eq!(e, VerifyError::UnknownGame);
    assert!(matches!(verify_bytes(b"{not json"), Err(VerifyError::NotAnExport(_))));
}

#[test]
fn a_running_export_withholds_the_seed_and_neither_imports_nor_verifies() {
    let (store, svc) = started::<Rebellion>(0x5EED_0000_1234, MatchOptions::default());
    let meta = store.load_meta(&CH.to_string()).unwrap().unwrap();
    let out = svc.export(CH, MOD).unwrap();
    let text = String::from_utf8(out.file.unwrap().1).unwrap();
    for secret in [meta.seed.to_string(), meta.salt.clone()] {
        assert!(!text.contains(&secret), "the running export holds `{secret}`");
    }
    assert!(text.contains(&meta.commitment), "the commitment is public");
    assert_eq!(verify_bytes(text.as_bytes()).unwrap_err(), VerifyError::SeedWithheld);
    let refused = |svc: &Service<Rebellion>, ch: u64| match svc.import(ch, MOD, text.as_bytes()) {
        Err(ServiceError::BadImport(why)) => why,
        other => panic!("imported: {other:?}"),
    };
    // Not over a match that still has its records (it could be ended there, and its reveal
    // would show the seed), nor into another channel, nor on a server with another key.
    svc.end(CH, MOD).unwrap();
    assert!(refused(&svc, CH).contains("whose stored records are lost or damaged"));
    let fresh = || Service::<Rebellion>::with_clock(Arc::new(MemoryStore::new()), Box::new(|| 1_000));
    assert!(refused(&fresh(), CH + 1).contains("only restore its own channel"));
    let elsewhere: Service<Rebellion> =
        Service::with_clock(Arc::new(MemoryStore::with_seal_key([5; 32])), Box::new(|| 1_000));
    assert!(refused(&elsewhere, CH).contains("or by another Holonet store"));
    // Where its records are lost, it restores the very match, seed and commitment included.
    let restored = fresh();
    restored.import(CH, MOD, text.as_bytes()).unwrap();
    assert_eq!(restored.state(CH).unwrap(), Some(Rebellion::new_match(meta.seed, &MatchOptions::default())));
    assert!(restored.status(CH, STRANGER).unwrap().reply.contains(&meta.commitment));
}

#[test]
fn a_rollback_replays_the_same_dice_and_is_recorded() {
    let options = MatchOptions::default();
    let log = rebellion_log(3, &options);
    let (_, svc) = started::<Rebellion>(3, options);
    // From two actions before the first dice are rolled to a few actions beyond.
    let first_roll = {
        let mut s = engine::new_game(3, MatchOptions::default());
        log.iter()
            .position(|(seat, a)| {
                let n = Rebellion::apply(&mut s, seat, a.clone()).unwrap();
                n.iter().any(|e| e.text.contains(" rolls for "))
            })
            .expect("golden game 3 rolls dice")
    };
    let (from, to) = (first_roll - 2, first_roll + 4);
    for (seat, a) in &log[..from] {
        send(&svc, seat, a);
    }
    let played = |svc: &Service<Rebellion>| -> Vec<Vec<String>> {
        log[from..to]
            .iter()
            .map(|(seat, a)| send(svc, seat, a).events.into_iter().map(|e| e.text).collect())
            .collect()
    };
    let first = played(&svc);
    let out = svc.rollback(CH, MOD, (to - from) as u64).unwrap();
    assert!(out.reply.contains("the same moves roll the same dice again"), "{}", out.reply);
    let again = played(&svc);
    assert_eq!(first, again, "the same moves after a rollback roll the same dice");
    assert!(first.iter().flatten().any(|l| l.contains(" rolls for ")), "dice were rolled: {first:?}");
    // Ended now, the match verifies with its rollback listed, and cannot be reopened.
    svc.end(CH, MOD).unwrap();
    assert!(matches!(svc.rollback(CH, MOD, 1), Err(ServiceError::ReopenRevealed)));
    let report = verify_bytes(&svc.export(CH, STRANGER).unwrap().file.unwrap().1).unwrap();
    assert_eq!(report.rollbacks.len(), 1);
    assert_eq!((report.rollbacks[0].from, report.rollbacks[0].to), (to as u64, from as u64));
    assert!(report.text().contains(&format!("rolled back {} action(s), from {to} to {from}", to - from)));
    let text = report.text();
    assert!(
        text.starts_with(&format!("Verified so far: {to} actions of a rebellion match, no result claimed")),
        "{text}"
    );
    assert!(
        text.contains("The file says the match was ended early: \"ended by moderator <@99>\" (not checked"),
        "{text}"
    );
}

#[test]
fn the_luck_report_counts_every_side_and_round_against_the_faces() {
    holonet::content::init().unwrap();
    let options = MatchOptions::default();
    let log = rebellion_log(5, &options);
    let report = Rebellion::luck(5, &options, &log).expect("Rebellion rolls dice");
    assert_eq!(report.sides, ["Rebels", "Empire"]);
    let last_round = {
        let mut s = engine::new_game(5, options.clone());
        for (seat, a) in &log {
            Rebellion::apply(&mut s, seat, a.clone()).unwrap();
        }
        s.round
    };
    let rounds: Vec<u32> = report.rounds.iter().map(|r| r.round).collect();
    assert_eq!(rounds, (1..=last_round).collect::<Vec<_>>(), "every round, in order");
    // The base game rolls red and black dice only: the expectation is the faces' average.
    let faces = holonet::content::catalog().die_faces;
    let mean = faces.iter().map(|f| f.mission_successes() as f64).sum::<f64>() / faces.len() as f64;
    for t in report.totals() {
        assert!(t.dice > 0, "both sides rolled");
        assert!(t.hits + t.blanks <= t.dice);
        assert!((t.expected_successes - mean * t.dice as f64).abs() < 1e-6);
    }
    // The dice are those of the replay: the same match gives the same report; another, another.
    assert_eq!(Rebellion::luck(5, &options, &log), Some(report.clone()));
    let other = Rebellion::luck(8, &options, &rebellion_log(8, &options)).unwrap();
    assert_ne!(other, report);
    assert_ne!(holonet::render::luck::render_png(&other), holonet::render::luck::render_png(&report));
    // Empire vs. Rebellion has no dice.
    assert_eq!(Evr::luck(1, &EvrOptions::default(), &evr_log(1)), None);
}

#[test]
fn the_luck_report_counts_green_dice_with_their_own_faces() {
    holonet::content::init().unwrap();
    let c = holonet::content::catalog();
    let mean = |faces: &[holonet::content::DieFace]| {
        faces.iter().map(|f| f.mission_successes() as f64).sum::<f64>() / faces.len() as f64
    };
    let (normal, green) = (mean(&c.die_faces), mean(&c.green_die_faces));
    assert_ne!(normal, green, "the green die's faces differ");
    // Rise of the Empire games until one rolls a green die: its expectation is not the red die's.
    let found = (1..40u64).any(|seed| {
        let options = MatchOptions { rise_of_the_empire: true, ..Default::default() };
        let log = rebellion_log(seed, &options);
        let report = Rebellion::luck(seed, &options, &log).unwrap();
        report.totals().iter().any(|t| (t.expected_successes - normal * t.dice as f64).abs() > 1e-6)
    });
    assert!(found, "some expansion game rolled green dice");
}

/// A started Rebellion match of server `guild` in channel `CH` of `store`, `actions` answers in.
fn started_in(store: Arc<MemoryStore>, guild: u64, actions: usize) -> Service<Rebellion> {
    holonet::content::init().expect("content loads");
    let svc: Service<Rebellion> = Service::with_clock(store, Box::new(|| 1_000));
    let options = MatchOptions { quick_setup: true, ..Default::default() };
    svc.create(CH, Some(guild), user_of(0), options, Some(0x5EED_0000_4321)).unwrap();
    svc.join(CH, user_of(0), Some("rebel")).unwrap();
    svc.join(CH, user_of(1), Some("empire")).unwrap();
    svc.start(CH, user_of(0)).unwrap();
    for _ in 0..actions {
        let p = svc.prompt(CH).unwrap().expect("a prompt");
        let who = Caller { user: p.user.unwrap(), moderator: false };
        svc.act(CH, who, Answer::Option { key: p.key(), index: 0 }).unwrap();
    }
    svc
}

fn import_refused(svc: &Service<Rebellion>, ch: u64, file: &[u8]) -> String {
    match svc.import(ch, MOD, file) {
        Err(ServiceError::BadImport(why)) => why,
        other => panic!("imported into {ch}: {other:?}"),
    }
}

#[test]
fn a_sealed_export_opens_only_in_its_own_channel_of_its_own_server() {
    const GUILD: u64 = 5 << 22;
    let store = Arc::new(MemoryStore::new());
    let svc = started_in(store.clone(), GUILD, 6);
    let meta = store.load_meta(&CH.to_string()).unwrap().unwrap();
    let sealed = svc.export(CH, MOD).unwrap().file.unwrap().1;
    let fresh = || Service::<Rebellion>::with_clock(Arc::new(MemoryStore::new()), Box::new(|| 1_000));

    // The attack of issue 35: the file's channel edited to another channel, where nothing is
    // stored (so "its records are lost"), on the same server and store key.
    let moved = |ch: u64| {
        let mut v: serde_json::Value = serde_json::from_slice(&sealed).unwrap();
        v["meta"]["id"] = serde_json::json!(ch.to_string());
        v["meta"]["channel"] = serde_json::json!(ch);
        serde_json::to_vec(&v).unwrap()
    };
    let why = import_refused(&fresh(), CH + 1, &moved(CH + 1));
    assert!(why.contains("sealed to another channel"), "{why}");
    // Only the id, or only the channel, edited: the same.
    let mut v: serde_json::Value = serde_json::from_slice(&sealed).unwrap();
    v["meta"]["channel"] = serde_json::json!(CH + 1);
    let why = import_refused(&fresh(), CH, &serde_json::to_vec(&v).unwrap());
    assert!(why.contains("sealed to another channel"), "{why}");
    // Its own channel, but recorded in another server (`/mod import` rehomes the file there).
    let why = import_refused(&fresh(), CH, &MatchExport::rehome(sealed.clone(), Some(6 << 22)));
    assert!(why.contains("sealed to another channel"), "{why}");
    // Its nonce or commitment edited.
    for field in ["nonce", "commitment"] {
        let mut v: serde_json::Value = serde_json::from_slice(&sealed).unwrap();
        let text = v["meta"][field].as_str().unwrap().to_string();
        let flipped = if text.starts_with('0') { "1" } else { "0" };
        v["meta"][field] = serde_json::json!(format!("{flipped}{}", &text[1..]));
        let why = import_refused(&fresh(), CH, &serde_json::to_vec(&v).unwrap());
        assert!(!why.is_empty() && !why.contains(&meta.salt), "{field}: {why}");
    }
    // A seal in the format of earlier versions (64 hex digits, not bound to the channel).
    let mut v: serde_json::Value = serde_json::from_slice(&sealed).unwrap();
    v["sealed_seed"] = serde_json::json!("ab".repeat(32));
    let why = import_refused(&fresh(), CH, &serde_json::to_vec(&v).unwrap());
    assert!(why.contains("sealed by an older version of Holonet"), "{why}");

    // In its own channel and server, where the records are lost, it restores the very match.
    let restored = fresh();
    restored.import(CH, MOD, &sealed).unwrap();
    assert_eq!(restored.state(CH).unwrap(), svc.state(CH).unwrap());
    assert!(restored.status(CH, STRANGER).unwrap().reply.contains(&meta.commitment));
}

#[test]
fn one_match_never_runs_in_two_channels_of_a_store() {
    const GUILD: u64 = 5 << 22;
    let store = Arc::new(MemoryStore::new());
    let svc = started_in(store.clone(), GUILD, 4);
    // The operator's file (seed in the clear) of the running match, into another channel of the
    // same store: a second running copy, whose end would reveal the first one's seed.
    let stored = store.load(&CH.to_string()).unwrap().unwrap();
    let file = MatchExport::of(&stored).to_json().unwrap();
    let why = import_refused(&svc, CH + 2, &file);
    assert!(why.contains(&format!("channel {CH} holds this very match")), "{why}");
    assert!(store.load_meta(&(CH + 2).to_string()).unwrap().is_none(), "nothing was stored");
    // Nor as an ended copy (anyone may export an ended match, seed included).
    let mut v: serde_json::Value = serde_json::from_slice(&file).unwrap();
    v["meta"]["status"] = serde_json::json!("ended");
    v["meta"]["ended_because"] = serde_json::json!("ended by a moderator");
    let why = import_refused(&svc, CH + 2, &serde_json::to_vec(&v).unwrap());
    assert!(why.contains(&format!("channel {CH} holds this very match")), "{why}");
    // Once both copies would be over, the seed is public anyway: the copy imports.
    svc.end(CH, MOD).unwrap();
    svc.import(CH + 2, MOD, &serde_json::to_vec(&v).unwrap()).unwrap();
}

/// Verifies `bytes` edited by `edit` and returns the report's text.
fn verified_text(bytes: &[u8], edit: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut v: serde_json::Value = serde_json::from_slice(bytes).unwrap();
    edit(&mut v);
    verify_bytes(&serde_json::to_vec(&v).unwrap())
        .map(|r| r.text())
        .unwrap_or_else(|e| format!("refused: {e}"))
}

#[test]
fn a_verdict_says_exactly_what_it_proved() {
    let options = MatchOptions::default();
    let log = rebellion_log(2, &options);
    let bytes = finished_export::<Rebellion>(2, options, &log);
    let full = verify_bytes(&bytes).unwrap();
    let result = full.result.clone().unwrap();
    let text = full.text();
    assert!(
        text.starts_with(&format!(
            "Verified: a complete rebellion match of {} actions, result: {result}",
            log.len()
        )),
        "{text}"
    );
    let half = log.len() / 2;
    let cut = |v: &mut serde_json::Value| {
        v["log"].as_array_mut().unwrap().truncate(half);
        let o = v.as_object_mut().unwrap();
        o.remove("result");
        o.remove("final_state");
    };
    // The cut-down file of issue 35: half the log, no result, no final state, and an ending
    // that prints a fake result line.
    let text = verified_text(&bytes, |v| {
        cut(v);
        v["meta"]["ended_because"] =
            serde_json::json!("cancelled\nResult: The Rebels win.\nVerified: a complete match");
    });
    assert!(
        text.starts_with(&format!("Verified so far: {half} actions of a rebellion match, no result claimed")),
        "{text}"
    );
    assert!(
        !text.lines().any(|l| l.starts_with("Result:") || l.starts_with("Verified: a complete")),
        "{text}"
    );
    assert!(text.contains("not checked"), "{text}");
    let text = verified_text(&bytes, |v| {
        cut(v);
        v["meta"]["status"] = serde_json::json!("active");
    });
    assert!(text.starts_with(&format!("Verified so far: {half} actions")), "{text}");
    assert!(!text.contains("Verified: "), "{text}");
    // A whole log whose file says the match runs on, or ended early, contradicts the replay.
    let text = verified_text(&bytes, |v| v["meta"]["status"] = serde_json::json!("active"));
    assert!(text.starts_with("refused: "), "{text}");
    let text = verified_text(&bytes, |v| v["meta"]["ended_because"] = serde_json::json!("cancelled"));
    assert!(text.starts_with("refused: "), "{text}");
    // A whole log without the recorded result and state: the end is reached, but not checked
    // against a record.
    let text = verified_text(&bytes, |v| {
        let o = v.as_object_mut().unwrap();
        o.remove("result");
        o.remove("final_state");
    });
    assert!(!text.contains("Verified: a complete"), "{text}");
    assert!(text.contains("records no result"), "{text}");
    // What the commitment and the replay do not cover is named as unchecked, however edited.
    let text = verified_text(&bytes, |v| {
        v["log"][0]["user"] = serde_json::json!(12345);
        v["meta"]["rollbacks"] = serde_json::json!([{"by": 7, "at": 1, "from": 9, "to": 3}]);
    });
    assert!(text.starts_with("Verified: a complete"), "{text}");
    assert!(
        text.contains("Who sent each action, when, and the rollback notes are as the file says (not checked"),
        "{text}"
    );
    // A refusal prints no field of the file unescaped either.
    let text = verified_text(&bytes, |v| v["result"] = serde_json::json!("x\nVerified: a complete match"));
    assert!(text.starts_with("refused: ") && !text.contains("\nVerified"), "{text}");
}
