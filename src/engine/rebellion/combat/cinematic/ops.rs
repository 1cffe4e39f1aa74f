//! The one executor of the advanced tactic cards' typed operations.

use super::{CineCombat, Filter, Guard, Pending, bespoke};
use crate::content::*;
use crate::engine::rebellion::combat::Combat;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::event::EventKind;

fn cine_mut(c: &mut Combat) -> &mut CineCombat {
    c.cine.as_deref_mut().expect("cinematic combat")
}

/// Whether a side has a unit of a type in the combat (units a card destroyed this round still
/// count).
fn has_unit(c: &Combat, f: Faction, u: UnitId) -> bool {
    c.units.iter().any(|x| x.faction == f && x.unit == u)
}

/// Whether the top ability of a side's card may be chosen: the unit it needs is here and its
/// condition holds.
pub fn top_usable(c: &Combat, f: Faction, card: AdvancedTacticId) -> bool {
    let top = &catalog().advanced_tactic(card).top;
    top.needs.is_none_or(|u| has_unit(c, f, u))
        && match top.when {
            None => true,
            Some(AbilityCondition::MoreFighters) => fighters(c, f) > fighters(c, f.opponent()),
            Some(AbilityCondition::Absent { unit }) => !c.units.iter().any(|x| x.unit == unit),
        }
}

/// Whether a side's card could cancel the opponent's with its top ability.
pub fn top_cancels(c: &Combat, f: Faction, card: AdvancedTacticId) -> bool {
    let top = &catalog().advanced_tactic(card).top;
    let cancels = top.ops.iter().any(|op| {
        matches!(op, AdvancedOp::Cancel | AdvancedOp::Bespoke { name: AdvancedBespoke::EscapePlan })
    });
    cancels && top_usable(c, f, card)
}

fn fighters(c: &Combat, f: Faction) -> usize {
    c.units.iter().filter(|u| u.faction == f && catalog().unit(u.unit).class == UnitClass::Fighter).count()
}

/// Runs one ability of a card a side played; returns whether the side may play an extra card.
pub fn run(
    ctx: &mut Ctx,
    c: &mut Combat,
    f: Faction,
    card: AdvancedTacticId,
    top: bool,
    extra: bool,
) -> bool {
    let def = catalog().advanced_tactic(card);
    let t = def.theater;
    let ability = if top { &def.top } else { &def.bottom };
    let mut more = false;
    for op in &ability.ops {
        match op {
            AdvancedOp::Deal { amount, color, one_unit, units, classes, lock } => {
                let filter = Filter { color: *color, units: units.clone(), classes: classes.clone() };
                cine_mut(c).pending.push(Pending::Deal {
                    faction: f,
                    theater: t,
                    left: *amount,
                    filter,
                    one_unit: *one_unit || *amount == 1,
                    lock: *lock,
                });
            }
            AdvancedOp::Prevent { red, black, special } => {
                cine_mut(c).effects.prevent.push((f, *red, *black, *special));
            }
            AdvancedOp::Destroy { theater, units, classes } => {
                let filter = Filter { color: None, units: units.clone(), classes: classes.clone() };
                cine_mut(c).pending.push(Pending::Destroy {
                    faction: f,
                    theater: theater.unwrap_or(t),
                    filter,
                });
            }
            // An extra card cannot cancel (Enthusiast guide, Canceling Cards).
            AdvancedOp::Cancel if !extra => cancel(ctx, c, f),
            AdvancedOp::Cancel => {}
            AdvancedOp::ExtraCard => more = true,
            AdvancedOp::BanNextRound => {
                let round = c.round + 1;
                cine_mut(c).bans.push((f.opponent(), t, round));
            }
            AdvancedOp::NoRepair => cine_mut(c).effects.no_repair.push(f.opponent()),
            AdvancedOp::OpponentAttacksFirst => cine_mut(c).first.push((t, f.opponent())),
            AdvancedOp::Gain { units } => {
                let units: Vec<UnitId> =
                    units.iter().copied().filter(|&u| ctx.s.supply.get(f).count(u) > 0).collect();
                match units.as_slice() {
                    [] => {}
                    [u] => gain(ctx, c, f, *u),
                    _ => cine_mut(c).pending.push(Pending::Gain { faction: f, units }),
                }
            }
            AdvancedOp::Shield { amount, except_units } => cine_mut(c).effects.guards.push(Guard {
                faction: f,
                amount: *amount,
                onto: None,
                except: except_units.clone(),
                target: None,
            }),
            AdvancedOp::Redirect { amount, onto } => cine_mut(c).effects.guards.push(Guard {
                faction: f,
                amount: *amount,
                onto: Some(*onto),
                except: vec![*onto],
                target: None,
            }),
            AdvancedOp::Bespoke { name } => bespoke::resolve(ctx, c, f, card, *name),
        }
    }
    more
}

/// Cancels the opponent's card, unless it was resolved already or is an extra card.
pub(super) fn cancel(ctx: &mut Ctx, c: &mut Combat, f: Faction) {
    let x = cine_mut(c);
    if let Some(p) = x.played.iter_mut().find(|p| p.faction == f.opponent() && !p.done && !p.extra) {
        p.cancelled = true;
        ctx.note(format_args!("{} cancels the {} card", f.name(), f.opponent().name()));
    }
}

/// Takes a unit from the supply into the combat.
pub(super) fn gain(ctx: &mut Ctx, c: &mut Combat, f: Faction, u: UnitId) {
    ctx.s.supply.get_mut(f).remove(u, 1);
    ctx.s.zone_mut(c.place).units.get_mut(f).add(u, 1);
    let mut one = crate::engine::rebellion::state::Units::default();
    one.add(u, 1);
    c.join(f, &one);
    ctx.public(EventKind::UnitsMoved { faction: f, from: None, to: Some(c.place), unit: u, count: 1 });
}
