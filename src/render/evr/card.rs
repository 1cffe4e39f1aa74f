//! One resource card as it lies on the table, upright while ready and turned a quarter clockwise
//! once exhausted (as the rulebook turns it); the face-down deck; an empty place in a play area.
//!
//! A card is drawn upright into a small tile of its own, over the colour of the panel it will
//! lie on, and the tile is rotated whole when the card is exhausted: the text on a turned card
//! reads sideways, exactly as on a real table, and its corners still blend into the panel.

use image::RgbImage;
use image::imageops;

use super::style::{self, CARD_H, CARD_W, SILVER};
use crate::content::Faction;
use crate::content::evr::{Category, catalog};
use crate::render::board::draw::{self, Color, Style, mix};
use crate::render::board::icons;
use crate::render::board::theme::{BG, DIM, TEXT};

/// Draws a resource card (by key) with its top-left at `(x, y)` on a panel of colour `bg`;
/// an exhausted card is turned and takes `CARD_H` × `CARD_W` pixels instead.
pub fn resource(img: &mut RgbImage, x: f32, y: f32, key: &str, exhausted: bool, bg: Color) {
    let mut tile = RgbImage::from_pixel(CARD_W, CARD_H, image::Rgb(bg));
    face(&mut tile, key);
    let tile = if exhausted { imageops::rotate90(&tile) } else { tile };
    imageops::replace(img, &tile, x.round() as i64, y.round() as i64);
}

/// The upright face of a resource card, filling its tile.
fn face(tile: &mut RgbImage, key: &str) {
    let (w, h) = (CARD_W as f32, CARD_H as f32);
    let c = catalog();
    let Some(def) = c.resource_by_key(key).map(|id| c.resource(id)) else {
        // A key the catalog does not know (never from the engine): a plain card naming it.
        draw::rounded_rect(tile, (0.0, 0.0, w, h), 10.0, DIM, 1.0);
        let st = Style::bold(13.0, BG);
        draw::text_centered(tile, st, w / 2.0, h / 2.0 - 8.0, &draw::fit(st, key, w - 10.0));
        return;
    };
    let frame = if def.is_character() { SILVER } else { style::faction_color(def.faction) };
    let accent = style::category_color(def.category);
    draw::rounded_rect(tile, (0.0, 0.0, w, h), 10.0, frame, 1.0);
    draw::rounded_rect(tile, (3.0, 3.0, w - 6.0, h - 6.0), 8.0, style::card_fill(def.faction), 1.0);

    // The category band along the top.
    draw::rounded_rect(tile, (3.0, 3.0, w - 6.0, 26.0), 8.0, accent, 1.0);
    draw::fill_rect(tile, 3, 17, w as i32 - 6, 12, accent);
    let st = Style::bold(12.5, BG);
    let label = style::category_label(def.category);
    draw::text_centered(tile, st, w / 2.0, 8.0, &draw::fit(st, &label, w - 12.0));

    // The value, large, in the faction's colour.
    let (cx, cy, r) = if def.is_character() { (w / 2.0, 56.0, 23.0) } else { (w / 2.0, 60.0, 25.0) };
    draw::circle(tile, cx, cy, r, style::faction_color(def.faction));
    draw::ring(tile, cx, cy, r, 2.0, mix(frame, BG, 0.3));
    let st = Style::bold(r * 1.2, BG);
    draw::text_centered(tile, st, cx, cy - draw::line_height(st) / 2.0, &def.value.to_string());

    if def.is_character() {
        // The name in two lines at most, smaller when it needs it.
        let words: Vec<String> = def.name.split_whitespace().map(str::to_string).collect();
        let (mut st, mut lines) = (Style::bold(15.5, TEXT), vec![]);
        for px in [15.5, 13.5] {
            st = Style::bold(px, TEXT);
            lines = draw::wrap(st, &words, " ", w - 14.0);
            if lines.len() <= 2 {
                break;
            }
        }
        let lh = draw::line_height(st);
        let top = if lines.len() == 1 { 97.0 } else { 87.0 };
        for (i, line) in lines.iter().take(2).enumerate() {
            draw::text_centered(tile, st, w / 2.0, top + i as f32 * lh, &draw::fit(st, line, w - 10.0));
        }
        // The lower value of an exhausted character, in the lower-left corner as printed.
        if let Some(low) = def.exhausted_value {
            let (lx, ly) = (19.0, h - 19.0);
            draw::circle(tile, lx, ly, 11.0, mix(SILVER, BG, 0.25));
            let st = Style::bold(14.0, BG);
            draw::text_centered(tile, st, lx, ly - draw::line_height(st) / 2.0, &low.to_string());
        }
        icons::recruit(tile, w - 30.0, h - 31.0, 19.0, mix(SILVER, style::card_fill(def.faction), 0.35));
    } else {
        pictogram(tile, w / 2.0, 124.0, 44.0, def.category, accent, style::card_fill(def.faction));
    }
}

