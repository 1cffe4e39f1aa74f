//! The retreat step and the end-of-round checks.

use super::attack::destroy;
use super::{Combat, Step, objectives};
use crate::content::*;
use crate::engine::rebellion::action::Action;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::frame::{Decision, PromptKind};
use crate::engine::rebellion::state::{Place, State};

/// Ships that must leave on a retreat (mobile ships that need no transport).
fn is_leaving_ship(u: UnitId) -> bool {
    let d = catalog().unit(u);
    d.theater == Theater::Space && !d.immobile && !d.requires_transport
}

/// Units that may come along within transport capacity (ground units, TIE Fighters).
fn is_carried(u: UnitId) -> bool {
    let d = catalog().unit(u);
    d.requires_transport && !d.immobile
}

/// The systems a faction may retreat to from the combat's system.
pub fn destinations(s: &State, c: &Combat, f: Faction) -> Vec<SystemId> {
    let Place::System(here) = c.place else {
        return Vec::new();
    };
    let allowed: Vec<SystemId> = catalog()
        .system(here)
        .adjacent
        .iter()
        .copied()
        .filter(|&a| !s.has_units(Place::System(a), f.opponent()))
        .filter(|a| f == c.attacker || !c.origins.contains(a))
        .collect();
    let preferred: Vec<SystemId> = allowed
        .iter()
        .copied()
        .filter(|&a| s.has_units(Place::System(a), f) || s.sys(a).loyalty == Some(f))
        .collect();
    if preferred.is_empty() { allowed } else { preferred }
}

/// Whether a faction may retreat now (destinations aside).
fn may_retreat(s: &State, c: &Combat, f: Faction) -> bool {
    if c.retreated.contains(&f)
        || c.no_retreat.contains(&f)
        || c.mods.no_retreat.contains(&f)
        || !c.has_any(f.opponent())
    {
        return false;
    }
    if f == Faction::Empire && (c.has_key(f, "death_star") || c.has_key(f, "death_star_under_construction")) {
        return false;
    }
    // An Interdictor holds every Rebel unit here, Escape Plan's retreat included.
    if f == Faction::Rebel && c.interdicted() {
        return false;
    }
    if s.active_leaders(c.place, f).is_empty() {
        return false;
    }
    let ships = c.units.iter().any(|u| u.faction == f && is_leaving_ship(u.unit));
    let carried = c.units.iter().any(|u| u.faction == f && is_carried(u.unit));
    ships || (c.escape_plan.contains(&f) && carried)
}

/// The retreat choice of a faction, if it may retreat.
pub(super) fn retreat_decision(s: &State, c: &Combat, f: Faction) -> Option<Decision> {
    if !may_retreat(s, c, f) {
        return None;
    }
    let to = destinations(s, c, f);
    if to.is_empty() {
        return None;
    }
    let mut actions = Vec::new();
    // A leader a card added to the combat may not retreat (Ready for Action).
    for leader in s.active_leaders(c.place, f).into_iter().filter(|l| !c.mods.joined.contains(l)) {
        for &t in &to {
            actions.push(Action::Retreat { leader, to: t });
        }
    }
    actions.push(Action::Done);
    let mut d = Decision::new(f, PromptKind::Retreat, actions);
    let names: Vec<&str> = to.iter().map(|t| t.key()).collect();
    d.context.push(format!("retreat to: {}", names.join(", ")));
    if f == Faction::Rebel && transports_stranded(c) {
        d.context.push("your Rebel Transports are destroyed unless you retreat".into());
    }
    Some(d)
}

/// Moves one combat unit of a type to another system.
fn move_one(ctx: &mut Ctx, c: &mut Combat, f: Faction, unit: UnitId, to: SystemId) -> bool {
    let Some(i) = c.units.iter().rposition(|u| u.faction == f && u.unit == unit) else {
        return false;
    };
    c.units.remove(i);
    ctx.s.zone_mut(c.place).units.get_mut(f).remove(unit, 1);
    ctx.s.zone_mut(Place::System(to)).units.get_mut(f).add(unit, 1);
    ctx.public(EventKind::UnitsMoved {
        faction: f,
        from: Some(c.place),
        to: Some(Place::System(to)),
        unit,
        count: 1,
    });
    true
}

/// Starts a retreat (leader and every mobile ship), or declines it.
pub(super) fn retreat_act(ctx: &mut Ctx, c: &mut Combat, f: Faction, a: Action) {
    let Action::Retreat { leader, to } = a else {
        finish_retreat_step(ctx, c, f);
        return;
    };
    ctx.s.zone_mut(c.place).leaders.get_mut(f).retain(|l| *l != leader);
    ctx.s.zone_mut(Place::System(to)).leaders.get_mut(f).push(leader);
    ctx.public(EventKind::LeaderPlaced { leader, place: Place::System(to) });
    let ships: Vec<UnitId> =
        c.units.iter().filter(|u| u.faction == f && is_leaving_ship(u.unit)).map(|u| u.unit).collect();
    let mut capacity: u32 = 0;
    for &u in &ships {
        capacity += catalog().unit(u).transport_capacity as u32;
        move_one(ctx, c, f, u, to);
    }
    let capacity = if c.escape_plan.contains(&f) { None } else { Some(capacity.min(u8::MAX as u32) as u8) };
    // The team game: the player who retreated chooses the units that go along.
    let by = crate::engine::rebellion::team::is_team(ctx.s)
        .then(|| crate::engine::rebellion::team::colour(leader));
    c.step = Step::Carry { faction: f, to, capacity, moved: !ships.is_empty(), by };
}

