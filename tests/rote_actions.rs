//! Rise of the Empire's six late action cards (issue 18): Track Them, Post Bounty, Something to
//! Fight For, Under the Radar, Secret Facility and Sweep the Area — one scenario per card, the
//! hidden probe cards staying hidden, and a save holding one.

mod support;

use holonet::content::{ActionCardId, Faction};
use holonet::engine::rebellion::flow::Frame;
use holonet::engine::rebellion::mission::MissionStep;
use holonet::engine::rebellion::state::Ring;
use holonet::engine::rebellion::{Action, PromptKind, RuleError, State, apply, decision};
use support::*;

fn card(name: &str) -> ActionCardId {
    ActionCardId::parse(name).unwrap()
}

/// A cleared expansion board, base hidden in Dantooine, round 1 base chosen, where `f` alone
/// holds `cards`.
fn rote_holding(seed: u64, f: Faction, cards: &[&str]) -> Scenario {
    let mut s = expansion_game(seed);
    let d = decision(&s).expect("base choice pending");
    apply(&mut s, REBEL, d.actions[0].clone()).expect("base choice");
    let mut sc = Scenario { s }.clear().base("dantooine", false);
    sc.s.hands.rebel.actions.clear();
    sc.s.hands.empire.actions.clear();
    sc.s.hands.get_mut(f).actions = cards.iter().map(|c| card(c)).collect();
    sc
}

/// Plays a combat on to its end: the Rebels retreat to `retreat_to` when offered and
/// `rebels_retreat` is set, every other decision takes `done` where it may, else the first
/// option. Stops at the first card window after the combat (or when the combat is over).
fn fight_out(s: &mut State, rebels_retreat: Option<&str>) {
    for _ in 0..400 {
        if matches!(s.stack.last(), Some(Frame::Window(_)))
            || !s.stack.iter().any(|f| matches!(f, Frame::Combat(_)))
        {
            return;
        }
        let d = decision(s).expect("a decision in combat");
        let pick = match rebels_retreat {
            Some(to) if d.seat == REBEL && d.kind == PromptKind::Retreat => d
                .actions
                .iter()
                .find(|a| matches!(a, Action::Retreat { to: t, .. } if *t == sys(to)))
                .cloned()
                .expect("the retreat is open"),
            _ if d.actions.contains(&Action::Done) && d.kind != PromptKind::RetreatCarry => Action::Done,
            _ => d.actions[0].clone(),
        };
        apply(s, d.seat, pick).expect("an offered option");
    }
    panic!("the combat did not end");
}

/// The Rebels activate `at` with `leader` and move `units` (type, count) in from `from`; the
/// combat then starts.
fn rebels_attack(s: &mut State, at: &str, leader_name: &str, from: &str, units: &[(&str, u8)]) {
    if !s.leader_pool.rebel.contains(&leader(leader_name)) {
        s.leader_pool.rebel.push(leader(leader_name));
    }
    act(s, REBEL, &format!("activate {at} {leader_name}"));
    for (u, n) in units {
        for _ in 0..*n {
            act(s, REBEL, &format!("move {from} {u}"));
        }
    }
    finish_moving(s, REBEL);
}

#[test]
fn track_them_sends_an_imperial_leader_home_after_a_rebel_retreat() {
    let mut s = rote_holding(31, EMPIRE, &["track_them"])
        .units("sullust", "star_destroyer", 1)
        .units("sullust", "stormtrooper", 2)
        .leader_at("sullust", "darth_vader")
        .leader_at("sullust", "general_veers")
        .units("naboo", "x_wing", 2)
        .units("naboo", "rebel_trooper", 1)
        .command(REBEL)
        .build();
    rebels_attack(&mut s, "sullust", "jan_dodonna", "naboo", &[("x_wing", 2)]);
    fight_out(&mut s, Some("naboo"));
    assert!(matches!(s.stack.last(), Some(Frame::Window(_))), "the Empire may answer the retreat");
    assert_eq!(seat(&s), Some(EMPIRE));
    let e = refuse(&mut s, EMPIRE, "pick leader darth_vader");
    assert!(matches!(e, RuleError::WrongStep { .. } | RuleError::Illegal { .. }), "{e}");
    act(&mut s, EMPIRE, "action track_them");
    let e = refuse(&mut s, EMPIRE, "pick leader jan_dodonna");
    assert!(matches!(e, RuleError::Illegal { .. }), "not an Imperial leader here: {e}");
    act(&mut s, EMPIRE, "pick leader darth_vader");
    assert!(s.leader_pool.empire.contains(&leader("darth_vader")));
    assert_eq!(s.leader_place(leader("darth_vader")), None);
    assert_eq!(s.leader_place(leader("general_veers")), Some(place("sullust")), "one leader only");
    assert!(!s.hands.empire.actions.contains(&card("track_them")));
}

