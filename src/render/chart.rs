//! The end-of-match chart: a PNG of a match's history, round by round.
//!
//! Two panels share one round axis. The upper one follows the time and reputation markers on
//! the time track (0 to the track's length), shades the gap between them and rings the point
//! where they meet; the lower one follows each faction's units on the board. Series differ in
//! colour *and* in dash and marker shape (reputation: vermillion, solid, discs; time: white,
//! dashed, diamonds; Rebel units: vermillion, solid, discs; Imperial units: steel grey, dashed,
//! squares), so the chart reads without colour vision too. The colours, fonts and primitives
//! are the board image's.
//!
//! The chart is drawn from [`RoundPoint`]s alone, which hold public facts only.

use image::RgbImage;

use super::board::draw::{self, Color, Style};
use super::board::{encode_png, icons, theme};
use super::history::{Moment, RoundPoint};
use crate::content::{Faction, catalog};

/// Width of the chart in pixels.
pub const WIDTH: u32 = 1200;
/// Height of the chart in pixels.
pub const HEIGHT: u32 = 700;

/// The chart's title.
pub const TITLE: &str = "Reputation and time by round";

const MARGIN: f32 = 24.0;
/// Room left of a plot for the value labels.
const GUTTER_L: f32 = 104.0;
/// Room right of a plot for the labels of the last values.
const GUTTER_R: f32 = 72.0;
/// Height of a panel's title row.
const PANEL_HEAD: f32 = 44.0;
/// Height of the round labels under a plot.
const TICKS_H: f32 = 34.0;

const TITLE_STYLE: Style = Style::bold(36.0, theme::TEXT);
const SUB: Style = Style::regular(24.0, theme::TEXT);
const SUB_BOLD: Style = Style::bold(24.0, theme::TEXT);
const PANEL_TITLE: Style = Style::bold(20.0, theme::DIM);
const LEGEND: Style = Style::regular(21.0, theme::TEXT);
const TICK: Style = Style::regular(20.0, theme::DIM);
const AXIS_CAPTION: Style = Style::bold(16.0, theme::DIM);
const END_LABEL: Style = Style::bold(22.0, theme::TEXT);
const NOTE: Style = Style::regular(22.0, theme::DIM);

/// Time-marker line colour: the board draws the time marker in its text colour.
const TIME: Color = theme::TEXT;
/// Gridlines.
const GRID: Color = theme::FRAME;

/// How the points of a series are marked.
#[derive(Clone, Copy)]
enum Shape {
    Disc,
    Diamond,
    Square,
}

/// One line of a panel.
struct Series {
    name: &'static str,
    color: Color,
    /// Dash and gap lengths in pixels; `None` draws a solid line.
    dash: Option<(f32, f32)>,
    shape: Shape,
    /// `(round, value)` pairs.
    values: Vec<(f32, f32)>,
}

/// A plot area and the data ranges it shows.
#[derive(Clone, Copy)]
struct Plot {
    x: f32,
    y: f32,
    w: f32,
    h: f32,
    /// First and last round on the axis.
    rounds: (f32, f32),
    /// Largest value on the axis (the axis starts at 0).
    top: f32,
}

impl Plot {
    fn px(&self, round: f32, value: f32) -> (f32, f32) {
        let (r0, r1) = self.rounds;
        let x = self.x + (round - r0) / (r1 - r0) * self.w;
        let y = self.y + self.h - value.clamp(0.0, self.top) / self.top * self.h;
        (x, y)
    }
}

