//! Resolving one attack: rolling, combat actions, assigning and blocking damage, and
//! destroying units at the end of a battle step.

use super::tactics::{self, TacticKind};
use super::{Combat, Die, Rules, Step, describe_dice, describe_units};
use crate::content::*;
use crate::engine::rebellion::action::Action;
use crate::engine::rebellion::asking;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::event::{EventKind, Hit};
use crate::engine::rebellion::frame::{Decision, PromptKind};
use crate::engine::rebellion::state::State;

/// The most dice of one colour a player rolls in one attack.
const DICE_CAP: u8 = 5;

/// How many black and red dice a side rolls in a battle step (reductions, then the cap).
pub fn dice_pool(c: &Combat, t: Theater, side: Faction) -> (u8, u8) {
    let mut black: u32 = 0;
    let mut red: u32 = 0;
    // In cinematic combat a unit a card destroyed rolls no dice (it leaves after the cards).
    for (_, u) in c.of(side, t).filter(|(_, u)| !(c.cine.is_some() && u.doomed)) {
        let d = catalog().unit(u.unit);
        black += d.attack_black as u32;
        red += d.attack_red as u32;
    }
    if c.round == 1 {
        for &(f, r, b) in &c.mods.fewer_dice {
            if f == side {
                red = red.saturating_sub(r as u32);
                black = black.saturating_sub(b as u32);
            }
        }
    }
    if t == Theater::Space {
        let cannons = c
            .units
            .iter()
            .filter(|u| {
                u.faction != side
                    && catalog().unit(u.unit).ability == Some(UnitAbility::EnemySpaceRedDiceMinusTwo)
            })
            .count() as u32;
        red = red.saturating_sub(2 * cannons);
    }
    (black.min(DICE_CAP as u32) as u8, red.min(DICE_CAP as u32) as u8)
}

/// Step 1 of an attack: roll the dice.
pub(super) fn roll(ctx: &mut Ctx, c: &mut Combat, t: Theater, side: Faction) {
    let (black, red) = dice_pool(c, t, side);
    // Faces set by a card (One in a Million) take the place of dice of their colour.
    let mut set: Vec<(DieColor, DieFace)> =
        c.mods.set_faces.iter().filter(|x| x.0 == side).map(|x| (x.1, x.2)).collect();
    c.mods.set_faces.retain(|x| x.0 != side);
    c.mods.roll_passed = false;
    let mut dice = vec![];
    for (color, n) in [(DieColor::Black, black), (DieColor::Red, red)] {
        let mut chosen: Vec<DieFace> = vec![];
        set.retain(|&(col, face)| {
            let take = col == color && chosen.len() < n as usize;
            if take {
                chosen.push(face);
            }
            !take
        });
        let rolled = ctx.roll(side, n as usize - chosen.len());
        dice.extend(chosen.into_iter().chain(rolled).map(|face| Die {
            color,
            face,
            spent: false,
            assigned: false,
        }));
    }
    // Green dice (Rise of the Empire's units) come last; only cinematic combat has them.
    if let Some(x) = &mut c.cine {
        let green: u32 = c
            .units
            .iter()
            .filter(|u| u.faction == side && !u.doomed && catalog().unit(u.unit).theater == t)
            .map(|u| catalog().unit(u.unit).attack_green as u32)
            .sum();
        let n = green.min(catalog().green_dice_limit as u32) as usize;
        let faces = ctx.roll_green(side, n);
        dice.extend(faces.into_iter().map(|face| Die {
            color: DieColor::Black,
            face,
            spent: false,
            assigned: false,
        }));
        x.green = n as u8;
        x.reroll_used = false;
        x.rerolled.clear();
        if !dice.is_empty() && !x.rolled.contains(&(side, t)) {
            x.rolled.push((side, t));
        }
    }
    let faces: Vec<DieFace> = dice.iter().map(|d| d.face).collect();
    c.dice = dice;
    for u in &mut c.units {
        u.pending = 0;
    }
    c.mods.black_as_red_used = 0;
    let purpose = match t {
        Theater::Space => "a space attack",
        Theater::Ground => "a ground attack",
    };
    ctx.public(EventKind::DiceRolled { faction: side, purpose: purpose.into(), faces });
    c.step = Step::Actions { theater: t, side };
}

/// Whether an unspent die shows a special.
pub(super) fn special_die(c: &Combat) -> Option<usize> {
    c.dice.iter().position(|d| !d.spent && d.face == DieFace::Special)
}

/// Enemy units of a theater that can take damage (the Death Star cannot, nor a station a
/// Shield Bunker protects).
pub(super) fn damageable(c: &Combat, side: Faction, t: Theater) -> Vec<usize> {
    c.of(side.opponent(), t).filter(|(i, _)| c.health(*i).is_some()).map(|(i, _)| i).collect()
}

