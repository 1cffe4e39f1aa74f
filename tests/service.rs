//! Service-layer flows without Discord: lobby, start, turns, prompts, private messages,
//! stale answers, moderators, rollback, export/import, and restart from disk.

use std::sync::Arc;

use holonet::engine::rebellion::MatchOptions;
use holonet::games::game::Game;
use holonet::games::rebellion::Rebellion;
use holonet::service::{Answer, Caller, Outcome, PromptKey, Service, ServiceError};
use holonet::store::{MatchMeta, MatchStore, MemoryStore, SledStore};

const CH: u64 = 100;
const REBEL: Caller = Caller { user: 1, moderator: false };
const EMPIRE: Caller = Caller { user: 2, moderator: false };
const STRANGER: Caller = Caller { user: 3, moderator: false };
const MOD: Caller = Caller { user: 9, moderator: true };

fn quick() -> MatchOptions {
    MatchOptions { quick_setup: true, ..Default::default() }
}

fn started(svc: &Service<Rebellion>) -> Outcome {
    svc.create(CH, Some(7), REBEL, quick(), Some(42)).unwrap();
    svc.join(CH, REBEL, Some("rebel")).unwrap();
    svc.join(CH, EMPIRE, Some("empire")).unwrap();
    svc.start(CH, REBEL).unwrap()
}

fn memory() -> (Arc<MemoryStore>, Service<Rebellion>) {
    let store = Arc::new(MemoryStore::new());
    let svc = Service::with_clock(store.clone(), Box::new(|| 1_000));
    (store, svc)
}

fn caller_for(user: Option<u64>) -> Caller {
    Caller { user: user.expect("seat is filled"), moderator: false }
}

/// Answers the pending prompt with its first option; returns the outcome.
fn answer_first(svc: &Service<Rebellion>) -> Outcome {
    let p = svc.prompt(CH).unwrap().expect("a prompt is pending");
    svc.act(CH, caller_for(p.user), Answer::Option { key: p.key(), index: 0 }).unwrap()
}

#[test]
fn lobby_rules_are_enforced() {
    let (_, svc) = memory();
    assert!(matches!(svc.status(CH, STRANGER), Err(ServiceError::NoMatch)));
    svc.create(CH, None, REBEL, quick(), Some(1)).unwrap();
    assert!(matches!(svc.create(CH, None, EMPIRE, quick(), None), Err(ServiceError::MatchExists(_))));
    assert!(matches!(svc.join(CH, REBEL, Some("droid")), Err(ServiceError::UnknownSeat { .. })));
    svc.join(CH, REBEL, Some("rebel")).unwrap();
    assert!(matches!(svc.join(CH, EMPIRE, Some("rebel")), Err(ServiceError::SeatTaken(_))));
    assert!(matches!(svc.start(CH, REBEL), Err(ServiceError::SeatsOpen(_))));
    assert!(matches!(svc.act(CH, REBEL, Answer::Command("pass".into())), Err(ServiceError::NotStarted)));
    svc.join(CH, EMPIRE, None).unwrap();
    assert_eq!(svc.seats(CH).unwrap().get("empire"), Some(&2));
    assert!(matches!(svc.join(CH, STRANGER, None), Err(ServiceError::NoFreeSeat)));
    svc.leave(CH, EMPIRE).unwrap();
    assert!(!svc.seats(CH).unwrap().contains_key("empire"));
}

#[test]
fn start_sends_each_seat_only_its_secrets_and_prompts_the_decider() {
    let (store, svc) = memory();
    let flushes = store.flush_count();
    let out = started(&svc);
    assert!(store.flush_count() > flushes, "persisted before answering");
    assert_eq!(out.public.len(), 1);
    assert!(out.public[0].board);
    let to_rebel: Vec<_> = out.private.iter().filter(|p| p.user == 1).collect();
    let to_empire: Vec<_> = out.private.iter().filter(|p| p.user == 2).collect();
    assert_eq!(to_rebel.len(), 1);
    assert_eq!(to_empire.len(), 1);
    assert!(to_rebel[0].text.contains("Objectives"), "rebel sees objectives: {}", to_rebel[0].text);
    assert!(!to_empire[0].text.contains("Objectives"));
    assert!(to_empire[0].text.contains("Probe cards"));
    assert!(!to_rebel[0].text.contains('_') && !to_empire[0].text.contains('_'), "names, not ids");
    assert!(out.ping, "the first decider is mentioned");
    let p = out.prompt.expect("the base choice is pending");
    assert_eq!(p.user, Some(1));
    assert_eq!(p.seat, "rebel");
    assert!(p.kind.contains("base"));
    assert!(!p.options.is_empty());
}

