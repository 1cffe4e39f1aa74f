//! Rise of the Empire's setup choices (its Learn to Play setup): each side's secret choice of
//! mission set, the starting-unit list both sides must agree on, and — with the expansion's
//! list — the remote system where the Death Star Under Construction starts.
//!
//! The base setup (`phases/setup.rs`) calls in here only when the match has the expansion; a base
//! match never reaches these steps, so its setup, events and random draws are unchanged.

use crate::content::*;
use crate::engine::rebellion::action::{Action, Pick};
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::event::{EventKind, set_label};
use crate::engine::rebellion::frame::{Decision, Frame, Frames, PromptKind};
use crate::engine::rebellion::phases::setup::{self, SetupStep};
use crate::engine::rebellion::state::*;

/// The set a `mode N` answer picks: 1 the base set, 2 the expansion's.
fn set_of(n: u8) -> Option<MissionSet> {
    match n {
        1 => Some(MissionSet::Base),
        2 => Some(MissionSet::Vader),
        _ => None,
    }
}

/// The first expansion setup step: the Empire's secret mission-set pick.
pub fn first_step() -> Frame {
    Frame::Setup(SetupStep::MissionSets { empire: None })
}

/// The decision of an expansion setup step (`None` for base steps).
pub fn decision(s: &State, step: &SetupStep) -> Option<Decision> {
    let modes = |n: u8| (1..=n).map(|n| Action::Mode { n }).collect::<Vec<_>>();
    match step {
        // Who picks next follows from whether the Empire has picked (public); what it picked
        // is not in the decision.
        SetupStep::MissionSets { empire: None } => {
            Some(Decision::new(Faction::Empire, PromptKind::ChooseMissionSet, modes(2)))
        }
        SetupStep::MissionSets { empire: Some(_) } => {
            Some(Decision::new(Faction::Rebel, PromptKind::ChooseMissionSet, modes(2)))
        }
        SetupStep::OfferUnits => {
            Some(Decision::new(Faction::Empire, PromptKind::ChooseStartingUnits, modes(2)))
        }
        SetupStep::AcceptUnits => {
            Some(Decision::new(Faction::Rebel, PromptKind::ChooseStartingUnits, modes(2)))
        }
        SetupStep::RemoteSystem => {
            let actions = remote_systems(s).map(|system| Action::Pick(Pick::System { system })).collect();
            Some(Decision::new(Faction::Empire, PromptKind::PlaceStartingUnits, actions))
        }
        _ => None,
    }
}

/// Remote systems, where the Death Star Under Construction may start.
fn remote_systems(s: &State) -> impl Iterator<Item = SystemId> + '_ {
    SystemId::all().filter(|&x| !catalog().system(x).populous && !s.sys(x).destroyed)
}

/// Applies an answer to an expansion setup step (one its decision offered: `apply` checks).
pub fn act(ctx: &mut Ctx, step: SetupStep, a: &Action) -> Frames {
    match (step, a) {
        (SetupStep::MissionSets { empire: None }, Action::Mode { n }) => {
            let set = set_of(*n).expect("offered");
            ctx.private(
                Faction::Empire,
                EventKind::Note {
                    text: format!("You chose {} (secret until the Rebels choose)", set_label(set)),
                },
            );
            ctx.note("The Empire has chosen its mission set in secret");
            vec![Frame::Setup(SetupStep::MissionSets { empire: Some(set) })]
        }
        (SetupStep::MissionSets { empire: Some(empire) }, Action::Mode { n }) => {
            let rebel = set_of(*n).expect("offered");
            for (f, set) in [(Faction::Empire, empire), (Faction::Rebel, rebel)] {
                ctx.public(EventKind::MissionSetRevealed { faction: f, set });
                keep_mission_set(ctx, f, set);
            }
            vec![Frame::Setup(SetupStep::OfferUnits)]
        }
        (SetupStep::OfferUnits, Action::Mode { n: 1 }) => {
            ctx.note("The Empire keeps the base game's starting units");
            placements(ctx, false)
        }
        (SetupStep::OfferUnits, Action::Mode { .. }) => {
            ctx.note("The Empire proposes Rise of the Empire's starting units; the Rebels decide");
            vec![Frame::Setup(SetupStep::AcceptUnits)]
        }
        (SetupStep::AcceptUnits, Action::Mode { n }) => {
            let agreed = *n == 2;
            ctx.note(if agreed {
                "The Rebels agree: both sides start with Rise of the Empire's units"
            } else {
                "The Rebels decline: both sides start with the base game's units"
            });
            placements(ctx, agreed)
        }
        (SetupStep::RemoteSystem, Action::Pick(Pick::System { system })) => {
            place_remote(ctx, *system);
            imperial_placement(ctx, true)
        }
        _ => unreachable!("apply hands this handler only the actions its decision offers"),
    }
}

