//! What a tuner minimises: a weighted sum of statistics Floe already measures of a run
//! (the seat spread, as `game_stats.csv` defines it, the seat chi-square, distance from a target game length, the share of
//! games the round limit ends, the share of shared wins, a tuned bot's strength against
//! reference bots, how games unfold: any measure of `arc.csv`), and its interval.

use floe_core::{FloeRng, MAX_SEATS};
use floe_sim::arc::{MEASURES, SCALE};
use floe_sim::stats::extremes;
use floe_sim::{FigureTally, PAIR_UNITS, PairTally, Tally};
use rand::SeedableRng;
use rand_distr::{Binomial, Distribution, Normal};

/// A statistic an objective may weigh.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Statistic {
    /// The best seat's win rate minus the worst's: `game_stats.csv`'s `seat_spread`, the
    /// same statistic under the same name ([`floe_sim::report::seat_spread`]).
    SeatSpread,
    /// Pearson's chi-square statistic of equal seat win shares divided by the games (the
    /// effect size w^2), so that runs of any size compare.
    SeatChi2,
    /// |mean rounds - the target length|.
    Length,
    /// The share of games the round limit ends.
    RoundLimit,
    /// The share of games with a shared win.
    Ties,
    /// 1 - the tuned bot's score share against the reference bots: of its meetings with
    /// them, the share it does not score above (a tie counts half). Bot group 0 is the
    /// tuned bot, every other group a reference bot.
    Strength,
    /// |the mean of a measure of how games unfold - its target|: the measure of
    /// [`MEASURES`] at this index, whose target is 0 unless the spec gives one, so that
    /// without a target the measure is made as small as it goes, and with one above
    /// what the games reach, as large.
    Arc(usize),
}

impl Statistic {
    /// Whether the statistic is a share or a difference of shares (a fraction of games),
    /// which people read in percentage points.
    pub fn is_share(self) -> bool {
        match self {
            Statistic::SeatChi2 | Statistic::Length => false,
            Statistic::Arc(i) => MEASURES[i].share,
            _ => true,
        }
    }

    /// Returns the largest value the statistic can take in games of at most `players`
    /// seats, with `length_target` (0 or more) for [`Statistic::Length`]: 1 for a share;
    /// `players - 1` for the seat chi-square per game (one seat winning every game); for
    /// the length, the larger of `target` and the longest mean a run can count, 2^64
    /// rounds (a run counts rounds in 64 bits; the game's own round limit, which a tune
    /// may itself change, is far below); for a measure of how games unfold, the larger of
    /// `target` and its largest value, 1 for a share, else the largest a game's value can
    /// be counted at (`i64::MAX` millionths).
    pub fn largest(self, players: usize, target: f64) -> f64 {
        match self {
            Statistic::SeatChi2 => players.saturating_sub(1) as f64,
            Statistic::Length => target.max(u64::MAX as f64),
            Statistic::Arc(i) if MEASURES[i].share => target.max(1.0),
            Statistic::Arc(_) => target.max(i64::MAX as f64 / f64::from(SCALE)),
            _ => 1.0,
        }
    }

    /// Whether the statistic is a measure of how games unfold, which only a run that
    /// follows the games' arcs counts.
    pub fn is_arc(self) -> bool {
        matches!(self, Statistic::Arc(_))
    }
}

/// The largest value an objective may reach: the sum of each weight times its
/// statistic's largest value ([`Statistic::largest`]) must not exceed it. A search adds
/// up objectives, one per candidate measured and so at most one per game of a budget
/// counted in 64 bits (NTBEA's tuple sums), and a report shows them times 100 (in
/// percentage points): kept below `f64::MAX / 2^64 / 100`, about 1e287, with room left
/// for a bootstrap replicate above the largest mean, every such sum stays finite, so that
/// no weight that passes `floe tune --check` overflows after the games.
pub const LARGEST_OBJECTIVE: f64 = 1e280;

