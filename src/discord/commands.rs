//! The slash commands: `/game` (opening a match of either hosted game, and the game-neutral
//! match commands again), `/rebellion` (match life and information; Rebellion's own options to
//! open a match), `card` (the card lookup, in both groups), `/play` (moves); `/mod`
//! (moderation) is in `moderation.rs`. Each builds a command line or service call on the
//! channel's match, whatever its game; options naming game things autocomplete from the
//! caller's own pending prompt only (card names from the catalog). Rebellion's own verbs
//! (`/play assign`, …) answer in an Empire vs. Rebellion channel that they do not apply there.
//!
//! Why one `/game new game:evr` and not an `/evr …` tree: every other command is game-neutral —
//! prompts, option texts, the live message and secrets come from the `Game` trait — so a second
//! tree would only copy the first. Only opening a match needs to know the game.

// `#[poise::command]` turns each function's doc comment into the command's Discord
// description and generates an undocumented wrapper function of the same name.
#![allow(missing_docs)]

use poise::serenity_prelude as serenity;
use serenity::{AutocompleteChoice, CreateAutocompleteResponse};

use super::autocomplete::{card_names, complete};
pub use super::autocomplete::{own_lines, suggestions};
use super::components::{option_menus, out_of_date};
use super::host::Job;
use super::hosted::Games;
use super::hosted::{GameKind, NewMatch};
use super::lobby::lfg;
use super::messages::{NUMBER_OUT_OF_DATE, options_intro, shorten};
use super::notify::notify;
use super::permissions;
use super::record::{history, stats};
use super::rules::{EVR_HELP, HELP, OTHER_GAME, RULES_ELSEWHERE, Topic};
use super::send::{Responder, deliver, render_png};
use super::shared::{MAX_IMPORT_BYTES, RoleChoice, SeatChoice, ask, run, run_on, seat_name, think_ms};
use super::{Context, Data, Error, caller, on_channel};
use crate::engine::rebellion::{MatchOptions, Players};
use crate::games::evr::{Evr, EvrOptions};
use crate::games::rebellion::Rebellion;
use crate::service::cards::lookup;
use crate::service::{Answer, Caller, Outcome, ServiceError, StateAt, check_computer};

/// Every top-level command, for registration.
pub fn all() -> Vec<poise::Command<Data, Error>> {
    vec![rebellion(), play(), super::moderation::moderator(), game()]
}

/// A game to open a match of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum GameChoice {
    /// Star Wars: Rebellion (two players; `/rebellion new` has its options).
    #[name = "rebellion"]
    Rebellion,
    /// Star Wars: Empire vs. Rebellion, the two-player card game.
    #[name = "evr"]
    Evr,
}

/// A side to join.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum FactionChoice {
    /// The Rebel Alliance.
    #[name = "rebel"]
    Rebel,
    /// The Galactic Empire.
    #[name = "empire"]
    Empire,
    /// Whichever seat is free.
    #[name = "any"]
    Any,
}

/// Applies a move typed as a command line.
async fn act(ctx: Context<'_>, line: String) -> Result<(), Error> {
    run(ctx, move |s, ch, who| s.act(ch, who, Answer::Command(line))).await
}

/// Why one of Rebellion's own moves was refused in a channel playing another game.
#[derive(Debug, thiserror::Error)]
#[error(
    "`/play {verb}` is a move of Star Wars: Rebellion, and this channel plays {}: answer with the \
     buttons of the live message or `/play choose` (`/game help` explains the game)",
    .game.name()
)]
pub struct NotThisGame {
    /// The Rebellion verb.
    pub verb: &'static str,
    /// The game the channel plays.
    pub game: GameKind,
}

/// Applies one of Rebellion's own moves (`assign`, `activate`, …), refused without a change in
/// a channel whose match is of another game.
async fn rebellion_move(ctx: Context<'_>, verb: &'static str, line: String) -> Result<(), Error> {
    run_on(ctx, move |g, ch, who| {
        let s = g.of(ch);
        if s.kind() != GameKind::Rebellion {
            return Err(NotThisGame { verb, game: s.kind() }.into());
        }
        Ok(s.act(ch, who, Answer::Command(line))?)
    })
    .await
}

