//! Effects on build queues: putting units on them (one unit or as if building from a system's
//! icons), destroying queued units, moving them closer and deploying them early.

use serde::{Deserialize, Serialize};

use super::intel::IfLeader;
use super::queue_moves;
use super::queue_moves::{
    advance, advance_one, advanceable, deploy, deployable, destroy_queued, health_fits, icons_here, matching,
    picks, queued,
};
use super::run::{CardRun, Next};
use crate::content::*;
use crate::engine::rebellion::action::{Action, Pick};
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::error::{RuleError, illegal};
use crate::engine::rebellion::frame::Decision;
use crate::engine::rebellion::phases::refresh::{self, build_units};
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
        /// Another space when two leaders use the card (Interdictor Development).
        #[serde(default)]
        two_leaders_space: Option<u8>,
    },
    /// The card's faction puts one unit per resource icon of this system on its queue, on the
    /// system's queue space, as if building there: every icon counts whoever holds the system
    /// (Rules Reference, Resource Icons) and a sabotage marker does not stop it (Build Units).
    /// A Rebel icon with several units asks which (`build <unit>`).
    BuildHere,
    /// For each resource icon of this system, one unit of that icon on the opponent's queue is
    /// destroyed (the card's player picks which when several fit).
    DestroyQueuedByIcon,
    /// The card's player destroys units on the opponent's queue whose health adds up to at most
    /// `max`, and may stop early; a queued Death Star has no health and cannot be chosen.
    DestroyQueuedHealth {
        /// The most health destroyed in total.
        max: u8,
    },
    /// The card's faction moves `count` units of its queue, each from one of `spaces`, one
    /// space closer to deployment; a unit moves once.
    AdvanceQueued {
        /// The spaces units may be taken from.
        spaces: Vec<u8>,
        /// How many units.
        count: u8,
        /// A different number when this leader uses the card.
        #[serde(default)]
        if_leader: Option<IfLeader>,
        /// The units `if_leader` adds beyond `count` are a choice: the player may stop once
        /// `count` have moved (Double Our Efforts: Jerjerrod "can" move one more).
        #[serde(default)]
        extra_optional: bool,
    },
    /// The card's faction deploys one unit from one of `spaces` of its queue into this system
    /// (a Death Star only where its Death Star Under Construction is, which it replaces; never
    /// into a sabotaged or destroyed system).
    DeployQueued {
        /// The spaces the unit may be taken from.
        spaces: Vec<u8>,
        /// Up to this many units, one at a time (the player may stop after the first).
        #[serde(default = "super::queue_moves::one")]
        count: u8,
    },
    /// Rise of the Empire (A Time for Peace): the card's faction destroys units of its own
    /// queue, one per shape listed (the player picks each; `queue_moves::own_by_shape`).
    DestroyOwnQueuedByShape {
        /// The shapes, one entry per unit (e.g. two triangles, a circle, a square).
        shapes: Vec<IconShape>,
    },
}

/// A queue-family choice in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {
    /// Which unit each multi-unit icon builds (`build <unit>`), icons still to build.
    Build {
        /// The icons left, first first.
        icons: Vec<ResourceIcon>,
        /// The queue space they build on.
        space: u8,
    },
    /// Which matching opponent unit to destroy for each icon (`pick queued <space> <unit>`).
    DestroyByIcon {
        /// The icons left, first first.
        icons: Vec<ResourceIcon>,
    },
    /// Which opponent unit to destroy next, or `done`.
    DestroyHealth {
        /// Health still to destroy.
        left: u8,
    },
    /// Which unit to move one space closer next.
    Advance {
        /// The spaces units may be taken from.
        spaces: Vec<u8>,
        /// Units still to move.
        left: u8,
        /// How many of those the player may decline (`done`): once `left` is no more than
        /// this, the rest is a choice.
        #[serde(default)]
        optional: u8,
        /// Units already moved, by the space they are now on.
        moved: Vec<(u8, UnitId)>,
    },
    /// Which unit to deploy here.
    Deploy {
        /// The spaces the unit may be taken from.
        spaces: Vec<u8>,
        /// Units that may still be deployed after this one (Rise of the Empire: Imperial
        /// Might, Safe Haven); `done` stops.
        #[serde(default, skip_serializing_if = "super::queue_moves::is_zero")]
        more: u8,
    },
    /// Which unit of its own queue to destroy for the next shape (`pick queued <space> <unit>`).
    OwnByShape {
        /// The shapes still to destroy, first first.
        shapes: Vec<IconShape>,
    },
}

