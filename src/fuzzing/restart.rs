//! The end-of-script check: a service restarted from the same store agrees with the running one.

use std::sync::atomic::Ordering;

use super::{CHANNELS, Fuzz, NOBODY, Violation};
use crate::engine::rebellion::State;
use crate::games::rebellion::Rebellion;
use crate::service::Service;

impl Fuzz<'_> {
    /// Restarts a service from the same store: it must load every match and agree with the
    /// running one about those that have not ended.
    pub(super) fn check_restart(&mut self) -> Result<(), Violation> {
        let ticks = self.ticks.clone();
        let restarted = Service::<Rebellion>::with_clock(
            self.store.clone(),
            Box::new(move || ticks.fetch_add(1, Ordering::Relaxed)),
        )
        .allow_hot_seat(self.hot_seat);
        if let Err(e) = restarted.load_all() {
            return Err(Violation::Restart { channel: 0, detail: format!("load_all failed: {e}") });
        }
        // A start reads metadata only; the check replays every match, as the bot does.
        restarted.check_all();
        if let Some((channel, why)) = restarted.damaged().into_iter().next() {
            return Err(Violation::Restart {
                channel,
                detail: format!("the stored match is damaged: {why}"),
            });
        }
        for ch in CHANNELS {
            let Ok(status) = self.service.status(ch, NOBODY) else { continue };
            if status.reply.contains("The match is over.") {
                continue;
            }
            // The prompt follows from the state and the stored metadata (nonce, seats): the
            // status (stage, seats) and the state are compared, not the slower prompt.
            let status =
                |s: &Service<Rebellion>| s.status(ch, NOBODY).map(|o| o.reply).map_err(|e| e.to_string());
            let (a, b) = (status(&self.service), status(&restarted));
            if a != b {
                return Err(Violation::Restart { channel: ch, detail: format!("status {a:?} != {b:?}") });
            }
            let (a, b) = (self.service.state(ch).ok().flatten(), restarted.state(ch).ok().flatten());
            if a != b {
                let v = |s: &Option<State>| s.as_ref().map(|s| s.version);
                let detail = format!("the state differs (versions {:?} and {:?})", v(&a), v(&b));
                return Err(Violation::Restart { channel: ch, detail });
            }
        }
        Ok(())
    }
}