#[test]
fn track_them_is_not_offered_when_the_rebels_did_not_retreat() {
    let mut s = rote_holding(32, EMPIRE, &["track_them"])
        .units("sullust", "tie_fighter", 1)
        .leader_at("sullust", "darth_vader")
        .units("naboo", "x_wing", 3)
        .command(REBEL)
        .build();
    rebels_attack(&mut s, "sullust", "jan_dodonna", "naboo", &[("x_wing", 3)]);
    fight_out(&mut s, None);
    assert!(!matches!(s.stack.last(), Some(Frame::Window(w)) if w.faction == EMPIRE));
    assert!(!is_legal(&s, "action track_them"));
}

#[test]
fn track_them_is_a_starting_card_dealt_only_in_an_expansion_match() {
    let c = holonet::content::catalog();
    let def = c.action_card(card("track_them"));
    assert!(def.starting);
    assert_eq!(def.faction, EMPIRE);
    let base = started(33, None);
    assert!(!base.hands.empire.actions.contains(&card("track_them")));
    // Across seeds, the expansion deals it among the Empire's two starting cards.
    let dealt = (0..40u64).any(|seed| {
        let s = expansion_game(seed);
        s.hands.empire.actions.contains(&card("track_them"))
            || s.rote_cards.starting_rest.empire.contains(&card("track_them"))
    });
    assert!(dealt);
}

/// Princess Leia's Incite Rebellion in Nal Hutta has been resolved, with `success` or not.
fn leia_incited_nal_hutta(s: &mut State, success: bool) {
    let run = mission_in_progress(
        s,
        REBEL,
        "incite_rebellion",
        "nal_hutta",
        None,
        &["princess_leia"],
        MissionStep::After,
    );
    run.success = success;
}

#[test]
fn post_bounty_puts_a_bounty_ring_that_costs_reputation_on_capture() {
    let mut s = rote_holding(34, EMPIRE, &["post_bounty"])
        .units("nal_hutta", "stormtrooper", 1)
        .leader_at("nal_hutta", "jabba_the_hutt")
        .in_pool("han_solo")
        .build();
    s.rings.insert(leader("mon_mothma"), Ring::C3po);
    leia_incited_nal_hutta(&mut s, false);
    assert_eq!(seat(&s), Some(EMPIRE), "the Empire may answer the failure in Jabba's system");
    act(&mut s, EMPIRE, "action post_bounty");
    let e = refuse(&mut s, EMPIRE, "pick leader mon_mothma");
    assert!(matches!(e, RuleError::Illegal { .. }), "Mon Mothma wears a ring: {e}");
    act(&mut s, EMPIRE, "pick leader han_solo");
    assert_eq!(s.ring(leader("han_solo")), Some(Ring::Bounty));
    // Capturing the bearer costs the Rebels 1 reputation.
    let before = s.reputation;
    let mut ctx = holonet::engine::rebellion::flow::Ctx::new(&mut s);
    holonet::engine::rebellion::victory::capture(&mut ctx, leader("han_solo"));
    assert_eq!(s.reputation, before + 1);
    assert_eq!(s.ring(leader("han_solo")), None);
}

