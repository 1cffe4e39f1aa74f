//! The dominance phase (reveal strategies, determine victory, the event's effect, cleanup) and
//! the start of the next round's planning.

use std::cmp::Ordering;

use super::exec::{self, retrieve};
use super::state::{DominanceStep, EvrState, Phase, RoundEffects, Source};
use crate::content::Faction;
use crate::content::evr::{Effect, NamedEffect, ResourceCardId, StrategyCardId, Trigger, catalog};

/// The order strategies are revealed and resolved in: the balance token's side first (it also
/// goes first in the struggle; the rulebook gives no order, `docs/evr.md`).
pub fn reveal_order(s: &EvrState) -> [Faction; 2] {
    [s.balance, s.balance.opponent()]
}

/// Whether a strategy's effect is the named one.
fn is_named(card: StrategyCardId, name: NamedEffect) -> bool {
    catalog().strategy(card).effect.iter().any(|op| matches!(op, Effect::Named { name: n } if *n == name))
}

/// Whether a player's strategy resolves at this trigger: not when its owner's total was over
/// the objective value at the reveal, and not a Deception met by a Deception.
fn resolves(s: &EvrState, f: Faction, trigger: Trigger) -> Option<StrategyCardId> {
    let card = s.sides.get(f).chosen?;
    let theirs = s.sides.get(f.opponent()).chosen;
    // The play areas do not change during the dominance phase, so "over at the reveal" is
    // "over now".
    let total = s.sides.get(f).total() as i64;
    (catalog().strategy(card).trigger == trigger
        && strategy_resolves(card, total, objective(s) as i64, theirs))
    .then_some(card)
}

/// Whether a revealed strategy resolves at all (whatever its trigger), on public facts: not
/// when its owner's total (`total`) is over the objective value, and not a Deception met by
/// the opponent's Deception (`theirs`). The one rule the engine and the words of the round
/// (`games/evr/reckoning.rs`) both follow.
pub fn strategy_resolves(
    card: StrategyCardId,
    total: i64,
    objective: i64,
    theirs: Option<StrategyCardId>,
) -> bool {
    let cancelled = is_named(card, NamedEffect::Deception) && theirs == Some(card);
    total <= objective && !cancelled
}

/// The struggle is over: the dominance phase begins.
pub fn begin(s: &mut EvrState) {
    s.phase = Phase::Dominance { step: DominanceStep::Reveal { next: 0 } };
    resume(s);
}

/// This round's objective value.
fn objective(s: &EvrState) -> u32 {
    s.event.map_or(0, |e| catalog().event(e).objective_value as u32)
}

/// Runs the dominance phase on from its step until an effect waits for a choice or the next
/// round (or the end) is reached.
pub fn resume(s: &mut EvrState) {
    loop {
        if s.pending.is_some() {
            return;
        }
        let Phase::Dominance { step } = s.phase else { return };
        match step {
            DominanceStep::Reveal { next } if next < 2 => {
                let f = reveal_order(s)[next as usize];
                s.phase = Phase::Dominance { step: DominanceStep::Reveal { next: next + 1 } };
                if let Some(card) = resolves(s, f, Trigger::Reveal) {
                    exec::start(s, Source::Strategy(card), f);
                }
            }
            DominanceStep::Reveal { .. } => s.phase = Phase::Dominance { step: DominanceStep::Victory },
            DominanceStep::Victory => {
                s.phase = Phase::Dominance { step: DominanceStep::EventEffect };
                let winner = determine_victory(s);
                if matches!(s.phase, Phase::Over) {
                    return;
                }
                if let Some(loser) = winner.map(Faction::opponent)
                    && let Some(card) = resolves(s, loser, Trigger::Lost)
                {
                    exec::start(s, Source::Strategy(card), loser);
                }
            }
            DominanceStep::EventEffect => {
                s.phase = Phase::Dominance { step: DominanceStep::Cleanup };
                let event = s.event.expect("a dominance phase has an event");
                let trigger = catalog().event(event).effect.as_ref().map(|e| e.trigger);
                let actor = match (trigger, s.effects.winner) {
                    (Some(Trigger::Won), Some(w)) => Some(w),
                    (Some(Trigger::Lost), Some(w)) => Some(w.opponent()),
                    _ => None,
                };
                if let Some(f) = actor {
                    exec::start(s, Source::Event(event), f);
                }
            }
            DominanceStep::Cleanup => return cleanup(s),
        }
    }
}

/// Each player's total when the winner is determined: the play area plus strategy bonuses.
pub fn final_total(s: &EvrState, f: Faction) -> i64 {
    s.sides.get(f).total() as i64 + *s.effects.bonus.get(f) as i64
}

/// Who takes an event on these totals: the higher total not over the objective value, a tie
/// to the balance token's side; nobody when both are over it.
pub fn winner_on(total: impl Fn(Faction) -> i64, objective: i64, balance: Faction) -> Option<Faction> {
    let under = |f: Faction| Some(total(f)).filter(|&t| t <= objective);
    match (under(Faction::Rebel), under(Faction::Empire)) {
        (None, None) => None,
        (Some(_), None) => Some(Faction::Rebel),
        (None, Some(_)) => Some(Faction::Empire),
        (Some(r), Some(e)) => Some(match r.cmp(&e) {
            Ordering::Equal => balance,
            Ordering::Greater => Faction::Rebel,
            Ordering::Less => Faction::Empire,
        }),
    }
}

