//! Effects on leaders: capturing, moving, detaining, protecting and rescuing them; rings, a
//! leader turned to the Empire, Luke becoming a Jedi. The helpers that move or change leaders
//! are in `leader_moves`; the rules every path obeys (one ring per leader, the captured ring,
//! Carbonite on rescue) are in `victory`.

use super::leader_moves::{
    answer, answer_decision, bearers, captives_here, closest, follow, follow_next, followers, leader_names,
    on_board, own_leaders, pick_leaders, pick_systems, promote, rescue, system_names, take_captive, turn,
};
use super::run::{CardRun, Next};
use crate::content::*;
use crate::engine::rebellion::action::{Action, Pick};
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::error::{RuleError, illegal};
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::frame::Decision;
use crate::engine::rebellion::phases::recruit;
use crate::engine::rebellion::state::{Place, Ring, State};
use crate::engine::rebellion::victory;
use serde::{Deserialize, Serialize};

/// What the leaders who carried out a rescue do afterwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rescuers {
    /// Each may go along to the Rebel base (the player is asked).
    MayFollow,
    /// They stay in the system.
    Stay,
}

/// Who receives a ring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bearer {
    /// The leader the mission was attempted against.
    Target,
    /// A leader using the card (the player picks when there are two).
    Using,
}

/// A leaders-family effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "op", deny_unknown_fields)]
pub enum Op {
    /// Capture the leader the mission was attempted against.
    CaptureTarget,
    /// Capture the target and bring it, with the leaders using the card, to the closest system
    /// meeting `requires` (the card's player breaks ties).
    CaptureTargetToClosest {
        /// Conditions the destination meets.
        requires: Vec<TargetCondition>,
    },
    /// The target stays on the board through the next leader retrieval.
    DetainTarget,
    /// Rescue the captured leader in this system.
    RescueHere {
        /// What the rescuers do afterwards.
        rescuers: Rescuers,
    },
    /// Free the captured target into a system the Rebels pick in the Rebel base's region
    /// (which tells everyone that region).
    ReleaseTargetInBaseRegion,
    /// The player picks one of their leaders; for the rest of the round no leader may be sent
    /// from the opponent's pool to oppose that leader's missions.
    ProtectOwnLeader,
    /// Attach a ring.
    AttachRing {
        /// The ring.
        ring: Ring,
        /// Who wears it.
        to: Bearer,
    },
    /// The target changes sides for the rest of the game: no longer captured, controlled by
    /// the Empire.
    TurnTarget,
    /// When `leader` uses the card, its token is replaced by `into` where it stands, keeping its
    /// ring.
    PromoteLeader {
        /// The leader using the card.
        leader: LeaderId,
        /// The token replacing it.
        into: LeaderId,
    },
    /// The Rebels lose reputation (only when the target is `if_target`, if given).
    LoseReputation {
        /// How many spaces.
        amount: u8,
        /// Only when the mission's target counts as this leader.
        #[serde(default)]
        if_target: Option<LeaderId>,
    },
}

/// A leaders-family choice in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {
    /// Which of the equally close systems the captive is taken to.
    Closest {
        /// The closest systems.
        options: Vec<SystemId>,
    },
    /// Which captured leader of this system is rescued.
    Rescue {
        /// The captives here.
        options: Vec<LeaderId>,
        /// What the rescuers do afterwards.
        rescuers: Rescuers,
    },
    /// Right after the rescue, the opponent may answer it with a card (`action <card>`) or
    /// not (`done`); then the rescuers in `left` may go along.
    AnswerRescue {
        /// The rescuers who may go along afterwards.
        left: Vec<LeaderId>,
    },
    /// Which rescuers go along to the Rebel base (`done` when finished).
    Follow {
        /// Those still here.
        left: Vec<LeaderId>,
    },
    /// Where the released leader goes.
    Release {
        /// The leader.
        leader: LeaderId,
        /// The systems of the base's region.
        options: Vec<SystemId>,
    },
    /// Which leader of the player's is protected.
    Protect {
        /// The player's leaders.
        options: Vec<LeaderId>,
    },
    /// Which leader using the card wears the ring.
    Bearer {
        /// The ring.
        ring: Ring,
        /// The leaders using the card.
        options: Vec<LeaderId>,
    },
}

/// Whether `l` counts as `named` for card abilities: Luke Skywalker (Jedi) counts as Luke
/// Skywalker (Rules Reference, Leaders).
pub fn counts_as(l: LeaderId, named: LeaderId) -> bool {
    l == named || (named.key() == "luke_skywalker" && l.key() == "luke_skywalker_jedi")
}

