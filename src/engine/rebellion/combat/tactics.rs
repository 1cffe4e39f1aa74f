//! Tactic cards: drawing, discarding, and the effect of every title in both decks.

use super::attack::{damageable, deal};
use super::{Combat, Effect, Step, describe_dice, describe_units};
use crate::content::*;
use crate::engine::rebellion::action::{Action, Dice};
use crate::engine::rebellion::cards::actions::{self, Moment};
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::frame::{Decision, PromptKind};
use crate::engine::rebellion::state::State;

/// What a tactic card does, by title (the space and ground versions share a kind).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TacticKind {
    /// Draw two cards from any mix of the two decks.
    BrilliantStrategy,
    /// Reroll up to two of your dice.
    ConcentrateFire,
    /// One damage to one enemy unit.
    CriticalHit,
    /// Block one damage.
    DefensiveFormation,
    /// The opponent cannot retreat this round.
    NoEscape,
    /// One damage to each of up to two different enemy units.
    Onslaught,
    /// Outmaneuver / Dig In: discard another card, then block up to two damage.
    DiscardBlock,
    /// Two damage to one enemy unit.
    TakeItDown,
    /// The opponent cannot block for the rest of this battle step.
    UnstoppableAssault,
    /// Damage to ground units equal to one own ship's red attack value.
    Bombardment,
    /// Your retreat ignores transport this round.
    EscapePlan,
}

impl TacticKind {
    /// The kind of a card, from its asset id.
    pub fn of(card: TacticId) -> TacticKind {
        let key = card.key();
        let title = key.strip_prefix("space_").or_else(|| key.strip_prefix("ground_")).unwrap_or(key);
        match title {
            "brilliant_strategy" => TacticKind::BrilliantStrategy,
            "concentrate_fire" => TacticKind::ConcentrateFire,
            "critical_hit" => TacticKind::CriticalHit,
            "defensive_formation" => TacticKind::DefensiveFormation,
            "no_escape" => TacticKind::NoEscape,
            "onslaught" => TacticKind::Onslaught,
            "outmaneuver" | "dig_in" => TacticKind::DiscardBlock,
            "take_it_down" => TacticKind::TakeItDown,
            "unstoppable_assault" => TacticKind::UnstoppableAssault,
            "bombardment" => TacticKind::Bombardment,
            "escape_plan" => TacticKind::EscapePlan,
            other => panic!("tactic card `{other}` has no implementation"),
        }
    }
}

/// The start-of-combat action cards a faction could use now.
pub fn start_of_combat_cards(s: &State, c: &Combat, f: Faction) -> Vec<ActionCardId> {
    actions::usable(s, f, &Moment::StartOfCombat { place: c.place })
}

fn deck_name(t: Theater) -> &'static str {
    match t {
        Theater::Space => "space tactic",
        Theater::Ground => "ground tactic",
    }
}

/// Whether a card can be drawn from a theater's deck (reshuffling the discards if needed).
pub fn can_draw(s: &State, t: Theater) -> bool {
    match t {
        Theater::Space => !s.decks.space_tactics.is_empty() || !s.decks.space_discard.is_empty(),
        Theater::Ground => !s.decks.ground_tactics.is_empty() || !s.decks.ground_discard.is_empty(),
    }
}

/// Draws `n` tactic cards of a theater into a faction's hand; an empty deck is refilled by
/// shuffling its discard pile.
pub fn draw(ctx: &mut Ctx, f: Faction, t: Theater, n: u8) {
    let mut drawn = Vec::new();
    for _ in 0..n {
        let d = &mut ctx.s.decks;
        let (deck, discard) = match t {
            Theater::Space => (&mut d.space_tactics, &mut d.space_discard),
            Theater::Ground => (&mut d.ground_tactics, &mut d.ground_discard),
        };
        if deck.is_empty() {
            ctx.s.rng.shuffle(discard);
            deck.append(discard);
        }
        if deck.is_empty() {
            break;
        }
        drawn.push(deck.remove(0));
    }
    if drawn.is_empty() {
        return;
    }
    ctx.s.hands.get_mut(f).tactics.extend(drawn.iter().copied());
    ctx.public(EventKind::CardsDrawn { faction: f, deck: deck_name(t).into(), count: drawn.len() as u32 });
    let cards = drawn.iter().map(|c| c.key().to_string()).collect();
    ctx.private(f, EventKind::CardsSeen { deck: deck_name(t).into(), cards });
}

/// Puts a tactic card on its discard pile.
pub(super) fn discard(ctx: &mut Ctx, card: TacticId) {
    match catalog().tactic(card).theater {
        Theater::Space => ctx.s.decks.space_discard.push(card),
        Theater::Ground => ctx.s.decks.ground_discard.push(card),
    }
}

