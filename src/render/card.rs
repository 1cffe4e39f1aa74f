//! A card face as a picture, for the card lookup: the card's name, its icons as badges, what
//! it needs, its text and the reading Holonet follows, drawn in the board image's style (its
//! fonts, dark panels and faction colours) from a [`CardSheet`] alone — the catalog's words,
//! never a match — so the picture cannot tell who holds the card.
//!
//! The face is [`WIDTH`] pixels wide and as tall as its text needs, between [`MIN_HEIGHT`]
//! and [`MAX_HEIGHT`] (the longest card text fits well within it).

use image::RgbImage;

use crate::content::{CardSheet, Faction};
use crate::render::board::draw::{self, Color, Style, mix};
use crate::render::board::encode_png;
use crate::render::board::icons;
use crate::render::board::theme::{self, BG, CARD, DIM, TEXT};

/// Width of a card face in pixels.
pub const WIDTH: u32 = 560;
/// The least height of a card face (a card with one line of text).
pub const MIN_HEIGHT: u32 = 280;
/// The greatest height of a card face; text beyond it is cut with an ellipsis.
pub const MAX_HEIGHT: u32 = 1400;

/// Gold: the frame of a card that is neither side's (tactic, strategy and event cards) and the
/// ruling's box, as on the table image's event card.
const GOLD: Color = [236, 190, 80];
/// Inner margin of the card.
const PAD: f32 = 26.0;
/// Height of one row of icon badges.
const BADGE_ROW: f32 = 26.0;

const NAME: Style = Style::bold(30.0, TEXT);
const SUBTITLE: Style = Style::bold(16.0, DIM);
const REQUIREMENT: Style = Style::regular(17.0, DIM);
const BODY: Style = Style::regular(20.0, TEXT);
const RULING_TITLE: Style = Style::bold(14.0, GOLD);
const RULING: Style = Style::regular(16.0, TEXT);
const FOOTER: Style = Style::regular(15.0, DIM);

/// The colour of a card's frame: its side's, or gold for a card of both.
fn frame(f: Option<Faction>) -> Color {
    f.map_or(GOLD, theme::faction_color)
}

/// Text split into lines no wider than `max` pixels.
fn lines(style: Style, text: &str, max: f32) -> Vec<String> {
    let words: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    draw::wrap(style, &words, " ", max)
}

/// The badge rows of the icons: each row the labels that fit in `max` pixels.
fn badge_rows(labels: &[String], max: f32) -> Vec<Vec<&str>> {
    let mut rows: Vec<Vec<&str>> = vec![];
    let mut width = 0.0;
    for l in labels {
        let w = icons::badge_width(l) + 8.0;
        match rows.last_mut() {
            Some(row) if width + w <= max => {
                row.push(l);
                width += w;
            }
            _ => {
                rows.push(vec![l]);
                width = w;
            }
        }
    }
    rows
}

/// Everything placed on a face, measured before drawing so the image gets its height.
struct Layout<'a> {
    name: Vec<String>,
    subtitle: String,
    badges: Vec<Vec<&'a str>>,
    requirement: Vec<String>,
    text: Vec<String>,
    ruling: Vec<String>,
    footer: String,
}

impl Layout<'_> {
    fn of(sheet: &CardSheet) -> Layout<'_> {
        let inner = WIDTH as f32 - 2.0 * PAD;
        let copies =
            if sheet.copies == 1 { "1 copy".to_string() } else { format!("{} copies", sheet.copies) };
        Layout {
            name: lines(NAME, &sheet.name, inner).into_iter().take(2).collect(),
            subtitle: draw::fit(
                SUBTITLE,
                &format!("{} · {}", sheet.kind.to_uppercase(), sheet.set.name()),
                inner,
            ),
            badges: badge_rows(&sheet.icons, inner),
            requirement: lines(REQUIREMENT, &sheet.requirement, inner),
            text: lines(BODY, &sheet.text, inner),
            ruling: sheet.ruling.as_deref().map(|r| lines(RULING, r, inner - 24.0)).unwrap_or_default(),
            footer: draw::fit(FOOTER, &format!("In {} · {copies} in the box", sheet.deck), inner),
        }
    }

    /// The height of the ruling's box (nothing when there is no ruling).
    fn ruling_height(&self) -> f32 {
        if self.ruling.is_empty() {
            0.0
        } else {
            16.0 + 22.0 + self.ruling.len() as f32 * (draw::line_height(RULING) + 3.0) + 12.0
        }
    }

    /// The face's height in pixels.
    fn height(&self) -> u32 {
        let lh = |s: Style| draw::line_height(s) + 4.0;
        let h = PAD
            + self.name.len() as f32 * lh(NAME)
            + lh(SUBTITLE)
            + 10.0
            + self.badges.len() as f32 * BADGE_ROW
            + 8.0
            + self.requirement.len() as f32 * lh(REQUIREMENT)
            + 22.0
            + self.text.len().max(1) as f32 * lh(BODY)
            + self.ruling_height()
            + 16.0
            + lh(FOOTER)
            + PAD;
        (h.ceil() as u32).clamp(MIN_HEIGHT, MAX_HEIGHT)
    }
}

