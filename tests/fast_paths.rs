//! The shortcuts the engine takes for speed (issue 39) agree with the plain rules they stand
//! for, in every state of random games of the base game, Rise of the Empire and the team game:
//! the systems a mission condition allows worked out for all systems at once, the action
//! cards sorted by the moment and faction they answer, every leader's place found in one walk,
//! the tables worked out once from the catalog (the leaders a card shows, what an icon builds),
//! and the long lists of options (Assignment turns, Scrap steps, starting placements) told
//! without their list, and the start-of-Refresh objective window worked out after the playable
//! objectives. (Whole random games also play
//! exactly as before: `examples/playouts --digest`.)

use holonet::bot::sim::{Playout, playout, playout_with, random_option};
use holonet::content::{ActionCardId, Faction, LeaderId, SystemId, TargetCondition, UnitId, catalog};
use holonet::engine::rebellion::cards::actions::{Moment, shows, timed_for, timing_fits};
use holonet::engine::rebellion::cards::{Trigger, action_behavior};
use holonet::engine::rebellion::listing::Listing;
use holonet::engine::rebellion::mission::{system_ok, systems_meeting_all};
use holonet::engine::rebellion::objectives::{playable_at_refresh, refresh_window, refresh_window_after};
use holonet::engine::rebellion::phases::refresh::build_units;
use holonet::engine::rebellion::{
    MatchOptions, Options, Place, Players, Position, State, decision, new_game,
};
use holonet::engine::rng::GameRng;

/// Calls `check` on every state of a few random games of each kind of match.
fn every_state(mut check: impl FnMut(&State)) {
    let kinds = [
        MatchOptions::default(),
        MatchOptions { rise_of_the_empire: true, ..Default::default() },
        MatchOptions { players: Players::Four, ..Default::default() },
        MatchOptions { players: Players::Three, rise_of_the_empire: true, ..Default::default() },
    ];
    for options in kinds {
        for seed in 1..=4 {
            playout_with(seed, options.clone(), |_, s, _| check(s));
        }
    }
}

/// Every condition the missions and cards name, each kind once (and each named system,
/// icon and unit list as they appear).
fn conditions() -> Vec<TargetCondition> {
    let mut out: Vec<TargetCondition> = vec![];
    for m in &catalog().missions {
        for c in &m.conditions {
            if !out.contains(c) {
                out.push(c.clone());
            }
        }
    }
    out
}

#[test]
fn the_systems_meeting_mission_conditions_are_those_system_ok_accepts() {
    let conditions = conditions();
    // Every single condition, and every mission's whole list.
    let mut lists: Vec<Vec<TargetCondition>> = conditions.iter().map(|c| vec![c.clone()]).collect();
    lists.extend(catalog().missions.iter().map(|m| m.conditions.clone()));
    lists.push(vec![]);
    let mut met = 0;
    every_state(|s| {
        for list in &lists {
            let set = systems_meeting_all(s, list);
            for x in SystemId::all() {
                let ok = list.iter().all(|c| system_ok(s, x, c));
                assert_eq!(set >> x.0 & 1 == 1, ok, "{x} and {list:?} at version {}", s.version);
                met += usize::from(ok);
            }
        }
    });
    assert!(met > 0, "some system met some condition");
}

#[test]
fn the_cards_timed_for_a_moment_are_those_whose_timing_fits_it() {
    let mut moments = vec![Moment::Assignment, Moment::StartOfCombat { place: Place::BaseSpace }];
    // Every moment a "special" card names (a trigger no card names has no card either way).
    let mut triggers: Vec<Trigger> = vec![];
    for trigger in ActionCardId::all().filter_map(|a| action_behavior(a).trigger) {
        if !triggers.contains(&trigger) {
            triggers.push(trigger);
        }
    }
    for trigger in triggers {
        moments.push(Moment::Trigger { trigger, place: None, mission_leaders: vec![], captured: None });
    }
    let mut timed = 0;
    for m in &moments {
        for f in Faction::BOTH {
            let fits: Vec<ActionCardId> = ActionCardId::all()
                .filter(|&a| timing_fits(a, m) && catalog().action_card(a).faction == f)
                .collect();
            assert_eq!(timed_for(m, f), fits.as_slice(), "{m:?} {f:?}");
            timed += fits.len();
        }
    }
    assert!(timed > 0, "some card is timed for some moment");
}

#[test]
fn every_leaders_place_found_in_one_walk_is_where_leader_place_finds_him() {
    let mut on_board = 0;
    every_state(|s| {
        let places = s.leader_places();
        for l in LeaderId::all() {
            assert_eq!(places.get(l), s.leader_place(l), "{l:?} at version {}", s.version);
            on_board += usize::from(places.get(l).is_some());
        }
    });
    assert!(on_board > 0, "some leader stood on the board");
}

#[test]
fn the_leaders_a_card_shows_are_its_printed_ones_with_luke_as_a_jedi_for_luke() {
    let c = catalog();
    let (luke, jedi) = (c.leader_by_key("luke_skywalker"), c.leader_by_key("luke_skywalker_jedi"));
    let (mut shown, mut as_jedi) = (0, 0);
    for a in ActionCardId::all() {
        let printed = &c.action_card(a).leaders;
        for l in LeaderId::all() {
            let jedi_for_luke = Some(l) == jedi && luke.is_some_and(|x| printed.contains(&x));
            assert_eq!(shows(a, l), printed.contains(&l) || jedi_for_luke, "{a} shows {l}");
            shown += usize::from(shows(a, l));
            as_jedi += usize::from(jedi_for_luke);
        }
    }
    assert!(shown > 0 && as_jedi > 0, "cards show leaders, and some show Luke Skywalker");
}

