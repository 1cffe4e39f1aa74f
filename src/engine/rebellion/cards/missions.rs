//! Effects on the mission or the roll being resolved (special action cards): no opposition
//! from the pool, a leader moved in to oppose, a mission failed outright, dice set instead of
//! rolled, a leader captured after a rescue, a capture turned into an elimination.

use serde::{Deserialize, Serialize};

use super::combat::combat;
use super::run::{CardRun, Next};
use crate::content::*;
use crate::engine::rebellion::action::{Action, Pick};
use crate::engine::rebellion::combat::Combat;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::error::RuleError;
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::frame::{Decision, Frame};
use crate::engine::rebellion::mission::{MissionRun, dice_split, is_attempt};
use crate::engine::rebellion::state::State;
use crate::engine::rebellion::victory;

/// A missions-family effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "op", deny_unknown_fields)]
pub enum Op {
    /// The opponent may not send a leader from the pool to oppose this mission.
    ForbidPoolOpposition,
    /// The card's leader moves from wherever he is into the mission's system.
    MoveLeaderHere,
    /// The mission fails before any dice are rolled, if it needs this skill.
    FailMission {
        /// The mission's skill the card answers.
        skill: Skill,
    },
    /// Up to `max` of the player's dice are set to faces of their choice instead of rolled.
    SetDice {
        /// How many dice at most.
        max: u8,
    },
    /// Capture one of the leaders who carried out the mission (the player picks).
    CaptureMissionLeader,
    /// The leader just captured is eliminated instead, and the Rebels gain reputation.
    EliminateInstead {
        /// Reputation gained.
        reputation: u8,
    },
    /// Rise of the Empire (False Orders): an opponent's leader alone on a facedown mission goes
    /// back to its pool and the card back to its owner's hand, unrevealed (the player picks).
    RecallLoneLeader,
}

/// Opponent leaders alone on a facedown mission (public: everyone sees who went where).
fn lone_leaders(s: &State, f: Faction) -> Vec<LeaderId> {
    s.assignments.get(f.opponent()).iter().filter(|a| a.leaders.len() == 1).map(|a| a.leaders[0]).collect()
}

/// A missions-family choice in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {
    /// Which of the card's leaders moves in.
    Mover,
    /// The next die face to set, `left` more at most.
    Face {
        /// Dice still to set.
        left: u8,
    },
    /// Which mission leader to capture.
    Captive,
    /// Which lone opponent leader is called back (False Orders).
    Recall,
}

/// The mission being resolved (innermost).
pub fn mission(s: &State) -> Option<&MissionRun> {
    s.mission()
}

fn mission_mut<'a>(ctx: &'a mut Ctx) -> Option<&'a mut MissionRun> {
    ctx.s.mission_mut()
}

fn combat_mut<'a>(ctx: &'a mut Ctx) -> Option<&'a mut Combat> {
    ctx.s.combat_mut()
}

/// Whether the roll the card answers is a mission's (else a combat's): whichever of the two
/// was started last.
fn in_mission(s: &State) -> bool {
    for f in s.stack.iter().rev() {
        match f {
            Frame::Mission(_) => return true,
            Frame::Combat(_) => return false,
            _ => {}
        }
    }
    false
}

/// Dice the player could still set in the roll the card answers.
fn settable(s: &State, f: Faction) -> u32 {
    if in_mission(s) {
        // A card sets red or black dice, never green ones (an ability that says only "dice"
        // means red or black: Rise of the Empire).
        mission(s).map_or(0, |m| dice_split(s, m, f).0.saturating_sub(m.set_faces.get(f).len() as u32))
    } else {
        combat(s).map_or(0, |c| {
            let (black, red) = pool(c, f);
            (black + red).saturating_sub(c.mods.set_faces.iter().filter(|x| x.0 == f).count() as u32)
        })
    }
}

/// Black and red dice a faction rolls in its next attack of the combat (or the three Death
/// Star Plans dice, counted as black).
fn pool(c: &Combat, f: Faction) -> (u32, u32) {
    use crate::engine::rebellion::combat::Step;
    match c.step {
        Step::Roll { theater, side } if side == f => {
            let (b, r) = crate::engine::rebellion::combat::dice_pool(c, theater, side);
            (b as u32, r as u32)
        }
        Step::Plans => (3, 0),
        _ => (0, 0),
    }
}

