#![warn(missing_docs)]
//! Holonet: hosts Star Wars: Rebellion matches — a pure rules engine, plus the front ends
//! (the Discord bot, local terminal play and simulation) that drive it.

pub mod cli;
pub mod config;
pub mod content;
pub mod discord;
pub mod engine;
pub mod fuzzing;
pub mod game;
pub mod games;
pub mod hash;
pub mod menu;
pub mod render;
pub mod service;
pub mod sim;
pub mod store;
