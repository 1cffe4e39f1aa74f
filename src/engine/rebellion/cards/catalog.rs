//! The declared behaviour of every card, read from the same `assets/` entries as the card's
//! facts (their `dice` and `effects` fields) and checked once, at startup.

use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

use super::Effect;
use super::requirements::Requirement;
use crate::content::*;

const MISSIONS: &str = "assets/missions.json";
const MISSIONS_JSON: &str = include_str!("../../../../assets/missions.json");
const ROTE_MISSIONS: &str = "assets/rote/missions.json";
const ROTE_MISSIONS_JSON: &str = include_str!("../../../../assets/rote/missions.json");
const OBJECTIVES: &str = "assets/objectives.json";
const OBJECTIVES_JSON: &str = include_str!("../../../../assets/objectives.json");
const ACTIONS: &str = "assets/action_cards.json";
const ACTIONS_JSON: &str = include_str!("../../../../assets/action_cards.json");
const ROTE_OBJECTIVES: &str = "assets/rote/objectives.json";
const ROTE_OBJECTIVES_JSON: &str = include_str!("../../../../assets/rote/objectives.json");
const ROTE_ACTIONS: &str = "assets/rote/action_cards.json";
const ROTE_ACTIONS_JSON: &str = include_str!("../../../../assets/rote/action_cards.json");

/// A card whose declared behaviour cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: card `{card}`: {detail}")]
pub struct CardError {
    /// The asset file.
    pub file: &'static str,
    /// The card id (or the part of the file) at fault.
    pub card: String,
    /// What is wrong.
    pub detail: String,
}

/// When a mission's revealing player rolls extra dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiceCondition {
    /// The mission's system already holds a unit of the revealing faction.
    OwnUnitHere,
}

/// Extra dice for the revealing player of a mission.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiceBonus {
    /// How many more dice.
    pub extra: u8,
    /// When.
    #[serde(rename = "if")]
    pub when: DiceCondition,
}

/// When a mission card goes back to its owner's hand instead of the discard pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReturnWhen {
    /// When the attempt failed (Break Their Will, Critical Rescue).
    Failed,
    /// When two leaders carried it out (Interdictor Development).
    TwoLeaders,
}

/// What a card revealed in the opponent's opposition step gives (Subversion).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Opposes {
    /// Extra dice for the opposition.
    pub extra_dice: u8,
}

/// A mission card's declared behaviour.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct MissionBehavior {
    /// Extra dice for the revealing player.
    #[serde(default)]
    pub dice: Vec<DiceBonus>,
    /// What the card does when it succeeds (attempt) or is resolved (required: loading
    /// fails for a card that declares none).
    #[serde(default)]
    pub effects: Vec<Effect>,
    /// What the card does when its attempt fails (Aggressive Negotiations).
    #[serde(default)]
    pub on_failure: Vec<Effect>,
    /// When the card goes back to hand rather than to the discard pile.
    #[serde(default)]
    pub returns_to_hand: Option<ReturnWhen>,
    /// Dice are rolled even when nobody opposes; the margin of successes is what the ability
    /// works with (Assault, Plant Explosives).
    #[serde(default)]
    pub roll_unopposed: bool,
    /// What removing the card's target marker does (Rise of the Empire).
    #[serde(default)]
    pub on_target_removed: Vec<Effect>,
    /// What the card's target marker forbids while it stays on the board.
    #[serde(default)]
    pub while_target: Vec<crate::engine::rebellion::rise_of_the_empire::targets::TargetRule>,
    /// The card is revealed in the opponent's opposition step instead of its owner's turn.
    #[serde(default)]
    pub opposes: Option<Opposes>,
}

/// Where a leader shown on an action card must be for the card to be used (Rules Reference,
/// Action Cards: in the system of the mission or combat, unless the card moves him there).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeaderRule {
    /// No leader is needed (cards that show none).
    #[default]
    None,
    /// In its owner's leader pool (the card places him: Assignment cards, Ready for Action).
    InPool,
    /// In the system of the mission or combat.
    InSystem,
    /// Anywhere on the board and not captured (the card moves him: Undercover).
    OnBoard,
    /// On the mission being revealed (Blindside).
    OnMission,
    /// The leader just captured (Noble Sacrifice).
    Captured,
}

