//! Drawing primitives: anti-aliased shapes from signed distance functions, and text with the
//! bundled DejaVu Sans fonts.
//!
//! Every shape is filled by one routine, [`fill_sdf`]: a pixel's coverage is how far its centre
//! lies inside the shape's edge (clamped to 0..1), which gives clean anti-aliased edges on the
//! flat backgrounds the board uses, at the cost of visiting the shape's bounding box once.

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};
use image::RgbImage;
use std::sync::OnceLock;

/// An RGB colour.
pub type Color = [u8; 3];

/// Which bundled face to draw text with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Face {
    /// DejaVu Sans.
    Regular,
    /// DejaVu Sans Bold.
    Bold,
}

/// Text style: face, size in pixels (the font's ascent-to-descent height) and colour.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    /// The face.
    pub face: Face,
    /// Height of a line in pixels, as `ab_glyph::PxScale` counts it.
    pub px: f32,
    /// The colour.
    pub color: Color,
}

impl Style {
    /// A regular-face style.
    pub const fn regular(px: f32, color: Color) -> Style {
        Style { face: Face::Regular, px, color }
    }
    /// A bold-face style.
    pub const fn bold(px: f32, color: Color) -> Style {
        Style { face: Face::Bold, px, color }
    }
    /// The same style in another colour.
    pub const fn with(self, color: Color) -> Style {
        Style { color, ..self }
    }
}

struct Fonts {
    regular: FontRef<'static>,
    bold: FontRef<'static>,
}

static REGULAR_TTF: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");
static BOLD_TTF: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Bold.ttf");

fn fonts() -> &'static Fonts {
    static FONTS: OnceLock<Fonts> = OnceLock::new();
    FONTS.get_or_init(|| Fonts {
        regular: FontRef::try_from_slice(REGULAR_TTF).expect("bundled DejaVu Sans parses"),
        bold: FontRef::try_from_slice(BOLD_TTF).expect("bundled DejaVu Sans Bold parses"),
    })
}

fn font(face: Face) -> &'static FontRef<'static> {
    match face {
        Face::Regular => &fonts().regular,
        Face::Bold => &fonts().bold,
    }
}

/// Blends `color` into one pixel with opacity `a` (0..1); out-of-bounds pixels are ignored.
#[inline]
pub fn blend(img: &mut RgbImage, x: i32, y: i32, color: Color, a: f32) {
    if x < 0 || y < 0 || x >= img.width() as i32 || y >= img.height() as i32 || a <= 0.0 {
        return;
    }
    let p = img.get_pixel_mut(x as u32, y as u32);
    if a >= 1.0 {
        p.0 = color;
        return;
    }
    for (c, &t) in p.0.iter_mut().zip(color.iter()) {
        let d = t as f32 - *c as f32;
        *c = (*c as f32 + d * a + 0.5) as u8;
    }
}

/// Mixes two colours: `t` = 0 gives `a`, 1 gives `b`.
pub fn mix(a: Color, b: Color, t: f32) -> Color {
    let m = |x: u8, y: u8| (x as f32 + (y as f32 - x as f32) * t).round() as u8;
    [m(a[0], b[0]), m(a[1], b[1]), m(a[2], b[2])]
}

/// Fills an axis-aligned rectangle with a solid colour (no anti-aliasing; integer edges).
pub fn fill_rect(img: &mut RgbImage, x: i32, y: i32, w: i32, h: i32, color: Color) {
    let (x0, y0) = (x.max(0), y.max(0));
    let x1 = (x + w).min(img.width() as i32);
    let y1 = (y + h).min(img.height() as i32);
    for yy in y0..y1 {
        for xx in x0..x1 {
            img.get_pixel_mut(xx as u32, yy as u32).0 = color;
        }
    }
}

