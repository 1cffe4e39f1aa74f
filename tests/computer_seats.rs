//! Seats played by the computer, through the service layer: a match against it, stale answers,
//! a restart mid-thought, a moderator handing a seat over and back, undo across its answers,
//! and the refusals. Small thinking times keep it quick.

use std::sync::Arc;

use holonet::engine::rebellion::{MatchOptions, Players};
use holonet::engine::rng::GameRng;
use holonet::games::evr::{Evr, EvrOptions};
use holonet::games::rebellion::Rebellion;
use holonet::service::{Answer, Caller, Outcome, Service, ServiceError};
use holonet::store::{COMPUTER_USER, MatchStore, MemoryStore};

const CH: u64 = 100;
const REBEL: Caller = Caller { user: 1, moderator: false };
const EMPIRE: Caller = Caller { user: 2, moderator: false };
const MOD: Caller = Caller { user: 9, moderator: true };
const THINK_MS: u64 = 5;

fn quick() -> MatchOptions {
    MatchOptions { quick_setup: true, ..Default::default() }
}

fn service(store: &Arc<MemoryStore>) -> Service<Rebellion> {
    Service::with_clock(store.clone(), Box::new(|| 1_000))
}

/// A started match of the Rebel player (user 1) against the computer as the Empire.
fn against_the_computer() -> (Arc<MemoryStore>, Service<Rebellion>, Outcome) {
    let store = Arc::new(MemoryStore::new());
    let svc = service(&store);
    svc.create(CH, Some(7), REBEL, quick(), Some(42)).unwrap();
    svc.join(CH, REBEL, Some("rebel")).unwrap();
    let seated = svc.seat_computer(CH, REBEL, Some("empire"), THINK_MS).unwrap();
    assert!(
        seated.reply_public && seated.reply.contains("The computer takes the empire seat"),
        "{}",
        seated.reply
    );
    let out = svc.start(CH, REBEL).unwrap();
    (store, svc, out)
}

/// What no outcome may carry for the computer's seat: a private message, a mention.
fn check_outcome(out: &Outcome) {
    for p in &out.private {
        assert!(p.user != COMPUTER_USER && p.seat != "empire", "a private message for the computer: {p:?}");
    }
    if let Some(p) = out.prompt.as_ref().filter(|p| p.seat == "empire") {
        assert!(p.computer && p.user.is_none() && p.deciders().is_empty(), "{p:?}");
    }
}

/// The Rebel player answers the pending prompt with a random option.
fn human_move(svc: &Service<Rebellion>, rng: &mut GameRng) -> Outcome {
    let p = svc.prompt(CH).unwrap().expect("a prompt");
    assert_eq!(p.seat, "rebel");
    let index = rng.below(p.options.len());
    svc.act(CH, REBEL, Answer::Option { key: p.key(), index }).unwrap()
}

/// Plays on: the computer answers its decisions, the Rebel its own at random. Returns how many
/// actions each took.
fn play(svc: &Service<Rebellion>, rng: &mut GameRng, actions: usize) -> (usize, usize) {
    let (mut human, mut computer) = (0, 0);
    while human + computer < actions {
        match svc.computer_turn(CH).unwrap() {
            Some(out) => {
                check_outcome(&out);
                computer += 1;
            }
            None if svc.prompt(CH).unwrap().is_none() => break,
            None => {
                check_outcome(&human_move(svc, rng));
                human += 1;
            }
        }
    }
    (human, computer)
}

#[test]
fn a_match_against_the_computer_logs_its_answers_and_never_messages_it() {
    let (store, svc, out) = against_the_computer();
    check_outcome(&out);
    assert!(out.reply.contains("The computer plays the empire seat"), "{}", out.reply);
    assert_eq!(out.private.len(), 1, "only the Rebel player gets their secrets");
    let mut rng = GameRng::from_seed(7);
    let (human, computer) = play(&svc, &mut rng, 60);
    assert!(human >= 5 && computer >= 5, "both sides played: {human} and {computer}");
    let stored = store.load(&CH.to_string()).unwrap().unwrap();
    assert_eq!(stored.log.len(), human + computer);
    for e in &stored.log {
        let by_computer = e.seat == "empire";
        assert_eq!(e.user == COMPUTER_USER, by_computer, "{e:?}");
    }
    assert!(!stored.meta.seats.contains_key("empire"), "the computer holds no user");
    assert_ne!(stored.meta.bot_seed, 0);
    assert_ne!(stored.meta.bot_seed, stored.meta.seed, "the bot seed is drawn on its own");
    let status = svc.status(CH, REBEL).unwrap().reply;
    assert!(status.contains("empire: the computer") && status.contains("rebel: <@1>"), "{status}");
    let report = svc.idle_report(CH, MOD).unwrap().reply;
    assert!(report.contains("empire: the computer"), "{report}");
    // Alone against the computer, one call cancels; the reveal shows its secrets too.
    let out = svc.cancel(CH, REBEL).unwrap();
    let reveal = out.reveal.expect("the reveal");
    assert!(
        reveal.text.contains("empire player held") && reveal.text.contains("rebel player held"),
        "{}",
        reveal.text
    );
}

