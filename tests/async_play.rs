//! Async play through the service (issue 11): a quiet channel (boards at milestones, pings
//! only when a decision changes hands), reminders on a fake clock across a restart, undo,
//! catching up with `/rebellion status`, the reveal when a match ends, and matches whose
//! channel is gone.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use holonet::engine::rebellion::MatchOptions;
use holonet::engine::rng::GameRng;
use holonet::games::rebellion::Rebellion;
use holonet::service::{Answer, Caller, Outcome, Service, ServiceError};
use holonet::store::{HOUR, MatchStatus, MatchStore, MemoryStore};

const CH: u64 = 500;
const REBEL: Caller = Caller { user: 1, moderator: false };
const EMPIRE: Caller = Caller { user: 2, moderator: false };
const STRANGER: Caller = Caller { user: 3, moderator: false };
const MOD: Caller = Caller { user: 9, moderator: true };
const T0: u64 = 1_000_000;

/// A service on a memory store whose clock the test moves.
fn service(store: &Arc<MemoryStore>, clock: &Arc<AtomicU64>) -> Service<Rebellion> {
    let c = clock.clone();
    Service::with_clock(store.clone(), Box::new(move || c.load(Ordering::SeqCst)))
}

fn setup(seed: u64) -> (Arc<MemoryStore>, Arc<AtomicU64>, Service<Rebellion>, Outcome) {
    let store = Arc::new(MemoryStore::new());
    let clock = Arc::new(AtomicU64::new(T0));
    let svc = service(&store, &clock);
    svc.create(CH, Some(7), REBEL, MatchOptions { quick_setup: true, ..Default::default() }, Some(seed))
        .unwrap();
    svc.join(CH, REBEL, Some("rebel")).unwrap();
    svc.join(CH, EMPIRE, Some("empire")).unwrap();
    let start = svc.start(CH, REBEL).unwrap();
    (store, clock, svc, start)
}

fn caller(user: Option<u64>) -> Caller {
    Caller { user: user.expect("seat filled"), moderator: false }
}

/// Answers the pending prompt with a random legal option (rarely revealing the base, as the
/// simulator does); `None` when the game is over.
fn random_move(svc: &Service<Rebellion>, rng: &mut GameRng) -> Option<(Caller, Outcome)> {
    let p = svc.prompt(CH).unwrap()?;
    let options: Vec<usize> = (0..p.options.len()).filter(|&i| p.options[i] != "reveal-base").collect();
    let index = if options.is_empty() || rng.below(64) == 0 {
        rng.below(p.options.len())
    } else {
        options[rng.below(options.len())]
    };
    let who = caller(p.user);
    Some((who, svc.act(CH, who, Answer::Option { key: p.key(), index }).unwrap()))
}

fn log_len(store: &MemoryStore) -> usize {
    store.load(&CH.to_string()).unwrap().unwrap().log.len()
}

#[test]
fn the_channel_gets_a_board_at_milestones_and_a_ping_when_a_decision_changes_hands() {
    let (store, _, svc, start) = setup(3);
    assert!(start.ping && start.public.iter().any(|p| p.board), "the start posts a board and pings");
    let mut rng = GameRng::from_seed(3);
    let (mut actions, mut boards, mut pings, mut edits) = (0u64, 0u64, 0u64, 0u64);
    let mut rounds = 1;
    while let Some((who, out)) = random_move(&svc, &mut rng) {
        actions += 1;
        boards += out.public.iter().filter(|p| p.board).count() as u64;
        assert!(out.public.iter().all(|p| !p.text.is_empty()), "no empty posts");
        if out.public.iter().any(|p| p.board) {
            assert!(out.state.is_some(), "a board post carries the state it shows");
        }
        match &out.prompt {
            Some(p) => {
                // A ping exactly when the decision goes to someone else (or another seat).
                assert_eq!(out.ping, p.user != Some(who.user), "{} after {:?}", p.kind, out.events);
                if out.ping {
                    pings += 1
                } else {
                    edits += 1
                }
                assert!(out.recent.len() <= 12);
            }
            None => assert!(out.reveal.is_some(), "the game ended"),
        }
        // The player who acted is not DMed what they just did.
        assert!(out.private.iter().all(|d| d.user != who.user || !d.text.starts_with("Your secrets")));
        rounds = svc.state(CH).unwrap().map_or(rounds, |s| s.round);
    }
    assert_eq!(log_len(&store) as u64, actions);
    // Before (issue 11): every action posted a board image and a new prompt message.
    let before = 2 * actions;
    let after = boards + pings;
    eprintln!(
        "seed 3: {actions} actions in {rounds} rounds — before: {actions} boards + {actions} prompt posts \
         ({:.0}/round); now: {boards} boards + {pings} pings ({:.0}/round), {edits} silent edits",
        before as f64 / rounds as f64,
        after as f64 / rounds as f64
    );
    assert!(boards * 3 < actions, "{boards} boards for {actions} actions");
    assert!(after * 2 < before, "{after} posts now against {before} before");
}

