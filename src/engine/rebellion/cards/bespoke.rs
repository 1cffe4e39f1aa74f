//! The few card abilities no effect family fits, each a small named function.

use serde::{Deserialize, Serialize};

use super::run::{CardRun, Next};
use crate::engine::rebellion::action::Action;
use crate::engine::rebellion::error::RuleError;
use crate::engine::rebellion::flow::{Ctx, Decision, Frame};
use crate::engine::rebellion::state::State;

/// A bespoke ability, by card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "op", deny_unknown_fields)]
pub enum Op {
    /// Rapid Mobilization: the choice waits for the end of the Command Phase (`mobilize.rs`).
    RapidMobilization,
}

/// A bespoke card's choice in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {}

/// Whether the ability would do anything now.
pub fn can(_s: &State, _run: &CardRun, op: &Op) -> bool {
    match op {
        Op::RapidMobilization => true,
    }
}

/// Carries out the ability.
pub fn start(ctx: &mut Ctx, run: &mut CardRun, op: Op) -> Next {
    match op {
        Op::RapidMobilization => rapid_mobilization(ctx, run),
    }
}

/// Rapid Mobilization records itself on the Command Phase; the Rebels choose at its end.
fn rapid_mobilization(ctx: &mut Ctx, run: &CardRun) -> Next {
    for f in ctx.s.stack.iter_mut().rev() {
        if let Frame::Command(c) = f {
            c.mobilizations.push(run.leaders.len() as u8);
            break;
        }
    }
    ctx.note("Rapid Mobilization will be resolved at the end of the Command Phase");
    Next::Done
}

/// The choice the ability waits for.
pub fn decision(_s: &State, _run: &CardRun, p: &Pending) -> Option<Decision> {
    match *p {}
}

/// Applies the answer to the choice.
pub fn act(_ctx: &mut Ctx, _run: &mut CardRun, p: Pending, _a: Action) -> Result<Next, RuleError> {
    match p {}
}
