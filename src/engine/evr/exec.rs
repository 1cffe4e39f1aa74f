//! The one executor of Empire vs. Rebellion's declared effects: from a card's operations (in
//! `content::evr`) it both lists the choices an effect offers now ([`ask`]) and carries out the
//! one taken ([`answer`]), running the automatic parts in between ([`run`]).
//!
//! An effect being resolved is a [`Frame`] in `state.pending`; its operations are read from the
//! catalog each time. Each operation may have an automatic first part (`prepare`: refilling a
//! deck, looking at its top cards), choices (`ask` / `answer`) and an automatic last part
//! (`finish`: shuffling, gaining influence). An operation that offers no choice is finished
//! at once; one whose choices are all gone is skipped (the rulebook: resolve a power "if able").

use super::action::{Action, Ask};
use super::named;
use super::state::{EvrState, Frame, Source};
use super::zones::{capacity, deck_usable, move_card, put, refill, refill_to, room, take};
use crate::content::Faction;
use crate::content::evr::{Effect, ResourceCardId, Side, Which, Zone, catalog};

/// The operations of an effect's source.
pub fn ops(source: Source) -> &'static [Effect] {
    let c = catalog();
    match source {
        Source::Power(x) => &c.resource(x).power,
        Source::Strategy(x) => &c.strategy(x).effect,
        Source::Event(x) => c.event(x).effect.as_ref().map_or(&[], |e| &e.ops),
    }
}

/// A new frame for an effect of `actor`.
pub fn frame(source: Source, actor: Faction) -> Frame {
    Frame {
        source,
        actor,
        op: 0,
        option: None,
        options_done: 0,
        count: 0,
        side: None,
        cards: vec![],
        events: vec![],
        prepared: false,
    }
}

/// Starts resolving an effect and runs it up to its first choice (or to its end).
pub fn start(s: &mut EvrState, source: Source, actor: Faction) {
    s.pending = Some(frame(source, actor));
    run(s);
}

/// The top-level operation of a frame, if any is left.
fn top(fr: &Frame) -> Option<&'static Effect> {
    ops(fr.source).get(fr.op as usize)
}

/// The operation being carried out: the top-level one, or the option of a `choose` under way.
fn current(fr: &Frame) -> Option<&'static Effect> {
    match (top(fr)?, fr.option) {
        (Effect::Choose { options, .. }, Some(i)) => options.get(i as usize),
        (op, _) => Some(op),
    }
}

/// The factions a side of an operation stands for, the effect's player first.
pub fn sides(side: Side, actor: Faction) -> Vec<Faction> {
    match side {
        Side::You => vec![actor],
        Side::Opponent => vec![actor.opponent()],
        Side::Either => vec![actor, actor.opponent()],
    }
}

/// The cards a `move` may pick: of the zone on the named sides, of the kind asked, only where
/// their owner has room when they go into play. Hidden zones are listed by id, never in their
/// order.
fn move_candidates(
    s: &EvrState,
    actor: Faction,
    from: Zone,
    to: Zone,
    side: Side,
    which: Which,
) -> Vec<ResourceCardId> {
    let c = catalog();
    let mut out = vec![];
    for f in sides(side, actor) {
        if to == Zone::Play && !room(s, f) {
            continue;
        }
        let st = s.sides.get(f);
        let fits = |card: ResourceCardId, exhausted: bool| match which {
            Which::Any => true,
            Which::Exhausted => exhausted,
            Which::Character => c.resource(card).is_character(),
        };
        let mut cards: Vec<ResourceCardId> = match from {
            Zone::Play => st.play.iter().filter(|p| fits(p.card, p.exhausted)).map(|p| p.card).collect(),
            Zone::Discard => st.discard.iter().copied().filter(|&x| fits(x, false)).collect(),
            Zone::Deck | Zone::DeckTop => st.deck.iter().copied().filter(|&x| fits(x, false)).collect(),
            Zone::Reserve => st.reserve.iter().copied().filter(|&x| fits(x, false)).collect(),
        };
        if matches!(from, Zone::Deck | Zone::DeckTop | Zone::Reserve) {
            cards.sort();
        }
        out.extend(cards);
    }
    out
}

/// Ready cards in play on the named sides.
fn ready_cards(s: &EvrState, actor: Faction, side: Side) -> Vec<ResourceCardId> {
    sides(side, actor)
        .into_iter()
        .flat_map(|f| s.sides.get(f).play.iter().filter(|p| !p.exhausted).map(|p| p.card))
        .collect()
}

fn picks(cards: Vec<ResourceCardId>) -> Vec<Action> {
    cards.into_iter().map(|card| Action::Pick { card }).collect()
}

