//! Every legal option in structured form: what it does and which cards, leaders, places,
//! units and dice it names, with the numbers of an action (combat unit 5, die 2, mode 1)
//! resolved to what they stand for. Front ends put these into words; the engine writes no
//! sentences here. Pure: reading the state never changes it.

use serde::Serialize;

use super::action::{Action, Pick, Target};
use super::cards::run::Pending;
use super::combat::{Combat, Effect, Step};
use super::frame::{Decision, Frame};
use super::phases::mobilize::MobilizeStep;
use super::phases::setup::SetupStep;
use super::state::{Place, Ring, State};
use crate::content::*;

/// What an option does (one kind per action, card picks by what they pick).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ChoiceKind {
    /// Setup: place starting units (`to`, `units`).
    Place,
    /// Setup: place the remaining starting units by the default plan.
    AutoPlace,
    /// Setup: hide the Rebel base in a system (`to`).
    ChooseBase,
    /// Assignment: leaders onto a mission card (`card`, `leaders`).
    Assign,
    /// Reveal an assigned mission (`card`, and `to` or `against` when it has a target).
    Reveal,
    /// Activate a place with a leader (`to`, `leaders`).
    Activate,
    /// Team game: the General sends an Admiral's assignment back (`card`, `leaders`).
    Veto,
    /// The Rebels reveal their base.
    RevealBase,
    /// Pass for the rest of the Command Phase.
    Pass,
    /// Move units (`from`, `to` when known, `units`).
    Move,
    /// Bring a captured leader along (`from`, `to`, `leaders`).
    MoveCaptive,
    /// Oppose the revealed mission (`leaders`, `card` = the mission).
    Oppose,
    /// Add a leader to the combat (`leaders`).
    AddLeader,
    /// Spend a special die to draw a tactic card (`theater`).
    DrawTactic,
    /// Play a tactic card (`card`).
    PlayTactic,
    /// Reroll dice (`dice`).
    Reroll,
    /// One die's damage onto one enemy unit (`dice`, `fighters`).
    Damage,
    /// Every fitting die onto one enemy unit (`fighters`).
    FocusFire,
    /// A card's damage point onto one enemy unit (`fighters`).
    Hit,
    /// Block damage on one of your units (`fighters`).
    Block,
    /// Retreat with a leader (`leaders`, `to`).
    Retreat,
    /// Take a unit along on the retreat (`units`).
    Carry,
    /// Play an objective card (`card`).
    PlayObjective,
    /// Use an action card (`card`).
    PlayAction,
    /// Discard a mission card (`card`).
    Discard,
    /// Keep an action card and recruit a leader on it (`card`, `leaders`).
    Recruit,
    /// Draw another action card.
    DrawAnother,
    /// Destroy one of your units to free it for building (`from`, `units`).
    Scrap,
    /// Choose the unit an icon builds (`units`).
    Build,
    /// Deploy a unit (`units`, `to`).
    Deploy,
    /// A numbered option of a card or step (`mode`).
    Mode,
    /// Establish the new Rebel base (`to`).
    NewBase,
    /// A card's choice of a system (`systems`).
    PickSystem,
    /// A card's choice of a leader (`leaders`).
    PickLeader,
    /// A card's choice of a unit on the board (`from`, `units`).
    PickUnit,
    /// A card's choice of a unit on a build-queue space (`queue_space`, `units`).
    PickQueued,
    /// A card's choice of a mission card (`card`).
    PickMission,
    /// A card's choice of an objective card (`card`).
    PickObjective,
    /// A probe card to put on top or at the bottom of the probe deck (`card`, `top`).
    PickProbe,
    /// A die face to set a die to (`face`).
    PickFace,
    /// A die (`dice`).
    PickDie,
    /// A tactic deck (`theater`).
    PickTheater,
    /// Use the ring a leader wears (`leaders`, `ring`).
    UseRing,
    /// Finish the current step or decline.
    Done,
    /// Pick or play an advanced tactic card (`card`; cinematic combat).
    PlayAdvanced,
    /// Spend a special to remove 1 damage from one of your units (`fighters`; cinematic
    /// combat).
    Repair,
}

