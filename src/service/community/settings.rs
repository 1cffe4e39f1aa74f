//! A player's notification settings (`/game notify`): how they hear that a decision became
//! theirs, whether a daily digest lists the matches waiting on them, and whether they are away
//! for a while. Kept per user in the store (`DocKind::Player`), shared by every match and game.

use serde::{Deserialize, Serialize};

use super::Community;
use crate::service::{ServiceError, duration_words};
use crate::store::{DocKind, HOUR, MatchStore, docs};

/// How a player hears that a decision became theirs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnNotice {
    /// A mention in the match's channel (as Discord notifies mentions).
    #[default]
    Ping,
    /// A direct message, and no mention in the channel.
    Dm,
    /// Neither: they check `/game mine` themselves (reminders still come).
    Off,
}

impl TurnNotice {
    /// The setting in words.
    pub fn words(self) -> &'static str {
        match self {
            TurnNotice::Ping => "a mention in the match's channel",
            TurnNotice::Dm => "a direct message",
            TurnNotice::Off => "nothing (you check `/game mine` yourself)",
        }
    }
}

/// Whether a player gets a daily list of the matches waiting on them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Digest {
    /// No digest.
    #[default]
    Off,
    /// One direct message a day, when something waits on them.
    Daily,
}

/// One day, in seconds.
pub const DAY: u64 = 24 * HOUR;

/// The longest a player may be away in one go (a year, like the reminder delays).
pub const MAX_AWAY: u64 = 365 * DAY;

/// A player's settings as stored.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerSettings {
    /// How they hear of a decision that became theirs.
    #[serde(default)]
    pub turn: TurnNotice,
    /// Their digest.
    #[serde(default)]
    pub digest: Digest,
    /// When the next digest is due (seconds since the Unix epoch), while the digest is on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_digest: Option<u64>,
    /// Until when they are away (no mentions, reminders held), if they said so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub away_until: Option<u64>,
}

impl PlayerSettings {
    /// Whether they are away at `now`.
    pub fn away(&self, now: u64) -> bool {
        self.away_until.is_some_and(|t| now < t)
    }
}

/// A change a player asks for with `/game notify` (each part optional).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NotifyChange {
    /// A new digest setting.
    pub digest: Option<Digest>,
    /// A new way to hear of their turn.
    pub turn: Option<TurnNotice>,
    /// "3d", "12h", "90m" (away that long from now) or "off" (back now).
    pub away: Option<String>,
}

/// The settings of `user` in `store` (the defaults when they set nothing). An unreadable record
/// reads as the defaults, logged: a damaged setting must not stop a match from announcing.
pub fn of(store: &dyn MatchStore, user: u64) -> PlayerSettings {
    docs::get(store, DocKind::Player, &user.to_string())
        .inspect_err(|e| tracing::warn!(user, "unreadable player settings: {e}"))
        .ok()
        .flatten()
        .unwrap_or_default()
}

/// Reads an away duration: a whole number of minutes, hours or days ("90m", "12h", "3d"), or
/// "off". `None` for "off".
pub fn parse_away(text: &str) -> Result<Option<u64>, ServiceError> {
    let t = text.trim().to_lowercase();
    if matches!(t.as_str(), "off" | "back" | "no" | "0") {
        return Ok(None);
    }
    let bad = || ServiceError::BadDuration(text.trim().chars().take(20).collect());
    let unit = match t.chars().last() {
        Some('m') => 60,
        Some('h') => HOUR,
        Some('d') => DAY,
        _ => return Err(bad()),
    };
    let n: u64 = t[..t.len() - 1].trim().parse().map_err(|_| bad())?;
    let secs = n.checked_mul(unit).filter(|s| *s > 0).ok_or_else(bad)?;
    if secs > MAX_AWAY {
        return Err(ServiceError::AwayTooLong);
    }
    Ok(Some(secs))
}

impl Community {
    /// A player's settings.
    pub fn settings(&self, user: u64) -> PlayerSettings {
        of(self.store(), user)
    }

