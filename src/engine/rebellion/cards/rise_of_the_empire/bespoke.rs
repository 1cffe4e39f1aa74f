//! The named functions of Rise of the Empire's missions that no effect family fits (their
//! vocabulary is in `bespoke.rs`, which hands these ops and choices over).

use crate::content::*;
use crate::engine::rebellion::action::{Action, Pick};
use crate::engine::rebellion::board;
use crate::engine::rebellion::cards::ability::CardRun;
use crate::engine::rebellion::cards::bespoke::{Op, Pending};
use crate::engine::rebellion::cards::next::Next;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::error::{RuleError, illegal};
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::frame::Decision;
use crate::engine::rebellion::state::{Place, State};
use crate::engine::rebellion::victory;

/// Rebel ground units in the Rebel Base space whose health fits.
fn bait(s: &State, left: u8) -> Vec<UnitId> {
    s.base_space
        .units
        .get(Faction::Rebel)
        .iter()
        .map(|(u, _)| u)
        .filter(|&u| {
            let d = catalog().unit(u);
            d.theater == Theater::Ground && !d.immobile && d.health.is_some_and(|h| h.0 <= left)
        })
        .collect()
}

/// Whether the ability would do anything now.
pub(in crate::engine::rebellion::cards) fn can(s: &State, run: &CardRun, op: &Op) -> bool {
    match op {
        Op::SingleReactorIgnition => run.system().is_some(),
        Op::DiscreditRebellion { .. } => run.system().is_some(),
        Op::WereTheBait { max_health } => run.here.is_some() && !bait(s, *max_health).is_empty(),
        Op::AskBaseInNamedRegion => s.base.system.is_some(),
        Op::Subversion => false,
        Op::RapidMobilization | Op::ContingencyPlan { .. } | Op::AmbitionsOfPower => {
            unreachable!("bespoke.rs handles it")
        }
    }
}

/// Carries out the ability.
pub(in crate::engine::rebellion::cards) fn start(ctx: &mut Ctx, run: &mut CardRun, op: Op) -> Next {
    let wait = |p| Next::Wait(crate::engine::rebellion::cards::Pending::Bespoke(p));
    match op {
        Op::SingleReactorIgnition => {
            let Some(sys) = run.system() else { return Next::Done };
            if ctx.s.base.system == Some(sys) {
                victory::reveal_base(ctx);
            }
            let p = Place::System(sys);
            let ground: Vec<(UnitId, u8)> =
                ctx.s.units(p, Faction::Rebel).in_theater(Theater::Ground).collect();
            for (u, n) in ground {
                for _ in 0..n {
                    board::destroy_unit(ctx, Faction::Rebel, p, u);
                }
            }
            Next::Done
        }
        Op::DiscreditRebellion { dice, if_leader } => {
            let dice = match if_leader {
                Some(x) if run.leaders.contains(&x.leader) => x.count,
                _ => dice,
            };
            wait(Pending::Discredit { dice })
        }
        Op::WereTheBait { max_health } => wait(Pending::Bait { left: max_health }),
        Op::AskBaseInNamedRegion => wait(Pending::NameSystem),
        Op::Subversion | Op::RapidMobilization | Op::ContingencyPlan { .. } | Op::AmbitionsOfPower => {
            Next::Done
        }
    }
}

/// The choice the ability waits for.
pub(in crate::engine::rebellion::cards) fn decision(
    s: &State,
    run: &CardRun,
    p: &Pending,
) -> Option<Decision> {
    match p {
        // The Rebels choose from what everyone sees: the markers and the reputation track.
        Pending::Discredit { dice } => {
            let mut d =
                run.ask(Faction::Rebel, vec![Action::Mode { n: 1 }, Action::Mode { n: 2 }], "choose one");
            d.context.push("mode 1: every sabotage marker leaves the board".into());
            d.context.push(format!("mode 2: roll {dice} dice; any success loses 1 reputation"));
            Some(d)
        }
        Pending::Bait { left } => {
            let units = bait(s, *left);
            if units.is_empty() {
                return None;
            }
            let mut actions: Vec<Action> = units
                .into_iter()
                .map(|unit| Action::Pick(Pick::Unit { place: Place::BaseSpace, unit }))
                .collect();
            actions.push(Action::Done);
            Some(run.ask(
                Faction::Empire,
                actions,
                format!(
                    "pick a Rebel ground unit in the Rebel Base space to bring here ({left} health left)"
                ),
            ))
        }
        Pending::NameSystem => Some(run.ask(
            Faction::Empire,
            SystemId::all().map(|system| Action::Pick(Pick::System { system })).collect(),
            "name a system: the Rebels say whether their base is in its region",
        )),
        Pending::StartingMission => unreachable!("bespoke.rs handles it"),
    }
}

