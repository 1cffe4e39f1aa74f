//! Empire vs. Rebellion's table image: golden images of seeded positions reached by playing
//! the engine, and checks that the public image and its fingerprint cannot leak a secret.
//!
//! The golden files in `tests/golden/evr/` are the images at half resolution, compared within
//! the board images' tolerance (`tests/golden_image`). Regenerate them after an intended change
//! with `HOLONET_BLESS=1 cargo test --test evr_render`, then look at them before committing.
//! `HOLONET_DUMP_EVR_TABLE=dir` also writes every checked image at full size into `dir`.

mod golden_image;

use holonet::content::Faction;
use holonet::content::evr::{Category, ResourceCardDef, catalog};
use holonet::engine::evr::state::Phase;
use holonet::engine::evr::view::Cards;
use holonet::engine::evr::{Action, DecisionKind, EvrState, Viewer, apply, decision, new_game, view};
use holonet::render::evr::{HEIGHT, WIDTH, table_fingerprint, table_image, table_png};

const REBEL: Faction = Faction::Rebel;
const EMPIRE: Faction = Faction::Empire;

fn init() {
    holonet::content::init().expect("content loads");
}

/// The move of a simple scripted player: in the struggle, use the power of a ready card when
/// `wants` picks it, else play while the total stays well under the objective value and pass
/// otherwise; every other decision (setup, strategies, an effect's choices) takes its first
/// legal action.
fn scripted(s: &EvrState, wants: &dyn Fn(Faction, &ResourceCardDef) -> bool) -> Option<(Faction, Action)> {
    let d = decision(s)?;
    let c = catalog();
    let a = match d.kind {
        DecisionKind::StruggleTurn => {
            let power = d
                .actions
                .iter()
                .find(|a| matches!(a, Action::Use { card } if wants(d.seat, c.resource(*card))));
            let objective = s.event.map_or(0, |e| c.event(e).objective_value as u32);
            let side = s.sides.get(d.seat);
            let play = d.actions.contains(&Action::Play);
            if let Some(a) = power {
                a.clone()
            } else if play && (side.total() + 5 <= objective || side.play.is_empty()) {
                Action::Play
            } else if d.actions.contains(&Action::Pass) {
                Action::Pass
            } else {
                d.actions[0].clone()
            }
        }
        _ => d.actions[0].clone(),
    };
    Some((d.seat, a))
}

/// The script that never uses a power.
fn no_powers(_: Faction, _: &ResourceCardDef) -> bool {
    false
}

/// Plays the script from `s` until `stop` holds (checked before each move) or the game ends.
fn play_until(
    s: &mut EvrState,
    wants: &dyn Fn(Faction, &ResourceCardDef) -> bool,
    stop: impl Fn(&EvrState) -> bool,
) {
    while !stop(s) {
        let Some((seat, a)) = scripted(s, wants) else { return };
        apply(s, seat, a).expect("a scripted action is legal");
    }
}

/// Setup half done: the Rebels have chosen their characters (seed 3; the first, second,
/// third and fifth of the catalog's eight), the Empire has yet to.
fn setup() -> EvrState {
    init();
    let mut s = new_game(3);
    for pick in [0, 0, 0, 1] {
        let d = decision(&s).expect("the Rebels choose first");
        apply(&mut s, d.seat, d.actions[pick].clone()).expect("legal");
    }
    s
}

/// The first struggle (of seeds 0, 1, …) in which the Rebels, to move after a play, have three
/// cards in play with a character among them and the Empire two, and then use that
/// character's power (its choices: the first offered), leaving it turned in play; the Empire
/// moves next.
fn mid_struggle() -> EvrState {
    init();
    let c = catalog();
    let ready_character = |s: &EvrState| {
        s.sides.rebel.play.iter().find(|p| !p.exhausted && c.resource(p.card).is_character()).map(|p| p.card)
    };
    let wanted = |s: &EvrState| {
        matches!(s.phase, Phase::Struggle { turn: Faction::Rebel, passed: false })
            && s.sides.rebel.play.len() >= 3
            && s.sides.empire.play.len() >= 2
            && ready_character(s).is_some()
            // A strategy is left to choose (the twins swap the chosen one with it).
            && !s.sides.empire.unused.is_empty()
    };
    let reach = |seed: u64| {
        let mut s = new_game(seed);
        play_until(&mut s, &no_powers, wanted);
        let card = ready_character(&s)?;
        apply(&mut s, REBEL, Action::Use { card }).ok()?;
        while let Some(d) = decision(&s).filter(|d| d.kind == DecisionKind::Effect) {
            apply(&mut s, d.seat, d.actions[0].clone()).expect("an offered choice");
        }
        let turned = s.sides.rebel.play.iter().any(|p| p.card == card && p.exhausted);
        let empire_next = matches!(s.phase, Phase::Struggle { turn: Faction::Empire, passed: false });
        (turned && empire_next).then_some(s)
    };
    (0..60).find_map(reach).expect("a seed below 60 reaches such a struggle")
}

