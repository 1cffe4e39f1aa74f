//! The header bar and the panels below the map: time track markers, hands and decks, the
//! Rebel Base space, build queues and leaders.

use image::RgbImage;
use std::collections::BTreeMap;

use super::draw::{self, Style};
use super::icons;
use super::layout::*;
use super::systems::{self, TOKEN_ROW, Tok};
use super::theme::{self, BODY, BODY_BOLD, DIM, HEADER, TEXT};
use crate::content::{Faction, TeamColour, TeamRole, Theater, catalog};
use crate::engine::rebellion::view::Cards;
use crate::engine::rebellion::{View, Viewer};

/// Draws the header's viewer tag at the right edge — whose view the image shows, framed in that
/// side's colour (`public` names the image for the channel) — with its frame's top at `top`;
/// returns the tag's left edge. Shared by every game's image.
pub(crate) fn viewer_tag(img: &mut RgbImage, viewer: Viewer, public: &str, top: f32, size: f32) -> f32 {
    let (tag, col) = match viewer {
        Viewer::Public => (public, DIM),
        Viewer::Faction(Faction::Rebel) => ("REBEL EYES ONLY", theme::REBEL),
        Viewer::Faction(Faction::Empire) => ("IMPERIAL EYES ONLY", theme::EMPIRE),
        Viewer::Full => ("FULL VIEW (MODERATOR)", theme::BASE),
    };
    let st = Style::bold(size, col);
    let tw = draw::text_width(st, tag) + 20.0;
    let tx = img.width() as f32 - 20.0 - tw;
    draw::rounded_rect_outline(img, (tx, top, tw, 32.0), 6.0, 2.0, col);
    draw::text(img, st, tx + 10.0, top + 4.0, tag);
    tx
}

/// Draws every dynamic part outside the map.
pub fn draw_all(img: &mut RgbImage, view: &View) {
    header(img, view);
    time_markers(img, view);
    hands_and_decks(img, view);
    base_space(img, view);
    queues(img, view);
    leaders(img, view);
}

fn header(img: &mut RgbImage, view: &View) {
    let y = 14.0;
    let mut x = 20.0;
    x += draw::text(img, HEADER.with(theme::BASE), x, y, "HOLONET") + 16.0;
    x +=
        draw::text(img, HEADER, x, y, &format!("Round {} · {}", view.round, theme::phase_label(&view.phase)))
            + 30.0;

    let tx = viewer_tag(img, view.viewer, "PUBLIC BOARD", 13.0, 20.0);

    let room = tx - 20.0 - x;
    if let Some(w) = view.winner {
        let st = HEADER.with(theme::faction_color(w));
        let s = format!("{} victory", w.name().to_uppercase());
        icons::faction_disc(img, x + 13.0, y + 15.0, 13.0, w);
        draw::text(img, st, x + 34.0, y, &draw::fit(st, &s, room - 34.0));
    } else if let Some(wt) = &view.waiting {
        icons::faction_disc(img, x + 13.0, y + 15.0, 13.0, wt.seat);
        x += 34.0;
        // The team game names the role, or says either player may.
        let who = match (view.players.splits(wt.seat), wt.role) {
            (true, Some(c)) => format!("{} to decide: ", TeamRole { faction: wt.seat, colour: c }.name()),
            (true, None) => format!("{} (either) to decide: ", wt.seat.name()),
            _ => format!("{} to decide: ", wt.seat.name()),
        };
        let st = Style::bold(22.0, theme::faction_color(wt.seat));
        x += draw::text(img, st, x, y + 2.0, &who);
        let st = Style::regular(22.0, TEXT);
        draw::text(img, st, x, y + 2.0, &draw::fit(st, &wt.kind, tx - 20.0 - x));
    }
}

fn marker(img: &mut RgbImage, cx: f32, cy: f32, label: &str, fill: [u8; 3]) {
    draw::circle(img, cx, cy, 13.0, fill);
    draw::ring(img, cx, cy, 13.0, 2.0, theme::BG);
    let st = Style::bold(17.0, theme::BG);
    draw::text_centered(img, st, cx, cy - draw::line_height(st) / 2.0, label);
}

