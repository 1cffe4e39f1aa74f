//! Redacted views of the state: what the public, one faction, or a moderator (full) may see.
//! Everything shown to anyone is built from a view, never from the raw state.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::combat::cinematic::decks::AdvancedDecksView;
use super::flow::decision;
use super::frame::Frame;
use super::state::{Intel, Ring, RoundEffects, State, Units};
use crate::content::*;

pub use crate::engine::viewer::{Cards, Viewer};

/// Units per faction, by unit id.
pub type FactionUnits = BTreeMap<Faction, BTreeMap<String, u8>>;

/// One system as seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SystemView {
    /// `null`, `"rebel"` or `"empire"`.
    pub loyalty: Option<Faction>,
    /// Subjugation marker.
    pub subjugated: bool,
    /// Sabotage marker.
    pub sabotaged: bool,
    /// Destroyed-system marker.
    pub destroyed: bool,
    /// Units per faction.
    pub units: FactionUnits,
    /// Leaders per faction.
    pub leaders: BTreeMap<Faction, Vec<String>>,
}

/// The Rebel Base space as seen (its contents are public; its location is not).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BaseSpaceView {
    /// Rebel units there.
    pub units: BTreeMap<String, u8>,
    /// Rebel leaders there.
    pub leaders: Vec<String>,
}

/// The base as seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BaseView {
    /// Its system, or `null` when this viewer may not know it.
    pub system: Option<String>,
    /// Whether it is revealed.
    pub revealed: bool,
}

/// A facedown mission as seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AssignmentView {
    /// The mission, or `null` when facedown for this viewer.
    pub mission: Option<String>,
    /// The leaders on it (public).
    pub leaders: Vec<String>,
}

/// Who must decide, and what kind of decision (public); the options are in `prompts`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WaitingView {
    /// The seat.
    pub seat: Faction,
    /// The kind of decision.
    pub kind: String,
    /// The team game: the role of the side that decides, when only one of them may.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<TeamColour>,
}

/// One unit fighting in the current combat (all public: damage markers sit on the board).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatUnitView {
    /// Its number in the combat (what `damage`, `hit` and `block` commands name).
    pub number: usize,
    /// Its owner.
    pub faction: Faction,
    /// Its type.
    pub unit: String,
    /// Damage taken in this combat.
    pub damage: u8,
    /// Its health (`null` for the Death Star, which cannot be damaged).
    pub health: Option<u8>,
    /// Destroyed; it leaves at the end of the battle step.
    pub destroyed: bool,
}

/// The combat being fought, if any (dice are rolled in the open; tactic cards stay in hands).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatView {
    /// Where.
    pub place: String,
    /// Who moved in.
    pub attacker: Faction,
    /// Combat round, from 1.
    pub round: u32,
    /// The units fighting.
    pub units: Vec<CombatUnitView>,
    /// The dice of the current attack, as `color face` (e.g. `red hit`), `(spent)`/`(assigned)`.
    pub dice: Vec<String>,
}

