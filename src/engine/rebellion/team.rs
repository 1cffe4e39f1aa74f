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
use super::frame::{Decision, Frame, PromptKind};
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

/// Why a role of a side answers a decision of the team game (or why either player may), for
/// the words that tell the table who decides. Public facts only, like the role itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// Return of the Jedi's elimination: it follows the objective the General played.
    Elimination,
    /// A battle step: the Admiral fights in space, the General on the ground.
    Battle(Theater),
    /// The units that go along on a retreat: the player who retreated picks them.
    Retreated,
    /// Rapid Mobilization: the player who revealed it resolves it.
    Mobilization,
    /// Recruiting, building, deploying and the starting units: the Admiral's.
    Logistics,
    /// The mission hand, the objectives and the base: the General's.
    MissionHand,
    /// A Command Phase turn, and what it started: the player whose turn it is.
    OwnTurn,
    /// The Assignment Phase: each player assigns their own leaders; the General ends it.
    OwnLeaders,
    /// A window either player may use, each with their own leaders and cards.
    Either,
}

/// The role of the side that answers a decision, or `None` when either player may (or in the
/// two-player game). Read from the kind of decision and the public steps around it only.
pub fn decider(s: &State, d: &Decision) -> Option<TeamColour> {
    ruling(s, d).and_then(|(role, _)| role)
}

/// Why a decision of a team game goes to the role it goes to (`decider`), or to either
/// player; `None` in the two-player game.
pub fn why(s: &State, d: &Decision) -> Option<Why> {
    ruling(s, d).map(|(_, why)| why)
}

/// The role that answers a decision (`None`: either player) and why; `None` outside the team
/// game.
fn ruling(s: &State, d: &Decision) -> Option<(Option<TeamColour>, Why)> {
    use PromptKind::*;
    if !is_team(s) {
        return None;
    }
    if let Some(Frame::Combat(c)) = s.stack.last() {
        // Return of the Jedi's elimination follows the objective the Rebel General played.
        if matches!(c.effect, Some(super::combat::Effect::Eliminate { .. })) {
            return Some((Some(TeamColour::Orange), Why::Elimination));
        }
        // Rules Reference, Combat: the Admiral "makes all decisions for his team during the
        // space battle step", the General during the ground battle step: the dice, the tactic
        // cards (cinematic picks too), the choices a tactic card asks for, the ring windows.
        if let Some(t) = battle_theater(c)
            && matches!(d.kind, CombatActions | AssignDamage | BlockDamage | CardChoice | Respond)
        {
            return Some((Some(theater_role(t)), Why::Battle(t)));
        }
        // The units that go along on a retreat are chosen by the player who retreated.
        if let (RetreatCarry, Step::Carry { by, .. }) = (&d.kind, c.step) {
            return Some((by, if by.is_some() { Why::Retreated } else { Why::Either }));
        }
    }
    // Rapid Mobilization is resolved by the player who revealed it (Rules Reference, Mission
    // Cards: he "makes all decisions for that card"), though the Command Phase is over.
    if let Some(Frame::Mobilize(m)) = s.stack.last()
        && m.by.is_some()
    {
        return Some((m.by, Why::Mobilization));
    }
    let turn = || turn_role(s, d.seat).map_or((None, Why::Either), |r| (Some(r), Why::OwnTurn));
    Some(match d.kind {
        // Learn to Play, the Admiral's responsibilities: recruiting, building and deploying,
        // and (Rules Reference, setup) placing the starting units.
        PlaceStartingUnits | ChooseStartingUnits | Recruit | ScrapUnits | BuildChoice | Deploy => {
            (Some(TeamColour::Blue), Why::Logistics)
        }
        // The General's: the mission hand (its discards, Rise of the Empire's mission set),
        // the Rebel objectives; and the base when the Rebels cannot agree.
        ChooseBase | ChooseMissionSet | DiscardMissions | Objective => {
            (Some(TeamColour::Orange), Why::MissionHand)
        }
        // The Admiral fights the space battle, the General the ground battle.
        CombatActions | AssignDamage | BlockDamage => match s.combat().and_then(battle_theater) {
            Some(t) => (Some(theater_role(t)), Why::Battle(t)),
            None => (None, Why::Either),
        },
        // A Command Phase turn is one role's, and so is what it started: moving units in, and
        // (Rules Reference, Mission Cards) every decision of the mission it revealed.
        CommandTurn | MoveUnits | CardChoice => turn(),
        // Each player assigns their own leaders (`action_role`); the General ends the phase.
        AssignLeaders => (None, Why::OwnLeaders),
        // Either player: each adds, opposes or retreats their own leader; cards are the side's.
        Oppose | Respond | AddLeader | StartOfCombat | Retreat | RetreatCarry | TrimLeaderPool => {
            (None, Why::Either)
        }
    })
}

