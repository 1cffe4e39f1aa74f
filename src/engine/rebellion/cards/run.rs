//! The one executor of card abilities: a `CardRun` frame carries out a card's declared effects
//! in order; an effect that needs a choice leaves a `Pending` choice and the run waits for it;
//! an effect that starts something bigger (a combat) pushes that frame and the run goes on
//! when it ends.

pub use super::ability::{CardRun, ChoiceOption, Control, Pending};
pub use super::next::Next;
use super::rise_of_the_empire::{self, hands, recruits, targets};
use super::{
    CardRef, Effect, bespoke, combat, decks, intel, leaders, missions, placement, queue, systems, units,
};
use crate::content::*;
use crate::engine::rebellion::action::Action;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::error::{RuleError, illegal};
use crate::engine::rebellion::frame::{Decision, Frame, Frames, PromptKind};
use crate::engine::rebellion::mission::system_ok;
use crate::engine::rebellion::state::{Place, State};

impl CardRun {
    /// A run of `effects` for a card used by `faction`.
    pub fn new(card: CardRef, faction: Faction, effects: Vec<Effect>) -> Self {
        CardRun {
            card,
            faction,
            here: None,
            leaders: vec![],
            target: None,
            effects,
            pending: None,
            rescued: vec![],
            margin: None,
        }
    }
    /// "This system", when the ability happens in one.
    pub fn system(&self) -> Option<SystemId> {
        self.here.and_then(Place::system)
    }
    /// A card-choice decision for `seat`, with the card's name as the first line of context.
    pub fn ask(&self, seat: Faction, actions: Vec<Action>, what: impl Into<String>) -> Decision {
        let mut d = Decision::new(seat, PromptKind::CardChoice, actions);
        d.context.push(format!("{}: {}", self.card.name(), what.into()));
        d
    }
    /// The error for an answer that is not one of the choice's options.
    pub fn wrong(&self, a: &Action) -> RuleError {
        let rule = match self.card {
            CardRef::Mission(_) => "Mission Cards",
            CardRef::Action(_) => "Action Cards",
            CardRef::Objective(_) => "Objective Cards",
        };
        illegal(rule, format!("`{}` is not the choice {} asks for", a.command(), self.card.name()))
    }
}

fn option_open(s: &State, run: &CardRun, o: &ChoiceOption) -> bool {
    let here_ok = match run.system() {
        Some(sys) => o.requires.iter().all(|c| system_ok(s, sys, c)),
        None => o.requires.is_empty(),
    };
    here_ok && can_all(s, run, &o.effects)
}

/// Whether an effect would do anything now (cards are offered only when every effect can).
pub fn can(s: &State, run: &CardRun, e: &Effect) -> bool {
    match e {
        Effect::Systems(op) => systems::can(s, run, op),
        Effect::Units(op) => units::can(s, run, op),
        Effect::Queue(op) => queue::can(s, run, op),
        Effect::Intel(op) => intel::can(s, run, op),
        Effect::Decks(op) => decks::can(s, run, op),
        Effect::Leaders(op) => leaders::can(s, run, op),
        Effect::Combat(op) => combat::can(s, run, op),
        Effect::Missions(op) => missions::can(s, run, op),
        Effect::Placement(op) => placement::can(s, run, op),
        Effect::Bespoke(op) => bespoke::can(s, run, op),
        Effect::Control(Control::ChooseOne { options }) => options.iter().any(|o| option_open(s, run, o)),
        Effect::Targets(op) => targets::can(s, run, op),
        Effect::Recruits(op) => recruits::can(s, run, op),
        Effect::Hands(op) => hands::can(s, run, op),
        Effect::RoteActions(op) => rise_of_the_empire::actions::can(s, run, op),
        Effect::RoteProbes(op) => rise_of_the_empire::probes::can(s, run, op),
    }
}

/// Whether every effect of a list can do something now. An effect that places the card's
/// leader looks ahead: some place must let the effects after it work there.
pub fn can_all(s: &State, run: &CardRun, effects: &[Effect]) -> bool {
    for (i, e) in effects.iter().enumerate() {
        if let Effect::Placement(placement::Op::PlaceLeader { at }) = e {
            return placement::can_place(s, run, at, &effects[i + 1..]);
        }
        if !can(s, run, e) {
            return false;
        }
    }
    true
}