/// Whether the effect would do anything now.
pub fn can(s: &State, run: &CardRun, op: &Op) -> bool {
    let f = run.faction;
    match op {
        Op::QueueUnit { unit, .. } => s.supply.get(f).count(*unit) > 0,
        Op::BuildHere => run.system().is_some_and(|sys| {
            !s.sys(sys).destroyed
                && catalog()
                    .system(sys)
                    .icons
                    .iter()
                    .any(|&i| build_units(s, f, i).iter().any(|&u| s.supply.get(f).count(u) > 0))
        }),
        Op::DestroyQueuedByIcon => icons_here(run).iter().any(|&i| !matching(s, run, i).is_empty()),
        Op::DestroyQueuedHealth { max } => !health_fits(s, run, *max).is_empty(),
        Op::DestroyOwnQueuedByShape { shapes } => queue_moves::own_shapes_queued(s, f, shapes),
        Op::AdvanceQueued { spaces, .. } => !advanceable(s, f, spaces, &[]).is_empty(),
        Op::DeployQueued { spaces, .. } => !deployable(s, run, spaces).is_empty(),
    }
}

/// Carries out the effect.
pub fn start(ctx: &mut Ctx, run: &mut CardRun, op: Op) -> Next {
    let wait = |p| Next::Wait(super::Pending::Queue(p));
    match op {
        Op::QueueUnit { unit, space, two_leaders_space } => {
            let space = match two_leaders_space {
                Some(x) if run.leaders.len() >= 2 => x,
                _ => space,
            };
            refresh::queue(ctx, run.faction, unit, space);
            Next::Done
        }
        Op::BuildHere => {
            let Some(sys) = run.system() else { return Next::Done };
            if ctx.s.sys(sys).destroyed {
                return Next::Done;
            }
            let d = catalog().system(sys);
            build(ctx, run, d.icons.clone(), d.build_queue_space)
        }
        Op::DestroyQueuedByIcon => demolish(ctx, run, icons_here(run)),
        Op::DestroyQueuedHealth { max } => wait(Pending::DestroyHealth { left: max }),
        Op::DestroyOwnQueuedByShape { shapes } => queue_moves::next_own_by_shape(ctx.s, run.faction, shapes),
        Op::AdvanceQueued { spaces, count, if_leader, extra_optional } => {
            let left = match if_leader {
                Some(x) if run.leaders.contains(&x.leader) => x.count,
                _ => count,
            };
            let optional = if extra_optional { left.saturating_sub(count) } else { 0 };
            advance(ctx, run, spaces, left, optional, vec![])
        }
        Op::DeployQueued { spaces, count } => match deployable(ctx.s, run, &spaces).as_slice() {
            [] => Next::Done,
            [(space, unit)] if count <= 1 => {
                deploy(ctx, run, *space, *unit);
                Next::Done
            }
            _ => wait(Pending::Deploy { spaces, more: count.saturating_sub(1) }),
        },
    }
}

/// Builds icon by icon; waits at the first icon with a real choice of unit.
fn build(ctx: &mut Ctx, run: &CardRun, mut icons: Vec<ResourceIcon>, space: u8) -> Next {
    let f = run.faction;
    while let Some(&icon) = icons.first() {
        let units: Vec<UnitId> = build_units(ctx.s, f, icon)
            .iter()
            .copied()
            .filter(|&u| ctx.s.supply.get(f).count(u) > 0)
            .collect();
        match units.as_slice() {
            [] => {}
            [only] => queue_one(ctx, f, *only, space),
            _ => return Next::Wait(super::Pending::Queue(Pending::Build { icons, space })),
        }
        icons.remove(0);
    }
    Next::Done
}

fn queue_one(ctx: &mut Ctx, f: Faction, unit: UnitId, space: u8) {
    refresh::queue(ctx, f, unit, space);
    ctx.note(format_args!("A {f} {} goes on build queue space {space}", unit.name()));
}

