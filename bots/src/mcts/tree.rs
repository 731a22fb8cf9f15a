//! The search tree: an arena of nodes, each an answer keyed by how it looks to the seat
//! whose tree it is, and the UCT value that selection compares them by.

use floe_core::{MAX_SEATS, Seat};

/// No node: the end of a child or sibling list.
pub(crate) const NONE: u32 = u32::MAX;

/// Which tree(s) a search keeps, and so what a node stands for (Cowling, Powley and
/// Whitehouse 2012).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeKind {
    /// One tree, the searching seat's (SO-ISMCTS with partially observable moves): every
    /// answer is keyed by how it looks to the searching seat, so answers it cannot tell
    /// apart (another seat's card played face down) share one node. At such a node the
    /// search picks which of the merged answers was given uniformly at random.
    Single,
    /// One tree per seat (MO-ISMCTS), walked in step: each seat's tree keys answers by
    /// how they look to that seat, and a seat's answers are chosen in its own tree, so no
    /// seat's choice depends on what it cannot see.
    Multi,
    /// One tree keyed by the exact answers, hidden ones included: the search then plays a
    /// game in which everyone sees through the backs of the cards. Kept only to measure
    /// what the honest trees gain.
    Open,
}

impl TreeKind {
    /// Returns the seat whose view keys an answer of `actor` in the tree of `owner`.
    pub(crate) fn observer(self, owner: Seat, actor: Seat) -> Seat {
        match self {
            TreeKind::Open => actor,
            TreeKind::Single | TreeKind::Multi => owner,
        }
    }
}

/// One node: an answer given by `mover` after its parent's state, as the tree's owner saw it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<K> {
    /// The answer's key; `None` at a root.
    pub(crate) key: Option<K>,
    pub(crate) mover: Seat,
    pub(crate) first_child: u32,
    pub(crate) next_sibling: u32,
    pub(crate) visits: u32,
    /// Times this node's answer could be given when its parent was passed through.
    pub(crate) available: u32,
    /// Sum of `mover`'s results over the playouts through this node.
    pub(crate) reward: f64,
    /// The estimate of `mover`'s summed results had it always picked this node (see
    /// [`regret_pick`]): each result divided by the chance the node had of being picked.
    pub(crate) gain: f64,
    /// The answer's estimate when the node was made, scaled to 0..1 among its siblings (0
    /// without priors): the weight of its progressive bias.
    pub(crate) prior: f64,
}

/// One step of a walk: the node reached, and the chance regret matching gave it (0
/// where it was picked otherwise, so it gains nothing).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Step {
    pub(crate) node: u32,
    pub(crate) chance: f64,
}

/// What the last search learned about one node (for inspecting a search).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NodeStats<K> {
    /// The node, to list its children with [`crate::MctsBot::children`].
    pub id: u32,
    /// How the answer looked to the tree's owner; `None` at a root.
    pub key: Option<K>,
    /// The seat that gave the answer (at a root, the searching seat).
    pub mover: Seat,
    /// Iterations that passed through the node.
    pub visits: u32,
    /// Times its answer could be given when its parent was passed through.
    pub available: u32,
    /// The mover's mean result over those iterations (0 before the first).
    pub mean: f64,
}

/// The nodes of every tree of one search, cleared for each decision and never shrunk.
pub(crate) struct Arena<K> {
    pub(crate) nodes: Vec<Node<K>>,
}

impl<K: Copy + Eq> Arena<K> {
    pub(crate) fn new() -> Arena<K> {
        Arena { nodes: Vec::new() }
    }

    /// Adds a node without a parent and returns it.
    pub(crate) fn add_root(&mut self, mover: Seat) -> u32 {
        self.push(None, mover, NONE, 0.0)
    }

