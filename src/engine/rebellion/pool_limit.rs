//! Rise of the Empire's leader pool limit: a player who ever has more than 8 leaders in the
//! leader pool chooses 8 to keep and eliminates the rest from the game. The flow checks the
//! pools after every step (`flow::advance`) and, when one is over, puts this step on top of
//! whatever was going on; the owner eliminates one leader at a time until 8 remain.

use serde::{Deserialize, Serialize};

use super::action::{Action, Pick};
use super::cards::missions::eliminate;
use super::error::{RuleError, illegal};
use super::flow::{Ctx, Decision, Frame, Frames, PromptKind};
use super::state::State;
use crate::content::*;

/// The most leaders a leader pool may hold with the expansion.
pub const POOL_LIMIT: usize = 8;

/// A faction eliminating leaders from its pool down to the limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PoolLimit {
    /// Whose pool.
    pub faction: Faction,
}

/// The faction whose leader pool is over the limit, if the match has the expansion and one is
/// (the Rebels first).
pub fn over(s: &State) -> Option<Faction> {
    if !s.has_set(ContentSet::RiseOfTheEmpire) {
        return None;
    }
    Faction::BOTH.into_iter().find(|&f| s.leader_pool.get(f).len() > POOL_LIMIT)
}

/// The owner's choice of the next leader to eliminate (none once the pool is within the limit).
pub fn decision(s: &State, p: &PoolLimit) -> Option<Decision> {
    let pool = s.leader_pool.get(p.faction);
    if pool.len() <= POOL_LIMIT {
        return None;
    }
    let actions = pool.iter().map(|&leader| Action::Pick(Pick::Leader { leader })).collect();
    let mut d = Decision::new(p.faction, PromptKind::TrimLeaderPool, actions);
    d.context.push(format!(
        "your leader pool holds {} leaders, more than {POOL_LIMIT}: pick one to eliminate from the game",
        pool.len()
    ));
    Some(d)
}

/// Eliminates the picked leader; the step goes on while the pool is still over the limit.
pub fn act(ctx: &mut Ctx, p: PoolLimit, a: Action) -> Result<Frames, RuleError> {
    match a {
        Action::Pick(Pick::Leader { leader }) if ctx.s.leader_pool.get(p.faction).contains(&leader) => {
            eliminate(ctx, leader);
            Ok(vec![Frame::PoolLimit(p)])
        }
        other => Err(refusal(&other)),
    }
}

/// Why an answer is refused at this step.
pub fn refusal(a: &Action) -> RuleError {
    illegal(
        "Leader Pool Limit",
        format!("`{}` is not possible: pick a leader of your pool to eliminate", a.command()),
    )
}

/// Ends the step once the pool is within the limit.
pub fn auto(_ctx: &mut Ctx, _p: PoolLimit) -> Frames {
    vec![]
}
