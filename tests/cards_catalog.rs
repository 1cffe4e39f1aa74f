//! The card catalog: every card in `assets/` declares its behaviour (loading fails otherwise),
//! names only known effects, can be stored and read back (a card run is part of the saved
//! state), and is in a deck or hand at setup — no card is left out.

use holonet::content::{ActionCardId, ContentSet, MissionId, catalog};
use holonet::engine::rebellion::cards::{
    self, Effect, action_behavior, mission_behavior, parse_mission_entry,
};
use holonet::engine::rebellion::{MatchOptions, new_game};

#[test]
fn every_declared_behaviour_parses() {
    cards::init().expect("card behaviour in assets/ parses");
}

#[test]
fn every_mission_and_action_card_declares_its_behaviour() {
    let missing_m: Vec<&str> =
        MissionId::all().filter(|&m| mission_behavior(m).effects.is_empty()).map(|m| m.key()).collect();
    let missing_a: Vec<&str> =
        ActionCardId::all().filter(|&a| action_behavior(a).effects.is_empty()).map(|a| a.key()).collect();
    assert!(missing_m.is_empty(), "missions without effects: {missing_m:?}");
    assert!(missing_a.is_empty(), "action cards without effects: {missing_a:?}");
    // The base game's 53 titles, then Rise of the Empire's 33 printings of its 30 titles and its
    // two replacement printings (Sabotage, Construct Super Star Destroyer).
    let base = MissionId::all().filter(|&m| catalog().mission(m).set == ContentSet::Base).count();
    assert_eq!((base, MissionId::all().count()), (53, 88));
    // The base cards, then Rise of the Empire's (tests/rote_cards.rs).
    assert_eq!(ActionCardId::all().count(), 34 + 16);
}

#[test]
fn a_card_without_effects_is_refused_naming_it() {
    let entry = serde_json::json!({"id": "build_alliance", "name": "Build Alliance"});
    let e = parse_mission_entry(&entry).unwrap_err();
    assert_eq!(e.card, "build_alliance");
    assert!(e.to_string().contains("declares no `effects`"), "{e}");
}

#[test]
fn declared_effects_round_trip_through_json() {
    let all =
        MissionId::all().flat_map(|m| mission_behavior(m).effects.iter().map(move |e| (m.key(), e))).chain(
            ActionCardId::all().flat_map(|a| action_behavior(a).effects.iter().map(move |e| (a.key(), e))),
        );
    for (card, e) in all {
        let json = serde_json::to_string(e).unwrap();
        let back: Effect = serde_json::from_str(&json).unwrap_or_else(|err| panic!("{card}: {json}: {err}"));
        assert_eq!(&back, e, "{card}");
    }
}

#[test]
fn unknown_ops_and_misspelt_fields_are_named() {
    let e = serde_json::from_str::<Effect>(r#"{"op": "gain_loyality", "amount": 1}"#).unwrap_err();
    assert!(e.to_string().contains("unknown op `gain_loyality`"), "{e}");
    let e = serde_json::from_str::<Effect>(r#"{"op": "gain_loyalty", "amont": 1}"#).unwrap_err();
    assert!(e.to_string().contains("op `gain_loyalty`") && e.to_string().contains("amont"), "{e}");
    let e = serde_json::from_str::<Effect>(r#"{"amount": 1}"#).unwrap_err();
    assert!(e.to_string().contains("needs an `op`"), "{e}");
}

#[test]
fn setup_puts_every_mission_copy_in_a_hand_or_deck() {
    let c = catalog();
    let s = new_game(3, MatchOptions::default());
    for m in MissionId::all() {
        let d = c.mission(m);
        let count = |v: &Vec<MissionId>| v.iter().filter(|&&x| x == m).count();
        let held = count(&s.hands.rebel.missions) + count(&s.hands.empire.missions);
        let decked =
            count(&s.decks.missions.rebel) + count(&s.decks.missions.empire) + count(&s.decks.projects);
        if d.set != ContentSet::Base {
            assert_eq!(held + decked, 0, "{m}: an expansion card never enters a base match");
            continue;
        }
        assert_eq!(held + decked, d.copies as usize, "{m}: every copy is dealt or in its deck");
        if d.starting {
            assert_eq!(held, 1, "{m} starts in hand");
        }
    }
}

#[test]
fn logs_name_cards_by_their_printed_names() {
    use holonet::content::Faction;
    use holonet::engine::rebellion::event::EventKind;
    let played = EventKind::CardPlayed {
        faction: Faction::Empire,
        deck: "action".into(),
        card: "ready_for_action".into(),
    };
    assert!(played.to_string().contains("Ready for Action"), "{played}");
    let seen = EventKind::CardsSeen {
        deck: "probe cards".into(),
        cards: vec!["mon_calamari".into(), "hoth".into()],
    };
    assert!(seen.to_string().contains("Mon Calamari, Hoth"), "{seen}");
    let tactics =
        EventKind::CardsSeen { deck: "ground tactic".into(), cards: vec!["ground_concentrate_fire".into()] };
    assert!(!tactics.to_string().contains("ground_concentrate_fire"), "{tactics}");
    let missions = EventKind::CardsSeen { deck: "missions".into(), cards: vec!["seek_yoda".into()] };
    assert!(missions.to_string().contains("Seek Yoda"), "{missions}");
}
