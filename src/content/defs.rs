//! Typed, resolved definitions of the game content, as the engine reads them.

use serde::{Deserialize, Serialize};

use super::ids::*;

/// One of the two sides of the war.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Faction {
    /// The Rebel Alliance.
    Rebel,
    /// The Galactic Empire.
    Empire,
}

impl Faction {
    /// The other faction.
    pub fn opponent(self) -> Faction {
        match self {
            Faction::Rebel => Faction::Empire,
            Faction::Empire => Faction::Rebel,
        }
    }
    /// Both factions, Rebel first (the order most simultaneous steps resolve in).
    pub const BOTH: [Faction; 2] = [Faction::Rebel, Faction::Empire];
    /// The lower-case id used in JSON and commands.
    pub fn key(self) -> &'static str {
        match self {
            Faction::Rebel => "rebel",
            Faction::Empire => "empire",
        }
    }
    /// The faction's name as players read it ("Rebel", "Empire"), as in "the Rebel player".
    pub fn name(self) -> &'static str {
        match self {
            Faction::Rebel => "Rebel",
            Faction::Empire => "Empire",
        }
    }
}

impl std::fmt::Display for Faction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.key())
    }
}

/// A value kept per faction.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ByFaction<T> {
    /// The Rebel value.
    pub rebel: T,
    /// The Imperial value.
    pub empire: T,
}

impl<T> ByFaction<T> {
    /// Builds both values from one function.
    pub fn new(mut f: impl FnMut(Faction) -> T) -> Self {
        ByFaction { rebel: f(Faction::Rebel), empire: f(Faction::Empire) }
    }
    /// The value of one faction.
    pub fn get(&self, f: Faction) -> &T {
        match f {
            Faction::Rebel => &self.rebel,
            Faction::Empire => &self.empire,
        }
    }
    /// The value of one faction, mutably.
    pub fn get_mut(&mut self, f: Faction) -> &mut T {
        match f {
            Faction::Rebel => &mut self.rebel,
            Faction::Empire => &mut self.empire,
        }
    }
}

/// A theater of war.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Theater {
    /// Ships.
    Space,
    /// Ground units.
    Ground,
}

/// A colour of dice and of health values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DieColor {
    /// Black dice / black health (fighters, light ground units).
    Black,
    /// Red dice / red health (capital ships, heavy ground units).
    Red,
}

impl DieColor {
    /// The colour in words.
    pub fn label(self) -> &'static str {
        match self {
            DieColor::Black => "black",
            DieColor::Red => "red",
        }
    }
}

/// One face of a die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DieFace {
    /// No result.
    Blank,
    /// Damage to a unit of the die's colour; one mission success.
    Hit,
    /// Damage to any unit; one mission success.
    DirectHit,
    /// Spent on tactic cards in combat; two mission successes.
    Special,
}

impl DieFace {
    /// The face in words ("direct hit").
    pub fn label(self) -> &'static str {
        match self {
            DieFace::Blank => "blank",
            DieFace::Hit => "hit",
            DieFace::DirectHit => "direct hit",
            DieFace::Special => "special",
        }
    }
    /// Successes this face is worth during a mission.
    pub fn mission_successes(self) -> u32 {
        match self {
            DieFace::Blank => 0,
            DieFace::Hit | DieFace::DirectHit => 1,
            DieFace::Special => 2,
        }
    }
}

/// The colour of a resource icon (blue builds ships, orange ground units).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IconColor {
    /// Ships.
    Blue,
    /// Ground units.
    Orange,
}

/// The shape of a resource icon (light, medium, heavy).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IconShape {
    /// Light units.
    Triangle,
    /// Medium units.
    Circle,
    /// Heavy units.
    Square,
}

/// A resource icon printed on a system.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct ResourceIcon {
    /// Its colour.
    pub color: IconColor,
    /// Its shape.
    pub shape: IconShape,
}

/// A mission skill.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Skill {
    /// Diplomacy.
    Diplomacy,
    /// Intel.
    Intel,
    /// Logistics.
    Logistics,
    /// Spec ops.
    SpecOps,
}

/// A region of the galaxy.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RegionDef {
    /// Asset id.
    pub id: String,
    /// Display name.
    pub name: String,
}

