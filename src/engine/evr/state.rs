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
    /// Setup: a player secretly chooses four characters, one at a time (the Rebels first); the
    /// ones picked so far wait in the deck.
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
    /// The dominance phase, at one of its steps.
    Dominance {
        /// The step.
        step: DominanceStep,
    },
    /// Someone has seven victory points.
    Over,
}

/// A step of the dominance phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "step")]
pub enum DominanceStep {
    /// Reveal strategies: the `next`-th of the two (the balance token's side first).
    Reveal {
        /// 0 or 1.
        next: u8,
    },
    /// Determine victory, then resolve the loser's `lost` strategy.
    Victory,
    /// The event's `won` or `lost` effect.
    EventEffect,
    /// Cleanup, the balance token, the win.
    Cleanup,
}

/// Where the effect being resolved comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "card")]
pub enum Source {
    /// A resource card's power.
    Power(ResourceCardId),
    /// A strategy card.
    Strategy(StrategyCardId),
    /// This round's event.
    Event(EventCardId),
}

/// An effect being resolved: which one, for whom, and how far it has got. Its operations are
/// read from the catalog each time (the state names them, never copies them).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Frame {
    /// The card whose effect it is.
    pub source: Source,
    /// "You" of the effect: the power's user, the strategy's owner, the event's winner or loser.
    pub actor: Faction,
    /// The operation being carried out (index into the effect's list).
    pub op: u8,
    /// Inside a `choose`: the option being carried out.
    pub option: Option<u8>,
    /// Inside a `choose`: the options carried out so far (bit i = option i).
    pub options_done: u8,
    /// Picks made in the current operation.
    pub count: u8,
    /// The deck an `either` deck operation works on, once picked.
    pub side: Option<Faction>,
    /// Cards the operation holds: looked at, set aside, or counted (secret to the opponent).
    pub cards: Vec<ResourceCardId>,
    /// Events being reordered (Balance of the Force), secret to the opponent.
    pub events: Vec<EventCardId>,
    /// Whether the current operation's automatic first part (drawing, discarding) is done.
    pub prepared: bool,
}

/// Effects of this round that outlast the operation that made them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundEffects {
    /// Added to each total when the winner is determined (Direct Assault).
    pub bonus: ByFaction<i8>,
    /// The result is turned round, the would-be loser winning, when neither total exceeds the
    /// objective value (Deception).
    pub flip: bool,
    /// Whose strategy was chosen by their opponent this round (Infiltration): the opponent
    /// knows it, until a power makes its owner choose again.
    pub chosen_by_opponent: ByFaction<bool>,
    /// Whose strategy was chosen first and shown (Locate the Rebel Base); no longer once a
    /// power replaces it.
    pub shown: ByFaction<bool>,
    /// Two Infiltrations pick each other's strategy at the same time (FAQ): the first pick
    /// made waits here, known only to the opponent who made it, until the second is made;
    /// then both are turned over to their owners together.
    #[serde(default)]
    pub sealed: ByFaction<Option<StrategyCardId>>,
    /// The event's winner, once determined.
    pub winner: Option<Faction>,
}

/// How a player's next strategy is to be chosen (set by this round's effects).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NextStrategy {
    /// Chosen by the opponent (Infiltration).
    pub by_opponent: ByFaction<bool>,
    /// Drawn at random (Create a Diversion).
    pub random: ByFaction<bool>,
    /// Chosen first and shown (Locate the Rebel Base).
    pub shown: ByFaction<bool>,
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
    /// The effect being resolved, if one waits for a choice.
    pub pending: Option<Frame>,
    /// This round's lasting effects.
    pub effects: RoundEffects,
    /// How next round's strategies are chosen.
    pub next: NextStrategy,
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
        pending: None,
        effects: RoundEffects::default(),
        next: NextStrategy::default(),
        winner: None,
    }
}
