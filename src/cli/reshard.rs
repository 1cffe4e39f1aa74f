//! `holonet reshard`: moves every stored match to the data directory of the cluster process
//! that will own its guild under a new number of shards, offline (the bot stopped: sled lets one
//! process open a directory at a time).
//!
//! Each match travels as its export file (`MatchExport`, the JSON `/mod export` writes) and is
//! written back from it, so what a process loads afterwards is exactly what an export said. The
//! order makes every failure recoverable by running the same command again:
//! 1. read every source match and plan; refuse (changing nothing) if a record cannot be read
//!    (unless told to leave such matches where they are: `Mode::leave_unreadable`), a match is
//!    in two sources, or a target already holds another match of the same channel;
//! 2. write every moving match into its target (log first, metadata last: a match half-written
//!    when the process died has no metadata, is not listed, and is rewritten on the next run);
//! 3. read every written match back and compare its export with the source's, byte for byte;
//! 4. only then delete the moved matches from their sources.
//!
//! Players' settings (`DocKind::Player`) go to every target that has none of its own for them;
//! a server's settings and open lobbies (`DocKind::Server`, `DocKind::Lobby`) to the process
//! owning the server, like its matches.
//! The server's record (`DocKind::Record`) follows: before step 4 each entry goes to the process
//! owning its server and each moved ended match's entry is rebuilt in its target; the sources'
//! copies are deleted with the matches.
//!
//! A target that already holds the very same export (a run stopped after step 2 or during step
//! 4) counts as copied. The `i`-th target directory is the process running the `i`-th range of
//! [`split`]; a match without a guild stays with the process of shard 0, where Discord sends
//! direct messages.

use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::deploy::cluster::{ClusterError, Shards, shard_of_match, split};
use crate::service::community::lobby::Lobby;
use crate::service::community::record::{RecordEntry, entry_of_stored};
use crate::store::{DocKind, MatchExport, MatchStatus, MatchStore, SledStore, StoreError, docs};

/// Why a reshard stopped.
#[derive(Debug, thiserror::Error)]
pub enum ReshardError {
    /// The new layout is impossible.
    #[error("{0}")]
    Cluster(#[from] ClusterError),
    /// A source directory does not exist.
    #[error("{0} is not a data directory (a source must exist)")]
    NoSource(PathBuf),
    /// A directory is named twice.
    #[error("{0} is named twice; every data directory is one process's")]
    Repeated(PathBuf),
    /// A store could not be opened, read or written.
    #[error("{dir}: {source}")]
    Store {
        /// The data directory.
        dir: PathBuf,
        /// The failure.
        source: StoreError,
    },
    /// Some stored matches cannot be read; nothing was moved.
    #[error(
        "nothing was moved: these stored matches cannot be read (restore each from an export with \
         `holonet import` and run reshard again, or run it with --leave-unreadable to move the \
         others and leave these where they are):\n{}", lines(.0)
    )]
    Unreadable(Vec<String>),
    /// One channel's match is in two source directories.
    #[error("nothing was moved: the match of channel {id} is stored in both {} and {}; keep one", .dirs.0.display(), .dirs.1.display())]
    Duplicate {
        /// The match id (its channel).
        id: String,
        /// The two directories.
        dirs: (PathBuf, PathBuf),
    },
    /// Targets already hold other matches of the same channels.
    #[error("nothing was moved: refusing to overwrite these matches in their targets:\n{}", lines(.0))]
    Occupied(Vec<String>),
    /// The plan could not be printed.
    #[error("cannot print the plan: {0}")]
    Output(std::io::Error),
    /// A written match does not read back as its source's export; the sources are kept.
    #[error(
        "the copy of match {id} in {} differs from its source; every source was kept (the \
         copies can be deleted from the targets, or the command run again)", .dir.display()
    )]
    Mismatch {
        /// The match id.
        id: String,
        /// The target directory.
        dir: PathBuf,
    },
}

fn lines(items: &[String]) -> String {
    items.iter().map(|l| format!("  {l}")).collect::<Vec<_>>().join("\n")
}

