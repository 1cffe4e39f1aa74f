//! Learnable at the table (issue 37): a player's hand says what each card does, and every menu
//! entry that plays, reveals, keeps or draws a named card carries the card's text.

use std::sync::Arc;

use holonet::content::{ActionCardId, Faction, MissionId, ObjectiveId, catalog};
use holonet::engine::rebellion::choice::{CardName, describe_decision};
use holonet::engine::rebellion::{MatchOptions, State, apply, decision, new_game};
use holonet::engine::rng::GameRng;
use holonet::games::game::{Game, MAX_DESCRIPTION};
use holonet::games::rebellion::Rebellion;
use holonet::games::rebellion::card_facts::hand_line;
use holonet::games::rebellion::words::{card_brief, option_texts};
use holonet::service::{Caller, Service};
use holonet::store::MemoryStore;

const CH: u64 = 37;

/// The cards a faction holds that its hand text must describe, each with its hand line.
fn held_lines(s: &State, f: Faction) -> Vec<(String, String)> {
    let h = s.hands.get(f);
    let mut cards: Vec<CardName> = h.missions.iter().map(|&m| CardName::Mission(m)).collect();
    cards.extend(h.actions.iter().map(|&a| CardName::Action(a)));
    cards.extend(h.objectives.iter().map(|&o| CardName::Objective(o)));
    cards.into_iter().map(|c| (c.name().to_string(), hand_line(c))).collect()
}

/// Every card named in a hand's text is on a line with its facts and its text.
fn assert_described(text: &str, lines: &[(String, String)]) -> usize {
    for (name, line) in lines {
        assert!(text.lines().any(|l| l.ends_with(line.as_str())), "`{name}` without its text in:\n{text}");
    }
    lines.len()
}

#[test]
fn every_card_in_a_hand_dm_and_in_the_hand_command_comes_with_what_it_does() {
    holonet::content::init().expect("content loads");
    let svc: Service<Rebellion> = Service::with_clock(Arc::new(MemoryStore::new()), Box::new(|| 1_000));
    let who = |user| Caller { user, moderator: false };
    svc.create(CH, Some(1), who(1), MatchOptions { quick_setup: true, ..Default::default() }, Some(5))
        .unwrap();
    svc.join(CH, who(1), Some("rebel")).unwrap();
    svc.join(CH, who(2), Some("empire")).unwrap();
    let start = svc.start(CH, who(1)).unwrap();
    let s = svc.state(CH).unwrap().unwrap();
    let mut checked = 0;
    for (user, f) in [(1, Faction::Rebel), (2, Faction::Empire)] {
        let lines = held_lines(&s, f);
        let dm = start.private.iter().find(|p| p.user == user).expect("a DM to each player");
        checked += assert_described(&dm.text, &lines);
        checked += assert_described(&svc.hand(CH, who(user)).unwrap().reply, &lines);
    }
    // The Rebels hold missions, action cards and objectives at the start; the Empire missions
    // and action cards: every kind was checked.
    let h = &s.hands;
    assert!(!h.rebel.objectives.is_empty() && !h.rebel.actions.is_empty() && !h.empire.missions.is_empty());
    assert!(checked >= 2 * (h.rebel.missions.len() + h.empire.missions.len()), "{checked} cards checked");
}

#[test]
fn a_hand_line_names_the_skill_requirement_place_timing_and_stage() {
    holonet::content::init().expect("content loads");
    let m = MissionId::parse("Build Alliance").unwrap();
    let def = catalog().mission(m);
    let line = hand_line(CardName::Mission(m));
    assert!(line.starts_with("Build Alliance — Diplomacy "), "{line}");
    assert!(line.contains(&def.requirement.to_string()) && line.contains(&def.text), "{line}");
    for a in ActionCardId::all() {
        let line = hand_line(CardName::Action(a));
        assert!(line.contains(" — Used "), "an action card's timing: {line}");
    }
    for o in ObjectiveId::all() {
        let line = hand_line(CardName::Objective(o));
        let stage = ["I", "II", "III"][usize::from(catalog().objective(o).stage) - 1];
        assert!(line.contains(&format!(" — Stage {stage}, ")), "{line}");
    }
}

#[test]
fn every_option_naming_a_card_describes_it_within_discords_limit() {
    holonet::content::init().expect("content loads");
    let (mut described, mut shortened) = (0, 0);
    for seed in 0..6 {
        let options =
            MatchOptions { rise_of_the_empire: seed % 2 == 1, quick_setup: true, ..Default::default() };
        let mut s = new_game(seed, options);
        let mut rng = GameRng::from_seed(seed + 100);
        for _ in 0..400 {
            let Some(d) = decision(&s) else { break };
            let texts = option_texts(&s, &d);
            for (t, c) in texts.iter().zip(describe_decision(&s, &d)) {
                assert!(t.description.chars().count() <= MAX_DESCRIPTION, "{}: {}", t.label, t.description);
                for l in &t.levels {
                    assert!(
                        l.description.chars().count() <= MAX_DESCRIPTION,
                        "{}: {}",
                        l.label,
                        l.description
                    );
                }
                assert_eq!(t.description, card_brief(c.card), "{}", t.label);
                if let Some(card) = c.card.filter(|_| !t.description.is_empty()) {
                    described += 1;
                    if t.description.ends_with("(see /rebellion card)") {
                        shortened += 1;
                    } else {
                        let whole = holonet::games::rebellion::card_facts::card_text(card);
                        assert_eq!(t.description, whole.trim(), "{}", t.label);
                    }
                }
            }
            let a = d.actions[rng.below(d.actions.len())].clone();
            apply(&mut s, d.seat, a).expect("a legal option");
        }
    }
    assert!(described > 100 && shortened > 0, "{described} options described, {shortened} shortened");
}