/// A system of the board.
#[derive(Clone, Debug)]
pub struct SystemDef {
    /// Asset id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Its region.
    pub region: RegionId,
    /// Populous systems have resource icons and a loyalty space; remote ones have neither.
    pub populous: bool,
    /// Coruscant: always Imperial, never gains or loses loyalty.
    pub fixed_imperial: bool,
    /// Resource icons, left to right.
    pub icons: Vec<ResourceIcon>,
    /// The build-queue space units built here go to.
    pub build_queue_space: u8,
    /// Whether the probe deck holds a card for this system.
    pub probe_card: bool,
    /// The faction mark the full-game setup reads off its probe card.
    pub setup_mark: Option<Faction>,
    /// Adjacent systems.
    pub adjacent: Vec<SystemId>,
    /// Board position, normalised 0..1 (x right, y down).
    pub coords: (f32, f32),
}

/// A unit's class, which decides several rules (fighters, structures, stations).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitClass {
    /// A ship with black health.
    Fighter,
    /// A ship with red health.
    CapitalShip,
    /// The Death Star and the Death Star Under Construction.
    SpaceStation,
    /// A ground unit.
    Ground,
    /// An immobile Rebel ground structure.
    Structure,
}

/// A unit's special ability, typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitAbility {
    /// Its owner draws one more ground tactic card at the start of each ground battle step here.
    ExtraGroundTacticDraw,
    /// The opponent rolls two red dice fewer in each space battle step here.
    EnemySpaceRedDiceMinusTwo,
    /// Rise of the Empire, Interdictor: Rebel units cannot retreat from its system.
    NoRebelRetreat,
    /// Rise of the Empire, Shield Bunker: protects Death Stars in its system, deploys to any
    /// system with an Imperial ground unit and no Rebel unit, and lets the Empire deploy to its
    /// remote system as if it were loyal.
    ShieldBunker,
}

/// The box a piece of content comes from: the base game, or an expansion a match turns on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ContentSet {
    /// The base game.
    #[default]
    Base,
    /// The Rise of the Empire expansion.
    RiseOfTheEmpire,
}

/// A unit type.
#[derive(Clone, Debug)]
pub struct UnitDef {
    /// Asset id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Its owner.
    pub faction: Faction,
    /// Where it fights.
    pub theater: Theater,
    /// Its class.
    pub class: UnitClass,
    /// Black attack dice.
    pub attack_black: u8,
    /// Red attack dice.
    pub attack_red: u8,
    /// Green attack dice (Rise of the Empire units).
    pub attack_green: u8,
    /// Health value and colour; `None` for the Death Star, which cannot be damaged.
    pub health: Option<(u8, DieColor)>,
    /// How many units that need transport it carries.
    pub transport_capacity: u8,
    /// It moves only with a ship that has transport capacity (ground units, TIE Fighters).
    pub requires_transport: bool,
    /// It never moves.
    pub immobile: bool,
    /// The resource icon that builds it, if any.
    pub build_icon: Option<ResourceIcon>,
    /// How many the box holds (the supply limit).
    pub count_in_box: u8,
    /// Its special ability.
    pub ability: Option<UnitAbility>,
    /// The box it comes from.
    pub set: ContentSet,
}

/// A leader.
#[derive(Clone, Debug)]
pub struct LeaderDef {
    /// Asset id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Its faction.
    pub faction: Faction,
    /// One of the four leaders each side starts with.
    pub starting: bool,
    /// Skill icons: diplomacy, intel, logistics, spec ops.
    pub skills: [u8; 4],
    /// Minor skill icons (Rise of the Empire), in the same order: they count toward a
    /// mission's requirement, and each rolls a green die in an opposed mission.
    pub minor_skills: [u8; 4],
    /// Space tactic value.
    pub space_tactics: u8,
    /// Ground tactic value.
    pub ground_tactics: u8,
    /// The box it comes from.
    pub set: ContentSet,
    /// Its colour in the team game: whose leader pool it joins.
    pub team_colour: TeamColour,
}

/// A leader's colour in the team game (3–4 players): the Admiral of a side plays its blue
/// leaders, the General its orange ones. Each side starts with two of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TeamColour {
    /// The Admiral's leaders.
    Blue,
    /// The General's leaders.
    Orange,
}

impl TeamColour {
    /// Both colours, blue first.
    pub const BOTH: [TeamColour; 2] = [TeamColour::Blue, TeamColour::Orange];

    /// The team role that plays leaders of this colour.
    pub fn role_name(self) -> &'static str {
        match self {
            TeamColour::Blue => "Admiral",
            TeamColour::Orange => "General",
        }
    }
}

