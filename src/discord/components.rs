//! Prompts as components, and the handlers of their clicks. A secret decision's channel message
//! has one "Show my options" button that opens the decider's private menus; a public decision's
//! message carries its options as buttons, usable only by the decider. Menus narrow step by step
//! (see `crate::service::menu`): a pick that leads to a narrower menu, or to the decider's next decision,
//! updates the clicked private message instead of sending a new one, and a stale message is
//! refreshed (private) or loses its buttons (channel). What the custom ids say is in [`ids`].

use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, ComponentInteraction, ComponentInteractionDataKind, CreateActionRow, CreateAllowedMentions,
    CreateButton, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, EditInteractionResponse,
    EditMessage,
};

use super::messages::{MAX_CONTENT, OUT_OF_DATE, done_text, node_text, options_intro, shorten, truncate};
use super::responder::Responder;
use super::{Data, Error, caller_of, on_channel};
use crate::games::game::MAX_DESCRIPTION;
use crate::service::menu::{self, Entry, Node};
use crate::service::{Answer, Outcome, PromptKey, PromptPost, ServiceError};

mod ids;
pub use ids::{ComponentId, LobbyAction, LobbyId, MAX_CUSTOM_ID, Pick};

/// Discord's limit on a button's label, in characters.
pub const MAX_BUTTON_LABEL: usize = 80;
/// Discord's limit on a select option's label, in characters.
pub const MAX_OPTION_LABEL: usize = 100;
/// A public prompt's options are buttons when this many fit (five rows of five).
const CHANNEL_BUTTONS: usize = 25;

/// The "Show my options" button row of a secret prompt's channel message.
pub fn show_button(p: &PromptPost) -> CreateActionRow {
    let id = ComponentId::Show { match_id: p.match_id.clone(), nonce: p.nonce.clone(), version: p.version };
    CreateActionRow::Buttons(vec![
        CreateButton::new(id.encode()).label("Show my options").style(ButtonStyle::Primary),
    ])
}

/// The components of a prompt's channel message: a public prompt's options (buttons, or menus
/// when there are many), else the "Show my options" button; none while the seat is vacant.
pub fn prompt_components(p: &PromptPost) -> Vec<CreateActionRow> {
    // The computer answers on its own; an empty seat waits for a moderator.
    if p.user.is_none() || p.computer {
        return vec![];
    }
    if !p.public {
        return vec![show_button(p)];
    }
    let Some(node) = menu::node(&p.texts, &[]) else { return vec![show_button(p)] };
    let id = |pick: Option<Pick>| ComponentId::Public {
        match_id: p.match_id.clone(),
        nonce: p.nonce.clone(),
        version: p.version,
        options: p.public_fingerprint(),
        path: vec![],
        pick,
    };
    if node.multi.is_some() {
        return vec![show_button(p)];
    }
    if node.entries.len() <= CHANNEL_BUTTONS {
        let buttons: Vec<CreateButton> = node
            .entries
            .iter()
            .enumerate()
            .map(|(k, e)| {
                CreateButton::new(id(Some(entry_pick(k, e))).encode())
                    .label(shorten(e.label(), MAX_BUTTON_LABEL))
                    .style(ButtonStyle::Primary)
            })
            .collect();
        return buttons.chunks(5).map(|row| CreateActionRow::Buttons(row.to_vec())).collect();
    }
    select_rows(&node, &id(None).encode())
}

fn entry_pick(k: usize, e: &Entry) -> Pick {
    match e {
        Entry::Group { .. } => Pick::Group(k),
        Entry::Option { index, .. } => Pick::Option(*index),
    }
}

