//! The middle of the table: this round's event card, the struggle (both totals against the
//! objective value, or the winner once the game is over), the balance token, the influence
//! supply and the effect being resolved.

use image::RgbImage;

use super::style::{
    self, BODY, BODY_BOLD, GAP, GOLD, MID_H, MID_Y, OVER, SMALL, event_name, resource_name, strategy_name,
};
use super::{card, side};
use crate::content::Faction;
use crate::content::evr::catalog;
use crate::engine::evr::view::{Cards, EvrView, PendingView};
use crate::render::board::draw::{self, Style, mix};
use crate::render::board::icons;
use crate::render::board::theme::{BG, DIM, PANEL, TEXT};

/// The event card's panel.
pub const EVENT_X: f32 = GAP;
/// Width of the event card's panel.
pub const EVENT_W: f32 = 620.0;
/// The struggle's panel.
pub const STRUGGLE_X: f32 = EVENT_X + EVENT_W + GAP;
/// Width of the tokens' panel (the balance token, the supply, the effect being resolved).
pub const TOKENS_W: f32 = 440.0;
/// The tokens' panel.
pub const TOKENS_X: f32 = style::W as f32 - GAP - TOKENS_W;
/// Width of the struggle's panel.
pub const STRUGGLE_W: f32 = TOKENS_X - GAP - STRUGGLE_X;

/// Draws the middle band; `top` and `bottom` are the factions of the upper and lower bands.
pub fn draw(img: &mut RgbImage, v: &EvrView, top: Faction, bottom: Faction) {
    event(img, v);
    match v.winner {
        Some(w) => winner(img, v, w),
        None => struggle(img, v, [top, bottom]),
    }
    tokens(img, v);
}

fn event(img: &mut RgbImage, v: &EvrView) {
    let (x, y, w, h) = (EVENT_X + 14.0, MID_Y + 40.0, EVENT_W - 28.0, MID_H - 54.0);
    let left = format!("{} left in the event deck", style::plural(v.events_left, "event", "events"));
    let c = catalog();
    let Some(def) = v.event.as_deref().and_then(|k| c.event_by_key(k)).map(|e| c.event(e)) else {
        card::dashed_slot(img, (x, y, w, h), mix(DIM, PANEL, 0.4));
        let why = match v.phase {
            "setup" => "No event yet: the players are choosing their characters.",
            "game_over" => "No event in play: the game is over.",
            _ => "No event in play.",
        };
        draw::text_centered(img, BODY.with(DIM), x + w / 2.0, y + h / 2.0 - 22.0, why);
        draw::text_centered(img, SMALL, x + w / 2.0, y + h / 2.0 + 6.0, &left);
        return;
    };
    // The card: a gold frame, the name, four numbers, the effect.
    draw::rounded_rect(img, (x, y, w, h), 12.0, GOLD, 1.0);
    let body = mix(PANEL, GOLD, 0.1);
    draw::rounded_rect(img, (x + 3.0, y + 3.0, w - 6.0, h - 6.0), 10.0, body, 1.0);
    let name = Style::bold(27.0, GOLD);
    draw::text(img, name, x + 18.0, y + 12.0, &draw::fit(name, &def.name, w - 36.0));

    let stats = [
        (def.capacity, "CAPACITY", "cards in play"),
        (def.objective_value, "OBJECTIVE", "highest total"),
        (def.victory_points, "VICTORY", "points"),
        (def.influence_value, "INFLUENCE", "tokens"),
    ];
    let (bw, gap) = ((w - 36.0 - 3.0 * 10.0) / 4.0, 10.0);
    let by = y + 56.0;
    for (i, (n, head, sub)) in stats.iter().enumerate() {
        let bx = x + 18.0 + i as f32 * (bw + gap);
        draw::rounded_rect(img, (bx, by, bw, 84.0), 8.0, mix(body, BG, 0.45), 1.0);
        draw::text_centered(img, Style::bold(12.5, DIM), bx + bw / 2.0, by + 7.0, head);
        draw::text_centered(img, Style::bold(32.0, TEXT), bx + bw / 2.0, by + 22.0, &n.to_string());
        draw::text_centered(img, Style::regular(13.0, DIM), bx + bw / 2.0, by + 62.0, sub);
    }

    let mut ty = by + 100.0;
    match &def.effect {
        Some(effect) => {
            draw::text(img, Style::bold(13.5, GOLD), x + 18.0, ty, style::trigger_label(effect.trigger));
            ty += 20.0;
            let words: Vec<String> = effect.text.split(' ').map(str::to_string).collect();
            for line in draw::wrap(BODY, &words, " ", w - 36.0).iter().take(3) {
                draw::text(img, BODY, x + 18.0, ty, line);
                ty += 22.0;
            }
        }
        None => {
            draw::text(img, BODY.with(DIM), x + 18.0, ty, "No effect beyond its points and influence.");
        }
    }
    draw::text(img, SMALL, x + 18.0, y + h - 26.0, &left);
}