/// Takes out of a side's mission deck the cards its set does not use, then deals its two
/// opening missions (Rules Reference setup step 10, after the choice the expansion adds).
fn keep_mission_set(ctx: &mut Ctx, f: Faction, set: MissionSet) {
    let c = catalog();
    let deck = ctx.s.decks.missions.get_mut(f);
    let before = deck.len();
    deck.retain(|&m| c.mission(m).in_set(set));
    let removed = before - deck.len();
    if removed > 0 {
        ctx.note(format_args!("{removed} {} mission cards leave the game", side(f).to_lowercase()));
    }
    let mut drawn = vec![];
    for _ in 0..2 {
        let d = &mut ctx.s.decks;
        if let Some(m) = setup::draw(d.missions.get_mut(f), d.mission_discard.get_mut(f), &mut ctx.s.rng) {
            drawn.push(m);
        }
    }
    let names: Vec<&str> = drawn.iter().map(|&m| c.mission(m).name.as_str()).collect();
    ctx.private(f, EventKind::Note { text: format!("You draw your opening missions: {}", names.join(", ")) });
    ctx.s.hands.get_mut(f).missions.extend(drawn);
}

/// A side's name as a sentence starts it.
fn side(f: Faction) -> &'static str {
    match f {
        Faction::Rebel => "Rebel",
        Faction::Empire => "Imperial",
    }
}

/// The placement steps for the agreed list; with quick setup every unit is placed at once.
fn placements(ctx: &mut Ctx, expansion: bool) -> Frames {
    if expansion {
        for &(unit, n, space) in &catalog().expansion_start.queue {
            ctx.s.supply.empire.remove(unit, n);
            ctx.s.build_queue.empire[space as usize - 1].add(unit, n);
            ctx.note(format_args!(
                "The Empire puts {n} {} on space {space} of its build queue",
                catalog().unit(unit).name
            ));
        }
        if !ctx.s.options.quick_setup {
            return vec![Frame::Setup(SetupStep::RemoteSystem)];
        }
        let first = remote_systems(ctx.s).next().expect("the board has remote systems");
        place_remote(ctx, first);
    }
    imperial_placement(ctx, expansion)
}

/// The Death Star Under Construction and its escort go to a remote system, whose probe card
/// leaves the game.
fn place_remote(ctx: &mut Ctx, system: SystemId) {
    let mut remaining = Units::default();
    for &(u, n) in &catalog().expansion_start.remote {
        remaining.add(u, n);
    }
    for (u, n) in remaining.clone().iter() {
        setup::place_units(ctx, Faction::Empire, &mut remaining, Place::System(system), u, n);
    }
    ctx.s.decks.probes.retain(|&p| p != system);
    ctx.note(format_args!("{}'s probe card leaves the game", catalog().system(system).name));
}

/// The Empire's placement of the agreed list (placed at once with quick setup).
fn imperial_placement(ctx: &mut Ctx, expansion: bool) -> Frames {
    ctx.public(EventKind::Phase { round: 0, phase: "Setup: Imperial placement".into() });
    let step =
        SetupStep::ImperialPlacement { remaining: starting_units(Faction::Empire, expansion), expansion };
    if !ctx.s.options.quick_setup {
        return vec![Frame::Setup(step)];
    }
    // Quick setup: each placement step is placed at once and steps on (`auto`) to the next,
    // until the base choice.
    let mut frames = vec![Frame::Setup(step)];
    while let Some(Frame::Setup(
        placing @ (SetupStep::ImperialPlacement { .. } | SetupStep::RebelPlacement { .. }),
    )) = frames.last().cloned()
    {
        frames.pop();
        for placed in setup::act(ctx, placing, Action::AutoPlace) {
            if let Frame::Setup(done) = placed {
                frames.extend(setup::auto(ctx, done));
            }
        }
    }
    frames
}

/// The units a side places: the base list or the expansion's.
pub fn starting_units(f: Faction, expansion: bool) -> Units {
    let c = catalog();
    let list = if expansion { c.expansion_start.units.get(f) } else { c.starting_units.get(f) };
    let mut u = Units::default();
    for &(id, n) in list {
        u.add(id, n);
    }
    u
}
