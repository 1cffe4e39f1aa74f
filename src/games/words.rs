//! Labels in words shared by every game's adapter: options read in printed names, fitted to
//! the length a Discord menu allows without losing the start of any name.

use crate::content::Faction;
use crate::games::game::MAX_DESCRIPTION;

/// The longest label (Discord's limit on a menu option's label).
pub const MAX_LABEL: usize = 100;

/// A piece of a label: fixed words, or a name that may be shortened when the label is too long.
pub enum Part {
    /// Words kept whole.
    Words(String),
    /// A name, shortened first when the label is too long.
    Name(String),
}

/// Fixed words.
pub fn w(s: impl Into<String>) -> Part {
    Part::Words(s.into())
}

/// A name that may be shortened.
pub fn n(s: impl Into<String>) -> Part {
    Part::Name(s.into())
}

/// Joins parts into a label of at most `max` characters: the longest names are shortened
/// first, each keeping its start ("Cato Neimo…"), so every part stays recognisable.
pub fn fit(mut parts: Vec<Part>, max: usize) -> String {
    let len = |parts: &[Part]| -> usize {
        parts
            .iter()
            .map(|p| match p {
                Part::Words(s) | Part::Name(s) => s.chars().count(),
            })
            .sum()
    };
    while len(&parts) > max {
        let excess = len(&parts) - max;
        let longest = parts
            .iter_mut()
            .filter_map(|p| match p {
                Part::Name(s) if s.chars().count() > 6 => Some(s),
                _ => None,
            })
            .max_by_key(|s| s.chars().count());
        let Some(name) = longest else { break };
        let keep = name.chars().count().saturating_sub(excess + 1).max(5);
        *name = format!("{}…", name.chars().take(keep).collect::<String>().trim_end());
    }
    let text: String = parts
        .into_iter()
        .map(|p| match p {
            Part::Words(s) | Part::Name(s) => s,
        })
        .collect();
    if text.chars().count() <= max {
        text
    } else {
        let mut cut: String = text.chars().take(max - 1).collect();
        cut.push('…');
        cut
    }
}

/// Parts joined into a label of at most [`MAX_LABEL`] characters.
pub fn label(parts: Vec<Part>) -> String {
    fit(parts, MAX_LABEL)
}

/// The text with its first letter in upper case.
pub fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// `text` within [`MAX_DESCRIPTION`] characters (a menu entry's description): whole when it
/// fits, else cut at a word and ended with `more` (a pointer to the game's card lookup).
pub fn brief(text: &str, more: &str) -> String {
    let text = text.trim();
    if text.chars().count() <= MAX_DESCRIPTION {
        return text.to_string();
    }
    let room = MAX_DESCRIPTION - more.chars().count();
    let mut cut: String = text.chars().take(room).collect();
    if let Some(k) = cut.rfind(' ') {
        cut.truncate(k);
    }
    format!("{}{more}", cut.trim_end_matches([',', ';', ':', '.', ' ']))
}

/// The adjective of a faction on its cards ("Rebel", "Imperial").
pub fn adjective(f: Faction) -> &'static str {
    match f {
        Faction::Rebel => "Rebel",
        Faction::Empire => "Imperial",
    }
}

/// How a player's hand is written: names only (the end-of-match reveal, one short post) or
/// each card on its own line with what it does (the hand a player is sent).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    /// Names only.
    Names,
    /// Each card with its facts and text.
    Texts,
}

/// One section of a hand, ending with a line break: "Label: none", the cards' names on one
/// line (`join` says how the game lists names), or "Label (n):" and one "- line" per card.
/// `items` are the cards as `detail` writes them.
pub fn hand_section(label: &str, items: &[String], detail: Detail, join: fn(&[String]) -> String) -> String {
    match (items.is_empty(), detail) {
        (true, _) => format!("{label}: none\n"),
        (false, Detail::Names) => format!("{label}: {}\n", join(items)),
        (false, Detail::Texts) => {
            let mut out = format!("{label} ({}):\n", items.len());
            for line in items {
                out.push_str(&format!("- {line}\n"));
            }
            out
        }
    }
}
