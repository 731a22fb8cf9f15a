//! Draws each kind of chart with realistic made-up data, to look at by eye.
//!
//! `cargo run -p floe-plot --example demo_charts -- DIR` writes `seats.svg`, `colours.svg`
//! and `tiles.svg` into DIR (default: the current directory).

use std::path::{Path, PathBuf};

use floe_plot::{PlotError, Rate, RateGroup, Series, line_chart, rate_chart};

/// Builds a rate with a symmetric interval of `half` around `rate`.
fn rate(label: &str, rate: f64, half: f64) -> Rate {
    Rate {
        label: label.to_string(),
        rate,
        low: rate - half,
        high: rate + half,
    }
}

fn main() -> Result<(), PlotError> {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| ".".to_string()));
    seats_chart(&dir)?;
    colours_chart(&dir)?;
    tiles_chart(&dir)?;
    bots_charts(&dir)
}

/// Seat win rates for 2 to 6 players, seat 0 a little ahead.
fn seats_chart(dir: &Path) -> Result<(), PlotError> {
    // Seat win rates for 2 to 6 players: seat 0 a little ahead, intervals shrinking with
    // more games.
    let seats: Vec<RateGroup> = (2..=6usize)
        .map(|n| {
            let fair = 1.0 / n as f64;
            let rates = (0..n)
                .map(|s| {
                    let edge = 0.02 / n as f64 * (n as f64 / 2.0 - s as f64 - 0.5) / n as f64;
                    rate(&format!("seat {s}"), fair + edge, 0.002 + 0.001 * n as f64)
                })
                .collect();
            RateGroup {
                name: format!("{n} players"),
                rates,
                fair: Some(fair),
            }
        })
        .collect();
    rate_chart(
        &dir.join("seats.svg"),
        "Win rate by seat and player count (greedy bots, 200,000 games each)",
        "win rate",
        &seats,
    )
}

/// Colour win rates in 4-player games: one group.
fn colours_chart(dir: &Path) -> Result<(), PlotError> {
    // Colour win rates in 4-player games: one group.
    let colours = ["red", "blue", "green", "yellow", "black", "white"];
    let offsets = [0.0012, -0.0008, 0.0003, -0.0015, 0.0009, -0.0002];
    let colour_group = RateGroup {
        name: "colour".to_string(),
        rates: colours
            .iter()
            .zip(offsets)
            .map(|(c, o)| rate(c, 0.25 + o, 0.002))
            .collect(),
        fair: Some(0.25),
    };
    rate_chart(
        &dir.join("colours.svg"),
        "Win rate by colour, 4 players",
        "win rate",
        &[colour_group],
    )
}

/// A line chart against tiles removed, with rings.
fn tiles_chart(dir: &Path) -> Result<(), PlotError> {
    // Share of games ended by the tiles running out, against tiles removed.
    let series: Vec<Series> = (2..=6usize)
        .map(|n| {
            let points = (0..=10)
                .map(|t| {
                    let t = f64::from(t);
                    let share = 100.0 / (1.0 + (-(t - 10.0 + n as f64 * 1.1) * 0.9).exp());
                    (t, share)
                })
                .collect();
            Series {
                name: format!("{n} players"),
                points,
                marked: Some(f64::from(12 - 2 * n as u32)),
                bands: Vec::new(),
                reference: Vec::new(),
            }
        })
        .collect();
    line_chart(
        &dir.join("tiles.svg"),
        "Games ended by tiles running out (ring: rulebook's choice)",
        "tiles removed from the bag",
        "games ended by tiles running out (%)",
        &series,
    )
}

/// Bot win rates: six line-ups of six bots with long names (the layout at its fullest),
/// and one rate per group under a title too long for the canvas.
fn bots_charts(dir: &Path) -> Result<(), PlotError> {
    // Bot win rates: six line-ups of six bots each, with long names, to check the layout
    // at its fullest.
    let bots = [
        "random",
        "greedy",
        "mcts-100",
        "mcts-1000",
        "mcts-10000 greedy",
        "human-like",
    ];
    let lineups: Vec<RateGroup> = (0..6usize)
        .map(|g| RateGroup {
            name: format!("line-up {g}: mixed strengths"),
            rates: bots
                .iter()
                .enumerate()
                .map(|(b, name)| {
                    let r = 0.05 + 0.05 * b as f64 + 0.01 * g as f64;
                    rate(name, r, 0.004 + 0.002 * b as f64)
                })
                .collect(),
            fair: Some(1.0 / 6.0),
        })
        .collect();
    rate_chart(
        &dir.join("bots.svg"),
        "Bot win rates in six-player line-ups",
        "win rate (share of games won)",
        &lineups,
    )?;

    // Bot win rates with one rate per group, and a title too long for the canvas.
    let single_rates: Vec<RateGroup> = bots
        .iter()
        .enumerate()
        .map(|(b, name)| RateGroup {
            name: name.to_string(),
            rates: vec![rate(
                "win rate vs 3 greedy bots",
                0.1 + 0.05 * b as f64,
                0.01,
            )],
            fair: Some(0.25),
        })
        .collect();
    rate_chart(
        &dir.join("bots-vs-greedy.svg"),
        "Win rate of each bot against three greedy bots in four-player games, 10,000 games per bot",
        "win rate",
        &single_rates,
    )
}
