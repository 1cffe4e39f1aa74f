//! Information-set Monte Carlo tree search (single-observer ISMCTS).
//!
//! Each iteration draws a world the deciding seat cannot tell from the real one
//! (`determinize`), walks the tree choosing among the actions legal *in that world* by UCB with
//! availability counts, adds one node, plays a short playout with the heuristic policy, and
//! backs up the evaluation of where it ends. The root's actions are the seat's own options
//! (the same in every world); the answer is the most visited.
//!
//! The tree is generic over the game: a [`World`] is one imagined position of it (Rebellion's
//! is its `Position`, implemented here; Empire vs. Rebellion's is in `bot/evr`).

use crate::content::Faction;
use crate::engine::rebellion::{Action, Position, State};
use crate::engine::rng::GameRng;

use std::time::{Duration, Instant};

use super::determinize::determinize;
use super::eval;
use super::policy;
use super::{Budget, MAX_THINK_MS};

/// One imagined position of a two-sided game that the search can play forward: what it needs
/// of a game and of its determinization, playout policy and evaluation.
pub trait World: Sized {
    /// The real state the seat decides in (read only through `imagine`).
    type Real;
    /// An answer to a decision.
    type Action: Clone + PartialEq;
    /// A world `seat` cannot tell from the real state, drawn with `rng`.
    fn imagine(real: &Self::Real, seat: Faction, rng: &mut GameRng) -> Self;
    /// Who decides now and every legal action, or `None` when the game is over.
    fn decision(&self) -> Option<(Faction, &[Self::Action])>;
    /// Applies one action of `seat`; `false` (and nothing changed) when it is refused.
    fn apply(&mut self, seat: Faction, action: Self::Action) -> bool;
    /// The action the playout policy takes among `options` (positions in the decision's
    /// actions).
    fn pick(&self, options: &[usize], rng: &mut GameRng) -> usize;
    /// Plays up to `steps` actions with the playout policy.
    fn playout(&mut self, steps: usize, rng: &mut GameRng);
    /// The Rebels' chance of winning from here (0..1).
    fn rebel_value(&self) -> f64;
    /// How many actions a playout plays from the root before the evaluation judges it.
    const PLAYOUT_ACTIONS: usize = PLAYOUT_ACTIONS;
}

/// Rebellion's world: a determinized position, played by `policy`, judged by `eval`.
impl World for Position {
    type Real = State;
    type Action = Action;
    fn imagine(real: &State, seat: Faction, rng: &mut GameRng) -> Self {
        Position::new(determinize(real, seat, rng))
    }
    fn decision(&self) -> Option<(Faction, &[Action])> {
        Position::decision(self).map(|d| (d.seat, d.actions.as_slice()))
    }
    fn apply(&mut self, seat: Faction, action: Action) -> bool {
        Position::apply(self, seat, action).is_ok()
    }
    fn pick(&self, options: &[usize], rng: &mut GameRng) -> usize {
        policy::pick(self, options, rng)
    }
    fn playout(&mut self, steps: usize, rng: &mut GameRng) {
        policy::playout(self, steps, rng)
    }
    fn rebel_value(&self) -> f64 {
        eval::rebel_value(self.state())
    }
}

/// The UCB exploration constant (values lie in 0..1).
const EXPLORATION: f64 = 0.7;
/// How many actions a playout plays before the evaluation judges the position.
pub const PLAYOUT_ACTIONS: usize = 12;

/// The position of the highest of `values`, ties broken at random with `rng` (one draw);
/// `None` when there are none.
pub fn best_at_random(values: &[f64], rng: &mut GameRng) -> Option<usize> {
    let top = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let best: Vec<usize> = (0..values.len()).filter(|&i| values[i] >= top - 1e-12).collect();
    best.get(rng.below(best.len().max(1))).copied()
}

/// The value for `seat` of each of `options` in world `w`, one action ahead (0 for an option
/// the world refuses).
pub fn one_ply<W: World + Clone>(w: &W, seat: Faction, options: &[W::Action]) -> Vec<f64> {
    let value = |t: &W| if seat == Faction::Rebel { t.rebel_value() } else { 1.0 - t.rebel_value() };
    options
        .iter()
        .map(|a| {
            let mut t = w.clone();
            if t.apply(seat, a.clone()) { value(&t) } else { 0.0 }
        })
        .collect()
}

/// A one-ply greedy player: in one world imagined with a stream from `seed`, the option of
/// `seat` among `options` that is best one action ahead, ties broken at random.
pub fn greedy<W: World + Clone>(
    real: &W::Real,
    seat: Faction,
    options: &[W::Action],
    seed: u64,
) -> Option<usize> {
    let mut rng = GameRng::from_seed(seed);
    let world = W::imagine(real, seat, &mut rng);
    best_at_random(&one_ply(&world, seat, options), &mut rng)
}

/// One node: the action that led here, by whom, and its statistics.
struct Node<A> {
    /// Who took the action leading here (values are from their side).
    mover: Faction,
    /// The action leading here (`None` at the root).
    action: Option<A>,
    /// Times this node was visited.
    visits: f64,
    /// Times it was available to be chosen at its parent.
    avail: f64,
    /// Sum of the mover's values of the playouts through it.
    total: f64,
    /// Child node indices.
    children: Vec<usize>,
}

/// A search tree over one decision, in worlds of type `W`.
pub struct Tree<W: World> {
    nodes: Vec<Node<W::Action>>,
    seat: Faction,
}

