//! One player's band of the table: the play area with its cards (exhausted ones turned) and
//! the total against the objective value, and beside it the player's components: victory
//! points, influence, deck and discard pile, reserve, strategies and the events won.

use image::RgbImage;

use super::card;
use super::style::{
    self, BODY, BODY_BOLD, CARD_GAP, CARD_H, CARD_W, GAP, GOLD, OVER, PLAY_W, SIDE_W, SIDE_X, SMALL,
};
use crate::content::Faction;
use crate::content::evr::catalog;
use crate::engine::evr::view::{Cards, EvrView, SideView};
use crate::render::board::draw::{self, Style, mix};
use crate::render::board::icons;
use crate::render::board::theme::{BG, DIM, TEXT};

/// Where the card row starts below a band's top.
const ROW_DY: f32 = 46.0;

/// Draws faction `f`'s band with its top at `y` (the panels themselves are in the background).
pub fn draw(img: &mut RgbImage, v: &EvrView, f: Faction, y: f32) {
    let Some(side) = v.sides.get(&f) else { return };
    play_area(img, v, f, side, y);
    components(img, f, side, y);
}

/// The objective value and capacity of this round's event, if one is face up.
pub fn event_numbers(v: &EvrView) -> Option<(u8, u8)> {
    let c = catalog();
    let e = c.event(c.event_by_key(v.event.as_deref()?)?);
    Some((e.objective_value, e.capacity))
}

fn play_area(img: &mut RgbImage, v: &EvrView, f: Faction, side: &SideView, y: f32) {
    let bg = style::band_bg(f);
    let x0 = GAP + 16.0;
    // The total, right-aligned on the title line, against the objective value.
    let right = GAP + PLAY_W - 16.0;
    let numbers = event_numbers(v);
    let over = numbers.is_some_and(|(objective, _)| side.total > objective as u32);
    let (label, col) = match numbers {
        Some((objective, _)) if over => (format!("total {} — over {objective}", side.total), OVER),
        Some((objective, _)) => (format!("total {} of {objective}", side.total), TEXT),
        None => (format!("total {}", side.total), TEXT),
    };
    let st = Style::bold(21.0, col);
    draw::text(img, st, right - draw::text_width(st, &label), y + 11.0, &label);

    let top = y + ROW_DY;
    let mut x = x0;
    for (i, p) in side.play.iter().enumerate() {
        let (w, dy) =
            if p.exhausted { (CARD_H as f32, (CARD_H - CARD_W) as f32 / 2.0) } else { (CARD_W as f32, 0.0) };
        card::resource(img, x, top + dy, &p.card, p.exhausted, bg);
        caption(img, x + w / 2.0, top + CARD_H as f32 + 9.0, i + 1, p.value, p.exhausted);
        x += w + CARD_GAP;
    }
    // The places still free under the event's capacity.
    let capacity = numbers.map_or(0, |(_, cap)| cap as usize);
    for _ in side.play.len()..capacity {
        if x + CARD_W as f32 > GAP + PLAY_W {
            break;
        }
        card::dashed_slot(img, (x, top, CARD_W as f32, CARD_H as f32), mix(DIM, bg, 0.45));
        x += CARD_W as f32 + CARD_GAP;
    }
    if side.play.is_empty() && capacity == 0 {
        draw::text(img, SMALL, x0, top + 70.0, "No cards in play.");
    }
}

/// The line under a card: its place in the play area (what `ready` names) and what it counts.
fn caption(img: &mut RgbImage, cx: f32, y: f32, slot: usize, value: u8, exhausted: bool) {
    let num = Style::bold(14.0, DIM);
    let body = Style::regular(15.0, if exhausted { DIM } else { TEXT });
    let strong = Style::bold(15.0, TEXT);
    let (a, b, c) =
        (format!("#{slot}  "), if exhausted { "turned · " } else { "counts " }, value.to_string());
    let w = draw::text_width(num, &a) + draw::text_width(body, b) + draw::text_width(strong, &c);
    let mut x = cx - w / 2.0;
    x += draw::text(img, num, x, y + 1.0, &a);
    x += draw::text(img, body, x, y, b);
    draw::text(img, strong, x, y, &c);
}

/// Left edge of a component row's content in the side panel.
const VALUE_X: f32 = SIDE_X + 136.0;
/// Room for a row's content.
const VALUE_W: f32 = SIDE_X + SIDE_W - 14.0 - VALUE_X;
/// The lists of strategy names, a little smaller to fit four names on a line.
const LIST: Style = Style::regular(15.5, TEXT);
/// Pitch of the rows.
const ROW: f32 = 24.0;

fn label(img: &mut RgbImage, y: f32, text: &str) {
    draw::text(img, Style::bold(13.0, DIM), SIDE_X + 16.0, y + 3.0, text);
}

