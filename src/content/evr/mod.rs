//! Empire vs. Rebellion's content: the files in `assets/evr/` loaded once into a typed,
//! validated catalog, beside (and independent of) Rebellion's [`Catalog`](super::Catalog).

mod check;
mod load;
mod ops;

pub use load::{EVENTS, EvrSources, RESOURCES, STRATEGIES, TOKENS};
pub use ops::{Category, Effect, NamedEffect, Side, Trigger, Which, Zone};

use std::sync::OnceLock;

use super::{ContentError, Faction};

/// Resource cards each faction has (the rulebook's component list).
pub const RESOURCES_PER_FACTION: usize = 24;
/// Character cards among them.
pub const CHARACTERS_PER_FACTION: usize = 8;
/// The values a basic card of each category comes in, one card each.
pub const BASIC_VALUES: [u8; 4] = [2, 3, 4, 5];
/// Strategy cards each faction has.
pub const STRATEGIES_PER_FACTION: usize = 5;
/// Event cards in the box.
pub const EVENT_COUNT: usize = 24;
/// Influence tokens in the box.
pub const INFLUENCE_TOKEN_COUNT: u8 = 16;

/// Declares a card id: an index into one of the catalog's lists, read back from a file only
/// when it names a card of the box (an import can hold anything).
macro_rules! card_id {
    ($(#[$doc:meta])* $name:ident, $count:expr, $what:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
        #[serde(into = "u8", try_from = "u8")]
        pub struct $name(pub u8);

        impl From<$name> for u8 {
            fn from(id: $name) -> u8 {
                id.0
            }
        }

        impl TryFrom<u8> for $name {
            type Error = String;
            fn try_from(n: u8) -> Result<Self, String> {
                if (n as usize) < $count {
                    Ok($name(n))
                } else {
                    Err(format!(concat!("no ", $what, " has the number {}"), n))
                }
            }
        }
    };
}

card_id!(
    /// A resource card, by its index in [`EvrCatalog::resources`] (both factions' cards in one
    /// list).
    ResourceCardId, 2 * RESOURCES_PER_FACTION, "resource card"
);
card_id!(
    /// A strategy card, by its index in [`EvrCatalog::strategies`]; both factions hold one of
    /// each.
    StrategyCardId, STRATEGIES_PER_FACTION, "strategy card"
);
card_id!(
    /// An event card, by its index in [`EvrCatalog::events`].
    EventCardId, EVENT_COUNT, "event card"
);

/// One of the four basic categories: its name, text and power, shared by its cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CategoryDef {
    /// The category (never [`Category::Character`]).
    pub category: Category,
    /// Its printed name ("The Force").
    pub name: String,
    /// The power in players' words.
    pub text: String,
    /// The power as operations.
    pub power: Vec<Effect>,
    /// What is doubtful about it, if anything.
    pub uncertain: Option<String>,
}

/// One resource card of one faction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceCardDef {
    /// The asset id (`han_solo`, `rebel_recon_3`).
    pub key: String,
    /// Its name (a basic card takes its category's).
    pub name: String,
    /// The faction whose deck it belongs to.
    pub faction: Faction,
    /// Its category; characters are [`Category::Character`].
    pub category: Category,
    /// Its resource value while ready.
    pub value: u8,
    /// Its value while exhausted, where printed (characters); basic cards keep `value`.
    pub exhausted_value: Option<u8>,
    /// The power in players' words.
    pub text: String,
    /// The power as operations.
    pub power: Vec<Effect>,
    /// What is doubtful about it, if anything.
    pub uncertain: Option<String>,
}

impl ResourceCardDef {
    /// Whether it is a character card.
    pub fn is_character(&self) -> bool {
        self.category == Category::Character
    }
    /// Its resource value, ready or exhausted.
    pub fn value_when(&self, exhausted: bool) -> u8 {
        if exhausted { self.exhausted_value.unwrap_or(self.value) } else { self.value }
    }
}

/// One strategy card (the same five for both factions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrategyCardDef {
    /// The asset id.
    pub key: String,
    /// Its name.
    pub name: String,
    /// When it acts: [`Trigger::Reveal`] or [`Trigger::Lost`].
    pub trigger: Trigger,
    /// The effect in players' words.
    pub text: String,
    /// The effect as operations.
    pub effect: Vec<Effect>,
    /// What is doubtful about it, if anything.
    pub uncertain: Option<String>,
}

/// The effect printed on an event card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventEffect {
    /// When it acts: [`Trigger::Won`], [`Trigger::Lost`] or [`Trigger::Round`].
    pub trigger: Trigger,
    /// The effect in players' words.
    pub text: String,
    /// The effect as operations.
    pub ops: Vec<Effect>,
}

/// One event card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventCardDef {
    /// The asset id.
    pub key: String,
    /// Its name.
    pub name: String,
    /// The most face-up resource cards a player may have in play.
    pub capacity: u8,
    /// The highest total that can win it.
    pub objective_value: u8,
    /// Victory points it is worth to its winner.
    pub victory_points: u8,
    /// Influence tokens its winner takes.
    pub influence_value: u8,
    /// Whether it is the tutorial's event.
    pub tutorial: bool,
    /// Its effect, if it has one.
    pub effect: Option<EventEffect>,
    /// What is doubtful about it, if anything.
    pub uncertain: Option<String>,
}

