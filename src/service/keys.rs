//! Which prompt an answer refers to. Versions repeat after a rollback and in a new match in the
//! same channel, so a prompt is named by the match's nonce, the version and a fingerprint of
//! its options; an answer naming another prompt is refused instead of applying whatever option
//! now has its number.

use super::PromptPost;
use crate::games::game::{Game, GamePrompt};
use crate::store::{MatchMeta, PromptKey};
use crate::trust::hash::{base36, fnv1a};

/// The digits of a prompt fingerprint (base36).
pub const FINGERPRINT_LEN: usize = 8;

/// A short stable hash of a prompt: its seat, kind, options (as command lines) and context.
/// It is computed from the decider's private options, so only the decider may see it.
pub fn fingerprint<G: Game>(p: &GamePrompt<G::Action>) -> String {
    let options: Vec<String> = p.options.iter().map(G::action_text).collect();
    fingerprint_of(p, &options)
}

/// The fingerprint of a prompt whose options are already written as command lines.
fn fingerprint_of<A>(p: &GamePrompt<A>, options: &[String]) -> String {
    let mut parts: Vec<&str> = vec![&p.seat, &p.kind];
    // The counts keep options and context apart (a line could move from one list to the other).
    let counts = format!("{}:{}", options.len(), p.context.len());
    parts.push(&counts);
    parts.extend(options.iter().map(String::as_str));
    parts.extend(p.context.iter().map(String::as_str));
    base36(fnv1a(&parts), FINGERPRINT_LEN)
}

/// The key naming a match's pending prompt (what an answer must carry to be taken).
pub fn prompt_key<G: Game>(meta: &MatchMeta, state: &G::State, prompt: &GamePrompt<G::Action>) -> PromptKey {
    PromptKey { nonce: meta.nonce.clone(), version: G::version(state), fingerprint: fingerprint::<G>(prompt) }
}

/// The pending prompt of a started match, addressed to its seat's user.
pub fn prompt_post_of<G: Game>(meta: &MatchMeta, state: &G::State) -> Option<PromptPost> {
    let p = G::prompt(state)?;
    // A person asked with a computer teammate leads the post: the computer answers on its own.
    // (The fingerprint stays the prompt's own, which answers are checked against.)
    let (lead, others) = led_by_person(meta, &p);
    // Written once: the fingerprint and the post both use the command lines.
    let options: Vec<String> = p.options.iter().map(G::action_text).collect();
    Some(PromptPost {
        match_id: meta.id.clone(),
        nonce: meta.nonce.clone(),
        user: meta.seats.get(&lead).copied(),
        version: G::version(state),
        fingerprint: fingerprint_of(&p, &options),
        texts: G::option_texts(state, &p),
        only: {
            let only = G::option_seats(state, &p);
            if only.iter().all(Option::is_none) { vec![] } else { only }
        },
        why: G::prompt_why(state, &p),
        public: G::options_public(state, &p),
        also: others.iter().map(|s| (s.clone(), meta.seats.get(s).copied())).collect(),
        computer: meta.computer.contains_key(&lead),
        computer_seats: meta.computer.keys().cloned().collect(),
        commitment: meta.commitment.clone(),
        announce: None,
        away: vec![],
        seat: lead,
        kind: p.kind,
        options,
        context: p.context,
    })
}

/// The seats a prompt is put to, the first a person's where one is asked: when the seat asked
/// is the computer's and a person teammate may answer too (the team game), the person leads
/// the prompt's post (mentioned, with the options) and the computer's seat follows.
pub fn led_by_person<A>(meta: &MatchMeta, p: &GamePrompt<A>) -> (String, Vec<String>) {
    let mut seats: Vec<String> = std::iter::once(&p.seat).chain(&p.also).cloned().collect();
    if meta.computer.contains_key(&p.seat)
        && let Some(i) = seats.iter().position(|s| meta.seats.contains_key(s))
    {
        let person = seats.remove(i);
        seats.insert(0, person);
    }
    let lead = seats.remove(0);
    (lead, seats)
}

