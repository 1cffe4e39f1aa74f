//! The legend: what every mark, colour and abbreviation on the board means.

use image::RgbImage;

use super::draw;
use super::icons;
use super::layout::*;
use super::theme::{self, BODY, BODY_BOLD, DIM};
use crate::content::{ContentSet, Faction, IconColor, IconShape, ResourceIcon, catalog};

const ROW: f32 = 30.0;
const GAP: f32 = 26.0;

/// Draws the legend into its panel (part of the static layer); with `expansion`, Rise of the
/// Empire's units join the unit rows.
pub fn draw(img: &mut RgbImage, expansion: bool) {
    let r = LEGEND_PANEL;
    let x0 = r.x + 110.0;
    let mut y = r.y + 12.0;
    let mut x = x0;

    // Row 1: factions and markers.
    for f in Faction::BOTH {
        icons::faction_disc(img, x + 10.0, y + 10.0, 10.0, f);
        x += 26.0;
        x += draw::text(img, BODY.with(theme::faction_color(f)), x, y, f.name()) + 10.0;
    }
    x += draw::text(img, BODY.with(DIM), x, y, "(disc = loyalty)") + GAP;
    for (label, c, text) in [
        ("SUBJ", theme::EMPIRE, "subjugated"),
        ("SAB", theme::REBEL, "sabotaged"),
        ("DESTROYED", theme::DESTROYED, ""),
    ] {
        x += icons::badge(img, x, y + 1.0, label, c, false) + 6.0;
        if !text.is_empty() {
            x += draw::text(img, BODY, x, y, text) + GAP;
        } else {
            x += GAP - 6.0;
        }
    }
    x += icons::badge(img, x, y + 1.0, "REBEL BASE", theme::BASE, true) + GAP;
    draw::rounded_rect(img, (x, y + 1.0, 30.0, 18.0), 4.0, theme::CARD, 1.0);
    draw::text(img, BODY_BOLD, x + 4.0, y, "Ab");
    draw::rounded_rect_outline(img, (x, y + 1.0, 30.0, 18.0), 4.0, 1.5, theme::EMPIRE);
    draw::rounded_rect(img, (x, y + 1.0, 30.0, 18.0), 4.0, theme::BG, 0.62);
    x += 36.0;
    x += draw::text(img, BODY, x, y, "greyed: Empire holds its probe card (no base)") + GAP;
    draw::line(img, (x, y + 10.0), (x + 44.0, y + 10.0), 3.0, theme::LANE, 0.6);
    x += 50.0;
    x += draw::text(img, BODY, x, y, "route") + 14.0;
    icons::wall(img, (x, y + 10.0), (x + 44.0, y + 10.0), 20.0);
    x += 50.0;
    x += draw::text(img, BODY, x, y, "no route (impassable)");
    if expansion {
        x += GAP;
        x += icons::badge(img, x, y + 1.0, "TARGET", theme::TARGET, false) + 6.0;
        x += draw::text(img, BODY, x, y, "target marker");
    }
    debug_assert!(x < LEGEND_PANEL.right() - 6.0, "the legend's first row overflows");

    // Row 2: resources, unit marks, leaders, the time track.
    y += ROW;
    x = x0;
    for (shape, name) in
        [(IconShape::Triangle, "light"), (IconShape::Circle, "medium"), (IconShape::Square, "heavy")]
    {
        icons::resource(img, x + 8.0, y + 10.0, 15.0, ResourceIcon { color: IconColor::Blue, shape });
        icons::resource(img, x + 27.0, y + 11.0, 15.0, ResourceIcon { color: IconColor::Orange, shape });
        x += 40.0;
        x += draw::text(img, BODY, x, y, name) + 14.0;
    }
    x += draw::text(img, BODY, x, y, "resources: ") + 2.0;
    x += draw::text(img, BODY.with(theme::ICON_BLUE), x, y, "blue builds ships") + 12.0;
    x += draw::text(img, BODY.with(theme::ICON_ORANGE), x, y, "amber builds ground units") + 12.0;
    x += icons::queue_number(img, x, y + 1.0, 2) + 6.0;
    x += draw::text(img, BODY, x, y, "to build-queue space") + GAP;
    icons::ship(img, x, y + 3.0, 15.0, theme::TEXT);
    x += 20.0;
    x += draw::text(img, BODY, x, y, "ships") + 12.0;
    icons::ground(img, x, y + 3.0, 15.0, theme::TEXT);
    x += 20.0;
    x += draw::text(img, BODY, x, y, "ground units") + GAP;
    x += captured_sample(img, x, y) + 6.0;
    x += draw::text(img, BODY, x, y, "captured leader") + GAP;
    icons::recruit(img, x, y + 2.0, 16.0, DIM);
    x += 20.0;
    x += draw::text(img, BODY, x, y, "recruit") + 12.0;
    icons::build(img, x, y + 2.0, 16.0, DIM);
    x += 20.0;
    x += draw::text(img, BODY, x, y, "build") + GAP;
    x += super::systems::leader_token(img, x, y, "Luke·Yoda", Faction::Rebel, false) + 6.0;
    draw::text(img, BODY, x, y, "attachment ring");

    // Rows 3–4: unit abbreviations, per faction: the base game's units, then the expansion's
    // when the match has it (closer together, so a row still fits the panel).
    let c = catalog();
    let (gap, inner) = if expansion { (7.0, 4.0) } else { (18.0, 5.0) };
    for f in Faction::BOTH {
        y += ROW;
        x = x0;
        x += draw::text(img, BODY_BOLD.with(theme::faction_color(f)), x, y, f.name()) + 14.0;
        let shown = |u: &&crate::content::UnitDef| u.set == ContentSet::Base || expansion;
        for u in c.units.iter().filter(|u| u.faction == f).filter(shown) {
            x += draw::text(img, BODY_BOLD.with(theme::faction_color(f)), x, y, &theme::unit_abbrev(&u.id))
                + inner;
            x += draw::text(img, BODY.with(DIM), x, y, &u.name) + gap;
        }
        debug_assert!(x - gap < LEGEND_PANEL.right() - 6.0, "the legend's {f} unit row overflows");
    }
}

/// Draws a sample captured-leader token; returns its width.
fn captured_sample(img: &mut RgbImage, x: f32, y: f32) -> f32 {
    super::systems::leader_token(img, x, y, "Han", Faction::Rebel, true)
}
