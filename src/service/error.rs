//! Service errors: each says what went wrong and what to do instead, and never carries
//! hidden information of anyone but the caller.

use crate::store::{MatchStatus, StoreError};

/// Why a service call was refused. Nothing changed when one is returned.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// No match in the channel.
    #[error("there is no match in this channel; create one with `/rebellion new`")]
    NoMatch,
    /// The channel already has a match.
    #[error("this channel already has a match ({}); finish it or ask a moderator to `/mod end` it", .0.words())]
    MatchExists(MatchStatus),
    /// The channel has a match of another game (a channel hosts one match at a time, of
    /// either game).
    #[error(
        "this channel already has a match of {} ({}); finish it or ask a moderator to `/mod end` it",
        game_name(.game),
        .status.words()
    )]
    OtherGame {
        /// The other game's id, as stored.
        game: String,
        /// Where that match stands.
        status: MatchStatus,
    },
    /// Only possible while players are joining.
    #[error("the match has already started")]
    AlreadyStarted,
    /// Only possible once the match is running.
    #[error("the match has not started yet; when every seat is taken, use `/rebellion start`")]
    NotStarted,
    /// A moderator paused the match.
    #[error("the match is paused by a moderator; wait for `/mod resume`")]
    Paused,
    /// Only a paused match can be resumed.
    #[error("the match is not paused")]
    NotPaused,
    /// The match is over.
    #[error("the match is over")]
    Ended,
    /// The caller has no seat.
    #[error("you are not seated in this match; join with `/rebellion join` before it starts")]
    NotSeated,
    /// The seat name is unknown.
    #[error("unknown seat `{}`; seats are: {valid}", crate::content::echo(.seat))]
    UnknownSeat {
        /// What was asked.
        seat: String,
        /// The valid seats.
        valid: String,
    },
    /// Nobody holds the seat (a moderator's kick).
    #[error("nobody holds the {0} seat")]
    SeatEmpty(String),
    /// The seat is taken.
    #[error("the {0} seat is taken")]
    SeatTaken(String),
    /// No free seat.
    #[error("every seat is taken")]
    NoFreeSeat,
    /// Seats still open.
    #[error("these seats are still open: {0}")]
    SeatsOpen(String),
    /// Another player must decide.
    #[error("it is not your decision: the {seat} player is deciding ({kind})")]
    NotYourDecision {
        /// The deciding seat.
        seat: String,
        /// What they decide.
        kind: String,
    },
    /// The answer names options that are not the pending prompt's: an old menu, a menu of
    /// another match in the channel, or a number from a list the caller has not seen since the
    /// prompt changed (a rollback can bring back the same version with other options).
    #[error("those options are out of date; look at your current options and choose again")]
    Stale,
    /// The option number is out of range.
    #[error("there is no option {0}")]
    NoSuchOption(usize),
    /// The command could not be read.
    #[error("{0}")]
    Parse(String),
    /// The rules refuse the action.
    #[error("{0}")]
    Rule(String),
    /// Moderators only.
    #[error("only moderators can do that")]
    NotModerator,
    /// The caller already holds a seat and hot-seat play is off.
    #[error("you already hold the {0} seat, and one player may not take both seats here")]
    HotSeat(String),
    /// One user holds several seats and hot-seat play is off.
    #[error(
        "one player holds more than one seat, and hot-seat play is off here; \
         they should `/rebellion leave` and let someone else join"
    )]
    SharedSeats,
    /// Neither seated nor a moderator.
    #[error("only a seated player or a moderator can start the match")]
    StartNotAllowed,
    /// Someone without a seat tried to cancel a running match.
    #[error("only a moderator, or both players together, can cancel a running match")]
    CancelNeedsAgreement,
    /// The caller already asked to cancel.
    #[error("you already asked to cancel; the other player can agree with `/rebellion cancel`")]
    CancelPending,
    /// Only the creator or a moderator.
    #[error("only the match's creator or a moderator can do that")]
    NotCreator,
    /// A running match's export was asked by someone who may not see its secrets.
    #[error("only a moderator can export a match before it ends (anyone can once it is over)")]
    ExportRunning,
    /// A moderator who plays asked for the export of their own running match.
    #[error("you hold a seat in this match, so you cannot export it while it is running")]
    SeatedExport,
    /// A moderator tried to give a seat to themself while the match runs.
    #[error("you cannot give yourself a seat while the match is running; choose someone who is not playing")]
    ReplaceWithSelf,
    /// The new player already holds a seat in this match.
    #[error("that user already holds a seat in this match; choose someone who is not playing")]
    AlreadySeated,
    /// The match was exported after it ended, so it cannot be played on.
    #[error("this match was exported after it ended, so its secrets are out and it cannot be reopened")]
    ReopenExported,
    /// A rollback would reopen a finished match, whose reveal showed the seed (and with it every
    /// die and card still to come).
    #[error(
        "this match is over and its reveal showed the seed, so every die still to come is known: it cannot be reopened"
    )]
    ReopenRevealed,
    /// A rollback further back than the match goes.
    #[error("cannot roll back {asked} actions: the match has {have}")]
    RollbackTooFar {
        /// Asked.
        asked: u64,
        /// Available.
        have: u64,
    },
    /// An import file is not valid.
    #[error("cannot import: {0}")]
    BadImport(String),
    /// The channel's stored match could not be read; it waits for a moderator's import.
    #[error(
        "this channel's match could not be read from storage; a moderator can restore it from an export with `/mod import`"
    )]
    Damaged,
    /// Nothing to take back.
    #[error("there is no action to take back")]
    NothingToUndo,
    /// The last action is someone else's.
    #[error("only the player who made the last action can take it back (a moderator can `/mod rollback`)")]
    UndoNotYours,
    /// The last action showed someone something.
    #[error(
        "that action cannot be taken back: it rolled dice or drew, showed or revealed cards \
         (a moderator can `/mod rollback` if something went wrong)"
    )]
    UndoRevealed,
    /// The computer answered after the caller's last action, and its answer taught someone
    /// something (a die, a card), so neither can be taken back.
    #[error(
        "the computer has answered since your last action, and its answer cannot be taken back \
         (it rolled dice or drew, showed or revealed cards); a moderator can `/mod rollback`"
    )]
    UndoAfterComputer,
    /// The computer does not play this game, or not with these options.
    #[error(
        "the computer cannot take a seat in this match ({} with these options); it plays \
         every seat of Star Wars: Rebellion",
        game_name(.0)
    )]
    NoComputer(String),
    /// A hint asked where hints are off.
    #[error(
        "this match gives no hints: hints come in matches created with `hints:true` and in \
         matches against the computer"
    )]
    NoHints,
    /// A hint asked by someone with nothing to decide now.
    #[error("a hint is for the decision you are asked now, and nothing waits for you")]
    NothingToHint,
    /// A thinking time out of range (milliseconds asked).
    #[error(
        "the computer thinks at most {} seconds per decision (and at least a millisecond)",
        crate::bot::MAX_THINK_MS / 1000
    )]
    ThinkTime(u64),
    /// Every seat would be the computer's.
    #[error("at least one seat must be a person's: the computer does not play a match against itself here")]
    NoHumanLeft,
    /// Reminder delays in the wrong order.
    #[error("the second reminder must come after the first (or be 0 for none)")]
    ReminderOrder,
    /// Reminder delays over a year.
    #[error("reminder delays are at most a year (8760 hours)")]
    ReminderTooLate,
    /// An away time that is not a number of minutes, hours or days.
    #[error("`{}` is not a time away; write minutes, hours or days like 90m, 12h or 3d (or off)", crate::content::echo(.0))]
    BadDuration(String),
    /// An away time over a year.
    #[error("you can be away for at most a year (365d)")]
    AwayTooLong,
    /// A mention delay over a day.
    #[error("the mention delay is at most a day (1440 minutes)")]
    MentionDelayTooLong,
    /// Storage failed; nothing was changed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A stored game id in words ("Empire vs. Rebellion"); an unknown id is not echoed.
pub fn game_name(id: &str) -> &'static str {
    match id {
        "rebellion" => "Star Wars: Rebellion",
        "evr" => "Star Wars: Empire vs. Rebellion",
        _ => "another game",
    }
}
