//! Everything a seat can ask the engine to do, and its one-line command form.

use serde::{Deserialize, Serialize};

use super::state::Place;
use crate::content::*;

/// What a mission is revealed against: a place or a leader.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// A system or the Rebel Base space.
    Place(Place),
    /// A leader ("attempt against a leader").
    Leader(LeaderId),
}

/// What a card's choice picks (the card and the step say what the pick means).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Pick {
    /// A system.
    System {
        /// The system.
        system: SystemId,
    },
    /// A leader.
    Leader {
        /// The leader.
        leader: LeaderId,
    },
    /// One unit of a type in a place.
    Unit {
        /// Where it is.
        place: Place,
        /// Its type.
        unit: UnitId,
    },
    /// One unit of a type on a build-queue space (the queue the card names).
    Queued {
        /// The space, 1 to 3.
        space: u8,
        /// Its type.
        unit: UnitId,
    },
    /// A mission card.
    Mission {
        /// The card.
        card: MissionId,
    },
    /// An objective card.
    Objective {
        /// The card.
        card: ObjectiveId,
    },
    /// A probe card, to be put on the top or the bottom of the probe deck.
    Probe {
        /// The card's system.
        system: SystemId,
        /// On top (else at the bottom).
        top: bool,
    },
    /// A die face to set a die to (in combat, on a die of a colour).
    Face {
        /// The face.
        face: DieFace,
        /// The die's colour, where it matters (combat).
        #[serde(default)]
        color: Option<DieColor>,
    },
    /// A die, by its position in the roll.
    Die {
        /// Its position, from 0.
        die: u8,
    },
    /// A theater (which tactic deck to draw from).
    Theater {
        /// Space or ground.
        theater: Theater,
    },
}

impl Pick {
    /// The command words after `pick`.
    pub fn command(&self) -> String {
        match self {
            Pick::System { system } => format!("system {system}"),
            Pick::Leader { leader } => format!("leader {leader}"),
            Pick::Unit { place, unit } => format!("unit {place} {unit}"),
            Pick::Queued { space, unit } => format!("queued {space} {unit}"),
            Pick::Mission { card } => format!("mission {card}"),
            Pick::Objective { card } => format!("objective {card}"),
            Pick::Probe { system, top: true } => format!("probe {system} top"),
            Pick::Probe { system, top: false } => format!("probe {system} bottom"),
            Pick::Face { face, color: None } => format!("face {}", face.label().replace(' ', "_")),
            Pick::Face { face, color: Some(c) } => {
                format!("face {} {}", face.label().replace(' ', "_"), c.label())
            }
            Pick::Die { die } => format!("die {die}"),
            Pick::Theater { theater: Theater::Space } => "theater space".into(),
            Pick::Theater { theater: Theater::Ground } => "theater ground".into(),
        }
    }

