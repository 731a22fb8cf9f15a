//! Turning a [`Tally`] into the rows of `game_stats.csv`, `summary.csv` and `games.csv`,
//! and into the short table printed after a run.
//!
//! Rates and means are written with six decimals, so the same counts always give the same
//! bytes.

use std::fmt::Write as _;
use std::io::Write;

use floe_core::{Game, Seat, WIN_SHARE_UNITS};

use crate::stats::{chi_square, mean, mean_interval, quantile_of_counts, sd_from_sums, wilson};
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

impl RunLabel {
    /// Returns the columns that name the run on every row of every table: `game`, `rules`,
    /// `players`, `bots`, `seed`, so that tables of several runs can be stacked.
    pub fn columns(&self) -> Vec<(String, String)> {
        [
            ("game", self.game.clone()),
            ("rules", self.rules.clone()),
            ("players", self.players.to_string()),
            ("bots", self.bots.clone()),
            ("seed", self.seed.to_string()),
        ]
        .map(|(k, v)| (k.to_string(), v))
        .to_vec()
    }
}

/// Formats `x` with six decimals, as every table does.
pub(crate) fn f6(x: f64) -> String {
    fixed(x, 6)
}

/// Formats `x` with `decimals` decimals, without the sign of a value that rounds to zero
/// (a mean-zero rating of two equal entrants is 0, not -0).
pub(crate) fn fixed(x: f64, decimals: usize) -> String {
    let s = format!("{x:.decimals$}");
    match s.strip_prefix('-') {
        Some(rest) if rest.bytes().all(|b| b == b'0' || b == b'.') => rest.to_string(),
        _ => s,
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
            w.write_record(
                row.iter()
                    .map(|c| spreadsheet_safe(c).into_owned().into_bytes()),
            )?;
        }
        w.flush()?;
        Ok(())
    }
}

