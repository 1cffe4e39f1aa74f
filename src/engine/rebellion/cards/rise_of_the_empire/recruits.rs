//! Effects that bring leaders onto the board or send them off it (Rise of the Empire):
//! recruiting a leader straight into this system, drawing an enemy leader out of its pool,
//! sending the card's leaders back to the pool or to a named system, and eliminating the
//! captive a mission was attempted against.

use serde::{Deserialize, Serialize};

pub use super::pending::RecruitsPending as Pending;
use crate::content::*;
use crate::engine::rebellion::action::{Action, Pick};
use crate::engine::rebellion::cards::ability::CardRun;
use crate::engine::rebellion::cards::missions::eliminate;
use crate::engine::rebellion::cards::next::Next;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::error::{RuleError, illegal};
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::frame::Decision;
use crate::engine::rebellion::phases::recruit;
use crate::engine::rebellion::state::{Place, State};

/// Which leaders a recruit may bring, by their tactic values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tactics {
    /// Leaders with no tactic value at all (Hire Mercenaries).
    None,
    /// Leaders with a space or ground tactic value (Imperial Promotion).
    Some,
}

/// A recruits-family effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "op", deny_unknown_fields)]
pub enum Op {
    /// The card's faction recruits one leader not yet in the game into this system (the player
    /// picks): one of `leaders` when given, else any of its leaders whose tactic values fit.
    RecruitOne {
        /// The leaders the card names.
        #[serde(default)]
        leaders: Vec<LeaderId>,
        /// Or: the tactic values the leader has.
        #[serde(default)]
        tactics: Option<Tactics>,
    },
    /// The card's player picks a leader in the opponent's leader pool; it moves into this system.
    PullFromPool,
    /// The leaders using the card go back to their leader pool.
    ReturnToPool,
    /// With at least `min_leaders` on the card, the leaders using it move to `system`.
    MoveLeadersTo {
        /// The destination.
        system: SystemId,
        /// How many leaders the card needs.
        min_leaders: u8,
    },
    /// The captive the mission was attempted against is eliminated from the game.
    EliminateTarget,
}

fn recruitable(s: &State, f: Faction, leaders: &[LeaderId], tactics: Option<Tactics>) -> Vec<LeaderId> {
    let fits = |l: LeaderId| {
        let d = catalog().leader(l);
        let any = d.space_tactics + d.ground_tactics > 0;
        let named = leaders.is_empty() || leaders.contains(&l);
        let by_tactics = match tactics {
            None => true,
            Some(Tactics::None) => !any,
            Some(Tactics::Some) => any,
        };
        d.faction == f && named && by_tactics && s.has_set(d.set) && !recruit::in_game(s, l)
    };
    LeaderId::all().filter(|&l| fits(l) && !is_promoted_token(l)).collect()
}

/// Leaders that only enter play by replacing another's token (Luke Skywalker, Jedi).
fn is_promoted_token(l: LeaderId) -> bool {
    catalog().leader(l).id == "luke_skywalker_jedi"
}

/// Whether the effect would do anything now.
pub fn can(s: &State, run: &CardRun, op: &Op) -> bool {
    match op {
        Op::RecruitOne { leaders, tactics } => {
            run.here.is_some() && !recruitable(s, run.faction, leaders, *tactics).is_empty()
        }
        Op::PullFromPool => run.here.is_some() && !s.leader_pool.get(run.faction.opponent()).is_empty(),
        Op::ReturnToPool => !run.leaders.is_empty(),
        Op::MoveLeadersTo { min_leaders, .. } => run.leaders.len() >= *min_leaders as usize,
        Op::EliminateTarget => run.target.is_some_and(|t| s.is_captured(t)),
    }
}

fn lift(s: &mut State, f: Faction, l: LeaderId) {
    if let Some(p) = s.leader_place(l) {
        s.zone_mut(p).leaders.get_mut(f).retain(|&x| x != l);
    }
}

