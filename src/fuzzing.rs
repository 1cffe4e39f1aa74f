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
//! - a refused call changes nothing: the store's records of both channels, and what the
//!   service shows (public status, each seat's private text, the pending prompt, the seats);
//! - a refusal's text is one clear sentence: one line, not empty, short, no Debug-format noise;
//! - at the end, a service restarted from the same store agrees with the running one about
//!   every match that has not ended.
//!
//! Fuzzing, from the repository root (nightly and cargo-fuzz; see `fuzz/README.md`):
//! `cargo +nightly fuzz run service -- -runs=1000000`.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use serde_json::{Value, json};

use crate::content::Faction;
use crate::discord::components::{ComponentId, Pick};
use crate::engine::rebellion::{Action, MatchOptions, Position, State, new_game};
use crate::engine::rng::GameRng;
use crate::game::Game;
use crate::games::rebellion::Rebellion;
use crate::menu::{self, Entry};
use crate::service::{Answer, Caller, PromptKey, PromptPost, Service, ServiceError};
use crate::sim::random_answer;
use crate::store::{LogEntry, MatchExport, MatchMeta, MatchStatus, MatchStore, MemoryStore, StoredMatch};

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

/// The script's input, read from the front; reads past the end give zeros.
struct Bytes<'a> {
    data: &'a [u8],
    pos: usize,
}

impl Bytes<'_> {
    fn done(&self) -> bool {
        self.pos >= self.data.len()
    }
    fn u8(&mut self) -> u8 {
        let b = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        b
    }
    fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.u8(), self.u8()])
    }
    fn u64(&mut self) -> u64 {
        let mut b = [0u8; 8];
        for x in &mut b {
            *x = self.u8();
        }
        u64::from_le_bytes(b)
    }
    /// A number in `0..n` (`n` > 0).
    fn below(&mut self, n: usize) -> usize {
        if n <= 256 { self.u8() as usize % n } else { self.u16() as usize % n }
    }
    /// A number that is small, near a limit, or anything.
    fn number(&mut self) -> u64 {
        match self.u8() % 8 {
            0 => 0,
            1 => u64::MAX,
            2 => u64::MAX - 1,
            3 => i64::MAX as u64 + 1,
            4 => self.u64(),
            _ => self.u8() as u64,
        }
    }
    /// Up to `max` raw bytes.
    fn raw(&mut self, max: usize) -> &[u8] {
        let n = self.below(max + 1).min(self.data.len().saturating_sub(self.pos));
        let start = self.pos.min(self.data.len());
        self.pos += n;
        &self.data[start..start + n]
    }
    /// Up to `max` bytes as text (invalid UTF-8 replaced).
    fn text(&mut self, max: usize) -> String {
        String::from_utf8_lossy(self.raw(max)).into_owned()
    }
    fn pick<'s, T>(&mut self, items: &'s [T]) -> Option<&'s T> {
        if items.is_empty() { None } else { items.get(self.below(items.len())) }
    }
}

