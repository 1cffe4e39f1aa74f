//! One decision of one player, and its command line (`character han_solo`, `strategy
//! deception`, `play`, `use han_solo`, `ready 2`, `pass`, and the follow-up choices of a
//! power or effect: `pick rebel_recon_3`, `deck empire`, `option 2`, `event battle_of_hoth`,
//! `done`).

use serde::{Deserialize, Serialize};

use crate::content::Faction;
use crate::content::evr::{EventCardId, ResourceCardId, StrategyCardId, catalog};

/// An answer to a decision. The engine validates every field; nothing here is trusted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Action {
    /// Setup: one more of the four characters shuffled into the resource deck (once four are
    /// picked, the others go to reserve).
    Character {
        /// The character.
        card: ResourceCardId,
    },
    /// Setup as logged before characters were picked one at a time: all four at once. Never
    /// offered; accepted only so that a match stored or exported then still replays (it
    /// applies as the four picks in catalog order, one state version).
    Characters {
        /// The four characters.
        cards: Vec<ResourceCardId>,
    },
    /// Planning: this round's strategy.
    Strategy {
        /// The strategy card.
        card: StrategyCardId,
    },
    /// Struggle: draw the top resource card into the play area.
    Play,
    /// Struggle: return an influence token to ready an exhausted card of one's play area.
    Ready {
        /// Its place in the play area, from 1.
        slot: u8,
    },
    /// Struggle: do nothing this turn.
    Pass,
    /// Struggle: exhaust a ready card of one's play area and resolve its power.
    Use {
        /// The card (every resource card of the box is one of a kind).
        card: ResourceCardId,
    },
    /// A power or effect: pick this card (to move, exhaust, discard or take).
    Pick {
        /// The card.
        card: ResourceCardId,
    },
    /// A power or effect: work on this player's deck.
    Deck {
        /// Whose deck.
        faction: Faction,
    },
    /// A power or effect: carry out this option of a choice next (from 1).
    Option {
        /// The option's number as printed in the effect's text.
        n: u8,
    },
    /// A power or effect: put this event on the event deck next (from the top).
    Event {
        /// The event.
        card: EventCardId,
    },
    /// A power or effect: pick nothing more (where the effect says "may" or "up to").
    Done,
}

impl Action {
    /// The command line of the action.
    pub fn command(&self) -> String {
        let c = catalog();
        match self {
            Action::Character { card } => format!("character {}", c.resource(*card).key),
            Action::Characters { cards } => {
                let keys: Vec<&str> = cards.iter().map(|&x| c.resource(x).key.as_str()).collect();
                format!("characters {}", keys.join(" "))
            }
            Action::Strategy { card } => format!("strategy {}", c.strategy(*card).key),
            Action::Play => "play".into(),
            Action::Ready { slot } => format!("ready {slot}"),
            Action::Pass => "pass".into(),
            Action::Use { card } => format!("use {}", c.resource(*card).key),
            Action::Pick { card } => format!("pick {}", c.resource(*card).key),
            Action::Deck { faction } => format!("deck {}", faction.key()),
            Action::Option { n } => format!("option {n}"),
            Action::Event { card } => format!("event {}", c.event(*card).key),
            Action::Done => "done".into(),
        }
    }

    /// Parses a command line; the error says what is wrong (the input is quoted short).
    pub fn parse(line: &str) -> Result<Action, String> {
        let c = catalog();
        let mut words = line.split_whitespace();
        let verb = words.next().unwrap_or_default().to_lowercase();
        let args: Vec<&str> = words.collect();
        let echo = |s: &str| crate::content::echo(s);
        let resource =
            |k: &str| c.resource_by_key(k).ok_or_else(|| format!("no resource card is called `{}`", echo(k)));
        match (verb.as_str(), args.as_slice()) {
            ("character", [k]) => resource(k).map(|card| Action::Character { card }),
            ("strategy", [k]) => c
                .strategy_by_key(k)
                .map(|card| Action::Strategy { card })
                .ok_or_else(|| format!("no strategy card is called `{}`", echo(k))),
            ("play", []) => Ok(Action::Play),
            ("ready", [n]) => n
                .parse()
                .map(|slot| Action::Ready { slot })
                .map_err(|_| format!("`{}` is not a slot number", echo(n))),
            ("pass", []) => Ok(Action::Pass),
            ("use", [k]) => resource(k).map(|card| Action::Use { card }),
            ("pick", [k]) => resource(k).map(|card| Action::Pick { card }),
            ("deck", [k]) => match k.to_lowercase().as_str() {
                "rebel" | "rebels" => Ok(Action::Deck { faction: Faction::Rebel }),
                "empire" => Ok(Action::Deck { faction: Faction::Empire }),
                _ => Err(format!("`{}` is not a side: rebel or empire", echo(k))),
            },
            ("option", [n]) => n
                .parse()
                .map(|n| Action::Option { n })
                .map_err(|_| format!("`{}` is not an option number", echo(n))),
            ("event", [k]) => c
                .event_by_key(k)
                .map(|card| Action::Event { card })
                .ok_or_else(|| format!("no event card is called `{}`", echo(k))),
            ("done", []) => Ok(Action::Done),
            _ => Err(format!(
                "`{}` is not a command: character <card>, strategy <card>, play, use <card>, ready <slot>, pass, pick <card>, deck <side>, option <n>, event <card>, done",
                echo(line)
            )),
        }
    }
}

/// A choice the effect being resolved waits for: who makes it, and every legal answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ask {
    /// Who chooses (usually the effect's player; the opponent where the effect says so).
    pub chooser: Faction,
    /// Every legal answer, in a stable order.
    pub actions: Vec<Action>,
}

impl Ask {
    /// The choice of `chooser` among `actions`, or none when there is nothing to choose.
    pub fn of(chooser: Faction, actions: Vec<Action>) -> Option<Ask> {
        (!actions.is_empty()).then_some(Ask { chooser, actions })
    }
}
