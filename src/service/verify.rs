//! Checking an exported match (`holonet verify FILE`, `/rebellion verify`): that its dice
//! commitment is the hash of its revealed seed and salt, that every logged action still applies
//! when the match is replayed from that seed (so every die and shuffle follows from the seed and
//! the log), and that the replay reaches the recorded result and final state. Game-neutral: the
//! file names its game, and the replay runs through that game's `Game` implementation.

use crate::games::evr::Evr;
use crate::games::game::Game;
use crate::games::rebellion::Rebellion;
use crate::service::{StepError, replay_each};
use crate::store::{MatchExport, MatchMeta, MatchStatus, RollbackNote};
use crate::trust::dice;

/// Why an export does not verify: each names what is wrong, so a player can tell an edited
/// file from an unfinished or foreign one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// The bytes are not a Holonet match export.
    #[error("this is not a Holonet match export: {0}")]
    NotAnExport(String),
    /// The file holds a game this Holonet does not host.
    #[error("the file holds a match of a game this Holonet does not know")]
    UnknownGame,
    /// The file was exported during play, without the seed.
    #[error(
        "the file was exported while the match was running, so it leaves out the seed (secret until the \
         end): export the match again once it is over"
    )]
    SeedWithheld,
    /// The match never started.
    #[error("the match never started: there are no dice to check")]
    NotStarted,
    /// A salt or a commitment is missing or malformed.
    #[error("the dice commitment cannot be checked: {0}")]
    BadCommitment(String),
    /// The commitment is not the hash of the salt and the seed.
    #[error(
        "the commitment does not match: the file's seed and salt hash to `{computed}`, not to the recorded \
         `{recorded}` — the seed, the salt or the commitment was changed"
    )]
    CommitmentMismatch {
        /// The commitment the file records.
        recorded: String,
        /// SHA-256 of the file's salt and seed.
        computed: String,
    },
    /// The options do not read.
    #[error("the match options cannot be read: {0}")]
    Options(String),
    /// An action does not read.
    #[error("action {number} cannot be read: {detail}")]
    Unreadable {
        /// Its number in the log, from 1.
        number: usize,
        /// What is wrong.
        detail: String,
    },
    /// An action does not apply where the log puts it.
    #[error(
        "action {number} (the {seat} player: `{command}`) does not follow from the seed and the actions \
         before it: {reason}"
    )]
    Refused {
        /// Its number in the log, from 1.
        number: usize,
        /// The seat that sent it.
        seat: String,
        /// The action as a command line.
        command: String,
        /// The rules' reason.
        reason: String,
    },
    /// The replay's result is not the recorded one (or the file's status says otherwise).
    #[error("the replay ends with {replayed}, but the file records {recorded}")]
    ResultMismatch {
        /// What the file records, in words (its own text quoted and escaped).
        recorded: String,
        /// The replay's result, in words.
        replayed: String,
    },
    /// The replay's final state is not the recorded one.
    #[error(
        "the replay reaches the state `{replayed}`, but the file records {recorded}: the log was changed"
    )]
    StateMismatch {
        /// The recorded fingerprint (quoted and escaped: it is the file's text).
        recorded: String,
        /// The replay's.
        replayed: String,
    },
}

/// How much of a match a verified export proved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The replay reaches the end of the match by its rules, and the file's recorded result and
    /// final state are the replay's: the whole match, as played.
    Complete,
    /// The replay reaches the end by the rules, but the file records no result or final state
    /// to hold it to (an export written before they were recorded).
    EndUnrecorded,
    /// The replay stops before any end by the rules: the actions logged follow from the seed,
    /// and nothing is claimed about a result (a match still running, ended early, or a log cut
    /// short).
    SoFar,
}

/// What a verified export showed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The game's id.
    pub game: String,
    /// The seed every die came from.
    pub seed: u64,
    /// Logged actions replayed.
    pub actions: usize,
    /// Whether the file says the match had ended (checked only with `Verdict::Complete`).
    pub finished: bool,
    /// How much the replay proved.
    pub verdict: Verdict,
    /// The game's result, when the replay reached the end by its rules.
    pub result: Option<String>,
    /// Why the file says it ended otherwise (cancelled, ended by a moderator): not checked.
    pub ended_because: Option<String>,
    /// The checked commitment, if the match has one.
    pub commitment: Option<String>,
    /// The fingerprint of the replay's final state.
    pub final_state: String,
    /// Whether the file recorded that fingerprint (then it matched).
    pub final_state_recorded: bool,
    /// The moderators' rollbacks, as the file records them (not checked).
    pub rollbacks: Vec<RollbackNote>,
}

