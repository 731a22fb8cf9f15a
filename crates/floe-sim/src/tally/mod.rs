//! [`Tally`]: the exact integer counts a run's statistics are made from.
//!
//! Every field is a count or a sum of integers, so tallies merge by addition in any order
//! and the result is the same whatever the thread count or the split into chunks. Shared
//! wins are counted in [`WIN_SHARE_UNITS`] so they stay integers too, ranks in halves,
//! and head-to-head results in [`PAIR_UNITS`].

use floe_core::{FigureDecl, Figures, MAX_SEATS, Seat, WIN_SHARE_UNITS};

use crate::GameRecord;

mod checks;
mod codec;

pub use codec::Counter;

/// Most end causes a game may have.
pub const MAX_END_CAUSES: usize = 8;

/// Buckets of the game-length histogram's array: games of fewer rounds are counted there
/// (one add, no search); longer games are counted exactly in [`Tally::long_rounds`].
pub const ROUND_BUCKETS: usize = 256;

/// One game's weight in a head-to-head count. Two bots holding k and m seats of a game
/// meet in k x m seat pairs (k + m <= 6), and each pair counts 1/(k x m): 2520 is divisible
/// by every such product, so the shares stay whole.
pub const PAIR_UNITS: u64 = 2520;

/// Counts for one group of seat-games (a seat, a colour, or a bot).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GroupTally {
    /// Seat-games in the group.
    pub games: u64,
    /// Wins, in [`WIN_SHARE_UNITS`].
    pub win_units: u64,
    /// Games won alone.
    pub sole_wins: u64,
    /// Games whose win was shared with other seats.
    pub shared_wins: u64,
    /// Sum of scores.
    pub score_sum: i64,
    /// Sum of twice the rank by score (1 = highest; seats with equal scores share the mean
    /// of the ranks they span, so a rank may end in .5).
    pub rank_halves: u64,
}

impl GroupTally {
    fn add(&mut self, other: &GroupTally) {
        self.games += other.games;
        self.win_units += other.win_units;
        self.sole_wins += other.sole_wins;
        self.shared_wins += other.shared_wins;
        self.score_sum += other.score_sum;
        self.rank_halves += other.rank_halves;
    }

    /// Returns the wins (shared wins counted fractionally).
    pub fn wins(&self) -> f64 {
        self.win_units as f64 / f64::from(WIN_SHARE_UNITS)
    }
}

/// How one bot fared against another in the games where both played, each game counting
/// [`PAIR_UNITS`] shared among the seat pairs where they met.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PairTally {
    /// Games in which both bots played.
    pub games: u64,
    /// Units of those games in which the first bot scored above the second.
    pub above_units: u64,
    /// Units in which they scored the same.
    pub tied_units: u64,
}

impl PairTally {
    fn add(&mut self, other: &PairTally) {
        self.games += other.games;
        self.above_units += other.above_units;
        self.tied_units += other.tied_units;
    }
}

/// The sums of one figure ([`floe_core::Game::figures`]) at one seat (or of a per-game
/// figure), over the games where it was defined.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FigureTally {
    /// Games (or seat-games) where the figure had a value.
    pub count: u64,
    /// Sum of the values (in the figure's fixed-point units).
    pub sum: i128,
    /// Sum of the squared values.
    pub sq_sum: u128,
}

impl FigureTally {
    /// Counts one value.
    fn count(&mut self, v: i64) {
        self.count += 1;
        self.sum += i128::from(v);
        self.sq_sum += u128::from(v.unsigned_abs()) * u128::from(v.unsigned_abs());
    }

    /// Adds the values `other` counted (another part of the same games' figure).
    pub fn add(&mut self, other: &FigureTally) {
        self.count += other.count;
        self.sum += other.sum;
        self.sq_sum += other.sq_sum;
    }
}

