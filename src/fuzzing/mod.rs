//! The fuzzing entry point of the service: [`run`] reads arbitrary bytes as a script of
//! operations on one in-memory [`Service`] (two channels, three players and a moderator) and
//! checks what the service promises for every refusal. The cargo-fuzz target
//! (`fuzz/fuzz_targets/service.rs`) and the proptest run of `cargo test`
//! (`tests/fuzz_service.rs`) both call it, so a crash found by one is replayed by the other.
//!
//! The script feeds everything a user can send: lobby commands, command lines (arbitrary text
//! and near-valid lines built from the pending options), option answers (right and wrong
//! prompt keys, indexes in and out of range), numbered choices, custom ids of buttons and menus
//! (arbitrary and mutated real ones, handled as the Discord front end does), moderator commands
//! (rollbacks of any length, replace, kick, pause, exports imported back after mutation, and
//! arbitrary bytes as import files), plus legal moves so that games get deep.
//!
//! What is checked, besides "never panics":
//! - a refused call changes nothing: the store's records of both channels, the match's state
//!   (so each seat's private text, a function of the state alone, too), and what the service
//!   shows (public status, the pending prompt, the seats);
//! - a refusal's text is one clear sentence: one line, not empty, short, no Debug-format noise;
//! - at the end, a service restarted from the same store agrees with the running one about
//!   every match that has not ended.
//!
//! Fuzzing, from the repository root (nightly and cargo-fuzz; see `fuzz/README.md`):
//! `cargo +nightly fuzz run service -- -runs=1000000`.

mod bytes;
mod components;
mod imports;
mod play;
mod restart;
mod step;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::engine::rebellion::State;
use crate::games::rebellion::Rebellion;
use crate::service::{Caller, PromptKey, PromptPost, Service, ServiceError};
use crate::store::{MatchStore, MemoryStore, StoredMatch};
use bytes::Bytes;

/// The channels the script plays in.
const CHANNELS: [u64; 2] = [100, 200];
/// The users: three players and a moderator (user 9).
const USERS: [u64; 4] = [1, 2, 3, 9];
/// The moderator among [`USERS`].
const MODERATOR: u64 = 9;
/// A caller with no seat, for reading a match's public status.
const NOBODY: Caller = Caller { user: 3, moderator: false };
/// At most this many operations per input, so one input runs in milliseconds.
const MAX_OPS: usize = 64;
/// At most this many legal moves per input: deeper games come from the prepared exports
/// (imported, they replay without prompts, which is much cheaper than playing).
const MAX_MOVES: usize = 24;
/// A refusal longer than this is not "one short sentence".
pub const MAX_ERROR_CHARS: usize = 300;

/// What one run did (for fuzzing statistics and tests that want to see games get deep).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Operations run.
    pub ops: usize,
    /// Operations the service refused.
    pub refused: usize,
    /// Legal moves applied.
    pub moves: usize,
    /// Imports the service accepted.
    pub imports: usize,
    /// The highest state version any match reached.
    pub deepest: u64,
}

/// A broken promise of the service, found by [`run`].
#[derive(Debug, thiserror::Error)]
pub enum Violation {
    /// A refused call changed the match or its records.
    #[error("operation {op} ({what}) was refused (\"{error}\") but changed {changed}")]
    ChangedOnRefusal {
        /// The operation's number in the script.
        op: usize,
        /// The operation.
        what: String,
        /// The refusal's text.
        error: String,
        /// What changed.
        changed: String,
    },
    /// A refusal whose text is not one clear sentence.
    #[error("operation {op} ({what}) was refused with an unclear text ({why}): {text:?}")]
    UnclearRefusal {
        /// The operation's number in the script.
        op: usize,
        /// The operation.
        what: String,
        /// What is wrong with the text.
        why: &'static str,
        /// The text.
        text: String,
    },
    /// A restarted service disagrees with the running one.
    #[error("a service restarted from the store disagrees about channel {channel}: {detail}")]
    Restart {
        /// The channel.
        channel: u64,
        /// What differs.
        detail: String,
    },
}

/// Runs the script that `data` encodes; `Err` names the first broken promise. Panics (bugs)
/// propagate to the caller, which is what the fuzzer looks for.
pub fn run(data: &[u8]) -> Result<Summary, Violation> {
    run_traced(data, &mut |_| {})
}

