//! Decks-family mission cards (Rules Reference: Objective Cards, Projects): one scenario per
//! card, named after it, with what each player may learn.

mod support;

use holonet::content::{ObjectiveId, catalog};
use holonet::engine::rebellion::event::{Audience, Event, EventKind};
use holonet::engine::rebellion::{PromptKind, State, Viewer, decision, view};
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

/// `n` objective cards that are not in the Rebel hand.
fn other_objectives(s: &State, n: usize) -> Vec<ObjectiveId> {
    ObjectiveId::all().filter(|o| !s.hands.rebel.objectives.contains(o)).take(n).collect()
}

/// A captured Mon Mothma in Mustafar beside a TIE Fighter, and an Imperial mission against her.
fn against_captive(seed: u64, card: &str, who: &str) -> State {
    let mut s = board(seed)
        .units("mustafar", "tie_fighter", 1)
        .leader_at("mustafar", "mon_mothma")
        .assign(EMPIRE, card, &[who])
        .command(EMPIRE)
        .build();
    s.captured.push(leader("mon_mothma"));
    sure(&mut s, who);
    s
}

#[test]
fn covert_operation_keeps_one_of_the_top_two_objectives() {
    let mut s = board(1)
        .units("mustafar", "tie_fighter", 1)
        .assign(REBEL, "covert_operation", &["princess_leia", "jan_dodonna"])
        .command(REBEL)
        .build();
    let top: Vec<ObjectiveId> = s.decks.objectives[..2].to_vec();
    let n = s.decks.objectives.len();
    let hand = s.hands.rebel.objectives.len();
    let ev = reveal_unopposed(&mut s, REBEL, "reveal covert_operation mustafar");
    assert_eq!(decision(&s).unwrap().kind, PromptKind::CardChoice);
    let other = other_objectives(&s, 3).into_iter().find(|o| !top.contains(o)).unwrap();
    let e = refuse(&mut s, REBEL, &format!("pick objective {other}"));
    assert!(e.to_string().contains("Objective Cards"), "{e}");
    act(&mut s, REBEL, &format!("pick objective {}", top[1]));
    assert_eq!(s.hands.rebel.objectives.len(), hand + 1);
    assert!(s.hands.rebel.objectives.contains(&top[1]));
    assert_eq!(*s.decks.objectives.last().unwrap(), top[0], "the other goes to the bottom");
    assert_eq!(s.decks.objectives.len(), n - 1);
    for e in &ev {
        if let EventKind::CardsSeen { .. } = e.kind {
            assert_eq!(e.audience, Audience::Only(REBEL), "only the Rebels see the drawn objectives");
        }
    }
    assert!(!seen_by(&ev, Some(EMPIRE)).contains(top[0].key()));
}

#[test]
fn stolen_plans_puts_the_top_four_objectives_back_in_the_chosen_order() {
    let mut s = board(2)
        .units("mustafar", "tie_fighter", 1)
        .assign(REBEL, "stolen_plans", &["princess_leia"])
        .command(REBEL)
        .build();
    let top: Vec<ObjectiveId> = s.decks.objectives[..4].to_vec();
    let rest: Vec<ObjectiveId> = s.decks.objectives[4..].to_vec();
    reveal_unopposed(&mut s, REBEL, "reveal stolen_plans mustafar");
    let e = refuse(&mut s, REBEL, &format!("pick objective {}", rest[0]));
    assert!(e.to_string().contains("Objective Cards"), "{e}");
    for i in [3, 1, 0] {
        act(&mut s, REBEL, &format!("pick objective {}", top[i]));
    }
    assert_eq!(s.decks.objectives[..4], [top[3], top[1], top[0], top[2]], "the last card's place is forced");
    assert_eq!(s.decks.objectives[4..], rest[..]);
}