/// The counts of a run (or part of one).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Sum of rounds.
    pub rounds_sum: u64,
    /// Sum of squared rounds (for the standard deviation).
    pub rounds_sq_sum: u128,
    /// Games per number of rounds below [`ROUND_BUCKETS`] (for quantiles).
    pub rounds_hist: Vec<u64>,
    /// Games of [`ROUND_BUCKETS`] rounds or more, as (rounds, games): sorted by rounds,
    /// no zero counts, so equal tallies compare equal. Long games are rare, so a short
    /// list serves.
    pub long_rounds: Vec<(usize, u64)>,
    /// Games per end cause.
    pub end_causes: [u64; MAX_END_CAUSES],
    /// Games with a shared win.
    pub ties: u64,
    /// Sum of the highest score.
    pub winner_score_sum: i64,
    /// Sum of the highest minus the second highest score.
    pub margin_sum: i64,
    /// Per seat.
    pub seats: [GroupTally; MAX_SEATS],
    /// Per colour index.
    pub colours: Vec<GroupTally>,
    /// Per bot group (index into the run's distinct bot specs).
    pub bots: Vec<GroupTally>,
    /// Per ordered pair of bot groups (a, b), at `a * groups + b`.
    pub pairs: Vec<PairTally>,
    /// Per figure the game declares and per seat, at `figure * MAX_SEATS + seat` (a
    /// per-game figure at seat 0): empty for a game that declares none.
    pub figures: Vec<FigureTally>,
    /// Per measure of how the games unfolded ([`crate::arc::MEASURES`]), in units of
    /// 1/[`crate::arc::SCALE`]: empty for a run that does not follow them.
    pub arc: Vec<FigureTally>,
}

impl Tally {
    /// Returns an empty tally for `colours` colours and `bots` distinct bot specs.
    pub fn new(colours: usize, bots: usize) -> Tally {
        Tally {
            colours: vec![GroupTally::default(); colours],
            bots: vec![GroupTally::default(); bots],
            pairs: vec![PairTally::default(); bots * bots],
            rounds_hist: vec![0; ROUND_BUCKETS],
            ..Tally::default()
        }
    }

    /// Returns this tally with room for `figures` figures ([`floe_core::Game::figures`]).
    pub fn with_figures(mut self, figures: usize) -> Tally {
        self.figures = vec![FigureTally::default(); figures * MAX_SEATS];
        self
    }

    /// Returns this tally with room for the measures of how games unfold
    /// ([`crate::arc::MEASURES`]).
    pub fn with_arc(mut self) -> Tally {
        self.arc = vec![FigureTally::default(); crate::arc::MEASURES.len()];
        self
    }

    /// Counts the measures `arc` of one game ([`crate::arc::GameArc::scaled`], as its
    /// [`GameRecord`] holds them: rounded once, for both), each where it is defined.
    ///
    /// # Panics
    /// Panics if the tally has no room for them ([`Tally::with_arc`]).
    pub fn record_arc(&mut self, arc: &[Option<i64>; crate::arc::MEASURES.len()]) {
        for (t, &value) in self.arc.iter_mut().zip(arc) {
            if let Some(v) = value {
                t.count(v);
            }
        }
    }

    /// Counts the figures `values` of one game of `players` seats, declared by `decls`:
    /// for each figure, its value (per seat, for a per-seat figure) where it is defined.
    ///
    /// # Panics
    /// Panics if the tally has no room for `decls` ([`Tally::with_figures`]).
    pub fn record_figures(&mut self, decls: &[FigureDecl], values: &Figures, players: usize) {
        for (f, decl) in decls.iter().enumerate() {
            let slots = if decl.per_seat() { players } else { 1 };
            for slot in 0..slots {
                if let Some(v) = values.get(f, slot) {
                    self.figures[f * MAX_SEATS + slot].count(v);
                }
            }
        }
    }

    /// Returns the sums of figure `figure` at `slot` (the seat, or 0 for a per-game
    /// figure).
    pub fn figure(&self, figure: usize, slot: usize) -> FigureTally {
        self.figures
            .get(figure * MAX_SEATS + slot)
            .copied()
            .unwrap_or_default()
    }

    /// Counts one game; `bot_of_seat` maps each seat to its bot group.
    pub fn record(&mut self, game: &GameRecord, bot_of_seat: &[usize]) {
        let o = &game.outcome;
        self.games += 1;
        self.rounds_sum += u64::from(o.rounds);
        self.rounds_sq_sum += u128::from(o.rounds) * u128::from(o.rounds);
        match self.rounds_hist.get_mut(o.rounds as usize) {
            Some(n) => *n += 1,
            None => *self.long_games(o.rounds as usize) += 1,
        }
        self.end_causes[o.end_cause as usize] += 1;
        self.ties += u64::from(o.winner_count() > 1);
        self.winner_score_sum += i64::from(o.top_score());
        self.margin_sum += i64::from(o.margin());
        let scores = o.seat_scores();
        for seat in Seat::all(o.players as usize) {
            let s = seat.index();
            let higher = scores.iter().filter(|&&x| x > scores[s]).count();
            let equal_others = scores.iter().filter(|&&x| x == scores[s]).count() - 1;
            let one = GroupTally {
                games: 1,
                win_units: u64::from(o.win_share_units(seat)),
                sole_wins: u64::from(o.is_winner(seat) && o.winner_count() == 1),
                shared_wins: u64::from(o.is_winner(seat) && o.winner_count() > 1),
                score_sum: i64::from(scores[s]),
                rank_halves: (2 + 2 * higher + equal_others) as u64,
            };
            self.seats[s].add(&one);
            self.colours[game.colours[s] as usize].add(&one);
            self.bots[bot_of_seat[s]].add(&one);
        }
        if self.bots.len() > 1 {
            self.record_pairs(scores, bot_of_seat);
        }
    }

