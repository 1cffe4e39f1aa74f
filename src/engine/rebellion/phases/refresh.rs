//! The Refresh Phase, steps 1–6: retrieve leaders, draw missions, probe droids, objective,
//! time (recruit, build), deploy.

use super::assignment::AssignmentPhase;
use crate::engine::rebellion::action::Action;
use crate::engine::rebellion::cards;
use crate::engine::rebellion::cards::intel::draw_probes;

use super::recruit;
use super::setup::draw;
use crate::content::*;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::event::EventKind;
pub use crate::engine::rebellion::frame::phases::{RefreshPhase, RefreshStep};
use crate::engine::rebellion::frame::{Decision, Frame, Frames, PromptKind};
use crate::engine::rebellion::named::{named, sets};
use crate::engine::rebellion::objectives;
use crate::engine::rebellion::state::{Place, State, systems_in};

/// The most mission cards a hand keeps after drawing.
pub const HAND_LIMIT: usize = 10;

impl RefreshStep {
    /// The build choice asked next: whose icon, the icon and its queue space (the Rebels'
    /// icons first, then the Empire's).
    pub fn build_choice(&self) -> Option<(Faction, ResourceIcon, u8)> {
        let RefreshStep::Build { choices, empire_choices } = self else { return None };
        let (f, &(icon, space)) = match choices.first() {
            Some(x) => (Faction::Rebel, x),
            None => (Faction::Empire, empire_choices.first()?),
        };
        Some((f, icon, space))
    }

    /// Removes the build choice asked next and returns it.
    fn take_build_choice(&mut self) -> Option<(Faction, ResourceIcon, u8)> {
        let next = self.build_choice()?;
        if let RefreshStep::Build { choices, empire_choices } = self {
            match next.0 {
                Faction::Rebel => choices.remove(0),
                Faction::Empire => empire_choices.remove(0),
            };
        }
        Some(next)
    }
}

impl RefreshPhase {
    /// A Refresh Phase at its start.
    pub fn new() -> Self {
        RefreshPhase { step: RefreshStep::StartObjective }
    }
}

impl Default for RefreshPhase {
    fn default() -> Self {
        Self::new()
    }
}

fn over_limit(s: &State, f: Faction) -> bool {
    s.hands.get(f).missions.len() > HAND_LIMIT
}

