//! Typed identifiers for game content, serialised as their snake_case asset ids.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

use super::catalog;

/// The error for a name that matches no content entry; it lists the closest valid names.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {kind} `{name}`{}", suggest(.suggestions))]
pub struct UnknownName {
    /// What kind of thing was looked up (system, leader, …).
    pub kind: &'static str,
    /// The name as given.
    pub name: String,
    /// The closest valid names, best first.
    pub suggestions: Vec<String>,
}

fn suggest(s: &[String]) -> String {
    if s.is_empty() { String::new() } else { format!("; did you mean {}?", s.join(", ")) }
}

/// Typed text as an error message quotes it: at most 32 characters (then `…`), with control
/// characters, backticks and backslashes shown as `?`, so the message stays one short line
/// whatever was sent and never reads like an escape sequence (`\n`) or a code span's end.
pub fn echo(text: &str) -> String {
    const MAX: usize = 32;
    let mut out: String = text
        .chars()
        .take(MAX)
        .map(|c| if c.is_control() || c == '`' || c == '\\' { '?' } else { c })
        .collect();
    if text.chars().nth(MAX).is_some() {
        out.push('…');
    }
    out
}

/// Normalises user input to asset-id form: lower case, spaces and dashes as underscores.
pub fn normalise(name: &str) -> String {
    name.trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' | '-' | '_' => Some('_'),
            '\'' | '(' | ')' | '.' | ',' | '"' => None,
            c => Some(c),
        })
        .collect()
}

/// The Levenshtein distance between two names, for "did you mean" suggestions.
pub fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// Finds `name` among `keys` (exact id, normalised name, or unique prefix), else an error
/// listing the closest keys.
pub fn lookup<'a>(
    kind: &'static str,
    name: &str,
    keys: impl Iterator<Item = (&'a str, &'a str)> + Clone,
) -> Result<usize, UnknownName> {
    let wanted = normalise(name);
    if let Some(i) = keys.clone().position(|(id, _)| id == wanted) {
        return Ok(i);
    }
    // A display name counts only when it is unique (space and ground tactic cards share names).
    let by_name: Vec<usize> =
        keys.clone().enumerate().filter(|(_, (_, d))| normalise(d) == wanted).map(|(i, _)| i).collect();
    if by_name.len() == 1 {
        return Ok(by_name[0]);
    }
    let prefixed: Vec<usize> = keys
        .clone()
        .enumerate()
        .filter(|(_, (id, _))| !wanted.is_empty() && id.starts_with(&wanted))
        .map(|(i, _)| i)
        .collect();
    if prefixed.len() == 1 {
        return Ok(prefixed[0]);
    }
    let mut scored: Vec<(usize, &str)> = keys
        .map(|(id, _)| {
            let d = if id.contains(&wanted) && !wanted.is_empty() { 0 } else { distance(&wanted, id) };
            (d, id)
        })
        .collect();
    scored.sort();
    scored.dedup_by(|a, b| a.1 == b.1);
    Err(UnknownName {
        kind,
        name: echo(name),
        suggestions: scored.into_iter().take(3).map(|(_, id)| id.to_string()).collect(),
    })
}

macro_rules! content_id {
    ($(#[$doc:meta])* $name:ident, $field:ident, $kind:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(pub u16);

        impl $name {
            /// The snake_case asset id of this entry.
            pub fn key(self) -> &'static str {
                &catalog().$field[self.0 as usize].id
            }
            /// The display name of this entry.
            pub fn name(self) -> &'static str {
                &catalog().$field[self.0 as usize].name
            }
            /// Looks up an entry by id or display name, suggesting close names on failure.
            pub fn parse(s: &str) -> Result<Self, UnknownName> {
                let list = &catalog().$field;
                lookup($kind, s, list.iter().map(|d| (d.id.as_str(), d.name.as_str())))
                    .map(|i| $name(i as u16))
            }
            /// Every entry of this kind, in catalog order.
            pub fn all() -> impl Iterator<Item = Self> {
                (0..catalog().$field.len()).map(|i| $name(i as u16))
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.key())
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.key())
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.key())
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = String::deserialize(d)?;
                let list = &catalog().$field;
                list.iter()
                    .position(|x| x.id == s)
                    .map(|i| $name(i as u16))
                    .ok_or_else(|| serde::de::Error::custom(format!("unknown {} `{}`", $kind, s)))
            }
        }
    };
}

content_id!(
    /// A system on the board (index into the catalog's systems).
    SystemId, systems, "system");
content_id!(
    /// A region of four systems.
    RegionId, regions, "region");
content_id!(
    /// A unit type (TIE Fighter, X-wing, …).
    UnitId, units, "unit");
content_id!(
    /// A leader.
    LeaderId, leaders, "leader");
content_id!(
    /// A mission card title (copies share one id).
    MissionId, missions, "mission");
content_id!(
    /// An action card.
    ActionCardId, action_cards, "action card");
content_id!(
    /// An objective card title.
    ObjectiveId, objectives, "objective");
content_id!(
    /// A tactic card title (space and ground versions are different ids).
    TacticId, tactics, "tactic card");
content_id!(
    /// An advanced tactic card of cinematic combat (Rise of the Empire).
    AdvancedTacticId, advanced_tactics, "advanced tactic card");

impl UnitId {
    /// The unit type's plural name ("X-wings", "Death Stars Under Construction").
    pub fn plural(self) -> String {
        let name = self.name();
        match name.split_once(" Under ") {
            Some((head, tail)) => format!("{head}s Under {tail}"),
            None if name.ends_with('s') => name.to_string(),
            None => format!("{name}s"),
        }
    }
    /// A number of units of this type in words: "1 TIE Fighter", "2 X-wings".
    pub fn counted(self, count: u32) -> String {
        if count == 1 { format!("1 {}", self.name()) } else { format!("{count} {}", self.plural()) }
    }
}
