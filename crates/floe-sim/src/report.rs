//! Turning a [`Tally`] into the rows of `game_stats.csv`, `summary.csv` and `games.csv`,
//! and into the short table printed after a run.
//!
//! Rates and means are written with six decimals, so the same counts always give the same
//! bytes.

use std::fmt::Write as _;
use std::io::Write;

use floe_core::{Game, Seat, WIN_SHARE_UNITS};

use crate::arc;
use crate::stats::{
    chi_square, extremes, holm, mean, mean_interval, quantile_of_counts, sd_from_sums, two_sided_z,
    wilson,
};
use crate::table::{Cell, Column, FieldKind, Kind, PValue, Row, Table, csv_field};
use crate::{Dealing, GameRecord, GroupTally, Tally, table_row};

/// The result tables a run writes, each to its own file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableFile {
    /// `game_stats.csv`: a run's game-level statistics.
    GameStats,
    /// `cells.csv`: an experiment's game-level statistics, a row per cell.
    Cells,
    /// `seats.csv`: each seat's wins.
    Seats,
    /// `colours.csv`: each colour's wins.
    Colours,
    /// `bots.csv`: each bot's wins.
    Bots,
    /// `tests.csv`: the chi-square tests of equal win shares.
    Tests,
    /// `tournament.csv`: each entrant's standing.
    Tournament,
    /// `pairwise.csv`: each entrant against each other.
    Pairwise,
    /// `ratings.csv`: the entrants' Bradley-Terry ratings.
    Ratings,
    /// `figures.csv`: the game's own figures, for a game that declares some.
    Figures,
    /// `answers.csv`: the answers to an experiment's declared questions
    /// ([`crate::answers`]), written only when it declares some.
    Answers,
    /// `arc.csv`: how the games unfolded ([`crate::arc`]), written when the run follows
    /// them.
    Arc,
}

impl TableFile {
    /// Returns the table's file name.
    pub const fn name(self) -> &'static str {
        match self {
            TableFile::GameStats => "game_stats.csv",
            TableFile::Cells => "cells.csv",
            TableFile::Seats => "seats.csv",
            TableFile::Colours => "colours.csv",
            TableFile::Bots => "bots.csv",
            TableFile::Tests => "tests.csv",
            TableFile::Tournament => "tournament.csv",
            TableFile::Pairwise => "pairwise.csv",
            TableFile::Ratings => "ratings.csv",
            TableFile::Figures => "figures.csv",
            TableFile::Answers => "answers.csv",
            TableFile::Arc => "arc.csv",
        }
    }
}

table_row! {
    /// The columns that name the run on every row of every table, so that tables of
    /// several runs can be stacked.
    pub struct RunRow {
        /// the game's registry name
        pub game: String,
        /// the name of the rule set the run started from
        pub rules: String,
        /// players per game
        pub players: usize,
        /// the bots as given: one spec for every seat, one per seat, or the entrants
        pub bots: String,
        /// the run's master seed (game i's seed derives from it and i)
        pub seed: u64,
    }
}

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
    /// The seed, seating and colours.
    pub dealing: Dealing,
    /// The distinct bot specs (bot groups) in order.
    pub bot_groups: Vec<String>,
    /// The bot group of each seat.
    pub bot_of_seat: Vec<usize>,
    /// Whether the run follows how its games unfold: `games.csv` then carries each game's
    /// measures ([`crate::arc`]).
    pub arc: bool,
}

impl RunLabel {
    /// Returns the columns that name the run on every row of every table ([`RunRow`]),
    /// with their values.
    pub fn columns(&self) -> Vec<(Column, Cell)> {
        RunRow {
            game: self.game.clone(),
            rules: self.rules.clone(),
            players: self.players,
            bots: self.bots.clone(),
            seed: self.dealing.seed,
        }
        .front()
    }
}

