//! Whether a seat is asked is decided from what its opponent may know (`asking.rs`): a card
//! window opens from public facts — the cards a player *could* hold and where their leaders
//! stand — never from the cards it does hold; a choice made from secrets is asked even when a
//! single answer, or only `done`, is possible. Each scenario compares positions that differ
//! only in a secret: the seat and kind of decision, and what the other side sees, must match.

mod support;

use holonet::content::{ActionCardId, Faction};
use holonet::engine::rebellion::state::Ring;
use holonet::engine::rebellion::{Decision, PromptKind, State, Viewer, decision, view};
use support::*;

fn card(name: &str) -> ActionCardId {
    ActionCardId::parse(name).unwrap()
}

/// A cleared board, base hidden in Dantooine; `f` holds `cards` (and nobody else holds any).
fn board(f: Faction, cards: &[&str]) -> Scenario {
    Scenario::holding(4, f, cards)
}

fn now(s: &State) -> Decision {
    decision(s).expect("a decision")
}

/// The legal commands, without revealing the base (offered at every Rebel choice of their turn).
fn options(s: &State) -> Vec<String> {
    legal(s).into_iter().filter(|o| o != "reveal-base").collect()
}

/// What `f`'s opponent and the channel see of two positions must be the same.
fn same_to_the_opponent(a: &State, b: &State, secret_of: Faction) {
    for v in [Viewer::Public, Viewer::Faction(secret_of.opponent())] {
        assert_eq!(view(a, v), view(b, v), "{v:?} can tell the positions apart");
    }
    let (da, db) = (now(a), now(b));
    assert_eq!((da.seat, &da.kind), (db.seat, &db.kind), "who is asked what must not depend on the secret");
}

/// The Empire attempts Capture Rebel Operative on Chewbacca in Kashyyyk; the Rebels decline to
/// oppose: the window before the dice comes next.
fn spec_ops_on_chewbacca(rebel_cards: &[&str]) -> State {
    let mut s = board(REBEL, rebel_cards)
        .units("kashyyyk", "stormtrooper", 1)
        .leader_at("kashyyyk", "chewbacca")
        .assign(EMPIRE, "capture_rebel_operative", &["darth_vader"])
        .command(EMPIRE)
        .build();
    act(&mut s, EMPIRE, "reveal capture_rebel_operative chewbacca");
    act(&mut s, REBEL, "done");
    s
}

#[test]
fn a_mission_window_opens_for_a_card_the_rebels_could_hold_not_for_the_card_they_hold() {
    // Wookiee Guardian could answer (Chewbacca is there, the card was never played): holding it
    // or not, the Rebels are asked, so the Empire learns nothing from the prompt.
    let with = spec_ops_on_chewbacca(&["wookiee_guardian"]);
    let without = spec_ops_on_chewbacca(&["rebel_planning"]);
    same_to_the_opponent(&with, &without, REBEL);
    let (a, b) = (now(&with), now(&without));
    assert_eq!((a.seat, a.kind), (REBEL, PromptKind::Respond));
    assert!(a.always_asked && b.always_asked);
    assert!(is_legal(&with, "action wookiee_guardian"));
    assert_eq!(legal(&without), vec!["done"], "nothing to use: only `done`");
    let mut s = without;
    act(&mut s, REBEL, "done");
    assert_ne!(now(&s).kind, PromptKind::Respond, "declining closes the window");
}

#[test]
fn no_window_opens_when_no_card_the_rebels_could_hold_fits() {
    // Mon Mothma is the target: no leader a Rebel card needs is in Kashyyyk or on the board,
    // so the window stays shut — whatever the Rebels hold.
    let mut s = board(REBEL, &["wookiee_guardian", "undercover", "one_in_a_million"])
        .units("kashyyyk", "stormtrooper", 1)
        .leader_at("kashyyyk", "mon_mothma")
        .assign(EMPIRE, "capture_rebel_operative", &["darth_vader"])
        .command(EMPIRE)
        .build();
    act(&mut s, EMPIRE, "reveal capture_rebel_operative mon_mothma");
    act(&mut s, REBEL, "done");
    for _ in 0..20 {
        let d = now(&s);
        if d.kind == PromptKind::CommandTurn {
            return;
        }
        assert_ne!(d.kind, PromptKind::Respond, "{d:?}");
        let first = d.actions[0].command();
        act(&mut s, d.seat, &first);
    }
    panic!("the mission did not end");
}

