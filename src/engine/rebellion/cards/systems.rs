//! Effects on systems: loyalty (here or across this system's region), sabotage markers and
//! destroyed systems.

use serde::{Deserialize, Serialize};

use super::run::{CardRun, Next};
use crate::content::*;
use crate::engine::rebellion::action::{Action, Pick};
use crate::engine::rebellion::board;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::error::{RuleError, illegal};
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::frame::Decision;
use crate::engine::rebellion::loyalty;
use crate::engine::rebellion::state::{Place, State};

/// A systems-family effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "op", deny_unknown_fields)]
pub enum Op {
    /// The card's faction gains `amount` (1 or 2) loyalty in this system.
    GainLoyalty {
        /// 1 or 2.
        amount: u8,
    },
    /// The card's faction gains `amount` loyalty in each of `count` different systems of this
    /// system's region, of its choice (this system may be one of them). Only systems where the
    /// gain changes something are offered (populous, not destroyed, not already loyal to it).
    GainLoyaltyInRegion {
        /// 1 or 2.
        amount: u8,
        /// How many systems.
        count: u8,
    },
    /// Every system of this system's region with the opponent's loyalty loses it (a subjugated
    /// system keeps its subjugation marker).
    OpponentLosesLoyaltyInRegion,
    /// Put a sabotage marker in this system (at most one).
    PlaceSabotage,
    /// Take the sabotage marker off this system.
    RemoveSabotage,
    /// Destroy this system (Rules Reference, Destroyed Systems): the marker goes on, loyalty
    /// and subjugation go, every Rebel ground unit is destroyed, and Imperial ground units
    /// beyond the Imperial ships' transport capacity there are destroyed (the Empire picks
    /// which). Leaders stay.
    DestroySystem,
}

/// A systems-family choice in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {
    /// Which system of the region gains loyalty next (`pick system <system>`).
    RegionLoyalty {
        /// 1 or 2.
        amount: u8,
        /// Systems still to pick.
        left: u8,
        /// Systems already picked.
        picked: Vec<SystemId>,
    },
}

/// Systems of this system's region where `f` gaining loyalty changes something.
fn region_targets(s: &State, run: &CardRun, picked: &[SystemId]) -> Vec<SystemId> {
    let Some(here) = run.system() else { return vec![] };
    let c = catalog();
    let region = c.system(here).region;
    SystemId::all()
        .filter(|&x| c.system(x).region == region && !picked.contains(&x))
        .filter(|&x| {
            let d = c.system(x);
            d.populous && !d.fixed_imperial && !s.sys(x).destroyed && s.sys(x).loyalty != Some(run.faction)
        })
        .collect()
}

/// Systems of this system's region with the opponent's loyalty.
fn opponent_loyal(s: &State, run: &CardRun) -> Vec<SystemId> {
    let Some(here) = run.system() else { return vec![] };
    let c = catalog();
    let region = c.system(here).region;
    SystemId::all()
        .filter(|&x| c.system(x).region == region && s.sys(x).loyalty == Some(run.faction.opponent()))
        .collect()
}

/// Whether the effect would do anything now.
pub fn can(s: &State, run: &CardRun, op: &Op) -> bool {
    let Some(sys) = run.system() else { return false };
    match op {
        Op::GainLoyalty { .. } => true,
        Op::GainLoyaltyInRegion { .. } => !region_targets(s, run, &[]).is_empty(),
        Op::OpponentLosesLoyaltyInRegion => !opponent_loyal(s, run).is_empty(),
        Op::PlaceSabotage => !s.sys(sys).sabotaged,
        Op::RemoveSabotage => s.sys(sys).sabotaged,
        Op::DestroySystem => !s.sys(sys).destroyed,
    }
}

/// Carries out the effect.
pub fn start(ctx: &mut Ctx, run: &mut CardRun, op: Op) -> Next {
    let Some(sys) = run.system() else { return Next::Done };
    match op {
        Op::GainLoyalty { amount } => loyalty::gain(ctx, run.faction, sys, amount),
        Op::GainLoyaltyInRegion { amount, count } => return region_loyalty(ctx, run, amount, count, vec![]),
        Op::OpponentLosesLoyaltyInRegion => {
            for x in opponent_loyal(ctx.s, run) {
                loyalty::lose(ctx, run.faction.opponent(), x);
            }
        }
        Op::PlaceSabotage | Op::RemoveSabotage => {
            let on = op == Op::PlaceSabotage;
            if ctx.s.sys(sys).sabotaged != on {
                ctx.s.sys_mut(sys).sabotaged = on;
                ctx.public(EventKind::Sabotage { system: sys, sabotaged: on });
            }
        }
        Op::DestroySystem => return destroy_system(ctx, sys),
    }
    Next::Done
}

