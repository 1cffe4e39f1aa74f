//! Local play: one command per line, prefixed by the acting seat (`rebel …`, `empire …`).
//! The scripted interface is a public contract: keep its output stable. One session drives
//! either game through the same service layer ([`Session`] over a [`LocalGame`]); a game adds
//! only how a terminal shows it.

use serde::Serialize;

use std::path::Path;
use std::sync::Arc;

use crate::content::{Faction, TeamColour, TeamRole, echo};
use crate::engine::evr::EvrState;
use crate::engine::rebellion::{Decision, State, Viewer, decision, view};
use crate::games::evr::{Evr, EvrOptions};
use crate::games::game::{Game, Notice};
use crate::games::rebellion::Rebellion;
use crate::games::rebellion::words::{context_words, option_texts};
use crate::render::text;
use crate::service::cards::lookup;
use crate::service::{Answer, Caller, Service};
use crate::store::{MatchStatus, MatchStore, MemoryStore, SledStore};

/// One pending prompt, as printed by `prompts`.
#[derive(Clone, Debug, Serialize)]
pub struct PromptOut {
    /// Who decides.
    pub seat: Faction,
    /// The team game: the role of the side that decides, when only one of them may.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role: Option<TeamColour>,
    /// The kind of decision.
    pub kind: String,
    /// The state version the options belong to.
    pub version: u64,
    /// Extra context for the decider.
    pub context: Vec<String>,
    /// The legal options, numbered from 1 in this order.
    pub options: Vec<OptionOut>,
}

/// One option of a pending prompt: the words players see, and the command a script sends.
#[derive(Clone, Debug, Serialize)]
pub struct OptionOut {
    /// The option in the game's printed names (what Discord's menus show).
    pub label: String,
    /// The command line that answers with it.
    pub command: String,
    /// What the card it names does (the menu entry's description), printed under it; kept out
    /// of `prompts`' JSON, which scripts read for the commands.
    #[serde(skip)]
    pub description: String,
}

/// A game local mode can host: the `Game` trait, plus how a terminal shows it.
pub trait LocalGame: Game {
    /// The help text of the command language.
    const HELP: &'static str;
    /// The side a seat belongs to ("empire-general" → the Empire).
    fn side(seat: &str) -> Option<Faction>;
    /// The match's seats, in join order.
    fn seats_of(state: &Self::State) -> Vec<String>;
    /// The view of a viewer (`public`, `full`, a side; `None` = public) as JSON, for `show`.
    fn show(state: &Self::State, who: Option<&str>) -> Result<String, String>;
    /// The board in words for a viewer, for `summary`.
    fn summary(state: &Self::State, who: Option<&str>) -> Result<String, String>;
    /// The board image for a viewer, for `board`.
    fn board(state: &Self::State, who: Option<&str>) -> Result<Vec<u8>, String>;
    /// The pending prompts, as `prompts` prints them. The default builds them from the trait.
    fn prompts(state: &Self::State) -> Vec<PromptOut> {
        prompts_of::<Self>(state)
    }
}

/// The pending prompt of any game, from its `Game` face: the decider's side, the kind, the
/// options in words beside their commands, the context.
pub fn prompts_of<G: LocalGame + ?Sized>(state: &G::State) -> Vec<PromptOut> {
    let Some(p) = G::prompt(state) else { return vec![] };
    let Some(seat) = G::side(&p.seat) else { return vec![] };
    let options = G::option_texts(state, &p)
        .into_iter()
        .zip(&p.options)
        .map(|(t, a)| OptionOut { label: t.label, command: G::action_text(a), description: t.description })
        .collect();
    vec![PromptOut {
        seat,
        role: None,
        kind: p.kind,
        version: G::version(state),
        context: p.context,
        options,
    }]
}

impl LocalGame for Rebellion {
    const HELP: &'static str = HELP;
    fn side(seat: &str) -> Option<Faction> {
        seat_side(seat)
    }
    fn seats_of(state: &State) -> Vec<String> {
        Rebellion::seats(&state.options)
    }
    fn show(state: &State, who: Option<&str>) -> Result<String, String> {
        serde_json::to_string(&view(state, parse_viewer(who)?)).map_err(|e| e.to_string())
    }
    fn summary(state: &State, who: Option<&str>) -> Result<String, String> {
        Ok(text::summary(&view(state, parse_viewer(who)?)))
    }
    fn board(state: &State, who: Option<&str>) -> Result<Vec<u8>, String> {
        Ok(crate::render::board::render_png(&view(state, parse_viewer(who)?)))
    }
    fn prompts(state: &State) -> Vec<PromptOut> {
        prompts(state)
    }
}

