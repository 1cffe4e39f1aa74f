//! The Command Phase: alternate turns of activating a system, revealing a mission or passing.

use super::mobilize::Mobilize;
use super::movement;
use super::refresh::RefreshPhase;
use crate::content::*;
use crate::engine::rebellion::action::Action;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::error::{RuleError, illegal};
use crate::engine::rebellion::event::EventKind;
pub use crate::engine::rebellion::frame::phases::{CommandPhase, TeamTurns};
use crate::engine::rebellion::frame::{Decision, Frame, Frames, PromptKind};
use crate::engine::rebellion::mission;
use crate::engine::rebellion::state::{Place, State};

impl TeamTurns {
    /// The role whose turn it is.
    pub fn role(&self) -> TeamRole {
        catalog().team.command_order[self.index]
    }
}

impl CommandPhase {
    /// The phase's start: the Rebels take the first turn.
    pub fn new() -> Self {
        CommandPhase {
            turn: Faction::Rebel,
            passed: ByFaction::default(),
            in_turn: false,
            mobilizations: vec![],
            mobilizers: vec![],
            team: None,
        }
    }

    /// The phase's start in a match: in the team game, the first role of the turn order.
    pub fn for_match(s: &State) -> Self {
        let mut p = Self::new();
        if crate::engine::rebellion::team::is_team(s) {
            let order = &catalog().team.command_order;
            p.team = Some(TeamTurns { index: 0, passed: vec![false; order.len()] });
            p.turn = order[0].faction;
        }
        p
    }

    /// The role whose turn it is, in the team game.
    pub fn role(&self) -> Option<TeamColour> {
        self.team.as_ref().map(|t| t.role().colour)
    }
}

impl Default for CommandPhase {
    fn default() -> Self {
        Self::new()
    }
}

/// Places a faction may activate.
pub fn activation_places(s: &State, f: Faction) -> Vec<Place> {
    let mut v: Vec<Place> = SystemId::all().map(Place::System).collect();
    if f == Faction::Rebel && !s.base.revealed {
        v.push(Place::BaseSpace);
    }
    v
}

/// The current player's turn options.
pub fn decision(s: &State, p: &CommandPhase) -> Option<Decision> {
    if p.in_turn {
        return None;
    }
    let f = p.turn;
    let c = catalog();
    // The team game: a player activates with, and reveals the missions of, their own leaders.
    let role = p.role();
    let mine = |l: &LeaderId| role.is_none_or(|r| c.leader(*l).team_colour == r);
    let mut actions = Vec::with_capacity(64);
    for (i, asg) in s.assignments.get(f).iter().enumerate() {
        if s.assignments.get(f)[..i].iter().any(|x| x.mission == asg.mission) {
            continue;
        }
        if !asg.leaders.iter().any(mine) {
            continue;
        }
        for target in mission::reveal_targets(s, f, asg) {
            actions.push(Action::Reveal { mission: asg.mission, target });
        }
    }
    let places = activation_places(s, f);
    for l in s.leader_pool.get(f).iter().filter(|l| mine(l)) {
        let l = *l;
        if c.leader(l).has_tactics() {
            actions.extend(places.iter().map(|&place| Action::Activate { place, leader: l }));
        }
    }
    // Rise of the Empire: probe cards kept face down by action cards (`rise_of_the_empire/probes.rs`).
    actions.extend(crate::engine::rebellion::rise_of_the_empire::probes::turn_options(s, f));
    actions.push(Action::Pass);
    Some(Decision::new(f, PromptKind::CommandTurn, actions))
}

/// Applies a Command Phase turn choice. Cannot refuse an offered action (no error result), so
/// `apply` changes the state in place for it.
pub fn act(ctx: &mut Ctx, mut p: CommandPhase, a: Action) -> Frames {
    let f = p.turn;
    match a {
        Action::Activate { place, leader } => {
            p.in_turn = true;
            let child = movement::start(ctx, f, place, leader);
            vec![Frame::Command(p), child]
        }
        Action::Reveal { mission, target } => {
            p.in_turn = true;
            // Back on the stack first: a resolved card (Rapid Mobilization) records its
            // end-of-phase effect on this frame while it starts.
            ctx.s.stack.push(Frame::Command(p));
            let child = mission::start(ctx, f, mission, target);
            vec![child]
        }
        Action::PlayAction { card } => {
            crate::engine::rebellion::rise_of_the_empire::probes::use_in_turn(ctx, p, card)
        }
        Action::Pass => {
            let role = p.role();
            match &mut p.team {
                Some(t) => t.passed[t.index] = true,
                None => *p.passed.get_mut(f) = true,
            }
            ctx.public(EventKind::Passed { faction: f, role });
            end_turn(ctx, p)
        }
        _ => unreachable!("apply hands this handler only the actions its decision offers"),
    }
}