#[test]
fn a_stale_answer_is_refused_and_a_restart_mid_thought_plays_once() {
    let (store, svc, _) = against_the_computer();
    let mut rng = GameRng::from_seed(11);
    while svc.computer_pending(CH).unwrap().is_none() {
        human_move(&svc, &mut rng);
    }
    let job = svc.computer_pending(CH).unwrap().expect("the computer's decision");
    let (seed, key) = (job.seed(), job.key().clone());
    assert_eq!(job.seat(), "empire");
    assert_eq!(job.think_ms(), THINK_MS);
    let mv = job.think().expect("an answer");
    // A restart before the answer is applied: the same decision is pending, seeded the same.
    drop(svc);
    let svc = service(&store);
    svc.load_all().unwrap();
    let again = svc.computer_pending(CH).unwrap().expect("still the computer's decision");
    assert_eq!((again.seed(), again.key()), (seed, &key), "recomputed the same way");
    let before = store.load(&CH.to_string()).unwrap().unwrap().log.len();
    svc.computer_act(CH, &mv).unwrap();
    // The thought from before the restart arrives again: refused, nothing played twice.
    assert!(matches!(svc.computer_act(CH, &mv), Err(ServiceError::Stale)));
    drop(svc);
    let svc = service(&store);
    svc.load_all().unwrap();
    assert!(matches!(svc.computer_act(CH, &mv), Err(ServiceError::Stale)));
    assert_eq!(store.load(&CH.to_string()).unwrap().unwrap().log.len(), before + 1);
    // A decision whose prompt a moderator moved meanwhile is refused too.
    while svc.computer_pending(CH).unwrap().is_none() {
        human_move(&svc, &mut rng);
    }
    let mv = svc.computer_pending(CH).unwrap().unwrap().think().unwrap();
    svc.rollback(CH, MOD, 1).unwrap();
    assert!(matches!(svc.computer_act(CH, &mv), Err(ServiceError::Stale)));
    // Paused, the computer waits.
    while svc.computer_pending(CH).unwrap().is_none() {
        human_move(&svc, &mut rng);
    }
    let mv = svc.computer_pending(CH).unwrap().unwrap().think().unwrap();
    svc.pause(CH, MOD).unwrap();
    assert!(svc.computer_pending(CH).unwrap().is_none());
    assert!(matches!(svc.computer_act(CH, &mv), Err(ServiceError::Paused)));
    let resumed = svc.resume(CH, MOD).unwrap();
    assert!(resumed.prompt.is_some_and(|p| p.computer), "resuming hands the decision back to it");
    svc.computer_act(CH, &mv).unwrap();
}

