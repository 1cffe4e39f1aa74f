//! Determinization: one possible world as a seat may imagine it.
//!
//! Every secret the seat may not know is put back into a pool and dealt again at random: the
//! opponent's hand and facedown missions with the cards they could be, every deck's order, the
//! hidden base (for the Empire), a probe card kept face down, the opponent's secret picks and
//! the random stream. Each pool is built from public facts and the seat's own cards only and
//! sorted before it is dealt, so two states the seat cannot tell apart give the same world for
//! the same random stream — the bot's fairness rests on this function alone.
//!
//! What the seat once saw and may still know (a card shown by another card, a played starting
//! card) is not remembered: the world it imagines is wider than the truth, never narrower.

use crate::content::*;
use crate::engine::rebellion::phases::setup::SetupStep;
use crate::engine::rebellion::rise_of_the_empire;
use crate::engine::rebellion::state::State;
use crate::engine::rebellion::{Frame, victory};
use crate::engine::rng::GameRng;

/// A world `seat` cannot tell from `s`, drawn with `rng`.
pub fn determinize(s: &State, seat: Faction, rng: &mut GameRng) -> State {
    let mut w = s.clone();
    let opp = seat.opponent();
    missions(&mut w, seat, rng);
    actions(&mut w, seat, rng);
    holders(&mut w, opp, rng);
    objectives(&mut w, seat, rng);
    probes(&mut w, seat, rng);
    tactics(&mut w, opp, rng);
    // The shared project deck (Rise of the Empire): nobody knows its order.
    redeal(rng, &mut [], &mut w.decks.projects);
    mission_set(&mut w, seat, rng);
    cinematic_pick(&mut w, opp, rng);
    w.rng = GameRng::from_seed(rng.below(usize::MAX) as u64);
    w
}

/// Deals a sorted pool of `hand.len() + deck.len()` cards: `hand` first (only cards `holdable`
/// may go there), then `deck` in a random order.
fn deal<T: Copy + Ord>(rng: &mut GameRng, pool: &mut Vec<T>, hand: &mut [T], holdable: impl Fn(T) -> bool) {
    pool.sort();
    rng.shuffle(pool);
    for slot in hand.iter_mut() {
        let Some(i) = pool.iter().position(|&c| holdable(c)) else { break };
        *slot = pool.remove(i);
    }
}

/// Shuffles `hand` and `deck` together and deals them again, sizes kept.
fn redeal<T: Copy + Ord>(rng: &mut GameRng, hand: &mut [T], deck: &mut Vec<T>) {
    let mut pool: Vec<T> = hand.iter().chain(deck.iter()).copied().collect();
    deal(rng, &mut pool, hand, |_| true);
    *deck = pool;
}

/// Missions: the opponent's hand and facedown missions with its deck; the seat's own deck order.
fn missions(w: &mut State, seat: Faction, rng: &mut GameRng) {
    redeal(rng, &mut [], w.decks.missions.get_mut(seat));
    let opp = seat.opponent();
    let mut slots: Vec<MissionId> = w.hands.get(opp).missions.clone();
    slots.extend(w.assignments.get(opp).iter().map(|a| a.mission));
    let mut pool: Vec<MissionId> = slots.iter().chain(w.decks.missions.get(opp)).copied().collect();
    deal(rng, &mut pool, &mut slots, |_| true);
    let held = w.hands.get(opp).missions.len();
    w.hands.get_mut(opp).missions.copy_from_slice(&slots[..held]);
    for (a, m) in w.assignments.get_mut(opp).iter_mut().zip(&slots[held..]) {
        a.mission = *m;
    }
    *w.decks.missions.get_mut(opp) = pool;
}

/// Whether an action card can be held (an Immediate card resolves the moment it is gained).
fn holdable_action(a: ActionCardId) -> bool {
    catalog().action_card(a).timing != ActionTiming::Immediate
}

