//! Selection at secret simultaneous choices ([`floe_core::Game::secret_round`]): each seat
//! of the round picks its answer from a strategy of its own, kept at the node where the
//! round opens, by a rule whose average play converges to an equilibrium there.
//!
//! UCB picks the answer with the best upper bound, deterministically given the statistics:
//! where seats answer without seeing each other, two searching seats then chase each
//! other's last best response and the search's answer does not settle on an equilibrium
//! (Goofspiel with 3 cards, prize 2: the plain search bids 1, 2 and 3 about evenly even at
//! 100,000 iterations, though bid 1 is never right). Regret matching and Exp3 are no-regret
//! rules: in a two-seat zero-sum round their *average* strategies approach an equilibrium
//! (Lanctot, Lisý and Winands 2013; Lisý, Kovařík, Lanctot and Bošanský 2013), so the
//! search answers from the average strategy of its own seat at the root.

use arrayvec::ArrayVec;
use floe_core::{MAX_ACTIONS, MAX_SEATS, Seat};

use super::tree::NONE;

/// How a search picks answers at a secret simultaneous choice.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Simul {
    /// As the tree picks at any question: UCT (the multi tree keeps the plain regret
    /// matching it has always used at its own children where the next seat cannot see
    /// an answer); the search answers with the most visited root answer.
    Tree,
    /// Regret matching with importance-sampled regrets (Hart and Mas-Colell 2000; in a
    /// search, Lanctot et al. 2013): each answer with chance (1 - gamma) times its share
    /// of the positive regrets, plus gamma spread evenly.
    Regret {
        /// The share of picks spread evenly over the answers, for exploration.
        gamma: f64,
    },
    /// Exp3 (Auer, Cesa-Bianchi, Freund and Schapire 2002): each answer with chance
    /// (1 - gamma) times its exponential weight's share (rate gamma / K for K answers),
    /// plus gamma spread evenly.
    Exp3 {
        /// The share of picks spread evenly over the answers, for exploration.
        gamma: f64,
    },
}

/// The arms made room for per node of a search (see [`Strategies::reserve`]).
const ARMS_PER_NODE: usize = 8;

/// One answer of one seat at the node where a secret round opens: its key as the seat
/// itself sees it, and what the rule has learned of it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Arm<K> {
    seat: Seat,
    /// What the seat knew when the round opened ([`floe_core::Game::round_key`]).
    situation: u64,
    key: K,
    /// The next arm of the same node.
    next: u32,
    /// Regret matching: the cumulative regret of not always picking this answer. Exp3:
    /// the cumulative estimate of its reward (each reward over the chance it was picked).
    score: f64,
    /// The sum of the shares the rule gave this answer at each pick, before exploration:
    /// the average strategy, unnormalised.
    average: f64,
}

/// One pick of the current iteration, to credit once the playout's result is known.
#[derive(Clone, Copy, Debug)]
struct Pick {
    seat: Seat,
    /// The arm picked and the chance it had.
    arm: u32,
    chance: f64,
    /// The arms that were on offer, `offered[start..end]`.
    start: u32,
    end: u32,
}

/// Every seat's strategy at every node where a secret round opens, for one search.
/// Cleared for each decision and never shrunk, as the tree's arena.
pub(crate) struct Strategies<K> {
    arms: Vec<Arm<K>>,
    /// The first arm of each node of the arena (by node id), or [`NONE`].
    first: Vec<u32>,
    picks: Vec<Pick>,
    offered: Vec<u32>,
}

impl<K: Copy + Eq> Strategies<K> {
    pub(crate) fn new() -> Strategies<K> {
        Strategies {
            arms: Vec::new(),
            first: Vec::new(),
            picks: Vec::new(),
            offered: Vec::new(),
        }
    }

    /// Makes room for a search of at most `nodes` nodes and walks of at most `depth`
    /// steps, so that it rarely grows after its first decision: a secret round walked
    /// through makes a node per seat and at most an arm per seat and answer, so
    /// [`ARMS_PER_NODE`] arms per node is room for rounds of that many answers per seat.
    pub(crate) fn reserve(&mut self, nodes: usize, depth: usize) {
        self.first.reserve(nodes);
        self.arms.reserve(nodes * ARMS_PER_NODE);
        self.picks.reserve(depth);
        self.offered.reserve(depth * ARMS_PER_NODE);
    }

    /// Forgets every strategy, for a new decision.
    pub(crate) fn clear(&mut self) {
        self.arms.clear();
        self.first.clear();
        self.picks.clear();
        self.offered.clear();
    }

    /// Forgets the picks of the last iteration.
    pub(crate) fn start_iteration(&mut self) {
        self.picks.clear();
        self.offered.clear();
    }