fn take_from_hand(ctx: &mut Ctx, f: Faction, card: TacticId) {
    let hand = &mut ctx.s.hands.get_mut(f).tactics;
    if let Some(i) = hand.iter().position(|&x| x == card) {
        hand.remove(i);
    }
    discard(ctx, card);
}

/// Own ships whose red attack value Bombardment could use, best first.
fn bombard_value(c: &Combat, side: Faction) -> u8 {
    c.of(side, Theater::Space).map(|(_, u)| catalog().unit(u.unit).attack_red).max().unwrap_or(0)
}

/// Whether an own-attack card (already checked for theater, window and special) does
/// something now.
pub(super) fn attack_card_usable(_s: &State, c: &Combat, t: Theater, side: Faction, card: TacticId) -> bool {
    match TacticKind::of(card) {
        TacticKind::ConcentrateFire => c.dice.iter().any(|d| !d.spent && !d.assigned),
        TacticKind::CriticalHit | TacticKind::Onslaught | TacticKind::TakeItDown => {
            !damageable(c, side, t).is_empty()
        }
        TacticKind::Bombardment => {
            bombard_value(c, side) > 0 && !damageable(c, side, Theater::Ground).is_empty()
        }
        TacticKind::BrilliantStrategy
        | TacticKind::NoEscape
        | TacticKind::UnstoppableAssault
        | TacticKind::EscapePlan => true,
        TacticKind::DefensiveFormation | TacticKind::DiscardBlock => false,
    }
}

/// Plays a card from a faction's hand (its special die, if any, is already spent) and starts
/// its effect.
pub(super) fn play(ctx: &mut Ctx, c: &mut Combat, f: Faction, card: TacticId) {
    take_from_hand(ctx, f, card);
    ctx.public(EventKind::CardPlayed {
        faction: f,
        deck: deck_name(catalog().tactic(card).theater).into(),
        card: card.key().into(),
    });
    let t = catalog().tactic(card).theater;
    c.effect = match TacticKind::of(card) {
        TacticKind::BrilliantStrategy => Some(Effect::Strategy),
        TacticKind::ConcentrateFire => Some(Effect::Reroll),
        TacticKind::CriticalHit => {
            Some(Effect::Damage { per_hit: 1, left: 1, distinct: false, chosen: vec![], optional: false })
        }
        TacticKind::TakeItDown => {
            Some(Effect::Damage { per_hit: 2, left: 1, distinct: false, chosen: vec![], optional: false })
        }
        TacticKind::Onslaught => {
            Some(Effect::Damage { per_hit: 1, left: 2, distinct: true, chosen: vec![], optional: true })
        }
        TacticKind::Bombardment => {
            let n = bombard_value(c, f);
            Some(Effect::Damage { per_hit: 1, left: n, distinct: false, chosen: vec![], optional: false })
        }
        TacticKind::NoEscape => {
            c.no_retreat.push(f.opponent());
            None
        }
        TacticKind::UnstoppableAssault => {
            c.no_block.push(f.opponent());
            None
        }
        TacticKind::EscapePlan => {
            c.escape_plan.push(f);
            None
        }
        TacticKind::DefensiveFormation => Some(Effect::Block { left: 1 }),
        TacticKind::DiscardBlock => Some(Effect::DiscardCost { theater: t }),
    };
}

/// The theater and attacking side of the attack in progress.
fn attack_of(c: &Combat) -> Option<(Theater, Faction)> {
    match c.step {
        Step::Actions { theater, side } | Step::Assign { theater, side } | Step::Block { theater, side } => {
            Some((theater, side))
        }
        _ => None,
    }
}

