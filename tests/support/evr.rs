//! A small scenario builder for Empire vs. Rebellion rules tests: a match past setup with a
//! chosen event and strategies, cards put exactly where a rule needs them, and actions typed as
//! command lines.
#![allow(dead_code)]

use holonet::content::Faction;
use holonet::content::evr::{EventCardId, ResourceCardId, StrategyCardId, Zone, catalog};
use holonet::engine::evr::exec::move_card;
use holonet::engine::evr::state::Phase;
use holonet::engine::evr::{Action, EvrState, RuleError, apply, decision, new_game};

/// The Rebel player.
pub const REBEL: Faction = Faction::Rebel;
/// The Imperial player.
pub const EMPIRE: Faction = Faction::Empire;

/// A resource card by key.
pub fn card(key: &str) -> ResourceCardId {
    catalog().resource_by_key(key).unwrap_or_else(|| panic!("no card {key}"))
}

/// A strategy card by key.
pub fn strategy(key: &str) -> StrategyCardId {
    catalog().strategy_by_key(key).unwrap_or_else(|| panic!("no strategy {key}"))
}

/// An event card by key.
pub fn event(key: &str) -> EventCardId {
    catalog().event_by_key(key).unwrap_or_else(|| panic!("no event {key}"))
}

/// A match in the struggle of round 1 with this event, the Rebels to move, each side's deck
/// holding its first four characters (the rest in reserve), nothing in play, and each player's
/// strategy chosen (`None`: Bureaucracy, the one that does nothing at the reveal).
pub fn struggle(event_key: &str, rebel: Option<&str>, empire: Option<&str>) -> EvrState {
    holonet::content::init().expect("content loads");
    let mut s = new_game(5);
    for f in [REBEL, EMPIRE] {
        let first = decision(&s).expect("setup").actions[0].clone();
        apply(&mut s, f, first).expect("characters");
    }
    let e = event(event_key);
    if let Some(old) = s.event.replace(e) {
        s.events.insert(0, old);
    }
    s.events.retain(|&x| x != e);
    for (f, key) in [(REBEL, rebel), (EMPIRE, empire)] {
        let side = s.sides.get_mut(f);
        let pick = strategy(key.unwrap_or("bureaucracy"));
        side.unused.retain(|&x| x != pick);
        side.chosen = Some(pick);
    }
    s.balance = REBEL;
    s.phase = Phase::Struggle { turn: REBEL, passed: false };
    s
}

/// Puts a card into its owner's play area (from wherever it is).
pub fn in_play(s: &mut EvrState, key: &str, exhausted: bool) {
    let id = card(key);
    move_card(s, id, Zone::Play);
    let f = catalog().resource(id).faction;
    s.sides.get_mut(f).play.last_mut().expect("just put").exhausted = exhausted;
}

/// Puts a card on top of its owner's deck.
pub fn on_top(s: &mut EvrState, key: &str) {
    move_card(s, card(key), Zone::DeckTop);
}

/// Puts a card into a zone of its owner.
pub fn to_zone(s: &mut EvrState, key: &str, zone: Zone) {
    move_card(s, card(key), zone);
}

/// Hands the turn to a player.
pub fn turn(s: &mut EvrState, f: Faction) {
    s.phase = Phase::Struggle { turn: f, passed: false };
}

/// Acts with a command line; panics with the engine's reason if refused.
pub fn act(s: &mut EvrState, f: Faction, line: &str) {
    let a = Action::parse(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    apply(s, f, a).unwrap_or_else(|e| panic!("{line}: {e}"));
}

/// The command lines the pending decision offers, and who decides.
pub fn options(s: &EvrState) -> (Faction, Vec<String>) {
    let d = decision(s).expect("a decision");
    (d.seat, d.actions.iter().map(Action::command).collect())
}

/// Acts with a command line that must be refused, and checks nothing changed.
pub fn refused(s: &mut EvrState, f: Faction, line: &str) -> RuleError {
    let before = s.clone();
    let a = Action::parse(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    let e = apply(s, f, a).expect_err("refused");
    assert_eq!(*s, before, "a refused action changes nothing");
    e
}

/// The keys of a player's cards in play, with `*` after exhausted ones.
pub fn play_area(s: &EvrState, f: Faction) -> Vec<String> {
    s.sides
        .get(f)
        .play
        .iter()
        .map(|p| format!("{}{}", catalog().resource(p.card).key, if p.exhausted { "*" } else { "" }))
        .collect()
}

/// The keys of a player's discard pile.
pub fn discard(s: &EvrState, f: Faction) -> Vec<String> {
    s.sides.get(f).discard.iter().map(|&x| catalog().resource(x).key.clone()).collect()
}

/// Ends the struggle: the player to move passes, then the other.
pub fn pass_both(s: &mut EvrState) {
    let (f, _) = options(s);
    act(s, f, "pass");
    act(s, f.opponent(), "pass");
}

/// A player's chosen strategy's key.
pub fn chosen(s: &EvrState, f: Faction) -> Option<String> {
    s.sides.get(f).chosen.map(|x| catalog().strategy(x).key.clone())
}
