//! The few leaders and units the rules name, and other facts of the catalog, found once: the
//! engine asks about them at every step (which leaders an action card shows, where a Death Star
//! may deploy, which systems may be subjugated), and looking them up there cost more than the
//! rest of those checks.

use std::sync::OnceLock;

use crate::content::*;

/// The catalog ids of the leaders and units the rules name (each `None` if the catalog lacks it).
#[derive(Clone, Debug)]
pub struct Named {
    /// Luke Skywalker.
    pub luke: Option<LeaderId>,
    /// Luke Skywalker (Jedi), who counts as Luke Skywalker on action cards.
    pub luke_jedi: Option<LeaderId>,
    /// The Death Star.
    pub death_star: Option<UnitId>,
    /// The Death Star Under Construction.
    pub death_star_under_construction: Option<UnitId>,
    /// Whether each system is populous, indexed by `SystemId` (a list of flags is cheaper to
    /// walk than the systems' whole definitions).
    pub populous: Vec<bool>,
}

static NAMED: OnceLock<Named> = OnceLock::new();

/// The named ids of the catalog (worked out on first use; the catalog never changes).
pub fn named() -> &'static Named {
    NAMED.get_or_init(|| {
        let c = catalog();
        Named {
            luke: c.leader_by_key("luke_skywalker"),
            luke_jedi: c.leader_by_key("luke_skywalker_jedi"),
            death_star: c.unit_by_key("death_star"),
            death_star_under_construction: c.unit_by_key("death_star_under_construction"),
            populous: c.systems.iter().map(|x| x.populous).collect(),
        }
    })
}
