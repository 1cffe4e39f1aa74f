//! `holonet reshard`: matches of both games, in every life stage and in guilds of every shard,
//! go from one data directory to three and back without a byte of their exports changing; a
//! dry run changes nothing; an overwrite is refused before anything moves; an interrupted run
//! completes when run again. `holonet serve` refuses a bad shard range before connecting.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use holonet::cli::reshard::{Mode, ReshardError, reshard};

const DRY: Mode = Mode { dry_run: true, leave_unreadable: false };
const RUN: Mode = Mode { dry_run: false, leave_unreadable: false };
use holonet::deploy::cluster::shard_of;
use holonet::engine::rebellion::MatchOptions;
use holonet::games::evr::{Evr, EvrOptions};
use holonet::games::game::Game;
use holonet::games::rebellion::Rebellion;
use holonet::service::{Answer, Caller, Service};
use holonet::store::{MatchExport, MatchStore, SledStore};

fn scratch(name: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
    std::env::temp_dir().join(format!("holonet-reshard-{name}-{}-{nanos}", std::process::id()))
}

/// A guild created `t` Discord-epoch milliseconds in (on shard `t % total`).
fn guild(t: u64) -> u64 {
    (t << 22) | 0x1234
}

/// Plays `actions` first answers of a started match.
fn play<G: Game>(svc: &Service<G>, channel: u64, actions: usize) {
    for _ in 0..actions {
        let Some(p) = svc.prompt(channel).unwrap() else { return };
        let who = Caller { user: p.user.unwrap(), moderator: false };
        svc.act(channel, who, Answer::Option { key: p.key(), index: 0 }).unwrap();
    }
}

/// Fills a data directory: Rebellion matches in guilds of shards 0, 1 and 2 of 3 (running,
/// in the lobby, ended), an Empire vs. Rebellion match, and a match without a guild.
fn fill(dir: &Path) {
    let store: Arc<dyn MatchStore> = Arc::new(SledStore::open(dir).unwrap());
    let reb: Service<Rebellion> = Service::new(store.clone());
    let evr: Service<Evr> = Service::new(store.clone());
    let (a, b, m) = (
        Caller { user: 1, moderator: false },
        Caller { user: 2, moderator: false },
        Caller { user: 9, moderator: true },
    );
    let quick = MatchOptions { quick_setup: true, ..Default::default() };
    for (channel, g, actions) in [(10, 3, 12), (11, 4, 5), (12, 5, 0), (13, 6, 30)] {
        reb.create(channel, Some(guild(g)), a, quick.clone(), Some(channel)).unwrap();
        reb.join(channel, a, Some("rebel")).unwrap();
        reb.join(channel, b, Some("empire")).unwrap();
        reb.start(channel, a).unwrap();
        play(&reb, channel, actions);
    }
    reb.end(13, m).unwrap();
    reb.create(14, Some(guild(7)), a, quick, Some(1)).unwrap(); // a lobby
    evr.create(15, Some(guild(8)), a, EvrOptions::default(), Some(4)).unwrap();
    evr.join(15, a, None).unwrap();
    evr.join(15, b, None).unwrap();
    evr.start(15, a).unwrap();
    play(&evr, 15, 8);
    reb.create(16, None, a, MatchOptions::default(), Some(2)).unwrap(); // no guild
    store.flush().unwrap();
}

/// Every stored match's export, by id.
fn exports(dirs: &[PathBuf]) -> BTreeMap<String, (PathBuf, Vec<u8>)> {
    let mut out = BTreeMap::new();
    for dir in dirs.iter().filter(|d| d.is_dir()) {
        let store = SledStore::open(dir).unwrap();
        for id in store.list().unwrap() {
            let m = store.load(&id).unwrap().unwrap();
            let json = MatchExport::of(&m).to_json().unwrap();
            assert!(out.insert(id, (dir.clone(), json)).is_none(), "a match is in one directory");
        }
    }
    out
}

/// The server's record kept in a data directory.
fn record_of(dir: &Path) -> Vec<holonet::service::community::record::RecordEntry> {
    let store = SledStore::open(dir).unwrap();
    let docs = store.docs(holonet::store::DocKind::Record).unwrap();
    docs.iter().map(|(_, b)| serde_json::from_slice(b).unwrap()).collect()
}

