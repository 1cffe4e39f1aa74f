//! A small scenario builder for Empire vs. Rebellion rules tests: a match past setup with a
//! chosen event and strategies, cards put exactly where a rule needs them, and actions typed as
//! command lines.
#![allow(dead_code)]

use holonet::content::evr::{EventCardId, ResourceCardId, StrategyCardId, Zone, catalog};
use holonet::content::{ByFaction, Faction};
use holonet::engine::evr::state::Phase;
use holonet::engine::evr::zones::move_card;
use holonet::engine::evr::{Action, Decision, DecisionKind, EvrState, RuleError, apply, decision, new_game};

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
    set_up(&mut s);
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

/// Setup: each player picks their first characters offered, one at a time (the first four of
/// the catalog's eight), the Rebels first.
pub fn set_up(s: &mut EvrState) {
    while let Some(d) = decision(s).filter(|d| d.kind == DecisionKind::ChooseCharacters) {
        apply(s, d.seat, d.actions[0].clone()).expect("characters");
    }
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

/// An independent referee of the dominance phase: when a struggle ends it works out, from the
/// printed rules alone (not the engine's code), who must take the event, and checks who did.
/// The totals are the play areas' values; a strategy resolves unless its owner is over the
/// objective value, and neither of two Deceptions does; Direct Assault adds 2; the highest
/// total not over the objective value wins, a tie going to the balance token's side; Deception
/// turns the result round only when neither total (bonus included) is over it.
#[derive(Default)]
pub struct Referee {
    /// The round, its event, and who must take it.
    expected: Option<(u32, EventCardId, Option<Faction>)>,
    /// Events checked so far.
    pub checked: usize,
    /// Results a Deception turned round.
    pub turned: usize,
}

impl Referee {
    /// Who must take this struggle's event, from the state at its last pass.
    pub fn predict(s: &EvrState) -> Option<Faction> {
        Self::judge(s).0
    }

    /// Who must take this struggle's event, and whether a Deception turned the result round.
    fn judge(s: &EvrState) -> (Option<Faction>, bool) {
        let c = catalog();
        let objective = i64::from(c.event(s.event.expect("an event")).objective_value);
        let total = |f: Faction| -> i64 {
            s.sides
                .get(f)
                .play
                .iter()
                .map(|p| {
                    let r = c.resource(p.card);
                    i64::from(if p.exhausted { r.exhausted_value.unwrap_or(r.value) } else { r.value })
                })
                .sum()
        };
        let strategy = |f: Faction| s.sides.get(f).chosen.map(|x| c.strategy(x).key.clone());
        let is = |f: Faction, key: &str| strategy(f).as_deref() == Some(key);
        let both_deceive = is(REBEL, "deception") && is(EMPIRE, "deception");
        let resolves = |f: Faction, key: &str| is(f, key) && total(f) <= objective && !both_deceive;
        let last = |f: Faction| total(f) + if resolves(f, "direct_assault") { 2 } else { 0 };
        let within = |f: Faction| last(f) <= objective;
        let mut winner = match (within(REBEL), within(EMPIRE)) {
            (false, false) => None,
            (true, false) => Some(REBEL),
            (false, true) => Some(EMPIRE),
            (true, true) => Some(match last(REBEL).cmp(&last(EMPIRE)) {
                std::cmp::Ordering::Equal => s.balance,
                std::cmp::Ordering::Greater => REBEL,
                std::cmp::Ordering::Less => EMPIRE,
            }),
        };
        let deceived = Faction::BOTH.iter().any(|&f| resolves(f, "deception"));
        let turned = deceived && within(REBEL) && within(EMPIRE);
        if turned {
            winner = winner.map(Faction::opponent);
        }
        (winner, turned)
    }

    /// Looks at one applied action (the states before and after it); an error says how the
    /// engine's result differs from the referee's.
    pub fn step(&mut self, before: &EvrState, after: &EvrState) -> Result<(), String> {
        let struggling = |s: &EvrState| matches!(s.phase, Phase::Struggle { .. });
        if struggling(before) && !struggling(after) {
            let e = before.event.expect("a struggle has an event");
            let (winner, turned) = Self::judge(before);
            self.turned += usize::from(turned);
            self.expected = Some((before.round, e, winner));
        }
        let Some((round, e, want)) = self.expected else { return Ok(()) };
        let took = Faction::BOTH.into_iter().find(|&f| after.sides.get(f).won.contains(&e));
        if took.is_none() && after.round == round && after.winner.is_none() {
            return Ok(());
        }
        self.expected = None;
        self.checked += 1;
        let key = &catalog().event(e).key;
        if took != want {
            return Err(format!(
                "round {round}, {key}: the referee says {want:?} takes it, the engine gave it to {took:?}"
            ));
        }
        Ok(())
    }
}

/// Who may know each player's strategy this round, worked out from the rules and the actions
/// seen (never from the engine's own flags): its owner, unless the opponent picked it
/// (Infiltration) and the owner has still to make their own pick of the opponent's (two
/// Infiltrations pick at the same time); the opponent who picked it; everyone, for the loser
/// of Locate the Rebel Base who picks first and shows it; nobody but its owner once a power
/// made the owner pick again; everyone from the reveal at the end of the struggle.
#[derive(Clone, Debug, Default)]
pub struct Knowledge {
    /// Who picked each player's strategy this round (`None`: drawn at random, or not yet).
    picker: ByFaction<Option<Faction>>,
    /// Whose strategy was shown to everyone this round.
    shown: ByFaction<bool>,
    /// The player who lost Locate the Rebel Base last round (shows their next strategy).
    shows_next: Option<Faction>,
    /// Whose strategy a power made its owner pick again this round.
    pub replaced: ByFaction<bool>,
}

impl Knowledge {
    /// Follows one applied action: the decision it answered and the states around it.
    pub fn step(&mut self, before: &EvrState, d: &Decision, a: &Action, after: &EvrState) {
        if after.round != before.round {
            let locate = before.event == Some(event("locate_the_rebel_base"));
            let winner = before
                .event
                .and_then(|e| Faction::BOTH.into_iter().find(|&f| after.sides.get(f).won.contains(&e)));
            *self = Knowledge {
                shows_next: winner.filter(|_| locate).map(Faction::opponent),
                ..Knowledge::default()
            };
        }
        match (before.phase, a) {
            (Phase::ChooseStrategy { faction }, Action::Strategy { .. })
                if d.kind == DecisionKind::ChooseStrategy =>
            {
                *self.picker.get_mut(faction) = Some(d.seat);
                if self.shows_next == Some(faction) {
                    *self.shown.get_mut(faction) = true;
                }
            }
            // A power made a player pick again (R2-D2 and C-3PO, Emperor Palpatine: the card
            // is discarded when the power starts, the new one picked by the decision's seat).
            _ if d.kind == DecisionKind::Effect && after.round == before.round => {
                for f in Faction::BOTH {
                    let (was, now) = (before.sides.get(f).chosen, after.sides.get(f).chosen);
                    if now.is_some() && was != now {
                        *self.picker.get_mut(f) = Some(d.seat);
                        *self.shown.get_mut(f) = false;
                        *self.replaced.get_mut(f) = true;
                    }
                }
            }
            _ => {}
        }
    }

    /// Whether the receiver (`None`: the channel) may know the strategy `owner` has (or is
    /// to have) this round, in this state.
    pub fn knows(&self, s: &EvrState, owner: Faction, receiver: Option<Faction>) -> bool {
        if matches!(s.phase, Phase::Dominance { .. } | Phase::Over) || *self.shown.get(owner) {
            return true;
        }
        let picker = *self.picker.get(owner);
        match receiver {
            None => false,
            Some(r) if r == owner => !self.sealed_from_owner(s, owner),
            Some(r) => picker == Some(r),
        }
    }

    /// Two Infiltrations: the opponent has picked `owner`'s strategy, and `owner` is now
    /// picking the opponent's (the picks are simultaneous, so `owner` may not know theirs).
    pub fn sealed_from_owner(&self, s: &EvrState, owner: Faction) -> bool {
        let picking_theirs = matches!(s.phase, Phase::ChooseStrategy { faction } if faction == owner.opponent())
            && decision(s).is_some_and(|d| d.seat == owner);
        picking_theirs && *self.picker.get(owner) == Some(owner.opponent())
    }
}

/// A twin of `s` in which `f`'s strategy for this round (chosen, or picked for them and not yet
/// turned over) is another of their unused ones, if there is one.
pub fn strategy_twin(s: &EvrState, f: Faction, pick: usize) -> Option<EvrState> {
    let mut t = s.clone();
    let sealed = *t.effects.sealed.get(f);
    let side = t.sides.get_mut(f);
    let current = side.chosen.or(sealed)?;
    let others: Vec<usize> = (0..side.unused.len()).filter(|&i| side.unused[i] != current).collect();
    let i = *others.get(pick % others.len().max(1))?;
    let other = side.unused[i];
    if side.chosen.is_some() {
        side.unused[i] = current;
        side.unused.sort();
        side.chosen = Some(other);
    } else {
        // A sealed pick is still among its owner's unused cards.
        *t.effects.sealed.get_mut(f) = Some(other);
    }
    (t != *s).then_some(t)
}

/// A text without the events' printed effect texts, whole or as a menu's shortened
/// description, as printed or in lower case (public catalog data that may name characters).
pub fn without_event_texts(text: &str) -> String {
    use holonet::games::evr::brief::{event_brief, event_text};
    let c = catalog();
    let ids = (0..c.events.len()).map(|i| holonet::content::evr::EventCardId(i as u8));
    let forms: Vec<String> = ids
        .flat_map(|id| [event_text(id), event_brief(id)])
        .chain(c.events.iter().filter_map(|e| e.effect.as_ref()).map(|e| e.text.clone()))
        .flat_map(|f| [f.to_lowercase(), f])
        .collect();
    // Also lowercased: some payloads are read in lower case.
    forms.iter().fold(text.to_string(), |t, f| t.replace(f.as_str(), ""))
}
