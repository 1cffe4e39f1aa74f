//! Setup (Rules Reference appendix): loyalty from the probe deck, hands, decks, placement and
//! the secret base choice.

mod support;

use holonet::content::{Faction, MissionId, SystemId, Theater, UnitId, catalog};
use holonet::engine::rebellion::{
    Action, MatchOptions, Place, PromptKind, Viewer, apply, decision, new_game, view,
};
use support::*;

fn marked(s: &holonet::engine::rebellion::State) -> (Vec<SystemId>, Vec<SystemId>, Vec<SystemId>) {
    let c = catalog();
    let mut rebel = vec![];
    let mut subj = vec![];
    let mut imp = vec![];
    for x in SystemId::all() {
        if c.system(x).fixed_imperial {
            continue;
        }
        let st = s.sys(x);
        if st.loyalty == Some(REBEL) {
            rebel.push(x);
        }
        if st.subjugated {
            subj.push(x);
        }
        if st.loyalty == Some(EMPIRE) {
            imp.push(x);
        }
    }
    (rebel, subj, imp)
}

#[test]
fn probe_cards_give_three_rebel_and_five_imperial_systems_two_of_them_subjugated() {
    let c = catalog();
    for seed in 0..20 {
        let s = new_game(seed, MatchOptions::default());
        let (rebel, subj, imp) = marked(&s);
        assert_eq!(rebel.len(), 3, "seed {seed}: three Rebel loyalty markers");
        assert_eq!(subj.len(), 2, "seed {seed}: the first two Imperial systems are subjugated");
        assert_eq!(imp.len(), 3, "seed {seed}: the other three have Imperial loyalty");
        for x in rebel {
            assert_eq!(c.system(x).setup_mark, Some(Faction::Rebel));
        }
        for &x in subj.iter().chain(&imp) {
            assert_eq!(c.system(x).setup_mark, Some(Faction::Empire));
            assert!(
                !s.decks.probes.contains(&x),
                "seed {seed}: Imperial probe card {x} removed from the deck"
            );
            assert!(
                !(s.sys(x).subjugated && s.sys(x).loyalty.is_some()),
                "subjugated setup systems are neutral"
            );
        }
        let coruscant = sys("coruscant");
        assert_eq!(s.sys(coruscant).loyalty, Some(EMPIRE), "Coruscant is Imperial");
        assert!(!s.decks.probes.contains(&coruscant), "Coruscant has no probe card");
        // Every other system's probe card (Rebel ones included) stays in the deck.
        let expected = SystemId::all().filter(|&x| c.system(x).probe_card).count() - 5;
        assert_eq!(s.decks.probes.len(), expected, "seed {seed}: 5 Imperial probe cards removed");
    }
}

#[test]
fn starting_hands_missions_actions_objective_and_leaders() {
    let c = catalog();
    let s = new_game(7, MatchOptions::default());
    for f in [REBEL, EMPIRE] {
        let hand = &s.hands.get(f);
        // The base game's: the expansion's replacement Sabotage never enters a base match.
        let starting: Vec<MissionId> = MissionId::all()
            .filter(|&m| {
                let d = c.mission(m);
                d.faction == f && d.starting && d.set == holonet::content::ContentSet::Base
            })
            .collect();
        assert_eq!(starting.len(), 4, "four starting missions each");
        for m in &starting {
            assert!(hand.missions.contains(m), "{f} starts with {m}");
        }
        // Two more are drawn from the mission deck (which only holds implemented cards, so it may
        // be short): the hand is 4 + what the deck could give, at most 6.
        let deck_total = s.decks.missions.get(f).len() + hand.missions.len() - 4;
        assert_eq!(hand.missions.len(), 4 + deck_total.min(2));
        assert_eq!(hand.actions.len(), 2, "{f} has 2 starting action cards");
        for a in &hand.actions {
            assert!(c.action_card(*a).starting && c.action_card(*a).faction == f);
            assert!(!s.decks.actions.get(f).contains(a));
        }
        let pool = s.leader_pool.get(f);
        assert_eq!(pool.len(), 4, "{f} starts with 4 leaders");
        assert!(pool.iter().all(|&l| c.leader(l).starting && c.leader(l).faction == f));
    }
    assert_eq!(s.hands.rebel.objectives.len(), 1, "the Rebels draw one objective");
    assert_eq!(c.objective(s.hands.rebel.objectives[0]).stage, 1, "from the stage I cards on top");
    assert!(s.hands.empire.probes.is_empty());
}

