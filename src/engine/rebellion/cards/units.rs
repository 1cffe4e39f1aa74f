//! Effects on units on the board: gaining them from the supply.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::run::{CardRun, Next};
use crate::content::*;
use crate::engine::rebellion::action::Action;
use crate::engine::rebellion::board;
use crate::engine::rebellion::error::RuleError;
use crate::engine::rebellion::flow::{Ctx, Decision};
use crate::engine::rebellion::state::{Place, State};

/// Where units a card gives are placed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum At {
    /// The ability's system.
    #[default]
    Here,
    /// The "Rebel Base" space (the base's system once revealed).
    RebelBase,
}

/// A units-family effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "op", deny_unknown_fields)]
pub enum Op {
    /// The card's faction gains these units from its supply (as many as it has).
    GainUnits {
        /// Unit type → how many.
        units: BTreeMap<UnitId, u8>,
        /// Where they go.
        #[serde(default)]
        at: At,
    },
}

/// A units-family choice in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {}

fn place(s: &State, run: &CardRun, at: At) -> Option<Place> {
    match at {
        At::Here => run.here,
        At::RebelBase => Some(s.base_place()),
    }
}

/// Whether the effect would do anything now.
pub fn can(s: &State, run: &CardRun, op: &Op) -> bool {
    match op {
        Op::GainUnits { units, at } => {
            place(s, run, *at).is_some() && units.keys().any(|&u| s.supply.get(run.faction).count(u) > 0)
        }
    }
}

/// Carries out the effect.
pub fn start(ctx: &mut Ctx, run: &mut CardRun, op: Op) -> Next {
    match op {
        Op::GainUnits { units, at } => {
            if let Some(p) = place(ctx.s, run, at) {
                for (u, n) in units {
                    board::gain_units(ctx, run.faction, p, u, n);
                }
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
