//! Custom ids of Holonet's components: what each button or menu stands for, in numbers only.
//!
//! Custom ids carry only the match id, its nonce, the state version, a fingerprint, the path of
//! menu entries and option numbers — never a name. Channel components never carry the
//! fingerprint of the decider's private options (a hash of hidden options and context could be
//! matched against guesses): a secret prompt's button names only the version, a public prompt's
//! buttons a hash of its options, which everyone may see.

use crate::service::{FINGERPRINT_LEN, PromptKey};
use crate::store::NONCE_LEN;
use crate::trust::hash::is_base36;

/// Discord's limit on a custom id, in characters.
pub const MAX_CUSTOM_ID: usize = 100;

/// What a menu entry or a picked value stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    /// Entry `n` of the node, a group: open it (`g{n}`).
    Group(usize),
    /// Option `n` of the prompt: answer with it (`o{n}`).
    Option(usize),
    /// Items of a multiple-choice node, picked together (`i{n}` each).
    Items(Vec<usize>),
}

impl Pick {
    /// The value or custom-id suffix of a single pick (items are encoded one by one).
    pub fn encode(&self) -> String {
        match self {
            Pick::Group(n) => format!("g{n}"),
            Pick::Option(n) => format!("o{n}"),
            Pick::Items(v) => v.iter().map(|n| format!("i{n}")).collect::<Vec<_>>().join(","),
        }
    }

    /// Reads the selected values (or a button's suffix); `None` if they make no sense.
    pub fn parse(values: &[String]) -> Option<Pick> {
        let num = |v: &str, prefix: char| v.strip_prefix(prefix).and_then(|n| n.parse::<usize>().ok());
        match values {
            [v] if v.starts_with('g') => num(v, 'g').map(Pick::Group),
            [v] if v.starts_with('o') => num(v, 'o').map(Pick::Option),
            vs if !vs.is_empty() => {
                vs.iter().map(|v| num(v, 'i')).collect::<Option<Vec<_>>>().map(Pick::Items)
            }
            _ => None,
        }
    }
}

/// What a component's custom id says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ComponentId {
    /// A secret prompt's "Show my options" button (`h:{match}:{nonce}:{version}`).
    Show {
        /// The match id.
        match_id: String,
        /// The match's nonce.
        nonce: String,
        /// The prompt's state version.
        version: u64,
    },
    /// A private menu of the decider at the node `path` (`m:{match}:{nonce}:{version}:{fp}:{path}`);
    /// the selected values say what was picked.
    Menu {
        /// The match id.
        match_id: String,
        /// The prompt the menu belongs to.
        key: PromptKey,
        /// The group entries picked to get to the node.
        path: Vec<usize>,
    },
    /// A private button that shows the node `path` ("Back"; `n:…:{path}`).
    Open {
        /// The match id.
        match_id: String,
        /// The prompt it belongs to.
        key: PromptKey,
        /// The node to show.
        path: Vec<usize>,
    },
    /// A component on a public prompt's channel message (`c:{match}:{nonce}:{version}:{hash}:
    /// {path}:{pick}`): a button names its pick, a select menu leaves it empty.
    Public {
        /// The match id.
        match_id: String,
        /// The match's nonce.
        nonce: String,
        /// The prompt's state version.
        version: u64,
        /// The hash of the public options (`PromptPost::public_fingerprint`).
        options: String,
        /// The group entries picked to get to the node.
        path: Vec<usize>,
        /// A button's pick.
        pick: Option<Pick>,
    },
    /// A button or menu of an earlier format (`h:{match}:{version}…`, paged `o:`/`p:` menus),
    /// still on old messages: always out of date.
    Outdated {
        /// The match id.
        match_id: String,
    },
}

fn encode_path(path: &[usize]) -> String {
    std::iter::once("r".to_string()).chain(path.iter().map(usize::to_string)).collect::<Vec<_>>().join(".")
}

fn parse_path(s: &str) -> Option<Vec<usize>> {
    let mut parts = s.split('.');
    (parts.next()? == "r").then_some(())?;
    parts.map(|p| p.parse().ok()).collect()
}