/// A redacted picture of the match, in the format documented in `docs/state-format.md`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Who this view is for.
    pub viewer: Viewer,
    /// Whether the match plays with Rise of the Empire (left out when not, so base views read
    /// as before).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rise_of_the_empire: bool,
    /// How many play (left out for two, so two-player views read as before).
    #[serde(default, skip_serializing_if = "super::state::Players::is_two")]
    pub players: super::state::Players,
    /// State version.
    pub version: u64,
    /// Game round.
    pub round: u32,
    /// `setup`, `assignment`, `command`, `refresh` or `game_over`.
    pub phase: String,
    /// Time marker space.
    pub time: u8,
    /// Reputation marker space.
    pub reputation: u8,
    /// The winner, if the game is over.
    pub winner: Option<Faction>,
    /// Who must decide now.
    pub waiting: Option<WaitingView>,
    /// The Rebel base.
    pub base: BaseView,
    /// Every system by id.
    pub systems: BTreeMap<String, SystemView>,
    /// The Rebel Base space.
    pub rebel_base_space: BaseSpaceView,
    /// Build queues: faction → space "1".."3" → units.
    pub build_queue: BTreeMap<Faction, BTreeMap<String, BTreeMap<String, u8>>>,
    /// Units that slid off space "1" and wait to be deployed (public, like the queues).
    pub ready_to_deploy: FactionUnits,
    /// Unused units.
    pub supply: FactionUnits,
    /// Leader pools.
    pub leader_pool: BTreeMap<Faction, Vec<String>>,
    /// Captured leaders.
    pub captured: Vec<String>,
    /// Attachment rings worn: leader → ring (public: rings sit on the leaders' stands).
    #[serde(default)]
    pub rings: BTreeMap<String, Ring>,
    /// Rebel leaders the Empire controls (Lure of the Dark Side); they are listed under the
    /// Empire wherever they are.
    #[serde(default)]
    pub turned: Vec<String>,
    /// What cards showed one faction alone: only the viewer's own (both in a full view).
    #[serde(default)]
    pub intel: BTreeMap<Faction, Vec<Intel>>,
    /// Card effects lasting until the end of the round (all public: the cards were played face
    /// up): watched systems, protected, detained and unpinned leaders, Yoda's reroll used.
    pub round_effects: RoundEffects,
    /// Eliminated leaders.
    pub eliminated: Vec<String>,
    /// Hands: faction → kind → ids (or a count when hidden).
    pub hands: BTreeMap<Faction, BTreeMap<String, Cards>>,
    /// The team game: which player of its side holds each action card the viewer sees in a
    /// hand (a card not listed is either player's). Left out when empty.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub card_holders: BTreeMap<String, TeamColour>,
    /// Facedown missions with their leaders.
    pub assignments: BTreeMap<Faction, Vec<AssignmentView>>,
    /// Deck sizes.
    pub decks: BTreeMap<String, usize>,
    /// Probe cards the Rebels gave away when moving the base.
    pub revealed_probes: Vec<String>,
    /// The combat being fought, if any.
    pub combat: Option<CombatView>,
    /// Cinematic combat's advanced tactic decks (Rise of the Empire): the owner sees his
    /// cards, the opponent their number; discard piles are public. Absent in a base match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub advanced_tactics: Option<BTreeMap<Faction, AdvancedDecksView>>,
    /// Rise of the Empire's target markers on the board, public to all: the placing card's id
    /// and the system.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub target_markers: Vec<TargetMarkerView>,
    /// Rise of the Empire's objectives in play beside their target markers (public): their ids,
    /// the first revealed first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub objectives_in_play: Vec<String>,
    /// Rise of the Empire's probe cards kept face down by action cards: their owner sees them,
    /// the other side only that they are there. Absent when there are none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hidden_probes: Option<super::rise_of_the_empire::probes::HiddenProbesView>,
}

/// One target marker as every viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TargetMarkerView {
    /// The id of the card that placed it (mission or objective).
    pub card: String,
    /// Its system.
    pub system: String,
}

impl View {
    /// A side's cards in play, by printed name (Rise of the Empire): the Rebels' objectives that
    /// stay in play with their target markers and Under the Radar holding its kept probe card;
    /// the Empire's cards holding a probe card face down. Only the cards: which probe card lies
    /// under them is the owner's secret.
    pub fn cards_in_play(&self, f: Faction) -> Vec<String> {
        let c = catalog();
        let mut out = vec![];
        if f == Faction::Rebel {
            out.extend(
                self.objectives_in_play
                    .iter()
                    .filter_map(|o| c.objective_by_key(o))
                    .map(|o| o.name().to_string()),
            );
        }
        if let Some(h) = &self.hidden_probes {
            match f {
                Faction::Empire => out.extend(
                    h.under
                        .keys()
                        .filter_map(|k| ActionCardId::all().find(|a| a.key() == k))
                        .map(|a| a.name().to_string()),
                ),
                Faction::Rebel if h.kept.is_some() => {
                    out.extend(super::rise_of_the_empire::probes::radar_card().map(|a| a.name().to_string()))
                }
                Faction::Rebel => {}
            }
        }
        out
    }

