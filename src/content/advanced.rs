//! Rise of the Empire's advanced tactic cards (cinematic combat): their file, their typed
//! abilities, and the checks on them.
//!
//! Each card has a top and a bottom ability, each a list of typed operations that one executor
//! runs (`engine::rebellion::combat::cinematic`); the few effects that fit no operation are
//! named [`AdvancedBespoke`] functions.

use serde::{Deserialize, Serialize};

use super::defs::{DieColor, Faction, Theater, UnitClass};
use super::error::ContentError;
use super::ids::UnitId;

/// Cards per faction and theater (Rise of the Empire: 8 of each, 32 in all).
pub const ADVANCED_PER_DECK: usize = 8;

/// One advanced tactic card.
#[derive(Clone, Debug)]
pub struct AdvancedTacticDef {
    /// Asset id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Whose deck it is in.
    pub faction: Faction,
    /// The battle it is played before.
    pub theater: Theater,
    /// The top ability (it may need a unit type in the system).
    pub top: Ability,
    /// The bottom ability.
    pub bottom: Ability,
    /// Where the reference is unsure, the reading chosen (shown nowhere in play).
    pub uncertain: Option<String>,
}

/// One ability of an advanced tactic card.
#[derive(Clone, Debug)]
pub struct Ability {
    /// A unit type its owner must have in the combat to use it.
    pub needs: Option<UnitId>,
    /// A condition the board must meet for it to do anything.
    pub when: Option<AbilityCondition>,
    /// What it does, in order.
    pub ops: Vec<AdvancedOp<UnitId>>,
    /// Its effect in words, for prompts.
    pub text: String,
}

/// A condition on an ability.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "if")]
pub enum AbilityCondition {
    /// The player has more fighters in the combat than the opponent.
    MoreFighters,
    /// No unit of this type (of either side) is in the combat.
    Absent {
        /// The unit type.
        unit: UnitId,
    },
}

/// What an ability does: one typed operation. `U` is how a unit type is named (a string in
/// the file, a [`UnitId`] once loaded).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "op", deny_unknown_fields)]
pub enum AdvancedOp<U> {
    /// Deal damage to enemy units of the card's theater, the player choosing where each point
    /// goes (all on one unit when `one_unit`).
    Deal {
        /// Damage points.
        amount: u8,
        /// Only units whose health is this colour.
        #[serde(default)]
        color: Option<DieColor>,
        /// Every point on one unit.
        #[serde(default)]
        one_unit: bool,
        /// Only these unit types (any when empty).
        #[serde(default)]
        units: Vec<U>,
        /// Only units of these classes (any when empty).
        #[serde(default)]
        classes: Vec<UnitClass>,
        /// The unit hit may not remove damage for the rest of the round of battle.
        #[serde(default)]
        lock: bool,
    },
    /// The opponent's next attack this round loses dice: red and black dice showing a hit or
    /// direct hit, and dice showing a special.
    Prevent {
        /// Red dice removed.
        #[serde(default)]
        red: u8,
        /// Black dice removed.
        #[serde(default)]
        black: u8,
        /// Special dice removed.
        #[serde(default)]
        special: u8,
    },
    /// Destroy one enemy unit (the player's choice): it rolls no dice this round.
    Destroy {
        /// The theater of the unit (the card's when absent).
        #[serde(default)]
        theater: Option<Theater>,
        /// Only these unit types (any when empty).
        #[serde(default)]
        units: Vec<U>,
        /// Only units of these classes (any when empty).
        #[serde(default)]
        classes: Vec<UnitClass>,
    },
    /// Cancel the opponent's card (unless it is an extra card).
    Cancel,
    /// The player may play one more card of the theater (it can neither cancel nor be
    /// cancelled).
    ExtraCard,
    /// The opponent may not play a card of this theater in the next combat round.
    BanNextRound,
    /// The opponent's units of this theater may not spend specials to remove damage this round.
    NoRepair,
    /// For the rest of the combat the opponent attacks first in battles of this theater.
    OpponentAttacksFirst,
    /// Take one unit of these types (the player's choice) from the supply into the combat.
    Gain {
        /// The unit types offered.
        units: Vec<U>,
    },
    /// After the opponent assigns damage this round, remove up to `amount` of it from own
    /// units of this theater.
    Shield {
        /// Damage removed at most.
        amount: u8,
        /// Unit types that cannot be spared.
        #[serde(default)]
        except_units: Vec<U>,
    },
    /// After the opponent assigns damage this round, move up to `amount` of it from other own
    /// units of this theater onto one unit of type `onto`.
    Redirect {
        /// Damage moved at most.
        amount: u8,
        /// The unit type that takes it.
        onto: U,
    },
    /// An effect with a named function of its own.
    Bespoke {
        /// Which one.
        name: AdvancedBespoke,
    },
}