table_row! {
    /// The columns that put an experiment cell's sweep in front of its `cells.csv` row.
    pub struct SweepRow {
        /// the rule parameter the experiment sweeps
        pub param: String,
        /// its value in this cell
        pub value: Cell,
        /// its value in the rules the experiment started from
        pub rules_value: Cell,
    }
}

table_row! {
    /// The columns that put a grid cell's second parameter in front of its `cells.csv`
    /// row, after its [`SweepRow`].
    pub struct GridRow {
        /// the second rule parameter of the experiment's grid
        pub by_param: String,
        /// its value in this cell
        pub by_value: Cell,
        /// its value in the rules the experiment started from
        pub by_rules_value: Cell,
    }
}

/// The luckiest seat of a run over the unluckiest: the seats, their win rates (a win
/// shared by k counting 1/k), the gap between them and its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeatGap {
    /// The seat with the highest win rate (the first of equals).
    pub best: usize,
    /// The seat with the lowest win rate (the first of equals, never the best).
    pub worst: usize,
    /// Their win rates.
    pub rates: (f64, f64),
    /// The best rate minus the worst.
    pub gap: f64,
    /// The gap's 95% interval, by the normal approximation to the difference of two shares
    /// of one multinomial count (a game has one winner): variance (p_best + p_worst -
    /// (p_best - p_worst)^2) / games, taken simultaneous over every pair of seats
    /// (Bonferroni: each pair at 1 - 5%/[`SeatGap::pairs`]). The two seats are picked as
    /// the extremes after the games are seen; an interval for one pair named in advance
    /// would exclude zero in far more than 5% of fair runs of many seats, and read as a
    /// finding the test of equal shares does not make.
    pub ci: (f64, f64),
    /// The pairs of seats the extremes were picked among: players (players - 1) / 2.
    pub pairs: usize,
}

/// Returns the best seat over the worst ([`SeatGap`]), `None` without two seats or games.
pub fn seat_gap(label: &RunLabel, t: &Tally) -> Option<SeatGap> {
    let rates: Vec<f64> = t.seats[..label.players]
        .iter()
        .map(|s| mean(s.wins(), s.games))
        .collect();
    if t.games == 0 {
        return None;
    }
    let (best, worst) = extremes(&rates)?;
    let (pb, pw) = (rates[best], rates[worst]);
    let gap = pb - pw;
    let pairs = label.players * (label.players - 1) / 2;
    let z = two_sided_z(0.05 / pairs as f64);
    let half = z * ((pb + pw - gap * gap).max(0.0) / t.games as f64).sqrt();
    Some(SeatGap {
        best,
        worst,
        rates: (pb, pw),
        gap,
        ci: (gap - half, gap + half),
        pairs,
    })
}

/// Returns the share of each seat's wins, highest minus lowest: how much the luckiest seat
/// gains over the unluckiest ([`SeatGap::gap`]).
pub fn seat_spread(label: &RunLabel, t: &Tally) -> f64 {
    seat_gap(label, t).map_or(0.0, |g| g.gap)
}

table_row! {
    /// The columns of `game_stats.csv` before the shares of the game's end causes.
    pub struct GameStatsHead {
        /// whether colours were dealt to seats at random per game
        pub shuffle_colours: bool,
        /// games played (in a table of seats, colours or bots: seat-games)
        pub games: u64,
        /// mean rounds per game
        pub mean_rounds: f64,
        /// sample standard deviation of rounds per game
        pub sd_rounds: f64,
    }
}

table_row! {
    /// The columns of `game_stats.csv` after the shares of the game's end causes.
    pub struct GameStatsTail {
        /// share of games with a shared win
        pub p_tie: f64,
        /// mean of the highest score
        pub mean_winner_score: f64,
        /// mean of the highest minus the second-highest score
        pub mean_margin: f64,
        /// 10% quantile of rounds per game (exact, from the histogram)
        pub rounds_q10: u64,
        /// median rounds per game
        pub rounds_median: u64,
        /// 90% quantile of rounds per game
        pub rounds_q90: u64,
        /// highest minus lowest seat win rate
        pub seat_spread: f64,
    }
}

