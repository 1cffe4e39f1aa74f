//! Start-of-combat action cards (Rules Reference: Action Cards, Combat): each is played in the
//! window right after leaders are added, only with a leader it shows in the combat's system,
//! and changes only the combat being fought.

mod support;

use holonet::content::{ActionCardId, DieColor, DieFace, Faction, Theater, UnitId, catalog};
use holonet::engine::rebellion::combat::{Combat, Step};
use holonet::engine::rebellion::event::EventKind;
use holonet::engine::rebellion::view::Cards;
use holonet::engine::rebellion::{Frame, PromptKind, RuleError, State, Viewer, decision, view};
use support::*;

fn card(name: &str) -> ActionCardId {
    ActionCardId::parse(name).unwrap()
}

/// Sullust holds both sides' units; the base is far away. `owner` holds `cards`.
fn board(owner: Faction, cards: &[&str]) -> Scenario {
    let mut sc = Scenario::new(3).clear().base("dantooine", false);
    sc.s.hands.rebel.actions.clear();
    sc.s.hands.empire.actions.clear();
    sc.s.hands.get_mut(owner).actions = cards.iter().map(|c| card(c)).collect();
    sc
}

/// The combat being fought.
fn combat(s: &State) -> &Combat {
    s.stack
        .iter()
        .rev()
        .find_map(|f| if let Frame::Combat(c) = f { Some(&**c) } else { None })
        .expect("a combat")
}

/// The attacker activates Sullust with `leader`; every move and add-leader question is
/// declined until a start-of-combat window (or the first roll) is reached.
fn start_fight(s: &mut State, attacker: Faction, leader: &str) {
    act(s, attacker, &format!("activate sullust {leader}"));
    while let Some(d) = decision(s) {
        match d.kind {
            PromptKind::MoveUnits | PromptKind::AddLeader => {
                act(s, d.seat, "done");
            }
            _ => break,
        }
    }
}

/// Plays on: "done" where possible, else the first option, until `stop` says so or the
/// combat ends. Returns every event.
fn drive(
    s: &mut State,
    stop: impl Fn(&State, &[holonet::engine::rebellion::Event]) -> bool,
) -> Vec<holonet::engine::rebellion::Event> {
    let mut all = vec![];
    for _ in 0..500 {
        if stop(s, &all) || !s.stack.iter().any(|f| matches!(f, Frame::Combat(_))) {
            break;
        }
        let Some(d) = decision(s) else { break };
        let line = if d.actions.iter().any(|a| a.command() == "done") {
            "done".to_string()
        } else {
            d.actions[0].command()
        };
        all.extend(act(s, d.seat, &line));
    }
    all
}

fn rolled(ev: &[holonet::engine::rebellion::Event], f: Faction) -> Option<usize> {
    ev.iter().find_map(|e| match &e.kind {
        EventKind::DiceRolled { faction, faces, purpose } if *faction == f && purpose.contains("attack") => {
            Some(faces.len())
        }
        _ => None,
    })
}

/// Dice a faction's units in Sullust roll in a space attack, less the reductions, capped at 5
/// per colour.
fn space_dice(s: &State, f: Faction, fewer_red: u32, fewer_black: u32) -> usize {
    let (mut black, mut red) = (0u32, 0u32);
    for (u, n) in s.units(place("sullust"), f).iter() {
        let d = catalog().unit(u);
        if d.theater == Theater::Space {
            black += d.attack_black as u32 * n as u32;
            red += d.attack_red as u32 * n as u32;
        }
    }
    (black.saturating_sub(fewer_black).min(5) + red.saturating_sub(fewer_red).min(5)) as usize
}

#[test]
fn according_to_my_design_takes_dice_from_the_rebels_in_the_first_round() {
    let mut s = board(EMPIRE, &["according_to_my_design"])
        .units("sullust", "star_destroyer", 1)
        .units("sullust", "x_wing", 3)
        .units("sullust", "corellian_corvette", 2)
        .leader_at("sullust", "jan_dodonna")
        .command(EMPIRE)
        .build();
    start_fight(&mut s, EMPIRE, "emperor_palpatine");
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind), (EMPIRE, PromptKind::StartOfCombat));
    let expected = space_dice(&s, REBEL, 1, 2);
    act(&mut s, EMPIRE, "action according_to_my_design");
    assert!(!s.hands.empire.actions.contains(&card("according_to_my_design")), "used once, then gone");
    assert_eq!(combat(&s).mods.fewer_dice, vec![(REBEL, 1, 2)]);
    let ev = drive(&mut s, |_, ev| rolled(ev, REBEL).is_some());
    assert_eq!(rolled(&ev, REBEL), Some(expected), "one red and two black dice fewer");
}

