//! An experiment's declared questions on the real binary: `answers.csv` for each kind of
//! question against figures worked out here from the cells' own counts (`cells.csv`,
//! `figures.csv`) (merged shards' answers are in `shards.rs`), the console's
//! sentences first, bad questions refused by `--check` naming file, line and key, and a
//! spec without questions written exactly as before.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

mod common;

use common::{assert_columns_documented, fails, floe_on, ok, read, write};

/// Arctic Race, random bots, 2 and 3 players, tiles removed swept over 2, 5 and 8.
const SWEEP: &str = "seed = 7\nplayers = [2, 3]\n\n[[lineups]]\nbots = \"random\"\ngames = 300\n\n\
                     [sweep]\nparam = \"tiles_removed\"\nvalues = [2, 5, 8]\n";

/// Questions of every kind on [`SWEEP`].
const QUESTIONS: &str = "\n[[questions]]\nask = \"compare\"\nmeasure = \"mean_rounds\"\n\
                         between = [2, 8]\n\n[[questions]]\nask = \"effect\"\n\
                         measure = \"p_tiles_exhausted\"\n\n[[questions]]\nask = \"best\"\n\
                         measure = \"p_tiles_exhausted\"\ngoal = \"highest\"\n\n\
                         [[questions]]\nask = \"fair\"\n\n[[questions]]\nask = \"compare\"\n\
                         measure = \"win_rate\"\nof = \"seat 0\"\nbetween = [2, 8]\n";

/// The rows of the CSV file `name` in `dir`, each by column name.
fn rows(dir: &Path, name: &str) -> Vec<BTreeMap<String, String>> {
    let mut reader = csv::Reader::from_path(dir.join(name)).unwrap();
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            header
                .iter()
                .cloned()
                .zip(r.iter().map(String::from))
                .collect()
        })
        .collect()
}

/// The number in `row`'s column `name`.
fn num(row: &BTreeMap<String, String>, name: &str) -> f64 {
    row[name]
        .parse()
        .unwrap_or_else(|_| panic!("{name} = {:?}", row[name]))
}

/// Runs `floe experiment SPEC --out DIR/run` for the spec text `text`; returns the run.
fn run(dir: &Path, text: &str) -> PathBuf {
    let spec = write(dir, "study.toml", text);
    let out = dir.join("run");
    ok(&["experiment", spec.to_str().unwrap()], &out);
    out
}

/// The answers of `out` to question `q`, by player count.
fn answers_to(out: &Path, q: &str) -> BTreeMap<String, BTreeMap<String, String>> {
    rows(out, "answers.csv")
        .into_iter()
        .filter(|r| r["question"] == q)
        .map(|r| (r["players"].clone(), r))
        .collect()
}

/// Asserts `a` and `b` agree to within the six decimals a CSV field keeps.
fn close(a: f64, b: f64, what: &str) {
    assert!(
        (a - b).abs() < 2e-5 * (1.0 + b.abs()),
        "{what}: {a} against {b}"
    );
}

/// The two-sided p-value of `z` (normal).
fn two_sided(z: f64) -> f64 {
    use statrs::distribution::{ContinuousCDF, Normal};
    2.0 * (1.0 - Normal::standard().cdf(z.abs()))
}

/// The weighted least-squares slope of `(x, y, weight)` points and its standard error
/// (weights 1/SE², widened by the Birge ratio when the points scatter beyond their
/// errors), worked out here apart from Floe's own code.
fn weighted_slope(points: &[(f64, f64, f64)]) -> (f64, f64) {
    let total: f64 = points.iter().map(|p| p.2).sum();
    let xbar = points.iter().map(|p| p.2 * p.0).sum::<f64>() / total;
    let ybar = points.iter().map(|p| p.2 * p.1).sum::<f64>() / total;
    let sxx: f64 = points.iter().map(|p| p.2 * (p.0 - xbar).powi(2)).sum();
    let sxy: f64 = points
        .iter()
        .map(|p| p.2 * (p.0 - xbar) * (p.1 - ybar))
        .sum();
    let b = sxy / sxx;
    let chi2: f64 = points
        .iter()
        .map(|p| p.2 * (p.1 - ybar - b * (p.0 - xbar)).powi(2))
        .sum();
    let birge = (chi2 / (points.len() as f64 - 2.0)).max(1.0).sqrt();
    (b, birge / sxx.sqrt())
}

