//! Menus that narrow a prompt's options step by step, built from their [`OptionText`]s; the
//! same for every game and front end. A node lists at most [`PER_MENU`] entries per menu and at
//! most [`MAX_MENUS`] menus, each named by the sections (regions, sources…) it holds — never a
//! page number. Options are listed as they are while they fit in [`LEAF_MENUS`] menus; beyond
//! that they are grouped by their next level (mission, source system…). A node is named by the
//! path of group entries that leads to it, so a menu's custom id needs only numbers.

use crate::games::game::OptionText;

/// Entries per menu (Discord's limit on a select menu).
pub const PER_MENU: usize = 25;
/// Menus a node may spread over (Discord allows five rows; one is kept for buttons).
pub const MAX_MENUS: usize = 4;
/// Options are listed directly (not grouped) while they fit in this many menus.
pub const LEAF_MENUS: usize = 2;

/// One entry of a menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// Leads to a narrower menu of the options sharing a level.
    Group {
        /// Its label.
        label: String,
        /// The section it is listed under.
        section: String,
        /// The options it holds (indexes into the prompt's options).
        options: Vec<usize>,
        /// What the card it stands for does (its level's description); may be empty.
        description: String,
    },
    /// Answers the prompt.
    Option {
        /// Its label (the option's whole text).
        label: String,
        /// The section it is listed under.
        section: String,
        /// The option's index in the prompt.
        index: usize,
        /// What the card the option names does (its text's description); may be empty.
        description: String,
    },
}

impl Entry {
    /// The entry's label.
    pub fn label(&self) -> &str {
        match self {
            Entry::Group { label, .. } | Entry::Option { label, .. } => label,
        }
    }
    /// The section the entry is listed under (may be empty).
    pub fn section(&self) -> &str {
        match self {
            Entry::Group { section, .. } | Entry::Option { section, .. } => section,
        }
    }
    /// What the card the entry stands for does, for the menu option's description (may be
    /// empty).
    pub fn description(&self) -> &str {
        match self {
            Entry::Group { description, .. } | Entry::Option { description, .. } => description,
        }
    }
}

/// A node whose options are several things picked together from one menu (a mission's
/// leaders): the menu lists the things, and the set picked names the option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Multi {
    /// The things to pick from.
    pub items: Vec<String>,
    /// The most that may be picked together.
    pub max: usize,
    /// Each option's set (sorted item indexes) and its index in the prompt.
    pub sets: Vec<(Vec<usize>, usize)>,
}

impl Multi {
    /// The option whose set is exactly `picked` (item indexes, any order).
    pub fn option(&self, picked: &[usize]) -> Option<usize> {
        let mut want = picked.to_vec();
        want.sort_unstable();
        want.dedup();
        self.sets.iter().find(|(set, _)| *set == want).map(|(_, i)| *i)
    }
}

/// One menu of a node: the entries it lists and the sections they come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Menu {
    /// Indexes into the node's entries, in display order.
    pub entries: Vec<usize>,
    /// The distinct non-empty sections of those entries, in order.
    pub sections: Vec<String>,
}

/// What one step of narrowing shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The group labels picked to get here, from the top.
    pub trail: Vec<String>,
    /// The entries, sorted by section.
    pub entries: Vec<Entry>,
    /// Set when the node is one multiple-choice menu of things.
    pub multi: Option<Multi>,
}

impl Node {
    /// The entries split into menus of at most [`PER_MENU`], whole sections together where
    /// they fit.
    pub fn menus(&self) -> Vec<Menu> {
        pack(&self.entries)
    }
}

/// The node at `path` (group entry indexes from the top), or `None` if the path leads nowhere.
pub fn node(texts: &[OptionText], path: &[usize]) -> Option<Node> {
    walk(build(texts, (0..texts.len()).collect(), 0, vec![]), texts, path)
}

