//! `floe experiment` and `floe plot` on the real binary: every shipped spec end to end in
//! miniature, reproducible output, statistics that follow from the counts, and bad specs.

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;

fn floe() -> Command {
    Command::cargo_bin("floe").unwrap()
}

fn read(dir: &Path, name: &str) -> String {
    fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Returns the shipped experiment specs.
fn shipped_specs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../experiments");
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

/// Returns the games a cell of the miniature `spec` plays: 8, or with rotated seating the
/// least multiple of 8 that is a whole number of seating cycles of every line-up.
fn miniature_games(spec: &Path) -> u64 {
    let spec = floe_lab::spec::Spec::read(spec).unwrap();
    let lcm = |a: u64, b: u64| {
        let (mut x, mut y) = (a, b);
        while y != 0 {
            (x, y) = (y, x % y);
        }
        a / x * b
    };
    spec.lineups.iter().fold(8, |games, lineup| {
        let entrants = floe_bots::split_spec_list(&lineup.bots).len();
        lcm(games, spec.dealing.seating.cycle(entrants))
    })
}

/// Runs `floe experiment SPEC --games GAMES --out OUT --quiet`.
fn experiment(spec: &Path, games: &str, out: &Path, threads: &str) {
    floe()
        .arg("experiment")
        .arg(spec)
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
    let specs = shipped_specs();
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
        let charts: Vec<String> = fs::read_dir(&out)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".svg"))
            .collect();
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
        if param.as_deref() == Some("tiles_removed") {
            // Every player count of the classic rules, every value from 0 to 25.
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
    let spec = tmp.path().join("rated.toml");
    fs::write(
        &spec,
        "players = [2, 3]\nseating = \"rotated\"\n\n[[lineups]]\n\
         bots = \"random,greedy:depth=0\"\ngames = 200\n",
    )
    .unwrap();
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
    let path = dir.join("small.toml");
    fs::write(
        &path,
        "name = \"small\"\nplayers = [2, 3]\nshuffle_colours = true\n\n[[lineups]]\n\
         bots = \"random\"\ngames = 3000\n",
    )
    .unwrap();
    path
}

#[test]
fn rerunning_a_spec_gives_byte_identical_csv_whatever_the_threads() {
    let tmp = tempfile::tempdir().unwrap();
    let spec = small_spec(tmp.path());
    let (one, two) = (tmp.path().join("one"), tmp.path().join("two"));
    floe()
        .arg("experiment")
        .arg(&spec)
        .args(["--threads", "1", "--quiet", "--out"])
        .arg(&one)
        .assert()
        .success();
    experiment(&spec, "3000", &two, "2");
    for name in [
        "cells.csv",
        "seats.csv",
        "colours.csv",
        "bots.csv",
        "tests.csv",
    ] {
        assert_eq!(read(&one, name), read(&two, name), "{name}");
    }
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
    let spec = tmp.path().join("bad.toml");
    fs::write(&spec, spec_text).unwrap();
    let out = tmp.path().join("out");
    floe()
        .arg("experiment")
        .arg(&spec)
        .arg("--out")
        .arg(&out)
        .assert()
        .failure()
        .stderr(predicate::str::contains(message));
    assert!(!out.exists(), "{message}: output left behind");
}

#[test]
fn bad_specs_are_refused_naming_file_line_and_key() {
    let lineup = "[[lineups]]\nbots = \"random\"\ngames = 10\n";
    refused(
        &format!("players = [2]\nplayer = 3\n{lineup}"),
        "bad.toml: line 2: unknown field `player`",
    );
    refused(
        "players = [2]\n[[lineups]]\nbots = \"random,grady\"\ngames = 10\n",
        "bad.toml: line 3: lineups[0].bots: spec 2 (\"grady\"): unknown bot \"grady\"",
    );
    refused(
        &format!("players = [2, 9]\n{lineup}"),
        "bad.toml: line 1: players: arctic-race seats 2 to 6 players, not 9",
    );
    refused(
        "players = [2]\n[[lineups]]\nbots = \"random\"\ngames = 0\n",
        "bad.toml: line 4: lineups[0].games: must be at least 1",
    );
    refused(
        &format!("players = [2]\n{lineup}[sweep]\nparam = \"tiles\"\n"),
        "bad.toml: line 6: sweep.param: \"tiles\" cannot be swept; parameters: tiles_removed",
    );
    refused(
        &format!("players = [2]\n{lineup}[sweep]\nparam = \"tiles_removed\"\nvalues = [3, 40]\n"),
        "sweep.values: 40 is out of range for 2 players: tiles_removed allows 0 to 25",
    );
    refused(
        "players = [2]\nseating = \"duplicate\"\n[[lineups]]\nbots = \"random,greedy,mcts\"\ngames = 10\n",
        "bad.toml: line 5: games: 10 is not a multiple of 6, the seatings that give the 3 entrants",
    );
    refused(
        &format!("players = [2]\nseating = \"round-robin\"\n{lineup}"),
        "bad.toml: line 2: seating: \"round-robin\" is not fixed, rotated or duplicate",
    );
    refused(
        &format!("players = [2]\nrules = \"missing.toml\"\n{lineup}"),
        "bad.toml: line 2: rules: cannot read the rules file",
    );
    refused("players = [2]\n", "missing field `lineups`");
    // A --games that does not fit is the flag's fault, not the spec's.
    let tmp = tempfile::tempdir().unwrap();
    let spec = tmp.path().join("duo.toml");
    fs::write(
        &spec,
        "players = [2]\nseating = \"rotated\"\n[[lineups]]\nbots = \"random,greedy\"\ngames = 10\n",
    )
    .unwrap();
    floe()
        .arg("experiment")
        .arg(&spec)
        .args(["--games", "5"])
        .arg("--out")
        .arg(tmp.path().join("out"))
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "Error: --games: 5 is not a multiple of 2, the seatings",
        ));
    refused("players = [2\n", "bad.toml: line ");
}

