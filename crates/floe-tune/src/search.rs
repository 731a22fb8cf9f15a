//! How a tuner spends its games: racing for small spaces, NTBEA for large ones. Both are
//! game-free: they see a candidate as a point (one value index per tuned parameter) and
//! ask a closure to play a list of candidates on one round's deals.

use std::collections::HashMap;

use anyhow::Result;
use floe_core::FloeRng;
use rand::{RngExt, SeedableRng};

use crate::objective::{Estimate, Measure, Objective};

/// A candidate: for each tuned parameter, the index of its value.
pub type Point = Vec<usize>;

/// Plays the candidates on the deals of round `round` (every candidate the same deals)
/// and returns a measure each.
pub type Evaluate<'a> = dyn FnMut(&[Point], u64) -> Result<Vec<Measure>> + 'a;

/// Hears, after each round, the games spent and the best candidate with its estimate
/// (a front end shows them beside its progress bar).
pub type Watch<'a> = dyn FnMut(u64, &Point, f64) + 'a;

/// The search method.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Every candidate measured in rounds; those clearly worse than the leader dropped.
    Racing,
    /// The N-Tuple Bandit Evolutionary Algorithm.
    Ntbea,
}

impl Method {
    /// Returns the method's spec name.
    pub fn name(self) -> &'static str {
        match self {
            Method::Racing => "racing",
            Method::Ntbea => "ntbea",
        }
    }
}

/// How a search runs.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Games the search may spend.
    pub budget: u64,
    /// Games per candidate per round.
    pub round_games: u64,
    /// The confidence of the intervals racing compares.
    pub confidence: f64,
    /// NTBEA: neighbours drawn around the current point each round.
    pub neighbours: usize,
    /// NTBEA: the weight of exploration in the bandits' upper confidence bound.
    pub exploration: f64,
    /// NTBEA: candidates evaluated per round.
    pub batch: usize,
    /// The seed of the search's own choices (NTBEA's mutations, the intervals' draws).
    pub seed: u64,
}

/// One candidate's result in one round.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// The round.
    pub round: u64,
    /// The candidate.
    pub point: Point,
    /// Games it has been measured on so far (racing: all its rounds; NTBEA: this one).
    pub games: u64,
    /// The objective on those games with its interval, from one estimator.
    pub estimate: Estimate,
    /// What the round decided: `kept`, `dropped` (racing) or `evaluated` (NTBEA).
    pub status: &'static str,
}

/// What a search found.
#[derive(Clone, Debug, Default)]
pub struct Searched {
    /// Every evaluation, in order.
    pub evaluations: Vec<Evaluation>,
    /// After each round: games spent so far and the best candidate's estimated objective.
    pub progress: Vec<(u64, f64)>,
    /// The best candidates, best first.
    pub ranked: Vec<(Point, f64)>,
    /// Rounds played.
    pub rounds: u64,
    /// Games spent.
    pub spent: u64,
}

/// Returns a seed for the interval of candidate `i` in `round`.
fn interval_seed(seed: u64, round: u64, i: usize) -> u64 {
    floe_core::game_seed(seed ^ 0x1A7E_7A15, round << 20 | i as u64)
}

