//! A tally as named counters: the one list of what a tally holds
//! ([`Tally::each_counter`]), which shard files are written from and read back into.

use super::{FigureTally, GroupTally, PairTally, ROUND_BUCKETS, Tally};

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

impl GroupTally {
    /// Calls `f` with each counter, named `KIND_FIELD`, at `index`.
    fn each_counter(
        &mut self,
        kind: &str,
        index: usize,
        f: &mut dyn FnMut(&str, usize, Counter<'_>),
    ) {
        // Every field is named, so a counter added to GroupTally does not compile until it
        // is listed here, and so written to shards and merged back.
        let GroupTally {
            games,
            win_units,
            sole_wins,
            shared_wins,
            score_sum,
            rank_halves,
        } = self;
        let mut counter = |field: &str, c| f(&format!("{kind}_{field}"), index, c);
        counter("games", Counter::U64(games));
        counter("win_units", Counter::U64(win_units));
        counter("sole_wins", Counter::U64(sole_wins));
        counter("shared_wins", Counter::U64(shared_wins));
        counter("score_sum", Counter::I64(score_sum));
        counter("rank_halves", Counter::U64(rank_halves));
    }
}

impl Tally {
    /// Calls `f` with every counter of the tally, by name and index: the one list of what a
    /// tally holds, which shard files are written from and merged into.
    pub fn each_counter(&mut self, f: &mut dyn FnMut(&str, usize, Counter<'_>)) {
        // Every field is named, so a counter added to Tally (or to a pair or figure tally)
        // does not compile until it is listed here, and so written to shards and merged
        // back.
        let Tally {
            games,
            rounds_sum,
            rounds_sq_sum,
            rounds_hist,
            long_rounds,
            end_causes,
            ties,
            winner_score_sum,
            margin_sum,
            seats,
            colours,
            bots,
            pairs,
            figures,
            arc,
        } = self;
        f("games", 0, Counter::U64(games));
        f("rounds_sum", 0, Counter::U64(rounds_sum));
        f("rounds_sq_sum", 0, Counter::U128(rounds_sq_sum));
        f("ties", 0, Counter::U64(ties));
        f("winner_score_sum", 0, Counter::I64(winner_score_sum));
        f("margin_sum", 0, Counter::I64(margin_sum));
        for (i, n) in end_causes.iter_mut().enumerate() {
            f("end_causes", i, Counter::U64(n));
        }
        for (i, n) in rounds_hist.iter_mut().enumerate() {
            f("rounds_hist", i, Counter::U64(n));
        }
        for (rounds, n) in long_rounds {
            f("rounds_hist", *rounds, Counter::U64(n));
        }
        for (i, g) in seats.iter_mut().enumerate() {
            g.each_counter("seat", i, f);
        }
        for (i, g) in colours.iter_mut().enumerate() {
            g.each_counter("colour", i, f);
        }
        for (i, g) in bots.iter_mut().enumerate() {
            g.each_counter("bot", i, f);
        }
        for (i, p) in pairs.iter_mut().enumerate() {
            let PairTally {
                games,
                above_units,
                tied_units,
            } = p;
            f("pair_games", i, Counter::U64(games));
            f("pair_above_units", i, Counter::U64(above_units));
            f("pair_tied_units", i, Counter::U64(tied_units));
        }
        for (i, t) in figures.iter_mut().enumerate() {
            let FigureTally { count, sum, sq_sum } = t;
            f("figure_count", i, Counter::U64(count));
            f("figure_sum", i, Counter::I128(sum));
            f("figure_sq_sum", i, Counter::U128(sq_sum));
        }
        for (i, t) in arc.iter_mut().enumerate() {
            let FigureTally { count, sum, sq_sum } = t;
            f("arc_count", i, Counter::U64(count));
            f("arc_sum", i, Counter::I128(sum));
            f("arc_sq_sum", i, Counter::U128(sq_sum));
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
}