    /// Returns the count of games of `rounds` rounds (at least [`ROUND_BUCKETS`]) in
    /// `long_rounds`, adding it at its place if it is not there yet.
    fn long_games(&mut self, rounds: usize) -> &mut u64 {
        let at = match self.long_rounds.binary_search_by_key(&rounds, |&(r, _)| r) {
            Ok(at) => at,
            Err(at) => {
                self.long_rounds.insert(at, (rounds, 0));
                at
            }
        };
        &mut self.long_rounds[at].1
    }

    /// Returns the games per number of rounds, as (rounds, games) in increasing rounds.
    pub fn round_counts(&self) -> impl Iterator<Item = (usize, u64)> + Clone + '_ {
        let short = self.rounds_hist.iter().copied().enumerate();
        short.chain(self.long_rounds.iter().copied())
    }

    /// Counts, for every two bot groups at the table, how often each scored above the other.
    fn record_pairs(&mut self, scores: &[i32], bot_of_seat: &[usize]) {
        // The distinct groups at this table, and each seat's slot among them.
        let mut present = [0usize; MAX_SEATS];
        let mut slot = [0usize; MAX_SEATS];
        let mut n = 0;
        for (s, &g) in bot_of_seat.iter().enumerate() {
            slot[s] = present[..n]
                .iter()
                .position(|&p| p == g)
                .unwrap_or_else(|| {
                    present[n] = g;
                    n += 1;
                    n - 1
                });
        }
        let mut meetings = [[0u64; MAX_SEATS]; MAX_SEATS];
        let mut above = [[0u64; MAX_SEATS]; MAX_SEATS];
        let mut tied = [[0u64; MAX_SEATS]; MAX_SEATS];
        for (i, &x) in scores.iter().enumerate() {
            for (j, &y) in scores.iter().enumerate() {
                let (a, b) = (slot[i], slot[j]);
                if a != b {
                    meetings[a][b] += 1;
                    above[a][b] += u64::from(x > y);
                    tied[a][b] += u64::from(x == y);
                }
            }
        }
        let groups = self.bots.len();
        for a in 0..n {
            for b in (0..n).filter(|&b| b != a) {
                let pair = &mut self.pairs[present[a] * groups + present[b]];
                pair.games += 1;
                pair.above_units += above[a][b] * PAIR_UNITS / meetings[a][b];
                pair.tied_units += tied[a][b] * PAIR_UNITS / meetings[a][b];
            }
        }
    }

    /// Adds `other`'s counts to this tally.
    pub fn merge(&mut self, other: &Tally) {
        self.games += other.games;
        self.rounds_sum += other.rounds_sum;
        self.rounds_sq_sum += other.rounds_sq_sum;
        for (a, b) in self.rounds_hist.iter_mut().zip(&other.rounds_hist) {
            *a += b;
        }
        for &(rounds, n) in &other.long_rounds {
            *self.long_games(rounds) += n;
        }
        for (a, b) in self.end_causes.iter_mut().zip(other.end_causes) {
            *a += b;
        }
        self.ties += other.ties;
        self.winner_score_sum += other.winner_score_sum;
        self.margin_sum += other.margin_sum;
        for (a, b) in self.seats.iter_mut().zip(&other.seats) {
            a.add(b);
        }
        for (a, b) in self.colours.iter_mut().zip(&other.colours) {
            a.add(b);
        }
        for (a, b) in self.bots.iter_mut().zip(&other.bots) {
            a.add(b);
        }
        for (a, b) in self.pairs.iter_mut().zip(&other.pairs) {
            a.add(b);
        }
        for (a, b) in self.figures.iter_mut().zip(&other.figures) {
            a.add(b);
        }
        for (a, b) in self.arc.iter_mut().zip(&other.arc) {
            a.add(b);
        }
    }
}

