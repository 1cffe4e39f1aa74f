//! The team game (three and four players): seats, the Command Phase turns of the four roles,
//! who within a side decides what, and the limits on a player's own leaders. Rules from the
//! Rules Reference's "TEAM GAME" notes and Learn to Play's team-game page.

mod support;

use holonet::content::{Faction, TeamColour, TeamRole, catalog};
use holonet::engine::rebellion::team::{self, Player};
use holonet::engine::rebellion::{
    Action, Frame, Leaders, MatchOptions, Players, PromptKind, RuleError, State, apply, apply_as, decision,
    new_game,
};
use holonet::games::game::Game;
use holonet::games::rebellion::Rebellion;
use support::*;

const BLUE: TeamColour = TeamColour::Blue;
const ORANGE: TeamColour = TeamColour::Orange;

/// A quick-setup team game with the base hidden (by the Rebel General), at the Rebels'
/// Assignment Phase.
fn team_game(seed: u64, players: Players) -> State {
    let mut s = new_game(seed, MatchOptions { quick_setup: true, players, ..Default::default() });
    let d = decision(&s).expect("the base choice");
    assert_eq!((d.kind, d.role), (PromptKind::ChooseBase, Some(ORANGE)), "the Rebel General hides the base");
    let base = d.actions[0].clone();
    apply_as(&mut s, Player::role(REBEL, ORANGE), base).expect("the General hides the base");
    // Any setup choices left (a card's pick) are answered with their first option.
    while let Some(d) = decision(&s)
        && d.kind != PromptKind::AssignLeaders
    {
        apply(&mut s, d.seat, d.actions[0].clone()).expect("legal");
    }
    s
}

/// Both sides end their assignments without assigning: the Command Phase begins.
fn to_command(s: &mut State) {
    for f in [REBEL, EMPIRE] {
        apply_as(s, Player::role(f, ORANGE), Action::Done).expect("the General ends the assignments");
    }
    assert!(matches!(s.stack.last(), Some(Frame::Command(_))), "{:?}", s.stack.last());
}

/// The role a decision names, as its printed name.
fn role_now(s: &State) -> String {
    let d = decision(s).expect("a decision");
    match d.role {
        Some(c) => TeamRole { faction: d.seat, colour: c }.name(),
        None => format!("either {}", d.seat.name()),
    }
}

fn assert_refused_unchanged(s: &mut State, player: Player, a: Action) -> RuleError {
    let before = s.clone();
    let e = apply_as(s, player, a.clone()).expect_err(&format!("{player:?} may not {}", a.command()));
    assert_eq!(*s, before, "a refused action changes nothing");
    e
}

#[test]
fn the_team_game_has_a_seat_per_role_and_one_rebel_seat_with_three_players() {
    let seats = |players| Rebellion::seats(&MatchOptions { players, ..Default::default() });
    assert_eq!(seats(Players::Two), ["rebel", "empire"]);
    assert_eq!(seats(Players::Three), ["rebel", "empire-admiral", "empire-general"]);
    assert_eq!(seats(Players::Four), ["rebel-admiral", "rebel-general", "empire-admiral", "empire-general"]);
    let variant = Rebellion::variant(&MatchOptions { players: Players::Four, ..Default::default() });
    assert_eq!(variant.as_deref(), Some("the team game for 4 players"));
}

