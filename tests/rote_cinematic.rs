//! Cinematic combat (Rise of the Empire, issue 18): the advanced tactic cards as data, each
//! player's own decks, the secret pick before every round of battle, leader rerolls, specials
//! that remove damage, damage kept to the end of the round of battle, the retreat order, and
//! whole random games. Each card's own test is in `rote_cinematic_cards.rs`.

mod support;

use holonet::content::*;
use holonet::engine::rebellion::combat::cinematic::Stage;
use holonet::engine::rebellion::combat::{Rules, Step, rules};
use holonet::engine::rebellion::flow::Ctx;
use holonet::engine::rebellion::view::{Cards, Viewer, view};
use holonet::engine::rebellion::{EventKind, MatchOptions, decision, invariants, new_game};
use support::cinematic::*;
use support::*;

use DieColor::{Black, Red};
use DieFace::{Blank, DirectHit, Hit, Special};

fn rote() -> MatchOptions {
    MatchOptions { quick_setup: true, rise_of_the_empire: true, ..Default::default() }
}

/// Both sides resolve their cards as neither.
fn neither(s: &mut holonet::engine::rebellion::State) {
    while let Some(Step::Tactics { stage: Stage::Resolve(f), .. }) = s.combat().map(|c| c.step) {
        act(s, f, "done");
    }
}

#[test]
fn the_advanced_tactic_cards_are_four_decks_of_eight() {
    let c = catalog();
    assert_eq!(c.advanced_tactics.len(), 32);
    for f in Faction::BOTH {
        for t in [Theater::Space, Theater::Ground] {
            assert_eq!(c.advanced_tactics.iter().filter(|a| a.faction == f && a.theater == t).count(), 8);
        }
    }
    // Ids of their own: no other content shares one (Target the Generator, Deployment, Take It
    // Down and Escape Plan are also other cards' names).
    let others: Vec<&str> = c
        .tactics
        .iter()
        .map(|t| t.id.as_str())
        .chain(c.action_cards.iter().map(|a| a.id.as_str()))
        .chain(c.missions.iter().map(|m| m.id.as_str()))
        .chain(c.objectives.iter().map(|o| o.id.as_str()))
        .collect();
    for a in &c.advanced_tactics {
        assert!(!others.contains(&a.id.as_str()), "{} is another card's id", a.id);
        assert!(!a.top.text.is_empty() && !a.bottom.text.is_empty(), "{}", a.id);
        if let Some(u) = a.top.needs {
            assert_eq!(c.unit(u).faction, a.faction, "{} needs a unit of its own side", a.id);
        }
    }
    assert_eq!(c.advanced_tactic(adv("superlaser_blast")).top.needs, Some(unit("death_star")));
    assert!(c.advanced_tactic(adv("swarm_tactics")).uncertain.is_some(), "a fan correction is marked");
}

#[test]
fn a_broken_advanced_tactic_file_is_refused_with_its_name() {
    let text = Catalog::embedded_asset("rote/advanced_tactics.json").expect("embedded");
    let broken = text.replacen("\"needs\": \"tie_fighter\"", "\"needs\": \"tie_fightr\"", 1);
    let e = Catalog::load_from_strs(&[("rote/advanced_tactics.json", &broken)]).unwrap_err().to_string();
    assert!(e.contains("advanced_tactics.json") && e.contains("tie_fightr"), "{e}");
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    v["cards"].as_array_mut().unwrap().pop();
    let e =
        Catalog::load_from_strs(&[("rote/advanced_tactics.json", &v.to_string())]).unwrap_err().to_string();
    assert!(e.contains("has 7 cards; expected 8"), "{e}");
}

