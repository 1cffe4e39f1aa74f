//! Rise of the Empire's leader pool limit: a player who ever has more than 8 leaders in the
//! leader pool chooses 8 to keep and eliminates the rest from the game. The flow checks the
//! pools after every step (`flow::advance`) and, when one is over, puts this step on top of
//! whatever was going on; the owner eliminates one leader at a time until 8 remain, or first
//! uses a card that answers it (Ambitions of Power raises the limit by one for the game).

use crate::content::*;
use crate::engine::rebellion::action::{Action, Pick};
use crate::engine::rebellion::cards::Trigger;
use crate::engine::rebellion::cards::actions::{self, Moment};
use crate::engine::rebellion::cards::missions::eliminate;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::error::{RuleError, illegal};
pub use crate::engine::rebellion::frame::rise_of_the_empire::PoolLimit;
use crate::engine::rebellion::frame::{Decision, Frame, Frames, PromptKind};
use crate::engine::rebellion::state::State;

/// The most leaders a leader pool may hold with the expansion.
pub const POOL_LIMIT: usize = 8;

/// The most leaders a faction's pool may hold now: 8, plus what its cards added.
pub fn limit(s: &State, f: Faction) -> usize {
    POOL_LIMIT + *s.rote_cards.pool_bonus.get(f) as usize
}

/// How many leaders a faction's pool holds beyond its limit (0 in a base match).
pub fn over_by(s: &State, f: Faction) -> usize {
    if !s.has_set(ContentSet::RiseOfTheEmpire) {
        return 0;
    }
    s.leader_pool.get(f).len().saturating_sub(limit(s, f))
}

/// The faction whose leader pool is over the limit, if the match has the expansion and one is
/// (the Rebels first).
pub fn over(s: &State) -> Option<Faction> {
    Faction::BOTH.into_iter().find(|&f| over_by(s, f) > 0)
}

fn moment() -> Moment {
    Moment::Trigger { trigger: Trigger::PoolOverLimit, place: None, mission_leaders: vec![], captured: None }
}

/// The owner's choice of the next leader to eliminate (none once the pool is within the limit).
pub fn decision(s: &State, p: &PoolLimit) -> Option<Decision> {
    let pool = s.leader_pool.get(p.faction);
    if over_by(s, p.faction) == 0 {
        return None;
    }
    // The owner is asked anyway (a leader must go), so offering a card here tells nothing.
    let mut actions: Vec<Action> = actions::usable(s, p.faction, &moment())
        .into_iter()
        .map(|card| Action::PlayAction { card })
        .collect();
    // The team game: from the pool of the player who holds more leaders.
    let colours = crate::engine::rebellion::team::trim_colours(s, p.faction);
    actions.extend(
        pool.iter()
            .filter(|&&l| colours.contains(&crate::engine::rebellion::team::colour(l)))
            .map(|&leader| Action::Pick(Pick::Leader { leader })),
    );
    let mut d = Decision::new(p.faction, PromptKind::TrimLeaderPool, actions);
    d.context.push(format!(
        "your leader pool holds {} leaders, more than {}: pick one to eliminate from the game",
        pool.len(),
        limit(s, p.faction)
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
        Action::PlayAction { card } => match actions::usable_run(ctx.s, p.faction, card, &moment()) {
            Some(run) if ctx.s.hands.get(p.faction).actions.contains(&card) => {
                // The card takes effect at once, before the pool is looked at again (the flow
                // would otherwise find it still over the limit and ask for a leader first).
                let mut frames = vec![Frame::PoolLimit(p)];
                if let Frame::Card(run) = actions::play(ctx, p.faction, card, run) {
                    frames.extend(crate::engine::rebellion::cards::run::auto(ctx, run));
                }
                Ok(frames)
            }
            _ => Err(refusal(&Action::PlayAction { card })),
        },
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
