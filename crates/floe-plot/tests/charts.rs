//! Draws each chart into a temporary directory and checks the SVG written.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use floe_plot::{
    HeatCell, Heatmap, PlotError, Rate, RateGroup, Series, heatmap_chart, line_chart, rate_chart,
    rate_gap_chart,
};

/// Builds a rate with a symmetric interval of `half` around `rate`.
fn rate(label: &str, rate: f64, half: f64) -> Rate {
    Rate {
        label: label.to_string(),
        rate,
        low: rate - half,
        high: rate + half,
    }
}

/// Seat win rates for 2 to 6 players, fair line 1/N.
fn seat_groups() -> Vec<RateGroup> {
    (2..=6usize)
        .map(|n| {
            let fair = 1.0 / n as f64;
            RateGroup {
                name: format!("{n} players"),
                rates: (0..n)
                    .map(|s| rate(&format!("seat {s}"), fair + 0.002 - 0.001 * s as f64, 0.005))
                    .collect(),
                fair: Some(fair),
                found: None,
            }
        })
        .collect()
}

/// Share of games ended by tiles running out, one line per player count.
fn tile_series() -> Vec<Series> {
    (2..=6u32)
        .map(|n| Series {
            name: format!("{n} players"),
            points: (0..=10)
                .map(|t| (f64::from(t), f64::from(t * n) * 1.5))
                .collect(),
            marked: Some(f64::from(12 - 2 * n)),
            ..Series::default()
        })
        .collect()
}

/// Returns a fresh temporary folder and the path of the chart `name` in it: where each
/// test draws.
fn chart_in_temp_dir(name: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    (dir, path)
}

/// Returns the names of the files in `dir`, sorted.
fn files_in(dir: &Path) -> Vec<String> {
    let names: BTreeSet<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.into_iter().collect()
}

/// Returns the `<text>` contents of `svg`.
fn texts(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .filter_map(|t| {
            let start = t.find('>')? + 1;
            let end = t.find("</text>")?;
            Some(t[start..end].trim().to_string())
        })
        .collect()
}

/// Returns the SVG elements named `tag` that contain every one of `attrs`.
fn elements<'a>(svg: &'a str, tag: &str, attrs: &[&str]) -> Vec<&'a str> {
    svg.split('<')
        .filter(|e| e.starts_with(&format!("{tag} ")))
        .filter(|e| attrs.iter().all(|a| e.contains(a)))
        .collect()
}

/// Returns the number of points in a `<polyline>` element.
fn polyline_points(element: &str) -> usize {
    let start = element.find("points=\"").unwrap() + "points=\"".len();
    let end = start + element[start..].find('"').unwrap();
    element[start..end].split_whitespace().count()
}

#[test]
fn rate_chart_draws_every_group_rate_and_fair_line() {
    let (dir, path) = chart_in_temp_dir("seats.svg");
    let groups = seat_groups();
    rate_chart(&path, "Win rate by seat", "win rate", &groups).unwrap();

    assert_eq!(
        files_in(dir.path()),
        vec!["seats.png", "seats.svg"],
        "no temporary file left"
    );
    let svg = fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    let texts = texts(&svg);
    let has = |s: &str| texts.iter().any(|t| t == s);
    assert!(has("Win rate by seat"), "title");
    assert!(has("win rate"), "y axis label");
    for n in 2..=6 {
        assert!(has(&format!("{n} players")), "group name {n} players");
    }
    for s in 0..6 {
        assert!(has(&format!("seat {s}")), "legend entry seat {s}");
    }
    assert!(has("fair rate"), "legend entry for the fair line");
    assert!(texts.iter().any(|t| t.ends_with('%')), "y ticks in percent");

    // One point and one whisker (a six-point polyline: cap, stem, cap) per rate.
    let rates: usize = groups.iter().map(|g| g.rates.len()).sum();
    assert_eq!(elements(&svg, "circle", &["r=\"5\""]).len(), rates);
    let whiskers = elements(&svg, "polyline", &["stroke-width=\"2\""])
        .into_iter()
        .filter(|e| polyline_points(e) == 6)
        .count();
    assert_eq!(whiskers, rates);
    // Rates sharing a label share a colour: seat 0 appears in all five groups.
    let seat0_colour = "fill=\"#0072B2\"";
    assert_eq!(
        elements(&svg, "circle", &["r=\"5\"", seat0_colour]).len(),
        5
    );
}

