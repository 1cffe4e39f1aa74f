//! Offline administration of the match store: export a match to the documented JSON file and
//! import one (backups, moving matches between bots, migrating off sled). Run these while the
//! bot is stopped: sled allows one process at a time.

use std::path::Path;
use std::sync::Arc;

use crate::games::rebellion::Rebellion;
use crate::service::{Caller, Service};
use crate::store::{MatchExport, MatchStore, SledStore};

/// The stored match of a channel as pretty JSON (any status, ended matches included).
pub fn export(data_dir: &Path, channel: u64) -> Result<Vec<u8>, String> {
    let store = SledStore::open(data_dir).map_err(|e| e.to_string())?;
    let stored = store
        .load(&channel.to_string())
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("no match is stored for channel {channel} in {}", data_dir.display()))?;
    MatchExport::of(&stored).to_json().map_err(|e| e.to_string())
}

/// Imports an exported match into a channel (of server `guild`, when given: see
/// `MatchExport::rehome`); refuses if that channel has a match that is not over, or if the
/// file's actions no longer replay. Returns a one-line summary.
pub fn import(data_dir: &Path, channel: u64, guild: Option<u64>, json: &[u8]) -> Result<String, String> {
    let json = match guild {
        Some(g) => MatchExport::rehome(json.to_vec(), Some(g)),
        None => json.to_vec(),
    };
    let store: Arc<dyn MatchStore> = Arc::new(SledStore::open(data_dir).map_err(|e| e.to_string())?);
    let service: Service<Rebellion> = Service::new(store);
    service.load_all().map_err(|e| e.to_string())?;
    let admin = Caller { user: 0, moderator: true };
    service.import(channel, admin, &json).map_err(|e| e.to_string())?;
    let status = service.status(channel, admin).map_err(|e| e.to_string())?;
    Ok(format!("imported into channel {channel}: {}", status.reply.lines().next().unwrap_or_default()))
}
