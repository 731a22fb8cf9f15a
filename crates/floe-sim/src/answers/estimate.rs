//! The measures a question may ask of a cell, and each one's estimate with its standard
//! error from the cell's counts.

use super::*;

/// Returns the measures a question may ask of `game`'s cells, each with a standard error:
/// `mean_rounds`, the share of each end cause (`p_CAUSE`), `p_tie`, and every per-game
/// figure the game declares, and [`WIN_RATE`]. (The seat spread is left out: it is the gap between two
/// seats picked as the extremes after the games are seen, whose plain standard error
/// would understate its spread; its question is `fair`.)
pub fn measures<G: Game>(game: &G) -> Vec<String> {
    let mut names = vec![MEAN_ROUNDS.to_string()];
    names.extend(game.end_causes().iter().map(|c| cause_column(c)));
    names.push(P_TIE.to_string());
    names.extend(
        game.figures()
            .iter()
            .filter(|f| !f.per_seat())
            .map(|f| f.name.to_string()),
    );
    names.extend(crate::arc::MEASURES.iter().map(|m| m.name.to_string()));
    names.push(WIN_RATE.to_string());
    names
}

/// Returns whether `name` is a measure of how games unfold ([`crate::arc::MEASURES`]): a
/// study that asks of one follows the games' arcs.
pub fn is_arc_measure(name: &str) -> bool {
    crate::arc::MEASURES.iter().any(|m| m.name == name)
}

/// Returns the win rate of every seat, colour played and bot of the cell that played
/// `game` as `label` into `t`, each named as [`Question::measure_name`] names it.
pub(super) fn win_rates<G: Game>(
    game: &G,
    label: &RunLabel,
    t: &Tally,
) -> Vec<(String, Option<Estimate>)> {
    summary_rows(game, label, t)
        .into_iter()
        .map(|r| {
            let name = format!("{WIN_RATE} of {} {}", r.kind.name(), r.key);
            let (wins, n) = (r.counts.wins(), r.counts.games);
            let p = mean(wins, n);
            (
                name,
                Estimate::of(p, (p * (1.0 - p) / n.max(1) as f64).sqrt(), n),
            )
        })
        .collect()
}

/// A measure of one cell: its estimate, standard error and games.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The estimate (a share, a mean).
    pub value: f64,
    /// Its standard error, at least half a game's worth (0.5 / games): a share of 0 or 1
    /// (or a constant figure) would otherwise weigh infinitely in a slope and make any
    /// difference from it certain.
    pub se: f64,
    /// The games (or seat pairs) it is measured over.
    pub games: u64,
}

impl Estimate {
    /// Returns the estimate `value` with standard error `se` from `games` games (`None`
    /// without games).
    pub(super) fn of(value: f64, se: f64, games: u64) -> Option<Estimate> {
        (games > 0).then(|| Estimate {
            value,
            se: se.max(0.5 / games as f64),
            games,
        })
    }

    /// Returns the share `k` of `n` games, standard error sqrt(p (1 - p) / n).
    pub(super) fn share(k: u64, n: u64) -> Option<Estimate> {
        let p = mean(k as f64, n);
        Estimate::of(p, (p * (1.0 - p) / n.max(1) as f64).sqrt(), n)
    }
}

/// Returns the measure `name` ([`measures`]) of the cell whose counts are `t`: a share
/// with standard error sqrt(p (1 - p) / games), the mean rounds with sd / sqrt(games), a
/// per-game figure's or a measure of how games unfold's mean with sd / sqrt(its games)
/// (for a yes-or-no one, the share's sd). `None` for an unknown name, a cell without
/// games, or one that did not follow the games' arcs.
pub fn estimate<G: Game>(game: &G, t: &Tally, name: &str) -> Option<Estimate> {
    let n = t.games;
    if name == MEAN_ROUNDS {
        let sd = sd_from_sums(t.rounds_sum, t.rounds_sq_sum, n);
        return Estimate::of(mean(t.rounds_sum as f64, n), sd / (n as f64).sqrt(), n);
    }
    if name == P_TIE {
        return Estimate::share(t.ties, n);
    }
    if let Some(i) = game
        .end_causes()
        .iter()
        .position(|c| cause_column(c) == name)
    {
        return Estimate::share(t.end_causes[i], n);
    }
    if let Some(i) = crate::arc::MEASURES.iter().position(|m| m.name == name) {
        let c = t.arc.get(i)?;
        let (m, sd, _, _) = mean_interval(c.sum, c.sq_sum, c.count, crate::arc::SCALE);
        return Estimate::of(m, sd / (c.count.max(1) as f64).sqrt(), c.count);
    }
    let (f, decl) = game
        .figures()
        .iter()
        .enumerate()
        .find(|(_, d)| d.name == name && !d.per_seat())?;
    let c = t.figure(f, 0);
    let (m, sd, _, _) = mean_interval(c.sum, c.sq_sum, c.count, decl.scale);
    Estimate::of(m, sd / (c.count.max(1) as f64).sqrt(), c.count)
}
