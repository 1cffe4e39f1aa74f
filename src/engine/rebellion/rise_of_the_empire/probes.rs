//! Rise of the Empire's probe cards kept face down by action cards: the Empire's under Secret
//! Facility and Sweep the Area (each card stays in play until its probe card is revealed), and
//! the one the Rebels keep with Under the Radar. Which systems they are is secret to the other
//! side: only their owner's view names them, and public events say only that a card went face
//! down. This module keeps that state (`HiddenProbes`, one field of `State`), offers their use
//! in a Command Phase turn or at its end, and builds the views.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use crate::content::*;
use crate::engine::rebellion::action::Action;
use crate::engine::rebellion::cards::rise_of_the_empire::probes::{RevealAt, reveal_effects};
use crate::engine::rebellion::cards::{CardRef, CardRun};
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::frame::phases::CommandPhase;
use crate::engine::rebellion::frame::{Frame, Frames};
pub use crate::engine::rebellion::rise_of_the_empire::records::{HiddenProbes, UnderCard};
use crate::engine::rebellion::state::{Place, State};
use crate::engine::viewer::{Cards, Viewer};

/// What a viewer sees of the hidden probe cards: their owner the systems, everyone else only
/// that they are there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HiddenProbesView {
    /// Imperial cards in play, by id, with the probe card under each.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub under: BTreeMap<String, Cards>,
    /// The probe card the Rebels keep.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kept: Option<Cards>,
}

/// The view of the hidden probe cards, or `None` when there are none.
pub fn view(s: &State, viewer: Viewer) -> Option<HiddenProbesView> {
    let h = &s.rote_probes;
    if h.is_empty() {
        return None;
    }
    let shown = |owner: Faction, x: SystemId| match viewer {
        Viewer::Full => Cards::Visible(vec![x.to_string()]),
        Viewer::Faction(f) if f == owner => Cards::Visible(vec![x.to_string()]),
        _ => Cards::Hidden(1),
    };
    Some(HiddenProbesView {
        under: h.under.iter().map(|u| (u.card.to_string(), shown(Faction::Empire, u.probe))).collect(),
        kept: h.kept.map(|x| shown(Faction::Rebel, x)),
    })
}

/// The cards in play whose probe card may be revealed at this moment (Secret Facility in an
/// Imperial Command Phase turn, Sweep the Area at the end of the phase). Public: the cards in
/// play are; their probe cards are not read.
pub fn in_play(s: &State, at: RevealAt) -> Vec<ActionCardId> {
    let mut out: Vec<ActionCardId> = s
        .rote_probes
        .under
        .iter()
        .map(|u| u.card)
        .filter(|&c| reveal_effects(c).is_some_and(|(when, _)| when == at))
        .collect();
    out.dedup();
    out
}

/// Extra options of a Command Phase turn: the Empire may reveal a card's probe card as its
/// turn (Secret Facility); at the start of their turn the Rebels may put their kept probe card
/// back on top of the probe deck (Under the Radar, `action under_the_radar`).
pub fn turn_options(s: &State, f: Faction) -> Vec<Action> {
    match f {
        Faction::Empire => {
            in_play(s, RevealAt::CommandTurn).into_iter().map(|card| Action::PlayAction { card }).collect()
        }
        // The kept card first: the card that keeps one is looked for among every action card,
        // and this is asked at every Rebel turn of every match.
        Faction::Rebel => match s.rote_probes.kept.and_then(|_| radar_card()) {
            Some(card) => vec![Action::PlayAction { card }],
            None => vec![],
        },
    }
}

/// The card whose kept probe card the Rebels may put back (the one whose effects keep one).
pub fn radar_card() -> Option<ActionCardId> {
    ActionCardId::all()
        .find(|&a| crate::engine::rebellion::cards::rise_of_the_empire::probes::keeps_a_probe(a))
}

/// Carries out a turn option: the Rebels' kept card goes on top of the probe deck and the turn
/// goes on; an Imperial card's probe card is revealed and its effects are the turn.
pub fn use_in_turn(ctx: &mut Ctx, mut p: CommandPhase, card: ActionCardId) -> Frames {
    if p.turn == Faction::Rebel {
        if let Some(x) = ctx.s.rote_probes.kept.take() {
            ctx.s.decks.probes.insert(0, x);
            ctx.note(format_args!("{}: the Rebels put a probe card on top of the probe deck", card.name()));
        }
        return vec![Frame::Command(p)];
    }
    p.in_turn = true;
    let mut frames = vec![Frame::Command(p)];
    frames.extend(reveal(ctx, card));
    frames
}

/// Reveals the probe card under an Imperial card in play: the card leaves play, the probe card
/// goes back to the Imperial hand, and the card's effects start in that system.
pub fn reveal(ctx: &mut Ctx, card: ActionCardId) -> Option<Frame> {
    let i = ctx.s.rote_probes.under.iter().position(|u| u.card == card)?;
    let UnderCard { probe, .. } = ctx.s.rote_probes.under.remove(i);
    ctx.s.hands.empire.probes.push(probe);
    // A reveal, as every viewer reads it (a card shown), then what it was for.
    ctx.public(EventKind::CardsSeen { deck: "probe cards".into(), cards: vec![probe.to_string()] });
    ctx.note(format_args!("{}: the probe card under it is revealed", card.name()));
    let (_, effects) = reveal_effects(card)?;
    let mut run = CardRun::new(CardRef::Action(card), Faction::Empire, effects.to_vec());
    run.here = Some(Place::System(probe));
    Some(Frame::Card(Box::new(run)))
}
