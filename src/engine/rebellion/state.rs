//! The complete game state of a Rebellion match (the engine's private truth; views redact it).

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::frame::Frame;
use super::frame::combat::Combat;
use super::frame::mission::MissionRun;
pub use super::pieces::{Assignment, Place, Ring, Units};
use crate::content::*;
use crate::engine::rng::GameRng;

/// Options fixed when a match is created.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchOptions {
    /// Place both sides' starting units by a sensible default instead of asking.
    #[serde(default)]
    pub quick_setup: bool,
    /// Play with the Rise of the Empire expansion: its units, leaders and cards join the base
    /// content (`State::has_set`). Left out of the saved options when off, so a base match's
    /// state and exports read as before.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rise_of_the_empire: bool,
    /// How many people play: two, or the team game's three or four (`team.rs`). Left out of
    /// the saved options for two, so a two-player match's state and exports read as before.
    #[serde(default, skip_serializing_if = "Players::is_two")]
    pub players: Players,
}

/// How many people play a match: one a side, or the team game, where each side splits into an
/// Admiral (blue leaders) and a General (orange leaders). With three, one Rebel plays both
/// Rebel roles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Players {
    /// The two-player game.
    #[default]
    Two,
    /// One Rebel against an Imperial Admiral and an Imperial General.
    Three,
    /// A Rebel and an Imperial Admiral and General.
    Four,
}

impl Players {
    /// Whether this is the two-player game.
    pub fn is_two(&self) -> bool {
        *self == Players::Two
    }
    /// The number of players.
    pub fn count(self) -> u8 {
        match self {
            Players::Two => 2,
            Players::Three => 3,
            Players::Four => 4,
        }
    }
    /// The player count from a number (2, 3 or 4).
    pub fn from_count(n: u8) -> Option<Players> {
        match n {
            2 => Some(Players::Two),
            3 => Some(Players::Three),
            4 => Some(Players::Four),
            _ => None,
        }
    }
    /// Whether a side is split between two players (its roles are separate seats).
    pub fn splits(self, f: Faction) -> bool {
        match self {
            Players::Two => false,
            Players::Three => f == Faction::Empire,
            Players::Four => true,
        }
    }
}

impl MatchOptions {
    /// Whether a box's content is in a match with these options: the base game always, an
    /// expansion when its option is on.
    pub fn has_set(&self, set: ContentSet) -> bool {
        match set {
            ContentSet::Base => true,
            ContentSet::RiseOfTheEmpire => self.rise_of_the_empire,
        }
    }
}

/// What stands in one place: each faction's units and leaders.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Zone {
    /// Units per faction.
    pub units: ByFaction<Units>,
    /// Leaders per faction (captured Rebel leaders stay listed under the Rebels).
    pub leaders: ByFaction<Vec<LeaderId>>,
}

/// A system's markers and contents.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SystemState {
    /// The loyalty marker, if any (Coruscant is always the Empire's).
    pub loyalty: Option<Faction>,
    /// A subjugation marker.
    pub subjugated: bool,
    /// A sabotage marker.
    pub sabotaged: bool,
    /// A destroyed-system marker.
    pub destroyed: bool,
    /// Units and leaders here.
    pub zone: Zone,
}

/// The secret Rebel base.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Base {
    /// The base's system (`None` only before the Rebel chooses it in setup).
    pub system: Option<SystemId>,
    /// Whether it has been revealed.
    pub revealed: bool,
}

/// Card effects that last until the end of the current game round (cleared when the Refresh
/// Phase retrieves leaders).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundEffects {
    /// Detained: these Rebel leaders stay on the board through the next leader retrieval.
    #[serde(default)]
    pub detained: Vec<LeaderId>,
    /// Misdirection: no leader may be sent from the Imperial pool to oppose these leaders'
    /// missions this round.
    #[serde(default)]
    pub unopposable: Vec<LeaderId>,
    /// Boba Fett? Where?: Rebel leaders may not attempt missions or use action cards here.
    #[serde(default)]
    pub locked: Vec<SystemId>,
    /// Public Support: these leaders do not keep their units from moving out of their system.
    #[serde(default)]
    pub unpinned: Vec<LeaderId>,
    /// Contingency Plan: extra successes for the next mission each of these leaders attempts.
    #[serde(default)]
    pub bonus: Vec<(LeaderId, u8)>,
    /// Whether the Master Yoda ring's reroll was used this round.
    #[serde(default)]
    pub yoda_used: bool,
}

