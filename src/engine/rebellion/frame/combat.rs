//! The frame of one combat: the units fighting with their damage, the dice of the current
//! attack, the step it stands at and what cards changed for it (its rules are in `combat/`).

use serde::{Deserialize, Serialize};

use crate::content::*;
use crate::engine::rebellion::combat::cinematic;
use crate::engine::rebellion::pieces::Place;

/// One unit taking part in a combat, with the damage it has taken so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatUnit {
    /// Its owner.
    pub faction: Faction,
    /// Its type.
    pub unit: UnitId,
    /// Damage taken during this combat (including `pending`).
    pub damage: u8,
    /// Damage assigned during the current attack (the part that may still be blocked).
    pub pending: u8,
    /// Destroyed: it leaves the board at the end of the current battle step.
    pub doomed: bool,
}

/// One die rolled in an attack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Die {
    /// Its colour.
    pub color: DieColor,
    /// The face showing.
    pub face: DieFace,
    /// Spent on a tactic card (set aside for this attack).
    pub spent: bool,
    /// Already assigned as damage.
    pub assigned: bool,
}

/// Where the combat stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "step")]
pub enum Step {
    /// A faction may add a leader from its pool.
    AddLeader {
        /// Who decides.
        faction: Faction,
    },
    /// A faction may use start-of-combat action cards.
    StartOfCombat {
        /// Who decides.
        faction: Faction,
    },
    /// Both sides draw their tactic cards.
    DrawTactics,
    /// A battle step begins (if both sides have units of the theater).
    Battle {
        /// Which battle.
        theater: Theater,
    },
    /// A side rolls its attack dice.
    Roll {
        /// Which battle.
        theater: Theater,
        /// Who attacks.
        side: Faction,
    },
    /// The attacking side spends specials and plays tactic cards.
    Actions {
        /// Which battle.
        theater: Theater,
        /// Who attacks.
        side: Faction,
    },
    /// The attacking side assigns its dice.
    Assign {
        /// Which battle.
        theater: Theater,
        /// Who attacks.
        side: Faction,
    },
    /// The defending side may block.
    Block {
        /// Which battle.
        theater: Theater,
        /// Who attacks.
        side: Faction,
    },
    /// The end of a battle step: destroyed units leave.
    EndBattle {
        /// Which battle.
        theater: Theater,
    },
    /// The Death Star Plans window after the space battle step.
    Plans,
    /// A faction may retreat.
    Retreat {
        /// Who decides.
        faction: Faction,
    },
    /// A retreating faction picks the units that need transport to take along.
    Carry {
        /// Who retreats.
        faction: Faction,
        /// Where to.
        to: SystemId,
        /// Transport capacity left (`None`: unlimited, thanks to Escape Plan).
        capacity: Option<u8>,
        /// Whether any unit has left yet.
        moved: bool,
        /// The team game: the player who retreated, who chooses the units (left out of
        /// two-player saves).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<TeamColour>,
    },
    /// The end-of-round checks (structures, Death Star Under Construction).
    NextRound,
    /// Decide whether another round follows.
    RoundEnd,
    /// Cinematic combat: the advanced tactic cards before a round of battle.
    Tactics {
        /// Which battle.
        theater: Theater,
        /// Where the cards stand.
        stage: cinematic::Stage,
    },
}

/// A sub-choice a card asks for before the combat goes on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Brilliant Strategy: which decks to draw from.
    Strategy,
    /// Concentrate Fire: which dice to reroll.
    Reroll,
    /// A card's damage, dealt one target at a time.
    Damage {
        /// Damage per chosen target.
        per_hit: u8,
        /// Targets still to choose.
        left: u8,
        /// Each target must be a different unit.
        distinct: bool,
        /// Targets already chosen.
        chosen: Vec<u8>,
        /// The player may stop before all targets are chosen (after the first).
        optional: bool,
    },
    /// Outmaneuver / Dig In: which other card to discard.
    DiscardCost {
        /// The theater of the card played.
        theater: Theater,
    },
    /// Blocks still to place.
    Block {
        /// How many damage may still be blocked.
        left: u8,
    },
    /// Master Yoda's ring: which of the bearer's dice to reroll.
    RingReroll,
    /// Return of the Jedi bonus: which Imperial leader to eliminate.
    Eliminate {
        /// The candidates.
        leaders: Vec<LeaderId>,
    },
}