/// The one faction a `you`/`opponent` side names (`either` counts as the effect's player).
fn single(side: Side, actor: Faction) -> Faction {
    match side {
        Side::Opponent => actor.opponent(),
        Side::You | Side::Either => actor,
    }
}

/// The decks an `either` deck operation may pick (those with a card to work on).
fn deck_choices(s: &EvrState, fr: &Frame, side: Side) -> Option<Ask> {
    let decks = sides(side, fr.actor).into_iter().filter(|&f| deck_usable(s, f));
    Ask::of(fr.actor, decks.map(|faction| Action::Deck { faction }).collect())
}

/// The choice the effect being resolved waits for, if any (pure: `decision` calls it).
pub fn ask(s: &EvrState) -> Option<Ask> {
    let fr = s.pending.as_ref()?;
    match (top(fr)?, fr.option) {
        (Effect::Choose { min, max, options }, None) => ask_choose(s, fr, *min, *max, options),
        _ => ask_op(s, fr, current(fr)?),
    }
}

fn ask_choose(s: &EvrState, fr: &Frame, min: u8, max: u8, options: &[Effect]) -> Option<Ask> {
    let done = fr.options_done.count_ones() as u8;
    if done >= max {
        return None;
    }
    // Options are carried out in their printed order, each at most once.
    let after = 8 - fr.options_done.leading_zeros() as usize;
    let mut actions: Vec<Action> = (after..options.len())
        .filter(|&i| viable(s, fr.actor, &options[i]))
        .map(|i| Action::Option { n: i as u8 + 1 })
        .collect();
    if actions.is_empty() {
        return None;
    }
    if done >= min {
        actions.push(Action::Done);
    }
    Some(Ask { chooser: fr.actor, actions })
}

/// Whether an operation, started afresh, would have something to do.
fn viable(s: &EvrState, actor: Faction, op: &Effect) -> bool {
    match op {
        Effect::Move { from: Zone::Deck | Zone::DeckTop, to, side, which, .. } => {
            // An empty deck is remade from the discard pile first (`prepare`).
            let mut t = s.clone();
            for f in sides(*side, actor) {
                refill(&mut t, f);
            }
            !move_candidates(&t, actor, Zone::Deck, *to, *side, *which).is_empty()
        }
        Effect::Move { from, to, side, which, .. } => {
            !move_candidates(s, actor, *from, *to, *side, *which).is_empty()
        }
        Effect::Exhaust { side, .. } => !ready_cards(s, actor, *side).is_empty(),
        Effect::LookAtDeck { side, .. } => sides(*side, actor).into_iter().any(|f| deck_usable(s, f)),
        Effect::SearchDeck { side, rest, .. } => {
            sides(*side, actor).into_iter().any(|f| deck_usable(s, f) && (*rest != Zone::Play || room(s, f)))
        }
        _ => true,
    }
}

fn ask_op(s: &EvrState, fr: &Frame, op: &Effect) -> Option<Ask> {
    let me = fr.actor;
    match op {
        Effect::Move { from, to, side, which, count, up_to, .. } => {
            if fr.count >= *count {
                return None;
            }
            let mut actions = picks(move_candidates(s, me, *from, *to, *side, *which));
            if *up_to && !actions.is_empty() {
                actions.push(Action::Done);
            }
            Ask::of(me, actions)
        }
        Effect::Exhaust { side, count, up_to } => {
            if fr.count >= *count {
                return None;
            }
            let mut actions = picks(ready_cards(s, me, *side));
            if *up_to && !actions.is_empty() {
                actions.push(Action::Done);
            }
            Ask::of(me, actions)
        }
        Effect::LookAtDeck { side, discard, .. } => match fr.side {
            None => deck_choices(s, fr, *side),
            Some(_) if fr.count < *discard => {
                let mut seen = fr.cards.clone();
                seen.sort();
                Ask::of(me, picks(seen))
            }
            Some(_) => None,
        },
        // First the cards taken out of the deck, one by one (set aside in `cards`); then, among
        // those, the ones discarded; the rest goes on at the end.
        Effect::SearchDeck { side, take, discard, rest } => match fr.side {
            None => deck_choices(s, fr, *side),
            Some(f) if fr.count < *take => {
                let to_play = (fr.cards.len() + 1).saturating_sub(*discard as usize);
                if *rest == Zone::Play && s.sides.get(f).play.len() + to_play > capacity(s) {
                    return None;
                }
                let mut deck = s.sides.get(f).deck.clone();
                deck.sort();
                Ask::of(me, picks(deck))
            }
            Some(_) if fr.count < take + discard => {
                let mut held = fr.cards.clone();
                held.sort();
                Ask::of(me, picks(held))
            }
            Some(_) => None,
        },
        Effect::ReplaceStrategy { side } if fr.count == 0 => {
            let target = single(*side, me);
            let unused = &s.sides.get(target).unused;
            Ask::of(target, unused.iter().map(|&card| Action::Strategy { card }).collect())
        }
        Effect::DiscardStrategy { side, chosen_by } if fr.count == 0 => {
            let target = single(*side, me);
            let unused = &s.sides.get(target).unused;
            Ask::of(single(*chosen_by, me), unused.iter().map(|&card| Action::Strategy { card }).collect())
        }
        Effect::Named { name } => named::ask(s, fr, *name),
        _ => None,
    }
}