/// A node's entries as select menus (one per section run), all with the custom id `id`.
fn select_rows(node: &Node, id: &str) -> Vec<CreateActionRow> {
    if let Some(multi) = &node.multi {
        let options = multi
            .items
            .iter()
            .enumerate()
            .map(|(k, item)| {
                CreateSelectMenuOption::new(shorten(item, MAX_OPTION_LABEL), Pick::Items(vec![k]).encode())
            })
            .collect();
        let max = multi.max.min(multi.items.len()) as u8;
        return vec![CreateActionRow::SelectMenu(
            CreateSelectMenu::new(id, CreateSelectMenuKind::String { options })
                .min_values(1)
                .max_values(max)
                .placeholder(if max > 1 { format!("Choose 1 to {max}") } else { "Choose".into() }),
        )];
    }
    let menus = node.menus();
    let many = menus.len() > 1;
    menus
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let options = m
                .entries
                .iter()
                .map(|&k| {
                    let e = &node.entries[k];
                    let mut o = CreateSelectMenuOption::new(
                        shorten(e.label(), MAX_OPTION_LABEL),
                        entry_pick(k, e).encode(),
                    );
                    // The card's text where the entry names one (a mission to assign, a card to
                    // play); else, for a group, how many choices it holds.
                    if !e.description().is_empty() {
                        o = o.description(shorten(e.description(), MAX_DESCRIPTION));
                    } else if let Entry::Group { options, .. } = e {
                        o = o.description(format!("{} choices", options.len()));
                    }
                    o
                })
                .collect();
            let placeholder = match m.sections.as_slice() {
                [] if many => "More choices".to_string(),
                [] => "Choose".to_string(),
                [one] => one.clone(),
                [first, .., last] => format!("{first} … {last}"),
            };
            // Each menu of a message needs its own id: the same node, told apart by a suffix
            // the parser ignores (paths never contain it).
            let id = if i == 0 { id.to_string() } else { format!("{id}{}", "~".repeat(i)) };
            CreateActionRow::SelectMenu(
                CreateSelectMenu::new(id, CreateSelectMenuKind::String { options })
                    .placeholder(shorten(&placeholder, 150)),
            )
        })
        .collect()
}

/// The decider's private menus for the node at `path` (plus "Back" below a narrowed node).
pub fn node_menus(p: &PromptPost, path: &[usize], node: &Node) -> Vec<CreateActionRow> {
    let id = ComponentId::Menu { match_id: p.match_id.clone(), key: p.key(), path: path.to_vec() };
    let mut rows = select_rows(node, &id.encode());
    if let Some((_, up)) = path.split_last() {
        let back = ComponentId::Open { match_id: p.match_id.clone(), key: p.key(), path: up.to_vec() };
        rows.push(CreateActionRow::Buttons(vec![
            CreateButton::new(back.encode()).label("Back").style(ButtonStyle::Secondary),
        ]));
    }
    rows
}

/// The private menus of a prompt for `user`, from the top: the options they may take (a
/// teammate's menu leaves out the other player's leaders and cards).
pub fn option_menus(p: &PromptPost, user: u64) -> Vec<CreateActionRow> {
    match p.menu(user, &[]) {
        Some(node) => node_menus(p, &[], &node),
        None => vec![],
    }
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
    let prompt = on_channel(data, channel, move |s| s.show(channel, user)).await?;
    match prompt {
        Some(p) if p.may_answer(user) => {
            let text = format!("{sentence} — here are your current options.\n{}", options_intro(&p, user));
            responder.send(text, option_menus(&p, user), None).await
        }
        Some(p) => responder.say(&format!("{sentence}; the {} player is deciding now.", p.seat)).await,
        None => responder.say(&format!("{sentence}; nothing is waiting for a decision.")).await,
    }
}

