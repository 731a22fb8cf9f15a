//! What both charts share: canvas size, fonts, colours, axis ranges, tick labels, legend.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The canvas size in pixels.
pub(crate) const SIZE: (u32, u32) = (1000, 600);
/// The font family of all text.
pub(crate) const FONT: &str = "sans-serif";
/// Font sizes in plotters units (the SVG font size is this divided by 1.24).
pub(crate) const TITLE_SIZE: f64 = 28.0;
pub(crate) const AXIS_DESC_SIZE: f64 = 20.0;
pub(crate) const TICK_SIZE: f64 = 17.0;
pub(crate) const LEGEND_SIZE: f64 = 17.0;
/// The smallest tick label font size used when labels are shrunk to fit.
pub(crate) const MIN_TICK_SIZE: f64 = 11.0;

/// Colours for series and labels: the Okabe–Ito palette, readable with colour blindness,
/// with its yellow (too pale on white) replaced by brown.
pub(crate) const PALETTE: [RGBColor; 8] = [
    RGBColor(0, 114, 178),   // blue
    RGBColor(213, 94, 0),    // vermillion
    RGBColor(0, 158, 115),   // bluish green
    RGBColor(204, 121, 167), // reddish purple
    RGBColor(230, 159, 0),   // orange
    RGBColor(86, 180, 233),  // sky blue
    RGBColor(0, 0, 0),       // black
    RGBColor(140, 86, 75),   // brown
];
/// The colour of reference lines (the fair rate).
pub(crate) const REFERENCE: RGBColor = RGBColor(110, 110, 110);
/// The colour of light grid and separator lines.
pub(crate) const GRID: RGBColor = RGBColor(225, 225, 225);

/// Returns the colour a label names, if it names a common one ("red", "yellow", ...), so
/// that a chart of player colours shows each in its own colour. Light colours are darkened
/// enough to read on white.
pub(crate) fn named(label: &str) -> Option<RGBColor> {
    let rgb = match label.trim().to_ascii_lowercase().as_str() {
        "red" => (200, 30, 30),
        "orange" => (230, 120, 0),
        "yellow" => (200, 165, 0),
        "green" => (30, 140, 50),
        "blue" => (30, 80, 200),
        "purple" => (120, 50, 160),
        "pink" => (220, 90, 150),
        "brown" => (130, 80, 30),
        "black" => (20, 20, 20),
        "white" => (150, 150, 150),
        "grey" | "gray" => (110, 110, 110),
        _ => return None,
    };
    Some(RGBColor(rgb.0, rgb.1, rgb.2))
}

/// Returns the colour of the `i`th series or label, cycling through [`PALETTE`].
pub(crate) fn colour(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
}

/// Returns the style of `title` on a canvas `width` pixels wide: [`TITLE_SIZE`], or smaller
/// if the title would not fit.
pub(crate) fn title_font(title: &str, width: u32) -> TextStyle<'static> {
    let room = f64::from(width) - 20.0;
    let width_at_title_size = text_width(title, TITLE_SIZE);
    let size = if width_at_title_size > room {
        (TITLE_SIZE * room / width_at_title_size).max(MIN_TICK_SIZE)
    } else {
        TITLE_SIZE
    };
    font(size)
}

/// The most lines a title's note takes under its heading.
const NOTE_LINES: usize = 3;

/// Splits a chart's title into its heading and the note in parentheses that ends it (what
/// the bars, rings and dashes mean, and by which standard a point is marked): the heading
/// is set large and the note smaller beneath it, wrapped, so that a long note does not
/// shrink the heading past reading. A title without such a note is all heading.
pub(crate) fn heading_and_note(title: &str) -> (&str, Option<&str>) {
    if !title.ends_with(')') {
        return (title, None);
    }
    let mut depth = 0;
    for (i, c) in title.char_indices().rev() {
        match c {
            ')' => depth += 1,
            '(' => {
                depth -= 1;
                if depth == 0 {
                    let heading = title[..i].trim_end();
                    return match heading.is_empty() {
                        true => (title, None),
                        false => (heading, Some(&title[i..])),
                    };
                }
            }
            _ => {}
        }
    }
    (title, None)
}

