//! What a folder's answer says of each cell's test of equal win shares, read once for the
//! charts: so that a chart marks the cells the answer calls different, only those, and
//! draws its noise floor at the answer's own standard.
//!
//! The answer is the study's declared `fair` question when it has one (`answers.csv`,
//! adjusted over all its declared answers by the spec's method), else the run's tests of
//! equal shares (`tests.csv`, Holm's method over the run's tests): the same numbers, in
//! the same order, as the page and the console say.

use std::path::Path;

use anyhow::Result;
use floe_sim::answers::{Adjust, Ask, LEVEL};
use floe_sim::stats::holm;

use crate::rows::{Row, num, read, text};

/// The answer's verdict on each test of equal win shares of a folder.
#[derive(Debug)]
pub struct Judged {
    /// The columns of `tests.csv` that name a test's cell (those before `test`).
    cell_columns: Vec<String>,
    /// The tests, in `tests.csv`'s order, each with its p-value as the answer adjusted it.
    tests: Vec<(Row, f64)>,
    /// The level one test's own p-value is held to: the line between the cells the answer
    /// finds and those it does not ([`Adjust::per_test_level`]).
    pub per_test: f64,
    /// The standard in words, for a chart to say: "Holm's method over the run's 6 tests".
    pub standard: String,
}

impl Judged {
    /// Reads the answer of the folder `dir`, or `None` when it holds no tests of equal
    /// shares.
    ///
    /// # Errors
    /// Names a table that cannot be read or lacks a column.
    pub fn read(dir: &Path) -> Result<Option<Judged>> {
        let Some(tests) = read(dir, "tests.csv")? else {
            return Ok(None);
        };
        let raw: Vec<f64> = tests
            .iter()
            .map(|r| num(r, "p_value"))
            .collect::<Result<_>>()?;
        let declared = declared_fair(dir)?.filter(|d| d.adjusted.len() == tests.len());
        let found_in = |all: &[f64]| all.iter().filter(|&&p| p < LEVEL).count();
        let (adjusted, method, (family, found), words) = match declared {
            Some(d) => {
                let words = format!("the study's {} declared answers", d.family.0);
                (d.adjusted, d.method, d.family, words)
            }
            None => {
                let words = format!("the run's {}", floe_io::count(raw.len(), "test"));
                let adjusted = holm(&raw);
                let family = (raw.len(), found_in(&adjusted));
                (adjusted, Adjust::Holm, family, words)
            }
        };
        let per_test = method.per_test_level(family, found, LEVEL);
        let name = match method {
            Adjust::Holm => "Holm's method",
            Adjust::Fdr => "Benjamini-Hochberg's false-discovery rate",
        };
        Ok(Some(Judged {
            cell_columns: header_before(dir, "tests.csv", "test")?,
            tests: tests.into_iter().zip(adjusted).collect(),
            per_test,
            standard: format!("{name} over {words}, {:.0}% level", 100.0 * LEVEL),
        }))
    }

    /// Returns whether the answer finds the `kind` groups (`seat`, `colour`, `bot`) of
    /// the cell of `row` different: `None` when no test was made of that cell. `row` is a
    /// row of any of the folder's tables that names the cell: a group's (`seats.csv`) or
    /// a sweep's (`cells.csv`, naming its swept parameter in `param` and `value`).
    pub fn differs(&self, kind: &str, row: &Row) -> Option<bool> {
        let (_, p) = self.tests.iter().find(|(test, _)| {
            text(test, "test").is_ok_and(|t| t == kind)
                && self.cell_columns.iter().all(|c| {
                    let theirs = test.get(c).map(ToString::to_string);
                    theirs.is_some() && theirs == field(row, c)
                })
        })?;
        Some(*p < LEVEL)
    }
}

/// Returns the field `column` of `row` as written: its own column, or the value of the
/// swept parameter of that name (`cells.csv` names it in `param` and `value`, a grid's
/// second in `by_param` and `by_value`).
fn field(row: &Row, column: &str) -> Option<String> {
    if let Some(v) = row.get(column) {
        return Some(v.to_string());
    }
    [("param", "value"), ("by_param", "by_value")]
        .into_iter()
        .find(|(param, _)| text(row, param).is_ok_and(|p| p == column))
        .and_then(|(_, value)| row.get(value).map(ToString::to_string))
}

/// The declared `fair` question's adjusted p-values (a row per test of `tests.csv`, in
/// its order), the method, and the number of declared answers adjusted together with how
/// many of them it found.
struct DeclaredFair {
    adjusted: Vec<f64>,
    method: Adjust,
    family: (usize, usize),
}

