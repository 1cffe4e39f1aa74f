//! Consistency checks on the loaded catalog; every error names the offending entry and file.
//!
//! The expected totals below come from the Rules Reference (component list, setup) and the
//! card counts of the base game.

use std::collections::{HashMap, HashSet};

use super::Catalog;
use super::defs::*;
use super::error::ContentError;
use super::files::{
    ACTION_CARDS, BOARD, DICE, LEADERS, MISSIONS, OBJECTIVES, ROTE_DICE, ROTE_UNITS, TACTICS, TIME_TRACK,
    UNITS,
};
use super::ids::*;

/// Systems on the board.
const SYSTEM_COUNT: usize = 32;
/// Systems per region.
const REGION_SIZE: usize = 4;
/// Probe cards: one per system except the fixed-Imperial one (Coruscant).
const PROBE_CARDS: usize = 31;
/// Rebel-marked and Imperial-marked probe cards the full-game setup reveals.
const SETUP_MARKS_NEEDED: ByFaction<usize> = ByFaction { rebel: 3, empire: 5 };
/// Leaders each faction starts with.
const STARTING_LEADERS: usize = 4;
/// Starting missions each faction holds.
const STARTING_MISSIONS: usize = 4;
/// Mission cards in the box, project cards included.
const MISSION_CARDS: u32 = 68;
/// Imperial project cards.
const PROJECT_CARDS: u32 = 10;
/// Tactic cards per theater.
const TACTIC_CARDS_PER_THEATER: u32 = 15;
/// Objective cards per stage (three stages).
const OBJECTIVES_PER_STAGE: u32 = 5;
/// Units in the box, per the Rules Reference component list.
const BOX_COUNTS: [(&str, u8); 18] = [
    ("tie_fighter", 24),
    ("assault_carrier", 8),
    ("star_destroyer", 8),
    ("super_star_destroyer", 2),
    ("death_star", 2),
    ("death_star_under_construction", 1),
    ("stormtrooper", 30),
    ("at_st", 10),
    ("at_at", 4),
    ("x_wing", 8),
    ("y_wing", 12),
    ("corellian_corvette", 4),
    ("rebel_transport", 4),
    ("mon_calamari_cruiser", 3),
    ("rebel_trooper", 21),
    ("airspeeder", 6),
    ("shield_generator", 3),
    ("ion_cannon", 3),
];
/// Rise of the Empire's units and how many the box holds (one table-top transcription: the
/// rules summary names no count; `assets/rote/units.json` marks them uncertain).
const ROTE_BOX_COUNTS: [(&str, u8); 8] = [
    ("tie_striker", 6),
    ("interdictor", 3),
    ("assault_tank", 6),
    ("shield_bunker", 3),
    ("u_wing", 6),
    ("nebulon_b_frigate", 3),
    ("rebel_vanguard", 6),
    ("golan_arms_turret", 3),
];

/// A short name of a resource icon, e.g. "blue triangle".
pub(super) fn icon_name(i: ResourceIcon) -> String {
    let color = match i.color {
        IconColor::Blue => "blue",
        IconColor::Orange => "orange",
    };
    let shape = match i.shape {
        IconShape::Triangle => "triangle",
        IconShape::Circle => "circle",
        IconShape::Square => "square",
    };
    format!("{color} {shape}")
}

/// Checks that the ids of one list are unique snake_case; returns the id→index map.
pub(super) fn unique_ids<'a>(
    file: &'static str,
    kind: &'static str,
    ids: &[&'a str],
) -> Result<HashMap<&'a str, u16>, ContentError> {
    let mut map = HashMap::new();
    for (i, id) in ids.iter().enumerate() {
        let snake =
            !id.is_empty() && id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        if !snake {
            return Err(ContentError::invalid(
                file,
                format!("{kind} `{id}`"),
                "has an id that is not snake_case",
            ));
        }
        let i = u16::try_from(i)
            .map_err(|_| ContentError::invalid(file, format!("{kind} list"), "has too many entries"))?;
        if map.insert(*id, i).is_some() {
            return Err(ContentError::DuplicateId { file, kind, id: id.to_string() });
        }
    }
    Ok(map)
}

/// Runs every check; `adjacency` is the board file's list of adjacent pairs.
pub(super) fn check(c: &Catalog, adjacency: &[(SystemId, SystemId)]) -> Result<(), ContentError> {
    board(c, adjacency)?;
    units(c)?;
    leaders(c)?;
    missions(c)?;
    action_cards(c)?;
    objectives(c)?;
    tactics(c)?;
    time_track(c)?;
    dice(c)
}