/// The moment a "special" action card names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// Right as its owner reveals a mission.
    OwnReveal,
    /// The opponent attempts a mission, before any dice are rolled.
    EnemyAttempt,
    /// Its owner is about to roll dice in a mission or combat.
    DiceRoll,
    /// A mission of the opponent has just rescued a leader.
    AfterRescue,
    /// One of its owner's leaders has just been captured.
    LeaderCaptured,
    /// One of its owner's missions has just succeeded.
    OwnMissionSucceeded,
    /// Rise of the Empire: its owner's leader pool holds more leaders than it may
    /// (Ambitions of Power; `pool_limit.rs`).
    PoolOverLimit,
    /// Rise of the Empire: both sides are done assigning, before the Command Phase
    /// (False Orders; `assignment.rs`).
    AssignmentEnd,
    /// Rise of the Empire: a unit of the opponent's has retreated from a combat; answered once
    /// the combat is over (Track Them; `rise_of_the_empire/windows.rs`).
    EnemyRetreated,
    /// Rise of the Empire: its owner has won a battle; answered once the combat is over
    /// (Something to Fight For; `rise_of_the_empire/windows.rs`).
    BattleWon,
    /// Rise of the Empire: a mission of either side has just failed (Post Bounty, whose leader
    /// must be in that system; `mission/windows.rs`).
    MissionFailed,
    /// Rise of the Empire: the end of a Command Phase, where a probe card kept under a card in
    /// play may be revealed (Sweep the Area; `rise_of_the_empire/windows.rs`). No card in hand answers it.
    CommandPhaseEnd,
}

/// An action card's declared behaviour.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct ActionBehavior {
    /// Where a leader shown on the card must be.
    #[serde(default)]
    pub leader: LeaderRule,
    /// For a "special" card, the moment it can be used.
    #[serde(default)]
    pub trigger: Option<Trigger>,
    /// What the card does (required: loading fails for a card that declares none).
    #[serde(default)]
    pub effects: Vec<Effect>,
}

/// An objective card's declared behaviour.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectiveBehavior {
    /// What must hold to score it (all of them).
    #[serde(default)]
    pub requires: Vec<Requirement>,
    /// It goes back to the Rebel hand after scoring, to be scored again (Heart of the Empire).
    #[serde(default)]
    pub returns_to_hand: bool,
    /// A Death Star Plans card: played in its own window of the space battle, with a roll.
    #[serde(default)]
    pub death_star_plans: bool,
    /// After scoring, Luke Skywalker (Jedi) in the combat eliminates an Imperial leader there
    /// (Return of the Jedi).
    #[serde(default)]
    pub jedi_eliminates: bool,
    /// What removing the card's target marker does (Rise of the Empire).
    #[serde(default)]
    pub on_target_removed: Vec<Effect>,
    /// Rise of the Empire: effects carried out right after the objective is scored (The Long
    /// War's discards, Seize Control's sabotage marker; `objectives::after_score`), or, for a
    /// card that stays in play, when it is revealed (its target markers placed).
    #[serde(default)]
    pub effects: Vec<super::Effect>,
    /// Rise of the Empire: played, it is not scored but stays in play while its target markers
    /// stand (Show No Fear; an Immediate objective always does: `in_play`).
    #[serde(default)]
    pub stays_in_play: bool,
    /// What its target markers forbid or suffer while on the board (Show No Fear's leaves with
    /// the base).
    #[serde(default)]
    pub while_target: Vec<crate::engine::rebellion::rise_of_the_empire::targets::TargetRule>,
    /// The side that takes its target markers (holding the system on the ground alone); by
    /// default the side the card works against, the Empire.
    #[serde(default)]
    pub markers_taken_by: Option<Faction>,
    /// Effects at the start of each Refresh Phase while it is in play (Rebel Cell, Show No
    /// Fear), run before the Rebels' objective window.
    #[serde(default)]
    pub at_refresh: Vec<super::Effect>,
}

struct Behaviors {
    missions: Vec<MissionBehavior>,
    actions: Vec<ActionBehavior>,
    objectives: Vec<ObjectiveBehavior>,
}

static BEHAVIORS: OnceLock<Behaviors> = OnceLock::new();

fn err(file: &'static str, card: &str, detail: impl Into<String>) -> CardError {
    CardError { file, card: card.to_string(), detail: detail.into() }
}

/// Reads the `dice` and `effects` of one card entry.
fn behavior<T: serde::de::DeserializeOwned>(
    file: &'static str,
    entry: &serde_json::Value,
) -> Result<(String, T), CardError> {
    let id = entry.get("id").and_then(|x| x.as_str()).unwrap_or("?").to_string();
    if entry.get("effects").is_none() {
        return Err(err(file, &id, "declares no `effects`: every card needs its behaviour (docs/cards.md)"));
    }
    let mut fields = serde_json::Map::new();
    for key in [
        "dice",
        "effects",
        "leader",
        "trigger",
        "on_failure",
        "returns_to_hand",
        "roll_unopposed",
        "on_target_removed",
        "while_target",
        "opposes",
    ] {
        if let Some(v) = entry.get(key) {
            fields.insert(key.to_string(), v.clone());
        }
    }
    let b = serde_json::from_value(serde_json::Value::Object(fields))
        .map_err(|e| err(file, &id, e.to_string()))?;
    Ok((id, b))
}