/// One match that changes directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The match id (its channel).
    pub id: String,
    /// Its guild, if known.
    pub guild: Option<u64>,
    /// Its shard under the new total.
    pub shard: u32,
    /// Its life stage.
    pub status: MatchStatus,
    /// The source directory's index among `--from`.
    pub from: usize,
    /// The target directory's index among `--to`.
    pub to: usize,
    /// Whether the target already holds this very export (a run that stopped midway).
    pub copied: bool,
    /// Whether the source holds only the end of the target's copy: a run of an earlier version
    /// was stopped while deleting it (its first actions went first), and the target's copy,
    /// which verifies, is the match.
    pub partly_deleted: bool,
}

/// What a reshard did (or, dry, would do).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// The matches that change directory.
    pub moves: Vec<Move>,
    /// Matches already in the directory of their process.
    pub staying: usize,
    /// Matches that cannot be read, left untouched in their source (with `--leave-unreadable`).
    pub left: Vec<Unreadable>,
}

/// A stored match that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    /// The match id (its channel).
    pub id: String,
    /// The source directory's index among `--from`.
    pub from: usize,
    /// Why it cannot be read.
    pub reason: String,
}

/// How a reshard runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mode {
    /// Print what would move and change nothing.
    pub dry_run: bool,
    /// Move the matches that read and leave those that cannot be read untouched in their
    /// source, instead of refusing to move anything.
    pub leave_unreadable: bool,
}

/// The open stores, each directory once (a directory may be a source and a target).
struct Stores {
    open: HashMap<PathBuf, SledStore>,
}

/// A directory's identity: its canonical path, also when it does not exist yet (then the
/// canonical path of its nearest existing ancestor followed by the rest, `.` and `..` resolved),
/// so that `N1` and `/work/N1` name one new directory.
fn key(dir: &Path) -> PathBuf {
    if let Ok(path) = dir.canonicalize() {
        return path;
    }
    let mut plain = PathBuf::new();
    for c in std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf()).components() {
        match c {
            std::path::Component::ParentDir => {
                plain.pop();
            }
            std::path::Component::CurDir => {}
            c => plain.push(c),
        }
    }
    let mut rest = vec![];
    while !plain.exists()
        && let Some(name) = plain.file_name()
    {
        rest.push(name.to_owned());
        plain.pop();
    }
    let mut out = plain.canonicalize().unwrap_or(plain);
    out.extend(rest.iter().rev());
    out
}

impl Stores {
    fn get(&self, dir: &Path) -> Option<&SledStore> {
        self.open.get(&key(dir))
    }

    fn open(&mut self, dir: &Path) -> Result<(), ReshardError> {
        if self.get(dir).is_none() {
            let store =
                SledStore::open(dir).map_err(|source| ReshardError::Store { dir: dir.into(), source })?;
            self.open.insert(key(dir), store);
        }
        Ok(())
    }
}

/// A match read from a source: its export file and what the plan needs.
struct Source {
    json: Vec<u8>,
    guild: Option<u64>,
    status: MatchStatus,
    from: usize,
}

/// A store failure in a directory.
fn store_err(dir: &Path) -> impl Fn(StoreError) -> ReshardError + '_ {
    move |source| ReshardError::Store { dir: dir.to_path_buf(), source }
}

/// The export of a stored match, if there is one.
fn export_of(store: &SledStore, id: &str) -> Result<Option<Vec<u8>>, StoreError> {
    store.load(id)?.map(|m| MatchExport::of(&m).to_json()).transpose()
}

/// Whether `source` is what an interrupted deletion of the match `target` holds left: the same
/// metadata, and a log that is a proper end of the target's (earlier versions deleted a match's
/// actions from the first one on, then its metadata), while the target's copy verifies (its
/// commitment holds and every action replays from its seed).
fn partly_deleted(source: &[u8], target: &[u8]) -> bool {
    let (Ok(s), Ok(t)) =
        (serde_json::from_slice::<MatchExport>(source), serde_json::from_slice::<MatchExport>(target))
    else {
        return false;
    };
    s.meta == t.meta
        && s.log.len() < t.log.len()
        && t.log.ends_with(&s.log)
        && crate::service::verify::verify_bytes(target).is_ok()
}

/// Writes a match from its export file: the log, then the metadata (see the module notes).
fn restore(store: &SledStore, json: &[u8]) -> Result<(), StoreError> {
    let export: MatchExport = serde_json::from_slice(json)
        .map_err(|e| StoreError::Corrupt { id: "(export)".into(), detail: e.to_string() })?;
    let id = export.meta.id.clone();
    store.truncate(&id, 0)?;
    for (i, entry) in export.log.iter().enumerate() {
        store.append(&id, i as u64, entry)?;
    }
    store.put_meta(&export.meta)
}

