//! Adapters that put each game's engine behind the `Game` trait.

pub mod evr;
pub mod evr_notices;
pub mod evr_words;
pub mod rebellion;
pub mod rebellion_history;
pub mod rebellion_luck;
pub mod rebellion_words;
pub mod words;
