//! What a service call hands back to a front end: plain data, no Discord types.

use std::any::Any;
use std::sync::Arc;

use serde::Serialize;

use crate::games::game::{Notice, OptionText};

/// The game state as of one outcome, for drawing its board images later (off the match's
/// lock, after other commands may have changed the match): a post shows the board it reports.
/// Opaque here, so outcomes stay free of game types; front ends read it back with [`Self::get`].
#[derive(Clone)]
pub struct StateAt(Arc<dyn Any + Send + Sync>);

impl StateAt {
    /// Wraps a state.
    pub fn new<S: Any + Send + Sync>(state: S) -> Self {
        StateAt(Arc::new(state))
    }
    /// The state, if it is of type `S`.
    pub fn get<S: Any>(&self) -> Option<&S> {
        self.0.downcast_ref()
    }
}

impl std::fmt::Debug for StateAt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("StateAt(..)")
    }
}

/// Two outcomes are equal whatever states they carry (the state is a copy of what they
/// report, not part of what they say).
impl PartialEq for StateAt {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for StateAt {}

/// The reveal posted when a started match ends: what both sides kept hidden, the whole log,
/// and a chart of how the game went.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Reveal {
    /// Every secret, in words (the base, both hands, facedown missions).
    pub text: String,
    /// The full log (public and private lines, each marked with who saw it then), as a file.
    pub log: (String, Vec<u8>),
    /// A chart of the match's course (PNG), when the game draws one.
    #[serde(skip)]
    pub chart: Option<Vec<u8>>,
    /// A chart of each side's dice against expectation (PNG), when the game rolls dice.
    #[serde(skip)]
    pub luck: Option<Vec<u8>>,
}

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
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PromptPost {
    /// The match id.
    pub match_id: String,
    /// The match's nonce (answers from another match in the channel are refused).
    pub nonce: String,
    /// The deciding user (`None` if the seat is vacant).
    pub user: Option<u64>,
    /// The deciding seat.
    pub seat: String,
    /// Other seats that may answer too (a teammate, in the team game), and their users (`None`
    /// for a vacant seat). The options are private to them as to `user`: the same side.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<(String, Option<u64>)>,
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
    /// For each option, the one seat that alone may take it when the prompt names teammates
    /// (`Game::option_seats`); empty when any seat named may take any option. Private like the
    /// options.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub only: Vec<Option<String>>,
    /// Why the prompt goes to the seats it names, in words (public; `Game::prompt_why`), or
    /// empty.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub why: String,
    /// Whether everyone may see the options (front ends then put them on the channel's
    /// prompt message). Decided by the game from public facts only.
    pub public: bool,
    /// Extra context (private to `user`).
    pub context: Vec<String>,
    /// Whether the computer plays the deciding seat (then `user` is `None`, and it answers on
    /// its own: front ends show no options and mention nobody).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub computer: bool,
    /// The seats the computer plays in this match, in words for the channel.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub computer_seats: Vec<String>,
    /// The match's dice commitment (`crate::trust::dice`), public; empty for a match without one.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub commitment: String,
    /// How a fresh announcement of this decision reaches its deciders; `None` (a prompt the
    /// service did not weigh): every decider it names is mentioned.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub announce: Option<Announce>,
    /// Deciders who said they are away, with until when (seconds since the Unix epoch): the
    /// live message says so, so the others know why nothing moves.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub away: Vec<(u64, u64)>,
}

/// Who hears at once, and how, that a decision became theirs (`Service::track_wait`): the
/// others are named without a mention, and hear later if it still waits.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Announce {
    /// Deciders the new live message mentions.
    pub mention: Vec<u64>,
    /// Deciders told by direct message instead (`/game notify turn:dm`).
    pub dm: Vec<u64>,
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
    /// Whether the pending decision became its user's with this call (or needs a fresh
    /// announcement: start, resume, rollback). Front ends then post a new live message that
    /// mentions them and retire the old one; otherwise they edit the live message in place,
    /// pinging nobody (the caller acts on, and already has their options).
    pub ping: bool,
    /// The public lines of the current run no post has carried yet: what the live message
    /// shows under the pending decision.
    pub recent: Vec<String>,
    /// The state this outcome reports, for drawing its board images (`None` when nothing
    /// changed on the board).
    #[serde(skip)]
    pub state: Option<StateAt>,
    /// When the match ended with this call: everything that was hidden, for everyone.
    pub reveal: Option<Reveal>,
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
