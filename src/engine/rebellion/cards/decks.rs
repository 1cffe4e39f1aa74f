//! Effects on the objective and project decks, and on the Rebel objective hand.

use serde::{Deserialize, Serialize};

use super::run::{CardRun, Next};
use crate::content::*;
use crate::engine::rebellion::action::{Action, Pick};
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::error::{RuleError, illegal};
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::frame::Decision;
use crate::engine::rebellion::phases::setup::draw;
use crate::engine::rebellion::state::State;

/// A decks-family effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "op", deny_unknown_fields)]
pub enum Op {
    /// The Rebels look at the top `count` objective cards, keep one on top and put the others
    /// on the bottom.
    PeekObjectives {
        /// How many.
        count: u8,
    },
    /// The Rebels draw `count` objective cards and keep `keep` of them; the others go to the
    /// bottom of the objective deck.
    DrawObjectives {
        /// How many are drawn.
        count: u8,
        /// How many are kept.
        keep: u8,
    },
    /// The Rebels look at the top `count` objective cards and put them back in the order they
    /// choose, one card at a time from the top.
    ArrangeObjectives {
        /// How many.
        count: u8,
    },
    /// Search the player's mission deck for one of these cards, take it into hand (unseen by
    /// the opponent), and shuffle the deck.
    SearchMissionDeck {
        /// The cards that may be taken.
        cards: Vec<MissionId>,
    },
    /// The Rebels show their objective hand to the Empire (the cards stay in their hand).
    ShowObjectiveHand,
    /// The Empire picks one card of the Rebel objective hand; it goes to the bottom of the
    /// objective deck.
    BuryObjective,
    /// The Empire draws `count` project cards and keeps `keep` of them; the others go to the
    /// bottom of the project deck.
    DrawProjects {
        /// How many are drawn.
        count: u8,
        /// How many are kept.
        keep: u8,
    },
    /// Rise of the Empire (Early Promotion, Rebel Extremist): the card's faction is dealt one
    /// more starting action card (an Immediate one resolves at once; `rote_cards`).
    DrawStartingCard,
    /// Rise of the Empire (The Long War): the Rebels discard `count` objective cards of their
    /// choice from their hand, face up (`RoteCards::objective_discard`).
    DiscardObjectives {
        /// How many.
        count: u8,
    },
}

/// A decks-family choice in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {
    /// Which objective card of the hand to discard next, `left` more.
    Discard {
        /// Cards still to discard.
        left: u8,
    },
    /// Which of the seen objective cards stays on top.
    KeepOnTop {
        /// The cards taken off the top.
        seen: Vec<ObjectiveId>,
    },
    /// Which drawn objective cards to keep.
    KeepObjectives {
        /// The cards drawn and not yet kept.
        drawn: Vec<ObjectiveId>,
        /// How many more to keep.
        keep: u8,
    },
    /// The next card of the objective deck from the top.
    Arrange {
        /// The cards not yet put back.
        left: Vec<ObjectiveId>,
        /// The cards put back so far, top first.
        placed: Vec<ObjectiveId>,
    },
    /// Which Rebel objective card goes to the bottom of the deck.
    Bury,
    /// Which card to take from the mission deck.
    Search {
        /// The cards that may be taken.
        cards: Vec<MissionId>,
    },
    /// Which drawn project cards to keep.
    KeepProjects {
        /// The cards drawn and not yet kept.
        drawn: Vec<MissionId>,
        /// How many more to keep.
        keep: u8,
    },
}

/// Whether the effect would do anything now.
pub fn can(s: &State, run: &CardRun, op: &Op) -> bool {
    match op {
        Op::PeekObjectives { .. } | Op::DrawObjectives { .. } | Op::ArrangeObjectives { .. } => {
            !s.decks.objectives.is_empty()
        }
        Op::ShowObjectiveHand | Op::BuryObjective => !s.hands.rebel.objectives.is_empty(),
        Op::DrawProjects { .. } => !s.decks.projects.is_empty() || !s.decks.project_discard.is_empty(),
        Op::SearchMissionDeck { cards } => {
            cards.iter().any(|c| s.decks.missions.get(run.faction).contains(c))
        }
        Op::DrawStartingCard => !s.rote_cards.starting_rest.get(run.faction).is_empty(),
        Op::DiscardObjectives { count } => s.hands.rebel.objectives.len() >= *count as usize,
    }
}