/// Moves every match of the `from` directories to the `to` directory of the process owning its
/// guild among `total` shards (see the module notes), printing the layout and each move to
/// `out`. A dry run prints the same and changes nothing (and creates no directory).
pub fn reshard(
    from: &[PathBuf],
    to: &[PathBuf],
    total: u32,
    mode: Mode,
    out: &mut dyn Write,
) -> Result<Report, ReshardError> {
    let Mode { dry_run, leave_unreadable } = mode;
    let layout: Vec<Shards> = split(total, to.len())?;
    for dirs in [from, to] {
        for (i, d) in dirs.iter().enumerate() {
            if dirs[..i].iter().any(|e| key(e) == key(d)) {
                return Err(ReshardError::Repeated(d.clone()));
            }
        }
    }
    let mut stores = Stores { open: HashMap::new() };
    for dir in from {
        if !dir.is_dir() {
            return Err(ReshardError::NoSource(dir.clone()));
        }
        stores.open(dir)?;
    }
    for dir in to {
        // Nothing is created before the plan holds (a refused or dry run leaves no new
        // directory behind): a target that does not exist yet is empty.
        if dir.is_dir() {
            stores.open(dir)?;
        }
    }

    // 1. Read and plan.
    let mut sources: BTreeMap<String, Source> = BTreeMap::new();
    let mut unreadable = vec![];
    for (i, dir) in from.iter().enumerate() {
        let store = stores.get(dir).expect("opened above");
        for id in store.list().map_err(store_err(dir))? {
            let read = store.load(&id).and_then(|m| {
                let m = m.ok_or_else(|| StoreError::Corrupt { id: id.clone(), detail: "vanished".into() })?;
                Ok((MatchExport::of(&m).to_json()?, m.meta.guild, m.meta.status))
            });
            match read {
                Ok((json, guild, status)) => {
                    if let Some(other) = sources.get(&id) {
                        let dirs = (from[other.from].clone(), dir.clone());
                        return Err(ReshardError::Duplicate { id, dirs });
                    }
                    sources.insert(id, Source { json, guild, status, from: i });
                }
                Err(e) => unreadable.push(Unreadable { id, from: i, reason: e.to_string() }),
            }
        }
    }
    // A channel readable in one source and not in another is stored twice: which to keep is
    // the operator's call, as for any duplicate.
    if let Some(u) = unreadable.iter().find(|u| sources.contains_key(&u.id)) {
        let dirs = (from[sources[&u.id].from].clone(), from[u.from].clone());
        return Err(ReshardError::Duplicate { id: u.id.clone(), dirs });
    }
    if !unreadable.is_empty() && !leave_unreadable {
        let listed = unreadable
            .iter()
            .map(|u| format!("channel {} in {}: {}", u.id, from[u.from].display(), u.reason));
        return Err(ReshardError::Unreadable(listed.collect()));
    }
    let mut report = Report { left: unreadable, ..Report::default() };
    let (mut occupied, mut partial) = (vec![], vec![]);
    for (id, s) in &sources {
        let shard = shard_of_match(s.guild, total);
        let t = layout.iter().position(|l| l.runs(shard)).expect("the layout covers every shard");
        if key(&from[s.from]) == key(&to[t]) {
            report.staying += 1;
            continue;
        }
        let held = match stores.get(&to[t]) {
            Some(store) => export_of(store, id).map_err(store_err(&to[t]))?,
            None => None,
        };
        let (copied, partly_deleted) = match held {
            Some(json) if json == s.json => (true, false),
            Some(json) if partly_deleted(&s.json, &json) => {
                partial.push((id.clone(), json));
                (true, true)
            }
            Some(_) => {
                occupied.push(format!("channel {id} in {}", to[t].display()));
                (false, false)
            }
            None => (false, false),
        };
        report.moves.push(Move {
            id: id.clone(),
            guild: s.guild,
            shard,
            status: s.status,
            from: s.from,
            to: t,
            copied,
            partly_deleted,
        });
    }
    if !occupied.is_empty() {
        return Err(ReshardError::Occupied(occupied));
    }
    // The target's whole copy is the match now: read back against it, then delete the rest.
    for (id, json) in partial {
        sources.get_mut(&id).expect("planned from the sources").json = json;
    }
    print_plan(out, (from, to), &layout, &report, dry_run).map_err(ReshardError::Output)?;
    if dry_run {
        return Ok(report);
    }
    for dir in to {
        stores.open(dir)?;
    }

    // 2. Write every moving match into its target.
    for m in report.moves.iter().filter(|m| !m.copied) {
        let store = stores.get(&to[m.to]).expect("opened above");
        restore(store, &sources[&m.id].json).map_err(store_err(&to[m.to]))?;
    }
    for dir in to {
        stores.get(dir).expect("opened above").flush().map_err(store_err(dir))?;
    }
    // 3. Read every copy back.
    for m in &report.moves {
        let store = stores.get(&to[m.to]).expect("opened above");
        let back = export_of(store, &m.id).map_err(store_err(&to[m.to]))?;
        if back.as_deref() != Some(sources[&m.id].json.as_slice()) {
            return Err(ReshardError::Mismatch { id: m.id.clone(), dir: to[m.to].clone() });
        }
    }
    // The seal keys of the sources go to every target, so that an export sealed during play
    // before the move still restores its match after it (`MatchStore::seal_keys`).
    let mut keys = vec![];
    for dir in from {
        keys.extend(stores.get(dir).expect("opened above").held_seal_keys().map_err(store_err(dir))?);
    }
    for dir in to {
        let store = stores.get(dir).expect("opened above");
        store.inherit_seal_keys(&keys).map_err(store_err(dir))?;
        store.flush().map_err(store_err(dir))?;
    }
    // The server's record follows the matches.
    let entries = carry_record(&stores, (from, to), &layout, total, &report.moves)?;
    carry_players(&stores, (from, to))?;
    let servers = carry_servers(&stores, (from, to), &layout, total)?;
    // 4. Only now delete the moved matches from their sources, and their record.
    for m in &report.moves {
        let store = stores.get(&from[m.from]).expect("opened above");
        store.delete(&m.id).map_err(store_err(&from[m.from]))?;
    }
    for (i, k) in &entries {
        stores
            .get(&from[*i])
            .expect("opened above")
            .delete_doc(DocKind::Record, k)
            .map_err(store_err(&from[*i]))?;
    }
    for (i, kind, k) in &servers {
        stores.get(&from[*i]).expect("opened above").delete_doc(*kind, k).map_err(store_err(&from[*i]))?;
    }
    for dir in from {
        stores.get(dir).expect("opened above").flush().map_err(store_err(dir))?;
    }
    Ok(report)
}

