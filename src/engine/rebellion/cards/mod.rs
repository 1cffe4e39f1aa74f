//! Card abilities as declared data.
//!
//! Every mission and action card in `assets/` declares its ability as a list of typed effects
//! (`"effects": [{"op": "gain_loyalty", "amount": 1}, …]`). One executor (`run`) carries them
//! out in order; each effect belongs to a family — one file each, named after what it touches —
//! that knows whether the effect can do anything now (`can`), what it does (`start`), and the
//! choices it waits for (`decision`/`act`). The same declaration therefore decides both when a
//! card may be used and what it does. The few cards no family fits call a small named function
//! in `bespoke`.
//!
//! A newcomer finds a card by its id: its declaration is the `effects` of its entry in
//! `assets/missions.json` or `assets/action_cards.json`, and its test is named after it in the
//! `tests/cards_<family>.rs` file of its family.

pub mod ability;
pub mod actions;
pub mod bespoke;
mod catalog;
pub mod combat;
pub mod decks;
pub mod enemy_units;
pub mod intel;
pub mod leader_moves;
pub mod leaders;
pub mod missions;
pub mod next;
pub mod placement;
pub mod queue;
pub mod queue_moves;
pub mod requirements;
pub mod rise_of_the_empire;
pub mod run;
pub mod systems;
pub mod unit_moves;
pub mod units;

use serde::{Deserialize, Deserializer, Serialize};

pub use ability::{CardRun, ChoiceOption, Control, Pending};
pub use catalog::{
    ActionBehavior, CardError, DiceBonus, DiceCondition, LeaderRule, MissionBehavior, ObjectiveBehavior,
    Opposes, ReturnWhen, Trigger, action_behavior, init, mission_behavior, objective_behavior,
    parse_mission_entry,
};
pub use next::Next;

use crate::content::*;

/// The card an ability comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardRef {
    /// A mission card.
    Mission(MissionId),
    /// An action card.
    Action(ActionCardId),
    /// An objective card (Rise of the Empire: what removing its target marker does, or the
    /// effects carried out when it is scored, as The Long War's).
    Objective(ObjectiveId),
}

impl CardRef {
    /// The card's printed name.
    pub fn name(self) -> &'static str {
        match self {
            CardRef::Mission(m) => m.name(),
            CardRef::Action(a) => a.name(),
            CardRef::Objective(o) => o.name(),
        }
    }
}

/// One declared effect, by family. In JSON an effect is a flat object whose `op` names it;
/// the family is found from the op.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Effect {
    /// Loyalty, sabotage and destroyed-system markers.
    Systems(systems::Op),
    /// Units on the board.
    Units(units::Op),
    /// Build queues.
    Queue(queue::Op),
    /// Probe cards and questions about the base.
    Intel(intel::Op),
    /// Objective, project and mission decks.
    Decks(decks::Op),
    /// Capturing, rescuing and moving leaders; rings.
    Leaders(leaders::Op),
    /// The combat being fought (start-of-combat cards).
    Combat(combat::Op),
    /// The mission or roll being resolved (special cards).
    Missions(missions::Op),
    /// Placing the card's leader, and rings given with a card.
    Placement(placement::Op),
    /// Named functions for the few cards no family fits.
    Bespoke(bespoke::Op),
    /// Control of the effect list itself (choose one of several lists).
    Control(run::Control),
    /// Target markers (Rise of the Empire).
    Targets(rise_of_the_empire::targets::Op),
    /// Leaders recruited into a system, drawn out, sent back or eliminated (Rise of the Empire).
    Recruits(rise_of_the_empire::recruits::Op),
    /// Cards moved between decks, discard piles and hands (Rise of the Empire).
    Hands(rise_of_the_empire::hands::Op),
    /// Rise of the Empire's end-of-combat action cards.
    RoteActions(rise_of_the_empire::actions::Op),
    /// Rise of the Empire's probe cards kept face down by action cards.
    RoteProbes(rise_of_the_empire::probes::Op),
}

impl<'de> Deserialize<'de> for Effect {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let v = serde_json::Value::deserialize(d)?;
        let op = v
            .get("op")
            .and_then(|o| o.as_str())
            .ok_or_else(|| D::Error::custom("an effect needs an `op`"))?;
        // Each family knows its own ops: the first one that does not call the op unknown owns
        // it, and its error (a missing or misspelt field) is the one to report.
        macro_rules! family {
            ($variant:path, $ty:ty) => {
                match serde_json::from_value::<$ty>(v.clone()) {
                    Ok(x) => return Ok($variant(x)),
                    Err(e) if e.to_string().starts_with("unknown variant") => {}
                    Err(e) => return Err(D::Error::custom(format!("op `{op}`: {e}"))),
                }
            };
        }
        family!(Effect::Systems, systems::Op);
        family!(Effect::Units, units::Op);
        family!(Effect::Queue, queue::Op);
        family!(Effect::Intel, intel::Op);
        family!(Effect::Decks, decks::Op);
        family!(Effect::Leaders, leaders::Op);
        family!(Effect::Combat, combat::Op);
        family!(Effect::Missions, missions::Op);
        family!(Effect::Placement, placement::Op);
        family!(Effect::Bespoke, bespoke::Op);
        family!(Effect::Control, run::Control);
        family!(Effect::Targets, rise_of_the_empire::targets::Op);
        family!(Effect::Recruits, rise_of_the_empire::recruits::Op);
        family!(Effect::Hands, rise_of_the_empire::hands::Op);
        family!(Effect::RoteActions, rise_of_the_empire::actions::Op);
        family!(Effect::RoteProbes, rise_of_the_empire::probes::Op);
        Err(D::Error::custom(format!("unknown op `{op}`")))
    }
}
