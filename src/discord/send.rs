//! Turning a service `Outcome` into Discord messages: the caller's ephemeral answer, and (from
//! the channel's queue, see `host`) channel posts with the board drawn from the state they
//! report, DMs with private information (closed DMs mentioned once per match), the live
//! message of the pending decision (edited in place while the same player acts on, posted anew
//! with a ping when the decision changes hands) and the reveal when a match ends.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{
    ChannelId, CreateAllowedMentions, CreateAttachment, CreateMessage, EditMessage, Http, MessageId, UserId,
};

use super::Error;
use super::components::{option_menus, prompt_components};
use super::hosted::{Games, HostedGame};
use super::messages;
use super::messages::{IMAGE_MISSING, MAX_CONTENT, chunks, code_blocks, dm_closed, live_text, options_intro};
use crate::service::community::settings::TurnNotice;
use crate::service::{Nudge, Outcome, PrivatePost, Reminder, StateAt};

pub use super::responder::Responder;

/// Answers the caller of a service call privately: the answer (or "posted in the channel"),
/// the options when they decide next too, and a file. Channel posts go through the queue.
pub async fn deliver(responder: &Responder<'_>, outcome: &Outcome) -> Result<(), Error> {
    let file =
        outcome.file.as_ref().map(|(name, bytes)| CreateAttachment::bytes(bytes.clone(), name.clone()));
    let mut text = if outcome.reply_public {
        "Done — posted in the channel.".to_string()
    } else {
        outcome.reply.clone()
    };
    // When the caller decides next too (e.g. units to move after an activation), hand them the
    // options right away instead of making them click the channel's button.
    let mut components = vec![];
    let user = responder.user();
    if let Some(p) = outcome.prompt.as_ref().filter(|p| p.may_answer(user)) {
        text.push_str(&format!("\n{}", options_intro(p, user)));
        components = option_menus(p, user);
    }
    responder.send(text, components, file).await
}

/// The Discord error code of a failed call (50007: cannot DM the user, 10003: unknown
/// channel, 10008: unknown message, 50013: missing permissions), if Discord sent one.
pub fn discord_code(e: &serenity::Error) -> Option<isize> {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => Some(r.error.code),
        _ => None,
    }
}

/// Whether a failed call may work when tried again (a server error or a dropped connection,
/// not a refusal).
fn retryable(e: &serenity::Error) -> bool {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => r.status_code.is_server_error(),
        serenity::Error::Http(serenity::HttpError::Request(_)) => true,
        _ => false,
    }
}

/// Sends a message, trying again twice after a server error.
async fn send(
    http: &Http,
    channel: ChannelId,
    msg: CreateMessage,
) -> Result<serenity::Message, serenity::Error> {
    let mut tries = 0;
    loop {
        match channel.send_message(http, msg.clone()).await {
            Err(e) if tries < 2 && retryable(&e) => {
                tries += 1;
                tokio::time::sleep(Duration::from_millis(500 * tries)).await;
            }
            r => return r,
        }
    }
}

async fn post(http: &Http, channel: ChannelId, msg: CreateMessage) -> Option<MessageId> {
    match send(http, channel, msg).await {
        Ok(m) => Some(m.id),
        Err(e) => {
            tracing::warn!(channel = channel.get(), "cannot post in channel: {e}");
            None
        }
    }
}

/// Posts text in a channel without pinging anyone (split to Discord's limit).
pub async fn post_text(http: &Http, channel: ChannelId, text: &str) {
    for part in chunks(text, MAX_CONTENT) {
        post(
            http,
            channel,
            CreateMessage::new().content(part).allowed_mentions(CreateAllowedMentions::new()),
        )
        .await;
    }
}