/// The decision a pending card effect asks for.
pub(super) fn effect_decision(s: &State, c: &Combat, e: &Effect) -> Option<Decision> {
    let (t, side) = attack_of(c).unwrap_or((Theater::Space, c.attacker));
    let (seat, kind, actions) = match e {
        Effect::Strategy => {
            (side, PromptKind::CardChoice, (1..=3).map(|n| Action::Mode { n }).collect::<Vec<_>>())
        }
        Effect::Reroll => {
            let free: Vec<u8> = c
                .dice
                .iter()
                .enumerate()
                .filter(|(_, d)| !d.spent && !d.assigned)
                .map(|(i, _)| i as u8)
                .collect();
            let mut actions = Vec::new();
            for (k, &a) in free.iter().enumerate() {
                actions.push(Action::Reroll { dice: Dice::one(a) });
                for &b in &free[k + 1..] {
                    actions.push(Action::Reroll { dice: Dice::two(a, b) });
                }
            }
            actions.push(Action::Done);
            (side, PromptKind::CombatActions, actions)
        }
        Effect::Damage { distinct, chosen, optional, .. } => {
            let targets = damage_targets(c, side, *distinct, chosen);
            let mut actions: Vec<Action> =
                targets.into_iter().map(|u| Action::Hit { unit: u as u8 }).collect();
            if actions.is_empty() || (*optional && !chosen.is_empty()) {
                actions.push(Action::Done);
            }
            (side, PromptKind::CombatActions, actions)
        }
        Effect::DiscardCost { theater } => {
            let def = side.opponent();
            let mut actions = Vec::new();
            for &card in &s.hands.get(def).tactics {
                let a = Action::PlayTactic { card };
                if catalog().tactic(card).theater == *theater && !actions.contains(&a) {
                    actions.push(a);
                }
            }
            if actions.is_empty() {
                actions.push(Action::Done);
            }
            (def, PromptKind::BlockDamage, actions)
        }
        Effect::Block { .. } => {
            let def = side.opponent();
            let mut actions: Vec<Action> = c
                .of(def, t)
                .filter(|(_, u)| u.pending > 0)
                .map(|(i, _)| Action::Block { unit: i as u8 })
                .collect();
            actions.push(Action::Done);
            (def, PromptKind::BlockDamage, actions)
        }
        Effect::Eliminate { leaders } => {
            let actions = (1..=leaders.len() as u8).map(|n| Action::Mode { n }).collect();
            let mut d = Decision::new(Faction::Rebel, PromptKind::CardChoice, actions);
            let names: Vec<String> =
                leaders.iter().enumerate().map(|(i, l)| format!("{} {}", i + 1, l.name())).collect();
            d.context.push(format!("eliminate an Imperial leader: {}", names.join(", ")));
            return Some(d);
        }
        // Handled before the tactic cards (combat/rings.rs).
        Effect::RingReroll => return None,
    };
    let mut d = Decision::new(seat, kind, actions);
    if matches!(e, Effect::Strategy) {
        d.context.push("draw two tactic cards: 1 two space, 2 two ground, 3 one of each".into());
    }
    d.context.push(describe_dice(c));
    d.context.push(describe_units(c));
    Some(d)
}

/// Targets a card's damage may go to: enemy units of the theater that can take damage.
fn damage_targets(c: &Combat, side: Faction, distinct: bool, chosen: &[u8]) -> Vec<usize> {
    let (t, _) = attack_of(c).unwrap_or((Theater::Space, side));
    damageable(c, side, t).into_iter().filter(|&u| !distinct || !chosen.contains(&(u as u8))).collect()
}

/// Applies the answer to a pending card effect.
pub(super) fn effect_act(ctx: &mut Ctx, c: &mut Combat, e: Effect, a: Action) {
    let (t, side) = attack_of(c).unwrap_or((Theater::Space, c.attacker));
    c.effect = None;
    match (e, a) {
        (Effect::Strategy, Action::Mode { n }) => {
            let (space, ground) = match n {
                1 => (2, 0),
                2 => (0, 2),
                _ => (1, 1),
            };
            draw(ctx, side, Theater::Space, space);
            draw(ctx, side, Theater::Ground, ground);
        }
        (Effect::Reroll, Action::Reroll { dice }) => {
            let faces = ctx.roll(side, dice.len());
            for (&i, &face) in dice.iter().zip(&faces) {
                c.dice[i as usize].face = face;
            }
            ctx.public(EventKind::DiceRolled { faction: side, purpose: "a reroll".into(), faces });
        }
        (Effect::Damage { per_hit, left, distinct, mut chosen, optional }, Action::Hit { unit }) => {
            deal(c, unit as usize, per_hit);
            chosen.push(unit);
            let left = left - 1;
            if left > 0 {
                c.effect = Some(Effect::Damage { per_hit, left, distinct, chosen, optional });
            }
        }
        (Effect::DiscardCost { .. }, Action::PlayTactic { card }) => {
            take_from_hand(ctx, side.opponent(), card);
            ctx.public(EventKind::Note { text: format!("{} discards a tactic card", side.opponent()) });
            c.effect = Some(Effect::Block { left: 2 });
        }
        (Effect::Block { left }, Action::Block { unit }) => {
            let u = &mut c.units[unit as usize];
            u.pending -= 1;
            u.damage -= 1;
            if left > 1 && c.of(side.opponent(), t).any(|(_, u)| u.pending > 0) {
                c.effect = Some(Effect::Block { left: left - 1 });
            }
        }
        (Effect::Eliminate { leaders }, Action::Mode { n }) => {
            if let Some(&l) = leaders.get(n as usize - 1) {
                super::objectives::eliminate(ctx, c, l);
            }
        }
        _ => {}
    }
}