    fn push(&mut self, key: Option<K>, mover: Seat, next_sibling: u32, prior: f64) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.push(Node {
            key,
            mover,
            first_child: NONE,
            next_sibling,
            visits: 0,
            available: 0,
            reward: 0.0,
            gain: 0.0,
            prior,
        });
        id
    }

    /// Returns the child of `node` keyed `key`, if the search has made it.
    pub(crate) fn child_with(&self, node: u32, key: K) -> Option<u32> {
        let mut child = self.nodes[node as usize].first_child;
        while child != NONE {
            if self.nodes[child as usize].key == Some(key) {
                return Some(child);
            }
            child = self.nodes[child as usize].next_sibling;
        }
        None
    }

    /// Adds a child keyed `key`, an answer of `mover` with `prior`, under `parent` and
    /// returns it.
    pub(crate) fn add_child(&mut self, parent: u32, key: K, mover: Seat, prior: f64) -> u32 {
        let next_sibling = self.nodes[parent as usize].first_child;
        let id = self.push(Some(key), mover, next_sibling, prior);
        self.nodes[parent as usize].first_child = id;
        id
    }

    /// Credits every node on `path` with its mover's result.
    pub(crate) fn backup(&mut self, path: &[Step], result: &[f64; MAX_SEATS]) {
        for step in path {
            let node = &mut self.nodes[step.node as usize];
            let x = result[node.mover.index()];
            node.visits += 1;
            node.reward += x;
            if step.chance > 0.0 {
                node.gain += x / step.chance;
            }
        }
    }

    pub(crate) fn stats(&self, id: u32) -> NodeStats<K> {
        let n = &self.nodes[id as usize];
        NodeStats {
            id,
            key: n.key,
            mover: n.mover,
            visits: n.visits,
            available: n.available,
            mean: if n.visits == 0 {
                0.0
            } else {
                n.reward / f64::from(n.visits)
            },
        }
    }

    /// Returns the children of `node`, the most recently made first.
    pub(crate) fn children(&self, node: u32) -> Vec<NodeStats<K>> {
        let mut out = Vec::new();
        let mut child = self.nodes[node as usize].first_child;
        while child != NONE {
            out.push(self.stats(child));
            child = self.nodes[child as usize].next_sibling;
        }
        out
    }
}

/// The share of regret matching's picks that are uniform, for exploration.
pub(crate) const EXPLORATION: f64 = 0.1;

/// Picks one of `children` by regret matching given `uniform`, a uniform number in 0..1,
/// and returns the index picked and the chance it had (Hart and Mas-Colell 2000; at the
/// simultaneous choices of a search, Lanctot et al. 2013 and Lisý et al. 2013).
///
/// A child's regret is what the mover would have gained by always picking it, less what
/// it got: its gain (each result divided by the chance the child had of being picked, so
/// an unbiased estimate of always picking it) minus the mover's results over the choices
/// made here (the sum of the children's rewards). Each child is picked with chance
/// (1 - g) R+_k / sum R+_j + g / K, for K children, positive regrets R+ (an even split
/// when none is positive) and g = [`EXPLORATION`].
///
/// Where seats choose without seeing each other's choices, UCB's deterministic best
/// response lets two searching seats march in step (in matching pennies, both taking
/// heads then tails in turn, forever matching); regret matching is a no-regret rule whose
/// average play approaches an equilibrium there.
pub(crate) fn regret_pick<K>(children: &[&Node<K>], uniform: f64) -> (usize, f64) {
    let k = children.len() as f64;
    let got: f64 = children.iter().map(|c| c.reward).sum();
    let positive = |c: &Node<K>| (c.gain - got).max(0.0);
    let total: f64 = children.iter().map(|c| positive(c)).sum();
    let chance = |c: &Node<K>| {
        let follow = if total > 0.0 {
            positive(c) / total
        } else {
            1.0 / k
        };
        (1.0 - EXPLORATION) * follow + EXPLORATION / k
    };
    let mut left = uniform;
    for (i, c) in children.iter().enumerate() {
        let p = chance(c);
        if left < p {
            return (i, p);
        }
        left -= p;
    }
    let last = children.len() - 1;
    (last, chance(children[last]))
}

