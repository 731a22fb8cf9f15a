//! `floe experiment` and `floe plot` on the real binary: every shipped spec end to end in
//! miniature, reproducible output, statistics that follow from the counts, and bad specs.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

mod common;

use common::{
    assert_contains_all, fails, floe_line, floe_on, lossy_stdout_of, prints, read, words, write,
};

/// Returns the shipped specs in `experiments/SUB` (`experiments` itself for ""), sorted.
fn shipped_specs(sub: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../experiments")
        .join(sub);
    let mut specs: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    specs.sort();
    specs
}

/// Writes a miniature of `spec` into `dir`: the same cells with MCTS at a hundredth of its
/// iterations (at least 1), so that it runs in seconds
/// in a debug build.
fn miniature(spec: &Path, dir: &Path) -> PathBuf {
    let text = fs::read_to_string(spec).unwrap();
    let mut small = String::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find("iters=") {
        small.push_str(&rest[..at + "iters=".len()]);
        rest = &rest[at + "iters=".len()..];
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let iters: u64 = rest[..digits].parse().unwrap();
        small.push_str(&(iters / 100).max(1).to_string());
        rest = &rest[digits..];
    }
    small.push_str(rest);
    let path = dir.join(spec.file_name().unwrap());
    fs::write(&path, small).unwrap();
    path
}

/// Returns the games a cell of the miniature `spec` plays: 4 (enough to run every part of
/// an experiment; a greedy North Pole game takes a fifth of a second in a test build), or
/// with rotated seating the least multiple of 4 that is a whole number of seating cycles
/// of every line-up.
fn miniature_games(spec: &Path) -> u64 {
    let spec = floe_lab::spec::Spec::read(spec, &Default::default()).unwrap();
    let lcm = |a: u64, b: u64| {
        let (mut x, mut y) = (a, b);
        while y != 0 {
            (x, y) = (y, x % y);
        }
        a / x * b
    };
    spec.lineups.iter().fold(4, |games, lineup| {
        let entrants = floe_bots::split_spec_list(&lineup.bots).len();
        lcm(games, spec.dealing.seating.cycle(entrants))
    })
}

/// Runs `floe experiment SPEC --games GAMES --out OUT --quiet`.
fn experiment(spec: &Path, games: &str, out: &Path, threads: &str) {
    floe_on("experiment", spec)
        .args(["--games", games, "--threads", threads, "--quiet"])
        .arg("--out")
        .arg(out)
        .assert()
        .success()
        .stdout("");
}

/// Returns the rows of a CSV file as (header, rows of fields).
fn csv_rows(dir: &Path, name: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut reader = csv::Reader::from_path(dir.join(name)).unwrap();
    let header = reader.headers().unwrap().iter().map(String::from).collect();
    let rows = reader
        .records()
        .map(|r| r.unwrap().iter().map(String::from).collect())
        .collect();
    (header, rows)
}

fn column(header: &[String], name: &str) -> usize {
    header
        .iter()
        .position(|h| h == name)
        .unwrap_or_else(|| panic!("no column {name} in {header:?}"))
}