    /// Applies a player's `/game notify` (nothing changes when any part is refused) and
    /// answers with their settings in words.
    pub fn notify(&self, user: u64, change: NotifyChange) -> Result<String, ServiceError> {
        let now = self.now();
        let mut s = self.settings(user);
        let away = change.away.as_deref().map(parse_away).transpose()?;
        if let Some(turn) = change.turn {
            s.turn = turn;
        }
        if let Some(digest) = change.digest {
            s.next_digest = (digest == Digest::Daily).then(|| s.next_digest.unwrap_or(now + DAY));
            s.digest = digest;
        }
        if let Some(away) = away {
            s.away_until = away.map(|secs| now + secs);
        }
        if s.away_until.is_some_and(|t| t <= now) {
            s.away_until = None;
        }
        let changed = change != NotifyChange::default();
        if changed {
            docs::put(self.store(), DocKind::Player, &user.to_string(), &s)?;
            self.store().flush()?;
        }
        Ok(settings_text(&s, now, changed))
    }

    /// The players whose digest is due at now, each moved on to its next day (persisted before
    /// it is returned: a restart never sends a day's digest twice).
    pub fn due_digests(&self) -> Vec<u64> {
        let now = self.now();
        let players = match self.store().docs(DocKind::Player) {
            Ok(p) => p,
            Err(e) => {
                tracing::warn!("cannot read player settings: {e}");
                return vec![];
            }
        };
        let mut due = vec![];
        for (key, bytes) in players {
            let Ok(user) = key.parse::<u64>() else { continue };
            let Ok(mut s) = serde_json::from_slice::<PlayerSettings>(&bytes) else { continue };
            let Some(next) = s.next_digest.filter(|t| *t <= now && s.digest == Digest::Daily) else {
                continue;
            };
            // A bot that was down for days sends one digest, and the next a day later.
            s.next_digest = Some(next.max(now.saturating_sub(DAY)) + DAY);
            if let Err(e) = docs::put(self.store(), DocKind::Player, &key, &s) {
                tracing::warn!(user, "cannot move a digest on: {e}");
                continue;
            }
            due.push(user);
        }
        if !due.is_empty()
            && let Err(e) = self.store().flush()
        {
            tracing::warn!("cannot record the digests: {e}");
            return vec![];
        }
        due
    }
}

/// A player's settings in words (`changed`: they just set them).
pub fn settings_text(s: &PlayerSettings, now: u64, changed: bool) -> String {
    let head = if changed { "Saved. Your notification settings:" } else { "Your notification settings:" };
    let digest = match s.digest {
        Digest::Off => "off".to_string(),
        Digest::Daily => match s.next_digest {
            Some(t) => format!("daily, next <t:{t}:R> (only when a match waits on you)"),
            None => "daily".into(),
        },
    };
    let away = match s.away_until.filter(|t| *t > now) {
        Some(t) => format!(
            "away until <t:{t}:f> (in {}): no mentions, reminders wait until you are back",
            duration_words(t - now)
        ),
        None => "not away".into(),
    };
    format!(
        "{head}\n• When a decision becomes yours: {}.\n• Daily digest: {digest}.\n• {}.\n\
         Change them with `/game notify turn:… digest:… away:…` (away takes 90m, 12h, 3d or off).",
        s.turn.words(),
        away[..1].to_uppercase() + &away[1..]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn away_durations_read_in_minutes_hours_and_days() {
        assert_eq!(parse_away("90m").unwrap(), Some(90 * 60));
        assert_eq!(parse_away(" 3D ").unwrap(), Some(3 * DAY));
        assert_eq!(parse_away("off").unwrap(), None);
        assert!(matches!(parse_away("3 weeks"), Err(ServiceError::BadDuration(_))));
        assert!(matches!(parse_away("0h"), Err(ServiceError::BadDuration(_))));
        assert!(matches!(parse_away("400d"), Err(ServiceError::AwayTooLong)));
    }
}
