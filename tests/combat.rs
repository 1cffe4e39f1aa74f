//! Scenario tests for combat: dice, damage, blocks, tactic cards, retreat, special units and
//! combat objectives.

use holonet::content::*;
use holonet::engine::rebellion::combat::{self, Combat, Die};
use holonet::engine::rebellion::flow::{self, Ctx};
use holonet::engine::rebellion::{
    Action, Dice, Frame, MatchOptions, Place, PromptKind, State, apply, decision, new_game,
};

use DieColor::{Black, Red};
use DieFace::{Blank, DirectHit, Hit, Special};

fn sys(k: &str) -> SystemId {
    catalog().system_by_key(k).unwrap()
}
fn unit(k: &str) -> UnitId {
    catalog().unit_by_key(k).unwrap()
}
fn leader(k: &str) -> LeaderId {
    catalog().leader_by_key(k).unwrap()
}
fn tactic(k: &str) -> TacticId {
    catalog().tactic_by_key(k).unwrap()
}
fn objective(k: &str) -> ObjectiveId {
    catalog().objective_by_key(k).unwrap()
}

/// An empty board: no units, leaders, hands or frames; full tactic decks.
fn blank() -> State {
    let mut s = new_game(7, MatchOptions::default());
    for st in s.systems_mut() {
        *st = Default::default();
    }
    s.base_space = Default::default();
    s.base.system = None;
    s.leader_pool = ByFaction::default();
    s.hands = ByFaction::default();
    s.stack.clear();
    s.build_queue = ByFaction::new(|_| vec![Default::default(); 3]);
    s.decks.space_tactics = TacticId::all()
        .filter(|&t| catalog().tactic(t).theater == Theater::Space)
        .flat_map(|t| std::iter::repeat_n(t, catalog().tactic(t).copies as usize))
        .collect();
    s.decks.ground_tactics = TacticId::all()
        .filter(|&t| catalog().tactic(t).theater == Theater::Ground)
        .flat_map(|t| std::iter::repeat_n(t, catalog().tactic(t).copies as usize))
        .collect();
    s.decks.space_discard.clear();
    s.decks.ground_discard.clear();
    s
}

fn put(s: &mut State, at: &str, f: Faction, units: &[(&str, u8)]) {
    for &(u, n) in units {
        s.zone_mut(Place::System(sys(at))).units.get_mut(f).add(unit(u), n);
    }
}

fn put_leader(s: &mut State, at: &str, l: &str) {
    let id = leader(l);
    let f = catalog().leader(id).faction;
    s.zone_mut(Place::System(sys(at))).leaders.get_mut(f).push(id);
}

fn fight(s: &mut State, at: &str, attacker: Faction, origins: &[&str]) {
    let mut ctx = Ctx::new(s);
    let origins = origins.iter().map(|o| sys(o)).collect();
    let f = combat::start(&mut ctx, Place::System(sys(at)), attacker, origins);
    ctx.s.stack.push(f);
    // Run the automatic steps like the engine, but stop before the first roll so the test can
    // choose the dice.
    loop {
        let Some(Frame::Combat(c)) = ctx.s.stack.last() else {
            return;
        };
        if matches!(c.step, combat::Step::Roll { .. }) {
            return;
        }
        let d = combat::decision(ctx.s, c);
        let Some(Frame::Combat(c)) = ctx.s.stack.pop() else { unreachable!() };
        let frames = match d {
            Some(d) if d.actions == [Action::Done] => combat::act(&mut ctx, c, Action::Done).unwrap(),
            Some(_) => vec![Frame::Combat(c)],
            None => combat::auto(&mut ctx, c),
        };
        let stop = frames.is_empty() || d_is_real(ctx.s, &frames);
        ctx.s.stack.extend(frames);
        if stop {
            flow::advance(&mut ctx);
            return;
        }
    }
}

fn d_is_real(s: &State, frames: &[Frame]) -> bool {
    match frames.last() {
        Some(Frame::Combat(c)) => combat::decision(s, c).is_some_and(|d| d.actions != [Action::Done]),
        _ => true,
    }
}

fn cm(s: &mut State) -> &mut Combat {
    match s.stack.last_mut() {
        Some(Frame::Combat(c)) => c,
        other => panic!("no combat on top: {other:?}"),
    }
}

fn in_combat(s: &State) -> bool {
    matches!(s.stack.last(), Some(Frame::Combat(_)))
}

fn set_dice(s: &mut State, faces: &[(DieColor, DieFace)]) {
    cm(s).dice =
        faces.iter().map(|&(color, face)| Die { color, face, spent: false, assigned: false }).collect();
}

fn kind(s: &State) -> PromptKind {
    decision(s).expect("a decision").kind
}

fn go(s: &mut State, a: Action) {
    let seat = decision(s).expect("a decision").seat;
    apply(s, seat, a.clone()).unwrap_or_else(|e| panic!("{a:?} refused: {e}"));
}

fn actions(s: &State) -> Vec<Action> {
    decision(s).expect("a decision").actions
}

/// Index of the first combat unit of a type and faction.
fn idx(s: &mut State, f: Faction, u: &str) -> u8 {
    let id = unit(u);
    cm(s).units.iter().position(|x| x.faction == f && x.unit == id).expect("unit in combat") as u8
}

fn count(s: &State, at: &str, f: Faction, u: &str) -> u8 {
    s.units(Place::System(sys(at)), f).count(unit(u))
}

fn settle(s: &mut State) {
    let mut ctx = Ctx::new(s);
    flow::advance(&mut ctx);
}

/// Replaces the dice of the attack just rolled (the first decision of an attack: its combat
/// actions, or its damage assignment when no combat action was possible).
fn roll_as(s: &mut State, faces: &[(DieColor, DieFace)]) {
    let c = cm(s);
    let (theater, side) = match c.step {
        combat::Step::Roll { theater, side }
        | combat::Step::Actions { theater, side }
        | combat::Step::Assign { theater, side } => (theater, side),
        other => panic!("not at the start of an attack: {other:?}"),
    };
    c.step = combat::Step::Actions { theater, side };
    set_dice(s, faces);
    settle(s);
}

/// Attacks with these dice, without combat actions; stops at damage assignment (if any).
fn attack_with(s: &mut State, faces: &[(DieColor, DieFace)]) {
    roll_as(s, faces);
    if in_combat(s) && kind(s) == PromptKind::CombatActions {
        go(s, Action::Done);
    }
}