/// Carries out the effect.
pub fn start(ctx: &mut Ctx, run: &mut CardRun, op: Op) -> Next {
    let f = run.faction;
    match op {
        Op::RecruitOne { leaders, tactics } => {
            let options = recruitable(ctx.s, f, &leaders, tactics);
            match options.as_slice() {
                [] => {}
                [only] => bring(ctx, run, *only),
                _ => {
                    return Next::Wait(crate::engine::rebellion::cards::Pending::Recruits(
                        Pending::Recruit { options },
                    ));
                }
            }
        }
        Op::PullFromPool => {
            if !ctx.s.leader_pool.get(f.opponent()).is_empty() {
                return Next::Wait(crate::engine::rebellion::cards::Pending::Recruits(Pending::Pull));
            }
        }
        Op::ReturnToPool => {
            for &l in &run.leaders {
                if ctx.s.is_captured(l) || ctx.s.leader_place(l).is_none() {
                    continue;
                }
                lift(ctx.s, f, l);
                ctx.s.leader_pool.get_mut(f).push(l);
                ctx.public(EventKind::LeaderChange {
                    leader: l,
                    what: "goes back to the leader pool".into(),
                });
            }
        }
        Op::MoveLeadersTo { system, min_leaders } => {
            if run.leaders.len() >= min_leaders as usize {
                for &l in &run.leaders {
                    if ctx.s.is_captured(l) || ctx.s.leader_place(l).is_none() {
                        continue;
                    }
                    lift(ctx.s, f, l);
                    ctx.s.zone_mut(Place::System(system)).leaders.get_mut(f).push(l);
                    ctx.public(EventKind::LeaderPlaced { leader: l, place: Place::System(system) });
                }
            }
        }
        Op::EliminateTarget => {
            if let Some(t) = run.target.filter(|&t| ctx.s.is_captured(t)) {
                eliminate(ctx, t);
            }
        }
    }
    Next::Done
}

/// Recruits a leader into this system.
fn bring(ctx: &mut Ctx, run: &CardRun, l: LeaderId) {
    if let Some(here) = run.here {
        ctx.s.zone_mut(here).leaders.get_mut(run.faction).push(l);
        ctx.public(EventKind::LeaderChange { leader: l, what: format!("is recruited in {here}") });
    }
}

/// The choice the effect waits for.
pub fn decision(s: &State, run: &CardRun, p: &Pending) -> Option<Decision> {
    let (leaders, what) = match p {
        Pending::Recruit { options } => (options.clone(), "pick the leader to recruit here"),
        Pending::Pull => {
            (s.leader_pool.get(run.faction.opponent()).clone(), "pick an enemy pool leader to draw here")
        }
    };
    if leaders.is_empty() {
        return None;
    }
    let actions = leaders.into_iter().map(|leader| Action::Pick(Pick::Leader { leader })).collect();
    Some(run.ask(run.faction, actions, what))
}

/// Why an answer is not one of the options, naming the rule.
pub fn explain(_s: &State, run: &CardRun, p: &Pending, a: &Action) -> RuleError {
    match (p, a) {
        (Pending::Recruit { .. }, Action::Pick(Pick::Leader { leader })) => illegal(
            "Recruiting Leaders",
            format!("{} cannot be recruited by {}", leader.name(), run.card.name()),
        ),
        (Pending::Pull, Action::Pick(Pick::Leader { leader })) => {
            illegal("Leader Pool", format!("{} is not in the opponent's leader pool", leader.name()))
        }
        (_, a) => run.wrong(a),
    }
}

/// Applies the answer to the choice.
pub fn act(ctx: &mut Ctx, run: &mut CardRun, p: Pending, a: Action) -> Result<Next, RuleError> {
    match (&p, &a) {
        (Pending::Recruit { options }, Action::Pick(Pick::Leader { leader })) if options.contains(leader) => {
            bring(ctx, run, *leader);
            Ok(Next::Done)
        }
        (Pending::Pull, Action::Pick(Pick::Leader { leader }))
            if ctx.s.leader_pool.get(run.faction.opponent()).contains(leader) =>
        {
            let (opp, l) = (run.faction.opponent(), *leader);
            ctx.s.leader_pool.get_mut(opp).retain(|&x| x != l);
            if let Some(here) = run.here {
                ctx.s.zone_mut(here).leaders.get_mut(opp).push(l);
                ctx.public(EventKind::LeaderPlaced { leader: l, place: here });
            }
            Ok(Next::Done)
        }
        _ => Err(explain(ctx.s, run, &p, &a)),
    }
}