#[test]
fn a_base_match_keeps_the_base_combat() {
    let mut s = Scenario::new(1).clear().base("dantooine", false).command(EMPIRE).build();
    for f in [REBEL, EMPIRE] {
        s.hands.get_mut(f).actions.clear();
        s.hands.get_mut(f).objectives.clear();
    }
    assert_eq!(Rules::of(&s), Rules::Base);
    let sc = Scenario { s }.leader_at(AT, "darth_vader").leader_at(AT, "jan_dodonna");
    let s = fight(sc.units(AT, "tie_fighter", 1).units(AT, "x_wing", 1));
    assert!(cm(&s).cine.is_none(), "no cinematic record in a base combat");
    assert_eq!(s.hands.empire.tactics.len(), 2, "Darth Vader's space tactic value draws 2 cards");
    assert!(s.cinematic.is_none() && view(&s, Viewer::Full).advanced_tactics.is_none());
    let json = serde_json::to_string(&s).unwrap();
    assert!(!json.contains("cinematic") && !json.contains("cine"), "a base save reads as before");
}

#[test]
fn the_secret_pick_looks_the_same_to_the_rebels_whichever_card_was_picked() {
    let sc = || armies(&[("star_destroyer", 1), ("tie_fighter", 2)], &[("x_wing", 2)]);
    let mut a = fight(sc());
    let mut b = fight(sc());
    assert_eq!(seat(&a), Some(EMPIRE), "the current player picks first");
    let d = decision(&a).unwrap();
    assert!(d.always_asked && d.actions.len() == 8, "the Empire's own space deck, asked even so");
    let ev_a = act(&mut a, EMPIRE, "advanced swarm_tactics");
    let ev_b = act(&mut b, EMPIRE, "advanced tractor_beam");
    assert_eq!(sent_to(&ev_a, Some(REBEL)), sent_to(&ev_b, Some(REBEL)), "the events the Rebels see");
    assert_eq!(sent_to(&ev_a, None), sent_to(&ev_b, None), "public events");
    assert!(!names_card(&sent_to(&ev_a, Some(REBEL)), "Swarm Tactics", "swarm_tactics"));
    assert!(
        names_card(&sent_to(&ev_a, Some(EMPIRE)), "Swarm Tactics", "swarm_tactics"),
        "the picker is told"
    );
    for viewer in [Viewer::Faction(REBEL), Viewer::Public] {
        assert_eq!(view(&a, viewer), view(&b, viewer), "{viewer:?}");
    }
    assert_eq!(decision(&a), decision(&b), "the Rebels' pick is the same choice");
    // Then both are revealed together.
    let ev = act(&mut a, REBEL, "advanced escort");
    let shown = sent_to(&ev, Some(REBEL));
    assert!(names_card(&shown, "Swarm Tactics", "swarm_tactics") && names_card(&shown, "Escort", "escort"));
}

#[test]
fn own_decks_are_open_to_their_owner_and_counted_for_the_opponent() {
    let mut s = fight(armies(&[("tie_fighter", 1)], &[("x_wing", 1)]));
    act(&mut s, EMPIRE, "advanced swarm_tactics");
    act(&mut s, REBEL, "advanced escort");
    neither(&mut s);
    let mine = view(&s, Viewer::Faction(EMPIRE)).advanced_tactics.unwrap();
    let theirs = view(&s, Viewer::Faction(REBEL)).advanced_tactics.unwrap();
    let Cards::Visible(own) = &mine[&EMPIRE].deck else { panic!("the owner sees his deck") };
    assert_eq!(own.len(), 15);
    assert!(!own.contains(&"swarm_tactics".to_string()));
    assert_eq!(theirs[&EMPIRE].deck, Cards::Hidden(15), "the opponent sees a count");
    assert_eq!(theirs[&EMPIRE].discard, vec!["swarm_tactics".to_string()], "the discard pile is public");
    assert_eq!(mine[&REBEL].discard, vec!["escort".to_string()]);
}