#[test]
fn the_reveal_lists_the_hands_by_name_only() {
    // The end-of-match reveal stays one short post: names, no card texts.
    holonet::content::init().expect("content loads");
    let s = new_game(3, MatchOptions { quick_setup: true, ..Default::default() });
    let reveal = Rebellion::reveal_text(&s, &[]);
    let m = s.hands.rebel.missions[0];
    assert!(reveal.contains(m.name()) && !reveal.contains(&catalog().mission(m).text), "{reveal}");
}

/// A four-player match (users 1–4 in the team's seat order) run to the Rebels' first
/// assignment, which both Rebel players are asked; `seats` names each user's seats.
fn team_match_at_assignment(seats: &[(u64, &str)]) -> (Service<Rebellion>, holonet::service::PromptPost) {
    use holonet::engine::rebellion::Players;
    use holonet::service::Answer;
    holonet::content::init().expect("content loads");
    let svc: Service<Rebellion> =
        Service::with_clock(Arc::new(MemoryStore::new()), Box::new(|| 1_000)).allow_hot_seat(true);
    let who = |user| Caller { user, moderator: false };
    let options = MatchOptions { quick_setup: true, players: Players::Four, ..Default::default() };
    svc.create(CH, Some(1), who(1), options, Some(7)).unwrap();
    for &(user, seat) in seats {
        svc.join(CH, who(user), Some(seat)).unwrap();
    }
    svc.start(CH, who(1)).unwrap();
    for _ in 0..50 {
        let p = svc.show(CH, 0).unwrap().expect("a decision");
        if p.kind.starts_with("assign leaders") {
            return (svc, p);
        }
        let user = p.user.expect("every seat is held");
        let index = p.options_for(user)[0];
        svc.act(CH, who(user), Answer::Option { key: p.key(), index }).unwrap();
    }
    panic!("no assignment within 50 decisions");
}

/// The leaders an assignment option sends, if it is one.
fn assigned(p: &holonet::service::PromptPost, i: usize) -> Vec<holonet::content::LeaderId> {
    match Rebellion::parse_action(&p.options[i]) {
        Ok(holonet::engine::rebellion::Action::Assign { leaders, .. }) => leaders.iter().copied().collect(),
        _ => vec![],
    }
}

// Issue 37: "the team-game menus offer a teammate none of the other's leaders". Each player's
// menu holds their own assignments; the General's alone the veto and the end of the phase.
#[test]
fn a_teammates_menu_offers_only_their_own_leaders_and_the_general_ends_the_assignments() {
    use holonet::content::TeamColour;
    use holonet::engine::rebellion::team::colour;
    let four = [(1, "rebel-admiral"), (2, "rebel-general"), (3, "empire-admiral"), (4, "empire-general")];
    let (_svc, p) = team_match_at_assignment(&four);
    assert_eq!((p.seat.as_str(), p.also.len()), ("rebel-general", 1), "both Rebels are asked");
    assert!(p.why.contains("each player assigns their own leaders"), "the channel says why: {}", p.why);
    for (user, mine) in [(1, TeamColour::Blue), (2, TeamColour::Orange)] {
        let options = p.options_for(user);
        assert!(!options.is_empty(), "user {user} has options");
        for &i in &options {
            let leaders = assigned(&p, i);
            assert!(leaders.iter().all(|&l| colour(l) == mine), "user {user} is offered `{}`", p.options[i]);
            let ends = p.options[i] == "done" || p.options[i].starts_with("veto");
            assert!(!ends || mine == TeamColour::Orange, "user {user} is offered `{}`", p.options[i]);
        }
        // Every other option is the teammate's, and the menu shows none of them.
        let node = p.menu(user, &[]).expect("a menu");
        let theirs: Vec<&String> =
            (0..p.options.len()).filter(|i| !options.contains(i)).map(|i| &p.texts[i].label).collect();
        assert!(!theirs.is_empty(), "the teammate has options of their own");
        let shown: Vec<&str> = node.entries.iter().map(|e| e.label()).collect();
        assert!(theirs.iter().all(|l| !shown.contains(&l.as_str())), "user {user} sees {shown:?}");
    }
    assert!(p.options_for(3).is_empty() && p.menu(3, &[]).is_none(), "an Imperial player has no options");
}

// A player holding both roles of a side (a hot-seat table, when the bot allows it) answers with either
// role's option: the option decides which seat acts.
#[test]
fn a_player_in_both_seats_of_a_side_takes_either_roles_option() {
    use holonet::service::Answer;
    let seats = [(1, "rebel-admiral"), (1, "rebel-general"), (3, "empire-admiral"), (4, "empire-general")];
    let (svc, p) = team_match_at_assignment(&seats);
    assert_eq!(p.options_for(1).len(), p.options.len(), "both roles' options");
    let admirals = (0..p.options.len()).find(|&i| p.only[i].as_deref() == Some("rebel-admiral"));
    let index = admirals.expect("an option of the Admiral's alone");
    svc.act(CH, Caller { user: 1, moderator: false }, Answer::Option { key: p.key(), index })
        .expect("taken as the Admiral");
}
