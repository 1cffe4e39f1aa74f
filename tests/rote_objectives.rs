//! Rise of the Empire's objectives that place target markers (issue 18): Raid Outposts, Rebel
//! Cell and Show No Fear, one scenario per card named after it, with its effect and a refused
//! illegal choice; the immediate-objective rule (revealed when drawn, at setup and at the
//! Refresh Phase's draw; in play while a marker stands; discarded with the last one); each way
//! a marker goes (a ground unit between turns, a destroyed system, Heist, Rogue One, a new
//! base) and the win by reputation it may bring; Seize Control's sabotage marker.

mod support;

use holonet::content::{ObjectiveId, SystemId, Theater, catalog};
use holonet::engine::rebellion::cards::systems::destroy_system;
use holonet::engine::rebellion::combat::cinematic::Stage;
use holonet::engine::rebellion::combat::{self, Step};
use holonet::engine::rebellion::event::{Audience, Event, EventKind};
use holonet::engine::rebellion::flow::{Ctx, advance};
use holonet::engine::rebellion::phases::refresh::RefreshStep;
use holonet::engine::rebellion::rise_of_the_empire::targets::{MarkerCard, TargetMarker};
use holonet::engine::rebellion::{Frame, PromptKind, State, Viewer, apply, decision, view};
use support::cinematic::{armies, attacking, fight_with, set_dice};
use support::*;

/// A quick-setup match with the expansion on, base hidden in Dantooine, board cleared, no
/// objective in the Rebel hand.
fn rote(seed: u64) -> Scenario {
    let mut s = expansion_game(seed);
    let d = decision(&s).expect("base choice");
    apply(&mut s, REBEL, d.actions[0].clone()).expect("base");
    let mut sc = Scenario { s }.clear().base("dantooine", false);
    sc.s.hands.rebel.objectives.clear();
    sc
}

/// Runs the engine's automatic steps (what follows any applied action).
fn settle(s: &mut State) -> Vec<Event> {
    let mut ctx = Ctx::new(s);
    advance(&mut ctx);
    ctx.events
}

fn marker(o: &str, at: &str) -> TargetMarker {
    TargetMarker { card: MarkerCard::Objective(objective(o)), system: sys(at) }
}

fn in_play(s: &State) -> Vec<ObjectiveId> {
    s.targets.objectives.cards.clone()
}

fn discarded(s: &State, o: &str) -> bool {
    s.rote_cards.objective_discard.contains(&objective(o))
}

/// Puts an objective in play with its markers, as if it had resolved.
fn standing(s: &mut State, o: &str, at: &[&str]) {
    s.targets.objectives.cards.push(objective(o));
    for x in at {
        s.targets.placed.push(marker(o, x));
    }
}

/// Whether a public event reveals the objective.
fn revealed(ev: &[Event], o: &str) -> bool {
    ev.iter().any(|e| {
        e.audience == Audience::Public
            && matches!(&e.kind, EventKind::CardPlayed { deck, card, .. } if deck == "objective" && card == o)
    })
}

/// Two remote systems, in board order.
fn remote() -> Vec<SystemId> {
    SystemId::all().filter(|&x| !catalog().system(x).populous).take(2).collect()
}

/// The Rebels' turn between activations, nothing under way: where markers are taken.
fn between_turns(sc: Scenario) -> State {
    sc.command(REBEL).build()
}

#[test]
fn raid_outposts_is_revealed_at_the_refresh_draw_and_the_empire_places_two_remote_markers() {
    let mut s = rote(1).refresh_at(RefreshStep::Discard { faction: EMPIRE }).build();
    s.decks.objectives.insert(0, objective("raid_outposts"));
    let ev = settle(&mut s);
    assert!(revealed(&ev, "raid_outposts"), "revealed for everyone as it is drawn");
    assert!(!s.hands.rebel.objectives.contains(&objective("raid_outposts")), "not kept in hand");
    assert_eq!(in_play(&s), vec![objective("raid_outposts")]);
    let d = decision(&s).expect("the Empire places the markers");
    assert_eq!((d.seat, d.kind), (EMPIRE, PromptKind::CardChoice));
    let e = refuse(&mut s, EMPIRE, "pick system mustafar");
    assert!(e.to_string().contains("Target Markers"), "a populous system is refused: {e}");
    let [a, b] = remote()[..] else { panic!("two remote systems") };
    act(&mut s, EMPIRE, &format!("pick system {a}"));
    refuse(&mut s, EMPIRE, &format!("pick system {a}"));
    act(&mut s, EMPIRE, &format!("pick system {b}"));
    let placed: Vec<SystemId> = s.targets.placed.iter().map(|m| m.system).collect();
    assert_eq!(placed, vec![a, b]);
    for viewer in [Viewer::Public, Viewer::Faction(REBEL), Viewer::Faction(EMPIRE)] {
        assert_eq!(view(&s, viewer).objectives_in_play, vec!["raid_outposts".to_string()], "{viewer:?}");
    }
    assert_ne!(s.reputation, 0, "not scored: no reputation yet");
}