/// A card named by an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "deck", content = "id")]
pub enum CardName {
    /// A mission card.
    Mission(MissionId),
    /// An action card.
    Action(ActionCardId),
    /// An objective card.
    Objective(ObjectiveId),
    /// A tactic card.
    Tactic(TacticId),
    /// The probe card of a system.
    Probe(SystemId),
    /// An advanced tactic card (cinematic combat).
    Advanced(AdvancedTacticId),
}

impl CardName {
    /// The card's printed name (a probe card is named by its system).
    pub fn name(self) -> &'static str {
        match self {
            CardName::Mission(c) => c.name(),
            CardName::Action(c) => c.name(),
            CardName::Objective(c) => c.name(),
            CardName::Tactic(c) => c.name(),
            CardName::Probe(s) => s.name(),
            CardName::Advanced(c) => c.name(),
        }
    }
}

/// A unit fighting in the current combat, as an option names it by number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Fighter {
    /// Its number in the combat (what the command says).
    pub number: u8,
    /// Its owner.
    pub faction: Faction,
    /// Its type.
    pub unit: UnitId,
    /// Damage taken so far in this combat.
    pub damage: u8,
    /// Already destroyed (it leaves at the end of the battle step).
    pub doomed: bool,
}

/// A die an option names by number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct DieRef {
    /// Its position in the roll (what the command says).
    pub number: u8,
    /// Whose die it is.
    pub owner: Faction,
    /// Its colour (combat dice; mission dice have none that matters).
    pub color: Option<DieColor>,
    /// The face showing.
    pub face: DieFace,
}

/// What a numbered option (`mode N`) means.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "meaning")]
pub enum Mode {
    /// One option of a card that offers several, in the card's own words (from the content).
    Card {
        /// The option's text.
        text: String,
    },
    /// Brilliant Strategy: how many tactic cards to draw from each deck.
    DrawTactics {
        /// Space tactic cards.
        space: u8,
        /// Ground tactic cards.
        ground: u8,
    },
    /// Return of the Jedi: the Imperial leader to eliminate (in `leaders`).
    Eliminate,
    /// Rapid Mobilization option 1: move units into the Rebel Base space.
    MobilizeUnits,
    /// Rapid Mobilization option 2: draw probe cards, maybe establish a new base.
    MobilizeProbe,
    /// Rise of the Empire setup: play with this mission set.
    MissionSet {
        /// The set.
        set: MissionSet,
    },
    /// Rise of the Empire setup: start with the expansion's units (else the base game's).
    StartingUnits {
        /// The expansion's list.
        expansion: bool,
    },
    /// A number whose meaning is not known here.
    Number {
        /// The number.
        n: u8,
    },
}

/// One option, described.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Choice {
    /// What it does.
    pub kind: ChoiceKind,
    /// The card it plays, assigns, reveals, discards or picks.
    pub card: Option<CardName>,
    /// The leaders it sends, adds, recruits or picks.
    pub leaders: Vec<LeaderId>,
    /// The leader a mission is revealed against.
    pub against: Option<LeaderId>,
    /// Where units come from.
    pub from: Option<Place>,
    /// Where it happens or units go.
    pub to: Option<Place>,
    /// Systems it picks.
    pub systems: Vec<SystemId>,
    /// Unit types and how many.
    pub units: Vec<(UnitId, u8)>,
    /// The build-queue space of a queued unit.
    pub queue_space: Option<u8>,
    /// Combat units it names.
    pub fighters: Vec<Fighter>,
    /// Dice it names.
    pub dice: Vec<DieRef>,
    /// A die face (and colour) to set a die to.
    pub face: Option<(DieFace, Option<DieColor>)>,
    /// A theater (tactic decks).
    pub theater: Option<Theater>,
    /// What a numbered option means.
    pub mode: Option<Mode>,
    /// A probe card goes on top (else to the bottom).
    pub top: Option<bool>,
    /// The ring a leader uses.
    pub ring: Option<Ring>,
    /// The card whose ability asks for this choice, if one does.
    pub asked_by: Option<CardName>,
}

