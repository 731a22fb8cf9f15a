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
//!
//! On top of the plain search ([`Settings`] switches each part):
//! - **Judged leaves** ([`Cut`]): a playout may stop after some turns, or not be played at
//!   all, and be judged by the seats' [`Game::standing`] instead of the outcome.
//! - **Priors** (`bias`, `widen`): an estimate of each answer, from the game
//!   ([`Game::answer_estimate`]) or one step ahead judged by the standing, steers selection
//!   as a progressive bias (Chaslot et al. 2008) and orders the answers progressive
//!   widening lets in, a few at first and more as a node is visited.
//! - **Playouts** ([`Rollout`]): uniform, move averages (MAST) or epsilon-greedy on the
//!   standing, beside the slow greedy one.
//! - **Long turns** ([`Turn::Plan`]): the rest of the searching seat's own turn follows a
//!   plan per root answer, found once per decision as the greedy bot searches a turn, so
//!   the iterations go to what follows the turn.
//! - **Common samples** (`paired`): a root answer's n-th iteration plays the decision's
//!   n-th sample of the hidden facts and chance, whichever answer it is.
//! - **Secret simultaneous choices** ([`Simul`]): where the game declares a round of them
//!   ([`Game::secret_round`]), each seat may pick from a strategy of its own kept where
//!   the round opens, by regret matching or Exp3, and the search then answers from its
//!   seat's average strategy. A seat asked after others in the round searches from the
//!   round's opening ([`Game::reopen_round`]), the earlier answers chosen, not drawn.

mod joint;
mod plan;
mod playout;
mod reward;
mod select;
mod settings;
mod tree;

use arrayvec::ArrayVec;
use floe_core::{ActionList, FloeRng, Game, MAX_ACTIONS, MAX_SEATS, Seat, Standing, View};
use rand::{RngExt, SeedableRng};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::greedy::lead;
use crate::learned::Scorer;
use crate::{Bot, GreedyBot, GreedyLookahead};
use floe_onnx::Model;
pub use joint::Simul;
use joint::Strategies;
use plan::Plans;
use playout::MoveAverages;
pub use playout::Rollout;
pub use reward::Reward;
pub use settings::{Cut, Settings, Turn};
use tree::{Arena, Node, Step, regret_pick};
pub use tree::{NodeStats, TreeKind};

/// How often the search checks the clock under a time limit (an iteration takes microseconds).
const CLOCK_EVERY: u32 = 16;

/// Information-set MCTS with a fixed number of iterations per decision, or a time limit.
pub struct MctsBot<G: Game> {
    settings: Settings,
    /// The weight of progress against points where the bot judges as greedy does.
    progress: f64,
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
    /// The iteration's sample (`state[0]`) and a scratch copy to try answers on
    /// (`state[1]`).
    state: Vec<G::State>,
    answers: ActionList<G::Action>,
    /// The answers after an answer tried on the scratch copy.
    scratch: ActionList<G::Action>,
    /// The key of each of `answers` in the tree choosing it.
    keys: ArrayVec<G::ActionKey, MAX_ACTIONS>,
    /// Each of `answers`' estimate, where priors are wanted (room for
    /// [`MAX_ACTIONS`], made with the bot).
    estimates: Vec<f64>,
    averages: MoveAverages<G::ActionKey>,
    playout: GreedyBot<G>,
    /// With [`Turn::Plan`], the plans for the rest of the turn after each root answer.
    plans: Plans<G>,
    /// The plan the iteration follows and how far it has got, until the turn ends or a
    /// planned answer is not on offer in the iteration's sample.
    following: Option<(usize, usize)>,
    /// Each root answer's value, where priors are on: its plan's or its estimate (room for
    /// [`MAX_ACTIONS`], made with the bot).
    root_values: Vec<f64>,
    /// With `paired`, the root answer the iteration takes (chosen before its sample).
    forced: Option<usize>,
    /// With `paired`, the decision's seed of the samples: a root answer's n-th iteration
    /// plays the n-th sample of this seed, whichever answer it is.
    pair_seed: u64,
    /// Set by another thread to end the current search early (see
    /// [`MctsBot::interrupt_on`]).
    interrupt: Option<Arc<AtomicBool>>,
    /// With [`Simul::Regret`] or [`Simul::Exp3`], every seat's strategy at each node
    /// where a secret round opens.
    strategies: Strategies<G::ActionKey>,
    /// Where the secret round the walk is in opened, in each tree, and whether the walk
    /// is in one (a round whose first answers the engine gave, each its seat's only one,
    /// opens where the walk meets it).
    opened: [u32; MAX_SEATS],
    in_round: bool,
    /// Whether the current decision is a secret simultaneous choice searched by its own
    /// strategies (not [`Simul::Tree`]), and whether each sample is reopened at the
    /// round's first question (others answered before the searching seat).
    secret: bool,
    reopen: bool,
    /// What the searching seat knew when the decision's round opened.
    situation: u64,
    /// The searching seat's average strategy over its answers (room for
    /// [`MAX_ACTIONS`], made with the bot).
    shares: Vec<f64>,
    /// A policy network giving the estimates (`prior=`), and a value network judging the
    /// leaves (`value=`), each asked about what the seat in question sees of the sample.
    prior: Option<Scorer>,
    value: Option<Scorer>,
}

