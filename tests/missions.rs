//! Mission cards (Rules Reference: Mission Cards, Skills, Loyalty, Subjugation) and the eight
//! starting missions.

mod support;

use holonet::content::{DieFace, Faction, SystemId};
use holonet::engine::rebellion::event::{Event, EventKind};
use holonet::engine::rebellion::flow::Ctx;
use holonet::engine::rebellion::{PromptKind, State, decision, loyalty};
use support::*;

/// Dice rolled for a mission per faction, and the mission result, from the events.
fn dice_and_result(ev: &[Event]) -> (Vec<DieFace>, Vec<DieFace>, Option<bool>, usize) {
    let (mut rebel, mut empire, mut result, mut rolls) = (vec![], vec![], None, 0);
    for e in ev {
        match &e.kind {
            EventKind::DiceRolled { faction, faces, .. } => {
                rolls += 1;
                match faction {
                    Faction::Rebel => rebel = faces.clone(),
                    Faction::Empire => empire = faces.clone(),
                }
            }
            EventKind::MissionResult { success, .. } => result = Some(*success),
            _ => {}
        }
    }
    (rebel, empire, result, rolls)
}

fn successes(f: &[DieFace]) -> u32 {
    f.iter().map(|d| d.mission_successes()).sum()
}

/// A cleared board with the base hidden in Dantooine and a Rebel Command Phase turn.
fn board(seed: u64) -> Scenario {
    Scenario::new(seed).clear().base("dantooine", false)
}

#[test]
fn die_faces_count_hit_one_direct_hit_one_special_two() {
    assert_eq!(DieFace::Blank.mission_successes(), 0);
    assert_eq!(DieFace::Hit.mission_successes(), 1);
    assert_eq!(DieFace::DirectHit.mission_successes(), 1);
    assert_eq!(DieFace::Special.mission_successes(), 2);
}

#[test]
fn skill_requirement_is_checked_at_reveal_not_at_assignment() {
    let mut s = board(1).assignment(REBEL).build();
    // Mon Mothma has no spec-ops icon, yet may be assigned to Sabotage (facedown).
    assert!(is_legal(&s, "assign sabotage mon_mothma"));
    act(&mut s, REBEL, "assign sabotage mon_mothma");
    act(&mut s, REBEL, "assign build_alliance princess_leia");
    act(&mut s, REBEL, "done");
    act(&mut s, EMPIRE, "done");
    assert_eq!(decision(&s).unwrap().kind, PromptKind::CommandTurn);
    assert!(legal(&s).iter().all(|a| !a.starts_with("reveal sabotage")), "requirement not met");
    assert!(is_legal(&s, "reveal build_alliance alderaan"));
    let e = refuse(&mut s, REBEL, "reveal sabotage alderaan");
    assert!(e.to_string().contains("icons"), "{e}");
}

#[test]
fn opposed_missions_need_more_successes_than_the_opponent() {
    let (mut wins, mut losses) = (0, 0);
    for seed in 0..40 {
        let mut s = board(seed).assign(REBEL, "build_alliance", &["princess_leia"]).command(REBEL).build();
        act(&mut s, REBEL, "reveal build_alliance alderaan");
        assert_eq!(decision(&s).unwrap().kind, PromptKind::Oppose);
        let ev = act(&mut s, EMPIRE, "oppose emperor_palpatine");
        let (r, e, result, _) = dice_and_result(&ev);
        assert_eq!(r.len(), 2, "Leia has 2 diplomacy icons");
        assert_eq!(e.len(), 3, "Palpatine has 3 diplomacy icons");
        let success = successes(&r) > successes(&e);
        assert_eq!(result, Some(success), "seed {seed}: {r:?} vs {e:?} (ties fail)");
        assert_eq!(s.sys(sys("alderaan")).loyalty == Some(REBEL), success);
        if success { wins += 1 } else { losses += 1 }
    }
    assert!(wins > 0 && losses > 0, "both outcomes occur ({wins}/{losses})");
}

