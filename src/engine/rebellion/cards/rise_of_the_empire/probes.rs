//! Effects of Rise of the Empire's action cards that keep probe cards face down: the Empire
//! puts a probe card of its hand under the card, which stays in play until that card is
//! revealed and the card's `then` effects run in its system (Secret Facility, Sweep the Area);
//! the Rebels look at the top of the probe deck and keep one card (Under the Radar). The kept
//! cards live in `State::rote_probes` (`engine/rebellion/rise_of_the_empire/probes.rs` offers their use). Every choice here
//! is made from cards only the chooser sees, so each is always asked.

use serde::{Deserialize, Serialize};

pub use super::pending::ProbesPending as Pending;
use crate::content::*;
use crate::engine::rebellion::action::{Action, Pick};
use crate::engine::rebellion::cards::Effect;
use crate::engine::rebellion::cards::ability::CardRun;
use crate::engine::rebellion::cards::catalog::action_behavior;
use crate::engine::rebellion::cards::next::Next;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::error::{RuleError, illegal};
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::frame::Decision;
use crate::engine::rebellion::rise_of_the_empire::records::UnderCard;
use crate::engine::rebellion::state::State;

/// When a probe card kept under a card may be revealed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RevealAt {
    /// As one of its owner's Command Phase turns (Secret Facility).
    CommandTurn,
    /// At the end of a Command Phase (Sweep the Area).
    CommandEnd,
}

/// An effect of the expansion's probe-keeping cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "op", deny_unknown_fields)]
pub enum Op {
    /// The player puts a probe card of their hand face down under this card, which stays in
    /// play; revealing it later (`reveal`) runs `then` in that card's system.
    HideProbe {
        /// When it may be revealed.
        reveal: RevealAt,
        /// What revealing it does, in its system.
        then: Vec<Effect>,
    },
    /// The player looks at the top `look` probe cards, keeps one face down and returns each of
    /// the others to the top or the bottom of the deck; the kept one may go back on top at the
    /// start of one of their Command Phase turns.
    KeepProbe {
        /// How many cards are looked at.
        look: u8,
    },
    /// The player picks an opponent's leader in this system, not captured: the card's target
    /// (for the effects after it).
    TargetEnemyLeaderHere,
}

/// The reveal timing and effects of a card that keeps a probe card under it, if it does.
pub fn reveal_effects(card: ActionCardId) -> Option<(RevealAt, &'static [Effect])> {
    action_behavior(card).effects.iter().find_map(|e| match e {
        Effect::RoteProbes(Op::HideProbe { reveal, then }) => Some((*reveal, then.as_slice())),
        _ => None,
    })
}

/// Whether a card's effects keep a probe card for its player (Under the Radar).
pub fn keeps_a_probe(card: ActionCardId) -> bool {
    action_behavior(card).effects.iter().any(|e| matches!(e, Effect::RoteProbes(Op::KeepProbe { .. })))
}

fn enemy_leaders_here(s: &State, run: &CardRun) -> Vec<LeaderId> {
    let Some(p) = run.here else { return vec![] };
    s.zone(p).leaders.get(run.faction.opponent()).iter().copied().filter(|&l| !s.is_captured(l)).collect()
}

/// Whether the effect would do anything now. The probe cards read are secret, so whether a
/// window opens never asks this (`run::can_publicly` counts these effects as "could").
pub fn can(s: &State, run: &CardRun, op: &Op) -> bool {
    match op {
        Op::HideProbe { .. } => !s.hands.get(run.faction).probes.is_empty(),
        Op::KeepProbe { .. } => !s.decks.probes.is_empty() && s.rote_probes.kept.is_none(),
        Op::TargetEnemyLeaderHere => !enemy_leaders_here(s, run).is_empty(),
    }
}

/// Starts the effect.
pub fn start(ctx: &mut Ctx, run: &mut CardRun, op: Op) -> Next {
    let wait = |p| Next::Wait(crate::engine::rebellion::cards::Pending::RoteProbes(p));
    match op {
        Op::HideProbe { .. } if ctx.s.hands.get(run.faction).probes.is_empty() => {
            ctx.note(format_args!("{}: no probe card to put under it", run.card.name()));
            Next::Done
        }
        Op::HideProbe { .. } => wait(Pending::Hide),
        Op::KeepProbe { .. } if ctx.s.rote_probes.kept.is_some() => Next::Done,
        Op::KeepProbe { look } => {
            let n = (look as usize).min(ctx.s.decks.probes.len());
            if n == 0 {
                return Next::Done;
            }
            let seen: Vec<SystemId> = ctx.s.decks.probes.drain(..n).collect();
            ctx.note(format_args!("{}: the Rebels look at the top {n} probe cards", run.card.name()));
            ctx.private(
                run.faction,
                EventKind::CardsSeen {
                    deck: "probe cards".into(),
                    cards: seen.iter().map(|x| x.to_string()).collect(),
                },
            );
            wait(Pending::Keep { seen })
        }
        Op::TargetEnemyLeaderHere => match enemy_leaders_here(ctx.s, run).as_slice() {
            [] => Next::Done,
            [only] => {
                run.target = Some(*only);
                Next::Done
            }
            _ => wait(Pending::Target),
        },
    }
}

