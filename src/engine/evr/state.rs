//! The complete state of an Empire vs. Rebellion match (the engine's private truth).

use serde::{Deserialize, Serialize};

use crate::content::evr::{EventCardId, ResourceCardId, StrategyCardId, catalog};
use crate::content::{ByFaction, Faction};
use crate::engine::rng::GameRng;

/// A resource card face up in a play area.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InPlay {
    /// The card.
    pub card: ResourceCardId,
    /// Turned sideways: its power used (a character then counts its lower value).
    pub exhausted: bool,
}

/// One player's components.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideState {
    /// The resource deck, top last (secret, even to its owner).
    pub deck: Vec<ResourceCardId>,
    /// The discard pile (face up).
    pub discard: Vec<ResourceCardId>,
    /// The play area.
    pub play: Vec<InPlay>,
    /// The characters set aside at setup (secret).
    pub reserve: Vec<ResourceCardId>,
    /// Influence tokens held.
    pub influence: u8,
    /// Strategy cards that may be chosen (face down).
    pub unused: Vec<StrategyCardId>,
    /// Strategy cards chosen in earlier rounds (face up).
    pub used: Vec<StrategyCardId>,
    /// This round's strategy, chosen in secret.
    pub chosen: Option<StrategyCardId>,
    /// Events won (face up; their victory points count).
    pub won: Vec<EventCardId>,
}

impl SideState {
    /// The total resource value of the play area.
    pub fn total(&self) -> u32 {
        let c = catalog();
        self.play.iter().map(|p| c.resource(p.card).value_when(p.exhausted) as u32).sum()
    }
    /// Victory points of the events won.
    pub fn victory_points(&self) -> u32 {
        self.won.iter().map(|&e| catalog().event(e).victory_points as u32).sum()
    }
}

/// Where a match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "phase")]
pub enum Phase {
    /// Setup: a player secretly chooses four characters (the Rebels first).
    ChooseCharacters {
        /// Who chooses.
        faction: Faction,
    },
    /// Planning: a player secretly chooses a strategy (the Rebels first).
    ChooseStrategy {
        /// Who chooses.
        faction: Faction,
    },
    /// The struggle.
    Struggle {
        /// Whose turn.
        turn: Faction,
        /// Whether the previous turn was a pass (two in succession end the struggle).
        passed: bool,
    },
    /// Someone has seven victory points.
    Over,
}

/// The whole match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EvrState {
    /// The match's one random source.
    pub rng: GameRng,
    /// Bumped by every applied action.
    pub version: u64,
    /// The round, from 1.
    pub round: u32,
    /// The event deck, top last (secret order).
    pub events: Vec<EventCardId>,
    /// This round's event, face up.
    pub event: Option<EventCardId>,
    /// Each player's components.
    pub sides: ByFaction<SideState>,
    /// The faction the balance token shows: it goes first and wins ties.
    pub balance: Faction,
    /// Influence tokens in the supply.
    pub supply: u8,
    /// Where the match stands.
    pub phase: Phase,
    /// The winner, once someone has seven victory points.
    pub winner: Option<Faction>,
}

/// A new match from a seed: the event deck shuffled, both players' strategy cards, two
/// influence tokens each, the balance token on a random side; the Rebels choose their
/// characters first.
pub fn new_game(seed: u64) -> EvrState {
    let c = catalog();
    let mut rng = GameRng::from_seed(seed);
    let mut events: Vec<EventCardId> = (0..c.events.len() as u8).map(EventCardId).collect();
    rng.shuffle(&mut events);
    let start = c.influence_tokens.starting_per_player;
    let sides = ByFaction::new(|_| SideState {
        influence: start,
        unused: (0..c.strategies.len() as u8).map(StrategyCardId).collect(),
        ..Default::default()
    });
    let balance = c.balance_token.sides[rng.below(2)];
    EvrState {
        rng,
        version: 0,
        round: 0,
        events,
        event: None,
        sides,
        balance,
        supply: c.influence_tokens.count.saturating_sub(2 * start),
        phase: Phase::ChooseCharacters { faction: Faction::Rebel },
        winner: None,
    }
}