impl LeaderDef {
    /// The number of icons of one skill.
    pub fn skill(&self, s: Skill) -> u8 {
        self.skills[s as usize]
    }
    /// Whether the leader has tactic values (needed to activate a system).
    pub fn has_tactics(&self) -> bool {
        self.space_tactics > 0 || self.ground_tactics > 0
    }
    /// The tactic value for a theater.
    pub fn tactics(&self, t: Theater) -> u8 {
        match t {
            Theater::Space => self.space_tactics,
            Theater::Ground => self.ground_tactics,
        }
    }
}

/// Whether a mission can be opposed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MissionMode {
    /// Opposable: "attempt".
    Attempt,
    /// Unopposable: "resolve".
    Resolve,
    /// Used outside the normal reveal procedure.
    Special,
}

/// Where a mission may be revealed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MissionTargetKind {
    /// A system.
    System,
    /// The "Rebel Base" space (the base's system once revealed).
    RebelBaseSpace,
    /// Against a leader; the mission happens in that leader's system.
    AgainstLeader,
    /// No place at all.
    None,
}

/// A condition on a mission's system or target leader.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TargetCondition {
    /// A populous system.
    Populous,
    /// A remote system.
    Remote,
    /// Holds at least one Imperial unit.
    ContainsImperialUnit,
    /// Holds at least one Imperial ship.
    ContainsImperialShip,
    /// Holds no Imperial unit.
    NoImperialUnit,
    /// Holds no Rebel unit.
    NoRebelUnit,
    /// Holds no Rebel ground unit.
    NoRebelGroundUnit,
    /// Neutral: no loyalty marker and no subjugation marker (Rules Reference: Neutral Systems).
    Neutral,
    /// A Rebel loyalty marker (subjugated or not).
    RebelLoyalty,
    /// Holds at least one Rebel unit.
    ContainsRebelUnit,
    /// Rebel loyalty and no subjugation.
    RebelSystem,
    /// Imperial loyalty or subjugation.
    ImperialSystem,
    /// An Imperial loyalty marker.
    ImperialLoyalty,
    /// A subjugation marker.
    Subjugated,
    /// No sabotage marker.
    NoSabotageMarker,
    /// A sabotage marker.
    Sabotaged,
    /// Holds a captured leader.
    ContainsCapturedLeader,
    /// The target leader is captured.
    CapturedLeader,
    /// The target is a Rebel leader on the board.
    RebelLeaderOnBoard,
    /// The target leader's system holds an Imperial unit.
    LeaderSystemContainsImperialUnit,
    /// This very system.
    Named(SystemId),
    /// Holds at least one of these units.
    ContainsAny(Vec<UnitId>),
    /// One of its resource icons is this icon.
    HasIcon(ResourceIcon),
    /// No Rebel loyalty marker (Rise of the Empire: Deployment).
    NoRebelLoyalty,
    /// A subjugation marker, or Rebel loyalty (Rise of the Empire: Behind Enemy Lines).
    SubjugatedOrRebelSystem,
}

/// The set icon in a mission card's corner (Rise of the Empire): which mission set uses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MissionIcon {
    /// A leader portrait: used with either set.
    Leader,
    /// The Darth Vader icon: the expansion's set only.
    Vader,
    /// No icon: the base set only.
    None,
}

/// The mission set a player plays with (Rise of the Empire: each picks one in secret).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MissionSet {
    /// The base game's missions (leader-icon and no-icon cards).
    Base,
    /// The expansion's missions (leader-icon and Vader-icon cards).
    Vader,
}

impl MissionIcon {
    /// Whether a card with this icon belongs to a mission set (starting missions and projects
    /// are always used, whatever their icon: see [`MissionDef::in_set`]).
    pub fn fits(self, set: MissionSet) -> bool {
        match self {
            MissionIcon::Leader => true,
            MissionIcon::Vader => set == MissionSet::Vader,
            MissionIcon::None => set == MissionSet::Base,
        }
    }
}

/// A mission card title.
#[derive(Clone, Debug)]
pub struct MissionDef {
    /// Asset id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Its owner.
    pub faction: Faction,
    /// Copies in the deck.
    pub copies: u8,
    /// Required skill.
    pub skill: Skill,
    /// Icons of that skill the assigned leaders need.
    pub requirement: u8,
    /// A starting mission (returns to hand, never discarded).
    pub starting: bool,
    /// An Imperial project card.
    pub project: bool,
    /// The leader whose portrait gives two extra successes.
    pub portrait: Option<LeaderId>,
    /// Attempt, resolve or special.
    pub mode: MissionMode,
    /// Roll one die per skill icon of any kind.
    pub count_all_skills: bool,
    /// Where it happens.
    pub target: MissionTargetKind,
    /// Conditions on that place or leader.
    pub conditions: Vec<TargetCondition>,
    /// Player-facing summary, in our words.
    pub text: String,
    /// Its set icon (a portrait for base missions that show one, else none).
    pub icon: MissionIcon,
    /// The box it comes from.
    pub set: ContentSet,
    /// The base mission this printing takes the place of in a match with its box.
    pub replaces: Option<MissionId>,
}