/// The statistics, as spec keys, with one line on each.
pub const STATISTICS: &[(&str, Statistic, &str)] = &[
    (
        "seat_spread",
        Statistic::SeatSpread,
        "the best seat's win rate minus the worst's (game_stats.csv's seat_spread)",
    ),
    (
        "seat_chi2",
        Statistic::SeatChi2,
        "Pearson's chi-square statistic of equal seat win shares, divided by the games",
    ),
    ("length", Statistic::Length, "|mean rounds - length_target|"),
    (
        "round_limit",
        Statistic::RoundLimit,
        "the share of games ended by the round limit",
    ),
    (
        "ties",
        Statistic::Ties,
        "the share of games with a shared win",
    ),
    (
        "strength",
        Statistic::Strength,
        "1 - the tuned bot's score share against the reference bots (ties count half)",
    ),
];

/// Every statistic an objective may weigh, as spec keys, with one line on each: those of
/// [`STATISTICS`], then each measure of how games unfold ([`MEASURES`]) by its name in
/// `arc.csv`.
pub fn statistics() -> impl Iterator<Item = (&'static str, Statistic, &'static str)> {
    let arcs = MEASURES
        .iter()
        .enumerate()
        .map(|(i, m)| (m.name, Statistic::Arc(i), m.meaning));
    STATISTICS.iter().copied().chain(arcs)
}

/// Replicates drawn for an objective's interval.
const REPLICATES: usize = 400;

/// The counts an objective is computed from: a run's [`Tally`], cut down to what the
/// statistics read, so that the measures of several rounds add up.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Measure {
    /// Games played.
    pub games: u64,
    /// Seats per game.
    pub players: usize,
    /// Win shares per seat (a win shared by k counts 1/k).
    pub wins: [f64; MAX_SEATS],
    /// Sum and sum of squares of the games' rounds.
    pub rounds: (f64, f64),
    /// Games the round limit ended.
    pub round_limits: u64,
    /// Games with a shared win.
    pub ties: u64,
    /// Meetings of the tuned bot (bot group 0) with a reference bot: games where both
    /// played, counted once per reference bot.
    pub meetings: u64,
    /// Of those, the meetings the tuned bot scored above the reference bot, a tie counting
    /// half (each game's seat pairs share it, as in the tournament's pairwise table).
    pub score: f64,
    /// The measures of how the games unfolded, in the order of [`MEASURES`] (no games
    /// counted when the run does not follow them).
    pub arc: [FigureTally; MEASURES.len()],
}

impl Measure {
    /// Returns the measure of the run `t` of `players` seats, whose end cause
    /// `round_limit` (if the game has one) is the round limit's.
    pub fn of(t: &Tally, players: usize, round_limit: Option<usize>) -> Measure {
        let groups = t.bots.len();
        let against: Vec<&PairTally> = (1..groups).map(|b| &t.pairs[b]).collect();
        Measure {
            meetings: against.iter().map(|p| p.games).sum(),
            score: against
                .iter()
                .map(|p| (p.above_units as f64 + p.tied_units as f64 / 2.0) / PAIR_UNITS as f64)
                .sum(),
            games: t.games,
            players,
            wins: std::array::from_fn(|s| t.seats[s].wins()),
            rounds: (t.rounds_sum as f64, t.rounds_sq_sum as f64),
            round_limits: round_limit.map_or(0, |c| t.end_causes[c]),
            ties: t.ties,
            arc: std::array::from_fn(|i| t.arc.get(i).copied().unwrap_or_default()),
        }
    }

    /// Adds the games of `other` (a later round of the same candidate).
    pub fn add(&mut self, other: &Measure) {
        self.games += other.games;
        self.players = other.players;
        for (w, o) in self.wins.iter_mut().zip(other.wins) {
            *w += o;
        }
        self.rounds.0 += other.rounds.0;
        self.rounds.1 += other.rounds.1;
        self.round_limits += other.round_limits;
        self.ties += other.ties;
        self.meetings += other.meetings;
        self.score += other.score;
        for (a, o) in self.arc.iter_mut().zip(&other.arc) {
            a.add(o);
        }
    }