/// The leaders who carried out the mission and whose capture would hold: free and in a system
/// with an Imperial unit. Anywhere else (the Rebel Base space, an unguarded system) a captive
/// is rescued again at once (Rules Reference, Rescuing Captured Leaders), so the card would do
/// nothing.
fn mission_leaders(s: &State) -> Vec<LeaderId> {
    let guarded = |l: LeaderId| {
        s.leader_place(l).is_some_and(|p| p.system().is_some() && s.has_units(p, Faction::Empire))
    };
    mission(s)
        .map_or(vec![], |m| m.leaders.iter().copied().filter(|&l| !s.is_captured(l) && guarded(l)).collect())
}

/// Whether the effect would do anything now.
pub fn can(s: &State, run: &CardRun, op: &Op) -> bool {
    match op {
        Op::ForbidPoolOpposition => mission(s).is_some_and(|m| is_attempt(m) && !m.no_pool_opposition),
        Op::MoveLeaderHere => {
            run.here.is_some() && run.leaders.iter().any(|&l| s.leader_place(l) != run.here)
        }
        Op::FailMission { skill } => mission(s).is_some_and(|m| catalog().mission(m.mission).skill == *skill),
        Op::SetDice { .. } => settable(s, run.faction) > 0,
        Op::CaptureMissionLeader => !mission_leaders(s).is_empty(),
        Op::EliminateInstead { .. } => run.leaders.iter().any(|&l| s.is_captured(l)),
        Op::RecallLoneLeader => !lone_leaders(s, run.faction).is_empty(),
    }
}

/// Carries out the effect.
pub fn start(ctx: &mut Ctx, run: &mut CardRun, op: Op) -> Next {
    match op {
        Op::ForbidPoolOpposition => {
            if let Some(m) = mission_mut(ctx) {
                m.no_pool_opposition = true;
            }
        }
        Op::FailMission { .. } => {
            if let Some(m) = mission_mut(ctx) {
                m.fails = true;
            }
        }
        Op::MoveLeaderHere => return Next::Wait(super::Pending::Missions(Pending::Mover)),
        Op::SetDice { max } => return Next::Wait(super::Pending::Missions(Pending::Face { left: max })),
        Op::CaptureMissionLeader => return Next::Wait(super::Pending::Missions(Pending::Captive)),
        Op::EliminateInstead { reputation } => {
            for l in run.leaders.clone() {
                if ctx.s.is_captured(l) {
                    eliminate(ctx, l);
                    victory::gain_reputation(ctx, reputation);
                    // "Instead of being captured": the capture never happened, so the captive
                    // it freed is held again.
                    victory::restore_freed_captives(ctx);
                }
            }
        }
        Op::RecallLoneLeader => return Next::Wait(super::Pending::Missions(Pending::Recall)),
    }
    Next::Done
}

/// Takes a leader out of the game (Rules Reference, Eliminating Leaders).
pub fn eliminate(ctx: &mut Ctx, l: LeaderId) {
    let f = ctx.s.leader_faction(l);
    if let Some(p) = ctx.s.leader_place(l) {
        ctx.s.zone_mut(p).leaders.get_mut(f).retain(|&x| x != l);
    }
    ctx.s.leader_pool.get_mut(f).retain(|&x| x != l);
    ctx.s.captured.retain(|&x| x != l);
    victory::remove_ring(ctx, l);
    // A turned leader leaves the game with its Lure of the Dark Side ring: it is no longer
    // anyone's turned leader (a turned leader is exactly one wearing that ring).
    ctx.s.turned.retain(|&x| x != l);
    ctx.s.eliminated.push(l);
    ctx.public(EventKind::LeaderChange { leader: l, what: "is eliminated from the game".into() });
}

fn faces(s: &State) -> Vec<(DieFace, Option<DieColor>)> {
    let useful = [DieFace::Hit, DieFace::DirectHit, DieFace::Special];
    if in_mission(s) {
        return useful.iter().map(|&f| (f, None)).collect();
    }
    let mut out = vec![];
    for color in [DieColor::Black, DieColor::Red] {
        for &f in &useful {
            out.push((f, Some(color)));
        }
    }
    out
}