/// Returns the text style of `size` in the chart font.
pub(crate) fn font(size: f64) -> TextStyle<'static> {
    (FONT, size).into_font().color(&BLACK)
}

/// The width of an average character as a share of the SVG font size. Plotters' SVG
/// backend knows no real font metrics (its own estimate is about 0.56); common sans-serif
/// fonts (DejaVu Sans, Arial) average 0.5 to 0.6, so this errs on the wide side.
const CHAR_WIDTH: f64 = 0.6;

/// Estimates the width in pixels of `text` at plotters font size `size`.
pub(crate) fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size / 1.24 * CHAR_WIDTH
}

/// Returns the height in pixels of a line of text at plotters font size `size`.
pub(crate) fn line_height(size: f64) -> f64 {
    size / 1.24 * 1.25
}

/// Breaks `text` at spaces into lines no wider than `room` pixels at `size` where possible
/// (a single word wider than `room` stands alone on its line).
pub(crate) fn wrap(text: &str, room: f64, size: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if text_width(&format!("{line} {word}"), size) <= room => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// Wraps each of `labels` into at most `max_lines` lines of `room` pixels, at the
/// largest font size not above `max` (nor below [`MIN_TICK_SIZE`]) at which all fit.
///
/// Returns the font size and the lines of each label; at the smallest size labels may
/// still be too wide.
pub(crate) fn fit_labels(
    labels: &[&str],
    room: f64,
    max_lines: usize,
    max: f64,
) -> (f64, Vec<Vec<String>>) {
    let mut size = max;
    loop {
        let wrapped: Vec<Vec<String>> = labels.iter().map(|l| wrap(l, room, size)).collect();
        let fits = wrapped.iter().all(|lines| {
            lines.len() <= max_lines && lines.iter().all(|l| text_width(l, size) <= room)
        });
        if fits || size <= MIN_TICK_SIZE {
            return (size, wrapped);
        }
        size = (size - 1.0).max(MIN_TICK_SIZE);
    }
}

/// Returns an axis range `(low, high)` covering `low..=high` of the data with some padding.
///
/// An empty span is widened around its value. The padded range does not cross zero (or
/// `ceiling`, if given) when the data does not.
pub(crate) fn padded_range(low: f64, high: f64, ceiling: Option<f64>) -> (f64, f64) {
    let span = high - low;
    let (mut lo, mut hi) = if span <= 1e-9 * high.abs().max(low.abs()).max(1.0) {
        let pad = (high.abs() * 0.05).max(0.5);
        (low - pad, high + pad)
    } else {
        let pad = span * 0.1;
        (low - pad, high + pad)
    };
    if low >= 0.0 && lo < 0.0 {
        lo = 0.0;
    }
    if let Some(ceiling) = ceiling {
        if high <= ceiling && hi > ceiling {
            hi = ceiling;
        }
    }
    if hi - lo <= 0.0 {
        hi = lo + 1.0;
    }
    (lo, hi)
}

/// Formats an axis tick `value` on an axis spanning `span`, with enough decimals for the
/// tick spacing plotters picks (trailing zeros trimmed) and `suffix` appended.
pub(crate) fn tick_label(value: f64, span: f64, suffix: &str) -> String {
    // Plotters puts roughly ten ticks on an axis, at steps of 1, 2 or 5 (or 2.5) times a
    // power of ten; one more decimal than the step's order covers all of them.
    let step = (span / 10.0).max(f64::MIN_POSITIVE);
    let decimals = (-step.log10().floor()).max(0.0) as usize + 1;
    let mut text = format!("{value:.decimals$}");
    if text.contains('.') {
        text = text.trim_end_matches('0').trim_end_matches('.').to_string();
    }
    if text == "-0" {
        text = "0".to_string();
    }
    text.push_str(suffix);
    text
}

/// Returns `x` rounded to a whole number and written with commas between thousands:
/// `1,000`, `10,000`.
pub fn thousands(x: f64) -> String {
    let digits = format!("{:.0}", x.abs());
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(d);
    }
    if x < 0.0 && digits != "0" {
        out.insert(0, '-');
    }
    out
}