#[test]
fn a_moderator_hands_an_idle_seat_to_the_computer_and_gives_it_back() {
    let store = Arc::new(MemoryStore::new());
    let svc = service(&store);
    svc.create(CH, None, REBEL, quick(), Some(5)).unwrap();
    svc.join(CH, REBEL, Some("rebel")).unwrap();
    svc.join(CH, EMPIRE, Some("empire")).unwrap();
    svc.start(CH, REBEL).unwrap();
    let mut rng = GameRng::from_seed(3);
    let mut empire_waits = || loop {
        let p = svc.prompt(CH).unwrap().unwrap();
        if p.seat == "empire" {
            return;
        }
        human_move(&svc, &mut rng);
    };
    empire_waits();
    assert!(matches!(
        svc.seat_computer(CH, REBEL, Some("empire"), THINK_MS),
        Err(ServiceError::NotModerator)
    ));
    let out = svc.seat_computer(CH, MOD, Some("empire"), THINK_MS).unwrap();
    assert!(
        out.reply_public && out.reply.contains("<@2>") && out.reply.contains("to the computer"),
        "{}",
        out.reply
    );
    assert!(out.prompt.as_ref().is_some_and(|p| p.computer && p.user.is_none()));
    assert!(!svc.seats(CH).unwrap().contains_key("empire"));
    // The former player can no longer act for the seat; the computer does.
    let p = svc.prompt(CH).unwrap().unwrap();
    let refused = svc.act(CH, EMPIRE, Answer::Option { key: p.key(), index: 0 });
    assert!(matches!(refused, Err(ServiceError::NotSeated)), "{refused:?}");
    let out = svc.computer_turn(CH).unwrap().expect("the computer answers");
    check_outcome(&out);
    // Taken back: a person holds the seat again and gets its secrets; the computer stops.
    play(&svc, &mut rng, 10);
    let out = svc.replace(CH, MOD, "empire", 5).unwrap();
    assert!(out.reply.contains("back from the computer") && out.reply.contains("<@5>"), "{}", out.reply);
    assert!(out.private.iter().any(|p| p.user == 5 && p.seat == "empire"));
    assert!(svc.computer_seats(CH).unwrap().is_empty());
    let mut rng = GameRng::from_seed(4);
    for _ in 0..30 {
        assert!(svc.computer_pending(CH).unwrap().is_none());
        let Some(p) = svc.prompt(CH).unwrap() else { break };
        let who = Caller { user: p.user.expect("a person decides"), moderator: false };
        svc.act(CH, who, Answer::Option { key: p.key(), index: rng.below(p.options.len()) }).unwrap();
    }
}

#[test]
fn undo_takes_back_the_computers_answers_after_the_players_action_when_nothing_was_learnt() {
    let (store, svc, _) = against_the_computer();
    let mut rng = GameRng::from_seed(21);
    let (mut taken_back, mut refused) = (0, 0);
    for _ in 0..300 {
        if svc.prompt(CH).unwrap().is_none() {
            break;
        }
        if svc.computer_turn(CH).unwrap().is_some() {
            continue;
        }
        let log = store.load(&CH.to_string()).unwrap().unwrap().log;
        let Some(mine) = log.iter().rposition(|e| e.user != COMPUTER_USER) else {
            human_move(&svc, &mut rng);
            continue;
        };
        let answers = log.len() - mine - 1;
        if answers == 0 || !log[mine].undoable || taken_back >= 3 {
            human_move(&svc, &mut rng);
            continue;
        }
        match svc.undo(CH, REBEL) {
            Ok(out) => {
                assert!(log[mine + 1..].iter().all(|e| e.undoable));
                assert_eq!(store.load(&CH.to_string()).unwrap().unwrap().log.len(), mine);
                let said = out.events.iter().map(|n| n.text.clone()).collect::<Vec<_>>().join(" ");
                assert!(said.contains("and the computer's"), "{said}");
                assert_eq!(svc.prompt(CH).unwrap().unwrap().seat, "rebel", "the player decides again");
                taken_back += 1;
            }
            Err(ServiceError::UndoAfterComputer) => {
                assert!(log[mine + 1..].iter().any(|e| !e.undoable));
                assert_eq!(store.load(&CH.to_string()).unwrap().unwrap().log.len(), log.len());
                refused += 1;
            }
            Err(e) => panic!("unexpected refusal: {e}"),
        }
        human_move(&svc, &mut rng);
    }
    assert!(
        taken_back > 0,
        "a player's action and the computer's answers were taken back ({refused} refused)"
    );
}

