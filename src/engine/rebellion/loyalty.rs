//! Gaining and losing loyalty, with the subjugation interplay and the fixed systems.

use super::ctx::Ctx;
use super::event::EventKind;
use crate::content::*;

/// Whether a system can ever gain or lose loyalty (not remote, destroyed or Coruscant).
pub fn can_change(ctx: &Ctx, sys: SystemId) -> bool {
    let d = catalog().system(sys);
    d.populous && !d.fixed_imperial && !ctx.s.sys(sys).destroyed
}

/// Gains `amount` (1 or 2) loyalty for `f` in a system.
pub fn gain(ctx: &mut Ctx, f: Faction, sys: SystemId, amount: u8) {
    if !can_change(ctx, sys) {
        return;
    }
    let st = ctx.s.sys_mut(sys);
    let before = (st.loyalty, st.subjugated);
    match st.loyalty {
        Some(x) if x == f => {}
        Some(_) => st.loyalty = if amount >= 2 { Some(f) } else { None },
        None => st.loyalty = Some(f),
    }
    // An Imperial loyalty marker is the other side of the subjugation marker.
    if st.loyalty == Some(Faction::Empire) {
        st.subjugated = false;
    }
    let after = (st.loyalty, st.subjugated);
    if before != after {
        ctx.public(EventKind::Loyalty { system: sys, loyalty: after.0 });
    }
}

/// Loses `f`'s loyalty in a system (nothing happens in a neutral system).
pub fn lose(ctx: &mut Ctx, f: Faction, sys: SystemId) {
    if !can_change(ctx, sys) {
        return;
    }
    if ctx.s.sys(sys).loyalty == Some(f) {
        ctx.s.sys_mut(sys).loyalty = None;
        ctx.public(EventKind::Loyalty { system: sys, loyalty: None });
    }
}
