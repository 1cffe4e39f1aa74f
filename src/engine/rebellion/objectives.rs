//! Objective cards played at the start of the Refresh Phase, and scoring any objective.
//! (Combat objectives are checked by the combat module, which scores through `score`.)

use super::event::EventKind;
use super::flow::Ctx;
use super::state::{Place, State};
use super::victory;
use crate::content::*;

/// Whether a start-of-refresh objective's requirement holds now.
pub fn refresh_fulfilled(s: &State, o: ObjectiveId) -> bool {
    let c = catalog();
    let rebel_in = |sys: SystemId| s.has_units(Place::System(sys), Faction::Rebel);
    let count = |pred: &dyn Fn(SystemId) -> bool| SystemId::all().filter(|&x| pred(x)).count();
    match c.objective(o).id.as_str() {
        "cut_supply_lines" => count(&|x| s.is_imperial_system(x) && (s.sys(x).sabotaged || rebel_in(x))) >= 3,
        "defend_the_people" => count(&|x| s.is_rebel_system(x) && rebel_in(x)) >= 4,
        "regional_support" => (0..c.regions.len()).any(|r| {
            let populous: Vec<SystemId> = SystemId::all()
                .filter(|&x| c.system(x).region.0 as usize == r)
                .filter(|&x| c.system(x).populous && !s.sys(x).destroyed)
                .collect();
            !populous.is_empty() && populous.iter().all(|&x| s.sys(x).loyalty == Some(Faction::Rebel))
        }),
        "heart_of_the_empire" => SystemId::all().any(|x| {
            c.system(x).fixed_imperial && rebel_in(x) && !s.has_units(Place::System(x), Faction::Empire)
        }),
        "leave_no_one_behind" => s.captured.is_empty(),
        "popular_support" => count(&|x| s.sys(x).loyalty == Some(Faction::Rebel)) >= 6,
        "establish_outposts" => count(&|x| rebel_in(x)) >= 5,
        "inspire_sympathy" => true,
        _ => false,
    }
}

/// The reputation an objective is worth now.
pub fn reputation(s: &State, o: ObjectiveId) -> u8 {
    match catalog().objective(o).reputation {
        Some(r) => r,
        None => s.systems.iter().filter(|x| x.destroyed).count() as u8,
    }
}

/// Start-of-refresh objectives in the Rebel hand that can be played now.
pub fn playable_at_refresh(s: &State) -> Vec<ObjectiveId> {
    let mut out: Vec<ObjectiveId> = vec![];
    for &o in &s.hands.rebel.objectives {
        if catalog().objective(o).timing == ObjectiveTiming::StartOfRefresh
            && refresh_fulfilled(s, o)
            && !out.contains(&o)
        {
            out.push(o);
        }
    }
    out
}

/// Scores an objective from the Rebel hand: reputation, then the card leaves the game
/// (Heart of the Empire goes back to hand instead).
pub fn score(ctx: &mut Ctx, o: ObjectiveId) {
    let hand = &mut ctx.s.hands.rebel.objectives;
    if let Some(i) = hand.iter().position(|&x| x == o) {
        hand.remove(i);
    }
    ctx.public(EventKind::CardPlayed {
        faction: Faction::Rebel,
        deck: "objective".into(),
        card: o.to_string(),
    });
    let rep = reputation(ctx.s, o);
    if catalog().objective(o).id == "heart_of_the_empire" {
        ctx.s.hands.rebel.objectives.push(o);
    }
    victory::gain_reputation(ctx, rep);
}
