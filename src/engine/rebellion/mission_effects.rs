//! The abilities of mission cards: one small function per card, keyed by card id. Only cards
//! listed in `implemented` are shuffled into decks, so no card without an ability is ever dealt.

use serde::{Deserialize, Serialize};

use super::action::Action;
use super::error::{RuleError, illegal};
use super::event::EventKind;
use super::flow::{Ctx, Decision, Frame, PromptKind};
use super::mission::MissionRun;
use super::setup::draw;
use super::state::{Place, State};
use super::{loyalty, victory};
use crate::content::*;

/// Card ids whose abilities are implemented.
const IMPLEMENTED: &[&str] = &[
    "build_alliance",
    "infiltration",
    "rapid_mobilization",
    "sabotage",
    "capture_rebel_operative",
    "gather_intel",
    "research_and_development",
    "rule_by_fear",
];

/// Whether the card with this id has an implemented ability.
pub fn implemented(key: &str) -> bool {
    IMPLEMENTED.contains(&key)
}

/// Progress of a card ability that needs choices.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EffectState {
    /// Nothing pending.
    #[default]
    None,
    /// Infiltration: the Rebel saw these objective cards and picks the one to keep on top.
    Infiltration {
        /// The two cards taken off the top.
        seen: Vec<ObjectiveId>,
    },
    /// Research and Development: choose a mode.
    ResearchMode,
    /// Research and Development: keep one of the drawn projects.
    ResearchKeep {
        /// The drawn project cards.
        drawn: Vec<MissionId>,
    },
}

/// Extra dice the revealing player rolls for this card.
pub fn extra_dice(s: &State, run: &MissionRun) -> u32 {
    match catalog().mission(run.mission).id.as_str() {
        "build_alliance" => match run.place {
            Some(p) if s.has_units(p, Faction::Rebel) => 2,
            _ => 0,
        },
        _ => 0,
    }
}

fn system(run: &MissionRun) -> Option<SystemId> {
    run.place.and_then(Place::system)
}

/// Carries out the ability of a successful mission; returns what it still waits for.
pub fn on_success(ctx: &mut Ctx, run: &MissionRun) -> EffectState {
    let key = catalog().mission(run.mission).id.as_str();
    match key {
        "build_alliance" => {
            if let Some(sys) = system(run) {
                loyalty::gain(ctx, Faction::Rebel, sys, 1);
            }
            EffectState::None
        }
        "rule_by_fear" => {
            if let Some(sys) = system(run) {
                loyalty::gain(ctx, Faction::Empire, sys, 1);
            }
            EffectState::None
        }
        "sabotage" => {
            if let Some(sys) = system(run)
                && !ctx.s.sys(sys).sabotaged
            {
                ctx.s.sys_mut(sys).sabotaged = true;
                ctx.public(EventKind::Sabotage { system: sys, sabotaged: true });
            }
            EffectState::None
        }
        "infiltration" => {
            let n = ctx.s.decks.objectives.len().min(2);
            let seen: Vec<ObjectiveId> = ctx.s.decks.objectives.drain(..n).collect();
            ctx.private(
                Faction::Rebel,
                EventKind::CardsSeen {
                    deck: "the top of the objective deck".into(),
                    cards: seen.iter().map(|o| o.to_string()).collect(),
                },
            );
            if seen.len() == 2 {
                EffectState::Infiltration { seen }
            } else {
                for (i, o) in seen.into_iter().enumerate() {
                    ctx.s.decks.objectives.insert(i, o);
                }
                EffectState::None
            }
        }
        "rapid_mobilization" => {
            for f in ctx.s.stack.iter_mut().rev() {
                if let Frame::Command(c) = f {
                    c.mobilizations.push(run.leaders.len() as u8);
                    break;
                }
            }
            ctx.note("Rapid Mobilization will be resolved at the end of the Command Phase");
            EffectState::None
        }
        "capture_rebel_operative" => {
            if let Some(l) = run.target {
                victory::capture(ctx, l);
            }
            EffectState::None
        }
        "gather_intel" => {
            let at_base = ctx.s.units(ctx.s.base_place(), Faction::Rebel).total();
            let n = (at_base / 4).max(1);
            draw_probes(ctx, n);
            EffectState::None
        }
        "research_and_development" => EffectState::ResearchMode,
        _ => EffectState::None,
    }
}

