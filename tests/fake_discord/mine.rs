//! `/game mine` through the fake Discord: a player's matches on the server in one private
//! answer, those waiting on them first, each linking its channel; a lobby is listed too, and a
//! player without a match is told how to find one.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_players_matches_are_listed_privately_those_waiting_on_them_first() {
    tokio::time::timeout(Duration::from_secs(240), mine_scenario())
        .await
        .expect("the scenario finishes in time");
}

async fn mine_scenario() {
    let _ = holonet::content::init();
    let dir = scratch_dir("holonet-fake-mine");
    let mut fake = Fake::start().await;
    let bot = start_bot(&fake, &dir, None).await;
    // A Rebellion lobby, an Empire vs. Rebellion match where the caller plays the Empire (the
    // Rebels pick their characters first) and a Rebellion match where the caller plays the
    // Empire too (whose starting units are placed first).
    fake.channel = 413;
    open_game(&mut fake, "rebellion", &[(REBEL, "rebel")], false).await;
    fake.channel = 412;
    open_game(&mut fake, "evr", &[(EMPIRE, "rebel"), (REBEL, "empire")], true).await;
    fake.channel = 411;
    open_game(&mut fake, "rebellion", &[(REBEL, "empire"), (EMPIRE, "rebel")], true).await;

    fake.channel = 999;
    let (reqs, reply) = fake.command(REBEL, 0, "game", "mine", json!([])).await;
    assert!(posts_in(&reqs, 999).is_empty() && posts_in(&reqs, 411).is_empty(), "a private answer only");
    assert!(reply.contains("(3 in all, 1 waiting on you)"), "{reply}");
    let at = |channel: u64| {
        reply.find(&format!("<#{channel}>")).unwrap_or_else(|| panic!("<#{channel}> in {reply}"))
    };
    assert!(at(411) < at(412) && at(412) < at(413), "the match waiting on the caller first:\n{reply}");
    assert!(reply.contains("<#411> — Star Wars: Rebellion, as empire: **your decision**"), "{reply}");
    assert!(
        reply.contains("<#412> — Star Wars: Empire vs. Rebellion, as empire: not your decision"),
        "{reply}"
    );
    assert!(reply.contains("<#413> — Star Wars: Rebellion, as rebel: waiting for players"), "{reply}");

    // The other player: the EvR match waits on them.
    let (_, reply) = fake.command(EMPIRE, 0, "game", "mine", json!([])).await;
    assert!(reply.contains("(2 in all, 1 waiting on you)"), "{reply}");
    assert!(reply.find("<#412>").unwrap() < reply.find("<#411>").unwrap(), "{reply}");
    let (_, reply) = fake.command(BYSTANDER, 0, "game", "mine", json!([])).await;
    assert!(reply.contains("no seat in a match on this server"), "{reply}");
    stop_bot(bot).await;
}
