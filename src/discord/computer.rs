//! The Discord side of computer seats beside the match commands: the thinking time players
//! give in seconds, and `/mod computer`. (`/rebellion new computer:` and `/rebellion join
//! computer:` are options of those commands.)

// `#[poise::command]` generates an undocumented wrapper function of the same name.
#![allow(missing_docs)]

use super::shared::{RoleChoice, SeatChoice, run, seat_name, think_ms};
use super::{Context, Error};

/// Hand a seat to the computer (an idle player's); `/mod replace` gives it back to a person.
#[poise::command(slash_command)]
pub async fn computer(
    ctx: Context<'_>,
    #[description = "The seat"] seat: SeatChoice,
    #[description = "In a team game: the side's Admiral or General"] role: Option<RoleChoice>,
    #[description = "How long the computer thinks per decision, in seconds (default 2)"]
    #[min = 0.01]
    #[max = 10]
    think_seconds: Option<f64>,
) -> Result<(), Error> {
    let think = think_ms(think_seconds)?;
    let seat = seat_name(seat.seat(), role);
    run(ctx, move |s, ch, who| s.seat_computer(ch, who, Some(&seat), think)).await
}
