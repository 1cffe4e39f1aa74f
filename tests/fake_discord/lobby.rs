//! Finding a game through the fake Discord (issue 38): `/game lfg` posts a lobby with a button
//! per seat; a second seat of one player is refused; the lobby survives a restart; it fills and
//! the match starts in a new thread named after the game and players, with the seats as taken,
//! and the lobby message links it. Then three matches in three channels — one waiting on the caller, one not, one in
//! the lobby's thread — and `/game mine` lists them in that order with their links. Where
//! Holonet may not create threads, a full lobby's match starts in its channel (saying why) if
//! the channel is free, and the lobby stays open (saying why, with a Start button) if not.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_lobby_starts_its_match_in_a_new_thread_that_game_mine_links() {
    tokio::time::timeout(Duration::from_secs(240), lobby_scenario())
        .await
        .expect("the scenario finishes in time");
}

/// The buttons of the last edit of a lobby message in `channel`: (label, custom id).
fn lobby_buttons(reqs: &[Req], channel: u64) -> Vec<(String, String)> {
    let edit = format!("/api/v10/channels/{channel}/messages/");
    let last = reqs
        .iter()
        .rev()
        .find(|r| r.method == "PATCH" && r.path.starts_with(&edit) && r.content().contains("lobby"))
        .expect("the lobby message was edited");
    let mut out = vec![];
    for row in last.json()["components"].as_array().cloned().unwrap_or_default() {
        for c in row["components"].as_array().cloned().unwrap_or_default() {
            out.push((
                c["label"].as_str().unwrap_or_default().to_string(),
                c["custom_id"].as_str().unwrap_or_default().to_string(),
            ));
        }
    }
    out
}

/// The custom id of the button labelled `label`.
fn button(buttons: &[(String, String)], label: &str) -> String {
    buttons
        .iter()
        .find(|(l, _)| l == label)
        .unwrap_or_else(|| panic!("a `{label}` button in {buttons:?}"))
        .1
        .clone()
}

