//! The engine's control flow: a stack of frames (phase, activation, mission, combat …), the
//! pending decision at its top, and the loop that runs every automatic step in between.

use super::action::{Action, Leaders};
pub use super::ctx::{Ctx, Roll};
use super::error::{RuleError, illegal};
use super::event::{Audience, Event, EventKind};
pub use super::frame::{Decision, Frame, Frames, PromptKind};
use super::listing::{Listing, Pending};
use super::phases::{assignment, command, mobilize, movement, refresh, setup};
use super::rise_of_the_empire::{self, pool_limit, targets};
use super::state::State;
use super::{cards, combat, mission, team, victory};
use crate::content::*;
use team::Player;

/// Creates a match: performs every automatic setup step and leaves the placement and base
/// choices pending (placements are made by default with `quick_setup`).
pub fn new_game(seed: u64, options: crate::engine::rebellion::MatchOptions) -> State {
    let mut s = setup::prepare(seed, options);
    // No one is told of the setup steps (a match starts from its first decision).
    advance_to(&mut Ctx::untold(&mut s));
    s
}

/// The decision the engine currently waits for, if any. Revealing the base, when offered, is
/// always the last action (no frame offers it itself).
pub fn decision(s: &State) -> Option<Decision> {
    if s.winner.is_some() {
        return None;
    }
    let mut d = frame_decision(s)?;
    // Rules Reference, Revealing the Rebel Base: the Rebels may reveal it at any time during
    // one of their Command Phase turns. Offered at each of their real choices in that turn (a
    // step whose only answer is `done` still passes by itself).
    debug_assert!(!d.actions.iter().any(|a| matches!(a, Action::RevealBase)), "frames never offer it");
    if may_reveal_base(s, &d) {
        d.actions.push(Action::RevealBase);
    }
    d.role = team::decider(s, &d);
    team::own_turn_cards(s, &mut d);
    if let Some(passed) = s.team_passed {
        team::narrow(s, &mut d, passed);
    }
    Some(d)
}

fn may_reveal_base(s: &State, d: &Decision) -> bool {
    reveal_base_open(s, d.seat) && !matches!(d.actions.as_slice(), [Action::Done])
}

/// Whether a decision of `seat` may offer revealing the Rebel base: the Rebels' own, in their
/// Command Phase turn, with the base still hidden.
fn reveal_base_open(s: &State, seat: Faction) -> bool {
    // The cheap tests first: this runs for every decision, and most are not the Rebels' in
    // their own turn.
    seat == Faction::Rebel
        && !s.base.revealed
        && s.base.system.is_some()
        && s.stack.iter().any(|f| matches!(f, Frame::Command(c) if c.turn == Faction::Rebel))
}

/// The decision the engine waits for as a position keeps it: a long list written afresh after
/// every answer (an Assignment Phase turn, a Scrap step: `listing::Listing`) is only told, any
/// other decision is built. What `decision` adds to a frame's list changes nothing in a
/// listed one: revealing the base is ruled out here, and so is a team's shared window, which
/// would narrow it (`team_passed`); the role is worked out when it is built; and the
/// own-turn cards concern Command Phase turns only.
pub(super) fn pending(s: &State) -> Option<Pending> {
    if s.winner.is_none()
        && s.team_passed.is_none()
        && let Some(listing) = Listing::of(s)
        && !reveal_base_open(s, listing.seat())
    {
        return Some(Pending::listed(listing));
    }
    decision(s).map(Pending::Built)
}

/// The decision of the frame on top of the stack.
fn frame_decision(s: &State) -> Option<Decision> {
    let top = s.stack.last()?;
    match top {
        Frame::Setup(f) => setup::decision(s, f),
        Frame::Assignment(f) => assignment::decision(s, f),
        Frame::Command(f) => command::decision(s, f),
        Frame::Activation(f) => movement::decision(s, f),
        Frame::Mission(f) => mission::decision(s, f),
        Frame::Combat(f) => combat::decision(s, f),
        Frame::Card(f) => cards::run::decision(s, f),
        Frame::Mobilize(f) => mobilize::decision(s, f),
        Frame::Refresh(f) => refresh::decision(s, f),
        Frame::PoolLimit(f) => pool_limit::decision(s, f),
        Frame::Window(f) => rise_of_the_empire::windows::decision(s, f),
    }
}