impl Choice {
    fn of(kind: ChoiceKind) -> Self {
        Choice {
            kind,
            card: None,
            leaders: vec![],
            against: None,
            from: None,
            to: None,
            systems: vec![],
            units: vec![],
            queue_space: None,
            fighters: vec![],
            dice: vec![],
            face: None,
            theater: None,
            mode: None,
            top: None,
            ring: None,
            asked_by: None,
        }
    }
}

/// What the top frames say about the numbers in options, found once per decision.
struct Scope<'a> {
    s: &'a State,
    seat: Faction,
    combat: Option<&'a Combat>,
    top: Option<&'a Frame>,
}

impl<'a> Scope<'a> {
    fn new(s: &'a State, seat: Faction) -> Self {
        let combat = s.stack.iter().rev().find_map(|f| match f {
            Frame::Combat(c) => Some(c.as_ref()),
            _ => None,
        });
        Scope { s, seat, combat, top: s.stack.last() }
    }

    fn fighter(&self, n: u8) -> Option<Fighter> {
        let u = self.combat?.units.get(n as usize)?;
        Some(Fighter { number: n, faction: u.faction, unit: u.unit, damage: u.damage, doomed: u.doomed })
    }

    /// The die numbered `n` of the roll the decision is about: the combat's dice, or the
    /// mission dice a ring acts on (R2-D2 turns the opponent's, Master Yoda rerolls one's own).
    fn die(&self, n: u8) -> Option<DieRef> {
        if let Some(Frame::Mission(run)) = self.top {
            let owner = if run.ring == Some(Ring::R2d2) { self.seat.opponent() } else { self.seat };
            let face = *run.dice.get(owner).get(n as usize)?;
            return Some(DieRef { number: n, owner, color: None, face });
        }
        let c = self.combat?;
        let d = c.dice.get(n as usize)?;
        let owner = match c.step {
            Step::Actions { side, .. } | Step::Assign { side, .. } | Step::Block { side, .. } => side,
            _ => self.seat,
        };
        Some(DieRef { number: n, owner, color: Some(d.color), face: d.face })
    }

    /// Where moving units go: the activated place, the Rebel Base space (Rapid Mobilization)
    /// or the place of a card's ability.
    fn destination(&self) -> Option<Place> {
        match self.top? {
            Frame::Activation(a) => Some(a.place),
            Frame::Mobilize(_) => Some(Place::BaseSpace),
            Frame::Card(run) => run.here,
            _ => None,
        }
    }

    fn asking_card(&self) -> Option<CardName> {
        match self.top? {
            Frame::Card(run) => Some(match run.card {
                super::cards::CardRef::Mission(m) => CardName::Mission(m),
                super::cards::CardRef::Action(a) => CardName::Action(a),
                super::cards::CardRef::Objective(o) => CardName::Objective(o),
            }),
            _ => None,
        }
    }

    fn mode(&self, n: u8) -> (Mode, Vec<LeaderId>) {
        let i = (n as usize).wrapping_sub(1);
        match self.top {
            Some(Frame::Card(run)) => {
                if let Some(Pending::Choose { options }) = &run.pending
                    && let Some(o) = options.get(i)
                {
                    return (Mode::Card { text: o.label.clone() }, vec![]);
                }
            }
            Some(Frame::Combat(c)) => match &c.effect {
                Some(Effect::Strategy) => {
                    let (space, ground) = match n {
                        1 => (2, 0),
                        2 => (0, 2),
                        _ => (1, 1),
                    };
                    return (Mode::DrawTactics { space, ground }, vec![]);
                }
                Some(Effect::Eliminate { leaders }) if i < leaders.len() => {
                    return (Mode::Eliminate, vec![leaders[i]]);
                }
                _ => {}
            },
            Some(Frame::Mobilize(m)) if m.step == MobilizeStep::Choose => {
                return (if n == 1 { Mode::MobilizeUnits } else { Mode::MobilizeProbe }, vec![]);
            }
            Some(Frame::Setup(SetupStep::MissionSets { .. })) => {
                let set = if n == 2 { MissionSet::Vader } else { MissionSet::Base };
                return (Mode::MissionSet { set }, vec![]);
            }
            Some(Frame::Setup(SetupStep::OfferUnits | SetupStep::AcceptUnits)) => {
                return (Mode::StartingUnits { expansion: n == 2 }, vec![]);
            }
            _ => {}
        }
        (Mode::Number { n }, vec![])
    }