/// Something a card showed one faction only (kept so async players can look back at it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Intel {
    /// The round it was learnt.
    pub round: u32,
    /// The card that showed it (display name).
    pub source: String,
    /// What was seen, in words with names (e.g. "Rebel objectives: Rescue the Prince").
    pub text: String,
}

/// A player's hidden cards.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand {
    /// Mission cards (projects included).
    pub missions: Vec<MissionId>,
    /// Action cards kept for later use.
    pub actions: Vec<ActionCardId>,
    /// Objective cards (Rebel only).
    pub objectives: Vec<ObjectiveId>,
    /// Probe cards (Empire only).
    pub probes: Vec<SystemId>,
    /// Tactic cards held during a combat.
    pub tactics: Vec<TacticId>,
}

/// Every deck and discard pile; index 0 is the top.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decks {
    /// Mission decks.
    pub missions: ByFaction<Vec<MissionId>>,
    /// Mission discard piles.
    pub mission_discard: ByFaction<Vec<MissionId>>,
    /// The Imperial project deck.
    pub projects: Vec<MissionId>,
    /// The project discard pile.
    pub project_discard: Vec<MissionId>,
    /// Action decks (cards with a recruit icon).
    pub actions: ByFaction<Vec<ActionCardId>>,
    /// The objective deck, stage I on top.
    pub objectives: Vec<ObjectiveId>,
    /// The probe deck.
    pub probes: Vec<SystemId>,
    /// Tactic decks.
    pub space_tactics: Vec<TacticId>,
    /// Ground tactic deck.
    pub ground_tactics: Vec<TacticId>,
    /// Discarded space tactic cards (reshuffled after each combat).
    pub space_discard: Vec<TacticId>,
    /// Discarded ground tactic cards.
    pub ground_discard: Vec<TacticId>,
}

