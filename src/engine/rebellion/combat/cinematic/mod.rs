//! Cinematic combat (Rise of the Empire): each player's own advanced tactic decks, one card
//! secretly picked by each side before every round of battle, revealed together and resolved
//! (top, bottom or neither); leader rerolls; specials that remove damage; damage that destroys
//! at the end of the round of battle.
//!
//! The combat flow reaches this module only through `combat::Rules` (the seam) and the
//! `Step::Tactics` step it leads to. Files: `decks.rs` (the decks and their views), `round.rs`
//! (pick, reveal, resolve), `ops.rs` (the one executor of the cards' typed operations),
//! `pending.rs` (the choices a card asks for), `attack.rs` (rerolls, removing damage, prevent
//! and shield effects) and `bespoke.rs` (the few named effects).

pub mod attack;
pub mod bespoke;
pub mod decks;
mod ops;
pub mod pending;
pub mod round;
pub mod take_back;

use serde::{Deserialize, Serialize};

use crate::content::*;

pub use decks::{CinematicDecks, OwnDecks};

/// Where the advanced tactic cards of a round of battle stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// A side secretly picks its card (the current player first).
    Pick(Faction),
    /// Both cards are shown.
    Reveal,
    /// A side resolves its card's top or bottom ability, or neither.
    Resolve(Faction),
    /// A side may play one more card (an ability let it).
    Extra(Faction),
    /// The cards are done: units they destroyed leave, and the first attack follows.
    Finish,
}

/// One card played this round of battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    /// Whose card.
    pub faction: Faction,
    /// The card.
    pub card: AdvancedTacticId,
    /// Played as an extra card (it can neither cancel nor be cancelled).
    pub extra: bool,
    /// Cancelled by the opponent.
    pub cancelled: bool,
    /// Resolved (or passed over) and discarded.
    pub done: bool,
}

/// A shield or redirect effect waiting for the opponent's damage this round of battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Guard {
    /// Whose units it protects.
    pub faction: Faction,
    /// Damage it handles at most.
    pub amount: u8,
    /// `Some(type)`: the damage is moved onto a unit of this type; `None`: it is removed.
    pub onto: Option<UnitId>,
    /// Unit types it does not protect.
    pub except: Vec<UnitId>,
    /// The combat number of the unit a redirect moves the damage onto, once its player picked
    /// it among several of the type (Armored Position, Planetary Shield).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<u8>,
}

/// What the cards changed for the current round of battle.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleEffects {
    /// Dice a faction's cards prevent from the opponent's attack: (faction, red, black,
    /// special).
    pub prevent: Vec<(Faction, u8, u8, u8)>,
    /// Factions whose units may not remove damage with specials.
    pub no_repair: Vec<Faction>,
    /// Combat unit numbers that may not remove damage (Ion Blast).
    pub locked: Vec<u8>,
    /// Shield and redirect effects.
    pub guards: Vec<Guard>,
    /// Rebel Confrontation: the Imperial ground units here when it was resolved.
    pub confrontation: Option<u8>,
}

/// A choice a card's ability (or the leader reroll) asks for before the combat goes on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "pending")]
pub enum Pending {
    /// Damage to deal, one point (or all of it, on one unit) at a time.
    Deal {
        /// Who deals it.
        faction: Faction,
        /// The theater of the units hit.
        theater: Theater,
        /// Points left.
        left: u8,
        /// Which units may take it.
        filter: Filter,
        /// Every point on one unit.
        one_unit: bool,
        /// The unit hit may not remove damage this round.
        lock: bool,
    },
    /// An enemy unit to destroy.
    Destroy {
        /// Who destroys it.
        faction: Faction,
        /// The theater of the unit.
        theater: Theater,
        /// Which units may be chosen.
        filter: Filter,
    },
    /// A unit to take from the supply into the combat.
    Gain {
        /// Who gains it.
        faction: Faction,
        /// The types offered.
        units: Vec<UnitId>,
    },
    /// The leader reroll: dice chosen so far, rolled together when the player is done.
    Reroll {
        /// Who rerolls.
        faction: Faction,
        /// Dice chosen.
        chosen: Vec<u8>,
        /// How many may be chosen.
        max: u8,
    },
    /// A shield or redirect effect acting on the damage just assigned.
    Guard {
        /// The theater of the attack.
        theater: Theater,
        /// The effect, its amount counting down.
        guard: Guard,
    },
    /// Escape Plan: the side may retreat now (and so cancel the opponent's card).
    Escape {
        /// Who may retreat.
        faction: Faction,
    },
    /// A leader to capture, rescue or mark, by a named effect.
    Leader {
        /// Who chooses.
        faction: Faction,
        /// The effect.
        effect: AdvancedBespoke,
        /// The candidates.
        leaders: Vec<LeaderId>,
    },
    /// Rogue One with a target marker in the combat's system: rescue a captive here or remove a
    /// marker here (the options are read from the board when asked).
    RogueOne {
        /// Who chooses.
        faction: Faction,
    },
}