    fn describe(&self, a: &Action) -> Choice {
        use ChoiceKind as K;
        let mut c = match a {
            Action::Place { place, unit, count } => {
                Choice { to: Some(*place), units: vec![(*unit, *count)], ..Choice::of(K::Place) }
            }
            Action::AutoPlace => Choice::of(K::AutoPlace),
            Action::ChooseBase { system } => {
                Choice { to: Some(Place::System(*system)), ..Choice::of(K::ChooseBase) }
            }
            Action::Assign { mission, leaders } => Choice {
                card: Some(CardName::Mission(*mission)),
                leaders: leaders.to_vec(),
                ..Choice::of(K::Assign)
            },
            Action::Reveal { mission, target } => Choice {
                card: Some(CardName::Mission(*mission)),
                to: match target {
                    Some(Target::Place(p)) => Some(*p),
                    _ => None,
                },
                against: match target {
                    Some(Target::Leader(l)) => Some(*l),
                    _ => None,
                },
                ..Choice::of(K::Reveal)
            },
            Action::Activate { place, leader } => {
                Choice { to: Some(*place), leaders: vec![*leader], ..Choice::of(K::Activate) }
            }
            Action::RevealBase => Choice::of(K::RevealBase),
            Action::Pass => Choice::of(K::Pass),
            Action::Veto { mission } => {
                Choice { card: Some(CardName::Mission(*mission)), ..Choice::of(K::Veto) }
            }
            Action::Move { from, unit, count } => Choice {
                from: Some(*from),
                to: self.destination(),
                units: vec![(*unit, *count)],
                ..Choice::of(K::Move)
            },
            Action::MoveCaptive { from, leader } => Choice {
                from: Some(*from),
                to: self.destination(),
                leaders: vec![*leader],
                ..Choice::of(K::MoveCaptive)
            },
            Action::Oppose { leader } => {
                let card = match self.top {
                    Some(Frame::Mission(run)) => Some(CardName::Mission(run.mission)),
                    _ => None,
                };
                Choice { leaders: vec![*leader], card, ..Choice::of(K::Oppose) }
            }
            Action::AddLeader { leader } => Choice { leaders: vec![*leader], ..Choice::of(K::AddLeader) },
            Action::DrawTactic => {
                let theater = self.combat.and_then(|c| match c.step {
                    Step::Actions { theater, .. } => Some(theater),
                    _ => None,
                });
                Choice { theater, ..Choice::of(K::DrawTactic) }
            }
            Action::PlayTactic { card } => {
                Choice { card: Some(CardName::Tactic(*card)), ..Choice::of(K::PlayTactic) }
            }
            Action::Reroll { dice } => {
                Choice { dice: dice.iter().filter_map(|&d| self.die(d)).collect(), ..Choice::of(K::Reroll) }
            }
            Action::Damage { die, unit } => Choice {
                dice: self.die(*die).into_iter().collect(),
                fighters: self.fighter(*unit).into_iter().collect(),
                ..Choice::of(K::Damage)
            },
            Action::FocusFire { unit } => {
                Choice { fighters: self.fighter(*unit).into_iter().collect(), ..Choice::of(K::FocusFire) }
            }
            Action::Hit { unit } => {
                Choice { fighters: self.fighter(*unit).into_iter().collect(), ..Choice::of(K::Hit) }
            }
            Action::Block { unit } => {
                Choice { fighters: self.fighter(*unit).into_iter().collect(), ..Choice::of(K::Block) }
            }
            Action::Retreat { leader, to } => {
                Choice { leaders: vec![*leader], to: Some(Place::System(*to)), ..Choice::of(K::Retreat) }
            }
            Action::Carry { unit } => Choice { units: vec![(*unit, 1)], ..Choice::of(K::Carry) },
            Action::PlayObjective { card } => {
                Choice { card: Some(CardName::Objective(*card)), ..Choice::of(K::PlayObjective) }
            }
            Action::PlayAction { card } => {
                Choice { card: Some(CardName::Action(*card)), ..Choice::of(K::PlayAction) }
            }
            Action::Discard { mission } => {
                Choice { card: Some(CardName::Mission(*mission)), ..Choice::of(K::Discard) }
            }
            Action::Recruit { card, leader } => Choice {
                card: Some(CardName::Action(*card)),
                leaders: leader.iter().copied().collect(),
                ..Choice::of(K::Recruit)
            },
            Action::DrawAnother => Choice::of(K::DrawAnother),
            Action::Scrap { place, unit } => {
                Choice { from: Some(*place), units: vec![(*unit, 1)], ..Choice::of(K::Scrap) }
            }
            Action::Build { unit } => Choice { units: vec![(*unit, 1)], ..Choice::of(K::Build) },
            Action::Deploy { unit, place } => {
                Choice { to: Some(*place), units: vec![(*unit, 1)], ..Choice::of(K::Deploy) }
            }
            Action::Mode { n } => {
                let (mode, leaders) = self.mode(*n);
                Choice { mode: Some(mode), leaders, ..Choice::of(K::Mode) }
            }
            Action::NewBase { system } => {
                Choice { to: Some(Place::System(*system)), ..Choice::of(K::NewBase) }
            }
            Action::Pick(p) => self.pick(p),
            Action::UseRing { leader } => {
                Choice { leaders: vec![*leader], ring: self.s.ring(*leader), ..Choice::of(K::UseRing) }
            }
            Action::Done => Choice::of(K::Done),
            Action::Advanced { card } => {
                Choice { card: Some(CardName::Advanced(*card)), ..Choice::of(K::PlayAdvanced) }
            }
            Action::Repair { unit } => {
                Choice { fighters: self.fighter(*unit).into_iter().collect(), ..Choice::of(K::Repair) }
            }
        };
        c.asked_by = self.asking_card();
        c
    }

