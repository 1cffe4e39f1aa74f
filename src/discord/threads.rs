//! A private table for each side of a team game: a private thread of the match's channel
//! holding the side's two players, where its secrets are posted once instead of by DM to each.
//! The Rules Reference lets teammates show each other their cards unseen, but asks that they
//! plan in front of their opponents: the thread says so, and points the talk to the channel.
//!
//! Discord shows every private thread to members who may manage threads (or administer the
//! server). So before any thread is made, each player of the other side is checked: when one
//! of them has that permission in the channel, the match keeps to DMs and says why — a
//! player's server role must never show them the other side's secrets. A moderator who holds no
//! seat is not added. A player who leaves a seat leaves its thread; the new player joins it.

use std::collections::BTreeMap;
use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::{
    AutoArchiveDuration, ChannelId, ChannelType, CreateAllowedMentions, CreateMessage, CreateThread, GuildId,
    Http, UserId,
};

use super::hosted::HostedGame;
use crate::service::ThreadPlan;
use crate::store::{SideThread, SideThreads};

/// The channel's note when the sides got their threads.
const THREADS_NOTE: &str = "Each side of this team game has a private thread of this channel \
    where its secrets are posted; the other side cannot see it. Plans are made here, in the open.";

/// Side → the private thread its secrets go to, for a match's outcome being published: settles
/// the threads the first time (creating them, or choosing DMs and saying why in the channel)
/// and keeps their members in step with the seats. Empty when the secrets go by DM.
pub async fn side_routes(
    http: &Http,
    service: &Arc<dyn HostedGame>,
    channel: ChannelId,
) -> BTreeMap<String, u64> {
    let svc = service.clone();
    let plan = match tokio::task::spawn_blocking(move || svc.thread_plan(channel.get())).await {
        Ok(Ok(Some(plan))) => plan,
        _ => return BTreeMap::new(),
    };
    let settled = match plan.settled.clone() {
        Some(s) => keep_members(http, &plan, s).await,
        None if plan.shared_sides().is_empty() => return BTreeMap::new(),
        None => {
            let settled = settle(http, &plan, channel).await;
            let note = match &settled.why_not {
                Some(why) => format!("This team game keeps each side's secrets in direct messages: {why}."),
                None => THREADS_NOTE.to_string(),
            };
            let msg = CreateMessage::new().content(note).allowed_mentions(CreateAllowedMentions::new());
            if let Err(e) = channel.send_message(http, msg).await {
                tracing::info!(channel = channel.get(), "cannot post the side threads note: {e}");
            }
            settled
        }
    };
    let routes = settled.threads.iter().map(|(side, t)| (side.clone(), t.thread)).collect();
    record(service, channel, settled).await;
    routes
}

/// Keeps where the sides' secrets go with the match.
async fn record(service: &Arc<dyn HostedGame>, channel: ChannelId, settled: SideThreads) {
    let svc = service.clone();
    if let Ok(Err(e)) =
        tokio::task::spawn_blocking(move || svc.set_side_threads(channel.get(), settled)).await
    {
        tracing::warn!(channel = channel.get(), "cannot record the side threads: {e}");
    }
}

/// A private thread for one player whose DMs are closed, in place of DMs (the same check as
/// the sides' threads: no opponent may manage threads); its id, or `None` when the match must
/// tell them in the channel to use `/rebellion hand` instead. Asked once per match: a refusal
/// is kept.
pub async fn lone_thread(
    http: &Http,
    service: &Arc<dyn HostedGame>,
    channel: ChannelId,
    side: &str,
    user: u64,
) -> Option<u64> {
    let svc = service.clone();
    let plan = tokio::task::spawn_blocking(move || svc.thread_plan(channel.get())).await.ok()?.ok()??;
    let mut settled = plan.settled.clone().unwrap_or_default();
    if settled.why_not.is_some() {
        return None;
    }
    if let Some(t) = settled.threads.get(side) {
        return Some(t.thread);
    }
    let allowed = match plan.guild.map(GuildId::new) {
        Some(guild) => {
            matches!(sees_private_threads(http, guild, channel, &plan.opponents_of(side)).await, Ok(false))
        }
        None => false,
    };
    let opened = match allowed {
        true => open_thread(http, channel, side, &[user], LONE_GREETING).await.ok(),
        false => None,
    };
    match opened {
        Some(thread) => {
            settled.threads.insert(side.to_string(), SideThread { thread, members: vec![user] });
        }
        None => settled.why_not = Some("a private thread could not be offered".into()),
    }
    record(service, channel, settled).await;
    opened
}

/// The greeting of a thread opened for one player whose DMs are closed.
const LONE_GREETING: &str = "Holonet cannot send you direct messages, so the secrets of your \
    seat are posted in this private thread instead; the other side cannot see it.";

