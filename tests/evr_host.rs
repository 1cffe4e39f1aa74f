//! Empire vs. Rebellion hosted beside Rebellion: a whole match through the service (with an
//! undo and an export/import), one store shared by both games' services, the options in words,
//! public notices that name no secret, local mode and simulate.

use std::sync::Arc;

#[path = "support/evr.rs"]
mod evr;

use holonet::cli::local::Session;
use holonet::cli::simulate;
use holonet::content::Faction;
use holonet::content::evr::{EventCardId, ResourceCardId, StrategyCardId, catalog};
use holonet::engine::evr::{Action, Decision, DecisionKind, EvrState, Viewer, decision, new_game, view};
use holonet::engine::rng::GameRng;
use holonet::games::evr::words::{card_name, option_texts};
use holonet::games::evr::{Evr, EvrOptions};
use holonet::games::game::Game;
use holonet::games::rebellion::Rebellion;
use holonet::service::{Answer, Caller, Service, ServiceError};
use holonet::store::{MatchStore, MemoryStore};

fn init() {
    holonet::content::init().expect("content loads");
}

const REBEL: Caller = Caller { user: 1, moderator: false };
const EMPIRE: Caller = Caller { user: 2, moderator: false };
const MODERATOR: Caller = Caller { user: 99, moderator: true };

fn caller_of(seat: &str) -> Caller {
    if seat == "rebel" { REBEL } else { EMPIRE }
}

/// The names of the cards in both reserves (secrets of their owners).
fn reserve_names(s: &EvrState) -> Vec<String> {
    Faction::BOTH.iter().flat_map(|&f| s.sides.get(f).reserve.iter().map(|&c| card_name(c))).collect()
}

/// Checks that public texts of a step name no card that sat in a reserve before and after it,
/// and no strategy "this round" while the public view hides it.
fn assert_no_secret(before: &EvrState, after: &EvrState, public: &[String]) {
    let secret: Vec<String> =
        reserve_names(before).into_iter().filter(|n| reserve_names(after).contains(n)).collect();
    let pv = view(after, Viewer::Public);
    // The events' printed effects are public (Duel on Cloud City names two characters).
    for line in public {
        let line = &evr::without_event_texts(line);
        for name in &secret {
            assert!(!line.contains(name.as_str()), "public line names a reserve card {name}: {line}");
        }
        for f in Faction::BOTH {
            let hidden = !matches!(pv.sides[&f].chosen, Some(holonet::engine::viewer::Cards::Visible(_)));
            let phrase = format!("The {} strategy this round", f.name());
            assert!(!(hidden && line.contains(&phrase)), "public line names a hidden strategy: {line}");
        }
    }
}

