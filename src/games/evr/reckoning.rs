//! The dominance phase explained in one public message: both totals against the objective
//! value, each strategy as it resolves or why it does not, Direct Assault's bonus, Deception,
//! the balance token's tie-break, and who takes the event. Built from public facts only: the
//! public views before and after the step, and the strategies, which the rules turn face up
//! for everyone when the struggle ends.

use std::collections::BTreeMap;

use crate::content::Faction;
use crate::content::evr::{Effect, EventCardId, NamedEffect, StrategyCardId, Trigger, Zone, catalog};
use crate::engine::evr::dominance::{strategy_resolves, victor, winner_on};
use crate::engine::evr::view::{Cards, EvrView};
use crate::engine::evr::{EvrState, Viewer, view};

use super::words::{capitalise_player, event, player};

/// What the dominance phase is settled on, every part of it public once the strategies are
/// revealed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// This round's event.
    pub event: EventCardId,
    /// Each side's total resource value in play (the play areas do not change in the
    /// dominance phase).
    pub totals: BTreeMap<Faction, i64>,
    /// Each side's strategy this round.
    pub strategies: BTreeMap<Faction, StrategyCardId>,
    /// The side the balance token shows: it goes first and wins ties.
    pub balance: Faction,
}

/// How a strategy works on the result, read from its operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Adds to its owner's total (Direct Assault).
    Bonus(i64),
    /// Turns the result round (Deception).
    Deception,
    /// Anything else (it does not change who wins).
    Other,
}

fn kind(card: StrategyCardId) -> Kind {
    let ops = &catalog().strategy(card).effect;
    ops.iter()
        .find_map(|op| match op {
            Effect::ModifyTotal { amount } => Some(Kind::Bonus(*amount as i64)),
            Effect::Named { name: NamedEffect::Deception } => Some(Kind::Deception),
            _ => None,
        })
        .unwrap_or(Kind::Other)
}

impl Round {
    /// The round as the public knows it at a step of the dominance phase: from the public
    /// view before the step, with the strategies from the full view when the step is the one
    /// that ends the struggle (the moment the rules reveal them to everyone), else from the
    /// public view, which shows them from then on. `None` outside that moment and phase.
    pub fn of(before: &EvrState) -> Option<Round> {
        let pb = view(before, Viewer::Public);
        let c = catalog();
        let event = c.event_by_key(pb.event.as_deref()?)?;
        let strategies_from = match pb.phase {
            "struggle" => view(before, Viewer::Full),
            "dominance" | "game_over" => pb.clone(),
            _ => return None,
        };
        let mut strategies = BTreeMap::new();
        for (f, s) in &strategies_from.sides {
            if let Some(Cards::Visible(k)) = &s.chosen
                && let Some(card) = k.first().and_then(|k| c.strategy_by_key(k))
            {
                strategies.insert(*f, card);
            }
        }
        Some(Round {
            event,
            totals: pb.sides.iter().map(|(f, s)| (*f, s.total as i64)).collect(),
            strategies,
            balance: pb.balance,
        })
    }

    fn objective(&self) -> i64 {
        catalog().event(self.event).objective_value as i64
    }

    fn total(&self, f: Faction) -> i64 {
        self.totals.get(&f).copied().unwrap_or_default()
    }

    /// Whether a side's total is over the objective value before any strategy (the reason its
    /// strategy does nothing, in words; the rule is the engine's `strategy_resolves`).
    fn over(&self, f: Faction) -> bool {
        self.total(f) > self.objective()
    }

    /// The strategy of a side that resolves, if it does (the engine's rule).
    fn resolving(&self, f: Faction) -> Option<StrategyCardId> {
        let card = *self.strategies.get(&f)?;
        let theirs = self.strategies.get(&f.opponent()).copied();
        strategy_resolves(card, self.total(f), self.objective(), theirs).then_some(card)
    }