/// Returns the column of `game_stats.csv` (and `cells.csv`) holding the share of games
/// that ended by `cause`: `p_` and the cause with `_` for `-` (a CSV-friendly name an
/// experiment's questions name too).
pub fn cause_column(cause: &str) -> String {
    format!("p_{}", cause.replace('-', "_"))
}

/// Returns the body of `game_stats.csv`: one row for the run (the front end puts the
/// run's columns, [`RunLabel::columns`], in front): [`GameStatsHead`], a column
/// `p_CAUSE` per end cause of the game, then [`GameStatsTail`].
pub fn game_stats<G: Game>(game: &G, label: &RunLabel, t: &Tally) -> Table {
    let n = t.games;
    let head = GameStatsHead {
        shuffle_colours: label.dealing.shuffle_colours,
        games: n,
        mean_rounds: mean(t.rounds_sum as f64, n),
        sd_rounds: sd_from_sums(t.rounds_sum, t.rounds_sq_sum, n),
    };
    let causes = game.end_causes().iter().enumerate().map(|(i, cause)| {
        let column = Column::new(
            cause_column(cause),
            Kind::Real,
            format!("share of games that ended by {cause}"),
        );
        (column, Cell::Real(mean(t.end_causes[i] as f64, n)))
    });
    let quantile = |q| quantile_of_counts(t.round_counts(), q) as u64;
    let tail = GameStatsTail {
        p_tie: mean(t.ties as f64, n),
        mean_winner_score: mean(t.winner_score_sum as f64, n),
        mean_margin: mean(t.margin_sum as f64, n),
        rounds_q10: quantile(0.1),
        rounds_median: quantile(0.5),
        rounds_q90: quantile(0.9),
        seat_spread: seat_spread(label, t),
    };
    Table::single(head.front().into_iter().chain(causes).chain(tail.front()))
}

table_row! {
    /// A chi-square test of equal win shares (`tests.csv`).
    pub struct TestRow {
        /// what the chi-square test compares: the win shares of the seats, or of the colours
        pub test: String,
        /// groups compared
        pub groups: usize,
        /// Pearson's chi-square statistic of equal win shares
        pub chi2: f64,
        /// degrees of freedom (groups - 1)
        pub df: usize,
        /// p-value of the test (scientific notation below 0.0001)
        pub p_value: PValue,
        /// the p-value adjusted by Holm's method over all the run's tests (every cell's): below 0.05, the shares are unequal with the chance of any false alarm among all these tests kept to 5%; read this, not p_value, when the run has several tests
        pub p_holm: Option<PValue>,
    }
}

/// Fills the column `p_holm` of `tests` (every test of a run, as [`TestRow`]s behind their
/// cells' columns) by Holm's method ([`holm`]) over all of them.
///
/// # Panics
/// Panics if the table lacks the columns of [`TestRow`] or a p-value is not one.
pub fn adjust_tests(tests: &mut Table) {
    let (p, adjusted) = (
        tests.position("p_value").expect("a table of tests"),
        tests.position("p_holm").expect("a table of tests"),
    );
    let raw: Vec<f64> = tests
        .rows
        .iter()
        .map(|r| r[p].number().expect("a p-value"))
        .collect();
    for (row, q) in tests.rows.iter_mut().zip(holm(&raw)) {
        row[adjusted] = PValue(q).into();
    }
}

/// Returns the chi-square tests of equal win shares, a row for the seats (every seat plays
/// every game, so each expects the same share) and, when colours were dealt at random, one
/// for the colours (each expects a share in proportion to the seat-games it was played
/// in). A test without two groups to compare is left out.
pub fn fairness_tests(label: &RunLabel, t: &Tally) -> Vec<TestRow> {
    let mut rows = Vec::new();
    let mut test = |kind: &str, groups: &[GroupTally]| {
        let wins: Vec<f64> = groups.iter().map(GroupTally::wins).collect();
        let weights: Vec<f64> = groups.iter().map(|g| g.games as f64).collect();
        if let Some(c) = chi_square(&wins, &weights) {
            rows.push(TestRow {
                test: kind.to_string(),
                groups: c.df as usize + 1,
                chi2: c.chi2,
                df: c.df as usize,
                p_value: PValue(c.p_value),
                p_holm: None,
            });
        }
    };
    test("seat", &t.seats[..label.players]);
    if label.dealing.shuffle_colours {
        test("colour", &t.colours);
    }
    rows
}