/// Destroys one matching unit per icon; waits where the player has a real choice.
fn demolish(ctx: &mut Ctx, run: &CardRun, mut icons: Vec<ResourceIcon>) -> Next {
    while let Some(&icon) = icons.first() {
        match matching(ctx.s, run, icon).as_slice() {
            [] => {}
            [(space, unit)] => destroy_queued(ctx, run.faction.opponent(), *space, *unit),
            _ => return Next::Wait(super::Pending::Queue(Pending::DestroyByIcon { icons })),
        }
        icons.remove(0);
    }
    Next::Done
}

/// The choice the effect waits for.
pub fn decision(s: &State, run: &CardRun, p: &Pending) -> Option<Decision> {
    let f = run.faction;
    let opp = f.opponent();
    let (actions, what) = match p {
        Pending::Build { icons, space } => {
            let icon = *icons.first()?;
            let units: Vec<Action> = build_units(s, f, icon)
                .iter()
                .copied()
                .filter(|&u| s.supply.get(f).count(u) > 0)
                .map(|unit| Action::Build { unit })
                .collect();
            (units, format!("choose the unit this icon puts on your build queue space {space}"))
        }
        Pending::DestroyByIcon { icons } => {
            let icon = *icons.first()?;
            (
                picks(matching(s, run, icon)),
                format!("pick the {opp} unit of this icon to destroy on their build queue"),
            )
        }
        Pending::OwnByShape { shapes } => {
            let shape = *shapes.first()?;
            let own = queued(s, f, |_, u| queue_moves::has_shape(u, shape));
            (picks(own), format!("pick a unit of your build queue to destroy ({} left)", shapes.len()))
        }
        Pending::DestroyHealth { left } => {
            let v = picks(health_fits(s, run, *left));
            if v.is_empty() {
                return None;
            }
            let mut v = v;
            v.push(Action::Done);
            (v, format!("pick a unit on the {opp} build queue to destroy ({left} health left), or stop"))
        }
        Pending::Advance { spaces, left, optional, moved } => {
            let mut v = picks(advanceable(s, f, spaces, moved));
            let what = if left <= optional && !v.is_empty() {
                v.push(Action::Done);
                format!(
                    "you may move {left} more unit(s) of your build queue one space closer: pick one, or stop"
                )
            } else {
                format!("pick a unit on your build queue to move one space closer ({left} left)")
            };
            (v, what)
        }
        Pending::Deploy { spaces, more } => {
            let here = run.here.map(|p| p.to_string()).unwrap_or_default();
            let mut v = picks(deployable(s, run, spaces));
            // A card deploying "up to" several units may stop at any time.
            if *more > 0 && !v.is_empty() {
                v.push(Action::Done);
            }
            (v, format!("pick the unit on your build queue to deploy in {here}"))
        }
    };
    if actions.is_empty() {
        return None;
    }
    Some(run.ask(f, actions, what))
}

/// Why an answer is not one of the options, naming the rule.
pub fn explain(s: &State, run: &CardRun, p: &Pending, a: &Action) -> RuleError {
    let name = run.card.name();
    let opp = run.faction.opponent();
    let Action::Pick(Pick::Queued { space, unit }) = a else {
        if let (Pending::Build { .. }, Action::Build { unit }) = (p, a) {
            return illegal(
                "Build Units",
                format!("{} is not a unit this icon builds that your supply holds", unit.name()),
            );
        }
        return run.wrong(a);
    };
    let (space, unit) = (*space, *unit);
    let whose = match p {
        Pending::Advance { .. } | Pending::Deploy { .. } => run.faction,
        _ => opp,
    };
    let on_queue = (1..=3).contains(&space) && s.build_queue.get(whose)[space as usize - 1].count(unit) > 0;
    if !on_queue {
        return illegal(
            "Build Units",
            format!("there is no {whose} {} on build queue space {space}", unit.name()),
        );
    }
    let d = catalog().unit(unit);
    match p {
        Pending::DestroyByIcon { .. } => illegal(
            "Resource Icons",
            format!("{} does not match the resource icon being resolved", unit.name()),
        ),
        Pending::DestroyHealth { left } => match d.health {
            None => illegal(
                "Death Star",
                format!("a queued {} has no health value and cannot be chosen", unit.name()),
            ),
            Some((h, _)) => illegal(
                "Destroyed Units",
                format!("{} has {h} health, more than the {left} left", unit.name()),
            ),
        },
        Pending::Advance { spaces, .. } => {
            illegal("Mission Cards", format!("{name} moves units from spaces {spaces:?} only, each once"))
        }
        Pending::Deploy { spaces, .. } if !spaces.contains(&space) => {
            illegal("Mission Cards", format!("{name} deploys units from spaces {spaces:?} only"))
        }
        Pending::Deploy { .. } if d.id == "death_star" => illegal(
            "Death Star",
            "a Death Star may be deployed only in the system of its Death Star Under Construction",
        ),
        _ => run.wrong(a),
    }
}