/// Reads one mission entry's declared behaviour (what loading does for every card of
/// `assets/missions.json`); the error names the card.
pub fn parse_mission_entry(entry: &serde_json::Value) -> Result<MissionBehavior, CardError> {
    behavior(MISSIONS, entry).map(|(_, b)| b)
}

fn load() -> Result<Behaviors, CardError> {
    let c = catalog();
    let mut missions = vec![MissionBehavior::default(); c.missions.len()];
    for (file, text) in [(MISSIONS, MISSIONS_JSON), (ROTE_MISSIONS, ROTE_MISSIONS_JSON)] {
        let root: serde_json::Value =
            serde_json::from_str(text).map_err(|e| err(file, "-", e.to_string()))?;
        let entries = root
            .get("missions")
            .and_then(|m| m.as_array())
            .ok_or_else(|| err(file, "-", "no `missions` list"))?;
        for entry in entries {
            let (id, b): (String, MissionBehavior) = behavior(file, entry)?;
            let m = c.mission_by_key(&id).ok_or_else(|| err(file, &id, "not in the content catalog"))?;
            missions[m.0 as usize] = b;
        }
    }
    let mut actions = vec![ActionBehavior::default(); c.action_cards.len()];
    // The base cards, then the expansion's (loaded after them by the content catalog).
    for (file, text) in [(ACTIONS, ACTIONS_JSON), (ROTE_ACTIONS, ROTE_ACTIONS_JSON)] {
        let root: serde_json::Value =
            serde_json::from_str(text).map_err(|e| err(file, "-", e.to_string()))?;
        let entries = root
            .get("action_cards")
            .and_then(|m| m.as_array())
            .ok_or_else(|| err(file, "-", "no `action_cards` list"))?;
        for entry in entries {
            let (id, b): (String, ActionBehavior) = behavior(file, entry)?;
            let a = ActionCardId::all()
                .find(|a| a.key() == id)
                .ok_or_else(|| err(file, &id, "not in the content catalog"))?;
            let def = c.action_card(a);
            if def.timing == ActionTiming::Special && b.trigger.is_none() {
                return Err(err(file, &id, "a special card needs a `trigger`"));
            }
            actions[a.0 as usize] = b;
        }
    }
    let mut objectives = vec![ObjectiveBehavior::default(); c.objectives.len()];
    for (file, text) in [(OBJECTIVES, OBJECTIVES_JSON), (ROTE_OBJECTIVES, ROTE_OBJECTIVES_JSON)] {
        let root: serde_json::Value =
            serde_json::from_str(text).map_err(|e| err(file, "-", e.to_string()))?;
        let entries = root
            .get("objectives")
            .and_then(|m| m.as_array())
            .ok_or_else(|| err(file, "-", "no `objectives` list"))?;
        for entry in entries {
            let id = entry.get("id").and_then(|x| x.as_str()).unwrap_or("?");
            let o = c.objective_by_key(id).ok_or_else(|| err(file, id, "not in the content catalog"))?;
            let declared = entry.get("behavior").ok_or_else(|| err(file, id, "declares no `behavior`"))?;
            objectives[o.0 as usize] =
                serde_json::from_value(declared.clone()).map_err(|e| err(file, id, e.to_string()))?;
        }
    }
    Ok(Behaviors { missions, actions, objectives })
}

fn behaviors() -> &'static Behaviors {
    BEHAVIORS.get_or_init(|| match load() {
        Ok(b) => b,
        Err(e) => panic!("invalid card behaviour: {e}"),
    })
}

/// Loads and checks every card's declared behaviour; call once at startup (after the content
/// catalog) to fail with a clear error instead of a panic later.
pub fn init() -> Result<(), CardError> {
    if BEHAVIORS.get().is_none() {
        let b = load()?;
        let _ = BEHAVIORS.set(b);
    }
    Ok(())
}

/// An objective card's declared behaviour.
pub fn objective_behavior(o: ObjectiveId) -> &'static ObjectiveBehavior {
    &behaviors().objectives[o.0 as usize]
}

/// An action card's declared behaviour.
pub fn action_behavior(a: ActionCardId) -> &'static ActionBehavior {
    &behaviors().actions[a.0 as usize]
}

/// A mission card's declared behaviour.
pub fn mission_behavior(m: MissionId) -> &'static MissionBehavior {
    &behaviors().missions[m.0 as usize]
}
