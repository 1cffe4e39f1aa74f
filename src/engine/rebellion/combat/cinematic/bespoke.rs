//! The advanced tactic effects that fit no operation: Tractor Beam, Rogue One, Escape Plan
//! and Confrontation, as named functions.

use super::{CineCombat, Pending, decks};
use crate::content::*;
use crate::engine::rebellion::action::{Action, Pick};
use crate::engine::rebellion::cards::missions::eliminate;
use crate::engine::rebellion::cards::rise_of_the_empire::targets::pick as marker_pick;
use crate::engine::rebellion::combat::Combat;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::rise_of_the_empire::targets::{self, TargetMarker};
use crate::engine::rebellion::state::State;
use crate::engine::rebellion::victory;

fn cine_mut(c: &mut Combat) -> &mut CineCombat {
    c.cine.as_deref_mut().expect("cinematic combat")
}

/// Resolves a named effect when its ability is chosen.
pub fn resolve(_ctx: &mut Ctx, c: &mut Combat, f: Faction, _card: AdvancedTacticId, name: AdvancedBespoke) {
    match name {
        AdvancedBespoke::TractorBeam | AdvancedBespoke::RogueOne => cine_mut(c).later.push((f, name)),
        AdvancedBespoke::Confrontation => {
            let n = c.of(f.opponent(), Theater::Ground).count() as u8;
            cine_mut(c).effects.confrontation = Some(n);
        }
        AdvancedBespoke::EscapePlan => cine_mut(c).pending.push(Pending::Escape { faction: f }),
    }
}

/// Escape Plan, once the side chose to retreat: the opponent's card is cancelled, and the
/// retreat runs (leader, ships, units carried); the cards go on where they stood afterwards.
pub fn escape(ctx: &mut Ctx, c: &mut Combat, f: Faction, a: crate::engine::rebellion::action::Action) {
    super::ops::cancel(ctx, c, f);
    let step = c.step;
    cine_mut(c).resume = Some(step);
    super::super::retreat::retreat_act(ctx, c, f, a);
}

/// The end of a round of battle, after destroyed units left: Confrontation, if the Empire's
/// last ground unit here was destroyed this round.
pub fn after_battle(ctx: &mut Ctx, c: &mut Combat, t: Theater) {
    let Some(x) = c.cine.as_deref_mut() else { return };
    let Some(before) = x.effects.confrontation.take() else { return };
    if t != Theater::Ground || before == 0 || c.has(Faction::Empire, Theater::Ground) {
        return;
    }
    if let Some(card) = confrontation_card() {
        decks::remove_from_game(ctx.s, Faction::Rebel, card);
        ctx.note("Confrontation leaves the game");
    }
    let leaders = ctx.s.active_leaders(c.place, Faction::Empire);
    ask_or_do(ctx, c, Faction::Rebel, AdvancedBespoke::Confrontation, leaders);
}

fn confrontation_card() -> Option<AdvancedTacticId> {
    AdvancedTacticId::all().find(|&a| {
        catalog()
            .advanced_tactic(a)
            .top
            .ops
            .contains(&AdvancedOp::Bespoke { name: AdvancedBespoke::Confrontation })
    })
}

/// The end of a combat round (after the retreat step): Tractor Beam and Rogue One.
pub fn end_round(ctx: &mut Ctx, c: &mut Combat) {
    let Some(x) = c.cine.as_deref_mut() else { return };
    let later = std::mem::take(&mut x.later);
    for (f, name) in later {
        match name {
            AdvancedBespoke::TractorBeam => {
                let sd = c.units.iter().any(|u| u.faction == f && u.unit.key() == "star_destroyer");
                if sd && !c.has(f.opponent(), Theater::Space) {
                    let leaders = ctx.s.active_leaders(c.place, f.opponent());
                    ask_or_do(ctx, c, f, name, leaders);
                }
            }
            AdvancedBespoke::RogueOne => {
                // "If units retreat this round": a retreat of an earlier round does not count.
                if c.cine.as_deref().is_none_or(|x| x.retreated_this_round.is_empty()) {
                    continue;
                }
                if rogue_one_markers(ctx.s, c).is_empty() {
                    let here = rogue_one_captives(ctx.s, c);
                    ask_or_do(ctx, c, f, name, here);
                } else {
                    cine_mut(c).pending.push(Pending::RogueOne { faction: f });
                }
            }
            AdvancedBespoke::EscapePlan | AdvancedBespoke::Confrontation => {}
        }
    }
}