/// The choice the effect waits for.
pub fn decision(s: &State, run: &CardRun, p: &Pending) -> Option<Decision> {
    let f = run.faction;
    let systems = |v: &[SystemId]| -> Vec<Action> {
        v.iter().map(|&system| Action::Pick(Pick::System { system })).collect()
    };
    let d = match p {
        Pending::Hide => run
            .ask(f, systems(&s.hands.get(f).probes), "pick the probe card to put face down under the card")
            .always_asked(true),
        Pending::Keep { seen } => {
            run.ask(f, systems(seen), "pick the probe card to keep face down").always_asked(true)
        }
        Pending::Return { rest } => {
            let actions = rest
                .iter()
                .flat_map(|&system| [true, false].map(|top| Action::Pick(Pick::Probe { system, top })))
                .collect();
            run.ask(f, actions, "put each other probe card on the top or the bottom of the deck")
                .always_asked(true)
        }
        Pending::Target => run.ask(
            f,
            enemy_leaders_here(s, run)
                .into_iter()
                .map(|leader| Action::Pick(Pick::Leader { leader }))
                .collect(),
            "pick the enemy leader here to capture",
        ),
    };
    (!d.actions.is_empty()).then_some(d)
}

/// Why an answer is not one of the options.
pub fn explain(_s: &State, run: &CardRun, p: &Pending, a: &Action) -> RuleError {
    match (p, a) {
        (Pending::Hide, Action::Pick(Pick::System { system })) => {
            illegal("Probe Cards", format!("{} is not a probe card in your hand", system.name()))
        }
        (
            Pending::Keep { .. } | Pending::Return { .. },
            Action::Pick(Pick::System { system } | Pick::Probe { system, .. }),
        ) => illegal(
            "Probe Cards",
            format!("{} is not one of the probe cards you are looking at", system.name()),
        ),
        (Pending::Target, Action::Pick(Pick::Leader { leader })) => {
            illegal("Action Cards", format!("{} is not a free enemy leader in this system", leader.name()))
        }
        (_, a) => run.wrong(a),
    }
}

/// Applies the answer.
pub fn act(ctx: &mut Ctx, run: &mut CardRun, p: Pending, a: Action) -> Result<Next, RuleError> {
    let f = run.faction;
    let wait = |p| Ok(Next::Wait(crate::engine::rebellion::cards::Pending::RoteProbes(p)));
    match (p, &a) {
        (Pending::Hide, Action::Pick(Pick::System { system }))
            if ctx.s.hands.get(f).probes.contains(system) =>
        {
            let crate::engine::rebellion::cards::CardRef::Action(card) = run.card else {
                return Ok(Next::Done);
            };
            let hand = &mut ctx.s.hands.get_mut(f).probes;
            let i = hand.iter().position(|x| x == system).expect("checked");
            hand.remove(i);
            ctx.s.rote_probes.under.push(UnderCard { card, probe: *system });
            ctx.note(format_args!("{} stays in play with a probe card face down under it", card.name()));
            ctx.private(f, EventKind::Note { text: format!("Under {}: {}", card.name(), system.name()) });
            Ok(Next::Done)
        }
        (Pending::Keep { mut seen }, Action::Pick(Pick::System { system })) if seen.contains(system) => {
            seen.retain(|x| x != system);
            ctx.s.rote_probes.kept = Some(*system);
            ctx.note(format_args!("{}: the Rebels keep one probe card face down", run.card.name()));
            ctx.private(f, EventKind::Note { text: format!("You keep {} face down", system.name()) });
            if seen.is_empty() { Ok(Next::Done) } else { wait(Pending::Return { rest: seen }) }
        }
        (Pending::Return { mut rest }, Action::Pick(Pick::Probe { system, top }))
            if rest.contains(system) =>
        {
            rest.retain(|x| x != system);
            if *top {
                ctx.s.decks.probes.insert(0, *system);
            } else {
                ctx.s.decks.probes.push(*system);
            }
            if rest.is_empty() {
                ctx.note(format_args!("{}: the other probe cards go back to the deck", run.card.name()));
                Ok(Next::Done)
            } else {
                wait(Pending::Return { rest })
            }
        }
        (Pending::Target, Action::Pick(Pick::Leader { leader }))
            if enemy_leaders_here(ctx.s, run).contains(leader) =>
        {
            run.target = Some(*leader);
            Ok(Next::Done)
        }
        (p, _) => Err(explain(ctx.s, run, &p, &a)),
    }
}