/// Refuses to open a match where Holonet lacks a permission it needs to host one.
pub(super) fn check_permissions(ctx: Context<'_>) -> Result<(), Error> {
    if let poise::Context::Application(a) = ctx
        && let Some(granted) = a.interaction.app_permissions
    {
        let thread = a.interaction.channel.as_ref().is_some_and(|c| {
            matches!(
                c.kind,
                serenity::ChannelType::PublicThread
                    | serenity::ChannelType::PrivateThread
                    | serenity::ChannelType::NewsThread
            )
        });
        let missing = permissions::missing(granted, thread);
        if !missing.is_empty() {
            return Err(permissions::refusal(&missing).into());
        }
    }
    Ok(())
}

// ---------------------------------------------------------------- /game

/// Open a match of either game here, and the match commands that work for both.
#[poise::command(
    slash_command,
    subcommands(
        "game_new",
        "join",
        "leave",
        "start",
        "cancel",
        "status",
        "board",
        "hand",
        "log",
        "verify",
        "help",
        "game_card",
        "mine",
        "notify",
        "stats",
        "history",
        "lfg"
    ),
    subcommand_required
)]
pub async fn game(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Open a new match in this channel: Star Wars: Rebellion or Empire vs. Rebellion.
#[poise::command(slash_command, guild_only, rename = "new")]
pub async fn game_new(
    ctx: Context<'_>,
    #[description = "The game: rebellion, or evr (Empire vs. Rebellion)"] game: GameChoice,
    #[description = "Seat the computer as the rebel or the empire player"] computer: Option<SeatChoice>,
    #[description = "How long the computer thinks per decision, in seconds (default 2)"]
    #[min = 0.01]
    #[max = 10]
    think_seconds: Option<f64>,
    #[description = "Let players ask the computer for hints (/play hint); counted in the reveal"]
    hints: Option<bool>,
) -> Result<(), Error> {
    check_permissions(ctx)?;
    let guild = ctx.guild_id().map(|g| g.get());
    let think = think_ms(think_seconds)?;
    let new = match game {
        GameChoice::Rebellion => NewMatch::Rebellion(MatchOptions::default()),
        GameChoice::Evr => NewMatch::Evr(EvrOptions::default()),
    };
    // Refused before the match opens (a thinking time out of range).
    if computer.is_some() {
        match &new {
            NewMatch::Rebellion(o) => check_computer::<Rebellion>(o, think)?,
            NewMatch::Evr(o) => check_computer::<Evr>(o, think)?,
        }
    }
    run_on(ctx, move |g, ch, who| {
        let mut out = g.create(ch, guild, who, new)?;
        if let Some(seat) = computer {
            let seated = match game {
                GameChoice::Rebellion => g.rebellion.seat_computer(ch, who, Some(seat.seat()), think)?,
                GameChoice::Evr => g.evr.seat_computer(ch, who, Some(seat.seat()), think)?,
            };
            out.reply = format!("{}\n{}", out.reply, seated.reply);
        }
        with_hints(g, ch, who, hints, &mut out)?;
        Ok(out)
    })
    .await
}

/// Turns hints on in a match just created, when asked, adding what that means to its reply.
fn with_hints(g: &Games, ch: u64, who: Caller, hints: Option<bool>, out: &mut Outcome) -> Result<(), Error> {
    if hints == Some(true) {
        let on = g.of(ch).set_hints(ch, who, true)?;
        out.reply = format!("{}\n{}", out.reply, on.reply);
    }
    Ok(())
}

// ---------------------------------------------------------------- /rebellion

/// Star Wars: Rebellion matches in this channel.
#[poise::command(
    slash_command,
    subcommands(
        "new",
        "join",
        "leave",
        "start",
        "cancel",
        "status",
        "board",
        "hand",
        "log",
        "verify",
        "help",
        "rules",
        "rebellion_card"
    ),
    subcommand_required
)]
pub async fn rebellion(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Open a new match in this channel.
#[poise::command(slash_command, guild_only)]
pub async fn new(
    ctx: Context<'_>,
    #[description = "Play with the Rise of the Empire expansion"] rise_of_the_empire: Option<bool>,
    #[description = "Place both sides' starting units automatically"] quick_setup: Option<bool>,
    #[description = "Players: 2, or the team game's 3 (one Rebel) or 4"]
    #[min = 2]
    #[max = 4]
    players: Option<u8>,
    #[description = "Seat the computer as the rebel or the empire side (in the team game, both its roles)"]
    computer: Option<SeatChoice>,
    #[description = "How long the computer thinks per decision, in seconds (default 2)"]
    #[min = 0.01]
    #[max = 10]
    think_seconds: Option<f64>,
    #[description = "Let players ask the computer for hints (/play hint); counted in the reveal"]
    hints: Option<bool>,
) -> Result<(), Error> {
    check_permissions(ctx)?;
    let guild = ctx.guild_id().map(|g| g.get());
    let players = players.unwrap_or(2);
    let Some(players) = Players::from_count(players) else {
        return Err(format!("a match has 2, 3 or 4 players, not {players}").into());
    };
    let options = MatchOptions {
        quick_setup: quick_setup.unwrap_or(false),
        rise_of_the_empire: rise_of_the_empire.unwrap_or(false),
        players,
    };
    let think = think_ms(think_seconds)?;
    // Refused before the match opens (the team game, a thinking time out of range).
    if computer.is_some() {
        check_computer::<Rebellion>(&options, think)?;
    }
    run_on(ctx, move |g, ch, who| {
        let mut out = g.create(ch, guild, who, NewMatch::Rebellion(options))?;
        // In the team game the computer takes both roles of a split side.
        let seats: Vec<String> = match computer {
            Some(seat) if players.splits(seat.faction()) => {
                [RoleChoice::Admiral, RoleChoice::General].map(|r| seat_name(seat.seat(), Some(r))).to_vec()
            }
            Some(seat) => vec![seat.seat().to_string()],
            None => vec![],
        };
        for seat in seats {
            let seated = g.rebellion.seat_computer(ch, who, Some(&seat), think)?;
            out.reply = format!("{}\n{}", out.reply, seated.reply);
        }
        with_hints(g, ch, who, hints, &mut out)?;
        Ok(out)
    })
    .await
}

/// Take a seat in this channel's match.
#[poise::command(slash_command)]
pub async fn join(
    ctx: Context<'_>,
    #[description = "The side you want to play"] faction: FactionChoice,
    #[description = "In a team game: the side's Admiral or General"] role: Option<RoleChoice>,
    #[description = "The match's creator or a moderator: seat the computer there instead"] computer: Option<
        bool,
    >,
    #[description = "How long the computer thinks per decision, in seconds (default 2)"]
    #[min = 0.01]
    #[max = 10]
    think_seconds: Option<f64>,
) -> Result<(), Error> {
    let seat = match faction {
        FactionChoice::Rebel => Some(seat_name("rebel", role)),
        FactionChoice::Empire => Some(seat_name("empire", role)),
        FactionChoice::Any => None,
    };
    if computer == Some(true) {
        let think = think_ms(think_seconds)?;
        return run(ctx, move |s, ch, who| s.seat_computer(ch, who, seat.as_deref(), think)).await;
    }
    run(ctx, move |s, ch, who| s.join(ch, who, seat.as_deref())).await
}

/// Leave your seat before the match starts.
#[poise::command(slash_command)]
pub async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, move |s, ch, who| s.leave(ch, who)).await
}

