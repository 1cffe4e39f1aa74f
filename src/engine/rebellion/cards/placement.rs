//! Effects that put the card's leader somewhere or give a leader something: placing him
//! instead of assigning him (Assignment cards), what his presence does there (watching a
//! system, not pinning units, an activation, a recruit), and rings given when a card is gained.

use serde::{Deserialize, Serialize};

use super::Effect;
use super::run::{CardRun, Next, can_all};
use crate::content::*;
use crate::engine::rebellion::action::{Action, Pick};
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::error::RuleError;
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::frame::{Decision, Frame};
use crate::engine::rebellion::mission::system_ok;
use crate::engine::rebellion::phases::movement::{Activation, ActivationStep};
use crate::engine::rebellion::phases::recruit;
use crate::engine::rebellion::state::{Assignment, Place, Ring, State};

/// Where a card may place its leader.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct Where {
    /// Conditions the system must meet (the missions' vocabulary).
    #[serde(default)]
    pub conditions: Vec<TargetCondition>,
    /// Only these systems (An Old Friend), when given.
    #[serde(default)]
    pub systems: Vec<SystemId>,
    /// The "Rebel Base" space instead of a system.
    #[serde(default)]
    pub rebel_base: bool,
    /// Not a place: the leader goes onto a card searched from this deck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<Deck>,
}

impl Where {
    fn deck(deck: Deck) -> Self {
        Where { conditions: vec![], systems: vec![], rebel_base: false, deck: Some(deck) }
    }
}

/// A system and the leader a card recruits when placed there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecruitAt {
    /// The system.
    pub system: SystemId,
    /// The leader recruited there.
    pub leader: LeaderId,
}

/// To whom a gained card gives its ring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RingTo {
    /// Any leader of the player's in play (the player picks).
    AnyOwn,
    /// The leader recruited with the card, else one of the leaders it shows in play.
    Recruited,
    /// Any leader of the player's in play who wears no ring (He Means Well).
    OwnWithoutRing,
    /// Any leader of the opponent's in play, not captured, who wears no ring (Post Bounty).
    EnemyWithoutRing,
}

/// A deck a card may search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Deck {
    /// The player's mission deck.
    Missions,
    /// The Imperial project deck.
    Projects,
}

/// A placement-family effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "op", deny_unknown_fields)]
pub enum Op {
    /// The card's leader (the player picks if two qualify) leaves the pool for a system that
    /// fits (or the Rebel Base space); that place becomes "here" for the effects after it.
    PlaceLeader {
        /// Where.
        #[serde(flatten)]
        at: Where,
    },
    /// Rebel leaders may not attempt missions or use action cards here this round.
    WatchHere,
    /// The card's leader does not keep his units from moving out this round.
    Unpin,
    /// Recruit the leader paired with this system into it (already placed there).
    RecruitHere {
        /// The pairs.
        pairs: Vec<RecruitAt>,
    },
    /// The player moves units into here as in an activation (adjacent systems, normal rules),
    /// then a combat if both sides share a theater there; the card's leader is already here.
    ActivateHere,
    /// Search a deck for any one card and assign the card's leader to it, facedown (its skill
    /// requirement still applies when it is revealed); then the deck is shuffled.
    AssignFromDeck {
        /// Which deck.
        deck: Deck,
    },
    /// Attach a ring to a leader.
    GiveRing {
        /// The ring.
        ring: Ring,
        /// To whom.
        to: RingTo,
    },
    /// Rise of the Empire (Early Promotion, Rebel Extremist): the card's faction recruits this
    /// leader into its leader pool.
    RecruitLeader {
        /// The leader.
        leader: LeaderId,
    },
}

/// A placement-family choice in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {
    /// Which leader goes (when two shown are in the pool).
    Leader {
        /// Where he may go.
        at: Where,
    },
    /// Where the leader goes.
    Place {
        /// The leader.
        leader: LeaderId,
        /// Where he may go.
        at: Where,
    },
    /// Which card of the deck to assign the leader to.
    DeckCard {
        /// The deck.
        deck: Deck,
    },
    /// Which leader receives the ring.
    RingBearer {
        /// The ring.
        ring: Ring,
        /// Who may wear it, when the card names them (He Means Well: a leader without a ring);
        /// otherwise the leader recruited with the card or any of the player's.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<RingTo>,
    },
}