/// The automatic first part of the current operation, once its deck is known.
fn prepare(s: &mut EvrState) {
    let Some(fr) = s.pending.as_ref() else { return };
    if fr.prepared {
        return;
    }
    let (actor, side) = (fr.actor, fr.side);
    let Some(op) = current(fr) else { return };
    let either = |sd: &Side| if *sd == Side::Either { side } else { Some(single(*sd, actor)) };
    match op {
        Effect::LookAtDeck { side: sd, look, .. } => {
            let Some(f) = either(sd) else { return };
            refill_to(s, f, *look as usize);
            let deck = &s.sides.get(f).deck;
            let seen: Vec<ResourceCardId> = deck.iter().rev().take(*look as usize).copied().collect();
            let fr = s.pending.as_mut().expect("checked above");
            (fr.side, fr.cards, fr.prepared) = (Some(f), seen, true);
        }
        Effect::SearchDeck { side: sd, .. } => {
            let Some(f) = either(sd) else { return };
            refill(s, f);
            let fr = s.pending.as_mut().expect("checked above");
            (fr.side, fr.prepared) = (Some(f), true);
        }
        Effect::Move { from: Zone::Deck | Zone::DeckTop, side: sd, .. } => {
            // A deck searched for a card: an empty one is remade from its discard pile first.
            for f in sides(*sd, actor) {
                refill(s, f);
            }
            s.pending.as_mut().expect("checked above").prepared = true;
        }
        Effect::ReplaceStrategy { side: sd } => {
            // The strategy of this round is discarded before another is chosen; with none left
            // unused, all come back (the rulebook's question on a discarded last strategy).
            let side = s.sides.get_mut(single(*sd, actor));
            if let Some(old) = side.chosen.take() {
                side.used.push(old);
            }
            if side.unused.is_empty() {
                retrieve(side);
            }
            s.pending.as_mut().expect("checked above").prepared = true;
        }
        Effect::Named { name } => named::prepare(s, *name),
        _ => s.pending.as_mut().expect("checked above").prepared = true,
    }
}

/// Every used strategy card back among the unused ones.
pub fn retrieve(side: &mut super::state::SideState) {
    side.unused.append(&mut side.used);
    side.unused.sort();
}

/// The automatic last part of an operation.
fn finish_op(s: &mut EvrState, op: &Effect) {
    let fr = s.pending.clone().expect("an effect is being resolved");
    let me = fr.actor;
    match op {
        Effect::Influence { side, amount } => {
            let f = single(*side, me);
            let held = &mut s.sides.get_mut(f).influence;
            if *amount >= 0 {
                // No limit on what a player holds (FAQ); an empty supply is kept on paper.
                *held += *amount as u8;
                s.supply = s.supply.saturating_sub(*amount as u8);
            } else {
                let lost = (amount.unsigned_abs()).min(*held);
                *held -= lost;
                s.supply += lost;
            }
        }
        Effect::ModifyTotal { amount } => *s.effects.bonus.get_mut(me) += amount,
        Effect::RetrieveStrategies { side } => retrieve(s.sides.get_mut(single(*side, me))),
        Effect::SearchDeck { rest, .. } => {
            if let Some(f) = fr.side {
                s.rng.shuffle(&mut s.sides.get_mut(f).deck);
                for &card in &fr.cards {
                    put(s, card, *rest);
                }
            }
        }
        Effect::Named { name } => named::finish(s, *name),
        _ => {}
    }
}

/// Resets the progress kept for one operation.
fn reset(fr: &mut Frame) {
    fr.count = 0;
    fr.side = None;
    fr.cards.clear();
    fr.events.clear();
    fr.prepared = false;
}

/// Runs the effect being resolved until it waits for a choice or ends (then `pending` is
/// cleared).
pub fn run(s: &mut EvrState) {
    loop {
        let Some(fr) = s.pending.as_ref() else { return };
        let Some(op) = top(fr) else {
            s.pending = None;
            return;
        };
        prepare(s);
        if ask(s).is_some() {
            return;
        }
        let fr = s.pending.as_ref().expect("still resolving");
        match (op, fr.option) {
            (Effect::Choose { options, .. }, Some(i)) => {
                finish_op(s, &options[i as usize]);
                let fr = s.pending.as_mut().expect("still resolving");
                fr.option = None;
                reset(fr);
            }
            (op, _) => {
                finish_op(s, op);
                let fr = s.pending.as_mut().expect("still resolving");
                fr.op += 1;
                fr.options_done = 0;
                reset(fr);
            }
        }
    }
}