#[test]
fn a_milestone_that_moves_no_piece_posts_its_lines_without_a_new_image() {
    use holonet::games::game::Game;
    // Both players pass or take the first option: rounds where the board barely changes.
    let (_, _, svc, _) = setup(5);
    let mut shown = Rebellion::board_fingerprint(&svc.state(CH).unwrap().unwrap());
    let (mut images, mut text_only) = (0, 0);
    while let Some(p) = svc.prompt(CH).unwrap() {
        let index = p.options.iter().position(|o| o == "pass").unwrap_or(0);
        let out = svc.act(CH, caller(p.user), Answer::Option { key: p.key(), index }).unwrap();
        let now = svc.state(CH).unwrap().map(|s| Rebellion::board_fingerprint(&s));
        for post in &out.public {
            if post.board {
                images += 1;
                if out.reveal.is_none() {
                    assert_ne!(now, Some(shown), "an image that shows nothing new: {}", post.text);
                }
            } else {
                text_only += 1;
                assert_eq!(now, Some(shown), "a changed board without its image: {}", post.text);
            }
            shown = now.flatten();
        }
        if svc.state(CH).unwrap().is_some_and(|s| s.round > 6) {
            break;
        }
    }
    eprintln!("passing to round 6: {images} board images, {text_only} milestone posts without one");
    assert!(images > 0 && text_only > 0, "{images} images, {text_only} text posts");
}

#[test]
fn reminders_fire_once_per_delay_and_survive_a_restart() {
    let (store, clock, svc, _) = setup(4);
    // The Rebel player has had the base choice since the start.
    clock.store(T0 + 24 * HOUR - 1, Ordering::SeqCst);
    assert!(svc.due_reminders().is_empty());
    clock.store(T0 + 24 * HOUR, Ordering::SeqCst);
    let due = svc.due_reminders();
    assert_eq!(due.len(), 1, "{due:?}");
    assert_eq!((due[0].user, due[0].which, due[0].channel), (1, holonet::service::Nudge::First, CH));
    assert!(due[0].text().contains("<@1>") && due[0].text().contains("24 hours"), "{}", due[0].text());
    assert!(svc.due_reminders().is_empty(), "at most once per delay");
    // A restart remembers what was sent.
    let again = service(&store, &clock);
    again.load_all().unwrap();
    assert!(again.due_reminders().is_empty(), "not sent again after a restart");
    clock.store(T0 + 48 * HOUR, Ordering::SeqCst);
    let due = again.due_reminders();
    assert_eq!(due.iter().map(|r| r.which).collect::<Vec<_>>(), [holonet::service::Nudge::Second]);
    assert!(again.due_reminders().is_empty());
    let report = again.idle_report(CH, MOD).unwrap().reply;
    assert!(
        report.contains("Waiting for the rebel player") && report.contains("2 reminder(s) sent"),
        "{report}"
    );
    assert!(matches!(again.idle_report(CH, REBEL), Err(ServiceError::NotModerator)));
    // The decision changes hands: a new wait starts now.
    let p = again.prompt(CH).unwrap().unwrap();
    let mut rng = GameRng::from_seed(1);
    while again.prompt(CH).unwrap().unwrap().seat == p.seat {
        random_move(&again, &mut rng);
    }
    clock.store(T0 + 48 * HOUR + 23 * HOUR, Ordering::SeqCst);
    assert!(again.due_reminders().is_empty(), "the new decider's wait has just begun");
    // Moderators set the delays; a paused match reminds nobody.
    assert!(matches!(again.set_reminders(CH, REBEL, 1, 2), Err(ServiceError::NotModerator)));
    assert!(matches!(again.set_reminders(CH, MOD, 5, 2), Err(ServiceError::ReminderOrder)));
    let out = again.set_reminders(CH, MOD, 1, 0).unwrap();
    assert!(
        out.reply_public && out.reply.contains("first after 1 hour, second after never"),
        "{}",
        out.reply
    );
    again.pause(CH, MOD).unwrap();
    clock.store(T0 + 100 * HOUR, Ordering::SeqCst);
    assert!(again.due_reminders().is_empty(), "paused");
    again.resume(CH, MOD).unwrap();
    clock.store(T0 + 101 * HOUR, Ordering::SeqCst);
    assert_eq!(again.due_reminders().len(), 1, "resumed: the wait restarted at the resume");
}