/// Start the match once every seat is taken.
#[poise::command(slash_command)]
pub async fn start(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, move |s, ch, who| s.start(ch, who)).await
}

/// Cancel this match: a moderator, or both players agreeing (its creator, before it starts).
#[poise::command(slash_command)]
pub async fn cancel(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, move |s, ch, who| s.cancel(ch, who)).await
}

/// Where the match stands: whose turn, time and reputation, the latest events, your hand.
#[poise::command(slash_command)]
pub async fn status(ctx: Context<'_>) -> Result<(), Error> {
    ask(ctx, move |s, ch, who| s.status(ch, who)).await
}

/// Post the public board in the channel.
#[poise::command(slash_command)]
pub async fn board(ctx: Context<'_>) -> Result<(), Error> {
    let responder = Responder::Command(ctx);
    responder.defer().await?;
    let channel = ctx.channel_id().get();
    let state: StateAt =
        on_channel(ctx.data(), channel, move |s| s.state(channel)).await?.ok_or(ServiceError::NotStarted)?;
    let text = ctx.data().games.of_state(&state).and_then(|g| g.status_text(&state)).unwrap_or_default();
    ctx.data().host.queue(channel, Job::Board { text, state });
    responder.say("Done — posted in the channel.").await
}

/// Your private view: hand, secrets, your board and your pending options (only you see it).
#[poise::command(slash_command)]
pub async fn hand(ctx: Context<'_>) -> Result<(), Error> {
    let responder = Responder::Command(ctx);
    responder.defer().await?;
    let who = caller(ctx).await;
    let channel = ctx.channel_id().get();
    let (outcome, state, seats) = on_channel(ctx.data(), channel, move |s| {
        let outcome = s.hand(channel, who)?;
        Ok((outcome, s.state(channel)?, s.seats(channel)?))
    })
    .await?;
    let mut text = outcome.reply;
    let rows = match &outcome.prompt {
        Some(p) => {
            text.push_str(&format!("\n{}", options_intro(p, who.user)));
            option_menus(p, who.user)
        }
        None => vec![],
    };
    // The board as this player sees it (their secret base, what their probes rule out).
    let seat = seats.iter().find(|(_, u)| **u == who.user).map(|(s, _)| s.clone());
    let png = match (state, seat) {
        (Some(state), Some(seat)) => render_png(&ctx.data().games, &state, Some(seat)).await,
        _ => None,
    };
    let file = png.map(|png| serenity::CreateAttachment::bytes(png, "your-board.png"));
    responder.send(text, rows, file).await
}

