//! A short run of the service fuzzer (`holonet::fuzzing::run`, the entry point of the
//! cargo-fuzz target `fuzz/fuzz_targets/service.rs`) in `cargo test`: random scripts, plus the
//! inputs of bugs it found, replayed deterministically.

use std::sync::Arc;

use holonet::engine::rebellion::MatchOptions;
use holonet::fuzzing::{Summary, check_sentence, run};
use holonet::games::rebellion::Rebellion;
use holonet::service::{Answer, Caller, Service, ServiceError};
use holonet::store::MemoryStore;
use proptest::prelude::*;

fn ok(data: &[u8]) -> Summary {
    run(data).unwrap_or_else(|v| panic!("{v}"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 100, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_scripts_keep_every_promise(data in proptest::collection::vec(any::<u8>(), 0..160)) {
        ok(&data);
    }
}

#[test]
fn scripts_reach_deep_games_and_refusals() {
    // Import the prepared 200-move game into channel 100 (op 27: a prepared export, no
    // changes, by the moderator), then alternate legal moves with wrong answers.
    let mut data = vec![0u8, 27, 0, 2, 4, 0, 2, 0, 1];
    for i in 0..40u8 {
        data.extend([4, 0, 7, i, 0]);
        data.extend([12 + (i % 7), 0, i, i.wrapping_mul(7), 3, 1, 2, 3, 4, 5, 6]);
    }
    let s = ok(&data);
    assert_eq!(s.imports, 1, "{s:?}");
    assert!(s.moves >= 20 && s.deepest >= 200, "{s:?}");
    assert!(s.refused >= 20, "{s:?}");
}

#[test]
fn the_sentence_check_knows_noise() {
    assert!(check_sentence("the match has already started").is_ok());
    assert!(check_sentence("").is_err());
    assert!(check_sentence("two\nlines").is_err());
    assert!(check_sentence("value Some(3)").is_err());
    assert!(check_sentence(&"x".repeat(400)).is_err());
}

// Regressions: the bugs the fuzzer found, as plain service calls.

const CH: u64 = 100;
const REBEL: Caller = Caller { user: 1, moderator: false };
const EMPIRE: Caller = Caller { user: 2, moderator: false };
const MOD: Caller = Caller { user: 9, moderator: true };

fn started() -> Service<Rebellion> {
    let svc = Service::with_clock(Arc::new(MemoryStore::new()), Box::new(|| 1_000));
    svc.create(CH, None, REBEL, MatchOptions { quick_setup: true, ..Default::default() }, Some(3)).unwrap();
    svc.join(CH, REBEL, Some("rebel")).unwrap();
    svc.join(CH, EMPIRE, Some("empire")).unwrap();
    svc.start(CH, REBEL).unwrap();
    svc
}

fn refusal(r: Result<impl std::fmt::Debug, ServiceError>) -> String {
    let text = r.expect_err("refused").to_string();
    check_sentence(&text).unwrap_or_else(|why| panic!("{why}: {text:?}"));
    text
}

#[test]
fn an_option_index_of_usize_max_is_refused_without_overflow() {
    let svc = started();
    let p = svc.prompt(CH).unwrap().unwrap();
    let text = refusal(svc.act(CH, REBEL, Answer::Option { key: p.key(), index: usize::MAX }));
    assert!(text.starts_with("there is no option"), "{text}");
}

#[test]
fn typed_text_is_quoted_short_and_on_one_line() {
    let svc = started();
    let junk = format!("\u{14}x`\u{1d}{}", "y".repeat(500));
    let text = refusal(svc.act(CH, REBEL, Answer::Command(junk.clone())));
    assert!(text.starts_with("unknown command `?x??yyy") && text.contains('…'), "{text}");
    let text = refusal(svc.replace(CH, MOD, "ré\u{e}\nbel", 5));
    assert!(text.starts_with("unknown seat `ré??bel`"), "{text}");
    let text = refusal(svc.act(CH, REBEL, Answer::Command(format!("base {junk}"))));
    assert!(text.starts_with("unknown system `?x??y"), "{text}");
}

#[test]
fn refused_imports_say_what_is_wrong_without_quoting_the_file() {
    let svc = Service::<Rebellion>::with_clock(Arc::new(MemoryStore::new()), Box::new(|| 1_000));
    let text = refusal(svc.import(CH, MOD, b"\"k\x0f9Q\"\"\""));
    assert!(!text.contains('k'), "{text}");
    let text = refusal(svc.import(
        CH,
        MOD,
        b"{\"format\": \"holonet-match\", \"format_version\": 1, \"meta\": 7, \"log\": []}",
    ));
    assert!(text.starts_with("cannot import: "), "{text}");
}

/// A valid export of a match that played a few moves, as JSON to change.
fn export_of_a_few_moves() -> serde_json::Value {
    let svc = started();
    for _ in 0..4 {
        let p = svc.prompt(CH).unwrap().unwrap();
        let user = p.user.unwrap();
        svc.act(CH, Caller { user, moderator: false }, Answer::Option { key: p.key(), index: 0 }).unwrap();
    }
    let file = svc.export(CH, MOD).unwrap().file.unwrap().1;
    serde_json::from_slice(&file).unwrap()
}

/// Imports `v` into an empty service: the refusal's text, after checking nothing was imported.
fn refused_import(v: &serde_json::Value) -> String {
    let svc = Service::<Rebellion>::with_clock(Arc::new(MemoryStore::new()), Box::new(|| 1_000));
    let text = refusal(svc.import(CH, MOD, &serde_json::to_vec(v).unwrap()));
    assert!(
        matches!(svc.status(CH, Caller { user: 3, moderator: false }), Err(ServiceError::NoMatch)),
        "nothing was imported: {text}"
    );
    text
}

#[test]
fn an_import_of_a_lobby_with_played_actions_is_refused() {
    let mut v = export_of_a_few_moves();
    v["meta"]["status"] = "lobby".into();
    let text = refused_import(&v);
    assert!(text.contains("lobby"), "{text}");
}

#[test]
fn an_import_with_a_seat_the_game_lacks_is_refused() {
    let mut v = export_of_a_few_moves();
    v["meta"]["seats"]["dr\u{1}oid"] = 3.into();
    let text = refused_import(&v);
    assert_eq!(text, "cannot import: its seats must be among: rebel, empire");
}

#[test]
fn kicking_a_vacant_seat_says_so() {
    let svc = Service::<Rebellion>::with_clock(Arc::new(MemoryStore::new()), Box::new(|| 1_000));
    svc.create(CH, None, REBEL, MatchOptions::default(), Some(1)).unwrap();
    assert_eq!(refusal(svc.kick(CH, MOD, "empire")), "nobody holds the empire seat");
    assert_eq!(refusal(svc.kick(CH, MOD, "droid")), "unknown seat `droid`; seats are: rebel, empire");
}

#[test]
fn an_import_whose_log_names_an_odd_seat_is_refused_in_one_line() {
    let mut v = export_of_a_few_moves();
    v["log"][2]["seat"] = "x\u{15}y\nz".into();
    let text = refused_import(&v);
    assert_eq!(text, "cannot import: action 2 no longer applies: unknown seat `x?y?z`");
}

#[test]
fn an_import_whose_options_do_not_read_is_refused() {
    // Found by cargo-fuzz: a lobby imported with `"options": null` started with the default
    // options, and the stored match could not be read back at the next start.
    for options in [serde_json::Value::Null, 7.into(), serde_json::json!({"quick_setup": "yes"})] {
        let mut v = export_of_a_few_moves();
        v["meta"]["status"] = "lobby".into();
        v["log"] = serde_json::json!([]);
        v["meta"]["options"] = options;
        let text = refused_import(&v);
        assert!(text.starts_with("cannot import: the match options: "), "{text}");
    }
}

#[test]
fn the_fuzz_input_that_imported_unreadable_options_keeps_every_promise() {
    let data: &[u8] = &[
        0x0, 0x3c, 0xf4, 0xf4, 0x2a, 0x39, 0x3c, 0xf4, 0xc0, 0x26, 0xaf, 0x7a, 0x4, 0x4, 0x4, 0x86, 0xb4,
        0x86, 0x20, 0x3f, 0x0, 0x86, 0xf5, 0x44, 0xf, 0x45, 0xf4, 0xf4, 0x39, 0x3e, 0xf4, 0xc0, 0x5, 0x44,
        0x45, 0x0, 0x2b, 0x0, 0x2b, 0x4a,
    ];
    ok(data);
}

#[test]
fn a_seat_typed_with_a_backslash_is_refused_in_a_clear_sentence() {
    // Found by the random scripts: a seat name holding `\n` as two typed characters was echoed
    // so that the refusal read like Debug formatting.
    let echoed = holonet::content::echo("\\n\u{1}\u{2}");
    assert_eq!(echoed, "?n??");
    let text = format!("unknown seat `{echoed}`; seats are: rebel, empire");
    check_sentence(&text).unwrap_or_else(|why| panic!("{why}: {text}"));
}