#[test]
fn a_two_player_match_saves_no_player_count() {
    let json = serde_json::to_string(&MatchOptions { quick_setup: true, ..Default::default() }).unwrap();
    assert!(!json.contains("players"), "{json}");
    let four: MatchOptions = serde_json::from_str(r#"{"quick_setup":true,"players":"four"}"#).unwrap();
    assert_eq!(four.players, Players::Four);
}

#[test]
fn the_command_phase_goes_round_the_four_roles_in_the_data_order_each_passing_alone() {
    let mut s = team_game(3, Players::Four);
    to_command(&mut s);
    let order: Vec<String> = catalog().team.command_order.iter().map(|r| r.name()).collect();
    assert_eq!(order, ["Rebel Admiral", "Imperial Admiral", "Imperial General", "Rebel General"]);
    // Round the table once: each role passes in its turn.
    for (i, role) in catalog().team.command_order.iter().enumerate() {
        assert_eq!(role_now(&s), role.name(), "turn {i}");
        let d = decision(&s).unwrap();
        assert_eq!(d.kind, PromptKind::CommandTurn);
        if i + 1 < order.len() {
            let ev = apply_as(&mut s, Player::role(role.faction, role.colour), Action::Pass).unwrap();
            let said: Vec<String> = ev.iter().map(|e| e.kind.to_string()).collect();
            assert!(said.contains(&format!("The {} passes", role.name())), "{said:?}");
        }
    }
    // The last role to act keeps taking turns until it passes too; then the Refresh Phase.
    let last = catalog().team.command_order[3];
    apply_as(&mut s, Player::role(last.faction, last.colour), Action::Pass).unwrap();
    assert!(!s.stack.iter().any(|f| matches!(f, Frame::Command(_))), "the phase is over");
}

#[test]
fn a_role_that_has_not_passed_takes_turns_while_the_others_have_passed() {
    let mut s = team_game(4, Players::Four);
    to_command(&mut s);
    // Rebel Admiral, Imperial Admiral and Imperial General pass; the Rebel General is left.
    for (f, c) in [(REBEL, BLUE), (EMPIRE, BLUE), (EMPIRE, ORANGE)] {
        apply_as(&mut s, Player::role(f, c), Action::Pass).unwrap();
    }
    assert_eq!(role_now(&s), "Rebel General");
    let d = decision(&s).unwrap();
    let activation = d.actions.iter().find(|a| matches!(a, Action::Activate { .. })).cloned().unwrap();
    apply_as(&mut s, Player::role(REBEL, ORANGE), activation).unwrap();
    // Finish the activation however it goes; the next turn is the Rebel General's again.
    while let Some(d) = decision(&s)
        && d.kind != PromptKind::CommandTurn
    {
        let a = d.actions.iter().find(|a| matches!(a, Action::Done)).unwrap_or(&d.actions[0]).clone();
        apply(&mut s, d.seat, a).unwrap();
    }
    assert_eq!(role_now(&s), "Rebel General");
}

#[test]
fn a_player_activates_only_with_their_own_leaders_and_reveals_only_their_own_missions() {
    let s = Scenario::new(5)
        .clear()
        .players(Players::Four)
        .assign(REBEL, "rapid_mobilization", &["general_rieekan"])
        .team_turn(REBEL, BLUE)
        .s;
    let d = decision(&s).unwrap();
    let activators: Vec<_> = d
        .actions
        .iter()
        .filter_map(|a| if let Action::Activate { leader, .. } = a { Some(*leader) } else { None })
        .collect();
    assert!(!activators.is_empty());
    assert!(activators.iter().all(|&l| team::colour(l) == BLUE), "only blue leaders: {activators:?}");
    assert!(!d.actions.iter().any(|a| matches!(a, Action::Reveal { .. })), "Rieekan is the General's");
    let mut s = s;
    let e = refuse(&mut s, REBEL, "activate yavin princess_leia");
    assert!(e.to_string().contains("Rebel Admiral"), "{e}");
    let e = refuse(&mut s, REBEL, "reveal rapid_mobilization");
    assert!(e.to_string().contains("only a player whose leader is on Rapid Mobilization"), "{e}");
    // In the General's turn the same mission may be revealed.
    let s = Scenario { s }.team_turn(REBEL, ORANGE).s;
    let d = decision(&s).unwrap();
    assert!(d.actions.iter().any(|a| matches!(a, Action::Reveal { .. })));
}

#[test]
fn a_player_may_not_answer_the_other_roles_decision_and_nothing_changes() {
    let mut s = team_game(6, Players::Four);
    to_command(&mut s);
    assert_eq!(role_now(&s), "Rebel Admiral");
    let e = assert_refused_unchanged(&mut s, Player::role(REBEL, ORANGE), Action::Pass);
    assert!(matches!(e, RuleError::NotYourRole { .. }), "{e}");
    assert!(e.to_string().contains("the Rebel Admiral decides this"), "{e}");
    // The other side is refused as before.
    let e = assert_refused_unchanged(&mut s, Player::role(EMPIRE, BLUE), Action::Pass);
    assert!(matches!(e, RuleError::NotYourDecision { .. }), "{e}");
    // The three-player Rebel holds both roles.
    apply_as(&mut s, Player::side(REBEL), Action::Pass).unwrap();
}

#[test]
fn each_player_assigns_their_own_leaders_and_the_general_ends_the_assignments() {
    let mut s = team_game(7, Players::Four);
    let d = decision(&s).unwrap();
    assert_eq!((d.kind, d.role), (PromptKind::AssignLeaders, None), "both Rebels assign");
    let hand = s.hands.rebel.missions.clone();
    let assign = |m, ls: &[&str]| Action::Assign {
        mission: m,
        leaders: match ls {
            [a] => Leaders::one(leader(a)),
            [a, b] => Leaders::two(leader(a), leader(b)),
            _ => unreachable!("one or two leaders"),
        },
    };
    // Jan Dodonna is blue (the Admiral's), General Rieekan orange (the General's).
    let e = assert_refused_unchanged(&mut s, Player::role(REBEL, ORANGE), assign(hand[0], &["jan_dodonna"]));
    assert!(e.to_string().contains("only the Rebel Admiral assigns their own leaders"), "{e}");
    apply_as(&mut s, Player::role(REBEL, BLUE), assign(hand[0], &["jan_dodonna"])).unwrap();
    apply_as(&mut s, Player::role(REBEL, ORANGE), assign(hand[1], &["general_rieekan"])).unwrap();
    let e = assert_refused_unchanged(&mut s, Player::role(REBEL, BLUE), Action::Done);
    assert!(e.to_string().contains("Rebel General holds the mission hand"), "{e}");
    // A pair of both colours takes both players (at most two leaders a mission): the Admiral
    // assigns Mon Mothma, the General joins Leia. With the pool empty the General may still
    // send the Admiral's leaders back, or be done.
    let e = assert_refused_unchanged(
        &mut s,
        Player::role(REBEL, BLUE),
        assign(hand[2], &["mon_mothma", "princess_leia"]),
    );
    assert!(e.to_string().contains("not possible now"), "{e}");
    apply_as(&mut s, Player::role(REBEL, BLUE), assign(hand[2], &["mon_mothma"])).unwrap();
    apply_as(&mut s, Player::role(REBEL, ORANGE), assign(hand[2], &["princess_leia"])).unwrap();
    assert_eq!(s.assignments.rebel.len(), 3);
    let left: Vec<String> = decision(&s).unwrap().actions.iter().map(Action::command).collect();
    assert_eq!(left, [format!("veto {}", hand[0]), format!("veto {}", hand[2]), "done".to_string()]);
    apply_as(&mut s, Player::role(REBEL, ORANGE), Action::Done).unwrap();
    assert_eq!(decision(&s).map(|d| d.seat), Some(EMPIRE));
    // The Empire's General ends theirs at once.
    apply_as(&mut s, Player::role(EMPIRE, ORANGE), Action::Done).unwrap();
    assert!(matches!(s.stack.last(), Some(Frame::Command(_))));
}

#[test]
fn space_battles_are_the_admirals_and_ground_battles_the_generals() {
    let mut seen = std::collections::BTreeSet::new();
    // Random team games: every battle decision names the role of its theater.
    for seed in 0..30 {
        let mut pos = holonet::engine::rebellion::Position::new(new_game(
            seed,
            MatchOptions { players: Players::Four, ..Default::default() },
        ));
        let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for _ in 0..3000 {
            let Some(d) = pos.decision().cloned() else { break };
            if matches!(
                d.kind,
                PromptKind::CombatActions | PromptKind::AssignDamage | PromptKind::BlockDamage
            ) {
                let theater = match pos.state().combat().map(|c| c.step) {
                    Some(holonet::engine::rebellion::combat::Step::Actions { theater, .. })
                    | Some(holonet::engine::rebellion::combat::Step::Assign { theater, .. })
                    | Some(holonet::engine::rebellion::combat::Step::Block { theater, .. }) => theater,
                    other => panic!("a battle decision outside a battle step: {other:?}"),
                };
                let want = match theater {
                    holonet::content::Theater::Space => BLUE,
                    holonet::content::Theater::Ground => ORANGE,
                };
                assert_eq!(d.role, Some(want), "{:?} in {theater:?}", d.kind);
                seen.insert(d.kind.describe());
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            pos.apply_option((rng % d.actions.len() as u64) as usize).unwrap();
        }
    }
    assert!(seen.len() >= 2, "battles were fought: {seen:?}");
}

#[test]
fn recruiting_building_and_deploying_are_the_admirals_the_mission_hand_and_objectives_the_generals() {
    let mut kinds = std::collections::BTreeMap::new();
    for seed in 0..20 {
        let mut pos = holonet::engine::rebellion::Position::new(new_game(
            seed,
            MatchOptions { players: Players::Four, ..Default::default() },
        ));
        let mut i = seed as usize;
        while let Some(d) = pos.decision().cloned() {
            kinds.insert(format!("{:?}", d.kind), d.role);
            i = i.wrapping_mul(31).wrapping_add(17);
            pos.apply_option(i % d.actions.len()).unwrap();
        }
    }
    for (kind, role) in [
        ("Recruit", Some(BLUE)),
        ("Deploy", Some(BLUE)),
        ("PlaceStartingUnits", Some(BLUE)),
        ("ChooseBase", Some(ORANGE)),
        ("Objective", Some(ORANGE)),
        ("Oppose", None),
        ("AssignLeaders", None),
    ] {
        assert_eq!(kinds.get(kind), Some(&role), "{kind}: {kinds:?}");
    }
}

#[test]
fn a_leader_opposes_joins_a_combat_or_retreats_only_by_its_own_player() {
    let s = Scenario::new(1).players(Players::Four).s;
    let d = holonet::engine::rebellion::Decision::new(EMPIRE, PromptKind::Oppose, vec![]);
    for (a, who) in [
        (Action::Oppose { leader: leader("darth_vader") }, ORANGE),
        (Action::AddLeader { leader: leader("grand_moff_tarkin") }, BLUE),
        (Action::Retreat { leader: leader("general_tagge"), to: sys("mustafar") }, ORANGE),
    ] {
        assert_eq!(team::action_role(&s, &d, &a), Some(who), "{}", a.command());
        let other = if who == BLUE { ORANGE } else { BLUE };
        let e = team::check(&s, &d, Player::role(EMPIRE, other), &a).unwrap_err();
        assert!(e.to_string().contains("that leader is the Imperial"), "{e}");
        team::check(&s, &d, Player::role(EMPIRE, who), &a).unwrap();
        team::check(&s, &d, Player::side(EMPIRE), &a).unwrap();
    }
    // Declining is either player's.
    assert_eq!(team::action_role(&s, &d, &Action::Done), None);
}

#[test]
fn a_turned_leader_joins_the_imperial_role_of_its_colour() {
    // Lure of the Dark Side, played: Han Solo (blue), captured in Mustafar, is turned by the
    // Emperor's mission and from the next retrieval on is the Imperial Admiral's.
    let han = leader("han_solo");
    let palpatine = leader("emperor_palpatine");
    let mut s = Scenario::new(8)
        .clear()
        .base("dantooine", false)
        .players(Players::Four)
        .units("mustafar", "tie_fighter", 1)
        .leader_at("mustafar", "han_solo")
        .assign(EMPIRE, "lure_of_the_dark_side", &["emperor_palpatine"])
        .team_turn(EMPIRE, team::colour(palpatine))
        .s;
    s.captured.push(han);
    // Take the dice out of it: the test is about whose leader Han becomes.
    s.round_effects.bonus.push((palpatine, 20));
    reveal_unopposed(&mut s, EMPIRE, "reveal lure_of_the_dark_side han_solo");
    assert!(s.turned.contains(&han), "the card turned Han");
    s.stack = vec![Frame::Refresh(holonet::engine::rebellion::phases::refresh::RefreshPhase::new())];
    act(&mut s, REBEL, "done");
    assert!(s.leader_pool.empire.contains(&han), "retrieved to the Imperial pool");
    let s = Scenario { s }.team_turn(EMPIRE, BLUE).s;
    let d = decision(&s).unwrap();
    assert!(d.actions.iter().any(|a| matches!(a, Action::Activate { leader, .. } if *leader == han)));
    let s = Scenario { s }.team_turn(EMPIRE, ORANGE).s;
    let d = decision(&s).unwrap();
    assert!(!d.actions.iter().any(|a| matches!(a, Action::Activate { leader, .. } if *leader == han)));
}

#[test]
fn the_three_player_rebel_takes_both_rebel_turns_as_one_seat() {
    let mut s = team_game(9, Players::Three);
    to_command(&mut s);
    let mut rebel_turns = 0;
    while let Some(d) = decision(&s)
        && d.kind == PromptKind::CommandTurn
    {
        if d.seat == REBEL {
            rebel_turns += 1;
        }
        let player = match d.seat {
            Faction::Rebel => "rebel".to_string(),
            Faction::Empire => format!("empire-{}", d.role.unwrap().role_name().to_lowercase()),
        };
        Rebellion::apply(&mut s, &player, Action::Pass).unwrap();
    }
    assert_eq!(rebel_turns, 2, "the Rebel passes for the Admiral and for the General");
}

#[test]
fn teammates_both_receive_their_sides_secrets_and_a_prompt_for_either_names_both() {
    let mut s = new_game(10, MatchOptions { players: Players::Four, ..Default::default() });
    // Setup: the Imperial Admiral places units; the seat is named for the role.
    let p = Rebellion::prompt(&s).unwrap();
    assert_eq!((p.seat.as_str(), p.also.len()), ("empire-admiral", 0), "{}", p.kind);
    assert!(Rebellion::private_text(&s, "rebel-admiral") == Rebellion::private_text(&s, "rebel-general"));
    assert!(Rebellion::private_text(&s, "empire-admiral") == Rebellion::private_text(&s, "empire-general"));
    // A wrong seat is refused by name.
    let e = Rebellion::apply(&mut s, "empire-general", p.options[0].clone()).unwrap_err();
    assert!(e.contains("not your role"), "{e}");
    let e = Rebellion::apply(&mut s, "rebel-captain", p.options[0].clone()).unwrap_err();
    assert!(e.contains("unknown seat"), "{e}");
    // Play on to the first decision either Rebel may take, checking every private message
    // goes to both seats of its side.
    let mut either = false;
    let mut private = 0;
    for _ in 0..2000 {
        let Some(p) = Rebellion::prompt(&s) else { break };
        if !p.also.is_empty() {
            either = true;
            assert_ne!(p.seat, p.also[0]);
            assert_eq!(p.seat.split('-').next(), p.also[0].split('-').next(), "teammates");
        }
        let notices = Rebellion::apply(&mut s, &p.seat, p.options[p.options.len() - 1].clone())
            .or_else(|_| Rebellion::apply(&mut s, &p.also[0], p.options[p.options.len() - 1].clone()))
            .unwrap();
        for n in notices.iter().filter(|n| n.to.is_some()) {
            private += 1;
            let seat = n.to.as_deref().unwrap();
            let side = seat.split('-').next().unwrap();
            let mate = if seat.ends_with("admiral") { "general" } else { "admiral" };
            let twin = format!("{side}-{mate}");
            assert!(
                notices.iter().any(|m| m.to.as_deref() == Some(&twin) && m.text == n.text),
                "{twin} misses `{}`",
                n.text
            );
        }
    }
    assert!(either, "some decision was open to either teammate");
    assert!(private > 0, "some private message was sent (and checked)");
}

#[test]
fn an_overfull_team_pool_sheds_leaders_from_the_bigger_pool() {
    let mut s = Scenario::new(11).players(Players::Four).s;
    s.options.rise_of_the_empire = true;
    let extra = ["admiral_ackbar", "han_solo", "lando_calrissian", "wedge_antilles", "luke_skywalker"];
    for l in extra {
        s.leader_pool.rebel.push(leader(l));
    }
    // Pool: the starting two blue and two orange, plus four blue and one orange: 6 blue, 3.
    assert_eq!(team::trim_colours(&s, REBEL), vec![BLUE]);
    s.leader_pool.rebel.push(leader("chewbacca"));
    s.leader_pool.rebel.push(leader("general_madine"));
    s.leader_pool.rebel.push(leader("obi_wan_kenobi"));
    assert_eq!(team::trim_colours(&s, REBEL), vec![BLUE, ORANGE], "six of each: either");
    s.options.players = Players::Two;
    assert_eq!(team::trim_colours(&s, REBEL), vec![BLUE, ORANGE]);
}

#[test]
fn with_rise_of_the_empire_the_general_chooses_the_mission_set() {
    let s =
        new_game(12, MatchOptions { players: Players::Four, rise_of_the_empire: true, quick_setup: true });
    let d = decision(&s).unwrap();
    assert_eq!((d.kind, d.seat, d.role), (PromptKind::ChooseMissionSet, EMPIRE, Some(ORANGE)));
    assert_eq!(Rebellion::prompt(&s).unwrap().seat, "empire-general");
}

#[test]
fn starting_action_cards_go_to_the_player_whose_leader_they_show() {
    let mut held = std::collections::BTreeMap::new();
    for seed in 0..12 {
        let s = new_game(seed, MatchOptions { players: Players::Four, ..Default::default() });
        for f in [REBEL, EMPIRE] {
            for &card in &s.hands.get(f).actions {
                let shown = &catalog().action_card(card).leaders;
                let want = match shown.as_slice() {
                    [l] => Some(team::colour(*l)),
                    _ => None,
                };
                assert_eq!(s.card_holders.get(&card).copied(), want, "{}", card.name());
                held.insert(card, want);
            }
        }
        // Only the holder's side sees who holds its cards.
        let v = holonet::engine::rebellion::view(&s, holonet::engine::rebellion::Viewer::Faction(REBEL));
        for card in v.card_holders.keys() {
            assert!(s.hands.rebel.actions.iter().any(|c| c.to_string() == *card), "{card}");
        }
    }
    assert!(held.values().any(Option::is_none), "a card showing no leader is either player's");
    assert!(held.values().any(|c| *c == Some(BLUE)) && held.values().any(|c| *c == Some(ORANGE)));
    // Not recorded in the two-player game.
    let two = new_game(1, MatchOptions::default());
    assert!(two.card_holders.is_empty());
}

#[test]
fn a_recruited_card_goes_to_the_player_of_the_recruited_leader_and_only_they_play_it() {
    let mut seen = 0;
    for seed in 0..40 {
        let mut pos = holonet::engine::rebellion::Position::new(new_game(
            seed,
            MatchOptions { players: Players::Four, ..Default::default() },
        ));
        let mut i = seed as usize;
        while let Some(d) = pos.decision().cloned() {
            i = i.wrapping_mul(31).wrapping_add(7);
            let k = i % d.actions.len();
            let a = d.actions[k].clone();
            pos.apply_option(k).unwrap();
            // (An Immediate card is used at once and leaves the hand.)
            if let Action::Recruit { card, leader: Some(l) } = a
                && pos.state().hands.get(d.seat).actions.contains(&card)
            {
                assert_eq!(pos.state().card_holders.get(&card), Some(&team::colour(l)), "{}", card.name());
                seen += 1;
            }
            // Whenever a card of one holder may be played by either player, only its holder
            // may play it.
            if let Some(d) = pos.decision()
                && d.role.is_none()
            {
                for a in &d.actions {
                    if let Action::PlayAction { card } = a
                        && let Some(&holder) = pos.state().card_holders.get(card)
                    {
                        let other = if holder == BLUE { ORANGE } else { BLUE };
                        let e = team::check(pos.state(), d, Player::role(d.seat, other), a).unwrap_err();
                        assert!(e.to_string().contains("holds that card"), "{e}");
                        team::check(pos.state(), d, Player::role(d.seat, holder), a).unwrap();
                        seen += 1;
                    }
                }
            }
        }
    }
    assert!(seen > 10, "recruits and plays checked: {seen}");
}

#[test]
fn the_general_may_send_back_an_assignment_of_the_admirals() {
    let mut s = team_game(7, Players::Four);
    let hand = s.hands.rebel.missions.clone();
    let dodonna = leader("jan_dodonna");
    let first = Action::Assign { mission: hand[0], leaders: Leaders::one(dodonna) };
    apply_as(&mut s, Player::role(REBEL, BLUE), first.clone()).unwrap();
    let veto = Action::Veto { mission: hand[0] };
    assert!(decision(&s).unwrap().actions.contains(&veto), "the General may send it back");
    let e = assert_refused_unchanged(&mut s, Player::role(REBEL, BLUE), veto.clone());
    assert!(e.to_string().contains("Rebel General"), "{e}");
    let ev = apply_as(&mut s, Player::role(REBEL, ORANGE), veto).unwrap();
    let said: Vec<String> = ev.iter().map(|e| e.kind.to_string()).collect();
    assert!(
        said.iter().any(|t| t.contains("Rebel General sends back") && t.contains("Jan Dodonna")),
        "{said:?}"
    );
    assert!(s.assignments.rebel.is_empty());
    assert!(s.hands.rebel.missions.contains(&hand[0]) && s.leader_pool.rebel.contains(&dodonna));
    // The same assignment is not offered again; another one is.
    let d = decision(&s).unwrap();
    assert!(!d.actions.contains(&first));
    let other = Action::Assign { mission: hand[1], leaders: Leaders::one(dodonna) };
    assert!(d.actions.contains(&other));
    // An assignment of the General's own leader is not the General's to veto (it is theirs).
    apply_as(
        &mut s,
        Player::role(REBEL, ORANGE),
        Action::Assign { mission: hand[2], leaders: Leaders::one(leader("general_rieekan")) },
    )
    .unwrap();
    assert!(!decision(&s).unwrap().actions.contains(&Action::Veto { mission: hand[2] }));
    // No veto in the two-player game.
    let mut two = started(7, None);
    while let Some(d) = decision(&two)
        && d.kind != PromptKind::AssignLeaders
    {
        apply(&mut two, d.seat, d.actions[0].clone()).unwrap();
    }
    let m = two.hands.rebel.missions[0];
    act(&mut two, REBEL, &format!("assign {m} jan_dodonna"));
    assert!(!decision(&two).unwrap().actions.iter().any(|a| matches!(a, Action::Veto { .. })));
}

#[test]
fn a_decision_for_either_player_is_put_to_the_player_in_turn_else_the_general_first() {
    let s = Scenario::new(2).players(Players::Four).team_turn(REBEL, BLUE).s;
    let either = |f| holonet::engine::rebellion::Decision::new(f, PromptKind::Respond, vec![]);
    // The Rebel Admiral's turn: a Rebel window goes to the Admiral first.
    assert_eq!(team::addressees(&s, &either(REBEL)), vec![BLUE, ORANGE]);
    // Not the Empire's turn: the Imperial General (who holds the mission hand) first.
    assert_eq!(team::addressees(&s, &either(EMPIRE)), vec![ORANGE, BLUE]);
    // A decision of one role is put to that role alone (a card window of one role is put to
    // the teammate too, who may hold a card: `tests/team_rules.rs`).
    let mut one = holonet::engine::rebellion::Decision::new(EMPIRE, PromptKind::CommandTurn, vec![]);
    one.role = Some(BLUE);
    assert_eq!(team::addressees(&s, &one), vec![BLUE]);
}

// Issue 37: a player with nothing to take is not named. In the Assignment Phase the Admiral is
// asked while a blue leader of the side is in the pool (or a card the side could hold fits the
// window): both public facts.
#[test]
fn an_admiral_with_no_leader_left_to_assign_is_not_named_and_the_channel_says_why() {
    // A seed whose Rebels could hold no card for the Assignment Phase: the leaders alone decide
    // who is named.
    let mut s = (1..100)
        .map(|seed| team_game(seed, Players::Four))
        .find(|s| !decision(s).expect("the Rebels assign").always_asked)
        .expect("a seed without an assignment card window");
    let p = Rebellion::prompt(&s).unwrap();
    assert_eq!((p.seat.as_str(), p.also.clone()), ("rebel-general", vec!["rebel-admiral".to_string()]));
    let why = Rebellion::prompt_why(&s, &p);
    assert!(why.contains("each player assigns their own leaders"), "{why}");
    let blue: Vec<_> = s.leader_pool.rebel.iter().copied().filter(|&l| team::colour(l) == BLUE).collect();
    assert!(!blue.is_empty(), "the Admiral starts with a leader");
    for l in blue {
        let mission = s.hands.rebel.missions[0];
        let assign = Action::Assign { mission, leaders: Leaders::one(l) };
        apply_as(&mut s, Player::role(REBEL, BLUE), assign).expect("the Admiral assigns his own leader");
    }
    let d = decision(&s).expect("still the Rebels' assignments");
    assert_eq!(d.kind, PromptKind::AssignLeaders);
    assert_eq!(team::addressees(&s, &d), [ORANGE], "only the General has anything to take");
    let p = Rebellion::prompt(&s).unwrap();
    assert_eq!((p.seat.as_str(), p.also.len()), ("rebel-general", 0), "the Admiral is not named");
    let why = Rebellion::prompt_why(&s, &p);
    assert!(why.contains("Rebel Admiral has no leader left to assign"), "{why}");
    // The two-player game explains nothing: one player decides everything of a side.
    let two = new_game(7, MatchOptions { quick_setup: true, ..Default::default() });
    let p = Rebellion::prompt(&two).unwrap();
    assert_eq!(Rebellion::prompt_why(&two, &p), "");
}