/// Whether an attack has just begun (nothing assigned yet).
fn at_attack_start(s: &mut State) -> bool {
    if !in_combat(s) {
        return false;
    }
    let c = cm(s);
    match c.step {
        combat::Step::Roll { .. } => true,
        combat::Step::Actions { .. } | combat::Step::Assign { .. } => {
            c.effect.is_none()
                && c.dice.iter().all(|d| !d.assigned && !d.spent)
                && c.units.iter().all(|u| u.pending == 0)
        }
        _ => false,
    }
}

/// Passes the current attack with blank dice (nothing if no attack is starting: an attack
/// that needed no decision had no effect at all).
fn blank_attack(s: &mut State) {
    if at_attack_start(s) {
        attack_with(s, &[(Black, Blank)]);
    }
}

/// A standard fight in Yavin: both sides in both theaters, the Rebels attack.
fn standard() -> State {
    let mut s = blank();
    put(&mut s, "yavin", Faction::Rebel, &[("x_wing", 2), ("corellian_corvette", 1)]);
    put(&mut s, "yavin", Faction::Rebel, &[("rebel_trooper", 2), ("airspeeder", 1)]);
    put(&mut s, "yavin", Faction::Empire, &[("tie_fighter", 2), ("star_destroyer", 1)]);
    put(&mut s, "yavin", Faction::Empire, &[("stormtrooper", 2), ("at_at", 1)]);
    s
}

/// Brings the standard fight to the Rebel ground attack's combat actions.
fn to_ground(s: &mut State) {
    blank_attack(s);
    blank_attack(s);
    assert!(matches!(
        cm(s).step,
        combat::Step::Actions { theater: Theater::Ground, .. }
            | combat::Step::Assign { theater: Theater::Ground, .. }
    ));
}

/// The number of dice of the first roll after the combat's start.
fn first_roll(s: &mut State) -> usize {
    let mut ctx = Ctx::new(s);
    flow::advance(&mut ctx);
    ctx.events
        .iter()
        .find_map(|e| match &e.kind {
            holonet::engine::rebellion::EventKind::DiceRolled { faces, .. } => Some(faces.len()),
            _ => None,
        })
        .expect("a roll")
}

#[test]
fn focus_fire_assigns_matching_hits_first_and_stops_at_the_units_health() {
    let mut s = standard();
    fight(&mut s, "yavin", Faction::Rebel, &[]);
    attack_with(&mut s, &[(Red, DirectHit), (Red, Hit), (Red, Hit), (Red, Hit), (Red, Hit), (Black, Hit)]);
    let sd = idx(&mut s, Faction::Empire, "star_destroyer");
    assert!(actions(&s).contains(&Action::FocusFire { unit: sd }));
    go(&mut s, Action::FocusFire { unit: sd });
    let c = cm(&mut s);
    assert_eq!(c.units[sd as usize].damage, 4, "exactly the Star Destroyer's health");
    assert!(c.dice[1..5].iter().all(|d| d.assigned), "the four red hits went first");
    assert!(!c.dice[0].assigned, "the direct hit is kept for another target");
    assert!(!c.dice[5].assigned, "a black hit cannot hurt a red-health ship");
    assert!(
        actions(&s).iter().all(|a| !matches!(a, Action::FocusFire { unit } if *unit == sd)),
        "no focus on a unit that already has lethal damage"
    );
    assert_eq!(Action::parse("focus 3"), Ok(Action::FocusFire { unit: 3 }));
}

#[test]
fn dice_are_capped_at_five_of_each_colour() {
    let mut s = blank();
    put(&mut s, "yavin", Faction::Empire, &[("super_star_destroyer", 4)]);
    put(&mut s, "yavin", Faction::Rebel, &[("x_wing", 1)]);
    fight(&mut s, "yavin", Faction::Empire, &[]);
    assert_eq!(first_roll(&mut s), 10, "8 black and 12 red become 5 and 5");
}

#[test]
fn ion_cannon_reduces_red_dice_before_the_cap() {
    let mut s = blank();
    put(&mut s, "yavin", Faction::Empire, &[("star_destroyer", 3)]);
    put(&mut s, "yavin", Faction::Rebel, &[("x_wing", 1), ("ion_cannon", 1)]);
    fight(&mut s, "yavin", Faction::Empire, &[]);
    assert_eq!(first_roll(&mut s), 7, "3 black; 6 red - 2 = 4 (not 5 - 2)");
}

#[test]
fn damage_follows_die_colours_and_must_all_be_assigned() {
    let mut s = standard();
    fight(&mut s, "yavin", Faction::Rebel, &[]);
    attack_with(&mut s, &[(Black, Hit), (Red, Hit), (Black, DirectHit), (Red, Special)]);
    assert_eq!(kind(&s), PromptKind::AssignDamage);
    let tie = idx(&mut s, Faction::Empire, "tie_fighter");
    let sd = idx(&mut s, Faction::Empire, "star_destroyer");
    let a = actions(&s);
    assert!(!a.contains(&Action::Done), "every die that can be assigned must be");
    assert!(a.contains(&Action::Damage { die: 0, unit: tie }));
    assert!(!a.contains(&Action::Damage { die: 0, unit: sd }));
    assert!(a.contains(&Action::Damage { die: 1, unit: sd }));
    assert!(!a.contains(&Action::Damage { die: 1, unit: tie }));
    assert!(a.contains(&Action::Damage { die: 2, unit: sd }));
    assert!(a.contains(&Action::Damage { die: 2, unit: tie }));
    assert!(a.iter().all(|x| !matches!(x, Action::Damage { die: 3, .. })), "specials are no damage");
    let trooper = idx(&mut s, Faction::Empire, "stormtrooper");
    assert!(a.iter().all(|x| !matches!(x, Action::Damage { unit, .. } if *unit == trooper)));
    go(&mut s, Action::Damage { die: 0, unit: tie });
    go(&mut s, Action::Damage { die: 1, unit: sd });
    go(&mut s, Action::Damage { die: 2, unit: sd });
    // Empire attacks next; the TIE is marked destroyed but still rolls.
    if at_attack_start(&mut s) {
        assert_eq!(cm(&mut s).dice.len(), 5, "2 TIE + 1 SD black, 2 SD red");
    }
    assert_eq!(count(&s, "yavin", Faction::Empire, "tie_fighter"), 2);
    blank_attack(&mut s);
    // End of the space step: the TIE is gone, the Star Destroyer keeps 2 damage.
    assert_eq!(count(&s, "yavin", Faction::Empire, "tie_fighter"), 1);
    let sd = idx(&mut s, Faction::Empire, "star_destroyer");
    assert_eq!(cm(&mut s).units[sd as usize].damage, 2);
}