/// [`run`], telling `trace` each call and its result (to read what a failing input does).
pub fn run_traced(data: &[u8], trace: &mut dyn FnMut(String)) -> Result<Summary, Violation> {
    let mut bytes = Bytes { data, pos: 0 };
    let hot_seat = bytes.u8() & 1 == 1;
    let store = Arc::new(MemoryStore::new());
    // A clock that ticks on every read: a refused call that rewrote a record would show.
    let ticks = Arc::new(AtomicU64::new(1_000));
    let clock = ticks.clone();
    let service = Service::<Rebellion>::with_clock(
        store.clone(),
        Box::new(move || clock.fetch_add(1, Ordering::Relaxed)),
    )
    .allow_hot_seat(hot_seat);
    let mut fuzz = Fuzz {
        service,
        store,
        bytes,
        summary: Summary::default(),
        keys: vec![],
        exports: vec![],
        op: 0,
        hot_seat,
        ticks,
        trace,
        cache: [None, None],
    };
    while !fuzz.bytes.done() && fuzz.summary.ops < MAX_OPS {
        fuzz.summary.ops += 1;
        fuzz.op += 1;
        fuzz.step()?;
    }
    fuzz.check_restart()?;
    Ok(fuzz.summary)
}

/// Whether a refusal's text is one clear sentence; `Err` says what is wrong with it.
pub fn check_sentence(text: &str) -> Result<(), &'static str> {
    if text.trim().is_empty() {
        return Err("empty");
    }
    if text.trim() != text {
        return Err("leading or trailing blanks");
    }
    if text.contains(['\n', '\r']) {
        return Err("more than one line");
    }
    if text.chars().any(char::is_control) {
        return Err("a control character");
    }
    if text.chars().count() > MAX_ERROR_CHARS {
        return Err("too long");
    }
    const NOISE: [&str; 10] =
        ["Some(", "None)", "Ok(", "Err(", "{ ", " }", "\\\"", "\\n", "\\u{", "panicked"];
    if NOISE.iter().any(|n| text.contains(n)) {
        return Err("Debug-format or panic noise");
    }
    Ok(())
}

/// What the service and the store show about one channel (compared around a refused call).
#[derive(Clone, Debug, PartialEq)]
struct Seen {
    stored: Option<StoredMatch>,
    status: String,
    seats: String,
    prompt: Option<PromptPost>,
    state: Option<State>,
}

/// The script's running state.
struct Fuzz<'a> {
    service: Service<Rebellion>,
    store: Arc<MemoryStore>,
    bytes: Bytes<'a>,
    summary: Summary,
    /// Prompt keys seen so far (answers naming an old prompt must be refused).
    keys: Vec<PromptKey>,
    /// Exports made during the run.
    exports: Vec<Vec<u8>>,
    op: usize,
    hot_seat: bool,
    ticks: Arc<AtomicU64>,
    trace: &'a mut dyn FnMut(String),
    /// The last full view of each channel (see [`Fuzz::view`]).
    cache: [Option<Seen>; 2],
}

/// The index of a channel in [`CHANNELS`].
fn slot(channel: u64) -> usize {
    CHANNELS.iter().position(|&c| c == channel).unwrap_or(0)
}

/// A call's result reduced to what the checks need.
type Called = Result<(), ServiceError>;

fn done<T>(r: Result<T, ServiceError>) -> Called {
    r.map(|_| ())
}