/// A small picture of a basic category, centred on `(cx, cy)`, `s` pixels across, drawn in
/// `c` over the card's body colour `body`.
fn pictogram(img: &mut RgbImage, cx: f32, cy: f32, s: f32, cat: Category, c: Color, body: Color) {
    let r = s / 2.0;
    match cat {
        // Cross hairs: a ring, four ticks and a dot.
        Category::Military => {
            draw::ring(img, cx, cy, r * 0.62, 3.0, c);
            for (dx, dy) in [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)] {
                let a = (cx + dx * r * 0.35, cy + dy * r * 0.35);
                let b = (cx + dx * r, cy + dy * r);
                draw::line(img, a, b, 3.0, c, 1.0);
            }
            draw::circle(img, cx, cy, 3.0, c);
        }
        // Two linked rings.
        Category::Diplomacy => {
            draw::ring(img, cx - r * 0.3, cy, r * 0.5, 3.5, c);
            draw::ring(img, cx + r * 0.3, cy, r * 0.5, 3.5, c);
        }
        // An eye: a lens with its pupil.
        Category::Recon => {
            let n = 14;
            let mut pts = vec![];
            for i in 0..=n {
                let t = std::f32::consts::PI * i as f32 / n as f32;
                pts.push((cx - r * t.cos(), cy - r * 0.55 * t.sin()));
            }
            for i in 1..n {
                let t = std::f32::consts::PI * i as f32 / n as f32;
                pts.push((cx + r * t.cos(), cy + r * 0.55 * t.sin()));
            }
            draw::polygon(img, &pts, c);
            draw::circle(img, cx, cy, r * 0.34, body);
            draw::circle(img, cx, cy, r * 0.16, c);
        }
        // Ripples spreading from a point.
        Category::Force => {
            draw::circle(img, cx, cy, r * 0.22, c);
            draw::ring(img, cx, cy, r * 0.55, 3.0, c);
            draw::ring(img, cx, cy, r * 0.9, 2.0, mix(c, body, 0.4));
        }
        Category::Character => icons::recruit(img, cx - r, cy - r, s, c),
    }
}

/// Draws a face-down resource deck of `n` cards, `w` × `h` pixels with its top-left at
/// `(x, y)`: a stack of card backs in the faction's colour, the count on top.
pub fn deck(img: &mut RgbImage, (x, y, w, h): (f32, f32, f32, f32), f: Faction, n: usize) {
    let col = style::faction_color(f);
    // A thicker stack for a fuller deck (up to three edges showing).
    let layers = n.min(24).div_ceil(8);
    for i in (1..=layers).rev() {
        let o = i as f32 * 3.0;
        draw::rounded_rect(img, (x + o, y + o, w, h), 7.0, mix(col, BG, 0.55), 1.0);
    }
    if n == 0 {
        dashed_slot(img, (x, y, w, h), DIM);
        return;
    }
    draw::rounded_rect(img, (x, y, w, h), 7.0, col, 1.0);
    draw::rounded_rect(img, (x + 3.0, y + 3.0, w - 6.0, h - 6.0), 5.0, style::card_fill(f), 1.0);
    let st = Style::bold(22.0, TEXT);
    draw::text_centered(img, st, x + w / 2.0, y + h / 2.0 - draw::line_height(st) / 2.0, &n.to_string());
}

/// Draws a dashed outline for an empty place, `(x, y, w, h)`.
pub fn dashed_slot(img: &mut RgbImage, (x, y, w, h): (f32, f32, f32, f32), c: Color) {
    let (x0, y0, x1, y1) =
        (x.round() as i32, y.round() as i32, (x + w).round() as i32, (y + h).round() as i32);
    let (dash, gap) = (10, 7);
    let mut t = x0;
    while t < x1 {
        let len = dash.min(x1 - t);
        draw::fill_rect(img, t, y0, len, 2, c);
        draw::fill_rect(img, t, y1 - 2, len, 2, c);
        t += dash + gap;
    }
    let mut t = y0;
    while t < y1 {
        let len = dash.min(y1 - t);
        draw::fill_rect(img, x0, t, 2, len, c);
        draw::fill_rect(img, x1 - 2, t, 2, len, c);
        t += dash + gap;
    }
}
