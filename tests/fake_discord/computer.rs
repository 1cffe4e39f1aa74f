//! A match against the computer through the fake Discord: `/rebellion new` with a computer
//! seat, the human plays, the computer answers in the background; nothing of its secrets
//! appears in any channel post and nobody is messaged for its seat. Then a match whose decision
//! is the computer's when the bot starts: it is taken on startup.

use super::*;

/// The computer's thinking time in these tests, in seconds (quick).
const THINK: f64 = 0.02;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_against_the_computer_is_played_through_discord() {
    tokio::time::timeout(Duration::from_secs(180), computer_scenario())
        .await
        .expect("the scenario finishes in time");
}

/// The version a live message's first component names (`h:{match}:{nonce}:{version}…`).
fn version_of(r: &Req) -> u64 {
    let (_, id) = prompt_of(r);
    id.split(':').nth(3).and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("a version in {id}"))
}

/// The stored match of the channel, replayed (the bot must be stopped: sled is locked).
fn stored_state(dir: &std::path::Path) -> (holonet::store::StoredMatch, holonet::engine::rebellion::State) {
    use holonet::store::MatchStore;
    let store = holonet::store::SledStore::open(dir).unwrap();
    let stored = store.load(&CHANNEL.to_string()).unwrap().expect("the stored match");
    let state = holonet::service::rebuild::<Rebellion>(&stored.meta, &stored.log, None).unwrap();
    (stored, state)
}

/// The human answers their pending decision with `/play choose` (`pass`, else `done`, else
/// the first option) and waits for their next decision (the computer answering in between)
/// or the end. Returns whether the game goes on.
async fn human_move(fake: &mut Fake) -> bool {
    let last = live_messages(&fake.requests(), CHANNEL).pop().expect("a live message");
    let (user, _) = prompt_of(&last);
    assert_eq!(user, REBEL, "the person decides: {}", last.content());
    let version = version_of(&last);
    for option in ["pass", "done", "1", "1"] {
        let from = fake.len();
        let data = json!({"id": "4000", "name": "play", "type": 1, "options": [{"name": "choose",
            "type": 1, "options": [{"name": "option", "type": 3, "value": option}]}]});
        let (_, token) = fake.interaction("interaction_command.json", 2, REBEL, 0, data);
        let hook = format!("/api/v10/webhooks/{APP}/{token}");
        let reply = fake.wait(from, "the follow-up", |r| r.is("POST", &hook)).await.content();
        if !reply.starts_with("Done") {
            continue;
        }
        let next = fake
            .wait(from, "the player's next decision or the end", |r| {
                (is_live_message(r, CHANNEL) && version_of(r) > version) || r.text().contains("game over")
            })
            .await;
        return !next.text().contains("game over");
    }
    panic!("no answer was accepted at version {version}");
}

