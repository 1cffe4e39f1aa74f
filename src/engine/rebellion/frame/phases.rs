//! The frames of the game round's phases: setup, the Assignment and Command Phases, an
//! activation, a Rapid Mobilization and the Refresh Phase (their rules are in `phases/`).

use serde::{Deserialize, Serialize};

use crate::content::*;
use crate::engine::rebellion::pieces::{Assignment, Place, Units};

/// A setup step that waits on a player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SetupStep {
    /// The Empire places its starting units in Imperial systems.
    ImperialPlacement {
        /// Units still to place.
        remaining: Units,
        /// Rise of the Empire's list (it may go where a Death Star Under Construction is).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        expansion: bool,
    },
    /// The Rebels place theirs in the Rebel Base space and/or one Rebel or neutral system.
    RebelPlacement {
        /// Units still to place.
        remaining: Units,
        /// The one system chosen so far, if any.
        system: Option<SystemId>,
    },
    /// The Rebels secretly choose the base's system.
    ChooseBase,
    /// Rise of the Empire: each side secretly picks its mission set, the Empire first; its pick
    /// stays here, hidden, until the Rebels have picked too.
    MissionSets {
        /// The Empire's pick, once made.
        empire: Option<MissionSet>,
    },
    /// Rise of the Empire: the Empire keeps the base starting units or proposes the expansion's.
    OfferUnits,
    /// Rise of the Empire: the Rebels accept the expansion's starting units or keep the base ones.
    AcceptUnits,
    /// Rise of the Empire's starting units: the Empire picks the remote system of its Death Star
    /// Under Construction.
    RemoteSystem,
}

/// The Assignment Phase in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AssignmentPhase {
    /// Who is assigning now.
    pub turn: Faction,
    /// Rise of the Empire: both sides are done and `turn` may answer the end of the phase with
    /// a card (False Orders); left out of saves when not.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub closing: bool,
    /// The team game: the Admiral's assignments the General sent back this phase (mission and
    /// leaders), which the Admiral may not make again. Left out of saves when empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub vetoed: Vec<Assignment>,
}

/// The Command Phase in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommandPhase {
    /// The current player.
    pub turn: Faction,
    /// Who has passed.
    pub passed: ByFaction<bool>,
    /// A turn's activation or mission is under way (the frames above this one).
    pub in_turn: bool,
    /// Rapid Mobilizations waiting for the end of the phase (leaders assigned to each).
    pub mobilizations: Vec<u8>,
    /// The team game: the player who revealed each of `mobilizations`, in the same order.
    /// Left out of saves when empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mobilizers: Vec<Option<TeamColour>>,
    /// The team game: whose turn among the roles, and who has passed (`turn` is that role's
    /// side). Left out of two-player saves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team: Option<TeamTurns>,
}

/// The team game's Command Phase turns: the roles take turns in the order of
/// `Catalog::team.command_order` (data, `assets/team.json`), each passing for itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamTurns {
    /// The role whose turn it is, as its place in the turn order.
    pub index: usize,
    /// Which roles have passed, by place in the turn order.
    pub passed: Vec<bool>,
}

/// Where an activation stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActivationStep {
    /// The player is choosing units to move in.
    Moving,
    /// Movement is over: reveal the base if needed, then combat.
    AfterMove,
    /// Combat (if any) is over: subjugate, then the turn ends.
    Finish,
}

/// Transport bookkeeping for units moved from one place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moved {
    /// The origin.
    pub from: Place,
    /// Transport capacity of the ships moved from it.
    pub capacity: u32,
    /// Capacity used by units that need transport.
    pub used: u32,
}

/// One activation in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Activation {
    /// Who activated.
    pub faction: Faction,
    /// The activated place.
    pub place: Place,
    /// The leader placed there.
    pub leader: LeaderId,
    /// Per origin, what moved.
    pub moved: Vec<Moved>,
    /// The current step.
    pub step: ActivationStep,
}

/// Where a Rapid Mobilization stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MobilizeStep {
    /// Choose option 1 (move units to the base space) or 2 (new base), or decline.
    Choose,
    /// Moving units from one system.
    Moving {
        /// The system units come from, once chosen.
        from: Option<SystemId>,
        /// Units moved so far.
        moved: u8,
        /// Transport capacity of ships moved.
        capacity: u32,
        /// Capacity used.
        used: u32,
    },
    /// Picking the new base among drawn probe cards.
    NewBase {
        /// The drawn cards.
        drawn: Vec<SystemId>,
    },
}

/// One pending Rapid Mobilization.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mobilize {
    /// Leaders that were assigned (two draw twice as many probe cards).
    pub leaders: u8,
    /// The current step.
    pub step: MobilizeStep,
    /// The team game: the player who revealed the mission, who decides it (left out of saves
    /// when none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<TeamColour>,
}

/// The step of the Refresh Phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RefreshStep {
    /// Immediately before step 1: the Rebels may play one objective.
    StartObjective,
    /// Steps 1–4 (automatic).
    Draws,
    /// Step 2's discards down to the hand limit.
    Discard {
        /// Who discards.
        faction: Faction,
    },
    /// Step 5: advance the time marker.
    Time,
    /// Recruit icon: this faction picks among drawn action cards.
    Recruit {
        /// Who recruits.
        faction: Faction,
        /// The cards drawn.
        drawn: Vec<ActionCardId>,
    },
    /// Build icon, first: a faction whose build would take more units of a type than its
    /// supply holds may destroy any number of its own units on the board to return them to the
    /// supply (Rules Reference, Component Limitations).
    Scrap {
        /// Who may scrap.
        faction: Faction,
        /// Units scrapped so far (once started, the player scraps until `done`).
        #[serde(default)]
        scrapped: u8,
    },
    /// Build icon: units go on the queues; icons with several units wait for their own side's
    /// choice, the Rebels' first (in the base game only Rebel icons have several units; Rise of
    /// the Empire gives the Empire some too).
    Build {
        /// Rebel icons still to choose for, with their queue space.
        choices: Vec<(ResourceIcon, u8)>,
        /// Imperial icons still to choose for, with their queue space (left out when empty, so
        /// base-game states read as before).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        empire_choices: Vec<(ResourceIcon, u8)>,
    },
    /// Step 6: slide the queue and deploy (the units wait in `State::ready`).
    Deploy {
        /// Who deploys.
        faction: Faction,
        /// Units deployed per place this phase.
        placed: Vec<(Place, u8)>,
        /// Systems a Shield Bunker was deployed to in this step (Rise of the Empire): they give
        /// no local reinforcement until the next one.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        new_bunkers: Vec<SystemId>,
    },
    /// Start the next round.
    End,
}

/// The Refresh Phase in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RefreshPhase {
    /// The current step.
    pub step: RefreshStep,
}
