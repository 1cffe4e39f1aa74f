//! One decision of one player, and its command line (`characters han_solo …`, `strategy
//! deception`, `play`, `ready 2`, `pass`).

use serde::{Deserialize, Serialize};

use crate::content::evr::{ResourceCardId, StrategyCardId, catalog};

/// An answer to a decision. The engine validates every field; nothing here is trusted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Action {
    /// Setup: the four characters shuffled into the resource deck (the others go to reserve).
    Characters {
        /// The four characters, in catalog order.
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
}

impl Action {
    /// The command line of the action.
    pub fn command(&self) -> String {
        let c = catalog();
        match self {
            Action::Characters { cards } => {
                let keys: Vec<&str> = cards.iter().map(|&x| c.resource(x).key.as_str()).collect();
                format!("characters {}", keys.join(" "))
            }
            Action::Strategy { card } => format!("strategy {}", c.strategy(*card).key),
            Action::Play => "play".into(),
            Action::Ready { slot } => format!("ready {slot}"),
            Action::Pass => "pass".into(),
        }
    }

    /// Parses a command line; the error says what is wrong (the input is quoted short).
    pub fn parse(line: &str) -> Result<Action, String> {
        let c = catalog();
        let mut words = line.split_whitespace();
        let verb = words.next().unwrap_or_default().to_lowercase();
        let args: Vec<&str> = words.collect();
        let echo = |s: &str| crate::content::echo(s);
        match (verb.as_str(), args.as_slice()) {
            ("characters", keys) if !keys.is_empty() => {
                let mut cards = keys
                    .iter()
                    .map(|k| {
                        c.resource_by_key(k)
                            .ok_or_else(|| format!("no resource card is called `{}`", echo(k)))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                cards.sort();
                Ok(Action::Characters { cards })
            }
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
            _ => Err(format!(
                "`{}` is not a command: characters <four cards>, strategy <card>, play, ready <slot>, pass",
                echo(line)
            )),
        }
    }
}
