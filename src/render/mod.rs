//! Rendering of views for people: plain-text summaries, board images, the end-of-match chart,
//! Empire vs. Rebellion's table image, the card lookup's card faces and the server record's
//! chart.

pub mod board;
pub mod card;
pub mod chart;
pub mod evr;
pub mod history;
pub mod luck;
pub mod record;
pub mod text;
