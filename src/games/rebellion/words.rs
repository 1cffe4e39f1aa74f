//! Rebellion's options in words: the one place that turns the engine's structured
//! [`Choice`]s into the game's printed names ("Assign Mon Mothma to Build Alliance", "Move 2
//! X-wings from Yavin to Dantooine"), with the levels menus narrow them by. Discord, local mode
//! and autocomplete all read their labels from here.

use crate::content::*;
use crate::engine::rebellion::choice::{
    CardName, Choice, ChoiceKind, DieRef, Fighter, Mode, describe_decision,
};
use crate::engine::rebellion::{Action, Decision, Place, PromptKind, State};
use crate::games::game::{Level, OptionText};

pub use crate::games::words::MAX_LABEL;
use crate::games::words::{brief, capitalise, fit, label, n, w};
pub use crate::render::text::{leaders_text, units_text};

/// A place by name: a system, or "the Rebel Base space".
pub fn place_name(p: Place) -> String {
    match p {
        Place::System(s) => s.name().to_string(),
        Place::BaseSpace => "the Rebel Base space".into(),
    }
}

/// The region a place is listed under.
fn region(p: Place) -> String {
    match p {
        Place::System(s) => catalog().system(s).region.name().to_string(),
        Place::BaseSpace => "Rebel Base space".into(),
    }
}

/// "in Yavin" / "in the Rebel Base space".
fn in_place(p: Place) -> String {
    format!("in {}", place_name(p))
}

/// "a TIE Fighter", "an X-wing".
fn one(u: UnitId) -> String {
    let name = u.name();
    let an = name.starts_with(['A', 'E', 'I', 'O', 'U', 'X']);
    format!("{} {name}", if an { "an" } else { "a" })
}

/// A combat unit as a target: "TIE Fighter", "TIE Fighter (1 damage)"; with `article`, "a TIE
/// Fighter (1 damage)".
fn fighter(f: &Fighter, article: bool) -> String {
    let mut s = if article { one(f.unit) } else { f.unit.name().to_string() };
    if f.doomed {
        s.push_str(" (destroyed)");
    } else if f.damage > 0 {
        s.push_str(&format!(" ({} damage)", f.damage));
    }
    s
}

/// A die's face: "red hit", "direct hit".
fn face(d: &DieRef) -> String {
    match d.color {
        Some(c) => format!("{} {}", c.label(), d.face.label()),
        None => d.face.label().to_string(),
    }
}

/// A die by its number from 1: "die 3 (red hit)".
fn die(d: &DieRef) -> String {
    format!("die {} ({})", d.number as usize + 1, face(d))
}

fn card(c: Option<CardName>) -> String {
    c.map(|c| c.name().to_string()).unwrap_or_default()
}

fn tactic_deck(t: Theater) -> &'static str {
    match t {
        Theater::Space => "space",
        Theater::Ground => "ground",
    }
}

/// What "done" means at each kind of decision.
fn done_label(kind: &PromptKind) -> &'static str {
    use PromptKind::*;
    match kind {
        AssignLeaders => "Done assigning",
        MoveUnits => "Done moving",
        Oppose => "Do not oppose",
        Respond => "Use nothing now",
        AddLeader => "Add no leader",
        StartOfCombat | BlockDamage | Objective => "Play nothing",
        CombatActions => "Done — go on",
        Retreat => "Stay and fight",
        RetreatCarry => "Take no more units",
        ScrapUnits => "Destroy nothing more",
        Deploy => "Done deploying",
        CardChoice => "Done (decline the rest)",
        _ => "Done",
    }
}

