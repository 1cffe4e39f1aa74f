//! One card ability being carried out, as data: the card run a `Frame::Card` holds, the
//! choice it waits for (each effect family's pending choice) and the options of a
//! `choose_one`. The executor that runs it is `run.rs`.

use serde::{Deserialize, Serialize};

use super::{
    CardRef, Effect, bespoke, combat, decks, intel, leaders, missions, placement, queue, rise_of_the_empire,
    systems, units,
};
use crate::content::*;
use crate::engine::rebellion::pieces::Place;

/// One card ability being carried out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardRun {
    /// The card.
    pub card: CardRef,
    /// Who uses it ("you" on the card).
    pub faction: Faction,
    /// The place the ability happens in ("this system"); effects that choose a system (placing
    /// a leader) set it for the effects after them.
    pub here: Option<Place>,
    /// The leaders using it (a mission's assigned leaders, an action card's leader).
    pub leaders: Vec<LeaderId>,
    /// The leader a mission is attempted against.
    pub target: Option<LeaderId>,
    /// Effects still to carry out, first first.
    pub effects: Vec<Effect>,
    /// The choice the current effect waits for.
    pub pending: Option<Pending>,
    /// Leaders this ability rescued (It Is Your Destiny answers a rescue).
    #[serde(default)]
    pub rescued: Vec<LeaderId>,
    /// The mission's successes beyond the opponent's, for a card that works with them (Rise of
    /// the Empire: Assault, Plant Explosives).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub margin: Option<u32>,
}

/// A choice an effect waits for, by family.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {
    /// A systems-family choice.
    Systems(systems::Pending),
    /// A units-family choice.
    Units(units::Pending),
    /// A queue-family choice.
    Queue(queue::Pending),
    /// An intel-family choice.
    Intel(intel::Pending),
    /// A decks-family choice.
    Decks(decks::Pending),
    /// A leaders-family choice.
    Leaders(leaders::Pending),
    /// A combat-family choice.
    Combat(combat::Pending),
    /// A missions-family choice.
    Missions(missions::Pending),
    /// A placement-family choice.
    Placement(placement::Pending),
    /// A bespoke card's choice.
    Bespoke(bespoke::Pending),
    /// Which option of a `choose_one` to carry out.
    Choose {
        /// The options.
        options: Vec<ChoiceOption>,
    },
    /// A targets-family choice.
    Targets(rise_of_the_empire::pending::TargetsPending),
    /// A recruits-family choice.
    Recruits(rise_of_the_empire::pending::RecruitsPending),
    /// A hands-family choice.
    Hands(rise_of_the_empire::pending::HandsPending),
    /// A choice of the expansion's end-of-combat action cards.
    RoteActions(rise_of_the_empire::pending::ActionsPending),
    /// A choice of the expansion's probe-keeping action cards.
    RoteProbes(rise_of_the_empire::pending::ProbesPending),
}

/// One option of a `choose_one` effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChoiceOption {
    /// What the option does, in our words (shown to the player).
    pub label: String,
    /// Conditions the ability's system must meet for the option to be offered.
    #[serde(default)]
    pub requires: Vec<TargetCondition>,
    /// Its effects.
    pub effects: Vec<Effect>,
}

/// Effects about the effect list itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "op", deny_unknown_fields)]
pub enum Control {
    /// The player picks one option (`mode N`) and its effects are carried out.
    ChooseOne {
        /// The options, in the card's order.
        options: Vec<ChoiceOption>,
    },
}
