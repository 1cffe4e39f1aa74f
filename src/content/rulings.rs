//! The readings Holonet follows where a card's text leaves room, for the card lookup: read
//! from `assets/rulings.json`, each naming its cards by asset id and checked against both
//! games' catalogs, so that a ruling can never point at a card that is not there.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use serde::Deserialize;

use super::error::ContentError;
use super::files::RULINGS;
use super::{Catalog, evr::EvrCatalog};

/// Which game's catalog a ruling's card ids belong to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RulingGame {
    /// Star Wars: Rebellion (base game and Rise of the Empire).
    Rebellion,
    /// Star Wars: Empire vs. Rebellion.
    Evr,
}

/// One reading: the cards it is about and what Holonet does, in our words.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ruling {
    /// The game whose cards these are.
    pub game: RulingGame,
    /// The cards' asset ids.
    pub cards: Vec<String>,
    /// The reading.
    pub text: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RulingsFile {
    #[allow(dead_code)]
    note: String,
    rulings: Vec<Ruling>,
}

const EMBEDDED: &str = include_str!("../../assets/rulings.json");

static RULINGS_LIST: OnceLock<Vec<Ruling>> = OnceLock::new();

/// Reads and checks a rulings file against the two catalogs: every id names a card of its
/// game, no card has two rulings, no text is empty.
pub fn load(text: &str, rebellion: &Catalog, evr: &EvrCatalog) -> Result<Vec<Ruling>, ContentError> {
    let file: RulingsFile =
        serde_json::from_str(text).map_err(|source| ContentError::Parse { file: RULINGS, source })?;
    let mut seen = BTreeSet::new();
    for r in &file.rulings {
        let entry = |id: &str| format!("ruling on `{id}`");
        if r.text.trim().is_empty() || r.cards.is_empty() {
            let id = r.cards.first().cloned().unwrap_or_default();
            return Err(invalid(entry(&id), "has no text or no card"));
        }
        for id in &r.cards {
            if !names_card(r.game, id, rebellion, evr) {
                return Err(invalid(entry(id), "names no card of its game"));
            }
            if !seen.insert((r.game == RulingGame::Evr, id.clone())) {
                return Err(invalid(entry(id), "is the card's second ruling"));
            }
        }
    }
    Ok(file.rulings)
}

fn invalid(entry: String, problem: &str) -> ContentError {
    ContentError::Invalid { file: RULINGS, entry, problem: problem.to_string() }
}

/// Whether an asset id is a card of a game's catalog (a Rebellion card of any deck, an EvR
/// resource, strategy or event card).
pub fn names_card(game: RulingGame, id: &str, rebellion: &Catalog, evr: &EvrCatalog) -> bool {
    match game {
        RulingGame::Rebellion => {
            rebellion.missions.iter().any(|c| c.id == id)
                || rebellion.action_cards.iter().any(|c| c.id == id)
                || rebellion.objectives.iter().any(|c| c.id == id)
                || rebellion.tactics.iter().any(|c| c.id == id)
                || rebellion.advanced_tactics.iter().any(|c| c.id == id)
        }
        RulingGame::Evr => {
            evr.resources.iter().any(|c| c.key == id)
                || evr.strategies.iter().any(|c| c.key == id)
                || evr.events.iter().any(|c| c.key == id)
        }
    }
}

/// Loads and checks the embedded rulings; called by [`super::init`] to fail at startup.
pub fn init() -> Result<&'static [Ruling], ContentError> {
    if let Some(r) = RULINGS_LIST.get() {
        return Ok(r);
    }
    let r = load(EMBEDDED, super::catalog(), super::evr::catalog())?;
    Ok(RULINGS_LIST.get_or_init(|| r))
}

/// Every ruling of the embedded file.
///
/// Panics with the validation error if the file is invalid; [`super::init`] reports it first.
pub fn rulings() -> &'static [Ruling] {
    match init() {
        Ok(r) => r,
        Err(e) => panic!("invalid rulings: {e}"),
    }
}

/// The ruling on a card of a game, if it has one.
pub fn ruling(game: RulingGame, id: &str) -> Option<&'static str> {
    rulings().iter().find(|r| r.game == game && r.cards.iter().any(|c| c == id)).map(|r| r.text.as_str())
}
