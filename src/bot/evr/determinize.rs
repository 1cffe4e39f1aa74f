//! Determinization for Empire vs. Rebellion: one possible match as a seat may imagine it.
//!
//! Every secret the seat may not know is put back into a pool and dealt again: the opponent's
//! reserve with its deck (the reserve takes characters only), every deck's order (the seat's
//! own too: nobody knows it), cards the opponent's effect has looked at or set aside, the event
//! deck's order, the opponent's strategy while the seat may not know it, a strategy the opponent
//! picked for the seat and has not turned over (two Infiltrations), and the random stream. Each
//! pool is built from public facts and the seat's own knowledge only and sorted before it is
//! shuffled with the bot's stream, so two states the seat cannot tell apart give the same world
//! for the same stream: the bot's fairness rests on this function alone.
//!
//! What the seat once saw and may remember (a card a power showed it in an earlier turn, the
//! events it reordered) is not kept: the imagined world is wider than the truth, never
//! narrower. What it sees *now* is kept, so that its own options are the same in every world:
//! the cards its pending effect has looked at stay where they are, and cards its decision
//! offers to pick stay in the zone they are offered from.

use std::collections::BTreeSet;

use crate::content::Faction;
use crate::content::evr::{ResourceCardId, StrategyCardId, catalog};
use crate::engine::evr::flow::CHARACTERS_CHOSEN;
use crate::engine::evr::state::{EvrState, Phase};
use crate::engine::evr::{Action, decision};
use crate::engine::rng::GameRng;

/// A world `seat` cannot tell from `s`, drawn with `rng`.
pub fn determinize(s: &EvrState, seat: Faction, rng: &mut GameRng) -> EvrState {
    let mut w = s.clone();
    let opp = seat.opponent();
    // Cards the seat's decision offers by name: the seat sees where they lie.
    let offered: BTreeSet<ResourceCardId> = decision(s)
        .filter(|d| d.seat == seat)
        .map(|d| {
            d.actions
                .iter()
                .filter_map(|a| if let Action::Pick { card } = a { Some(*card) } else { None })
                .collect()
        })
        .unwrap_or_default();
    resources(&mut w, seat, seat, &offered, rng);
    resources(&mut w, seat, opp, &offered, rng);
    events(&mut w, seat, rng);
    strategies(&mut w, seat, rng);
    w.rng = GameRng::from_seed(rng.below(usize::MAX) as u64);
    w
}

/// Sorts a pool and shuffles it with the bot's stream: the result depends on the pool's
/// contents only, never on the order the real state kept them in.
fn shuffled<T: Ord>(mut pool: Vec<T>, rng: &mut GameRng) -> Vec<T> {
    pool.sort();
    rng.shuffle(&mut pool);
    pool
}

/// Takes the first card of `pool` that `fits`, if any.
fn take_first(
    pool: &mut Vec<ResourceCardId>,
    fits: impl Fn(ResourceCardId) -> bool,
) -> Option<ResourceCardId> {
    let i = pool.iter().position(|&c| fits(c))?;
    Some(pool.remove(i))
}

