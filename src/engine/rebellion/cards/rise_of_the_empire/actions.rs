//! Effects of Rise of the Empire's action cards that answer the end of a combat: an own
//! leader sent back from the combat's system to the pool (Track Them), and a discarded
//! objective put back on top of the objective deck (Something to Fight For). Everything they
//! read is public.

use serde::{Deserialize, Serialize};

pub use super::pending::ActionsPending as Pending;
use crate::content::*;
use crate::engine::rebellion::action::{Action, Pick};
use crate::engine::rebellion::cards::ability::CardRun;
use crate::engine::rebellion::cards::next::Next;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::error::{RuleError, illegal};
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::frame::Decision;
use crate::engine::rebellion::state::State;

/// An effect of the expansion's end-of-combat action cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "op", deny_unknown_fields)]
pub enum Op {
    /// The player picks one of their leaders in this system (not captured); it goes back to
    /// their leader pool.
    RecallLeaderHere,
    /// The player picks an objective card from the objective discard pile; it goes on top of
    /// the objective deck.
    ObjectiveFromDiscard,
}

/// The player's free leaders in the run's system.
fn here_leaders(s: &State, run: &CardRun) -> Vec<LeaderId> {
    let Some(p) = run.here else { return vec![] };
    s.zone(p).leaders.get(run.faction).iter().copied().filter(|&l| !s.is_captured(l)).collect()
}

/// The objective discard pile, each card once, in the order it was filled.
fn discarded(s: &State) -> Vec<ObjectiveId> {
    let mut v: Vec<ObjectiveId> = vec![];
    for &o in &s.rote_cards.objective_discard {
        if !v.contains(&o) {
            v.push(o);
        }
    }
    v
}

/// Whether the effect would do anything now (public facts only: leaders on the board and the
/// face-up discard pile).
pub fn can(s: &State, run: &CardRun, op: &Op) -> bool {
    match op {
        Op::RecallLeaderHere => !here_leaders(s, run).is_empty(),
        Op::ObjectiveFromDiscard => !s.rote_cards.objective_discard.is_empty(),
    }
}

/// Starts the effect: both ask the player.
pub fn start(_ctx: &mut Ctx, _run: &mut CardRun, op: Op) -> Next {
    Next::Wait(crate::engine::rebellion::cards::Pending::RoteActions(match op {
        Op::RecallLeaderHere => Pending::Recall,
        Op::ObjectiveFromDiscard => Pending::Objective,
    }))
}

/// The choice the effect waits for.
pub fn decision(s: &State, run: &CardRun, p: &Pending) -> Option<Decision> {
    let (actions, what): (Vec<Action>, &str) = match p {
        Pending::Recall => (
            here_leaders(s, run).into_iter().map(|leader| Action::Pick(Pick::Leader { leader })).collect(),
            "pick your leader here who goes back to your leader pool",
        ),
        Pending::Objective => (
            discarded(s).into_iter().map(|card| Action::Pick(Pick::Objective { card })).collect(),
            "pick a discarded objective card to put on top of the objective deck",
        ),
    };
    if actions.is_empty() {
        return None;
    }
    Some(run.ask(run.faction, actions, what))
}

/// Why an answer is not one of the options.
pub fn explain(_s: &State, run: &CardRun, p: &Pending, a: &Action) -> RuleError {
    match (p, a) {
        (Pending::Recall, Action::Pick(Pick::Leader { leader })) => illegal(
            "Action Cards",
            format!("{} is not a free leader of yours in the combat's system", leader.name()),
        ),
        (Pending::Objective, Action::Pick(Pick::Objective { card })) => {
            illegal("Objective Cards", format!("{} is not in the objective discard pile", card.name()))
        }
        (_, a) => run.wrong(a),
    }
}

/// Applies the answer.
pub fn act(ctx: &mut Ctx, run: &mut CardRun, p: Pending, a: Action) -> Result<Next, RuleError> {
    match (&p, &a) {
        (Pending::Recall, Action::Pick(Pick::Leader { leader }))
            if here_leaders(ctx.s, run).contains(leader) =>
        {
            let Some(place) = run.here else { return Ok(Next::Done) };
            ctx.s.zone_mut(place).leaders.get_mut(run.faction).retain(|l| l != leader);
            ctx.s.leader_pool.get_mut(run.faction).push(*leader);
            ctx.public(EventKind::LeaderChange {
                leader: *leader,
                what: "returns to the leader pool".into(),
            });
            Ok(Next::Done)
        }
        (Pending::Objective, Action::Pick(Pick::Objective { card }))
            if ctx.s.rote_cards.objective_discard.contains(card) =>
        {
            let pile = &mut ctx.s.rote_cards.objective_discard;
            let i = pile.iter().rposition(|o| o == card).expect("checked");
            pile.remove(i);
            ctx.s.decks.objectives.insert(0, *card);
            ctx.note(format_args!("{}: {} goes on top of the objective deck", run.card.name(), card.name()));
            Ok(Next::Done)
        }
        _ => Err(explain(ctx.s, run, &p, &a)),
    }
}
