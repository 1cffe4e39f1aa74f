//! The Refresh Phase, step by step (Rules Reference: Refresh Phase, Recruiting, Build Units,
//! Deploy Units, Objective Cards, Winning the Game).

mod support;

use holonet::content::{ActionCardId, LeaderId, MissionId, catalog};
use holonet::engine::rebellion::{PromptKind, decision};
use support::*;

fn card(name: &str) -> ActionCardId {
    ActionCardId::parse(name).unwrap()
}

/// Cleared board, base hidden in Dantooine, flow at the start of the Refresh Phase.
fn refresh(seed: u64, time: u8) -> Scenario {
    Scenario::new(seed).clear().base("dantooine", false).time(time).refresh()
}

#[test]
fn leaders_return_to_pools_but_captured_leaders_stay() {
    let mut s = refresh(1, 6)
        .units("bespin", "tie_fighter", 1)
        .leader_at("bespin", "princess_leia")
        .leader_at("hoth", "jan_dodonna")
        .leader_at("mustafar", "darth_vader")
        .build();
    s.captured.push(leader("princess_leia"));
    assert_eq!(decision(&s).unwrap().kind, PromptKind::Objective);
    act(&mut s, REBEL, "done");
    assert!(s.leader_pool.rebel.contains(&leader("jan_dodonna")));
    assert!(s.leader_pool.empire.contains(&leader("darth_vader")));
    assert!(!s.leader_pool.rebel.contains(&leader("princess_leia")));
    assert_eq!(s.leader_place(leader("princess_leia")), Some(place("bespin")), "captured leaders stay");
    assert_eq!(s.round, 2, "time 7 has no recruit/build: the next round begins");
    assert_eq!(decision(&s).unwrap().kind, PromptKind::AssignLeaders);
}

#[test]
fn draw_two_missions_then_discard_to_ten_never_a_starting_mission() {
    let extra = [
        "base_defenses",
        "contingency_plan",
        "covert_operation",
        "daring_rescue",
        "demolition",
        "hidden_fleet",
        "hit_and_run",
    ];
    let mut s = refresh(2, 6).build();
    // Only the four starting missions in hand, whatever setup dealt.
    s.hands.rebel.missions.retain(|&m| catalog().mission(m).starting);
    s.hands.rebel.missions.extend(extra[..5].iter().map(|m| mission(m)));
    s.decks.missions.rebel = extra[5..].iter().map(|m| mission(m)).collect();
    assert_eq!(s.hands.rebel.missions.len(), 9);
    act(&mut s, REBEL, "done");
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind.clone()), (REBEL, PromptKind::DiscardMissions));
    assert_eq!(s.hands.rebel.missions.len(), 11, "two drawn");
    for a in legal(&s) {
        let m = MissionId::parse(a.trim_start_matches("discard ")).unwrap();
        assert!(!catalog().mission(m).starting, "starting missions are never discarded: {a}");
    }
    act(&mut s, REBEL, "discard hidden_fleet");
    assert_eq!(s.hands.rebel.missions.len(), 10);
    assert_eq!(s.decks.mission_discard.rebel, vec![mission("hidden_fleet")]);
}

#[test]
fn empire_draws_two_probe_cards_rebels_one_objective_time_advances() {
    let mut s = refresh(3, 6).build();
    let probes = s.decks.probes[..2].to_vec();
    let objective = s.decks.objectives[0];
    act(&mut s, REBEL, "done");
    assert_eq!(s.hands.empire.probes, probes);
    assert!(s.hands.rebel.objectives.contains(&objective));
    assert_eq!(s.hands.rebel.objectives.len(), 2);
    assert_eq!(s.time, 7);
}

