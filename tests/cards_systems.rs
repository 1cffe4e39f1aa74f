//! Mission cards whose main effect touches systems (`cards/systems.rs`): loyalty here or across
//! a region, and destroyed systems; then every rule of destroyed systems (Rules Reference,
//! Destroyed Systems) the Superlaser brings into play. One test per card, named after the card.

mod support;

use holonet::content::Faction;
use holonet::engine::rebellion::phases::{mobilize, refresh};
use holonet::engine::rebellion::{Frame, PromptKind, RuleError, State, combat, decision};
use support::*;

/// A cleared board with the base hidden in Dantooine.
fn board(seed: u64) -> Scenario {
    Scenario::new(seed).clear().base("dantooine", false)
}

fn rule(e: &RuleError) -> &'static str {
    match e {
        RuleError::Illegal { rule, .. } => rule,
        other => panic!("expected a rule error, got {other}"),
    }
}

fn count(s: &State, at: &str, u: &str) -> u8 {
    let u = unit(u);
    let f = holonet::content::catalog().unit(u).faction;
    s.units(place(at), f).count(u)
}

fn loyalty(s: &State, at: &str) -> Option<Faction> {
    s.sys(sys(at)).loyalty
}

fn in_combat(s: &State) -> bool {
    s.stack.iter().any(|f| matches!(f, Frame::Combat(_)))
}

#[test]
fn display_of_power_gains_two_imperial_loyalty() {
    let mut s = board(1)
        .loyalty("alderaan", Some(REBEL))
        .assign(EMPIRE, "display_of_power", &["emperor_palpatine"])
        .command(EMPIRE)
        .build();
    let e = refuse(&mut s, EMPIRE, "reveal display_of_power hoth");
    assert_eq!(rule(&e), "Mission Cards", "{e}: populous systems only");
    reveal_unopposed(&mut s, EMPIRE, "reveal display_of_power alderaan");
    assert_eq!(loyalty(&s, "alderaan"), Some(EMPIRE), "two loyalty replace the Rebel marker");
}

#[test]
fn trade_negotiations_gains_one_imperial_loyalty() {
    let mut s = board(2)
        .loyalty("bespin", Some(REBEL))
        .assign(EMPIRE, "trade_negotiations", &["janus_greejatus"])
        .command(EMPIRE)
        .build();
    let e = refuse(&mut s, EMPIRE, "reveal trade_negotiations endor");
    assert_eq!(rule(&e), "Mission Cards", "{e}");
    reveal_unopposed(&mut s, EMPIRE, "reveal trade_negotiations bespin");
    assert_eq!(loyalty(&s, "bespin"), None, "one loyalty against the Rebels: neutral");
}

#[test]
fn fear_will_keep_them_in_line_gains_loyalty_in_two_systems_of_the_region() {
    // Kashyyyk region: Kashyyyk, Mandalore, Malastare (populous) and Dathomir (remote).
    let mut s = board(3)
        .units("mandalore", "star_destroyer", 1)
        .units("kessel", "death_star_under_construction", 1)
        .loyalty("kashyyyk", Some(REBEL))
        .assign(EMPIRE, "fear_will_keep_them_in_line", &["grand_moff_tarkin"])
        .command(EMPIRE)
        .build();
    assert!(
        !is_legal(&s, "reveal fear_will_keep_them_in_line kessel"),
        "FAQ: a station under construction is no Death Star"
    );
    reveal_unopposed(&mut s, EMPIRE, "reveal fear_will_keep_them_in_line mandalore");
    assert_eq!(decision(&s).unwrap().kind, PromptKind::CardChoice);
    let e = refuse(&mut s, EMPIRE, "pick system alderaan");
    assert_eq!(rule(&e), "Loyalty", "{e}");
    assert!(e.to_string().contains("region"), "{e}");
    let e = refuse(&mut s, EMPIRE, "pick system dathomir");
    assert!(e.to_string().contains("remote"), "{e}");
    act(&mut s, EMPIRE, "pick system mandalore");
    let e = refuse(&mut s, EMPIRE, "pick system mandalore");
    assert!(e.to_string().contains("already"), "{e}: two different systems");
    act(&mut s, EMPIRE, "pick system kashyyyk");
    assert_eq!(loyalty(&s, "mandalore"), Some(EMPIRE), "the chosen system may be one of the two");
    assert_eq!(loyalty(&s, "kashyyyk"), None);
    assert_eq!(loyalty(&s, "malastare"), None);
    assert_eq!(decision(&s).unwrap().kind, PromptKind::CommandTurn);
}

