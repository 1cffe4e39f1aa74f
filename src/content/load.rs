//! Reading the asset files into a [`Catalog`]: raw serde mirrors of each file, resolution of
//! every string reference into a typed id, then validation.
//!
//! The id newtypes deserialise through the global catalog, so nothing here uses their serde
//! impls: references are plain strings in the raw structs and are resolved by name→index maps.

use std::collections::HashMap;

use serde::de::DeserializeOwned;

use super::defs::*;
use super::error::ContentError;
use super::files::*;
use super::ids::*;
use super::raw::*;
use super::validate;
use super::{Catalog, MAX_UNIT_TYPES};

/// Every asset file with the text compiled into the binary. An expansion's entries are loaded
/// after the base ones, so base content keeps its ids whatever an expansion adds.
const EMBEDDED: [(&str, &str); 17] = [
    (BOARD, include_str!("../../assets/board.json")),
    (UNITS, include_str!("../../assets/units.json")),
    (LEADERS, include_str!("../../assets/leaders.json")),
    (TIME_TRACK, include_str!("../../assets/time_track.json")),
    (DICE, include_str!("../../assets/dice.json")),
    (MISSIONS, include_str!("../../assets/missions.json")),
    (ACTION_CARDS, include_str!("../../assets/action_cards.json")),
    (OBJECTIVES, include_str!("../../assets/objectives.json")),
    (TACTICS, include_str!("../../assets/tactics.json")),
    (ROTE_UNITS, include_str!("../../assets/rote/units.json")),
    (ROTE_LEADERS, include_str!("../../assets/rote/leaders.json")),
    (ROTE_DICE, include_str!("../../assets/rote/dice.json")),
    (ROTE_TACTICS, include_str!("../../assets/rote/advanced_tactics.json")),
    (ROTE_MISSIONS, include_str!("../../assets/rote/missions.json")),
    (ROTE_ACTION_CARDS, include_str!("../../assets/rote/action_cards.json")),
    (ROTE_OBJECTIVES, include_str!("../../assets/rote/objectives.json")),
    (TEAM, include_str!("../../assets/team.json")),
];

/// The ids of one list, for resolving references to it.
struct Index<'a> {
    kind: &'static str,
    keys: Vec<&'a str>,
    map: HashMap<&'a str, u16>,
}

impl<'a> Index<'a> {
    /// Indexes a list; fails on a duplicate or malformed id.
    fn new(
        file: &'static str,
        kind: &'static str,
        keys: impl Iterator<Item = &'a str>,
    ) -> Result<Self, ContentError> {
        let keys: Vec<&str> = keys.collect();
        let map = validate::unique_ids(file, kind, &keys)?;
        Ok(Index { kind, keys, map })
    }

    /// The index of `name`, or an error naming the entry `owner` of `file` that refers to it.
    fn get(&self, file: &'static str, owner: &str, name: &str) -> Result<u16, ContentError> {
        if let Some(&i) = self.map.get(name) {
            return Ok(i);
        }
        let keys = self.keys.iter().map(|k| (*k, *k));
        let suggestions = match lookup(self.kind, name, keys) {
            Ok(i) => vec![self.keys[i].to_string()],
            Err(e) => e.suggestions,
        };
        Err(ContentError::UnknownReference {
            file,
            owner: owner.to_string(),
            kind: self.kind,
            name: name.to_string(),
            suggestions,
        })
    }
}

fn parse<T: DeserializeOwned>(file: &'static str, text: &str) -> Result<T, ContentError> {
    serde_json::from_str(text).map_err(|source| ContentError::Parse { file, source })
}

impl Catalog {
    /// The names of the asset files, as accepted by [`Catalog::load_from_strs`].
    pub const ASSET_FILES: [&'static str; 9] = ASSET_FILES;

    /// Loads and validates the assets compiled into the binary.
    pub fn load_embedded() -> Result<Catalog, ContentError> {
        Catalog::load_from_strs(&[])
    }

    /// The embedded text of one asset file (`"board.json"` or `"assets/board.json"`).
    pub fn embedded_asset(name: &str) -> Option<&'static str> {
        let name = name.strip_prefix("assets/").unwrap_or(name);
        EMBEDDED.iter().find(|(file, _)| file.strip_prefix("assets/") == Some(name)).map(|(_, text)| *text)
    }

