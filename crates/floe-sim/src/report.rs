//! Turning a [`Tally`] into the rows of `game_stats.csv`, `summary.csv` and `games.csv`,
//! and into the short table printed after a run.
//!
//! Rates and means are written with six decimals, so the same counts always give the same
//! bytes.

use std::fmt::Write as _;
use std::io::Write;

use floe_core::{Game, Seat, WIN_SHARE_UNITS};

use crate::stats::{mean, sd_from_sums, wilson};
use crate::{GameRecord, GroupTally, Tally};

/// What a run was, as its CSV rows name it.
#[derive(Clone, Debug)]
pub struct RunLabel {
    /// Game name.
    pub game: String,
    /// Rules name.
    pub rules: String,
    /// Players per game.
    pub players: usize,
    /// The bot specs, comma-separated as the user gave them.
    pub bots: String,
    /// The master seed.
    pub seed: u64,
    /// Whether colours were dealt at random.
    pub shuffle_colours: bool,
    /// The distinct bot specs (bot groups) in order.
    pub bot_groups: Vec<String>,
    /// The bot group of each seat.
    pub bot_of_seat: Vec<usize>,
}

pub(crate) fn f6(x: f64) -> String {
    format!("{x:.6}")
}

/// Formats a count kept in `per` units to the whole: whole counts as integers, shares with
/// six decimals.
pub(crate) fn units_text(units: u64, per: u64) -> String {
    if units.is_multiple_of(per) {
        (units / per).to_string()
    } else {
        f6(units as f64 / per as f64)
    }
}

/// Writes `game_stats.csv`: one header and one row for the run.
///
/// # Errors
/// Fails if `out` fails.
pub fn write_game_stats<G: Game>(
    game: &G,
    label: &RunLabel,
    t: &Tally,
    out: impl Write,
) -> csv::Result<()> {
    let mut w = csv::Writer::from_writer(out);
    let causes = game.end_causes();
    let mut header: Vec<String> = [
        "game",
        "players",
        "bots",
        "games",
        "mean_rounds",
        "sd_rounds",
    ]
    .map(String::from)
    .to_vec();
    header.extend(causes.iter().map(|c| format!("p_{}", c.replace('-', "_"))));
    header.extend(
        [
            "p_tie",
            "mean_winner_score",
            "mean_margin",
            "rules",
            "seed",
            "shuffle_colours",
        ]
        .map(String::from),
    );
    w.write_record(&header)?;
    let n = t.games;
    let mut row = vec![
        label.game.clone(),
        label.players.to_string(),
        label.bots.clone(),
        n.to_string(),
        f6(mean(t.rounds_sum as f64, n)),
        f6(sd_from_sums(t.rounds_sum, t.rounds_sq_sum, n)),
    ];
    row.extend((0..causes.len()).map(|c| f6(mean(t.end_causes[c] as f64, n))));
    row.extend([
        f6(mean(t.ties as f64, n)),
        f6(mean(t.winner_score_sum as f64, n)),
        f6(mean(t.margin_sum as f64, n)),
        label.rules.clone(),
        label.seed.to_string(),
        label.shuffle_colours.to_string(),
    ]);
    w.write_record(&row)?;
    w.flush()?;
    Ok(())
}

/// One row of `summary.csv`.
#[derive(Clone, Debug, PartialEq)]
pub struct SummaryRow {
    /// `seat`, `colour` or `bot`.
    pub kind: &'static str,
    /// Seat number, colour name or bot spec.
    pub key: String,
    /// The group's counts.
    pub counts: GroupTally,
}

impl SummaryRow {
    /// Returns the share of games won, its 95% Wilson interval, and the mean score.
    pub fn rates(&self) -> (f64, f64, f64, f64) {
        let c = &self.counts;
        let (lo, hi) = wilson(c.wins(), c.games);
        (
            mean(c.wins(), c.games),
            lo,
            hi,
            mean(c.score_sum as f64, c.games),
        )
    }
}

/// Returns the summary rows: every seat, every colour that was played, every bot.
pub fn summary_rows<G: Game>(game: &G, label: &RunLabel, t: &Tally) -> Vec<SummaryRow> {
    let seats = (0..label.players).map(|s| SummaryRow {
        kind: "seat",
        key: s.to_string(),
        counts: t.seats[s],
    });
    let colours = game
        .colours()
        .iter()
        .zip(&t.colours)
        .filter(|(_, c)| c.games > 0)
        .map(|(name, c)| SummaryRow {
            kind: "colour",
            key: name.clone(),
            counts: *c,
        });
    let bots = label
        .bot_groups
        .iter()
        .zip(&t.bots)
        .map(|(name, c)| SummaryRow {
            kind: "bot",
            key: name.clone(),
            counts: *c,
        });
    seats.chain(colours).chain(bots).collect()
}

/// Writes a rate with six decimals, so the same counts always give the same bytes.
pub(crate) fn six<S: serde::Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&format_args!("{x:.6}"))
}