/// Explains why an answer is not one of the choice's options.
pub(in crate::engine::rebellion::cards) fn explain(
    _s: &State,
    run: &CardRun,
    p: &Pending,
    a: &Action,
) -> RuleError {
    match (p, a) {
        (Pending::Bait { left }, Action::Pick(Pick::Unit { unit, .. })) => illegal(
            "Mission Cards",
            format!(
                "{} is not a Rebel ground unit in the Rebel Base space with at most {left} health",
                unit.name()
            ),
        ),
        (Pending::Discredit { .. }, _) => illegal("Mission Cards", "the Rebels answer with mode 1 or mode 2"),
        (_, a) => run.wrong(a),
    }
}

/// Applies the answer to the choice.
pub(in crate::engine::rebellion::cards) fn act(
    ctx: &mut Ctx,
    run: &mut CardRun,
    p: Pending,
    a: Action,
) -> Result<Next, RuleError> {
    match (&p, &a) {
        (Pending::Discredit { .. }, Action::Mode { n: 1 }) => {
            for x in SystemId::all() {
                if ctx.s.sys(x).sabotaged {
                    ctx.s.sys_mut(x).sabotaged = false;
                    ctx.public(EventKind::Sabotage { system: x, sabotaged: false });
                }
            }
            Ok(Next::Done)
        }
        (Pending::Discredit { dice }, Action::Mode { n: 2 }) => {
            let faces = ctx.roll(Faction::Rebel, *dice as usize);
            let hit = faces.iter().any(|f| f.mission_successes() > 0);
            ctx.public(EventKind::DiceRolled {
                faction: Faction::Rebel,
                purpose: format!("{} ({})", run.card.name(), if hit { "a success" } else { "no success" }),
                faces,
            });
            if hit {
                victory::lose_reputation(ctx, 1);
            }
            Ok(Next::Done)
        }
        (Pending::Bait { left }, Action::Pick(Pick::Unit { place: Place::BaseSpace, unit }))
            if bait(ctx.s, *left).contains(unit) =>
        {
            let Some(here) = run.here else { return Ok(Next::Done) };
            ctx.s.base_space.units.get_mut(Faction::Rebel).remove(*unit, 1);
            ctx.s.zone_mut(here).units.get_mut(Faction::Rebel).add(*unit, 1);
            ctx.public(EventKind::UnitsMoved {
                faction: Faction::Rebel,
                from: Some(Place::BaseSpace),
                to: Some(here),
                unit: *unit,
                count: 1,
            });
            let left = left - catalog().unit(*unit).health.map_or(0, |h| h.0);
            Ok(if bait(ctx.s, left).is_empty() {
                Next::Done
            } else {
                Next::Wait(crate::engine::rebellion::cards::Pending::Bespoke(Pending::Bait { left }))
            })
        }
        (Pending::Bait { .. }, Action::Done) => Ok(Next::Done),
        (Pending::NameSystem, Action::Pick(Pick::System { system })) => {
            let c = catalog();
            let region = c.system(*system).region;
            let yes = ctx.s.base.system.is_some_and(|b| c.system(b).region == region);
            // In the words every card asking about the base uses in public ("…: the Rebel base
            // is …"), after the named system.
            ctx.note(format_args!("{} names {}", run.card.name(), system.name()));
            ctx.note(format_args!(
                "{}: the Rebel base is {} the {}",
                run.card.name(),
                if yes { "in" } else { "not in" },
                region.name()
            ));
            Ok(Next::Done)
        }
        _ => Err(explain(ctx.s, run, &p, &a)),
    }
}