table_row! {
    /// One group of seat-games (a seat, a colour or a bot): the columns after its key.
    pub struct GroupRow {
        /// games played (in a table of seats, colours or bots: seat-games)
        pub games: u64,
        /// games won alone (a whole count)
        pub wins: u64,
        /// games whose win was shared with other seats (a whole count)
        pub shared_wins: u64,
        /// share of games won, a win shared by k counting 1/k
        pub win_rate: f64,
        /// lower end of the rate's 95% Wilson score interval
        pub ci_low: f64,
        /// upper end of the rate's 95% Wilson score interval
        pub ci_high: f64,
        /// mean final score
        pub mean_score: f64,
    }
}

impl GroupRow {
    /// Returns the row of the counts `c` (wins alone and shared wins as whole counts; the
    /// rate counts a win shared by k as 1/k).
    pub fn of(c: &GroupTally) -> GroupRow {
        let (ci_low, ci_high) = wilson(c.wins(), c.games);
        GroupRow {
            games: c.games,
            wins: c.sole_wins,
            shared_wins: c.shared_wins,
            win_rate: mean(c.wins(), c.games),
            ci_low,
            ci_high,
            mean_score: mean(c.score_sum as f64, c.games),
        }
    }
}

/// The kind of a group of seat-games, each written to its own table, so that no column
/// mixes kinds of key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupKind {
    /// A seat: `seats.csv`.
    Seat,
    /// A colour: `colours.csv`.
    Colour,
    /// A bot: `bots.csv`.
    Bot,
}

impl GroupKind {
    /// Every kind, in the order the tables are written.
    pub const ALL: [GroupKind; 3] = [GroupKind::Seat, GroupKind::Colour, GroupKind::Bot];

    /// Returns the key column: the kind's name and what its values are.
    pub fn key(self) -> Column {
        match self {
            GroupKind::Seat => {
                Column::new("seat", Kind::Whole, "seat number, from 0 (seat 0 starts)")
            }
            GroupKind::Colour => Column::new("colour", Kind::Text, "colour name"),
            GroupKind::Bot => Column::new("bot", Kind::Text, "bot spec as written"),
        }
    }

    /// Returns the kind's name, as the printed table shows it.
    pub fn name(self) -> &'static str {
        match self {
            GroupKind::Seat => "seat",
            GroupKind::Colour => "colour",
            GroupKind::Bot => "bot",
        }
    }

    /// Returns the table the kind is written to.
    pub fn file(self) -> TableFile {
        match self {
            GroupKind::Seat => TableFile::Seats,
            GroupKind::Colour => TableFile::Colours,
            GroupKind::Bot => TableFile::Bots,
        }
    }
}

/// One group of seat-games of a run: a seat, a colour or a bot.
#[derive(Clone, Debug, PartialEq)]
pub struct SummaryRow {
    /// A seat, a colour or a bot.
    pub kind: GroupKind,
    /// Seat number, colour name or bot spec.
    pub key: Cell,
    /// The group's counts.
    pub counts: GroupTally,
}