/// Applies one action of one seat. On error the state is untouched.
pub fn apply(state: &mut State, seat: Faction, action: Action) -> Result<Vec<Event>, RuleError> {
    apply_as(state, Player::side(seat), action)
}

/// Applies one action of one player: a whole side, or in the team game one role of it, who
/// may answer only what that role decides (`team::check`). On error the state is untouched.
pub fn apply_as(state: &mut State, player: Player, action: Action) -> Result<Vec<Event>, RuleError> {
    let d = decision(state);
    apply_decided(state, d.as_ref(), player, action).map(|a| a.events)
}

/// What one applied action produced: its events, the dice it rolled, the next decision.
pub(super) struct Applied {
    pub(super) events: Vec<Event>,
    pub(super) rolls: Vec<Roll>,
    pub(super) next: Option<Pending>,
}

/// `apply` given `d = decision(state)`; also returns the decision of the state after it.
pub(super) fn apply_decided(
    state: &mut State,
    d: Option<&Decision>,
    player: Player,
    action: Action,
) -> Result<Applied, RuleError> {
    let seat = player.faction;
    if state.winner.is_some() {
        return Err(RuleError::GameOver);
    }
    let Some(d) = d else {
        return Err(RuleError::GameOver);
    };
    if d.seat != seat {
        return Err(RuleError::NotYourDecision { waiting: d.seat, what: d.kind.describe().to_string() });
    }
    let action = canonical(d, action);
    if !offered(&d.actions, &action) {
        return Err(explain(state, d, &action));
    }
    team::check(state, d, player, &action)?;
    // A shared window (team.rs, `shared`): one player's "done" passes for himself only, and
    // the window stays open for the teammate.
    if let (Some(role), Action::Done, None) = (player.role, &action, state.team_passed)
        && team::shared(state, d)
    {
        state.team_passed = Some(role);
        state.version += 1;
        let name = TeamRole { faction: seat, colour: role }.name();
        let text = format!("The {name} declines; the choice stays open for the teammate");
        let events = vec![Event { audience: Audience::Public, kind: EventKind::Note { text } }];
        return Ok(Applied { events, rolls: Vec::new(), next: pending(state) });
    }
    // Any other answer closes the window for both (`apply_offered`).
    apply_offered(state, action, Atomic::Yes, Telling::Kept)
}

/// Whether `apply_offered` keeps the state untouched should a handler refuse the action.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Atomic {
    /// Work on a copy where a handler could refuse (what `apply` promises).
    Yes,
    /// Change the state in place: a refusal of an offered action is an engine bug, and panics
    /// rather than go on with a state no one can trust.
    No,
}

/// Whether `apply_offered` keeps the events an action tells.
#[derive(Clone, Copy)]
pub(super) enum Telling {
    /// Keep them (every player, every front end).
    Kept,
    /// Drop them as they come: for a caller that never reads them (random playouts, the
    /// computer's search). The state changes the same.
    Untold,
}

impl Telling {
    fn ctx(self, s: &mut State) -> Ctx<'_> {
        match self {
            Telling::Kept => Ctx::new(s),
            Telling::Untold => Ctx::untold(s),
        }
    }
}

/// Applies an action known to be among the legal ones of the pending decision. It closes a
/// shared window one teammate declined (`team_passed`) for both players, whoever answers and
/// however (by action or by option number): the next decision is asked afresh, and the
/// automatic steps after the action must see it so.
pub(super) fn apply_offered(
    state: &mut State,
    action: Action,
    atomic: Atomic,
    telling: Telling,
) -> Result<Applied, RuleError> {
    if atomic == Atomic::No || refuses_nothing(state, &action) {
        state.team_passed = None;
        let mut ctx = telling.ctx(state);
        // Handlers refuse only actions their decision does not offer: a refusal here is a bug,
        // and the state is no longer the one before it.
        dispatch(&mut ctx, action)
            .unwrap_or_else(|e| panic!("engine bug: an offered action was refused: {e}"));
        let next = advance_to(&mut ctx);
        let (events, rolls) = (ctx.events, ctx.rolls);
        state.version += 1;
        return Ok(Applied { events, rolls, next });
    }
    let mut after = state.clone();
    after.team_passed = None;
    let mut ctx = telling.ctx(&mut after);
    dispatch(&mut ctx, action)?;
    let next = advance_to(&mut ctx);
    let (events, rolls) = (ctx.events, ctx.rolls);
    after.version += 1;
    *state = after;
    Ok(Applied { events, rolls, next })
}

