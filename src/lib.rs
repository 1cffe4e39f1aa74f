//! Holonet: hosts Star Wars: Rebellion matches — a pure rules engine, plus the front ends
//! (local terminal play and simulation now; Discord later) that drive it.

pub mod cli;
pub mod content;
pub mod engine;
pub mod game;
pub mod games;
pub mod render;
pub mod service;
pub mod sim;
pub mod store;
