//! Star Wars: Rebellion — the two-player base game rules.
//!
//! State changes only through [`apply`]; [`decision`] says who must decide what next, with
//! every legal action; [`view`] builds what one seat (or the public) may see.

pub mod action;
pub mod asking;
pub mod assignment;
pub mod board;
pub mod cards;
pub mod choice;
pub mod combat;
pub mod command;
pub mod error;
pub mod event;
pub mod expansion_setup;
pub mod flow;
pub mod in_play;
pub mod invariants;
pub mod loyalty;
pub mod mission;
pub mod mission_windows;
pub mod mobilize;
pub mod movement;
pub mod named;
pub mod objectives;
pub mod pool_limit;
pub mod recruit;
pub mod refresh;
pub mod rote_cards;
pub mod rote_probes;
pub mod rote_windows;
pub mod setup;
pub mod state;
pub mod targets;
pub mod team;
pub mod undo;
pub mod victory;
pub mod view;

pub use action::{Action, Dice, DiceCount, LeaderCount, Leaders, ParseError, Pick, Target};
pub use error::RuleError;
pub use event::{Audience, Event, EventKind};
pub use flow::{Decision, Frame, Position, PromptKind, Roll, apply, apply_as, decision};
pub use setup::new_game;
pub use state::{MatchOptions, Place, Players, State};
pub use team::Player;
pub use view::{View, Viewer, view};