fn bytes(e: &BTreeMap<String, (PathBuf, Vec<u8>)>) -> BTreeMap<String, Vec<u8>> {
    e.iter().map(|(id, (_, b))| (id.clone(), b.clone())).collect()
}

#[test]
fn one_directory_to_three_and_back_keeps_every_match_byte_identical() {
    let root = scratch("round");
    let one = vec![root.join("one")];
    let three: Vec<PathBuf> = (0..3).map(|i| root.join(format!("p{i}"))).collect();
    fill(&one[0]);
    let before = exports(&one);
    assert_eq!(before.len(), 7);

    // A dry run lists every move and changes nothing, not even creating the targets.
    let mut out = vec![];
    let report = reshard(&one, &three, 3, DRY, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(report.moves.len(), 7, "{text}");
    assert!(text.contains("would move channel 10 (server") && text.contains("dry run"), "{text}");
    assert!(text.contains("p1: shards 1..1 of 3 (holonet serve --shards 1..1 --of 3)"), "{text}");
    assert!(three.iter().all(|d| !d.exists()), "a dry run creates no directory");
    assert_eq!(bytes(&exports(&one)), bytes(&before));

    let mut out = vec![];
    reshard(&one, &three, 3, RUN, &mut out).unwrap();
    let spread = exports(&three);
    assert_eq!(bytes(&spread), bytes(&before), "every export is byte-identical");
    assert!(exports(&one).is_empty(), "the source is emptied");
    for (id, (dir, json)) in &spread {
        let export: MatchExport = serde_json::from_slice(json).unwrap();
        let shard = export.meta.guild.map_or(0, |g| shard_of(g, 3));
        assert_eq!(dir, &three[shard as usize], "match {id} lives with the process of its guild's shard");
    }
    // Each process's store loads its matches (the running ones, of both games) as before.
    let store: Arc<dyn MatchStore> = Arc::new(SledStore::open(&three[0]).unwrap());
    let reb: Service<Rebellion> = Service::new(store);
    let running: Vec<&String> =
        spread.iter().filter(|(_, (d, _))| d == &three[0]).map(|(id, _)| id).collect();
    assert!(running.contains(&&"16".to_string()), "the match without a guild stays with shard 0");
    assert!(reb.load_all().unwrap() >= 1);
    drop(reb);
    // The record follows: the ended match's entry lives with it, and nowhere else.
    let records: Vec<usize> = three.iter().map(|d| record_of(d).len()).collect();
    assert_eq!(records.iter().sum::<usize>(), 1, "{records:?}");
    let home = &spread["13"].0;
    assert_eq!(record_of(home)[0].channel, 13);
    assert!(record_of(&one[0]).is_empty());

    // And back to one directory (a new one), byte for byte.
    let back = vec![root.join("back")];
    reshard(&three, &back, 1, RUN, &mut vec![]).unwrap();
    assert_eq!(bytes(&exports(&back)), bytes(&before));
    assert_eq!(record_of(&back[0]).len(), 1);
    assert!(three.iter().all(|d| record_of(d).is_empty()));
    assert!(exports(&three).is_empty());
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn an_overwrite_is_refused_before_anything_moves_and_a_stopped_run_completes() {
    let root = scratch("refuse");
    let src = vec![root.join("src")];
    let two: Vec<PathBuf> = (0..2).map(|i| root.join(format!("p{i}"))).collect();
    fill(&src[0]);
    let before = exports(&src);

    // The second process's directory already holds another match of channel 11 (shard 0 of 2
    // is guild 4's: a target of its own that must not be overwritten).
    let other = scratch("other");
    {
        let store: Arc<dyn MatchStore> = Arc::new(SledStore::open(&other).unwrap());
        let svc: Service<Rebellion> = Service::new(store.clone());
        let a = Caller { user: 5, moderator: false };
        svc.create(11, Some(guild(4)), a, MatchOptions::default(), Some(99)).unwrap();
        store.flush().unwrap();
    }
    let theirs = exports(std::slice::from_ref(&other)).remove("11").unwrap().1;
    let shard = shard_of(guild(4), 2) as usize;
    {
        let target = SledStore::open(&two[shard]).unwrap();
        let export: MatchExport = serde_json::from_slice(&theirs).unwrap();
        target.put_meta(&export.meta).unwrap();
        target.flush().unwrap();
    }
    let err = reshard(&src, &two, 2, RUN, &mut vec![]).unwrap_err();
    assert!(matches!(err, ReshardError::Occupied(ref v) if v.len() == 1), "{err}");
    assert!(err.to_string().contains("channel 11"), "{err}");
    assert_eq!(bytes(&exports(&src)), bytes(&before), "nothing moved");
    let targets = exports(&two);
    assert_eq!(targets.len(), 1, "nothing was written to the targets");
    assert_eq!(targets["11"].1, theirs);

    // With the stranger gone, a run that stopped after copying some matches (here: two were
    // written, no source deleted) completes when run again.
    std::fs::remove_dir_all(&two[shard]).unwrap();
    for id in ["10", "15"] {
        let (_, json) = &before[id];
        let export: MatchExport = serde_json::from_slice(json).unwrap();
        let t = export.meta.guild.map_or(0, |g| shard_of(g, 2)) as usize;
        let store = SledStore::open(&two[t]).unwrap();
        for (i, e) in export.log.iter().enumerate() {
            store.append(id, i as u64, e).unwrap();
        }
        store.put_meta(&export.meta).unwrap();
        store.flush().unwrap();
    }
    let mut out = vec![];
    let report = reshard(&src, &two, 2, RUN, &mut out).unwrap();
    assert_eq!(report.moves.iter().filter(|m| m.copied).count(), 2, "{}", String::from_utf8_lossy(&out));
    assert_eq!(bytes(&exports(&two)), bytes(&before));
    assert!(exports(&src).is_empty());
    let _ = std::fs::remove_dir_all(&root);
    let _ = std::fs::remove_dir_all(&other);
}

#[test]
fn an_unreadable_match_stops_the_move_unless_it_is_left_behind() {
    let root = scratch("unreadable");
    let src = vec![root.join("src")];
    let two: Vec<PathBuf> = (0..2).map(|i| root.join(format!("p{i}"))).collect();
    fill(&src[0]);
    let mut before = exports(&src);
    // Channel 10's first log entry is no longer JSON.
    {
        let db = sled::open(&src[0]).unwrap();
        let log = db.open_tree("log").unwrap();
        let (k, _) = log.scan_prefix(b"10\0").next().expect("channel 10 has a log").unwrap();
        log.insert(k, b"\x00not json".to_vec()).unwrap();
        db.flush().unwrap();
    }
    before.remove("10");
    let readable = |dirs: &[PathBuf]| {
        let mut ids = vec![];
        for dir in dirs.iter().filter(|d| d.is_dir()) {
            let store = SledStore::open(dir).unwrap();
            ids.extend(store.list().unwrap().into_iter().filter(|id| store.load(id).is_ok()));
        }
        ids
    };

    let err = reshard(&src, &two, 2, RUN, &mut vec![]).unwrap_err();
    assert!(matches!(err, ReshardError::Unreadable(ref v) if v.len() == 1), "{err}");
    let text = err.to_string();
    assert!(text.contains("channel 10 in") && text.contains("--leave-unreadable"), "{text}");
    assert!(readable(&two).is_empty(), "nothing moved");
    assert_eq!(readable(&src).len(), 6);

    // Left behind: the others move, channel 10's records stay in the source untouched.
    let leave = Mode { leave_unreadable: true, ..RUN };
    let mut out = vec![];
    let dry = reshard(&src, &two, 2, Mode { dry_run: true, ..leave }, &mut out).unwrap();
    let said = String::from_utf8_lossy(&out);
    assert!(said.contains("leave channel 10 in") && said.contains("cannot be read"), "{said}");
    assert_eq!(dry.left.iter().map(|u| (u.id.as_str(), u.from)).collect::<Vec<_>>(), [("10", 0)]);
    // A readable copy of channel 10 in another source makes it a duplicate, left or not: which
    // to keep is the operator's call.
    let other = root.join("other");
    {
        let store: Arc<dyn MatchStore> = Arc::new(SledStore::open(&other).unwrap());
        let svc: Service<Rebellion> = Service::new(store.clone());
        svc.create(10, None, Caller { user: 1, moderator: false }, MatchOptions::default(), Some(5)).unwrap();
        store.flush().unwrap();
    }
    let both = [src[0].clone(), other.clone()];
    let err = reshard(&both, &two, 2, leave, &mut vec![]).unwrap_err();
    assert!(matches!(err, ReshardError::Duplicate { ref id, .. } if id == "10"), "{err}");
    assert!(readable(&two).is_empty(), "nothing moved");
    std::fs::remove_dir_all(&other).unwrap();
    let report = reshard(&src, &two, 2, leave, &mut vec![]).unwrap();
    assert_eq!((report.moves.len(), report.left.len()), (6, 1));
    assert_eq!(bytes(&exports(&two)), bytes(&before));
    let store = SledStore::open(&src[0]).unwrap();
    assert_eq!(store.list().unwrap(), ["10"], "only the unreadable match is left");
    assert!(store.load("10").is_err(), "and left as it was");
    drop(store);
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn bad_layouts_and_missing_sources_are_refused() {
    let root = scratch("bad");
    let to: Vec<PathBuf> = (0..3).map(|i| root.join(format!("p{i}"))).collect();
    let err = reshard(&[root.join("missing")], &to, 3, RUN, &mut vec![]).unwrap_err();
    assert!(matches!(err, ReshardError::NoSource(_)), "{err}");
    std::fs::create_dir_all(root.join("src")).unwrap();
    let err = reshard(&[root.join("src")], &to, 2, RUN, &mut vec![]).unwrap_err();
    assert!(err.to_string().contains("3 processes cannot share 2 shards"), "{err}");
    let twice = vec![to[0].clone(), to[0].clone()];
    let err = reshard(&[root.join("src")], &twice, 2, RUN, &mut vec![]).unwrap_err();
    assert!(matches!(err, ReshardError::Repeated(_)), "{err}");
    assert!(to.iter().all(|d| !d.exists()), "nothing was created");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn the_binary_takes_several_directories_per_option() {
    let root = scratch("cli");
    let src = root.join("src");
    fill(&src);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_holonet"))
        .args(["reshard", "--from"])
        .arg(&src)
        .arg("--to")
        .args((0..3).map(|i| root.join(format!("p{i}"))))
        .args(["--of", "3", "--dry-run"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("would move 7 match(es)"), "{text}");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn the_deploy_examples_split_the_shards_as_reshard_does() {
    let root = env!("CARGO_MANIFEST_DIR");
    let read = |f: &str| std::fs::read_to_string(format!("{root}/deploy/{f}")).unwrap();
    let expected: Vec<String> =
        holonet::deploy::cluster::split(6, 3).unwrap().iter().map(|s| s.range.to_string()).collect();
    let from_env: Vec<String> = (0..3)
        .map(|i| {
            let env = read(&format!("holonet-{i}.env"));
            assert!(
                env.contains("HOLONET_SHARD_TOTAL=6\n") && env.contains(&format!("/var/lib/holonet/{i}\n"))
            );
            env.lines().find_map(|l| l.strip_prefix("HOLONET_SHARDS=")).unwrap().to_string()
        })
        .collect();
    assert_eq!(from_env, expected);
    let compose = read("compose.yaml");
    let from_compose: Vec<String> = compose
        .lines()
        .filter_map(|l| l.split("\"--shards\", \"").nth(1))
        .map(|rest| {
            assert!(rest.contains("\"--of\", \"6\""), "{rest}");
            rest.split('"').next().unwrap().to_string()
        })
        .collect();
    assert_eq!(from_compose, expected);
    let unit = read("holonet@.service");
    assert!(
        unit.contains("--shards ${HOLONET_SHARDS} --of ${HOLONET_SHARD_TOTAL}")
            && unit.contains("KillSignal=SIGINT")
    );
}

#[test]
fn serve_refuses_a_bad_shard_range_before_connecting() {
    let root = scratch("serve");
    std::fs::create_dir_all(&root).unwrap();
    let config = root.join("config.toml");
    let data = root.join("data").display().to_string();
    std::fs::write(&config, format!("token = \"t\"\ndata_dir = {data:?}\n")).unwrap();
    let serve = |extra: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_holonet"))
            .args(["serve", "--config"])
            .arg(&config)
            .args(extra)
            .env_remove("HOLONET_TOKEN")
            .output()
            .unwrap();
        assert!(!out.status.success(), "{extra:?} must be refused");
        String::from_utf8_lossy(&out.stderr).to_string()
    };
    let e = serve(&["--shards", "2..2", "--of", "2"]);
    assert!(e.contains("shards 2..2 of 2") && e.contains("numbered from 0"), "{e}");
    let e = serve(&["--shards", "two", "--of", "2"]);
    assert!(e.contains("not a shard range"), "{e}");
    let e = serve(&["--shards", "0..0"]);
    assert!(e.contains("--of"), "{e}");
    // The same in the configuration file.
    std::fs::write(
        &config,
        format!("token = \"t\"\ndata_dir = {data:?}\n[cluster]\nshards = \"1..0\"\nof = 2\n"),
    )
    .unwrap();
    let e = serve(&[]);
    assert!(e.contains("the first shard is after the last"), "{e}");
    assert!(!root.join("data").exists(), "nothing was opened");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn one_directory_named_twice_by_two_paths_is_refused_and_a_refusal_creates_nothing() {
    let root = scratch("twice");
    let src = root.join("src");
    fill(&src);
    // `--to N1 /abs/N1`, from inside `root`: one new directory, named twice.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_holonet"))
        .current_dir(&root)
        .args(["reshard", "--from", "src", "--to", "N1"])
        .arg(root.join("N1"))
        .args(["--of", "2"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
    assert!(err.contains("is named twice"), "{err}");
    assert!(!root.join("N1").exists(), "nothing was created");
    let nested = [root.join("a/../N2"), root.join("N2")];
    let err = reshard(std::slice::from_ref(&src), &nested, 2, RUN, &mut vec![]).unwrap_err();
    assert!(matches!(err, ReshardError::Repeated(_)), "{err}");
    // A reshard refused after reading its sources (here: one channel in two of them) leaves no
    // new target directory behind.
    let twin = root.join("twin");
    fill(&twin);
    let to: Vec<PathBuf> = (0..2).map(|i| root.join(format!("p{i}"))).collect();
    let err = reshard(&[src.clone(), twin], &to, 2, RUN, &mut vec![]).unwrap_err();
    assert!(matches!(err, ReshardError::Duplicate { .. }), "{err}");
    assert!(to.iter().all(|d| !d.exists()), "a refused reshard created {to:?}");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_rerun_completes_over_a_source_whose_deletion_was_cut_short() {
    let root = scratch("halfdeleted");
    let src = vec![root.join("src")];
    let one = vec![root.join("one")];
    fill(&src[0]);
    let before = exports(&src);
    // The state a kill during an earlier version's deletion left: every match copied, and in
    // the source channel 13's first actions already gone while its metadata is still there.
    copy_dir(&src[0], &root.join("kept"));
    reshard(&src, &one, 1, RUN, &mut vec![]).unwrap();
    std::fs::remove_dir_all(&src[0]).unwrap();
    copy_dir(&root.join("kept"), &src[0]);
    {
        let db = sled::open(&src[0]).unwrap();
        let log = db.open_tree("log").unwrap();
        let keys: Vec<_> = log.scan_prefix(b"13\0").keys().take(5).map(Result::unwrap).collect();
        assert_eq!(keys.len(), 5);
        for k in keys {
            log.remove(k).unwrap();
        }
        db.flush().unwrap();
    }
    let mut out = vec![];
    let report = reshard(&src, &one, 1, RUN, &mut out).unwrap_or_else(|e| panic!("the rerun completes: {e}"));
    let said = String::from_utf8_lossy(&out);
    assert!(report.moves.iter().all(|m| m.copied), "{said}");
    assert!(said.contains("channel 13") && said.contains("partly deleted"), "{said}");
    assert_eq!(bytes(&exports(&one)), bytes(&before));
    assert!(exports(&src).is_empty(), "the source is emptied");
    let _ = std::fs::remove_dir_all(&root);
}

/// Copies a closed data directory.
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

#[test]
fn a_sealed_export_restores_its_match_after_a_reshard() {
    let root = scratch("sealkey");
    let src = vec![root.join("src")];
    let three: Vec<PathBuf> = (0..3).map(|i| root.join(format!("p{i}"))).collect();
    fill(&src[0]);
    let moderator = Caller { user: 9, moderator: true };
    let (sealed, state) = {
        let store: Arc<dyn MatchStore> = Arc::new(SledStore::open(&src[0]).unwrap());
        let reb: Service<Rebellion> = Service::new(store);
        reb.load_all().unwrap();
        let file = reb.export(10, moderator).unwrap().file.unwrap().1;
        assert!(String::from_utf8_lossy(&file).contains("\"seed_withheld\": true"));
        (file, reb.state(10).unwrap())
    };
    reshard(&src, &three, 3, RUN, &mut vec![]).unwrap();
    // Channel 10's records are lost in the process that owns it now: its sealed export, made
    // before the reshard, restores it there.
    let owner = &three[shard_of(guild(3), 3) as usize];
    let store: Arc<dyn MatchStore> = Arc::new(SledStore::open(owner).unwrap());
    store.delete("10").unwrap();
    let reb: Service<Rebellion> = Service::new(store);
    reb.load_all().unwrap();
    reb.import(10, moderator, &sealed).unwrap_or_else(|e| panic!("the sealed export restores: {e}"));
    assert_eq!(reb.state(10).unwrap(), state);
    drop(reb);
    let _ = std::fs::remove_dir_all(&root);
}

/// A player's settings (`/game notify`) are theirs on every server: each process gets them,
/// except one that holds settings of its own for that player (set there, so newer). A server's
/// settings and lobbies go to the process owning the server.
#[test]
fn players_settings_reach_every_process_and_a_servers_documents_go_with_the_server() {
    use holonet::store::{DocKind, docs};
    let root = scratch("players");
    let one = vec![root.join("one")];
    let three: Vec<PathBuf> = (0..3).map(|i| root.join(format!("p{i}"))).collect();
    fill(&one[0]);
    {
        let store = SledStore::open(&one[0]).unwrap();
        docs::put(&store, DocKind::Player, "42", &serde_json::json!({"turn": "dm"})).unwrap();
        store.flush().unwrap();
        let own = SledStore::open(&three[2]).unwrap();
        docs::put(&own, DocKind::Player, "42", &serde_json::json!({"turn": "off"})).unwrap();
        own.flush().unwrap();
    }
    // A server's settings and its open lobby go with the server, as its matches do.
    let guild: u64 = (1u64..).map(|n| n << 22).find(|g| shard_of(*g, 3) == 1).unwrap();
    {
        let store = SledStore::open(&one[0]).unwrap();
        docs::put(&store, DocKind::Server, &guild.to_string(), &serde_json::json!({"lobby_hours": 5}))
            .unwrap();
        let lobby = serde_json::json!({"id": 77, "guild": guild, "channel": 5, "opener": 1, "game": "rebellion",
            "options": {}, "variant": null, "seats": ["rebel", "empire"], "computer": false, "think_ms": 0,
            "holders": {}, "opened_at": 0, "expires_at": 10});
        docs::put(&store, DocKind::Lobby, "77", &lobby).unwrap();
        store.flush().unwrap();
    }
    reshard(&one, &three, 3, RUN, &mut vec![]).unwrap();
    let held = |dir: &Path, kind: DocKind| SledStore::open(dir).unwrap().docs(kind).unwrap().len();
    let servers: Vec<usize> = three.iter().map(|d| held(d, DocKind::Server)).collect();
    let lobbies: Vec<usize> = three.iter().map(|d| held(d, DocKind::Lobby)).collect();
    assert_eq!((servers, lobbies), (vec![0, 1, 0], vec![0, 1, 0]), "with the process of shard 1");
    assert_eq!((held(&one[0], DocKind::Server), held(&one[0], DocKind::Lobby)), (0, 0), "moved, not copied");
    let turn = |dir: &Path| {
        let store = SledStore::open(dir).unwrap();
        docs::get::<serde_json::Value>(&store, DocKind::Player, "42").unwrap().map(|v| v["turn"].clone())
    };
    assert_eq!(turn(&three[0]), Some(serde_json::json!("dm")));
    assert_eq!(turn(&three[1]), Some(serde_json::json!("dm")));
    assert_eq!(turn(&three[2]), Some(serde_json::json!("off")), "its own setting stays");
    let _ = std::fs::remove_dir_all(&root);
}