#[test]
fn according_to_my_design_needs_palpatine_in_the_system() {
    let mut s = board(EMPIRE, &["according_to_my_design"])
        .units("sullust", "star_destroyer", 1)
        .units("sullust", "x_wing", 1)
        .leader_at("sullust", "jan_dodonna")
        .command(EMPIRE)
        .build();
    start_fight(&mut s, EMPIRE, "darth_vader");
    assert!(!is_legal(&s, "action according_to_my_design"), "Palpatine is not in Sullust");
    let e = refuse(&mut s, EMPIRE, "action according_to_my_design");
    assert!(matches!(e, RuleError::WrongStep { .. } | RuleError::Illegal { .. }), "{e}");
}

#[test]
fn more_dangerous_than_you_realize_draws_three_tactic_cards_from_one_deck() {
    let mut s = board(EMPIRE, &["more_dangerous_than_you_realize"])
        .units("sullust", "stormtrooper", 2)
        .units("sullust", "rebel_trooper", 2)
        .leader_at("sullust", "jan_dodonna")
        .command(EMPIRE)
        .build();
    start_fight(&mut s, EMPIRE, "general_tagge");
    act(&mut s, EMPIRE, "action more_dangerous_than_you_realize");
    assert!(is_legal(&s, "pick theater space") && is_legal(&s, "pick theater ground"));
    let e = refuse(&mut s, EMPIRE, "pick leader general_tagge");
    assert!(matches!(e, RuleError::Illegal { rule: "Action Cards", .. }), "{e}");
    let before = s.hands.empire.tactics.len();
    act(&mut s, EMPIRE, "pick theater space");
    // Only a ground battle is fought here, so the leaders' draws that follow are ground cards.
    let space =
        s.hands.empire.tactics.iter().filter(|t| catalog().tactic(**t).theater == Theater::Space).count();
    assert_eq!(before, 0);
    assert_eq!(space, 3, "all three from the space deck");
}

#[test]
fn fully_operational_destroys_a_rebel_ship_beside_a_death_star() {
    let mut s = board(EMPIRE, &["fully_operational"])
        .units("sullust", "death_star", 1)
        .units("sullust", "x_wing", 2)
        .units("sullust", "corellian_corvette", 1)
        .leader_at("sullust", "jan_dodonna")
        .command(EMPIRE)
        .build();
    s.leader_pool.empire.push(leader("moff_jerjerrod"));
    start_fight(&mut s, EMPIRE, "moff_jerjerrod");
    act(&mut s, EMPIRE, "action fully_operational");
    let e = refuse(&mut s, EMPIRE, "pick unit sullust death_star");
    assert!(matches!(e, RuleError::Illegal { .. }), "{e}");
    let supply = s.supply.rebel.count(unit("corellian_corvette"));
    act(&mut s, EMPIRE, "pick unit sullust corellian_corvette");
    assert_eq!(s.units(place("sullust"), REBEL).count(unit("corellian_corvette")), 0);
    assert_eq!(s.supply.rebel.count(unit("corellian_corvette")), supply + 1, "back to the supply");
    assert!(!combat(&s).units.iter().any(|u| u.unit == unit("corellian_corvette")), "it no longer fights");
    assert_eq!(
        unit_total(&s, unit("corellian_corvette")),
        catalog().unit(unit("corellian_corvette")).count_in_box as u32
    );
}

#[test]
fn fully_operational_is_not_offered_without_a_death_star() {
    let mut s = board(EMPIRE, &["fully_operational"])
        .units("sullust", "star_destroyer", 1)
        .units("sullust", "x_wing", 2)
        .leader_at("sullust", "jan_dodonna")
        .command(EMPIRE)
        .build();
    s.leader_pool.empire.push(leader("moff_jerjerrod"));
    start_fight(&mut s, EMPIRE, "moff_jerjerrod");
    assert!(!is_legal(&s, "action fully_operational"));
}

