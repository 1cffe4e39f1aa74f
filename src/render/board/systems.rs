//! The system cards on the map: name, loyalty, resources, markers, units and leaders.

use image::RgbImage;
use std::collections::BTreeSet;

use super::draw::{self, Color, Style};
use super::icons;
use super::layout::*;
use super::theme::{self, BODY, BODY_BOLD, DIM, NAME};
use crate::content::{Faction, SystemDef, Theater, catalog};
use crate::engine::rebellion::view::{Cards, CombatView, SystemView};
use crate::engine::rebellion::{View, Viewer};

const NAME_ROW: f32 = 24.0;
const INFO_ROW: f32 = 22.0;
/// Height of a row of unit or leader tokens.
pub(super) const TOKEN_ROW: f32 = 20.0;
const TOKEN_GAP: f32 = 9.0;
const MARK: f32 = 15.0;

/// One drawable item of a card's unit or leader rows.
pub(super) enum Tok {
    /// A ship or ground mark in a faction colour, opening a group.
    Mark(Theater, Color),
    /// A count and unit abbreviation.
    Units(Color, String),
    /// A leader's short name; captured ones are boxed.
    Leader(String, Faction, bool),
    /// Blank space (indents a wrapped group under its mark).
    Pad(f32),
}

fn tok_width(t: &Tok) -> f32 {
    match t {
        Tok::Mark(..) => MARK + 2.0,
        Tok::Units(_, s) => draw::text_width(BODY_BOLD, s),
        Tok::Leader(s, _, captured) => draw::text_width(BODY, s) + if *captured { 8.0 } else { 0.0 },
        Tok::Pad(w) => *w,
    }
}

/// A card laid out: its rectangle and its rows of tokens.
struct Card<'a> {
    def: &'a SystemDef,
    id: &'a str,
    sys: &'a SystemView,
    rect: Rect,
    badges: Vec<(&'static str, Color)>,
    badges_own_row: bool,
    rows: Vec<Vec<Tok>>,
}

/// Flows tokens into rows no wider than `max`, appended to `rows`.
pub(super) fn flow(rows: &mut Vec<Vec<Tok>>, toks: Vec<Tok>, max: f32) {
    let mut row: Vec<Tok> = vec![];
    let mut w = 0.0;
    let mut marked = false;
    for t in toks {
        let tw = tok_width(&t);
        let glue = matches!(row.last(), Some(Tok::Mark(..) | Tok::Pad(_)));
        let need = if row.is_empty() || glue { tw } else { tw + TOKEN_GAP };
        if !row.is_empty() && w + need > max {
            rows.push(std::mem::take(&mut row));
            w = 0.0;
            if marked && !matches!(t, Tok::Mark(..)) {
                row.push(Tok::Pad(MARK + 2.0));
                w = MARK + 2.0;
            }
        }
        marked |= matches!(t, Tok::Mark(..));
        let glue = matches!(row.last(), Some(Tok::Mark(..) | Tok::Pad(_)));
        w += if row.is_empty() || glue { tw } else { tw + TOKEN_GAP };
        row.push(t);
    }
    if !row.is_empty() {
        rows.push(row);
    }
}

/// The tokens of one faction's units of one theater: its mark, then `count abbrev` items.
pub(super) fn unit_tokens(
    units: &std::collections::BTreeMap<String, u8>,
    f: Faction,
    theater: Theater,
) -> Vec<Tok> {
    let c = catalog();
    let col = theme::faction_color(f);
    let mut v: Vec<(usize, Tok)> = units
        .iter()
        .filter(|&(_, &n)| n > 0)
        .filter_map(|(id, &n)| {
            let u = c.unit_by_key(id)?;
            (c.unit(u).theater == theater)
                .then(|| (u.0 as usize, Tok::Units(col, format!("{n} {}", theme::unit_abbrev(id)))))
        })
        .collect();
    v.sort_by_key(|(i, _)| *i);
    if v.is_empty() {
        return vec![];
    }
    let mut out = vec![Tok::Mark(theater, col)];
    out.extend(v.into_iter().map(|(_, t)| t));
    out
}

fn icons_width(def: &SystemDef) -> f32 {
    if def.populous { def.icons.len() as f32 * 19.0 + 26.0 } else { draw::text_width(BODY, "remote") }
}

