//! The cards that can be secret, numbered so a set of them is two `u128` words, and a scanner that
//! finds their names and ids (and the Rebel base's system) in outbound text.
//!
//! Names are matched as whole token sequences, case-sensitively and longest first among every
//! printed name of the catalog, so "Interrogation" is not found inside "Interrogation Droid"
//! and "Mon Calamari" (a system) is not "Support of Mon Calamari" (a mission). Ids are matched
//! as whole tokens; an id that is a plain word ("sabotage") only where ids appear as themselves:
//! command lines and whole string values of views and components.

use std::collections::{HashMap, HashSet};
use std::hash::BuildHasherDefault;

use holonet::content::{ActionCardId, AdvancedTacticId, MissionId, ObjectiveId, SystemId, TacticId, catalog};
use holonet::engine::rebellion::state::Ring;

/// A card by kind and id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Card {
    /// A mission (projects included).
    Mission(MissionId),
    /// An action card.
    Action(ActionCardId),
    /// An objective.
    Objective(ObjectiveId),
    /// A tactic card.
    Tactic(TacticId),
    /// An advanced tactic card (Rise of the Empire): secret only in a match without it, where
    /// it is nowhere (several share a printed name with base cards: "Target the Generator").
    Advanced(AdvancedTacticId),
}

impl Card {
    /// Its asset id.
    pub fn key(self) -> &'static str {
        match self {
            Card::Mission(x) => x.key(),
            Card::Action(x) => x.key(),
            Card::Objective(x) => x.key(),
            Card::Tactic(x) => x.key(),
            Card::Advanced(x) => x.key(),
        }
    }
    /// Its printed name.
    pub fn name(self) -> &'static str {
        match self {
            Card::Mission(x) => x.name(),
            Card::Action(x) => x.name(),
            Card::Objective(x) => x.name(),
            Card::Tactic(x) => x.name(),
            Card::Advanced(x) => x.name(),
        }
    }
}

/// A set of cards by number (two `u128` words: the base game's cards and an expansion's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cards(pub [u128; 2]);

impl Cards {
    /// Every card.
    pub const ALL: Cards = Cards([u128::MAX; 2]);
    /// Adds a card.
    pub fn add(&mut self, i: usize) {
        self.0[i / 128] |= 1 << (i % 128);
    }
    /// Takes a card out.
    pub fn remove(&mut self, i: usize) {
        self.0[i / 128] &= !(1 << (i % 128));
    }
    /// Whether a card is in.
    pub fn has(self, i: usize) -> bool {
        self.0[i / 128] >> (i % 128) & 1 == 1
    }
    /// The cards in either set.
    pub fn union(self, other: Cards) -> Cards {
        Cards([self.0[0] | other.0[0], self.0[1] | other.0[1]])
    }
    /// The cards of `self` not in `other`.
    pub fn minus(self, other: Cards) -> Cards {
        Cards([self.0[0] & !other.0[0], self.0[1] & !other.0[1]])
    }
    /// Whether empty.
    pub fn is_empty(self) -> bool {
        self.0 == [0, 0]
    }
}

/// What a printed name stands for.
#[derive(Clone, Debug)]
enum Target {
    /// Every card printed with this name (space and ground tactic cards share names).
    Cards(Vec<usize>),
    /// A system (for the base canary).
    System(SystemId),
    /// A leader, unit or ring: never secret, listed so longest-first matching sees them.
    Public,
}

struct Name {
    tokens: Vec<&'static str>,
    target: Target,
}

/// One secret found where it must not be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// What was found ("card Sabotage", "the base system Dantooine").
    pub what: String,
    /// The line or string it was found in.
    pub context: String,
    /// The cards it may be (several share a printed name); empty for the base.
    pub cards: Vec<usize>,
}

/// What a scan looks for: the cards this viewer may not know, and the base's system when it is
/// hidden from them.
#[derive(Clone, Copy, Debug)]
pub struct Secrets {
    /// Cards this viewer may not know about.
    pub cards: Cards,
    /// Those of them in the opponent's hand or facedown missions (the rest lie in decks).
    pub held: Cards,
    /// The hidden base's system, when this viewer may not know it.
    pub base: Option<SystemId>,
}

