//! Plain-text summaries of a view, for the terminal and for text fallbacks: every system,
//! unit, leader and card by its printed name (ids belong to `show` JSON and commands only).

use std::collections::BTreeMap;
use std::fmt::Write;

use super::board::theme::phase_label;
use crate::content::{Faction, LeaderId, TeamColour, TeamRole, UnitId, catalog};
use crate::engine::rebellion::Place;
use crate::engine::rebellion::event::card_name;
use crate::engine::rebellion::view::{Cards, View};

/// Unit counts joined: "2 X-wings, 1 Rebel Trooper".
pub fn units_text(units: &[(UnitId, u8)]) -> String {
    units.iter().map(|&(u, c)| u.counted(c.into())).collect::<Vec<_>>().join(", ")
}

/// Leaders by name joined: "Mon Mothma", "Han Solo and Chewbacca".
pub fn leaders_text(ls: &[LeaderId]) -> String {
    let names: Vec<&str> = ls.iter().map(|l| l.name()).collect();
    match names.as_slice() {
        [] => String::new(),
        [a] => a.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Unit counts by printed name in catalog order ("2 X-wings, 1 Rebel Transport"); an id the
/// catalog does not know stays as it is rather than vanish.
fn units(m: &BTreeMap<String, u8>) -> String {
    let c = catalog();
    let mut known = vec![];
    let mut unknown = vec![];
    for (id, &n) in m.iter().filter(|&(_, &n)| n > 0) {
        match c.unit_by_key(id) {
            Some(u) => known.push((u, n)),
            None => unknown.push(format!("{n} {id}")),
        }
    }
    known.sort();
    let mut text = units_text(&known);
    for u in unknown {
        if !text.is_empty() {
            text.push_str(", ");
        }
        text.push_str(&u);
    }
    text
}

/// Leaders by printed name ("Princess Leia and General Rieekan").
fn leaders(ids: &[String]) -> String {
    let c = catalog();
    match ids.iter().map(|id| c.leader_by_key(id)).collect::<Option<Vec<LeaderId>>>() {
        Some(ls) => leaders_text(&ls),
        None => ids.join(", "),
    }
}

/// A system id by its printed name.
fn system(id: &str) -> String {
    let c = catalog();
    c.system_by_key(id).map_or_else(|| id.to_string(), |s| s.name().to_string())
}

/// A place key (a system, or the Rebel Base space) by its printed name.
fn place(key: &str) -> String {
    Place::parse(key).map_or_else(|_| key.to_string(), |p| p.name().to_string())
}

/// A faction as a side in a sentence: "the Rebels", "the Empire".
fn side(f: Faction) -> &'static str {
    match f {
        Faction::Rebel => "the Rebels",
        Faction::Empire => "the Empire",
    }
}

/// One kind of card in a hand: "Missions: Build Alliance, Sabotage" when the viewer sees
/// them, "2 missions" when only their number shows, "no missions" when there are none.
fn hand_part(v: &View, kind: &str, cards: &Cards) -> String {
    let (one, many) = match kind {
        "actions" => ("action card", "action cards"),
        "missions" => ("mission", "missions"),
        "objectives" => ("objective", "objectives"),
        "probes" => ("probe card", "probe cards"),
        "tactics" => ("tactic card", "tactic cards"),
        other => (other, other),
    };
    match cards {
        Cards::Visible(ids) if ids.is_empty() => format!("no {many}"),
        Cards::Hidden(0) => format!("no {many}"),
        Cards::Hidden(1) => format!("1 {one}"),
        Cards::Hidden(n) => format!("{n} {many}"),
        Cards::Visible(ids) => {
            // The team game: whose each action card is, when it is one player's.
            let names: Vec<String> = ids
                .iter()
                .map(|id| match v.card_holders.get(id).filter(|_| kind == "actions") {
                    Some(c) => format!("{} ({}'s)", card_name(kind, id), c.role_name()),
                    None => card_name(kind, id),
                })
                .collect();
            let mut label = String::from(if ids.len() == 1 { one } else { many });
            label[..1].make_ascii_uppercase();
            format!("{label}: {}", names.join(", "))
        }
    }
}

/// A multi-line summary of a view: track, base, occupied systems, pools, queues, hands.
pub fn summary(v: &View) -> String {
    let mut out = String::new();
    let winner = v.winner.map(|w| format!(" — the {} player wins", w.name())).unwrap_or_default();
    let _ = writeln!(
        out,
        "Round {} — {} — time {}, reputation {}{winner}",
        v.round,
        phase_label(&v.phase),
        v.time,
        v.reputation,
    );
    let base = match (&v.base.system, v.base.revealed) {
        (Some(s), true) => format!("revealed in {}", system(s)),
        (Some(s), false) => format!("hidden in {} (only you know)", system(s)),
        (None, _) => "hidden".to_string(),
    };
    let _ = writeln!(out, "Rebel base: {base}");
    for f in Faction::BOTH {
        let cards = v.cards_in_play(f);
        if !cards.is_empty() {
            let _ = writeln!(out, "{} cards in play: {}", f.name(), cards.join(", "));
        }
    }
    for (id, s) in &v.systems {
        let mut parts = vec![];
        if let Some(l) = s.loyalty {
            parts.push(format!("loyal to {}", side(l)));
        }
        for (flag, name) in
            [(s.subjugated, "subjugated"), (s.sabotaged, "sabotaged"), (s.destroyed, "destroyed")]
        {
            if flag {
                parts.push(name.to_string());
            }
        }
        for m in v.target_markers.iter().filter(|m| &m.system == id) {
            let name = if catalog().objective_by_key(&m.card).is_some() {
                card_name("objectives", &m.card)
            } else {
                card_name("missions", &m.card)
            };
            parts.push(format!("target marker of {name}"));
        }
        for (f, u) in &s.units {
            if !u.is_empty() {
                parts.push(format!("{} units: {}", f.name(), units(u)));
            }
        }
        for (f, l) in &s.leaders {
            if !l.is_empty() {
                parts.push(format!("{} leaders: {}", f.name(), leaders(l)));
            }
        }
        if !parts.is_empty() {
            let _ = writeln!(out, "  {}: {}", system(id), parts.join("; "));
        }
    }
    let b = &v.rebel_base_space;
    // Only Rebel pieces ever stand there: no faction to name.
    let mut parts = vec![];
    if !b.units.is_empty() {
        parts.push(units(&b.units));
    }
    if !b.leaders.is_empty() {
        parts.push(format!("leaders: {}", leaders(&b.leaders)));
    }
    if !parts.is_empty() {
        let _ = writeln!(out, "  Rebel Base space: {}", parts.join("; "));
    }
    for (f, pool) in &v.leader_pool {
        if v.players.splits(*f) {
            // The team game: each role's own leaders.
            for c in TeamColour::BOTH {
                let mine: Vec<String> = pool
                    .iter()
                    .filter(|l| crate::render::board::theme::leader_colour(l) == Some(c))
                    .cloned()
                    .collect();
                let names = if mine.is_empty() { "none".to_string() } else { leaders(&mine) };
                let _ = writeln!(out, "{}'s leaders: {names}", TeamRole { faction: *f, colour: c }.name());
            }
            continue;
        }
        let names = if pool.is_empty() { "none".to_string() } else { leaders(pool) };
        let _ = writeln!(out, "{} leader pool: {names}", f.name());
    }
    for (f, q) in &v.build_queue {
        let spaces: Vec<String> = q
            .iter()
            .filter(|(_, u)| !u.is_empty())
            .map(|(k, u)| format!("space {k}: {}", units(u)))
            .collect();
        let text = if spaces.is_empty() { "empty".to_string() } else { spaces.join("; ") };
        let _ = writeln!(out, "{} build queue: {text}", f.name());
    }
    for (f, u) in v.ready_to_deploy.iter().filter(|(_, u)| !u.is_empty()) {
        let _ = writeln!(out, "{} units ready to deploy: {}", f.name(), units(u));
    }
    for (f, asg) in v.assignments.iter().filter(|(_, a)| !a.is_empty()) {
        let missions: Vec<String> = asg
            .iter()
            .map(|a| match &a.mission {
                Some(m) => format!("{} on {}", leaders(&a.leaders), card_name("missions", m)),
                None => format!("{} on a hidden mission", leaders(&a.leaders)),
            })
            .collect();
        let _ = writeln!(out, "{} facedown missions: {}", f.name(), missions.join("; "));
    }
    for (f, hand) in &v.hands {
        let parts: Vec<String> = hand.iter().map(|(k, c)| hand_part(v, k, c)).collect();
        let _ = writeln!(out, "{} hand: {}", f.name(), parts.join("; "));
    }
    if !v.captured.is_empty() {
        let _ = writeln!(out, "Captured: {}", leaders(&v.captured));
    }
    for (l, r) in &v.rings {
        let _ = writeln!(out, "{} wears the {} ring", leaders(std::slice::from_ref(l)), r.name());
    }
    if !v.turned.is_empty() {
        let _ = writeln!(out, "Turned to the Empire: {}", leaders(&v.turned));
    }
    for (f, intel) in &v.intel {
        for i in intel {
            let _ = writeln!(out, "{} intel (round {}, from {}): {}", f.name(), i.round, i.source, i.text);
        }
    }
    if let Some(c) = &v.combat {
        let units: Vec<String> = c
            .units
            .iter()
            .map(|u| {
                let c = catalog();
                let name = c.unit_by_key(&u.unit).map_or(u.unit.as_str(), |x| x.name());
                let state = if u.destroyed {
                    " (destroyed)".to_string()
                } else if u.damage > 0 {
                    match u.health {
                        Some(h) => format!(" ({} damage of {h})", u.damage),
                        None => format!(" ({} damage)", u.damage),
                    }
                } else {
                    String::new()
                };
                format!("{} {name}{state}", u.faction.name())
            })
            .collect();
        let _ = writeln!(
            out,
            "Combat in {}, round {} ({} attacked): {}",
            place(&c.place),
            c.round,
            side(c.attacker),
            units.join(", ")
        );
        if !c.dice.is_empty() {
            let dice: Vec<String> =
                c.dice.iter().enumerate().map(|(i, d)| format!("die {}: {d}", i + 1)).collect();
            let _ = writeln!(out, "Dice: {}", dice.join(", "));
        }
    }
    if let Some(w) = &v.waiting {
        match (v.players.splits(w.seat), w.role) {
            (true, Some(c)) => {
                let _ = writeln!(
                    out,
                    "Waiting for the {}: {}",
                    TeamRole { faction: w.seat, colour: c }.name(),
                    w.kind
                );
            }
            (true, None) => {
                let _ = writeln!(out, "Waiting for either {} player: {}", w.seat.name(), w.kind);
            }
            _ => {
                let _ = writeln!(out, "Waiting for the {} player: {}", w.seat.name(), w.kind);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rebellion::{MatchOptions, State, Viewer, apply, decision, new_game, view};

    /// Seed 3 with quick setup, played until the Rebels have hidden their base.
    fn after_setup() -> State {
        crate::content::init().expect("content loads");
        let mut s = new_game(3, MatchOptions { quick_setup: true, ..Default::default() });
        while s.base.system.is_none() {
            let d = decision(&s).expect("a decision");
            apply(&mut s, d.seat, d.actions[0].clone()).expect("legal");
        }
        s
    }

    /// Every catalog id (system, leader, unit, card) the text names as a whole word: none
    /// should be left, as every printed name is capitalised.
    fn ids_in(text: &str) -> Vec<String> {
        let c = catalog();
        let ids: Vec<&str> = c
            .systems
            .iter()
            .map(|x| x.id.as_str())
            .chain(c.leaders.iter().map(|x| x.id.as_str()))
            .chain(c.units.iter().map(|x| x.id.as_str()))
            .chain(c.missions.iter().map(|x| x.id.as_str()))
            .chain(c.action_cards.iter().map(|x| x.id.as_str()))
            .chain(c.objectives.iter().map(|x| x.id.as_str()))
            .chain(c.tactics.iter().map(|x| x.id.as_str()))
            .collect();
        text.split(|ch: char| !(ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '_'))
            .filter(|w| ids.contains(w))
            .map(String::from)
            .collect()
    }

    #[test]
    fn a_system_reads_with_printed_names() {
        let text = summary(&view(&after_setup(), Viewer::Public));
        assert!(
            text.lines().any(|l| l
                == "  Coruscant: loyal to the Empire; Empire units: 2 TIE Fighters, 1 Star Destroyer, 2 Stormtroopers, 1 AT-ST"),
            "{text}"
        );
        assert!(text.contains("  Bothawui: loyal to the Rebels\n"), "{text}");
        assert!(text.contains("  Rebel Base space: 2 X-wings, 2 Y-wings, 1 Rebel Transport,"), "{text}");
        assert_eq!(ids_in(&text), Vec::<String>::new(), "{text}");
    }

    #[test]
    fn a_target_marker_reads_with_its_card_name() {
        use crate::engine::rebellion::rise_of_the_empire::targets::{MarkerCard, TargetMarker};
        let mut s = after_setup();
        let card = MarkerCard::Mission(catalog().mission_by_key("secure_the_plans").expect("mission"));
        let system = crate::content::SystemId::parse("kessel").expect("system");
        s.targets.placed.push(TargetMarker { card, system });
        let raid = catalog().objective_by_key("raid_outposts").expect("objective");
        s.targets.placed.push(TargetMarker { card: MarkerCard::Objective(raid), system });
        s.targets.objectives.cards.push(raid);
        let text = summary(&view(&s, Viewer::Public));
        assert!(
            text.contains("  Kessel: target marker of Secure the Plans; target marker of Raid Outposts"),
            "{text}"
        );
        assert!(text.contains("\nRebel cards in play: Raid Outposts\n"), "{text}");
        assert_eq!(ids_in(&text), Vec::<String>::new(), "{text}");
    }

    #[test]
    fn the_leader_pools_read_with_printed_names() {
        let text = summary(&view(&after_setup(), Viewer::Public));
        assert!(
            text.contains(
                "\nRebel leader pool: Mon Mothma, Jan Dodonna, Princess Leia and General Rieekan\n"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "\nEmpire leader pool: Emperor Palpatine, Grand Moff Tarkin, Darth Vader and General Tagge\n"
            ),
            "{text}"
        );
    }

    #[test]
    fn a_hand_reads_with_printed_names_and_the_other_hand_in_counts() {
        let s = after_setup();
        let text = summary(&view(&s, Viewer::Faction(Faction::Rebel)));
        let hand = text.lines().find(|l| l.starts_with("Rebel hand: ")).expect("the Rebel hand");
        let missions: Vec<&str> = s.hands.rebel.missions.iter().map(|m| m.name()).collect();
        assert!(hand.contains(&format!("Missions: {}", missions.join(", "))), "{hand}");
        assert!(hand.contains("Objective: Crippling Blow") && hand.ends_with("; no tactic cards"), "{hand}");
        assert!(
            text.contains("\nEmpire hand: 2 action cards; 6 missions; no probe cards; no tactic cards\n"),
            "{text}"
        );
        assert!(text.contains("Rebel base: hidden in Mon Calamari (only you know)"), "{text}");
        assert_eq!(ids_in(&text), Vec::<String>::new(), "{text}");
    }

    #[test]
    fn the_waiting_line_names_the_player_and_the_decision_in_words() {
        let text = summary(&view(&after_setup(), Viewer::Public));
        let last = text.lines().last().expect("a last line");
        assert!(last.starts_with("Waiting for the Rebel player: ") && !last.contains('`'), "{last}");
        assert!(text.starts_with("Round 1 — Assignment phase — time 1, reputation 14\n"), "{text}");
    }
}
