//! The small trait every hosted game implements, so the service, storage and Discord layers
//! work for Rebellion now and Empire vs. Rebellion later without change.

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::content::CardSheet;

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
    /// Other seats that may answer it as well (a teammate, for a decision either player of a
    /// side may take); the prompt is addressed to `seat`.
    pub also: Vec<String>,
    /// What kind of decision, in words.
    pub kind: String,
    /// Every legal action.
    pub options: Vec<A>,
    /// Extra context for the decider (private to the seat).
    pub context: Vec<String>,
}

/// One step of the natural way to narrow an option down (coarse to fine): picking the mission
/// before the leaders, the source system before the units.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Level {
    /// The entry that stands for every option sharing it ("Build Alliance", "From Yavin").
    pub label: String,
    /// A coarser key that sorts such entries into named menus when there are many of them
    /// (a system's region); empty when none applies.
    pub section: String,
    /// What the card this entry stands for does ("Build Alliance": its text), for the menu
    /// entry's description: at most [`MAX_DESCRIPTION`] characters; empty when it names no card.
    pub description: String,
}

/// The longest description of a menu entry (Discord's limit on a select option's).
pub const MAX_DESCRIPTION: usize = 100;

/// How one option of a prompt reads, in the game's printed names, and where it sits in menus.
/// Built from public names and the decider's own options, so it is as private as the options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OptionText {
    /// The whole option in words ("Assign Mon Mothma to Build Alliance"), at most 100
    /// characters.
    pub label: String,
    /// The steps that narrow it down, coarse to fine; menus use as many as they need.
    pub levels: Vec<Level>,
    /// When the option is several things picked together from one menu (a mission's leaders),
    /// their names; empty otherwise.
    pub items: Vec<String>,
    /// The printed names of the command's arguments, in order (autocomplete shows them).
    pub args: Vec<String>,
    /// What the card the option plays, reveals, keeps or draws does, for its menu entry: at
    /// most [`MAX_DESCRIPTION`] characters, a shortened text ending with a pointer to the card
    /// lookup; empty when the option names no card.
    pub description: String,
}

impl OptionText {
    /// An option shown as its command line, with no narrowing (games without words).
    pub fn plain(command: &str) -> Self {
        let args = command.split_whitespace().skip(1).map(str::to_string).collect();
        OptionText {
            label: command.to_string(),
            levels: vec![],
            items: vec![],
            args,
            description: String::new(),
        }
    }
}