#[test]
fn unopposed_missions_succeed_without_dice() {
    let mut s = board(2).assign(REBEL, "build_alliance", &["jan_dodonna"]).command(REBEL).build();
    act(&mut s, REBEL, "reveal build_alliance alderaan");
    let ev = act(&mut s, EMPIRE, "done");
    let (_, _, result, rolls) = dice_and_result(&ev);
    assert_eq!(rolls, 0, "no dice are rolled");
    assert_eq!(result, Some(true));
    assert_eq!(s.sys(sys("alderaan")).loyalty, Some(REBEL));
}

/// Jan Dodonna reveals Build Alliance in Alderaan, where General Tagge (no diplomacy icon)
/// stands and so opposes it: the events of the roll and the result.
fn tagge_opposes_build_alliance(seed: u64) -> Vec<Event> {
    let mut s = board(seed)
        .leader_at("alderaan", "general_tagge")
        .assign(REBEL, "build_alliance", &["jan_dodonna"])
        .command(REBEL)
        .build();
    act(&mut s, REBEL, "reveal build_alliance alderaan");
    act(&mut s, EMPIRE, "done")
}

#[test]
fn an_opposing_leader_without_icons_still_forces_at_least_one_success() {
    let (mut wins, mut losses) = (0, 0);
    for seed in 0..40 {
        let ev = tagge_opposes_build_alliance(seed);
        let (r, e, result, rolls) = dice_and_result(&ev);
        assert_eq!(rolls, 2, "the mission is opposed, so both sides roll");
        assert_eq!(r.len(), 1);
        assert!(e.is_empty());
        assert_eq!(result, Some(successes(&r) >= 1), "seed {seed}");
        if result == Some(true) { wins += 1 } else { losses += 1 }
    }
    assert!(wins > 0 && losses > 0, "a blank die fails ({wins}/{losses})");
}

/// Issue 37: a mission's result says why — both sides' successes and, on a failure, what it
/// needed — matching the dice the channel saw.
#[test]
fn a_missions_result_names_the_successes_rolled_and_needed() {
    let (mut wins, mut losses) = (0, 0);
    for seed in 0..40 {
        let ev = tagge_opposes_build_alliance(seed);
        let (r, e, result, _) = dice_and_result(&ev);
        let count = |n: u32| if n == 1 { "1 success".to_string() } else { format!("{n} successes") };
        let text = ev
            .iter()
            .find(|x| matches!(x.kind, EventKind::MissionResult { .. }))
            .map(|x| x.kind.to_string())
            .expect("a result");
        let (mine, theirs) = (count(successes(&r)), count(successes(&e)));
        let want = if result == Some(true) {
            wins += 1;
            format!("Build Alliance succeeds ({mine} against {theirs})")
        } else {
            losses += 1;
            format!("Build Alliance fails ({mine} against {theirs}: it needed more than the opposing side's)")
        };
        assert_eq!(text, want, "seed {seed}");
    }
    assert!(wins > 0 && losses > 0, "{wins}/{losses}");
}

#[test]
fn build_alliance_rolls_two_extra_dice_with_a_rebel_unit_there_and_dice_cap_at_ten() {
    let mut s = board(3)
        .units("alderaan", "rebel_trooper", 1)
        .assign(REBEL, "build_alliance", &["princess_leia"])
        .command(REBEL)
        .build();
    act(&mut s, REBEL, "reveal build_alliance alderaan");
    let (r, e, _, _) = dice_and_result(&act(&mut s, EMPIRE, "oppose emperor_palpatine"));
    assert_eq!((r.len(), e.len()), (4, 3), "2 icons + 2 extra dice");

    // Leaders already in the system add their icons; the total is capped at 10.
    let mut s = board(4)
        .units("alderaan", "rebel_trooper", 1)
        .in_pool("admiral_ackbar")
        .in_pool("han_solo")
        .in_pool("lando_calrissian")
        .in_pool("obi_wan_kenobi")
        .leader_at("alderaan", "admiral_ackbar")
        .leader_at("alderaan", "jan_dodonna")
        .leader_at("alderaan", "general_rieekan")
        .leader_at("alderaan", "han_solo")
        .leader_at("alderaan", "lando_calrissian")
        .leader_at("alderaan", "obi_wan_kenobi")
        .assign(REBEL, "build_alliance", &["mon_mothma", "princess_leia"])
        .command(REBEL)
        .build();
    act(&mut s, REBEL, "reveal build_alliance alderaan");
    let (r, _, _, _) = dice_and_result(&act(&mut s, EMPIRE, "oppose emperor_palpatine"));
    assert_eq!(r.len(), 10, "3+2+2+1+1+1+1+1 icons + 2 extra = 14, capped at 10");
}

