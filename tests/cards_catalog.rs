//! The card catalog: every declared card behaviour parses, names only known effects, and can
//! be stored and read back (a card run is part of the saved state).

use holonet::content::MissionId;
use holonet::engine::rebellion::cards::{self, Effect, mission_behavior};

#[test]
fn every_declared_behaviour_parses() {
    cards::init().expect("card behaviour in assets/ parses");
}

#[test]
fn declared_effects_round_trip_through_json() {
    for m in MissionId::all() {
        for e in mission_behavior(m).effects.iter().flatten() {
            let json = serde_json::to_string(e).unwrap();
            let back: Effect = serde_json::from_str(&json).unwrap_or_else(|err| panic!("{m}: {json}: {err}"));
            assert_eq!(&back, e, "{m}");
        }
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