#[test]
fn raid_outposts_gains_reputation_for_each_marker_and_is_discarded_with_the_last() {
    // A Rebel trooper alone on the ground takes one between turns; a destroyed system loses
    // the other; both gain the Rebels 1 reputation, and then the card goes.
    let mut s = between_turns(rote(2).units("hoth", "rebel_trooper", 1).reputation(14));
    standing(&mut s, "raid_outposts", &["hoth", "kessel"]);
    settle(&mut s);
    assert_eq!(s.targets.placed, vec![marker("raid_outposts", "kessel")], "taken by the Rebels");
    assert_eq!(s.reputation, 13);
    assert_eq!(in_play(&s), vec![objective("raid_outposts")], "in play while a marker stands");
    let mut ctx = Ctx::new(&mut s);
    destroy_system(&mut ctx, sys("kessel"));
    advance(&mut ctx);
    assert!(s.targets.placed.is_empty());
    assert_eq!(s.reputation, 12, "a destroyed system's marker resolves its removal too");
    assert!(in_play(&s).is_empty() && discarded(&s, "raid_outposts"), "discarded with the last marker");
    // The Empire alone on the ground there does not take it.
    let mut s = between_turns(rote(2).units("hoth", "stormtrooper", 1));
    standing(&mut s, "raid_outposts", &["hoth"]);
    settle(&mut s);
    assert_eq!(s.targets.placed.len(), 1, "the Empire does not raid its own outposts");
}

#[test]
fn raid_outposts_marker_removed_by_heist_gains_reputation() {
    let mut s = rote(3)
        .in_pool("jyn_erso")
        .units("hoth", "stormtrooper", 1)
        .reputation(14)
        .assign(REBEL, "heist", &["jyn_erso"])
        .command(REBEL)
        .build();
    standing(&mut s, "raid_outposts", &["hoth", "kessel"]);
    s.round_effects.bonus.push((leader("jyn_erso"), 20));
    reveal_unopposed(&mut s, REBEL, "reveal heist hoth");
    act(&mut s, REBEL, "mode 1");
    assert_eq!(s.targets.placed, vec![marker("raid_outposts", "kessel")]);
    assert_eq!(s.reputation, 13, "the removal gains 1 reputation");
}

#[test]
fn raid_outposts_removal_that_reaches_the_time_marker_wins_the_game() {
    let mut s = between_turns(rote(4).units("hoth", "rebel_trooper", 1).time(5).reputation(6));
    standing(&mut s, "raid_outposts", &["hoth"]);
    let ev = settle(&mut s);
    assert_eq!(s.winner, Some(REBEL), "the marker's reputation reaches the time marker");
    assert!(ev.iter().any(|e| matches!(e.kind, EventKind::Won { .. })));
    assert!(decision(&s).is_none(), "the game is over");
}

#[test]
fn rebel_cell_places_its_marker_in_a_rebel_system_and_trades_objectives_at_refresh() {
    let mut s = rote(5)
        .loyalty("sullust", Some(REBEL))
        .loyalty("kashyyyk", Some(REBEL))
        .refresh_at(RefreshStep::Discard { faction: EMPIRE })
        .build();
    s.decks.objectives.insert(0, objective("rebel_cell"));
    let ev = settle(&mut s);
    assert!(revealed(&ev, "rebel_cell"));
    assert_eq!(seat(&s), Some(REBEL), "the Rebels place its marker");
    let e = refuse(&mut s, REBEL, "pick system mustafar");
    assert!(e.to_string().contains("Target Markers"), "not a Rebel system: {e}");
    act(&mut s, REBEL, "pick system sullust");
    assert_eq!(s.targets.placed, vec![marker("rebel_cell", "sullust")]);

    // The next Refresh Phase: the Rebels may trade an objective card for 1 reputation.
    let mut s = rote(6).reputation(14).refresh().build();
    standing(&mut s, "rebel_cell", &["sullust"]);
    s.hands.rebel.objectives = vec![objective("uprising")];
    settle(&mut s);
    let d = decision(&s).expect("asked");
    assert_eq!(d.seat, REBEL);
    assert!(d.always_asked, "the hand is secret: always asked");
    let e = refuse(&mut s, REBEL, "pick objective the_long_war");
    assert!(e.to_string().contains("Objective Cards"), "{e}");
    act(&mut s, REBEL, "pick objective uprising");
    assert_eq!(s.reputation, 13);
    assert!(discarded(&s, "uprising") && !s.hands.rebel.objectives.contains(&objective("uprising")));

    // With no objective card in hand it still asks (only `done`).
    let mut s = rote(6).refresh().build();
    standing(&mut s, "rebel_cell", &["sullust"]);
    settle(&mut s);
    let d = decision(&s).expect("asked");
    assert!(d.always_asked && d.actions == vec![parse("done")]);
}