    /// Loads and validates the embedded assets, with some files replaced by the given text.
    ///
    /// Each override is `(file name, JSON text)`, the name as in [`Catalog::embedded_asset`];
    /// tests use this to feed broken data.
    pub fn load_from_strs(overrides: &[(&str, &str)]) -> Result<Catalog, ContentError> {
        let mut files: HashMap<&'static str, &str> = EMBEDDED.iter().copied().collect();
        for &(name, text) in overrides {
            let short = name.strip_prefix("assets/").unwrap_or(name);
            let file = EMBEDDED
                .iter()
                .map(|(f, _)| *f)
                .find(|f| f.strip_prefix("assets/") == Some(short))
                .ok_or_else(|| ContentError::UnknownFile { name: name.to_string() })?;
            files.insert(file, text);
        }
        build(&files)
    }
}

/// Parses every file, resolves references and validates the result.
fn build(files: &HashMap<&'static str, &str>) -> Result<Catalog, ContentError> {
    let board: RawBoard = parse(BOARD, files[BOARD])?;
    let mut units: RawUnits = parse(UNITS, files[UNITS])?;
    let mut leaders: RawLeaders = parse(LEADERS, files[LEADERS])?;
    let rote_units: RawExpansionUnits = parse(ROTE_UNITS, files[ROTE_UNITS])?;
    let rote_leaders: RawExpansionLeaders = parse(ROTE_LEADERS, files[ROTE_LEADERS])?;
    let green: RawGreenDice = parse(ROTE_DICE, files[ROTE_DICE])?;
    // The expansion's units and leaders follow the base ones, each tagged with its box.
    let sets = |base: usize, more: usize| -> Vec<ContentSet> {
        std::iter::repeat_n(ContentSet::Base, base)
            .chain(std::iter::repeat_n(ContentSet::RiseOfTheEmpire, more))
            .collect()
    };
    let unit_sets = sets(units.units.len(), rote_units.units.len());
    units.units.extend(rote_units.units);
    let leader_sets = sets(leaders.leaders.len(), rote_leaders.leaders.len());
    leaders.leaders.extend(rote_leaders.leaders);
    let track: RawTimeTrack = parse(TIME_TRACK, files[TIME_TRACK])?;
    let dice: RawDice = parse(DICE, files[DICE])?;
    let mut missions: RawMissions = parse(MISSIONS, files[MISSIONS])?;
    let rote_missions: RawMissions = parse(ROTE_MISSIONS, files[ROTE_MISSIONS])?;
    let mission_sets = sets(missions.missions.len(), rote_missions.missions.len());
    missions.missions.extend(rote_missions.missions);
    let mut actions: RawActionCards = parse(ACTION_CARDS, files[ACTION_CARDS])?;
    let mut objectives: RawObjectives = parse(OBJECTIVES, files[OBJECTIVES])?;
    let rote_actions: RawActionCards = parse(ROTE_ACTION_CARDS, files[ROTE_ACTION_CARDS])?;
    let rote_objectives: RawObjectives = parse(ROTE_OBJECTIVES, files[ROTE_OBJECTIVES])?;
    // The expansion's cards follow the base ones too.
    let action_sets = sets(actions.action_cards.len(), rote_actions.action_cards.len());
    actions.action_cards.extend(rote_actions.action_cards);
    let objective_sets = sets(objectives.objectives.len(), rote_objectives.objectives.len());
    objectives.objectives.extend(rote_objectives.objectives);
    let tactics: RawTactics = parse(TACTICS, files[TACTICS])?;

    let region_ix = Index::new(BOARD, "region", board.regions.iter().map(|r| r.id.as_str()))?;
    let system_ix = Index::new(BOARD, "system", board.systems.iter().map(|s| s.id.as_str()))?;
    let unit_ix = Index::new(UNITS, "unit", units.units.iter().map(|u| u.id.as_str()))?;
    let leader_ix = Index::new(LEADERS, "leader", leaders.leaders.iter().map(|l| l.id.as_str()))?;
    let mission_ix = Index::new(MISSIONS, "mission", missions.missions.iter().map(|m| m.id.as_str()))?;
    let action_ix =
        Index::new(ACTION_CARDS, "action card", actions.action_cards.iter().map(|a| a.id.as_str()))?;
    Index::new(OBJECTIVES, "objective", objectives.objectives.iter().map(|o| o.id.as_str()))?;
    Index::new(TACTICS, "tactic card", tactics.tactics.iter().map(|t| t.id.as_str()))?;

    let regions =
        board.regions.iter().map(|r| RegionDef { id: r.id.clone(), name: r.name.clone() }).collect();
    let systems = board
        .systems
        .iter()
        .map(|s| {
            let owner = format!("system `{}`", s.id);
            let adjacent = s
                .adjacent
                .iter()
                .map(|n| system_ix.get(BOARD, &owner, n).map(SystemId))
                .collect::<Result<_, _>>()?;
            Ok(SystemDef {
                id: s.id.clone(),
                name: s.name.clone(),
                region: RegionId(region_ix.get(BOARD, &owner, &s.region)?),
                populous: s.populous,
                fixed_imperial: s.fixed_imperial,
                icons: s.icons.clone(),
                build_queue_space: s.build_queue_space.unwrap_or(0),
                probe_card: s.probe_card,
                setup_mark: s.setup_mark,
                adjacent,
                coords: s.coords,
            })
        })
        .collect::<Result<Vec<_>, ContentError>>()?;
    let pairs = |list: &[(String, String)], what: &str| {
        list.iter()
            .map(|(a, b)| {
                let owner = format!("{what} pair `{a}`–`{b}`");
                Ok((SystemId(system_ix.get(BOARD, &owner, a)?), SystemId(system_ix.get(BOARD, &owner, b)?)))
            })
            .collect::<Result<Vec<_>, ContentError>>()
    };
    let adjacency = pairs(&board.adjacency, "adjacency")?;
    let impassable = pairs(&board.impassable, "impassable")?;
    // The typed catalog stores a missing queue number as 0, so check the raw value here.
    for s in &board.systems {
        let problem = match (s.populous, s.build_queue_space) {
            (true, None) => "is populous but has no build queue space",
            (false, Some(_)) => "is remote but has a build queue space; use null",
            _ => continue,
        };
        return Err(ContentError::invalid(BOARD, format!("system `{}`", s.id), problem));
    }

    let unit_defs = units
        .units
        .iter()
        .zip(unit_sets)
        .map(|(u, set)| UnitDef {
            id: u.id.clone(),
            name: u.name.clone(),
            faction: u.faction,
            theater: u.theater,
            class: u.class,
            attack_black: u.attack.black,
            attack_red: u.attack.red,
            attack_green: u.attack.green,
            health: u.health.as_ref().map(|h| (h.value, h.color)),
            transport_capacity: u.transport_capacity,
            requires_transport: u.requires_transport,
            immobile: u.immobile,
            build_icon: u.build_icon,
            count_in_box: u.count_in_box,
            ability: u.ability,
            set,
        })
        .collect();
    let mut build_options = ByFaction::<Vec<BuildOption>>::default();
    let mut starting_units = ByFaction::<Vec<(UnitId, u8)>>::default();
    for f in Faction::BOTH {
        for o in units.build_options.get(f) {
            let owner = format!("{f} build option for the {} icon", validate::icon_name(o.icon));
            let ids = o
                .units
                .iter()
                .map(|u| unit_ix.get(UNITS, &owner, u).map(UnitId))
                .collect::<Result<_, _>>()?;
            build_options.get_mut(f).push(BuildOption { icon: o.icon, units: ids });
        }
        // An expansion's icons build its units beside the base ones (a match without it skips
        // them: the engine asks each unit's set).
        for o in rote_units.build_options.get(f) {
            let owner = format!("{f} build option for the {} icon", validate::icon_name(o.icon));
            let list = build_options.get_mut(f);
            let i = match list.iter().position(|x| x.icon == o.icon) {
                Some(i) => i,
                None => {
                    list.push(BuildOption { icon: o.icon, units: vec![] });
                    list.len() - 1
                }
            };
            for u in &o.units {
                list[i].units.push(UnitId(unit_ix.get(ROTE_UNITS, &owner, u)?));
            }
        }
        for s in units.starting_units.get(f) {
            let owner = format!("{f} starting units");
            starting_units.get_mut(f).push((UnitId(unit_ix.get(UNITS, &owner, &s.unit)?), s.count));
        }
    }
    let expansion_start = {
        let start = &rote_units.starting_units;
        let list = |owner: &str, l: &[RawStartingUnit]| -> Result<Vec<(UnitId, u8)>, ContentError> {
            l.iter().map(|s| Ok((UnitId(unit_ix.get(ROTE_UNITS, owner, &s.unit)?), s.count))).collect()
        };
        let queue = start
            .empire
            .queue
            .iter()
            .map(|q| {
                Ok((UnitId(unit_ix.get(ROTE_UNITS, "Imperial starting queue", &q.unit)?), q.count, q.space))
            })
            .collect::<Result<_, ContentError>>()?;
        ExpansionStart {
            queue,
            remote: list("Imperial starting units in a remote system", &start.empire.remote)?,
            units: ByFaction {
                rebel: list("Rebel starting units", &start.rebel.units)?,
                empire: list("Imperial starting units", &start.empire.units)?,
            },
        }
    };

    let leader_defs = leaders
        .leaders
        .iter()
        .zip(leader_sets)
        .map(|(l, set)| LeaderDef {
            id: l.id.clone(),
            name: l.name.clone(),
            faction: l.faction,
            starting: l.starting,
            skills: [l.skills.diplomacy, l.skills.intel, l.skills.logistics, l.skills.spec_ops],
            minor_skills: l
                .minor_skills
                .as_ref()
                .map_or([0; 4], |m| [m.diplomacy, m.intel, m.logistics, m.spec_ops]),
            space_tactics: l.space_tactics,
            ground_tactics: l.ground_tactics,
            set,
            team_colour: l.team_colour,
        })
        .collect();

    let mission_defs = missions
        .missions
        .iter()
        .zip(mission_sets)
        .map(|(m, set)| {
            let owner = format!("mission `{}`", m.id);
            let portrait = match &m.portrait {
                Some(p) => Some(LeaderId(leader_ix.get(MISSIONS, &owner, p)?)),
                None => None,
            };
            let replaces = match &m.replaces {
                Some(r) => Some(MissionId(mission_ix.get(MISSIONS, &owner, r)?)),
                None => None,
            };
            // Base cards print no set icon of their own: a portrait is the leader icon.
            let icon =
                m.icon.unwrap_or(if portrait.is_some() { MissionIcon::Leader } else { MissionIcon::None });
            let conditions = m
                .conditions
                .iter()
                .map(|c| condition(c, &owner, &system_ix, &unit_ix))
                .collect::<Result<_, _>>()?;
            Ok(MissionDef {
                id: m.id.clone(),
                name: m.name.clone(),
                faction: m.faction,
                copies: m.copies,
                skill: m.skill,
                requirement: m.requirement,
                starting: m.starting,
                project: m.project,
                portrait,
                mode: m.mode,
                count_all_skills: m.count_all_skills,
                target: m.target,
                conditions,
                text: m.text.clone(),
                icon,
                set,
                replaces,
            })
        })
        .collect::<Result<Vec<_>, ContentError>>()?;

    let action_defs = actions
        .action_cards
        .iter()
        .zip(action_sets)
        .map(|(a, set)| {
            let owner = format!("action card `{}`", a.id);
            let leaders = a
                .leaders
                .iter()
                .map(|l| leader_ix.get(ACTION_CARDS, &owner, l).map(LeaderId))
                .collect::<Result<_, _>>()?;
            Ok(ActionCardDef {
                id: a.id.clone(),
                name: a.name.clone(),
                faction: a.faction,
                starting: a.starting,
                leaders,
                timing: a.timing,
                text: a.text.clone(),
                set,
                replaces: match &a.replaces {
                    Some(r) => Some(ActionCardId(action_ix.get(ROTE_ACTION_CARDS, &owner, r)?)),
                    None => None,
                },
            })
        })
        .collect::<Result<Vec<_>, ContentError>>()?;

    let objective_defs = objectives
        .objectives
        .into_iter()
        .zip(objective_sets)
        .map(|(o, set)| ObjectiveDef {
            id: o.id,
            name: o.name,
            stage: o.stage,
            reputation: o.reputation,
            copies: o.copies,
            timing: o.timing,
            text: o.text,
            set,
        })
        .collect();
    let tactic_defs = tactics
        .tactics
        .into_iter()
        .map(|t| TacticDef {
            id: t.id,
            name: t.name,
            theater: t.theater,
            copies: t.copies,
            needs_special: t.needs_special,
            window: t.window,
            text: t.text,
        })
        .collect();

    let catalog = Catalog {
        regions,
        systems,
        impassable,
        base_space_icons: board.rebel_base_space.icons,
        base_space_queue: board.rebel_base_space.build_queue_space,
        units: unit_defs,
        build_options,
        starting_units,
        expansion_start,
        leaders: leader_defs,
        missions: mission_defs,
        action_cards: action_defs,
        objectives: objective_defs,
        tactics: tactic_defs,
        advanced_tactics: super::advanced::load(ROTE_TACTICS, files[ROTE_TACTICS], &|owner, name| {
            unit_ix.get(ROTE_TACTICS, owner, name).map(UnitId)
        })?,
        team: super::team::load(TEAM, files[TEAM])?,
        time_track: TimeTrack {
            length: track.length,
            time_start: track.time_start,
            reputation_start: track.reputation_start,
            recruit: track.recruit,
            build: track.build,
        },
        die_faces: dice.faces,
        green_die_faces: green.green,
        green_dice_limit: green.green_limit,
        theater_masks: [[0; MAX_UNIT_TYPES]; 2],
    };
    validate::check(&catalog, &adjacency)?;
    let mut catalog = catalog;
    for (i, u) in catalog.units.iter().enumerate() {
        catalog.theater_masks[u.theater as usize][i] = u8::MAX;
    }
    Ok(catalog)
}

