//! Finding a game: `/game lfg` posts a lobby message with a Join button per seat (a Computer
//! button per seat where the computer may play) and a Leave button; the lobby itself lives in
//! the service (`service::community::lobby`). When the last seat is taken, the match starts in a
//! new public thread of the lobby's channel, named after the game and its players, and the
//! lobby message links it. Where no thread can be made (the channel is a thread or a forum,
//! Holonet may not create threads, Discord refuses), the match starts in the channel itself if
//! no match runs there, saying why; else the lobby stays open and says why. `/mod lobby` sets
//! how long the server's lobbies stay open; the reminder check closes expired ones.

// `#[poise::command]` turns each function's doc comment into the command's Discord
// description and generates an undocumented wrapper function of the same name.
#![allow(missing_docs)]

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::{
    AutoArchiveDuration, ButtonStyle, ChannelId, ChannelType, ComponentInteraction, CreateActionRow,
    CreateAllowedMentions, CreateButton, CreateMessage, CreateThread, EditMessage, Http, MessageId,
    Permissions, UserId,
};

use super::commands::{GameChoice, check_permissions};
use super::components::{LobbyAction, LobbyId};
use super::hosted::{GameKind, Games, NewMatch};
use super::messages::shorten;
use super::send::Responder;
use super::shared::think_ms;
use super::{Context, Data, Error, caller, caller_of};
use crate::engine::rebellion::{MatchOptions, Players};
use crate::games::evr::{Evr, EvrOptions};
use crate::games::rebellion::Rebellion;
use crate::service::Caller;
use crate::service::community::Community;
use crate::service::community::lobby::{Holder, Lobby, LobbyError, LobbySpec, LobbyUpdate};

/// Discord's limit on a button's label, in characters.
const MAX_LABEL: usize = 80;

/// The printed name of a lobby's game.
fn game_of(lobby: &Lobby) -> &str {
    match GameKind::of_id(&lobby.game) {
        Some(kind) => kind.name(),
        None => &lobby.game,
    }
}

/// The lobby message: the game and its options, who holds which seat, how it closes.
pub fn lobby_text(lobby: &Lobby) -> String {
    let with = lobby.variant.as_ref().map(|v| format!(", with {v}")).unwrap_or_default();
    let mut lines = vec![format!(
        "**Looking for players: {}{with}** (lobby opened by <@{}>)",
        game_of(lobby),
        lobby.opener
    )];
    for seat in &lobby.seats {
        let who = match lobby.holders.get(seat) {
            Some(Holder::Player { user, .. }) => format!("<@{user}>"),
            Some(Holder::Computer { .. }) => "the computer".to_string(),
            None => "open".to_string(),
        };
        lines.push(format!("• {seat}: {who}"));
    }
    lines.push(format!(
        "Take a seat with the buttons below. When every seat is taken, the match starts in a new \
         thread of this channel. The lobby closes <t:{}:R> if its seats are not filled by then.",
        lobby.expires_at
    ));
    if lobby.starting_since.is_some() {
        // Shown while the match is set up; should the bot stop meanwhile, Start works again
        // once the start request has lapsed.
        lines.push("⏳ Every seat is taken: the match is starting…".to_string());
    } else if let Some(problem) = &lobby.problem {
        lines.push(format!(
            "⚠️ The match could not start: {problem}. A player can press **Start** to try again."
        ));
    }
    lines.join("\n")
}

/// The lobby message's buttons: Join per open seat, Computer per seat where it may play, Leave,
/// and Start once every seat is taken (after a start that failed).
pub fn lobby_buttons(lobby: &Lobby) -> Vec<CreateActionRow> {
    let id = |action| LobbyId { lobby: lobby.id, action }.encode();
    let mut buttons = vec![];
    for (n, seat) in lobby.seats.iter().enumerate() {
        let held = lobby.holders.contains_key(seat);
        buttons.push(
            CreateButton::new(id(LobbyAction::Join(n)))
                .label(shorten(&format!("Join as {seat}"), MAX_LABEL))
                .style(ButtonStyle::Primary)
                .disabled(held),
        );
    }
    if lobby.computer {
        for (n, seat) in lobby.seats.iter().enumerate() {
            let label = match lobby.holders.get(seat) {
                Some(Holder::Computer { .. }) => format!("Free {seat} from the computer"),
                _ => format!("Computer as {seat}"),
            };
            let player = matches!(lobby.holders.get(seat), Some(Holder::Player { .. }));
            buttons.push(
                CreateButton::new(id(LobbyAction::Computer(n)))
                    .label(shorten(&label, MAX_LABEL))
                    .style(ButtonStyle::Secondary)
                    .disabled(player),
            );
        }
    }
    buttons.push(CreateButton::new(id(LobbyAction::Leave)).label("Leave").style(ButtonStyle::Danger));
    if lobby.is_full() {
        buttons.push(CreateButton::new(id(LobbyAction::Start)).label("Start").style(ButtonStyle::Success));
    }
    buttons.chunks(5).map(|row| CreateActionRow::Buttons(row.to_vec())).collect()
}