/// Every secret-capable card, and the catalog's names for matching.
pub struct Universe {
    /// Cards by number.
    pub cards: Vec<Card>,
    names: HashMap<&'static str, Vec<Name>>,
    ids: HashMap<&'static str, usize>,
    systems: HashMap<&'static str, SystemId>,
    /// Printed names of cards, for the allowed intel lines ("Interrogation: the Rebel base …").
    card_names: Vec<&'static str>,
    /// Every card's text from the catalog, longest first, and the shortened forms menus show.
    /// A card's text is public (anyone may look it up) and may name other cards ("take Seek
    /// Yoda"): it is taken out of a line before the scan, while the card it belongs to is still
    /// named beside it (a hand line, a menu label) and scanned there.
    texts: Vec<String>,
    briefs: HashSet<String>,
}

impl Card {
    /// The same card as the words of the game name it.
    fn card_name(self) -> holonet::engine::rebellion::choice::CardName {
        use holonet::engine::rebellion::choice::CardName;
        match self {
            Card::Mission(x) => CardName::Mission(x),
            Card::Action(x) => CardName::Action(x),
            Card::Objective(x) => CardName::Objective(x),
            Card::Tactic(x) => CardName::Tactic(x),
            Card::Advanced(x) => CardName::Advanced(x),
        }
    }
}

