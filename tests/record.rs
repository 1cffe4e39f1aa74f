//! The server's record (issue 38) at the service: an entry per ended match, written however it
//! ended; `/game stats` and `/game history` summed from it (running matches counted from memory
//! only); a moderator's exclusion; `holonet reindex` rebuilding the same index; nothing of a
//! running match's secrets in any of it; clear refusals that change nothing.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use holonet::engine::rebellion::MatchOptions;
use holonet::games::game::Game;
use holonet::games::rebellion::Rebellion;
use holonet::service::community::record::{Ending, RecordEntry, RecordError, reindex};
use holonet::service::community::stats::{StatsQuery, wilson};
use holonet::service::{Answer, Caller, Community, Service};
use holonet::store::{DocKind, MatchStore, MemoryStore};

const REBEL: Caller = Caller { user: 1, moderator: false };
const EMPIRE: Caller = Caller { user: 2, moderator: false };
const MODERATOR: Caller = Caller { user: 9, moderator: true };
const GUILD: Option<u64> = Some(7);
const DAY: u64 = 86_400;

fn quick() -> MatchOptions {
    MatchOptions { quick_setup: true, ..Default::default() }
}

/// A service and a community on one store, both on a clock the test moves.
struct Server {
    store: Arc<MemoryStore>,
    svc: Service<Rebellion>,
    community: Community,
    now: Arc<AtomicU64>,
}

impl Server {
    fn new() -> Self {
        holonet::content::init().unwrap();
        let store = Arc::new(MemoryStore::new());
        let now = Arc::new(AtomicU64::new(DAY));
        let (a, b) = (now.clone(), now.clone());
        let svc = Service::with_clock(store.clone(), Box::new(move || a.load(Ordering::SeqCst)));
        let community = Community::with_clock(store.clone(), Box::new(move || b.load(Ordering::SeqCst)));
        Server { store, svc, community, now }
    }

    fn at(&self, t: u64) {
        self.now.store(t, Ordering::SeqCst);
    }

    /// A started two-player match in `channel` of `guild`.
    fn start(&self, channel: u64, guild: Option<u64>, seed: u64) {
        self.svc.create(channel, guild, REBEL, quick(), Some(seed)).unwrap();
        self.svc.join(channel, REBEL, Some("rebel")).unwrap();
        self.svc.join(channel, EMPIRE, Some("empire")).unwrap();
        self.svc.start(channel, REBEL).unwrap();
    }

    /// Answers `n` decisions (all when `None`) with options picked by a fixed stream.
    fn play(&self, channel: u64, n: Option<usize>) {
        let mut pick: u64 = channel;
        for _ in 0..n.unwrap_or(20_000) {
            let Some(p) = self.svc.prompt(channel).unwrap() else { return };
            pick = pick.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let index = (pick >> 33) as usize % p.options.len();
            let user = p.user.expect("a seated decider");
            self.svc
                .act(channel, Caller { user, moderator: false }, Answer::Option { key: p.key(), index })
                .unwrap();
        }
        assert!(n.is_some(), "the match in {channel} ends");
    }

    fn winner(&self, channel: u64) -> Option<String> {
        Rebellion::facts(&self.svc.state(channel).unwrap().unwrap()).winner
    }

    fn rounds(&self, channel: u64) -> u32 {
        Rebellion::facts(&self.svc.state(channel).unwrap().unwrap()).rounds
    }

    fn record(&self) -> Vec<(String, Vec<u8>)> {
        self.store.docs(DocKind::Record).unwrap()
    }

    fn stats(&self, player: Option<u64>) -> holonet::service::community::stats::Stats {
        let query = StatsQuery { guild: GUILD, game: None, player };
        self.community.stats(&query, &self.svc.running()).unwrap()
    }
}

/// Two matches played to their end by the rules (channels 1 and 2, ended on days 3 and 5), one
/// cancelled by a moderator (3), one running (4), one on another server (5).
fn server() -> Server {
    let s = Server::new();
    s.start(1, GUILD, 11);
    s.start(2, GUILD, 12);
    s.start(3, GUILD, 13);
    s.start(4, GUILD, 14);
    s.start(5, Some(8), 15);
    s.at(3 * DAY);
    s.play(1, None);
    s.at(5 * DAY);
    s.play(2, None);
    s.play(3, Some(5));
    s.svc.end(3, MODERATOR).unwrap();
    s.play(4, Some(5));
    s.play(5, None);
    s
}