    fn parse(args: &[&str]) -> Result<Pick, ParseError> {
        const USAGE: &str = "pick system|leader|unit|queued|mission|objective|probe|face|die|theater …";
        let (&what, rest) = args.split_first().ok_or(ParseError::Usage(USAGE))?;
        let need = |n: usize| if rest.len() < n { Err(ParseError::Usage(USAGE)) } else { Ok(()) };
        let num = |s: &str| s.parse::<u8>().map_err(|_| ParseError::Number(echo(s)));
        Ok(match what.to_lowercase().as_str() {
            "system" => {
                need(1)?;
                Pick::System { system: SystemId::parse(rest[0])? }
            }
            "leader" => {
                need(1)?;
                Pick::Leader { leader: LeaderId::parse(rest[0])? }
            }
            "unit" => {
                need(2)?;
                let place = super::state::Place::parse(rest[0]).map_err(ParseError::Name)?;
                Pick::Unit { place, unit: UnitId::parse(rest[1])? }
            }
            "queued" => {
                need(2)?;
                Pick::Queued { space: num(rest[0])?, unit: UnitId::parse(rest[1])? }
            }
            "mission" => {
                need(1)?;
                Pick::Mission { card: MissionId::parse(rest[0])? }
            }
            "objective" => {
                need(1)?;
                Pick::Objective { card: ObjectiveId::parse(rest[0])? }
            }
            "probe" => {
                need(2)?;
                let top = match rest[1].to_lowercase().as_str() {
                    "top" => true,
                    "bottom" => false,
                    _ => return Err(ParseError::Usage("pick probe <system> top|bottom")),
                };
                Pick::Probe { system: SystemId::parse(rest[0])?, top }
            }
            "face" => {
                need(1)?;
                let face = match normalise(rest[0]).as_str() {
                    "blank" => DieFace::Blank,
                    "hit" => DieFace::Hit,
                    "direct_hit" => DieFace::DirectHit,
                    "special" => DieFace::Special,
                    _ => return Err(ParseError::Usage("pick face blank|hit|direct_hit|special [red|black]")),
                };
                let color = match rest.get(1).map(|c| c.to_lowercase()) {
                    None => None,
                    Some(c) if c == "red" => Some(DieColor::Red),
                    Some(c) if c == "black" => Some(DieColor::Black),
                    Some(_) => {
                        return Err(ParseError::Usage("pick face blank|hit|direct_hit|special [red|black]"));
                    }
                };
                Pick::Face { face, color }
            }
            "die" => {
                need(1)?;
                Pick::Die { die: num(rest[0])? }
            }
            "theater" => {
                need(1)?;
                let theater = match rest[0].to_lowercase().as_str() {
                    "space" => Theater::Space,
                    "ground" => Theater::Ground,
                    _ => return Err(ParseError::Usage("pick theater space|ground")),
                };
                Pick::Theater { theater }
            }
            _ => return Err(ParseError::Usage(USAGE)),
        })
    }
}

