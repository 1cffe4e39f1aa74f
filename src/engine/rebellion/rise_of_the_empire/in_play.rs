//! Rise of the Empire's objectives in play: the cards that are not scored but stay face up
//! beside the board while their target markers stand (Learn to Play, Target Markers).
//!
//! - An objective whose timing is `immediate` is revealed and resolved as soon as it reaches
//!   the Rebel hand, however it got there (the Refresh Phase's draw, a card's draw). The
//!   objective drawn at setup resolves once setup is over, when the board it places markers
//!   on is set out.
//! - A start-of-Refresh objective that `stays_in_play` (Show No Fear) enters play when the
//!   Rebels play it, instead of being scored.
//! - Resolving one runs its `effects` (placing its markers); at the start of each Refresh
//!   Phase its `at_refresh` effects run; when its last marker is gone (and what removing it
//!   does has run) it goes to the objective discard pile.
//!
//! All of it is public: the card is revealed, and so are its markers. [`step`] is called by
//! the target markers' upkeep (`targets::step`); in a match without the expansion it does
//! nothing.

use super::targets::MarkerCard;
use crate::content::*;
use crate::engine::rebellion::cards::{self, CardRef, CardRun};
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::frame::Frame;
use crate::engine::rebellion::named::named;
use crate::engine::rebellion::phases::refresh::RefreshStep;
pub use crate::engine::rebellion::rise_of_the_empire::records::ObjectivesInPlay;
use crate::engine::rebellion::state::State;

/// Whether an objective stays in play when played instead of being scored.
pub fn stays(o: ObjectiveId) -> bool {
    catalog().objective(o).timing == ObjectiveTiming::Immediate || cards::objective_behavior(o).stays_in_play
}

/// The objectives in play, in the order revealed.
pub fn cards_in_play(s: &State) -> &[ObjectiveId] {
    &s.targets.objectives.cards
}

/// Puts an objective from the Rebel hand into play, for everyone to see; returns the run of
/// what it does when revealed (its markers), if anything.
pub fn enter(ctx: &mut Ctx, o: ObjectiveId) -> Option<Frame> {
    let hand = &mut ctx.s.hands.rebel.objectives;
    if let Some(i) = hand.iter().position(|&x| x == o) {
        hand.remove(i);
    }
    ctx.s.targets.objectives.cards.push(o);
    ctx.public(EventKind::CardPlayed {
        faction: Faction::Rebel,
        deck: "objective".into(),
        card: o.to_string(),
    });
    ctx.note(format_args!("{} stays in play while its target markers stand", o.name()));
    let effects = cards::objective_behavior(o).effects.clone();
    if effects.is_empty() {
        return None;
    }
    Some(Frame::Card(Box::new(CardRun::new(CardRef::Objective(o), Faction::Rebel, effects))))
}

/// One step of the objectives in play, called between the engine's automatic steps; `true`
/// when it changed something.
pub fn step(ctx: &mut Ctx) -> bool {
    if !ctx.s.options.rise_of_the_empire {
        return false;
    }
    if let Some(o) = drawn_immediate(ctx.s) {
        if let Some(frame) = enter(ctx, o) {
            ctx.s.stack.push(frame);
        }
        return true;
    }
    if let Some(o) = spent(ctx.s) {
        discard(ctx, o);
        return true;
    }
    if upkeep_due(ctx.s) {
        upkeep(ctx);
        return true;
    }
    false
}

/// An Immediate objective in the Rebel hand, once setup is over.
fn drawn_immediate(s: &State) -> Option<ObjectiveId> {
    // The hand first, the stack only once one is found: asked between every two automatic
    // steps, and an Immediate objective is rarely there.
    let immediate = &named().immediate;
    let o = s.hands.rebel.objectives.iter().copied().find(|&o| immediate[usize::from(o.0)])?;
    (!s.stack.iter().any(|f| matches!(f, Frame::Setup(_)))).then_some(o)
}

/// An objective in play with no marker left on the board, none waiting for its removal
/// effects, and no ability of it under way (its markers may still be being placed).
fn spent(s: &State) -> Option<ObjectiveId> {
    s.targets.objectives.cards.iter().copied().find(|&o| {
        let card = MarkerCard::Objective(o);
        let t = &s.targets;
        !t.placed.iter().chain(&t.removed).any(|m| m.card == card)
            && !s.stack.iter().any(|f| matches!(f, Frame::Card(r) if r.card == CardRef::Objective(o)))
    })
}

/// Sends a spent objective to the discard pile.
fn discard(ctx: &mut Ctx, o: ObjectiveId) {
    let cards = &mut ctx.s.targets.objectives.cards;
    cards.retain(|&x| x != o);
    if cards.is_empty() {
        ctx.s.targets.objectives.upkeep_round = None;
    }
    crate::engine::rebellion::cards::decks::to_discard(ctx, o);
}

/// Whether the start-of-Refresh effects are due: the Refresh Phase is at its start (before
/// the Rebels' objective window) and they have not run this round.
fn upkeep_due(s: &State) -> bool {
    let t = &s.targets.objectives;
    !t.cards.is_empty()
        && t.upkeep_round != Some(s.round)
        && matches!(s.stack.last(), Some(Frame::Refresh(r)) if r.step == RefreshStep::StartObjective)
}

/// Runs the start-of-Refresh effects of every objective in play, the first revealed first.
fn upkeep(ctx: &mut Ctx) {
    ctx.s.targets.objectives.upkeep_round = Some(ctx.s.round);
    let runs: Vec<Frame> = ctx
        .s
        .targets
        .objectives
        .cards
        .iter()
        .filter_map(|&o| {
            let effects = cards::objective_behavior(o).at_refresh.clone();
            (!effects.is_empty())
                .then(|| Frame::Card(Box::new(CardRun::new(CardRef::Objective(o), Faction::Rebel, effects))))
        })
        .collect();
    // The stack's last frame runs first.
    ctx.s.stack.extend(runs.into_iter().rev());
}
