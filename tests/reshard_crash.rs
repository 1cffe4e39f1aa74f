//! Crash safety of `holonet reshard` (issue 35): the binary moving 60 matches from one data
//! directory to three is killed with SIGKILL at random points — while copying, while reading
//! back, while deleting the sources — and after every kill, nothing is lost (every match's
//! export is byte-identical in some directory) and the same command run again completes, leaving
//! every match in its target and none in the source. `HOLONET_RESHARD_KILLS` sets the number of
//! kills (README "Long checks").

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use holonet::deploy::cluster::shard_of;
use holonet::engine::rebellion::{self as engine, MatchOptions};
use holonet::engine::rng::GameRng;
use holonet::games::game::Game;
use holonet::games::rebellion::{Rebellion, seat_name};
use holonet::service::{Caller, Service};
use holonet::store::{LogEntry, MatchExport, MatchStore, SledStore};

const MATCHES: u64 = 60;
/// Actions per match.
const ACTIONS: usize = 120;
const TOTAL: u32 = 3;

fn scratch() -> PathBuf {
    std::env::temp_dir().join(format!("holonet-reshard-crash-{}", std::process::id()))
}

/// 60 running Rebellion matches, each with the first `ACTIONS` actions of a seeded playout (so
/// that deleting a source takes long enough for sled to write some of it before a kill), in
/// guilds spread over the shards.
fn fill(dir: &Path) {
    let store: Arc<dyn MatchStore> = Arc::new(SledStore::open(dir).unwrap());
    let svc: Service<Rebellion> = Service::new(store.clone());
    let (a, b) = (Caller { user: 1, moderator: false }, Caller { user: 2, moderator: false });
    let options = MatchOptions::default();
    for channel in 100..100 + MATCHES {
        svc.create(channel, Some(((channel * 7) << 22) | 1), a, options.clone(), Some(channel)).unwrap();
        svc.join(channel, a, Some("rebel")).unwrap();
        svc.join(channel, b, Some("empire")).unwrap();
        svc.start(channel, a).unwrap();
        // The log of a seeded playout, written as the service writes it.
        let mut state = engine::new_game(channel, options.clone());
        for (i, step) in
            holonet::bot::sim::playout(channel, options.clone()).steps.into_iter().take(ACTIONS).enumerate()
        {
            let seat = seat_name(engine::decision(&state).unwrap().seat, None);
            Rebellion::apply(&mut state, &seat, step.action.clone()).unwrap();
            let action = serde_json::to_value(&step.action).unwrap();
            let user = if seat == "rebel" { 1 } else { 2 };
            let entry = LogEntry { seat, action, user, at: 1_000 + i as u64, undoable: false };
            store.append(&channel.to_string(), i as u64, &entry).unwrap();
        }
    }
    store.flush().unwrap();
}

/// Every stored match's export by id, with the directory it is in (a match readable in two
/// directories is listed once per directory).
fn exports(dirs: &[PathBuf]) -> Vec<(String, usize, Vec<u8>)> {
    let mut out = vec![];
    for (i, dir) in dirs.iter().enumerate().filter(|(_, d)| d.is_dir()) {
        let store = SledStore::open(dir).unwrap();
        for id in store.list().unwrap() {
            if let Ok(Some(m)) = store.load(&id) {
                out.push((id, i, MatchExport::of(&m).to_json().unwrap()));
            }
        }
    }
    out
}

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

/// The reshard command of `src` to `targets`.
fn command(src: &Path, targets: &[PathBuf]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_holonet"));
    c.args(["reshard", "--from"]).arg(src).arg("--to").args(targets).args(["--of", &TOTAL.to_string()]);
    c.stdout(Stdio::piped()).stderr(Stdio::piped());
    c
}

/// Runs the reshard until its plan is printed (the writing starts then), waits `delay`, and
/// kills it; returns whether it had already finished.
fn run_and_kill(src: &Path, targets: &[PathBuf], delay: Duration) -> bool {
    let mut child = command(src, targets).spawn().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    while stdout.read_line(&mut line).unwrap() > 0 && !line.starts_with("moving ") {
        line.clear();
    }
    std::thread::sleep(delay);
    let done = child.try_wait().unwrap().is_some();
    let _ = child.kill();
    child.wait().unwrap();
    done
}

#[test]
fn a_reshard_killed_at_random_points_loses_nothing_and_every_rerun_completes() {
    let kills: usize = std::env::var("HOLONET_RESHARD_KILLS").ok().and_then(|n| n.parse().ok()).unwrap_or(12);
    let root = scratch();
    let _ = std::fs::remove_dir_all(&root);
    let pristine = root.join("pristine");
    let filled = Instant::now();
    fill(&pristine);
    let original: BTreeMap<String, Vec<u8>> =
        exports(std::slice::from_ref(&pristine)).into_iter().map(|(id, _, json)| (id, json)).collect();
    assert_eq!(original.len(), MATCHES as usize);
    let src = root.join("src");
    let targets: Vec<PathBuf> = (0..TOTAL).map(|i| root.join(format!("p{i}"))).collect();
    let all: Vec<PathBuf> = std::iter::once(src.clone()).chain(targets.iter().cloned()).collect();
    let reset = || {
        for d in &all {
            let _ = std::fs::remove_dir_all(d);
        }
        copy_dir(&pristine, &src);
    };

    // How long the writing takes, from the plan to the end, uninterrupted (the shorter of two
    // runs: a kill after the end tests nothing).
    let mut span = usize::MAX;
    for _ in 0..2 {
        reset();
        let mut child = command(&src, &targets).spawn().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        while stdout.read_line(&mut line).unwrap() > 0 && !line.starts_with("moving ") {
            line.clear();
        }
        let started = Instant::now();
        assert!(child.wait().unwrap().success());
        span = span.min(started.elapsed().as_micros() as usize);
    }
    eprintln!("filled in {:?}; a whole run writes for {span} µs", filled.elapsed());

    let mut rng = GameRng::from_seed(35);
    let (mut finished_anyway, mut late) = (0, 0);
    for kill in 0..kills {
        reset();
        // Half the kills late in the run, where the sources are deleted.
        let delay = if kill % 2 == 0 {
            rng.below(span + 1)
        } else {
            late += 1;
            span / 2 + rng.below(span / 2 + 1)
        };
        if run_and_kill(&src, &targets, Duration::from_micros(delay as u64)) {
            finished_anyway += 1;
        }
        // Nothing lost: every match is byte-identical in at least one directory.
        let found = exports(&all);
        for (id, json) in &original {
            assert!(
                found.iter().any(|(i, _, j)| i == id && j == json),
                "kill {kill} after {delay} µs: match {id} is whole nowhere"
            );
        }
        // The rerun completes: every match in its target, byte for byte, none in the source.
        let out = command(&src, &targets).output().unwrap();
        assert!(
            out.status.success(),
            "kill {kill} after {delay} µs: the rerun failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let after = exports(&all);
        assert_eq!(after.len(), original.len(), "kill {kill}: every match once");
        for (id, dir, json) in &after {
            assert_eq!(json, &original[id], "kill {kill}: match {id} changed");
            let guild = serde_json::from_slice::<MatchExport>(json).unwrap().meta.guild.unwrap();
            assert_eq!(*dir, 1 + shard_of(guild, TOTAL) as usize, "kill {kill}: match {id} in its target");
        }
    }
    let _ = std::fs::remove_dir_all(&root);
    eprintln!(
        "{kills} kills ({late} late), {finished_anyway} after the run had finished; the run takes {span} µs"
    );
}
