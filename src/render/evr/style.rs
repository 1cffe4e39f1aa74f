//! Colours, text styles, geometry and words of the table image: the board image's palette
//! (vermillion Rebels, steel-grey Empire, flat dark panels) with the card game's own accents.

use crate::content::Faction;
use crate::content::evr::{Category, Trigger, catalog};
use crate::render::board::draw::{Color, Style, mix};
use crate::render::board::theme::{self, PANEL, TEXT};

/// Image width in pixels.
pub const W: u32 = 1600;
/// Image height in pixels.
pub const H: u32 = 1040;
/// Outer margin and the gap between panels.
pub const GAP: f32 = 14.0;
/// Height of the header bar.
pub const HEADER_H: f32 = 64.0;
/// Height of one player's band (play area and side panel).
pub const BAND_H: f32 = 282.0;
/// Top of the upper band.
pub const TOP_Y: f32 = HEADER_H + GAP;
/// Top of the middle band (the event, the struggle, the tokens).
pub const MID_Y: f32 = TOP_Y + BAND_H + GAP;
/// Top of the lower band.
pub const BOTTOM_Y: f32 = H as f32 - GAP - BAND_H;
/// Height of the middle band.
pub const MID_H: f32 = BOTTOM_Y - GAP - MID_Y;
/// Width of a play area (room for six cards, all turned).
pub const PLAY_W: f32 = 1056.0;
/// Left edge of a side panel.
pub const SIDE_X: f32 = GAP + PLAY_W + GAP;
/// Width of a side panel.
pub const SIDE_W: f32 = W as f32 - GAP - SIDE_X;

/// Width of an upright resource card.
pub const CARD_W: u32 = 114;
/// Height of an upright resource card (a turned card is as wide as this).
pub const CARD_H: u32 = 160;
/// Gap between cards in a play area.
pub const CARD_GAP: f32 = 12.0;

/// Page background.
pub const BG: Color = theme::BG;
/// Gold: the title, influence tokens, the event card's frame.
pub const GOLD: Color = [236, 190, 80];
/// The warning colour of a total over the objective value.
pub const OVER: Color = [255, 84, 84];
/// Silver: the frame of a character card.
pub const SILVER: Color = [206, 210, 222];

/// Panel title text.
pub const TITLE: Style = Style::bold(17.0, theme::DIM);
/// Body text.
pub const BODY: Style = Style::regular(17.0, TEXT);
/// Bold body text.
pub const BODY_BOLD: Style = Style::bold(17.0, TEXT);
/// Secondary small text.
pub const SMALL: Style = Style::regular(15.0, theme::DIM);

pub use theme::faction_color;

/// The background of a player's band: the panel colour with a breath of the faction's.
pub fn band_bg(f: Faction) -> Color {
    mix(PANEL, faction_color(f), 0.07)
}

/// The body colour of a faction's resource card.
pub fn card_fill(f: Faction) -> Color {
    match f {
        Faction::Rebel => [66, 34, 28],
        Faction::Empire => [34, 42, 58],
    }
}

/// A faction's full name, as on its cards.
pub fn faction_title(f: Faction) -> &'static str {
    match f {
        Faction::Rebel => "REBEL ALLIANCE",
        Faction::Empire => "GALACTIC EMPIRE",
    }
}

/// A faction as players say it in a sentence ("the Rebels", "the Empire").
pub fn faction_plural(f: Faction) -> &'static str {
    match f {
        Faction::Rebel => "Rebels",
        Faction::Empire => "Empire",
    }
}

/// "the Rebels take" / "the Empire takes": a faction as the subject of a sentence.
pub fn takes(f: Faction) -> &'static str {
    match f {
        Faction::Rebel => "the Rebels take",
        Faction::Empire => "the Empire takes",
    }
}

/// The accent colour of a resource card's category; the category is always written too, so
/// the colour is a help, never the only sign.
pub fn category_color(c: Category) -> Color {
    match c {
        Category::Military => [222, 84, 72],
        Category::Diplomacy => [84, 178, 120],
        Category::Recon => [84, 150, 236],
        Category::Force => [170, 120, 236],
        Category::Character => SILVER,
    }
}

/// The label on a card's top band: the category's printed name, in capitals.
pub fn category_label(c: Category) -> String {
    match catalog().category(c) {
        Some(def) => def.name.to_uppercase(),
        None => "CHARACTER".into(),
    }
}

/// A view's phase in words.
pub fn phase_label(phase: &str) -> &'static str {
    match phase {
        "setup" => "Setup: choosing characters",
        "planning" => "Planning: choosing strategies",
        "struggle" => "The struggle",
        "dominance" => "Dominance",
        "game_over" => "Game over",
        _ => "",
    }
}

/// When an event's effect applies, as the heading of its text.
pub fn trigger_label(t: Trigger) -> &'static str {
    match t {
        Trigger::Won => "FOR ITS WINNER",
        Trigger::Lost => "FOR ITS LOSER",
        Trigger::Round => "THROUGHOUT THIS ROUND",
        Trigger::Reveal => "WHEN REVEALED",
    }
}

/// A count and a noun, with the noun in the plural unless the count is one.
pub fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 { format!("{n} {one}") } else { format!("{n} {many}") }
}

/// A resource card as players tell it apart: a character's printed name, a basic card's with
/// its value ("Military 4"), as every basic card of a category shares the name (the key if the
/// catalog does not know it).
pub fn resource_name(key: &str) -> String {
    let c = catalog();
    match c.resource_by_key(key).map(|id| c.resource(id)) {
        Some(r) if r.is_character() => r.name.clone(),
        Some(r) => format!("{} {}", r.name, r.value),
        None => key.to_string(),
    }
}

/// The printed name of a strategy card (its key if unknown).
pub fn strategy_name(key: &str) -> String {
    catalog().strategy_name(key)
}

/// The printed name of an event card (its key if unknown).
pub fn event_name(key: &str) -> String {
    catalog().event_name(key)
}
