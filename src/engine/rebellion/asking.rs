//! Whether a seat is asked: decided from what its opponent may know.
//!
//! Everyone sees who is deciding and what kind of decision it is. So whether a step asks a
//! seat — a card window opened, a step not skipped, a one-answer choice not taken for it — must
//! follow from public facts only, never from a hidden card, the hidden base or a deck's order
//! (Rules Reference, Action Cards: a player cannot look at the opponent's action cards). Two
//! tools keep it so:
//!
//! - **Windows open from public facts.** A seat gets a card window when it holds at least one
//!   card of the kind (hand sizes are public) and some card it *could* hold would fit the moment
//!   as far as public facts tell: the card's timing, where the leaders shown on it stand, and
//!   the effects whose test reads only the board. The cards it could hold are those not seen
//!   leaving play: an action card of its faction not yet played (all starting cards count, as
//!   the two dealt are secret), a tactic card of the theater not in the discard pile, an
//!   objective not yet scored. The seat then sees the cards it can truly use, or only `done`.
//! - **`Decision::always_asked`**: a decision whose options come from what only the decider
//!   knows (its hand, cards it drew, the hidden base) is never answered for it, even when one
//!   answer or only `done` remains (`flow::advance`).
//!
//! Async play stays quick: a window stays shut while no card that fits it is left, or while
//! the leaders it needs are elsewhere (`examples/prompts.rs` counts prompts per round).

use super::cards::CardRef;
use super::cards::CardRun;
use super::cards::actions::{Moment, could_fit, timed_for};
use super::named::{named, sets};
use super::state::State;
use crate::content::*;

/// Whether `f` gets a window for action cards at moment `m`: it holds an action card, and one
/// it could hold would fit the moment as far as public facts tell.
pub fn action_window(s: &State, f: Faction, m: &Moment) -> bool {
    if s.hands.get(f).actions.is_empty() {
        return false;
    }
    let mut run: Option<CardRun> = None;
    // The few cards of `f` timed for this moment, each kept if `f` could hold it: the same
    // cards as those it could hold filtered by timing, looked at in another order (which card
    // is tried first does not change whether one fits).
    timed_for(m, f).iter().copied().filter(|&card| could_hold_action(s, f, card)).any(|card| {
        let run = run.get_or_insert_with(|| CardRun::new(CardRef::Action(card), f, vec![]));
        could_fit(s, f, card, m, run)
    })
}

/// Whether `f` could hold an action card as far as the opponent can tell: a non-starting card
/// not yet played (in its hand or deck), or any starting card of its faction in the match
/// (which two were dealt is secret, and a played one cannot be told from one never dealt
/// without the log).
fn could_hold_action(s: &State, f: Faction, card: ActionCardId) -> bool {
    if catalog().action_card(card).starting {
        named().starting_actions[sets(&s.options)].get(f).contains(&card)
    } else {
        s.hands.get(f).actions.contains(&card) || s.decks.actions.get(f).contains(&card)
    }
}

/// Whether `f` gets a window for tactic cards of theater `t`: it holds a card of that theater
/// (each deck has its own back, so counts per theater are public), and a card of that theater
/// not in the discard pile — in the deck or in either hand — `fits` (judged on public facts).
pub fn tactic_window(s: &State, f: Faction, t: Theater, fits: impl Fn(TacticId) -> bool) -> bool {
    let of_theater = |x: &&TacticId| catalog().tactic(**x).theater == t;
    if !s.hands.get(f).tactics.iter().any(|x| of_theater(&x)) {
        return false;
    }
    let deck = match t {
        Theater::Space => &s.decks.space_tactics,
        Theater::Ground => &s.decks.ground_tactics,
    };
    let hands = Faction::BOTH.into_iter().flat_map(|x| s.hands.get(x).tactics.iter());
    deck.iter().chain(hands).filter(of_theater).any(|&x| fits(x))
}

/// How many tactic cards of theater `t` a faction holds (public: each deck has its own back).
pub fn tactics_held(s: &State, f: Faction, t: Theater) -> usize {
    s.hands.get(f).tactics.iter().filter(|x| catalog().tactic(**x).theater == t).count()
}

/// Whether the Rebels get a window for objectives: they hold one, and an objective not yet
/// scored — in their hand or the objective deck — `fits` (judged on public facts).
pub fn objective_window(s: &State, fits: impl Fn(ObjectiveId) -> bool) -> bool {
    let held_fits = s.hands.rebel.objectives.iter().any(|&o| fits(o));
    objective_window_knowing(s, held_fits, fits)
}

/// [`objective_window`] for a caller that has already judged the Rebel hand (`held_fits`:
/// whether any objective they hold fits), so that it is not judged twice: the same answer.
pub fn objective_window_knowing(s: &State, held_fits: bool, fits: impl Fn(ObjectiveId) -> bool) -> bool {
    // Objectives put back in the box unseen (an expansion match) count as could-be-held.
    let unheld = s.decks.objectives.iter().chain(&s.rote_cards.boxed_objectives);
    !s.hands.rebel.objectives.is_empty() && (held_fits || unheld.into_iter().any(|&o| fits(o)))
}