/// Whether an effect could do something now as far as public facts tell: its own test where
/// that reads only what everyone sees (loyalty and system markers, build queues and the
/// supply, leaders, the combat and the mission at hand), and `true` where it may read a secret
/// the opponent cannot rule out (a deck's contents, a hand, the hidden base: units that move
/// to or from the Rebel Base space, probe cards, decks, places a leader may go, bespoke
/// abilities). Decides whether a window opens for a card the seat may or may not hold
/// (`asking.rs`), so it must never read a secret.
pub fn can_publicly(s: &State, run: &CardRun, e: &Effect) -> bool {
    match e {
        Effect::Systems(_)
        | Effect::Queue(_)
        | Effect::Leaders(_)
        | Effect::Combat(_)
        | Effect::Missions(_)
        | Effect::Targets(_)
        | Effect::Recruits(_)
        | Effect::RoteActions(_) => can(s, run, e),
        Effect::Units(_)
        | Effect::Intel(_)
        | Effect::Decks(_)
        | Effect::Placement(_)
        | Effect::Bespoke(_)
        | Effect::Hands(_)
        | Effect::RoteProbes(_) => true,
        Effect::Control(Control::ChooseOne { options }) => options.iter().any(|o| {
            let here_ok = match run.system() {
                Some(sys) => o.requires.iter().all(|c| system_ok(s, sys, c)),
                None => o.requires.is_empty(),
            };
            here_ok && can_all_publicly(s, run, &o.effects)
        }),
    }
}

/// Whether every effect of a list could do something now as far as public facts tell
/// (`can_publicly`); an effect that places the card's leader ends the look (where he may go
/// is not judged).
pub fn can_all_publicly(s: &State, run: &CardRun, effects: &[Effect]) -> bool {
    effects
        .iter()
        .take_while(|e| !matches!(e, Effect::Placement(placement::Op::PlaceLeader { .. })))
        .all(|e| can_publicly(s, run, e))
}

fn start(ctx: &mut Ctx, run: &mut CardRun, e: Effect) -> Next {
    match e {
        Effect::Systems(op) => systems::start(ctx, run, op),
        Effect::Units(op) => units::start(ctx, run, op),
        Effect::Queue(op) => queue::start(ctx, run, op),
        Effect::Intel(op) => intel::start(ctx, run, op),
        Effect::Decks(op) => decks::start(ctx, run, op),
        Effect::Leaders(op) => leaders::start(ctx, run, op),
        Effect::Combat(op) => combat::start(ctx, run, op),
        Effect::Missions(op) => missions::start(ctx, run, op),
        Effect::Placement(op) => placement::start(ctx, run, op),
        Effect::Bespoke(op) => bespoke::start(ctx, run, op),
        Effect::Control(Control::ChooseOne { options }) => Next::Wait(Pending::Choose { options }),
        Effect::Targets(op) => targets::start(ctx, run, op),
        Effect::Recruits(op) => recruits::start(ctx, run, op),
        Effect::Hands(op) => hands::start(ctx, run, op),
        Effect::RoteActions(op) => rise_of_the_empire::actions::start(ctx, run, op),
        Effect::RoteProbes(op) => rise_of_the_empire::probes::start(ctx, run, op),
    }
}

/// The choice the run waits for.
pub fn decision(s: &State, run: &CardRun) -> Option<Decision> {
    match run.pending.as_ref()? {
        Pending::Systems(p) => systems::decision(s, run, p),
        Pending::Units(p) => units::decision(s, run, p),
        Pending::Queue(p) => queue::decision(s, run, p),
        Pending::Intel(p) => intel::decision(s, run, p),
        Pending::Decks(p) => decks::decision(s, run, p),
        Pending::Leaders(p) => leaders::decision(s, run, p),
        Pending::Combat(p) => combat::decision(s, run, p),
        Pending::Missions(p) => missions::decision(s, run, p),
        Pending::Placement(p) => placement::decision(s, run, p),
        Pending::Bespoke(p) => bespoke::decision(s, run, p),
        Pending::Targets(p) => targets::decision(s, run, p),
        Pending::Recruits(p) => recruits::decision(s, run, p),
        Pending::Hands(p) => hands::decision(s, run, p),
        Pending::RoteActions(p) => rise_of_the_empire::actions::decision(s, run, p),
        Pending::RoteProbes(p) => rise_of_the_empire::probes::decision(s, run, p),
        Pending::Choose { options } => {
            let mut actions = vec![];
            let mut d = run.ask(run.faction, vec![], "choose one");
            for (i, o) in options.iter().enumerate() {
                if option_open(s, run, o) {
                    actions.push(Action::Mode { n: i as u8 + 1 });
                    d.context.push(format!("mode {}: {}", i + 1, o.label));
                }
            }
            if actions.is_empty() {
                return None;
            }
            d.actions = actions;
            Some(d)
        }
    }
}

