//! The twins of the Empire vs. Rebellion leak harness: states that differ only in one secret of
//! one player, made at a moment of a match for a receiver that may not know it. Used by the leak
//! test (`evr_leaks.rs`: nothing shown differs) and the computer's fairness test
//! (`evr_bot_fairness.rs`: nothing the computer imagines or decides differs). The kinds are
//! described in `evr_leaks.rs`.
#![allow(dead_code)]

use std::collections::BTreeSet;

use holonet::content::Faction;
use holonet::content::evr::{ResourceCardId, catalog};
use holonet::engine::evr::{Action, DecisionKind, EvrState, decision};
use holonet::engine::rng::GameRng;

use super::evr::{Knowledge, strategy, strategy_twin};

const BOTH: [Faction; 2] = Faction::BOTH;

/// Cards each receiver has been shown so far (index 0: the channel; then by faction).
#[derive(Default)]
pub struct Seen {
    public: BTreeSet<ResourceCardId>,
    rebel: BTreeSet<ResourceCardId>,
    empire: BTreeSet<ResourceCardId>,
}

impl Seen {
    /// The cards a receiver (`None`: the channel) has been shown.
    pub fn of(&self, r: Option<Faction>) -> BTreeSet<ResourceCardId> {
        let own = match r {
            None => BTreeSet::new(),
            Some(Faction::Rebel) => self.rebel.clone(),
            Some(Faction::Empire) => self.empire.clone(),
        };
        own.union(&self.public).copied().collect()
    }
    fn mine(&mut self, f: Faction) -> &mut BTreeSet<ResourceCardId> {
        match f {
            Faction::Rebel => &mut self.rebel,
            Faction::Empire => &mut self.empire,
        }
    }
    /// Notes what the state shows: cards in play or discarded (everyone), cards named in a
    /// seat's options or held by its effect (that seat).
    pub fn note(&mut self, s: &EvrState) {
        for f in BOTH {
            let side = s.sides.get(f);
            self.public.extend(side.play.iter().map(|p| p.card).chain(side.discard.iter().copied()));
        }
        if let Some(d) = decision(s) {
            let cards: Vec<_> = d
                .actions
                .iter()
                .filter_map(|a| if let Action::Pick { card } = a { Some(*card) } else { None })
                .collect();
            self.mine(d.seat).extend(cards);
        }
        if let Some(p) = &s.pending {
            self.mine(p.actor).extend(p.cards.iter().copied());
        }
    }
}

/// The kinds of twin (see `evr_leaks.rs`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    Reserve,
    Strategy,
    Replaced,
    Sealed,
    DeckOrder,
}

/// Every kind of twin.
pub const KINDS: [Kind; 5] = [Kind::Reserve, Kind::Strategy, Kind::Replaced, Kind::Sealed, Kind::DeckOrder];

/// A twin of `s` differing in one secret of `f` that `r` may not know, if one can be made.
pub fn twin(
    s: &EvrState,
    f: Faction,
    r: Option<Faction>,
    kind: Kind,
    seen: &Seen,
    knowledge: &Knowledge,
    rng: &mut GameRng,
) -> Option<EvrState> {
    let c = catalog();
    let mut t = s.clone();
    let side = t.sides.get_mut(f);
    match kind {
        Kind::Reserve => {
            // Not while an effect holds cards or picks among them (its player sees them).
            if s.pending.is_some() {
                return None;
            }
            let known = seen.of(r);
            let fresh = |x: &ResourceCardId| !known.contains(x);
            let reserve: Vec<usize> = (0..side.reserve.len()).filter(|&i| fresh(&side.reserve[i])).collect();
            let deck: Vec<usize> = (0..side.deck.len())
                .filter(|&i| c.resource(side.deck[i]).is_character() && fresh(&side.deck[i]))
                .collect();
            if reserve.is_empty() || deck.is_empty() {
                return None;
            }
            let (i, j) = (reserve[rng.below(reserve.len())], deck[rng.below(deck.len())]);
            std::mem::swap(&mut side.reserve[i], &mut side.deck[j]);
            side.reserve.sort();
        }
        Kind::Strategy | Kind::Replaced | Kind::Sealed => {
            let applies = match kind {
                Kind::Replaced => *knowledge.replaced.get(f),
                Kind::Sealed => knowledge.sealed_from_owner(s, f),
                _ => true,
            };
            if !applies || knowledge.knows(s, f, r) {
                return None;
            }
            return strategy_twin(s, f, rng.below(4));
        }
        Kind::DeckOrder => {
            let n = side.deck.len();
            // The most one action draws: Lando Calrissian discarding a full play area.
            let top = c.events.iter().map(|e| e.capacity as usize).max().unwrap_or(0);
            if n < top + 2 {
                return None;
            }
            let mut below = side.deck[..n - top].to_vec();
            rng.shuffle(&mut below);
            side.deck[..n - top].copy_from_slice(&below);
        }
    }
    (t != *s).then_some(t)
}

/// The random policy: uniform, except that a strategy choice takes Infiltration one time in
/// four when it may (so that two Infiltrations meet in a round often enough to be checked).
pub fn pick(d: &holonet::engine::evr::Decision, rng: &mut GameRng) -> Action {
    let infiltration = Action::Strategy { card: strategy("infiltration") };
    if d.kind == DecisionKind::ChooseStrategy && d.actions.contains(&infiltration) && rng.below(4) == 0 {
        return infiltration;
    }
    d.actions[rng.below(d.actions.len())].clone()
}
