//! The static layer of the board image — everything that never depends on the match: region
//! tinting and outlines, lanes, impassable borders, panel frames, the time track's spaces and
//! the legend. It is drawn once per process and copied for every image.

use image::{Rgb, RgbImage};
use std::sync::OnceLock;

use super::draw::{self, mix};
use super::icons;
use super::layout::*;
use super::legend;
use super::theme::{self, BG, DIM, FRAME, PANEL, TEXT};
use crate::content::{RegionId, catalog};

/// How far (pixels) a region's tint reaches from its systems and inner lanes.
const REGION_REACH: f32 = 118.0;

/// The static layer, drawn on first use: one for base matches, one with Rise of the Empire's
/// units in the legend.
pub fn layer(expansion: bool) -> &'static RgbImage {
    static BASE: OnceLock<RgbImage> = OnceLock::new();
    static EXPANSION: OnceLock<RgbImage> = OnceLock::new();
    match expansion {
        false => BASE.get_or_init(|| draw_layer(false)),
        true => EXPANSION.get_or_init(|| draw_layer(true)),
    }
}

fn draw_layer(expansion: bool) -> RgbImage {
    let mut img = RgbImage::from_pixel(W, H, Rgb(BG));
    let (label, dist) = regions(&mut img);
    lanes(&mut img);
    region_names(&mut img, &label, &dist);
    draw::fill_rect(&mut img, 0, 0, W as i32, HEADER_H as i32, PANEL);
    draw::fill_rect(&mut img, 0, HEADER_H as i32 - 2, W as i32, 2, FRAME);
    draw::fill_rect(&mut img, 0, MAP_BOTTOM as i32, W as i32, 2, FRAME);
    for (r, title) in [
        (TIME_PANEL, "TIME TRACK"),
        (CARDS_PANEL, "HANDS AND DECKS"),
        (BASE_PANEL, "REBEL BASE SPACE"),
        (QUEUE_PANEL, "BUILD QUEUES"),
        (LEADER_PANEL, "LEADERS"),
        (LEGEND_PANEL, "LEGEND"),
    ] {
        panel(&mut img, r, title);
    }
    time_track(&mut img);
    legend::draw(&mut img, expansion);
    img
}

/// Draws a panel's background, frame and title.
fn panel(img: &mut RgbImage, r: Rect, title: &str) {
    draw::rounded_rect(img, (r.x, r.y, r.w, r.h), 8.0, PANEL, 1.0);
    draw::rounded_rect_outline(img, (r.x, r.y, r.w, r.h), 8.0, 1.5, FRAME);
    draw::text(img, theme::TITLE, r.x + 12.0, r.y + 8.0, title);
}

/// A piece of a region's skeleton: a system, or a lane between two systems of the region.
enum Site {
    Point((f32, f32)),
    Segment((f32, f32), (f32, f32)),
}

/// Tints and outlines the regions; returns each map pixel's region (`u8::MAX`: none) and its
/// distance to that region's skeleton.
fn regions(img: &mut RgbImage) -> (Vec<u8>, Vec<f32>) {
    let c = catalog();
    let top = MAP_TOP as usize;
    let (w, h) = (W as usize, (MAP_BOTTOM - MAP_TOP) as usize);
    // Per pixel: nearest distance and region, and nearest distance to any *other* region.
    let mut d1 = vec![f32::MAX; w * h];
    let mut l1 = vec![u8::MAX; w * h];
    let mut d2 = vec![f32::MAX; w * h];
    let mut sites: Vec<(u8, Site)> = vec![];
    for (i, s) in c.systems.iter().enumerate() {
        let p = to_px(s.coords);
        sites.push((s.region.0 as u8, Site::Point(p)));
        for &o in &s.adjacent {
            let od = c.system(o);
            if (o.0 as usize) > i && od.region == s.region {
                sites.push((s.region.0 as u8, Site::Segment(p, to_px(od.coords))));
            }
        }
    }
    for (label, site) in &sites {
        let (a, b) = match *site {
            Site::Point(p) => (p, p),
            Site::Segment(p, q) => (p, q),
        };
        let e = REGION_REACH + 2.0;
        let x0 = (a.0.min(b.0) - e).max(0.0) as usize;
        let x1 = ((a.0.max(b.0) + e) as usize).min(w);
        let y0 = (a.1.min(b.1) - e - MAP_TOP).max(0.0) as usize;
        let y1 = ((a.1.max(b.1) + e - MAP_TOP) as usize).min(h);
        for y in y0..y1 {
            let py = (y + top) as f32 + 0.5;
            for x in x0..x1 {
                let d = draw::seg_dist(x as f32 + 0.5, py, a, b);
                if d > e {
                    continue;
                }
                let i = y * w + x;
                if l1[i] == *label {
                    d1[i] = d1[i].min(d);
                } else if d < d1[i] {
                    d2[i] = d2[i].min(d1[i]);
                    d1[i] = d;
                    l1[i] = *label;
                } else {
                    d2[i] = d2[i].min(d);
                }
            }
        }
    }
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            if l1[i] == u8::MAX {
                continue;
            }
            let tint = theme::REGION_TINTS[l1[i] as usize % theme::REGION_TINTS.len()];
            let inside = (REGION_REACH - d1[i] + 0.5).clamp(0.0, 1.0);
            let mut col = mix(BG, tint, 0.16 * inside);
            // Outer outline, then the border with a neighbouring region.
            let outer = (1.6 - (d1[i] - REGION_REACH).abs()).clamp(0.0, 1.0);
            col = mix(col, mix(BG, tint, 0.75), outer);
            if d2[i] < REGION_REACH + 1.0 {
                let e = (d2[i] - d1[i]) / 2.0;
                let border = (1.8 - e).clamp(0.0, 1.0);
                col = mix(col, mix(BG, TEXT, 0.35), border);
            }
            img.put_pixel(x as u32, (y + top) as u32, Rgb(col));
        }
    }
    (l1, d1)
}