/// Edits a lobby's message to show it as it stands (best effort: the lobby is what counts).
async fn refresh(http: &Http, lobby: &Lobby) {
    edit_lobby_message(http, lobby, lobby_text(lobby), lobby_buttons(lobby)).await;
}

/// Replaces a lobby message's text and buttons.
async fn edit_lobby_message(http: &Http, lobby: &Lobby, text: String, rows: Vec<CreateActionRow>) {
    let e = EditMessage::new().content(text).components(rows).allowed_mentions(CreateAllowedMentions::new());
    if let Err(e) = ChannelId::new(lobby.channel).edit_message(http, MessageId::new(lobby.id), e).await {
        tracing::info!(lobby = lobby.id, "cannot edit a lobby message: {e}");
    }
}

/// Runs a lobby call off the async runtime.
async fn on_lobbies<T: Send + 'static>(
    games: &Arc<Games>,
    f: impl FnOnce(&Community) -> Result<T, LobbyError> + Send + 'static,
) -> Result<T, Error> {
    let games = games.clone();
    Ok(tokio::task::spawn_blocking(move || f(&games.community)).await??)
}

/// Why a lobby's options do not fit its game.
#[derive(Debug, thiserror::Error)]
pub enum LfgError {
    /// A Rebellion option asked of Empire vs. Rebellion.
    #[error("Star Wars: Empire vs. Rebellion has no `{0}` option; it is a Rebellion option")]
    NotThisGame(&'static str),
    /// A player count the game does not have.
    #[error("a match of Star Wars: Rebellion has 2, 3 or 4 players, not {0}")]
    Players(u8),
}

/// What a lobby of `game` with these options gathers players for (a thinking time only where
/// the computer may play).
pub fn lobby_spec(
    game: GameChoice,
    rise_of_the_empire: Option<bool>,
    quick_setup: Option<bool>,
    players: Option<u8>,
    think_seconds: Option<f64>,
) -> Result<LobbySpec, Error> {
    let spec = spec_of(game, rise_of_the_empire, quick_setup, players, think_ms(think_seconds)?)?;
    if think_seconds.is_some() && !spec.computer {
        return Err(LobbyError::NoComputer(spec.game).into());
    }
    Ok(spec)
}

/// The lobby of a game with these options and thinking time.
fn spec_of(
    game: GameChoice,
    rise_of_the_empire: Option<bool>,
    quick_setup: Option<bool>,
    players: Option<u8>,
    think_ms: u64,
) -> Result<LobbySpec, Error> {
    match game {
        GameChoice::Rebellion => {
            let count = players.unwrap_or(2);
            let players = Players::from_count(count).ok_or(LfgError::Players(count))?;
            let options = MatchOptions {
                quick_setup: quick_setup.unwrap_or(false),
                rise_of_the_empire: rise_of_the_empire.unwrap_or(false),
                players,
            };
            Ok(LobbySpec::of::<Rebellion>(&options, think_ms)?)
        }
        GameChoice::Evr => {
            let asked = [
                ("rise_of_the_empire", rise_of_the_empire.is_some()),
                ("quick_setup", quick_setup.is_some()),
                ("players", players.is_some()),
            ];
            if let Some((name, _)) = asked.iter().find(|(_, given)| *given) {
                return Err(LfgError::NotThisGame(name).into());
            }
            Ok(LobbySpec::of::<Evr>(&EvrOptions::default(), think_ms)?)
        }
    }
}

/// Open a lobby here: players take seats with its buttons; a full lobby starts in a new thread.
#[poise::command(slash_command, guild_only, rename = "lfg")]
pub async fn lfg(
    ctx: Context<'_>,
    #[description = "The game: rebellion, or evr (Empire vs. Rebellion)"] game: GameChoice,
    #[description = "Rebellion: play with the Rise of the Empire expansion"] rise_of_the_empire: Option<bool>,
    #[description = "Rebellion: place both sides' starting units automatically"] quick_setup: Option<bool>,
    #[description = "Rebellion: 2 players, or the team game's 3 or 4"]
    #[min = 2]
    #[max = 4]
    players: Option<u8>,
    #[description = "How long the computer thinks per decision if seated, in seconds (default 2)"]
    #[min = 0.01]
    #[max = 10]
    think_seconds: Option<f64>,
) -> Result<(), Error> {
    // The match may start in this channel (where no thread can be made): it must be able to.
    check_permissions(ctx)?;
    let responder = Responder::Command(ctx);
    responder.defer().await?;
    let guild = ctx.guild_id().map(|g| g.get()).ok_or("a lobby is opened in a server's channel")?;
    let spec = lobby_spec(game, rise_of_the_empire, quick_setup, players, think_seconds)?;
    let (channel, opener) = (ctx.channel_id(), ctx.author().id.get());
    // The lobby is keyed by its message, so the message comes first; its buttons follow.
    let placeholder = CreateMessage::new().content("Opening a lobby…");
    let message = channel.send_message(ctx.http(), placeholder).await?;
    let id = message.id.get();
    let opened =
        on_lobbies(&ctx.data().games, move |c| c.open_lobby(id, guild, channel.get(), opener, spec)).await;
    let lobby = match opened {
        Ok(l) => l,
        Err(e) => {
            if let Err(e) = channel.delete_message(ctx.http(), message.id).await {
                tracing::info!("cannot remove a lobby message that failed to open: {e}");
            }
            return Err(e);
        }
    };
    refresh(ctx.http(), &lobby).await;
    responder.say("Done — the lobby is open in the channel.").await
}

/// Set how long this server's lobbies stay open (lobbies opened from now on), or show it.
#[poise::command(slash_command, guild_only, rename = "lobby")]
pub async fn mod_lobby(
    ctx: Context<'_>,
    #[description = "Hours a lobby stays open (1 to 720; default 48)"]
    #[min = 1]
    #[max = 720]
    expiry: Option<u64>,
) -> Result<(), Error> {
    let responder = Responder::Command(ctx);
    responder.defer().await?;
    let guild = ctx.guild_id().map(|g| g.get()).ok_or("lobbies belong to a server")?;
    let who = caller(ctx).await;
    let text = on_lobbies(&ctx.data().games, move |c| {
        Ok(match expiry {
            Some(hours) => {
                c.set_lobby_hours(guild, who, hours)?;
                format!("Lobbies opened on this server from now on stay open for {hours} hours.")
            }
            None => format!("Lobbies on this server stay open for {} hours.", c.lobby_hours(guild)?),
        })
    })
    .await?;
    responder.say(&text).await
}

/// A click on a lobby's button: take or leave a seat, seat the computer, or start again; a
/// lobby that fills starts its match.
pub async fn click(
    ctx: &serenity::Context,
    data: &Data,
    ci: &ComponentInteraction,
    id: LobbyId,
) -> Result<(), Error> {
    let responder = Responder::Component { http: &ctx.http, interaction: ci };
    responder.defer().await?;
    let caller = caller_of(ctx, data, ci.guild_id, ci.member.as_ref(), ci.user.id).await;
    let name = ci.member.as_ref().map_or_else(|| ci.user.name.clone(), |m| m.display_name().to_string());
    let games = data.games.clone();
    let lobby = id.lobby;
    let found = on_lobbies(&games, move |c| c.lobby(lobby)).await?;
    if found.as_ref().is_some_and(|l| l.channel != ci.channel_id.get()) {
        return responder.say("This button belongs to a lobby in another channel.").await;
    }
    let update = on_lobbies(&games, move |c| match id.action {
        LobbyAction::Join(seat) => c.join_lobby(lobby, caller, &name, seat),
        LobbyAction::Computer(seat) => c.lobby_computer(lobby, caller, seat),
        LobbyAction::Leave => c.leave_lobby(lobby, caller),
        LobbyAction::Start => c.retry_lobby(lobby, caller),
    })
    .await;
    let update: LobbyUpdate = match update {
        Ok(u) => u,
        Err(e) => {
            // A lobby still stored but refused as gone has expired before the periodic check
            // closed it: its message loses its buttons now.
            if matches!(e.downcast_ref::<LobbyError>(), Some(LobbyError::Gone))
                && let Some(l) = found
            {
                let text = closed_text(&l, "its seats were not filled in time");
                edit_lobby_message(&ctx.http, &l, text, vec![]).await;
            }
            return Err(e);
        }
    };
    if !update.start {
        refresh(&ctx.http, &update.lobby).await;
        return responder.say("Done — the lobby is updated.").await;
    }
    refresh(&ctx.http, &update.lobby).await;
    let no_thread = thread_refusal(ci);
    let text = start(&ctx.http, data, update.lobby, no_thread).await;
    responder.say(&text).await
}

/// A closed lobby's message.
fn closed_text(lobby: &Lobby, why: &str) -> String {
    format!("**Lobby for {}** — closed: {why}.", game_of(lobby))
}

/// Why no thread can be made in the clicked message's channel, if that is known beforehand:
/// the channel is itself a thread or a forum, or Holonet may not create public threads there.
fn thread_refusal(ci: &ComponentInteraction) -> Option<String> {
    let kind = ci.channel.as_ref().map(|c| c.kind);
    match kind {
        Some(ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread) => {
            return Some("this channel is itself a thread, and a thread cannot hold another".into());
        }
        Some(ChannelType::Forum) => return Some("a forum's threads are its posts".into()),
        _ => {}
    }
    let needed = Permissions::CREATE_PUBLIC_THREADS | Permissions::SEND_MESSAGES_IN_THREADS;
    match ci.app_permissions {
        Some(granted) if !granted.administrator() && !granted.contains(needed) => Some(
            "Holonet may not create threads here (it needs Create Public Threads and Send Messages in \
             Threads)"
                .into(),
        ),
        _ => None,
    }
}

/// The match a full lobby asks for.
fn new_match(lobby: &Lobby) -> Result<(GameKind, NewMatch), String> {
    let bad = |e: serde_json::Error| format!("its options cannot be read ({e})");
    match GameKind::of_id(&lobby.game) {
        Some(GameKind::Rebellion) => Ok((
            GameKind::Rebellion,
            NewMatch::Rebellion(serde_json::from_value(lobby.options.clone()).map_err(bad)?),
        )),
        Some(GameKind::Evr) => {
            Ok((GameKind::Evr, NewMatch::Evr(serde_json::from_value(lobby.options.clone()).map_err(bad)?)))
        }
        None => Err(format!("Holonet does not host the game `{}`", lobby.game)),
    }
}

/// Starts a full lobby's match: in a new thread, or in the channel itself (saying why) when no
/// thread can be made and no match runs there; else the lobby stays open and says why. Returns
/// the answer for the player whose click filled it.
pub async fn start(http: &Arc<Http>, data: &Data, lobby: Lobby, no_thread: Option<String>) -> String {
    let place = match no_thread {
        Some(why) => Err(why),
        None => {
            let name = lobby.thread_name(game_of(&lobby));
            let thread = CreateThread::new(name)
                .kind(ChannelType::PublicThread)
                .auto_archive_duration(AutoArchiveDuration::OneWeek);
            match ChannelId::new(lobby.channel).create_thread(http, thread).await {
                Ok(t) => Ok(t.id.get()),
                Err(e) => {
                    tracing::info!(lobby = lobby.id, "cannot create a thread for a lobby's match: {e}");
                    Err("Discord refused to create a thread here".to_string())
                }
            }
        }
    };
    let (target, note) = match place {
        Ok(thread) => (thread, None),
        Err(why) => (lobby.channel, Some(why)),
    };
    match start_in(data, &lobby, target, note.as_deref()).await {
        Ok(()) => {
            let id = lobby.id;
            if let Err(e) = on_lobbies(&data.games, move |c| c.lobby_started(id)).await {
                tracing::warn!(lobby = id, "cannot close a started lobby: {e}");
            }
            if target != lobby.channel {
                for user in lobby.players().values() {
                    let member = ChannelId::new(target).add_thread_member(http, UserId::new(*user)).await;
                    if let Err(e) = member {
                        tracing::info!(thread = target, "cannot add a player to the match's thread: {e}");
                    }
                }
            }
            let seats: Vec<String> = lobby
                .seats
                .iter()
                .map(|s| match lobby.holders.get(s) {
                    Some(Holder::Player { user, .. }) => format!("{s} <@{user}>"),
                    _ => format!("{s} the computer"),
                })
                .collect();
            let place = match &note {
                None => format!("the match is on in <#{target}>"),
                Some(why) => format!("the match is on in this channel ({why})"),
            };
            let text =
                format!("**Lobby for {}** — full: {place}. Seats: {}.", game_of(&lobby), seats.join(", "));
            edit_lobby_message(http, &lobby, text, vec![]).await;
            format!("Done — {place}.")
        }
        Err(refused) => {
            // An empty thread is no use to anyone (best effort).
            if target != lobby.channel
                && let Err(e) = ChannelId::new(target).delete(http).await
            {
                tracing::info!(
                    thread = target,
                    "cannot remove the thread of a match that did not start: {e}"
                );
            }
            let why = match &note {
                Some(no_thread) => format!("{no_thread}, and here {refused}"),
                None => refused,
            };
            let id = lobby.id;
            let kept = on_lobbies(&data.games, move |c| c.lobby_failed(id, &why)).await;
            match kept {
                Ok(Some(l)) => {
                    refresh(http, &l).await;
                    format!("The match could not start: {}.", l.problem.unwrap_or_default())
                }
                Ok(None) => "The lobby is closed.".to_string(),
                Err(e) => format!("The match could not start, and the lobby could not be kept: {e}"),
            }
        }
    }
}

/// Opens, seats and starts a lobby's match in `target` through that channel's queue (its posts
/// go there in order). A match that cannot be completed is cancelled, so the channel is free.
async fn start_in(data: &Data, lobby: &Lobby, target: u64, note: Option<&str>) -> Result<(), String> {
    let (kind, new) = new_match(lobby)?;
    let guild = lobby.guild;
    let opener = Caller { user: lobby.opener, moderator: false };
    let (players, computer) = (lobby.players(), lobby.computer_seats());
    let channel = lobby.channel;
    let intro = match note {
        None => format!("This match was gathered by a lobby in <#{channel}>."),
        Some(why) => format!("This match was gathered by a lobby and starts in this channel: {why}."),
    };
    let result = data
        .host
        .call(target, move |g| {
            g.create(target, Some(guild), opener, new)?;
            let service = g.get(kind);
            let seated = (|| {
                for (seat, user) in &players {
                    service.join(target, Caller { user: *user, moderator: false }, Some(seat))?;
                }
                for (seat, think) in &computer {
                    service.seat_computer(target, opener, Some(seat), *think)?;
                }
                let first = *players.values().next().ok_or(crate::service::ServiceError::NoHumanLeft)?;
                service.start(target, Caller { user: first, moderator: false })
            })();
            match seated {
                Ok(mut out) => {
                    out.reply = format!("{intro}\n{}", out.reply);
                    Ok(out)
                }
                Err(e) => {
                    // Cancelled by its creator, as a moderator would: nobody is left waiting.
                    let _ = service.cancel(target, Caller { user: opener.user, moderator: true });
                    Err(e.into())
                }
            }
        })
        .await;
    result.map(drop).map_err(|e| e.to_string())
}

/// Closes the lobbies past their expiry and says so on their messages (the reminder check
/// calls it).
pub async fn close_expired(http: &Http, games: &Arc<Games>) {
    match on_lobbies(games, |c| c.expire_lobbies()).await {
        Ok(expired) => {
            for lobby in expired {
                let text = closed_text(&lobby, "its seats were not filled in time");
                edit_lobby_message(http, &lobby, text, vec![]).await;
            }
        }
        Err(e) => tracing::warn!("cannot close expired lobbies: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lobby(players: u8) -> Lobby {
        let options = MatchOptions { players: Players::from_count(players).unwrap(), ..Default::default() };
        let spec = LobbySpec::of::<Rebellion>(&options, 2_000).unwrap();
        Lobby {
            id: u64::MAX,
            guild: 1,
            channel: 2,
            opener: 3,
            game: spec.game,
            options: spec.options,
            variant: spec.variant,
            seats: spec.seats,
            computer: spec.computer,
            think_ms: spec.think_ms,
            holders: Default::default(),
            opened_at: 0,
            expires_at: 172_800,
            starting_since: None,
            problem: None,
        }
    }

    /// Every button as (label, custom id, disabled).
    fn buttons(l: &Lobby) -> Vec<(String, String, bool)> {
        let json = serde_json::to_value(lobby_buttons(l)).unwrap();
        json.as_array()
            .unwrap()
            .iter()
            .flat_map(|r| r["components"].as_array().unwrap().clone())
            .map(|b| {
                (
                    b["label"].as_str().unwrap().to_string(),
                    b["custom_id"].as_str().unwrap().to_string(),
                    b["disabled"].as_bool().unwrap_or(false),
                )
            })
            .collect()
    }

    #[test]
    fn a_two_player_lobby_offers_the_computer_and_shows_who_sits_where() {
        let mut l = lobby(2);
        l.holders.insert("rebel".into(), Holder::Player { user: 5, name: "Ann".into() });
        let b = buttons(&l);
        let labels: Vec<&str> = b.iter().map(|(l, _, _)| l.as_str()).collect();
        assert_eq!(
            labels,
            ["Join as rebel", "Join as empire", "Computer as rebel", "Computer as empire", "Leave"]
        );
        assert!(b[0].2 && !b[1].2 && b[2].2, "a held seat's buttons are off: {b:?}");
        assert!(b.iter().all(|(_, id, _)| id.len() <= crate::discord::components::MAX_CUSTOM_ID));
        assert_eq!(
            LobbyId::parse(&b[3].1),
            Some(LobbyId { lobby: u64::MAX, action: LobbyAction::Computer(1) })
        );
        let text = lobby_text(&l);
        assert!(text.contains("• rebel: <@5>") && text.contains("• empire: open"), "{text}");
        assert!(text.contains("<t:172800:R>") && !text.contains("Ann"), "{text}");
    }

    #[test]
    fn a_team_lobby_has_a_seat_per_role_and_a_full_one_that_failed_offers_start() {
        let mut l = lobby(4);
        let b = buttons(&l);
        assert_eq!(b.iter().filter(|(l, _, _)| l.starts_with("Join as ")).count(), 4, "{b:?}");
        // The computer takes a role too.
        assert!(b.iter().any(|(l, _, _)| l.starts_with("Computer")), "{b:?}");
        for (n, seat) in l.seats.clone().into_iter().enumerate() {
            l.holders.insert(seat, Holder::Player { user: n as u64, name: format!("P{n}") });
        }
        l.starting_since = Some(5);
        assert!(lobby_text(&l).contains("the match is starting"));
        l.starting_since = None;
        l.problem = Some("the channel has a match".into());
        let b = buttons(&l);
        assert_eq!(b.last().unwrap().0, "Start");
        assert!(lobby_text(&l).contains("could not start: the channel has a match"));
        assert!(lobby_text(&l).contains("the team game for 4 players"));
    }

    #[test]
    fn lobby_options_fit_their_game() {
        let e = lobby_spec(GameChoice::Evr, Some(true), None, None, None).unwrap_err();
        assert!(e.to_string().contains("no `rise_of_the_empire` option"), "{e}");
        let e = lobby_spec(GameChoice::Rebellion, None, None, Some(5), None).unwrap_err();
        assert!(e.to_string().contains("2, 3 or 4 players, not 5"), "{e}");
        let spec = lobby_spec(GameChoice::Rebellion, Some(true), None, Some(3), None).unwrap();
        assert_eq!((spec.seats.len(), spec.think_ms), (3, crate::bot::DEFAULT_THINK_MS));
        assert!(lobby_spec(GameChoice::Evr, None, None, None, None).unwrap().seats.len() == 2);
        // The computer plays Empire vs. Rebellion and the team game too; a thinking time out of
        // range is refused.
        assert_eq!(lobby_spec(GameChoice::Evr, None, None, None, Some(1.0)).unwrap().think_ms, 1_000);
        assert_eq!(
            lobby_spec(GameChoice::Rebellion, None, None, Some(4), Some(1.0)).unwrap().think_ms,
            1_000
        );
        assert!(lobby_spec(GameChoice::Rebellion, None, None, None, Some(0.0)).is_err());
        assert_eq!(lobby_spec(GameChoice::Rebellion, None, None, None, Some(0.5)).unwrap().think_ms, 500);
    }
}
