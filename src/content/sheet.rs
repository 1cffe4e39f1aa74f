//! A card as the card lookup shows it: its name, box, deck, icons, requirement, text, copies
//! and the reading Holonet follows, all from the catalogs. A plain record, game-neutral, so
//! that each game fills it from its own catalog and the picture of a card face is drawn from it
//! alone. Nothing in it can say who holds a card.

use serde::Serialize;

use super::defs::Faction;

/// The box a card comes from, as the lookup names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CardSet {
    /// Star Wars: Rebellion's base game.
    Base,
    /// The Rise of the Empire expansion.
    RiseOfTheEmpire,
    /// Star Wars: Empire vs. Rebellion, the card game.
    EmpireVsRebellion,
}

impl CardSet {
    /// The box's name in words ("Rise of the Empire").
    pub fn name(self) -> &'static str {
        match self {
            CardSet::Base => "Rebellion base game",
            CardSet::RiseOfTheEmpire => "Rise of the Empire",
            CardSet::EmpireVsRebellion => "Empire vs. Rebellion",
        }
    }
}

/// One card of the box in words: what the lookup answers and the card face shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CardSheet {
    /// Its asset id (`build_alliance`, `han_solo`).
    pub id: String,
    /// Its name as players say it ("Build Alliance"; an EvR basic card with its side and value,
    /// "Rebel Recon (3)").
    pub name: String,
    /// Its box.
    pub set: CardSet,
    /// The side whose card it is, if it is one side's.
    pub faction: Option<Faction>,
    /// What kind of card it is, with its side when it has one ("Rebel mission", "Space
    /// tactic", "Event").
    pub kind: String,
    /// Where it is kept ("the Rebel mission deck", "each player's strategy cards").
    pub deck: String,
    /// The marks printed on it, each a short label ("Diplomacy", "Value 6", "Stage II").
    pub icons: Vec<String>,
    /// What it needs or when it is used, in one sentence; empty when nothing.
    pub requirement: String,
    /// What it does: the catalog's text, unchanged.
    pub text: String,
    /// Copies in the box.
    pub copies: u8,
    /// The reading Holonet follows where its text leaves room, if any.
    pub ruling: Option<String>,
    /// Words that tell it from another card of the same name, most telling first ("space
    /// tactic", "Rebel", "Rise of the Empire"): a lookup adds as few as it needs.
    pub qualifiers: Vec<String>,
}

impl CardSheet {
    /// A sheet with a card's common facts: `side` is its side and that side's adjective on
    /// cards ("Imperial"), `kind` its kind alone ("Mission"). Its kind reads with the side
    /// ("Imperial mission"), and its qualifiers are the kind, the side and the box; deck, icons,
    /// requirement, copies (1) and ruling (none) are left for the game to fill.
    pub fn new(
        id: &str,
        name: String,
        set: CardSet,
        side: Option<(Faction, &str)>,
        kind: &str,
        text: String,
    ) -> Self {
        let mut qualifiers = vec![kind.to_lowercase()];
        qualifiers.extend(side.map(|(_, adjective)| adjective.to_string()));
        qualifiers.push(set.name().to_string());
        CardSheet {
            id: id.to_string(),
            name,
            set,
            faction: side.map(|(f, _)| f),
            kind: match side {
                Some((_, adjective)) => format!("{adjective} {}", kind.to_lowercase()),
                None => kind.to_string(),
            },
            deck: String::new(),
            icons: vec![],
            requirement: String::new(),
            text,
            copies: 1,
            ruling: None,
            qualifiers,
        }
    }
}