/// Draws lines of text from `y` on, no lower than `bottom`; returns the `y` below them.
fn draw_lines(
    img: &mut RgbImage,
    style: Style,
    x: f32,
    mut y: f32,
    lines: &[String],
    gap: f32,
    bottom: f32,
) -> f32 {
    let lh = draw::line_height(style) + gap;
    for (i, l) in lines.iter().enumerate() {
        if y + 2.0 * lh > bottom && i + 1 < lines.len() {
            draw::text(img, style, x, y, &format!("{l} …"));
            return y + lh;
        }
        draw::text(img, style, x, y, l);
        y += lh;
    }
    y
}

/// Draws a card face.
pub fn render_image(sheet: &CardSheet) -> RgbImage {
    let layout = Layout::of(sheet);
    let h = layout.height();
    let (w, hf) = (WIDTH as f32, h as f32);
    let mut img = RgbImage::from_pixel(WIDTH, h, image::Rgb(BG));
    let col = frame(sheet.faction);
    draw::rounded_rect(&mut img, (6.0, 6.0, w - 12.0, hf - 12.0), 18.0, col, 1.0);
    draw::rounded_rect(&mut img, (10.0, 10.0, w - 20.0, hf - 20.0), 15.0, mix(CARD, col, 0.06), 1.0);

    let x = PAD;
    let mut y = PAD;
    y = draw_lines(&mut img, NAME, x, y, &layout.name, 4.0, hf);
    draw::text(&mut img, SUBTITLE.with(mix(DIM, col, 0.35)), x, y, &layout.subtitle);
    y += draw::line_height(SUBTITLE) + 14.0;
    for row in &layout.badges {
        let mut bx = x;
        for label in row {
            bx += icons::badge(&mut img, bx, y, label, col, false) + 8.0;
        }
        y += BADGE_ROW;
    }
    y += 8.0;
    let footer_y = hf - PAD - draw::line_height(FOOTER);
    let text_bottom = footer_y - 16.0 - layout.ruling_height();
    y = draw_lines(&mut img, REQUIREMENT, x, y, &layout.requirement, 4.0, text_bottom);
    y += 8.0;
    draw::fill_rect(&mut img, x as i32, y as i32, (w - 2.0 * PAD) as i32, 2, mix(CARD, col, 0.45));
    y += 14.0;
    draw_lines(&mut img, BODY, x, y, &layout.text, 4.0, text_bottom);

    if !layout.ruling.is_empty() {
        let top = text_bottom + 4.0;
        let box_h = layout.ruling_height() - 8.0;
        draw::rounded_rect(&mut img, (x, top, w - 2.0 * PAD, box_h), 8.0, mix(CARD, GOLD, 0.08), 1.0);
        draw::rounded_rect_outline(&mut img, (x, top, w - 2.0 * PAD, box_h), 8.0, 1.5, mix(CARD, GOLD, 0.6));
        draw::text(&mut img, RULING_TITLE, x + 12.0, top + 10.0, "HOLONET'S READING");
        draw_lines(&mut img, RULING, x + 12.0, top + 32.0, &layout.ruling, 3.0, top + box_h);
    }
    draw::text(&mut img, FOOTER, x, footer_y, &layout.footer);
    img
}

/// Draws a card face and encodes it as PNG.
pub fn render_png(sheet: &CardSheet) -> Vec<u8> {
    encode_png(&render_image(sheet))
}