/// Returns the width in pixels of the area left of a y axis running from `low` to `high`:
/// room for the widest tick label (ticks formatted by [`tick_label`]) and the axis name.
pub(crate) fn y_label_area(low: f64, high: f64, suffix: &str) -> u32 {
    let span = high - low;
    let widest = [low, high, (low + high) / 2.0]
        .iter()
        // One character more: a tick between the ends may carry an extra decimal.
        .map(|v| text_width(&tick_label(*v, span, suffix), TICK_SIZE) + text_width("0", TICK_SIZE))
        .fold(0.0, f64::max);
    (widest + 14.0 + line_height(AXIS_DESC_SIZE) + 10.0) as u32
}

/// A point at `at` of radius `r` in colour `c`: filled, or hollow (a white disc in a
/// ring, so that a line under it does not show through).
pub(crate) fn dot<C: Clone>(at: C, r: i32, c: RGBColor, filled: bool) -> Vec<Circle<C, i32>> {
    match filled {
        true => vec![Circle::new(at, r, c.filled())],
        false => vec![
            Circle::new(at.clone(), r, WHITE.filled()),
            Circle::new(at, r, c.stroke_width(2)),
        ],
    }
}

/// The legend's words for filled and hollow points, where a test marked them: the
/// chart's title says which test, at which standard.
pub(crate) fn found_keys() -> [(String, Key); 2] {
    [
        ("filled: differ".to_string(), Key::Dot(REFERENCE, true)),
        (
            "hollow: cannot tell".to_string(),
            Key::Dot(REFERENCE, false),
        ),
    ]
}

/// How a legend entry's key is drawn.
pub(crate) enum Key {
    /// A point with an interval whisker, in a colour.
    Whisker(RGBColor),
    /// A dashed line, in a colour.
    Dashed(RGBColor),
    /// A solid line with a point, in a colour, optionally ringed.
    Line(RGBColor, bool),
    /// A filled square, in a colour (a heatmap's scale).
    Swatch(RGBColor),
    /// A small ring (a heatmap's marked cells).
    Ring,
    /// A point, in a colour, filled or hollow (what a test found of it).
    Dot(RGBColor, bool),
    /// No key: the entry is a heading (what a heatmap's scale measures).
    Heading,
}

/// The areas of a chart: the whole picture (drawn on and presented last), the plot, and
/// the legend panel at the right, wide enough for `legend`'s labels. The picture is white,
/// with `title` on top unless it is empty.
pub(crate) type Frame<'a> = [DrawingArea<SVGBackend<'a>, Shift>; 3];

/// Starts a chart in `svg`: see [`Frame`].
pub(crate) fn frame<'a>(
    svg: &'a mut String,
    title: &str,
    legend: &[(String, Key)],
) -> Result<Frame<'a>, DrawingAreaErrorKind<std::io::Error>> {
    let root = SVGBackend::with_string(svg, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let (heading, note) = heading_and_note(title);
    let mut body = if heading.is_empty() {
        root.clone()
    } else {
        root.titled(heading, title_font(heading, SIZE.0))?
    };
    if let Some(note) = note {
        let room = f64::from(SIZE.0) - 20.0;
        let (size, lines) = fit_labels(&[note], room, NOTE_LINES, LEGEND_SIZE);
        for line in &lines[0] {
            body = body.titled(line, font(size))?;
        }
    }
    let legend_width = legend_width(legend.iter().map(|(l, _)| l.as_str()));
    let (width, _) = body.dim_in_pixel();
    let (plot_area, legend_area) = body.split_horizontally(width.saturating_sub(legend_width));
    Ok([root, plot_area, legend_area])
}