/// One decision of one seat. The engine validates every field; nothing here is trusted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Action {
    /// Setup: place starting units.
    Place {
        /// Where.
        place: Place,
        /// Which unit type.
        unit: UnitId,
        /// How many.
        count: u8,
    },
    /// Setup: place all remaining starting units by the default plan.
    AutoPlace,
    /// Setup: secretly choose the Rebel base's system.
    ChooseBase {
        /// The system.
        system: SystemId,
    },
    /// Assignment: put one or two leaders on a facedown mission.
    Assign {
        /// The mission card from hand.
        mission: MissionId,
        /// The leaders from the pool.
        leaders: Leaders,
    },
    /// Command: reveal an assigned mission.
    Reveal {
        /// The mission.
        mission: MissionId,
        /// Where (or against whom) it happens, when the card needs it.
        target: Option<Target>,
    },
    /// Command: activate a place with a leader from the pool.
    Activate {
        /// The place.
        place: Place,
        /// The leader.
        leader: LeaderId,
    },
    /// Assignment, team game: the General sends an assignment of the Admiral's back (the
    /// mission to hand, its leaders to the pool).
    Veto {
        /// The assigned mission.
        mission: MissionId,
    },
    /// Command (Rebel): reveal the base voluntarily.
    RevealBase,
    /// Command: pass for the rest of the phase.
    Pass,
    /// Movement: move units of one type from a place.
    Move {
        /// From where.
        from: Place,
        /// Unit type.
        unit: UnitId,
        /// How many.
        count: u8,
    },
    /// Movement (Empire): bring a captured Rebel leader along with moving ships.
    MoveCaptive {
        /// From where.
        from: Place,
        /// The captured leader.
        leader: LeaderId,
    },
    /// Mission: send a leader from the pool to oppose.
    Oppose {
        /// The leader.
        leader: LeaderId,
    },
    /// Combat: add a leader from the pool.
    AddLeader {
        /// The leader.
        leader: LeaderId,
    },
    /// Combat: spend a special die to draw a tactic card.
    DrawTactic,
    /// Combat: play a tactic card from hand.
    PlayTactic {
        /// The card.
        card: TacticId,
    },
    /// Combat: reroll these of your dice (by position in the roll).
    Reroll {
        /// Die positions: one or two.
        dice: Dice,
    },
    /// Combat: assign one die's damage to a unit (by its number in the combat).
    Damage {
        /// Die position.
        die: u8,
        /// Combat unit number.
        unit: u8,
    },
    /// Combat: assign every remaining die that fits this unit to it, stopping once the unit has
    /// taken damage equal to its health (a shortcut for several `Damage` choices).
    FocusFire {
        /// Combat unit number.
        unit: u8,
    },
    /// Combat: deal a tactic card's damage point to a unit.
    Hit {
        /// Combat unit number.
        unit: u8,
    },
    /// Combat: block one assigned damage on one of your units.
    Block {
        /// Combat unit number.
        unit: u8,
    },
    /// Combat: retreat with a leader to an adjacent system.
    Retreat {
        /// The leader who leads the retreat.
        leader: LeaderId,
        /// The destination.
        to: SystemId,
    },
    /// Combat: take one more unit that needs transport along on the retreat.
    Carry {
        /// Unit type.
        unit: UnitId,
    },
    /// Play an objective card (Rebel).
    PlayObjective {
        /// The card.
        card: ObjectiveId,
    },
    /// Use an action card.
    PlayAction {
        /// The card.
        card: ActionCardId,
    },
    /// Refresh: discard a mission card down to the hand limit.
    Discard {
        /// The card.
        mission: MissionId,
    },
    /// Refresh: keep one drawn action card and recruit one leader shown on it.
    Recruit {
        /// The card kept.
        card: ActionCardId,
        /// The leader recruited, if any shown can be.
        leader: Option<LeaderId>,
    },
    /// Refresh: draw one more action card while none drawn shows a leader you can recruit.
    DrawAnother,
    /// Refresh (component limits): destroy one of your units on the board to return it to the
    /// supply before building.
    Scrap {
        /// Where the unit is.
        place: Place,
        /// Unit type.
        unit: UnitId,
    },
    /// Refresh: choose the unit a multi-choice resource icon builds.
    Build {
        /// Unit type.
        unit: UnitId,
    },
    /// Refresh: deploy one ready unit.
    Deploy {
        /// Unit type.
        unit: UnitId,
        /// Where.
        place: Place,
    },
    /// Card effect: pick numbered option `n` of a card with several modes.
    Mode {
        /// Option number, from 1.
        n: u8,
    },
    /// Card effect: establish the new Rebel base here.
    NewBase {
        /// The system.
        system: SystemId,
    },
    /// Card effect: make the pick the card asks for.
    Pick(Pick),
    /// Use the ability of the ring a leader wears.
    UseRing {
        /// The leader wearing it.
        leader: LeaderId,
    },
    /// Finish the current step, or decline an optional choice.
    Done,
    /// Cinematic combat: pick (or play as an extra card) an advanced tactic card.
    Advanced {
        /// The card.
        card: AdvancedTacticId,
    },
    /// Cinematic combat: spend a special die to remove 1 damage from one of your units (by its
    /// number in the combat).
    Repair {
        /// Combat unit number.
        unit: u8,
    },
}

impl Action {
    /// The canonical command text (what `local` accepts and prompts list).
    pub fn command(&self) -> String {
        use Action::*;
        match self {
            Place { place, unit, count } => format!("place {place} {unit} {count}"),
            AutoPlace => "autoplace".into(),
            ChooseBase { system } => format!("base {system}"),
            Assign { mission, leaders } => {
                let ls: Vec<String> = leaders.iter().map(|l| l.to_string()).collect();
                format!("assign {mission} {}", ls.join(" "))
            }
            Reveal { mission, target } => match target {
                None => format!("reveal {mission}"),
                Some(Target::Place(p)) => format!("reveal {mission} {p}"),
                Some(Target::Leader(l)) => format!("reveal {mission} {l}"),
            },
            Activate { place, leader } => format!("activate {place} {leader}"),
            Veto { mission } => format!("veto {mission}"),
            RevealBase => "reveal-base".into(),
            Pass => "pass".into(),
            Move { from, unit, count } => format!("move {from} {unit} {count}"),
            MoveCaptive { from, leader } => format!("move-captive {from} {leader}"),
            Oppose { leader } => format!("oppose {leader}"),
            AddLeader { leader } => format!("add-leader {leader}"),
            DrawTactic => "draw".into(),
            PlayTactic { card } => format!("tactic {card}"),
            Reroll { dice } => {
                let ds: Vec<String> = dice.iter().map(|d| d.to_string()).collect();
                format!("reroll {}", ds.join(" "))
            }
            Damage { die, unit } => format!("damage {die} {unit}"),
            FocusFire { unit } => format!("focus {unit}"),
            Hit { unit } => format!("hit {unit}"),
            Block { unit } => format!("block {unit}"),
            Retreat { leader, to } => format!("retreat {leader} {to}"),
            Carry { unit } => format!("carry {unit}"),
            PlayObjective { card } => format!("objective {card}"),
            PlayAction { card } => format!("action {card}"),
            Discard { mission } => format!("discard {mission}"),
            Recruit { card, leader: Some(l) } => format!("recruit {card} {l}"),
            Recruit { card, leader: None } => format!("recruit {card}"),
            DrawAnother => "draw-another".into(),
            Scrap { place, unit } => format!("scrap {place} {unit}"),
            Build { unit } => format!("build {unit}"),
            Deploy { unit, place } => format!("deploy {unit} {place}"),
            Mode { n } => format!("mode {n}"),
            NewBase { system } => format!("new-base {system}"),
            Pick(p) => format!("pick {}", p.command()),
            UseRing { leader } => format!("ring {leader}"),
            Done => "done".into(),
            Advanced { card } => format!("advanced {card}"),
            Repair { unit } => format!("repair {unit}"),
        }
    }

