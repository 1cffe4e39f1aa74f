//! Effects that move cards between decks, discard piles and hands (Rise of the Empire):
//! taking a mission from the top of one's deck or from one's discard pile, discarding one from
//! the opponent's hand, a random Rebel objective back on top of its deck, looking at the top of
//! a tactic deck, and taking used advanced tactic cards back (cinematic combat).

use serde::{Deserialize, Serialize};

pub use super::pending::HandsPending as Pending;
use crate::content::*;
use crate::engine::rebellion::action::{Action, Pick};
use crate::engine::rebellion::cards::ability::CardRun;
use crate::engine::rebellion::cards::intel::IfLeader;
use crate::engine::rebellion::cards::next::Next;
use crate::engine::rebellion::combat::cinematic::take_back as advanced;
use crate::engine::rebellion::combat::rules::Rules;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::error::{RuleError, illegal};
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::frame::Decision;
use crate::engine::rebellion::state::State;

/// A hands-family effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "op", deny_unknown_fields)]
pub enum Op {
    /// The player looks at the top `look` cards of their mission deck, takes `take` of them
    /// into hand (unseen by the opponent) and shuffles the deck.
    TakeFromMissionDeck {
        /// How many cards are looked at.
        look: u8,
        /// How many are taken.
        take: u8,
        /// A different number taken when this leader uses the card.
        #[serde(default)]
        if_leader: Option<IfLeader>,
    },
    /// The player takes a mission card of their choice from their discard pile into hand.
    TakeDiscardedMission,
    /// The player looks at the opponent's mission hand and discards one card of it that is not
    /// a starting mission.
    DiscardEnemyMission,
    /// One objective card at random from the Rebel hand is shown to everyone and put on top of
    /// the objective deck.
    RandomObjectiveToTop,
    /// The player picks a tactic deck and looks at its top `count` cards; they stay on top in
    /// their order or all go to the bottom.
    ArrangeTactics {
        /// How many cards are looked at.
        count: u8,
    },
    /// Cinematic combat: the player takes every used advanced tactic card of theirs (both
    /// theaters) back into their decks.
    TakeBackAdvanced,
}

fn discardable(s: &State, f: Faction) -> Vec<MissionId> {
    let mut v: Vec<MissionId> =
        s.hands.get(f).missions.iter().copied().filter(|&m| !catalog().mission(m).starting).collect();
    v.sort();
    v.dedup();
    v
}

fn tactic_deck(s: &mut State, t: Theater) -> &mut Vec<TacticId> {
    match t {
        Theater::Space => &mut s.decks.space_tactics,
        Theater::Ground => &mut s.decks.ground_tactics,
    }
}

/// Whether the effect would do anything now.
pub fn can(s: &State, run: &CardRun, op: &Op) -> bool {
    let f = run.faction;
    match op {
        Op::TakeFromMissionDeck { .. } => !s.decks.missions.get(f).is_empty(),
        Op::TakeDiscardedMission => !s.decks.mission_discard.get(f).is_empty(),
        Op::DiscardEnemyMission => !s.hands.get(f.opponent()).missions.is_empty(),
        Op::RandomObjectiveToTop => !s.hands.rebel.objectives.is_empty(),
        // Under cinematic combat the shared tactic decks are never drawn from: looking at them
        // would do nothing.
        Op::ArrangeTactics { .. } => {
            Rules::of(s) == Rules::Base
                && (!s.decks.space_tactics.is_empty() || !s.decks.ground_tactics.is_empty())
        }
        Op::TakeBackAdvanced => {
            Rules::of(s) == Rules::Cinematic
                && [Theater::Space, Theater::Ground].into_iter().any(|t| advanced::can_take_back(s, f, t))
        }
    }
}