#[test]
fn a_gap_chart_reads_in_points_from_fair_on_an_even_axis() {
    let (_dir, path) = chart_in_temp_dir("gaps.svg");
    let groups = seat_groups();
    rate_gap_chart(&path, "Seats against fair", "points from fair", &groups).unwrap();
    let texts = texts(&fs::read_to_string(&path).unwrap());
    let ticks: Vec<f64> = texts
        .iter()
        .filter_map(|t| t.trim_start_matches('+').parse::<f64>().ok())
        .collect();
    // Points, not percent; signed above 0; the axis reaches as far below fair as above.
    assert!(!texts.iter().any(|t| t.ends_with('%')), "no percent ticks");
    assert!(
        texts.iter().any(|t| t.starts_with('+')),
        "gaps above fair are signed"
    );
    let (lo, hi) = ticks
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), &t| (a.min(t), b.max(t)));
    assert!((lo + hi).abs() < 1e-9, "an even axis: {lo} to {hi}");
    // Seat 0 sits 0.2 points above fair in the data: every gap is within a point.
    assert!(hi <= 1.0, "{hi}");
    let no_fair = [RateGroup {
        fair: None,
        ..groups[0].clone()
    }];
    let e = rate_gap_chart(&path, "t", "y", &no_fair).unwrap_err();
    assert!(e.to_string().contains("no fair rate"), "{e}");
}

#[test]
fn single_group_rate_chart_labels_each_rate() {
    let (dir, path) = chart_in_temp_dir("colours.svg");
    let colours = ["red", "blue", "green", "yellow", "black", "white"];
    let group = RateGroup {
        name: "colour".to_string(),
        rates: colours.iter().map(|c| rate(c, 0.25, 0.002)).collect(),
        fair: Some(0.25),
        found: None,
    };
    rate_chart(&path, "Win rate by colour", "win rate", &[group]).unwrap();

    let svg = fs::read_to_string(&path).unwrap();
    let texts = texts(&svg);
    for label in ["Win rate by colour", "win rate", "colour", "fair rate"]
        .into_iter()
        .chain(colours)
    {
        assert!(texts.iter().any(|t| t == label), "missing text {label:?}");
    }
    assert_eq!(elements(&svg, "circle", &["r=\"5\""]).len(), 6);
    // Every whisker is visible: the y range covers 24.8%..25.2% with padding.
    assert_eq!(files_in(dir.path()), vec!["colours.png", "colours.svg"]);
}

#[test]
fn line_chart_draws_every_series_with_its_ring() {
    let (dir, path) = chart_in_temp_dir("tiles.svg");
    let series = tile_series();
    line_chart(
        &path,
        "Games ended by tiles running out",
        "tiles removed",
        "games ended (%)",
        &series,
    )
    .unwrap();

    assert_eq!(
        files_in(dir.path()),
        vec!["tiles.png", "tiles.svg"],
        "no temporary file left"
    );
    let svg = fs::read_to_string(&path).unwrap();
    let texts = texts(&svg);
    for label in [
        "Games ended by tiles running out",
        "tiles removed",
        "games ended (%)",
    ] {
        assert!(texts.iter().any(|t| t == label), "missing text {label:?}");
    }
    for s in &series {
        assert!(texts.contains(&s.name), "legend entry {}", s.name);
    }
    // A dot per point, plus one per legend key.
    let points: usize = series.iter().map(|s| s.points.len()).sum();
    assert_eq!(
        elements(&svg, "circle", &["r=\"3\""]).len(),
        points + 2 * series.len(),
        "a dot per point, and one more per ring and per legend key"
    );
    // A ring (stroked, unfilled) per marked series.
    assert_eq!(
        elements(&svg, "circle", &["r=\"8\"", "fill=\"none\""]).len(),
        series.len()
    );
    // One line per series, through all its points.
    let lines = elements(&svg, "polyline", &["stroke-width=\"2\""])
        .into_iter()
        .filter(|e| polyline_points(e) == 11)
        .count();
    assert_eq!(lines, series.len());
}

/// Draws `input()` changed by each of `changes` with `draw` into `bad.svg` of a fresh
/// folder; checks that each is refused as invalid input naming the file and that nothing
/// is written, and returns the messages in order: each bad input is then one line.
fn refusals<T>(
    input: fn() -> Vec<T>,
    changes: &[fn(&mut Vec<T>)],
    draw: impl Fn(&Path, &[T]) -> Result<(), PlotError>,
) -> Vec<String> {
    let (dir, path) = chart_in_temp_dir("bad.svg");
    let messages = changes
        .iter()
        .map(|change| {
            let mut bad = input();
            change(&mut bad);
            let err = draw(&path, &bad).unwrap_err();
            assert!(
                matches!(&err, PlotError::InvalidInput { path: p, .. } if *p == path),
                "{err}"
            );
            assert!(err.to_string().contains("bad.svg"), "{err}");
            err.to_string()
        })
        .collect();
    assert!(files_in(dir.path()).is_empty(), "nothing written");
    messages
}

