//! The computer in one role of the team game, through the service: it answers only what its
//! role may take (never its teammate's leaders or cards), leaves a person teammate asked with it
//! what ends the decision for both, and the person may answer for it; it also plays both roles of
//! a side, and local mode seats it by role.

use std::sync::Arc;

use holonet::content::{Faction, TeamColour};
use holonet::engine::rebellion::{Action, MatchOptions, Player, Players, PromptKind, decision, team};
use holonet::engine::rng::GameRng;
use holonet::games::rebellion::Rebellion;
use holonet::service::{Answer, Caller, PromptPost, Service};
use holonet::store::{COMPUTER_USER, MatchStore, MemoryStore};

const CH: u64 = 100;
const THINK_MS: u64 = 3;
/// The people of a four-player match, by seat (the computer takes one of them).
const SEATS: [(&str, u64); 4] =
    [("rebel-admiral", 1), ("rebel-general", 2), ("empire-admiral", 3), ("empire-general", 4)];

fn team() -> MatchOptions {
    MatchOptions { quick_setup: true, players: Players::Four, ..Default::default() }
}

/// A started four-player match with the computer in `computer` seats and people in the rest.
fn match_with(computer: &[&str], seed: u64) -> (Arc<MemoryStore>, Service<Rebellion>) {
    let _ = holonet::content::init();
    let store = Arc::new(MemoryStore::new());
    let svc: Service<Rebellion> = Service::with_clock(store.clone(), Box::new(|| 1_000));
    let host = Caller { user: 1, moderator: true };
    svc.create(CH, Some(7), host, team(), Some(seed)).unwrap();
    for (seat, user) in SEATS {
        if computer.contains(&seat) {
            svc.seat_computer(CH, host, Some(seat), THINK_MS).unwrap();
        } else {
            svc.join(CH, Caller { user, moderator: false }, Some(seat)).unwrap();
        }
    }
    svc.start(CH, host).unwrap();
    (store, svc)
}

/// What the computer did over a match.
#[derive(Default, Debug)]
struct Seen {
    computer: usize,
    people: usize,
    /// Assignment Phase decisions where the computer General waited for a person Admiral.
    waited: usize,
}

/// Plays up to `limit` actions: the computer answers whenever it has an answer, else a random
/// person asked takes a random option of theirs. Checks every answer of the computer against
/// the roles it plays.
fn play(svc: &Service<Rebellion>, roles: &[Player], limit: usize, rng: &mut GameRng) -> Seen {
    let mut seen = Seen::default();
    while seen.computer + seen.people < limit {
        let Some(state) = svc.state(CH).unwrap() else { break };
        let Some(d) = decision(&state) else { break };
        if let Some(job) = svc.computer_pending(CH).unwrap() {
            let person_asked = svc.prompt(CH).unwrap().is_some_and(|p| !p.deciders().is_empty());
            if let Some(mv) = job.think() {
                let action = d.actions[mv.index].clone();
                assert!(
                    roles.iter().any(|&r| team::check(&state, &d, r, &action).is_ok()),
                    "v{}: the computer took {} of a role it does not play",
                    state.version,
                    action.command()
                );
                if let Action::PlayAction { card } = &action {
                    let holder = state.card_holders.get(card);
                    assert!(
                        holder.is_none_or(|h| roles.iter().any(|r| r.role.is_none_or(|c| c == *h))),
                        "the computer played its teammate's card"
                    );
                }
                assert!(
                    !(person_asked && action == Action::Done && !team::shared(&state, &d)),
                    "v{}: the computer closed a decision a person was asked too",
                    state.version
                );
                svc.computer_act(CH, &mv).unwrap();
                seen.computer += 1;
                continue;
            }
            if d.kind == PromptKind::AssignLeaders {
                seen.waited += 1;
            }
        }
        let p = svc.prompt(CH).unwrap().expect("a prompt");
        let (user, index) =
            person_move(&p, rng).unwrap_or_else(|| panic!("v{}: nobody answers {:?}", state.version, p.kind));
        svc.act(CH, Caller { user, moderator: false }, Answer::Option { key: p.key(), index }).unwrap();
        seen.people += 1;
    }
    seen
}

/// A random person asked and a random option of theirs (a public prompt shows everyone every
/// option: only those of the person's seats, or either player's, are theirs).
fn person_move(p: &PromptPost, rng: &mut GameRng) -> Option<(u64, usize)> {
    let moves: Vec<(u64, usize)> = p
        .deciders()
        .into_iter()
        .flat_map(|user| {
            let seats = p.seats_of(user);
            p.options_for(user)
                .into_iter()
                .filter(move |&i| {
                    p.only.get(i).cloned().flatten().is_none_or(|s| seats.contains(&s.as_str()))
                })
                .map(move |i| (user, i))
        })
        .collect();
    (!moves.is_empty()).then(|| moves[rng.below(moves.len())])
}