#[test]
fn a_used_up_deck_takes_back_its_discard_pile_except_the_last_card() {
    let mut s = fight(armies(&[("tie_fighter", 1)], &[("x_wing", 1)]));
    // Seven space cards used already: Swarm Tactics is the last one in the deck.
    let d = s.cinematic.as_mut().unwrap();
    let space: Vec<AdvancedTacticId> = d
        .own
        .empire
        .deck
        .iter()
        .copied()
        .filter(|&a| catalog().advanced_tactic(a).theater == Theater::Space)
        .collect();
    d.own.empire.deck.retain(|a| !space.contains(a) || *a == adv("swarm_tactics"));
    d.own.empire.discard = space.iter().copied().filter(|&a| a != adv("swarm_tactics")).collect();
    assert_eq!(legal(&s), vec!["advanced swarm_tactics"], "the only space card left");
    act(&mut s, EMPIRE, "advanced swarm_tactics");
    act(&mut s, REBEL, "advanced escort");
    neither(&mut s);
    assert_eq!(discard_of(&s, EMPIRE), vec![adv("swarm_tactics")]);
    assert_eq!(
        deck_of(&s, EMPIRE)
            .iter()
            .filter(|a| catalog().advanced_tactic(**a).theater == Theater::Space)
            .count(),
        7
    );
    // The discard piles stay as they are after the combat (nothing is reshuffled).
    let x = num(&s, "x_wing") as usize;
    cm_mut(&mut s).units[x].damage = 1;
    let discard = discard_of(&s, REBEL);
    let order = deck_of(&s, REBEL);
    blank_attacks_all(&mut s);
    assert!(s.combat().is_none(), "the combat is over");
    assert_eq!((discard_of(&s, REBEL), deck_of(&s, REBEL)), (discard, order));
}

/// Blank attacks and `done` answers until the combat ends.
fn blank_attacks_all(s: &mut holonet::engine::rebellion::State) {
    while s.combat().is_some() {
        if let Some(side) = attacking(s) {
            set_dice(s, &[(Black, Blank)]);
            act(s, side, "done");
        } else if let Some(Step::Tactics { stage: Stage::Pick(f), theater }) = s.combat().map(|c| c.step) {
            let first = legal(s)[0].clone();
            let _ = theater;
            act(s, f, &first);
        } else {
            let f = seat(s).expect("someone decides");
            act(s, f, "done");
        }
    }
}

#[test]
fn a_space_round_step_by_step_with_known_dice() {
    let sc =
        armies(&[("star_destroyer", 1), ("tie_fighter", 2)], &[("x_wing", 2), ("corellian_corvette", 1)]);
    let mut s = fight(sc);
    assert!(matches!(step(&s), Step::Tactics { theater: Theater::Space, stage: Stage::Pick(EMPIRE) }));
    act(&mut s, EMPIRE, "advanced overwhelming_presence");
    assert!(matches!(step(&s), Step::Tactics { stage: Stage::Pick(REBEL), .. }));
    act(&mut s, REBEL, "advanced escort");
    // Resolving is optional: both choose neither ability.
    assert_eq!(seat(&s), Some(EMPIRE));
    act(&mut s, EMPIRE, "done");
    act(&mut s, REBEL, "done");
    // The Empire attacks: a red hit, a black hit, a red special and a red blank.
    assert_eq!(attacking(&s), Some(EMPIRE));
    let sd = num(&s, "star_destroyer") as usize;
    cm_mut(&mut s).units[sd].damage = 1;
    set_dice(&mut s, &[(Red, Hit), (Black, Hit), (Red, Special), (Red, Blank)]);
    // Leader reroll: Darth Vader's space value 2 — up to two dice, once this attack.
    let ev = act(&mut s, EMPIRE, "reroll 3");
    assert!(is_legal(&s, "done") && is_legal(&s, "reroll 0"), "a second die may be chosen");
    assert!(ev.is_empty() || !ev.iter().any(|e| matches!(e.kind, EventKind::DiceRolled { .. })));
    let ev = act(&mut s, EMPIRE, "done");
    let rolled: Vec<_> = ev
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::DiceRolled { purpose, faces, .. } => Some((purpose.clone(), faces.len())),
            _ => None,
        })
        .collect();
    assert_eq!(rolled, vec![("a leader's reroll".to_string(), 1)]);
    refuse(&mut s, EMPIRE, "reroll 0");
    // A red special removes 1 damage from a red-health unit.
    let tie = nth(&s, "tie_fighter", 0);
    refuse(&mut s, EMPIRE, &format!("repair {tie}"));
    act(&mut s, EMPIRE, &format!("repair {sd}"));
    assert_eq!(damage_of(&s, "star_destroyer"), 0);
    // Nothing else to do in the combat actions: the flow moves on to assigning. The reroll
    // may have made die 3 a hit; keep the test's dice known.
    assert!(matches!(step(&s), Step::Assign { .. }));
    cm_mut(&mut s).dice[3].face = Blank;
    let corvette = num(&s, "corellian_corvette");
    let x0 = nth(&s, "x_wing", 0);
    refuse(&mut s, EMPIRE, &format!("damage 0 {x0}"));
    act(&mut s, EMPIRE, &format!("damage 0 {corvette}"));
    act(&mut s, EMPIRE, &format!("damage 1 {x0}"));
    // The X-wing has lethal damage but stays until the end of the round: it still rolls.
    assert_eq!(attacking(&s), Some(REBEL));
    assert_eq!(fighting(&s, "x_wing"), 2);
    assert!(!cm(&s).units[x0 as usize].doomed);
    set_dice(&mut s, &[(Black, Hit), (Red, Blank)]);
    act(&mut s, REBEL, "done");
    let tie = nth(&s, "tie_fighter", 0);
    act(&mut s, REBEL, &format!("damage 0 {tie}"));
    // End of the round of battle: both lethally damaged units leave; damage elsewhere stays.
    assert_eq!((fighting(&s, "x_wing"), fighting(&s, "tie_fighter")), (1, 1));
    assert_eq!(damage_of(&s, "corellian_corvette"), 1);
    for f in [EMPIRE, REBEL] {
        if seat(&s) == Some(f) && is_legal(&s, "done") {
            act(&mut s, f, "done");
        }
    }
    assert_eq!(cm(&s).round, 2);
    assert!(matches!(step(&s), Step::Tactics { theater: Theater::Space, stage: Stage::Pick(EMPIRE) }));
    assert_eq!(damage_of(&s, "corellian_corvette"), 1, "damage is kept between rounds");
}

