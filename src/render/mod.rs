//! Rendering of views for people: plain-text summaries, board images and the end-of-match chart.

pub mod board;
pub mod chart;
pub mod text;
