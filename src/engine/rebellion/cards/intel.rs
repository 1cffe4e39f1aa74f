//! Effects that hunt for the Rebel base: probe cards.

use serde::{Deserialize, Serialize};

use super::run::{CardRun, Next};
use crate::content::*;
use crate::engine::rebellion::action::Action;
use crate::engine::rebellion::error::RuleError;
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::flow::{Ctx, Decision};
use crate::engine::rebellion::state::State;

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
}

/// An intel-family choice in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {}

/// Whether the effect would do anything now.
pub fn can(s: &State, _run: &CardRun, op: &Op) -> bool {
    match op {
        Op::DrawProbes { .. } | Op::DrawProbesPerBaseUnits { .. } => !s.decks.probes.is_empty(),
    }
}

/// Carries out the effect.
pub fn start(ctx: &mut Ctx, run: &mut CardRun, op: Op) -> Next {
    match op {
        Op::DrawProbes { count, if_leader } => {
            let n = match if_leader {
                Some(x) if run.leaders.contains(&x.leader) => x.count,
                _ => count,
            };
            draw_probes(ctx, n as u32);
        }
        Op::DrawProbesPerBaseUnits { per, min } => {
            let at_base = ctx.s.units(ctx.s.base_place(), Faction::Rebel).total();
            draw_probes(ctx, (at_base / per.max(1) as u32).max(min as u32));
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

/// The choice the effect waits for.
pub fn decision(_s: &State, _run: &CardRun, p: &Pending) -> Option<Decision> {
    match *p {}
}

/// Applies the answer to the choice.
pub fn act(_ctx: &mut Ctx, _run: &mut CardRun, p: Pending, _a: Action) -> Result<Next, RuleError> {
    match p {}
}
