//! Effects on the objective and project decks.

use serde::{Deserialize, Serialize};

use super::run::{CardRun, Next};
use crate::content::*;
use crate::engine::rebellion::action::{Action, Pick};
use crate::engine::rebellion::error::RuleError;
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::flow::{Ctx, Decision};
use crate::engine::rebellion::setup::draw;
use crate::engine::rebellion::state::State;

/// A decks-family effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "op", deny_unknown_fields)]
pub enum Op {
    /// The Rebels look at the top `count` objective cards, keep one on top and put the others
    /// on the bottom.
    PeekObjectives {
        /// How many.
        count: u8,
    },
    /// The Empire draws `count` project cards and keeps `keep` of them; the others go to the
    /// bottom of the project deck.
    DrawProjects {
        /// How many are drawn.
        count: u8,
        /// How many are kept.
        keep: u8,
    },
}

/// A decks-family choice in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {
    /// Which of the seen objective cards stays on top.
    KeepOnTop {
        /// The cards taken off the top.
        seen: Vec<ObjectiveId>,
    },
    /// Which drawn project cards to keep.
    KeepProjects {
        /// The cards drawn and not yet kept.
        drawn: Vec<MissionId>,
        /// How many more to keep.
        keep: u8,
    },
}

/// Whether the effect would do anything now.
pub fn can(s: &State, _run: &CardRun, op: &Op) -> bool {
    match op {
        Op::PeekObjectives { .. } => !s.decks.objectives.is_empty(),
        Op::DrawProjects { .. } => !s.decks.projects.is_empty() || !s.decks.project_discard.is_empty(),
    }
}

fn seen(ctx: &mut Ctx, f: Faction, what: &str, cards: Vec<String>) {
    ctx.private(f, EventKind::CardsSeen { deck: what.into(), cards });
}

/// Carries out the effect.
pub fn start(ctx: &mut Ctx, _run: &mut CardRun, op: Op) -> Next {
    match op {
        Op::PeekObjectives { count } => {
            let n = ctx.s.decks.objectives.len().min(count as usize);
            let top: Vec<ObjectiveId> = ctx.s.decks.objectives.drain(..n).collect();
            seen(
                ctx,
                Faction::Rebel,
                "the top of the objective deck",
                top.iter().map(|o| o.to_string()).collect(),
            );
            if top.len() < 2 {
                ctx.s.decks.objectives.splice(0..0, top);
                return Next::Done;
            }
            Next::Wait(super::Pending::Decks(Pending::KeepOnTop { seen: top }))
        }
        Op::DrawProjects { count, keep } => {
            let mut drawn = vec![];
            for _ in 0..count {
                let d = &mut ctx.s.decks;
                if let Some(m) = draw(&mut d.projects, &mut d.project_discard, &mut ctx.s.rng) {
                    drawn.push(m);
                }
            }
            ctx.public(EventKind::CardsDrawn {
                faction: Faction::Empire,
                deck: "project".into(),
                count: drawn.len() as u32,
            });
            seen(ctx, Faction::Empire, "project cards", drawn.iter().map(|m| m.to_string()).collect());
            if drawn.len() <= keep as usize {
                ctx.s.hands.empire.missions.extend(drawn);
                return Next::Done;
            }
            Next::Wait(super::Pending::Decks(Pending::KeepProjects { drawn, keep }))
        }
    }
}

/// The choice the effect waits for.
pub fn decision(_s: &State, run: &CardRun, p: &Pending) -> Option<Decision> {
    Some(match p {
        Pending::KeepOnTop { seen } => run.ask(
            Faction::Rebel,
            seen.iter().map(|&card| Action::Pick(Pick::Objective { card })).collect(),
            "pick the objective card to leave on top; the others go to the bottom",
        ),
        Pending::KeepProjects { drawn, keep } => run.ask(
            Faction::Empire,
            drawn.iter().map(|&card| Action::Pick(Pick::Mission { card })).collect(),
            format!("pick {keep} project card(s) to keep; the others go to the bottom of the project deck"),
        ),
    })
}

/// Applies the answer to the choice.
pub fn act(ctx: &mut Ctx, run: &mut CardRun, p: Pending, a: Action) -> Result<Next, RuleError> {
    match (p, a) {
        (Pending::KeepOnTop { mut seen }, Action::Pick(Pick::Objective { card })) if seen.contains(&card) => {
            seen.retain(|&o| o != card);
            ctx.s.decks.objectives.insert(0, card);
            ctx.s.decks.objectives.extend(seen);
            ctx.note("The Rebels rearrange the objective deck");
            Ok(Next::Done)
        }
        (Pending::KeepProjects { mut drawn, keep }, Action::Pick(Pick::Mission { card }))
            if drawn.contains(&card) =>
        {
            let i = drawn.iter().position(|&m| m == card).expect("checked");
            drawn.remove(i);
            ctx.s.hands.empire.missions.push(card);
            if keep > 1 && !drawn.is_empty() {
                return Ok(Next::Wait(super::Pending::Decks(Pending::KeepProjects {
                    drawn,
                    keep: keep - 1,
                })));
            }
            ctx.s.decks.projects.extend(drawn);
            Ok(Next::Done)
        }
        (_, a) => Err(run.wrong(&a)),
    }
}