    /// Returns the arm of `seat`'s answer `key` at `node` in `situation`, made if new.
    fn arm(&mut self, node: u32, seat: Seat, situation: u64, key: K) -> u32 {
        let n = node as usize;
        if self.first.len() <= n {
            self.first.resize(n + 1, NONE);
        }
        let mut at = self.first[n];
        while at != NONE {
            let arm = &self.arms[at as usize];
            if arm.seat == seat && arm.situation == situation && arm.key == key {
                return at;
            }
            at = arm.next;
        }
        let id = self.arms.len() as u32;
        self.arms.push(Arm {
            seat,
            situation,
            key,
            next: self.first[n],
            score: 0.0,
            average: 0.0,
        });
        self.first[n] = id;
        id
    }

    /// Picks `seat`'s answer at `node` among `keys` (distinct, as the seat sees its
    /// answers) by `rule`, given `uniform`, a uniform number in 0..1; adds the chances to
    /// the average strategy and notes the pick for [`Strategies::credit`]. Returns the
    /// index of the key picked.
    pub(crate) fn pick(
        &mut self,
        node: u32,
        seat: Seat,
        situation: u64,
        keys: &[K],
        rule: Simul,
        uniform: f64,
    ) -> usize {
        let start = self.offered.len() as u32;
        for &key in keys {
            let arm = self.arm(node, seat, situation, key);
            self.offered.push(arm);
        }
        let arms = &self.offered[start as usize..];
        let scores: ArrayVec<f64, MAX_ACTIONS> =
            arms.iter().map(|&a| self.arms[a as usize].score).collect();
        let mut follow: ArrayVec<f64, MAX_ACTIONS> = ArrayVec::new();
        let gamma = strategy(rule, &scores, &mut follow);
        let k = follow.len() as f64;
        let chances: ArrayVec<f64, MAX_ACTIONS> = follow
            .iter()
            .map(|f| (1.0 - gamma) * f + gamma / k)
            .collect();
        let mut picked = chances.len() - 1;
        let mut left = uniform;
        for (i, &p) in chances.iter().enumerate() {
            if left < p {
                picked = i;
                break;
            }
            left -= p;
        }
        // The average is of the rule's own shares, without the even exploration: that
        // part is no one's equilibrium, and would leave every answer a floor of gamma / K.
        for (&a, &f) in arms.iter().zip(&follow) {
            self.arms[a as usize].average += f;
        }
        self.picks.push(Pick {
            seat,
            arm: arms[picked],
            chance: chances[picked],
            start,
            end: self.offered.len() as u32,
        });
        picked
    }

    /// Credits the iteration's picks with each seat's `result`: regret matching adds to
    /// every offered answer's regret what always picking it would have gained over what
    /// the pick got (the picked answer's result over its chance, 0 for the others, less
    /// the result); Exp3 adds the picked answer's result over its chance to its estimate.
    pub(crate) fn credit(&mut self, rule: Simul, result: &[f64; MAX_SEATS]) {
        for pick in &self.picks {
            let x = result[pick.seat.index()];
            if let Simul::Regret { .. } = rule {
                for &a in &self.offered[pick.start as usize..pick.end as usize] {
                    self.arms[a as usize].score -= x;
                }
            }
            self.arms[pick.arm as usize].score += x / pick.chance;
        }
    }

    /// Writes into `out` `seat`'s average strategy at `node` over `keys`: each key's share
    /// of the chances given to them over the search (an even split for keys never
    /// offered, as when no iteration ran).
    pub(crate) fn average(
        &self,
        node: u32,
        seat: Seat,
        situation: u64,
        keys: &[K],
        out: &mut Vec<f64>,
    ) {
        out.clear();
        let first = self.first.get(node as usize).copied().unwrap_or(NONE);
        for &key in keys {
            let mut at = first;
            let mut sum = 0.0;
            while at != NONE {
                let arm = &self.arms[at as usize];
                if arm.seat == seat && arm.situation == situation && arm.key == key {
                    sum = arm.average;
                    break;
                }
                at = arm.next;
            }
            out.push(sum);
        }
        let total: f64 = out.iter().sum();
        let n = out.len() as f64;
        for p in out.iter_mut() {
            *p = if total > 0.0 { *p / total } else { 1.0 / n };
        }
    }
}

/// Writes into `out` the share `rule` gives each answer whose score is in `scores`, before
/// exploration, and returns the rule's exploration: each answer is picked with chance
/// (1 - gamma) times its share plus gamma / K.
fn strategy(rule: Simul, scores: &[f64], out: &mut ArrayVec<f64, MAX_ACTIONS>) -> f64 {
    let k = scores.len() as f64;
    out.clear();
    let gamma = match rule {
        Simul::Regret { gamma } => {
            out.extend(scores.iter().map(|r| r.max(0.0)));
            gamma
        }
        Simul::Exp3 { gamma } => {
            // Shifted by the top score: the shares are the same, and no weight overflows.
            let top = scores.iter().copied().fold(f64::MIN, f64::max);
            let rate = gamma / k;
            out.extend(scores.iter().map(|x| (rate * (x - top)).exp()));
            gamma
        }
        Simul::Tree => unreachable!("the tree's own rule keeps no strategies"),
    };
    let total: f64 = out.iter().sum();
    for w in out.iter_mut() {
        *w = if total > 0.0 { *w / total } else { 1.0 / k };
    }
    gamma
}

