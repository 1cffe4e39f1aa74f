//! Service benchmarks (issue 12): one command through the service with its sled write and
//! flush (criterion's mean, plus p50/p99 over 2,000 single commands printed to stderr), and a
//! cold start with 10,000 stored matches (time and resident memory to register them, the first
//! command of one, and the background check that replays them all).
//! And a player's list of matches (`/game mine`) among 1,000 running ones, and `/game stats`
//! (figures, text and chart) over a server's record of 10,000 ended matches in sled.
//! Figures depend on the disk: run on the host the bot runs on.

use std::hint::black_box;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};

use holonet::discord::hosted::GameKind;
use holonet::discord::mine::mine_text;
use holonet::engine::rebellion::MatchOptions;
use holonet::games::rebellion::Rebellion;
use holonet::service::{Answer, Caller, Service};
use holonet::store::{MatchStore, MemoryStore, SledStore, StoredMatch};

const REBEL: Caller = Caller { user: 1, moderator: false };
const EMPIRE: Caller = Caller { user: 2, moderator: false };

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("holonet-bench-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn start(svc: &Service<Rebellion>, channel: u64) {
    svc.create(channel, Some(1), REBEL, MatchOptions::default(), Some(channel)).unwrap();
    svc.join(channel, REBEL, Some("rebel")).unwrap();
    svc.join(channel, EMPIRE, Some("empire")).unwrap();
    svc.start(channel, REBEL).unwrap();
}

/// Answers the pending prompt of `channel` with option `pick` (modulo the options); starts a
/// new match in the channel when the game is over.
fn step(svc: &Service<Rebellion>, channel: u64, pick: usize) {
    match svc.prompt(channel).unwrap() {
        Some(p) => {
            let who = Caller { user: p.user.unwrap(), moderator: false };
            let index = pick % p.options.len();
            black_box(svc.act(channel, who, Answer::Option { key: p.key(), index }).unwrap());
        }
        None => {
            svc.end(channel, Caller { user: 9, moderator: true }).ok();
            start(svc, channel);
        }
    }
}

/// Resident memory of this process in bytes (Linux), 0 elsewhere.
fn rss() -> u64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map_or(0, |pages| pages * 4096)
}

