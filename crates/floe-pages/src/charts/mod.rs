//! Charts of a results folder: SVG drawn from the CSV files the run commands write, each
//! saying what the folder's answer says and nothing more.
//!
//! It reads a run's `game_stats.csv` (an experiment's `cells.csv`), its tables of seats,
//! colours and bots (`seats.csv`, `colours.csv`, `bots.csv`, a tournament's
//! `tournament.csv`), its answer ([`crate::judged`], `answers.csv`), and draws:
//! - a chart per declared question, its estimate and interval per player count
//!   ([`answers`]);
//! - for a sweep, one chart per measure (end-cause shares, mean rounds, seat spread,
//!   winner margin) against the swept value: a point per cell with its interval, never
//!   joined, the rules' own value ringed; a grid of two parameters as heatmaps
//!   ([`sweep`]);
//! - otherwise, per line-up of bots: win rate by seat for each player count against the
//!   fair 1/N, by colour when colours were dealt at random, and by bot when bots differ,
//!   each player count's points filled where the answer finds them unequal ([`rates`]);
//! - from `ratings.csv`, MCTS strength against its budget ([`ratings`]);
//! - for a sweep of numbers that followed how its games unfold (`arc.csv`), one chart per
//!   measure against the swept value ([`arc`]).

mod answers;
mod arc;
mod names;
mod rates;
mod ratings;
mod sweep;

pub use names::{CHART_PREFIXES, is_chart_name};

use std::path::Path;

use anyhow::{Context, Result, bail};

use crate::judged::Judged;
use crate::rows::{num, read, text};

/// Returns the file names of the charts of how a sweep's games unfold among `files`, in
/// the order of the measures ([`floe_sim::arc::MEASURES`]): the report page shows them in
/// a section of their own.
pub fn arc_charts(files: &[String]) -> Vec<String> {
    let names = floe_sim::arc::MEASURES.iter().map(arc::file_name);
    names.filter(|n| files.contains(n)).collect()
}

/// Returns the name the charts of a run are titled with: its study and its game
/// (`tile-balance, arctic-race`), so that a chart says what it shows wherever it is
/// copied, not which folder it came from.
pub fn chart_title(study: &str, game: &str) -> String {
    format!("{study}, {game}")
}

/// Returns the chart title ([`chart_title`]) of the run whose folder is `dir`, from its
/// `manifest.toml` (the experiment's name, or the kind of run, and the game), or
/// `fallback` when the folder holds no manifest or one that does not name them.
///
/// # Errors
/// A manifest that is there but cannot be read (a pipe, a device, a huge file): said, not
/// passed over.
pub fn study_title(dir: &Path, fallback: &str) -> Result<String> {
    let path = dir.join("manifest.toml");
    if std::fs::symlink_metadata(&path).is_err() {
        return Ok(fallback.to_string());
    }
    let text = floe_io::read::text(&path, floe_io::read::Kind::MANIFEST)?;
    let table = text.parse::<toml::Table>().ok();
    let field = |t: &toml::Table, key: &str| t.get(key).and_then(|v| v.as_str()).map(String::from);
    Ok(table
        .and_then(|t| {
            let study = field(&t, "experiment").or_else(|| field(&t, "kind"))?;
            Some(chart_title(&study, &field(&t, "game")?))
        })
        .unwrap_or_else(|| fallback.to_string()))
}

