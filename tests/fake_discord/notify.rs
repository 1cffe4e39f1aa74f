//! `/game notify` through the fake Discord: a player's settings answered to them alone, a bad
//! time away refused, and time away shown at once in the live message of their match.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_away_is_shown_in_the_live_message_of_their_match() {
    tokio::time::timeout(Duration::from_secs(240), notify_scenario())
        .await
        .expect("the scenario finishes in time");
}

async fn notify_scenario() {
    let _ = holonet::content::init();
    let dir = scratch_dir("holonet-fake-notify");
    let mut fake = Fake::start().await;
    let bot = start_bot(&fake, &dir, None).await;
    // A Rebellion match waiting on the Empire's player (the Empire places its units first).
    fake.channel = 421;
    open_game(&mut fake, "rebellion", &[(EMPIRE, "empire"), (REBEL, "rebel")], true).await;
    fake.settle().await;

    fake.channel = 999;
    let (reqs, reply) = fake.command(EMPIRE, 0, "game", "notify", json!([])).await;
    assert!(reply.contains("Your notification settings:") && reply.contains("Not away"), "{reply}");
    assert!(posts_in(&reqs, 999).is_empty(), "a private answer only");
    let (reqs, reply) = fake
        .command(EMPIRE, 0, "game", "notify", json!([{"name": "away", "type": 3, "value": "soon"}]))
        .await;
    assert!(reply.contains("is not a time away"), "{reply}");
    assert!(reqs.iter().all(|r| !r.path.contains("/channels/421/")), "nothing changes in the match");

    let from = fake.len();
    let (_, reply) =
        fake.command(EMPIRE, 0, "game", "notify", json!([{"name": "away", "type": 3, "value": "3d"}])).await;
    assert!(reply.contains("Saved.") && reply.contains("Away until <t:"), "{reply}");
    let edit = fake
        .wait(from, "the live message saying the player is away", |r| {
            is_live_message(r, 421) && r.content().contains(&format!("<@{EMPIRE}> is away until <t:"))
        })
        .await;
    assert_eq!(edit.method, "PATCH", "edited in place, mentioning nobody");
    assert!(edit.json()["allowed_mentions"]["users"].as_array().is_none_or(|u| u.is_empty()));

    // Back: the line goes.
    let from = fake.len();
    fake.command(EMPIRE, 0, "game", "notify", json!([{"name": "away", "type": 3, "value": "off"}])).await;
    let edit = fake.wait(from, "the live message without the away line", |r| is_live_message(r, 421)).await;
    assert!(!edit.content().contains("is away until"), "{}", edit.content());
    stop_bot(bot).await;
}
