//! The heuristic evaluation of a position: how likely each side is to win from here, read from
//! reputation against time, the hunt for the base, loyalty, units and leaders.
//!
//! The search calls it at the end of every short playout, in a determinized world (so the base
//! it reads is one the evaluating seat imagines, never the true one unless the seat knows it).

use std::sync::OnceLock;

use crate::content::*;
use crate::engine::rebellion::state::{State, Units};
use crate::engine::rebellion::{Place, victory};

/// Weights of the evaluation's terms (each a score for the Rebels; the Empire's is its negation).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Per system the base could still be in, as the Empire can tell, beyond what the Empire
    /// can be expected to rule out in the rounds left (`searched_per_round` a round).
    pub candidates: f64,
    /// How many systems the Empire rules out a round (probe cards and units).
    pub searched_per_round: f64,
    /// Per system the base could still be in with Imperial ground units there or next to it
    /// (a system the Empire can search next).
    pub reach: f64,
    /// For how close Imperial ground units stand to the systems the base could be in, shared
    /// among them: each counts the `closeness` of the nearest (1 there or next door, `distant`
    /// times less for each jump beyond). Only ground units rule a system out, so
    /// with few candidates left far from them the Empire must march, not wait.
    pub approach: f64,
    /// For a revealed base.
    pub revealed: f64,
    /// Per point of Imperial ground strength at a system the base could be in (half a point for
    /// strength next door, less further away: see `distant`) beyond the Rebel ground strength
    /// defending the base, shared among those systems.
    pub threat: f64,
    /// What Imperial ground strength away from a system counts for towards it, as a share, for
    /// the part of it without room on the ships where it stands: ground units move only aboard
    /// ships, and ships can come for them, a round or more later.
    pub stranded: f64,
    /// What a point of Imperial ground strength counts for at each jump beyond next door, as a
    /// share of the jump before: units far from the base still count a little, so that moving
    /// them one system closer shows in the evaluation (without it, the Empire could know the
    /// base for rounds and never march on it).
    pub distant: f64,
    /// Per loyal system (a subjugated one counts for the Empire).
    pub loyalty: f64,
    /// Per point of unit strength.
    pub units: f64,
    /// Per leader recruited (in the pool or on the board) and not captured.
    pub leaders: f64,
    /// Per leader kept in the pool (free to activate a system or oppose): the Empire's first four
    /// and the Rebels' first two in full, the others a fifth.
    pub free_leaders: f64,
    /// Per captured Rebel leader.
    pub captured: f64,
    /// Per objective card in the Rebel hand (reputation to come).
    pub objectives: f64,
}

/// The weights the bot plays with.
pub const WEIGHTS: Weights = Weights {
    candidates: 0.5,
    searched_per_round: 1.5,
    reach: 0.06,
    approach: 1.0,
    revealed: 0.3,
    threat: 0.12,
    stranded: 0.25,
    distant: 0.5,
    loyalty: 0.04,
    units: 0.01,
    leaders: 0.05,
    free_leaders: 0.12,
    captured: 0.15,
    objectives: 0.1,
};

/// How much score makes a difference of about one in the win chance's log-odds: large enough
/// that a side well ahead still sees its moves matter (a saturated evaluation tells the search
/// nothing).
const TEMPERATURE: f64 = 3.0;

/// What the evaluation reads of a unit type, by unit index: read from the catalog once, as the
/// evaluation runs millions of times.
#[derive(Clone, Copy)]
struct UnitFacts {
    /// Its attack dice and its health.
    strength: f64,
    /// Whether it fights on the ground.
    ground: bool,
    /// Whether it fights on the ground and moves only aboard a ship.
    carried: bool,
    /// The room it has for units that need a ship.
    capacity: f64,
}

/// [`UnitFacts`] of every unit type, by unit index.
fn unit_table() -> &'static [UnitFacts] {
    static TABLE: OnceLock<Vec<UnitFacts>> = OnceLock::new();
    TABLE.get_or_init(|| {
        UnitId::all()
            .map(|u| {
                let d = catalog().unit(u);
                let dice = (d.attack_black + d.attack_red + d.attack_green) as f64;
                let health = d.health.map_or(0.0, |(h, _)| h as f64);
                let ground = d.theater == Theater::Ground;
                UnitFacts {
                    strength: dice + health,
                    ground,
                    carried: ground && d.requires_transport && !d.immobile,
                    capacity: if d.requires_transport { 0.0 } else { d.transport_capacity as f64 },
                }
            })
            .collect()
    })
}

