//! Star Wars: Empire vs. Rebellion — the round loop of the second hosted game (issue 20).
//!
//! State changes only through [`apply`]; [`decision`] says who decides what next, with every
//! legal action. In so far: the complete setup (event deck, the secret choice of four
//! characters, influence, the balance token's random side), the planning phase (the event, the
//! secret strategy choice), the struggle (play a card within the event's capacity, ready an
//! exhausted card for influence, pass; it ends on two passes in succession), and the dominance
//! phase (the winner under the objective value, ties to the balance token, victory points and
//! influence, the cleanup, the balance token, the strategy cards' retrieval, seven points win),
//! and the redacted view every display is to be built from.
//! Not yet: the powers of resource cards, and the effects of strategies and events (their
//! declarations are in `content::evr`; `docs/evr.md`).

pub mod action;
pub mod dominance;
pub mod exec;
pub mod flow;
pub mod invariants;
mod named;
pub mod state;
pub mod view;
pub mod zones;

pub use action::Action;
pub use flow::{Decision, DecisionKind, RuleError, apply, decision};
pub use state::{EvrState, InPlay, SideState, new_game};
pub use view::{EvrView, Viewer, view};