/// The choice of units to carry along.
pub(super) fn carry_decision(
    _s: &State,
    c: &Combat,
    f: Faction,
    capacity: Option<u8>,
    moved: bool,
) -> Decision {
    let mut actions = Vec::new();
    if capacity != Some(0) {
        for u in &c.units {
            let a = Action::Carry { unit: u.unit };
            if u.faction == f && is_carried(u.unit) && !actions.contains(&a) {
                actions.push(a);
            }
        }
    }
    if moved || actions.is_empty() {
        actions.push(Action::Done);
    }
    let mut d = Decision::new(f, PromptKind::RetreatCarry, actions);
    d.context.push(match capacity {
        Some(n) => format!("transport capacity left: {n}"),
        None => "transport capacity left: unlimited (Escape Plan)".into(),
    });
    d
}

/// Carries one unit, or finishes the retreat.
pub(super) fn carry_act(
    ctx: &mut Ctx,
    c: &mut Combat,
    f: Faction,
    to: SystemId,
    capacity: Option<u8>,
    moved: bool,
    a: Action,
) {
    match a {
        Action::Carry { unit } => {
            let ok = move_one(ctx, c, f, unit, to);
            if let Step::Carry { capacity: left, moved: any, .. } = &mut c.step {
                *left = capacity.map(|n| n.saturating_sub(1));
                *any = moved || ok;
            }
        }
        _ => finish_carry(ctx, c, f),
    }
}

/// A retreat is complete.
pub(super) fn finish_carry(ctx: &mut Ctx, c: &mut Combat, f: Faction) {
    c.retreated.push(f);
    if let Some(x) = c.cine.as_deref_mut() {
        x.retreated_this_round.push(f);
    }
    objectives::update_wins(ctx.s, c);
    c.offer_objectives = true;
    finish_retreat_step(ctx, c, f);
}

/// Whether the only Rebel ships are Rebel Transports facing Imperial ships.
fn transports_stranded(c: &Combat) -> bool {
    let mut rebel_ships = c.of(Faction::Rebel, Theater::Space).peekable();
    rebel_ships.peek().is_some()
        && rebel_ships.all(|(_, u)| u.unit.key() == "rebel_transport")
        && c.has(Faction::Empire, Theater::Space)
}

/// Ends a faction's retreat step: stranded Rebel Transports are destroyed; the other faction
/// decides next, then the round's end checks follow.
pub(super) fn finish_retreat_step(ctx: &mut Ctx, c: &mut Combat, f: Faction) {
    if f == Faction::Rebel && transports_stranded(c) {
        ctx.note("Rebel Transports that cannot escape are destroyed");
        while let Some(i) =
            c.units.iter().position(|u| u.faction == Faction::Rebel && u.unit.key() == "rebel_transport")
        {
            destroy(ctx, c, i);
        }
        objectives::update_wins(ctx.s, c);
        c.offer_objectives = true;
    }
    // A retreat in the middle of the advanced tactic cards (Escape Plan) goes back to them.
    if let Some(step) = c.cine.as_mut().and_then(|x| x.resume.take()) {
        c.step = step;
        return;
    }
    c.step = if f == c.attacker { Step::Retreat { faction: f.opponent() } } else { Step::NextRound };
}

/// Before another round: lone structures facing enemy ground units are destroyed, and so is a
/// Death Star Under Construction left as the only Imperial ship facing Rebel ships.
///
/// With Rise of the Empire both sides may have structures (the Shield Bunker is Imperial), and
/// a side's structures survive if it rolled a die in this round's ground battle: another round
/// is fought. A Shield Bunker's station cannot be destroyed, so a lone one stays too.
pub(super) fn next_round_checks(ctx: &mut Ctx, c: &mut Combat) {
    let expansion = ctx.s.has_set(ContentSet::RiseOfTheEmpire);
    for f in [Faction::Rebel, Faction::Empire] {
        let structure =
            |u: &super::CombatUnit| u.faction == f && catalog().unit(u.unit).class == UnitClass::Structure;
        let ground: Vec<usize> = c.of(f, Theater::Ground).map(|(i, _)| i).collect();
        let only_structures = !ground.is_empty() && ground.iter().all(|&i| structure(&c.units[i]));
        if !only_structures || !c.has(f.opponent(), Theater::Ground) || (f == Faction::Empire && !expansion) {
            continue;
        }
        if expansion && c.rolled(f, Theater::Ground) {
            ctx.note("Structures that fired this round hold on: another round follows");
            continue;
        }
        ctx.note("Structures left alone against enemy ground units are destroyed");
        while let Some(i) = c.units.iter().position(structure) {
            destroy(ctx, c, i);
        }
    }
    let only_dsuc = c.has(Faction::Empire, Theater::Space)
        && c.of(Faction::Empire, Theater::Space)
            .all(|(_, u)| u.unit.key() == "death_star_under_construction");
    // A Shield Bunker here keeps the station from being destroyed (Rise of the Empire).
    if only_dsuc && !c.bunker() && c.has(Faction::Rebel, Theater::Space) {
        ctx.note("The Death Star Under Construction, left without escort, is destroyed");
        while let Some(i) = c.units.iter().position(|u| u.unit.key() == "death_star_under_construction") {
            destroy(ctx, c, i);
        }
    }
}