#[test]
fn build_alliance_gains_one_loyalty_and_only_in_populous_systems() {
    let mut s = board(5)
        .loyalty("alderaan", Some(EMPIRE))
        .assign(REBEL, "build_alliance", &["princess_leia"])
        .command(REBEL)
        .build();
    assert!(!is_legal(&s, "reveal build_alliance hoth"), "remote systems have no loyalty");
    act(&mut s, REBEL, "reveal build_alliance alderaan");
    act(&mut s, EMPIRE, "done");
    assert_eq!(s.sys(sys("alderaan")).loyalty, None, "one loyalty against Imperial loyalty: neutral");
    assert!(s.hands.rebel.missions.contains(&mission("build_alliance")), "starting mission returns to hand");
    assert!(!s.decks.mission_discard.rebel.contains(&mission("build_alliance")));
}

#[test]
fn coruscant_never_changes_loyalty() {
    let mut s = board(6).assign(REBEL, "build_alliance", &["princess_leia"]).command(REBEL).build();
    act(&mut s, REBEL, "reveal build_alliance coruscant");
    let (_, _, result, _) = dice_and_result(&act(&mut s, EMPIRE, "done"));
    assert_eq!(result, Some(true));
    assert_eq!(s.sys(sys("coruscant")).loyalty, Some(EMPIRE));
}

#[test]
fn loyalty_gain_one_or_two_against_the_opponent_and_subjugated_systems() {
    let mut s = board(7).command(REBEL).build();
    let (a, b, c, hoth, cor) = (sys("alderaan"), sys("bespin"), sys("kessel"), sys("hoth"), sys("coruscant"));
    s.sys_mut(a).loyalty = Some(EMPIRE);
    s.sys_mut(b).loyalty = Some(EMPIRE);
    s.sys_mut(c).subjugated = true;
    let mut ctx = Ctx::new(&mut s);
    loyalty::gain(&mut ctx, REBEL, a, 1);
    loyalty::gain(&mut ctx, REBEL, b, 2);
    loyalty::gain(&mut ctx, REBEL, hoth, 1);
    loyalty::gain(&mut ctx, REBEL, cor, 2);
    loyalty::gain(&mut ctx, REBEL, c, 1);
    drop(ctx);
    assert_eq!(s.sys(a).loyalty, None, "gain 1 removes the opponent's marker");
    assert_eq!(s.sys(b).loyalty, Some(REBEL), "gain 2 replaces it");
    assert_eq!(s.sys(hoth).loyalty, None, "remote systems never have loyalty");
    assert_eq!(s.sys(cor).loyalty, Some(EMPIRE), "Coruscant is always Imperial");
    assert!(s.sys(c).subjugated && s.sys(c).loyalty == Some(REBEL), "Rebel marker goes beneath subjugation");
    assert!(s.is_imperial_system(c) && !s.is_rebel_system(c));
    let mut ctx = Ctx::new(&mut s);
    loyalty::lose(&mut ctx, REBEL, c);
    loyalty::gain(&mut ctx, EMPIRE, c, 1);
    drop(ctx);
    assert_eq!(s.sys(c).loyalty, Some(EMPIRE), "neutral subjugated system gaining Imperial loyalty flips");
    assert!(!s.sys(c).subjugated, "the marker flipped to its loyalty side");
}