/// The role that fights a battle of this theater.
fn theater_role(t: Theater) -> TeamColour {
    match t {
        Theater::Space => TeamColour::Blue,
        Theater::Ground => TeamColour::Orange,
    }
}

/// Whether a decision of one role is also a window for action cards, which the teammate may
/// hold (Rules Reference, Recruiting: "the player controlling that leader pool gains the
/// action card and chooses when to use it"): a card window of a battle, or the Death Star Plans
/// window (One in a Million). Public facts only: the kind, the step and the hand's size.
pub fn card_window(s: &State, d: &Decision) -> bool {
    let window = match d.kind {
        PromptKind::Respond | PromptKind::StartOfCombat => true,
        PromptKind::Objective => {
            matches!(s.stack.last(), Some(Frame::Combat(c)) if super::combat::in_plans_window(s, c))
        }
        _ => false,
    };
    window && !s.hands.get(d.seat).actions.is_empty()
}

/// Whether a decision is a window both players of a split side share: declining it ("done")
/// passes for the player who declines only, and it closes when one acts or both decline
/// (`flow::apply_as`). Opposing, adding a leader, retreating, and card windows.
pub fn shared(s: &State, d: &Decision) -> bool {
    use PromptKind::*;
    s.options.players.splits(d.seat)
        && d.actions.contains(&Action::Done)
        && match d.role {
            None => matches!(d.kind, Oppose | AddLeader | Retreat | Respond | StartOfCombat),
            Some(_) => card_window(s, d),
        }
}

/// The roles of the side a decision is put to, in the order they are named: the deciding
/// role, then the teammate when they may act in it too (a card window, or the base they may
/// reveal in their turn); or, when either player may answer, the player whose turn it is (else
/// the General, who holds the side's mission hand) and then the teammate. Public facts only.
pub fn addressees(s: &State, d: &Decision) -> Vec<TeamColour> {
    let other = |c: TeamColour| if c == TeamColour::Blue { TeamColour::Orange } else { TeamColour::Blue };
    if let Some(r) = d.role {
        let reveals = d.actions.contains(&Action::RevealBase) && turn_role(s, d.seat) == Some(other(r));
        let narrowed = s.team_passed.is_some();
        return if !narrowed && (card_window(s, d) || reveals) { vec![r, other(r)] } else { vec![r] };
    }
    let first = turn_role(s, d.seat).unwrap_or(TeamColour::Orange);
    if d.kind == PromptKind::AssignLeaders && !admiral_may_assign(s, d) {
        return vec![TeamColour::Orange];
    }
    vec![first, other(first)]
}

/// The Assignment Phase of a split side: whether the Admiral has anything he might take — a
/// leader of his own in the pool while missions are still being assigned, or a window for the
/// action cards the side could hold (`Decision::always_asked`, from `asking.rs`). The General
/// ends the phase and is always asked; an Admiral with nothing to take is not named. Public
/// facts only: the pool, the step and what the side could hold.
fn admiral_may_assign(s: &State, d: &Decision) -> bool {
    let closing = matches!(s.stack.last(), Some(Frame::Assignment(p)) if p.closing);
    let leaders = s.leader_pool.get(d.seat).iter().any(|&l| colour(l) == TeamColour::Blue);
    d.always_asked || (leaders && !closing)
}

/// The role whose Command Phase turn it is, when it is a turn of side `f`.
pub fn turn_role(s: &State, f: Faction) -> Option<TeamColour> {
    s.stack.iter().rev().find_map(|fr| match fr {
        Frame::Command(c) if c.turn == f => c.team.as_ref().map(|t| t.role().colour),
        _ => None,
    })
}