#[test]
fn death_star_cannot_take_damage() {
    let mut s = blank();
    put(&mut s, "yavin", Faction::Empire, &[("death_star", 1)]);
    put(&mut s, "yavin", Faction::Rebel, &[("y_wing", 1)]);
    fight(&mut s, "yavin", Faction::Rebel, &[]);
    attack_with(&mut s, &[(Red, DirectHit), (Red, Hit)]);
    // No die can be assigned: straight to the Empire's attack.
    assert!(cm(&mut s).units.iter().all(|u| u.damage == 0));
}

#[test]
fn defensive_formation_blocks_one_damage() {
    for (th, card) in [("space", "space_defensive_formation"), ("ground", "ground_defensive_formation")] {
        let mut s = standard();
        s.hands.empire.tactics = vec![tactic(card)];
        fight(&mut s, "yavin", Faction::Rebel, &[]);
        if th == "ground" {
            to_ground(&mut s);
        }
        let target = if th == "space" { "star_destroyer" } else { "at_at" };
        let t = idx(&mut s, Faction::Empire, target);
        attack_with(&mut s, &[(Red, Hit), (Red, Hit)]);
        go(&mut s, Action::Damage { die: 0, unit: t });
        go(&mut s, Action::Damage { die: 1, unit: t });
        assert_eq!(kind(&s), PromptKind::BlockDamage);
        go(&mut s, Action::PlayTactic { card: tactic(card) });
        assert_eq!(actions(&s), vec![Action::Block { unit: t }, Action::Done]);
        go(&mut s, Action::Block { unit: t });
        assert_eq!(cm(&mut s).units[t as usize].damage, 1);
        assert_eq!(s.decks.space_discard.len() + s.decks.ground_discard.len(), 1);
    }
}

#[test]
fn outmaneuver_and_dig_in_discard_another_card_then_block_two() {
    for (th, card, other) in [
        ("space", "space_outmaneuver", "space_critical_hit"),
        ("ground", "ground_dig_in", "ground_critical_hit"),
    ] {
        let mut s = standard();
        s.hands.empire.tactics = vec![tactic(card)];
        fight(&mut s, "yavin", Faction::Rebel, &[]);
        if th == "ground" {
            to_ground(&mut s);
        }
        let target = if th == "space" { "star_destroyer" } else { "at_at" };
        let t = idx(&mut s, Faction::Empire, target);
        attack_with(&mut s, &[(Red, Hit), (Red, Hit)]);
        go(&mut s, Action::Damage { die: 0, unit: t });
        go(&mut s, Action::Damage { die: 1, unit: t });
        // Alone in hand it cannot be played: the block step is asked all the same (the Empire
        // could hold a Defensive Formation, which needs no other card), with only `done`.
        assert_eq!(kind(&s), PromptKind::BlockDamage);
        assert_eq!(actions(&s), vec![Action::Done]);
        let mut s = standard();
        s.hands.empire.tactics = vec![tactic(card), tactic(other)];
        fight(&mut s, "yavin", Faction::Rebel, &[]);
        if th == "ground" {
            to_ground(&mut s);
        }
        let t = idx(&mut s, Faction::Empire, target);
        attack_with(&mut s, &[(Red, Hit), (Red, Hit)]);
        go(&mut s, Action::Damage { die: 0, unit: t });
        go(&mut s, Action::Damage { die: 1, unit: t });
        go(&mut s, Action::PlayTactic { card: tactic(card) });
        assert_eq!(actions(&s), vec![Action::PlayTactic { card: tactic(other) }]);
        go(&mut s, Action::PlayTactic { card: tactic(other) });
        go(&mut s, Action::Block { unit: t });
        go(&mut s, Action::Block { unit: t });
        assert_eq!(cm(&mut s).units[t as usize].damage, 0);
        assert!(s.hands.empire.tactics.is_empty());
    }
}

#[test]
fn unstoppable_assault_forbids_blocks() {
    for (th, card, block) in [
        ("space", "space_unstoppable_assault", "space_defensive_formation"),
        ("ground", "ground_unstoppable_assault", "ground_defensive_formation"),
    ] {
        let mut s = standard();
        s.hands.rebel.tactics = vec![tactic(card)];
        s.hands.empire.tactics = vec![tactic(block)];
        fight(&mut s, "yavin", Faction::Rebel, &[]);
        if th == "ground" {
            to_ground(&mut s);
        }
        let target = if th == "space" { "star_destroyer" } else { "at_at" };
        roll_as(&mut s, &[(Red, Special), (Red, Hit)]);
        go(&mut s, Action::PlayTactic { card: tactic(card) });
        let t = idx(&mut s, Faction::Empire, target);
        go(&mut s, Action::Damage { die: 1, unit: t });
        assert_ne!(kind(&s), PromptKind::BlockDamage);
        assert_eq!(decision(&s).unwrap().seat, Faction::Empire, "on to the Imperial attack");
    }
}

#[test]
fn critical_hit_take_it_down_and_onslaught_deal_damage() {
    for (th, critical_hit, take_it_down, onslaught) in [
        ("space", "space_critical_hit", "space_take_it_down", "space_onslaught"),
        ("ground", "ground_critical_hit", "ground_take_it_down", "ground_onslaught"),
    ] {
        let target = if th == "space" { "star_destroyer" } else { "at_at" };
        let small = if th == "space" { "tie_fighter" } else { "stormtrooper" };
        // Critical Hit: one damage, no special needed.
        let mut s = standard();
        s.hands.rebel.tactics = vec![tactic(critical_hit)];
        fight(&mut s, "yavin", Faction::Rebel, &[]);
        if th == "ground" {
            to_ground(&mut s);
        }
        roll_as(&mut s, &[(Black, Blank)]);
        go(&mut s, Action::PlayTactic { card: tactic(critical_hit) });
        let t = idx(&mut s, Faction::Empire, target);
        go(&mut s, Action::Hit { unit: t });
        assert_eq!(cm(&mut s).units[t as usize].damage, 1);
        // Take It Down: needs a special; two damage to one unit.
        let mut s = standard();
        let tid = tactic(take_it_down);
        s.hands.rebel.tactics = vec![tid, tactic(critical_hit)];
        fight(&mut s, "yavin", Faction::Rebel, &[]);
        if th == "ground" {
            to_ground(&mut s);
        }
        roll_as(&mut s, &[(Black, Blank)]);
        assert!(!actions(&s).contains(&Action::PlayTactic { card: tid }), "no special, no card");
        roll_as(&mut s, &[(Black, Special)]);
        go(&mut s, Action::PlayTactic { card: tactic(take_it_down) });
        let t = idx(&mut s, Faction::Empire, target);
        go(&mut s, Action::Hit { unit: t });
        assert_eq!(cm(&mut s).units[t as usize].damage, 2);
        // Onslaught: one damage to each of two different units.
        let mut s = standard();
        s.hands.rebel.tactics = vec![tactic(onslaught)];
        fight(&mut s, "yavin", Faction::Rebel, &[]);
        if th == "ground" {
            to_ground(&mut s);
        }
        roll_as(&mut s, &[(Black, Special)]);
        go(&mut s, Action::PlayTactic { card: tactic(onslaught) });
        let t = idx(&mut s, Faction::Empire, target);
        let u = idx(&mut s, Faction::Empire, small);
        go(&mut s, Action::Hit { unit: t });
        assert!(!actions(&s).contains(&Action::Hit { unit: t }), "different units");
        go(&mut s, Action::Hit { unit: u });
        assert_eq!(cm(&mut s).units[t as usize].damage, 1);
        assert_eq!(cm(&mut s).units[u as usize].damage, 1);
    }
}

