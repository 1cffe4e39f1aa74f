//! Turning a service `Outcome` into Discord messages: the caller's ephemeral answer, channel
//! posts (with the board image, or a text board until the game draws one), DMs with private
//! information (a channel notice without content when a DM fails), and the prompt message.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::{
    ChannelId, ComponentInteraction, CreateActionRow, CreateAllowedMentions, CreateAttachment,
    CreateInteractionResponseFollowup, CreateMessage, Http, UserId,
};

use super::components::{option_menus, prompt_components};
use super::messages::{MAX_CONTENT, chunks, code_blocks, dm_failed, options_intro, prompt_announcement};
use super::{Context, Data, Error};
use crate::game::Game;
use crate::service::{Outcome, Service};

/// Where the caller's private answers go: a slash command (through poise) or a component.
pub enum Responder<'a> {
    /// A slash command.
    Command(Context<'a>),
    /// A button click or menu selection.
    Component {
        /// The HTTP client.
        http: &'a Http,
        /// The interaction.
        interaction: &'a ComponentInteraction,
    },
}

impl Responder<'_> {
    /// Acknowledges the interaction (ephemeral "thinking"), before anything slow.
    pub async fn defer(&self) -> Result<(), Error> {
        match self {
            Responder::Command(ctx) => ctx.defer_ephemeral().await?,
            Responder::Component { http, interaction } => interaction.defer_ephemeral(http).await?,
        }
        Ok(())
    }

    /// The calling user's id.
    pub fn user(&self) -> u64 {
        match self {
            Responder::Command(ctx) => ctx.author().id.get(),
            Responder::Component { interaction, .. } => interaction.user.id.get(),
        }
    }

    /// Answers the caller privately with text only.
    pub async fn say(&self, text: &str) -> Result<(), Error> {
        self.send(text.to_string(), vec![], None).await
    }

    /// Answers the caller privately (ephemeral), with components and a file; long text is split.
    pub async fn send(
        &self,
        text: String,
        components: Vec<CreateActionRow>,
        file: Option<CreateAttachment>,
    ) -> Result<(), Error> {
        let mut parts = chunks(&text, MAX_CONTENT);
        if parts.is_empty() {
            parts.push("Done.".into());
        }
        let n = parts.len();
        let mut extra = Some((components, file));
        for (i, part) in parts.into_iter().enumerate() {
            let (components, file) =
                if i + 1 == n { extra.take().unwrap_or_default() } else { Default::default() };
            match self {
                Responder::Command(ctx) => {
                    let mut reply = poise::CreateReply::default()
                        .ephemeral(true)
                        .content(part)
                        .components(components)
                        .allowed_mentions(CreateAllowedMentions::new());
                    if let Some(f) = file {
                        reply = reply.attachment(f);
                    }
                    ctx.send(reply).await?;
                }
                Responder::Component { http, interaction } => {
                    let mut f = CreateInteractionResponseFollowup::new()
                        .ephemeral(true)
                        .content(part)
                        .components(components)
                        .allowed_mentions(CreateAllowedMentions::new());
                    if let Some(file) = file {
                        f = f.add_file(file);
                    }
                    interaction.create_followup(http, f).await?;
                }
            }
        }
        Ok(())
    }
}

/// Delivers an outcome: the caller's private answer (and file), then everything else
/// (see [`post_outcome`]).
pub async fn deliver(
    responder: &Responder<'_>,
    http: &Http,
    data: &Data,
    channel: ChannelId,
    outcome: Outcome,
) -> Result<(), Error> {
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
    if let Some(p) = outcome.prompt.as_ref().filter(|p| p.user == Some(responder.user())) {
        text.push_str(&format!("\n{}", options_intro(p)));
        components = option_menus(p, 0);
    }
    responder.send(text, components, file).await?;
    post_outcome(http, &data.service, channel, &outcome).await;
    Ok(())
}

async fn post(http: &Http, channel: ChannelId, msg: CreateMessage) {
    if let Err(e) = channel.send_message(http, msg).await {
        tracing::warn!(channel = channel.get(), "cannot post in channel: {e}");
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

/// Renders a board image off the async runtime (`None` if the game draws none).
pub async fn render_png<G: Game>(state: Arc<G::State>, viewer: Option<String>) -> Option<Vec<u8>> {
    tokio::task::spawn_blocking(move || G::board_png(&state, viewer.as_deref())).await.ok().flatten()
}

/// Posts the public board: the image when the game draws one, else a text board.
pub async fn post_board<G: Game>(http: &Http, channel: ChannelId, text: &str, state: Arc<G::State>) {
    match render_png::<G>(state.clone(), None).await {
        Some(png) => {
            let mut parts = chunks(text, MAX_CONTENT);
            let last = parts.pop().unwrap_or_default();
            for p in parts {
                post_text(http, channel, &p).await;
            }
            let msg = CreateMessage::new()
                .content(last)
                .allowed_mentions(CreateAllowedMentions::new())
                .add_file(CreateAttachment::bytes(png, "board.png"));
            post(http, channel, msg).await;
        }
        None => {
            let mut parts = chunks(text, MAX_CONTENT);
            parts.extend(code_blocks(&G::board_text(&state, None)));
            for p in parts {
                post_text(http, channel, &p).await;
            }
        }
    }
}

/// Sends a DM; `false` if Discord refused (closed DMs, blocked bot).
async fn dm(http: &Http, user: u64, text: &str, png: Option<Vec<u8>>) -> bool {
    let channel = match UserId::new(user).create_dm_channel(http).await {
        Ok(c) => c.id,
        Err(e) => {
            tracing::info!(user, "cannot open DM: {e}");
            return false;
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
        if let Err(e) = channel.send_message(http, msg).await {
            tracing::info!(user, "cannot DM: {e}");
            return false;
        }
    }
    true
}

/// Posts everything of an outcome except the caller's answer: a public reply, channel posts
/// with the board, private posts by DM, and the prompt message with its button.
pub async fn post_outcome<G: Game>(http: &Http, service: &Service<G>, channel: ChannelId, outcome: &Outcome) {
    if outcome.reply_public && !outcome.reply.is_empty() {
        post_text(http, channel, &outcome.reply).await;
    }
    let needs_state = outcome.public.iter().any(|p| p.board) || outcome.private.iter().any(|p| p.board);
    let state = if needs_state { service.state(channel.get()).ok().flatten().map(Arc::new) } else { None };
    for p in &outcome.public {
        match (&state, p.board) {
            (Some(state), true) => post_board::<G>(http, channel, &p.text, state.clone()).await,
            _ => post_text(http, channel, &p.text).await,
        }
    }
    for p in &outcome.private {
        let png = match (&state, p.board) {
            (Some(state), true) => render_png::<G>(state.clone(), Some(p.seat.clone())).await,
            _ => None,
        };
        if !dm(http, p.user, &p.text, png).await {
            let msg = CreateMessage::new()
                .content(dm_failed(p.user))
                .allowed_mentions(CreateAllowedMentions::new().users([UserId::new(p.user)]));
            post(http, channel, msg).await;
        }
    }
    if let Some(prompt) = &outcome.prompt {
        let mut msg = CreateMessage::new().content(prompt_announcement(prompt));
        msg = match prompt.user {
            Some(u) => msg
                .allowed_mentions(CreateAllowedMentions::new().users([UserId::new(u)]))
                .components(prompt_components(prompt)),
            None => msg.allowed_mentions(CreateAllowedMentions::new()),
        };
        post(http, channel, msg).await;
    }
}