/// Carries out the effect.
pub fn start(ctx: &mut Ctx, run: &mut CardRun, op: Op) -> Next {
    let f = run.faction;
    match op {
        Op::TakeFromMissionDeck { look, take, if_leader } => {
            let take = match if_leader {
                Some(x) if run.leaders.contains(&x.leader) => x.count,
                _ => take,
            };
            let deck = ctx.s.decks.missions.get_mut(f);
            let n = deck.len().min(look as usize);
            let seen: Vec<MissionId> = deck.drain(..n).collect();
            let names = seen.iter().map(|m| m.to_string()).collect();
            ctx.private(
                f,
                EventKind::CardsSeen { deck: "the top of your mission deck".into(), cards: names },
            );
            let left = take.min(seen.len() as u8);
            return settle_take(ctx, f, seen, left);
        }
        Op::TakeDiscardedMission => {
            return Next::Wait(crate::engine::rebellion::cards::Pending::Hands(Pending::FromDiscard));
        }
        Op::DiscardEnemyMission => {
            let hand = &ctx.s.hands.get(f.opponent()).missions;
            let names: Vec<String> = hand.iter().map(|m| m.to_string()).collect();
            ctx.private(f, EventKind::CardsSeen { deck: "the opponent's mission hand".into(), cards: names });
            ctx.note(format_args!(
                "{}: the {} player sees the opponent's mission hand",
                run.card.name(),
                f.name()
            ));
            if !discardable(ctx.s, f.opponent()).is_empty() {
                return Next::Wait(crate::engine::rebellion::cards::Pending::Hands(Pending::Discard));
            }
        }
        Op::RandomObjectiveToTop => {
            let n = ctx.s.hands.rebel.objectives.len();
            if n > 0 {
                let i = ctx.s.rng.below(n);
                let card = ctx.s.hands.rebel.objectives.remove(i);
                ctx.s.decks.objectives.insert(0, card);
                // The card is revealed: everyone sees it (and knows where it lies now).
                let seen = vec![card.to_string()];
                ctx.public(EventKind::CardsSeen { deck: "the revealed objective".into(), cards: seen });
                ctx.note(format_args!(
                    "{}: {} goes from the Rebel hand to the top of the objective deck",
                    run.card.name(),
                    card.name()
                ));
            }
        }
        Op::ArrangeTactics { count } => {
            return Next::Wait(crate::engine::rebellion::cards::Pending::Hands(Pending::TacticDeck {
                count,
            }));
        }
        Op::TakeBackAdvanced => {
            for t in [Theater::Space, Theater::Ground] {
                advanced::take_back(ctx, f, t, u8::MAX);
            }
        }
    }
    Next::Done
}

/// Takes the only seen card by itself, else asks; puts the rest back and shuffles when done.
fn settle_take(ctx: &mut Ctx, f: Faction, mut seen: Vec<MissionId>, left: u8) -> Next {
    if left == 0 || seen.is_empty() {
        let deck = ctx.s.decks.missions.get_mut(f);
        deck.append(&mut seen);
        let mut all = std::mem::take(deck);
        ctx.s.rng.shuffle(&mut all);
        *ctx.s.decks.missions.get_mut(f) = all;
        return Next::Done;
    }
    Next::Wait(crate::engine::rebellion::cards::Pending::Hands(Pending::Take { seen, left }))
}

/// The choice the effect waits for.
pub fn decision(s: &State, run: &CardRun, p: &Pending) -> Option<Decision> {
    let f = run.faction;
    let missions = |v: Vec<MissionId>| -> Vec<Action> {
        let mut v = v;
        v.dedup();
        v.into_iter().map(|card| Action::Pick(Pick::Mission { card })).collect()
    };
    let d = match p {
        // The seen cards are the player's secret: asked even when one answer is left.
        Pending::Take { seen, left } => run
            .ask(f, missions(seen.clone()), format!("pick a card to take into your hand ({left} more)"))
            .always_asked(true),
        Pending::FromDiscard => {
            let mut v = s.decks.mission_discard.get(f).clone();
            v.sort();
            run.ask(f, missions(v), "pick a mission card to take back from your discard pile")
        }
        Pending::Discard => run.ask(
            f,
            missions(discardable(s, f.opponent())),
            "pick the opponent's mission card to discard (not a starting mission)",
        ),
        Pending::TacticDeck { .. } => run.ask(
            f,
            [Theater::Space, Theater::Ground]
                .into_iter()
                .map(|theater| Action::Pick(Pick::Theater { theater }))
                .collect(),
            "pick the tactic deck to look at",
        ),
        Pending::TacticsPlace { .. } => run
            .ask(
                f,
                vec![Action::Mode { n: 1 }, Action::Mode { n: 2 }],
                "mode 1: leave them on top; mode 2: put them at the bottom",
            )
            .always_asked(true),
    };
    (!d.actions.is_empty()).then_some(d)
}