#[test]
fn post_bounty_is_not_offered_after_a_success_or_away_from_jabba() {
    let mut s = rote_holding(35, EMPIRE, &["post_bounty"])
        .units("nal_hutta", "stormtrooper", 1)
        .leader_at("nal_hutta", "jabba_the_hutt")
        .build();
    leia_incited_nal_hutta(&mut s, true);
    assert!(!is_legal(&s, "action post_bounty"), "the mission succeeded");
    let mut s = rote_holding(36, EMPIRE, &["post_bounty"]).leader_at("tatooine", "jabba_the_hutt").build();
    leia_incited_nal_hutta(&mut s, false);
    assert!(!is_legal(&s, "action post_bounty"), "Jabba is elsewhere");
}

/// The Rebels, with Jyn Erso in `jyn_at`, attack a lone TIE Fighter in Sullust with three
/// X-wings; two objectives lie in the discard pile.
fn fight_for(seed: u64, jyn_at: &str) -> (State, Vec<holonet::content::ObjectiveId>) {
    let mut s = rote_holding(seed, REBEL, &["something_to_fight_for"])
        .units("sullust", "tie_fighter", 1)
        .units("naboo", "x_wing", 3)
        .leader_at(jyn_at, "jyn_erso")
        .command(REBEL)
        .build();
    let discarded: Vec<_> = s.decks.objectives.drain(..2).collect();
    s.rote_cards.objective_discard = discarded.clone();
    rebels_attack(&mut s, "sullust", "jan_dodonna", "naboo", &[("x_wing", 3)]);
    fight_out(&mut s, None);
    (s, discarded)
}

#[test]
fn something_to_fight_for_puts_a_discarded_objective_back_on_top_after_a_won_battle() {
    let (mut s, discarded) = fight_for(37, "sullust");
    assert!(s.units(place("sullust"), EMPIRE).is_empty(), "the Rebels won the space battle");
    assert_eq!(seat(&s), Some(REBEL));
    act(&mut s, REBEL, "action something_to_fight_for");
    let elsewhere = s.decks.objectives[3];
    let e = refuse(&mut s, REBEL, &format!("pick objective {elsewhere}"));
    assert!(matches!(e, RuleError::Illegal { rule: "Objective Cards", .. }), "{e}");
    act(&mut s, REBEL, &format!("pick objective {}", discarded[1]));
    assert_eq!(s.decks.objectives[0], discarded[1]);
    assert_eq!(s.rote_cards.objective_discard, vec![discarded[0]]);
}

#[test]
fn something_to_fight_for_needs_jyn_erso_in_the_combat() {
    let (s, _) = fight_for(38, "dagobah");
    // The battle was won, as in the test above: only Jyn Erso's absence keeps the card back.
    assert!(s.units(place("sullust"), EMPIRE).is_empty(), "the Rebels won the space battle");
    assert!(!s.units(place("sullust"), REBEL).is_empty(), "and hold Sullust");
    assert!(!is_legal(&s, "action something_to_fight_for"), "Jyn Erso is not in the combat's system");
    // Jyn in the combat's system is the only difference with the case where it is offered.
    let (won, _) = fight_for(38, "sullust");
    assert!(is_legal(&won, "action something_to_fight_for"), "{:?}", legal(&won));
}

/// Plays the Refresh Phase on to where `f` may recruit `name` with `with`.
fn to_recruit(s: &mut State, f: Faction, name: &str, with: &str) {
    let c = card(name);
    s.decks.actions.get_mut(f).retain(|&x| x != c);
    s.decks.actions.get_mut(f).insert(0, c);
    let line = format!("recruit {name} {with}");
    for _ in 0..20 {
        if is_legal(s, &line) {
            return;
        }
        let d = decision(s).expect("the Refresh Phase asks");
        let pick = if d.actions.contains(&Action::Done) { Action::Done } else { d.actions[0].clone() };
        apply(s, d.seat, pick).unwrap();
    }
    panic!("{name} was never offered");
}

