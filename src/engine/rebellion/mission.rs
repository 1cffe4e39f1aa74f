//! Revealing and resolving missions: requirements, where they happen, opposition and dice.

use serde::{Deserialize, Serialize};

use super::action::{Action, Target};
use super::cards::{self, CardRef, CardRun, DiceBonus};
use super::error::{RuleError, illegal};
use super::event::EventKind;
use super::flow::{Ctx, Decision, Frame, Frames, PromptKind};
use super::state::{Assignment, Place, State};
use crate::content::*;

/// The most dice one side rolls for a mission.
pub const MISSION_DICE_CAP: u32 = 10;

/// Where a revealed mission stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MissionStep {
    /// The opponent may send a leader to oppose.
    Oppose,
    /// Dice are rolled (or the mission succeeds unopposed).
    Roll,
    /// The card's ability starts (a card frame carries it out).
    Effect,
    /// The card returns to hand or is discarded.
    Finish,
}

/// One revealed mission in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MissionRun {
    /// Who revealed it.
    pub faction: Faction,
    /// The card.
    pub mission: MissionId,
    /// The leaders assigned to it.
    pub leaders: Vec<LeaderId>,
    /// Where it happens.
    pub place: Option<Place>,
    /// The leader it is attempted against.
    pub target: Option<LeaderId>,
    /// The current step.
    pub step: MissionStep,
}

/// Whether a mission's ability is declared (the catalog test requires it of every card).
pub fn implemented(m: MissionId) -> bool {
    cards::mission_behavior(m).effects.is_some()
}

/// Skill icons of a leader that count for this mission.
pub fn icons(m: MissionId, l: LeaderId) -> u32 {
    let md = catalog().mission(m);
    let ld = catalog().leader(l);
    if md.count_all_skills { ld.skills.iter().map(|&x| x as u32).sum() } else { ld.skill(md.skill) as u32 }
}

/// Whether the assigned leaders meet the mission's skill requirement.
pub fn requirement_met(asg: &Assignment) -> bool {
    let need = catalog().mission(asg.mission).requirement as u32;
    asg.leaders.iter().map(|&l| icons(asg.mission, l)).sum::<u32>() >= need
}

fn has_unit_of(s: &State, sys: SystemId, f: Faction, pred: impl Fn(&UnitDef) -> bool) -> bool {
    s.units(Place::System(sys), f).iter().any(|(u, _)| pred(catalog().unit(u)))
}

/// Whether a system meets one mission condition.
pub fn system_ok(s: &State, sys: SystemId, cond: &TargetCondition) -> bool {
    use TargetCondition::*;
    let c = catalog();
    let st = s.sys(sys);
    let p = Place::System(sys);
    match cond {
        Populous => c.system(sys).populous && !st.destroyed,
        Remote => !c.system(sys).populous && !st.destroyed,
        ContainsImperialUnit => s.has_units(p, Faction::Empire),
        ContainsImperialShip => has_unit_of(s, sys, Faction::Empire, |u| u.theater == Theater::Space),
        NoImperialUnit => !s.has_units(p, Faction::Empire),
        NoRebelUnit => !s.has_units(p, Faction::Rebel),
        RebelSystem => s.is_rebel_system(sys),
        ImperialSystem => s.is_imperial_system(sys),
        ImperialLoyalty => st.loyalty == Some(Faction::Empire),
        Subjugated => st.subjugated,
        NoSabotageMarker => !st.sabotaged,
        Sabotaged => st.sabotaged,
        ContainsCapturedLeader => st.zone.leaders.rebel.iter().any(|l| s.is_captured(*l)),
        Named(x) => *x == sys,
        ContainsAny(units) => units.iter().any(|&u| s.units(p, Faction::Empire).count(u) > 0),
        HasIcon(icon) => c.system(sys).icons.contains(icon),
        CapturedLeader | RebelLeaderOnBoard | LeaderSystemContainsImperialUnit => true,
    }
}

/// Whether a leader meets one "against a leader" condition.
pub fn leader_ok(s: &State, l: LeaderId, cond: &TargetCondition) -> bool {
    use TargetCondition::*;
    let Some(p) = s.leader_place(l) else { return false };
    match cond {
        CapturedLeader => s.is_captured(l),
        RebelLeaderOnBoard => s.leader_faction(l) == Faction::Rebel,
        LeaderSystemContainsImperialUnit => s.has_units(p, Faction::Empire),
        other => match p {
            Place::System(sys) => system_ok(s, sys, other),
            Place::BaseSpace => false,
        },
    }
}

