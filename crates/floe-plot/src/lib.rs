//! Floe's chart drawing: takes plain typed data and writes an SVG chart.
//!
//! Two kinds of chart, drawn with [`plotters`] into a self-contained SVG file:
//!
//! - [`rate_chart`]: shares with their 95% intervals, in groups side by side, e.g. the win
//!   rate of each seat for each player count. Each rate is a point with an interval whisker;
//!   each group can carry the rate that would be fair (e.g. 1/4 for four players), drawn as a
//!   dashed reference line across the group. Rates are given as fractions (0.25) and shown
//!   in percent (25%).
//! - [`line_chart`]: lines against a numeric x axis, e.g. the share of games that ended
//!   because tiles ran out against the number of tiles removed, one line per player count,
//!   each line optionally with one x value ringed (e.g. the rulebook's choice).
//!   [`step_chart`] draws the same lines against named steps (e.g. a ladder of bots).
//!
//! Each chart is written as SVG and, beside it, as PNG ([`png_path`]). Both are written to
//! a temporary file next to the target and renamed into place only when complete, so a
//! failure never leaves a half-written chart. Bad input
//! (nothing to draw, NaN or infinite values, an interval that does not hold its rate) is
//! reported as [`PlotError::InvalidInput`], never a panic.
//!
//! The crate needs no system libraries or font files: text is written as SVG `<text>`
//! elements in the viewer's sans-serif font, and its width is estimated from its length;
//! the PNG copy sets it in the DejaVu Sans font the crate carries.
//!
//! ```no_run
//! use floe_plot::{Rate, RateGroup, rate_chart};
//!
//! let groups = vec![RateGroup {
//!     name: "2 players".into(),
//!     rates: vec![
//!         Rate { label: "seat 0".into(), rate: 0.51, low: 0.505, high: 0.515 },
//!         Rate { label: "seat 1".into(), rate: 0.49, low: 0.485, high: 0.495 },
//!     ],
//!     fair: Some(0.5),
//!     found: None,
//! }];
//! rate_chart("seats.svg".as_ref(), "Win rate by seat", "win rate", &groups)?;
//! # Ok::<(), floe_plot::PlotError>(())
//! ```

use std::io;
use std::path::{Path, PathBuf};

mod heat;
mod line;
mod png;
mod rate;
mod style;

pub use heat::{HeatCell, Heatmap, heatmap_chart};
pub use line::{line_chart, log_line_chart, step_chart};
pub use png::png_path;
pub use rate::{rate_chart, rate_gap_chart};
pub use style::thousands;

/// A rate with its 95% interval, e.g. a win rate.
///
/// All three numbers are fractions (0.25 for 25%) and must satisfy `low <= rate <= high`.
#[derive(Debug, Clone, PartialEq)]
pub struct Rate {
    /// What the rate is of, e.g. "seat 0" or "red".
    pub label: String,
    /// The measured rate, as a fraction.
    pub rate: f64,
    /// The low end of the 95% interval, as a fraction.
    pub low: f64,
    /// The high end of the 95% interval, as a fraction.
    pub high: f64,
}

/// One group of rates drawn side by side, e.g. the seats of a 4-player game, with the rate
/// that would be fair (e.g. 1/4), drawn as a dashed reference line over the group.
#[derive(Debug, Clone, PartialEq)]
pub struct RateGroup {
    /// The group's name, shown under it on the x axis, e.g. "4 players".
    pub name: String,
    /// The rates of the group, drawn left to right in this order.
    pub rates: Vec<Rate>,
    /// The fair rate for this group, as a fraction, if there is one.
    pub fair: Option<f64>,
    /// What a test found of the group, when one was made: `Some(true)` draws its points
    /// filled (the rates differ), `Some(false)` hollow (the test cannot tell them apart);
    /// `None` (no test) filled. Say in the title what test and standard.
    pub found: Option<bool>,
}