    /// Parses a command line (without the seat prefix). Names may be ids or display names
    /// written with underscores; unknown names list the closest valid ones.
    pub fn parse(line: &str) -> Result<Action, ParseError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&verb, args)) = words.split_first() else {
            return Err(ParseError::Empty);
        };
        let need = |n: usize, usage: &'static str| {
            if args.len() < n { Err(ParseError::Usage(usage)) } else { Ok(()) }
        };
        let num = |s: &str| s.parse::<u8>().map_err(|_| ParseError::Number(echo(s)));
        let place = |s: &str| super::state::Place::parse(s).map_err(ParseError::Name);
        let a = match verb.to_lowercase().as_str() {
            "place" => {
                need(2, "place <system|rebel_base> <unit> [count]")?;
                let count = if args.len() > 2 { num(args[2])? } else { 1 };
                Action::Place { place: place(args[0])?, unit: UnitId::parse(args[1])?, count }
            }
            "autoplace" | "auto" => Action::AutoPlace,
            "base" => {
                need(1, "base <system>")?;
                Action::ChooseBase { system: SystemId::parse(args[0])? }
            }
            "assign" => {
                need(2, "assign <mission> <leader> [leader2]")?;
                let leaders: Vec<LeaderId> =
                    args[1..].iter().map(|s| LeaderId::parse(s)).collect::<Result<_, _>>()?;
                let leaders = Leaders::try_from(leaders.as_slice())
                    .map_err(|_| ParseError::Usage("assign <mission> <leader> [leader2]"))?;
                Action::Assign { mission: MissionId::parse(args[0])?, leaders }
            }
            "reveal" => {
                need(1, "reveal <mission> [system|leader]")?;
                let target = match args.get(1) {
                    None => None,
                    Some(t) => Some(match place(t) {
                        Ok(p) => Target::Place(p),
                        Err(e) => match LeaderId::parse(t) {
                            Ok(l) => Target::Leader(l),
                            Err(_) => return Err(e),
                        },
                    }),
                };
                Action::Reveal { mission: MissionId::parse(args[0])?, target }
            }
            "activate" => {
                need(2, "activate <system|rebel_base> <leader>")?;
                Action::Activate { place: place(args[0])?, leader: LeaderId::parse(args[1])? }
            }
            "veto" => {
                need(1, "veto <mission>")?;
                Action::Veto { mission: MissionId::parse(args[0])? }
            }
            "reveal-base" | "reveal_base" => Action::RevealBase,
            "pass" => Action::Pass,
            "move" => {
                need(2, "move <from> <unit> [count]")?;
                let count = if args.len() > 2 { num(args[2])? } else { 1 };
                Action::Move { from: place(args[0])?, unit: UnitId::parse(args[1])?, count }
            }
            "move-captive" => {
                need(2, "move-captive <from> <leader>")?;
                Action::MoveCaptive { from: place(args[0])?, leader: LeaderId::parse(args[1])? }
            }
            "oppose" => {
                need(1, "oppose <leader>")?;
                Action::Oppose { leader: LeaderId::parse(args[0])? }
            }
            "add-leader" | "add" => {
                need(1, "add-leader <leader>")?;
                Action::AddLeader { leader: LeaderId::parse(args[0])? }
            }
            "draw" => Action::DrawTactic,
            "tactic" => {
                need(1, "tactic <card>")?;
                Action::PlayTactic { card: TacticId::parse(args[0])? }
            }
            "reroll" => {
                let dice: Vec<u8> = args.iter().map(|s| num(s)).collect::<Result<_, _>>()?;
                Action::Reroll {
                    dice: Dice::try_from(dice.as_slice())
                        .map_err(|_| ParseError::Usage("reroll <die> [<die>]"))?,
                }
            }
            "damage" => {
                need(2, "damage <die> <unit number>")?;
                Action::Damage { die: num(args[0])?, unit: num(args[1])? }
            }
            "focus" => {
                need(1, "focus <unit number>")?;
                Action::FocusFire { unit: num(args[0])? }
            }
            "hit" => {
                need(1, "hit <unit number>")?;
                Action::Hit { unit: num(args[0])? }
            }
            "block" => {
                need(1, "block <unit number>")?;
                Action::Block { unit: num(args[0])? }
            }
            "retreat" => {
                need(2, "retreat <leader> <system>")?;
                Action::Retreat { leader: LeaderId::parse(args[0])?, to: SystemId::parse(args[1])? }
            }
            "carry" => {
                need(1, "carry <unit>")?;
                Action::Carry { unit: UnitId::parse(args[0])? }
            }
            "objective" => {
                need(1, "objective <card>")?;
                Action::PlayObjective { card: ObjectiveId::parse(args[0])? }
            }
            "action" => {
                need(1, "action <card>")?;
                Action::PlayAction { card: ActionCardId::parse(args[0])? }
            }
            "discard" => {
                need(1, "discard <mission>")?;
                Action::Discard { mission: MissionId::parse(args[0])? }
            }
            "recruit" => {
                need(1, "recruit <action card> [leader]")?;
                let leader = args.get(1).map(|s| LeaderId::parse(s)).transpose()?;
                Action::Recruit { card: ActionCardId::parse(args[0])?, leader }
            }
            "draw-another" | "draw_another" => Action::DrawAnother,
            "scrap" => {
                need(2, "scrap <system|rebel_base> <unit>")?;
                Action::Scrap { place: place(args[0])?, unit: UnitId::parse(args[1])? }
            }
            "build" => {
                need(1, "build <unit>")?;
                Action::Build { unit: UnitId::parse(args[0])? }
            }
            "deploy" => {
                need(2, "deploy <unit> <system|rebel_base>")?;
                Action::Deploy { unit: UnitId::parse(args[0])?, place: place(args[1])? }
            }
            "mode" => {
                need(1, "mode <number>")?;
                Action::Mode { n: num(args[0])? }
            }
            "new-base" => {
                need(1, "new-base <system>")?;
                Action::NewBase { system: SystemId::parse(args[0])? }
            }
            "pick" => Action::Pick(Pick::parse(args)?),
            "ring" => {
                need(1, "ring <leader>")?;
                Action::UseRing { leader: LeaderId::parse(args[0])? }
            }
            "done" | "decline" | "skip" | "no" => Action::Done,
            "advanced" => {
                need(1, "advanced <card>")?;
                Action::Advanced { card: AdvancedTacticId::parse(args[0])? }
            }
            "repair" => {
                need(1, "repair <unit number>")?;
                Action::Repair { unit: num(args[0])? }
            }
            other => return Err(ParseError::Verb(echo(other))),
        };
        Ok(a)
    }
}