/// A server's own documents go to the process owning the server: its settings (keyed by the
/// guild) and its open lobbies (each names its guild). Returns the source documents to delete
/// once the matches are. One that cannot be read stays where it is.
fn carry_servers(
    stores: &Stores,
    (from, to): (&[PathBuf], &[PathBuf]),
    layout: &[Shards],
    total: u32,
) -> Result<Vec<(usize, DocKind, String)>, ReshardError> {
    let target_of = |guild: u64| {
        let shard = shard_of_match(Some(guild), total);
        layout.iter().position(|l| l.runs(shard)).expect("the layout covers every shard")
    };
    let mut carried = vec![];
    for (i, dir) in from.iter().enumerate() {
        let source = stores.get(dir).expect("opened above");
        for kind in [DocKind::Server, DocKind::Lobby] {
            for (k, bytes) in source.docs(kind).map_err(store_err(dir))? {
                let guild = match kind {
                    DocKind::Server => k.parse::<u64>().ok(),
                    _ => serde_json::from_slice::<Lobby>(&bytes).ok().map(|l| l.guild),
                };
                let Some(t) = guild.map(target_of) else { continue };
                if key(dir) == key(&to[t]) {
                    continue;
                }
                let target = stores.get(&to[t]).expect("opened above");
                target.put_doc(kind, &k, &bytes).map_err(store_err(&to[t]))?;
                carried.push((i, kind, k));
            }
        }
    }
    for dir in to {
        stores.get(dir).expect("opened above").flush().map_err(store_err(dir))?;
    }
    Ok(carried)
}

