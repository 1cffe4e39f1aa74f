//! The Assignment Phase: the Rebels, then the Empire, put leaders on facedown missions.

use super::command::CommandPhase;
use crate::content::*;
use crate::engine::rebellion::action::{Action, Leaders};
use crate::engine::rebellion::asking;
use crate::engine::rebellion::cards::Trigger;
use crate::engine::rebellion::cards::actions::{self, Moment};
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::error::{RuleError, illegal};
use crate::engine::rebellion::event::EventKind;
pub use crate::engine::rebellion::frame::phases::AssignmentPhase;
use crate::engine::rebellion::frame::{Decision, Frame, Frames, PromptKind};
use crate::engine::rebellion::state::{Assignment, State};
use crate::engine::rebellion::team::colour;

impl AssignmentPhase {
    /// A side's turn to assign.
    pub fn of(turn: Faction) -> Self {
        AssignmentPhase { turn, closing: false, vetoed: vec![] }
    }
}

/// The moment at the end of the Assignment Phase.
fn closing_moment() -> Moment {
    Moment::Trigger { trigger: Trigger::AssignmentEnd, place: None, mission_leaders: vec![], captured: None }
}

/// The Command Phase begins.
fn command_phase(ctx: &mut Ctx) -> Frames {
    ctx.public(EventKind::Phase { round: ctx.s.round, phase: "Command Phase".into() });
    vec![Frame::Command(CommandPhase::for_match(ctx.s))]
}

/// Distinct mission ids in a hand, in hand order.
pub fn distinct(hand: &[MissionId]) -> Vec<MissionId> {
    firsts(hand).collect()
}

/// Each mission of a hand once, in hand order (`distinct` without building the list: the
/// Assignment Phase walks it hundreds of times a phase).
fn firsts(hand: &[MissionId]) -> impl Iterator<Item = MissionId> + '_ {
    hand.iter().enumerate().filter(|&(i, m)| !hand[..i].contains(m)).map(|(_, &m)| m)
}

/// The assignment decision: every mission × one or two pool leaders, or done.
pub fn decision(s: &State, p: &AssignmentPhase) -> Option<Decision> {
    let f = p.turn;
    if p.closing {
        let mut actions: Vec<Action> = actions::usable(s, f, &closing_moment())
            .into_iter()
            .map(|card| Action::PlayAction { card })
            .collect();
        actions.push(Action::Done);
        let open = asking::action_window(s, f, &closing_moment());
        return Some(Decision::new(f, PromptKind::AssignLeaders, actions).always_asked(open));
    }
    let pool = s.leader_pool.get(f);
    let hand = &s.hands.get(f).missions;
    // The team game (a side of two players): each player assigns their own leaders (Rules
    // Reference, Assignment Phase), so a pair of both colours is made in two steps, the second
    // player joining the first one's mission.
    let split = s.options.players.splits(f);
    let both = |a: LeaderId, b: LeaderId| split && colour(a) != colour(b);
    let mut actions = Vec::with_capacity(hand.len() * pool.len() * (pool.len() + 1) / 2 + 4);
    // The team game: an assignment the General sent back is not made again.
    let vetoed = |m: MissionId, ls: &[LeaderId]| p.vetoed.iter().any(|v| v.mission == m && v.leaders == ls);
    // Nothing to leave out (no General's veto, one player for the side) needs no test: the
    // list is written hundreds of times a phase.
    let plain = !split && p.vetoed.is_empty();
    for m in firsts(hand) {
        for (i, &a) in pool.iter().enumerate() {
            if plain || !vetoed(m, &[a]) {
                actions.push(Action::Assign { mission: m, leaders: Leaders::one(a) });
            }
            let pairs = pool[i + 1..].iter().filter(|&&b| plain || (!vetoed(m, &[a, b]) && !both(a, b)));
            actions.extend(pairs.map(|&b| Action::Assign { mission: m, leaders: Leaders::two(a, b) }));
        }
    }
    if split {
        for asg in s.assignments.get(f) {
            for &b in pool.iter().filter(|&&b| joinable(asg, b)) {
                if !vetoed(asg.mission, &[b]) {
                    actions.push(Action::Assign { mission: asg.mission, leaders: Leaders::one(b) });
                }
            }
        }
    }
    // The team game: the General may stop the Admiral assigning a leader to a mission (with
    // three players the one Rebel plays both roles: nobody to overrule).
    for asg in s.assignments.get(f) {
        if split
            && holds_admirals(asg)
            && !actions.iter().any(|a| matches!(a, Action::Veto { mission } if *mission == asg.mission))
        {
            actions.push(Action::Veto { mission: asg.mission });
        }
    }
    // Assignment action cards are used instead of assigning a leader.
    for card in actions::usable(s, f, &Moment::Assignment) {
        actions.push(Action::PlayAction { card });
    }
    actions.push(Action::Done);
    // With no mission to assign, only an Assignment action card would keep the step open:
    // whether it is asked follows from the cards the player could hold (`asking.rs`).
    let open = asking::action_window(s, f, &Moment::Assignment);
    Some(Decision::new(f, PromptKind::AssignLeaders, actions).always_asked(open))
}