#[test]
fn only_the_decider_may_act_and_stale_buttons_are_refused() {
    let (_, svc) = memory();
    let out = started(&svc);
    let p = out.prompt.unwrap();
    let e = svc.act(CH, EMPIRE, Answer::Option { key: p.key(), index: 0 }).unwrap_err();
    assert!(matches!(e, ServiceError::NotYourDecision { .. }), "{e}");
    assert!(!e.to_string().contains("base "), "no hidden detail in the error: {e}");
    assert!(matches!(svc.act(CH, STRANGER, Answer::Command("pass".into())), Err(ServiceError::NotSeated)));
    let before = svc.state(CH).unwrap();
    let e = svc.act(CH, REBEL, Answer::Command("activate nowhere han_solo".into())).unwrap_err();
    assert!(e.to_string().contains("unknown system"), "{e}");
    assert_eq!(svc.state(CH).unwrap(), before, "a refused command changes nothing");
    let out = svc.act(CH, REBEL, Answer::Option { key: p.key(), index: 0 }).unwrap();
    let dm = out.private.iter().find(|x| x.user == 1).expect("the rebel hears where the base is");
    assert!(dm.text.contains("Your base:"), "{}", dm.text);
    assert!(out.private.iter().all(|x| x.user != 2 || !x.text.contains("Your base")));
    let stale = svc.act(CH, REBEL, Answer::Option { key: p.key(), index: 0 }).unwrap_err();
    assert!(matches!(stale, ServiceError::Stale), "{stale}");
}

#[test]
fn a_whole_game_can_be_played_through_the_service() {
    let (_, svc) = memory();
    started(&svc);
    let mut n = 0;
    while let Some(p) = svc.prompt(CH).unwrap() {
        // Prefer `done`/`pass` to keep the game short and deterministic.
        let index = p.options.iter().position(|o| o == "pass" || o == "done").unwrap_or(0);
        let out = svc.act(CH, caller_for(p.user), Answer::Option { key: p.key(), index }).unwrap();
        for post in &out.private {
            let seat_user = svc.seats(CH).unwrap()[&post.seat];
            assert_eq!(post.user, seat_user, "private messages go to their seat's user only");
        }
        n += 1;
        assert!(n < 5_000, "the game must end");
    }
    let state = svc.state(CH).unwrap().unwrap();
    assert!(Rebellion::outcome(&state).is_some());
    assert!(matches!(svc.act(CH, REBEL, Answer::Command("pass".into())), Err(ServiceError::Ended)));
}

#[test]
fn moderators_pause_replace_kick_rollback_and_end() {
    let (_, svc) = memory();
    started(&svc);
    assert!(matches!(svc.pause(CH, REBEL), Err(ServiceError::NotModerator)));
    let out = svc.pause(CH, MOD).unwrap();
    assert!(out.reply_public && out.reply.contains("paused"));
    assert!(matches!(answer_once(&svc), Err(ServiceError::Paused)));
    svc.resume(CH, MOD).unwrap();
    answer_first(&svc);
    answer_first(&svc);
    let v2 = svc.prompt(CH).unwrap().unwrap().version;
    let out = svc.rollback(CH, MOD, 1).unwrap();
    assert!(out.reply.contains("rolled back 1"));
    assert_eq!(svc.prompt(CH).unwrap().unwrap().version, v2 - 1);
    assert!(matches!(svc.rollback(CH, MOD, 99), Err(ServiceError::RollbackTooFar { .. })));
    let out = svc.replace(CH, MOD, "empire", 5).unwrap();
    assert!(
        out.private.iter().any(|p| p.user == 5 && p.seat == "empire"),
        "the new player gets the seat's secrets"
    );
    svc.kick(CH, MOD, "empire").unwrap();
    assert!(!svc.seats(CH).unwrap().contains_key("empire"));
    svc.end(CH, MOD).unwrap();
    assert!(matches!(answer_once(&svc), Err(ServiceError::Ended)));
}

/// The "latest events" lines of a status reply.
fn latest_events(svc: &Service<Rebellion>) -> Vec<String> {
    let reply = svc.status(CH, STRANGER).unwrap().reply;
    reply.lines().filter(|l| l.starts_with("• ")).map(String::from).collect()
}

#[test]
fn after_a_rollback_or_an_import_status_lists_only_events_of_the_log() {
    let (_, svc) = memory();
    started(&svc);
    for _ in 0..20 {
        answer_first(&svc);
    }
    let at_20 = latest_events(&svc);
    assert!(!at_20.is_empty());
    for _ in 0..12 {
        answer_first(&svc);
    }
    assert_ne!(latest_events(&svc), at_20, "twelve more actions brought new events");
    svc.rollback(CH, MOD, 12).unwrap();
    assert_eq!(latest_events(&svc), at_20, "the events of the rolled-back actions are gone");

    // An export whose kept lines were tampered with: the log decides what is shown.
    svc.end(CH, MOD).unwrap();
    let (_, bytes) = svc.export(CH, MOD).unwrap().file.unwrap();
    let mut export: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    export["meta"]["presence"]["latest"] = serde_json::json!(["The Death Star destroyed Yavin."]);
    let (_, other) = memory();
    other.import(CH, MOD, &serde_json::to_vec(&export).unwrap()).unwrap();
    let shown = latest_events(&other);
    assert!(!shown.iter().any(|l| l.contains("Yavin")), "{shown:?}");
    assert_eq!(shown, latest_events(&svc));
}

fn answer_once(svc: &Service<Rebellion>) -> Result<Outcome, ServiceError> {
    let p = svc.prompt(CH).unwrap().expect("prompt");
    svc.act(CH, REBEL, Answer::Option { key: p.key(), index: 0 })
}

