//! Rapid Mobilization, resolved at the end of the Command Phase: pull units into the Rebel
//! Base space from one system, or establish a new base from drawn probe cards.

use super::movement::{can_leave, move_units};
use crate::content::*;
use crate::engine::rebellion::action::Action;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::error::{RuleError, illegal};
use crate::engine::rebellion::event::EventKind;
pub use crate::engine::rebellion::frame::phases::{Mobilize, MobilizeStep};
use crate::engine::rebellion::frame::{Decision, Frame, Frames, PromptKind};
use crate::engine::rebellion::state::{Place, State};
use crate::engine::rebellion::victory;

/// Most units the first option moves.
pub const MOBILIZE_UNITS: u8 = 5;

impl Mobilize {
    /// A mobilization waiting for the Rebel's choice.
    pub fn new(leaders: u8) -> Self {
        Mobilize { leaders, step: MobilizeStep::Choose, by: None }
    }
}

/// Whether the Rebels may establish their base in a system.
pub fn base_allowed(s: &State, sys: SystemId) -> bool {
    let st = s.sys(sys);
    st.loyalty != Some(Faction::Empire) && !st.destroyed && !s.has_units(Place::System(sys), Faction::Empire)
}

/// The Rebel's pending choice.
pub fn decision(s: &State, m: &Mobilize) -> Option<Decision> {
    let mut actions = vec![];
    let mut context = vec![];
    match &m.step {
        MobilizeStep::Choose => {
            if !s.base.revealed {
                actions.push(Action::Mode { n: 1 });
                context.push(format!(
                    "mode 1: move up to {MOBILIZE_UNITS} units from one system into the Rebel Base space"
                ));
            }
            actions.push(Action::Mode { n: 2 });
            context.push("mode 2: draw probe cards and maybe establish a new base".into());
        }
        MobilizeStep::Moving { from, moved, capacity, used } => {
            if *moved < MOBILIZE_UNITS {
                let c = catalog();
                let sources: Vec<SystemId> = match from {
                    Some(x) => vec![*x],
                    None => {
                        SystemId::all().filter(|&x| can_leave(s, Faction::Rebel, Place::System(x))).collect()
                    }
                };
                for sys in sources {
                    for (u, _) in s.units(Place::System(sys), Faction::Rebel).iter() {
                        let d = c.unit(u);
                        if d.immobile || (d.requires_transport && used >= capacity) {
                            continue;
                        }
                        actions.push(Action::Move { from: Place::System(sys), unit: u, count: 1 });
                    }
                }
            }
        }
        MobilizeStep::NewBase { drawn } => {
            for &system in drawn {
                if base_allowed(s, system) {
                    actions.push(Action::NewBase { system });
                }
            }
            context.push(format!(
                "drawn: {}",
                drawn.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")
            ));
        }
    }
    actions.push(Action::Done);
    // The drawn probe cards are the Rebels' secret: the choice of a new base is asked even when
    // none of them is allowed, or everyone would learn what they were (`asking.rs`).
    let secret = matches!(m.step, MobilizeStep::NewBase { .. });
    let mut d = Decision::new(Faction::Rebel, PromptKind::CardChoice, actions).always_asked(secret);
    d.context = context;
    Some(d)
}

/// Applies the Rebel's choice. Refuses only actions the decision never offers, so `apply`
/// changes the state in place for offered ones.
pub fn act(ctx: &mut Ctx, mut m: Mobilize, a: Action) -> Result<Frames, RuleError> {
    match (&mut m.step, a) {
        (MobilizeStep::Choose, Action::Mode { n: 1 }) => {
            m.step = MobilizeStep::Moving { from: None, moved: 0, capacity: 0, used: 0 };
            Ok(vec![Frame::Mobilize(m)])
        }
        (MobilizeStep::Choose, Action::Mode { n: 2 }) => {
            let n = if m.leaders >= 2 { 8 } else { 4 };
            let k = ctx.s.decks.probes.len().min(n);
            let drawn: Vec<SystemId> = ctx.s.decks.probes.drain(..k).collect();
            ctx.private(
                Faction::Rebel,
                EventKind::CardsSeen {
                    deck: "probe cards".into(),
                    cards: drawn.iter().map(|x| x.to_string()).collect(),
                },
            );
            ctx.note(format_args!("The Rebels look at {k} probe cards"));
            m.step = MobilizeStep::NewBase { drawn };
            Ok(vec![Frame::Mobilize(m)])
        }
        (MobilizeStep::Moving { from, moved, capacity, used }, Action::Move { from: src, unit, count }) => {
            let d = catalog().unit(unit);
            *from = src.system();
            *moved += count;
            if d.requires_transport {
                *used += count as u32;
            } else {
                *capacity += d.transport_capacity as u32 * count as u32;
            }
            move_units(ctx, Faction::Rebel, src, Place::BaseSpace, unit, count);
            Ok(vec![Frame::Mobilize(m)])
        }
        (MobilizeStep::NewBase { drawn }, Action::NewBase { system }) => {
            let mut rest: Vec<SystemId> = drawn.iter().copied().filter(|&x| x != system).collect();
            ctx.s.rng.shuffle(&mut rest);
            ctx.s.decks.probes.extend(rest);
            if let Some(old) = ctx.s.base.system {
                victory::empty_base_space_into(ctx, old);
                ctx.s.hands.empire.probes.push(old);
                ctx.s.revealed_probes.push(old);
                ctx.public(EventKind::BaseMoved { old });
            }
            ctx.s.base.system = Some(system);
            ctx.s.base.revealed = false;
            ctx.s.searched.clear();
            ctx.private(Faction::Rebel, EventKind::BaseChosen { system });
            Ok(vec![])
        }
        (MobilizeStep::NewBase { drawn }, Action::Done) => {
            let mut rest = drawn.clone();
            ctx.s.rng.shuffle(&mut rest);
            ctx.s.decks.probes.extend(rest);
            ctx.note("The Rebels keep their base where it is");
            Ok(vec![])
        }
        (_, Action::Done) => Ok(vec![]),
        (_, a) => Err(illegal("Rapid Mobilization", format!("`{}` is not possible now", a.command()))),
    }
}

/// Finishes when nothing is left to choose.
pub fn auto(_ctx: &mut Ctx, _m: Mobilize) -> Frames {
    vec![]
}