fn seen(ctx: &mut Ctx, f: Faction, what: &str, cards: Vec<String>) {
    ctx.private(f, EventKind::CardsSeen { deck: what.into(), cards });
}

/// Carries out the effect.
pub fn start(ctx: &mut Ctx, run: &mut CardRun, op: Op) -> Next {
    match op {
        Op::SearchMissionDeck { cards } => Next::Wait(super::Pending::Decks(Pending::Search { cards })),
        Op::PeekObjectives { count } => {
            let n = ctx.s.decks.objectives.len().min(count as usize);
            let top: Vec<ObjectiveId> = ctx.s.decks.objectives.drain(..n).collect();
            seen(
                ctx,
                Faction::Rebel,
                "the top of the objective deck",
                top.iter().map(|o| o.to_string()).collect(),
            );
            if top.len() < 2 {
                ctx.s.decks.objectives.splice(0..0, top);
                return Next::Done;
            }
            Next::Wait(super::Pending::Decks(Pending::KeepOnTop { seen: top }))
        }
        Op::DrawObjectives { count, keep } => {
            let n = ctx.s.decks.objectives.len().min(count as usize);
            let drawn: Vec<ObjectiveId> = ctx.s.decks.objectives.drain(..n).collect();
            ctx.public(EventKind::CardsDrawn {
                faction: Faction::Rebel,
                deck: "objective".into(),
                count: drawn.len() as u32,
            });
            seen(ctx, Faction::Rebel, "objective cards", drawn.iter().map(|o| o.to_string()).collect());
            if drawn.len() <= keep as usize {
                ctx.s.hands.rebel.objectives.extend(drawn);
                return Next::Done;
            }
            Next::Wait(super::Pending::Decks(Pending::KeepObjectives { drawn, keep }))
        }
        Op::ArrangeObjectives { count } => {
            let n = ctx.s.decks.objectives.len().min(count as usize);
            let left: Vec<ObjectiveId> = ctx.s.decks.objectives.drain(..n).collect();
            // The card's player looks (the Empire too: Lord Vader's Orders).
            seen(
                ctx,
                run.faction,
                "the top of the objective deck",
                left.iter().map(|o| o.to_string()).collect(),
            );
            arrange(ctx, run.faction, left, vec![])
        }
        Op::ShowObjectiveHand => {
            let hand = ctx.s.hands.rebel.objectives.clone();
            ctx.note(format_args!(
                "{}: the Rebels show their objective cards to the Empire",
                run.card.name()
            ));
            let names: Vec<&str> = hand.iter().map(|o| o.name()).collect();
            let text = if names.is_empty() { "none".to_string() } else { names.join(", ") };
            super::intel::tell(ctx, Faction::Empire, run, format!("Rebel objectives: {text}"));
            Next::Done
        }
        Op::BuryObjective => {
            if ctx.s.hands.rebel.objectives.is_empty() {
                return Next::Done;
            }
            Next::Wait(super::Pending::Decks(Pending::Bury))
        }
        Op::DiscardObjectives { count } => discard_next(ctx, count),
        Op::DrawStartingCard => {
            match crate::engine::rebellion::rise_of_the_empire::cards::deal_starting_card(ctx, run.faction) {
                Some(frame) => Next::Push(frame),
                None => Next::Done,
            }
        }
        Op::DrawProjects { count, keep } => {
            let mut drawn = vec![];
            for _ in 0..count {
                let d = &mut ctx.s.decks;
                if let Some(m) = draw(&mut d.projects, &mut d.project_discard, &mut ctx.s.rng) {
                    drawn.push(m);
                }
            }
            ctx.public(EventKind::CardsDrawn {
                faction: Faction::Empire,
                deck: "project".into(),
                count: drawn.len() as u32,
            });
            seen(ctx, Faction::Empire, "project cards", drawn.iter().map(|m| m.to_string()).collect());
            if drawn.len() <= keep as usize {
                ctx.s.hands.empire.missions.extend(drawn);
                return Next::Done;
            }
            Next::Wait(super::Pending::Decks(Pending::KeepProjects { drawn, keep }))
        }
    }
}

/// Puts the seen objective cards back once one card is left (its place is forced), else asks
/// for the next one from the top.
fn arrange(ctx: &mut Ctx, f: Faction, left: Vec<ObjectiveId>, mut placed: Vec<ObjectiveId>) -> Next {
    if left.len() > 1 {
        return Next::Wait(super::Pending::Decks(Pending::Arrange { left, placed }));
    }
    placed.extend(left);
    ctx.s.decks.objectives.splice(0..0, placed);
    ctx.note(match f {
        Faction::Rebel => "The Rebels put the objective cards back in the order they chose",
        Faction::Empire => "The Empire puts the objective cards back in the order it chose",
    });
    Next::Done
}

