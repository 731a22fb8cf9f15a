//! Result tables as typed values: a [`Cell`] knows whether it is a count, a rate, a p-value
//! or a text, so that CSV, JSON and the readers of a table (the profile, the charts) take
//! numbers from it, never parse them back from strings; and a [`Column`] carries what it
//! means, so that the column dictionary (`columns.csv`) is read off the tables written.
//!
//! A table with fixed columns is declared once as a row type with [`table_row!`]: each
//! field a column, its doc comment the column's meaning. Adding a column is adding a
//! field; every place that builds the row then fails to compile until it fills it.

use std::fmt;
use std::io::Write;

use floe_core::ParamValue;

/// One field of a result table.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    /// A name, a spec or another text.
    Text(String),
    /// A count, an index or another whole number.
    Whole(u64),
    /// A whole number that may be negative (a score).
    Signed(i64),
    /// A rate, a mean or another real number, written with six decimals (a value that
    /// rounds to zero without its sign).
    Real(f64),
    /// A p-value: six decimals, or below 0.0001 three significant digits in scientific
    /// notation, so that a very small p-value does not read as 0.
    P(f64),
    /// A number written in its shortest form, as a spec writes it (a rule parameter's
    /// value: `0.5`, `2`).
    Plain(f64),
    /// A switch, written `true` or `false`.
    Flag(bool),
    /// A 64-bit seed, written in hexadecimal with `0x` in front: as text, so that a
    /// spreadsheet or a data frame does not round it to a float.
    Hex(u64),
    /// No value (a statistic undefined for this row).
    Empty,
}

impl Cell {
    /// Returns the number the cell holds, `None` for a text, a switch, a seed or nothing.
    pub fn number(&self) -> Option<f64> {
        match *self {
            Cell::Whole(x) => Some(x as f64),
            Cell::Signed(x) => Some(x as f64),
            Cell::Real(x) | Cell::P(x) | Cell::Plain(x) => Some(x),
            Cell::Text(_) | Cell::Flag(_) | Cell::Hex(_) | Cell::Empty => None,
        }
    }

    /// Returns the number the cell holds as its CSV field writes it (a rate rounded to six
    /// decimals), so that another export of the table (JSON) gives the same values.
    pub fn as_written(&self) -> Option<f64> {
        let x = self.number()?;
        match self {
            Cell::Real(_) | Cell::P(_) => self.to_string().parse().ok(),
            _ => Some(x),
        }
    }

    /// Returns the text the cell holds, `None` for any other kind of cell.
    pub fn text(&self) -> Option<&str> {
        match self {
            Cell::Text(s) => Some(s),
            _ => None,
        }
    }

    /// Returns a [`Cell::Real`] for a finite `x`, else [`Cell::Empty`].
    pub fn finite(x: f64) -> Cell {
        if x.is_finite() {
            Cell::Real(x)
        } else {
            Cell::Empty
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cell::Text(s) => f.write_str(s),
            Cell::Whole(x) => write!(f, "{x}"),
            Cell::Signed(x) => write!(f, "{x}"),
            Cell::Real(x) => f.write_str(&fixed(*x, 6)),
            Cell::P(p) if *p >= 1e-4 || *p == 0.0 => f.write_str(&fixed(*p, 6)),
            Cell::P(p) => write!(f, "{p:.2e}"),
            Cell::Plain(x) => write!(f, "{x}"),
            Cell::Flag(b) => write!(f, "{b}"),
            Cell::Hex(x) => write!(f, "0x{x:016x}"),
            Cell::Empty => Ok(()),
        }
    }
}

impl From<String> for Cell {
    fn from(s: String) -> Cell {
        Cell::Text(s)
    }
}

impl From<&str> for Cell {
    fn from(s: &str) -> Cell {
        Cell::Text(s.to_string())
    }
}

impl From<u64> for Cell {
    fn from(x: u64) -> Cell {
        Cell::Whole(x)
    }
}

impl From<usize> for Cell {
    fn from(x: usize) -> Cell {
        Cell::Whole(x as u64)
    }
}

impl From<i32> for Cell {
    fn from(x: i32) -> Cell {
        Cell::Signed(i64::from(x))
    }
}

impl From<f64> for Cell {
    fn from(x: f64) -> Cell {
        Cell::Real(x)
    }
}

impl From<bool> for Cell {
    fn from(b: bool) -> Cell {
        Cell::Flag(b)
    }
}

impl<T: Into<Cell>> From<Option<T>> for Cell {
    fn from(x: Option<T>) -> Cell {
        x.map_or(Cell::Empty, Into::into)
    }
}