#[test]
fn a_whole_match_plays_through_the_service_with_an_undo_and_an_export() {
    init();
    let store = Arc::new(MemoryStore::new());
    let service: Service<Evr> = Service::with_clock(store, Box::new(|| 1000));
    let open = service.create(7, None, REBEL, EvrOptions::default(), Some(9)).expect("created");
    // The lobby names the game-neutral commands, not Rebellion's group.
    assert!(open.reply.contains("with `/game join`"), "{}", open.reply);
    service.join(7, REBEL, Some("rebel")).expect("rebel joins");
    service.join(7, EMPIRE, Some("empire")).expect("empire joins");
    let start = service.start(7, REBEL).expect("starts");
    // Each seat gets its secrets privately, the channel the status.
    assert_eq!(start.private.len(), 2);
    assert!(start.public[0].text.starts_with("Round 0"), "{}", start.public[0].text);
    let mut rng = GameRng::from_seed(9);
    let (mut undone, mut boards, mut steps) = (false, 0, 0);
    while let Some(p) = service.prompt(7).expect("prompt") {
        let before = service.state(7).unwrap().unwrap();
        assert_eq!(p.texts.len(), p.options.len(), "every option has its words");
        let index = rng.below(p.options.len());
        let caller = caller_of(&p.seat);
        let out = service.act(7, caller, Answer::Option { key: p.key(), index }).expect("a legal option");
        let after = service.state(7).unwrap().unwrap();
        let public: Vec<String> =
            out.events.iter().filter(|n| n.to.is_none()).map(|n| n.text.clone()).collect();
        assert!(!public.is_empty(), "every action has a public line");
        let mut shown = public.clone();
        shown.extend(out.public.iter().map(|p| p.text.clone()));
        shown.push(Evr::status_text(&after));
        assert_no_secret(&before, &after, &shown);
        // Private messages go to the seat they name only.
        for m in &out.private {
            assert_eq!(caller_of(&m.seat).user, m.user);
        }
        boards += out.public.iter().filter(|p| p.board).count();
        steps += 1;
        // A pass that ends nothing reveals nothing: its player may take it back once.
        if !undone
            && p.options[index] == "pass"
            && after.version == before.version + 1
            && Evr::undoable(&before, &after)
        {
            let back = service.undo(7, caller).expect("undoable");
            assert!(back.reply.starts_with("Taken back: Pass"), "{}", back.reply);
            assert_eq!(service.state(7).unwrap().unwrap(), before, "the undo restores the state");
            let p2 = service.prompt(7).unwrap().unwrap();
            service.act(7, caller, Answer::Option { key: p2.key(), index }).expect("the pass again");
            undone = true;
        }
        assert!(steps < 5000, "the match ends");
    }
    assert!(undone, "a pass was taken back");
    assert!(boards >= 2, "the board is posted at milestones");
    let end = service.state(7).unwrap().unwrap();
    assert!(end.winner.is_some() && Evr::outcome(&end).is_some());
    // Nothing to take back once the match is over.
    assert!(matches!(service.undo(7, REBEL), Err(ServiceError::Ended)));
    // Once over, anyone may export it; an import elsewhere replays it to the same end.
    let file = service.export(7, REBEL).expect("export").file.expect("a file").1;
    let other: Service<Evr> = Service::new(Arc::new(MemoryStore::new()));
    other.import(8, MODERATOR, &file).expect("imports");
    assert_eq!(other.state(8).unwrap().unwrap(), end);
    // The reveal names every reserve card.
    let reveal = Evr::reveal_text(&end, &[]);
    for name in reserve_names(&end) {
        assert!(reveal.contains(&name), "{reveal}");
    }
}

#[test]
fn two_games_share_a_store_without_touching_each_others_matches() {
    init();
    let store: Arc<dyn MatchStore> = Arc::new(MemoryStore::new());
    let reb: Service<Rebellion> = Service::with_clock(store.clone(), Box::new(|| 5));
    let evr: Service<Evr> = Service::with_clock(store.clone(), Box::new(|| 5));
    reb.create(10, None, REBEL, Default::default(), Some(1)).expect("rebellion in 10");
    evr.create(11, None, REBEL, EvrOptions::default(), Some(1)).expect("evr in 11");
    // Either way round, a channel with a running match of the other game refuses a new one.
    let e = evr.create(10, None, EMPIRE, EvrOptions::default(), None).expect_err("10 is busy");
    assert!(matches!(e, ServiceError::OtherGame { .. }), "{e}");
    assert!(e.to_string().contains("Star Wars: Rebellion"), "{e}");
    let e = reb.create(11, None, EMPIRE, Default::default(), None).expect_err("11 is busy");
    assert!(e.to_string().contains("Empire vs. Rebellion"), "{e}");
    // Nothing was overwritten: both lobbies are still there.
    assert!(reb.seats(10).is_ok() && evr.seats(11).is_ok());
    assert_eq!(store.load_meta("10").unwrap().unwrap().game, "rebellion");
    assert_eq!(store.load_meta("11").unwrap().unwrap().game, "evr");
    // Each game's service loads only its own matches.
    let reb2: Service<Rebellion> = Service::new(store.clone());
    let evr2: Service<Evr> = Service::new(store.clone());
    assert_eq!((reb2.load_all().unwrap(), evr2.load_all().unwrap()), (1, 1));
    assert!(matches!(reb2.seats(11), Err(ServiceError::NoMatch)));
    assert!(matches!(evr2.seats(10), Err(ServiceError::NoMatch)));
    // An import into a channel held by the other game is refused too.
    evr.join(11, REBEL, Some("rebel")).unwrap();
    evr.join(11, EMPIRE, Some("empire")).unwrap();
    evr.start(11, REBEL).unwrap();
    evr.end(11, MODERATOR).unwrap();
    let file = evr.export(11, REBEL).unwrap().file.unwrap().1;
    let e = evr.import(10, MODERATOR, &file).expect_err("10 holds a Rebellion lobby");
    assert!(matches!(e, ServiceError::OtherGame { .. }), "{e}");
    assert_eq!(store.load_meta("10").unwrap().unwrap().game, "rebellion");
    // Once a match has ended, the channel may host the other game; the ended match is then
    // gone from its own service too.
    reb.create(11, None, REBEL, Default::default(), Some(2)).expect("11's match ended");
    assert!(matches!(evr.seats(11), Err(ServiceError::NoMatch)));
    assert!(matches!(evr.export(11, REBEL), Err(ServiceError::NoMatch)));
    assert!(reb.seats(11).is_ok());
}