#[test]
fn good_intel_shows_the_rebel_tactic_cards_to_the_empire_only() {
    let mut s = board(EMPIRE, &["good_intel"])
        .units("sullust", "stormtrooper", 2)
        .units("sullust", "rebel_trooper", 2)
        .leader_at("sullust", "general_rieekan")
        .command(EMPIRE)
        .build();
    s.leader_pool.empire.push(leader("colonel_yularen"));
    start_fight(&mut s, EMPIRE, "colonel_yularen");
    act(&mut s, EMPIRE, "action good_intel");
    drive(&mut s, |s, _| !s.hands.rebel.tactics.is_empty());
    assert!(!s.hands.rebel.tactics.is_empty(), "the Rebels drew tactic cards");
    assert!(matches!(view(&s, Viewer::Faction(EMPIRE)).hands[&REBEL]["tactics"], Cards::Visible(_)));
    assert!(matches!(view(&s, Viewer::Public).hands[&REBEL]["tactics"], Cards::Hidden(_)));
    assert!(matches!(view(&s, Viewer::Faction(REBEL)).hands[&EMPIRE]["tactics"], Cards::Hidden(_)));
}

/// Two Star Destroyers attack Jan Dodonna and two Mon Calamari Cruisers in Sullust with
/// Admiral Piett, the Empire holding Keep Them from Escaping: neither fleet can be wiped out in
/// one round, and the Rebels have a leader and ships that can leave, so at the end of round 1
/// they may retreat unless something forbids it. The Empire plays the card if `play`, else
/// passes its window; everything else is declined or the first option. Returns whether the
/// Rebels were offered a retreat, the last round the combat reached, and the state.
fn escape_fight(play: bool) -> (bool, u32, State) {
    let mut s = board(EMPIRE, &["keep_them_from_escaping"])
        .units("sullust", "star_destroyer", 2)
        .units("sullust", "mon_calamari_cruiser", 2)
        .leader_at("sullust", "jan_dodonna")
        .command(EMPIRE)
        .build();
    s.leader_pool.empire.push(leader("admiral_piett"));
    start_fight(&mut s, EMPIRE, "admiral_piett");
    assert!(is_legal(&s, "action keep_them_from_escaping"), "Piett is in Sullust");
    if play {
        act(&mut s, EMPIRE, "action keep_them_from_escaping");
        assert_eq!(combat(&s).mods.no_retreat, vec![REBEL]);
    }
    let (mut asked, mut round) = (false, 1);
    for _ in 0..500 {
        if !s.stack.iter().any(|f| matches!(f, Frame::Combat(_))) {
            break;
        }
        round = round.max(combat(&s).round);
        let Some(d) = decision(&s) else { break };
        asked |= d.seat == REBEL && d.kind == PromptKind::Retreat;
        let line = if d.actions.iter().any(|a| a.command() == "done") {
            "done".to_string()
        } else {
            d.actions[0].command()
        };
        act(&mut s, d.seat, &line);
    }
    (asked, round, s)
}

#[test]
fn keep_them_from_escaping_forbids_the_rebel_retreat() {
    // Without the card the same fight offers the Rebels a retreat: the card is what stops it.
    let (asked, round, _) = escape_fight(false);
    assert!(asked, "without the card the Rebels may retreat (the fight lasted {round} round(s))");
    let (asked, round, s) = escape_fight(true);
    assert!(round >= 2, "both fleets were still fighting after round 1, past the retreat step");
    assert!(!asked, "the Rebels are never offered a retreat in this combat");
    assert!(!s.stack.iter().any(|f| matches!(f, Frame::Combat(_))), "the combat was fought to its end");
}

#[test]
fn ready_for_action_brings_piett_from_the_pool_and_sends_him_back() {
    // Two Mon Calamari Cruisers outlast round 1, so the Empire is asked whether to retreat.
    let mut s = board(EMPIRE, &["ready_for_action"])
        .units("sullust", "star_destroyer", 2)
        .units("sullust", "mon_calamari_cruiser", 2)
        .leader_at("sullust", "jan_dodonna")
        .command(EMPIRE)
        .build();
    s.leader_pool.empire.push(leader("admiral_piett"));
    s.leader_pool.empire.push(leader("general_veers"));
    start_fight(&mut s, EMPIRE, "darth_vader");
    act(&mut s, EMPIRE, "action ready_for_action");
    assert!(is_legal(&s, "pick leader general_veers"), "either leader shown on the card");
    act(&mut s, EMPIRE, "pick leader admiral_piett");
    assert_eq!(s.leader_place(leader("admiral_piett")), Some(place("sullust")));
    drive(&mut s, |s, _| decision(s).is_some_and(|d| d.kind == PromptKind::Retreat && d.seat == EMPIRE));
    let d = decision(&s)
        .filter(|d| d.kind == PromptKind::Retreat && d.seat == EMPIRE)
        .expect("the Empire is asked whether to retreat after round 1");
    let retreats: Vec<String> = d.actions.iter().map(|a| a.command()).filter(|c| c != "done").collect();
    assert!(retreats.iter().any(|c| c.contains("darth_vader")), "Vader may lead a retreat: {retreats:?}");
    assert!(retreats.iter().all(|c| !c.contains("admiral_piett")), "Piett may not retreat: {retreats:?}");
    drive(&mut s, |_, _| false);
    assert!(s.leader_pool.empire.contains(&leader("admiral_piett")), "back to the pool after the combat");
}