/// Fills the shape whose signed distance (negative inside) `sd` gives, over the box
/// `(x0, y0)..(x1, y1)`, with opacity `alpha`.
pub fn fill_sdf(
    img: &mut RgbImage,
    (x0, y0, x1, y1): (f32, f32, f32, f32),
    color: Color,
    alpha: f32,
    sd: impl Fn(f32, f32) -> f32,
) {
    let xa = (x0.floor() as i32 - 1).max(0);
    let ya = (y0.floor() as i32 - 1).max(0);
    let xb = (x1.ceil() as i32 + 1).min(img.width() as i32);
    let yb = (y1.ceil() as i32 + 1).min(img.height() as i32);
    for y in ya..yb {
        let py = y as f32 + 0.5;
        for x in xa..xb {
            let d = sd(x as f32 + 0.5, py);
            let cov = (0.5 - d).clamp(0.0, 1.0);
            if cov > 0.0 {
                blend(img, x, y, color, cov * alpha);
            }
        }
    }
}

/// Fills a disc.
pub fn circle(img: &mut RgbImage, cx: f32, cy: f32, r: f32, color: Color) {
    fill_sdf(img, (cx - r, cy - r, cx + r, cy + r), color, 1.0, |x, y| {
        ((x - cx).powi(2) + (y - cy).powi(2)).sqrt() - r
    });
}

/// Draws a circle outline of thickness `t` centred on radius `r`.
pub fn ring(img: &mut RgbImage, cx: f32, cy: f32, r: f32, t: f32, color: Color) {
    let e = r + t;
    fill_sdf(img, (cx - e, cy - e, cx + e, cy + e), color, 1.0, |x, y| {
        (((x - cx).powi(2) + (y - cy).powi(2)).sqrt() - r).abs() - t / 2.0
    });
}

/// Distance from `(px, py)` to the segment `a`–`b`.
pub fn seg_dist(px: f32, py: f32, (ax, ay): (f32, f32), (bx, by): (f32, f32)) -> f32 {
    let (dx, dy) = (bx - ax, by - ay);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 { (((px - ax) * dx + (py - ay) * dy) / len2).clamp(0.0, 1.0) } else { 0.0 };
    ((px - ax - t * dx).powi(2) + (py - ay - t * dy).powi(2)).sqrt()
}

/// Draws a line segment of width `w` with round caps and opacity `alpha`.
pub fn line(img: &mut RgbImage, a: (f32, f32), b: (f32, f32), w: f32, color: Color, alpha: f32) {
    let h = w / 2.0 + 1.0;
    let bbox = (a.0.min(b.0) - h, a.1.min(b.1) - h, a.0.max(b.0) + h, a.1.max(b.1) + h);
    fill_sdf(img, bbox, color, alpha, |x, y| seg_dist(x, y, a, b) - w / 2.0);
}

fn rounded_box_sd(x: f32, y: f32, cx: f32, cy: f32, hw: f32, hh: f32, r: f32) -> f32 {
    let qx = (x - cx).abs() - hw + r;
    let qy = (y - cy).abs() - hh + r;
    (qx.max(0.0).powi(2) + qy.max(0.0).powi(2)).sqrt() + qx.max(qy).min(0.0) - r
}

/// Fills a rounded rectangle `(x, y, w, h)` with opacity `alpha`.
pub fn rounded_rect(
    img: &mut RgbImage,
    (x, y, w, h): (f32, f32, f32, f32),
    r: f32,
    color: Color,
    alpha: f32,
) {
    rounded_box(img, x, y, w, h, r, color, alpha, None);
}

/// Draws the outline (thickness `t`, inside the box) of a rounded rectangle `(x, y, w, h)`.
pub fn rounded_rect_outline(
    img: &mut RgbImage,
    (x, y, w, h): (f32, f32, f32, f32),
    r: f32,
    t: f32,
    color: Color,
) {
    rounded_box(img, x, y, w, h, r, color, 1.0, Some(t));
}