#[test]
fn compare_effect_best_and_fair_follow_from_the_cells_counts() {
    let tmp = tempfile::tempdir().unwrap();
    let out = run(tmp.path(), &format!("{SWEEP}{QUESTIONS}"));
    assert_columns_documented(&out, &["answers.csv"]);
    let cells = rows(&out, "cells.csv");
    let cell = |players: &str, value: &str| {
        cells
            .iter()
            .find(|c| c["players"] == players && c["value"] == value)
            .unwrap()
    };
    let z95 = 1.959_963_984_540_054;
    // compare: mean rounds at 8 minus at 2, SE sqrt(sd8²/n8 + sd2²/n2).
    for (players, a) in answers_to(&out, "1") {
        let (c2, c8) = (cell(&players, "2"), cell(&players, "8"));
        let se = |c: &BTreeMap<String, String>| num(c, "sd_rounds") / num(c, "games").sqrt();
        let diff = num(c8, "mean_rounds") - num(c2, "mean_rounds");
        let se = se(c2).hypot(se(c8));
        assert_eq!(
            (a["ask"].as_str(), a["compared"].as_str()),
            ("compare", "8 - 2")
        );
        close(num(&a, "estimate"), diff, "compare estimate");
        close(num(&a, "ci_low"), diff - z95 * se, "compare ci_low");
        close(num(&a, "ci_high"), diff + z95 * se, "compare ci_high");
        close(num(&a, "p_value"), two_sided(diff / se), "compare p");
    }
    // effect: the weighted least-squares slope of p_tiles_exhausted on the value.
    for (players, a) in answers_to(&out, "2") {
        let points: Vec<(f64, f64, f64)> = ["2", "5", "8"]
            .iter()
            .map(|v| {
                let c = cell(&players, v);
                let (p, n) = (num(c, "p_tiles_exhausted"), num(c, "games"));
                let se = (p * (1.0 - p) / n).sqrt().max(0.5 / n);
                (v.parse().unwrap(), p, 1.0 / (se * se))
            })
            .collect();
        let (slope, se) = weighted_slope(&points);
        assert_eq!(a["compared"], "per step of tiles_removed");
        close(num(&a, "estimate"), slope, "slope");
        close(num(&a, "ci_low"), slope - z95 * se, "slope ci_low");
        close(num(&a, "ci_high"), slope + z95 * se, "slope ci_high");
    }
    // best: the highest share of tiles-exhausted ends against the rules' own value.
    for (players, a) in answers_to(&out, "3") {
        let rules = cell(&players, "2")["rules_value"].clone();
        let best = ["2", "5", "8"]
            .into_iter()
            .max_by(|x, y| {
                let p = |v| num(cell(&players, v), "p_tiles_exhausted");
                p(x).total_cmp(&p(y))
            })
            .unwrap();
        match ["2", "5", "8"].contains(&rules.as_str()) {
            true => assert!(a["compared"].starts_with(&format!("best {best} vs rules {rules}"))),
            false => assert_eq!(a["verdict"], "cannot tell", "{a:?}"),
        }
    }
    // fair: a row per seat test of tests.csv, its p-value as written there.
    let tests = rows(&out, "tests.csv");
    let fair: Vec<_> = rows(&out, "answers.csv")
        .into_iter()
        .filter(|r| r["ask"] == "fair")
        .collect();
    assert_eq!(fair.len(), tests.len());
    for (a, t) in fair.iter().zip(&tests) {
        assert_eq!((&a["p_value"], &a["estimate"]), (&t["p_value"], &t["chi2"]));
    }
    // A seat's win rate: its share of wins in seats.csv, SE sqrt(p (1 - p) / games).
    let seats = rows(&out, "seats.csv");
    for (players, a) in answers_to(&out, "5") {
        let seat = |value: &str| {
            let s = seats.iter().find(|s| {
                s["players"] == players && s["tiles_removed"] == value && s["seat"] == "0"
            });
            let s = s.unwrap();
            let (p, n) = (num(s, "win_rate"), num(s, "games"));
            (p, (p * (1.0 - p) / n).sqrt())
        };
        let ((p2, se2), (p8, se8)) = (seat("2"), seat("8"));
        assert_eq!(a["measure"], "win_rate of seat 0");
        close(num(&a, "estimate"), p8 - p2, "win rate difference");
        close(
            num(&a, "p_value"),
            two_sided((p8 - p2) / se2.hypot(se8)),
            "win rate p",
        );
    }
    // Every p-value is adjusted by Holm's method over all the answers.
    let answers = rows(&out, "answers.csv");
    assert!(answers.iter().all(|a| a["adjust"] == "holm"));
}