#[cfg(test)]
mod tests {
    use floe_core::Outcome;

    use super::*;

    fn game(scores: &[i32], winners: u8) -> GameRecord {
        GameRecord {
            index: 0,
            seed: 0,
            outcome: Outcome::with_scores(scores, winners),
            colours: [0, 1, 2, 3, 4, 5],
            arc: Default::default(),
        }
    }

    #[test]
    fn wins_alone_and_shared_are_whole_counts() {
        let mut t = Tally::new(6, 1);
        t.record(&game(&[9, 4, 9], 0b101), &[0, 0, 0]);
        t.record(&game(&[9, 4, 2], 0b001), &[0, 0, 0]);
        assert_eq!((t.seats[0].sole_wins, t.seats[0].shared_wins), (1, 1));
        assert_eq!((t.seats[2].sole_wins, t.seats[2].shared_wins), (0, 1));
        assert_eq!(
            t.seats[1],
            GroupTally {
                games: 2,
                score_sum: 8,
                rank_halves: 2 * 3 + 4,
                ..GroupTally::default()
            }
        );
        assert_eq!(
            t.seats[0].win_units,
            WIN_SHARE_UNITS as u64 * 3 / 2,
            "one and a half wins"
        );
    }

    #[test]
    fn equal_scores_share_the_mean_of_their_ranks() {
        let mut t = Tally::new(6, 1);
        // Scores 9, 4, 4, 1: ranks 1, 2.5, 2.5, 4.
        t.record(&game(&[9, 4, 4, 1], 0b0001), &[0, 0, 0, 0]);
        let halves: Vec<u64> = t.seats[..4].iter().map(|s| s.rank_halves).collect();
        assert_eq!(halves, [2, 5, 5, 8]);
        assert_eq!(
            t.bots[0].rank_halves, 20,
            "ranks always sum to 1 + 2 + 3 + 4"
        );
    }

    #[test]
    fn head_to_head_shares_each_game_among_the_seat_pairs() {
        let mut t = Tally::new(6, 2);
        // Bot 0 holds seats 0 and 2 (scores 5 and 1), bot 1 seats 1 and 3 (3 and 1): of the
        // four pairs, bot 0 is above in 5>3, 5>1; tied in 1=1; below in 1<3.
        t.record(&game(&[5, 3, 1, 1], 0b0001), &[0, 1, 0, 1]);
        let (ab, ba) = (t.pairs[1], t.pairs[2]);
        assert_eq!(ab.games, 1);
        assert_eq!(ab.above_units, PAIR_UNITS / 2);
        assert_eq!(ab.tied_units, PAIR_UNITS / 4);
        assert_eq!(ba.above_units, PAIR_UNITS / 4);
        assert_eq!(ba.tied_units, PAIR_UNITS / 4);
        assert_eq!(
            t.pairs[0],
            PairTally::default(),
            "a bot does not meet itself"
        );
        // A game where only bot 0 plays is not a meeting.
        t.record(&game(&[2, 7], 0b10), &[0, 0]);
        assert_eq!(t.pairs[1].games, 1);
    }

    #[test]
    fn counts_rebuild_the_tally() {
        let mut t = Tally::new(6, 2);
        t.record(&game(&[5, 3, 1, 1], 0b0001), &[0, 1, 0, 1]);
        t.record(&game(&[-2, 8, 8, 2], 0b0110), &[1, 0, 1, 0]);
        let mut rebuilt = Tally::new(6, 2);
        for (name, index, value) in t.counts() {
            rebuilt.add_count(&name, index, value).unwrap();
        }
        assert_eq!(rebuilt, t);
        assert!(
            rebuilt.add_count("bot_games", 7, 1).is_err(),
            "only two bots"
        );
        assert!(
            rebuilt.add_count("games", 0, -100).is_err(),
            "no negative count"
        );
    }