#[test]
fn infiltration_reorders_the_top_two_objectives() {
    let mut s = board(8)
        .units("mustafar", "tie_fighter", 1)
        .assign(REBEL, "infiltration", &["princess_leia"])
        .command(REBEL)
        .build();
    assert!(!is_legal(&s, "reveal infiltration bespin"), "needs an Imperial unit there");
    let top: Vec<_> = s.decks.objectives[..2].to_vec();
    let n = s.decks.objectives.len();
    act(&mut s, REBEL, "reveal infiltration mustafar");
    act(&mut s, EMPIRE, "done");
    assert_eq!(decision(&s).unwrap().kind, PromptKind::CardChoice);
    act(&mut s, REBEL, &format!("pick objective {}", top[1]));
    assert_eq!(s.decks.objectives[0], top[1], "the kept card stays on top");
    assert_eq!(*s.decks.objectives.last().unwrap(), top[0], "the other goes to the bottom");
    assert_eq!(s.decks.objectives.len(), n);
}

#[test]
fn sabotage_places_a_marker() {
    let mut s = board(9).assign(REBEL, "sabotage", &["general_rieekan"]).command(REBEL).build();
    act(&mut s, REBEL, "reveal sabotage corellia");
    act(&mut s, EMPIRE, "done");
    assert!(s.sys(sys("corellia")).sabotaged);
    assert!(s.hands.rebel.missions.contains(&mission("sabotage")));
}

#[test]
fn sabotage_targets_only_populous_systems() {
    // Errata: only a populous system may be sabotaged, never a remote one.
    let mut s = board(9).assign(REBEL, "sabotage", &["general_rieekan"]).command(REBEL).build();
    for remote in ["dagobah", "hoth", "ilum"] {
        assert!(!holonet::content::catalog().system(sys(remote)).populous, "{remote} is remote");
        assert!(!is_legal(&s, &format!("reveal sabotage {remote}")), "{remote} is remote");
        let e = refuse(&mut s, REBEL, &format!("reveal sabotage {remote}"));
        assert!(e.to_string().contains("Mission Cards"), "{e}");
    }
    assert!(is_legal(&s, "reveal sabotage kessel"), "a populous system may be sabotaged");
    act(&mut s, REBEL, "reveal sabotage kessel");
    act(&mut s, EMPIRE, "done");
    assert!(s.sys(sys("kessel")).sabotaged);
    assert!(!s.sys(sys("dagobah")).sabotaged);
}

fn mobilization(seed: u64) -> State {
    board(seed)
        .base("hoth", false)
        .units("bespin", "rebel_transport", 1)
        .units("bespin", "rebel_trooper", 5)
        .units("bespin", "x_wing", 2)
        .units("rebel_base", "y_wing", 1)
        .assign(REBEL, "rapid_mobilization", &["general_rieekan"])
        .command_opponent_passed(REBEL)
        .build()
}

#[test]
fn rapid_mobilization_moves_up_to_five_units_to_the_base_space_at_the_end_of_the_command_phase() {
    let mut s = mobilization(10);
    act(&mut s, REBEL, "reveal rapid_mobilization");
    assert_eq!(s.leader_place(leader("general_rieekan")), Some(place("rebel_base")));
    assert_eq!(decision(&s).unwrap().kind, PromptKind::CommandTurn, "nothing happens before the phase ends");
    act(&mut s, REBEL, "pass");
    assert_eq!(decision(&s).unwrap().kind, PromptKind::CardChoice);
    act(&mut s, REBEL, "mode 1");
    assert!(!is_legal(&s, "move bespin rebel_trooper 1"), "troopers need a transport moved first");
    act(&mut s, REBEL, "move bespin rebel_transport 1");
    for _ in 0..4 {
        act(&mut s, REBEL, "move bespin rebel_trooper 1");
    }
    assert!(!is_legal(&s, "move bespin x_wing 1"), "at most five units");
    assert_eq!(s.base_space.units.rebel.count(unit("rebel_trooper")), 4);
    assert_eq!(s.units(place("bespin"), REBEL).count(unit("rebel_trooper")), 1);
    assert!(s.stack.iter().any(|f| matches!(f, holonet::engine::rebellion::Frame::Refresh(_))));
}