impl MissionDef {
    /// Whether a player who picked `set` uses this card: starting missions and projects always,
    /// other cards when their icon fits.
    pub fn in_set(&self, set: MissionSet) -> bool {
        self.starting || self.project || self.icon.fits(set)
    }
}

/// When an action card can be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionTiming {
    /// Instead of assigning a leader.
    Assignment,
    /// Right after leaders are added to a combat.
    StartOfCombat,
    /// As soon as gained.
    Immediate,
    /// When the card says.
    Special,
}

/// An action card.
#[derive(Clone, Debug)]
pub struct ActionCardDef {
    /// Asset id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Its owner.
    pub faction: Faction,
    /// A starting action card (no recruit icon) rather than one of the action deck.
    pub starting: bool,
    /// Leaders shown (recruitable from it when in the action deck).
    pub leaders: Vec<LeaderId>,
    /// When it is used.
    pub timing: ActionTiming,
    /// Player-facing summary, in our words.
    pub text: String,
    /// The box it comes from.
    pub set: ContentSet,
    /// The base printing this card replaces in a match with its set (Good Intel's expansion
    /// printing), which then leaves the decks.
    pub replaces: Option<ActionCardId>,
}

/// When an objective can be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ObjectiveTiming {
    /// As soon as it is fulfilled during a combat.
    Combat,
    /// Immediately before step 1 of the Refresh Phase.
    StartOfRefresh,
    /// Rise of the Empire: revealed and resolved as soon as the Rebels draw it; it stays in
    /// play while one of its target markers is on the board (`engine::rebellion::in_play`).
    Immediate,
}

/// An objective card title.
#[derive(Clone, Debug)]
pub struct ObjectiveDef {
    /// Asset id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Stage I, II or III.
    pub stage: u8,
    /// Reputation gained; `None` when it is computed (Inspire Sympathy).
    pub reputation: Option<u8>,
    /// Copies.
    pub copies: u8,
    /// When it is played.
    pub timing: ObjectiveTiming,
    /// Player-facing summary, in our words.
    pub text: String,
    /// The box it comes from.
    pub set: ContentSet,
}

/// When a tactic card can be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TacticWindow {
    /// As a combat action during your own attack.
    OwnAttack,
    /// In the block step of your opponent's attack.
    Block,
}

/// A tactic card title.
#[derive(Clone, Debug)]
pub struct TacticDef {
    /// Asset id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Its deck.
    pub theater: Theater,
    /// Copies in the deck.
    pub copies: u8,
    /// Playing it costs a die showing a special.
    pub needs_special: bool,
    /// When it can be played.
    pub window: TacticWindow,
    /// Player-facing summary, in our words.
    pub text: String,
}

/// The time track.
#[derive(Clone, Debug)]
pub struct TimeTrack {
    /// Number of spaces.
    pub length: u8,
    /// Where the time marker starts.
    pub time_start: u8,
    /// Where the reputation marker starts.
    pub reputation_start: u8,
    /// Spaces with the recruit icon.
    pub recruit: Vec<u8>,
    /// Spaces with the build icon.
    pub build: Vec<u8>,
}

/// Which units a resource icon builds for one faction.
#[derive(Clone, Debug)]
pub struct BuildOption {
    /// The icon.
    pub icon: ResourceIcon,
    /// The units it may build (the player picks one when there are several).
    pub units: Vec<UnitId>,
}

/// Rise of the Empire's starting-unit list (its setup pages), used instead of the base list when
/// both players agree to it.
#[derive(Clone, Debug, Default)]
pub struct ExpansionStart {
    /// Imperial units that start on the build queue: unit, count, space (1 to 3).
    pub queue: Vec<(UnitId, u8, u8)>,
    /// Imperial units placed together in one remote system the Empire chooses (that system's
    /// probe card leaves the game).
    pub remote: Vec<(UnitId, u8)>,
    /// Units each side then places: the Empire's in systems it rules or holds with a Death
    /// Star Under Construction, the Rebels' as with the base list.
    pub units: ByFaction<Vec<(UnitId, u8)>>,
}
