//! The phases of a round in the order they are played (Rules Reference, "Round Structure"):
//! setup before the first, then Assignment, Command (activating systems, moving units, Rapid
//! Mobilization at its end) and Refresh (recruiting among its steps). Missions and combat,
//! which the Command Phase starts, have folders of their own beside this one.

pub mod assignment;
pub mod command;
pub mod mobilize;
pub mod movement;
pub mod recruit;
pub mod refresh;
pub mod setup;
