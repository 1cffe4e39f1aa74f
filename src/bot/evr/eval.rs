//! The evaluation of an Empire vs. Rebellion position: the Rebels' chance of winning the match,
//! from the public facts of a world only (victory points, the event at stake and the totals in
//! play, influence, the balance token, strategies left).
//!
//! The first to seven victory points wins, and points come only from events. So the score is
//! the lead in points the sides can expect once this round's event is settled: each side's
//! points, plus the event's points times the chance of taking it on the totals now. A lead
//! counts more the closer the leader is to seven. Influence (it readies cards for their powers)
//! and the balance token (it wins ties) are small terms.

use crate::content::Faction;
use crate::content::evr::catalog;
use crate::engine::evr::dominance::{final_total, victor};
use crate::engine::evr::state::{EvrState, Phase};

/// How much one influence token is worth, in victory points.
const INFLUENCE: f64 = 0.25;
/// How much the balance token is worth, in victory points.
const BALANCE: f64 = 0.2;
/// How much a strategy card still to choose from is worth, in victory points.
const STRATEGY: f64 = 0.05;
/// The logistic's temperature, in victory points: a side two points up is well ahead, not sure.
const TEMPERATURE: f64 = 1.6;

/// The Rebels' chance of winning from `s` (0..1).
pub fn rebel_value(s: &EvrState) -> f64 {
    if let Some(w) = s.winner {
        return if w == Faction::Rebel { 1.0 } else { 0.0 };
    }
    let c = catalog();
    let goal = c.victory_points_to_win as f64;
    let mut points = [Faction::Rebel, Faction::Empire].map(|f| s.sides.get(f).victory_points() as f64);
    // This round's event, if it is still to be won.
    let open = !matches!(s.phase, Phase::Over) && s.effects.winner.is_none();
    if let Some(e) = s.event.filter(|_| open) {
        let vp = c.event(e).victory_points as f64;
        let (rebel, empire) = event_chances(s);
        points[0] += vp * rebel;
        points[1] += vp * empire;
    }
    let side = |f: Faction| {
        let st = s.sides.get(f);
        INFLUENCE * (st.influence as f64).min(6.0) + STRATEGY * st.unused.len() as f64
    };
    let lead = points[0] - points[1];
    // A lead near the end is worth more: one point at 6–5 is nearly the game.
    let urgency = 1.0 + points[0].max(points[1]) / goal;
    let balance = if s.balance == Faction::Rebel { BALANCE } else { -BALANCE };
    let score = lead * urgency + side(Faction::Rebel) - side(Faction::Empire) + balance;
    1.0 / (1.0 + (-score / TEMPERATURE).exp())
}

/// Each side's chance of taking this round's event, from the totals in play (with the bonuses
/// already resolved): the one who would take it now is favoured, the more the further ahead; a
/// side over the objective value can still get back under it (powers discard cards).
fn event_chances(s: &EvrState) -> (f64, f64) {
    let c = catalog();
    let Some(e) = s.event else { return (0.0, 0.0) };
    let objective = c.event(e).objective_value as i64;
    let total = |f: Faction| final_total(s, f);
    // Settled: the struggle is over and the strategies are being resolved.
    let settled = matches!(s.phase, Phase::Dominance { .. });
    let Some(w) = victor(total, objective, s.balance, s.effects.flip) else {
        // Both over: nobody takes it, unless a power brings one back.
        return if settled { (0.0, 0.0) } else { (0.1, 0.1) };
    };
    let other = w.opponent();
    let over = total(other) > objective;
    let sure = if settled {
        0.97
    } else if over {
        0.85
    } else {
        let margin = (total(w) - total(other)) as f64;
        0.5 + 0.35 * ((margin + 0.5) / 3.0).tanh()
    };
    if w == Faction::Rebel { (sure, 1.0 - sure) } else { (1.0 - sure, sure) }
}

/// The value of `s` for `seat`.
pub fn value(s: &EvrState, seat: Faction) -> f64 {
    let r = rebel_value(s);
    if seat == Faction::Rebel { r } else { 1.0 - r }
}
