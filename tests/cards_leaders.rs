//! Leaders-family mission cards (Rules Reference: Captured Leaders, Rescuing Captured Leaders,
//! Attachment Rings, Leaders, Systems): one scenario per card, named after it.

mod support;

use holonet::content::LeaderId;
use holonet::engine::rebellion::event::{Audience, Event, EventKind};
use holonet::engine::rebellion::flow::Ctx;
use holonet::engine::rebellion::phases::recruit;
use holonet::engine::rebellion::phases::refresh::RefreshPhase;
use holonet::engine::rebellion::state::Ring;
use holonet::engine::rebellion::{Frame, PromptKind, State, Viewer, decision, mission, victory, view};
use support::*;

/// A cleared board with the base hidden in Dantooine.
fn board(seed: u64) -> Scenario {
    Scenario::new(seed).clear().base("dantooine", false)
}

/// Makes a leader's next opposed mission succeed whatever the dice (Contingency Plan's bonus
/// successes, used here only to take the dice out of a test about what the card does).
fn sure(s: &mut State, l: &str) {
    s.round_effects.bonus.push((leader(l), 20));
}

/// Marks a leader standing on the board as captured.
fn captured(mut s: State, l: &str) -> State {
    s.captured.push(leader(l));
    s
}

fn public_text(ev: &[Event]) -> String {
    ev.iter()
        .filter(|e| e.audience == Audience::Public)
        .map(|e| e.kind.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn daring_rescue_frees_the_captive_and_the_rescuers_may_go_along() {
    let s = board(1)
        .units("mustafar", "tie_fighter", 1)
        .leader_at("mustafar", "han_solo")
        .assign(REBEL, "daring_rescue", &["princess_leia", "jan_dodonna"])
        .command(REBEL)
        .build();
    let mut s = captured(s, "han_solo");
    s.rings.insert(leader("han_solo"), Ring::Carbonite);
    assert!(!is_legal(&s, "reveal daring_rescue bespin"), "no captured leader in Bespin");
    reveal_unopposed(&mut s, REBEL, "reveal daring_rescue mustafar");
    assert!(!s.is_captured(leader("han_solo")));
    assert_eq!(
        s.leader_place(leader("han_solo")),
        Some(place("rebel_base")),
        "rescued to the Rebel Base space"
    );
    assert_eq!(s.ring(leader("han_solo")), None, "the Carbonite ring is discarded on rescue");
    assert_eq!(decision(&s).unwrap().kind, PromptKind::CardChoice, "the rescuers may go along");
    let e = refuse(&mut s, REBEL, "pick leader han_solo");
    assert!(e.to_string().contains("Rescuing Captured Leaders"), "{e}");
    act(&mut s, REBEL, "pick leader princess_leia");
    act(&mut s, REBEL, "done");
    assert_eq!(s.leader_place(leader("princess_leia")), Some(place("rebel_base")));
    assert_eq!(s.leader_place(leader("jan_dodonna")), Some(place("mustafar")), "Dodonna chose to stay");
    assert!(s.decks.mission_discard.rebel.contains(&mission("daring_rescue")));
}

#[test]
fn for_the_greater_good_frees_the_captive_draws_an_objective_and_the_rescuers_stay() {
    let s = board(2)
        .units("mustafar", "tie_fighter", 1)
        .leader_at("mustafar", "han_solo")
        .assign(REBEL, "for_the_greater_good", &["obi_wan_kenobi"])
        .command(REBEL)
        .build();
    let mut s = captured(s, "han_solo");
    let objectives = s.hands.rebel.objectives.len();
    let top = s.decks.objectives[0];
    let e = refuse(&mut s, REBEL, "reveal for_the_greater_good bespin");
    assert!(e.to_string().contains("Mission Cards"), "{e}");
    let ev = reveal_unopposed(&mut s, REBEL, "reveal for_the_greater_good mustafar");
    assert_eq!(s.leader_place(leader("han_solo")), Some(place("rebel_base")));
    assert_eq!(s.leader_place(leader("obi_wan_kenobi")), Some(place("mustafar")), "the rescuer stays");
    assert_eq!(s.hands.rebel.objectives.len(), objectives + 1);
    assert!(s.hands.rebel.objectives.contains(&top));
    // Only the Rebels see which objective they drew.
    for e in &ev {
        if let EventKind::CardsSeen { cards, .. } = &e.kind {
            assert_eq!(e.audience, Audience::Only(REBEL));
            assert_eq!(cards, &vec![top.to_string()]);
        }
    }
    assert!(!public_text(&ev).contains(top.key()));
}

#[test]
fn misdirection_keeps_pool_leaders_from_opposing_the_chosen_leader_this_round() {
    let mut s = board(3)
        .units("mustafar", "tie_fighter", 1)
        .in_pool("general_madine")
        .assign(REBEL, "misdirection", &["general_madine"])
        .assign(REBEL, "build_alliance", &["princess_leia"])
        .command(REBEL)
        .build();
    reveal_unopposed(&mut s, REBEL, "reveal misdirection mustafar");
    let e = refuse(&mut s, REBEL, "pick leader darth_vader");
    assert!(e.to_string().contains("Mission Cards"), "{e}");
    act(&mut s, REBEL, "pick leader princess_leia");
    assert!(s.round_effects.unopposable.contains(&leader("princess_leia")));
    act(&mut s, EMPIRE, "pass");
    act(&mut s, REBEL, "reveal build_alliance alderaan");
    assert_ne!(decision(&s).map(|d| d.kind), Some(PromptKind::Oppose), "no leader may come from the pool");
    assert_eq!(s.sys(sys("alderaan")).loyalty, Some(REBEL), "unopposed, so it succeeds");
}

#[test]
fn seek_yoda_gives_the_ring_to_a_resolving_leader_and_luke_becomes_a_jedi() {
    let luke = leader("luke_skywalker");
    let jedi = leader("luke_skywalker_jedi");
    let mut s = board(4)
        .in_pool("luke_skywalker")
        .in_pool("han_solo")
        .assign(REBEL, "seek_yoda", &["luke_skywalker", "han_solo"])
        .command(REBEL)
        .build();
    s.rings.insert(luke, Ring::C3po);
    assert!(!is_legal(&s, "reveal seek_yoda naboo"), "only in Dagobah");
    act(&mut s, REBEL, "reveal seek_yoda dagobah");
    assert_eq!(
        decision(&s).unwrap().kind,
        PromptKind::CardChoice,
        "two resolve it: the Rebels pick the bearer"
    );
    let e = refuse(&mut s, REBEL, "pick leader mon_mothma");
    assert!(e.to_string().contains("Attachment Rings"), "{e}");
    act(&mut s, REBEL, "pick leader han_solo");
    assert_eq!(s.ring(leader("han_solo")), Some(Ring::Yoda));
    assert_eq!(s.leader_place(jedi), Some(place("dagobah")), "Luke is replaced where he stands");
    assert_eq!(s.leader_place(luke), None);
    assert_eq!(s.ring(jedi), Some(Ring::C3po), "and keeps his ring");
    assert!(recruit::in_game(&s, luke), "Luke cannot be recruited again");
    assert!(holonet::engine::rebellion::invariants::violations(&s).is_empty());

    // Luke alone: the ring goes to him, and stays on the Jedi.
    let mut s = board(5)
        .in_pool("luke_skywalker")
        .assign(REBEL, "seek_yoda", &["luke_skywalker"])
        .command(REBEL)
        .build();
    act(&mut s, REBEL, "reveal seek_yoda dagobah");
    assert_eq!(s.ring(jedi), Some(Ring::Yoda));
    assert_eq!(s.ring_bearer(Ring::Yoda), Some(jedi));
    // The next retrieval brings the Jedi back to the Rebel pool.
    s.stack = vec![Frame::Refresh(RefreshPhase::new())];
    act(&mut s, REBEL, "done");
    assert!(s.leader_pool.rebel.contains(&jedi));
}

#[test]
fn carbon_freezing_keeps_the_leader_captured_and_costs_one_reputation() {
    let mothma = leader("mon_mothma");
    let s = board(6)
        .units("mustafar", "tie_fighter", 1)
        .leader_at("mustafar", "mon_mothma")
        .assign(EMPIRE, "carbon_freezing", &["darth_vader"])
        .reputation(10)
        .command(EMPIRE)
        .build();
    let mut s = captured(s, "mon_mothma");
    sure(&mut s, "darth_vader");
    let e = refuse(&mut s, EMPIRE, "reveal carbon_freezing princess_leia");
    assert!(e.to_string().contains("Mission Cards"), "{e}");
    reveal_unopposed(&mut s, EMPIRE, "reveal carbon_freezing mon_mothma");
    assert_eq!(s.ring(mothma), Some(Ring::Carbonite));
    assert!(s.is_captured(mothma), "a frozen leader is still captured");
    assert_eq!(s.reputation, 11, "the Rebels lose one reputation");
    for v in [Viewer::Public, Viewer::Faction(REBEL), Viewer::Faction(EMPIRE)] {
        let vw = view(&s, v);
        assert_eq!(vw.rings.get("mon_mothma"), Some(&Ring::Carbonite), "{v:?} sees the ring");
        assert!(vw.captured.contains(&"mon_mothma".to_string()));
    }
    // Frozen, she no longer wears the captured ring: a second capture leaves her captured.
    let mut s2 = s.clone();
    s2.sys_mut(sys("mustafar")).zone.leaders.rebel.push(leader("princess_leia"));
    s2.leader_pool.rebel.retain(|&l| l != leader("princess_leia"));
    let mut ctx = Ctx::new(&mut s2);
    victory::capture(&mut ctx, leader("princess_leia"));
    drop(ctx);
    assert!(s2.is_captured(mothma) && s2.is_captured(leader("princess_leia")));
    // Rescued, she loses the Carbonite ring and the reputation is not given back.
    let mut ctx = Ctx::new(&mut s);
    victory::rescue(&mut ctx, mothma);
    drop(ctx);
    assert_eq!(s.ring(mothma), None);
    assert!(!s.is_captured(mothma));
    assert_eq!(s.reputation, 11);
}

#[test]
fn collect_bounty_takes_the_captive_to_the_closest_system_with_an_imperial_unit() {
    let mothma = leader("mon_mothma");
    let mut s = board(7)
        .units("hoth", "tie_fighter", 1)
        .units("mustafar", "stormtrooper", 1)
        .units("coruscant", "star_destroyer", 1)
        .leader_at("bespin", "mon_mothma")
        .in_pool("boba_fett")
        .assign(EMPIRE, "collect_bounty", &["boba_fett"])
        .command(EMPIRE)
        .build();
    sure(&mut s, "boba_fett");
    act(&mut s, EMPIRE, "reveal collect_bounty mon_mothma");
    // Blindside could answer the reveal (Boba Fett is on the mission): the Empire is asked.
    assert_eq!(decision(&s).unwrap().kind, PromptKind::Respond);
    act(&mut s, EMPIRE, "done");
    act(&mut s, REBEL, "done");
    // Hoth and Mustafar are both one move from Bespin: the Empire breaks the tie.
    assert_eq!(decision(&s).unwrap().seat, EMPIRE);
    assert!(!is_legal(&s, "pick system coruscant"), "farther away");
    let e = refuse(&mut s, EMPIRE, "pick system sullust");
    assert!(e.to_string().contains("Systems"), "{e}");
    act(&mut s, EMPIRE, "pick system hoth");
    assert!(s.is_captured(mothma));
    assert_eq!(s.leader_place(mothma), Some(place("hoth")));
    assert_eq!(s.leader_place(leader("boba_fett")), Some(place("hoth")), "the bounty hunter goes along");
    assert!(s.decks.mission_discard.empire.contains(&mission("collect_bounty")));

    // With one closest system there is nothing to choose; its own system counts first.
    let mut s = board(8)
        .units("bespin", "tie_fighter", 1)
        .units("hoth", "tie_fighter", 1)
        .leader_at("bespin", "mon_mothma")
        .in_pool("boba_fett")
        .assign(EMPIRE, "collect_bounty", &["boba_fett"])
        .command(EMPIRE)
        .build();
    sure(&mut s, "boba_fett");
    act(&mut s, EMPIRE, "reveal collect_bounty mon_mothma");
    // Blindside could answer the reveal (Boba Fett is on the mission): the Empire is asked.
    assert_eq!(decision(&s).unwrap().kind, PromptKind::Respond);
    act(&mut s, EMPIRE, "done");
    act(&mut s, REBEL, "done");
    assert!(s.is_captured(mothma));
    assert_eq!(s.leader_place(mothma), Some(place("bespin")));
}

#[test]
fn detained_keeps_the_leader_on_the_board_through_the_next_retrieval() {
    let leia = leader("princess_leia");
    let mut s = board(9)
        .leader_at("bespin", "princess_leia")
        .leader_at("hoth", "jan_dodonna")
        .assign(EMPIRE, "detained", &["general_tagge"])
        .command(EMPIRE)
        .build();
    sure(&mut s, "general_tagge");
    let e = refuse(&mut s, EMPIRE, "reveal detained darth_vader");
    assert!(e.to_string().contains("Mission Cards"), "{e}");
    act(&mut s, EMPIRE, "reveal detained princess_leia");
    act(&mut s, REBEL, "done");
    assert!(s.round_effects.detained.contains(&leia));
    s.stack = vec![Frame::Refresh(RefreshPhase::new())];
    act(&mut s, REBEL, "done");
    assert_eq!(s.leader_place(leia), Some(place("bespin")), "detained: still on the board");
    assert!(s.leader_pool.rebel.contains(&leader("jan_dodonna")), "the others come back");
    assert!(s.round_effects.detained.is_empty(), "only for one retrieval");
}

#[test]
fn capture_rebel_operative_collect_bounty_and_detained_cannot_target_a_captive() {
    // A captured leader is treated as if it were not in its system (Rules Reference: Mission
    // Cards, Captured Leaders): only a card against a captured leader may target it. Han is
    // frozen in carbonite; Leia stands free beside him.
    for card in ["capture_rebel_operative", "collect_bounty", "detained"] {
        let han = leader("han_solo");
        let s = board(10)
            .units("mustafar", "tie_fighter", 1)
            .leader_at("mustafar", "han_solo")
            .leader_at("mustafar", "princess_leia")
            .assign(EMPIRE, card, &["darth_vader"])
            .command(EMPIRE)
            .build();
        let mut s = captured(s, "han_solo");
        s.rings.insert(han, Ring::Carbonite);
        let e = refuse(&mut s, EMPIRE, &format!("reveal {card} han_solo"));
        assert!(e.to_string().contains("Captured Leaders"), "{card}: {e}");
        assert!(!is_legal(&s, &format!("reveal {card} han_solo")), "{card}");
        assert!(is_legal(&s, &format!("reveal {card} princess_leia")), "{card}: the free leader is a target");
        assert_eq!(s.ring(han), Some(Ring::Carbonite), "{card}: still frozen");
    }
}

#[test]
fn homing_beacon_releases_the_captive_in_the_base_region_and_tells_the_region() {
    let mothma = leader("mon_mothma");
    let s = board(10)
        .units("mustafar", "tie_fighter", 1)
        .leader_at("mustafar", "mon_mothma")
        .in_pool("colonel_yularen")
        .assign(EMPIRE, "homing_beacon", &["colonel_yularen"])
        .command(EMPIRE)
        .build();
    let mut s = captured(s, "mon_mothma");
    sure(&mut s, "colonel_yularen");
    act(&mut s, EMPIRE, "reveal homing_beacon mon_mothma");
    let ev = act(&mut s, REBEL, "done");
    let public = public_text(&ev);
    assert!(public.contains("Mygeeto region"), "the region is public: {public}");
    assert!(!public.contains("Dantooine"), "the base itself stays hidden");
    let d = decision(&s).unwrap();
    assert_eq!(d.seat, REBEL, "the Rebels choose where");
    assert_eq!(d.actions.len(), 4, "the four systems of the base's region");
    let e = refuse(&mut s, REBEL, "pick system bespin");
    assert!(e.to_string().contains("Regions"), "{e}");
    act(&mut s, REBEL, "pick system ilum");
    assert!(!s.is_captured(mothma));
    assert_eq!(s.leader_place(mothma), Some(place("ilum")));
    assert!(!s.base.revealed);
}

#[test]
fn lure_of_the_dark_side_turns_the_captive_and_costs_reputation_for_luke() {
    for (who, rep_lost) in [("luke_skywalker", 1), ("luke_skywalker_jedi", 1), ("han_solo", 0)] {
        let l = leader(who);
        let s = board(11)
            .units("mustafar", "tie_fighter", 1)
            .leader_at("mustafar", who)
            .assign(EMPIRE, "lure_of_the_dark_side", &["emperor_palpatine"])
            .reputation(10)
            .command(EMPIRE)
            .build();
        let mut s = captured(s, who);
        sure(&mut s, "emperor_palpatine");
        let e = refuse(&mut s, EMPIRE, "reveal lure_of_the_dark_side princess_leia");
        assert!(e.to_string().contains("Mission Cards"), "{e}");
        reveal_unopposed(&mut s, EMPIRE, &format!("reveal lure_of_the_dark_side {who}"));
        assert!(!s.is_captured(l), "{who}: no longer captured");
        assert!(s.turned.contains(&l));
        assert_eq!(s.leader_faction(l), EMPIRE);
        assert_eq!(s.ring(l), Some(Ring::LureOfTheDarkSide));
        assert!(s.sys(sys("mustafar")).zone.leaders.empire.contains(&l), "listed under the Empire");
        assert_eq!(s.reputation, 10 + rep_lost, "{who}");
        let pv = view(&s, Viewer::Public);
        assert!(pv.turned.contains(&who.to_string()));
        assert!(pv.systems["mustafar"].leaders[&EMPIRE].contains(&who.to_string()));
        assert!(!pv.systems["mustafar"].leaders[&REBEL].contains(&who.to_string()));
        // The next retrieval sends the leader to the Imperial pool.
        s.stack = vec![Frame::Refresh(RefreshPhase::new())];
        act(&mut s, REBEL, "done");
        assert!(s.leader_pool.empire.contains(&l));
        assert!(!s.leader_pool.rebel.contains(&l));
        assert!(holonet::engine::rebellion::invariants::violations(&s).is_empty());
    }
}

#[test]
fn lure_of_the_dark_side_a_second_time_finds_its_ring_kept_by_the_turned_leader() {
    // The card came back from a reshuffled discard pile: the one Lure ring stays on the leader
    // it turned for the rest of the game (Component Limitations), so the new captive is not
    // turned and the first turned leader keeps the ring (seed 43 of the leak harness once moved it).
    let s = board(11)
        .units("mustafar", "tie_fighter", 1)
        .leader_at("mustafar", "han_solo")
        .assign(EMPIRE, "lure_of_the_dark_side", &["emperor_palpatine"])
        .command(EMPIRE)
        .build();
    let mut s = captured(s, "han_solo");
    let rieekan = leader("general_rieekan");
    s.leader_pool.rebel.retain(|&l| l != rieekan);
    s.leader_pool.empire.push(rieekan);
    s.turned.push(rieekan);
    s.rings.insert(rieekan, Ring::LureOfTheDarkSide);
    sure(&mut s, "emperor_palpatine");
    reveal_unopposed(&mut s, EMPIRE, "reveal lure_of_the_dark_side han_solo");
    let han = leader("han_solo");
    assert!(!s.turned.contains(&han) && s.leader_faction(han) == REBEL, "Han is not turned");
    assert_eq!(s.ring(rieekan), Some(Ring::LureOfTheDarkSide), "Rieekan keeps the ring");
    assert!(s.turned.contains(&rieekan));
    assert!(holonet::engine::rebellion::invariants::violations(&s).is_empty());
}

#[test]
fn lure_of_the_dark_side_needs_three_matching_diplomacy_icons_and_rolls_all_icons() {
    // Darth Vader has 2 diplomacy icons (5 icons in all): counting every icon is for the dice
    // only, so he cannot reveal the card alone (Rules Reference: Mission Cards).
    let alone = board(12)
        .units("mustafar", "tie_fighter", 1)
        .leader_at("mustafar", "han_solo")
        .assign(EMPIRE, "lure_of_the_dark_side", &["darth_vader"])
        .command(EMPIRE)
        .build();
    let mut alone = captured(alone, "han_solo");
    let e = refuse(&mut alone, EMPIRE, "reveal lure_of_the_dark_side han_solo");
    assert!(e.to_string().contains("Mission Cards") && e.to_string().contains("icons"), "{e}");
    assert!(!legal(&alone).iter().any(|a| a.starts_with("reveal lure_of_the_dark_side")));

    // With Janus Greejatus (2 + 2 diplomacy) it is revealed, and the dice count every icon:
    // Vader 5 + Janus 3 against the captive Han's 4.
    let s = board(12)
        .units("mustafar", "tie_fighter", 1)
        .leader_at("mustafar", "han_solo")
        .assign(EMPIRE, "lure_of_the_dark_side", &["darth_vader", "janus_greejatus"])
        .command(EMPIRE)
        .build();
    let mut s = captured(s, "han_solo");
    act(&mut s, EMPIRE, "reveal lure_of_the_dark_side han_solo");
    let Some(Frame::Mission(run)) = s.stack.last() else { panic!("the mission runs: {:?}", s.stack.last()) };
    assert_eq!(mission::dice_count(&s, run, EMPIRE), 8, "all of Vader's and Janus's icons");
    assert_eq!(mission::dice_count(&s, run, REBEL), 4, "all of Han's icons");
}

#[test]
fn a_ring_has_one_bearer_and_replaces_the_ring_a_leader_wore() {
    let (han, leia) = (leader("han_solo"), leader("princess_leia"));
    let mut s = board(13).leader_at("bespin", "han_solo").leader_at("bespin", "princess_leia").build();
    s.rings.insert(han, Ring::Yoda);
    s.rings.insert(leia, Ring::C3po);
    let mut ctx = Ctx::new(&mut s);
    victory::attach_ring(&mut ctx, leia, Ring::Yoda);
    drop(ctx);
    assert_eq!(s.ring(leia), Some(Ring::Yoda), "the new ring replaces C-3PO");
    assert_eq!(s.ring(han), None, "the Yoda ring left Han");
    assert_eq!(s.ring_bearer(Ring::C3po), None, "C-3PO went back to the supply");
}

#[test]
fn capturing_a_leader_takes_off_its_ring() {
    let han: LeaderId = leader("han_solo");
    let mut s = board(12).units("bespin", "tie_fighter", 1).leader_at("bespin", "han_solo").build();
    s.rings.insert(han, Ring::MillenniumFalcon);
    let mut ctx = Ctx::new(&mut s);
    victory::capture(&mut ctx, han);
    drop(ctx);
    assert!(s.is_captured(han));
    assert_eq!(s.ring(han), None, "the captured ring replaces it");
}