#[test]
fn a_compare_of_an_arctic_power_reads_the_figure_s_own_counts() {
    let tmp = tempfile::tempdir().unwrap();
    let text = "game = \"arctic\"\nseed = 4\nplayers = [3]\n\n[[lineups]]\nbots = \"random\"\n\
                games = 200\n\n[sweep]\nparam = \"power_side.bear\"\nvalues = [\"A\", \"B\"]\n\n\
                adjust = \"fdr\"\n\n[[questions]]\nask = \"compare\"\nmeasure = \"bear_holder_win\"\n\
                between = [\"A\", \"B\"]\n";
    // `adjust` is a top-level key: it goes before the first table.
    let text = text
        .replace("\n\nadjust = \"fdr\"", "")
        .replace("seed = 4\n", "seed = 4\nadjust = \"fdr\"\n");
    let out = run(tmp.path(), &text);
    let figures = rows(&out, "figures.csv");
    let figure = |side: &str| {
        figures
            .iter()
            .find(|f| f["figure"] == "bear_holder_win" && f["power_side.bear"] == side)
            .unwrap()
    };
    let se = |f: &BTreeMap<String, String>| num(f, "sd") / num(f, "games").sqrt();
    let (a, b) = (figure("A"), figure("B"));
    let diff = num(b, "mean") - num(a, "mean");
    let answer = &rows(&out, "answers.csv")[0];
    assert_eq!(answer["compared"], "B - A");
    assert_eq!(answer["adjust"], "fdr");
    close(num(answer, "estimate"), diff, "estimate");
    close(
        num(answer, "p_value"),
        two_sided(diff / se(a).hypot(se(b))),
        "p",
    );
}