/// Step 2: the combat actions available.
pub(super) fn actions_decision(s: &State, c: &Combat, t: Theater, side: Faction) -> Decision {
    let mut actions = Vec::new();
    let special = special_die(c).is_some();
    if special && tactics::can_draw(s, t) {
        actions.push(Action::DrawTactic);
    }
    let fits = |card: TacticId| {
        let def = catalog().tactic(card);
        def.theater == t
            && def.window == TacticWindow::OwnAttack
            && !c.tactics_forbidden(side, t)
            && (special || !def.needs_special)
            && tactics::attack_card_usable(s, c, t, side, card)
    };
    let mut seen = Vec::new();
    for &card in &s.hands.get(side).tactics {
        if !seen.contains(&card) && fits(card) {
            actions.push(Action::PlayTactic { card });
        }
        seen.push(card);
    }
    if let Some(leader) = super::rings::yoda(s, c, side) {
        actions.push(Action::UseRing { leader });
    }
    actions.push(Action::Done);
    // Asked whenever a card of theirs could be played now as far as public facts tell
    // (`asking.rs`), not only when one in hand can.
    let open = asking::tactic_window(s, side, t, fits);
    let mut d = Decision::new(side, PromptKind::CombatActions, actions).always_asked(open);
    d.context.push(describe_dice(c));
    d.context.push(describe_units(c));
    d.context.push(format!("tactic cards: {}", hand_text(s, side)));
    d
}

fn hand_text(s: &State, f: Faction) -> String {
    let v: Vec<&str> = s.hands.get(f).tactics.iter().map(|t| t.key()).collect();
    if v.is_empty() { "none".into() } else { v.join(", ") }
}

/// Applies a combat action.
pub(super) fn actions_act(ctx: &mut Ctx, c: &mut Combat, t: Theater, side: Faction, a: Action) {
    match a {
        Action::DrawTactic => {
            if let Some(i) = special_die(c) {
                c.dice[i].spent = true;
            }
            tactics::draw(ctx, side, t, 1);
        }
        Action::PlayTactic { card } => {
            if catalog().tactic(card).needs_special
                && let Some(i) = special_die(c)
            {
                c.dice[i].spent = true;
            }
            tactics::play(ctx, c, side, card);
        }
        _ => c.step = Step::Assign { theater: t, side },
    }
}

/// Whether die `d` may be assigned to unit `u`.
fn fits(c: &Combat, d: usize, u: usize) -> bool {
    let die = &c.dice[d];
    let Some((_, color)) = c.health(u) else {
        return false;
    };
    match die.face {
        DieFace::DirectHit => true,
        DieFace::Hit => die.color == color || black_as_red(c, d, u),
        _ => false,
    }
}

/// Target the Star Destroyers: a black hit of a space attack may count as a red hit, a few
/// times per attack.
fn black_as_red(c: &Combat, d: usize, u: usize) -> bool {
    let side = c.units[u].faction.opponent();
    let theater = catalog().unit(c.units[u].unit).theater;
    c.dice[d].color == DieColor::Black
        && theater == Theater::Space
        && c.health(u).is_some_and(|(_, col)| col == DieColor::Red)
        && c.mods.black_as_red.iter().any(|&(f, max)| f == side && c.mods.black_as_red_used < max)
}

/// Marks die `d` assigned to unit `u`, counting a black hit used as a red one.
fn assign_die(c: &mut Combat, d: usize, u: usize) {
    if c.dice[d].face == DieFace::Hit && c.health(u).is_some_and(|(_, col)| col != c.dice[d].color) {
        c.mods.black_as_red_used += 1;
    }
    c.dice[d].assigned = true;
}

fn assignable(c: &Combat, t: Theater, side: Faction) -> Vec<Action> {
    let targets = damageable(c, side, t);
    let mut actions = Vec::new();
    for (d, die) in c.dice.iter().enumerate() {
        if die.spent || die.assigned {
            continue;
        }
        for &u in &targets {
            if fits(c, d, u) {
                actions.push(Action::Damage { die: d as u8, unit: u as u8 });
            }
        }
    }
    for &u in &targets {
        if !focus_dice(c, u).is_empty() {
            actions.push(Action::FocusFire { unit: u as u8 });
        }
    }
    actions
}

/// The unassigned dice a focus on unit `u` assigns: fitting dice, hits of the unit's colour
/// before direct hits (which fit anything and are better kept), until it has taken damage
/// equal to its health. Empty when the unit is already at that damage.
fn focus_dice(c: &Combat, u: usize) -> Vec<usize> {
    let Some((health, _)) = c.health(u) else { return vec![] };
    let need = health.saturating_sub(c.units[u].damage) as usize;
    let free = |d: &usize| !c.dice[*d].spent && !c.dice[*d].assigned && fits(c, *d, u);
    let mut dice: Vec<usize> = (0..c.dice.len()).filter(free).collect();
    dice.sort_by_key(|&d| c.dice[d].face == DieFace::DirectHit);
    dice.truncate(need);
    dice
}

/// Step 3: every die that can be assigned must be; `None` once none can.
pub(super) fn assign_decision(_s: &State, c: &Combat, t: Theater, side: Faction) -> Option<Decision> {
    let actions = assignable(c, t, side);
    if actions.is_empty() {
        return None;
    }
    let mut d = Decision::new(side, PromptKind::AssignDamage, actions);
    d.context.push(describe_dice(c));
    d.context.push(describe_units(c));
    Some(d)
}