#[test]
fn imperial_propaganda_takes_rebel_loyalty_from_every_system_of_the_region() {
    let mut s = board(4)
        .loyalty("kashyyyk", Some(EMPIRE))
        .loyalty("mandalore", Some(REBEL))
        .loyalty("malastare", Some(REBEL))
        .units("malastare", "stormtrooper", 1)
        .subjugated("malastare")
        .loyalty("alderaan", Some(REBEL))
        .assign(EMPIRE, "imperial_propaganda", &["janus_greejatus"])
        .command(EMPIRE)
        .build();
    let e = refuse(&mut s, EMPIRE, "reveal imperial_propaganda mandalore");
    assert_eq!(rule(&e), "Mission Cards", "{e}: only an Imperial system");
    reveal_unopposed(&mut s, EMPIRE, "reveal imperial_propaganda kashyyyk");
    assert_eq!(loyalty(&s, "mandalore"), None);
    assert_eq!(loyalty(&s, "malastare"), None);
    assert!(s.sys(sys("malastare")).subjugated, "subjugation stays");
    assert_eq!(loyalty(&s, "kashyyyk"), Some(EMPIRE));
    assert_eq!(loyalty(&s, "alderaan"), Some(REBEL), "another region");
}

/// Alderaan with a Death Star, too many Imperial ground units for it, Rebel ground units and
/// ships, a Rebel leader and Rebel loyalty, ready for Superlaser Online.
fn superlaser(seed: u64) -> Scenario {
    board(seed)
        .loyalty("alderaan", Some(REBEL))
        .units("alderaan", "death_star", 1)
        .units("alderaan", "stormtrooper", 8)
        .units("alderaan", "at_st", 2)
        .units("alderaan", "rebel_trooper", 2)
        .units("alderaan", "airspeeder", 1)
        .units("alderaan", "shield_generator", 1)
        .leader_at("alderaan", "princess_leia")
        .assign(EMPIRE, "superlaser_online", &["grand_moff_tarkin"])
        .command(EMPIRE)
}

#[test]
fn superlaser_online_destroys_the_system_then_gains_loyalty_in_its_region() {
    let mut s = superlaser(5).loyalty("corellia", Some(REBEL)).build();
    let e = refuse(&mut s, EMPIRE, "reveal superlaser_online corellia");
    assert_eq!(rule(&e), "Mission Cards", "{e}: a Death Star must be there");
    let rebel_supply = s.supply.rebel.count(unit("rebel_trooper"));
    act(&mut s, EMPIRE, "reveal superlaser_online alderaan");
    let st = s.sys(sys("alderaan"));
    assert!(st.destroyed && st.loyalty.is_none() && !st.subjugated, "marker on, loyalty gone");
    for u in ["rebel_trooper", "airspeeder", "shield_generator"] {
        assert_eq!(count(&s, "alderaan", u), 0, "every Rebel ground unit is destroyed ({u})");
    }
    assert_eq!(s.supply.rebel.count(unit("rebel_trooper")), rebel_supply + 2);
    assert_eq!(s.leader_place(leader("princess_leia")), Some(place("alderaan")), "leaders are unaffected");
    // Ten Imperial ground units, room for eight on the Death Star: the Empire picks two.
    assert_eq!(decision(&s).unwrap().seat, EMPIRE);
    let e = refuse(&mut s, EMPIRE, "pick unit alderaan death_star");
    assert_eq!(rule(&e), "Destroyed Systems", "{e}");
    act(&mut s, EMPIRE, "pick unit alderaan at_st");
    act(&mut s, EMPIRE, "pick unit alderaan stormtrooper");
    assert_eq!(count(&s, "alderaan", "at_st"), 1);
    assert_eq!(count(&s, "alderaan", "stormtrooper"), 7);
    // Then one loyalty in a populous system of the region (Coruscant is fixed, Alderaan gone).
    let e = refuse(&mut s, EMPIRE, "pick system alderaan");
    assert_eq!(rule(&e), "Loyalty", "{e}");
    act(&mut s, EMPIRE, "pick system corellia");
    assert_eq!(loyalty(&s, "corellia"), None);
    assert!(!s.sys(sys("alderaan")).subjugated, "a destroyed system is never subjugated");
    assert!(s.decks.project_discard.contains(&mission("superlaser_online")));
    assert!(s.winner.is_none());
}

