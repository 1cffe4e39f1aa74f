//! Combat objectives: battles won, units destroyed, and the Death Star Plans.

use super::attack::destroy;
use super::{Combat, Effect};
use crate::content::*;
use crate::engine::rebellion::action::Action;
use crate::engine::rebellion::asking;
use crate::engine::rebellion::cards::{self, requirements};
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::frame::{Decision, Frame, PromptKind};
use crate::engine::rebellion::state::State;

/// Records every battle won so far: the opponent had units of the theater when the combat
/// began and has none left, while the winner still has some.
pub(super) fn update_wins(_s: &State, c: &mut Combat) {
    for f in Faction::BOTH {
        for t in [Theater::Space, Theater::Ground] {
            let o = f.opponent();
            if c.started_in.get(o).contains(&t) && !c.has(o, t) && c.has(f, t) && !c.won.get(f).contains(&t) {
                c.won.get_mut(f).push(t);
            }
        }
    }
}

/// Whether a combat objective's declared requirements hold in this combat.
fn fulfilled(s: &State, c: &Combat, o: ObjectiveId) -> bool {
    requirements::all_hold(s, Some(c), &cards::objective_behavior(o).requires)
}

/// Whether an objective is a Death Star Plans card (it has its own window).
fn is_plans(o: ObjectiveId) -> bool {
    cards::objective_behavior(o).death_star_plans
}

/// Whether a combat objective fits this moment of the combat (the Death Star Plans have their
/// own window).
fn fits_now(s: &State, c: &Combat, o: ObjectiveId) -> bool {
    catalog().objective(o).timing == ObjectiveTiming::Combat && !is_plans(o) && fulfilled(s, c, o)
}

/// Whether the Rebels get the objective window now: none was played in this combat, and an
/// objective they could hold would be fulfilled (`asking.rs`: not whether they hold one).
pub(super) fn window_open(s: &State, c: &Combat) -> bool {
    !c.objective_played && asking::objective_window(s, |o| fits_now(s, c, o))
}

/// The combat objectives in the Rebel hand that could be played right now (the Death Star
/// Plans have their own window and are not listed).
pub fn playable_objectives(s: &State, c: &Combat) -> Vec<ObjectiveId> {
    if c.objective_played {
        return Vec::new();
    }
    let mut out = Vec::new();
    for &o in &s.hands.rebel.objectives {
        if !out.contains(&o) && fits_now(s, c, o) {
            out.push(o);
        }
    }
    out
}

fn score(ctx: &mut Ctx, c: &mut Combat, card: ObjectiveId) {
    c.objective_played = true;
    c.offer_objectives = false;
    crate::engine::rebellion::objectives::score(ctx, card);
}

/// Plays a combat objective (its requirement was checked by the decision); returns the run of
/// what the card does once scored, in the combat's system (Seize Control), if anything.
pub(super) fn play(ctx: &mut Ctx, c: &mut Combat, card: ObjectiveId) -> Option<Frame> {
    score(ctx, c, card);
    jedi(ctx, c, card);
    crate::engine::rebellion::objectives::after_score(card, Some(c.place))
}

/// Return of the Jedi: Luke Skywalker (Jedi) in the combat eliminates an Imperial leader there.
fn jedi(ctx: &mut Ctx, c: &mut Combat, card: ObjectiveId) {
    if cards::objective_behavior(card).jedi_eliminates {
        let jedi =
            ctx.s.active_leaders(c.place, Faction::Rebel).iter().any(|l| l.key() == "luke_skywalker_jedi");
        let imperial = ctx.s.zone(c.place).leaders.empire.clone();
        if jedi {
            match imperial.len() {
                0 => {}
                1 => eliminate(ctx, c, imperial[0]),
                _ => c.effect = Some(Effect::Eliminate { leaders: imperial }),
            }
        }
    }
}

/// Eliminates an Imperial leader standing in the combat's system.
pub(super) fn eliminate(ctx: &mut Ctx, c: &Combat, l: LeaderId) {
    ctx.s.zone_mut(c.place).leaders.empire.retain(|x| *x != l);
    ctx.s.eliminated.push(l);
    ctx.public(EventKind::LeaderChange { leader: l, what: "is eliminated".into() });
}