fn layout_card<'a>(view: &View, def: &'a SystemDef, id: &'a str, sys: &'a SystemView) -> Card<'a> {
    let inner = CARD_W - 2.0 * CARD_PAD;
    let mut badges = vec![];
    if sys.subjugated {
        badges.push(("SUBJ", theme::EMPIRE));
    }
    if sys.sabotaged {
        badges.push(("SAB", theme::REBEL));
    }
    if sys.destroyed {
        badges.push(("DESTROYED", theme::DESTROYED));
    }
    // One badge per target marker (Rise of the Empire): a system may hold more than one.
    for _ in view.target_markers.iter().filter(|m| m.system == id) {
        badges.push(("TARGET", theme::TARGET));
    }
    let bw: f32 = badges.iter().map(|(l, _)| icons::badge_width(l) + 4.0).sum();
    let badges_own_row = !badges.is_empty() && icons_width(def) + 8.0 + bw > inner;
    let mut rows = vec![];
    for f in Faction::BOTH {
        let units = sys.units.get(&f);
        for th in [Theater::Space, Theater::Ground] {
            if let Some(u) = units {
                flow(&mut rows, unit_tokens(u, f, th), inner);
            }
        }
    }
    let mut leaders = vec![];
    for f in Faction::BOTH {
        for l in sys.leaders.get(&f).into_iter().flatten() {
            leaders.push(Tok::Leader(theme::leader_label(view, l), f, view.captured.contains(l)));
        }
    }
    flow(&mut rows, leaders, inner);
    let h = CARD_PAD * 2.0
        + NAME_ROW
        + INFO_ROW
        + if badges_own_row { INFO_ROW } else { 0.0 }
        + rows.len() as f32 * TOKEN_ROW
        - 2.0;
    let (cx, cy) = to_px(def.coords);
    Card {
        def,
        id,
        sys,
        rect: Rect::new(cx - CARD_W / 2.0, cy - h / 2.0, CARD_W, h),
        badges,
        badges_own_row,
        rows,
    }
}

/// Moves overlapping cards apart vertically, keeping them inside the map.
fn separate(cards: &mut [Card]) {
    const GAP: f32 = 6.0;
    for _ in 0..60 {
        let mut moved = false;
        for i in 0..cards.len() {
            for j in i + 1..cards.len() {
                let (a, b) = (cards[i].rect, cards[j].rect);
                if !a.overlaps(&b, GAP) {
                    continue;
                }
                let (upper, lower) = if a.y + a.h / 2.0 <= b.y + b.h / 2.0 { (i, j) } else { (j, i) };
                let (u, l) = (cards[upper].rect, cards[lower].rect);
                let push = (u.bottom() + GAP - l.y) / 2.0 + 0.5;
                cards[upper].rect.y -= push;
                cards[lower].rect.y += push;
                moved = true;
            }
        }
        for c in cards.iter_mut() {
            c.rect.y = c.rect.y.clamp(MAP_TOP + 8.0, (MAP_BOTTOM - 8.0 - c.rect.h).max(MAP_TOP + 8.0));
        }
        if !moved {
            break;
        }
    }
}

/// Systems the Empire's own view rules out as the base (probe cards it holds or was given).
fn ruled_out(view: &View) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    if view.viewer != Viewer::Faction(Faction::Empire) {
        return out;
    }
    if let Some(Cards::Visible(p)) = view.hands.get(&Faction::Empire).and_then(|h| h.get("probes")) {
        out.extend(p.iter().cloned());
    }
    out.extend(view.revealed_probes.iter().cloned());
    if let Some(b) = &view.base.system {
        out.remove(b);
    }
    out
}

/// Draws every system card.
pub fn draw_all(img: &mut RgbImage, view: &View) {
    let c = catalog();
    let mut cards: Vec<Card> = c
        .systems
        .iter()
        .filter_map(|def| {
            let (id, sys) = view.systems.get_key_value(&def.id)?;
            Some(layout_card(view, def, id.as_str(), sys))
        })
        .collect();
    separate(&mut cards);
    let greyed = ruled_out(view);
    for card in &cards {
        draw_card(img, view, card, greyed.contains(card.id));
    }
}