/// Posts text with files attached to its last part; if the files cannot be attached (no
/// Attach Files permission, too large), the text still goes out, saying so.
async fn post_with_files(http: &Http, channel: ChannelId, text: &str, files: Vec<CreateAttachment>) {
    let mut parts = chunks(text, MAX_CONTENT);
    let last = parts.pop().unwrap_or_default();
    for p in parts {
        post_text(http, channel, &p).await;
    }
    if files.is_empty() {
        return post_text(http, channel, &last).await;
    }
    let msg = CreateMessage::new().content(last.clone()).allowed_mentions(CreateAllowedMentions::new());
    if let Err(e) = send(http, channel, msg.files(files)).await {
        tracing::warn!(channel = channel.get(), "cannot attach files: {e}");
        let note = format!("{last}\n{IMAGE_MISSING}");
        post_text(http, channel, &note).await;
    }
}

/// Renders a board image of a state for a viewer off the async runtime, by the service of the
/// state's game (`None` if that game draws none).
pub async fn render_png(games: &Arc<Games>, state: &StateAt, viewer: Option<String>) -> Option<Vec<u8>> {
    let (games, state) = (games.clone(), state.clone());
    tokio::task::spawn_blocking(move || games.of_state(&state)?.board_png(&state, viewer.as_deref()))
        .await
        .ok()
        .flatten()
}

/// Posts the public board of `state` under `text`: the image when the game draws one, else a
/// text board.
pub async fn post_board(http: &Http, games: &Arc<Games>, channel: ChannelId, text: &str, state: &StateAt) {
    let Some(game) = games.of_state(state) else { return post_text(http, channel, text).await };
    match render_png(games, state, None).await {
        Some(png) => {
            post_with_files(http, channel, text, vec![CreateAttachment::bytes(png, "board.png")]).await
        }
        None => {
            let mut parts = chunks(text, MAX_CONTENT);
            parts.extend(code_blocks(&game.board_text(state, None).unwrap_or_default()));
            for p in parts {
                post_text(http, channel, &p).await;
            }
        }
    }
}

/// How a DM went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dm {
    /// Delivered.
    Sent,
    /// The user does not accept DMs from the bot (Discord's "cannot send messages to this user").
    Closed,
    /// Something else failed (logged; the user can still look with `/rebellion hand`).
    Failed,
}

/// Sends a DM (text, and an image on its last part). Only Discord's "cannot send messages to
/// this user" counts as closed DMs; server errors are tried again.
pub async fn dm(http: &Http, user: u64, text: &str, png: Option<Vec<u8>>) -> Dm {
    let channel = match UserId::new(user).create_dm_channel(http).await {
        Ok(c) => c.id,
        Err(e) if discord_code(&e) == Some(50007) => return Dm::Closed,
        Err(e) => {
            tracing::info!(user, "cannot open DM: {e}");
            return Dm::Failed;
        }
    };
    let mut parts = chunks(text, MAX_CONTENT);
    if parts.is_empty() {
        parts.push("Your board:".into());
    }
    let n = parts.len();
    let mut png = png;
    for (i, part) in parts.into_iter().enumerate() {
        let mut msg = CreateMessage::new().content(part).allowed_mentions(CreateAllowedMentions::new());
        if i + 1 == n
            && let Some(bytes) = png.take()
        {
            msg = msg.add_file(CreateAttachment::bytes(bytes, "your-board.png"));
        }
        match send(http, channel, msg).await {
            Ok(_) => {}
            Err(e) if discord_code(&e) == Some(50007) => return Dm::Closed,
            Err(e) => {
                tracing::info!(user, "cannot DM: {e}");
                return Dm::Failed;
            }
        }
    }
    Dm::Sent
}

/// Tells a user whose DMs are closed, in the channel, to read their secrets with `/rebellion
/// hand` — once per match.
async fn tell_dm_closed(http: &Http, service: &Arc<dyn HostedGame>, channel: ChannelId, user: u64) {
    let service = service.clone();
    let first = tokio::task::spawn_blocking(move || service.note_dm_closed(channel.get(), user)).await;
    if matches!(first, Ok(Ok(true))) {
        let msg = CreateMessage::new()
            .content(dm_closed(user))
            .allowed_mentions(CreateAllowedMentions::new().users([UserId::new(user)]));
        post(http, channel, msg).await;
    }
}