/// The longest text of the file a report or a refusal quotes.
const QUOTE_MAX: usize = 200;

/// A text taken from the file, as a report shows it: in quotes, with newlines, quotes and
/// control characters escaped, and cut at [`QUOTE_MAX`] characters, so it cannot pose as a line
/// of the report.
pub fn quote(text: &str) -> String {
    let cut: String = text.chars().take(QUOTE_MAX).collect();
    let more = if cut.len() < text.len() { "…" } else { "" };
    format!("{cut:?}{more}")
}

impl Report {
    /// The report in words: its first line says exactly what was proved.
    pub fn text(&self) -> String {
        let (game, n) = (&self.game, self.actions);
        let mut l = vec![match (self.verdict, &self.result) {
            (Verdict::Complete, Some(r)) => {
                format!("Verified: a complete {game} match of {n} actions, result: {r}")
            }
            (Verdict::EndUnrecorded, Some(r)) => format!(
                "Verified: the {n} actions of this {game} match reach its end by the rules (the replay's result: \
                 {r}), but the file records no result or final state to check them against: compare the final \
                 state below with the reveal."
            ),
            _ => format!("Verified so far: {n} actions of a {game} match, no result claimed."),
        }];
        if self.verdict == Verdict::SoFar {
            l.push(match (&self.ended_because, self.finished) {
                (Some(why), _) => format!(
                    "The file says the match was ended early: {} (not checked: the replay shows only that it had \
                     not ended by its rules).",
                    quote(why)
                ),
                (None, _) => "The match had not ended when the file was exported: only the actions so far are \
                              verified."
                    .into(),
            });
        }
        l.push(match &self.commitment {
            Some(c) => format!(
                "Commitment `{c}` is SHA-256 of the file's salt and seed: compare it with the one the channel \
                 showed when the match began."
            ),
            None => "This match began before dice commitments: there is no commitment to check.".into(),
        });
        l.push(format!(
            "Every action applies when replayed, so every die rolled and every card shuffled follows from \
             seed {} and the log.",
            self.seed
        ));
        l.push(if self.final_state_recorded {
            format!(
                "Final state `{}`, as recorded: compare it with the one the reveal showed.",
                self.final_state
            )
        } else {
            format!("Final state `{}` (the file records none: compare it with the reveal).", self.final_state)
        });
        for r in &self.rollbacks {
            l.push(format!(
                "The file records that a moderator (<@{}>) rolled back {} action(s), from {} to {}: the actions \
                 taken back are not in the log, and the match went on from the same seed.",
                r.by,
                r.from.saturating_sub(r.to),
                r.from,
                r.to
            ));
        }
        l.push(
            "Who sent each action, when, and the rollback notes are as the file says (not checked: neither \
             the commitment nor the replay covers them)."
                .into(),
        );
        l.join("\n")
    }
}

/// Checks that a match's commitment is SHA-256 of its salt and seed (`docs/dice.md`). A match
/// without either (stored before commitments existed) passes: it has nothing to check.
pub fn check_commitment(meta: &MatchMeta) -> Result<(), VerifyError> {
    match (meta.salt.is_empty(), meta.commitment.is_empty()) {
        (true, true) => Ok(()),
        (true, false) => Err(VerifyError::BadCommitment("it records a commitment but no salt".into())),
        (false, true) => Err(VerifyError::BadCommitment("it records a salt but no commitment".into())),
        (false, false) => {
            let computed = dice::commitment_hex(meta.seed, &meta.salt)
                .map_err(|e| VerifyError::BadCommitment(e.to_string()))?;
            if computed == meta.commitment {
                Ok(())
            } else {
                // The recorded text is the file's: shown only when it has the form of a commitment.
                let recorded = if meta.commitment.len() == 64
                    && meta.commitment.bytes().all(|b| b.is_ascii_hexdigit())
                {
                    meta.commitment.clone()
                } else {
                    "(not a commitment)".to_string()
                };
                Err(VerifyError::CommitmentMismatch { recorded, computed })
            }
        }
    }
}