#[test]
fn rapid_mobilization_can_establish_a_new_base_from_probe_cards() {
    let mut s = mobilization(11);
    let probes_before = s.decks.probes.len();
    act(&mut s, REBEL, "reveal rapid_mobilization");
    act(&mut s, REBEL, "pass");
    act(&mut s, REBEL, "mode 2");
    let options: Vec<SystemId> = decision(&s)
        .unwrap()
        .actions
        .iter()
        .filter_map(|a| match a {
            holonet::engine::rebellion::Action::NewBase { system } => Some(*system),
            _ => None,
        })
        .collect();
    assert!(!options.is_empty(), "four cards drawn; some allowed");
    assert_eq!(s.decks.probes.len(), probes_before - 4, "one leader: four cards");
    let new = options[0];
    act(&mut s, REBEL, &format!("new-base {}", new.key()));
    assert_eq!(s.base.system, Some(new));
    assert!(!s.base.revealed);
    let hoth = sys("hoth");
    assert!(s.hands.empire.probes.contains(&hoth), "the old base's card goes to the Empire");
    assert_eq!(s.units(place("hoth"), REBEL).count(unit("y_wing")), 1, "the base space empties into Hoth");
    assert!(s.base_space.units.rebel.is_empty());
    // Unchosen cards go under the deck; then the Refresh Phase's probe droids draw two.
    // The Refresh Phase has begun: its objective step (an objective the Rebels could hold is
    // playable: no leader is captured), then recruiting once the probe droids drew.
    assert_eq!(decision(&s).unwrap().kind, PromptKind::Objective, "the Refresh Phase has begun");
    act(&mut s, REBEL, "done");
    assert_eq!(decision(&s).unwrap().kind, PromptKind::Recruit);
    assert_eq!(s.decks.probes.len(), probes_before - 1 - 2);
    assert!(!s.decks.probes.contains(&new));
}

/// The systems the Rebels are offered as their new base now.
fn new_base_options(s: &State) -> Vec<SystemId> {
    let mut out: Vec<SystemId> = decision(s)
        .map(|d| d.actions)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|a| match a {
            holonet::engine::rebellion::Action::NewBase { system } => Some(system),
            _ => None,
        })
        .collect();
    out.sort();
    out
}

/// Puts these probe cards on top of the probe deck, first on top.
fn stack_probes(s: &mut State, top: &[SystemId]) {
    s.decks.probes.retain(|x| !top.contains(x));
    s.decks.probes.splice(0..0, top.iter().copied());
}

#[test]
fn rapid_mobilization_with_two_leaders_draws_eight_probe_cards() {
    // The top four cards are of Imperial systems, where no base may go: only cards 5 to 8,
    // which a single leader would not draw, can be offered.
    let imperial = ["corellia", "kessel", "naboo", "ryloth"];
    let open = ["felucia", "mon_calamari", "sullust", "utapau"];
    let mut sc = board(17).base("hoth", false);
    for x in imperial {
        sc = sc.loyalty(x, Some(Faction::Empire));
    }
    let mut s = sc
        .assign(REBEL, "rapid_mobilization", &["general_rieekan", "mon_mothma"])
        .command_opponent_passed(REBEL)
        .build();
    let top: Vec<SystemId> = imperial.iter().chain(&open).map(|x| sys(x)).collect();
    stack_probes(&mut s, &top);
    let before = s.decks.probes.len();
    act(&mut s, REBEL, "reveal rapid_mobilization");
    act(&mut s, REBEL, "pass");
    act(&mut s, REBEL, "mode 2");
    assert_eq!(s.decks.probes.len(), before - 8, "two leaders: eight cards");
    let mut want: Vec<SystemId> = open.iter().map(|x| sys(x)).collect();
    want.sort();
    assert_eq!(new_base_options(&s), want, "the drawn cards of systems a base may go to");
    assert!(!is_legal(&s, "new-base corellia"), "an Imperial system");
    act(&mut s, REBEL, "new-base utapau");
    assert_eq!(s.base.system, Some(sys("utapau")));
    assert!(!s.base.revealed);
    // The seven other cards went under the deck (the Refresh Phase then draws from the top).
    // The Refresh Phase has begun: its objective step (an objective the Rebels could hold is
    // playable: no leader is captured), then recruiting once the probe droids drew.
    assert_eq!(decision(&s).unwrap().kind, PromptKind::Objective, "the Refresh Phase has begun");
    act(&mut s, REBEL, "done");
    assert_eq!(decision(&s).unwrap().kind, PromptKind::Recruit);
    let mut under: Vec<SystemId> = s.decks.probes[s.decks.probes.len() - 7..].to_vec();
    let mut rest: Vec<SystemId> = top.iter().copied().filter(|&x| x != sys("utapau")).collect();
    under.sort();
    rest.sort();
    assert_eq!(under, rest);
}

