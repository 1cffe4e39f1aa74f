//! Colours, text styles and short labels of the board image.
//!
//! Faction colours are chosen for colour-blind players: the Rebels are vermillion and the
//! Empire a pale steel grey, which differ in hue *and* lightness under every common form of
//! colour blindness; every faction mark also carries a letter (R / E). Resource icons keep the
//! game's blue (ships) and amber (ground) but always come with their shape.

use super::draw::{Color, Style};
use crate::content::{Faction, IconColor, TeamColour, catalog};
use crate::engine::rebellion::View;
use crate::engine::rebellion::state::Ring;

/// Page background (flat: flat areas keep the PNG small).
pub const BG: Color = [12, 17, 28];
/// Panel background below the map and in the header.
pub const PANEL: Color = [20, 27, 42];
/// Panel frame lines.
pub const FRAME: Color = [52, 64, 88];
/// System card background.
pub const CARD: Color = [27, 35, 52];
/// Main text.
pub const TEXT: Color = [232, 236, 244];
/// Secondary text.
pub const DIM: Color = [150, 160, 180];
/// Hyperspace lanes.
pub const LANE: Color = [150, 170, 205];
/// Impassable-border marks.
pub const WALL: Color = [235, 200, 70];
/// The Rebel base highlight.
pub const BASE: Color = [255, 214, 90];
/// Rebel vermillion.
pub const REBEL: Color = [255, 112, 60];
/// Imperial steel grey.
pub const EMPIRE: Color = [176, 196, 222];
/// Ship resource icons.
pub const ICON_BLUE: Color = [64, 140, 255];
/// Ground resource icons.
pub const ICON_ORANGE: Color = [255, 176, 0];
/// Destroyed-system marks.
pub const DESTROYED: Color = [200, 60, 60];
/// Target markers (Rise of the Empire): a colour of their own, as they belong to cards of
/// either side.
pub const TARGET: Color = [214, 120, 255];

/// Region tints, in the catalog's region order.
pub const REGION_TINTS: [Color; 8] = [
    [40, 140, 160],
    [150, 140, 50],
    [170, 95, 45],
    [110, 85, 175],
    [175, 60, 75],
    [60, 95, 185],
    [55, 150, 85],
    [140, 70, 150],
];

/// Body text: 17 px lines, an em of about 14.6 px.
pub const BODY: Style = Style::regular(17.0, TEXT);
/// Bold body text.
pub const BODY_BOLD: Style = Style::bold(17.0, TEXT);
/// System names.
pub const NAME: Style = Style::bold(19.0, TEXT);
/// Panel titles.
pub const TITLE: Style = Style::bold(19.0, DIM);
/// The header line.
pub const HEADER: Style = Style::bold(26.0, TEXT);

/// A faction's colour.
pub fn faction_color(f: Faction) -> Color {
    match f {
        Faction::Rebel => REBEL,
        Faction::Empire => EMPIRE,
    }
}

/// A faction's one-letter mark.
pub fn faction_letter(f: Faction) -> &'static str {
    match f {
        Faction::Rebel => "R",
        Faction::Empire => "E",
    }
}

/// A view's phase (`setup`, `command`, `game_over`, …) in words: "Setup", "Command phase",
/// "Game over".
pub fn phase_label(phase: &str) -> String {
    match phase {
        "setup" => "Setup".into(),
        "game_over" => "Game over".into(),
        p => {
            let mut c = p.chars();
            match c.next() {
                Some(f) => format!("{}{} phase", f.to_uppercase(), c.as_str()),
                None => String::new(),
            }
        }
    }
}

/// A resource icon colour.
pub fn icon_color(c: IconColor) -> Color {
    match c {
        IconColor::Blue => ICON_BLUE,
        IconColor::Orange => ICON_ORANGE,
    }
}