/// The recent public events of this match.
#[poise::command(slash_command)]
pub async fn log(ctx: Context<'_>) -> Result<(), Error> {
    ask(ctx, move |s, ch, _| s.log(ch, 20)).await
}

/// The game of the channel's match, if it has one (running or ended).
async fn channel_game(ctx: Context<'_>) -> Option<GameKind> {
    let (games, channel) = (ctx.data().games.clone(), ctx.channel_id().get());
    tokio::task::spawn_blocking(move || games.kind_of(channel)).await.ok().flatten()
}

/// The help of a channel: its game's, or Rebellion's with a word on the other game.
pub fn help_text(game: Option<GameKind>) -> String {
    match game {
        Some(GameKind::Evr) => EVR_HELP.to_string(),
        Some(GameKind::Rebellion) => HELP.to_string(),
        None => format!("{HELP}{OTHER_GAME}"),
    }
}

/// How to play with this bot (the game of this channel's match).
#[poise::command(slash_command)]
pub async fn help(ctx: Context<'_>) -> Result<(), Error> {
    let text = help_text(channel_game(ctx).await);
    ctx.send(poise::CreateReply::default().ephemeral(true).content(text)).await?;
    Ok(())
}

/// A short explanation of a rules topic.
#[poise::command(slash_command)]
pub async fn rules(ctx: Context<'_>, #[description = "The topic"] topic: Topic) -> Result<(), Error> {
    let mut text = format!("**{}**\n{}", poise::ChoiceParameter::name(&topic), topic.text());
    if channel_game(ctx).await == Some(GameKind::Evr) {
        text = format!("{RULES_ELSEWHERE}\n{text}");
    }
    ctx.send(poise::CreateReply::default().ephemeral(true).content(text)).await?;
    Ok(())
}

/// Your matches on this server, those waiting on you first (only you see it).
#[poise::command(slash_command)]
pub async fn mine(ctx: Context<'_>) -> Result<(), Error> {
    let responder = Responder::Command(ctx);
    responder.defer().await?;
    let games = ctx.data().games.clone();
    let (user, guild) = (ctx.author().id.get(), ctx.guild_id().map(|g| g.get()));
    let list = tokio::task::spawn_blocking(move || games.mine(user, guild)).await?;
    responder.say(&super::mine::mine_text(list, crate::service::system_clock())).await
}

// ---------------------------------------------------------------- card lookup

/// Look up a Rebellion card: its icons, what it needs, its text and Holonet's reading.
#[poise::command(slash_command, rename = "card")]
pub async fn rebellion_card(
    ctx: Context<'_>,
    #[description = "The card's name"]
    #[autocomplete = "ac_rebellion_card"]
    name: String,
) -> Result<(), Error> {
    card_lookup(ctx, Some(GameKind::Rebellion), name).await
}

/// Look up a card of this channel's game (of either game without a match).
#[poise::command(slash_command, rename = "card")]
pub async fn game_card(
    ctx: Context<'_>,
    #[description = "The card's name"]
    #[autocomplete = "ac_game_card"]
    name: String,
) -> Result<(), Error> {
    card_lookup(ctx, None, name).await
}

/// Answers a card lookup privately: the card's sheet and its face as a picture. It reads the
/// catalog and the channel's match's options only, so it says nothing of who holds the card.
async fn card_lookup(ctx: Context<'_>, game: Option<GameKind>, name: String) -> Result<(), Error> {
    let responder = Responder::Command(ctx);
    responder.defer().await?;
    let (games, channel) = (ctx.data().games.clone(), ctx.channel_id().get());
    let answer =
        tokio::task::spawn_blocking(move || lookup(&games.card_book(channel, game), &name, true)).await??;
    let file = answer.png.clone().map(|png| serenity::CreateAttachment::bytes(png, answer.file_name.clone()));
    responder.send(answer.markdown(), vec![], file).await
}

