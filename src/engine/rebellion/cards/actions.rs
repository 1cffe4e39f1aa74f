//! Using action cards: which cards in a hand can be used at a moment of the game (their
//! timing, where the leader shown on them is, and whether their effects can do anything),
//! which cards *could* be used there as far as public facts tell (what decides whether a
//! window opens: `asking.rs`), and starting a card's ability.

use super::CardRef;
use super::catalog::{LeaderRule, Trigger, action_behavior};
use super::run::{CardRun, can_all, can_all_publicly};
use crate::content::*;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::frame::Frame;
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
    named().shown[card.0 as usize].contains(&l)
}

/// Puts into `out` the leaders of `f` shown on the card for whom `pred` holds, in catalog order
/// (`out` is cleared first; the caller may reuse one list for many cards).
fn shown_into(
    s: &State,
    f: Faction,
    card: ActionCardId,
    pred: impl Fn(LeaderId) -> bool,
    out: &mut Vec<LeaderId>,
) {
    // The leaders `shows` accepts, listed once per card (`Named::shown`), not by asking of
    // every leader in the game.
    out.clear();
    let shown = &named().shown[card.0 as usize];
    out.extend(shown.iter().copied().filter(|&l| s.leader_faction(l) == f && pred(l)));
}

/// Whether a card's timing is this moment's (the first test of `could_fit` and `usable`, and by
/// far the most selective: loops over many cards ask it before anything else).
pub fn timing_fits(card: ActionCardId, m: &Moment) -> bool {
    let timing = catalog().action_card(card).timing;
    match m {
        Moment::Assignment => timing == ActionTiming::Assignment,
        Moment::StartOfCombat { .. } => timing == ActionTiming::StartOfCombat,
        Moment::Trigger { trigger, .. } => {
            timing == ActionTiming::Special && action_behavior(card).trigger == Some(*trigger)
        }
    }
}

/// The action cards of faction `f` whose timing is this moment's ([`timing_fits`]), in catalog
/// order: sorted out once per faction and kind of moment, so that a window looks only at the
/// few cards that could answer it instead of asking of every card a seat could hold.
pub fn timed_for(m: &Moment, f: Faction) -> &'static [ActionCardId] {
    /// The cards of each kind of moment, for one faction.
    struct Timed {
        assignment: Vec<ActionCardId>,
        start_of_combat: Vec<ActionCardId>,
        special: Vec<(Trigger, Vec<ActionCardId>)>,
    }
    static TIMED: std::sync::OnceLock<ByFaction<Timed>> = std::sync::OnceLock::new();
    let t = TIMED.get_or_init(|| {
        ByFaction::new(|f| {
            let of = |timing: ActionTiming| {
                let card = |a: ActionCardId| catalog().action_card(a);
                ActionCardId::all().filter(|&a| card(a).timing == timing && card(a).faction == f).collect()
            };
            let mut special: Vec<(Trigger, Vec<ActionCardId>)> = vec![];
            for a in of(ActionTiming::Special) {
                if let Some(trigger) = action_behavior(a).trigger {
                    match special.iter_mut().find(|(t, _)| *t == trigger) {
                        Some((_, cards)) => cards.push(a),
                        None => special.push((trigger, vec![a])),
                    }
                }
            }
            Timed {
                assignment: of(ActionTiming::Assignment),
                start_of_combat: of(ActionTiming::StartOfCombat),
                special,
            }
        })
    });
    let t = t.get(f);
    match m {
        Moment::Assignment => &t.assignment,
        Moment::StartOfCombat { .. } => &t.start_of_combat,
        Moment::Trigger { trigger, .. } => {
            t.special.iter().find(|(x, _)| x == trigger).map_or(&[], |(_, cards)| cards.as_slice())
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
    let mut run = CardRun::new(CardRef::Action(card), f, vec![]);
    if !probe(s, f, card, m, &mut run, can_all) {
        return None;
    }
    run.effects = action_behavior(card).effects.clone();
    Some(run)
}

/// Whether `f` could use this card at this moment if it held it, as far as public facts tell:
/// its timing, where the leaders shown on it stand, Boba Fett's watched system, and each effect
/// whose test reads only public facts (`run::can_publicly`). Never reads a secret: it decides
/// whether a window opens for a card the seat may or may not hold. `run` is scratch space,
/// reused from card to card.
pub fn could_fit(s: &State, f: Faction, card: ActionCardId, m: &Moment, run: &mut CardRun) -> bool {
    probe(s, f, card, m, run, can_all_publicly)
}

/// Whether a card can be used at this moment, filling `run` (a run of no effects, reused from
/// card to card when checking a whole hand) with what it would start with: the card, its user,
/// the place and the leaders; `effects_can` judges the card's effects. The effects are copied
/// into a run only once it is known to be usable (no effect's check looks at the run's own
/// list).
fn probe(
    s: &State,
    f: Faction,
    card: ActionCardId,
    m: &Moment,
    run: &mut CardRun,
    effects_can: fn(&State, &CardRun, &[super::Effect]) -> bool,
) -> bool {
    let b = action_behavior(card);
    if !timing_fits(card, m) {
        return false;
    }
    let place = place_of(m);
    // Boba Fett? Where?: no Rebel action card in the system he watches this round.
    if f == Faction::Rebel
        && place.and_then(Place::system).is_some_and(|x| s.round_effects.locked.contains(&x))
    {
        return false;
    }
    run.card = CardRef::Action(card);
    run.faction = f;
    run.here = place;
    let leaders = &mut run.leaders;
    let free = |l: LeaderId| !s.is_captured(l);
    match (b.leader, m) {
        (LeaderRule::None, _) => leaders.clear(),
        (LeaderRule::InPool, _) => shown_into(s, f, card, |l| s.leader_pool.get(f).contains(&l), leaders),
        // `shown_into` keeps only leaders of `f`, and a leader stands in one place at most
        // (`invariants.rs`): `leader_place(l) == place` without walking the board.
        (LeaderRule::InSystem, _) => shown_into(
            s,
            f,
            card,
            |l| free(l) && place.is_some_and(|p| s.zone(p).leaders.get(f).contains(&l)),
            leaders,
        ),
        (LeaderRule::OnBoard, _) => shown_into(
            s,
            f,
            card,
            |l| free(l) && s.leader_place(l).is_some_and(|p| p.system().is_some()),
            leaders,
        ),
        (LeaderRule::OnMission, Moment::Trigger { mission_leaders, .. }) => {
            shown_into(s, f, card, |l| mission_leaders.contains(&l), leaders)
        }
        (LeaderRule::Captured, Moment::Trigger { captured: Some(c), .. }) => {
            shown_into(s, f, card, |l| l == *c, leaders)
        }
        (LeaderRule::OnMission | LeaderRule::Captured, _) => leaders.clear(),
    }
    if b.leader != LeaderRule::None && run.leaders.is_empty() {
        return false;
    }
    effects_can(s, run, &b.effects)
}

/// The cards in a faction's hand usable at this moment (each card once, in hand order).
pub fn usable(s: &State, f: Faction, m: &Moment) -> Vec<ActionCardId> {
    let mut out: Vec<ActionCardId> = vec![];
    let mut run: Option<CardRun> = None;
    for &card in &s.hands.get(f).actions {
        if !timing_fits(card, m) || out.contains(&card) {
            continue;
        }
        let run = run.get_or_insert_with(|| CardRun::new(CardRef::Action(card), f, vec![]));
        if probe(s, f, card, m, run, can_all) {
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
    ctx.s.card_holders.remove(&card);
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
