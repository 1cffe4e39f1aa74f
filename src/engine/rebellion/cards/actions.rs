//! Using action cards: which cards in a hand can be used at a moment of the game (their
//! timing, where the leader shown on them is, and whether their effects can do anything), and
//! starting a card's ability. Engine steps ask only a player who holds a usable card, so async
//! players are never stopped for nothing.

use super::catalog::{LeaderRule, Trigger, action_behavior};
use super::run::{CardRun, can_all};
use super::{CardRef, Effect};
use crate::content::*;
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::flow::{Ctx, Frame};
use crate::engine::rebellion::named::named;
use crate::engine::rebellion::state::{Place, State};

/// A moment at which action cards may be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Moment {
    /// The Assignment Phase, instead of assigning a leader.
    Assignment,
    /// Right after leaders are added to a combat in `place`.
    StartOfCombat {
        /// The combat's place.
        place: Place,
    },
    /// A moment a "special" card names.
    Trigger {
        /// Which moment.
        trigger: Trigger,
        /// Where it happens.
        place: Option<Place>,
        /// The leaders on the mission concerned (for cards that need their leader on it).
        mission_leaders: Vec<LeaderId>,
        /// The leader just captured (for cards that answer a capture).
        captured: Option<LeaderId>,
    },
}

/// Whether an action card shows a leader (Luke Skywalker (Jedi) counts as Luke Skywalker).
pub fn shows(card: ActionCardId, l: LeaderId) -> bool {
    let shown = &catalog().action_card(card).leaders;
    let n = named();
    shown.contains(&l) || (Some(l) == n.luke_jedi && n.luke.is_some_and(|luke| shown.contains(&luke)))
}

fn shown(s: &State, f: Faction, card: ActionCardId, pred: impl Fn(LeaderId) -> bool) -> Vec<LeaderId> {
    // The leaders `shows` accepts are the printed ones and maybe Luke Skywalker (Jedi): listed
    // from those (in catalog order, as `LeaderId::all` would give them), not by asking of
    // every leader in the game.
    let printed = &catalog().action_card(card).leaders;
    let n = named();
    let jedi = n.luke_jedi.filter(|_| n.luke.is_some_and(|luke| printed.contains(&luke)));
    let mut all: Vec<LeaderId> = printed.iter().copied().chain(jedi).collect();
    all.sort_unstable();
    all.dedup();
    all.retain(|&l| s.leader_faction(l) == f && pred(l));
    all
}

fn timing_fits(card: ActionCardId, m: &Moment) -> bool {
    let timing = catalog().action_card(card).timing;
    match m {
        Moment::Assignment => timing == ActionTiming::Assignment,
        Moment::StartOfCombat { .. } => timing == ActionTiming::StartOfCombat,
        Moment::Trigger { trigger, .. } => {
            timing == ActionTiming::Special && action_behavior(card).trigger == Some(*trigger)
        }
    }
}

fn place_of(m: &Moment) -> Option<Place> {
    match m {
        Moment::Assignment => None,
        Moment::StartOfCombat { place } => Some(*place),
        Moment::Trigger { place, .. } => *place,
    }
}

/// The run a card would start at this moment, if it can be used now.
pub fn usable_run(s: &State, f: Faction, card: ActionCardId, m: &Moment) -> Option<CardRun> {
    let mut run = usable_without_effects(s, f, card, m)?;
    run.effects = action_behavior(card).effects.clone();
    Some(run)
}

/// `usable_run` with the effects still to be copied in (checking a card copies none).
fn usable_without_effects(s: &State, f: Faction, card: ActionCardId, m: &Moment) -> Option<CardRun> {
    let b = action_behavior(card);
    let effects: &Vec<Effect> = &b.effects;
    if !timing_fits(card, m) {
        return None;
    }
    let place = place_of(m);
    // Boba Fett? Where?: no Rebel action card in the system he watches this round.
    if f == Faction::Rebel
        && place.and_then(Place::system).is_some_and(|x| s.round_effects.locked.contains(&x))
    {
        return None;
    }
    let free = |l: LeaderId| !s.is_captured(l);
    let leaders = match b.leader {
        LeaderRule::None => vec![],
        LeaderRule::InPool => shown(s, f, card, |l| s.leader_pool.get(f).contains(&l)),
        LeaderRule::InSystem => {
            shown(s, f, card, |l| free(l) && place.is_some() && s.leader_place(l) == place)
        }
        LeaderRule::OnBoard => {
            shown(s, f, card, |l| free(l) && s.leader_place(l).is_some_and(|p| p.system().is_some()))
        }
        LeaderRule::OnMission => match m {
            Moment::Trigger { mission_leaders, .. } => shown(s, f, card, |l| mission_leaders.contains(&l)),
            _ => vec![],
        },
        LeaderRule::Captured => match m {
            Moment::Trigger { captured: Some(c), .. } => shown(s, f, card, |l| l == *c),
            _ => vec![],
        },
    };
    if b.leader != LeaderRule::None && leaders.is_empty() {
        return None;
    }
    // The effects are copied into the run only once it is known to be usable (no effect's
    // check looks at the run's own list).
    let mut run = CardRun::new(CardRef::Action(card), f, vec![]);
    run.here = place;
    run.leaders = leaders;
    if !can_all(s, &run, effects) {
        return None;
    }
    Some(run)
}

/// The cards in a faction's hand usable at this moment (each card once, in hand order).
pub fn usable(s: &State, f: Faction, m: &Moment) -> Vec<ActionCardId> {
    let mut out: Vec<ActionCardId> = vec![];
    for &card in &s.hands.get(f).actions {
        if !out.contains(&card) && usable_without_effects(s, f, card, m).is_some() {
            out.push(card);
        }
    }
    out
}

/// Uses a card: it leaves the hand face up (and the game) and its ability starts.
pub fn play(ctx: &mut Ctx, f: Faction, card: ActionCardId, run: CardRun) -> Frame {
    let hand = &mut ctx.s.hands.get_mut(f).actions;
    if let Some(i) = hand.iter().position(|&c| c == card) {
        hand.remove(i);
    }
    ctx.public(EventKind::CardPlayed { faction: f, deck: "action".into(), card: card.to_string() });
    Frame::Card(Box::new(run))
}

/// An Immediate card takes effect as soon as it is gained (dealt at setup or kept when
/// recruiting): returns its ability's frame, or `None` for other cards. `recruited` is the
/// leader recruited with it, if any.
pub fn on_gain(ctx: &mut Ctx, f: Faction, card: ActionCardId, recruited: Option<LeaderId>) -> Option<Frame> {
    if catalog().action_card(card).timing != ActionTiming::Immediate {
        return None;
    }
    let effects = action_behavior(card).effects.clone();
    let mut run = CardRun::new(CardRef::Action(card), f, effects);
    run.leaders = recruited.into_iter().collect();
    Some(play(ctx, f, card, run))
}