#[test]
fn rebel_cell_is_discarded_when_the_empire_takes_its_marker() {
    let mut s = between_turns(rote(7).units("sullust", "stormtrooper", 1).reputation(14));
    standing(&mut s, "rebel_cell", &["sullust"]);
    settle(&mut s);
    assert!(s.targets.placed.is_empty(), "the Empire takes it");
    assert_eq!(s.reputation, 14, "its removal gains nothing");
    assert!(discarded(&s, "rebel_cell") && in_play(&s).is_empty());
    // With no Rebel system to hold its marker, it is discarded at once.
    let mut s = rote(7).refresh_at(RefreshStep::Discard { faction: EMPIRE }).build();
    for x in SystemId::all() {
        if s.sys(x).loyalty == Some(REBEL) {
            s.sys_mut(x).loyalty = None;
        }
    }
    s.decks.objectives.insert(0, objective("rebel_cell"));
    settle(&mut s);
    assert!(discarded(&s, "rebel_cell") && s.targets.placed.is_empty());
}

#[test]
fn show_no_fear_reveals_the_base_and_gains_reputation_each_later_refresh() {
    let mut s = rote(8).reputation(14).refresh().build();
    s.hands.rebel.objectives = vec![objective("show_no_fear")];
    settle(&mut s);
    let e = refuse(&mut s, REBEL, "objective uprising");
    assert!(matches!(e, holonet::engine::rebellion::RuleError::Illegal { .. }), "not in hand: {e}");
    act(&mut s, REBEL, "objective show_no_fear");
    assert!(s.base.revealed, "the base is revealed");
    assert_eq!(s.targets.placed, vec![marker("show_no_fear", "dantooine")]);
    assert_eq!(s.reputation, 14, "played, not scored");
    assert_eq!(in_play(&s), vec![objective("show_no_fear")]);
    // The next Refresh Phase gains 1 before the objective window.
    s.stack = vec![Frame::Refresh(holonet::engine::rebellion::phases::refresh::RefreshPhase::new())];
    s.round += 1;
    settle(&mut s);
    assert_eq!(s.reputation, 13);
    assert_eq!(decision(&s).map(|d| d.kind), Some(PromptKind::Objective));
}

#[test]
fn show_no_fear_marker_leaves_when_a_new_base_is_established() {
    let mut s = mobilizing(9, &["bespin", "kashyyyk", "ord_mantell", "tatooine"]);
    s.options.rise_of_the_empire = true;
    standing(&mut s, "show_no_fear", &["hoth"]);
    act(&mut s, REBEL, "mode 2");
    act(&mut s, REBEL, "new-base bespin");
    assert!(s.targets.placed.is_empty(), "the marker goes with the old base");
    assert!(discarded(&s, "show_no_fear"));
}

#[test]
fn immediate_objective_drawn_at_setup_resolves_once_setup_is_over() {
    let mut s = expansion_game(10);
    // The setup's draw: the card waits in hand while the setup is under way.
    s.hands.rebel.objectives = vec![objective("raid_outposts")];
    settle(&mut s);
    assert_eq!(decision(&s).map(|d| d.kind), Some(PromptKind::ChooseBase));
    assert!(in_play(&s).is_empty());
    let d = decision(&s).unwrap();
    let ev = apply(&mut s, REBEL, d.actions[0].clone()).expect("base");
    assert!(revealed(&ev, "raid_outposts"), "revealed as setup ends");
    assert_eq!(seat(&s), Some(EMPIRE), "the Empire places the markers");
    assert_eq!(in_play(&s), vec![objective("raid_outposts")]);
    assert!(s.hands.rebel.objectives.is_empty());
}

