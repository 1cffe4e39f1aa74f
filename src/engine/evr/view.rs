//! What one player (or the channel) may see of an Empire vs. Rebellion match: everything
//! anyone is shown is built from this redacted view, never from the state itself.

use std::collections::BTreeMap;

use serde::Serialize;

use super::flow::decision;
use super::state::{EvrState, Phase, Source};
use crate::content::Faction;
use crate::content::evr::catalog;

pub use crate::engine::viewer::{Cards, Viewer};

/// A card face up in a play area.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayView {
    /// The card's key.
    pub card: String,
    /// Whether it is exhausted.
    pub exhausted: bool,
    /// The value it counts now.
    pub value: u8,
}

/// One player's side as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SideView {
    /// Cards in the resource deck (its order and content are secret to both).
    pub deck: usize,
    /// The discard pile, face up.
    pub discard: Vec<String>,
    /// The play area.
    pub play: Vec<PlayView>,
    /// Its total resource value.
    pub total: u32,
    /// The characters set aside at setup (the owner's secret).
    pub reserve: Cards,
    /// Influence tokens.
    pub influence: u8,
    /// Strategy cards not yet chosen (face down: the owner's secret).
    pub unused: Cards,
    /// Strategy cards chosen in earlier rounds (face up).
    pub used: Vec<String>,
    /// This round's strategy: its key for its owner, `Hidden(1)` for others once chosen.
    pub chosen: Option<Cards>,
    /// Events won.
    pub won: Vec<String>,
    /// Their victory points.
    pub victory_points: u32,
}

/// The effect being resolved, as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PendingView {
    /// `power`, `strategy` or `event`.
    pub kind: &'static str,
    /// The key of the card whose effect it is.
    pub source: String,
    /// Whose effect it is.
    pub actor: Faction,
    /// The resource cards the effect holds (looked at, set aside): their keys for the player who
    /// resolves it, their number for others.
    pub cards: Cards,
    /// The events being reordered: keys for the player who reorders them, a number for others.
    pub events: Cards,
}

/// The whole view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EvrView {
    /// Who the view was built for (the image puts that player's side at the bottom).
    pub viewer: Viewer,
    /// State version.
    pub version: u64,
    /// The round.
    pub round: u32,
    /// `setup`, `planning`, `struggle` or `game_over`.
    pub phase: &'static str,
    /// This round's event, face up.
    pub event: Option<String>,
    /// Events left in the deck (their order is secret).
    pub events_left: usize,
    /// The side the balance token shows.
    pub balance: Faction,
    /// Who would take this round's event on the totals now (before any strategy, which may
    /// still change it); `None` when both are over the objective value or there is no event.
    pub ahead: Option<Faction>,
    /// Influence tokens in the supply.
    pub supply: u8,
    /// Who must decide now.
    pub waiting: Option<Faction>,
    /// The effect being resolved, if one waits for a choice.
    pub pending: Option<PendingView>,
    /// The winner, once there is one.
    pub winner: Option<Faction>,
    /// Both sides.
    pub sides: BTreeMap<Faction, SideView>,
}

/// Builds the view of a match for a viewer.
pub fn view(s: &EvrState, viewer: Viewer) -> EvrView {
    let c = catalog();
    let sides = Faction::BOTH
        .iter()
        .map(|&f| {
            let side = s.sides.get(f);
            let see = viewer.sees(f);
            let cards = |v: Vec<String>| if see { Cards::Visible(v) } else { Cards::Hidden(v.len()) };
            let sv = SideView {
                deck: side.deck.len(),
                discard: side.discard.iter().map(|&x| c.resource(x).key.clone()).collect(),
                play: side
                    .play
                    .iter()
                    .map(|p| PlayView {
                        card: c.resource(p.card).key.clone(),
                        exhausted: p.exhausted,
                        value: c.resource(p.card).value_when(p.exhausted),
                    })
                    .collect(),
                total: side.total(),
                reserve: cards(side.reserve.iter().map(|&x| c.resource(x).key.clone()).collect()),
                influence: side.influence,
                unused: cards(side.unused.iter().map(|&x| c.strategy(x).key.clone()).collect()),
                used: side.used.iter().map(|&x| c.strategy(x).key.clone()).collect(),
                // Known to the opponent too when the opponent picked it (Infiltration) or it was
                // shown (Locate the Rebel Base).
                chosen: match (side.chosen, *s.effects.sealed.get(f)) {
                    (Some(x), _) => {
                        let key = c.strategy(x).key.clone();
                        let opponent_knows =
                            *s.effects.chosen_by_opponent.get(f) && viewer == Viewer::Faction(f.opponent());
                        // Strategies are revealed in the dominance phase (and stay face up when
                        // the game ends there).
                        let revealed = matches!(s.phase, Phase::Dominance { .. } | Phase::Over);
                        if see || opponent_knows || revealed || *s.effects.shown.get(f) {
                            Some(Cards::Visible(vec![key]))
                        } else {
                            Some(Cards::Hidden(1))
                        }
                    }
                    // The first of two simultaneous Infiltration picks: only its picker knows it;
                    // for everyone else, its owner included, nothing is chosen yet.
                    (None, Some(x))
                        if matches!(viewer, Viewer::Full) || viewer == Viewer::Faction(f.opponent()) =>
                    {
                        Some(Cards::Visible(vec![c.strategy(x).key.clone()]))
                    }
                    (None, _) => None,
                },
                won: side.won.iter().map(|&x| c.event(x).key.clone()).collect(),
                victory_points: side.victory_points(),
            };
            (f, sv)
        })
        .collect();
    EvrView {
        viewer,
        version: s.version,
        round: s.round,
        phase: match s.phase {
            Phase::ChooseCharacters { .. } => "setup",
            Phase::ChooseStrategy { .. } => "planning",
            Phase::Struggle { .. } => "struggle",
            Phase::Dominance { .. } => "dominance",
            Phase::Over => "game_over",
        },
        event: s.event.map(|e| c.event(e).key.clone()),
        events_left: s.events.len(),
        balance: s.balance,
        ahead: s.event.and_then(|e| {
            let objective = c.event(e).objective_value as i64;
            super::dominance::winner_on(|f| s.sides.get(f).total() as i64, objective, s.balance)
        }),
        supply: s.supply,
        waiting: decision(s).map(|d| d.seat),
        pending: s.pending.as_ref().map(|p| {
            let see = viewer.sees(p.actor);
            let keys = |v: Vec<String>| if see { Cards::Visible(v) } else { Cards::Hidden(v.len()) };
            let (kind, source) = match p.source {
                Source::Power(x) => ("power", c.resource(x).key.clone()),
                Source::Strategy(x) => ("strategy", c.strategy(x).key.clone()),
                Source::Event(x) => ("event", c.event(x).key.clone()),
            };
            PendingView {
                kind,
                source,
                actor: p.actor,
                cards: keys(p.cards.iter().map(|&x| c.resource(x).key.clone()).collect()),
                events: keys(p.events.iter().map(|&x| c.event(x).key.clone()).collect()),
            }
        }),
        winner: s.winner,
        sides,
    }
}