/// Action cards. The opponent's hand holds starting cards (which were dealt is secret, and a
/// played one leaves no trace in the state) and cards drawn from its deck: how many of each
/// follows from the public deck size, so the hand is dealt that many of each kind.
fn actions(w: &mut State, seat: Faction, rng: &mut GameRng) {
    redeal(rng, &mut [], w.decks.actions.get_mut(seat));
    let opp = seat.opponent();
    let c = catalog();
    let starting = |a: ActionCardId| c.action_card(a).starting;
    let hand = &w.hands.get(opp).actions;
    let deck = w.decks.actions.get(opp);
    // Only the pool's makeup and the public sizes decide the deal (not where a card lies):
    // the hand holds as many drawn cards as the drawn pool has beyond the deck's size.
    let mut drawn: Vec<ActionCardId> = hand.iter().chain(deck).copied().filter(|&a| !starting(a)).collect();
    let (held, deck_len) = (hand.len(), deck.len());
    let drawn_held = drawn.len().saturating_sub(deck_len).min(held);
    let mut aside: Vec<ActionCardId> = ActionCardId::all()
        .filter(|&a| {
            c.action_card(a).faction == opp
                && starting(a)
                && rise_of_the_empire::cards::action_in_match(&w.options, a)
        })
        .collect();
    let mut new_hand = vec![ActionCardId::all().next().expect("action cards exist"); held];
    let (from_deck, from_aside) = new_hand.split_at_mut(drawn_held);
    deal(rng, &mut drawn, from_deck, holdable_action);
    deal(rng, &mut aside, from_aside, holdable_action);
    // Should the deck be short (a starting card counted in it), starting cards fill it.
    while drawn.len() < deck_len && !aside.is_empty() {
        drawn.push(aside.remove(0));
    }
    // The starting cards set aside (Rise of the Empire) keep their number.
    let rest = w.rote_cards.starting_rest.get(opp).len();
    aside.truncate(rest);
    *w.rote_cards.starting_rest.get_mut(opp) = aside;
    w.hands.get_mut(opp).actions = new_hand;
    *w.decks.actions.get_mut(opp) = drawn;
}

/// The team game: which of the opponent's two players holds each action card of its hand.
/// That is secret, and the hand was just dealt again, so the holders are dealt again too, as
/// `team::hold` gives them: a starting card to the player whose leaders it shows (either
/// player's when it shows both colours or none), a card drawn when a leader was recruited to
/// that leader's player, who may be either.
fn holders(w: &mut State, opp: Faction, rng: &mut GameRng) {
    if !w.options.players.splits(opp) {
        return;
    }
    let c = catalog();
    w.card_holders.retain(|a, _| c.action_card(*a).faction != opp);
    for &card in &w.hands.get(opp).actions {
        let def = c.action_card(card);
        let holder = if def.starting {
            let colours: Vec<TeamColour> = def.leaders.iter().map(|&l| c.leader(l).team_colour).collect();
            colours.first().copied().filter(|&first| colours.iter().all(|&x| x == first))
        } else {
            Some(TeamColour::BOTH[rng.below(2)])
        };
        if let Some(colour) = holder {
            w.card_holders.insert(card, colour);
        }
    }
}

/// Objectives: unknown to the Empire are the Rebel hand, the deck and the cards left in the box
/// (Rise of the Empire); unknown to the Rebels the deck and the box. The deck keeps its stages
/// in order (stage I on top), the hand is dealt from the earliest stages, and which of the
/// rest lie in the deck or the box is drawn at random.
fn objectives(w: &mut State, seat: Faction, rng: &mut GameRng) {
    let stage = |o: ObjectiveId| catalog().objective(o).stage;
    let holdable = |o: ObjectiveId| catalog().objective(o).timing != ObjectiveTiming::Immediate;
    let held = if seat == Faction::Empire { w.hands.rebel.objectives.len() } else { 0 };
    let mut pool: Vec<ObjectiveId> = w.decks.objectives.clone();
    pool.extend(&w.rote_cards.boxed_objectives);
    if held > 0 {
        pool.extend(&w.hands.rebel.objectives);
    }
    pool.sort();
    rng.shuffle(&mut pool);
    pool.sort_by_key(|&o| stage(o));
    let mut hand = vec![];
    while hand.len() < held {
        let Some(i) = pool.iter().position(|&o| holdable(o)) else { break };
        hand.push(pool.remove(i));
    }
    if held > 0 {
        w.hands.rebel.objectives = hand;
    }
    let deck_len = w.decks.objectives.len();
    let mut picks: Vec<usize> = (0..pool.len()).collect();
    rng.shuffle(&mut picks);
    let mut in_deck = vec![false; pool.len()];
    for &i in picks.iter().take(deck_len) {
        in_deck[i] = true;
    }
    w.decks.objectives = pool.iter().zip(&in_deck).filter(|(_, d)| **d).map(|(o, _)| *o).collect();
    w.rote_cards.boxed_objectives =
        pool.iter().zip(&in_deck).filter(|(_, d)| !**d).map(|(o, _)| *o).collect();
}