#[test]
fn card_damage_can_be_blocked() {
    let mut s = standard();
    s.hands.rebel.tactics = vec![tactic("space_critical_hit")];
    s.hands.empire.tactics = vec![tactic("space_defensive_formation")];
    fight(&mut s, "yavin", Faction::Rebel, &[]);
    roll_as(&mut s, &[(Black, Blank)]);
    go(&mut s, Action::PlayTactic { card: tactic("space_critical_hit") });
    let t = idx(&mut s, Faction::Empire, "tie_fighter");
    go(&mut s, Action::Hit { unit: t });
    assert_eq!(kind(&s), PromptKind::BlockDamage);
    go(&mut s, Action::PlayTactic { card: tactic("space_defensive_formation") });
    go(&mut s, Action::Block { unit: t });
    blank_attack(&mut s);
    assert_eq!(count(&s, "yavin", Faction::Empire, "tie_fighter"), 2, "blocked, survives");
}

#[test]
fn concentrate_fire_rerolls_up_to_two_dice() {
    for (th, concentrate_fire) in [("space", "space_concentrate_fire"), ("ground", "ground_concentrate_fire")]
    {
        let card = tactic(concentrate_fire);
        let mut s = standard();
        s.hands.rebel.tactics = vec![card];
        fight(&mut s, "yavin", Faction::Rebel, &[]);
        if th == "ground" {
            to_ground(&mut s);
        }
        roll_as(&mut s, &[(Black, Blank), (Black, Blank), (Red, Blank)]);
        go(&mut s, Action::PlayTactic { card });
        let a = actions(&s);
        assert!(a.contains(&Action::Reroll { dice: Dice::two(0, 2) }));
        let before = s.rng.clone();
        go(&mut s, Action::Reroll { dice: Dice::two(0, 2) });
        assert_ne!(s.rng, before, "dice were rolled");
        assert!(s.hands.rebel.tactics.is_empty());
    }
}

