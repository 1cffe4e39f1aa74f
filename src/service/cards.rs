//! The card lookup: every card of a channel's game by name, answered with its sheet in words
//! and a picture of its face. It reads the catalogs only — of a channel's match it reads which
//! game and which options it has, nothing more — so the answer for a card is the same whoever
//! holds it, and asking gives nothing away.

use std::collections::{BTreeMap, BTreeSet};

use crate::content::{CardSheet, distance, echo, normalise};
use crate::games::game::Game;

use super::{Service, options_of};

/// The most names an autocomplete list offers (Discord's limit).
pub const MAX_SUGGESTIONS: usize = 25;
/// The longest name an autocomplete choice may have (Discord's limit).
pub const MAX_LABEL: usize = 100;
/// How many close names an unknown or ambiguous name's error lists.
const CLOSE: usize = 6;

/// One card of a book: the name it is looked up by and its sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardEntry {
    /// Its name, with as many qualifiers as tell it from another card of the same name
    /// ("Critical Hit (space tactic)"); unique in its book, at most [`MAX_LABEL`] characters.
    pub label: String,
    /// What the card is.
    pub sheet: CardSheet,
}

/// The cards a lookup searches: a game's, for one match's options or for every box.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CardBook {
    entries: Vec<CardEntry>,
}

/// Why a name found no single card.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CardError {
    /// No card has the name.
    #[error("no card is called `{name}`{}", close_names(.close))]
    Unknown {
        /// The name as typed (shortened, see [`echo`]).
        name: String,
        /// The closest names, best first.
        close: Vec<String>,
    },
    /// Several cards have the name.
    #[error("`{name}` could be several cards: {}; pick one of those names", .matches.join(", "))]
    Ambiguous {
        /// The name as typed (shortened).
        name: String,
        /// Some of the cards it could be.
        matches: Vec<String>,
    },
}

fn close_names(close: &[String]) -> String {
    if close.is_empty() { String::new() } else { format!("; did you mean {}?", close.join(", ")) }
}

/// The label of every sheet: its name alone where no other card of the book has it, else the
/// name and the fewest of its qualifiers that tell the cards of that name apart (picked by
/// position, the one that separates most first; the asset id when nothing does).
fn labels(sheets: &[CardSheet]) -> Vec<String> {
    let mut groups: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, s) in sheets.iter().enumerate() {
        groups.entry(normalise(&s.name)).or_default().push(i);
    }
    let mut out: Vec<String> = sheets.iter().map(|s| s.name.clone()).collect();
    for group in groups.values().filter(|g| g.len() > 1) {
        let qualifier = |i: usize, p: usize| sheets[i].qualifiers.get(p).cloned().unwrap_or_default();
        let tuple = |i: usize, chosen: &[usize]| chosen.iter().map(|&p| qualifier(i, p)).collect::<Vec<_>>();
        let distinct =
            |chosen: &[usize]| group.iter().map(|&i| tuple(i, chosen)).collect::<BTreeSet<_>>().len();
        let width = group.iter().map(|&i| sheets[i].qualifiers.len()).max().unwrap_or(0);
        let mut chosen: Vec<usize> = vec![];
        while distinct(&chosen) < group.len() {
            let best = (0..width)
                .filter(|p| !chosen.contains(p))
                .map(|p| (distinct(&[chosen.clone(), vec![p]].concat()), std::cmp::Reverse(p)))
                .max();
            match best {
                Some((n, std::cmp::Reverse(p))) if n > distinct(&chosen) => chosen.push(p),
                _ => break,
            }
        }
        chosen.sort_unstable();
        let separated = distinct(&chosen) == group.len();
        for &i in group {
            let mut words: Vec<String> = tuple(i, &chosen).into_iter().filter(|w| !w.is_empty()).collect();
            if !separated {
                words.push(sheets[i].id.clone());
            }
            if !words.is_empty() {
                out[i] = format!("{} ({})", sheets[i].name, words.join(", "));
            }
        }
    }
    out.into_iter().map(|l| shorten(&l)).collect()
}

/// A label cut to [`MAX_LABEL`] characters.
fn shorten(s: &str) -> String {
    if s.chars().count() <= MAX_LABEL {
        return s.to_string();
    }
    let mut out: String = s.chars().take(MAX_LABEL - 1).collect();
    out.push('…');
    out
}

impl CardBook {
    /// A book of sheets, labelled so that every card has a name of its own.
    pub fn new(sheets: Vec<CardSheet>) -> CardBook {
        let labels = labels(&sheets);
        CardBook {
            entries: labels
                .into_iter()
                .zip(sheets)
                .map(|(label, sheet)| CardEntry { label, sheet })
                .collect(),
        }
    }

    /// The cards of a game: those a match with `options` plays with, or (`None`) every card of
    /// every box.
    pub fn of<G: Game>(options: Option<&G::Options>) -> CardBook {
        CardBook::new(G::card_sheets(options))
    }

    /// Several books as one (the cards of every game, for a channel without a match), labelled
    /// again over all of them.
    pub fn join(books: impl IntoIterator<Item = CardBook>) -> CardBook {
        CardBook::new(books.into_iter().flat_map(|b| b.entries.into_iter().map(|e| e.sheet)).collect())
    }

