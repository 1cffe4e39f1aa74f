//! Rise of the Empire's unit abilities, one scenario each, named after the unit.

mod support;

use holonet::content::catalog;
use holonet::engine::rebellion::phases::refresh::RefreshStep;
use support::*;

/// A cleared board of a match with the expansion (its units in the supply), the base hidden in
/// Dantooine.
fn rote_board(seed: u64) -> Scenario {
    let mut sc = Scenario::new(seed).clear().base("dantooine", false);
    sc.s.options.rise_of_the_empire = true;
    for id in ["tie_striker", "interdictor", "assault_tank", "shield_bunker"] {
        sc.s.supply.empire.add(unit(id), catalog().unit(unit(id)).count_in_box);
    }
    for id in ["u_wing", "nebulon_b_frigate", "rebel_vanguard", "golan_arms_turret"] {
        sc.s.supply.rebel.add(unit(id), catalog().unit(unit(id)).count_in_box);
    }
    sc
}

/// The Empire's deploy step with these units ready.
fn imperial_deploy(sc: Scenario, ready: &[(&str, u8)]) -> holonet::engine::rebellion::State {
    let mut s =
        sc.refresh_at(RefreshStep::Deploy { faction: EMPIRE, placed: vec![], new_bunkers: vec![] }).build();
    for &(u, n) in ready {
        s.supply.empire.remove(unit(u), n);
        s.ready.empire.add(unit(u), n);
    }
    s
}

#[test]
fn shield_bunker_deploys_wherever_an_imperial_ground_unit_holds_the_system() {
    let sc = rote_board(1)
        .units("bespin", "stormtrooper", 1) // neutral, populous
        .units("hoth", "stormtrooper", 1) // remote
        .units("sullust", "stormtrooper", 1)
        .units("sullust", "rebel_trooper", 1) // contested
        .units("utapau", "tie_fighter", 1) // a ship only
        .loyalty("naboo", Some(EMPIRE))
        .units("naboo", "stormtrooper", 1)
        .sabotaged("naboo");
    let mut s = imperial_deploy(sc, &[("shield_bunker", 2), ("stormtrooper", 1)]);
    for ok in ["bespin", "hoth"] {
        assert!(is_legal(&s, &format!("deploy shield_bunker {ok}")), "{ok}: {:?}", legal(&s));
        assert!(!is_legal(&s, &format!("deploy stormtrooper {ok}")), "{ok}: only the bunker may go there");
    }
    assert!(!is_legal(&s, "deploy shield_bunker sullust"), "a Rebel unit is there");
    assert!(!is_legal(&s, "deploy shield_bunker utapau"), "no Imperial ground unit there");
    assert!(!is_legal(&s, "deploy shield_bunker naboo"), "sabotage still bars deployment");
    refuse(&mut s, EMPIRE, "deploy shield_bunker sullust");
    // A bunker deployed in this step gives no local reinforcement until the next one.
    act(&mut s, EMPIRE, "deploy shield_bunker hoth");
    assert!(!is_legal(&s, "deploy stormtrooper hoth"), "not in the step the bunker arrived");
    assert_eq!(s.units(place("hoth"), EMPIRE).count(unit("shield_bunker")), 1);
}

#[test]
fn shield_bunker_lets_the_empire_reinforce_its_remote_system() {
    let sc = rote_board(2).units("hoth", "shield_bunker", 1).units("tatooine", "shield_bunker", 1).units(
        "tatooine",
        "rebel_trooper",
        1,
    );
    let mut s = imperial_deploy(sc, &[("stormtrooper", 3), ("tie_fighter", 1)]);
    assert!(is_legal(&s, "deploy stormtrooper hoth"), "{:?}", legal(&s));
    assert!(is_legal(&s, "deploy tie_fighter hoth"));
    assert!(!is_legal(&s, "deploy stormtrooper tatooine"), "a Rebel unit is there");
    act(&mut s, EMPIRE, "deploy stormtrooper hoth");
    act(&mut s, EMPIRE, "deploy tie_fighter hoth");
    assert!(!is_legal(&s, "deploy stormtrooper hoth"), "two units per system");
    // Without a bunker a remote system takes no deployment.
    let mut base = imperial_deploy(rote_board(2), &[("stormtrooper", 1)]);
    assert!(!is_legal(&base, "deploy stormtrooper hoth"));
    refuse(&mut base, EMPIRE, "deploy stormtrooper hoth");
}

mod combat_abilities {
    use holonet::content::Theater;
    use holonet::engine::rebellion::combat::Step;
    use holonet::engine::rebellion::flow::{self, Ctx};
    use holonet::engine::rebellion::{PromptKind, State, decision};

    use super::support::cinematic::*;
    use super::support::*;

    /// A fight in Kessel put at the Rebels' retreat step.
    fn at_rebel_retreat(empire: &[(&str, u8)]) -> State {
        let mut s = fight(armies(empire, &[("x_wing", 2)]));
        cm_mut(&mut s).step = Step::Retreat { faction: REBEL };
        s
    }

    fn offers_retreat(s: &State) -> bool {
        decision(s).is_some_and(|d| d.seat == REBEL && d.kind == PromptKind::Retreat)
    }

