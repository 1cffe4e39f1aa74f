//! Non-interference: twins of a state that differ only in one side's secrets (or in what no one
//! may know: deck order, the random stream), loaded into their own service so everything is
//! produced as the Discord host would get it, must look byte-identical to every viewer who may
//! not know the difference — now, and after the same next action.

use holonet::content::{
    ActionCardId, ActionTiming, Faction, MissionSet, ObjectiveId, ObjectiveTiming, SystemId, Theater, catalog,
};
use holonet::engine::rebellion::cards::{LeaderRule, action_behavior};
use holonet::engine::rebellion::phases::setup::SetupStep;
use holonet::engine::rebellion::state::State;
use holonet::engine::rebellion::{Frame, Place, decision};
use holonet::engine::rng::GameRng;

use super::cards::Card;
use super::knowledge::Who;

/// Which secret a twin changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// The hidden base moved to another system the Empire cannot rule out (its probe card
    /// takes the base's place in the probe deck).
    Base,
    /// Cards of one kind in a faction's hand swapped with cards of that faction's deck.
    Hand(Faction, Pile),
    /// One action card of a faction's hand swapped with one of its deck, chosen so that one of
    /// the two could answer a window soon (its leader stands where the card needs him) and the
    /// other could not: whether a window opens must not depend on which of them is held.
    LiveAction(Faction),
    /// A facedown mission swapped with another mission of the same faction.
    Facedown(Faction),
    /// Every deck in another order.
    Decks,
    /// Another random stream (future dice and shuffles).
    Rng,
    /// The Empire's secret mission-set pick, made before the Rebels pick theirs (Rise of the
    /// Empire setup), the other way round.
    MissionSet,
    /// Rise of the Empire: a probe card a faction keeps face down through an action card
    /// (Secret Facility, Sweep the Area; Under the Radar) swapped with a probe card its
    /// opponent cannot place (in the deck, or in the Imperial hand).
    HiddenProbe(Faction),
    /// The team game: which player of a side holds one of its action cards (the Admiral, the
    /// General, or either), changed.
    Holder(Faction),
}

/// A kind of hand card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Pile {
    /// Missions.
    Missions,
    /// Action cards.
    Actions,
    /// Objectives (Rebel).
    Objectives,
    /// Probe cards (Empire).
    Probes,
    /// Tactic cards (during a combat).
    Tactics,
}

impl Pile {
    /// The key of this kind in a view's `hands`.
    pub fn view_key(self) -> &'static str {
        match self {
            Pile::Missions => "missions",
            Pile::Actions => "actions",
            Pile::Objectives => "objectives",
            Pile::Probes => "probes",
            Pile::Tactics => "tactics",
        }
    }
}

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Kind::Base => f.write_str("base location"),
            Kind::Hand(x, p) => write!(f, "{x} hand ({})", p.view_key()),
            Kind::LiveAction(x) => write!(f, "{x} hand (one live action card)"),
            Kind::Facedown(x) => write!(f, "{x} facedown missions"),
            Kind::Decks => f.write_str("deck order"),
            Kind::Rng => f.write_str("random stream"),
            Kind::MissionSet => f.write_str("Imperial mission-set pick"),
            Kind::HiddenProbe(x) => write!(f, "{x} probe card kept face down"),
            Kind::Holder(x) => write!(f, "{x} action card holder"),
        }
    }
}

/// A twin state and who must not tell it from the original.
pub struct Twin {
    /// What differs.
    pub kind: Kind,
    /// The twin.
    pub state: State,
    /// The receivers who may not know the difference.
    pub observers: Vec<Who>,
}

/// Systems the hidden base could be in as far as the public and the Empire can tell: still in
/// the probe deck (not in the Imperial hand, not handed over), not destroyed, with no Imperial
/// ground unit or loyalty (either would have revealed it).
fn base_candidates(s: &State) -> Vec<SystemId> {
    s.decks
        .probes
        .iter()
        .copied()
        .filter(|&x| {
            let st = s.sys(x);
            Some(x) != s.base.system
                && !st.destroyed
                && st.loyalty != Some(Faction::Empire)
                && !s.has_ground(Place::System(x), Faction::Empire)
        })
        .collect()
}

fn pick<T: Copy>(v: &[T], rng: &mut GameRng) -> Option<T> {
    (!v.is_empty()).then(|| v[rng.below(v.len())])
}