/// What the `f` seat may know of a state: its view and who waits for what.
fn seen_by(s: &State, f: Faction) -> String {
    let v = holonet::engine::rebellion::view(s, holonet::engine::rebellion::Viewer::Faction(f));
    let waiting = decision(s).map(|d| (d.seat, d.kind));
    format!("{}\n{waiting:?}", serde_json::to_string(&v).unwrap())
}

/// The top probe cards made known, the rest in catalog order.
fn probe_deck(s: &mut State, top: &[&str]) {
    let top: Vec<_> = top.iter().map(|x| sys(x)).collect();
    s.decks.probes = top.clone();
    s.decks.probes.extend(holonet::content::SystemId::all().filter(|x| !top.contains(x)));
    s.hands.empire.probes.clear();
}

#[test]
fn under_the_radar_keeps_one_of_four_probe_cards_and_may_put_it_back_on_top() {
    let mut s = rote_holding(41, REBEL, &[]).time(1).refresh().build();
    to_recruit(&mut s, REBEL, "under_the_radar", "cassian_andor");
    probe_deck(&mut s, &["sullust", "naboo", "kessel", "hoth"]);
    let before = s.decks.probes.len();
    act(&mut s, REBEL, "recruit under_the_radar cassian_andor");
    let d = decision(&s).unwrap();
    assert_eq!(d.seat, REBEL);
    assert!(d.always_asked, "the options are cards only the Rebels see");
    let e = refuse(&mut s, REBEL, "pick system dagobah");
    assert!(matches!(e, RuleError::Illegal { rule: "Probe Cards", .. }), "{e}");
    let ev = act(&mut s, REBEL, "pick system naboo");
    assert!(!names_card(&sent_to(&ev, Some(EMPIRE)), "Naboo", "naboo"), "the Empire never learns which");
    act(&mut s, REBEL, "pick probe sullust bottom");
    act(&mut s, REBEL, "pick probe kessel top");
    act(&mut s, REBEL, "pick probe hoth top");
    assert_eq!(s.rote_probes.kept, Some(sys("naboo")));
    assert_eq!(&s.decks.probes[..2], &[sys("hoth"), sys("kessel")]);
    assert_eq!(s.decks.probes.last(), Some(&sys("sullust")));
    assert_eq!(s.decks.probes.len(), before - 1);
    // At the start of a Rebel Command Phase turn, the kept card may go back on top; the turn
    // goes on. Not in the Empire's turn.
    let mut e_turn = Scenario { s: s.clone() }.command(EMPIRE).build();
    assert!(!is_legal(&e_turn, "action under_the_radar"));
    let e = refuse(&mut e_turn, EMPIRE, "action under_the_radar");
    assert!(matches!(e, RuleError::Illegal { .. } | RuleError::WrongStep { .. }), "{e}");
    let mut s = Scenario { s }.command(REBEL).build();
    act(&mut s, REBEL, "action under_the_radar");
    assert_eq!(s.decks.probes[0], sys("naboo"));
    assert_eq!(s.rote_probes.kept, None);
    assert_eq!(seat(&s), Some(REBEL), "still the Rebels' turn");
    assert!(!is_legal(&s, "action under_the_radar"), "once only");
}

#[test]
fn under_the_radar_kept_card_looks_the_same_to_the_empire_whichever_it_is() {
    let mut a = rote_holding(42, REBEL, &[]).command(REBEL).build();
    a.rote_probes.kept = Some(sys("naboo"));
    a.decks.probes.retain(|&x| x != sys("naboo"));
    let mut b = a.clone();
    let j = b.decks.probes.len() - 1;
    b.rote_probes.kept = Some(b.decks.probes[j]);
    b.decks.probes[j] = sys("naboo");
    assert_ne!(a, b);
    assert_eq!(seen_by(&a, EMPIRE), seen_by(&b, EMPIRE));
    assert_ne!(seen_by(&a, REBEL), seen_by(&b, REBEL), "the Rebels see their card");
    let ea = act(&mut a, REBEL, "action under_the_radar");
    let eb = act(&mut b, REBEL, "action under_the_radar");
    assert_eq!(sent_to(&ea, Some(EMPIRE)), sent_to(&eb, Some(EMPIRE)));
    assert_eq!(sent_to(&ea, None), sent_to(&eb, None));
    assert_eq!(seen_by(&a, EMPIRE), seen_by(&b, EMPIRE));
}

