//! The line chart: lines against a numeric x axis, or against named steps.

use std::path::Path;

use floe_io::gate::quoted;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;

use crate::style::{self, Key};
use crate::{PlotError, Series, write_chart};

/// The radius in pixels of a data point on a line.
pub(crate) const POINT_RADIUS: i32 = 3;
/// The radius in pixels of the ring around a marked x.
pub(crate) const RING_RADIUS: i32 = 8;
/// Half the width in pixels of an error bar's cap.
const CAP: i32 = 5;

/// Draws lines against a numeric x axis, with a legend, and writes the chart to `path` as
/// SVG.
///
/// E.g. "share of games ended by tiles running out" (y) against "tiles removed" (x), one
/// line per player count, with the rulebook's choice marked on each line. Each line has a
/// dot at each of its points and its own colour (eight distinct colours, then they
/// repeat). A line's `marked` x is drawn as a ring in the line's colour, and the legend
/// shows a ring on that line's key; say what the ring means in the title or an axis label
/// (e.g. "ring: rulebook's choice").
///
/// y values are drawn as given; put the unit in `y_label` (e.g. "games ended (%)"). The
/// axis ranges cover all points with some padding and do not cross zero unless the data
/// does.
///
/// # Errors
///
/// - [`PlotError::InvalidInput`] if there are no series, a series has no points, a number
///   is NaN or infinite, or a marked x lies outside its line's x range.
/// - [`PlotError::Draw`] if drawing fails.
/// - [`PlotError::Write`] if the file cannot be written; no partial file is left at `path`.
pub fn line_chart(
    path: &Path,
    title: &str,
    x_label: &str,
    y_label: &str,
    series: &[Series],
) -> Result<(), PlotError> {
    render(path, [title, x_label, y_label], series, XAxis::Linear)
}

/// Draws lines as [`line_chart`] does, against a logarithmic x axis: points are given at
/// their own x values (all above 0, e.g. iterations per decision) and drawn at log10 x,
/// the ticks on whole powers of ten labelled as numbers (`100`, `1,000`, `10,000`).
///
/// # Errors
///
/// As [`line_chart`], and [`PlotError::InvalidInput`] if an x value is not above 0.
pub fn log_line_chart(
    path: &Path,
    title: &str,
    x_label: &str,
    y_label: &str,
    series: &[Series],
) -> Result<(), PlotError> {
    let xs = series.iter().flat_map(|s| {
        let marked = s.marked.iter().copied();
        s.points
            .iter()
            .map(|p| p.0)
            .chain(s.bands.iter().map(|b| b.0))
            .chain(marked)
    });
    if let Some(x) = xs.into_iter().find(|x| x.is_nan() || *x <= 0.0) {
        return Err(PlotError::invalid(
            path,
            format!("x = {x} cannot be drawn on a logarithmic axis (every x must be above 0)"),
        ));
    }
    let logged: Vec<Series> = series
        .iter()
        .map(|s| Series {
            name: s.name.clone(),
            points: s.points.iter().map(|&(x, y)| (x.log10(), y)).collect(),
            marked: s.marked.map(f64::log10),
            bands: s
                .bands
                .iter()
                .map(|&(x, lo, hi)| (x.log10(), lo, hi))
                .collect(),
            reference: s.reference.iter().map(|&(x, y)| (x.log10(), y)).collect(),
            apart: s.apart,
            hollow: s.hollow.iter().map(|x| x.log10()).collect(),
        })
        .collect();
    render(path, [title, x_label, y_label], &logged, XAxis::Log10)
}

/// Checks `series`, draws them against `axis` with `labels` (title, x and y axis) and
/// writes the chart to `path`.
fn render(
    path: &Path,
    labels: [&str; 3],
    series: &[Series],
    axis: XAxis<'_>,
) -> Result<(), PlotError> {
    let lines = prepare(path, series)?;
    let [title, x_label, y_label] = labels;
    let mut svg = String::new();
    draw(&mut svg, title, x_label, y_label, series, lines, axis)
        .map_err(|e| PlotError::draw(path, e))?;
    write_chart(path, &svg)
}

