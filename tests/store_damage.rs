//! A damaged store record (truncated or garbled JSON, an unreplayable log) for one match does
//! not stop the others: that channel is put on hold, reported, refuses every command with one
//! clear sentence, and comes back when a moderator imports an export. A store opened while
//! the previous handle is still letting go of it waits for the file lock.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use holonet::engine::rebellion::MatchOptions;
use holonet::games::rebellion::Rebellion;
use holonet::service::{Answer, Caller, Service, ServiceError};
use holonet::store::{MatchStore, SledStore};

const REBEL: Caller = Caller { user: 1, moderator: false };
const EMPIRE: Caller = Caller { user: 2, moderator: false };
const MOD: Caller = Caller { user: 9, moderator: true };

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("holonet-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn open(dir: &Path) -> Service<Rebellion> {
    let store: Arc<dyn MatchStore> = Arc::new(SledStore::open(dir).expect("store opens"));
    Service::new(store)
}

/// Starts a quick-setup match in `channel` and plays `moves` first options.
fn play(svc: &Service<Rebellion>, channel: u64, moves: usize) {
    svc.create(
        channel,
        Some(7),
        REBEL,
        MatchOptions { quick_setup: true, ..Default::default() },
        Some(channel),
    )
    .unwrap();
    svc.join(channel, REBEL, Some("rebel")).unwrap();
    svc.join(channel, EMPIRE, Some("empire")).unwrap();
    svc.start(channel, REBEL).unwrap();
    for _ in 0..moves {
        let p = svc.prompt(channel).unwrap().expect("a prompt");
        let who = Caller { user: p.user.expect("seated"), moderator: false };
        svc.act(channel, who, Answer::Option { key: p.key(), index: 0 }).unwrap();
    }
}

/// Overwrites one raw record of the sled database (the store is closed).
fn garble(dir: &Path, tree: &str, key_prefix: &[u8], f: impl Fn(&[u8]) -> Vec<u8>) {
    let db = sled::open(dir).expect("raw open");
    let t = db.open_tree(tree).expect("tree");
    let (k, v) = t.scan_prefix(key_prefix).next().expect("a record to damage").expect("read");
    t.insert(k, f(&v)).expect("write");
    db.flush().expect("flush");
}

#[test]
fn a_damaged_match_is_set_aside_and_restored_from_an_export() {
    let dir = temp_dir("damage");
    let (export, state_of_2, state_of_1) = {
        let svc = open(&dir);
        for ch in 1..=3 {
            play(&svc, ch, 20);
        }
        let export = svc.export(2, MOD).unwrap().file.expect("an export file").1;
        (export, svc.state(2).unwrap(), svc.state(1).unwrap())
    };
    // Channel 2: its metadata cut in half. Channel 3: a log entry that is not JSON.
    garble(&dir, "meta", b"2", |v| v[..v.len() / 2].to_vec());
    let mut key = b"3".to_vec();
    key.push(0);
    garble(&dir, "log", &key, |_| b"\x00not json".to_vec());

    // A start reads metadata only: channel 2 is set aside at once; channel 3's log is found
    // damaged on first use (here by its first command), or by the check that replays all.
    let lazy = open(&dir);
    assert_eq!(lazy.load_all().unwrap(), 2, "metadata of channels 1 and 3 reads");
    assert_eq!(lazy.damaged().into_iter().map(|(ch, _)| ch).collect::<Vec<_>>(), vec![2]);
    assert!(matches!(lazy.prompt(3), Err(ServiceError::Damaged)), "found when first used");
    assert_eq!(lazy.damaged().into_iter().map(|(ch, _)| ch).collect::<Vec<_>>(), vec![2, 3]);
    drop(lazy);
    let svc = open(&dir);
    assert_eq!(svc.load_all().unwrap(), 2);
    assert_eq!(svc.check_all(), vec![3], "the check replays every match");
    let damaged: Vec<u64> = svc.damaged().into_iter().map(|(ch, _)| ch).collect();
    assert_eq!(damaged, vec![2, 3]);
    assert_eq!(svc.state(1).unwrap(), state_of_1);
    let p = svc.prompt(1).unwrap().expect("channel 1 plays on");
    svc.act(1, Caller { user: p.user.unwrap(), moderator: false }, Answer::Option { key: p.key(), index: 0 })
        .expect("a move in a sound channel");

    // The damaged channels refuse everything with one sentence, and are not overwritten.
    for ch in [2, 3] {
        let err = svc.status(ch, holonet::service::Caller { user: 1, moderator: false }).unwrap_err();
        assert!(matches!(err, ServiceError::Damaged));
        let text = err.to_string();
        assert!(text.contains("/mod import") && !text.contains('\n'), "{text}");
        assert!(matches!(svc.act(ch, REBEL, Answer::Command("done".into())), Err(ServiceError::Damaged)));
        let fresh = svc.create(ch, Some(7), REBEL, MatchOptions::default(), None);
        assert!(matches!(fresh, Err(ServiceError::Damaged)), "a new match would overwrite the records");
    }

    // A moderator restores channel 2 from its export; channel 3 stays on hold.
    assert!(matches!(svc.import(2, REBEL, &export), Err(ServiceError::NotModerator)));
    svc.import(2, MOD, &export).unwrap();
    assert_eq!(svc.state(2).unwrap(), state_of_2);
    assert_eq!(svc.damaged().into_iter().map(|(ch, _)| ch).collect::<Vec<_>>(), vec![3]);
    drop(svc);

    // The restored records are sound after another restart.
    let svc = open(&dir);
    assert_eq!(svc.load_all().unwrap(), 3);
    assert_eq!(svc.check_all(), vec![3]);
    assert_eq!(svc.state(2).unwrap(), state_of_2);
    drop(svc);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unreadable_snapshot_is_skipped_and_the_log_replayed() {
    let dir = temp_dir("damage-snapshot");
    let state = {
        let svc = open(&dir);
        play(&svc, 5, holonet::service::SNAPSHOT_EVERY as usize + 3);
        svc.state(5).unwrap()
    };
    garble(&dir, "snapshot", b"5", |v| v[..v.len() - 10].to_vec());
    let svc = open(&dir);
    assert_eq!(svc.load_all().unwrap(), 1);
    assert!(svc.damaged().is_empty());
    assert_eq!(svc.state(5).unwrap(), state, "the log rebuilds the same match");
    drop(svc);
    let _ = std::fs::remove_dir_all(&dir);
}

/// sled lets go of a database's file lock from a background thread a moment after its last
/// handle is dropped: a store opened meanwhile (reshard, an import right after another, a
/// local match reopened at once) waits for the lock instead of failing.
#[test]
fn a_store_opened_while_the_last_handle_lets_go_waits_for_the_lock() {
    let dir = temp_dir("lock-wait");
    let first = SledStore::open(&dir).expect("store opens");
    let holder = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(300));
        drop(first);
    });
    let second = SledStore::open(&dir);
    holder.join().unwrap();
    assert!(second.is_ok(), "the second handle waited for the lock: {:?}", second.err());
    drop(second);
    let _ = std::fs::remove_dir_all(&dir);
}