/// Help text for Empire vs. Rebellion's local command language.
pub const EVR_HELP: &str = "\
Lines: `<seat> <command>` where seat is rebel or empire (in a terminal the seat may be left out).
Other lines: `show public|rebel|empire` (view as JSON), `summary [public|rebel|empire]` (the table
in words), `prompts`, `board public|rebel|empire FILE.png` (the table image, where drawn),
`card NAME [FILE.png]` (a card looked up), `help`, `quit`, and in a terminal `options` (every legal option, numbered). `choose N` or
`choose <command>` answers the pending prompt with option N.
Commands: characters <four cards>, strategy <card>, play, use <card>, ready <slot>, pass,
pick <card>, deck rebel|empire, option <n>, event <event>, done.";

impl LocalGame for Evr {
    const HELP: &'static str = EVR_HELP;
    fn side(seat: &str) -> Option<Faction> {
        crate::games::evr::seat_faction(seat)
    }
    fn seats_of(_state: &EvrState) -> Vec<String> {
        Evr::seats(&EvrOptions::default())
    }
    fn show(state: &EvrState, who: Option<&str>) -> Result<String, String> {
        let v = crate::engine::evr::view(state, parse_viewer(who)?);
        serde_json::to_string(&v).map_err(|e| e.to_string())
    }
    fn summary(state: &EvrState, who: Option<&str>) -> Result<String, String> {
        Ok(crate::games::evr::words::board_words(&crate::engine::evr::view(state, parse_viewer(who)?)))
    }
    fn board(state: &EvrState, who: Option<&str>) -> Result<Vec<u8>, String> {
        parse_viewer(who)?;
        Evr::board_png(state, who).ok_or_else(|| "this game draws no table image yet".to_string())
    }
}

/// A local Rebellion match (the default game of local mode).
pub type LocalSession = Session<Rebellion>;

/// A local match and its line interpreter. It drives the same service layer as the Discord
/// host (in memory), with the Rebel seat played by user 1 and the Empire seat by user 2.
pub struct Session<G: LocalGame> {
    service: Service<G>,
    /// Whether this is an interactive terminal (then a seat prefix may be omitted).
    pub interactive: bool,
    /// Private messages for a seat that was not at the terminal when they happened.
    held: Vec<(Faction, String)>,
}

/// What [`Session::open`] found in its directory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opened {
    /// An unfinished match, resumed after this many actions.
    Resumed {
        /// Actions applied so far.
        actions: u64,
    },
    /// No match: a new one started.
    New,
    /// A finished match: a new one replaced it.
    AfterEnd,
}

impl std::fmt::Display for Opened {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Opened::Resumed { actions } => write!(f, "resumed the stored match after {actions} actions"),
            Opened::New => write!(f, "started a new match"),
            Opened::AfterEnd => write!(f, "the stored match had ended; started a new one"),
        }
    }
}

/// The channel id of the local match.
const LOCAL_CHANNEL: u64 = 1;

/// The user playing a seat: its place among the match's seats, from 1 (the Rebels are user 1
/// and the Empire user 2 in a two-player match).
fn user_of(seats: &[String], seat: &str) -> Caller {
    let i = seats.iter().position(|s| s == seat).unwrap_or(0);
    Caller { user: i as u64 + 1, moderator: true }
}

/// The side of a seat name ("empire-general" → the Empire).
fn seat_side(seat: &str) -> Option<Faction> {
    parse_seat(seat.split('-').next().unwrap_or(seat))
}

/// Help text for the local command language.
pub const HELP: &str = "\
Lines: `<seat> <command>` where seat is rebel or empire (in a terminal the seat may be left out);
in a team game a seat may name the role too (`empire-general`); a side alone names the one asked.
Other lines: `show public|rebel|empire` (view as JSON), `summary [public|rebel|empire]`, `prompts`,
`board public|rebel|empire FILE.png` (the board image), `card NAME [FILE.png]` (a card looked up),
`help`, `quit`, and in a terminal `options` (every legal option, numbered). `choose N` or
`choose <command>` answers the pending prompt with option N.
Commands: place, autoplace, base, assign, done, reveal, activate, reveal-base, pass, move,
move-captive, oppose, add-leader, draw, tactic, reroll, damage, focus, hit, block, retreat, carry,
objective, action, discard, recruit, scrap, build, deploy, mode, keep-objective, keep-project, new-base,
veto (team game).";