fn struggle(img: &mut RgbImage, v: &EvrView, order: [Faction; 2]) {
    let (x, w) = (STRUGGLE_X + 20.0, STRUGGLE_W - 40.0);
    let Some((objective, _)) = side::event_numbers(v) else {
        // Before the first event: how a round is won, in a few words.
        let goal = catalog().victory_points_to_win;
        let text = format!(
            "Each round both players build a total of resource values for the event. The higher \
             total that does not go over the event's objective value takes it; a tie goes to the \
             side the balance token shows. The first to {goal} victory points wins the game."
        );
        let words: Vec<String> = text.split(' ').map(str::to_string).collect();
        let mut y = MID_Y + 56.0;
        for line in draw::wrap(BODY, &words, " ", w) {
            draw::text(img, BODY.with(DIM), x, y, &line);
            y += 24.0;
        }
        return;
    };
    // One bar per player on a common scale with room beyond the objective value.
    let most = order.iter().filter_map(|f| v.sides.get(f)).map(|s| s.total).max().unwrap_or(0);
    let scale = (objective as u32 + 4).max(most + 1) as f32;
    let bar_w = w - 70.0;
    let mark = x + bar_w * objective as f32 / scale;
    let mut y = MID_Y + 62.0;
    for f in order {
        let Some(s) = v.sides.get(&f) else { continue };
        let col = style::faction_color(f);
        icons::faction_disc(img, x + 11.0, y + 11.0, 11.0, f);
        draw::text(img, BODY_BOLD.with(col), x + 30.0, y, style::faction_plural(f));
        let by = y + 30.0;
        draw::rounded_rect(img, (x, by, bar_w, 26.0), 6.0, mix(PANEL, BG, 0.6), 1.0);
        let fill = bar_w * (s.total as f32).min(scale) / scale;
        if fill > 0.0 {
            draw::rounded_rect(img, (x, by, fill.max(12.0), 26.0), 6.0, col, 1.0);
        }
        if s.total > objective as u32 {
            let over_x = mark.min(x + fill);
            draw::rounded_rect(img, (over_x, by, (x + fill - over_x).max(8.0), 26.0), 6.0, OVER, 1.0);
        }
        let st = Style::bold(26.0, if s.total > objective as u32 { OVER } else { TEXT });
        draw::text(img, st, x + bar_w + 12.0, by - 2.0, &s.total.to_string());
        y += 84.0;
    }
    // The objective value as a line across both bars.
    let (y0, y1) = (MID_Y + 86.0, y - 24.0);
    draw::line(img, (mark, y0), (mark, y1), 3.0, GOLD, 1.0);
    let st = Style::bold(14.0, GOLD);
    let label = format!("objective {objective}");
    let lw = draw::text_width(st, &label);
    draw::text(img, st, (mark - lw / 2.0).clamp(x, x + bar_w - lw), y1 + 4.0, &label);

    let in_play = v.sides.values().any(|s| !s.play.is_empty());
    let (text, col) = match v.ahead {
        _ if !in_play => (String::new(), TEXT),
        Some(f) => (format!("On these totals {} the event.", style::takes(f)), style::faction_color(f)),
        None => ("Both totals are over the objective: nobody would win.".into(), OVER),
    };
    draw::text(img, BODY.with(col), x, y1 + 40.0, &draw::fit(BODY, &text, w));
}

fn winner(img: &mut RgbImage, v: &EvrView, w: Faction) {
    let (x, y, wd, h) = (STRUGGLE_X + 20.0, MID_Y + 44.0, STRUGGLE_W - 40.0, MID_H - 64.0);
    let col = style::faction_color(w);
    draw::rounded_rect(img, (x, y, wd, h), 12.0, mix(PANEL, col, 0.18), 1.0);
    draw::rounded_rect_outline(img, (x, y, wd, h), 12.0, 3.0, col);
    icons::faction_disc(img, x + wd / 2.0, y + 56.0, 30.0, w);
    let st = Style::bold(34.0, col);
    let title = format!("{} VICTORY", w.name().to_uppercase());
    draw::text_centered(img, st, x + wd / 2.0, y + 100.0, &title);
    let vp = |f: Faction| v.sides.get(&f).map_or(0, |s| s.victory_points);
    let score = format!("{} to {} in victory points", vp(w), vp(w.opponent()));
    draw::text_centered(img, BODY, x + wd / 2.0, y + 150.0, &score);
    let rounds = format!("after {}", style::plural(v.round as usize, "round", "rounds"));
    draw::text_centered(img, BODY.with(DIM), x + wd / 2.0, y + 176.0, &rounds);
}

