//! Offline administration of the match store: export a match to the documented JSON file and
//! import one (backups, moving matches between bots, migrating off sled), and rebuild the
//! server's record from the stored matches. Run these while the
//! bot is stopped: sled allows one process at a time.

use std::path::Path;
use std::sync::Arc;

use crate::games::evr::Evr;
use crate::games::game::Game;
use crate::games::rebellion::Rebellion;
use crate::service::{Caller, Service, stored_export};
use crate::store::{MatchExport, MatchStore, SledStore};

/// The stored match of a channel as pretty JSON (any status, ended matches included, those
/// with their result and final state as `/mod export` records them).
pub fn export(data_dir: &Path, channel: u64) -> Result<Vec<u8>, String> {
    let store = SledStore::open(data_dir).map_err(|e| e.to_string())?;
    let stored = store
        .load(&channel.to_string())
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("no match is stored for channel {channel} in {}", data_dir.display()))?;
    let export = match stored.meta.game.as_str() {
        Evr::ID => stored_export::<Evr>(&stored),
        _ => stored_export::<Rebellion>(&stored),
    };
    export.to_json().map_err(|e| e.to_string())
}

/// Imports an exported match into a channel (of server `guild`, when given: see
/// `MatchExport::rehome`), by the service of the file's game; refuses if that channel has a
/// match that is not over, or if the file's actions no longer replay. Returns a one-line
/// summary.
pub fn import(data_dir: &Path, channel: u64, guild: Option<u64>, json: &[u8]) -> Result<String, String> {
    let json = match guild {
        Some(g) => MatchExport::rehome(json.to_vec(), Some(g)),
        None => json.to_vec(),
    };
    let store: Arc<dyn MatchStore> = Arc::new(SledStore::open(data_dir).map_err(|e| e.to_string())?);
    // A file that does not read goes to Rebellion's service, whose refusal says why.
    let game = serde_json::from_slice::<MatchExport>(&json).map(|e| e.meta.game).unwrap_or_default();
    match game.as_str() {
        Evr::ID => import_as::<Evr>(store, channel, &json),
        _ => import_as::<Rebellion>(store, channel, &json),
    }
}

/// Rebuilds the server's record of a data directory from its stored matches (`holonet
/// reindex`; see `service::community::record::reindex`). Returns a summary, naming the matches
/// that could not be read.
pub fn reindex(data_dir: &Path) -> Result<String, String> {
    let store = SledStore::open(data_dir).map_err(|e| e.to_string())?;
    let r = crate::service::community::record::reindex(&store).map_err(|e| e.to_string())?;
    let mut out = format!(
        "rebuilt the record from the stored matches: {} entries written, {} kept (their matches are no longer \
         stored), {} removed",
        r.written, r.kept, r.removed
    );
    for (id, why) in &r.unreadable {
        out.push_str(&format!(
            "\nchannel {id} cannot be read ({why}); restore it with `holonet import` and run reindex again"
        ));
    }
    Ok(out)
}

fn import_as<G: Game>(store: Arc<dyn MatchStore>, channel: u64, json: &[u8]) -> Result<String, String> {
    let service: Service<G> = Service::new(store);
    service.load_all().map_err(|e| e.to_string())?;
    let admin = Caller { user: 0, moderator: true };
    service.import(channel, admin, json).map_err(|e| e.to_string())?;
    let status = service.status(channel, admin).map_err(|e| e.to_string())?;
    Ok(format!("imported into channel {channel}: {}", status.reply.lines().next().unwrap_or_default()))
}
