//! Rise of the Empire's card windows: once a combat is over the Empire may answer a Rebel
//! retreat (Track Them) and a side that won a battle may answer its win (Something to Fight
//! For); at the end of a Command Phase the Empire may reveal the probe card under a card in
//! play (Sweep the Area). A window is put on the stack only when its seat could hold a card
//! that fits as far as public facts tell (`asking.rs`), or has such a card in play (public);
//! it then asks until the seat is done.

use crate::content::*;
use crate::engine::rebellion::action::Action;
use crate::engine::rebellion::asking;
use crate::engine::rebellion::cards::Trigger;
use crate::engine::rebellion::cards::actions::{self, Moment};
use crate::engine::rebellion::cards::rise_of_the_empire::probes::RevealAt;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::error::{RuleError, illegal};
pub use crate::engine::rebellion::frame::rise_of_the_empire::CardWindow;
use crate::engine::rebellion::frame::{Decision, Frame, Frames, PromptKind};
use crate::engine::rebellion::state::{Place, State};

impl CardWindow {
    fn moment(&self) -> Moment {
        Moment::Trigger { trigger: self.trigger, place: self.place, mission_leaders: vec![], captured: None }
    }
}

/// The windows a finished combat opens, in the order they are asked (the last one first on
/// the stack): the Empire's answer to a Rebel retreat, then each winner's answer to its win.
pub fn after_combat(s: &State, place: Place, retreated: &[Faction], won: &ByFaction<Vec<Theater>>) -> Frames {
    if !s.has_set(ContentSet::RiseOfTheEmpire) {
        return vec![];
    }
    let mut asked: Vec<CardWindow> = vec![];
    for f in Faction::BOTH {
        if retreated.contains(&f.opponent()) {
            asked.push(CardWindow { faction: f, trigger: Trigger::EnemyRetreated, place: Some(place) });
        }
    }
    for f in Faction::BOTH {
        if !won.get(f).is_empty() {
            asked.push(CardWindow { faction: f, trigger: Trigger::BattleWon, place: Some(place) });
        }
    }
    asked.retain(|w| asking::action_window(s, w.faction, &w.moment()));
    asked.into_iter().rev().map(Frame::Window).collect()
}

/// The window at the end of a Command Phase, when the Empire has a card in play whose probe
/// card may be revealed then (public: the card in play is).
pub fn command_end(s: &State) -> Option<Frame> {
    let w = CardWindow { faction: Faction::Empire, trigger: Trigger::CommandPhaseEnd, place: None };
    open(s, &w).then_some(Frame::Window(w))
}

/// The cards in play the window may reveal.
fn in_play(s: &State, w: &CardWindow) -> Vec<ActionCardId> {
    match (w.trigger, w.faction) {
        (Trigger::CommandPhaseEnd, Faction::Empire) => super::probes::in_play(s, RevealAt::CommandEnd),
        _ => vec![],
    }
}

/// Whether the window asks its seat (from public facts only).
fn open(s: &State, w: &CardWindow) -> bool {
    !in_play(s, w).is_empty() || asking::action_window(s, w.faction, &w.moment())
}

/// The window's decision: the cards usable now, or `done`. Asked whenever the window is on the
/// stack (it opened from public facts; answering for the seat would tell its hand).
pub fn decision(s: &State, w: &CardWindow) -> Option<Decision> {
    if !open(s, w) {
        return None;
    }
    let mut options: Vec<Action> = actions::usable(s, w.faction, &w.moment())
        .into_iter()
        .chain(in_play(s, w))
        .map(|card| Action::PlayAction { card })
        .collect();
    options.push(Action::Done);
    let mut d = Decision::new(w.faction, PromptKind::Respond, options).always_asked(true);
    d.context.push(match w.trigger {
        Trigger::EnemyRetreated => "the combat is over after an enemy retreat".to_string(),
        Trigger::CommandPhaseEnd => "the Command Phase is over".to_string(),
        _ => "the combat is over and you won a battle".to_string(),
    });
    Some(d)
}

/// Uses a card (the window stays for another) or closes the window.
pub fn act(ctx: &mut Ctx, w: CardWindow, a: Action) -> Result<Frames, RuleError> {
    match a {
        Action::PlayAction { card } if in_play(ctx.s, &w).contains(&card) => {
            let frame = super::probes::reveal(ctx, card);
            Ok(std::iter::once(Frame::Window(w)).chain(frame).collect())
        }
        Action::PlayAction { card } => {
            let run = actions::usable_run(ctx.s, w.faction, card, &w.moment())
                .filter(|_| ctx.s.hands.get(w.faction).actions.contains(&card))
                .ok_or_else(|| refusal(&a))?;
            let frame = actions::play(ctx, w.faction, card, run);
            Ok(vec![Frame::Window(w), frame])
        }
        Action::Done => Ok(vec![]),
        other => Err(refusal(&other)),
    }
}

/// Why an answer is refused in the window.
pub fn refusal(a: &Action) -> RuleError {
    illegal(
        "Action Cards",
        format!("`{}` cannot answer this moment: use a card that does, or done", a.command()),
    )
}

/// A window no longer open closes.
pub fn auto(_ctx: &mut Ctx, _w: CardWindow) -> Frames {
    vec![]
}
