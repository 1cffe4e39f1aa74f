//! Robustness in the spirit of a fuzz target: during random playouts, every action from the
//! wrong seat and every random (mostly illegal) action must be refused with a typed error and
//! leave the state exactly as it was; anything the engine accepts must have been listed.

use holonet::content::*;
use holonet::engine::rebellion::{Action, MatchOptions, Place, RuleError, Target, apply, decision, new_game};
use holonet::engine::rng::GameRng;

fn pick<T: Copy>(rng: &mut GameRng, items: &[T]) -> T {
    items[rng.below(items.len())]
}

/// A random action of any kind, with random ids.
fn random_action(rng: &mut GameRng) -> Action {
    let systems: Vec<SystemId> = SystemId::all().collect();
    let units: Vec<UnitId> = UnitId::all().collect();
    let leaders: Vec<LeaderId> = LeaderId::all().collect();
    let missions: Vec<MissionId> = MissionId::all().collect();
    let place = |rng: &mut GameRng| {
        if rng.below(8) == 0 { Place::BaseSpace } else { Place::System(pick(rng, &systems)) }
    };
    match rng.below(16) {
        0 => Action::Place { place: place(rng), unit: pick(rng, &units), count: rng.below(4) as u8 },
        1 => Action::ChooseBase { system: pick(rng, &systems) },
        2 => Action::Assign { mission: pick(rng, &missions), leaders: pick(rng, &leaders).into() },
        3 => Action::Reveal {
            mission: pick(rng, &missions),
            target: Some(Target::Place(Place::System(pick(rng, &systems)))),
        },
        4 => Action::Activate { place: place(rng), leader: pick(rng, &leaders) },
        5 => Action::Move { from: place(rng), unit: pick(rng, &units), count: 1 + rng.below(3) as u8 },
        6 => Action::Oppose { leader: pick(rng, &leaders) },
        7 => Action::AddLeader { leader: pick(rng, &leaders) },
        8 => Action::Damage { die: rng.below(6) as u8, unit: rng.below(12) as u8 },
        9 => Action::Retreat { leader: pick(rng, &leaders), to: pick(rng, &systems) },
        10 => Action::Deploy { unit: pick(rng, &units), place: place(rng) },
        11 => Action::Build { unit: pick(rng, &units) },
        12 => Action::Mode { n: rng.below(4) as u8 },
        13 => Action::Pass,
        14 => Action::RevealBase,
        _ => Action::Done,
    }
}

#[test]
fn wrong_seats_and_random_actions_never_change_the_state() {
    for seed in 0..6u64 {
        let mut state = new_game(seed, MatchOptions::default());
        let mut rng = GameRng::from_seed(seed + 1000);
        let mut steps = 0;
        while let Some(d) = decision(&state) {
            let before = state.clone();
            let other = d.seat.opponent();
            let legal = d.actions[rng.below(d.actions.len())].clone();
            match apply(&mut state, other, legal.clone()) {
                Err(RuleError::NotYourDecision { waiting, .. }) => assert_eq!(waiting, d.seat),
                other => panic!("seed {seed}: wrong seat was not refused: {other:?}"),
            }
            assert_eq!(state, before, "a refused action changed the state");
            for _ in 0..4 {
                let a = random_action(&mut rng);
                let listed = d.actions.contains(&a);
                let mut probe = state.clone();
                match apply(&mut probe, d.seat, a.clone()) {
                    Ok(_) => assert!(listed, "accepted an unlisted action {a:?}"),
                    Err(e) => {
                        assert!(!listed, "refused a listed action {}: {e}", a.command());
                        assert!(!e.to_string().is_empty());
                        assert_eq!(probe, state, "a refused action changed the state");
                    }
                }
            }
            apply(&mut state, d.seat, legal).expect("a listed action applies");
            steps += 1;
            assert!(steps < 100_000);
        }
        assert!(state.winner.is_some());
    }
}

#[test]
fn every_listed_command_parses_back_to_the_same_action() {
    for seed in 0..3u64 {
        let mut state = new_game(seed, MatchOptions::default());
        let mut rng = GameRng::from_seed(seed);
        while let Some(d) = decision(&state) {
            for a in &d.actions {
                let text = a.command();
                assert_eq!(Action::parse(&text).as_ref(), Ok(a), "`{text}` does not parse back");
            }
            let a = d.actions[rng.below(d.actions.len())].clone();
            apply(&mut state, d.seat, a).unwrap();
        }
    }
}

/// `Position::apply_option` (how random players answer, by position) does what `apply` does
/// with the same action, keeps the decision it returns equal to `decision` of the new state,
/// and refuses an index past the options without changing anything.
#[test]
fn applying_an_option_by_position_is_applying_that_action() {
    use holonet::engine::rebellion::Position;
    for seed in 0..4u64 {
        let mut game = Position::new(new_game(seed, MatchOptions::default()));
        let mut plain = game.state().clone();
        let mut rng = GameRng::from_seed(seed + 2000);
        let mut steps = 0;
        while let Some(d) = game.decision().cloned() {
            let before = game.state().clone();
            let past = game.apply_option(d.actions.len());
            assert!(matches!(past, Err(RuleError::Illegal { .. })), "{past:?}");
            assert_eq!(game.state(), &before, "a refused index changed the state");
            assert_eq!(game.decision(), Some(&d));
            let i = rng.below(d.actions.len());
            let events = game.apply_option(i).expect("a listed option applies");
            assert_eq!(
                apply(&mut plain, d.seat, d.actions[i].clone()).expect("the same action applies"),
                events
            );
            assert_eq!(game.state(), &plain);
            assert_eq!(game.decision(), decision(&plain).as_ref());
            steps += 1;
            assert!(steps < 100_000);
        }
        assert!(game.state().winner.is_some());
        assert!(game.apply_option(0).is_err(), "nothing to answer once the game is over");
    }
}