/// Whether the effect would do anything now.
pub fn can(s: &State, run: &CardRun, op: &Op) -> bool {
    let target_free = run.target.is_some_and(|l| on_board(s, l) && !s.is_captured(l));
    match op {
        Op::CaptureTarget | Op::CaptureTargetToClosest { .. } => target_free,
        Op::DetainTarget => target_free && !run.target.is_some_and(|l| s.round_effects.detained.contains(&l)),
        Op::RescueHere { .. } => !captives_here(s, run).is_empty(),
        Op::ReleaseTargetInBaseRegion => {
            run.target.is_some_and(|l| s.is_captured(l)) && s.base.system.is_some()
        }
        Op::ProtectOwnLeader => !own_leaders(s, run.faction).is_empty(),
        Op::AttachRing { ring, to } => ring_free(s, *ring) && !bearers(s, run, *to).is_empty(),
        // Turned by the ring the card has just put on the target (Lure of the Dark Side): with
        // the ring kept by an earlier turned leader, nobody turns.
        Op::TurnTarget => run.target.is_some_and(|l| {
            !s.turned.contains(&l) && on_board(s, l) && s.ring(l) == Some(Ring::LureOfTheDarkSide)
        }),
        Op::PromoteLeader { leader, into } => run.leaders.contains(leader) && !recruit::in_game(s, *into),
        Op::LoseReputation { if_target, .. } => {
            if_target.is_none_or(|n| run.target.is_some_and(|t| counts_as(t, n)))
        }
    }
}

/// Whether a ring can be attached: rings are limited to the box's one of each (Rules Reference,
/// Component Limitations), and a turned leader keeps its Lure of the Dark Side ring for the
/// rest of the game, so a second Lure (its card back from a reshuffled discard pile) finds the
/// ring taken. Any other ring moves to its new bearer (`victory::attach_ring`).
fn ring_free(s: &State, ring: Ring) -> bool {
    s.ring_bearer(ring).is_none_or(|l| !s.turned.contains(&l))
}

/// Carries out the effect.
pub fn start(ctx: &mut Ctx, run: &mut CardRun, op: Op) -> Next {
    match op {
        Op::CaptureTarget => {
            if let Some(l) = run.target {
                victory::capture(ctx, l);
            }
            Next::Done
        }
        Op::CaptureTargetToClosest { requires } => {
            let Some(l) = run.target else { return Next::Done };
            let Some(from) = ctx.s.leader_place(l).and_then(Place::system) else { return Next::Done };
            let options = closest(ctx.s, from, &requires);
            match options.as_slice() {
                [] => {
                    victory::capture(ctx, l);
                    Next::Done
                }
                [to] => {
                    take_captive(ctx, run, *to);
                    Next::Done
                }
                _ => Next::Wait(super::Pending::Leaders(Pending::Closest { options })),
            }
        }
        Op::DetainTarget => {
            if let Some(l) = run.target
                && !ctx.s.round_effects.detained.contains(&l)
            {
                ctx.s.round_effects.detained.push(l);
                ctx.public(EventKind::LeaderChange {
                    leader: l,
                    what: "is detained: it stays on the board at the next leader retrieval".into(),
                });
            }
            Next::Done
        }
        Op::RescueHere { rescuers } => match captives_here(ctx.s, run).as_slice() {
            [] => Next::Done,
            [l] => rescue(ctx, run, *l, rescuers),
            many => Next::Wait(super::Pending::Leaders(Pending::Rescue { options: many.to_vec(), rescuers })),
        },
        Op::ReleaseTargetInBaseRegion => {
            let (Some(l), Some(base)) = (run.target, ctx.s.base.system) else { return Next::Done };
            if !ctx.s.is_captured(l) {
                return Next::Done;
            }
            let region = catalog().system(base).region;
            let options: Vec<SystemId> =
                SystemId::all().filter(|&x| catalog().system(x).region == region).collect();
            ctx.note(format_args!("{}: the Rebel base is in the {} region", run.card.name(), region.name()));
            Next::Wait(super::Pending::Leaders(Pending::Release { leader: l, options }))
        }
        Op::ProtectOwnLeader => {
            let options = own_leaders(ctx.s, run.faction);
            if options.is_empty() {
                return Next::Done;
            }
            Next::Wait(super::Pending::Leaders(Pending::Protect { options }))
        }
        Op::AttachRing { ring, to } => match bearers(ctx.s, run, to).as_slice() {
            _ if !ring_free(ctx.s, ring) => Next::Done,
            [] => Next::Done,
            [l] => {
                victory::attach_ring(ctx, *l, ring);
                Next::Done
            }
            many => Next::Wait(super::Pending::Leaders(Pending::Bearer { ring, options: many.to_vec() })),
        },
        Op::TurnTarget => {
            if let Some(l) = run.target
                && can(ctx.s, run, &op)
            {
                turn(ctx, l);
            }
            Next::Done
        }
        Op::PromoteLeader { leader, into } => {
            if can(ctx.s, run, &op) {
                promote(ctx, run, leader, into);
            }
            Next::Done
        }
        Op::LoseReputation { amount, if_target } => {
            if if_target.is_none_or(|n| run.target.is_some_and(|t| counts_as(t, n))) {
                victory::lose_reputation(ctx, amount);
            }
            Next::Done
        }
    }
}

