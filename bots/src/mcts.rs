//! The `mcts` bot: single-observer information-set Monte Carlo tree search.
//!
//! Cowling, Powley and Whitehouse (2012), "Information Set Monte Carlo Tree Search". Each
//! iteration samples the hidden facts anew from what the seat knows
//! ([`View::determinize`]), walks the tree with UCT restricted to the answers that exist in
//! that sample (counting, per child, how often it was available), adds one node, plays the
//! game out, and credits every node with the result of the seat that chose it. Questions
//! of all seats share the one tree: nodes are keyed by the answers given from the root, so
//! other seats' hidden choices (face-down cards) never split it.

use floe_core::{ActionList, FloeRng, Game, MAX_SEATS, Seat, View, WIN_SHARE_UNITS};
use rand::RngExt;
use std::time::{Duration, Instant};

use crate::{Bot, GreedyBot};

const NONE: u32 = u32::MAX;

/// One node: an answer given by `mover` after its parent's state.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<A> {
    pub(crate) action: Option<A>,
    pub(crate) mover: Seat,
    pub(crate) first_child: u32,
    pub(crate) next_sibling: u32,
    pub(crate) visits: u32,
    /// Times this node's answer could be given when its parent was passed through.
    pub(crate) available: u32,
    /// Sum of `mover`'s results over the playouts through this node.
    pub(crate) reward: f64,
}

/// How playouts choose answers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rollout {
    /// Uniformly at random.
    Random,
    /// With a depth-0 greedy bot for every seat (stronger, slower).
    Greedy,
}

/// The UCT value of a child: its mean result plus `c` times the exploration bonus, with the
/// child's availability count in place of the parent's visits (ISMCTS).
pub(crate) fn uct<A>(node: &Node<A>, c: f64) -> f64 {
    if node.visits == 0 {
        return f64::INFINITY;
    }
    let n = f64::from(node.visits);
    node.reward / n + c * (f64::from(node.available.max(1)).ln() / n).sqrt()
}

/// How often the search checks the clock under a time limit (an iteration takes microseconds).
const CLOCK_EVERY: u32 = 16;

/// Information-set MCTS with a fixed number of iterations per decision, or a time limit.
pub struct MctsBot<G: Game> {
    iters: u32,
    /// Wall time per decision, if limited: the search stops at this or at `iters`.
    time_limit: Option<Duration>,
    c: f64,
    rollout: Rollout,
    /// The tree of the current decision; cleared, never shrunk.
    pub(crate) nodes: Vec<Node<G::Action>>,
    state: Vec<G::State>,
    answers: ActionList<G::Action>,
    path: Vec<u32>,
    playout: GreedyBot<G>,
}

impl<G: Game> MctsBot<G> {
    /// Returns a bot running `iters` iterations per decision with exploration `c`.
    pub fn new(iters: u32, c: f64, rollout: Rollout) -> MctsBot<G> {
        MctsBot {
            iters,
            time_limit: None,
            c,
            rollout,
            nodes: Vec::new(),
            state: Vec::new(),
            answers: ActionList::new(),
            path: Vec::new(),
            playout: GreedyBot::new(0.5, 0),
        }
    }

    /// Limits each decision's search to `limit` of wall time as well as `iters` iterations.
    /// Answers then depend on the machine's speed and load, so runs are not reproducible;
    /// and as the tree's size is not known in advance, its arena grows while it searches
    /// (allocating until it reaches the largest tree it needs).
    pub fn with_time_limit(mut self, limit: Duration) -> MctsBot<G> {
        self.time_limit = Some(limit);
        self
    }

    fn child_with(&self, node: u32, action: G::Action) -> Option<u32> {
        let mut child = self.nodes[node as usize].first_child;
        while child != NONE {
            if self.nodes[child as usize].action == Some(action) {
                return Some(child);
            }
            child = self.nodes[child as usize].next_sibling;
        }
        None
    }

    fn add_child(&mut self, parent: u32, action: G::Action, mover: Seat) -> u32 {
        let id = self.nodes.len() as u32;
        let next_sibling = self.nodes[parent as usize].first_child;
        self.nodes.push(Node {
            action: Some(action),
            mover,
            first_child: NONE,
            next_sibling,
            visits: 0,
            available: 0,
            reward: 0.0,
        });
        self.nodes[parent as usize].first_child = id;
        id
    }

    /// Credits every node on the path with its mover's share of the result.
    pub(crate) fn backup(&mut self, result: &[f64; MAX_SEATS]) {
        for &id in &self.path {
            let node = &mut self.nodes[id as usize];
            node.visits += 1;
            node.reward += result[node.mover.index()];
        }
    }

    /// Carries out `action` in the iteration's sample and lists the next answers.
    fn step(&mut self, game: &G, action: G::Action, rng: &mut FloeRng) {
        game.advance(
            &mut self.state[0],
            action,
            rng,
            &mut self.answers,
            &mut |_| {},
        );
    }

