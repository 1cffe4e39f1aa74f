//! The team game's rules that are data (`assets/team.json`): the order in which the four roles
//! take their Command Phase turns. The order rests on one fan source, so it is kept here, where
//! a better source can change it without touching the engine.

use serde::Deserialize;

use super::defs::{Faction, TeamColour};
use super::error::ContentError;

/// One role of the team game: a side's Admiral (blue leaders) or General (orange leaders).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TeamRole {
    /// The side.
    pub faction: Faction,
    /// The colour of the leaders the role plays.
    pub colour: TeamColour,
}

impl TeamRole {
    /// The four roles, Rebels first, Admiral before General.
    pub const ALL: [TeamRole; 4] = [
        TeamRole { faction: Faction::Rebel, colour: TeamColour::Blue },
        TeamRole { faction: Faction::Rebel, colour: TeamColour::Orange },
        TeamRole { faction: Faction::Empire, colour: TeamColour::Blue },
        TeamRole { faction: Faction::Empire, colour: TeamColour::Orange },
    ];

    /// The role's asset key (`rebel_admiral`, `imperial_general`, …).
    pub fn key(self) -> &'static str {
        match (self.faction, self.colour) {
            (Faction::Rebel, TeamColour::Blue) => "rebel_admiral",
            (Faction::Rebel, TeamColour::Orange) => "rebel_general",
            (Faction::Empire, TeamColour::Blue) => "imperial_admiral",
            (Faction::Empire, TeamColour::Orange) => "imperial_general",
        }
    }

    /// The role's printed name ("Rebel Admiral").
    pub fn name(self) -> String {
        let side = match self.faction {
            Faction::Rebel => "Rebel",
            Faction::Empire => "Imperial",
        };
        format!("{side} {}", self.colour.role_name())
    }
}

/// The team game's rules from the assets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRules {
    /// The order of the Command Phase turns, each role once.
    pub command_order: Vec<TeamRole>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTeam {
    command_order: Vec<String>,
    #[serde(default, rename = "note")]
    _note: Option<String>,
    #[serde(default, rename = "uncertain")]
    _uncertain: Option<String>,
}

/// Reads and checks `assets/team.json`: every role exactly once in the turn order.
pub(super) fn load(file: &'static str, text: &str) -> Result<TeamRules, ContentError> {
    let raw: RawTeam = serde_json::from_str(text).map_err(|source| ContentError::Parse { file, source })?;
    let mut command_order = Vec::new();
    for key in &raw.command_order {
        let role = TeamRole::ALL.into_iter().find(|r| r.key() == key).ok_or_else(|| {
            let known: Vec<&str> = TeamRole::ALL.iter().map(|r| r.key()).collect();
            ContentError::invalid(
                file,
                format!("role `{key}`"),
                format!("is not a role ({})", known.join(", ")),
            )
        })?;
        if command_order.contains(&role) {
            return Err(ContentError::invalid(file, format!("role `{key}`"), "takes two turns in the order"));
        }
        command_order.push(role);
    }
    if command_order.len() != TeamRole::ALL.len() {
        return Err(ContentError::invalid(file, "command_order", "must name each of the four roles once"));
    }
    Ok(TeamRules { command_order })
}
