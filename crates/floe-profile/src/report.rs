//! The profile's own tables, text and chart, and what their columns mean.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::{Result, anyhow};
use floe_plot::{Series, step_chart};
use floe_sim::table::{Cell, Column, Table};
use floe_sim::table_row;

use crate::*;

table_row! {
    /// `profile.csv`: the profile of one ladder (after the run's columns).
    pub struct ProfileRow {
        /// where the ladder came from: timing (the default ladder, mcts:iters=10000 in or out by a timing on this machine) or given (a ladder given to the profile, not timed)
        pub ladder_from: String,
        /// the timing's decision: in (a decision of mcts:iters=10000, estimated as 10 times the median of timed mcts:iters=1000 decisions, took under 50 ms) or out; empty when the ladder was given
        pub mcts_10000: String,
        /// deals (seeds) played, each once in every seating of the cycle (duplicate seating)
        pub deals: u64,
        /// games played: deals times the cycle's seatings
        pub games: Cell,
        /// entrants in the ladder
        pub entrants: usize,
        /// steps of the ladder (entrant and next weaker one) whose entrants met
        pub steps: usize,
        /// steps in which the stronger entrant scored above the weaker with a 95% Wilson interval wholly above 55% (see profile_ladder.csv's clear)
        pub skill_depth: usize,
        /// share of the games between adjacent entrants in which the weaker scored above the stronger, pooled over the steps (ties count as no upset)
        pub upset_rate: Option<f64>,
        /// lower end of the upset rate's 95% Wilson interval (approximate: games of one deal are not independent)
        pub upset_low: Option<f64>,
        /// upper end of the upset rate's 95% Wilson interval
        pub upset_high: Option<f64>,
        /// games between adjacent entrants, summed over the steps: what the upset rate is out of
        pub upset_games: u64,
        /// the best seat over the worst in Elo rating points, 400 log10(best seat's win rate / worst seat's), the scale of ratings.csv (Luce model of who wins); empty when the worst seat never won
        pub seat_advantage: Option<f64>,
        /// lower end of its approximate 95% interval (delta method: se = 400/ln 10 sqrt((1/p_best + 1/p_worst)/games), games taken as independent, the best and worst seats as given)
        pub seat_advantage_low: Option<f64>,
        /// upper end of its approximate 95% interval
        pub seat_advantage_high: Option<f64>,
        /// the seat with the highest win rate in seats.csv
        pub best_seat: Cell,
        /// the seat with the lowest win rate in seats.csv
        pub worst_seat: Cell,
        /// mean rounds per game over the tournament (game_stats.csv)
        pub mean_rounds: Cell,
        /// sample standard deviation of rounds per game (game_stats.csv)
        pub sd_rounds: Cell,
        /// decisiveness: share of games with a shared win (game_stats.csv)
        pub p_tie: Cell,
        /// decisiveness: mean of the highest minus the second-highest score (game_stats.csv)
        pub mean_margin: Cell,
    }
}

table_row! {
    /// `profile_ladder.csv`: one rung of the ladder and its step up from the next weaker
    /// entrant (after the run's columns).
    pub struct LadderRow {
        /// the entrant's place in the ladder, 0 for the weakest
        pub step: usize,
        /// the entrant's bot spec as written
        pub bot: String,
        /// its Bradley-Terry rating on the Elo scale (ratings.csv); empty when none is finite
        pub rating: Option<f64>,
        /// lower end of the rating's 95% Wald interval (ratings.csv)
        pub rating_low: Option<f64>,
        /// upper end of the rating's 95% Wald interval (ratings.csv)
        pub rating_high: Option<f64>,
        /// the next weaker entrant (the step below); empty for step 0
        pub weaker: Option<String>,
        /// games in which both this entrant and the next weaker one played (pairwise.csv)
        pub games: Option<u64>,
        /// this entrant's score share over the weaker in those games: the share it scored above, a tie counting half (from pairwise.csv)
        pub share: Option<f64>,
        /// lower end of share's 95% Wilson interval (a tie half a success, so conservative)
        pub ci_low: Option<f64>,
        /// upper end of share's 95% Wilson interval
        pub ci_high: Option<f64>,
        /// share of those games in which this entrant scored above the weaker (pairwise.csv)
        pub share_above: Option<f64>,
        /// share of those games in which the two scored the same (pairwise.csv)
        pub share_tied: Option<f64>,
        /// share of those games in which the weaker scored above this entrant: the step's upsets (pairwise.csv)
        pub weaker_above: Option<f64>,
        /// true when ci_low is above 0.5: the two entrants are told apart; empty for step 0 or a pair that never met
        pub apart: Option<bool>,
        /// true when ci_low is above 0.55 (the step counts towards skill depth); empty for step 0 or a pair that never met
        pub clear: Option<bool>,
    }
}