/// Writes each region's name inside its tint, clear of every system card's usual extent: the
/// first of a few spots around the region's systems that fits.
fn region_names(img: &mut RgbImage, label: &[u8], dist: &[f32]) {
    let c = catalog();
    let cards: Vec<Rect> = c
        .systems
        .iter()
        .map(|s| {
            let (x, y) = to_px(s.coords);
            Rect::new(x - CARD_W / 2.0 - 4.0, y - 52.0, CARD_W + 8.0, 104.0)
        })
        .collect();
    let w = W as usize;
    let inside = |x: f32, y: f32, ri: usize| {
        let (xi, yi) = (x as usize, (y - MAP_TOP) as usize);
        if x < 0.0 || y < MAP_TOP || xi >= w || yi * w + xi >= label.len() {
            return false;
        }
        let i = yi * w + xi;
        label[i] as usize == ri && dist[i] < REGION_REACH - 6.0
    };
    let mut placed: Vec<Rect> = vec![];
    for (ri, r) in c.regions.iter().enumerate() {
        let tint = theme::REGION_TINTS[ri % theme::REGION_TINTS.len()];
        let st = draw::Style::bold(17.0, mix(tint, TEXT, 0.45));
        let text = r.name.to_uppercase();
        let (tw, th) = (draw::text_width(st, &text), draw::line_height(st));
        let mut systems: Vec<(f32, f32)> =
            c.systems.iter().filter(|s| s.region == RegionId(ri as u16)).map(|s| to_px(s.coords)).collect();
        systems.sort_by(|a, b| b.1.total_cmp(&a.1));
        let offsets =
            [(0.0, 66.0), (0.0, 80.0), (0.0, -66.0), (0.0, -80.0), (-150.0, 0.0), (150.0, 0.0), (0.0, 95.0)];
        let spot = systems
            .iter()
            .flat_map(|&(x, y)| offsets.iter().map(move |&(dx, dy)| (x + dx, y + dy)))
            .find(|&(x, y)| {
                let rect = Rect::new(x - tw / 2.0, y - th / 2.0, tw, th);
                rect.y > MAP_TOP + 4.0
                    && rect.bottom() < MAP_BOTTOM - 4.0
                    && !cards.iter().chain(placed.iter()).any(|c| c.overlaps(&rect, 2.0))
                    && [
                        (rect.x, rect.y),
                        (rect.right(), rect.y),
                        (rect.x, rect.bottom()),
                        (rect.right(), rect.bottom()),
                    ]
                    .iter()
                    .all(|&(px, py)| inside(px, py, ri))
            });
        if let Some((x, y)) = spot {
            placed.push(Rect::new(x - tw / 2.0, y - th / 2.0, tw, th));
            draw::text(img, st, x - tw / 2.0, y - th / 2.0, &text);
        }
    }
}

fn lanes(img: &mut RgbImage) {
    let c = catalog();
    for (i, s) in c.systems.iter().enumerate() {
        for &o in &s.adjacent {
            if (o.0 as usize) > i {
                draw::line(img, to_px(s.coords), to_px(c.system(o).coords), 3.0, theme::LANE, 0.42);
            }
        }
    }
    for &(a, b) in &c.impassable {
        icons::wall(img, to_px(c.system(a).coords), to_px(c.system(b).coords), 40.0);
    }
}

fn time_track(img: &mut RgbImage) {
    let c = catalog();
    let tt = &c.time_track;
    for n in 1..=tt.length {
        let r = track_space(n);
        draw::rounded_rect(img, (r.x, r.y, r.w, r.h), 6.0, theme::CARD, 1.0);
        draw::rounded_rect_outline(img, (r.x, r.y, r.w, r.h), 6.0, 1.5, FRAME);
        draw::text(img, theme::BODY_BOLD.with(DIM), r.x + 5.0, r.y + 3.0, &n.to_string());
        let mut ix = r.right() - 20.0;
        if tt.build.contains(&n) {
            icons::build(img, ix, r.y + 4.0, 16.0, DIM);
            ix -= 19.0;
        }
        if tt.recruit.contains(&n) {
            icons::recruit(img, ix, r.y + 4.0, 16.0, DIM);
        }
    }
}