/// The pending Refresh decision.
pub fn decision(s: &State, r: &RefreshPhase) -> Option<Decision> {
    match &r.step {
        RefreshStep::StartObjective => {
            let playable = objectives::playable_at_refresh(s);
            let open = objectives::refresh_window_after(s, &playable);
            let mut actions: Vec<Action> =
                playable.into_iter().map(|card| Action::PlayObjective { card }).collect();
            actions.push(Action::Done);
            Some(Decision::new(Faction::Rebel, PromptKind::Objective, actions).always_asked(open))
        }
        RefreshStep::Discard { faction } if over_limit(s, *faction) => {
            let mut actions = vec![];
            for m in super::assignment::distinct(&s.hands.get(*faction).missions) {
                if !catalog().mission(m).starting {
                    actions.push(Action::Discard { mission: m });
                }
            }
            if actions.is_empty() {
                return None;
            }
            Some(Decision::new(*faction, PromptKind::DiscardMissions, actions))
        }
        RefreshStep::Recruit { faction, drawn } => {
            let actions = recruit::options(s, *faction, drawn);
            if actions.is_empty() {
                return None;
            }
            Some(Decision::new(*faction, PromptKind::Recruit, actions))
        }
        RefreshStep::Scrap { faction, scrapped } => {
            let f = *faction;
            let short = shortfall(s, f);
            if short.is_empty() && *scrapped == 0 {
                return None;
            }
            // Room for a unit type or two in each place, so the list rarely grows.
            let mut actions = Vec::with_capacity(2 * catalog().systems.len());
            actions.extend(scrap_options(s, f));
            let mut d = Decision::new(f, PromptKind::ScrapUnits, actions);
            for (units, missing) in short {
                let names: Vec<&str> = units.iter().map(|u| u.name()).collect();
                d.context.push(format!(
                    "your build needs {missing} more {} than the supply holds: destroy units of yours on the board to free them, or build less",
                    names.join(" / ")
                ));
            }
            Some(d)
        }
        RefreshStep::Build { .. } => {
            let (f, icon, _) = r.step.build_choice()?;
            let actions: Vec<Action> = build_units(s, f, icon)
                .iter()
                .copied()
                .filter(|&u| s.supply.get(f).count(u) > 0)
                .map(|unit| Action::Build { unit })
                .collect();
            if actions.is_empty() {
                return None;
            }
            Some(Decision::new(f, PromptKind::BuildChoice, actions))
        }
        RefreshStep::Deploy { faction, placed, new_bunkers } => {
            let ready = s.ready.get(*faction);
            let mut actions = Vec::with_capacity(ready.iter().count() * 8 + 1);
            // Every unit but the Death Star and the Shield Bunker deploys to the same places:
            // worked out once.
            let mut common: Option<Vec<Place>> = None;
            for (u, _) in ready.iter() {
                let places = if Some(u) == named().death_star
                    || crate::engine::rebellion::board::is_shield_bunker(u)
                {
                    &deploy_places_after(s, *faction, u, placed, new_bunkers)
                } else {
                    &*common.get_or_insert_with(|| deploy_places_after(s, *faction, u, placed, new_bunkers))
                };
                actions.extend(places.iter().map(|&p| Action::Deploy { unit: u, place: p }));
            }
            actions.push(Action::Done);
            Some(Decision::new(*faction, PromptKind::Deploy, actions))
        }
        _ => None,
    }
}

/// The Scrap step's options for `f`, in the order its decision lists them: each type of unit
/// of `f` in each place (systems in order, then the Rebel Base space), then `done`.
fn scrap_options(s: &State, f: Faction) -> impl Iterator<Item = Action> + '_ {
    let units =
        s.places().flat_map(move |place| s.units(place, f).iter().map(move |(unit, _)| (place, unit)));
    units.map(|(place, unit)| Action::Scrap { place, unit }).chain(std::iter::once(Action::Done))
}

/// A Scrap step once a unit was scrapped, told without its list: it is then asked whatever the
/// supply lacks (only the prompt's text says what), and random players scrap again and again,
/// so neither the shortfall nor the list is worked out for the one option drawn
/// (`Position::options`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScrapListing {
    /// Who scraps.
    pub seat: Faction,
    /// How many options the decision has.
    count: usize,
    /// The places holding units of `seat`: the systems (bit `i` for `SystemId(i)`), and
    /// whether the Rebel Base space does (so that an option is found without looking again
    /// at the places without any).
    systems: u64,
    base: bool,
}

/// The listing of the Refresh step `r` when it is a Scrap step that can be told without its
/// list (see [`ScrapListing`]): a unit already scrapped, and one left to scrap (with only
/// `done` left, the step passes by itself).
pub fn scrap_listing(s: &State, r: &RefreshPhase) -> Option<ScrapListing> {
    let RefreshStep::Scrap { faction, scrapped } = r.step else { return None };
    if scrapped == 0 {
        return None;
    }
    let (mut systems, mut units) = (0u64, 0);
    for sys in SystemId::all() {
        let here = s.units(Place::System(sys), faction);
        if !here.is_empty() {
            systems |= 1 << sys.0;
            units += here.kinds();
        }
    }
    let in_base = s.units(Place::BaseSpace, faction).kinds();
    let base = in_base > 0;
    units += in_base;
    (units > 0).then_some(ScrapListing { seat: faction, count: units + 1, systems, base })
}