/// Returns the field `name` of the only row of `table` (the file `file`).
pub(super) fn only_field<'a>(table: &'a Table, file: &str, name: &str) -> Result<&'a Cell> {
    let i = column(table, file, name)?;
    let row = table
        .rows
        .first()
        .ok_or_else(|| anyhow!("{file}: no row"))?;
    Ok(&row[i])
}

/// The run's columns (`game, rules, players, bots, seed`) as `game_stats.csv` gives them.
pub(super) fn run_columns(stats: &Table) -> Result<Vec<(Column, Cell)>> {
    let names = ["game", "rules", "players", "bots", "seed"];
    names
        .iter()
        .map(|c| {
            let i = column(stats, GAME_STATS, c)?;
            Ok((
                stats.columns[i].clone(),
                only_field(stats, GAME_STATS, c)?.clone(),
            ))
        })
        .collect()
}

/// Returns the table of `name` in `tables`.
pub(super) fn table(tables: &[(TableFile, Table)], name: TableFile) -> Result<&Table> {
    tables
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| t)
        .ok_or_else(|| anyhow!("the tournament wrote no {}", name.name()))
}

/// Where the ladder came from, for `profile.csv`.
pub(super) fn ladder_from(timing: Option<&Timing>) -> (&'static str, &'static str) {
    match timing {
        None => ("given", ""),
        Some(t) if t.deep => ("timing", "in"),
        Some(_) => ("timing", "out"),
    }
}

/// The profile derived from a tournament's tables.
pub(super) struct Derived {
    pub(super) rungs: Vec<Rung>,
    depth: usize,
    upsets: Option<Pooled>,
    seat: Option<SeatAdvantage>,
    pub(super) profile: Table,
    pub(super) ladder: Table,
}

/// Derives the profile of `ladder` from the tournament's `tables`: `profile.csv` and
/// `profile_ladder.csv`.
pub(super) fn derive(
    ladder: &[String],
    timing: Option<&Timing>,
    deals: u64,
    tables: &[(TableFile, Table)],
) -> Result<Derived> {
    let stats = table(tables, TableFile::GameStats)?;
    let rungs = rungs(
        ladder,
        table(tables, TableFile::Ratings)?,
        table(tables, TableFile::Pairwise)?,
    )?;
    let depth = skill_depth(&rungs);
    let upsets = upset_rate(&rungs);
    let seat = seat_advantage(table(tables, TableFile::Seats)?)?;
    let run = run_columns(stats)?;
    let (from, deep) = ladder_from(timing);
    let met = rungs
        .iter()
        .filter_map(|r| r.step.as_ref())
        .filter(|s| s.games > 0)
        .count();
    let field = |name| only_field(stats, GAME_STATS, name).cloned();
    let row = ProfileRow {
        ladder_from: from.to_string(),
        mcts_10000: deep.to_string(),
        deals,
        games: field("games")?,
        entrants: ladder.len(),
        steps: met,
        skill_depth: depth,
        upset_rate: upsets.as_ref().map(|u| u.share),
        upset_low: upsets.as_ref().map(|u| u.ci.0),
        upset_high: upsets.as_ref().map(|u| u.ci.1),
        upset_games: upsets.as_ref().map_or(0, |u| u.games),
        seat_advantage: seat.as_ref().map(|s| s.points),
        seat_advantage_low: seat.as_ref().map(|s| s.ci.0),
        seat_advantage_high: seat.as_ref().map(|s| s.ci.1),
        best_seat: seat.as_ref().map_or(Cell::Empty, |s| s.best.clone()),
        worst_seat: seat.as_ref().map_or(Cell::Empty, |s| s.worst.clone()),
        mean_rounds: field("mean_rounds")?,
        sd_rounds: field("sd_rounds")?,
        p_tie: field("p_tie")?,
        mean_margin: field("mean_margin")?,
    };
    let ladder = Table::of(rungs.iter().enumerate().map(|(k, r)| ladder_row(k, r)));
    Ok(Derived {
        rungs,
        depth,
        upsets,
        seat,
        profile: Table::of([row]).prefixed(&run),
        ladder: ladder.prefixed(&run),
    })
}

