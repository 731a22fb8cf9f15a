//! The `mcts` bot: information-set Monte Carlo tree search.
//!
//! Cowling, Powley and Whitehouse (2012), "Information Set Monte Carlo Tree Search". Each
//! iteration samples the hidden facts anew from what the seat knows
//! ([`View::determinize`]), walks the tree with UCT restricted to the answers that exist in
//! that sample (counting, per child, how often it was available), adds one node, plays the
//! game out, and credits every node with the result of the seat that chose it.
//!
//! A node is an answer as the seat whose tree it is sees it ([`Game::action_key`]), so a
//! tree never branches on what that seat cannot see: with [`TreeKind::Single`] the
//! searching seat's tree merges the face-down cards of the others into one node each, and
//! with [`TreeKind::Multi`] every seat chooses in a tree of its own, keyed by its own view.
//! [`TreeKind::Open`] keys nodes by the exact answer (others then best-respond to a card
//! they should not see); it is there to measure what honesty gains.

mod reward;
mod tree;

use arrayvec::ArrayVec;
use floe_core::{ActionList, FloeRng, Game, GreedyLookahead, MAX_ACTIONS, MAX_SEATS, Seat, View};
use rand::RngExt;
use std::time::{Duration, Instant};

use crate::{Bot, GreedyBot};
pub use reward::Reward;
use tree::{Arena, Node, Step, regret_pick, uct};
pub use tree::{NodeStats, TreeKind};

/// How playouts choose answers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rollout {
    /// Uniformly at random.
    Random,
    /// With a depth-0 greedy bot for every seat (stronger, slower).
    Greedy,
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
    tree: TreeKind,
    reward: Reward,
    /// Turns a playout plays before it is judged by the seats' standings; 0 for none.
    playout_turns: u32,
    /// The seat searching in the current decision.
    me: Seat,
    /// The score bounds of the current decision's table (for [`Reward::Score`]).
    bounds: (i32, i32),
    /// The nodes of every tree of the current decision; cleared, never shrunk.
    arena: Arena<G::ActionKey>,
    /// The root of each tree: one tree per seat ([`TreeKind::Multi`], tree `s` is seat
    /// `s`'s), else only the searching seat's.
    roots: ArrayVec<u32, MAX_SEATS>,
    /// Where each tree's walk stands in the current iteration, and the nodes it passed.
    at: [u32; MAX_SEATS],
    paths: Vec<Vec<Step>>,
    state: Vec<G::State>,
    answers: ActionList<G::Action>,
    /// The key of each of `answers` in the tree choosing it.
    keys: ArrayVec<G::ActionKey, MAX_ACTIONS>,
    playout: GreedyBot<G>,
}

impl<G: Game> MctsBot<G> {
    /// Returns a bot running `iters` iterations per decision with exploration `c`, one
    /// [`TreeKind::Single`] tree and [`Reward::Score`], the stronger tree and reward
    /// in the `mcts-trees` and `mcts-rewards` experiments.
    pub fn new(iters: u32, c: f64, rollout: Rollout) -> MctsBot<G> {
        MctsBot {
            iters,
            time_limit: None,
            c,
            rollout,
            tree: TreeKind::Single,
            reward: Reward::Score,
            playout_turns: 0,
            me: Seat(0),
            bounds: (0, 0),
            arena: Arena::new(),
            roots: ArrayVec::new(),
            at: [0; MAX_SEATS],
            paths: Vec::new(),
            state: Vec::new(),
            answers: ActionList::new(),
            keys: ArrayVec::new(),
            playout: GreedyBot::new(
                0.5,
                GreedyLookahead {
                    depth: 0,
                    ..G::GREEDY
                },
            ),
        }
    }

    /// Searches with the tree(s) of `kind`.
    pub fn with_tree(mut self, kind: TreeKind) -> MctsBot<G> {
        self.tree = kind;
        self
    }

    /// Backs up `reward`.
    pub fn with_reward(mut self, reward: Reward) -> MctsBot<G> {
        self.reward = reward;
        self
    }

    /// Cuts each playout after `turns` turns (0: never) and judges it by the seats'
    /// [`Game::standing`] (see [`Reward`]): for games whose random playouts rarely end.
    pub fn with_playout_turns(mut self, turns: u32) -> MctsBot<G> {
        self.playout_turns = turns;
        self
    }

    /// Limits each decision's search to `limit` of wall time as well as `iters` iterations.
    /// Answers then depend on the machine's speed and load, so runs are not reproducible;
    /// and as the tree's size is not known in advance, its arena grows while it searches
    /// (allocating until it reaches the largest tree it needs).
    pub fn with_time_limit(mut self, limit: Duration) -> MctsBot<G> {
        self.time_limit = Some(limit);
        self
    }

