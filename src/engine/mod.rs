//! The rules engines: pure, deterministic, no IO. One module per hosted game.

pub mod evr;
pub mod rebellion;
pub mod rng;
pub mod viewer;