/// Carries out one answer to the pending choice (already checked against [`ask`]), then runs
/// on.
pub fn answer(s: &mut EvrState, action: &Action) {
    let fr = s.pending.clone().expect("an effect is being resolved");
    let top_op = top(&fr).expect("a choice belongs to an operation");
    match (top_op, fr.option, action) {
        (Effect::Choose { .. }, None, Action::Option { n }) => {
            let fr = s.pending.as_mut().expect("resolving");
            fr.option = Some(n - 1);
            fr.options_done |= 1 << (n - 1);
            reset(fr);
        }
        // Enough options carried out: the choice ends.
        (Effect::Choose { .. }, None, _) => s.pending.as_mut().expect("resolving").options_done = u8::MAX,
        _ => answer_op(s, &fr, current(&fr).expect("a current operation"), action),
    }
    run(s);
}

fn answer_op(s: &mut EvrState, fr: &Frame, op: &Effect, action: &Action) {
    let c = catalog();
    let count = |s: &mut EvrState, n: u8| s.pending.as_mut().expect("resolving").count = n;
    match (op, action) {
        (Effect::Move { .. } | Effect::Exhaust { .. }, Action::Done) => count(s, u8::MAX),
        (Effect::Move { from, to, characters_to, .. }, Action::Pick { card }) => {
            let dest = match characters_to {
                Some(z) if c.resource(*card).is_character() => *z,
                _ => *to,
            };
            move_card(s, *card, dest);
            if *from == Zone::Deck {
                // A deck searched for a card is shuffled afterwards.
                let f = c.resource(*card).faction;
                s.rng.shuffle(&mut s.sides.get_mut(f).deck);
            }
            count(s, fr.count + 1);
        }
        (Effect::Exhaust { .. }, Action::Pick { card }) => {
            let f = c.resource(*card).faction;
            if let Some(p) = s.sides.get_mut(f).play.iter_mut().find(|p| p.card == *card) {
                p.exhausted = true;
            }
            count(s, fr.count + 1);
        }
        (Effect::LookAtDeck { .. } | Effect::SearchDeck { .. }, Action::Deck { faction }) => {
            s.pending.as_mut().expect("resolving").side = Some(*faction);
        }
        (Effect::LookAtDeck { .. }, Action::Pick { card }) => {
            move_card(s, *card, Zone::Discard);
            let fr = s.pending.as_mut().expect("resolving");
            fr.cards.retain(|x| x != card);
            fr.count += 1;
        }
        (Effect::SearchDeck { take: taking, .. }, Action::Pick { card }) if fr.count < *taking => {
            // Taken out of the deck and set aside; a deck that runs out while more cards are to
            // be taken is remade from its discard pile (FAQ), before anything is discarded.
            let owner = c.resource(*card).faction;
            take(s, *card);
            let fr = s.pending.as_mut().expect("resolving");
            fr.cards.push(*card);
            fr.count += 1;
            if fr.count < *taking {
                refill(s, owner);
                if s.sides.get(owner).deck.is_empty() {
                    // Nothing more to take: on to the discarding.
                    s.pending.as_mut().expect("resolving").count = *taking;
                }
            }
        }
        (Effect::SearchDeck { .. }, Action::Pick { card }) => {
            let fr = s.pending.as_mut().expect("resolving");
            fr.cards.retain(|x| x != card);
            fr.count += 1;
            s.sides.get_mut(c.resource(*card).faction).discard.push(*card);
        }
        (Effect::ReplaceStrategy { side }, Action::Strategy { card }) => {
            let target = single(*side, fr.actor);
            let st = s.sides.get_mut(target);
            st.unused.retain(|x| x != card);
            st.chosen = Some(*card);
            // Chosen by its owner now, in secret: an Infiltration's pick is no longer known to
            // the opponent, nor a strategy shown after Locate the Rebel Base to anyone.
            *s.effects.chosen_by_opponent.get_mut(target) = false;
            *s.effects.shown.get_mut(target) = false;
            count(s, 1);
        }
        (Effect::DiscardStrategy { side, .. }, Action::Strategy { card }) => {
            let st = s.sides.get_mut(single(*side, fr.actor));
            st.unused.retain(|x| x != card);
            st.used.push(*card);
            if st.unused.is_empty() {
                retrieve(st);
            }
            count(s, 1);
        }
        (Effect::Named { name }, a) => named::answer(s, *name, a),
        _ => unreachable!("the answer was checked against the offered choices"),
    }
}
