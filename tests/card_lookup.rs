//! The card lookup (`/rebellion card`, `/game card`, local `card NAME`): every card of every box
//! answers with the catalog's own text; a match's options choose the boxes; names stay within
//! Discord's limits; an unknown or ambiguous name is refused clearly; the card face decodes;
//! every ruling names a real card; and the answer for a card is the same whoever holds it.

use std::collections::BTreeSet;

use holonet::cli::local::{LocalSession, Session};
use holonet::content::evr::catalog as evr_catalog;
use holonet::content::rulings::{RulingGame, rulings};
use holonet::content::{
    ActionCardId, AdvancedTacticId, CardSet, MissionId, ObjectiveId, TacticId, catalog, normalise,
};
use holonet::engine::rebellion::{MatchOptions, Players};
use holonet::games::evr::{Evr, EvrOptions};
use holonet::games::rebellion::Rebellion;
use holonet::render::card::{MAX_HEIGHT, MIN_HEIGHT, WIDTH};
use holonet::service::cards::{CardBook, CardError, MAX_LABEL, MAX_SUGGESTIONS, lookup};

fn init() {
    holonet::content::init().expect("content loads");
}

/// Every card of both games, as `/game card` searches without a match.
fn everything() -> CardBook {
    CardBook::join([CardBook::of::<Rebellion>(None), CardBook::of::<Evr>(None)])
}

/// Every (asset id, catalog text) pair of a box, to find in a book.
fn catalog_cards() -> Vec<(CardSet, String, Vec<String>)> {
    let c = catalog();
    let mut out = vec![];
    let set = |s: holonet::content::ContentSet| match s {
        holonet::content::ContentSet::Base => CardSet::Base,
        holonet::content::ContentSet::RiseOfTheEmpire => CardSet::RiseOfTheEmpire,
    };
    for m in MissionId::all() {
        let d = c.mission(m);
        out.push((set(d.set), d.id.clone(), vec![d.text.clone()]));
    }
    for a in ActionCardId::all() {
        let d = c.action_card(a);
        out.push((set(d.set), d.id.clone(), vec![d.text.clone()]));
    }
    for o in ObjectiveId::all() {
        let d = c.objective(o);
        out.push((set(d.set), d.id.clone(), vec![d.text.clone()]));
    }
    for t in TacticId::all() {
        let d = c.tactic(t);
        out.push((CardSet::Base, d.id.clone(), vec![d.text.clone()]));
    }
    for a in AdvancedTacticId::all() {
        let d = c.advanced_tactic(a);
        out.push((CardSet::RiseOfTheEmpire, d.id.clone(), vec![d.top.text.clone(), d.bottom.text.clone()]));
    }
    let e = evr_catalog();
    for r in &e.resources {
        out.push((CardSet::EmpireVsRebellion, r.key.clone(), vec![r.text.clone()]));
    }
    for s in &e.strategies {
        out.push((CardSet::EmpireVsRebellion, s.key.clone(), vec![s.text.clone()]));
    }
    for ev in &e.events {
        let text = ev.effect.as_ref().map(|x| x.text.clone()).unwrap_or_default();
        out.push((CardSet::EmpireVsRebellion, ev.key.clone(), vec![text]));
    }
    out
}

#[test]
fn every_card_of_every_set_answers_with_the_catalogs_text() {
    init();
    let book = everything();
    let cards = catalog_cards();
    assert!(cards.len() > 250, "{} cards", cards.len());
    assert_eq!(book.entries().len(), cards.len(), "one sheet per card of the catalogs");
    let sets: BTreeSet<CardSet> = cards.iter().map(|(s, _, _)| *s).collect();
    assert_eq!(sets.len(), 3, "base, Rise of the Empire and Empire vs. Rebellion");
    for (set, id, texts) in &cards {
        let entry = book
            .entries()
            .iter()
            .find(|e| e.sheet.id == *id && e.sheet.set == *set)
            .unwrap_or_else(|| panic!("no sheet for {id}"));
        // The catalog's words, unchanged (an advanced tactic's two abilities both).
        if let [one] = &texts[..] {
            assert_eq!(entry.sheet.text, *one, "{id}");
        }
        let answer = lookup(&book, &entry.label, false).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(answer.name, entry.label, "{id}: its own name finds it");
        let shown = answer.plain().join("\n");
        for t in texts.iter().filter(|t| !t.is_empty()) {
            assert!(shown.contains(t.as_str()), "{id}: the answer shows the catalog's text\n{shown}");
        }
        assert!(shown.contains("copies in the box") || shown.contains("1 copy in the box"), "{shown}");
        assert!(!shown.contains('_'), "{id}: no asset ids in the words: {shown}");
    }
}