#[test]
fn no_window_opens_for_a_player_without_action_cards() {
    let s = spec_ops_on_chewbacca(&[]);
    assert_ne!(now(&s).kind, PromptKind::Respond);
}

#[test]
fn a_played_card_no_longer_opens_its_window() {
    // Wookiee Guardian was played (it is neither in a hand nor in the deck), and no other Rebel
    // card could answer here: the window stays shut.
    let mut s = board(REBEL, &["rebel_planning"])
        .units("kashyyyk", "stormtrooper", 1)
        .leader_at("kashyyyk", "chewbacca")
        .assign(EMPIRE, "capture_rebel_operative", &["darth_vader"])
        .command(EMPIRE)
        .build();
    s.decks.actions.rebel.retain(|&c| c != card("wookiee_guardian"));
    act(&mut s, EMPIRE, "reveal capture_rebel_operative chewbacca");
    act(&mut s, REBEL, "done");
    assert_ne!(now(&s).kind, PromptKind::Respond);
}

#[test]
fn the_start_of_combat_window_follows_the_leaders_not_the_hand() {
    // Admiral Piett waits in the Imperial pool: Ready for Action could be held.
    let fight = |cards: &[&str]| {
        let mut s = board(EMPIRE, cards)
            .units("sullust", "x_wing", 1)
            .units("sullust", "star_destroyer", 1)
            .in_pool("admiral_piett")
            .command(EMPIRE)
            .build();
        s.leader_pool.empire.retain(|&l| l == leader("admiral_piett") || l == leader("darth_vader"));
        act(&mut s, EMPIRE, "activate sullust darth_vader");
        while matches!(now(&s).kind, PromptKind::MoveUnits | PromptKind::AddLeader) {
            let d = now(&s);
            act(&mut s, d.seat, "done");
        }
        s
    };
    let with = fight(&["ready_for_action"]);
    let without = fight(&["brilliant_administrator"]);
    same_to_the_opponent(&with, &without, EMPIRE);
    assert_eq!((now(&with).seat, now(&with).kind), (EMPIRE, PromptKind::StartOfCombat));
    assert!(is_legal(&with, "action ready_for_action"));
    assert_eq!(legal(&without), vec!["done"]);
    // With no card in hand the window does not open.
    let none = fight(&[]);
    assert_ne!(now(&none).kind, PromptKind::StartOfCombat);
}

/// Contingency Plan revealed with Lando; the Rebel hand holds `hand` (`support::contingency_ready`).
fn contingency(hand: &[&str]) -> State {
    let mut s = contingency_ready(4, hand);
    act(&mut s, REBEL, "reveal contingency_plan");
    s
}

#[test]
fn contingency_plan_asks_whatever_starting_missions_are_in_hand() {
    let two = contingency(&["build_alliance", "sabotage"]);
    let one = contingency(&["build_alliance", "covert_operation"]);
    let none = contingency(&["hit_and_run", "covert_operation"]);
    same_to_the_opponent(&two, &one, REBEL);
    same_to_the_opponent(&two, &none, REBEL);
    assert_eq!((now(&one).seat, now(&one).kind), (REBEL, PromptKind::CardChoice));
    assert_eq!(options(&one), vec!["pick mission build_alliance"], "one answer, still asked");
    assert_eq!(options(&none), vec!["done"]);
    let mut s = none;
    act(&mut s, REBEL, "done");
    assert!(s.leader_pool.rebel.contains(&leader("lando_calrissian")), "Lando stays in the pool");
    assert!(s.decks.mission_discard.rebel.contains(&mission("contingency_plan")));
}

/// Rapid Mobilization's new-base draw after the base was revealed (so the Rebels have no
/// other choice to make at that moment), the top four probe cards being `top`.
fn mobilization(top: &[&str]) -> State {
    let mut s = mobilizing(4, top);
    assert!(!is_legal(&s, "mode 1"), "the base is revealed: only a new base");
    act(&mut s, REBEL, "mode 2");
    s
}