#[test]
fn computer_seats_are_refused_where_the_computer_cannot_play() {
    let store = Arc::new(MemoryStore::new());
    let svc = service(&store);
    svc.create(CH, None, REBEL, quick(), Some(1)).unwrap();
    assert!(matches!(svc.seat_computer(CH, EMPIRE, Some("empire"), THINK_MS), Err(ServiceError::NotCreator)));
    assert!(matches!(svc.seat_computer(CH, REBEL, Some("empire"), 0), Err(ServiceError::ThinkTime(0))));
    let long = holonet::bot::MAX_THINK_MS + 1;
    assert!(matches!(svc.seat_computer(CH, REBEL, Some("empire"), long), Err(ServiceError::ThinkTime(_))));
    assert!(matches!(
        svc.seat_computer(CH, REBEL, Some("droid"), THINK_MS),
        Err(ServiceError::UnknownSeat { .. })
    ));
    svc.seat_computer(CH, MOD, Some("empire"), THINK_MS).unwrap();
    // A person cannot take its seat, and the computer does not play against itself.
    assert!(matches!(svc.join(CH, EMPIRE, Some("empire")), Err(ServiceError::SeatTaken(_))));
    assert!(matches!(svc.seat_computer(CH, REBEL, Some("rebel"), THINK_MS), Err(ServiceError::NoHumanLeft)));
    let err = svc.seat_computer(CH, REBEL, None, THINK_MS).unwrap_err();
    assert!(matches!(err, ServiceError::NoHumanLeft), "{err}");
    assert!(matches!(svc.start(CH, MOD), Err(ServiceError::SeatsOpen(_))));
    svc.join(CH, EMPIRE, None).unwrap();
    assert_eq!(svc.seats(CH).unwrap().get("rebel"), Some(&2), "a free seat is the one the computer left");
    // A player already seated keeps their seat in the lobby.
    assert!(matches!(svc.seat_computer(CH, MOD, Some("rebel"), THINK_MS), Err(ServiceError::SeatTaken(_))));
    svc.cancel(CH, REBEL).unwrap();
    // In the team game it takes a role; a side's name is no seat there.
    let team = MatchOptions { players: Players::from_count(4).unwrap(), ..quick() };
    svc.create(CH, None, REBEL, team, Some(1)).unwrap();
    svc.seat_computer(CH, REBEL, Some("empire-admiral"), THINK_MS).unwrap();
    let err = svc.seat_computer(CH, REBEL, Some("empire"), THINK_MS).unwrap_err();
    assert!(matches!(err, ServiceError::UnknownSeat { .. }), "{err}");
    svc.cancel(CH, REBEL).unwrap();
}

#[test]
fn an_empire_vs_rebellion_match_against_the_computer_plays_to_the_end() {
    holonet::content::init().unwrap();
    let store = Arc::new(MemoryStore::new());
    let svc: Service<Evr> = Service::with_clock(store.clone(), Box::new(|| 1_000));
    svc.create(CH, Some(7), REBEL, EvrOptions::default(), Some(3)).unwrap();
    svc.join(CH, REBEL, Some("rebel")).unwrap();
    let seated = svc.seat_computer(CH, REBEL, Some("empire"), 1).unwrap();
    assert!(seated.reply.contains("The computer takes the empire seat"), "{}", seated.reply);
    let out = svc.start(CH, REBEL).unwrap();
    check_outcome(&out);
    let mut rng = GameRng::from_seed(11);
    let (mut human, mut computer) = (0usize, 0usize);
    loop {
        match svc.computer_turn(CH).unwrap() {
            Some(out) => {
                check_outcome(&out);
                computer += 1;
            }
            None => {
                let Some(p) = svc.prompt(CH).unwrap() else { break };
                assert_eq!(p.seat, "rebel", "the computer answers its own prompts");
                let index = rng.below(p.options.len());
                check_outcome(&svc.act(CH, REBEL, Answer::Option { key: p.key(), index }).unwrap());
                human += 1;
            }
        }
        assert!(human + computer < 5_000, "the match ends");
    }
    assert!(svc.state(CH).unwrap().expect("the match").winner.is_some(), "the match is over");
    let stored = store.load(&CH.to_string()).unwrap().unwrap();
    assert_eq!(stored.log.len(), human + computer);
    for e in &stored.log {
        assert_eq!(e.user == COMPUTER_USER, e.seat == "empire", "{e:?}");
    }
    assert!(computer >= 10, "the computer played: {computer} actions");
}

#[test]
fn an_export_keeps_the_computer_seat_and_an_import_checks_it() {
    let (_, svc, _) = against_the_computer();
    play(&svc, &mut GameRng::from_seed(2), 12);
    let file = svc.export(CH, MOD).unwrap().file.unwrap().1;
    let json: serde_json::Value = serde_json::from_slice(&file).unwrap();
    assert_eq!(json["meta"]["computer"]["empire"]["think_ms"], THINK_MS);
    let other: Service<Rebellion> = Service::with_clock(Arc::new(MemoryStore::new()), Box::new(|| 1_000));
    other.import(CH, MOD, &file).unwrap();
    assert!(
        other.computer_pending(CH).unwrap().is_some()
            || other.prompt(CH).unwrap().is_some_and(|p| !p.computer)
    );
    assert_eq!(other.computer_channels(), vec![CH]);
    // Both seats the computer's: refused.
    let mut both = json.clone();
    both["meta"]["computer"]["rebel"] = serde_json::json!({"think_ms": 5});
    both["meta"]["seats"] = serde_json::json!({});
    let third: Service<Rebellion> = Service::with_clock(Arc::new(MemoryStore::new()), Box::new(|| 1_000));
    let err = third.import(CH, MOD, &serde_json::to_vec(&both).unwrap()).unwrap_err();
    assert!(matches!(err, ServiceError::BadImport(_)), "{err}");
}