/// The choice the effect waits for.
pub fn decision(s: &State, run: &CardRun, p: &Pending) -> Option<Decision> {
    let f = run.faction;
    let (mut actions, what): (Vec<Action>, String) = match p {
        Pending::Mover => (
            run.leaders
                .iter()
                .filter(|&&l| s.leader_place(l) != run.here)
                .map(|&leader| Action::Pick(Pick::Leader { leader }))
                .collect(),
            "pick the leader who moves into the mission's system".into(),
        ),
        Pending::Face { left } => {
            if settable(s, f) == 0 || *left == 0 {
                return None;
            }
            let mut v: Vec<Action> = vec![];
            for (face, color) in faces(s) {
                let pool_has = match (color, combat(s)) {
                    (Some(c), Some(cb)) if !in_mission(s) => {
                        let (black, red) = pool(cb, f);
                        let used = cb.mods.set_faces.iter().filter(|x| x.0 == f && x.1 == c).count() as u32;
                        (if c == DieColor::Black { black } else { red }) > used
                    }
                    _ => true,
                };
                if pool_has {
                    v.push(Action::Pick(Pick::Face { face, color }));
                }
            }
            (v, format!("set a die to the face you want ({left} more at most), or stop"))
        }
        Pending::Captive => (
            mission_leaders(s).into_iter().map(|leader| Action::Pick(Pick::Leader { leader })).collect(),
            "pick the leader to capture".into(),
        ),
        Pending::Recall => (
            lone_leaders(s, f).into_iter().map(|leader| Action::Pick(Pick::Leader { leader })).collect(),
            "pick an enemy leader alone on a mission: he goes back to the pool, the card to the hand".into(),
        ),
    };
    if actions.is_empty() {
        return None;
    }
    if matches!(p, Pending::Face { .. }) {
        actions.push(Action::Done);
    }
    Some(run.ask(f, actions, what))
}

/// Applies the answer to the choice.
pub fn act(ctx: &mut Ctx, run: &mut CardRun, p: Pending, a: Action) -> Result<Next, RuleError> {
    // `flow::apply` only lets through an answer the decision offered.
    let f = run.faction;
    match (p, a) {
        (Pending::Mover, Action::Pick(Pick::Leader { leader })) => {
            let Some(to) = run.here else { return Ok(Next::Done) };
            if let Some(from) = ctx.s.leader_place(leader) {
                ctx.s.zone_mut(from).leaders.get_mut(f).retain(|&l| l != leader);
            }
            ctx.s.zone_mut(to).leaders.get_mut(f).push(leader);
            ctx.public(EventKind::LeaderPlaced { leader, place: to });
            Ok(Next::Done)
        }
        (Pending::Face { left }, Action::Pick(Pick::Face { face, color })) => {
            if in_mission(ctx.s) {
                if let Some(m) = mission_mut(ctx) {
                    m.set_faces.get_mut(f).push(face);
                }
            } else if let Some(c) = combat_mut(ctx) {
                c.mods.set_faces.push((f, color.unwrap_or(DieColor::Black), face));
            }
            ctx.note(format_args!("{f} sets a die to {}", face.label()));
            if left > 1 {
                return Ok(Next::Wait(super::Pending::Missions(Pending::Face { left: left - 1 })));
            }
            Ok(Next::Done)
        }
        (Pending::Face { .. }, Action::Done) => Ok(Next::Done),
        (Pending::Captive, Action::Pick(Pick::Leader { leader })) => {
            victory::capture(ctx, leader);
            Ok(Next::Done)
        }
        (Pending::Recall, Action::Pick(Pick::Leader { leader })) => {
            let opp = f.opponent();
            let asg = ctx.s.assignments.get_mut(opp);
            if let Some(i) = asg.iter().position(|a| a.leaders == [leader]) {
                let a = asg.remove(i);
                ctx.s.hands.get_mut(opp).missions.push(a.mission);
                ctx.s.leader_pool.get_mut(opp).push(leader);
                ctx.public(EventKind::LeaderChange {
                    leader,
                    what: "goes back to the leader pool; his mission card goes back to the hand unrevealed"
                        .into(),
                });
            }
            Ok(Next::Done)
        }
        (_, a) => Err(run.wrong(&a)),
    }
}