/// The whole option in words.
pub fn option_label(kind: &PromptKind, c: &Choice) -> String {
    use ChoiceKind as K;
    let to = || c.to.map(place_name).unwrap_or_default();
    let from = || c.from.map(place_name).unwrap_or_default();
    let units = || units_text(&c.units);
    let unit = || c.units.first().map(|&(u, _)| one(u)).unwrap_or_default();
    let who = || leaders_text(&c.leaders);
    let target = || c.fighters.first().map(|f| fighter(f, true)).unwrap_or_default();
    let dice = || c.dice.iter().map(die).collect::<Vec<_>>().join(" and ");
    label(match c.kind {
        K::Place => {
            vec![w("Place "), n(units()), w(format!(" {}", in_place(c.to.unwrap_or(Place::BaseSpace))))]
        }
        K::AutoPlace => vec![w("Place the rest automatically")],
        K::ChooseBase => vec![w("Hide the base in "), n(to())],
        K::Assign => vec![w("Assign "), n(who()), w(" to "), n(card(c.card))],
        K::Reveal => match (c.to, c.against) {
            (Some(p), _) => vec![w("Reveal "), n(card(c.card)), w(" "), n(in_place(p))],
            (None, Some(l)) => vec![w("Reveal "), n(card(c.card)), w(" against "), n(l.name())],
            (None, None) => vec![w("Reveal "), n(card(c.card))],
        },
        K::Activate => vec![w("Activate "), n(to()), w(" with "), n(who())],
        K::RevealBase => vec![w("Reveal the Rebel base")],
        K::Pass => vec![w("Pass for the rest of the phase")],
        K::Veto => vec![w("Send the Admiral's assignment to "), n(card(c.card)), w(" back")],
        K::Move => match c.to {
            Some(p) => vec![w("Move "), n(units()), w(" from "), n(from()), w(" to "), n(place_name(p))],
            None => vec![w("Move "), n(units()), w(" from "), n(from())],
        },
        K::MoveCaptive => vec![w("Bring captive "), n(who()), w(" from "), n(from())],
        K::Oppose => vec![w("Oppose with "), n(who())],
        K::AddLeader => vec![w("Add "), n(who()), w(" to the combat")],
        K::DrawTactic => match c.theater {
            Some(t) => vec![w(format!("Spend a special to draw a {} tactic card", tactic_deck(t)))],
            None => vec![w("Spend a special to draw a tactic card")],
        },
        K::PlayTactic => {
            let deck = match c.card {
                Some(CardName::Tactic(t)) => tactic_deck(catalog().tactic(t).theater),
                _ => "",
            };
            vec![w("Play "), n(card(c.card)), w(format!(" ({deck} tactic)"))]
        }
        K::Reroll => vec![w("Reroll "), n(dice())],
        K::Damage => {
            let face = c.dice.first().map(face).unwrap_or_default();
            vec![w(format!("Assign a {face} to ")), n(target())]
        }
        K::FocusFire => vec![w("Focus fire on "), n(target()), w(" (every fitting die)")],
        K::Hit => vec![w("Deal the damage to "), n(target())],
        K::Block => vec![w("Block damage on "), n(target())],
        K::PlayAdvanced => vec![w("Play "), n(card(c.card))],
        K::Repair => vec![w("Spend a special to remove 1 damage from "), n(target())],
        K::Retreat => vec![w("Retreat with "), n(who()), w(" to "), n(to())],
        K::Carry => vec![w("Take "), n(unit()), w(" along")],
        K::PlayObjective => vec![w("Play the objective "), n(card(c.card))],
        K::PlayAction => vec![w("Use "), n(card(c.card))],
        K::Discard => vec![w("Discard "), n(card(c.card))],
        K::Recruit if c.leaders.is_empty() => vec![w("Keep "), n(card(c.card))],
        K::Recruit => vec![w("Keep "), n(card(c.card)), w(" and recruit "), n(who())],
        K::DrawAnother => vec![w("Draw another action card")],
        K::Scrap => vec![w("Destroy "), n(unit()), w(" in "), n(from())],
        K::Build => vec![w("Build "), n(unit())],
        K::Deploy => vec![w("Deploy "), n(unit()), w(" to "), n(to())],
        K::Mode => match &c.mode {
            Some(Mode::Card { text }) => vec![n(capitalise(text))],
            Some(Mode::DrawTactics { space, ground }) => vec![w(match (space, ground) {
                (2, 0) => "Draw 2 space tactic cards",
                (0, 2) => "Draw 2 ground tactic cards",
                _ => "Draw 1 space and 1 ground tactic card",
            })],
            Some(Mode::Eliminate) => vec![w("Eliminate "), n(who())],
            Some(Mode::MobilizeUnits) => vec![w("Move units into the Rebel Base space")],
            Some(Mode::MobilizeProbe) => vec![w("Draw probe cards for a new base")],
            Some(Mode::MissionSet { set: MissionSet::Base }) => {
                vec![w("Play with "), n("the base game's missions")]
            }
            Some(Mode::MissionSet { set: MissionSet::Vader }) => {
                vec![w("Play with "), n("the Rise of the Empire missions"), w(" (Vader icon)")]
            }
            Some(Mode::StartingUnits { expansion: false }) => {
                vec![w("Start with "), n("the base game's units")]
            }
            Some(Mode::StartingUnits { expansion: true }) => {
                vec![w("Start with "), n("Rise of the Empire's units")]
            }
            Some(Mode::Number { n: k }) => vec![w(format!("Option {k}"))],
            None => vec![w("Option")],
        },
        K::NewBase => vec![w("Establish the new base in "), n(to())],
        K::PickSystem => vec![n(c.systems.iter().map(|s| s.name()).collect::<Vec<_>>().join(", "))],
        K::PickLeader => vec![n(who())],
        K::PickUnit => vec![n(capitalise(&unit())), w(" in "), n(from())],
        K::PickQueued => vec![
            n(capitalise(&unit())),
            w(format!(" on build queue space {}", c.queue_space.unwrap_or_default())),
        ],
        K::PickMission | K::PickObjective => vec![n(card(c.card))],
        K::PickProbe => {
            let end = if c.top == Some(true) { " on top of the probe deck" } else { " at the bottom" };
            vec![n(card(c.card)), w(end)]
        }
        K::PickFace => match c.face {
            Some((f, Some(col))) => vec![w(format!("Set a {} die to {}", col.label(), f.label()))],
            Some((f, None)) => vec![w(format!("Set a die to {}", f.label()))],
            None => vec![w("Set a die")],
        },
        K::PickDie => vec![w(capitalise(&dice()))],
        K::PickTheater => {
            vec![w(format!("The {} tactic deck", tactic_deck(c.theater.unwrap_or(Theater::Space))))]
        }
        K::UseRing => {
            let ring = c.ring.map(|r| r.name()).unwrap_or("the ring");
            vec![w("Use "), n(ring), w(" ("), n(who()), w(")")]
        }
        K::Done => vec![w(done_label(kind))],
    })
}