impl<G: Game> MctsBot<G> {
    /// Returns a bot searching as `settings` say, whose estimates, greedy playouts and
    /// turn plans weigh progress by `progress` and look ahead as `greedy` says (the game's
    /// greedy bot's defaults).
    pub fn with_settings(settings: Settings, progress: f64, greedy: GreedyLookahead) -> MctsBot<G> {
        MctsBot {
            settings,
            progress,
            me: Seat(0),
            bounds: (0, 0),
            arena: Arena::new(),
            roots: ArrayVec::new(),
            at: [0; MAX_SEATS],
            paths: Vec::new(),
            state: Vec::new(),
            answers: ActionList::new(),
            scratch: ActionList::new(),
            keys: ArrayVec::new(),
            estimates: Vec::with_capacity(MAX_ACTIONS),
            averages: MoveAverages::new(),
            playout: GreedyBot::new(progress, GreedyLookahead { depth: 0, ..greedy }),
            plans: Plans::new(greedy.rest_of_turn),
            following: None,
            forced: None,
            root_values: Vec::with_capacity(MAX_ACTIONS),
            pair_seed: 0,
            interrupt: None,
            strategies: Strategies::new(),
            opened: [0; MAX_SEATS],
            in_round: false,
            secret: false,
            reopen: false,
            situation: 0,
            shares: Vec::with_capacity(MAX_ACTIONS),
            prior: None,
            value: None,
        }
    }

    /// Searches with the networks given: `prior`'s policy as the answers' estimates (the
    /// priors that `bias` weighs and by which `widen` lets answers in) and `value` judging
    /// the leaves, AlphaZero style.
    pub fn with_networks(mut self, prior: Option<Arc<Model>>, value: Option<Arc<Model>>) -> Self {
        self.prior = prior.map(Scorer::new);
        self.value = value.map(Scorer::new);
        self
    }

    /// Ends a search early, with the best answer found so far, once `flag` is set: a
    /// person waiting on a long search (Python's Ctrl-C) need not wait for its end. The
    /// flag is read as often as the clock of a time limit is.
    pub fn interrupt_on(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt = Some(flag);
    }

    /// Returns a plain search: `iters` iterations per decision with exploration `c`, one
    /// [`TreeKind::Single`] tree, [`Reward::Score`], playouts to the end, no priors, root
    /// answers compared on common samples; greedy playouts with [`GreedyLookahead::SEARCH`].
    pub fn new(iters: u32, c: f64, rollout: Rollout) -> MctsBot<G> {
        let settings = Settings {
            iters,
            c,
            rollout,
            ..Settings::PLAIN
        };
        MctsBot::with_settings(settings, 0.5, GreedyLookahead::SEARCH)
    }