/// Posts everything of an outcome except the caller's answer, in order: a public reply, the
/// channel posts (boards of the reported state), private messages, the live message, and the
/// reveal when the match ended.
pub async fn publish(
    http: &Http,
    games: &Arc<Games>,
    service: &Arc<dyn HostedGame>,
    channel: ChannelId,
    outcome: &Outcome,
) {
    if outcome.reply_public && !outcome.reply.is_empty() {
        post_text(http, channel, &outcome.reply).await;
    }
    for p in &outcome.public {
        match (&outcome.state, p.board) {
            (Some(s), true) => post_board(http, games, channel, &p.text, s).await,
            _ => post_text(http, channel, &p.text).await,
        }
    }
    // A team game's side with a private thread gets its secrets there, once (`threads`).
    let routes = super::threads::side_routes(http, service, channel).await;
    let mut in_threads: BTreeMap<u64, Vec<&PrivatePost>> = BTreeMap::new();
    for p in &outcome.private {
        if let Some(thread) = routes.get(&service.side_of(&p.seat)) {
            in_threads.entry(*thread).or_default().push(p);
            continue;
        }
        let png = match (&outcome.state, p.board) {
            (Some(state), true) => render_png(games, state, Some(p.seat.clone())).await,
            _ => None,
        };
        if dm(http, p.user, &p.text, png).await == Dm::Closed {
            // Closed DMs: a private thread of their own where it may be had, else a word in the
            // channel (once per match) pointing to `/rebellion hand`.
            let side = service.side_of(&p.seat);
            match super::threads::lone_thread(http, service, channel, &side, p.user).await {
                Some(thread) => in_threads.entry(thread).or_default().push(p),
                None => tell_dm_closed(http, service, channel, p.user).await,
            }
        }
    }
    for (thread, posts) in in_threads {
        post_to_side(http, games, ChannelId::new(thread), outcome.state.as_ref(), &posts).await;
    }
    live_message(http, service, channel, outcome).await;
    if let Some(r) = &outcome.reveal {
        let mut files = vec![CreateAttachment::bytes(r.log.1.clone(), r.log.0.clone())];
        if let Some(chart) = &r.chart {
            files.push(CreateAttachment::bytes(chart.clone(), "how-the-game-went.png"));
        }
        if let Some(luck) = &r.luck {
            files.push(CreateAttachment::bytes(luck.clone(), "the-dice.png"));
        }
        post_with_files(http, channel, &r.text, files).await;
    }
}

/// Posts a side's secrets in its private thread: each different text once (both players of a
/// side are usually told the same), naming the seat when the seats were told different things.
async fn post_to_side(
    http: &Http,
    games: &Arc<Games>,
    thread: ChannelId,
    state: Option<&StateAt>,
    posts: &[&PrivatePost],
) {
    let mut distinct: Vec<&PrivatePost> = vec![];
    for p in posts {
        if !distinct.iter().any(|d| d.text == p.text && d.board == p.board) {
            distinct.push(p);
        }
    }
    let several = distinct.len() > 1;
    for p in distinct {
        let text = if several { format!("As the {} player:\n{}", p.seat, p.text) } else { p.text.clone() };
        let png = match (state, p.board) {
            (Some(state), true) => render_png(games, state, Some(p.seat.clone())).await,
            _ => None,
        };
        let files: Vec<CreateAttachment> =
            png.into_iter().map(|b| CreateAttachment::bytes(b, "your-board.png")).collect();
        post_with_files(http, thread, &text, files).await;
    }
}