impl ScrapListing {
    /// How many options the decision has.
    pub fn count(&self) -> usize {
        self.count
    }
    /// Option `i` of the decision in state `s` (the state the listing was made from), as
    /// `decision` would list it; `None` past the end.
    pub fn get(&self, s: &State, i: usize) -> Option<Action> {
        // `scrap_options(..).nth(i)`, over the places holding units only, each skipped whole
        // by its count of types.
        let systems = systems_in(self.systems).map(Place::System);
        let mut k = i;
        for place in systems.chain(self.base.then_some(Place::BaseSpace)) {
            let units = s.units(place, self.seat);
            match k.checked_sub(units.kinds()) {
                Some(rest) => k = rest,
                None => return units.iter().nth(k).map(|(unit, _)| Action::Scrap { place, unit }),
            }
        }
        (k == 0).then_some(Action::Done)
    }
}

/// Units an icon builds for a faction in this match (an expansion's units only with it on).
pub fn build_units(s: &State, f: Faction, icon: ResourceIcon) -> &'static [UnitId] {
    let options = named().build_options[sets(&s.options)].get(f);
    options.iter().find(|o| o.icon == icon).map_or(&[], |o| o.units.as_slice())
}

/// Places a unit may deploy to, given what was already deployed this phase.
pub fn deploy_places(s: &State, f: Faction, unit: UnitId, placed: &[(Place, u8)]) -> Vec<Place> {
    deploy_places_after(s, f, unit, placed, &[])
}

/// Whether a Shield Bunker lets the Empire deploy to this remote system as if it were loyal
/// (Rise of the Empire, local reinforcement): one stands there, not deployed in this very
/// step, and no Rebel unit is there.
fn reinforced(s: &State, f: Faction, sys: SystemId, new_bunkers: &[SystemId]) -> bool {
    let p = Place::System(sys);
    f == Faction::Empire
        && !new_bunkers.contains(&sys)
        && !s.has_units(p, Faction::Rebel)
        && s.units(p, f).iter().any(|(u, _)| crate::engine::rebellion::board::is_shield_bunker(u))
}

/// Places a unit may deploy to, given what was already deployed this phase and where Shield
/// Bunkers were deployed in this step.
pub fn deploy_places_after(
    s: &State,
    f: Faction,
    unit: UnitId,
    placed: &[(Place, u8)],
    new_bunkers: &[SystemId],
) -> Vec<Place> {
    let used = |p: Place| placed.iter().find(|x| x.0 == p).map_or(0, |x| x.1);
    let dsuc = named().death_star_under_construction;
    let is_death_star = Some(unit) == named().death_star;
    // Rise of the Empire's Shield Bunker also deploys to any system with an Imperial ground unit
    // and no Rebel unit, whatever its loyalty (easy deployment); sabotage still bars it, as the
    // ability adds places and lifts no other rule.
    let bunker = crate::engine::rebellion::board::is_shield_bunker(unit);
    let rote = s.has_set(ContentSet::RiseOfTheEmpire);
    // Room for every place at once: asked at every deploy step.
    let mut out = Vec::with_capacity(s.systems.len() + 1);
    for (i, (st, &populous)) in s.systems.iter().zip(&named().populous).enumerate() {
        let sys = SystemId(i as u16);
        let p = Place::System(sys);
        let easy = bunker && !st.destroyed && s.has_ground(p, f) && !s.has_units(p, f.opponent());
        let local = !populous && !st.destroyed && rote && reinforced(s, f, sys, new_bunkers);
        // A Death Star deploys onto its Death Star Under Construction, which stands in a remote
        // system (Construct Death Star): there loyalty cannot be had, so only the station
        // decides where it goes (Rules Reference, Death Star).
        let onto_station = is_death_star && dsuc.is_some_and(|d| s.units(p, f).count(d) > 0);
        if is_death_star && !onto_station {
            continue;
        }
        if (onto_station || easy || local || (populous && !st.destroyed && s.controls(sys, f)))
            && !st.sabotaged
            && !s.has_units(p, f.opponent())
            && used(p) < 2
        {
            out.push(p);
        }
    }
    if f == Faction::Rebel && !s.base.revealed && used(Place::BaseSpace) < 2 && !is_death_star {
        out.push(Place::BaseSpace);
    }
    out
}