/// Swaps each card of `hand` with probability 1/2 (at least one) with a random card of `deck`,
/// among the cards `unknown` says the observers cannot know (a card may have shown them some:
/// Retrieve the Plans shows the Empire the Rebel objectives it picks from).
fn swap_some<T: Copy + PartialEq>(
    hand: &mut [T],
    deck: &mut [T],
    rng: &mut GameRng,
    unknown: impl Fn(T) -> bool,
) -> bool {
    let pool: Vec<usize> = (0..deck.len()).filter(|&j| unknown(deck[j])).collect();
    let mine: Vec<usize> = (0..hand.len()).filter(|&i| unknown(hand[i])).collect();
    if mine.is_empty() || pool.is_empty() {
        return false;
    }
    let forced = mine[rng.below(mine.len())];
    let mut changed = false;
    for (i, card) in hand.iter_mut().enumerate().filter(|(i, _)| mine.contains(i)) {
        if i == forced || rng.below(2) == 0 {
            let j = pool[rng.below(pool.len())];
            if *card != deck[j] {
                std::mem::swap(card, &mut deck[j]);
                changed = true;
            }
        }
    }
    changed
}

/// Where a probe card kept face down by `f` could be instead, as `f`'s opponent sees it: the
/// probe deck (for the Imperial cards also the Imperial hand, which the Rebels do not see),
/// never the hidden base's card (the Rebels know it is in the deck, the Empire that it is not
/// in its hand). `(true, i)` is the deck's card `i`, `(false, i)` the hand's.
fn hidden_probe_partners(s: &State, f: Faction) -> Vec<(bool, usize)> {
    let ok = |x: &SystemId| Some(*x) != s.base.system;
    let deck = s.decks.probes.iter().enumerate().filter(|(_, x)| ok(x)).map(|(i, _)| (true, i));
    let hand = s.hands.empire.probes.iter().enumerate().filter(|(_, x)| ok(x)).map(|(i, _)| (false, i));
    match f {
        Faction::Empire => deck.chain(hand).collect(),
        Faction::Rebel => deck.collect(),
    }
}

/// Whether an action card can be in a hand: an Immediate card resolves the moment it is gained.
fn holdable(a: ActionCardId) -> bool {
    catalog().action_card(a).timing != ActionTiming::Immediate
}

/// Whether an objective can be in a hand: an Immediate one (Rise of the Empire) is revealed
/// the moment it is drawn.
fn objective_holdable(o: ObjectiveId) -> bool {
    catalog().objective(o).timing != ObjectiveTiming::Immediate
}

/// Whether the leader an action card needs stands where the card needs him now (in the pool,
/// on the board, on a mission or captured): a card that could answer a window soon.
pub fn live(s: &State, f: Faction, a: ActionCardId) -> bool {
    let shown = &catalog().action_card(a).leaders;
    let mine = || shown.iter().copied().filter(move |&l| s.leader_faction(l) == f);
    let on_board = |l| s.leader_place(l).is_some_and(|p| p.system().is_some());
    match action_behavior(a).leader {
        LeaderRule::None => false,
        LeaderRule::InPool => mine().any(|l| s.leader_pool.get(f).contains(&l)),
        LeaderRule::InSystem | LeaderRule::OnBoard => mine().any(|l| on_board(l) && !s.is_captured(l)),
        LeaderRule::OnMission => mine().any(|l| s.assignments.get(f).iter().any(|x| x.leaders.contains(&l))),
        LeaderRule::Captured => mine().any(on_board),
    }
}

/// The twin kinds that can be built from a state.
pub fn kinds(s: &State) -> Vec<Kind> {
    let mut out = vec![];
    if !s.base.revealed && s.base.system.is_some() && !base_candidates(s).is_empty() {
        out.push(Kind::Base);
    }
    for f in Faction::BOTH {
        let h = s.hands.get(f);
        let d = &s.decks;
        if !h.missions.is_empty() && !d.missions.get(f).is_empty() {
            out.push(Kind::Hand(f, Pile::Missions));
        }
        if !h.actions.is_empty() && !d.actions.get(f).is_empty() {
            out.push(Kind::Hand(f, Pile::Actions));
            out.push(Kind::LiveAction(f));
        }
        if f == Faction::Rebel && !h.objectives.is_empty() && !d.objectives.is_empty() {
            out.push(Kind::Hand(f, Pile::Objectives));
        }
        if f == Faction::Empire && !h.probes.is_empty() && !d.probes.is_empty() {
            out.push(Kind::Hand(f, Pile::Probes));
        }
        let tactic_decks = !d.space_tactics.is_empty() || !d.ground_tactics.is_empty();
        if !h.tactics.is_empty() && tactic_decks {
            out.push(Kind::Hand(f, Pile::Tactics));
        }
        let other_missions = !h.missions.is_empty() || !d.missions.get(f).is_empty();
        // While the opponent looks through this hand (Stolen Intel's discard), it sees which
        // missions are in the hand: a facedown mission traded with one of them is no twin.
        let shown = matches!(s.stack.last(), Some(Frame::Card(run))
            if run.faction == f.opponent()
                && matches!(run.pending, Some(holonet::engine::rebellion::cards::run::Pending::Hands(_))));
        if !s.assignments.get(f).is_empty() && other_missions && !shown {
            out.push(Kind::Facedown(f));
        }
    }
    if !s.rote_probes.under.is_empty() && !hidden_probe_partners(s, Faction::Empire).is_empty() {
        out.push(Kind::HiddenProbe(Faction::Empire));
    }
    if s.rote_probes.kept.is_some() && !hidden_probe_partners(s, Faction::Rebel).is_empty() {
        out.push(Kind::HiddenProbe(Faction::Rebel));
    }
    if matches!(s.stack.last(), Some(Frame::Setup(SetupStep::MissionSets { empire: Some(_) }))) {
        out.push(Kind::MissionSet);
    }
    for f in Faction::BOTH {
        if s.options.players.splits(f) && !s.hands.get(f).actions.is_empty() {
            out.push(Kind::Holder(f));
        }
    }
    out.push(Kind::Decks);
    out.push(Kind::Rng);
    out
}

