//! The charts of MCTS strength against its budget: per line-up and player count, the
//! Bradley-Terry rating of entrants that differ only in their `iters`, against the
//! iterations on a log scale, a line per rest of the spec (a tree kind).

use std::path::{Path, PathBuf};

use anyhow::Result;
use floe_plot::{Series, log_line_chart};

use super::names::slug;
use crate::rows::{Row, num, text};

/// Splits a bot spec into its `iters` and the rest (`mcts:iters=300,tree=multi` into 300
/// and `mcts:tree=multi`), or `None` if it sets no `iters`.
pub(super) fn iterations_of(spec: &str) -> Option<(u64, String)> {
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
pub(super) fn rating_charts(dir: &Path, name: &str, ratings: &[Row]) -> Result<Vec<PathBuf>> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charts::is_chart_name;
    use floe_sim::table::Cell;

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
