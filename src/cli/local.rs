//! Local play: one command per line, prefixed by the acting seat (`rebel …`, `empire …`).
//! The scripted interface is a public contract: keep its output stable.

use serde::Serialize;

use std::path::Path;
use std::sync::Arc;

use crate::content::{Faction, TeamColour, TeamRole};
use crate::engine::rebellion::{Decision, MatchOptions, State, Viewer, decision, view};
use crate::game::{Game, Notice};
use crate::games::rebellion::Rebellion;
use crate::games::rebellion_words::{context_words, option_texts};
use crate::render::text;
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
}

/// A local match and its line interpreter. It drives the same service layer as the Discord
/// host (in memory), with the Rebel seat played by user 1 and the Empire seat by user 2.
pub struct LocalSession {
    service: Service<Rebellion>,
    /// Whether this is an interactive terminal (then a seat prefix may be omitted).
    pub interactive: bool,
    /// Private messages for a seat that was not at the terminal when they happened.
    held: Vec<(Faction, String)>,
}

/// What [`LocalSession::open`] found in its directory.
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
`board public|rebel|empire FILE.png` (the board image),
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
                .map(|(t, a)| OptionOut { label: t.label, command: a.command() })
                .collect(),
            context: d.context.iter().map(|c| context_words(c)).collect(),
        })
        .into_iter()
        .collect()
}

/// The pending prompt as a terminal shows it: who decides what, the first `limit` options
/// (see [`option_lines`]) and the context.
pub fn prompt_lines(state: &State, limit: usize) -> Vec<String> {
    let mut out = vec![];
    for p in prompts(state) {
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
        .map(|(i, o)| format!("  {}. {} — `{}`", i + 1, o.label, o.command))
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

impl LocalSession {
    /// A new local match, kept in memory.
    pub fn new(seed: u64, options: MatchOptions, interactive: bool) -> Self {
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
        options: MatchOptions,
        interactive: bool,
    ) -> Result<(Self, Opened), String> {
        let store =
            Arc::new(SledStore::open(dir).map_err(|e| format!("cannot open {}: {e}", dir.display()))?);
        let stored = store.load(&LOCAL_CHANNEL.to_string()).ok().flatten().map(|m| m.meta.status);
        let service = Service::with_clock(store, Box::new(|| 0));
        service.load_all().map_err(|e| e.to_string())?;
        let opened = match service.state(LOCAL_CHANNEL) {
            Ok(Some(state)) if Rebellion::outcome(&state).is_none() => {
                let session =
                    LocalSession { service: service.allow_hot_seat(true), interactive, held: vec![] };
                return Ok((session, Opened::Resumed { actions: state.version }));
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

    fn start(
        service: Service<Rebellion>,
        seed: u64,
        options: MatchOptions,
        interactive: bool,
    ) -> Result<Self, String> {
        // Both seats share the terminal: hot-seat by nature (each seat still acts as its own
        // user, so a line for the seat that is not deciding is refused).
        let service = service.allow_hot_seat(true);
        let seats = Rebellion::seats(&options);
        let first = user_of(&seats, &seats[0]);
        service.create(LOCAL_CHANNEL, None, first, options, Some(seed)).map_err(|e| e.to_string())?;
        for seat in &seats {
            service.join(LOCAL_CHANNEL, user_of(&seats, seat), Some(seat)).map_err(|e| e.to_string())?;
        }
        service.start(LOCAL_CHANNEL, first).map_err(|e| e.to_string())?;
        Ok(LocalSession { service, interactive, held: vec![] })
    }

    /// The current state of the match.
    pub fn state(&self) -> State {
        self.service.state(LOCAL_CHANNEL).ok().flatten().expect("the local match is started")
    }

    /// Takes the private messages kept for a seat while the other player was at the terminal.
    pub fn take_held(&mut self, seat: Faction) -> Vec<String> {
        let (mine, rest): (Vec<_>, Vec<_>) =
            std::mem::take(&mut self.held).into_iter().partition(|(f, _)| *f == seat);
        self.held = rest;
        mine.into_iter().map(|(_, t)| t).collect()
    }

    /// The decision the match waits for, if any.
    pub fn decision(&self) -> Option<Decision> {
        decision(&self.state())
    }

    /// The match's seats, in join order.
    fn seats(&self) -> Vec<String> {
        Rebellion::seats(&self.state().options)
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
        asked.chain(seats.iter().cloned()).find(|s| seat_side(s) == Some(side))
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
            "help" => return Ok(HELP.lines().map(String::from).collect()),
            "show" => {
                let v = view(&self.state(), parse_viewer(rest.split_whitespace().next())?);
                return Ok(vec![serde_json::to_string(&v).map_err(|e| e.to_string())?]);
            }
            "summary" => {
                let v = view(&self.state(), parse_viewer(rest.split_whitespace().next())?);
                return Ok(text::summary(&v).lines().map(String::from).collect());
            }
            "board" => {
                let args: Vec<&str> = rest.split_whitespace().collect();
                let (who, file) = match args[..] {
                    [file] if parse_viewer(Some(file)).is_err() => (None, file),
                    [who, file] => (Some(who), file),
                    _ => return Err("usage: board [public|rebel|empire] FILE.png".to_string()),
                };
                let png = crate::render::board::render_png(&view(&self.state(), parse_viewer(who)?));
                std::fs::write(file, &png).map_err(|e| format!("cannot write {file}: {e}"))?;
                return Ok(vec![format!("wrote {file} ({} bytes)", png.len())]);
            }
            "prompts" => {
                return Ok(vec![serde_json::to_string(&prompts(&self.state())).map_err(|e| e.to_string())?]);
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
        let out =
            self.service.act(LOCAL_CHANNEL, user_of(&seats, &seat), answer).map_err(|e| e.to_string())?;
        let viewer = if self.interactive { Some(seat.as_str()) } else { None };
        if self.interactive {
            // Kept once per side (teammates get the same messages), for the other side's turn.
            let other = seat_side(&seat).map(Faction::opponent);
            let first_of_other = seats.iter().find(|s| seat_side(s) == other);
            self.held.extend(
                out.events
                    .iter()
                    .filter(|n| n.to.is_some() && n.to.as_ref() == first_of_other)
                    .filter_map(|n| Some((other?, n.text.clone()))),
            );
        }
        Ok(notice_lines(&out.events, viewer, !self.interactive))
    }
}