/// The node at `path` of a menu of some of the options only (`among`: their positions, in
/// order; a teammate's menu leaves out the other player's options), or `None` if the path
/// leads nowhere or no option is left.
pub fn node_among(texts: &[OptionText], among: Vec<usize>, path: &[usize]) -> Option<Node> {
    if among.is_empty() || among.iter().any(|&i| i >= texts.len()) {
        return None;
    }
    walk(build(texts, among, 0, vec![]), texts, path)
}

/// Follows `path` down from the top node `n`.
fn walk(mut n: Built, texts: &[OptionText], path: &[usize]) -> Option<Node> {
    for &step in path {
        let (options, depth, label) = match n.entries.get(step)? {
            Entry::Group { options, label, .. } => (options.clone(), n.depth + 1, label.clone()),
            Entry::Option { .. } => return None,
        };
        let mut trail = n.node.trail.clone();
        trail.push(label);
        n = build(texts, options, depth, trail);
    }
    Some(n.node)
}

/// A node and the level its options are narrowed to.
struct Built {
    node: Node,
    depth: usize,
}

impl std::ops::Deref for Built {
    type Target = Node;
    fn deref(&self) -> &Node {
        &self.node
    }
}

fn build(texts: &[OptionText], mut opts: Vec<usize>, mut depth: usize, mut trail: Vec<String>) -> Built {
    loop {
        if let Some(multi) = multi(texts, &opts, depth) {
            return Built { node: Node { trail, entries: vec![], multi: Some(multi) }, depth };
        }
        let leaves = leaves(texts, &opts, depth);
        let entries = if pack(&leaves).len() <= LEAF_MENUS {
            leaves
        } else {
            let grouped = groups(texts, &opts, depth);
            if pack(&grouped).len() <= MAX_MENUS { grouped } else { chunks(grouped) }
        };
        // A single group is no choice: show what it holds.
        if let [Entry::Group { options, label, .. }] = entries.as_slice() {
            trail.push(label.clone());
            opts = options.clone();
            depth += 1;
            continue;
        }
        return Built { node: Node { trail, entries, multi: None }, depth };
    }
}

/// A multiple-choice node: every option is a set of things and the node is narrowed past all
/// their levels.
fn multi(texts: &[OptionText], opts: &[usize], depth: usize) -> Option<Multi> {
    if opts.len() < 2 || !opts.iter().all(|&i| !texts[i].items.is_empty() && texts[i].levels.len() <= depth) {
        return None;
    }
    let mut items: Vec<String> = vec![];
    let mut sets = vec![];
    for &i in opts {
        let mut set = vec![];
        for it in &texts[i].items {
            let k = items.iter().position(|x| x == it).unwrap_or_else(|| {
                items.push(it.clone());
                items.len() - 1
            });
            set.push(k);
        }
        set.sort_unstable();
        sets.push((set, i));
    }
    let max = sets.iter().map(|(s, _)| s.len()).max().unwrap_or(1);
    (items.len() <= PER_MENU && max > 1).then_some(Multi { items, max, sets })
}

/// The options as entries, one per distinct label (identical labels are the same choice to a
/// player: the first stands for them all), each under its next level's label.
fn leaves(texts: &[OptionText], opts: &[usize], depth: usize) -> Vec<Entry> {
    let mut out: Vec<Entry> = vec![];
    for &i in opts {
        let t = &texts[i];
        if out.iter().any(|e| e.label() == t.label) {
            continue;
        }
        let section = t.levels.get(depth).map(|l| l.label.clone()).unwrap_or_default();
        out.push(Entry::Option {
            label: t.label.clone(),
            section,
            index: i,
            description: t.description.clone(),
        });
    }
    sort_by_section(out)
}