/// Applies a Refresh decision. Cannot refuse an offered action (no error result), so `apply`
/// changes the state in place for it.
pub fn act(ctx: &mut Ctx, mut r: RefreshPhase, a: Action) -> Frames {
    match (&mut r.step, a) {
        (RefreshStep::StartObjective, Action::PlayObjective { card }) => {
            r.step = RefreshStep::Draws;
            if let Some(frame) = objectives::play_at_refresh(ctx, card) {
                return vec![Frame::Refresh(r), frame];
            }
        }
        (RefreshStep::StartObjective, Action::Done) => r.step = RefreshStep::Draws,
        (RefreshStep::Discard { faction }, Action::Discard { mission }) => {
            let f = *faction;
            let hand = &mut ctx.s.hands.get_mut(f).missions;
            let i = hand.iter().position(|&m| m == mission).expect("checked legal");
            hand.remove(i);
            if catalog().mission(mission).project {
                ctx.s.decks.project_discard.push(mission);
            } else {
                ctx.s.decks.mission_discard.get_mut(f).push(mission);
            }
            ctx.public(EventKind::CardPlayed {
                faction: f,
                deck: "discarded mission".into(),
                card: mission.to_string(),
            });
        }
        (RefreshStep::Recruit { faction, drawn }, Action::DrawAnother) => {
            let f = *faction;
            recruit::draw(ctx, f, drawn, 1);
        }
        (RefreshStep::Recruit { faction, drawn }, Action::Recruit { card, leader }) => {
            let f = *faction;
            recruit::take(ctx, f, drawn, card, leader);
            r.step = match f {
                Faction::Rebel => recruit::begin(ctx, Faction::Empire),
                Faction::Empire => begin_build(ctx),
            };
            // An Immediate card (The Millennium Falcon) takes effect as soon as it is gained.
            if let Some(frame) = cards::actions::on_gain(ctx, f, card, leader) {
                return vec![Frame::Refresh(r), frame];
            }
        }
        (RefreshStep::Scrap { faction, scrapped }, Action::Scrap { place, unit }) => {
            let f = *faction;
            *scrapped = scrapped.saturating_add(1);
            ctx.s.zone_mut(place).units.get_mut(f).remove(unit, 1);
            ctx.s.supply.get_mut(f).add(unit, 1);
            ctx.public(EventKind::UnitDestroyed { faction: f, unit, place });
        }
        (RefreshStep::Scrap { faction, .. }, Action::Done) => {
            r.step = match *faction {
                Faction::Rebel => RefreshStep::Scrap { faction: Faction::Empire, scrapped: 0 },
                Faction::Empire => build(ctx),
            };
        }
        (RefreshStep::Build { .. }, Action::Build { unit }) => {
            if let Some((f, _, space)) = r.step.take_build_choice() {
                queue(ctx, f, unit, space);
            }
        }
        (RefreshStep::Deploy { faction, placed, new_bunkers }, Action::Deploy { unit, place }) => {
            let f = *faction;
            if let Place::System(sys) = place
                && crate::engine::rebellion::board::is_shield_bunker(unit)
                && !new_bunkers.contains(&sys)
            {
                new_bunkers.push(sys);
            }
            ctx.s.ready.get_mut(f).remove(unit, 1);
            match placed.iter_mut().find(|x| x.0 == place) {
                Some(x) => x.1 += 1,
                None => placed.push((place, 1)),
            }
            deploy(ctx, f, unit, place);
        }
        (RefreshStep::Deploy { faction, .. }, Action::Done) => {
            let f = *faction;
            let left = std::mem::take(ctx.s.ready.get_mut(f));
            for (u, n) in left.iter() {
                ctx.s.build_queue.get_mut(f)[0].add(u, n);
            }
            r.step = match f {
                Faction::Rebel => begin_deploy(ctx, Faction::Empire),
                Faction::Empire => RefreshStep::End,
            };
        }
        _ => unreachable!("apply hands this handler only the actions its decision offers"),
    }
    vec![Frame::Refresh(r)]
}

