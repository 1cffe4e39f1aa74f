//! A short run of the service fuzzer (`holonet::fuzzing::run`, the entry point of the
//! cargo-fuzz target `fuzz/fuzz_targets/service.rs`) in `cargo test`: random scripts, plus the
//! inputs of bugs it found, replayed deterministically.

use holonet::fuzzing::{Summary, check_sentence, run};
use proptest::prelude::*;

fn ok(data: &[u8]) -> Summary {
    run(data).unwrap_or_else(|v| panic!("{v}"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 100, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_scripts_keep_every_promise(data in proptest::collection::vec(any::<u8>(), 0..160)) {
        ok(&data);
    }
}

#[test]
fn scripts_reach_deep_games_and_refusals() {
    // Import the prepared 200-move game into channel 100 (op 27: a prepared export, no
    // changes, by the moderator), then alternate legal moves with wrong answers.
    let mut data = vec![0u8, 27, 0, 2, 4, 0, 2, 0, 1];
    for i in 0..40u8 {
        data.extend([4, 0, 7, i, 0]);
        data.extend([12 + (i % 7), 0, i, i.wrapping_mul(7), 3, 1, 2, 3, 4, 5, 6]);
    }
    let s = ok(&data);
    assert_eq!(s.imports, 1, "{s:?}");
    assert!(s.moves >= 20 && s.deepest >= 200, "{s:?}");
    assert!(s.refused >= 20, "{s:?}");
}

#[test]
fn the_sentence_check_knows_noise() {
    assert!(check_sentence("the match has already started").is_ok());
    assert!(check_sentence("").is_err());
    assert!(check_sentence("two\nlines").is_err());
    assert!(check_sentence("value Some(3)").is_err());
    assert!(check_sentence(&"x".repeat(400)).is_err());
}