    #[test]
    fn played_counts_fit_together_and_an_edit_is_named() {
        let mut t = Tally::new(6, 2);
        t.record(&game(&[5, 3, 1, 1], 0b0001), &[0, 1, 0, 1]);
        t.record(&game(&[-2, 8, 8, 2], 0b0110), &[1, 0, 1, 0]);
        t.record(&game(&[4, 4, 4, 4], 0b1111), &[0, 0, 1, 1]);
        assert_eq!(t.check(4), Ok(()));
        assert!(
            t.check(3)
                .unwrap_err()
                .starts_with("seat_games[3] is 3, but 0")
        );
        let edits: [(&str, usize, i128, &str); 8] = [
            ("end_causes", 1, 1, "the sum of end_causes is 4"),
            (
                "seat_win_units",
                0,
                1,
                "the colour counts sum to 12 games, 180 win units, 1 sole win, 6 shared wins, \
                 score sum 42, rank halves 60; the seat counts to 12 games, 181 win units, 1 \
                 sole win, 6 shared wins, score sum 42, rank halves 60",
            ),
            ("ties", 0, 5, "ties is 7, more than"),
            ("ties", 0, 1, "the games won alone (1) and shared (3)"),
            ("seat_shared_wins", 2, 1, "the colour counts sum"),
            ("margin_sum", 0, -100, "margin_sum is"),
            ("pair_above_units", 1, 1, "pair 1: the head-to-head counts"),
            ("bot_rank_halves", 0, 100, "the bot counts sum"),
        ];
        for (name, index, by, message) in edits {
            let mut edited = t.clone();
            edited.add_count(name, index, by).unwrap();
            let e = edited.check(4).unwrap_err();
            assert!(e.starts_with(message), "{name}: {e}");
        }
    }

    #[test]
    fn tallies_merge_to_the_tally_of_all_games() {
        let games = [
            (game(&[5, 3, 1, 1], 0b0001), [0, 1, 0, 1]),
            (game(&[0, 8, 8, 2], 0b0110), [1, 0, 1, 0]),
            (game(&[4, 4, 6, 9], 0b1000), [0, 1, 1, 0]),
        ];
        let mut whole = Tally::new(6, 2);
        let mut parts = [Tally::new(6, 2), Tally::new(6, 2)];
        for (i, (g, lineup)) in games.iter().enumerate() {
            whole.record(g, lineup);
            parts[i % 2].record(g, lineup);
        }
        let mut merged = Tally::new(6, 2);
        merged.merge(&parts[1]);
        merged.merge(&parts[0]);
        assert_eq!(merged, whole);
    }

    /// The figures of a tiny test game: a per-game count, a per-seat score part, and a
    /// per-game win share in sixtieths that is sometimes not defined.
    const FIGS: [FigureDecl; 3] = [
        FigureDecl::game("turns", "turns played"),
        FigureDecl::seat("part", "a part of the score"),
        FigureDecl::game("holder_win", "the holder's win share").scaled(WIN_SHARE_UNITS),
    ];

    /// The figures of one game: `turns`, each seat's `part`, and `holder_win` if given.
    fn figures(turns: i64, parts: &[i64], holder_win: Option<i64>) -> Figures {
        let mut f = Figures::new();
        f.set(0, turns);
        for (s, &p) in parts.iter().enumerate() {
            f.set_seat(1, Seat(s as u8), p);
        }
        if let Some(w) = holder_win {
            f.set(2, w);
        }
        f
    }

    #[test]
    fn figures_sum_exactly_skip_undefined_values_and_merge() {
        let games = [
            figures(10, &[3, -2, 0], Some(60)),
            figures(14, &[5, 1, -4], None),
            figures(9, &[0, 0, 7], Some(20)),
            figures(11, &[-1, 6, 2], Some(0)),
        ];
        let mut whole = Tally::new(3, 1).with_figures(FIGS.len());
        let mut halves = [whole.clone(), whole.clone()];
        for (i, g) in games.iter().enumerate() {
            whole.record_figures(&FIGS, g, 3);
            halves[i / 2].record_figures(&FIGS, g, 3);
        }
        let turns = whole.figure(0, 0);
        assert_eq!((turns.count, turns.sum, turns.sq_sum), (4, 44, 498));
        let seat1 = whole.figure(1, 1);
        assert_eq!((seat1.count, seat1.sum, seat1.sq_sum), (4, 5, 41));
        let held = whole.figure(2, 0);
        assert_eq!(
            (held.count, held.sum, held.sq_sum),
            (3, 80, 4000),
            "the game without a holder is left out"
        );
        assert_eq!(
            whole.figure(0, 1),
            FigureTally::default(),
            "one slot per game"
        );
        // Two half-tallies merged, in either order, equal the whole.
        for order in [[0, 1], [1, 0]] {
            let mut merged = Tally::new(3, 1).with_figures(FIGS.len());
            for h in order {
                merged.merge(&halves[h]);
            }
            assert_eq!(merged, whole);
        }
        // The means, in the figures' units.
        let m =
            |t: FigureTally, scale| crate::stats::mean_interval(t.sum, t.sq_sum, t.count, scale).0;
        assert_eq!(m(turns, 1), 11.0);
        assert_eq!(m(seat1, 1), 1.25);
        assert!((m(held, WIN_SHARE_UNITS) - 80.0 / 180.0).abs() < 1e-15);
        // The shard counts carry the figures and rebuild the tally.
        let mut rebuilt = Tally::new(3, 1).with_figures(FIGS.len());
        for (name, index, value) in whole.counts() {
            rebuilt.add_count(&name, index, value).unwrap();
        }
        assert_eq!(rebuilt, whole);
        assert!(
            rebuilt
                .add_count("figure_count", FIGS.len() * MAX_SEATS, 1)
                .is_err(),
            "no such figure"
        );
    }