/// Puts a unit from the supply on a build-queue space (1..=3).
pub fn queue(ctx: &mut Ctx, f: Faction, unit: UnitId, space: u8) {
    if ctx.s.supply.get(f).count(unit) == 0 {
        return;
    }
    ctx.s.supply.get_mut(f).remove(unit, 1);
    let i = (space.clamp(1, 3) - 1) as usize;
    ctx.s.build_queue.get_mut(f)[i].add(unit, 1);
}

/// Places one unit that left the build queue in a place (a Death Star replaces the Death Star
/// Under Construction there); where it may go is the caller's check.
pub fn deploy(ctx: &mut Ctx, f: Faction, unit: UnitId, place: Place) {
    if Some(unit) == named().death_star
        && let Some(d) = named().death_star_under_construction
        && ctx.s.units(place, f).count(d) > 0
    {
        ctx.s.zone_mut(place).units.get_mut(f).remove(d, 1);
        ctx.s.supply.get_mut(f).add(d, 1);
    }
    ctx.s.zone_mut(place).units.get_mut(f).add(unit, 1);
    ctx.public(EventKind::UnitsMoved { faction: f, from: None, to: Some(place), unit, count: 1 });
}

/// The resource icons a faction builds from this Refresh Phase, with their queue spaces.
pub fn build_icons(s: &State, f: Faction) -> Vec<(ResourceIcon, u8)> {
    let mut out = Vec::new();
    each_icon_to_build(s, f, |icon, space| out.push((icon, space)));
    out
}

/// `build_icons`, one at a time to `g` (asked at every step of a build, so nothing is
/// collected; a plain loop, as an iterator over every system's icons cost several times more).
fn each_icon_to_build(s: &State, f: Faction, mut g: impl FnMut(ResourceIcon, u8)) {
    let c = catalog();
    for (i, (st, d)) in s.systems.iter().zip(&c.systems).enumerate() {
        let sys = SystemId(i as u16);
        let builds = !st.destroyed
            && !st.sabotaged
            && s.controls(sys, f)
            && st.zone.units.get(f.opponent()).is_empty();
        if !builds {
            continue;
        }
        let subjugated_only = f == Faction::Empire && st.subjugated && st.loyalty != Some(Faction::Empire);
        let icons: &[ResourceIcon] =
            if subjugated_only { &d.icons[..d.icons.len().min(1)] } else { &d.icons };
        for &icon in icons {
            g(icon, d.build_queue_space);
        }
    }
    let base = f == Faction::Rebel
        && match (s.base.revealed, s.base.system) {
            (true, Some(b)) => {
                !s.has_units(Place::System(b), Faction::Empire) && s.sys(b).loyalty != Some(Faction::Empire)
            }
            _ => true,
        };
    if base {
        for &icon in &c.base_space_icons {
            g(icon, c.base_space_queue);
        }
    }
}

fn begin_build(ctx: &mut Ctx) -> RefreshStep {
    if !catalog().time_track.build.contains(&ctx.s.time) {
        return begin_deploy(ctx, Faction::Rebel);
    }
    ctx.public(EventKind::Phase { round: ctx.s.round, phase: "Build".into() });
    RefreshStep::Scrap { faction: Faction::Rebel, scrapped: 0 }
}

