//! The luck chart of the reveal: each side's dice against expectation, round by round.
//!
//! One bar per side and round: the mission successes its dice were worth that round, less what
//! such dice are worth on average (up is luckier). Rebel bars are filled in the Rebel colour,
//! Imperial bars are outlined and hatched lighter, so the chart reads without colour vision
//! too; the legend gives each side's total. Drawn from a [`LuckReport`] alone (public dice).

use image::RgbImage;

use super::board::draw::{self, Color, Style};
use super::board::{encode_png, theme};
use super::chart::nice_step;
use crate::trust::luck::LuckReport;

/// Width of the chart in pixels.
pub const WIDTH: u32 = 900;
/// Height of the chart in pixels.
pub const HEIGHT: u32 = 460;
/// The chart's title.
pub const TITLE: &str = "The dice against expectation";

const MARGIN: f32 = 24.0;
const GUTTER_L: f32 = 70.0;
const TITLE_STYLE: Style = Style::bold(30.0, theme::TEXT);
const SUB: Style = Style::regular(18.0, theme::DIM);
const LEGEND: Style = Style::regular(19.0, theme::TEXT);
const TICK: Style = Style::regular(17.0, theme::DIM);

/// The colour of the n-th side (the Rebels first, then the Empire).
fn side_color(i: usize) -> Color {
    if i == 0 { theme::REBEL } else { theme::EMPIRE }
}

/// Draws a bar from the zero line to `y`: filled for the first side, outlined and striped for
/// the others.
fn bar(img: &mut RgbImage, (x, w): (f32, f32), zero: f32, y: f32, i: usize) {
    let (top, h) = if y < zero { (y, zero - y) } else { (zero, y - zero) };
    if h < 1.0 {
        draw::line(img, (x, zero), (x + w, zero), 3.0, side_color(i), 1.0);
        return;
    }
    if i == 0 {
        draw::rounded_rect(img, (x, top, w, h), 2.0, side_color(i), 1.0);
        return;
    }
    let fill = draw::mix(theme::PANEL, side_color(i), 0.25);
    draw::rounded_rect(img, (x, top, w, h), 2.0, fill, 1.0);
    let mut s = top + 6.0;
    while s < top + h {
        draw::line(img, (x + 2.0, s), (x + w - 2.0, s), 1.5, side_color(i), 0.7);
        s += 7.0;
    }
    draw::rounded_rect_outline(img, (x, top, w, h), 2.0, 2.0, side_color(i));
}

/// Draws the report as an image; a report without dice gives a note.
pub fn render_image(report: &LuckReport) -> RgbImage {
    let mut img = RgbImage::from_pixel(WIDTH, HEIGHT, image::Rgb(theme::BG));
    let (w, h) = (WIDTH as f32, HEIGHT as f32);
    draw::text(&mut img, TITLE_STYLE, MARGIN, 14.0, TITLE);
    draw::text(
        &mut img,
        SUB,
        MARGIN,
        56.0,
        "Mission successes the dice were worth each round, above or below their average",
    );
    let totals = report.totals();
    // Legend: each side with its whole match.
    let mut x = MARGIN;
    for (i, (side, t)) in report.sides.iter().zip(&totals).enumerate() {
        bar(&mut img, (x, 18.0), 104.0, 88.0, i);
        let s = format!("{side} {:+.1} over {} dice", t.luck(), t.dice);
        x += 28.0 + draw::text(&mut img, LEGEND, x + 26.0, 86.0, &s) + 30.0;
    }
    let panel = (MARGIN, 124.0, w - 2.0 * MARGIN, h - 124.0 - MARGIN);
    draw::rounded_rect(&mut img, panel, 8.0, theme::PANEL, 1.0);
    draw::rounded_rect_outline(&mut img, panel, 8.0, 1.5, theme::FRAME);
    if totals.iter().all(|t| t.dice == 0) {
        draw::text_centered(&mut img, SUB, w / 2.0, panel.1 + panel.3 / 2.0 - 10.0, "No dice were rolled.");
        return img;
    }
    let (px, py, pw, ph) = (panel.0 + GUTTER_L, panel.1 + 16.0, panel.2 - GUTTER_L - 16.0, panel.3 - 52.0);
    let most = report.rounds.iter().flat_map(|r| r.sides.iter().map(|t| t.luck().abs())).fold(1.0, f64::max);
    let step = nice_step(most as f32, 3.0);
    let top = ((most as f32 / step).ceil() * step).max(step);
    let y_of = |v: f32| py + ph / 2.0 - v / top * (ph / 2.0);
    let th = draw::line_height(TICK);
    let mut v = -top;
    while v <= top + 0.01 {
        let y = y_of(v).round();
        let alpha = if v.abs() < 0.001 { 1.0 } else { 0.45 };
        draw::line(&mut img, (px, y), (px + pw, y), 1.5, theme::FRAME, alpha);
        let s = if v > 0.0 { format!("+{v}") } else { format!("{v}") };
        draw::text(&mut img, TICK, px - 10.0 - draw::text_width(TICK, &s), y - th / 2.0, &s);
        v += step;
    }
    let n = report.rounds.len().max(1) as f32;
    let slot = pw / n;
    let sides = report.sides.len().max(1) as f32;
    let bw = (slot * 0.8 / sides).min(28.0);
    let every = nice_step(n, pw / 34.0).max(1.0) as usize;
    for (k, r) in report.rounds.iter().enumerate() {
        let cx = px + slot * (k as f32 + 0.5);
        let left = cx - bw * sides / 2.0;
        for (i, t) in r.sides.iter().enumerate() {
            if t.dice > 0 {
                bar(&mut img, (left + bw * i as f32, bw - 2.0), y_of(0.0), y_of(t.luck() as f32), i);
            }
        }
        if (r.round as usize).is_multiple_of(every) || k == 0 {
            draw::text_centered(&mut img, TICK, cx, py + ph + 8.0, &r.round.to_string());
        }
    }
    draw::text(&mut img, Style::bold(14.0, theme::DIM), panel.0 + 12.0, py + ph + 10.0, "ROUND");
    img
}

/// Draws the report as a PNG (see [`render_image`]).
pub fn render_png(report: &LuckReport) -> Vec<u8> {
    encode_png(&render_image(report))
}
