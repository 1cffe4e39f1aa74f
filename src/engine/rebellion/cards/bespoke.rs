//! The few card abilities no effect family fits, each a small named function.

use serde::{Deserialize, Serialize};

use super::leaders::counts_as;
use super::rise_of_the_empire;
use super::run::{CardRun, Next};
use crate::content::*;
use crate::engine::rebellion::action::{Action, Pick};
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::error::{RuleError, illegal};
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::frame::{Decision, Frame};
use crate::engine::rebellion::phases::assignment::distinct;
use crate::engine::rebellion::state::{Assignment, State};

/// Extra successes a card promises one leader for its next mission this round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bonus {
    /// The leader (among those using the card).
    pub leader: LeaderId,
    /// How many successes.
    pub successes: u8,
}

/// A bespoke ability, by card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "op", deny_unknown_fields)]
pub enum Op {
    /// Rapid Mobilization: the choice waits for the end of the Command Phase (`mobilize.rs`).
    RapidMobilization,
    /// Contingency Plan: the card's leaders move onto a starting mission in the player's hand
    /// (even one used this round) as a new facedown assignment; `bonus` gives a leader who was
    /// on the card extra successes for its next mission this round.
    ContingencyPlan {
        /// The extra successes, if that leader was on the card.
        #[serde(default)]
        bonus: Option<Bonus>,
    },
    /// Single Reactor Ignition: the hidden Rebel base in this system is revealed, then every
    /// Rebel ground unit here is destroyed (`rise_of_the_empire/bespoke.rs`).
    SingleReactorIgnition,
    /// Discredit Rebellion: the Rebels choose — every sabotage marker leaves the board, or they
    /// roll `dice` dice (more with `if_leader`) and lose 1 reputation on any success.
    DiscreditRebellion {
        /// Dice rolled.
        dice: u8,
        /// A different number when this leader uses the card.
        #[serde(default)]
        if_leader: Option<super::intel::IfLeader>,
    },
    /// We're the Bait: the Empire picks Rebel ground units in the Rebel Base space, with at
    /// most `max_health` health in total; they move into this system.
    WereTheBait {
        /// The most health moved in total.
        max_health: u8,
    },
    /// Break Their Will: the Empire names a system; the Rebels say, for everyone, whether their
    /// base is in its region.
    AskBaseInNamedRegion,
    /// Subversion: nothing happens when the card resolves; it acts in the opponent's opposition
    /// step instead (`mission/mod.rs`, the card's `opposes`).
    Subversion,
    /// Rise of the Empire, Ambitions of Power: the card's faction may hold one leader more in
    /// its pool for the rest of the game (`pool_limit.rs`).
    AmbitionsOfPower,
}

/// A bespoke card's choice in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {
    /// Contingency Plan: the starting mission the leaders move onto.
    StartingMission,
    /// Discredit Rebellion: the Rebels' choice (`mode 1` markers, `mode 2` dice).
    Discredit {
        /// Dice rolled with `mode 2`.
        dice: u8,
    },
    /// We're the Bait: the next Rebel ground unit to bring, or `done`.
    Bait {
        /// Health still allowed.
        left: u8,
    },
    /// Break Their Will: the system to name.
    NameSystem,
}

/// The starting missions in a faction's hand (a used starting mission is back in hand).
fn starting_in_hand(s: &State, f: Faction) -> Vec<MissionId> {
    distinct(&s.hands.get(f).missions).into_iter().filter(|&m| catalog().mission(m).starting).collect()
}

/// The card's leaders still in the pool (where a mission without a system leaves them).
fn waiting_leaders(s: &State, run: &CardRun) -> Vec<LeaderId> {
    run.leaders.iter().copied().filter(|l| s.leader_pool.get(run.faction).contains(l)).collect()
}

/// Whether the ability would do anything now.
pub fn can(s: &State, run: &CardRun, op: &Op) -> bool {
    match op {
        Op::RapidMobilization => true,
        Op::ContingencyPlan { .. } => {
            !starting_in_hand(s, run.faction).is_empty() && !waiting_leaders(s, run).is_empty()
        }
        Op::AmbitionsOfPower => {
            crate::engine::rebellion::rise_of_the_empire::pool_limit::over_by(s, run.faction) > 0
        }
        other => rise_of_the_empire::bespoke::can(s, run, other),
    }
}