fn time_markers(img: &mut RgbImage, view: &View) {
    let len = catalog().time_track.length;
    let t = view.time.clamp(1, len);
    let rep = view.reputation.clamp(1, len);
    let (tr, rr) = (track_space(t), track_space(rep));
    let by = tr.bottom() - 15.0;
    if t == rep {
        marker(img, tr.x + 14.0, by, "T", TEXT);
        marker(img, tr.right() - 14.0, by, "R", theme::REBEL);
    } else {
        marker(img, tr.x + tr.w / 2.0, by, "T", TEXT);
        marker(img, rr.x + rr.w / 2.0, by, "R", theme::REBEL);
    }
    let y = TRACK_Y + TRACK_BOX + 10.0;
    let mut x = TRACK_X;
    marker(img, x + 13.0, y + 11.0, "T", TEXT);
    x += 32.0;
    x += draw::text(img, BODY_BOLD, x, y, &format!("Time {}", view.time)) + 28.0;
    marker(img, x + 13.0, y + 11.0, "R", theme::REBEL);
    x += 32.0;
    x += draw::text(img, BODY_BOLD.with(theme::REBEL), x, y, &format!("Reputation {}", view.reputation))
        + 28.0;
    draw::text(img, BODY.with(DIM), x, y, "The Rebels win when time reaches reputation.");
}

fn count(c: Option<&Cards>) -> usize {
    match c {
        Some(Cards::Visible(v)) => v.len(),
        Some(Cards::Hidden(n)) => *n,
        None => 0,
    }
}

fn plural(n: usize, one: &str) -> String {
    if n == 1 { format!("{n} {one}") } else { format!("{n} {one}s") }
}

fn hands_and_decks(img: &mut RgbImage, view: &View) {
    let r = CARDS_PANEL;
    let mut y = r.y + 38.0;
    for f in Faction::BOTH {
        let h = view.hands.get(&f);
        let get = |k: &str| count(h.and_then(|h| h.get(k)));
        let mut parts = vec![plural(get("missions"), "mission"), plural(get("actions"), "action")];
        match f {
            Faction::Rebel => parts.push(plural(get("objectives"), "objective")),
            Faction::Empire => parts.push(plural(get("probes"), "probe")),
        }
        parts.push(plural(get("tactics"), "tactic"));
        let assigned = view.assignments.get(&f).map_or(0, Vec::len);
        icons::faction_disc(img, r.x + 24.0, y + 10.0, 10.0, f);
        let mut x = r.x + 42.0;
        x += draw::text(img, BODY_BOLD.with(theme::faction_color(f)), x, y, &format!("{} hand", f.name()));
        x += draw::text(img, BODY, x + 10.0, y, &parts.join(" · ")) + 10.0;
        if assigned > 0 {
            x += draw::text(
                img,
                BODY.with(DIM),
                x + 10.0,
                y,
                &format!("+ {} facedown", plural(assigned, "mission")),
            ) + 10.0;
        }
        let in_play = view.cards_in_play(f);
        if !in_play.is_empty() {
            let l = format!("· in play: {}", in_play.join(", "));
            draw::text(
                img,
                BODY.with(theme::TARGET),
                x + 10.0,
                y,
                &draw::fit(BODY, &l, r.right() - x - 24.0),
            );
        }
        y += 26.0;
    }
    let d = |k: &str| view.decks.get(k).copied().unwrap_or(0);
    let lines = [
        format!(
            "Mission decks: Rebel {} · Empire {} · projects {}    Action decks: Rebel {} · Empire {}",
            d("rebel_missions"),
            d("empire_missions"),
            d("projects"),
            d("rebel_actions"),
            d("empire_actions")
        ),
        match &view.advanced_tactics {
            // Cinematic combat (Rise of the Empire): each side's own advanced decks, cards
            // left to pick from (the shared tactic decks are not used).
            Some(adv) => {
                let left = |f: Faction| {
                    adv.get(&f).map_or(0, |a| match &a.deck {
                        Cards::Visible(v) => v.len(),
                        Cards::Hidden(n) => *n,
                    })
                };
                format!(
                    "Objectives {} · probes {} · advanced tactics: Rebel {} · Empire {}    Discards: Rebel {} · Empire {}",
                    d("objectives"),
                    d("probes"),
                    left(Faction::Rebel),
                    left(Faction::Empire),
                    d("rebel_mission_discard"),
                    d("empire_mission_discard")
                )
            }
            None => format!(
                "Objectives {} · probes {} · space tactics {} · ground tactics {}    Discards: Rebel {} · Empire {}",
                d("objectives"),
                d("probes"),
                d("space_tactics"),
                d("ground_tactics"),
                d("rebel_mission_discard"),
                d("empire_mission_discard")
            ),
        },
    ];
    for l in lines {
        draw::text(img, BODY.with(DIM), r.x + 18.0, y, &draw::fit(BODY, &l, r.w - 30.0));
        y += 26.0;
    }
}