/// What start-of-combat action cards changed for this combat only (Rules Reference, Action
/// Cards: "the ability applies only during the combat that is currently being resolved").
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatMods {
    /// Red and black dice fewer a faction rolls in each battle of the first combat round.
    #[serde(default)]
    pub fewer_dice: Vec<(Faction, u8, u8)>,
    /// Factions that may not retreat from this combat.
    #[serde(default)]
    pub no_retreat: Vec<Faction>,
    /// Factions whose tactic cards their opponent sees.
    #[serde(default)]
    pub tactics_shown: Vec<Faction>,
    /// Factions that may not play tactic cards of a theater in the first combat round.
    #[serde(default)]
    pub no_tactics: Vec<(Faction, Theater)>,
    /// Every unit here has 1 less health (never less than 1).
    #[serde(default)]
    pub lower_health: bool,
    /// Factions whose hits on black dice may count as hits on red dice in space attacks, and
    /// how many per attack.
    #[serde(default)]
    pub black_as_red: Vec<(Faction, u8)>,
    /// Black hits already counted as red in the current attack.
    #[serde(default)]
    pub black_as_red_used: u8,
    /// Leaders a card added to the combat: they cannot lead a retreat and return to their
    /// pool when the combat ends.
    #[serde(default)]
    pub joined: Vec<LeaderId>,
    /// Dice a faction sets to chosen faces instead of rolling them in its next roll (One in
    /// a Million): colour and face.
    #[serde(default)]
    pub set_faces: Vec<(Faction, DieColor, DieFace)>,
    /// Whether the player about to roll declined to use a card first.
    #[serde(default)]
    pub roll_passed: bool,
}

/// One combat in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combat {
    /// Where it is fought.
    pub place: Place,
    /// The current player (who moved in).
    pub attacker: Faction,
    /// Systems the attacker moved units from (the defender may not retreat there).
    pub origins: Vec<SystemId>,
    /// The current step.
    pub step: Step,
    /// Combat round, from 1.
    pub round: u32,
    /// Every unit still fighting.
    pub units: Vec<CombatUnit>,
    /// The dice of the current attack.
    pub dice: Vec<Die>,
    /// A card's pending sub-choice.
    pub effect: Option<Effect>,
    /// Factions that may not retreat this round (No Escape).
    pub no_retreat: Vec<Faction>,
    /// Factions whose retreat ignores transport this round (Escape Plan).
    pub escape_plan: Vec<Faction>,
    /// Factions that may not block during this battle step (Unstoppable Assault).
    pub no_block: Vec<Faction>,
    /// Factions that have retreated already.
    pub retreated: Vec<Faction>,
    /// Units destroyed during this combat.
    pub destroyed: Vec<(Faction, UnitId)>,
    /// Theaters each faction had units in when the combat began.
    pub started_in: ByFaction<Vec<Theater>>,
    /// Battles won so far (a win stays won).
    pub won: ByFaction<Vec<Theater>>,
    /// Whether the system was subjugated when the combat began.
    pub was_subjugated: bool,
    /// Whether the Rebels have played their one objective of this combat.
    pub objective_played: bool,
    /// Whether combat objectives should be offered now.
    pub offer_objectives: bool,
    /// Whether Death Star Plans were used this round.
    pub plans_used: bool,
    /// What start-of-combat action cards changed.
    #[serde(default)]
    pub mods: CombatMods,
    /// Cinematic combat's record (Rise of the Empire); `None` in a base-game combat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cine: Option<Box<cinematic::CineCombat>>,
}
