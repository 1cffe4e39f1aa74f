//! Adapters that put each game's engine behind the `Game` trait.

pub mod evr;
pub mod game;
pub mod rebellion;
pub mod words;
