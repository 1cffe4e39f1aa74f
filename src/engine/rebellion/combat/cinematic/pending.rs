//! The choices an advanced tactic card (or the leader reroll) asks for before the combat goes
//! on. All their options come from public facts (the cards are face up), so they are asked
//! only when there is a choice to make.

use super::{CineCombat, Guard, Pending, bespoke, ops};
use crate::content::*;
use crate::engine::rebellion::action::{Action, Dice, Pick};
use crate::engine::rebellion::combat::{Combat, describe_dice, describe_units};
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::frame::{Decision, PromptKind};
use crate::engine::rebellion::state::State;

fn cine(c: &Combat) -> &CineCombat {
    c.cine.as_deref().expect("cinematic combat")
}

fn cine_mut(c: &mut Combat) -> &mut CineCombat {
    c.cine.as_deref_mut().expect("cinematic combat")
}

/// Enemy units a card's damage or destroy may reach: of the theater, still standing, and
/// damageable (the Death Star is not).
fn targets(c: &Combat, f: Faction, t: Theater, filter: &super::Filter) -> Vec<usize> {
    c.of(f.opponent(), t)
        .filter(|(i, u)| !u.doomed && c.health(*i).is_some() && filter.fits(u.unit))
        .map(|(i, _)| i)
        .collect()
}

/// Own units of the attack's theater holding damage from this attack that a guard may take.
fn guarded(c: &Combat, t: Theater, g: &Guard) -> Vec<usize> {
    c.of(g.faction, t).filter(|(_, u)| u.pending > 0 && !g.except.contains(&u.unit)).map(|(i, _)| i).collect()
}

/// The units of a redirect's type here that may take the damage.
fn redirect_candidates(c: &Combat, t: Theater, g: &Guard) -> Vec<usize> {
    let Some(onto) = g.onto else { return vec![] };
    c.of(g.faction, t).filter(|(_, u)| u.unit == onto && !u.doomed).map(|(i, _)| i).collect()
}

/// The unit a redirect moves damage onto: the one its player picked, or the only one here.
fn redirect_target(c: &Combat, t: Theater, g: &Guard) -> Option<usize> {
    match (g.target, redirect_candidates(c, t, g).as_slice()) {
        (Some(i), _) => Some(i as usize),
        (None, [only]) => Some(*only),
        _ => None,
    }
}

/// The decision the first waiting choice asks for; `None` when it has no option left (it then
/// lapses).
pub fn decision(_s: &State, c: &Combat) -> Option<Decision> {
    let p = cine(c).pending.first()?;
    let (seat, actions, what): (Faction, Vec<Action>, String) = match p {
        Pending::Deal { faction, theater, left, filter, one_unit, .. } => {
            let actions: Vec<Action> = targets(c, *faction, *theater, filter)
                .into_iter()
                .map(|u| Action::Hit { unit: u as u8 })
                .collect();
            let what = if *one_unit {
                format!("choose the unit that takes {left} damage")
            } else {
                format!("choose a unit to take 1 damage ({left} left)")
            };
            (*faction, actions, what)
        }
        Pending::Destroy { faction, theater, filter } => {
            let actions: Vec<Action> = targets(c, *faction, *theater, filter)
                .into_iter()
                .map(|u| Action::Hit { unit: u as u8 })
                .collect();
            (*faction, actions, "choose the enemy unit to destroy".into())
        }
        Pending::Gain { faction, units } => {
            let actions = units.iter().map(|&unit| Action::Build { unit }).collect();
            (*faction, actions, "choose the unit to take from your supply".into())
        }
        Pending::Reroll { faction, chosen, max } => {
            let mut actions = Vec::new();
            if chosen.len() < *max as usize {
                for (i, d) in c.dice.iter().enumerate() {
                    let i = i as u8;
                    if !d.spent && !d.assigned && !chosen.contains(&i) && !cine(c).rerolled.contains(&i) {
                        actions.push(Action::Reroll { dice: Dice::one(i) });
                    }
                }
            }
            actions.push(Action::Done);
            let what = format!("choose more dice to reroll (up to {max}), or done to roll them");
            (*faction, actions, what)
        }
        Pending::Guard { theater, guard } => {
            if guard.onto.is_some() && redirect_candidates(c, *theater, guard).is_empty() {
                return None;
            }
            let mut actions: Vec<Action> =
                guarded(c, *theater, guard).into_iter().map(|u| Action::Block { unit: u as u8 }).collect();
            if actions.is_empty() {
                return None;
            }
            if guard.onto.is_some() && redirect_target(c, *theater, guard).is_none() {
                // Several units of the type: its player picks the one that takes the damage.
                let actions = redirect_candidates(c, *theater, guard)
                    .into_iter()
                    .map(|u| Action::Hit { unit: u as u8 })
                    .collect();
                let name = guard.onto.map_or("unit", |u| u.name());
                (guard.faction, actions, format!("pick the {name} that takes the damage moved onto it"))
            } else {
                actions.push(Action::Done);
                let verb = if guard.onto.is_some() { "move" } else { "remove" };
                (guard.faction, actions, format!("{verb} up to {} damage of this attack", guard.amount))
            }
        }
        Pending::Escape { faction } => {
            // The retreat step's own choice (leader and destination), or staying.
            let d = super::super::retreat::retreat_decision(_s, c, *faction)?;
            (*faction, d.actions, "retreat now (the Imperial card is then cancelled), or stay".into())
        }
        Pending::Leader { faction, effect, leaders } => {
            let actions = leaders.iter().map(|&leader| Action::Pick(Pick::Leader { leader })).collect();
            (*faction, actions, bespoke::leader_prompt(*effect).into())
        }
        Pending::RogueOne { faction } => {
            let what =
                "Rogue One: rescue a captured leader here, or remove a target marker here (by its card)";
            (*faction, bespoke::rogue_one_options(_s, c), what.into())
        }
    };
    if actions.is_empty() {
        return None;
    }
    let mut d = Decision::new(seat, PromptKind::CardChoice, actions);
    d.context.push(what);
    d.context.push(describe_dice(c));
    d.context.push(describe_units(c));
    Some(d)
}

