//! Reading `assets/evr/*.json` into an [`EvrCatalog`]: raw serde mirrors of each file, then
//! resolution of names (cards an effect refers to, named functions) into typed values. Counts
//! and the rules of the box are checked afterwards, in `check.rs`.

use std::collections::HashMap;

use serde::Deserialize;
use serde::de::DeserializeOwned;

use super::ops::{Category, Effect, NamedEffect, Trigger};
use super::{
    BalanceTokenDef, CategoryDef, EventCardDef, EventEffect, EvrCatalog, InfluenceTokensDef, ResourceCardDef,
    ResourceCardId, StrategyCardDef,
};
use crate::content::{ContentError, Faction};

/// The resource-card file: categories and both factions' cards.
pub const RESOURCES: &str = "assets/evr/resources.json";
/// The strategy-card file.
pub const STRATEGIES: &str = "assets/evr/strategies.json";
/// The event-card file.
pub const EVENTS: &str = "assets/evr/events.json";
/// The token file: balance token, influence tokens, victory points to win.
pub const TOKENS: &str = "assets/evr/tokens.json";

/// The texts of the four EvR asset files, to load the embedded ones or (in tests) altered ones.
#[derive(Clone, Copy, Debug)]
pub struct EvrSources<'a> {
    /// The text of [`RESOURCES`].
    pub resources: &'a str,
    /// The text of [`STRATEGIES`].
    pub strategies: &'a str,
    /// The text of [`EVENTS`].
    pub events: &'a str,
    /// The text of [`TOKENS`].
    pub tokens: &'a str,
}

impl EvrSources<'static> {
    /// The asset files compiled into the binary.
    pub const EMBEDDED: EvrSources<'static> = EvrSources {
        resources: include_str!("../../../assets/evr/resources.json"),
        strategies: include_str!("../../../assets/evr/strategies.json"),
        events: include_str!("../../../assets/evr/events.json"),
        tokens: include_str!("../../../assets/evr/tokens.json"),
    };
}

/// An effect as the files spell it: card and function names as strings.
type RawEffect = Effect<String, String>;

/// A faction as the EvR files spell it (the box says "Imperial").
#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "snake_case")]
enum RawFaction {
    Rebel,
    Imperial,
}

