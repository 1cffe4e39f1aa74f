//! The team game in words: why a decision goes to the role it goes to, and which seat alone
//! may take each option of a decision both players of a side are asked. Read from the engine's
//! team rules (`engine::rebellion::team`), which use public facts only for who is asked.

use super::seat_name;
use crate::content::{TeamColour, TeamRole, Theater};
use crate::engine::rebellion::team::{self, Why};
use crate::engine::rebellion::{Decision, State};

/// Why a decision of the team game goes to its role, or to either player, as a clause for the
/// channel ("the Rebel Admiral fights the space battle"); empty outside the team game or for a
/// side played by one player (the three-player Rebel).
pub fn why_words(s: &State, d: &Decision) -> String {
    if !s.options.players.splits(d.seat) {
        return String::new();
    }
    let Some(why) = team::why(s, d) else { return String::new() };
    let name = |c: TeamColour| TeamRole { faction: d.seat, colour: c }.name();
    let role = d.role.map(name).unwrap_or_default();
    match why {
        Why::Elimination => {
            format!("the {role} played the objective and picks the Imperial leader it eliminates")
        }
        Why::Battle(Theater::Space) => format!("the {role} fights the space battle"),
        Why::Battle(Theater::Ground) => format!("the {role} fights the ground battle"),
        Why::Retreated => format!("the {role} retreated and picks the units that go along"),
        Why::Mobilization => format!("the {role} revealed Rapid Mobilization and carries it out"),
        Why::Logistics => format!("the {role} recruits, builds and deploys for the side"),
        Why::MissionHand => format!("the {role} holds the side's missions and objectives"),
        Why::OwnTurn => format!("it is the {role}'s turn"),
        Why::OwnLeaders if team::addressees(s, d).len() == 1 => format!(
            "the {} has no leader left to assign; the {} assigns theirs and ends the assignments",
            name(TeamColour::Blue),
            name(TeamColour::Orange)
        ),
        Why::OwnLeaders => format!(
            "each player assigns their own leaders, and the {} ends the assignments",
            name(TeamColour::Orange)
        ),
        Why::Either => "either player may act, each with their own leaders and cards".into(),
    }
}

/// For each option of a decision, the seat that alone may take it when the side is split
/// between two players (`team::needed`), or `None` when either may; all `None` otherwise.
pub fn option_seats(s: &State, d: &Decision) -> Vec<Option<String>> {
    let split = s.options.players.splits(d.seat);
    d.actions
        .iter()
        .map(|a| split.then(|| team::needed(s, d, a)).flatten().map(|c| seat_name(d.seat, Some(c))))
        .collect()
}