/// Gains loyalty system by system; picks by itself when only one system is left to choose.
fn region_loyalty(ctx: &mut Ctx, run: &CardRun, amount: u8, mut left: u8, mut picked: Vec<SystemId>) -> Next {
    while left > 0 {
        match region_targets(ctx.s, run, &picked).as_slice() {
            [] => return Next::Done,
            [only] => {
                loyalty::gain(ctx, run.faction, *only, amount);
                picked.push(*only);
                left -= 1;
            }
            _ => return Next::Wait(super::Pending::Systems(Pending::RegionLoyalty { amount, left, picked })),
        }
    }
    Next::Done
}

/// Destroys a system (Rules Reference, Destroyed Systems).
pub fn destroy_system(ctx: &mut Ctx, sys: SystemId) -> Next {
    if ctx.s.sys(sys).destroyed {
        return Next::Done;
    }
    let p = Place::System(sys);
    ctx.s.sys_mut(sys).destroyed = true;
    ctx.note(format_args!("{} is destroyed", catalog().system(sys).name));
    crate::engine::rebellion::rise_of_the_empire::targets::remove_all_in(ctx, sys, "the system is destroyed");
    if ctx.s.sys(sys).loyalty.is_some() {
        ctx.s.sys_mut(sys).loyalty = None;
        ctx.public(EventKind::Loyalty { system: sys, loyalty: None });
    }
    if ctx.s.sys(sys).subjugated {
        ctx.s.sys_mut(sys).subjugated = false;
        ctx.public(EventKind::Subjugation { system: sys, subjugated: false });
    }
    let rebel_ground: Vec<(UnitId, u8)> =
        ctx.s.units(p, Faction::Rebel).in_theater(Theater::Ground).collect();
    for (u, n) in rebel_ground {
        for _ in 0..n {
            board::destroy_unit(ctx, Faction::Rebel, p, u);
        }
    }
    super::units::strand(ctx, Faction::Empire, p)
}

/// The choice the effect waits for.
pub fn decision(s: &State, run: &CardRun, p: &Pending) -> Option<Decision> {
    match p {
        Pending::RegionLoyalty { amount, left, picked } => {
            let actions: Vec<Action> = region_targets(s, run, picked)
                .into_iter()
                .map(|system| Action::Pick(Pick::System { system }))
                .collect();
            if actions.is_empty() {
                return None;
            }
            let region = run.system().map(|x| catalog().system(x).region.name());
            Some(run.ask(
                run.faction,
                actions,
                format!(
                    "pick a system of the {} to gain {amount} loyalty in ({left} more)",
                    region.unwrap_or_default()
                ),
            ))
        }
    }
}

/// Why an answer is not one of the options, naming the rule.
pub fn explain(s: &State, run: &CardRun, p: &Pending, a: &Action) -> RuleError {
    match (p, a) {
        (Pending::RegionLoyalty { picked, .. }, Action::Pick(Pick::System { system })) => {
            let c = catalog();
            let d = c.system(*system);
            let same = run.system().is_some_and(|h| c.system(h).region == d.region);
            let why = if !same {
                format!("{} is not in this system's region", d.name)
            } else if picked.contains(system) {
                format!("{} was already picked", d.name)
            } else if !d.populous || s.sys(*system).destroyed {
                format!("{} cannot have loyalty (remote or destroyed)", d.name)
            } else {
                format!("{} would not change: it is already loyal to you or fixed", d.name)
            };
            illegal("Loyalty", why)
        }
        (_, a) => run.wrong(a),
    }
}

/// Applies the answer to the choice.
pub fn act(ctx: &mut Ctx, run: &mut CardRun, p: Pending, a: Action) -> Result<Next, RuleError> {
    match (p, a) {
        (Pending::RegionLoyalty { amount, left, mut picked }, Action::Pick(Pick::System { system }))
            if region_targets(ctx.s, run, &picked).contains(&system) =>
        {
            loyalty::gain(ctx, run.faction, system, amount);
            picked.push(system);
            Ok(region_loyalty(ctx, run, amount, left - 1, picked))
        }
        (_, a) => Err(run.wrong(&a)),
    }
}