/// Returns `x` rounded to two significant digits (3981 to 4000).
fn two_digits(x: f64) -> f64 {
    let unit = 10f64.powi(x.log10().floor() as i32 - 1);
    (x / unit).round() * unit
}

/// How the x axis of a line chart reads.
#[derive(Clone, Copy)]
enum XAxis<'a> {
    /// Numbers as they are.
    Linear,
    /// log10 of the numbers, ticks on whole powers of ten labelled with the numbers.
    Log10,
    /// The index of a named step.
    Steps(&'a [String]),
}

/// Draws lines as [`line_chart`] does, against named steps instead of a numeric x axis:
/// a point's x is the index of its step in `steps` (0, 1, 2, ...), and each step's tick
/// carries its name, e.g. the entrants of a ladder of bots, weakest first.
///
/// # Errors
///
/// As [`line_chart`], and [`PlotError::InvalidInput`] if there are no steps or a point's
/// x is not the index of one.
pub fn step_chart(
    path: &Path,
    title: &str,
    x_label: &str,
    y_label: &str,
    steps: &[String],
    series: &[Series],
) -> Result<(), PlotError> {
    if steps.is_empty() {
        return Err(PlotError::invalid(path, "no steps to draw against"));
    }
    let off_step = |x: f64| x.fract() != 0.0 || x < 0.0 || x >= steps.len() as f64;
    if let Some((s, (x, _))) = series
        .iter()
        .find_map(|s| s.points.iter().find(|p| off_step(p.0)).map(|p| (s, p)))
    {
        return Err(PlotError::invalid(
            path,
            format!(
                "series {} has a point at x = {x}, not the index of one of the {}",
                quoted(&s.name),
                floe_io::count(steps.len(), "step")
            ),
        ));
    }
    render(path, [title, x_label, y_label], series, XAxis::Steps(steps))
}

/// A series ready to draw: its points sorted by x (and whether each is filled), its
/// marked point if any, and its intervals and reference line sorted by x.
struct Line {
    points: Vec<(f64, f64)>,
    filled: Vec<bool>,
    mark: Option<(f64, f64)>,
    bands: Vec<(f64, f64, f64)>,
    reference: Vec<(f64, f64)>,
    apart: bool,
}

impl Line {
    /// Moves the whole line `dx` along x.
    fn shift(&mut self, dx: f64) {
        for p in &mut self.points {
            p.0 += dx;
        }
        for b in &mut self.bands {
            b.0 += dx;
        }
        for r in &mut self.reference {
            r.0 += dx;
        }
        if let Some(m) = &mut self.mark {
            m.0 += dx;
        }
    }
}

/// Sets the lines drawn apart side by side: each moved along x by its share of 60% of the
/// smallest gap between two x values of any of them, centred on the true x, so that the
/// bars of several lines at one x do not hide each other. Returns the half-width of a
/// line's room (where a reference dash spans).
fn set_apart(lines: &mut [Line]) -> f64 {
    let mut xs: Vec<f64> = lines
        .iter()
        .filter(|l| l.apart)
        .flat_map(|l| l.points.iter().map(|p| p.0))
        .collect();
    xs.sort_by(f64::total_cmp);
    xs.dedup();
    let gap = xs
        .windows(2)
        .map(|w| w[1] - w[0])
        .fold(f64::INFINITY, f64::min);
    let gap = if gap.is_finite() { gap } else { 1.0 };
    let apart: Vec<usize> = (0..lines.len()).filter(|&i| lines[i].apart).collect();
    let step = 0.6 * gap / apart.len().max(1) as f64;
    let middle = (apart.len() as f64 - 1.0) / 2.0;
    for (k, &i) in apart.iter().enumerate() {
        lines[i].shift((k as f64 - middle) * step);
    }
    0.4 * step
}