    /// Returns the tree (an index into `roots`) where `actor` chooses, and its owner.
    fn tree_of(&self, actor: Seat) -> (usize, Seat) {
        match self.tree {
            TreeKind::Multi => (actor.index(), actor),
            TreeKind::Single | TreeKind::Open => (0, self.me),
        }
    }

    /// Returns the owner of tree `t`.
    fn owner(&self, t: usize) -> Seat {
        match self.tree {
            TreeKind::Multi => Seat(t as u8),
            TreeKind::Single | TreeKind::Open => self.me,
        }
    }

    /// Moves tree `t`'s walk to the child keyed `key` of an answer by `actor`, making the
    /// child if the tree has none yet; returns whether it made one.
    fn descend(&mut self, t: usize, key: G::ActionKey, actor: Seat, chance: f64) -> bool {
        let (child, made) = match self.arena.child_with(self.at[t], key) {
            Some(child) => (child, false),
            None => (self.arena.add_child(self.at[t], key, actor), true),
        };
        self.at[t] = child;
        self.paths[t].push(Step {
            node: child,
            chance,
        });
        made
    }

    /// Returns whether `actor`, choosing in its own tree, answers unseen by the seat after
    /// it (its first two answers look alike to that seat): a simultaneous choice, where
    /// [`TreeKind::Multi`] picks by regret matching. Only the multi-tree search has other
    /// seats choose in trees of their own, adapting to each other without seeing; in the
    /// single tree the others' unseen answers are drawn at random, and UCB serves.
    fn simultaneous(&self, game: &G, actor: Seat) -> bool {
        let players = self.roots.len();
        if self.tree != TreeKind::Multi || self.answers.len() < 2 || players < 2 {
            return false;
        }
        let next = Seat(((actor.index() + 1) % players) as u8);
        let key = |a| game.action_key(&self.state[0], a, next);
        key(self.answers[0]) == key(self.answers[1])
    }

    /// Chooses the answer of `actor` in its tree `t` (owned by `owner`) at the walk's node:
    /// keys the answers as the owner sees them and counts every child whose answer exists
    /// in this sample as available; picks an untried key at random if there is one, else
    /// a child by regret matching at a [simultaneous](Self::simultaneous) choice and by UCT
    /// elsewhere; then one of the answers with that key at random (several only where
    /// the owner cannot tell another seat's answers apart). Returns the answer and whether
    /// the tree grew.
    fn choose(
        &mut self,
        game: &G,
        t: usize,
        owner: Seat,
        actor: Seat,
        rng: &mut FloeRng,
    ) -> (G::Action, bool) {
        let observer = self.tree.observer(owner, actor);
        let node = self.at[t];
        self.keys.clear();
        let mut untried: ArrayVec<G::ActionKey, MAX_ACTIONS> = ArrayVec::new();
        let mut present: ArrayVec<(G::ActionKey, u32), MAX_ACTIONS> = ArrayVec::new();
        for (i, &action) in self.answers.iter().enumerate() {
            let key = game.action_key(&self.state[0], action, observer);
            self.keys.push(key);
            if self.keys[..i].contains(&key) {
                continue;
            }
            match self.arena.child_with(node, key) {
                Some(child) => {
                    self.arena.nodes[child as usize].available += 1;
                    present.push((key, child));
                }
                None => untried.push(key),
            }
        }
        let (key, chance) = if !untried.is_empty() {
            let n = untried.len() as u32;
            (untried[rng.random_range(0..n) as usize], 0.0)
        } else if self.simultaneous(game, actor) {
            let children: ArrayVec<&Node<G::ActionKey>, MAX_ACTIONS> = present
                .iter()
                .map(|&(_, c)| &self.arena.nodes[c as usize])
                .collect();
            let (i, chance) = regret_pick(&children, rng.random::<f64>());
            (present[i].0, chance)
        } else {
            (self.ucb_pick(&present, rng), 0.0)
        };
        let made = self.descend(t, key, actor, chance);
        let matching = self.keys.iter().filter(|&&k| k == key).count();
        let pick = match matching {
            1 => 0,
            n => rng.random_range(0..n as u32) as usize,
        };
        let (at, _) = self
            .keys
            .iter()
            .enumerate()
            .filter(|&(_, &k)| k == key)
            .nth(pick)
            .expect("the key is among the answers'");
        (self.answers[at], made)
    }

