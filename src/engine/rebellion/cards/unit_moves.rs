//! Cards that move units into their system: from the "Rebel Base" space, from one system or
//! from anywhere, with caps per type and in total, ships-only or ground-only, ignoring
//! transport restrictions or the leaders that normally hold units back, as each card says.
//!
//! Adjacency never matters here: the card names where units come from (Rules Reference, Rebel
//! Base: "a few missions allow the Rebel player to move units between the Rebel Base space and
//! any system ignoring adjacency"). Every other movement rule holds unless the card lifts it
//! (Rules Reference, Moving Units): immobile units stay, transport capacity counts per origin,
//! and a leader in the origin holds its units there.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::run::{CardRun, Next};
use crate::content::*;
use crate::engine::rebellion::action::Action;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::error::{RuleError, illegal};
use crate::engine::rebellion::frame::Decision;
use crate::engine::rebellion::phases::movement::{Moved, can_leave, move_units};
use crate::engine::rebellion::state::{Place, State, Units};

/// Where a card's move takes units from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// The "Rebel Base" space (the base's system once revealed).
    RebelBase,
    /// One system of the player's choice (fixed by the first unit moved).
    OneSystem,
    /// Any places.
    Anywhere,
}

/// What a card lets move into its system.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveSpec {
    /// Where units come from.
    pub from: Source,
    /// The most units moved in total, if capped.
    #[serde(default)]
    pub max: Option<u8>,
    /// When set, only these types move, each at most this many.
    #[serde(default)]
    pub caps: BTreeMap<UnitId, u8>,
    /// Only ships (`space`) or only ground units (`ground`).
    #[serde(default)]
    pub only: Option<Theater>,
    /// Units that need transport move without ships.
    #[serde(default)]
    pub ignore_transport: bool,
    /// Leaders in the origin do not hold the units back.
    #[serde(default)]
    pub ignore_leaders: bool,
}

/// A card's move in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moving {
    /// What the card allows.
    pub spec: MoveSpec,
    /// The origin of the first unit moved (the only one for `one_system`).
    pub from: Option<Place>,
    /// Units moved so far, per type.
    pub moved: Units,
    /// Transport bookkeeping per origin.
    pub transport: Vec<Moved>,
}

impl Moving {
    /// A move that has not started.
    pub fn new(spec: MoveSpec) -> Self {
        Moving { spec, from: None, moved: Units::default(), transport: vec![] }
    }
    fn spare(&self, from: Place) -> u32 {
        self.transport.iter().find(|m| m.from == from).map_or(0, |m| m.capacity - m.used)
    }
    fn entry(&mut self, from: Place) -> &mut Moved {
        if let Some(i) = self.transport.iter().position(|m| m.from == from) {
            &mut self.transport[i]
        } else {
            self.transport.push(Moved { from, capacity: 0, used: 0 });
            self.transport.last_mut().expect("just pushed")
        }
    }
}

/// The places units may come from now: `first` is the origin of the first unit moved, if any.
fn sources(s: &State, f: Faction, spec: &MoveSpec, first: Option<Place>, here: Place) -> Vec<Place> {
    let all: Vec<Place> = match spec.from {
        Source::RebelBase => vec![s.base_place()],
        Source::OneSystem => match first {
            Some(p) => vec![p],
            None => SystemId::all().map(Place::System).collect(),
        },
        Source::Anywhere => s.places().collect(),
    };
    all.into_iter()
        .filter(|&p| p != here && s.has_units(p, f))
        .filter(|&p| spec.ignore_leaders || can_leave(s, f, p))
        .collect()
}

/// How many of the `n` units of type `u` in an origin may move now, given what has moved
/// already, how many more may move in all, and the room left on ships from that origin.
fn most(spec: &MoveSpec, moved: &Units, total_left: u32, spare: u32, u: UnitId, n: u8) -> u32 {
    let d = catalog().unit(u);
    if d.immobile || spec.only.is_some_and(|t| d.theater != t) {
        return 0;
    }
    let mut max = (n as u32).min(total_left);
    if !spec.caps.is_empty() {
        let cap = spec.caps.get(&u).copied().unwrap_or(0);
        max = max.min(cap.saturating_sub(moved.count(u)) as u32);
    }
    if d.requires_transport && !spec.ignore_transport {
        max = max.min(spare);
    }
    max
}

/// Every legal `move` now (without `done`).
fn options(s: &State, run: &CardRun, m: &Moving) -> Vec<Action> {
    let Some(here) = run.here else { return vec![] };
    let f = run.faction;
    let total_left = m.spec.max.map_or(u32::MAX, |x| (x as u32).saturating_sub(m.moved.total()));
    let mut out = vec![];
    for from in sources(s, f, &m.spec, m.from, here) {
        for (u, n) in s.units(from, f).iter() {
            let max = most(&m.spec, &m.moved, total_left, m.spare(from), u, n);
            for count in 1..=max as u8 {
                out.push(Action::Move { from, unit: u, count });
            }
        }
    }
    out
}

