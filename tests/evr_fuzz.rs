//! Empire vs. Rebellion's engine against arbitrary input (in the spirit of a fuzz target): byte
//! scripts mix legal actions with arbitrary ones (any command word, any card number, the wrong
//! player); a refused action must leave the state untouched, an accepted one keep every
//! component in place, and nothing may panic. Ids outside the box are refused when read back.

use holonet::content::Faction;
use holonet::content::evr::{EventCardId, ResourceCardId, StrategyCardId};
use holonet::engine::evr::{Action, apply, decision, invariants, new_game};
use proptest::prelude::*;

/// An arbitrary action from two bytes (card numbers past the box included).
fn arbitrary(kind: u8, n: u8) -> Action {
    match kind % 11 {
        0 => Action::Play,
        1 => Action::Pass,
        2 => Action::Done,
        3 => Action::Ready { slot: n },
        4 => Action::Use { card: ResourceCardId(n % 60) },
        5 => Action::Pick { card: ResourceCardId(n % 60) },
        6 => Action::Option { n },
        7 => Action::Event { card: EventCardId(n % 30) },
        8 => Action::Strategy { card: StrategyCardId(n % 8) },
        9 => Action::Deck { faction: if n.is_multiple_of(2) { Faction::Rebel } else { Faction::Empire } },
        _ => Action::Character { card: ResourceCardId(n % 60) },
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_scripts_are_refused_cleanly_or_keep_the_box_whole(
        seed in any::<u64>(),
        script in proptest::collection::vec(any::<(u8, u8, u8)>(), 0..400),
    ) {
        holonet::content::init().unwrap();
        let mut s = new_game(seed);
        for (how, a, b) in script {
            let Some(d) = decision(&s) else { break };
            let (seat, action) = match how % 4 {
                // Mostly legal play, so scripts get deep into the game.
                0 | 1 => (d.seat, d.actions[a as usize % d.actions.len()].clone()),
                2 => (d.seat, arbitrary(a, b)),
                _ => (d.seat.opponent(), arbitrary(a, b)),
            };
            let before = s.clone();
            match apply(&mut s, seat, action.clone()) {
                Ok(()) => {
                    prop_assert!(d.actions.contains(&action) && seat == d.seat);
                    invariants::check(&s).map_err(TestCaseError::fail)?;
                }
                Err(e) => {
                    prop_assert_eq!(&s, &before, "refused `{:?}` ({}) changed the state", action, e);
                    prop_assert!(!e.to_string().is_empty());
                }
            }
            // Every offered action reads back from its command line.
            if let Some(d) = decision(&s) {
                for a in &d.actions {
                    prop_assert_eq!(&Action::parse(&a.command()).unwrap(), a);
                }
            }
        }
    }
}

#[test]
fn ids_outside_the_box_are_refused_when_read_back() {
    assert!(serde_json::from_str::<ResourceCardId>("47").is_ok());
    let e = serde_json::from_str::<ResourceCardId>("48").unwrap_err();
    assert!(e.to_string().contains("no resource card"), "{e}");
    assert!(serde_json::from_str::<StrategyCardId>("5").is_err());
    assert!(serde_json::from_str::<EventCardId>("24").is_err());
    let a: Result<Action, _> = serde_json::from_str(r#"{"type":"use","card":200}"#);
    assert!(a.is_err());
}