/// Handles a click or selection on one of our components (others are ignored).
pub async fn handle(ctx: &serenity::Context, data: &Data, ci: &ComponentInteraction) -> Result<(), Error> {
    if let Some(id) = LobbyId::parse(&ci.data.custom_id) {
        return super::lobby::click(ctx, data, ci, id).await;
    }
    let Some(id) = ComponentId::parse(&ci.data.custom_id) else { return Ok(()) };
    let channel = ci.channel_id.get();
    if id.match_id() != channel.to_string() {
        let responder = Responder::Component { http: &ctx.http, interaction: ci };
        responder.defer().await?;
        return responder.say("This belongs to a match in another channel.").await;
    }
    let values = match &ci.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => values.clone(),
        _ => vec![],
    };
    match id {
        ComponentId::Outdated { .. } => {
            let responder = Responder::Component { http: &ctx.http, interaction: ci };
            responder.defer().await?;
            out_of_date(&responder, data, channel, OUT_OF_DATE).await
        }
        // The public button names no fingerprint: its nonce and version must match.
        ComponentId::Show { nonce, version, .. } => {
            let responder = Responder::Component { http: &ctx.http, interaction: ci };
            responder.defer().await?;
            let user = responder.user();
            let prompt = on_channel(data, channel, move |s| s.show(channel, user)).await?;
            let Some(p) = prompt else {
                clear_channel_message(ctx, ci).await;
                return responder.say("Nothing is waiting for a decision.").await;
            };
            if p.nonce != nonce || p.version != version {
                clear_channel_message(ctx, ci).await;
                return out_of_date(&responder, data, channel, OUT_OF_DATE).await;
            }
            if !p.may_answer(user) {
                return responder.say(&not_yours(&p)).await;
            }
            responder.send(options_intro(&p, user), option_menus(&p, user), None).await
        }
        ComponentId::Menu { key, path, .. } => {
            ci.defer(&ctx.http).await?;
            let Some(pick) = Pick::parse(&values) else {
                return edit(ctx, ci, "No option was selected.".into(), None).await;
            };
            private_pick(ctx, data, ci, key, path, pick).await
        }
        ComponentId::Open { key, path, .. } => {
            ci.defer(&ctx.http).await?;
            let Some(p) = current(data, channel, ci.user.id.get()).await? else {
                return edit(ctx, ci, "Nothing is waiting for a decision.".into(), Some(vec![])).await;
            };
            let path = (p.key() == key).then_some(path.as_slice());
            show_node(ctx, ci, &p, path, None).await
        }
        ComponentId::Public { nonce, version, options, path, pick, .. } => {
            let responder = Responder::Component { http: &ctx.http, interaction: ci };
            responder.defer().await?;
            let pick = match pick {
                Some(p) => p,
                None => match Pick::parse(&values) {
                    Some(p) => p,
                    None => return responder.say("No option was selected.").await,
                },
            };
            public_pick(ctx, data, &responder, (nonce, version, options), path, pick).await
        }
    }
}

/// A failed host call as the service's refusal (`Ok`), or another failure (`Err`).
fn service_error(e: Error) -> Result<ServiceError, Error> {
    e.downcast::<ServiceError>().map(|e| *e)
}

/// The short answer to someone who clicks a current decision that is not theirs.
fn not_yours(p: &PromptPost) -> String {
    format!("Not your decision: the {} player is deciding.", p.seat)
}

/// The pending prompt as `user` may see it.
async fn current(data: &Data, channel: u64, user: u64) -> Result<Option<PromptPost>, Error> {
    on_channel(data, channel, move |s| s.show(channel, user)).await
}

/// Replaces the clicked private message (deferred as an update) with `text` and, when given,
/// new components (`None` keeps the old ones).
async fn edit(
    ctx: &serenity::Context,
    ci: &ComponentInteraction,
    text: String,
    rows: Option<Vec<CreateActionRow>>,
) -> Result<(), Error> {
    let mut e = EditInteractionResponse::new()
        .content(truncate(&text, MAX_CONTENT))
        .allowed_mentions(CreateAllowedMentions::new());
    if let Some(rows) = rows {
        e = e.components(rows);
    }
    ci.edit_response(&ctx.http, e).await?;
    Ok(())
}

/// Takes the buttons off a channel prompt message that has gone out of date (best effort: the
/// answer to the click matters more).
async fn clear_channel_message(ctx: &serenity::Context, ci: &ComponentInteraction) {
    if ci.message.flags.is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL)) {
        return;
    }
    let e = EditMessage::new().components(vec![]);
    if let Err(e) = ci.channel_id.edit_message(&ctx.http, ci.message.id, e).await {
        tracing::info!("cannot clear an old prompt's buttons: {e}");
    }
}

