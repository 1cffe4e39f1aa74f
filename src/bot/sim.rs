//! Random legal players, for simulation, fuzzing-style tests and benchmarks.

use serde::Serialize;

use std::collections::BTreeMap;

use crate::content::{ByFaction, Faction, UnitId};
use crate::engine::rebellion::state::Units;
use crate::engine::rebellion::{
    Action, Decision, Event, MatchOptions, Options, Position, State, decision, new_game,
};
use crate::engine::rng::GameRng;

/// One applied action, as recorded in a playout.
#[derive(Clone, Debug, Serialize)]
pub struct Step {
    /// Who acted.
    pub seat: Faction,
    /// What they did.
    pub action: Action,
}

/// The result of one random playout.
#[derive(Clone, Debug)]
pub struct Playout {
    /// The match seed.
    pub seed: u64,
    /// The final state.
    pub state: State,
    /// Every applied action, in order.
    pub steps: Vec<Step>,
}

/// Counts the units each faction builds over a match: what its build queue and its units
/// ready to deploy gain from one state to the next (Refresh builds and cards that queue units;
/// sliding the queue and deploying only move or remove units). Build queues are public.
#[derive(Clone, Debug, Default)]
pub struct BuildCount {
    last: ByFaction<Units>,
    /// Units built, per faction and type.
    pub built: BTreeMap<(Faction, UnitId), u64>,
}

impl BuildCount {
    /// Takes the next state of the match into account.
    pub fn see(&mut self, s: &State) {
        for f in Faction::BOTH {
            let mut now = *s.ready.get(f);
            for q in s.build_queue.get(f) {
                for (u, n) in q.iter() {
                    now.add(u, n);
                }
            }
            for (u, n) in now.iter() {
                let before = self.last.get(f).count(u);
                if n > before {
                    *self.built.entry((f, u)).or_default() += u64::from(n - before);
                }
            }
            *self.last.get_mut(f) = now;
        }
    }
}

/// The most actions a playout may take before it is declared stuck (a bug).
pub const MAX_ACTIONS: usize = 200_000;

/// Picks a random legal action for the seat that must decide: every action equally likely,
/// except that the Rebels reveal their own base voluntarily only once in 64 times it is offered.
/// (The reveal is offered at every Rebel choice of a Rebel turn; picked as often as any other
/// option, random games would almost always give the base away in round 1 and never test the
/// hidden-base game.)
pub fn random_action(state: &State, rng: &mut GameRng) -> Option<(Faction, Action)> {
    Some(random_answer(&decision(state)?, rng))
}

/// The random choice of `random_action`, from a decision already worked out.
pub fn random_answer(d: &Decision, rng: &mut GameRng) -> (Faction, Action) {
    (d.seat, d.actions[random_index(d, rng)].clone())
}

/// The position in `d.actions` of `random_answer`'s choice.
pub fn random_index(d: &Decision, rng: &mut GameRng) -> usize {
    random_option(&Options::of(d), rng)
}

/// A random position among a decision's options told by their number alone (`Position::options`,
/// or some of a decision's options), revealing one's own base only once in 64 times it is
/// offered: `decision` offers it, if at all, last (no need to look through hundreds of
/// assignments for it).
pub fn random_option(o: &Options, rng: &mut GameRng) -> usize {
    let n = o.count;
    let others = if o.reveal_base_last { n - 1 } else { n };
    if others == n || others == 0 || rng.below(64) == 0 {
        return rng.below(n);
    }
    rng.below(others)
}

/// Plays a whole match from `seed`, `choose` picking the position of each decision's action
/// (it sees the position, whose decision it may read in full or only count: `Options`);
/// `on_step` sees each action, the state after it and the events it produced.
pub fn playout_by(
    seed: u64,
    options: MatchOptions,
    choose: impl FnMut(&Position, &Options) -> usize,
    mut on_step: impl FnMut(&Step, &State, &[Event]),
) -> Playout {
    play(seed, options, choose, Some(&mut on_step))
}

/// What sees each step of a playout: the action, the state after it and its events.
type OnStep<'a> = &'a mut dyn FnMut(&Step, &State, &[Event]);

/// Plays a whole match as [`playout_by`] does; without `on_step` no events are kept
/// (`Position::play_option`), which the game's course does not depend on.
fn play(
    seed: u64,
    options: MatchOptions,
    mut choose: impl FnMut(&Position, &Options) -> usize,
    mut on_step: Option<OnStep<'_>>,
) -> Playout {
    let mut game = Position::new(new_game(seed, options));
    let mut steps = vec![];
    while let Some(o) = game.options() {
        let i = choose(&game, &o);
        let action = game.option(i).unwrap_or_else(|| panic!("seed {seed}: no option {i} of {}", o.count));
        let step = Step { seat: o.seat, action };
        let applied = match on_step.as_mut() {
            Some(tell) => game.apply_option(i).map(|events| tell(&step, game.state(), &events)),
            None => game.play_option(i),
        };
        if let Err(e) = applied {
            panic!("seed {seed}: legal action {} refused: {e}", step.action.command());
        }
        steps.push(step);
        assert!(steps.len() < MAX_ACTIONS, "seed {seed}: playout did not end");
    }
    Playout { seed, state: game.into_state(), steps }
}

/// Plays a whole match with random legal players; `on_step` sees each action, the state
/// after it and the events it produced.
pub fn playout_with(
    seed: u64,
    options: MatchOptions,
    on_step: impl FnMut(&Step, &State, &[Event]),
) -> Playout {
    playout_by(seed, options, random_chooser(seed), on_step)
}

/// Plays a whole match with random legal players, keeping no events (the benchmarks' and the
/// long checks' workload; the same game as [`playout_with`] plays).
pub fn playout(seed: u64, options: MatchOptions) -> Playout {
    play(seed, options, random_chooser(seed), None)
}

/// The random players of a playout from `seed`.
fn random_chooser(seed: u64) -> impl FnMut(&Position, &Options) -> usize {
    let mut rng = GameRng::from_seed(seed ^ 0x0005_eed0_fa11_ba11);
    move |_, o| random_option(o, &mut rng)
}