/// Whether the Death Star Plans could be revealed in this combat now, as far as public facts
/// tell: not yet used or outdone by another objective, the station and a Rebel fighter here.
fn plans_moment(c: &Combat) -> bool {
    let station = c.has_key(Faction::Empire, "death_star")
        || c.has_key(Faction::Empire, "death_star_under_construction");
    let fighter = c
        .units
        .iter()
        .any(|u| u.faction == Faction::Rebel && catalog().unit(u.unit).class == UnitClass::Fighter);
    // A Shield Bunker makes the station immune to the Plans (Rise of the Empire).
    !c.plans_used && !c.objective_played && station && fighter && !c.bunker()
}

/// Whether a target marker on the board forbids the Plans (Rise of the Empire: Secure the
/// Plans); the markers are public, so the window may depend on it.
fn plans_forbidden(s: &State) -> bool {
    crate::engine::rebellion::rise_of_the_empire::targets::forbids(
        s,
        crate::engine::rebellion::rise_of_the_empire::targets::TargetRule::ForbidDeathStarPlans,
    )
}

/// The Death Star Plans cards the Rebels could reveal now.
fn plans_playable(s: &State, c: &Combat) -> Vec<ObjectiveId> {
    if !plans_moment(c) || plans_forbidden(s) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for &o in &s.hands.rebel.objectives {
        if is_plans(o) && !out.contains(&o) {
            out.push(o);
        }
    }
    out
}

/// The Death Star Plans window after the space battle step: opened when the Rebels could hold
/// the Plans (not whether they do: `asking.rs`).
pub(super) fn plans_decision(s: &State, c: &Combat) -> Option<Decision> {
    if !plans_moment(c) || plans_forbidden(s) || !asking::objective_window(s, is_plans) {
        return None;
    }
    let mut actions: Vec<Action> =
        plans_playable(s, c).into_iter().map(|card| Action::PlayObjective { card }).collect();
    // One in a Million may set the Plans dice before they are rolled.
    if !c.mods.set_faces.iter().any(|x| x.0 == Faction::Rebel) {
        actions.extend(
            super::rings::dice_cards(s, c, Faction::Rebel)
                .into_iter()
                .map(|card| Action::PlayAction { card }),
        );
    }
    actions.push(Action::Done);
    let mut d = Decision::new(Faction::Rebel, PromptKind::Objective, actions).always_asked(true);
    // Worded without the card's name: the window opens whether or not the Rebels hold it.
    d.context.push("a battle station and a Rebel fighter are here: an objective may attack the station now (3 dice; a direct hit destroys it)".into());
    Some(d)
}

/// Reveals the Death Star Plans (three dice; any direct hit destroys the station and scores
/// the card, otherwise the card stays in hand), or declines.
pub(super) fn plans_act(ctx: &mut Ctx, c: &mut Combat, a: Action) {
    if let Action::PlayObjective { card } = a {
        c.plans_used = true;
        ctx.public(EventKind::CardPlayed {
            faction: Faction::Rebel,
            deck: "objective".into(),
            card: card.key().into(),
        });
        // Faces set by One in a Million count among the three dice.
        let mut faces: Vec<DieFace> =
            c.mods.set_faces.iter().filter(|x| x.0 == Faction::Rebel).map(|x| x.2).take(3).collect();
        c.mods.set_faces.retain(|x| x.0 != Faction::Rebel);
        let rolled = ctx.roll(Faction::Rebel, 3 - faces.len());
        faces.extend(rolled);
        let success = faces.contains(&DieFace::DirectHit);
        ctx.public(EventKind::DiceRolled {
            faction: Faction::Rebel,
            purpose: "the Death Star Plans".into(),
            faces,
        });
        if success {
            let target = c
                .units
                .iter()
                .position(|u| u.faction == Faction::Empire && u.unit.key() == "death_star")
                .or_else(|| {
                    c.units.iter().position(|u| {
                        u.faction == Faction::Empire && u.unit.key() == "death_star_under_construction"
                    })
                });
            if let Some(i) = target {
                destroy(ctx, c, i);
            }
            score(ctx, c, card);
            update_wins(ctx.s, c);
        } else {
            ctx.note("The Death Star Plans fail; the card returns to the Rebel hand");
        }
        return;
    }
    c.step = super::Step::Battle { theater: Theater::Ground };
}