/// Returns the summary rows: every seat, every colour that was played, every bot.
pub fn summary_rows<G: Game>(game: &G, label: &RunLabel, t: &Tally) -> Vec<SummaryRow> {
    let seats = (0..label.players).map(|s| SummaryRow {
        kind: GroupKind::Seat,
        key: Cell::from(s),
        counts: t.seats[s],
    });
    let colours = game
        .colours()
        .iter()
        .zip(&t.colours)
        .filter(|(_, c)| c.games > 0)
        .map(|(name, c)| SummaryRow {
            kind: GroupKind::Colour,
            key: Cell::from(name.as_str()),
            counts: *c,
        });
    let bots = label
        .bot_groups
        .iter()
        .zip(&t.bots)
        .map(|(name, c)| SummaryRow {
            kind: GroupKind::Bot,
            key: Cell::from(name.as_str()),
            counts: *c,
        });
    seats.chain(colours).chain(bots).collect()
}

/// Returns the table of the `kind` rows among `rows`: one row per seat, colour or bot,
/// its key and then [`GroupRow`].
pub fn groups(rows: &[SummaryRow], kind: GroupKind) -> Table {
    keyed(
        kind.key(),
        rows.iter()
            .filter(|r| r.kind == kind)
            .map(|r| (r.key.clone(), GroupRow::of(&r.counts))),
    )
}

/// Returns the table of `rows`, each behind the value of its `key` column.
pub fn keyed<R: Row>(key: Column, rows: impl Iterator<Item = (Cell, R)>) -> Table {
    let mut columns = vec![key];
    columns.extend(R::columns());
    let rows = rows
        .map(|(k, r)| std::iter::once(k).chain(r.cells()).collect())
        .collect();
    Table { columns, rows }
}

table_row! {
    /// One seat of one game in `games.csv`: the columns before the seat's progress.
    pub struct GameSeatHead {
        /// index of the game in the run (the index that replays it)
        pub game_index: u64,
        /// the game's own seed, in hexadecimal (text, so no tool rounds it)
        pub game_seed: Seed,
        /// seat number, from 0 (seat 0 starts)
        pub seat: usize,
        /// colour name
        pub colour: String,
        /// bot spec as written
        pub bot: String,
        /// final score
        pub score: i32,
        /// 1 if among the winners
        pub won: u64,
        /// share of the win: 1/k for a win shared by k, else 0
        pub win_share: f64,
    }
}

table_row! {
    /// One seat of one game in `games.csv`: the columns after the seat's progress.
    pub struct GameSeatTail {
        /// rounds played
        pub rounds: u64,
        /// how the game ended
        pub end_cause: String,
    }
}

/// A game's seed, written as [`Cell::Hex`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Seed(pub u64);

impl FieldKind for Seed {
    const KIND: Kind = Kind::Hex;
}

impl From<Seed> for Cell {
    fn from(s: Seed) -> Cell {
        Cell::Hex(s.0)
    }
}

/// Returns the columns of `games.csv`: the run's, [`GameSeatHead`], the seat's progress
/// (named by the game), then [`GameSeatTail`].
pub fn games_columns<G: Game>(game: &G, label: &RunLabel) -> Vec<Column> {
    let progress = game.progress_name();
    let meaning = format!(
        "the seat's progress at the end ({})",
        progress.replace('_', " ")
    );
    let mut columns: Vec<Column> = label.columns().into_iter().map(|c| c.0).collect();
    columns.extend(GameSeatHead::columns());
    columns.push(Column::new(progress, Kind::Whole, meaning));
    columns.extend(GameSeatTail::columns());
    if label.arc {
        columns.extend(crate::arc::MEASURES.iter().map(|m| {
            let meaning = format!("{} (the game's, on each of its seats' rows)", m.meaning);
            Column::new(m.name, Kind::Real, meaning)
        }));
    }
    columns
}