/// Plays random moves until the pending decision is an assignment of the given seat.
fn until_assignment(svc: &Service<Rebellion>, rng: &mut GameRng) -> holonet::service::PromptPost {
    for _ in 0..200 {
        let p = svc.prompt(CH).unwrap().unwrap();
        if p.options.iter().any(|o| o.starts_with("assign ")) {
            return p;
        }
        random_move(svc, rng);
    }
    panic!("no assignment came");
}

#[test]
fn a_player_takes_back_an_action_that_revealed_nothing() {
    let (store, _, svc, _) = setup(5);
    let mut rng = GameRng::from_seed(5);
    let p = until_assignment(&svc, &mut rng);
    let who = caller(p.user);
    let before = serde_json::to_string(&svc.state(CH).unwrap()).unwrap();
    let len = log_len(&store);
    let index = p.options.iter().position(|o| o.starts_with("assign ")).unwrap();
    let label = p.texts[index].label.clone();
    let mission = label.strip_prefix("Assign ").and_then(|l| l.split(" to ").nth(1)).unwrap().to_string();
    svc.act(CH, who, Answer::Option { key: p.key(), index }).unwrap();
    // The other player cannot take it back; its player can.
    let other = if who == REBEL { EMPIRE } else { REBEL };
    assert!(matches!(svc.undo(CH, other), Err(ServiceError::UndoNotYours)));
    let out = svc.undo(CH, who).unwrap();
    assert_eq!(out.reply, format!("Taken back: {label}."));
    let notice = &out.events[0].text;
    assert!(notice.contains("took back their last action") && notice.contains("facedown"), "{notice}");
    assert!(!notice.contains(&mission), "the facedown mission stays secret: {notice}");
    assert!(out.recent.iter().any(|l| l == notice), "the live message tells the other player");
    assert_eq!(serde_json::to_string(&svc.state(CH).unwrap()).unwrap(), before, "the state is as before");
    assert_eq!(log_len(&store), len);
    assert_eq!(out.prompt.as_ref().map(|p| p.user), Some(Some(who.user)), "the player decides again");
    // A restart replays the shortened log.
    let again: Service<Rebellion> = Service::with_clock(store.clone(), Box::new(|| T0));
    again.load_all().unwrap();
    assert_eq!(serde_json::to_string(&again.state(CH).unwrap()).unwrap(), before);
}

#[test]
fn an_action_that_rolled_dice_or_showed_cards_cannot_be_taken_back() {
    let (store, _, svc, _) = setup(6);
    let mut rng = GameRng::from_seed(6);
    let mut checked = 0;
    while let Some((who, _)) = random_move(&svc, &mut rng) {
        let stored = store.load(&CH.to_string()).unwrap().unwrap();
        let last = stored.log.last().unwrap();
        let live = svc.prompt(CH).unwrap();
        if !last.undoable && live.is_some() {
            let before = serde_json::to_string(&svc.state(CH).unwrap()).unwrap();
            assert!(matches!(svc.undo(CH, who), Err(ServiceError::UndoRevealed)));
            assert_eq!(serde_json::to_string(&svc.state(CH).unwrap()).unwrap(), before, "nothing changed");
            assert_eq!(store.load(&CH.to_string()).unwrap().unwrap().log.len(), stored.log.len());
            checked += 1;
            if checked == 20 {
                break;
            }
        }
    }
    assert_eq!(checked, 20);
    svc.pause(CH, MOD).unwrap();
    assert!(matches!(svc.undo(CH, REBEL), Err(ServiceError::Paused)));
}