#[test]
fn what_an_icon_builds_is_the_catalogs_first_option_for_it_without_boxes_left_out() {
    let mut left_out = 0;
    for rise_of_the_empire in [false, true] {
        let s = new_game(1, MatchOptions { rise_of_the_empire, ..Default::default() });
        for f in Faction::BOTH {
            let options = catalog().build_options.get(f);
            for o in options {
                let first = options.iter().find(|x| x.icon == o.icon).expect("o itself");
                let plain: Vec<UnitId> = first.units.iter().copied().filter(|&u| s.unit_in_play(u)).collect();
                assert_eq!(build_units(&s, f, o.icon), plain.as_slice(), "{f} {:?}", o.icon);
                left_out += first.units.len() - plain.len();
            }
        }
    }
    assert!(left_out > 0, "a base match leaves some expansion unit out of the build options");
}

#[test]
fn the_options_told_without_their_list_are_those_the_decision_lists() {
    let (mut assignments, mut scraps, mut placements) = (0, 0, 0);
    every_state(|s| {
        let d = decision(s);
        // The listing itself, wherever one is made.
        if let Some(l) = Listing::of(s) {
            let d = d.as_ref().expect("a listed turn is a decision");
            assert_eq!((l.seat(), l.count()), (d.seat, d.actions.len()), "at version {}", s.version);
            for (i, a) in d.actions.iter().enumerate() {
                assert_eq!(l.get(s, i).as_ref(), Some(a), "option {i} at version {}", s.version);
            }
            assert_eq!(l.get(s, d.actions.len()), None);
            match l {
                Listing::Assignment(_) => assignments += 1,
                Listing::Scrap(_) => scraps += 1,
                Listing::Placement(_) => placements += 1,
            }
        }
        // A position tells the same options, listed or built, and builds the same decision.
        let pos = Position::new(s.clone());
        assert_eq!(pos.options(), d.as_ref().map(Options::of), "at version {}", s.version);
        let count = d.as_ref().map_or(0, |d| d.actions.len());
        for i in 0..=count {
            assert_eq!(pos.option(i), d.as_ref().and_then(|d| d.actions.get(i).cloned()));
        }
        assert_eq!(pos.decision(), d.as_ref());
    });
    let listed = format!("{assignments} assignment turns, {scraps} scrap steps, {placements} placements");
    assert!(assignments > 100 && scraps > 20 && placements > 20, "listed: {listed}");
}

/// The Rebels' start-of-Refresh objective window, worked out after the playable objectives
/// (`refresh_window_after`, which does not judge the hand twice), opens exactly when the plain
/// rule (`refresh_window`: an objective they hold or could hold fits) says it does.
#[test]
fn the_refresh_window_after_the_playable_objectives_is_the_plain_rules() {
    let (mut open, mut shut, mut playable) = (0, 0, 0);
    every_state(|s| {
        // Each state as it is; with no objective left unheld, where only the hand opens the
        // window (random games leave it shut too rarely otherwise); and with an empty hand,
        // which keeps it shut whatever could be held.
        let mut held_only = s.clone();
        held_only.decks.objectives.clear();
        held_only.rote_cards.boxed_objectives.clear();
        let mut no_hand = s.clone();
        no_hand.hands.rebel.objectives.clear();
        for s in [s, &held_only, &no_hand] {
            let cards = playable_at_refresh(s);
            let plain = refresh_window(s);
            assert_eq!(refresh_window_after(s, &cards), plain, "at version {}", s.version);
            if plain {
                open += 1
            } else {
                shut += 1
            }
            playable += usize::from(!cards.is_empty());
        }
    });
    assert!(open > 100 && shut > 100 && playable > 10, "open {open}, shut {shut}, playable {playable}");
}

/// Options played without keeping their events (`Position::play_option`, the random playouts'
/// and the computer's way) change the state exactly as when the events are kept, at every step
/// of random games of each kind of match; and the playout that keeps none plays the same game.
#[test]
fn options_played_untold_leave_the_same_state_as_when_told() {
    let kinds = [
        MatchOptions::default(),
        MatchOptions { rise_of_the_empire: true, ..Default::default() },
        MatchOptions { players: Players::Four, ..Default::default() },
        MatchOptions { players: Players::Three, rise_of_the_empire: true, ..Default::default() },
    ];
    let mut told = 0;
    for options in kinds {
        for seed in 1..=4 {
            let mut kept = Position::new(new_game(seed, options.clone()));
            let mut untold = kept.clone();
            let mut rng = GameRng::from_seed(seed);
            while let Some(o) = kept.options() {
                let i = random_option(&o, &mut rng);
                told += kept.apply_option(i).expect("a listed option applies").len();
                untold.play_option(i).expect("the same option applies");
                assert_eq!(untold.state(), kept.state(), "seed {seed}, version {}", kept.state().version);
                assert_eq!(untold.options(), kept.options());
            }
            let quiet = playout(seed, options.clone());
            let loud = playout_with(seed, options.clone(), |_, _, _| {});
            assert_eq!(quiet.state, loud.state, "seed {seed}");
            let actions =
                |p: &Playout| p.steps.iter().map(|s| (s.seat, s.action.clone())).collect::<Vec<_>>();
            assert_eq!(actions(&quiet), actions(&loud), "seed {seed}");
        }
    }
    // The kept positions did tell something: the untold ones had events to leave out.
    assert!(told > 10_000, "{told} events told");
}