#[test]
fn two_ended_matches_give_the_right_counts_shares_and_history() {
    let s = server();
    let stats = s.stats(Some(REBEL.user));
    assert_eq!(stats.modes.len(), 1, "{stats:?}");
    let m = &stats.modes[0];
    assert_eq!((m.game.as_str(), &m.variant), ("rebellion", &None));
    assert_eq!((m.played, m.running, m.finished), (3, 1, 2), "the other server's match is not counted");
    let winners = [s.winner(1).unwrap(), s.winner(2).unwrap()];
    for side in ["rebel", "empire"] {
        let wins = winners.iter().filter(|w| *w == side).count();
        let share = m.sides.iter().find(|x| x.side == side).expect("both sides listed");
        assert_eq!(share.wins, wins, "{side}");
        assert!((share.share - wins as f64 / 2.0).abs() < 1e-9);
        assert_eq!(share.interval, wilson(wins, 2));
    }
    let rounds = (s.rounds(1) + s.rounds(2)) as f64 / 2.0;
    assert!((m.rounds.unwrap() - rounds).abs() < 1e-9, "{m:?}");
    // Created on day 1, ended on days 3 and 5.
    assert!((m.days.unwrap() - 3.0).abs() < 1e-9, "{m:?}");
    // The Rebel player's record: three matches as the Rebels, the cancelled one neither won nor lost.
    let (who, mine) = stats.player.clone().unwrap();
    assert_eq!(who, REBEL.user);
    let rebel_wins = winners.iter().filter(|w| *w == "rebel").count();
    assert_eq!(
        mine.iter().map(|r| (r.side.as_str(), r.played, r.won, r.lost)).collect::<Vec<_>>(),
        vec![("rebel", 3, rebel_wins, 2 - rebel_wins)]
    );
    assert!(stats.computer.is_empty() && stats.excluded == 0);
    assert_eq!(stats.trends.len(), 1);
    assert_eq!(stats.trends[0].points.len(), 2);

    let history = s.community.history(GUILD, None, 10).unwrap();
    let channels: Vec<u64> = history.iter().map(|e| e.channel).collect();
    assert_eq!(channels, vec![3, 2, 1], "the latest first; {history:?}");
    assert_eq!(history[0].ending, Ending::Moderator);
    assert_eq!((history[1].ending, history[1].winner.clone()), (Ending::Rules, s.winner(2)));
    assert_eq!(history[2].players.get("empire"), Some(&EMPIRE.user));
    assert_eq!((history[2].created_at, history[2].ended_at), (DAY, 3 * DAY));
    assert_eq!(s.community.history(Some(8), None, 10).unwrap().len(), 1);
}

#[test]
fn an_excluded_match_drops_out_of_the_figures_and_can_come_back() {
    let s = server();
    let before = s.stats(None);
    let text = s.svc.set_record_excluded(1, GUILD, MODERATOR, true).unwrap();
    assert!(text.contains("<#1>") && text.contains("left out"), "{text}");
    let after = s.stats(None);
    assert_eq!((after.modes[0].played, after.modes[0].finished, after.excluded), (2, 1, 1));
    assert!(s.community.history(GUILD, None, 10).unwrap().iter().all(|e| e.channel != 1));
    // Kept with the match (exports and reshard carry it) and mirrored in its entry.
    let meta = s.store.load_meta("1").unwrap().unwrap();
    assert!(meta.record_excluded);
    let entries = s.community.entries(GUILD).unwrap();
    assert!(entries.iter().any(|(_, e)| e.channel == 1 && e.excluded));
    // After a restart (ended matches are not loaded again) a moderator puts it back.
    let again: Service<Rebellion> = Service::new(s.store.clone());
    again.load_all().unwrap();
    again.set_record_excluded(1, GUILD, MODERATOR, false).unwrap();
    assert_eq!(s.stats(None).modes, before.modes);
    assert!(!s.store.load_meta("1").unwrap().unwrap().record_excluded);
}

