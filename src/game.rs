//! The small trait every hosted game implements, so the service, storage and Discord layers
//! work for Rebellion now and Empire vs. Rebellion later without change.

use serde::Serialize;
use serde::de::DeserializeOwned;

/// A message produced by an applied action: public (`to == None`) or for one seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Notice {
    /// The seat that may see it, or `None` for everyone.
    pub to: Option<String>,
    /// The text.
    pub text: String,
}

/// The decision a game waits for, in game-neutral form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GamePrompt<A> {
    /// The seat that decides.
    pub seat: String,
    /// What kind of decision, in words.
    pub kind: String,
    /// Every legal action.
    pub options: Vec<A>,
    /// Extra context for the decider (private to the seat).
    pub context: Vec<String>,
}

/// A hosted game: pure rules behind a uniform face.
pub trait Game: Send + Sync + 'static {
    /// The full state (persisted, never shown).
    type State: Clone + Send + Sync + Serialize + DeserializeOwned;
    /// One decision of one seat.
    type Action: Clone + Send + Sync + PartialEq + Serialize + DeserializeOwned;
    /// Options fixed at match creation.
    type Options: Clone + Default + Send + Sync + Serialize + DeserializeOwned;

    /// The game's id in stored matches ("rebellion").
    const ID: &'static str;

    /// The seats a match has, in join order.
    fn seats(options: &Self::Options) -> Vec<String>;
    /// A new match from options and a seed.
    fn new_match(seed: u64, options: &Self::Options) -> Self::State;
    /// Parses a command line into an action; the error says what is wrong.
    fn parse_action(text: &str) -> Result<Self::Action, String>;
    /// The command line of an action.
    fn action_text(action: &Self::Action) -> String;
    /// Applies an action of a seat; on error the state is unchanged.
    fn apply(state: &mut Self::State, seat: &str, action: Self::Action) -> Result<Vec<Notice>, String>;
    /// The pending decision, if any.
    fn prompt(state: &Self::State) -> Option<GamePrompt<Self::Action>>;
    /// The state version (bumped by every applied action).
    fn version(state: &Self::State) -> u64;
    /// The result, once the game is over.
    fn outcome(state: &Self::State) -> Option<String>;
    /// A short public status (round, phase, whose decision, scores).
    fn status_text(state: &Self::State) -> String;
    /// Everything one seat privately holds, as text (hands, secrets).
    fn private_text(state: &Self::State, seat: &str) -> String;
    /// The view of one viewer (`None` = public) as JSON.
    fn view_json(state: &Self::State, viewer: Option<&str>) -> serde_json::Value;
    /// The board image of one viewer (`None` = public) as PNG bytes, if the game draws one.
    /// Slow (tens of milliseconds): call it off the async runtime.
    fn board_png(_state: &Self::State, _viewer: Option<&str>) -> Option<Vec<u8>> {
        None
    }
    /// A plain-text board for a viewer (the fallback when no image is drawn).
    fn board_text(state: &Self::State, viewer: Option<&str>) -> String;
}