/// Shows the node at `path` of the pending prompt in the clicked private message, or (`path`
/// `None`, or a path that leads nowhere) the current options as out of date. `note` goes first.
async fn show_node(
    ctx: &serenity::Context,
    ci: &ComponentInteraction,
    p: &PromptPost,
    path: Option<&[usize]>,
    note: Option<&str>,
) -> Result<(), Error> {
    let user = ci.user.id.get();
    if !p.may_answer(user) {
        return edit(ctx, ci, not_yours(p), Some(vec![])).await;
    }
    let found = path.and_then(|path| Some((path, p.menu(user, path)?)));
    let Some((path, node)) = found else {
        let text = format!("{OUT_OF_DATE} — here are your current options.\n{}", options_intro(p, user));
        return edit(ctx, ci, text, Some(option_menus(p, user))).await;
    };
    let mut text = node_text(p, user, &node);
    if let Some(note) = note {
        text = format!("{note}\n{text}");
    }
    edit(ctx, ci, text, Some(node_menus(p, path, &node))).await
}

/// A pick in one of the decider's private menus: open a group, or answer with an option (a
/// multiple choice names its option by the set of items picked).
async fn private_pick(
    ctx: &serenity::Context,
    data: &Data,
    ci: &ComponentInteraction,
    key: PromptKey,
    path: Vec<usize>,
    pick: Pick,
) -> Result<(), Error> {
    let channel = ci.channel_id.get();
    let Some(p) = current(data, channel, ci.user.id.get()).await? else {
        return edit(ctx, ci, "Nothing is waiting for a decision.".into(), Some(vec![])).await;
    };
    let user = ci.user.id.get();
    let node = (p.key() == key && p.may_answer(user)).then(|| p.menu(user, &path)).flatten();
    let Some(node) = node else { return show_node(ctx, ci, &p, None, None).await };
    let index = match pick {
        Pick::Group(k) if matches!(node.entries.get(k), Some(Entry::Group { .. })) => {
            let mut deeper = path.clone();
            deeper.push(k);
            return show_node(ctx, ci, &p, Some(&deeper), None).await;
        }
        Pick::Option(i) if p.may_take(user, i) => i,
        Pick::Items(items) => match node.multi.as_ref().and_then(|m| m.option(&items)) {
            Some(i) => i,
            None => {
                let names: Vec<&str> = items
                    .iter()
                    .filter_map(|&k| node.multi.as_ref()?.items.get(k).map(String::as_str))
                    .collect();
                let note = format!("{} cannot be picked together here; pick again.", names.join(" and "));
                return show_node(ctx, ci, &p, Some(&path), Some(&note)).await;
            }
        },
        _ => return show_node(ctx, ci, &p, None, None).await,
    };
    let caller = caller_of(ctx, data, ci.guild_id, ci.member.as_ref(), ci.user.id).await;
    let result = data
        .host
        .call(channel, move |g| Ok(g.of(channel).act(channel, caller, Answer::Option { key, index })?))
        .await;
    match result.map_err(service_error) {
        Err(Ok(ServiceError::Stale)) => {
            let p = current(data, channel, ci.user.id.get()).await?.unwrap_or(p);
            show_node(ctx, ci, &p, None, None).await
        }
        Err(Ok(e)) => {
            let note = format!("⚠️ {e}");
            show_node(ctx, ci, &p, Some(&path), Some(&note)).await
        }
        Err(Err(e)) => Err(e),
        Ok(outcome) => {
            let label = p.texts.get(index).map_or("", |t| t.label.as_str());
            let (text, rows) = answer(&outcome, label, ci.user.id.get());
            edit(ctx, ci, text, Some(rows)).await
        }
    }
}