/// What a faction's build this Refresh Phase would take beyond its supply: each group of
/// interchangeable units (one unit type, or the choices of a multi-choice icon) with how many
/// are missing. Empty when the supply suffices.
pub fn shortfall(s: &State, f: Faction) -> Vec<(Vec<UnitId>, u32)> {
    let supply = s.supply.get(f);
    let mut fixed: Vec<(UnitId, u32)> = Vec::with_capacity(8);
    let mut groups: Vec<(&[UnitId], u32)> = vec![];
    // The icons counted first, each kind once in order of first appearance, and its units
    // looked up once per kind (asked at every scrap step): the lists below fill in the same
    // order as they would icon by icon.
    let mut icons: Vec<(ResourceIcon, u32)> = Vec::with_capacity(8);
    each_icon_to_build(s, f, |icon, _| match icons.iter_mut().find(|x| x.0 == icon) {
        Some(x) => x.1 += 1,
        None => icons.push((icon, 1)),
    });
    for (icon, count) in icons {
        let units = build_units(s, f, icon);
        let bucket = match units.len() {
            0 => continue,
            1 => fixed.iter_mut().find(|x| x.0 == units[0]).map(|x| &mut x.1),
            _ => groups.iter_mut().find(|x| x.0 == units).map(|x| &mut x.1),
        };
        match (bucket, units.len()) {
            (Some(n), _) => *n += count,
            (None, 1) => fixed.push((units[0], count)),
            (None, _) => groups.push((units, count)),
        }
    }
    let need = |u: UnitId| fixed.iter().find(|x| x.0 == u).map_or(0, |x| x.1);
    let mut out: Vec<(Vec<UnitId>, u32)> = vec![];
    for &(u, n) in &fixed {
        if n > supply.count(u) as u32 {
            out.push((vec![u], n - supply.count(u) as u32));
        }
    }
    for (units, n) in groups {
        // A choice icon may take any of its units the fixed icons leave over.
        let spare: u32 = units.iter().map(|&u| (supply.count(u) as u32).saturating_sub(need(u))).sum();
        if n > spare {
            out.push((units.to_vec(), n - spare));
        }
    }
    out
}

/// Puts one unit per resource icon on the queues; returns the choices still to make, each
/// side's for its own icons.
fn build(ctx: &mut Ctx) -> RefreshStep {
    let mut choices = ByFaction::<Vec<(ResourceIcon, u8)>>::default();
    for f in Faction::BOTH {
        for (icon, space) in build_icons(ctx.s, f) {
            let units = build_units(ctx.s, f, icon);
            if units.len() == 1 {
                queue(ctx, f, units[0], space);
            } else if !units.is_empty() {
                choices.get_mut(f).push((icon, space));
            }
        }
    }
    RefreshStep::Build { choices: choices.rebel, empire_choices: choices.empire }
}

fn begin_deploy(ctx: &mut Ctx, f: Faction) -> RefreshStep {
    let q = ctx.s.build_queue.get_mut(f);
    let ready = std::mem::take(&mut q[0]);
    q[0] = std::mem::take(&mut q[1]);
    q[1] = std::mem::take(&mut q[2]);
    *ctx.s.ready.get_mut(f) = ready;
    RefreshStep::Deploy { faction: f, placed: vec![], new_bunkers: vec![] }
}

