//! Rise of the Empire as a match option (issue 18), first part: its units, leaders and green die
//! are content of their own set, loaded after the base game's, and only a match with the option
//! on has them — a base match reads and plays exactly as before.

mod support;

use holonet::content::{
    ContentSet, DieColor, DieFace, Faction, IconColor, IconShape, ResourceIcon, Skill, Theater, UnitClass,
    catalog,
};
use holonet::engine::rebellion::phases::refresh::build_units;
use holonet::engine::rebellion::{MatchOptions, PromptKind, invariants, new_game};
use support::*;

fn rote() -> MatchOptions {
    MatchOptions { quick_setup: true, rise_of_the_empire: true, ..Default::default() }
}

/// The expansion's unit types with their printed values: (id, faction, theater, class, black,
/// red, green attack dice, health and colour, transport capacity, box count).
#[allow(clippy::type_complexity)]
const UNITS: [(&str, Faction, Theater, UnitClass, u8, u8, u8, (u8, DieColor), u8, u8); 8] = [
    ("tie_striker", EMPIRE, Theater::Space, UnitClass::Fighter, 0, 0, 1, (1, DieColor::Black), 0, 6),
    ("interdictor", EMPIRE, Theater::Space, UnitClass::CapitalShip, 0, 0, 2, (4, DieColor::Red), 4, 3),
    ("assault_tank", EMPIRE, Theater::Ground, UnitClass::Ground, 0, 0, 1, (1, DieColor::Red), 0, 6),
    ("shield_bunker", EMPIRE, Theater::Ground, UnitClass::Structure, 0, 0, 0, (3, DieColor::Red), 0, 3),
    ("u_wing", REBEL, Theater::Space, UnitClass::Fighter, 0, 0, 1, (1, DieColor::Black), 1, 6),
    ("nebulon_b_frigate", REBEL, Theater::Space, UnitClass::CapitalShip, 0, 0, 2, (3, DieColor::Red), 3, 3),
    ("rebel_vanguard", REBEL, Theater::Ground, UnitClass::Ground, 0, 0, 1, (1, DieColor::Black), 0, 6),
    ("golan_arms_turret", REBEL, Theater::Ground, UnitClass::Structure, 0, 0, 2, (3, DieColor::Red), 0, 3),
];

#[test]
fn the_expansion_units_have_their_printed_values() {
    let c = catalog();
    for (id, f, theater, class, black, red, green, health, transport, boxed) in UNITS {
        let u = c.unit(unit(id));
        assert_eq!(u.set, ContentSet::RiseOfTheEmpire, "{id}");
        assert_eq!((u.faction, u.theater, u.class), (f, theater, class), "{id}");
        assert_eq!((u.attack_black, u.attack_red, u.attack_green), (black, red, green), "{id}");
        assert_eq!(u.health, Some(health), "{id}");
        assert_eq!((u.transport_capacity, u.count_in_box), (transport, boxed), "{id}");
        // Structures never move; ground units and fighters without capacity ride in transports.
        assert_eq!(u.immobile, class == UnitClass::Structure, "{id}");
    }
    // The Interdictor is built only through a project card, never from an icon.
    assert_eq!(c.unit(unit("interdictor")).build_icon, None);
}

#[test]
fn the_expansion_leaders_have_minor_skill_icons() {
    let c = catalog();
    let new: Vec<_> = c.leaders.iter().filter(|l| l.set == ContentSet::RiseOfTheEmpire).collect();
    assert_eq!(new.len(), 8);
    for f in Faction::BOTH {
        assert_eq!(new.iter().filter(|l| l.faction == f).count(), 4, "four each");
    }
    assert!(new.iter().all(|l| !l.starting), "recruited, never starting leaders");
    assert!(new.iter().all(|l| l.minor_skills.iter().any(|&n| n > 0)), "each has minor icons");
    let jyn = c.leader(leader("jyn_erso"));
    assert_eq!((jyn.skill(Skill::Intel), jyn.minor_skills[Skill::Intel as usize]), (1, 2));
    assert_eq!((jyn.space_tactics, jyn.ground_tactics), (1, 2));
    let jabba = c.leader(leader("jabba_the_hutt"));
    assert!(!jabba.has_tactics(), "Jabba the Hutt has no tactic values");
    // Base leaders have no minor icons.
    assert!(c.leaders.iter().filter(|l| l.set == ContentSet::Base).all(|l| l.minor_skills == [0; 4]));
}

