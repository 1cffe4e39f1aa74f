//! Text for Discord messages: splitting to Discord's length limit, code blocks, and the fixed
//! sentences the bot posts. Nothing here talks to Discord.

use crate::service::menu::Node;
use crate::service::{Outcome, PromptPost};

/// Discord's limit on a message's content, in characters.
pub const MAX_CONTENT: usize = 2000;

/// Splits text into pieces of at most `max` characters, at line ends where possible.
pub fn chunks(text: &str, max: usize) -> Vec<String> {
    let mut out = vec![];
    let mut cur = String::new();
    for line in text.lines() {
        let mut line = line.to_string();
        while line.chars().count() > max {
            let head: String = line.chars().take(max).collect();
            line = line.chars().skip(max).collect();
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            out.push(head);
        }
        if cur.chars().count() + line.chars().count() + 1 > max && !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        if !cur.is_empty() {
            cur.push('\n');
        }
        cur.push_str(&line);
    }
    if !cur.trim().is_empty() {
        out.push(cur);
    }
    out
}

/// Text as one or more code blocks, each within Discord's limit.
pub fn code_blocks(text: &str) -> Vec<String> {
    chunks(&text.replace("```", "'''"), MAX_CONTENT - 8)
        .into_iter()
        .map(|c| format!("```\n{c}\n```"))
        .collect()
}

/// Cuts text to at most `max` characters (adding an ellipsis when cut).
pub fn truncate(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut s: String = text.chars().take(max.saturating_sub(1)).collect();
        s.push('…');
        s
    }
}

/// A label cut to `max` characters for a button or menu: at the last word boundary that keeps
/// most of it (so no name is cut mid-word), marked with "…". Labels already shortened to
/// Discord's 100 characters by the game pass through a menu unchanged; only buttons (80) and
/// placeholders cut them again.
pub fn shorten(label: &str, max: usize) -> String {
    if label.chars().count() <= max {
        return label.to_string();
    }
    let head: String = label.chars().take(max.saturating_sub(1)).collect();
    let cut = match head.rfind([' ', ',']) {
        Some(i) if head[..i].chars().count() >= max / 2 => &head[..i],
        _ => head.as_str(),
    };
    format!("{}…", cut.trim_end_matches([' ', ',']))
}

/// A game id (`han_solo`) in words (`han solo`), for autocomplete labels.
pub fn pretty(id: &str) -> String {
    id.replace('_', " ")
}

/// The answer to a click on a menu (or a typed number) that names other options than the
/// pending prompt's; the current options follow it.
pub const OUT_OF_DATE: &str = "That menu is out of date";

/// The same for `/play choose N` when the caller's last list of options is not the pending one.
pub const NUMBER_OUT_OF_DATE: &str = "That number is not from your current list of options";

/// The channel notice, once per match, for a player whose DMs are closed; it carries no
/// content.
pub fn dm_closed(user: u64) -> String {
    format!(
        "<@{user}>, I can't send you direct messages (your DMs are closed to me), so your secrets \
         won't arrive by DM in this match. Use `/rebellion hand` to see them."
    )
}

/// Added to a post whose image could not be attached.
pub const IMAGE_MISSING: &str =
    "(The image could not be attached here: Holonet needs the Attach Files permission in this channel.)";

/// The public channel line announcing a pending decision (mentions the decider once). A public
/// prompt's options follow as buttons only the decider may use.
pub fn prompt_announcement(p: &PromptPost) -> String {
    // A teammate who may answer as well (the team game) is named after the decider.
    let also: String =
        p.also.iter().filter_map(|(seat, u)| u.map(|u| format!(" or <@{u}> ({seat})"))).collect();
    // The team game: why these players are asked ("the Rebel Admiral fights the space battle").
    let why = if p.why.is_empty() { String::new() } else { format!(" ({})", p.why) };
    let head = match p.user {
        _ if p.computer => format!("The computer is thinking as the {} player: {}{why}.", p.seat, p.kind),
        Some(u) if p.public => {
            format!(
                "<@{u}> — the {} player{also} decides: {}{why}. Only they can pick below.",
                p.seat, p.kind
            )
        }
        Some(u) => format!("<@{u}> — the {} player{also} decides: {}{why}.", p.seat, p.kind),
        None => format!("The {} seat is empty; a moderator can fill it with `/mod replace`.", p.seat),
    };
    // Whoever decides, the channel can see which seats the computer plays.
    let head = match p.computer_seats.as_slice() {
        [] => head,
        [only] if p.computer && *only == p.seat => head,
        seats => format!("{head} (The computer plays the {} seat.)", seats.join(" and ")),
    };
    // A decider who said they are away: the others know why nothing moves.
    p.away.iter().fold(head, |s, (u, until)| format!("{s}\n<@{u}> is away until <t:{until}:f>."))
}

