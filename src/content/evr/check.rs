//! The checks of a read [`EvrCatalog`] against the box: card counts, the basic cards' values,
//! unique names, tokens, and operations whose parameters make sense where they are used.

use std::collections::HashSet;

use super::load::{EVENTS, RESOURCES, STRATEGIES, TOKENS};
use super::ops::{Category, Effect, Trigger, Zone};
use super::{
    BASIC_VALUES, CHARACTERS_PER_FACTION, EVENT_COUNT, EvrCatalog, INFLUENCE_TOKEN_COUNT,
    RESOURCES_PER_FACTION, STRATEGIES_PER_FACTION,
};
use crate::content::{ContentError, Faction};

/// Refuses a catalog that does not match the box, naming the file and the entry.
pub(super) fn check(c: &EvrCatalog) -> Result<(), ContentError> {
    categories(c)?;
    resources(c)?;
    strategies(c)?;
    events(c)?;
    tokens(c)
}

fn categories(c: &EvrCatalog) -> Result<(), ContentError> {
    for (i, cat) in c.categories.iter().enumerate() {
        let entry = format!("category `{}`", cat.category.key());
        if cat.category == Category::Character {
            return Err(ContentError::invalid(
                RESOURCES,
                entry,
                "is not a basic category: each character has its own power",
            ));
        }
        if c.categories[..i].iter().any(|d| d.category == cat.category) {
            return Err(ContentError::invalid(RESOURCES, entry, "is declared twice"));
        }
        ops(c, RESOURCES, &entry, &cat.power, Use::Power)?;
    }
    if c.categories.len() != Category::BASIC.len() {
        return Err(ContentError::invalid(RESOURCES, "categories", "must declare the four basic categories"));
    }
    Ok(())
}

fn resources(c: &EvrCatalog) -> Result<(), ContentError> {
    for faction in Faction::BOTH {
        let entry = format!("faction `{}`", faction.key());
        let cards: Vec<_> = c.resources.iter().filter(|r| r.faction == faction).collect();
        if cards.len() != RESOURCES_PER_FACTION {
            return Err(ContentError::invalid(
                RESOURCES,
                entry,
                format!("has {} resource cards, the box has {RESOURCES_PER_FACTION}", cards.len()),
            ));
        }
        let characters = cards.iter().filter(|r| r.is_character()).count();
        if characters != CHARACTERS_PER_FACTION {
            return Err(ContentError::invalid(
                RESOURCES,
                entry,
                format!("has {characters} characters, the box has {CHARACTERS_PER_FACTION}"),
            ));
        }
        // The 16 basic cards: each category once in each value.
        let mut seen = HashSet::new();
        for r in cards.iter().filter(|r| !r.is_character()) {
            let card = format!("resource card `{}`", r.key);
            if !BASIC_VALUES.contains(&r.value) {
                return Err(ContentError::invalid(
                    RESOURCES,
                    card,
                    format!("has value {}; basic cards come in {BASIC_VALUES:?}", r.value),
                ));
            }
            if !seen.insert((r.category, r.value)) {
                return Err(ContentError::invalid(
                    RESOURCES,
                    card,
                    format!("repeats {} {} in its faction's deck", r.category.key(), r.value),
                ));
            }
        }
    }
    let mut names = HashSet::new();
    for r in c.resources.iter().filter(|r| r.is_character()) {
        let entry = format!("resource card `{}`", r.key);
        match r.exhausted_value {
            Some(x) if x < r.value => {}
            _ => {
                return Err(ContentError::invalid(
                    RESOURCES,
                    entry,
                    "is a character: it needs an exhausted value below its value",
                ));
            }
        }
        if !names.insert((r.faction, r.name.as_str())) {
            return Err(ContentError::invalid(
                RESOURCES,
                entry,
                format!("repeats the character name `{}`", r.name),
            ));
        }
        if r.text.trim().is_empty() || r.power.is_empty() {
            return Err(ContentError::invalid(RESOURCES, entry, "needs a text and a power"));
        }
        ops(c, RESOURCES, &entry, &r.power, Use::Power)?;
    }
    Ok(())
}

fn strategies(c: &EvrCatalog) -> Result<(), ContentError> {
    if c.strategies.len() != STRATEGIES_PER_FACTION {
        return Err(ContentError::invalid(
            STRATEGIES,
            "cards",
            format!("lists {} strategy cards, each faction has {STRATEGIES_PER_FACTION}", c.strategies.len()),
        ));
    }
    let mut keys = HashSet::new();
    for s in &c.strategies {
        let entry = format!("strategy card `{}`", s.key);
        if !keys.insert(s.key.as_str()) {
            return Err(ContentError::DuplicateId {
                file: STRATEGIES,
                kind: "strategy card",
                id: s.key.clone(),
            });
        }
        if !matches!(s.trigger, Trigger::Reveal | Trigger::Lost) {
            return Err(ContentError::invalid(
                STRATEGIES,
                entry,
                format!("has trigger `{}`; a strategy acts on `reveal` or `lost`", s.trigger.key()),
            ));
        }
        if s.effect.is_empty() {
            return Err(ContentError::invalid(STRATEGIES, entry, "has no effect"));
        }
        ops(c, STRATEGIES, &entry, &s.effect, Use::Strategy)?;
    }
    Ok(())
}

