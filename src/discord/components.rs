//! Prompts as components: the channel message with a "Show my options" button, the decider's
//! ephemeral option menus, and the handlers of clicks and selections. Custom ids carry only the
//! match id, its nonce, the state version, the prompt's fingerprint, a page and option indices —
//! never a name. The channel's button is public, so it carries no fingerprint (a hash of the
//! decider's private options could be matched against guesses); only the decider's own
//! ephemeral menus do. A click naming another prompt is answered with the current options.

use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, ComponentInteraction, ComponentInteractionDataKind, CreateActionRow, CreateButton,
    CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption,
};

use super::messages::{OUT_OF_DATE, options_intro, truncate};
use super::send::{Responder, deliver};
use super::{Data, Error, blocking, caller_of};
use crate::hash::is_base36;
use crate::service::{Answer, FINGERPRINT_LEN, PromptKey, PromptPost, ServiceError};
use crate::store::NONCE_LEN;

/// Options per select menu (Discord's limit).
pub const PER_MENU: usize = 25;
/// Select menus per message (Discord allows five rows; one is kept for the "more" button).
pub const MENUS_PER_MESSAGE: usize = 4;
/// Discord's limit on a custom id, in characters.
pub const MAX_CUSTOM_ID: usize = 100;

/// What a component's custom id says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ComponentId {
    /// The channel's "Show my options" button (`h:{match}:{nonce}:{version}`).
    Show {
        /// The match id.
        match_id: String,
        /// The match's nonce.
        nonce: String,
        /// The prompt's state version.
        version: u64,
    },
    /// "More options" (`p:{match}:{nonce}:{version}:{fingerprint}:{page}`): the menus from
    /// `page` on.
    More {
        /// The match id.
        match_id: String,
        /// The prompt the menus belong to.
        key: PromptKey,
        /// The first page of options to show.
        page: usize,
    },
    /// An option menu (`o:{match}:{nonce}:{version}:{fingerprint}:{page}`); the selected value
    /// is the option index.
    Options {
        /// The match id.
        match_id: String,
        /// The prompt the options belong to.
        key: PromptKey,
        /// The menu's page.
        page: usize,
    },
    /// A button or menu of the format before nonces (`h:{match}:{version}[:{page}]`,
    /// `o:{match}:{version}:{page}`), still on old messages: always out of date.
    Outdated {
        /// The match id.
        match_id: String,
    },
}

impl ComponentId {
    /// Reads a custom id; `None` if it is not one of ours.
    pub fn parse(id: &str) -> Option<ComponentId> {
        let parts: Vec<&str> = id.split(':').collect();
        let nonce = |n: &str| is_base36(n, NONCE_LEN).then(|| n.to_string());
        let key = |n: &str, v: &str, f: &str| {
            Some(PromptKey {
                nonce: nonce(n)?,
                version: v.parse().ok()?,
                fingerprint: is_base36(f, FINGERPRINT_LEN).then(|| f.to_string())?,
            })
        };
        let number = |x: &str| x.parse::<u64>().is_ok();
        match parts.as_slice() {
            ["h", m, n, v] if nonce(n).is_some() => Some(ComponentId::Show {
                match_id: m.to_string(),
                nonce: n.to_string(),
                version: v.parse().ok()?,
            }),
            ["p", m, n, v, f, p] => {
                Some(ComponentId::More { match_id: m.to_string(), key: key(n, v, f)?, page: p.parse().ok()? })
            }
            ["o", m, n, v, f, p] => Some(ComponentId::Options {
                match_id: m.to_string(),
                key: key(n, v, f)?,
                page: p.parse().ok()?,
            }),
            ["h", m, _] | ["h", m, _, _] | ["o", m, _, _] if parts[1..].iter().all(|x| number(x)) => {
                Some(ComponentId::Outdated { match_id: m.to_string() })
            }
            _ => None,
        }
    }

    /// The custom id text.
    pub fn encode(&self) -> String {
        match self {
            ComponentId::Show { match_id, nonce, version } => format!("h:{match_id}:{nonce}:{version}"),
            ComponentId::More { match_id, key, page } => {
                format!("p:{match_id}:{}:{}:{}:{page}", key.nonce, key.version, key.fingerprint)
            }
            ComponentId::Options { match_id, key, page } => {
                format!("o:{match_id}:{}:{}:{}:{page}", key.nonce, key.version, key.fingerprint)
            }
            ComponentId::Outdated { match_id } => format!("h:{match_id}:0"),
        }
    }

