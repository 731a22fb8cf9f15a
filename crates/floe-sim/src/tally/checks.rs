//! The checks that a tally's counts fit together as played games' do, and are possible in
//! the game: what `floe merge` relies on when it reads counts from files.

use std::fmt;

use floe_core::{Game, MAX_SEATS, WIN_SHARE_UNITS};
use floe_io::count;

use super::{FigureTally, GroupTally, PAIR_UNITS, PairTally, Tally};

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

/// The totals in words, for a message that two partitions do not sum alike: "3000 games,
/// 6000 win units, 2900 sole wins, 200 shared wins, score sum 41000, rank halves 15000".
impl fmt::Display for GroupTotals {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}, {}, {}, {}, score sum {}, rank halves {}",
            count(self.games, "game"),
            count(self.win_units, "win unit"),
            count(self.sole_wins, "sole win"),
            count(self.shared_wins, "shared win"),
            self.score_sum,
            self.rank_halves
        )
    }
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

impl FigureTally {
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

impl Tally {
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
        self.fits(
            "the sum of end_causes",
            self.end_causes.iter().map(|&n| u128::from(n)).sum(),
            games,
        )?;
        if self.ties > self.games {
            return Err(format!(
                "ties is {}, more than the {}",
                self.ties,
                count(games, "game")
            ));
        }
        if self.margin_sum < 0 {
            return Err(format!("margin_sum is {}, below 0", self.margin_sum));
        }
        for (s, seat) in self.seats.iter().enumerate() {
            let want = if s < players { games } else { 0 };
            self.fits(&format!("seat_games[{s}]"), seat.games.into(), want)?;
        }
        let sole: u128 = self.seats.iter().map(|g| u128::from(g.sole_wins)).sum();
        let won = sole + u128::from(self.ties);
        if won > games {
            return Err(format!(
                "the games won alone ({sole}) and shared ({}) are more than the {}",
                self.ties,
                count(games, "game")
            ));
        }
        self.check_wins(players, won)?;
        self.check_groups(players)?;
        self.check_pairs()?;
        self.check_figures(players)?;
        self.check_arc()
    }

    /// Returns whether the count `what`, `found`, is the `want` that fits the games.
    fn fits(&self, what: &str, found: u128, want: u128) -> Result<(), String> {
        if found == want {
            return Ok(());
        }
        Err(format!(
            "{what} is {found}, but {want} fits the {}",
            count(self.games, "game")
        ))
    }

    /// Checks that the seat, colour and bot counts sum alike, and that the wins and ranks
    /// sum as `won` games with a winner among `players` seats do.
    fn check_wins(&self, players: usize, won: u128) -> Result<(), String> {
        let games = u128::from(self.games);
        let seat_totals = group_totals(&self.seats);
        for (kind, groups) in [("colour", &self.colours[..]), ("bot", &self.bots[..])] {
            let totals = group_totals(groups);
            if totals != seat_totals {
                return Err(format!(
                    "the {kind} counts sum to {totals}; the seat counts to {seat_totals}"
                ));
            }
        }
        self.fits(
            "the sum of seat_win_units",
            seat_totals.win_units,
            won * u128::from(WIN_SHARE_UNITS),
        )?;
        let n = players as u128;
        self.fits(
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
        Ok(())
    }

    /// Checks that each seat's, colour's and bot's wins and ranks fit its seat-games.
    fn check_groups(&self, players: usize) -> Result<(), String> {
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
                        "{kind} {i}: its wins or ranks do not fit its {}",
                        count(n, "seat-game")
                    ));
                }
            }
        }
        Ok(())
    }

    /// Checks that each head-to-head count matches its mirror.
    fn check_pairs(&self) -> Result<(), String> {
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
        Ok(())
    }

    /// Checks that each measure of how the games unfolded has at most one value per game,
    /// and sums that fit its count.
    fn check_arc(&self) -> Result<(), String> {
        match self.arc.iter().position(|t| !t.fits(self.games)) {
            None => Ok(()),
            Some(i) => Err(format!(
                "{}: its count, sum and sum of squares do not fit the {}",
                crate::arc::MEASURES[i].name,
                count(self.games, "game")
            )),
        }
    }

    /// Checks that each figure's sums fit at most one value per game and seat in play.
    fn check_figures(&self, players: usize) -> Result<(), String> {
        let games = u128::from(self.games);
        for (i, t) in self.figures.iter().enumerate() {
            let seat = i % MAX_SEATS;
            if !t.fits(self.games) || seat >= players && *t != FigureTally::default() {
                return Err(format!(
                    "figure {i}: its count, sum and sum of squares do not fit the {} of {}",
                    count(games, "game"),
                    count(players, "seat")
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
                    "end_causes: {} ended by the round limit, but only {at_limit} lasted its {}",
                    count(ended, "game"),
                    count(limit, "round")
                ));
            }
        }
        let (lo, hi) = game.score_bounds(players);
        let (lo, hi) = (i128::from(lo), i128::from(hi));
        let within = |what: &str, sum: i64, n: u64| {
            let (sum, n) = (i128::from(sum), i128::from(n));
            if sum < n * lo || sum > n * hi {
                Err(format!(
                    "{what} is {sum}, outside what {} from {lo} to {hi} can sum to",
                    count(n, "score")
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
}