/// The most jumps at which Imperial ground units still count towards the threat to a system.
const FARTHEST: u8 = 7;

/// Jumps between every two systems (shortest path over adjacency), indexed by system ids.
fn distances() -> &'static Vec<Vec<u8>> {
    static TABLE: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let n = SystemId::all().count();
        SystemId::all()
            .map(|from| {
                let mut d = vec![u8::MAX; n];
                d[from.0 as usize] = 0;
                let mut frontier = vec![from];
                let mut step = 0u8;
                while !frontier.is_empty() {
                    step += 1;
                    let mut next = vec![];
                    for s in frontier {
                        for &t in &catalog().system(s).adjacent {
                            if d[t.0 as usize] == u8::MAX {
                                d[t.0 as usize] = step;
                                next.push(t);
                            }
                        }
                    }
                    frontier = next;
                }
                d
            })
            .collect()
    })
}

/// The strength of some units: all of them, and those fighting on the ground.
fn strengths(units: &Units) -> (f64, f64) {
    let table = unit_table();
    units.iter().fold((0.0, 0.0), |(all, ground), (u, n)| {
        let f = table[u.0 as usize];
        let v = f.strength * n as f64;
        (all + v, if f.ground { ground + v } else { ground })
    })
}

/// The share of some units' ground units that the ships among them have room for (1 without
/// ground units that need a ship).
fn carried_share(units: &Units) -> f64 {
    let table = unit_table();
    let (carried, room) = units.iter().fold((0.0, 0.0), |(carried, room), (u, n)| {
        let f = table[u.0 as usize];
        let n = n as f64;
        (if f.carried { carried + n } else { carried }, room + f.capacity * n)
    });
    if carried == 0.0 { 1.0 } else { (room / carried).min(1.0) }
}

/// How much what stands `d` jumps from a system counts towards it: in full there or next door,
/// `Weights::distant` times less for every jump beyond, nothing beyond `FARTHEST`.
fn closeness(d: u8, w: &Weights) -> f64 {
    match d {
        0 | 1 => 1.0,
        d if d <= FARTHEST => w.distant.powi(d as i32 - 1),
        _ => 0.0,
    }
}

/// The Imperial strength that could close in on system `c`, from `(system, strength there,
/// strength that can leave)` triples: units already there in full, the others by half their
/// `closeness`; and how many jumps away the nearest of them stands (`u8::MAX` without any).
fn closing_in(imperial: &[(SystemId, f64, f64)], c: SystemId, w: &Weights) -> (f64, u8) {
    let row = &distances()[c.0 as usize];
    let mut nearest = u8::MAX;
    let near = imperial
        .iter()
        .map(|&(p, here, leaving)| {
            let d = row[p.0 as usize];
            nearest = nearest.min(d);
            if d == 0 { here } else { leaving / 2.0 * closeness(d, w) }
        })
        .sum();
    (near, nearest)
}

/// The systems the base could be in as far as the Empire can tell: its probe card unseen (in
/// the deck, or the one the Rebels keep face down) and no public fact ruling it out.
pub fn base_candidates(s: &State) -> impl Iterator<Item = SystemId> + '_ {
    let cards = s.decks.probes.iter().copied().chain(s.rote_probes.kept).chain(s.base.system);
    cards.filter(|&x| !victory::base_ruled_out(s, x))
}

/// The systems the Empire hunts the base in: the revealed base, or else every system it could be
/// in as far as the Empire can tell ([`base_candidates`]).
pub fn hunted(s: &State) -> Vec<SystemId> {
    if s.base.revealed { s.base.system.into_iter().collect() } else { base_candidates(s).collect() }
}

