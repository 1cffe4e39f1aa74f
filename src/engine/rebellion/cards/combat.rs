//! Effects on the combat being fought (start-of-combat action cards): fewer dice, tactic
//! cards drawn, shown or forbidden, retreat forbidden, health lowered, hits converted, a leader
//! added, a unit destroyed. They last for this combat only (`Combat::mods`).

use serde::{Deserialize, Serialize};

use super::run::{CardRun, Next};
use crate::content::*;
use crate::engine::rebellion::action::{Action, Pick};
use crate::engine::rebellion::board;
use crate::engine::rebellion::combat::{Combat, rules};
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::error::RuleError;
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::frame::Decision;
use crate::engine::rebellion::state::State;

/// Which enemy units a card may destroy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// A ship (space station aside).
    Ship,
    /// A structure (Shield Generator, Ion Cannon).
    Structure,
}

/// A combat-family effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "op", deny_unknown_fields)]
pub enum Op {
    /// The opponent rolls fewer dice in each battle of the first combat round.
    FewerEnemyDice {
        /// Red dice fewer.
        red: u8,
        /// Black dice fewer.
        black: u8,
    },
    /// Draw tactic cards, all from the space or all from the ground deck (the player's pick).
    DrawTactics {
        /// How many.
        count: u8,
    },
    /// The opponent keeps their tactic cards face up for this combat.
    ShowEnemyTactics,
    /// The opponent may not retreat from this combat.
    ForbidEnemyRetreat,
    /// The opponent may not play tactic cards of a theater in the first combat round.
    ForbidEnemyTactics {
        /// Which tactic cards.
        theater: Theater,
    },
    /// Every unit in the combat has 1 less health (never less than 1) for this combat.
    LowerHealth,
    /// Up to `max` hits on black dice per space attack count as hits on red dice.
    BlackHitsAsRed {
        /// How many per attack.
        max: u8,
    },
    /// The card's leader comes from the leader pool into the combat; he cannot retreat and goes
    /// back to the pool when it ends.
    JoinFromPool,
    /// Destroy one enemy unit of a kind in the combat (the player picks which).
    DestroyEnemy {
        /// Which kind.
        target: Target,
        /// Only if a Death Star or Death Star Under Construction of yours takes part.
        #[serde(default)]
        needs_station: bool,
    },
}

/// A combat-family choice in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {
    /// Which tactic deck to draw from.
    Deck {
        /// How many cards.
        count: u8,
    },
    /// Which of the card's leaders joins the combat.
    Joiner,
    /// Which enemy unit to destroy.
    Destroy {
        /// Which kind.
        target: Target,
    },
}

/// The combat being fought (innermost).
pub fn combat(s: &State) -> Option<&Combat> {
    s.combat()
}

fn combat_mut<'a>(ctx: &'a mut Ctx) -> Option<&'a mut Combat> {
    ctx.s.combat_mut()
}

fn fits(u: UnitId, target: Target) -> bool {
    let d = catalog().unit(u);
    match target {
        Target::Ship => d.theater == Theater::Space && d.class != UnitClass::SpaceStation,
        Target::Structure => d.class == UnitClass::Structure,
    }
}

fn targets(c: &Combat, f: Faction, target: Target) -> Vec<UnitId> {
    let mut out: Vec<UnitId> = c
        .units
        .iter()
        .filter(|u| u.faction == f.opponent() && !u.doomed && fits(u.unit, target))
        .map(|u| u.unit)
        .collect();
    out.sort();
    out.dedup();
    out
}

fn both_in(c: &Combat, t: Theater) -> bool {
    c.has(Faction::Rebel, t) && c.has(Faction::Empire, t)
}

