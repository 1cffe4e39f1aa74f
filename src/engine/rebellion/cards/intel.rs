//! Effects that hunt for (or hide) the Rebel base: probe cards and questions about the base.

use serde::{Deserialize, Serialize};

use super::leaders::counts_as;
use super::run::{CardRun, Next};
use crate::content::*;
use crate::engine::rebellion::action::{Action, Pick};
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::error::{RuleError, illegal};
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::frame::Decision;
use crate::engine::rebellion::mission::system_ok;
use crate::engine::rebellion::state::{Intel, State};

/// A leader whose presence on the card changes a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IfLeader {
    /// The leader (among those using the card).
    pub leader: LeaderId,
    /// The number with that leader.
    pub count: u8,
}

/// An intel-family effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "op", deny_unknown_fields)]
pub enum Op {
    /// The Empire draws probe cards.
    DrawProbes {
        /// How many.
        count: u8,
        /// A different number when this leader uses the card.
        #[serde(default)]
        if_leader: Option<IfLeader>,
    },
    /// The Empire draws one probe card per `per` Rebel units where the Rebel Base space's
    /// effects happen (the base's system once revealed), and at least `min`.
    DrawProbesPerBaseUnits {
        /// Units per card.
        per: u8,
        /// The fewest cards drawn.
        min: u8,
    },
    /// The Rebels take `count` probe cards at random from the Imperial hand, look at them and
    /// put each on the top or the bottom of the probe deck (the Empire learns only how many).
    PlantProbes {
        /// How many (all of them if the Empire holds fewer).
        count: u8,
    },
    /// The Rebels look at the top `count` probe cards, hand the Empire each one whose system
    /// meets `give_if`, and shuffle the rest back into the probe deck.
    InterceptProbes {
        /// How many cards are looked at.
        count: u8,
        /// Conditions of the systems whose cards the Empire receives.
        give_if: Vec<TargetCondition>,
    },
    /// The Rebels answer, for everyone, whether the base is in this system (it stays hidden).
    AskBaseHere,
    /// The Rebels say, truthfully and in public, whether their base is in this system's region.
    AskBaseInRegion,
    /// The Rebels name `count` systems, one of which is the base's: they pick the others; the
    /// list is announced in an order that does not tell which one it is.
    NameBaseAmong {
        /// How many systems are named, the base's included.
        count: u8,
    },
}

/// An intel-family choice in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {
    /// Where each taken probe card goes.
    PlaceProbes {
        /// The cards not yet placed.
        cards: Vec<SystemId>,
    },
    /// The systems named so far besides the base's.
    NameSystems {
        /// Named so far.
        named: Vec<SystemId>,
        /// How many are named in all, the base's included.
        count: u8,
    },
}

/// Whether the effect would do anything now.
pub fn can(s: &State, _run: &CardRun, op: &Op) -> bool {
    match op {
        Op::DrawProbes { .. } | Op::DrawProbesPerBaseUnits { .. } | Op::InterceptProbes { .. } => {
            !s.decks.probes.is_empty()
        }
        Op::PlantProbes { .. } => !s.hands.empire.probes.is_empty(),
        Op::AskBaseHere | Op::AskBaseInRegion | Op::NameBaseAmong { .. } => s.base.system.is_some(),
    }
}

/// Tells one faction alone what a card showed it: a private event, kept in its `intel`.
pub fn tell(ctx: &mut Ctx, f: Faction, run: &CardRun, text: String) {
    ctx.private(f, EventKind::Note { text: format!("{}: {text}", run.card.name()) });
    let round = ctx.s.round;
    ctx.s.intel.get_mut(f).push(Intel { round, source: run.card.name().to_string(), text });
}

fn names(cards: &[SystemId]) -> String {
    if cards.is_empty() {
        return "none".into();
    }
    cards.iter().map(|x| x.name()).collect::<Vec<_>>().join(", ")
}

/// Carries out the effect.
pub fn start(ctx: &mut Ctx, run: &mut CardRun, op: Op) -> Next {
    match op {
        Op::DrawProbes { count, if_leader } => {
            let n = match if_leader {
                Some(x) if run.leaders.iter().any(|&l| counts_as(l, x.leader)) => x.count,
                _ => count,
            };
            draw_probes(ctx, n as u32);
        }
        Op::DrawProbesPerBaseUnits { per, min } => {
            let at_base = ctx.s.units(ctx.s.base_place(), Faction::Rebel).total();
            draw_probes(ctx, (at_base / per.max(1) as u32).max(min as u32));
        }
        Op::PlantProbes { count } => {
            let mut cards = vec![];
            for _ in 0..count {
                let hand = &mut ctx.s.hands.empire.probes;
                if hand.is_empty() {
                    break;
                }
                let i = ctx.s.rng.below(hand.len());
                cards.push(ctx.s.hands.empire.probes.remove(i));
            }
            if cards.is_empty() {
                return Next::Done;
            }
            ctx.note(format_args!(
                "{}: the Rebels take {} probe {} from the Imperial hand and put them back on the probe deck",
                run.card.name(),
                cards.len(),
                if cards.len() == 1 { "card" } else { "cards" }
            ));
            tell(ctx, Faction::Rebel, run, format!("probe cards taken from the Empire: {}", names(&cards)));
            return Next::Wait(super::Pending::Intel(Pending::PlaceProbes { cards }));
        }
        Op::InterceptProbes { count, give_if } => {
            let k = ctx.s.decks.probes.len().min(count as usize);
            let seen: Vec<SystemId> = ctx.s.decks.probes.drain(..k).collect();
            let (given, rest): (Vec<SystemId>, Vec<SystemId>) =
                seen.iter().partition(|&&x| give_if.iter().all(|c| system_ok(ctx.s, x, c)));
            tell(ctx, Faction::Rebel, run, format!("the top probe cards were {}", names(&seen)));
            tell(ctx, Faction::Empire, run, format!("probe cards received: {}", names(&given)));
            ctx.public(EventKind::CardsDrawn {
                faction: Faction::Empire,
                deck: "probe".into(),
                count: given.len() as u32,
            });
            ctx.s.hands.empire.probes.extend(given);
            ctx.s.decks.probes.extend(rest);
            let mut deck = std::mem::take(&mut ctx.s.decks.probes);
            ctx.s.rng.shuffle(&mut deck);
            ctx.s.decks.probes = deck;
            ctx.note(format_args!(
                "{}: the other probe cards are shuffled back into the deck",
                run.card.name()
            ));
        }
        Op::AskBaseHere => {
            if let (Some(here), Some(base)) = (run.system(), ctx.s.base.system) {
                let answer = if here == base { "is" } else { "is not" };
                ctx.note(format_args!("{}: the Rebel base {answer} in {}", run.card.name(), here.name()));
            }
        }
        Op::AskBaseInRegion => {
            if let (Some(here), Some(base)) = (run.system(), ctx.s.base.system) {
                let c = catalog();
                let region = c.system(here).region;
                let answer = if c.system(base).region == region { "is" } else { "is not" };
                ctx.note(format_args!(
                    "{}: the Rebel base {answer} in the {} region",
                    run.card.name(),
                    region.name()
                ));
            }
        }
        Op::NameBaseAmong { count } => {
            if ctx.s.base.system.is_some() && count > 1 {
                return Next::Wait(super::Pending::Intel(Pending::NameSystems { named: vec![], count }));
            }
        }
    }
    Next::Done
}