#[test]
fn seize_control_may_remove_the_sabotage_marker_after_scoring() {
    let mut s = rote(11).units("sullust", "rebel_trooper", 1).units("sullust", "stormtrooper", 1).build();
    s.sys_mut(sys("sullust")).sabotaged = true;
    s.hands.rebel.objectives = vec![objective("seize_control")];
    let before = s.reputation;
    let mut ctx = Ctx::new(&mut s);
    let Frame::Combat(mut c) = combat::start(&mut ctx, place("sullust"), EMPIRE, vec![]) else {
        panic!("a combat")
    };
    c.won.rebel = vec![Theater::Ground];
    c.offer_objectives = true;
    c.step = Step::RoundEnd;
    ctx.s.stack.push(Frame::Combat(c));
    advance(&mut ctx);
    act(&mut s, REBEL, "objective seize_control");
    assert_eq!(before - s.reputation, 1, "scored");
    let e = refuse(&mut s, REBEL, "mode 3");
    assert!(e.to_string().contains("Objective Cards"), "{e}");
    act(&mut s, REBEL, "mode 1");
    assert!(!s.sys(sys("sullust")).sabotaged, "the sabotage marker is removed");
}

/// A fight in Kessel where the Rebels play Rogue One and the Empire a quiet card; Rogue One's
/// owner resolves it once the Empire has passed.
fn rogue_one(sc: Scenario) -> State {
    let mut s = fight_with(sc, EMPIRE, [(EMPIRE, "armored_patrol"), (REBEL, "rogue_one")]);
    if seat(&s) == Some(EMPIRE) {
        act(&mut s, EMPIRE, "done");
    }
    act(&mut s, REBEL, "mode 1");
    while let Some(Step::Tactics { stage: Stage::Resolve(f), .. }) = s.combat().map(|c| c.step) {
        act(&mut s, f, "done");
    }
    while let Some(side) = attacking(&s) {
        set_dice(&mut s, &[(holonet::content::DieColor::Black, holonet::content::DieFace::Blank)]);
        act(&mut s, side, "done");
    }
    s
}

#[test]
fn rogue_one_may_remove_a_target_marker_here_instead_of_rescuing() {
    let mut sc = armies(&[("stormtrooper", 1)], &[("u_wing", 1), ("rebel_trooper", 1)])
        .leader_at("kessel", "han_solo");
    sc.s.captured.push(leader("han_solo"));
    sc.s.reputation = 14;
    standing(&mut sc.s, "raid_outposts", &["kessel"]);
    let mut s = rogue_one(sc);
    act(&mut s, REBEL, "retreat jan_dodonna nal_hutta");
    act(&mut s, REBEL, "carry rebel_trooper");
    let d = decision(&s).expect("Rogue One asks");
    assert!(d.actions.contains(&parse("pick leader han_solo")), "the rescue is still offered");
    let e = refuse(&mut s, REBEL, "pick mission secure_the_plans");
    assert!(matches!(e, holonet::engine::rebellion::RuleError::Illegal { .. }), "no such marker here: {e}");
    act(&mut s, REBEL, "pick objective raid_outposts");
    assert!(s.targets.placed.is_empty(), "the marker is removed");
    assert!(s.captured.contains(&leader("han_solo")), "instead of the rescue");
    settle(&mut s);
    assert_eq!(s.reputation, 13, "Raid Outposts' removal gains 1 reputation");
}

#[test]
fn immediate_objective_drawn_by_a_card_resolves_at_once() {
    // Heist's draw at a Death Star: Raid Outposts is revealed as it reaches the hand, before
    // the mission's turn goes on.
    let mut s = rote(12)
        .in_pool("jyn_erso")
        .units("endor", "death_star", 1)
        .assign(REBEL, "heist", &["jyn_erso"])
        .command(REBEL)
        .build();
    s.round_effects.bonus.push((leader("jyn_erso"), 20));
    s.decks.objectives.insert(0, objective("raid_outposts"));
    reveal_unopposed(&mut s, REBEL, "reveal heist endor");
    let ev = apply(&mut s, REBEL, parse("mode 2")).expect("draws");
    assert!(revealed(&ev, "raid_outposts"));
    assert_eq!(in_play(&s), vec![objective("raid_outposts")]);
    assert_eq!(seat(&s), Some(EMPIRE), "the Empire places the markers now");
}