    /// Returns the tuned bot's score share against the reference bots, with its Wilson
    /// interval (NaN without meetings).
    pub fn score_share(&self) -> (f64, f64, f64) {
        if self.meetings == 0 {
            return (f64::NAN, f64::NAN, f64::NAN);
        }
        let (lo, hi) = floe_sim::stats::wilson(self.score, self.meetings);
        (self.score / self.meetings as f64, lo, hi)
    }

    /// Returns the mean rounds.
    pub fn mean_rounds(&self) -> f64 {
        self.rounds.0 / self.games.max(1) as f64
    }

    /// Returns the mean of the measure of how games unfold at index `i` of [`MEASURES`]
    /// over the games that define it, `None` when none does.
    pub fn arc_mean(&self, i: usize) -> Option<f64> {
        let c = &self.arc[i];
        (c.count > 0).then(|| c.sum as f64 / c.count as f64 / f64::from(SCALE))
    }

    /// Returns statistic `s`'s value, with `target` for [`Statistic::Length`] and
    /// [`Statistic::Arc`]. A measure of how games unfold that no game defined (every game
    /// a shared win, for those that follow the winner) is at its largest
    /// ([`Statistic::largest`]): a candidate is never preferred for games that cannot tell.
    pub fn statistic(&self, s: Statistic, target: f64) -> f64 {
        let n = self.games.max(1) as f64;
        let seats = &self.wins[..self.players];
        match s {
            Statistic::SeatSpread => {
                let rates: Vec<f64> = seats.iter().map(|w| w / n).collect();
                extremes(&rates).map_or(0.0, |(best, worst)| rates[best] - rates[worst])
            }
            Statistic::SeatChi2 => {
                let expected = n / self.players as f64;
                seats
                    .iter()
                    .map(|w| (w - expected).powi(2) / expected)
                    .sum::<f64>()
                    / n
            }
            Statistic::Length => (self.mean_rounds() - target).abs(),
            Statistic::RoundLimit => self.round_limits as f64 / n,
            Statistic::Ties => self.ties as f64 / n,
            Statistic::Strength => 1.0 - self.score / self.meetings.max(1) as f64,
            Statistic::Arc(i) => self.arc_mean(i).map_or_else(
                || s.largest(self.players, target),
                |mean| (mean - target).abs(),
            ),
        }
    }
}

/// A weighted sum of statistics, to be made as small as possible.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Objective {
    /// Each statistic weighed, with its weight.
    pub weights: Vec<(Statistic, f64)>,
    /// The target of [`Statistic::Length`].
    pub length_target: f64,
    /// The target of each [`Statistic::Arc`], by its index in [`MEASURES`].
    pub arc_targets: [f64; MEASURES.len()],
}

impl Objective {
    /// Returns the objective's value on `m`.
    pub fn value(&self, m: &Measure) -> f64 {
        self.weights
            .iter()
            .map(|&(s, w)| w * m.statistic(s, self.target(s)))
            .sum()
    }

    /// Returns the target statistic `s` measures its distance from (0 for a statistic
    /// without one).
    pub fn target(&self, s: Statistic) -> f64 {
        match s {
            Statistic::Length => self.length_target,
            Statistic::Arc(i) => self.arc_targets[i],
            _ => 0.0,
        }
    }

    /// Whether the objective weighs a measure of how games unfold, so that its runs must
    /// follow the games' arcs.
    pub fn follows_arcs(&self) -> bool {
        self.weights.iter().any(|w| w.0.is_arc())
    }

    /// Whether every statistic weighed is a share ([`Statistic::is_share`]), so that the
    /// objective reads in percentage points, as every other rate Floe prints.
    pub fn in_points(&self) -> bool {
        self.weights.iter().all(|&(s, _)| s.is_share())
    }

    /// Returns the objective's value `x` as people read it: in percentage points (two
    /// decimals) when [`Objective::in_points`], else as it is.
    pub fn shown(&self, x: f64) -> f64 {
        if self.in_points() { 100.0 * x } else { x }
    }