/// Runs the automatic Refresh steps.
pub fn auto(ctx: &mut Ctx, mut r: RefreshPhase) -> Frames {
    match std::mem::replace(&mut r.step, RefreshStep::End) {
        RefreshStep::StartObjective => r.step = RefreshStep::Draws,
        RefreshStep::Draws => {
            ctx.public(EventKind::Phase { round: ctx.s.round, phase: "Refresh Phase".into() });
            retrieve_leaders(ctx);
            for f in Faction::BOTH {
                let mut got = vec![];
                for _ in 0..2 {
                    let d = &mut ctx.s.decks;
                    if let Some(m) = draw(d.missions.get_mut(f), d.mission_discard.get_mut(f), &mut ctx.s.rng)
                    {
                        got.push(m);
                    }
                }
                ctx.public(EventKind::CardsDrawn {
                    faction: f,
                    deck: "mission".into(),
                    count: got.len() as u32,
                });
                if !got.is_empty() {
                    ctx.private(
                        f,
                        EventKind::CardsSeen {
                            deck: "missions".into(),
                            cards: got.iter().map(|m| m.to_string()).collect(),
                        },
                    );
                }
                ctx.s.hands.get_mut(f).missions.extend(got);
            }
            r.step = RefreshStep::Discard { faction: Faction::Rebel };
        }
        RefreshStep::Discard { faction: Faction::Rebel } => {
            r.step = RefreshStep::Discard { faction: Faction::Empire };
        }
        RefreshStep::Discard { faction: Faction::Empire } => {
            draw_probes(ctx, 2);
            if !ctx.s.decks.objectives.is_empty() {
                let o = ctx.s.decks.objectives.remove(0);
                ctx.s.hands.rebel.objectives.push(o);
                ctx.public(EventKind::CardsDrawn {
                    faction: Faction::Rebel,
                    deck: "objective".into(),
                    count: 1,
                });
                ctx.private(
                    Faction::Rebel,
                    EventKind::CardsSeen { deck: "objective".into(), cards: vec![o.to_string()] },
                );
            }
            r.step = RefreshStep::Time;
        }
        RefreshStep::Time => {
            let len = catalog().time_track.length;
            ctx.s.time = (ctx.s.time + 1).min(len);
            let value = ctx.s.time;
            ctx.public(EventKind::Time { value });
            r.step = if catalog().time_track.recruit.contains(&ctx.s.time) {
                recruit::begin(ctx, Faction::Rebel)
            } else {
                begin_build(ctx)
            };
        }
        RefreshStep::Recruit { faction, .. } => {
            // Nothing could be drawn: move on.
            r.step = match faction {
                Faction::Rebel => recruit::begin(ctx, Faction::Empire),
                Faction::Empire => begin_build(ctx),
            };
        }
        RefreshStep::Scrap { faction, .. } => {
            r.step = match faction {
                Faction::Rebel => RefreshStep::Scrap { faction: Faction::Empire, scrapped: 0 },
                Faction::Empire => build(ctx),
            };
        }
        mut step @ RefreshStep::Build { .. } => {
            // The first choice has no unit left in the supply.
            step.take_build_choice();
            r.step = if step.build_choice().is_none() { begin_deploy(ctx, Faction::Rebel) } else { step };
        }
        RefreshStep::Deploy { .. } => unreachable!("deploy always waits on a decision"),
        RefreshStep::End => {
            ctx.s.round += 1;
            ctx.public(EventKind::Phase { round: ctx.s.round, phase: "Assignment Phase".into() });
            return vec![Frame::Assignment(AssignmentPhase::of(Faction::Rebel))];
        }
    }
    vec![Frame::Refresh(r)]
}

/// Step 1: every leader on the board returns to its pool, except captured and detained ones;
/// then the card effects of the round end.
fn retrieve_leaders(ctx: &mut Ctx) {
    for p in ctx.s.places() {
        for f in Faction::BOTH {
            // Most places hold no leader of a side: left untouched (a zone changed mutably is
            // looked at again for the markers).
            if ctx.s.zone(p).leaders.get(f).is_empty() {
                continue;
            }
            let leaders = ctx.s.zone(p).leaders.get(f).clone();
            let (stay, back): (Vec<LeaderId>, Vec<LeaderId>) = leaders
                .into_iter()
                .partition(|l| ctx.s.is_captured(*l) || ctx.s.round_effects.detained.contains(l));
            *ctx.s.zone_mut(p).leaders.get_mut(f) = stay;
            ctx.s.leader_pool.get_mut(f).extend(back);
        }
    }
    ctx.s.round_effects = Default::default();
}