#[test]
fn recruit_keeps_one_card_and_one_leader_the_other_goes_to_the_bottom() {
    let mut s = refresh(4, 1).build();
    s.decks.actions.rebel.retain(|&c| c != card("an_old_friend") && c != card("wookiee_guardian"));
    s.decks.actions.rebel.insert(0, card("wookiee_guardian"));
    s.decks.actions.rebel.insert(0, card("an_old_friend"));
    act(&mut s, REBEL, "done");
    assert_eq!(s.time, 2);
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind.clone()), (REBEL, PromptKind::Recruit));
    assert!(is_legal(&s, "recruit an_old_friend han_solo"));
    assert!(is_legal(&s, "recruit wookiee_guardian chewbacca"));
    act(&mut s, REBEL, "recruit wookiee_guardian chewbacca");
    assert!(s.leader_pool.rebel.contains(&leader("chewbacca")));
    assert!(s.hands.rebel.actions.contains(&card("wookiee_guardian")));
    assert_eq!(*s.decks.actions.rebel.last().unwrap(), card("an_old_friend"), "unchosen card to the bottom");
    assert_eq!(decision(&s).unwrap().seat, EMPIRE, "then the Empire recruits");
}

#[test]
fn recruit_extra_draws_are_the_players_choice_while_no_drawn_leader_can_be_recruited() {
    let mut s = refresh(5, 1).in_pool("han_solo").in_pool("chewbacca").build();
    let top =
        [card("an_old_friend"), card("wookiee_guardian"), card("the_millennium_falcon"), card("ambush")];
    s.decks.actions.rebel.retain(|c| !top.contains(c));
    for c in top.iter().rev() {
        s.decks.actions.rebel.insert(0, *c);
    }
    act(&mut s, REBEL, "done");
    // Han and Chewbacca are already in the game: the two cards drawn show no one new. The
    // Rebel may keep one of them without recruiting, or draw one more card.
    let opts = legal(&s);
    assert_eq!(
        opts,
        vec!["recruit an_old_friend", "recruit wookiee_guardian", "draw-another"],
        "two cards drawn, nothing drawn on automatically"
    );
    act(&mut s, REBEL, "draw-another");
    assert!(is_legal(&s, "recruit the_millennium_falcon"));
    assert!(is_legal(&s, "draw-another"), "the Falcon shows only Han and Chewbacca");
    act(&mut s, REBEL, "draw-another");
    // Madine can be recruited: no more drawing.
    assert!(is_legal(&s, "recruit ambush general_madine"));
    assert!(!is_legal(&s, "draw-another"), "a recruitable leader is showing: drawing stops");
    act(&mut s, REBEL, "recruit ambush general_madine");
    let bottom: Vec<ActionCardId> = s.decks.actions.rebel.iter().rev().take(3).copied().collect();
    for c in &top[..3] {
        assert!(bottom.contains(c));
    }
}

#[test]
fn recruit_without_drawing_more_keeps_a_card_and_recruits_no_one() {
    let mut s = refresh(5, 1).in_pool("han_solo").in_pool("chewbacca").build();
    let top = [card("an_old_friend"), card("wookiee_guardian")];
    s.decks.actions.rebel.retain(|c| !top.contains(c));
    s.decks.actions.rebel.insert(0, top[1]);
    s.decks.actions.rebel.insert(0, top[0]);
    let pool = s.leader_pool.rebel.clone();
    act(&mut s, REBEL, "done");
    act(&mut s, REBEL, "recruit wookiee_guardian");
    assert!(s.hands.rebel.actions.contains(&card("wookiee_guardian")));
    assert_eq!(s.leader_pool.rebel, pool, "no leader recruited");
    assert_eq!(s.decks.actions.rebel.last(), Some(&card("an_old_friend")));
}

/// A board where the Imperial and Rebel build rules all show at once (time 5 → 6: build only).
fn build_board() -> Scenario {
    refresh(6, 5)
        .loyalty("corellia", Some(EMPIRE)) // blue ▲ + blue ■ → queue space 3
        .subjugated("mygeeto") // blue ▲ + orange ■: only the left-most → space 2
        .units("mygeeto", "stormtrooper", 1)
        .loyalty("sullust", Some(EMPIRE)) // Rebel unit there: no build
        .units("sullust", "y_wing", 1)
        .loyalty("mustafar", Some(EMPIRE)) // sabotaged: no build
        .sabotaged("mustafar")
        .loyalty("kashyyyk", Some(REBEL)) // orange ▲ ×2 → space 1
        .loyalty("alderaan", Some(REBEL)) // Imperial unit there: no build
        .units("alderaan", "tie_fighter", 1)
}