#[test]
fn every_shipped_spec_runs_end_to_end_in_miniature() {
    let specs = shipped_specs("");
    assert!(specs.len() >= 4, "{specs:?}");
    let tmp = tempfile::tempdir().unwrap();
    for spec in specs {
        let small = miniature(&spec, tmp.path());
        let out = tmp.path().join(spec.file_stem().unwrap());
        let games = miniature_games(&small).to_string();
        experiment(&small, &games, &out, "2");
        let (header, cells) = csv_rows(&out, "cells.csv");
        assert!(!cells.is_empty(), "{spec:?}");
        assert!(cells.iter().all(|r| r[column(&header, "games")] == games));
        let (seats_header, _) = csv_rows(&out, "seats.csv");
        assert!(
            seats_header
                .starts_with(&["game", "rules", "players", "bots", "seed"].map(String::from))
                && seats_header.ends_with(
                    &[
                        "seat",
                        "games",
                        "wins",
                        "shared_wins",
                        "win_rate",
                        "ci_low",
                        "ci_high",
                        "mean_score"
                    ]
                    .map(String::from)
                ),
            "{seats_header:?}"
        );
        let dictionary = read(&out, "columns.csv");
        for entry in fs::read_dir(&out).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            if name.ends_with(".csv") && name != "columns.csv" {
                let (header, _) = csv_rows(&out, &name);
                for column in header {
                    assert!(
                        dictionary
                            .lines()
                            .any(|l| l.starts_with(&format!("{name},{column},"))
                                && !l.ends_with(',')),
                        "{spec:?}: {name} column {column} is not documented"
                    );
                }
            }
        }
        let (tests_header, tests) = csv_rows(&out, "tests.csv");
        assert!(tests_header.ends_with(&["chi2", "df", "p_value", "p_holm"].map(String::from)));
        assert_holm(&tests_header, &tests);
        let manifest = read(&out, "manifest.toml");
        for key in ["floe_version", "git_commit", "wall_seconds", "spec = "] {
            assert!(manifest.contains(key), "{spec:?}: manifest lacks {key}");
        }
        let mut charts = common::listing(&out);
        charts.retain(|n| n.ends_with(".svg"));
        assert!(!charts.is_empty(), "{spec:?} drew no chart");
        for chart in &charts {
            let svg = read(&out, chart);
            assert!(
                svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"),
                "{chart}"
            );
        }
        let param = header
            .contains(&"param".to_string())
            .then(|| cells[0][column(&header, "param")].clone());
        let numeric = param.is_some()
            && cells
                .iter()
                .all(|r| r[column(&header, "value")].parse::<f64>().is_ok());
        match &param {
            Some(_) if numeric => assert!(charts.contains(&"sweep-mean-rounds.svg".to_string())),
            // A sweep of names draws the win rates by seat of each value.
            Some(_) => assert!(charts.iter().any(|c| c.starts_with("seats-")), "{charts:?}"),
            None => {}
        }
        let every_value = !fs::read_to_string(&spec).unwrap().contains("\nvalues = ");
        if param.as_deref() == Some("tiles_removed") && every_value {
            // A sweep of tiles_removed without values: every player count of the classic
            // rules, every value from 0 to 25.
            assert_eq!(cells.len(), 5 * 26, "{spec:?}");
            assert!(charts.contains(&"sweep-p-tiles-exhausted.svg".to_string()));
            let own: Vec<&Vec<String>> = cells
                .iter()
                .filter(|r| r[column(&header, "value")] == r[column(&header, "rules_value")])
                .collect();
            assert_eq!(
                own.len(),
                5,
                "one cell per player count plays the rulebook's table"
            );
        }
    }
}

#[test]
fn an_experiment_with_rotated_seating_rates_the_entrants_of_each_cell() {
    let tmp = tempfile::tempdir().unwrap();
    let text = "players = [2, 3]\nseating = \"rotated\"\n\n[[lineups]]\n\
                bots = \"random,greedy:depth=0\"\ngames = 200\n";
    let spec = write(tmp.path(), "rated.toml", text);
    let out = tmp.path().join("rated");
    experiment(&spec, "200", &out, "2");
    let (header, rows) = csv_rows(&out, "ratings.csv");
    assert!(header.starts_with(&["game", "rules", "players", "bots", "seed"].map(String::from)));
    let (players, bot, rating) = (
        column(&header, "players"),
        column(&header, "bot"),
        column(&header, "rating"),
    );
    // One fit per cell: each cell's two entrants, their ratings summing to 0.
    for (cell, count) in [(0, "2"), (1, "3")] {
        let fit = &rows[2 * cell..2 * cell + 2];
        assert!(fit.iter().all(|r| r[players] == count), "{rows:?}");
        assert_eq!([&fit[0][bot], &fit[1][bot]], ["random", "greedy:depth=0"]);
        let sum: f64 = fit.iter().map(|r| r[rating].parse::<f64>().unwrap()).sum();
        assert!(sum.abs() < 1e-5, "{rows:?}");
    }
    assert_eq!(rows.len(), 4, "{rows:?}");
}

