//! A side's attack under cinematic combat: prevent effects take dice away as damage is about to
//! be assigned (after the leader reroll); the
//! combat actions are the leader reroll and specials spent to remove damage; shield and
//! redirect effects act once the damage is assigned.

use super::{CineCombat, Pending};
use crate::content::*;
use crate::engine::rebellion::action::{Action, Dice};
use crate::engine::rebellion::combat::{Combat, Step, best_tactics, describe_dice, describe_units};
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::frame::{Decision, PromptKind};
use crate::engine::rebellion::state::State;

fn cine(c: &Combat) -> &CineCombat {
    c.cine.as_deref().expect("cinematic combat")
}

fn cine_mut(c: &mut Combat) -> &mut CineCombat {
    c.cine.as_deref_mut().expect("cinematic combat")
}

/// At the start of `side`'s Assign Damage step (after its leader reroll): the opponent's
/// prevent effects of this round set dice aside — hits and direct hits of the colour (direct
/// hits first), and specials.
pub fn prevent(ctx: &mut Ctx, c: &mut Combat, side: Faction) {
    let prevents: Vec<(u8, u8, u8)> =
        cine(c).effects.prevent.iter().filter(|p| p.0 == side.opponent()).map(|p| (p.1, p.2, p.3)).collect();
    let mut removed = 0;
    for (red, black, special) in prevents {
        for (color, n) in [(DieColor::Red, red), (DieColor::Black, black)] {
            let mut left = n;
            for face in [DieFace::DirectHit, DieFace::Hit] {
                let k = set_aside(c, left, |c, i| {
                    !c.is_green(i) && c.dice[i].color == color && c.dice[i].face == face
                });
                left -= k;
                removed += u32::from(k);
            }
        }
        removed += u32::from(set_aside(c, special, |c, i| c.dice[i].face == DieFace::Special));
    }
    if removed > 0 {
        ctx.note(format_args!("{} dice of the {} attack are prevented", removed, side.name()));
    }
}

/// Sets aside up to `n` unspent dice that `pick` accepts; returns how many.
fn set_aside(c: &mut Combat, n: u8, pick: impl Fn(&Combat, usize) -> bool) -> u8 {
    let mut left = n;
    let mut done = 0;
    for i in 0..c.dice.len() {
        if left == 0 {
            break;
        }
        if !c.dice[i].spent && pick(c, i) {
            c.dice[i].spent = true;
            left -= 1;
            done += 1;
        }
    }
    done
}

/// Own units a special die may remove damage from: of the theater, damaged, of the die's
/// health colour, and not kept from it by a card.
fn repairable(c: &Combat, t: Theater, side: Faction) -> Vec<usize> {
    let x = cine(c);
    if x.effects.no_repair.contains(&side) {
        return Vec::new();
    }
    let colors: Vec<DieColor> = c
        .dice
        .iter()
        .enumerate()
        .filter(|(i, d)| !d.spent && !d.assigned && d.face == DieFace::Special && !c.is_green(*i))
        .map(|(_, d)| d.color)
        .collect();
    c.of(side, t)
        .filter(|(i, u)| {
            u.damage > 0
                && !x.effects.locked.contains(&(*i as u8))
                && c.health(*i).is_some_and(|(_, col)| colors.contains(&col))
        })
        .map(|(i, _)| i)
        .collect()
}

/// The leader reroll's size: the best tactic value of the side's leaders here for the theater.
fn reroll_size(s: &State, c: &Combat, t: Theater, side: Faction) -> u8 {
    best_tactics(s, c.place, side, t)
}

/// The combat actions: start the leader reroll (once per attack), spend a special to remove 1
/// damage, a ring, or done.
pub fn actions_decision(s: &State, c: &Combat, t: Theater, side: Faction) -> Decision {
    let mut actions = Vec::new();
    let x = cine(c);
    if !x.reroll_used && reroll_size(s, c, t, side) > 0 {
        for (i, d) in c.dice.iter().enumerate() {
            if !d.spent && !d.assigned {
                actions.push(Action::Reroll { dice: Dice::one(i as u8) });
            }
        }
    }
    for u in repairable(c, t, side) {
        actions.push(Action::Repair { unit: u as u8 });
    }
    if let Some(leader) = super::super::rings::yoda(s, c, side) {
        actions.push(Action::UseRing { leader });
    }
    actions.push(Action::Done);
    let mut d = Decision::new(side, PromptKind::CombatActions, actions);
    d.context.push(format!(
        "reroll: choose up to {} dice once this attack; repair: spend a special to remove 1 damage",
        reroll_size(s, c, t, side)
    ));
    d.context.push(describe_dice(c));
    d.context.push(describe_units(c));
    d
}

/// Applies a combat action.
pub fn actions_act(ctx: &mut Ctx, c: &mut Combat, t: Theater, side: Faction, a: Action) {
    match a {
        Action::Reroll { dice } => {
            let max = reroll_size(ctx.s, c, t, side);
            let x = cine_mut(c);
            x.reroll_used = true;
            x.pending.push(Pending::Reroll { faction: side, chosen: dice.to_vec(), max });
            if dice.len() >= max as usize {
                // Nothing more to choose: roll at once.
                super::pending::act(ctx, c, Action::Done);
            }
        }
        Action::Repair { unit } => {
            let u = unit as usize;
            let Some((_, color)) = c.health(u) else { return };
            let die = c.dice.iter().enumerate().position(|(i, d)| {
                !d.spent && !d.assigned && d.face == DieFace::Special && d.color == color && !c.is_green(i)
            });
            if let Some(i) = die {
                c.dice[i].spent = true;
                c.units[u].damage -= 1;
                ctx.note(format_args!("{} removes 1 damage from {}", side.name(), c.units[u].unit.name()));
            }
        }
        _ => {
            prevent(ctx, c, side);
            c.step = Step::Assign { theater: t, side };
        }
    }
}

/// Once `side` assigned its damage: the defender's shield and redirect effects of this round
/// are asked, in the order played.
pub fn after_assign(c: &mut Combat, t: Theater, side: Faction) {
    let x = cine_mut(c);
    let guards: Vec<_> = x.effects.guards.iter().filter(|g| g.faction == side.opponent()).cloned().collect();
    for guard in guards {
        x.pending.push(Pending::Guard { theater: t, guard });
    }
}