/// Whether an action is one of the legal ones: `actions.contains(action)`, with the long lists
/// (hundreds of assignments or activations, compared at every action) scanned by their fields
/// instead of calling the whole enum's comparison for each.
fn offered(actions: &[Action], action: &Action) -> bool {
    match *action {
        Action::Assign { mission, leaders } => actions
            .iter()
            .any(|x| matches!(*x, Action::Assign { mission: m, leaders: l } if m == mission && l == leaders)),
        Action::Activate { place, leader } => actions
            .iter()
            .any(|x| matches!(*x, Action::Activate { place: p, leader: l } if p == place && l == leader)),
        _ => {
            let kind = std::mem::discriminant(action);
            actions.iter().any(|x| std::mem::discriminant(x) == kind && x == action)
        }
    }
}

/// Whether `dispatch` cannot refuse this legal action, so `apply` may change the state in
/// place; it works on a copy for the others, whose handlers may still refuse after changing
/// something. In place: revealing the base; an answer to a Setup, Assignment, Command or
/// Refresh step or a combat, whose handlers return no error; and a move of an activation, a
/// Rapid Mobilization choice or an answer to a mission's opposition, whose handlers refuse
/// only actions their decisions never offer.
fn refuses_nothing(s: &State, action: &Action) -> bool {
    matches!(action, Action::RevealBase)
        || matches!(
            s.stack.last(),
            Some(
                Frame::Setup(_)
                    | Frame::Assignment(_)
                    | Frame::Command(_)
                    | Frame::Refresh(_)
                    | Frame::Combat(_)
                    | Frame::Activation(_)
                    | Frame::Mobilize(_)
            )
        )
        || matches!(s.stack.last(), Some(Frame::Mission(m)) if m.step == mission::MissionStep::Oppose)
}

/// Accepts the two leaders of an assignment in either order.
fn canonical(d: &Decision, action: Action) -> Action {
    if let Action::Assign { mission, leaders } = &action
        && leaders.len() == 2
    {
        let swapped = Action::Assign { mission: *mission, leaders: Leaders::two(leaders[1], leaders[0]) };
        if offered(&d.actions, &swapped) {
            return swapped;
        }
    }
    action
}

/// Hands the action to the handler of the top frame.
fn dispatch(ctx: &mut Ctx, action: Action) -> Result<(), RuleError> {
    if matches!(action, Action::RevealBase) {
        // Legal at any Rebel decision of a Rebel turn: the step waiting stays as it is.
        victory::reveal_base(ctx);
        return Ok(());
    }
    let top = ctx.s.stack.pop().expect("a decision implies a frame");
    let frames = match top {
        Frame::Setup(f) => setup::act(ctx, f, action),
        Frame::Assignment(f) => assignment::act(ctx, f, action),
        Frame::Command(f) => command::act(ctx, f, action),
        Frame::Activation(f) => movement::act(ctx, f, action)?,
        Frame::Mission(f) => mission::act(ctx, f, action)?,
        Frame::Combat(f) => combat::act(ctx, f, action)?,
        Frame::Card(f) => cards::run::act(ctx, f, action)?,
        Frame::Mobilize(f) => mobilize::act(ctx, f, action)?,
        Frame::Refresh(f) => refresh::act(ctx, f, action),
        Frame::PoolLimit(f) => pool_limit::act(ctx, f, action)?,
        Frame::Window(f) => rise_of_the_empire::windows::act(ctx, f, action)?,
    };
    ctx.s.stack.extend(frames);
    Ok(())
}

/// Runs automatic steps until a player must decide or the game ends. Returns the decision it
/// stopped at (what `decision` says of the state it leaves).
pub fn advance(ctx: &mut Ctx) -> Option<Decision> {
    match advance_to(ctx)? {
        Pending::Built(d) => Some(d),
        Pending::Listed(..) => decision(ctx.s),
    }
}