impl From<&ParamValue> for Cell {
    /// A rule parameter's value as a spec writes it: a list as its text.
    fn from(v: &ParamValue) -> Cell {
        match v {
            ParamValue::Switch(b) => Cell::Flag(*b),
            ParamValue::Whole(x) => Cell::Signed(*x),
            ParamValue::Number(x) => Cell::Plain(*x),
            ParamValue::Name(_) | ParamValue::List(_) => Cell::Text(v.to_string()),
        }
    }
}

/// A p-value field of a row type (written as [`Cell::P`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PValue(pub f64);

impl From<PValue> for Cell {
    fn from(p: PValue) -> Cell {
        Cell::P(p.0)
    }
}

/// Formats `x` with `decimals` decimals, without the sign of a value that rounds to zero
/// (a mean-zero rating of two equal entrants is 0, not -0).
pub fn fixed(x: f64, decimals: usize) -> String {
    let s = format!("{x:.decimals$}");
    match s.strip_prefix('-') {
        Some(rest) if rest.bytes().all(|b| b == b'0' || b == b'.') => rest.to_string(),
        _ => s,
    }
}

/// A column of a result table: its name, the kind of its values and what it means (the
/// row of `columns.csv`).
#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    /// The name in the header.
    pub name: String,
    /// What its fields hold, and so how they read back.
    pub kind: Kind,
    /// What a value of the column means.
    pub meaning: String,
}

impl Column {
    /// Returns the column `name` of `kind` meaning `meaning`.
    pub fn new(name: impl Into<String>, kind: Kind, meaning: impl Into<String>) -> Column {
        Column {
            name: name.into(),
            kind,
            meaning: meaning.into(),
        }
    }
}

/// What a column holds: which [`Cell`] its fields are, and so how they read back from a
/// CSV file Floe wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// [`Cell::Text`].
    Text,
    /// [`Cell::Whole`].
    Whole,
    /// [`Cell::Signed`].
    Signed,
    /// [`Cell::Real`].
    Real,
    /// [`Cell::P`].
    P,
    /// [`Cell::Flag`].
    Flag,
    /// [`Cell::Hex`].
    Hex,
    /// A rule parameter's value (or a value passed on from another table): a switch, a
    /// whole number, a number or a text, as its field reads.
    Value,
}

impl Kind {
    /// Reads `field` as a cell of this kind; an empty field is [`Cell::Empty`]. `None`
    /// when the field is not of the kind.
    pub fn read(self, field: &str) -> Option<Cell> {
        if field.is_empty() {
            return Some(Cell::Empty);
        }
        Some(match self {
            Kind::Text => Cell::Text(field.to_string()),
            Kind::Whole => Cell::Whole(field.parse().ok()?),
            Kind::Signed => Cell::Signed(field.parse().ok()?),
            Kind::Real => Cell::Real(field.parse().ok()?),
            Kind::P => Cell::P(field.parse().ok()?),
            Kind::Flag => Cell::Flag(field.parse().ok()?),
            Kind::Hex => Cell::Hex(u64::from_str_radix(field.strip_prefix("0x")?, 16).ok()?),
            Kind::Value => match (
                field.parse::<bool>(),
                field.parse::<i64>(),
                field.parse::<f64>(),
            ) {
                (Ok(b), ..) => Cell::Flag(b),
                (_, Ok(x), _) => Cell::Signed(x),
                (.., Ok(x)) if x.is_finite() => Cell::Plain(x),
                _ => Cell::Text(field.to_string()),
            },
        })
    }

    /// Names the kind in an error: `a count`, `a number`, ...
    fn noun(self) -> &'static str {
        match self {
            Kind::Text | Kind::Value => "a text",
            Kind::Whole => "a count",
            Kind::Signed => "a whole number",
            Kind::Real | Kind::P => "a number",
            Kind::Flag => "true or false",
            Kind::Hex => "a hexadecimal seed (0x...)",
        }
    }
}

/// A field type of a row type ([`table_row!`]): the kind of its column.
pub trait FieldKind {
    /// The column's kind.
    const KIND: Kind;
}

macro_rules! field_kinds {
    ($($t:ty => $kind:ident),+ $(,)?) => {
        $(impl FieldKind for $t {
            const KIND: Kind = Kind::$kind;
        })+
    };
}

field_kinds!(
    String => Text,
    u64 => Whole,
    usize => Whole,
    i32 => Signed,
    f64 => Real,
    bool => Flag,
    PValue => P,
    Cell => Value,
);

impl<T: FieldKind> FieldKind for Option<T> {
    const KIND: Kind = T::KIND;
}