/// Draws the history as an image; any input gives an image, an empty one a note.
pub fn render_image(points: &[RoundPoint]) -> RgbImage {
    let mut img = RgbImage::from_pixel(WIDTH, HEIGHT, image::Rgb(theme::BG));
    header(&mut img, points);

    let rounds = round_range(points);
    let (w, h) = (WIDTH as f32, HEIGHT as f32);
    let top_y = 104.0;
    let split = 416.0;
    let upper = (MARGIN, top_y, w - 2.0 * MARGIN, split - top_y);
    let lower = (MARGIN, split + 12.0, w - 2.0 * MARGIN, h - MARGIN - split - 12.0);

    // Markers never leave the track; anything beyond it is drawn at its end.
    let track_top = catalog().time_track.length as f32;
    let markers = [
        Series {
            name: "Reputation",
            color: theme::REBEL,
            dash: None,
            shape: Shape::Disc,
            values: points.iter().map(|p| (p.round as f32, p.reputation as f32)).collect(),
        },
        Series {
            name: "Time",
            color: TIME,
            dash: Some((14.0, 9.0)),
            shape: Shape::Diamond,
            values: points.iter().map(|p| (p.round as f32, p.time as f32)).collect(),
        },
    ];
    let plot = panel(&mut img, upper, "TIME TRACK MARKERS", &markers, rounds, track_top, 2.0);
    gap_band(&mut img, &plot, points);
    grid(&mut img, &plot, 2.0);
    draw_series(&mut img, &plot, &markers);
    meeting(&mut img, &plot, points);
    end_labels(&mut img, &plot, &markers);

    let units = [Faction::Rebel, Faction::Empire].map(|f| Series {
        name: match f {
            Faction::Rebel => "Rebel units",
            Faction::Empire => "Imperial units",
        },
        color: theme::faction_color(f),
        dash: if f == Faction::Rebel { None } else { Some((14.0, 9.0)) },
        shape: if f == Faction::Rebel { Shape::Disc } else { Shape::Square },
        values: points.iter().map(|p| (p.round as f32, p.units_of(f) as f32)).collect(),
    });
    let most = points.iter().flat_map(|p| p.units).max().unwrap_or(0) as f32;
    let step = nice_step(most.max(5.0), 6.0);
    let units_top = ((most / step).ceil() * step).max(step);
    let plot = panel(&mut img, lower, "UNITS ON THE BOARD", &units, rounds, units_top, step);
    grid(&mut img, &plot, step);
    draw_series(&mut img, &plot, &units);
    end_labels(&mut img, &plot, &units);

    if points.is_empty() {
        let y = upper.1 + upper.3 / 2.0 - 14.0;
        draw::text_centered(&mut img, NOTE, w / 2.0, y, "No rounds to show: the match has no history yet.");
    }
    img
}

/// Draws the history as a PNG (see [`render_image`]).
pub fn render_png(points: &[RoundPoint]) -> Vec<u8> {
    encode_png(&render_image(points))
}

/// The round axis: from 0 (the start) to the last point's round, at least one round.
fn round_range(points: &[RoundPoint]) -> (f32, f32) {
    (0.0, points.iter().map(|p| p.round).max().unwrap_or(0).max(1) as f32)
}

/// The smallest step of 1, 2 or 5 times a power of ten that cuts `span` into at most `parts`
/// parts (so labels and gridlines stay few whatever the data).
pub(super) fn nice_step(span: f32, parts: f32) -> f32 {
    let mut unit = 1.0f32;
    loop {
        for m in [1.0, 2.0, 5.0] {
            if span / (m * unit) <= parts {
                return m * unit;
            }
        }
        unit *= 10.0;
    }
}

/// The title and the outcome line.
fn header(img: &mut RgbImage, points: &[RoundPoint]) {
    draw::text(img, TITLE_STYLE, MARGIN, 16.0, TITLE);
    let y = 63.0;
    let mut x = MARGIN;
    let Some(last) = points.last() else {
        draw::text(img, SUB.with(theme::DIM), x, y, "No history recorded.");
        return;
    };
    match last.winner {
        Some(f) => {
            icons::faction_disc(img, x + 13.0, y + 14.5, 13.0, f);
            x += 34.0;
            let who = match f {
                Faction::Rebel => "The Rebels win",
                Faction::Empire => "The Empire wins",
            };
            x += draw::text(img, SUB_BOLD.with(theme::faction_color(f)), x, y, who);
            x += draw::text(img, SUB, x, y, &format!(" in round {}", last.round));
            let why = if last.reputation <= last.time {
                " — time reached reputation"
            } else if f == Faction::Empire {
                " — the Rebel base fell"
            } else {
                ""
            };
            draw::text(img, SUB.with(theme::DIM), x, y, why);
        }
        None if last.moment == Moment::Last && last.round > 0 => {
            draw::text(img, SUB, x, y, &format!("Game in progress — round {}", last.round));
        }
        None => {
            draw::text(img, SUB, x, y, &format!("Up to round {}", last.round));
        }
    }
}

