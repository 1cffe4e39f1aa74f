//! Events: the facts an applied action produced, each tagged with who may see it.

use serde::{Deserialize, Serialize};
use std::fmt;

use super::state::Place;
use crate::content::*;

/// One unit hit by an attack: whose, which, the damage this attack dealt it and its damage in
/// all against its health (`None` for a unit no damage destroys while shielded).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hit {
    /// The unit's side.
    pub faction: Faction,
    /// The unit's type.
    pub unit: UnitId,
    /// Damage from this attack.
    pub dealt: u8,
    /// Damage in all this combat.
    pub damage: u8,
    /// Its health now (`None` while nothing can destroy it, e.g. shielded).
    pub health: Option<u8>,
    /// Whether its damage has reached its health (`Combat::lethal`): it is destroyed at the
    /// end of the battle step.
    pub lethal: bool,
}

impl fmt::Display for Hit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whose = if self.faction == Faction::Rebel { "a Rebel" } else { "an Imperial" };
        write!(f, "{} to {whose} {}", self.dealt, self.unit.name())?;
        match (self.health, self.lethal) {
            (Some(h), true) => write!(f, " ({} damage of {h} health: destroyed)", self.damage),
            (Some(h), false) => write!(f, " ({} damage of {h} health)", self.damage),
            (None, _) => Ok(()),
        }
    }
}

/// Who may see an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    /// Everyone.
    Public,
    /// Only this faction.
    Only(Faction),
}

impl Audience {
    /// Whether a viewer (None = the public) may see it.
    pub fn visible_to(self, viewer: Option<Faction>) -> bool {
        match self {
            Audience::Public => true,
            Audience::Only(f) => viewer == Some(f),
        }
    }
}

/// One fact with its audience.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// Who may see it.
    pub audience: Audience,
    /// What happened.
    pub kind: EventKind,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum EventKind {
    /// A new phase or setup step began.
    Phase {
        /// Round number.
        round: u32,
        /// Phase name.
        phase: String,
    },
    /// Units were placed, moved, deployed or retreated.
    UnitsMoved {
        /// Owner.
        faction: Faction,
        /// From (None = supply or build queue).
        from: Option<Place>,
        /// To (None = supply).
        to: Option<Place>,
        /// Unit type.
        unit: UnitId,
        /// How many.
        count: u8,
    },
    /// A leader was placed somewhere.
    LeaderPlaced {
        /// The leader.
        leader: LeaderId,
        /// Where.
        place: Place,
    },
    /// A system was activated.
    Activated {
        /// By whom.
        faction: Faction,
        /// Which place.
        place: Place,
        /// With which leader.
        leader: LeaderId,
    },
    /// Leaders were put on a facedown mission.
    Assigned {
        /// By whom.
        faction: Faction,
        /// How many leaders.
        leaders: Vec<LeaderId>,
    },
    /// Team game: a General sent an assignment of the Admiral's back.
    Vetoed {
        /// Whose.
        faction: Faction,
        /// The leaders back in the pool.
        leaders: Vec<LeaderId>,
    },
    /// A player passed.
    Passed {
        /// Who.
        faction: Faction,
        /// The team game: which of the side's roles passed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        role: Option<TeamColour>,
    },
    /// A mission was revealed.
    MissionRevealed {
        /// By whom.
        faction: Faction,
        /// Which mission.
        mission: MissionId,
        /// Where it happens.
        place: Option<Place>,
    },
    /// A mission's outcome.
    MissionResult {
        /// Which mission.
        mission: MissionId,
        /// Whether it succeeded.
        success: bool,
        /// When dice decided it: the successes of the side that revealed it and of the
        /// opposing side (it succeeds with more than the opposing side's).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tally: Option<(u32, u32)>,
    },
    /// Dice were rolled.
    DiceRolled {
        /// By whom.
        faction: Faction,
        /// What for.
        purpose: String,
        /// The faces.
        faces: Vec<DieFace>,
    },
    /// The Rebel base was revealed.
    BaseRevealed {
        /// Its system.
        system: SystemId,
    },
    /// The Rebel base moved (its old system is now public).
    BaseMoved {
        /// The old system.
        old: SystemId,
    },
    /// The secret base location (Rebel only).
    BaseChosen {
        /// The system.
        system: SystemId,
    },
    /// A system's loyalty changed.
    Loyalty {
        /// The system.
        system: SystemId,
        /// New loyalty.
        loyalty: Option<Faction>,
    },
    /// A subjugation marker was placed or removed.
    Subjugation {
        /// The system.
        system: SystemId,
        /// Whether it is now subjugated.
        subjugated: bool,
    },
    /// A sabotage marker was placed or removed.
    Sabotage {
        /// The system.
        system: SystemId,
        /// Whether it now has one.
        sabotaged: bool,
    },
    /// A combat began.
    CombatStarted {
        /// Where.
        place: Place,
        /// Who moved in.
        attacker: Faction,
    },
    /// A unit was destroyed.
    UnitDestroyed {
        /// Owner.
        faction: Faction,
        /// Type.
        unit: UnitId,
        /// Where.
        place: Place,
    },
    /// An attack of a battle step dealt its damage (after blocks): each unit hit, with the
    /// damage it took and where that leaves it.
    AttackDamage {
        /// The attacking side.
        attacker: Faction,
        /// The battle step's theater.
        theater: Theater,
        /// Each unit hit.
        hits: Vec<Hit>,
    },
    /// A combat ended.
    CombatEnded {
        /// Where.
        place: Place,
    },
    /// Cards were drawn (counts are public; the cards go in `CardsSeen`).
    CardsDrawn {
        /// Who.
        faction: Faction,
        /// Which deck.
        deck: String,
        /// How many.
        count: u32,
    },
    /// The cards a player just saw (private).
    CardsSeen {
        /// What kind of cards.
        deck: String,
        /// Their ids.
        cards: Vec<String>,
    },
    /// A card was played or revealed.
    CardPlayed {
        /// Who.
        faction: Faction,
        /// Kind of card.
        deck: String,
        /// Its id.
        card: String,
    },
    /// A leader was recruited, captured, rescued or eliminated.
    LeaderChange {
        /// The leader.
        leader: LeaderId,
        /// What happened.
        what: String,
    },
    /// Reputation changed.
    Reputation {
        /// New reputation space.
        value: u8,
    },
    /// Time advanced.
    Time {
        /// New time space.
        value: u8,
    },
    /// The game ended.
    Won {
        /// Who won.
        winner: Faction,
        /// Why.
        reason: String,
    },
    /// Anything else worth telling, in plain words.
    Note {
        /// The text.
        text: String,
    },
    /// A side's secret mission-set pick, revealed (Rise of the Empire setup).
    MissionSetRevealed {
        /// The side.
        faction: Faction,
        /// The set it plays with.
        set: MissionSet,
    },
}