/// Which enemy units a card's damage or destroy may reach.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Filter {
    /// Health colour.
    pub color: Option<DieColor>,
    /// Unit types (any when empty).
    pub units: Vec<UnitId>,
    /// Unit classes (any when empty).
    pub classes: Vec<UnitClass>,
}

impl Filter {
    /// Whether a unit type fits (its health colour checked by the caller).
    pub fn fits(&self, u: UnitId) -> bool {
        let d = catalog().unit(u);
        (self.units.is_empty() || self.units.contains(&u))
            && (self.classes.is_empty() || self.classes.contains(&d.class))
            && self.color.is_none_or(|col| d.health.is_some_and(|(_, c)| c == col))
    }
}

/// Cinematic combat's record of one combat (kept in `Combat::cine`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CineCombat {
    /// The secret picks of the current round of battle, until they are revealed. Never shown
    /// to the opponent (views build from chosen fields; events name no picked card).
    pub picks: ByFaction<Option<AdvancedTacticId>>,
    /// The cards played this round of battle, in the order they resolve.
    pub played: Vec<Played>,
    /// The order the sides resolve their cards in this round of battle.
    pub order: Vec<Faction>,
    /// What the cards changed for this round of battle.
    pub effects: BattleEffects,
    /// Who attacks first in each theater, when a card changed it (until the end of the combat
    /// or until changed again).
    pub first: Vec<(Theater, Faction)>,
    /// Factions that may not play a card of a theater in a combat round: (faction, theater,
    /// round).
    pub bans: Vec<(Faction, Theater, u32)>,
    /// Effects that act at the end of the combat round: (faction, effect).
    pub later: Vec<(Faction, AdvancedBespoke)>,
    /// Choices waiting, the first one asked now.
    pub pending: Vec<Pending>,
    /// How many of the current attack's dice are green (the last ones).
    pub green: u8,
    /// Whether the attacking side used its leader reroll in this attack.
    pub reroll_used: bool,
    /// Dice already rerolled in this attack.
    pub rerolled: Vec<u8>,
    /// Where the cards stood when a retreat interrupted them (Escape Plan): the combat goes
    /// back there once the retreat is done.
    pub resume: Option<super::Step>,
    /// Who rolled at least one die in each theater's battle this combat round: their
    /// structures are not destroyed for standing alone (Rise of the Empire, Destroying and
    /// moving structures).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rolled: Vec<(Faction, Theater)>,
    /// Factions that retreated in the current combat round (Rogue One counts a retreat of its
    /// own round only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub retreated_this_round: Vec<Faction>,
}

impl CineCombat {
    /// Who attacks first in a battle of theater `t` (the current player unless a card said
    /// otherwise).
    pub fn first_attacker(&self, attacker: Faction, t: Theater) -> Faction {
        self.first.iter().rev().find(|(th, _)| *th == t).map(|(_, f)| *f).unwrap_or(attacker)
    }
    /// Whether a faction may not play a card of theater `t` in combat round `round`.
    pub fn banned(&self, f: Faction, t: Theater, round: u32) -> bool {
        self.bans.contains(&(f, t, round))
    }
}