/// Verifies an export of game `G` (see the module documentation).
pub fn verify<G: Game>(export: &MatchExport) -> Result<Report, VerifyError> {
    if export.seed_withheld {
        return Err(VerifyError::SeedWithheld);
    }
    let meta = &export.meta;
    if meta.status == MatchStatus::Lobby {
        return Err(VerifyError::NotStarted);
    }
    check_commitment(meta)?;
    let options: G::Options = serde_json::from_value(meta.options.clone())
        .map_err(|e| VerifyError::Options(crate::service::json_problem(&e)))?;
    let mut state = G::new_match(meta.seed, &options);
    replay_each::<G>(&mut state, &export.log, 0, |_, _, _, _| {}).map_err(|e| match e {
        StepError::Unreadable { index, detail } => VerifyError::Unreadable { number: index + 1, detail },
        StepError::Refused { index, command, reason } => VerifyError::Refused {
            number: index + 1,
            seat: crate::content::echo(&export.log[index].seat),
            command,
            reason,
        },
    })?;
    let result = G::outcome(&state);
    let words = |r: &Option<String>| r.as_deref().map_or("no result".to_string(), quote);
    if let Some(recorded) = &export.result
        && export.result != result
    {
        return Err(VerifyError::ResultMismatch { recorded: quote(recorded), replayed: words(&result) });
    }
    match (&result, meta.status, &meta.ended_because) {
        // Over by its rules, the match was recorded as over by its rules.
        (Some(_), MatchStatus::Ended, None) | (None, _, _) => {}
        (Some(_), MatchStatus::Ended, Some(why)) => {
            return Err(VerifyError::ResultMismatch {
                recorded: format!("that it was ended early ({})", quote(why)),
                replayed: words(&result),
            });
        }
        (Some(_), status, _) => {
            return Err(VerifyError::ResultMismatch {
                recorded: format!("a match still {}", status.words()),
                replayed: words(&result),
            });
        }
    }
    // A match recorded as won by the rules (ended, and not for another reason) reached its end.
    if meta.status == MatchStatus::Ended && meta.ended_because.is_none() && result.is_none() {
        return Err(VerifyError::ResultMismatch {
            recorded: "that the game was over".into(),
            replayed: words(&result),
        });
    }
    let final_state = dice::state_hash(&state);
    if let Some(recorded) = &export.final_state
        && *recorded != final_state
    {
        return Err(VerifyError::StateMismatch { recorded: quote(recorded), replayed: final_state });
    }
    let verdict = match (&result, &export.result, &export.final_state) {
        (Some(_), Some(_), Some(_)) => Verdict::Complete,
        (Some(_), _, _) => Verdict::EndUnrecorded,
        (None, _, _) => Verdict::SoFar,
    };
    Ok(Report {
        game: G::ID.to_string(),
        seed: meta.seed,
        actions: export.log.len(),
        finished: meta.status == MatchStatus::Ended,
        verdict,
        result,
        ended_because: meta.ended_because.clone(),
        commitment: (!meta.commitment.is_empty()).then(|| meta.commitment.clone()),
        final_state,
        final_state_recorded: export.final_state.is_some(),
        rollbacks: meta.rollbacks.clone(),
    })
}

/// Verifies an export file of any hosted game.
pub fn verify_bytes(bytes: &[u8]) -> Result<Report, VerifyError> {
    let export: MatchExport = serde_json::from_slice(bytes)
        .map_err(|e| VerifyError::NotAnExport(crate::service::json_problem(&e)))?;
    if export.format != "holonet-match" || export.format_version != 1 {
        return Err(VerifyError::NotAnExport("not a holonet-match version 1 file".into()));
    }
    match export.meta.game.as_str() {
        Rebellion::ID => verify::<Rebellion>(&export),
        Evr::ID => verify::<Evr>(&export),
        _ => Err(VerifyError::UnknownGame),
    }
}