    /// A side's total when the winner is determined: with its Direct Assault's bonus.
    pub fn final_total(&self, f: Faction) -> i64 {
        let bonus = match self.resolving(f).map(kind) {
            Some(Kind::Bonus(b)) => b,
            _ => 0,
        };
        self.total(f) + bonus
    }

    /// The side whose Deception resolves, if one does.
    fn deceiver(&self) -> Option<Faction> {
        Faction::BOTH.into_iter().find(|&f| self.resolving(f).map(kind) == Some(Kind::Deception))
    }

    /// Who takes the event on these facts (the engine's `victor`).
    pub fn winner(&self) -> Option<Faction> {
        victor(|f| self.final_total(f), self.objective(), self.balance, self.deceiver().is_some())
    }

    /// Whether the Deception turned the result round (the winner is not the totals' one).
    fn deceived(&self) -> bool {
        self.winner() != winner_on(|f| self.final_total(f), self.objective(), self.balance)
    }

    /// The reveal: both totals against the objective value, then each strategy in the order
    /// they resolve (the balance token's side first), with what it does or why it does not.
    pub fn reveal_lines(&self) -> Vec<String> {
        let o = self.objective();
        let mut out = vec![format!(
            "The struggle is over. {}: objective value {o}; Rebel total {}, Empire total {}.",
            event(&catalog().event(self.event).key),
            self.total(Faction::Rebel),
            self.total(Faction::Empire)
        )];
        for f in [self.balance, self.balance.opponent()] {
            if let Some(&card) = self.strategies.get(&f) {
                out.push(self.strategy_line(f, card));
            }
        }
        out
    }

    fn strategy_line(&self, f: Faction, card: StrategyCardId) -> String {
        let c = catalog();
        let name = &c.strategy(card).name;
        let who = capitalise_player(f);
        let total = self.total(f);
        if self.over(f) {
            return format!(
                "{who} reveals {name}, which does nothing: their total {total} is over the objective value."
            );
        }
        match kind(card) {
            Kind::Bonus(b) => {
                let now = total + b;
                let over = if now > self.objective() { ", over the objective value" } else { "" };
                format!("{who} reveals {name}: {b:+} makes their total {now}{over}.")
            }
            Kind::Deception if self.resolving(f).is_none() => {
                format!("{who} reveals {name}, which cancels out with the {} one.", f.opponent().name())
            }
            Kind::Deception => format!(
                "{who} reveals {name}: if both totals stay within the objective value, the event goes to the player who would have lost it."
            ),
            Kind::Other => format!("{who} reveals {name}: {}.", other_words(card, f)),
        }
    }