#[test]
fn the_summary_says_the_answers_first_and_a_spec_without_questions_writes_as_before() {
    let tmp = tempfile::tempdir().unwrap();
    let plain = write(tmp.path(), "plain.toml", SWEEP);
    let asked = write(tmp.path(), "asked.toml", format!("{SWEEP}{QUESTIONS}"));
    let printed = |spec: &Path, out: &str| {
        let out = tmp.path().join(out);
        let got = floe_on("experiment", spec)
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap();
        assert!(got.status.success());
        (out, String::from_utf8(got.stdout).unwrap())
    };
    let (plain_out, plain_text) = printed(&plain, "plain");
    let (asked_out, asked_text) = printed(&asked, "asked");
    assert!(!plain_out.join("answers.csv").exists());
    assert!(!read(&plain_out, "columns.csv").contains("answers.csv"));
    assert!(!plain_text.contains("answers:"));
    for name in [
        "cells.csv",
        "seats.csv",
        "colours.csv",
        "bots.csv",
        "tests.csv",
    ] {
        assert_eq!(read(&plain_out, name), read(&asked_out, name), "{name}");
    }
    let answers = asked_text.find("answers:\n").unwrap();
    let cells = asked_text.find("cells:\n").unwrap();
    let first = &asked_text[answers..cells];
    assert!(first.contains("2 players: mean_rounds 8 - 2 = "), "{first}");
    assert!(first.contains("(Holm p "), "{first}");
    // The rules' own value (8 at 2 players; 6, not swept, at 3) is marked wherever a cell
    // is named: in the answers, the cells' lines and the page.
    let own = "tiles_removed 8 (the rules' own)";
    assert!(
        first.contains(&format!("2 players: seats' win shares, {own}")),
        "{first}"
    );
    assert!(
        asked_text.contains(&format!("random, 2 players, {own}: ")),
        "{asked_text}"
    );
    assert!(
        !asked_text.contains("3 players, tiles_removed 8 (the"),
        "{asked_text}"
    );
    let page = read(&asked_out, "report.html");
    assert!(
        page.contains("tiles_removed = 8 (the rules' own)"),
        "the page marks it"
    );
    // After the answers, the cells' lines as a run without questions prints them.
    let lines = |text: &str| {
        let start = text.find("  random, 2 players").unwrap();
        let end = text.find("\n\n").unwrap();
        text[start..end].to_string()
    };
    assert_eq!(lines(&plain_text), lines(&asked_text));
    // The page says the same answers, word for word, before anything else it answers.
    let page = read(&asked_out, "report.html");
    let declared = page.find("id=\"declared\"").expect("the declared answers");
    assert!(declared < page.find("id=\"answer\"").unwrap());
    for sentence in first.lines().skip(1).filter(|l| !l.is_empty()) {
        let shown = sentence.trim().replace('<', "&lt;");
        let at = page
            .find(&shown)
            .unwrap_or_else(|| panic!("{shown} not on the page"));
        assert!(at > declared, "{shown}");
    }
    assert!(!read(&plain_out, "report.html").contains("id=\"declared\""));
}

/// Checks that `floe experiment SPEC --check` refuses [`SWEEP`] (or `base`) with
/// `question` added, naming the line and key in `message`.
fn refuses(base: &str, question: &str, message: &str) {
    let tmp = tempfile::tempdir().unwrap();
    let spec = write(tmp.path(), "bad.toml", format!("{base}{question}"));
    let shown = format!("{}: {message}", spec.display());
    fails(floe_on("experiment --check", &spec), &shown);
}

#[test]
fn check_refuses_bad_questions_naming_file_line_and_key() {
    let at = |line: usize| format!("line {line}");
    let first = SWEEP.lines().count() + 2;
    refuses(
        SWEEP,
        "\n[[questions]]\nask = \"why\"\n",
        &format!(
            "{}: questions[0].ask: unknown ask \"why\"; asks: compare, effect, best, fair or stronger",
            at(first + 1)
        ),
    );
    refuses(
        SWEEP,
        "\n[[questions]]\nask = \"effect\"\nmeasure = \"p_rain\"\n",
        &format!(
            "{}: questions[0].measure: unknown measure \"p_rain\"; measures of arctic-race: mean_rounds",
            at(first + 2)
        ),
    );
    refuses(
        SWEEP,
        "\n[[questions]]\nask = \"compare\"\nmeasure = \"mean_rounds\"\nbetween = [2, 3]\n",
        &format!(
            "{}: questions[0].between[1]: 3 is not a value of the sweep (2, 5, 8)",
            at(first + 3)
        ),
    );
    let named = "players = [2]\n[[lineups]]\nbots = \"random\"\ngames = 5\n[sweep]\n\
                 param = \"scoring.race_1\"\nvalues = [[7, 5, 4, 3], [1]]\n";
    refuses(
        named,
        "[[questions]]\nask = \"effect\"\nmeasure = \"mean_rounds\"\n",
        "line 9: questions[0].ask: effect needs a swept number, and the sweep plays [7, 5, 4, 3]",
    );
    let unswept = "players = [2]\n[[lineups]]\nbots = \"random\"\ngames = 5\n";
    refuses(
        unswept,
        "[[questions]]\nask = \"best\"\nmeasure = \"mean_rounds\"\ngoal = \"lowest\"\n",
        "line 6: questions[0].ask: best asks of a swept parameter; add a [sweep]",
    );
    refuses(
        &format!("adjust = \"bonferroni\"\n{unswept}"),
        "",
        "line 1: adjust: \"bonferroni\" is not holm or fdr",
    );
    refuses(
        SWEEP,
        "\n[[questions]]\nask = \"effect\"\nmeasure = \"win_rate\"\nof = \"seat 3\"\n",
        &format!(
            "{}: questions[0].of: \"3\" is not a seat of every cell (seats 0 to 1)",
            at(first + 3)
        ),
    );
    refuses(
        SWEEP,
        "\n[[questions]]\nask = \"fair\"\nmood = 3\n",
        &at(first + 2),
    );
    let duel = "seating = \"duplicate\"\nplayers = [2]\n[[lineups]]\nbots = \"random,greedy\"\n\
                games = 4\n";
    refuses(
        duel,
        "[[questions]]\nask = \"stronger\"\nbetween = [\"random\", \"mcts\"]\n",
        "line 8: questions[0].between: no line-up seats both \"random\" and \"mcts\" (name \
         them as its bots are written)",
    );
    refuses(
        duel,
        "[[questions]]\nask = \"stronger\"\nmeasure = \"mean_rounds\"\n",
        "line 8: questions[0].measure: stronger weighs the two bots' head-to-head scores; give \
         no measure",
    );
    refuses(
        SWEEP,
        "\n[[questions]]\nask = \"stronger\"\nbetween = [\"random\", \"greedy\"]\n",
        &format!(
            "{}: questions[0].ask: stronger weighs two bots of a line-up in a run without a \
             sweep; ask compare of a sweep's values",
            at(first + 1)
        ),
    );
}