fn events(c: &EvrCatalog) -> Result<(), ContentError> {
    if c.events.len() != EVENT_COUNT {
        return Err(ContentError::invalid(
            EVENTS,
            "cards",
            format!("lists {} event cards, the box has {EVENT_COUNT}", c.events.len()),
        ));
    }
    let (mut keys, mut names) = (HashSet::new(), HashSet::new());
    for e in &c.events {
        let entry = format!("event card `{}`", e.key);
        if !keys.insert(e.key.as_str()) {
            return Err(ContentError::DuplicateId { file: EVENTS, kind: "event card", id: e.key.clone() });
        }
        if !names.insert(e.name.to_lowercase()) {
            return Err(ContentError::invalid(EVENTS, entry, format!("repeats the event name `{}`", e.name)));
        }
        if e.capacity == 0 || e.objective_value == 0 {
            return Err(ContentError::invalid(
                EVENTS,
                entry,
                "needs a capacity and an objective value above 0",
            ));
        }
        if let Some(f) = &e.effect {
            if !matches!(f.trigger, Trigger::Won | Trigger::Lost | Trigger::Round) {
                return Err(ContentError::invalid(
                    EVENTS,
                    entry,
                    format!("has trigger `{}`; an event acts on `won`, `lost` or `round`", f.trigger.key()),
                ));
            }
            if f.ops.is_empty() || f.text.trim().is_empty() {
                return Err(ContentError::invalid(EVENTS, entry, "has an effect without text or operations"));
            }
            let use_ = if f.trigger == Trigger::Round { Use::Restriction } else { Use::Event };
            ops(c, EVENTS, &entry, &f.ops, use_)?;
        }
    }
    if c.events.iter().filter(|e| e.tutorial).count() != 1 {
        return Err(ContentError::invalid(EVENTS, "cards", "must mark exactly one event as the tutorial's"));
    }
    Ok(())
}

fn tokens(c: &EvrCatalog) -> Result<(), ContentError> {
    let i = &c.influence_tokens;
    if i.count != INFLUENCE_TOKEN_COUNT {
        return Err(ContentError::invalid(
            TOKENS,
            "influence_tokens",
            format!("count is {}, the box has {INFLUENCE_TOKEN_COUNT}", i.count),
        ));
    }
    if u16::from(i.starting_per_player) * 2 > u16::from(i.count) || i.cost_to_ready == 0 {
        return Err(ContentError::invalid(
            TOKENS,
            "influence_tokens",
            "must hand out at most the box at setup and cost at least one to ready a card",
        ));
    }
    if c.victory_points_to_win == 0 {
        return Err(ContentError::invalid(TOKENS, "victory_points_to_win", "must be above 0"));
    }
    Ok(())
}

/// Where a list of operations is used, which decides the operations that make sense.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Use {
    /// A resource card's power, used on a struggle turn.
    Power,
    /// A strategy card's effect.
    Strategy,
    /// An event's effect when it is won or lost.
    Event,
    /// An event's restriction for the round.
    Restriction,
}

fn ops(
    c: &EvrCatalog,
    file: &'static str,
    entry: &str,
    ops: &[Effect],
    use_: Use,
) -> Result<(), ContentError> {
    let bad = |problem: String| Err(ContentError::invalid(file, entry.to_string(), problem));
    for op in ops {
        // A round restriction is a list of blocked powers; blocking is nothing else.
        if (use_ == Use::Restriction) != matches!(op, Effect::BlockPowers { .. }) {
            return bad(
                "uses `block_powers` outside a round restriction, or something else inside one".into()
            );
        }
        match op {
            Effect::Move { from, to, count, characters_to, .. } => {
                if *count == 0 || from == to || *from == Zone::DeckTop {
                    return bad(format!("moves {count} card(s) from `{from:?}` to `{to:?}`"));
                }
                if characters_to.is_some_and(|z| z == *to) {
                    return bad("sends characters where the other cards go anyway".into());
                }
            }
            Effect::Exhaust { count, .. } if *count == 0 => return bad("exhausts no card".into()),
            Effect::LookAtDeck { look, discard, .. } if *look == 0 || discard > look => {
                return bad(format!("looks at {look} card(s) and discards {discard}"));
            }
            Effect::SearchDeck { take, discard, rest, .. }
                if *take == 0 || discard > take || !matches!(rest, Zone::Play | Zone::DeckTop) =>
            {
                return bad(format!(
                    "takes {take} card(s), discards {discard} and puts the rest to `{rest:?}`"
                ));
            }
            Effect::Influence { amount: 0, .. } | Effect::ModifyTotal { amount: 0 } => {
                return bad("changes nothing (amount 0)".into());
            }
            Effect::ModifyTotal { .. } if use_ != Use::Strategy => {
                return bad(
                    "changes a total outside a strategy revealed before the winner is determined".into()
                );
            }
            Effect::Choose { min, max, options } => {
                if options.is_empty() || min > max || usize::from(*max) > options.len() || *max == 0 {
                    return bad(format!("chooses {min} to {max} of {} option(s)", options.len()));
                }
                self::ops(c, file, entry, options, use_)?;
            }
            Effect::BlockPowers { of, except } => {
                if let Some(id) = except.iter().find(|&&id| c.resource(id).category != *of) {
                    return bad(format!(
                        "exempts `{}`, which is not a {} card",
                        c.resource(*id).key,
                        of.key()
                    ));
                }
            }
            _ => {}
        }
    }
    Ok(())
}