#[test]
fn target_the_generator_destroys_a_structure() {
    let mut s = board(EMPIRE, &["target_the_generator"])
        .units("sullust", "at_at", 1)
        .units("sullust", "shield_generator", 1)
        .units("sullust", "ion_cannon", 1)
        .units("sullust", "rebel_trooper", 1)
        .leader_at("sullust", "general_rieekan")
        .command(EMPIRE)
        .build();
    s.leader_pool.empire.push(leader("general_veers"));
    start_fight(&mut s, EMPIRE, "general_veers");
    act(&mut s, EMPIRE, "action target_the_generator");
    assert!(!is_legal(&s, "pick unit sullust rebel_trooper"), "only structures");
    act(&mut s, EMPIRE, "pick unit sullust shield_generator");
    assert_eq!(s.units(place("sullust"), REBEL).count(unit("shield_generator")), 0);
}

#[test]
fn its_a_trap_keeps_imperial_space_tactics_out_of_the_first_round() {
    let mut s = board(REBEL, &["its_a_trap"])
        .units("sullust", "star_destroyer", 1)
        .units("sullust", "x_wing", 3)
        .leader_at("sullust", "admiral_ackbar")
        .command(EMPIRE)
        .build();
    let trick = holonet::content::TacticId::all()
        .find(|&t| {
            let d = catalog().tactic(t);
            d.theater == Theater::Space
                && !d.needs_special
                && d.window == holonet::content::TacticWindow::OwnAttack
        })
        .unwrap();
    s.hands.empire.tactics.push(trick);
    start_fight(&mut s, EMPIRE, "darth_vader");
    let d = decision(&s).unwrap();
    assert_eq!(
        (d.seat, d.kind),
        (REBEL, PromptKind::StartOfCombat),
        "the Empire holds no card: no window for it"
    );
    act(&mut s, REBEL, "action its_a_trap");
    // Watch every Imperial combat decision: no space tactic card is offered in round 1, and
    // the ban ends with it.
    let mut seen = vec![];
    for _ in 0..300 {
        let Some(d) = decision(&s) else { break };
        if !s.stack.iter().any(|f| matches!(f, Frame::Combat(_))) || combat(&s).round > 2 {
            break;
        }
        if d.seat == EMPIRE && d.kind == PromptKind::CombatActions {
            let tactics = d.actions.iter().any(|a| a.command().starts_with("tactic "));
            seen.push((combat(&s).round, tactics));
        }
        let line = if d.actions.iter().any(|a| a.command() == "done") {
            "done".to_string()
        } else {
            d.actions[0].command()
        };
        act(&mut s, d.seat, &line);
    }
    assert!(seen.iter().all(|&(round, tactics)| round != 1 || !tactics), "{seen:?}");
    assert!(seen.iter().any(|&(round, tactics)| round == 2 && tactics), "allowed again in round 2: {seen:?}");
}

#[test]
fn point_blank_assault_lowers_every_units_health_by_one_but_not_below_one() {
    let mut s = board(REBEL, &["point_blank_assault"])
        .units("sullust", "star_destroyer", 1)
        .units("sullust", "x_wing", 1)
        .leader_at("sullust", "general_madine")
        .command(EMPIRE)
        .build();
    start_fight(&mut s, EMPIRE, "darth_vader");
    act(&mut s, REBEL, "action point_blank_assault");
    let v = view(&s, Viewer::Public).combat.unwrap();
    let health = |u: &str| v.units.iter().find(|x| x.unit == u).unwrap().health;
    assert_eq!(health("star_destroyer"), Some(3));
    assert_eq!(health("x_wing"), Some(1), "never below 1");
}

