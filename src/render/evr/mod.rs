//! The table image of Empire vs. Rebellion: a PNG of the card table drawn from an [`EvrView`].
//!
//! Like the board image, it reads only a redacted view (plus the static catalog), so it cannot
//! show more than its viewer may know: the public view gives the image posted in the channel, a
//! seat's view the private one (its own reserve and strategies by name). The owner's band lies
//! at the bottom of a seat's image, as on their side of a real table; the public image puts the
//! Rebels at the bottom.
//!
//! The image is 1600 × 1000 pixels: a header, the upper player's band (play area and
//! components), the middle band (the event card, the struggle, the balance token, the influence
//! supply and any effect being resolved) and the lower player's band. The panels and titles,
//! which depend only on which side lies where, are drawn once per process and copied. The
//! drawing primitives, fonts and faction colours are the board image's.

mod card;
mod middle;
mod side;
mod style;

use std::sync::OnceLock;

use image::{Rgb, RgbImage};

use crate::content::Faction;
use crate::engine::evr::view::{Cards, EvrView, Viewer};
use crate::render::board::draw::{self, Style, mix};
use crate::render::board::theme::{FRAME, PANEL, TEXT};
use crate::render::board::{encode_png, icons};
use style::{BAND_H, BG, BOTTOM_Y, GAP, GOLD, HEADER_H, MID_H, MID_Y, PLAY_W, SIDE_W, SIDE_X, TOP_Y};

/// Width of the table image in pixels.
pub const WIDTH: u32 = style::W;
/// Height of the table image in pixels.
pub const HEIGHT: u32 = style::H;

/// Draws the table image for a view.
pub fn table_image(v: &EvrView) -> RgbImage {
    let bottom = match v.viewer {
        Viewer::Faction(f) => f,
        Viewer::Public | Viewer::Full => Faction::Rebel,
    };
    let top = bottom.opponent();
    let mut img = layer(bottom).clone();
    header(&mut img, v);
    side::draw(&mut img, v, top, TOP_Y);
    middle::draw(&mut img, v, top, bottom);
    side::draw(&mut img, v, bottom, BOTTOM_Y);
    img
}

/// Draws the table image for a view and encodes it as PNG (the board image's settings).
pub fn table_png(v: &EvrView) -> Vec<u8> {
    encode_png(&table_image(v))
}

/// A fingerprint of what a view's table image shows of the components: equal fingerprints draw
/// the same cards and tokens, so the host can skip posting an image that shows nothing new.
///
/// Pass the public view. Whose decision it is, the round, the phase and the version are left
/// out (the post's text says them), and so is every list the public image never shows by name
/// (reserves, unused strategies, the cards of an effect), of which only the number counts.
/// Stable across builds and runs (FNV-1a over the view's JSON).
pub fn table_fingerprint(v: &EvrView) -> u64 {
    let mut v = v.clone();
    v.version = 0;
    v.round = 0;
    v.phase = "";
    v.waiting = None;
    let count = |c: &mut Cards| {
        if let Cards::Visible(keys) = c {
            *c = Cards::Hidden(keys.len());
        }
    };
    for s in v.sides.values_mut() {
        count(&mut s.reserve);
        count(&mut s.unused);
    }
    if let Some(p) = v.pending.as_mut() {
        count(&mut p.cards);
        count(&mut p.events);
    }
    let json = serde_json::to_string(&v).unwrap_or_default();
    crate::trust::hash::fnv1a(&[&json])
}

/// The static layer for a given lower side, drawn on first use.
fn layer(bottom: Faction) -> &'static RgbImage {
    static REBEL_BELOW: OnceLock<RgbImage> = OnceLock::new();
    static EMPIRE_BELOW: OnceLock<RgbImage> = OnceLock::new();
    match bottom {
        Faction::Rebel => REBEL_BELOW.get_or_init(|| draw_layer(Faction::Rebel)),
        Faction::Empire => EMPIRE_BELOW.get_or_init(|| draw_layer(Faction::Empire)),
    }
}

fn draw_layer(bottom: Faction) -> RgbImage {
    let mut img = RgbImage::from_pixel(WIDTH, HEIGHT, Rgb(BG));
    draw::fill_rect(&mut img, 0, 0, WIDTH as i32, HEADER_H as i32, PANEL);
    draw::fill_rect(&mut img, 0, HEADER_H as i32 - 2, WIDTH as i32, 2, FRAME);
    for (f, y) in [(bottom.opponent(), TOP_Y), (bottom, BOTTOM_Y)] {
        let (bg, edge) = (style::band_bg(f), mix(FRAME, style::faction_color(f), 0.35));
        panel(&mut img, (GAP, y, PLAY_W, BAND_H), bg, edge, None);
        panel(&mut img, (SIDE_X, y, SIDE_W, BAND_H), bg, edge, Some("COMPONENTS"));
        side::title(&mut img, f, y);
    }
    let edge = mix(FRAME, GOLD, 0.25);
    panel(
        &mut img,
        (middle::EVENT_X, MID_Y, middle::EVENT_W, MID_H),
        PANEL,
        edge,
        Some("THIS ROUND'S EVENT"),
    );
    panel(
        &mut img,
        (middle::STRUGGLE_X, MID_Y, middle::STRUGGLE_W, MID_H),
        PANEL,
        FRAME,
        Some("THE STRUGGLE"),
    );
    panel(&mut img, (middle::TOKENS_X, MID_Y, middle::TOKENS_W, MID_H), PANEL, FRAME, Some("TOKENS"));
    middle::hint(&mut img);
    img
}

/// Draws a panel's background, frame and title.
fn panel(img: &mut RgbImage, r: (f32, f32, f32, f32), bg: [u8; 3], edge: [u8; 3], title: Option<&str>) {
    draw::rounded_rect(img, r, 10.0, bg, 1.0);
    draw::rounded_rect_outline(img, r, 10.0, 1.5, edge);
    if let Some(t) = title {
        draw::text(img, style::TITLE, r.0 + 16.0, r.1 + 12.0, t);
    }
}

fn header(img: &mut RgbImage, v: &EvrView) {
    let y = 17.0;
    let mut x = 20.0;
    x += draw::text(img, Style::bold(26.0, GOLD), x, y, "EMPIRE VS. REBELLION") + 22.0;
    let round = if v.round == 0 { String::new() } else { format!("Round {} · ", v.round) };
    x += draw::text(
        img,
        Style::bold(24.0, TEXT),
        x,
        y + 1.0,
        &format!("{round}{}", style::phase_label(v.phase)),
    ) + 28.0;

    let tx = crate::render::board::panels::viewer_tag(img, v.viewer, "PUBLIC TABLE", 15.0, 19.0);

    let room = tx - 20.0 - x;
    let (f, words) = match (v.winner, v.waiting) {
        (Some(w), _) => (w, format!("{} victory", w.name())),
        (None, Some(f)) => (f, format!("{} to decide", f.name())),
        (None, None) => return,
    };
    icons::faction_disc(img, x + 13.0, y + 15.0, 13.0, f);
    let st = Style::bold(22.0, style::faction_color(f));
    draw::text(img, st, x + 34.0, y + 2.0, &draw::fit(st, &words, room - 34.0));
}
