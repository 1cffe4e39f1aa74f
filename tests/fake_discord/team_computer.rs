//! The computer in every seat, and hints, through the fake Discord (issue 39): three people and
//! the computer as the Imperial General play on, the computer answering in the background and
//! never messaged; an Empire vs. Rebellion match against the computer; `/play hint` refused in a
//! match without hints and answered privately, with three options, in one created with
//! `hints:true`.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_four_player_match_with_a_computer_role_is_played_through_discord() {
    tokio::time::timeout(Duration::from_secs(240), team_computer_scenario())
        .await
        .expect("the scenario finishes in time");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_is_refused_without_the_option_and_answered_privately_with_it() {
    tokio::time::timeout(Duration::from_secs(180), hint_scenario())
        .await
        .expect("the scenario finishes in time");
}

/// `/play choose` as `user` with the first of `options` the match accepts; the follow-up of
/// the accepted one, or `None`.
async fn choose_any(fake: &mut Fake, user: u64, options: &[&str]) -> Option<String> {
    for option in options {
        let (_, reply) = fake
            .command(user, 0, "play", "choose", json!([{"name": "option", "type": 3, "value": option}]))
            .await;
        if reply.trim_start().starts_with("Done") {
            return Some(reply);
        }
    }
    None
}

async fn team_computer_scenario() {
    let _ = holonet::content::init();
    let dir = scratch_dir("holonet-fake-team-computer");
    let mut fake = Fake::start().await;
    let bot = start_bot(&fake, &dir, None).await;
    let (reqs, _) = fake
        .command(
            REBEL,
            0,
            "rebellion",
            "new",
            json!([{"name": "quick_setup", "type": 5, "value": true}, {"name": "players", "type": 4, "value": 4}]),
        )
        .await;
    assert!(posts_in(&reqs, CHANNEL).iter().any(|r| r.content().contains("the team game for 4 players")));
    for (user, side, role) in [
        (REBEL, "rebel", "admiral"),
        (REBEL_GENERAL, "rebel", "general"),
        (EMPIRE_ADMIRAL, "empire", "admiral"),
    ] {
        let faction = choice_value("rebellion", "join", "faction", side);
        let role = choice_value("rebellion", "join", "role", role);
        let (_, reply) = fake
            .command(
                user,
                0,
                "rebellion",
                "join",
                json!([{"name": "faction", "type": 4, "value": faction}, {"name": "role", "type": 4, "value": role}]),
            )
            .await;
        assert!(!reply.contains("rror"), "{reply}");
    }
    // The creator seats the computer as the Imperial General.
    let faction = choice_value("rebellion", "join", "faction", "empire");
    let role = choice_value("rebellion", "join", "role", "general");
    let (reqs, reply) = fake
        .command(
            REBEL,
            0,
            "rebellion",
            "join",
            json!([{"name": "faction", "type": 4, "value": faction}, {"name": "role", "type": 4, "value": role},
                   {"name": "computer", "type": 5, "value": true}, {"name": "think_seconds", "type": 10, "value": 0.02}]),
        )
        .await;
    let seated = posts_in(&reqs, CHANNEL).iter().map(Req::content).collect::<Vec<_>>().join("\n");
    assert!(seated.contains("The computer takes the empire-general seat"), "{seated}\n{reply}");
    let start = fake.len();
    fake.command(REBEL, 0, "rebellion", "start", json!([])).await;
    fake.wait(start, "the first live message", |r| is_live_message(r, CHANNEL)).await;

    // The people answer whatever they are asked; the computer answers the General's part.
    let mut moves = 0;
    let mut stuck = 0;
    while moves < 14 && stuck < 3 {
        fake.settle().await;
        let Some(last) = live_messages(&fake.requests(), CHANNEL).pop() else { break };
        if last.text().contains("game over") {
            break;
        }
        let people: Vec<u64> = deciders_of(&last.content()).into_iter().filter(|u| *u != 0).collect();
        let mut answered = false;
        for user in people {
            if choose_any(&mut fake, user, &["pass", "done", "1", "2"]).await.is_some() {
                answered = true;
                break;
            }
        }
        if answered {
            moves += 1;
            stuck = 0;
        } else {
            stuck += 1;
        }
    }
    fake.settle().await;
    let reqs = fake.requests_from(start);
    // Nobody is messaged or mentioned for the computer's seat.
    let dms = dm_recipients(&reqs);
    assert!(!dms.is_empty() && dms.iter().all(|u| *u != 0), "{dms:?}");
    assert!(
        posts_in(&reqs, CHANNEL).iter().all(|r| !r.text().contains("<@0>")),
        "the computer is never mentioned"
    );
    stop_bot(bot).await;
    let store = holonet::store::SledStore::open(&dir).unwrap();
    let stored = holonet::store::MatchStore::load(&store, &CHANNEL.to_string()).unwrap().expect("the match");
    let by_computer: Vec<&str> = stored
        .log
        .iter()
        .filter(|e| e.user == holonet::store::COMPUTER_USER)
        .map(|e| e.seat.as_str())
        .collect();
    eprintln!(
        "team game with a computer General: {moves} moves of people, {} of the computer",
        by_computer.len()
    );
    assert!(moves >= 8, "the people played ({moves} moves)");
    assert!(!by_computer.is_empty(), "the computer General answered");
    assert!(by_computer.iter().all(|s| *s == "empire-general"), "{by_computer:?}");
}