#[test]
fn reindex_rebuilds_the_same_index_and_keeps_what_only_the_record_holds() {
    let s = server();
    s.svc.set_record_excluded(2, GUILD, MODERATOR, true).unwrap();
    let built = s.record();
    assert_eq!(built.len(), 4, "three ended matches here, one on the other server; none running");
    for (key, _) in &built {
        s.store.delete_doc(DocKind::Record, key).unwrap();
    }
    let report = reindex(&*s.store).unwrap();
    assert_eq!((report.written, report.kept, report.removed), (4, 0, 0));
    assert_eq!(s.record(), built, "the same entries, byte for byte");
    // A new match in channel 3 replaces the ended one in the store: its entry stays.
    s.svc.create(3, GUILD, REBEL, quick(), Some(99)).unwrap();
    let report = reindex(&*s.store).unwrap();
    assert_eq!((report.written, report.kept), (3, 1));
    assert_eq!(s.record(), built);
    // An unreadable entry is removed.
    s.store.put_doc(DocKind::Record, "junk", b"{").unwrap();
    assert_eq!(reindex(&*s.store).unwrap().removed, 1);
    assert_eq!(s.record(), built);
}

#[test]
fn an_imported_ended_match_has_one_entry_wherever_it_lands() {
    let s = server();
    let export = s.svc.export(1, REBEL).unwrap().file.unwrap().1;
    // Into another channel of this store: the same match, so its entry moves rather than doubles.
    s.svc.import(21, MODERATOR, &export).unwrap();
    let entries = s.community.entries(GUILD).unwrap();
    assert_eq!(entries.len(), 3, "{entries:?}");
    assert!(entries.iter().any(|(_, e)| e.channel == 21) && entries.iter().all(|(_, e)| e.channel != 1));
    // Into a fresh store: the entry comes with it.
    let fresh = Server::new();
    fresh.svc.import(1, MODERATOR, &export).unwrap();
    let there: Vec<RecordEntry> =
        fresh.community.entries(GUILD).unwrap().into_iter().map(|(_, e)| e).collect();
    assert_eq!(there.len(), 1);
    assert_eq!((there[0].winner.clone(), there[0].rounds), (s.winner(1), s.rounds(1)));
}

#[test]
fn a_running_match_never_enters_the_record_and_its_secrets_never_reach_the_stats() {
    // Twins: the same match but for the seed, which deals other hidden cards.
    let twins: Vec<Server> = (0..2)
        .map(|i| {
            let s = Server::new();
            s.start(1, GUILD, 100 + i);
            s.play(1, Some(30));
            s
        })
        .collect();
    for s in &twins {
        assert!(s.record().is_empty(), "a running match has no entry");
    }
    let [a, b] = [&twins[0], &twins[1]];
    assert_eq!(a.stats(Some(REBEL.user)), b.stats(Some(REBEL.user)));
    assert_eq!(a.stats(None).modes[0].running, 1);
    // Ended, only public facts are kept: no hand, no base, no card.
    a.svc.end(1, MODERATOR).unwrap();
    let (_, bytes) = &a.record()[0];
    let text = String::from_utf8(bytes.clone()).unwrap();
    let state = a.svc.state(1).unwrap().unwrap();
    for seat in ["rebel", "empire"] {
        for line in Rebellion::private_text(&state, seat).lines().filter(|l| l.len() > 12) {
            assert!(!text.contains(line.trim()), "{line} in {text}");
        }
    }
    let entry: RecordEntry = serde_json::from_slice(bytes).unwrap();
    assert_eq!((entry.ending, entry.winner), (Ending::Moderator, None));
}

