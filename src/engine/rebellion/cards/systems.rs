//! Effects on systems: loyalty and sabotage markers.

use serde::{Deserialize, Serialize};

use super::run::{CardRun, Next};
use crate::engine::rebellion::action::Action;
use crate::engine::rebellion::error::RuleError;
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::flow::{Ctx, Decision};
use crate::engine::rebellion::loyalty;
use crate::engine::rebellion::state::State;

/// A systems-family effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "op", deny_unknown_fields)]
pub enum Op {
    /// The card's faction gains `amount` (1 or 2) loyalty in this system.
    GainLoyalty {
        /// 1 or 2.
        amount: u8,
    },
    /// Put a sabotage marker in this system (at most one).
    PlaceSabotage,
    /// Take the sabotage marker off this system.
    RemoveSabotage,
}

/// A systems-family choice in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {}

/// Whether the effect would do anything now.
pub fn can(s: &State, run: &CardRun, op: &Op) -> bool {
    let Some(sys) = run.system() else { return false };
    match op {
        Op::GainLoyalty { .. } => true,
        Op::PlaceSabotage => !s.sys(sys).sabotaged,
        Op::RemoveSabotage => s.sys(sys).sabotaged,
    }
}

/// Carries out the effect.
pub fn start(ctx: &mut Ctx, run: &mut CardRun, op: Op) -> Next {
    let Some(sys) = run.system() else { return Next::Done };
    match op {
        Op::GainLoyalty { amount } => loyalty::gain(ctx, run.faction, sys, amount),
        Op::PlaceSabotage | Op::RemoveSabotage => {
            let on = op == Op::PlaceSabotage;
            if ctx.s.sys(sys).sabotaged != on {
                ctx.s.sys_mut(sys).sabotaged = on;
                ctx.public(EventKind::Sabotage { system: sys, sabotaged: on });
            }
        }
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
