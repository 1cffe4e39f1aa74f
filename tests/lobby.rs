//! Lobbies at the service (issue 38, finding a game): players take and leave seats, the
//! computer takes one where it may play, a full lobby hands out exactly one start request
//! with the seats as held, a second seat of the same player is refused, lobbies expire after
//! the server's hours (a fake clock) and survive a restart, and bad input changes nothing.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use holonet::engine::rebellion::{MatchOptions, Players};
use holonet::games::evr::{Evr, EvrOptions};
use holonet::games::rebellion::Rebellion;
use holonet::service::Caller;
use holonet::service::community::Community;
use holonet::service::community::lobby::{Holder, LobbyError, LobbySpec};
use holonet::service::community::server::DEFAULT_LOBBY_HOURS;
use holonet::store::docs::DocKind;
use holonet::store::{MatchStore, MemoryStore};

const GUILD: u64 = 7;
const CHANNEL: u64 = 70;
const LOBBY: u64 = 900;
const ANN: Caller = Caller { user: 1, moderator: false };
const BOB: Caller = Caller { user: 2, moderator: false };
const CAT: Caller = Caller { user: 3, moderator: false };
const DAN: Caller = Caller { user: 4, moderator: false };
const MODERATOR: Caller = Caller { user: 9, moderator: true };

/// A community on a memory store with a clock the test moves.
fn community() -> (Community, Arc<MemoryStore>, Arc<AtomicU64>) {
    let store = Arc::new(MemoryStore::new());
    let now = Arc::new(AtomicU64::new(10_000));
    let clock = now.clone();
    let c = Community::with_clock(store.clone(), Box::new(move || clock.load(Ordering::SeqCst)));
    (c, store, now)
}

fn two_player() -> LobbySpec {
    LobbySpec::of::<Rebellion>(&MatchOptions::default(), 2_000).unwrap()
}

/// Every stored document of every kind (to check that a refusal changed nothing).
fn everything(store: &MemoryStore) -> Vec<(DocKind, String, Vec<u8>)> {
    DocKind::ALL
        .into_iter()
        .flat_map(|k| store.docs(k).unwrap().into_iter().map(move |(key, v)| (k, key, v)))
        .collect()
}

#[test]
fn players_join_and_leave_and_a_full_lobby_asks_once_for_its_match_with_the_seats_as_held() {
    let (c, _, _) = community();
    let lobby = c.open_lobby(LOBBY, GUILD, CHANNEL, ANN.user, two_player()).unwrap();
    assert_eq!(lobby.seats, ["rebel", "empire"]);
    assert!(lobby.computer, "the computer plays two-player Rebellion");
    assert_eq!(lobby.expires_at, 10_000 + DEFAULT_LOBBY_HOURS * 3600);

    let up = c.join_lobby(LOBBY, ANN, "Ann", 1).unwrap();
    assert!(!up.start);
    assert_eq!(up.lobby.open_seats(), ["rebel"]);
    // Bob's seat fills it; while its match starts, he cannot leave.
    let up = c.join_lobby(LOBBY, BOB, "Bob", 0).unwrap();
    assert!(up.start && up.lobby.is_full());
    assert!(c.lobby(LOBBY).unwrap().unwrap().starting_since.is_some(), "kept as starting");
    assert!(matches!(c.leave_lobby(LOBBY, BOB), Err(LobbyError::Starting)));
    // The start failed (say): Bob leaves and Cat takes the seat.
    c.lobby_failed(LOBBY, "a test").unwrap();
    let up = c.leave_lobby(LOBBY, BOB).unwrap();
    assert!(!up.start && up.lobby.open_seats() == ["rebel"] && up.lobby.problem.is_none());
    let up = c.join_lobby(LOBBY, CAT, "Cat", 0).unwrap();
    assert!(up.start, "the last seat taken starts the match");
    assert_eq!(
        up.lobby.players().into_iter().collect::<Vec<_>>(),
        [("empire".into(), 1), ("rebel".into(), 3)]
    );
    assert!(up.lobby.computer_seats().is_empty());
    assert_eq!(up.lobby.thread_name("Star Wars: Rebellion"), "Star Wars: Rebellion: Cat vs Ann");
    // While it starts, nobody else can change it or start it a second time.
    assert!(matches!(c.retry_lobby(LOBBY, CAT), Err(LobbyError::Starting)));
    assert!(matches!(c.join_lobby(LOBBY, DAN, "Dan", 0), Err(LobbyError::Starting)));
    let closed = c.lobby_started(LOBBY).unwrap().unwrap();
    assert_eq!(closed.id, LOBBY);
    assert!(c.lobby(LOBBY).unwrap().is_none(), "a started lobby is closed");
    assert!(matches!(c.join_lobby(LOBBY, DAN, "Dan", 0), Err(LobbyError::Gone)));
}