    #[test]
    fn interdictor_keeps_rebel_units_from_retreating() {
        let free = at_rebel_retreat(&[("star_destroyer", 1)]);
        assert!(offers_retreat(&free), "without an Interdictor the Rebels may retreat: {:?}", legal(&free));
        let held = at_rebel_retreat(&[("interdictor", 1)]);
        assert!(cm(&held).interdicted());
        assert!(!offers_retreat(&held), "no Rebel retreat beside an Interdictor: {:?}", legal(&held));
    }

    #[test]
    fn shield_bunker_protects_the_death_star_under_construction() {
        let station = [("death_star_under_construction", 1), ("stormtrooper", 1)];
        let bare = fight(armies(&station, &[("x_wing", 2), ("rebel_trooper", 1)]));
        let i = num(&bare, "death_star_under_construction") as usize;
        assert!(cm(&bare).health(i).is_some(), "an unprotected station takes damage");
        let mut guarded = station.to_vec();
        guarded.push(("shield_bunker", 1));
        let s = fight(armies(&guarded, &[("x_wing", 2), ("rebel_trooper", 1)]));
        let i = num(&s, "death_star_under_construction") as usize;
        assert!(cm(&s).shielded(i) && cm(&s).health(i).is_none(), "no damage, no destruction");
        assert!(cm(&s).bunker(), "the Death Star Plans find it immune too");
    }

    /// A ground fight in Kessel where one side has only structures left, at the end of the
    /// round; `rolled` says whether that side rolled in this round's ground battle.
    fn lone_structures(side: holonet::content::Faction, rolled: bool) -> State {
        type Army = &'static [(&'static str, u8)];
        let (empire, rebel): (Army, Army) = match side {
            REBEL => (&[("stormtrooper", 2)], &[("golan_arms_turret", 1)]),
            _ => (&[("shield_bunker", 1)], &[("rebel_trooper", 2)]),
        };
        let mut s = fight(armies(empire, rebel));
        let c = cm_mut(&mut s);
        c.step = Step::NextRound;
        let x = c.cine.as_deref_mut().expect("cinematic combat");
        x.rolled.clear();
        if rolled {
            x.rolled.push((side, Theater::Ground));
        }
        let mut ctx = Ctx::new(&mut s);
        flow::advance(&mut ctx);
        s
    }

    #[test]
    fn golan_arms_turret_that_fired_this_round_holds_on() {
        let held = lone_structures(REBEL, true);
        assert_eq!(
            held.units(place(AT), REBEL).count(unit("golan_arms_turret")),
            1,
            "it rolled: another round"
        );
        let lost = lone_structures(REBEL, false);
        assert_eq!(lost.units(place(AT), REBEL).count(unit("golan_arms_turret")), 0, "alone and silent");
    }

    #[test]
    fn shield_bunker_alone_against_rebel_ground_units_is_destroyed() {
        let lost = lone_structures(EMPIRE, false);
        assert_eq!(lost.units(place(AT), EMPIRE).count(unit("shield_bunker")), 0);
        let held = lone_structures(EMPIRE, true);
        assert_eq!(held.units(place(AT), EMPIRE).count(unit("shield_bunker")), 1);
    }
}

/// Rise of the Empire gives the Empire build icons with a choice of units too (its ▲ and ● in
/// both colours): each side chooses for its own icons, and only its own units reach its queue.
#[test]
fn each_side_chooses_the_units_of_its_own_build_icons() {
    use holonet::content::{Faction, UnitId};
    use holonet::engine::rebellion::{PromptKind, decision};
    // Time 5 → 6: a build. Corellia (blue ▲ and ■) and Coruscant are Imperial.
    let mut s = rote_board(7).time(5).refresh().loyalty("corellia", Some(EMPIRE)).build();
    act(&mut s, REBEL, "done");
    let mut asked = vec![];
    while let Some(d) = decision(&s).filter(|d| d.kind == PromptKind::BuildChoice) {
        let options = legal(&s);
        for o in &options {
            let u = UnitId::parse(o.trim_start_matches("build ")).unwrap();
            assert_eq!(catalog().unit(u).faction, d.seat, "{o} offered to the {}", d.seat);
        }
        asked.push(d.seat);
        // The Empire takes the expansion's unit where it may, to see it reach its queue.
        let pick =
            options.iter().find(|o| o.contains("striker") || o.contains("assault")).unwrap_or(&options[0]);
        act(&mut s, d.seat, &pick.clone());
    }
    assert!(asked.contains(&REBEL), "the base space's icon is the Rebels' choice: {asked:?}");
    assert!(asked.contains(&EMPIRE), "Corellia's blue ▲ is the Empire's choice: {asked:?}");
    for f in Faction::BOTH {
        for q in s.build_queue.get(f).iter().chain([s.ready.get(f)]) {
            for (u, _) in q.iter() {
                assert_eq!(catalog().unit(u).faction, f, "{u} in the {f} queue");
            }
        }
    }
    let queued = |u: &str| s.build_queue.empire.iter().map(|q| q.count(unit(u))).sum::<u8>();
    assert_eq!(queued("tie_striker"), 1, "the Empire's pick reached its own queue");
    assert!(holonet::engine::rebellion::invariants::violations(&s).is_empty());
}
