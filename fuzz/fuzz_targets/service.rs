//! Fuzzes the match service through `holonet::fuzzing::run`: the input is a script of lobby
//! commands, answers (command lines, options, numbers, custom ids), moderator commands and
//! imports of mutated exports, played on one in-memory service. A panic, a refusal that
//! changed anything, a refusal that is not one clear sentence, or a restart that disagrees with
//! the running service is a crash.
//!
//! Run from the repository root (nightly and cargo-fuzz: `cargo install cargo-fuzz`):
//!
//! ```text
//! cargo +nightly fuzz run service -- -runs=1000000
//! ```
//!
//! A crash leaves its input in `fuzz/artifacts/service/`; replay it with
//! `cargo +nightly fuzz run service fuzz/artifacts/service/crash-…`, or read what it does with
//! `holonet::fuzzing::run_traced`. `tests/fuzz_service.rs` runs the same entry point in
//! `cargo test`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(violation) = holonet::fuzzing::run(data) {
        panic!("{violation}");
    }
});