/// Why an answer that is not among the options is refused: the families whose choices can be
/// got wrong in several ways name the rule; otherwise the card's own rule.
pub fn explain(s: &State, run: &CardRun, a: &Action) -> RuleError {
    match run.pending.as_ref() {
        Some(Pending::Systems(p)) => systems::explain(s, run, p, a),
        Some(Pending::Units(p)) => units::explain(s, run, p, a),
        Some(Pending::Queue(p)) => queue::explain(s, run, p, a),
        Some(Pending::Leaders(p)) => leaders::explain(s, run, p, a),
        Some(Pending::Intel(p)) => intel::explain(s, run, p, a),
        Some(Pending::Decks(p)) => decks::explain(s, run, p, a),
        Some(Pending::Bespoke(p)) => bespoke::explain(s, run, p, a),
        Some(Pending::Targets(p)) => targets::explain(s, run, p, a),
        Some(Pending::Recruits(p)) => recruits::explain(s, run, p, a),
        Some(Pending::Hands(p)) => hands::explain(s, run, p, a),
        Some(Pending::RoteActions(p)) => rise_of_the_empire::actions::explain(s, run, p, a),
        Some(Pending::RoteProbes(p)) => rise_of_the_empire::probes::explain(s, run, p, a),
        _ => run.wrong(a),
    }
}

/// Applies the answer to the pending choice.
pub fn act(ctx: &mut Ctx, mut run: Box<CardRun>, a: Action) -> Result<Frames, RuleError> {
    let pending = run.pending.take().ok_or_else(|| run.wrong(&a))?;
    let next = match pending {
        Pending::Systems(p) => systems::act(ctx, &mut run, p, a)?,
        Pending::Units(p) => units::act(ctx, &mut run, p, a)?,
        Pending::Queue(p) => queue::act(ctx, &mut run, p, a)?,
        Pending::Intel(p) => intel::act(ctx, &mut run, p, a)?,
        Pending::Decks(p) => decks::act(ctx, &mut run, p, a)?,
        Pending::Leaders(p) => leaders::act(ctx, &mut run, p, a)?,
        Pending::Combat(p) => combat::act(ctx, &mut run, p, a)?,
        Pending::Missions(p) => missions::act(ctx, &mut run, p, a)?,
        Pending::Placement(p) => placement::act(ctx, &mut run, p, a)?,
        Pending::Bespoke(p) => bespoke::act(ctx, &mut run, p, a)?,
        Pending::Targets(p) => targets::act(ctx, &mut run, p, a)?,
        Pending::Recruits(p) => recruits::act(ctx, &mut run, p, a)?,
        Pending::Hands(p) => hands::act(ctx, &mut run, p, a)?,
        Pending::RoteActions(p) => rise_of_the_empire::actions::act(ctx, &mut run, p, a)?,
        Pending::RoteProbes(p) => rise_of_the_empire::probes::act(ctx, &mut run, p, a)?,
        Pending::Choose { options } => match a {
            Action::Mode { n } if (n as usize) >= 1 && (n as usize) <= options.len() => {
                let chosen = options.into_iter().nth(n as usize - 1).expect("checked range");
                ctx.note(format_args!("{}: {}", run.card.name(), chosen.label));
                let rest = std::mem::take(&mut run.effects);
                run.effects = chosen.effects;
                run.effects.extend(rest);
                Next::Done
            }
            other => return Err(run.wrong(&other)),
        },
    };
    Ok(settle(run, next))
}

fn settle(mut run: Box<CardRun>, next: Next) -> Frames {
    match next {
        Next::Done => vec![Frame::Card(run)],
        Next::Wait(p) => {
            run.pending = Some(p);
            vec![Frame::Card(run)]
        }
        Next::Push(f) => vec![Frame::Card(run), f],
    }
}

/// Carries out effects until one waits for a choice or starts another frame; the run ends
/// when no effect is left. A choice with no legal option is skipped (the effect does nothing).
pub fn auto(ctx: &mut Ctx, mut run: Box<CardRun>) -> Frames {
    if run.pending.is_some() {
        if decision(ctx.s, &run).is_some() {
            return vec![Frame::Card(run)];
        }
        run.pending = None;
    }
    while !run.effects.is_empty() {
        let e = run.effects.remove(0);
        match start(ctx, &mut run, e) {
            Next::Done => {}
            next => return settle(run, next),
        }
    }
    vec![]
}
