//! Star Wars: Empire vs. Rebellion behind the `Game` trait: the second hosted game, served by
//! the same service, store and front ends as Rebellion.

pub mod brief;
pub mod cards;
pub mod hand;
pub mod notices;
pub mod reckoning;
pub mod words;

use serde::{Deserialize, Serialize};

use crate::content::Faction;
use crate::engine::evr::{self as engine, Action, EvrState, Viewer, decision, view};
use crate::games::game::{ComputerAsk, Game, GamePrompt, MatchFacts, Notice, OptionText};

pub use words::kind_words;

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

    fn card_sheets(_options: Option<&EvrOptions>) -> Vec<crate::content::CardSheet> {
        cards::sheets()
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
        let before = state.clone();
        engine::apply(state, f, action.clone()).map_err(|e| e.to_string())?;
        Ok(notices::notices(&before, state, f, &action))
    }

    fn prompt(state: &EvrState) -> Option<GamePrompt<Action>> {
        decision(state).map(|d| GamePrompt {
            seat: d.seat.key().to_string(),
            also: vec![],
            kind: kind_words(d.kind).to_string(),
            context: words::context(state, &d),
            options: d.actions,
        })
    }

    fn option_texts(state: &EvrState, prompt: &GamePrompt<Action>) -> Vec<OptionText> {
        match decision(state) {
            Some(d) if d.actions == prompt.options => words::option_texts(state, &d),
            // Not the pending decision (never the case for the service): plain commands.
            _ => prompt.options.iter().map(|a| OptionText::plain(&a.command())).collect(),
        }
    }

    fn version(state: &EvrState) -> u64 {
        state.version
    }

    fn outcome(state: &EvrState) -> Option<String> {
        state.winner.map(|w| format!("The {w} player wins."))
    }

    fn facts(state: &EvrState) -> MatchFacts {
        MatchFacts { winner: state.winner.map(|w| w.key().to_string()), rounds: state.round }
    }

    fn status_text(state: &EvrState) -> String {
        words::status_words(state, decision(state).map(|d| (d.seat, d.kind)))
    }

    fn private_text(state: &EvrState, seat: &str) -> String {
        let Some(f) = seat_faction(seat) else { return String::new() };
        hand::holdings(&view(state, Viewer::Faction(f)), &view(state, Viewer::Public), f, hand::Detail::Texts)
    }

    fn view_json(state: &EvrState, v: Option<&str>) -> serde_json::Value {
        serde_json::to_value(view(state, viewer(v))).unwrap_or(serde_json::Value::Null)
    }

    fn board_png(state: &EvrState, v: Option<&str>) -> Option<Vec<u8>> {
        Some(crate::render::evr::table_png(&view(state, viewer(v))))
    }

    fn board_fingerprint(state: &EvrState) -> Option<u64> {
        Some(crate::render::evr::table_fingerprint(&view(state, Viewer::Public)))
    }

    fn board_text(state: &EvrState, v: Option<&str>) -> String {
        words::board_words(&view(state, viewer(v)))
    }

    fn milestone(before: &EvrState, after: &EvrState) -> bool {
        notices::milestone(before, after)
    }

    fn undoable(before: &EvrState, after: &EvrState) -> bool {
        notices::undoable(before, after)
    }

    fn computer_plays(_options: &EvrOptions) -> bool {
        true
    }

    fn computer_choice(state: &EvrState, ask: &ComputerAsk) -> Option<usize> {
        Self::computer_hint(state, ask)?.first().map(|&(index, _)| index)
    }

    fn computer_hint(state: &EvrState, ask: &ComputerAsk) -> Option<Vec<(usize, Option<f64>)>> {
        // One seat a side: the computer answers only the decisions of its own.
        let [seat] = ask.seats.as_slice() else { return None };
        if decision(state)?.seat != seat_faction(seat)? {
            return None;
        }
        let budget = crate::bot::Budget::Millis(ask.think_ms);
        crate::bot::evr::rank(state, budget, ask.seed).map(|(ranked, _)| ranked)
    }

    fn reveal_text(state: &EvrState, _seats: &[String]) -> String {
        // Everything both sides kept hidden, by name, from the full view.
        let v = view(state, Viewer::Full);
        Faction::BOTH
            .iter()
            .map(|&f| {
                format!(
                    "**The {} player held**\n{}",
                    f.name(),
                    hand::holdings(&v, &v, f, hand::Detail::Names)
                )
            })
            .collect()
    }
}