/// Seed 11 after its first event has gone to someone, once both players have two cards in
/// play in the next struggle.
fn event_won() -> EvrState {
    init();
    let mut s = new_game(11);
    play_until(&mut s, &no_powers, |s| s.sides.rebel.won.len() + s.sides.empire.won.len() >= 1);
    play_until(&mut s, &no_powers, |s| s.sides.rebel.play.len() >= 2 && s.sides.empire.play.len() >= 2);
    assert!(matches!(s.phase, Phase::Struggle { .. }), "seed 11 plays on into a struggle");
    s
}

/// Seed 5 played to its end, the Rebels using their characters' powers.
fn game_over() -> EvrState {
    init();
    let mut s = new_game(5);
    play_until(&mut s, &|f, r| f == REBEL && r.is_character(), |_| false);
    assert!(s.winner.is_some(), "the script ends the game");
    s
}

/// The first position (seeds 0, 1, …) where a Rebel Recon power holds cards it looked at.
fn pending_recon() -> EvrState {
    init();
    let recon = |f: Faction, r: &ResourceCardDef| f == REBEL && r.category == Category::Recon;
    let holding = |s: &EvrState| s.pending.as_ref().is_some_and(|p| p.actor == REBEL && !p.cards.is_empty());
    let reach = |seed: u64| {
        let mut s = new_game(seed);
        play_until(&mut s, &recon, holding);
        holding(&s).then_some(s)
    };
    (0..60).find_map(reach).expect("a seed below 60 has a Rebel Recon look at cards")
}

/// Compares a table image with its golden (`tests/golden/evr/{name}.png`).
fn check_golden(name: &str, s: &EvrState, viewer: Viewer) {
    let img = table_image(&view(s, viewer));
    if let Some(dir) = std::env::var_os("HOLONET_DUMP_EVR_TABLE") {
        let path = std::path::Path::new(&dir).join(format!("{name}.png"));
        std::fs::write(path, table_png(&view(s, viewer))).expect("writes the dump");
    }
    golden_image::check("evr", "evr_render", name, &img);
}

#[test]
fn golden_setup() {
    let s = setup();
    assert_eq!(view(&s, Viewer::Public).phase, "setup");
    check_golden("setup_public", &s, Viewer::Public);
}

#[test]
fn golden_mid_struggle_with_a_turned_character() {
    let s = mid_struggle();
    check_golden("struggle_public", &s, Viewer::Public);
    check_golden("struggle_rebel", &s, Viewer::Faction(REBEL));
}

#[test]
fn golden_event_won() {
    let s = event_won();
    check_golden("won_public", &s, Viewer::Public);
    check_golden("won_empire", &s, Viewer::Faction(EMPIRE));
}

#[test]
fn golden_game_over() {
    check_golden("over_public", &game_over(), Viewer::Public);
}

#[test]
fn golden_effect_being_resolved() {
    let s = pending_recon();
    check_golden("pending_rebel", &s, Viewer::Faction(REBEL));
    // The channel sees how many cards are held, not which; and the box is drawn.
    let held = s.pending.as_ref().map_or(0, |p| p.cards.len());
    let public = view(&s, Viewer::Public);
    assert!(matches!(public.pending.as_ref().map(|p| &p.cards), Some(Cards::Hidden(n)) if *n == held));
    let mut without = s.clone();
    without.pending = None;
    assert_ne!(table_image(&public), table_image(&view(&without, Viewer::Public)), "the effect is drawn");
}

/// Two states that differ only in secrets: the Rebels' reserve (a character swapped with one
/// of their deck), the Empire's chosen strategy (swapped with an unused one) and the order of
/// both decks.
fn twins() -> (EvrState, EvrState) {
    let a = mid_struggle();
    let c = catalog();
    let mut b = a.clone();
    let deck_character = b.sides.rebel.deck.iter().position(|&x| c.resource(x).is_character());
    let reserve = &mut b.sides.rebel.reserve;
    match deck_character {
        Some(i) => std::mem::swap(&mut reserve[0], &mut b.sides.rebel.deck[i]),
        // Every character is out of the deck: swap reserve and deck whole-card instead.
        None => std::mem::swap(&mut reserve[0], &mut b.sides.rebel.deck[0]),
    }
    let side = &mut b.sides.empire;
    let chosen = side.chosen.expect("chosen in planning");
    let other = side.unused[0];
    side.chosen = Some(other);
    side.unused[0] = chosen;
    b.sides.rebel.deck.reverse();
    b.sides.empire.deck.reverse();
    assert_ne!(a, b);
    (a, b)
}

