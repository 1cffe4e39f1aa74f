//! Intel-family mission cards (Rules Reference: Probe Cards, Rebel Base): one scenario per
//! card, named after it, with what each player may learn.

mod support;

use holonet::content::SystemId;
use holonet::engine::rebellion::event::Event;
use holonet::engine::rebellion::{Frame, PromptKind, State, Viewer, decision, mission, view};
use support::*;

/// A cleared board with the base hidden in Dantooine.
fn board(seed: u64) -> Scenario {
    Scenario::new(seed).clear().base("dantooine", false)
}

/// Makes a leader's next opposed mission succeed whatever the dice.
fn sure(s: &mut State, l: &str) {
    s.round_effects.bonus.push((leader(l), 20));
}

/// The text of the events a viewer (None = the public) may see.
fn seen_by(ev: &[Event], viewer: Option<holonet::content::Faction>) -> String {
    ev.iter()
        .filter(|e| e.audience.visible_to(viewer))
        .map(|e| e.kind.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

fn systems(names: &[&str]) -> Vec<SystemId> {
    names.iter().map(|n| sys(n)).collect()
}

#[test]
fn plant_false_lead_takes_random_imperial_probes_and_the_rebels_place_them() {
    let mut s = board(1)
        .units("mustafar", "tie_fighter", 1)
        .assign(REBEL, "plant_false_lead", &["general_rieekan"])
        .command(REBEL)
        .build();
    let hand = systems(&["bespin", "hoth", "endor", "kessel", "ryloth"]);
    s.decks.probes.retain(|x| !hand.contains(x));
    s.hands.empire.probes = hand.clone();
    let deck = s.decks.probes.clone();
    assert!(!is_legal(&s, "reveal plant_false_lead bespin"), "needs an Imperial unit");
    let ev = act(&mut s, REBEL, "reveal plant_false_lead mustafar");
    assert_eq!(s.hands.empire.probes.len(), 1, "four of five taken");
    let kept = s.hands.empire.probes[0];
    let taken: Vec<SystemId> = hand.iter().copied().filter(|&x| x != kept).collect();
    // The Rebels see the cards; the Empire and the public only how many.
    let rebel = seen_by(&ev, Some(REBEL));
    for x in &taken {
        assert!(rebel.contains(x.name()), "the Rebels see {x}");
        assert!(!seen_by(&ev, Some(EMPIRE)).contains(x.name()), "the Empire is not told {x}");
    }
    assert!(seen_by(&ev, None).contains("4 probe cards"));
    assert!(view(&s, Viewer::Faction(REBEL)).intel[&REBEL][0].text.contains(taken[0].name()));
    assert!(!view(&s, Viewer::Faction(EMPIRE)).intel.contains_key(&REBEL));
    assert!(view(&s, Viewer::Public).intel.is_empty());

    assert_eq!(decision(&s).unwrap().seat, REBEL);
    let e = refuse(&mut s, REBEL, &format!("pick probe {} top", kept.key()));
    assert!(e.to_string().contains("Probe Cards"), "{e}");
    act(&mut s, REBEL, &format!("pick probe {} top", taken[0].key()));
    act(&mut s, REBEL, &format!("pick probe {} bottom", taken[1].key()));
    act(&mut s, REBEL, &format!("pick probe {} top", taken[2].key()));
    act(&mut s, REBEL, &format!("pick probe {} bottom", taken[3].key()));
    let mut want = vec![taken[2], taken[0]];
    want.extend(deck);
    want.extend([taken[1], taken[3]]);
    assert_eq!(s.decks.probes, want);
}

#[test]
fn intercept_transmission_gives_the_empire_the_top_probes_of_systems_it_occupies() {
    let mut s = board(2)
        .loyalty("alderaan", Some(REBEL))
        .units("hoth", "tie_fighter", 1)
        .units("kessel", "stormtrooper", 1)
        .units("ryloth", "star_destroyer", 1)
        .assign(EMPIRE, "intercept_transmission", &["emperor_palpatine"])
        .command(EMPIRE)
        .build();
    let top = systems(&["bespin", "hoth", "endor", "kessel", "naboo", "utapau", "sullust", "felucia"]);
    s.decks.probes.retain(|x| !top.contains(x));
    let n = s.decks.probes.len();
    s.decks.probes.splice(0..0, top.clone());
    s.hands.empire.probes.clear();
    let e = refuse(&mut s, EMPIRE, "reveal intercept_transmission bespin");
    assert!(e.to_string().contains("Mission Cards"), "only in a Rebel system: {e}");
    act(&mut s, EMPIRE, "reveal intercept_transmission alderaan");
    let ev = act(&mut s, REBEL, "done");
    assert_eq!(s.hands.empire.probes, systems(&["hoth", "kessel"]), "Ryloth's card was not among the 8");
    assert_eq!(s.decks.probes.len(), n + 6, "the other six are shuffled back");
    for x in &top[..] {
        if !s.hands.empire.probes.contains(x) {
            assert!(s.decks.probes.contains(x));
        }
    }
    let empire = seen_by(&ev, Some(EMPIRE));
    assert!(empire.contains("Hoth") && empire.contains("Kessel"));
    assert!(!empire.contains("Felucia"), "the Empire does not see the cards it did not get");
    assert!(seen_by(&ev, Some(REBEL)).contains("Felucia"), "the Rebels saw all eight");
    assert!(!seen_by(&ev, None).contains("Hoth"), "the public learns only a count");
    assert!(view(&s, Viewer::Faction(EMPIRE)).intel[&EMPIRE][0].text.contains("Kessel"));
}

#[test]
fn interrogation_droid_makes_the_rebels_name_three_systems_one_the_base() {
    let mut s = board(3)
        .units("mustafar", "tie_fighter", 1)
        .leader_at("mustafar", "mon_mothma")
        .in_pool("colonel_yularen")
        .assign(EMPIRE, "interrogation_droid", &["colonel_yularen"])
        .command(EMPIRE)
        .build();
    s.captured.push(leader("mon_mothma"));
    sure(&mut s, "colonel_yularen");
    act(&mut s, EMPIRE, "reveal interrogation_droid mon_mothma");
    act(&mut s, REBEL, "done");
    assert_eq!(decision(&s).unwrap().seat, REBEL);
    let e = refuse(&mut s, REBEL, "pick system dantooine");
    assert!(e.to_string().contains("Rebel Base"), "the base is named anyway: {e}");
    act(&mut s, REBEL, "pick system hoth");
    assert!(!is_legal(&s, "pick system hoth"), "named already");
    let ev = act(&mut s, REBEL, "pick system alderaan");
    let public = seen_by(&ev, None);
    assert!(public.contains("one of Alderaan, Dantooine, Hoth"), "alphabetical, whatever the base: {public}");
    assert!(!s.base.revealed);
}

#[test]
fn interrogation_droid_needs_three_matching_intel_icons_and_rolls_all_icons() {
    // Grand Moff Tarkin has 3 icons but 1 intel; Boba Fett 5 but 2 intel: counting every icon
    // is for the dice only, so neither reveals the card (Rules Reference: Mission Cards).
    for who in ["grand_moff_tarkin", "boba_fett"] {
        let mut s = board(5)
            .units("mustafar", "tie_fighter", 1)
            .leader_at("mustafar", "mon_mothma")
            .assign(EMPIRE, "interrogation_droid", &[who])
            .command(EMPIRE)
            .build();
        s.captured.push(leader("mon_mothma"));
        let e = refuse(&mut s, EMPIRE, "reveal interrogation_droid mon_mothma");
        assert!(e.to_string().contains("Mission Cards") && e.to_string().contains("icons"), "{who}: {e}");
        assert!(!legal(&s).iter().any(|a| a.starts_with("reveal interrogation_droid")), "{who}");
    }
    // Tarkin with Boba Fett has 3 intel icons; their dice count all 8 icons, against the
    // captive Mon Mothma's 4.
    let mut s = board(5)
        .units("mustafar", "tie_fighter", 1)
        .leader_at("mustafar", "mon_mothma")
        .assign(EMPIRE, "interrogation_droid", &["grand_moff_tarkin", "boba_fett"])
        .command(EMPIRE)
        .build();
    s.captured.push(leader("mon_mothma"));
    act(&mut s, EMPIRE, "reveal interrogation_droid mon_mothma");
    let Some(Frame::Mission(run)) = s.stack.last() else { panic!("the mission runs: {:?}", s.stack.last()) };
    assert_eq!(mission::dice_count(&s, run, EMPIRE), 8);
    assert_eq!(mission::dice_count(&s, run, REBEL), 4);
}

#[test]
fn long_range_probe_answers_publicly_whether_the_base_is_there() {
    for (at, answer) in [("dantooine", "is in Dantooine"), ("bespin", "is not in Bespin")] {
        let mut s = board(4)
            .in_pool("admiral_piett")
            .assign(EMPIRE, "long_range_probe", &["admiral_piett"])
            .assign(EMPIRE, "gather_intel", &["darth_vader"])
            .command(EMPIRE)
            .build();
        let e = refuse(&mut s, EMPIRE, "reveal gather_intel bespin");
        assert!(e.to_string().contains("Mission Cards"), "{e}");
        act(&mut s, EMPIRE, &format!("reveal long_range_probe {at}"));
        let ev = act(&mut s, REBEL, "done");
        assert!(seen_by(&ev, None).contains(answer), "{at}");
        assert!(!s.base.revealed, "the base stays hidden");
        assert_eq!(view(&s, Viewer::Public).base.system, None);
    }
}

#[test]
fn probe_droid_initiative_draws_two_or_four_with_ozzel() {
    // Systems named by no other event of the mission, so only the drawn cards can name them.
    let top = systems(&["kessel", "ryloth", "felucia", "utapau"]);
    for (who, n) in [("grand_moff_tarkin", 2), ("admiral_ozzel", 4)] {
        let mut s = board(5)
            .units("naboo", "star_destroyer", 1)
            .in_pool(who)
            .assign(EMPIRE, "probe_droid_initiative", &[who])
            .command(EMPIRE)
            .build();
        s.hands.empire.probes.clear();
        s.decks.probes.retain(|x| !top.contains(x));
        s.decks.probes.splice(0..0, top.clone());
        let drawn = &top[..n];
        let e = refuse(&mut s, EMPIRE, "reveal probe_droid_initiative bespin");
        assert!(e.to_string().contains("Mission Cards"), "needs a Star Destroyer: {e}");
        let ev = act(&mut s, EMPIRE, "reveal probe_droid_initiative naboo");
        assert_eq!(decision(&s).unwrap().kind, PromptKind::CommandTurn, "resolved: nobody opposes");
        assert_eq!(s.hands.empire.probes, drawn, "{who}");
        // What each side is sent: the Empire sees its cards, the Rebels and the public a count.
        let (empire, rebel, public) =
            (sent_to(&ev, Some(EMPIRE)), sent_to(&ev, Some(REBEL)), sent_to(&ev, None));
        for x in drawn {
            assert!(empire.contains(x.name()), "the Empire is shown {x}: {empire}");
            assert!(!names_card(&rebel, x.name(), x.key()), "the Rebels are not told {x}: {rebel}");
            assert!(!names_card(&public, x.name(), x.key()), "the public is not told {x}: {public}");
        }
        assert!(rebel.contains(&format!("draws {n} probe cards")), "the Rebels see the count: {rebel}");
    }
}