    /// The match the component belongs to.
    pub fn match_id(&self) -> &str {
        match self {
            ComponentId::Show { match_id, .. }
            | ComponentId::More { match_id, .. }
            | ComponentId::Options { match_id, .. }
            | ComponentId::Outdated { match_id } => match_id,
        }
    }
}

/// The "Show my options" button row of a prompt's channel message.
pub fn show_button(p: &PromptPost) -> CreateActionRow {
    let id = ComponentId::Show { match_id: p.match_id.clone(), nonce: p.nonce.clone(), version: p.version };
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
        let id = ComponentId::Options { match_id: p.match_id.clone(), key: p.key(), page };
        rows.push(CreateActionRow::SelectMenu(
            CreateSelectMenu::new(id.encode(), CreateSelectMenuKind::String { options })
                .placeholder(format!("Options {}–{} of {}", start + 1, end, p.options.len())),
        ));
    }
    if last < pages {
        let id = ComponentId::More { match_id: p.match_id.clone(), key: p.key(), page: last };
        rows.push(CreateActionRow::Buttons(vec![
            CreateButton::new(id.encode()).label("More options").style(ButtonStyle::Secondary),
        ]));
    }
    rows
}

/// Answers a click or number that named options other than the pending prompt's: `sentence`
/// and, for the decider, the current options (which then count as shown to them).
pub async fn out_of_date(
    responder: &Responder<'_>,
    data: &Data,
    channel: u64,
    sentence: &str,
) -> Result<(), Error> {
    let user = responder.user();
    let service = data.service.clone();
    let prompt = blocking(move || service.show(channel, user)).await?;
    match prompt {
        Some(p) if p.user == Some(user) => {
            let text = format!("{sentence} — here are your current options.\n{}", options_intro(&p));
            responder.send(text, option_menus(&p, 0), None).await
        }
        Some(p) => responder.say(&format!("{sentence}; the {} player is deciding now.", p.seat)).await,
        None => responder.say(&format!("{sentence}; nothing is waiting for a decision.")).await,
    }
}

/// Handles a click or selection on one of our components (others are ignored).
pub async fn handle(ctx: &serenity::Context, data: &Data, ci: &ComponentInteraction) -> Result<(), Error> {
    let Some(id) = ComponentId::parse(&ci.data.custom_id) else { return Ok(()) };
    let responder = Responder::Component { http: &ctx.http, interaction: ci };
    responder.defer().await?;
    let channel = ci.channel_id.get();
    if id.match_id() != channel.to_string() {
        return responder.say("This belongs to a match in another channel.").await;
    }
    match id {
        ComponentId::Outdated { .. } => out_of_date(&responder, data, channel, OUT_OF_DATE).await,
        // The public button names no fingerprint: its nonce and version must match.
        ComponentId::Show { nonce, version, .. } => {
            show_menus(&responder, data, channel, 0, |k| k.nonce == nonce && k.version == version).await
        }
        ComponentId::More { key, page, .. } => {
            show_menus(&responder, data, channel, page, |k| *k == key).await
        }
        ComponentId::Options { key, .. } => {
            let index = match &ci.data.kind {
                ComponentInteractionDataKind::StringSelect { values } => {
                    values.first().and_then(|v| v.parse().ok())
                }
                _ => None,
            };
            let Some(index) = index else { return responder.say("No option was selected.").await };
            let caller = caller_of(ctx, data, ci.guild_id, ci.member.as_ref(), ci.user.id).await;
            let service = data.service.clone();
            let result = tokio::task::spawn_blocking(move || {
                service.act(channel, caller, Answer::Option { key, index })
            })
            .await?;
            match result {
                Err(ServiceError::Stale) => out_of_date(&responder, data, channel, OUT_OF_DATE).await,
                r => deliver(&responder, &ctx.http, data, ci.channel_id, r?).await,
            }
        }
    }
}