#[test]
fn rapid_mobilization_after_the_base_is_revealed_can_only_move_the_base() {
    let mut s = board(18)
        .base("hoth", true)
        // Units the base space option could pull in, were it offered.
        .units("bespin", "x_wing", 2)
        .assign(REBEL, "rapid_mobilization", &["general_rieekan"])
        .command_opponent_passed(REBEL)
        .build();
    let top: Vec<SystemId> =
        ["felucia", "mon_calamari", "sullust", "utapau"].iter().map(|x| sys(x)).collect();
    stack_probes(&mut s, &top);
    act(&mut s, REBEL, "reveal rapid_mobilization");
    act(&mut s, REBEL, "pass");
    let d = decision(&s).unwrap();
    assert_eq!((d.seat, d.kind), (REBEL, PromptKind::CardChoice));
    assert!(is_legal(&s, "mode 2"), "drawing probe cards for a new base is still possible");
    assert!(!is_legal(&s, "mode 1"), "no base space to move units into once the base is revealed");
    let e = refuse(&mut s, REBEL, "mode 1");
    assert!(e.to_string().contains("mode 1"), "{e}");
    act(&mut s, REBEL, "mode 2");
    let mut want = top.clone();
    want.sort();
    assert_eq!(new_base_options(&s), want, "four cards drawn, all open");
    act(&mut s, REBEL, "new-base sullust");
    assert_eq!(s.base.system, Some(sys("sullust")));
    assert!(!s.base.revealed, "the new base is hidden again");
}

#[test]
fn unrevealed_missions_return_to_hand_at_the_end_of_the_command_phase() {
    let mut s =
        board(12).assign(REBEL, "sabotage", &["general_rieekan"]).command_opponent_passed(REBEL).build();
    assert!(!s.hands.rebel.missions.contains(&mission("sabotage")));
    act(&mut s, REBEL, "pass");
    assert!(s.assignments.rebel.is_empty());
    assert!(s.hands.rebel.missions.contains(&mission("sabotage")));
    assert!(s.leader_pool.rebel.contains(&leader("general_rieekan")));
}

#[test]
fn capture_rebel_operative_targets_leaders_beside_imperial_units() {
    let mut captured_once = false;
    for seed in 0..30 {
        let mut s = board(seed)
            .units("bespin", "tie_fighter", 1)
            .leader_at("bespin", "princess_leia")
            .leader_at("sullust", "jan_dodonna")
            .assign(EMPIRE, "capture_rebel_operative", &["darth_vader"])
            .command(EMPIRE)
            .build();
        assert!(is_legal(&s, "reveal capture_rebel_operative princess_leia"));
        assert!(!is_legal(&s, "reveal capture_rebel_operative jan_dodonna"), "no Imperial unit in Sullust");
        act(&mut s, EMPIRE, "reveal capture_rebel_operative princess_leia");
        let ev = act(&mut s, REBEL, "done");
        let (r, e, result, _) = dice_and_result(&ev);
        assert_eq!((e.len(), r.len()), (3, 1), "the target herself opposes with her icon");
        let ok = result == Some(true);
        assert_eq!(s.is_captured(leader("princess_leia")), ok);
        if ok {
            captured_once = true;
            assert_eq!(s.leader_place(leader("princess_leia")), Some(place("bespin")));
        }
    }
    assert!(captured_once);
}

