//! The decisions of a round and the automatic steps between them: setup, planning, the
//! struggle, and the dominance phase.

use super::action::Action;
use super::state::{EvrState, InPlay, Phase};
use crate::content::Faction;
use crate::content::evr::{ResourceCardId, catalog};

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
    /// Secretly choose four characters for the resource deck.
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

/// The characters a setup may take: every four of the faction's eight, in catalog order.
fn character_choices(f: Faction) -> Vec<Action> {
    let all: Vec<ResourceCardId> = catalog().characters_of(f).collect();
    let mut out = vec![];
    let n = all.len();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    out.push(Action::Characters { cards: vec![all[a], all[b], all[c], all[d]] });
                }
            }
        }
    }
    out
}

/// Whether a player may play a card: room under the event's capacity, and a card to draw.
fn can_play(s: &EvrState, f: Faction) -> bool {
    let side = s.sides.get(f);
    let capacity = s.event.map_or(0, |e| catalog().event(e).capacity as usize);
    side.play.len() < capacity && !(side.deck.is_empty() && side.discard.is_empty())
}

/// The decision the engine waits for, if any.
pub fn decision(s: &EvrState) -> Option<Decision> {
    let (seat, kind, actions) = match s.phase {
        Phase::Over | Phase::Dominance { .. } => return None,
        Phase::ChooseCharacters { faction } => {
            (faction, DecisionKind::ChooseCharacters, character_choices(faction))
        }
        Phase::ChooseStrategy { faction } => {
            let unused = &s.sides.get(faction).unused;
            (
                faction,
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
            if side.influence > 0 {
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
    if !d.actions.contains(&action) {
        return Err(explain(s, &d, &action));
    }
    match (s.phase, action) {
        (Phase::ChooseCharacters { faction }, Action::Characters { cards }) => {
            let reserve: Vec<ResourceCardId> =
                catalog().characters_of(faction).filter(|c| !cards.contains(c)).collect();
            let side = s.sides.get_mut(faction);
            side.reserve = reserve;
            side.deck = catalog().resources_of(faction).filter(|c| !side.reserve.contains(c)).collect();
            s.rng.shuffle(&mut s.sides.get_mut(faction).deck);
            s.phase = match faction {
                Faction::Rebel => Phase::ChooseCharacters { faction: Faction::Empire },
                Faction::Empire => start_round(s),
            };
        }
        (Phase::ChooseStrategy { faction }, Action::Strategy { card }) => {
            let side = s.sides.get_mut(faction);
            side.unused.retain(|&x| x != card);
            side.chosen = Some(card);
            s.phase = match faction {
                Faction::Rebel => Phase::ChooseStrategy { faction: Faction::Empire },
                Faction::Empire => Phase::Struggle { turn: s.balance, passed: false },
            };
        }
        (Phase::Struggle { turn, .. }, Action::Play) => {
            let side = s.sides.get_mut(turn);
            if side.deck.is_empty() {
                // Rulebook FAQ: an empty deck is made again from the discard pile.
                side.deck = std::mem::take(&mut side.discard);
                s.rng.shuffle(&mut s.sides.get_mut(turn).deck);
            }
            let side = s.sides.get_mut(turn);
            let card = side.deck.pop().expect("can_play saw a card to draw");
            side.play.push(InPlay { card, exhausted: false });
            s.phase = Phase::Struggle { turn: turn.opponent(), passed: false };
        }
        (Phase::Struggle { turn, .. }, Action::Ready { slot }) => {
            let side = s.sides.get_mut(turn);
            side.influence -= 1;
            side.play[slot as usize - 1].exhausted = false;
            s.supply += 1;
            s.phase = Phase::Struggle { turn: turn.opponent(), passed: false };
        }
        (Phase::Struggle { turn, passed }, Action::Pass) => {
            if passed {
                dominance(s);
            } else {
                s.phase = Phase::Struggle { turn: turn.opponent(), passed: true };
            }
        }
        _ => unreachable!("the decision offers only actions of its phase"),
    }
    s.version += 1;
    Ok(())
}

/// Why an action is not among the legal ones.
fn explain(s: &EvrState, d: &Decision, a: &Action) -> RuleError {
    let illegal = |rule, detail: &str| RuleError::Illegal { rule, detail: detail.to_string() };
    match (d.kind, a) {
        (DecisionKind::ChooseCharacters, Action::Characters { .. }) => {
            illegal("Choose Characters", "choose four different characters of your own faction")
        }
        (DecisionKind::ChooseStrategy, Action::Strategy { .. }) => {
            illegal("Choose Strategies", "that strategy card was chosen in an earlier round")
        }
        (DecisionKind::StruggleTurn, Action::Play) => {
            illegal("Capacity", "your play area is full for this event (or you have no card left to draw)")
        }
        (DecisionKind::StruggleTurn, Action::Ready { .. }) if s.sides.get(d.seat).influence == 0 => {
            illegal("Spend Influence", "you have no influence token")
        }
        (DecisionKind::StruggleTurn, Action::Ready { .. }) => {
            illegal("Spend Influence", "there is no exhausted card in that slot")
        }
        (DecisionKind::StruggleTurn, Action::Pass) => {
            illegal("Struggle Phase", "with no card in your play area you must play one")
        }
        _ => illegal("Game Round", "that is not possible now"),
    }
}

/// The planning phase begins: the next event is revealed; the Rebels choose a strategy first.
fn start_round(s: &mut EvrState) -> Phase {
    s.round += 1;
    s.event = s.events.pop();
    Phase::ChooseStrategy { faction: Faction::Rebel }
}

/// The dominance phase: the winner (the higher total not over the objective value, ties to the
/// balance token) takes the event's victory points and influence; then the cleanup.
fn dominance(s: &mut EvrState) {
    let c = catalog();
    let event = s.event.take().expect("a struggle has an event");
    let def = c.event(event);
    let under = |f: Faction| {
        let t = s.sides.get(f).total();
        (t <= def.objective_value as u32).then_some(t)
    };
    let winner = match (under(Faction::Rebel), under(Faction::Empire)) {
        (None, None) => None,
        (Some(_), None) => Some(Faction::Rebel),
        (None, Some(_)) => Some(Faction::Empire),
        (Some(r), Some(e)) if r == e => Some(s.balance),
        (Some(r), Some(e)) => Some(if r > e { Faction::Rebel } else { Faction::Empire }),
    };
    match winner {
        Some(w) => {
            let gain = def.influence_value.min(s.supply);
            s.supply -= gain;
            let side = s.sides.get_mut(w);
            side.influence += gain;
            side.won.push(event);
        }
        // Nobody wins: the event goes to the bottom of the deck.
        None => s.events.insert(0, event),
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
            side.unused = std::mem::take(&mut side.used);
            side.unused.sort();
        }
    }
    let (r, e) = (s.sides.rebel.victory_points(), s.sides.empire.victory_points());
    s.balance = match (r.cmp(&e), winner) {
        (std::cmp::Ordering::Less, _) => Faction::Rebel,
        (std::cmp::Ordering::Greater, _) => Faction::Empire,
        // Level: the loser of the event; when nobody won, the token stays (a reading: docs/evr.md).
        (std::cmp::Ordering::Equal, Some(w)) => w.opponent(),
        (std::cmp::Ordering::Equal, None) => s.balance,
    };
    let goal = c.victory_points_to_win as u32;
    let over = [(Faction::Rebel, r), (Faction::Empire, e)].into_iter().find(|&(_, vp)| vp >= goal);
    if let Some((f, _)) = over {
        s.winner = Some(f);
        s.phase = Phase::Over;
    } else if s.events.is_empty() {
        // Not reachable with the box's events (they hold far more than seven points); the
        // balance token settles a match that ran out of them.
        s.winner = Some(if r == e {
            s.balance
        } else if r > e {
            Faction::Rebel
        } else {
            Faction::Empire
        });
        s.phase = Phase::Over;
    } else {
        s.phase = start_round(s);
    }
}