impl From<RawFaction> for Faction {
    fn from(f: RawFaction) -> Faction {
        match f {
            RawFaction::Rebel => Faction::Rebel,
            RawFaction::Imperial => Faction::Empire,
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawResources {
    #[serde(default, rename = "note")]
    _note: Option<String>,
    #[serde(default, rename = "uncertain")]
    _uncertain: Option<String>,
    categories: Vec<RawCategory>,
    cards: Vec<RawResourceCard>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCategory {
    id: Category,
    name: String,
    text: String,
    power: Vec<RawEffect>,
    #[serde(default)]
    uncertain: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawResourceCard {
    id: String,
    #[serde(default)]
    name: Option<String>,
    faction: RawFaction,
    category: Category,
    value: u8,
    #[serde(default)]
    exhausted_value: Option<u8>,
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    power: Option<Vec<RawEffect>>,
    #[serde(default)]
    uncertain: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStrategies {
    #[serde(default, rename = "note")]
    _note: Option<String>,
    #[serde(default, rename = "uncertain")]
    _uncertain: Option<String>,
    per_faction: usize,
    cards: Vec<RawStrategy>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStrategy {
    id: String,
    name: String,
    trigger: Trigger,
    text: String,
    effect: Vec<RawEffect>,
    #[serde(default)]
    uncertain: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEvents {
    #[serde(default, rename = "note")]
    _note: Option<String>,
    #[serde(default, rename = "uncertain")]
    _uncertain: Option<String>,
    cards: Vec<RawEvent>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEvent {
    id: String,
    name: String,
    capacity: u8,
    objective_value: u8,
    victory_points: u8,
    influence_value: u8,
    #[serde(default)]
    tutorial: bool,
    #[serde(default)]
    effect: Option<RawEventEffect>,
    #[serde(default)]
    uncertain: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEventEffect {
    trigger: Trigger,
    text: String,
    ops: Vec<RawEffect>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTokens {
    #[serde(default, rename = "note")]
    _note: Option<String>,
    balance_token: RawBalance,
    influence_tokens: RawInfluence,
    victory_points_to_win: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBalance {
    count: u8,
    sides: Vec<RawFaction>,
    text: String,
    #[serde(default)]
    uncertain: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawInfluence {
    count: u8,
    starting_per_player: u8,
    cost_to_ready: u8,
    text: String,
}

fn parse<T: DeserializeOwned>(file: &'static str, text: &str) -> Result<T, ContentError> {
    serde_json::from_str(text).map_err(|source| ContentError::Parse { file, source })
}

/// Turns the names of an effect into typed values: resource cards by asset id, named functions
/// by [`NamedEffect::key`]. `owner` names the entry holding the effect, for the error.
struct Resolver<'a> {
    file: &'static str,
    cards: &'a HashMap<&'a str, ResourceCardId>,
}

impl Resolver<'_> {
    fn effects(&self, owner: &str, raw: Vec<RawEffect>) -> Result<Vec<Effect>, ContentError> {
        raw.into_iter().map(|e| self.effect(owner, e)).collect()
    }

    fn effect(&self, owner: &str, raw: RawEffect) -> Result<Effect, ContentError> {
        Ok(match raw {
            Effect::Move { from, to, side, which, count, up_to, characters_to } => {
                Effect::Move { from, to, side, which, count, up_to, characters_to }
            }
            Effect::Exhaust { side, count, up_to } => Effect::Exhaust { side, count, up_to },
            Effect::LookAtDeck { side, look, discard } => Effect::LookAtDeck { side, look, discard },
            Effect::SearchDeck { side, take, discard, rest } => {
                Effect::SearchDeck { side, take, discard, rest }
            }
            Effect::Influence { side, amount } => Effect::Influence { side, amount },
            Effect::ModifyTotal { amount } => Effect::ModifyTotal { amount },
            Effect::ReplaceStrategy { side } => Effect::ReplaceStrategy { side },
            Effect::DiscardStrategy { side, chosen_by } => Effect::DiscardStrategy { side, chosen_by },
            Effect::RetrieveStrategies { side } => Effect::RetrieveStrategies { side },
            Effect::BlockPowers { of, except } => {
                let except = except
                    .iter()
                    .map(|key| {
                        self.cards.get(key.as_str()).copied().ok_or_else(|| ContentError::UnknownReference {
                            file: self.file,
                            owner: owner.to_string(),
                            kind: "resource card",
                            name: key.clone(),
                            suggestions: Vec::new(),
                        })
                    })
                    .collect::<Result<_, _>>()?;
                Effect::BlockPowers { of, except }
            }
            Effect::Choose { min, max, options } => {
                Effect::Choose { min, max, options: self.effects(owner, options)? }
            }
            Effect::Named { name } => {
                let named = NamedEffect::from_key(&name).ok_or_else(|| {
                    let known: Vec<&str> = NamedEffect::ALL.iter().map(|n| n.key()).collect();
                    ContentError::invalid(
                        self.file,
                        owner.to_string(),
                        format!("names unknown effect function `{name}` (known: {})", known.join(", ")),
                    )
                })?;
                Effect::Named { name: named }
            }
        })
    }
}

/// Parses the four files and resolves every name; the counts are checked by the caller.
pub(super) fn read(src: &EvrSources<'_>) -> Result<EvrCatalog, ContentError> {
    let raw_res: RawResources = parse(RESOURCES, src.resources)?;
    let raw_strat: RawStrategies = parse(STRATEGIES, src.strategies)?;
    let raw_events: RawEvents = parse(EVENTS, src.events)?;
    let raw_tokens: RawTokens = parse(TOKENS, src.tokens)?;

    // Card ids first, so an effect may name any card of either faction.
    let mut cards: HashMap<&str, ResourceCardId> = HashMap::new();
    for (i, c) in raw_res.cards.iter().enumerate() {
        if cards.insert(c.id.as_str(), ResourceCardId(i as u8)).is_some() {
            return Err(ContentError::DuplicateId {
                file: RESOURCES,
                kind: "resource card",
                id: c.id.clone(),
            });
        }
    }
    if raw_res.cards.len() > usize::from(u8::MAX) {
        return Err(ContentError::invalid(RESOURCES, "cards", "hold more cards than an id can count"));
    }

    let res = Resolver { file: RESOURCES, cards: &cards };
    let mut categories = Vec::new();
    for c in raw_res.categories {
        let owner = format!("category `{}`", c.id.key());
        categories.push(CategoryDef {
            category: c.id,
            name: c.name,
            text: c.text,
            power: res.effects(&owner, c.power)?,
            uncertain: c.uncertain,
        });
    }

    let mut resources = Vec::new();
    for c in &raw_res.cards {
        let owner = format!("resource card `{}`", c.id);
        let (name, text, power) = if c.category == Category::Character {
            let missing = |what: &str| {
                ContentError::invalid(RESOURCES, owner.clone(), format!("is a character without {what}"))
            };
            let name = c.name.clone().ok_or_else(|| missing("a name"))?;
            let text = c.text.clone().ok_or_else(|| missing("a text"))?;
            let power = c.power.clone().ok_or_else(|| missing("a power"))?;
            (name, text, res.effects(&owner, power)?)
        } else {
            // A basic card prints only its value: everything else is its category's.
            if c.name.is_some() || c.text.is_some() || c.power.is_some() || c.exhausted_value.is_some() {
                return Err(ContentError::invalid(
                    RESOURCES,
                    owner,
                    "is a basic card: its name, text and power come from its category and it keeps its value when exhausted",
                ));
            }
            let cat = categories.iter().find(|d| d.category == c.category).ok_or_else(|| {
                ContentError::invalid(
                    RESOURCES,
                    owner.clone(),
                    format!("has category `{}`, which is not declared", c.category.key()),
                )
            })?;
            (cat.name.clone(), cat.text.clone(), cat.power.clone())
        };
        resources.push(ResourceCardDef {
            key: c.id.clone(),
            name,
            faction: c.faction.into(),
            category: c.category,
            value: c.value,
            exhausted_value: c.exhausted_value,
            text,
            power,
            uncertain: c.uncertain.clone(),
        });
    }

    let res = Resolver { file: STRATEGIES, cards: &cards };
    let mut strategies = Vec::new();
    for s in raw_strat.cards {
        let owner = format!("strategy card `{}`", s.id);
        let effect = res.effects(&owner, s.effect)?;
        strategies.push(StrategyCardDef {
            key: s.id,
            name: s.name,
            trigger: s.trigger,
            text: s.text,
            effect,
            uncertain: s.uncertain,
        });
    }
    if raw_strat.per_faction != strategies.len() {
        return Err(ContentError::invalid(
            STRATEGIES,
            "per_faction",
            format!("says {} but the file lists {} cards", raw_strat.per_faction, strategies.len()),
        ));
    }

    let res = Resolver { file: EVENTS, cards: &cards };
    let mut events = Vec::new();
    for e in raw_events.cards {
        let owner = format!("event card `{}`", e.id);
        let effect = match e.effect {
            Some(f) => {
                Some(EventEffect { trigger: f.trigger, text: f.text, ops: res.effects(&owner, f.ops)? })
            }
            None => None,
        };
        events.push(EventCardDef {
            key: e.id,
            name: e.name,
            capacity: e.capacity,
            objective_value: e.objective_value,
            victory_points: e.victory_points,
            influence_value: e.influence_value,
            tutorial: e.tutorial,
            effect,
            uncertain: e.uncertain,
        });
    }

    let b = raw_tokens.balance_token;
    if b.count != 1 {
        return Err(ContentError::invalid(
            TOKENS,
            "balance_token",
            format!("count is {}, the box has one", b.count),
        ));
    }
    let sides: Vec<Faction> = b.sides.into_iter().map(Faction::from).collect();
    let sides: [Faction; 2] = match sides.as_slice() {
        [a, c] if a != c => [*a, *c],
        _ => {
            return Err(ContentError::invalid(
                TOKENS,
                "balance_token",
                "must show each faction on one of its two sides",
            ));
        }
    };
    let i = raw_tokens.influence_tokens;
    Ok(EvrCatalog {
        categories,
        resources,
        strategies,
        events,
        balance_token: BalanceTokenDef { sides, text: b.text, uncertain: b.uncertain },
        influence_tokens: InfluenceTokensDef {
            count: i.count,
            starting_per_player: i.starting_per_player,
            cost_to_ready: i.cost_to_ready,
            text: i.text,
        },
        victory_points_to_win: raw_tokens.victory_points_to_win,
    })
}
