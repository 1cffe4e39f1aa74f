//! Effects on target markers (Rise of the Empire): a card puts its marker in its system or in
//! systems a player picks, or removes markers there; and what the objectives that place
//! markers do while in play (reputation, Rebel Cell's trade). The markers' rules — who takes
//! them, what removing one does — live in `engine::rebellion::targets`, the objectives in play
//! in `engine::rebellion::in_play`.

use serde::{Deserialize, Serialize};

pub use super::pending::Picker;
pub use super::pending::TargetsPending as Pending;
use crate::content::*;
use crate::engine::rebellion::action::{Action, Pick};
use crate::engine::rebellion::cards::CardRef;
use crate::engine::rebellion::cards::ability::CardRun;
use crate::engine::rebellion::cards::next::Next;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::error::{RuleError, illegal};
use crate::engine::rebellion::frame::Decision;
use crate::engine::rebellion::mission::system_ok;
use crate::engine::rebellion::rise_of_the_empire::targets::{self, MarkerCard, TargetMarker};
use crate::engine::rebellion::state::State;
use crate::engine::rebellion::victory;

/// A targets-family effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "op", deny_unknown_fields)]
pub enum Op {
    /// Put this card's target marker in this system.
    PlaceTarget,
    /// Remove one target marker in this system (the card's player picks when there are
    /// several); the placing card's removal effects follow.
    RemoveTarget,
    /// Remove every target marker in this system.
    RemoveTargetsHere,
    /// Put this card's target markers in `count` different systems meeting `conditions`,
    /// picked one at a time by `by` (a system already holding one is not offered).
    PlaceTargets {
        /// How many markers.
        count: u8,
        /// Who picks the systems.
        by: Picker,
        /// What each system must be (a destroyed system never is).
        #[serde(default)]
        conditions: Vec<TargetCondition>,
    },
    /// Reveal the Rebel base and put this card's target marker in its system.
    PlaceTargetAtBase,
    /// The card's player gains reputation.
    GainReputation {
        /// How much.
        amount: u8,
    },
    /// The Rebels may discard one objective card from their hand to gain reputation (always
    /// asked: the hand is secret).
    TradeObjective {
        /// The reputation gained.
        reputation: u8,
    },
}

/// The marker card of the card being used (an action card places none).
fn marker_card(card: CardRef) -> Option<MarkerCard> {
    match card {
        CardRef::Mission(m) => Some(MarkerCard::Mission(m)),
        CardRef::Objective(o) => Some(MarkerCard::Objective(o)),
        CardRef::Action(_) => None,
    }
}

fn here(s: &State, run: &CardRun) -> Vec<TargetMarker> {
    match run.system() {
        Some(sys) => s.targets.in_system(sys).copied().collect(),
        None => vec![],
    }
}

/// The answer that picks a marker (by its card).
pub fn pick(m: &TargetMarker) -> Action {
    Action::Pick(match m.card {
        MarkerCard::Mission(card) => Pick::Mission { card },
        MarkerCard::Objective(card) => Pick::Objective { card },
    })
}

/// The systems a marker of this card may go to now.
fn open_systems(s: &State, card: Option<MarkerCard>, conditions: &[TargetCondition]) -> Vec<SystemId> {
    let Some(card) = card else { return vec![] };
    SystemId::all()
        .filter(|&sys| !s.sys(sys).destroyed)
        .filter(|&sys| conditions.iter().all(|c| system_ok(s, sys, c)))
        .filter(|&sys| !s.targets.in_system(sys).any(|m| m.card == card))
        .collect()
}

/// The faction that picks.
fn picker(run: &CardRun, by: Picker) -> Faction {
    match by {
        Picker::Owner => run.faction,
        Picker::Opponent => run.faction.opponent(),
    }
}

/// Whether the effect would do anything now.
pub fn can(s: &State, run: &CardRun, op: &Op) -> bool {
    match op {
        Op::PlaceTarget => run.system().is_some() && marker_card(run.card).is_some(),
        Op::RemoveTarget | Op::RemoveTargetsHere => !here(s, run).is_empty(),
        Op::PlaceTargets { conditions, .. } => !open_systems(s, marker_card(run.card), conditions).is_empty(),
        // Where the base is stays secret until this reveals it; there always is one.
        Op::PlaceTargetAtBase => marker_card(run.card).is_some(),
        Op::GainReputation { .. } | Op::TradeObjective { .. } => true,
    }
}

/// Carries out the effect.
pub fn start(ctx: &mut Ctx, run: &mut CardRun, op: Op) -> Next {
    match op {
        Op::PlaceTarget | Op::RemoveTarget | Op::RemoveTargetsHere => start_here(ctx, run, op),
        Op::PlaceTargets { count, by, conditions } => place_next(ctx.s, run, count, by, conditions),
        Op::PlaceTargetAtBase => {
            victory::reveal_base(ctx);
            if let (Some(card), Some(sys)) = (marker_card(run.card), ctx.s.base.system) {
                targets::place(ctx, card, sys);
            }
            Next::Done
        }
        Op::GainReputation { amount } => {
            victory::gain_reputation(ctx, amount);
            Next::Done
        }
        Op::TradeObjective { reputation } => {
            Next::Wait(crate::engine::rebellion::cards::Pending::Targets(Pending::Trade { reputation }))
        }
    }
}

