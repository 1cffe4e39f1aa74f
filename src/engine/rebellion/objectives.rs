//! Objective cards played at the start of the Refresh Phase, and scoring any objective.
//! (Combat objectives are checked by the combat module, which scores through `score`.)

use super::cards::{self, requirements};
use super::ctx::Ctx;
use super::event::EventKind;
use super::state::State;
use super::victory;
use crate::content::*;

/// Whether a start-of-refresh objective's declared requirements hold now.
pub fn refresh_fulfilled(s: &State, o: ObjectiveId) -> bool {
    requirements::all_hold(s, None, &cards::objective_behavior(o).requires)
}

/// The reputation an objective is worth now.
pub fn reputation(s: &State, o: ObjectiveId) -> u8 {
    match catalog().objective(o).reputation {
        Some(r) => r,
        None => s.systems.iter().filter(|x| x.destroyed).count() as u8,
    }
}

/// Whether a start-of-refresh objective could be played now (its requirements hold).
fn fits_refresh(s: &State, o: ObjectiveId) -> bool {
    catalog().objective(o).timing == ObjectiveTiming::StartOfRefresh && refresh_fulfilled(s, o)
}

/// Whether the Rebels are asked at the start of the Refresh Phase: an objective they could hold
/// could be played now (`asking.rs`: not whether they hold one). The rule as stated; the
/// Refresh step asks [`refresh_window_after`], which `tests/fast_paths.rs` checks against it.
pub fn refresh_window(s: &State) -> bool {
    super::asking::objective_window(s, |o| fits_refresh(s, o))
}

/// [`refresh_window`] once `playable` ([`playable_at_refresh`]) is known: the same answer,
/// without judging the hand's objectives a second time (the playable ones are those that fit).
pub fn refresh_window_after(s: &State, playable: &[ObjectiveId]) -> bool {
    super::asking::objective_window_knowing(s, !playable.is_empty(), |o| fits_refresh(s, o))
}

/// Start-of-refresh objectives in the Rebel hand that can be played now.
pub fn playable_at_refresh(s: &State) -> Vec<ObjectiveId> {
    let mut out: Vec<ObjectiveId> = vec![];
    for &o in &s.hands.rebel.objectives {
        if fits_refresh(s, o) && !out.contains(&o) {
            out.push(o);
        }
    }
    out
}

/// The run of what an objective does once scored (Rise of the Empire: The Long War discards
/// two other objectives; Seize Control, scored in a combat, `here`, may lift the sabotage
/// marker there), if it does anything.
pub fn after_score(o: ObjectiveId, here: Option<super::state::Place>) -> Option<super::flow::Frame> {
    let effects = cards::objective_behavior(o).effects.clone();
    if effects.is_empty() {
        return None;
    }
    let mut run = cards::CardRun::new(cards::CardRef::Objective(o), Faction::Rebel, effects);
    run.here = here;
    Some(super::flow::Frame::Card(Box::new(run)))
}

/// Plays a start-of-Refresh objective from the Rebel hand: scored, or put in play (Rise of
/// the Empire: Show No Fear); returns the run of what it does next, if anything.
pub fn play_at_refresh(ctx: &mut Ctx, o: ObjectiveId) -> Option<super::flow::Frame> {
    if super::rise_of_the_empire::in_play::stays(o) {
        return super::rise_of_the_empire::in_play::enter(ctx, o);
    }
    score(ctx, o);
    after_score(o, None)
}

/// Scores an objective from the Rebel hand: reputation, then the card leaves the game
/// (Heart of the Empire goes back to hand instead).
pub fn score(ctx: &mut Ctx, o: ObjectiveId) {
    let hand = &mut ctx.s.hands.rebel.objectives;
    if let Some(i) = hand.iter().position(|&x| x == o) {
        hand.remove(i);
    }
    ctx.public(EventKind::CardPlayed {
        faction: Faction::Rebel,
        deck: "objective".into(),
        card: o.to_string(),
    });
    let rep = reputation(ctx.s, o);
    if cards::objective_behavior(o).returns_to_hand {
        ctx.s.hands.rebel.objectives.push(o);
    }
    victory::gain_reputation(ctx, rep);
}
