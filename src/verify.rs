//! Checking an exported match (`holonet verify FILE`, `/rebellion verify`): that its dice
//! commitment is the hash of its revealed seed and salt, that every logged action still applies
//! when the match is replayed from that seed (so every die and shuffle follows from the seed and
//! the log), and that the replay reaches the recorded result and final state. Game-neutral: the
//! file names its game, and the replay runs through that game's `Game` implementation.

use crate::dice;
use crate::game::Game;
use crate::games::evr::Evr;
use crate::games::rebellion::Rebellion;
use crate::service::{StepError, replay_each};
use crate::store::{MatchExport, MatchMeta, MatchStatus, RollbackNote};

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
    /// The replay's result is not the recorded one.
    #[error("the replay ends with \"{replayed}\", but the file records \"{recorded}\"")]
    ResultMismatch {
        /// The recorded result (or "no result").
        recorded: String,
        /// The replay's.
        replayed: String,
    },
    /// The replay's final state is not the recorded one.
    #[error(
        "the replay reaches the state `{replayed}`, but the file records `{recorded}`: the log was changed"
    )]
    StateMismatch {
        /// The recorded fingerprint.
        recorded: String,
        /// The replay's.
        replayed: String,
    },
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
    /// Whether the match had ended (else it is verified only so far).
    pub finished: bool,
    /// The game's result, when it ended by its rules.
    pub result: Option<String>,
    /// Why it ended otherwise (cancelled, ended by a moderator).
    pub ended_because: Option<String>,
    /// The checked commitment, if the match has one.
    pub commitment: Option<String>,
    /// The fingerprint of the replay's final state.
    pub final_state: String,
    /// Whether the file recorded that fingerprint (then it matched).
    pub final_state_recorded: bool,
    /// The moderators' rollbacks.
    pub rollbacks: Vec<RollbackNote>,
}

impl Report {
    /// The report in words.
    pub fn text(&self) -> String {
        let mut l = vec![format!(
            "Verified: a {} match of {} actions{}.",
            self.game,
            self.actions,
            if self.finished { "" } else { " (not over when exported: verified so far)" }
        )];
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
        match (&self.result, &self.ended_because) {
            (Some(r), _) => l.push(format!("Result: {r}")),
            (None, Some(why)) => l.push(format!("The match ended early: {why}.")),
            (None, None) => {}
        }
        l.push(if self.final_state_recorded {
            format!("Final state `{}`, as recorded (the reveal showed it too).", self.final_state)
        } else {
            format!("Final state `{}` (the file records none: compare it with the reveal).", self.final_state)
        });
        for r in &self.rollbacks {
            l.push(format!(
                "A moderator (<@{}>) rolled back {} action(s), from {} to {}: the actions taken back are not \
                 in the log, and the match went on from the same seed.",
                r.by,
                r.from.saturating_sub(r.to),
                r.from,
                r.to
            ));
        }
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
    let words = |r: &Option<String>| r.clone().unwrap_or_else(|| "no result".into());
    if let Some(recorded) = &export.result
        && export.result != result
    {
        return Err(VerifyError::ResultMismatch { recorded: recorded.clone(), replayed: words(&result) });
    }
    // A match over by its rules was recorded as over, and one recorded as won by the rules
    // (ended, and not for another reason) reached its end.
    if meta.status == MatchStatus::Ended && meta.ended_because.is_none() && result.is_none() {
        return Err(VerifyError::ResultMismatch {
            recorded: "the game was over".into(),
            replayed: words(&result),
        });
    }
    let final_state = dice::state_hash(&state);
    if let Some(recorded) = &export.final_state
        && *recorded != final_state
    {
        return Err(VerifyError::StateMismatch { recorded: recorded.clone(), replayed: final_state });
    }
    Ok(Report {
        game: G::ID.to_string(),
        seed: meta.seed,
        actions: export.log.len(),
        finished: meta.status == MatchStatus::Ended,
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