/// Resolves one raw mission condition.
fn condition(
    c: &RawCondition,
    owner: &str,
    systems: &Index,
    units: &Index,
) -> Result<TargetCondition, ContentError> {
    use TargetCondition as T;
    Ok(match c {
        RawCondition::Populous => T::Populous,
        RawCondition::Remote => T::Remote,
        RawCondition::ContainsImperialUnit => T::ContainsImperialUnit,
        RawCondition::ContainsImperialShip => T::ContainsImperialShip,
        RawCondition::NoImperialUnit => T::NoImperialUnit,
        RawCondition::NoRebelUnit => T::NoRebelUnit,
        RawCondition::NoRebelGroundUnit => T::NoRebelGroundUnit,
        RawCondition::Neutral => T::Neutral,
        RawCondition::RebelLoyalty => T::RebelLoyalty,
        RawCondition::ContainsRebelUnit => T::ContainsRebelUnit,
        RawCondition::RebelSystem => T::RebelSystem,
        RawCondition::ImperialSystem => T::ImperialSystem,
        RawCondition::ImperialLoyalty => T::ImperialLoyalty,
        RawCondition::Subjugated => T::Subjugated,
        RawCondition::NoSabotageMarker => T::NoSabotageMarker,
        RawCondition::Sabotaged => T::Sabotaged,
        RawCondition::ContainsCapturedLeader => T::ContainsCapturedLeader,
        RawCondition::CapturedLeader => T::CapturedLeader,
        RawCondition::RebelLeaderOnBoard => T::RebelLeaderOnBoard,
        RawCondition::LeaderSystemContainsImperialUnit => T::LeaderSystemContainsImperialUnit,
        RawCondition::Named(s) => T::Named(SystemId(systems.get(MISSIONS, owner, s)?)),
        RawCondition::ContainsAny(list) => T::ContainsAny(
            list.iter().map(|u| units.get(MISSIONS, owner, u).map(UnitId)).collect::<Result<_, _>>()?,
        ),
        RawCondition::HasIcon(icon) => T::HasIcon(*icon),
        RawCondition::NoRebelLoyalty => T::NoRebelLoyalty,
        RawCondition::SubjugatedOrRebelSystem => T::SubjugatedOrRebelSystem,
    })
}
