//! The Discord side of computer seats beside the match commands: the thinking time players
//! give in seconds, and `/mod computer`. (`/rebellion new computer:` and `/rebellion join
//! computer:` are options of those commands.)

// `#[poise::command]` generates an undocumented wrapper function of the same name.
#![allow(missing_docs)]

use super::commands::{SeatChoice, run};
use super::{Context, Error};
use crate::service::ServiceError;

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

/// Hand a seat to the computer (an idle player's); `/mod replace` gives it back to a person.
#[poise::command(slash_command)]
pub async fn computer(
    ctx: Context<'_>,
    #[description = "The seat"] seat: SeatChoice,
    #[description = "How long the computer thinks per decision, in seconds (default 2)"]
    #[min = 0.01]
    #[max = 10]
    think_seconds: Option<f64>,
) -> Result<(), Error> {
    let think = think_ms(think_seconds)?;
    run(ctx, move |s, ch, who| s.seat_computer(ch, who, Some(seat.seat()), think)).await
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
