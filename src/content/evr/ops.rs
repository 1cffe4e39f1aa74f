//! The vocabulary of Empire vs. Rebellion's card effects: every power, strategy and event effect
//! is a short list of these typed operations, so that one executor can later both list a card's
//! legal uses and carry them out (see `docs/evr.md`).
//!
//! The enum is generic over how a resource card and a named function are referred to: the asset
//! files hold plain strings (`Effect<String, String>`), the catalog holds typed ids
//! (`Effect<ResourceCardId, NamedEffect>`); the loader turns one into the other and refuses an
//! unknown name.

use serde::Deserialize;

use super::ResourceCardId;

/// Whose cards, deck, pile, influence or strategy an operation touches, seen from "you": the
/// player using the power, owning the strategy, or named by an event's trigger.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The acting player.
    You,
    /// The acting player's opponent.
    Opponent,
    /// Either player, as the acting player picks.
    Either,
}

/// A place a resource card can be in; a card always stays on its owner's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Zone {
    /// Face up in the play area (ready or exhausted); putting a card here is "playing" it, so
    /// the event's capacity limits it.
    Play,
    /// The discard pile, face up.
    Discard,
    /// The resource deck; a card put here is shuffled in.
    Deck,
    /// The top of the resource deck, without shuffling.
    DeckTop,
    /// The characters set aside at setup (or sent back since).
    Reserve,
}

/// Which cards of a zone an operation may pick.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Which {
    /// Any card, the one whose power is used included (the rulebook lets a power hit its own
    /// card unless it says "another"; no card in the box says so).
    #[default]
    Any,
    /// Only exhausted cards.
    Exhausted,
    /// Only character cards.
    Character,
}

/// The kind of a resource card: one of the four basic categories, or a character.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    /// Military: hits the opponent's play area.
    Military,
    /// Diplomacy: clears one's own play area.
    Diplomacy,
    /// Recon: works on the top of a deck.
    Recon,
    /// The Force: exhausts a card.
    Force,
    /// A unique character (grey frame), with its own power and a lower value while exhausted.
    Character,
}

impl Category {
    /// The four basic categories, in asset order.
    pub const BASIC: [Category; 4] =
        [Category::Military, Category::Diplomacy, Category::Recon, Category::Force];

    /// The asset key (`military`, `force`, `character`, …).
    pub fn key(self) -> &'static str {
        match self {
            Category::Military => "military",
            Category::Diplomacy => "diplomacy",
            Category::Recon => "recon",
            Category::Force => "force",
            Category::Character => "character",
        }
    }
}

/// When a strategy or event effect happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// When strategies are revealed in the dominance phase (strategies only).
    Reveal,
    /// When the event is won; "you" is the winner (events only).
    Won,
    /// When the event is lost; "you" is the loser (strategies: the owner lost the event).
    Lost,
    /// For the whole round the event is played in (events only; restrictions).
    Round,
}

impl Trigger {
    /// The asset key.
    pub fn key(self) -> &'static str {
        match self {
            Trigger::Reveal => "reveal",
            Trigger::Won => "won",
            Trigger::Lost => "lost",
            Trigger::Round => "round",
        }
    }
}