/// Records that `user` is being shown the prompt's numbered options, if they decide it (front
/// ends show a decider the options with the answer). Returns whether `meta` changed.
pub fn note_shown(meta: &mut MatchMeta, prompt: Option<&PromptPost>, user: u64) -> bool {
    let Some(p) = prompt.filter(|p| p.may_answer(user)) else { return false };
    let key = p.key();
    if meta.shown.get(&p.seat) == Some(&key) {
        return false;
    }
    meta.shown.insert(p.seat.clone(), key);
    true
}

impl PromptPost {
    /// Whether a user may answer this prompt: its decider, or a teammate who may answer too.
    pub fn may_answer(&self, user: u64) -> bool {
        self.user == Some(user) || self.also.iter().any(|(_, u)| *u == Some(user))
    }

    /// The seats a user answers this prompt as: the decider's and the teammates' they hold, and
    /// then those of a computer teammate asked with them (they answer for it too).
    pub fn seats_of(&self, user: u64) -> Vec<&str> {
        let decider = (self.user == Some(user)).then_some(self.seat.as_str());
        let mut seats: Vec<&str> = decider
            .into_iter()
            .chain(self.also.iter().filter(|(_, u)| *u == Some(user)).map(|(s, _)| s.as_str()))
            .collect();
        if !seats.is_empty() {
            let asked = std::iter::once(self.seat.as_str()).chain(self.also.iter().map(|(s, _)| s.as_str()));
            seats.extend(asked.filter(|s| self.computer_seats.iter().any(|c| c == s)));
        }
        seats
    }

    /// Whether `user` may take option `index`: they answer the prompt, and the option is theirs
    /// or either player's (`only`). A public prompt's options are one set of buttons for all
    /// who answer it (the rules then refuse a teammate's option with their reason).
    pub fn may_take(&self, user: u64, index: usize) -> bool {
        let seats = self.seats_of(user);
        index < self.options.len()
            && !seats.is_empty()
            && match self.only.get(index) {
                Some(Some(seat)) if !self.public => seats.contains(&seat.as_str()),
                _ => true,
            }
    }

    /// The positions of the options `user` may take, in order.
    pub fn options_for(&self, user: u64) -> Vec<usize> {
        (0..self.options.len()).filter(|&i| self.may_take(user, i)).collect()
    }

    /// The menu node at `path` of the options `user` may take (`menu::node_among`).
    pub fn menu(&self, user: u64, path: &[usize]) -> Option<super::menu::Node> {
        super::menu::node_among(&self.texts, self.options_for(user), path)
    }

    /// Whether the computer plays a seat this prompt is put to: the decider's, or (in the team
    /// game) a teammate's asked with it.
    pub fn computer_asked(&self) -> bool {
        std::iter::once(&self.seat)
            .chain(self.also.iter().map(|(s, _)| s))
            .any(|s| self.computer_seats.contains(s))
    }

    /// Every user who may answer, the decider first.
    pub fn deciders(&self) -> Vec<u64> {
        self.user.into_iter().chain(self.also.iter().filter_map(|(_, u)| *u)).collect()
    }

    /// The key that names this prompt (what option menus carry).
    pub fn key(&self) -> PromptKey {
        PromptKey { nonce: self.nonce.clone(), version: self.version, fingerprint: self.fingerprint.clone() }
    }

    /// A short hash of the seat, kind and options, without the private context: what the
    /// buttons of a public prompt (whose options everyone may see) carry in the channel, so a
    /// click after a rollback to the same version with other options is refused.
    pub fn public_fingerprint(&self) -> String {
        let counts = self.options.len().to_string();
        let mut parts: Vec<&str> = vec![&self.seat, &self.kind, &counts];
        parts.extend(self.options.iter().map(String::as_str));
        base36(fnv1a(&parts), FINGERPRINT_LEN)
    }
}