#[test]
fn export_then_import_rebuilds_the_same_match() {
    let (_, svc) = memory();
    started(&svc);
    for _ in 0..30 {
        answer_first(&svc);
    }
    assert!(matches!(svc.export(CH, REBEL), Err(ServiceError::ExportRunning)));
    let out = svc.export(CH, MOD).unwrap();
    let (name, bytes) = out.file.expect("an export file");
    assert!(name.ends_with(".json"));
    // Made during play, it seals the seed: it restores its own channel's match where the
    // records are lost (a fresh store), and goes nowhere else.
    let (_, other) = memory();
    let e = other.import(200, MOD, &bytes).unwrap_err();
    assert!(
        matches!(&e, ServiceError::BadImport(why) if why.contains("only restore its own channel")),
        "{e}"
    );
    other.import(CH, MOD, &bytes).unwrap();
    assert_eq!(other.state(CH).unwrap(), svc.state(CH).unwrap());
    // Once the match is over the export holds the seed and rebuilds it in any channel, but not
    // beside a running copy of it (issue 35): its export would show that copy's seed.
    svc.end(CH, MOD).unwrap();
    let (_, bytes) = svc.export(CH, MOD).unwrap().file.expect("an export file");
    let e = other.import(200, MOD, &bytes).unwrap_err();
    assert!(matches!(&e, ServiceError::BadImport(why) if why.contains("holds this very match")), "{e}");
    other.end(CH, MOD).unwrap();
    other.import(200, MOD, &bytes).unwrap();
    assert_eq!(other.state(200).unwrap(), svc.state(CH).unwrap());
    assert!(matches!(other.import(201, MOD, b"{not json"), Err(ServiceError::BadImport(_))));
}