/// An Assignment Phase turn's options described without their list: each distinct mission in
/// hand with each leader of the pool alone or paired with a later one, then the usable cards,
/// then `done` — the order `decision` writes them in. The list runs to hundreds and is written
/// afresh after every single assignment; a random player needs only its length and the one
/// option it draws (`Position::options`). Made only for a turn that leaves nothing out (one
/// player for the side, no General's veto) and with a mission to assign.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listing {
    /// Who assigns.
    pub seat: Faction,
    /// How many distinct missions are in hand.
    missions: usize,
    /// How many leaders are in the pool.
    pool: usize,
    /// The Assignment action cards usable instead of an assignment.
    cards: Vec<ActionCardId>,
}

/// The listing of the turn `p` when it can be described without its list (see [`Listing`]).
pub fn listing(s: &State, p: &AssignmentPhase) -> Option<Listing> {
    let f = p.turn;
    if p.closing || s.options.players.splits(f) || !p.vetoed.is_empty() {
        return None;
    }
    let pool = s.leader_pool.get(f).len();
    let missions = firsts(&s.hands.get(f).missions).count();
    if pool == 0 || missions == 0 {
        return None;
    }
    Some(Listing { seat: f, missions, pool, cards: actions::usable(s, f, &Moment::Assignment) })
}

impl Listing {
    /// How many assignments one mission offers: each leader alone, and each pair.
    fn per_mission(&self) -> usize {
        self.pool * (self.pool + 1) / 2
    }
    /// How many options the decision has.
    pub fn count(&self) -> usize {
        self.missions * self.per_mission() + self.cards.len() + 1
    }
    /// Option `i` of the decision in state `s` (the state the listing was made from), as
    /// `decision` would list it; `None` past the end.
    pub fn get(&self, s: &State, i: usize) -> Option<Action> {
        let assignments = self.missions * self.per_mission();
        if i >= assignments {
            return match i - assignments {
                c if c < self.cards.len() => Some(Action::PlayAction { card: self.cards[c] }),
                c if c == self.cards.len() => Some(Action::Done),
                _ => None,
            };
        }
        let mission = firsts(&s.hands.get(self.seat).missions).nth(i / self.per_mission())?;
        // Within a mission: leader `a` alone, then `a` with each later leader, for each `a`.
        let pool = s.leader_pool.get(self.seat);
        let mut k = i % self.per_mission();
        for (a, &first) in pool.iter().enumerate() {
            let block = self.pool - a;
            if k < block {
                let leaders = if k == 0 { Leaders::one(first) } else { Leaders::two(first, pool[a + k]) };
                return Some(Action::Assign { mission, leaders });
            }
            k -= block;
        }
        None
    }
}

/// The team game: whether leader `b` may join this assignment — it holds one leader, of the
/// other player's colour (a pair of both colours is made in two steps). The offer and the join
/// use this one test, so a join lands on the assignment it was offered for even when another
/// copy of the mission is assigned too.
fn joinable(a: &Assignment, b: LeaderId) -> bool {
    matches!(a.leaders[..], [first] if colour(first) != colour(b))
}

/// The team game: whether an assignment holds an Admiral's leader, so that the General may send
/// it back (the offer and the veto use this one test, as for [`joinable`]).
fn holds_admirals(a: &Assignment) -> bool {
    a.leaders.iter().any(|&l| colour(l) == TeamColour::Blue)
}