/// Draws probe cards into the Imperial hand.
pub fn draw_probes(ctx: &mut Ctx, n: u32) {
    let mut got = vec![];
    for _ in 0..n {
        if ctx.s.decks.probes.is_empty() {
            break;
        }
        got.push(ctx.s.decks.probes.remove(0));
    }
    ctx.public(EventKind::CardsDrawn {
        faction: Faction::Empire,
        deck: "probe".into(),
        count: got.len() as u32,
    });
    ctx.private(
        Faction::Empire,
        EventKind::CardsSeen {
            deck: "probe cards".into(),
            cards: got.iter().map(|x| x.to_string()).collect(),
        },
    );
    ctx.s.hands.empire.probes.extend(got);
}

/// The choice a card ability waits for.
pub fn decision(s: &State, run: &MissionRun) -> Option<Decision> {
    match &run.effect {
        EffectState::None => None,
        EffectState::Infiltration { seen } => Some(Decision::new(
            Faction::Rebel,
            PromptKind::CardChoice,
            seen.iter().map(|&card| Action::KeepObjective { card }).collect(),
        )),
        EffectState::ResearchMode => {
            let mut actions = vec![Action::Mode { n: 1 }];
            if let Some(sys) = system(run)
                && s.sys(sys).sabotaged
            {
                actions.push(Action::Mode { n: 2 });
            }
            let mut d = Decision::new(Faction::Empire, PromptKind::CardChoice, actions);
            d.context = vec![
                "mode 1: draw two project cards and keep one".into(),
                "mode 2: remove the sabotage marker here and draw one project card".into(),
            ];
            Some(d)
        }
        EffectState::ResearchKeep { drawn } => Some(Decision::new(
            Faction::Empire,
            PromptKind::CardChoice,
            drawn.iter().map(|&card| Action::KeepProject { card }).collect(),
        )),
    }
}

fn draw_projects(ctx: &mut Ctx, n: usize) -> Vec<MissionId> {
    let mut out = vec![];
    for _ in 0..n {
        let d = &mut ctx.s.decks;
        if let Some(m) = draw(&mut d.projects, &mut d.project_discard, &mut ctx.s.rng) {
            out.push(m);
        }
    }
    ctx.public(EventKind::CardsDrawn {
        faction: Faction::Empire,
        deck: "project".into(),
        count: out.len() as u32,
    });
    out
}

/// Applies the choice a card ability asked for.
pub fn act(ctx: &mut Ctx, run: &mut MissionRun, a: Action) -> Result<(), RuleError> {
    match (&run.effect, a) {
        (EffectState::Infiltration { seen }, Action::KeepObjective { card }) => {
            let other = if seen[0] == card { seen[1] } else { seen[0] };
            ctx.s.decks.objectives.insert(0, card);
            ctx.s.decks.objectives.push(other);
            ctx.note("The Rebels rearrange the objective deck");
            run.effect = EffectState::None;
            Ok(())
        }
        (EffectState::ResearchMode, Action::Mode { n: 1 }) => {
            let drawn = draw_projects(ctx, 2);
            match drawn.len() {
                0 => run.effect = EffectState::None,
                1 => {
                    ctx.s.hands.empire.missions.push(drawn[0]);
                    run.effect = EffectState::None;
                }
                _ => {
                    ctx.private(
                        Faction::Empire,
                        EventKind::CardsSeen {
                            deck: "project cards".into(),
                            cards: drawn.iter().map(|m| m.to_string()).collect(),
                        },
                    );
                    run.effect = EffectState::ResearchKeep { drawn };
                }
            }
            Ok(())
        }
        (EffectState::ResearchMode, Action::Mode { n: 2 }) => {
            if let Some(sys) = system(run) {
                ctx.s.sys_mut(sys).sabotaged = false;
                ctx.public(EventKind::Sabotage { system: sys, sabotaged: false });
            }
            let drawn = draw_projects(ctx, 1);
            ctx.s.hands.empire.missions.extend(drawn);
            run.effect = EffectState::None;
            Ok(())
        }
        (EffectState::ResearchKeep { drawn }, Action::KeepProject { card }) => {
            let i = drawn.iter().position(|&m| m == card).expect("checked legal");
            let mut rest = drawn.clone();
            rest.remove(i);
            ctx.s.hands.empire.missions.push(card);
            ctx.s.decks.projects.extend(rest);
            run.effect = EffectState::None;
            Ok(())
        }
        (_, a) => {
            Err(illegal("Mission Cards", format!("`{}` is not the choice this card asks for", a.command())))
        }
    }
}