/// Waits for the next objective to discard, while any is left to discard and in hand.
fn discard_next(ctx: &mut Ctx, left: u8) -> Next {
    if left == 0 || ctx.s.hands.rebel.objectives.is_empty() {
        return Next::Done;
    }
    Next::Wait(super::Pending::Decks(Pending::Discard { left }))
}

/// Puts an objective on the face-up discard pile (Rise of the Empire), for everyone to see.
pub fn to_discard(ctx: &mut Ctx, card: ObjectiveId) {
    ctx.s.rote_cards.objective_discard.push(card);
    ctx.public(EventKind::CardPlayed {
        faction: Faction::Rebel,
        deck: "discarded objective".into(),
        card: card.to_string(),
    });
}

/// Discards an objective from the Rebel hand (it must be there).
pub fn discard_from_hand(ctx: &mut Ctx, card: ObjectiveId) {
    let hand = &mut ctx.s.hands.rebel.objectives;
    let i = hand.iter().position(|&o| o == card).expect("checked: in the Rebel hand");
    hand.remove(i);
    to_discard(ctx, card);
}

/// The choice the effect waits for.
pub fn decision(s: &State, run: &CardRun, p: &Pending) -> Option<Decision> {
    let pick_objectives = |cards: &[ObjectiveId]| -> Vec<Action> {
        cards.iter().map(|&card| Action::Pick(Pick::Objective { card })).collect()
    };
    Some(match p {
        Pending::Search { cards } => {
            let mut found: Vec<MissionId> =
                cards.iter().copied().filter(|c| s.decks.missions.get(run.faction).contains(c)).collect();
            found.dedup();
            if found.is_empty() {
                return None;
            }
            // Asked even when one card is found: which cards the deck holds is secret (the
            // other may be in the hand), `asking.rs`.
            return Some(
                run.ask(
                    run.faction,
                    found.into_iter().map(|card| Action::Pick(Pick::Mission { card })).collect(),
                    "pick the card to take from your mission deck",
                )
                .always_asked(true),
            );
        }
        Pending::KeepObjectives { drawn, keep } => run.ask(
            Faction::Rebel,
            pick_objectives(drawn),
            format!(
                "pick {keep} objective {} to keep; the others go to the bottom of the objective deck",
                if *keep == 1 { "card" } else { "cards" }
            ),
        ),
        Pending::Arrange { left, placed } => run.ask(
            run.faction,
            pick_objectives(left),
            format!("pick the objective card to put back in position {} from the top", placed.len() + 1),
        ),
        // Asked even with one card left to pick: the options are the secret hand (`asking.rs`).
        Pending::Discard { left } => {
            let d = run.ask(
                Faction::Rebel,
                pick_objectives(&s.hands.rebel.objectives),
                format!("pick an objective card of your hand to discard ({left} more)"),
            );
            return Some(d.always_asked(true));
        }
        Pending::Bury => run.ask(
            Faction::Empire,
            pick_objectives(&s.hands.rebel.objectives),
            "pick the Rebel objective card that goes to the bottom of the objective deck",
        ),
        Pending::KeepOnTop { seen } => run.ask(
            Faction::Rebel,
            seen.iter().map(|&card| Action::Pick(Pick::Objective { card })).collect(),
            "pick the objective card to leave on top; the others go to the bottom",
        ),
        Pending::KeepProjects { drawn, keep } => run.ask(
            Faction::Empire,
            drawn.iter().map(|&card| Action::Pick(Pick::Mission { card })).collect(),
            format!(
                "pick {keep} project {} to keep; the others go to the bottom of the project deck",
                if *keep == 1 { "card" } else { "cards" }
            ),
        ),
    })
}

/// Explains why an answer is not one of the choice's options.
pub fn explain(_s: &State, _run: &CardRun, p: &Pending, a: &Action) -> RuleError {
    let (rule, detail) = match p {
        Pending::KeepOnTop { .. } | Pending::Arrange { .. } => {
            ("Objective Cards", "pick one of the objective cards taken off the top of the deck")
        }
        Pending::KeepObjectives { .. } => ("Objective Cards", "pick one of the objective cards you drew"),
        Pending::Bury => ("Objective Cards", "pick one of the objective cards in the Rebel hand"),
        Pending::Discard { .. } => ("Objective Cards", "pick one of the objective cards in your hand"),
        Pending::KeepProjects { .. } => ("Projects", "pick one of the project cards you drew"),
        Pending::Search { .. } => ("Action Cards", "pick one of the cards the card lets you search for"),
    };
    illegal(rule, format!("`{}` is not possible: {detail}", a.command()))
}

