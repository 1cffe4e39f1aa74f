//! What must hold after every action of an Empire vs. Rebellion match: every component in
//! exactly one place (the box is complete), used by the random-play tests and the leak harness.

use std::collections::BTreeSet;

use super::state::EvrState;
use crate::content::Faction;
use crate::content::evr::catalog;

/// Checks the state; the error says what is wrong.
pub fn check(s: &EvrState) -> Result<(), String> {
    let c = catalog();
    let set_aside: Vec<_> = s.pending.iter().flat_map(|p| p.cards.iter().copied()).collect();
    for f in Faction::BOTH {
        let side = s.sides.get(f);
        let placed: Vec<_> = side
            .deck
            .iter()
            .chain(&side.discard)
            .chain(side.play.iter().map(|p| &p.card))
            .chain(&side.reserve)
            .copied()
            .collect();
        let picking = side.reserve.is_empty()
            && placed.len() < super::flow::CHARACTERS_CHOSEN
            && placed.iter().all(|&x| c.resource(x).is_character());
        if picking {
            // Not set up yet: the characters picked so far wait in the deck, which is made
            // when the fourth is picked.
            if placed.iter().collect::<BTreeSet<_>>().len() != placed.len() {
                return Err(format!("a {f} character is picked twice"));
            }
            continue;
        }
        let distinct: BTreeSet<_> = placed.iter().copied().collect();
        if distinct.len() != placed.len() {
            return Err(format!("a {f} card lies in two places"));
        }
        // Cards an effect holds (set aside, or only looked at) complete the count.
        let all: BTreeSet<_> = distinct
            .iter()
            .copied()
            .chain(set_aside.iter().copied().filter(|&x| c.resource(x).faction == f))
            .collect();
        let theirs: BTreeSet<_> = c.resources_of(f).collect();
        if all != theirs {
            return Err(format!(
                "the {f} resource cards are not all there: {} of {}",
                all.len(),
                theirs.len()
            ));
        }
        if side.reserve.iter().any(|&x| !c.resource(x).is_character()) {
            return Err(format!("a {f} basic card is in the reserve"));
        }
        let strategies: Vec<_> =
            side.unused.iter().chain(&side.used).chain(side.chosen.iter()).copied().collect();
        let distinct: BTreeSet<_> = strategies.iter().copied().collect();
        if distinct.len() != c.strategies.len() || strategies.len() != c.strategies.len() {
            return Err(format!("the {f} strategy cards are not each in one place"));
        }
        if side.play.len() > s.event.map_or(usize::MAX, |e| c.event(e).capacity as usize) {
            return Err(format!("the {f} play area is over the event's capacity"));
        }
    }
    let mut events: Vec<_> = s.events.iter().copied().chain(s.event).collect();
    events.extend(s.sides.rebel.won.iter().chain(&s.sides.empire.won).copied());
    events.extend(s.pending.iter().flat_map(|p| p.events.iter().copied()));
    // The event just won is both this round's event and in its winner's pile until cleanup.
    let distinct: BTreeSet<_> = events.iter().copied().collect();
    if distinct.len() != c.events.len() {
        return Err(format!("{} distinct events of {}", distinct.len(), c.events.len()));
    }
    Ok(())
}
