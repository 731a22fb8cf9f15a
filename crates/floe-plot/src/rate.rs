//! The rate chart: shares with their intervals, in groups side by side.

use std::ops::Range;
use std::path::Path;

use floe_io::gate::quoted;
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint, Ranged};
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::style::{self, Key};
use crate::{PlotError, Rate, RateGroup, write_chart};

/// The radius in pixels of a rate's point.
pub(crate) const POINT_RADIUS: i32 = 5;
/// The stroke width of a rate's whisker.
pub(crate) const WHISKER_WIDTH: u32 = 2;

/// Draws grouped rates as points with 95% interval whiskers and writes the chart to `path`
/// as SVG.
///
/// Groups stand side by side along x (e.g. "2 players", "3 players", ...), named under the
/// axis; within a group the rates stand left to right in their order. Rates with the same
/// label share a colour across groups, and the legend names each label (e.g. "seat 0");
/// eight labels get distinct colours, more repeat them. A label that names a common colour
/// ("red", "yellow", ...) is drawn in that colour. Long group names wrap onto up to
/// three lines and shrink to fit their group's width.
/// A group's fair rate is a dashed grey line across that group.
///
/// With a single group (e.g. the win rate of each colour), each rate's label stands under
/// its point instead, the group's name labels the x axis, and all points share one colour.
///
/// Rates are fractions (0.25) and the y axis shows them in percent (ticks read "25%");
/// `y_label` names the axis, e.g. "win rate". The y range covers every whisker and fair
/// line with some padding, and does not go below 0% or above 100% unless the data does.
///
/// # Errors
///
/// - [`PlotError::InvalidInput`] if there are no groups, a group has no rates, a number is
///   NaN or infinite, or a rate lies outside its interval (`low <= rate <= high` must hold).
/// - [`PlotError::Draw`] if drawing fails.
/// - [`PlotError::Write`] if the file cannot be written; no partial file is left at `path`.
pub fn rate_chart(
    path: &Path,
    title: &str,
    y_label: &str,
    groups: &[RateGroup],
) -> Result<(), PlotError> {
    validate(path, groups)?;
    render(path, title, y_label, groups, Scale::Percent)
}

/// Draws grouped rates as [`rate_chart`] does, each as its gap from its group's fair rate
/// in percentage points (`+1.5`: one and a half points above fair), so that charts of any
/// rates read on one scale: the dashed fair line is 0, and the y axis runs as far below it
/// as above, so a gap is neither blown up by a zoomed axis nor pressed into the fair line.
///
/// # Errors
///
/// As [`rate_chart`], and [`PlotError::InvalidInput`] if a group has no fair rate.
pub fn rate_gap_chart(
    path: &Path,
    title: &str,
    y_label: &str,
    groups: &[RateGroup],
) -> Result<(), PlotError> {
    validate(path, groups)?;
    let gaps = groups
        .iter()
        .map(|g| {
            let fair = g.fair.ok_or_else(|| {
                PlotError::invalid(
                    path,
                    format!("group {} has no fair rate to measure from", quoted(&g.name)),
                )
            })?;
            let rates = g
                .rates
                .iter()
                .map(|r| Rate {
                    label: r.label.clone(),
                    rate: r.rate - fair,
                    low: r.low - fair,
                    high: r.high - fair,
                })
                .collect();
            Ok(RateGroup {
                name: g.name.clone(),
                rates,
                fair: Some(0.0),
                found: g.found,
            })
        })
        .collect::<Result<Vec<_>, PlotError>>()?;
    render(path, title, y_label, &gaps, Scale::GapPoints)
}

/// Draws `groups` (validated) on `scale` and writes the chart to `path`.
fn render(
    path: &Path,
    title: &str,
    y_label: &str,
    groups: &[RateGroup],
    scale: Scale,
) -> Result<(), PlotError> {
    let mut svg = String::new();
    draw(&mut svg, title, y_label, groups, scale).map_err(|e| PlotError::draw(path, e))?;
    write_chart(path, &svg)
}

