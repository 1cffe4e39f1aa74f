//! Determinism, serialisation and hidden information (views), plus random playouts.

mod support;

use holonet::bot::sim::playout;
use holonet::content::{UnitId, catalog};
use holonet::engine::rebellion::view::Cards;
use holonet::engine::rebellion::{MatchOptions, State, Viewer, apply, new_game, view};
use proptest::prelude::*;
use support::*;

/// Every unit is in a documented place, in the state and in the public view; leaders are in one
/// place each (`invariants::violations`).
fn conserved(s: &State) {
    let broken = holonet::engine::rebellion::invariants::violations(s);
    assert!(broken.is_empty(), "invariants broken at version {}: {broken:?}", s.version);
    let public = view(s, Viewer::Public);
    for u in UnitId::all().filter(|&u| s.unit_in_play(u)) {
        let boxed = catalog().unit(u).count_in_box as u32;
        assert_eq!(unit_total(s, u), boxed, "{u} is conserved in the state");
        assert_eq!(public.unit_total(u.key()), boxed, "{u} is shown somewhere in the public view");
    }
}

#[test]
fn units_waiting_to_deploy_are_in_the_state_and_every_view() {
    // Find a moment of a random game where units wait in the Deploy step.
    let mut found = None;
    for seed in 1..40u64 {
        holonet::bot::sim::playout_with(
            seed,
            MatchOptions { quick_setup: true, ..Default::default() },
            |_, s, _| {
                if found.is_none() && !s.ready.empire.is_empty() {
                    found = Some(s.clone());
                }
            },
        );
        if found.is_some() {
            break;
        }
    }
    let s = found.expect("some random game deploys Imperial units");
    for v in [Viewer::Public, Viewer::Faction(REBEL), Viewer::Faction(EMPIRE)] {
        let shown = &view(&s, v).ready_to_deploy[&EMPIRE];
        for (u, n) in s.ready.empire.iter() {
            assert_eq!(shown.get(u.key()).copied(), Some(n), "{v:?} shows the ready {u}");
        }
    }
    conserved(&s);
}

#[test]
fn seed_and_action_log_replay_exactly() {
    for seed in [1u64, 2, 3] {
        let p = playout(seed, MatchOptions { quick_setup: true, ..Default::default() });
        let mut s = new_game(seed, MatchOptions { quick_setup: true, ..Default::default() });
        for step in &p.steps {
            apply(&mut s, step.seat, step.action.clone()).expect("recorded action replays");
        }
        assert_eq!(s, p.state, "seed {seed}: replay differs");
        assert!(s.winner.is_some());
    }
}

#[test]
fn state_round_trips_through_json_mid_game() {
    let p = playout(4, MatchOptions { quick_setup: true, ..Default::default() });
    let mut s = new_game(4, MatchOptions { quick_setup: true, ..Default::default() });
    for (i, step) in p.steps.iter().enumerate() {
        if i == p.steps.len() / 2 {
            let json = serde_json::to_string(&s).unwrap();
            let back: State = serde_json::from_str(&json).unwrap();
            assert_eq!(back, s, "serde round trip");
            // The copy plays on identically (the random stream is part of the state).
            let mut a = back;
            let mut b = s.clone();
            for st in &p.steps[i..] {
                apply(&mut a, st.seat, st.action.clone()).unwrap();
                apply(&mut b, st.seat, st.action.clone()).unwrap();
            }
            assert_eq!(a, b);
            assert_eq!(a, p.state);
            return;
        }
        apply(&mut s, step.seat, step.action.clone()).unwrap();
    }
    panic!("playout too short");
}