fn components(img: &mut RgbImage, f: Faction, side: &SideView, y: f32) {
    let col = style::faction_color(f);
    // The face-down deck as a stack in the top-right corner, its count on it.
    let (dw, dh) = (58.0, 82.0);
    let dx = SIDE_X + SIDE_W - dw - 24.0;
    card::deck(img, (dx, y + 40.0, dw, dh), f, side.deck);
    draw::text_centered(img, Style::bold(12.0, DIM), dx + dw / 2.0 + 4.0, y + 40.0 + dh + 10.0, "DECK");
    let beside = VALUE_W - dw - 34.0;
    let mut y = y + 42.0;

    // Victory points: one pip per point towards the win.
    label(img, y, "VICTORY POINTS");
    let goal = catalog().victory_points_to_win as u32;
    let mut x = VALUE_X + 8.0;
    for i in 0..goal {
        if i < side.victory_points {
            draw::circle(img, x, y + 10.0, 8.0, col);
        } else {
            draw::ring(img, x, y + 10.0, 7.0, 2.0, mix(DIM, BG, 0.3));
        }
        x += 21.0;
    }
    draw::text(img, BODY_BOLD, x, y, &format!("{} of {goal}", side.victory_points));
    y += ROW + 2.0;

    // Influence tokens.
    label(img, y, "INFLUENCE");
    let x = tokens(img, VALUE_X + 8.0, y + 10.0, side.influence as usize, 10);
    draw::text(img, BODY_BOLD, x, y, &side.influence.to_string());
    y += ROW + 2.0;

    label(img, y, "DISCARD PILE");
    let pile = match side.discard.last() {
        Some(top) => format!("{} · top: {}", side.discard.len(), style::resource_name(top)),
        None => "empty".into(),
    };
    draw::text(img, BODY, VALUE_X, y, &draw::fit(BODY, &pile, beside));
    y += ROW;

    label(img, y, "RESERVE");
    let reserve = match &side.reserve {
        Cards::Visible(keys) if keys.is_empty() => "none".to_string(),
        Cards::Visible(keys) => keys.iter().map(|k| style::resource_name(k)).collect::<Vec<_>>().join(", "),
        Cards::Hidden(0) => "none".to_string(),
        Cards::Hidden(n) => format!("{} set aside, face down", style::plural(*n, "character", "characters")),
    };
    y = wrapped(img, y, BODY, &reserve, 2, beside);

    label(img, y, "STRATEGY");
    let (now, st) = match &side.chosen {
        None => ("not chosen yet".to_string(), BODY.with(DIM)),
        Some(Cards::Visible(keys)) => {
            (keys.iter().map(|k| style::strategy_name(k)).collect::<Vec<_>>().join(", "), BODY_BOLD.with(col))
        }
        Some(Cards::Hidden(_)) => ("chosen, face down".to_string(), BODY_BOLD),
    };
    let w = draw::text(img, BODY.with(DIM), VALUE_X, y, "this round: ");
    draw::text(img, st, VALUE_X + w, y, &draw::fit(st, &now, VALUE_W - w));
    y += ROW;
    let used: Vec<String> = side.used.iter().map(|k| style::strategy_name(k)).collect();
    let used = if used.is_empty() { "none".to_string() } else { used.join(", ") };
    let w = draw::text(img, BODY.with(DIM), VALUE_X, y, "used: ");
    draw::text(img, LIST, VALUE_X + w, y + 1.5, &draw::fit(LIST, &used, VALUE_W - w));
    y += ROW;
    let unused = match &side.unused {
        Cards::Visible(keys) if keys.is_empty() => "none".to_string(),
        Cards::Visible(keys) => keys.iter().map(|k| style::strategy_name(k)).collect::<Vec<_>>().join(", "),
        Cards::Hidden(n) => format!("{n} face down"),
    };
    let w = draw::text(img, BODY.with(DIM), VALUE_X, y, "unused: ");
    draw::text(img, LIST, VALUE_X + w, y + 1.5, &draw::fit(LIST, &unused, VALUE_W - w));
    y += ROW;

    label(img, y, "EVENTS WON");
    let c = catalog();
    let won: Vec<String> = side
        .won
        .iter()
        .map(|k| match c.event_by_key(k) {
            Some(e) => format!("{} ({})", c.event(e).name, c.event(e).victory_points),
            None => k.clone(),
        })
        .collect();
    let won = if won.is_empty() { "none yet".to_string() } else { won.join(", ") };
    wrapped(img, y, BODY.with(if side.won.is_empty() { DIM } else { GOLD }), &won, 2, VALUE_W);
}

/// Draws text in the value column, `width` pixels wide, wrapped to at most `max` lines (the
/// last one shortened); returns the top of the next row.
fn wrapped(img: &mut RgbImage, mut y: f32, st: Style, text: &str, max: usize, width: f32) -> f32 {
    let words: Vec<String> = text.split(' ').map(str::to_string).collect();
    let lines = draw::wrap(st, &words, " ", width);
    let n = lines.len().clamp(1, max);
    for (i, line) in lines.iter().take(n).enumerate() {
        let line = if i + 1 == n && lines.len() > n { format!("{line} …") } else { line.clone() };
        draw::text(img, st, VALUE_X, y, &draw::fit(st, &line, width));
        y += ROW - 3.0;
    }
    y + 2.0
}

/// Draws up to `max` influence tokens in a row centred on `cy` from `x` (a `+n` for more);
/// returns where the row ends.
pub fn tokens(img: &mut RgbImage, mut x: f32, cy: f32, n: usize, max: usize) -> f32 {
    for _ in 0..n.min(max) {
        draw::circle(img, x, cy, 8.5, GOLD);
        draw::ring(img, x, cy, 5.0, 1.5, mix(GOLD, BG, 0.45));
        x += 20.0;
    }
    if n > max {
        x += draw::text(img, Style::bold(15.0, GOLD), x - 4.0, cy - 9.0, &format!("+{}", n - max));
    }
    x + 2.0
}

/// Draws the title of a band's play area (the faction and its disc) with the band's top at `y`.
pub fn title(img: &mut RgbImage, f: Faction, y: f32) {
    let col = style::faction_color(f);
    icons::faction_disc(img, GAP + 30.0, y + 23.0, 13.0, f);
    let st = Style::bold(21.0, col);
    let w = draw::text(img, st, GAP + 52.0, y + 11.0, style::faction_title(f));
    draw::text(img, Style::bold(15.0, DIM), GAP + 64.0 + w, y + 15.0, "PLAY AREA");
}