/// [`advance`], returning the decision as a position keeps it (`pending`): a listed turn is
/// left unbuilt.
///
/// Async players are not stopped for nothing: a decision whose only legal answer is `done` is
/// answered for its seat, and so is a card's choice with one possible answer. Not so for a
/// decision that is `always_asked`: whether a seat is asked, and what the public view says
/// about it, is decided from what its opponent may know (`asking.rs`) — answering for the seat
/// only when its hidden cards or base leave no choice would tell the opponent so.
pub(super) fn advance_to(ctx: &mut Ctx) -> Option<Pending> {
    for _ in 0..100_000 {
        victory::update_markers(ctx);
        if victory::check(ctx) {
            return None;
        }
        // Rise of the Empire: a pool over the limit is trimmed before anything else goes on.
        if let Some(faction) = pool_limit::over(ctx.s)
            && !matches!(ctx.s.stack.last(), Some(Frame::PoolLimit(_)))
        {
            ctx.s.stack.push(Frame::PoolLimit(pool_limit::PoolLimit { faction }));
        }
        // Rise of the Empire: target markers taken, and what removing one does.
        if targets::step(ctx) {
            continue;
        }
        if let Some(p) = pending(ctx.s) {
            // A listed decision offers more than `done` and is no card's choice: it is asked.
            let Pending::Built(d) = p else { return Some(p) };
            if d.always_asked {
                return Some(Pending::Built(d));
            }
            if matches!(d.actions.as_slice(), [Action::Done]) {
                dispatch(ctx, Action::Done).expect("done is legal");
                continue;
            }
            // A card's choice with one possible answer is no choice: take it (async players are
            // not asked to click a forced move).
            if d.kind == PromptKind::CardChoice && d.actions.len() == 1 {
                let only = d.actions[0].clone();
                if dispatch(ctx, only).is_ok() {
                    continue;
                }
                // The failed answer may have changed the state (its frame is gone): ask again.
                return pending(ctx.s);
            }
            return Some(Pending::Built(d));
        }
        let top = ctx.s.stack.pop()?;
        let frames = match top {
            Frame::Setup(f) => setup::auto(ctx, f),
            Frame::Assignment(f) => assignment::auto(ctx, f),
            Frame::Command(f) => command::auto(ctx, f),
            Frame::Activation(f) => movement::auto(ctx, f),
            Frame::Mission(f) => mission::auto(ctx, f),
            Frame::Combat(f) => combat::auto(ctx, f),
            Frame::Card(f) => cards::run::auto(ctx, f),
            Frame::Mobilize(f) => mobilize::auto(ctx, f),
            Frame::Refresh(f) => refresh::auto(ctx, f),
            Frame::PoolLimit(f) => pool_limit::auto(ctx, f),
            Frame::Window(f) => rise_of_the_empire::windows::auto(ctx, f),
        };
        ctx.s.stack.extend(frames);
    }
    panic!("engine made no progress: {:?}", ctx.s.stack);
}

/// Builds the most helpful error for an action that is not among the legal ones.
fn explain(s: &State, d: &Decision, a: &Action) -> RuleError {
    let same_kind = d.actions.iter().any(|x| std::mem::discriminant(x) == std::mem::discriminant(a));
    // A mission that cannot be revealed at all deserves its own reason, not "wrong step".
    if let (Some(Frame::Command(_)), Action::Reveal { .. }) = (s.stack.last(), a) {
        return command::explain(s, d.seat, a);
    }
    if !same_kind {
        let mut verbs: Vec<String> =
            d.actions.iter().map(|x| x.command().split(' ').next().unwrap_or("").to_string()).collect();
        verbs.dedup();
        verbs.sort();
        verbs.dedup();
        return RuleError::WrongStep {
            expected: format!("you must {} (possible: {})", d.kind.describe(), verbs.join(", ")),
        };
    }
    match s.stack.last() {
        Some(Frame::Command(_)) => command::explain(s, d.seat, a),
        Some(Frame::Assignment(_)) => assignment::explain(s, d.seat, a),
        Some(Frame::Activation(f)) => movement::explain(s, f, a),
        Some(Frame::Card(f)) => cards::run::explain(s, f, a),
        Some(Frame::PoolLimit(_)) => pool_limit::refusal(a),
        Some(Frame::Window(_)) => rise_of_the_empire::windows::refusal(a),
        _ => illegal("Legal options", format!("`{}` is not one of the options now", a.command())),
    }
}