    /// Returns the key of the child in `present` with the best UCT value, a tie broken
    /// at random (one draw per tie: ties are rare but for mirrored statistics, where a
    /// fixed order would let two seats' choices march in step).
    fn ucb_pick(&self, present: &[(G::ActionKey, u32)], rng: &mut FloeRng) -> G::ActionKey {
        let (mut best, mut best_value, mut ties) = (present[0].0, f64::MIN, 0u32);
        for &(key, child) in present {
            let value = uct(&self.arena.nodes[child as usize], self.c);
            if value > best_value {
                (best, best_value, ties) = (key, value, 1);
            } else if value == best_value {
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    best = key;
                }
            }
        }
        best
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
        for (t, &root) in self.roots.iter().enumerate() {
            self.at[t] = root;
            self.paths[t].clear();
            self.paths[t].push(Step {
                node: root,
                chance: 0.0,
            });
        }
        // Selection and expansion, every tree in step, until one of them grows.
        while let Some(actor) = game.to_act(&self.state[0]) {
            let (chooser, owner) = self.tree_of(actor);
            let (action, mut grew) = self.choose(game, chooser, owner, actor, rng);
            for t in (0..self.roots.len()).filter(|&t| t != chooser) {
                let observer = self.tree.observer(self.owner(t), actor);
                let key = game.action_key(&self.state[0], action, observer);
                grew |= self.descend(t, key, actor, 0.0);
            }
            self.step(game, action, rng);
            if grew {
                break;
            }
        }
        let result = self.playout(game, rng);
        for path in &self.paths[..self.roots.len()] {
            self.arena.backup(path, &result);
        }
    }

    /// Plays the iteration's sample on to the end, or for `playout_turns` turns if that is
    /// set, and returns every seat's reward: from the outcome, or from the seats'
    /// standings where the playout was cut.
    fn playout(&mut self, game: &G, rng: &mut FloeRng) -> [f64; MAX_SEATS] {
        let mut turns = 0;
        while let Some(seat) = game.to_act(&self.state[0]) {
            if self.playout_turns > 0 && game.turn_starts(&self.state[0]) {
                turns += 1;
                if turns > self.playout_turns {
                    let players = game.players(&self.state[0]);
                    let mut values = [0.0; MAX_SEATS];
                    for s in Seat::all(players) {
                        let standing = game.standing(&self.state[0], s);
                        values[s.index()] = standing.points + standing.progress;
                    }
                    return self.reward.judged(&values, players, self.bounds);
                }
            }
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
        self.reward.results(&outcome, self.bounds)
    }

    /// Sets up the trees of a new decision of `view`'s seat.
    fn start(&mut self, view: &View<'_, G>, rng: &FloeRng) {
        let game = view.game();
        if self.state.is_empty() {
            // The sample buffer, made from a copy of `rng`, so a fresh bot answers exactly
            // as a warmed-up one.
            self.state.push(view.sample(&mut rng.clone()));
        }
        let players = view.players();
        let trees = match self.tree {
            TreeKind::Multi => players,
            TreeKind::Single | TreeKind::Open => 1,
        };
        if self.paths.len() < trees {
            // The only allocations, sized for any decision: a tree has at most one node
            // per iteration plus its root, and a path is no longer.
            let iters = match self.time_limit {
                None => self.iters as usize,
                Some(_) => 0,
            };
            self.arena.nodes.reserve(trees * (iters + 1));
            self.paths
                .resize_with(trees, || Vec::with_capacity(iters + 2));
        }
        self.me = view.seat();
        self.bounds = game.score_bounds(players);
        self.arena.nodes.clear();
        self.roots.clear();
        for t in 0..trees {
            let root = self.arena.add_root(self.owner(t));
            self.roots.push(root);
        }
    }

    /// Returns the root of `owner`'s tree in the last search: every seat has one with
    /// [`TreeKind::Multi`], only the searching seat otherwise.
    pub fn root(&self, owner: Seat) -> Option<NodeStats<G::ActionKey>> {
        let t = match self.tree {
            TreeKind::Multi => owner.index(),
            TreeKind::Single | TreeKind::Open if owner == self.me => 0,
            TreeKind::Single | TreeKind::Open => return None,
        };
        self.roots.get(t).map(|&id| self.arena.stats(id))
    }

    /// Returns the children of node `id` of the last search, the most recently made first.
    pub fn children(&self, id: u32) -> Vec<NodeStats<G::ActionKey>> {
        self.arena.children(id)
    }

    /// Returns the searching seat's mean result over the last search: the value of the
    /// decision as the search estimates it.
    pub fn root_value(&self) -> f64 {
        self.arena.stats(self.roots[self.tree_of(self.me).0]).mean
    }
}

impl<G: Game> Bot<G> for MctsBot<G> {
    fn act(&mut self, view: &View<'_, G>, answers: &[G::Action], rng: &mut FloeRng) -> G::Action {
        self.start(view, rng);
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
        // The most visited answer; the first listed wins a tie. At its own question a
        // seat tells all its answers apart, so each has its own child.
        let root = self.roots[self.tree_of(self.me).0];
        let mut best = (answers[0], 0u32);
        for &action in answers {
            if let Some(child) = self.arena.child_with(root, view.action_key(action)) {
                let visits = self.arena.nodes[child as usize].visits;
                if visits > best.1 {
                    best = (action, visits);
                }
            }
        }
        best.0
    }
}
