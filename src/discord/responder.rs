//! Where the caller's private answers go: the slash command or the component that was used,
//! answered ephemerally. Its own file, below both the components and the sending of posts,
//! which both answer callers.

use poise::serenity_prelude as serenity;
use serenity::{
    ComponentInteraction, CreateActionRow, CreateAllowedMentions, CreateAttachment,
    CreateInteractionResponseFollowup, Http,
};

use super::messages::{MAX_CONTENT, chunks};
use super::{Context, Error};

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