    /// Every card, in the order the games list them.
    pub fn entries(&self) -> &[CardEntry] {
        &self.entries
    }

    /// The card a name stands for: the card whose label it is, else the one card with that
    /// printed name or asset id, else the one card whose name starts with it, else
    /// the one whose name contains it; case and punctuation do not count. Several cards, or
    /// none, give an error listing a few names.
    pub fn find(&self, name: &str) -> Result<&CardEntry, CardError> {
        let wanted = normalise(name);
        let all: Vec<&CardEntry> = self.entries.iter().collect();
        let steps: [&dyn Fn(&CardEntry) -> bool; 4] = [
            &|e| normalise(&e.label) == wanted,
            &|e| normalise(&e.sheet.name) == wanted || e.sheet.id == wanted,
            &|e| normalise(&e.label).starts_with(&wanted),
            &|e| normalise(&e.label).contains(&wanted),
        ];
        if !wanted.is_empty() {
            for step in steps {
                match all.iter().copied().filter(|e| step(e)).collect::<Vec<_>>()[..] {
                    [] => continue,
                    [one] => return Ok(one),
                    ref many => {
                        return Err(CardError::Ambiguous {
                            name: echo(name),
                            matches: many.iter().take(CLOSE).map(|e| e.label.clone()).collect(),
                        });
                    }
                }
            }
        }
        let mut scored: Vec<(usize, &str)> =
            all.iter().map(|e| (distance(&wanted, &normalise(&e.label)), e.label.as_str())).collect();
        scored.sort();
        Err(CardError::Unknown {
            name: echo(name),
            close: scored.into_iter().take(CLOSE.min(3)).map(|(_, l)| l.to_string()).collect(),
        })
    }

    /// The names an autocomplete list offers for what is typed so far: those starting with it,
    /// then those containing it, at most [`MAX_SUGGESTIONS`], each at most [`MAX_LABEL`]
    /// characters.
    pub fn suggest(&self, typed: &str) -> Vec<String> {
        let wanted = normalise(typed);
        let starts = self.entries.iter().filter(|e| normalise(&e.label).starts_with(&wanted));
        let contains = self.entries.iter().filter(|e| {
            let l = normalise(&e.label);
            !l.starts_with(&wanted) && (l.contains(&wanted) || e.sheet.id.contains(&wanted))
        });
        starts.chain(contains).map(|e| e.label.clone()).take(MAX_SUGGESTIONS).collect()
    }
}

/// A card's sheet in words, one fact a line after its name: kind and box, icons, requirement,
/// text, deck and copies, and the reading Holonet follows.
pub fn sheet_lines(entry: &CardEntry) -> Vec<String> {
    let s = &entry.sheet;
    let mut lines = vec![format!("{} · {}", s.kind, s.set.name())];
    if !s.icons.is_empty() {
        lines.push(format!("Icons: {}", s.icons.join(" · ")));
    }
    if !s.requirement.is_empty() {
        lines.push(format!("Use: {}", s.requirement));
    }
    lines.push(format!("Text: {}", if s.text.is_empty() { "none (no effect)" } else { &s.text }));
    let copies = if s.copies == 1 { "1 copy".to_string() } else { format!("{} copies", s.copies) };
    lines.push(format!("Kept in {} · {copies} in the box", s.deck));
    if let Some(r) = &s.ruling {
        lines.push(format!("Holonet's reading: {r}"));
    }
    lines
}

/// The answer to a lookup: the card's name, its sheet in words and, when asked for, its face.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardAnswer {
    /// The card's name in the book (its label).
    pub name: String,
    /// The sheet, one fact a line (see [`sheet_lines`]).
    pub lines: Vec<String>,
    /// The card face as PNG bytes.
    pub png: Option<Vec<u8>>,
    /// A file name for the picture (`card-build_alliance.png`).
    pub file_name: String,
}

impl CardAnswer {
    /// The answer as plain text: the name, then the sheet.
    pub fn plain(&self) -> Vec<String> {
        std::iter::once(self.name.clone()).chain(self.lines.iter().cloned()).collect()
    }
    /// The answer as a Discord message: the name in bold, then the sheet.
    pub fn markdown(&self) -> String {
        format!("**{}**\n{}", self.name, self.lines.join("\n"))
    }
}

/// Looks a card up by name in a book: its sheet in words and, with `picture`, its face drawn
/// (slow, a few milliseconds: call it off the async runtime).
pub fn lookup(book: &CardBook, name: &str, picture: bool) -> Result<CardAnswer, CardError> {
    let entry = book.find(name)?;
    Ok(CardAnswer {
        name: entry.label.clone(),
        lines: sheet_lines(entry),
        png: picture.then(|| crate::render::card::render_png(&entry.sheet)),
        file_name: format!("card-{}.png", entry.sheet.id),
    })
}

impl<G: Game> Service<G> {
    /// The cards of this game a channel's lookup searches: those its match (in any state) plays
    /// with, else every card of every box. Reads the match's options only.
    pub fn card_book(&self, channel: u64) -> CardBook {
        let m = self.matches.lock().expect("lock").get(&channel.to_string()).cloned();
        let options = m.map(|m| options_of::<G>(&m.lock().expect("match lock").meta));
        CardBook::of::<G>(options.as_ref())
    }
}