#[test]
fn interrogation_shows_the_rebel_objectives_to_the_empire_only() {
    let mut s = against_captive(3, "interrogation", "darth_vader");
    let shown: Vec<ObjectiveId> = s.hands.rebel.objectives.clone();
    assert!(!shown.is_empty());
    let name = catalog().objective(shown[0]).name.clone();
    let e = refuse(&mut s, EMPIRE, "reveal interrogation princess_leia");
    assert!(e.to_string().contains("Mission Cards"), "{e}");
    act(&mut s, EMPIRE, "reveal interrogation mon_mothma");
    let ev = act(&mut s, REBEL, "done");
    assert!(seen_by(&ev, Some(EMPIRE)).contains(&name));
    assert!(!seen_by(&ev, None).contains(&name), "the public does not see them");
    assert_eq!(s.hands.rebel.objectives, shown, "the cards go back into the Rebel hand");
    let empire = view(&s, Viewer::Faction(EMPIRE));
    assert!(empire.intel[&EMPIRE].iter().any(|i| i.text.contains(&name) && i.source == "Interrogation"));
    assert!(!view(&s, Viewer::Faction(REBEL)).intel.contains_key(&EMPIRE));
    assert!(view(&s, Viewer::Public).intel.is_empty());
    assert!(view(&s, Viewer::Full).intel[&EMPIRE].len() == 1);
}

#[test]
fn retrieve_the_plans_sends_a_rebel_objective_of_the_empires_choice_to_the_bottom() {
    let mut s = against_captive(4, "retrieve_the_plans", "darth_vader");
    let extra = other_objectives(&s, 2);
    s.decks.objectives.retain(|o| !extra.contains(o));
    s.hands.rebel.objectives.push(extra[0]);
    let hand = s.hands.rebel.objectives.clone();
    act(&mut s, EMPIRE, "reveal retrieve_the_plans mon_mothma");
    act(&mut s, REBEL, "done");
    assert_eq!(decision(&s).unwrap().seat, EMPIRE);
    assert!(view(&s, Viewer::Faction(EMPIRE)).intel[&EMPIRE][0].text.contains(extra[0].name()));
    let e = refuse(&mut s, EMPIRE, &format!("pick objective {}", extra[1]));
    assert!(e.to_string().contains("Objective Cards"), "{e}");
    act(&mut s, EMPIRE, &format!("pick objective {}", extra[0]));
    assert_eq!(s.hands.rebel.objectives.len(), hand.len() - 1);
    assert!(!s.hands.rebel.objectives.contains(&extra[0]));
    assert_eq!(*s.decks.objectives.last().unwrap(), extra[0]);
}

#[test]
fn secret_weapons_research_draws_two_projects_and_keeps_both() {
    let projects =
        [mission("construct_death_star"), mission("construct_factory"), mission("oversee_project")];
    let mut s = board(5)
        .loyalty("corellia", Some(EMPIRE))
        .assign(EMPIRE, "secret_weapons_research", &["grand_moff_tarkin"])
        .command(EMPIRE)
        .build();
    s.decks.projects = projects.to_vec();
    let e = refuse(&mut s, EMPIRE, "reveal secret_weapons_research bespin");
    assert!(e.to_string().contains("Mission Cards"), "only in an Imperial system: {e}");
    let ev = act(&mut s, EMPIRE, "reveal secret_weapons_research corellia");
    assert_eq!(decision(&s).unwrap().kind, PromptKind::CommandTurn, "nothing to choose");
    assert!(s.hands.empire.missions.contains(&projects[0]) && s.hands.empire.missions.contains(&projects[1]));
    assert_eq!(s.decks.projects, vec![projects[2]]);
    assert!(s.decks.mission_discard.empire.contains(&mission("secret_weapons_research")));
    // What each side is sent: the Empire sees both cards, the Rebels and the public a count.
    let (empire, rebel, public) = (sent_to(&ev, Some(EMPIRE)), sent_to(&ev, Some(REBEL)), sent_to(&ev, None));
    for m in &projects[..2] {
        assert!(empire.contains(m.name()), "the Empire is shown {m}: {empire}");
        assert!(!names_card(&rebel, m.name(), m.key()), "the Rebels are not told {m}: {rebel}");
        assert!(!names_card(&public, m.name(), m.key()), "the public is not told {m}: {public}");
    }
    assert!(rebel.contains("draws 2 project cards"), "the Rebels see the count: {rebel}");
}
