//! Board images: golden images of seeded positions, and checks that public images cannot leak
//! hidden information.
//!
//! The golden files in `tests/golden/board/` are the boards at half resolution (each pixel the mean of
//! a 2 × 2 block, rounded to steps of 16), which keeps the committed files small while still catching any change of
//! layout, colour or text. Regenerate them after an intended change with
//! `HOLONET_BLESS=1 cargo test --test render`, then look at them before committing.

mod golden_image;

use holonet::bot::sim::{playout, random_action};
use holonet::content::{Faction, SystemId};
use holonet::engine::rebellion::{MatchOptions, Players, State, Viewer, apply, decision, new_game, view};
use holonet::engine::rng::GameRng;
use holonet::render::board::{HEIGHT, WIDTH, render_image, render_png};

/// Setup done: quick setup, then the Rebels' first legal base choice.
fn setup_done(seed: u64) -> State {
    let mut s = new_game(seed, MatchOptions { quick_setup: true, ..Default::default() });
    let d = decision(&s).expect("the base choice is pending");
    apply(&mut s, d.seat, d.actions[0].clone()).expect("a legal action applies");
    s
}

/// A mid-game position: `n` random legal actions after setup.
fn mid_game(seed: u64, n: usize) -> State {
    let mut s = setup_done(seed);
    let mut rng = GameRng::from_seed(seed.wrapping_mul(31) + 7);
    for _ in 0..n {
        let Some((seat, a)) = random_action(&s, &mut rng) else { break };
        apply(&mut s, seat, a).expect("a legal action applies");
    }
    s
}

/// Compares a board with its golden image (`tests/golden_image`).
fn check_golden(name: &str, s: &State, viewer: Viewer) {
    golden_image::check("board", "render", name, &render_image(&view(s, viewer)));
}

#[test]
fn golden_setup() {
    check_golden("setup_public", &setup_done(1), Viewer::Public);
}

#[test]
fn golden_mid_game() {
    let s = mid_game(5, 60);
    assert!(!s.base.revealed, "this position is meant to keep the base hidden");
    check_golden("mid_public", &s, Viewer::Public);
    check_golden("mid_rebel", &s, Viewer::Faction(Faction::Rebel));
    check_golden("mid_empire", &s, Viewer::Faction(Faction::Empire));
}

/// A position in the middle of a combat with damaged units: random legal play from the first
/// seed (0, 1, …) whose game reaches a combat showing at least two damaged or destroyed units.
fn mid_combat() -> State {
    for seed in 0..20 {
        let mut s = new_game(seed, MatchOptions::default());
        let mut rng = GameRng::from_seed(seed);
        while let Some((seat, a)) = random_action(&s, &mut rng) {
            apply(&mut s, seat, a).expect("a legal action applies");
            let v = holonet::engine::rebellion::view(&s, Viewer::Public);
            if let Some(c) = &v.combat
                && c.units.iter().filter(|u| u.damage > 0 || u.destroyed).count() >= 2
                && decision(&s).is_some()
            {
                return s;
            }
        }
    }
    panic!("no seed below 20 reaches a combat with damage");
}

#[test]
fn golden_mid_combat_shows_the_damage() {
    let s = mid_combat();
    check_golden("combat_public", &s, Viewer::Public);
}

#[test]
fn golden_base_revealed() {
    let mut s = mid_game(3, 600);
    s.base.revealed = true;
    check_golden("revealed_public", &s, Viewer::Public);
}

#[test]
fn golden_game_over() {
    let s = playout(4, MatchOptions::default()).state;
    assert!(s.winner.is_some());
    check_golden("game_over_public", &s, Viewer::Public);
}

