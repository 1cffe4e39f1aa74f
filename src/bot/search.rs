//! Information-set Monte Carlo tree search (single-observer ISMCTS).
//!
//! Each iteration draws a world the deciding seat cannot tell from the real one
//! (`determinize`), walks the tree choosing among the actions legal *in that world* by UCB with
//! availability counts, adds one node, plays a short playout with the heuristic policy, and
//! backs up the evaluation of where it ends. The root's actions are the seat's own options
//! (the same in every world); the answer is the most visited.

use crate::content::Faction;
use crate::engine::rebellion::{Action, Position, State};
use crate::engine::rng::GameRng;

use super::determinize::determinize;
use super::eval;
use super::policy;

/// The UCB exploration constant (values lie in 0..1).
const EXPLORATION: f64 = 0.7;
/// How many actions a playout plays before the evaluation judges the position.
pub const PLAYOUT_ACTIONS: usize = 12;

/// One node: the action that led here, by whom, and its statistics.
struct Node {
    /// Who took the action leading here (values are from their side).
    mover: Faction,
    /// The action leading here (`None` at the root).
    action: Option<Action>,
    /// Times this node was visited.
    visits: f64,
    /// Times it was available to be chosen at its parent.
    avail: f64,
    /// Sum of the mover's values of the playouts through it.
    total: f64,
    /// Child node indices.
    children: Vec<usize>,
}

/// A search tree over one decision.
pub struct Tree {
    nodes: Vec<Node>,
    seat: Faction,
}

impl Tree {
    /// A tree for the decision of `seat` among `root_actions`, each given a prior: `priors[i]`
    /// is the value of action `i` from one-ply evaluation, counted as `weight` visits.
    pub fn new(seat: Faction, root_actions: &[Action], priors: &[f64], weight: f64) -> Self {
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
    pub fn iterate(&mut self, s: &State, rng: &mut GameRng) {
        let mut w = Position::new(determinize(s, self.seat, rng));
        let mut path = vec![0usize];
        let mut node = 0usize;
        let mut depth = 0usize;
        while let Some(d) = w.decision() {
            // Children legal in this world, and the actions not yet tried here (positions in
            // the decision's actions). At the root they are the seat's own options, each a
            // child already.
            let mut present: Vec<usize> = vec![];
            let mut untried: Vec<usize> = vec![];
            if node == 0 {
                present.extend(self.nodes[0].children.iter().copied());
            } else {
                for (i, a) in d.actions.iter().enumerate() {
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
            let seat = d.seat;
            if !untried.is_empty() {
                let a = d.actions[policy::pick(&w, &untried, rng)].clone();
                if w.apply(seat, a.clone()).is_err() {
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
            if w.apply(seat, a).is_err() {
                break;
            }
            path.push(best);
            node = best;
            depth += 1;
        }
        policy::playout(&mut w, PLAYOUT_ACTIONS.saturating_sub(depth / 2), rng);
        let rebel = eval::rebel_value(w.state());
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

    /// Nodes in the tree (for statistics).
    pub fn size(&self) -> usize {
        self.nodes.len()
    }
}
