//! A server's own settings, one document per server (`DocKind::Server`, key: the guild id):
//! how long a lobby stays open. Fields other features add to the same document are kept as
//! they are when this one is written.

use serde::{Deserialize, Serialize};

use super::Community;
use super::lobby::LobbyError;
use crate::service::Caller;
use crate::store::docs::{self, DocKind};

/// How long a lobby stays open when a server's moderators have not said, in hours.
pub const DEFAULT_LOBBY_HOURS: u64 = 48;
/// The longest a moderator may keep lobbies open, in hours (thirty days).
pub const MAX_LOBBY_HOURS: u64 = 30 * 24;

/// A server's settings document.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ServerSettings {
    /// How long a lobby opened on this server stays open, in hours (`None`: the default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lobby_hours: Option<u64>,
    /// Whatever else the document holds (other features' settings), kept unchanged.
    #[serde(flatten)]
    pub other: serde_json::Map<String, serde_json::Value>,
}

impl Community {
    /// A server's settings (the defaults when it has none).
    pub fn server_settings(&self, guild: u64) -> Result<ServerSettings, LobbyError> {
        Ok(docs::get(self.store(), DocKind::Server, &guild.to_string())?.unwrap_or_default())
    }

    /// How long a lobby opened now on a server stays open, in hours.
    pub fn lobby_hours(&self, guild: u64) -> Result<u64, LobbyError> {
        Ok(self.server_settings(guild)?.lobby_hours.unwrap_or(DEFAULT_LOBBY_HOURS))
    }

    /// A moderator sets how long the server's lobbies stay open (lobbies opened from now on),
    /// in hours from 1 to [`MAX_LOBBY_HOURS`]. Flushed before it returns.
    pub fn set_lobby_hours(&self, guild: u64, caller: Caller, hours: u64) -> Result<(), LobbyError> {
        if !caller.moderator {
            return Err(LobbyError::NotModerator);
        }
        if !(1..=MAX_LOBBY_HOURS).contains(&hours) {
            return Err(LobbyError::Expiry(hours));
        }
        let mut settings = self.server_settings(guild)?;
        settings.lobby_hours = Some(hours);
        docs::put(self.store(), DocKind::Server, &guild.to_string(), &settings)?;
        self.store().flush()?;
        Ok(())
    }
}
