//! The team game (three or four players): who within a side answers each decision, and which
//! actions only one role of a side may take.
//!
//! A side's roles are its Admiral (blue leaders) and its General (orange leaders), named by
//! the leader colour (`TeamColour`). The engine keeps deciding by side; a decision of a team
//! game also names the role that answers it (`Decision::role`), or none when either player of
//! the side may (opposing a mission, adding a leader to a combat, retreating, using a card).
//! Some actions of such a decision belong to one role still: a leader is sent, added or
//! retreated by the player it belongs to. Everything here reads public facts only (the step,
//! the leaders' colours, whose turn it is), so which player is asked tells the other team
//! nothing it may not know.

use super::action::Action;
use super::combat::Step;
use super::error::RuleError;
use super::flow::{Decision, Frame, PromptKind};
use super::state::{Players, State};
use crate::content::*;

/// One player's hands on a side: the side, and the role they play on it, or `None` for a
/// player who plays every role of the side (the two-player game, the three-player Rebel).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Player {
    /// The side.
    pub faction: Faction,
    /// The role, when the side is split between two players.
    pub role: Option<TeamColour>,
}

impl Player {
    /// The player of a whole side.
    pub fn side(faction: Faction) -> Self {
        Player { faction, role: None }
    }
    /// The player of one role of a side.
    pub fn role(faction: Faction, colour: TeamColour) -> Self {
        Player { faction, role: Some(colour) }
    }
}

/// Whether a match is a team game.
pub fn is_team(s: &State) -> bool {
    !s.options.players.is_two()
}

/// The role whose leader this is: the colour printed on it.
pub fn colour(leader: LeaderId) -> TeamColour {
    catalog().leader(leader).team_colour
}

/// The role of the side that answers a decision, or `None` when either player may (or in the
/// two-player game). Read from the kind of decision and the public steps around it only.
pub fn decider(s: &State, d: &Decision) -> Option<TeamColour> {
    use PromptKind::*;
    if !is_team(s) {
        return None;
    }
    match d.kind {
        // Learn to Play, the Admiral's responsibilities: recruiting, building and deploying,
        // and (Rules Reference, setup) placing the starting units.
        PlaceStartingUnits | ChooseStartingUnits | Recruit | ScrapUnits | BuildChoice | Deploy => {
            Some(TeamColour::Blue)
        }
        // The General's: the mission hand (its discards, Rise of the Empire's mission set),
        // the Rebel objectives; and the base when the Rebels cannot agree.
        ChooseBase | ChooseMissionSet | DiscardMissions | Objective => Some(TeamColour::Orange),
        // The Admiral fights the space battle, the General the ground battle.
        CombatActions | AssignDamage | BlockDamage => battle_theater(s).map(|t| match t {
            Theater::Space => TeamColour::Blue,
            Theater::Ground => TeamColour::Orange,
        }),
        // A Command Phase turn is one role's, and so is what it started: moving units in, and
        // (Rules Reference, Mission Cards) every decision of the mission it revealed.
        CommandTurn | MoveUnits | CardChoice => turn_role(s, d.seat),
        // Either player: each sends, adds or retreats their own leader (`action_role`); cards
        // are the side's; the Assignment Phase is both players' (the General ends it).
        AssignLeaders | Oppose | Respond | AddLeader | StartOfCombat | Retreat | RetreatCarry
        | TrimLeaderPool => None,
    }
}

/// The roles of the side a decision is put to, in the order they are named: the deciding
/// role alone, or, when either player may answer, the player whose turn it is (else the
/// General, who holds the side's mission hand) and then the teammate. Public facts only.
pub fn addressees(s: &State, d: &Decision) -> Vec<TeamColour> {
    if let Some(r) = d.role {
        return vec![r];
    }
    let first = turn_role(s, d.seat).unwrap_or(TeamColour::Orange);
    let other = if first == TeamColour::Blue { TeamColour::Orange } else { TeamColour::Blue };
    vec![first, other]
}

/// The role whose Command Phase turn it is, when it is a turn of side `f`.
pub fn turn_role(s: &State, f: Faction) -> Option<TeamColour> {
    s.stack.iter().rev().find_map(|fr| match fr {
        Frame::Command(c) if c.turn == f => c.team.as_ref().map(|t| t.role().colour),
        _ => None,
    })
}