/// Checks that `series` can be drawn and sorts each series' points by x.
fn prepare(path: &Path, series: &[Series]) -> Result<Vec<Line>, PlotError> {
    if series.is_empty() {
        return Err(PlotError::invalid(path, "no series to draw"));
    }
    series
        .iter()
        .map(|s| {
            if s.points.is_empty() {
                return Err(PlotError::invalid(
                    path,
                    format!("series {} has no points", quoted(&s.name)),
                ));
            }
            if let Some((x, y)) = s
                .points
                .iter()
                .find(|(x, y)| !x.is_finite() || !y.is_finite())
            {
                return Err(PlotError::invalid(
                    path,
                    format!(
                        "series {} has a point that is not finite: ({x}, {y})",
                        quoted(&s.name)
                    ),
                ));
            }
            if let Some(&(x, lo, hi)) = s
                .bands
                .iter()
                .find(|(x, lo, hi)| !(x.is_finite() && lo.is_finite() && hi.is_finite() && lo <= hi))
            {
                return Err(PlotError::invalid(
                    path,
                    format!(
                        "series {} has an interval at x = {x} that is not finite or runs backwards: {lo} to {hi}",
                        quoted(&s.name)
                    ),
                ));
            }
            let mut points = s.points.clone();
            points.sort_by(|a, b| a.0.total_cmp(&b.0));
            let filled = points.iter().map(|p| !s.hollow.contains(&p.0)).collect();
            let mut bands = s.bands.clone();
            bands.sort_by(|a, b| a.0.total_cmp(&b.0));
            if let Some((x, y)) = s.reference.iter().find(|(x, y)| !x.is_finite() || !y.is_finite()) {
                return Err(PlotError::invalid(
                    path,
                    format!("series {} has a reference point that is not finite: ({x}, {y})", quoted(&s.name)),
                ));
            }
            let mut reference = s.reference.clone();
            reference.sort_by(|a, b| a.0.total_cmp(&b.0));
            let mark = match s.marked {
                None => None,
                Some(x) => Some((
                    x,
                    y_at(&points, x).ok_or_else(|| {
                        PlotError::invalid(
                            path,
                            format!(
                                "series {} marks x = {x}, outside its points' x range {} to {}",
                                quoted(&s.name),
                                points[0].0,
                                points[points.len() - 1].0
                            ),
                        )
                    })?,
                )),
            };
            Ok(Line {
                points,
                filled,
                mark,
                bands,
                reference,
                apart: s.apart,
            })
        })
        .collect()
}

/// Returns the y of the line through `points` (sorted by x) at `x`, or `None` if `x` is
/// not finite or lies outside the points' x range.
fn y_at(points: &[(f64, f64)], x: f64) -> Option<f64> {
    if let Some(&(_, y)) = points.iter().find(|(px, _)| *px == x) {
        return Some(y);
    }
    points.windows(2).find_map(|w| {
        let ((x0, y0), (x1, y1)) = (w[0], w[1]);
        (x0 < x && x < x1).then(|| y0 + (y1 - y0) * (x - x0) / (x1 - x0))
    })
}