/// Reads the declared `fair` answers of the folder `dir`, if it declared that question.
fn declared_fair(dir: &Path) -> Result<Option<DeclaredFair>> {
    let Some(rows) = read(dir, "answers.csv")? else {
        return Ok(None);
    };
    let fair: Vec<&Row> = rows
        .iter()
        .filter(|r| text(r, "ask").is_ok_and(|a| a == Ask::Fair.name()))
        .collect();
    let Some(first) = fair.first() else {
        return Ok(None);
    };
    let method = Adjust::named(&text(first, "adjust")?).unwrap_or_default();
    Ok(Some(DeclaredFair {
        adjusted: fair
            .iter()
            .map(|r| num(r, "p_adjusted"))
            .collect::<Result<_>>()?,
        method,
        family: (
            rows.iter().filter(|r| num(r, "p_value").is_ok()).count(),
            rows.iter()
                .filter(|r| num(r, "p_adjusted").is_ok_and(|p| p < LEVEL))
                .count(),
        ),
    }))
}

/// The columns of the table `name` in `dir` before the column `key`, in the order
/// written: read from the CSV file's header.
///
/// # Errors
/// Names the file when it cannot be read.
pub(crate) fn header_before(dir: &Path, name: &str, key: &str) -> Result<Vec<String>> {
    let mut reader = csv::Reader::from_reader(floe_io::read::open(
        &dir.join(name),
        floe_io::read::Kind::TABLE,
    )?);
    Ok(reader
        .headers()?
        .iter()
        .take_while(|c| *c != key)
        .map(String::from)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two cells of a sweep, the first's test significant alone (p = 0.03) but not once
    /// adjusted with the second's (Holm: 0.06).
    const TESTS: &str = "game,rules,players,bots,seed,tiles_removed,test,groups,chi2,df,p_value\n\
                         g,r,2,random,1,2,seat,2,4.7,1,0.03\n\
                         g,r,2,random,1,8,seat,2,4.2,1,0.04\n";

    fn folder(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        dir
    }

    fn sweep_cell(value: &str) -> Row {
        [
            ("param", "tiles_removed"),
            ("value", value),
            ("game", "g"),
            ("rules", "r"),
            ("players", "2"),
            ("bots", "random"),
            ("seed", "1"),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), floe_sim::kinds::kind_of(k).read(v).unwrap()))
        .collect()
    }

    /// A cell significant alone but not after adjustment is not found different, and the
    /// floor's level is Holm's first step (0.05 / 2) when nothing is found.
    #[test]
    fn a_cell_significant_alone_is_not_found_once_adjusted() {
        let dir = folder(&[("tests.csv", TESTS)]);
        let judged = Judged::read(dir.path()).unwrap().unwrap();
        assert_eq!(judged.differs("seat", &sweep_cell("2")), Some(false));
        assert_eq!(judged.differs("seat", &sweep_cell("8")), Some(false));
        assert_eq!(
            judged.differs("seat", &sweep_cell("5")),
            None,
            "no such cell"
        );
        assert_eq!(
            judged.differs("colour", &sweep_cell("2")),
            None,
            "no such test"
        );
        assert!((judged.per_test - 0.025).abs() < 1e-12);
        assert_eq!(
            judged.standard,
            "Holm's method over the run's 2 tests, 5% level"
        );
    }

    /// A study that declared its fair question is judged by its declared answers: their
    /// adjustment over every declared answer, not the tests' own.
    #[test]
    fn a_declared_fair_question_is_the_answer() {
        let answers = "question,ask,measure,players,bots,compared,estimate,ci_low,ci_high,\
                       p_value,p_adjusted,adjust,verdict\n\
                       1,compare,mean_rounds,2,random,8 - 2,-1.9,-3.8,-0.1,0.001,0.003,fdr,differs\n\
                       2,fair,seat,2,random,x,4.7,,,0.03,0.04,fdr,differs\n\
                       2,fair,seat,2,random,y,4.2,,,0.04,0.04,fdr,differs\n";
        let dir = folder(&[("tests.csv", TESTS), ("answers.csv", answers)]);
        let judged = Judged::read(dir.path()).unwrap().unwrap();
        assert_eq!(judged.differs("seat", &sweep_cell("2")), Some(true));
        assert!(judged.standard.contains("the study's 3 declared answers"));
        // Three found of three: every p-value at or below 5% is found.
        assert!((judged.per_test - 0.05).abs() < 1e-12);
    }
}