/// Keeps the live message in step with the outcome: a new decision for someone else (or a
/// fresh announcement) retires the old message's buttons and posts a new one that mentions
/// the decider; the same player acting on edits it in place; a match that ended retires it.
async fn live_message(http: &Http, service: &Arc<dyn HostedGame>, channel: ChannelId, outcome: &Outcome) {
    let (svc, ch) = (service.clone(), channel.get());
    let live =
        tokio::task::spawn_blocking(move || svc.live_message(ch)).await.ok().and_then(Result::ok).flatten();
    let retire = |id: u64| async move {
        let e = EditMessage::new().components(vec![]);
        if let Err(e) = channel.edit_message(http, MessageId::new(id), e).await {
            tracing::info!(channel = channel.get(), "cannot retire an old live message: {e}");
        }
    };
    let Some(p) = &outcome.prompt else {
        if outcome.reveal.is_some()
            && let Some(id) = live
        {
            retire(id).await;
            remember_live(service, channel, None).await;
        }
        return;
    };
    let content = live_text(p, &outcome.recent);
    let components = prompt_components(p);
    if let (Some(id), false) = (live, outcome.ping) {
        let e = EditMessage::new()
            .content(content.clone())
            .components(components.clone())
            .allowed_mentions(CreateAllowedMentions::new());
        match channel.edit_message(http, MessageId::new(id), e).await {
            Ok(_) => return,
            // Deleted by someone: post a new one (below).
            Err(e) => tracing::info!(channel = channel.get(), "cannot edit the live message: {e}"),
        }
    } else if let Some(id) = live {
        retire(id).await;
    }
    // Who hears now: the service weighed it (`PromptPost::announce`) — a player at the table
    // is named without a mention; one who asked for DMs gets one.
    let (mention, dm_to) = match (&p.announce, outcome.ping) {
        (_, false) => (vec![], vec![]),
        (None, true) => (p.deciders(), vec![]),
        (Some(a), true) => (a.mention.clone(), a.dm.clone()),
    };
    let mentions = CreateAllowedMentions::new().users(mention.into_iter().map(UserId::new));
    for user in dm_to {
        let _ = dm(http, user, &messages::turn_dm(p, channel.get()), None).await;
    }
    let msg = CreateMessage::new().content(content).components(components).allowed_mentions(mentions);
    match send(http, channel, msg).await {
        Ok(m) => remember_live(service, channel, Some(m.id.get())).await,
        // The channel is gone (deleted while the bot was away): end its match, kept for export.
        Err(e) if discord_code(&e) == Some(10003) => {
            let (svc, ch) = (service.clone(), channel.get());
            let ended =
                tokio::task::spawn_blocking(move || svc.archive_channel(ch, "its channel was deleted"));
            if let Ok(Err(e)) = ended.await {
                tracing::warn!(channel = ch, "cannot end the match of a deleted channel: {e}");
            }
        }
        Err(e) => tracing::warn!(channel = channel.get(), "cannot post the live message: {e}"),
    }
}

async fn remember_live(service: &Arc<dyn HostedGame>, channel: ChannelId, id: Option<u64>) {
    let service = service.clone();
    let ch = channel.get();
    if let Ok(Err(e)) = tokio::task::spawn_blocking(move || service.set_live_message(ch, id)).await {
        tracing::warn!(channel = ch, "cannot record the live message: {e}");
    }
}

/// Posts a reminder in the channel (mentioning the player) and DMs it when they accept DMs;
/// the held announcement of a decision goes only the way its player chose.
pub async fn post_reminder(http: &Http, channel: ChannelId, r: &Reminder) {
    let text = r.text();
    let (in_channel, by_dm) = match (r.which, r.how) {
        (Nudge::Turn, TurnNotice::Ping) => (true, false),
        (Nudge::Turn, TurnNotice::Dm) => (false, true),
        (Nudge::Turn, TurnNotice::Off) => (false, false),
        _ => (true, true),
    };
    if in_channel {
        let msg = CreateMessage::new()
            .content(text.clone())
            .allowed_mentions(CreateAllowedMentions::new().users([UserId::new(r.user)]));
        post(http, channel, msg).await;
    }
    if by_dm {
        let dm_text = format!("{text}\nThe match is in <#{}>.", channel.get());
        let _ = dm(http, r.user, &dm_text, None).await;
    }
}