/// Random games, every decision's options in words.
fn random_decisions(games: u64, mut each: impl FnMut(&EvrState, &Decision)) {
    init();
    for seed in 0..games {
        let mut s = new_game(seed);
        let mut rng = GameRng::from_seed(seed + 100);
        while let Some(d) = decision(&s) {
            each(&s, &d);
            let a = d.actions[rng.below(d.actions.len())].clone();
            holonet::engine::evr::apply(&mut s, d.seat, a).expect("legal");
        }
    }
}

#[test]
fn every_option_reads_in_words_within_a_menu_label() {
    let mut kinds = std::collections::BTreeSet::new();
    random_decisions(30, |s, d| {
        let texts = option_texts(s, d);
        assert_eq!(texts.len(), d.actions.len());
        for (t, a) in texts.iter().zip(&d.actions) {
            let n = t.label.chars().count();
            assert!(n > 0 && n <= 100, "{a:?}: {}", t.label);
            assert!(!t.label.contains('_'), "a key in a label: {}", t.label);
            assert_eq!(t.args.len(), a.command().split_whitespace().count() - 1, "{a:?}");
        }
        kinds.insert(format!("{:?}", d.kind));
        if d.kind == DecisionKind::ChooseCharacters {
            // One menu of the characters not picked yet, each with what it counts and does.
            let node = holonet::service::menu::node(&texts, &[]).expect("a node");
            assert!(node.multi.is_none() && (5..=8).contains(&node.entries.len()), "{node:?}");
            assert!(node.entries.iter().all(|e| e.description().starts_with("Value 6, exhausted 1: ")));
        }
        let prompt = Evr::prompt(s).expect("a prompt");
        assert!(!prompt.context.is_empty(), "{:?} has context", d.kind);
    });
    assert!(kinds.len() >= 3, "{kinds:?}");
}

#[test]
fn the_options_of_powers_and_effects_name_their_cards() {
    init();
    let c = catalog();
    let s = new_game(3);
    let key = |k: &str| c.resource_by_key(k).unwrap();
    let d = Decision {
        seat: Faction::Rebel,
        kind: DecisionKind::Effect,
        actions: vec![
            Action::Use { card: key("han_solo") },
            Action::Use { card: key("rebel_recon_3") },
            Action::Pick { card: key("emperor_palpatine") },
            Action::Deck { faction: Faction::Empire },
            Action::Option { n: 2 },
            Action::Event { card: c.event_by_key("battle_of_hoth").unwrap() },
            Action::Done,
            Action::Play,
            Action::Strategy { card: StrategyCardId(0) },
        ],
    };
    let labels: Vec<String> = option_texts(&s, &d).into_iter().map(|t| t.label).collect();
    assert_eq!(labels[0], "Use Han Solo's power");
    assert_eq!(labels[1], "Use the power of Rebel Recon (3)");
    assert_eq!(labels[2], "Pick Emperor Palpatine");
    assert!(labels[3].ends_with("the Empire's deck"), "{}", labels[3]);
    assert!(labels[4].starts_with("Do option 2"), "{}", labels[4]);
    assert_eq!(labels[5], "Put Battle of Hoth next");
    assert_eq!(labels[6], "Done");
    assert_eq!(labels[7], "Play the top card of your deck");
    assert_eq!(labels[8], format!("Choose {}", c.strategy(StrategyCardId(0)).name));
    let _ = (EventCardId(0), ResourceCardId(0));
}

