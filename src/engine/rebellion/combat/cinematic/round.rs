//! The advanced tactic cards of one round of battle: both sides pick a card in secret (the
//! current player first; a side whose tactic cards are shown — Good Intel — picks first and in
//! the open), the cards are revealed together, then each side resolves the top
//! or bottom ability or neither (the current player first, unless the defender's card can
//! cancel: that card resolves first).

use super::{CineCombat, Played, Stage, decks, ops};
use crate::content::*;
use crate::engine::rebellion::action::Action;
use crate::engine::rebellion::combat::{Combat, Rules, Step, attack, describe_units};
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::frame::{Decision, PromptKind};
use crate::engine::rebellion::state::State;

fn cine(c: &Combat) -> &CineCombat {
    c.cine.as_deref().expect("cinematic combat")
}

fn cine_mut(c: &mut Combat) -> &mut CineCombat {
    c.cine.as_deref_mut().expect("cinematic combat")
}

fn deck_name(t: Theater) -> &'static str {
    match t {
        Theater::Space => "advanced space tactic",
        Theater::Ground => "advanced ground tactic",
    }
}

/// The start of a contested round of battle: the round's card effects are cleared and the
/// first picker picks.
pub fn begin(c: &Combat, t: Theater) -> Step {
    Step::Tactics { theater: t, stage: Stage::Pick(first_picker(c)) }
}

/// Whether a side must show its tactic cards this combat (Good Intel). Under cinematic combat
/// that side picks first and its pick is public, so the opponent picks knowing it.
fn shown(c: &Combat, f: Faction) -> bool {
    c.mods.tactics_shown.contains(&f)
}

/// Who picks first: the current player, unless only the other side's cards are shown.
fn first_picker(c: &Combat) -> Faction {
    let defender = c.attacker.opponent();
    if shown(c, defender) && !shown(c, c.attacker) { defender } else { c.attacker }
}

/// Whether a side picks a card this round of battle (a card may forbid it; an empty deck has
/// nothing to pick).
fn picks(s: &State, c: &Combat, f: Faction, t: Theater) -> bool {
    // A start-of-combat action card that forbids tactic cards in the first round forbids
    // the advanced ones too.
    !cine(c).banned(f, t, c.round) && !c.tactics_forbidden(f, t) && !decks::pickable(s, f, t).is_empty()
}

/// The decision a stage waits for.
pub fn decision(s: &State, c: &Combat, t: Theater, stage: Stage) -> Option<Decision> {
    match stage {
        Stage::Pick(f) => {
            if !picks(s, c, f, t) {
                return None;
            }
            let actions: Vec<Action> =
                decks::pickable(s, f, t).into_iter().map(|card| Action::Advanced { card }).collect();
            // The options are the picker's own deck, and the pick is secret: always asked.
            let mut d = Decision::new(f, PromptKind::CombatActions, actions).always_asked(true);
            if shown(c, f) {
                d.context
                    .push(format!("pick your {} card for this round; it is shown at once", deck_name(t)));
            } else {
                d.context.push(format!("pick your {} card for this round, in secret", deck_name(t)));
            }
            d.context.push(describe_units(c));
            Some(d)
        }
        Stage::Resolve(f) => {
            let x = cine(c);
            let p = x.played.iter().find(|p| p.faction == f && !p.done)?;
            if p.cancelled {
                return None;
            }
            let def = catalog().advanced_tactic(p.card);
            let mut actions = Vec::new();
            if ops::top_usable(c, f, p.card) {
                actions.push(Action::Mode { n: 1 });
            }
            actions.push(Action::Mode { n: 2 });
            actions.push(Action::Done);
            let mut d = Decision::new(f, PromptKind::CardChoice, actions);
            d.context.push(format!(
                "{}: 1 top — {}; 2 bottom — {}; or done to resolve neither",
                def.name, def.top.text, def.bottom.text
            ));
            d.context.push(describe_units(c));
            Some(d)
        }
        Stage::Extra(f) => {
            let mut actions: Vec<Action> =
                decks::pickable(s, f, t).into_iter().map(|card| Action::Advanced { card }).collect();
            if actions.is_empty() {
                return None;
            }
            actions.push(Action::Done);
            let mut d = Decision::new(f, PromptKind::CombatActions, actions).always_asked(true);
            d.context.push(format!("you may play one more {} card", deck_name(t)));
            Some(d)
        }
        Stage::Reveal | Stage::Finish => None,
    }
}

/// Applies a stage's decision.
pub fn act(ctx: &mut Ctx, c: &mut Combat, t: Theater, stage: Stage, a: Action) {
    match (stage, a) {
        (Stage::Pick(f), Action::Advanced { card }) => {
            *cine_mut(c).picks.get_mut(f) = Some(card);
            if shown(c, f) {
                ctx.note(format_args!("{} picks {} (its tactic cards are shown)", f.name(), card.name()));
            } else {
                // The choice stays secret: the opponent learns only that a card was picked.
                ctx.note(format_args!("{} has picked an {} card", f.name(), deck_name(t)));
                ctx.private(f, EventKind::Note { text: format!("you picked {}", card.name()) });
            }
            c.step = after_pick(c, t, f);
        }
        (Stage::Resolve(f), Action::Mode { n }) => resolve(ctx, c, t, f, Some(n == 1)),
        (Stage::Resolve(f), _) => resolve(ctx, c, t, f, None),
        (Stage::Extra(f), Action::Advanced { card }) => {
            decks::take(ctx.s, f, card);
            ctx.public(EventKind::CardPlayed {
                faction: f,
                deck: deck_name(t).into(),
                card: card.key().into(),
            });
            let x = cine_mut(c);
            x.played.push(Played { faction: f, card, extra: true, cancelled: false, done: false });
            c.step = Step::Tactics { theater: t, stage: Stage::Resolve(f) };
        }
        (Stage::Extra(f), _) => c.step = next_resolver(c, t, f),
        _ => {}
    }
}

