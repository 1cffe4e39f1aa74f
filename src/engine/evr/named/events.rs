//! The named event effects: Balance of the Force, Create a Diversion, Locate the Rebel Base.

use super::super::action::Action;
use super::super::action::Ask;
use super::super::state::{EvrState, Frame};

/// How many events Balance of the Force reorders.
const REORDERED: usize = 3;

/// Balance of the Force, first part: the top events are taken up (top first, in `events`).
pub fn balance_prepare(s: &mut EvrState) {
    let n = s.events.len().min(REORDERED);
    let mut top: Vec<_> = s.events.split_off(s.events.len() - n);
    top.reverse();
    s.pending.as_mut().expect("an event is being resolved").events = top;
}

/// Balance of the Force: the winner names the next event from the top, until one is left.
/// `count` events are placed (at the front of `events`).
pub fn balance_ask(fr: &Frame) -> Option<Ask> {
    let placed = fr.count as usize;
    if fr.events.len() <= placed + 1 {
        return None;
    }
    let mut rest = fr.events[placed..].to_vec();
    rest.sort();
    Some(Ask { chooser: fr.actor, actions: rest.into_iter().map(|card| Action::Event { card }).collect() })
}

/// Balance of the Force: one event placed next.
pub fn balance_answer(s: &mut EvrState, action: &Action) {
    let fr = s.pending.as_mut().expect("an event is being resolved");
    if let Action::Event { card } = action {
        let placed = fr.count as usize;
        if let Some(i) = fr.events.iter().position(|e| e == card) {
            let e = fr.events.remove(i);
            fr.events.insert(placed, e);
            fr.count += 1;
        }
    }
}

/// Balance of the Force, last part: the events go back, the first placed on top.
pub fn balance_finish(s: &mut EvrState) {
    let fr = s.pending.as_ref().expect("an event is being resolved");
    let back: Vec<_> = fr.events.iter().rev().copied().collect();
    s.events.extend(back);
}

/// Create a Diversion: the loser's next strategy is drawn at random.
pub fn create_a_diversion(s: &mut EvrState) {
    let me = s.pending.as_ref().expect("an event is being resolved").actor;
    *s.next.random.get_mut(me) = true;
}

/// Locate the Rebel Base: the loser chooses next round's strategy first, in the open.
pub fn locate_the_rebel_base(s: &mut EvrState) {
    let me = s.pending.as_ref().expect("an event is being resolved").actor;
    *s.next.shown.get_mut(me) = true;
}
