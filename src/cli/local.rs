//! Local play: one command per line, prefixed by the acting seat (`rebel …`, `empire …`).
//! The scripted interface is a public contract: keep its output stable.

use serde::Serialize;

use crate::content::Faction;
use crate::engine::rebellion::{
    Action, Decision, Event, MatchOptions, State, Viewer, apply, decision, new_game, view,
};
use crate::render::text;

/// One pending prompt, as printed by `prompts`.
#[derive(Clone, Debug, Serialize)]
pub struct PromptOut {
    /// Who decides.
    pub seat: Faction,
    /// The kind of decision.
    pub kind: String,
    /// The state version the options belong to.
    pub version: u64,
    /// Extra context for the decider.
    pub context: Vec<String>,
    /// The legal options as commands, numbered from 1 in this order.
    pub options: Vec<String>,
}

/// A local match and its line interpreter.
pub struct LocalSession {
    /// The match.
    pub state: State,
    /// Whether this is an interactive terminal (then a seat prefix may be omitted).
    pub interactive: bool,
}

/// Help text for the local command language.
pub const HELP: &str = "\
Lines: `<seat> <command>` where seat is rebel or empire (in a terminal the seat may be left out).
Other lines: `show public|rebel|empire` (view as JSON), `summary [public|rebel|empire]`, `prompts`,
`board public|rebel|empire FILE.png` (the board image),
`help`, `quit`, and in a terminal `options` (every legal option, numbered). `choose N` or
`choose <command>` answers the pending prompt with option N.
Commands: place, autoplace, base, assign, done, reveal, activate, reveal-base, pass, move,
move-captive, oppose, add-leader, draw, tactic, reroll, damage, hit, block, retreat, carry,
objective, action, discard, recruit, build, deploy, mode, keep-objective, keep-project, new-base.";

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
            kind: d.kind.describe().to_string(),
            version: state.version,
            context: d.context,
            options: d.actions.iter().map(Action::command).collect(),
        })
        .into_iter()
        .collect()
}

/// Formats events for a viewer (`None` = everything, labelled by audience).
pub fn event_lines(events: &[Event], viewer: Option<Faction>, label: bool) -> Vec<String> {
    events
        .iter()
        .filter(|e| label || e.audience.visible_to(viewer))
        .map(|e| {
            if label {
                let who = match e.audience {
                    crate::engine::rebellion::Audience::Public => "public".to_string(),
                    crate::engine::rebellion::Audience::Only(f) => f.to_string(),
                };
                format!("[{who}] {}", e.kind)
            } else {
                e.kind.to_string()
            }
        })
        .collect()
}

impl LocalSession {
    /// A new local match.
    pub fn new(seed: u64, options: MatchOptions, interactive: bool) -> Self {
        LocalSession { state: new_game(seed, options), interactive }
    }

    /// Resolves `choose N` / `choose <command>` against the pending options.
    fn choose(&self, arg: &str) -> Result<Action, String> {
        let d = decision(&self.state).ok_or("nothing to choose: the game is over")?;
        if let Ok(n) = arg.trim().parse::<usize>() {
            return d
                .actions
                .get(n.wrapping_sub(1))
                .cloned()
                .ok_or(format!("there is no option {n} (1–{})", d.actions.len()));
        }
        Action::parse(arg).map_err(|e| e.to_string())
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
                let v = view(&self.state, parse_viewer(rest.split_whitespace().next())?);
                return Ok(vec![serde_json::to_string(&v).map_err(|e| e.to_string())?]);
            }
            "summary" => {
                let v = view(&self.state, parse_viewer(rest.split_whitespace().next())?);
                return Ok(text::summary(&v).lines().map(String::from).collect());
            }
            "board" => {
                let args: Vec<&str> = rest.split_whitespace().collect();
                let (who, file) = match args[..] {
                    [file] if parse_viewer(Some(file)).is_err() => (None, file),
                    [who, file] => (Some(who), file),
                    _ => return Err("usage: board [public|rebel|empire] FILE.png".to_string()),
                };
                let png = crate::render::board::render_png(&view(&self.state, parse_viewer(who)?));
                std::fs::write(file, &png).map_err(|e| format!("cannot write {file}: {e}"))?;
                return Ok(vec![format!("wrote {file} ({} bytes)", png.len())]);
            }
            "prompts" => {
                return Ok(vec![serde_json::to_string(&prompts(&self.state)).map_err(|e| e.to_string())?]);
            }
            _ => {}
        }
        let (seat, command) = match parse_seat(first) {
            Some(f) => (f, rest),
            None if self.interactive => {
                let d = decision(&self.state).ok_or("the game is over")?;
                (d.seat, line)
            }
            None => return Err(format!("start the line with the seat (rebel or empire), not `{first}`")),
        };
        let (verb, arg) = command.trim().split_once(char::is_whitespace).unwrap_or((command.trim(), ""));
        let action = if verb.eq_ignore_ascii_case("choose") {
            self.choose(arg)?
        } else {
            Action::parse(command).map_err(|e| e.to_string())?
        };
        let events = apply(&mut self.state, seat, action).map_err(|e| e.to_string())?;
        let viewer = if self.interactive { Some(seat) } else { None };
        Ok(event_lines(&events, viewer, !self.interactive))
    }
}
