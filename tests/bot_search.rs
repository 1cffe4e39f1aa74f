//! The computer's search on small positions: a win it must find, a losing move it must avoid,
//! the one-ply greedy baseline on the same, reproducibility, the Empire's reserve of leaders
//! and the pull of a known base on Imperial troops.

mod support;

use holonet::bot::eval::value;
use holonet::bot::{Budget, EMPIRE_RESERVE, choose, considered, greedy};
use holonet::content::Faction;
use holonet::engine::rebellion::{Action, Players, State, apply, decision};
use support::*;

/// Lets the computer answer every decision of `side` until the other side must decide, the
/// game ends or `limit` decisions were taken; returns what it did.
fn computer_plays(s: &mut State, side: Faction, budget: Budget, limit: usize) -> Vec<String> {
    let mut done = vec![];
    for n in 0..limit {
        let Some(d) = decision(s) else { break };
        if d.seat != side {
            break;
        }
        let c = choose(s, budget, 7 + n as u64).expect("the computer answers");
        done.push(c.action.command());
        apply(s, side, c.action).expect("the computer's choice is legal");
    }
    done
}

/// The Rebel base revealed in Dantooine with nothing of the Rebels in it, a Star Destroyer next
/// door in Mygeeto: the Empire wins by activating Dantooine and moving it in.
fn win_in_two() -> State {
    Scenario::new(3)
        .clear()
        .base("dantooine", true)
        .units("mygeeto", "star_destroyer", 1)
        .units("hoth", "x_wing", 1)
        .command(EMPIRE)
        .build()
}

#[test]
fn the_computer_finds_the_win_activating_the_base_and_moving_in() {
    let mut s = win_in_two();
    let moves = computer_plays(&mut s, EMPIRE, Budget::Iterations(200), 6);
    assert_eq!(s.winner, Some(EMPIRE), "the Empire should have won; it played {moves:?}");
    assert!(moves[0].starts_with("activate dantooine"), "{moves:?}");
}

#[test]
fn the_computer_finds_the_win_even_with_a_tiny_budget() {
    // The one-ply look-ahead judges an activation by its best first move: the win is seen
    // before any search.
    let mut s = win_in_two();
    computer_plays(&mut s, EMPIRE, Budget::Iterations(1), 6);
    assert_eq!(s.winner, Some(EMPIRE));
}

/// The Rebel base revealed in Dantooine, held by one X-wing against an Imperial Star Destroyer;
/// the Rebels have activated Dathomir next door and may move the X-wing out — and lose at once.
fn losing_move_offered() -> State {
    let mut s = Scenario::new(3)
        .clear()
        .base("dantooine", true)
        .units("dantooine", "x_wing", 1)
        .units("dantooine", "star_destroyer", 1)
        .units("hoth", "y_wing", 1)
        .command(REBEL)
        .build();
    act(&mut s, REBEL, "activate dathomir jan_dodonna");
    assert!(is_legal(&s, "move dantooine x_wing 1"), "the losing move is offered");
    s
}

#[test]
fn the_computer_never_moves_the_last_defender_out_of_its_base() {
    for seed in 0..5 {
        let mut s = losing_move_offered();
        let c = choose(&s, Budget::Iterations(100), seed).expect("the computer answers");
        assert_ne!(c.action.command(), "move dantooine x_wing 1", "seed {seed}");
        apply(&mut s, REBEL, c.action).expect("legal");
        assert_eq!(s.winner, None, "seed {seed}");
    }
}

#[test]
fn the_greedy_baseline_sees_one_move_ahead_too() {
    let s = losing_move_offered();
    for seed in 0..5 {
        let c = greedy(&s, seed).expect("an answer");
        assert_ne!(c.action.command(), "move dantooine x_wing 1");
    }
    let mut s = win_in_two();
    for n in 0..6 {
        let Some(d) = decision(&s) else { break };
        if d.seat != EMPIRE {
            break;
        }
        let c = greedy(&s, n).expect("an answer");
        apply(&mut s, EMPIRE, c.action).expect("legal");
    }
    assert_eq!(s.winner, Some(EMPIRE));
}

#[test]
fn the_same_seed_and_iterations_give_the_same_choice_and_the_choice_is_legal() {
    let s = started(11, None);
    let d = decision(&s).expect("a decision");
    let a = choose(&s, Budget::Iterations(40), 5).expect("an answer");
    let b = choose(&s, Budget::Iterations(40), 5).expect("an answer");
    assert_eq!(a, b);
    assert_eq!(a.iterations, 40);
    assert_eq!(d.actions[a.index], a.action);
}