/// The captives in the combat's system Rogue One may rescue.
fn rogue_one_captives(s: &State, c: &Combat) -> Vec<LeaderId> {
    s.captured.iter().copied().filter(|&l| s.leader_place(l) == Some(c.place)).collect()
}

/// The target markers in the combat's system Rogue One may remove instead.
fn rogue_one_markers(s: &State, c: &Combat) -> Vec<TargetMarker> {
    match c.place.system() {
        Some(sys) => s.targets.in_system(sys).copied().collect(),
        None => vec![],
    }
}

/// Rogue One's options when a target marker is here: each captive here to rescue, or each
/// marker here to remove (picked by its card).
pub fn rogue_one_options(s: &State, c: &Combat) -> Vec<Action> {
    let leaders = rogue_one_captives(s, c).into_iter().map(|leader| Action::Pick(Pick::Leader { leader }));
    leaders.chain(rogue_one_markers(s, c).iter().map(marker_pick)).collect()
}

/// Carries out the Rogue One option picked (checked to be one of `rogue_one_options`).
pub fn rogue_one_chosen(ctx: &mut Ctx, c: &Combat, a: &Action) {
    if let Action::Pick(Pick::Leader { leader }) = a {
        victory::rescue(ctx, *leader);
    } else if let Some(m) = rogue_one_markers(ctx.s, c).into_iter().find(|m| marker_pick(m) == *a) {
        targets::remove(ctx, m, "removed by Rogue One");
    }
}

/// Acts on the only candidate, or asks which one.
fn ask_or_do(ctx: &mut Ctx, c: &mut Combat, f: Faction, effect: AdvancedBespoke, leaders: Vec<LeaderId>) {
    match leaders.as_slice() {
        [] => {}
        [l] => leader_chosen(ctx, c, f, effect, *l),
        _ => cine_mut(c).pending.push(Pending::Leader { faction: f, effect, leaders }),
    }
}

/// What a leader choice asks for, in words.
pub fn leader_prompt(effect: AdvancedBespoke) -> &'static str {
    match effect {
        AdvancedBespoke::TractorBeam => "choose the Rebel leader to capture",
        AdvancedBespoke::RogueOne => "choose the captured leader to rescue",
        // (With a target marker here, Rogue One asks its own question: `rogue_one_options`.)
        AdvancedBespoke::Confrontation => {
            "choose the Imperial leader to eliminate at the end of the Command Phase"
        }
        AdvancedBespoke::EscapePlan => "choose a leader",
    }
}

/// Applies a named effect to the leader chosen.
pub fn leader_chosen(ctx: &mut Ctx, _c: &mut Combat, _f: Faction, effect: AdvancedBespoke, l: LeaderId) {
    match effect {
        AdvancedBespoke::TractorBeam => victory::capture(ctx, l),
        AdvancedBespoke::RogueOne => victory::rescue(ctx, l),
        AdvancedBespoke::Confrontation => {
            decks::decks_mut(ctx.s).marked.push(l);
            ctx.note(format_args!("{} is marked to be eliminated at the end of the Command Phase", l.name()));
        }
        AdvancedBespoke::EscapePlan => {}
    }
}

/// The end of the Command Phase: leaders Confrontation marked are eliminated.
pub fn end_of_command(ctx: &mut Ctx) {
    let Some(d) = ctx.s.cinematic.as_deref_mut() else { return };
    let marked = std::mem::take(&mut d.marked);
    for l in marked {
        if !ctx.s.eliminated.contains(&l) {
            eliminate(ctx, l);
        }
    }
}
