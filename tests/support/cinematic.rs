//! Helpers for cinematic combat tests (Rise of the Empire): a cleared board with the expansion
//! on, a combat started in one system, the advanced picks, and the dice of an attack.

use holonet::content::*;
use holonet::engine::rebellion::State;
use holonet::engine::rebellion::combat::{self, Combat, Die, Step};
use holonet::engine::rebellion::flow::{self, Ctx};

use super::*;

/// The system every test fight is in.
pub const AT: &str = "kessel";

/// The advanced tactic card with this id.
pub fn adv(key: &str) -> AdvancedTacticId {
    catalog().advanced_tactic_by_key(key).unwrap_or_else(|| panic!("advanced tactic {key}"))
}

/// A cleared board of a match with the expansion on (its units in the supply), no cards in
/// hand, the base hidden in Dantooine, and a Command Phase turn of the Empire under whatever
/// follows.
pub fn board(seed: u64) -> Scenario {
    let mut sc = Scenario::new(seed).clear().base("dantooine", false).command(EMPIRE);
    sc.s.options.rise_of_the_empire = true;
    for u in UnitId::all().filter(|&u| catalog().unit(u).set == ContentSet::RiseOfTheEmpire) {
        let f = catalog().unit(u).faction;
        sc.s.supply.get_mut(f).add(u, catalog().unit(u).count_in_box);
    }
    for f in [REBEL, EMPIRE] {
        let h = sc.s.hands.get_mut(f);
        h.actions.clear();
        h.objectives.clear();
    }
    sc
}

/// Darth Vader and Jan Dodonna in Kessel with these units.
pub fn armies(empire: &[(&str, u8)], rebel: &[(&str, u8)]) -> Scenario {
    let mut sc = board(1).leader_at(AT, "darth_vader").leader_at(AT, "jan_dodonna");
    for &(u, n) in empire.iter().chain(rebel) {
        sc = sc.units(AT, u, n);
    }
    sc
}

/// Starts a combat in Kessel, `attacker` the current player, and runs it to its first
/// decision.
pub fn fight_by(sc: Scenario, attacker: Faction) -> State {
    let mut s = sc.build();
    let mut ctx = Ctx::new(&mut s);
    let f = combat::start(&mut ctx, place(AT), attacker, vec![]);
    ctx.s.stack.push(f);
    flow::advance(&mut ctx);
    s
}

/// Starts a combat in Kessel, the Empire attacking.
pub fn fight(sc: Scenario) -> State {
    fight_by(sc, EMPIRE)
}

/// Starts a combat in Kessel and makes both picks (the current player's first).
pub fn fight_with(sc: Scenario, attacker: Faction, picks: [(Faction, &str); 2]) -> State {
    let mut s = fight_by(sc, attacker);
    for (f, card) in picks {
        act(&mut s, f, &format!("advanced {card}"));
    }
    s
}

/// The combat in progress.
pub fn cm(s: &State) -> &Combat {
    s.combat().expect("a combat")
}

/// The combat in progress, mutably.
pub fn cm_mut(s: &mut State) -> &mut Combat {
    s.combat_mut().expect("a combat")
}

/// The combat's step.
pub fn step(s: &State) -> Step {
    cm(s).step
}

/// Sets the dice of the attack in progress (no green ones).
pub fn set_dice(s: &mut State, faces: &[(DieColor, DieFace)]) {
    cm_mut(s).dice =
        faces.iter().map(|&(color, face)| Die { color, face, spent: false, assigned: false }).collect();
    if let Some(x) = cm_mut(s).cine.as_deref_mut() {
        x.green = 0;
    }
}

/// The combat number of the `k`-th unit (from 0) of a type.
pub fn nth(s: &State, u: &str, k: usize) -> u8 {
    cm(s)
        .units
        .iter()
        .enumerate()
        .filter(|(_, x)| x.unit == unit(u))
        .nth(k)
        .unwrap_or_else(|| panic!("no {u} number {k} fighting"))
        .0 as u8
}

/// The combat number of the first unit of a type.
pub fn num(s: &State, u: &str) -> u8 {
    nth(s, u, 0)
}

/// The damage on the first unit of a type.
pub fn damage_of(s: &State, u: &str) -> u8 {
    cm(s).units[num(s, u) as usize].damage
}

/// Total damage on a faction's units.
pub fn damage_on(s: &State, f: Faction) -> u32 {
    cm(s).units.iter().filter(|u| u.faction == f).map(|u| u.damage as u32).sum()
}

/// How many units of a type fight for anyone.
pub fn fighting(s: &State, u: &str) -> usize {
    s.combat().map_or(0, |c| c.units.iter().filter(|x| x.unit == unit(u)).count())
}

/// A faction's advanced deck.
pub fn deck_of(s: &State, f: Faction) -> Vec<AdvancedTacticId> {
    s.cinematic.as_ref().map(|d| d.own.get(f).deck.clone()).unwrap_or_default()
}

/// A faction's advanced discard pile.
pub fn discard_of(s: &State, f: Faction) -> Vec<AdvancedTacticId> {
    s.cinematic.as_ref().map(|d| d.own.get(f).discard.clone()).unwrap_or_default()
}

/// Whether the combat waits for the attack of `side` to be rolled or past it (the cards are
/// done).
pub fn attacking(s: &State) -> Option<Faction> {
    match s.combat()?.step {
        Step::Actions { side, .. } | Step::Assign { side, .. } => Some(side),
        _ => None,
    }
}
