//! The `/mod` commands: a moderator pauses, resumes or ends the channel's match, gives or
//! empties a seat, rolls back, exports and imports, sets the reminders, reads who the match
//! waits for, and hands a seat to the computer (`computer.rs`).

// `#[poise::command]` turns each function's doc comment into the command's Discord
// description and generates an undocumented wrapper function of the same name.
#![allow(missing_docs)]

use poise::serenity_prelude as serenity;

use super::computer::computer;
use super::lobby::mod_lobby;
use super::record::record;
use super::send::{Responder, deliver};
use super::shared::{MAX_IMPORT_BYTES, RoleChoice, SeatChoice, ask, run, run_on, seat_name};
use super::{Context, Error, caller};
use crate::service::ServiceError;

/// Moderate this channel's match (Manage Channels or the moderator role).
#[poise::command(
    slash_command,
    rename = "mod",
    subcommands(
        "pause",
        "resume",
        "end",
        "replace",
        "kick",
        "rollback",
        "export",
        "import",
        "reminders",
        "mentions",
        "mstatus",
        "computer",
        "record",
        "mod_lobby"
    ),
    subcommand_required
)]
pub async fn moderator(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Pause the match.
#[poise::command(slash_command)]
pub async fn pause(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, move |s, ch, who| s.pause(ch, who)).await
}

/// Resume a paused match.
#[poise::command(slash_command)]
pub async fn resume(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, move |s, ch, who| s.resume(ch, who)).await
}

/// End the match now.
#[poise::command(slash_command)]
pub async fn end(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, move |s, ch, who| s.end(ch, who)).await
}

/// Give a seat to another player.
#[poise::command(slash_command)]
pub async fn replace(
    ctx: Context<'_>,
    #[description = "The seat"] seat: SeatChoice,
    #[description = "The new player"] user: serenity::User,
    #[description = "In a team game: the side's Admiral or General"] role: Option<RoleChoice>,
) -> Result<(), Error> {
    let user = user.id.get();
    let seat = seat_name(seat.seat(), role);
    run(ctx, move |s, ch, who| s.replace(ch, who, &seat, user)).await
}

/// Remove a seat's player (the seat waits for `/mod replace`).
#[poise::command(slash_command)]
pub async fn kick(
    ctx: Context<'_>,
    #[description = "The seat"] seat: SeatChoice,
    #[description = "In a team game: the side's Admiral or General"] role: Option<RoleChoice>,
) -> Result<(), Error> {
    let seat = seat_name(seat.seat(), role);
    run(ctx, move |s, ch, who| s.kick(ch, who, &seat)).await
}

/// Undo the last actions.
#[poise::command(slash_command)]
pub async fn rollback(
    ctx: Context<'_>,
    #[description = "How many actions to undo"]
    #[min = 1]
    #[max = 1000]
    steps: u64,
) -> Result<(), Error> {
    run(ctx, move |s, ch, who| s.rollback(ch, who, steps)).await
}

/// Export the match as a JSON file, sent only to you (anyone may once the match is over).
#[poise::command(slash_command)]
pub async fn export(ctx: Context<'_>) -> Result<(), Error> {
    run_on(ctx, move |g, ch, who| Ok(g.export(ch, who)?)).await
}

/// Restore a match from an export file (e.g. one whose stored copy was damaged).
#[poise::command(slash_command)]
pub async fn import(
    ctx: Context<'_>,
    #[description = "An export file from /mod export"] file: serenity::Attachment,
) -> Result<(), Error> {
    // Acknowledge first: the download below is a network call that may be slow.
    let responder = Responder::Command(ctx);
    responder.defer().await?;
    let who = caller(ctx).await;
    if file.size > MAX_IMPORT_BYTES {
        return Err(ServiceError::BadImport(format!(
            "the file is larger than {} MB",
            MAX_IMPORT_BYTES >> 20
        ))
        .into());
    }
    // The match now lives in this server (a cluster routes it by this server's shard).
    let json = crate::store::MatchExport::rehome(file.download().await?, ctx.guild_id().map(|g| g.get()));
    let channel = ctx.channel_id().get();
    let outcome = ctx.data().host.call(channel, move |g| g.import(channel, who, &json)).await?;
    deliver(&responder, &outcome).await
}

/// When to remind players who keep a decision waiting (hours; 0 turns a reminder off).
#[poise::command(slash_command)]
pub async fn reminders(
    ctx: Context<'_>,
    #[description = "Hours before the first reminder (default 24; 0 = none)"]
    #[min = 0]
    #[max = 8760]
    first: u64,
    #[description = "Hours before the second reminder (default 48; 0 = none)"]
    #[min = 0]
    #[max = 8760]
    second: u64,
) -> Result<(), Error> {
    run(ctx, move |s, ch, who| s.set_reminders(ch, who, first, second)).await
}

/// How long a player who just acted may take before their next decision mentions them.
#[poise::command(slash_command)]
pub async fn mentions(
    ctx: Context<'_>,
    #[description = "Minutes (default 5); 0 mentions every decision at once"]
    #[min = 0]
    #[max = 1440]
    minutes: u64,
) -> Result<(), Error> {
    run(ctx, move |s, ch, who| s.set_mention_delay(ch, who, minutes)).await
}

/// Seats, who the match waits for and for how long, and the reminder settings.
#[poise::command(slash_command, rename = "status")]
pub async fn mstatus(ctx: Context<'_>) -> Result<(), Error> {
    ask(ctx, move |s, ch, who| s.idle_report(ch, who)).await
}