/// The Rebels' score of a position (positive: good for the Rebels), before squashing.
pub fn score(s: &State, w: &Weights) -> f64 {
    let left = s.reputation.saturating_sub(s.time) as f64;
    let mut x = 0.0;
    // The hunt: every system the base could be in is equally likely as the Empire sees it; at
    // each, the Imperial ground strength that could land (there, or next door as far as ships
    // beside it have room) against the Rebel ground strength defending the base (in the Rebel
    // Base space while it is hidden), and the Imperial ships against the Rebel ships there. One
    // pass over the places (this runs at the end of every playout): the Imperial ground and
    // space strength in each system, the unit strength of each side, and the leaders on the
    // board.
    let mut imperial: Vec<(SystemId, f64, f64)> = vec![];
    let mut imperial_space: Vec<(SystemId, f64, f64)> = vec![];
    let mut balance = 0.0;
    let mut on_board = [0usize; 2];
    for p in s.places() {
        let zone = s.zone(p);
        let (rebel, _) = strengths(zone.units.get(Faction::Rebel));
        let (empire, empire_ground) = strengths(zone.units.get(Faction::Empire));
        balance += rebel - empire;
        if let Place::System(sys) = p {
            if empire_ground > 0.0 {
                let share = carried_share(zone.units.get(Faction::Empire));
                let leaving = empire_ground * (share + (1.0 - share) * w.stranded);
                imperial.push((sys, empire_ground, leaving));
            }
            if empire > empire_ground {
                let ships = empire - empire_ground;
                imperial_space.push((sys, ships, ships));
            }
        }
        on_board[0] += zone.leaders.get(Faction::Rebel).len();
        on_board[1] += zone.leaders.get(Faction::Empire).len();
    }
    let (all, defence) = strengths(s.units(s.base_place(), Faction::Rebel));
    let space_defence = all - defence;
    let candidates = hunted(s);
    let n = candidates.len().max(1) as f64;
    for &c in &candidates {
        let (near, nearest) = closing_in(&imperial, c, w);
        if nearest <= 1 {
            x -= w.reach;
        }
        x -= w.approach * closeness(nearest, w) / n;
        // The base falls only to an Empire that leaves no Rebel unit in its system: Rebel ships
        // defending it count against the Imperial ships that could come (an army beside a base
        // guarded by two starfighters takes nothing). More ships than the defence earn nothing
        // here: the ground decides (so without Rebel ships there is nothing to work out).
        let ships_short = if space_defence > 0.0 {
            (closing_in(&imperial_space, c, w).0 - space_defence).min(0.0)
        } else {
            0.0
        };
        x -= w.threat * (near - defence + ships_short) / n;
    }
    // Found, the base is one candidate: revealing it costs the Empire nothing by itself (the
    // threat above says whether it can take it).
    x += w.candidates * (n - w.searched_per_round * left);
    if s.base.revealed {
        x -= w.revealed;
    }
    for sys in SystemId::all() {
        let st = s.sys(sys);
        match (st.loyalty, st.subjugated) {
            (_, true) | (Some(Faction::Empire), _) => x -= w.loyalty,
            (Some(Faction::Rebel), _) => x += w.loyalty,
            _ => {}
        }
    }
    x += w.units * balance;
    for f in Faction::BOTH {
        let sign = if f == Faction::Rebel { 1.0 } else { -1.0 };
        let on_board = on_board[usize::from(f == Faction::Empire)];
        let on_missions = s.assignments.get(f).iter().map(|a| a.leaders.len()).sum::<usize>();
        let free = s.leader_pool.get(f).len();
        x += sign * w.leaders * (on_board + on_missions + free) as f64;
        // Leaders kept back to activate systems and oppose missions.
        // The Empire, hunting, needs more of them than the Rebels.
        let full = if f == Faction::Empire { 4 } else { 2 };
        x += sign * w.free_leaders * (free.min(full) as f64 + 0.2 * free.saturating_sub(full) as f64);
    }
    x -= w.captured * s.captured.len() as f64;
    x += w.objectives * s.hands.rebel.objectives.len() as f64;
    x
}

/// How likely the Rebels are to win, from 0 to 1: the winner's certainty once the game is over.
pub fn rebel_value(s: &State) -> f64 {
    let winner = s.winner.or_else(|| victory::winner(s).map(|(f, _)| f));
    match winner {
        Some(Faction::Rebel) => 1.0,
        Some(Faction::Empire) => 0.0,
        None => 1.0 / (1.0 + (-score(s, &WEIGHTS) / TEMPERATURE).exp()),
    }
}

/// How likely `f` is to win, from 0 to 1.
pub fn value(s: &State, f: Faction) -> f64 {
    let r = rebel_value(s);
    if f == Faction::Rebel { r } else { 1.0 - r }
}