/// Returns a writer for `games.csv` that has written the header ([`games_columns`]): one
/// seat of one game per row.
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
    w.write_record(games_columns(game, label).iter().map(|c| &c.name))?;
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
    let run: Vec<String> = label.columns().iter().map(|c| csv_field(&c.1)).collect();
    for r in records {
        let o = &r.outcome;
        for seat in Seat::all(o.players as usize) {
            let s = seat.index();
            let head = GameSeatHead {
                game_index: r.index,
                game_seed: Seed(r.seed),
                seat: s,
                colour: game.colours()[r.colours[s] as usize].clone(),
                bot: label.bot_groups[label.bot_of_seat[s]].clone(),
                score: o.scores[s],
                won: u64::from(o.is_winner(seat)),
                win_share: f64::from(o.win_share_units(seat)) / f64::from(WIN_SHARE_UNITS),
            };
            let tail = GameSeatTail {
                rounds: u64::from(o.rounds),
                end_cause: game.end_causes()[o.end_cause as usize].to_string(),
            };
            let arc = r
                .arc
                .map(|v| Cell::from(v.map(|v| v as f64 / f64::from(arc::SCALE))));
            let fields = head
                .cells()
                .into_iter()
                .chain([Cell::Whole(u64::from(o.progress[s]))])
                .chain(tail.cells())
                .chain(arc.into_iter().filter(|_| label.arc));
            w.write_record(run.iter().cloned().chain(fields.map(|c| csv_field(&c))))?;
        }
    }
    Ok(())
}

table_row! {
    /// The statistics of one figure at one seat (or of a per-game figure) of a run
    /// (`figures.csv`, written only for a game that declares [`Game::figures`]).
    pub struct FigureRow {
        /// the game-specific figure measured at the end of each game (each is listed below as figure=NAME)
        pub figure: String,
        /// seat number, from 0, for a figure per seat; empty for a figure per game
        pub seat: Option<usize>,
        /// games (for a figure per seat: that seat's games) in which the figure was defined
        pub games: u64,
        /// mean of the figure over those games
        pub mean: Option<f64>,
        /// sample standard deviation of the figure over those games (empty below 2 games)
        pub sd: Option<f64>,
        /// lower end of the mean's 95% interval by the normal approximation (mean - 1.96 sd / sqrt(games)); empty below 2 games
        pub ci_low: Option<f64>,
        /// upper end of the mean's 95% interval by the normal approximation (mean + 1.96 sd / sqrt(games)); empty below 2 games
        pub ci_high: Option<f64>,
    }
}

/// Returns the statistics of every figure `game` declares, in declared order: one row for
/// a per-game figure, one per seat for a per-seat figure, in the figure's units. The mean
/// is empty without values, the standard deviation and interval with fewer than two.
pub fn figure_rows<G: Game>(game: &G, label: &RunLabel, t: &Tally) -> Vec<FigureRow> {
    let mut rows = Vec::new();
    for (f, decl) in game.figures().iter().enumerate() {
        let seats: Vec<Option<usize>> = match decl.per_seat() {
            true => (0..label.players).map(Some).collect(),
            false => vec![None],
        };
        for seat in seats {
            let c = t.figure(f, seat.unwrap_or(0));
            let stats = (c.count > 0).then(|| mean_interval(c.sum, c.sq_sum, c.count, decl.scale));
            let spread = stats.filter(|_| c.count >= 2);
            rows.push(FigureRow {
                figure: decl.name.to_string(),
                seat,
                games: c.count,
                mean: stats.map(|s| s.0),
                sd: spread.map(|s| s.1),
                ci_low: spread.map(|s| s.2),
                ci_high: spread.map(|s| s.3),
            });
        }
    }
    rows
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
        "{} ({} rules), {} players, bots {}, {}, seed {}",
        label.game,
        label.rules,
        label.players,
        label.bots,
        floe_io::count(n, "game"),
        label.dealing.seed
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
        let g = GroupRow::of(&r.counts);
        let ci = format!("{:.2}-{:.2}", 100.0 * g.ci_low, 100.0 * g.ci_high);
        let _ = writeln!(
            s,
            "{:<7} {:<22} {:>10} {:>8.2} {:>17} {:>7.2}",
            r.kind.name(),
            r.key.to_string(),
            g.games,
            100.0 * g.win_rate,
            ci,
            g.mean_score
        );
    }
    s.push_str(&figures_text(game, label, t));
    s.push_str(&crate::arc_table::text(t));
    s
}
