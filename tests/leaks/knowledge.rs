//! What each viewer may know about the cards, moment by moment: which cards lie where they
//! cannot see (the opponent's hand and facedown missions, every deck), and which of those they
//! have nevertheless seen before by the rules (a starting mission, a card played in the open
//! and shuffled back, a card shown to them by another card). The cards left over are the
//! canaries: they must not appear in anything sent to that viewer.

use holonet::content::{ActionCardId, AdvancedTacticId, ContentSet, Faction, MissionId, SystemId, catalog};
use holonet::engine::rebellion::Frame;
use holonet::engine::rebellion::cards::run::Pending;
use holonet::engine::rebellion::cards::{decks, placement};
use holonet::engine::rebellion::event::{Audience, Event, EventKind};
use holonet::engine::rebellion::state::State;

use super::cards::{Card, Cards, Secrets, Universe};

/// Who receives a payload.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Who {
    /// The channel (everyone).
    Public,
    /// One seat (its DMs and ephemeral answers).
    Seat(Faction),
}

impl Who {
    fn slot(self) -> usize {
        match self {
            Who::Public => 0,
            Who::Seat(Faction::Rebel) => 1,
            Who::Seat(Faction::Empire) => 2,
        }
    }
    /// The seat name the service uses, or `None` for the channel.
    pub fn seat(self) -> Option<&'static str> {
        match self {
            Who::Public => None,
            Who::Seat(Faction::Rebel) => Some("rebel"),
            Who::Seat(Faction::Empire) => Some("empire"),
        }
    }
    /// Every receiver.
    pub const ALL: [Who; 3] = [Who::Public, Who::Seat(Faction::Rebel), Who::Seat(Faction::Empire)];
}

impl std::fmt::Display for Who {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Who::Public => f.write_str("the channel"),
            Who::Seat(x) => write!(f, "the {x} seat"),
        }
    }
}

/// The cards each receiver has seen by the rules.
#[derive(Clone, Debug)]
pub struct Knowledge {
    seen: [Cards; 3],
    intel_read: [usize; 2],
    /// The match's seed in every form an export or the reveal writes it, and its salt: secret
    /// from everyone until the match ends (issue 22).
    pub sealed: Vec<String>,
}

fn card_of(u: &Universe, deck: &str, id: &str) -> Option<usize> {
    let c = catalog();
    // The same order as `event::card_name`: the deck the event names first.
    let by_deck = if deck.contains("probe") {
        return None;
    } else if deck.starts_with("advanced") {
        c.advanced_tactic_by_key(id).map(Card::Advanced)
    } else if deck.contains("tactic") {
        c.tactic_by_key(id).map(Card::Tactic)
    } else if deck.contains("objective") {
        c.objective_by_key(id).map(Card::Objective)
    } else if deck.contains("action") {
        ActionCardId::all().find(|a| a.key() == id).map(Card::Action)
    } else {
        c.mission_by_key(id).map(Card::Mission)
    };
    by_deck.map(|card| u.index(card)).or_else(|| u.by_key(id))
}

impl Knowledge {
    /// At the start of a match: everyone knows each side's starting missions (the rules deal
    /// them face up to their owner; which they are is printed on the cards).
    pub fn new(u: &Universe, s: &State) -> Self {
        let mut k = Knowledge { seen: [Cards::default(); 3], intel_read: [0; 2], sealed: vec![] };
        for m in MissionId::all() {
            if catalog().mission(m).starting {
                let i = u.index(Card::Mission(m));
                for slot in &mut k.seen {
                    slot.add(i);
                }
            }
        }
        k.observe_state(u, s);
        k
    }

    fn see(&mut self, who: Who, i: usize) {
        match who {
            Who::Public => {
                for slot in &mut self.seen {
                    slot.add(i);
                }
            }
            w => self.seen[w.slot()].add(i),
        }
    }

