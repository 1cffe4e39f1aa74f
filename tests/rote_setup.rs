//! Rise of the Empire's setup: the secret mission-set choice, the starting-unit list both sides
//! must agree on, and the remote system of the Death Star Under Construction.

mod support;

use holonet::content::{MissionIcon, catalog};
use holonet::engine::rebellion::event::Event;
use holonet::engine::rebellion::view::{Viewer, view};
use holonet::engine::rebellion::{
    MatchOptions, PromptKind, RuleError, State, decision, invariants, new_game,
};
use support::*;

fn rote(quick_setup: bool) -> MatchOptions {
    MatchOptions { quick_setup, rise_of_the_empire: true, ..Default::default() }
}

/// What the Rebels are sent of these events and see of the state.
fn rebel_side(s: &State, ev: &[Event]) -> (String, String) {
    (sent_to(ev, Some(REBEL)), serde_json::to_string(&view(s, Viewer::Faction(REBEL))).unwrap())
}

/// A new expansion match with both mission sets chosen.
fn sets_chosen(seed: u64, quick: bool, empire: u8, rebel: u8) -> State {
    let mut s = new_game(seed, rote(quick));
    act(&mut s, EMPIRE, &format!("mode {empire}"));
    act(&mut s, REBEL, &format!("mode {rebel}"));
    s
}

#[test]
fn the_empire_then_the_rebels_choose_a_mission_set_in_secret() {
    let s = new_game(7, rote(false));
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind.clone()), (EMPIRE, PromptKind::ChooseMissionSet));
    assert_eq!(legal(&s), ["mode 1", "mode 2"]);
    // Until the set is chosen, each side holds only its starting missions.
    for f in [REBEL, EMPIRE] {
        assert!(s.hands.get(f).missions.iter().all(|&m| catalog().mission(m).starting), "{f}");
    }
    // Whichever set the Empire picked, the Rebels see the same events and the same view, and
    // are asked the same question next.
    let mut picks = vec![];
    for n in [1, 2] {
        let mut t = s.clone();
        let ev = act(&mut t, EMPIRE, &format!("mode {n}"));
        let d = decision(&t).unwrap();
        assert_eq!((d.seat, d.kind.clone()), (REBEL, PromptKind::ChooseMissionSet));
        assert!(sent_to(&ev, Some(EMPIRE)).contains(if n == 1 { "base game" } else { "Rise of the Empire" }));
        picks.push((rebel_side(&t, &ev), legal(&t)));
    }
    assert_eq!(picks[0], picks[1], "the Empire's pick stays hidden until the Rebels pick");
    assert!(
        !picks[0].0.0.contains("base game's missions")
            && !picks[0].0.0.contains("Rise of the Empire missions")
    );
}

#[test]
fn each_side_keeps_the_missions_of_its_set_and_draws_two() {
    // The Empire plays the expansion's set, the Rebels the base set; both are revealed.
    let mut s = new_game(11, rote(false));
    act(&mut s, EMPIRE, "mode 2");
    let ev = act(&mut s, REBEL, "mode 1");
    let public = sent_to(&ev, None);
    assert!(
        public.contains("The Empire reveals its mission set: the Rise of the Empire missions"),
        "{public}"
    );
    assert!(public.contains("The Rebels reveal their mission set: the base game's missions"), "{public}");
    let c = catalog();
    for f in [REBEL, EMPIRE] {
        let hand = &s.hands.get(f).missions;
        assert_eq!(hand.iter().filter(|&&m| !c.mission(m).starting).count(), 2, "{f} drew two");
        let cards = s.decks.missions.get(f).iter().chain(hand.iter().filter(|&&m| !c.mission(m).starting));
        for &m in cards {
            let icon = c.mission(m).icon;
            match f {
                EMPIRE => {
                    assert_ne!(icon, MissionIcon::None, "{} leaves the expansion set", c.mission(m).name)
                }
                REBEL => assert_ne!(icon, MissionIcon::Vader, "{} leaves the base set", c.mission(m).name),
            }
        }
    }
    // Portrait cards go with either set: the Empire still has its leader-icon missions.
    let portraits = |f| {
        s.decks
            .missions
            .get(f)
            .iter()
            .chain(&s.hands.get(f).missions)
            .filter(|&&m| c.mission(m).portrait.is_some())
            .count()
    };
    assert!(portraits(EMPIRE) > 0 && portraits(REBEL) > 0);
    // The draws are each side's secret.
    let rebel_sent = sent_to(&ev, Some(REBEL));
    let empire_drew = s.hands.empire.missions.iter().filter(|&&m| !c.mission(m).starting);
    for &m in empire_drew {
        assert!(
            !names_card(&rebel_sent, &c.mission(m).name, &m.to_string()),
            "the Rebels see no Imperial draw"
        );
    }
}

#[test]
fn only_numbered_sets_are_accepted() {
    let mut s = new_game(3, rote(false));
    let e = refuse(&mut s, EMPIRE, "mode 3");
    assert!(matches!(e, RuleError::WrongStep { .. } | RuleError::Illegal { .. }), "{e}");
    let e = refuse(&mut s, REBEL, "mode 1");
    assert!(matches!(e, RuleError::NotYourDecision { .. }), "the Empire picks first: {e}");
}