    /// Searches with the tree(s) of `kind`.
    pub fn with_tree(mut self, kind: TreeKind) -> MctsBot<G> {
        self.settings.tree = kind;
        self
    }

    /// Returns the settings the bot searches with.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Returns the tree (an index into `roots`) where `actor` chooses, and its owner.
    fn tree_of(&self, actor: Seat) -> (usize, Seat) {
        match self.settings.tree {
            TreeKind::Multi => (actor.index(), actor),
            TreeKind::Single | TreeKind::Open => (0, self.me),
        }
    }

    /// Returns the owner of tree `t`.
    fn owner(&self, t: usize) -> Seat {
        match self.settings.tree {
            TreeKind::Multi => Seat(t as u8),
            TreeKind::Single | TreeKind::Open => self.me,
        }
    }

    /// Moves tree `t`'s walk to the child keyed `key` of an answer by `actor`, making the
    /// child (with `prior`) if the tree has none yet; returns whether it made one.
    fn descend(
        &mut self,
        t: usize,
        key: G::ActionKey,
        actor: Seat,
        chance: f64,
        prior: f64,
    ) -> bool {
        let (child, made) = match self.arena.child_with(self.at[t], key) {
            Some(child) => (child, false),
            None => (self.arena.add_child(self.at[t], key, actor, prior), true),
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
        if self.settings.tree != TreeKind::Multi || self.answers.len() < 2 || players < 2 {
            return false;
        }
        let next = Seat(((actor.index() + 1) % players) as u8);
        let key = |a| game.action_key(&self.state[0], a, next);
        key(self.answers[0]) == key(self.answers[1])
    }

    /// Returns how many children a node visited `visits` times may have: all of them
    /// without progressive widening, else 1 + `widen` times the root of the visits.
    fn width(&self, visits: u32) -> usize {
        if self.settings.widen <= 0.0 {
            return usize::MAX;
        }
        1 + (self.settings.widen * f64::from(visits).sqrt()) as usize
    }

    /// Fills `estimates` with each answer's estimate for `actor`: the game's own where it
    /// gives one, else the actor's lead one step on (the answer carried out on a copy of
    /// the sample, each answer with the same random numbers).
    fn estimate(&mut self, game: &G, actor: Seat, rng: &FloeRng) {
        if let Some(prior) = &mut self.prior {
            let players = game.players(&self.state[0]);
            let seen = game.observe(&self.state[0], actor);
            prior.policy(game, players, &seen, &self.answers, &mut self.estimates);
            return;
        }
        self.estimates.clear();
        for i in 0..self.answers.len() {
            let action = self.answers[i];
            let value = match game.answer_estimate(&self.state[0], action) {
                Some(v) => v,
                None => {
                    let (sample, scratch) = self.state.split_at_mut(1);
                    scratch[0].clone_from(&sample[0]);
                    game.advance(
                        &mut scratch[0],
                        action,
                        &mut rng.clone(),
                        &mut self.scratch,
                        &mut |_| {},
                    );
                    lead(game, &scratch[0], actor, self.progress)
                }
            };
            self.estimates.push(value);
        }
    }

    /// Carries out `action` in the iteration's sample and lists the next answers. Inlined
    /// into the walk and the playout, with the game's own step: the hottest call of the
    /// search.
    #[inline]
    fn step(&mut self, game: &G, action: G::Action, rng: &mut FloeRng) {
        game.advance(
            &mut self.state[0],
            action,
            rng,
            &mut self.answers,
            &mut |_| {},
        );
    }

    /// Returns whether the search learns move averages.
    fn learns_averages(&self) -> bool {
        self.settings.rollout == Rollout::Mast
    }

    /// One iteration from a fresh sample of the hidden facts.
    fn iterate(&mut self, view: &View<'_, G>, answers: &[G::Action], rng: &mut FloeRng) {
        let game = view.game();
        let mut paired;
        let rng = if self.settings.paired && !self.secret {
            let (i, n) = self.pick_root(view, answers, rng);
            self.forced = Some(i);
            paired = FloeRng::seed_from_u64(floe_core::game_seed(self.pair_seed, u64::from(n)));
            &mut paired
        } else {
            rng
        };
        view.determinize(rng, &mut self.state[0]);
        self.answers.clear();
        if self.reopen {
            game.reopen_round(&mut self.state[0]);
            game.legal_actions(&self.state[0], &mut self.answers);
        } else {
            self.answers.extend(answers.iter().copied());
        }
        let rule = self.settings.simul;
        if rule != Simul::Tree {
            self.strategies.start_iteration();
            self.in_round = false;
        }
        for (t, &root) in self.roots.iter().enumerate() {
            self.at[t] = root;
            self.paths[t].clear();
            self.paths[t].push(Step {
                node: root,
                chance: 0.0,
            });
        }
        self.following = None;
        let mut first = true;
        // Selection and expansion, every tree in step, until one of them grows.
        while let Some(actor) = game.to_act(&self.state[0]) {
            if let Some(action) = self.planned(game, actor) {
                self.note(game, actor, action);
                self.step(game, action, rng);
                continue;
            }
            let (chooser, owner) = self.tree_of(actor);
            let secret = match rule {
                Simul::Tree => None,
                _ => game.secret_round(&self.state[0]),
            };
            let (action, mut grew) = match secret {
                Some(answered) => (self.pick_secret(game, chooser, actor, answered, rng), false),
                None => self.choose(game, chooser, owner, actor, rng),
            };
            if first && self.settings.turn == Turn::Plan && !self.secret {
                let i = answers.iter().position(|&a| a == action);
                self.following = i.map(|i| (i, 0));
            }
            first = false;
            for t in (0..self.roots.len()).filter(|&t| t != chooser || secret.is_some()) {
                let observer = self.settings.tree.observer(self.owner(t), actor);
                let key = game.action_key(&self.state[0], action, observer);
                grew |= self.descend(t, key, actor, 0.0, 0.0);
            }
            self.note(game, actor, action);
            self.step(game, action, rng);
            // A secret round is walked to its end: every seat's answer comes from its
            // strategy, never from the playout's, so each pick is credited against the
            // others' strategies.
            let round_goes_on =
                secret.is_some() && game.secret_round(&self.state[0]).is_some_and(|n| n > 0);
            self.in_round = round_goes_on;
            if grew && !round_goes_on {
                break;
            }
        }
        let result = self.playout(game, rng);
        for path in &self.paths[..self.roots.len()] {
            self.arena.backup(path, &result);
        }
        if rule != Simul::Tree {
            self.strategies.credit(rule, &result);
        }
        if self.learns_averages() {
            self.averages.credit(&result);
        }
    }

    /// Notes `actor`'s answer for the move averages, keyed as the searching seat sees it.
    fn note(&mut self, game: &G, actor: Seat, action: G::Action) {
        if self.learns_averages() {
            let observer = self.settings.tree.observer(self.me, actor);
            let key = game.action_key(&self.state[0], action, observer);
            self.averages.note(actor, key);
        }
    }

    /// Returns every seat's reward for the sample as it stands, judged by the value network
    /// (each seat's from what it sees, with the answers it is offered: those on offer for
    /// the seat asked, none for the others, as a learning front end's mask gives them) or
    /// else by the standings.
    fn judge(&mut self, game: &G) -> [f64; MAX_SEATS] {
        let Some(value) = &mut self.value else {
            return judged(game, &self.state[0], self.settings.reward, self.bounds);
        };
        let players = game.players(&self.state[0]);
        let asked = game.to_act(&self.state[0]);
        let mut rewards = [0.0; MAX_SEATS];
        for (s, reward) in rewards.iter_mut().enumerate().take(players) {
            let seat = Seat(s as u8);
            let seen = game.observe(&self.state[0], seat);
            let offered: &[G::Action] = if asked == Some(seat) {
                &self.answers
            } else {
                &[]
            };
            *reward = f64::from(value.run(game, players, &seen, offered)[0]);
        }
        rewards
    }

    /// Plays the iteration's sample on to the end, or until the cut, and returns every
    /// seat's reward: from the outcome, or from the seats' standings where the playout was
    /// cut.
    fn playout(&mut self, game: &G, rng: &mut FloeRng) -> [f64; MAX_SEATS] {
        let mut turns = 0;
        while let Some(seat) = game.to_act(&self.state[0]) {
            if let Cut::Turns(cut) = self.settings.cut
                && turns >= cut
            {
                return self.judge(game);
            }
            let action = self.playout_answer(game, seat, rng);
            self.note(game, seat, action);
            self.step(game, action, rng);
            if game.turn_starts(&self.state[0]) {
                turns += 1;
            }
        }
        let outcome = game
            .outcome(&self.state[0])
            .expect("a playout ends the game");
        self.settings.reward.results(&outcome, self.bounds)
    }

    /// Returns the playout's answer for `seat` to the sample's pending question.
    fn playout_answer(&mut self, game: &G, seat: Seat, rng: &mut FloeRng) -> G::Action {
        if let Some(action) = self.planned(game, seat) {
            return action;
        }
        let n = self.answers.len();
        let explore = |rng: &mut FloeRng, eps: f64| n == 1 || rng.random::<f64>() < eps;
        let at = match self.settings.rollout {
            Rollout::Random => rng.random_range(0..n as u32) as usize,
            Rollout::Greedy => {
                let sample = View::new(game, &self.state[0], seat);
                return self.playout.act(&sample, &self.answers, rng);
            }
            Rollout::Mast if explore(rng, self.settings.epsilon) => {
                rng.random_range(0..n as u32) as usize
            }
            Rollout::Mast => {
                let observer = self.settings.tree.observer(self.me, seat);
                let value = |this: &Self, i: usize| {
                    let key = game.action_key(&this.state[0], this.answers[i], observer);
                    this.averages.mean(seat, key)
                };
                best_of(n, rng, |i| value(self, i))
            }
            Rollout::Standing if explore(rng, self.settings.epsilon) => {
                rng.random_range(0..n as u32) as usize
            }
            Rollout::Standing => {
                self.estimate(game, seat, rng);
                best_of(n, rng, |i| self.estimates[i])
            }
        };
        self.answers[at]
    }

    /// Sets up the trees of a new decision of `view`'s seat.
    fn start(&mut self, view: &View<'_, G>, rng: &FloeRng) {
        let game = view.game();
        if self.state.is_empty() {
            // The sample buffers, made from a copy of `rng`, so a fresh bot answers
            // exactly as a warmed-up one.
            let sample = view.sample(&mut rng.clone());
            self.state.push(sample.clone());
            self.state.push(sample);
        }
        let players = view.players();
        let trees = match self.settings.tree {
            TreeKind::Multi => players,
            TreeKind::Single | TreeKind::Open => 1,
        };
        if self.paths.len() < trees {
            // The only allocations, sized for any decision: a tree has at most one node
            // per iteration plus its root, and a path is no longer.
            let iters = match self.settings.time_limit {
                None => self.settings.iters as usize,
                Some(_) => 0,
            };
            self.arena.nodes.reserve(trees * (iters + 1));
            if self.settings.simul != Simul::Tree {
                self.strategies.reserve(trees * (iters + 1), iters + 2);
            }
            self.paths
                .resize_with(trees, || Vec::with_capacity(iters + 2));
        }
        self.me = view.seat();
        self.bounds = game.score_bounds(players);
        self.arena.nodes.clear();
        if self.learns_averages() {
            // Room for every answer of every seat, and as many hidden keys again.
            self.averages
                .clear(2 * players * game.action_count(players));
        }
        self.strategies.clear();
        self.roots.clear();
        for t in 0..trees {
            let root = self.arena.add_root(self.owner(t));
            self.roots.push(root);
        }
    }

    /// Finds each root answer's value on a sample of the hidden facts drawn from `rng`:
    /// its plan's (the rest of the turn searched, with [`Turn::Plan`]) unless a prior
    /// network gives it, or else its estimate; none without priors.
    fn value_root(&mut self, view: &View<'_, G>, answers: &[G::Action], rng: &mut FloeRng) {
        self.root_values.clear();
        if !self.priors() {
            return;
        }
        let game = view.game();
        view.determinize(rng, &mut self.state[0]);
        if self.settings.turn == Turn::Plan {
            let (me, progress) = (self.me, self.progress);
            self.plans
                .find(game, &self.state[0], me, answers, rng, &|state| {
                    lead(game, state, me, progress)
                });
        }
        if self.settings.turn == Turn::Plan && self.prior.is_none() {
            self.root_values.extend(self.plans.values.iter().copied());
        } else {
            self.answers.clear();
            self.answers.extend(answers.iter().copied());
            self.estimate(game, self.me, rng);
            self.root_values.extend(self.estimates.iter().copied());
        }
    }

    /// Returns the root of `owner`'s tree in the last search: every seat has one with
    /// [`TreeKind::Multi`], only the searching seat otherwise.
    pub fn root(&self, owner: Seat) -> Option<NodeStats<G::ActionKey>> {
        let t = match self.settings.tree {
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

    /// Returns the searching seat's average strategy of the last search over `keys` (its
    /// answers as it sees them), where the decision was a secret simultaneous choice
    /// searched by [`Simul::Regret`] or [`Simul::Exp3`]: each answer's chance of being
    /// the answer. `None` for a decision searched otherwise.
    pub fn average_strategy(&self, keys: &[G::ActionKey]) -> Option<Vec<f64>> {
        if !self.secret {
            return None;
        }
        let mut out = Vec::with_capacity(keys.len());
        let root = self.roots[self.tree_of(self.me).0];
        self.strategies
            .average(root, self.me, self.situation, keys, &mut out);
        Some(out)
    }

    /// Returns one of `answers` drawn from the searching seat's average strategy at the
    /// root: a mixed answer, as an equilibrium of a secret choice may need, drawn from the
    /// bot's seeded random numbers.
    fn draw_from_average(
        &mut self,
        view: &View<'_, G>,
        answers: &[G::Action],
        rng: &mut FloeRng,
    ) -> G::Action {
        let keys: ArrayVec<G::ActionKey, MAX_ACTIONS> =
            answers.iter().map(|&a| view.action_key(a)).collect();
        let root = self.roots[self.tree_of(self.me).0];
        self.strategies
            .average(root, self.me, self.situation, &keys, &mut self.shares);
        let mut left = rng.random::<f64>();
        for (i, &p) in self.shares.iter().enumerate() {
            if left < p {
                return answers[i];
            }
            left -= p;
        }
        answers[answers.len() - 1]
    }
}

/// Returns every seat's `reward` for `state` as it stands, judged by the standings.
fn judged<G: Game>(
    game: &G,
    state: &G::State,
    reward: Reward,
    bounds: (i32, i32),
) -> [f64; MAX_SEATS] {
    let players = game.players(state);
    let mut standings = [Standing::default(); MAX_SEATS];
    game.standings(state, &mut standings);
    let values = standings.map(|s| s.points + s.progress);
    reward.judged(&values, players, bounds)
}

/// Returns `v` scaled from the span of `values` to 0..1 (one half when they are all equal):
/// a prior, an estimate among its siblings'.
fn scaled_among(v: f64, values: &[f64]) -> f64 {
    let (lo, hi) = values
        .iter()
        .fold((f64::MAX, f64::MIN), |(lo, hi), &x| (lo.min(x), hi.max(x)));
    if hi > lo { (v - lo) / (hi - lo) } else { 0.5 }
}

/// Returns the index below `n` with the highest `value`, a tie broken at random.
fn best_of(n: usize, rng: &mut FloeRng, value: impl Fn(usize) -> f64) -> usize {
    let (mut best, mut best_value, mut ties) = (0, f64::MIN, 0u32);
    for i in 0..n {
        let v = value(i);
        if v > best_value {
            (best, best_value, ties) = (i, v, 1);
        } else if v == best_value {
            ties += 1;
            if rng.random_range(0..ties) == 0 {
                best = i;
            }
        }
    }
    best
}

impl<G: Game> Bot<G> for MctsBot<G> {
    fn act(&mut self, view: &View<'_, G>, answers: &[G::Action], rng: &mut FloeRng) -> G::Action {
        self.start(view, rng);
        let answered = match self.settings.simul {
            Simul::Tree => None,
            _ => view.secret_round(),
        };
        self.secret = answered.is_some();
        self.reopen = answered.is_some_and(|n| n > 0);
        self.situation = view.round_key();
        self.pair_seed = rng.random::<u64>();
        if self.secret {
            self.root_values.clear();
        } else {
            self.value_root(view, answers, rng);
        }
        let started = Instant::now();
        for i in 0..self.settings.iters {
            let stopped = i > 0
                && i % CLOCK_EVERY == 0
                && (self
                    .settings
                    .time_limit
                    .is_some_and(|limit| started.elapsed() >= limit)
                    || self
                        .interrupt
                        .as_ref()
                        .is_some_and(|flag| flag.load(Ordering::Relaxed)));
            if stopped {
                break;
            }
            self.iterate(view, answers, rng);
        }
        if self.secret {
            return self.draw_from_average(view, answers, rng);
        }
        // The most visited answer, a tie going to the better mean, then to the first
        // listed. At its own question a seat tells all its answers apart, so each has its
        // own child.
        let root = self.roots[self.tree_of(self.me).0];
        let mut best = (answers[0], 0u32, f64::MIN);
        for &action in answers {
            if let Some(child) = self.arena.child_with(root, view.action_key(action)) {
                let node = &self.arena.nodes[child as usize];
                let mean = node.reward / f64::from(node.visits.max(1));
                if (node.visits, mean) > (best.1, best.2) {
                    best = (action, node.visits, mean);
                }
            }
        }
        best.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use floe_onnx::write::Dense;
    use goofspiel::Goofspiel;

    /// A value network is handed each seat's own legal mask, as a learning front end's
    /// action mask gives it: the answers on offer for the seat asked, none for the
    /// others. The network here takes the mask and its first output reads the mask's first
    /// value (a penalty of 1e9 where it is 0), so the reward `judge` reads tells the two
    /// apart.
    #[test]
    fn a_value_network_sees_the_answers_only_of_the_seat_asked() {
        let game = Goofspiel::standard();
        let players = 2;
        let dense = Dense::seeded(
            &[game.encoding_len(players), game.action_count(players)],
            true,
            3,
        );
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("value.onnx");
        std::fs::write(&path, dense.to_onnx()).unwrap();
        let model = Arc::new(Model::load(&path).unwrap());
        let mut bot =
            MctsBot::<Goofspiel>::new(10, 1.0, Rollout::Random).with_networks(None, Some(model));
        let mut rng = FloeRng::seed_from_u64(1);
        let state = game.new_game(players, &mut rng);
        bot.state = vec![state.clone(), state];
        game.legal_actions(&bot.state[0], &mut bot.answers);
        let first = game.action_at(players, 0).unwrap();
        assert!(bot.answers.contains(&first), "answer 0 is on offer");
        let asked = game.to_act(&bot.state[0]).unwrap();
        let rewards = bot.judge(&game);
        for seat in Seat::all(players) {
            let reward = rewards[seat.index()];
            match seat == asked {
                true => assert!(reward > -1e6, "{seat}, asked: {reward}"),
                false => assert!(reward < -1e6, "{seat}, not asked: {reward}"),
            }
        }
    }
}