    /// How many units of one type (by id) this view shows anywhere: systems, the Rebel Base
    /// space, build queues, units ready to deploy and the supply. Always the box count: no unit
    /// is ever out of sight.
    pub fn unit_total(&self, unit: &str) -> u32 {
        let n = |m: &BTreeMap<String, u8>| m.get(unit).copied().unwrap_or(0) as u32;
        let by_faction = |m: &FactionUnits| m.values().map(n).sum::<u32>();
        let mut total = self.systems.values().map(|sv| by_faction(&sv.units)).sum::<u32>();
        total += n(&self.rebel_base_space.units);
        total += self.build_queue.values().flat_map(|q| q.values()).map(n).sum::<u32>();
        total += by_faction(&self.ready_to_deploy) + by_faction(&self.supply);
        total
    }
}

fn units_map(u: &Units) -> BTreeMap<String, u8> {
    u.iter().map(|(id, n)| (id.to_string(), n)).collect()
}

fn ids<T: std::fmt::Display>(v: &[T]) -> Vec<String> {
    v.iter().map(|x| x.to_string()).collect()
}

fn both<T>(f: impl Fn(Faction) -> T) -> BTreeMap<Faction, T> {
    Faction::BOTH.iter().map(|&x| (x, f(x))).collect()
}

/// The phase name for views.
pub fn phase_name(s: &State) -> &'static str {
    if s.winner.is_some() {
        return "game_over";
    }
    for f in &s.stack {
        match f {
            Frame::Setup(_) => return "setup",
            Frame::Assignment(_) => return "assignment",
            Frame::Command(_) => return "command",
            Frame::Refresh(_) => return "refresh",
            _ => {}
        }
    }
    "command"
}

