//! Plain-text summaries of a view, for the terminal and for text fallbacks.

use std::fmt::Write;

use crate::engine::rebellion::view::{Cards, View};

fn units(m: &std::collections::BTreeMap<String, u8>) -> String {
    m.iter().map(|(u, n)| format!("{n} {u}")).collect::<Vec<_>>().join(", ")
}

/// A multi-line summary of a view: track, base, occupied systems, pools, queues, hands.
pub fn summary(v: &View) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Round {} — {} phase — time {} / reputation {}{}",
        v.round,
        v.phase,
        v.time,
        v.reputation,
        v.winner.map(|w| format!(" — {w} WINS")).unwrap_or_default()
    );
    let base = match (&v.base.system, v.base.revealed) {
        (Some(s), true) => format!("revealed in {s}"),
        (Some(s), false) => format!("hidden in {s} (only you know)"),
        (None, _) => "hidden".to_string(),
    };
    let _ = writeln!(out, "Rebel base: {base}");
    for (id, s) in &v.systems {
        let mut parts = vec![];
        if let Some(l) = s.loyalty {
            parts.push(format!("{l} loyal"));
        }
        for (flag, name) in
            [(s.subjugated, "subjugated"), (s.sabotaged, "sabotaged"), (s.destroyed, "destroyed")]
        {
            if flag {
                parts.push(name.to_string());
            }
        }
        for (f, u) in &s.units {
            if !u.is_empty() {
                parts.push(format!("{f}: {}", units(u)));
            }
        }
        for (f, l) in &s.leaders {
            if !l.is_empty() {
                parts.push(format!("{f} leaders: {}", l.join(", ")));
            }
        }
        let busy = s.units.values().any(|u| !u.is_empty()) || s.leaders.values().any(|l| !l.is_empty());
        if busy || s.loyalty.is_some() || s.subjugated || s.sabotaged || s.destroyed {
            let _ = writeln!(out, "  {id}: {}", parts.join("; "));
        }
    }
    let b = &v.rebel_base_space;
    if !b.units.is_empty() || !b.leaders.is_empty() {
        let _ = writeln!(out, "  [Rebel Base space]: {} {}", units(&b.units), b.leaders.join(", "));
    }
    for (f, pool) in &v.leader_pool {
        let _ = writeln!(out, "{f} leader pool: {}", pool.join(", "));
    }
    for (f, q) in &v.build_queue {
        let spaces: Vec<String> = q.iter().map(|(k, u)| format!("{k}: [{}]", units(u))).collect();
        let _ = writeln!(out, "{f} build queue: {}", spaces.join(" "));
    }
    for (f, asg) in &v.assignments {
        for a in asg {
            let m = a.mission.clone().unwrap_or_else(|| "facedown mission".into());
            let _ = writeln!(out, "{f} assigned: {m} <- {}", a.leaders.join(", "));
        }
    }
    for (f, hand) in &v.hands {
        let parts: Vec<String> = hand
            .iter()
            .map(|(k, c)| match c {
                Cards::Visible(ids) => format!("{k}: [{}]", ids.join(", ")),
                Cards::Hidden(n) => format!("{k}: {n}"),
            })
            .collect();
        let _ = writeln!(out, "{f} hand: {}", parts.join("; "));
    }
    if !v.captured.is_empty() {
        let _ = writeln!(out, "captured: {}", v.captured.join(", "));
    }
    if !v.rings.is_empty() {
        let rings: Vec<String> = v.rings.iter().map(|(l, r)| format!("{l}: {}", r.name())).collect();
        let _ = writeln!(out, "rings: {}", rings.join(", "));
    }
    if !v.turned.is_empty() {
        let _ = writeln!(out, "turned to the Empire: {}", v.turned.join(", "));
    }
    for (f, intel) in &v.intel {
        for i in intel {
            let _ = writeln!(out, "{f} intel (round {}, {}): {}", i.round, i.source, i.text);
        }
    }
    if let Some(c) = &v.combat {
        let units: Vec<String> = c
            .units
            .iter()
            .map(|u| {
                let hp = u.health.map(|h| format!("/{h}")).unwrap_or_default();
                let gone = if u.destroyed { " destroyed" } else { "" };
                format!("{}: {} {} {}{hp}{gone}", u.number, u.faction, u.unit, u.damage)
            })
            .collect();
        let _ = writeln!(
            out,
            "Combat in {} (round {}, {} attacked): {}",
            c.place,
            c.round,
            c.attacker,
            units.join("; ")
        );
        if !c.dice.is_empty() {
            let dice: Vec<String> = c.dice.iter().enumerate().map(|(i, d)| format!("{i}: {d}")).collect();
            let _ = writeln!(out, "Dice: {}", dice.join(", "));
        }
    }
    if let Some(w) = &v.waiting {
        let _ = writeln!(out, "Waiting for {}: {}", w.seat, w.kind);
    }
    out
}