fn base_space(img: &mut RgbImage, view: &View) {
    let c = catalog();
    let r = BASE_PANEL;
    let mut x = r.x + 14.0;
    let mut y = r.y + 36.0;
    for icon in &c.base_space_icons {
        icons::resource(img, x + 8.0, y + 9.5, 15.0, *icon);
        x += 19.0;
    }
    icons::queue_number(img, x + 1.0, y, c.base_space_queue);
    let loc = match (&view.base.system, view.base.revealed) {
        (Some(s), true) => format!("at {} (revealed)", theme::system_name(s)),
        (Some(s), false) => format!("at {} (secret)", theme::system_name(s)),
        (None, _) => "location hidden".to_string(),
    };
    let col = if view.base.system.is_some() { theme::BASE } else { DIM };
    draw::text(img, BODY_BOLD.with(col), r.x + 80.0, y - 1.0, &draw::fit(BODY_BOLD, &loc, r.w - 94.0));
    y += 28.0;
    let mut rows = vec![];
    let max = r.w - 28.0;
    for th in [Theater::Space, Theater::Ground] {
        systems::flow(&mut rows, systems::unit_tokens(&view.rebel_base_space.units, Faction::Rebel, th), max);
    }
    let leaders: Vec<Tok> = view
        .rebel_base_space
        .leaders
        .iter()
        .map(|l| Tok::Leader(theme::leader_label(view, l), Faction::Rebel, view.captured.contains(l)))
        .collect();
    systems::flow(&mut rows, leaders, max);
    rows.truncate(((r.bottom() - y - 6.0) / TOKEN_ROW) as usize);
    if rows.is_empty() {
        draw::text(img, BODY.with(DIM), r.x + 14.0, y, "empty");
    }
    systems::draw_rows(img, r.x + 14.0, y, &rows);
}

fn queues(img: &mut RgbImage, view: &View) {
    let r = QUEUE_PANEL;
    let col_w = (r.w - 28.0) / 2.0;
    let empty = BTreeMap::new();
    for (i, f) in Faction::BOTH.into_iter().enumerate() {
        let x0 = r.x + 14.0 + i as f32 * col_w;
        let mut y = r.y + 36.0;
        icons::faction_disc(img, x0 + 10.0, y + 10.0, 10.0, f);
        draw::text(img, BODY_BOLD.with(theme::faction_color(f)), x0 + 26.0, y, f.name());
        y += 28.0;
        // Units that slid off space 1 wait here while their owner deploys them: shown above
        // the queue so every unit stays somewhere on the picture.
        let ready = view.ready_to_deploy.get(&f).filter(|u| !u.is_empty());
        if let Some(units) = ready {
            let st = BODY_BOLD.with(theme::faction_color(f));
            let w = draw::text_width(st, "ready") + 8.0;
            draw::text(img, st, x0, y - 1.0, "ready");
            y += queue_row(img, x0 + w, y, col_w - w - 12.0, units, f);
        }
        let q = view.build_queue.get(&f);
        for space in 1..=3u8 {
            let units = q.and_then(|q| q.get(&space.to_string())).unwrap_or(&empty);
            let qw = icons::queue_number(img, x0, y, space);
            y += queue_row(img, x0 + qw + 8.0, y, col_w - qw - 20.0, units, f);
        }
    }
}

