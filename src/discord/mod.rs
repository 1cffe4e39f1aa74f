//! The Discord front end: poise slash commands, prompt components and DMs over the service
//! layer. `serve` runs the bot until Ctrl-C; `run` does the same until any shutdown signal
//! (tests use it with a fake Discord).
//!
//! Both hosted games — Star Wars: Rebellion and Empire vs. Rebellion — are served by one
//! service each on the same store ([`hosted::Games`]); every command, button and post that is
//! not about one game's own moves goes through [`hosted::HostedGame`], implemented once for
//! every `Service<G>`, so the host is written once for all games.

pub mod autocomplete;
pub mod cluster;
pub mod commands;
pub mod components;
pub mod computer;
pub mod host;
pub mod hosted;
pub mod lobby;
pub mod messages;
pub mod mine;
pub mod moderation;
pub mod notify;
pub mod permissions;
pub mod record;
pub mod responder;
pub mod rules;
pub mod send;
mod shared;
pub mod threads;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{ApplicationId, ClientBuilder, GatewayIntents, GuildId, HttpBuilder, Member, RoleId, UserId};

use crate::deploy::config::{Config, ConfigError};
use crate::games::evr::Evr;
use crate::games::game::Game;
use crate::games::rebellion::Rebellion;
use crate::service::{Caller, Service, ServiceError};
use crate::store::{MatchStore, SledStore, StoreError};
use hosted::Games;

/// What every command and event handler can reach.
pub struct Data {
    /// The match services of the hosted games.
    pub games: Arc<Games>,
    /// The configured moderator role (name or id), if any.
    pub moderator_role: Option<String>,
    /// The channels' post queues.
    pub host: Arc<host::Host>,
}

/// The error type of commands (its text is shown to the caller, ephemerally).
pub type Error = Box<dyn std::error::Error + Send + Sync>;
/// The poise context of our commands.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// Why the bot could not run.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The match store could not be opened or flushed.
    #[error("match store: {0}")]
    Store(#[from] StoreError),
    /// Stored matches could not be loaded.
    #[error("loading matches: {0}")]
    Load(#[from] ServiceError),
    /// The Discord client failed.
    #[error("discord: {0}")]
    Discord(#[from] serenity::Error),
    /// The configuration is unusable (e.g. its `[cluster]` shards).
    #[error("{0}")]
    Config(#[from] ConfigError),
}

/// Runs a blocking service call (disk flushes) off the async runtime.
pub async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ServiceError> + Send + 'static,
) -> Result<T, Error> {
    Ok(tokio::task::spawn_blocking(f).await??)
}

/// Runs a blocking call on the service of a channel's match (see [`Games::of`]) off the async
/// runtime.
pub async fn on_channel<T: Send + 'static>(
    data: &Data,
    channel: u64,
    f: impl FnOnce(&dyn hosted::HostedGame) -> Result<T, ServiceError> + Send + 'static,
) -> Result<T, Error> {
    let games = data.games.clone();
    blocking(move || f(&*games.of(channel))).await
}

/// Whether a member may moderate: Manage Channels (or Administrator) in the channel, or the
/// configured role (by id, or by name looked up in the cache or over HTTP).
pub async fn is_moderator(
    ctx: &serenity::Context,
    data: &Data,
    guild: Option<GuildId>,
    member: Option<&Member>,
) -> bool {
    let Some(member) = member else { return false };
    if member.permissions.is_some_and(|p| p.manage_channels() || p.administrator()) {
        return true;
    }
    let Some(role) = data.moderator_role.as_deref() else { return false };
    if let Ok(id) = role.parse::<u64>() {
        return id != 0 && member.roles.contains(&RoleId::new(id));
    }
    let Some(guild) = guild else { return false };
    let cached: Option<Vec<RoleId>> = ctx
        .cache
        .guild(guild)
        .map(|g| g.roles.values().filter(|r| r.name.eq_ignore_ascii_case(role)).map(|r| r.id).collect());
    let ids = match cached {
        Some(ids) => ids,
        None => match guild.roles(&ctx.http).await {
            Ok(roles) => roles.values().filter(|r| r.name.eq_ignore_ascii_case(role)).map(|r| r.id).collect(),
            Err(e) => {
                tracing::warn!("cannot read guild roles: {e}");
                vec![]
            }
        },
    };
    member.roles.iter().any(|r| ids.contains(r))
}

/// The service caller of an interaction.
pub async fn caller_of(
    ctx: &serenity::Context,
    data: &Data,
    guild: Option<GuildId>,
    member: Option<&Member>,
    user: UserId,
) -> Caller {
    Caller { user: user.get(), moderator: is_moderator(ctx, data, guild, member).await }
}

/// The service caller of a slash command.
pub async fn caller(ctx: Context<'_>) -> Caller {
    let member = match ctx {
        poise::Context::Application(a) => a.interaction.member.as_deref(),
        poise::Context::Prefix(_) => None,
    };
    caller_of(ctx.serenity_context(), ctx.data(), ctx.guild_id(), member, ctx.author().id).await
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            let reply = poise::CreateReply::default()
                .ephemeral(true)
                .content(messages::truncate(&format!("⚠️ {error}"), messages::MAX_CONTENT))
                .allowed_mentions(serenity::CreateAllowedMentions::new());
            if let Err(e) = ctx.send(reply).await {
                tracing::warn!("cannot report an error to the caller: {e}");
            }
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::warn!("error while handling an error: {e}");
            }
        }
    }
}