/// Builds a twin of `s` of one kind; `None` if this draw changed nothing.
pub fn make(
    s: &State,
    kind: Kind,
    rng: &mut GameRng,
    unknown: &dyn Fn(Faction, Card) -> bool,
) -> Option<Twin> {
    let mut t = s.clone();
    // Whose secret differs (`None`: no one's, as deck order): they may tell the twins apart.
    let (owner, changed) = match kind {
        Kind::Base => {
            let b = pick(&base_candidates(s), rng)?;
            let old = s.base.system?;
            t.base.system = Some(b);
            for p in &mut t.decks.probes {
                if *p == b {
                    *p = old;
                }
            }
            (Some(Faction::Rebel), true)
        }
        Kind::Hand(f, pile) => {
            let (h, d) = (&mut t.hands, &mut t.decks);
            let opp = f.opponent();
            let changed = match pile {
                Pile::Missions => swap_some(&mut h.get_mut(f).missions, d.missions.get_mut(f), rng, |m| {
                    unknown(opp, Card::Mission(m))
                }),
                Pile::Actions => swap_some(&mut h.get_mut(f).actions, d.actions.get_mut(f), rng, |a| {
                    unknown(opp, Card::Action(a)) && holdable(a)
                }),
                Pile::Objectives => swap_some(&mut h.get_mut(f).objectives, &mut d.objectives, rng, |o| {
                    unknown(opp, Card::Objective(o)) && objective_holdable(o)
                }),
                Pile::Probes => swap_some(&mut h.get_mut(f).probes, &mut d.probes, rng, |_| true),
                Pile::Tactics => {
                    // Each card is swapped within its own deck (space for space, ground for ground).
                    let mut changed = false;
                    for card in h.get_mut(f).tactics.iter_mut() {
                        let deck = match catalog().tactic(*card).theater {
                            Theater::Space => &mut d.space_tactics,
                            Theater::Ground => &mut d.ground_tactics,
                        };
                        let pool: Vec<usize> =
                            (0..deck.len()).filter(|&j| unknown(opp, Card::Tactic(deck[j]))).collect();
                        if unknown(opp, Card::Tactic(*card)) && !pool.is_empty() && rng.below(2) == 0 {
                            let j = pool[rng.below(pool.len())];
                            if *card != deck[j] {
                                std::mem::swap(card, &mut deck[j]);
                                changed = true;
                            }
                        }
                    }
                    changed
                }
            };
            (Some(f), changed)
        }
        Kind::LiveAction(f) => {
            let opp = f.opponent();
            let ok = |a: ActionCardId| unknown(opp, Card::Action(a)) && holdable(a);
            let (hand, deck) = (&s.hands.get(f).actions, s.decks.actions.get(f));
            let pairs: Vec<(usize, usize)> = (0..hand.len())
                .filter(|&i| ok(hand[i]))
                .flat_map(|i| (0..deck.len()).map(move |j| (i, j)))
                .filter(|&(i, j)| ok(deck[j]) && live(s, f, hand[i]) != live(s, f, deck[j]))
                .collect();
            let (i, j) = pick(&pairs, rng)?;
            let (h, d) = (&mut t.hands.get_mut(f).actions, t.decks.actions.get_mut(f));
            std::mem::swap(&mut h[i], &mut d[j]);
            (Some(f), true)
        }
        Kind::Facedown(f) => {
            // A facedown mission may trade places with any mission of the hand (the opponent
            // knows the hand and the facedown missions together, not which is where: starting
            // missions and missions that went back to hand included), or with one of the deck
            // that the opponent has never seen (a card it saw cannot be back in the deck).
            let opp = f.opponent();
            let n = t.assignments.get(f).len();
            let i = rng.below(n);
            let mine = t.assignments.get(f)[i].mission;
            let deck_ok = unknown(opp, Card::Mission(mine));
            let deck: Vec<usize> = (0..t.decks.missions.get(f).len())
                .filter(|&j| deck_ok && unknown(opp, Card::Mission(t.decks.missions.get(f)[j])))
                .collect();
            let hand_len = t.hands.get(f).missions.len();
            if hand_len == 0 && deck.is_empty() {
                return None;
            }
            let from_hand = hand_len > 0 && (deck.is_empty() || rng.below(2) == 0);
            let (other, j) = if from_hand {
                (&mut t.hands.get_mut(f).missions, rng.below(hand_len))
            } else {
                (t.decks.missions.get_mut(f), deck[rng.below(deck.len())])
            };
            let a = &mut t.assignments.get_mut(f)[i];
            let changed = a.mission != other[j];
            std::mem::swap(&mut a.mission, &mut other[j]);
            (Some(f), changed)
        }
        Kind::Decks => {
            let d = &mut t.decks;
            for f in Faction::BOTH {
                rng.shuffle(d.missions.get_mut(f));
                rng.shuffle(d.actions.get_mut(f));
            }
            rng.shuffle(&mut d.projects);
            rng.shuffle(&mut d.objectives);
            rng.shuffle(&mut d.probes);
            rng.shuffle(&mut d.space_tactics);
            rng.shuffle(&mut d.ground_tactics);
            (None, t.decks != s.decks)
        }
        Kind::Rng => {
            t.rng = GameRng::from_seed(rng.below(usize::MAX) as u64);
            (None, true)
        }
        Kind::HiddenProbe(f) => {
            let (in_deck, j) = pick(&hidden_probe_partners(s, f), rng)?;
            let other = if in_deck { &mut t.decks.probes[j] } else { &mut t.hands.empire.probes[j] };
            let kept = match f {
                Faction::Empire => {
                    let i = rng.below(t.rote_probes.under.len());
                    &mut t.rote_probes.under[i].probe
                }
                Faction::Rebel => t.rote_probes.kept.as_mut()?,
            };
            std::mem::swap(kept, other);
            (Some(f), true)
        }
        Kind::Holder(f) => {
            use holonet::content::TeamColour;
            let hand = &s.hands.get(f).actions;
            let card = hand[rng.below(hand.len())];
            let now = t.card_holders.get(&card).copied();
            let options: Vec<Option<TeamColour>> = [None, Some(TeamColour::Blue), Some(TeamColour::Orange)]
                .into_iter()
                .filter(|c| *c != now)
                .collect();
            match options[rng.below(options.len())] {
                Some(c) => t.card_holders.insert(card, c),
                None => t.card_holders.remove(&card),
            };
            (Some(f), true)
        }
        Kind::MissionSet => {
            let Some(Frame::Setup(SetupStep::MissionSets { empire: Some(set) })) = t.stack.last_mut() else {
                return None;
            };
            *set = match *set {
                MissionSet::Base => MissionSet::Vader,
                MissionSet::Vader => MissionSet::Base,
            };
            (Some(Faction::Empire), true)
        }
    };
    if !changed || t == *s {
        return None;
    }
    let observers = Who::ALL
        .into_iter()
        .filter(|&w| match (kind, w) {
            (_, Who::Public) => true,
            (Kind::Decks | Kind::Rng, _) => true,
            (_, Who::Seat(x)) if Some(x) == owner => false,
            // A hand the viewer sees anyway (the opponent's tactic cards under Good Intel).
            (Kind::Hand(f, pile), Who::Seat(x)) => {
                let v = holonet::engine::rebellion::view(s, holonet::engine::rebellion::Viewer::Faction(x));
                matches!(
                    v.hands.get(&f).and_then(|h| h.get(pile.view_key())),
                    Some(holonet::engine::rebellion::view::Cards::Hidden(_))
                )
            }
            _ => true,
        })
        .collect();
    Some(Twin { kind, state: t, observers })
}

/// Who decides what in a state (seat and kind), as everyone sees it.
pub fn waiting(s: &State) -> Option<(Faction, String)> {
    decision(s).map(|d| (d.seat, d.kind.describe().to_string()))
}