/// Applies the answer to the choice.
pub fn act(ctx: &mut Ctx, run: &mut CardRun, p: Pending, a: Action) -> Result<Next, RuleError> {
    match (p, a) {
        (Pending::Search { cards }, Action::Pick(Pick::Mission { card }))
            if cards.contains(&card) && ctx.s.decks.missions.get(run.faction).contains(&card) =>
        {
            let f = run.faction;
            let deck = ctx.s.decks.missions.get_mut(f);
            let i = deck.iter().position(|&m| m == card).expect("checked");
            deck.remove(i);
            let mut rest = std::mem::take(deck);
            ctx.s.rng.shuffle(&mut rest);
            *ctx.s.decks.missions.get_mut(f) = rest;
            ctx.s.hands.get_mut(f).missions.push(card);
            // The card taken stays hidden from the opponent (Rules Reference, Action Cards).
            ctx.public(EventKind::CardsDrawn { faction: f, deck: "mission (searched)".into(), count: 1 });
            ctx.private(f, EventKind::CardsSeen { deck: "missions".into(), cards: vec![card.to_string()] });
            Ok(Next::Done)
        }
        (Pending::KeepOnTop { mut seen }, Action::Pick(Pick::Objective { card })) if seen.contains(&card) => {
            seen.retain(|&o| o != card);
            ctx.s.decks.objectives.insert(0, card);
            ctx.s.decks.objectives.extend(seen);
            ctx.note("The Rebels rearrange the objective deck");
            Ok(Next::Done)
        }
        (Pending::KeepObjectives { mut drawn, keep }, Action::Pick(Pick::Objective { card }))
            if drawn.contains(&card) =>
        {
            drawn.retain(|&o| o != card);
            ctx.s.hands.rebel.objectives.push(card);
            if keep > 1 && !drawn.is_empty() {
                return Ok(Next::Wait(super::Pending::Decks(Pending::KeepObjectives {
                    drawn,
                    keep: keep - 1,
                })));
            }
            let cards = if drawn.len() == 1 { "card" } else { "cards" };
            ctx.note(format_args!(
                "The Rebels put {} objective {cards} on the bottom of the deck",
                drawn.len()
            ));
            ctx.s.decks.objectives.extend(drawn);
            Ok(Next::Done)
        }
        (Pending::Arrange { mut left, mut placed }, Action::Pick(Pick::Objective { card }))
            if left.contains(&card) =>
        {
            left.retain(|&o| o != card);
            placed.push(card);
            Ok(arrange(ctx, run.faction, left, placed))
        }
        (Pending::Discard { left }, Action::Pick(Pick::Objective { card }))
            if ctx.s.hands.rebel.objectives.contains(&card) =>
        {
            discard_from_hand(ctx, card);
            Ok(discard_next(ctx, left - 1))
        }
        (Pending::Bury, Action::Pick(Pick::Objective { card }))
            if ctx.s.hands.rebel.objectives.contains(&card) =>
        {
            let hand = &mut ctx.s.hands.rebel.objectives;
            let i = hand.iter().position(|&o| o == card).expect("checked");
            hand.remove(i);
            ctx.s.decks.objectives.push(card);
            ctx.note("The Empire puts one Rebel objective card on the bottom of the objective deck");
            ctx.private(
                Faction::Rebel,
                EventKind::Note { text: format!("{} goes to the bottom of the objective deck", card.name()) },
            );
            Ok(Next::Done)
        }
        (Pending::KeepProjects { mut drawn, keep }, Action::Pick(Pick::Mission { card }))
            if drawn.contains(&card) =>
        {
            let i = drawn.iter().position(|&m| m == card).expect("checked");
            drawn.remove(i);
            ctx.s.hands.empire.missions.push(card);
            if keep > 1 && !drawn.is_empty() {
                return Ok(Next::Wait(super::Pending::Decks(Pending::KeepProjects {
                    drawn,
                    keep: keep - 1,
                })));
            }
            ctx.s.decks.projects.extend(drawn);
            Ok(Next::Done)
        }
        (_, a) => Err(run.wrong(&a)),
    }
}