/// The advanced tactic effects that fit no operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AdvancedBespoke {
    /// At the end of the combat round, capture a Rebel leader here if the Empire's Star
    /// Destroyer stayed and no Rebel ship did.
    TractorBeam,
    /// If a unit retreats this round, rescue a leader captured here.
    RogueOne,
    /// Retreat now; if so, the Imperial card is cancelled.
    EscapePlan,
    /// If the Empire's last ground unit here is destroyed this round, mark an Imperial leader
    /// here for elimination at the end of the Command Phase; the card leaves the game.
    Confrontation,
}

impl<U> AdvancedOp<U> {
    /// The same operation with its unit types named another way.
    fn map<V, E>(self, f: &mut impl FnMut(U) -> Result<V, E>) -> Result<AdvancedOp<V>, E> {
        let mut list = |v: Vec<U>| v.into_iter().map(&mut *f).collect::<Result<Vec<V>, E>>();
        use AdvancedOp::*;
        Ok(match self {
            Deal { amount, color, one_unit, units, classes, lock } => {
                Deal { amount, color, one_unit, units: list(units)?, classes, lock }
            }
            Prevent { red, black, special } => Prevent { red, black, special },
            Destroy { theater, units, classes } => Destroy { theater, units: list(units)?, classes },
            Cancel => Cancel,
            ExtraCard => ExtraCard,
            BanNextRound => BanNextRound,
            NoRepair => NoRepair,
            OpponentAttacksFirst => OpponentAttacksFirst,
            Gain { units } => Gain { units: list(units)? },
            Shield { amount, except_units } => Shield { amount, except_units: list(except_units)? },
            Redirect { amount, onto } => Redirect { amount, onto: f(onto)? },
            Bespoke { name } => Bespoke { name },
        })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[allow(dead_code)]
    note: String,
    #[allow(dead_code)]
    #[serde(default)]
    uncertain: Option<String>,
    cards: Vec<RawCard>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    id: String,
    name: String,
    faction: Faction,
    theater: Theater,
    top: RawAbility,
    bottom: RawAbility,
    #[serde(default)]
    uncertain: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAbility {
    #[serde(default)]
    needs: Option<String>,
    #[serde(default)]
    when: Option<RawCondition>,
    ops: Vec<AdvancedOp<String>>,
    text: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case", tag = "if", deny_unknown_fields)]
enum RawCondition {
    MoreFighters,
    Absent { unit: String },
}

/// Reads the advanced tactic file, naming unit types through `unit(owner, name)`, and checks
/// the decks: unique ids, 8 cards per faction and theater, every ability doing something.
pub(super) fn load(
    file: &'static str,
    text: &str,
    unit: &dyn Fn(&str, &str) -> Result<UnitId, ContentError>,
) -> Result<Vec<AdvancedTacticDef>, ContentError> {
    let raw: RawFile = serde_json::from_str(text).map_err(|source| ContentError::Parse { file, source })?;
    let mut out: Vec<AdvancedTacticDef> = Vec::new();
    for c in raw.cards {
        let owner = format!("advanced tactic card `{}`", c.id);
        if out.iter().any(|d| d.id == c.id) {
            return Err(ContentError::DuplicateId { file, kind: "advanced tactic card", id: c.id });
        }
        let ability = |a: RawAbility| -> Result<Ability, ContentError> {
            if a.ops.is_empty() {
                return Err(ContentError::invalid(file, owner.clone(), "has an ability that does nothing"));
            }
            let needs = a.needs.map(|n| unit(&owner, &n)).transpose()?;
            let when = match a.when {
                None => None,
                Some(RawCondition::MoreFighters) => Some(AbilityCondition::MoreFighters),
                Some(RawCondition::Absent { unit: u }) => {
                    Some(AbilityCondition::Absent { unit: unit(&owner, &u)? })
                }
            };
            let ops = a
                .ops
                .into_iter()
                .map(|op| op.map(&mut |n: String| unit(&owner, &n)))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Ability { needs, when, ops, text: a.text })
        };
        let top = ability(c.top)?;
        let bottom = ability(c.bottom)?;
        out.push(AdvancedTacticDef {
            id: c.id,
            name: c.name,
            faction: c.faction,
            theater: c.theater,
            top,
            bottom,
            uncertain: c.uncertain,
        });
    }
    for f in Faction::BOTH {
        for t in [Theater::Space, Theater::Ground] {
            let n = out.iter().filter(|d| d.faction == f && d.theater == t).count();
            if n != ADVANCED_PER_DECK {
                return Err(ContentError::invalid(
                    file,
                    format!("the {} {} deck", f.name(), if t == Theater::Space { "space" } else { "ground" }),
                    format!("has {n} cards; expected {ADVANCED_PER_DECK}"),
                ));
            }
        }
    }
    Ok(out)
}