/// Seats `REBEL` and `EMPIRE` in the channel's new two-player match and starts it; returns the
/// user the first decision waits for.
async fn seat_two_and_start(fake: &mut Fake) -> u64 {
    for (user, side) in [(REBEL, "rebel"), (EMPIRE, "empire")] {
        let faction = choice_value("rebellion", "join", "faction", side);
        fake.command(user, 0, "rebellion", "join", json!([{"name": "faction", "type": 4, "value": faction}]))
            .await;
    }
    fake.command(REBEL, 0, "rebellion", "start", json!([])).await;
    fake.settle().await;
    last_prompt(&fake.requests()).0
}

async fn hint_scenario() {
    let _ = holonet::content::init();
    let dir = scratch_dir("holonet-fake-hint");
    let mut fake = Fake::start().await;
    let bot = start_bot(&fake, &dir, None).await;
    let quick = json!({"name": "quick_setup", "type": 5, "value": true});
    // Without hints: refused, and nothing is posted.
    fake.command(REBEL, 0, "rebellion", "new", json!([quick])).await;
    let decider = seat_two_and_start(&mut fake).await;
    let (reqs, reply) = fake.command(decider, 0, "play", "hint", json!([])).await;
    assert!(reply.contains("this match gives no hints"), "{reply}");
    assert!(channel_posts(&reqs).is_empty(), "a refused hint posts nothing");
    let moderator = json!([]);
    fake.command(MODERATOR, MANAGE_CHANNELS, "mod", "end", moderator).await;
    fake.settle().await;

    // With hints: the asker alone gets the computer's three best options.
    let (reqs, reply) = fake
        .command(REBEL, 0, "rebellion", "new", json!([quick, {"name": "hints", "type": 5, "value": true}]))
        .await;
    let opened = channel_posts(&reqs).iter().map(Req::content).collect::<Vec<_>>().join("\n");
    assert!(opened.contains("Hints are on"), "{opened}\n{reply}");
    let decider = seat_two_and_start(&mut fake).await;
    let other = if decider == REBEL { EMPIRE } else { REBEL };
    let (_, reply) = fake.command(other, 0, "play", "hint", json!([])).await;
    assert!(reply.contains("nothing waits for you"), "{reply}");
    let (reqs, reply) = fake.command(decider, 0, "play", "hint", json!([])).await;
    assert!(reply.contains("**Hint** for the"), "{reply}");
    let numbered = reply.lines().filter(|l| l.starts_with(['1', '2', '3'])).count();
    assert_eq!(numbered, 3, "{reply}");
    assert!(channel_posts(&reqs).is_empty(), "a hint is private: {:?}", channel_posts(&reqs));
    let dms = reqs.iter().filter(|r| r.is("POST", "/api/v10/users/@me/channels")).count();
    assert_eq!(dms, 0, "the hint is the command's own private answer");
    stop_bot(bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_empire_vs_rebellion_match_against_the_computer_is_played_through_discord() {
    tokio::time::timeout(Duration::from_secs(180), evr_computer_scenario())
        .await
        .expect("the scenario finishes in time");
}

/// `/game new game:evr computer:empire`: the person plays the Rebels with `/play choose`, the
/// computer answers the Empire's decisions in the background and is never messaged; a hint is
/// given, as in any match against the computer.
async fn evr_computer_scenario() {
    let _ = holonet::content::init();
    let dir = scratch_dir("holonet-fake-evr-computer");
    let mut fake = Fake::start().await;
    let bot = start_bot(&fake, &dir, None).await;
    let evr = choice_value("game", "new", "game", "evr");
    let empire = choice_value("game", "new", "computer", "empire");
    let (reqs, reply) = fake
        .command(
            REBEL,
            0,
            "game",
            "new",
            json!([{"name": "game", "type": 4, "value": evr}, {"name": "computer", "type": 4, "value": empire},
                   {"name": "think_seconds", "type": 10, "value": 0.02}]),
        )
        .await;
    let opened = channel_posts(&reqs).iter().map(Req::content).collect::<Vec<_>>().join("\n");
    assert!(opened.contains("The computer takes the empire seat"), "{opened}\n{reply}");
    let rebel = choice_value("game", "join", "faction", "rebel");
    fake.command(REBEL, 0, "game", "join", json!([{"name": "faction", "type": 4, "value": rebel}])).await;
    let start = fake.len();
    fake.command(REBEL, 0, "game", "start", json!([])).await;
    fake.settle().await;
    let (_, hint) = fake.command(REBEL, 0, "play", "hint", json!([])).await;
    assert!(hint.contains("**Hint** for the rebel player"), "{hint}");
    let mut moves = 0;
    for _ in 0..30 {
        fake.settle().await;
        if choose_any(&mut fake, REBEL, &["1", "pass", "done", "2"]).await.is_some() {
            moves += 1;
        }
        if moves >= 8 {
            break;
        }
    }
    fake.settle().await;
    let reqs = fake.requests_from(start);
    let dms = dm_recipients(&reqs);
    assert!(dms.iter().all(|u| *u == REBEL), "only the person is messaged: {dms:?}");
    stop_bot(bot).await;
    let store = holonet::store::SledStore::open(&dir).unwrap();
    let stored = holonet::store::MatchStore::load(&store, &CHANNEL.to_string()).unwrap().expect("the match");
    let computer = stored.log.iter().filter(|e| e.user == holonet::store::COMPUTER_USER).count();
    eprintln!(
        "Empire vs. Rebellion against the computer: {moves} moves of the person, {computer} of the computer"
    );
    assert!(moves >= 3 && computer >= 3, "both played: {moves} and {computer}");
    assert!(stored.log.iter().all(|e| (e.user == holonet::store::COMPUTER_USER) == (e.seat == "empire")));
}