async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    let data = framework.user_data;
    match event {
        serenity::FullEvent::InteractionCreate { interaction: serenity::Interaction::Component(ci) } => {
            let ctx = framework.serenity_context;
            if let Err(e) = components::handle(ctx, data, ci).await {
                let text = messages::truncate(&format!("⚠️ {e}"), messages::MAX_CONTENT);
                let f = serenity::CreateInteractionResponseFollowup::new().ephemeral(true).content(text);
                if let Err(e) = ci.create_followup(&ctx.http, f).await {
                    tracing::warn!("cannot report a component error: {e}");
                }
            }
        }
        // A match whose channel is gone ends (kept for export) instead of loading at every start.
        serenity::FullEvent::ChannelDelete { channel, .. } => {
            let id = channel.id.get();
            archive(data, move |s| s.archive_channel(id, "its channel was deleted")).await
        }
        serenity::FullEvent::ThreadDelete { thread, .. } => {
            let id = thread.id.get();
            archive(data, move |s| s.archive_channel(id, "its thread was deleted")).await
        }
        serenity::FullEvent::GuildDelete { incomplete, .. } if !incomplete.unavailable => {
            let guild = incomplete.id.get();
            archive(data, move |s| s.archive_guild(guild, "the server removed Holonet")).await
        }
        _ => {}
    }
    Ok(())
}

/// Ends matches whose channel or server is gone (logged; nothing to answer).
async fn archive(data: &Data, f: impl FnOnce(&Games) -> Result<usize, ServiceError> + Send + 'static) {
    let games = data.games.clone();
    match tokio::task::spawn_blocking(move || f(&games)).await {
        Ok(Ok(n)) if n > 0 => tracing::info!(ended = n, "matches ended: their channel is gone"),
        Ok(Err(e)) => tracing::warn!("cannot end the matches of a deleted channel: {e}"),
        _ => {}
    }
}

/// The poise options: our commands, the ephemeral error handler and the component handler.
pub fn framework_options() -> poise::FrameworkOptions<Data, Error> {
    poise::FrameworkOptions {
        commands: commands::all(),
        on_error: |e| Box::pin(on_error(e)),
        event_handler: |fw, ev| Box::pin(on_event(fw, ev)),
        initialize_owners: false,
        ..Default::default()
    }
}

