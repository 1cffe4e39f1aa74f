//! The frame stack's data: what the engine is in the middle of (a phase, an activation, a
//! mission, a combat, a card ability …), one frame a level, and the decision a frame waits
//! for. Data only, below the state that holds the stack and below the rules that run each
//! frame (`flow.rs` on top dispatches to them).

pub mod combat;
pub mod mission;
pub mod phases;
pub mod rise_of_the_empire;

use serde::{Deserialize, Serialize};

use super::action::Action;
use super::cards::ability::CardRun;
use crate::content::*;

/// One level of what the engine is in the middle of.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Frame {
    /// Setup choices (starting units, base).
    Setup(phases::SetupStep),
    /// The Assignment Phase.
    Assignment(phases::AssignmentPhase),
    /// The Command Phase.
    Command(phases::CommandPhase),
    /// One activation: move units in, then reveal, combat, subjugate.
    Activation(phases::Activation),
    /// One revealed mission.
    Mission(Box<mission::MissionRun>),
    /// One combat.
    Combat(Box<combat::Combat>),
    /// A card ability being carried out.
    Card(Box<CardRun>),
    /// A deferred Rapid Mobilization at the end of the Command Phase.
    Mobilize(phases::Mobilize),
    /// The Refresh Phase.
    Refresh(phases::RefreshPhase),
    /// A leader pool over Rise of the Empire's limit, on top of whatever was going on.
    PoolLimit(rise_of_the_empire::PoolLimit),
    /// Rise of the Empire: a card window once a combat is over (`rise_of_the_empire/windows.rs`).
    Window(rise_of_the_empire::CardWindow),
}

/// What kind of decision the engine waits for (shown to players and used by front ends).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PromptKind {
    /// Place starting units.
    PlaceStartingUnits,
    /// Secretly choose the base's system.
    ChooseBase,
    /// Assign leaders to missions.
    AssignLeaders,
    /// Take a Command Phase turn.
    CommandTurn,
    /// Choose units to move into the activated system.
    MoveUnits,
    /// Decide whether to oppose a mission.
    Oppose,
    /// Make the choice a card effect asks for.
    CardChoice,
    /// Answer what just happened with an action card or a ring, or `done`.
    Respond,
    /// Decide whether to add a leader to a combat.
    AddLeader,
    /// Use start-of-combat action cards.
    StartOfCombat,
    /// Spend specials / play tactic cards during your attack.
    CombatActions,
    /// Assign your attack's damage.
    AssignDamage,
    /// Block damage with tactic cards.
    BlockDamage,
    /// Decide whether to retreat.
    Retreat,
    /// Choose units to take along on a retreat.
    RetreatCarry,
    /// Decide whether to play an objective.
    Objective,
    /// Discard missions down to the hand limit.
    DiscardMissions,
    /// Recruit a leader.
    Recruit,
    /// Destroy own units to refill the supply before building.
    ScrapUnits,
    /// Choose which unit an icon builds.
    BuildChoice,
    /// Deploy units from the build queue.
    Deploy,
    /// Eliminate leaders from an overfull leader pool (Rise of the Empire).
    TrimLeaderPool,
    /// Secretly choose which mission set to play with (Rise of the Empire setup).
    ChooseMissionSet,
    /// Choose the starting-unit list (Rise of the Empire setup).
    ChooseStartingUnits,
}

impl PromptKind {
    /// A short description of the decision.
    pub fn describe(&self) -> &'static str {
        use PromptKind::*;
        match self {
            PlaceStartingUnits => "place your starting units",
            ChooseBase => "choose the secret location of your base",
            AssignLeaders => "assign leaders to missions",
            CommandTurn => "activate a system, reveal a mission, or pass",
            MoveUnits => "move units into the activated system",
            Oppose => "send a leader to oppose the mission, or not",
            CardChoice => "make the choice the card asks for",
            Respond => "use an action card or a ring now, or not",
            AddLeader => "add a leader to the combat, or not",
            StartOfCombat => "use start-of-combat action cards, or not",
            CombatActions => "spend specials or play tactic cards",
            AssignDamage => "assign your dice's damage to enemy units",
            BlockDamage => "block damage with tactic cards, or not",
            Retreat => "retreat with a leader, or stay",
            RetreatCarry => "take units along on the retreat",
            Objective => "play an objective card, or not",
            DiscardMissions => "discard mission cards down to 10",
            Recruit => "choose an action card and the leader to recruit, or draw another card",
            ScrapUnits => "destroy units of yours to free them for building, or not",
            BuildChoice => "choose which unit this icon builds",
            Deploy => "deploy your ready units",
            TrimLeaderPool => "eliminate leaders from your pool down to its limit",
            ChooseMissionSet => "choose your mission set in secret",
            ChooseStartingUnits => "choose the starting-unit list",
        }
    }
}

/// The decision the engine waits for: who, what kind, and every legal action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// Who decides.
    pub seat: Faction,
    /// What kind of decision.
    pub kind: PromptKind,
    /// Every legal action, in a stable order.
    pub actions: Vec<Action>,
    /// Extra context shown with the prompt (e.g. the dice to assign); private to `seat`.
    pub context: Vec<String>,
    /// Whether the seat is asked even when only one answer, or only `done`, is possible: its
    /// options come from what only it knows (a hand, cards it drew, the hidden base), so
    /// answering for it would tell the opponent about them (`asking.rs`).
    pub always_asked: bool,
    /// The team game: the role of the side that answers, or `None` when either player of
    /// the side may (always `None` in the two-player game; `team.rs`).
    pub role: Option<TeamColour>,
}

impl Decision {
    /// A decision with no extra context.
    pub fn new(seat: Faction, kind: PromptKind, actions: Vec<Action>) -> Self {
        Decision { seat, kind, actions, context: Vec::new(), always_asked: false, role: None }
    }
    /// The decision, asked even with a single answer when `yes` (see `always_asked`).
    pub fn always_asked(mut self, yes: bool) -> Self {
        self.always_asked = yes;
        self
    }
}

/// What a frame handler hands back: the frames to push in its place (itself first if it
/// continues, then any child frame it started). Empty means the frame is finished.
pub type Frames = Vec<Frame>;