#[test]
fn a_matchs_options_choose_the_boxes_searched() {
    init();
    let ids = |o: Option<&MatchOptions>| -> BTreeSet<String> {
        CardBook::of::<Rebellion>(o).entries().iter().map(|e| e.sheet.id.clone()).collect()
    };
    let sets = |o: Option<&MatchOptions>| -> BTreeSet<CardSet> {
        CardBook::of::<Rebellion>(o).entries().iter().map(|e| e.sheet.set).collect()
    };
    let base = MatchOptions::default();
    let rote = MatchOptions { rise_of_the_empire: true, ..Default::default() };
    let team = MatchOptions { players: Players::Four, ..Default::default() };
    assert_eq!(sets(Some(&base)), BTreeSet::from([CardSet::Base]));
    assert_eq!(sets(Some(&team)), BTreeSet::from([CardSet::Base]), "the team game plays the base cards");
    assert_eq!(sets(None), BTreeSet::from([CardSet::Base, CardSet::RiseOfTheEmpire]));
    // The expansion's match: its printings instead of the ones they replace, advanced tactics
    // instead of the shared tactic decks.
    let with = ids(Some(&rote));
    assert!(with.contains("sabotage_rote") && !with.contains("sabotage"));
    assert!(with.contains("swarm_tactics") && !with.contains("space_critical_hit"));
    let without = ids(Some(&base));
    assert!(without.contains("sabotage") && !without.contains("sabotage_rote"));
    assert!(without.contains("space_critical_hit") && !without.contains("swarm_tactics"));
    let all = ids(None);
    assert!(with.is_subset(&all) && without.is_subset(&all));
    // Empire vs. Rebellion has no variant: every match plays every card.
    assert_eq!(CardBook::of::<Evr>(Some(&EvrOptions::default())), CardBook::of::<Evr>(None));
}

#[test]
fn names_and_suggestions_stay_within_discords_limits() {
    init();
    let rote = MatchOptions { rise_of_the_empire: true, ..Default::default() };
    let books = [
        everything(),
        CardBook::of::<Rebellion>(None),
        CardBook::of::<Rebellion>(Some(&MatchOptions::default())),
        CardBook::of::<Rebellion>(Some(&rote)),
        CardBook::of::<Evr>(None),
    ];
    for book in &books {
        let mut seen = BTreeSet::new();
        for e in book.entries() {
            assert!((1..=MAX_LABEL).contains(&e.label.chars().count()), "{}", e.label);
            assert!(seen.insert(normalise(&e.label)), "two cards are called {}", e.label);
        }
        let mut typed: Vec<String> = vec!["".into(), "a".into(), "e".into(), "the".into(), "zzz".into()];
        typed.extend(book.entries().iter().map(|e| e.label.chars().take(3).collect()));
        for t in &typed {
            let s = book.suggest(t);
            assert!(s.len() <= MAX_SUGGESTIONS, "{t}: {} suggestions", s.len());
            assert!(s.iter().all(|n| (1..=MAX_LABEL).contains(&n.chars().count())));
        }
        assert_eq!(book.suggest("").len(), MAX_SUGGESTIONS, "an empty entry offers a full list");
        // A whole name is offered, and what is offered finds its card.
        for e in book.entries() {
            assert!(book.suggest(&e.label).contains(&e.label), "{}", e.label);
        }
    }
    assert!(everything().suggest("zzzq").is_empty());
}

#[test]
fn same_named_cards_are_told_apart_by_the_fewest_words() {
    init();
    let book = CardBook::of::<Rebellion>(None);
    let labels: BTreeSet<&str> = book.entries().iter().map(|e| e.label.as_str()).collect();
    for l in [
        "Critical Hit (space tactic)",
        "Critical Hit (ground tactic)",
        "Sabotage (Rebellion base game)",
        "Sabotage (Rise of the Empire)",
        "Take It Down (advanced tactic)",
        "Build Alliance",
    ] {
        assert!(labels.contains(l), "{l} missing: {labels:?}");
    }
    // In a base match only one Sabotage is left: its plain name.
    let base = CardBook::of::<Rebellion>(Some(&MatchOptions::default()));
    assert!(base.entries().iter().any(|e| e.label == "Sabotage"));
}