/// Runs a stage that asks nobody.
pub fn auto(ctx: &mut Ctx, c: &mut Combat, t: Theater, stage: Stage) {
    match stage {
        Stage::Pick(f) => c.step = after_pick(c, t, f),
        Stage::Reveal => reveal(ctx, c, t),
        Stage::Resolve(f) => resolve(ctx, c, t, f, None),
        Stage::Extra(f) => c.step = next_resolver(c, t, f),
        Stage::Finish => finish(ctx, c, t),
    }
}

fn after_pick(c: &Combat, t: Theater, f: Faction) -> Step {
    let stage = if f == first_picker(c) { Stage::Pick(f.opponent()) } else { Stage::Reveal };
    Step::Tactics { theater: t, stage }
}

/// Both picks are shown together, and the order of resolving is set.
fn reveal(ctx: &mut Ctx, c: &mut Combat, t: Theater) {
    let attacker = c.attacker;
    let x = cine_mut(c);
    x.played.clear();
    x.effects = Default::default();
    let mut played = Vec::new();
    for f in [attacker, attacker.opponent()] {
        if let Some(card) = x.picks.get_mut(f).take() {
            played.push(Played { faction: f, card, extra: false, cancelled: false, done: false });
        }
    }
    for p in &played {
        decks::take(ctx.s, p.faction, p.card);
        ctx.public(EventKind::CardPlayed {
            faction: p.faction,
            deck: deck_name(t).into(),
            card: p.card.key().into(),
        });
    }
    // A defender's card that can cancel resolves before the current player's.
    let defender = attacker.opponent();
    let cancels = played.iter().any(|p| p.faction == defender && ops::top_cancels(c, defender, p.card));
    let order = if cancels { vec![defender, attacker] } else { vec![attacker, defender] };
    let x = cine_mut(c);
    x.order = order.clone();
    x.played = played;
    x.played.sort_by_key(|p| order.iter().position(|&f| f == p.faction));
    c.step = match x.order.iter().find(|&&f| x.played.iter().any(|p| p.faction == f)) {
        Some(&f) => Step::Tactics { theater: t, stage: Stage::Resolve(f) },
        None => Step::Tactics { theater: t, stage: Stage::Finish },
    };
}

/// Resolves a side's card: `Some(true)` the top, `Some(false)` the bottom, `None` neither.
fn resolve(ctx: &mut Ctx, c: &mut Combat, t: Theater, f: Faction, top: Option<bool>) {
    let x = cine_mut(c);
    let Some(i) = x.played.iter().position(|p| p.faction == f && !p.done) else {
        c.step = next_resolver(c, t, f);
        return;
    };
    x.played[i].done = true;
    let p = x.played[i].clone();
    let mut extra = false;
    if p.cancelled {
        ctx.note(format_args!("{}'s card is cancelled", f.name()));
    } else if let Some(top) = top {
        let half = if top { "top" } else { "bottom" };
        ctx.note(format_args!("{} resolves the {half} ability of {}", f.name(), p.card.name()));
        extra = ops::run(ctx, c, f, p.card, top, p.extra);
    } else {
        ctx.note(format_args!("{} resolves neither ability of {}", f.name(), p.card.name()));
    }
    decks::discard(ctx, f, p.card);
    c.step =
        if extra { Step::Tactics { theater: t, stage: Stage::Extra(f) } } else { next_resolver(c, t, f) };
}

/// The next side to resolve a card, or the end of the cards.
fn next_resolver(c: &Combat, t: Theater, f: Faction) -> Step {
    let x = cine(c);
    let next = x
        .order
        .iter()
        .skip_while(|&&g| g != f)
        .skip(1)
        .find(|&&g| x.played.iter().any(|p| p.faction == g && !p.done));
    match next {
        Some(&g) => Step::Tactics { theater: t, stage: Stage::Resolve(g) },
        None => Step::Tactics { theater: t, stage: Stage::Finish },
    }
}

/// After both cards: units the cards destroyed leave, and the first attack follows (if both
/// sides still have units of the theater).
fn finish(ctx: &mut Ctx, c: &mut Combat, t: Theater) {
    let locked: Vec<(u8, usize)> = {
        let x = cine(c);
        // Keep Ion Blast's lock on the unit, not on its number, across the removals.
        x.effects
            .locked
            .iter()
            .map(|&i| (i, c.units[..i as usize].iter().filter(|u| u.doomed).count()))
            .collect()
    };
    let gone: Vec<bool> = locked.iter().map(|&(i, _)| c.units[i as usize].doomed).collect();
    attack::remove_doomed(ctx, c);
    let x = cine_mut(c);
    x.effects.locked =
        locked.iter().zip(gone).filter(|(_, g)| !g).map(|(&(i, shift), _)| i - shift as u8).collect();
    let both = c.has(Faction::Rebel, t) && c.has(Faction::Empire, t);
    c.step = if both {
        Step::Roll { theater: t, side: Rules::Cinematic.first_attacker(c, t) }
    } else {
        Step::EndBattle { theater: t }
    };
}

/// The end of a round of battle: the cards' effects for it end.
pub fn end_battle(c: &mut Combat, _t: Theater) {
    let x = cine_mut(c);
    x.effects.prevent.clear();
    x.effects.no_repair.clear();
    x.effects.locked.clear();
    x.effects.guards.clear();
    x.played.clear();
}