/// Returns `cell` as a spreadsheet opens it safely: a text that starts as a formula does
/// (`=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading `'`, so that a rules
/// name like `=cmd|' /C calc'!A0` is shown, not run. Numbers (`-0.25`) are left as they
/// are, so every table still reads back as numbers.
///
/// # Examples
/// ```
/// use floe_sim::report::spreadsheet_safe;
/// assert_eq!(spreadsheet_safe("=1+1"), "'=1+1");
/// assert_eq!(spreadsheet_safe("-0.25"), "-0.25");
/// assert_eq!(spreadsheet_safe("classic"), "classic");
/// ```
pub fn spreadsheet_safe(cell: &str) -> std::borrow::Cow<'_, str> {
    let formula_like = cell.starts_with(['=', '+', '-', '@', '\t', '\r']);
    if formula_like && cell.parse::<f64>().is_err() {
        format!("'{cell}").into()
    } else {
        cell.into()
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

/// Returns the body of `game_stats.csv`: one row for the run (the front end puts the
/// run's columns, [`RunLabel::columns`], in front).
pub fn game_stats<G: Game>(game: &G, label: &RunLabel, t: &Tally) -> Table {
    let causes = game.end_causes();
    let mut header: Vec<String> = ["shuffle_colours", "games", "mean_rounds", "sd_rounds"]
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
        ]
        .map(String::from),
    );
    let n = t.games;
    let mut row = vec![
        label.shuffle_colours.to_string(),
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

/// Returns the chi-square tests of equal win shares: `test,groups,chi2,df,p_value`, a row
/// for the seats (every seat plays every game, so each expects the same share) and, when
/// colours were dealt at random, one for the colours (each expects a share in proportion
/// to the seat-games it was played in). A test without two groups to compare is left out.
pub fn fairness_tests(label: &RunLabel, t: &Tally) -> Table {
    let mut table = Table::new(&["test", "groups", "chi2", "df", "p_value"]);
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

/// The header of a table of groups of seat-games keyed by `key` (`seat`, `colour`, `bot`).
pub(crate) fn group_header(key: &str) -> Vec<String> {
    [
        key,
        "games",
        "wins",
        "shared_wins",
        "win_rate",
        "ci_low",
        "ci_high",
        "mean_score",
    ]
    .map(String::from)
    .to_vec()
}

/// The fields of one group of seat-games after its key: `games, wins, shared_wins,
/// win_rate, ci_low, ci_high, mean_score` (wins alone and shared wins as whole counts; the
/// rate counts a win shared by k as 1/k).
pub(crate) fn group_fields(c: &GroupTally) -> Vec<String> {
    let (lo, hi) = wilson(c.wins(), c.games);
    vec![
        c.games.to_string(),
        c.sole_wins.to_string(),
        c.shared_wins.to_string(),
        f6(mean(c.wins(), c.games)),
        f6(lo),
        f6(hi),
        f6(mean(c.score_sum as f64, c.games)),
    ]
}

/// One group of seat-games of a run: a seat, a colour or a bot.
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

/// The kinds of group, each written to its own table (`seats.csv`, `colours.csv`,
/// `bots.csv`), so that no column mixes kinds of key.
pub const GROUP_KINDS: [(&str, &str); 3] = [
    ("seat", "seats.csv"),
    ("colour", "colours.csv"),
    ("bot", "bots.csv"),
];

/// Returns the table of the `kind` rows among `rows`: one row per seat, colour or bot.
pub fn groups(rows: &[SummaryRow], kind: &str) -> Table {
    let mut table = Table::new(&group_header(kind));
    for r in rows.iter().filter(|r| r.kind == kind) {
        let mut row = vec![r.key.clone()];
        row.extend(group_fields(&r.counts));
        table.rows.push(row);
    }
    table
}

/// Returns a writer for `games.csv` that has written the header: the run's columns, then
/// one seat of one game per row (the progress column is named by the game).
///
/// # Errors
/// Fails if `out` fails.
pub fn games_writer<G: Game, W: Write>(
    game: &G,
    label: &RunLabel,
    out: W,
) -> csv::Result<csv::Writer<W>> {
    let mut w = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(out);
    let mut header: Vec<String> = label.columns().into_iter().map(|c| c.0).collect();
    header.extend(
        [
            "game_index",
            "game_seed",
            "seat",
            "colour",
            "bot",
            "score",
            "won",
            "win_share",
            game.progress_name(),
            "rounds",
            "end_cause",
        ]
        .map(String::from),
    );
    w.write_record(&header)?;
    Ok(w)
}

/// Writes the rows of `games.csv` for `records` (one row per game and seat). A game's
/// seed is written in hexadecimal with `0x` in front, as text, so that a spreadsheet or a
/// data frame does not round it to a float.
///
/// # Errors
/// Fails if `w` fails.
pub fn write_game_rows<G: Game, W: Write>(
    game: &G,
    label: &RunLabel,
    records: &[GameRecord],
    w: &mut csv::Writer<W>,
) -> csv::Result<()> {
    let run: Vec<String> = label.columns().into_iter().map(|c| c.1).collect();
    for r in records {
        let o = &r.outcome;
        for seat in Seat::all(o.players as usize) {
            let s = seat.index();
            let share = f64::from(o.win_share_units(seat)) / f64::from(WIN_SHARE_UNITS);
            let fields = [
                r.index.to_string(),
                format!("0x{:016x}", r.seed),
                s.to_string(),
                game.colours()[r.colours[s] as usize].clone(),
                label.bot_groups[label.bot_of_seat[s]].clone(),
                o.scores[s].to_string(),
                u8::from(o.is_winner(seat)).to_string(),
                f6(share),
                o.progress[s].to_string(),
                o.rounds.to_string(),
                game.end_causes()[o.end_cause as usize].to_string(),
            ];
            w.write_record(
                run.iter()
                    .chain(fields.iter())
                    .map(|c| spreadsheet_safe(c).into_owned().into_bytes()),
            )?;
        }
    }
    Ok(())
}

/// The table of a game's figures ([`Game::figures`]), written only for a game that
/// declares some.
pub const FIGURES_FILE: &str = "figures.csv";

/// The statistics of one figure at one seat (or of a per-game figure) of a run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FigureRow {
    /// Index into [`Game::figures`].
    pub figure: usize,
    /// The seat, `None` for a per-game figure.
    pub seat: Option<usize>,
    /// Games (seat-games) where the figure had a value.
    pub games: u64,
    /// The mean, sample standard deviation and 95% interval of the mean (normal
    /// approximation), in the figure's units; `None` without values.
    pub stats: Option<(f64, f64, f64, f64)>,
}

/// Returns the statistics of every figure `game` declares, in declared order: one row for
/// a per-game figure, one per seat for a per-seat figure.
pub fn figure_rows<G: Game>(game: &G, label: &RunLabel, t: &Tally) -> Vec<FigureRow> {
    let mut rows = Vec::new();
    for (f, decl) in game.figures().iter().enumerate() {
        let seats: Vec<Option<usize>> = match decl.per_seat() {
            true => (0..label.players).map(Some).collect(),
            false => vec![None],
        };
        for seat in seats {
            let c = t.figure(f, seat.unwrap_or(0));
            rows.push(FigureRow {
                figure: f,
                seat,
                games: c.count,
                stats: (c.count > 0).then(|| mean_interval(c.sum, c.sq_sum, c.count, decl.scale)),
            });
        }
    }
    rows
}

/// Returns the body of `figures.csv` (the front end puts the run's columns in front):
/// `figure, seat, games, mean, sd, ci_low, ci_high`, a row per figure and seat (the seat
/// empty for a per-game figure); the mean's fields are empty without values, the standard
/// deviation and interval with fewer than two.
pub fn figures_table<G: Game>(game: &G, label: &RunLabel, t: &Tally) -> Table {
    let mut table = Table::new(&["figure", "seat", "games", "mean", "sd", "ci_low", "ci_high"]);
    for r in figure_rows(game, label, t) {
        let mut row = vec![
            game.figures()[r.figure].name.to_string(),
            r.seat.map_or(String::new(), |s| s.to_string()),
            r.games.to_string(),
        ];
        match r.stats {
            Some((m, sd, lo, hi)) if r.games >= 2 => row.extend([m, sd, lo, hi].map(f6)),
            Some((m, ..)) => row.extend([f6(m), String::new(), String::new(), String::new()]),
            None => row.extend(std::iter::repeat_n(String::new(), 4)),
        }
        table.rows.push(row);
    }
    table
}

/// Returns the block of figures printed under a run's table: a line per figure, with its
/// games, mean and interval over all its values (every seat's, for a per-seat figure) and
/// for a per-seat figure the mean of each seat. Empty for a game without figures.
fn figures_text<G: Game>(game: &G, label: &RunLabel, t: &Tally) -> String {
    let mut s = String::new();
    if game.figures().is_empty() {
        return s;
    }
    let _ = writeln!(
        s,
        "\n{:<22} {:>10} {:>8} {:>17}  by seat",
        "figure", "games", "mean", "95% CI"
    );
    for (f, decl) in game.figures().iter().enumerate() {
        let seats = if decl.per_seat() { label.players } else { 1 };
        let mut all = crate::FigureTally::default();
        let mut by_seat = Vec::new();
        for seat in 0..seats {
            let c = t.figure(f, seat);
            all.count += c.count;
            all.sum += c.sum;
            all.sq_sum += c.sq_sum;
            if decl.per_seat() {
                let (m, ..) = mean_interval(c.sum, c.sq_sum, c.count, decl.scale);
                by_seat.push(format!("{m:.2}"));
            }
        }
        let (m, _, lo, hi) = mean_interval(all.sum, all.sq_sum, all.count, decl.scale);
        // " to ", not "-": a figure's interval may be negative.
        let ci = format!("{lo:.2} to {hi:.2}");
        let line = format!(
            "{:<22} {:>10} {:>8.2} {:>17}  {}",
            decl.name,
            all.count,
            m,
            ci,
            by_seat.join(" ")
        );
        let _ = writeln!(s, "{}", line.trim_end());
    }
    s
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
    s.push_str(&figures_text(game, label, t));
    s
}
