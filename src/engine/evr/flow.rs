//! The decisions of a round and the automatic steps between them: setup, planning, the
//! struggle, and the dominance phase.

use super::action::Action;
use super::dominance;
use super::exec;
use super::state::{EvrState, InPlay, Phase, Source};
use super::zones;
use crate::content::Faction;
use crate::content::evr::{Effect, ResourceCardId, Trigger, catalog};

/// Why the engine refused an action; each names the rule it breaks. The state is unchanged
/// whenever one is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The other player decides now.
    #[error("it is not your decision: waiting for the {waiting} player")]
    NotYourDecision {
        /// Who decides.
        waiting: Faction,
    },
    /// The action breaks a named rule.
    #[error("{rule}: {detail}")]
    Illegal {
        /// The rulebook section.
        rule: &'static str,
        /// What exactly is wrong.
        detail: String,
    },
}

/// What kind of decision the engine waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecisionKind {
    /// Secretly choose one more of the four characters for the resource deck.
    ChooseCharacters,
    /// Secretly choose this round's strategy.
    ChooseStrategy,
    /// Play a card, use a power, ready one for influence, or pass.
    StruggleTurn,
    /// A choice inside the effect being resolved (a power, a strategy, an event).
    Effect,
}

/// The decision the engine waits for: who, what kind, and every legal action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// Who decides.
    pub seat: Faction,
    /// What kind of decision.
    pub kind: DecisionKind,
    /// Every legal action, in a stable order.
    pub actions: Vec<Action>,
}

/// How many of a faction's eight characters go into its resource deck at setup.
pub const CHARACTERS_CHOSEN: usize = 4;

/// The characters a player may still pick at setup: their faction's eight less those picked
/// (which wait in the deck until the fourth is picked), in catalog order. How many there are
/// depends only on how many were picked, so the decision's shape gives nothing away.
fn character_choices(s: &EvrState, f: Faction) -> Vec<Action> {
    let picked = &s.sides.get(f).deck;
    catalog()
        .characters_of(f)
        .filter(|c| !picked.contains(c))
        .map(|card| Action::Character { card })
        .collect()
}

/// Whether a player may play a card: room under the event's capacity, and a card to draw.
fn can_play(s: &EvrState, f: Faction) -> bool {
    let side = s.sides.get(f);
    zones::room(s, f) && !(side.deck.is_empty() && side.discard.is_empty())
}

/// Influence tokens returned to ready an exhausted card (the box's data: one).
fn ready_cost() -> u8 {
    catalog().influence_tokens.cost_to_ready
}

/// Whether this round's event stops a card's power ("cards of this kind cannot use their
/// powers this round").
pub fn blocked(s: &EvrState, card: ResourceCardId) -> bool {
    let c = catalog();
    let Some(effect) = s.event.and_then(|e| c.event(e).effect.as_ref()) else { return false };
    effect.trigger == Trigger::Round
        && effect.ops.iter().any(|op| {
            matches!(op, Effect::BlockPowers { of, except }
                if c.resource(card).category == *of && !except.contains(&card))
        })
}

/// The decision the engine waits for, if any.
pub fn decision(s: &EvrState) -> Option<Decision> {
    if s.pending.is_some() {
        let ask = exec::ask(s)?;
        return Some(Decision { seat: ask.chooser, kind: DecisionKind::Effect, actions: ask.actions });
    }
    let (seat, kind, actions) = match s.phase {
        Phase::Over | Phase::Dominance { .. } => return None,
        Phase::ChooseCharacters { faction } => {
            (faction, DecisionKind::ChooseCharacters, character_choices(s, faction))
        }
        Phase::ChooseStrategy { faction } => {
            let unused = &s.sides.get(faction).unused;
            // Infiltration: the opponent chooses this player's strategy.
            let chooser =
                if *s.effects.chosen_by_opponent.get(faction) { faction.opponent() } else { faction };
            (
                chooser,
                DecisionKind::ChooseStrategy,
                unused.iter().map(|&card| Action::Strategy { card }).collect(),
            )
        }
        Phase::Struggle { turn, .. } => {
            let side = s.sides.get(turn);
            let mut actions = vec![];
            let play = can_play(s, turn);
            if play {
                actions.push(Action::Play);
            }
            // Any ready card may be exhausted for its power, even one whose power can do nothing
            // now (FAQ); not one whose power the event blocks.
            for p in &side.play {
                if !p.exhausted && !blocked(s, p.card) {
                    actions.push(Action::Use { card: p.card });
                }
            }
            if side.influence >= ready_cost() {
                for (i, p) in side.play.iter().enumerate() {
                    if p.exhausted {
                        actions.push(Action::Ready { slot: i as u8 + 1 });
                    }
                }
            }
            // With no card in play a player must play one (when they can).
            if !(side.play.is_empty() && play) {
                actions.push(Action::Pass);
            }
            (turn, DecisionKind::StruggleTurn, actions)
        }
    };
    Some(Decision { seat, kind, actions })
}

