//! Playing as the players do: setting matches up, legal moves, command lines (arbitrary and
//! near-valid), option answers with right and wrong prompt keys, and numbered choices.

use super::{Fuzz, MAX_MOVES, MODERATOR, Violation, done};
use crate::engine::rebellion::{Action, MatchOptions};
use crate::engine::rng::GameRng;
use crate::service::{Answer, Caller, PromptKey, PromptPost};

impl Fuzz<'_> {
    /// Creates, fills and starts a match (usually by the book, so that most scripts play).
    pub(super) fn setup(&mut self) -> Result<(), Violation> {
        let ch = self.channel();
        let b = self.bytes.u8();
        let seed = self.bytes.u8() as u64;
        // Mostly quick setup: the placement decisions of a full setup are the slowest to list.
        let options = MatchOptions { quick_setup: b & 3 != 0, ..Default::default() };
        let (rebel, empire) = match b >> 5 {
            0 if self.hot_seat => (1, 1),
            1 => (3, 2),
            2 => (MODERATOR, 1),
            _ => (1, 2),
        };
        let creator = Caller { user: rebel, moderator: rebel == MODERATOR };
        self.checked(ch, "create", |s| done(s.create(ch, Some(7), creator, options, Some(seed))))?;
        let as_user = |user| Caller { user, moderator: user == MODERATOR };
        self.checked(ch, "join", |s| done(s.join(ch, as_user(rebel), Some("rebel"))))?;
        self.checked(ch, "join", |s| done(s.join(ch, as_user(empire), None)))?;
        self.checked(ch, "start", |s| done(s.start(ch, as_user(empire))))?;
        Ok(())
    }

    /// Plays up to a few dozen legal moves (random options of the pending prompts).
    pub(super) fn play(&mut self) -> Result<(), Violation> {
        let ch = self.channel();
        let n = 1 + self.bytes.u8() as usize % 8;
        let mut rng = GameRng::from_seed(self.bytes.u16() as u64);
        let reveal = Action::RevealBase.command();
        for _ in 0..n {
            if self.summary.moves >= MAX_MOVES {
                break;
            }
            let Some(p) = self.pending(ch) else { break };
            let Some(caller) = Self::decider(&p) else { break };
            let mut index = rng.below(p.options.len());
            // Revealing the base voluntarily is rare, as in `sim::random_answer`.
            if p.options[index] == reveal && p.options.len() > 1 && rng.below(64) != 0 {
                index = (index + 1) % p.options.len();
            }
            let key = p.key();
            self.summary.moves += 1;
            if !self.checked(ch, "legal move", |s| done(s.act(ch, caller, Answer::Option { key, index })))? {
                break;
            }
        }
        Ok(())
    }

    /// A command line of arbitrary text, from the decider or anyone.
    pub(super) fn command_text(&mut self) -> Result<(), Violation> {
        let ch = self.channel();
        let caller = self.answerer(ch);
        let text = self.bytes.text(80);
        self.checked(ch, "command", |s| done(s.act(ch, caller, Answer::Command(text)))).map(drop)
    }

    /// Usually the pending prompt's decider, else any caller.
    pub(super) fn answerer(&mut self, ch: u64) -> Caller {
        let b = self.bytes.u8();
        match self.pending(ch).and_then(|p| Self::decider(&p)) {
            Some(c) if !b.is_multiple_of(4) => c,
            _ => self.caller(),
        }
    }

    /// A command line built from a real option, then changed a little.
    pub(super) fn near_command(&mut self) -> Result<(), Violation> {
        let ch = self.channel();
        let Some(p) = self.pending(ch) else { return self.command_text() };
        let caller = self.answerer(ch);
        let line = self.bytes.pick(&p.options).cloned().unwrap_or_default();
        let other = self.bytes.pick(&p.options).cloned().unwrap_or_default();
        let mut words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        let others: Vec<String> = other.split_whitespace().map(str::to_string).collect();
        for _ in 0..1 + self.bytes.u8() % 3 {
            let at = self.bytes.below(words.len() + 1);
            match self.bytes.u8() % 9 {
                0 if at < words.len() => drop(words.remove(at)),
                1 if at < words.len() => words.insert(at, words[at].clone()),
                2 if words.len() > 1 => {
                    let (j, last) = (self.bytes.below(words.len()), words.len() - 1);
                    words.swap(at.min(last), j);
                }
                3 => {
                    if let Some(w) = self.bytes.pick(&others).cloned() {
                        words.insert(at, w);
                    }
                }
                4 => words.insert(at, self.bytes.number().to_string()),
                5 => words.insert(
                    at,
                    ["-1", "0", "256", "999999999999999999999", "½", "é"][self.bytes.below(6)].into(),
                ),
                6 if at < words.len() => words[at] = words[at].to_uppercase(),
                7 if at < words.len() => {
                    let w = &words[at];
                    let cut =
                        w.char_indices().map(|(i, _)| i).nth(self.bytes.below(w.chars().count().max(1)));
                    words[at] = w[..cut.unwrap_or(0)].to_string();
                }
                _ => words.insert(at, self.bytes.text(12)),
            }
        }
        let text = words.join(if self.bytes.u8() & 1 == 1 { " " } else { "  \t" });
        self.checked(ch, "near command", |s| done(s.act(ch, caller, Answer::Command(text)))).map(drop)
    }

    /// A key: the pending prompt's, an older one, or a changed one.
    fn key(&mut self, p: Option<&PromptPost>) -> PromptKey {
        let base = match p {
            Some(p) if !self.bytes.u8().is_multiple_of(4) => p.key(),
            _ => match self.bytes.pick(&self.keys).cloned() {
                Some(k) => k,
                None => PromptKey { nonce: "0000000000".into(), version: 0, fingerprint: "00000000".into() },
            },
        };
        let mut key = base;
        match self.bytes.u8() % 8 {
            0 => key.version = key.version.wrapping_add(1),
            1 => key.version = key.version.wrapping_sub(1),
            2 => key.fingerprint = self.bytes.text(10),
            3 => key.nonce = self.bytes.text(12),
            4 => key.version = self.bytes.number(),
            _ => {}
        }
        key
    }

    /// An option answer: the right or a wrong key, an index in or out of range.
    pub(super) fn option_answer(&mut self) -> Result<(), Violation> {
        let ch = self.channel();
        let p = self.pending(ch);
        let caller = self.answerer(ch);
        let key = self.key(p.as_ref());
        let len = p.as_ref().map_or(0, |p| p.options.len());
        let index = match self.bytes.u8() % 6 {
            0 => len,
            1 => usize::MAX,
            2 => len + self.bytes.u8() as usize,
            3 => self.bytes.number() as usize,
            _ => self.bytes.below(len.max(1)),
        };
        self.checked(ch, "option", |s| done(s.act(ch, caller, Answer::Option { key, index }))).map(drop)
    }

    /// A numbered choice, often right after the options were shown.
    pub(super) fn numbered(&mut self) -> Result<(), Violation> {
        let ch = self.channel();
        let caller = self.answerer(ch);
        if self.bytes.u8() & 1 == 1 {
            self.checked(ch, "show", |s| done(s.show(ch, caller.user)))?;
        }
        let len = self.pending(ch).map_or(0, |p| p.options.len());
        let n = match self.bytes.u8() % 5 {
            0 => 0,
            1 => len + 1,
            2 => self.bytes.number() as usize,
            _ => 1 + self.bytes.below(len.max(1)),
        };
        self.checked(ch, "numbered", |s| done(s.act(ch, caller, Answer::Numbered(n)))).map(drop)
    }
}