/// The UCT value of a child: its mean result plus `c` times the exploration bonus, with the
/// child's availability count in place of the parent's visits (ISMCTS), plus its
/// progressive bias (Chaslot et al. 2008): `bias` times its prior over its visits plus one.
pub(crate) fn uct<K>(node: &Node<K>, c: f64, bias: f64) -> f64 {
    if node.visits == 0 {
        return f64::INFINITY;
    }
    let n = f64::from(node.visits);
    let mean = node.reward / n;
    mean + c * (f64::from(node.available.max(1)).ln() / n).sqrt() + bias * node.prior / (n + 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(visits: u32, available: u32, reward: f64) -> Node<u8> {
        Node {
            key: Some(0),
            mover: Seat(0),
            first_child: NONE,
            next_sibling: NONE,
            visits,
            available,
            reward,
            gain: 0.0,
            prior: 0.0,
        }
    }

    fn uctp(node: &Node<u8>, c: f64) -> f64 {
        uct(node, c, 0.0)
    }

    #[test]
    fn uct_tries_unvisited_children_first_then_balances_mean_and_exploration() {
        assert_eq!(uctp(&node(0, 5, 0.0), 0.7), f64::INFINITY);
        // Same visits: the better mean wins.
        assert!(uctp(&node(10, 20, 7.0), 0.7) > uctp(&node(10, 20, 3.0), 0.7));
        // Same mean: the less visited child gets the larger bonus.
        assert!(uctp(&node(2, 20, 1.0), 0.7) > uctp(&node(10, 20, 5.0), 0.7));
        // The bonus grows with how often the child was available.
        assert!(uctp(&node(4, 100, 2.0), 0.7) > uctp(&node(4, 5, 2.0), 0.7));
        // Exactly: mean + c * sqrt(ln(available) / visits).
        let v = uctp(&node(4, 20, 3.0), 0.5);
        assert!((v - (0.75 + 0.5 * (20f64.ln() / 4.0).sqrt())).abs() < 1e-12);
    }

    /// A tree of one root, seat 0 to move.
    fn rooted() -> (Arena<u8>, u32) {
        let mut arena = Arena::new();
        let root = arena.add_root(Seat(0));
        (arena, root)
    }

    #[test]
    fn backup_credits_each_node_with_its_movers_result() {
        let (mut arena, root) = rooted();
        let a = arena.add_child(root, 1, Seat(1), 0.0);
        let b = arena.add_child(a, 2, Seat(2), 0.0);
        let c = arena.add_child(b, 3, Seat(0), 0.0);
        let path = [root, a, b, c].map(|node| Step { node, chance: 0.0 });
        let mut result = [0.0; MAX_SEATS];
        result[1] = 0.5;
        result[2] = 0.5;
        arena.backup(&path, &result);
        arena.backup(&path, &[1.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
        let rewards: Vec<f64> = arena.nodes.iter().map(|n| n.reward).collect();
        assert_eq!(rewards, vec![1.0, 0.5, 0.5, 1.0]);
        assert!(arena.nodes.iter().all(|n| n.visits == 2));
        assert_eq!(arena.stats(a).mean, 0.25);
        assert!(
            arena.nodes.iter().all(|n| n.gain == 0.0),
            "no regret-matching chance given"
        );
        arena.backup(
            &[Step {
                node: a,
                chance: 0.25,
            }],
            &result,
        );
        assert_eq!(arena.nodes[a as usize].gain, 2.0, "0.5 / 0.25");
    }

    #[test]
    fn regret_matching_follows_positive_regrets_with_a_uniform_floor() {
        // Rewards 3 and 1 were got here; gains estimate 8 and 2 had either been always
        // picked: regrets 4 and -2.
        let (mut x, mut y) = (node(5, 5, 3.0), node(5, 5, 1.0));
        x.gain = 8.0;
        y.gain = 2.0;
        let floor = EXPLORATION / 2.0;
        let (i, p) = regret_pick(&[&x, &y], 0.0);
        assert_eq!(i, 0);
        assert!((p - (1.0 - floor)).abs() < 1e-12);
        let (i, p) = regret_pick(&[&x, &y], 0.99);
        assert_eq!(i, 1);
        assert!((p - floor).abs() < 1e-12);
        // No positive regret: an even split.
        x.gain = 1.0;
        assert_eq!(regret_pick(&[&x, &y], 0.49), (0, 0.5));
        assert_eq!(regret_pick(&[&x, &y], 0.51), (1, 0.5));
    }

    #[test]
    fn children_are_found_by_key_and_listed_newest_first() {
        let (mut arena, root) = rooted();
        let x = arena.add_child(root, 7, Seat(0), 0.0);
        let y = arena.add_child(root, 9, Seat(0), 0.0);
        assert_eq!(arena.child_with(root, 7), Some(x));
        assert_eq!(arena.child_with(root, 9), Some(y));
        assert_eq!(arena.child_with(root, 8), None);
        let keys: Vec<_> = arena.children(root).iter().map(|s| s.key).collect();
        assert_eq!(keys, vec![Some(9), Some(7)]);
        assert!(arena.children(x).is_empty());
    }

    #[test]
    fn only_the_open_tree_keys_answers_by_the_actors_own_view() {
        let (owner, actor) = (Seat(0), Seat(2));
        assert_eq!(TreeKind::Single.observer(owner, actor), owner);
        assert_eq!(TreeKind::Multi.observer(owner, actor), owner);
        assert_eq!(TreeKind::Open.observer(owner, actor), actor);
    }
}