#[test]
fn imperial_placement_options_never_leave_an_imperial_system_without_ground_units() {
    for seed in 0..6 {
        let mut s = new_game(seed, MatchOptions::default());
        let mut rng = seed.wrapping_mul(2654435761) + 1;
        loop {
            let d = decision(&s).expect("placement pending");
            if d.kind != PromptKind::PlaceStartingUnits || d.seat != EMPIRE {
                break;
            }
            // Prefer placing ships and many-of-one-kind to stress the rule; never autoplace.
            let opts: Vec<&Action> = d.actions.iter().filter(|a| **a != Action::AutoPlace).collect();
            rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let a = opts[(rng >> 33) as usize % opts.len()].clone();
            if let Action::Place { place: Place::System(x), .. } = a {
                assert!(s.is_imperial_system(x), "Imperial units go only to Imperial systems");
            }
            apply(&mut s, EMPIRE, a).unwrap();
        }
        for x in SystemId::all() {
            if s.is_imperial_system(x) {
                assert!(
                    s.has_ground(Place::System(x), EMPIRE),
                    "seed {seed}: {x} has no Imperial ground unit"
                );
            }
        }
    }
}

#[test]
fn imperial_placement_refuses_the_move_that_would_strand_a_system() {
    // Place every ground unit but the last few into one system: the options shrink so that
    // the remaining ground units still cover every other Imperial system.
    let mut s = new_game(3, MatchOptions::default());
    let imperial: Vec<SystemId> = SystemId::all().filter(|&x| s.is_imperial_system(x)).collect();
    assert_eq!(imperial.len(), 6, "5 marked systems plus Coruscant");
    let first = imperial[0];
    let storm = unit("stormtrooper");
    // 12 stormtroopers + 5 AT-ST + 1 AT-AT = 18 ground units, 6 systems: at most 13 may go to one.
    let too_many = Action::Place { place: Place::System(first), unit: storm, count: 12 };
    assert!(decision(&s).unwrap().actions.contains(&too_many));
    apply(&mut s, EMPIRE, too_many).unwrap();
    let atst = unit("at_st");
    let d = decision(&s).unwrap();
    // 6 ground units left (5 AT-ST + 1 AT-AT) for 5 empty systems: one more in `first` is fine,
    // two are not.
    assert!(d.actions.contains(&Action::Place { place: Place::System(first), unit: atst, count: 1 }));
    assert!(!d.actions.contains(&Action::Place { place: Place::System(first), unit: atst, count: 2 }));
    assert!(
        apply(&mut s, EMPIRE, Action::Place { place: Place::System(first), unit: atst, count: 2 }).is_err()
    );
}

#[test]
fn rebel_placement_is_base_space_and_one_rebel_or_neutral_system() {
    let mut s = new_game(5, MatchOptions::default());
    apply(&mut s, EMPIRE, Action::AutoPlace).unwrap();
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind.clone()), (REBEL, PromptKind::PlaceStartingUnits));
    for a in &d.actions {
        if let Action::Place { place: Place::System(x), .. } = a {
            assert!(!s.is_imperial_system(*x), "no Rebel starting unit in Imperial system {x}");
        }
    }
    let neutral = SystemId::all().find(|&x| s.sys(x).loyalty.is_none() && !s.sys(x).subjugated).unwrap();
    let other = SystemId::all()
        .find(|&x| x != neutral && s.sys(x).loyalty.is_none() && !s.sys(x).subjugated)
        .unwrap();
    act(&mut s, REBEL, &format!("place {} rebel_trooper 2", neutral.key()));
    act(&mut s, REBEL, "place rebel_base x_wing 1");
    // Having chosen one system, no other system is offered.
    assert!(!is_legal(&s, &format!("place {} rebel_trooper 1", other.key())));
    refuse(&mut s, REBEL, &format!("place {} rebel_trooper 1", other.key()));
    assert!(is_legal(&s, &format!("place {} y_wing 1", neutral.key())));
    act(&mut s, REBEL, "autoplace");
    assert_eq!(s.units(Place::System(neutral), REBEL).count(unit("rebel_trooper")), 2);
    assert_eq!(s.base_space.units.rebel.count(unit("rebel_trooper")), 4);
}