/// One side's resource cards (`owner`'s) as `seat` imagines them: the deck's order, and for the
/// opponent what lies in the deck and what in the reserve, and the cards its effect holds.
fn resources(
    w: &mut EvrState,
    seat: Faction,
    owner: Faction,
    offered: &BTreeSet<ResourceCardId>,
    rng: &mut GameRng,
) {
    let c = catalog();
    let secret_reserve = owner != seat;
    if secret_reserve && picking(w, owner) {
        // Setup, while the opponent still picks: which characters it has picked so far.
        let n = w.sides.get(owner).deck.len();
        let all: Vec<ResourceCardId> = c.characters_of(owner).collect();
        let mut pool = shuffled(all, rng);
        pool.truncate(n);
        w.sides.get_mut(owner).deck = pool;
        return;
    }
    let frame = w.pending.clone();
    let seat_acts = frame.as_ref().is_some_and(|f| f.actor == seat);
    let held: Vec<ResourceCardId> = frame.as_ref().map(|f| f.cards.clone()).unwrap_or_default();
    let side = w.sides.get(owner);
    // Deck positions whose card the seat's effect has looked at stay put; so do cards the
    // seat is offered from the deck (they stay in the deck, wherever in it).
    let pinned: Vec<bool> = side.deck.iter().map(|x| seat_acts && held.contains(x)).collect();
    let kept_in_deck = |x: &ResourceCardId| offered.contains(x);
    // The opponent's effect: what it looked at in this deck (by position) and set aside (out
    // of every zone) is secret to the seat.
    let looked: Vec<(usize, usize)> = if seat_acts {
        vec![]
    } else {
        held.iter()
            .enumerate()
            .filter_map(|(i, x)| side.deck.iter().position(|d| d == x).map(|p| (i, p)))
            .collect()
    };
    let in_zone = |x: &ResourceCardId| {
        side.deck.contains(x)
            || side.discard.contains(x)
            || side.reserve.contains(x)
            || side.play.iter().any(|p| p.card == *x)
    };
    let set_aside: Vec<usize> = if seat_acts {
        vec![]
    } else {
        (0..held.len()).filter(|&i| c.resource(held[i]).faction == owner && !in_zone(&held[i])).collect()
    };
    // The pool: the deck's free positions, the secret reserve (but cards the seat is offered
    // from it), the opponent's set-aside cards.
    let mut pool: Vec<ResourceCardId> =
        side.deck.iter().zip(&pinned).filter(|(_, p)| !**p).map(|(x, _)| *x).collect();
    let mut reserve_kept: Vec<ResourceCardId> = vec![];
    let mut reserve_slots = 0;
    if secret_reserve {
        for &x in &side.reserve {
            if offered.contains(&x) {
                reserve_kept.push(x);
            } else {
                pool.push(x);
                reserve_slots += 1;
            }
        }
    }
    pool.extend(set_aside.iter().map(|&i| held[i]));
    let mut pool = shuffled(pool, rng);
    let mut reserve = reserve_kept;
    for _ in 0..reserve_slots {
        let x = take_first(&mut pool, |x| c.resource(x).is_character() && !kept_in_deck(&x))
            .expect("the reserve's own characters are in the pool");
        reserve.push(x);
    }
    let mut new_held = held.clone();
    for &i in &set_aside {
        new_held[i] = pool.pop().expect("the set-aside cards are in the pool");
    }
    let side = w.sides.get_mut(owner);
    if secret_reserve {
        reserve.sort();
        side.reserve = reserve;
    }
    let mut free = pool.into_iter();
    for (slot, pinned) in side.deck.iter_mut().zip(&pinned) {
        if !pinned {
            *slot = free.next().expect("as many cards as free positions");
        }
    }
    for (i, p) in looked {
        new_held[i] = side.deck[p];
    }
    if let Some(f) = w.pending.as_mut()
        && !seat_acts
    {
        f.cards = new_held;
    }
}

/// Whether a side is still picking its characters at setup (the picks wait in its deck).
fn picking(s: &EvrState, f: Faction) -> bool {
    let side = s.sides.get(f);
    matches!(s.phase, Phase::ChooseCharacters { .. })
        && side.reserve.is_empty()
        && side.deck.len() < CHARACTERS_CHOSEN
}

/// The event deck's order (nobody knows it), and the events the opponent's effect holds.
fn events(w: &mut EvrState, seat: Faction, rng: &mut GameRng) {
    let opp_holds = w.pending.as_ref().is_some_and(|f| f.actor != seat && !f.events.is_empty());
    if !opp_holds {
        w.events = shuffled(std::mem::take(&mut w.events), rng);
        return;
    }
    let frame = w.pending.as_mut().expect("checked above");
    let n = frame.events.len();
    let pool: Vec<_> = w.events.iter().chain(&frame.events).copied().collect();
    let mut pool = shuffled(pool, rng);
    frame.events = pool.split_off(pool.len() - n);
    w.events = pool;
}

/// The strategies the seat may not know: the opponent's chosen one (among those it could have
/// chosen), and one the opponent picked for the seat that is not turned over yet.
fn strategies(w: &mut EvrState, seat: Faction, rng: &mut GameRng) {
    let opp = seat.opponent();
    let revealed = matches!(w.phase, Phase::Dominance { .. } | Phase::Over);
    let known = revealed || *w.effects.shown.get(opp) || *w.effects.chosen_by_opponent.get(opp);
    let side = w.sides.get_mut(opp);
    if let Some(chosen) = side.chosen
        && !known
    {
        let mut pool: Vec<StrategyCardId> = side.unused.clone();
        pool.push(chosen);
        let mut pool = shuffled(pool, rng);
        side.chosen = pool.pop();
        pool.sort();
        side.unused = pool;
    }
    if let Some(sealed) = *w.effects.sealed.get(seat) {
        // Still among the seat's unused cards until it is turned over.
        let pool = shuffled(w.sides.get(seat).unused.clone(), rng);
        *w.effects.sealed.get_mut(seat) = pool.first().copied().or(Some(sealed));
    }
}