/// The whole state of one Rebellion match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// Options chosen at creation.
    pub options: MatchOptions,
    /// Bumped by every applied action; prompts carry it so stale answers are refused.
    pub version: u64,
    /// Game round, from 1.
    pub round: u32,
    /// Time marker space.
    pub time: u8,
    /// Reputation marker space.
    pub reputation: u8,
    /// The winner, once the game is over.
    pub winner: Option<Faction>,
    /// The Rebel base.
    pub base: Base,
    /// Every system, indexed by `SystemId`. Changed only through [`State::sys_mut`],
    /// [`State::zone_mut`] and [`State::systems_mut`], which note the change for
    /// [`MarkerScan`]; read it with [`State::systems`].
    pub(in crate::engine::rebellion) systems: Vec<SystemState>,
    /// The "Rebel Base" space.
    pub base_space: Zone,
    /// Build queues; index 0 is space "1".
    pub build_queue: ByFaction<Vec<Units>>,
    /// Units that slid off build-queue space "1" and wait to be deployed (Refresh step 6); what
    /// is not deployed goes back to space "1" when the owner is done.
    #[serde(default)]
    pub ready: ByFaction<Units>,
    /// Unused units (box minus board, Rebel Base space, queues and units ready to deploy).
    pub supply: ByFaction<Units>,
    /// Leader pools.
    pub leader_pool: ByFaction<Vec<LeaderId>>,
    /// Captured Rebel leaders (they stay in their system's zone).
    pub captured: Vec<LeaderId>,
    /// Attachment rings on leaders.
    #[serde(default)]
    pub rings: BTreeMap<LeaderId, Ring>,
    /// Rebel leaders the Empire controls (Lure of the Dark Side): listed under the Empire in
    /// zones and pools from then on.
    #[serde(default)]
    pub turned: Vec<LeaderId>,
    /// The team game: which player of its side holds an action card in hand (the one whose
    /// leader it shows, or who recruited with it); a card not listed is either player's.
    /// Left out of saves when empty (always, in the two-player game).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub card_holders: BTreeMap<ActionCardId, TeamColour>,
    /// The team game: the player who declined the shared window now open, which stays open
    /// for the teammate (`team::shared`). Left out of saves when none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team_passed: Option<TeamColour>,
    /// Card effects lasting until the end of this round.
    #[serde(default)]
    pub round_effects: RoundEffects,
    /// What cards showed each faction alone.
    #[serde(default)]
    pub intel: ByFaction<Vec<Intel>>,
    /// Eliminated leaders.
    pub eliminated: Vec<LeaderId>,
    /// Hands.
    pub hands: ByFaction<Hand>,
    /// Decks and discards.
    pub decks: Decks,
    /// Facedown mission cards with their leaders.
    pub assignments: ByFaction<Vec<Assignment>>,
    /// Probe cards the Rebels handed over when moving the base (public knowledge).
    pub revealed_probes: Vec<SystemId>,
    /// What the engine is in the middle of; the last frame is the innermost.
    pub stack: Vec<Frame>,
    /// Cinematic combat's advanced tactic decks (Rise of the Empire; absent before the first
    /// combat and in a base match).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cinematic: Option<Box<super::combat::cinematic::CinematicDecks>>,
    /// The match's random stream.
    pub rng: GameRng,
    /// Rise of the Empire's target markers (public).
    #[serde(default, skip_serializing_if = "super::rise_of_the_empire::records::TargetMarkers::is_empty")]
    pub targets: super::rise_of_the_empire::records::TargetMarkers,
    /// Rise of the Empire's card state (`rote_cards`); empty, and not saved, in a base match.
    #[serde(default, skip_serializing_if = "super::rise_of_the_empire::records::RoteCards::is_empty")]
    pub rote_cards: super::rise_of_the_empire::records::RoteCards,
    /// Rise of the Empire's probe cards kept face down by action cards (`rote_probes`); empty,
    /// and not saved, in a base match.
    #[serde(default, skip_serializing_if = "super::rise_of_the_empire::records::HiddenProbes::is_empty")]
    pub rote_probes: super::rise_of_the_empire::records::HiddenProbes,
    /// Systems Imperial ground units have stood in since the base was last placed, while it was
    /// hidden: the base is in none of them (it would have been revealed). Public knowledge —
    /// everyone saw the units there — kept for the computer player, which reads what the
    /// Empire may rule out from it; not in the view. Only `victory::update_markers` adds to it,
    /// and it is otherwise only cleared (when the base moves): [`MarkerScan`] relies on that.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub searched: Vec<SystemId>,
    /// Whether the systems changed since subjugation markers were last brought up to date
    /// (not part of the match: never saved, never compared).
    #[serde(skip)]
    pub(in crate::engine::rebellion) markers: MarkerScan,
}

/// What the last look at each system found, so that a system is looked at again only after it
/// changed: the rules that keep markers true (`victory::update_markers`) ask after every
/// automatic step of the engine, and most steps change one system or none. A cache beside the
/// state, not part of it: two states that differ only here are equal, and it is not saved (a
/// loaded state looks at every system again).
#[derive(Clone, Copy, Debug)]
pub struct MarkerScan {
    /// What each system showed when last looked at; its bits for a system in `stale` are out
    /// of date.
    pub(in crate::engine::rebellion) sets: SystemSets,
    /// The systems changed since they were last looked at, bit `i` for `SystemId(i)`
    /// ([`State::sys_mut`] adds one, [`State::systems_mut`] all).
    pub(in crate::engine::rebellion) stale: u64,
    /// The systems in [`State::searched`] when it had `listed_len` entries: `victory` alone
    /// adds to that list, and the list is only ever cleared besides, so while its length is
    /// `listed_len` these are its systems (it is not walked at every step).
    pub(in crate::engine::rebellion) listed: u64,
    /// The length of [`State::searched`] that `listed` describes.
    pub(in crate::engine::rebellion) listed_len: usize,
}

impl Default for MarkerScan {
    fn default() -> Self {
        MarkerScan { sets: SystemSets::default(), stale: u64::MAX, listed: 0, listed_len: 0 }
    }
}

/// Where each leader on the board stands, indexed by `LeaderId` ([`State::leader_places`]).
#[derive(Clone, Copy, Debug)]
pub struct LeaderPlaces([Option<Place>; MAX_LEADERS]);