#[test]
fn a_special_saves_a_unit_before_the_round_of_battle_ends() {
    let sc = armies(&[("tie_fighter", 1)], &[("x_wing", 1)]);
    let mut s = fight(sc);
    act(&mut s, EMPIRE, "advanced swarm_tactics");
    act(&mut s, REBEL, "advanced escort");
    neither(&mut s);
    set_dice(&mut s, &[(Black, Hit)]);
    act(&mut s, EMPIRE, "done");
    let x = num(&s, "x_wing");
    act(&mut s, EMPIRE, &format!("damage 0 {x}"));
    assert_eq!(damage_of(&s, "x_wing"), 1, "lethal, but not yet destroyed");
    set_dice(&mut s, &[(Black, Special)]);
    act(&mut s, REBEL, &format!("repair {x}"));
    assert_eq!(fighting(&s, "x_wing"), 1, "the X-wing survives the round");
}

#[test]
fn a_ground_round_step_by_step_with_green_dice() {
    let sc =
        armies(&[("stormtrooper", 1), ("assault_tank", 1)], &[("rebel_trooper", 1), ("rebel_vanguard", 1)]);
    let mut s = fight(sc);
    assert!(matches!(step(&s), Step::Tactics { theater: Theater::Ground, stage: Stage::Pick(EMPIRE) }));
    refuse(&mut s, EMPIRE, "advanced swarm_tactics");
    act(&mut s, EMPIRE, "advanced overrun");
    act(&mut s, REBEL, "advanced take_cover");
    act(&mut s, EMPIRE, "done");
    act(&mut s, REBEL, "done");
    // The Empire rolls a black die for its Stormtrooper and a green one for its Assault Tank.
    let c = cm(&s);
    assert_eq!(c.dice.len(), 2);
    assert!(c.is_green(1) && !c.is_green(0));
    assert!(matches!(c.dice[1].face, Blank | DirectHit), "a green die shows a direct hit or a blank");
    set_dice(&mut s, &[(Black, Hit), (Black, DirectHit)]);
    act(&mut s, EMPIRE, "done");
    let (t, v) = (num(&s, "rebel_trooper"), num(&s, "rebel_vanguard"));
    act(&mut s, EMPIRE, &format!("damage 0 {t}"));
    act(&mut s, EMPIRE, &format!("damage 1 {v}"));
    set_dice(&mut s, &[(Black, Blank)]);
    act(&mut s, REBEL, "done");
    assert_eq!(fighting(&s, "rebel_trooper") + fighting(&s, "rebel_vanguard"), 0);
    assert!(s.combat().is_none() || cm(&s).units.iter().all(|u| u.faction == EMPIRE));
}