/// The x and y ranges of `lines`: a little room on x so that rings at the ends are not
/// cut (named `steps` span them all, with room for the names at the ends), and y padded.
fn ranges(lines: &[Line], steps: Option<&[String]>, log: bool) -> ((f64, f64), (f64, f64)) {
    let band_ends = lines
        .iter()
        .flat_map(|l| &l.bands)
        .flat_map(|&(x, lo, hi)| [(x, lo), (x, hi)])
        .chain(lines.iter().flat_map(|l| l.reference.iter().copied()));
    let bounds = |f: fn(&(f64, f64)) -> f64| {
        lines
            .iter()
            .flat_map(|l| &l.points)
            .map(f)
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
                (lo.min(v), hi.max(v))
            })
    };
    let (x_min, x_max) = match steps {
        Some(names) => (0.0, (names.len() - 1) as f64),
        None => bounds(|p| p.0),
    };
    let (y_min, y_max) = band_ends
        .map(|p| p.1)
        .fold(bounds(|p| p.1), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let x_pad = if steps.is_some() {
        0.3
    } else if log {
        // Room for the label of a power of ten at either end.
        ((x_max - x_min) * 0.03).max(0.12)
    } else if x_max > x_min {
        (x_max - x_min) * 0.03
    } else {
        0.5
    };
    (
        (x_min - x_pad, x_max + x_pad),
        style::padded_range(y_min, y_max, None),
    )
}

/// Draws each line with its points, then the marked points' rings (last, so that no
/// line crosses them). A line drawn apart has no joining line nor band, and its reference
/// is a dash `dash` wide either side of each of its x values.
fn draw_lines(
    chart: &mut ChartContext<'_, SVGBackend<'_>, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
    lines: &[Line],
    dash: f64,
) -> Result<(), Box<dyn std::error::Error>> {
    // Bands first, under every line: a light area between the intervals, and a bar at
    // each.
    for (i, line) in lines.iter().enumerate() {
        let c = style::colour(i);
        if line.bands.len() >= 2 && !line.apart {
            let outline: Vec<(f64, f64)> = line
                .bands
                .iter()
                .map(|b| (b.0, b.2))
                .chain(line.bands.iter().rev().map(|b| (b.0, b.1)))
                .collect();
            chart.draw_series([Polygon::new(outline, c.mix(0.15).filled())])?;
        }
        for &(x, lo, hi) in &line.bands {
            chart.draw_series([PathElement::new(vec![(x, lo), (x, hi)], c.stroke_width(2))])?;
            for y in [lo, hi] {
                chart.draw_series([EmptyElement::at((x, y))
                    + PathElement::new(vec![(-CAP, 0), (CAP, 0)], c.stroke_width(2))])?;
            }
        }
    }
    for (i, line) in lines.iter().enumerate() {
        let c = style::colour(i);
        if line.apart {
            for &(x, y) in &line.reference {
                let ends = [(x - dash, y), (x + dash, y)];
                chart.draw_series(DashedLineSeries::new(ends, 6, 4, c.stroke_width(2)))?;
            }
        } else {
            if line.reference.len() >= 2 {
                chart.draw_series(DashedLineSeries::new(
                    line.reference.iter().copied(),
                    8,
                    5,
                    c.stroke_width(2),
                ))?;
            }
            chart.draw_series(LineSeries::new(
                line.points.iter().copied(),
                c.stroke_width(2),
            ))?;
        }
        for (&p, &filled) in line.points.iter().zip(&line.filled) {
            chart.draw_series(style::dot(p, POINT_RADIUS, c, filled))?;
        }
    }
    // Rings last, so that no line crosses them.
    for (i, line) in lines.iter().enumerate() {
        if let Some(p) = line.mark {
            let c = style::colour(i);
            let filled = line
                .points
                .iter()
                .zip(&line.filled)
                .find(|(q, _)| q.0 == p.0)
                .is_none_or(|(_, f)| *f);
            chart.draw_series([
                Circle::new(p, RING_RADIUS, WHITE.filled()),
                Circle::new(p, RING_RADIUS, c.stroke_width(3)),
            ])?;
            chart.draw_series(style::dot(p, POINT_RADIUS, c, filled))?;
        }
    }
    Ok(())
}