/// Why an answer is not one of the options, naming the rule.
pub fn explain(_s: &State, run: &CardRun, p: &Pending, a: &Action) -> RuleError {
    match (p, a) {
        (Pending::Discard, Action::Pick(Pick::Mission { card })) if catalog().mission(*card).starting => {
            illegal("Mission Cards", format!("{} is a starting mission: it cannot be discarded", card.name()))
        }
        (Pending::Discard, Action::Pick(Pick::Mission { .. })) => {
            illegal("Mission Cards", "that card is not in the opponent's mission hand")
        }
        (Pending::FromDiscard, Action::Pick(Pick::Mission { .. })) => {
            illegal("Mission Cards", "that card is not in your mission discard pile")
        }
        (Pending::Take { .. }, Action::Pick(Pick::Mission { .. })) => {
            illegal("Mission Cards", "that card is not among the cards you looked at")
        }
        (_, a) => run.wrong(a),
    }
}

/// Applies the answer to the choice.
pub fn act(ctx: &mut Ctx, run: &mut CardRun, p: Pending, a: Action) -> Result<Next, RuleError> {
    let f = run.faction;
    match (&p, &a) {
        (Pending::Take { seen, left }, Action::Pick(Pick::Mission { card })) if seen.contains(card) => {
            let mut seen = seen.clone();
            let i = seen.iter().position(|m| m == card).expect("checked");
            seen.remove(i);
            ctx.s.hands.get_mut(f).missions.push(*card);
            ctx.public(EventKind::CardsDrawn { faction: f, deck: "mission (looked at)".into(), count: 1 });
            Ok(settle_take(ctx, f, seen, left - 1))
        }
        (Pending::FromDiscard, Action::Pick(Pick::Mission { card }))
            if ctx.s.decks.mission_discard.get(f).contains(card) =>
        {
            let pile = ctx.s.decks.mission_discard.get_mut(f);
            let i = pile.iter().position(|m| m == card).expect("checked");
            pile.remove(i);
            ctx.s.hands.get_mut(f).missions.push(*card);
            ctx.note(format_args!(
                "{}: {} goes back from the discard pile to the hand",
                run.card.name(),
                card.name()
            ));
            Ok(Next::Done)
        }
        (Pending::Discard, Action::Pick(Pick::Mission { card }))
            if discardable(ctx.s, f.opponent()).contains(card) =>
        {
            let hand = &mut ctx.s.hands.get_mut(f.opponent()).missions;
            let i = hand.iter().position(|m| m == card).expect("checked");
            hand.remove(i);
            ctx.s.decks.mission_discard.get_mut(f.opponent()).push(*card);
            ctx.public(EventKind::CardPlayed {
                faction: f.opponent(),
                deck: "discarded mission".into(),
                card: card.key().into(),
            });
            Ok(Next::Done)
        }
        (Pending::TacticDeck { count }, Action::Pick(Pick::Theater { theater })) => {
            let deck = tactic_deck(ctx.s, *theater);
            let n = deck.len().min(*count as usize);
            let top: Vec<String> = deck[..n].iter().map(|t| t.to_string()).collect();
            ctx.private(
                f,
                EventKind::CardsSeen { deck: format!("the top of the {theater:?} tactic deck"), cards: top },
            );
            Ok(Next::Wait(crate::engine::rebellion::cards::Pending::Hands(Pending::TacticsPlace {
                theater: *theater,
                count: n as u8,
            })))
        }
        (Pending::TacticsPlace { theater, count }, Action::Mode { n: n @ (1 | 2) }) => {
            if *n == 2 {
                let deck = tactic_deck(ctx.s, *theater);
                let top: Vec<TacticId> = deck.drain(..*count as usize).collect();
                deck.extend(top);
            }
            ctx.note(format_args!(
                "{}: the cards looked at {}",
                run.card.name(),
                if *n == 1 { "stay on top" } else { "go to the bottom" }
            ));
            Ok(Next::Done)
        }
        _ => Err(explain(ctx.s, run, &p, &a)),
    }
}