/// Why a command line could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// Nothing was typed.
    #[error("empty command")]
    Empty,
    /// An unknown verb.
    #[error("unknown command `{0}`; type `help` for the list")]
    Verb(String),
    /// Missing arguments.
    #[error("usage: {0}")]
    Usage(&'static str),
    /// Not a number.
    #[error("`{0}` is not a number")]
    Number(String),
    /// An unknown name.
    #[error(transparent)]
    Name(#[from] UnknownName),
}

/// The one or two leaders of an assignment (a mission takes at most two), held inline: the
/// Assignment Phase offers hundreds of assignments at a time, and a heap list per option made
/// building them the engine's largest cost. Reads as a slice; serialised as a JSON list.
#[derive(Clone, Copy, Debug)]
pub struct Leaders {
    ids: [LeaderId; 2],
    len: u8,
}

impl Leaders {
    /// One leader.
    pub fn one(a: LeaderId) -> Self {
        Leaders { ids: [a, a], len: 1 }
    }
    /// Two leaders, in this order.
    pub fn two(a: LeaderId, b: LeaderId) -> Self {
        Leaders { ids: [a, b], len: 2 }
    }
}

impl std::ops::Deref for Leaders {
    type Target = [LeaderId];
    fn deref(&self) -> &[LeaderId] {
        &self.ids[..self.len as usize]
    }
}

impl<'a> IntoIterator for &'a Leaders {
    type Item = &'a LeaderId;
    type IntoIter = std::slice::Iter<'a, LeaderId>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl PartialEq for Leaders {
    fn eq(&self, other: &Self) -> bool {
        // The same as comparing the slices: a single leader fills both slots (`one`), so the
        // unused slot never differs between equal lists. One comparison, for the hundreds of
        // assignments `apply` looks through.
        self.len == other.len && self.ids == other.ids
    }
}

impl Eq for Leaders {}

impl From<LeaderId> for Leaders {
    fn from(a: LeaderId) -> Self {
        Leaders::one(a)
    }
}

/// The one or two dice a reroll names, by position in the roll, held inline like [`Leaders`]:
/// with no list on the heap, an action owns nothing to free, so the long lists of legal actions
/// are dropped and copied without looking at each one. Reads as a slice; serialised as a JSON
/// list.
#[derive(Clone, Copy)]
pub struct Dice {
    n: [u8; 2],
    len: u8,
}

impl Dice {
    /// One die.
    pub fn one(a: u8) -> Self {
        Dice { n: [a, a], len: 1 }
    }
    /// Two dice, in this order.
    pub fn two(a: u8, b: u8) -> Self {
        Dice { n: [a, b], len: 2 }
    }
}

impl std::ops::Deref for Dice {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.n[..self.len as usize]
    }
}