/// Races the points of the grid `sizes` (every combination of value indices): each round
/// plays every surviving candidate on the round's deals, adds them to its games, and drops
/// the candidates whose interval lies wholly above the leader's (the candidate with the
/// lowest objective). Stops when the budget cannot pay for another round or one candidate
/// is left.
pub fn race(
    sizes: &[usize],
    objective: &Objective,
    s: &Settings,
    evaluate: &mut Evaluate<'_>,
    watch: &mut Watch<'_>,
) -> Result<Searched> {
    let mut alive: Vec<(Point, Measure)> = grid(sizes)
        .into_iter()
        .map(|p| (p, Measure::default()))
        .collect();
    let mut dropped: Vec<(u64, Point, f64)> = Vec::new();
    let mut out = Searched::default();
    while alive.len() > 1 || out.rounds == 0 {
        let cost = alive.len() as u64 * s.round_games;
        if out.spent + cost > s.budget {
            break;
        }
        let points: Vec<Point> = alive.iter().map(|(p, _)| p.clone()).collect();
        let measures = evaluate(&points, out.rounds)?;
        out.spent += cost;
        let mut scored = Vec::new();
        for (i, ((point, total), m)) in alive.iter_mut().zip(&measures).enumerate() {
            total.add(m);
            let estimate =
                objective.estimate(total, s.confidence, interval_seed(s.seed, out.rounds, i));
            scored.push((point.clone(), *total, estimate));
        }
        let leader = scored
            .iter()
            .min_by(|a, b| a.2.value.total_cmp(&b.2.value))
            .map(|c| c.2.interval.1)
            .expect("a candidate is alive");
        alive.clear();
        for (point, total, estimate) in scored {
            let keep = estimate.interval.0 <= leader;
            out.evaluations.push(Evaluation {
                round: out.rounds,
                point: point.clone(),
                games: total.games,
                estimate,
                status: if keep { "kept" } else { "dropped" },
            });
            if keep {
                alive.push((point, total));
            } else {
                dropped.push((out.rounds, point, estimate.value));
            }
        }
        let (best_point, best) = alive
            .iter()
            .map(|(p, m)| (p, objective.value(m)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .expect("the leader is kept");
        watch(out.spent, best_point, best);
        out.progress.push((out.spent, best));
        out.rounds += 1;
    }
    let mut ranked: Vec<(Point, f64)> = alive
        .into_iter()
        .map(|(p, m)| {
            let value = objective.value(&m);
            (p, value)
        })
        .collect();
    ranked.sort_by(|a, b| a.1.total_cmp(&b.1));
    // The dropped follow the survivors: the later a candidate was dropped the closer it
    // came, and among those dropped together the lower objective ranks first.
    dropped.sort_by(|a, b| b.0.cmp(&a.0).then(a.2.total_cmp(&b.2)));
    ranked.extend(dropped.into_iter().map(|(_, p, v)| (p, v)));
    out.ranked = ranked;
    Ok(out)
}

/// Returns every point of the grid with `sizes[d]` values in dimension d, in order.
pub fn grid(sizes: &[usize]) -> Vec<Point> {
    let mut points = vec![Vec::new()];
    for &n in sizes {
        points = points
            .into_iter()
            .flat_map(|p| {
                (0..n).map(move |v| {
                    let mut q = p.clone();
                    q.push(v);
                    q
                })
            })
            .collect();
    }
    points
}

/// The statistics NTBEA keeps: for each tuple of dimensions, the summed fitness and count
/// of every combination of values seen (Lucas, Liu and Perez-Liebana 2018).
struct Tuples {
    dims: Vec<Vec<usize>>,
    stats: Vec<HashMap<Vec<usize>, (f64, u64)>>,
    evaluations: u64,
}

impl Tuples {
    /// The 1-tuples, the 2-tuples and the whole tuple of `d` dimensions.
    fn new(d: usize) -> Tuples {
        let mut dims: Vec<Vec<usize>> = (0..d).map(|i| vec![i]).collect();
        if d > 2 {
            for i in 0..d {
                dims.extend((i + 1..d).map(|j| vec![i, j]));
            }
        }
        if d > 1 {
            dims.push((0..d).collect());
        }
        let stats = dims.iter().map(|_| HashMap::new()).collect();
        Tuples {
            dims,
            stats,
            evaluations: 0,
        }
    }

    fn key(dims: &[usize], point: &Point) -> Vec<usize> {
        dims.iter().map(|&d| point[d]).collect()
    }

    fn add(&mut self, point: &Point, fitness: f64) {
        for (dims, stats) in self.dims.iter().zip(&mut self.stats) {
            let entry = stats.entry(Self::key(dims, point)).or_insert((0.0, 0));
            entry.0 += fitness;
            entry.1 += 1;
        }
        self.evaluations += 1;
    }

    /// The mean over the tuples of their mean fitness at `point` (tuples not seen left out).
    fn estimate(&self, point: &Point) -> Option<f64> {
        let means: Vec<f64> = self
            .dims
            .iter()
            .zip(&self.stats)
            .filter_map(|(dims, stats)| stats.get(&Self::key(dims, point)))
            .map(|&(sum, n)| sum / n as f64)
            .collect();
        (!means.is_empty()).then(|| means.iter().sum::<f64>() / means.len() as f64)
    }

    /// The upper confidence bound of `point`: each tuple's mean plus `k` times the
    /// exploration bonus, averaged over the tuples; a tuple never seen gets a bonus that
    /// dwarfs any mean.
    fn ucb(&self, point: &Point, k: f64) -> f64 {
        let log_n = ((self.evaluations + 1) as f64).ln();
        let total: f64 = self
            .dims
            .iter()
            .zip(&self.stats)
            .map(|(dims, stats)| {
                let (sum, n) = stats
                    .get(&Self::key(dims, point))
                    .copied()
                    .unwrap_or((0.0, 0));
                let mean = if n == 0 { 0.0 } else { sum / n as f64 };
                mean + k * (log_n / (n as f64 + 1e-6)).sqrt()
            })
            .sum();
        total / self.dims.len() as f64
    }
}

/// NTBEA over the grid `sizes`, from `start`: each round draws neighbours of the current
/// point (each value changed with probability 1/d, at least one), evaluates the
/// `batch` with the highest upper confidence bound on the round's deals (the first round
/// evaluates the start among them), adds their fitness (the negated objective) to the
/// tuple statistics, and moves to the evaluated point the tuples rate best. The ranking
/// at the end is by the tuples' estimate of every point evaluated.
pub fn ntbea(
    sizes: &[usize],
    start: Point,
    objective: &Objective,
    s: &Settings,
    evaluate: &mut Evaluate<'_>,
    watch: &mut Watch<'_>,
) -> Result<Searched> {
    let mut rng = FloeRng::seed_from_u64(floe_core::game_seed(s.seed, 0x7B_EA));
    let mut tuples = Tuples::new(sizes.len());
    let mut out = Searched::default();
    let mut seen: Vec<Point> = Vec::new();
    let mut current = start;
    loop {
        let cost = s.batch as u64 * s.round_games;
        if out.spent + cost > s.budget {
            break;
        }
        let batch = next_batch(&current, out.rounds == 0, sizes, s, &tuples, &mut rng);
        let measures = evaluate(&batch, out.rounds)?;
        out.spent += batch.len() as u64 * s.round_games;
        for (i, (point, m)) in batch.iter().zip(&measures).enumerate() {
            let estimate =
                objective.estimate(m, s.confidence, interval_seed(s.seed, out.rounds, i));
            tuples.add(point, -estimate.value);
            out.evaluations.push(Evaluation {
                round: out.rounds,
                point: point.clone(),
                games: m.games,
                estimate,
                status: "evaluated",
            });
            if !seen.contains(point) {
                seen.push(point.clone());
            }
        }
        let best_of_batch = batch
            .iter()
            .max_by(|a, b| {
                let ea = tuples.estimate(a).unwrap_or(f64::NEG_INFINITY);
                let eb = tuples.estimate(b).unwrap_or(f64::NEG_INFINITY);
                ea.total_cmp(&eb)
            })
            .expect("a batch is never empty")
            .clone();
        current = best_of_batch;
        let (best_point, best) = seen
            .iter()
            .filter_map(|p| tuples.estimate(p).map(|e| (p, e)))
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .expect("a point was evaluated");
        watch(out.spent, best_point, -best);
        out.progress.push((out.spent, -best));
        out.rounds += 1;
    }
    let mut ranked: Vec<(Point, f64)> = seen
        .into_iter()
        .map(|p| {
            let value = -tuples.estimate(&p).expect("every point seen was evaluated");
            (p, value)
        })
        .collect();
    ranked.sort_by(|a, b| a.1.total_cmp(&b.1));
    out.ranked = ranked;
    Ok(out)
}

/// The points NTBEA evaluates next: `current` in the first round, then the neighbours of
/// `current` with the highest upper confidence bound, then random points when too few
/// neighbours are new.
fn next_batch(
    current: &Point,
    first: bool,
    sizes: &[usize],
    s: &Settings,
    tuples: &Tuples,
    rng: &mut FloeRng,
) -> Vec<Point> {
    let mut batch: Vec<Point> = Vec::new();
    if first {
        batch.push(current.clone());
    }
    let mut pool: Vec<Point> = Vec::new();
    for _ in 0..s.neighbours * 4 {
        if pool.len() >= s.neighbours {
            break;
        }
        let p = mutate(current, sizes, rng);
        if p != *current && !pool.contains(&p) {
            pool.push(p);
        }
    }
    pool.sort_by(|a, b| {
        tuples
            .ucb(b, s.exploration)
            .total_cmp(&tuples.ucb(a, s.exploration))
    });
    for p in pool {
        if batch.len() >= s.batch {
            break;
        }
        if !batch.contains(&p) {
            batch.push(p);
        }
    }
    // Too few new neighbours (a small space, or one nearly explored): random points.
    for _ in 0..s.batch * 16 {
        if batch.len() >= s.batch.min(space_size(sizes)) {
            break;
        }
        let p: Point = sizes.iter().map(|&n| rng.random_range(0..n)).collect();
        if !batch.contains(&p) {
            batch.push(p);
        }
    }
    batch
}

/// Returns the number of points in the grid `sizes`, saturating at `usize::MAX`.
pub fn space_size(sizes: &[usize]) -> usize {
    sizes.iter().fold(1usize, |n, &k| n.saturating_mul(k))
}

/// Returns `point` with each value changed with probability 1/d, at least one changed
/// (unless no parameter has two values).
fn mutate(point: &Point, sizes: &[usize], rng: &mut FloeRng) -> Point {
    let d = sizes.len();
    let mut p = point.clone();
    let free: Vec<usize> = (0..d).filter(|&i| sizes[i] > 1).collect();
    if free.is_empty() {
        return p;
    }
    let forced = free[rng.random_range(0..free.len())];
    for (i, &n) in sizes.iter().enumerate() {
        if n > 1 && (i == forced || rng.random_range(0..d) == 0) {
            let other = rng.random_range(0..n - 1);
            p[i] = if other >= point[i] { other + 1 } else { other };
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::objective::Statistic;

    /// A made-up game: the objective of a point is its distance from (3, 1), with noise
    /// from the round's deals.
    fn evaluate_bowl(points: &[Point], round: u64) -> Result<Vec<Measure>> {
        Ok(points
            .iter()
            .map(|p| {
                let distance = (p[0] as f64 - 3.0).abs() + (p[1] as f64 - 1.0).abs();
                let noise = ((round * 7 + 3) % 5) as f64 * 0.001;
                let mut m = Measure {
                    games: 1000,
                    players: 2,
                    rounds: ((distance + noise) * 1000.0, 0.0),
                    ..Measure::default()
                };
                m.wins[0] = 500.0;
                m.wins[1] = 500.0;
                m
            })
            .collect())
    }

    fn settings(budget: u64) -> Settings {
        Settings {
            budget,
            round_games: 1000,
            confidence: 0.95,
            neighbours: 20,
            exploration: 0.5,
            batch: 2,
            seed: 5,
        }
    }

    fn length() -> Objective {
        Objective {
            weights: vec![(Statistic::Length, 1.0)],
            length_target: 0.0,
            ..Objective::default()
        }
    }

    #[test]
    fn the_grid_holds_every_combination_in_order() {
        assert_eq!(
            grid(&[2, 3]),
            [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]].map(|p| p.to_vec())
        );
    }

    #[test]
    fn racing_keeps_the_best_and_spends_within_the_budget() {
        let found = race(
            &[5, 3],
            &length(),
            &settings(60_000),
            &mut evaluate_bowl,
            &mut |_, _, _| {},
        )
        .unwrap();
        assert_eq!(found.ranked[0].0, vec![3, 1]);
        assert!(found.spent <= 60_000);
        assert!(found.evaluations.iter().any(|e| e.status == "dropped"));
        assert_eq!(found.ranked.len(), 15, "every candidate ranked");
    }

    #[test]
    fn ntbea_finds_the_bottom_of_the_bowl() {
        let search = || {
            ntbea(
                &[8, 6],
                vec![0, 5],
                &length(),
                &settings(80_000),
                &mut evaluate_bowl,
                &mut |_, _, _| {},
            )
            .unwrap()
        };
        let found = search();
        assert_eq!(found.ranked[0].0, vec![3, 1], "{:?}", &found.ranked[..3]);
        assert!(found.spent <= 80_000);
        assert_eq!(found.evaluations, search().evaluations, "seeded");
    }

    #[test]
    fn a_mutation_changes_at_least_one_value_and_stays_on_the_grid() {
        let mut rng = FloeRng::seed_from_u64(1);
        for _ in 0..1000 {
            let p = mutate(&vec![2, 0, 1], &[4, 1, 3], &mut rng);
            assert_ne!(p, vec![2, 0, 1]);
            assert!(p[0] < 4 && p[1] == 0 && p[2] < 3);
        }
    }
}