#[test]
fn status_catches_a_player_up_privately() {
    let (_, _, svc, _) = setup(7);
    let mut rng = GameRng::from_seed(7);
    for _ in 0..60 {
        random_move(&svc, &mut rng);
    }
    let rebel = svc.status(CH, REBEL).unwrap();
    assert!(!rebel.reply_public, "status answers the caller alone");
    assert!(
        rebel.reply.starts_with("Round ")
            && rebel.reply.contains("time")
            && rebel.reply.contains("reputation")
    );
    assert!(rebel.reply.contains("**Latest events**"));
    let events = rebel.reply.lines().filter(|l| l.starts_with("• ")).count();
    assert!((1..=10).contains(&events), "{events} event lines");
    assert!(rebel.reply.contains("You hold, as the rebel player") && rebel.reply.contains("Your base:"));
    let empire = svc.status(CH, EMPIRE).unwrap().reply;
    assert!(empire.contains("You hold, as the empire player") && !empire.contains("Your base"));
    let stranger = svc.status(CH, STRANGER).unwrap().reply;
    assert!(!stranger.contains("You hold"));
    for text in [&rebel.reply, &empire, &stranger] {
        assert!(!text.contains('_'), "names, not ids: {text}");
    }
}

#[test]
fn the_end_of_a_match_reveals_every_secret_with_the_log_and_a_chart() {
    let (_, _, svc, _) = setup(8);
    let mut rng = GameRng::from_seed(8);
    let mut last = None;
    while let Some((_, out)) = random_move(&svc, &mut rng) {
        last = Some(out);
    }
    let out = last.unwrap();
    let reveal = out.reveal.expect("the reveal");
    assert!(reveal.text.contains("The Rebel base was"), "{}", reveal.text);
    assert!(reveal.text.contains("The rebel player held") && reveal.text.contains("The empire player held"));
    let log = String::from_utf8(reveal.log.1).unwrap();
    assert!(reveal.log.0.ends_with(".txt"));
    assert!(log.contains("[rebel only]") && log.contains("[empire only]") && log.contains("Action 1 "));
    assert!(reveal.chart.expect("a chart").starts_with(b"\x89PNG"));
    assert!(out.public.iter().any(|p| p.board && p.text.contains("Game over")));

    // A moderator ending a running match reveals it too; a lobby has nothing to reveal.
    let (_, _, svc, _) = setup(9);
    let mut rng = GameRng::from_seed(9);
    for _ in 0..5 {
        random_move(&svc, &mut rng);
    }
    let out = svc.end(CH, MOD).unwrap();
    assert!(out.reveal.is_some_and(|r| r.text.contains("hidden in")));
    assert!(svc.status(CH, STRANGER).unwrap().reply.contains("It ended: ended by moderator"));
}

#[test]
fn a_match_whose_channel_is_gone_ends_and_is_not_loaded_again() {
    let (store, clock, svc, _) = setup(10);
    assert_eq!(svc.archive_channel(CH, "its channel was deleted").unwrap(), 1);
    assert_eq!(svc.archive_channel(CH, "its channel was deleted").unwrap(), 0, "once");
    assert_eq!(svc.archive_channel(999, "its channel was deleted").unwrap(), 0, "no match there");
    let stored = store.load(&CH.to_string()).unwrap().unwrap();
    assert_eq!(stored.meta.status, MatchStatus::Ended);
    assert_eq!(stored.meta.ended_because.as_deref(), Some("its channel was deleted"));
    let again = service(&store, &clock);
    assert_eq!(again.load_all().unwrap(), 0, "not replayed at start");
    assert!(again.export(CH, STRANGER).unwrap().file.is_some(), "kept for export");
    // A server that removes the bot ends its matches.
    let (_, _, svc, _) = setup(11);
    assert_eq!(svc.archive_guild(7, "the server removed Holonet").unwrap(), 1);
    assert_eq!(svc.archive_guild(8, "the server removed Holonet").unwrap(), 0);
}
