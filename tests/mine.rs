//! A player's list of matches (`/game mine`, issue 38) at the service: every match on the
//! server they hold a seat in and that has not ended, from memory (a match not loaded since a
//! restart reads its kept status line), whether its decision is theirs and since when.

use std::sync::Arc;

use holonet::engine::rebellion::{MatchOptions, Players};
use holonet::games::game::Game;
use holonet::games::rebellion::Rebellion;
use holonet::service::{Answer, Caller, Service};
use holonet::store::{MatchStatus, MemoryStore};

const REBEL: Caller = Caller { user: 1, moderator: false };
const EMPIRE: Caller = Caller { user: 2, moderator: false };
const GUILD: Option<u64> = Some(7);

fn quick() -> MatchOptions {
    MatchOptions { quick_setup: true, ..Default::default() }
}

/// A started two-player match in `channel` of `guild`.
fn started(svc: &Service<Rebellion>, channel: u64, guild: Option<u64>) {
    svc.create(channel, guild, REBEL, quick(), Some(channel)).unwrap();
    svc.join(channel, REBEL, Some("rebel")).unwrap();
    svc.join(channel, EMPIRE, Some("empire")).unwrap();
    svc.start(channel, REBEL).unwrap();
}

#[test]
fn a_player_sees_their_running_matches_on_this_server_and_whose_decision_each_waits_for() {
    holonet::content::init().unwrap();
    let now = Arc::new(std::sync::atomic::AtomicU64::new(1_000));
    let clock = now.clone();
    let store = Arc::new(MemoryStore::new());
    let svc: Service<Rebellion> =
        Service::with_clock(store.clone(), Box::new(move || clock.load(std::sync::atomic::Ordering::SeqCst)));
    started(&svc, 1, GUILD);
    // Another server's match and an ended one are left out; a lobby is listed.
    started(&svc, 2, Some(8));
    started(&svc, 3, GUILD);
    svc.cancel(3, REBEL).unwrap();
    svc.cancel(3, EMPIRE).unwrap();
    svc.create(4, GUILD, EMPIRE, quick(), Some(4)).unwrap();
    svc.join(4, REBEL, Some("rebel")).unwrap();

    let mut mine = svc.mine(REBEL.user, GUILD);
    mine.sort_by_key(|m| m.channel);
    let channels: Vec<u64> = mine.iter().map(|m| m.channel).collect();
    assert_eq!(channels, vec![1, 4], "{mine:?}");
    let (running, lobby) = (&mine[0], &mine[1]);
    assert_eq!((running.status, lobby.status), (MatchStatus::Active, MatchStatus::Lobby));
    assert_eq!(running.seats, vec!["rebel".to_string()]);
    // The hidden base is the Rebels' first decision.
    assert!(running.yours && running.waiting_since == Some(1_000), "{running:?}");
    assert_eq!(running.line, Rebellion::status_text(&svc.state(1).unwrap().unwrap()));
    assert!(!lobby.yours && lobby.line.is_empty() && lobby.waiting_since.is_none(), "{lobby:?}");
    let theirs = svc.mine(EMPIRE.user, GUILD);
    assert!(theirs.iter().all(|m| !m.yours), "{theirs:?}");

    // The Rebels answer: the decision moves on, and the list follows.
    now.store(5_000, std::sync::atomic::Ordering::SeqCst);
    while let Some(p) = svc.prompt(1).unwrap().filter(|p| p.seat == "rebel") {
        svc.act(1, REBEL, Answer::Option { key: p.key(), index: 0 }).unwrap();
    }
    let waiting = |user: u64| svc.mine(user, GUILD).into_iter().find(|m| m.channel == 1).unwrap();
    assert!(!waiting(REBEL.user).yours);
    let empire = waiting(EMPIRE.user);
    assert!(empire.yours && empire.waiting_since == Some(5_000), "{empire:?}");

    // After a restart nothing is replayed: the status line is the one kept with the match.
    let again: Service<Rebellion> = Service::with_clock(store, Box::new(|| 9_000));
    again.load_all().unwrap();
    let kept = again.mine(EMPIRE.user, GUILD).into_iter().find(|m| m.channel == 1).unwrap();
    assert_eq!(kept.line, empire.line);
    assert!(kept.yours, "{kept:?}");
}

#[test]
fn in_the_team_game_a_decision_either_teammate_may_answer_waits_on_both() {
    holonet::content::init().unwrap();
    let svc: Service<Rebellion> = Service::with_clock(Arc::new(MemoryStore::new()), Box::new(|| 1_000));
    let options = MatchOptions { quick_setup: true, players: Players::Four, ..Default::default() };
    let seats = ["rebel-admiral", "rebel-general", "empire-admiral", "empire-general"];
    let who = |i: usize| Caller { user: 10 + i as u64, moderator: false };
    svc.create(1, GUILD, who(0), options, Some(3)).unwrap();
    for (i, seat) in seats.iter().enumerate() {
        svc.join(1, who(i), Some(seat)).unwrap();
    }
    svc.start(1, who(0)).unwrap();
    // Play the first options until a decision names a teammate as well.
    let mut shared = None;
    for _ in 0..400 {
        let p = svc.prompt(1).unwrap().expect("the match runs");
        if !p.also.is_empty() {
            shared = Some(p);
            break;
        }
        let user = p.user.expect("a seated decider");
        svc.act(1, Caller { user, moderator: false }, Answer::Option { key: p.key(), index: 0 }).unwrap();
    }
    let p = shared.expect("a decision open to both players of a side");
    let mut answering: Vec<u64> = p.also.iter().filter_map(|(_, u)| *u).collect();
    answering.extend(p.user);
    for i in 0..seats.len() {
        let user = who(i).user;
        let yours = svc.mine(user, GUILD)[0].yours;
        assert_eq!(yours, answering.contains(&user), "user {user} of {seats:?}, deciders {answering:?}");
    }
}