/// A Rise of the Empire match: both sides on the expansion's units (quick setup), `n` random
/// legal actions after the base choice.
fn rote_mid_game(seed: u64, n: usize) -> State {
    let mut s =
        new_game(seed, MatchOptions { quick_setup: true, rise_of_the_empire: true, ..Default::default() });
    for line in ["mode 2", "mode 2", "mode 2", "mode 2"] {
        let d = decision(&s).expect("a setup choice is pending");
        let a = holonet::engine::rebellion::Action::parse(line).expect("parses");
        apply(&mut s, d.seat, a).expect("the expansion's set and units are offered");
    }
    let d = decision(&s).expect("the base choice is pending");
    apply(&mut s, d.seat, d.actions[0].clone()).expect("a legal action applies");
    let mut rng = GameRng::from_seed(seed.wrapping_mul(31) + 7);
    for _ in 0..n {
        let Some((seat, a)) = random_action(&s, &mut rng) else { break };
        apply(&mut s, seat, a).expect("a legal action applies");
    }
    s
}

#[test]
fn golden_rise_of_the_empire_shows_its_units_leaders_and_target_markers() {
    use holonet::engine::rebellion::rise_of_the_empire::probes::UnderCard;
    use holonet::engine::rebellion::rise_of_the_empire::targets::{MarkerCard, TargetMarker};
    let c = holonet::content::catalog();
    let mut s = rote_mid_game(8, 60);
    // Raid Outposts in play with a marker in Kessel, and Secret Facility holding a probe card.
    let raid = c.objective_by_key("raid_outposts").expect("an expansion objective");
    let system = SystemId::parse("kessel").expect("a system");
    s.targets.placed.push(TargetMarker { card: MarkerCard::Objective(raid), system });
    s.targets.objectives.cards.push(raid);
    let facility =
        holonet::content::ActionCardId::all().find(|a| a.key() == "secret_facility").expect("card");
    let probe = s.decks.probes.pop().expect("a probe card");
    s.rote_probes.under.push(UnderCard { card: facility, probe });
    let v = view(&s, Viewer::Public);
    assert_eq!(v.target_markers.len(), 1, "the marker is public");
    assert!(v.rise_of_the_empire);
    let on_board = |id: &str| v.systems.values().any(|x| x.units.values().any(|u| u.contains_key(id)));
    assert!(
        on_board("death_star_under_construction") && on_board("tie_striker"),
        "the expansion's units are out"
    );
    if let Ok(path) = std::env::var("HOLONET_DUMP_ROTE_BOARD") {
        std::fs::write(path, render_png(&v)).expect("writes");
    }
    check_golden("rote_public", &s, Viewer::Public);
    // The badge is small next to the golden's tolerance: check it is drawn at all.
    let mut without = s.clone();
    without.targets.placed.clear();
    let (a, b) = (render_image(&v), render_image(&view(&without, Viewer::Public)));
    let changed = a.pixels().zip(b.pixels()).filter(|(x, y)| x != y).count();
    assert!(changed > 200, "the target marker's badge is drawn ({changed} pixels)");
}

#[test]
fn png_is_a_board_sized_image_under_one_megabyte() {
    let png = render_png(&view(&mid_game(5, 60), Viewer::Public));
    assert!(png.len() < 1_000_000, "{} bytes", png.len());
    let img = image::load_from_memory(&png).expect("decodes").to_rgb8();
    assert_eq!(img.dimensions(), (WIDTH, HEIGHT));
    assert!((1600..=2000).contains(&WIDTH));
}