/// Draws a panel's frame, title, legend, value labels and round labels; returns its plot.
fn panel(
    img: &mut RgbImage,
    (x, y, w, h): (f32, f32, f32, f32),
    title: &str,
    series: &[Series],
    rounds: (f32, f32),
    top: f32,
    step: f32,
) -> Plot {
    draw::rounded_rect(img, (x, y, w, h), 8.0, theme::PANEL, 1.0);
    draw::rounded_rect_outline(img, (x, y, w, h), 8.0, 1.5, theme::FRAME);
    draw::text(img, PANEL_TITLE, x + 14.0, y + 12.0, title);
    legend(img, x + w - 16.0, y + 11.0, series);

    let plot = Plot {
        x: x + GUTTER_L,
        y: y + PANEL_HEAD,
        w: w - GUTTER_L - GUTTER_R,
        h: h - PANEL_HEAD - TICKS_H,
        rounds,
        top,
    };
    // Value labels, right-aligned beside their gridlines.
    let th = draw::line_height(TICK);
    let mut v = 0.0;
    while v <= top + 0.01 {
        let (_, py) = plot.px(rounds.0, v);
        let s = format!("{v}");
        draw::text(img, TICK, plot.x - 12.0 - draw::text_width(TICK, &s), py - th / 2.0, &s);
        v += step;
    }
    // Round labels: every round when there is room, else every 2nd, 5th, 10th…
    let every = nice_step(rounds.1 - rounds.0, plot.w / 36.0) as u32;
    let ly = plot.y + plot.h + 8.0;
    for r in ((rounds.0 as u32)..=(rounds.1 as u32)).step_by(every as usize) {
        let (px, _) = plot.px(r as f32, 0.0);
        let s = if r == 0 { "start".to_string() } else { r.to_string() };
        draw::text_centered(img, TICK, px, ly, &s);
    }
    // The axis caption, in the panel titles' style so it does not read as a label.
    draw::text(img, AXIS_CAPTION, x + 14.0, ly + 2.0, "ROUND");
    plot
}

/// Draws the legend right-aligned to `right`: a sample of each series' line and marker.
fn legend(img: &mut RgbImage, right: f32, y: f32, series: &[Series]) {
    const SAMPLE: f32 = 46.0;
    let widths: Vec<f32> = series.iter().map(|s| SAMPLE + 8.0 + draw::text_width(LEGEND, s.name)).collect();
    let mut x = right - widths.iter().sum::<f32>() - 26.0 * (series.len().saturating_sub(1)) as f32;
    let cy = y + draw::line_height(LEGEND) / 2.0;
    for (s, w) in series.iter().zip(widths) {
        // A dash either side of the marker (or one solid line), symmetric whatever the pattern.
        match s.dash {
            Some((on, _)) => {
                draw::line(img, (x, cy), (x + on, cy), LINE_W, s.color, 1.0);
                draw::line(img, (x + SAMPLE - on, cy), (x + SAMPLE, cy), LINE_W, s.color, 1.0);
            }
            None => draw::line(img, (x, cy), (x + SAMPLE, cy), LINE_W, s.color, 1.0),
        }
        mark(img, x + SAMPLE / 2.0, cy, s.shape, s.color);
        draw::text(img, LEGEND, x + SAMPLE + 8.0, y, s.name);
        x += w + 26.0;
    }
}

/// Gridlines at every `step` of value, and one per labelled round.
fn grid(img: &mut RgbImage, plot: &Plot, step: f32) {
    let mut v = 0.0;
    while v <= plot.top + 0.01 {
        let (_, py) = plot.px(plot.rounds.0, v);
        let py = py.round();
        let alpha = if v == 0.0 { 1.0 } else { 0.55 };
        draw::line(img, (plot.x, py), (plot.x + plot.w, py), 1.5, GRID, alpha);
        v += step;
    }
    let per_round = plot.w / (plot.rounds.1 - plot.rounds.0);
    if per_round >= 12.0 {
        for r in (plot.rounds.0 as u32)..=(plot.rounds.1 as u32) {
            let (px, _) = plot.px(r as f32, 0.0);
            let px = px.round();
            draw::line(img, (px, plot.y), (px, plot.y + plot.h), 1.0, GRID, 0.35);
        }
    }
}

/// Shades the gap between time (below) and reputation (above): how far the Rebels still have
/// to go. Filled column by column, so neighbouring rounds leave no seam.
fn gap_band(img: &mut RgbImage, plot: &Plot, points: &[RoundPoint]) {
    let color = draw::mix(theme::PANEL, theme::REBEL, 0.16);
    for pair in points.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        let (xa, ta) = plot.px(a.round as f32, a.time as f32);
        let (xb, tb) = plot.px(b.round as f32, b.time as f32);
        let (_, ra) = plot.px(a.round as f32, a.reputation as f32);
        let (_, rb) = plot.px(b.round as f32, b.reputation as f32);
        let (c0, c1) = (xa.round() as i32, xb.round() as i32);
        for cx in c0..c1 {
            let t = ((cx as f32 + 0.5 - xa) / (xb - xa)).clamp(0.0, 1.0);
            let lo = ta + (tb - ta) * t;
            let hi = ra + (rb - ra) * t;
            if hi >= lo {
                continue;
            }
            for cy in (hi.floor() as i32)..=(lo.ceil() as i32) {
                let py = cy as f32 + 0.5;
                let cov = ((py - hi + 0.5).min(lo - py + 0.5)).clamp(0.0, 1.0);
                draw::blend(img, cx, cy, color, cov);
            }
        }
    }
}