/// Draws one queue line's unit tokens (or a dash) and returns the height used.
fn queue_row(img: &mut RgbImage, x: f32, y: f32, w: f32, units: &BTreeMap<String, u8>, f: Faction) -> f32 {
    let mut rows = vec![];
    let mut toks = systems::unit_tokens(units, f, Theater::Space);
    toks.extend(systems::unit_tokens(units, f, Theater::Ground));
    systems::flow(&mut rows, toks, w);
    rows.truncate(2);
    if rows.is_empty() {
        draw::text(img, BODY.with(DIM), x, y - 1.0, "—");
        TOKEN_ROW + 6.0
    } else {
        systems::draw_rows(img, x, y, &rows) + 6.0
    }
}

fn names(view: &View, ids: &[String]) -> Vec<String> {
    ids.iter().map(|l| theme::leader_label(view, l)).collect()
}

fn leaders(img: &mut RgbImage, view: &View) {
    let r = LEADER_PANEL;
    let mut y = r.y + 36.0;
    let label_w = 150.0;
    let max = r.w - label_w - 30.0;
    let line = |img: &mut RgbImage, y: &mut f32, label: &str, col: [u8; 3], items: Vec<String>| {
        draw::text(img, BODY_BOLD.with(col), r.x + 14.0, *y, label);
        let text = if items.is_empty() { vec!["—".to_string()] } else { items };
        let lines = draw::wrap(BODY, &text, ", ", max);
        for l in lines.iter().take(2) {
            draw::text(img, BODY.with(if col == DIM { TEXT } else { col }), r.x + 14.0 + label_w, *y, l);
            *y += 22.0;
        }
        *y += 3.0;
    };
    for f in Faction::BOTH {
        let pool = view.leader_pool.get(&f).cloned().unwrap_or_default();
        if view.players.splits(f) {
            // The team game: each role's own leaders (the pool of its colour).
            for c in TeamColour::BOTH {
                let mine: Vec<String> =
                    pool.iter().filter(|l| theme::leader_colour(l) == Some(c)).cloned().collect();
                let role = TeamRole { faction: f, colour: c }.name();
                line(img, &mut y, &role, theme::faction_color(f), names(view, &mine));
            }
        } else {
            line(img, &mut y, &format!("{} pool", f.name()), theme::faction_color(f), names(view, &pool));
        }
    }
    let mut missions = vec![];
    for f in Faction::BOTH {
        for a in view.assignments.get(&f).into_iter().flatten() {
            let who = names(view, &a.leaders).join(" + ");
            let what = match &a.mission {
                Some(m) => format!("{who} ({})", mission_name(m)),
                None => who,
            };
            missions.push(format!("{}: {what}", theme::faction_letter(f)));
        }
    }
    line(img, &mut y, "On missions", DIM, missions);
    let mut gone: Vec<String> =
        names(view, &view.captured).into_iter().map(|n| format!("{n} (captured)")).collect();
    gone.extend(names(view, &view.turned).into_iter().map(|n| format!("{n} (turned)")));
    gone.extend(names(view, &view.eliminated).into_iter().map(|n| format!("{n} (eliminated)")));
    if y + 22.0 <= r.bottom() {
        line(img, &mut y, "Captured / out", DIM, gone);
    }
}

fn mission_name(id: &str) -> String {
    let c = catalog();
    c.mission_by_key(id).map(|m| c.mission(m).name.clone()).unwrap_or_else(|| id.to_string())
}
