//! The card families only Rise of the Empire's cards use: cards between hands and decks,
//! leaders brought on and off the board, target markers, probe cards kept face down, the
//! answers to the end of a combat, and the few bespoke missions.

pub mod actions;
pub(super) mod bespoke;
pub mod hands;
pub mod pending;
pub mod probes;
pub mod recruits;
pub mod targets;