fn sys(c: &Catalog, id: SystemId) -> &str {
    &c.systems[id.0 as usize].id
}

fn system_entry(s: &SystemDef) -> String {
    format!("system `{}`", s.id)
}

fn board(c: &Catalog, adjacency: &[(SystemId, SystemId)]) -> Result<(), ContentError> {
    let bad = |entry: String, problem: String| ContentError::invalid(BOARD, entry, problem);
    if c.systems.len() != SYSTEM_COUNT {
        return Err(bad(
            "system list".into(),
            format!("has {} systems; the board has {SYSTEM_COUNT}", c.systems.len()),
        ));
    }
    for (r, region) in c.regions.iter().enumerate() {
        let n = c.systems.iter().filter(|s| s.region.0 as usize == r).count();
        if n != REGION_SIZE {
            return Err(bad(
                format!("region `{}`", region.id),
                format!("has {n} systems; expected {REGION_SIZE}"),
            ));
        }
    }
    let fixed = c.systems.iter().filter(|s| s.fixed_imperial).count();
    if fixed != 1 {
        return Err(bad(
            "system list".into(),
            format!("has {fixed} fixed-Imperial systems; expected 1 (Coruscant)"),
        ));
    }
    for s in &c.systems {
        let entry = system_entry(s);
        if s.populous {
            if s.icons.is_empty() {
                return Err(bad(entry, "is populous but has no resource icons".into()));
            }
            if !(1..=3).contains(&s.build_queue_space) {
                return Err(bad(
                    entry,
                    format!("has build queue space {}; expected 1 to 3", s.build_queue_space),
                ));
            }
        } else {
            if !s.icons.is_empty() {
                return Err(bad(entry, "is remote but has resource icons".into()));
            }
            if s.fixed_imperial || s.setup_mark.is_some() {
                return Err(bad(entry, "is remote but is fixed Imperial or has a setup mark".into()));
            }
        }
        if s.probe_card == s.fixed_imperial {
            return Err(bad(
                entry,
                "must have a probe card exactly when it is not the fixed-Imperial system".into(),
            ));
        }
        if s.setup_mark.is_some() && (!s.probe_card || !s.populous) {
            return Err(bad(entry, "has a setup mark but no probe card or no loyalty space".into()));
        }
        let (x, y) = s.coords;
        if !((0.0..=1.0).contains(&x) && (0.0..=1.0).contains(&y)) {
            return Err(bad(entry, format!("has coords ({x}, {y}) outside 0..1")));
        }
    }
    let probes = c.systems.iter().filter(|s| s.probe_card).count();
    if probes != PROBE_CARDS {
        return Err(bad("system list".into(), format!("has {probes} probe cards; expected {PROBE_CARDS}")));
    }
    for f in Faction::BOTH {
        let n = c.systems.iter().filter(|s| s.setup_mark == Some(f)).count();
        if n < *SETUP_MARKS_NEEDED.get(f) {
            let need = SETUP_MARKS_NEEDED.get(f);
            return Err(bad(
                format!("faction `{f}`"),
                format!("has {n} setup-marked probe cards; setup needs {need}"),
            ));
        }
    }
    adjacency_checks(c, adjacency)?;
    if c.base_space_icons.is_empty() || !(1..=3).contains(&c.base_space_queue) {
        return Err(bad(
            "rebel_base_space".into(),
            "needs at least one icon and a build queue space of 1 to 3".into(),
        ));
    }
    // Every icon printed on the board must build something for both factions.
    let board_icons = c.systems.iter().flat_map(|s| s.icons.iter().map(move |i| (s.id.as_str(), *i)));
    let base_icons = c.base_space_icons.iter().map(|i| ("rebel_base_space", *i));
    for (where_, icon) in board_icons.chain(base_icons) {
        for f in Faction::BOTH {
            let builds = c.build_options.get(f).iter().any(|o| o.icon == icon && !o.units.is_empty());
            if !builds {
                return Err(ContentError::invalid(
                    UNITS,
                    format!("faction `{f}`"),
                    format!("has no build option for the {} icon of `{where_}`", icon_name(icon)),
                ));
            }
        }
    }
    Ok(())
}

