//! Who looks at a match, and cards as a viewer sees them: shared by every hosted game's
//! redacted view.

use serde::{Deserialize, Serialize};

use crate::content::Faction;

/// Who is looking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// Anyone: no hidden information.
    Public,
    /// One faction: its own secrets too.
    Faction(Faction),
    /// Everything (moderator export, debugging, simulation dumps).
    Full,
}

impl Viewer {
    /// Whether this viewer may see the secrets of side `f`.
    pub fn sees(self, f: Faction) -> bool {
        match self {
            Viewer::Public => false,
            Viewer::Faction(x) => x == f,
            Viewer::Full => true,
        }
    }
}

/// Cards as a list of ids when visible, or only their number when hidden.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Cards {
    /// The card ids.
    Visible(Vec<String>),
    /// How many cards.
    Hidden(usize),
}
