//! Combat: add leaders, draw tactic cards, space and ground battles, retreat, next round.
//! (Interface skeleton — the full implementation replaces this file.)

use serde::{Deserialize, Serialize};

use super::action::Action;
use super::error::RuleError;
use super::flow::{Ctx, Decision, Frame, Frames};
use super::state::{Place, State};
use crate::content::*;

/// One combat in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combat {
    /// Where it is fought.
    pub place: Place,
    /// The current player (who moved in).
    pub attacker: Faction,
    /// Systems the attacker moved units from (the defender may not retreat there).
    pub origins: Vec<SystemId>,
}

/// Whether both factions have units in the same theater in a place (so combat happens).
pub fn needed(s: &State, place: Place) -> bool {
    let z = s.zone(place);
    [Theater::Space, Theater::Ground]
        .iter()
        .any(|&t| z.units.rebel.has_theater(t) && z.units.empire.has_theater(t))
}

/// Starts a combat; returns its frame.
pub fn start(_ctx: &mut Ctx, place: Place, attacker: Faction, origins: Vec<SystemId>) -> Frame {
    Frame::Combat(Box::new(Combat { place, attacker, origins }))
}

/// The decision the combat waits for.
pub fn decision(_s: &State, _c: &Combat) -> Option<Decision> {
    None
}

/// Applies a combat decision.
pub fn act(_ctx: &mut Ctx, c: Combat, _a: Action) -> Result<Frames, RuleError> {
    Ok(vec![Frame::Combat(Box::new(c))])
}

/// Runs the combat's automatic steps.
pub fn auto(_ctx: &mut Ctx, _c: Combat) -> Frames {
    vec![]
}