/// Carries out the ability.
pub fn start(ctx: &mut Ctx, run: &mut CardRun, op: Op) -> Next {
    match op {
        Op::RapidMobilization => rapid_mobilization(ctx, run),
        Op::AmbitionsOfPower => {
            *ctx.s.rote_cards.pool_bonus.get_mut(run.faction) += 1;
            let limit = crate::engine::rebellion::rise_of_the_empire::pool_limit::limit(ctx.s, run.faction);
            ctx.note(format_args!(
                "{}: the {} leader pool may hold {limit} leaders from now on",
                run.card.name(),
                run.faction
            ));
            Next::Done
        }
        Op::ContingencyPlan { bonus } => {
            if let Some(b) = bonus
                && let Some(&l) = run.leaders.iter().find(|&&l| counts_as(l, b.leader))
            {
                ctx.s.round_effects.bonus.push((l, b.successes));
                ctx.public(EventKind::LeaderChange {
                    leader: l,
                    what: format!("adds {} successes to its next mission this round", b.successes),
                });
            }
            // Asked whenever leaders wait to move, whatever the hand holds: skipping the choice
            // when no starting mission is in hand (or taking the only one) would tell the
            // opponent where the starting missions are (`asking.rs`).
            if waiting_leaders(ctx.s, run).is_empty() {
                Next::Done
            } else {
                Next::Wait(super::Pending::Bespoke(Pending::StartingMission))
            }
        }
        other => rise_of_the_empire::bespoke::start(ctx, run, other),
    }
}

/// Rapid Mobilization records itself on the Command Phase; the Rebels choose at its end.
fn rapid_mobilization(ctx: &mut Ctx, run: &CardRun) -> Next {
    // The team game: the player who revealed it decides it then.
    let team = crate::engine::rebellion::team::is_team(ctx.s);
    let by = crate::engine::rebellion::team::turn_role(ctx.s, Faction::Rebel);
    for f in ctx.s.stack.iter_mut().rev() {
        if let Frame::Command(c) = f {
            c.mobilizations.push(run.leaders.len() as u8);
            if team {
                c.mobilizers.push(by);
            }
            break;
        }
    }
    ctx.note("Rapid Mobilization will be resolved at the end of the Command Phase");
    Next::Done
}

/// The choice the ability waits for.
pub fn decision(s: &State, run: &CardRun, p: &Pending) -> Option<Decision> {
    match p {
        Pending::StartingMission => {
            let mut actions: Vec<Action> = starting_in_hand(s, run.faction)
                .into_iter()
                .map(|card| Action::Pick(Pick::Mission { card }))
                .collect();
            let what = if actions.is_empty() {
                actions.push(Action::Done);
                "no starting mission is in your hand: the leaders stay in your pool"
            } else {
                "pick the starting mission in your hand the leaders move onto (facedown); its skill requirement still applies"
            };
            Some(run.ask(run.faction, actions, what).always_asked(true))
        }
        other => rise_of_the_empire::bespoke::decision(s, run, other),
    }
}

/// Explains why an answer is not one of the choice's options.
pub fn explain(s: &State, run: &CardRun, p: &Pending, a: &Action) -> RuleError {
    match p {
        Pending::StartingMission => {
            let names: Vec<&str> = starting_in_hand(s, run.faction).into_iter().map(|m| m.name()).collect();
            illegal(
                "Starting Missions",
                format!(
                    "`{}` is not possible: the leaders move onto a starting mission in your hand ({})",
                    a.command(),
                    names.join(", ")
                ),
            )
        }
        other => rise_of_the_empire::bespoke::explain(s, run, other, a),
    }
}

/// Applies the answer to the choice.
pub fn act(ctx: &mut Ctx, run: &mut CardRun, p: Pending, a: Action) -> Result<Next, RuleError> {
    match (p, a) {
        (Pending::StartingMission, Action::Pick(Pick::Mission { card }))
            if starting_in_hand(ctx.s, run.faction).contains(&card) =>
        {
            let f = run.faction;
            let leaders = waiting_leaders(ctx.s, run);
            let hand = &mut ctx.s.hands.get_mut(f).missions;
            let i = hand.iter().position(|&m| m == card).expect("checked");
            hand.remove(i);
            ctx.s.leader_pool.get_mut(f).retain(|l| !leaders.contains(l));
            ctx.s.assignments.get_mut(f).push(Assignment { mission: card, leaders: leaders.clone() });
            ctx.public(EventKind::Assigned { faction: f, leaders });
            Ok(Next::Done)
        }
        (Pending::StartingMission, Action::Done) if starting_in_hand(ctx.s, run.faction).is_empty() => {
            Ok(Next::Done)
        }
        (Pending::StartingMission, a) => Err(run.wrong(&a)),
        (other, a) => rise_of_the_empire::bespoke::act(ctx, run, other, a),
    }
}