/// Whether the effect would do anything now.
pub fn can(s: &State, run: &CardRun, op: &Op) -> bool {
    let Some(c) = combat(s) else { return false };
    let f = run.faction;
    match op {
        Op::FewerEnemyDice { .. } | Op::ShowEnemyTactics | Op::LowerHealth => c.has_any(f.opponent()),
        Op::DrawTactics { .. } => {
            rules::can_draw(s, f, Theater::Space) || rules::can_draw(s, f, Theater::Ground)
        }
        Op::ForbidEnemyRetreat => !c.mods.no_retreat.contains(&f.opponent()),
        Op::ForbidEnemyTactics { theater } => both_in(c, *theater),
        Op::BlackHitsAsRed { .. } => both_in(c, Theater::Space),
        Op::JoinFromPool => run.leaders.iter().any(|l| s.leader_pool.get(f).contains(l)),
        Op::DestroyEnemy { target, needs_station } => {
            let station = c.has_key(f, "death_star") || c.has_key(f, "death_star_under_construction");
            (!needs_station || station) && !targets(c, f, *target).is_empty()
        }
    }
}

/// Carries out the effect.
pub fn start(ctx: &mut Ctx, run: &mut CardRun, op: Op) -> Next {
    let f = run.faction;
    let enemy = f.opponent();
    let Some(c) = combat_mut(ctx) else { return Next::Done };
    match op {
        Op::FewerEnemyDice { red, black } => c.mods.fewer_dice.push((enemy, red, black)),
        Op::ShowEnemyTactics => c.mods.tactics_shown.push(enemy),
        Op::ForbidEnemyRetreat => c.mods.no_retreat.push(enemy),
        Op::ForbidEnemyTactics { theater } => c.mods.no_tactics.push((enemy, theater)),
        Op::LowerHealth => c.mods.lower_health = true,
        Op::BlackHitsAsRed { max } => c.mods.black_as_red.push((f, max)),
        Op::DrawTactics { count } => return Next::Wait(super::Pending::Combat(Pending::Deck { count })),
        Op::JoinFromPool => return Next::Wait(super::Pending::Combat(Pending::Joiner)),
        Op::DestroyEnemy { target, .. } => {
            return Next::Wait(super::Pending::Combat(Pending::Destroy { target }));
        }
    }
    Next::Done
}

/// The choice the effect waits for.
pub fn decision(s: &State, run: &CardRun, p: &Pending) -> Option<Decision> {
    let f = run.faction;
    let (actions, what): (Vec<Action>, String) = match p {
        Pending::Deck { count } => (
            [Theater::Space, Theater::Ground]
                .into_iter()
                .filter(|&t| rules::can_draw(s, f, t))
                .map(|theater| Action::Pick(Pick::Theater { theater }))
                .collect(),
            format!("draw {count} tactic cards from the space deck or from the ground deck"),
        ),
        Pending::Joiner => (
            run.leaders
                .iter()
                .filter(|l| s.leader_pool.get(f).contains(l))
                .map(|&leader| Action::Pick(Pick::Leader { leader }))
                .collect(),
            "pick the leader who joins the combat".into(),
        ),
        Pending::Destroy { target } => {
            let c = combat(s)?;
            (
                targets(c, f, *target)
                    .into_iter()
                    .map(|unit| Action::Pick(Pick::Unit { place: c.place, unit }))
                    .collect(),
                "pick the enemy unit to destroy".into(),
            )
        }
    };
    if actions.is_empty() {
        return None;
    }
    Some(run.ask(f, actions, what))
}

/// Applies the answer to the choice.
pub fn act(ctx: &mut Ctx, run: &mut CardRun, p: Pending, a: Action) -> Result<Next, RuleError> {
    // `flow::apply` only lets through an answer the decision offered.
    let f = run.faction;
    match (p, a) {
        (Pending::Deck { count }, Action::Pick(Pick::Theater { theater })) => {
            rules::draw(ctx, f, theater, count)
        }
        (Pending::Joiner, Action::Pick(Pick::Leader { leader })) => {
            let Some(c) = combat_mut(ctx) else { return Ok(Next::Done) };
            c.mods.joined.push(leader);
            let place = c.place;
            ctx.s.leader_pool.get_mut(f).retain(|&l| l != leader);
            ctx.s.zone_mut(place).leaders.get_mut(f).push(leader);
            ctx.public(EventKind::LeaderPlaced { leader, place });
        }
        (Pending::Destroy { .. }, Action::Pick(Pick::Unit { place, unit })) => {
            board::destroy_unit(ctx, f.opponent(), place, unit);
        }
        (_, a) => return Err(run.wrong(&a)),
    }
    Ok(Next::Done)
}