fn parse_seat(s: &str) -> Option<Faction> {
    match s.to_lowercase().as_str() {
        "rebel" | "rebels" | "r" => Some(Faction::Rebel),
        "empire" | "imperial" | "e" => Some(Faction::Empire),
        _ => None,
    }
}

fn parse_viewer(s: Option<&str>) -> Result<Viewer, String> {
    match s.map(|x| x.to_lowercase()) {
        None => Ok(Viewer::Public),
        Some(x) if x == "public" => Ok(Viewer::Public),
        Some(x) if x == "full" => Ok(Viewer::Full),
        Some(x) => parse_seat(&x)
            .map(Viewer::Faction)
            .ok_or(format!("unknown viewer `{x}`: public, rebel or empire")),
    }
}

/// The pending prompts, for `prompts` and front ends.
pub fn prompts(state: &State) -> Vec<PromptOut> {
    decision(state)
        .map(|d: Decision| PromptOut {
            seat: d.seat,
            role: d.role,
            kind: d.kind.describe().to_string(),
            version: state.version,
            options: option_texts(state, &d)
                .into_iter()
                .zip(&d.actions)
                .map(|(t, a)| OptionOut { label: t.label, command: a.command(), description: t.description })
                .collect(),
            context: d.context.iter().map(|c| context_words(c)).collect(),
        })
        .into_iter()
        .collect()
}

/// The pending prompt as a terminal shows it: who decides what, the first `limit` options
/// (see [`option_lines`]) and the context.
pub fn prompt_lines(state: &State, limit: usize) -> Vec<String> {
    lines_of(prompts(state), limit)
}

/// Prompts as a terminal shows them (see [`prompt_lines`]).
fn lines_of(prompts: Vec<PromptOut>, limit: usize) -> Vec<String> {
    let mut out = vec![];
    for p in prompts {
        let count = match p.options.len() {
            1 => "1 option".to_string(),
            n if n > limit => format!("{n} options, the first {limit} below; `options` lists them all"),
            n => format!("{n} options"),
        };
        match p.role {
            Some(colour) => {
                out.push(format!("{}: {} ({count})", TeamRole { faction: p.seat, colour }.name(), p.kind))
            }
            None => out.push(format!("{} player: {} ({count})", p.seat.name(), p.kind)),
        }
        out.extend(numbered(&p.options, limit));
        out.extend(p.context.iter().map(|c| format!("  {c}")));
    }
    out
}

/// The pending prompt's options numbered from 1, each in words with the command that answers
/// it (a terminal player types either `choose N` or the command).
pub fn option_lines(state: &State) -> Vec<String> {
    prompts(state).iter().flat_map(|p| numbered(&p.options, usize::MAX)).collect()
}

fn numbered(options: &[OptionOut], limit: usize) -> Vec<String> {
    options
        .iter()
        .enumerate()
        .take(limit)
        .flat_map(|(i, o)| {
            let mut lines = vec![format!("  {}. {} — `{}`", i + 1, o.label, o.command)];
            if !o.description.is_empty() {
                lines.push(format!("     {}", o.description));
            }
            lines
        })
        .collect()
}

/// Formats a move's messages for a viewer seat (`None` = everything, labelled `[public]`,
/// `[rebel]`, `[empire]` or a team seat).
pub fn notice_lines(notices: &[Notice], viewer: Option<&str>, label: bool) -> Vec<String> {
    notices
        .iter()
        .filter(|n| label || n.to.is_none() || n.to.as_deref() == viewer)
        .map(|n| {
            if label {
                format!("[{}] {}", n.to.as_deref().unwrap_or("public"), n.text)
            } else {
                n.text.clone()
            }
        })
        .collect()
}

impl Session<Rebellion> {
    /// The decision the match waits for, if any.
    pub fn decision(&self) -> Option<Decision> {
        decision(&self.state())
    }
}

impl<G: LocalGame> Session<G> {
    /// A new local match, kept in memory.
    pub fn new(seed: u64, options: G::Options, interactive: bool) -> Self {
        let service = Service::with_clock(Arc::new(MemoryStore::new()), Box::new(|| 0));
        Self::start(service, seed, options, interactive).unwrap_or_else(|e| {
            unreachable!("a fresh in-memory match always starts: {e}");
        })
    }