/// The battle step (space or ground) a combat is in, if any.
fn battle_theater(s: &State) -> Option<Theater> {
    let c = s.combat()?;
    match c.step {
        Step::Battle { theater }
        | Step::Roll { theater, .. }
        | Step::Actions { theater, .. }
        | Step::Assign { theater, .. }
        | Step::Block { theater, .. }
        | Step::EndBattle { theater } => Some(theater),
        _ => None,
    }
}

/// The role that alone may take this action of a decision answered by either player: a
/// leader goes where its own player sends it; a mission's leaders are assigned by their
/// player (two of different colours by either); the General ends the Assignment Phase, as
/// the player who holds the mission hand (Rules Reference: he may stop an assignment of the
/// Admiral's); an action card is played by the player who holds it. `None`: either may.
pub fn action_role(s: &State, d: &Decision, a: &Action) -> Option<TeamColour> {
    match (a, &d.kind) {
        (Action::PlayAction { card }, _) => s.card_holders.get(card).copied(),
        (Action::Oppose { leader }, _)
        | (Action::AddLeader { leader }, _)
        | (Action::Retreat { leader, .. }, _)
        | (Action::Pick(super::action::Pick::Leader { leader }), PromptKind::TrimLeaderPool) => {
            Some(colour(*leader))
        }
        (Action::Assign { leaders, .. }, _) => {
            let first = colour(*leaders.first()?);
            leaders.iter().all(|&l| colour(l) == first).then_some(first)
        }
        (Action::Done, PromptKind::AssignLeaders) | (Action::Veto { .. }, _) => Some(TeamColour::Orange),
        _ => None,
    }
}

/// Refuses an action of a player who does not hold the role it belongs to (see `decider`
/// and `action_role`). A player of a whole side holds every role of it.
pub fn check(s: &State, d: &Decision, player: Player, a: &Action) -> Result<(), RuleError> {
    let Some(mine) = player.role else { return Ok(()) };
    let Some(needed) = d.role.or_else(|| action_role(s, d, a)) else { return Ok(()) };
    if needed == mine {
        return Ok(());
    }
    let role = TeamRole { faction: player.faction, colour: needed }.name();
    let why = match (d.role, a) {
        (Some(_), _) => format!("the {role} decides this ({})", d.kind.describe()),
        (None, Action::Done) => format!("the {role} holds the mission hand and ends the assignments"),
        (None, Action::Assign { .. }) => format!("only the {role} assigns their own leaders"),
        (None, Action::PlayAction { .. }) => format!("the {role} holds that card"),
        (None, _) => format!("that leader is the {role}'s"),
    };
    Err(RuleError::NotYourRole { role, detail: why })
}

/// The seats of a match with this many players, in join order: a side's seat, or one per role
/// when the side is split.
pub fn seats(players: Players) -> Vec<(Faction, Option<TeamColour>)> {
    let mut out = vec![];
    for f in Faction::BOTH {
        if players.splits(f) {
            out.extend(TeamColour::BOTH.iter().map(|&c| (f, Some(c))));
        } else {
            out.push((f, None));
        }
    }
    out
}

/// The colours whose pool a side over Rise of the Empire's leader limit eliminates from: in a
/// team game, the pool of the player with more leaders (either when they hold as many).
pub fn trim_colours(s: &State, f: Faction) -> Vec<TeamColour> {
    if !is_team(s) {
        return TeamColour::BOTH.to_vec();
    }
    let count = |c: TeamColour| s.leader_pool.get(f).iter().filter(|&&l| colour(l) == c).count();
    let (blue, orange) = (count(TeamColour::Blue), count(TeamColour::Orange));
    match blue.cmp(&orange) {
        std::cmp::Ordering::Greater => vec![TeamColour::Blue],
        std::cmp::Ordering::Less => vec![TeamColour::Orange],
        std::cmp::Ordering::Equal => TeamColour::BOTH.to_vec(),
    }
}

/// The team game: records who of side `f` holds a card just gained — the player of the leader
/// recruited with it, else of the one leader it shows (Rules Reference, setup: a starting card
/// goes to the player whose leader it shows); a card showing none, or two of both colours,
/// is either player's.
pub fn hold(s: &mut State, card: ActionCardId, recruited: Option<LeaderId>) {
    if !is_team(s) {
        return;
    }
    let shown = &catalog().action_card(card).leaders;
    let colours: Vec<TeamColour> = match recruited {
        Some(l) => vec![colour(l)],
        None => shown.iter().map(|&l| colour(l)).collect(),
    };
    match colours.first() {
        Some(&c) if colours.iter().all(|&x| x == c) => {
            s.card_holders.insert(card, c);
        }
        _ => {
            s.card_holders.remove(&card);
        }
    }
}
