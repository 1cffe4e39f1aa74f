//! Two Holonet processes of one cluster (shards 0..0 and 1..1 of 2, two data directories)
//! against one fake gateway that sends each shard its guilds' events, as Discord does: a match
//! is played in a guild of each; only the process with shard 0 registers the commands; a
//! command, a click and an autocomplete delivered to the wrong process are refused (and
//! logged, naming no user) and change nothing; a click from a direct message — which Discord
//! sends to shard 0 — on a button of the other process's match is refused where it arrives;
//! each data directory holds only its own guild's match.

use holonet::deploy::cluster::{ShardRange, shard_of};
use holonet::deploy::config::ClusterConfig;
use holonet::discord::cluster::NOT_OWNED;

use super::*;

/// A guild on shard 0 of 2 and one on shard 1 (Discord: `(id >> 22) % 2`).
const GUILD_0: u64 = (40 << 22) | 12;
const GUILD_1: u64 = (41 << 22) | 34;
/// A channel in each.
const CHANNEL_0: u64 = 401;
const CHANNEL_1: u64 = 402;

impl Fake {
    /// Sends a gateway event on one shard's connection (it must have identified).
    pub(crate) fn send_to_shard(&self, shard: u32, event: Value) {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            if let Some(tx) = self.shared.shards.lock().unwrap().get(&u64::from(shard)) {
                tx.send(event).unwrap();
                return;
            }
            assert!(Instant::now() < deadline, "shard {shard} never connected");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Clicks a component from `user`'s direct messages with the bot: no guild, so Discord
    /// sends it to shard 0. Returns the interaction's id and token.
    fn dm_click(&mut self, user: u64, custom_id: &str) -> (u64, String) {
        self.next_interaction += 1;
        let id = self.next_interaction;
        let token = format!("token-{id}");
        let mut i = fixture("interaction_component.json");
        let dm = (100_000 + user).to_string();
        i["id"] = json!(id.to_string());
        i["token"] = json!(token);
        let obj = i.as_object_mut().unwrap();
        obj.remove("guild_id");
        obj.remove("guild_locale");
        obj.remove("authorizing_integration_owners");
        let member = obj.remove("member").unwrap();
        i["user"] = member["user"].clone();
        i["user"]["id"] = json!(user.to_string());
        i["channel_id"] = json!(dm);
        i["channel"] = json!({"id": dm, "type": 1});
        i["context"] = json!(1);
        i["message"]["channel_id"] = json!(dm);
        i["data"] = json!({"custom_id": custom_id, "component_type": 2});
        self.send_to_shard(0, i);
        (id, token)
    }
}

/// A log sink for the whole test binary (warnings only): the refusals are checked in it.
#[derive(Clone, Default)]
struct Log(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Log {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<'a> tracing_subscriber::fmt::MakeWriter<'a> for Log {
    type Writer = Log;
    fn make_writer(&'a self) -> Log {
        self.clone()
    }
}

impl Log {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).to_string()
    }
}

/// Starts one process of the cluster on `dir` running `shard` of `total`, and waits until it
/// has identified as that shard.
async fn start_process(fake: &Fake, dir: &std::path::Path, shard: u32, total: u32) -> Bot {
    let from = fake.len();
    let (tx, rx) = oneshot::channel::<()>();
    let mut cfg = config(fake.http_port, dir, None);
    cfg.cluster = Some(ClusterConfig { shards: ShardRange { first: shard, last: shard }, of: total });
    cfg.validate().unwrap();
    let task = tokio::spawn(holonet::discord::run(cfg, async move {
        let _ = rx.await;
    }));
    let identify = fake.wait(from, "identify", |r| r.is("WS", "identify")).await;
    assert_eq!(identify.json()["d"]["shard"], json!([shard, total]), "it starts only its shard");
    (tx, task)
}

/// Makes `moves` moves in the fake's channel with `/play choose` (`pass`, else `done`, else the
/// first option), each time waiting for the channel's next live message.
async fn moves_in(fake: &mut Fake, moves: usize) {
    let channel = fake.channel;
    let version = |id: &str| id.split(':').nth(3).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
    for _ in 0..moves {
        let (user, ids) = prompt_in(&fake.requests(), channel);
        let now = version(&ids[0].0);
        let mut done = false;
        for option in ["pass", "done", "1", "1"] {
            let from = fake.len();
            if quick_choose(fake, user, option).await.starts_with("Done") {
                fake.wait(from, "the next live message", |r| {
                    is_live_message(r, channel) && custom_ids(r).iter().any(|id| version(id) > now)
                })
                .await;
                done = true;
                break;
            }
        }
        assert!(done, "a move was accepted in channel {channel}");
    }
}

/// Clicks a button and returns the direct (refusing) answer to it.
async fn refused_click(fake: &mut Fake, user: u64, custom_id: &str) -> String {
    let from = fake.len();
    let data = json!({"custom_id": custom_id, "component_type": 2});
    let (id, token) = fake.interaction("interaction_component.json", 3, user, 0, data);
    let cb = format!("/api/v10/interactions/{id}/{token}/callback");
    let v = fake.wait(from, "the click's answer", |r| r.is("POST", &cb)).await.json();
    assert_eq!(v["type"], json!(4), "answered at once: {v}");
    v["data"]["content"].as_str().unwrap_or_default().to_string()
}

/// Opens a quick-setup match in the fake's guild and channel, seats both players and starts it.
async fn open_match(fake: &mut Fake) {
    let channel = fake.channel;
    let from = fake.len();
    let quick_setup = json!([{"name": "quick_setup", "type": 5, "value": true}]);
    let (_, reply) = quick(fake, REBEL, 0, "rebellion", "new", quick_setup).await;
    assert!(!reply.contains(NOT_OWNED), "{reply}");
    for (user, side) in [(REBEL, "rebel"), (EMPIRE, "empire")] {
        let faction = choice_value("rebellion", "join", "faction", side);
        quick(fake, user, 0, "rebellion", "join", json!([{"name": "faction", "type": 4, "value": faction}]))
            .await;
    }
    quick(fake, REBEL, 0, "rebellion", "start", json!([])).await;
    fake.wait(from, "the first live message", |r| is_live_message(r, channel)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_of_a_cluster_each_serve_their_own_guilds() {
    tokio::time::timeout(Duration::from_secs(120), cluster_scenario())
        .await
        .expect("the scenario finishes in time");
}

async fn cluster_scenario() {
    let _ = holonet::content::init();
    let log = Log::default();
    tracing_subscriber::fmt()
        .with_writer(log.clone())
        .with_ansi(false)
        .with_max_level(tracing::Level::WARN)
        .try_init()
        .expect("the only subscriber of this test binary");
    assert_eq!((shard_of(GUILD_0, 2), shard_of(GUILD_1, 2)), (0, 1));
    let root = scratch_dir("holonet-cluster");
    let dirs = [root.join("p0"), root.join("p1")];
    let mut fake = Fake::start().await;
    fake.shards = 2;
    let zero = start_process(&fake, &dirs[0], 0, 2).await;
    let one = start_process(&fake, &dirs[1], 1, 2).await;

    // A match in a guild of each process, a few moves each, the two interleaved.
    for (guild, channel) in [(GUILD_0, CHANNEL_0), (GUILD_1, CHANNEL_1)] {
        (fake.guild, fake.channel) = (guild, channel);
        open_match(&mut fake).await;
    }
    for _ in 0..2 {
        for (guild, channel) in [(GUILD_0, CHANNEL_0), (GUILD_1, CHANNEL_1)] {
            (fake.guild, fake.channel) = (guild, channel);
            moves_in(&mut fake, 2).await;
        }
    }
    // Only the process with shard 0 registered the commands.
    let register = format!("/api/v10/applications/{APP}/commands");
    assert_eq!(fake.requests().iter().filter(|r| r.is("PUT", &register)).count(), 1);

    // Misrouted: guild 0's command, click and autocomplete reach the shard-1 process. Each is
    // refused there, and the match in guild 0 does not move.
    (fake.guild, fake.channel) = (GUILD_0, CHANNEL_0);
    let (user, ids) = prompt_in(&fake.requests(), CHANNEL_0);
    fake.to_shard = Some(1);
    let before = fake.len();
    let (_, reply) =
        quick(&mut fake, user, 0, "play", "choose", json!([{"name": "option", "type": 3, "value": "1"}]))
            .await;
    assert_eq!(reply, NOT_OWNED);
    assert_eq!(refused_click(&mut fake, user, &ids[0].0).await, NOT_OWNED);
    let choices = fake
        .autocomplete(user, "choose", json!([{"name": "option", "type": 3, "value": "", "focused": true}]))
        .await;
    assert!(choices.is_empty(), "no options of another process's match: {choices:?}");
    fake.to_shard = None;
    let misrouted = fake.requests_from(before);
    assert!(
        misrouted.iter().all(|r| !r.path.contains("/channels/")),
        "nothing was posted for a refused interaction: {:?}",
        fake.summary(before)
    );
    for r in misrouted.iter().filter(|r| r.path.contains("/callback")) {
        let v = r.json();
        assert!(v["type"] == json!(8) || v["data"]["flags"] == json!(64), "refusals are private: {v}");
    }
    let text = log.text();
    let refusals: Vec<&str> = text.lines().filter(|l| l.contains("does not own")).collect();
    assert_eq!(refusals.len(), 3, "each refusal is logged: {text}");
    for l in refusals {
        assert!(l.contains(&GUILD_0.to_string()) && l.contains("shards 1..1 of 2"), "{l}");
        assert!(!l.contains(&user.to_string()) && !l.contains(&ids[0].0), "no user or custom id: {l}");
    }
    // The owner still answers, at the version it had.
    let (_, status) = quick(&mut fake, user, 0, "rebellion", "status", json!([])).await;
    assert!(!status.contains(NOT_OWNED), "{status}");
    let (again, ids_again) = prompt_in(&fake.requests(), CHANNEL_0);
    assert_eq!((again, &ids_again[0].0), (user, &ids[0].0), "the misrouted answers changed nothing");

    // A click in a DM arrives at shard 0. A button of guild 1's match (the other process's) is
    // refused there as another channel's; guild 1's match does not move.
    let (user_1, ids_1) = prompt_in(&fake.requests(), CHANNEL_1);
    let from = fake.len();
    let (_, token) = fake.dm_click(user_1, &ids_1[0].0);
    let hook = format!("/api/v10/webhooks/{APP}/{token}");
    let reply = fake.wait(from, "the DM click's answer", |r| r.is("POST", &hook)).await.content();
    assert!(reply.contains("another channel"), "{reply}");
    fake.settle().await;
    assert!(posts_in(&fake.requests_from(from), CHANNEL_1).is_empty());
    assert_eq!(prompt_in(&fake.requests(), CHANNEL_1).1[0].0, ids_1[0].0);
    // Direct messages carry no buttons (an interaction there would reach shard 0 only).
    let all = fake.requests();
    for user in [REBEL, EMPIRE] {
        assert!(dm_posts(&all, user).iter().all(|r| custom_ids(r).is_empty()), "no component in a DM");
    }

    // Each process identified once, as its one shard (serenity would start a second shard of
    // a range five seconds after the first).
    let identified: Vec<Value> = fake
        .requests()
        .iter()
        .filter(|r| r.is("WS", "identify"))
        .map(|r| r.json()["d"]["shard"].clone())
        .collect();
    assert_eq!(identified, [json!([0, 2]), json!([1, 2])]);
    stop_bot(zero).await;
    stop_bot(one).await;
    // Each process stored only its own guild's match.
    for (dir, channel, guild) in [(&dirs[0], CHANNEL_0, GUILD_0), (&dirs[1], CHANNEL_1, GUILD_1)] {
        use holonet::store::MatchStore;
        let store = holonet::store::SledStore::open(dir).unwrap();
        assert_eq!(store.list().unwrap(), [channel.to_string()]);
        assert_eq!(store.load_meta(&channel.to_string()).unwrap().unwrap().guild, Some(guild));
    }
}