#[test]
fn public_images_ignore_hidden_information() {
    let a = mid_game(6, 60);
    assert!(!a.base.revealed);
    let mut b = a.clone();
    // Move the hidden base elsewhere.
    let here = b.base.system.expect("the base is chosen");
    b.base.system = SystemId::all().find(|&x| x != here && !b.sys(x).destroyed);
    // Different cards in hand (same counts), and every deck in another order.
    let (hand, deck) = (&mut b.hands.rebel.missions, &mut b.decks.missions.rebel);
    if let (Some(h), Some(d)) = (hand.first_mut(), deck.first_mut()) {
        std::mem::swap(h, d);
    }
    let (hand, deck) = (&mut b.hands.empire.probes, &mut b.decks.probes);
    if let (Some(h), Some(d)) = (hand.first_mut(), deck.first_mut()) {
        std::mem::swap(h, d);
    }
    b.decks.probes.reverse();
    b.decks.objectives.reverse();
    b.decks.missions.empire.reverse();
    b.decks.actions.rebel.reverse();
    b.decks.space_tactics.reverse();
    // What cards showed one faction alone.
    for f in Faction::BOTH {
        b.intel.get_mut(f).push(holonet::engine::rebellion::state::Intel {
            round: 1,
            source: "Interrogation".into(),
            text: "a secret".into(),
        });
    }
    assert_ne!(a, b, "the two states differ");
    assert_eq!(render_png(&view(&a, Viewer::Public)), render_png(&view(&b, Viewer::Public)));
    // The private images do see the difference.
    assert_ne!(
        render_png(&view(&a, Viewer::Faction(Faction::Rebel))),
        render_png(&view(&b, Viewer::Faction(Faction::Rebel)))
    );
}

#[test]
fn private_images_show_their_secrets() {
    let s = mid_game(5, 60);
    assert!(!s.base.revealed);
    let public = render_image(&view(&s, Viewer::Public));
    let rebel = render_image(&view(&s, Viewer::Faction(Faction::Rebel)));
    assert_ne!(public, rebel, "the Rebel image marks the hidden base");
    let empire = render_image(&view(&s, Viewer::Faction(Faction::Empire)));
    assert!(!s.hands.empire.probes.is_empty(), "by round 3 the Empire holds probe cards");
    assert_ne!(public, empire, "the Imperial image greys out probed systems");
}

#[test]
fn rings_and_turned_leaders_show_on_every_image() {
    use holonet::engine::rebellion::state::Ring;
    let mut a = mid_game(5, 60);
    // A Rebel leader standing in a system (taken from wherever it was).
    let on_board = holonet::content::LeaderId::parse("mon_mothma").unwrap();
    a.leader_pool.rebel.retain(|&l| l != on_board);
    for p in a.places().collect::<Vec<_>>() {
        a.zone_mut(p).leaders.rebel.retain(|&l| l != on_board);
    }
    for asg in a.assignments.rebel.iter_mut() {
        asg.leaders.retain(|&l| l != on_board);
    }
    let bespin = SystemId::parse("bespin").unwrap();
    a.sys_mut(bespin).zone.leaders.rebel.push(on_board);
    let mut b = a.clone();
    b.rings.insert(on_board, Ring::Yoda);
    for v in [Viewer::Public, Viewer::Faction(Faction::Rebel), Viewer::Faction(Faction::Empire)] {
        assert_ne!(render_png(&view(&a, v)), render_png(&view(&b, v)), "{v:?} shows the ring");
    }
    let mut c = a.clone();
    c.turned.push(on_board);
    assert_ne!(
        render_png(&view(&a, Viewer::Public)),
        render_png(&view(&c, Viewer::Public)),
        "turned is public"
    );
}

#[test]
fn rendering_is_deterministic() {
    let v = view(&mid_game(6, 250), Viewer::Public);
    assert_eq!(render_png(&v), render_png(&v));
}

/// A four-player team game part way through: the leaders panel lists each role's own leaders
/// and the header names the role that decides.
#[test]
fn golden_team_game_shows_each_roles_leaders() {
    let mut s = new_game(6, MatchOptions { quick_setup: true, players: Players::Four, ..Default::default() });
    let d = decision(&s).expect("the base choice is pending");
    apply(&mut s, d.seat, d.actions[0].clone()).expect("a legal action applies");
    let mut rng = GameRng::from_seed(6 * 31 + 7);
    for _ in 0..40 {
        let Some((seat, a)) = random_action(&s, &mut rng) else { break };
        apply(&mut s, seat, a).expect("a legal action applies");
    }
    let v = view(&s, Viewer::Public);
    let text = holonet::render::text::summary(&v);
    assert!(
        text.contains("Rebel Admiral's leaders:") && text.contains("Imperial General's leaders:"),
        "{text}"
    );
    check_golden("team_public", &s, Viewer::Public);
}
