//! A run's result tables and printed text, built in one descent from its cells' tallies:
//! [`run_tables`] takes every cell's counts ([`CellCounts`]) at once, makes each table a
//! cell writes (its rows behind its columns) and the text the console prints of it, puts
//! the cells together (the tests adjusted over all of them, the questions answered) and
//! hands the run's up in one value. Whoever runs the games (the lab) calls it once and
//! only writes what it gets, and never assembles a table piece by piece from the
//! functions of [`crate::report`], [`crate::ladder`] and [`crate::ratings`]: what the
//! tables hold is decided here, next to the statistics.
//!
//! What the run is, the caller says in this crate's terms: the [`TableFile`]s it writes
//! and the [`Printout`] it prints; and what a cell is (its name, its swept parameters'
//! values) as plain data ([`CellInfo`]).

use std::fmt::Write as _;

use floe_core::{Game, RuleSet};

use crate::Tally;
pub use crate::answers::Swept;
use crate::answers::{FairTest, Point, Questions, answers};
use crate::kinds::kind_of;
use crate::ladder::{ladder_table, pairwise, standings};
use crate::ratings::ratings;
use crate::report::{
    GridRow, GroupKind, RunLabel, SweepRow, TableFile, adjust_tests, fairness_tests, figure_rows,
    game_stats, games_columns, groups, seat_gap, summary_rows, text_table,
};
use crate::stats::wilson;
use crate::table::{Cell, Column, Row, Table};

/// What the console prints of a run, one kind per command that runs games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Printout {
    /// Each cell's table of seats, colours and bots, with its figures (`simulate`).
    Table,
    /// Each cell's ladder of entrants with their head-to-head and ratings (`tournament`).
    Ladder,
    /// A line per cell (its seat gap, a sweep's end causes, its tests adjusted over the
    /// whole run), then what survives the adjustment (`experiment`).
    Summary,
}

/// A cell of a run as the run's plan names it: what its tables and summary line say of
/// it besides its counts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CellInfo {
    /// The cell's name in the printed summary (`random, 4 players, tiles_removed 6`).
    pub name: String,
    /// The swept parameter's value, if the run sweeps one.
    pub sweep: Option<Swept>,
    /// A grid's second parameter's value.
    pub by: Option<Swept>,
}

/// One played cell as the statistics layer reads it: the game it played (with the cell's
/// rules), how the results name it, its counts, and what the plan says of it.
#[derive(Clone, Debug)]
pub struct CellCounts<'a, G> {
    /// The game, with the cell's swept parameters set.
    pub game: &'a G,
    /// How the results name the run.
    pub label: &'a RunLabel,
    /// The cell's counts.
    pub tally: &'a Tally,
    /// The cell's name and swept values.
    pub info: CellInfo,
}

/// What one cell's tally gives, kept until every cell is in: the tests of the whole run
/// are adjusted together, and an experiment's lines say so.
struct CellTables {
    /// The cell's rows of each table asked for, in the order asked.
    tables: Vec<Table>,
    /// The cell's printed text: its table or ladder, or the start of its summary line
    /// ([`cell_line`]), which its adjusted tests end.
    text: String,
    /// The columns of `games.csv` for the cell.
    games_columns: Vec<Column>,
    /// What the answers to an experiment's questions need of the cell.
    point: Point,
}

/// Everything a run's tallies give, handed up in one value.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunTables {
    /// One table per [`TableFile`] asked for, in the order asked, each cell's rows in turn
    /// (the tests adjusted by Holm's method over all of them).
    pub tables: Vec<Table>,
    /// The printed text, in pieces to join: a table or ladder per cell, or an
    /// experiment's line per cell and its closing line.
    pub lines: Vec<String>,
    /// The columns of `games.csv` (the first cell's), for a run that writes a row per
    /// game and the dictionary that describes them.
    pub games_columns: Vec<Column>,
}