#[test]
fn a_lobby_that_could_not_start_stays_open_says_why_and_may_be_tried_again() {
    let (c, _, _) = community();
    c.open_lobby(LOBBY, GUILD, CHANNEL, ANN.user, two_player()).unwrap();
    c.join_lobby(LOBBY, ANN, "Ann", 0).unwrap();
    assert!(c.join_lobby(LOBBY, BOB, "Bob", 1).unwrap().start);
    let kept = c.lobby_failed(LOBBY, "the channel has a match").unwrap().unwrap();
    assert_eq!(kept.problem.as_deref(), Some("the channel has a match"));
    assert!(kept.starting_since.is_none());
    // Someone who holds no seat may not start it; a player may, once.
    assert!(matches!(c.retry_lobby(LOBBY, CAT), Err(LobbyError::NotPlayer)));
    assert!(c.retry_lobby(LOBBY, BOB).unwrap().start);
    assert!(matches!(c.retry_lobby(LOBBY, ANN), Err(LobbyError::Starting)));
    c.lobby_failed(LOBBY, "again").unwrap();
    assert!(c.retry_lobby(LOBBY, MODERATOR).unwrap().start, "a moderator may too");
    // A lobby with an open seat is not started.
    c.lobby_failed(LOBBY, "again").unwrap();
    c.leave_lobby(LOBBY, BOB).unwrap();
    assert!(matches!(c.retry_lobby(LOBBY, ANN), Err(LobbyError::NotFull(s)) if s == "empire"));
}

#[test]
fn a_player_holds_one_seat_of_a_lobby_but_may_sit_in_several_lobbies() {
    let (c, store, _) = community();
    c.open_lobby(LOBBY, GUILD, CHANNEL, ANN.user, two_player()).unwrap();
    c.open_lobby(LOBBY + 1, GUILD, CHANNEL, BOB.user, two_player()).unwrap();
    c.join_lobby(LOBBY, ANN, "Ann", 0).unwrap();
    let before = everything(&store);
    let e = c.join_lobby(LOBBY, ANN, "Ann", 1).unwrap_err();
    assert!(matches!(&e, LobbyError::HotSeat(s) if s == "rebel"), "{e}");
    assert!(e.to_string().contains("leave it first"), "{e}");
    assert_eq!(everything(&store), before, "nothing changed");
    // The other lobby takes her.
    assert!(!c.join_lobby(LOBBY + 1, ANN, "Ann", 1).unwrap().start);
    // With hot-seat play allowed, one player may fill a lobby alone.
    let c = Community::with_clock(store.clone(), Box::new(|| 10_000)).allow_hot_seat(true);
    assert!(c.join_lobby(LOBBY, ANN, "Ann", 1).unwrap().start);
}

