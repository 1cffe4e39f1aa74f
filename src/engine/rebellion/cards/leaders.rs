//! Effects on leaders: capturing.

use serde::{Deserialize, Serialize};

use super::run::{CardRun, Next};
use crate::engine::rebellion::action::Action;
use crate::engine::rebellion::error::RuleError;
use crate::engine::rebellion::flow::{Ctx, Decision};
use crate::engine::rebellion::state::State;
use crate::engine::rebellion::victory;

/// A leaders-family effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "op", deny_unknown_fields)]
pub enum Op {
    /// Capture the leader the mission was attempted against.
    CaptureTarget,
}

/// A leaders-family choice in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {}

/// Whether the effect would do anything now.
pub fn can(s: &State, run: &CardRun, op: &Op) -> bool {
    match op {
        Op::CaptureTarget => run.target.is_some_and(|l| !s.is_captured(l)),
    }
}

/// Carries out the effect.
pub fn start(ctx: &mut Ctx, run: &mut CardRun, op: Op) -> Next {
    match op {
        Op::CaptureTarget => {
            if let Some(l) = run.target {
                victory::capture(ctx, l);
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
