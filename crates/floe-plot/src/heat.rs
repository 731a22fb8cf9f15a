//! [`heatmap_chart`]: a statistic over a grid of two parameters, each cell coloured by its
//! value and written with it, the cells a test finds different ringed, and the reach of a
//! fair game's noise shown on the colour scale.

use std::path::Path;

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::style::{self, Key};
use crate::{PlotError, write_chart};

/// One cell of a heatmap.
#[derive(Debug, Clone, PartialEq)]
pub struct HeatCell {
    /// Its column: an index into [`Heatmap::x_names`].
    pub x: usize,
    /// Its row: an index into [`Heatmap::y_names`].
    pub y: usize,
    /// The statistic's value, written in the cell and giving its colour.
    pub value: f64,
    /// Whether the cell is ringed (e.g. its seats cannot be told from a fair game's).
    pub marked: bool,
}

/// A heatmap to draw: a statistic over the grid of two parameters' values.
#[derive(Debug, Clone, PartialEq)]
pub struct Heatmap {
    /// The chart's title.
    pub title: String,
    /// What the columns are (the first parameter).
    pub x_label: String,
    /// What the rows are (the second parameter).
    pub y_label: String,
    /// The columns' values, left to right.
    pub x_names: Vec<String>,
    /// The rows' values, bottom to top.
    pub y_names: Vec<String>,
    /// What a cell's value is, with its unit, for the legend.
    pub value_label: String,
    /// What a ring means, for the legend.
    pub mark_label: String,
    /// Where a fair game's noise reaches on the colour scale, and what it is (say, "a
    /// fair game's noise reaches 2.3"): the scale runs far enough to hold it, and the
    /// legend shows it under the scale as a swatch of its shade, so that a reader sees
    /// which cells are no paler than noise.
    pub noise: Option<(f64, String)>,
    /// The cells; a grid point without one is left blank.
    pub cells: Vec<HeatCell>,
}

/// Steps of the colour scale shown in the legend.
const SCALE_STEPS: usize = 5;

/// Draws `map` to `path` (and its PNG copy): each cell a square coloured from white (the
/// lowest value) to deep blue (the highest) with its value written in it, marked cells
/// ringed, and a legend of the scale with the noise's reach on it.
///
/// # Errors
/// - [`PlotError::InvalidInput`] if there are no cells, a value is not finite, or a cell
///   lies outside the named columns and rows.
/// - [`PlotError::Draw`] or [`PlotError::Write`] as for every chart.
pub fn heatmap_chart(path: &Path, map: &Heatmap) -> Result<(), PlotError> {
    if map.cells.is_empty() {
        return Err(PlotError::invalid(path, "no cells to draw"));
    }
    if let Some((v, _)) = map.noise.as_ref().filter(|(v, _)| !v.is_finite()) {
        return Err(PlotError::invalid(
            path,
            format!("the noise's reach is {v}"),
        ));
    }
    if let Some(c) = map.cells.iter().find(|c| !c.value.is_finite()) {
        return Err(PlotError::invalid(
            path,
            format!("cell ({}, {}) has the value {}", c.x, c.y, c.value),
        ));
    }
    if let Some(c) = map
        .cells
        .iter()
        .find(|c| c.x >= map.x_names.len() || c.y >= map.y_names.len())
    {
        return Err(PlotError::invalid(
            path,
            format!("cell ({}, {}) lies outside the grid's names", c.x, c.y),
        ));
    }
    let mut svg = String::new();
    draw(&mut svg, map).map_err(|e| PlotError::draw(path, e))?;
    write_chart(path, &svg)
}

/// The colour of `value` on the scale from `lo` (white) to `hi` (the palette's first
/// colour).
fn colour(value: f64, (lo, hi): (f64, f64)) -> RGBColor {
    let t = if hi > lo {
        (value - lo) / (hi - lo)
    } else {
        0.5
    };
    let RGBColor(r, g, b) = style::PALETTE[0];
    let mix = |c: u8| (255.0 - t * (255.0 - f64::from(c))).round() as u8;
    RGBColor(mix(r), mix(g), mix(b))
}