fn adjacency_checks(c: &Catalog, adjacency: &[(SystemId, SystemId)]) -> Result<(), ContentError> {
    let bad = |entry: String, problem: String| ContentError::invalid(BOARD, entry, problem);
    let key = |a: SystemId, b: SystemId| (a.min(b), a.max(b));
    let mut pairs = HashSet::new();
    for &(a, b) in adjacency {
        let entry = format!("adjacency pair `{}`–`{}`", sys(c, a), sys(c, b));
        if a == b {
            return Err(bad(entry, "joins a system to itself".into()));
        }
        if !pairs.insert(key(a, b)) {
            return Err(bad(entry, "is listed twice".into()));
        }
    }
    for (i, s) in c.systems.iter().enumerate() {
        let me = SystemId(i as u16);
        let mut seen = HashSet::new();
        for &n in &s.adjacent {
            let other = &c.systems[n.0 as usize];
            if n == me {
                return Err(bad(system_entry(s), "lists itself as a neighbour".into()));
            }
            if !seen.insert(n) {
                return Err(bad(system_entry(s), format!("lists neighbour `{}` twice", other.id)));
            }
            if !other.adjacent.contains(&me) {
                return Err(bad(
                    system_entry(s),
                    format!("lists neighbour `{}`, but `{}` does not list `{}`", other.id, other.id, s.id),
                ));
            }
            if !pairs.contains(&key(me, n)) {
                return Err(bad(
                    system_entry(s),
                    format!("lists neighbour `{}`, but the adjacency pairs do not join them", other.id),
                ));
            }
        }
    }
    for &(a, b) in adjacency {
        if !c.systems[a.0 as usize].adjacent.contains(&b) {
            return Err(bad(
                format!("system `{}`", sys(c, a)),
                format!("does not list neighbour `{}`, though the adjacency pairs join them", sys(c, b)),
            ));
        }
    }
    let mut walls = HashSet::new();
    for &(a, b) in &c.impassable {
        let entry = format!("impassable pair `{}`–`{}`", sys(c, a), sys(c, b));
        if a == b || !walls.insert(key(a, b)) {
            return Err(bad(entry, "joins a system to itself or is listed twice".into()));
        }
        if pairs.contains(&key(a, b)) {
            return Err(bad(entry, "is also an adjacent pair".into()));
        }
    }
    Ok(())
}

fn unit_entry(u: &UnitDef) -> String {
    format!("unit `{}`", u.id)
}

/// The file a unit comes from, the box counts it must match and what lists them.
/// Checks one side's list of starting units: its own units, each once, within the box.
fn starting_list(
    c: &Catalog,
    file: &'static str,
    f: Faction,
    what: &str,
    list: &[(UnitId, u8)],
) -> Result<(), ContentError> {
    let bad = |entry: String, problem: String| ContentError::invalid(file, entry, problem);
    let mut seen = HashSet::new();
    for &(id, n) in list {
        let u = &c.units[id.0 as usize];
        let entry = format!("{f} {what} `{}`", u.id);
        if u.faction != f {
            return Err(bad(entry, "belongs to the other faction".into()));
        }
        if !seen.insert(id) {
            return Err(bad(entry, "is listed twice".into()));
        }
        if n == 0 || n > u.count_in_box {
            return Err(bad(entry, format!("has count {n}; expected 1 to {} (the box)", u.count_in_box)));
        }
    }
    Ok(())
}