/// What the service and the store show about one channel (compared around a refused call).
#[derive(Clone, Debug, PartialEq)]
struct Seen {
    stored: Option<StoredMatch>,
    status: String,
    seats: String,
    prompt: Option<PromptPost>,
    state: Option<State>,
    private: Vec<String>,
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
        Seen { stored, status: String::new(), seats, prompt: None, state, private: vec![] }
    }

    /// Adds what the service derives from a channel's match (public status, prompt, private
    /// texts), which costs about as much as a move. Private texts depend on the state alone, so
    /// those of `like` are reused when its state is the same.
    fn derive(&self, channel: u64, mut seen: Seen, like: Option<&Seen>) -> Seen {
        seen.status = match self.service.status(channel, NOBODY) {
            Ok(o) => o.reply,
            Err(e) => format!("error: {e}"),
        };
        seen.prompt = self.service.prompt(channel).ok().flatten();
        seen.private = match (&seen.state, like) {
            (Some(s), Some(like)) if like.state.as_ref() == Some(s) => like.private.clone(),
            (Some(s), _) => ["rebel", "empire"].iter().map(|seat| Rebellion::private_text(s, seat)).collect(),
            (None, _) => vec![],
        };
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
            return Seen {
                status: c.status.clone(),
                prompt: c.prompt.clone(),
                private: c.private.clone(),
                ..records
            };
        }
        let full = self.derive(channel, records, None);
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
            .zip(&before)
            .map(|(&c, b)| if c == ch { self.derive(c, self.records(c), Some(b)) } else { self.records(c) })
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

    fn step(&mut self) -> Result<(), Violation> {
        match self.bytes.u8() % 32 {
            0..=3 => self.setup(),
            4..=8 => self.play(),
            9 => {
                let (ch, c, seed, quick) =
                    (self.channel(), self.caller(), self.bytes.u64(), self.bytes.u8() & 1 == 1);
                let guild = if self.bytes.u8() & 1 == 1 { Some(self.bytes.number()) } else { None };
                let options = MatchOptions { quick_setup: quick };
                self.checked(ch, "create", |s| done(s.create(ch, guild, c, options, Some(seed)))).map(drop)
            }
            10 => {
                let (ch, c) = (self.channel(), self.caller());
                let seat = if self.bytes.u8() & 1 == 1 { Some(self.seat()) } else { None };
                self.checked(ch, "join", |s| done(s.join(ch, c, seat.as_deref()))).map(drop)
            }
            11 => {
                let (ch, c) = (self.channel(), self.caller());
                match self.bytes.u8() % 3 {
                    0 => self.checked(ch, "leave", |s| done(s.leave(ch, c))),
                    1 => self.checked(ch, "start", |s| done(s.start(ch, c))),
                    _ => self.checked(ch, "cancel", |s| done(s.cancel(ch, c))),
                }
                .map(drop)
            }
            12 | 13 => self.command_text(),
            14 | 15 => self.near_command(),
            16 | 17 => self.option_answer(),
            18 => self.numbered(),
            19 => {
                let (ch, c) = (self.channel(), self.caller());
                match self.bytes.u8() % 2 {
                    0 => self.checked(ch, "show", |s| done(s.show(ch, c.user))),
                    _ => self.checked(ch, "hand", |s| done(s.hand(ch, c))),
                }
                .map(drop)
            }
            20 => {
                let (ch, id) = (self.channel(), self.bytes.text(120));
                let values = self.values();
                self.component(ch, &id, values)
            }
            21 | 22 => self.real_component(),
            23 => {
                let (ch, c) = (self.channel(), self.caller());
                match self.bytes.u8() % 3 {
                    0 => self.checked(ch, "pause", |s| done(s.pause(ch, c))),
                    1 => self.checked(ch, "resume", |s| done(s.resume(ch, c))),
                    _ => self.checked(ch, "end", |s| done(s.end(ch, c))),
                }
                .map(drop)
            }
            24 => {
                let (ch, c, seat) = (self.channel(), self.caller(), self.seat());
                let user =
                    if self.bytes.u8() & 1 == 1 { USERS[self.bytes.below(4)] } else { self.bytes.number() };
                self.checked(ch, "replace", |s| done(s.replace(ch, c, &seat, user))).map(drop)
            }
            25 => {
                let (ch, c, seat) = (self.channel(), self.caller(), self.seat());
                self.checked(ch, "kick", |s| done(s.kick(ch, c, &seat))).map(drop)
            }
            26 => {
                let (ch, c) = (self.channel(), self.caller());
                let have = self.store.load(&ch.to_string()).ok().flatten().map_or(0, |m| m.log.len() as u64);
                let steps = match self.bytes.u8() % 4 {
                    0 => self.bytes.number(),
                    _ => 1 + self.bytes.u8() as u64 % have.max(1),
                };
                self.checked(ch, "rollback", |s| done(s.rollback(ch, c, steps))).map(drop)
            }
            27 | 28 => self.export_import(),
            29 => {
                let (ch, c) = (self.channel(), self.caller());
                let raw = self.bytes.raw(200).to_vec();
                self.import(ch, c, &raw)
            }
            30 => {
                let ch = self.channel();
                let n = self.bytes.number() as usize;
                self.checked(ch, "log", |s| done(s.log(ch, n))).map(drop)
            }
            _ => {
                let (ch, c) = (self.channel(), self.caller());
                self.checked(ch, "export", |s| done(s.export(ch, c))).map(drop)
            }
        }
    }

    /// Creates, fills and starts a match (usually by the book, so that most scripts play).
    fn setup(&mut self) -> Result<(), Violation> {
        let ch = self.channel();
        let b = self.bytes.u8();
        let seed = self.bytes.u8() as u64;
        // Mostly quick setup: the placement decisions of a full setup are the slowest to list.
        let options = MatchOptions { quick_setup: b & 3 != 0 };
        let (rebel, empire) = match b >> 5 {
            0 if self.hot_seat => (1, 1),
            1 => (3, 2),
            2 => (MODERATOR, 1),
            _ => (1, 2),
        };
        let creator = Caller { user: rebel, moderator: rebel == MODERATOR };
        self.checked(ch, "create", |s| done(s.create(ch, Some(7), creator, options, Some(seed))))?;
        let as_user = |user| Caller { user, moderator: user == MODERATOR };
        self.checked(ch, "join", |s| done(s.join(ch, as_user(rebel), Some("rebel"))))?;
        self.checked(ch, "join", |s| done(s.join(ch, as_user(empire), None)))?;
        self.checked(ch, "start", |s| done(s.start(ch, as_user(empire))))?;
        Ok(())
    }

    /// Plays up to a few dozen legal moves (random options of the pending prompts).
    fn play(&mut self) -> Result<(), Violation> {
        let ch = self.channel();
        let n = 1 + self.bytes.u8() as usize % 8;
        let mut rng = GameRng::from_seed(self.bytes.u16() as u64);
        let reveal = Action::RevealBase.command();
        for _ in 0..n {
            if self.summary.moves >= MAX_MOVES {
                break;
            }
            let Some(p) = self.pending(ch) else { break };
            let Some(caller) = Self::decider(&p) else { break };
            let mut index = rng.below(p.options.len());
            // Revealing the base voluntarily is rare, as in `sim::random_answer`.
            if p.options[index] == reveal && p.options.len() > 1 && rng.below(64) != 0 {
                index = (index + 1) % p.options.len();
            }
            let key = p.key();
            self.summary.moves += 1;
            if !self.checked(ch, "legal move", |s| done(s.act(ch, caller, Answer::Option { key, index })))? {
                break;
            }
        }
        Ok(())
    }

    /// A command line of arbitrary text, from the decider or anyone.
    fn command_text(&mut self) -> Result<(), Violation> {
        let ch = self.channel();
        let caller = self.answerer(ch);
        let text = self.bytes.text(80);
        self.checked(ch, "command", |s| done(s.act(ch, caller, Answer::Command(text)))).map(drop)
    }

    /// Usually the pending prompt's decider, else any caller.
    fn answerer(&mut self, ch: u64) -> Caller {
        let b = self.bytes.u8();
        match self.pending(ch).and_then(|p| Self::decider(&p)) {
            Some(c) if !b.is_multiple_of(4) => c,
            _ => self.caller(),
        }
    }

    /// A command line built from a real option, then changed a little.
    fn near_command(&mut self) -> Result<(), Violation> {
        let ch = self.channel();
        let Some(p) = self.pending(ch) else { return self.command_text() };
        let caller = self.answerer(ch);
        let line = self.bytes.pick(&p.options).cloned().unwrap_or_default();
        let other = self.bytes.pick(&p.options).cloned().unwrap_or_default();
        let mut words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        let others: Vec<String> = other.split_whitespace().map(str::to_string).collect();
        for _ in 0..1 + self.bytes.u8() % 3 {
            let at = self.bytes.below(words.len() + 1);
            match self.bytes.u8() % 9 {
                0 if at < words.len() => drop(words.remove(at)),
                1 if at < words.len() => words.insert(at, words[at].clone()),
                2 if words.len() > 1 => {
                    let (j, last) = (self.bytes.below(words.len()), words.len() - 1);
                    words.swap(at.min(last), j);
                }
                3 => {
                    if let Some(w) = self.bytes.pick(&others).cloned() {
                        words.insert(at, w);
                    }
                }
                4 => words.insert(at, self.bytes.number().to_string()),
                5 => words.insert(
                    at,
                    ["-1", "0", "256", "999999999999999999999", "½", "é"][self.bytes.below(6)].into(),
                ),
                6 if at < words.len() => words[at] = words[at].to_uppercase(),
                7 if at < words.len() => {
                    let w = &words[at];
                    let cut =
                        w.char_indices().map(|(i, _)| i).nth(self.bytes.below(w.chars().count().max(1)));
                    words[at] = w[..cut.unwrap_or(0)].to_string();
                }
                _ => words.insert(at, self.bytes.text(12)),
            }
        }
        let text = words.join(if self.bytes.u8() & 1 == 1 { " " } else { "  \t" });
        self.checked(ch, "near command", |s| done(s.act(ch, caller, Answer::Command(text)))).map(drop)
    }

    /// A key: the pending prompt's, an older one, or a changed one.
    fn key(&mut self, p: Option<&PromptPost>) -> PromptKey {
        let base = match p {
            Some(p) if !self.bytes.u8().is_multiple_of(4) => p.key(),
            _ => match self.bytes.pick(&self.keys).cloned() {
                Some(k) => k,
                None => PromptKey { nonce: "0000000000".into(), version: 0, fingerprint: "00000000".into() },
            },
        };
        let mut key = base;
        match self.bytes.u8() % 8 {
            0 => key.version = key.version.wrapping_add(1),
            1 => key.version = key.version.wrapping_sub(1),
            2 => key.fingerprint = self.bytes.text(10),
            3 => key.nonce = self.bytes.text(12),
            4 => key.version = self.bytes.number(),
            _ => {}
        }
        key
    }

    /// An option answer: the right or a wrong key, an index in or out of range.
    fn option_answer(&mut self) -> Result<(), Violation> {
        let ch = self.channel();
        let p = self.pending(ch);
        let caller = self.answerer(ch);
        let key = self.key(p.as_ref());
        let len = p.as_ref().map_or(0, |p| p.options.len());
        let index = match self.bytes.u8() % 6 {
            0 => len,
            1 => usize::MAX,
            2 => len + self.bytes.u8() as usize,
            3 => self.bytes.number() as usize,
            _ => self.bytes.below(len.max(1)),
        };
        self.checked(ch, "option", |s| done(s.act(ch, caller, Answer::Option { key, index }))).map(drop)
    }

    /// A numbered choice, often right after the options were shown.
    fn numbered(&mut self) -> Result<(), Violation> {
        let ch = self.channel();
        let caller = self.answerer(ch);
        if self.bytes.u8() & 1 == 1 {
            self.checked(ch, "show", |s| done(s.show(ch, caller.user)))?;
        }
        let len = self.pending(ch).map_or(0, |p| p.options.len());
        let n = match self.bytes.u8() % 5 {
            0 => 0,
            1 => len + 1,
            2 => self.bytes.number() as usize,
            _ => 1 + self.bytes.below(len.max(1)),
        };
        self.checked(ch, "numbered", |s| done(s.act(ch, caller, Answer::Numbered(n)))).map(drop)
    }

    /// Selected values of a menu: real-looking picks or arbitrary text.
    fn values(&mut self) -> Vec<String> {
        let n = self.bytes.u8() % 4;
        (0..n)
            .map(|_| match self.bytes.u8() % 5 {
                0 => format!("o{}", self.bytes.number()),
                1 => format!("g{}", self.bytes.u8()),
                2 | 3 => format!("i{}", self.bytes.u8() % 30),
                _ => self.bytes.text(10),
            })
            .collect()
    }

    /// A real custom id of the pending prompt, often changed a little, clicked.
    fn real_component(&mut self) -> Result<(), Violation> {
        let ch = self.channel();
        let Some(p) = self.pending(ch) else {
            let (id, values) = (self.bytes.text(60), self.values());
            return self.component(ch, &id, values);
        };
        let node = menu::node(&p.texts, &[]);
        // A path of group entries, as a player narrowing the menus would make.
        let mut path = vec![];
        if let Some(mut n) = node.clone() {
            for _ in 0..self.bytes.u8() % 4 {
                let groups: Vec<usize> = n
                    .entries
                    .iter()
                    .enumerate()
                    .filter(|(_, e)| matches!(e, Entry::Group { .. }))
                    .map(|(k, _)| k)
                    .collect();
                let Some(&k) = self.bytes.pick(&groups) else { break };
                path.push(k);
                match menu::node(&p.texts, &path) {
                    Some(next) => n = next,
                    None => break,
                }
            }
        }
        let here = menu::node(&p.texts, &path);
        let pick = match self.bytes.u8() % 4 {
            0 => Pick::Group(self.bytes.u8() as usize % 8),
            1 => match here.as_ref().and_then(|n| n.multi.as_ref()) {
                Some(m) => {
                    let k = 1 + self.bytes.below(m.max.max(1));
                    Pick::Items((0..k).map(|_| self.bytes.below(m.items.len().max(1))).collect())
                }
                None => Pick::Items(vec![self.bytes.u8() as usize]),
            },
            _ => {
                let options: Vec<usize> = here
                    .as_ref()
                    .map(|n| {
                        n.entries
                            .iter()
                            .filter_map(|e| match e {
                                Entry::Option { index, .. } => Some(*index),
                                Entry::Group { .. } => None,
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                Pick::Option(self.bytes.pick(&options).copied().unwrap_or(self.bytes.u8() as usize))
            }
        };
        let match_id = p.match_id.clone();
        let id = match self.bytes.u8() % 5 {
            0 => ComponentId::Show { match_id, nonce: p.nonce.clone(), version: p.version },
            1 => ComponentId::Open { match_id, key: p.key(), path },
            2 => ComponentId::Public {
                match_id,
                nonce: p.nonce.clone(),
                version: p.version,
                options: p.public_fingerprint(),
                path,
                pick: (self.bytes.u8() & 1 == 1).then(|| pick.clone()),
            },
            _ => ComponentId::Menu { match_id, key: p.key(), path },
        };
        let values = match pick {
            Pick::Items(v) => v.iter().map(|k| Pick::Items(vec![*k]).encode()).collect(),
            other => vec![other.encode()],
        };
        let mut text = id.encode();
        if self.bytes.u8().is_multiple_of(3) {
            text = self.mutate_id(&text);
        }
        self.component(ch, &text, values)
    }

    /// A custom id changed a little: a field replaced, a character changed, parts dropped.
    fn mutate_id(&mut self, id: &str) -> String {
        let mut parts: Vec<String> = id.split(':').map(str::to_string).collect();
        let at = self.bytes.below(parts.len());
        match self.bytes.u8() % 8 {
            0 => parts[at] = self.bytes.number().to_string(),
            1 => parts[at] = self.bytes.text(12),
            2 => drop(parts.remove(at)),
            3 => parts.insert(at, self.bytes.text(6)),
            4 => parts[at] = format!("{}~", parts[at]),
            5 => parts[at] = parts[at].to_uppercase(),
            6 => parts[at] = format!("{}.{}", parts[at], self.bytes.number()),
            _ => {
                let mut b = parts[at].clone().into_bytes();
                if !b.is_empty() {
                    let i = self.bytes.below(b.len());
                    b[i] ^= self.bytes.u8() | 1;
                }
                parts[at] = String::from_utf8_lossy(&b).into_owned();
            }
        }
        parts.join(":")
    }

    /// A click on a component with custom id `id` in `channel`, handled as
    /// `discord::components::handle` does, by a random user.
    fn component(&mut self, ch: u64, id: &str, values: Vec<String>) -> Result<(), Violation> {
        let Some(id) = ComponentId::parse(id) else { return Ok(()) };
        if id.match_id() != ch.to_string() {
            return Ok(());
        }
        let caller = self.answerer(ch);
        let user = caller.user;
        // What the handler shows is built from `show`; the answer is an `act`.
        let mut shown = None;
        self.checked(ch, "click: show", |s| {
            shown = s.show(ch, user)?;
            Ok(())
        })?;
        let Some(p) = shown else { return Ok(()) };
        let (key, index) = match id {
            ComponentId::Outdated { .. } | ComponentId::Show { .. } => {
                let _ = menu::node(&p.texts, &[]);
                return Ok(());
            }
            ComponentId::Open { key, path, .. } => {
                if p.key() == key {
                    let _ = menu::node(&p.texts, &path);
                }
                return Ok(());
            }
            ComponentId::Menu { key, path, .. } => {
                let Some(pick) = Pick::parse(&values) else { return Ok(()) };
                let node =
                    (p.key() == key && p.user == Some(user)).then(|| menu::node(&p.texts, &path)).flatten();
                let Some(node) = node else { return Ok(()) };
                let index = match pick {
                    Pick::Group(k) => {
                        if matches!(node.entries.get(k), Some(Entry::Group { .. })) {
                            let mut deeper = path.clone();
                            deeper.push(k);
                            let _ = menu::node(&p.texts, &deeper);
                        }
                        return Ok(());
                    }
                    Pick::Option(i) if i < p.options.len() => i,
                    Pick::Items(items) => match node.multi.as_ref().and_then(|m| m.option(&items)) {
                        Some(i) => i,
                        None => return Ok(()),
                    },
                    Pick::Option(_) => return Ok(()),
                };
                (key, index)
            }
            ComponentId::Public { nonce, version, options, path, pick, .. } => {
                let Some(pick) = pick.or_else(|| Pick::parse(&values)) else { return Ok(()) };
                let fresh =
                    p.public && p.nonce == nonce && p.version == version && p.public_fingerprint() == options;
                if !fresh || p.user != Some(user) {
                    return Ok(());
                }
                let Some(node) = menu::node(&p.texts, &path) else { return Ok(()) };
                let index = match pick {
                    Pick::Group(k) => {
                        if matches!(node.entries.get(k), Some(Entry::Group { .. })) {
                            let mut deeper = path;
                            deeper.push(k);
                            let _ = menu::node(&p.texts, &deeper);
                        }
                        return Ok(());
                    }
                    Pick::Option(i) if i < p.options.len() => i,
                    _ => return Ok(()),
                };
                (p.key(), index)
            }
        };
        self.checked(ch, "click: answer", |s| done(s.act(ch, caller, Answer::Option { key, index })))
            .map(drop)
    }

    /// Exports a match (or takes a saved or prepared export), changes it, imports it.
    fn export_import(&mut self) -> Result<(), Violation> {
        let from = self.channel();
        let file = match self.bytes.u8() % 4 {
            0 => self.service.export(from, self.moderator()).ok().and_then(|o| o.file).map(|(_, b)| b),
            1 => self.bytes.pick(&self.exports).cloned(),
            _ => None,
        };
        let file = match file {
            Some(f) => f,
            None => prepared()[self.bytes.below(prepared().len())].clone(),
        };
        if self.exports.len() < 4 {
            self.exports.push(file.clone());
        }
        let mutated = match serde_json::from_slice::<Value>(&file) {
            Ok(mut v) => {
                for _ in 0..self.bytes.u8() % 4 {
                    self.mutate_export(&mut v);
                }
                serde_json::to_vec(&v).expect("a JSON value serialises")
            }
            Err(_) => file,
        };
        let mutated = self.mutate_bytes(mutated);
        let to = self.channel();
        let caller = if self.bytes.u8().is_multiple_of(8) { self.caller() } else { self.moderator() };
        self.import(to, caller, &mutated)
    }

    fn import(&mut self, ch: u64, caller: Caller, file: &[u8]) -> Result<(), Violation> {
        if self.checked(ch, "import", |s| done(s.import(ch, caller, file)))? {
            self.summary.imports += 1;
        }
        Ok(())
    }

    /// A few byte-level changes (rarely: most changes keep the JSON readable).
    fn mutate_bytes(&mut self, mut file: Vec<u8>) -> Vec<u8> {
        match self.bytes.u8() % 16 {
            0 if !file.is_empty() => {
                let i = self.bytes.below(file.len());
                file[i] ^= self.bytes.u8() | 1;
            }
            1 => {
                let keep = self.bytes.below(file.len() + 1);
                file.truncate(keep);
            }
            _ => {}
        }
        file
    }

    /// One structural change of an export: the fields a wrong or hostile file could have.
    fn mutate_export(&mut self, v: &mut Value) {
        // Indexing a JSON value panics where the shape differs: once an earlier change broke
        // the shape, only replace nodes.
        let shaped = v.is_object()
            && v["meta"].is_object()
            && (v["meta"]["seats"].is_object() || v["meta"]["seats"].is_null())
            && v["log"].as_array().is_some_and(|l| l.iter().all(Value::is_object));
        if !shaped {
            return self.mutate_leaf(v);
        }
        let log_len = v["log"].as_array().map_or(0, Vec::len);
        let i = self.bytes.below(log_len.max(1));
        let j = self.bytes.below(log_len.max(1));
        let number = self.bytes.number();
        let odd = self.odd_value();
        match self.bytes.u8() % 24 {
            0 => v["meta"]["seed"] = json!(number),
            1 => v["meta"]["seed"] = odd,
            2 => {
                let s = ["lobby", "active", "paused", "ended", "Active", "won"][self.bytes.below(6)];
                v["meta"]["status"] = json!(s);
            }
            3 => {
                let seat = self.seat();
                v["meta"]["seats"][seat] = json!(USERS[self.bytes.below(4)]);
            }
            4 => {
                if let Some(seats) = v["meta"]["seats"].as_object_mut() {
                    let first = seats.keys().next().cloned();
                    first.map(|k| seats.remove(&k));
                }
            }
            5 => v["meta"]["seats"] = json!({"rebel": 1, "empire": 1}),
            6 => v["meta"]["seats"] = odd,
            7 => {
                v["meta"]["options"] = [
                    json!({"quick_setup": false}),
                    json!({"quick_setup": true}),
                    json!(null),
                    json!(5),
                    json!({"x": 1}),
                ][self.bytes.below(5)]
                .clone()
            }
            8 => v["meta"]["game"] = json!(["chess", "", "Rebellion"][self.bytes.below(3)]),
            9 => v["format_version"] = json!([0, 2, u64::MAX][self.bytes.below(3)]),
            10 if log_len > 0 => drop(v["log"].as_array_mut().map(|l| l.remove(i))),
            11 if log_len > 0 => {
                if let Some(l) = v["log"].as_array_mut() {
                    let e = l[i].clone();
                    l.insert(j, e);
                }
            }
            12 if log_len > 1 => drop(v["log"].as_array_mut().map(|l| l.swap(i, j))),
            13 if log_len > 0 => {
                let seat = self.seat();
                v["log"][i]["seat"] = json!(seat);
            }
            14 if log_len > 0 => {
                let other = v["log"][j]["action"].clone();
                v["log"][i]["action"] = other;
            }
            15 if log_len > 0 => v["log"][i]["action"] = odd,
            16 if log_len > 0 => drop(v["log"].as_array_mut().map(|l| l.truncate(i))),
            17 if log_len > 0 => {
                v["log"][i]["user"] = json!(number);
                v["log"][i]["at"] = odd;
            }
            18 => {
                v["meta"]["cancel_request"] =
                    json!({"user": USERS[self.bytes.below(4)], "version": number, "at": 0});
            }
            19 => {
                v["meta"]["shown"] = json!({"rebel": {"nonce": "zz", "version": number, "fingerprint": odd}})
            }
            20 => v["meta"]["exported_after_end"] = json!(self.bytes.u8() & 1 == 1),
            21 => v["meta"]["nonce"] = json!(["", "ABCDEFGHIJ", "0000000000", "x"][self.bytes.below(4)]),
            22 => {
                let field = ["meta", "log", "format"][self.bytes.below(3)];
                if let Some(o) = v.as_object_mut() {
                    o.remove(field);
                }
            }
            _ => self.mutate_leaf(v),
        }
    }

    /// A value of a surprising type or size.
    fn odd_value(&mut self) -> Value {
        match self.bytes.u8() % 10 {
            0 => json!(null),
            1 => json!(-1),
            2 => json!(1e300),
            3 => json!("18446744073709551616"),
            4 => json!([]),
            5 => json!({}),
            6 => json!(u64::MAX),
            7 => json!({"type": "bogus"}),
            8 => json!({"type": "choose_base", "system": "nowhere"}),
            _ => json!(self.bytes.text(20)),
        }
    }

    /// Replaces a random node of the JSON tree (at most `depth` levels down) with an odd value.
    fn mutate_leaf(&mut self, v: &mut Value) {
        self.mutate_at(v, 8);
    }

    fn mutate_at(&mut self, v: &mut Value, depth: usize) {
        let stop = depth == 0 || self.bytes.u8().is_multiple_of(6);
        match v {
            Value::Object(o) if !stop && !o.is_empty() => {
                let k = self.bytes.below(o.len());
                if let Some(next) = o.values_mut().nth(k) {
                    self.mutate_at(next, depth - 1);
                }
            }
            Value::Array(a) if !stop && !a.is_empty() => {
                let k = self.bytes.below(a.len());
                self.mutate_at(&mut a[k], depth - 1);
            }
            _ => *v = self.odd_value(),
        }
    }

    /// Restarts a service from the same store: it must load every match and agree with the
    /// running one about those that have not ended.
    fn check_restart(&mut self) -> Result<(), Violation> {
        let ticks = self.ticks.clone();
        let restarted = Service::<Rebellion>::with_clock(
            self.store.clone(),
            Box::new(move || ticks.fetch_add(1, Ordering::Relaxed)),
        )
        .allow_hot_seat(self.hot_seat);
        if let Err(e) = restarted.load_all() {
            return Err(Violation::Restart { channel: 0, detail: format!("load_all failed: {e}") });
        }
        // A start reads metadata only; the check replays every match, as the bot does.
        restarted.check_all();
        if let Some((channel, why)) = restarted.damaged().into_iter().next() {
            return Err(Violation::Restart {
                channel,
                detail: format!("the stored match is damaged: {why}"),
            });
        }
        for ch in CHANNELS {
            let Ok(status) = self.service.status(ch, NOBODY) else { continue };
            if status.reply.contains("The match is over.") {
                continue;
            }
            // The prompt follows from the state and the stored metadata (nonce, seats): the
            // status (stage, seats) and the state are compared, not the slower prompt.
            let status =
                |s: &Service<Rebellion>| s.status(ch, NOBODY).map(|o| o.reply).map_err(|e| e.to_string());
            let (a, b) = (status(&self.service), status(&restarted));
            if a != b {
                return Err(Violation::Restart { channel: ch, detail: format!("status {a:?} != {b:?}") });
            }
            let (a, b) = (self.service.state(ch).ok().flatten(), restarted.state(ch).ok().flatten());
            if a != b {
                let v = |s: &Option<State>| s.as_ref().map(|s| s.version);
                let detail = format!("the state differs (versions {:?} and {:?})", v(&a), v(&b));
                return Err(Violation::Restart { channel: ch, detail });
            }
        }
        Ok(())
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
    if b.private != a.private {
        out.push("a private text".into());
    }
    out.join(", ")
}

/// Exports of games played by random legal players to various depths and left in various
/// stages (built once per process): what mutated imports start from when the script has made
/// none, and how scripts reach deep games cheaply.
fn prepared() -> &'static [Vec<u8>] {
    static PREPARED: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    PREPARED.get_or_init(|| {
        [
            (1, 0, true, MatchStatus::Lobby),
            (2, 8, true, MatchStatus::Active),
            (3, 30, false, MatchStatus::Paused),
            (4, 60, true, MatchStatus::Active),
            (5, 200, true, MatchStatus::Active),
            (6, 120, true, MatchStatus::Ended),
        ]
        .into_iter()
        .map(|(seed, moves, quick, status)| prepared_export(seed, moves, quick, status))
        .collect()
    })
}

/// The export of a game of `moves` random legal moves (fewer if it ends first).
fn prepared_export(seed: u64, moves: usize, quick: bool, status: MatchStatus) -> Vec<u8> {
    let options = MatchOptions { quick_setup: quick };
    let mut game = Position::new(new_game(seed, options.clone()));
    let mut rng = GameRng::from_seed(seed);
    let user = |seat: Faction| if seat == Faction::Rebel { 1 } else { 2 };
    let mut log = vec![];
    while status != MatchStatus::Lobby && log.len() < moves {
        let Some((seat, action)) = game.decision().map(|d| random_answer(d, &mut rng)) else { break };
        game.apply(seat, action.clone()).expect("a legal action applies");
        let action = serde_json::to_value(&action).expect("an action serialises");
        let at = 1_000 + log.len() as u64;
        log.push(LogEntry { seat: seat.to_string(), action, user: user(seat), at, undoable: false });
    }
    let meta = MatchMeta {
        id: "1".into(),
        nonce: "0000000001".into(),
        game: Rebellion::ID.into(),
        guild: Some(7),
        channel: 1,
        creator: 1,
        seats: [("rebel".to_string(), 1), ("empire".to_string(), 2)].into(),
        options: serde_json::to_value(&options).expect("options serialise"),
        seed,
        status,
        created_at: 1_000,
        updated_at: 1_000,
        cancel_request: None,
        exported_after_end: false,
        shown: Default::default(),
        presence: Default::default(),
        reminders: Default::default(),
        ended_because: None,
    };
    let export = MatchExport {
        format: "holonet-match".into(),
        format_version: 1,
        meta,
        log,
        exported_during_play: status != MatchStatus::Ended,
    };
    serde_json::to_vec_pretty(&export).expect("an export serialises")
}