impl ComponentId {
    /// Reads a custom id; `None` if it is not one of ours.
    pub fn parse(id: &str) -> Option<ComponentId> {
        // The second and later menus of one node carry `~`s to keep custom ids unique.
        let parts: Vec<&str> = id.trim_end_matches('~').split(':').collect();
        let nonce = |n: &str| is_base36(n, NONCE_LEN).then(|| n.to_string());
        let hash = |f: &str| is_base36(f, FINGERPRINT_LEN).then(|| f.to_string());
        let key = |n: &str, v: &str, f: &str| {
            Some(PromptKey { nonce: nonce(n)?, version: v.parse().ok()?, fingerprint: hash(f)? })
        };
        let number = |x: &str| x.parse::<u64>().is_ok();
        match parts.as_slice() {
            ["h", m, n, v] if nonce(n).is_some() => Some(ComponentId::Show {
                match_id: m.to_string(),
                nonce: n.to_string(),
                version: v.parse().ok()?,
            }),
            ["m", m, n, v, f, p] => {
                Some(ComponentId::Menu { match_id: m.to_string(), key: key(n, v, f)?, path: parse_path(p)? })
            }
            ["n", m, n, v, f, p] => {
                Some(ComponentId::Open { match_id: m.to_string(), key: key(n, v, f)?, path: parse_path(p)? })
            }
            ["c", m, n, v, f, p, pick] => Some(ComponentId::Public {
                match_id: m.to_string(),
                nonce: nonce(n)?,
                version: v.parse().ok()?,
                options: hash(f)?,
                path: parse_path(p)?,
                pick: if pick.is_empty() { None } else { Some(Pick::parse(&[pick.to_string()])?) },
            }),
            ["o" | "p", m, n, v, f, page] if key(n, v, f).is_some() && number(page) => {
                Some(ComponentId::Outdated { match_id: m.to_string() })
            }
            ["h", m, _] | ["h", m, _, _] | ["o", m, _, _] if parts[1..].iter().all(|x| number(x)) => {
                Some(ComponentId::Outdated { match_id: m.to_string() })
            }
            _ => None,
        }
    }

    /// The custom id text.
    pub fn encode(&self) -> String {
        match self {
            ComponentId::Show { match_id, nonce, version } => format!("h:{match_id}:{nonce}:{version}"),
            ComponentId::Menu { match_id, key, path } => {
                format!(
                    "m:{match_id}:{}:{}:{}:{}",
                    key.nonce,
                    key.version,
                    key.fingerprint,
                    encode_path(path)
                )
            }
            ComponentId::Open { match_id, key, path } => {
                format!(
                    "n:{match_id}:{}:{}:{}:{}",
                    key.nonce,
                    key.version,
                    key.fingerprint,
                    encode_path(path)
                )
            }
            ComponentId::Public { match_id, nonce, version, options, path, pick } => {
                let pick = pick.as_ref().map(Pick::encode).unwrap_or_default();
                format!("c:{match_id}:{nonce}:{version}:{options}:{}:{pick}", encode_path(path))
            }
            ComponentId::Outdated { match_id } => format!("h:{match_id}:0"),
        }
    }

    /// The match the component belongs to.
    pub fn match_id(&self) -> &str {
        match self {
            ComponentId::Show { match_id, .. }
            | ComponentId::Menu { match_id, .. }
            | ComponentId::Open { match_id, .. }
            | ComponentId::Public { match_id, .. }
            | ComponentId::Outdated { match_id } => match_id,
        }
    }
}

/// What a lobby's button asks (`/game lfg`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LobbyAction {
    /// Take seat number `n` (from 0) of the lobby (`j{n}`).
    Join(usize),
    /// Seat the computer at seat `n`, or free it (`c{n}`).
    Computer(usize),
    /// Leave the lobby (`x`).
    Leave,
    /// Try the start of a full lobby again (`s`).
    Start,
}

/// A lobby button's custom id (`l:{lobby}:{action}`): the lobby's message id and what the
/// button does, in numbers. Lobbies are public, so there is nothing to hide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LobbyId {
    /// The lobby (its message id).
    pub lobby: u64,
    /// What the button does.
    pub action: LobbyAction,
}

impl LobbyId {
    /// Reads a custom id; `None` if it is not a lobby button's.
    pub fn parse(id: &str) -> Option<LobbyId> {
        let mut parts = id.split(':');
        let (Some("l"), Some(lobby), Some(action), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return None;
        };
        let seat = |prefix: char| action.strip_prefix(prefix).and_then(|n| n.parse::<usize>().ok());
        let action = match action {
            "x" => LobbyAction::Leave,
            "s" => LobbyAction::Start,
            a if a.starts_with('j') => LobbyAction::Join(seat('j')?),
            a if a.starts_with('c') => LobbyAction::Computer(seat('c')?),
            _ => return None,
        };
        Some(LobbyId { lobby: lobby.parse().ok()?, action })
    }