/// The direct message that tells a player (`/game notify turn:dm`) a decision became theirs.
pub fn turn_dm(p: &PromptPost, channel: u64) -> String {
    format!("A decision is yours in <#{channel}>: {} (as the {} player).", p.kind, p.seat)
}

/// The live message of a match: the pending decision (mentioning the decider) and, under it,
/// what happened since the last board, newest last.
pub fn live_text(p: &PromptPost, recent: &[String]) -> String {
    let mut head = prompt_announcement(p);
    // The commitment to the seed, short: `/rebellion status` and the reveal show all of it.
    if !p.commitment.is_empty() {
        head.push_str(&format!("\n-# Dice commitment `{}…`", crate::trust::dice::short(&p.commitment)));
    }
    // The oldest lines give way when they do not all fit.
    for skip in 0..recent.len() {
        let s = format!("{head}\n>>> {}", recent[skip..].join("\n"));
        if s.chars().count() <= MAX_CONTENT {
            return s;
        }
    }
    truncate(&head, MAX_CONTENT)
}

/// The private text shown with a prompt's option menus to `user`, who answers it (as the
/// decider, or as a teammate the prompt names too): the seat they answer as.
pub fn options_intro(p: &PromptPost, user: u64) -> String {
    let seats = p.seats_of(user);
    let seat = if seats.is_empty() { p.seat.clone() } else { seats.join(" and ") };
    let mut s = format!("Your decision ({seat}): {}. Pick one option.", p.kind);
    for c in &p.context {
        s.push('\n');
        s.push_str(c);
    }
    truncate(&s, MAX_CONTENT)
}

/// The private text above one narrowed menu: the decision, its context, and what was picked so
/// far ("Build Alliance › choose 1 or 2").
pub fn node_text(p: &PromptPost, user: u64, node: &Node) -> String {
    let mut s = options_intro(p, user);
    if !node.trail.is_empty() || node.multi.is_some() {
        s.push_str("\n**");
        s.push_str(&node.trail.join(" › "));
        s.push_str("**");
        if let Some(m) = &node.multi {
            s.push_str(&format!(" — pick 1 to {} together", m.max));
        }
    }
    truncate(&s, MAX_CONTENT)
}

/// The decider's private answer once their pick is applied: what they did.
pub fn done_text(label: &str, outcome: &Outcome) -> String {
    if outcome.reply_public || label.is_empty() {
        return if outcome.reply_public {
            "Done — posted in the channel.".into()
        } else {
            outcome.reply.clone()
        };
    }
    format!("✅ {label}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_respect_the_limit() {
        let text = (0..500).map(|i| format!("line {i}")).collect::<Vec<_>>().join("\n");
        let parts = chunks(&text, 100);
        assert!(parts.iter().all(|p| p.chars().count() <= 100));
        assert_eq!(parts.join("\n"), text);
        let long = "x".repeat(250);
        let parts = chunks(&long, 100);
        assert_eq!(parts.len(), 3);
        assert!(code_blocks(&text).iter().all(|b| b.chars().count() <= MAX_CONTENT && b.starts_with("```")));
    }

    #[test]
    fn truncate_and_pretty() {
        assert_eq!(truncate("abcdef", 4), "abc…");
        assert_eq!(truncate("ab", 4), "ab");
        assert_eq!(pretty("han_solo"), "han solo");
        let long = "Move 2 Super Star Destroyers, 3 Assault Carriers from Cato Neimoidia to Mon Calamari";
        let short = shorten(long, 80);
        assert!(short.chars().count() <= 80, "{short}");
        assert_eq!(short, "Move 2 Super Star Destroyers, 3 Assault Carriers from Cato Neimoidia to Mon…");
        assert_eq!(shorten("Oppose with Darth Vader", 80), "Oppose with Darth Vader");
        assert_eq!(shorten(&"x".repeat(90), 80).chars().count(), 80, "no word boundary: a plain cut");
    }
}