impl Fuzz<'_> {
    fn channel(&mut self) -> u64 {
        CHANNELS[(self.bytes.u8() & 1) as usize]
    }

    /// A caller: one of the users, with the moderator flag as the front end would set it,
    /// or (rarely) flipped.
    fn caller(&mut self) -> Caller {
        let b = self.bytes.u8();
        let user = USERS[(b & 3) as usize];
        let flip = b & 0xF0 == 0xF0;
        Caller { user, moderator: (user == MODERATOR) != flip }
    }

    fn moderator(&self) -> Caller {
        Caller { user: MODERATOR, moderator: true }
    }

    /// A seat name: a real one, a near one, or arbitrary text.
    fn seat(&mut self) -> String {
        match self.bytes.u8() % 8 {
            0 | 1 => "rebel".into(),
            2 | 3 => "empire".into(),
            4 => "EMPIRE".into(),
            5 => ["", " rebel", "droid", "rebel\n", "ré", "`"][self.bytes.below(6)].into(),
            _ => self.bytes.text(40),
        }
    }

    /// What a channel's records, seats and state are (cheap to read).
    fn records(&self, channel: u64) -> Seen {
        let stored = self.store.load(&channel.to_string()).expect("the memory store never fails");
        let seats = format!("{:?}", self.service.seats(channel).ok());
        let state = self.service.state(channel).ok().flatten();
        Seen { stored, status: String::new(), seats, prompt: None, state }
    }

    /// Adds what the service derives from a channel's match (public status, prompt), which
    /// costs about as much as a move. (The seats' private texts are not taken: they are a
    /// function of the state, which `records` holds.)
    fn derive(&self, channel: u64, mut seen: Seen) -> Seen {
        seen.status = match self.service.status(channel, NOBODY) {
            Ok(o) => o.reply,
            Err(e) => format!("error: {e}"),
        };
        seen.prompt = self.service.prompt(channel).ok().flatten();
        seen
    }

    /// The full view of a channel: the last one built while the records, seats and state it
    /// was built from are unchanged (between calls of the script, only a call changes them).
    fn view(&mut self, channel: u64) -> Seen {
        let records = self.records(channel);
        let slot = slot(channel);
        if let Some(c) = &self.cache[slot]
            && c.stored == records.stored
            && c.seats == records.seats
            && c.state == records.state
        {
            return Seen { status: c.status.clone(), prompt: c.prompt.clone(), ..records };
        }
        let full = self.derive(channel, records);
        self.cache[slot] = Some(full.clone());
        full
    }

    /// The pending prompt of a channel (noted for later answers naming old prompts).
    fn pending(&mut self, channel: u64) -> Option<PromptPost> {
        let p = self.view(channel).prompt?;
        self.note_key(&p);
        self.summary.deepest = self.summary.deepest.max(p.version);
        Some(p)
    }

    /// Both channels: in full the one a call is about, the records and state of the other.
    fn seen_all(&mut self, target: u64) -> Vec<Seen> {
        CHANNELS.iter().map(|&c| if c == target { self.view(c) } else { self.records(c) }).collect()
    }

    /// Runs one service call about channel `ch`; if it is refused, checks that nothing changed
    /// and that the refusal is one clear sentence. Returns whether the call was applied.
    fn checked(
        &mut self,
        ch: u64,
        what: &str,
        call: impl FnOnce(&Service<Rebellion>) -> Called,
    ) -> Result<bool, Violation> {
        let before = self.seen_all(ch);
        let result = call(&self.service);
        (self.trace)(format!(
            "{} {what} in {ch}: {:?}",
            self.op,
            result.as_ref().map_err(ToString::to_string)
        ));
        let Err(e) = result else { return Ok(true) };
        self.summary.refused += 1;
        let text = e.to_string();
        if let Err(why) = check_sentence(&text) {
            return Err(Violation::UnclearRefusal { op: self.op, what: what.to_string(), why, text });
        }
        let after: Vec<Seen> = CHANNELS
            .iter()
            .map(|&c| if c == ch { self.derive(c, self.records(c)) } else { self.records(c) })
            .collect();
        self.cache[slot(ch)] = after.iter().zip(CHANNELS).find(|(_, c)| *c == ch).map(|(a, _)| a.clone());
        for (i, (b, a)) in before.iter().zip(&after).enumerate() {
            if b != a {
                return Err(Violation::ChangedOnRefusal {
                    op: self.op,
                    what: what.to_string(),
                    error: text,
                    changed: format!("channel {}: {}", CHANNELS[i], difference(b, a)),
                });
            }
        }
        Ok(false)
    }

    /// Notes a prompt's key (for answers naming old prompts later).
    fn note_key(&mut self, p: &PromptPost) {
        let key = p.key();
        if !self.keys.contains(&key) {
            if self.keys.len() >= 16 {
                self.keys.remove(0);
            }
            self.keys.push(key);
        }
    }

    /// The caller who decides the pending prompt (a moderator flag as the front end sets it).
    fn decider(p: &PromptPost) -> Option<Caller> {
        p.user.map(|user| Caller { user, moderator: user == MODERATOR })
    }
}

/// What differs between two views of a channel (for the report of a violation).
fn difference(b: &Seen, a: &Seen) -> String {
    let mut out = vec![];
    match (&b.stored, &a.stored) {
        (Some(x), Some(y)) => {
            if x.meta != y.meta {
                out.push(format!("the stored metadata ({:?} -> {:?})", x.meta, y.meta));
            }
            if x.log != y.log {
                out.push(format!("the stored log ({} -> {} entries)", x.log.len(), y.log.len()));
            }
            if x.snapshot != y.snapshot {
                out.push("the stored snapshot".into());
            }
        }
        (x, y) if x.is_some() != y.is_some() => out.push("whether a match is stored".into()),
        _ => {}
    }
    if b.status != a.status {
        out.push(format!("the status ({:?} -> {:?})", b.status, a.status));
    }
    if b.seats != a.seats {
        out.push(format!("the seats ({} -> {})", b.seats, a.seats));
    }
    if b.prompt != a.prompt {
        out.push("the prompt".into());
    }
    if b.state != a.state {
        out.push("the state".into());
    }
    out.join(", ")
}