/// The decider's answer after an applied pick: what was done and, when they decide next too,
/// their next options right away.
fn answer(outcome: &Outcome, label: &str, user: u64) -> (String, Vec<CreateActionRow>) {
    let mut text = done_text(label, outcome);
    let mut rows = vec![];
    if let Some(next) = outcome.prompt.as_ref().filter(|n| n.may_answer(user)) {
        text.push('\n');
        text.push_str(&options_intro(next, user));
        rows = option_menus(next, user);
    }
    (text, rows)
}

/// A click on a public prompt's channel message: only its decider may use it; a group opens
/// privately, an option answers (and the channel message loses its buttons).
async fn public_pick(
    ctx: &serenity::Context,
    data: &Data,
    responder: &Responder<'_>,
    (nonce, version, options): (String, u64, String),
    path: Vec<usize>,
    pick: Pick,
) -> Result<(), Error> {
    let Responder::Component { interaction: ci, .. } = responder else { return Ok(()) };
    let channel = ci.channel_id.get();
    let user = responder.user();
    let Some(p) = current(data, channel, user).await? else {
        clear_channel_message(ctx, ci).await;
        return responder.say("Nothing is waiting for a decision.").await;
    };
    let fresh = p.public && p.nonce == nonce && p.version == version && p.public_fingerprint() == options;
    if !fresh {
        clear_channel_message(ctx, ci).await;
        return out_of_date(responder, data, channel, OUT_OF_DATE).await;
    }
    if !p.may_answer(user) {
        return responder.say(&not_yours(&p)).await;
    }
    let Some(node) = p.menu(user, &path) else {
        return out_of_date(responder, data, channel, OUT_OF_DATE).await;
    };
    let index = match pick {
        Pick::Group(k) if matches!(node.entries.get(k), Some(Entry::Group { .. })) => {
            let mut deeper = path;
            deeper.push(k);
            let Some(inner) = p.menu(user, &deeper) else {
                return out_of_date(responder, data, channel, OUT_OF_DATE).await;
            };
            return responder.send(node_text(&p, user, &inner), node_menus(&p, &deeper, &inner), None).await;
        }
        Pick::Option(i) if p.may_take(user, i) => i,
        _ => return out_of_date(responder, data, channel, OUT_OF_DATE).await,
    };
    let caller = caller_of(ctx, data, ci.guild_id, ci.member.as_ref(), ci.user.id).await;
    let key = p.key();
    let result = data
        .host
        .call(channel, move |g| Ok(g.of(channel).act(channel, caller, Answer::Option { key, index })?))
        .await;
    match result.map_err(service_error) {
        Err(Ok(ServiceError::Stale)) => out_of_date(responder, data, channel, OUT_OF_DATE).await,
        Err(Ok(e)) => Err(e.into()),
        Err(Err(e)) => Err(e),
        Ok(outcome) => {
            // The channel message is the live one: the queue edits or retires it.
            let label = p.texts.get(index).map_or("", |t| t.label.as_str());
            let (text, rows) = answer(&outcome, label, user);
            responder.send(text, rows, None).await
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::game::OptionText;

    fn post(public: bool, options: &[&str]) -> PromptPost {
        PromptPost {
            match_id: "1".into(),
            nonce: "k3x9a0b7zq".into(),
            user: Some(2),
            seat: "empire".into(),
            also: vec![],
            version: 3,
            fingerprint: "0a1b2c3d".into(),
            kind: "k".into(),
            options: options.iter().map(|s| s.to_string()).collect(),
            texts: options.iter().map(|s| OptionText::plain(&format!("Do {s}"))).collect(),
            public,
            context: vec![],
            computer: false,
            computer_seats: vec![],
            commitment: String::new(),
            only: vec![],
            why: String::new(),
            ..Default::default()
        }
    }

    /// The option labels in a set of private menus.
    fn menu_labels(rows: &[CreateActionRow]) -> Vec<String> {
        let json = serde_json::to_value(rows).unwrap();
        let options =
            json.as_array().unwrap().iter().flat_map(|r| r["components"].as_array().unwrap().clone());
        options
            .flat_map(|c| c["options"].as_array().cloned().unwrap_or_default())
            .map(|o| o["label"].as_str().unwrap().to_string())
            .collect()
    }

    #[test]
    fn a_teammate_asked_too_sees_only_their_own_options_and_answers_as_their_seat() {
        let mut p = post(false, &["assign a", "assign b", "veto", "done"]);
        p.seat = "rebel-general".into();
        p.also = vec![("rebel-admiral".into(), Some(9))];
        p.only = vec![
            Some("rebel-admiral".into()),
            Some("rebel-general".into()),
            Some("rebel-general".into()),
            None,
        ];
        assert_eq!(menu_labels(&option_menus(&p, 9)), ["Do assign a", "Do done"]);
        assert_eq!(menu_labels(&option_menus(&p, 2)), ["Do assign b", "Do veto", "Do done"]);
        assert!(option_menus(&p, 5).is_empty(), "no menu for a user who is not asked");
        assert!(options_intro(&p, 9).starts_with("Your decision (rebel-admiral)"));
        assert!(options_intro(&p, 2).starts_with("Your decision (rebel-general)"));
    }

    #[test]
    fn secret_prompts_show_one_button_and_public_ones_their_options() {
        let p = post(false, &["oppose a", "done"]);
        let json = serde_json::to_string(&prompt_components(&p)).unwrap();
        assert!(json.contains("h:1:k3x9a0b7zq:3") && !json.contains("0a1b2c3d") && !json.contains("Do "));
        let p = post(true, &["oppose a", "done"]);
        let json = serde_json::to_string(&prompt_components(&p)).unwrap();
        let hash = p.public_fingerprint();
        assert!(
            json.contains(&format!("c:1:k3x9a0b7zq:3:{hash}:r:o0")) && json.contains("Do oppose a"),
            "{json}"
        );
        assert!(!json.contains("0a1b2c3d"), "the private fingerprint stays private");
        let many: Vec<String> = (0..130).map(|i| format!("opt {i}")).collect();
        let refs: Vec<&str> = many.iter().map(String::as_str).collect();
        let rows = option_menus(&post(false, &refs), 2);
        let json = serde_json::to_value(&rows).unwrap();
        for row in json.as_array().unwrap() {
            for c in row["components"].as_array().unwrap() {
                assert!(c["options"].as_array().is_none_or(|o| o.len() <= 25));
            }
        }
    }

    #[test]
    fn public_prompts_fit_the_channel_message_and_their_labels_fit_discord() {
        // Few options: buttons, a long label cut at a word to Discord's 80 characters.
        let long = "Move 2 Super Star Destroyers, 3 Assault Carriers from Cato Neimoidia to Mon Calamari";
        let mut p = post(true, &["move a", "done"]);
        p.texts[0] = OptionText::plain(long);
        let json = serde_json::to_value(prompt_components(&p)).unwrap();
        let label = json[0]["components"][0]["label"].as_str().unwrap();
        assert!(label.chars().count() <= MAX_BUTTON_LABEL && label.ends_with("Mon…"), "{label}");
        // Many options: select menus on the channel message, none over 25, at most five rows.
        let many: Vec<String> = (0..40).map(|i| format!("opt {i}")).collect();
        let refs: Vec<&str> = many.iter().map(String::as_str).collect();
        let p = post(true, &refs);
        let json = serde_json::to_value(prompt_components(&p)).unwrap();
        let rows = json.as_array().unwrap();
        assert_eq!(rows.len(), 2, "{json}");
        for row in rows {
            let c = &row["components"][0];
            assert_eq!(c["type"], 3, "a select menu: {c}");
            assert!(c["custom_id"].as_str().unwrap().starts_with("c:1:k3x9a0b7zq:3:"));
            assert!(c["options"].as_array().unwrap().len() <= 25);
        }
        // A vacant seat gets no components at all.
        let mut p = post(true, &["oppose a", "done"]);
        p.user = None;
        assert!(prompt_components(&p).is_empty());
    }
}
