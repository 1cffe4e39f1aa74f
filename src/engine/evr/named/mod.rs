//! The few effects the operation vocabulary does not fit, one small function each, grouped by
//! family: resource card powers, strategies, events. The executor calls them through the four
//! hooks every operation has (prepare, ask, answer, finish).

mod events;
mod powers;
mod strategies;

use super::action::Action;
use super::action::Ask;
use super::state::{EvrState, Frame};
use crate::content::evr::NamedEffect;

/// The choice a named effect waits for, if any.
pub fn ask(s: &EvrState, fr: &Frame, name: NamedEffect) -> Option<Ask> {
    match name {
        NamedEffect::LandoCalrissian => powers::lando_ask(s, fr),
        NamedEffect::JabbaTheHutt => powers::jabba_ask(s, fr),
        NamedEffect::BalanceOfTheForce => events::balance_ask(fr),
        NamedEffect::GeneralVeers
        | NamedEffect::Deception
        | NamedEffect::Infiltration
        | NamedEffect::CreateADiversion
        | NamedEffect::LocateTheRebelBase => None,
    }
}

/// The automatic first part of a named effect; it marks the frame prepared.
pub fn prepare(s: &mut EvrState, name: NamedEffect) {
    match name {
        NamedEffect::JabbaTheHutt => powers::jabba_prepare(s),
        NamedEffect::BalanceOfTheForce => events::balance_prepare(s),
        _ => {}
    }
    if let Some(fr) = s.pending.as_mut() {
        fr.prepared = true;
    }
}

/// Carries out one answer to a named effect's choice.
pub fn answer(s: &mut EvrState, name: NamedEffect, action: &Action) {
    match name {
        NamedEffect::LandoCalrissian => powers::lando_answer(s, action),
        NamedEffect::JabbaTheHutt => powers::jabba_answer(s, action),
        NamedEffect::BalanceOfTheForce => events::balance_answer(s, action),
        _ => unreachable!("{name:?} asks nothing"),
    }
}

/// The automatic last part of a named effect.
pub fn finish(s: &mut EvrState, name: NamedEffect) {
    match name {
        NamedEffect::LandoCalrissian => powers::lando_finish(s),
        NamedEffect::GeneralVeers => powers::general_veers(s),
        NamedEffect::JabbaTheHutt => {}
        NamedEffect::Deception => strategies::deception(s),
        NamedEffect::Infiltration => strategies::infiltration(s),
        NamedEffect::BalanceOfTheForce => events::balance_finish(s),
        NamedEffect::CreateADiversion => events::create_a_diversion(s),
        NamedEffect::LocateTheRebelBase => events::locate_the_rebel_base(s),
    }
}
