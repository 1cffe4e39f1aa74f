//! The team game's private side threads through the fake Discord (issue 38): each side gets a
//! private thread holding its two players only, its secrets are posted there (not by DM), no
//! secret of one side ever reaches the other's thread, and a player removed from a seat leaves
//! the thread. (`team_scenario` plays the case where an opponent may manage threads: DMs.) A
//! two-player seat whose DMs are closed gets a private thread of its own instead.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_side_of_a_team_game_keeps_its_secrets_in_its_own_private_thread() {
    tokio::time::timeout(Duration::from_secs(300), threads_scenario())
        .await
        .expect("the scenario finishes in time");
}

/// The lines of a player's hand that their opponents' hand does not have: their own secrets.
async fn own_lines(fake: &mut Fake, user: u64, other: u64) -> Vec<String> {
    let (_, mine) = fake.command(user, 0, "rebellion", "hand", json!([])).await;
    let (_, theirs) = fake.command(other, 0, "rebellion", "hand", json!([])).await;
    let theirs: std::collections::HashSet<&str> = theirs.lines().map(str::trim).collect();
    mine.lines()
        .map(str::trim)
        .filter(|l| l.chars().count() > 12 && !theirs.contains(l))
        .map(String::from)
        .collect()
}

async fn threads_scenario() {
    let _ = holonet::content::init();
    let dir = scratch_dir("holonet-fake-threads");
    let mut fake = Fake::start().await;
    let bot = start_bot(&fake, &dir, None).await;
    fake.shared.thread_keepers.lock().unwrap().clear();
    open_team(&mut fake).await;
    let from = fake.len();
    fake.command(REBEL, 0, "rebellion", "start", json!([])).await;
    fake.wait(from, "the prompt message", |r| is_live_message(r, CHANNEL)).await;
    fake.settle().await;
    let reqs = fake.requests_from(from);

    // Two private threads of the channel, each with its side's two players.
    let made: Vec<&Req> =
        reqs.iter().filter(|r| r.is("POST", &format!("/api/v10/channels/{CHANNEL}/threads"))).collect();
    assert_eq!(made.len(), 2, "one thread a side");
    for r in &made {
        assert_eq!(r.json()["type"], json!(12), "a private thread");
        assert_eq!(r.json()["invitable"], json!(false), "nobody else can be invited");
    }
    let members = |thread: &str| -> Vec<u64> {
        let prefix = format!("/api/v10/channels/{thread}/thread-members/");
        let mut v: Vec<u64> = reqs
            .iter()
            .filter(|r| r.method == "PUT" && r.path.starts_with(&prefix))
            .filter_map(|r| r.path[prefix.len()..].parse().ok())
            .collect();
        v.sort();
        v
    };
    // The threads' ids are their first messages' channels (the greeting names the side).
    let greeting = |side: &str| -> String {
        let r = reqs
            .iter()
            .find(|r| {
                r.method == "POST" && r.content().contains(&format!("private table of the {side} side"))
            })
            .unwrap_or_else(|| panic!("the {side} thread greets its players"));
        r.path.trim_start_matches("/api/v10/channels/").split('/').next().unwrap().to_string()
    };
    let (rebel_thread, empire_thread) = (greeting("rebel"), greeting("empire"));
    assert_eq!(members(&rebel_thread), vec![REBEL, REBEL_GENERAL]);
    assert_eq!(members(&empire_thread), vec![EMPIRE_ADMIRAL, EMPIRE_GENERAL]);
    assert!(!members(&rebel_thread).contains(&MODERATOR) && !members(&empire_thread).contains(&MODERATOR));
    let note = posts_in(&reqs, CHANNEL);
    assert!(
        note.iter().any(|r| r.content().contains("private thread of this channel")),
        "the channel is told"
    );

    // Play on a little: each decision answered by whoever may.
    for _ in 0..12 {
        let content = live_messages(&fake.requests_from(0), CHANNEL).pop().unwrap().content();
        let from = fake.len();
        let mut done = false;
        for user in deciders_of(&content) {
            for option in ["pass", "done", "1"] {
                if quick_choose(&mut fake, user, option).await.starts_with("Done") {
                    done = true;
                    break;
                }
            }
            if done {
                break;
            }
        }
        if !done {
            break;
        }
        fake.wait(from, "the next live message", |r| is_live_message(r, CHANNEL)).await;
        fake.settle().await;
    }

    // The secrets went to the threads, not by DM; neither thread holds the other side's.
    let all = fake.requests_from(0);
    let rebel_posts = posts_in(&all, rebel_thread.parse().unwrap());
    let empire_posts = posts_in(&all, empire_thread.parse().unwrap());
    assert!(rebel_posts.len() >= 2 && empire_posts.len() >= 2, "greeting and secrets in each thread");
    for user in [REBEL, REBEL_GENERAL, EMPIRE_ADMIRAL, EMPIRE_GENERAL] {
        let secrets = dm_posts(&all, user).iter().filter(|r| r.content().contains("secrets")).count();
        assert_eq!(secrets, 0, "user {user}: no secrets by DM while the side has its thread");
    }
    let rebel_secrets = own_lines(&mut fake, REBEL, EMPIRE_ADMIRAL).await;
    let empire_secrets = own_lines(&mut fake, EMPIRE_ADMIRAL, REBEL).await;
    assert!(!rebel_secrets.is_empty() && !empire_secrets.is_empty(), "each side has secrets of its own");
    let text = |posts: &[Req]| posts.iter().map(|r| r.content()).collect::<Vec<_>>().join("\n");
    let (in_rebel, in_empire) = (text(&rebel_posts), text(&empire_posts));
    assert!(rebel_secrets.iter().any(|l| in_rebel.contains(l.as_str())), "the Rebel hand is in its thread");
    for l in &empire_secrets {
        assert!(!in_rebel.contains(l.as_str()), "an Imperial secret in the Rebel thread: {l}");
    }
    for l in &rebel_secrets {
        assert!(!in_empire.contains(l.as_str()), "a Rebel secret in the Imperial thread: {l}");
    }

    // A player removed from their seat leaves the side's thread.
    let from = fake.len();
    let seat = choice_value("mod", "kick", "seat", "rebel");
    let role = choice_value("mod", "kick", "role", "general");
    fake.command(
        MODERATOR,
        MANAGE_CHANNELS,
        "mod",
        "kick",
        json!([{"name": "seat", "type": 4, "value": seat}, {"name": "role", "type": 4, "value": role}]),
    )
    .await;
    let gone = format!("/api/v10/channels/{rebel_thread}/thread-members/{REBEL_GENERAL}");
    fake.wait(from, "the kicked player leaves the thread", |r| r.is("DELETE", &gone)).await;
    stop_bot(bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_whose_dms_are_closed_gets_a_private_thread_of_their_own() {
    tokio::time::timeout(Duration::from_secs(240), lone_scenario())
        .await
        .expect("the scenario finishes in time");
}

async fn lone_scenario() {
    let _ = holonet::content::init();
    let dir = scratch_dir("holonet-fake-lone");
    let mut fake = Fake::start().await;
    let bot = start_bot(&fake, &dir, None).await;
    fake.shared.thread_keepers.lock().unwrap().clear();
    open_game(&mut fake, "rebellion", &[(REBEL, "rebel"), (EMPIRE, "empire")], false).await;
    let from = fake.len();
    fake.command(REBEL, 0, "game", "start", json!([])).await;
    fake.wait(from, "the prompt message", |r| is_live_message(r, CHANNEL)).await;
    fake.settle().await;
    let reqs = fake.requests_from(from);
    let made: Vec<&Req> =
        reqs.iter().filter(|r| r.is("POST", &format!("/api/v10/channels/{CHANNEL}/threads"))).collect();
    assert_eq!(made.len(), 1, "one thread, for the player whose DMs are closed");
    assert_eq!(made[0].json()["type"], json!(12));
    let added: Vec<&Req> =
        reqs.iter().filter(|r| r.method == "PUT" && r.path.contains("/thread-members/")).collect();
    assert_eq!(added.len(), 1);
    assert!(added[0].path.ends_with(&format!("/thread-members/{EMPIRE}")), "{}", added[0].path);
    let thread: u64 =
        added[0].path.trim_start_matches("/api/v10/channels/").split('/').next().unwrap().parse().unwrap();
    let posted = posts_in(&reqs, thread);
    assert!(posted.iter().any(|r| r.content().contains("cannot send you direct messages")), "greeted");
    assert!(
        posted.iter().any(|r| r.content().contains("secrets as the empire player")),
        "the Empire's secrets are there"
    );
    assert!(closed_dm_notices(&reqs).is_empty(), "no word in the channel about closed DMs");
    assert!(posts_in(&reqs, CHANNEL).iter().all(|r| !r.content().contains("secrets as the empire")));
    stop_bot(bot).await;
}