/// The short label of a unit type (explained in the legend).
pub fn unit_abbrev(id: &str) -> String {
    let known = match id {
        "tie_fighter" => "TIE",
        "assault_carrier" => "AC",
        "star_destroyer" => "SD",
        "super_star_destroyer" => "SSD",
        "death_star" => "DS",
        "death_star_under_construction" => "DSuc",
        "stormtrooper" => "Stm",
        "at_st" => "ST",
        "at_at" => "AT",
        "x_wing" => "X",
        "y_wing" => "Y",
        "rebel_transport" => "Tr",
        "corellian_corvette" => "CC",
        "mon_calamari_cruiser" => "MC",
        "rebel_trooper" => "Trp",
        "airspeeder" => "AS",
        "shield_generator" => "SG",
        "ion_cannon" => "IC",
        // Rise of the Empire.
        "tie_striker" => "TS",
        "interdictor" => "Int",
        "assault_tank" => "Tank",
        "shield_bunker" => "SB",
        "u_wing" => "U",
        "nebulon_b_frigate" => "Neb",
        "rebel_vanguard" => "Van",
        "golan_arms_turret" => "GAT",
        _ => "",
    };
    if !known.is_empty() {
        return known.to_string();
    }
    // Unknown content: the initials of its name.
    let c = catalog();
    let name = c.unit_by_key(id).map(|u| c.unit(u).name.clone()).unwrap_or_else(|| id.to_string());
    name.split(|ch: char| !ch.is_alphanumeric()).filter_map(|w| w.chars().next()).collect()
}

/// The short name of a leader, as drawn on the map.
pub fn leader_short(id: &str) -> String {
    let known = match id {
        "emperor_palpatine" => "Palpatine",
        "han_solo" => "Han",
        "lando_calrissian" => "Lando",
        "wedge_antilles" => "Wedge",
        "luke_skywalker" => "Luke",
        "luke_skywalker_jedi" => "Luke (Jedi)",
        "chewbacca" => "Chewie",
        "obi_wan_kenobi" => "Obi-Wan",
        "boba_fett" => "Boba Fett",
        "princess_leia" => "Leia",
        // Rise of the Empire.
        "krennics_finest" => "Krennic's Finest",
        "jabba_the_hutt" => "Jabba",
        "cassian_andor" => "Cassian",
        "jyn_erso" => "Jyn",
        "chirrut_imwe" => "Chirrut",
        "saw_gerrera" => "Saw",
        _ => "",
    };
    if !known.is_empty() {
        return known.to_string();
    }
    let c = catalog();
    match c.leader_by_key(id) {
        Some(l) => c.leader(l).name.split_whitespace().last().unwrap_or(id).to_string(),
        None => id.to_string(),
    }
}

/// The short tag of an attachment ring, as drawn after its bearer's name.
pub fn ring_short(r: Ring) -> &'static str {
    match r {
        Ring::Yoda => "Yoda",
        Ring::C3po => "3PO",
        Ring::R2d2 => "R2",
        Ring::MillenniumFalcon => "Falcon",
        Ring::Carbonite => "Carbonite",
        Ring::LureOfTheDarkSide => "Dark side",
        Ring::K2so => "K-2SO",
        Ring::Bounty => "Bounty",
    }
}

/// A leader's team-game colour (whose pool it joins), if the id is known.
pub fn leader_colour(id: &str) -> Option<TeamColour> {
    let c = catalog();
    c.leader_by_key(id).map(|l| c.leader(l).team_colour)
}

/// A leader's short name with the tag of the ring it wears, if any (rings are public).
pub fn leader_label(view: &View, id: &str) -> String {
    match view.rings.get(id) {
        Some(&r) => format!("{}·{}", leader_short(id), ring_short(r)),
        None => leader_short(id),
    }
}

/// The display name of a system id (the id itself if unknown).
pub fn system_name(id: &str) -> String {
    let c = catalog();
    c.system_by_key(id).map(|s| c.system(s).name.clone()).unwrap_or_else(|| id.to_string())
}