/// Applies one action of one player. On error the state is untouched.
pub fn apply(s: &mut EvrState, seat: Faction, action: Action) -> Result<(), RuleError> {
    let d = decision(s).ok_or(RuleError::GameOver)?;
    if d.seat != seat {
        return Err(RuleError::NotYourDecision { waiting: d.seat });
    }
    if let Action::Characters { cards } = &action {
        return apply_four_characters(s, &d, cards);
    }
    if !d.actions.contains(&action) {
        return Err(explain(s, &d, &action));
    }
    if d.kind == DecisionKind::Effect {
        exec::answer(s, &action);
        after_effect(s);
        s.version += 1;
        return Ok(());
    }
    match (s.phase, action) {
        (Phase::ChooseCharacters { faction }, Action::Character { card }) => pick_character(s, faction, card),
        (Phase::ChooseStrategy { faction }, Action::Strategy { card }) => {
            let other = faction.opponent();
            let picked_by_opponent = |f: Faction| *s.effects.chosen_by_opponent.get(f);
            let other_open = s.sides.get(other).chosen.is_none() && s.effects.sealed.get(other).is_none();
            if picked_by_opponent(faction) && picked_by_opponent(other) && other_open {
                // Two Infiltrations: the picks are simultaneous (FAQ). The first is sealed until
                // the second is made, so that neither picker has seen their own card.
                *s.effects.sealed.get_mut(faction) = Some(card);
            } else {
                choose_strategy(s, faction, card);
                if let Some(sealed) = s.effects.sealed.get_mut(other).take() {
                    choose_strategy(s, other, sealed);
                }
            }
            s.phase = dominance::next_to_choose(s);
        }
        (Phase::Struggle { turn, .. }, Action::Play) => {
            zones::refill(s, turn);
            let side = s.sides.get_mut(turn);
            let card = side.deck.pop().expect("can_play saw a card to draw");
            side.play.push(InPlay { card, exhausted: false });
            s.phase = Phase::Struggle { turn: turn.opponent(), passed: false };
        }
        (Phase::Struggle { turn, .. }, Action::Use { card }) => {
            if let Some(p) = s.sides.get_mut(turn).play.iter_mut().find(|p| p.card == card) {
                p.exhausted = true;
            }
            exec::start(s, Source::Power(card), turn);
            after_effect(s);
        }
        (Phase::Struggle { turn, .. }, Action::Ready { slot }) => {
            let side = s.sides.get_mut(turn);
            side.influence -= ready_cost();
            side.play[slot as usize - 1].exhausted = false;
            s.supply += ready_cost();
            s.phase = Phase::Struggle { turn: turn.opponent(), passed: false };
        }
        (Phase::Struggle { turn, passed }, Action::Pass) => {
            if passed {
                dominance::begin(s);
            } else {
                s.phase = Phase::Struggle { turn: turn.opponent(), passed: true };
            }
        }
        _ => unreachable!("the decision offers only actions of its phase"),
    }
    s.version += 1;
    Ok(())
}