/// Carries out an effect on this system's markers.
fn start_here(ctx: &mut Ctx, run: &mut CardRun, op: Op) -> Next {
    let Some(sys) = run.system() else { return Next::Done };
    let why = format!("removed by {}", run.card.name());
    match op {
        Op::PlaceTarget => {
            if let Some(card) = marker_card(run.card) {
                targets::place(ctx, card, sys);
            }
            Next::Done
        }
        Op::RemoveTarget => match here(ctx.s, run).as_slice() {
            [] => Next::Done,
            [only] => {
                targets::remove(ctx, *only, &why);
                Next::Done
            }
            _ => Next::Wait(crate::engine::rebellion::cards::Pending::Targets(Pending::PickMarker)),
        },
        Op::RemoveTargetsHere => {
            targets::remove_all_in(ctx, sys, &why);
            Next::Done
        }
        _ => Next::Done,
    }
}

/// Asks for the next marker's system, or ends when none is left to place or no system fits.
fn place_next(s: &State, run: &CardRun, left: u8, by: Picker, conditions: Vec<TargetCondition>) -> Next {
    if left == 0 || open_systems(s, marker_card(run.card), &conditions).is_empty() {
        return Next::Done;
    }
    Next::Wait(crate::engine::rebellion::cards::Pending::Targets(Pending::PlaceIn { left, by, conditions }))
}

/// The objectives the Rebels may discard, each once.
fn hand_objectives(s: &State) -> Vec<ObjectiveId> {
    let mut out: Vec<ObjectiveId> = vec![];
    for &o in &s.hands.rebel.objectives {
        if !out.contains(&o) {
            out.push(o);
        }
    }
    out
}

/// The choice the effect waits for.
pub fn decision(s: &State, run: &CardRun, p: &Pending) -> Option<Decision> {
    match p {
        Pending::PickMarker => {
            let actions: Vec<Action> = here(s, run).iter().map(pick).collect();
            if actions.is_empty() {
                return None;
            }
            Some(run.ask(run.faction, actions, "pick the target marker to remove (by its card)"))
        }
        Pending::PlaceIn { left, by, conditions } => {
            let actions: Vec<Action> = open_systems(s, marker_card(run.card), conditions)
                .into_iter()
                .map(|system| Action::Pick(Pick::System { system }))
                .collect();
            if actions.is_empty() {
                return None;
            }
            Some(run.ask(
                picker(run, *by),
                actions,
                format!("pick the system of a target marker ({left} to place)"),
            ))
        }
        Pending::Trade { reputation } => {
            let mut actions: Vec<Action> =
                hand_objectives(s).into_iter().map(|card| Action::Pick(Pick::Objective { card })).collect();
            actions.push(Action::Done);
            let what =
                format!("you may discard an objective card from your hand to gain {reputation} reputation");
            // Whether the Rebels hold a card to trade is theirs to know.
            Some(run.ask(Faction::Rebel, actions, what).always_asked(true))
        }
    }
}

/// Why an answer is not one of the options, naming the rule.
pub fn explain(s: &State, run: &CardRun, p: &Pending, a: &Action) -> RuleError {
    match (p, a) {
        (Pending::PickMarker, Action::Pick(_)) if !here(s, run).iter().any(|m| pick(m) == *a) => {
            illegal("Target Markers", "that card has no target marker in this system")
        }
        (Pending::PlaceIn { conditions, .. }, Action::Pick(Pick::System { system }))
            if !open_systems(s, marker_card(run.card), conditions).contains(system) =>
        {
            illegal(
                "Target Markers",
                format!("{} cannot take a target marker of {} now", system.name(), run.card.name()),
            )
        }
        (Pending::Trade { .. }, Action::Pick(Pick::Objective { card }))
            if !s.hands.rebel.objectives.contains(card) =>
        {
            illegal("Objective Cards", format!("{} is not in the Rebel hand", card.name()))
        }
        (_, a) => run.wrong(a),
    }
}

/// Applies the answer to the choice.
pub fn act(ctx: &mut Ctx, run: &mut CardRun, p: Pending, a: Action) -> Result<Next, RuleError> {
    match (p, a) {
        (Pending::PickMarker, a) => {
            let Some(m) = here(ctx.s, run).into_iter().find(|m| pick(m) == a) else {
                return Err(explain(ctx.s, run, &Pending::PickMarker, &a));
            };
            targets::remove(ctx, m, &format!("removed by {}", run.card.name()));
            Ok(Next::Done)
        }
        (Pending::PlaceIn { left, by, conditions }, Action::Pick(Pick::System { system }))
            if open_systems(ctx.s, marker_card(run.card), &conditions).contains(&system) =>
        {
            if let Some(card) = marker_card(run.card) {
                targets::place(ctx, card, system);
            }
            Ok(place_next(ctx.s, run, left - 1, by, conditions))
        }
        (Pending::Trade { reputation }, Action::Pick(Pick::Objective { card }))
            if ctx.s.hands.rebel.objectives.contains(&card) =>
        {
            crate::engine::rebellion::cards::decks::discard_from_hand(ctx, card);
            victory::gain_reputation(ctx, reputation);
            Ok(Next::Done)
        }
        (Pending::Trade { .. }, Action::Done) => Ok(Next::Done),
        (p, a) => Err(explain(ctx.s, run, &p, &a)),
    }
}