#[test]
fn gather_intel_draws_one_probe_per_four_base_units_at_least_one() {
    for (units, expected) in [(0u8, 1usize), (3, 1), (8, 2), (9, 2)] {
        let mut sc = board(13)
            .loyalty("alderaan", Some(REBEL))
            .assign(EMPIRE, "gather_intel", &["grand_moff_tarkin"])
            .command(EMPIRE);
        if units > 0 {
            sc = sc.units("rebel_base", "rebel_trooper", units);
        }
        let mut s = sc.build();
        assert!(!is_legal(&s, "reveal gather_intel bespin"), "only in a Rebel system");
        let n = s.decks.probes.len();
        act(&mut s, EMPIRE, "reveal gather_intel alderaan");
        act(&mut s, REBEL, "done");
        assert_eq!(s.hands.empire.probes.len(), expected, "{units} units at the base");
        assert_eq!(s.decks.probes.len(), n - expected);
        assert!(s.hands.empire.missions.contains(&mission("gather_intel")));
    }
}

#[test]
fn research_and_development_both_modes() {
    // Four cards, so a card put back can be told apart on the top and on the bottom.
    let projects = [
        mission("construct_death_star"),
        mission("construct_factory"),
        mission("construct_super_star_destroyer"),
        mission("oversee_project"),
    ];
    let mut s = board(14)
        .loyalty("corellia", Some(EMPIRE))
        .assign(EMPIRE, "research_and_development", &["grand_moff_tarkin"])
        .command(EMPIRE)
        .build();
    s.decks.projects = projects.to_vec();
    assert!(!is_legal(&s, "reveal research_and_development bespin"), "needs Imperial loyalty");
    act(&mut s, EMPIRE, "reveal research_and_development corellia");
    // No sabotage marker to clear: only the first option is open, so it is taken at once.
    assert!(!is_legal(&s, "mode 2"), "no sabotage marker to clear");
    assert!(is_legal(&s, &format!("pick mission {}", projects[0])), "two projects drawn: {:?}", legal(&s));
    assert!(!is_legal(&s, &format!("pick mission {}", projects[2])), "only the two drawn: {:?}", legal(&s));
    act(&mut s, EMPIRE, &format!("pick mission {}", projects[1]));
    assert!(s.hands.empire.missions.contains(&projects[1]));
    assert!(!s.hands.empire.missions.contains(&projects[0]));
    assert_eq!(s.decks.projects, vec![projects[2], projects[3], projects[0]], "the other goes to the bottom");

    let mut s = board(15)
        .loyalty("corellia", Some(EMPIRE))
        .sabotaged("corellia")
        .assign(EMPIRE, "research_and_development", &["grand_moff_tarkin"])
        .command(EMPIRE)
        .build();
    s.decks.projects = projects.to_vec();
    act(&mut s, EMPIRE, "reveal research_and_development corellia");
    act(&mut s, EMPIRE, "mode 2");
    assert!(!s.sys(sys("corellia")).sabotaged);
    assert!(s.hands.empire.missions.contains(&projects[0]), "one project drawn");
    assert!(!s.hands.empire.missions.contains(&projects[1]));
    assert_eq!(s.decks.projects, projects[1..], "the rest of the deck is untouched");
}

#[test]
fn rule_by_fear_gains_imperial_loyalty_where_imperial_units_are() {
    let mut s = board(16)
        .units("alderaan", "tie_fighter", 1)
        .loyalty("alderaan", Some(REBEL))
        .units("bespin", "tie_fighter", 1)
        .assign(EMPIRE, "rule_by_fear", &["emperor_palpatine"])
        .command(EMPIRE)
        .build();
    assert!(!is_legal(&s, "reveal rule_by_fear kessel"), "needs an Imperial unit");
    act(&mut s, EMPIRE, "reveal rule_by_fear alderaan");
    act(&mut s, REBEL, "done");
    assert_eq!(s.sys(sys("alderaan")).loyalty, None, "one loyalty against the Rebels: neutral");
    assert!(s.hands.empire.missions.contains(&mission("rule_by_fear")));
}