/// A line of a decision's context with the ids of systems, leaders and units the engine wrote
/// ("combat in cato_neimoidia", "0 x_wing (Rebel)") replaced by their printed names.
pub fn context_words(line: &str) -> String {
    let c = catalog();
    let name = |word: &str| -> Option<&'static str> {
        if let Some(s) = c.system_by_key(word) {
            return Some(s.name());
        }
        if let Some(l) = c.leader_by_key(word) {
            return Some(l.name());
        }
        if let Some(u) = c.unit_by_key(word) {
            return Some(u.name());
        }
        // Card ids that are plain words ("sabotage") read as words already.
        if word.contains('_') {
            if let Some(m) = c.mission_by_key(word) {
                return Some(m.name());
            }
            if let Some(t) = c.tactic_by_key(word) {
                return Some(t.name());
            }
            if let Some(o) = c.objective_by_key(word) {
                return Some(o.name());
            }
        }
        (word == "rebel_base").then_some("Rebel Base space")
    };
    let mut out = String::with_capacity(line.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        match name(word) {
            Some(n) => out.push_str(n),
            None => out.push_str(word),
        }
        word.clear();
    };
    for ch in line.chars() {
        if ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '_' {
            word.push(ch);
        } else {
            flush(&mut word, &mut out);
            out.push(ch);
        }
    }
    flush(&mut word, &mut out);
    out
}

fn level(label: impl Into<String>, section: impl Into<String>) -> Level {
    Level { label: fit(vec![n(label)], MAX_LABEL), section: section.into(), description: String::new() }
}

/// A level that stands for a card: its entry describes the card.
fn card_level(label: impl Into<String>, section: impl Into<String>, c: Option<CardName>) -> Level {
    Level { description: card_brief(c), ..level(label, section) }
}

/// A card's text for a menu entry: whole when it fits [`MAX_DESCRIPTION`], else cut at a word
/// and ended with a pointer to the full text (`/rebellion card`).
pub fn card_brief(c: Option<CardName>) -> String {
    let text = c.map(super::card_facts::card_text).unwrap_or_default();
    brief(&text, "… (see /rebellion card)")
}