/// One line of a line chart.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Series {
    /// The line's name, shown in the legend, e.g. "3 players".
    pub name: String,
    /// The points `(x, y)` of the line; they are drawn in order of x.
    pub points: Vec<(f64, f64)>,
    /// An x value to highlight on this line (e.g. the rulebook's choice), drawn as a ring
    /// on the line at that x. It must lie within the line's x range; between two points the
    /// ring sits on the straight segment joining them.
    pub marked: Option<f64>,
    /// The 95% interval of the line at some of its x values, as `(x, low, high)`: drawn as
    /// an error bar at each x and, between them, a light band in the line's colour. Empty
    /// for a line without intervals.
    pub bands: Vec<(f64, f64, f64)>,
    /// A reference line in the series' colour, dashed and without points (e.g. the noise
    /// floor a fair game stays under); say what it is in the title. Empty for none.
    pub reference: Vec<(f64, f64)>,
    /// Whether the points are separate measurements (the cells of a sweep, each with its
    /// own noise) rather than a curve: then no line joins them and no band spans between
    /// their intervals, so that noise does not read as a trend; each point stands with its
    /// own bar, the series set a little apart sideways so that bars at one x stay apart,
    /// and a reference is a short dash at each point's x.
    pub apart: bool,
    /// The x values whose points are drawn hollow (e.g. where a test cannot tell); the
    /// others filled. Say what hollow means in the title.
    pub hollow: Vec<f64>,
}

/// Why a chart could not be drawn or written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlotError {
    /// The data cannot be drawn: nothing to draw, a NaN or infinite value, an interval
    /// that does not hold its rate, or a marked x outside its line.
    #[error("cannot draw chart {}: {reason}", path.display())]
    InvalidInput {
        /// The chart that was asked for.
        path: PathBuf,
        /// What is wrong with the data.
        reason: String,
    },
    /// The drawing library failed while drawing the chart.
    #[error("drawing chart {} failed: {message}", path.display())]
    Draw {
        /// The chart that was being drawn.
        path: PathBuf,
        /// The drawing library's message.
        message: String,
    },
    /// The chart was drawn but the file could not be written.
    #[error("cannot write chart {}", path.display())]
    Write {
        /// The chart that was being written.
        path: PathBuf,
        /// The underlying input/output error.
        #[source]
        source: io::Error,
    },
}

impl PlotError {
    /// Builds an [`PlotError::InvalidInput`] for `path`.
    pub(crate) fn invalid(path: &Path, reason: impl Into<String>) -> Self {
        PlotError::InvalidInput {
            path: path.to_path_buf(),
            reason: reason.into(),
        }
    }

    /// Builds a [`PlotError::Draw`] for `path` from any drawing error.
    pub(crate) fn draw(path: &Path, err: impl std::fmt::Display) -> Self {
        PlotError::Draw {
            path: path.to_path_buf(),
            message: err.to_string(),
        }
    }
}

/// Writes the chart `svg` to `path` and its PNG copy beside it ([`png_path`]), each
/// whole or not at all.
///
/// # Errors
/// [`PlotError::Draw`] if the PNG cannot be made, [`PlotError::Write`] if a file cannot
/// be written.
pub(crate) fn write_chart(path: &Path, svg: &str) -> Result<(), PlotError> {
    // Every text of a chart (titles, labels, names from a rules file or a bot) reaches the
    // SVG here: a character XML may not hold is shown escaped.
    let svg = floe_io::gate::xml(svg);
    let svg = svg.as_ref();
    let png = png::render(path, svg)?;
    write_atomically(path, svg.as_bytes())?;
    write_atomically(&png_path(path), &png)
}

/// Writes `contents` to `path` whole or not at all, through Floe's one door for files
/// ([`floe_io::write`]): staged beside the path, synced, then moved into place. The caller
/// (a results folder's staging, or a user's own call) decides what may be replaced.
///
/// # Errors
///
/// [`PlotError::Write`] if the file cannot be written; nothing is left behind then.
fn write_atomically(path: &Path, contents: &[u8]) -> Result<(), PlotError> {
    floe_io::write::whole(path, contents, floe_io::write::Existing::Replace, "")
        .map(|_| ())
        .map_err(|source| PlotError::Write {
            path: path.to_path_buf(),
            source,
        })
}