fn pool_leaders(s: &State, run: &CardRun) -> Vec<LeaderId> {
    run.leaders.iter().copied().filter(|l| s.leader_pool.get(run.faction).contains(l)).collect()
}

/// The places a card's conditions allow, before looking at the effects after it.
fn candidates<'a>(s: &'a State, at: &'a Where) -> impl Iterator<Item = Place> + 'a {
    let base = at.rebel_base.then(|| s.base_place());
    let systems = SystemId::all()
        .filter(move |_| !at.rebel_base)
        .filter(move |x| at.systems.is_empty() || at.systems.contains(x))
        .filter(move |&x| at.conditions.iter().all(|c| system_ok(s, x, c)))
        .map(Place::System);
    base.into_iter().chain(systems)
}

/// Whether the effects after the placement can work with the leader at `p` (`probe` is the
/// run, reused for every place tried rather than copied for each).
fn fits(s: &State, probe: &mut CardRun, p: Place, rest: &[Effect]) -> bool {
    probe.here = Some(p);
    can_all(s, probe, rest)
}

/// Places the leader could go to, keeping only those where the rest of the card can work.
fn places(s: &State, run: &CardRun, at: &Where, rest: &[Effect]) -> Vec<Place> {
    let mut probe = run.clone();
    candidates(s, at).filter(|&p| fits(s, &mut probe, p, rest)).collect()
}

/// Whether a PlaceLeader effect followed by `rest` can work: a leader in the pool and a place.
/// (Called for every card at every Assignment decision: it stops at the first place found.)
pub fn can_place(s: &State, run: &CardRun, at: &Where, rest: &[Effect]) -> bool {
    if !run.leaders.iter().any(|l| s.leader_pool.get(run.faction).contains(l)) {
        return false;
    }
    let mut probe = run.clone();
    candidates(s, at).any(|p| fits(s, &mut probe, p, rest))
}

fn pair(pairs: &[RecruitAt], here: Option<Place>) -> Option<RecruitAt> {
    pairs.iter().copied().find(|p| Some(Place::System(p.system)) == here)
}

fn ring_candidates(s: &State, run: &CardRun, to: RingTo) -> Vec<LeaderId> {
    let f = run.faction;
    let in_play = |l: LeaderId| {
        s.leader_faction(l) == f
            && !s.is_captured(l)
            && (s.leader_pool.get(f).contains(&l) || s.leader_place(l).is_some())
    };
    match to {
        RingTo::AnyOwn => LeaderId::all().filter(|&l| in_play(l)).collect(),
        RingTo::OwnWithoutRing => {
            LeaderId::all().filter(|&l| in_play(l) && !s.rings.contains_key(&l)).collect()
        }
        RingTo::EnemyWithoutRing => LeaderId::all()
            .filter(|&l| {
                s.leader_faction(l) == f.opponent()
                    && !s.is_captured(l)
                    && !s.rings.contains_key(&l)
                    && (s.leader_pool.get(f.opponent()).contains(&l) || s.leader_place(l).is_some())
            })
            .collect(),
        RingTo::Recruited if !run.leaders.is_empty() => run.leaders.clone(),
        RingTo::Recruited => match run.card {
            super::CardRef::Action(card) => {
                LeaderId::all().filter(|&l| super::actions::shows(card, l) && in_play(l)).collect()
            }
            super::CardRef::Mission(_) | super::CardRef::Objective(_) => vec![],
        },
    }
}

/// Whether the effect would do anything now.
pub fn can(s: &State, run: &CardRun, op: &Op) -> bool {
    match op {
        Op::PlaceLeader { at } => can_place(s, run, at, &[]),
        Op::WatchHere => run.system().is_some(),
        Op::Unpin | Op::ActivateHere => run.here.is_some(),
        Op::RecruitHere { pairs } => pair(pairs, run.here).is_some_and(|p| !recruit::in_game(s, p.leader)),
        Op::GiveRing { to, .. } => !ring_candidates(s, run, *to).is_empty(),
        Op::RecruitLeader { leader } => {
            s.leader_faction(*leader) == run.faction && !recruit::in_game(s, *leader)
        }
        Op::AssignFromDeck { deck } => {
            !pool_leaders(s, run).is_empty() && !deck_cards(s, run.faction, *deck).is_empty()
        }
    }
}