/// The steps an option is narrowed by, coarse to fine (menus use as many as they need).
fn levels(c: &Choice) -> Vec<Level> {
    use ChoiceKind as K;
    let unit_name = || c.units.first().map(|&(u, _)| u.name().to_string()).unwrap_or_default();
    match c.kind {
        K::Place => match c.to {
            Some(p) => vec![level(capitalise(&place_name(p)), region(p)), level(unit_name(), "")],
            None => vec![],
        },
        K::ChooseBase | K::NewBase => c.to.map(|p| vec![level(region(p), "")]).unwrap_or_default(),
        K::Assign => vec![card_level(card(c.card), "Missions", c.card)],
        K::Veto => vec![level("Send an assignment back".to_string(), "")],
        K::Reveal => {
            let mut v = vec![card_level(format!("Reveal {}", card(c.card)), "Missions", c.card)];
            if let Some(p) = c.to {
                v.push(level(region(p), ""));
            }
            v
        }
        K::Activate => {
            c.to.map(|p| vec![level(format!("Activate {}", place_name(p)), region(p))]).unwrap_or_default()
        }
        K::Move => match c.from {
            Some(p) => vec![level(format!("From {}", place_name(p)), ""), level(unit_name(), "")],
            None => vec![],
        },
        K::MoveCaptive => {
            c.from.map(|p| vec![level(format!("From {}", place_name(p)), "")]).unwrap_or_default()
        }
        K::Retreat => vec![level(format!("Retreat with {}", leaders_text(&c.leaders)), "")],
        K::Damage | K::FocusFire => {
            c.fighters.first().map(|f| vec![level(fighter(f, false), "")]).unwrap_or_default()
        }
        K::Reroll => vec![level("Reroll dice", "")],
        K::Scrap | K::PickUnit => {
            c.from.map(|p| vec![level(capitalise(&place_name(p)), region(p))]).unwrap_or_default()
        }
        K::Deploy => {
            let mut v = vec![level(
                format!("Deploy {}", c.units.first().map(|&(u, _)| one(u)).unwrap_or_default()),
                "",
            )];
            if let Some(p) = c.to {
                v.push(level(region(p), ""));
            }
            v
        }
        K::PickSystem => {
            c.systems.first().map(|&s| vec![level(region(Place::System(s)), "")]).unwrap_or_default()
        }
        K::PickProbe => vec![level(card(c.card), "")],
        _ => vec![],
    }
}

/// Things picked together from one menu: a mission's leaders, the dice to reroll.
fn items(c: &Choice) -> Vec<String> {
    match c.kind {
        ChoiceKind::Assign => c.leaders.iter().map(|l| l.name().to_string()).collect(),
        ChoiceKind::Reroll => c.dice.iter().map(|d| capitalise(&die(d))).collect(),
        _ => vec![],
    }
}

/// The printed names of a command's arguments, in order (numbers and words stay as they are).
fn args(c: &Choice, a: &Action) -> Vec<String> {
    // Looked up word by word without building a table: this runs for every option of every
    // prompt (hundreds at an assignment).
    let name = |word: &str| -> Option<String> {
        if let Some(k) = c.card {
            let key = match k {
                CardName::Mission(m) => m.key(),
                CardName::Action(x) => x.key(),
                CardName::Objective(x) => x.key(),
                CardName::Tactic(x) => x.key(),
                CardName::Probe(s) => s.key(),
                CardName::Advanced(x) => x.key(),
            };
            if key == word {
                return Some(k.name().to_string());
            }
        }
        if let Some(l) = c.leaders.iter().chain(c.against.iter()).find(|l| l.key() == word) {
            return Some(l.name().to_string());
        }
        if let Some(p) = c.from.iter().chain(c.to.iter()).find(|p| p.key() == word) {
            return Some(capitalise(&place_name(*p)));
        }
        if let Some(s) = c.systems.iter().find(|s| s.key() == word) {
            return Some(s.name().to_string());
        }
        if let Some((u, _)) = c.units.iter().find(|(u, _)| u.key() == word) {
            return Some(u.name().to_string());
        }
        let (f, _) = c.face?;
        (f.label().replace(' ', "_") == word).then(|| f.label().to_string())
    };
    a.command()
        .split_whitespace()
        .skip(1)
        .map(|word| name(word).unwrap_or_else(|| word.to_string()))
        .collect()
}

/// Every option of a decision in words, in its order.
pub fn option_texts(s: &State, d: &Decision) -> Vec<OptionText> {
    describe_decision(s, d)
        .iter()
        .zip(&d.actions)
        .map(|(c, a)| OptionText {
            label: option_label(&d.kind, c),
            levels: levels(c),
            items: items(c),
            args: args(c, a),
            description: card_brief(c.card),
        })
        .collect()
}