/// A faction as a side in a sentence: "the Rebels", "the Empire".
fn side(f: Faction) -> &'static str {
    match f {
        Faction::Rebel => "the Rebels",
        Faction::Empire => "the Empire",
    }
}

/// A mission set's name as players read it (Rise of the Empire's choice of mission set).
pub fn set_label(set: MissionSet) -> &'static str {
    match set {
        MissionSet::Base => "the base game's missions",
        MissionSet::Vader => "the Rise of the Empire missions",
    }
}

/// "1 mission card", "3 probe cards", "1 mission card (searched)": a deck's cards counted,
/// with any note the deck's name carries kept at the end.
fn cards_counted(count: u32, deck: &str) -> String {
    let (kind, note) = match deck.split_once(" (") {
        Some((kind, rest)) => (kind, format!(" ({rest}")),
        None => (deck, String::new()),
    };
    let cards = if count == 1 { "card" } else { "cards" };
    format!("{count} {kind} {cards}{note}")
}

impl fmt::Display for EventKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use EventKind::*;
        match self {
            Phase { round, phase } => write!(f, "Round {round}: {phase}"),
            UnitsMoved { faction, from, to, unit, count } => {
                let (who, units) = (faction.name(), unit.counted((*count).into()));
                let (from, to) = (from.map(Place::name), to.map(Place::name));
                match (from, to) {
                    (Some(a), Some(b)) => write!(f, "{who} moves {units} from {a} to {b}"),
                    (None, Some(b)) => write!(f, "{who} places {units} in {b}"),
                    (Some(a), None) => write!(f, "{who} removes {units} from {a}"),
                    (None, None) => write!(f, "{who} handles {units}"),
                }
            }
            LeaderPlaced { leader, place } => write!(f, "{} goes to {}", leader.name(), place.name()),
            Activated { faction, place, leader } => {
                write!(f, "{} activates {} with {}", faction.name(), place.name(), leader.name())
            }
            Assigned { faction, leaders } => {
                let n = leaders.len();
                let leaders = if n == 1 { "1 leader".to_string() } else { format!("{n} leaders") };
                write!(f, "{} assigns {leaders} to a facedown mission", faction.name())
            }
            Vetoed { faction, leaders } => {
                let names: Vec<&str> = leaders.iter().map(|l| l.name()).collect();
                let general = TeamRole { faction: *faction, colour: TeamColour::Orange }.name();
                write!(
                    f,
                    "The {general} sends back an assignment of the Admiral's: {} return to the pool",
                    names.join(" and ")
                )
            }
            Passed { faction, role: None } => write!(f, "{} passes", faction.name()),
            Passed { faction, role: Some(r) } => {
                write!(f, "The {} passes", TeamRole { faction: *faction, colour: *r }.name())
            }
            MissionRevealed { faction, mission, place } => match place {
                Some(p) => write!(f, "{} reveals {} in {}", faction.name(), mission.name(), p.name()),
                None => write!(f, "{} reveals {}", faction.name(), mission.name()),
            },
            MissionResult { mission, success, tally } => {
                write!(f, "{} {}", mission.name(), if *success { "succeeds" } else { "fails" })?;
                let count = |n: u32| if n == 1 { "1 success".to_string() } else { format!("{n} successes") };
                match tally {
                    // A card can turn the result after the dice (a ring, a card that fails or
                    // succeeds it): then the tally is shown without the comparison.
                    Some((mine, theirs)) if *success == (mine > theirs) => {
                        let need = if *success { "" } else { ": it needed more than the opposing side's" };
                        write!(f, " ({} against {}{need})", count(*mine), count(*theirs))
                    }
                    Some((mine, theirs)) => {
                        write!(f, " (the dice gave {} against {})", count(*mine), count(*theirs))
                    }
                    None => Ok(()),
                }
            }
            DiceRolled { faction, purpose, faces } => {
                let fs: Vec<&str> = faces.iter().map(|x| x.label()).collect();
                if fs.is_empty() {
                    write!(f, "{} rolls no dice for {purpose}", faction.name())
                } else {
                    write!(f, "{} rolls for {purpose}: {}", faction.name(), fs.join(", "))
                }
            }
            BaseRevealed { system } => write!(f, "The Rebel base is revealed in {}", system.name()),
            BaseMoved { old } => write!(f, "The Rebel base has moved; it was in {}", old.name()),
            BaseChosen { system } => write!(f, "Your base is hidden in {}", system.name()),
            MissionSetRevealed { faction: Faction::Rebel, set } => {
                write!(f, "The Rebels reveal their mission set: {}", set_label(*set))
            }
            MissionSetRevealed { faction: Faction::Empire, set } => {
                write!(f, "The Empire reveals its mission set: {}", set_label(*set))
            }
            Loyalty { system, loyalty } => match loyalty {
                Some(l) => write!(f, "{} is now loyal to {}", system.name(), side(*l)),
                None => write!(f, "{} is now neutral", system.name()),
            },
            Subjugation { system, subjugated } => {
                let w = if *subjugated { "is subjugated" } else { "is no longer subjugated" };
                write!(f, "{} {w}", system.name())
            }
            Sabotage { system, sabotaged } => {
                let w = if *sabotaged { "is sabotaged" } else { "is no longer sabotaged" };
                write!(f, "{} {w}", system.name())
            }
            CombatStarted { place, attacker } => {
                let verb = if *attacker == Faction::Rebel { "attack" } else { "attacks" };
                write!(f, "Combat in {} ({} {verb})", place.name(), side(*attacker))
            }
            UnitDestroyed { faction, unit, place } => {
                write!(f, "{} {} destroyed in {}", faction.name(), unit.name(), place.name())
            }
            AttackDamage { attacker, theater, hits } => {
                let step = if *theater == Theater::Space { "space" } else { "ground" };
                if hits.is_empty() {
                    return write!(f, "The {step} attack of {} deals no damage", side(*attacker));
                }
                let each: Vec<String> = hits.iter().map(Hit::to_string).collect();
                write!(f, "The {step} attack of {} deals {}", side(*attacker), each.join("; "))
            }
            CombatEnded { place } => write!(f, "Combat in {} ends", place.name()),
            CardsDrawn { faction, deck, count } => {
                write!(f, "{} draws {}", faction.name(), cards_counted(*count, deck))
            }
            CardsSeen { deck, cards } => {
                let names: Vec<String> = cards.iter().map(|c| card_name(deck, c)).collect();
                write!(f, "You see {deck}: {}", names.join(", "))
            }
            CardPlayed { faction, deck, card } => match deck.strip_prefix("discarded ") {
                Some(kind) => {
                    write!(f, "{} discards the {kind} card {}", faction.name(), card_name(deck, card))
                }
                None => write!(f, "{} plays the {deck} card {}", faction.name(), card_name(deck, card)),
            },
            LeaderChange { leader, what } => write!(f, "{} {what}", leader.name()),
            Reputation { value } => write!(f, "Reputation is now {value}"),
            Time { value } => write!(f, "Time advances to {value}"),
            Won { winner, reason } => write!(f, "The {} player wins: {reason}", winner.name()),
            Note { text } => f.write_str(text),
        }
    }
}

/// The printed name of a card an event names by id: looked up in the deck the event mentions
/// (a probe card is named after its system), else among every kind of card; the id itself if
/// nothing matches.
pub fn card_name(deck: &str, id: &str) -> String {
    let c = catalog();
    let by_deck = if deck.contains("probe") {
        c.system_by_key(id).map(|x| x.name().to_string())
    } else if deck.contains("tactic") {
        c.tactic_by_key(id).map(|x| x.name().to_string())
    } else if deck.contains("objective") {
        c.objective_by_key(id).map(|x| x.name().to_string())
    } else if deck.contains("action") {
        ActionCardId::all().find(|a| a.key() == id).map(|a| a.name().to_string())
    } else {
        c.mission_by_key(id).map(|x| x.name().to_string())
    };
    by_deck
        .or_else(|| c.mission_by_key(id).map(|x| x.name().to_string()))
        .or_else(|| ActionCardId::all().find(|a| a.key() == id).map(|a| a.name().to_string()))
        .or_else(|| c.objective_by_key(id).map(|x| x.name().to_string()))
        .or_else(|| c.tactic_by_key(id).map(|x| x.name().to_string()))
        .unwrap_or_else(|| id.to_string())
}
