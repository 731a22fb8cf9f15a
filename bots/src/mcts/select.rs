//! Choosing an answer at a node of the search: widening a node by an untried answer,
//! UCT at a sequential question, regret matching or Exp3 at a secret simultaneous one, the
//! root's priors, and following a planned turn.

use super::*;

impl<G: Game> MctsBot<G> {
    /// Chooses the answer of `actor` in its tree `t` (owned by `owner`) at the walk's node:
    /// keys the answers as the owner sees them and counts every child whose answer exists
    /// in this sample as available; adds a child for an untried key if the node's width
    /// allows one (the best by estimate where priors are on, else one at random), else
    /// picks a child by regret matching at a [simultaneous](Self::simultaneous) choice and
    /// by UCT elsewhere; then one of the answers with that key at random (several only
    /// where the owner cannot tell another seat's answers apart). Returns the answer and
    /// whether the tree grew.
    pub(super) fn choose(
        &mut self,
        game: &G,
        t: usize,
        owner: Seat,
        actor: Seat,
        rng: &mut FloeRng,
    ) -> (G::Action, bool) {
        let observer = self.settings.tree.observer(owner, actor);
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
        let grows = !untried.is_empty()
            && present.len() < self.width(self.arena.nodes[node as usize].visits);
        let forced = match self.forced.take() {
            Some(i) if self.at_root() => Some(i),
            _ => None,
        };
        let (key, chance, prior) = if let Some(i) = forced {
            (self.keys[i], 0.0, self.root_prior(i))
        } else if grows {
            let (key, prior) = self.pick_untried(game, actor, &untried, rng);
            (key, 0.0, prior)
        } else if self.simultaneous(game, actor) {
            let children: ArrayVec<&Node<G::ActionKey>, MAX_ACTIONS> = present
                .iter()
                .map(|&(_, c)| &self.arena.nodes[c as usize])
                .collect();
            let (i, chance) = regret_pick(&children, rng.random::<f64>());
            (present[i].0, chance, 0.0)
        } else {
            (self.ucb_pick(&present, rng), 0.0, 0.0)
        };
        let made = self.descend(t, key, actor, chance, prior);
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

    /// Picks `actor`'s answer to a secret simultaneous choice, `answered` answers into its
    /// round, from the actor's strategy where the round opened in its tree `chooser`,
    /// keyed as the actor sees its own answers: in every tree kind, the open one too, no
    /// seat's pick depends on an earlier answer of the round. The trees descend as at any
    /// answer; the caller moves them. Kept out of the walk, which the default search
    /// (`simul=tree`) runs without it.
    #[inline(never)]
    pub(super) fn pick_secret(
        &mut self,
        game: &G,
        chooser: usize,
        actor: Seat,
        answered: usize,
        rng: &mut FloeRng,
    ) -> G::Action {
        if answered == 0 || !self.in_round {
            self.opened = self.at;
            self.in_round = true;
        }
        let node = self.opened[chooser];
        let keys: ArrayVec<G::ActionKey, MAX_ACTIONS> = self
            .answers
            .iter()
            .map(|&a| game.action_key(&self.state[0], a, actor))
            .collect();
        let situation = game.round_key(&self.state[0], actor);
        let i = self.strategies.pick(
            node,
            actor,
            situation,
            &keys,
            self.settings.simul,
            rng.random::<f64>(),
        );
        self.answers[i]
    }

    /// Returns the prior of root answer `i`: its root value scaled to 0..1 among the root
    /// answers' (0 where the decision has none).
    pub(super) fn root_prior(&self, i: usize) -> f64 {
        self.root_values
            .get(i)
            .map_or(0.0, |&v| scaled_among(v, &self.root_values))
    }

    /// Picks the root answer of the next iteration from the root's statistics alone (with
    /// `paired`): an answer not yet tried if the root's width allows, the best by root
    /// value first (else one at random), else the best by UCT. Returns its index and how
    /// often it was visited.
    pub(super) fn pick_root(
        &mut self,
        view: &View<'_, G>,
        answers: &[G::Action],
        rng: &mut FloeRng,
    ) -> (usize, u32) {
        let root = self.roots[self.tree_of(self.me).0];
        let mut untried: ArrayVec<usize, MAX_ACTIONS> = ArrayVec::new();
        let mut present: ArrayVec<(G::ActionKey, u32), MAX_ACTIONS> = ArrayVec::new();
        for (i, &a) in answers.iter().enumerate() {
            let key = view.action_key(a);
            match self.arena.child_with(root, key) {
                Some(child) => present.push((key, child)),
                None => untried.push(i),
            }
        }
        if !untried.is_empty() && present.len() < self.width(self.arena.nodes[root as usize].visits)
        {
            let i = if self.root_values.len() == answers.len() {
                untried[best_of(untried.len(), rng, |j| self.root_values[untried[j]])]
            } else {
                untried[rng.random_range(0..untried.len() as u32) as usize]
            };
            return (i, 0);
        }
        let key = self.ucb_pick(&present, rng);
        let i = answers
            .iter()
            .position(|&a| view.action_key(a) == key)
            .expect("a root key");
        let child = self.arena.child_with(root, key).expect("present");
        (i, self.arena.nodes[child as usize].visits)
    }

    /// Returns whether the search orders and biases answers by estimates.
    pub(super) fn priors(&self) -> bool {
        self.settings.bias > 0.0
            || self.settings.widen > 0.0
            || self.settings.turn == Turn::Plan
            || self.prior.is_some()
    }

    /// Returns whether the searching seat's tree walk is at its root.
    pub(super) fn at_root(&self) -> bool {
        let t = self.tree_of(self.me).0;
        self.at[t] == self.roots[t]
    }

    /// Returns the planned answer for `seat` at the sample's pending question, if the
    /// iteration follows a plan there: the searching seat continues the turn of the root
    /// question and the plan's next answer is on offer. Stops following otherwise.
    ///
    /// Asked at every step of every iteration and mostly following no plan, so that test
    /// is inlined into the walk and the rest is not (measured: inlined whole or called
    /// whole, the walk spent up to 1.5% more instructions in Arctic).
    #[inline]
    pub(super) fn planned(&mut self, game: &G, seat: Seat) -> Option<G::Action> {
        let (plan, at) = self.following?;
        self.follow(game, seat, plan, at)
    }

    /// [`MctsBot::planned`] while following step `at` of plan `plan`.
    #[inline(never)]
    pub(super) fn follow(
        &mut self,
        game: &G,
        seat: Seat,
        plan: usize,
        at: usize,
    ) -> Option<G::Action> {
        let next = self.plans.steps[plan].get(at).copied();
        match next {
            Some(action)
                if seat == self.me
                    && !game.turn_starts(&self.state[0])
                    && self.answers.contains(&action) =>
            {
                self.following = Some((plan, at + 1));
                Some(action)
            }
            _ => {
                self.following = None;
                None
            }
        }
    }

    /// Returns the untried key to add and its prior: without priors one at random (prior
    /// 0); with them the one with the best estimate (a key several answers share takes
    /// their mean), its prior the estimate scaled to 0..1 among all the keys here.
    pub(super) fn pick_untried(
        &mut self,
        game: &G,
        actor: Seat,
        untried: &[G::ActionKey],
        rng: &mut FloeRng,
    ) -> (G::ActionKey, f64) {
        if !self.priors() || untried.len() == 1 && self.settings.bias == 0.0 {
            let n = untried.len() as u32;
            return (untried[rng.random_range(0..n) as usize], 0.0);
        }
        if self.at_root() {
            self.estimates.clear();
            self.estimates.extend(self.root_values.iter().copied());
        } else {
            self.estimate(game, actor, rng);
        }
        let mean_of = |key: G::ActionKey| {
            let (sum, n) = self
                .keys
                .iter()
                .zip(&self.estimates)
                .filter(|&(&k, _)| k == key)
                .fold((0.0, 0.0), |(s, n), (_, &e)| (s + e, n + 1.0));
            sum / n
        };
        let (mut best, mut best_value, mut ties) = (untried[0], f64::MIN, 0u32);
        for &key in untried {
            let value = mean_of(key);
            if value > best_value + 1e-12 {
                (best, best_value, ties) = (key, value, 1);
            } else if value >= best_value - 1e-12 {
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    best = key;
                }
            }
        }
        (best, scaled_among(best_value, &self.estimates))
    }

    /// Returns the key of the child in `present` with the best UCT value (plus the
    /// progressive bias), a tie broken
    /// at random (one draw per tie: ties are rare but for mirrored statistics, where a
    /// fixed order would let two seats' choices march in step).
    pub(super) fn ucb_pick(
        &self,
        present: &[(G::ActionKey, u32)],
        rng: &mut FloeRng,
    ) -> G::ActionKey {
        let (c, bias) = (self.settings.c, self.settings.bias);
        let at = best_of(present.len(), rng, |i| {
            tree::uct(&self.arena.nodes[present[i].1 as usize], c, bias)
        });
        present[at].0
    }
}