#[test]
fn the_green_die_has_two_direct_hits_and_four_blanks() {
    let c = catalog();
    let hits = c.green_die_faces.iter().filter(|&&f| f == DieFace::DirectHit).count();
    let blanks = c.green_die_faces.iter().filter(|&&f| f == DieFace::Blank).count();
    assert_eq!((hits, blanks), (2, 4));
    assert_eq!(c.green_dice_limit, 3);
}

#[test]
fn only_a_match_with_the_expansion_has_its_units() {
    let base = new_game(1, MatchOptions { quick_setup: true, ..Default::default() });
    let with = new_game(1, rote());
    for (id, f, ..) in UNITS {
        let u = unit(id);
        assert_eq!(base.supply.get(f).count(u), 0, "{id} is not in a base match");
        assert_eq!(with.supply.get(f).count(u), catalog().unit(u).count_in_box, "{id} waits in the supply");
        assert!(!base.unit_in_play(u) && with.unit_in_play(u), "{id}");
    }
    assert!(invariants::violations(&base).is_empty() && invariants::violations(&with).is_empty());
    // The icons build the expansion's units beside the base ones only when it is on.
    let blue_triangle = ResourceIcon { color: IconColor::Blue, shape: IconShape::Triangle };
    let keys = |s, f| build_units(s, f, blue_triangle).iter().map(|u| u.key()).collect::<Vec<_>>();
    assert_eq!(keys(&base, REBEL), ["x_wing", "y_wing", "rebel_transport"]);
    assert_eq!(keys(&with, REBEL), ["x_wing", "y_wing", "rebel_transport", "u_wing"]);
    assert_eq!(keys(&with, EMPIRE), ["tie_fighter", "tie_striker"]);
}

