//! What an Empire vs. Rebellion player holds in secret, in words: the characters in reserve
//! with what they count and do, this round's strategy and those not used yet with their texts,
//! and the cards an effect shows them. The DM after each change and `/game hand` send it (a
//! text over Discord's length is split at line ends into several messages, never cut).

use crate::content::Faction;
use crate::content::evr::catalog;
use crate::engine::evr::view::{Cards, EvrView};

pub use crate::games::words::Detail;
use crate::games::words::hand_section;

use super::brief::worth;
use super::words::{card, cards_text, event, list, strategy, visible};

/// A resource card's hand line: its name, what it counts and its power.
fn resource_line(key: &str) -> String {
    let c = catalog();
    match c.resource_by_key(key) {
        Some(id) => format!("{} ({}): {}", card(key), worth(id), c.resource(id).text),
        None => key.to_string(),
    }
}

/// A strategy card's hand line: its name and text.
fn strategy_line(key: &str) -> String {
    let c = catalog();
    match c.strategy_by_key(key) {
        Some(id) => format!("{}: {}", strategy(key), c.strategy(id).text),
        None => key.to_string(),
    }
}

/// A section of named cards (`name` writes a card for `Detail::Names`, `line` for
/// `Detail::Texts`).
fn section(
    label: &str,
    keys: &[String],
    detail: Detail,
    name: fn(&str) -> String,
    line: fn(&str) -> String,
) -> String {
    let write = if detail == Detail::Texts { line } else { name };
    let items: Vec<String> = keys.iter().map(|k| write(k)).collect();
    hand_section(label, &items, detail, list)
}

/// A seat's secrets from its own view: the reserve, this round's strategy (and the
/// opponent's, while only this seat knows it: `public` is the view everyone has), the
/// strategies not used yet, and cards or events an effect shows it.
pub fn holdings(v: &EvrView, public: &EvrView, me: Faction, detail: Detail) -> String {
    let mine = &v.sides[&me];
    let mut out = match &mine.reserve {
        Cards::Visible(keys) => section("Reserve", keys, detail, card, resource_line),
        hidden => format!("Reserve: {}\n", cards_text(hidden, "character", card)),
    };
    let chosen = |c: Option<&Cards>| match c {
        Some(Cards::Visible(k)) => k.first().cloned(),
        _ => None,
    };
    let strategy_now = |k: &str| match detail {
        Detail::Texts => strategy_line(k),
        Detail::Names => strategy(k),
    };
    match chosen(mine.chosen.as_ref()) {
        Some(k) => out.push_str(&format!("Your strategy this round: {}\n", strategy_now(&k))),
        None => out.push_str("Your strategy this round: not chosen yet\n"),
    }
    // The opponent's, when this seat alone knows it (Infiltration): once everyone sees it,
    // the public log has said it.
    let opponent = me.opponent();
    let theirs = chosen(v.sides[&opponent].chosen.as_ref());
    if let Some(k) = theirs.filter(|_| chosen(public.sides[&opponent].chosen.as_ref()).is_none()) {
        out.push_str(&format!("The {} strategy this round: {}\n", opponent.name(), strategy_now(&k)));
    }
    match &mine.unused {
        Cards::Visible(keys) => {
            out.push_str(&section("Strategies not used yet", keys, detail, strategy, strategy_line))
        }
        hidden => {
            out.push_str(&format!("Strategies not used yet: {}\n", cards_text(hidden, "card", strategy)))
        }
    }
    if let Some(p) = v.pending.as_ref().filter(|p| p.actor == me) {
        let cards = visible(&p.cards);
        if !cards.is_empty() {
            out.push_str(&section("Cards you look at", cards, detail, card, resource_line));
        }
        let events: Vec<String> = visible(&p.events).iter().map(|k| event(k)).collect();
        if !events.is_empty() {
            out.push_str(&format!("Events you look at: {}\n", list(&events)));
        }
    }
    out
}