/// One more character picked at setup: it waits in the deck; the fourth makes the deck.
fn pick_character(s: &mut EvrState, faction: Faction, card: ResourceCardId) {
    let side = s.sides.get_mut(faction);
    side.deck.push(card);
    if side.deck.len() == CHARACTERS_CHOSEN {
        // The deck is made in catalog order and shuffled, as if the four had been picked
        // together (so a match logged with the old four-at-once setup replays the same).
        let picked = std::mem::take(&mut side.deck);
        side.reserve = catalog().characters_of(faction).filter(|c| !picked.contains(c)).collect();
        side.deck = catalog().resources_of(faction).filter(|c| !side.reserve.contains(c)).collect();
        s.rng.shuffle(&mut s.sides.get_mut(faction).deck);
        match faction {
            Faction::Rebel => s.phase = Phase::ChooseCharacters { faction: Faction::Empire },
            Faction::Empire => dominance::start_round(s),
        }
    }
}

/// The old four-at-once setup (`Action::Characters`): legal where four single picks in a row
/// would be, applied as those picks in one state version. On error nothing changes.
fn apply_four_characters(s: &mut EvrState, d: &Decision, cards: &[ResourceCardId]) -> Result<(), RuleError> {
    let mut picks = cards.to_vec();
    picks.sort();
    picks.dedup();
    let fresh = s.sides.get(d.seat).deck.is_empty();
    let own = picks.iter().all(|c| d.actions.contains(&Action::Character { card: *c }));
    if d.kind != DecisionKind::ChooseCharacters
        || !fresh
        || picks.len() != CHARACTERS_CHOSEN
        || cards.len() != CHARACTERS_CHOSEN
        || !own
    {
        return Err(RuleError::Illegal {
            rule: "Choose Characters",
            detail: "four different characters of your own faction, before any is picked".into(),
        });
    }
    for card in picks {
        pick_character(s, d.seat, card);
    }
    s.version += 1;
    Ok(())
}

/// A player's strategy for this round is set: out of their unused ones.
fn choose_strategy(s: &mut EvrState, f: Faction, card: crate::content::evr::StrategyCardId) {
    let side = s.sides.get_mut(f);
    side.unused.retain(|&x| x != card);
    side.chosen = Some(card);
}

/// Once an effect has no more choices: a power ends its player's turn; a strategy or event
/// effect lets the dominance phase go on.
fn after_effect(s: &mut EvrState) {
    if s.pending.is_some() {
        return;
    }
    match s.phase {
        Phase::Struggle { turn, .. } => s.phase = Phase::Struggle { turn: turn.opponent(), passed: false },
        Phase::Dominance { .. } => dominance::resume(s),
        _ => {}
    }
}

/// Why an action is not among the legal ones.
fn explain(s: &EvrState, d: &Decision, a: &Action) -> RuleError {
    let illegal = |rule, detail: &str| RuleError::Illegal { rule, detail: detail.to_string() };
    match (d.kind, a) {
        (DecisionKind::ChooseCharacters, Action::Character { .. }) => {
            illegal("Choose Characters", "choose one of your own faction's characters not picked yet")
        }
        (DecisionKind::ChooseStrategy, Action::Strategy { .. }) => {
            illegal("Choose Strategies", "that strategy card was chosen in an earlier round")
        }
        (DecisionKind::StruggleTurn, Action::Play) => {
            illegal("Capacity", "your play area is full for this event (or you have no card left to draw)")
        }
        (DecisionKind::StruggleTurn, Action::Ready { .. })
            if s.sides.get(d.seat).influence < ready_cost() =>
        {
            illegal("Spend Influence", "you do not have the influence it costs to ready a card")
        }
        (DecisionKind::StruggleTurn, Action::Ready { .. }) => {
            illegal("Spend Influence", "there is no exhausted card in that slot")
        }
        (DecisionKind::StruggleTurn, Action::Pass) => {
            illegal("Struggle Phase", "with no card in your play area you must play one")
        }
        (DecisionKind::StruggleTurn, Action::Use { card })
            if s.sides.get(d.seat).play.iter().any(|p| p.card == *card && !p.exhausted) =>
        {
            illegal("Use a Power", "this round's event stops that card's power")
        }
        (DecisionKind::StruggleTurn, Action::Use { .. }) => {
            illegal("Use a Power", "only a ready card in your own play area can use its power")
        }
        (DecisionKind::Effect, _) => {
            illegal("Use a Power", "that is not one of the choices the effect being resolved offers now")
        }
        _ => illegal("Game Round", "that is not possible now"),
    }
}