/// Fills a rounded box, or only its border of thickness `t`. Rows away from the corners take a
/// fast path: the signed distance is evaluated only near the left and right edges.
#[allow(clippy::too_many_arguments)]
fn rounded_box(
    img: &mut RgbImage,
    x: f32,
    y: f32,
    w: f32,
    h: f32,
    r: f32,
    color: Color,
    alpha: f32,
    t: Option<f32>,
) {
    let (cx, cy) = (x + w / 2.0, y + h / 2.0);
    let (hw, hh, rr) = match t {
        Some(t) => (w / 2.0 - t / 2.0, h / 2.0 - t / 2.0, (r - t / 2.0).max(0.0)),
        None => (w / 2.0, h / 2.0, r),
    };
    let sd = |px: f32, py: f32| {
        let d = rounded_box_sd(px, py, cx, cy, hw, hh, rr);
        match t {
            Some(t) => d.abs() - t / 2.0,
            None => d,
        }
    };
    let edge = t.unwrap_or(0.0) + 2.0;
    let ya = (y.floor() as i32 - 1).max(0);
    let yb = ((y + h).ceil() as i32 + 1).min(img.height() as i32);
    let xa = (x.floor() as i32 - 1).max(0);
    let xb = ((x + w).ceil() as i32 + 1).min(img.width() as i32);
    let (band_l, band_r) = ((x + edge).ceil() as i32, (x + w - edge).floor() as i32);
    for yy in ya..yb {
        let py = yy as f32 + 0.5;
        let middle = py > y + r + edge && py < y + h - r - edge;
        let mut xx = xa;
        while xx < xb {
            if middle && xx == band_l && band_l < band_r {
                if t.is_none() {
                    let (fa, fb) = (band_l.max(0) as u32, band_r.min(img.width() as i32).max(0) as u32);
                    if alpha >= 1.0 {
                        for fx in fa..fb {
                            img.get_pixel_mut(fx, yy as u32).0 = color;
                        }
                    } else {
                        for fx in fa..fb {
                            blend(img, fx as i32, yy, color, alpha);
                        }
                    }
                }
                xx = band_r;
                continue;
            }
            let cov = (0.5 - sd(xx as f32 + 0.5, py)).clamp(0.0, 1.0);
            if cov > 0.0 {
                blend(img, xx, yy, color, cov * alpha);
            }
            xx += 1;
        }
    }
}

/// Fills a convex polygon given counter-clockwise or clockwise.
pub fn polygon(img: &mut RgbImage, pts: &[(f32, f32)], color: Color) {
    let n = pts.len();
    if n < 3 {
        return;
    }
    let area: f32 = (0..n).map(|i| pts[i].0 * pts[(i + 1) % n].1 - pts[(i + 1) % n].0 * pts[i].1).sum();
    let sign = if area >= 0.0 { 1.0 } else { -1.0 };
    let edges: Vec<(f32, f32, f32)> = (0..n)
        .map(|i| {
            let (a, b) = (pts[i], pts[(i + 1) % n]);
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            let len = (dx * dx + dy * dy).sqrt().max(1e-6);
            // Outward normal for the polygon's orientation (y down).
            let (nx, ny) = (sign * dy / len, -sign * dx / len);
            (nx, ny, -(nx * a.0 + ny * a.1))
        })
        .collect();
    let x0 = pts.iter().map(|p| p.0).fold(f32::MAX, f32::min);
    let y0 = pts.iter().map(|p| p.1).fold(f32::MAX, f32::min);
    let x1 = pts.iter().map(|p| p.0).fold(f32::MIN, f32::max);
    let y1 = pts.iter().map(|p| p.1).fold(f32::MIN, f32::max);
    fill_sdf(img, (x0, y0, x1, y1), color, 1.0, |x, y| {
        edges.iter().map(|&(nx, ny, c)| nx * x + ny * y + c).fold(f32::MIN, f32::max)
    });
}

fn layout<'a>(style: Style, text: &'a str) -> impl Iterator<Item = (GlyphId, f32)> + 'a {
    let sf = font(style.face).as_scaled(PxScale::from(style.px));
    let mut caret = 0.0;
    let mut prev: Option<GlyphId> = None;
    text.chars().map(move |c| {
        let id = sf.glyph_id(c);
        if let Some(p) = prev {
            caret += sf.kern(p, id);
        }
        let at = caret;
        caret += sf.h_advance(id);
        prev = Some(id);
        (id, at)
    })
}

/// The width of a line of text in pixels.
pub fn text_width(style: Style, text: &str) -> f32 {
    let sf = font(style.face).as_scaled(PxScale::from(style.px));
    let mut w = 0.0;
    for (id, at) in layout(style, text) {
        w = at + sf.h_advance(id);
    }
    w
}

/// The height of a line of text (ascent plus descent) in pixels.
pub fn line_height(style: Style) -> f32 {
    let sf = font(style.face).as_scaled(PxScale::from(style.px));
    sf.ascent() - sf.descent()
}