fn draw_card(img: &mut RgbImage, view: &View, card: &Card, greyed: bool) {
    let r = card.rect;
    let sys = card.sys;
    let def = card.def;
    let is_base = view.base.system.as_deref() == Some(card.id);
    draw::rounded_rect(img, (r.x, r.y, r.w, r.h), 7.0, theme::CARD, 1.0);
    let (border, bt) = if is_base {
        (theme::BASE, 3.5)
    } else if sys.destroyed {
        (theme::DESTROYED, 2.5)
    } else {
        match sys.loyalty {
            Some(f) => (theme::faction_color(f), 2.0),
            None => (theme::FRAME, 1.5),
        }
    };
    draw::rounded_rect_outline(img, (r.x, r.y, r.w, r.h), 7.0, bt, border);

    // Name row: loyalty disc (populous systems have a loyalty space) and name.
    let (x, mut y) = (r.x + CARD_PAD, r.y + CARD_PAD);
    let mut nx = x;
    if def.populous {
        match sys.loyalty {
            Some(f) => icons::faction_disc(img, x + 9.0, y + 11.0, 9.5, f),
            None => draw::ring(img, x + 9.0, y + 11.0, 8.0, 1.5, DIM),
        }
        nx += 24.0;
    }
    let mut name_style = NAME;
    let room = r.right() - CARD_PAD - nx;
    while draw::text_width(name_style, &def.name) > room && name_style.px > 15.0 {
        name_style.px -= 1.0;
    }
    let name = draw::fit(name_style, &def.name, room);
    draw::text(img, name_style, nx, y + 1.0 + (NAME.px - name_style.px) / 2.0, &name);
    y += NAME_ROW;

    // Info row: resource icons and queue space, or "remote"; then markers.
    let mut ix = x;
    if def.populous {
        for icon in &def.icons {
            icons::resource(img, ix + 8.0, y + 9.5, 15.0, *icon);
            ix += 19.0;
        }
        ix += icons::queue_number(img, ix + 1.0, y, def.build_queue_space);
    } else {
        ix += draw::text(img, BODY.with(DIM), x, y - 1.0, "remote");
    }
    let mut bx = if card.badges_own_row { x } else { ix + 8.0 };
    if card.badges_own_row {
        y += INFO_ROW;
    } else if !card.badges.is_empty() {
        let bw: f32 = card.badges.iter().map(|(l, _)| icons::badge_width(l) + 4.0).sum::<f32>() - 4.0;
        bx = r.right() - CARD_PAD - bw;
    }
    for (label, col) in &card.badges {
        bx += icons::badge(img, bx, y, label, *col, false) + 4.0;
    }
    y += INFO_ROW;

    // Units and leaders.
    draw_rows(img, x, y, &card.rows);

    if sys.destroyed {
        draw::line(
            img,
            (r.x + 6.0, r.y + 6.0),
            (r.right() - 6.0, r.bottom() - 6.0),
            3.0,
            theme::DESTROYED,
            0.55,
        );
        draw::line(
            img,
            (r.right() - 6.0, r.y + 6.0),
            (r.x + 6.0, r.bottom() - 6.0),
            3.0,
            theme::DESTROYED,
            0.55,
        );
    }
    if greyed {
        draw::rounded_rect(img, (r.x, r.y, r.w, r.h), 7.0, theme::BG, 0.62);
    }
    if is_base {
        let label = if view.base.revealed { "REBEL BASE" } else { "REBEL BASE (secret)" };
        let bw = icons::badge_width(label);
        icons::badge(img, r.x + (r.w - bw) / 2.0, r.y - 16.0, label, theme::BASE, true);
    }
    if let Some(c) = view.combat.as_ref().filter(|c| c.place == card.id) {
        combat_marks(img, r, c);
    }
}

/// Marks the system being fought over: a red frame, and under the card a tab with the round
/// and every damaged or destroyed unit (damage markers are public).
fn combat_marks(img: &mut RgbImage, r: Rect, c: &CombatView) {
    draw::rounded_rect_outline(
        img,
        (r.x - 5.0, r.y - 5.0, r.w + 10.0, r.h + 10.0),
        10.0,
        3.0,
        theme::DESTROYED,
    );
    let hurt: Vec<String> = c
        .units
        .iter()
        .filter(|u| u.damage > 0 || u.destroyed)
        .map(|u| {
            let who = if u.faction == Faction::Rebel { "R" } else { "E" };
            let state = match (u.destroyed, u.health) {
                (true, _) => "destroyed".to_string(),
                (false, Some(h)) => format!("{}/{h}", u.damage),
                (false, None) => format!("{}", u.damage),
            };
            format!("{who} {} {state}", theme::unit_abbrev(&u.unit))
        })
        .collect();
    let mut label = format!("COMBAT · round {}", c.round);
    if !hurt.is_empty() {
        label.push_str(&format!(" · {}", hurt.join(", ")));
    }
    let bw = icons::badge_width(&label);
    icons::badge(img, r.x + (r.w - bw) / 2.0, r.y + r.h + 4.0, &label, theme::DESTROYED, true);
}

/// Draws rows of tokens with the first row's top at `(x, y)`; returns the height used.
pub(super) fn draw_rows(img: &mut RgbImage, x: f32, mut y: f32, rows: &[Vec<Tok>]) -> f32 {
    let y0 = y;
    for row in rows {
        let mut tx = x;
        let mut prev_mark = false;
        for (i, t) in row.iter().enumerate() {
            if i > 0 && !prev_mark {
                tx += TOKEN_GAP;
            }
            prev_mark = false;
            match t {
                Tok::Mark(th, col) => {
                    match th {
                        Theater::Space => icons::ship(img, tx, y + 2.5, MARK, *col),
                        Theater::Ground => icons::ground(img, tx, y + 2.0, MARK, *col),
                    }
                    tx += MARK + 2.0;
                    prev_mark = true;
                }
                Tok::Units(col, s) => tx += draw::text(img, BODY_BOLD.with(*col), tx, y - 1.0, s),
                Tok::Leader(s, f, captured) => tx += leader_token(img, tx, y - 1.0, s, *f, *captured),
                Tok::Pad(w) => {
                    tx += w;
                    prev_mark = true;
                }
            }
        }
        y += TOKEN_ROW;
    }
    y - y0
}

/// Draws a leader's name (boxed when captured) with its top-left at `(x, y)`; returns the width.
pub fn leader_token(img: &mut RgbImage, x: f32, y: f32, name: &str, f: Faction, captured: bool) -> f32 {
    let st: Style = BODY.with(theme::faction_color(f));
    if captured {
        let w = draw::text_width(st, name) + 8.0;
        draw::rounded_rect(img, (x, y + 1.0, w, 19.0), 4.0, theme::EMPIRE, 1.0);
        draw::text(img, st.with(theme::BG), x + 4.0, y + 1.0, name);
        w
    } else {
        draw::text(img, st, x, y, name)
    }
}
