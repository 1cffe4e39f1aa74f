//! Rendering of views for people: plain-text summaries now, board images later.

pub mod text;
