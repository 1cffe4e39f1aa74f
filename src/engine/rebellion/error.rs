//! The typed reasons an action is refused; each names the rule it breaks.

use crate::content::Faction;

/// Why the engine refused an action. The state is unchanged whenever one is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// Another seat must decide now.
    #[error("it is not your decision: waiting for the {waiting} player ({what})")]
    NotYourDecision {
        /// Who must decide.
        waiting: Faction,
        /// What they are deciding.
        what: String,
    },
    /// The team game: the decision, or this answer to it, belongs to the teammate's role.
    #[error("not your role: {detail}")]
    NotYourRole {
        /// The role that decides ("Rebel General").
        role: String,
        /// Why, in words.
        detail: String,
    },
    /// The action is of the wrong kind for the current step.
    #[error("you cannot do that now: {expected}")]
    WrongStep {
        /// What the engine expects instead.
        expected: String,
    },
    /// The action breaks a named rule.
    #[error("{rule}: {detail}")]
    Illegal {
        /// The Rules Reference topic.
        rule: &'static str,
        /// What exactly is wrong.
        detail: String,
    },
}

/// Shorthand for an `Illegal` error.
pub fn illegal(rule: &'static str, detail: impl Into<String>) -> RuleError {
    RuleError::Illegal { rule, detail: detail.into() }
}
