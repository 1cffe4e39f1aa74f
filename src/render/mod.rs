//! Rendering of views for people: plain-text summaries, board images, the end-of-match chart and
//! Empire vs. Rebellion's table image.

pub mod board;
pub mod chart;
pub mod evr;
pub mod history;
pub mod luck;
pub mod text;