/// A stronger question reads the head-to-head scores of `pairwise.csv`: the share of the
/// games where both played in which the second bot scored above the first, a tie counting
/// half, against an even 0.5, with its z-test; and it is asked only of a line-up that
/// seats both bots.
#[test]
fn a_stronger_question_reads_the_head_to_head_scores() {
    let tmp = tempfile::tempdir().unwrap();
    let out = run(
        tmp.path(),
        "seed = 3\nseating = \"duplicate\"\nplayers = [2, 3]\n\n[[lineups]]\n\
         bots = \"random,greedy\"\ngames = 60\n\n[[lineups]]\nbots = \"random,greedy:depth=0\"\n\
         games = 20\n\n[[questions]]\nask = \"stronger\"\nbetween = [\"random\", \"greedy\"]\n",
    );
    let answers = answers_to(&out, "1");
    assert_eq!(
        answers.len(),
        2,
        "the line-up without greedy is not asked: {answers:?}"
    );
    for pair in rows(&out, "pairwise.csv")
        .iter()
        .filter(|r| r["bot"] == "greedy" && r["opponent"] == "random")
    {
        let a = &answers[&pair["players"]];
        let games = num(pair, "games");
        let share = num(pair, "share_above") + num(pair, "share_tied") / 2.0;
        close(num(a, "estimate"), share - 0.5, "estimate");
        // The score test (SE 0.5 / sqrt(games), as if the two were even) and the Wilson
        // interval it inverts, both less 0.5.
        let null_se = 0.5 / games.sqrt();
        close(
            num(a, "p_value"),
            two_sided((share - 0.5) / null_se),
            "p-value",
        );
        let z = 1.959964_f64;
        let centre = (share + z * z / (2.0 * games)) / (1.0 + z * z / games);
        let half = z / (1.0 + z * z / games)
            * (share * (1.0 - share) / games + z * z / (4.0 * games * games)).sqrt();
        close(num(a, "ci_low"), centre - half - 0.5, "interval's low end");
        close(
            num(a, "ci_high"),
            (centre + half).min(1.0) - 0.5,
            "interval's high end",
        );
        assert_eq!(a["measure"], "score_above of greedy over random");
        assert_eq!(a["verdict"], "greedy stronger");
    }
    assert_columns_documented(&out, &["answers.csv"]);
}
