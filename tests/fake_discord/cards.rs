//! The card lookup through the fake Discord: `/rebellion card` and `/game card` answer the
//! caller alone (ephemeral, with the card face attached), autocomplete within Discord's limits,
//! refuse an unknown name privately, and give the same answer for a card whoever holds it — in
//! a match's channel, to its holder, to the opponent and in a channel without a match.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cards_are_looked_up_privately_through_discord() {
    tokio::time::timeout(Duration::from_secs(240), cards_scenario())
        .await
        .expect("the scenario finishes in time");
}

/// A lookup's private answer: its text and the PNG attached to it.
async fn look_up(fake: &mut Fake, user: u64, top: &str, name: &str) -> (String, Option<Vec<u8>>) {
    let (reqs, reply) =
        fake.command(user, 0, top, "card", json!([{"name": "name", "type": 3, "value": name}])).await;
    assert!(posts_in(&reqs, fake.channel).is_empty(), "a lookup posts nothing");
    let callback = reqs.iter().find(|r| r.path.ends_with("/callback")).expect("the interaction is answered");
    let flags = callback.json()["data"]["flags"].as_u64().unwrap_or(0);
    assert_eq!(flags & 64, 64, "the answer is the caller's alone (ephemeral)");
    assert!(dm_posts(&reqs, REBEL).is_empty() && dm_posts(&reqs, EMPIRE).is_empty(), "and messages nobody");
    let png = reqs.iter().flat_map(|r| r.files()).find(|(f, _)| f.ends_with(".png")).map(|(_, b)| b);
    (reply.trim().to_string(), png)
}

/// The autocomplete choices of `/{top} card name:` for what is typed, as (value, name).
async fn card_choices(fake: &mut Fake, top: &str, typed: &str) -> Vec<(String, String)> {
    let options = json!([{"name": "name", "type": 3, "value": typed, "focused": true}]);
    fake.autocomplete_in(BYSTANDER, top, "card", options).await
}

async fn cards_scenario() {
    let _ = holonet::content::init();
    let dir = scratch_dir("holonet-fake-cards");
    let mut fake = Fake::start().await;
    let bot = start_bot(&fake, &dir, None).await;

    // A channel without a match: Rebellion's cards of both boxes, or every game's.
    fake.channel = 403;
    let (reply, png) = look_up(&mut fake, BYSTANDER, "rebellion", "build alliance").await;
    let c = holonet::content::catalog();
    let text = &c.mission(c.mission_by_key("build_alliance").unwrap()).text;
    assert!(reply.starts_with("**Build Alliance**") && reply.contains(&format!("Text: {text}")), "{reply}");
    let img = image::load_from_memory(&png.expect("the card face")).expect("a PNG").to_rgb8();
    assert_eq!(img.width(), holonet::render::card::WIDTH);
    let (reply, _) = look_up(&mut fake, BYSTANDER, "game", "Han Solo").await;
    assert!(reply.starts_with("**Han Solo**") && reply.contains("Empire vs. Rebellion"), "{reply}");
    let (reply, png) = look_up(&mut fake, BYSTANDER, "rebellion", "Han Solo").await;
    assert!(
        reply.contains("no card is called `Han Solo`") && png.is_none(),
        "Rebellion's cards only: {reply}"
    );
    let (reply, _) = look_up(&mut fake, BYSTANDER, "game", "critical hit").await;
    assert!(
        reply.contains("Critical Hit (space tactic)") && reply.contains("Critical Hit (ground tactic)"),
        "{reply}"
    );
    for (top, typed) in [("rebellion", ""), ("game", ""), ("rebellion", "crit"), ("game", "re")] {
        let choices = card_choices(&mut fake, top, typed).await;
        assert!(!choices.is_empty() && choices.len() <= 25, "{top} {typed}: {}", choices.len());
        assert!(choices.iter().all(|(v, n)| (1..=100).contains(&v.chars().count()) && v == n), "{choices:?}");
    }
    let crit = card_choices(&mut fake, "rebellion", "crit").await;
    assert!(crit.iter().any(|(v, _)| v == "Critical Hit (space tactic)"), "{crit:?}");

    // A base match: its cards, the same answer whoever asks and whoever holds the card.
    fake.channel = 402;
    fake.command(REBEL, 0, "rebellion", "new", json!([{"name": "quick_setup", "type": 5, "value": true}]))
        .await;
    for (user, seat) in [(REBEL, "rebel"), (EMPIRE, "empire")] {
        let value = choice_value("rebellion", "join", "faction", seat);
        fake.command(user, 0, "rebellion", "join", json!([{"name": "faction", "type": 4, "value": value}]))
            .await;
    }
    fake.command(REBEL, 0, "rebellion", "start", json!([])).await;
    let starting: Vec<String> = c
        .action_cards
        .iter()
        .filter(|a| a.faction == holonet::content::Faction::Rebel && a.starting)
        .filter(|a| a.set == holonet::content::ContentSet::Base)
        .map(|a| a.name.clone())
        .collect();
    let (reply, _) = look_up(&mut fake, EMPIRE, "game", "Swarm Tactics").await;
    assert!(reply.contains("no card is called"), "a base match has no expansion cards: {reply}");
    let mut answers = vec![];
    for name in &starting {
        fake.channel = 402;
        let opponent = look_up(&mut fake, EMPIRE, "rebellion", name).await;
        let holder = look_up(&mut fake, REBEL, "game", name).await;
        fake.channel = 403;
        let elsewhere = look_up(&mut fake, BYSTANDER, "rebellion", name).await;
        assert!(opponent.0.contains("Text: ") && opponent.1.is_some(), "{}", opponent.0);
        assert_eq!(opponent, holder, "{name}: the same for the Rebels and the Empire");
        assert_eq!(opponent, elsewhere, "{name}: the same as in a channel without a match");
        answers.push(opponent);
    }
    stop_bot(bot).await;

    // Of those cards the Rebels hold some and the deck the others; every answer was alike.
    let store = holonet::store::SledStore::open(&dir).unwrap();
    use holonet::store::MatchStore;
    let stored = store.load("402").unwrap().expect("the stored match");
    let state = holonet::service::rebuild::<Rebellion>(&stored.meta, &stored.log, None).unwrap();
    let held: Vec<&str> = state.hands.rebel.actions.iter().map(|a| a.name()).collect();
    assert!(
        !held.is_empty() && starting.iter().any(|n| !held.contains(&n.as_str())),
        "{held:?} of {starting:?}"
    );
    drop(store);
}