    #[test]
    fn figure_sums_that_cannot_come_from_games_are_named() {
        let mut t = Tally::new(6, 1).with_figures(FIGS.len());
        for turns in [10, 12] {
            t.record(&game(&[5, 3], 0b01), &[0, 0]);
            t.record_figures(&FIGS, &figures(turns, &[1, 2], None), 2);
        }
        assert_eq!(t.check(2), Ok(()));
        let edits: [(&str, usize, i128); 4] = [
            ("figure_count", 0, 1),             // three values in two games
            ("figure_sq_sum", 0, -100),         // below the square of the sum
            ("figure_sum", 2 * MAX_SEATS, 5),   // a sum without a count
            ("figure_count", MAX_SEATS + 3, 1), // a seat not in play
        ];
        for (name, index, by) in edits {
            let mut edited = t.clone();
            edited.add_count(name, index, by).unwrap();
            let e = edited.check(2).unwrap_err();
            assert!(e.starts_with(&format!("figure {index}:")), "{name}: {e}");
        }
    }

    /// A two-seat game of `rounds` rounds.
    fn lasting(rounds: u32) -> GameRecord {
        let mut g = game(&[3, 1], 0b01);
        g.outcome.rounds = rounds;
        g
    }

    #[test]
    fn games_past_the_histogram_array_are_counted_exactly() {
        let mut t = Tally::new(2, 1);
        for rounds in [40, 300, 255, 256, 300, 1000] {
            t.record(&lasting(rounds), &[0, 0]);
        }
        assert_eq!(t.long_rounds, [(256, 1), (300, 2), (1000, 1)]);
        assert_eq!(t.rounds_hist[255], 1);
        let q = |q| crate::stats::quantile_of_counts(t.round_counts(), q);
        assert_eq!(
            (q(0.1), q(0.5), q(0.7), q(0.9), q(1.0)),
            (40, 256, 300, 1000, 1000)
        );
        // The shard counts carry every length, and rebuild the tally.
        let counts = t.counts();
        assert!(counts.contains(&("rounds_hist".to_string(), 300, 2)));
        let mut rebuilt = Tally::new(2, 1);
        for (name, index, value) in counts {
            rebuilt.add_count(&name, index, value).unwrap();
        }
        assert_eq!(rebuilt, t);
        // A count that does not fit leaves no empty entry behind.
        assert!(rebuilt.add_count("rounds_hist", 700, -1).is_err());
        assert_eq!(rebuilt, t);
    }

    #[test]
    fn round_counts_that_do_not_fit_together_are_named() {
        let mut t = Tally::new(2, 1);
        for rounds in [20, 300] {
            t.record(&lasting(rounds), &[0, 0]);
        }
        assert_eq!(t.check_rounds(), Ok(()));
        t.rounds_sq_sum -= 1;
        let e = t.check_rounds().unwrap_err();
        assert_eq!(
            e,
            "rounds_sq_sum is 90399, but the rounds histogram gives 90400"
        );
        t.games = 3;
        assert!(t.check_rounds().unwrap_err().starts_with("games is 3"));
    }

    #[test]
    fn long_games_merge_exactly() {
        let lengths = [300, 20, 256, 999, 300, 300];
        let mut whole = Tally::new(2, 1);
        let mut parts = [Tally::new(2, 1), Tally::new(2, 1), Tally::new(2, 1)];
        for (i, &rounds) in lengths.iter().enumerate() {
            whole.record(&lasting(rounds), &[0, 0]);
            parts[i % 3].record(&lasting(rounds), &[0, 0]);
        }
        let mut merged = Tally::new(2, 1);
        for part in parts.iter().rev() {
            merged.merge(part);
        }
        assert_eq!(merged, whole);
        assert_eq!(merged.long_rounds, [(256, 1), (300, 3), (999, 1)]);
    }
}