#[cfg(test)]
mod tests {
    use super::*;

    const REGRET: Simul = Simul::Regret { gamma: 0.1 };
    const EXP3: Simul = Simul::Exp3 { gamma: 0.3 };

    /// Returns the chance of each answer: the rule's share, with its exploration.
    fn chances(rule: Simul, scores: &[f64]) -> Vec<f64> {
        let mut out = ArrayVec::new();
        let gamma = strategy(rule, scores, &mut out);
        let k = out.len() as f64;
        out.iter().map(|f| (1.0 - gamma) * f + gamma / k).collect()
    }

    fn close(a: &[f64], b: &[f64]) -> bool {
        a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-12)
    }

    #[test]
    fn regret_matching_follows_positive_regrets_with_an_even_floor() {
        // Regrets 3 and 1 share 0.9 as 3:1; the negative one gets only the floor.
        let p = chances(REGRET, &[3.0, 1.0, -2.0]);
        let floor = 0.1 / 3.0;
        assert!(
            close(&p, &[0.9 * 0.75 + floor, 0.9 * 0.25 + floor, floor]),
            "{p:?}"
        );
        // No positive regret: an even split.
        assert!(close(&chances(REGRET, &[-1.0, 0.0]), &[0.5, 0.5]));
    }

    #[test]
    fn exp3_weighs_estimates_exponentially_and_never_overflows() {
        let p = chances(EXP3, &[10.0, 0.0]);
        let w = (0.15f64 * 10.0).exp();
        let want = [0.7 * w / (w + 1.0) + 0.15, 0.7 / (w + 1.0) + 0.15];
        assert!(close(&p, &want), "{p:?}");
        let huge = chances(EXP3, &[1e6, 1e6 - 1.0]);
        assert!(
            huge.iter().all(|x| x.is_finite()) && (huge.iter().sum::<f64>() - 1.0).abs() < 1e-12
        );
    }

    /// Plays matching pennies between two seats' strategies at one node, seat 0 scoring 1
    /// on a match, and returns seat 0's average chance of heads. Seat 0 starts leaning
    /// to heads by a large regret, so a rule that only followed its last best response
    /// would swing, not settle.
    fn pennies(rule: Simul, rounds: u32) -> f64 {
        let mut s: Strategies<bool> = Strategies::new();
        let keys = [true, false];
        let mut u = 0.123_f64;
        for round in 0..rounds {
            s.start_iteration();
            let mut next = || {
                u = (u * 9301.0 + 0.4929).fract();
                u
            };
            let a = keys[s.pick(0, Seat(0), 0, &keys, rule, next())];
            let b = keys[s.pick(0, Seat(1), 0, &keys, rule, next())];
            if round == 0 {
                s.arms[0].score += 50.0;
            }
            let win = f64::from(u8::from(a == b));
            let mut result = [0.0; MAX_SEATS];
            result[0] = win;
            result[1] = 1.0 - win;
            s.credit(rule, &result);
        }
        let mut avg = Vec::new();
        s.average(0, Seat(0), 0, &keys, &mut avg);
        assert!((avg.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        avg[0]
    }

    #[test]
    fn both_rules_average_to_the_equilibrium_of_matching_pennies() {
        for rule in [REGRET, EXP3] {
            let heads = pennies(rule, 20_000);
            assert!((heads - 0.5).abs() < 0.05, "{rule:?}: heads {heads}");
        }
    }

    #[test]
    fn each_seat_keeps_its_own_arms_at_a_node_and_unoffered_keys_get_nothing() {
        let mut s: Strategies<u8> = Strategies::new();
        s.pick(3, Seat(0), 0, &[1, 2], REGRET, 0.0);
        s.pick(3, Seat(1), 0, &[1, 2, 7], REGRET, 0.99);
        assert_eq!(s.arms.len(), 5, "seat 1's answer 1 is not seat 0's");
        s.pick(3, Seat(1), 8, &[1, 2], REGRET, 0.5);
        assert_eq!(s.arms.len(), 7, "another situation, other arms");
        let mut avg = Vec::new();
        s.average(3, Seat(0), 0, &[1, 2, 9], &mut avg);
        assert!(
            close(&avg, &[0.5, 0.5, 0.0]),
            "no regret yet: even shares; {avg:?}"
        );
        s.average(5, Seat(0), 0, &[1, 2], &mut avg);
        assert!(
            close(&avg, &[0.5, 0.5]),
            "a node never searched: an even split"
        );
    }
}