/// Applies an assignment or `done`. Cannot refuse an offered action (no error result), so
/// `apply` changes the state in place for it.
pub fn act(ctx: &mut Ctx, p: AssignmentPhase, a: Action) -> Frames {
    let f = p.turn;
    match a {
        Action::Assign { mission, leaders } => {
            let hand = &mut ctx.s.hands.get_mut(f).missions;
            match hand.iter().position(|&m| m == mission) {
                Some(i) => {
                    hand.remove(i);
                    ctx.s.assignments.get_mut(f).push(Assignment { mission, leaders: leaders.to_vec() });
                }
                // The team game: a player joins the teammate's leader on a mission — the
                // assignment the join was offered for (one leader, of the other colour), not
                // another copy of the same mission.
                None => {
                    let joins =
                        |a: &Assignment| a.mission == mission && leaders.iter().all(|&b| joinable(a, b));
                    let asg = ctx.s.assignments.get_mut(f).iter_mut().find(|a| joins(a));
                    asg.expect("checked legal").leaders.extend(leaders.iter().copied());
                }
            }
            ctx.s.leader_pool.get_mut(f).retain(|l| !leaders.contains(l));
            ctx.public(EventKind::Assigned { faction: f, leaders: leaders.to_vec() });
            vec![Frame::Assignment(p)]
        }
        Action::Veto { mission } => {
            let mut p = p;
            let assigned = ctx.s.assignments.get_mut(f);
            // The Admiral's leaders go back to the pool; a General's leader on the mission
            // stays there, and the mission with it. The veto was offered for an assignment to
            // `mission` that holds an Admiral's leader: that one, not another copy of the
            // mission that holds the General's alone.
            let blue = |l: &LeaderId| colour(*l) == TeamColour::Blue;
            let i = assigned
                .iter()
                .position(|a| a.mission == mission && holds_admirals(a))
                .expect("checked legal");
            let (back, stay): (Vec<LeaderId>, Vec<LeaderId>) =
                assigned[i].leaders.iter().partition(|l| blue(l));
            if stay.is_empty() {
                assigned.remove(i);
                ctx.s.hands.get_mut(f).missions.push(mission);
            } else {
                assigned[i].leaders = stay;
            }
            ctx.s.leader_pool.get_mut(f).extend(back.iter().copied());
            ctx.public(EventKind::Vetoed { faction: f, leaders: back.clone() });
            p.vetoed.push(Assignment { mission, leaders: back });
            vec![Frame::Assignment(p)]
        }
        Action::PlayAction { card } => {
            let m = if p.closing { closing_moment() } else { Moment::Assignment };
            let run = actions::usable_run(ctx.s, f, card, &m).expect("checked legal");
            let frame = actions::play(ctx, f, card, run);
            vec![Frame::Assignment(p), frame]
        }
        Action::Done if p.closing => command_phase(ctx),
        Action::Done => match f {
            Faction::Rebel => {
                vec![Frame::Assignment(AssignmentPhase::of(Faction::Empire))]
            }
            // Rise of the Empire: the Rebels may answer the end of the phase (False Orders)
            // when a card they could hold fits it (`asking.rs`).
            Faction::Empire if asking::action_window(ctx.s, Faction::Rebel, &closing_moment()) => {
                vec![Frame::Assignment(AssignmentPhase {
                    closing: true,
                    ..AssignmentPhase::of(Faction::Rebel)
                })]
            }
            Faction::Empire => command_phase(ctx),
        },
        _ => unreachable!("apply hands this handler only the actions its decision offers"),
    }
}

/// The Assignment Phase has no automatic steps.
pub fn auto(_ctx: &mut Ctx, p: AssignmentPhase) -> Frames {
    vec![Frame::Assignment(p)]
}

/// Explains why an assignment is illegal.
pub fn explain(s: &State, f: Faction, a: &Action) -> RuleError {
    if let Action::Assign { mission, leaders } = a {
        if !s.hands.get(f).missions.contains(mission) {
            return illegal("Assignment Phase", format!("{} is not in your hand", mission.name()));
        }
        if leaders.is_empty() || leaders.len() > 2 {
            return illegal("Assignment Phase", "assign one or two leaders to a mission");
        }
        if leaders.len() == 2 && leaders[0] == leaders[1] {
            return illegal("Assignment Phase", "the two leaders must be different");
        }
        for l in leaders {
            if !s.leader_pool.get(f).contains(l) {
                return illegal("Assignment Phase", format!("{} is not in your leader pool", l.name()));
            }
        }
    }
    illegal("Assignment Phase", format!("`{}` is not possible now", a.command()))
}