/// The balance token: which faction moves first and wins ties.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BalanceTokenDef {
    /// Its two sides.
    pub sides: [Faction; 2],
    /// Its rules in players' words.
    pub text: String,
    /// What is doubtful about it, if anything.
    pub uncertain: Option<String>,
}

/// The influence tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InfluenceTokensDef {
    /// Tokens in the box (a player may hold more; the rest is tracked on paper).
    pub count: u8,
    /// Tokens each player starts with.
    pub starting_per_player: u8,
    /// Tokens returned to ready one exhausted card.
    pub cost_to_ready: u8,
    /// Their rules in players' words.
    pub text: String,
}

/// Everything an Empire vs. Rebellion engine knows about the box.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvrCatalog {
    /// The four basic categories.
    pub categories: Vec<CategoryDef>,
    /// Both factions' resource cards, in asset order.
    pub resources: Vec<ResourceCardDef>,
    /// The five strategy cards.
    pub strategies: Vec<StrategyCardDef>,
    /// The 24 event cards.
    pub events: Vec<EventCardDef>,
    /// The balance token.
    pub balance_token: BalanceTokenDef,
    /// The influence tokens.
    pub influence_tokens: InfluenceTokensDef,
    /// Victory points that win the game.
    pub victory_points_to_win: u8,
}

static EVR_CATALOG: OnceLock<EvrCatalog> = OnceLock::new();

/// Loads and validates the embedded EvR content; call once at startup to fail with a clear error.
pub fn init() -> Result<&'static EvrCatalog, ContentError> {
    if let Some(c) = EVR_CATALOG.get() {
        return Ok(c);
    }
    let c = EvrCatalog::load(&EvrSources::EMBEDDED)?;
    Ok(EVR_CATALOG.get_or_init(|| c))
}

/// The EvR catalog built from the embedded assets.
///
/// Panics with the validation error if they are invalid; [`init`] reports it without panicking.
pub fn catalog() -> &'static EvrCatalog {
    match init() {
        Ok(c) => c,
        Err(e) => panic!("invalid EvR content: {e}"),
    }
}

impl EvrCatalog {
    /// Reads and checks the four asset texts; the error names the file and the entry.
    pub fn load(sources: &EvrSources<'_>) -> Result<EvrCatalog, ContentError> {
        let catalog = load::read(sources)?;
        check::check(&catalog)?;
        Ok(catalog)
    }
    /// The definition of a resource card.
    pub fn resource(&self, id: ResourceCardId) -> &ResourceCardDef {
        &self.resources[id.0 as usize]
    }
    /// The definition of a strategy card.
    pub fn strategy(&self, id: StrategyCardId) -> &StrategyCardDef {
        &self.strategies[id.0 as usize]
    }
    /// The definition of an event card.
    pub fn event(&self, id: EventCardId) -> &EventCardDef {
        &self.events[id.0 as usize]
    }
    /// A faction's resource cards (its deck at full strength), in asset order.
    pub fn resources_of(&self, faction: Faction) -> impl Iterator<Item = ResourceCardId> + '_ {
        (0..self.resources.len())
            .filter(move |&i| self.resources[i].faction == faction)
            .map(|i| ResourceCardId(i as u8))
    }
    /// A faction's character cards, in asset order.
    pub fn characters_of(&self, faction: Faction) -> impl Iterator<Item = ResourceCardId> + '_ {
        self.resources_of(faction).filter(|&id| self.resource(id).is_character())
    }
    /// Finds a resource card by asset id.
    pub fn resource_by_key(&self, key: &str) -> Option<ResourceCardId> {
        self.resources.iter().position(|r| r.key == key).map(|i| ResourceCardId(i as u8))
    }
    /// Finds a strategy card by asset id.
    pub fn strategy_by_key(&self, key: &str) -> Option<StrategyCardId> {
        self.strategies.iter().position(|s| s.key == key).map(|i| StrategyCardId(i as u8))
    }
    /// Finds an event card by asset id.
    pub fn event_by_key(&self, key: &str) -> Option<EventCardId> {
        self.events.iter().position(|e| e.key == key).map(|i| EventCardId(i as u8))
    }
    /// A strategy card's printed name from its key (the key itself if no card has it).
    pub fn strategy_name(&self, key: &str) -> String {
        self.strategy_by_key(key).map_or_else(|| key.to_string(), |id| self.strategy(id).name.clone())
    }
    /// An event card's printed name from its key (the key itself if no card has it).
    pub fn event_name(&self, key: &str) -> String {
        self.event_by_key(key).map_or_else(|| key.to_string(), |id| self.event(id).name.clone())
    }
    /// The definition of a basic category.
    pub fn category(&self, category: Category) -> Option<&CategoryDef> {
        self.categories.iter().find(|c| c.category == category)
    }
}