    /// The objective's name on a chart's axis or in a printed line, with its unit.
    pub fn label(&self) -> &'static str {
        if self.in_points() {
            "objective, percentage points (lower is better)"
        } else {
            "objective (lower is better)"
        }
    }

    /// Returns the objective's largest value in games of `players` seats: each weight
    /// times its statistic's largest ([`Statistic::largest`]).
    pub fn largest(&self, players: usize) -> f64 {
        self.weights
            .iter()
            .map(|&(s, w)| w * s.largest(players, self.target(s)))
            .sum()
    }

    /// Returns the objective's estimate on the games `m` stands for with its interval at
    /// `confidence`: what the tuner prints, writes and draws of a candidate, all from this
    /// one estimator, so that the estimate always lies inside its interval.
    ///
    /// The estimate is the objective as measured ([`Objective::value`]: the seat spread
    /// as `game_stats.csv` gives it, the number every other table names). The interval
    /// comes from a parametric bootstrap: [`REPLICATES`] runs like `m` (seat wins from the
    /// multinomial of the seats' shares, rounds' mean from its normal approximation,
    /// round-limit ends, ties and the tuned bot's meetings won binomially) drawn from a
    /// generator seeded with `seed`. It takes from them only how far a run of this size
    /// strays below and above their median, and sets that around the estimate: from the
    /// estimate minus (median - lower quantile) to the estimate plus (upper quantile -
    /// median), held to the objective's range (0 to [`Objective::largest`]).
    ///
    /// Why not the replicates' quantiles themselves (the percentile interval, which the
    /// tuner used to print): a statistic that is a largest deviation (the seat spread,
    /// the distance from a target length) is biased upward, and a replicate drawn from
    /// shares that already carry the run's noise spreads further again. The replicates'
    /// median then lies above the measured value, and in a small run at a nearly fair
    /// table their quantiles can lie wholly above it: a quick trial printed `0.75 points
    /// (1.05-7.96)`, the chart's dot below its bar. Centred on the estimate, the interval
    /// holds it always (the median lies between the quantiles), and at a fair table it
    /// reaches down to 0, where the games cannot tell the table from a fair one. For a
    /// statistic without that bias (a share) the median is the estimate, and the interval
    /// is the percentile interval as before.
    pub fn estimate(&self, m: &Measure, confidence: f64, seed: u64) -> Estimate {
        let value = self.value(m);
        if m.games == 0 {
            return Estimate {
                value,
                interval: (f64::NAN, f64::NAN),
            };
        }
        let mut rng = FloeRng::seed_from_u64(seed);
        let n = m.games;
        let mut values: Vec<f64> = (0..REPLICATES)
            .map(|_| self.value(&self.replicate(m, n, &mut rng)))
            .collect();
        values.sort_by(f64::total_cmp);
        let at = |q: f64| values[((q * REPLICATES as f64) as usize).min(REPLICATES - 1)];
        let (low, median, high) = (
            at((1.0 - confidence) / 2.0),
            at(0.5),
            at((1.0 + confidence) / 2.0),
        );
        // Differences of sorted values are 0 or more, so the ends never cross the
        // estimate, rounding included; the range is widened to the estimate for the same
        // reason.
        let (least, most) = (value.min(0.0), value.max(self.largest(m.players)));
        Estimate {
            value,
            interval: (
                (value - (median - low)).max(least),
                (value + (high - median)).min(most),
            ),
        }
    }
}

/// An objective's estimate on a run with its interval, from one estimator
/// ([`Objective::estimate`]), so that the estimate lies inside the interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The objective as measured on the run.
    pub value: f64,
    /// Its interval at the confidence asked (NaN for a run of no games).
    pub interval: (f64, f64),
}

impl Estimate {
    /// Returns whether the interval holds the estimate (false for a run of no games).
    pub fn holds(&self) -> bool {
        self.interval.0 <= self.value && self.value <= self.interval.1
    }
}