#[test]
fn secret_facility_hides_a_probe_card_and_builds_a_bunker_there_in_an_imperial_turn() {
    let mut s = rote_holding(43, EMPIRE, &[]).time(1).refresh().build();
    to_recruit(&mut s, EMPIRE, "secret_facility", "director_krennic");
    s.hands.empire.probes = vec![sys("sullust"), sys("naboo")];
    act(&mut s, EMPIRE, "recruit secret_facility director_krennic");
    assert!(decision(&s).unwrap().always_asked);
    let e = refuse(&mut s, EMPIRE, "pick system kessel");
    assert!(matches!(e, RuleError::Illegal { rule: "Probe Cards", .. }), "not in the hand: {e}");
    let ev = act(&mut s, EMPIRE, "pick system sullust");
    assert!(!names_card(&sent_to(&ev, Some(REBEL)), "Sullust", "sullust"), "hidden from the Rebels");
    assert_eq!(s.hands.empire.probes, vec![sys("naboo")]);
    assert_eq!(s.rote_probes.under.len(), 1);
    // In an Imperial Command Phase turn, not in a Rebel one.
    let mut s = Scenario { s }.units("sullust", "rebel_trooper", 1).command(REBEL).build();
    let e = refuse(&mut s, REBEL, "action secret_facility");
    assert!(matches!(e, RuleError::Illegal { .. } | RuleError::WrongStep { .. }), "{e}");
    let mut s = Scenario { s }.command(EMPIRE).build();
    act(&mut s, EMPIRE, "action secret_facility");
    act(&mut s, EMPIRE, "mode 2");
    let here = s.units(place("sullust"), EMPIRE);
    assert_eq!((here.count(unit("shield_bunker")), here.count(unit("assault_tank"))), (1, 1));
    assert!(s.rote_probes.under.is_empty(), "{:?}", s.rote_probes);
    assert!(s.hands.empire.probes.contains(&sys("sullust")), "the revealed card goes back to hand");
    assert!(s.combat().is_some(), "Rebel units there: a combat is fought");
}

#[test]
fn secret_facility_probe_card_looks_the_same_to_the_rebels_whichever_it_is() {
    let mut a = rote_holding(44, EMPIRE, &[]).command(EMPIRE).build();
    a.hands.empire.probes = vec![sys("naboo")];
    a.rote_probes.under.push(holonet::engine::rebellion::rise_of_the_empire::probes::UnderCard {
        card: card("secret_facility"),
        probe: sys("sullust"),
    });
    let mut b = a.clone();
    b.hands.empire.probes = vec![sys("sullust")];
    b.rote_probes.under[0].probe = sys("naboo");
    assert_eq!(seen_by(&a, REBEL), seen_by(&b, REBEL));
    assert!(seen_by(&a, EMPIRE).contains("sullust"), "the Empire sees its card");
    // A save holding the card and its probe card reads back the same.
    let json = serde_json::to_string(&a).unwrap();
    let back: State = serde_json::from_str(&json).unwrap();
    assert_eq!(back, a);
    // The Empire passing reveals nothing either.
    let ea = act(&mut a, EMPIRE, "pass");
    let eb = act(&mut b, EMPIRE, "pass");
    assert_eq!(sent_to(&ea, Some(REBEL)), sent_to(&eb, Some(REBEL)));
}