#[test]
fn public_notices_and_status_never_name_a_reserve_card_or_a_hidden_strategy() {
    init();
    for seed in 0..40 {
        let mut s = new_game(seed);
        let mut rng = GameRng::from_seed(seed ^ 77);
        while let Some(d) = decision(&s) {
            let before = s.clone();
            let a = d.actions[rng.below(d.actions.len())].clone();
            let notices = Evr::apply(&mut s, d.seat.key(), a).expect("legal");
            let mut public: Vec<String> =
                notices.iter().filter(|n| n.to.is_none()).map(|n| n.text.clone()).collect();
            public.push(Evr::status_text(&s));
            assert_no_secret(&before, &s, &public);
            // The public board names no reserve card either.
            let texts = catalog().events.iter().filter_map(|e| e.effect.as_ref()).map(|e| &e.text);
            let board = texts.fold(Evr::board_text(&s, None), |b, t| b.replace(t.as_str(), ""));
            for name in reserve_names(&s) {
                assert!(!board.contains(&name), "public board names {name}");
            }
            // A private notice goes to a seat of the match.
            assert!(notices.iter().all(|n| n.to.as_deref().is_none_or(|t| t == "rebel" || t == "empire")));
        }
    }
}

#[test]
fn undo_is_allowed_only_for_steps_that_showed_nothing() {
    init();
    let mut s = new_game(4);
    // Choosing characters makes the deck (the fourth pick shuffles it): no undo.
    while let Some(d) = decision(&s).filter(|d| d.kind == DecisionKind::ChooseCharacters) {
        let before = s.clone();
        Evr::apply(&mut s, d.seat.key(), d.actions[0].clone()).unwrap();
        assert!(!Evr::undoable(&before, &s));
    }
    // A strategy chosen in secret: its player may take it back.
    let before = s.clone();
    let d = decision(&s).unwrap();
    Evr::apply(&mut s, d.seat.key(), d.actions[0].clone()).unwrap();
    assert!(Evr::undoable(&before, &s));
    let d = decision(&s).unwrap();
    Evr::apply(&mut s, d.seat.key(), d.actions[0].clone()).unwrap();
    // Playing draws a card: no undo.
    let d = decision(&s).unwrap();
    let before = s.clone();
    Evr::apply(&mut s, d.seat.key(), Action::Play).unwrap();
    assert!(!Evr::undoable(&before, &s));
    assert!(!Evr::milestone(&before, &s), "a play is no milestone");
}

#[test]
fn private_text_holds_the_seats_own_secrets_only() {
    init();
    let mut s = new_game(6);
    while let Some(d) = decision(&s).filter(|d| d.kind == DecisionKind::ChooseCharacters) {
        Evr::apply(&mut s, d.seat.key(), d.actions[0].clone()).unwrap();
    }
    let rebel = Evr::private_text(&s, "rebel");
    let empire = Evr::private_text(&s, "empire");
    for &c in &s.sides.rebel.reserve {
        assert!(rebel.contains(&card_name(c)) && !empire.contains(&card_name(c)), "{rebel}\n{empire}");
    }
    for &c in &s.sides.empire.reserve {
        assert!(empire.contains(&card_name(c)) && !rebel.contains(&card_name(c)));
    }
}