    /// A local match kept in a sled database directory: the unfinished match stored there
    /// resumes (seed and options are then those it was started with); otherwise a new one
    /// starts. Every answer is on disk before its output is printed. Also says which it was.
    pub fn open(
        dir: &Path,
        seed: u64,
        options: G::Options,
        interactive: bool,
    ) -> Result<(Self, Opened), String> {
        let store =
            Arc::new(SledStore::open(dir).map_err(|e| format!("cannot open {}: {e}", dir.display()))?);
        let stored = store.load(&LOCAL_CHANNEL.to_string()).ok().flatten().map(|m| m.meta.status);
        let service = Service::with_clock(store, Box::new(|| 0));
        service.load_all().map_err(|e| e.to_string())?;
        let opened = match service.state(LOCAL_CHANNEL) {
            Ok(Some(state)) if G::outcome(&state).is_none() => {
                let session = Session { service: service.allow_hot_seat(true), interactive, held: vec![] };
                return Ok((session, Opened::Resumed { actions: G::version(&state) }));
            }
            // A match stopped before it started: start afresh.
            Ok(None) => {
                service
                    .cancel(LOCAL_CHANNEL, Caller { user: 1, moderator: true })
                    .map_err(|e| e.to_string())?;
                Opened::New
            }
            _ if stored == Some(MatchStatus::Ended) => Opened::AfterEnd,
            _ => Opened::New,
        };
        Ok((Self::start(service, seed, options, interactive)?, opened))
    }

    fn start(service: Service<G>, seed: u64, options: G::Options, interactive: bool) -> Result<Self, String> {
        // Both seats share the terminal: hot-seat by nature (each seat still acts as its own
        // user, so a line for the seat that is not deciding is refused).
        let service = service.allow_hot_seat(true);
        let seats = G::seats(&options);
        let first = user_of(&seats, &seats[0]);
        service.create(LOCAL_CHANNEL, None, first, options, Some(seed)).map_err(|e| e.to_string())?;
        // The terminal is for learning too: hints are on (`SEAT hint`).
        service.set_hints(LOCAL_CHANNEL, first, true).map_err(|e| e.to_string())?;
        for seat in &seats {
            service.join(LOCAL_CHANNEL, user_of(&seats, seat), Some(seat)).map_err(|e| e.to_string())?;
        }
        service.start(LOCAL_CHANNEL, first).map_err(|e| e.to_string())?;
        Ok(Session { service, interactive, held: vec![] })
    }

    /// Hands seats to the computer (`--bot`), thinking about `think_ms` per decision, and lets
    /// it take the decisions pending for it: the seat named, or every seat of the side named
    /// (both roles of a side split between two players). Returns what it did, as the other
    /// seats saw it.
    pub fn with_computer(mut self, named: &str, think_ms: u64) -> Result<(Self, Vec<String>), String> {
        let named = named.to_lowercase();
        let seats: Vec<String> = self
            .seats()
            .into_iter()
            .filter(|s| {
                *s == named || parse_seat(&named).is_some_and(|f| named == f.key() && G::side(s) == Some(f))
            })
            .collect();
        if seats.is_empty() {
            return Err(format!("no seat `{}` in this match: {}", echo(&named), self.seats().join(", ")));
        }
        // The terminal is the match's moderator: it hands the seat over, even in a resumed match.
        let terminal = Caller { user: 1, moderator: true };
        for seat in &seats {
            self.service
                .seat_computer(LOCAL_CHANNEL, terminal, Some(seat), think_ms)
                .map_err(|e| e.to_string())?;
        }
        let lines = self.computer_moves()?;
        Ok((self, lines))
    }