/// Builds the view of the state for a viewer.
pub fn view(s: &State, viewer: Viewer) -> View {
    let systems = SystemId::all()
        .map(|id| {
            let st = s.sys(id);
            let v = SystemView {
                loyalty: st.loyalty,
                subjugated: st.subjugated,
                sabotaged: st.sabotaged,
                destroyed: st.destroyed,
                units: both(|f| units_map(st.zone.units.get(f))),
                leaders: both(|f| ids(st.zone.leaders.get(f))),
            };
            (id.to_string(), v)
        })
        .collect();
    let hands = both(|f| {
        let h = s.hands.get(f);
        let see = viewer.sees(f);
        let cards = |v: Vec<String>| if see { Cards::Visible(v) } else { Cards::Hidden(v.len()) };
        // Good Intel: the opponent sees this faction's tactic cards during the combat.
        let shown = s.combat().is_some_and(|c| c.mods.tactics_shown.contains(&f))
            && viewer == Viewer::Faction(f.opponent());
        let mut m = BTreeMap::new();
        m.insert("missions".to_string(), cards(ids(&h.missions)));
        m.insert("actions".to_string(), cards(ids(&h.actions)));
        let tactics = ids(&h.tactics);
        m.insert(
            "tactics".to_string(),
            if see || shown { Cards::Visible(tactics) } else { Cards::Hidden(tactics.len()) },
        );
        match f {
            Faction::Rebel => m.insert("objectives".to_string(), cards(ids(&h.objectives))),
            Faction::Empire => m.insert("probes".to_string(), cards(ids(&h.probes))),
        };
        m
    });
    let assignments = both(|f| {
        s.assignments
            .get(f)
            .iter()
            .map(|a| AssignmentView {
                mission: viewer.sees(f).then(|| a.mission.to_string()),
                leaders: ids(&a.leaders),
            })
            .collect()
    });
    let d = &s.decks;
    let decks = [
        ("rebel_missions", d.missions.rebel.len()),
        ("empire_missions", d.missions.empire.len()),
        ("rebel_mission_discard", d.mission_discard.rebel.len()),
        ("empire_mission_discard", d.mission_discard.empire.len()),
        ("projects", d.projects.len()),
        ("rebel_actions", d.actions.rebel.len()),
        ("empire_actions", d.actions.empire.len()),
        ("objectives", d.objectives.len()),
        ("probes", d.probes.len()),
        ("space_tactics", d.space_tactics.len()),
        ("ground_tactics", d.ground_tactics.len()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    let base_visible = s.base.revealed || viewer.sees(Faction::Rebel);
    View {
        viewer,
        rise_of_the_empire: s.options.rise_of_the_empire,
        players: s.options.players,
        version: s.version,
        round: s.round,
        phase: phase_name(s).to_string(),
        time: s.time,
        reputation: s.reputation,
        winner: s.winner,
        waiting: decision(s).map(|d| WaitingView {
            seat: d.seat,
            kind: d.kind.describe().to_string(),
            role: d.role,
        }),
        base: BaseView {
            system: if base_visible { s.base.system.map(|x| x.to_string()) } else { None },
            revealed: s.base.revealed,
        },
        systems,
        rebel_base_space: BaseSpaceView {
            units: units_map(&s.base_space.units.rebel),
            leaders: ids(&s.base_space.leaders.rebel),
        },
        build_queue: both(|f| {
            s.build_queue
                .get(f)
                .iter()
                .enumerate()
                .map(|(i, u)| ((i + 1).to_string(), units_map(u)))
                .collect()
        }),
        ready_to_deploy: both(|f| units_map(s.ready.get(f))),
        supply: both(|f| units_map(s.supply.get(f))),
        leader_pool: both(|f| ids(s.leader_pool.get(f))),
        captured: ids(&s.captured),
        rings: s.rings.iter().map(|(l, r)| (l.to_string(), *r)).collect(),
        turned: ids(&s.turned),
        intel: Faction::BOTH
            .iter()
            .filter(|&&f| viewer.sees(f))
            .map(|&f| (f, s.intel.get(f).clone()))
            .collect(),
        round_effects: s.round_effects.clone(),
        eliminated: ids(&s.eliminated),
        hands,
        card_holders: s
            .card_holders
            .iter()
            .filter(|(card, _)| {
                Faction::BOTH.iter().any(|&f| viewer.sees(f) && s.hands.get(f).actions.contains(card))
            })
            .map(|(card, c)| (card.to_string(), *c))
            .collect(),
        assignments,
        decks,
        revealed_probes: ids(&s.revealed_probes),
        combat: combat_view(s),
        advanced_tactics: super::combat::cinematic::decks::view(s, viewer),
        target_markers: s
            .targets
            .placed
            .iter()
            .map(|m| TargetMarkerView {
                card: match m.card {
                    super::rise_of_the_empire::targets::MarkerCard::Mission(x) => x.to_string(),
                    super::rise_of_the_empire::targets::MarkerCard::Objective(x) => x.to_string(),
                },
                system: m.system.to_string(),
            })
            .collect(),
        objectives_in_play: ids(super::rise_of_the_empire::in_play::cards_in_play(s)),
        hidden_probes: super::rise_of_the_empire::probes::view(s, viewer),
    }
}

fn combat_view(s: &State) -> Option<CombatView> {
    let c = s.combat()?;
    Some(CombatView {
        place: c.place.key(),
        attacker: c.attacker,
        round: c.round,
        units: c
            .units
            .iter()
            .enumerate()
            .map(|(number, u)| CombatUnitView {
                number,
                faction: u.faction,
                unit: u.unit.to_string(),
                damage: u.damage,
                health: c.health(number).map(|(h, _)| h),
                destroyed: u.doomed,
            })
            .collect(),
        dice: c
            .dice
            .iter()
            .enumerate()
            .map(|(i, d)| {
                let note = if d.spent {
                    " (spent)"
                } else if d.assigned {
                    " (assigned)"
                } else {
                    ""
                };
                let color = if c.is_green(i) { "green" } else { d.color.label() };
                format!("{color} {}{note}", d.face.label())
            })
            .collect(),
    })
}