/// The width in pixels of a legend panel holding `labels`.
pub(crate) fn legend_width<'a>(labels: impl IntoIterator<Item = &'a str>) -> u32 {
    let longest = labels
        .into_iter()
        .map(|l| text_width(l, LEGEND_SIZE))
        .fold(0.0, f64::max);
    // Key (36) + gap (10) + text + margins.
    (longest + 62.0).clamp(120.0, 320.0) as u32
}

/// Draws legend entries top down in `area`, starting `top` pixels from its top.
pub(crate) fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    top: i32,
    entries: &[(String, Key)],
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    const ROW: i32 = 26;
    const KEY_LEFT: i32 = 8;
    const KEY_RIGHT: i32 = 44;
    /// The distance between two lines of one entry's label.
    const LINE: i32 = 16;
    let text_style = font(LEGEND_SIZE).pos(Pos::new(HPos::Left, VPos::Center));
    let room = f64::from(area.dim_in_pixel().0) - f64::from(KEY_RIGHT + 10) - 4.0;
    let mut row_top = top;
    for (label, key) in entries {
        let lines = legend_lines(label, room);
        let y = row_top + ROW / 2;
        row_top += ROW + LINE * (lines.len() as i32 - 1);
        let mid = (KEY_LEFT + KEY_RIGHT) / 2;
        match key {
            Key::Whisker(c) => {
                area.draw(&PathElement::new(
                    vec![(mid, y - 8), (mid, y + 8)],
                    c.stroke_width(2),
                ))?;
                area.draw(&PathElement::new(
                    vec![(mid - 4, y - 8), (mid + 4, y - 8)],
                    c.stroke_width(2),
                ))?;
                area.draw(&PathElement::new(
                    vec![(mid - 4, y + 8), (mid + 4, y + 8)],
                    c.stroke_width(2),
                ))?;
                area.draw(&Circle::new((mid, y), 4, c.filled()))?;
            }
            Key::Dashed(c) => {
                for x in (KEY_LEFT..KEY_RIGHT).step_by(10) {
                    area.draw(&PathElement::new(
                        vec![(x, y), ((x + 6).min(KEY_RIGHT), y)],
                        c.stroke_width(2),
                    ))?;
                }
            }
            Key::Swatch(c) => {
                area.draw(&Rectangle::new(
                    [(mid - 9, y - 9), (mid + 9, y + 9)],
                    c.filled(),
                ))?;
                area.draw(&Rectangle::new([(mid - 9, y - 9), (mid + 9, y + 9)], GRID))?;
            }
            Key::Ring => area.draw(&Circle::new((mid, y), 6, BLACK.stroke_width(2)))?,
            Key::Dot(c, filled) => {
                for element in dot((mid, y), 4, *c, *filled) {
                    area.draw(&element)?;
                }
            }
            Key::Heading => {}
            Key::Line(c, ringed) => {
                area.draw(&PathElement::new(
                    vec![(KEY_LEFT, y), (KEY_RIGHT, y)],
                    c.stroke_width(2),
                ))?;
                if *ringed {
                    area.draw(&Circle::new((mid, y), 7, WHITE.filled()))?;
                    area.draw(&Circle::new((mid, y), 7, c.stroke_width(2)))?;
                }
                area.draw(&Circle::new((mid, y), 3, c.filled()))?;
            }
        }
        for (k, line) in lines.into_iter().enumerate() {
            let at = (KEY_RIGHT + 10, y + LINE * k as i32);
            area.draw(&Text::new(line, at, text_style.clone()))?;
        }
    }
    Ok(())
}