/// A small study of 2 and 3 players, colours dealt at random.
fn small_spec(dir: &Path) -> PathBuf {
    let text = "name = \"small\"\nplayers = [2, 3]\nshuffle_colours = true\n\n[[lineups]]\n\
                bots = \"random\"\ngames = 3000\n";
    write(dir, "small.toml", text)
}

#[test]
fn rerunning_a_spec_gives_byte_identical_csv_whatever_the_threads() {
    let tmp = tempfile::tempdir().unwrap();
    let spec = small_spec(tmp.path());
    let (one, two) = (tmp.path().join("one"), tmp.path().join("two"));
    let mut cmd = floe_on("experiment", &spec);
    cmd.args(words("--threads 1 --quiet --out"));
    cmd.arg(&one).assert().success();
    experiment(&spec, "3000", &two, "2");
    let names = words("cells.csv seats.csv colours.csv bots.csv tests.csv");
    common::assert_same_files(&one, &two, &names);
    assert!(read(&one, "colours-random.svg").contains("win rate by colour"));
    // A chart an earlier run drew (so listed as Floe's) that this run does not draw is
    // removed; other files stay.
    fs::write(one.join("seats-old-lineup.svg"), "<svg/>").unwrap();
    let owned =
        read(&one, "floe-files.toml").replace("files = [", "files = [\"seats-old-lineup.svg\", ");
    fs::write(one.join("floe-files.toml"), owned).unwrap();
    fs::write(one.join("notes.txt"), "mine").unwrap();
    experiment(&spec, "3000", &one, "2");
    assert!(!one.join("seats-old-lineup.svg").exists());
    assert!(one.join("notes.txt").exists() && one.join("seats-random.svg").exists());
}

#[test]
fn tests_follow_from_the_summed_counts() {
    let tmp = tempfile::tempdir().unwrap();
    let spec = small_spec(tmp.path());
    let out = tmp.path().join("out");
    experiment(&spec, "3000", &out, "2");
    let (th, tests) = csv_rows(&out, "tests.csv");
    for test in &tests {
        let (players, kind) = (&test[column(&th, "players")], &test[column(&th, "test")]);
        let (gh, groups) = csv_rows(&out, &format!("{kind}s.csv"));
        let rows: Vec<&Vec<String>> = groups
            .iter()
            .filter(|g| &g[column(&gh, "players")] == players)
            .collect();
        let num = |r: &Vec<String>, c: &str| r[column(&gh, c)].parse::<f64>().unwrap();
        // Win shares: a win shared by k counts 1/k, as the rate does.
        let shares = |r: &Vec<String>| num(r, "win_rate") * num(r, "games");
        let total_wins: f64 = rows.iter().map(|r| shares(r)).sum();
        let total_games: f64 = rows.iter().map(|r| num(r, "games")).sum();
        let chi2: f64 = rows
            .iter()
            .map(|r| {
                let expected = total_wins * num(r, "games") / total_games;
                (shares(r) - expected).powi(2) / expected
            })
            .sum();
        let written: f64 = test[column(&th, "chi2")].parse().unwrap();
        assert!(
            (chi2 - written).abs() < 1e-3,
            "{players} players {kind}: {chi2} vs {written}"
        );
        assert_eq!(test[column(&th, "df")], (rows.len() - 1).to_string());
    }
    let kinds: Vec<&str> = tests
        .iter()
        .map(|t| t[column(&th, "test")].as_str())
        .collect();
    assert_eq!(kinds, ["seat", "colour", "seat", "colour"]);
}