#[test]
fn plot_draws_the_charts_of_simulate_and_tournament_folders() {
    let tmp = tempfile::tempdir().unwrap();
    let sim = tmp.path().join("sim");
    floe()
        .args([
            "simulate",
            "--games",
            "500",
            "--shuffle-colours",
            "--quiet",
            "--out",
        ])
        .arg(&sim)
        .assert()
        .success();
    floe()
        .arg("plot")
        .arg(&sim)
        .assert()
        .success()
        .stdout(predicate::str::contains("seats-random.svg"));
    assert!(read(&sim, "seats-random.svg").contains("win rate by seat"));
    let ladder = tmp.path().join("ladder");
    floe()
        .args(["tournament", "--games", "200", "--quiet", "--out"])
        .arg(&ladder)
        .assert()
        .success();
    floe()
        .arg("plot")
        .arg(&ladder)
        .args(["--title", "my ladder"])
        .assert()
        .success();
    assert!(read(&ladder, "bots-random-greedy.svg").contains("my ladder: win rate by bot"));
    let empty = tmp.path().join("empty");
    fs::create_dir(&empty).unwrap();
    floe()
        .arg("plot")
        .arg(&empty)
        .assert()
        .failure()
        .stderr(predicate::str::contains("nothing to chart"));
}

#[test]
fn any_declared_parameter_can_be_swept_whole_numbers_and_lists_alike() {
    let tmp = tempfile::tempdir().unwrap();
    let spec = tmp.path().join("params.toml");
    let lineup = "[[lineups]]\nbots = \"random\"\ngames = 200\n";
    fs::write(
        &spec,
        format!("players = [3]\n{lineup}[sweep]\nparam = \"round_limit\"\nvalues = [2, 500]\n"),
    )
    .unwrap();
    let out = tmp.path().join("round-limit");
    experiment(&spec, "200", &out, "2");
    let (header, cells) = csv_rows(&out, "cells.csv");
    let at = |row: &Vec<String>, c: &str| row[column(&header, c)].clone();
    assert_eq!(at(&cells[0], "value"), "2");
    assert_eq!(at(&cells[0], "rules_value"), "500");
    assert_eq!(
        at(&cells[0], "p_round_limit"),
        "1.000000",
        "every game stops at 2 rounds"
    );
    assert_eq!(at(&cells[1], "p_round_limit"), "0.000000");
    // A list-valued parameter: the first race's scoring row.
    fs::write(
        &spec,
        format!(
            "players = [2]\n{lineup}[sweep]\nparam = \"scoring.race_1\"\nvalues = [[7, 5, 4, 3], [50]]\n"
        ),
    )
    .unwrap();
    let out = tmp.path().join("scoring");
    experiment(&spec, "200", &out, "2");
    let (header, cells) = csv_rows(&out, "cells.csv");
    let at = |row: &Vec<String>, c: &str| row[column(&header, c)].clone();
    assert_eq!(at(&cells[1], "value"), "[50]");
    assert_eq!(at(&cells[1], "rules_value"), "[7, 5, 4, 3]");
    let score = |row: &Vec<String>| at(row, "mean_winner_score").parse::<f64>().unwrap();
    // Random bots play the same games whatever the points: only the scores change.
    assert_eq!(at(&cells[0], "mean_rounds"), at(&cells[1], "mean_rounds"));
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
    let spec = tmp.path().join("sweep.toml");
    // The classic rules remove 8 tiles at 2 players, outside the values swept.
    std::fs::write(
        &spec,
        "name = \"sweep\"\nseed = 3\nplayers = [2, 3]\n\n[[lineups]]\nbots = \"random\"\n\
         games = 100\n\n[sweep]\nparam = \"tiles_removed\"\nvalues = [0, 4]\n",
    )
    .unwrap();
    let out = tmp.path().join("out");
    experiment(&spec, "100", &out, "1");
    assert!(out.join("sweep-p-three-finished.svg").exists());
}

#[test]
fn every_shipped_tune_spec_fits_its_game() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../experiments/tune");
    let mut specs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    specs.sort();
    assert!(specs.len() >= 4, "{specs:?}");
    for spec in specs {
        let out = floe()
            .args(["tune", "--check"])
            .arg(&spec)
            .assert()
            .success();
        let text = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
        assert!(
            text.contains(" players: racing over "),
            "{}: {text}",
            spec.display()
        );
    }
}

#[test]
fn a_small_tune_runs_end_to_end_and_writes_its_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let spec = tmp.path().join("t.toml");
    std::fs::write(
        &spec,
        "name = \"t\"\ngame = \"goofspiel\"\nplayers = [2, 3]\nbots = \"random\"\nbudget = 6000\n\
         round_games = 1000\nfinalists = 2\n\n[[params]]\nname = \"tie_bonus\"\nvalues = [0, 2, 4]\n\n\
         [objective]\nseat_spread = 1.0\nties = 0.5\n",
    )
    .unwrap();
    let out = tmp.path().join("out");
    let done = floe()
        .arg("tune")
        .arg(&spec)
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    let text = String::from_utf8_lossy(&done.get_output().stdout).into_owned();
    assert!(
        text.contains("2 players: racing over 3 candidates"),
        "{text}"
    );
    assert!(text.contains("<- the rules' own table"), "{text}");
    for name in [
        "search.csv",
        "progress.csv",
        "validation.csv",
        "manifest.toml",
    ] {
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
