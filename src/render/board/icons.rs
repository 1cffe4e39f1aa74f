//! Small pictograms shared by the map, the panels and the legend.

use image::RgbImage;

use super::draw::{self, Color, Style};
use super::theme::{self, BG, DIM, TEXT};
use crate::content::{Faction, IconShape, ResourceIcon};

/// Draws a resource icon (its colour and shape) centred on `(cx, cy)`, `s` pixels across.
pub fn resource(img: &mut RgbImage, cx: f32, cy: f32, s: f32, icon: ResourceIcon) {
    let c = theme::icon_color(icon.color);
    let h = s / 2.0;
    match icon.shape {
        IconShape::Triangle => {
            draw::polygon(img, &[(cx, cy - h), (cx + h * 1.1, cy + h * 0.9), (cx - h * 1.1, cy + h * 0.9)], c)
        }
        IconShape::Circle => draw::circle(img, cx, cy, h * 0.95, c),
        IconShape::Square => {
            draw::rounded_rect(img, (cx - h * 0.85, cy - h * 0.85, h * 1.7, h * 1.7), 1.5, c, 1.0)
        }
    }
}

/// Draws a build-queue space number in a small box with its top-left at `(x, y)`; returns the
/// width used.
pub fn queue_number(img: &mut RgbImage, x: f32, y: f32, n: u8) -> f32 {
    let st = Style::bold(16.0, TEXT);
    let s = n.to_string();
    let w = draw::text_width(st, &s) + 8.0;
    draw::rounded_rect_outline(img, (x, y, w, 19.0), 4.0, 1.5, DIM);
    draw::text(img, st, x + 4.0, y + 0.5, &s);
    w
}

/// Draws the ship mark (a right-pointing dart) in a `s`-pixel box at `(x, y)`.
pub fn ship(img: &mut RgbImage, x: f32, y: f32, s: f32, c: Color) {
    draw::polygon(
        img,
        &[(x, y + s * 0.1), (x + s, y + s * 0.5), (x, y + s * 0.9), (x + s * 0.18, y + s * 0.5)],
        c,
    );
}

/// Draws the ground-unit mark (a small house-shaped pentagon) in a `s`-pixel box at `(x, y)`.
pub fn ground(img: &mut RgbImage, x: f32, y: f32, s: f32, c: Color) {
    draw::polygon(
        img,
        &[
            (x + s * 0.5, y + s * 0.08),
            (x + s * 0.95, y + s * 0.45),
            (x + s * 0.95, y + s * 0.92),
            (x + s * 0.05, y + s * 0.92),
            (x + s * 0.05, y + s * 0.45),
        ],
        c,
    );
}

/// Draws a faction disc with its letter, centred on `(cx, cy)`.
pub fn faction_disc(img: &mut RgbImage, cx: f32, cy: f32, r: f32, f: Faction) {
    draw::circle(img, cx, cy, r, theme::faction_color(f));
    let st = Style::bold(r * 1.55, BG);
    let h = draw::line_height(st);
    draw::text_centered(img, st, cx, cy - h / 2.0, theme::faction_letter(f));
}

/// Draws the recruit icon (a person) in a `s`-pixel box at `(x, y)`.
pub fn recruit(img: &mut RgbImage, x: f32, y: f32, s: f32, c: Color) {
    draw::circle(img, x + s * 0.5, y + s * 0.3, s * 0.2, c);
    let (cx, cy, r) = (x + s * 0.5, y + s * 0.95, s * 0.4);
    draw::fill_sdf(img, (cx - r, cy - r, cx + r, cy), c, 1.0, |px, py| {
        (((px - cx).powi(2) + (py - cy).powi(2)).sqrt() - r).max(py - cy)
    });
}

/// Draws the build icon (a cog) in a `s`-pixel box at `(x, y)`.
pub fn build(img: &mut RgbImage, x: f32, y: f32, s: f32, c: Color) {
    let (cx, cy) = (x + s / 2.0, y + s / 2.0);
    for i in 0..8 {
        let a = i as f32 * std::f32::consts::PI / 4.0;
        let (dx, dy) = (a.cos(), a.sin());
        draw::line(
            img,
            (cx + dx * s * 0.25, cy + dy * s * 0.25),
            (cx + dx * s * 0.45, cy + dy * s * 0.45),
            s * 0.16,
            c,
            1.0,
        );
    }
    draw::ring(img, cx, cy, s * 0.25, s * 0.16, c);
}

/// Draws a badge (outlined rounded box with bold text) with its top-left at `(x, y)`;
/// returns its width.
pub fn badge(img: &mut RgbImage, x: f32, y: f32, label: &str, c: Color, filled: bool) -> f32 {
    let st = Style::bold(15.0, if filled { BG } else { c });
    let w = draw::text_width(st, label) + 8.0;
    if filled {
        draw::rounded_rect(img, (x, y, w, 18.0), 4.0, c, 1.0);
    } else {
        draw::rounded_rect_outline(img, (x, y, w, 18.0), 4.0, 1.5, c);
    }
    draw::text(img, st, x + 4.0, y + 0.5, label);
    w
}

/// The width [`badge`] will take.
pub fn badge_width(label: &str) -> f32 {
    draw::text_width(Style::bold(15.0, TEXT), label) + 8.0
}

/// Draws the impassable-border mark: a bar across the line `a`–`b` at its middle.
pub fn wall(img: &mut RgbImage, a: (f32, f32), b: (f32, f32), len: f32) {
    let (mx, my) = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    let d = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt().max(1e-3);
    let (ux, uy) = ((b.0 - a.0) / d, (b.1 - a.1) / d);
    let (nx, ny) = (-uy, ux);
    let h = len / 2.0;
    draw::line(img, (mx - nx * h, my - ny * h), (mx + nx * h, my + ny * h), 7.0, theme::WALL, 1.0);
    for k in [-1.0f32, 1.0] {
        let (px, py) = (mx + ux * 9.0 * k, my + uy * 9.0 * k);
        draw::line(
            img,
            (px - nx * h * 0.5, py - ny * h * 0.5),
            (px + nx * h * 0.5, py + ny * h * 0.5),
            2.5,
            theme::WALL,
            0.8,
        );
    }
}