/// The word tokens of a text: runs of letters, digits and underscores, with their offsets.
pub fn tokens(text: &str) -> Vec<(usize, &str)> {
    let mut out = vec![];
    let mut start = None;
    for (i, c) in text.char_indices() {
        let word = c.is_alphanumeric() || c == '_';
        match (word, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((s, &text[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, &text[s..]));
    }
    out
}

fn words(name: &'static str) -> Vec<&'static str> {
    tokens(name).into_iter().map(|(_, t)| t).collect()
}

thread_local! {
    /// Token spans of the line being scanned (reused: scanning allocates nothing per line).
    static SPANS: std::cell::RefCell<Vec<(usize, usize)>> = const { std::cell::RefCell::new(Vec::new()) };
    /// Hashes of (line, secrets) already scanned clean.
    static CLEAN: std::cell::RefCell<HashSet<u64, BuildHasherDefault<Prehashed>>> =
        std::cell::RefCell::new(HashSet::default());
}

/// A hasher for keys that are hashes already.
#[derive(Default)]
struct Prehashed(u64);

impl std::hash::Hasher for Prehashed {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

const RINGS: [Ring; 6] =
    [Ring::Yoda, Ring::C3po, Ring::R2d2, Ring::MillenniumFalcon, Ring::Carbonite, Ring::LureOfTheDarkSide];

impl Universe {
    /// Builds the universe from the catalog.
    pub fn new() -> Self {
        let c = catalog();
        let mut cards: Vec<Card> = MissionId::all().map(Card::Mission).collect();
        cards.extend(ActionCardId::all().map(Card::Action));
        cards.extend(ObjectiveId::all().map(Card::Objective));
        cards.extend(TacticId::all().map(Card::Tactic));
        cards.extend(AdvancedTacticId::all().map(Card::Advanced));
        assert!(cards.len() <= 256, "a card set is two u128 words");
        let mut u = Universe {
            cards: cards.clone(),
            names: HashMap::new(),
            ids: HashMap::new(),
            systems: HashMap::new(),
            card_names: vec![],
            texts: vec![],
            briefs: HashSet::new(),
        };
        for &card in &cards {
            let text = holonet::games::rebellion::card_facts::card_text(card.card_name());
            if text.len() > 20 {
                u.texts.push(text);
            }
            u.briefs.insert(holonet::games::rebellion::words::card_brief(Some(card.card_name())));
        }
        u.texts.sort_by_key(|t| std::cmp::Reverse(t.len()));
        let mut by_name: HashMap<&'static str, Vec<usize>> = HashMap::new();
        for (i, card) in cards.iter().enumerate() {
            by_name.entry(card.name()).or_default().push(i);
            u.ids.insert(card.key(), i);
        }
        for (name, ids) in by_name {
            u.card_names.push(name);
            u.add(name, Target::Cards(ids));
        }
        for s in SystemId::all() {
            u.add(s.name(), Target::System(s));
            u.systems.insert(s.key(), s);
        }
        for l in holonet::content::LeaderId::all() {
            u.add(l.name(), Target::Public);
        }
        for x in holonet::content::UnitId::all() {
            u.add(x.name(), Target::Public);
            // Logs count units in the plural ("2 Assault Carriers"): not the Assault mission.
            u.add(Box::leak(format!("{}s", x.name()).into_boxed_str()), Target::Public);
        }
        for r in RINGS {
            u.add(r.name(), Target::Public);
        }
        for (i, &card) in u.cards.iter().enumerate() {
            assert_eq!(u.index(card), i, "cards are numbered kind after kind");
        }
        let _ = c;
        u
    }

    fn add(&mut self, name: &'static str, target: Target) {
        let tokens = words(name);
        let Some(first) = tokens.first().copied() else { return };
        let list = self.names.entry(first).or_default();
        // A card's name that is also a ring's ("Lure of the Dark Side") stays a card name: the
        // ring only exists once the card was played in the open.
        if let Some(same) = list.iter_mut().find(|n| n.tokens == tokens) {
            if matches!(same.target, Target::Public) {
                same.target = target;
            }
            return;
        }
        list.push(Name { tokens, target });
        list.sort_by_key(|n| std::cmp::Reverse(n.tokens.len()));
    }

    /// The number of a card: cards are numbered kind after kind, in catalog order.
    pub fn index(&self, card: Card) -> usize {
        let c = catalog();
        let (m, a, o) = (c.missions.len(), c.action_cards.len(), c.objectives.len());
        match card {
            Card::Mission(x) => x.0 as usize,
            Card::Action(x) => m + x.0 as usize,
            Card::Objective(x) => m + a + x.0 as usize,
            Card::Tactic(x) => m + a + o + x.0 as usize,
            Card::Advanced(x) => m + a + o + c.tactics.len() + x.0 as usize,
        }
    }

    /// The card with an asset id.
    pub fn by_key(&self, key: &str) -> Option<usize> {
        self.ids.get(key).copied()
    }

    /// Scans a text meant for one viewer, line by line.
    pub fn scan_text(&self, text: &str, secrets: Secrets, out: &mut Vec<Finding>) {
        for line in text.lines() {
            self.scan_line(line, secrets, out);
        }
    }

    /// Scans one line (or one string of a structure).
    pub fn scan_line(&self, line: &str, secrets: Secrets, out: &mut Vec<Finding>) {
        if secrets.cards.is_empty() && secrets.base.is_none() {
            return;
        }
        // Most lines repeat from one action to the next (option labels, unchanged views): a
        // line found clean with the same secrets is clean again.
        let key = {
            use std::hash::{Hash, Hasher};
            let mut h = std::hash::DefaultHasher::new();
            line.hash(&mut h);
            secrets.cards.0.hash(&mut h);
            secrets.base.map(|b| b.0).hash(&mut h);
            h.finish()
        };
        if CLEAN.with_borrow(|c| c.contains(&key)) {
            return;
        }
        let before = out.len();
        let mut plain = std::borrow::Cow::Borrowed(line);
        for t in self.texts.iter().filter(|t| line.contains(t.as_str())) {
            plain = std::borrow::Cow::Owned(plain.replace(t.as_str(), " "));
        }
        let line = plain.as_ref();
        SPANS.with_borrow_mut(|spans| self.scan_spans(line, spans, secrets, out));
        if out.len() == before {
            CLEAN.with_borrow_mut(|c| {
                if c.len() > 1 << 20 {
                    c.clear();
                }
                c.insert(key);
            });
        }
    }

    fn scan_spans(
        &self,
        line: &str,
        spans: &mut Vec<(usize, usize)>,
        secrets: Secrets,
        out: &mut Vec<Finding>,
    ) {
        spans.clear();
        let mut start = None;
        for (i, c) in line.char_indices() {
            match (c.is_alphanumeric() || c == '_', start) {
                (true, None) => start = Some(i),
                (false, Some(s)) => {
                    spans.push((s, i));
                    start = None;
                }
                _ => {}
            }
        }
        if let Some(s) = start {
            spans.push((s, line.len()));
        }
        let toks = &*spans;
        let tok = |i: usize| &line[toks[i].0..toks[i].1];
        let mut base_word = false;
        let mut base_named = false;
        let mut i = 0;
        while i < toks.len() {
            let t = tok(i);
            if t.contains('_') {
                if let Some(&c) = self.ids.get(t)
                    && secrets.cards.has(c)
                {
                    out.push(Finding {
                        what: format!("card id {t}"),
                        context: line.to_string(),
                        cards: vec![c],
                    });
                }
                if secrets.base.is_some() && self.systems.get(t) == secrets.base.as_ref() {
                    base_named = true;
                }
            } else if secrets.base.is_some_and(|b| b.key() == t) {
                base_named = true;
            }
            let matched = self.names.get(t).and_then(|list| {
                list.iter().find(|n| {
                    n.tokens.len() <= toks.len() - i
                        && n.tokens.iter().enumerate().all(|(k, a)| *a == tok(i + k))
                })
            });
            match matched {
                Some(n) => {
                    match &n.target {
                        Target::Cards(ids) if ids.iter().all(|&c| secrets.cards.has(c)) => {
                            out.push(Finding {
                                what: format!("card {}", n.tokens.join(" ")),
                                context: line.to_string(),
                                cards: ids.clone(),
                            });
                        }
                        Target::System(x) if Some(*x) == secrets.base => base_named = true,
                        _ => {}
                    }
                    i += n.tokens.len();
                }
                None => {
                    // "base", but not in "Rebel Base space" nor inside a name ("Base Defenses").
                    if t.eq_ignore_ascii_case("base")
                        && !(i + 1 < toks.len() && tok(i + 1).eq_ignore_ascii_case("space"))
                    {
                        base_word = true;
                    }
                    i += 1;
                }
            }
        }
        if base_word && base_named && !self.intel_line(line) {
            let b = secrets.base.expect("named");
            out.push(Finding {
                what: format!("the hidden base's system {}", b.name()),
                context: line.to_string(),
                cards: vec![],
            });
        }
    }

    /// Whether a line is the public answer of a card that asks about the base ("Interrogation:
    /// the Rebel base is not in Tatooine", "…: the Rebel base is in one of A, B, C"): those
    /// cards exist to make the Rebels say it. A list's bullet before the card's name is allowed.
    fn intel_line(&self, line: &str) -> bool {
        line.split_once(": the Rebel base is ").is_some_and(|(card, _)| {
            self.card_names.contains(&card.trim_start_matches(|c: char| !c.is_alphanumeric()))
        })
    }

    /// Every card a text names (by printed name or id), for intel notes a seat may read.
    pub fn cards_named(&self, text: &str) -> Vec<usize> {
        let mut found = vec![];
        self.scan_line(text, Secrets { cards: Cards::ALL, held: Cards::ALL, base: None }, &mut found);
        found.into_iter().flat_map(|f| f.cards).collect()
    }

    /// Scans a command line meant for one viewer: every word is an id.
    pub fn scan_command(&self, line: &str, secrets: Secrets, out: &mut Vec<Finding>) {
        for word in line.split_whitespace() {
            if let Some(&c) = self.ids.get(word)
                && secrets.cards.has(c)
            {
                out.push(Finding {
                    what: format!("card id {word}"),
                    context: line.to_string(),
                    cards: vec![c],
                });
            }
        }
        self.scan_line(line, Secrets { base: None, ..secrets }, out);
    }

    /// Scans one string of a structure (view, components): a whole value may be an id.
    pub fn scan_string(&self, s: &str, role: super::strings::Role, secrets: Secrets, out: &mut Vec<Finding>) {
        let plain = s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
        if let Some(&c) = self.ids.get(s)
            && secrets.cards.has(c)
            && (role == super::strings::Role::Value || s.contains('_'))
        {
            out.push(Finding { what: format!("card id {s}"), context: s.to_string(), cards: vec![c] });
        }
        // Most strings of a view are one id (a system, a unit): nothing more to find in them. A
        // menu entry's description that is a card's (shortened) text is the catalog's.
        if !plain && !self.briefs.contains(s) {
            self.scan_line(s, secrets, out);
        }
    }
}