impl<W: World> Tree<W> {
    /// A tree for the decision of `seat` among `root_actions`, each given a prior: `priors[i]`
    /// is the value of action `i` from one-ply evaluation, counted as `weight` visits.
    pub fn new(seat: Faction, root_actions: &[W::Action], priors: &[f64], weight: f64) -> Self {
        let mut nodes = vec![Node {
            mover: seat.opponent(),
            action: None,
            visits: 0.0,
            avail: 0.0,
            total: 0.0,
            children: vec![],
        }];
        for (i, a) in root_actions.iter().enumerate() {
            let prior = priors.get(i).copied().unwrap_or(0.5);
            nodes.push(Node {
                mover: seat,
                action: Some(a.clone()),
                visits: weight,
                avail: weight,
                total: prior * weight,
                children: vec![],
            });
        }
        nodes[0].children = (1..=root_actions.len()).collect();
        nodes[0].visits = weight * root_actions.len() as f64;
        Tree { nodes, seat }
    }

    /// Runs one iteration from the real state `s` (never read beyond what `determinize` keeps).
    pub fn iterate(&mut self, s: &W::Real, rng: &mut GameRng) {
        let mut w = W::imagine(s, self.seat, rng);
        let mut path = vec![0usize];
        let mut node = 0usize;
        let mut depth = 0usize;
        while let Some((seat, actions)) = w.decision() {
            // Children legal in this world, and the actions not yet tried here (positions in
            // the decision's actions). At the root they are the seat's own options, each a
            // child already.
            let mut present: Vec<usize> = vec![];
            let mut untried: Vec<usize> = vec![];
            if node == 0 {
                present.extend(self.nodes[0].children.iter().copied());
            } else {
                for (i, a) in actions.iter().enumerate() {
                    match self.nodes[node]
                        .children
                        .iter()
                        .find(|&&c| self.nodes[c].action.as_ref() == Some(a))
                    {
                        Some(&c) => present.push(c),
                        None => untried.push(i),
                    }
                }
            }
            if present.is_empty() && untried.is_empty() {
                break;
            }
            if !untried.is_empty() {
                let a = actions[w.pick(&untried, rng)].clone();
                if !w.apply(seat, a.clone()) {
                    break;
                }
                let child = self.nodes.len();
                self.nodes.push(Node {
                    mover: seat,
                    action: Some(a),
                    visits: 0.0,
                    avail: 0.0,
                    total: 0.0,
                    children: vec![],
                });
                self.nodes[node].children.push(child);
                path.push(child);
                depth += 1;
                break;
            }
            for &c in &present {
                self.nodes[c].avail += 1.0;
            }
            let best = present
                .iter()
                .copied()
                .max_by(|&a, &b| self.ucb(a).total_cmp(&self.ucb(b)))
                .expect("a legal child");
            let a = self.nodes[best].action.clone().expect("a child has an action");
            if !w.apply(seat, a) {
                break;
            }
            path.push(best);
            node = best;
            depth += 1;
        }
        w.playout(W::PLAYOUT_ACTIONS.saturating_sub(depth / 2), rng);
        let rebel = w.rebel_value();
        for &n in &path {
            let node = &mut self.nodes[n];
            node.visits += 1.0;
            node.total += if node.mover == Faction::Rebel { rebel } else { 1.0 - rebel };
        }
    }

    fn ucb(&self, c: usize) -> f64 {
        let n = &self.nodes[c];
        if n.visits == 0.0 {
            return f64::INFINITY;
        }
        n.total / n.visits + EXPLORATION * (n.avail.max(1.0).ln() / n.visits).sqrt()
    }

    /// The root action chosen: the most visited (then the best valued), as an index into the
    /// root actions.
    pub fn best(&self) -> usize {
        let root = &self.nodes[0];
        let key = |c: usize| (self.nodes[c].visits, self.nodes[c].total / self.nodes[c].visits.max(1e-9));
        let best = root
            .children
            .iter()
            .copied()
            .max_by(|&a, &b| key(a).partial_cmp(&key(b)).unwrap_or(std::cmp::Ordering::Equal))
            .expect("the root has actions");
        best - 1
    }

    /// The root actions, best first: [`Tree::best`], then the rest by the same order (most
    /// visited, then best valued). Each with its visits (priors included) and mean value for
    /// the deciding seat.
    pub fn ranking(&self) -> Vec<(usize, f64, f64)> {
        let best = self.best();
        let stats = |i: usize| {
            let n = &self.nodes[i + 1];
            (i, n.visits, n.total / n.visits.max(1e-9))
        };
        let mut rest: Vec<(usize, f64, f64)> =
            (0..self.nodes[0].children.len()).filter(|&i| i != best).map(stats).collect();
        rest.sort_by(|a, b| (b.1, b.2).partial_cmp(&(a.1, a.2)).unwrap_or(std::cmp::Ordering::Equal));
        std::iter::once(stats(best)).chain(rest).collect()
    }

    /// Runs iterations from the real state `s` until `budget` is spent (a time counted from
    /// `started`); returns how many ran.
    pub fn run(&mut self, s: &W::Real, budget: Budget, started: Instant, rng: &mut GameRng) -> u32 {
        let mut iterations = 0u32;
        loop {
            let done = match budget {
                Budget::Iterations(n) => iterations >= n,
                Budget::Millis(ms) => started.elapsed() >= Duration::from_millis(ms.min(MAX_THINK_MS)),
            };
            if done {
                break;
            }
            self.iterate(s, rng);
            iterations += 1;
        }
        iterations
    }

    /// Nodes in the tree (for statistics).
    pub fn size(&self) -> usize {
        self.nodes.len()
    }
}