#[test]
fn a_time_budget_is_kept() {
    let s = started(12, None);
    let t = std::time::Instant::now();
    let c = choose(&s, Budget::Millis(30), 1).expect("an answer");
    // Generous: a loaded test machine. The budget is a target, not a promise.
    assert!(t.elapsed() < std::time::Duration::from_millis(1_500), "{:?}", t.elapsed());
    assert!(c.iterations > 0);
}

#[test]
fn a_team_role_takes_only_its_own_leaders_and_leaves_the_end_to_a_person_teammate() {
    use holonet::bot::{Teammate, choose_as};
    use holonet::content::TeamColour;
    use holonet::engine::rebellion::{Player, team};
    // More free leaders than the Empire keeps back, so that either role has missions to weigh.
    let s = every_imperial_leader_free(3, Players::Four);
    let d = decision(&s).expect("the Empire assigns");
    let colours: Vec<TeamColour> = s.leader_pool.get(EMPIRE).iter().map(|&l| team::colour(l)).collect();
    assert!(colours.contains(&TeamColour::Blue) && colours.contains(&TeamColour::Orange));
    for seed in 1..=6 {
        for colour in TeamColour::BOTH {
            let me = Player::role(EMPIRE, colour);
            for teammate in [Teammate::Absent, Teammate::Asked] {
                let Some(c) = choose_as(&s, me, teammate, Budget::Iterations(20), seed) else {
                    // Nothing of its own left but the end, which a person teammate decides.
                    assert_eq!(teammate, Teammate::Asked);
                    continue;
                };
                assert!(team::check(&s, &d, me, &c.action).is_ok(), "{colour:?} took {}", c.action.command());
                if let Action::Assign { leaders, .. } = &c.action {
                    assert!(leaders.iter().all(|&l| team::colour(l) == colour), "{}", c.action.command());
                }
                assert!(
                    !(teammate == Teammate::Asked && c.action == Action::Done),
                    "it ended the assignments for a person teammate"
                );
            }
        }
    }
    // The other side's decision is not the role's to answer.
    assert_eq!(
        choose_as(&s, Player::role(REBEL, TeamColour::Blue), Teammate::Absent, Budget::Iterations(5), 1),
        None
    );
}

#[test]
fn the_empire_keeps_its_reserve_of_leaders_back_from_missions() {
    // With every Imperial leader free and a hand of missions, the search would happily spend
    // them all on missions; the Empire keeps `EMPIRE_RESERVE` back to activate and oppose.
    let mut sent = 0;
    for seed in 1..=4 {
        let mut s = every_imperial_leader_free(seed, Players::Two);
        let before = s.leader_pool.get(EMPIRE).len();
        assert!(before > EMPIRE_RESERVE, "seed {seed}: the test needs more free leaders than the reserve");
        let moves = computer_plays(&mut s, EMPIRE, Budget::Iterations(40), 10);
        // Counted on missions only: an action card may send a leader elsewhere.
        let on_missions: usize = s.assignments.get(EMPIRE).iter().map(|a| a.leaders.len()).sum();
        sent += on_missions;
        assert!(
            before - on_missions >= EMPIRE_RESERVE,
            "seed {seed}: {on_missions} of {before} leaders on missions: {moves:?}"
        );
        assert_eq!(moves.last().map(String::as_str), Some("done"), "seed {seed}: {moves:?}");
    }
    assert!(sent > 0, "the spare leaders should go on missions in some of the games");
}

/// The Assignment Phase of seed `seed` (with `players`) with every Imperial leader of the base
/// game in the Empire's pool: more than the reserve, so some may go on missions.
fn every_imperial_leader_free(seed: u64, players: Players) -> State {
    let leaders = [
        "general_tagge",
        "admiral_ozzel",
        "admiral_piett",
        "soontir_fel",
        "janus_greejatus",
        "general_veers",
        "colonel_yularen",
        "moff_jerjerrod",
        "boba_fett",
    ];
    let start = Scenario::new(seed).players(players);
    let s = leaders.iter().fold(start, |s, l| s.in_pool(l)).assignment(EMPIRE).build();
    assert!(s.leader_pool.get(EMPIRE).len() > EMPIRE_RESERVE + 1, "seed {seed}: too few free leaders");
    s
}

