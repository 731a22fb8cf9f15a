//! [`Tally`]: the exact integer counts a run's statistics are made from.
//!
//! Every field is a count or a sum of integers, so tallies merge by addition in any order
//! and the result is the same whatever the thread count or the split into chunks. Shared
//! wins are counted in [`WIN_SHARE_UNITS`] so they stay integers too, ranks in halves,
//! and head-to-head results in [`PAIR_UNITS`].

use floe_core::{FigureDecl, Figures, Game, MAX_SEATS, Seat, WIN_SHARE_UNITS};

use crate::GameRecord;

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
    /// Calls `f` with each counter, named `KIND_FIELD`, at `index`.
    fn each_counter(
        &mut self,
        kind: &str,
        index: usize,
        f: &mut dyn FnMut(&str, usize, Counter<'_>),
    ) {
        f(
            &format!("{kind}_games"),
            index,
            Counter::U64(&mut self.games),
        );
        f(
            &format!("{kind}_win_units"),
            index,
            Counter::U64(&mut self.win_units),
        );
        f(
            &format!("{kind}_sole_wins"),
            index,
            Counter::U64(&mut self.sole_wins),
        );
        f(
            &format!("{kind}_shared_wins"),
            index,
            Counter::U64(&mut self.shared_wins),
        );
        f(
            &format!("{kind}_score_sum"),
            index,
            Counter::I64(&mut self.score_sum),
        );
        f(
            &format!("{kind}_rank_halves"),
            index,
            Counter::U64(&mut self.rank_halves),
        );
    }

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

/// One counter of a tally, by reference: how shard files are written and merged back.
pub enum Counter<'a> {
    /// An unsigned count or sum.
    U64(&'a mut u64),
    /// A signed sum (of scores).
    I64(&'a mut i64),
    /// A sum of squares.
    U128(&'a mut u128),
    /// A signed sum that may outgrow 64 bits (of figure values).
    I128(&'a mut i128),
}

impl Counter<'_> {
    /// Returns the counter's value.
    pub fn get(&self) -> i128 {
        match self {
            Counter::U64(x) => i128::from(**x),
            Counter::I64(x) => i128::from(**x),
            Counter::U128(x) => i128::try_from(**x).unwrap_or(i128::MAX),
            Counter::I128(x) => **x,
        }
    }

    /// Adds `value`, or returns `None` if the counter cannot hold the sum.
    pub fn add(&mut self, value: i128) -> Option<()> {
        match self {
            Counter::U64(x) => **x = u64::try_from(i128::from(**x) + value).ok()?,
            Counter::I64(x) => **x = i64::try_from(i128::from(**x) + value).ok()?,
            Counter::U128(x) => **x = x.checked_add_signed(value)?,
            Counter::I128(x) => **x = x.checked_add(value)?,
        }
        Some(())
    }
}

/// The sums over some groups of seat-games, which the seats, colours and bots each
/// partition the same way.
#[derive(Debug, PartialEq, Eq)]
struct GroupTotals {
    games: u128,
    win_units: u128,
    sole_wins: u128,
    shared_wins: u128,
    score_sum: i128,
    rank_halves: u128,
}

fn group_totals(groups: &[GroupTally]) -> GroupTotals {
    let sum = |f: fn(&GroupTally) -> u64| groups.iter().map(|g| u128::from(f(g))).sum();
    GroupTotals {
        games: sum(|g| g.games),
        win_units: sum(|g| g.win_units),
        sole_wins: sum(|g| g.sole_wins),
        shared_wins: sum(|g| g.shared_wins),
        score_sum: groups.iter().map(|g| i128::from(g.score_sum)).sum(),
        rank_halves: sum(|g| g.rank_halves),
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
    fn add(&mut self, other: &FigureTally) {
        self.count += other.count;
        self.sum += other.sum;
        self.sq_sum += other.sq_sum;
    }

    /// Returns whether the sums fit together as those of `count` integers do, with at most
    /// `games` values: a sum of squares at least the square of the sum over the count
    /// (Cauchy-Schwarz), and nothing summed without a count.
    fn fits(&self, games: u64) -> bool {
        if self.count > games {
            return false;
        }
        if self.count == 0 {
            return self.sum == 0 && self.sq_sum == 0;
        }
        let square = self.sum.unsigned_abs().checked_mul(self.sum.unsigned_abs());
        match (square, u128::from(self.count).checked_mul(self.sq_sum)) {
            (Some(square), Some(bound)) => square <= bound,
            // Sums this large are not from played games.
            _ => false,
        }
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
                    let t = &mut self.figures[f * MAX_SEATS + slot];
                    t.count += 1;
                    t.sum += i128::from(v);
                    t.sq_sum += u128::from(v.unsigned_abs()) * u128::from(v.unsigned_abs());
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

    /// Calls `f` with every counter of the tally, by name and index: the one list of what a
    /// tally holds, which shard files are written from and merged into.
    pub fn each_counter(&mut self, f: &mut dyn FnMut(&str, usize, Counter<'_>)) {
        f("games", 0, Counter::U64(&mut self.games));
        f("rounds_sum", 0, Counter::U64(&mut self.rounds_sum));
        f("rounds_sq_sum", 0, Counter::U128(&mut self.rounds_sq_sum));
        f("ties", 0, Counter::U64(&mut self.ties));
        f(
            "winner_score_sum",
            0,
            Counter::I64(&mut self.winner_score_sum),
        );
        f("margin_sum", 0, Counter::I64(&mut self.margin_sum));
        for (i, n) in self.end_causes.iter_mut().enumerate() {
            f("end_causes", i, Counter::U64(n));
        }
        for (i, n) in self.rounds_hist.iter_mut().enumerate() {
            f("rounds_hist", i, Counter::U64(n));
        }
        for (rounds, n) in &mut self.long_rounds {
            f("rounds_hist", *rounds, Counter::U64(n));
        }
        for (i, g) in self.seats.iter_mut().enumerate() {
            g.each_counter("seat", i, f);
        }
        for (i, g) in self.colours.iter_mut().enumerate() {
            g.each_counter("colour", i, f);
        }
        for (i, g) in self.bots.iter_mut().enumerate() {
            g.each_counter("bot", i, f);
        }
        for (i, p) in self.pairs.iter_mut().enumerate() {
            f("pair_games", i, Counter::U64(&mut p.games));
            f("pair_above_units", i, Counter::U64(&mut p.above_units));
            f("pair_tied_units", i, Counter::U64(&mut p.tied_units));
        }
        for (i, t) in self.figures.iter_mut().enumerate() {
            f("figure_count", i, Counter::U64(&mut t.count));
            f("figure_sum", i, Counter::I128(&mut t.sum));
            f("figure_sq_sum", i, Counter::U128(&mut t.sq_sum));
        }
    }

    /// Returns the tally's nonzero counters as (name, index, value).
    pub fn counts(&self) -> Vec<(String, usize, i128)> {
        let mut copy = self.clone();
        let mut out = Vec::new();
        copy.each_counter(&mut |name, index, c| {
            if c.get() != 0 {
                out.push((name.to_string(), index, c.get()));
            }
        });
        out
    }

    /// Checks that the round counts fit together as those of played games do: the
    /// histogram holds `games` games, and `rounds_sum` and `rounds_sq_sum` are the sums its
    /// games give (the statistics rely on it: counts merged from edited files may not).
    ///
    /// # Errors
    /// Names the first count that does not fit.
    pub fn check_rounds(&self) -> Result<(), String> {
        let (mut games, mut sum, mut sq_sum) = (0u128, 0u128, 0u128);
        for (rounds, n) in self.round_counts() {
            let (r, n) = (rounds as u128, u128::from(n));
            games += n;
            sum = r
                .checked_mul(n)
                .and_then(|x| x.checked_add(sum))
                .ok_or("rounds_hist: the sum does not fit")?;
            sq_sum = (r * r)
                .checked_mul(n)
                .and_then(|x| x.checked_add(sq_sum))
                .ok_or("rounds_hist: the sum of squares does not fit")?;
        }
        let misfit = |name: &str, found: u128, want: u128| {
            Err(format!(
                "{name} is {found}, but the rounds histogram gives {want}"
            ))
        };
        if games != u128::from(self.games) {
            return misfit("games", self.games.into(), games);
        }
        if sum != u128::from(self.rounds_sum) {
            return misfit("rounds_sum", self.rounds_sum.into(), sum);
        }
        if sq_sum != self.rounds_sq_sum {
            return misfit("rounds_sq_sum", self.rounds_sq_sum, sq_sum);
        }
        Ok(())
    }

    /// Checks that the counts fit together as those of `players`-seat games do (counts
    /// merged from edited files may not): the round counts ([`Tally::check_rounds`]), the end
    /// causes summing to the games, every seat playing every game, the wins of the seats,
    /// colours and bots each summing to one per game with a winner, each head-to-head
    /// count matching its mirror, and each figure's sums fitting at most one value per game
    /// and seat in play.
    ///
    /// # Errors
    /// Names the first count that does not fit.
    pub fn check(&self, players: usize) -> Result<(), String> {
        self.check_rounds()?;
        let games = u128::from(self.games);
        let misfit = |what: &str, found: u128, want: u128| {
            if found == want {
                Ok(())
            } else {
                Err(format!(
                    "{what} is {found}, but {want} fits the {games} games"
                ))
            }
        };
        misfit(
            "the sum of end_causes",
            self.end_causes.iter().map(|&n| u128::from(n)).sum(),
            games,
        )?;
        if self.ties > self.games {
            return Err(format!(
                "ties is {}, more than the {games} games",
                self.ties
            ));
        }
        if self.margin_sum < 0 {
            return Err(format!("margin_sum is {}, below 0", self.margin_sum));
        }
        for (s, seat) in self.seats.iter().enumerate() {
            let want = if s < players { games } else { 0 };
            misfit(&format!("seat_games[{s}]"), seat.games.into(), want)?;
        }
        let sole: u128 = self.seats.iter().map(|g| u128::from(g.sole_wins)).sum();
        let won = sole + u128::from(self.ties);
        if won > games {
            return Err(format!(
                "the games won alone ({sole}) and shared ({}) are more than the {games} games",
                self.ties
            ));
        }
        let seat_totals = group_totals(&self.seats);
        for (kind, groups) in [("colour", &self.colours[..]), ("bot", &self.bots[..])] {
            let totals = group_totals(groups);
            if totals != seat_totals {
                return Err(format!(
                    "the {kind} counts sum to {totals:?}, the seat counts to {seat_totals:?}"
                ));
            }
        }
        misfit(
            "the sum of seat_win_units",
            seat_totals.win_units,
            won * u128::from(WIN_SHARE_UNITS),
        )?;
        let n = players as u128;
        misfit(
            "the sum of seat_rank_halves",
            seat_totals.rank_halves,
            games * n * (n + 1),
        )?;
        let ties = u128::from(self.ties);
        if seat_totals.shared_wins < 2 * ties || seat_totals.shared_wins > n * ties {
            return Err(format!(
                "the shared wins ({}) do not fit the {ties} games with a shared win",
                seat_totals.shared_wins
            ));
        }
        for (kind, groups) in [
            ("seat", &self.seats[..]),
            ("colour", &self.colours[..]),
            ("bot", &self.bots[..]),
        ] {
            for (i, g) in groups.iter().enumerate() {
                let n = u128::from(g.games);
                let bad = u128::from(g.sole_wins) + u128::from(g.shared_wins) > n
                    || u128::from(g.win_units) > n * u128::from(WIN_SHARE_UNITS)
                    || u128::from(g.rank_halves) < 2 * n
                    || u128::from(g.rank_halves) > 2 * n * players as u128;
                if bad {
                    return Err(format!(
                        "{kind} {i}: its wins or ranks do not fit its {n} seat-games"
                    ));
                }
            }
        }
        let groups = self.bots.len();
        for a in 0..groups {
            for b in 0..groups {
                let (ab, ba) = (self.pairs[a * groups + b], self.pairs[b * groups + a]);
                let units = u128::from(ab.games) * u128::from(PAIR_UNITS);
                let fits = if a == b {
                    ab == PairTally::default()
                } else {
                    ab.games == ba.games
                        && ab.tied_units == ba.tied_units
                        && u128::from(ab.above_units)
                            + u128::from(ab.tied_units)
                            + u128::from(ba.above_units)
                            == units
                        && ab.games <= self.games
                };
                if !fits {
                    return Err(format!(
                        "pair {}: the head-to-head counts of bots {a} and {b} do not fit",
                        a * groups + b
                    ));
                }
            }
        }
        for (i, t) in self.figures.iter().enumerate() {
            let seat = i % MAX_SEATS;
            if !t.fits(self.games) || seat >= players && *t != FigureTally::default() {
                return Err(format!(
                    "figure {i}: its count, sum and sum of squares do not fit the {games} \
                     games of {players} seats"
                ));
            }
        }
        Ok(())
    }

    /// Checks that the counts are possible in `game` at `players` seats, beyond fitting
    /// together ([`Tally::check`]): no game of 0 rounds or longer than the round limit, no
    /// more round-limit ends than games that reached the limit, no end cause the game does
    /// not have, scores within the game's bounds (the winner's, each seat's, colour's and
    /// bot's, the margin within the span and below the winner's lead over the lowest
    /// score), each group's win units between its sole and shared wins' least and most
    /// worth, and, when colours are not dealt at random, colour i's counts those of seat i.
    ///
    /// # Errors
    /// Names the first count that is not possible.
    pub fn check_game<G: Game>(
        &self,
        game: &G,
        players: usize,
        shuffle_colours: bool,
    ) -> Result<(), String> {
        if self.rounds_hist.first().is_some_and(|&n| n > 0) {
            return Err("rounds_hist: a game of 0 rounds".into());
        }
        let causes = game.end_causes();
        if let Some(i) = (causes.len()..self.end_causes.len()).find(|&i| self.end_causes[i] > 0) {
            return Err(format!(
                "end_causes[{i}]: {} has only {} end causes ({})",
                game.name(),
                causes.len(),
                causes.join(", ")
            ));
        }
        if let Some(limit) = game.round_limit() {
            if let Some((rounds, _)) = self.round_counts().find(|&(r, n)| r > limit && n > 0) {
                return Err(format!(
                    "rounds_hist: a game of {rounds} rounds, past the round limit of {limit}"
                ));
            }
            let at_limit: u64 = self
                .round_counts()
                .filter(|&(r, _)| r == limit)
                .map(|(_, n)| n)
                .sum();
            let cause = causes.iter().position(|c| *c == "round-limit");
            if let Some(ended) = cause.map(|c| self.end_causes[c]).filter(|&e| e > at_limit) {
                return Err(format!(
                    "end_causes: {ended} games ended by the round limit, but only {at_limit} \
                     lasted its {limit} rounds"
                ));
            }
        }
        let (lo, hi) = game.score_bounds(players);
        let (lo, hi) = (i128::from(lo), i128::from(hi));
        let within = |what: &str, sum: i64, n: u64| {
            let (sum, n) = (i128::from(sum), i128::from(n));
            if sum < n * lo || sum > n * hi {
                Err(format!(
                    "{what} is {sum}, outside what {n} scores from {lo} to {hi} can sum to"
                ))
            } else {
                Ok(())
            }
        };
        within("winner_score_sum", self.winner_score_sum, self.games)?;
        let games = i128::from(self.games);
        let margin = i128::from(self.margin_sum);
        let lead = i128::from(self.winner_score_sum) - games * lo;
        if margin > games * (hi - lo) || margin > lead {
            return Err(format!(
                "margin_sum is {margin}, more than the winners' scores stand above the lowest \
                 possible ({lead})"
            ));
        }
        let units = u128::from(WIN_SHARE_UNITS);
        for (kind, groups) in [
            ("seat", &self.seats[..]),
            ("colour", &self.colours[..]),
            ("bot", &self.bots[..]),
        ] {
            for (i, g) in groups.iter().enumerate() {
                within(&format!("{kind} {i}'s score_sum"), g.score_sum, g.games)?;
                let (sole, shared) = (u128::from(g.sole_wins), u128::from(g.shared_wins));
                let least = sole * units + shared * units / players.max(2) as u128;
                let most = sole * units + shared * units / 2;
                if !(least..=most).contains(&u128::from(g.win_units)) {
                    return Err(format!(
                        "{kind} {i}: win_units is {}, but its {sole} sole and {shared} shared \
                         wins are worth {least} to {most}",
                        g.win_units
                    ));
                }
            }
        }
        if !shuffle_colours {
            for s in 0..players.min(self.colours.len()) {
                if self.colours[s] != self.seats[s] {
                    return Err(format!(
                        "colour {s}'s counts differ from seat {s}'s, but colours were not \
                         dealt at random (seat i plays colour i)"
                    ));
                }
            }
        }
        Ok(())
    }

    /// Adds the games of `other` as [`Tally::merge`] does, refusing a sum of scores that
    /// would not fit (counts read from files may be anything).
    ///
    /// # Errors
    /// Names the sum that would overflow.
    pub fn merge_checked(&mut self, other: &Tally) -> Result<(), String> {
        let sums = |t: &Tally| {
            let mut v = vec![
                ("winner_score_sum", t.winner_score_sum),
                ("margin_sum", t.margin_sum),
            ];
            for groups in [&t.seats[..], &t.colours[..], &t.bots[..]] {
                v.extend(groups.iter().map(|g| ("score_sum", g.score_sum)));
            }
            v
        };
        for ((name, a), (_, b)) in sums(self).into_iter().zip(sums(other)) {
            if a.checked_add(b).is_none() {
                return Err(format!("{name}: the merged sum does not fit"));
            }
        }
        let counts = [
            (self.games, other.games),
            (self.rounds_sum, other.rounds_sum),
            (self.ties, other.ties),
        ];
        if counts.iter().any(|(a, b)| a.checked_add(*b).is_none()) {
            return Err("the merged game counts do not fit".into());
        }
        self.merge(other);
        Ok(())
    }

    /// Adds `value` to the counter `name` at `index`.
    ///
    /// # Errors
    /// Fails if the tally has no such counter (the counts are of another shape of run) or
    /// the sum does not fit.
    pub fn add_count(&mut self, name: &str, index: usize, value: i128) -> Result<(), String> {
        // The histogram has a counter for every round count: a long one is made on demand.
        let long = name == "rounds_hist" && index >= ROUND_BUCKETS;
        if long {
            self.long_games(index);
        }
        let mut found = None;
        self.each_counter(&mut |n, i, mut c| {
            if n == name && i == index {
                found = Some(c.add(value).is_some());
            }
        });
        if long {
            self.long_rounds.retain(|&(_, n)| n != 0);
        }
        match found {
            Some(true) => Ok(()),
            Some(false) => Err(format!("{name}[{index}]: the sum does not fit")),
            None => Err(format!("{name}[{index}]: no such count in this run")),
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
            ("seat_win_units", 0, 1, "the colour counts sum to"),
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