/// The choice the effect waits for.
pub fn decision(s: &State, run: &CardRun, p: &Pending) -> Option<Decision> {
    Some(match p {
        Pending::AnswerRescue { .. } => return answer_decision(s, run),
        Pending::Closest { options } => run.ask(
            run.faction,
            pick_systems(options),
            "these systems are equally close: pick where the captive is taken",
        ),
        Pending::Rescue { options, .. } => {
            run.ask(run.faction, pick_leaders(options), "pick the captured leader to rescue")
        }
        Pending::Follow { left } => {
            let left = followers(s, left);
            if left.is_empty() {
                return None;
            }
            let mut actions = pick_leaders(&left);
            actions.push(Action::Done);
            run.ask(
                Faction::Rebel,
                actions,
                "pick each leader of this mission who goes along to the Rebel base",
            )
        }
        Pending::Release { leader, options } => run.ask(
            Faction::Rebel,
            pick_systems(options),
            format!("pick the system of your base's region where {} is released", leader.name()),
        ),
        Pending::Protect { options } => run.ask(
            run.faction,
            pick_leaders(options),
            "pick the leader whose missions cannot be opposed from the opponent's pool this round",
        ),
        Pending::Bearer { ring, options } => run.ask(
            run.faction,
            pick_leaders(options),
            format!("pick the leader who wears the {} ring", ring.name()),
        ),
    })
}

/// Explains why an answer is not one of the choice's options.
pub fn explain(_s: &State, run: &CardRun, p: &Pending, a: &Action) -> RuleError {
    let (rule, detail) = match p {
        Pending::Closest { options } => (
            "Systems",
            format!(
                "the captive goes to the closest system the card names: one of {}",
                system_names(options)
            ),
        ),
        Pending::Rescue { options, .. } => {
            ("Rescuing Captured Leaders", format!("the captured leaders here are {}", leader_names(options)))
        }
        Pending::AnswerRescue { .. } => {
            ("Action Cards", "only a card that answers a rescue can be used now, or `done`".into())
        }
        Pending::Follow { left } => (
            "Rescuing Captured Leaders",
            format!("only leaders of this mission may go along to the base: {}", leader_names(left)),
        ),
        Pending::Release { options, .. } => (
            "Regions",
            format!(
                "the leader is released in a system of the Rebel base's region: {}",
                system_names(options)
            ),
        ),
        Pending::Protect { options } => {
            ("Mission Cards", format!("pick one of your leaders: {}", leader_names(options)))
        }
        Pending::Bearer { options, .. } => (
            "Attachment Rings",
            format!("the ring goes to a leader using {}: {}", run.card.name(), leader_names(options)),
        ),
    };
    illegal(rule, format!("`{}` is not possible: {detail}", a.command()))
}

/// Applies the answer to the choice.
pub fn act(ctx: &mut Ctx, run: &mut CardRun, p: Pending, a: Action) -> Result<Next, RuleError> {
    let next = match (p, a) {
        (Pending::Closest { options }, Action::Pick(Pick::System { system }))
            if options.contains(&system) =>
        {
            take_captive(ctx, run, system);
            Next::Done
        }
        (Pending::Rescue { options, rescuers }, Action::Pick(Pick::Leader { leader }))
            if options.contains(&leader) =>
        {
            rescue(ctx, run, leader, rescuers)
        }
        (Pending::AnswerRescue { left }, Action::PlayAction { card }) => match answer(ctx, run, card, left) {
            Some(next) => next,
            None => return Err(run.wrong(&Action::PlayAction { card })),
        },
        (Pending::AnswerRescue { left }, Action::Done) => follow_next(left),
        (Pending::Follow { left }, Action::Pick(Pick::Leader { leader }))
            if followers(ctx.s, &left).contains(&leader) =>
        {
            let mut left = followers(ctx.s, &left);
            left.retain(|&x| x != leader);
            follow(ctx, run, leader);
            if left.is_empty() {
                Next::Done
            } else {
                Next::Wait(super::Pending::Leaders(Pending::Follow { left }))
            }
        }
        (Pending::Follow { .. }, Action::Done) => Next::Done,
        (Pending::Release { leader, options }, Action::Pick(Pick::System { system }))
            if options.contains(&system) =>
        {
            victory::rescue_to(ctx, leader, Place::System(system));
            run.rescued.push(leader);
            Next::Done
        }
        (Pending::Protect { options }, Action::Pick(Pick::Leader { leader }))
            if options.contains(&leader) =>
        {
            ctx.s.round_effects.unopposable.push(leader);
            ctx.public(EventKind::LeaderChange {
                leader,
                what: "cannot be opposed by leaders from the opponent's pool for the rest of the round"
                    .into(),
            });
            Next::Done
        }
        (Pending::Bearer { ring, options }, Action::Pick(Pick::Leader { leader }))
            if options.contains(&leader) =>
        {
            victory::attach_ring(ctx, leader, ring);
            Next::Done
        }
        (_, a) => return Err(run.wrong(&a)),
    };
    Ok(next)
}