#[test]
fn only_the_empire_keeps_leaders_back_and_only_from_missions() {
    let assigns = |s: &State| {
        let d = decision(s).expect("a decision");
        let kept = considered(s, &d);
        assert!(kept.iter().any(|&i| d.actions[i].command() == "done"), "done is always weighed");
        kept.iter()
            .filter(|&&i| d.actions[i].command().starts_with("assign"))
            .map(|&i| d.actions[i].clone())
            .collect::<Vec<_>>()
    };
    // One free Imperial leader beyond the reserve: only one of them may go, alone.
    let mut empire = every_imperial_leader_free(2, Players::Two);
    empire.leader_pool.get_mut(EMPIRE).truncate(EMPIRE_RESERVE + 1);
    let one = assigns(&empire);
    assert!(!one.is_empty());
    assert!(one.iter().all(|a| matches!(a, Action::Assign { leaders, .. } if leaders.len() == 1)), "{one:?}");
    // The reserve alone: none may go.
    empire.leader_pool.get_mut(EMPIRE).truncate(EMPIRE_RESERVE);
    assert_eq!(assigns(&empire), vec![]);
    // The Rebels weigh every assignment, even of their last leader.
    let rebels = Scenario::new(2).assignment(REBEL).build();
    let d = decision(&rebels).expect("a decision");
    assert_eq!(considered(&rebels, &d).len(), d.actions.len());
    assert!(!assigns(&rebels).is_empty());
}

/// The Rebel base revealed in Dantooine, and an Imperial army of three Stormtroopers and an
/// AT-AT in system `at`.
fn army_and_known_base(at: &str) -> Scenario {
    Scenario::new(3).clear().base("dantooine", true).units(at, "stormtrooper", 3).units(at, "at_at", 1)
}

#[test]
fn imperial_troops_count_more_against_a_known_base_with_every_jump_closer() {
    // The base revealed in Dantooine; the same Imperial army three jumps away (Saleucami), two
    // (Yavin) and one (Mygeeto). Without the distant term the first two were worth the same, and
    // an Empire that knew the base never marched on it.
    let empire_value = |at: &str| value(&army_and_known_base(at).command(EMPIRE).build(), EMPIRE);
    let (three, two, one) = (empire_value("saleucami"), empire_value("yavin"), empire_value("mygeeto"));
    assert!(two > three, "two jumps {two} should beat three {three}");
    assert!(one > two, "one jump {one} should beat two {two}");
}

#[test]
fn imperial_ships_count_against_rebel_ships_guarding_a_known_base() {
    // The base revealed in Dantooine with an Imperial army next door (Mygeeto), with an Assault
    // Carrier to take it there; the same Star Destroyer one jump away (Mygeeto) or nine
    // (Coruscant). The base falls only when no Rebel unit is left in its system, so while
    // Y-wings guard it the Star Destroyer close by is worth more; without Rebel ships there,
    // where it stands does not matter to the hunt. Before ships counted, an Empire stood beside
    // a known base guarded by two Y-wings for three rounds (seed 71 at 400 iterations).
    let empire_value = |ship_at: &str, guarded: bool| {
        let mut b = army_and_known_base("mygeeto")
            .units("mygeeto", "assault_carrier", 1)
            .units(ship_at, "star_destroyer", 1)
            .units("dantooine", "rebel_trooper", 1);
        if guarded {
            b = b.units("dantooine", "y_wing", 2);
        }
        value(&b.command(EMPIRE).build(), EMPIRE)
    };
    let (near, far) = (empire_value("mygeeto", true), empire_value("coruscant", true));
    assert!(near > far + 1e-4, "guarded: a Star Destroyer next door {near} should beat one far away {far}");
    let (near, far) = (empire_value("mygeeto", false), empire_value("coruscant", false));
    assert!(
        (near - far).abs() < 1e-9,
        "unguarded: next door {near} and far away {far} should be worth the same"
    );
}

#[test]
fn with_three_candidates_left_a_trooper_next_to_one_outweighs_four_loyal_systems() {
    // The base hidden in Dantooine, and only Yavin and Mon Calamari left in the probe deck:
    // three systems it could be in. An Imperial army stands next to Dantooine (Mygeeto); a lone
    // Stormtrooper stands next to Yavin (Mandalore), or three jumps from it (Corellia) with four
    // more systems loyal to the Empire. Only ground units rule a system out, so with so few
    // candidates left marching on them is worth more than loyalty. Before the approach term
    // counted, an Empire that had narrowed the base to three systems far from its troops spent
    // three rounds activating other systems and lost (seed 84 at 400 iterations).
    let empire_value = |trooper_at: &str, loyal: &[&str]| {
        let mut b = Scenario::new(3)
            .clear()
            .base("dantooine", false)
            .units("mygeeto", "stormtrooper", 3)
            .units("dantooine", "rebel_trooper", 1)
            .units(trooper_at, "stormtrooper", 1);
        for &x in loyal {
            b = b.loyalty(x, Some(EMPIRE));
        }
        let mut s = b.command(EMPIRE).build();
        s.decks.probes = vec![sys("yavin"), sys("mon_calamari")];
        assert_eq!(holonet::bot::eval::base_candidates(&s).count(), 3);
        value(&s, EMPIRE)
    };
    let marching = empire_value("mandalore", &[]);
    let holding = empire_value("corellia", &["naboo", "sullust", "rodia", "bothawui"]);
    assert!(marching > holding, "next to Yavin {marching} should beat four loyal systems {holding}");
}