fn deck_cards(s: &State, f: Faction, deck: Deck) -> Vec<MissionId> {
    let cards = match deck {
        Deck::Missions => s.decks.missions.get(f),
        Deck::Projects => &s.decks.projects,
    };
    let mut out: Vec<MissionId> = cards.clone();
    out.sort();
    out.dedup();
    out
}

/// Carries out the effect.
pub fn start(ctx: &mut Ctx, run: &mut CardRun, op: Op) -> Next {
    let f = run.faction;
    match op {
        Op::PlaceLeader { at } => return Next::Wait(super::Pending::Placement(Pending::Leader { at })),
        Op::WatchHere => {
            if let Some(sys) = run.system() {
                ctx.s.round_effects.locked.push(sys);
                ctx.note(format_args!(
                    "Rebel leaders may not attempt missions or use action cards in {} this round",
                    sys.name()
                ));
            }
        }
        Op::Unpin => ctx.s.round_effects.unpinned.extend(run.leaders.iter().copied()),
        Op::RecruitHere { pairs } => {
            if let (Some(p), Some(here)) = (pair(&pairs, run.here), run.here) {
                ctx.s.zone_mut(here).leaders.get_mut(f).push(p.leader);
                ctx.public(EventKind::LeaderChange {
                    leader: p.leader,
                    what: format!("is recruited in {here}"),
                });
            }
        }
        Op::RecruitLeader { leader } => {
            if !recruit::in_game(ctx.s, leader) {
                ctx.s.leader_pool.get_mut(f).push(leader);
                ctx.public(EventKind::LeaderChange { leader, what: format!("joins the {f} leader pool") });
            }
        }
        Op::ActivateHere => {
            if let (Some(place), Some(&leader)) = (run.here, run.leaders.first()) {
                let a = Activation { faction: f, place, leader, moved: vec![], step: ActivationStep::Moving };
                return Next::Push(Frame::Activation(a));
            }
        }
        Op::AssignFromDeck { deck } => {
            let leaders = pool_leaders(ctx.s, run);
            if leaders.len() > 1 {
                return Next::Wait(super::Pending::Placement(Pending::Leader { at: Where::deck(deck) }));
            }
            run.leaders = leaders;
            return Next::Wait(super::Pending::Placement(Pending::DeckCard { deck }));
        }
        Op::GiveRing { ring, to } => {
            let candidates = ring_candidates(ctx.s, run, to);
            if candidates.len() > 1 {
                let to = matches!(to, RingTo::OwnWithoutRing | RingTo::EnemyWithoutRing).then_some(to);
                return Next::Wait(super::Pending::Placement(Pending::RingBearer { ring, to }));
            }
            if let Some(&l) = candidates.first() {
                give(ctx, l, ring);
            }
        }
    }
    Next::Done
}

/// Attaches a ring by the one set of ring rules (`victory::attach_ring`).
fn give(ctx: &mut Ctx, l: LeaderId, ring: Ring) {
    crate::engine::rebellion::victory::attach_ring(ctx, l, ring);
}

