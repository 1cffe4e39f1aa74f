//! Clicks on buttons and menus: arbitrary and mutated real custom ids, handled as the Discord
//! front end handles them.

use super::{Fuzz, Violation, done};
use crate::discord::components::{ComponentId, Pick};
use crate::service::Answer;
use crate::service::menu::{self, Entry};

impl Fuzz<'_> {
    /// Selected values of a menu: real-looking picks or arbitrary text.
    pub(super) fn values(&mut self) -> Vec<String> {
        let n = self.bytes.u8() % 4;
        (0..n)
            .map(|_| match self.bytes.u8() % 5 {
                0 => format!("o{}", self.bytes.number()),
                1 => format!("g{}", self.bytes.u8()),
                2 | 3 => format!("i{}", self.bytes.u8() % 30),
                _ => self.bytes.text(10),
            })
            .collect()
    }

    /// A real custom id of the pending prompt, often changed a little, clicked.
    pub(super) fn real_component(&mut self) -> Result<(), Violation> {
        let ch = self.channel();
        let Some(p) = self.pending(ch) else {
            let (id, values) = (self.bytes.text(60), self.values());
            return self.component(ch, &id, values);
        };
        let node = menu::node(&p.texts, &[]);
        // A path of group entries, as a player narrowing the menus would make.
        let mut path = vec![];
        if let Some(mut n) = node.clone() {
            for _ in 0..self.bytes.u8() % 4 {
                let groups: Vec<usize> = n
                    .entries
                    .iter()
                    .enumerate()
                    .filter(|(_, e)| matches!(e, Entry::Group { .. }))
                    .map(|(k, _)| k)
                    .collect();
                let Some(&k) = self.bytes.pick(&groups) else { break };
                path.push(k);
                match menu::node(&p.texts, &path) {
                    Some(next) => n = next,
                    None => break,
                }
            }
        }
        let here = menu::node(&p.texts, &path);
        let pick = match self.bytes.u8() % 4 {
            0 => Pick::Group(self.bytes.u8() as usize % 8),
            1 => match here.as_ref().and_then(|n| n.multi.as_ref()) {
                Some(m) => {
                    let k = 1 + self.bytes.below(m.max.max(1));
                    Pick::Items((0..k).map(|_| self.bytes.below(m.items.len().max(1))).collect())
                }
                None => Pick::Items(vec![self.bytes.u8() as usize]),
            },
            _ => {
                let options: Vec<usize> = here
                    .as_ref()
                    .map(|n| {
                        n.entries
                            .iter()
                            .filter_map(|e| match e {
                                Entry::Option { index, .. } => Some(*index),
                                Entry::Group { .. } => None,
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                Pick::Option(self.bytes.pick(&options).copied().unwrap_or(self.bytes.u8() as usize))
            }
        };
        let match_id = p.match_id.clone();
        let id = match self.bytes.u8() % 5 {
            0 => ComponentId::Show { match_id, nonce: p.nonce.clone(), version: p.version },
            1 => ComponentId::Open { match_id, key: p.key(), path },
            2 => ComponentId::Public {
                match_id,
                nonce: p.nonce.clone(),
                version: p.version,
                options: p.public_fingerprint(),
                path,
                pick: (self.bytes.u8() & 1 == 1).then(|| pick.clone()),
            },
            _ => ComponentId::Menu { match_id, key: p.key(), path },
        };
        let values = match pick {
            Pick::Items(v) => v.iter().map(|k| Pick::Items(vec![*k]).encode()).collect(),
            other => vec![other.encode()],
        };
        let mut text = id.encode();
        if self.bytes.u8().is_multiple_of(3) {
            text = self.mutate_id(&text);
        }
        self.component(ch, &text, values)
    }

    /// A custom id changed a little: a field replaced, a character changed, parts dropped.
    fn mutate_id(&mut self, id: &str) -> String {
        let mut parts: Vec<String> = id.split(':').map(str::to_string).collect();
        let at = self.bytes.below(parts.len());
        match self.bytes.u8() % 8 {
            0 => parts[at] = self.bytes.number().to_string(),
            1 => parts[at] = self.bytes.text(12),
            2 => drop(parts.remove(at)),
            3 => parts.insert(at, self.bytes.text(6)),
            4 => parts[at] = format!("{}~", parts[at]),
            5 => parts[at] = parts[at].to_uppercase(),
            6 => parts[at] = format!("{}.{}", parts[at], self.bytes.number()),
            _ => {
                let mut b = parts[at].clone().into_bytes();
                if !b.is_empty() {
                    let i = self.bytes.below(b.len());
                    b[i] ^= self.bytes.u8() | 1;
                }
                parts[at] = String::from_utf8_lossy(&b).into_owned();
            }
        }
        parts.join(":")
    }

    /// A click on a component with custom id `id` in `channel`, handled as
    /// `discord::components::handle` does, by a random user.
    pub(super) fn component(&mut self, ch: u64, id: &str, values: Vec<String>) -> Result<(), Violation> {
        let Some(id) = ComponentId::parse(id) else { return Ok(()) };
        if id.match_id() != ch.to_string() {
            return Ok(());
        }
        let caller = self.answerer(ch);
        let user = caller.user;
        // What the handler shows is built from `show`; the answer is an `act`.
        let mut shown = None;
        self.checked(ch, "click: show", |s| {
            shown = s.show(ch, user)?;
            Ok(())
        })?;
        let Some(p) = shown else { return Ok(()) };
        let (key, index) = match id {
            ComponentId::Outdated { .. } | ComponentId::Show { .. } => {
                let _ = p.menu(user, &[]);
                return Ok(());
            }
            ComponentId::Open { key, path, .. } => {
                if p.key() == key {
                    let _ = p.menu(user, &path);
                }
                return Ok(());
            }
            ComponentId::Menu { key, path, .. } => {
                let Some(pick) = Pick::parse(&values) else { return Ok(()) };
                let node = (p.key() == key && p.may_answer(user)).then(|| p.menu(user, &path)).flatten();
                let Some(node) = node else { return Ok(()) };
                let index = match pick {
                    Pick::Group(k) => {
                        if matches!(node.entries.get(k), Some(Entry::Group { .. })) {
                            let mut deeper = path.clone();
                            deeper.push(k);
                            let _ = p.menu(user, &deeper);
                        }
                        return Ok(());
                    }
                    Pick::Option(i) if p.may_take(user, i) => i,
                    Pick::Items(items) => match node.multi.as_ref().and_then(|m| m.option(&items)) {
                        Some(i) => i,
                        None => return Ok(()),
                    },
                    Pick::Option(_) => return Ok(()),
                };
                (key, index)
            }
            ComponentId::Public { nonce, version, options, path, pick, .. } => {
                let Some(pick) = pick.or_else(|| Pick::parse(&values)) else { return Ok(()) };
                let fresh =
                    p.public && p.nonce == nonce && p.version == version && p.public_fingerprint() == options;
                if !fresh || p.user != Some(user) {
                    return Ok(());
                }
                let Some(node) = menu::node(&p.texts, &path) else { return Ok(()) };
                let index = match pick {
                    Pick::Group(k) => {
                        if matches!(node.entries.get(k), Some(Entry::Group { .. })) {
                            let mut deeper = path;
                            deeper.push(k);
                            let _ = p.menu(user, &deeper);
                        }
                        return Ok(());
                    }
                    Pick::Option(i) if p.may_take(user, i) => i,
                    _ => return Ok(()),
                };
                (p.key(), index)
            }
        };
        self.checked(ch, "click: answer", |s| done(s.act(ch, caller, Answer::Option { key, index })))
            .map(drop)
    }
}