/// What the server's record keeps of how a match went: public facts only, the same for every
/// player (the winning side, the rounds played).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct MatchFacts {
    /// The side that won by the rules ([`Game::side_of`] of its seats: "rebel", "empire"), or
    /// `None` while nobody has.
    pub winner: Option<String>,
    /// The round the match reached (from 1; 0 before the first).
    pub rounds: u32,
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
    /// The slash command group players use for a match of this game (`/rebellion join`); the
    /// game-neutral `/game` group works for every game.
    const COMMAND: &'static str = "game";

    /// The seats a match has, in join order.
    fn seats(options: &Self::Options) -> Vec<String>;
    /// The side a seat plays for, as [`MatchFacts::winner`] names sides: teammates' seats share
    /// it. By default the part of the seat's name before a `-` ("empire-admiral" plays for
    /// "empire").
    fn side_of(seat: &str) -> &str {
        seat.split('-').next().unwrap_or(seat)
    }
    /// The expansions or variants a match plays with, in words for the channel ("Rise of the
    /// Empire"), or `None` for the plain game.
    fn variant(_options: &Self::Options) -> Option<String> {
        None
    }
    /// Every card of the game as the card lookup shows it, from the catalog alone: the cards a
    /// match with these options plays with, or with `None` (no match) every card of every box.
    /// Whoever holds a card, its sheet is the same. The default: a game with no cards.
    fn card_sheets(_options: Option<&Self::Options>) -> Vec<CardSheet> {
        vec![]
    }
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
    /// Every option of a prompt in words (one per option, in order). The default shows the
    /// command lines as they are.
    fn option_texts(_state: &Self::State, prompt: &GamePrompt<Self::Action>) -> Vec<OptionText> {
        prompt.options.iter().map(|a| OptionText::plain(&Self::action_text(a))).collect()
    }
    /// For each option of a prompt, the one seat that alone may take it when the prompt is
    /// shared between teammates (`GamePrompt::also`: a leader goes with its own player, a card
    /// with its holder), or `None` when any seat the prompt names may. Menus show each player
    /// only their own options. As private as the options; the default: any seat may take any.
    fn option_seats(_state: &Self::State, prompt: &GamePrompt<Self::Action>) -> Vec<Option<String>> {
        vec![None; prompt.options.len()]
    }
    /// Why the prompt goes to the seats it names, in words for the channel ("the Admiral fights
    /// the space battle"), or empty when there is nothing to explain (a two-player game).
    /// Public facts only, like who is asked.
    fn prompt_why(_state: &Self::State, _prompt: &GamePrompt<Self::Action>) -> String {
        String::new()
    }
    /// Whether everyone may see a prompt's options (then front ends put them on the channel's
    /// prompt message). Decided from public facts only: whether a prompt is shown must not
    /// itself give a secret away. The default keeps every prompt private.
    fn options_public(_state: &Self::State, _prompt: &GamePrompt<Self::Action>) -> bool {
        false
    }
    /// The state version (bumped by every applied action).
    fn version(state: &Self::State) -> u64;
    /// The result, once the game is over.
    fn outcome(state: &Self::State) -> Option<String>;
    /// The public facts the server's record keeps of a match in this state: who won, and the
    /// round it reached. Public like the status line. The default: no winner, no rounds.
    fn facts(_state: &Self::State) -> MatchFacts {
        MatchFacts::default()
    }
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
    /// A fingerprint of what the public board image shows of the components (not whose turn
    /// or which phase it is): equal fingerprints draw the same pieces, so a second image would
    /// show nothing new. `None` (the default) always posts the image.
    fn board_fingerprint(_state: &Self::State) -> Option<u64> {
        None
    }
    /// A plain-text board for a viewer (the fallback when no image is drawn).
    fn board_text(state: &Self::State, viewer: Option<&str>) -> String;

    /// Whether the step from `before` to `after` is a moment to show everyone the whole board:
    /// the turn passed, a battle or mission was resolved, a phase ended. Between such moments
    /// the channel's live message follows the play without new posts. Decided from public
    /// facts only (whether a board is posted must not give a secret away). The default never
    /// asks for one; the service also posts a board when the game ends.
    fn milestone(_before: &Self::State, _after: &Self::State) -> bool {
        false
    }
    /// Whether the action that led from `before` to `after` may be taken back by its player:
    /// nobody learnt anything from it (no die rolled, no card drawn or revealed). The default
    /// allows no undo.
    fn undoable(_before: &Self::State, _after: &Self::State) -> bool {
        false
    }
    /// Everything both sides kept hidden, in words, for the reveal posted when a match ends.
    /// The default lists each seat's private text.
    fn reveal_text(state: &Self::State, seats: &[String]) -> String {
        seats
            .iter()
            .map(|s| format!("**{s}**\n{}", Self::private_text(state, s)))
            .collect::<Vec<_>>()
            .join("\n")
    }
    /// Whether the computer can play a seat of a match with these options (then
    /// `computer_choice` answers for it). The default: the game has no computer player.
    fn computer_plays(_options: &Self::Options) -> bool {
        false
    }
    /// The computer's answer to the pending prompt for `ask.seats` (the seats it plays among
    /// those asked: a side's, or in a team game one or both of its roles): the option's position, chosen from what that seat may
    /// know only, thinking about `ask.think_ms` milliseconds, its random choices drawn from
    /// `ask.seed`. `None` when the prompt is not the seat's to answer now (another seat's, or
    /// nothing in it the seat's own while a person teammate decides the rest) or the game has no
    /// computer player. Slow (up to the thinking time): call it off the async runtime.
    fn computer_choice(_state: &Self::State, _ask: &ComputerAsk) -> Option<usize> {
        None
    }
    /// The computer's best options of the pending prompt for `ask.seats` (a person's seats,
    /// asking for a hint), best first, each with its estimate of their side's chance of winning
    /// after it (0..1; `None` when nothing was weighed, as for the only option). Chosen from
    /// what those seats may know only, like [`Game::computer_choice`]. `None` when the game
    /// gives no hints or nothing in the prompt is theirs. Slow: call it off the async runtime.
    fn computer_hint(_state: &Self::State, _ask: &ComputerAsk) -> Option<Vec<(usize, Option<f64>)>> {
        None
    }
    /// A picture of how a finished match went (e.g. scores by round) as PNG bytes, from its
    /// seed, options and every action; `None` when the game draws none. Slow: call it off the
    /// async runtime.
    fn chart_png(_seed: u64, _options: &Self::Options, _log: &[(String, Self::Action)]) -> Option<Vec<u8>> {
        None
    }
    /// Each side's dice against expectation, round by round, from a finished match's seed,
    /// options and every action; `None` (the default) for a game without dice.
    fn luck(
        _seed: u64,
        _options: &Self::Options,
        _log: &[(String, Self::Action)],
    ) -> Option<crate::trust::luck::LuckReport> {
        None
    }
}

/// One decision put to the computer (`Game::computer_choice`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComputerAsk {
    /// The seats it answers as: those it plays among the seats asked, in the prompt's order.
    pub seats: Vec<String>,
    /// About how long it may think, in milliseconds.
    pub think_ms: u64,
    /// The seed of its random choices.
    pub seed: u64,
    /// Whether a person playing a seat of the same side is asked this decision too: the
    /// computer then leaves that person what ends the decision for both.
    pub person_asked: bool,
}