#[test]
fn local_mode_plays_a_side_with_the_computer() {
    use holonet::cli::local::LocalSession;
    use holonet::content::Faction;
    let _ = holonet::content::init();
    // The computer as the Rebels decides first (it hides its base): its moves come at once.
    let s = LocalSession::new(3, quick(), false);
    let (mut s, first) = s.with_computer("rebel", THINK_MS).unwrap();
    assert!(first.iter().any(|l| l.starts_with("computer (rebel): ")), "{first:?}");
    assert_eq!(s.waiting(), Some(Faction::Empire), "the person decides next");
    let state = s.state();
    let base = state.base.system.expect("the computer hid its base").name().to_lowercase();
    let refused = s.handle("rebel pass");
    assert!(refused[0].contains("the computer plays the rebel seat"), "{refused:?}");
    let mut seen = first.clone();
    for _ in 0..30 {
        if s.waiting().is_none() {
            break;
        }
        let out = s.handle("empire choose 1");
        assert!(!out.iter().any(|l| l.starts_with("error:")), "{out:?}");
        seen.extend(out);
        assert_eq!(s.waiting().unwrap_or(Faction::Empire), Faction::Empire, "the computer has answered");
    }
    let answers = seen.iter().filter(|l| l.starts_with("computer (rebel): ")).count();
    assert!(answers > first.len(), "the computer answered the person's moves");
    for l in &seen {
        // Its private messages ("Your base is hidden in …") stay with it.
        assert!(!l.starts_with("[rebel]") && !l.contains("Your base"), "the computer's private message: {l}");
    }
    // Its public moves may name its base's system (a card that sends a leader there), but no
    // line ties the base to it. (Later the rules may name it: a mission there, the base found.)
    assert!(
        !seen[..first.len()]
            .iter()
            .map(|l| l.to_lowercase())
            .any(|l| l.contains(&base) && l.contains("base")),
        "its hidden base: {first:?}"
    );
}

/// Runs `holonet local ARGS --script -` with these lines on its standard input: whether it
/// succeeded, and what it printed.
fn local_script(args: &[&str], lines: &[String]) -> (bool, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_holonet"))
        .arg("local")
        .args(args)
        .args(["--script", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    for l in lines {
        writeln!(stdin, "{l}").unwrap();
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    (out.status.success(), String::from_utf8(out.stdout).unwrap())
}

#[test]
fn the_local_command_takes_a_bot_side_and_a_thinking_time() {
    let mut lines = vec!["rebel choose 1".to_string(); 12];
    lines.push("empire pass".into());
    let (ok, text) = local_script(&["--quick-setup", "--bot", "empire", "--bot-ms", "5"], &lines);
    assert!(ok);
    assert!(text.lines().any(|l| l.starts_with("computer (empire): ")), "{text}");
    assert!(text.contains("error: the computer plays the empire seat"), "{text}");
    assert!(!text.lines().any(|l| l.starts_with("[empire]")), "the computer's messages stay with it: {text}");
    let (ok, _) = local_script(&["--bot", "droid"], &[]);
    assert!(!ok);
}

#[test]
fn the_local_command_plays_empire_vs_rebellion_against_the_computer() {
    let lines = vec!["empire choose 1".to_string(); 12];
    let (ok, text) = local_script(&["--game", "evr", "--bot", "rebel", "--bot-ms", "5"], &lines);
    assert!(ok);
    // The Rebels pick their characters first: the computer answers before the person.
    assert!(text.lines().any(|l| l.starts_with("computer (rebel): ")), "{text}");
    assert!(!text.lines().any(|l| l.starts_with("[rebel]")), "the computer's messages stay with it: {text}");
    assert!(!text.contains("error:"), "{text}");
}