/// The options grouped by their level at `depth`; options with no such level stay as they are,
/// and a group of one option is shown as that option.
fn groups(texts: &[OptionText], opts: &[usize], depth: usize) -> Vec<Entry> {
    let mut out: Vec<Entry> = vec![];
    for &i in opts {
        let t = &texts[i];
        match t.levels.get(depth) {
            Some(level) => {
                let found = out.iter_mut().find_map(|e| match e {
                    Entry::Group { label, options, .. } if *label == level.label => Some(options),
                    _ => None,
                });
                match found {
                    Some(options) => options.push(i),
                    None => out.push(Entry::Group {
                        label: level.label.clone(),
                        section: level.section.clone(),
                        options: vec![i],
                        description: level.description.clone(),
                    }),
                }
            }
            None if out.iter().any(|e| e.label() == t.label) => {}
            None => out.push(Entry::Option {
                label: t.label.clone(),
                section: String::new(),
                index: i,
                description: t.description.clone(),
            }),
        }
    }
    let out = out
        .into_iter()
        .map(|e| match e {
            Entry::Group { section, options, .. } if distinct_labels(texts, &options) == 1 => {
                let t = &texts[options[0]];
                Entry::Option {
                    label: t.label.clone(),
                    section,
                    index: options[0],
                    description: t.description.clone(),
                }
            }
            e => e,
        })
        .collect();
    sort_by_section(out)
}

fn distinct_labels(texts: &[OptionText], opts: &[usize]) -> usize {
    let mut seen: Vec<&str> = opts.iter().map(|&i| texts[i].label.as_str()).collect();
    seen.sort_unstable();
    seen.dedup();
    seen.len()
}

/// Too many groups even for four menus (no game should get here): consecutive runs of at most
/// [`PER_MENU`] entries, each named by its first and last label.
fn chunks(entries: Vec<Entry>) -> Vec<Entry> {
    let mut out = vec![];
    for run in entries.chunks(PER_MENU) {
        let first = run[0].label();
        let last = run[run.len() - 1].label();
        let mut options = vec![];
        for e in run {
            match e {
                Entry::Group { options: o, .. } => options.extend(o.iter().copied()),
                Entry::Option { index, .. } => options.push(*index),
            }
        }
        out.push(Entry::Group {
            label: format!("{first} … {last}"),
            section: String::new(),
            options,
            description: String::new(),
        });
    }
    if out.len() > PER_MENU * MAX_MENUS { chunks(out) } else { out }
}

/// Entries with the same section together, sections in order of first appearance.
fn sort_by_section(entries: Vec<Entry>) -> Vec<Entry> {
    let mut order: Vec<String> = vec![];
    for e in &entries {
        if !order.iter().any(|s| s == e.section()) {
            order.push(e.section().to_string());
        }
    }
    let mut entries = entries;
    entries.sort_by_key(|e| order.iter().position(|s| s == e.section()));
    entries
}

