//! Options in words and the menus that narrow them, over random games: every label reads as
//! printed names (no snake_case ids, no command syntax, at most 100 characters), no menu lists
//! more than 25 entries, every option can be reached, and typical decisions take few picks.

use std::collections::BTreeMap;

use holonet::engine::rebellion::choice::{ChoiceKind, describe, describe_decision};
use holonet::engine::rebellion::{Action, MatchOptions, PromptKind, State, decision, new_game};
use holonet::games::game::{Game, OptionText};
use holonet::games::rebellion::Rebellion;
use holonet::games::rebellion::words::{option_texts, options_public};
use holonet::service::menu::{Entry, MAX_MENUS, Node, PER_MENU, node};

/// Whether a text looks like an id or a command rather than words.
fn looks_like_code(s: &str) -> bool {
    s.contains('_')
        || s.contains('`')
        || s.split_whitespace().any(|w| w.chars().all(|c| c.is_ascii_lowercase()) && w.len() > 2 && is_key(w))
}

/// Whether a word is the id of a system, leader or unit (printed names are capitalised; a
/// lower-case `hoth` is command text). Mission ids are left out: `sabotage` is also a word.
fn is_key(w: &str) -> bool {
    use holonet::content::*;
    SystemId::all().any(|x| x.key() == w)
        || LeaderId::all().any(|x| x.key() == w)
        || UnitId::all().any(|x| x.key() == w)
}

/// Walks every node of a prompt's menus; returns, per option index, the picks needed to reach
/// it (a multi-select pick counts once), and checks the limits on the way.
fn walk(texts: &[OptionText], what: &str) -> BTreeMap<usize, usize> {
    let mut reach = BTreeMap::new();
    let mut todo: Vec<Vec<usize>> = vec![vec![]];
    while let Some(path) = todo.pop() {
        let n: Node = node(texts, &path).unwrap_or_else(|| panic!("{what}: no node at {path:?}"));
        let menus = n.menus();
        assert!(menus.len() <= MAX_MENUS, "{what}: {} menus at {path:?}", menus.len());
        for m in &menus {
            assert!(m.entries.len() <= PER_MENU, "{what}: a menu of {} at {path:?}", m.entries.len());
        }
        if let Some(multi) = &n.multi {
            assert!(multi.items.len() <= PER_MENU && multi.max <= 2, "{what}: {multi:?}");
            for (_, i) in &multi.sets {
                reach.insert(*i, path.len() + 1);
            }
        }
        for (k, e) in n.entries.iter().enumerate() {
            assert!(!e.label().is_empty() && e.label().chars().count() <= 100, "{what}: entry {e:?}");
            assert!(!looks_like_code(e.label()), "{what}: entry label `{}`", e.label());
            match e {
                Entry::Group { .. } => {
                    let mut p = path.clone();
                    p.push(k);
                    assert!(p.len() <= 4, "{what}: menus nest too deep");
                    todo.push(p);
                }
                Entry::Option { index, .. } => {
                    reach.insert(*index, path.len() + 1);
                }
            }
        }
    }
    reach
}

/// Checks one decision's words and menus; returns (most picks to an option, largest menu).
fn check(s: &State, seen: &mut BTreeMap<String, (usize, usize, usize)>) {
    let Some(d) = decision(s) else { return };
    let texts = option_texts(s, &d);
    assert_eq!(texts.len(), d.actions.len());
    let what = format!("{:?} at version {}", d.kind, s.version);
    // The decision and its context as front ends show them: words, not commands or ids.
    let prompt = Rebellion::prompt(s).expect("a pending prompt");
    for line in std::iter::once(&prompt.kind).chain(&prompt.context) {
        assert!(!looks_like_code(line), "{what}: `{line}`");
    }
    for (t, a) in texts.iter().zip(&d.actions) {
        let cmd = a.command();
        assert!(!t.label.is_empty() && t.label.chars().count() <= 100, "{what}: `{}`", t.label);
        assert_ne!(t.label, cmd, "{what}: a label is the command");
        assert!(!looks_like_code(&t.label), "{what}: label `{}` of `{cmd}`", t.label);
        for x in t.items.iter().chain(t.levels.iter().map(|l| &l.label)) {
            assert!(!looks_like_code(x), "{what}: `{x}` of `{cmd}`");
        }
        for (word, name) in cmd.split_whitespace().skip(1).zip(&t.args) {
            if word.contains('_') {
                assert!(!name.contains('_'), "{what}: autocomplete name `{name}` of `{cmd}`");
            }
        }
    }
    let reach = walk(&texts, &what);
    // Every option is reachable, or has the label of one that is (the same choice to a player).
    for (i, t) in texts.iter().enumerate() {
        assert!(
            reach.contains_key(&i) || reach.keys().any(|&j| texts[j].label == t.label),
            "{what}: option `{}` cannot be reached",
            d.actions[i].command()
        );
    }
    let picks = reach.values().copied().max().unwrap_or(0);
    let widest =
        node(&texts, &[]).map(|n| n.menus().iter().map(|m| m.entries.len()).max().unwrap_or(0)).unwrap_or(0);
    let e = seen.entry(format!("{:?}", d.kind)).or_default();
    *e = (e.0.max(picks), e.1.max(widest), e.2.max(d.actions.len()));
}

