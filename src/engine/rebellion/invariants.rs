//! The facts that hold after every applied action, checked by tests and simulations: every unit
//! is in exactly one documented place, every leader in at most one, rings agree with captures
//! and turned leaders, facedown missions hold one or two leaders, hands keep their limits, subjugation markers stand exactly where Imperial
//! ground units hold a populous system, every system they stand in is listed as searched
//! while the base is hidden, each side's supply, queues and units are its own; and
//! from one state to the next, time never goes back, no leader in play leaves it, and setup
//! ends with a ground unit in every Imperial system.

use super::action::Action;
use super::cards::leaders::counts_as;
use super::frame::Frame;
use super::phases::refresh::HAND_LIMIT;
use super::state::{Ring, State};
use crate::content::*;

/// How many units of one type the state holds: on the board, in the Rebel Base space, on the
/// build queue, ready to deploy and in the supply (destroyed units are back in the supply).
pub fn unit_total(s: &State, u: UnitId) -> u32 {
    let f = catalog().unit(u).faction;
    let mut n = s.supply.get(f).count(u) as u32 + s.ready.get(f).count(u) as u32;
    for p in s.places() {
        n += s.units(p, f).count(u) as u32;
    }
    n + s.build_queue.get(f).iter().map(|q| q.count(u) as u32).sum::<u32>()
}

/// In how many places a leader is: leader pools, facedown missions, systems, the Rebel Base
/// space and the eliminated pile (0 before it is recruited; 1 from then on).
pub fn leader_place_count(s: &State, l: LeaderId) -> usize {
    let mut seen = 0;
    for g in Faction::BOTH {
        seen += s.leader_pool.get(g).iter().filter(|&&x| x == l).count();
        seen += s.assignments.get(g).iter().filter(|a| a.leaders.contains(&l)).count();
        for p in s.places() {
            seen += s.zone(p).leaders.get(g).iter().filter(|&&x| x == l).count();
        }
    }
    seen + s.eliminated.iter().filter(|&&x| x == l).count()
}

/// Every broken invariant, in words (empty when all hold).
pub fn violations(s: &State) -> Vec<String> {
    let c = catalog();
    let mut out = vec![];
    for u in UnitId::all() {
        let have = unit_total(s, u);
        let want = if s.unit_in_play(u) { c.unit(u).count_in_box as u32 } else { 0 };
        if have != want {
            out.push(format!("{} {u} in play and supply, the box holds {want}", have));
        }
    }
    for l in LeaderId::all() {
        let f = s.leader_faction(l);
        let seen = leader_place_count(s, l);
        if seen > 1 {
            out.push(format!("leader {l} ({f}) is in {seen} places at once"));
        }
    }
    // A facedown mission holds one or two leaders (Rules Reference, Assignment Phase), also in
    // the team game, where a pair is made in two steps and the General's veto takes back the
    // Admiral's part only: no step may leave an empty assignment or a third leader.
    for f in Faction::BOTH {
        for a in s.assignments.get(f) {
            if !(1..=2).contains(&a.leaders.len()) {
                out.push(format!("the {f} assignment to {} holds {} leaders", a.mission, a.leaders.len()));
            }
        }
    }
    for &l in &s.captured {
        if s.leader_place(l).is_none() {
            out.push(format!("captured leader {l} is not on the board"));
        }
    }
    for (&l, &r) in &s.rings {
        // The captured ring is implied by `captured`; Carbonite is the only other ring a
        // captive wears, and only a captive wears it.
        if s.is_captured(l) != (r == Ring::Carbonite) {
            out.push(format!("leader {l} wears the {} ring, captured: {}", r.name(), s.is_captured(l)));
        }
    }
    for l in LeaderId::all() {
        if s.turned.contains(&l) != (s.ring(l) == Some(Ring::LureOfTheDarkSide)) {
            out.push(format!("leader {l}: turned {} but ring {:?}", s.turned.contains(&l), s.ring(l)));
        }
    }
    if s.reputation < s.time && s.winner.is_none() {
        out.push(format!("reputation {} passed time {} without a winner", s.reputation, s.time));
    }
    // Tactic cards are held only while a combat is fought (Rules Reference, Tactic Cards).
    if s.combat().is_none() {
        for f in Faction::BOTH {
            if !s.hands.get(f).tactics.is_empty() {
                out.push(format!("{f} holds tactic cards outside a combat"));
            }
        }
    }
    // The Refresh Phase discards down to 10 missions, and nothing is drawn before the next
    // Command Phase: the Assignment Phase starts within the hand limit.
    if matches!(s.stack.last(), Some(Frame::Assignment(_))) {
        for f in Faction::BOTH {
            let n = s.hands.get(f).missions.len();
            if n > HAND_LIMIT {
                out.push(format!("{f} holds {n} missions in the Assignment Phase (limit {HAND_LIMIT})"));
            }
        }
    }
    out.extend(probe_violations(s));
    out.extend(subjugation_violations(s));
    out.extend(searched_violations(s));
    out.extend(ownership_violations(s));
    out.extend(refresh_decision_violations(s));
    out
}

/// A Refresh Phase decision about units (building, scrapping, deploying) offered to a side
/// naming a unit of the other side: each side answers for its own icons and units only.
fn refresh_decision_violations(s: &State) -> Vec<String> {
    if !matches!(s.stack.last(), Some(Frame::Refresh(_))) {
        return vec![];
    }
    let Some(d) = super::flow::decision(s) else { return vec![] };
    d.actions
        .iter()
        .filter_map(|a| match a {
            Action::Build { unit } | Action::Scrap { unit, .. } | Action::Deploy { unit, .. } => Some(*unit),
            _ => None,
        })
        .filter(|&u| catalog().unit(u).faction != d.seat)
        .map(|u| format!("the {} is asked about {u}, a unit of the other side", d.seat))
        .collect()
}