    /// The result: how the totals compare (a tie to the balance token's side), Deception, the
    /// winner (`won`: who the public views say took the event, with their victory points now),
    /// and a Bureaucracy that waited for it.
    pub fn result_lines(&self, won: Option<(Faction, u32)>, game_over: bool) -> Vec<String> {
        let o = self.objective();
        let name = event(&catalog().event(self.event).key);
        let (r, e) = (self.final_total(Faction::Rebel), self.final_total(Faction::Empire));
        let mut out = vec![];
        let base = winner_on(|f| self.final_total(f), o, self.balance);
        match base {
            None => out.push(format!(
                "Nobody wins {name}: both totals are over the objective value {o} (Rebel {r}, Empire {e}); it goes to the bottom of the event deck."
            )),
            Some(w) if self.final_total(w.opponent()) > o => out.push(format!(
                "The {} total {} is over the objective value {o}, so {} is ahead with {}.",
                w.opponent().name(),
                self.final_total(w.opponent()),
                player(w),
                self.final_total(w)
            )),
            Some(w) if r == e => out.push(format!(
                "Both totals are {r}: the balance token shows the {} side, so the tie goes to {}.",
                w.name(),
                player(w)
            )),
            Some(w) => out.push(format!(
                "The {} total {} beats the {} total {}, both within the objective value {o}.",
                w.name(),
                self.final_total(w),
                w.opponent().name(),
                self.final_total(w.opponent())
            )),
        }
        if let Some(d) = self.deceiver() {
            if self.deceived() {
                out.push(format!(
                    "{}'s Deception turns the result round: {} takes the event instead.",
                    capitalise_player(d),
                    player(self.winner().unwrap_or(d))
                ));
            } else if base.is_some() {
                out.push(format!(
                    "{}'s Deception changes nothing: a total is over the objective value.",
                    capitalise_player(d)
                ));
            }
        }
        if let Some((w, vp)) = won {
            let s = if vp == 1 { "" } else { "s" };
            out.push(format!("{} wins {name}: now {vp} victory point{s}.", capitalise_player(w)));
            // A strategy that waits for the result (Bureaucracy): it pays its owner on a loss,
            // unless the win just ended the game.
            for f in Faction::BOTH {
                let Some(card) =
                    self.resolving(f).filter(|&s| catalog().strategy(s).trigger == Trigger::Lost)
                else {
                    continue;
                };
                let strategy = &catalog().strategy(card).name;
                if f == w {
                    out.push(format!("{} won, so their {strategy} does nothing.", capitalise_player(f)));
                } else if !game_over {
                    out.push(format!("{} lost, so their {strategy} takes effect.", capitalise_player(f)));
                }
            }
        }
        out
    }
}

/// What a strategy that does not change the result does, in the third person.
fn other_words(card: StrategyCardId, f: Faction) -> String {
    let def = catalog().strategy(card);
    let words: Vec<String> = def
        .effect
        .iter()
        .map(|op| match op {
            Effect::Named { name: NamedEffect::Infiltration } => {
                format!("they will pick the {} strategy for the next round", f.opponent().name())
            }
            Effect::Move { from: Zone::Reserve, to: Zone::Deck, .. } => {
                "they may shuffle a character from their reserve into their deck".to_string()
            }
            Effect::Influence { amount, .. } if def.trigger == Trigger::Lost => {
                format!("they take {amount} influence if they lose the event")
            }
            _ => def.text.clone(),
        })
        .collect();
    words.join("; ")
}

/// Who took the event in a step, if its winner was determined in it: `Some(Some((winner,
/// victory points)))`, `Some(None)` when nobody did, `None` when it was not settled in this
/// step. Public views only.
pub fn settled(b: &EvrView, a: &EvrView) -> Option<Option<(Faction, u32)>> {
    let e = b.event.as_ref()?;
    for f in Faction::BOTH {
        if a.sides[&f].won.contains(e) && !b.sides[&f].won.contains(e) {
            return Some(Some((f, a.sides[&f].victory_points)));
        }
    }
    let round_over = a.round != b.round || (a.phase == "game_over" && b.phase != "game_over");
    let nobody = !Faction::BOTH.iter().any(|f| a.sides[f].won.contains(e));
    (round_over && nobody && b.round > 0).then_some(None)
}

/// The dominance phase's public lines of a step, if the step ended the struggle or settled
/// the event: the reveal, the result, or both (a step's public lines are posted together, so
/// a phase with no choice in it is explained in one message).
pub fn lines(before: &EvrState, after: &EvrState) -> Vec<String> {
    let (pb, pa) = (view(before, Viewer::Public), view(after, Viewer::Public));
    let ended = pb.phase == "struggle" && pa.phase != "struggle";
    let settled = settled(&pb, &pa);
    if !ended && settled.is_none() {
        return vec![];
    }
    let Some(round) = Round::of(before) else { return vec![] };
    let mut out = if ended {
        round.reveal_lines()
    } else {
        vec![format!("The result of {}:", event(&catalog().event(round.event).key))]
    };
    if let Some(won) = settled {
        out.extend(round.result_lines(won, pa.phase == "game_over"));
    }
    out
}