/// Draws each series' line, then its markers over every line.
fn draw_series(img: &mut RgbImage, plot: &Plot, series: &[Series]) {
    for s in series {
        let pts: Vec<(f32, f32)> = s.values.iter().map(|&(r, v)| plot.px(r, v)).collect();
        polyline(img, &pts, s.color, s.dash);
    }
    for s in series {
        for &(r, v) in &s.values {
            let (px, py) = plot.px(r, v);
            mark(img, px, py, s.shape, s.color);
        }
    }
}

const LINE_W: f32 = 4.0;

/// Draws a polyline, solid or dashed (the dash pattern runs on across corners).
fn polyline(img: &mut RgbImage, pts: &[(f32, f32)], color: Color, dash: Option<(f32, f32)>) {
    let Some((on, off)) = dash else {
        for seg in pts.windows(2) {
            draw::line(img, seg[0], seg[1], LINE_W, color, 1.0);
        }
        return;
    };
    // Distance already covered in the current dash period.
    let mut phase = 0.0f32;
    for seg in pts.windows(2) {
        let (a, b) = (seg[0], seg[1]);
        let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
        if len <= 0.0 {
            continue;
        }
        let at = |d: f32| (a.0 + (b.0 - a.0) * d / len, a.1 + (b.1 - a.1) * d / len);
        let mut d = 0.0;
        while d < len {
            let in_dash = phase < on;
            let left = if in_dash { on - phase } else { on + off - phase };
            let end = (d + left).min(len);
            if in_dash {
                draw::line(img, at(d), at(end), LINE_W, color, 1.0);
            }
            phase = (phase + end - d) % (on + off);
            d = end;
        }
    }
}

/// Draws one point's marker, with a dark rim that keeps it apart from the lines it sits on.
fn mark(img: &mut RgbImage, x: f32, y: f32, shape: Shape, color: Color) {
    let bg = theme::PANEL;
    match shape {
        Shape::Disc => {
            draw::circle(img, x, y, 8.5, bg);
            draw::circle(img, x, y, 6.5, color);
        }
        Shape::Diamond => {
            let d = |r: f32| [(x, y - r), (x + r, y), (x, y + r), (x - r, y)];
            draw::polygon(img, &d(11.0), bg);
            draw::polygon(img, &d(8.5), color);
        }
        Shape::Square => {
            draw::rounded_rect(img, (x - 8.5, y - 8.5, 17.0, 17.0), 2.0, bg, 1.0);
            draw::rounded_rect(img, (x - 6.0, y - 6.0, 12.0, 12.0), 1.5, color, 1.0);
        }
    }
}

/// Rings the first point where time has reached reputation, with a label.
fn meeting(img: &mut RgbImage, plot: &Plot, points: &[RoundPoint]) {
    let Some(p) = points.iter().find(|p| p.reputation <= p.time) else { return };
    let (x, y) = plot.px(p.round as f32, p.time as f32);
    draw::ring(img, x, y, 17.0, 3.0, theme::BASE);
    let s = "markers meet";
    let st = Style::bold(18.0, theme::BASE);
    let w = draw::text_width(st, s);
    // Above the ring (up to the legend row), else below it; kept within the plot's width.
    let tx = (x - w / 2.0).clamp(plot.x, plot.x + plot.w - w);
    let ty = if y - 44.0 >= plot.y - 8.0 { y - 44.0 } else { y + 23.0 };
    draw::text(img, st, tx, ty, s);
}

/// Labels each series' last value right of the plot, pushed apart when they would overlap.
fn end_labels(img: &mut RgbImage, plot: &Plot, series: &[Series]) {
    let lh = draw::line_height(END_LABEL);
    let mut labels: Vec<(f32, Color, String)> = series
        .iter()
        .filter_map(|s| {
            let &(r, v) = s.values.last()?;
            let (_, y) = plot.px(r, v);
            Some((y - lh / 2.0, s.color, format!("{v}")))
        })
        .collect();
    labels.sort_by(|a, b| a.0.total_cmp(&b.0));
    for i in 1..labels.len() {
        let min = labels[i - 1].0 + lh;
        if labels[i].0 < min {
            labels[i].0 = min;
        }
    }
    let x = plot.x + plot.w + 24.0;
    for (y, color, s) in labels {
        draw::text(img, END_LABEL.with(color), x, y, &s);
    }
}