/// Breaks a legend entry's `label` into lines of at most `room` pixels, after a comma or
/// at a space: a bot line-up (`mcts:iters=20400,greedy`) has no spaces, and a long one
/// would run off the chart. A piece longer than a line stays whole.
fn legend_lines(label: &str, room: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for piece in label.split_inclusive([',', ' ']) {
        let longer = format!("{line}{piece}");
        if !line.is_empty() && text_width(longer.trim_end(), LEGEND_SIZE) > room {
            lines.push(line.trim_end().to_string());
            line.clear();
        }
        line.push_str(piece);
    }
    lines.push(line.trim_end().to_string());
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_legend_label_breaks_after_commas_within_its_room() {
        let label = "mcts:iters=20400,mcts:iters=7500,simul=regret";
        let room = text_width("mcts:iters=20400,mcts:iters=7500,", LEGEND_SIZE) + 1.0;
        assert_eq!(
            legend_lines(label, room),
            ["mcts:iters=20400,mcts:iters=7500,", "simul=regret"]
        );
        assert_eq!(legend_lines("greedy", room), ["greedy"]);
        assert_eq!(legend_lines("filled: differ", 10.0), ["filled:", "differ"]);
        for line in legend_lines(label, 150.0) {
            assert!(text_width(&line, LEGEND_SIZE) <= 150.0, "{line}");
        }
    }

    #[test]
    fn a_titles_note_in_parentheses_goes_under_its_heading() {
        assert_eq!(
            heading_and_note("spread (dashes: noise (Holm); ring: rules)"),
            ("spread", Some("(dashes: noise (Holm); ring: rules)"))
        );
        assert_eq!(
            heading_and_note("win rate by seat"),
            ("win rate by seat", None)
        );
        assert_eq!(heading_and_note("(all note)"), ("(all note)", None));
        assert_eq!(heading_and_note("odd) title)"), ("odd) title)", None));
    }

    #[test]
    fn colour_names_give_their_colour() {
        assert_eq!(named("Red"), Some(RGBColor(200, 30, 30)));
        assert!(named("yellow").is_some() && named("seat 0").is_none());
    }

    #[test]
    fn ticks_have_enough_decimals() {
        assert_eq!(tick_label(25.0, 40.0, "%"), "25%");
        assert_eq!(tick_label(25.2, 1.2, "%"), "25.2%");
        assert_eq!(tick_label(25.25, 0.6, "%"), "25.25%");
        assert_eq!(tick_label(-0.0001, 10.0, ""), "0");
        assert_eq!(tick_label(1000.0, 5000.0, ""), "1000");
    }

    #[test]
    fn ranges_pad_but_do_not_cross_zero_or_ceiling() {
        let (lo, hi) = padded_range(10.0, 20.0, None);
        assert!(lo < 10.0 && hi > 20.0);
        assert_eq!(padded_range(0.0, 10.0, None).0, 0.0);
        assert_eq!(padded_range(90.0, 100.0, Some(100.0)).1, 100.0);
        let (lo, hi) = padded_range(5.0, 5.0, None);
        assert!(lo < 5.0 && hi > 5.0);
        let (lo, hi) = padded_range(0.0, 0.0, None);
        assert!(lo == 0.0 && hi > 0.0);
    }

    #[test]
    fn labels_wrap_then_shrink_to_fit() {
        assert_eq!(wrap("2 players", 500.0, TICK_SIZE), vec!["2 players"]);
        assert_eq!(wrap("", 500.0, TICK_SIZE), Vec::<String>::new());
        let (size, lines) = fit_labels(&["short", "a b"], 500.0, 2, TICK_SIZE);
        assert_eq!(size, TICK_SIZE);
        assert_eq!(lines, vec![vec!["short"], vec!["a b"]]);

        let label = "line-up 0: mixed strengths";
        let (size, lines) = fit_labels(&[label], 120.0, 2, TICK_SIZE);
        assert!(lines[0].len() <= 2, "{lines:?}");
        assert!(lines[0].iter().all(|l| text_width(l, size) <= 120.0));
        assert_eq!(lines[0].join(" "), label);

        let (size, _) = fit_labels(&["unbreakable-very-long-label-indeed"], 60.0, 2, TICK_SIZE);
        assert_eq!(size, MIN_TICK_SIZE);
    }
}