/// Players' settings (`/game notify`) are a player's, not a server's: any process may hold
/// their matches, so every target gets every source's settings, except where it already holds
/// its own for that player (set there, so newer). Sources keep theirs.
fn carry_players(stores: &Stores, (from, to): (&[PathBuf], &[PathBuf])) -> Result<(), ReshardError> {
    for dir in from {
        let source = stores.get(dir).expect("opened above");
        for (k, bytes) in source.docs(DocKind::Player).map_err(store_err(dir))? {
            for t in to.iter().filter(|t| key(t) != key(dir)) {
                let target = stores.get(t).expect("opened above");
                if target.get_doc(DocKind::Player, &k).map_err(store_err(t))?.is_none() {
                    target.put_doc(DocKind::Player, &k, &bytes).map_err(store_err(t))?;
                }
            }
        }
    }
    for dir in to {
        stores.get(dir).expect("opened above").flush().map_err(store_err(dir))?;
    }
    Ok(())
}

/// The server's record follows the matches: every entry of a source goes to the process owning
/// its server (a later match in its channel may have replaced the match it records, so the
/// entry is all that is left of it), and each moved ended match gets its entry rebuilt in its
/// target, its exclusion included (also a match that ended before the record was kept).
/// Returns the source entries to delete once the matches are. An entry that cannot be read
/// stays where it is (`holonet reindex` removes it); so does a moved match's entry whose
/// replay fails (`holonet reindex` in the target tells why).
fn carry_record(
    stores: &Stores,
    (from, to): (&[PathBuf], &[PathBuf]),
    layout: &[Shards],
    total: u32,
    moves: &[Move],
) -> Result<Vec<(usize, String)>, ReshardError> {
    let target_of = |guild: Option<u64>| {
        let shard = shard_of_match(guild, total);
        layout.iter().position(|l| l.runs(shard)).expect("the layout covers every shard")
    };
    let mut carried = vec![];
    for (i, dir) in from.iter().enumerate() {
        let source = stores.get(dir).expect("opened above");
        for (k, bytes) in source.docs(DocKind::Record).map_err(store_err(dir))? {
            let Ok(entry) = serde_json::from_slice::<RecordEntry>(&bytes) else { continue };
            let t = target_of(entry.guild);
            if key(dir) == key(&to[t]) {
                continue;
            }
            let target = stores.get(&to[t]).expect("opened above");
            target.put_doc(DocKind::Record, &k, &bytes).map_err(store_err(&to[t]))?;
            carried.push((i, k));
        }
    }
    for m in moves {
        let target = stores.get(&to[m.to]).expect("opened above");
        let Some(stored) = target.load(&m.id).map_err(store_err(&to[m.to]))? else { continue };
        if let Ok(Some((k, entry))) = entry_of_stored(&stored) {
            docs::put(target, DocKind::Record, &k, &entry).map_err(store_err(&to[m.to]))?;
        }
    }
    for dir in to {
        stores.get(dir).expect("opened above").flush().map_err(store_err(dir))?;
    }
    Ok(carried)
}

/// Prints the new layout (the `serve` options of each process) and the moves.
fn print_plan(
    out: &mut dyn Write,
    (from, to): (&[PathBuf], &[PathBuf]),
    layout: &[Shards],
    report: &Report,
    dry_run: bool,
) -> std::io::Result<()> {
    for (dir, s) in to.iter().zip(layout) {
        writeln!(
            out,
            "{}: shards {} of {} (holonet serve --shards {} --of {})",
            dir.display(),
            s.range,
            s.total,
            s.range,
            s.total
        )?;
    }
    for m in &report.moves {
        let guild = m.guild.map_or("no server".to_string(), |g| format!("server {g}"));
        writeln!(
            out,
            "{} channel {} ({guild}, shard {}, {}): {} -> {}{}",
            if dry_run { "would move" } else { "move" },
            m.id,
            m.shard,
            m.status.words(),
            from[m.from].display(),
            to[m.to].display(),
            match (m.copied, m.partly_deleted) {
                (_, true) => " (already copied; the source was partly deleted, its copy verifies)",
                (true, false) => " (already copied)",
                _ => "",
            }
        )?;
    }
    for u in &report.left {
        writeln!(
            out,
            "leave channel {} in {} (it cannot be read: {})",
            u.id,
            from[u.from].display(),
            u.reason
        )?;
    }
    writeln!(
        out,
        "{} {} match(es); {} already in place{}",
        if dry_run { "would move" } else { "moving" },
        report.moves.len(),
        report.staying,
        if dry_run { " (dry run: nothing changed)" } else { "" }
    )
}