#[test]
fn target_the_star_destroyers_lets_two_black_hits_damage_red_ships() {
    let mut s = board(REBEL, &["target_the_star_destroyers"])
        .units("sullust", "star_destroyer", 1)
        .units("sullust", "x_wing", 4)
        .leader_at("sullust", "wedge_antilles")
        .command(EMPIRE)
        .build();
    start_fight(&mut s, EMPIRE, "darth_vader");
    act(&mut s, REBEL, "action target_the_star_destroyers");
    drive(&mut s, |s, _| matches!(combat(s).step, Step::Actions { side: Faction::Rebel, .. }));
    // Give the Rebels three black hits and check that only two may go to the Star Destroyer.
    if let Some(Frame::Combat(c)) = s.stack.iter_mut().rev().find(|f| matches!(f, Frame::Combat(_))) {
        for d in c.dice.iter_mut() {
            d.face = DieFace::Blank;
        }
        for d in c.dice.iter_mut().filter(|d| d.color == DieColor::Black).take(3) {
            d.face = DieFace::Hit;
        }
    }
    act(&mut s, REBEL, "done");
    let sd = combat(&s).units.iter().position(|u| u.unit == unit("star_destroyer")).unwrap();
    let mut assigned = 0;
    while let Some(a) =
        legal(&s).into_iter().find(|a| a.starts_with("damage ") && a.ends_with(&format!(" {sd}")))
    {
        act(&mut s, REBEL, &a);
        assigned += 1;
    }
    assert_eq!(assigned, 2, "two black hits count as red");
    let sd = combat(&s).units.iter().find(|u| u.unit == unit("star_destroyer")).expect("still fighting");
    assert_eq!(sd.damage, 2);
}

#[test]
fn start_of_combat_cards_cannot_be_played_outside_a_combat() {
    let mut s = board(EMPIRE, &["according_to_my_design"]).command(EMPIRE).build();
    let e = refuse(&mut s, EMPIRE, "action according_to_my_design");
    assert!(matches!(e, RuleError::WrongStep { .. }), "{e}");
    let _ = UnitId::all();
}

#[test]
fn one_in_a_million_sets_two_combat_dice_before_the_rebel_roll() {
    let mut s = board(REBEL, &["one_in_a_million"])
        .units("sullust", "star_destroyer", 1)
        .units("sullust", "x_wing", 3)
        .leader_at("sullust", "luke_skywalker")
        .command(EMPIRE)
        .build();
    start_fight(&mut s, EMPIRE, "darth_vader");
    drive(&mut s, |s, _| decision(s).is_some_and(|d| d.seat == REBEL && d.kind == PromptKind::Respond));
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind), (REBEL, PromptKind::Respond), "asked before rolling");
    act(&mut s, REBEL, "action one_in_a_million");
    assert!(!is_legal(&s, "pick face hit red"), "X-wings roll no red dice");
    act(&mut s, REBEL, "pick face direct_hit black");
    act(&mut s, REBEL, "pick face direct_hit black");
    let dice = &combat(&s).dice;
    let direct = dice.iter().filter(|d| d.face == DieFace::DirectHit && d.color == DieColor::Black).count();
    assert!(direct >= 2, "two dice set to direct hits: {dice:?}");
    assert_eq!(dice.len(), space_dice(&s, REBEL, 0, 0), "set dice take the place of rolled ones");
}

#[test]
fn yoda_ring_rerolls_a_die_of_the_rebel_attack() {
    let mut s = board(REBEL, &[])
        .units("sullust", "star_destroyer", 1)
        .units("sullust", "x_wing", 3)
        .leader_at("sullust", "luke_skywalker")
        .command(EMPIRE)
        .build();
    s.rings.insert(leader("luke_skywalker"), holonet::engine::rebellion::state::Ring::Yoda);
    start_fight(&mut s, EMPIRE, "darth_vader");
    drive(&mut s, |s, _| decision(s).is_some_and(|d| d.seat == REBEL && d.kind == PromptKind::CombatActions));
    assert!(is_legal(&s, "ring luke_skywalker"));
    act(&mut s, REBEL, "ring luke_skywalker");
    let ev = act(&mut s, REBEL, "pick die 0");
    assert!(
        events_of(&ev, |k| matches!(k, EventKind::DiceRolled { purpose, .. } if purpose.contains("Yoda")))
            .len()
            == 1
    );
    assert!(s.round_effects.yoda_used);
    assert!(!is_legal(&s, "ring luke_skywalker"), "once per round");
}