// ---------------------------------------------------------------- /play

/// Make a move in this channel's match.
#[poise::command(
    slash_command,
    subcommands(
        "assign",
        "done",
        "reveal",
        "activate",
        "oppose",
        "objective",
        "action",
        "choose",
        "pass",
        "undo",
        "hint"
    ),
    subcommand_required
)]
pub async fn play(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Assign leaders to a mission (Assignment phase).
#[poise::command(slash_command)]
pub async fn assign(
    ctx: Context<'_>,
    #[description = "A mission in your hand"]
    #[autocomplete = "ac_assign_mission"]
    mission: String,
    #[description = "The leader to send"]
    #[autocomplete = "ac_assign_leader"]
    leader: String,
    #[description = "A second leader"]
    #[autocomplete = "ac_assign_leader2"]
    leader2: Option<String>,
) -> Result<(), Error> {
    let line = match leader2 {
        Some(l2) => format!("assign {mission} {leader} {l2}"),
        None => format!("assign {mission} {leader}"),
    };
    rebellion_move(ctx, "assign", line).await
}

/// Ask the computer, privately, for its three best options for your decision (matches with hints).
#[poise::command(slash_command)]
pub async fn hint(ctx: Context<'_>) -> Result<(), Error> {
    ask(ctx, move |s, ch, who| s.hint(ch, who)).await
}

/// Finish assigning missions.
#[poise::command(slash_command)]
pub async fn done(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, "done".into()).await
}

/// Reveal one of your assigned missions.
#[poise::command(slash_command)]
pub async fn reveal(
    ctx: Context<'_>,
    #[description = "The mission"]
    #[autocomplete = "ac_reveal_mission"]
    mission: String,
    #[description = "Where it takes place (or its target)"]
    #[autocomplete = "ac_reveal_system"]
    system: Option<String>,
) -> Result<(), Error> {
    let line = match system {
        Some(s) => format!("reveal {mission} {s}"),
        None => format!("reveal {mission}"),
    };
    rebellion_move(ctx, "reveal", line).await
}

/// Activate a system with a leader (then choose the units to move).
#[poise::command(slash_command)]
pub async fn activate(
    ctx: Context<'_>,
    #[description = "The system"]
    #[autocomplete = "ac_activate_system"]
    system: String,
    #[description = "The leader"]
    #[autocomplete = "ac_activate_leader"]
    leader: String,
) -> Result<(), Error> {
    rebellion_move(ctx, "activate", format!("activate {system} {leader}")).await
}

/// Oppose the revealed mission with a leader.
#[poise::command(slash_command)]
pub async fn oppose(
    ctx: Context<'_>,
    #[description = "The leader"]
    #[autocomplete = "ac_oppose_leader"]
    leader: String,
) -> Result<(), Error> {
    rebellion_move(ctx, "oppose", format!("oppose {leader}")).await
}

/// Play an objective card.
#[poise::command(slash_command)]
pub async fn objective(
    ctx: Context<'_>,
    #[description = "The objective"]
    #[autocomplete = "ac_objective_card"]
    card: String,
) -> Result<(), Error> {
    rebellion_move(ctx, "objective", format!("objective {card}")).await
}

/// Play an action card.
#[poise::command(slash_command)]
pub async fn action(
    ctx: Context<'_>,
    #[description = "The action card"]
    #[autocomplete = "ac_action_card"]
    card: String,
) -> Result<(), Error> {
    rebellion_move(ctx, "action", format!("action {card}")).await
}

/// Answer the pending prompt with one of its options.
#[poise::command(slash_command)]
pub async fn choose(
    ctx: Context<'_>,
    #[description = "The option (its number or command)"]
    #[autocomplete = "ac_choose"]
    option: String,
) -> Result<(), Error> {
    let option = option.trim().to_string();
    match option.parse::<usize>() {
        // A number is checked against the list of options the player was last shown (menus,
        // this command's autocomplete): after a rollback it may name another option now.
        Ok(n) if n >= 1 => {
            let responder = Responder::Command(ctx);
            responder.defer().await?;
            let who = caller(ctx).await;
            let channel = ctx.channel_id().get();
            let result = ctx
                .data()
                .host
                .call(channel, move |g| Ok(g.of(channel).act(channel, who, Answer::Numbered(n))?))
                .await;
            match result {
                Err(e) if matches!(e.downcast_ref::<ServiceError>(), Some(ServiceError::Stale)) => {
                    out_of_date(&responder, ctx.data(), channel, NUMBER_OUT_OF_DATE).await
                }
                r => deliver(&responder, &r?).await,
            }
        }
        _ => act(ctx, option).await,
    }
}