fn command(c: &mut Criterion) {
    holonet::content::init().expect("content loads");
    let dir = temp_dir("command");
    let store: Arc<dyn MatchStore> = Arc::new(SledStore::open(&dir).unwrap());
    let svc: Service<Rebellion> = Service::new(store);
    start(&svc, 1);
    let mut pick = 0usize;
    c.bench_function("service: one command with its sled write and flush", |b| {
        b.iter(|| {
            pick = pick.wrapping_mul(31).wrapping_add(7);
            step(&svc, 1, pick)
        })
    });
    let mut times: Vec<Duration> = (0..2_000)
        .map(|i| {
            let t = Instant::now();
            step(&svc, 1, i * 7 + 3);
            t.elapsed()
        })
        .collect();
    times.sort();
    eprintln!(
        "service command over 2000: p50 {:?}, p99 {:?}, max {:?}",
        times[1_000], times[1_980], times[1_999]
    );
    drop(svc);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Stored matches of several lengths, to copy under many channel ids.
fn templates() -> Vec<StoredMatch> {
    let store = Arc::new(MemoryStore::new());
    let svc: Service<Rebellion> = Service::new(store.clone());
    [20usize, 100, 200, 400, 600]
        .iter()
        .enumerate()
        .map(|(i, &moves)| {
            let channel = i as u64 + 1;
            start(&svc, channel);
            for m in 0..moves {
                step(&svc, channel, m * 13 + 5);
            }
            store.load(&channel.to_string()).unwrap().unwrap()
        })
        .collect()
}

fn cold_start(c: &mut Criterion) {
    holonet::content::init().expect("content loads");
    let n: u64 = std::env::var("HOLONET_BENCH_MATCHES").ok().and_then(|v| v.parse().ok()).unwrap_or(10_000);
    let dir = temp_dir("load");
    {
        let store = SledStore::open(&dir).unwrap();
        let templates = templates();
        for channel in 1_000..1_000 + n {
            let t = &templates[(channel % templates.len() as u64) as usize];
            let mut meta = t.meta.clone();
            meta.id = channel.to_string();
            meta.channel = channel;
            store.put_meta(&meta).unwrap();
            for (i, e) in t.log.iter().enumerate() {
                store.append(&meta.id, i as u64, e).unwrap();
            }
            if let Some(s) = &t.snapshot {
                store.put_snapshot(&meta.id, s).unwrap();
            }
        }
        store.flush().unwrap();
    }
    let before = rss();
    let t = Instant::now();
    let store: Arc<dyn MatchStore> = Arc::new(SledStore::open(&dir).unwrap());
    let svc: Service<Rebellion> = Service::new(store);
    let loaded = svc.load_all().unwrap();
    let took = t.elapsed();
    let grown = rss().saturating_sub(before);
    eprintln!(
        "cold start: {loaded} matches registered in {took:?}; resident memory grew {} MB ({} KB per match)",
        grown >> 20,
        grown / 1024 / loaded.max(1) as u64
    );
    // The first command of a match replays it; later ones find it in memory.
    let channel = 1_000 + 3; // a 400-move template
    let t = Instant::now();
    black_box(svc.prompt(channel).unwrap());
    let first = t.elapsed();
    let t = Instant::now();
    black_box(svc.prompt(channel).unwrap());
    eprintln!("first command of a stored match: {first:?} (replay); the next: {:?}", t.elapsed());
    // The background check that replays every match to find damaged records early.
    let t = Instant::now();
    let damaged = svc.check_all();
    eprintln!(
        "check of every stored match: {:?}, {} damaged; resident memory now {} MB above the start",
        t.elapsed(),
        damaged.len(),
        rss().saturating_sub(before) >> 20
    );
    drop(svc);
    let mut group = c.benchmark_group("cold start");
    group.sample_size(10);
    group.bench_function(format!("open the store and register {n} matches"), |b| {
        b.iter(|| {
            let store: Arc<dyn MatchStore> = Arc::new(SledStore::open(&dir).unwrap());
            let svc: Service<Rebellion> = Service::new(store);
            black_box(svc.load_all().unwrap())
        })
    });
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

/// `/game mine` (issue 38): one player's list among 100 matches of theirs and 900 of others,
/// each just started, from memory (the service keeps every running match).
fn mine(c: &mut Criterion) {
    holonet::content::init().expect("content loads");
    let svc: Service<Rebellion> = Service::new(Arc::new(MemoryStore::new()));
    for channel in 1..=1_000u64 {
        let (rebel, empire) = if channel <= 100 { (1, 2) } else { (channel * 2 + 10, channel * 2 + 11) };
        let (r, e) = (Caller { user: rebel, moderator: false }, Caller { user: empire, moderator: false });
        svc.create(channel, Some(1), r, MatchOptions::default(), Some(channel)).unwrap();
        svc.join(channel, r, Some("rebel")).unwrap();
        svc.join(channel, e, Some("empire")).unwrap();
        svc.start(channel, r).unwrap();
    }
    c.bench_function("service: /game mine for a player in 100 of 1,000 matches", |b| {
        b.iter(|| {
            let list = svc.mine(1, Some(1)).into_iter().map(|m| (GameKind::Rebellion, m)).collect();
            black_box(mine_text(list, 1_000))
        })
    });
}

/// `/game stats` (issue 38): the whole answer — the record read from sled, summed up, put in
/// words and charted — for a server with 10,000 ended matches among 11,000 in the record.
fn stats(c: &mut Criterion) {
    use holonet::service::community::record::{Ending, RecordEntry};
    use holonet::service::community::stats::StatsQuery;
    use holonet::store::{DocKind, docs};
    let dir = temp_dir("stats");
    let store: Arc<dyn MatchStore> = Arc::new(SledStore::open(&dir).unwrap());
    let sides: std::collections::BTreeMap<String, String> =
        ["rebel", "empire"].iter().map(|s| (s.to_string(), s.to_string())).collect();
    for i in 0..11_000u64 {
        let computer = i % 10 == 0;
        let mut players = std::collections::BTreeMap::from([("rebel".to_string(), 100 + i % 50)]);
        if !computer {
            players.insert("empire".into(), 200 + i % 70);
        }
        let winner = match i % 7 {
            0 => None,
            1 | 3 | 5 => Some("empire".to_string()),
            _ => Some("rebel".to_string()),
        };
        let entry = RecordEntry {
            game: if i % 3 == 0 { "evr".into() } else { "rebellion".into() },
            variant: (i % 5 == 0).then(|| "the Rise of the Empire expansion".to_string()),
            guild: Some(if i < 10_000 { 1 } else { 2 }),
            channel: 1_000_000 + i,
            players,
            computer: if computer { vec!["empire".into()] } else { vec![] },
            sides: sides.clone(),
            ending: if winner.is_some() { Ending::Rules } else { Ending::Cancelled },
            winner,
            created_at: 1_700_000_000 + i * 3_600,
            ended_at: 1_700_000_000 + i * 3_600 + 86_400 * (1 + i % 20),
            rounds: 4 + (i % 9) as u32,
            excluded: i % 97 == 0,
        };
        docs::put(&*store, DocKind::Record, &format!("{}-bench", entry.channel), &entry).unwrap();
    }
    store.flush().unwrap();
    let community = holonet::service::Community::new(store);
    let query = StatsQuery { guild: Some(1), game: None, player: Some(101) };
    c.bench_function("service: /game stats over 10,000 ended matches (sled, text and chart)", |b| {
        b.iter(|| {
            let s = community.stats(&query, &[]).unwrap();
            black_box((
                holonet::discord::record::stats_text(&s, None),
                holonet::discord::record::stats_chart(&s),
            ))
        })
    });
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(service, command, cold_start, mine, stats);
criterion_main!(service);