impl std::fmt::Debug for Dice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // As the list it stands for.
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for Dice {
    fn eq(&self, other: &Self) -> bool {
        // A single die fills both slots (`one`), so equal lists have equal arrays.
        self.len == other.len && self.n == other.n
    }
}

impl Eq for Dice {}

/// Not one or two dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a reroll names one or two dice, not {0}")]
pub struct DiceCount(pub usize);

impl TryFrom<&[u8]> for Dice {
    type Error = DiceCount;
    fn try_from(ds: &[u8]) -> Result<Self, DiceCount> {
        match *ds {
            [a] => Ok(Dice::one(a)),
            [a, b] => Ok(Dice::two(a, b)),
            _ => Err(DiceCount(ds.len())),
        }
    }
}

impl Serialize for Dice {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Dice {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let ds = Vec::<u8>::deserialize(d)?;
        Dice::try_from(ds.as_slice()).map_err(serde::de::Error::custom)
    }
}

/// Not one or two leaders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("an assignment takes one or two leaders, not {0}")]
pub struct LeaderCount(pub usize);

impl TryFrom<&[LeaderId]> for Leaders {
    type Error = LeaderCount;
    fn try_from(ls: &[LeaderId]) -> Result<Self, LeaderCount> {
        match *ls {
            [a] => Ok(Leaders::one(a)),
            [a, b] => Ok(Leaders::two(a, b)),
            _ => Err(LeaderCount(ls.len())),
        }
    }
}

impl Serialize for Leaders {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Leaders {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let ls = Vec::<LeaderId>::deserialize(d)?;
        Leaders::try_from(ls.as_slice()).map_err(serde::de::Error::custom)
    }
}