/// Take back your last action, if nothing was revealed and no dice were rolled since.
#[poise::command(slash_command)]
pub async fn undo(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, move |s, ch, who| s.undo(ch, who)).await
}

/// Pass for the rest of the Command Phase (you may still oppose missions and join combats).
#[poise::command(slash_command)]
pub async fn pass(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, "pass".into()).await
}

// ---------------------------------------------------------------- verify

/// Check a finished match's export file: its dice commitment and every roll.
#[poise::command(slash_command)]
pub async fn verify(
    ctx: Context<'_>,
    #[description = "The export file of a finished match"] file: serenity::Attachment,
) -> Result<(), Error> {
    // Acknowledge first: the download and the replay may take a moment. The answer goes to the
    // caller only: a file exported offline during play holds a seed nobody else may see.
    let responder = Responder::Command(ctx);
    responder.defer().await?;
    if file.size > MAX_IMPORT_BYTES {
        return Err(format!("the file is larger than {} MB", MAX_IMPORT_BYTES >> 20).into());
    }
    let bytes = file.download().await?;
    let report = tokio::task::spawn_blocking(move || crate::service::verify::verify_bytes(&bytes)).await?;
    let reply = match report {
        Ok(r) => r.text(),
        Err(e) => format!("Not verified: {e}"),
    };
    deliver(&responder, &Outcome::reply(reply)).await
}

// ---------------------------------------------------------------- autocomplete

const ASSIGN: &[&str] = &["mission", "leader", "leader2"];
const REVEAL: &[&str] = &["mission", "system"];
const ACTIVATE: &[&str] = &["system", "leader"];

async fn ac_assign_mission(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    complete(ctx, partial, "assign", ASSIGN, 1).await
}
async fn ac_assign_leader(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    complete(ctx, partial, "assign", ASSIGN, 2).await
}
async fn ac_assign_leader2(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    complete(ctx, partial, "assign", ASSIGN, 3).await
}
async fn ac_reveal_mission(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    complete(ctx, partial, "reveal", REVEAL, 1).await
}
async fn ac_reveal_system(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    complete(ctx, partial, "reveal", REVEAL, 2).await
}
async fn ac_activate_system(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    complete(ctx, partial, "activate", ACTIVATE, 1).await
}
async fn ac_activate_leader(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    complete(ctx, partial, "activate", ACTIVATE, 2).await
}
async fn ac_oppose_leader(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    complete(ctx, partial, "oppose", &["leader"], 1).await
}
async fn ac_objective_card(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    complete(ctx, partial, "objective", &["card"], 1).await
}
async fn ac_action_card(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    complete(ctx, partial, "action", &["card"], 1).await
}

async fn ac_rebellion_card(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    card_names(ctx, partial, Some(GameKind::Rebellion)).await
}
async fn ac_game_card(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    card_names(ctx, partial, None).await
}

async fn ac_choose(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    // These suggestions number the options, so they count as shown (`/play choose N`).
    let (channel, user) = (ctx.channel_id().get(), ctx.author().id.get());
    let shown = on_channel(ctx.data(), channel, move |s| s.show(channel, user)).await;
    let Some(p) = shown.ok().flatten().filter(|p| p.may_answer(user)) else {
        return CreateAutocompleteResponse::new();
    };
    // Each choice shows the option in words; its value is the command (or, when too long for
    // Discord, the option's number, checked against this list).
    let needle = partial.trim().to_lowercase();
    let choices = p
        .options
        .iter()
        .enumerate()
        .filter(|&(i, _)| p.may_take(user, i))
        .map(|(i, o)| (i, o, p.texts.get(i).map_or(o.as_str(), |t| t.label.as_str())))
        .filter(|(_, o, label)| {
            label.to_lowercase().contains(&needle)
                || o.to_lowercase().contains(&needle)
                || o.replace('_', " ").contains(&needle)
        })
        .take(25)
        .map(|(i, o, label)| {
            let value = if o.chars().count() <= 100 { o.clone() } else { (i + 1).to_string() };
            AutocompleteChoice::new(shorten(&format!("{}. {label}", i + 1), 100), value)
        })
        .collect();
    CreateAutocompleteResponse::new().set_choices(choices)
}