#[test]
fn matches_survive_a_restart_from_sled() {
    let dir = std::env::temp_dir().join(format!("holonet-service-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (state, prompt) = {
        let store: Arc<dyn MatchStore> = Arc::new(SledStore::open(&dir).unwrap());
        let svc: Service<Rebellion> = Service::new(store);
        started(&svc);
        for _ in 0..(holonet::service::SNAPSHOT_EVERY + 7) {
            answer_first(&svc);
        }
        (svc.state(CH).unwrap(), svc.prompt(CH).unwrap().unwrap())
    };
    let store: Arc<dyn MatchStore> = Arc::new(SledStore::open(&dir).unwrap());
    let stored = store.load(&CH.to_string()).unwrap().unwrap();
    assert!(stored.snapshot.is_some(), "a snapshot was taken");
    let svc: Service<Rebellion> = Service::new(store);
    assert_eq!(svc.load_all().unwrap(), 1);
    assert_eq!(svc.state(CH).unwrap(), state);
    assert_eq!(
        svc.prompt(CH).unwrap().unwrap().key(),
        prompt.key(),
        "menus shown before the restart still work"
    );
    answer_first(&svc);
    let log = svc.log(CH, 5).unwrap();
    assert!(!log.reply.is_empty());
    drop(svc);
    // Reopen once more (nothing was shut down cleanly: every answer was flushed before it was
    // acknowledged) and play the match to its end.
    let store: Arc<dyn MatchStore> = Arc::new(SledStore::open(&dir).unwrap());
    let svc: Service<Rebellion> = Service::new(store);
    assert_eq!(svc.load_all().unwrap(), 1);
    let mut n = 0;
    while let Some(p) = svc.prompt(CH).unwrap() {
        let index = p.options.iter().position(|o| o == "pass" || o == "done").unwrap_or(0);
        svc.act(CH, caller_for(p.user), Answer::Option { key: p.key(), index }).unwrap();
        n += 1;
        assert!(n < 5_000, "the game must end");
    }
    assert!(Rebellion::outcome(&svc.state(CH).unwrap().unwrap()).is_some());
    drop(svc);
    let store = SledStore::open(&dir).unwrap();
    let stored = store.load(&CH.to_string()).unwrap().unwrap();
    assert_eq!(stored.meta.status, holonet::store::MatchStatus::Ended, "the finished status is stored");
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Applies option `index` of the pending prompt as its decider.
fn answer(svc: &Service<Rebellion>, index: usize) -> Outcome {
    let p = svc.prompt(CH).unwrap().expect("a prompt is pending");
    svc.act(CH, caller_for(p.user), Answer::Option { key: p.key(), index }).unwrap()
}

/// The pending prompt's options, its key, the state and the log length: what a refused answer
/// must leave as it was.
fn snapshot(svc: &Service<Rebellion>) -> (Vec<String>, PromptKey, String) {
    let p = svc.prompt(CH).unwrap().expect("a prompt is pending");
    let state = serde_json::to_string(&svc.state(CH).unwrap()).unwrap();
    (p.options.clone(), p.key(), state)
}

#[test]
fn after_a_rollback_an_old_menu_of_the_same_version_is_refused() {
    let (_, svc) = memory();
    started(&svc);
    answer(&svc, 0); // the Rebel hides the base; the Rebel assigns leaders next
    // (after giving a ring card dealt at setup to a leader, if the seed dealt one)
    while svc.prompt(CH).unwrap().unwrap().kind.contains("the card asks for") {
        answer(&svc, 0);
    }
    let p1 = svc.prompt(CH).unwrap().unwrap();
    assert_eq!(p1.seat, "rebel");
    // Two assignments that both leave the Rebel assigning, with different options.
    let assigns: Vec<usize> =
        (0..p1.options.len()).filter(|i| p1.options[*i].starts_with("assign")).collect();
    let (first, second) = (assigns[0], *assigns.last().unwrap());
    answer(&svc, first);
    let old = svc.prompt(CH).unwrap().unwrap();
    assert_eq!(old.seat, "rebel");
    svc.rollback(CH, MOD, 1).unwrap();
    answer(&svc, second);
    let now = svc.prompt(CH).unwrap().unwrap();
    assert_eq!((now.seat.as_str(), now.version), ("rebel", old.version), "the version repeats");
    assert_ne!(now.options, old.options);
    assert_ne!(now.fingerprint, old.fingerprint);
    let before = snapshot(&svc);
    let e = svc.act(CH, REBEL, Answer::Option { key: old.key(), index: 0 }).unwrap_err();
    assert!(matches!(e, ServiceError::Stale), "{e}");
    assert!(e.to_string().contains("out of date"), "{e}");
    assert_eq!(snapshot(&svc), before, "nothing was applied");
    // The current menu still works.
    svc.act(CH, REBEL, Answer::Option { key: now.key(), index: 0 }).unwrap();
}

#[test]
fn a_menu_of_an_earlier_match_in_the_channel_is_refused() {
    let (_, svc) = memory();
    started(&svc);
    let old = svc.prompt(CH).unwrap().unwrap();
    svc.end(CH, MOD).unwrap();
    // The same seed: the very same prompt, version and options, in a new match.
    started(&svc);
    let now = svc.prompt(CH).unwrap().unwrap();
    assert_eq!((now.version, &now.options, &now.fingerprint), (old.version, &old.options, &old.fingerprint));
    assert_ne!(now.nonce, old.nonce, "every match has its own nonce");
    let before = snapshot(&svc);
    let e = svc.act(CH, REBEL, Answer::Option { key: old.key(), index: 0 }).unwrap_err();
    assert!(matches!(e, ServiceError::Stale), "{e}");
    assert_eq!(snapshot(&svc), before, "nothing was applied");
}

#[test]
fn a_number_counts_only_against_the_options_last_shown_to_the_seat() {
    let (_, svc) = memory();
    let out = started(&svc);
    // The Rebel started the match and decides first: the answer showed them the options.
    assert_eq!(out.prompt.as_ref().unwrap().user, Some(1));
    svc.act(CH, REBEL, Answer::Numbered(1)).unwrap();
    // The Rebel decides next too, so that answer showed the new list: `choose 1` refers to it.
    let first = svc.prompt(CH).unwrap().unwrap();
    svc.act(CH, REBEL, Answer::Numbered(1)).unwrap();
    let second = svc.prompt(CH).unwrap().unwrap();
    assert_eq!(second.user, Some(1));
    // A moderator rolls that move back: the list the Rebel last saw is not the pending one, so a
    // number typed from memory is refused and nothing changes.
    svc.rollback(CH, MOD, 1).unwrap();
    assert_eq!(svc.prompt(CH).unwrap().unwrap().key(), first.key());
    let before = snapshot(&svc);
    let e = svc.act(CH, REBEL, Answer::Numbered(1)).unwrap_err();
    assert!(matches!(e, ServiceError::Stale), "{e}");
    assert!(e.to_string().contains("out of date"), "{e}");
    assert_eq!(snapshot(&svc), before, "nothing was applied");
    // Once shown the current list (menus, autocomplete), the number is accepted.
    let p = svc.show(CH, REBEL.user).unwrap().unwrap();
    assert_eq!(p.key(), before.1);
    assert!(matches!(svc.act(CH, REBEL, Answer::Numbered(999)), Err(ServiceError::NoSuchOption(999))));
    assert!(matches!(svc.act(CH, REBEL, Answer::Numbered(0)), Err(ServiceError::NoSuchOption(0))));
    svc.act(CH, REBEL, Answer::Numbered(1)).unwrap();
    // The Empire has not been shown a list of its own yet; `/rebellion hand` shows it.
    while svc.prompt(CH).unwrap().unwrap().user == Some(1) {
        let done = svc.prompt(CH).unwrap().unwrap().options.iter().position(|o| o == "done");
        answer(&svc, done.unwrap_or(0));
    }
    assert!(matches!(svc.act(CH, EMPIRE, Answer::Numbered(1)), Err(ServiceError::Stale)));
    // Someone else looking does not count for the Empire.
    svc.show(CH, REBEL.user).unwrap();
    assert!(matches!(svc.act(CH, EMPIRE, Answer::Numbered(1)), Err(ServiceError::Stale)));
    svc.hand(CH, EMPIRE).unwrap();
    svc.act(CH, EMPIRE, Answer::Numbered(1)).unwrap();
}

#[test]
fn matches_stored_without_a_nonce_still_load_with_a_stable_one() {
    let (store, svc) = memory();
    started(&svc);
    let stored = store.load(&CH.to_string()).unwrap().unwrap();
    let mut json = serde_json::to_value(&stored.meta).unwrap();
    // A meta as stored before nonces, cancel requests and export marks existed.
    for field in ["nonce", "shown", "cancel_request", "exported_after_end"] {
        json.as_object_mut().unwrap().remove(field);
    }
    let a: MatchMeta = serde_json::from_value(json.clone()).unwrap();
    let b: MatchMeta = serde_json::from_value(json).unwrap();
    assert_eq!(a.nonce, b.nonce);
    assert_eq!(a.nonce, MatchMeta::derived_nonce(&a.id, a.created_at));
    assert_eq!(a.nonce.len(), holonet::store::NONCE_LEN);
    // The nonce is kept as stored otherwise (and so survives restarts).
    let c: MatchMeta = serde_json::from_value(serde_json::to_value(&stored.meta).unwrap()).unwrap();
    assert_eq!(c.nonce, stored.meta.nonce);
    // An export file of that time still imports.
    let mut file = serde_json::to_value(holonet::store::MatchExport::of(&stored)).unwrap();
    file["meta"] = serde_json::to_value(&a).unwrap();
    for field in ["nonce", "exported_after_end"] {
        file["meta"].as_object_mut().unwrap().remove(field);
    }
    file.as_object_mut().unwrap().remove("exported_during_play");
    let (_, other) = memory();
    other.import(200, MOD, &serde_json::to_vec(&file).unwrap()).unwrap();
    assert_eq!(other.state(200).unwrap(), svc.state(CH).unwrap());
}

/// The Rebel player, who also moderates the server.
const SEATED_MOD: Caller = Caller { user: 1, moderator: true };

fn export_json(out: &Outcome) -> serde_json::Value {
    serde_json::from_slice(&out.file.as_ref().expect("an export file").1).unwrap()
}

#[test]
fn a_moderator_who_plays_cannot_export_a_running_match() {
    let (_, svc) = memory();
    // Not even in the lobby: the seed is already drawn.
    svc.create(CH, None, REBEL, quick(), Some(42)).unwrap();
    svc.join(CH, REBEL, Some("rebel")).unwrap();
    let e = svc.export(CH, SEATED_MOD).unwrap_err();
    assert!(matches!(e, ServiceError::SeatedExport), "{e}");
    svc.join(CH, EMPIRE, Some("empire")).unwrap();
    svc.start(CH, REBEL).unwrap();
    answer(&svc, 0);
    let e = svc.export(CH, SEATED_MOD).unwrap_err();
    assert!(matches!(e, ServiceError::SeatedExport), "{e}");
    assert_eq!(e.to_string(), "you hold a seat in this match, so you cannot export it while it is running");
    svc.pause(CH, MOD).unwrap();
    assert!(matches!(svc.export(CH, SEATED_MOD), Err(ServiceError::SeatedExport)), "paused is still running");
    svc.resume(CH, MOD).unwrap();
    // Players and strangers without moderation rights cannot either.
    for who in [REBEL, EMPIRE, STRANGER] {
        assert!(matches!(svc.export(CH, who), Err(ServiceError::ExportRunning)));
    }
}

#[test]
fn an_export_during_play_is_marked_and_announced() {
    let (_, svc) = memory();
    started(&svc);
    answer(&svc, 0);
    let out = svc.export(CH, MOD).unwrap();
    assert!(out.reply_public, "the channel is told");
    assert!(out.reply.contains("A moderator exported this match while it is running"), "{}", out.reply);
    let json = export_json(&out);
    assert_eq!(json["exported_during_play"], serde_json::json!(true));
    assert_eq!(json["meta"]["status"], serde_json::json!("active"));
}

#[test]
fn after_the_end_anyone_may_export_and_it_cannot_be_reopened() {
    let (store, svc) = memory();
    started(&svc);
    answer(&svc, 0);
    answer(&svc, 0);
    svc.end(CH, MOD).unwrap();
    // Nobody exported it yet, but its reveal showed the seed: played on, every die to come
    // would be known, so a rollback does not reopen it.
    let e = svc.rollback(CH, MOD, 1).unwrap_err();
    assert!(matches!(e, ServiceError::ReopenRevealed), "{e}");
    assert!(svc.status(CH, STRANGER).unwrap().reply.contains("is over"));
    for who in [STRANGER, REBEL, SEATED_MOD, MOD] {
        let out = svc.export(CH, who).unwrap();
        assert!(!out.reply_public, "a finished match's export is not announced");
        assert_eq!(export_json(&out)["exported_during_play"], serde_json::json!(false));
    }
    let before = svc.state(CH).unwrap();
    let e = svc.rollback(CH, MOD, 1).unwrap_err();
    assert!(matches!(e, ServiceError::ReopenExported), "{e}");
    assert_eq!(svc.state(CH).unwrap(), before);
    assert!(svc.status(CH, STRANGER).unwrap().reply.contains("is over"));
    // After a restart the ended match is no longer loaded, but it can still be exported.
    let again: Service<Rebellion> = Service::with_clock(store.clone(), Box::new(|| 2_000));
    assert_eq!(again.load_all().unwrap(), 0);
    let out = again.export(CH, STRANGER).unwrap();
    assert_eq!(export_json(&out)["log"].as_array().unwrap().len(), 2);
    assert!(matches!(again.export(CH + 1, STRANGER), Err(ServiceError::NoMatch)));
}

#[test]
fn no_one_may_be_given_a_second_seat_or_a_moderator_a_seat_while_the_match_runs() {
    let (_, svc) = memory();
    started(&svc);
    let seats = svc.seats(CH).unwrap();
    for (who, seat, user) in [
        (SEATED_MOD, "empire", SEATED_MOD.user), // the Rebel player taking the Empire's secrets
        (MOD, "empire", MOD.user),               // a moderator peeking at a seat
        (MOD, "empire", REBEL.user),             // one player holding both seats
        (MOD, "rebel", REBEL.user),
    ] {
        let e = svc.replace(CH, who, seat, user).unwrap_err();
        assert!(matches!(e, ServiceError::ReplaceWithSelf | ServiceError::AlreadySeated), "{e}");
        assert_eq!(svc.seats(CH).unwrap(), seats, "nothing changed");
    }
    assert!(matches!(svc.replace(CH, MOD, "empire", MOD.user), Err(ServiceError::ReplaceWithSelf)));
    assert!(matches!(svc.replace(CH, MOD, "empire", REBEL.user), Err(ServiceError::AlreadySeated)));
    // A vacant seat too.
    svc.kick(CH, MOD, "empire").unwrap();
    assert!(matches!(
        svc.replace(CH, SEATED_MOD, "empire", SEATED_MOD.user),
        Err(ServiceError::ReplaceWithSelf)
    ));
    assert!(matches!(svc.replace(CH, MOD, "empire", REBEL.user), Err(ServiceError::AlreadySeated)));
    // Someone who does not play may take it; they get that seat's secrets only.
    let out = svc.replace(CH, SEATED_MOD, "empire", 5).unwrap();
    assert!(out.private.iter().all(|p| p.user == 5 && p.seat == "empire"));
}

#[test]
fn a_moderator_who_plays_is_only_ever_sent_their_own_seat() {
    let (_, svc) = memory();
    started(&svc);
    let mut outs = vec![];
    for _ in 0..12 {
        let p = svc.prompt(CH).unwrap().unwrap();
        let who = if p.user == Some(1) { SEATED_MOD } else { EMPIRE };
        outs.push(svc.act(CH, who, Answer::Option { key: p.key(), index: 0 }).unwrap());
    }
    outs.push(svc.rollback(CH, SEATED_MOD, 3).unwrap());
    outs.push(svc.pause(CH, SEATED_MOD).unwrap());
    outs.push(svc.resume(CH, SEATED_MOD).unwrap());
    outs.push(svc.hand(CH, SEATED_MOD).unwrap());
    for out in &outs {
        for p in &out.private {
            assert!(p.user != 1 || p.seat == "rebel", "the Rebel player got the {} seat's secrets", p.seat);
        }
        assert!(out.file.is_none());
        if let Some(p) = out.prompt.as_ref().filter(|p| p.seat == "empire") {
            assert_eq!(p.user, Some(2), "the Empire's options are addressed to the Empire player");
        }
    }
    assert!(!outs.last().unwrap().reply.contains("empire player"));
}

#[test]
fn default_seeds_are_random_not_derived_from_the_clock_and_channel() {
    let (store, svc) = memory(); // a clock that never moves
    let seed = |svc: &Service<Rebellion>| {
        svc.create(CH, None, REBEL, quick(), None).unwrap();
        let seed = store.load(&CH.to_string()).unwrap().unwrap().meta.seed;
        svc.cancel(CH, REBEL).unwrap();
        seed
    };
    let (a, b) = (seed(&svc), seed(&svc));
    assert_ne!(a, b, "same channel, same second: the seed must still differ");
    assert_ne!(a, 1_000u64.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ CH);
}

#[test]
fn one_user_cannot_hold_both_seats_unless_hot_seat_is_allowed() {
    let (_, svc) = memory();
    svc.create(CH, None, REBEL, quick(), Some(1)).unwrap();
    svc.join(CH, REBEL, Some("rebel")).unwrap();
    for seat in [Some("empire"), None] {
        let e = svc.join(CH, REBEL, seat).unwrap_err();
        assert!(matches!(e, ServiceError::HotSeat(ref s) if s == "rebel"), "{e}");
        assert_eq!(
            e.to_string(),
            "you already hold the rebel seat, and one player may not take both seats here"
        );
    }
    assert_eq!(svc.seats(CH).unwrap().len(), 1, "nothing changed");
    // A moderator cannot seat them twice either.
    assert!(matches!(svc.replace(CH, MOD, "empire", REBEL.user), Err(ServiceError::AlreadySeated)));

    // Where hot-seat is allowed, one user plays both sides, and may cancel alone.
    let store = Arc::new(MemoryStore::new());
    let hot = Service::<Rebellion>::with_clock(store.clone(), Box::new(|| 1_000)).allow_hot_seat(true);
    hot.create(CH, None, REBEL, quick(), Some(1)).unwrap();
    hot.join(CH, REBEL, Some("rebel")).unwrap();
    hot.join(CH, REBEL, None).unwrap();
    hot.start(CH, REBEL).unwrap();
    for _ in 0..6 {
        let p = hot.prompt(CH).unwrap().unwrap();
        assert_eq!(p.user, Some(1));
        hot.act(CH, REBEL, Answer::Option { key: p.key(), index: 0 }).unwrap();
    }
    // A bot restarted with hot-seat off refuses to start such a match.
    hot.create(CH + 1, None, REBEL, quick(), Some(1)).unwrap();
    hot.join(CH + 1, REBEL, None).unwrap();
    hot.join(CH + 1, REBEL, None).unwrap();
    let cold = Service::<Rebellion>::with_clock(store, Box::new(|| 1_000));
    cold.load_all().unwrap();
    assert!(matches!(cold.start(CH + 1, REBEL), Err(ServiceError::SharedSeats)));
    let out = hot.cancel(CH, REBEL).unwrap();
    assert!(out.reply.contains("agreed"), "{}", out.reply);
}

#[test]
fn only_a_seated_player_or_a_moderator_starts_a_match() {
    let (_, svc) = memory();
    svc.create(CH, None, STRANGER, quick(), Some(1)).unwrap();
    svc.join(CH, REBEL, Some("rebel")).unwrap();
    svc.join(CH, EMPIRE, Some("empire")).unwrap();
    let e = svc.start(CH, STRANGER).unwrap_err();
    assert!(matches!(e, ServiceError::StartNotAllowed), "the creator holds no seat: {e}");
    assert_eq!(e.to_string(), "only a seated player or a moderator can start the match");
    assert!(svc.status(CH, STRANGER).unwrap().reply.contains("waiting for players"), "nothing changed");
    svc.start(CH, EMPIRE).unwrap();
    let (_, svc) = memory();
    svc.create(CH, None, REBEL, quick(), Some(1)).unwrap();
    svc.join(CH, REBEL, Some("rebel")).unwrap();
    svc.join(CH, EMPIRE, Some("empire")).unwrap();
    svc.start(CH, MOD).unwrap();
}

fn status_of(svc: &Service<Rebellion>) -> String {
    svc.status(CH, STRANGER).unwrap().reply
}

#[test]
fn cancelling_a_running_match_needs_a_moderator_or_both_players() {
    let (store, svc) = memory();
    started(&svc); // created by the Rebel player
    answer(&svc, 0);
    // The creator alone cannot end it: their cancel is a request, shown in the channel.
    let out = svc.cancel(CH, REBEL).unwrap();
    assert!(out.reply_public && out.reply.contains("<@1> asks to cancel"), "{}", out.reply);
    assert!(status_of(&svc).contains("being played"));
    assert!(matches!(svc.cancel(CH, REBEL), Err(ServiceError::CancelPending)));
    let e = svc.cancel(CH, STRANGER).unwrap_err();
    assert!(matches!(e, ServiceError::CancelNeedsAgreement), "{e}");
    // A move withdraws the request (and says so): the Empire's cancel is then a new request.
    let out = answer(&svc, 0);
    assert!(
        out.recent.iter().any(|l| l.contains("request to cancel the match is withdrawn")),
        "the live message says so: {:?}",
        out.recent
    );
    let out = svc.cancel(CH, EMPIRE).unwrap();
    assert!(out.reply.contains("<@2> asks to cancel"), "{}", out.reply);
    assert!(status_of(&svc).contains("being played"));
    // The request survives a restart; the other player's cancel confirms it.
    let again: Service<Rebellion> = Service::with_clock(store, Box::new(|| 1_000));
    again.load_all().unwrap();
    let out = again.cancel(CH, REBEL).unwrap();
    assert!(out.reply.contains("Both players agreed"), "{}", out.reply);
    assert!(again.status(CH, STRANGER).unwrap().reply.contains("is over"));
    assert!(matches!(again.cancel(CH, REBEL), Err(ServiceError::Ended)));
}

#[test]
fn a_moderator_cancels_at_once_and_a_lobby_needs_its_creator_or_a_moderator() {
    let (_, svc) = memory();
    started(&svc);
    svc.pause(CH, MOD).unwrap();
    let out = svc.cancel(CH, MOD).unwrap();
    assert!(out.reply.contains("Moderator <@9> cancelled"), "{}", out.reply);
    assert!(status_of(&svc).contains("is over"));
    // A creator who does not play cannot cancel a running match.
    svc.create(CH, None, STRANGER, quick(), Some(1)).unwrap();
    svc.join(CH, REBEL, Some("rebel")).unwrap();
    assert!(matches!(svc.cancel(CH, EMPIRE), Err(ServiceError::NotCreator)), "lobby: not the creator");
    svc.join(CH, EMPIRE, Some("empire")).unwrap();
    svc.start(CH, REBEL).unwrap();
    assert!(matches!(svc.cancel(CH, STRANGER), Err(ServiceError::CancelNeedsAgreement)));
    assert!(status_of(&svc).contains("being played"));
    svc.end(CH, MOD).unwrap();
    svc.create(CH, None, STRANGER, quick(), Some(1)).unwrap();
    svc.cancel(CH, STRANGER).unwrap();
}

#[test]
fn a_paused_match_resumes_also_after_a_restart() {
    let (store, svc) = memory();
    started(&svc);
    answer(&svc, 0);
    svc.pause(CH, MOD).unwrap();
    let again: Service<Rebellion> = Service::with_clock(store, Box::new(|| 1_000));
    assert_eq!(again.load_all().unwrap(), 1);
    assert!(matches!(answer_once(&again), Err(ServiceError::Paused)));
    assert!(matches!(again.pause(CH, MOD), Err(ServiceError::Paused)), "already paused");
    let out = again.resume(CH, MOD).unwrap();
    assert!(out.prompt.is_some(), "the pending prompt is posted again");
    assert!(matches!(again.resume(CH, MOD), Err(ServiceError::NotPaused)));
    let p = again.prompt(CH).unwrap().unwrap();
    again.act(CH, caller_for(p.user), Answer::Option { key: p.key(), index: 0 }).unwrap();
}

#[test]
fn prompts_carry_their_options_in_words_and_say_whether_they_are_public() {
    let (_, svc) = memory();
    let out = started(&svc);
    let p = out.prompt.unwrap();
    assert_eq!(p.texts.len(), p.options.len());
    assert!(!p.public, "the base is chosen in secret");
    for (t, o) in p.texts.iter().zip(&p.options) {
        assert!(t.label.starts_with("Hide the base in ") && !t.label.contains('_'), "{} for {o}", t.label);
    }
    assert!(!p.kind.contains('`'), "the decision reads without command syntax: {}", p.kind);
    // Play on (nobody assigns a leader) until someone may oppose a mission: a public decision
    // whose options name only pool leaders.
    let mut found = None;
    for _ in 0..300 {
        let p = svc.prompt(CH).unwrap().unwrap();
        if p.kind.contains("oppose") {
            found = Some(p);
            break;
        }
        let done = p.options.iter().position(|o| o == "done");
        let reveal = p.options.iter().position(|o| o.starts_with("reveal "));
        let pass = p.options.iter().position(|o| o == "pass");
        let pick = if p.kind.contains("assign leaders") {
            // Assign one leader to a mission that can be revealed, the rest stay home.
            if p.options.iter().any(|o| o.starts_with("assign ")) && p.version < 6 {
                0
            } else {
                done.unwrap_or(0)
            }
        } else {
            reveal.or(pass).or(done).unwrap_or(0)
        };
        svc.act(CH, caller_for(p.user), Answer::Option { key: p.key(), index: pick }).unwrap();
    }
    let p = found.expect("a mission was revealed and could be opposed");
    assert!(p.public, "opposition is public");
    assert!(
        p.texts.iter().all(|t| t.label.starts_with("Oppose with ") || t.label == "Do not oppose"),
        "{:?}",
        p.texts
    );
    // The public hash depends on the options only, never on the private context.
    let mut other = p.clone();
    other.context.push("secret".into());
    assert_eq!(other.public_fingerprint(), p.public_fingerprint());
    other.options.pop();
    assert_ne!(other.public_fingerprint(), p.public_fingerprint());
}

/// A four-player team game through the service: seats by role, answers only from the role
/// (or either teammate when the prompt names both), secrets to both teammates, and a cancel
/// that needs every player.
#[test]
fn a_team_game_takes_answers_from_the_role_and_cancels_only_when_everyone_agrees() {
    use holonet::engine::rebellion::Players;
    let (_, svc) = memory();
    let users: [(Caller, &str); 4] = [
        (REBEL, "rebel-admiral"),
        (Caller { user: 4, moderator: false }, "rebel-general"),
        (EMPIRE, "empire-admiral"),
        (Caller { user: 5, moderator: false }, "empire-general"),
    ];
    let options = MatchOptions { quick_setup: true, players: Players::Four, ..Default::default() };
    let out = svc.create(CH, Some(7), REBEL, options, Some(42)).unwrap();
    assert!(
        out.reply.contains("rebel-admiral, rebel-general, empire-admiral, empire-general"),
        "{}",
        out.reply
    );
    assert!(matches!(svc.join(CH, STRANGER, Some("rebel")), Err(ServiceError::UnknownSeat { .. })));
    for (c, seat) in users {
        svc.join(CH, c, Some(seat)).unwrap();
    }
    let out = svc.start(CH, REBEL).unwrap();
    // Both players of each side get the side's secrets.
    let dm = |user: u64| out.private.iter().find(|p| p.user == user).map(|p| p.text.replace(&p.seat, "SEAT"));
    assert_eq!(dm(1), dm(4));
    assert_eq!(dm(2), dm(5));
    assert_ne!(dm(1), dm(2));
    // The base is the Rebel General's to hide: the Admiral is refused.
    let p = svc.prompt(CH).unwrap().unwrap();
    assert_eq!((p.seat.as_str(), p.user), ("rebel-general", Some(4)));
    let e = svc.act(CH, REBEL, Answer::Option { key: p.key(), index: 0 }).unwrap_err();
    assert!(matches!(e, ServiceError::NotYourDecision { .. }), "{e}");
    svc.act(CH, users[1].0, Answer::Option { key: p.key(), index: 0 }).unwrap();
    // Answer on until a prompt either Rebel may take, then take it from the teammate named
    // second: the log records the seat that acted.
    let mut by_teammate = false;
    for _ in 0..50 {
        let p = svc.prompt(CH).unwrap().unwrap();
        if let Some((seat, Some(user))) = p.also.first().cloned() {
            let done = p.options.iter().position(|o| o == "done").unwrap_or(0);
            let out = svc.act(CH, caller_for(Some(user)), Answer::Option { key: p.key(), index: done });
            if out.is_ok() {
                let export = svc.export(CH, MOD).unwrap().file.unwrap().1;
                let text = String::from_utf8(export).unwrap();
                assert!(
                    text.contains(&format!("\"seat\": \"{seat}\""))
                        || text.contains(&format!("\"seat\":\"{seat}\""))
                );
                by_teammate = true;
                break;
            }
        }
        answer_first(&svc);
    }
    assert!(by_teammate, "a teammate named second answered");
    // Cancelling needs all four.
    let out = svc.cancel(CH, REBEL).unwrap();
    assert!(out.reply.contains("The other players can agree"), "{}", out.reply);
    let out = svc.cancel(CH, EMPIRE).unwrap();
    assert!(out.reply.contains("still waiting for <@4> and <@5>"), "{}", out.reply);
    assert!(matches!(svc.cancel(CH, EMPIRE), Err(ServiceError::CancelPending)));
    svc.cancel(CH, users[1].0).unwrap();
    let out = svc.cancel(CH, users[3].0).unwrap();
    assert!(out.reply.contains("Every player agreed"), "{}", out.reply);
}