/// Every legal target for revealing an assignment (empty if it cannot be revealed).
pub fn reveal_targets(s: &State, f: Faction, asg: &Assignment) -> Vec<Option<Target>> {
    let d = catalog().mission(asg.mission);
    if !requirement_met(asg) || !implemented(asg.mission) {
        return vec![];
    }
    // Boba Fett? Where?: no Rebel mission in the system he watches this round.
    let locked = |x: SystemId| f == Faction::Rebel && s.round_effects.locked.contains(&x);
    match d.target {
        MissionTargetKind::System => SystemId::all()
            .filter(|&x| !locked(x))
            .filter(|&x| d.conditions.iter().all(|c| system_ok(s, x, c)))
            .map(|x| Some(Target::Place(Place::System(x))))
            .collect(),
        MissionTargetKind::RebelBaseSpace => vec![None],
        MissionTargetKind::AgainstLeader => LeaderId::all()
            .filter(|&l| s.leader_faction(l) != f || s.is_captured(l))
            .filter(|&l| s.leader_place(l).and_then(Place::system).is_some_and(|x| !locked(x)))
            .filter(|&l| d.conditions.iter().all(|c| leader_ok(s, l, c)))
            .map(|l| Some(Target::Leader(l)))
            .collect(),
        MissionTargetKind::None => vec![None],
    }
}

/// Reveals a mission: takes it off the facedown pile and places its leaders.
pub fn start(ctx: &mut Ctx, f: Faction, mission: MissionId, target: Option<Target>) -> Frame {
    let asgs = ctx.s.assignments.get_mut(f);
    let i = asgs.iter().position(|a| a.mission == mission).expect("checked legal");
    let asg = asgs.remove(i);
    let d = catalog().mission(mission);
    let (place, leader) = match target {
        Some(Target::Place(p)) => (Some(p), None),
        Some(Target::Leader(l)) => (ctx.s.leader_place(l), Some(l)),
        None => match d.target {
            MissionTargetKind::RebelBaseSpace => (Some(ctx.s.base_place()), None),
            _ => (None, None),
        },
    };
    match place {
        Some(p) => {
            for &l in &asg.leaders {
                ctx.s.zone_mut(p).leaders.get_mut(f).push(l);
            }
        }
        None => ctx.s.leader_pool.get_mut(f).extend(asg.leaders.iter().copied()),
    }
    ctx.public(EventKind::MissionRevealed { faction: f, mission, place });
    let step = if d.mode == MissionMode::Attempt { MissionStep::Oppose } else { MissionStep::Effect };
    Frame::Mission(MissionRun { faction: f, mission, leaders: asg.leaders, place, target: leader, step })
}

/// The frame that carries out a successful mission's ability.
fn ability(run: &MissionRun) -> Frame {
    let effects = cards::mission_behavior(run.mission).effects.clone().unwrap_or_default();
    let mut card = CardRun::new(CardRef::Mission(run.mission), run.faction, effects);
    card.here = run.place;
    card.leaders = run.leaders.clone();
    card.target = run.target;
    Frame::Card(Box::new(card))
}

/// The mission's pending decision.
pub fn decision(s: &State, run: &MissionRun) -> Option<Decision> {
    match run.step {
        MissionStep::Oppose => {
            let opp = run.faction.opponent();
            // Misdirection: no leader from the pool may oppose these leaders this round.
            if run.leaders.iter().any(|l| s.round_effects.unopposable.contains(l)) {
                return None;
            }
            let mut actions: Vec<Action> =
                s.leader_pool.get(opp).iter().map(|&leader| Action::Oppose { leader }).collect();
            actions.push(Action::Done);
            Some(Decision::new(opp, PromptKind::Oppose, actions))
        }
        _ => None,
    }
}

/// Applies a mission decision.
pub fn act(ctx: &mut Ctx, mut run: MissionRun, a: Action) -> Result<Frames, RuleError> {
    match (run.step, a) {
        (MissionStep::Oppose, Action::Oppose { leader }) => {
            let opp = run.faction.opponent();
            ctx.s.leader_pool.get_mut(opp).retain(|&l| l != leader);
            if let Some(p) = run.place {
                ctx.s.zone_mut(p).leaders.get_mut(opp).push(leader);
                ctx.public(EventKind::LeaderPlaced { leader, place: p });
            }
            run.step = MissionStep::Roll;
            Ok(vec![Frame::Mission(run)])
        }
        (MissionStep::Oppose, Action::Done) => {
            run.step = MissionStep::Roll;
            Ok(vec![Frame::Mission(run)])
        }
        (_, a) => Err(illegal("Mission Cards", format!("`{}` is not possible now", a.command()))),
    }
}