/// How a rate chart's y axis reads.
#[derive(Clone, Copy, PartialEq)]
enum Scale {
    /// Rates in percent, `25%`.
    Percent,
    /// Gaps from the fair rate in percentage points, `+1.5`, on an axis as long below 0 as
    /// above.
    GapPoints,
}

impl Scale {
    /// Returns the tick label of `y` (in percent or points) on an axis spanning `span`.
    fn tick(self, y: f64, span: f64) -> String {
        match self {
            Scale::Percent => style::tick_label(y, span, "%"),
            Scale::GapPoints => {
                let text = style::tick_label(y, span, "");
                if y > 0.0 && text != "0" {
                    format!("+{text}")
                } else {
                    text
                }
            }
        }
    }
}

/// Checks that `groups` can be drawn.
fn validate(path: &Path, groups: &[RateGroup]) -> Result<(), PlotError> {
    if groups.is_empty() {
        return Err(PlotError::invalid(path, "no groups of rates to draw"));
    }
    for group in groups {
        if group.rates.is_empty() {
            return Err(PlotError::invalid(
                path,
                format!("group {} has no rates", quoted(&group.name)),
            ));
        }
        if let Some(fair) = group.fair {
            if !fair.is_finite() {
                return Err(PlotError::invalid(
                    path,
                    format!("the fair rate of group {} is {fair}", quoted(&group.name)),
                ));
            }
        }
        for r in &group.rates {
            let numbers = [r.rate, r.low, r.high];
            if numbers.iter().any(|v| !v.is_finite()) {
                return Err(PlotError::invalid(
                    path,
                    format!(
                        "rate {} of group {} is not a finite number: rate {}, interval {} to {}",
                        quoted(&r.label),
                        quoted(&group.name),
                        r.rate,
                        r.low,
                        r.high
                    ),
                ));
            }
            if !(r.low <= r.rate && r.rate <= r.high) {
                return Err(PlotError::invalid(
                    path,
                    format!(
                        "rate {} of group {} lies outside its interval: rate {}, interval {} to {}",
                        quoted(&r.label),
                        quoted(&group.name),
                        r.rate,
                        r.low,
                        r.high
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Returns the x positions of the `k` rates of group `g` (groups span `g..g + 1`).
fn positions(g: usize, k: usize, single: bool) -> Vec<f64> {
    let step = if single {
        0.8 / k as f64
    } else {
        (0.8 / k as f64).min(0.16)
    };
    (0..k)
        .map(|i| g as f64 + 0.5 + (i as f64 - (k as f64 - 1.0) / 2.0) * step)
        .collect()
}

/// The colour of each rate's label, and the legend that names them.
struct Palette<'a> {
    /// Distinct labels in order of first appearance; each gets a colour.
    labels: Vec<&'a str>,
    /// One group: every point in the first colour, labelled under the axis.
    single: bool,
}

impl<'a> Palette<'a> {
    fn of(groups: &'a [RateGroup]) -> Palette<'a> {
        let mut labels: Vec<&str> = Vec::new();
        for r in groups.iter().flat_map(|g| &g.rates) {
            if !labels.contains(&r.label.as_str()) {
                labels.push(&r.label);
            }
        }
        Palette {
            labels,
            single: groups.len() == 1,
        }
    }

    /// The colour of the rates labelled `label`.
    fn colour(&self, label: &str) -> RGBColor {
        if self.single {
            return style::colour(0);
        }
        style::named(label).unwrap_or_else(|| {
            style::colour(self.labels.iter().position(|l| *l == label).unwrap_or(0))
        })
    }

    /// The legend: each label's whisker (one entry with a single group), the fair line
    /// when a group has one, and what filled and hollow points mean when a group was
    /// tested.
    fn legend(&self, has_fair: bool, tested: bool) -> Vec<(String, Key)> {
        let mut legend: Vec<(String, Key)> = if self.single {
            vec![(
                "rate, 95% interval".to_string(),
                Key::Whisker(style::colour(0)),
            )]
        } else {
            self.labels
                .iter()
                .map(|l| (l.to_string(), Key::Whisker(self.colour(l))))
                .collect()
        };
        if has_fair {
            legend.push(("fair rate".to_string(), Key::Dashed(style::REFERENCE)));
        }
        if tested {
            legend.extend(style::found_keys());
        }
        legend
    }
}

/// The y range in percent, covering every whisker and fair line with some padding.
fn y_range(groups: &[RateGroup], scale: Scale) -> (f64, f64) {
    let values = groups.iter().flat_map(|g| {
        g.rates
            .iter()
            .flat_map(|r| [r.low, r.high])
            .chain(g.fair)
            .map(percent)
    });
    let (lo, hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    match scale {
        Scale::Percent => style::padded_range(lo, hi, Some(100.0)),
        Scale::GapPoints => {
            let reach = lo.abs().max(hi.abs());
            style::padded_range(-reach, reach, None)
        }
    }
}

/// A share in percent.
fn percent(v: f64) -> f64 {
    v * 100.0
}

/// The x ticks: the group names at group centres, or with a single group each rate's
/// label.
fn x_ticks(groups: &[RateGroup]) -> Vec<(f64, String)> {
    if groups.len() == 1 {
        positions(0, groups[0].rates.len(), true)
            .into_iter()
            .zip(&groups[0].rates)
            .map(|(x, r)| (x, r.label.clone()))
            .collect()
    } else {
        groups
            .iter()
            .enumerate()
            .map(|(g, group)| (g as f64 + 0.5, group.name.clone()))
            .collect()
    }
}

/// The chart's drawing area: x over the groups (ticked at `TickedAxis`), y in percent.
type RateArea<'a, 'b> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<TickedAxis, RangedCoordf64>>;

/// Draws the chart as SVG into `svg`. The data has been validated.
fn draw(
    svg: &mut String,
    title: &str,
    y_label: &str,
    groups: &[RateGroup],
    scale: Scale,
) -> Result<(), Box<dyn std::error::Error>> {
    let single = groups.len() == 1;
    let palette = Palette::of(groups);
    let legend = palette.legend(
        groups.iter().any(|g| g.fair.is_some()),
        groups.iter().any(|g| g.found.is_some()),
    );
    let (y_lo, y_hi) = y_range(groups, scale);
    let y_span = y_hi - y_lo;
    let n = groups.len();
    let ticks = x_ticks(groups);

    let [root, plot_area, legend_area] = style::frame(svg, title, &legend)?;

    const MARGIN: u32 = 12;
    let y_label_area = style::y_label_area(y_lo, y_hi, "%+");
    let (plot_width, _) = plot_area.dim_in_pixel();
    let axis_px = f64::from(plot_width.saturating_sub(y_label_area + 2 * MARGIN));
    let tick_room = if single {
        axis_px * 0.8 / groups[0].rates.len() as f64
    } else {
        axis_px / n as f64
    } - 8.0;
    let tick_texts: Vec<&str> = ticks.iter().map(|(_, t)| t.as_str()).collect();
    let (tick_size, tick_lines) = style::fit_labels(&tick_texts, tick_room, 3, style::TICK_SIZE);
    let tick_line_height = style::line_height(tick_size);
    let most_lines = tick_lines.iter().map(Vec::len).max().unwrap_or(0);
    const TICK_GAP: f64 = 10.0;
    let desc_height = if single { 35.0 } else { 0.0 };
    let x_label_area = (TICK_GAP + most_lines as f64 * tick_line_height + desc_height + 8.0) as u32;

    let x_range = TickedAxis {
        range: 0.0..n as f64,
        ticks: ticks.iter().map(|(x, _)| *x).collect(),
    };
    let mut chart = ChartBuilder::on(&plot_area)
        .margin(MARGIN)
        .x_label_area_size(x_label_area)
        .y_label_area_size(y_label_area)
        .build_cartesian_2d(x_range, y_lo..y_hi)?;

    // Tick labels are drawn below, wrapped; plotters draws only the tick marks.
    let x_formatter = |_: &f64| String::new();
    let y_formatter = |y: &f64| scale.tick(*y, y_span);
    let mut mesh = chart.configure_mesh();
    mesh.disable_x_mesh()
        .light_line_style(WHITE)
        .bold_line_style(style::GRID)
        .y_desc(y_label)
        .x_label_formatter(&x_formatter)
        .y_label_formatter(&y_formatter)
        .y_label_style(style::font(style::TICK_SIZE))
        .axis_desc_style(style::font(style::AXIS_DESC_SIZE));
    if single {
        mesh.x_desc(groups[0].name.as_str());
    }
    mesh.draw()?;

    let tick_style = style::font(tick_size).pos(Pos::new(HPos::Center, VPos::Top));
    for ((x, _), lines) in ticks.iter().zip(&tick_lines) {
        let (px, py) = chart.backend_coord(&(*x, y_lo));
        for (i, line) in lines.iter().enumerate() {
            let y = py + (TICK_GAP + i as f64 * tick_line_height) as i32;
            root.draw(&Text::new(line.clone(), (px, y), tick_style.clone()))?;
        }
    }
    draw_rates(&mut chart, groups, &palette, (y_lo, y_hi))?;
    style::draw_legend(&legend_area, MARGIN as i32, &legend)?;
    root.present()?;
    Ok(())
}

/// Draws the separators between groups, each group's fair line, and every rate's point
/// and whisker.
fn draw_rates(
    chart: &mut RateArea<'_, '_>,
    groups: &[RateGroup],
    palette: &Palette,
    (y_lo, y_hi): (f64, f64),
) -> Result<(), Box<dyn std::error::Error>> {
    let (n, single) = (groups.len(), palette.single);
    for g in 1..n {
        let x = g as f64;
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(x, y_lo), (x, y_hi)],
            style::GRID.stroke_width(1),
        )))?;
    }
    for (g, group) in groups.iter().enumerate() {
        let xs = positions(g, group.rates.len(), single);
        if let Some(fair) = group.fair {
            let (left, right) = if single {
                (0.02, n as f64 - 0.02)
            } else {
                (g as f64 + 0.06, g as f64 + 0.94)
            };
            chart.draw_series(DashedLineSeries::new(
                vec![(left, percent(fair)), (right, percent(fair))],
                8,
                5,
                style::REFERENCE.stroke_width(2),
            ))?;
        }
        let cap = if single { 0.02_f64 } else { 0.04 }.min((xs.len() as f64).recip() * 0.08);
        for (x, r) in xs.into_iter().zip(&group.rates) {
            let c = palette.colour(&r.label);
            let (low, high) = (percent(r.low), percent(r.high));
            // One polyline per whisker: bottom cap, stem, top cap.
            chart.draw_series(std::iter::once(PathElement::new(
                vec![
                    (x - cap, low),
                    (x + cap, low),
                    (x, low),
                    (x, high),
                    (x - cap, high),
                    (x + cap, high),
                ],
                c.stroke_width(WHISKER_WIDTH),
            )))?;
            let at = (x, percent(r.rate));
            chart.draw_series(style::dot(at, POINT_RADIUS, c, group.found != Some(false)))?;
        }
    }
    Ok(())
}

/// A numeric x axis with ticks only at given values (the groups' or rates' positions).
#[derive(Clone)]
struct TickedAxis {
    range: Range<f64>,
    ticks: Vec<f64>,
}

impl Ranged for TickedAxis {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        let fraction = (value - self.range.start) / (self.range.end - self.range.start);
        limit.0 + (f64::from(limit.1 - limit.0) * fraction).round() as i32
    }

    fn key_points<Hint: KeyPointHint>(&self, _hint: Hint) -> Vec<f64> {
        self.ticks.clone()
    }

    fn range(&self) -> Range<f64> {
        self.range.clone()
    }
}
