//! A results folder's tables read back as rows by column name, each field the cell it was
//! written from ([`floe_sim::kinds::kind_of`]): what the charts, the answer's judgement of
//! each cell and the page's verdict read.

use std::collections::HashMap;
use std::path::Path;

use anyhow::{Context, Result, anyhow};
use floe_sim::kinds::kind_of;
use floe_sim::table::{Cell, Table};

/// One row of a table, by column name: each field the cell it was written from
/// ([`floe_sim::kinds::kind_of`]).
pub(crate) type Row = HashMap<String, Cell>;

/// Reads `dir/name`, or `None` if there is no such file.
pub(crate) fn read(dir: &Path, name: &str) -> Result<Option<Vec<Row>>> {
    let path = dir.join(name);
    if std::fs::symlink_metadata(&path).is_err() {
        return Ok(None);
    }
    let file = floe_io::read::open(&path, floe_io::read::Kind::TABLE)?;
    let table = Table::read(file, kind_of).with_context(|| format!("{}", path.display()))?;
    let names: Vec<String> = table.header().map(String::from).collect();
    let rows = table
        .rows
        .into_iter()
        .map(|row| names.iter().cloned().zip(row).collect())
        .collect();
    Ok(Some(rows))
}

/// Returns column `col` of `row`.
pub(crate) fn cell<'a>(row: &'a Row, col: &str) -> Result<&'a Cell> {
    row.get(col)
        .ok_or_else(|| anyhow!("no column {}", floe_io::gate::quoted(col)))
}

/// Returns column `col` of `row` as a label: a text, or a count or value as written.
pub(crate) fn text(row: &Row, col: &str) -> Result<String> {
    cell(row, col).map(Cell::to_string)
}

/// Returns column `col` of `row` as a number.
pub(crate) fn num(row: &Row, col: &str) -> Result<f64> {
    let c = cell(row, col)?;
    c.number()
        .ok_or_else(|| anyhow!("column {}: {c} is not a number", floe_io::gate::quoted(col)))
}