/// The base hidden in Dantooine, and the probe deck empty: the only system it could be in. Next
/// door (Mygeeto) stand a Star Destroyer (room for six units), five TIE fighters and two
/// Stormtroopers; a Rebel Trooper defends the base.
fn the_last_candidate_and_an_army_next_door() -> State {
    let mut s = Scenario::new(3)
        .clear()
        .base("dantooine", false)
        .units("dantooine", "rebel_trooper", 1)
        .units("mygeeto", "star_destroyer", 1)
        .units("mygeeto", "tie_fighter", 5)
        .units("mygeeto", "stormtrooper", 2)
        .command(EMPIRE)
        .build();
    s.decks.probes = vec![];
    assert_eq!(holonet::bot::eval::base_candidates(&s).count(), 1);
    s
}

#[test]
fn the_empire_next_to_a_candidate_goes_in_with_its_troops_not_its_fighters() {
    // Only ground units search a system or take the base, and they need the Star Destroyer's
    // room, which the TIE fighters would take. The priors judge an activation and each move by
    // where the movement ends with everything that can come brought along; judged by its first
    // move only, activating Dantooine showed a ship arriving and nothing more, and an Empire
    // stood next to its last candidates for rounds (seeds 47 and 145 at 400 iterations): here
    // it passed. With one iteration the choice is the best prior.
    let mut s = the_last_candidate_and_an_army_next_door();
    let moves = computer_plays(&mut s, EMPIRE, Budget::Iterations(1), 8);
    assert!(moves[0].starts_with("activate dantooine"), "{moves:?}");
    assert!(s.base.revealed, "the troops stayed out: {moves:?}");
    let first = |unit: &str| moves.iter().position(|m| m.contains(unit)).unwrap_or(usize::MAX);
    assert!(first("stormtrooper") < first("tie_fighter"), "{moves:?}");
}

#[test]
fn moving_into_a_candidate_the_empire_weighs_no_fighters_while_troops_could_take_their_room() {
    // The search could not tell the two orders apart, and an Empire flew nine TIE fighters into
    // a known base and left seven Stormtroopers next door (seed 99 at 400 iterations).
    let weighed = |target: &str, moved: &[&str], fighters: &str| {
        let mut s = the_last_candidate_and_an_army_next_door();
        act(&mut s, EMPIRE, &format!("activate {target} general_tagge"));
        for m in moved {
            act(&mut s, EMPIRE, m);
        }
        let d = decision(&s).expect("the Empire moves");
        assert!(is_legal(&s, fighters), "{fighters} is legal after {moved:?}");
        considered(&s, &d).into_iter().map(|i| d.actions[i].command()).collect::<Vec<_>>()
    };
    let ship = "move mygeeto star_destroyer 1";
    let into_base = weighed("dantooine", &[ship], "move mygeeto tie_fighter 5");
    assert!(into_base.contains(&"move mygeeto stormtrooper 2".to_string()), "{into_base:?}");
    assert!(!into_base.iter().any(|a| a.contains("tie_fighter")), "{into_base:?}");
    // Once the troops are aboard, the fighters may fill the room left.
    let aboard = weighed("dantooine", &[ship, "move mygeeto stormtrooper 2"], "move mygeeto tie_fighter 4");
    assert!(aboard.contains(&"move mygeeto tie_fighter 4".to_string()), "{aboard:?}");
    // Into a system the base cannot be in, the fighters are weighed like any move.
    let elsewhere = weighed("dathomir", &[ship], "move mygeeto tie_fighter 5");
    assert!(elsewhere.contains(&"move mygeeto tie_fighter 5".to_string()), "{elsewhere:?}");
}

#[test]
fn imperial_troops_next_to_a_known_base_count_in_full_only_with_room_on_ships_beside_them() {
    // The base revealed in Dantooine; an Imperial army next door (Mygeeto), with an Assault
    // Carrier beside it or nine jumps away (Coruscant). Ground units move only aboard ships:
    // before this counted, an Empire kept armies with no ships next to its last candidate for
    // three rounds, sure of a threat it could not carry out (seed 47 at 400 iterations).
    let empire_value = |carrier_at: &str| {
        let s = army_and_known_base("mygeeto")
            .units("dantooine", "rebel_trooper", 1)
            .units(carrier_at, "assault_carrier", 1)
            .command(EMPIRE)
            .build();
        value(&s, EMPIRE)
    };
    let (carried, stranded) = (empire_value("mygeeto"), empire_value("coruscant"));
    assert!(carried > stranded + 1e-3, "with its carrier {carried} should beat without {stranded}");
}