fn unit_source(set: ContentSet) -> (&'static str, &'static [(&'static str, u8)], &'static str) {
    match set {
        ContentSet::Base => (UNITS, &BOX_COUNTS, "the Rules Reference"),
        ContentSet::RiseOfTheEmpire => (ROTE_UNITS, &ROTE_BOX_COUNTS, "Rise of the Empire"),
    }
}

fn units(c: &Catalog) -> Result<(), ContentError> {
    let bad = |entry: String, problem: String| ContentError::invalid(UNITS, entry, problem);
    if c.units.len() > super::MAX_UNIT_TYPES {
        return Err(bad("the unit list".into(), format!("has more than {} types", super::MAX_UNIT_TYPES)));
    }
    for u in &c.units {
        let entry = unit_entry(u);
        let (file, counts, source) = unit_source(u.set);
        let bad = |entry: String, problem: String| ContentError::invalid(file, entry, problem);
        let expected = counts.iter().find(|(id, _)| *id == u.id).map(|(_, n)| *n);
        match expected {
            None => return Err(bad(entry, format!("is not in {source}'s unit list"))),
            Some(n) if n != u.count_in_box => {
                let have = u.count_in_box;
                return Err(bad(entry, format!("has {have} in the box; {source} lists {n}")));
            }
            Some(_) => {}
        }
        let theater = match u.class {
            UnitClass::Fighter | UnitClass::CapitalShip | UnitClass::SpaceStation => Theater::Space,
            UnitClass::Ground | UnitClass::Structure => Theater::Ground,
        };
        if theater != u.theater {
            return Err(bad(entry, format!("has class {:?} but theater {:?}", u.class, u.theater)));
        }
        match (u.class, u.health) {
            (_, Some((0, _))) => return Err(bad(entry, "has health 0".into())),
            (UnitClass::Fighter, Some((_, DieColor::Red))) => {
                return Err(bad(entry, "is a fighter with red health".into()));
            }
            (UnitClass::CapitalShip, Some((_, DieColor::Black))) => {
                return Err(bad(entry, "is a capital ship with black health".into()));
            }
            (UnitClass::SpaceStation, _) | (_, Some(_)) => {}
            (_, None) => {
                return Err(bad(entry, "has no health but is not a space station".into()));
            }
        }
        if u.class == UnitClass::Structure && !u.immobile {
            return Err(bad(entry, "is a structure but not immobile".into()));
        }
    }
    for set in [ContentSet::Base, ContentSet::RiseOfTheEmpire] {
        let (file, counts, _) = unit_source(set);
        for (id, _) in counts {
            if !c.units.iter().any(|u| u.id == *id && u.set == set) {
                let problem = "is missing from the unit list".to_string();
                return Err(ContentError::invalid(file, format!("unit `{id}`"), problem));
            }
        }
    }
    for f in Faction::BOTH {
        let mut icons = HashSet::new();
        for o in c.build_options.get(f) {
            let entry = format!("{f} build option for the {} icon", icon_name(o.icon));
            if !icons.insert(o.icon) {
                return Err(bad(entry, "is listed twice".into()));
            }
            if o.units.is_empty() {
                return Err(bad(entry, "builds no unit".into()));
            }
            for &id in &o.units {
                let u = &c.units[id.0 as usize];
                if u.faction != f {
                    return Err(bad(entry, format!("lists `{}`, a unit of the other faction", u.id)));
                }
                if u.build_icon != Some(o.icon) {
                    return Err(bad(entry, format!("lists `{}`, whose build_icon differs", u.id)));
                }
            }
        }
        starting_list(c, UNITS, f, "starting unit", c.starting_units.get(f))?;
        // The expansion's list: what each side places, and (Empire) what starts in the remote
        // system and on the queue, counted together against the box.
        let x = &c.expansion_start;
        let mut all: Vec<(UnitId, u8)> = x.units.get(f).clone();
        if f == Faction::Empire {
            for (id, n) in x.remote.iter().copied().chain(x.queue.iter().map(|&(id, n, _)| (id, n))) {
                match all.iter_mut().find(|(u, _)| *u == id) {
                    Some(e) => e.1 += n,
                    None => all.push((id, n)),
                }
            }
        }
        starting_list(c, ROTE_UNITS, f, "Rise of the Empire starting unit", &all)?;
    }
    for &(id, _, space) in &c.expansion_start.queue {
        if !(1..=3).contains(&space) {
            let entry = format!("Rise of the Empire queued starting unit `{}`", c.units[id.0 as usize].id);
            return Err(ContentError::invalid(
                ROTE_UNITS,
                entry,
                format!("is on space {space}; expected 1 to 3"),
            ));
        }
    }
    for (i, u) in c.units.iter().enumerate() {
        if let Some(icon) = u.build_icon {
            let listed = c
                .build_options
                .get(u.faction)
                .iter()
                .any(|o| o.icon == icon && o.units.contains(&UnitId(i as u16)));
            if !listed {
                return Err(bad(
                    unit_entry(u),
                    format!("has build icon {} but no {} build option lists it", icon_name(icon), u.faction),
                ));
            }
        }
    }
    Ok(())
}

fn leaders(c: &Catalog) -> Result<(), ContentError> {
    if c.leaders.len() > super::MAX_LEADERS {
        let problem = format!("has more than {} leaders", super::MAX_LEADERS);
        return Err(ContentError::invalid(LEADERS, "the leader list", problem));
    }
    for f in Faction::BOTH {
        let n = c.leaders.iter().filter(|l| l.faction == f && l.starting).count();
        if n != STARTING_LEADERS {
            let problem = format!("has {n} starting leaders; expected {STARTING_LEADERS}");
            return Err(ContentError::invalid(LEADERS, format!("faction `{f}`"), problem));
        }
        // The team game deals each side's starting leaders two to the Admiral, two to the
        // General.
        for colour in TeamColour::BOTH {
            let n =
                c.leaders.iter().filter(|l| l.faction == f && l.starting && l.team_colour == colour).count();
            if n != STARTING_LEADERS / 2 {
                let problem =
                    format!("has {n} {colour:?} starting leaders; the team game needs two of each colour");
                return Err(ContentError::invalid(LEADERS, format!("faction `{f}`"), problem));
            }
        }
    }
    Ok(())
}

fn missions(c: &Catalog) -> Result<(), ContentError> {
    let bad = |entry: String, problem: String| ContentError::invalid(MISSIONS, entry, problem);
    let mut portraits: HashMap<LeaderId, &str> = HashMap::new();
    for m in &c.missions {
        let entry = format!("mission `{}`", m.id);
        if m.copies == 0 || m.requirement == 0 {
            return Err(bad(entry, "needs at least 1 copy and a skill requirement of at least 1".into()));
        }
        if m.project && (m.faction != Faction::Empire || m.starting) {
            return Err(bad(entry, "is a project card but not a non-starting Imperial mission".into()));
        }
        if (m.starting || m.portrait.is_some()) && m.copies != 1 {
            return Err(bad(entry, "is a starting or portrait mission with more than one copy".into()));
        }
        if let Some(p) = m.portrait {
            let leader = &c.leaders[p.0 as usize];
            if leader.faction != m.faction {
                return Err(bad(
                    entry,
                    format!("shows the portrait of `{}`, a leader of the other faction", leader.id),
                ));
            }
            // The expansion shows Director Krennic on two of its cards; within the base game a
            // portrait is on one card only.
            if m.set == ContentSet::Base
                && let Some(other) = portraits.insert(p, &m.id)
            {
                return Err(bad(
                    entry,
                    format!("shows the portrait of `{}`, as does mission `{other}`", leader.id),
                ));
            }
        }
        for cond in &m.conditions {
            let leader_cond = matches!(
                cond,
                TargetCondition::CapturedLeader
                    | TargetCondition::RebelLeaderOnBoard
                    | TargetCondition::LeaderSystemContainsImperialUnit
            );
            let fits = match m.target {
                MissionTargetKind::System => !leader_cond,
                // A system condition of a card against a leader is about the leader's system
                // (Make an Example: a captive in a remote system).
                MissionTargetKind::AgainstLeader => {
                    leader_cond || m.conditions.contains(&TargetCondition::CapturedLeader)
                }
                MissionTargetKind::RebelBaseSpace | MissionTargetKind::None => false,
            };
            if !fits {
                return Err(bad(
                    entry,
                    format!("has a condition that does not fit its target {:?}", m.target),
                ));
            }
            if matches!(cond, TargetCondition::ContainsAny(u) if u.is_empty()) {
                return Err(bad(entry, "has an empty contains_any condition".into()));
            }
        }
    }
    // The counts are the base box's; an expansion's cards come on top.
    let base: Vec<&MissionDef> = c.missions.iter().filter(|m| m.set == ContentSet::Base).collect();
    for f in Faction::BOTH {
        let n = base.iter().filter(|m| m.faction == f && m.starting).count();
        if n != STARTING_MISSIONS {
            return Err(bad(
                format!("faction `{f}`"),
                format!("has {n} starting missions; expected {STARTING_MISSIONS}"),
            ));
        }
    }
    let total: u32 = base.iter().map(|m| u32::from(m.copies)).sum();
    let projects: u32 = base.iter().filter(|m| m.project).map(|m| u32::from(m.copies)).sum();
    if total != MISSION_CARDS || projects != PROJECT_CARDS {
        return Err(bad(
            "mission list".into(),
            format!(
                "has {total} cards ({projects} project); expected {MISSION_CARDS} ({PROJECT_CARDS} project)"
            ),
        ));
    }
    for m in c.missions.iter().filter(|m| m.set != ContentSet::Base) {
        if let Some(r) = m.replaces {
            let old = &c.missions[r.0 as usize];
            if old.set != ContentSet::Base || old.faction != m.faction || old.starting != m.starting {
                let entry = format!("mission `{}`", m.id);
                return Err(bad(entry, format!("cannot replace `{}`: not a base card of its kind", old.id)));
            }
        }
    }
    Ok(())
}

fn action_cards(c: &Catalog) -> Result<(), ContentError> {
    for a in &c.action_cards {
        let bad =
            |problem: String| ContentError::invalid(ACTION_CARDS, format!("action card `{}`", a.id), problem);
        if !a.starting && a.leaders.is_empty() {
            return Err(bad("is a recruit card but shows no leader".into()));
        }
        let mut seen = HashSet::new();
        for &l in &a.leaders {
            let leader = &c.leaders[l.0 as usize];
            if leader.faction != a.faction {
                return Err(bad(format!("shows `{}`, a leader of the other faction", leader.id)));
            }
            if leader.starting != a.starting {
                let kind = if a.starting { "starting card" } else { "recruit card" };
                return Err(bad(format!(
                    "is a {kind} but shows `{}` (starting: {})",
                    leader.id, leader.starting
                )));
            }
            if !seen.insert(l) {
                return Err(bad(format!("shows `{}` twice", leader.id)));
            }
        }
    }
    Ok(())
}

fn objectives(c: &Catalog) -> Result<(), ContentError> {
    for o in &c.objectives {
        let entry = format!("objective `{}`", o.id);
        if !(1..=3).contains(&o.stage) || o.copies == 0 || o.reputation == Some(0) {
            let problem = "needs stage 1 to 3, at least 1 copy and a reputation of at least 1 (or null)";
            return Err(ContentError::invalid(OBJECTIVES, entry, problem));
        }
    }
    for stage in 1..=3 {
        // The base box's count; an expansion's objectives are drawn into a smaller deck.
        let n: u32 = c
            .objectives
            .iter()
            .filter(|o| o.stage == stage && o.set == ContentSet::Base)
            .map(|o| u32::from(o.copies))
            .sum();
        if n != OBJECTIVES_PER_STAGE {
            let problem = format!("has {n} cards; expected {OBJECTIVES_PER_STAGE}");
            return Err(ContentError::invalid(OBJECTIVES, format!("stage {stage}"), problem));
        }
    }
    Ok(())
}

fn tactics(c: &Catalog) -> Result<(), ContentError> {
    if let Some(t) = c.tactics.iter().find(|t| t.copies == 0) {
        return Err(ContentError::invalid(TACTICS, format!("tactic card `{}`", t.id), "has no copies"));
    }
    for theater in [Theater::Space, Theater::Ground] {
        let n: u32 = c.tactics.iter().filter(|t| t.theater == theater).map(|t| u32::from(t.copies)).sum();
        if n != TACTIC_CARDS_PER_THEATER {
            let problem = format!("has {n} cards; expected {TACTIC_CARDS_PER_THEATER}");
            return Err(ContentError::invalid(TACTICS, format!("{theater:?} deck").to_lowercase(), problem));
        }
    }
    Ok(())
}

fn time_track(c: &Catalog) -> Result<(), ContentError> {
    let t = &c.time_track;
    let on_track = |s: u8| (1..=t.length).contains(&s);
    let ascending = |v: &[u8]| v.windows(2).all(|w| w[0] < w[1]) && v.iter().all(|&s| on_track(s));
    if !on_track(t.time_start) || !on_track(t.reputation_start) || t.time_start >= t.reputation_start {
        let problem = "needs time_start < reputation_start, both on the track";
        return Err(ContentError::invalid(TIME_TRACK, "time track", problem));
    }
    if !ascending(&t.recruit) || !ascending(&t.build) {
        let problem = "needs recruit and build spaces in ascending order, within 1..=length";
        return Err(ContentError::invalid(TIME_TRACK, "time track", problem));
    }
    Ok(())
}

fn dice(c: &Catalog) -> Result<(), ContentError> {
    for face in [DieFace::Blank, DieFace::Hit, DieFace::DirectHit, DieFace::Special] {
        if !c.die_faces.contains(&face) {
            return Err(ContentError::invalid(DICE, "die", format!("has no {face:?} face")));
        }
    }
    if !c.green_die_faces.contains(&DieFace::DirectHit) || c.green_dice_limit == 0 {
        let problem = "needs a direct-hit face and a limit of at least one die".to_string();
        return Err(ContentError::invalid(ROTE_DICE, "the green die", problem));
    }
    Ok(())
}