#[test]
fn base_choice_only_among_probe_deck_systems_without_imperial_units_and_hidden() {
    for seed in 0..8 {
        let s = new_game(seed, MatchOptions { quick_setup: true, ..Default::default() });
        let d = decision(&s).unwrap();
        assert_eq!(d.kind, PromptKind::ChooseBase);
        assert!(!d.actions.is_empty());
        for a in &d.actions {
            let Action::ChooseBase { system } = a else { panic!("only base choices: {a:?}") };
            assert!(s.decks.probes.contains(system), "base must be a probe-deck system");
            assert!(!s.has_units(Place::System(*system), EMPIRE));
        }
        for x in SystemId::all() {
            if s.has_units(Place::System(x), EMPIRE) {
                assert!(!d.actions.contains(&Action::ChooseBase { system: x }), "{x} holds Imperial units");
            }
        }
        assert!(!d.actions.contains(&Action::ChooseBase { system: sys("coruscant") }));
        let pick = d.actions[d.actions.len() / 2].clone();
        let Action::ChooseBase { system } = pick else { unreachable!() };
        let mut s2 = s.clone();
        apply(&mut s2, REBEL, pick).unwrap();
        assert_eq!(s2.base.system, Some(system));
        assert!(!s2.base.revealed);
        assert!(!s2.decks.probes.contains(&system), "the base's probe card leaves the deck");
        for v in [Viewer::Public, Viewer::Faction(EMPIRE)] {
            let json = serde_json::to_string(&view(&s2, v)).unwrap();
            assert!(view(&s2, v).base.system.is_none());
            assert!(!json.contains(&format!("\"base\":{{\"system\":\"{}\"", system.key())));
        }
        assert_eq!(view(&s2, Viewer::Faction(REBEL)).base.system.as_deref(), Some(system.key()));
        // A ring card dealt at setup (C-3PO, R2-D2) is given to a leader first.
        while let Some(d) = decision(&s2).filter(|d| d.kind == PromptKind::CardChoice) {
            apply(&mut s2, d.seat, d.actions[0].clone()).unwrap();
        }
        assert_eq!(decision(&s2).unwrap().kind, PromptKind::AssignLeaders, "round 1 begins");
    }
}

#[test]
fn quick_setup_places_every_starting_unit() {
    let c = catalog();
    let s = new_game(11, MatchOptions { quick_setup: true, ..Default::default() });
    for f in [REBEL, EMPIRE] {
        for &(u, n) in c.starting_units.get(f) {
            let on_board: u32 = s.places().map(|p| s.units(p, f).count(u) as u32).sum();
            assert_eq!(on_board, n as u32, "{f}: all {n} {u} placed");
            assert_eq!(s.supply.get(f).count(u) as u32 + on_board, c.unit(u).count_in_box as u32);
        }
    }
    for x in SystemId::all() {
        if s.is_imperial_system(x) {
            assert!(s.has_ground(Place::System(x), EMPIRE));
        }
        if s.has_units(Place::System(x), EMPIRE) {
            assert!(s.is_imperial_system(x), "Imperial units only in Imperial systems");
        }
    }
    let ground: u32 = UnitId::all()
        .filter(|&u| c.unit(u).theater == Theater::Ground && c.unit(u).faction == REBEL)
        .map(|u| s.base_space.units.rebel.count(u) as u32)
        .sum();
    assert!(ground > 0, "quick setup puts the Rebel army in the Rebel Base space");
    assert_eq!(decision(&s).unwrap().kind, PromptKind::ChooseBase, "only the base choice is asked");
}

/// Plays the Imperial placement with `manual` random placements first and then "place the
/// rest automatically", answering any other setup decision with its first option, and returns
/// the state once the setup is over.
fn set_up_then_autoplace(
    seed: u64,
    options: MatchOptions,
    manual: usize,
) -> holonet::engine::rebellion::State {
    let mut s = new_game(seed, options);
    let mut rng = seed.wrapping_mul(2654435761) + 7;
    let mut placed = 0;
    while s.stack.iter().any(|f| matches!(f, holonet::engine::rebellion::Frame::Setup(_))) {
        let d = decision(&s).expect("setup asks");
        let a = if d.kind == PromptKind::PlaceStartingUnits && d.seat == EMPIRE {
            let opts: Vec<&Action> = d.actions.iter().filter(|a| **a != Action::AutoPlace).collect();
            rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            if placed < manual && !opts.is_empty() {
                placed += 1;
                opts[(rng >> 33) as usize % opts.len()].clone()
            } else {
                Action::AutoPlace
            }
        } else if d.actions.contains(&Action::AutoPlace) {
            Action::AutoPlace
        } else {
            d.actions[0].clone()
        };
        holonet::engine::rebellion::apply(&mut s, d.seat, a).unwrap();
    }
    s
}

#[test]
fn every_imperial_system_holds_a_ground_unit_after_setup_even_when_the_rest_is_placed_automatically() {
    // Rules Reference, setup step II (and the expansion's setup): at least one ground unit in
    // each Imperial system. Some units placed by hand, then the rest automatically.
    let team = MatchOptions { players: holonet::engine::rebellion::Players::Four, ..Default::default() };
    let rote = MatchOptions { rise_of_the_empire: true, ..Default::default() };
    for (name, options) in [("base", MatchOptions::default()), ("team", team), ("expansion", rote)] {
        for seed in 0..30 {
            for manual in [0, 1, 2, 4] {
                let s = set_up_then_autoplace(seed, options.clone(), manual);
                for x in SystemId::all().filter(|&x| s.is_imperial_system(x)) {
                    assert!(
                        s.has_ground(Place::System(x), EMPIRE),
                        "{name} seed {seed}, {manual} by hand: {x} has no Imperial ground unit"
                    );
                }
                assert!(
                    holonet::engine::rebellion::invariants::violations(&s).is_empty(),
                    "{name} seed {seed}"
                );
            }
        }
    }
}