/// Returns the row of `profile_ladder.csv` (without the run's columns) of rung `k`, `r`:
/// its rating and its step up from the next weaker entrant.
fn ladder_row(k: usize, r: &Rung) -> LadderRow {
    let met = r.step.as_ref().filter(|s| s.games > 0);
    LadderRow {
        step: k,
        bot: r.bot.clone(),
        rating: r.rating.map(|x| x.0),
        rating_low: r.rating.map(|x| x.1),
        rating_high: r.rating.map(|x| x.2),
        weaker: r.step.as_ref().map(|s| s.weaker.clone()),
        games: r.step.as_ref().map(|s| s.games),
        share: met.map(Step::share),
        ci_low: met.map(|s| s.ci().0),
        ci_high: met.map(|s| s.ci().1),
        share_above: met.map(|s| s.share_above),
        share_tied: met.map(|s| s.share_tied),
        weaker_above: met.map(|s| s.weaker_above),
        apart: met.map(Step::apart),
        clear: met.map(Step::clear),
    }
}

/// Returns the report's text on the ladder: where it came from and, when timed, the
/// timing and its decision.
pub(super) fn ladder_text(ladder: &[String], timing: Option<&Timing>) -> String {
    let mut s = format!("ladder (weakest first): {}\n", ladder.join(", "));
    match timing {
        None => s.push_str("  given (not timed)\n"),
        Some(t) => {
            let _ = writeln!(
                s,
                "  timing: a {TIMED} decision took {:.2} ms (median of {}; mean {:.2} ms) on the \
                 first {TIMING_QUESTIONS} questions of {TIMING_DEALS} deals on this machine",
                t.median_ms, t.decisions, t.mean_ms
            );
            let verdict = match t.deep {
                true => "under",
                false => "not under",
            };
            let joined = match t.deep {
                true => "joins the ladder",
                false => "is left out",
            };
            let _ = writeln!(
                s,
                "  {DEEP} estimated at {:.1} ms a decision ({DEEP_FACTOR} times that), \
                 {verdict} {DEEP_LIMIT_MS} ms: it {joined}",
                t.estimate_ms
            );
        }
    }
    s
}

/// Returns the report's text on the profile.
pub(super) fn profile_text(d: &Derived, stats: &Table) -> Result<String> {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "\nskill profile (a step's share is the stronger entrant's score share over the \
         weaker, a tie counting half; the step is apart when its 95% interval is above 50%, \
         clear when above {:.0}%):",
        100.0 * CLEAR_SHARE
    );
    let _ = writeln!(
        s,
        "{:>4}  {:<24} {:>8} {:>19}   {:>8} {:>13} {:>7} {:>7} {:>8}",
        "step", "bot", "rating", "95% CI", "share", "95% CI", "above", "tied", "games"
    );
    for (k, r) in d.rungs.iter().enumerate() {
        let (rating, ci) = match r.rating {
            Some((x, lo, hi)) => (format!("{x:.1}"), format!("{lo:.1} to {hi:.1}")),
            None => ("-".to_string(), "-".to_string()),
        };
        let _ = write!(s, "{k:>4}  {:<24} {rating:>8} {ci:>19}", r.bot);
        match &r.step {
            Some(st) if st.games > 0 => {
                let verdict = match (st.clear(), st.apart()) {
                    (true, _) => "  clear",
                    (false, true) => "  apart",
                    (false, false) => "",
                };
                let _ = write!(
                    s,
                    "   {:>7.2}% {:>13} {:>6.1}% {:>6.1}% {:>8}{verdict}",
                    100.0 * st.share(),
                    format!("{:.1}-{:.1}", 100.0 * st.ci().0, 100.0 * st.ci().1),
                    100.0 * st.share_above,
                    100.0 * st.share_tied,
                    st.games,
                );
            }
            Some(_) => s.push_str("   never met the next weaker entrant"),
            None => {}
        }
        s.push('\n');
    }
    let steps = d.rungs.len().saturating_sub(1);
    let _ = writeln!(s, "skill depth: {} of {steps} steps clear", d.depth);
    match &d.upsets {
        Some(u) => {
            let _ = writeln!(
                s,
                "upset rate: {:.2}% (95% CI {:.2}-{:.2}) of {} games between adjacent entrants, \
                 the weaker scoring above the stronger",
                100.0 * u.share,
                100.0 * u.ci.0,
                100.0 * u.ci.1,
                u.games
            );
        }
        None => s.push_str("upset rate: no adjacent entrants met\n"),
    }
    match &d.seat {
        Some(a) => {
            let _ = writeln!(
                s,
                "seat advantage: {:.1} rating points (95% CI {:.1} to {:.1}), seat {} over seat {} \
                 (win rates {:.2}% and {:.2}%)",
                a.points,
                a.ci.0,
                a.ci.1,
                a.best,
                a.worst,
                100.0 * a.rates.0,
                100.0 * a.rates.1
            );
        }
        None => s.push_str("seat advantage: none finite (a seat never won)\n"),
    }
    let field = |c| -> Result<f64> {
        number(GAME_STATS, c, only_field(stats, GAME_STATS, c)?)?
            .ok_or_else(|| anyhow!("{GAME_STATS}: empty {c}"))
    };
    let _ = writeln!(
        s,
        "game length: {:.2} rounds (sd {:.2})",
        field("mean_rounds")?,
        field("sd_rounds")?
    );
    let _ = writeln!(
        s,
        "decisiveness: {:.2}% of games with a shared win, mean margin {:.2} points",
        100.0 * field("p_tie")?,
        field("mean_margin")?
    );
    Ok(s)
}