    /// The computer's moves until a person decides (or the game ends), as the lines the other
    /// seats may see, each marked as the computer's.
    fn computer_moves(&mut self) -> Result<Vec<String>, String> {
        let computer = self.service.computer_seats(LOCAL_CHANNEL).map_err(|e| e.to_string())?;
        if computer.is_empty() {
            return Ok(vec![]);
        }
        // Its own private messages stay with it, also in a script's output.
        let viewer = self.seats().into_iter().find(|s| !computer.contains_key(s));
        let mut lines = vec![];
        let seats = self.seats();
        // A side the computer plays whole is named as the side, a role it plays alone as the seat.
        let label = |seat: &str| match G::side(seat) {
            Some(f) if seats.iter().filter(|s| G::side(s) == Some(f)).all(|s| computer.contains_key(s)) => {
                f.key().to_string()
            }
            _ => seat.to_string(),
        };
        loop {
            let Some(job) = self.service.computer_pending(LOCAL_CHANNEL).map_err(|e| e.to_string())? else {
                break;
            };
            let seat = label(job.seat());
            let Some(mv) = job.think() else { break };
            let out = self.service.computer_act(LOCAL_CHANNEL, &mv).map_err(|e| e.to_string())?;
            let seen = notice_lines(&out.events, viewer.as_deref(), false);
            lines.extend(seen.into_iter().map(|l| format!("computer ({seat}): {l}")));
        }
        Ok(lines)
    }

    /// The seats the computer plays, in order.
    pub fn computer_seats(&self) -> Vec<String> {
        self.service.computer_seats(LOCAL_CHANNEL).map(|c| c.into_keys().collect()).unwrap_or_default()
    }

    /// The current state of the match.
    pub fn state(&self) -> G::State {
        self.service.state(LOCAL_CHANNEL).ok().flatten().expect("the local match is started")
    }

    /// Takes the private messages kept for a seat while the other player was at the terminal.
    pub fn take_held(&mut self, seat: Faction) -> Vec<String> {
        let (mine, rest): (Vec<_>, Vec<_>) =
            std::mem::take(&mut self.held).into_iter().partition(|(f, _)| *f == seat);
        self.held = rest;
        mine.into_iter().map(|(_, t)| t).collect()
    }

    /// The side whose decision the match waits for, if any.
    pub fn waiting(&self) -> Option<Faction> {
        G::prompt(&self.state()).and_then(|p| G::side(&p.seat))
    }

    /// The pending prompt as a terminal shows it (see [`prompt_lines`]).
    pub fn prompt_lines(&self, limit: usize) -> Vec<String> {
        lines_of(G::prompts(&self.state()), limit)
    }

    /// Every option of the pending prompt, numbered (see [`option_lines`]).
    pub fn option_lines(&self) -> Vec<String> {
        G::prompts(&self.state()).iter().flat_map(|p| numbered(&p.options, usize::MAX)).collect()
    }

    /// The board in words for a side (`None` = the public).
    pub fn summary(&self, side: Option<Faction>) -> String {
        G::summary(&self.state(), side.map(Faction::key)).unwrap_or_default()
    }

    /// The match's seats, in join order.
    fn seats(&self) -> Vec<String> {
        G::seats_of(&self.state())
    }

    /// The seat a line's prefix names: a seat, or a side, which stands for its seat asked now
    /// (a side split between two players has two).
    fn seat_named(&self, prefix: &str) -> Option<String> {
        let seats = self.seats();
        let prefix = prefix.to_lowercase();
        if seats.contains(&prefix) {
            return Some(prefix);
        }
        let side = parse_seat(&prefix)?;
        let asked = self.service.prompt(LOCAL_CHANNEL).ok().flatten();
        let asked = asked
            .iter()
            .flat_map(|p| std::iter::once(p.seat.clone()).chain(p.also.iter().map(|(s, _)| s.clone())));
        asked.chain(seats.iter().cloned()).find(|s| G::side(s) == Some(side))
    }

    /// `card NAME [FILE.png]`: the card lookup of the match's game and options, as Discord's
    /// `/rebellion card` answers it, and the card face written to `FILE.png` when one is named.
    fn card(&self, rest: &str) -> Result<Vec<String>, String> {
        let rest = rest.trim();
        let (name, file) = match rest.rsplit_once(char::is_whitespace) {
            Some((name, file)) if file.to_lowercase().ends_with(".png") => (name.trim(), Some(file)),
            _ => (rest, None),
        };
        if name.is_empty() {
            return Err("usage: card NAME [FILE.png]".to_string());
        }
        let book = self.service.card_book(LOCAL_CHANNEL);
        let answer = lookup(&book, name, file.is_some()).map_err(|e| e.to_string())?;
        let mut lines = answer.plain();
        if let (Some(file), Some(png)) = (file, &answer.png) {
            std::fs::write(file, png).map_err(|e| format!("cannot write {file}: {e}"))?;
            lines.push(format!("wrote {file} ({} bytes)", png.len()));
        }
        Ok(lines)
    }