fn tokens(img: &mut RgbImage, v: &EvrView) {
    let x = TOKENS_X + 16.0;
    let mut y = MID_Y + 40.0;
    // The balance token: a coin showing its side.
    let b = v.balance;
    let col = style::faction_color(b);
    let (cx, cy) = (x + 46.0, y + 44.0);
    draw::circle(img, cx, cy, 44.0, GOLD);
    icons::faction_disc(img, cx, cy, 38.0, b);
    draw::ring(img, cx, cy, 31.0, 1.5, mix(col, BG, 0.4));
    draw::text(img, Style::bold(13.0, DIM), x + 106.0, y + 6.0, "BALANCE TOKEN");
    draw::text(img, Style::bold(21.0, col), x + 106.0, y + 24.0, &format!("{} side up", b.name()));
    draw::text(img, BODY, x + 106.0, y + 52.0, "moves first and wins ties");
    y += 104.0;

    draw::text(img, Style::bold(13.0, DIM), x, y + 3.0, "INFLUENCE SUPPLY");
    let end = side::tokens(img, x + 150.0, y + 10.0, v.supply as usize, 10);
    draw::text(img, BODY_BOLD, end, y, &v.supply.to_string());
    y += 34.0;

    if let Some(p) = &v.pending {
        pending(img, p, (x, y, TOKENS_W - 32.0, HINT_Y - 10.0 - y));
    }
}

/// Top of the reading hint at the foot of the tokens' panel.
const HINT_Y: f32 = MID_Y + MID_H - 78.0;

/// Draws the parts of the middle band that never change: how to read a card's caption.
pub fn hint(img: &mut RgbImage) {
    let text = "A card turned sideways is exhausted: its power is used, and a character counts \
                its lower value. #n is a card's place, the n of `ready n`.";
    let words: Vec<String> = text.split(' ').map(str::to_string).collect();
    let mut y = HINT_Y;
    for line in draw::wrap(SMALL, &words, " ", TOKENS_W - 32.0).iter().take(3) {
        draw::text(img, SMALL, TOKENS_X + 16.0, y, line);
        y += 20.0;
    }
}

/// The heading of the cards an effect holds, by what they are.
fn held(what: &str) -> &'static str {
    match what {
        "event" => "Events to put back in order",
        _ => "Cards held",
    }
}

/// The effect being resolved: whose, from which card, and the cards it holds (their names for
/// the player resolving it, their number for everyone else, as the view gives them).
fn pending(img: &mut RgbImage, p: &PendingView, (x, y, w, h): (f32, f32, f32, f32)) {
    let col = style::faction_color(p.actor);
    draw::rounded_rect(img, (x, y, w, h), 8.0, mix(PANEL, col, 0.12), 1.0);
    draw::rounded_rect_outline(img, (x, y, w, h), 8.0, 2.0, col);
    let (ix, iw) = (x + 12.0, w - 24.0);
    let mut ty = y + 9.0;
    let head = match p.kind {
        "power" => "POWER BEING USED",
        "strategy" => "STRATEGY BEING RESOLVED",
        "event" => "EVENT EFFECT BEING RESOLVED",
        _ => "EFFECT BEING RESOLVED",
    };
    draw::text(img, Style::bold(13.0, DIM), ix, ty, head);
    ty += 20.0;
    let name = match p.kind {
        "power" => resource_name(&p.source),
        "strategy" => strategy_name(&p.source),
        _ => event_name(&p.source),
    };
    let line = format!("{name} · {}", style::faction_plural(p.actor));
    draw::text(img, BODY_BOLD.with(col), ix, ty, &draw::fit(BODY_BOLD, &line, iw));
    ty += 24.0;
    for (cards, what, names) in [
        (&p.cards, "card", &(resource_name as fn(&str) -> String)),
        (&p.events, "event", &(event_name as fn(&str) -> String)),
    ] {
        let text = match cards {
            Cards::Visible(keys) if keys.is_empty() => continue,
            Cards::Visible(keys) => {
                format!("{}: {}", held(what), keys.iter().map(|k| names(k)).collect::<Vec<_>>().join(", "))
            }
            Cards::Hidden(0) => continue,
            Cards::Hidden(n) => format!(
                "{} seen by the {} only",
                style::plural(*n, what, &format!("{what}s")),
                style::faction_plural(p.actor)
            ),
        };
        let words: Vec<String> = text.split(' ').map(str::to_string).collect();
        for l in draw::wrap(BODY, &words, " ", iw).iter().take(2) {
            if ty + 20.0 > y + h {
                break;
            }
            draw::text(img, BODY, ix, ty, &draw::fit(BODY, l, iw));
            ty += 21.0;
        }
    }
}
