//! What an effect does next once started or answered: the answer every effect family gives
//! the executor (`run.rs`).

use super::ability::Pending;
use crate::engine::rebellion::frame::Frame;

/// What an effect does next once started or answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// It is finished: go on with the next effect.
    Done,
    /// It waits for a choice.
    Wait(Pending),
    /// It starts another frame (a combat, a movement); the run goes on after it.
    Push(Frame),
}
