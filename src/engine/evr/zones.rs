//! A side's card zones (deck, discard pile, play area, reserve): moving a card between them,
//! the room the event leaves in play, and remaking an empty deck. Shared by the executor and
//! the named effects, below both.

use super::state::{EvrState, InPlay};
use crate::content::Faction;
use crate::content::evr::{ResourceCardId, Zone, catalog};

/// This round's event's capacity.
pub fn capacity(s: &EvrState) -> usize {
    s.event.map_or(0, |e| catalog().event(e).capacity as usize)
}

/// Whether a player's play area has room for one more card under the event's capacity.
pub fn room(s: &EvrState, f: Faction) -> bool {
    s.sides.get(f).play.len() < capacity(s)
}

/// The rulebook's FAQ: an empty deck is made again from the shuffled discard pile, whenever a
/// card must be drawn, looked at or searched for.
pub fn refill(s: &mut EvrState, f: Faction) {
    refill_to(s, f, 1);
}

/// The FAQ for an effect that goes through `need` cards of a deck one after the other (Recon's
/// two): when the deck runs out before, its discard pile is shuffled into a new deck and the
/// effect goes on with that. The cards still in the deck stay on top of the new one, which is
/// what taking them first and then remaking the empty deck comes to.
pub fn refill_to(s: &mut EvrState, f: Faction, need: usize) {
    let side = s.sides.get_mut(f);
    if side.deck.len() < need && !side.discard.is_empty() {
        let mut fresh = std::mem::take(&mut side.discard);
        s.rng.shuffle(&mut fresh);
        let side = s.sides.get_mut(f);
        fresh.append(&mut side.deck);
        side.deck = fresh;
    }
}

/// Whether a deck has a card to work on (itself or, refilled, its discard pile).
pub fn deck_usable(s: &EvrState, f: Faction) -> bool {
    let side = s.sides.get(f);
    !side.deck.is_empty() || !side.discard.is_empty()
}

/// Removes a card from wherever it lies on its owner's side; returns whether it was found.
pub fn take(s: &mut EvrState, card: ResourceCardId) -> bool {
    let side = s.sides.get_mut(catalog().resource(card).faction);
    let before = side.deck.len() + side.discard.len() + side.play.len() + side.reserve.len();
    side.deck.retain(|&x| x != card);
    side.discard.retain(|&x| x != card);
    side.play.retain(|p| p.card != card);
    side.reserve.retain(|&x| x != card);
    before != side.deck.len() + side.discard.len() + side.play.len() + side.reserve.len()
}

/// Puts a card into a zone of its owner's side (a card put into the deck is shuffled in).
pub fn put(s: &mut EvrState, card: ResourceCardId, zone: Zone) {
    let f = catalog().resource(card).faction;
    let side = s.sides.get_mut(f);
    match zone {
        Zone::Play => side.play.push(InPlay { card, exhausted: false }),
        Zone::Discard => side.discard.push(card),
        Zone::DeckTop => side.deck.push(card),
        Zone::Reserve => {
            side.reserve.push(card);
            side.reserve.sort();
        }
        Zone::Deck => {
            side.deck.push(card);
            s.rng.shuffle(&mut s.sides.get_mut(f).deck);
        }
    }
}

/// Moves a card to a zone of its owner's side.
pub fn move_card(s: &mut EvrState, card: ResourceCardId, zone: Zone) {
    if take(s, card) {
        put(s, card, zone);
    }
}