/// Whether any unit could move now: `options` of a move not started is not empty. (Asked of
/// every card that moves units, at every window where it could be used: it stops at the
/// first unit found, and lists nothing.)
pub fn can(s: &State, run: &CardRun, spec: &MoveSpec) -> bool {
    let Some(here) = run.here else { return false };
    let total_left = spec.max.map_or(u32::MAX, u32::from);
    // Nothing has moved yet, so no ship's room is counted from any origin.
    let none = Units::default();
    sources(s, run.faction, spec, None, here).into_iter().any(|from| {
        s.units(from, run.faction).iter().any(|(u, n)| most(spec, &none, total_left, 0, u, n) > 0)
    })
}

fn limits(spec: &MoveSpec) -> String {
    let mut parts = vec![];
    if let Some(n) = spec.max {
        parts.push(format!("up to {n} units"));
    }
    if !spec.caps.is_empty() {
        let caps: Vec<String> = spec.caps.iter().map(|(u, n)| format!("{n} {}", u.name())).collect();
        parts.push(format!("at most {}", caps.join(", ")));
    }
    match spec.only {
        Some(Theater::Space) => parts.push("ships only".into()),
        Some(Theater::Ground) => parts.push("ground units only".into()),
        None => {}
    }
    if spec.ignore_transport {
        parts.push("no transport needed".into());
    }
    if parts.is_empty() { String::new() } else { format!(" ({})", parts.join("; ")) }
}

/// The move choice: units to bring in, or `done`.
pub fn decision(s: &State, run: &CardRun, m: &Moving) -> Option<Decision> {
    let here = run.here?;
    let from = match m.spec.from {
        Source::RebelBase => format!("from {}", s.base_place()),
        Source::OneSystem => match m.from {
            Some(p) => format!("from {p}"),
            None => "from one system".into(),
        },
        Source::Anywhere => "from anywhere".into(),
    };
    let mut actions = options(s, run, m);
    actions.push(Action::Done);
    Some(run.ask(run.faction, actions, format!("move units {from} into {here}{}", limits(&m.spec))))
}

/// Why a move is not allowed, naming the rule.
pub fn explain(s: &State, run: &CardRun, m: &Moving, a: &Action) -> RuleError {
    let Action::Move { from, unit, count } = a else { return run.wrong(a) };
    let name = run.card.name();
    let Some(here) = run.here else { return run.wrong(a) };
    let d = catalog().unit(*unit);
    let f = run.faction;
    let source_ok = match m.spec.from {
        Source::RebelBase => *from == s.base_place(),
        Source::OneSystem => from.system().is_some() && m.from.is_none_or(|p| p == *from),
        Source::Anywhere => true,
    };
    if !source_ok || *from == here {
        let why = match m.spec.from {
            Source::RebelBase => format!("{name} moves units from {} only", s.base_place()),
            _ => format!(
                "{name} moves units from one system only, and it is {}",
                m.from.map(|p| p.to_string()).unwrap_or_default()
            ),
        };
        return illegal("Moving Units", why);
    }
    if s.units(*from, f).count(*unit) < *count {
        return illegal(
            "Moving Units",
            format!("you have {} {} in {from}", s.units(*from, f).count(*unit), unit.name()),
        );
    }
    if !m.spec.ignore_leaders && !can_leave(s, f, *from) {
        return illegal(
            "Moving Units",
            format!("one of your leaders is in {from}, so your units there cannot move out"),
        );
    }
    if d.immobile {
        return illegal("Moving Units", format!("{} is immobile", unit.name()));
    }
    if m.spec.only.is_some_and(|t| t != d.theater) {
        let what = if d.theater == Theater::Space { "ships" } else { "ground units" };
        return illegal("Mission Cards", format!("{name} does not move {what}"));
    }
    if !m.spec.caps.is_empty() || m.spec.max.is_some() {
        let cap = m.spec.caps.get(unit).copied();
        let over_type = !m.spec.caps.is_empty() && m.moved.count(*unit) + count > cap.unwrap_or(0);
        let over_total = m.spec.max.is_some_and(|x| m.moved.total() + *count as u32 > x as u32);
        if over_type || over_total {
            return illegal("Mission Cards", format!("{name} moves{}", limits(&m.spec)));
        }
    }
    if d.requires_transport && !m.spec.ignore_transport {
        return illegal(
            "Transport Capacity",
            format!(
                "{} needs transport: move ships with enough capacity from {from} first ({} free)",
                unit.name(),
                m.spare(*from)
            ),
        );
    }
    run.wrong(a)
}

/// Applies a move or `done`.
pub fn act(ctx: &mut Ctx, run: &mut CardRun, mut m: Moving, a: Action) -> Result<Next, RuleError> {
    let Some(here) = run.here else { return Err(run.wrong(&a)) };
    match a {
        Action::Move { from, unit, count } if options(ctx.s, run, &m).contains(&a) => {
            let d = catalog().unit(unit);
            let carried = d.requires_transport && !m.spec.ignore_transport;
            let e = m.entry(from);
            if carried {
                e.used += count as u32;
            } else {
                e.capacity += d.transport_capacity as u32 * count as u32;
            }
            m.from = Some(from);
            m.moved.add(unit, count);
            move_units(ctx, run.faction, from, here, unit, count);
            Ok(Next::Wait(super::Pending::Units(super::units::Pending::Move(m))))
        }
        Action::Done => Ok(super::units::strand(ctx, run.faction, here)),
        a => Err(run.wrong(&a)),
    }
}