#[test]
fn random_games_read_in_words_with_small_menus() {
    let _ = holonet::content::init();
    let mut seen = BTreeMap::new();
    for seed in 0..6u64 {
        let options = MatchOptions { quick_setup: seed % 2 == 1, ..Default::default() };
        check(&new_game(seed, options.clone()), &mut seen);
        holonet::bot::sim::playout_with(seed, options, |_, s, _| check(s, &mut seen));
    }
    for (kind, (picks, widest, options)) in &seen {
        eprintln!("{kind:>20}: up to {options:>3} options, {picks} picks, widest top menu {widest}");
    }
    // A typical decision takes at most two picks after opening the menu (three clicks).
    for kind in
        ["AssignLeaders", "CommandTurn", "MoveUnits", "AssignDamage", "ChooseBase", "Oppose", "Retreat"]
    {
        let picks = seen.get(kind).map_or(0, |e| e.0);
        assert!(picks <= 2, "{kind} takes {picks} picks");
    }
    assert!(seen.len() >= 15, "the games went through most kinds of decision: {:?}", seen.keys());
}

#[test]
fn the_first_assignment_narrows_mission_then_leaders() {
    let _ = holonet::content::init();
    let mut s = new_game(3, MatchOptions { quick_setup: true, ..Default::default() });
    // Hide the base, answer any card choice with its first option, until the Rebels assign.
    while let Some(d) = decision(&s) {
        if d.kind == PromptKind::AssignLeaders {
            break;
        }
        let seat = d.seat;
        holonet::engine::rebellion::apply(&mut s, seat, d.actions[0].clone()).unwrap();
    }
    let d = decision(&s).unwrap();
    let texts = option_texts(&s, &d);
    let top = node(&texts, &[]).unwrap();
    assert!(top.entries.len() <= PER_MENU, "{} entries", top.entries.len());
    let (k, mission) = top
        .entries
        .iter()
        .enumerate()
        .find_map(|(k, e)| matches!(e, Entry::Group { .. }).then(|| (k, e.label().to_string())))
        .expect("missions are groups");
    let leaders = node(&texts, &[k]).unwrap();
    let multi = leaders.multi.expect("the leaders are picked together");
    assert_eq!(multi.max, 2);
    let two = multi.option(&[0, 1]).unwrap();
    assert_eq!(
        texts[two].label,
        format!("Assign {} and {} to {mission}", multi.items[0], multi.items[1]),
        "the label names both leaders and the mission"
    );
    assert!(!options_public(&s, &d), "assignments are secret");
    assert_eq!(Rebellion::option_texts(&s, &Rebellion::prompt(&s).unwrap()), texts);
}

#[test]
fn combat_numbers_are_resolved_to_dice_and_units() {
    let _ = holonet::content::init();
    // Play random games until one waits for the attacker's damage, then read its options.
    for seed in 0..40u64 {
        let mut found = None;
        holonet::bot::sim::playout_with(
            seed,
            MatchOptions { quick_setup: true, ..Default::default() },
            |_, s, _| {
                if found.is_none() && decision(s).is_some_and(|d| d.kind == PromptKind::AssignDamage) {
                    found = Some(s.clone());
                }
            },
        );
        let Some(s) = found else { continue };
        let d = decision(&s).unwrap();
        let choices = describe_decision(&s, &d);
        let (i, c) = choices.iter().enumerate().find(|(_, c)| c.kind == ChoiceKind::Damage).unwrap();
        let Action::Damage { die, unit } = d.actions[i] else { panic!("{:?}", d.actions[i]) };
        assert_eq!((c.dice[0].number, c.fighters[0].number), (die, unit));
        assert_ne!(c.fighters[0].faction, d.seat, "damage goes to enemy units");
        assert_eq!(describe(&s, &d.actions[i]), *c);
        let label = &option_texts(&s, &d)[i].label;
        assert!(label.contains(c.fighters[0].unit.name()), "{label}");
        assert!(label.contains(c.dice[0].face.label()), "{label}");
        assert!(options_public(&s, &d), "dice and units in a combat are public");
        return;
    }
    panic!("no random game reached a damage assignment");
}
