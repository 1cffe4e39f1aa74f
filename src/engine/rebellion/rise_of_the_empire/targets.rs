//! Rise of the Empire's target markers: a card (a mission or an objective) puts its marker in a
//! system; the marker stays, public to both players, until its taker (the side the card works
//! against, unless the card says otherwise) holds the system on the ground alone, the system is
//! destroyed, or a card removes it. What removing one does is declared on the placing card
//! (`on_target_removed`), run by its owner. The objectives that placed markers stay in play
//! beside them (`in_play`).
//!
//! The flow calls [`step`] between its automatic steps (`flow::advance`); with no marker on the
//! board it does nothing, so a match without the expansion never changes.

use serde::{Deserialize, Serialize};

use crate::content::*;
use crate::engine::rebellion::cards::{self, CardRef, CardRun, Effect};
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::frame::Frame;
pub use crate::engine::rebellion::rise_of_the_empire::records::{MarkerCard, TargetMarker, TargetMarkers};
use crate::engine::rebellion::state::{Place, State};

impl MarkerCard {
    /// The card's printed name.
    pub fn name(self) -> &'static str {
        match self {
            MarkerCard::Mission(m) => m.name(),
            MarkerCard::Objective(o) => o.name(),
        }
    }
    /// The faction whose card it is (objectives are the Rebels').
    pub fn owner(self) -> Faction {
        match self {
            MarkerCard::Mission(m) => catalog().mission(m).faction,
            MarkerCard::Objective(_) => Faction::Rebel,
        }
    }
    /// The card an ability of it runs as.
    pub fn card_ref(self) -> CardRef {
        match self {
            MarkerCard::Mission(m) => CardRef::Mission(m),
            MarkerCard::Objective(o) => CardRef::Objective(o),
        }
    }
    /// What removing its marker does, as the card declares.
    fn on_removed(self) -> Vec<Effect> {
        match self {
            MarkerCard::Mission(m) => cards::mission_behavior(m).on_target_removed.clone(),
            MarkerCard::Objective(o) => cards::objective_behavior(o).on_target_removed.clone(),
        }
    }
    /// Whether the card declares this rule while its marker is on the board.
    fn declares(self, rule: TargetRule) -> bool {
        match self {
            MarkerCard::Mission(m) => cards::mission_behavior(m).while_target.contains(&rule),
            MarkerCard::Objective(o) => cards::objective_behavior(o).while_target.contains(&rule),
        }
    }
    /// The side that takes its markers: the one the card works against, unless the card says
    /// otherwise (Raid Outposts' markers are the Rebels' to raid).
    pub fn taker(self) -> Faction {
        match self {
            MarkerCard::Mission(m) => catalog().mission(m).faction.opponent(),
            MarkerCard::Objective(o) => {
                cards::objective_behavior(o).markers_taken_by.unwrap_or(Faction::Empire)
            }
        }
    }
}

/// What a card's marker forbids while it stays on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TargetRule {
    /// The Rebels may not play a Death Star Plans objective (Secure the Plans).
    ForbidDeathStarPlans,
    /// The marker leaves the board when the Rebels establish a new base (Show No Fear).
    LeavesWithBase,
}

/// Puts a card's marker in a system, for everyone to see.
pub fn place(ctx: &mut Ctx, card: MarkerCard, system: SystemId) {
    ctx.s.targets.placed.push(TargetMarker { card, system });
    ctx.note(format_args!("{} puts its target marker in {}", card.name(), system.name()));
}

/// Removes one marker (if on the board); its card's removal effects run next (`step`).
pub fn remove(ctx: &mut Ctx, marker: TargetMarker, why: &str) {
    let t = &mut ctx.s.targets;
    let Some(i) = t.placed.iter().position(|m| *m == marker) else { return };
    t.placed.remove(i);
    t.removed.push(marker);
    ctx.note(format_args!(
        "the target marker of {} leaves {} ({why})",
        marker.card.name(),
        marker.system.name()
    ));
}

/// Removes every marker in a system (a destroyed system, Single Reactor Ignition).
pub fn remove_all_in(ctx: &mut Ctx, sys: SystemId, why: &str) {
    let here: Vec<TargetMarker> = ctx.s.targets.in_system(sys).copied().collect();
    for m in here {
        remove(ctx, m, why);
    }
}

/// Whether a marker on the board forbids this now (public: markers are on the board).
pub fn forbids(s: &State, rule: TargetRule) -> bool {
    s.targets.placed.iter().any(|m| m.card.declares(rule))
}

/// Whether the frames under way are all between turns: no activation, mission, combat, card
/// ability or other step is being resolved.
fn quiet(s: &State) -> bool {
    s.stack.iter().all(|f| matches!(f, Frame::Assignment(_) | Frame::Command(_) | Frame::Refresh(_)))
}

/// A marker its taker may take: it has a ground unit there and the other side has none.
fn taken(s: &State) -> Option<TargetMarker> {
    s.targets.placed.iter().copied().find(|m| {
        // Which side alone holds the ground there, before whose marker it is (a lookup in the
        // card's behaviour): asked between every two automatic steps.
        let p = Place::System(m.system);
        match (s.has_ground(p, Faction::Rebel), s.has_ground(p, Faction::Empire)) {
            (true, false) => m.card.taker() == Faction::Rebel,
            (false, true) => m.card.taker() == Faction::Empire,
            _ => false,
        }
    })
}

/// A marker that leaves with the base once the Rebels have established a new one elsewhere.
fn left_behind(s: &State) -> Option<TargetMarker> {
    s.targets
        .placed
        .iter()
        .copied()
        // The system first: asked between every two automatic steps, and a card's rules are
        // a lookup in its behaviour.
        .find(|m| s.base.system != Some(m.system) && m.card.declares(TargetRule::LeavesWithBase))
}

/// One step of the markers' upkeep, called by the flow between automatic steps; `true` when it
/// changed something. First the removal effects of a removed marker start (on top of whatever
/// removed it: they happen as it goes). Then a marker whose system the other side holds on the
/// ground alone is removed — only once moves and combats are over (`quiet`): a marker is taken
/// by holding the system, not by passing through it mid-activation or by the state of a
/// battle still being fought, and units a card brings in are followed by that card's combat.
/// Taking it is automatic: the side that takes it is the one the card works against, so
/// removing it is always in its favour and asking would only slow the game.
pub fn step(ctx: &mut Ctx) -> bool {
    // Rise of the Empire's objectives in play come and go with their markers.
    if super::in_play::step(ctx) {
        return true;
    }
    if ctx.s.targets.is_empty() {
        return false;
    }
    if !ctx.s.targets.removed.is_empty() {
        let m = ctx.s.targets.removed.remove(0);
        let effects = m.card.on_removed();
        if !effects.is_empty() {
            let mut run = CardRun::new(m.card.card_ref(), m.card.owner(), effects);
            run.here = Some(Place::System(m.system));
            ctx.s.stack.push(Frame::Card(Box::new(run)));
        }
        return true;
    }
    if let Some(m) = left_behind(ctx.s) {
        remove(ctx, m, "the Rebels established a new base");
        return true;
    }
    if quiet(ctx.s)
        && let Some(m) = taken(ctx.s)
    {
        remove(ctx, m, "the other side holds the system on the ground");
        return true;
    }
    false
}