/// "Show my options" and "More options": the menus from `page` on, if the caller decides the
/// pending prompt and `fresh` accepts its key (else the current options, as out of date).
async fn show_menus(
    responder: &Responder<'_>,
    data: &Data,
    channel: u64,
    page: usize,
    fresh: impl Fn(&PromptKey) -> bool,
) -> Result<(), Error> {
    let (user, service) = (responder.user(), data.service.clone());
    let prompt = blocking(move || service.show(channel, user)).await?;
    let Some(prompt) = prompt else { return responder.say("Nothing is waiting for a decision.").await };
    if prompt.user != Some(user) {
        return responder.say(&format!("Not your decision: the {} player is deciding.", prompt.seat)).await;
    }
    if !fresh(&prompt.key()) {
        return out_of_date(responder, data, channel, OUT_OF_DATE).await;
    }
    responder.send(options_intro(&prompt), option_menus(&prompt, page), None).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(version: u64) -> PromptKey {
        PromptKey { nonce: "k3x9a0b7zq".into(), version, fingerprint: "0a1b2c3d".into() }
    }

    #[test]
    fn ids_round_trip() {
        for id in [
            ComponentId::Show { match_id: "42".into(), nonce: "k3x9a0b7zq".into(), version: 7 },
            ComponentId::More { match_id: "42".into(), key: key(7), page: 4 },
            ComponentId::Options { match_id: "42".into(), key: key(7), page: 1 },
        ] {
            assert_eq!(ComponentId::parse(&id.encode()), Some(id));
        }
        assert_eq!(ComponentId::parse("h:42:k3x9a0b7zq:7").unwrap().encode(), "h:42:k3x9a0b7zq:7");
        assert_eq!(ComponentId::parse("x:1:2"), None);
        assert_eq!(ComponentId::parse("o:1:k3x9a0b7zq:v:0a1b2c3d:0"), None);
        assert_eq!(ComponentId::parse("o:1:K3X9A0B7ZQ:1:0a1b2c3d:0"), None, "nonces are lower-case base36");
        assert_eq!(ComponentId::parse("o:1:k3x9a0b7zq:1:0a1b:0"), None, "fingerprints have a fixed width");
    }

    #[test]
    fn ids_of_the_old_format_are_out_of_date() {
        for old in ["h:42:7", "h:42:7:4", "o:42:7:1"] {
            assert_eq!(
                ComponentId::parse(old),
                Some(ComponentId::Outdated { match_id: "42".into() }),
                "{old}"
            );
        }
    }

    #[test]
    fn ids_fit_discord_and_name_nothing() {
        let big = PromptKey { nonce: "zzzzzzzzzz".into(), version: u64::MAX, fingerprint: "zzzzzzzz".into() };
        let id = ComponentId::Options { match_id: u64::MAX.to_string(), key: big, page: usize::MAX };
        let text = id.encode();
        assert!(text.len() <= MAX_CUSTOM_ID, "{} characters: {text}", text.len());
        assert!(text.chars().all(|c| c == ':' || c.is_ascii_digit() || c.is_ascii_lowercase()));
    }

    #[test]
    fn menus_paginate_and_the_public_button_carries_no_fingerprint() {
        let p = PromptPost {
            match_id: "1".into(),
            nonce: "k3x9a0b7zq".into(),
            user: Some(2),
            seat: "rebel".into(),
            version: 3,
            fingerprint: "0a1b2c3d".into(),
            kind: "k".into(),
            options: (0..130).map(|i| format!("opt {i}")).collect(),
            texts: vec![],
            public: false,
            context: vec![],
        };
        let rows = option_menus(&p, 0);
        assert_eq!(rows.len(), 5); // four menus and the "more" button
        let rows = option_menus(&p, 4);
        assert_eq!(rows.len(), 2); // options 101–125 and 126–130
        let json = serde_json::to_string(&option_menus(&p, 0)).unwrap();
        assert!(json.contains("o:1:k3x9a0b7zq:3:0a1b2c3d:0") && json.contains("p:1:k3x9a0b7zq:3:0a1b2c3d:4"));
        let button = serde_json::to_string(&show_button(&p)).unwrap();
        assert!(button.contains("h:1:k3x9a0b7zq:3") && !button.contains("0a1b2c3d"));
    }
}