#[test]
fn empty_or_bad_rates_are_reported_not_drawn() {
    let changes: [fn(&mut Vec<RateGroup>); 6] = [
        Vec::clear,
        |g| g[1].rates.clear(),
        |g| g[2].rates[1].rate = f64::NAN,
        |g| g[0].rates[0].high = f64::INFINITY,
        |g| g[0].fair = Some(f64::NAN),
        |g| g[0].rates[0].low = 0.9,
    ];
    let messages = refusals(seat_groups, &changes, |path, groups| {
        rate_chart(path, "t", "y", groups)
    });
    assert!(messages[0].contains("no groups"));
    assert!(messages[1].contains("3 players"));
    assert!(messages[2].contains("seat 1"));
    assert!(messages[5].contains("outside its interval"));
}

#[test]
fn empty_or_bad_series_are_reported_not_drawn() {
    let changes: [fn(&mut Vec<Series>); 6] = [
        Vec::clear,
        |s| s[3].points.clear(),
        |s| s[0].points[4].1 = f64::NAN,
        |s| s[0].points[4].0 = f64::NEG_INFINITY,
        |s| s[0].marked = Some(11.0),
        |s| s[0].marked = Some(f64::NAN),
    ];
    let messages = refusals(tile_series, &changes, |path, series| {
        line_chart(path, "t", "x", "y", series)
    });
    assert!(messages[0].contains("no series"));
    assert!(messages[1].contains("5 players"));
    assert!(messages[4].contains("outside"));
}

#[test]
fn unsorted_points_and_marks_between_points_are_drawn() {
    let (_dir, path) = chart_in_temp_dir("line.svg");
    let series = [Series {
        name: "one".to_string(),
        points: vec![(3.0, 1.0), (1.0, 2.0), (2.0, 0.0)],
        marked: Some(1.5),
        ..Series::default()
    }];
    line_chart(&path, "", "x", "y", &series).unwrap();
    let svg = fs::read_to_string(&path).unwrap();
    assert_eq!(
        elements(&svg, "circle", &["r=\"8\"", "fill=\"none\""]).len(),
        1
    );
}

#[test]
fn unwritable_path_is_a_write_error_naming_the_path() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("a file"), "").unwrap();
    let path = dir.path().join("a file").join("chart.svg");
    let err = line_chart(&path, "t", "x", "y", &tile_series()).unwrap_err();
    assert!(matches!(err, PlotError::Write { .. }), "{err}");
    assert!(err.to_string().contains("chart.svg"), "{err}");

    // A directory in the chart's place: the rename fails, and the temporary file goes.
    let path = dir.path().join("taken.svg");
    fs::create_dir(&path).unwrap();
    fs::write(path.join("keep"), "so the directory is not empty").unwrap();
    let err = rate_chart(&path, "t", "y", &seat_groups()).unwrap_err();
    assert!(matches!(err, PlotError::Write { .. }), "{err}");
    assert_eq!(
        files_in(dir.path()),
        vec!["a file", "taken.svg"],
        "no temporary file left"
    );
}

#[test]
fn charts_replace_an_existing_file() {
    let (dir, path) = chart_in_temp_dir("chart.svg");
    fs::write(&path, "old").unwrap();
    rate_chart(&path, "New chart", "win rate", &seat_groups()).unwrap();
    let svg = fs::read_to_string(&path).unwrap();
    assert!(svg.contains("New chart"));
    assert_eq!(files_in(dir.path()), vec!["chart.png", "chart.svg"]);
}

#[test]
fn text_is_escaped() {
    let (_dir, path) = chart_in_temp_dir("chart.svg");
    let series = [Series {
        name: "a < b & c".to_string(),
        points: vec![(0.0, 1.0), (1.0, 2.0)],
        marked: None,
        ..Series::default()
    }];
    line_chart(&path, "x <y>", "x", "y", &series).unwrap();
    let svg = fs::read_to_string(&path).unwrap();
    assert!(svg.contains("a &lt; b &amp; c"));
    assert!(!svg.contains("a < b"));
}

/// Each chart comes with a PNG copy beside it, at the SVG's size, with text drawn: a
/// picture a person can open anywhere.
#[test]
fn every_chart_comes_with_its_png_copy() {
    let (_dir, path) = chart_in_temp_dir("seats.svg");
    rate_chart(&path, "Win rate by seat", "win rate", &seat_groups()).unwrap();
    let png = fs::read(floe_plot::png_path(&path)).unwrap();
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG file");
    let size = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
    assert_eq!(
        (size(16), size(20)),
        (1000, 600),
        "the IHDR's width and height"
    );
    assert!(
        png.len() > 20_000,
        "a drawn chart, not a blank page: {} bytes",
        png.len()
    );
}