#[test]
fn destroying_the_hidden_rebel_bases_system_wins_for_the_empire() {
    let mut s = superlaser(6).base("alderaan", false).build();
    act(&mut s, EMPIRE, "reveal superlaser_online alderaan");
    assert_eq!(s.winner, Some(EMPIRE));
    assert!(decision(&s).is_none(), "the game is over");
}

#[test]
fn a_destroyed_system_has_no_loyalty_subjugation_base_building_or_deploying() {
    let mut s = superlaser(7).build();
    act(&mut s, EMPIRE, "reveal superlaser_online alderaan");
    act(&mut s, EMPIRE, "pick unit alderaan at_st");
    act(&mut s, EMPIRE, "pick unit alderaan at_st");
    act(&mut s, EMPIRE, "pick system corellia");
    let a = sys("alderaan");
    assert!(s.has_ground(place("alderaan"), EMPIRE) && !s.sys(a).subjugated, "no subjugation");
    // No loyalty: missions for populous systems no longer target it.
    s.assignments.empire.clear();
    let mut s =
        Scenario { s }.assign(EMPIRE, "display_of_power", &["emperor_palpatine"]).command(EMPIRE).build();
    assert!(!is_legal(&s, "reveal display_of_power alderaan"), "not populous any more (FAQ)");
    let mut ctx = holonet::engine::rebellion::flow::Ctx::new(&mut s);
    holonet::engine::rebellion::loyalty::gain(&mut ctx, REBEL, a, 2);
    drop(ctx);
    assert_eq!(s.sys(a).loyalty, None, "a destroyed system never gains loyalty");
    // No new base there.
    assert!(!mobilize::base_allowed(&s, a));
    // Neither side builds from it or deploys there, even with a marker forced on it.
    s.sys_mut(a).loyalty = Some(EMPIRE);
    assert!(!refresh::deploy_places(&s, EMPIRE, unit("stormtrooper"), &[]).contains(&place("alderaan")));
    let with_marker = refresh::build_icons(&s, EMPIRE);
    s.sys_mut(a).loyalty = None;
    assert_eq!(with_marker, refresh::build_icons(&s, EMPIRE), "its icons build nothing");
}

#[test]
fn card_builds_and_deploys_do_nothing_in_a_destroyed_system() {
    let mut s = board(8)
        .units("alderaan", "star_destroyer", 1)
        .queued(EMPIRE, 1, "at_at", 1)
        .assign(EMPIRE, "oversee_project", &["grand_moff_tarkin"])
        .assign(REBEL, "establish_trade_relations", &["mon_mothma"])
        .command(REBEL)
        .build();
    s.sys_mut(sys("alderaan")).destroyed = true;
    reveal_unopposed(&mut s, REBEL, "reveal establish_trade_relations alderaan");
    assert_eq!(loyalty(&s, "alderaan"), None);
    assert!(s.build_queue.rebel.iter().all(|q| q.is_empty()), "nothing is built from a destroyed system");
    act(&mut s, EMPIRE, "reveal oversee_project alderaan");
    assert_eq!(s.build_queue.empire[0].count(unit("at_at")), 1, "nothing is deployed there");
}