#[test]
fn sweep_the_area_captures_a_rebel_leader_at_the_end_of_the_command_phase() {
    let mut r = rote_holding(45, EMPIRE, &[]).time(1).refresh().build();
    to_recruit(&mut r, EMPIRE, "sweep_the_area", "krennics_finest");
    r.hands.empire.probes = vec![sys("sullust")];
    act(&mut r, EMPIRE, "recruit sweep_the_area krennics_finest");
    act(&mut r, EMPIRE, "pick system sullust");
    let mut s = Scenario { s: r }
        .leader_at("sullust", "han_solo")
        .units("mustafar", "tie_fighter", 1)
        .command_opponent_passed(EMPIRE)
        .build();
    // Not during a turn: only at the end of the phase.
    let e = refuse(&mut s, EMPIRE, "action sweep_the_area");
    assert!(matches!(e, RuleError::Illegal { .. } | RuleError::WrongStep { .. }), "{e}");
    act(&mut s, EMPIRE, "pass");
    assert_eq!(seat(&s), Some(EMPIRE), "the Empire may reveal it now");
    act(&mut s, EMPIRE, "action sweep_the_area");
    assert!(s.is_captured(leader("han_solo")));
    assert_eq!(s.leader_place(leader("han_solo")), Some(place("mustafar")));
    assert!(s.rote_probes.under.is_empty());
}

#[test]
fn sweep_the_area_window_asks_the_empire_whether_or_not_a_rebel_leader_is_there() {
    let build = |han_at: &str| {
        let mut s = rote_holding(46, EMPIRE, &[])
            .leader_at(han_at, "han_solo")
            .units("mustafar", "tie_fighter", 1)
            .command_opponent_passed(EMPIRE)
            .build();
        s.rote_probes.under.push(holonet::engine::rebellion::rise_of_the_empire::probes::UnderCard {
            card: card("sweep_the_area"),
            probe: sys("sullust"),
        });
        act(&mut s, EMPIRE, "pass");
        s
    };
    let (a, b) = (build("sullust"), build("naboo"));
    assert_eq!(seat(&a), Some(EMPIRE));
    assert_eq!(decision(&a).map(|d| d.kind), decision(&b).map(|d| d.kind), "asked either way");
}

/// Through the service: a Rise of the Empire match played by random answers until a card holds
/// a probe card face down; a moderator's export then imports as the same match, hidden card and
/// all (export replays the log from the seed).
#[test]
fn an_export_of_a_match_with_a_hidden_probe_card_imports_the_same() {
    use holonet::engine::rebellion::MatchOptions;
    use holonet::engine::rng::GameRng;
    use holonet::games::rebellion::Rebellion;
    use holonet::service::{Answer, Caller, Service};
    use holonet::store::MemoryStore;
    use std::sync::Arc;
    const CH: u64 = 100;
    let seat = |f: Faction| Caller { user: if f == REBEL { 1 } else { 2 }, moderator: false };
    let moderator = Caller { user: 9, moderator: true };
    let options = MatchOptions { quick_setup: true, rise_of_the_empire: true, ..Default::default() };
    for seed in 0..40u64 {
        let svc: Service<Rebellion> = Service::with_clock(Arc::new(MemoryStore::new()), Box::new(|| 1_000));
        svc.create(CH, Some(7), seat(REBEL), options.clone(), Some(seed)).unwrap();
        svc.join(CH, seat(REBEL), Some("rebel")).unwrap();
        svc.join(CH, seat(EMPIRE), Some("empire")).unwrap();
        svc.start(CH, seat(REBEL)).unwrap();
        let mut rng = GameRng::from_seed(seed);
        loop {
            let s = svc.state(CH).unwrap().expect("the match");
            if !s.rote_probes.is_empty() {
                let (_, bytes) = svc.export(CH, moderator).unwrap().file.expect("an export file");
                let other: Service<Rebellion> =
                    Service::with_clock(Arc::new(MemoryStore::new()), Box::new(|| 1_000));
                // Exported during play, the file restores its own channel's match only.
                other.import(CH, moderator, &bytes).unwrap();
                let back = other.state(CH).unwrap().expect("the imported match");
                assert_eq!(back, s, "seed {seed}: the import is the same match");
                assert_eq!(back.rote_probes, s.rote_probes);
                return;
            }
            let Some(d) = decision(&s) else { break };
            let (f, a) = holonet::bot::sim::random_answer(&d, &mut rng);
            svc.act(CH, seat(f), Answer::Command(a.command())).unwrap();
        }
    }
    panic!("no random game of 40 put a probe card under a card");
}