impl Objective {
    /// Draws one run of `n` games like `m` (see [`Objective::estimate`]); the tuned bot's
    /// score and the measures of how games unfold only where the objective weighs them,
    /// so that the intervals of other objectives keep their draws.
    fn replicate(&self, m: &Measure, n: u64, rng: &mut FloeRng) -> Measure {
        let strength = self.weights.iter().any(|w| w.0 == Statistic::Strength);
        let mut drawn = replicate(m, n, strength, rng);
        for (i, c) in drawn.arc.iter_mut().enumerate() {
            if c.count > 0 && self.weights.iter().any(|w| w.0 == Statistic::Arc(i)) {
                *c = replicate_arc(i, c, rng);
            }
        }
        drawn
    }
}

/// Draws the counts of measure `i` of how games unfold over as many games as `c`: a
/// yes-or-no measure's yeses binomially, another's mean from its normal approximation
/// (the same two the cell's interval in `arc.csv` uses).
fn replicate_arc(i: usize, c: &FigureTally, rng: &mut FloeRng) -> FigureTally {
    let (n, scale) = (c.count as f64, f64::from(SCALE));
    let mean = c.sum as f64 / n;
    let drawn = if MEASURES[i].yes_no {
        binomial(c.count, mean / scale, rng) as f64 * scale
    } else {
        let var = (c.sq_sum as f64 / n - mean * mean).max(0.0);
        Normal::new(mean, (var / n).sqrt()).map_or(mean, |d| d.sample(rng)) * n
    };
    FigureTally {
        sum: drawn.round() as i128,
        ..*c
    }
}

/// Draws the successes of `trials` trials of probability `p` (held to 0 to 1).
fn binomial(trials: u64, p: f64, rng: &mut FloeRng) -> u64 {
    Binomial::new(trials, p.clamp(0.0, 1.0)).map_or(0, |b| b.sample(rng))
}