#[test]
fn damage_goes_with_the_combat() {
    // Both sides keep ships into the second round: damage dealt in round 1 stays on the units
    // (it is removed only when the combat ends), and the next combat starts with none.
    let sc = armies(&[("star_destroyer", 1)], &[("corellian_corvette", 1), ("x_wing", 1)]);
    let mut s = fight(sc);
    act(&mut s, EMPIRE, "advanced overwhelming_presence");
    act(&mut s, REBEL, "advanced escort");
    neither(&mut s);
    set_dice(&mut s, &[(Red, Hit)]);
    act(&mut s, EMPIRE, "done");
    let c = num(&s, "corellian_corvette");
    act(&mut s, EMPIRE, &format!("damage 0 {c}"));
    set_dice(&mut s, &[(Red, Hit), (Red, Hit)]);
    act(&mut s, REBEL, "done");
    let sd = num(&s, "star_destroyer");
    act(&mut s, REBEL, &format!("damage 0 {sd}"));
    act(&mut s, REBEL, &format!("damage 1 {sd}"));
    while matches!(s.combat().map(|c| c.step), Some(Step::Retreat { .. } | Step::Carry { .. })) {
        let f = seat(&s).expect("a retreat decision");
        act(&mut s, f, "done");
    }
    assert_eq!(cm(&s).round, 2, "both sides still fight: {:?}", step(&s));
    assert_eq!(damage_of(&s, "star_destroyer"), 2, "the Star Destroyer keeps its damage");
    assert_eq!(damage_of(&s, "corellian_corvette"), 1, "and so does the corvette");
    // A new combat in the same place starts with no damage anywhere.
    let s = {
        let mut sc = Scenario { s };
        sc.s.stack.truncate(1);
        fight(sc)
    };
    assert!(cm(&s).units.iter().all(|u| u.damage == 0));
}

#[test]
fn the_retreat_step_starts_with_the_current_player() {
    let sc = armies(&[("star_destroyer", 1)], &[("corellian_corvette", 1)]);
    let mut s = fight_by(sc, REBEL);
    act(&mut s, REBEL, "advanced escort");
    act(&mut s, EMPIRE, "advanced overwhelming_presence");
    neither(&mut s);
    blank_attacks(&mut s);
    assert!(matches!(step(&s), Step::Retreat { faction: REBEL }), "{:?}", step(&s));
    assert_eq!(seat(&s), Some(REBEL));
    act(&mut s, REBEL, "done");
    assert_eq!(seat(&s), Some(EMPIRE));
}

/// Blank attacks until the battles of this round are over.
fn blank_attacks(s: &mut holonet::engine::rebellion::State) {
    while let Some(side) = attacking(s) {
        set_dice(s, &[(Black, Blank)]);
        act(s, side, "done");
    }
}

#[test]
fn a_card_that_draws_tactic_cards_takes_used_ones_back_under_cinematic_combat() {
    let mut s = fight(armies(&[("tie_fighter", 1)], &[("x_wing", 1)]));
    act(&mut s, EMPIRE, "advanced swarm_tactics");
    act(&mut s, REBEL, "advanced escort");
    neither(&mut s);
    assert!(rules::can_draw(&s, EMPIRE, Theater::Space) && !rules::can_draw(&s, EMPIRE, Theater::Ground));
    let mut ctx = Ctx::new(&mut s);
    rules::draw(&mut ctx, EMPIRE, Theater::Space, 2);
    assert!(discard_of(&s, EMPIRE).is_empty() && deck_of(&s, EMPIRE).contains(&adv("swarm_tactics")));
    assert!(s.hands.empire.tactics.is_empty(), "no base tactic card is drawn");
}

