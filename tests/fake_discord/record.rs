//! The server's record through the fake Discord: `/game stats` after two matches ended (one of
//! each game, ended by a moderator) counts them and the match still running, answered to the
//! caller alone; `/game history` links both; a match a moderator leaves out with `/mod record
//! exclude` drops out of the figures, and a player who is no moderator is refused.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stats_count_the_ended_matches_and_an_excluded_one_drops_out() {
    tokio::time::timeout(Duration::from_secs(240), record_scenario())
        .await
        .expect("the scenario finishes in time");
}

/// `/mod record exclude` (a subcommand of a group) in the current channel.
async fn exclude(fake: &mut Fake, user: u64, perms: u64) -> (Vec<Req>, String) {
    let from = fake.len();
    let data = json!({"id": "4000", "name": "mod", "type": 1, "options": [
        {"name": "record", "type": 2, "options": [{"name": "exclude", "type": 1, "options": []}]}
    ]});
    let (id, token) = fake.interaction("interaction_command.json", 2, user, perms, data);
    fake.finish(from, id, &token, "/mod record exclude").await
}

async fn record_scenario() {
    let _ = holonet::content::init();
    let dir = scratch_dir("holonet-fake-record");
    let mut fake = Fake::start().await;
    let bot = start_bot(&fake, &dir, None).await;
    fake.channel = 421;
    open_game(&mut fake, "rebellion", &[(REBEL, "rebel"), (EMPIRE, "empire")], true).await;
    let (_, reply) = fake.command(MODERATOR, MANAGE_CHANNELS, "mod", "end", json!([])).await;
    assert!(reply.contains("Done"), "{reply}");
    fake.channel = 422;
    open_game(&mut fake, "evr", &[(REBEL, "rebel"), (EMPIRE, "empire")], true).await;
    fake.command(MODERATOR, MANAGE_CHANNELS, "mod", "end", json!([])).await;
    fake.channel = 423;
    open_game(&mut fake, "rebellion", &[(REBEL, "rebel"), (EMPIRE, "empire")], true).await;

    fake.channel = 999;
    let (reqs, reply) = fake.command(REBEL, 0, "game", "stats", json!([])).await;
    assert!(posts_in(&reqs, 999).is_empty(), "a private answer only");
    assert!(reply.contains("**Star Wars: Rebellion**: 1 ended, 1 being played"), "{reply}");
    assert!(reply.contains("**Star Wars: Empire vs. Rebellion**: 1 ended, 0 being played"), "{reply}");
    assert!(reply.contains("No match has been won by the rules yet."), "{reply}");
    assert!(reply.contains("• Star Wars: Rebellion, as the Rebels: 1 played, 0 won, 0 lost"), "{reply}");
    let (_, reply) = fake.command(BYSTANDER, 0, "game", "history", json!([])).await;
    assert!(reply.contains("**The last 2 matches on this server**"), "{reply}");
    for channel in [421, 422] {
        assert!(reply.contains(&format!("https://discord.com/channels/{GUILD}/{channel}")), "{reply}");
    }
    assert!(reply.contains("ended by a moderator"), "{reply}");
    assert!(!reply.contains("/423"), "a running match is not in the history: {reply}");

    // A player may not leave a match out; a moderator may, in its channel.
    fake.channel = 421;
    let (_, reply) = exclude(&mut fake, REBEL, 0).await;
    assert!(reply.contains("only moderators can leave a match out of the record"), "{reply}");
    let (reqs, reply) = exclude(&mut fake, MODERATOR, MANAGE_CHANNELS).await;
    assert!(reply.contains("is left out of the server's record"), "{reply}");
    assert!(posts_in(&reqs, 421).is_empty(), "said to the moderator alone");
    let (_, reply) = fake.command(REBEL, 0, "game", "stats", json!([])).await;
    assert!(reply.contains("**Star Wars: Rebellion**: 0 ended, 1 being played"), "{reply}");
    assert!(reply.contains("1 ended match is left out by moderators"), "{reply}");
    let (_, reply) = fake.command(REBEL, 0, "game", "history", json!([])).await;
    assert!(reply.contains("**The last 1 match on this server**") && !reply.contains("/421"), "{reply}");
    stop_bot(bot).await;
}
