//! Prompts as components: the channel message with a "Show my options" button, the decider's
//! ephemeral option menus, and the handlers of clicks and selections. Custom ids carry only the
//! match id, the state version, a page and option indices — never a name.

use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, ComponentInteraction, ComponentInteractionDataKind, CreateActionRow, CreateButton,
    CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption,
};

use super::messages::{options_intro, truncate};
use super::send::{Responder, deliver};
use super::{Data, Error, blocking, caller_of};
use crate::service::{Answer, PromptPost};

/// Options per select menu (Discord's limit).
pub const PER_MENU: usize = 25;
/// Select menus per message (Discord allows five rows; one is kept for the "more" button).
pub const MENUS_PER_MESSAGE: usize = 4;

/// What a component's custom id says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ComponentId {
    /// "Show my options" (`h:{match}:{version}` or `h:{match}:{version}:{page}`): show the menus
    /// starting at `page`.
    Show {
        /// The match id.
        match_id: String,
        /// The prompt's state version.
        version: u64,
        /// The first page of options to show.
        page: usize,
    },
    /// An option menu (`o:{match}:{version}:{page}`); the selected value is the option index.
    Options {
        /// The match id.
        match_id: String,
        /// The prompt's state version.
        version: u64,
        /// The menu's page.
        page: usize,
    },
}

impl ComponentId {
    /// Reads a custom id; `None` if it is not one of ours.
    pub fn parse(id: &str) -> Option<ComponentId> {
        let parts: Vec<&str> = id.split(':').collect();
        match parts.as_slice() {
            ["h", m, v] => {
                Some(ComponentId::Show { match_id: m.to_string(), version: v.parse().ok()?, page: 0 })
            }
            ["h", m, v, p] => Some(ComponentId::Show {
                match_id: m.to_string(),
                version: v.parse().ok()?,
                page: p.parse().ok()?,
            }),
            ["o", m, v, p] => Some(ComponentId::Options {
                match_id: m.to_string(),
                version: v.parse().ok()?,
                page: p.parse().ok()?,
            }),
            _ => None,
        }
    }

    /// The custom id text.
    pub fn encode(&self) -> String {
        match self {
            ComponentId::Show { match_id, version, page: 0 } => format!("h:{match_id}:{version}"),
            ComponentId::Show { match_id, version, page } => format!("h:{match_id}:{version}:{page}"),
            ComponentId::Options { match_id, version, page } => format!("o:{match_id}:{version}:{page}"),
        }
    }
}

/// The "Show my options" button row of a prompt's channel message.
pub fn show_button(p: &PromptPost) -> CreateActionRow {
    let id = ComponentId::Show { match_id: p.match_id.clone(), version: p.version, page: 0 };
    CreateActionRow::Buttons(vec![
        CreateButton::new(id.encode()).label("Show my options").style(ButtonStyle::Primary),
    ])
}

/// The option menus of a prompt from page `first` on (private to the decider): up to
/// `MENUS_PER_MESSAGE` menus of `PER_MENU` options, plus a "More options" button when more remain.
pub fn option_menus(p: &PromptPost, first: usize) -> Vec<CreateActionRow> {
    let pages = p.options.len().div_ceil(PER_MENU);
    let mut rows = vec![];
    let last = (first + MENUS_PER_MESSAGE).min(pages);
    for page in first..last {
        let start = page * PER_MENU;
        let end = (start + PER_MENU).min(p.options.len());
        let options = (start..end)
            .map(|i| {
                CreateSelectMenuOption::new(
                    truncate(&format!("{}. {}", i + 1, p.options[i]), 100),
                    i.to_string(),
                )
            })
            .collect();
        let id = ComponentId::Options { match_id: p.match_id.clone(), version: p.version, page };
        rows.push(CreateActionRow::SelectMenu(
            CreateSelectMenu::new(id.encode(), CreateSelectMenuKind::String { options })
                .placeholder(format!("Options {}–{} of {}", start + 1, end, p.options.len())),
        ));
    }
    if last < pages {
        let id = ComponentId::Show { match_id: p.match_id.clone(), version: p.version, page: last };
        rows.push(CreateActionRow::Buttons(vec![
            CreateButton::new(id.encode()).label("More options").style(ButtonStyle::Secondary),
        ]));
    }
    rows
}

/// Handles a click or selection on one of our components (others are ignored).
pub async fn handle(ctx: &serenity::Context, data: &Data, ci: &ComponentInteraction) -> Result<(), Error> {
    let Some(id) = ComponentId::parse(&ci.data.custom_id) else { return Ok(()) };
    let responder = Responder::Component { http: &ctx.http, interaction: ci };
    responder.defer().await?;
    let channel = ci.channel_id.get();
    let user = ci.user.id.get();
    let (match_id, version) = match &id {
        ComponentId::Show { match_id, version, .. } | ComponentId::Options { match_id, version, .. } => {
            (match_id.clone(), *version)
        }
    };
    if match_id != channel.to_string() {
        return responder.say("This belongs to a match in another channel.").await;
    }
    let service = data.service.clone();
    let prompt = blocking(move || service.prompt(channel)).await?;
    let Some(prompt) = prompt else { return responder.say("Nothing is waiting for a decision.").await };
    if prompt.user != Some(user) {
        return responder.say(&format!("Not your decision: the {} player is deciding.", prompt.seat)).await;
    }
    match id {
        ComponentId::Show { page, .. } => {
            if prompt.version != version {
                return responder
                    .say("That prompt is outdated; use the newest one (or `/rebellion hand`).")
                    .await;
            }
            responder.send(options_intro(&prompt), option_menus(&prompt, page), None).await
        }
        ComponentId::Options { .. } => {
            let index = match &ci.data.kind {
                ComponentInteractionDataKind::StringSelect { values } => {
                    values.first().and_then(|v| v.parse().ok())
                }
                _ => None,
            };
            let Some(index) = index else { return responder.say("No option was selected.").await };
            let caller = caller_of(ctx, data, ci.guild_id, ci.member.as_ref(), ci.user.id).await;
            let service = data.service.clone();
            let outcome =
                blocking(move || service.act(channel, caller, Answer::Option { version, index })).await?;
            deliver(&responder, &ctx.http, data, ci.channel_id, outcome).await
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip() {
        for id in [
            ComponentId::Show { match_id: "42".into(), version: 7, page: 0 },
            ComponentId::Show { match_id: "42".into(), version: 7, page: 4 },
            ComponentId::Options { match_id: "42".into(), version: 7, page: 1 },
        ] {
            assert_eq!(ComponentId::parse(&id.encode()), Some(id));
        }
        assert_eq!(ComponentId::parse("h:42:7").unwrap().encode(), "h:42:7");
        assert_eq!(ComponentId::parse("x:1:2"), None);
        assert_eq!(ComponentId::parse("o:1:v:0"), None);
    }

    #[test]
    fn menus_paginate() {
        let p = PromptPost {
            match_id: "1".into(),
            user: Some(2),
            seat: "rebel".into(),
            version: 3,
            kind: "k".into(),
            options: (0..130).map(|i| format!("opt {i}")).collect(),
            context: vec![],
        };
        let rows = option_menus(&p, 0);
        assert_eq!(rows.len(), 5); // four menus and the "more" button
        let rows = option_menus(&p, 4);
        assert_eq!(rows.len(), 2); // options 101–125 and 126–130
        let json = serde_json::to_string(&option_menus(&p, 0)).unwrap();
        assert!(json.contains("o:1:3:0") && json.contains("h:1:3:4"));
    }
}
