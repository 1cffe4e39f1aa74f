//! Rise of the Empire's rules, a match option (`MatchOptions::rise_of_the_empire`): its setup
//! choices, the action cards and objectives a match uses, the probe cards kept face down, the
//! card windows after a combat, target markers, objectives kept in play and the leader pool
//! limit. Its card families are in `cards/rise_of_the_empire/`, its cinematic combat behind
//! the seam of `combat/rules.rs`; its content is data in `assets/rote/`.

pub mod cards;
pub mod in_play;
pub mod pool_limit;
pub mod probes;
pub mod records;
pub mod setup;
pub mod targets;
pub mod windows;