/// Applies the answer to the first waiting choice.
pub fn act(ctx: &mut Ctx, c: &mut Combat, a: Action) {
    let p = cine_mut(c).pending.remove(0);
    match (p, a) {
        (Pending::Deal { faction, theater, left, filter, one_unit, lock }, Action::Hit { unit }) => {
            let n = if one_unit { left } else { 1 };
            let u = &mut c.units[unit as usize];
            u.damage = u.damage.saturating_add(n);
            ctx.note(format_args!("{} deals {n} damage to {}", faction.name(), u.unit.name()));
            if lock {
                cine_mut(c).effects.locked.push(unit);
            }
            if left > n {
                let rest = Pending::Deal { faction, theater, left: left - n, filter, one_unit, lock };
                cine_mut(c).pending.insert(0, rest);
            }
        }
        (Pending::Destroy { faction, .. }, Action::Hit { unit }) => {
            // It rolls no dice this round and leaves once both cards are resolved.
            let u = &mut c.units[unit as usize];
            u.doomed = true;
            ctx.note(format_args!("{} destroys {}", faction.name(), u.unit.name()));
        }
        (Pending::Gain { faction, .. }, Action::Build { unit }) => ops::gain(ctx, c, faction, unit),
        (Pending::Reroll { faction, mut chosen, max }, Action::Reroll { dice }) => {
            chosen.extend(dice.iter().copied());
            if chosen.len() < max as usize {
                cine_mut(c).pending.insert(0, Pending::Reroll { faction, chosen, max });
            } else {
                reroll(ctx, c, faction, &chosen);
            }
        }
        (Pending::Reroll { faction, chosen, .. }, _) => reroll(ctx, c, faction, &chosen),
        (Pending::Guard { theater, mut guard }, Action::Block { unit }) => {
            let u = unit as usize;
            let onto = redirect_target(c, theater, &guard);
            c.units[u].pending -= 1;
            c.units[u].damage -= 1;
            if let Some(o) = onto {
                c.units[o].damage = c.units[o].damage.saturating_add(1);
            }
            guard.amount -= 1;
            if guard.amount > 0 {
                cine_mut(c).pending.insert(0, Pending::Guard { theater, guard });
            }
        }
        (Pending::Guard { theater, mut guard }, Action::Hit { unit }) => {
            guard.target = Some(unit);
            cine_mut(c).pending.insert(0, Pending::Guard { theater, guard });
        }
        (Pending::Guard { .. }, _) => {}
        (Pending::Escape { faction }, a @ Action::Retreat { .. }) => bespoke::escape(ctx, c, faction, a),
        (Pending::Leader { faction, effect, .. }, Action::Pick(Pick::Leader { leader })) => {
            bespoke::leader_chosen(ctx, c, faction, effect, leader)
        }
        (Pending::RogueOne { .. }, a) => bespoke::rogue_one_chosen(ctx, c, &a),
        _ => {}
    }
}

/// Rerolls the chosen dice together (green dice as green dice).
fn reroll(ctx: &mut Ctx, c: &mut Combat, f: Faction, chosen: &[u8]) {
    let mut faces = Vec::new();
    for &i in chosen {
        let face = if c.is_green(i as usize) { ctx.roll_green(f, 1)[0] } else { ctx.roll(f, 1)[0] };
        c.dice[i as usize].face = face;
        faces.push(face);
    }
    cine_mut(c).rerolled.extend(chosen.iter().copied());
    ctx.public(EventKind::DiceRolled { faction: f, purpose: "a leader's reroll".into(), faces });
}