/// A rasterised glyph: coverage bytes and their offset from the pen position.
struct Bitmap {
    dx: i32,
    dy: i32,
    w: usize,
    cov: Vec<u8>,
}

/// Subpixel steps per pixel for glyph positions in the cache.
const SUBPIXEL: f32 = 4.0;

thread_local! {
    /// Glyph bitmaps by face, size, glyph and subpixel offset: a board draws the same few
    /// hundred glyphs every time, and rasterising them again would cost more than drawing.
    static GLYPHS: std::cell::RefCell<std::collections::HashMap<(Face, u32, u16, u8), Bitmap>> =
        Default::default();
}

fn rasterise(style: Style, id: GlyphId, sub: u8) -> Bitmap {
    let f = font(style.face);
    let g = id.with_scale_and_position(style.px, point(sub as f32 / SUBPIXEL, 0.0));
    match f.outline_glyph(g) {
        Some(o) => {
            let b = o.px_bounds();
            let w = b.width() as usize;
            let h = b.height() as usize;
            let mut cov = vec![0u8; w * h];
            o.draw(|x, y, c| {
                if let Some(p) = cov.get_mut(y as usize * w + x as usize) {
                    *p = (c.clamp(0.0, 1.0) * 255.0).round() as u8;
                }
            });
            Bitmap { dx: b.min.x as i32, dy: b.min.y as i32, w, cov }
        }
        None => Bitmap { dx: 0, dy: 0, w: 0, cov: vec![] },
    }
}

/// Draws one line of text with its top-left at `(x, y)`; returns its width.
pub fn text(img: &mut RgbImage, style: Style, x: f32, y: f32, s: &str) -> f32 {
    let sf = font(style.face).as_scaled(PxScale::from(style.px));
    let baseline = (y + sf.ascent()).round() as i32;
    let x = x.round();
    let mut w = 0.0;
    GLYPHS.with(|cache| {
        let mut cache = cache.borrow_mut();
        for (id, at) in layout(style, s) {
            w = at + sf.h_advance(id);
            let pos = x + at;
            let whole = pos.floor();
            let sub = ((pos - whole) * SUBPIXEL).floor().min(SUBPIXEL - 1.0) as u8;
            let bm = cache
                .entry((style.face, style.px.to_bits(), id.0, sub))
                .or_insert_with(|| rasterise(style, id, sub));
            if bm.w == 0 {
                continue;
            }
            let (ox, oy) = (whole as i32 + bm.dx, baseline + bm.dy);
            for (row, line) in bm.cov.chunks(bm.w).enumerate() {
                for (col, &c) in line.iter().enumerate() {
                    if c > 0 {
                        blend(img, ox + col as i32, oy + row as i32, style.color, c as f32 / 255.0);
                    }
                }
            }
        }
    });
    w
}

/// Draws text centred horizontally on `cx` with its top at `y`; returns its width.
pub fn text_centered(img: &mut RgbImage, style: Style, cx: f32, y: f32, s: &str) -> f32 {
    let w = text_width(style, s);
    text(img, style, cx - w / 2.0, y, s)
}

/// Shortens `s` with an ellipsis until it fits in `max` pixels.
pub fn fit(style: Style, s: &str, max: f32) -> String {
    if text_width(style, s) <= max {
        return s.to_string();
    }
    let mut chars: Vec<char> = s.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let t: String = chars.iter().collect::<String>() + "…";
        if text_width(style, &t) <= max {
            return t;
        }
    }
    String::new()
}

/// Splits words into lines no wider than `max` pixels (a word wider than `max` gets a line).
pub fn wrap(style: Style, words: &[String], sep: &str, max: f32) -> Vec<String> {
    let mut lines: Vec<String> = vec![];
    let mut cur = String::new();
    for w in words {
        let cand = if cur.is_empty() { w.clone() } else { format!("{cur}{sep}{w}") };
        if cur.is_empty() || text_width(style, &cand) <= max {
            cur = cand;
        } else {
            lines.push(std::mem::take(&mut cur));
            cur = w.clone();
        }
    }
    if !cur.is_empty() {
        lines.push(cur);
    }
    lines
}
