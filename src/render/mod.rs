//! Rendering of views for people: plain-text summaries and board images.

pub mod board;
pub mod text;