/// Draws every chart the CSV files in `dir` allow, titled with `name`, into the folder
/// `into`; returns the charts' file names (each named as
/// [`is_chart_name`] knows them).
///
/// # Errors
/// Fails if a file cannot be read, lacks a column, or a chart cannot be written.
pub fn draw(dir: &Path, into: &Path, name: &str) -> Result<Vec<String>> {
    let Some(file) = ["cells.csv", "game_stats.csv"]
        .into_iter()
        .find(|f| dir.join(f).exists())
    else {
        return Ok(Vec::new());
    };
    let cells = read(dir, file)?.unwrap_or_default();
    if cells.is_empty() {
        bail!(
            "{}: no rows; it is not a table Floe wrote",
            dir.join(file).display()
        );
    }
    // The groups of seat-games, one table per kind of key (a tournament's entrants are
    // its bots), read as rows with the kind and key.
    let mut groups = Vec::new();
    for (kind, file) in [
        ("seat", "seats.csv"),
        ("colour", "colours.csv"),
        ("bot", "bots.csv"),
        ("bot", "tournament.csv"),
    ] {
        for mut row in read(dir, file)?.unwrap_or_default() {
            let key = text(&row, kind).with_context(|| format!("{}", dir.join(file).display()))?;
            row.insert("kind".into(), kind.into());
            row.insert("key".into(), key.into());
            groups.push(row);
        }
    }
    let judged = Judged::read(dir)?;
    let judged = judged.as_ref();
    let answers = read(dir, "answers.csv")?.unwrap_or_default();
    let result = answers::answer_charts(into, name, &answers).and_then(|mut paths| {
        paths.extend(
            if cells.first().is_some_and(|c| c.contains_key("by_param")) {
                sweep::grid_charts(into, name, &cells, judged)?
            } else if cells.first().is_some_and(|c| c.contains_key("param")) {
                if cells.iter().all(|c| num(c, "value").is_ok()) {
                    let mut drawn = sweep::sweep_charts(into, name, &cells, judged, &answers)?;
                    if let Some(arcs) = read(dir, "arc.csv")? {
                        drawn.extend(arc::arc_charts(into, name, &cells, &arcs)?);
                    }
                    drawn
                } else {
                    rates::named_sweep_charts(into, name, &groups, &cells, judged)?
                }
            } else {
                let ratings = read(dir, "ratings.csv")?.unwrap_or_default();
                let mut drawn = rates::rate_charts(into, name, &groups, &cells, "", judged)?;
                drawn.extend(ratings::rating_charts(into, name, &ratings)?);
                drawn
            },
        );
        Ok(paths)
    });
    let drawn = result.with_context(|| format!("charts of {}", dir.display()))?;
    Ok(drawn
        .iter()
        .map(|p| {
            p.file_name()
                .expect("a chart file")
                .to_string_lossy()
                .into_owned()
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A run of 2 and 3 players whose seat tests are significant alone (p = 0.03, 0.04)
    /// but not once adjusted together (Holm: 0.06 each).
    fn two_cells(tests: &str) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let files = [
            (
                "game_stats.csv",
                "game,rules,players,bots,seed,shuffle_colours,games\n\
                 g,r,2,random,1,false,1000\ng,r,3,random,1,false,900\n",
            ),
            (
                "seats.csv",
                "game,rules,players,bots,seed,seat,games,wins,shared_wins,win_rate,ci_low,\
                 ci_high,mean_score\n\
                 g,r,2,random,1,0,1000,535,0,0.535,0.504,0.566,1.0\n\
                 g,r,2,random,1,1,1000,465,0,0.465,0.434,0.496,1.0\n\
                 g,r,3,random,1,0,900,330,0,0.366667,0.335,0.398,1.0\n\
                 g,r,3,random,1,1,900,300,0,0.333333,0.303,0.365,1.0\n\
                 g,r,3,random,1,2,900,270,0,0.300000,0.271,0.331,1.0\n",
            ),
            ("tests.csv", tests),
        ];
        for (name, text) in files {
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        dir
    }

    /// Returns the points of `svg` drawn hollow (a rate chart's points have radius 5).
    fn hollow_points(svg: &str) -> usize {
        svg.split('<')
            .filter(|e| {
                e.starts_with("circle ") && e.contains("r=\"5\"") && e.contains("fill=\"none\"")
            })
            .count()
    }

    /// Issue 44's case: a cell significant alone but not after adjustment is not marked
    /// on the chart (its points hollow: "cannot tell"), and the answer lists it under
    /// "cannot tell"; alone, the same test is marked and found.
    #[test]
    fn a_cell_significant_alone_but_not_once_adjusted_is_not_marked() {
        let header = "game,rules,players,bots,seed,test,groups,chi2,df,p_value\n";
        let both =
            format!("{header}g,r,2,random,1,seat,2,4.7,1,0.03\ng,r,3,random,1,seat,3,6.4,2,0.04\n");
        let dir = two_cells(&both);
        assert_eq!(
            draw(dir.path(), dir.path(), "t").unwrap(),
            ["seats-random.svg"]
        );
        let svg = std::fs::read_to_string(dir.path().join("seats-random.svg")).unwrap();
        assert_eq!(
            hollow_points(&svg),
            5,
            "every seat of both cells: cannot tell"
        );
        assert!(
            svg.contains("Holm&apos;s method over the run&apos;s 2 tests"),
            "the standard is said"
        );
        let answer = crate::report::verdict::answer(dir.path(), 0.95, "x").unwrap();
        assert!(answer.found.is_empty(), "{:?}", answer.found);
        assert_eq!(answer.cannot_tell.len(), 2);

        let alone = format!("{header}g,r,2,random,1,seat,2,4.7,1,0.03\n");
        let dir = two_cells(&alone);
        draw(dir.path(), dir.path(), "t").unwrap();
        let svg = std::fs::read_to_string(dir.path().join("seats-random.svg")).unwrap();
        assert_eq!(
            hollow_points(&svg),
            0,
            "found alone; the 3-player cell has no test"
        );
        let answer = crate::report::verdict::answer(dir.path(), 0.95, "x").unwrap();
        assert_eq!(answer.found.len(), 1);
    }

    #[test]
    fn charts_are_titled_by_study_and_game_not_by_folder() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(
            study_title(dir.path(), "trial").unwrap(),
            "trial",
            "no manifest"
        );
        let manifest = dir.path().join("manifest.toml");
        std::fs::write(
            &manifest,
            "kind = \"experiment\"\ngame = \"arctic-race\"\nexperiment = \"tile-balance\"\n",
        )
        .unwrap();
        assert_eq!(
            study_title(dir.path(), "trial").unwrap(),
            "tile-balance, arctic-race"
        );
        std::fs::write(&manifest, "kind = \"simulate\"\ngame = \"north-pole\"\n").unwrap();
        assert_eq!(
            study_title(dir.path(), "trial").unwrap(),
            "simulate, north-pole"
        );
    }
}
