//! Charts of a results folder: SVG drawn from the CSV files the run commands write.
//!
//! It reads a run's `game_stats.csv` (an experiment's `cells.csv`) and its tables of
//! seats, colours and bots (`seats.csv`, `colours.csv`, `bots.csv`, a tournament's
//! `tournament.csv`), and draws:
//! - for a sweep, one line chart per measure (end-cause shares, mean rounds, seat spread,
//!   winner margin) against the swept value, a line per player count, the rules' own value
//!   ringed;
//! - otherwise, per line-up of bots: win rate by seat for each player count with the fair
//!   1/N line, win rate by colour when colours were dealt at random, and win rate by bot
//!   when bots differ;
//! - from `ratings.csv`, per line-up where some entrants differ only in their `iters`, the
//!   Bradley-Terry rating against iterations, a line per rest of the spec (MCTS strength
//!   against budget, a line per tree kind).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};
use floe_plot::{
    HeatCell, Heatmap, Rate, RateGroup, Series, heatmap_chart, line_chart, log_line_chart,
    rate_gap_chart,
};
use floe_sim::kinds::kind_of;
use floe_sim::stats::{Z95, noise_floor, wilson};
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

/// Returns the 95% interval of the measure `col` of a cell's row, where the row allows
/// one: a share's Wilson interval over the cell's games, the mean rounds' normal interval
/// from their standard deviation; `None` for a measure without one (the mean margin, the
/// seat spread, whose chart shows a fair game's noise floor instead).
fn interval(row: &Row, col: &str) -> Result<Option<(f64, f64)>> {
    let games = num(row, "games")?;
    Ok(match col {
        "mean_rounds" if games > 1.0 => {
            let half = Z95 * num(row, "sd_rounds")? / games.sqrt();
            let m = num(row, col)?;
            Some((m - half, m + half))
        }
        c if c.starts_with("p_") => Some(wilson(num(row, c)? * games, games as u64)),
        _ => None,
    })
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
    let result = if cells.first().is_some_and(|c| c.contains_key("by_param")) {
        grid_charts(into, name, &cells)
    } else if cells.first().is_some_and(|c| c.contains_key("param")) {
        if cells.iter().all(|c| num(c, "value").is_ok()) {
            sweep_charts(into, name, &cells)
        } else {
            named_sweep_charts(into, name, &groups, &cells)
        }
    } else {
        let ratings = read(dir, "ratings.csv")?.unwrap_or_default();
        rate_charts(into, name, &groups, &cells, "").and_then(|mut paths| {
            paths.extend(rating_charts(into, name, &ratings)?);
            Ok(paths)
        })
    };
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

/// The measures a sweep is drawn for: column, what it is, and whether it is a share.
fn sweep_measures(cells: &[Row]) -> Vec<(String, String, bool)> {
    let mut measures: Vec<(String, String, bool)> = cells[0]
        .keys()
        .filter(|k| k.starts_with("p_") && *k != "p_tie")
        .map(|k| {
            let cause = k["p_".len()..].replace('_', " ");
            (k.clone(), format!("% of games ended by {cause}"), true)
        })
        .collect();
    measures.sort();
    measures.push(("mean_rounds".into(), "mean rounds per game".into(), false));
    measures.push((
        "seat_spread".into(),
        "best minus worst seat win rate (percentage points)".into(),
        true,
    ));
    measures.push((
        "mean_margin".into(),
        "mean winner's lead over second (points)".into(),
        false,
    ));
    measures
}

/// Draws one line chart per measure of a sweep of numbers.
fn sweep_charts(dir: &Path, name: &str, cells: &[Row]) -> Result<Vec<PathBuf>> {
    let param = text(&cells[0], "param")?;
    let several_lineups = cells.iter().any(|c| c.get("bots") != cells[0].get("bots"));
    let mut paths = Vec::new();
    for (col, what, share) in sweep_measures(cells) {
        // An end cause that never happened has nothing to show.
        if share
            && col.starts_with("p_")
            && cells.iter().all(|c| num(c, &col).is_ok_and(|x| x == 0.0))
        {
            continue;
        }
        let mut series: Vec<Series> = Vec::new();
        for row in cells {
            let players = text(row, "players")?;
            let line = match several_lineups {
                true => format!("{players} players, {}", text(row, "bots")?),
                false => format!("{players} players"),
            };
            let scale = if share { 100.0 } else { 1.0 };
            let x = num(row, "value")?;
            let point = (x, scale * num(row, &col)?);
            let band = interval(row, &col)?.map(|(lo, hi)| (x, scale * lo, scale * hi));
            match series.iter_mut().find(|s| s.name == line) {
                Some(s) => {
                    s.points.push(point);
                    s.bands.extend(band);
                }
                None => series.push(Series {
                    name: line.clone(),
                    points: vec![point],
                    marked: Some(num(row, "rules_value")?),
                    bands: band.into_iter().collect(),
                    reference: Vec::new(),
                }),
            }
            if col == "seat_spread" {
                let floor = noise_floor(num(row, "players")? as usize, num(row, "games")? as u64);
                let s = series
                    .iter_mut()
                    .find(|s| s.name == line)
                    .expect("just added");
                s.reference.push((x, 100.0 * floor));
            }
        }
        // A sweep that leaves out the rules' own value has no point to ring there.
        for s in &mut series {
            let (low, high) = s.points.iter().fold((f64::MAX, f64::MIN), |(lo, hi), p| {
                (lo.min(p.0), hi.max(p.0))
            });
            s.marked = s.marked.filter(|x| (low..=high).contains(x));
        }
        let path = dir.join(format!("sweep-{}.svg", col.replace('_', "-")));
        let bands = match col.as_str() {
            "mean_margin" => "",
            "seat_spread" => "dashed: a fair game's 95% noise floor at these games; ",
            _ => "bands: 95% intervals; ",
        };
        let title = format!("{name}: {what} ({bands}ring: the rules' own value)");
        let x_label = param.replace('_', " ");
        line_chart(&path, &title, &x_label, &what, &series)?;
        paths.push(path);
    }
    Ok(paths)
}

/// Draws a grid of two parameters: per line-up and player count, a heatmap of the seat
/// spread in percentage points, the cells under a fair game's 95% noise floor at their
/// games ringed (there the seats cannot be told from a fair table's), then one of each end
/// cause's share that happened.
fn grid_charts(dir: &Path, name: &str, cells: &[Row]) -> Result<Vec<PathBuf>> {
    let (x_param, y_param) = (text(&cells[0], "param")?, text(&cells[0], "by_param")?);
    let names = |col: &str| -> Result<Vec<String>> {
        let mut seen: Vec<String> = Vec::new();
        for row in cells {
            let v = text(row, col)?;
            if !seen.contains(&v) {
                seen.push(v);
            }
        }
        Ok(seen)
    };
    let (x_names, y_names) = (names("value")?, names("by_value")?);
    let measures: Vec<(String, String)> = sweep_measures(cells)
        .into_iter()
        .filter(|(col, _, share)| *share && col != "mean_rounds")
        .filter(|(col, ..)| {
            col == "seat_spread" || cells.iter().any(|c| num(c, col).is_ok_and(|x| x > 0.0))
        })
        .map(|(col, what, _)| (col, what))
        .collect();
    let mut tables: Vec<(String, Vec<&Row>)> = Vec::new();
    for row in cells {
        let key = format!("{}-{}p", slug(&text(row, "bots")?), text(row, "players")?);
        match tables.iter_mut().find(|(k, _)| *k == key) {
            Some((_, rows)) => rows.push(row),
            None => tables.push((key, vec![row])),
        }
    }
    let mut paths = Vec::new();
    for (key, rows) in tables {
        let (bots, players) = (text(rows[0], "bots")?, text(rows[0], "players")?);
        for (col, what) in &measures {
            let mut heat = Vec::new();
            for row in &rows {
                let at = |names: &[String], col| -> Result<usize> {
                    let v = text(row, col)?;
                    Ok(names.iter().position(|n| *n == v).expect("gathered above"))
                };
                let value = num(row, col)?;
                let floor = noise_floor(num(row, "players")? as usize, num(row, "games")? as u64);
                heat.push(HeatCell {
                    x: at(&x_names, "value")?,
                    y: at(&y_names, "by_value")?,
                    value: 100.0 * value,
                    marked: col == "seat_spread" && value <= floor,
                });
            }
            let path = dir.join(format!("grid-{}-{key}.svg", col.replace('_', "-")));
            heatmap_chart(
                &path,
                &Heatmap {
                    title: format!("{name}: {what}, bots {bots}, {players} players"),
                    x_label: x_param.replace('_', " "),
                    y_label: y_param.replace('_', " "),
                    x_names: x_names.clone(),
                    y_names: y_names.clone(),
                    value_label: "percentage points".into(),
                    mark_label: "within a fair game's noise".into(),
                    cells: heat,
                },
            )?;
            paths.push(path);
        }
    }
    Ok(paths)
}

/// Draws a sweep of lists or names (a scoring row, a power side), which has no axis for a
/// line: the win rates by seat, colour and bot of each swept value, as for a run without a
/// sweep, each chart's name ending in the value (`seats-greedy-A.svg`).
fn named_sweep_charts(
    dir: &Path,
    name: &str,
    groups: &[Row],
    cells: &[Row],
) -> Result<Vec<PathBuf>> {
    let param = text(&cells[0], "param")?;
    let mut values: Vec<String> = Vec::new();
    for cell in cells {
        let value = text(cell, "value")?;
        if !values.contains(&value) {
            values.push(value);
        }
    }
    let mut paths = Vec::new();
    for value in values {
        // The groups name the value in a column named after the parameter, the cells in
        // `value`.
        let of_value = |rows: &[Row], column: &str| -> Vec<Row> {
            let rows = rows
                .iter()
                .filter(|r| r.get(column).is_some_and(|v| v.to_string() == value));
            rows.cloned().collect()
        };
        let (groups, cells) = (of_value(groups, &param), of_value(cells, "value"));
        let title = format!("{name}, {param} = {value}");
        let tag = format!("-{}", slug(&value));
        paths.extend(rate_charts(dir, &title, &groups, &cells, &tag)?);
    }
    Ok(paths)
}

/// Draws win rates by seat, colour and bot, one chart of each per line-up of bots, each
/// file's name ending in `tag`.
fn rate_charts(
    dir: &Path,
    name: &str,
    groups: &[Row],
    cells: &[Row],
    tag: &str,
) -> Result<Vec<PathBuf>> {
    let mut lineups: Vec<Cell> = Vec::new();
    for row in groups {
        let bots = cell(row, "bots")?;
        if !lineups.contains(bots) {
            lineups.push(bots.clone());
        }
    }
    let shuffled = |bots: &Cell| {
        cells.iter().any(|c| {
            c.get("bots") == Some(bots) && c.get("shuffle_colours") == Some(&Cell::Flag(true))
        })
    };
    let mut paths = Vec::new();
    for bots in &lineups {
        let rows: Vec<&Row> = groups
            .iter()
            .filter(|r| r.get("bots") == Some(bots))
            .collect();
        let slug = slug(&bots.to_string());
        let mut kinds = vec![("seat", "seat")];
        if shuffled(bots) {
            kinds.push(("colour", "colour"));
        }
        kinds.push(("bot", "bot"));
        for (kind, word) in kinds {
            let by_players = rate_groups(&rows, kind)?;
            if by_players.iter().all(|g| g.rates.len() < 2) {
                continue;
            }
            let path = dir.join(format!("{word}s-{slug}{tag}.svg"));
            let title = format!(
                "{name}: win rate by {word} against the fair share, bots {bots} (bars: 95% interval)"
            );
            let y_label = "win rate minus the fair 1/N (percentage points)";
            rate_gap_chart(&path, &title, y_label, &by_players)?;
            paths.push(path);
        }
    }
    Ok(paths)
}

/// The file names of Floe's charts: a folder holding one that Floe did not draw is refused
/// before a run whose charts are not known until its tables are.
pub const CHART_PREFIXES: [&str; 6] =
    ["sweep-", "grid-", "seats-", "colours-", "bots-", "ratings-"];

/// Returns whether `name` is named like one of Floe's charts (or a chart's PNG copy).
pub fn is_chart_name(name: &str) -> bool {
    (name.ends_with(".svg") || name.ends_with(".png"))
        && CHART_PREFIXES.iter().any(|p| name.starts_with(p))
}

/// Longest slug kept whole: a file name must stay well under the 255 bytes systems allow.
const SLUG_MAX: usize = 80;

/// Returns the file-name form of a line-up of bots: every character but letters and
/// digits as `-`; a longer one than [`SLUG_MAX`] cut, and told apart from others cut
/// alike by the first 8 hex digits of the line-up's SHA-256.
fn slug(bots: &str) -> String {
    let whole: String = bots
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    if whole.len() <= SLUG_MAX {
        return whole;
    }
    let hash = floe_io::digest::sha256_hex(bots.as_bytes());
    format!("{}-{}", &whole[..SLUG_MAX - 9], &hash[..8])
}

/// Splits a bot spec into its `iters` and the rest (`mcts:iters=300,tree=multi` into 300
/// and `mcts:tree=multi`), or `None` if it sets no `iters`.
fn iterations_of(spec: &str) -> Option<(u64, String)> {
    let (bot, params) = spec.split_once(':')?;
    let mut iters = None;
    let mut rest = Vec::new();
    for param in params.split(',').map(str::trim) {
        match param.strip_prefix("iters=") {
            Some(n) => iters = Some(n.parse().ok()?),
            None => rest.push(param),
        }
    }
    let rest = match rest.is_empty() {
        true => bot.to_string(),
        false => format!("{bot}:{}", rest.join(",")),
    };
    Some((iters?, rest))
}

/// Draws, per line-up and player count, the Bradley-Terry rating of the entrants that
/// differ only in `iters` against their iterations on a log scale, with 95% bars: a line per rest of the spec,
/// drawn when some line has two points or more. Entrants without a rating (see
/// `ratings.csv`'s note) are left out.
fn rating_charts(dir: &Path, name: &str, ratings: &[Row]) -> Result<Vec<PathBuf>> {
    let mut cells: Vec<(String, String)> = Vec::new();
    for row in ratings {
        let cell = (text(row, "bots")?, text(row, "players")?);
        if !cells.contains(&cell) {
            cells.push(cell);
        }
    }
    let mut paths = Vec::new();
    for (bots, players) in cells {
        let mut series: Vec<Series> = Vec::new();
        for row in ratings {
            if (text(row, "bots")?, text(row, "players")?) != (bots.clone(), players.clone()) {
                continue;
            }
            let Ok(rating) = num(row, "rating") else {
                continue;
            };
            let Some((iters, rest)) = iterations_of(&text(row, "bot")?) else {
                continue;
            };
            let point = (iters as f64, rating);
            let band = match (num(row, "rating_low"), num(row, "rating_high")) {
                (Ok(lo), Ok(hi)) => vec![(iters as f64, lo, hi)],
                _ => Vec::new(),
            };
            match series.iter_mut().find(|s| s.name == rest) {
                Some(s) => {
                    s.points.push(point);
                    s.bands.extend(band);
                }
                None => series.push(Series {
                    name: rest,
                    points: vec![point],
                    bands: band,
                    ..Series::default()
                }),
            }
        }
        if series.iter().all(|s| s.points.len() < 2) {
            continue;
        }
        let path = dir.join(format!("ratings-{players}p-{}.svg", slug(&bots)));
        let title =
            format!("{name}: rating against iterations, {players} players (bars: 95% interval)");
        log_line_chart(
            &path,
            &title,
            "iterations per decision (log scale)",
            "Bradley-Terry rating (Elo scale, mean 0)",
            &series,
        )?;
        paths.push(path);
    }
    Ok(paths)
}

/// Gathers the rows of `kind` into one group per player count, with the fair share 1/N.
fn rate_groups(rows: &[&Row], kind: &str) -> Result<Vec<RateGroup>> {
    let mut groups: Vec<RateGroup> = Vec::new();
    for row in rows
        .iter()
        .filter(|r| r.get("kind").and_then(Cell::text) == Some(kind))
    {
        let players = text(row, "players")?;
        let label = match kind {
            "seat" => format!("seat {}", text(row, "key")?),
            _ => text(row, "key")?,
        };
        let rate = Rate {
            label,
            rate: num(row, "win_rate")?,
            low: num(row, "ci_low")?,
            high: num(row, "ci_high")?,
        };
        let group = format!("{players} players");
        match groups.iter_mut().find(|g| g.name == group) {
            Some(g) => g.rates.push(rate),
            None => groups.push(RateGroup {
                name: group,
                rates: vec![rate],
                fair: Some(1.0 / num(row, "players")?),
            }),
        }
    }
    Ok(groups)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rating_row(players: usize, bots: &str, bot: &str, rating: Option<f64>) -> Row {
        [
            ("players", Cell::from(players)),
            ("bots", bots.into()),
            ("bot", bot.into()),
            ("rating", rating.into()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect()
    }

    #[test]
    fn a_sweep_measure_has_its_interval_where_the_row_allows_one() {
        let row: Row = [
            ("games", Cell::Whole(400)),
            ("p_tiles_exhausted", Cell::Real(0.25)),
            ("mean_rounds", Cell::Real(30.0)),
            ("sd_rounds", Cell::Real(5.0)),
            ("mean_margin", Cell::Real(3.0)),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
        assert_eq!(
            interval(&row, "p_tiles_exhausted").unwrap(),
            Some(wilson(100.0, 400))
        );
        let (lo, hi) = interval(&row, "mean_rounds").unwrap().unwrap();
        assert!(
            (lo - (30.0 - 1.959964 * 0.25)).abs() < 1e-4 && (hi - 30.0 - (30.0 - lo)).abs() < 1e-9
        );
        assert_eq!(interval(&row, "mean_margin").unwrap(), None);
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

    #[test]
    fn a_spec_splits_into_its_iterations_and_the_rest() {
        assert_eq!(
            iterations_of("mcts:iters=300,tree=multi"),
            Some((300, "mcts:tree=multi".into()))
        );
        assert_eq!(iterations_of("mcts:iters=100"), Some((100, "mcts".into())));
        assert_eq!(iterations_of("mcts:tree=open"), None);
        assert_eq!(iterations_of("greedy"), None);
        assert_eq!(iterations_of("mcts:iters=lots"), None);
    }

    #[test]
    fn a_long_line_up_gets_a_short_file_name_of_its_own() {
        assert_eq!(slug("random,greedy"), "random-greedy");
        let long = "mcts:iters=100,tree=single,".repeat(8);
        let other = "mcts:iters=100,tree=single,".repeat(9);
        assert_eq!(slug(&long).len(), SLUG_MAX);
        assert_ne!(slug(&long), slug(&other), "same start, different line-ups");
    }

    #[test]
    fn ratings_are_drawn_against_iterations_a_line_per_tree() {
        let dir = tempfile::tempdir().unwrap();
        let bots = "mcts:iters=100,tree=single,mcts:iters=1000,tree=single,mcts:iters=100,tree=open,greedy";
        let rows = vec![
            rating_row(2, bots, "mcts:iters=100,tree=single", Some(-50.5)),
            rating_row(2, bots, "mcts:iters=1000,tree=single", Some(80.0)),
            rating_row(2, bots, "mcts:iters=100,tree=open", Some(-20.0)),
            rating_row(2, bots, "greedy", Some(-9.5)),
            // A cell whose entrants differ in more than iterations: no chart.
            rating_row(4, "greedy,random", "greedy", Some(100.0)),
            rating_row(4, "greedy,random", "random", Some(-100.0)),
        ];
        let paths = rating_charts(dir.path(), "test", &rows).unwrap();
        assert_eq!(paths.len(), 1);
        let name = paths[0].file_name().unwrap().to_string_lossy().into_owned();
        assert_eq!(name, format!("ratings-2p-{}.svg", slug(bots)));
        assert!(is_chart_name(&name));
        let svg = std::fs::read_to_string(&paths[0]).unwrap();
        assert!(svg.contains("mcts:tree=single") && svg.contains("mcts:tree=open"));
        // An entrant without a rating leaves no point; with no line of two, no chart.
        let unrated = vec![
            rating_row(2, bots, "mcts:iters=100,tree=single", None),
            rating_row(2, bots, "mcts:iters=1000,tree=single", Some(80.0)),
        ];
        assert!(
            rating_charts(dir.path(), "test", &unrated)
                .unwrap()
                .is_empty()
        );
    }
}