/// The choice the effect waits for.
pub fn decision(s: &State, run: &CardRun, p: &Pending) -> Option<Decision> {
    let f = run.faction;
    let (actions, what): (Vec<Action>, String) = match p {
        Pending::Leader { at } => (
            pool_leaders(s, run)
                .into_iter()
                .filter(|&l| {
                    let mut probe = run.clone();
                    probe.leaders = vec![l];
                    at.deck.is_some() || !places(s, &probe, at, &run.effects).is_empty()
                })
                .map(|leader| Action::Pick(Pick::Leader { leader }))
                .collect(),
            "pick the leader to place".into(),
        ),
        Pending::Place { leader, at } => {
            let mut probe = run.clone();
            probe.leaders = vec![*leader];
            let options = places(s, &probe, at, &run.effects)
                .into_iter()
                .filter_map(Place::system)
                .map(|system| Action::Pick(Pick::System { system }))
                .collect();
            (options, format!("pick the system where {} goes", leader.name()))
        }
        Pending::DeckCard { deck } => (
            deck_cards(s, f, *deck).into_iter().map(|card| Action::Pick(Pick::Mission { card })).collect(),
            format!("pick the card to assign {} to", run.leaders.first().map_or("the leader", |l| l.name())),
        ),
        Pending::RingBearer { ring, to } => (
            ring_candidates(s, run, to.unwrap_or(RingTo::AnyOwn))
                .into_iter()
                .filter(|l| {
                    to.is_some()
                        || run.leaders.is_empty()
                        || run.leaders.contains(l)
                        || ring_candidates(s, run, RingTo::Recruited).contains(l)
                })
                .map(|leader| Action::Pick(Pick::Leader { leader }))
                .collect(),
            format!("pick the leader who receives the {} ring", ring.name()),
        ),
    };
    if actions.is_empty() {
        return None;
    }
    // A card searched from a secret deck is asked for even when the deck holds one title, so
    // the opponent does not learn it from the prompt (`asking.rs`).
    let secret = matches!(p, Pending::DeckCard { .. });
    Some(run.ask(f, actions, what).always_asked(secret))
}

/// Applies the answer to the choice.
pub fn act(ctx: &mut Ctx, run: &mut CardRun, p: Pending, a: Action) -> Result<Next, RuleError> {
    // `flow::apply` only lets through an answer the decision offered.
    let f = run.faction;
    match (p, a) {
        (Pending::Leader { at }, Action::Pick(Pick::Leader { leader })) => {
            run.leaders = vec![leader];
            if let Some(deck) = at.deck {
                return Ok(Next::Wait(super::Pending::Placement(Pending::DeckCard { deck })));
            }
            if at.rebel_base {
                place(ctx, run, leader, ctx.s.base_place());
                return Ok(Next::Done);
            }
            Ok(Next::Wait(super::Pending::Placement(Pending::Place { leader, at })))
        }
        (Pending::Place { leader, .. }, Action::Pick(Pick::System { system })) => {
            place(ctx, run, leader, Place::System(system));
            Ok(Next::Done)
        }
        (Pending::DeckCard { deck }, Action::Pick(Pick::Mission { card })) => {
            let Some(&leader) = run.leaders.first() else { return Ok(Next::Done) };
            let pile = match deck {
                Deck::Missions => ctx.s.decks.missions.get_mut(f),
                Deck::Projects => &mut ctx.s.decks.projects,
            };
            let Some(i) = pile.iter().position(|&m| m == card) else { return Ok(Next::Done) };
            pile.remove(i);
            let mut rest = std::mem::take(pile);
            ctx.s.rng.shuffle(&mut rest);
            *match deck {
                Deck::Missions => ctx.s.decks.missions.get_mut(f),
                Deck::Projects => &mut ctx.s.decks.projects,
            } = rest;
            ctx.s.leader_pool.get_mut(f).retain(|&l| l != leader);
            ctx.s.assignments.get_mut(f).push(Assignment { mission: card, leaders: vec![leader] });
            // The searched card stays hidden from the opponent (Rules Reference, Action Cards).
            ctx.public(EventKind::Assigned { faction: f, leaders: vec![leader] });
            Ok(Next::Done)
        }
        (Pending::RingBearer { ring, .. }, Action::Pick(Pick::Leader { leader })) => {
            give(ctx, leader, ring);
            let _ = f;
            Ok(Next::Done)
        }
        (_, a) => Err(run.wrong(&a)),
    }
}

fn place(ctx: &mut Ctx, run: &mut CardRun, leader: LeaderId, to: Place) {
    let f = run.faction;
    ctx.s.leader_pool.get_mut(f).retain(|&l| l != leader);
    ctx.s.zone_mut(to).leaders.get_mut(f).push(leader);
    ctx.public(EventKind::LeaderPlaced { leader, place: to });
    run.here = Some(to);
}