fn queue_count(
    s: &holonet::engine::rebellion::State,
    f: holonet::content::Faction,
    space: usize,
    u: &str,
) -> u8 {
    s.build_queue.get(f)[space - 1].count(unit(u))
}

#[test]
fn build_uses_loyal_and_subjugated_left_most_icons_blocked_by_enemies_and_sabotage() {
    let mut s = build_board().build();
    act(&mut s, REBEL, "done");
    assert_eq!(s.time, 6);
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind.clone()), (REBEL, PromptKind::BuildChoice), "base space blue ▲ is a choice");
    let mut opts = legal(&s);
    opts.sort();
    assert_eq!(opts, ["build rebel_transport", "build x_wing", "build y_wing"]);
    // Empire: Corellia (TIE + Star Destroyer on 3), Mygeeto (TIE on 2), Coruscant (trooper on 1).
    assert_eq!(queue_count(&s, EMPIRE, 3, "tie_fighter"), 1);
    assert_eq!(queue_count(&s, EMPIRE, 3, "star_destroyer"), 1);
    assert_eq!(queue_count(&s, EMPIRE, 2, "tie_fighter"), 1);
    assert_eq!(queue_count(&s, EMPIRE, 2, "at_at"), 0, "subjugated: left-most icon only");
    assert_eq!(queue_count(&s, EMPIRE, 1, "stormtrooper"), 1);
    assert_eq!(
        s.build_queue.empire.iter().map(|q| q.total()).sum::<u32>(),
        4,
        "nothing from Sullust or Mustafar"
    );
    // Rebels: Kashyyyk's two troopers and the base space's orange ▲.
    assert_eq!(queue_count(&s, REBEL, 1, "rebel_trooper"), 3);
    assert_eq!(s.build_queue.rebel.iter().map(|q| q.total()).sum::<u32>(), 3, "nothing from Alderaan");
    act(&mut s, REBEL, "build y_wing");
    assert_eq!(decision(&s).unwrap().kind, PromptKind::Deploy);
}

/// Stormtroopers the Imperial build of `build_board` queues (one per orange ▲ it may use).
fn stormtroopers_wanted(s: &holonet::engine::rebellion::State) -> u32 {
    use holonet::engine::rebellion::phases::refresh::{build_icons, build_units};
    build_icons(s, EMPIRE)
        .iter()
        .filter(|(icon, _)| build_units(s, EMPIRE, *icon) == vec![unit("stormtrooper")])
        .count() as u32
}

/// `build_board` with two more Imperial orange ▲ systems: three Stormtroopers to build.
fn stormtrooper_board() -> Scenario {
    build_board().loyalty("rodia", Some(EMPIRE)).loyalty("ryloth", Some(EMPIRE))
}