/// Splits sorted entries into menus: whole sections while they fit in [`PER_MENU`], a section
/// too big for one menu over several.
fn pack(entries: &[Entry]) -> Vec<Menu> {
    let mut menus: Vec<Menu> = vec![];
    let mut cur = Menu { entries: vec![], sections: vec![] };
    let mut i = 0;
    while i < entries.len() {
        let section = entries[i].section();
        let end = (i..entries.len()).find(|&j| entries[j].section() != section).unwrap_or(entries.len());
        if !cur.entries.is_empty() && cur.entries.len() + (end - i) > PER_MENU {
            menus.push(std::mem::replace(&mut cur, Menu { entries: vec![], sections: vec![] }));
        }
        for j in i..end {
            if cur.entries.len() == PER_MENU {
                menus.push(std::mem::replace(&mut cur, Menu { entries: vec![], sections: vec![] }));
            }
            if !section.is_empty() && cur.sections.last().is_none_or(|s| s != section) {
                cur.sections.push(section.to_string());
            }
            cur.entries.push(j);
        }
        i = end;
    }
    if !cur.entries.is_empty() {
        menus.push(cur);
    }
    menus
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::game::Level;

    fn text(label: &str, levels: &[(&str, &str)], items: &[&str]) -> OptionText {
        OptionText {
            label: label.into(),
            levels: levels
                .iter()
                .map(|(l, s)| Level {
                    label: l.to_string(),
                    section: s.to_string(),
                    description: String::new(),
                })
                .collect(),
            items: items.iter().map(|s| s.to_string()).collect(),
            args: vec![],
            description: String::new(),
        }
    }

    #[test]
    fn few_options_are_listed_as_they_are() {
        let texts = vec![text("Oppose with Vader", &[], &[]), text("Do not oppose", &[], &[])];
        let n = node(&texts, &[]).unwrap();
        assert_eq!(n.entries.len(), 2);
        assert_eq!(n.menus().len(), 1);
        assert!(node(&texts, &[0]).is_none(), "an option is not a group");
    }

    #[test]
    fn many_options_group_by_level_and_sets_pick_together() {
        let leaders = ["A", "B", "C", "D", "E", "F", "G", "H", "I"];
        let mut texts = vec![];
        for m in ["M1", "M2", "M3"] {
            for (i, a) in leaders.iter().enumerate() {
                texts.push(text(&format!("{m} {a}"), &[(m, "Missions")], &[a]));
                for b in &leaders[i + 1..] {
                    texts.push(text(&format!("{m} {a}+{b}"), &[(m, "Missions")], &[a, b]));
                }
            }
        }
        texts.push(text("Done", &[], &[]));
        let top = node(&texts, &[]).unwrap();
        let labels: Vec<&str> = top.entries.iter().map(Entry::label).collect();
        assert_eq!(labels, ["M1", "M2", "M3", "Done"]);
        let m2 = node(&texts, &[1]).unwrap();
        assert_eq!(m2.trail, ["M2"]);
        let multi = m2.multi.unwrap();
        assert_eq!((multi.items.len(), multi.max), (9, 2));
        let pair = multi.option(&[3, 1]).unwrap();
        assert_eq!(texts[pair].label, "M2 B+D");
        assert_eq!(texts[multi.option(&[0]).unwrap()].label, "M2 A");
        assert_eq!(multi.option(&[0, 1, 2]), None);
    }

    #[test]
    fn sections_name_the_menus_and_nothing_exceeds_the_limit() {
        let mut texts = vec![];
        for r in 0..8 {
            for s in 0..4 {
                texts.push(text(&format!("Base at S{r}{s}"), &[(&format!("Region {r}"), "")], &[]));
            }
        }
        let n = node(&texts, &[]).unwrap();
        let menus = n.menus();
        assert_eq!(menus.len(), 2);
        assert!(menus.iter().all(|m| m.entries.len() <= PER_MENU));
        assert_eq!(menus[0].sections[0], "Region 0");
        // 400 options: grouped, and the groups fit.
        let many: Vec<OptionText> =
            (0..400).map(|i| text(&format!("opt {i}"), &[(&format!("g{}", i / 20), "")], &[])).collect();
        let n = node(&many, &[]).unwrap();
        assert_eq!(n.entries.len(), 20);
        assert!(n.menus().iter().all(|m| m.entries.len() <= PER_MENU));
        let plain: Vec<OptionText> = (0..400).map(|i| OptionText::plain(&format!("opt {i}"))).collect();
        let n = node(&plain, &[]).unwrap();
        assert!(n.menus().len() <= MAX_MENUS && n.menus().iter().all(|m| m.entries.len() <= PER_MENU));
        let inner = node(&plain, &[0]).unwrap();
        assert_eq!(inner.entries.len(), PER_MENU);
    }

    #[test]
    fn identical_labels_are_one_entry_and_single_groups_open_by_themselves() {
        let texts = vec![
            text("Hit a TIE", &[("TIE", "")], &[]),
            text("Hit a TIE", &[("TIE", "")], &[]),
            text("Hit an AT-AT", &[("AT-AT", "")], &[]),
        ];
        assert_eq!(node(&texts, &[]).unwrap().entries.len(), 2);
        let one: Vec<OptionText> = (0..60).map(|i| text(&format!("o{i}"), &[("Only", "")], &[])).collect();
        let n = node(&one, &[]).unwrap();
        assert!(n.trail == ["Only"] && n.entries.len() == 60, "the lone group opened by itself");
        assert_eq!(n.menus().len(), 3);
    }
}