/// Assigns one die, or focuses dice on one unit.
pub(super) fn assign_act(c: &mut Combat, a: Action) {
    match a {
        Action::Damage { die, unit } => {
            assign_die(c, die as usize, unit as usize);
            deal(c, unit as usize, 1);
        }
        Action::FocusFire { unit } => {
            for d in focus_dice(c, unit as usize) {
                // Re-checked one die at a time: black hits counted as red are limited.
                if fits(c, d, unit as usize) {
                    assign_die(c, d, unit as usize);
                    deal(c, unit as usize, 1);
                }
            }
        }
        _ => {}
    }
}

/// Deals blockable damage to a unit.
pub(super) fn deal(c: &mut Combat, u: usize, n: u8) {
    let unit = &mut c.units[u];
    unit.damage = unit.damage.saturating_add(n);
    unit.pending = unit.pending.saturating_add(n);
}

/// Step 4: the defender's block cards, if any damage of this attack can be blocked and the
/// defender could hold a block card that works now (`asking.rs`: not whether it does).
pub(super) fn block_decision(s: &State, c: &Combat, t: Theater, side: Faction) -> Option<Decision> {
    let def = side.opponent();
    if c.no_block.contains(&def) || c.tactics_forbidden(def, t) || !c.of(def, t).any(|(_, u)| u.pending > 0) {
        return None;
    }
    // A discard-and-block card needs another card of the theater (how many the defender holds
    // of each deck is public).
    let same_theater = asking::tactics_held(s, def, t);
    let fits = |card: TacticId| {
        let d = catalog().tactic(card);
        let needs_other = TacticKind::of(card) == TacticKind::DiscardBlock;
        d.theater == t && d.window == TacticWindow::Block && (!needs_other || same_theater >= 2)
    };
    if !asking::tactic_window(s, def, t, fits) {
        return None;
    }
    let mut actions = Vec::new();
    for &card in &s.hands.get(def).tactics {
        let a = Action::PlayTactic { card };
        if fits(card) && !actions.contains(&a) {
            actions.push(a);
        }
    }
    actions.push(Action::Done);
    let mut d = Decision::new(def, PromptKind::BlockDamage, actions).always_asked(true);
    d.context.push(describe_units(c));
    Some(d)
}

/// Plays a block card, or ends the block step.
pub(super) fn block_act(ctx: &mut Ctx, c: &mut Combat, t: Theater, side: Faction, a: Action) {
    match a {
        Action::PlayTactic { card } => tactics::play(ctx, c, side.opponent(), card),
        _ => end_attack(ctx, c, t, side),
    }
}

/// Step 5 of an attack: units with enough damage are marked destroyed (they leave at the end
/// of the battle step); then the other side attacks or the battle step ends.
pub(super) fn end_attack(ctx: &mut Ctx, c: &mut Combat, t: Theater, side: Faction) {
    let rules = Rules::of_combat(c);
    // The table sees what the attack did to each unit once blocks are played.
    let hits = (0..c.units.len())
        .filter(|&i| c.units[i].pending > 0)
        .map(|i| {
            let u = &c.units[i];
            Hit {
                faction: u.faction,
                unit: u.unit,
                dealt: u.pending,
                damage: u.damage,
                health: c.health(i).map(|h| h.0),
                lethal: c.lethal(i),
            }
        })
        .collect();
    ctx.public(EventKind::AttackDamage { attacker: side, theater: t, hits });
    for u in &mut c.units {
        u.pending = 0;
    }
    rules.end_attack(c);
    c.dice.clear();
    c.effect = None;
    c.step = if side == rules.first_attacker(c, t) && c.has(side.opponent(), t) {
        Step::Roll { theater: t, side: side.opponent() }
    } else {
        Step::EndBattle { theater: t }
    };
}

/// Marks destroyed every unit whose damage has reached its health.
pub(super) fn mark_destroyed(c: &mut Combat) {
    for i in 0..c.units.len() {
        if c.lethal(i) {
            c.units[i].doomed = true;
        }
    }
}

/// Removes every unit marked destroyed.
pub(super) fn remove_doomed(ctx: &mut Ctx, c: &mut Combat) {
    while let Some(i) = c.units.iter().position(|u| u.doomed) {
        destroy(ctx, c, i);
    }
}

/// Destroys one combat unit now: off the board, back to the supply.
pub(super) fn destroy(ctx: &mut Ctx, c: &mut Combat, i: usize) {
    let u = c.units.remove(i);
    let zone = ctx.s.zone_mut(c.place);
    if zone.units.get(u.faction).count(u.unit) > 0 {
        zone.units.get_mut(u.faction).remove(u.unit, 1);
        ctx.s.supply.get_mut(u.faction).add(u.unit, 1);
    }
    c.destroyed.push((u.faction, u.unit));
    ctx.public(EventKind::UnitDestroyed { faction: u.faction, unit: u.unit, place: c.place });
    if u.unit.key() == "death_star_under_construction" {
        crate::engine::rebellion::board::drop_queued_death_star(ctx);
    }
}