/// One row of `summary.csv`, as written.
#[derive(serde::Serialize)]
struct SummaryCsvRow<'a> {
    kind: &'a str,
    key: &'a str,
    games: u64,
    wins: String,
    #[serde(serialize_with = "six")]
    win_rate: f64,
    #[serde(serialize_with = "six")]
    ci_low: f64,
    #[serde(serialize_with = "six")]
    ci_high: f64,
    #[serde(serialize_with = "six")]
    mean_score: f64,
}

/// Writes `summary.csv`.
///
/// # Errors
/// Fails if `out` fails.
pub fn write_summary(rows: &[SummaryRow], out: impl Write) -> csv::Result<()> {
    let mut w = csv::Writer::from_writer(out);
    for r in rows {
        let (win_rate, ci_low, ci_high, mean_score) = r.rates();
        w.serialize(SummaryCsvRow {
            kind: r.kind,
            key: &r.key,
            games: r.counts.games,
            wins: units_text(r.counts.win_units, u64::from(WIN_SHARE_UNITS)),
            win_rate,
            ci_low,
            ci_high,
            mean_score,
        })?;
    }
    w.flush()?;
    Ok(())
}

/// One row of `games.csv`: one seat of one game. Its header is written by
/// [`games_writer`], because the progress column is named by the game.
#[derive(serde::Serialize)]
struct GameCsvRow<'a> {
    game_index: u64,
    seed: u64,
    seat: usize,
    colour: &'a str,
    bot: &'a str,
    score: i32,
    won: u8,
    #[serde(serialize_with = "six")]
    win_share: f64,
    progress: u8,
    rounds: u32,
    end_cause: &'a str,
}

/// Returns a writer for `games.csv` that has written the header.
///
/// # Errors
/// Fails if `out` fails.
pub fn games_writer<G: Game, W: Write>(game: &G, out: W) -> csv::Result<csv::Writer<W>> {
    let mut w = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(out);
    w.write_record([
        "game_index",
        "seed",
        "seat",
        "colour",
        "bot",
        "score",
        "won",
        "win_share",
        game.progress_name(),
        "rounds",
        "end_cause",
    ])?;
    Ok(w)
}

/// Writes the rows of `games.csv` for `records` (one row per game and seat).
///
/// # Errors
/// Fails if `w` fails.
pub fn write_game_rows<G: Game, W: Write>(
    game: &G,
    label: &RunLabel,
    records: &[GameRecord],
    w: &mut csv::Writer<W>,
) -> csv::Result<()> {
    for r in records {
        let o = &r.outcome;
        for seat in Seat::all(o.players as usize) {
            let s = seat.index();
            w.serialize(GameCsvRow {
                game_index: r.index,
                seed: r.seed,
                seat: s,
                colour: &game.colours()[r.colours[s] as usize],
                bot: &label.bot_groups[label.bot_of_seat[s]],
                score: o.scores[s],
                won: u8::from(o.is_winner(seat)),
                win_share: f64::from(o.win_share_units(seat)) / f64::from(WIN_SHARE_UNITS),
                progress: o.progress[s],
                rounds: o.rounds,
                end_cause: game.end_causes()[o.end_cause as usize],
            })?;
        }
    }
    Ok(())
}

/// Returns the human-readable table printed after a run.
pub fn text_table<G: Game>(game: &G, label: &RunLabel, t: &Tally, rows: &[SummaryRow]) -> String {
    let n = t.games;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} ({} rules), {} players, bots {}, {} games, seed {}",
        label.game, label.rules, label.players, label.bots, n, label.seed
    );
    let _ = writeln!(
        s,
        "rounds: mean {:.2}, sd {:.2}; shared wins {:.2}%; winner score {:.2}, margin {:.2}",
        mean(t.rounds_sum as f64, n),
        sd_from_sums(t.rounds_sum, t.rounds_sq_sum, n),
        100.0 * mean(t.ties as f64, n),
        mean(t.winner_score_sum as f64, n),
        mean(t.margin_sum as f64, n),
    );
    let causes: Vec<String> = game
        .end_causes()
        .iter()
        .enumerate()
        .map(|(i, c)| format!("{c} {:.2}%", 100.0 * mean(t.end_causes[i] as f64, n)))
        .collect();
    let _ = writeln!(s, "end: {}", causes.join(", "));
    let _ = writeln!(
        s,
        "\n{:<7} {:<22} {:>10} {:>8} {:>17} {:>7}",
        "kind", "key", "games", "win %", "95% CI", "score"
    );
    for r in rows {
        let (rate, lo, hi, score) = r.rates();
        let ci = format!("{:.2}-{:.2}", 100.0 * lo, 100.0 * hi);
        let _ = writeln!(
            s,
            "{:<7} {:<22} {:>10} {:>8.2} {:>17} {:>7.2}",
            r.kind,
            r.key,
            r.counts.games,
            100.0 * rate,
            ci,
            score
        );
    }
    s
}