/// Probe cards and the hidden base.
fn probes(w: &mut State, seat: Faction, rng: &mut GameRng) {
    match seat {
        Faction::Rebel => {
            // The Imperial hand and the cards kept face down under action cards are unknown to
            // the Rebels; so is the deck's order. The base's card is in none of them.
            let mut slots: Vec<SystemId> = w.hands.empire.probes.clone();
            slots.extend(w.rote_probes.under.iter().map(|u| u.probe));
            let mut pool: Vec<SystemId> = slots.iter().chain(&w.decks.probes).copied().collect();
            deal(rng, &mut pool, &mut slots, |_| true);
            let held = w.hands.empire.probes.len();
            w.hands.empire.probes.copy_from_slice(&slots[..held]);
            for (u, p) in w.rote_probes.under.iter_mut().zip(&slots[held..]) {
                u.probe = *p;
            }
            w.decks.probes = pool;
        }
        Faction::Empire => {
            // The base may be any system whose card is still unseen (in the deck, or the card
            // the Rebels keep face down) that no public fact rules out.
            let hidden = !w.base.revealed && w.base.system.is_some();
            let mut pool: Vec<SystemId> = w.decks.probes.clone();
            pool.extend(w.rote_probes.kept);
            pool.extend(w.base.system.filter(|_| hidden));
            pool.sort();
            rng.shuffle(&mut pool);
            if hidden {
                let i = pool.iter().position(|&x| !victory::base_ruled_out(w, x)).unwrap_or(0);
                w.base.system = Some(pool.remove(i));
            }
            if w.rote_probes.kept.is_some() {
                w.rote_probes.kept = pool.pop();
            }
            w.decks.probes = pool;
        }
    }
}

/// The opponent's tactic cards, each theater with its own deck (the backs differ).
fn tactics(w: &mut State, opp: Faction, rng: &mut GameRng) {
    let hand = std::mem::take(&mut w.hands.get_mut(opp).tactics);
    let theater = |t: TacticId| catalog().tactic(t).theater;
    let mut new_hand = vec![];
    for (th, deck) in
        [(Theater::Space, &mut w.decks.space_tactics), (Theater::Ground, &mut w.decks.ground_tactics)]
    {
        let mut mine: Vec<TacticId> = hand.iter().copied().filter(|&t| theater(t) == th).collect();
        redeal(rng, &mut mine, deck);
        new_hand.extend(mine);
    }
    w.hands.get_mut(opp).tactics = new_hand;
}

/// Rise of the Empire: the Empire's secret mission-set pick, while the Rebels pick theirs.
fn mission_set(w: &mut State, seat: Faction, rng: &mut GameRng) {
    if seat != Faction::Rebel {
        return;
    }
    if let Some(Frame::Setup(SetupStep::MissionSets { empire: Some(set) })) = w.stack.last_mut() {
        *set = if rng.below(2) == 0 { MissionSet::Base } else { MissionSet::Vader };
    }
}

/// Cinematic combat: the opponent's secret pick of an advanced tactic card (still in its deck
/// until revealed), unless its tactic cards are shown.
fn cinematic_pick(w: &mut State, opp: Faction, rng: &mut GameRng) {
    let Some(decks) = w.cinematic.as_deref() else { return };
    let deck = decks.own.get(opp).deck.clone();
    let Some(combat) = w.combat_mut() else { return };
    if combat.mods.tactics_shown.contains(&opp) {
        return;
    }
    let Some(cine) = combat.cine.as_deref_mut() else { return };
    let Some(picked) = *cine.picks.get(opp) else { return };
    let theater = catalog().advanced_tactic(picked).theater;
    let same: Vec<AdvancedTacticId> =
        deck.iter().copied().filter(|&a| catalog().advanced_tactic(a).theater == theater).collect();
    if !same.is_empty() {
        *cine.picks.get_mut(opp) = Some(same[rng.below(same.len())]);
    }
}