#[test]
fn build_respects_the_supply() {
    let mut s = stormtrooper_board().build();
    let wanted = stormtroopers_wanted(&s);
    assert_eq!(wanted, 3, "the position builds three Stormtroopers");
    let left = s.supply.empire.count(unit("stormtrooper"));
    s = Scenario { s }.units("coruscant", "stormtrooper", left).build();
    act(&mut s, REBEL, "done");
    // Short of Stormtroopers, the Empire may first destroy some of its own to free them.
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind), (EMPIRE, PromptKind::ScrapUnits));
    assert!(d.context[0].contains(&format!("needs {wanted} more Stormtrooper")), "{:?}", d.context);
    let mut scrapped = s.clone();
    act(&mut s, EMPIRE, "done");
    assert_eq!(queue_count(&s, EMPIRE, 1, "stormtrooper"), 0, "none left in the supply");
    for u in holonet::content::UnitId::all().filter(|&u| s.unit_in_play(u)) {
        assert_eq!(unit_total(&s, u), catalog().unit(u).count_in_box as u32);
    }
    // Scrapping frees as many as the build needs: the prompt stays until `done`, even once the
    // shortage is covered, and every freed Stormtrooper is built.
    let before = scrapped.sys(sys("coruscant")).zone.units.empire.count(unit("stormtrooper"));
    for _ in 0..wanted {
        act(&mut scrapped, EMPIRE, "scrap coruscant stormtrooper");
        assert_eq!(decision(&scrapped).unwrap().kind, PromptKind::ScrapUnits, "scrap as many as you want");
    }
    act(&mut scrapped, EMPIRE, "done");
    let after = scrapped.sys(sys("coruscant")).zone.units.empire.count(unit("stormtrooper"));
    assert_eq!(after, before - wanted as u8);
    let built: u32 = (1..=3).map(|q| queue_count(&scrapped, EMPIRE, q, "stormtrooper") as u32).sum();
    assert_eq!(built, wanted, "every Stormtrooper the icons call for is built");
    for u in holonet::content::UnitId::all().filter(|&u| scrapped.unit_in_play(u)) {
        assert_eq!(unit_total(&scrapped, u), catalog().unit(u).count_in_box as u32);
    }
}

#[test]
fn scrap_prompt_when_the_supply_holds_fewer_than_the_build_needs_not_only_none() {
    let mut s = stormtrooper_board().build();
    let wanted = stormtroopers_wanted(&s);
    // Leave exactly one Stormtrooper in the supply: still short.
    let left = s.supply.empire.count(unit("stormtrooper"));
    s = Scenario { s }.units("coruscant", "stormtrooper", left - 1).build();
    act(&mut s, REBEL, "done");
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind), (EMPIRE, PromptKind::ScrapUnits));
    assert!(d.context[0].contains(&format!("needs {} more", wanted - 1)), "{:?}", d.context);
}

#[test]
fn no_scrap_prompt_when_the_supply_suffices() {
    let mut s = build_board().build();
    act(&mut s, REBEL, "done");
    assert_ne!(decision(&s).unwrap().kind, PromptKind::ScrapUnits);
}

#[test]
fn base_space_icons_stop_when_the_revealed_base_holds_imperial_units() {
    let mut s = refresh(7, 5)
        .base("hoth", true)
        .units("hoth", "rebel_trooper", 1)
        .units("hoth", "tie_fighter", 1)
        .build();
    act(&mut s, REBEL, "done");
    assert_eq!(s.time, 6);
    assert_ne!(decision(&s).unwrap().kind, PromptKind::BuildChoice);
    assert!(s.build_queue.rebel.iter().all(|q| q.is_empty()));
    // Revealed but free: the icons still work (the trooper is built, then deployed or queued).
    let mut s = refresh(7, 5).base("hoth", true).units("hoth", "rebel_trooper", 1).build();
    act(&mut s, REBEL, "done");
    assert_eq!(decision(&s).unwrap().kind, PromptKind::BuildChoice);
}