    /// The custom id text.
    pub fn encode(&self) -> String {
        let action = match self.action {
            LobbyAction::Join(n) => format!("j{n}"),
            LobbyAction::Computer(n) => format!("c{n}"),
            LobbyAction::Leave => "x".into(),
            LobbyAction::Start => "s".into(),
        };
        format!("l:{}:{action}", self.lobby)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(version: u64) -> PromptKey {
        PromptKey { nonce: "k3x9a0b7zq".into(), version, fingerprint: "0a1b2c3d".into() }
    }

    #[test]
    fn ids_round_trip() {
        for id in [
            ComponentId::Show { match_id: "42".into(), nonce: "k3x9a0b7zq".into(), version: 7 },
            ComponentId::Menu { match_id: "42".into(), key: key(7), path: vec![] },
            ComponentId::Menu { match_id: "42".into(), key: key(7), path: vec![3, 0] },
            ComponentId::Open { match_id: "42".into(), key: key(7), path: vec![1] },
            ComponentId::Public {
                match_id: "42".into(),
                nonce: "k3x9a0b7zq".into(),
                version: 7,
                options: "zz00yy11".into(),
                path: vec![],
                pick: Some(Pick::Option(12)),
            },
            ComponentId::Public {
                match_id: "42".into(),
                nonce: "k3x9a0b7zq".into(),
                version: 7,
                options: "zz00yy11".into(),
                path: vec![2],
                pick: None,
            },
        ] {
            assert_eq!(ComponentId::parse(&id.encode()), Some(id));
        }
        assert_eq!(ComponentId::parse("h:42:k3x9a0b7zq:7").unwrap().encode(), "h:42:k3x9a0b7zq:7");
        assert_eq!(ComponentId::parse("x:1:2"), None);
        assert_eq!(ComponentId::parse("m:1:k3x9a0b7zq:v:0a1b2c3d:r"), None);
        assert_eq!(ComponentId::parse("m:1:K3X9A0B7ZQ:1:0a1b2c3d:r"), None, "nonces are lower-case base36");
        assert_eq!(ComponentId::parse("m:1:k3x9a0b7zq:1:0a1b:r"), None, "fingerprints have a fixed width");
        assert_eq!(ComponentId::parse("m:1:k3x9a0b7zq:1:0a1b2c3d:r.x"), None);
        // A second menu of the same node carries a suffix the parser ignores.
        let first = ComponentId::Menu { match_id: "4".into(), key: key(1), path: vec![] };
        assert_eq!(ComponentId::parse(&format!("{}~~", first.encode())), Some(first));
    }

    #[test]
    fn lobby_ids_round_trip_fit_discord_and_refuse_nonsense() {
        for action in [LobbyAction::Join(3), LobbyAction::Computer(0), LobbyAction::Leave, LobbyAction::Start]
        {
            let id = LobbyId { lobby: u64::MAX, action };
            let text = id.encode();
            assert!(text.len() <= MAX_CUSTOM_ID, "{text}");
            assert_eq!(LobbyId::parse(&text), Some(id));
            assert_eq!(ComponentId::parse(&text), None, "not a match's component");
        }
        for bad in ["l:1", "l:1:j", "l:x:j1", "l:1:q", "l:1:j1:2", "l:1:c-1", "h:1:k3x9a0b7zq:7"] {
            assert_eq!(LobbyId::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn picks_read_values() {
        assert_eq!(Pick::parse(&["g3".into()]), Some(Pick::Group(3)));
        assert_eq!(Pick::parse(&["o17".into()]), Some(Pick::Option(17)));
        assert_eq!(Pick::parse(&["i0".into(), "i4".into()]), Some(Pick::Items(vec![0, 4])));
        assert_eq!(Pick::parse(&["17".into()]), None, "bare numbers are the paged menus' values");
        assert_eq!(Pick::parse(&[]), None);
    }

    #[test]
    fn ids_of_earlier_formats_are_out_of_date() {
        for old in
            ["h:42:7", "h:42:7:4", "o:42:7:1", "o:42:k3x9a0b7zq:3:0a1b2c3d:0", "p:42:k3x9a0b7zq:3:0a1b2c3d:4"]
        {
            assert_eq!(
                ComponentId::parse(old),
                Some(ComponentId::Outdated { match_id: "42".into() }),
                "{old}"
            );
        }
    }

    #[test]
    fn ids_fit_discord_and_name_nothing() {
        let big = PromptKey { nonce: "zzzzzzzzzz".into(), version: u64::MAX, fingerprint: "zzzzzzzz".into() };
        let ids = [
            ComponentId::Menu {
                match_id: u64::MAX.to_string(),
                key: big.clone(),
                path: vec![99, 99, 99, 99],
            },
            ComponentId::Public {
                match_id: u64::MAX.to_string(),
                nonce: big.nonce.clone(),
                version: u64::MAX,
                options: big.fingerprint.clone(),
                path: vec![99, 99],
                pick: Some(Pick::Option(9999)),
            },
        ];
        for id in ids {
            let text = id.encode();
            assert!(text.len() + 4 <= MAX_CUSTOM_ID, "{} characters: {text}", text.len());
            assert!(text.chars().all(|c| c == ':' || c == '.' || c.is_ascii_alphanumeric()));
        }
    }
}