/// Checks that `spec_text` is refused with `message`, and that nothing is written.
fn refused(spec_text: &str, message: &str) {
    let tmp = tempfile::tempdir().unwrap();
    let spec = write(tmp.path(), "bad.toml", spec_text);
    let out = tmp.path().join("out");
    fails(floe_on("experiment", &spec).arg("--out").arg(&out), message);
    assert!(!out.exists(), "{message}: output left behind");
}

#[test]
fn bad_specs_are_refused_naming_file_line_and_key() {
    let lineup = "[[lineups]]\nbots = \"random\"\ngames = 10\n";
    let cases: [(&str, &str); 10] = [
        (
            &format!("players = [2]\nplayer = 3\n{lineup}"),
            "bad.toml: line 2: unknown field `player`",
        ),
        (
            "players = [2]\n[[lineups]]\nbots = \"random,grady\"\ngames = 10\n",
            "bad.toml: line 3: lineups[0].bots: spec 2 (\"grady\"): unknown bot \"grady\"",
        ),
        (
            &format!("players = [2, 9]\n{lineup}"),
            "bad.toml: line 1: players: arctic-race seats 2 to 6 players, not 9",
        ),
        (
            "players = [2]\n[[lineups]]\nbots = \"random\"\ngames = 0\n",
            "bad.toml: line 4: lineups[0].games: must be at least 1",
        ),
        (
            &format!("players = [2]\n{lineup}[sweep]\nparam = \"tiles\"\n"),
            "bad.toml: line 6: sweep.param: \"tiles\" cannot be swept; parameters: tiles_removed",
        ),
        (
            &format!(
                "players = [2]\n{lineup}[sweep]\nparam = \"tiles_removed\"\nvalues = [3, 40]\n"
            ),
            "sweep.values: 40 is out of range for 2 players: tiles_removed allows 0 to 25",
        ),
        (
            "players = [2]\nseating = \"duplicate\"\n[[lineups]]\nbots = \"random,greedy,mcts\"\ngames = 10\n",
            "bad.toml: line 5: games: 10 is not a multiple of 6, the seatings that give the 3 entrants",
        ),
        (
            &format!("players = [2]\nseating = \"round-robin\"\n{lineup}"),
            "bad.toml: line 2: seating: \"round-robin\" is not fixed, rotated or duplicate",
        ),
        (
            &format!("players = [2]\nrules = \"missing.toml\"\n{lineup}"),
            "bad.toml: line 2: rules: cannot read the rules file",
        ),
        ("players = [2]\n", "missing field `lineups`"),
    ];
    for (text, message) in cases {
        refused(text, message);
    }
    // A --games that does not fit is the flag's fault, not the spec's.
    let tmp = tempfile::tempdir().unwrap();
    let text =
        "players = [2]\nseating = \"rotated\"\n[[lineups]]\nbots = \"random,greedy\"\ngames = 10\n";
    let spec = write(tmp.path(), "duo.toml", text);
    fails(
        floe_on("experiment", &spec)
            .args(["--games", "5", "--out"])
            .arg(tmp.path().join("out")),
        "Error: --games: 5 is not a multiple of 2, the seatings",
    );
    refused("players = [2\n", "bad.toml: line ");
}

#[test]
fn plot_draws_the_charts_of_simulate_and_tournament_folders() {
    let tmp = tempfile::tempdir().unwrap();
    let sim = tmp.path().join("sim");
    let mut cmd = floe_line("simulate --games 500 --shuffle-colours --quiet --out");
    cmd.arg(&sim).assert().success();
    prints(floe_on("plot", &sim), "seats-random.svg");
    assert!(read(&sim, "seats-random.svg").contains("win rate by seat"));
    let ladder = tmp.path().join("ladder");
    let mut cmd = floe_line("tournament --games 200 --quiet --out");
    cmd.arg(&ladder).assert().success();
    let mut cmd = floe_on("plot", &ladder);
    cmd.args(["--title", "my ladder"]).assert().success();
    assert!(read(&ladder, "bots-random-greedy.svg").contains("my ladder: win rate by bot"));
    let empty = tmp.path().join("empty");
    fs::create_dir(&empty).unwrap();
    fails(floe_on("plot", &empty), "nothing to chart");
}