impl LeaderPlaces {
    /// Where a leader stands: the same as [`State::leader_place`].
    pub fn get(&self, l: LeaderId) -> Option<Place> {
        self.0[usize::from(l.0)]
    }
}

/// The systems of a set (bit `i` for `SystemId(i)`), in `SystemId` order.
pub fn systems_in(set: u64) -> impl Iterator<Item = SystemId> {
    super::pieces::bits(set).map(|i| SystemId(i as u16))
}

/// Sets of systems, bit `i` for `SystemId(i)` (the board has at most 64).
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemSets {
    /// Systems holding Imperial ground units.
    pub imperial_ground: u64,
    /// Systems with a subjugation marker.
    pub subjugated: u64,
    /// Populous systems open to subjugation: no subjugation marker, not destroyed, not loyal
    /// to the Empire.
    pub open: u64,
}

impl PartialEq for MarkerScan {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for MarkerScan {}

impl State {
    /// The system's state.
    pub fn sys(&self, s: SystemId) -> &SystemState {
        &self.systems[s.0 as usize]
    }
    /// The system's state, mutably.
    pub fn sys_mut(&mut self, s: SystemId) -> &mut SystemState {
        self.markers.stale |= 1u64.checked_shl(s.0.into()).unwrap_or(0);
        &mut self.systems[s.0 as usize]
    }
    /// Every system, indexed by `SystemId`.
    pub fn systems(&self) -> &[SystemState] {
        &self.systems
    }
    /// Every system of the board as a set, bit `i` for `SystemId(i)` (the board has at most
    /// 64: checked here).
    pub fn system_set(&self) -> u64 {
        assert!(self.systems.len() <= 64, "a set of systems is one 64-bit word");
        1u64.checked_shl(self.systems.len() as u32).map_or(u64::MAX, |b| b - 1)
    }
    /// Every system, mutably (for setting up test positions).
    pub fn systems_mut(&mut self) -> &mut [SystemState] {
        self.markers.stale = u64::MAX;
        &mut self.systems
    }
    /// The zone of a place.
    pub fn zone(&self, p: Place) -> &Zone {
        match p {
            Place::System(s) => &self.sys(s).zone,
            Place::BaseSpace => &self.base_space,
        }
    }
    /// The zone of a place, mutably.
    pub fn zone_mut(&mut self, p: Place) -> &mut Zone {
        match p {
            Place::System(s) => &mut self.sys_mut(s).zone,
            Place::BaseSpace => &mut self.base_space,
        }
    }
    /// A faction's units in a place.
    pub fn units(&self, p: Place, f: Faction) -> &Units {
        self.zone(p).units.get(f)
    }
    /// Whether a faction has any unit in a place.
    pub fn has_units(&self, p: Place, f: Faction) -> bool {
        !self.units(p, f).is_empty()
    }
    /// Whether a faction has a ground unit in a place.
    pub fn has_ground(&self, p: Place, f: Faction) -> bool {
        self.units(p, f).has_theater(Theater::Ground)
    }
    /// Every place, systems first then the Rebel Base space.
    pub fn places(&self) -> impl Iterator<Item = Place> + use<> {
        SystemId::all().map(Place::System).chain(std::iter::once(Place::BaseSpace))
    }
    /// Whether a box's content is in this match: the base game always, an expansion when its
    /// option is on.
    pub fn has_set(&self, set: ContentSet) -> bool {
        self.options.has_set(set)
    }
    /// Whether a unit type is in this match (its supply, its build options).
    pub fn unit_in_play(&self, u: UnitId) -> bool {
        self.has_set(catalog().unit(u).set)
    }
    /// The faction controlling a leader: its own, or the Empire once turned.
    pub fn leader_faction(&self, l: LeaderId) -> Faction {
        if self.turned.contains(&l) { Faction::Empire } else { catalog().leader(l).faction }
    }
    /// Where a leader is on the board (system or Rebel Base space), if it is on the board.
    pub fn leader_place(&self, l: LeaderId) -> Option<Place> {
        let f = self.leader_faction(l);
        // The order of `places`, walking the zones directly: asked many times per step.
        let here = |z: &Zone| z.leaders.get(f).contains(&l);
        match self.systems.iter().position(|st| here(&st.zone)) {
            Some(i) => Some(Place::System(SystemId(i as u16))),
            None => here(&self.base_space).then_some(Place::BaseSpace),
        }
    }
    /// Where every leader on the board stands: what [`State::leader_place`] says of each, in
    /// one walk over the zones (for callers that ask it of many leaders).
    pub fn leader_places(&self) -> LeaderPlaces {
        let mut places = LeaderPlaces([None; MAX_LEADERS]);
        let mut note = |place: Place, zone: &Zone| {
            for f in Faction::BOTH {
                for &l in zone.leaders.get(f) {
                    if self.leader_faction(l) == f {
                        places.0[usize::from(l.0)] = Some(place);
                    }
                }
            }
        };
        // Walked backwards, so that where a leader stands twice (never, in a sound state) the
        // zone `leader_place` finds first, in `SystemId` order and then the Rebel Base space,
        // is the one written last.
        note(Place::BaseSpace, &self.base_space);
        for (i, st) in self.systems.iter().enumerate().rev() {
            note(Place::System(SystemId(i as u16)), &st.zone);
        }
        places
    }
    /// The ring a leader wears, if any.
    pub fn ring(&self, l: LeaderId) -> Option<Ring> {
        self.rings.get(&l).copied()
    }
    /// The leader wearing a ring, if it is in play.
    pub fn ring_bearer(&self, r: Ring) -> Option<LeaderId> {
        self.rings.iter().find(|(_, x)| **x == r).map(|(l, _)| *l)
    }
    /// Whether a leader is captured.
    pub fn is_captured(&self, l: LeaderId) -> bool {
        self.captured.contains(&l)
    }
    /// Non-captured leaders of a faction in a place.
    pub fn active_leaders(&self, p: Place, f: Faction) -> Vec<LeaderId> {
        self.zone(p).leaders.get(f).iter().copied().filter(|l| !self.is_captured(*l)).collect()
    }
    /// Whether a system has Imperial loyalty or a subjugation marker.
    pub fn is_imperial_system(&self, s: SystemId) -> bool {
        let st = self.sys(s);
        st.loyalty == Some(Faction::Empire) || st.subjugated
    }
    /// Whether a system has Rebel loyalty and no subjugation marker.
    pub fn is_rebel_system(&self, s: SystemId) -> bool {
        let st = self.sys(s);
        st.loyalty == Some(Faction::Rebel) && !st.subjugated
    }
    /// Whether the faction's build/deploy rules treat the system as theirs
    /// (loyal, or subjugated for the Empire).
    pub fn controls(&self, s: SystemId, f: Faction) -> bool {
        match f {
            Faction::Empire => self.is_imperial_system(s),
            Faction::Rebel => self.sys(s).loyalty == Some(Faction::Rebel),
        }
    }
    /// The place where "Rebel Base" space effects happen: the space while hidden, the base's
    /// system once revealed.
    pub fn base_place(&self) -> Place {
        match (self.base.revealed, self.base.system) {
            (true, Some(s)) => Place::System(s),
            _ => Place::BaseSpace,
        }
    }
    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }
    /// The combat being fought (the innermost, if combats nest).
    pub fn combat(&self) -> Option<&Combat> {
        self.stack.iter().rev().find_map(|f| if let Frame::Combat(c) = f { Some(&**c) } else { None })
    }
    /// The combat being fought, mutably (card effects change it while it waits below them).
    pub fn combat_mut(&mut self) -> Option<&mut Combat> {
        self.stack.iter_mut().rev().find_map(|f| if let Frame::Combat(c) = f { Some(&mut **c) } else { None })
    }
    /// The mission being resolved (the innermost).
    pub fn mission(&self) -> Option<&MissionRun> {
        self.stack.iter().rev().find_map(|f| if let Frame::Mission(m) = f { Some(&**m) } else { None })
    }
    /// The mission being resolved, mutably (card effects change it while it waits below them).
    pub fn mission_mut(&mut self) -> Option<&mut MissionRun> {
        self.stack
            .iter_mut()
            .rev()
            .find_map(|f| if let Frame::Mission(m) = f { Some(&mut **m) } else { None })
    }
}
