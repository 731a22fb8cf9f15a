//! Turning a [`Tally`] into the rows of `game_stats.csv`, `summary.csv` and `games.csv`,
//! and into the short table printed after a run.
//!
//! Rates and means are written with six decimals, so the same counts always give the same
//! bytes.

use std::fmt::Write as _;
use std::io::Write;

use floe_core::{Game, Seat, WIN_SHARE_UNITS};

use crate::stats::{chi_square, mean, quantile_of_counts, sd_from_sums, wilson};
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
fn units_text(units: u64, per: u64) -> String {
    if units.is_multiple_of(per) {
        (units / per).to_string()
    } else {
        f6(units as f64 / per as f64)
    }
}

/// A CSV table: its header and rows of fields. Tables are built as text first so that one
/// row can be written alone (`game_stats.csv`) or behind the columns that name an
/// experiment's cell (`cells.csv`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table {
    /// Column names.
    pub header: Vec<String>,
    /// Rows, each as long as the header.
    pub rows: Vec<Vec<String>>,
}

impl Table {
    /// Returns a table with `header` and no rows.
    pub fn new<S: ToString>(header: &[S]) -> Table {
        Table {
            header: header.iter().map(ToString::to_string).collect(),
            rows: Vec::new(),
        }
    }

    /// Returns this table with `columns` (names and values) put in front of every row.
    pub fn prefixed(self, columns: &[(String, String)]) -> Table {
        let mut header: Vec<String> = columns.iter().map(|c| c.0.clone()).collect();
        header.extend(self.header);
        let rows = self
            .rows
            .into_iter()
            .map(|row| columns.iter().map(|c| c.1.clone()).chain(row).collect())
            .collect();
        Table { header, rows }
    }

    /// Appends the rows of `other`, which must have the same header.
    ///
    /// # Panics
    /// Panics if the headers differ.
    pub fn append(&mut self, other: Table) {
        if self.header.is_empty() {
            self.header.clone_from(&other.header);
        }
        assert_eq!(self.header, other.header, "tables with different columns");
        self.rows.extend(other.rows);
    }

    /// Writes the table as CSV.
    ///
    /// # Errors
    /// Fails if `out` fails.
    pub fn write(&self, out: impl Write) -> csv::Result<()> {
        let mut w = csv::Writer::from_writer(out);
        w.write_record(&self.header)?;
        for row in &self.rows {
            w.write_record(row)?;
        }
        w.flush()?;
        Ok(())
    }
}

/// Returns the share of each seat's wins, highest minus lowest: how much the luckiest seat
/// gains over the unluckiest.
pub fn seat_spread(label: &RunLabel, t: &Tally) -> f64 {
    let rates = t.seats[..label.players]
        .iter()
        .map(|s| mean(s.wins(), s.games));
    let (lo, hi) = rates.fold((f64::MAX, f64::MIN), |(lo, hi), r| (lo.min(r), hi.max(r)));
    hi - lo
}

/// Returns `game_stats.csv`: one row for the run.
pub fn game_stats<G: Game>(game: &G, label: &RunLabel, t: &Tally) -> Table {
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
            "rounds_q10",
            "rounds_median",
            "rounds_q90",
            "seat_spread",
            "rules",
            "seed",
            "shuffle_colours",
        ]
        .map(String::from),
    );
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
        quantile_of_counts(t.round_counts(), 0.1).to_string(),
        quantile_of_counts(t.round_counts(), 0.5).to_string(),
        quantile_of_counts(t.round_counts(), 0.9).to_string(),
        f6(seat_spread(label, t)),
        label.rules.clone(),
        label.seed.to_string(),
        label.shuffle_colours.to_string(),
    ]);
    Table {
        header,
        rows: vec![row],
    }
}

/// Formats a p-value: six decimals, or for one below 0.0001 three significant digits in
/// scientific notation (so a very small p-value does not read as 0).
fn p_text(p: f64) -> String {
    if p >= 1e-4 || p == 0.0 {
        f6(p)
    } else {
        format!("{p:.2e}")
    }
}

/// Returns the chi-square tests of equal win shares: `kind,groups,chi2,df,p_value`, a row
/// for the seats (every seat plays every game, so each expects the same share) and, when
/// colours were dealt at random, one for the colours (each expects a share in proportion
/// to the seat-games it was played in). A test without two groups to compare is left out.
pub fn fairness_tests(label: &RunLabel, t: &Tally) -> Table {
    let mut table = Table::new(&["kind", "groups", "chi2", "df", "p_value"]);
    let mut test = |kind: &str, groups: &[GroupTally]| {
        let wins: Vec<f64> = groups.iter().map(GroupTally::wins).collect();
        let weights: Vec<f64> = groups.iter().map(|g| g.games as f64).collect();
        if let Some(c) = chi_square(&wins, &weights) {
            table.rows.push(vec![
                kind.to_string(),
                (c.df + 1).to_string(),
                f6(c.chi2),
                c.df.to_string(),
                p_text(c.p_value),
            ]);
        }
    };
    test("seat", &t.seats[..label.players]);
    if label.shuffle_colours {
        test("colour", &t.colours);
    }
    table
}

/// The rates of one group of seat-games as CSV fields: `games, wins, win_rate, ci_low,
/// ci_high` (wins kept in `per` units to the whole).
pub(crate) fn rate_fields(games: u64, units: u64, per: u64) -> [String; 5] {
    let wins = units as f64 / per as f64;
    let (lo, hi) = wilson(wins, games);
    [
        games.to_string(),
        units_text(units, per),
        f6(mean(wins, games)),
        f6(lo),
        f6(hi),
    ]
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

/// Returns `summary.csv`: one row per seat, colour and bot group.
pub fn summary(rows: &[SummaryRow]) -> Table {
    let mut table = Table::new(&[
        "kind",
        "key",
        "games",
        "wins",
        "win_rate",
        "ci_low",
        "ci_high",
        "mean_score",
    ]);
    for r in rows {
        let c = &r.counts;
        let mut row = vec![r.kind.to_string(), r.key.clone()];
        row.extend(rate_fields(
            c.games,
            c.win_units,
            u64::from(WIN_SHARE_UNITS),
        ));
        row.push(f6(mean(c.score_sum as f64, c.games)));
        table.rows.push(row);
    }
    table
}

/// Writes a rate with six decimals, so the same counts always give the same bytes.
fn six<S: serde::Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&format_args!("{x:.6}"))
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
