//! What Holonet needs to be allowed to do in a channel to host a match there, checked when a
//! match is opened so players learn it before the first move rather than from missing posts.

use poise::serenity_prelude::Permissions;

/// The permissions a match channel needs, with their names as Discord shows them. In a thread
/// "Send Messages in Threads" stands in for "Send Messages".
pub fn needed(thread: bool) -> Vec<(Permissions, &'static str)> {
    vec![
        (Permissions::VIEW_CHANNEL, "View Channel"),
        if thread {
            (Permissions::SEND_MESSAGES_IN_THREADS, "Send Messages in Threads")
        } else {
            (Permissions::SEND_MESSAGES, "Send Messages")
        },
        (Permissions::ATTACH_FILES, "Attach Files"),
    ]
}

/// The names of the needed permissions that `granted` lacks.
pub fn missing(granted: Permissions, thread: bool) -> Vec<&'static str> {
    if granted.administrator() {
        return vec![];
    }
    needed(thread).into_iter().filter(|(p, _)| !granted.contains(*p)).map(|(_, name)| name).collect()
}

/// The sentence refusing a match in a channel where Holonet lacks permissions.
pub fn refusal(missing: &[&str]) -> String {
    format!(
        "Holonet cannot host a match in this channel: it needs the {} permission{} here. Ask a \
         server admin to grant {} to Holonet's role in this channel, then try again.",
        missing.join(", "),
        if missing.len() > 1 { "s" } else { "" },
        if missing.len() > 1 { "them" } else { "it" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_permissions_are_named() {
        let all = Permissions::VIEW_CHANNEL | Permissions::SEND_MESSAGES | Permissions::ATTACH_FILES;
        assert!(missing(all, false).is_empty());
        assert_eq!(missing(all, true), ["Send Messages in Threads"], "threads need their own permission");
        assert_eq!(missing(Permissions::VIEW_CHANNEL | Permissions::SEND_MESSAGES, false), ["Attach Files"]);
        assert_eq!(missing(Permissions::empty(), false), ["View Channel", "Send Messages", "Attach Files"]);
        assert!(missing(Permissions::ADMINISTRATOR, true).is_empty());
        let text = refusal(&["Attach Files"]);
        assert!(
            text.contains("needs the Attach Files permission here") && text.contains("grant it"),
            "{text}"
        );
        assert!(refusal(&["Send Messages", "Attach Files"]).contains("permissions here"));
    }
}
