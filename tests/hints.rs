//! Hints for learners (`/play hint`): refused in a match without them, answered to the asker
//! alone with the computer's best options from their own seat, counted for the reveal, and
//! changing nothing else. (That a hint reads nothing its seat may not know is the fairness
//! property of `tests/bot_fairness.rs`, which compares the whole ranking.)

use std::sync::Arc;

use holonet::engine::rebellion::MatchOptions;
use holonet::games::rebellion::Rebellion;
use holonet::service::{Answer, Caller, Service, ServiceError};
use holonet::store::MemoryStore;

const CH: u64 = 100;
const REBEL: Caller = Caller { user: 1, moderator: false };
const EMPIRE: Caller = Caller { user: 2, moderator: false };

fn quick() -> MatchOptions {
    MatchOptions { quick_setup: true, ..Default::default() }
}

/// A started two-player match, with hints or without.
fn started(hints: bool) -> Service<Rebellion> {
    let _ = holonet::content::init();
    let svc: Service<Rebellion> = Service::with_clock(Arc::new(MemoryStore::new()), Box::new(|| 1_000));
    svc.create(CH, None, REBEL, quick(), Some(4)).unwrap();
    if hints {
        let on = svc.set_hints(CH, REBEL, true).unwrap();
        assert!(on.reply.contains("/play hint"), "{}", on.reply);
    }
    svc.join(CH, REBEL, Some("rebel")).unwrap();
    svc.join(CH, EMPIRE, Some("empire")).unwrap();
    svc.start(CH, REBEL).unwrap();
    svc
}

/// The user the pending prompt waits for.
fn asked(svc: &Service<Rebellion>) -> Caller {
    let user = svc.prompt(CH).unwrap().unwrap().user.unwrap();
    Caller { user, moderator: false }
}

#[test]
fn a_match_without_hints_refuses_them_and_changes_nothing() {
    let svc = started(false);
    let before = svc.state(CH).unwrap().unwrap().version;
    let err = svc.hint(CH, asked(&svc)).unwrap_err();
    assert!(matches!(err, ServiceError::NoHints), "{err}");
    assert!(err.to_string().contains("hints:true"), "{err}");
    assert_eq!(svc.state(CH).unwrap().unwrap().version, before);
    // Only in the lobby, by its creator or a moderator.
    assert!(matches!(svc.set_hints(CH, REBEL, true), Err(ServiceError::AlreadyStarted)));
}

#[test]
fn a_hint_names_three_options_with_estimates_privately_and_is_counted_in_the_reveal() {
    let svc = started(true);
    let other = svc.create(CH + 1, None, REBEL, quick(), None).map(|_| ());
    assert!(other.is_ok());
    assert!(matches!(svc.set_hints(CH + 1, EMPIRE, true), Err(ServiceError::NotCreator)));
    // Play on until a decision with several options waits.
    let mut hints = 0;
    for _ in 0..40 {
        let p = svc.prompt(CH).unwrap().unwrap();
        let who = asked(&svc);
        if p.options.len() > 3 {
            let version = svc.state(CH).unwrap().unwrap().version;
            let out = svc.hint(CH, who).unwrap();
            assert!(!out.reply_public && out.public.is_empty() && out.prompt.is_none(), "{out:?}");
            let numbered: Vec<&str> =
                out.reply.lines().filter(|l| l.starts_with(['1', '2', '3', '4'])).collect();
            assert_eq!(numbered.len(), 3, "{}", out.reply);
            assert!(numbered.iter().all(|l| l.contains('%')), "{}", out.reply);
            assert!(out.reply.contains(&format!("the {} player", p.seat)), "{}", out.reply);
            assert_eq!(svc.state(CH).unwrap().unwrap().version, version, "a hint changes nothing");
            hints += 1;
            // Someone not asked now has nothing to hint.
            let idle = if who.user == REBEL.user { EMPIRE } else { REBEL };
            assert!(matches!(svc.hint(CH, idle), Err(ServiceError::NothingToHint)));
            if hints == 2 {
                break;
            }
        }
        svc.act(CH, who, Answer::Option { key: p.key(), index: 0 }).unwrap();
    }
    assert_eq!(hints, 2);
    let reveal = svc.cancel(CH, REBEL).unwrap();
    let reveal = match reveal.reveal {
        Some(r) => r,
        None => svc.cancel(CH, EMPIRE).unwrap().reveal.expect("the reveal"),
    };
    assert!(reveal.text.contains("Hints asked: "), "{}", reveal.text);
    let line = reveal.text.lines().find(|l| l.starts_with("Hints asked")).unwrap();
    let total: u32 = line
        .trim_end_matches('.')
        .split(", ")
        .map(|part| part.rsplit(' ').next().unwrap().parse::<u32>().unwrap())
        .sum();
    assert_eq!(total, 2, "{line}");
}

#[test]
fn a_match_against_the_computer_gives_hints() {
    let _ = holonet::content::init();
    let svc: Service<Rebellion> = Service::with_clock(Arc::new(MemoryStore::new()), Box::new(|| 1_000));
    svc.create(CH, None, REBEL, quick(), Some(4)).unwrap();
    svc.join(CH, REBEL, Some("rebel")).unwrap();
    svc.seat_computer(CH, REBEL, Some("empire"), 5).unwrap();
    svc.start(CH, REBEL).unwrap();
    while svc.computer_turn(CH).unwrap().is_some() {}
    let out = svc.hint(CH, REBEL).unwrap();
    assert!(out.reply.starts_with("**Hint** for the rebel player"), "{}", out.reply);
}

#[test]
fn local_mode_answers_a_hint_for_the_seat_named() {
    use holonet::cli::local::LocalSession;
    let _ = holonet::content::init();
    let mut s = LocalSession::new(3, quick(), false);
    let seat = s.waiting().unwrap().key();
    let lines = s.handle(&format!("{seat} hint"));
    assert!(lines.iter().any(|l| l.starts_with(&format!("**Hint** for the {seat} player"))), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("1. ")), "{lines:?}");
}