/// Dice a side rolls: its leaders' matching icons (plus card bonuses), at most 10.
fn dice_for(s: &State, run: &MissionRun, side: Faction) -> (u32, bool) {
    let Some(p) = run.place else { return (0, false) };
    let mut leaders = s.active_leaders(p, side);
    if let Some(t) = run.target
        && s.is_captured(t)
        && s.leader_faction(t) == side
        && !leaders.contains(&t)
    {
        leaders.push(t);
    }
    let present = !leaders.is_empty();
    let mut n: u32 = leaders.iter().map(|&l| icons(run.mission, l)).sum();
    if side == run.faction {
        n += extra_dice(s, run);
    }
    (n.min(MISSION_DICE_CAP), present)
}

/// Extra dice the revealing player's card gives.
fn extra_dice(s: &State, run: &MissionRun) -> u32 {
    let bonus = |b: &DiceBonus| match b.when {
        cards::DiceCondition::OwnUnitHere => run.place.is_some_and(|p| s.has_units(p, run.faction)),
    };
    cards::mission_behavior(run.mission).dice.iter().filter(|b| bonus(b)).map(|b| b.extra as u32).sum()
}

/// Extra successes a card promised these leaders for their next mission this round
/// (Contingency Plan), used up now.
fn take_bonus(ctx: &mut Ctx, leaders: &[LeaderId]) -> u32 {
    let bonus = &mut ctx.s.round_effects.bonus;
    let n = bonus.iter().filter(|(l, _)| leaders.contains(l)).map(|(_, n)| *n as u32).sum();
    bonus.retain(|(l, _)| !leaders.contains(l));
    n
}

/// Runs the automatic mission steps: the roll, an effect without choices, and the end.
pub fn auto(ctx: &mut Ctx, mut run: MissionRun) -> Frames {
    match run.step {
        MissionStep::Oppose => {
            // Nobody may be sent to oppose (Misdirection): straight to the roll.
            if decision(ctx.s, &run).is_none() {
                run.step = MissionStep::Roll;
            }
            vec![Frame::Mission(run)]
        }
        MissionStep::Roll => {
            let (own, _) = dice_for(ctx.s, &run, run.faction);
            let (opp, opposed) = dice_for(ctx.s, &run, run.faction.opponent());
            let success = if !opposed {
                ctx.note(format!("{} is unopposed", run.mission.name()));
                true
            } else {
                let mine = ctx.roll(own as usize);
                let theirs = ctx.roll(opp as usize);
                let portrait = catalog().mission(run.mission).portrait;
                let mut bonus = if portrait.is_some_and(|p| run.leaders.contains(&p)) { 2 } else { 0 };
                bonus += take_bonus(ctx, &run.leaders);
                let a: u32 = mine.iter().map(|f| f.mission_successes()).sum::<u32>() + bonus;
                let b: u32 = theirs.iter().map(|f| f.mission_successes()).sum();
                ctx.public(EventKind::DiceRolled {
                    faction: run.faction,
                    purpose: format!("{} ({a} successes)", run.mission.name()),
                    faces: mine,
                });
                ctx.public(EventKind::DiceRolled {
                    faction: run.faction.opponent(),
                    purpose: format!("opposing ({b} successes)"),
                    faces: theirs,
                });
                a > b
            };
            ctx.public(EventKind::MissionResult { mission: run.mission, success });
            if success {
                run.step = MissionStep::Effect;
            } else {
                run.step = MissionStep::Finish;
            }
            vec![Frame::Mission(run)]
        }
        MissionStep::Effect => {
            run.step = MissionStep::Finish;
            let card = ability(&run);
            vec![Frame::Mission(run), card]
        }
        MissionStep::Finish => {
            let d = catalog().mission(run.mission);
            let f = run.faction;
            if d.starting {
                ctx.s.hands.get_mut(f).missions.push(run.mission);
            } else if d.project {
                ctx.s.decks.project_discard.push(run.mission);
            } else {
                ctx.s.decks.mission_discard.get_mut(f).push(run.mission);
            }
            vec![]
        }
    }
}

/// Explains why a mission cannot be revealed as asked.
pub fn explain(s: &State, f: Faction, asg: &Assignment) -> RuleError {
    let d = catalog().mission(asg.mission);
    if !implemented(asg.mission) {
        return RuleError::NotImplemented { card: d.name.clone() };
    }
    if !requirement_met(asg) {
        return illegal(
            "Mission Cards",
            format!(
                "the leaders on {} do not have enough {:?} icons ({} needed)",
                d.name, d.skill, d.requirement
            ),
        );
    }
    let targets = reveal_targets(s, f, asg);
    if targets.is_empty() {
        return illegal("Mission Cards", format!("{} has no legal place to be resolved now", d.name));
    }
    illegal("Mission Cards", format!("that is not a legal target for {}: {}", d.name, d.text))
}