/// The battle step (space or ground) a combat is in, if any: the cinematic tactic picks of a
/// round of battle count as its battle step.
fn battle_theater(c: &super::combat::Combat) -> Option<Theater> {
    match c.step {
        Step::Battle { theater }
        | Step::Roll { theater, .. }
        | Step::Actions { theater, .. }
        | Step::Assign { theater, .. }
        | Step::Block { theater, .. }
        | Step::EndBattle { theater }
        | Step::Tactics { theater, .. } => Some(theater),
        _ => None,
    }
}

/// The role that alone may take this action of a decision answered by either player: a
/// leader goes where its own player sends it; a mission's leaders are assigned by their
/// player; the General ends the Assignment Phase, as the player who holds the mission hand
/// (Rules Reference: he may stop an assignment of the Admiral's); an action card is played by
/// the player who holds it. `None`: either may.
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

/// The role an action of a decision needs, or `None` when either player may take it: an
/// action card always goes with its holder (even in a decision of the teammate's; a card of
/// neither player's with the decision's role, if any), revealing
/// the base with the Rebel whose turn it is; anything else with the decision's role, else
/// with `action_role`.
pub fn needed(s: &State, d: &Decision, a: &Action) -> Option<TeamColour> {
    match a {
        // A card of neither player's goes with the decision's role, when it has one.
        Action::PlayAction { card } => s.card_holders.get(card).copied().or(d.role),
        // Rules Reference, Revealing the Rebel Base: "during his turn".
        Action::RevealBase => turn_role(s, d.seat),
        _ => d.role.or_else(|| action_role(s, d, a)),
    }
}

/// Refuses an action of a player who does not hold the role it belongs to (see `needed`).
/// A player of a whole side holds every role of it.
pub fn check(s: &State, d: &Decision, player: Player, a: &Action) -> Result<(), RuleError> {
    let Some(mine) = player.role else { return Ok(()) };
    let Some(needed) = needed(s, d, a) else { return Ok(()) };
    if needed == mine {
        return Ok(());
    }
    let role = TeamRole { faction: player.faction, colour: needed }.name();
    let why = match (d.role, a) {
        (_, Action::PlayAction { .. }) => format!("the {role} holds that card"),
        (_, Action::RevealBase) => format!("the base is revealed in the player's own turn: the {role}'s"),
        (Some(_), _) => format!("the {role} decides this ({})", d.kind.describe()),
        (None, Action::Done) => format!("the {role} holds the mission hand and ends the assignments"),
        (None, Action::Assign { .. }) => format!("only the {role} assigns their own leaders"),
        (None, _) => format!("that leader is the {role}'s"),
    };
    Err(RuleError::NotYourRole { role, detail: why })
}

/// In a team game's Command Phase turn, the cards offered are those its player may play: his
/// own and the side's unheld ones, not the teammate's (Rules Reference, Command Phase: during
/// a player's turn "he" acts; a card is used by its holder). The turn always offers a pass, so
/// whether it is asked does not depend on the cards left.
pub fn own_turn_cards(s: &State, d: &mut Decision) {
    if let (PromptKind::CommandTurn, Some(r)) = (&d.kind, d.role)
        && s.options.players.splits(d.seat)
    {
        d.actions.retain(|a| !matches!(a, Action::PlayAction { card } if s.card_holders.get(card).is_some_and(|&h| h != r)));
    }
}

/// A decision narrowed to one player after the teammate declined a shared window (see
/// `shared`): only the actions the teammate alone could not take are left, and `role` names
/// the player who may still act.
pub fn narrow(s: &State, d: &mut Decision, passed: TeamColour) {
    let left = if passed == TeamColour::Blue { TeamColour::Orange } else { TeamColour::Blue };
    let before = d.clone();
    d.actions.retain(|a| *a == Action::Done || needed(s, &before, a) != Some(passed));
    d.role = Some(left);
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
    // With three players the one Rebel holds both pools: the rule splits a team's pools only.
    if !s.options.players.splits(f) {
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