#[test]
fn an_unknown_or_ambiguous_name_is_refused_clearly() {
    init();
    let book = everything();
    match lookup(&book, "Bild Aliance", false) {
        Err(e @ CardError::Unknown { .. }) => {
            let text = e.to_string();
            assert!(text.starts_with("no card is called `Bild Aliance`"), "{text}");
            assert!(text.contains("Build Alliance"), "the close name is offered: {text}");
        }
        other => panic!("{other:?}"),
    }
    match lookup(&book, "Critical Hit", false) {
        Err(e @ CardError::Ambiguous { .. }) => {
            let text = e.to_string();
            assert!(
                text.contains("Critical Hit (space tactic)") && text.contains("Critical Hit (ground tactic)")
            );
        }
        other => panic!("{other:?}"),
    }
    // A name typed in any case, a unique start or a unique part finds its card.
    for (typed, found) in [
        ("build alliance", "Build Alliance"),
        ("BUILD ALL", "Build Alliance"),
        ("han so", "Han Solo"),
        ("Boba Fett? Where", "Boba Fett? Where?"),
        ("sabotage_rote", "Sabotage (Rise of the Empire)"),
    ] {
        assert_eq!(lookup(&book, typed, false).map(|a| a.name), Ok(found.to_string()), "{typed}");
    }
    // A very long or odd name is echoed short and harmless.
    let long = format!("`{}\n", "x".repeat(300));
    let text = lookup(&book, &long, false).unwrap_err().to_string();
    assert!(text.len() < 300 && !text.contains('\n'), "{text}");
}

#[test]
fn card_faces_decode_with_a_sane_size() {
    init();
    let book = everything();
    for e in book.entries() {
        let answer = lookup(&book, &e.label, true).unwrap();
        let png = answer.png.expect("a picture was asked for");
        let img = image::load_from_memory(&png).unwrap_or_else(|err| panic!("{}: {err}", e.label)).to_rgb8();
        assert_eq!(img.width(), WIDTH, "{}", e.label);
        assert!(
            (MIN_HEIGHT..MAX_HEIGHT).contains(&img.height()),
            "{}: {} pixels high (the text must fit)",
            e.label,
            img.height()
        );
        assert!(png.len() < 400_000, "{}: {} bytes", e.label, png.len());
        assert!(answer.file_name.ends_with(".png") && answer.file_name.contains(&e.sheet.id));
    }
}

#[test]
fn every_ruling_names_a_real_card_and_shows_on_it() {
    init();
    let rebellion = CardBook::of::<Rebellion>(None);
    let evr = CardBook::of::<Evr>(None);
    assert!(rulings().len() >= 10);
    for r in rulings() {
        let book = match r.game {
            RulingGame::Rebellion => &rebellion,
            RulingGame::Evr => &evr,
        };
        for id in &r.cards {
            let e = book.entries().iter().find(|e| e.sheet.id == *id).unwrap_or_else(|| panic!("{id}"));
            assert_eq!(e.sheet.ruling.as_deref(), Some(r.text.as_str()), "{id}");
            let shown = lookup(book, &e.label, false).unwrap().plain().join("\n");
            assert!(shown.contains(&format!("Holonet's reading: {}", r.text)), "{shown}");
        }
    }
    // A card without a ruling says nothing of one.
    let plain = lookup(&rebellion, "Build Alliance", false).unwrap().plain().join("\n");
    assert!(!plain.contains("reading"), "{plain}");
}

#[test]
fn a_ruling_on_a_card_that_does_not_exist_is_refused() {
    init();
    let bad = r#"{"note": "", "rulings": [{"game": "evr", "cards": ["build_alliance"], "text": "x"}]}"#;
    let err = holonet::content::rulings::load(bad, catalog(), evr_catalog()).unwrap_err().to_string();
    assert!(err.contains("assets/rulings.json") && err.contains("build_alliance"), "{err}");
    let twice =
        r#"{"note": "", "rulings": [{"game": "evr", "cards": ["han_solo", "han_solo"], "text": "x"}]}"#;
    assert!(holonet::content::rulings::load(twice, catalog(), evr_catalog()).is_err());
    let good =
        r#"{"note": "", "rulings": [{"game": "rebellion", "cards": ["build_alliance"], "text": "x"}]}"#;
    assert!(holonet::content::rulings::load(good, catalog(), evr_catalog()).is_ok());
}

/// A started local match's hands: for each seed, the Imperial player's action cards.
fn imperial_actions(s: &LocalSession) -> Vec<ActionCardId> {
    s.state().hands.empire.actions.clone()
}

