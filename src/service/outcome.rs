//! What a service call hands back to a front end: plain data, no Discord types.

use serde::Serialize;

use crate::game::{Notice, OptionText};

/// A post in the match's channel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PublicPost {
    /// The text.
    pub text: String,
    /// Attach the public board image.
    pub board: bool,
}

/// A private message (DM) to one user.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PrivatePost {
    /// The recipient.
    pub user: u64,
    /// The seat whose secrets it carries.
    pub seat: String,
    /// The text.
    pub text: String,
    /// Attach that seat's private board image.
    pub board: bool,
}

/// The pending decision, addressed to one user. Its options can name hidden things (a hand's
/// cards, the base), so front ends show them only to `user` (DM or ephemeral) unless `public`
/// says everyone may see them; the channel gets a mention and the kind of decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PromptPost {
    /// The match id.
    pub match_id: String,
    /// The match's nonce (answers from another match in the channel are refused).
    pub nonce: String,
    /// The deciding user (`None` if the seat is vacant).
    pub user: Option<u64>,
    /// The deciding seat.
    pub seat: String,
    /// The state version the options belong to (stale answers are refused).
    pub version: u64,
    /// A short hash of the options (see `service::fingerprint`): private to `user`, like them.
    pub fingerprint: String,
    /// What kind of decision, in words (public).
    pub kind: String,
    /// The options as command lines, in order (private to `user`).
    pub options: Vec<String>,
    /// The options in words, with the levels menus narrow them by (one per option; private to
    /// `user`, like the options).
    pub texts: Vec<OptionText>,
    /// Whether everyone may see the options (front ends then put them on the channel's
    /// prompt message). Decided by the game from public facts only.
    pub public: bool,
    /// Extra context (private to `user`).
    pub context: Vec<String>,
}

/// Everything one service call produced.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// The answer to the caller.
    pub reply: String,
    /// Whether the answer may be shown in the channel (otherwise only to the caller).
    pub reply_public: bool,
    /// Channel posts.
    pub public: Vec<PublicPost>,
    /// Private messages.
    pub private: Vec<PrivatePost>,
    /// The decision now pending, if any. When its user is the caller, front ends show the
    /// options with the answer, and the service counts them as shown to that seat.
    pub prompt: Option<PromptPost>,
    /// A file to hand to the caller (moderator export), as (name, bytes).
    pub file: Option<(String, Vec<u8>)>,
    /// The game's own messages for the applied action, in order (public or for one seat);
    /// `public` and `private` already carry them, this keeps them apart for text front ends.
    pub events: Vec<Notice>,
}

impl Outcome {
    /// An outcome that only answers the caller privately.
    pub fn reply(text: impl Into<String>) -> Self {
        Outcome { reply: text.into(), ..Default::default() }
    }

    /// An outcome whose answer is announced in the channel.
    pub fn announce(text: impl Into<String>) -> Self {
        Outcome { reply: text.into(), reply_public: true, ..Default::default() }
    }
}
