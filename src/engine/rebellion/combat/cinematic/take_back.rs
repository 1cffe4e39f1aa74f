//! Drawing tactic cards under cinematic combat: an effect that would draw tactic cards lets
//! its player take used advanced tactic cards of that theater back from their own discard
//! pile into their deck instead — cards of their choice (cinematic-combat guide). The discard
//! pile is public, so the choice is asked only when there is one to make.

use serde::{Deserialize, Serialize};

use super::decks::decks_mut;
use crate::content::*;
use crate::engine::rebellion::action::Action;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::frame::{Decision, PromptKind};
use crate::engine::rebellion::state::State;

/// A take-back waiting for its player's picks (kept with the decks, so it waits whichever
/// frame is on top when the draw happens, and is answered before the combat goes on).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TakingBack {
    /// Whose discard pile.
    pub faction: Faction,
    /// The theater of the cards.
    pub theater: Theater,
    /// Cards still to take.
    pub left: u8,
}

fn used(s: &State, f: Faction, t: Theater) -> Vec<AdvancedTacticId> {
    let Some(d) = s.cinematic.as_ref() else { return vec![] };
    let mut out: Vec<AdvancedTacticId> =
        d.own.get(f).discard.iter().copied().filter(|&a| catalog().advanced_tactic(a).theater == t).collect();
    out.sort();
    out.dedup();
    out
}

/// Whether `f` has a used card of theater `t` to take back.
pub fn can_take_back(s: &State, f: Faction, t: Theater) -> bool {
    !used(s, f, t).is_empty()
}

/// `f` takes up to `n` used cards of theater `t` back into its deck: all of them at once when
/// there are no more than `n`, else one at a time, of its choice (`decision`).
pub fn take_back(ctx: &mut Ctx, f: Faction, t: Theater, n: u8) {
    let used = used(ctx.s, f, t);
    if used.len() > n as usize {
        decks_mut(ctx.s).taking_back = Some(TakingBack { faction: f, theater: t, left: n });
        return;
    }
    for card in used {
        take(ctx, f, card);
    }
}

fn take(ctx: &mut Ctx, f: Faction, card: AdvancedTacticId) {
    let own = decks_mut(ctx.s).own.get_mut(f);
    let Some(i) = own.discard.iter().position(|&x| x == card) else { return };
    own.discard.remove(i);
    own.deck.push(card);
    ctx.public(EventKind::Note {
        text: format!("{} takes {} back from the discard pile into their deck", f.name(), card.name()),
    });
}

/// The pick a take-back waits for, if one waits and a card is left to pick.
pub fn decision(s: &State) -> Option<Decision> {
    let tb = s.cinematic.as_ref()?.taking_back.as_ref()?;
    let actions: Vec<Action> =
        used(s, tb.faction, tb.theater).into_iter().map(|card| Action::Advanced { card }).collect();
    if actions.is_empty() {
        return None;
    }
    let mut d = Decision::new(tb.faction, PromptKind::CardChoice, actions);
    let theater = match tb.theater {
        Theater::Space => "space",
        Theater::Ground => "ground",
    };
    d.context.push(format!("pick a used {theater} card to take back into your deck ({} to take)", tb.left));
    Some(d)
}

/// Whether a take-back waits (answered before anything else of the combat).
pub fn waiting(s: &State) -> bool {
    s.cinematic.as_ref().is_some_and(|d| d.taking_back.is_some())
}

/// Applies a pick (one the decision offered).
pub fn act(ctx: &mut Ctx, a: &Action) {
    let Some(mut tb) = decks_mut(ctx.s).taking_back.take() else { return };
    if let Action::Advanced { card } = *a {
        take(ctx, tb.faction, card);
        tb.left = tb.left.saturating_sub(1);
    }
    if tb.left > 0 && can_take_back(ctx.s, tb.faction, tb.theater) {
        decks_mut(ctx.s).taking_back = Some(tb);
    }
}

/// Ends a take-back with nothing left to pick.
pub fn lapse(s: &mut State) {
    decks_mut(s).taking_back = None;
}