/// Whether a decision's options may be shown to everyone. Decided from public facts only (the
/// kind, the seat, whether the base is revealed), never from the options themselves: the
/// Rebels' movements and deployments could show where the hidden base is, so they stay private
/// until it is revealed; hands, assignments and card choices are always private.
pub fn options_public(s: &State, d: &Decision) -> bool {
    use PromptKind::*;
    match d.kind {
        // With Rise of the Empire an opposing seat with facedown missions may also reveal a
        // Subversion among them: the options then name secret cards (whether that is so
        // follows from public facts only: the set, the step, facedown cards held).
        Oppose => !matches!(
            s.stack.last(),
            Some(crate::engine::rebellion::Frame::Mission(run))
                if crate::engine::rebellion::mission::windows::subversion_open(s, run)
        ),
        AddLeader | Retreat | RetreatCarry | AssignDamage => true,
        MoveUnits | Deploy => d.seat == Faction::Empire || s.base.revealed,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind of decision. The match fails to compile when a kind is added, so the list
    /// cannot fall behind.
    fn every_kind() -> Vec<PromptKind> {
        use PromptKind::*;
        let all = vec![
            PlaceStartingUnits,
            ChooseBase,
            AssignLeaders,
            CommandTurn,
            MoveUnits,
            Oppose,
            CardChoice,
            Respond,
            AddLeader,
            StartOfCombat,
            CombatActions,
            AssignDamage,
            BlockDamage,
            Retreat,
            RetreatCarry,
            Objective,
            DiscardMissions,
            Recruit,
            ScrapUnits,
            BuildChoice,
            Deploy,
            TrimLeaderPool,
            ChooseMissionSet,
            ChooseStartingUnits,
        ];
        for k in &all {
            match k {
                PlaceStartingUnits | ChooseBase | AssignLeaders | CommandTurn | MoveUnits | Oppose
                | CardChoice | Respond | AddLeader | StartOfCombat | CombatActions | AssignDamage
                | BlockDamage | Retreat | RetreatCarry | Objective | DiscardMissions | Recruit
                | ScrapUnits | BuildChoice | Deploy | TrimLeaderPool | ChooseMissionSet
                | ChooseStartingUnits => {}
            }
        }
        all
    }

    #[test]
    fn every_decision_reads_in_plain_words() {
        // Commands only a script types: a player reads what the decision is, and the options
        // say how to finish or decline it.
        let code_words = [
            "done",
            "autoplace",
            "reveal-base",
            "move-captive",
            "add-leader",
            "keep-objective",
            "keep-project",
            "new-base",
        ];
        for kind in every_kind() {
            let text = kind.describe();
            assert!(!text.contains(['`', '_', '<', '>', '[', ']']), "{kind:?}: {text}");
            let words: Vec<&str> = text.split(|c: char| c.is_whitespace() || ",.;:()".contains(c)).collect();
            for w in code_words {
                assert!(!words.contains(&w), "{kind:?} names the `{w}` command: {text}");
            }
        }
    }

    #[test]
    fn long_labels_keep_the_start_of_each_part() {
        let parts = vec![
            w("Move "),
            n("2 Super Star Destroyers, 3 Assault Carriers"),
            w(" from "),
            n("Cato Neimoidia"),
            w(" to "),
            n("Mon Calamari"),
        ];
        let text = fit(parts, 60);
        assert!(text.chars().count() <= 60, "{text}");
        assert!(
            text.starts_with("Move 2 Super") && text.contains(" from Cato") && text.contains(" to Mon"),
            "{text}"
        );
    }

    #[test]
    fn context_names_replace_ids() {
        let _ = crate::content::init();
        assert_eq!(
            context_words(
                "units by number: 0 x_wing (Rebel), 1 tie_fighter (Empire, 1 damage); combat in cato_neimoidia"
            ),
            "units by number: 0 X-wing (Rebel), 1 TIE Fighter (Empire, 1 damage); combat in Cato Neimoidia"
        );
        assert_eq!(context_words("draw the sabotage marker"), "draw the sabotage marker");
    }

    #[test]
    fn units_read_as_printed() {
        let _ = crate::content::init();
        let c = catalog();
        let x = c.unit_by_key("x_wing").unwrap();
        let dsuc = c.unit_by_key("death_star_under_construction").unwrap();
        let at = c.unit_by_key("at_at").unwrap();
        let tie = c.unit_by_key("tie_fighter").unwrap();
        assert_eq!(units_text(&[(x, 2), (tie, 1)]), "2 X-wings, 1 TIE Fighter");
        assert_eq!(dsuc.counted(2), "2 Death Stars Under Construction");
        assert_eq!(
            (one(x), one(at), one(tie)),
            ("an X-wing".into(), "an AT-AT".into(), "a TIE Fighter".into())
        );
    }
}
