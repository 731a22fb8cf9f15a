//! The column dictionary: what every column of every result table means. Each results
//! folder gets a `columns.csv` (`file,column,meaning`) listing every column of every
//! table written there, as each table's columns carry it ([`floe_sim::table::Column`]),
//! and, for `figures.csv`, a row `figure=NAME` per figure the game declares, saying what
//! the values of that `figure` mean (for `arc.csv`, a row `measure=NAME` per measure of
//! how a game unfolds).

use floe_core::{FigureScope, Game};
use floe_sim::report::TableFile;
use floe_sim::table::{Column, Kind, Table};

/// Returns `columns.csv` for the tables written (by file name): a row per file and
/// column, and after the columns of `figures.csv` a row `figure=NAME` per figure. A column
/// without a meaning, which a test of every command refuses, is written with an empty one.
pub fn dictionary<G: Game>(game: &G, tables: &[(&str, &Table)]) -> Table {
    let mut out = Table::new(
        [
            ("file", "the table"),
            ("column", "the column's name"),
            ("meaning", "what a value of the column means"),
        ]
        .map(|(name, meaning)| Column::new(name, Kind::Text, meaning))
        .to_vec(),
    );
    let mut row = |file: &str, column: String, meaning: String| {
        out.rows
            .push(vec![file.into(), column.into(), meaning.into()]);
    };
    for (file, table) in tables {
        for column in &table.columns {
            row(file, column.name.clone(), column.meaning.clone());
        }
        if *file == TableFile::Arc.name() {
            for m in floe_sim::arc::MEASURES {
                row(file, format!("measure={}", m.name), m.meaning.to_string());
            }
        }
        if *file == TableFile::Figures.name() {
            for f in game.figures() {
                let scope = match f.scope {
                    FigureScope::Game => "per game",
                    FigureScope::Seat => "per seat",
                };
                row(
                    file,
                    format!("figure={}", f.name),
                    format!("({scope}) {}", f.meaning),
                );
            }
        }
    }
    out
}