#[test]
fn no_ground_battle_in_a_destroyed_system_but_space_battles_happen() {
    // Ground units of both sides share a destroyed system without a battle.
    let mut s = board(9)
        .units("corellia", "rebel_transport", 1)
        .units("corellia", "rebel_trooper", 2)
        .units("alderaan", "assault_carrier", 1)
        .units("alderaan", "stormtrooper", 2)
        .in_pool("han_solo")
        .command(REBEL)
        .build();
    s.sys_mut(sys("alderaan")).destroyed = true;
    assert!(!combat::needed(&s, place("alderaan")), "no Rebel ship yet; ground alone does not fight");
    act(&mut s, REBEL, "activate alderaan han_solo");
    act(&mut s, REBEL, "move corellia rebel_transport 1");
    act(&mut s, REBEL, "move corellia rebel_trooper 2");
    finish_moving(&mut s, REBEL);
    assert!(in_combat(&s), "the ships fight");
    let c =
        s.stack.iter().find_map(|f| if let Frame::Combat(c) = f { Some(c.clone()) } else { None }).unwrap();
    assert_eq!(c.place, place("alderaan"));
    // Play the combat out with `done`/first options; no ground battle is ever rolled.
    for _ in 0..200 {
        let Some(d) = decision(&s) else { break };
        if !s.stack.iter().any(|f| matches!(f, Frame::Combat(_))) {
            break;
        }
        if let Frame::Combat(c) = s.stack.last().unwrap() {
            assert!(
                !matches!(
                    c.step,
                    combat::Step::Roll { theater: holonet::content::Theater::Ground, .. }
                        | combat::Step::Actions { theater: holonet::content::Theater::Ground, .. }
                ),
                "no ground battle in a destroyed system"
            );
        }
        let a = if d.actions.contains(&holonet::engine::rebellion::Action::Done) {
            holonet::engine::rebellion::Action::Done
        } else {
            d.actions[0].clone()
        };
        holonet::engine::rebellion::apply(&mut s, d.seat, a).unwrap();
    }
    assert!(!in_combat(&s), "the combat ends once one side has no ships");
    assert_eq!(count(&s, "alderaan", "rebel_trooper"), 2, "no ground battle touched them");
    assert_eq!(count(&s, "alderaan", "stormtrooper"), 2);
}

#[test]
fn ground_units_moved_into_a_destroyed_system_beyond_ship_capacity_are_destroyed() {
    // By a card ignoring transport: the mover chooses which go.
    let mut s = board(10)
        .units("coruscant", "at_at", 1)
        .units("coruscant", "at_st", 1)
        .units("coruscant", "stormtrooper", 2)
        .units("alderaan", "assault_carrier", 1)
        .units("alderaan", "stormtrooper", 2)
        .assign(EMPIRE, "planetary_conquest", &["general_veers"])
        .command(EMPIRE)
        .build();
    s.sys_mut(sys("alderaan")).destroyed = true;
    reveal_unopposed(&mut s, EMPIRE, "reveal planetary_conquest alderaan");
    act(&mut s, EMPIRE, "move coruscant at_at 1");
    act(&mut s, EMPIRE, "move coruscant at_st 1");
    act(&mut s, EMPIRE, "move coruscant stormtrooper 2");
    // Six ground units, room for four on the Assault Carrier: the Empire loses two.
    let e = refuse(&mut s, EMPIRE, "pick unit alderaan assault_carrier");
    assert_eq!(rule(&e), "Destroyed Systems", "{e}");
    act(&mut s, EMPIRE, "pick unit alderaan stormtrooper");
    act(&mut s, EMPIRE, "pick unit alderaan stormtrooper");
    assert_eq!(count(&s, "alderaan", "stormtrooper"), 2);
    assert_eq!(count(&s, "alderaan", "at_at"), 1);
    assert_eq!(decision(&s).unwrap().kind, PromptKind::CommandTurn);

    // By an activation: ground units already stranded there count; the weakest go first.
    let mut s = board(11)
        .units("corellia", "corellian_corvette", 1)
        .units("corellia", "airspeeder", 2)
        .units("alderaan", "rebel_trooper", 2)
        .in_pool("han_solo")
        .command(REBEL)
        .build();
    s.sys_mut(sys("alderaan")).destroyed = true;
    act(&mut s, REBEL, "activate alderaan han_solo");
    act(&mut s, REBEL, "move corellia corellian_corvette 1");
    act(&mut s, REBEL, "move corellia airspeeder 2");
    finish_moving(&mut s, REBEL);
    assert_eq!(count(&s, "alderaan", "airspeeder"), 2, "room for two on the corvette");
    assert_eq!(count(&s, "alderaan", "rebel_trooper"), 0);
}