/// Why a CSV file could not be read as a table.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file is not CSV.
    #[error("{0}")]
    Csv(#[from] csv::Error),
    /// A field is not of its column's kind.
    #[error(
        "row {row}, column {column}: {} is not {noun}",
        floe_io::gate::quoted(field)
    )]
    Field {
        /// The row, from 1 for the first after the header.
        row: usize,
        /// The column's name.
        column: String,
        /// The field as written.
        field: String,
        /// What it should have been.
        noun: &'static str,
    },
}

/// A table with fixed columns, declared by [`table_row!`].
pub trait Row {
    /// The columns in order: each field's name and (from its doc comment) meaning.
    fn columns() -> Vec<Column>;
    /// The row's fields in column order.
    fn cells(&self) -> Vec<Cell>;
    /// The row as columns to put in front of another table's rows ([`Table::prefixed`]).
    fn front(&self) -> Vec<(Column, Cell)> {
        Self::columns().into_iter().zip(self.cells()).collect()
    }
}

/// Declares the row type of a table with fixed columns: a struct whose fields are the
/// columns in order, each documented by its meaning, which becomes the column's meaning in
/// `columns.csv`. Field types convert into a [`Cell`] (`f64` as a six-decimal
/// [`Cell::Real`], `Option` as an empty field when `None`, [`PValue`] as [`Cell::P`]).
///
/// ```
/// floe_sim::table_row! {
///     /// One side of a coin.
///     pub struct Side {
///         /// heads or tails
///         pub side: String,
///         /// times it came up
///         pub count: u64,
///     }
/// }
/// use floe_sim::table::{Row, Table};
/// let t = Table::of([Side { side: "heads".into(), count: 3 }]);
/// assert_eq!(t.columns[1].meaning, "times it came up");
/// assert_eq!(t.rows[0][1].number(), Some(3.0));
/// let mut csv = Vec::new();
/// t.write(&mut csv).unwrap();
/// let back = Table::read(&csv[..], |name| t.columns.iter().find(|c| c.name == name).unwrap().kind);
/// assert_eq!(back.unwrap().rows, t.rows);
/// ```
#[macro_export]
macro_rules! table_row {
    (
        $(#[doc = $doc:literal])*
        pub struct $name:ident {
            $( $(#[doc = $meaning:literal])+ pub $field:ident : $ty:ty, )+
        }
    ) => {
        $(#[doc = $doc])*
        #[derive(Clone, Debug, PartialEq)]
        pub struct $name {
            $( $(#[doc = $meaning])+ pub $field: $ty, )+
        }
        impl $crate::table::Row for $name {
            fn columns() -> Vec<$crate::table::Column> {
                vec![$( $crate::table::Column::new(
                    stringify!($field),
                    <$ty as $crate::table::FieldKind>::KIND,
                    $crate::table::doc_text(&[$($meaning),+]),
                ) ),+]
            }
            fn cells(&self) -> Vec<$crate::table::Cell> {
                vec![$( $crate::table::Cell::from(self.$field.clone()) ),+]
            }
        }
    };
}

/// Joins the lines of a doc comment into one line of text.
#[doc(hidden)]
pub fn doc_text(lines: &[&str]) -> String {
    lines.iter().map(|l| l.trim()).collect::<Vec<_>>().join(" ")
}

/// A CSV table: its columns and rows of typed fields. The run's columns (and an
/// experiment's cell) are put in front with [`Table::prefixed`], so that tables of several
/// runs stack.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table {
    /// The columns, in order.
    pub columns: Vec<Column>,
    /// Rows, each as long as the columns.
    pub rows: Vec<Vec<Cell>>,
}

impl Table {
    /// Returns a table with `columns` and no rows.
    pub fn new(columns: Vec<Column>) -> Table {
        Table {
            columns,
            rows: Vec::new(),
        }
    }

    /// Returns a table of one row: `fields`, columns and values.
    pub fn single(fields: impl IntoIterator<Item = (Column, Cell)>) -> Table {
        let (columns, row): (Vec<Column>, Vec<Cell>) = fields.into_iter().unzip();
        Table {
            columns,
            rows: vec![row],
        }
    }

    /// Returns the table of `rows` of a row type.
    pub fn of<R: Row>(rows: impl IntoIterator<Item = R>) -> Table {
        Table {
            columns: R::columns(),
            rows: rows.into_iter().map(|r| r.cells()).collect(),
        }
    }

    /// Returns the column names in order.
    pub fn header(&self) -> impl Iterator<Item = &str> {
        self.columns.iter().map(|c| c.name.as_str())
    }

    /// Returns the index of the column `name`.
    pub fn position(&self, name: &str) -> Option<usize> {
        self.header().position(|c| c == name)
    }

    /// Returns this table with `front` (columns and their values) put in front of every row.
    pub fn prefixed(self, front: &[(Column, Cell)]) -> Table {
        let mut columns: Vec<Column> = front.iter().map(|c| c.0.clone()).collect();
        columns.extend(self.columns);
        let rows = self
            .rows
            .into_iter()
            .map(|row| front.iter().map(|c| c.1.clone()).chain(row).collect())
            .collect();
        Table { columns, rows }
    }

    /// Appends the rows of `other`, which must have the same columns.
    ///
    /// # Panics
    /// Panics if the columns differ.
    pub fn append(&mut self, other: Table) {
        if self.columns.is_empty() {
            self.columns.clone_from(&other.columns);
        }
        assert_eq!(self.columns, other.columns, "tables with different columns");
        self.rows.extend(other.rows);
    }

    /// Reads a CSV table that Floe wrote, each field as the kind `kind_of` gives its
    /// column (the meanings are left empty: the file does not hold them).
    ///
    /// # Errors
    /// Fails if the text is not CSV or a field is not of its column's kind.
    pub fn read(
        reader: impl std::io::Read,
        kind_of: impl Fn(&str) -> Kind,
    ) -> Result<Table, ReadError> {
        let mut csv = csv::Reader::from_reader(reader);
        let columns: Vec<Column> = csv
            .headers()?
            .iter()
            .map(|name| Column::new(name, kind_of(name), ""))
            .collect();
        let mut rows = Vec::new();
        for (i, record) in csv.records().enumerate() {
            let record = record?;
            let row = columns
                .iter()
                .zip(record.iter())
                .map(|(c, field)| {
                    c.kind.read(field).ok_or_else(|| ReadError::Field {
                        row: i + 1,
                        column: c.name.clone(),
                        field: field.to_string(),
                        noun: c.kind.noun(),
                    })
                })
                .collect::<Result<Vec<Cell>, ReadError>>()?;
            rows.push(row);
        }
        Ok(Table { columns, rows })
    }

    /// Writes the table as CSV (texts made [`spreadsheet_safe`]).
    ///
    /// # Errors
    /// Fails if `out` fails.
    pub fn write(&self, out: impl Write) -> csv::Result<()> {
        let mut w = csv::Writer::from_writer(out);
        w.write_record(self.header())?;
        for row in &self.rows {
            w.write_record(row.iter().map(csv_field))?;
        }
        w.flush()?;
        Ok(())
    }
}

/// Returns `cell` as written in CSV: a text made [`spreadsheet_safe`], anything else as
/// [`Cell`] displays it.
pub fn csv_field(cell: &Cell) -> String {
    match cell {
        Cell::Text(s) => spreadsheet_safe(s).into_owned(),
        other => other.to_string(),
    }
}

/// Returns `cell` as a spreadsheet opens it safely: a text that starts as a formula does
/// (`=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading `'`, so that a rules
/// name like `=cmd|' /C calc'!A0` is shown, not run. Numbers (`-0.25`) are left as they
/// are, so every table still reads back as numbers.
///
/// # Examples
/// ```
/// use floe_sim::table::spreadsheet_safe;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_written_as_the_tables_always_wrote_them() {
        let cases = [
            (Cell::Real(0.25), "0.250000"),
            (Cell::Real(-1e-9), "0.000000"),
            (Cell::Real(-0.5), "-0.500000"),
            (Cell::P(0.04), "0.040000"),
            (Cell::P(3.2e-7), "3.20e-7"),
            (Cell::P(0.0), "0.000000"),
            (Cell::Whole(12), "12"),
            (Cell::Signed(-3), "-3"),
            (Cell::Flag(true), "true"),
            (Cell::Hex(255), "0x00000000000000ff"),
            (Cell::Empty, ""),
        ];
        for (cell, text) in cases {
            assert_eq!(csv_field(&cell), text, "{cell:?}");
        }
        assert_eq!(csv_field(&Cell::from("=cmd")), "'=cmd");
    }

    #[test]
    fn a_table_reads_numbers_not_strings() {
        assert_eq!(Cell::P(3.2e-7).number(), Some(3.2e-7));
        assert_eq!(Cell::Text("0.5".into()).number(), None);
        assert_eq!(Cell::finite(f64::NAN), Cell::Empty);
        assert_eq!(Cell::from(None::<f64>), Cell::Empty);
    }
}