#[test]
fn a_shield_generator_takes_a_used_ground_card_back_before_the_ground_cards() {
    let mut sc = armies(&[("stormtrooper", 1)], &[("rebel_trooper", 1), ("shield_generator", 1)]);
    let mut decks = holonet::engine::rebellion::combat::cinematic::CinematicDecks::full();
    decks.own.rebel.deck.retain(|&a| a != adv("take_cover"));
    decks.own.rebel.discard = vec![adv("take_cover")];
    sc.s.cinematic = Some(Box::new(decks));
    let s = fight(sc);
    assert!(matches!(step(&s), Step::Tactics { theater: Theater::Ground, stage: Stage::Pick(EMPIRE) }));
    assert!(discard_of(&s, REBEL).is_empty() && deck_of(&s, REBEL).contains(&adv("take_cover")));
}

#[test]
fn random_play_with_cinematic_combat_ends_by_the_rules() {
    let mut combats = 0;
    let mut cards = 0;
    for seed in 0..32 {
        let p = holonet::bot::sim::playout_with(seed, rote(), |st, _, ev| {
            if matches!(st.action, holonet::engine::rebellion::Action::Advanced { .. }) {
                cards += 1;
            }
            combats += ev.iter().filter(|e| matches!(e.kind, EventKind::CombatStarted { .. })).count();
        });
        assert!(p.state.winner.is_some(), "seed {seed} ends with a winner");
        let v = invariants::violations(&p.state);
        assert!(v.is_empty(), "seed {seed}: {v:?}");
        // The base tactic decks are never touched under cinematic combat.
        assert!(p.state.hands.rebel.tactics.is_empty() && p.state.hands.empire.tactics.is_empty());
        assert_eq!(p.state.decks.space_tactics.len(), new_game(seed, rote()).decks.space_tactics.len());
        // Every advanced card is in its owner's deck, discard pile or out of the game.
        if let Some(d) = &p.state.cinematic {
            for f in Faction::BOTH {
                let own = d.own.get(f);
                let mut all: Vec<_> =
                    own.deck.iter().chain(&own.discard).chain(&own.removed).copied().collect();
                all.sort();
                let expected: Vec<_> =
                    AdvancedTacticId::all().filter(|&a| catalog().advanced_tactic(a).faction == f).collect();
                assert_eq!(all, expected, "seed {seed}: {f} cards");
            }
        }
    }
    assert!(combats >= 20, "combats fought: {combats}");
    assert!(cards >= 40, "advanced cards picked: {cards}");
}

#[test]
fn yoda_ring_rerolls_a_green_die_as_a_green_die() {
    // A base die shows hits and specials too; a green die only blanks and direct hits. Over
    // several rolls a base reroll would show one of those, a green reroll never does.
    for seed in 0..8 {
        let sc = armies(&[("stormtrooper", 1)], &[("rebel_vanguard", 1)]).leader_at(AT, "luke_skywalker");
        let mut s = fight(sc);
        s.rings.insert(leader("luke_skywalker"), holonet::engine::rebellion::state::Ring::Yoda);
        s.rng = holonet::engine::rng::GameRng::from_seed(seed);
        act(&mut s, EMPIRE, "advanced overrun");
        act(&mut s, REBEL, "advanced take_cover");
        act(&mut s, EMPIRE, "done");
        act(&mut s, REBEL, "done");
        set_dice(&mut s, &[(Black, Blank)]);
        act(&mut s, EMPIRE, "done");
        assert!(cm(&s).is_green(0), "the Rebel Vanguard rolls one green die");
        // The only die: Master Yoda rerolls it without asking which.
        let ev = act(&mut s, REBEL, "ring luke_skywalker");
        assert_eq!(events_of(&ev, |k| matches!(k, EventKind::DiceRolled { .. })).len(), 1);
        assert!(matches!(cm(&s).dice[0].face, Blank | DirectHit), "seed {seed}: {:?}", cm(&s).dice[0]);
    }
}