/// Draws the chart as SVG into `svg`, against `steps` named on the x axis if given. The
/// data has been checked by [`prepare`].
fn draw(
    svg: &mut String,
    title: &str,
    x_label: &str,
    y_label: &str,
    series: &[Series],
    lines: Vec<Line>,
    axis: XAxis<'_>,
) -> Result<(), Box<dyn std::error::Error>> {
    let steps = match axis {
        XAxis::Steps(names) => Some(names),
        XAxis::Linear | XAxis::Log10 => None,
    };
    let log = matches!(axis, XAxis::Log10);
    let mut lines = lines;
    let dash = set_apart(&mut lines);
    let ((x_lo, x_hi), (y_lo, y_hi)) = ranges(&lines, steps, log);
    let (x_span, y_span) = (x_hi - x_lo, y_hi - y_lo);

    let legend: Vec<(String, Key)> = series
        .iter()
        .zip(&lines)
        .enumerate()
        .map(|(i, (s, l))| {
            let key = match l.apart {
                true => Key::Whisker(style::colour(i)),
                false => Key::Line(style::colour(i), l.mark.is_some()),
            };
            (s.name.clone(), key)
        })
        .chain(
            lines
                .iter()
                .any(|l| l.filled.contains(&false))
                .then(style::found_keys)
                .into_iter()
                .flatten(),
        )
        .collect();

    let [root, plot_area, legend_area] = style::frame(svg, title, &legend)?;

    const MARGIN: u32 = 12;
    let mut chart = ChartBuilder::on(&plot_area)
        .margin(MARGIN)
        .x_label_area_size(60)
        .y_label_area_size(style::y_label_area(y_lo, y_hi, ""))
        .build_cartesian_2d(x_lo..x_hi, y_lo..y_hi)?;
    let x_formatter = |x: &f64| match axis {
        XAxis::Linear => style::tick_label(*x, x_span, ""),
        // Whole powers of ten are labelled, as the numbers they stand for; an axis of
        // less than a decade and a half labels every tick, to two significant digits.
        XAxis::Log10 => match x.round() {
            i if (x - i).abs() < 1e-6 => style::thousands(10f64.powi(i as i32)),
            _ if x_span < 1.5 => style::thousands(two_digits(10f64.powf(*x))),
            _ => String::new(),
        },
        // Ticks fall on whole steps (at most as many ticks as steps); any other is unnamed.
        XAxis::Steps(names) => match x.round() {
            i if (x - i).abs() < 1e-9 && i >= 0.0 => {
                names.get(i as usize).cloned().unwrap_or_default()
            }
            _ => String::new(),
        },
    };
    let y_formatter = |y: &f64| style::tick_label(*y, y_span, "");
    let mut mesh = chart.configure_mesh();
    mesh.light_line_style(WHITE)
        .bold_line_style(style::GRID)
        .x_desc(x_label)
        .y_desc(y_label)
        .x_label_formatter(&x_formatter)
        .y_label_formatter(&y_formatter)
        .label_style(style::font(style::TICK_SIZE))
        .axis_desc_style(style::font(style::AXIS_DESC_SIZE));
    match axis {
        XAxis::Steps(names) => {
            mesh.x_labels(names.len());
        }
        // A tick per tenth of a decade at most, so that every power of ten gets one.
        XAxis::Log10 => {
            mesh.x_labels(((x_span * 10.0).ceil() as usize + 2).clamp(3, 62));
        }
        XAxis::Linear => {}
    }
    mesh.draw()?;

    draw_lines(&mut chart, &lines, dash)?;
    style::draw_legend(&legend_area, MARGIN as i32, &legend)?;
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_chart_names_every_step_and_only_steps() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("steps.svg");
        let steps: Vec<String> = ["random", "greedy", "mcts:iters=100", "mcts:iters=1000"]
            .map(String::from)
            .to_vec();
        let series = [Series {
            name: "rating".into(),
            points: vec![(0.0, -400.0), (1.0, 0.0), (2.0, 150.0), (3.0, 250.0)],
            ..Series::default()
        }];
        step_chart(&path, "ladder", "step", "rating", &steps, &series).unwrap();
        let svg = std::fs::read_to_string(&path).unwrap();
        // The SVG writes each text on a line of its own.
        let texts: Vec<&str> = svg.lines().map(str::trim).collect();
        for name in &steps {
            assert!(texts.contains(&name.as_str()), "{name} is not named");
        }
        assert!(
            !texts.contains(&"0.5") && !texts.contains(&"1.5"),
            "no fractional tick"
        );
        let off = [Series {
            name: "rating".into(),
            points: vec![(0.5, 1.0)],
            ..Series::default()
        }];
        let e = step_chart(&path, "t", "x", "y", &steps, &off).unwrap_err();
        assert!(
            e.to_string()
                .contains("not the index of one of the 4 steps"),
            "{e}"
        );
    }

    #[test]
    fn a_log_axis_names_its_powers_of_ten_as_numbers() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("log.svg");
        let line = |points: Vec<(f64, f64)>| Series {
            name: "mcts".into(),
            points,
            ..Series::default()
        };
        let texts = |series: &[Series]| -> Vec<String> {
            log_line_chart(&path, "t", "iterations", "rating", series).unwrap();
            let svg = std::fs::read_to_string(&path).unwrap();
            svg.lines().map(|l| l.trim().to_string()).collect()
        };
        let wide = texts(&[line(vec![(100.0, 10.0), (1000.0, 20.0), (10_000.0, 30.0)])]);
        for label in ["100", "1,000", "10,000"] {
            assert!(wide.iter().any(|t| t == label), "{label} is not named");
        }
        let log10 = |t: &String| ["2", "2.5", "3", "3.5", "4"].contains(&t.as_str());
        assert!(!wide.iter().any(log10), "no log10 value as a label");
        // Within a decade every tick is named, to two significant digits.
        let narrow = texts(&[line(vec![(3000.0, 0.0), (10_000.0, 1.0)])]);
        assert!(narrow.iter().any(|t| t == "5,000"), "{narrow:?}");
        let e = log_line_chart(&path, "t", "x", "y", &[line(vec![(0.0, 1.0)])]).unwrap_err();
        assert!(e.to_string().contains("logarithmic axis"), "{e}");
    }

    #[test]
    fn intervals_are_drawn_as_bars_and_a_band_and_must_run_forwards() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("band.svg");
        let series = |bands| {
            [Series {
                name: "share".into(),
                points: vec![(0.0, 0.5), (1.0, 0.6)],
                bands,
                reference: vec![(0.0, 0.3), (1.0, 0.3)],
                ..Series::default()
            }]
        };
        line_chart(
            &path,
            "t",
            "x",
            "y",
            &series(vec![(0.0, 0.4, 0.6), (1.0, 0.5, 0.7)]),
        )
        .unwrap();
        let svg = std::fs::read_to_string(&path).unwrap();
        assert!(svg.contains("<polygon"), "a band between the intervals");
        // The y axis reaches the intervals' ends, not only the points.
        assert!(
            svg.lines().any(|l| l.trim() == "0.7"),
            "the axis covers 0.7"
        );
        let e = line_chart(&path, "t", "x", "y", &series(vec![(0.0, 0.6, 0.4)])).unwrap_err();
        assert!(e.to_string().contains("runs backwards"), "{e}");
    }

    #[test]
    fn marks_sit_on_the_line() {
        let points = [(0.0, 10.0), (2.0, 20.0), (4.0, 0.0)];
        assert_eq!(y_at(&points, 2.0), Some(20.0));
        assert_eq!(y_at(&points, 1.0), Some(15.0));
        assert_eq!(y_at(&points, 3.0), Some(10.0));
        assert_eq!(y_at(&points, 0.0), Some(10.0));
        assert_eq!(y_at(&points, 4.0), Some(0.0));
        assert_eq!(y_at(&points, 5.0), None);
        assert_eq!(y_at(&points, f64::NAN), None);
    }
}