#[test]
fn deploy_at_most_two_per_system_never_to_sabotaged_occupied_or_remote_systems() {
    let mut s = build_board().build();
    act(&mut s, REBEL, "done");
    act(&mut s, REBEL, "build y_wing");
    // Rebel ready units: 3 troopers and a Y-wing.
    assert!(is_legal(&s, "deploy rebel_trooper kashyyyk"));
    assert!(is_legal(&s, "deploy rebel_trooper rebel_base"), "hidden base: the space takes units");
    assert!(!is_legal(&s, "deploy rebel_trooper alderaan"), "Imperial unit there");
    assert!(!is_legal(&s, "deploy rebel_trooper hoth"), "remote");
    assert!(!is_legal(&s, "deploy rebel_trooper bespin"), "neutral");
    act(&mut s, REBEL, "deploy rebel_trooper kashyyyk");
    act(&mut s, REBEL, "deploy rebel_trooper kashyyyk");
    assert!(!is_legal(&s, "deploy rebel_trooper kashyyyk"), "two per system");
    act(&mut s, REBEL, "deploy y_wing rebel_base");
    act(&mut s, REBEL, "done");
    assert_eq!(queue_count(&s, REBEL, 1, "rebel_trooper"), 1, "left-overs go back to space 1");
    assert_eq!(s.units(place("kashyyyk"), REBEL).count(unit("rebel_trooper")), 2);
    // Empire: the stormtrooper from Coruscant is ready.
    assert_eq!(decision(&s).unwrap().seat, EMPIRE);
    assert!(is_legal(&s, "deploy stormtrooper coruscant"));
    assert!(is_legal(&s, "deploy stormtrooper mygeeto"), "subjugated systems take Imperial units");
    assert!(!is_legal(&s, "deploy stormtrooper mustafar"), "sabotaged");
    assert!(!is_legal(&s, "deploy stormtrooper sullust"), "Rebel unit there");
    assert!(!is_legal(&s, "deploy stormtrooper rebel_base"));
    act(&mut s, EMPIRE, "deploy stormtrooper coruscant");
    assert_eq!(s.round, 2);
}

#[test]
fn no_deploying_to_the_base_space_once_revealed() {
    let mut s = refresh(8, 6)
        .base("hoth", true)
        .units("hoth", "rebel_trooper", 1)
        .queued(REBEL, 1, "x_wing", 1)
        .build();
    act(&mut s, REBEL, "done");
    // Nowhere to deploy (the base space is closed, Hoth is remote): the X-wing waits on "1".
    assert!(s.base_space.units.rebel.is_empty());
    assert_eq!(queue_count(&s, REBEL, 1, "x_wing"), 1);
    assert_eq!(s.round, 2);
    // With a loyal system the X-wing may go there, but still not to the base space.
    let mut s = refresh(8, 6)
        .base("hoth", true)
        .units("hoth", "rebel_trooper", 1)
        .loyalty("bespin", Some(REBEL))
        .queued(REBEL, 1, "x_wing", 1)
        .build();
    act(&mut s, REBEL, "done");
    assert_eq!(decision(&s).unwrap().kind, PromptKind::Deploy);
    assert!(is_legal(&s, "deploy x_wing bespin"));
    assert!(!is_legal(&s, "deploy x_wing rebel_base"));
}

#[test]
fn one_start_of_refresh_objective_per_refresh_phase() {
    let outposts = objective("establish_outposts");
    let defend = objective("defend_the_people");
    let mut sc = refresh(9, 6);
    for x in ["kashyyyk", "alderaan", "bespin", "sullust", "naboo"] {
        sc = sc.loyalty(x, Some(REBEL)).units(x, "rebel_trooper", 1);
    }
    let mut s = sc.build();
    s.hands.rebel.objectives = vec![outposts, defend];
    let rep = s.reputation;
    assert!(is_legal(&s, "objective establish_outposts"));
    assert!(is_legal(&s, "objective defend_the_people"));
    act(&mut s, REBEL, "objective establish_outposts");
    assert_eq!(s.reputation, rep - 1);
    assert!(!s.hands.rebel.objectives.contains(&outposts));
    assert!(s.hands.rebel.objectives.contains(&defend), "only one per refresh");
    assert_ne!(decision(&s).unwrap().kind, PromptKind::Objective);
}

#[test]
fn rebels_win_when_reputation_meets_time() {
    let mut s = refresh(10, 6).reputation(8).build();
    act(&mut s, REBEL, "done");
    assert_eq!(s.time, 7);
    assert!(s.winner.is_none());
    let mut s = refresh(10, 6).reputation(7).build();
    act(&mut s, REBEL, "done");
    assert_eq!(s.winner, Some(REBEL), "time advanced onto the reputation marker");
    let _: Option<LeaderId> = None;
}
