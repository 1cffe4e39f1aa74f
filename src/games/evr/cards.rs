//! Empire vs. Rebellion's cards as the card lookup shows them: one [`CardSheet`] per resource
//! card (characters and basic cards), strategy card and event card of the catalog, with the
//! reading Holonet follows where one is written. The box has no variant, so every match plays
//! with every card; nothing here reads a match's state.

use crate::content::evr::{EventCardId, ResourceCardId, StrategyCardId, Trigger, catalog};
use crate::content::rulings::{RulingGame, ruling};
use crate::content::{CardSet, CardSheet, Faction};
use crate::games::evr::words::{adjective, card_name};

/// Every card of the box: both sides' resource cards, the five strategy cards (one sheet each:
/// both players hold the same five) and the event cards.
pub fn sheets() -> Vec<CardSheet> {
    let c = catalog();
    let mut out: Vec<CardSheet> = (0..c.resources.len()).map(|i| resource(ResourceCardId(i as u8))).collect();
    out.extend((0..c.strategies.len()).map(|i| strategy(StrategyCardId(i as u8))));
    out.extend((0..c.events.len()).map(|i| event(EventCardId(i as u8))));
    out
}

/// A sheet's common part, with the card's ruling.
fn sheet(
    id: &str,
    name: String,
    faction: Option<Faction>,
    kind: &str,
    deck: String,
    text: &str,
) -> CardSheet {
    let side = faction.map(|f| (f, adjective(f)));
    let mut s = CardSheet::new(id, name, CardSet::EmpireVsRebellion, side, kind, text.to_string());
    s.deck = deck;
    s.ruling = ruling(RulingGame::Evr, id).map(str::to_string);
    s
}

/// When a strategy's or an event's effect acts, in words.
fn trigger_words(t: Trigger) -> &'static str {
    match t {
        Trigger::Reveal => "Acts when the strategies are revealed",
        Trigger::Won => "Acts for the player who wins the event",
        Trigger::Lost => "Acts for the player who loses the event",
        Trigger::Round => "Holds for both players throughout the round",
    }
}

fn resource(id: ResourceCardId) -> CardSheet {
    let c = catalog();
    let d = c.resource(id);
    let deck = format!("the {} resource deck", adjective(d.faction));
    let kind = if d.is_character() { "Character" } else { "Resource card" };
    let mut s = sheet(&d.key, card_name(id), Some(d.faction), kind, deck, &d.text);
    match (d.is_character(), d.exhausted_value) {
        (true, low) => {
            s.icons.push(format!("Value {}", d.value));
            s.requirement = match low {
                Some(low) => format!("Worth {} while ready and {low} once exhausted", d.value),
                None => format!("Worth {}", d.value),
            };
            if let Some(low) = low {
                s.icons.push(format!("Exhausted {low}"));
            }
        }
        (false, _) => {
            let category = c.category(d.category).map_or(String::new(), |k| k.name.clone());
            s.icons.push(category.clone());
            s.icons.push(format!("Value {}", d.value));
            s.requirement = format!("A basic {category} card worth {}, ready or exhausted", d.value);
        }
    }
    s.requirement.push_str("; its power is used by exhausting it");
    s
}

fn strategy(id: StrategyCardId) -> CardSheet {
    let d = catalog().strategy(id);
    let deck = "each player's strategy cards (both players hold one)".to_string();
    let mut s = sheet(&d.key, d.name.clone(), None, "Strategy", deck, &d.text);
    s.requirement = trigger_words(d.trigger).to_string();
    s.icons.push(match d.trigger {
        Trigger::Reveal => "On reveal".to_string(),
        Trigger::Lost => "If you lose".to_string(),
        Trigger::Won => "If you win".to_string(),
        Trigger::Round => "This round".to_string(),
    });
    s.copies = 2;
    s
}

fn event(id: EventCardId) -> CardSheet {
    let d = catalog().event(id);
    let text = d.effect.as_ref().map_or("", |e| e.text.as_str());
    let mut s = sheet(&d.key, d.name.clone(), None, "Event", "the event deck".to_string(), text);
    s.icons = vec![
        format!("Capacity {}", d.capacity),
        format!("Objective {}", d.objective_value),
        format!("{} VP", d.victory_points),
        format!("{} influence", d.influence_value),
    ];
    let points = if d.victory_points == 1 { "point" } else { "points" };
    s.requirement = format!(
        "Up to {} cards in play each; a total of at most {} wins it, for {} victory {points} and {} influence",
        d.capacity, d.objective_value, d.victory_points, d.influence_value
    );
    if let Some(e) = &d.effect {
        s.requirement.push_str(&format!(". {}", trigger_words(e.trigger)));
    }
    s
}