#[test]
fn the_opener_seats_the_computer_where_it_may_play_and_a_person_keeps_a_seat() {
    let (c, store, _) = community();
    c.open_lobby(LOBBY, GUILD, CHANNEL, ANN.user, two_player()).unwrap();
    let before = everything(&store);
    assert!(matches!(c.lobby_computer(LOBBY, BOB, 1), Err(LobbyError::NotOpener)));
    assert!(matches!(c.lobby_computer(LOBBY, ANN, 2), Err(LobbyError::NoSuchSeat(2))));
    assert_eq!(everything(&store), before);
    let up = c.lobby_computer(LOBBY, ANN, 1).unwrap();
    assert_eq!(up.lobby.holders.get("empire"), Some(&Holder::Computer { think_ms: 2_000 }));
    // The computer may not take the last seat a person could hold.
    assert!(matches!(c.lobby_computer(LOBBY, ANN, 0), Err(LobbyError::NoHumanLeft)));
    // Clicking again frees the seat; seating it again and a player joining fills the lobby.
    assert!(c.lobby_computer(LOBBY, ANN, 1).unwrap().lobby.holders.is_empty());
    c.lobby_computer(LOBBY, MODERATOR, 1).unwrap();
    let up = c.join_lobby(LOBBY, BOB, "Bob", 0).unwrap();
    assert!(up.start);
    assert_eq!(up.lobby.computer_seats().into_iter().collect::<Vec<_>>(), [("empire".into(), 2_000)]);
    assert_eq!(up.lobby.players().into_iter().collect::<Vec<_>>(), [("rebel".into(), 2)]);
    assert_eq!(up.lobby.thread_name("Star Wars: Rebellion"), "Star Wars: Rebellion: Bob vs the computer");

    // The computer plays Empire vs. Rebellion too.
    let evr = LobbySpec::of::<Evr>(&EvrOptions::default(), 2_000).unwrap();
    c.open_lobby(LOBBY + 1, GUILD, CHANNEL, ANN.user, evr).unwrap();
    let up = c.lobby_computer(LOBBY + 1, ANN, 1).unwrap();
    assert_eq!(up.lobby.holders.get("empire"), Some(&Holder::Computer { think_ms: 2_000 }));
}

#[test]
fn team_game_lobbies_have_a_seat_per_role_and_name_the_thread_by_side() {
    let (c, _, _) = community();
    let options = MatchOptions { players: Players::from_count(4).unwrap(), ..Default::default() };
    let spec = LobbySpec::of::<Rebellion>(&options, 2_000).unwrap();
    let lobby = c.open_lobby(LOBBY, GUILD, CHANNEL, ANN.user, spec).unwrap();
    assert_eq!(lobby.seats.len(), 4);
    assert!(
        lobby.seats.iter().all(|s| s.ends_with("-admiral") || s.ends_with("-general")),
        "{:?}",
        lobby.seats
    );
    assert!(lobby.computer, "the computer takes a role of the team game too");
    let mut last = None;
    for (i, (who, name)) in [(ANN, "Ann"), (BOB, "Bob"), (CAT, "Cat"), (DAN, "Dan")].into_iter().enumerate() {
        last = Some(c.join_lobby(LOBBY, who, name, i).unwrap());
    }
    let up = last.unwrap();
    assert!(up.start);
    let sides: Vec<&str> = up.lobby.seats.iter().map(|s| s.split('-').next().unwrap()).collect();
    let name = up.lobby.thread_name("Star Wars: Rebellion");
    assert_eq!(name, format!("Star Wars: Rebellion: Ann & Bob vs Cat & Dan"), "seats {sides:?}");
    // A long name is cut to Discord's limit.
    let mut long = up.lobby.clone();
    for h in long.holders.values_mut() {
        if let Holder::Player { name, .. } = h {
            *name = "A very long display name indeed".into();
        }
    }
    let cut = long.thread_name("Star Wars: Rebellion");
    assert!(cut.chars().count() <= 100 && cut.ends_with('…'), "{cut}");
}