/// The greeting of a side's thread, after its players' names.
const SIDE_GREETING: &str = "Your side's secrets are posted here, once for both of you, and the \
    other side cannot see this thread. The rules ask teammates to plan in front of their \
    opponents, so talk strategy in the match's channel (code words are fine).";

/// Makes the threads of a match's sides, or says why its secrets stay in DMs.
async fn settle(http: &Http, plan: &ThreadPlan, channel: ChannelId) -> SideThreads {
    let dms = |why: &str| SideThreads { threads: BTreeMap::new(), why_not: Some(why.to_string()) };
    let Some(guild) = plan.guild.map(GuildId::new) else {
        return dms("private threads exist only on a server");
    };
    for side in plan.shared_sides() {
        match sees_private_threads(http, guild, channel, &plan.opponents_of(side)).await {
            Ok(false) => {}
            Ok(true) => {
                return dms(
                    "a player of the other side may manage threads in this channel, and Discord shows \
                     such members every private thread",
                );
            }
            Err(e) => {
                tracing::info!(channel = channel.get(), "cannot read permissions: {e}");
                return dms("Holonet could not check who may see private threads here");
            }
        }
    }
    let mut made: BTreeMap<String, SideThread> = BTreeMap::new();
    for side in plan.shared_sides() {
        let members = plan.sides.get(side).cloned().unwrap_or_default();
        match open_thread(http, channel, side, &members, SIDE_GREETING).await {
            Ok(thread) => {
                made.insert(side.to_string(), SideThread { thread, members });
            }
            Err(e) => {
                tracing::info!(channel = channel.get(), "cannot open a side thread: {e}");
                for t in made.values() {
                    let _ = ChannelId::new(t.thread).delete(http).await;
                }
                return dms("Holonet cannot open private threads here (it needs the Create Private Threads \
                     permission, and a text channel rather than a thread)");
            }
        }
    }
    SideThreads { threads: made, why_not: None }
}

/// Whether any of `users` may see every private thread of the channel (Manage Threads or
/// Administrator there).
async fn sees_private_threads(
    http: &Http,
    guild: GuildId,
    channel: ChannelId,
    users: &[u64],
) -> Result<bool, serenity::Error> {
    let partial = guild.to_partial_guild(http).await?;
    let Some(ch) = channel.to_channel(http).await?.guild() else { return Ok(false) };
    for user in users {
        let member = guild.member(http, UserId::new(*user)).await?;
        let p = partial.user_permissions_in(&ch, &member);
        if p.manage_threads() || p.administrator() {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Opens a side's private thread, adds its players and greets them; the thread's id.
async fn open_thread(
    http: &Http,
    channel: ChannelId,
    side: &str,
    members: &[u64],
    greeting: &str,
) -> Result<u64, serenity::Error> {
    let name = format!("{} side — private", capitalised(side));
    let create = CreateThread::new(name)
        .kind(ChannelType::PrivateThread)
        .invitable(false)
        .auto_archive_duration(AutoArchiveDuration::OneWeek);
    let thread = channel.create_thread(http, create).await?;
    for user in members {
        thread.id.add_thread_member(http, UserId::new(*user)).await?;
    }
    let names: Vec<String> = members.iter().map(|u| format!("<@{u}>")).collect();
    let hello = format!("The private table of the {side} side: {}. {greeting}", names.join(" and "));
    let msg = CreateMessage::new().content(hello).allowed_mentions(CreateAllowedMentions::new());
    thread.id.send_message(http, msg).await?;
    Ok(thread.id.get())
}

/// Keeps each thread's members the side's seated players: a player who left is removed, a new
/// one added. A thread that cannot be changed is left as it is (logged).
async fn keep_members(http: &Http, plan: &ThreadPlan, mut settled: SideThreads) -> SideThreads {
    for (side, t) in settled.threads.iter_mut() {
        let now = plan.sides.get(side).cloned().unwrap_or_default();
        let thread = ChannelId::new(t.thread);
        for gone in t.members.iter().filter(|u| !now.contains(u)) {
            if let Err(e) = thread.remove_thread_member(http, UserId::new(*gone)).await {
                tracing::info!(thread = t.thread, "cannot remove a player from a side thread: {e}");
            }
        }
        for new in now.iter().filter(|u| !t.members.contains(u)) {
            if let Err(e) = thread.add_thread_member(http, UserId::new(*new)).await {
                tracing::info!(thread = t.thread, "cannot add a player to a side thread: {e}");
            }
        }
        t.members = now;
    }
    settled
}

fn capitalised(side: &str) -> String {
    let mut c = side.chars();
    c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()
}