    /// Learns from the engine's events of one action (structured, with their audience).
    pub fn observe(&mut self, u: &Universe, events: &[Event]) {
        for e in events {
            let who = match e.audience {
                Audience::Public => Who::Public,
                Audience::Only(f) => Who::Seat(f),
            };
            match &e.kind {
                EventKind::MissionRevealed { mission, .. } | EventKind::MissionResult { mission, .. } => {
                    self.see(who, u.index(Card::Mission(*mission)))
                }
                EventKind::CardPlayed { deck, card, .. } => {
                    if let Some(i) = card_of(u, deck, card) {
                        self.see(who, i);
                    }
                }
                EventKind::CardsSeen { deck, cards } => {
                    for c in cards {
                        if let Some(i) = card_of(u, deck, c) {
                            self.see(who, i);
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// Learns what the state shows each seat: its own cards, the opponent's tactic cards while
    /// Good Intel shows them, and the cards its intel notes name.
    pub fn observe_state(&mut self, u: &Universe, s: &State) {
        // Cards that let their user look through a deck show it (the options name its cards):
        // a search for named missions shows which of them are there; Our Most Desperate Hour
        // ("take any card from your mission deck") shows the whole deck.
        if let Some(Frame::Card(run)) = s.stack.last() {
            let me = Who::Seat(run.faction);
            let deck = s.decks.missions.get(run.faction);
            match &run.pending {
                Some(Pending::Decks(decks::Pending::Search { cards })) => {
                    for &m in cards.iter().filter(|m| deck.contains(m)) {
                        self.see(me, u.index(Card::Mission(m)));
                    }
                }
                Some(Pending::Placement(placement::Pending::DeckCard { deck: which })) => {
                    let pile = match which {
                        placement::Deck::Missions => deck,
                        placement::Deck::Projects => &s.decks.projects,
                    };
                    for &m in pile {
                        self.see(me, u.index(Card::Mission(m)));
                    }
                }
                _ => {}
            }
        }
        for f in Faction::BOTH {
            let h = s.hands.get(f);
            let me = Who::Seat(f);
            for &m in &h.missions {
                self.see(me, u.index(Card::Mission(m)));
            }
            for &a in &h.actions {
                self.see(me, u.index(Card::Action(a)));
            }
            for &o in &h.objectives {
                self.see(me, u.index(Card::Objective(o)));
            }
            for &t in &h.tactics {
                self.see(me, u.index(Card::Tactic(t)));
                if shown(s, f) {
                    self.see(Who::Seat(f.opponent()), u.index(Card::Tactic(t)));
                }
            }
            for a in s.assignments.get(f) {
                self.see(me, u.index(Card::Mission(a.mission)));
            }
            let intel = s.intel.get(f);
            let slot = if f == Faction::Rebel { 0 } else { 1 };
            for note in &intel[self.intel_read[slot].min(intel.len())..] {
                for i in u.cards_named(&note.text).into_iter().chain(u.cards_named(&note.source)) {
                    self.see(me, i);
                }
            }
            self.intel_read[slot] = intel.len();
        }
    }

    /// The cards `who` may not know about now, hidden from them where they lie and never
    /// seen: all of them, and those in the opponent's hand or facedown missions.
    pub fn canaries(&self, u: &Universe, s: &State, who: Who) -> (Cards, Cards) {
        let mut held = Cards::default();
        for f in Faction::BOTH {
            if who == Who::Seat(f) {
                continue;
            }
            let h = s.hands.get(f);
            for &m in &h.missions {
                held.add(u.index(Card::Mission(m)));
            }
            for &a in &h.actions {
                held.add(u.index(Card::Action(a)));
            }
            for &o in &h.objectives {
                held.add(u.index(Card::Objective(o)));
            }
            if !(shown(s, f) && who == Who::Seat(f.opponent())) {
                for &t in &h.tactics {
                    held.add(u.index(Card::Tactic(t)));
                }
            }
            for a in s.assignments.get(f) {
                held.add(u.index(Card::Mission(a.mission)));
            }
        }
        let mut hidden = held;
        let d = &s.decks;
        for f in Faction::BOTH {
            for &m in d.missions.get(f) {
                hidden.add(u.index(Card::Mission(m)));
            }
            for &a in d.actions.get(f) {
                hidden.add(u.index(Card::Action(a)));
            }
        }
        for &m in &d.projects {
            hidden.add(u.index(Card::Mission(m)));
        }
        for &o in &d.objectives {
            hidden.add(u.index(Card::Objective(o)));
        }
        // Under cinematic combat (Rise of the Empire) the shared tactic decks lie unused: their
        // cards are no one's secret, and several advanced tactic cards share their names.
        // (What is secret there, a player's pick, is compared by twins in tests/rote_cinematic.rs;
        // the rest of an advanced deck follows from the public discard pile.)
        if !s.has_set(ContentSet::RiseOfTheEmpire) {
            for &t in d.space_tactics.iter().chain(&d.ground_tactics) {
                hidden.add(u.index(Card::Tactic(t)));
            }
            // And a base match has no advanced tactic card at all.
            for t in AdvancedTacticId::all() {
                hidden.add(u.index(Card::Advanced(t)));
            }
        }
        // Cards of a box the match does not use are nowhere to be seen: a name they share
        // with a card in play (Sabotage, Subversion) stands for that card.
        for m in MissionId::all().filter(|&m| !s.has_set(catalog().mission(m).set)) {
            hidden.add(u.index(Card::Mission(m)));
        }
        let mut seen = self.seen[who.slot()];
        seen = seen.union(self.seen[0]);
        (hidden.minus(seen), held.minus(seen))
    }

    /// Everything `who` must not be shown now: the canary cards, and the base's system while
    /// it is hidden from them.
    pub fn secrets(&self, u: &Universe, s: &State, who: Who) -> Secrets {
        let (cards, held) = self.canaries(u, s, who);
        Secrets { cards, held, base: hidden_base(s, who) }
    }
}

impl Knowledge {
    /// Whether `who` has seen a card (a twin only swaps cards its observers cannot know).
    pub fn has_seen(&self, who: Who, i: usize) -> bool {
        self.seen[who.slot()].has(i) || self.seen[0].has(i)
    }
}

/// The base's system, while it is hidden from `who`.
pub fn hidden_base(s: &State, who: Who) -> Option<SystemId> {
    if s.base.revealed || who == Who::Seat(Faction::Rebel) {
        return None;
    }
    s.base.system
}

/// Whether Good Intel shows `f`'s tactic cards to the opponent now.
fn shown(s: &State, f: Faction) -> bool {
    s.combat().is_some_and(|c| c.mods.tactics_shown.contains(&f))
}