async fn lobby_scenario() {
    let _ = holonet::content::init();
    let dir = scratch_dir("holonet-fake-lobby");
    let mut fake = Fake::start().await;
    let bot = start_bot(&fake, &dir, None).await;

    // A bystander opens a Rebellion lobby in channel 421: a private answer, a public lobby.
    fake.channel = 421;
    let rebellion = choice_value("game", "lfg", "game", "rebellion");
    let (reqs, reply) = fake
        .command(BYSTANDER, 0, "game", "lfg", json!([{"name": "game", "type": 4, "value": rebellion}]))
        .await;
    assert!(reply.contains("the lobby is open"), "{reply}");
    let buttons = lobby_buttons(&reqs, 421);
    let labels: Vec<&str> = buttons.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(
        labels,
        ["Join as rebel", "Join as empire", "Computer as rebel", "Computer as empire", "Leave"],
        "{buttons:?}"
    );
    assert!(buttons.iter().all(|(_, id)| id.starts_with("l:") && id.len() <= 100), "{buttons:?}");
    // Options of another game are refused, and nothing is posted.
    let evr = choice_value("game", "lfg", "game", "evr");
    let (reqs, reply) = fake
        .command(
            REBEL,
            0,
            "game",
            "lfg",
            json!([{"name": "game", "type": 4, "value": evr}, {"name": "players", "type": 4, "value": 4}]),
        )
        .await;
    assert!(reply.contains("has no `players` option"), "{reply}");
    assert!(posts_in(&reqs, 421).is_empty(), "no lobby for a refused command");

    // The Rebel sits down; a second seat of the same lobby is refused.
    let (reqs, reply) = fake.click(REBEL, &button(&buttons, "Join as rebel"), None).await;
    assert!(reply.contains("the lobby is updated"), "{reply}");
    let edited =
        reqs.iter().rev().find(|r| r.method == "PATCH" && r.path.contains("/channels/421/")).unwrap();
    assert!(edited.content().contains(&format!("• rebel: <@{REBEL}>")), "{}", edited.content());
    let (_, reply) = fake.click(REBEL, &button(&buttons, "Join as empire"), None).await;
    assert!(reply.contains("you already hold the rebel seat of this lobby"), "{reply}");
    // Only the opener seats the computer.
    let (_, reply) = fake.click(REBEL, &button(&buttons, "Computer as empire"), None).await;
    assert!(reply.contains("only the player who opened this lobby"), "{reply}");

    // The lobby is kept in the store: after a restart its seat is still held.
    stop_bot(bot).await;
    let bot = start_bot(&fake, &dir, None).await;
    let (_, reply) = fake.click(REBEL, &button(&buttons, "Join as empire"), None).await;
    assert!(reply.contains("you already hold the rebel seat of this lobby"), "after a restart: {reply}");

    // The Empire's seat fills it: a new public thread named after the game and the players.
    let from = fake.len();
    let (_, reply) = fake.click(EMPIRE, &button(&buttons, "Join as empire"), None).await;
    assert!(reply.contains("the match is on in <#"), "{reply}");
    let made = fake.wait(from, "a thread", |r| r.is("POST", "/api/v10/channels/421/threads")).await.json();
    assert_eq!(made["name"], json!(format!("Star Wars: Rebellion: Player {REBEL} vs Player {EMPIRE}")));
    assert_eq!(made["type"], json!(11), "a public thread");
    // While it starts the lobby says so (a bot stopped meanwhile leaves Start to try again).
    let starting = fake
        .wait(from, "the lobby says it is starting", |r| {
            r.method == "PATCH"
                && r.path.starts_with("/api/v10/channels/421/")
                && r.content().contains("is starting")
        })
        .await;
    assert!(starting.content().contains(&format!("• empire: <@{EMPIRE}>")), "{}", starting.content());
    let closed = fake
        .wait(from, "the lobby links the thread", |r| {
            r.method == "PATCH"
                && r.path.starts_with("/api/v10/channels/421/messages/")
                && r.content().contains("<#")
        })
        .await;
    assert!(closed.json()["components"].as_array().is_none_or(|c| c.is_empty()), "the lobby is closed");
    let thread: u64 = closed
        .content()
        .split("<#")
        .nth(1)
        .and_then(|s| s.split('>').next())
        .and_then(|s| s.parse().ok())
        .expect("a thread link");
    assert_ne!(thread, 421);
    // The match runs in the thread with the seats as taken: the Empire places first.
    let live = fake.wait(from, "the thread's live message", |r| is_live_message(r, thread)).await;
    assert_eq!(decider_of(&live.content()), EMPIRE, "{}", live.content());
    let posts: Vec<String> = posts_in(&fake.requests_from(from), thread).iter().map(Req::content).collect();
    assert!(posts.iter().any(|p| p.contains("gathered by a lobby in <#421>")), "{posts:?}");
    assert!(posts.iter().any(|p| p.contains("The match begins")), "{posts:?}");
    assert!(
        posts_in(&fake.requests_from(from), 421).is_empty(),
        "nothing of the match in the lobby's channel"
    );
    // The closed lobby takes nobody.
    let (_, reply) = fake.click(MODERATOR, &button(&buttons, "Leave"), None).await;
    assert!(reply.contains("this lobby is closed"), "{reply}");

    // Two more matches of the Rebel: one not waiting on them (Empire vs. Rebellion as the
    // Empire: the Rebels choose first), one waiting on them (Rebellion as the Empire).
    fake.channel = 422;
    open_game(&mut fake, "evr", &[(EMPIRE, "rebel"), (REBEL, "empire")], true).await;
    fake.channel = 423;
    open_game(&mut fake, "rebellion", &[(REBEL, "empire"), (EMPIRE, "rebel")], true).await;
    fake.channel = 999;
    let (reqs, reply) = fake.command(REBEL, 0, "game", "mine", json!([])).await;
    assert!(posts_in(&reqs, 999).is_empty(), "a private answer only");
    assert!(reply.contains("(3 in all, 1 waiting on you)"), "{reply}");
    let at = |channel: u64| {
        reply.find(&format!("<#{channel}>")).unwrap_or_else(|| panic!("<#{channel}> in {reply}"))
    };
    assert!(at(423) < at(422) && at(422) < at(thread), "waiting, not waiting, the older thread:\n{reply}");
    assert!(
        reply.contains(&format!("<#{thread}> — Star Wars: Rebellion, as rebel: not your decision")),
        "{reply}"
    );
    // The Empire player: the lobby's match waits on them, first.
    let (_, reply) = fake.command(EMPIRE, 0, "game", "mine", json!([])).await;
    assert!(
        reply.contains(&format!("<#{thread}> — Star Wars: Rebellion, as empire: **your decision**")),
        "{reply}"
    );
    stop_bot(bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_threads_a_lobby_starts_in_its_free_channel_and_waits_while_a_match_runs_there() {
    tokio::time::timeout(Duration::from_secs(240), no_thread_scenario())
        .await
        .expect("the scenario finishes in time");
}

/// Opens an Empire vs. Rebellion lobby in the current channel; returns its buttons.
async fn evr_lobby(fake: &mut Fake, opener: u64) -> Vec<(String, String)> {
    let evr = choice_value("game", "lfg", "game", "evr");
    let (reqs, reply) =
        fake.command(opener, 0, "game", "lfg", json!([{"name": "game", "type": 4, "value": evr}])).await;
    assert!(reply.contains("the lobby is open"), "{reply}");
    lobby_buttons(&reqs, fake.channel)
}

async fn no_thread_scenario() {
    let _ = holonet::content::init();
    let dir = scratch_dir("holonet-fake-lobby-no-thread");
    let mut fake = Fake::start().await;
    let bot = start_bot(&fake, &dir, None).await;
    // View Channel, Send Messages and Attach Files: enough for a match, not for threads.
    fake.app_permissions = Some((1 << 10) | (1 << 11) | (1 << 15));
    fake.channel = 431;
    let buttons = evr_lobby(&mut fake, REBEL).await;
    assert!(buttons.iter().any(|(l, _)| l.starts_with("Computer")), "the computer plays EvR: {buttons:?}");
    fake.click(REBEL, &button(&buttons, "Join as rebel"), None).await;
    let from = fake.len();
    let (reqs, reply) = fake.click(EMPIRE, &button(&buttons, "Join as empire"), None).await;
    assert!(
        reply.contains("the match is on in this channel (Holonet may not create threads here"),
        "{reply}"
    );
    assert!(!reqs.iter().any(|r| r.path.ends_with("/threads")), "no thread was asked for");
    let live = fake
        .wait(from, "the channel's live message", |r| {
            is_live_message(r, 431) && !r.content().contains("lobby")
        })
        .await;
    assert_eq!(decider_of(&live.content()), REBEL, "the Rebels choose first: {}", live.content());
    let posts: Vec<String> = posts_in(&fake.requests_from(from), 431).iter().map(Req::content).collect();
    assert!(
        posts.iter().any(|p| p.contains("starts in this channel: Holonet may not create threads here")),
        "{posts:?}"
    );

    // A second lobby in the same channel fills while that match runs: it stays open and says why.
    let buttons = evr_lobby(&mut fake, BYSTANDER).await;
    fake.click(REBEL, &button(&buttons, "Join as rebel"), None).await;
    let (reqs, reply) = fake.click(MODERATOR, &button(&buttons, "Join as empire"), None).await;
    assert!(reply.contains("The match could not start: Holonet may not create threads here"), "{reply}");
    assert!(reply.contains("this channel already has a match"), "{reply}");
    assert!(posts_in(&reqs, 431).is_empty(), "nothing posted: the running match goes on");
    let again = lobby_buttons(&reqs, 431);
    assert_eq!(again.last().map(|(l, _)| l.as_str()), Some("Start"), "{again:?}");
    // Someone without a seat may not start it; a player's Start is refused the same way.
    let (_, reply) = fake.click(EMPIRE, &button(&again, "Start"), None).await;
    assert!(reply.contains("only a player of this lobby"), "{reply}");
    let (_, reply) = fake.click(REBEL, &button(&again, "Start"), None).await;
    assert!(reply.contains("this channel already has a match"), "{reply}");
    // Leaving frees a seat and takes the Start button away.
    let (reqs, _) = fake.click(REBEL, &button(&again, "Leave"), None).await;
    let after = lobby_buttons(&reqs, 431);
    assert!(after.iter().all(|(l, _)| l != "Start"), "{after:?}");
    stop_bot(bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stored_lobbies_outlive_a_restart_the_check_closes_expired_ones_and_moderators_set_hours() {
    tokio::time::timeout(Duration::from_secs(120), expiry_scenario())
        .await
        .expect("the scenario finishes in time");
}

async fn expiry_scenario() {
    use holonet::service::community::Community;
    use holonet::service::community::lobby::LobbySpec;
    let _ = holonet::content::init();
    let dir = scratch_dir("holonet-fake-lobby-expiry");
    // Two lobbies stored while the bot was away: one opened long ago (its 48 hours are over),
    // one opened now.
    {
        let store: Arc<dyn holonet::store::MatchStore> =
            Arc::new(holonet::store::SledStore::open(&dir).unwrap());
        let spec = || LobbySpec::of::<Rebellion>(&Default::default(), 2_000).unwrap();
        let old = Community::with_clock(store.clone(), Box::new(|| 1_000));
        old.open_lobby(777_001, GUILD, 441, REBEL, spec()).unwrap();
        let now = Community::new(store.clone());
        now.open_lobby(777_002, GUILD, 441, REBEL, spec()).unwrap();
        store.flush().unwrap();
    }
    let mut fake = Fake::start().await;
    let bot = start_bot(&fake, &dir, None).await;
    // The check runs as the bot starts: the old lobby's message says it closed, without buttons.
    let closed = fake
        .wait(0, "the expired lobby's message", |r| r.is("PATCH", "/api/v10/channels/441/messages/777001"))
        .await;
    assert!(closed.content().contains("closed: its seats were not filled in time"), "{}", closed.content());
    assert!(closed.json()["components"].as_array().is_none_or(|c| c.is_empty()));
    fake.settle().await;
    assert!(
        !fake.requests().iter().any(|r| r.path.ends_with("/messages/777002")),
        "the open lobby is left alone"
    );
    // The open one takes players; the closed one refuses them.
    fake.channel = 441;
    let (_, reply) = fake.click(EMPIRE, "l:777002:j1", None).await;
    assert!(reply.contains("the lobby is updated"), "{reply}");
    let (_, reply) = fake.click(EMPIRE, "l:777001:j1", None).await;
    assert!(reply.contains("this lobby is closed"), "{reply}");

    // `/mod lobby`: a moderator sets the server's hours, a player may not, and lobbies opened
    // afterwards close after them.
    let hours = json!([{"name": "expiry", "type": 4, "value": 2}]);
    let (_, reply) = fake.command(REBEL, 0, "mod", "lobby", hours.clone()).await;
    assert!(reply.contains("only a moderator"), "{reply}");
    let (_, reply) = fake.command(MODERATOR, MANAGE_CHANNELS, "mod", "lobby", hours).await;
    assert!(reply.contains("from now on stay open for 2 hours"), "{reply}");
    let (_, reply) = fake.command(REBEL, 0, "mod", "lobby", json!([])).await;
    assert!(reply.contains("stay open for 2 hours"), "{reply}");
    let before = holonet::service::system_clock();
    let rebellion = choice_value("game", "lfg", "game", "rebellion");
    let (reqs, _) =
        fake.command(REBEL, 0, "game", "lfg", json!([{"name": "game", "type": 4, "value": rebellion}])).await;
    let text = reqs
        .iter()
        .rev()
        .find(|r| r.method == "PATCH" && r.content().contains("Looking for players"))
        .expect("the lobby message")
        .content();
    let closes: u64 = text
        .split("<t:")
        .nth(1)
        .and_then(|s| s.split(':').next())
        .and_then(|s| s.parse().ok())
        .expect("a closing time");
    assert!((before + 7200..=before + 7200 + 60).contains(&closes), "{closes} vs {before}: {text}");
    stop_bot(bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_opener_seats_the_computer_and_the_threads_match_plays_it() {
    tokio::time::timeout(Duration::from_secs(180), computer_lobby_scenario())
        .await
        .expect("the scenario finishes in time");
}

async fn computer_lobby_scenario() {
    let _ = holonet::content::init();
    let dir = scratch_dir("holonet-fake-lobby-computer");
    let mut fake = Fake::start().await;
    let bot = start_bot(&fake, &dir, None).await;
    fake.channel = 451;
    let rebellion = choice_value("game", "lfg", "game", "rebellion");
    let options = json!([
        {"name": "game", "type": 4, "value": rebellion},
        {"name": "think_seconds", "type": 10, "value": 0.05}
    ]);
    let (reqs, _) = fake.command(REBEL, 0, "game", "lfg", options).await;
    let buttons = lobby_buttons(&reqs, 451);
    fake.click(REBEL, &button(&buttons, "Join as rebel"), None).await;
    // The computer takes the other seat: the lobby is full and the match starts in a thread,
    // where the computer plays the Empire (which places its units first).
    let from = fake.len();
    let (_, reply) = fake.click(REBEL, &button(&buttons, "Computer as empire"), None).await;
    assert!(reply.contains("the match is on in <#"), "{reply}");
    let made = fake.wait(from, "a thread", |r| r.is("POST", "/api/v10/channels/451/threads")).await.json();
    assert_eq!(made["name"], json!(format!("Star Wars: Rebellion: Player {REBEL} vs the computer")));
    let begins = fake
        .wait(from, "the match begins", |r| r.method == "POST" && r.content().contains("The match begins"))
        .await;
    assert!(begins.content().contains("The computer plays the empire seat"), "{}", begins.content());
    let thread: u64 = begins.path.split('/').nth(4).and_then(|s| s.parse().ok()).expect("a channel id");
    assert_ne!(thread, 451);
    // The computer answers on its own until the decision is the Rebel's.
    let live = fake
        .wait(from, "the Rebel's turn", |r| {
            is_live_message(r, thread) && r.content().starts_with(&format!("<@{REBEL}>"))
        })
        .await;
    assert_eq!(decider_of(&live.content()), REBEL);
    stop_bot(bot).await;
}