#[test]
fn bad_input_gets_a_clear_error_and_changes_nothing() {
    let s = server();
    let before = s.record();
    let query = StatsQuery { guild: GUILD, game: Some("chess".into()), player: None };
    let e = s.community.stats(&query, &[]).unwrap_err();
    assert!(matches!(e, RecordError::UnknownGame(_)));
    assert!(e.to_string().contains("rebellion, evr"), "{e}");
    assert!(matches!(s.community.history(GUILD, Some("chess"), 10), Err(RecordError::UnknownGame(_))));
    let e = s.svc.set_record_excluded(1, GUILD, REBEL, true).unwrap_err();
    assert!(matches!(e, RecordError::NotModerator), "{e}");
    assert_eq!(e.to_string(), "only moderators can leave a match out of the record");
    let e = s.svc.set_record_excluded(77, GUILD, MODERATOR, true).unwrap_err();
    assert!(matches!(e, RecordError::NoMatch), "{e}");
    let e = s.svc.set_record_excluded(5, GUILD, MODERATOR, true).unwrap_err();
    assert!(matches!(e, RecordError::NoMatch), "another server's match: {e}");
    let e = s.svc.set_record_excluded(4, GUILD, MODERATOR, true).unwrap_err();
    assert!(e.to_string().contains("being played; only an ended match"), "{e}");
    let e = s.svc.set_record_excluded(1, GUILD, MODERATOR, false).unwrap_err();
    assert_eq!(e.to_string(), "that match is already in the record");
    assert_eq!(s.record(), before);
    assert!(!s.store.load_meta("4").unwrap().unwrap().record_excluded);
}

#[test]
fn holonet_reindex_rebuilds_a_data_directorys_record() {
    holonet::content::init().unwrap();
    let dir = std::env::temp_dir().join(format!("holonet-reindex-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("data");
    let config = dir.join("config.toml");
    std::fs::write(&config, format!("token = \"t\"\ndata_dir = {:?}\n", data.display().to_string())).unwrap();
    let built = {
        let store = Arc::new(holonet::store::SledStore::open(&data).unwrap());
        let svc: Service<Rebellion> = Service::new(store.clone());
        svc.create(1, GUILD, REBEL, quick(), Some(3)).unwrap();
        svc.join(1, REBEL, Some("rebel")).unwrap();
        svc.join(1, EMPIRE, Some("empire")).unwrap();
        svc.start(1, REBEL).unwrap();
        svc.cancel(1, MODERATOR).unwrap();
        let built = store.docs(DocKind::Record).unwrap();
        assert_eq!(built.len(), 1);
        store.delete_doc(DocKind::Record, &built[0].0).unwrap();
        store.flush().unwrap();
        built
    };
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_holonet"))
        .args(["reindex", "--config", config.to_str().unwrap()])
        .env_remove("HOLONET_DATA_DIR")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.starts_with("rebuilt the record from the stored matches: 1 entries written, 0 kept"),
        "{said}"
    );
    let store = holonet::store::SledStore::open(&data).unwrap();
    assert_eq!(store.docs(DocKind::Record).unwrap(), built);
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_way_of_ending_is_recorded_as_such_and_a_cancelled_lobby_is_not_a_match_played() {
    let s = Server::new();
    s.start(1, GUILD, 1);
    s.svc.cancel(1, MODERATOR).unwrap();
    s.start(2, GUILD, 2);
    s.play(2, Some(3));
    assert_eq!(s.svc.archive_channel(2, "its channel was deleted").unwrap(), 1);
    s.start(3, GUILD, 3);
    s.svc.end(3, MODERATOR).unwrap();
    s.svc.create(4, GUILD, REBEL, quick(), Some(4)).unwrap();
    s.svc.cancel(4, REBEL).unwrap();
    s.start(5, GUILD, 5);
    assert_eq!(s.svc.archive_guild(7, "the server removed Holonet").unwrap(), 1);
    let mut endings: Vec<(u64, Ending)> =
        s.community.entries(GUILD).unwrap().into_iter().map(|(_, e)| (e.channel, e.ending)).collect();
    endings.sort_by_key(|(c, _)| *c);
    assert_eq!(
        endings,
        vec![
            (1, Ending::Cancelled),
            (2, Ending::ChannelGone),
            (3, Ending::Moderator),
            (5, Ending::ServerLeft)
        ]
    );
    let e = s.svc.set_record_excluded(4, GUILD, MODERATOR, true).unwrap_err();
    assert!(matches!(e, RecordError::NeverStarted), "{e}");
    // Reindex agrees, the cancelled lobby included.
    let built = s.record();
    assert_eq!(reindex(&*s.store).unwrap().written, 4);
    assert_eq!(s.record(), built);
}