/// Draws probe cards into the Imperial hand (the count is public, the cards are not).
pub fn draw_probes(ctx: &mut Ctx, n: u32) {
    let k = ctx.s.decks.probes.len().min(n as usize);
    let got: Vec<SystemId> = ctx.s.decks.probes.drain(..k).collect();
    ctx.public(EventKind::CardsDrawn {
        faction: Faction::Empire,
        deck: "probe".into(),
        count: got.len() as u32,
    });
    ctx.private(
        Faction::Empire,
        EventKind::CardsSeen {
            deck: "probe cards".into(),
            cards: got.iter().map(|x| x.to_string()).collect(),
        },
    );
    ctx.s.hands.empire.probes.extend(got);
}

/// The systems the Rebels may still name: any but the base's and those already named.
fn nameable(s: &State, named: &[SystemId]) -> Vec<SystemId> {
    SystemId::all().filter(|&x| Some(x) != s.base.system && !named.contains(&x)).collect()
}

/// The choice the effect waits for.
pub fn decision(s: &State, run: &CardRun, p: &Pending) -> Option<Decision> {
    Some(match p {
        Pending::PlaceProbes { cards } => {
            let actions = cards
                .iter()
                .flat_map(|&system| [true, false].map(|top| Action::Pick(Pick::Probe { system, top })))
                .collect();
            run.ask(
                Faction::Rebel,
                actions,
                format!(
                    "put each taken probe card on the top or the bottom of the probe deck ({})",
                    names(cards)
                ),
            )
        }
        Pending::NameSystems { named, count } => {
            let actions =
                nameable(s, named).into_iter().map(|system| Action::Pick(Pick::System { system })).collect();
            let left = *count as usize - 1 - named.len();
            let systems = if left == 1 { "system" } else { "systems" };
            let text =
                format!("name {left} {systems} besides your base's; the {count} are announced together");
            run.ask(Faction::Rebel, actions, text)
        }
    })
}

/// Explains why an answer is not one of the choice's options.
pub fn explain(s: &State, _run: &CardRun, p: &Pending, a: &Action) -> RuleError {
    let (rule, detail) = match p {
        Pending::PlaceProbes { cards } => (
            "Probe Cards",
            format!(
                "put one of the taken probe cards ({}) on the top or the bottom of the deck",
                names(cards)
            ),
        ),
        Pending::NameSystems { named, .. } => {
            let base = s.base.system.map(|b| b.name()).unwrap_or("?");
            (
                "Rebel Base",
                format!(
                    "name a system other than your base ({base}) and those already named ({})",
                    names(named)
                ),
            )
        }
    };
    illegal(rule, format!("`{}` is not possible: {detail}", a.command()))
}

/// Applies the answer to the choice.
pub fn act(ctx: &mut Ctx, run: &mut CardRun, p: Pending, a: Action) -> Result<Next, RuleError> {
    match (p, a) {
        (Pending::PlaceProbes { mut cards }, Action::Pick(Pick::Probe { system, top }))
            if cards.contains(&system) =>
        {
            cards.retain(|&x| x != system);
            if top {
                ctx.s.decks.probes.insert(0, system);
            } else {
                ctx.s.decks.probes.push(system);
            }
            if cards.is_empty() {
                return Ok(Next::Done);
            }
            Ok(Next::Wait(super::Pending::Intel(Pending::PlaceProbes { cards })))
        }
        (Pending::NameSystems { mut named, count }, Action::Pick(Pick::System { system }))
            if nameable(ctx.s, &named).contains(&system) =>
        {
            named.push(system);
            if named.len() + 1 < count as usize {
                return Ok(Next::Wait(super::Pending::Intel(Pending::NameSystems { named, count })));
            }
            named.extend(ctx.s.base.system);
            // Alphabetical by name: the order says nothing about which one is the base.
            named.sort_by_key(|x| x.name());
            ctx.note(format_args!("{}: the Rebel base is in one of {}", run.card.name(), names(&named)));
            Ok(Next::Done)
        }
        (_, a) => Err(run.wrong(&a)),
    }
}
