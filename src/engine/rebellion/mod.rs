//! Star Wars: Rebellion — the two-player base game rules.
//!
//! State changes only through [`apply`]; [`decision`] says who must decide what next, with
//! every legal action; [`view`] builds what one seat (or the public) may see.

pub mod action;
pub mod asking;
pub mod board;
pub mod cards;
pub mod choice;
pub mod combat;
pub mod ctx;
pub mod error;
pub mod event;
pub mod flow;
pub mod frame;
pub mod invariants;
pub mod listing;
pub mod loyalty;
pub mod mission;
pub mod named;
pub mod objectives;
pub mod phases;
pub mod pieces;
pub mod position;
pub mod rise_of_the_empire;
pub mod state;
pub mod team;
pub mod undo;
pub mod victory;
pub mod view;

pub use action::{Action, Dice, DiceCount, LeaderCount, Leaders, ParseError, Pick, Target};
pub use error::RuleError;
pub use event::{Audience, Event, EventKind};
pub use flow::{Decision, Frame, PromptKind, Roll, apply, apply_as, decision, new_game};
pub use position::{Options, Position};
pub use state::{MatchOptions, Place, Players, State};
pub use team::Player;
pub use view::{View, Viewer, view};
