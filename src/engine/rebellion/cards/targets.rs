//! Effects on target markers (Rise of the Empire): a card puts its marker in its system, or
//! removes markers there. The markers' rules — who takes them, what removing one does — live in
//! `engine::rebellion::targets`.

use serde::{Deserialize, Serialize};

use super::CardRef;
use super::run::{CardRun, Next};
use crate::engine::rebellion::action::{Action, Pick};
use crate::engine::rebellion::error::{RuleError, illegal};
use crate::engine::rebellion::flow::{Ctx, Decision};
use crate::engine::rebellion::state::State;
use crate::engine::rebellion::targets::{self, MarkerCard, TargetMarker};

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
}

/// A targets-family choice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {
    /// Which marker of this system to remove.
    PickMarker,
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

fn pick(m: &TargetMarker) -> Action {
    Action::Pick(match m.card {
        MarkerCard::Mission(card) => Pick::Mission { card },
        MarkerCard::Objective(card) => Pick::Objective { card },
    })
}

/// Whether the effect would do anything now.
pub fn can(s: &State, run: &CardRun, op: &Op) -> bool {
    match op {
        Op::PlaceTarget => run.system().is_some() && marker_card(run.card).is_some(),
        Op::RemoveTarget | Op::RemoveTargetsHere => !here(s, run).is_empty(),
    }
}

/// Carries out the effect.
pub fn start(ctx: &mut Ctx, run: &mut CardRun, op: Op) -> Next {
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
            _ => Next::Wait(super::Pending::Targets(Pending::PickMarker)),
        },
        Op::RemoveTargetsHere => {
            targets::remove_all_in(ctx, sys, &why);
            Next::Done
        }
    }
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
    }
}

/// Why an answer is not one of the options, naming the rule.
pub fn explain(s: &State, run: &CardRun, p: &Pending, a: &Action) -> RuleError {
    match (p, a) {
        (Pending::PickMarker, Action::Pick(_)) if !here(s, run).iter().any(|m| pick(m) == *a) => {
            illegal("Target Markers", "that card has no target marker in this system")
        }
        (_, a) => run.wrong(a),
    }
}

/// Applies the answer to the choice.
pub fn act(ctx: &mut Ctx, run: &mut CardRun, p: Pending, a: Action) -> Result<Next, RuleError> {
    match p {
        Pending::PickMarker => {
            let Some(m) = here(ctx.s, run).into_iter().find(|m| pick(m) == a) else {
                return Err(explain(ctx.s, run, &Pending::PickMarker, &a));
            };
            targets::remove(ctx, m, &format!("removed by {}", run.card.name()));
            Ok(Next::Done)
        }
    }
}
