//! Dice cards and rings in combat: One in a Million before a roll (or the Death Star Plans
//! roll), and Master Yoda's reroll during the bearer's own attack.

use super::{Combat, Step};
use crate::content::*;
use crate::engine::rebellion::action::{Action, Pick};
use crate::engine::rebellion::asking;
use crate::engine::rebellion::cards::Trigger;
use crate::engine::rebellion::cards::actions::{self, Moment};
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::frame::{Decision, Frame, Frames, PromptKind};
use crate::engine::rebellion::state::{Ring, State};

/// The moment a dice card answers in this combat.
pub(super) fn dice_moment(c: &Combat) -> Moment {
    Moment::Trigger {
        trigger: Trigger::DiceRoll,
        place: Some(c.place),
        mission_leaders: vec![],
        captured: None,
    }
}

/// Cards a faction could use on the dice it is about to roll here.
pub(super) fn dice_cards(s: &State, c: &Combat, f: Faction) -> Vec<ActionCardId> {
    actions::usable(s, f, &dice_moment(c))
}

/// Before a side rolls: its dice cards, when it could hold one that fits as far as public facts
/// tell (`asking.rs`).
pub(super) fn roll_window(s: &State, c: &Combat, side: Faction) -> Option<Decision> {
    if c.mods.roll_passed || !asking::action_window(s, side, &dice_moment(c)) {
        return None;
    }
    let cards = dice_cards(s, c, side);
    let mut actions: Vec<Action> = cards.into_iter().map(|card| Action::PlayAction { card }).collect();
    actions.push(Action::Done);
    let mut d = Decision::new(side, PromptKind::Respond, actions).always_asked(true);
    d.context.push("before your roll: set dice with a card, or roll them as they fall".into());
    Some(d)
}

/// Uses a dice card: its ability runs above the combat, which is back on the stack first.
pub(super) fn play_dice_card(ctx: &mut Ctx, c: Box<Combat>, f: Faction, card: ActionCardId) -> Frames {
    let moment = dice_moment(&c);
    ctx.s.stack.push(Frame::Combat(c));
    let run = actions::usable_run(ctx.s, f, card, &moment).expect("checked legal");
    vec![actions::play(ctx, f, card, run)]
}

/// The Master Yoda ring's bearer, if it can reroll one of `side`'s dice in this attack.
pub(super) fn yoda(s: &State, c: &Combat, side: Faction) -> Option<LeaderId> {
    let l = s.ring_bearer(Ring::Yoda)?;
    let ready = !s.round_effects.yoda_used
        && s.leader_faction(l) == side
        && !s.is_captured(l)
        && s.leader_place(l) == Some(c.place)
        && c.dice.iter().any(|d| !d.spent && !d.assigned);
    ready.then_some(l)
}

/// Which die Master Yoda rerolls.
pub(super) fn reroll_decision(c: &Combat) -> Option<Decision> {
    let Step::Actions { side, .. } = c.step else { return None };
    let actions: Vec<Action> = c
        .dice
        .iter()
        .enumerate()
        .filter(|(_, d)| !d.spent && !d.assigned)
        .map(|(i, _)| Action::Pick(Pick::Die { die: i as u8 }))
        .collect();
    let mut d = Decision::new(side, PromptKind::CardChoice, actions);
    d.context.push("Master Yoda: pick the die to reroll".into());
    d.context.push(super::describe_dice(c));
    Some(d)
}

/// Rerolls the picked die.
pub(super) fn reroll_act(ctx: &mut Ctx, c: &mut Combat, a: Action) {
    if let (Action::Pick(Pick::Die { die }), Step::Actions { side, .. }) = (a, c.step)
        && let Some(d) = c.dice.get(die as usize).filter(|d| !d.spent && !d.assigned).cloned()
    {
        // A green die (Rise of the Empire) is rerolled as a green die: its faces differ.
        let face = if c.is_green(die as usize) { ctx.roll_green(side, 1)[0] } else { ctx.roll(side, 1)[0] };
        c.dice[die as usize].face = face;
        ctx.s.round_effects.yoda_used = true;
        ctx.public(EventKind::DiceRolled {
            faction: side,
            purpose: format!("a reroll with Master Yoda (was {})", d.face.label()),
            faces: vec![face],
        });
    }
    c.effect = None;
}