/// A heatmap names its columns and rows, writes each cell's value, and refuses cells it
/// cannot place or colour.
#[test]
fn a_heatmap_draws_every_cell_and_refuses_what_it_cannot_place() {
    let (_dir, path) = chart_in_temp_dir("grid.svg");
    let cell = |x, y, value, marked| HeatCell {
        x,
        y,
        value,
        marked,
    };
    let mut map = Heatmap {
        title: "Seat spread".into(),
        x_label: "tiles removed".into(),
        y_label: "round limit".into(),
        x_names: vec!["0".into(), "4".into()],
        y_names: vec!["20".into(), "30".into()],
        value_label: "percentage points".into(),
        mark_label: "the seats differ (Holm, 5%)".into(),
        noise: Some((2.5, "a fair game's noise reaches 2.5".into())),
        cells: vec![
            cell(0, 0, 1.5, true),
            cell(1, 0, 7.25, false),
            cell(0, 1, 3.0, true),
            cell(1, 1, 9.5, false),
        ],
    };
    heatmap_chart(&path, &map).unwrap();
    let svg = fs::read_to_string(&path).unwrap();
    for text in [
        "tiles removed",
        "round limit",
        "7.25",
        "9.5",
        "the seats differ",
        "a fair game&apos;s noise reaches 2.5",
    ] {
        assert!(svg.contains(text), "{text} not drawn");
    }
    assert!(floe_plot::png_path(&path).exists());
    map.cells.push(cell(2, 0, 1.0, false));
    let err = heatmap_chart(&path, &map).unwrap_err();
    assert!(err.to_string().contains("outside the grid"), "{err}");
    map.cells.pop();
    map.cells[0].value = f64::NAN;
    assert!(matches!(
        heatmap_chart(&path, &map),
        Err(PlotError::InvalidInput { .. })
    ));
}

/// Points drawn apart (the cells of a sweep) stand alone with their bars: no line joins
/// them and no band spans between them, the hollow ones (where a test cannot tell) are
/// drawn as rings of white, and the legend says what filled and hollow mean.
#[test]
fn points_drawn_apart_are_not_joined_and_hollow_ones_are_said() {
    let (_dir, path) = chart_in_temp_dir("apart.svg");
    let line = |name: &str, hollow: Vec<f64>| Series {
        name: name.into(),
        points: vec![(0.0, 1.0), (1.0, 2.0), (2.0, 1.5)],
        bands: vec![(0.0, 0.5, 1.5), (1.0, 1.5, 2.5), (2.0, 1.0, 2.0)],
        reference: vec![(0.0, 1.2), (1.0, 1.2), (2.0, 1.2)],
        apart: true,
        hollow,
        ..Series::default()
    };
    let series = [line("2 players", vec![1.0]), line("3 players", Vec::new())];
    line_chart(&path, "t", "x", "y", &series).unwrap();
    let svg = fs::read_to_string(&path).unwrap();
    assert!(!svg.contains("<polygon"), "no band between separate points");
    // Every polyline is a bar (2 points), a cap or a reference dash: none joins points.
    for element in elements(&svg, "polyline", &[]) {
        assert!(polyline_points(element) <= 2, "{element}");
    }
    let hollow = elements(&svg, "circle", &["r=\"3\"", "fill=\"none\""]);
    assert_eq!(hollow.len(), 1, "one hollow point");
    let texts = texts(&svg);
    for said in ["filled: differ", "hollow: cannot tell"] {
        assert!(texts.iter().any(|t| t == said), "{said} is not said");
    }
    // Bars of two lines at one x stand apart: six bars at six distinct x positions.
    let bars: BTreeSet<String> = elements(&svg, "polyline", &[])
        .into_iter()
        .filter_map(|e| {
            let points = e.split("points=\"").nth(1)?.split('"').next()?;
            let xs: Vec<&str> = points
                .split_whitespace()
                .map(|p| p.split(',').next().unwrap())
                .collect();
            (xs.len() == 2 && xs[0] == xs[1]).then(|| xs[0].to_string())
        })
        .collect();
    assert!(bars.len() >= 6, "{bars:?}");
}

/// A rate chart whose groups were tested draws the groups the test found different
/// filled and the others hollow, and says so in its legend.
#[test]
fn a_tested_groups_points_are_filled_or_hollow_by_what_was_found() {
    let (_dir, path) = chart_in_temp_dir("seats.svg");
    let mut groups = seat_groups();
    for (i, g) in groups.iter_mut().enumerate() {
        g.found = Some(i == 0);
    }
    rate_gap_chart(&path, "t", "y", &groups).unwrap();
    let svg = fs::read_to_string(&path).unwrap();
    let hollow = elements(&svg, "circle", &["r=\"5\"", "fill=\"none\""]);
    // 3 + 4 + 5 + 6 seats of the untested-different groups, and none of 2 players'.
    assert_eq!(hollow.len(), 18);
    assert!(texts(&svg).iter().any(|t| t == "hollow: cannot tell"));
}