/// Draws one run of `n` games like `m` (see [`Objective::estimate`]).
fn replicate(m: &Measure, n: u64, strength: bool, rng: &mut FloeRng) -> Measure {
    let nf = n as f64;
    let mut wins = [0.0; MAX_SEATS];
    let (mut left, mut share_left) = (n, 1.0);
    for (s, (won, share)) in wins.iter_mut().zip(m.wins).take(m.players).enumerate() {
        let p = share / nf;
        let drawn = if s + 1 == m.players || share_left <= 0.0 {
            left
        } else {
            binomial(left, p / share_left, rng)
        };
        *won = drawn as f64;
        left -= drawn;
        share_left -= p;
    }
    let mean = m.rounds.0 / nf;
    let var = (m.rounds.1 / nf - mean * mean).max(0.0);
    let mean = Normal::new(mean, (var / nf).sqrt()).map_or(mean, |d| d.sample(rng));
    Measure {
        games: n,
        players: m.players,
        wins,
        rounds: (mean * nf, m.rounds.1),
        round_limits: binomial(n, m.round_limits as f64 / nf, rng),
        ties: binomial(n, m.ties as f64 / nf, rng),
        meetings: m.meetings,
        // Drawn only when weighed, so that the intervals of other objectives keep their draws.
        score: if strength {
            binomial(m.meetings, m.score / m.meetings.max(1) as f64, rng) as f64
        } else {
            m.score
        },
        arc: m.arc,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn measure(games: u64, wins: &[f64]) -> Measure {
        let mut m = Measure {
            games,
            players: wins.len(),
            rounds: (
                30.0 * games as f64,
                900.0 * games as f64 + 4.0 * games as f64,
            ),
            ..Measure::default()
        };
        m.wins[..wins.len()].copy_from_slice(wins);
        m
    }

    #[test]
    fn statistics_are_what_their_names_say() {
        let m = measure(1000, &[300.0, 200.0, 500.0]);
        assert!((m.statistic(Statistic::SeatSpread, 0.0) - (0.5 - 0.2)).abs() < 1e-12);
        let expected = 1000.0 / 3.0;
        let chi2 = [300.0, 200.0, 500.0]
            .iter()
            .map(|w: &f64| (w - expected).powi(2) / expected)
            .sum::<f64>();
        assert!((m.statistic(Statistic::SeatChi2, 0.0) - chi2 / 1000.0).abs() < 1e-12);
        assert!((m.statistic(Statistic::Length, 25.0) - 5.0).abs() < 1e-12);
        let objective = Objective {
            weights: vec![(Statistic::SeatSpread, 2.0), (Statistic::Length, 0.1)],
            length_target: 25.0,
            ..Objective::default()
        };
        assert!((objective.value(&m) - (2.0 * (0.5 - 0.2) + 0.5)).abs() < 1e-12);
    }

    #[test]
    fn no_statistic_exceeds_its_largest_value() {
        for players in 2..=MAX_SEATS {
            // One seat wins every game, every game ends by the round limit with a tie, the
            // games run as long as a run can count, and the tuned bot never scores.
            let mut m = measure(1000, &vec![0.0; players]);
            m.wins[0] = 1000.0;
            m.rounds = (u64::MAX as f64 * 1000.0, 0.0);
            (m.round_limits, m.ties, m.meetings) = (1000, 1000, 1000);
            for (name, s, _) in statistics() {
                for target in [0.0, 30.0, 1e300] {
                    let value = m.statistic(s, target);
                    let largest = s.largest(players, target);
                    assert!(
                        value <= largest * (1.0 + 1e-12),
                        "{name} {players}: {value}"
                    );
                }
            }
            let chi2 = m.statistic(Statistic::SeatChi2, 0.0);
            assert!(
                (chi2 - (players - 1) as f64).abs() < 1e-9,
                "reached: {chi2}"
            );
        }
    }

    #[test]
    fn measures_of_rounds_add_up() {
        let mut a = measure(100, &[60.0, 40.0]);
        a.add(&measure(300, &[140.0, 160.0]));
        assert_eq!(a.games, 400);
        assert_eq!(a.wins[..2], [200.0, 200.0]);
        assert_eq!(a.statistic(Statistic::SeatSpread, 0.0), 0.0);
    }

    #[test]
    fn the_interval_holds_the_value_and_narrows_with_games() {
        let objective = Objective {
            weights: vec![(Statistic::SeatSpread, 1.0)],
            length_target: 0.0,
            ..Objective::default()
        };
        let small = measure(2_000, &[1_100.0, 900.0]);
        let large = measure(200_000, &[110_000.0, 90_000.0]);
        // Seat 0 wins 55%, seat 1 45%: a spread of 10 points.
        let e = objective.estimate(&small, 0.95, 1);
        let (lo, hi) = e.interval;
        assert!(e.value == 0.10 || (e.value - 0.10).abs() < 1e-12);
        assert!(lo < 0.10 && 0.10 < hi, "{lo} {hi}");
        let (llo, lhi) = objective.estimate(&large, 0.95, 1).interval;
        assert!(
            llo < 0.10 && 0.10 < lhi && lhi - llo < (hi - lo) / 5.0,
            "{llo} {lhi}"
        );
        assert_eq!(objective.estimate(&small, 0.95, 1), e, "seeded");
    }

    /// The quick trial of issue 44: four seats within a point of each other on 666
    /// games. The replicates, drawn from shares that already carry the run's noise,
    /// spread further: their quantiles lie wholly above the measured spread, which the
    /// tuner printed as `0.75 points (1.05-7.96)`. The estimator centres them on it.
    #[test]
    fn a_nearly_fair_table_s_spread_lies_in_its_interval_which_reaches_0() {
        let objective = Objective {
            weights: vec![(Statistic::SeatSpread, 1.0)],
            length_target: 0.0,
            ..Objective::default()
        };
        let m = measure(666, &[168.0, 165.0, 167.0, 166.0]);
        let e = objective.estimate(&m, 0.95, 3);
        assert!((e.value - 3.0 / 666.0).abs() < 1e-12);
        assert!(e.holds(), "{e:?}");
        assert_eq!(e.interval.0, 0.0, "as fair as the games can tell: {e:?}");
        assert!(
            e.interval.1 > 0.03,
            "several points wide at 666 games: {e:?}"
        );
    }

    /// Draws a measure of `players` seats over `games` games from `unit` numbers in
    /// [0, 1): the seats' wins (at most the games), rounds, round-limit ends, ties, the
    /// tuned bot's meetings and the measures of how games unfold.
    fn drawn(players: usize, games: u64, unit: &[f64]) -> Measure {
        let weights: Vec<f64> = unit[..players].iter().map(|u| u * u + 1e-3).collect();
        let total: f64 = weights.iter().sum();
        let mut m = measure(games, &vec![0.0; players]);
        for (w, x) in m.wins.iter_mut().zip(&weights) {
            *w = (games as f64 * x / total).floor();
        }
        let n = games as f64;
        let mean = 1.0 + 60.0 * unit[6];
        m.rounds = (mean * n, (mean * mean + 40.0 * unit[7]) * n);
        m.round_limits = (n * unit[8]) as u64;
        m.ties = (n * unit[9]) as u64;
        m.meetings = games;
        m.score = (n * unit[10]).floor();
        for (i, measure) in MEASURES.iter().enumerate() {
            let most = if measure.share { 1.0 } else { 10.0 };
            m.arc[i] = arc_tally(games, most * unit[11 + i], most * unit[11 + i] / 2.0);
        }
        m
    }

    /// The counts of a measure over `games` games of mean `mean` and sd `sd`.
    fn arc_tally(games: u64, mean: f64, sd: f64) -> FigureTally {
        let (n, scale) = (games as f64, f64::from(SCALE));
        FigureTally {
            count: games,
            sum: (mean * scale * n).round() as i128,
            sq_sum: ((mean * mean + sd * sd) * scale * scale * n).round() as u128,
        }
    }

    #[test]
    fn a_measure_of_how_games_unfold_is_weighed_by_its_distance_from_its_target() {
        let at = |name: &str| MEASURES.iter().position(|m| m.name == name).unwrap();
        let (leads, drama) = (at("lead_changes"), at("drama"));
        let mut m = measure(400, &[200.0, 200.0]);
        m.arc[leads] = arc_tally(400, 2.5, 1.0);
        let mut objective = Objective {
            weights: vec![(Statistic::Arc(leads), 1.0)],
            ..Objective::default()
        };
        assert!(
            (objective.value(&m) - 2.5).abs() < 1e-9,
            "as few as it goes"
        );
        objective.arc_targets[leads] = 6.0;
        assert!(
            (objective.value(&m) - 3.5).abs() < 1e-9,
            "as many as it goes"
        );
        assert!(!objective.in_points() && objective.follows_arcs());
        let e = objective.estimate(&m, 0.95, 7);
        // The replicates' means spread as the normal interval: 1.96 x 1 / sqrt(400).
        let half = (e.interval.1 - e.interval.0) / 2.0;
        assert!((half - 0.098).abs() < 0.02, "{e:?}");
        // A share reads in points; where no game defines it, it is at its largest.
        let share = Objective {
            weights: vec![(Statistic::Arc(drama), 1.0)],
            ..Objective::default()
        };
        assert!(share.in_points());
        assert_eq!(share.value(&m), 1.0);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(400))]

        /// Whatever the run and the objective, the estimate lies inside its interval:
        /// one estimator gives both, so the console, the tables and the chart agree.
        #[test]
        fn the_estimate_always_lies_in_its_interval(
            players in 2..=MAX_SEATS,
            games in 1u64..200_000,
            unit in proptest::collection::vec(0.0..1.0f64, 11 + MEASURES.len()),
            weights in proptest::collection::vec(0.0..3.0f64, statistics().count()),
            length_target in 0.0..80.0f64,
            confidence in 0.5..0.999f64,
            seed: u64,
        ) {
            let m = drawn(players, games, &unit);
            let objective = Objective {
                weights: statistics()
                    .zip(&weights)
                    .filter(|(_, w)| **w > 1.0)
                    .map(|(s, w)| (s.1, w - 1.0))
                    .collect(),
                length_target,
                ..Objective::default()
            };
            let e = objective.estimate(&m, confidence, seed);
            proptest::prop_assert!(e.holds(), "{e:?} of {m:?} by {objective:?}");
            proptest::prop_assert!(e.interval.0 >= 0.0, "{e:?}");
        }
    }
}