    /// Handles one line; returns the lines to print. Errors are one line starting `error:`
    /// and change nothing.
    pub fn handle(&mut self, line: &str) -> Vec<String> {
        match self.try_handle(line) {
            Ok(out) => out,
            Err(e) => vec![format!("error: {e}")],
        }
    }

    fn try_handle(&mut self, line: &str) -> Result<Vec<String>, String> {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Ok(vec![]);
        }
        let (first, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        match first.to_lowercase().as_str() {
            "help" => return Ok(G::HELP.lines().map(String::from).collect()),
            "show" => return Ok(vec![G::show(&self.state(), rest.split_whitespace().next())?]),
            "summary" => {
                let text = G::summary(&self.state(), rest.split_whitespace().next())?;
                return Ok(text.lines().map(String::from).collect());
            }
            "board" => {
                let args: Vec<&str> = rest.split_whitespace().collect();
                let (who, file) = match args[..] {
                    [file] if parse_viewer(Some(file)).is_err() => (None, file),
                    [who, file] => (Some(who), file),
                    _ => return Err("usage: board [public|rebel|empire] FILE.png".to_string()),
                };
                let png = G::board(&self.state(), who)?;
                std::fs::write(file, &png).map_err(|e| format!("cannot write {file}: {e}"))?;
                return Ok(vec![format!("wrote {file} ({} bytes)", png.len())]);
            }
            "card" => return self.card(rest),
            "prompts" => {
                return Ok(vec![
                    serde_json::to_string(&G::prompts(&self.state())).map_err(|e| e.to_string())?,
                ]);
            }
            _ => {}
        }
        let (seat, command) = match self.seat_named(first) {
            Some(seat) => (seat, rest),
            None if self.interactive => {
                let p = self.service.prompt(LOCAL_CHANNEL).ok().flatten().ok_or("the game is over")?;
                (p.seat, line)
            }
            None => return Err(format!("start the line with the seat (rebel or empire), not `{first}`")),
        };
        let (verb, arg) = command.trim().split_once(char::is_whitespace).unwrap_or((command.trim(), ""));
        if verb.eq_ignore_ascii_case("hint") {
            // The computer's best options for this seat, from what it may know (`/play hint`).
            let out =
                self.service.hint(LOCAL_CHANNEL, user_of(&self.seats(), &seat)).map_err(|e| e.to_string())?;
            return Ok(out.reply.lines().map(String::from).collect());
        }
        let answer = match (verb.eq_ignore_ascii_case("choose"), arg.trim().parse::<usize>()) {
            (true, Ok(n)) => {
                // The terminal always lists the pending prompt, so the number refers to it.
                let p = self
                    .service
                    .prompt(LOCAL_CHANNEL)
                    .map_err(|e| e.to_string())?
                    .ok_or("nothing to choose: the game is over")?;
                if n == 0 || n > p.options.len() {
                    return Err(format!("there is no option {n} (1–{})", p.options.len()));
                }
                Answer::Option { key: p.key(), index: n - 1 }
            }
            (true, Err(_)) => Answer::Command(arg.to_string()),
            (false, _) => Answer::Command(command.to_string()),
        };
        let seats = self.seats();
        let computer = self.service.computer_seats(LOCAL_CHANNEL).map_err(|e| e.to_string())?;
        if computer.contains_key(&seat) {
            return Err(format!("the computer plays the {seat} seat"));
        }
        let mut out =
            self.service.act(LOCAL_CHANNEL, user_of(&seats, &seat), answer).map_err(|e| e.to_string())?;
        // What the computer's seat learns stays with it, also in a script's output.
        out.events.retain(|n| n.to.as_ref().is_none_or(|to| !computer.contains_key(to)));
        let viewer = if self.interactive { Some(seat.as_str()) } else { None };
        if self.interactive {
            // Kept once per side (teammates get the same messages), for the other side's turn.
            let other = G::side(&seat).map(Faction::opponent);
            let first_of_other = seats.iter().find(|s| G::side(s) == other);
            self.held.extend(
                out.events
                    .iter()
                    .filter(|n| n.to.is_some() && n.to.as_ref() == first_of_other)
                    .filter_map(|n| Some((other?, n.text.clone()))),
            );
        }
        let mut lines = notice_lines(&out.events, viewer, !self.interactive);
        lines.extend(self.computer_moves()?);
        Ok(lines)
    }
}
