//! What a playout's end is worth to each seat: the number a search backs up.

use floe_core::{MAX_SEATS, Outcome, Seat, WIN_SHARE_UNITS};

/// How a finished playout is scored for each seat, always within 0..=1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reward {
    /// The seat's share of the win: 1 alone, 1/k for a win shared by k, else 0. Plays
    /// for the win only: a lost game is lost by any margin.
    Win,
    /// The seat's score scaled into 0..=1 by the score bounds the game declares
    /// ([`floe_core::Game::score_bounds`]): plays for points, whoever wins.
    Score,
    /// The share of the other seats the seat finished above, a tie counting half: the
    /// winners (after the game's tie-breaks) above everyone else, then by score. With two
    /// seats it is the win reward, with more it values second place over last.
    Rank,
    /// The seat's lead over the best of the others (negative when behind), scaled by the
    /// score bounds' span into 0..=1 around one half: plays for the margin, as the greedy
    /// bot judges, so that in a two-seat game one seat's gain is the other's loss.
    Margin,
}

impl Reward {
    /// Returns every seat's reward for `outcome`; `bounds` are the game's score bounds at
    /// this table (used by [`Reward::Score`]).
    pub(crate) fn results(self, outcome: &Outcome, bounds: (i32, i32)) -> [f64; MAX_SEATS] {
        let players = outcome.players as usize;
        let mut out = [0.0; MAX_SEATS];
        for seat in Seat::all(players) {
            out[seat.index()] = match self {
                Reward::Win => {
                    f64::from(outcome.win_share_units(seat)) / f64::from(WIN_SHARE_UNITS)
                }
                Reward::Score => scaled(outcome.scores[seat.index()], bounds),
                Reward::Margin => {
                    let scores = outcome.scores[..players].iter().map(|&x| f64::from(x));
                    margin(seat.index(), scores, bounds)
                }
                Reward::Rank => {
                    let place = |s: Seat| (outcome.is_winner(s), outcome.scores[s.index()]);
                    let mine = place(seat);
                    let above: f64 = Seat::all(players)
                        .filter(|&other| other != seat)
                        .map(|other| match mine.cmp(&place(other)) {
                            std::cmp::Ordering::Greater => 1.0,
                            std::cmp::Ordering::Equal => 0.5,
                            std::cmp::Ordering::Less => 0.0,
                        })
                        .sum();
                    above / (players - 1) as f64
                }
            };
        }
        out
    }
}

impl Reward {
    /// Returns every seat's reward for a playout cut before the end, each seat's `values`
    /// (its standing: points plus what its progress is worth) taking the place of its
    /// final score: scaled by the bounds ([`Reward::Score`]), the best value winning, a
    /// tie shared ([`Reward::Win`]), or ranked by value ([`Reward::Rank`]).
    pub(crate) fn judged(
        self,
        values: &[f64; MAX_SEATS],
        players: usize,
        bounds: (i32, i32),
    ) -> [f64; MAX_SEATS] {
        let values = &values[..players];
        let best = values.iter().copied().fold(f64::MIN, f64::max);
        let leaders = values.iter().filter(|&&v| v == best).count() as f64;
        let mut out = [0.0; MAX_SEATS];
        for (seat, &v) in values.iter().enumerate() {
            out[seat] = match self {
                Reward::Score => {
                    let (lo, hi) = (f64::from(bounds.0), f64::from(bounds.1));
                    if hi <= lo {
                        0.5
                    } else {
                        ((v - lo) / (hi - lo)).clamp(0.0, 1.0)
                    }
                }
                Reward::Margin => margin(seat, values.iter().copied(), bounds),
                Reward::Win => {
                    if v == best {
                        1.0 / leaders
                    } else {
                        0.0
                    }
                }
                Reward::Rank => {
                    let above: f64 = values
                        .iter()
                        .enumerate()
                        .filter(|&(other, _)| other != seat)
                        .map(|(_, &w)| match v.partial_cmp(&w) {
                            Some(std::cmp::Ordering::Greater) => 1.0,
                            Some(std::cmp::Ordering::Equal) => 0.5,
                            _ => 0.0,
                        })
                        .sum();
                    above / (players - 1).max(1) as f64
                }
            };
        }
        out
    }
}

/// Returns seat `me`'s lead in `values` over the best of the others, scaled by the span of
/// `bounds` into 0..=1 around one half (clamped).
fn margin(me: usize, values: impl Iterator<Item = f64>, (lo, hi): (i32, i32)) -> f64 {
    let (mut mine, mut best_other) = (0.0, f64::MIN);
    for (seat, v) in values.enumerate() {
        if seat == me {
            mine = v;
        } else {
            best_other = best_other.max(v);
        }
    }
    let span = f64::from(hi - lo).max(1.0);
    (0.5 + 0.5 * (mine - best_other) / span).clamp(0.0, 1.0)
}

/// Returns `score` scaled from `lo..=hi` into 0..=1 (clamped, in case a game's bounds are
/// loose on the wrong side; one half when the bounds are equal).
fn scaled(score: i32, (lo, hi): (i32, i32)) -> f64 {
    if hi <= lo {
        return 0.5;
    }
    (f64::from(score - lo) / f64::from(hi - lo)).clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn win_shares_a_shared_win() {
        let o = Outcome::with_scores(&[9, 9, 4], 0b011);
        let r = Reward::Win.results(&o, (0, 20));
        assert_eq!(&r[..3], &[0.5, 0.5, 0.0]);
    }

    #[test]
    fn score_is_scaled_by_the_bounds() {
        let o = Outcome::with_scores(&[-2, 10, 20, 30], 0b1000);
        let r = Reward::Score.results(&o, (-2, 30));
        assert_eq!(&r[..4], &[0.0, 0.375, 0.6875, 1.0]);
        assert_eq!(Reward::Score.results(&o, (5, 5))[1], 0.5);
        assert_eq!(Reward::Score.results(&o, (0, 10))[3], 1.0, "clamped");
    }

    #[test]
    fn a_cut_playout_is_judged_by_standing_values() {
        let mut v = [0.0; MAX_SEATS];
        v[..3].copy_from_slice(&[1.5, 3.0, 3.0]);
        let score = Reward::Score.judged(&v, 3, (0, 4));
        assert_eq!(&score[..3], &[0.375, 0.75, 0.75]);
        assert_eq!(&Reward::Win.judged(&v, 3, (0, 4))[..3], &[0.0, 0.5, 0.5]);
        assert_eq!(&Reward::Rank.judged(&v, 3, (0, 4))[..3], &[0.0, 0.75, 0.75]);
    }

    #[test]
    fn rank_puts_the_winners_first_then_orders_by_score_ties_counting_half() {
        // Seat 1 wins a tie-break on 9 points against seat 0; seats 2 and 3 tie on 4.
        let o = Outcome::with_scores(&[9, 9, 4, 4], 0b0010);
        let r = Reward::Rank.results(&o, (0, 20));
        assert_eq!(&r[..4], &[2.0 / 3.0, 1.0, 0.5 / 3.0, 0.5 / 3.0]);
        // Two seats: the win reward.
        let two = Outcome::with_scores(&[3, 7], 0b10);
        assert_eq!(
            Reward::Rank.results(&two, (0, 20)),
            Reward::Win.results(&two, (0, 20))
        );
    }
}
