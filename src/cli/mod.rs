//! The terminal front ends: local hot-seat play, scripts, and simulation.

pub mod admin;
pub mod local;
pub mod reshard;
pub mod simulate;
pub mod versus;
