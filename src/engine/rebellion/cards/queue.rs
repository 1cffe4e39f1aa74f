//! Effects on build queues: putting units on them.

use serde::{Deserialize, Serialize};

use super::run::{CardRun, Next};
use crate::content::*;
use crate::engine::rebellion::action::Action;
use crate::engine::rebellion::error::RuleError;
use crate::engine::rebellion::flow::{Ctx, Decision};
use crate::engine::rebellion::refresh;
use crate::engine::rebellion::state::State;

/// A queue-family effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "op", deny_unknown_fields)]
pub enum Op {
    /// Puts a unit from the card faction's supply on a space (1–3) of its build queue.
    QueueUnit {
        /// The unit type.
        unit: UnitId,
        /// The queue space.
        space: u8,
    },
}

/// A queue-family choice in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {}

/// Whether the effect would do anything now.
pub fn can(s: &State, run: &CardRun, op: &Op) -> bool {
    match op {
        Op::QueueUnit { unit, .. } => s.supply.get(run.faction).count(*unit) > 0,
    }
}

/// Carries out the effect.
pub fn start(ctx: &mut Ctx, run: &mut CardRun, op: Op) -> Next {
    match op {
        Op::QueueUnit { unit, space } => refresh::queue(ctx, run.faction, unit, space),
    }
    Next::Done
}

/// The choice the effect waits for.
pub fn decision(_s: &State, _run: &CardRun, p: &Pending) -> Option<Decision> {
    match *p {}
}

/// Applies the answer to the choice.
pub fn act(_ctx: &mut Ctx, _run: &mut CardRun, p: Pending, _a: Action) -> Result<Next, RuleError> {
    match p {}
}