#[test]
fn a_computer_general_answers_only_for_its_role_and_leaves_the_end_of_the_assignments_to_the_admiral() {
    let general = Player::role(Faction::Empire, TeamColour::Orange);
    let mut total = Seen::default();
    for seed in 1..=3 {
        let (store, svc) = match_with(&["empire-general"], seed);
        let seen = play(&svc, &[general], 500, &mut GameRng::from_seed(seed));
        // Only the computer's seat is logged as the computer's.
        let log = store.load(&CH.to_string()).unwrap().unwrap().log;
        for entry in log.iter().filter(|e| e.user == COMPUTER_USER) {
            assert_eq!(entry.seat, "empire-general", "{entry:?}");
        }
        total.computer += seen.computer;
        total.people += seen.people;
        total.waited += seen.waited;
    }
    assert!(total.computer > 50 && total.people > 200, "{total:?}");
    assert!(total.waited > 0, "the computer General never waited for the Admiral: {total:?}");
}

#[test]
fn a_computer_admiral_plays_beside_a_person_general() {
    let admiral = Player::role(Faction::Rebel, TeamColour::Blue);
    let (_, svc) = match_with(&["rebel-admiral"], 5);
    let seen = play(&svc, &[admiral], 400, &mut GameRng::from_seed(5));
    assert!(seen.computer > 20, "{seen:?}");
}

#[test]
fn the_computer_plays_both_roles_of_a_side() {
    let side =
        [Player::role(Faction::Empire, TeamColour::Blue), Player::role(Faction::Empire, TeamColour::Orange)];
    let (store, svc) = match_with(&["empire-admiral", "empire-general"], 9);
    let seen = play(&svc, &side, 400, &mut GameRng::from_seed(9));
    assert!(seen.computer > 50, "{seen:?}");
    let log = store.load(&CH.to_string()).unwrap().unwrap().log;
    let seats: std::collections::BTreeSet<String> =
        log.into_iter().filter(|e| e.user == COMPUTER_USER).map(|e| e.seat).collect();
    assert_eq!(seats.len(), 2, "the computer acted as both roles: {seats:?}");
}

#[test]
fn a_person_may_answer_for_the_computer_teammate_asked_with_them() {
    let (_, svc) = match_with(&["empire-general"], 2);
    let mut rng = GameRng::from_seed(2);
    // Play until the Empire's Assignment Phase asks the Admiral (a person) with the computer.
    for _ in 0..600 {
        let state = svc.state(CH).unwrap().unwrap();
        let d = decision(&state).unwrap();
        let p = svc.prompt(CH).unwrap().unwrap();
        if d.kind == PromptKind::AssignLeaders && d.seat == Faction::Empire && p.deciders() == vec![3] {
            // The Admiral's menu holds the General's "done", and taking it ends the phase as
            // the General.
            let done = p.options.iter().position(|o| o == "done").expect("a done option");
            assert!(p.options_for(3).contains(&done), "{:?}", p.options_for(3));
            svc.act(CH, Caller { user: 3, moderator: false }, Answer::Option { key: p.key(), index: done })
                .unwrap();
            let after = decision(&svc.state(CH).unwrap().unwrap());
            assert!(after.is_none_or(|a| a.kind != PromptKind::AssignLeaders || a.seat != Faction::Empire));
            return;
        }
        if let Some(out) = svc.computer_turn(CH).unwrap() {
            drop(out);
            continue;
        }
        let (user, index) = person_move(&p, &mut rng).expect("a person answers");
        svc.act(CH, Caller { user, moderator: false }, Answer::Option { key: p.key(), index }).unwrap();
    }
    panic!("the Empire's Assignment Phase never asked the Admiral with the computer");
}

#[test]
fn local_mode_seats_the_computer_by_role_or_by_side() {
    use holonet::cli::local::LocalSession;
    let _ = holonet::content::init();
    let (s, _) = LocalSession::new(3, team(), false).with_computer("empire-general", THINK_MS).unwrap();
    let computer = s.computer_seats();
    assert_eq!(computer, vec!["empire-general".to_string()]);
    let (s, lines) = LocalSession::new(3, team(), false).with_computer("empire", THINK_MS).unwrap();
    assert_eq!(s.computer_seats(), vec!["empire-admiral".to_string(), "empire-general".to_string()]);
    assert!(
        lines.iter().all(|l| !l.starts_with("computer (") || l.starts_with("computer (empire): ")),
        "{lines:?}"
    );
    let err = LocalSession::new(3, team(), false).with_computer("droid", THINK_MS).err().unwrap();
    assert!(err.contains("no seat `droid`"), "{err}");
}