#[test]
fn views_hide_the_base_and_the_opponents_hands() {
    let s = started(5, None);
    let base = s.base.system.unwrap();
    for v in [Viewer::Public, Viewer::Faction(EMPIRE)] {
        let view = view(&s, v);
        assert_eq!(view.base.system, None);
        assert!(!view.base.revealed);
        let json = serde_json::to_string(&view).unwrap();
        assert!(!json.contains(&format!("\"system\":\"{}\"", base.key())), "{v:?} leaks the base");
        // The Rebel hand is only a count.
        let rebel = &view.hands[&REBEL];
        assert_eq!(rebel["missions"], Cards::Hidden(s.hands.rebel.missions.len()));
        assert_eq!(rebel["objectives"], Cards::Hidden(1));
    }
    let rv = view(&s, Viewer::Faction(REBEL));
    assert_eq!(rv.base.system.as_deref(), Some(base.key()));
    assert!(matches!(rv.hands[&REBEL]["missions"], Cards::Visible(_)));
    assert_eq!(rv.hands[&EMPIRE]["missions"], Cards::Hidden(s.hands.empire.missions.len()));
    assert!(matches!(view(&s, Viewer::Faction(EMPIRE)).hands[&EMPIRE]["missions"], Cards::Visible(_)));
}

#[test]
fn states_differing_only_in_the_base_location_look_the_same_in_public() {
    let s = started(6, None);
    let mut t = s.clone();
    let other = s.decks.probes[0];
    t.base.system = Some(other);
    assert_ne!(s, t);
    assert_eq!(view(&s, Viewer::Public), view(&t, Viewer::Public));
    assert_eq!(view(&s, Viewer::Faction(EMPIRE)), view(&t, Viewer::Faction(EMPIRE)));
    assert_ne!(view(&s, Viewer::Faction(REBEL)), view(&t, Viewer::Faction(REBEL)));
}

#[test]
fn states_differing_only_in_one_factions_intel_look_the_same_to_the_public_and_the_opponent() {
    use holonet::engine::rebellion::state::Intel;
    let s = started(7, None);
    for f in [REBEL, EMPIRE] {
        let mut t = s.clone();
        t.intel.get_mut(f).push(Intel { round: 1, source: "Interrogation".into(), text: "a secret".into() });
        assert_ne!(s, t);
        assert_eq!(view(&s, Viewer::Public), view(&t, Viewer::Public), "{f} intel leaks to the public");
        assert_eq!(view(&s, Viewer::Faction(f.opponent())), view(&t, Viewer::Faction(f.opponent())));
        assert_ne!(view(&s, Viewer::Faction(f)), view(&t, Viewer::Faction(f)), "{f} sees its own intel");
        assert_eq!(view(&t, Viewer::Faction(f)).intel[&f][0].text, "a secret");
        assert_ne!(view(&s, Viewer::Full), view(&t, Viewer::Full));
    }
}

#[test]
fn rings_and_turned_leaders_are_public() {
    use holonet::engine::rebellion::state::Ring;
    let s = started(8, None);
    let mut t = s.clone();
    let han = leader("han_solo");
    let luke = leader("luke_skywalker");
    t.rings.insert(han, Ring::Yoda);
    t.turned.push(luke);
    for v in [Viewer::Public, Viewer::Faction(REBEL), Viewer::Faction(EMPIRE)] {
        let tv = view(&t, v);
        assert_eq!(tv.rings.get("han_solo"), Some(&Ring::Yoda), "{v:?}");
        assert_eq!(tv.turned, vec!["luke_skywalker".to_string()], "{v:?}");
        assert_ne!(view(&s, v), tv);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]
    #[test]
    fn random_playouts_end_with_a_winner_and_conserve_units(seed in any::<u64>()) {
        // Full setup on odd seeds, quick setup on even ones: both place every starting unit.
        let options = MatchOptions { quick_setup: seed % 2 == 0, ..Default::default() };
        let mut last = holonet::engine::rebellion::new_game(seed, options.clone());
        let p = holonet::bot::sim::playout_with(seed, options, |_, s, _| {
            conserved(s);
            let broken = holonet::engine::rebellion::invariants::step_violations(&last, s);
            assert!(broken.is_empty(), "step at version {}: {broken:?}", s.version);
            last = s.clone();
        });
        prop_assert!(p.state.winner.is_some());
        conserved(&p.state);
    }
}