#[test]
fn the_public_image_and_fingerprint_are_the_same_for_states_differing_only_in_secrets() {
    let (a, b) = twins();
    let (va, vb) = (view(&a, Viewer::Public), view(&b, Viewer::Public));
    assert_eq!(table_png(&va), table_png(&vb), "the public image shows no secret");
    assert_eq!(table_fingerprint(&va), table_fingerprint(&vb));
    // The owners' images do show their secret.
    assert_ne!(table_png(&view(&a, Viewer::Faction(REBEL))), table_png(&view(&b, Viewer::Faction(REBEL))));
    assert_ne!(table_png(&view(&a, Viewer::Faction(EMPIRE))), table_png(&view(&b, Viewer::Faction(EMPIRE))));
}

#[test]
fn a_seat_sees_its_own_secrets_and_no_other() {
    let s = mid_struggle();
    let public = table_image(&view(&s, Viewer::Public));
    let rebel = table_image(&view(&s, Viewer::Faction(REBEL)));
    assert_ne!(public, rebel, "the Rebel image names its reserve and strategies");
}

#[test]
fn the_fingerprint_follows_the_components_not_the_turn() {
    init();
    let mut s = mid_struggle();
    let before = table_fingerprint(&view(&s, Viewer::Public));
    // A pass changes whose turn it is and the version, nothing on the table.
    apply(&mut s, EMPIRE, Action::Pass).expect("the Empire may pass");
    assert_eq!(table_fingerprint(&view(&s, Viewer::Public)), before);
    // Playing a card does.
    let d = decision(&s).expect("the Rebels decide");
    assert!(d.actions.contains(&Action::Play), "the Rebels have room to play");
    let mut t = s.clone();
    apply(&mut t, REBEL, Action::Play).expect("legal");
    assert_ne!(table_fingerprint(&view(&t, Viewer::Public)), before, "a card played");
    // So does turning a card, or a token changing hands.
    let mut t = s.clone();
    t.sides.rebel.play[0].exhausted = !t.sides.rebel.play[0].exhausted;
    assert_ne!(table_fingerprint(&view(&t, Viewer::Public)), before, "a card turned");
    let mut t = s.clone();
    t.sides.empire.influence += 1;
    t.supply -= 1;
    assert_ne!(table_fingerprint(&view(&t, Viewer::Public)), before, "influence taken");
    let mut t = s.clone();
    t.balance = t.balance.opponent();
    assert_ne!(table_fingerprint(&view(&t, Viewer::Public)), before, "the balance token flipped");
}

#[test]
fn turning_a_card_changes_the_picture_where_it_lies() {
    let a = mid_struggle();
    let mut b = a.clone();
    for p in b.sides.rebel.play.iter_mut() {
        p.exhausted = false;
    }
    let (ia, ib) = (table_image(&view(&a, Viewer::Public)), table_image(&view(&b, Viewer::Public)));
    let changed = ia.pixels().zip(ib.pixels()).filter(|(x, y)| x != y).count();
    assert!(changed > 10_000, "the turned card is drawn sideways ({changed} pixels differ)");
}

#[test]
fn png_is_a_table_sized_image_and_deterministic() {
    let v = view(&mid_struggle(), Viewer::Public);
    let png = table_png(&v);
    assert_eq!(png, table_png(&v));
    assert!(png.len() < 1_000_000, "{} bytes", png.len());
    let img = image::load_from_memory(&png).expect("decodes").to_rgb8();
    assert_eq!(img.dimensions(), (WIDTH, HEIGHT));
}

#[test]
fn every_card_and_event_of_the_box_draws() {
    let base = mid_struggle();
    let c = catalog();
    // Every picture must differ from every other: each card and each event is drawn, not
    // skipped.
    let mut seen = std::collections::BTreeSet::new();
    // Every resource card, six at a time in its owner's play area, every other one turned.
    for f in [REBEL, EMPIRE] {
        let cards: Vec<_> = c.resources_of(f).collect();
        for chunk in cards.chunks(6) {
            let mut s = base.clone();
            s.sides.get_mut(f).play = chunk
                .iter()
                .enumerate()
                .map(|(i, &card)| holonet::engine::evr::InPlay { card, exhausted: i % 2 == 1 })
                .collect();
            let img = table_image(&view(&s, Viewer::Public));
            assert_eq!(img.dimensions(), (WIDTH, HEIGHT));
            assert!(seen.insert(img.into_raw()), "{f} cards {chunk:?} draw like others");
        }
    }
    // Every event face up, and every event won by one side at once.
    let all: Vec<_> = (0..c.events.len() as u8).map(holonet::content::evr::EventCardId).collect();
    let mut s = base.clone();
    s.sides.rebel.won = all.clone();
    for &e in &all {
        s.event = Some(e);
        let png = table_png(&view(&s, Viewer::Faction(REBEL)));
        assert!(seen.insert(png), "event {e:?} draws like another");
    }
}