/// Who takes the event: [`winner_on`] the final totals, turned round when a Deception
/// resolved (`deceived`) and neither final total is over the objective value (its text).
pub fn victor(
    final_total: impl Fn(Faction) -> i64,
    objective: i64,
    balance: Faction,
    deceived: bool,
) -> Option<Faction> {
    let winner = winner_on(&final_total, objective, balance);
    let within = Faction::BOTH.iter().all(|&f| final_total(f) <= objective);
    if deceived && within { winner.map(Faction::opponent) } else { winner }
}

/// Determine victory: [`winner_on`] the totals with the strategies' bonuses, the result turned
/// round by a Deception when neither of those totals exceeds the objective value (its text);
/// the winner takes the event (its victory points count from now) and its influence. A
/// winner who reaches the victory points that win has won the game at once (rulebook:
/// "immediately"): nothing more of the round is resolved, nobody is asked anything.
fn determine_victory(s: &mut EvrState) -> Option<Faction> {
    let event = s.event.expect("a dominance phase has an event");
    let def = catalog().event(event);
    let objective = def.objective_value as i64;
    let winner = victor(|f| final_total(s, f), objective, s.balance, s.effects.flip);
    if let Some(w) = winner {
        // No limit on what a player holds (FAQ); tokens the supply lacks are kept on paper.
        let gain = def.influence_value;
        s.supply = s.supply.saturating_sub(gain);
        let side = s.sides.get_mut(w);
        side.influence += gain;
        side.won.push(event);
        if side.victory_points() >= catalog().victory_points_to_win as u32 {
            s.winner = Some(w);
            s.phase = Phase::Over;
        }
    }
    s.effects.winner = winner;
    winner
}

/// Cleanup: every resource card back into a shuffled deck, the event to the bottom if nobody
/// won it, the balance token, the strategies discarded (and retrieved once all are used); then
/// the next round. (Seven victory points end the game when the event is won, before this.)
fn cleanup(s: &mut EvrState) {
    let event = s.event.take().expect("a dominance phase has an event");
    let winner = s.effects.winner;
    if winner.is_none() {
        s.events.insert(0, event);
    }
    for f in Faction::BOTH {
        let side = s.sides.get_mut(f);
        let cards: Vec<ResourceCardId> = side.play.drain(..).map(|p| p.card).collect();
        side.deck.extend(cards);
        let discard = std::mem::take(&mut side.discard);
        side.deck.extend(discard);
        s.rng.shuffle(&mut s.sides.get_mut(f).deck);
        let side = s.sides.get_mut(f);
        if let Some(chosen) = side.chosen.take() {
            side.used.push(chosen);
        }
        if side.unused.is_empty() {
            retrieve(side);
        }
    }
    let (r, e) = (s.sides.rebel.victory_points(), s.sides.empire.victory_points());
    s.balance = match (r.cmp(&e), winner) {
        (Ordering::Less, _) => Faction::Rebel,
        (Ordering::Greater, _) => Faction::Empire,
        // Level: the loser of the event; when nobody won, the token stays (a reading: docs/evr.md).
        (Ordering::Equal, Some(w)) => w.opponent(),
        (Ordering::Equal, None) => s.balance,
    };
    if s.events.is_empty() {
        // Not reachable with the box's events (they hold far more than seven points); the
        // balance token settles a match that ran out of them.
        s.winner = Some(match r.cmp(&e) {
            Ordering::Equal => s.balance,
            Ordering::Greater => Faction::Rebel,
            Ordering::Less => Faction::Empire,
        });
        s.phase = Phase::Over;
    } else {
        start_round(s);
    }
}

/// The planning phase begins: the next event is revealed; strategies to be drawn at random are
/// drawn; the first strategy to be chosen is asked for (a shown one first, else the Rebels').
pub fn start_round(s: &mut EvrState) {
    s.round += 1;
    s.event = s.events.pop();
    let next = std::mem::take(&mut s.next);
    s.effects = RoundEffects {
        chosen_by_opponent: crate::content::ByFaction::new(|f| {
            *next.by_opponent.get(f) && !*next.random.get(f)
        }),
        shown: next.shown.clone(),
        ..RoundEffects::default()
    };
    for f in Faction::BOTH {
        if *next.random.get(f) {
            let side = s.sides.get_mut(f);
            let card = side.unused.remove(s.rng.below(side.unused.len()));
            side.chosen = Some(card);
        }
    }
    s.phase = next_to_choose(s);
}

/// Whose strategy is chosen next in the planning phase (a shown one first, else the Rebels'),
/// or the struggle once both are (a sealed Infiltration pick counts as made).
pub fn next_to_choose(s: &EvrState) -> Phase {
    let shown = &s.effects.shown;
    let first = if *shown.get(Faction::Empire) && !*shown.get(Faction::Rebel) {
        Faction::Empire
    } else {
        Faction::Rebel
    };
    let open = |f: Faction| s.sides.get(f).chosen.is_none() && s.effects.sealed.get(f).is_none();
    match [first, first.opponent()].into_iter().find(|&f| open(f)) {
        Some(faction) => Phase::ChooseStrategy { faction },
        None => Phase::Struggle { turn: s.balance, passed: false },
    }
}