/// Units kept for the wrong side: a faction's supply, build queue, units ready to deploy and
/// units on the board hold only units of its own (Rise of the Empire gives both sides build
/// icons with a choice of units, and each side's choices must fill its own queue).
fn ownership_violations(s: &State) -> Vec<String> {
    let mut out = vec![];
    for f in Faction::BOTH {
        let kept = [("supply", s.supply.get(f)), ("ready units", s.ready.get(f))]
            .into_iter()
            .chain(s.build_queue.get(f).iter().map(|q| ("build queue", q)))
            .chain(s.places().map(|p| ("board", s.units(p, f))));
        for (what, units) in kept {
            for (u, _) in units.iter() {
                if catalog().unit(u).faction != f {
                    out.push(format!("the {f} {what} holds {u}, a unit of the other side"));
                }
            }
        }
    }
    out
}

/// Probe cards in two places at once: each is in the probe deck, the Imperial hand or kept
/// face down by a card (Rise of the Empire: Secret Facility, Sweep the Area, Under the Radar),
/// or out of the game — never in two of them. (Cards handed over by the Rebels are in the
/// Imperial hand and recorded again as public; cards a choice is looking at are off the deck.)
fn probe_violations(s: &State) -> Vec<String> {
    let mut seen: Vec<SystemId> = vec![];
    let mut out = vec![];
    for x in s.decks.probes.iter().chain(&s.hands.empire.probes).copied().chain(s.rote_probes.all()) {
        if seen.contains(&x) {
            out.push(format!("the probe card of {x} is in two places"));
        }
        seen.push(x);
    }
    out
}

/// Subjugation markers out of place (Rules Reference, Subjugation): a marker stays only while
/// Imperial ground units are in its system, and, outside an activation or combat (when they
/// are placed), every populous, undestroyed system without Imperial loyalty that holds
/// Imperial ground units has one. Not checked during setup, which places none.
fn subjugation_violations(s: &State) -> Vec<String> {
    let mut out = vec![];
    if s.stack.iter().any(|f| matches!(f, Frame::Setup(_))) {
        return out;
    }
    let placing = !s.stack.iter().any(|f| matches!(f, Frame::Activation(_) | Frame::Combat(_)));
    for sys in SystemId::all() {
        let st = s.sys(sys);
        let ground = st.zone.units.empire.has_theater(Theater::Ground);
        if st.subjugated && !ground {
            out.push(format!("{sys} is subjugated without Imperial ground units"));
        }
        let open = catalog().system(sys).populous && !st.destroyed && st.loyalty != Some(Faction::Empire);
        if placing && open && ground && !st.subjugated {
            out.push(format!("{sys} holds Imperial ground units but no subjugation marker"));
        }
    }
    out
}

/// The list of systems searched for the base (`State::searched`, kept by
/// `victory::update_markers` beside a cache of it): no system twice, and while the base is
/// hidden, outside setup and outside a movement in progress (after which the list catches up),
/// every system Imperial ground units stand in.
fn searched_violations(s: &State) -> Vec<String> {
    let waiting = s.stack.iter().any(|f| match f {
        Frame::Setup(_) => true,
        Frame::Activation(a) => a.is_moving(),
        _ => false,
    });
    let mut out: Vec<String> = s
        .searched
        .iter()
        .enumerate()
        .filter(|&(i, x)| s.searched[..i].contains(x))
        .map(|(_, x)| format!("{x} is listed as searched twice"))
        .collect();
    if waiting || s.base.revealed {
        return out;
    }
    out.extend(
        SystemId::all()
            .filter(|&sys| {
                s.sys(sys).zone.units.empire.has_theater(Theater::Ground) && !s.searched.contains(&sys)
            })
            .map(|sys| format!("{sys} holds Imperial ground units but is not listed as searched")),
    );
    out
}

/// What must hold from one state to the next: the time marker never goes back, the round never
/// decreases, the version counts every applied action, and a leader in play stays somewhere.
pub fn step_violations(before: &State, after: &State) -> Vec<String> {
    let mut out = vec![];
    if after.time < before.time {
        out.push(format!("time went back from {} to {}", before.time, after.time));
    }
    if after.round < before.round {
        out.push(format!("round went back from {} to {}", before.round, after.round));
    }
    if after.version != before.version + 1 {
        out.push(format!("version {} after {}", after.version, before.version));
    }
    // Setup places at least one Imperial ground unit in each Imperial system (Rules Reference,
    // setup step II; the expansion's setup says the same): checked as the setup ends.
    let in_setup = |s: &State| s.stack.iter().any(|f| matches!(f, Frame::Setup(_)));
    if in_setup(before) && !in_setup(after) {
        for sys in SystemId::all().filter(|&x| after.is_imperial_system(x)) {
            if !after.has_ground(super::state::Place::System(sys), Faction::Empire) {
                out.push(format!("setup ended with Imperial system {sys} holding no Imperial ground unit"));
            }
        }
    }
    // A leader in play stays in play (eliminated leaders go to their own pile), unless another
    // side of it takes its place (Luke Skywalker becoming a Jedi).
    let entered: Vec<LeaderId> = LeaderId::all()
        .filter(|&m| leader_place_count(before, m) == 0 && leader_place_count(after, m) > 0)
        .collect();
    for l in LeaderId::all() {
        if leader_place_count(before, l) > 0
            && leader_place_count(after, l) == 0
            && !entered.iter().any(|&m| counts_as(m, l))
        {
            out.push(format!("leader {l} left play"));
        }
    }
    out
}
