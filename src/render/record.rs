//! The server record's chart (`/game stats`): one side's share of the wins over time, one line
//! per game, each point the share of the last finished matches up to that match's end.
//!
//! The share runs from 0% to 100% with the even line marked; time runs from the first match
//! shown to the last, labelled with dates. Lines differ in colour *and* dash and marker (the
//! first solid with discs, the second dashed with squares), so the chart reads without colour
//! vision too. Drawn from the lines' public figures alone.

use image::RgbImage;

use super::board::draw::{self, Color, Style};
use super::board::{encode_png, theme};

/// Width of the chart in pixels.
pub const WIDTH: u32 = 900;
/// Height of the chart in pixels.
pub const HEIGHT: u32 = 460;

const MARGIN: f32 = 24.0;
const GUTTER_L: f32 = 70.0;
const TITLE_STYLE: Style = Style::bold(28.0, theme::TEXT);
const SUB: Style = Style::regular(18.0, theme::DIM);
const LEGEND: Style = Style::regular(19.0, theme::TEXT);
const TICK: Style = Style::regular(17.0, theme::DIM);
const LINE_W: f32 = 3.0;

/// One line of the chart.
#[derive(Clone, Debug, PartialEq)]
pub struct ShareLine {
    /// Its name in the legend (the game).
    pub name: String,
    /// (seconds since the Unix epoch, share from 0 to 1), in time order.
    pub points: Vec<(u64, f64)>,
}

/// The colour, dash and marker of the `i`-th line.
fn look(i: usize) -> (Color, Option<(f32, f32)>, bool) {
    match i % 2 {
        0 => (theme::EMPIRE, None, true),
        _ => (theme::ICON_ORANGE, Some((12.0, 8.0)), false),
    }
}