#[test]
fn rapid_mobilization_asks_even_when_every_drawn_card_is_forbidden() {
    let no = mobilization(&["coruscant", "mandalore", "corellia", "mustafar"]);
    let yes = mobilization(&["dagobah", "mandalore", "corellia", "mustafar"]);
    same_to_the_opponent(&no, &yes, REBEL);
    assert_eq!((now(&no).seat, now(&no).kind), (REBEL, PromptKind::CardChoice));
    assert_eq!(options(&no), vec!["done"], "no drawn card allows a base");
    assert!(is_legal(&yes, "new-base dagobah"));
}

#[test]
fn activating_the_rebel_base_space_asks_the_rebels_to_move_wherever_the_base_is() {
    // Units in Bespin can reach the base space only if the base is next to Bespin: the step is
    // asked either way, or the Empire would learn whether it is.
    let activate = |base: &str| {
        let mut s = board(REBEL, &[]).base(base, false).units("bespin", "x_wing", 1).command(REBEL).build();
        act(&mut s, REBEL, "activate rebel_base jan_dodonna");
        s
    };
    let near = activate("hoth");
    let far = activate("dantooine");
    same_to_the_opponent(&near, &far, REBEL);
    assert_eq!((now(&far).seat, now(&far).kind), (REBEL, PromptKind::MoveUnits));
    assert_eq!(options(&far), vec!["done"]);
}

#[test]
fn son_of_skywalker_answers_a_resolved_mission() {
    // Rules Reference, Revealing a Mission: a resolved mission is a successful one.
    let mut s = board(REBEL, &["son_of_skywalker"])
        .in_pool("luke_skywalker")
        .assign(REBEL, "seek_yoda", &["luke_skywalker"])
        .command(REBEL)
        .build();
    s.decks.missions.rebel = vec![mission("hit_and_run"), mission("daring_rescue")];
    act(&mut s, REBEL, "reveal seek_yoda dagobah");
    assert_eq!((now(&s).seat, now(&s).kind), (REBEL, PromptKind::Respond));
    act(&mut s, REBEL, "action son_of_skywalker");
    act(&mut s, REBEL, "pick mission daring_rescue");
    assert!(s.hands.rebel.missions.contains(&mission("daring_rescue")));
}

#[test]
fn the_millennium_falcon_rescues_the_captive_its_player_picks_after_a_resolved_mission() {
    let mut s = board(REBEL, &[])
        .units("bespin", "tie_fighter", 1)
        .leader_at("bespin", "princess_leia")
        .leader_at("bespin", "mon_mothma")
        .assign(REBEL, "plant_false_lead", &["general_rieekan"])
        .command(REBEL)
        .build();
    s.captured.extend([leader("princess_leia"), leader("mon_mothma")]);
    s.rings.insert(leader("general_rieekan"), Ring::MillenniumFalcon);
    if s.hands.empire.probes.is_empty() {
        let p = s.decks.probes.remove(0);
        s.hands.empire.probes.push(p);
    }
    act(&mut s, REBEL, "reveal plant_false_lead bespin");
    // Plant False Lead's own choices (top or bottom of the probe deck) come first.
    for _ in 0..10 {
        if now(&s).kind == PromptKind::Respond {
            break;
        }
        let first = now(&s).actions[0].command();
        act(&mut s, REBEL, &first);
    }
    assert_eq!((now(&s).seat, now(&s).kind), (REBEL, PromptKind::Respond));
    act(&mut s, REBEL, "ring general_rieekan");
    let picks = options(&s);
    assert_eq!(picks, vec!["pick leader princess_leia", "pick leader mon_mothma"], "two captives here");
    let e = refuse(&mut s, REBEL, "pick leader general_rieekan");
    assert!(e.to_string().contains("not one of the options"), "{e}");
    act(&mut s, REBEL, "pick leader mon_mothma");
    assert!(!s.is_captured(leader("mon_mothma")));
    assert!(s.is_captured(leader("princess_leia")));
    assert_eq!(s.ring(leader("general_rieekan")), None, "the ring is used up");
}

