//! The one error type of reading game content: a file that does not parse or an entry that
//! breaks a rule. Its own file, so that every reader of a file (load, validate, the expansion's
//! and the team game's parts) can name it without importing the loader.

use super::files::ASSET_FILES;

/// An error in the game content: a file that does not parse, or an entry that is invalid.
///
/// Every message starts with the asset file and names the offending entry.
#[derive(Debug, thiserror::Error)]
pub enum ContentError {
    /// A file is not valid JSON or does not have the expected shape.
    #[error("{file}: {source}")]
    Parse {
        /// The asset file, e.g. `assets/board.json`.
        file: &'static str,
        /// What serde_json reported (with line and column).
        #[source]
        source: serde_json::Error,
    },
    /// `Catalog::load_from_strs` was given a file name that is not an asset file.
    #[error("unknown asset file `{name}`; the asset files are {}", ASSET_FILES.join(", "))]
    UnknownFile {
        /// The name as given.
        name: String,
    },
    /// Two entries of one list share an id.
    #[error("{file}: duplicate {kind} id `{id}`")]
    DuplicateId {
        /// The asset file.
        file: &'static str,
        /// What kind of entry (system, leader, …).
        kind: &'static str,
        /// The repeated id.
        id: String,
    },
    /// An entry refers to an id that does not exist.
    #[error("{file}: {owner} refers to unknown {kind} `{name}`{}", did_you_mean(.suggestions))]
    UnknownReference {
        /// The asset file holding the reference.
        file: &'static str,
        /// The entry holding the reference, e.g. "system `foo`".
        owner: String,
        /// What kind of entry was expected (system, leader, …).
        kind: &'static str,
        /// The unknown id.
        name: String,
        /// The closest valid ids, best first.
        suggestions: Vec<String>,
    },
    /// An entry breaks a rule of the content (asymmetric adjacency, wrong count, …).
    #[error("{file}: {entry} {problem}")]
    Invalid {
        /// The asset file.
        file: &'static str,
        /// The offending entry, e.g. "system `foo`" or "faction `rebel`".
        entry: String,
        /// What is wrong, phrased to follow the entry.
        problem: String,
    },
}

fn did_you_mean(s: &[String]) -> String {
    if s.is_empty() { String::new() } else { format!("; did you mean {}?", s.join(", ")) }
}

impl ContentError {
    /// Shorthand for [`ContentError::Invalid`].
    pub(crate) fn invalid(file: &'static str, entry: impl Into<String>, problem: impl Into<String>) -> Self {
        ContentError::Invalid { file, entry: entry.into(), problem: problem.into() }
    }
}