/// A reroll names one or two dice: typed, read and stored as a list, as before it was held
/// inline.
#[test]
fn a_reroll_names_one_or_two_dice() {
    let two = Action::Reroll { dice: Dice::two(0, 2) };
    assert_eq!(Action::parse("reroll 0 2").unwrap(), two);
    assert_eq!(Action::parse("reroll 1").unwrap(), Action::Reroll { dice: Dice::one(1) });
    assert!(Action::parse("reroll 0 1 2").is_err() && Action::parse("reroll").is_err());
    assert_eq!(two.command(), "reroll 0 2");
    let json = serde_json::to_value(&two).unwrap();
    assert_eq!(json, serde_json::json!({"type": "reroll", "dice": [0, 2]}));
    assert_eq!(serde_json::from_value::<Action>(json).unwrap(), two);
    assert!(serde_json::from_str::<Action>(r#"{"type":"reroll","dice":[0,1,2]}"#).is_err());
    assert!(!std::mem::needs_drop::<Action>(), "an action owns nothing on the heap");
}

#[test]
fn brilliant_strategy_draws_two_from_any_mix() {
    for (th, brilliant_strategy) in
        [("space", "space_brilliant_strategy"), ("ground", "ground_brilliant_strategy")]
    {
        for (mode, space, ground) in [(1u8, 2usize, 0usize), (2, 0, 2), (3, 1, 1)] {
            let card = tactic(brilliant_strategy);
            let mut s = standard();
            s.hands.rebel.tactics = vec![card];
            s.decks.space_tactics.retain(|&t| t != card);
            s.decks.ground_tactics.retain(|&t| t != card);
            fight(&mut s, "yavin", Faction::Rebel, &[]);
            if th == "ground" {
                to_ground(&mut s);
            }
            roll_as(&mut s, &[(Black, Special)]);
            go(&mut s, Action::PlayTactic { card });
            assert_eq!(kind(&s), PromptKind::CardChoice);
            go(&mut s, Action::Mode { n: mode });
            let hand = &s.hands.rebel.tactics;
            let sp = hand.iter().filter(|&&t| catalog().tactic(t).theater == Theater::Space).count();
            assert_eq!((sp, hand.len() - sp), (space, ground));
        }
    }
}

#[test]
fn draw_tactic_spends_a_special() {
    let mut s = standard();
    fight(&mut s, "yavin", Faction::Rebel, &[]);
    roll_as(&mut s, &[(Black, Special)]);
    go(&mut s, Action::DrawTactic);
    assert_eq!(s.hands.rebel.tactics.len(), 1);
    if let combat::Step::Actions { side: Faction::Rebel, .. } = cm(&mut s).step {
        assert!(!actions(&s).contains(&Action::DrawTactic), "the special is spent");
    }
}

#[test]
fn bombardment_uses_a_ships_red_attack() {
    let mut s = standard();
    s.hands.rebel.tactics = vec![tactic("ground_bombardment")];
    fight(&mut s, "yavin", Faction::Rebel, &[]);
    to_ground(&mut s);
    roll_as(&mut s, &[(Black, Special)]);
    go(&mut s, Action::PlayTactic { card: tactic("ground_bombardment") });
    // Corellian Corvette: red attack 1 → one damage to a ground unit.
    let t = idx(&mut s, Faction::Empire, "stormtrooper");
    let sd = idx(&mut s, Faction::Empire, "star_destroyer");
    assert!(!actions(&s).contains(&Action::Hit { unit: sd }), "ground units only");
    go(&mut s, Action::Hit { unit: t });
    assert_eq!(cm(&mut s).units[t as usize].damage, 1);
    assert!(cm(&mut s).effect.is_none());
}

#[test]
fn no_escape_stops_the_opponent_retreating_this_round() {
    let mut s = standard();
    put_leader(&mut s, "yavin", "admiral_piett");
    put_leader(&mut s, "yavin", "han_solo");
    s.decks.space_tactics.clear();
    s.decks.ground_tactics.clear();
    s.hands.empire.tactics = vec![tactic("space_no_escape")];
    fight(&mut s, "yavin", Faction::Rebel, &[]);
    blank_attack(&mut s);
    roll_as(&mut s, &[(Black, Blank)]);
    go(&mut s, Action::PlayTactic { card: tactic("space_no_escape") });
    blank_attack(&mut s);
    blank_attack(&mut s);
    // Retreat step: the Rebels may not retreat; the Empire may.
    assert_eq!(decision(&s).unwrap().seat, Faction::Empire);
    assert_eq!(kind(&s), PromptKind::Retreat);
}

#[test]
fn escape_plan_lets_ground_units_retreat_without_ships() {
    let mut s = blank();
    put(&mut s, "yavin", Faction::Rebel, &[("rebel_trooper", 3)]);
    put(&mut s, "yavin", Faction::Empire, &[("stormtrooper", 3)]);
    put_leader(&mut s, "yavin", "han_solo");
    s.decks.ground_tactics.clear();
    s.hands.rebel.tactics = vec![tactic("ground_escape_plan")];
    fight(&mut s, "yavin", Faction::Empire, &[]);
    blank_attack(&mut s);
    roll_as(&mut s, &[(Black, Blank)]);
    go(&mut s, Action::PlayTactic { card: tactic("ground_escape_plan") });
    assert_eq!(kind(&s), PromptKind::Retreat);
    go(&mut s, Action::Retreat { leader: leader("han_solo"), to: sys("felucia") });
    assert_eq!(kind(&s), PromptKind::RetreatCarry);
    assert!(!actions(&s).contains(&Action::Done), "a leader never retreats alone");
    for _ in 0..3 {
        go(&mut s, Action::Carry { unit: unit("rebel_trooper") });
    }
    assert!(!in_combat(&s));
    assert_eq!(count(&s, "felucia", Faction::Rebel, "rebel_trooper"), 3);
}

#[test]
fn without_ships_or_escape_plan_ground_units_cannot_retreat() {
    let mut s = blank();
    put(&mut s, "yavin", Faction::Rebel, &[("rebel_trooper", 3)]);
    put(&mut s, "yavin", Faction::Empire, &[("stormtrooper", 3)]);
    put_leader(&mut s, "yavin", "han_solo");
    s.decks.ground_tactics.clear();
    fight(&mut s, "yavin", Faction::Empire, &[]);
    blank_attack(&mut s);
    blank_attack(&mut s);
    // No retreat prompt: a new round begins.
    assert_eq!(cm(&mut s).round, 2);
}

#[test]
fn retreat_destinations_follow_the_rules() {
    // Yavin is adjacent to Dathomir, Felucia and Mandalore.
    let mut s = standard();
    put_leader(&mut s, "yavin", "han_solo");
    put_leader(&mut s, "yavin", "darth_vader");
    s.decks.space_tactics.clear();
    s.decks.ground_tactics.clear();
    put(&mut s, "mandalore", Faction::Empire, &[("stormtrooper", 1)]);
    put(&mut s, "dathomir", Faction::Empire, &[("tie_fighter", 1)]);
    let mut t = s.clone();
    let c = combat::start(
        &mut Ctx::new(&mut t),
        Place::System(sys("yavin")),
        Faction::Empire,
        vec![sys("dathomir")],
    );
    let Frame::Combat(c) = c else { panic!() };
    // Rebels: Mandalore and Dathomir hold Imperial units → only Felicia (empty).
    assert_eq!(combat::destinations(&s, &c, Faction::Rebel), vec![sys("felucia")]);
    // Empire: Dathomir/Mandalore hold its units; as attacker its origin is allowed.
    let mut e = combat::destinations(&s, &c, Faction::Empire);
    e.sort();
    let mut want = vec![sys("dathomir"), sys("mandalore")];
    want.sort();
    assert_eq!(e, want);
    // Own loyalty is preferred over empty systems.
    let mut s2 = standard();
    s2.sys_mut(sys("mandalore")).loyalty = Some(Faction::Rebel);
    let c2 =
        combat::start(&mut Ctx::new(&mut s2.clone()), Place::System(sys("yavin")), Faction::Empire, vec![]);
    let Frame::Combat(c2) = c2 else { panic!() };
    assert_eq!(combat::destinations(&s2, &c2, Faction::Rebel), vec![sys("mandalore")]);
    // The defender may not retreat where the attacker came from.
    let mut s3 = standard();
    put(&mut s3, "mandalore", Faction::Rebel, &[("x_wing", 1)]);
    let c3 = combat::start(
        &mut Ctx::new(&mut s3.clone()),
        Place::System(sys("yavin")),
        Faction::Empire,
        vec![sys("mandalore")],
    );
    let Frame::Combat(c3) = c3 else { panic!() };
    let mut r = combat::destinations(&s3, &c3, Faction::Rebel);
    r.sort();
    let mut want = vec![sys("dathomir"), sys("felucia")];
    want.sort();
    assert_eq!(r, want);
}

#[test]
fn retreat_moves_all_ships_and_carries_within_capacity_once_per_combat() {
    let mut s = blank();
    put(
        &mut s,
        "yavin",
        Faction::Rebel,
        &[("corellian_corvette", 1), ("x_wing", 1), ("rebel_trooper", 3), ("ion_cannon", 1)],
    );
    put(&mut s, "yavin", Faction::Empire, &[("tie_fighter", 1), ("stormtrooper", 3)]);
    put_leader(&mut s, "yavin", "han_solo");
    s.captured.push(leader("han_solo"));
    put_leader(&mut s, "yavin", "mon_mothma");
    s.decks.space_tactics.clear();
    s.decks.ground_tactics.clear();
    fight(&mut s, "yavin", Faction::Empire, &[]);
    for _ in 0..4 {
        blank_attack(&mut s);
    }
    assert_eq!(kind(&s), PromptKind::Retreat);
    assert!(
        actions(&s)
            .iter()
            .all(|a| !matches!(a, Action::Retreat { leader: l, .. } if *l == leader("han_solo"))),
        "captured leaders stay"
    );
    go(&mut s, Action::Retreat { leader: leader("mon_mothma"), to: sys("felucia") });
    assert_eq!(count(&s, "felucia", Faction::Rebel, "corellian_corvette"), 1);
    assert_eq!(count(&s, "felucia", Faction::Rebel, "x_wing"), 1);
    go(&mut s, Action::Carry { unit: unit("rebel_trooper") });
    go(&mut s, Action::Carry { unit: unit("rebel_trooper") });
    // Capacity 2 used up: only `done` is left, answered by the engine.
    assert_eq!(count(&s, "felucia", Faction::Rebel, "rebel_trooper"), 2);
    assert_eq!(count(&s, "yavin", Faction::Rebel, "rebel_trooper"), 1);
    assert_eq!(count(&s, "yavin", Faction::Rebel, "ion_cannon"), 1, "immobile");
    assert!(s.zone(Place::System(sys("felucia"))).leaders.rebel.contains(&leader("mon_mothma")));
    // The ground battle goes on; the Rebels cannot retreat again.
    assert!(in_combat(&s));
    blank_attack(&mut s);
    blank_attack(&mut s);
    assert_ne!(kind(&s), PromptKind::Retreat);
}

#[test]
fn empire_cannot_retreat_with_a_death_star() {
    let mut s = blank();
    put(&mut s, "yavin", Faction::Empire, &[("death_star", 1), ("star_destroyer", 1)]);
    put(&mut s, "yavin", Faction::Rebel, &[("mon_calamari_cruiser", 1)]);
    put_leader(&mut s, "yavin", "darth_vader");
    s.decks.space_tactics.clear();
    fight(&mut s, "yavin", Faction::Empire, &[]);
    blank_attack(&mut s);
    blank_attack(&mut s);
    // Empire (attacker) gets no retreat prompt; the Rebels have no leader: next round.
    assert_eq!(cm(&mut s).round, 2);
}

#[test]
fn no_retreat_when_the_opponent_has_no_units() {
    let mut s = blank();
    put(&mut s, "yavin", Faction::Empire, &[("tie_fighter", 1)]);
    put(&mut s, "yavin", Faction::Rebel, &[("x_wing", 1), ("rebel_trooper", 1)]);
    put_leader(&mut s, "yavin", "han_solo");
    s.decks.space_tactics.clear();
    fight(&mut s, "yavin", Faction::Rebel, &[]);
    attack_with(&mut s, &[(Black, Hit)]);
    let tie = idx(&mut s, Faction::Empire, "tie_fighter");
    go(&mut s, Action::Damage { die: 0, unit: tie });
    blank_attack(&mut s);
    assert!(!in_combat(&s), "no retreat prompt, combat over");
}

#[test]
fn rebel_transports_alone_must_retreat_or_die() {
    let mut s = blank();
    put(&mut s, "yavin", Faction::Empire, &[("star_destroyer", 1), ("stormtrooper", 1)]);
    put(&mut s, "yavin", Faction::Rebel, &[("rebel_transport", 2), ("rebel_trooper", 1)]);
    put_leader(&mut s, "yavin", "han_solo");
    s.decks.space_tactics.clear();
    s.decks.ground_tactics.clear();
    fight(&mut s, "yavin", Faction::Empire, &[]);
    for _ in 0..4 {
        blank_attack(&mut s);
    }
    assert_eq!(kind(&s), PromptKind::Retreat);
    go(&mut s, Action::Done);
    assert_eq!(count(&s, "yavin", Faction::Rebel, "rebel_transport"), 0);
    assert!(s.supply.rebel.count(unit("rebel_transport")) >= 2);
}

#[test]
fn lone_structures_are_destroyed() {
    let mut s = blank();
    put(&mut s, "yavin", Faction::Empire, &[("stormtrooper", 1)]);
    put(&mut s, "yavin", Faction::Rebel, &[("shield_generator", 1), ("ion_cannon", 1)]);
    s.decks.ground_tactics.clear();
    fight(&mut s, "yavin", Faction::Empire, &[]);
    blank_attack(&mut s);
    assert!(!in_combat(&s));
    assert_eq!(count(&s, "yavin", Faction::Rebel, "shield_generator"), 0);
    assert_eq!(count(&s, "yavin", Faction::Rebel, "ion_cannon"), 0);
}

#[test]
fn lone_death_star_under_construction_is_destroyed_with_the_queued_death_star() {
    let mut s = blank();
    put(&mut s, "yavin", Faction::Empire, &[("death_star_under_construction", 1)]);
    put(&mut s, "yavin", Faction::Rebel, &[("x_wing", 1)]);
    s.build_queue.empire[2].add(unit("death_star"), 1);
    s.supply.empire.remove(unit("death_star"), 1);
    let ds_supply = s.supply.empire.count(unit("death_star"));
    s.decks.space_tactics.clear();
    fight(&mut s, "yavin", Faction::Rebel, &[]);
    blank_attack(&mut s);
    assert!(!in_combat(&s));
    assert_eq!(count(&s, "yavin", Faction::Empire, "death_star_under_construction"), 0);
    assert_eq!(s.build_queue.empire[2].count(unit("death_star")), 0);
    assert_eq!(s.supply.empire.count(unit("death_star")), ds_supply + 1);
}

#[test]
fn tactic_cards_are_drawn_only_for_contested_theaters() {
    let mut s = blank();
    put(&mut s, "yavin", Faction::Empire, &[("star_destroyer", 1), ("stormtrooper", 1)]);
    put(&mut s, "yavin", Faction::Rebel, &[("x_wing", 1)]);
    put_leader(&mut s, "yavin", "darth_vader");
    put_leader(&mut s, "yavin", "general_madine");
    fight(&mut s, "yavin", Faction::Rebel, &[]);
    // Vader: space 2; Madine: space 1; ground is not contested.
    assert_eq!(s.hands.empire.tactics.len(), 2);
    assert_eq!(s.hands.rebel.tactics.len(), 1);
    assert!(s.hands.empire.tactics.iter().all(|&t| catalog().tactic(t).theater == Theater::Space));
}

#[test]
fn leaders_can_be_added_and_shield_generators_draw_extra_cards() {
    let mut s = blank();
    put(&mut s, "yavin", Faction::Empire, &[("stormtrooper", 2)]);
    put(&mut s, "yavin", Faction::Rebel, &[("rebel_trooper", 1), ("shield_generator", 2)]);
    s.leader_pool.rebel = vec![leader("general_madine")];
    s.leader_pool.empire = vec![leader("general_veers")];
    fight(&mut s, "yavin", Faction::Empire, &[]);
    assert_eq!(kind(&s), PromptKind::AddLeader);
    assert_eq!(decision(&s).unwrap().seat, Faction::Empire);
    go(&mut s, Action::AddLeader { leader: leader("general_veers") });
    assert_eq!(decision(&s).unwrap().seat, Faction::Rebel);
    go(&mut s, Action::Done);
    assert_eq!(s.hands.empire.tactics.len(), 3, "Veers: ground 3");
    assert_eq!(s.hands.rebel.tactics.len(), 2, "two shield generators");
    assert!(s.leader_pool.empire.is_empty());
}

#[test]
fn decks_are_rebuilt_at_the_end_and_reshuffled_when_empty() {
    let mut s = blank();
    put(&mut s, "yavin", Faction::Empire, &[("tie_fighter", 1)]);
    put(&mut s, "yavin", Faction::Rebel, &[("x_wing", 1)]);
    put_leader(&mut s, "yavin", "admiral_ackbar");
    let all = s.decks.space_tactics.len();
    // Only one card left in the deck, the rest discarded: the draw reshuffles.
    let rest = s.decks.space_tactics.split_off(1);
    s.decks.space_discard = rest;
    fight(&mut s, "yavin", Faction::Rebel, &[]);
    assert_eq!(s.hands.rebel.tactics.len(), 3);
    attack_with(&mut s, &[(Black, Hit)]);
    let tie = idx(&mut s, Faction::Empire, "tie_fighter");
    go(&mut s, Action::Damage { die: 0, unit: tie });
    blank_attack(&mut s);
    assert!(!in_combat(&s));
    assert!(s.hands.rebel.tactics.is_empty());
    assert_eq!(s.decks.space_tactics.len(), all);
    assert!(s.decks.space_discard.is_empty());
}

/// Destroys every Imperial unit of a theater in the current Rebel attack with direct hits.
fn wipe(s: &mut State, th: Theater) {
    let targets: Vec<u8> = cm(s)
        .units
        .iter()
        .enumerate()
        .filter(|(_, u)| u.faction == Faction::Empire && catalog().unit(u.unit).theater == th)
        .flat_map(|(i, u)| {
            let h = catalog().unit(u.unit).health.map_or(0, |x| x.0);
            std::iter::repeat_n(i as u8, h as usize)
        })
        .collect();
    let n = targets.len();
    attack_with(s, &vec![(Red, DirectHit); n]);
    for (d, t) in targets.into_iter().enumerate() {
        go(s, Action::Damage { die: d as u8, unit: t });
    }
}

#[test]
fn crippling_blow_and_one_objective_per_combat() {
    let mut s = blank();
    put(&mut s, "yavin", Faction::Empire, &[("at_at", 1)]);
    put(&mut s, "yavin", Faction::Rebel, &[("airspeeder", 3)]);
    s.hands.rebel.objectives = vec![objective("crippling_blow"), objective("liberation")];
    s.decks.ground_tactics.clear();
    let rep = s.reputation;
    fight(&mut s, "yavin", Faction::Rebel, &[]);
    wipe(&mut s, Theater::Ground);
    blank_attack(&mut s);
    assert_eq!(kind(&s), PromptKind::Objective);
    assert_eq!(actions(&s), vec![Action::PlayObjective { card: objective("crippling_blow") }, Action::Done]);
    go(&mut s, Action::PlayObjective { card: objective("crippling_blow") });
    assert_eq!(s.reputation, rep - 1);
    assert_eq!(s.hands.rebel.objectives, vec![objective("liberation")]);
    assert!(!in_combat(&s));
}

#[test]
fn crippling_blow_needs_a_rebel_started_combat() {
    let mut s = blank();
    put(&mut s, "yavin", Faction::Empire, &[("at_at", 1)]);
    put(&mut s, "yavin", Faction::Rebel, &[("airspeeder", 3)]);
    s.hands.rebel.objectives = vec![objective("crippling_blow")];
    s.decks.ground_tactics.clear();
    fight(&mut s, "yavin", Faction::Empire, &[]);
    // The Rebel attack rolls real dice by itself and may miss (the dice depend on the random
    // stream, which depends on the decks dealt): blank the Imperial attacks until it hits.
    for _ in 0..20 {
        let rebel_attacks = matches!(
            cm(&mut s).step,
            combat::Step::Actions { side: Faction::Rebel, .. }
                | combat::Step::Assign { side: Faction::Rebel, .. }
        );
        if rebel_attacks {
            break;
        }
        blank_attack(&mut s);
    }
    wipe(&mut s, Theater::Ground);
    assert!(!in_combat(&s), "no objective offered");
}

#[test]
fn rebel_assault_and_major_victory() {
    for (card, rep_gain) in [("rebel_assault", 1), ("major_victory", 1)] {
        let mut s = blank();
        put(&mut s, "yavin", Faction::Empire, &[("star_destroyer", 1)]);
        put(&mut s, "yavin", Faction::Rebel, &[("mon_calamari_cruiser", 2)]);
        s.hands.rebel.objectives = vec![objective(card)];
        s.decks.space_tactics.clear();
        let rep = s.reputation;
        fight(&mut s, "yavin", Faction::Rebel, &[]);
        wipe(&mut s, Theater::Space);
        blank_attack(&mut s);
        assert_eq!(kind(&s), PromptKind::Objective);
        go(&mut s, Action::PlayObjective { card: objective(card) });
        assert_eq!(s.reputation, rep - rep_gain);
    }
}

#[test]
fn liberation_needs_a_subjugated_system() {
    for subjugated in [true, false] {
        let mut s = blank();
        put(&mut s, "kessel", Faction::Empire, &[("stormtrooper", 1)]);
        put(&mut s, "kessel", Faction::Rebel, &[("rebel_trooper", 2)]);
        s.sys_mut(sys("kessel")).subjugated = subjugated;
        s.hands.rebel.objectives = vec![objective("liberation")];
        s.decks.ground_tactics.clear();
        fight(&mut s, "kessel", Faction::Empire, &[]);
        blank_attack(&mut s);
        wipe(&mut s, Theater::Ground);
        assert_eq!(in_combat(&s), subjugated);
        if subjugated {
            go(&mut s, Action::PlayObjective { card: objective("liberation") });
            assert!(s.hands.rebel.objectives.is_empty());
        }
    }
}

#[test]
fn return_of_the_jedi_eliminates_an_imperial_leader_when_luke_is_a_jedi() {
    let mut s = blank();
    put(&mut s, "yavin", Faction::Empire, &[("tie_fighter", 1), ("stormtrooper", 1)]);
    put(&mut s, "yavin", Faction::Rebel, &[("x_wing", 2)]);
    put_leader(&mut s, "yavin", "darth_vader");
    put_leader(&mut s, "yavin", "luke_skywalker_jedi");
    s.decks.space_tactics.clear();
    s.hands.rebel.objectives = vec![objective("return_of_the_jedi")];
    let rep = s.reputation;
    fight(&mut s, "yavin", Faction::Rebel, &[]);
    s.hands = ByFaction::default();
    s.hands.rebel.objectives = vec![objective("return_of_the_jedi")];
    wipe(&mut s, Theater::Space);
    blank_attack(&mut s);
    assert_eq!(kind(&s), PromptKind::Objective);
    go(&mut s, Action::PlayObjective { card: objective("return_of_the_jedi") });
    assert_eq!(s.reputation, rep - 2);
    assert!(s.eliminated.contains(&leader("darth_vader")));
}

fn plans_setup(card: &str) -> State {
    let mut s = blank();
    put(&mut s, "yavin", Faction::Empire, &[("death_star", 1)]);
    put(&mut s, "yavin", Faction::Rebel, &[("x_wing", 2)]);
    s.hands.rebel.objectives = vec![objective(card)];
    s.decks.space_tactics.clear();
    fight(&mut s, "yavin", Faction::Rebel, &[]);
    blank_attack(&mut s);
    blank_attack(&mut s);
    s
}

#[test]
fn death_star_plans_success_and_failure() {
    let mut success = false;
    let mut failure = false;
    for seed in 0..40u64 {
        let mut s =
            plans_setup(if seed % 2 == 0 { "death_star_plans_stage_2" } else { "death_star_plans_stage_3" });
        s.rng = holonet::engine::rng::GameRng::from_seed(seed);
        assert_eq!(kind(&s), PromptKind::Objective);
        let card = s.hands.rebel.objectives[0];
        let rep = s.reputation;
        go(&mut s, Action::PlayObjective { card });
        if count(&s, "yavin", Faction::Empire, "death_star") == 0 {
            success = true;
            assert_eq!(s.reputation, rep - 2);
            assert!(s.hands.rebel.objectives.is_empty());
            assert!(!in_combat(&s));
        } else {
            failure = true;
            assert_eq!(s.reputation, rep);
            assert_eq!(s.hands.rebel.objectives, vec![card]);
            // Only once per round: the next prompt is not the plans again.
            if in_combat(&s) && kind(&s) == PromptKind::Objective {
                assert!(cm(&mut s).round >= 2);
            }
        }
    }
    assert!(success && failure);
}

#[test]
fn death_star_plans_need_a_fighter() {
    let mut s = blank();
    put(&mut s, "yavin", Faction::Empire, &[("death_star", 1)]);
    put(&mut s, "yavin", Faction::Rebel, &[("corellian_corvette", 1)]);
    s.hands.rebel.objectives = vec![objective("death_star_plans_stage_2")];
    s.decks.space_tactics.clear();
    fight(&mut s, "yavin", Faction::Rebel, &[]);
    blank_attack(&mut s);
    blank_attack(&mut s);
    assert_eq!(cm(&mut s).round, 2, "straight into round 2");
}

#[test]
fn random_playouts_never_panic() {
    for seed in 0..30u64 {
        let mut s = standard();
        put_leader(&mut s, "yavin", "han_solo");
        put_leader(&mut s, "yavin", "darth_vader");
        s.hands.rebel.objectives =
            vec![objective("crippling_blow"), objective("major_victory"), objective("return_of_the_jedi")];
        s.rng = holonet::engine::rng::GameRng::from_seed(seed);
        fight(&mut s, "yavin", Faction::Rebel, &[]);
        settle(&mut s);
        let mut pick = holonet::engine::rng::GameRng::from_seed(seed + 1000);
        let mut steps = 0;
        while in_combat(&s) && steps < 2000 {
            let d = decision(&s).expect("a decision while in combat");
            let a = d.actions[pick.below(d.actions.len())].clone();
            apply(&mut s, d.seat, a).unwrap();
            steps += 1;
        }
        let total: u32 =
            s.systems().iter().map(|x| x.zone.units.rebel.total() + x.zone.units.empire.total()).sum();
        assert!(total <= 12);
        assert!(s.hands.rebel.tactics.is_empty() || in_combat(&s));
    }
}

// Issue 37: a combat round names hits and damage per unit. The attack's public line says what
// each unit hit took, its damage against its health, and which are destroyed; an attack that
// hits nothing says so.
#[test]
fn an_attack_names_the_damage_each_unit_took_against_its_health() {
    use holonet::engine::rebellion::event::Hit as UnitHit;
    use holonet::engine::rebellion::{Audience, EventKind};
    let mut s = standard();
    fight(&mut s, "yavin", Faction::Rebel, &[]);
    attack_with(&mut s, &[(Red, Hit), (Red, Hit), (Red, Hit), (Black, Hit)]);
    let sd = idx(&mut s, Faction::Empire, "star_destroyer");
    go(&mut s, Action::FocusFire { unit: sd });
    let tie = idx(&mut s, Faction::Empire, "tie_fighter");
    let mut events = vec![];
    while in_combat(&s) && matches!(cm(&mut s).step, combat::Step::Assign { .. } | combat::Step::Block { .. })
    {
        let d = decision(&s).expect("the rest of the attack");
        let a =
            d.actions.iter().find(|a| **a == Action::Damage { die: 3, unit: tie }).unwrap_or(&d.actions[0]);
        events.extend(apply(&mut s, d.seat, a.clone()).unwrap());
    }
    let lines: Vec<(Audience, EventKind)> = events.into_iter().map(|e| (e.audience, e.kind)).collect();
    let (audience, kind) = lines
        .iter()
        .find(|(_, k)| matches!(k, EventKind::AttackDamage { .. }))
        .expect("the attack's damage is told");
    assert_eq!(*audience, Audience::Public);
    let EventKind::AttackDamage { attacker, theater, hits } = kind else { unreachable!() };
    assert_eq!((*attacker, *theater), (Faction::Rebel, Theater::Space));
    let sd_hit = UnitHit {
        faction: Faction::Empire,
        unit: unit("star_destroyer"),
        dealt: 3,
        damage: 3,
        health: Some(4),
        lethal: false,
    };
    let tie_hit = UnitHit {
        faction: Faction::Empire,
        unit: unit("tie_fighter"),
        dealt: 1,
        damage: 1,
        health: Some(1),
        lethal: true,
    };
    assert_eq!(hits, &vec![tie_hit, sd_hit], "in the combat's order of units");
    assert_eq!(
        kind.to_string(),
        "The space attack of the Rebels deals 1 to an Imperial TIE Fighter (1 damage of 1 health: destroyed); \
         3 to an Imperial Star Destroyer (3 damage of 4 health)"
    );
    // The Empire's answer hits nothing (no decision: the attack resolves on its own).
    assert!(at_attack_start(&mut s), "the Empire attacks next");
    cm(&mut s).step = combat::Step::Actions { theater: Theater::Space, side: Faction::Empire };
    set_dice(&mut s, &[(Black, Blank)]);
    let mut ctx = Ctx::new(&mut s);
    flow::advance(&mut ctx);
    let told: Vec<String> = ctx.events.iter().map(|e| e.kind.to_string()).collect();
    assert!(told.iter().any(|l| l == "The space attack of the Empire deals no damage"), "{told:?}");
}