#[test]
fn the_refresh_objective_step_asks_when_an_objective_the_rebels_could_hold_is_fulfilled() {
    // No leader is captured: Leave No One Behind could be played if held. The Rebels pass the
    // last Command Phase turn and the Refresh Phase begins with the objective step.
    let at_refresh = |hand: &str| {
        let mut s = Scenario::new(21).clear().base("dantooine", false).command_opponent_passed(REBEL).build();
        s.hands.rebel.objectives = vec![objective(hand)];
        s.decks.objectives.retain(|&o| o != objective(hand));
        if !s.decks.objectives.contains(&objective("leave_no_one_behind")) && hand != "leave_no_one_behind" {
            s.decks.objectives.push(objective("leave_no_one_behind"));
        }
        act(&mut s, REBEL, "pass");
        s
    };
    let holds = at_refresh("leave_no_one_behind");
    let other = at_refresh("popular_support");
    same_to_the_opponent(&holds, &other, REBEL);
    assert_eq!((now(&other).seat, now(&other).kind), (REBEL, PromptKind::Objective));
    assert_eq!(legal(&other), vec!["done"]);
    assert!(is_legal(&holds, "objective leave_no_one_behind"));
}

#[test]
fn son_of_skywalker_asks_for_the_card_even_when_one_is_left_in_the_deck() {
    let searching = |in_hand: bool| {
        let mut s = son_of_skywalker_ready(in_hand);
        act(&mut s, REBEL, "action son_of_skywalker");
        s
    };
    let (both, one) = (searching(false), searching(true));
    same_to_the_opponent(&both, &one, REBEL);
    assert_eq!((now(&one).seat, now(&one).kind), (REBEL, PromptKind::CardChoice));
    assert_eq!(options(&one), vec!["pick mission seek_yoda"], "the one card found is still asked for");
}

#[test]
fn our_most_desperate_hour_asks_even_when_the_deck_holds_one_title() {
    let searching = |one_title: bool| {
        let mut s = desperate_hour_ready(one_title);
        act(&mut s, REBEL, "action our_most_desperate_hour");
        s
    };
    let (two, one) = (searching(false), searching(true));
    same_to_the_opponent(&two, &one, REBEL);
    assert_eq!((now(&one).seat, now(&one).kind), (REBEL, PromptKind::CardChoice));
}

#[test]
fn proceeding_as_planned_asks_even_when_the_deck_holds_one_title() {
    let searching = |one_title: bool| {
        let mut s = proceeding_as_planned_ready(one_title);
        act(&mut s, EMPIRE, "action proceeding_as_planned");
        s
    };
    let (two, one) = (searching(false), searching(true));
    same_to_the_opponent(&two, &one, EMPIRE);
    assert_eq!((now(&one).seat, now(&one).kind), (EMPIRE, PromptKind::CardChoice));
}

/// Daring Rescue past Darth Vader, won by the Rebels, with the Empire holding `card`: stops at
/// the first decision after the rescue.
fn rescued_past_vader(card: &str) -> State {
    let mut s = board(EMPIRE, &[card])
        .units("bespin", "tie_fighter", 1)
        .leader_at("bespin", "darth_vader")
        .leader_at("bespin", "princess_leia")
        .assign(REBEL, "daring_rescue", &["luke_skywalker", "han_solo"])
        .command(REBEL)
        .build();
    s.captured.push(leader("princess_leia"));
    s.round_effects.bonus.push((leader("luke_skywalker"), 20));
    act(&mut s, REBEL, "reveal daring_rescue bespin");
    while s.is_captured(leader("princess_leia")) {
        let d = now(&s);
        act(&mut s, d.seat, "done");
    }
    assert!(!s.is_captured(leader("princess_leia")), "rescued");
    s
}

#[test]
fn it_is_your_destiny_window_opens_for_an_empire_that_could_hold_it_not_only_one_that_does() {
    // Darth Vader stands where the rescue happened and the card was never played: the Empire is
    // asked after the rescue whether it holds It Is Your Destiny or another card.
    let with = rescued_past_vader("it_is_your_destiny");
    let without = rescued_past_vader("boba_fett_where");
    same_to_the_opponent(&with, &without, EMPIRE);
    assert_eq!((now(&without).seat, now(&without).kind), (EMPIRE, PromptKind::Respond));
    assert_eq!(options(&without), vec!["done"], "nothing to play, yet asked");
    assert!(options(&with).contains(&"action it_is_your_destiny".to_string()));
}