#[test]
fn local_mode_plays_evr_with_the_same_commands() {
    init();
    let mut s = Session::<Evr>::new(9, EvrOptions::default(), false);
    let prompts: serde_json::Value = serde_json::from_str(&s.handle("prompts")[0]).unwrap();
    assert_eq!(prompts[0]["seat"], "rebel");
    assert_eq!(prompts[0]["options"].as_array().unwrap().len(), 8);
    // The options in words show each character's values and power under its name.
    let listed = s.option_lines().join("\n");
    assert!(listed.contains("Shuffle Chewbacca into your deck — `character chewbacca`"), "{listed}");
    assert!(listed.contains("Value 6, exhausted 1: Turn as many as two"), "{listed}");
    let mut out = vec![];
    for _ in 0..4 {
        out = s.handle("rebel choose 1");
    }
    assert!(
        out.iter()
            .any(|l| l.starts_with("[public] The Rebel player picked a character for their deck (4 of 4)")),
        "{out:?}"
    );
    assert!(out.iter().any(|l| l.starts_with("[rebel] Your deck is shuffled;")), "{out:?}");
    // Errors are one line and change nothing.
    let before = s.state();
    for bad in [
        "rebel strategy deception",
        "empire fly",
        "empire character han_solo",
        "empire characters darth_vader",
    ] {
        let out = s.handle(bad);
        assert!(out.len() == 1 && out[0].starts_with("error: "), "{bad}: {out:?}");
        assert_eq!(s.state(), before);
    }
    for c in ["darth_vader", "boba_fett", "ig_88", "jabba_the_hutt"] {
        s.handle(&format!("empire character {c}"));
    }
    let public: serde_json::Value = serde_json::from_str(&s.handle("show public")[0]).unwrap();
    assert_eq!(public["sides"]["empire"]["reserve"], 4, "the public sees a count");
    let mine: serde_json::Value = serde_json::from_str(&s.handle("show empire")[0]).unwrap();
    assert_eq!(mine["sides"]["empire"]["reserve"].as_array().unwrap().len(), 4);
    let summary = s.handle("summary public").join("\n");
    assert!(summary.contains("Round 1") && !summary.contains("Emperor Palpatine"), "{summary}");
    assert!(s.handle("help").join("\n").contains("strategy <card>"));
    // Play to the end by option numbers.
    let mut n = 0;
    while let Some(seat) = s.waiting() {
        let out = s.handle(&format!("{} choose 1", seat.key()));
        assert!(out.iter().all(|l| !l.starts_with("error")), "{out:?}");
        n += 1;
        assert!(n < 3000);
    }
    assert!(s.state().winner.is_some());
}

#[test]
fn simulate_evr_ends_every_game_and_plays_nearly_every_card() {
    init();
    let (mut out, mut dump) = (Vec::new(), Vec::new());
    let t = simulate::run_evr(9, 100, Some(&mut dump), &mut out).expect("every game ends");
    assert_eq!(t.rebel + t.empire, 100);
    assert!(t.played_share() >= 0.9, "{}", t.played_share());
    assert_eq!(t.strategies.len(), catalog().strategies.len());
    let text = String::from_utf8(out).unwrap();
    for what in [
        "games 100 ",
        "cards played ",
        "distinct cards played",
        "powers used ",
        "strategies chosen ",
        "events won ",
    ] {
        assert!(text.lines().any(|l| l.starts_with(what)), "{what}: {text}");
    }
    assert_eq!(String::from_utf8(dump).unwrap().lines().count() as u64, t.actions);
}