/// The date of a time, as YYYY-MM-DD (the proleptic Gregorian calendar, UTC).
pub fn date(secs: u64) -> String {
    let days = (secs / 86_400) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let doe = days.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// A line through points, dashed when asked.
fn polyline(img: &mut RgbImage, pts: &[(f32, f32)], color: Color, dash: Option<(f32, f32)>) {
    for seg in pts.windows(2) {
        let (a, b) = (seg[0], seg[1]);
        let Some((on, off)) = dash else {
            draw::line(img, a, b, LINE_W, color, 1.0);
            continue;
        };
        let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
        let at = |d: f32| (a.0 + (b.0 - a.0) * d / len, a.1 + (b.1 - a.1) * d / len);
        let mut d = 0.0;
        while d < len {
            draw::line(img, at(d), at((d + on).min(len)), LINE_W, color, 1.0);
            d += on + off;
        }
    }
}

/// A point's marker: a disc or a square, with a dark rim.
fn mark(img: &mut RgbImage, (x, y): (f32, f32), disc: bool, color: Color) {
    if disc {
        draw::circle(img, x, y, 6.0, theme::BG);
        draw::circle(img, x, y, 4.5, color);
    } else {
        draw::rounded_rect(img, (x - 6.0, y - 6.0, 12.0, 12.0), 1.0, theme::BG, 1.0);
        draw::rounded_rect(img, (x - 4.5, y - 4.5, 9.0, 9.0), 1.0, color, 1.0);
    }
}

/// Draws the chart: `title` on top, `caption` under it, the lines below.
pub fn render_image(title: &str, caption: &str, lines: &[ShareLine]) -> RgbImage {
    let mut img = RgbImage::from_pixel(WIDTH, HEIGHT, image::Rgb(theme::BG));
    let (w, h) = (WIDTH as f32, HEIGHT as f32);
    draw::text(&mut img, TITLE_STYLE, MARGIN, 14.0, &draw::fit(TITLE_STYLE, title, w - 2.0 * MARGIN));
    draw::text(&mut img, SUB, MARGIN, 54.0, &draw::fit(SUB, caption, w - 2.0 * MARGIN));
    let mut x = MARGIN;
    for (i, l) in lines.iter().enumerate() {
        let (color, dash, disc) = look(i);
        polyline(&mut img, &[(x, 96.0), (x + 30.0, 96.0)], color, dash);
        mark(&mut img, (x + 15.0, 96.0), disc, color);
        x += 40.0 + draw::text(&mut img, LEGEND, x + 40.0, 84.0, &l.name) + 30.0;
    }
    let panel = (MARGIN, 124.0, w - 2.0 * MARGIN, h - 124.0 - MARGIN);
    draw::rounded_rect(&mut img, panel, 8.0, theme::PANEL, 1.0);
    draw::rounded_rect_outline(&mut img, panel, 8.0, 1.5, theme::FRAME);
    let times = lines.iter().flat_map(|l| l.points.iter().map(|p| p.0));
    let (Some(first), Some(last)) = (times.clone().min(), times.max()) else {
        draw::text_centered(
            &mut img,
            SUB,
            w / 2.0,
            panel.1 + panel.3 / 2.0 - 10.0,
            "No match has finished yet.",
        );
        return img;
    };
    let (px, py, pw, ph) = (panel.0 + GUTTER_L, panel.1 + 18.0, panel.2 - GUTTER_L - 28.0, panel.3 - 56.0);
    let y_of = |share: f64| py + ph * (1.0 - share as f32);
    let span = (last - first).max(1) as f32;
    let x_of = |t: u64| if last == first { px + pw / 2.0 } else { px + pw * (t - first) as f32 / span };
    let th = draw::line_height(TICK);
    for k in 0..=4 {
        let share = k as f64 / 4.0;
        let y = y_of(share).round();
        let alpha = if k == 2 { 1.0 } else { 0.45 };
        draw::line(&mut img, (px, y), (px + pw, y), 1.5, theme::FRAME, alpha);
        let s = format!("{}%", k * 25);
        draw::text(&mut img, TICK, px - 10.0 - draw::text_width(TICK, &s), y - th / 2.0, &s);
    }
    // Markers only where they stay apart, and then on every line (the legend shows them).
    let marked = lines.iter().all(|l| l.points.len() <= 60);
    for (i, l) in lines.iter().enumerate() {
        let (color, dash, disc) = look(i);
        let pts: Vec<(f32, f32)> = l.points.iter().map(|&(t, s)| (x_of(t), y_of(s))).collect();
        polyline(&mut img, &pts, color, dash);
        if marked {
            for p in &pts {
                mark(&mut img, *p, disc, color);
            }
        }
    }
    draw::text(&mut img, TICK, px, py + ph + 10.0, &date(first));
    if last != first {
        let s = date(last);
        draw::text(&mut img, TICK, px + pw - draw::text_width(TICK, &s), py + ph + 10.0, &s);
    }
    img
}

/// Draws the chart as a PNG (see [`render_image`]).
pub fn render_png(title: &str, caption: &str, lines: &[ShareLine]) -> Vec<u8> {
    encode_png(&render_image(title, caption, lines))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_follow_the_calendar() {
        assert_eq!(date(0), "1970-01-01");
        assert_eq!(date(951_782_400), "2000-02-29");
        assert_eq!(date(1_764_374_400), "2025-11-29");
    }

    #[test]
    fn the_chart_draws_each_line_and_a_note_when_there_is_none() {
        let line =
            |name: &str, s: f64| ShareLine { name: name.into(), points: vec![(0, s), (86_400 * 30, s)] };
        let empty = render_image("t", "c", &[]);
        let drawn = render_image("t", "c", &[line("A", 0.25), line("B", 0.75)]);
        assert_eq!(drawn.dimensions(), (WIDTH, HEIGHT));
        // A line at 25% and one at 75% colour the plot where the empty chart has none.
        let row = |share: f32| (124.0 + 18.0 + (HEIGHT as f32 - 124.0 - 24.0 - 56.0) * (1.0 - share)) as u32;
        let x = WIDTH / 2;
        let (a, b) = (drawn.get_pixel(x, row(0.25)).0, drawn.get_pixel(x, row(0.75)).0);
        assert_eq!(a, theme::EMPIRE, "the first line, solid");
        assert_ne!(b, theme::PANEL, "the second line");
        assert_eq!(empty.get_pixel(x, row(0.25)).0, theme::PANEL);
        assert!(!render_png("t", "c", &[]).is_empty());
    }
}