/// One typed operation of a card effect.
///
/// `C` names a resource card and `N` a named function: strings in the assets, typed in the
/// catalog. A list of operations runs in order; each that needs a choice asks the acting player.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum Effect<C = ResourceCardId, N = NamedEffect> {
    /// Move `count` picked cards (`which`) from `from` on `side` to `to` on their owner's side.
    Move {
        /// Where the cards are taken from.
        from: Zone,
        /// Where they go (`play` is limited by the event's capacity).
        to: Zone,
        /// Whose cards may be picked.
        side: Side,
        /// Which cards may be picked.
        #[serde(default)]
        which: Which,
        /// How many cards.
        #[serde(default = "one")]
        count: u8,
        /// Whether fewer (even none) may be picked: a "may" or "up to".
        #[serde(default)]
        up_to: bool,
        /// Where a picked character goes instead of `to` (Darth Vader: back to the reserve).
        #[serde(default)]
        characters_to: Option<Zone>,
    },
    /// Exhaust `count` ready cards in play on `side` without resolving their powers.
    Exhaust {
        /// Whose cards may be exhausted.
        side: Side,
        /// How many.
        #[serde(default = "one")]
        count: u8,
        /// Whether fewer may be exhausted.
        #[serde(default)]
        up_to: bool,
    },
    /// Look at the top `look` cards of a deck, discard `discard` of them, put the rest back on
    /// top in an order of the acting player's choice.
    LookAtDeck {
        /// Whose deck.
        side: Side,
        /// How many cards are looked at.
        look: u8,
        /// How many of them are discarded.
        discard: u8,
    },
    /// Search a deck, take `take` cards of one's choice, discard `discard` of them, shuffle the
    /// deck and put the rest into `rest` (`play` or `deck_top`).
    SearchDeck {
        /// Whose deck.
        side: Side,
        /// How many cards are taken out.
        take: u8,
        /// How many of them are discarded.
        discard: u8,
        /// Where the others go.
        rest: Zone,
    },
    /// Gain influence tokens from the supply (`amount` > 0) or return them (`amount` < 0; all
    /// one holds when one holds fewer).
    Influence {
        /// Who gains or returns.
        side: Side,
        /// How many, signed.
        amount: i8,
    },
    /// Add `amount` to the acting player's total resource value when the event's winner is
    /// determined.
    ModifyTotal {
        /// The change.
        amount: i8,
    },
    /// The player on `side` discards the strategy chosen for this round and chooses another
    /// unused one (retrieving all first if none is left).
    ReplaceStrategy {
        /// Whose strategy.
        side: Side,
    },
    /// The player on `side` discards one unused strategy, picked by the player on `chosen_by`.
    DiscardStrategy {
        /// Whose strategy.
        side: Side,
        /// Who picks it.
        chosen_by: Side,
    },
    /// The player on `side` takes back every strategy already used.
    RetrieveStrategies {
        /// Whose strategies.
        side: Side,
    },
    /// For the round, cards of category `of` cannot use their powers, except the cards listed.
    BlockPowers {
        /// The category whose powers are blocked.
        of: Category,
        /// Cards of that category that keep their power.
        #[serde(default = "Vec::new")]
        except: Vec<C>,
    },
    /// Carry out between `min` and `max` of `options`, each at most once, in the listed order:
    /// "do one or both", "one or the other".
    Choose {
        /// The fewest options to carry out.
        min: u8,
        /// The most options to carry out.
        max: u8,
        /// The options.
        options: Vec<Effect<C, N>>,
    },
    /// An effect no operation above fits: a function of the engine, by name.
    Named {
        /// Which function.
        name: N,
    },
}

fn one() -> u8 {
    1
}

/// The effects the vocabulary does not cover, each to be written as one function of the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NamedEffect {
    /// Lando Calrissian: discard any number of one's cards in play, then play as many from the
    /// deck (a count carried from one step to the next).
    LandoCalrissian,
    /// General Veers: discard the deck's top card, then every opposing card in play worth less
    /// (a comparison against a card just drawn).
    GeneralVeers,
    /// Jabba the Hutt: look at the deck's top card, then discard one of one's cards and/or play
    /// the looked-at card (a choice that depends on hidden information just seen).
    JabbaTheHutt,
    /// Deception: the would-be loser of the event wins it instead; cancelled by a second
    /// Deception.
    Deception,
    /// Infiltration: pick the opponent's strategy for the next round.
    Infiltration,
    /// Balance of the Force: the winner reorders the top three cards of the event deck.
    BalanceOfTheForce,
    /// Create a Diversion: the loser's next strategy is picked at random.
    CreateADiversion,
    /// Locate the Rebel Base: the loser chooses and reveals their next strategy first.
    LocateTheRebelBase,
}

impl NamedEffect {
    /// Every named effect.
    pub const ALL: [NamedEffect; 8] = [
        NamedEffect::LandoCalrissian,
        NamedEffect::GeneralVeers,
        NamedEffect::JabbaTheHutt,
        NamedEffect::Deception,
        NamedEffect::Infiltration,
        NamedEffect::BalanceOfTheForce,
        NamedEffect::CreateADiversion,
        NamedEffect::LocateTheRebelBase,
    ];

    /// The name used in the assets (`{"op": "named", "name": "general_veers"}`).
    pub fn key(self) -> &'static str {
        match self {
            NamedEffect::LandoCalrissian => "lando_calrissian",
            NamedEffect::GeneralVeers => "general_veers",
            NamedEffect::JabbaTheHutt => "jabba_the_hutt",
            NamedEffect::Deception => "deception",
            NamedEffect::Infiltration => "infiltration",
            NamedEffect::BalanceOfTheForce => "balance_of_the_force",
            NamedEffect::CreateADiversion => "create_a_diversion",
            NamedEffect::LocateTheRebelBase => "locate_the_rebel_base",
        }
    }

    /// The named effect with this asset name.
    pub fn from_key(key: &str) -> Option<NamedEffect> {
        NamedEffect::ALL.into_iter().find(|n| n.key() == key)
    }
}