/// Applies the answer to the choice.
pub fn act(ctx: &mut Ctx, run: &mut CardRun, p: Pending, a: Action) -> Result<Next, RuleError> {
    let f = run.faction;
    let bad = |run: &CardRun, a: &Action| Err(run.wrong(a));
    match (p, &a) {
        (Pending::Build { mut icons, space }, Action::Build { unit }) => {
            let Some(&icon) = icons.first() else { return bad(run, &a) };
            if !build_units(ctx.s, f, icon).contains(unit) || ctx.s.supply.get(f).count(*unit) == 0 {
                return bad(run, &a);
            }
            queue_one(ctx, f, *unit, space);
            icons.remove(0);
            Ok(build(ctx, run, icons, space))
        }
        (Pending::DestroyByIcon { mut icons }, Action::Pick(Pick::Queued { space, unit })) => {
            let Some(&icon) = icons.first() else { return bad(run, &a) };
            if !matching(ctx.s, run, icon).contains(&(*space, *unit)) {
                return bad(run, &a);
            }
            destroy_queued(ctx, f.opponent(), *space, *unit);
            icons.remove(0);
            Ok(demolish(ctx, run, icons))
        }
        (Pending::DestroyHealth { left }, Action::Pick(Pick::Queued { space, unit }))
            if health_fits(ctx.s, run, left).contains(&(*space, *unit)) =>
        {
            destroy_queued(ctx, f.opponent(), *space, *unit);
            let left = left - catalog().unit(*unit).health.map_or(0, |h| h.0);
            Ok(if left == 0 {
                Next::Done
            } else {
                Next::Wait(super::Pending::Queue(Pending::DestroyHealth { left }))
            })
        }
        (Pending::DestroyHealth { .. }, Action::Done) => Ok(Next::Done),
        (Pending::OwnByShape { mut shapes }, Action::Pick(Pick::Queued { space, unit }))
            if shapes.first().is_some_and(|&sh| queue_moves::has_shape(*unit, sh))
                && ctx.s.build_queue.get(f)[(*space as usize).clamp(1, 3) - 1].count(*unit) > 0 =>
        {
            destroy_queued(ctx, f, *space, *unit);
            shapes.remove(0);
            Ok(queue_moves::next_own_by_shape(ctx.s, f, shapes))
        }
        (
            Pending::Advance { spaces, left, optional, mut moved },
            Action::Pick(Pick::Queued { space, unit }),
        ) if advanceable(ctx.s, f, &spaces, &moved).contains(&(*space, *unit)) => {
            moved.push(advance_one(ctx, f, *space, *unit));
            Ok(advance(ctx, run, spaces, left - 1, optional, moved))
        }
        (Pending::Advance { left, optional, .. }, Action::Done) if left <= optional => Ok(Next::Done),
        (Pending::Deploy { spaces, more }, Action::Pick(Pick::Queued { space, unit }))
            if deployable(ctx.s, run, &spaces).contains(&(*space, *unit)) =>
        {
            deploy(ctx, run, *space, *unit);
            Ok(if more > 0 && !deployable(ctx.s, run, &spaces).is_empty() {
                Next::Wait(super::Pending::Queue(Pending::Deploy { spaces, more: more - 1 }))
            } else {
                Next::Done
            })
        }
        (Pending::Deploy { more, .. }, Action::Done) if more > 0 => Ok(Next::Done),
        _ => bad(run, &a),
    }
}
