//! The server's record in Discord: `/game stats` (the figures, in words, with a chart of one
//! side's share of wins over time), `/game history` (the last ended matches, each linking its
//! channel) and `/mod record exclude|include` (a moderator leaves a match out, or puts it back).
//! Every answer goes to the caller alone, with mentions that ping nobody.

// `#[poise::command]` turns each function's doc comment into the command's Discord
// description and generates an undocumented wrapper function of the same name.
#![allow(missing_docs)]

use poise::serenity_prelude as serenity;
use serenity::CreateAttachment;

use super::hosted::GameKind;
use super::messages::{MAX_CONTENT, truncate};
use super::send::Responder;
use super::{Context, Error, caller};
use crate::render::record::{ShareLine, render_png};
use crate::service::community::record::RecordEntry;
use crate::service::community::stats::{ModeStats, SideRecord, Stats, StatsQuery, TREND_SIDE, TREND_WINDOW};

/// How many ended matches `/game history` lists.
pub const HISTORY_LEN: usize = 10;

/// A game whose record to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum RecordGame {
    /// Star Wars: Rebellion (every mode).
    #[name = "rebellion"]
    Rebellion,
    /// Star Wars: Empire vs. Rebellion.
    #[name = "evr"]
    Evr,
}

impl RecordGame {
    /// The hosted game it names.
    pub fn kind(self) -> GameKind {
        match self {
            RecordGame::Rebellion => GameKind::Rebellion,
            RecordGame::Evr => GameKind::Evr,
        }
    }
}

/// A game's printed name from its stored id.
fn game_words(id: &str) -> &'static str {
    GameKind::of_id(id).map_or("another game", GameKind::name)
}

/// A game and mode in words ("Star Wars: Rebellion with the Rise of the Empire expansion").
fn mode_words(game: &str, variant: &Option<String>) -> String {
    match variant {
        Some(v) => format!("{} with {v}", game_words(game)),
        None => game_words(game).to_string(),
    }
}

/// A side in words, for a sentence ("the Rebels").
fn side_words(side: &str) -> String {
    match side {
        "rebel" => "the Rebels".into(),
        "empire" => "the Empire".into(),
        other => format!("the {other} side"),
    }
}

