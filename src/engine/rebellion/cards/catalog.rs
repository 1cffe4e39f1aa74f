//! The declared behaviour of every card, read from the same `assets/` entries as the card's
//! facts (their `dice` and `effects` fields) and checked once, at startup.

use serde::Deserialize;
use std::sync::OnceLock;

use super::Effect;
use crate::content::*;

const MISSIONS: &str = "assets/missions.json";
const MISSIONS_JSON: &str = include_str!("../../../../assets/missions.json");

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

/// A mission card's declared behaviour.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct MissionBehavior {
    /// Extra dice for the revealing player.
    #[serde(default)]
    pub dice: Vec<DiceBonus>,
    /// What the card does when it succeeds (attempt) or is resolved; `None` when the card
    /// declares nothing (the catalog test fails for such a card).
    #[serde(default)]
    pub effects: Option<Vec<Effect>>,
}

struct Behaviors {
    missions: Vec<MissionBehavior>,
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
    let mut fields = serde_json::Map::new();
    for key in ["dice", "effects"] {
        if let Some(v) = entry.get(key) {
            fields.insert(key.to_string(), v.clone());
        }
    }
    let b = serde_json::from_value(serde_json::Value::Object(fields))
        .map_err(|e| err(file, &id, e.to_string()))?;
    Ok((id, b))
}

fn load() -> Result<Behaviors, CardError> {
    let c = catalog();
    let root: serde_json::Value =
        serde_json::from_str(MISSIONS_JSON).map_err(|e| err(MISSIONS, "-", e.to_string()))?;
    let entries = root
        .get("missions")
        .and_then(|m| m.as_array())
        .ok_or_else(|| err(MISSIONS, "-", "no `missions` list"))?;
    let mut missions = vec![MissionBehavior::default(); c.missions.len()];
    for entry in entries {
        let (id, b): (String, MissionBehavior) = behavior(MISSIONS, entry)?;
        let m = c.mission_by_key(&id).ok_or_else(|| err(MISSIONS, &id, "not in the content catalog"))?;
        missions[m.0 as usize] = b;
    }
    Ok(Behaviors { missions })
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

/// A mission card's declared behaviour.
pub fn mission_behavior(m: MissionId) -> &'static MissionBehavior {
    &behaviors().missions[m.0 as usize]
}
