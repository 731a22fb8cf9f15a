//! Draws each chart into a temporary directory and checks the SVG written.

use std::fs;
use std::path::Path;

use floe_plot::{PlotError, Rate, RateGroup, Series, line_chart, rate_chart, rate_gap_chart};

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
            bands: Vec::new(),
            reference: Vec::new(),
        })
        .collect()
}

/// Returns the names of the files in `dir`.
fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
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
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("seats.svg");
    let groups = seat_groups();
    rate_chart(&path, "Win rate by seat", "win rate", &groups).unwrap();

    assert_eq!(
        files_in(dir.path()),
        vec!["seats.svg"],
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
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("gaps.svg");
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
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("colours.svg");
    let colours = ["red", "blue", "green", "yellow", "black", "white"];
    let group = RateGroup {
        name: "colour".to_string(),
        rates: colours.iter().map(|c| rate(c, 0.25, 0.002)).collect(),
        fair: Some(0.25),
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
    assert_eq!(files_in(dir.path()), vec!["colours.svg"]);
}

#[test]
fn line_chart_draws_every_series_with_its_ring() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tiles.svg");
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
        vec!["tiles.svg"],
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

#[test]
fn empty_or_bad_rates_are_reported_not_drawn() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.svg");
    let bad = |groups: &[RateGroup]| {
        let err = rate_chart(&path, "t", "y", groups).unwrap_err();
        assert!(
            matches!(&err, PlotError::InvalidInput { path: p, .. } if *p == path),
            "{err}"
        );
        assert!(err.to_string().contains("bad.svg"), "{err}");
        err.to_string()
    };

    assert!(bad(&[]).contains("no groups"));
    let mut groups = seat_groups();
    groups[1].rates.clear();
    assert!(bad(&groups).contains("3 players"));
    let mut groups = seat_groups();
    groups[2].rates[1].rate = f64::NAN;
    assert!(bad(&groups).contains("seat 1"));
    let mut groups = seat_groups();
    groups[0].rates[0].high = f64::INFINITY;
    bad(&groups);
    let mut groups = seat_groups();
    groups[0].fair = Some(f64::NAN);
    bad(&groups);
    let mut groups = seat_groups();
    groups[0].rates[0].low = 0.9;
    assert!(bad(&groups).contains("outside its interval"));

    assert!(files_in(dir.path()).is_empty(), "nothing written");
}

#[test]
fn empty_or_bad_series_are_reported_not_drawn() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.svg");
    let bad = |series: &[Series]| {
        let err = line_chart(&path, "t", "x", "y", series).unwrap_err();
        assert!(matches!(err, PlotError::InvalidInput { .. }), "{err}");
        err.to_string()
    };

    assert!(bad(&[]).contains("no series"));
    let mut series = tile_series();
    series[3].points.clear();
    assert!(bad(&series).contains("5 players"));
    let mut series = tile_series();
    series[0].points[4].1 = f64::NAN;
    bad(&series);
    let mut series = tile_series();
    series[0].points[4].0 = f64::NEG_INFINITY;
    bad(&series);
    let mut series = tile_series();
    series[0].marked = Some(11.0);
    assert!(bad(&series).contains("outside"));
    let mut series = tile_series();
    series[0].marked = Some(f64::NAN);
    bad(&series);

    assert!(files_in(dir.path()).is_empty(), "nothing written");
}

#[test]
fn unsorted_points_and_marks_between_points_are_drawn() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("line.svg");
    let series = [Series {
        name: "one".to_string(),
        points: vec![(3.0, 1.0), (1.0, 2.0), (2.0, 0.0)],
        marked: Some(1.5),
        bands: Vec::new(),
        reference: Vec::new(),
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
    let path = dir.path().join("no such dir").join("chart.svg");
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
        vec!["taken.svg"],
        "no temporary file left"
    );
}

#[test]
fn charts_replace_an_existing_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("chart.svg");
    fs::write(&path, "old").unwrap();
    rate_chart(&path, "New chart", "win rate", &seat_groups()).unwrap();
    let svg = fs::read_to_string(&path).unwrap();
    assert!(svg.contains("New chart"));
    assert_eq!(files_in(dir.path()), vec!["chart.svg"]);
}

#[test]
fn text_is_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("chart.svg");
    let series = [Series {
        name: "a < b & c".to_string(),
        points: vec![(0.0, 1.0), (1.0, 2.0)],
        marked: None,
        bands: Vec::new(),
        reference: Vec::new(),
    }];
    line_chart(&path, "x <y>", "x", "y", &series).unwrap();
    let svg = fs::read_to_string(&path).unwrap();
    assert!(svg.contains("a &lt; b &amp; c"));
    assert!(!svg.contains("a < b"));
}
