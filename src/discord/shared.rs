//! What the three command files (`commands`, `moderation`, `computer`) share: the seat and role
//! choices, running a call through the channel's queue and answering the caller, the thinking
//! time players give in seconds, and the size limit of an uploaded export. Below all three, so
//! that none of them imports another.

use super::hosted::{Games, HostedGame};
use super::send::{Responder, deliver};
use super::{Context, Error, caller, on_channel};
use crate::service::{Caller, Outcome, ServiceError};

/// The largest export file `/mod import` downloads (a long match's export is ~1 MB).
pub(super) const MAX_IMPORT_BYTES: u32 = 8 * 1024 * 1024;

/// The computer's thinking time per decision in milliseconds, from seconds (default 2 s);
/// refused out of range.
pub fn think_ms(seconds: Option<f64>) -> Result<u64, ServiceError> {
    let ms = match seconds {
        None => crate::bot::DEFAULT_THINK_MS,
        Some(s) if s.is_finite() && s > 0.0 => (s * 1000.0).round() as u64,
        Some(_) => 0,
    };
    match ms {
        0 => Err(ServiceError::ThinkTime(ms)),
        ms => Ok(ms),
    }
}

/// A seat of a match (moderator commands).
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum SeatChoice {
    /// The Rebel seat.
    #[name = "rebel"]
    Rebel,
    /// The Imperial seat.
    #[name = "empire"]
    Empire,
}

impl SeatChoice {
    /// The seat's name.
    pub fn seat(self) -> &'static str {
        match self {
            SeatChoice::Rebel => "rebel",
            SeatChoice::Empire => "empire",
        }
    }

    /// The side the seat plays.
    pub fn faction(self) -> crate::content::Faction {
        match self {
            SeatChoice::Rebel => crate::content::Faction::Rebel,
            SeatChoice::Empire => crate::content::Faction::Empire,
        }
    }
}

/// A role of the team game (3 or 4 players): a side's Admiral or General.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum RoleChoice {
    /// The Admiral (blue leaders).
    #[name = "admiral"]
    Admiral,
    /// The General (orange leaders).
    #[name = "general"]
    General,
}

/// The seat named by a side and, in a team game, a role ("empire-general").
pub(super) fn seat_name(side: &str, role: Option<RoleChoice>) -> String {
    match role {
        None => side.to_string(),
        Some(RoleChoice::Admiral) => format!("{side}-admiral"),
        Some(RoleChoice::General) => format!("{side}-general"),
    }
}

/// A call on the hosted games made for a caller in a channel.
type Call = Box<dyn FnOnce(&Games, u64, Caller) -> Result<Outcome, Error> + Send>;

/// Acknowledges a command first (looking up the caller's moderator role may take a network
/// call, and Discord allows three seconds), then names its caller and channel.
async fn acknowledge(ctx: Context<'_>) -> Result<(Responder<'_>, Caller, u64), Error> {
    let responder = Responder::Command(ctx);
    responder.defer().await?;
    Ok((responder, caller(ctx).await, ctx.channel_id().get()))
}

/// Runs a call on the hosted games that changes the channel's match through the channel's
/// queue (its posts go out in order) and answers the caller.
pub(super) async fn run_on(
    ctx: Context<'_>,
    f: impl FnOnce(&Games, u64, Caller) -> Result<Outcome, Error> + Send + 'static,
) -> Result<(), Error> {
    let (responder, who, channel) = acknowledge(ctx).await?;
    let f: Call = Box::new(f);
    let outcome = ctx.data().host.call(channel, move |g| f(g, channel, who)).await?;
    deliver(&responder, &outcome).await
}

/// Runs a service call on the channel's match (of whichever game) through the channel's queue.
pub(super) async fn run(
    ctx: Context<'_>,
    f: impl FnOnce(&dyn HostedGame, u64, Caller) -> Result<Outcome, ServiceError> + Send + 'static,
) -> Result<(), Error> {
    run_on(ctx, move |g, ch, who| Ok(f(&*g.of(ch), ch, who)?)).await
}

/// Runs a service call that only reads (answered to the caller alone).
pub(super) async fn ask(
    ctx: Context<'_>,
    f: impl FnOnce(&dyn HostedGame, u64, Caller) -> Result<Outcome, ServiceError> + Send + 'static,
) -> Result<(), Error> {
    let (responder, who, channel) = acknowledge(ctx).await?;
    let outcome = on_channel(ctx.data(), channel, move |s| f(s, channel, who)).await?;
    deliver(&responder, &outcome).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thinking_times_read_as_milliseconds() {
        assert_eq!(think_ms(None).ok(), Some(crate::bot::DEFAULT_THINK_MS));
        assert_eq!(think_ms(Some(0.02)).ok(), Some(20));
        assert_eq!(think_ms(Some(10.0)).ok(), Some(10_000));
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            assert!(matches!(think_ms(Some(bad)), Err(ServiceError::ThinkTime(_))), "{bad}");
        }
    }
}
