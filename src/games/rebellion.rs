//! Star Wars: Rebellion behind the `Game` trait.

use crate::content::Faction;
use crate::engine::rebellion::{
    self as engine, Action, Audience, MatchOptions, State, Viewer, decision, view,
};
use crate::game::{Game, GamePrompt, Notice, OptionText};
use crate::games::rebellion_words;
use crate::render::text;

/// The Rebellion game.
pub struct Rebellion;

fn seat_faction(seat: &str) -> Option<Faction> {
    match seat {
        "rebel" => Some(Faction::Rebel),
        "empire" => Some(Faction::Empire),
        _ => None,
    }
}

fn viewer(v: Option<&str>) -> Viewer {
    match v.and_then(seat_faction) {
        Some(f) => Viewer::Faction(f),
        None => Viewer::Public,
    }
}

impl Game for Rebellion {
    type State = State;
    type Action = Action;
    type Options = MatchOptions;

    const ID: &'static str = "rebellion";

    fn seats(_options: &MatchOptions) -> Vec<String> {
        vec!["rebel".into(), "empire".into()]
    }

    fn new_match(seed: u64, options: &MatchOptions) -> State {
        engine::new_game(seed, options.clone())
    }

    fn parse_action(text: &str) -> Result<Action, String> {
        Action::parse(text).map_err(|e| e.to_string())
    }

    fn action_text(action: &Action) -> String {
        action.command()
    }

    fn apply(state: &mut State, seat: &str, action: Action) -> Result<Vec<Notice>, String> {
        // The seat can come from an import file: quoted short and on one line.
        let f = seat_faction(seat).ok_or_else(|| format!("unknown seat `{}`", crate::content::echo(seat)))?;
        let events = engine::apply(state, f, action).map_err(|e| e.to_string())?;
        Ok(events
            .into_iter()
            .map(|e| Notice {
                to: match e.audience {
                    Audience::Public => None,
                    Audience::Only(f) => Some(f.to_string()),
                },
                text: e.kind.to_string(),
            })
            .collect())
    }

    fn prompt(state: &State) -> Option<GamePrompt<Action>> {
        decision(state).map(|d| GamePrompt {
            seat: d.seat.to_string(),
            kind: rebellion_words::kind_text(&d.kind).to_string(),
            options: d.actions,
            context: d.context.iter().map(|c| rebellion_words::context_words(c)).collect(),
        })
    }

    fn option_texts(state: &State, prompt: &GamePrompt<Action>) -> Vec<OptionText> {
        match decision(state) {
            Some(d) if d.actions == prompt.options => rebellion_words::option_texts(state, &d),
            // Not the pending decision (never the case for the service): plain commands.
            _ => prompt.options.iter().map(|a| OptionText::plain(&a.command())).collect(),
        }
    }

    fn options_public(state: &State, prompt: &GamePrompt<Action>) -> bool {
        decision(state)
            .is_some_and(|d| d.actions == prompt.options && rebellion_words::options_public(state, &d))
    }

    fn version(state: &State) -> u64 {
        state.version
    }

    fn outcome(state: &State) -> Option<String> {
        state.winner.map(|w| format!("The {w} player wins."))
    }

    fn status_text(state: &State) -> String {
        let v = view(state, Viewer::Public);
        let waiting = v
            .waiting
            .as_ref()
            .map(|w| format!("waiting for the {} player: {}", w.seat, w.kind))
            .unwrap_or_else(|| "game over".into());
        format!(
            "Round {} — {} phase — time {} / reputation {} — {}",
            v.round, v.phase, v.time, v.reputation, waiting
        )
    }

    fn private_text(state: &State, seat: &str) -> String {
        let v = view(state, viewer(Some(seat)));
        let mut out = String::new();
        if let Some(b) = &v.base.system
            && seat == "rebel"
        {
            out.push_str(&format!("Your base: {b}{}\n", if v.base.revealed { " (revealed)" } else { "" }));
        }
        if let Some(hand) = seat_faction(seat).and_then(|f| v.hands.get(&f)) {
            for (kind, cards) in hand {
                if let engine::view::Cards::Visible(ids) = cards {
                    out.push_str(&format!(
                        "{kind}: {}\n",
                        if ids.is_empty() { "—".into() } else { ids.join(", ") }
                    ));
                }
            }
        }
        if let Some(asg) = seat_faction(seat).and_then(|f| v.assignments.get(&f)) {
            for a in asg {
                out.push_str(&format!(
                    "assigned: {} <- {}\n",
                    a.mission.clone().unwrap_or_default(),
                    a.leaders.join(", ")
                ));
            }
        }
        out
    }

    fn view_json(state: &State, v: Option<&str>) -> serde_json::Value {
        serde_json::to_value(view(state, viewer(v))).unwrap_or(serde_json::Value::Null)
    }

    fn board_png(state: &State, v: Option<&str>) -> Option<Vec<u8>> {
        Some(crate::render::board::render_png(&view(state, viewer(v))))
    }

    fn board_text(state: &State, v: Option<&str>) -> String {
        summary(state, v)
    }
}

/// A text summary of a viewer's view (for text fallbacks).
pub fn summary(state: &State, v: Option<&str>) -> String {
    text::summary(&view(state, viewer(v)))
}