    fn pick(&self, p: &Pick) -> Choice {
        use ChoiceKind as K;
        match p {
            Pick::System { system } => Choice { systems: vec![*system], ..Choice::of(K::PickSystem) },
            Pick::Leader { leader } => Choice { leaders: vec![*leader], ..Choice::of(K::PickLeader) },
            Pick::Unit { place, unit } => {
                Choice { from: Some(*place), units: vec![(*unit, 1)], ..Choice::of(K::PickUnit) }
            }
            Pick::Queued { space, unit } => {
                Choice { queue_space: Some(*space), units: vec![(*unit, 1)], ..Choice::of(K::PickQueued) }
            }
            Pick::Mission { card } => {
                Choice { card: Some(CardName::Mission(*card)), ..Choice::of(K::PickMission) }
            }
            Pick::Objective { card } => {
                Choice { card: Some(CardName::Objective(*card)), ..Choice::of(K::PickObjective) }
            }
            Pick::Probe { system, top } => {
                Choice { card: Some(CardName::Probe(*system)), top: Some(*top), ..Choice::of(K::PickProbe) }
            }
            Pick::Face { face, color } => Choice { face: Some((*face, *color)), ..Choice::of(K::PickFace) },
            Pick::Die { die } => {
                Choice { dice: self.die(*die).into_iter().collect(), ..Choice::of(K::PickDie) }
            }
            Pick::Theater { theater } => Choice { theater: Some(*theater), ..Choice::of(K::PickTheater) },
        }
    }
}

/// Describes one option of the pending decision (for many options, [`describe_decision`]
/// finds what they share once).
pub fn describe(s: &State, action: &Action) -> Choice {
    let seat = super::flow::decision(s).map_or(Faction::Rebel, |d| d.seat);
    Scope::new(s, seat).describe(action)
}

/// Describes every option of a decision, in its order.
pub fn describe_decision(s: &State, d: &Decision) -> Vec<Choice> {
    let scope = Scope::new(s, d.seat);
    d.actions.iter().map(|a| scope.describe(a)).collect()
}