/// Draws `profile.svg` at `path`: the ladder's ratings with their 95% intervals against
/// the step. `Ok(false)` (nothing drawn) when some entrant has no finite rating.
pub(super) fn draw_chart(path: &Path, game: &str, players: usize, d: &Derived) -> Result<bool> {
    let rated: Option<Vec<(f64, f64, f64)>> = d.rungs.iter().map(|r| r.rating).collect();
    let Some(rated) = rated else {
        return Ok(false);
    };
    let at = |k: usize| k as f64;
    let series = [Series {
        name: "rating (bars: 95% interval)".to_string(),
        points: rated
            .iter()
            .enumerate()
            .map(|(k, r)| (at(k), r.0))
            .collect(),
        bands: rated
            .iter()
            .enumerate()
            .map(|(k, r)| (at(k), r.1, r.2))
            .collect(),
        ..Series::default()
    }];
    let steps: Vec<String> = d.rungs.iter().map(|r| r.bot.clone()).collect();
    let mut title = format!("{game}, {players} players: skill ladder, weakest first");
    if let Some(u) = &d.upsets {
        let _ = write!(
            title,
            "; upsets {:.1}% ({:.1}-{:.1})",
            100.0 * u.share,
            100.0 * u.ci.0,
            100.0 * u.ci.1
        );
    }
    if let Some(a) = &d.seat {
        let _ = write!(
            title,
            "; seat {} over seat {} by {:.0} points ({:.0} to {:.0})",
            a.best, a.worst, a.points, a.ci.0, a.ci.1
        );
    }
    step_chart(
        path,
        &title,
        "ladder step",
        "Bradley-Terry rating (Elo scale, mean 0)",
        &steps,
        &series,
    )?;
    Ok(true)
}

/// Returns the `[profile]` table appended to the tournament's manifest: the ladder, where
/// it came from, and the timing.
pub(super) fn manifest_table(ladder: &[String], deals: u64, timing: Option<&Timing>) -> String {
    let toml = |text: &str| toml::Value::from(text).to_string();
    let ladder: Vec<String> = ladder.iter().map(|s| toml(s)).collect();
    let mut s = format!(
        "\n[profile]\nladder = [{}]\ndeals = {deals}\nladder_from = {}\n",
        ladder.join(", "),
        toml(ladder_from(timing).0)
    );
    if let Some(t) = timing {
        let _ = write!(
            s,
            "timed_spec = {}\ntimed_decisions = {}\ntimed_median_ms = {}\n\
             timed_mean_ms = {}\ndeep_spec = {}\ndeep_estimate_ms = {}\n\
             deep_limit_ms = {}\ndeep_joined = {}\n",
            toml(TIMED),
            t.decisions,
            t.median_ms,
            t.mean_ms,
            toml(DEEP),
            t.estimate_ms,
            toml::Value::from(DEEP_LIMIT_MS),
            t.deep
        );
    }
    s
}