#[test]
fn any_declared_parameter_can_be_swept_whole_numbers_and_lists_alike() {
    let tmp = tempfile::tempdir().unwrap();
    let lineup = "[[lineups]]\nbots = \"random\"\ngames = 200\n";
    // Runs the spec `head`, `lineup` and `sweep` into `tmp/NAME` and returns its cells.
    let cells_of = |name: &str, head: &str, sweep: &str| {
        let spec = write(tmp.path(), "params.toml", format!("{head}{lineup}{sweep}"));
        let out = tmp.path().join(name);
        experiment(&spec, "200", &out, "2");
        let (header, rows) = csv_rows(&out, "cells.csv");
        let cells: Vec<BTreeMap<String, String>> = rows
            .into_iter()
            .map(|row| header.iter().cloned().zip(row).collect())
            .collect();
        cells
    };
    let sweep = "[sweep]\nparam = \"round_limit\"\nvalues = [2, 500]\n";
    let cells = cells_of("round-limit", "players = [3]\n", sweep);
    assert_eq!(cells[0]["value"], "2");
    assert_eq!(cells[0]["rules_value"], "500");
    assert_eq!(
        cells[0]["p_round_limit"], "1.000000",
        "every game stops at 2 rounds"
    );
    assert_eq!(cells[1]["p_round_limit"], "0.000000");
    // A list-valued parameter: the first race's scoring row.
    let sweep = "[sweep]\nparam = \"scoring.race_1\"\nvalues = [[7, 5, 4, 3], [50]]\n";
    let cells = cells_of("scoring", "players = [2]\n", sweep);
    assert_eq!(cells[1]["value"], "[50]");
    assert_eq!(cells[1]["rules_value"], "[7, 5, 4, 3]");
    let score = |row: &BTreeMap<String, String>| row["mean_winner_score"].parse::<f64>().unwrap();
    // Random bots play the same games whatever the points: only the scores change.
    assert_eq!(cells[0]["mean_rounds"], cells[1]["mean_rounds"]);
    assert!(
        score(&cells[1]) > score(&cells[0]),
        "race 1 is worth 50 points: {cells:?}"
    );
    // A value the parameter's kind refuses names the key.
    refused(
        &format!("players = [2]\n{lineup}[sweep]\nparam = \"scoring.race_1\"\nvalues = [[300]]\n"),
        "bad.toml: line 7: sweep.values: for 2 players: item 1: 300 is not a whole number from 0 to 255",
    );
    refused(
        &format!("players = [2]\n{lineup}[sweep]\nparam = \"scoring.race_1\"\n"),
        "bad.toml: line 6: sweep: list the values to sweep: scoring.race_1 takes a list of 1 to 8 items",
    );
}

#[test]
fn a_sweep_that_leaves_out_the_rules_own_value_is_charted_without_its_ring() {
    let tmp = tempfile::tempdir().unwrap();
    // The classic rules remove 8 tiles at 2 players, outside the values swept.
    let text = "name = \"sweep\"\nseed = 3\nplayers = [2, 3]\n\n[[lineups]]\nbots = \"random\"\n\
                games = 100\n\n[sweep]\nparam = \"tiles_removed\"\nvalues = [0, 4]\n";
    let spec = write(tmp.path(), "sweep.toml", text);
    let out = tmp.path().join("out");
    experiment(&spec, "100", &out, "1");
    assert!(out.join("sweep-p-three-finished.svg").exists());
}