#[test]
fn lobbies_expire_after_the_servers_hours_and_survive_a_restart() {
    let (c, store, now) = community();
    // A moderator sets 2 hours; players may not, and out-of-range hours are refused.
    assert!(matches!(c.set_lobby_hours(GUILD, ANN, 2), Err(LobbyError::NotModerator)));
    for bad in [0, 10_000] {
        let e = c.set_lobby_hours(GUILD, MODERATOR, bad).unwrap_err();
        assert!(e.to_string().contains("from 1 to 720 hours"), "{e}");
    }
    assert_eq!(c.lobby_hours(GUILD).unwrap(), DEFAULT_LOBBY_HOURS, "refusals changed nothing");
    c.set_lobby_hours(GUILD, MODERATOR, 2).unwrap();
    assert_eq!(c.lobby_hours(GUILD).unwrap(), 2);
    assert_eq!(c.lobby_hours(GUILD + 1).unwrap(), DEFAULT_LOBBY_HOURS, "per server");
    c.open_lobby(LOBBY, GUILD, CHANNEL, ANN.user, two_player()).unwrap();
    c.open_lobby(LOBBY + 1, GUILD + 1, CHANNEL, ANN.user, two_player()).unwrap();
    c.join_lobby(LOBBY, ANN, "Ann", 0).unwrap();

    // A restart: a new community on the same store sees the lobby and its seat.
    let clock = now.clone();
    let c = Community::with_clock(store.clone(), Box::new(move || clock.load(Ordering::SeqCst)));
    assert_eq!(c.lobby(LOBBY).unwrap().unwrap().seats_of(ANN.user), ["rebel"]);
    now.store(10_000 + 2 * 3600 - 1, Ordering::SeqCst);
    assert!(c.expire_lobbies().unwrap().is_empty(), "not yet");
    now.store(10_000 + 2 * 3600, Ordering::SeqCst);
    // An expired lobby takes nobody, even before the periodic check closes it.
    assert!(matches!(c.join_lobby(LOBBY, BOB, "Bob", 1), Err(LobbyError::Gone)));
    let gone = c.expire_lobbies().unwrap();
    assert_eq!(gone.iter().map(|l| l.id).collect::<Vec<_>>(), [LOBBY]);
    assert!(c.lobby(LOBBY).unwrap().is_none());
    assert!(c.lobby(LOBBY + 1).unwrap().is_some(), "the other server's lobby keeps its 48 hours");
    assert!(c.expire_lobbies().unwrap().is_empty(), "closed once");
}

#[test]
fn bad_input_gets_a_clear_error_and_changes_nothing() {
    let (c, store, _) = community();
    assert!(matches!(c.join_lobby(LOBBY, ANN, "Ann", 0), Err(LobbyError::Gone)));
    c.open_lobby(LOBBY, GUILD, CHANNEL, ANN.user, two_player()).unwrap();
    c.join_lobby(LOBBY, ANN, "Ann", 0).unwrap();
    let before = everything(&store);
    let cases: Vec<(LobbyError, &str)> = vec![
        (c.join_lobby(LOBBY, BOB, "Bob", 0).unwrap_err(), "the rebel seat is taken"),
        (c.join_lobby(LOBBY, BOB, "Bob", usize::MAX).unwrap_err(), "has no seat number"),
        (c.leave_lobby(LOBBY, BOB).unwrap_err(), "you hold no seat in this lobby"),
        (c.lobby_computer(LOBBY, ANN, 0).unwrap_err(), "the rebel seat is taken"),
        (c.retry_lobby(LOBBY, ANN).unwrap_err(), "still has open seats: empire"),
        (c.join_lobby(LOBBY + 5, BOB, "Bob", 0).unwrap_err(), "this lobby is closed"),
    ];
    for (e, words) in cases {
        assert!(e.to_string().contains(words), "{e} should say {words}");
    }
    assert_eq!(everything(&store), before, "nothing changed");
}