async fn computer_scenario() {
    let _ = holonet::content::init();
    let dir = scratch_dir("holonet-fake-discord-computer");
    let mut fake = Fake::start().await;
    let bot = start_bot(&fake, &dir, None).await;
    let empire = choice_value("rebellion", "new", "computer", "empire");

    let (reqs, _) = fake
        .command(
            REBEL,
            0,
            "rebellion",
            "new",
            json!([{"name": "quick_setup", "type": 5, "value": true},
                   {"name": "computer", "type": 4, "value": empire},
                   {"name": "think_seconds", "type": 10, "value": THINK}]),
        )
        .await;
    let opened = channel_posts(&reqs).iter().map(Req::content).collect::<Vec<_>>().join("\n");
    assert!(
        opened.contains("A new match is open") && opened.contains("The computer takes the empire seat"),
        "{opened}"
    );
    let rebel = choice_value("rebellion", "join", "faction", "rebel");
    fake.command(REBEL, 0, "rebellion", "join", json!([{"name": "faction", "type": 4, "value": rebel}]))
        .await;
    let start = fake.len();
    fake.command(REBEL, 0, "rebellion", "start", json!([])).await;
    fake.wait(start, "the first live message", |r| is_live_message(r, CHANNEL)).await;
    let begins = channel_posts(&fake.requests_from(start));
    assert!(begins.iter().any(|r| r.content().contains("The computer plays the empire seat")));

    // The person plays; the computer answers each time the decision is the Empire's.
    let mut moves = 0;
    while moves < 25 && human_move(&mut fake).await {
        moves += 1;
    }
    fake.settle().await;
    let reqs = fake.requests_from(start);
    let thinking: Vec<String> = reqs
        .iter()
        .filter(|r| r.path.starts_with(&format!("/api/v10/channels/{CHANNEL}/messages")))
        .map(Req::content)
        .filter(|c| c.contains("The computer is thinking as the empire player"))
        .collect();
    assert!(!thinking.is_empty(), "the live message says when the computer decides");
    let humans: Vec<Req> = live_messages(&reqs, CHANNEL);
    assert!(
        humans.iter().all(|r| r.content().contains("(The computer plays the empire seat.)")),
        "the person's live message names the computer's seat"
    );
    // Nobody is messaged for the computer's seat, and nobody is mentioned for it.
    assert!(
        dm_recipients(&fake.requests()).iter().all(|u| *u == REBEL),
        "{:?}",
        dm_recipients(&fake.requests())
    );
    let posts: Vec<Req> =
        fake.requests().into_iter().filter(|r| r.path.contains(&format!("/channels/{CHANNEL}/"))).collect();
    assert!(posts.iter().all(|r| !r.text().contains("<@0>")), "the computer is never mentioned");
    // The computer's components carry no custom id of its own: its live message has none.
    assert!(
        posts
            .iter()
            .filter(|r| r.content().contains("The computer is thinking"))
            .all(|r| !is_live_message(r, CHANNEL))
    );
    // `/mod computer` hands seats over, but never the last person's.
    let rebel_seat = choice_value("mod", "computer", "seat", "rebel");
    let seat = json!([{"name": "seat", "type": 4, "value": rebel_seat}]);
    let (_, reply) = fake.command(REBEL, 0, "mod", "computer", seat.clone()).await;
    assert!(reply.contains("only moderators"), "{reply}");
    let (reqs, reply) = fake.command(MODERATOR, MANAGE_CHANNELS, "mod", "computer", seat).await;
    assert!(reply.contains("at least one seat must be a person's"), "{reply}");
    assert!(channel_posts(&reqs).is_empty());
    stop_bot(bot).await;

    // What the computer holds never appeared in the channel: its action cards in hand (drawn in
    // secret, discarded when played) and any secret text of its seat.
    let (stored, state) = stored_state(&dir);
    let computer_moves = stored.log.iter().filter(|e| e.user == holonet::store::COMPUTER_USER).count();
    eprintln!("against the computer: {moves} moves of the person's, {computer_moves} of the computer's");
    assert!(computer_moves >= 3, "the computer played ({computer_moves} moves, {moves} of the person's)");
    assert!(stored.log.iter().all(|e| (e.user == holonet::store::COMPUTER_USER) == (e.seat == "empire")));
    let secrets = Rebellion::private_text(&state, "empire");
    let cards: Vec<String> = secrets
        .lines()
        .filter_map(|l| l.strip_prefix("Action cards: "))
        .flat_map(|l| l.split(", "))
        .map(str::to_lowercase)
        .collect();
    let channel_text: Vec<String> = posts.iter().map(Req::text).collect();
    for card in &cards {
        assert!(channel_text.iter().all(|t| !t.contains(card.as_str())), "the computer's card {card} leaked");
    }
    for marker in ["your secrets as the empire player", "probe cards:", "action cards:"] {
        assert!(channel_text.iter().all(|t| !t.contains(marker)), "{marker}");
    }

    // A match waiting for the computer when the bot starts: the Rebel (the computer) hides its
    // base first. The bot takes that decision (and the next ones) on startup.
    {
        let store: Arc<dyn holonet::store::MatchStore> =
            Arc::new(holonet::store::SledStore::open(&dir).unwrap());
        let svc: holonet::service::Service<Rebellion> = holonet::service::Service::new(store);
        svc.load_all().unwrap();
        let moderator = holonet::service::Caller { user: MODERATOR, moderator: true };
        svc.cancel(CHANNEL, moderator).unwrap();
        let empire_player = holonet::service::Caller { user: EMPIRE, moderator: false };
        let options = holonet::engine::rebellion::MatchOptions { quick_setup: true, ..Default::default() };
        svc.create(CHANNEL, Some(GUILD), empire_player, options, None).unwrap();
        svc.seat_computer(CHANNEL, empire_player, Some("rebel"), 20).unwrap();
        svc.join(CHANNEL, empire_player, Some("empire")).unwrap();
        svc.start(CHANNEL, empire_player).unwrap();
        assert!(svc.computer_pending(CHANNEL).unwrap().is_some());
    }
    let from = fake.len();
    let bot = start_bot(&fake, &dir, None).await;
    let turn = fake
        .wait(from, "the Empire's decision after the computer's", |r| {
            is_live_message(r, CHANNEL) && decider_of(&r.content()) == EMPIRE
        })
        .await;
    assert!(turn.content().contains("(The computer plays the rebel seat.)"), "{}", turn.content());
    fake.settle().await;
    let reqs = fake.requests_from(from);
    assert!(dm_recipients(&reqs).iter().all(|u| *u == EMPIRE), "only the person is messaged");
    stop_bot(bot).await;
    let (stored, state) = stored_state(&dir);
    let base = state.base.system.expect("the computer hid its base").name().to_lowercase();
    assert!(stored.log.iter().filter(|e| e.seat == "rebel").count() >= 2, "the computer took its decisions");
    for r in channel_posts(&reqs) {
        let t = r.text();
        assert!(!t.contains(&base) && !t.contains(&base.replace(' ', "_")), "the hidden base leaked: {t}");
    }
}