/// Every shipped tune spec is checked against its game and rules as `floe tune --check`
/// checks it, without its pricing (which plays each spec's baseline for a fifth of a
/// second or more at each player count; [`a_tune_trial_plays_the_games_it_is_given`]
/// prices one through the command line).
#[test]
fn every_shipped_tune_spec_fits_its_game() {
    let specs = shipped_specs("tune");
    assert!(specs.len() >= 4, "{specs:?}");
    let registry = floe_bots::Registry::default();
    for spec in specs {
        let read = floe_tune::TuneSpec::read(&spec, &registry)
            .unwrap_or_else(|e| panic!("{}: {e:#}", spec.display()));
        let plans = floe_tune::check(&read).unwrap_or_else(|e| panic!("{}: {e:#}", spec.display()));
        assert!(!plans.is_empty(), "{}", spec.display());
    }
}

/// `tune --games N` is a quick trial: N games at each player count for the search and N
/// for the validation (its check prices exactly that), and too few to pay for a round and
/// the validation are refused, naming the setting.
#[test]
fn a_tune_trial_plays_the_games_it_is_given() {
    let spec = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../experiments/tune/tiles-removed-random.toml");
    let text = lossy_stdout_of(floe_on("tune --check --games 2000", &spec));
    assert!(
        text.contains("2 players: racing over 13 candidates")
            && text.contains("at most 4000 games, about"),
        "{text}"
    );
    fails(
        floe_on("tune --games 12", &spec),
        "--games 12: too few for a trial of this spec: one round of 13 candidates and the \
         validation of 6 need at least 13 games at each player count",
    );
}

#[test]
fn a_small_tune_runs_end_to_end_and_writes_its_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let text = "name = \"t\"\ngame = \"goofspiel\"\nplayers = [2, 3]\nbots = \"random\"\nbudget = 6000\n\
                round_games = 1000\nfinalists = 2\n\n[[params]]\nname = \"tie_bonus\"\nvalues = [0, 2, 4]\n\n\
                [objective]\nseat_spread = 1.0\nties = 0.5\n";
    let spec = write(tmp.path(), "t.toml", text);
    let out = tmp.path().join("out");
    let text = lossy_stdout_of(floe_on("tune", &spec).arg("--out").arg(&out));
    assert_contains_all(
        &text,
        &[
            "2 players: racing over 3 candidates",
            "<- the rules' own table",
            // The objective weighs shares only, so it reads in points, as every rate does.
            " points (",
        ],
    );
    for name in words("search.csv progress.csv validation.csv manifest.toml") {
        assert!(out.join(name).exists(), "{name}");
    }
    let (header, rows) = csv_rows(&out, "validation.csv");
    let pick = column(&header, "pick");
    assert_eq!(
        rows.iter().filter(|r| r[pick] == "true").count(),
        2,
        "one pick per player count"
    );
}

/// Checks that every test's `p_holm` is Holm's adjustment of the run's `p_value`s,
/// recomputed here from the written (rounded) p-values: the m values in ascending order
/// times m, m - 1, ..., 1, each raised to the largest before it, capped at 1.
fn assert_holm(header: &[String], rows: &[Vec<String>]) {
    let column = |name: &str| header.iter().position(|c| c == name).unwrap();
    let (p, holm) = (column("p_value"), column("p_holm"));
    let raw: Vec<f64> = rows.iter().map(|r| r[p].parse().unwrap()).collect();
    let mut order: Vec<usize> = (0..raw.len()).collect();
    order.sort_by(|&a, &b| raw[a].partial_cmp(&raw[b]).unwrap());
    let mut running = 0.0_f64;
    for (k, &i) in order.iter().enumerate() {
        running = running.max(((raw.len() - k) as f64 * raw[i]).min(1.0));
        let written: f64 = rows[i][holm].parse().unwrap();
        assert!(
            (written - running).abs() <= 1e-5 * raw.len() as f64,
            "test {i}: p_holm {written} against {running}"
        );
    }
}