#[test]
fn the_binary_runs_evr_in_local_mode_and_simulate() {
    let bin = env!("CARGO_BIN_EXE_holonet");
    let out = std::process::Command::new(bin)
        .args(["simulate", "--game", "evr", "--seed", "9", "--games", "20"])
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("games 20 "));
    let dir = std::env::temp_dir().join(format!("holonet-evr-script-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("s.txt");
    let picks = "rebel choose 1\n".repeat(4) + &"empire choose 5\n".repeat(4);
    std::fs::write(&script, picks + "summary rebel\n").unwrap();
    let out = std::process::Command::new(bin)
        .args(["local", "--game", "evr", "--seed", "3", "--script"])
        .arg(&script)
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && text.contains("[public] Round 1 begins"), "{text}");
    let out = std::process::Command::new(bin)
        .args(["local", "--game", "evr", "--players", "4", "--script"])
        .arg(&script)
        .output()
        .expect("runs");
    assert!(!out.status.success(), "Rebellion's options are refused for EvR");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn twins_that_differ_only_in_a_strategy_read_the_same_in_public_while_their_public_views_agree() {
    init();
    let mut compared = 0;
    for seed in 0..30 {
        // Both players set up alike; the Rebels pick different strategies in the twins.
        let mut a = new_game(seed);
        while let Some(d) = decision(&a).filter(|d| d.kind == DecisionKind::ChooseCharacters) {
            Evr::apply(&mut a, d.seat.key(), d.actions[0].clone()).unwrap();
        }
        let mut b = a.clone();
        let strategies = decision(&a).unwrap().actions;
        Evr::apply(&mut a, "rebel", strategies[0].clone()).unwrap();
        Evr::apply(&mut b, "rebel", strategies[1].clone()).unwrap();
        let mut rng = GameRng::from_seed(seed);
        // The same answers in both while the struggle lasts and the options are alike.
        while let (Some(da), Some(db)) = (decision(&a), decision(&b)) {
            if da.actions != db.actions || view(&a, Viewer::Public).phase != view(&b, Viewer::Public).phase {
                break;
            }
            let choice = da.actions[rng.below(da.actions.len())].clone();
            let struggle = view(&a, Viewer::Public).phase == "struggle";
            let (na, nb) = (
                Evr::apply(&mut a, da.seat.key(), choice.clone()).unwrap(),
                Evr::apply(&mut b, db.seat.key(), choice).unwrap(),
            );
            if struggle && view(&a, Viewer::Public).phase != "struggle" {
                break; // strategies are revealed when the struggle ends
            }
            // Equal public views must read alike; the engine may show a strategy itself (one
            // replaced by Emperor Palpatine goes face up among the used ones).
            if view(&a, Viewer::Public) != view(&b, Viewer::Public) {
                break;
            }
            let public = |ns: &[holonet::games::game::Notice]| -> Vec<String> {
                ns.iter().filter(|n| n.to.is_none()).map(|n| n.text.clone()).collect()
            };
            assert_eq!(public(&na), public(&nb), "seed {seed}: public notices differ");
            assert_eq!(Evr::status_text(&a), Evr::status_text(&b));
            assert_eq!(Evr::board_text(&a, None), Evr::board_text(&b, None));
            assert_eq!(Evr::private_text(&a, "empire"), Evr::private_text(&b, "empire"));
            assert_eq!(Evr::milestone(&a, &a), Evr::milestone(&b, &b));
            compared += 1;
        }
    }
    assert!(compared > 100, "{compared} steps compared");
}

#[test]
fn a_local_evr_match_on_disk_resumes_and_a_stored_rebellion_match_is_not_overwritten() {
    use holonet::cli::local::{LocalSession, Opened};
    init();
    let base = std::env::temp_dir().join(format!("holonet-evr-data-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let dir = base.join("evr");
    {
        let (mut s, opened) = Session::<Evr>::open(&dir, 5, EvrOptions::default(), false).expect("opens");
        assert_eq!(opened, Opened::New);
        for _ in 0..4 {
            assert!(s.handle("rebel choose 3").iter().all(|l| !l.starts_with("error")));
        }
    }
    // sled frees its file lock from a background flusher a moment after the handle is dropped;
    // under heavy disk load that moment can outlast the store's own wait, so the reopen is
    // retried here (a player restarting by hand never comes back that fast).
    let reopen = || Session::<Evr>::open(&dir, 5, EvrOptions::default(), false);
    let mut tries = 0;
    let (s, opened) = loop {
        match reopen() {
            Err(e) if e.contains("could not acquire lock") && tries < 30 => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_secs(1));
            }
            other => break other.expect("reopens"),
        }
    };
    assert_eq!(opened, Opened::Resumed { actions: 4 });
    assert_eq!(s.waiting(), Some(Faction::Empire));
    drop(s);
    // A directory holding an unfinished Rebellion match is refused for EvR, and kept.
    let reb = base.join("rebellion");
    drop(LocalSession::open(&reb, 5, Default::default(), false).expect("a Rebellion match"));
    let e = Session::<Evr>::open(&reb, 5, EvrOptions::default(), false).err().expect("refused");
    assert!(e.contains("Star Wars: Rebellion"), "{e}");
    let (_, opened) = LocalSession::open(&reb, 5, Default::default(), false).expect("still there");
    assert_eq!(opened, Opened::Resumed { actions: 0 });
    let _ = std::fs::remove_dir_all(&base);
}

/// The public lines of one action.
fn public_lines(notices: &[holonet::games::game::Notice]) -> Vec<String> {
    notices.iter().filter(|n| n.to.is_none()).map(|n| n.text.clone()).collect()
}

#[test]
fn the_public_log_says_once_who_won_an_event_whose_winner_is_asked_something_after() {
    // Balance of the Force: the Empire wins it, then puts the next events back in the order of
    // its choice before the round ends.
    let mut s = evr::struggle("balance_of_the_force", Some("infiltration"), Some("infiltration"));
    evr::in_play(&mut s, "rebel_military_2", false);
    evr::in_play(&mut s, "imperial_military_5", false);
    let mut public = vec![];
    while s.round == 1 {
        let d = decision(&s).expect("a decision");
        let a = if d.actions.contains(&Action::Pass) { Action::Pass } else { d.actions[0].clone() };
        public.extend(public_lines(&Evr::apply(&mut s, d.seat.key(), a).unwrap()));
    }
    let outcome: Vec<&String> = public.iter().filter(|l| l.contains("wins Balance of the Force")).collect();
    assert_eq!(outcome.len(), 1, "{public:#?}");
    assert!(outcome[0].starts_with("The Empire player wins Balance of the Force"), "{public:#?}");
}

#[test]
fn the_public_log_tells_each_rounds_outcome_once_and_truly_in_random_games() {
    use holonet::engine::evr::state::Phase;
    init();
    let mut rounds = 0;
    for seed in 0..80 {
        let mut s = new_game(seed);
        let mut rng = GameRng::from_seed(seed ^ 34);
        // The public lines from the end of the struggle to the end of the round.
        let mut log: Vec<String> = vec![];
        let mut contested: Option<EventCardId> = None;
        while let Some(d) = decision(&s) {
            let before = s.clone();
            let a = d.actions[rng.below(d.actions.len())].clone();
            let lines = public_lines(&Evr::apply(&mut s, d.seat.key(), a).unwrap());
            if matches!(before.phase, Phase::Struggle { .. }) && !matches!(s.phase, Phase::Struggle { .. }) {
                log.clear();
                contested = before.event;
            }
            let cleanup = s.round != before.round || (s.winner.is_some() && s.event.is_none());
            for l in &lines {
                assert!(
                    !l.contains("shuffled back into the deck") || cleanup,
                    "seed {seed}: no cleanup ran: {l}"
                );
            }
            log.extend(lines);
            let Some(e) = contested else { continue };
            if s.round == before.round && s.winner.is_none() {
                continue;
            }
            // The round is over: one line says who took its event, and says it truly.
            let name = &catalog().event(e).name;
            let outcome: Vec<&String> = log.iter().filter(|l| l.contains(&format!("wins {name}:"))).collect();
            let want = match Faction::BOTH.into_iter().find(|&f| s.sides.get(f).won.contains(&e)) {
                Some(f) => format!("The {} player wins {name}:", f.name()),
                None => format!("Nobody wins {name}:"),
            };
            assert!(outcome.len() == 1 && outcome[0].starts_with(&want), "seed {seed}: {log:#?}");
            // Each strategy revealed once.
            for f in Faction::BOTH {
                let reveals =
                    log.iter().filter(|l| l.starts_with(&format!("The {} player reveals", f.name())));
                assert_eq!(reveals.count(), 1, "seed {seed}: {log:#?}");
                let again = format!("The {} strategy this round:", f.name());
                assert!(!log.iter().any(|l| l.starts_with(&again)), "seed {seed}: {log:#?}");
            }
            contested = None;
            rounds += 1;
        }
    }
    assert!(rounds > 400, "rounds checked: {rounds}");
}
