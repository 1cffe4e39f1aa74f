//! Bespoke mission cards: one scenario per card, named after it.

mod support;

use holonet::engine::rebellion::event::EventKind;
use holonet::engine::rebellion::{PromptKind, Viewer, decision, view};
use support::*;

/// A cleared board with the base hidden in Dantooine.
fn board(seed: u64) -> Scenario {
    Scenario::new(seed).clear().base("dantooine", false)
}

#[test]
fn contingency_plan_moves_its_leaders_onto_a_starting_mission_and_lando_adds_two_successes() {
    // Assignable like any mission.
    let mut s = board(1).in_pool("lando_calrissian").assignment(REBEL).build();
    s.hands.rebel.missions.push(mission("contingency_plan"));
    assert!(is_legal(&s, "assign contingency_plan lando_calrissian"));

    let mut s = board(2)
        .in_pool("lando_calrissian")
        .assign(REBEL, "contingency_plan", &["lando_calrissian"])
        .assign(REBEL, "build_alliance", &["princess_leia"])
        .command(REBEL)
        .build();
    s.hands.rebel.missions.push(mission("covert_operation"));
    // Build Alliance was already used this round and is back in hand.
    let a = s.assignments.rebel.iter().position(|a| a.mission == mission("build_alliance")).unwrap();
    s.assignments.rebel.remove(a);
    s.hands.rebel.missions.push(mission("build_alliance"));
    assert!(is_legal(&s, "reveal contingency_plan"), "no system: it is revealed as it is");
    act(&mut s, REBEL, "reveal contingency_plan");
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind), (REBEL, PromptKind::CardChoice), "nobody may oppose it");
    let e = refuse(&mut s, REBEL, "pick mission covert_operation");
    assert!(e.to_string().contains("Starting Missions"), "{e}");
    let ev = act(&mut s, REBEL, "pick mission build_alliance");
    assert!(s.decks.mission_discard.rebel.contains(&mission("contingency_plan")), "the card is discarded");
    assert!(s.round_effects.bonus.contains(&(leader("lando_calrissian"), 2)));
    let asg = s.assignments.rebel.iter().find(|a| a.leaders == vec![leader("lando_calrissian")]).unwrap();
    assert_eq!(asg.mission, mission("build_alliance"));
    assert!(!s.hands.rebel.missions.contains(&mission("build_alliance")));
    // The public sees a new facedown assignment, not which mission.
    assert!(ev.iter().any(|e| matches!(&e.kind, EventKind::Assigned { .. })));
    let pv = view(&s, Viewer::Public);
    assert!(
        pv.assignments[&REBEL].iter().any(|a| a.mission.is_none() && a.leaders == vec!["lando_calrissian"])
    );

    // Lando reveals it later this phase, with two extra successes.
    act(&mut s, EMPIRE, "pass");
    act(&mut s, REBEL, "reveal build_alliance alderaan");
    let ev = act(&mut s, EMPIRE, "oppose emperor_palpatine");
    let rolled = ev
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::DiceRolled { faction, faces, purpose } if *faction == REBEL => {
                Some((faces.clone(), purpose.clone()))
            }
            _ => None,
        })
        .unwrap();
    let dice: u32 = rolled.0.iter().map(|f| f.mission_successes()).sum();
    assert!(rolled.1.contains(&format!("({} successes)", dice + 2)), "{rolled:?}");
    assert!(s.round_effects.bonus.is_empty(), "used up");
}

#[test]
fn contingency_plan_leaders_must_still_meet_the_new_missions_requirement() {
    let mut s = board(3)
        .assign(REBEL, "contingency_plan", &["mon_mothma"])
        .assign(REBEL, "build_alliance", &["princess_leia"])
        .command(REBEL)
        .build();
    act(&mut s, REBEL, "reveal contingency_plan");
    act(&mut s, REBEL, "pick mission sabotage");
    assert!(s.assignments.rebel.iter().any(|a| a.mission == mission("sabotage")));
    assert!(s.round_effects.bonus.is_empty(), "no Lando, no bonus");
    act(&mut s, EMPIRE, "pass");
    assert!(!legal(&s).iter().any(|a| a.starts_with("reveal sabotage")), "Mon Mothma has no spec-ops icon");
    let e = refuse(&mut s, REBEL, "reveal sabotage corellia");
    assert!(e.to_string().contains("icons"), "{e}");
}
