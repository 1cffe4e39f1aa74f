//! The context of one `apply`: the state being changed, the events it tells and the dice it
//! rolls. Every rule that changes the state works through it.

use super::event::{Audience, Event, EventKind};
use super::state::State;
use crate::content::*;

/// One die as it came out of the random stream: whose, which kind, and its face. Set faces
/// (a card that turns a die to a face) are not rolls and never appear here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Roll {
    /// The side that rolled it.
    pub faction: Faction,
    /// Whether it was a green die (Rise of the Empire), whose faces differ from red and black.
    pub green: bool,
    /// The face it showed.
    pub face: DieFace,
}

/// A mutable view of the state during one `apply`, collecting the events it produces.
pub struct Ctx<'a> {
    /// The state being changed (a copy committed only on success, unless the handler cannot
    /// refuse the action).
    pub s: &'a mut State,
    /// Events so far.
    pub events: Vec<Event>,
    /// Every die rolled so far, in order (kept out of the state: only an end-of-match report
    /// of the dice reads it, through [`Position::apply_rolled`]).
    pub rolls: Vec<Roll>,
    /// Whether events are kept. A player that never reads them (a random playout, the
    /// computer's search: `Position::play_option`) spares keeping about a dozen per action.
    tells: bool,
}

impl<'a> Ctx<'a> {
    /// A context over a state, with no events or rolls yet.
    pub fn new(s: &'a mut State) -> Self {
        Ctx { s, events: Vec::new(), rolls: Vec::new(), tells: true }
    }
    /// A context that keeps no events: the state changes exactly as with [`Ctx::new`] (no rule
    /// reads the events of the action under way), and nothing is told.
    pub fn untold(s: &'a mut State) -> Self {
        Ctx { s, events: Vec::new(), rolls: Vec::new(), tells: false }
    }
    /// Records a public event.
    pub fn public(&mut self, kind: EventKind) {
        if self.tells {
            self.events.push(Event { audience: Audience::Public, kind });
        }
    }
    /// Records an event only one faction sees.
    pub fn private(&mut self, f: Faction, kind: EventKind) {
        if self.tells {
            self.events.push(Event { audience: Audience::Only(f), kind });
        }
    }
    /// Records a plain public note. It takes any text to display (`format_args!` rather than
    /// `format!`), so that the text is written only when events are kept.
    pub fn note(&mut self, text: impl std::fmt::Display) {
        if self.tells {
            self.public(EventKind::Note { text: text.to_string() });
        }
    }
    /// Rolls `n` red or black dice for a side (their faces are the same).
    pub fn roll(&mut self, faction: Faction, n: usize) -> Vec<DieFace> {
        self.roll_kind(faction, false, n)
    }
    /// Rolls `n` green dice (Rise of the Empire) for a side.
    pub fn roll_green(&mut self, faction: Faction, n: usize) -> Vec<DieFace> {
        self.roll_kind(faction, true, n)
    }
    fn roll_kind(&mut self, faction: Faction, green: bool, n: usize) -> Vec<DieFace> {
        let faces = if green { catalog().green_die_faces } else { catalog().die_faces };
        let rolled: Vec<DieFace> = (0..n).map(|_| faces[self.s.rng.below(6)]).collect();
        self.rolls.extend(rolled.iter().map(|&face| Roll { faction, green, face }));
        rolled
    }
}