    /// One iteration from a fresh sample of the hidden facts.
    fn iterate(&mut self, view: &View<'_, G>, answers: &[G::Action], rng: &mut FloeRng) {
        let game = view.game();
        view.determinize(rng, &mut self.state[0]);
        self.answers.clear();
        self.answers.extend(answers.iter().copied());
        self.path.clear();
        self.path.push(0);
        let mut node = 0u32;
        // Selection and expansion.
        while let Some(seat) = game.to_act(&self.state[0]) {
            let mut untried: ActionList<G::Action> = ActionList::new();
            let (mut best, mut best_value) = (NONE, f64::MIN);
            for &action in &self.answers {
                match self.child_with(node, action) {
                    Some(child) => {
                        self.nodes[child as usize].available += 1;
                        let value = uct(&self.nodes[child as usize], self.c);
                        if value > best_value {
                            (best, best_value) = (child, value);
                        }
                    }
                    None => untried.push(action),
                }
            }
            let (next, action) = if untried.is_empty() {
                (
                    best,
                    self.nodes[best as usize]
                        .action
                        .expect("a child has an answer"),
                )
            } else {
                let action = untried[rng.random_range(0..untried.len() as u32) as usize];
                (self.add_child(node, action, seat), action)
            };
            self.step(game, action, rng);
            self.path.push(next);
            node = next;
            if !untried.is_empty() {
                break;
            }
        }
        // Playout.
        while let Some(seat) = game.to_act(&self.state[0]) {
            let action = match self.rollout {
                Rollout::Random => {
                    self.answers[rng.random_range(0..self.answers.len() as u32) as usize]
                }
                Rollout::Greedy => {
                    let sample = View::new(game, &self.state[0], seat);
                    self.playout.act(&sample, &self.answers, rng)
                }
            };
            self.step(game, action, rng);
        }
        let outcome = game
            .outcome(&self.state[0])
            .expect("a playout ends the game");
        let result = std::array::from_fn(|s| {
            f64::from(outcome.win_share_units(Seat(s as u8))) / f64::from(WIN_SHARE_UNITS)
        });
        self.backup(&result);
    }
}

impl<G: Game> MctsBot<G> {
    /// Returns, for the last search, each root child's answer, visits and availability,
    /// and the root's visits (for inspecting a search).
    pub fn root_children_visits(&self) -> (Vec<(G::Action, u32, u32)>, u32) {
        let mut children = Vec::new();
        let mut child = self.nodes[0].first_child;
        while child != NONE {
            let n = &self.nodes[child as usize];
            children.push((
                n.action.expect("a child has an answer"),
                n.visits,
                n.available,
            ));
            child = n.next_sibling;
        }
        (children, self.nodes[0].visits)
    }
}

impl<G: Game> Bot<G> for MctsBot<G> {
    fn act(&mut self, view: &View<'_, G>, answers: &[G::Action], rng: &mut FloeRng) -> G::Action {
        if self.state.is_empty() {
            // First decision: the only allocations, sized for any decision (a tree has at
            // most one node per iteration plus the root, and a path is no longer). The
            // sample uses a copy of `rng`, so a fresh bot answers exactly as a warmed-up one.
            self.state.push(view.sample(&mut rng.clone()));
            if self.time_limit.is_none() {
                self.nodes.reserve(self.iters as usize + 1);
                self.path.reserve(self.iters as usize + 2);
            }
        }
        self.nodes.clear();
        self.nodes.push(Node {
            action: None,
            mover: view.seat(),
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            available: 0,
            reward: 0.0,
        });
        let started = Instant::now();
        for i in 0..self.iters {
            let out_of_time = i > 0
                && i % CLOCK_EVERY == 0
                && self
                    .time_limit
                    .is_some_and(|limit| started.elapsed() >= limit);
            if out_of_time {
                break;
            }
            self.iterate(view, answers, rng);
        }
        // The most visited answer; the first listed wins a tie.
        let mut best = (answers[0], 0u32);
        for &action in answers {
            if let Some(child) = self.child_with(0, action) {
                let visits = self.nodes[child as usize].visits;
                if visits > best.1 {
                    best = (action, visits);
                }
            }
        }
        best.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arctic_race::{Action, ArcticRace};

    fn node(visits: u32, available: u32, reward: f64) -> Node<u8> {
        Node {
            action: Some(0),
            mover: Seat(0),
            first_child: NONE,
            next_sibling: NONE,
            visits,
            available,
            reward,
        }
    }

    #[test]
    fn uct_tries_unvisited_children_first_then_balances_mean_and_exploration() {
        assert_eq!(uct(&node(0, 5, 0.0), 0.7), f64::INFINITY);
        // Same visits: the better mean wins.
        assert!(uct(&node(10, 20, 7.0), 0.7) > uct(&node(10, 20, 3.0), 0.7));
        // Same mean: the less visited child gets the larger bonus.
        assert!(uct(&node(2, 20, 1.0), 0.7) > uct(&node(10, 20, 5.0), 0.7));
        // The bonus grows with how often the child was available.
        assert!(uct(&node(4, 100, 2.0), 0.7) > uct(&node(4, 5, 2.0), 0.7));
        // Exactly: mean + c * sqrt(ln(available) / visits).
        let v = uct(&node(4, 20, 3.0), 0.5);
        assert!((v - (0.75 + 0.5 * (20f64.ln() / 4.0).sqrt())).abs() < 1e-12);
    }

    #[test]
    fn backup_credits_each_node_with_its_movers_result() {
        let mut bot: MctsBot<ArcticRace> = MctsBot::new(10, 0.7, Rollout::Random);
        let seats = [0u8, 1, 2, 0];
        for (i, &s) in seats.iter().enumerate() {
            let mut n = Node {
                action: Some(Action::Pass),
                mover: Seat(s),
                first_child: NONE,
                next_sibling: NONE,
                visits: 0,
                available: 0,
                reward: 0.0,
            };
            n.action = if i == 0 { None } else { n.action };
            bot.nodes.push(n);
        }
        bot.path = vec![0, 1, 2, 3];
        let mut result = [0.0; MAX_SEATS];
        result[1] = 0.5;
        result[2] = 0.5;
        bot.backup(&result);
        bot.backup(&[1.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
        let rewards: Vec<f64> = bot.nodes.iter().map(|n| n.reward).collect();
        assert_eq!(rewards, vec![1.0, 0.5, 0.5, 1.0]);
        assert!(bot.nodes.iter().all(|n| n.visits == 2));
    }
}
