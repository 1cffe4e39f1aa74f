//! Star Wars: Empire vs. Rebellion behind the `Game` trait: the second hosted game, served by
//! the same service, store and front ends as Rebellion.

use serde::{Deserialize, Serialize};

use crate::content::Faction;
use crate::content::evr::catalog;
use crate::engine::evr::{self as engine, Action, DecisionKind, EvrState, Viewer, decision, view};
use crate::game::{Game, GamePrompt, Notice};

/// The Empire vs. Rebellion game.
pub struct Evr;

/// Options fixed when an Empire vs. Rebellion match is created (none yet: the box has no
/// variant the engine plays).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EvrOptions {}

/// The faction a seat name stands for (`rebel`, `empire`).
pub fn seat_faction(seat: &str) -> Option<Faction> {
    match seat {
        "rebel" => Some(Faction::Rebel),
        "empire" => Some(Faction::Empire),
        _ => None,
    }
}

/// The viewer a seat name stands for (the public for anything else).
pub fn viewer(seat: Option<&str>) -> Viewer {
    seat.and_then(seat_faction).map_or(Viewer::Public, Viewer::Faction)
}

/// What a decision kind asks, in words.
pub fn kind_words(kind: DecisionKind) -> &'static str {
    match kind {
        DecisionKind::ChooseCharacters => "choose four characters for your deck",
        DecisionKind::ChooseStrategy => "choose a strategy for this round",
        DecisionKind::StruggleTurn => "play a card, use a power, spend influence or pass",
        DecisionKind::Effect => "a choice of the effect being resolved",
    }
}

impl Game for Evr {
    type State = EvrState;
    type Action = Action;
    type Options = EvrOptions;

    const ID: &'static str = "evr";

    fn seats(_options: &EvrOptions) -> Vec<String> {
        Faction::BOTH.iter().map(|f| f.key().to_string()).collect()
    }

    fn variant(_options: &EvrOptions) -> Option<String> {
        None
    }

    fn new_match(seed: u64, _options: &EvrOptions) -> EvrState {
        engine::new_game(seed)
    }

    fn parse_action(text: &str) -> Result<Action, String> {
        Action::parse(text)
    }

    fn action_text(action: &Action) -> String {
        action.command()
    }

    fn apply(state: &mut EvrState, seat: &str, action: Action) -> Result<Vec<Notice>, String> {
        // The seat can come from an import file: quoted short and on one line.
        let f = seat_faction(seat).ok_or_else(|| format!("unknown seat `{}`", crate::content::echo(seat)))?;
        engine::apply(state, f, action).map_err(|e| e.to_string())?;
        Ok(vec![])
    }

    fn prompt(state: &EvrState) -> Option<GamePrompt<Action>> {
        decision(state).map(|d| GamePrompt {
            seat: d.seat.key().to_string(),
            also: vec![],
            kind: kind_words(d.kind).to_string(),
            options: d.actions,
            context: vec![],
        })
    }

    fn version(state: &EvrState) -> u64 {
        state.version
    }

    fn outcome(state: &EvrState) -> Option<String> {
        state.winner.map(|w| format!("The {w} player wins."))
    }

    fn status_text(state: &EvrState) -> String {
        let v = view(state, Viewer::Public);
        let c = catalog();
        let event = v
            .event
            .as_deref()
            .and_then(|k| c.event_by_key(k))
            .map(|e| format!(" — {}", c.event(e).name))
            .unwrap_or_default();
        let waiting = match decision(state) {
            Some(d) => format!("waiting for the {} player: {}", d.seat, kind_words(d.kind)),
            None => "game over".into(),
        };
        format!(
            "Round {} — {}{} — victory points: Rebel {}, Empire {} — {}",
            v.round,
            v.phase,
            event,
            v.sides[&Faction::Rebel].victory_points,
            v.sides[&Faction::Empire].victory_points,
            waiting
        )
    }

    fn private_text(state: &EvrState, seat: &str) -> String {
        let Some(f) = seat_faction(seat) else { return String::new() };
        serde_json::to_string_pretty(&view(state, Viewer::Faction(f)).sides[&f]).unwrap_or_default()
    }

    fn view_json(state: &EvrState, v: Option<&str>) -> serde_json::Value {
        serde_json::to_value(view(state, viewer(v))).unwrap_or(serde_json::Value::Null)
    }

    fn board_text(state: &EvrState, v: Option<&str>) -> String {
        serde_json::to_string_pretty(&view(state, viewer(v))).unwrap_or_default()
    }
}