/// Opens the sled store, retrying briefly while a previous instance releases its lock.
async fn open_store(config: &Config) -> Result<Arc<SledStore>, StoreError> {
    let mut tries = 0;
    loop {
        match SledStore::open(&config.data_dir) {
            Ok(s) => return Ok(Arc::new(s)),
            Err(e) if tries < 25 => {
                tracing::debug!("store busy ({e}); retrying");
                tries += 1;
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Err(e) => return Err(e),
        }
    }
}

/// Posted at start in a channel whose stored match could not be read.
pub const DAMAGED_NOTICE: &str = "Holonet could not read this channel's match from storage after a \
    restart, so it is on hold. A moderator can restore it from an export file with `/mod import`.";

/// Runs the bot until `shutdown` completes (or the client stops), then shuts the shards down
/// and flushes the store. REST calls go to `config.api_proxy` when set.
pub async fn run(config: Config, shutdown: impl Future<Output = ()> + Send) -> Result<(), ServeError> {
    let shards = config.shards()?;
    let store = open_store(&config).await?;
    let dyn_store: Arc<dyn MatchStore> = store.clone();
    let games = Arc::new(Games::new(
        Service::<Rebellion>::new(dyn_store.clone()).allow_hot_seat(config.allow_hot_seat),
        Service::<Evr>::new(dyn_store).allow_hot_seat(config.allow_hot_seat),
    ));
    let loaded = games.load_all()?;
    tracing::info!(loaded, dir = %config.data_dir.display(), "matches loaded");
    if let Some(shards) = shards {
        let foreign = cluster::foreign_matches(&*store, shards);
        if !foreign.is_empty() {
            // Their guilds' commands go to other processes: these matches wait here unanswered.
            tracing::warn!(
                count = foreign.len(),
                first = ?&foreign[..foreign.len().min(5)],
                "stored matches of servers that {shards} do not serve; run `holonet reshard`",
            );
        }
    }
    // One process registers the commands (they are global): the one with shard 0.
    let registers = shards.is_none_or(|s| s.runs(0));
    // Draw the board's static layer now, so the first move is not slowed by it.
    tokio::task::spawn_blocking(|| {
        let _ = Rebellion::board_png(&Rebellion::new_match(0, &Default::default()), None);
    });
    let moderator_role = config.moderator_role.clone();
    let reminder_check = Duration::from_secs(config.reminder_check_secs.max(1));
    let dev_guild = config.dev_guild;
    let setup_games = games.clone();
    // The host is made once connected (it posts through the client's HTTP); shutdown stops it.
    let hosts: Arc<std::sync::Mutex<Option<Arc<host::Host>>>> = Arc::default();
    let setup_hosts = hosts.clone();
    let framework = poise::Framework::builder()
        .options(framework_options())
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                let commands = &framework.options().commands;
                match dev_guild {
                    _ if !registers => {}
                    Some(g) => poise::builtins::register_in_guild(ctx, commands, GuildId::new(g)).await?,
                    None => poise::builtins::register_globally(ctx, commands).await?,
                }
                let commands = if registers { "registered" } else { "left to the process with shard 0" };
                tracing::info!(user = %ready.user.name, guild = ?dev_guild, "connected; commands {commands}");
                let host = host::Host::new(ctx.http.clone(), setup_games.clone());
                host.start_reminders(reminder_check);
                // A decision the computer was thinking about when the bot stopped is simply
                // taken again (one it had applied is no longer pending).
                for channel in setup_games.computer_channels() {
                    host.wake_computer(channel);
                }
                *setup_hosts.lock().expect("lock") = Some(host.clone());
                let data = Data { games: setup_games, moderator_role, host };
                // Replay every stored match in the background (the bot answers meanwhile; a
                // command loads its match on demand) and tell each channel whose stored match
                // could not be read how to restore it (the detail stays in the log: it may
                // quote the match's secrets).
                let (games, http) = (data.games.clone(), ctx.http.clone());
                tokio::spawn(async move {
                    let checker = games.clone();
                    let _ = tokio::task::spawn_blocking(move || checker.check_all()).await;
                    for channel in games.damaged() {
                        if let Err(e) = serenity::ChannelId::new(channel).say(&http, DAMAGED_NOTICE).await {
                            tracing::warn!(channel, "cannot report a damaged match: {e}");
                        }
                    }
                });
                Ok(data)
            })
        })
        .build();
    let mut http = HttpBuilder::new(&config.token);
    if config.application_id != 0 {
        http = http.application_id(ApplicationId::new(config.application_id));
    }
    if let Some(proxy) = &config.api_proxy {
        http = http.proxy(proxy.clone()).ratelimiter_disabled(true);
    }
    let mut client = ClientBuilder::new_with_http(http.build(), GatewayIntents::GUILDS)
        .framework(cluster::ShardGate::new(framework, shards))
        .await?;
    let manager = client.shard_manager.clone();
    let mut task = tokio::spawn(async move {
        match shards {
            // serenity 0.12.5 starts `range.start` through `range.end` *included* (its own
            // example, `4..7`, starts four shards), so the last shard is passed as the end.
            Some(s) => {
                tracing::info!("starting {s}");
                client.start_shard_range(s.range.first..s.range.last, s.total).await
            }
            // Discord says how many shards the bot needs (one per ~1,000 servers).
            None => client.start_autosharded().await,
        }
    });
    let result = tokio::select! {
        r = &mut task => r.unwrap_or(Ok(())),
        () = shutdown => {
            tracing::info!("shutting down");
            manager.shutdown_all().await;
            match tokio::time::timeout(Duration::from_secs(10), &mut task).await {
                Ok(r) => r.unwrap_or(Ok(())),
                Err(_) => {
                    task.abort();
                    Ok(())
                }
            }
        }
    };
    drop(games);
    let host = hosts.lock().expect("lock").take();
    if let Some(host) = host {
        host.shutdown();
    }
    // Handlers and queues still posting hold the service; wait briefly so the store closes
    // with them.
    for _ in 0..100 {
        if Arc::strong_count(&store) == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    store.flush()?;
    result?;
    Ok(())
}

/// Runs the bot until Ctrl-C.
pub async fn serve(config: Config) -> Result<(), ServeError> {
    run(config, async {
        if let Err(e) = tokio::signal::ctrl_c().await {
            tracing::error!("cannot listen for Ctrl-C: {e}");
            std::future::pending::<()>().await;
        }
    })
    .await
}
