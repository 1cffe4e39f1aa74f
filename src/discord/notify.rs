//! `/game notify`: a player's notification settings (how they hear of their turn, the daily
//! digest, time away), and the text of the digest itself.

// `#[poise::command]` turns each function's doc comment into the command's Discord
// description and generates an undocumented wrapper function of the same name.
#![allow(missing_docs)]

use super::hosted::GameKind;
use super::responder::Responder;
use super::{Context, Error, blocking};
use crate::service::MyMatch;
use crate::service::community::settings::{Digest, NotifyChange, TurnNotice};

/// The `turn` option of `/game notify`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum TurnChoice {
    /// A mention in the match's channel.
    #[name = "ping"]
    Ping,
    /// A direct message.
    #[name = "dm"]
    Dm,
    /// Nothing.
    #[name = "off"]
    Off,
}

impl From<TurnChoice> for TurnNotice {
    fn from(c: TurnChoice) -> Self {
        match c {
            TurnChoice::Ping => TurnNotice::Ping,
            TurnChoice::Dm => TurnNotice::Dm,
            TurnChoice::Off => TurnNotice::Off,
        }
    }
}

/// The `digest` option of `/game notify`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum DigestChoice {
    /// One DM a day listing the matches waiting on you.
    #[name = "daily"]
    Daily,
    /// No digest.
    #[name = "off"]
    Off,
}

impl From<DigestChoice> for Digest {
    fn from(c: DigestChoice) -> Self {
        match c {
            DigestChoice::Daily => Digest::Daily,
            DigestChoice::Off => Digest::Off,
        }
    }
}

/// How you hear of your turn, a daily digest, time away — without options: your settings.
#[poise::command(slash_command)]
pub async fn notify(
    ctx: Context<'_>,
    #[description = "When a decision becomes yours: a mention (ping), a DM, or nothing"] turn: Option<
        TurnChoice,
    >,
    #[description = "A daily DM listing the matches waiting on you"] digest: Option<DigestChoice>,
    #[description = "Away for 90m, 12h, 3d… (no mentions, reminders wait); off when back"]
    #[max_length = 20]
    away: Option<String>,
) -> Result<(), Error> {
    let responder = Responder::Command(ctx);
    responder.defer().await?;
    let community = ctx.data().games.community.clone();
    let user = ctx.author().id.get();
    let away_changed = away.is_some();
    let change = NotifyChange { turn: turn.map(Into::into), digest: digest.map(Into::into), away };
    let text = blocking(move || community.notify(user, change)).await?;
    responder.say(&text).await?;
    if away_changed {
        show_away(ctx.data(), user, ctx.guild_id().map(|g| g.get())).await;
    }
    Ok(())
}

/// Edits the live message of each running match of `user` on the server, so that it says
/// whether they are away (as the next move would).
async fn show_away(data: &super::Data, user: u64, guild: Option<u64>) {
    let games = data.games.clone();
    let mine = blocking(move || Ok(games.mine(user, guild))).await.unwrap_or_default();
    for (kind, m) in mine.into_iter().filter(|(_, m)| m.status == crate::store::MatchStatus::Active) {
        let service = data.games.get(kind);
        let svc = service.clone();
        match blocking(move || svc.live_now(m.channel)).await {
            Ok(outcome) => data.host.queue(m.channel, super::host::Job::Outcome(Box::new(outcome), service)),
            Err(e) => tracing::info!(channel = m.channel, "cannot refresh the live message: {e}"),
        }
    }
}

/// The daily digest of a player at `now`: the matches waiting on them, the longest wait first.
pub fn digest_text(waiting: Vec<(GameKind, MyMatch)>, now: u64) -> String {
    let list = super::mine::ordered(waiting);
    let mut lines = vec![format!(
        "**Your Holonet digest**: {} waiting on you. (`/game notify digest:off` stops these.)",
        if list.len() == 1 { "1 match is".to_string() } else { format!("{} matches are", list.len()) }
    )];
    lines.extend(list.iter().map(|(k, m)| super::mine::entry(*k, m, now)));
    super::messages::truncate(&lines.join("\n"), super::messages::MAX_CONTENT)
}