/// A share in whole percent.
fn percent(share: f64) -> String {
    format!("{:.0}%", share * 100.0)
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// One game and mode's figures, a few lines.
fn mode_lines(m: &ModeStats) -> Vec<String> {
    let mut lines = vec![format!(
        "**{}**: {} ended, {} being played",
        mode_words(&m.game, &m.variant),
        m.played,
        m.running
    )];
    if m.finished == 0 {
        if m.played > 0 {
            lines.push("• No match has been won by the rules yet.".into());
        }
        return lines;
    }
    for s in &m.sides {
        lines.push(format!(
            "• {} won {} of {} ({}; 95% interval {}–{})",
            capitalised(&side_words(&s.side)),
            s.wins,
            m.finished,
            percent(s.share),
            percent(s.interval.0),
            percent(s.interval.1)
        ));
    }
    if let (Some(r), Some(d)) = (m.rounds, m.days) {
        let early = match m.played - m.finished {
            0 => String::new(),
            n => format!(" ({n} cancelled or ended early)"),
        };
        lines.push(format!(
            "• A match won by the rules lasted {r:.1} rounds and {d:.1} days on average{early}"
        ));
    }
    lines
}

/// A record per side in words ("the Rebels: 3 played, 2 won, 1 lost").
fn side_records(records: &[SideRecord]) -> Vec<String> {
    records
        .iter()
        .map(|r| {
            format!(
                "• {}, as {}: {} played, {} won, {} lost",
                game_words(&r.game),
                side_words(&r.side),
                r.played,
                r.won,
                r.lost
            )
        })
        .collect()
}

/// The answer to `/game stats` (Discord markdown; at most one message).
pub fn stats_text(stats: &Stats, game: Option<GameKind>) -> String {
    let mut lines = vec![match game {
        Some(g) => format!("**This server's record of {}**", g.name()),
        None => "**This server's record**".to_string(),
    }];
    if stats.modes.is_empty() {
        lines.push("No match has ended or is being played here yet.".into());
    }
    for m in &stats.modes {
        lines.extend(mode_lines(m));
    }
    if let Some((player, records)) = &stats.player {
        match records.is_empty() {
            true => lines.push(format!("**<@{player}>** has no ended match in the record.")),
            false => {
                lines.push(format!("**<@{player}> by side**"));
                lines.extend(side_records(records));
            }
        }
    }
    if !stats.computer.is_empty() {
        lines.push("**The computer by side**".into());
        lines.extend(side_records(&stats.computer));
    }
    if stats.excluded > 0 {
        lines.push(format!(
            "{} left out by moderators (`/mod record exclude`).",
            plural(stats.excluded, "ended match is", "ended matches are")
        ));
    }
    if !stats.trends.is_empty() {
        lines.push(format!(
            "The chart follows {}'s share of the last {TREND_WINDOW} matches won by the rules.",
            side_words(TREND_SIDE)
        ));
    }
    truncate(&lines.join("\n"), MAX_CONTENT)
}

/// The chart of the share over time (PNG), when some match was won by the rules.
pub fn stats_chart(stats: &Stats) -> Option<Vec<u8>> {
    if stats.trends.is_empty() {
        return None;
    }
    let lines: Vec<ShareLine> = stats
        .trends
        .iter()
        .map(|t| ShareLine { name: game_words(&t.game).to_string(), points: t.points.clone() })
        .collect();
    let side = side_words(TREND_SIDE);
    let title = format!("{}'s share of wins over time", capitalised(&side));
    let caption = format!("Each point: {side}'s share of the last {TREND_WINDOW} matches won by the rules");
    Some(render_png(&title, &caption, &lines))
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// The link to a channel or thread.
pub fn channel_link(guild: Option<u64>, channel: u64) -> String {
    match guild {
        Some(g) => format!("https://discord.com/channels/{g}/{channel}"),
        None => format!("https://discord.com/channels/@me/{channel}"),
    }
}

/// One ended match as a line of `/game history`.
fn history_line(e: &RecordEntry) -> String {
    let result = match (&e.winner, e.ending) {
        (Some(w), _) => format!("{} won", side_words(w)),
        (None, ending) => ending.words().to_string(),
    };
    let seats: Vec<String> = e
        .sides
        .keys()
        .map(|seat| match e.players.get(seat) {
            Some(user) => format!("{seat} <@{user}>"),
            None if e.computer.contains(seat) => format!("{seat} the computer"),
            None => format!("{seat} (empty)"),
        })
        .collect();
    let game = mode_words(&e.game, &e.variant);
    format!(
        "• <t:{}:d> {game}: **{result}** in round {}, after {:.1} days — {} — {}",
        e.ended_at,
        e.rounds,
        e.days(),
        seats.join(", "),
        channel_link(e.guild, e.channel)
    )
}

/// The answer to `/game history` (Discord markdown; at most one message).
pub fn history_text(entries: &[RecordEntry], game: Option<GameKind>) -> String {
    let of = game.map(|g| format!(" of {}", g.name())).unwrap_or_default();
    if entries.is_empty() {
        return format!("No match{of} has ended on this server yet.");
    }
    let mut lines =
        vec![format!("**The last {} on this server{of}**", plural(entries.len(), "match", "matches"))];
    lines.extend(entries.iter().map(history_line));
    truncate(&lines.join("\n"), MAX_CONTENT)
}

/// This server's record: matches played, each side's wins, a player's record (only you see it).
#[poise::command(slash_command, guild_only)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "One game only"] game: Option<RecordGame>,
    #[description = "Whose record by side to show (default: yours)"] player: Option<serenity::User>,
) -> Result<(), Error> {
    let responder = Responder::Command(ctx);
    responder.defer().await?;
    let games = ctx.data().games.clone();
    let kind = game.map(RecordGame::kind);
    let query = StatsQuery {
        guild: ctx.guild_id().map(|g| g.get()),
        game: kind.map(|k| k.id().to_string()),
        player: Some(player.map_or(ctx.author().id.get(), |u| u.id.get())),
    };
    let (text, png) = tokio::task::spawn_blocking(move || {
        games.stats(&query).map(|s| (stats_text(&s, kind), stats_chart(&s)))
    })
    .await??;
    let file = png.map(|bytes| CreateAttachment::bytes(bytes, "holonet-record.png"));
    responder.send(text, vec![], file).await
}

/// The last matches that ended on this server, with their results and links (only you see it).
#[poise::command(slash_command, guild_only)]
pub async fn history(
    ctx: Context<'_>,
    #[description = "One game only"] game: Option<RecordGame>,
) -> Result<(), Error> {
    let responder = Responder::Command(ctx);
    responder.defer().await?;
    let community = ctx.data().games.community.clone();
    let guild = ctx.guild_id().map(|g| g.get());
    let kind = game.map(RecordGame::kind);
    let text = tokio::task::spawn_blocking(move || {
        community.history(guild, kind.map(GameKind::id), HISTORY_LEN).map(|h| history_text(&h, kind))
    })
    .await??;
    responder.say(&text).await
}

/// The server's record: leave a match out of it (a test match), or put it back.
#[poise::command(
    slash_command,
    rename = "record",
    subcommands("record_exclude", "record_include"),
    subcommand_required
)]
pub async fn record(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Leave the ended match of a channel or thread out of the server's record.
#[poise::command(slash_command, guild_only, rename = "exclude")]
pub async fn record_exclude(
    ctx: Context<'_>,
    #[description = "Where the match was played (default: here)"] channel: Option<serenity::ChannelId>,
) -> Result<(), Error> {
    set_excluded(ctx, channel, true).await
}

/// Count a match left out of the server's record again.
#[poise::command(slash_command, guild_only, rename = "include")]
pub async fn record_include(
    ctx: Context<'_>,
    #[description = "Where the match was played (default: here)"] channel: Option<serenity::ChannelId>,
) -> Result<(), Error> {
    set_excluded(ctx, channel, false).await
}

async fn set_excluded(
    ctx: Context<'_>,
    channel: Option<serenity::ChannelId>,
    excluded: bool,
) -> Result<(), Error> {
    let responder = Responder::Command(ctx);
    responder.defer().await?;
    let who = caller(ctx).await;
    let games = ctx.data().games.clone();
    let guild = ctx.guild_id().map(|g| g.get());
    let channel = channel.unwrap_or(ctx.channel_id()).get();
    let text = tokio::task::spawn_blocking(move || games.set_record_excluded(channel, guild, who, excluded))
        .await??;
    responder.say(&text).await
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::service::community::record::Ending;
    use crate::service::community::stats::summarise;

    fn entry(channel: u64, winner: Option<&str>, computer: bool) -> RecordEntry {
        let sides: BTreeMap<String, String> =
            ["rebel", "empire"].iter().map(|s| (s.to_string(), s.to_string())).collect();
        let mut players = BTreeMap::from([("rebel".to_string(), 1)]);
        if !computer {
            players.insert("empire".into(), 2);
        }
        RecordEntry {
            game: "rebellion".into(),
            variant: None,
            guild: Some(5),
            channel,
            players,
            computer: if computer { vec!["empire".into()] } else { vec![] },
            sides,
            winner: winner.map(str::to_string),
            ending: if winner.is_some() { Ending::Rules } else { Ending::Cancelled },
            created_at: 0,
            ended_at: 86_400 * channel,
            rounds: 8,
            excluded: false,
        }
    }

    #[test]
    fn the_stats_name_each_sides_wins_with_its_interval_and_the_computers_record() {
        let entries = [entry(1, Some("rebel"), true), entry(2, Some("empire"), false), entry(3, None, true)];
        let text = stats_text(&summarise(&entries, &[], Some(1)), None);
        assert!(text.contains("**Star Wars: Rebellion**: 3 ended, 0 being played"), "{text}");
        assert!(text.contains("• The Rebels won 1 of 2 (50%; 95% interval 9%–91%)"), "{text}");
        assert!(
            text.contains("lasted 8.0 rounds and 1.5 days on average (1 cancelled or ended early)"),
            "{text}"
        );
        assert!(
            text.contains("**<@1> by side**\n• Star Wars: Rebellion, as the Rebels: 3 played, 1 won, 1 lost")
        );
        assert!(
            text.contains(
                "**The computer by side**\n• Star Wars: Rebellion, as the Empire: 2 played, 0 won, 1 lost"
            ),
            "{text}"
        );
        assert!(text.chars().count() <= MAX_CONTENT);
        assert!(stats_chart(&summarise(&entries, &[], None)).is_some());
        assert!(stats_chart(&summarise(&[], &[], None)).is_none());
    }

    #[test]
    fn the_history_links_each_match_and_names_its_seats() {
        let text = history_text(&[entry(4, Some("empire"), true)], None);
        assert!(text.starts_with("**The last 1 match on this server**"), "{text}");
        assert!(
            text.contains(
                "Star Wars: Rebellion: **the Empire won** in round 8, after 4.0 days — empire the computer, rebel <@1> — https://discord.com/channels/5/4"
            ),
            "{text}"
        );
        assert_eq!(
            history_text(&[], Some(GameKind::Evr)),
            "No match of Star Wars: Empire vs. Rebellion has ended on this server yet."
        );
        let many: Vec<RecordEntry> = (1..=HISTORY_LEN as u64).map(|c| entry(c, None, false)).collect();
        assert!(history_text(&many, None).chars().count() <= MAX_CONTENT);
    }
}