#[test]
fn the_answer_is_the_same_whether_the_opponent_holds_the_card_or_the_deck_does() {
    init();
    let options = MatchOptions { quick_setup: true, ..Default::default() };
    // Twin matches that differ only in their deal: a card one of them dealt to the Empire is
    // still in the other's deck.
    let mut a = LocalSession::new(1, options.clone(), false);
    let held = imperial_actions(&a);
    let (mut b, card) = (2..200)
        .find_map(|seed| {
            let b = LocalSession::new(seed, options.clone(), false);
            let card = held.iter().copied().find(|c| !imperial_actions(&b).contains(c))?;
            Some((b, card))
        })
        .expect("two deals that differ");
    assert!(imperial_actions(&a).contains(&card) && !imperial_actions(&b).contains(&card));
    let name = card.name();
    let line = format!("card {name}");
    let (from_a, from_b) = (a.handle(&line), b.handle(&line));
    assert!(from_a.iter().any(|l| l.starts_with("Text: ")), "{from_a:?}");
    assert_eq!(from_a, from_b, "the Empire's hand changes nothing");
    // The pictures too, byte for byte.
    let dir = std::env::temp_dir().join(format!("holonet-card-lookup-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (fa, fb) = (dir.join("a.png"), dir.join("b.png"));
    let wrote_a = a.handle(&format!("card {name} {}", fa.display()));
    b.handle(&format!("card {name} {}", fb.display()));
    assert!(wrote_a.last().is_some_and(|l| l.starts_with("wrote ")), "{wrote_a:?}");
    assert_eq!(std::fs::read(&fa).unwrap(), std::fs::read(&fb).unwrap());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn local_mode_looks_cards_up_for_its_game() {
    init();
    let mut s = LocalSession::new(3, MatchOptions { quick_setup: true, ..Default::default() }, false);
    let lines = s.handle("card build alliance");
    assert_eq!(lines.first().map(String::as_str), Some("Build Alliance"), "{lines:?}");
    let text = &catalog().mission(MissionId::parse("build_alliance").unwrap()).text;
    assert!(lines.contains(&format!("Text: {text}")), "{lines:?}");
    // A base match searches the base box: the expansion's cards are not there.
    assert!(s.handle("card swarm tactics")[0].starts_with("error: no card is called"));
    assert!(s.handle("card")[0].starts_with("error: usage"));
    // An Empire vs. Rebellion session searches its own cards.
    let mut evr: Session<Evr> = Session::new(3, EvrOptions::default(), false);
    let lines = evr.handle("card Han Solo");
    assert_eq!(lines.first().map(String::as_str), Some("Han Solo"), "{lines:?}");
    assert!(evr.handle("card Build Alliance")[0].starts_with("error: "));
}

#[test]
fn a_channel_searches_the_cards_of_its_matchs_game_and_options() {
    use holonet::discord::hosted::{GameKind, Games, NewMatch};
    use holonet::service::{Caller, Service};
    use std::sync::Arc;
    init();
    let store: Arc<dyn holonet::store::MatchStore> = Arc::new(holonet::store::MemoryStore::new());
    let games = Games::new(
        Service::<Rebellion>::with_clock(store.clone(), Box::new(|| 1_000)),
        Service::<Evr>::with_clock(store, Box::new(|| 1_000)),
    );
    let who = Caller { user: 1, moderator: false };
    let rote = MatchOptions { rise_of_the_empire: true, ..Default::default() };
    games.create(10, None, who, NewMatch::Evr(EvrOptions::default())).unwrap();
    games.create(11, None, who, NewMatch::Rebellion(rote.clone())).unwrap();
    games.create(12, None, who, NewMatch::Rebellion(MatchOptions::default())).unwrap();
    let rebellion = Some(GameKind::Rebellion);
    // Without a match: one game's every card, or every game's.
    assert_eq!(games.card_book(9, rebellion), CardBook::of::<Rebellion>(None));
    assert_eq!(games.card_book(9, None), everything());
    // An EvR channel: its cards for `/game card`, every Rebellion card for `/rebellion card`.
    assert_eq!(games.card_book(10, None), CardBook::of::<Evr>(None));
    assert_eq!(games.card_book(10, rebellion), CardBook::of::<Rebellion>(None));
    // A Rebellion channel: the cards its options play with, under either command.
    assert_eq!(games.card_book(11, None), CardBook::of::<Rebellion>(Some(&rote)));
    assert_eq!(games.card_book(11, rebellion), CardBook::of::<Rebellion>(Some(&rote)));
    assert_eq!(games.card_book(12, None), CardBook::of::<Rebellion>(Some(&MatchOptions::default())));
    assert_ne!(games.card_book(11, None), games.card_book(12, None));
}