/// Returns the run's tables and text from its `cells`: every table `files` names, each
/// holding every cell's rows in turn (the tests adjusted by Holm's method over all of
/// them, the answers to `questions` in [`TableFile::Answers`] when `files` names it), and
/// what `printout` prints of every cell (for a summary, a sentence per answer, then each
/// cell's line ended by its adjusted tests, then what survives the adjustment). The one
/// call from a run's counts to the statistics of its results.
pub fn run_tables<G: Game>(
    cells: &[CellCounts<'_, G>],
    files: &[TableFile],
    printout: Printout,
    questions: &Questions,
) -> RunTables {
    let tests = files.iter().position(|f| *f == TableFile::Tests);
    let mut tables = vec![Table::default(); files.len()];
    let (mut texts, mut games_columns, mut points) = (Vec::new(), None, Vec::new());
    for cell in cells.iter().map(|c| cell_tables(c, files, printout)) {
        texts.push((cell.text, tests.map_or(0, |t| cell.tables[t].rows.len())));
        for (table, rows) in tables.iter_mut().zip(cell.tables) {
            table.append(rows);
        }
        games_columns.get_or_insert(cell.games_columns);
        points.push(cell.point);
    }
    let mut lines = match printout {
        Printout::Summary => Vec::new(),
        Printout::Table | Printout::Ladder => texts.iter().map(|t| t.0.clone()).collect(),
    };
    let mut said = Vec::new();
    if let Some(a) = files.iter().position(|f| *f == TableFile::Answers) {
        let fair = tests.map_or(Vec::new(), |t| fair_tests(&tables[t], &texts));
        let (table, sentences) = answers(&points, &fair, questions);
        tables[a] = table;
        said = sentences;
    }
    if let Some(t) = tests {
        adjust_tests(&mut tables[t]);
        if printout == Printout::Summary {
            lines = summary_lines(texts, &tables[t]);
        }
    }
    if printout == Printout::Summary && !said.is_empty() {
        said.insert(0, "answers:\n".to_string());
        said.push("cells:\n".to_string());
        lines.splice(0..0, said);
    }
    RunTables {
        tables,
        lines,
        games_columns: games_columns.unwrap_or_default(),
    }
}

/// Returns every table `files` names and the text `printout` prints of one cell, before
/// the run's tests are adjusted and its questions answered.
fn cell_tables<G: Game>(
    cell: &CellCounts<'_, G>,
    files: &[TableFile],
    printout: Printout,
) -> CellTables {
    let (game, label, tally, info) = (cell.game, cell.label, cell.tally, &cell.info);
    let front = cell_columns(game, label, info);
    let tables = files
        .iter()
        .map(|&file| cell_table(file, game, label, tally, info, &front))
        .collect();
    let text = match printout {
        Printout::Table => text_table(game, label, tally, &summary_rows(game, label, tally)),
        Printout::Ladder => ladder_table(label, tally),
        Printout::Summary => cell_line(game, label, tally, info),
    };
    CellTables {
        tables,
        text,
        games_columns: games_columns(game, label),
        point: Point::of(game, label, tally, info.sweep.clone(), info.by.clone()),
    }
}

/// Returns the seat tests of `tests` (the run's `tests.csv`, before adjustment), each with
/// its cell, the cells' test counts the second of `texts`.
fn fair_tests(tests: &Table, texts: &[(String, usize)]) -> Vec<FairTest> {
    let column = |name| tests.position(name).expect("a table of tests");
    let (test, chi2, p) = (column("test"), column("chi2"), column("p_value"));
    let cells = texts
        .iter()
        .enumerate()
        .flat_map(|(i, t)| std::iter::repeat_n(i, t.1));
    tests
        .rows
        .iter()
        .zip(cells)
        .map(|(row, cell)| FairTest {
            cell,
            test: row[test].text().unwrap_or_default().to_string(),
            chi2: row[chi2].number().unwrap_or(f64::NAN),
            p: row[p].number().unwrap_or(1.0),
        })
        .collect()
}

/// Returns the rows of the table `file` for one cell, behind `front` (the cell's columns;
/// `game_stats.csv` has the run's, `cells.csv` the sweep's and the run's).
fn cell_table<G: Game>(
    file: TableFile,
    game: &G,
    label: &RunLabel,
    tally: &Tally,
    cell: &CellInfo,
    front: &[(Column, Cell)],
) -> Table {
    let group = |kind: GroupKind| groups(&summary_rows(game, label, tally), kind);
    let table = match file {
        TableFile::GameStats => return game_stats(game, label, tally).prefixed(&label.columns()),
        TableFile::Cells => {
            let mut front = cell_sweep(cell);
            front.extend(label.columns());
            return game_stats(game, label, tally).prefixed(&front);
        }
        TableFile::Seats => group(GroupKind::Seat),
        TableFile::Colours => group(GroupKind::Colour),
        TableFile::Bots => group(GroupKind::Bot),
        TableFile::Tests => Table::of(fairness_tests(label, tally)),
        TableFile::Figures => Table::of(figure_rows(game, label, tally)),
        TableFile::Arc => Table::of(crate::arc_table::rows(tally)),
        TableFile::Tournament => standings(label, tally),
        TableFile::Pairwise => Table::of(pairwise(label, tally)),
        TableFile::Ratings => Table::of(ratings(label, tally)),
        // Answered over every cell at once, by [`run_tables`].
        TableFile::Answers => return Table::default(),
    };
    table.prefixed(front)
}

/// The columns that put a cell's sweep in front of its `cells.csv` row: the parameter,
/// its value and the rules' own value (then those of a grid's second parameter).
fn cell_sweep(cell: &CellInfo) -> Vec<(Column, Cell)> {
    let mut front = match &cell.sweep {
        None => Vec::new(),
        Some(s) => SweepRow {
            param: s.param.clone(),
            value: Cell::from(&s.value),
            rules_value: Cell::from(&s.rules_value),
        }
        .front(),
    };
    if let Some(s) = &cell.by {
        front.extend(
            GridRow {
                by_param: s.param.clone(),
                by_value: Cell::from(&s.value),
                by_rules_value: Cell::from(&s.rules_value),
            }
            .front(),
        );
    }
    front
}

/// The columns in front of every row of a cell's tables: the run's columns and the swept
/// parameters' values (each named by its parameter, and meaning what the game says it is).
fn cell_columns<G: Game>(game: &G, label: &RunLabel, cell: &CellInfo) -> Vec<(Column, Cell)> {
    let mut columns = label.columns();
    for s in cell.sweep.iter().chain(&cell.by) {
        let about = game
            .rules()
            .parameters()
            .into_iter()
            .find(|d| d.path == s.param)
            .map_or(String::new(), |d| format!(": {}", d.about));
        let meaning = format!("the swept parameter's value in this cell{about}");
        let column = Column::new(&s.param, kind_of(&s.param), meaning);
        columns.push((column, Cell::from(&s.value)));
    }
    columns
}

/// The level at which the printed summary flags a test, after Holm's adjustment.
const LEVEL: f64 = 0.05;

/// Returns an experiment's printed summary: a line per cell (its start, [`cell_line`],
/// and the number of its tests in `cells`) with its tests' p-values raw and adjusted by
/// Holm's method over the whole run, a `*` on those below [`LEVEL`] once adjusted, then a
/// line on what survives the adjustment. `tests` is the run's `tests.csv`, adjusted.
fn summary_lines(cells: Vec<(String, usize)>, tests: &Table) -> Vec<String> {
    let column = |name| tests.position(name).expect("a table of tests");
    let (test, p, holm) = (column("test"), column("p_value"), column("p_holm"));
    let mut rows = tests.rows.iter();
    let (mut all, mut flagged) = (0, 0);
    let mut lines = Vec::new();
    for (mut line, count) in cells {
        for row in rows.by_ref().take(count) {
            let adjusted = row[holm].number().expect("adjusted");
            let star = if adjusted < LEVEL { " *" } else { "" };
            all += 1;
            flagged += usize::from(adjusted < LEVEL);
            let _ = write!(
                line,
                "; {} p={} (Holm {}){star}",
                row[test], row[p], row[holm]
            );
        }
        lines.push(line + "\n");
    }
    lines.push(
        "(a gap's interval is of the best seat over the worst, allowing for their pick among \
         every pair; the seat test asks whether any seat's share differs, adjusted over all \
         the run's tests: near the edge one can exclude no difference while the other does \
         not)\n"
            .to_string(),
    );
    lines.push(match flagged {
        0 => format!(
            "no test of equal win shares is below {LEVEL} once adjusted by Holm's method over \
             the run's {}: no cell is shown unfair\n",
            floe_io::count(all, "test")
        ),
        k => format!(
            "* {k} of the run's {} of equal win shares: below {LEVEL} once adjusted by Holm's \
             method (the chance of any false alarm among them kept to {:.0}%)\n",
            floe_io::count(all, "test"),
            100.0 * LEVEL
        ),
    });
    lines
}

/// Returns the start of a cell's summary line, before its tests: its name and games; for
/// a sweep, what the swept parameter moves, the share of games each end cause ended (those
/// that ended any) with its 95% Wilson interval; and its best and worst seat with the
/// gap's interval.
fn cell_line<G: Game>(game: &G, label: &RunLabel, tally: &Tally, cell: &CellInfo) -> String {
    let ends = match cell.sweep {
        Some(_) => end_shares(game, tally),
        None => Vec::new(),
    };
    let gap = seat_gap(label, tally);
    let mut line = format!("  {}: {}", cell.name, floe_io::count(tally.games, "game"));
    for (cause, share, (lo, hi)) in ends {
        let _ = write!(
            line,
            "; {cause} {:.1}% ({:.1}-{:.1})",
            100.0 * share,
            100.0 * lo,
            100.0 * hi
        );
    }
    if let Some(g) = gap {
        let over = match g.pairs {
            1 => String::new(),
            n => format!(" over all {n} seat pairs"),
        };
        let _ = write!(
            line,
            "; best seat {} {:.2}%, worst seat {} {:.2}%: gap {:.2} points (95% CI{over} {:.2} to \
             {:.2})",
            g.best,
            100.0 * g.rates.0,
            g.worst,
            100.0 * g.rates.1,
            100.0 * g.gap,
            100.0 * g.ci.0,
            100.0 * g.ci.1
        );
    }
    line
}

/// Returns the share of `tally`'s games each end cause of `game` ended, with its 95%
/// Wilson interval, for the causes that ended any.
fn end_shares<G: Game>(game: &G, tally: &Tally) -> Vec<(String, f64, (f64, f64))> {
    let n = tally.games;
    game.end_causes()
        .iter()
        .zip(&tally.end_causes)
        .filter(|&(_, &k)| k > 0)
        .map(|(cause, &k)| (cause.to_string(), k as f64 / n as f64, wilson(k as f64, n)))
        .collect()
}