/// Returns `value` written as the cells and the legend write it.
fn shown(value: f64, span: f64) -> String {
    style::tick_label(value, span, "")
}

/// Draws `map` (checked) into `svg`.
fn draw(svg: &mut String, map: &Heatmap) -> Result<(), DrawingAreaErrorKind<std::io::Error>> {
    let lo = map
        .cells
        .iter()
        .map(|c| c.value)
        .fold(f64::INFINITY, f64::min);
    let hi = map
        .cells
        .iter()
        .map(|c| c.value)
        .fold(f64::NEG_INFINITY, f64::max);
    // The scale reaches the noise, so that its swatch has its own shade: cells paler than
    // it are within a fair game's noise.
    let (lo, hi) = match &map.noise {
        Some((v, _)) => (lo.min(*v), hi.max(*v)),
        None => (lo, hi),
    };
    let span = (hi - lo).max(f64::EPSILON);
    let mut legend: Vec<(String, Key)> = vec![(map.value_label.clone(), Key::Heading)];
    for k in (0..SCALE_STEPS).rev() {
        let v = lo + (hi - lo) * k as f64 / (SCALE_STEPS - 1) as f64;
        legend.push((shown(v, span), Key::Swatch(colour(v, (lo, hi)))));
    }
    if let Some((v, label)) = &map.noise {
        legend.push((label.clone(), Key::Swatch(colour(*v, (lo, hi)))));
    }
    if map.cells.iter().any(|c| c.marked) {
        legend.push((map.mark_label.clone(), Key::Ring));
    }
    let [root, plot_area, legend_area] = style::frame(svg, &map.title, &legend)?;
    let (nx, ny) = (map.x_names.len() as f64, map.y_names.len() as f64);
    const MARGIN: u32 = 12;
    let mut chart = ChartBuilder::on(&plot_area)
        .margin(MARGIN)
        .x_label_area_size(60)
        .y_label_area_size(style::y_label_area(0.0, 1.0, "") + 40)
        .build_cartesian_2d(-0.5..nx - 0.5, -0.5..ny - 0.5)?;
    let name = |names: &[String], v: f64| match v.round() {
        i if (v - i).abs() < 1e-9 && i >= 0.0 => names.get(i as usize).cloned().unwrap_or_default(),
        _ => String::new(),
    };
    let x_formatter = |x: &f64| name(&map.x_names, *x);
    let y_formatter = |y: &f64| name(&map.y_names, *y);
    chart
        .configure_mesh()
        .disable_mesh()
        .x_labels(map.x_names.len())
        .y_labels(map.y_names.len())
        .x_desc(map.x_label.as_str())
        .y_desc(map.y_label.as_str())
        .x_label_formatter(&x_formatter)
        .y_label_formatter(&y_formatter)
        .label_style(style::font(style::TICK_SIZE))
        .axis_desc_style(style::font(style::AXIS_DESC_SIZE))
        .draw()?;
    let text = style::font(style::TICK_SIZE).pos(Pos::new(HPos::Center, VPos::Center));
    for c in &map.cells {
        let (x, y) = (c.x as f64, c.y as f64);
        chart.draw_series([Rectangle::new(
            [(x - 0.5, y - 0.5), (x + 0.5, y + 0.5)],
            colour(c.value, (lo, hi)).filled(),
        )])?;
        chart.draw_series([Rectangle::new(
            [(x - 0.5, y - 0.5), (x + 0.5, y + 0.5)],
            WHITE.stroke_width(2),
        )])?;
        let at = chart.backend_coord(&(x, y));
        if c.marked {
            root.draw(&Circle::new(at, 22, BLACK.stroke_width(2)))?;
        }
        // Dark cells take white figures, so that every value reads.
        let ink = match (c.value - lo) / span > 0.6 {
            true => text.clone().color(&WHITE),
            false => text.clone(),
        };
        root.draw(&Text::new(shown(c.value, span), at, ink))?;
    }
    style::draw_legend(&legend_area, MARGIN as i32, &legend)?;
    root.present()?;
    Ok(())
}