/// Runs when a turn's activation or mission has finished.
pub fn auto(ctx: &mut Ctx, mut p: CommandPhase) -> Frames {
    if p.in_turn {
        p.in_turn = false;
        return end_turn(ctx, p);
    }
    vec![Frame::Command(p)]
}

fn end_turn(ctx: &mut Ctx, mut p: CommandPhase) -> Frames {
    if let Some(t) = &mut p.team {
        // The next role in the order that has not passed, the current one last.
        let n = t.passed.len();
        let Some(next) = (1..=n).map(|k| (t.index + k) % n).find(|&i| !t.passed[i]) else {
            return end_phase(ctx, p);
        };
        t.index = next;
        p.turn = t.role().faction;
        return vec![Frame::Command(p)];
    }
    let other = p.turn.opponent();
    if !*p.passed.get(other) {
        p.turn = other;
        return vec![Frame::Command(p)];
    }
    if !*p.passed.get(p.turn) {
        return vec![Frame::Command(p)];
    }
    end_phase(ctx, p)
}

/// End of the Command Phase: unrevealed missions go back to hand with their leaders to the
/// pool; leaders marked by Confrontation are eliminated; deferred Rapid Mobilizations
/// resolve; the Refresh Phase begins.
fn end_phase(ctx: &mut Ctx, p: CommandPhase) -> Frames {
    // Rise of the Empire: leaders Confrontation marked are eliminated now.
    crate::engine::rebellion::combat::cinematic::bespoke::end_of_command(ctx);
    for f in Faction::BOTH {
        let assigned = std::mem::take(ctx.s.assignments.get_mut(f));
        for asg in assigned {
            ctx.s.hands.get_mut(f).missions.push(asg.mission);
            ctx.s.leader_pool.get_mut(f).extend(asg.leaders);
        }
    }
    let mut frames = vec![Frame::Refresh(RefreshPhase::new())];
    for (i, leaders) in p.mobilizations.into_iter().enumerate().rev() {
        let by = p.mobilizers.get(i).copied().flatten();
        frames.push(Frame::Mobilize(Mobilize { by, ..Mobilize::new(leaders) }));
    }
    // Rise of the Empire: cards whose probe card may be revealed now (Sweep the Area).
    frames.extend(crate::engine::rebellion::rise_of_the_empire::windows::command_end(ctx.s));
    frames
}

/// Explains why a turn action is illegal.
pub fn explain(s: &State, f: Faction, a: &Action) -> RuleError {
    let c = catalog();
    match a {
        Action::Activate { place, leader } => {
            if !s.leader_pool.get(f).contains(leader) {
                return illegal(
                    "Activating Systems",
                    format!("{} is not in your leader pool", leader.name()),
                );
            }
            if let Some(r) = crate::engine::rebellion::team::turn_role(s, f)
                && c.leader(*leader).team_colour != r
            {
                return illegal(
                    "Team Game",
                    format!(
                        "this is the {}'s turn: activate with one of their own leaders",
                        TeamRole { faction: f, colour: r }.name()
                    ),
                );
            }
            if !c.leader(*leader).has_tactics() {
                return illegal(
                    "Activating Systems",
                    format!("{} has no tactic values and cannot activate a system", leader.name()),
                );
            }
            if *place == Place::BaseSpace {
                return illegal(
                    "Rebel Base",
                    "only the Rebels may activate the Rebel Base space, and only while the base is hidden",
                );
            }
            illegal("Activating Systems", "that activation is not possible")
        }
        Action::Reveal { mission, .. } => {
            let Some(asg) = s.assignments.get(f).iter().find(|x| x.mission == *mission) else {
                return illegal(
                    "Mission Cards",
                    format!("{} is not one of your assigned missions", mission.name()),
                );
            };
            if let Some(r) = crate::engine::rebellion::team::turn_role(s, f)
                && !asg.leaders.iter().any(|&l| c.leader(l).team_colour == r)
            {
                return illegal(
                    "Team Game",
                    format!("only a player whose leader is on {} may reveal it", mission.name()),
                );
            }
            let target = match a {
                Action::Reveal { target, .. } => *target,
                _ => None,
            };
            mission::explain(s, f, asg, target)
        }
        _ => illegal("Command Phase", format!("`{}` is not possible now", a.command())),
    }
}