#[test]
fn the_base_units_unless_the_rebels_agree() {
    // The Empire keeps the base list: nobody else is asked, Imperial placement follows.
    let mut s = sets_chosen(5, false, 1, 1);
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind.clone()), (EMPIRE, PromptKind::ChooseStartingUnits));
    act(&mut s, EMPIRE, "mode 1");
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind), (EMPIRE, PromptKind::PlaceStartingUnits));
    assert!(legal(&s).iter().any(|a| a.starts_with("place ")), "ordinary placement");
    // The Empire proposes the expansion's list; the Rebels decline: the base list.
    let mut s = sets_chosen(5, false, 1, 1);
    act(&mut s, EMPIRE, "mode 2");
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind), (REBEL, PromptKind::ChooseStartingUnits));
    act(&mut s, REBEL, "mode 1");
    assert_eq!(s.build_queue.empire[2].count(unit("death_star")), 0, "no Death Star queued");
    assert_eq!(decision(&s).unwrap().kind, PromptKind::PlaceStartingUnits);
    assert!(!legal(&s).iter().any(|a| a.contains("tie_striker")), "the base list has no TIE Striker");
}

#[test]
fn the_expansion_units_start_with_a_death_star_under_construction_in_a_remote_system() {
    let mut s = sets_chosen(9, false, 2, 2);
    act(&mut s, EMPIRE, "mode 2");
    act(&mut s, REBEL, "mode 2");
    assert_eq!(s.build_queue.empire[2].count(unit("death_star")), 1, "a Death Star on queue space 3");
    // The Empire picks a remote system: only remote systems are offered.
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind), (EMPIRE, PromptKind::PlaceStartingUnits));
    assert!(legal(&s).iter().all(|a| a.starts_with("pick system")));
    assert!(!is_legal(&s, "pick system coruscant"), "a populous system is refused");
    refuse(&mut s, EMPIRE, "pick system coruscant");
    let remote = sys("hoth");
    assert!(!catalog().system(remote).populous);
    let had_probe = s.decks.probes.contains(&remote);
    act(&mut s, EMPIRE, "pick system hoth");
    let here = &s.sys(remote).zone.units.empire;
    assert_eq!(
        (
            here.count(unit("death_star_under_construction")),
            here.count(unit("tie_fighter")),
            here.count(unit("stormtrooper"))
        ),
        (1, 4, 1)
    );
    assert!(had_probe && !s.decks.probes.contains(&remote), "its probe card leaves the game");
    // The Empire may reinforce the station's system; the Rebels may not place there.
    assert!(is_legal(&s, "place hoth tie_striker 1"), "{:?}", legal(&s));
    act(&mut s, EMPIRE, "auto");
    assert_eq!(
        s.supply.empire.count(unit("tie_striker")),
        catalog().unit(unit("tie_striker")).count_in_box - 2
    );
    let d = decision(&s).unwrap();
    assert_eq!(d.seat, REBEL);
    assert!(is_legal(&s, "place base u_wing 1") && is_legal(&s, "place base rebel_vanguard 1"));
    assert!(!legal(&s).iter().any(|a| a.starts_with("place hoth")), "not with the station");
    act(&mut s, REBEL, "auto");
    assert_eq!(decision(&s).unwrap().kind, PromptKind::ChooseBase);
    assert!(!is_legal(&s, "base hoth"), "no base where the Empire starts");
    assert!(invariants::violations(&s).is_empty(), "{:?}", invariants::violations(&s));
}

#[test]
fn quick_setup_places_the_agreed_list_at_once() {
    let mut s = sets_chosen(13, true, 2, 1);
    act(&mut s, EMPIRE, "mode 2");
    act(&mut s, REBEL, "mode 2");
    assert_eq!(decision(&s).unwrap().kind, PromptKind::ChooseBase, "every unit placed");
    let dsuc = unit("death_star_under_construction");
    let at = holonet::content::SystemId::all().find(|&x| s.sys(x).zone.units.empire.count(dsuc) == 1);
    assert!(at.is_some_and(|x| !catalog().system(x).populous), "the station starts in a remote system");
    assert_eq!(s.build_queue.empire[2].count(unit("death_star")), 1);
    assert_eq!(
        s.supply.rebel.count(unit("rebel_vanguard")),
        catalog().unit(unit("rebel_vanguard")).count_in_box - 1
    );
    assert!(invariants::violations(&s).is_empty(), "{:?}", invariants::violations(&s));
}

#[test]
fn a_base_match_is_set_up_as_before() {
    // No set or list choice without the expansion: quick setup goes straight to the base.
    let s = new_game(13, MatchOptions { quick_setup: true, ..Default::default() });
    assert_eq!(decision(&s).unwrap().kind, PromptKind::ChooseBase);
    assert_eq!(s.hands.rebel.missions.iter().filter(|&&m| !catalog().mission(m).starting).count(), 2);
}
