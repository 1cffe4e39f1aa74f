//! The named powers of three characters: Lando Calrissian, General Veers, Jabba the Hutt.

use super::super::action::Action;
use super::super::action::Ask;
use super::super::state::{EvrState, Frame, InPlay};
use super::super::zones::{move_card, refill, room};
use crate::content::evr::{Zone, catalog};

fn frame(s: &mut EvrState) -> &mut Frame {
    s.pending.as_mut().expect("a named power is being resolved")
}

/// Lando Calrissian, first part: send cards of one's play area to the discard pile, one at a
/// time, until done (`count` 1) or none is left. The discarded cards are counted in `cards`.
pub fn lando_ask(s: &EvrState, fr: &Frame) -> Option<Ask> {
    if fr.count > 0 {
        return None;
    }
    let mut actions: Vec<Action> =
        s.sides.get(fr.actor).play.iter().map(|p| Action::Pick { card: p.card }).collect();
    if actions.is_empty() {
        return None;
    }
    actions.push(Action::Done);
    Some(Ask { chooser: fr.actor, actions })
}

/// Lando Calrissian: one card discarded, or the discarding ends.
pub fn lando_answer(s: &mut EvrState, action: &Action) {
    match action {
        Action::Pick { card } => {
            move_card(s, *card, Zone::Discard);
            frame(s).cards.push(*card);
        }
        _ => frame(s).count = 1,
    }
}

/// Lando Calrissian, last part: as many cards drawn into play as were discarded (within the
/// event's capacity, refilling an empty deck).
pub fn lando_finish(s: &mut EvrState) {
    let fr = frame(s).clone();
    for _ in 0..fr.cards.len() {
        refill(s, fr.actor);
        if !room(s, fr.actor) {
            break;
        }
        let Some(card) = s.sides.get_mut(fr.actor).deck.pop() else { break };
        s.sides.get_mut(fr.actor).play.push(InPlay { card, exhausted: false });
    }
}

/// General Veers: the deck's top card is shown and discarded; every opposing card in play
/// worth less than it (at its value now) is discarded too.
pub fn general_veers(s: &mut EvrState) {
    let c = catalog();
    let me = frame(s).actor;
    refill(s, me);
    let Some(top) = s.sides.get_mut(me).deck.pop() else { return };
    s.sides.get_mut(me).discard.push(top);
    let bar = c.resource(top).value;
    let them = s.sides.get_mut(me.opponent());
    let (lose, keep): (Vec<InPlay>, Vec<InPlay>) =
        them.play.iter().partition(|p| c.resource(p.card).value_when(p.exhausted) < bar);
    them.play = keep;
    them.discard.extend(lose.iter().map(|p| p.card));
}

/// Jabba the Hutt, first part: a secret look at the deck's top card (kept in `cards`).
pub fn jabba_prepare(s: &mut EvrState) {
    let me = frame(s).actor;
    refill(s, me);
    let top = s.sides.get(me).deck.last().copied();
    frame(s).cards = top.into_iter().collect();
}

/// Jabba the Hutt: play the looked-at card (bit 1 of `count`), discard one of one's cards in
/// play (bit 2), both in either order, or stop.
pub fn jabba_ask(s: &EvrState, fr: &Frame) -> Option<Ask> {
    if fr.count >= 3 {
        return None;
    }
    let mut actions = vec![];
    if fr.count & 1 == 0 && !fr.cards.is_empty() && room(s, fr.actor) {
        actions.push(Action::Play);
    }
    if fr.count & 2 == 0 {
        actions.extend(s.sides.get(fr.actor).play.iter().map(|p| Action::Pick { card: p.card }));
    }
    actions.push(Action::Done);
    Some(Ask { chooser: fr.actor, actions })
}

/// Jabba the Hutt: one of the two things done, or the power ends.
pub fn jabba_answer(s: &mut EvrState, action: &Action) {
    let me = frame(s).actor;
    match action {
        Action::Play => {
            if let Some(card) = s.sides.get_mut(me).deck.pop() {
                s.sides.get_mut(me).play.push(InPlay { card, exhausted: false });
            }
            let fr = frame(s);
            fr.cards.clear();
            fr.count |= 1;
        }
        Action::Pick { card } => {
            move_card(s, *card, Zone::Discard);
            frame(s).count |= 2;
        }
        _ => frame(s).count = 3,
    }
}
