//! Holonet: hosts Star Wars: Rebellion matches — a pure rules engine, plus the front ends
//! (local terminal play and simulation now; Discord later) that drive it.

pub mod content;
pub mod engine;
pub mod sim;
pub mod cli;
pub mod render;
pub mod game;
pub mod games;
pub mod service;
pub mod store;
