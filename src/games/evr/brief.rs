//! What an Empire vs. Rebellion card does, for the description under a menu entry (at most
//! [`MAX_DESCRIPTION`](crate::games::game::MAX_DESCRIPTION) characters; a shortened text ends
//! with a pointer to the card lookup), and what a power would do if it were used now. Built
//! from the public catalog and the decider's own view only.

use crate::content::Faction;
use crate::content::evr::{
    Effect, EventCardId, NamedEffect, ResourceCardId, Side, StrategyCardId, Which, Zone, catalog,
};
use crate::engine::evr::view::{EvrView, SideView};
use crate::games::words::{brief, capitalise};

use super::words::{effect_words, event_effect, strategy, visible};

/// Ends a shortened description: the whole text is one lookup away.
pub const MORE: &str = "… (see /game card)";

/// A text for a menu entry's description, shortened with [`MORE`] when too long.
pub fn describe(text: &str) -> String {
    brief(text, MORE)
}

/// What a resource card counts: "value 6, exhausted 1" for a character (it counts less once
/// used), "value 3" for a basic card (which keeps its value).
pub fn worth(id: ResourceCardId) -> String {
    let d = catalog().resource(id);
    match d.exhausted_value {
        Some(low) if low != d.value => format!("value {}, exhausted {low}", d.value),
        _ => format!("value {}", d.value),
    }
}

/// A resource card's whole text for a description: what it counts, then its power.
pub fn resource_text(id: ResourceCardId) -> String {
    format!("{}: {}", capitalise(&worth(id)), catalog().resource(id).text)
}

/// A resource card's description (see [`resource_text`]).
pub fn resource_brief(id: ResourceCardId) -> String {
    describe(&resource_text(id))
}

/// A strategy card's description: its text.
pub fn strategy_brief(id: StrategyCardId) -> String {
    describe(&catalog().strategy(id).text)
}

/// An event's whole text for a description: its numbers, then its effect if it has one.
pub fn event_text(id: EventCardId) -> String {
    let e = catalog().event(id);
    let numbers = format!(
        "Objective {}, capacity {}, {} VP, {} influence",
        e.objective_value, e.capacity, e.victory_points, e.influence_value
    );
    match event_effect(&e.key) {
        Some(text) => format!("{numbers}. {text}"),
        None => format!("{numbers}."),
    }
}

/// An event's description (see [`event_text`]).
pub fn event_brief(id: EventCardId) -> String {
    describe(&event_text(id))
}

/// The sides an effect's `side` stands for, from its player's seat.
fn sides(me: Faction, side: Side) -> Vec<Faction> {
    match side {
        Side::You => vec![me],
        Side::Opponent => vec![me.opponent()],
        Side::Either => vec![me, me.opponent()],
    }
}

/// How many cards an operation could pick now, as the decider's view shows it (`None` when
/// it picks nothing countable). The card being used is exhausted first, so it is never a ready
/// card to pick.
fn targets(v: &EvrView, me: Faction, used: ResourceCardId, op: &Effect) -> Option<usize> {
    let c = catalog();
    let used_key = &c.resource(used).key;
    let of = |f: Faction| -> &SideView { &v.sides[&f] };
    let fits = |key: &str, which: Which, exhausted: bool| {
        let is_character = c.resource_by_key(key).is_some_and(|r| c.resource(r).is_character());
        match which {
            Which::Any => true,
            Which::Exhausted => exhausted || key == used_key,
            Which::Character => is_character,
        }
    };
    let n = match op {
        Effect::Move { from, side, which, .. } => sides(me, *side)
            .into_iter()
            .map(|f| match from {
                Zone::Play => of(f).play.iter().filter(|p| fits(&p.card, *which, p.exhausted)).count(),
                Zone::Discard => of(f).discard.iter().filter(|k| fits(k, *which, false)).count(),
                Zone::Reserve => visible(&of(f).reserve).iter().filter(|k| fits(k, *which, false)).count(),
                Zone::Deck | Zone::DeckTop => of(f).deck,
            })
            .sum(),
        Effect::Exhaust { side, .. } => sides(me, *side)
            .into_iter()
            .map(|f| of(f).play.iter().filter(|p| !p.exhausted && &p.card != used_key).count())
            .sum(),
        Effect::SearchDeck { side, .. } | Effect::LookAtDeck { side, .. } => {
            sides(me, *side).into_iter().map(|f| of(f).deck + of(f).discard.len()).sum()
        }
        _ => return None,
    };
    Some(n)
}

/// One operation of a power as it would go now ("discard a card from your opponent's play
/// area (3 there)", "take 1 influence (you will hold 3)").
fn op_now(v: &EvrView, me: Faction, used: ResourceCardId, op: &Effect) -> (String, Option<usize>) {
    let n = targets(v, me, used, op);
    let words = match op {
        Effect::Influence { side, amount } => {
            let f = sides(me, *side)[0];
            let held = v.sides[&f].influence as i64;
            let after = (held + *amount as i64).max(0);
            let whose = if f == me { "you will hold" } else { "they will hold" };
            format!("{} ({whose} {after})", effect_words(op))
        }
        Effect::ReplaceStrategy { side } => {
            let f = sides(me, *side)[0];
            match v.sides[&f].chosen.as_ref().map(visible) {
                Some([k]) => format!("{} ({} now)", effect_words(op), strategy(k)),
                _ => effect_words(op),
            }
        }
        Effect::Choose { options, max, .. } => {
            let parts: Vec<String> = options.iter().map(|o| op_now(v, me, used, o).0).collect();
            let how = if *max <= 1 { "one of" } else { "one or more of" };
            format!("{how}: {}", parts.join("; "))
        }
        Effect::Named { name } => named_words(*name).map_or_else(|| effect_words(op), str::to_string),
        _ => effect_words(op),
    };
    let counted = match n {
        Some(0) => format!("{words} (nothing to pick now)"),
        Some(k) if matches!(op, Effect::Move { .. } | Effect::Exhaust { .. }) => {
            format!("{words} ({k} to pick from)")
        }
        _ => words,
    };
    (counted, n)
}

/// A named power in a few words of our own (`None` for the named effects of strategies and
/// events, which no power uses).
fn named_words(name: NamedEffect) -> Option<&'static str> {
    Some(match name {
        NamedEffect::LandoCalrissian => "discard any of your cards in play, then play as many from your deck",
        NamedEffect::GeneralVeers => {
            "discard your deck's top card and every card of your opponent's in play worth less"
        }
        NamedEffect::JabbaTheHutt => {
            "look at your deck's top card, then may play it and discard one of yours"
        }
        _ => return None,
    })
}

/// What using a card's power would do now, from the decider's view: each operation with how
/// many cards it could pick, or that the card would only be exhausted when nothing can be.
pub fn power_now(v: &EvrView, me: Faction, card: ResourceCardId) -> String {
    let ops = &catalog().resource(card).power;
    let now: Vec<(String, Option<usize>)> = ops.iter().map(|op| op_now(v, me, card, op)).collect();
    let idle = !now.is_empty() && now.iter().all(|(_, n)| *n == Some(0));
    let text = if idle {
        "Nothing to pick now: the card would only be exhausted.".to_string()
    } else {
        let parts: Vec<String> = now.into_iter().map(|(w, _)| w).collect();
        format!("{}.", capitalise(&parts.join("; then ")))
    };
    describe(&text)
}