#[test]
fn a_base_match_saves_its_options_as_before() {
    // The option is left out when off, so base states and exports read byte for byte as they
    // did before the expansion existed; with it on it is saved and read back.
    let base = serde_json::to_string(&MatchOptions { quick_setup: true, ..Default::default() }).unwrap();
    assert_eq!(base, r#"{"quick_setup":true}"#);
    let on = serde_json::to_string(&rote()).unwrap();
    assert_eq!(serde_json::from_str::<MatchOptions>(&on).unwrap(), rote());
}

#[test]
fn random_play_with_the_expansion_units_ends_by_the_rules() {
    // Random games with the expansion end with a winner and every unit accounted for, and each
    // side builds expansion units of its own from its icons (the Empire's come only from icons
    // with a choice: TIE Fighter or TIE Striker, Stormtrooper or Assault Tank, AT-ST or Shield
    // Bunker).
    let mut built = holonet::bot::sim::BuildCount::default();
    for seed in 0..20 {
        let p = holonet::bot::sim::playout_with(seed, rote(), |_, s, _| built.see(s));
        assert!(p.state.winner.is_some(), "seed {seed} ends with a winner");
        assert!(invariants::violations(&p.state).is_empty(), "seed {seed}");
    }
    for (id, f, ..) in UNITS.iter().filter(|u| u.0 != "interdictor") {
        // The Interdictor comes only from a project card.
        let n = built.built.get(&(*f, unit(id))).copied().unwrap_or(0);
        assert!(n > 0, "no {id} was built by the {f} in 20 games: {:?}", built.built);
    }
    for (f, u) in built.built.keys() {
        assert_eq!(catalog().unit(*u).faction, *f, "the {f} built {u}");
    }
}

/// A cleared board of a match with the expansion (its units in the supply), the base hidden in
/// Dantooine.
fn rote_board(seed: u64) -> Scenario {
    let mut sc = Scenario::new(seed).clear().base("dantooine", false);
    sc.s.options.rise_of_the_empire = true;
    for (id, f, ..) in UNITS {
        sc.s.supply.get_mut(f).add(unit(id), catalog().unit(unit(id)).count_in_box);
    }
    sc
}

/// The dice a side rolled in these events, with the roll's description.
fn rolled(ev: &[holonet::engine::rebellion::Event], f: Faction) -> (Vec<DieFace>, String) {
    use holonet::engine::rebellion::EventKind;
    ev.iter()
        .find_map(|e| match &e.kind {
            EventKind::DiceRolled { faction, faces, purpose } if *faction == f => {
                Some((faces.clone(), purpose.clone()))
            }
            _ => None,
        })
        .expect("the side rolled")
}

#[test]
fn jyn_erso_minor_icons_meet_the_requirement_and_roll_green_dice() {
    // Covert Operation needs 3 intel icons: Jyn Erso has 1 and 2 minor ones.
    let mut s = rote_board(1)
        .units("sullust", "stormtrooper", 1)
        .in_pool("jyn_erso")
        .assign(REBEL, "covert_operation", &["jyn_erso"])
        .command(REBEL)
        .build();
    act(&mut s, REBEL, "reveal covert_operation sullust");
    let ev = act(&mut s, EMPIRE, "oppose darth_vader");
    let (faces, purpose) = rolled(&ev, REBEL);
    assert_eq!(faces.len(), 3, "one die for her intel icon, two green ones for the minor icons");
    assert!(purpose.contains("the last 2 green"), "{purpose}");
    assert!(
        faces[1..].iter().all(|f| matches!(f, DieFace::Blank | DieFace::DirectHit)),
        "green faces: {faces:?}"
    );
}

#[test]
fn a_side_rolls_at_most_three_green_dice() {
    // Jyn Erso and Cassian Andor: 2 + 2 minor intel icons, but 3 green dice at most.
    let mut s = rote_board(2)
        .units("sullust", "stormtrooper", 1)
        .in_pool("jyn_erso")
        .in_pool("cassian_andor")
        .assign(REBEL, "covert_operation", &["jyn_erso", "cassian_andor"])
        .command(REBEL)
        .build();
    act(&mut s, REBEL, "reveal covert_operation sullust");
    let ev = act(&mut s, EMPIRE, "oppose darth_vader");
    let (faces, purpose) = rolled(&ev, REBEL);
    assert_eq!(faces.len(), 3 + 3, "1 + 2 major intel icons, and 3 green dice");
    assert!(purpose.contains("the last 3 green"), "{purpose}");
}

#[test]
fn the_leader_pool_limit_eliminates_leaders_down_to_eight() {
    let nine =
        ["mon_mothma", "jan_dodonna", "princess_leia", "general_rieekan", "admiral_ackbar", "han_solo"];
    let more = ["lando_calrissian", "wedge_antilles", "chewbacca"];
    let pooled = |sc: Scenario| nine.iter().chain(&more).fold(sc, |sc, l| sc.in_pool(l));
    // Without the expansion there is no limit.
    let mut base = pooled(Scenario::new(3).clear().base("dantooine", false)).command(REBEL).build();
    act(&mut base, REBEL, "pass");
    assert_eq!(base.leader_pool.rebel.len(), 9);
    assert_ne!(holonet::engine::rebellion::decision(&base).unwrap().kind, PromptKind::TrimLeaderPool);
    // With it, the Rebels pick one to eliminate before anything else goes on.
    let mut s = pooled(rote_board(3)).command(REBEL).build();
    act(&mut s, REBEL, "pass");
    let d = holonet::engine::rebellion::decision(&s).unwrap();
    assert_eq!((d.seat, d.kind), (REBEL, PromptKind::TrimLeaderPool));
    assert_eq!(d.actions.len(), 9, "any leader of the pool");
    let e = refuse(&mut s, REBEL, "pick leader darth_vader");
    assert!(e.to_string().contains("Leader Pool Limit"), "{e}");
    act(&mut s, REBEL, "pick leader han_solo");
    assert_eq!(s.leader_pool.rebel.len(), 8);
    assert!(s.eliminated.contains(&leader("han_solo")));
    assert_eq!(
        holonet::engine::rebellion::decision(&s).unwrap().kind,
        PromptKind::CommandTurn,
        "play goes on"
    );
}

#[test]
fn master_yoda_rerolls_a_green_die_as_a_green_die() {
    // Over a dozen seeds, a green die rerolled by the Yoda ring only ever shows the green die's
    // faces (a red or black die shows a hit or a special half the time).
    for seed in 0..12 {
        let mut s = rote_board(10 + seed)
            .units("sullust", "stormtrooper", 1)
            .in_pool("jyn_erso")
            .assign(REBEL, "covert_operation", &["jyn_erso"])
            .command(REBEL)
            .build();
        s.rings.insert(leader("jyn_erso"), holonet::engine::rebellion::state::Ring::Yoda);
        act(&mut s, REBEL, "reveal covert_operation sullust");
        act(&mut s, EMPIRE, "oppose darth_vader");
        assert!(is_legal(&s, "ring jyn_erso"), "seed {seed}: the ring may reroll one of her dice");
        act(&mut s, REBEL, "ring jyn_erso");
        let ev = act(&mut s, REBEL, "pick die 2");
        let face = rolled(&ev, REBEL).0[2];
        assert!(matches!(face, DieFace::Blank | DieFace::DirectHit), "seed {seed}: {face:?}");
    }
}
