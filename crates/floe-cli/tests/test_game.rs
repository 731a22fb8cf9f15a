//! The test game Goofspiel through every command of the real binary: nothing outside the
//! registry names a game, so a second game runs end to end, and Floe measures the tilt of
//! its `tie_bonus` rule (fair value 0: seat 0's extra points on tied top bids).

use std::fs;
use std::path::Path;

use assert_cmd::Command;
use predicates::prelude::*;

fn floe() -> Command {
    Command::cargo_bin("floe").unwrap()
}

fn read(dir: &Path, name: &str) -> String {
    fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Returns the `win_rate` of the row of a table of groups whose first columns start with
/// `prefix`.
fn win_rate(csv: &str, prefix: &str) -> f64 {
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let col = reader
        .headers()
        .unwrap()
        .iter()
        .position(|h| h == "win_rate")
        .unwrap();
    let row = csv
        .lines()
        .skip(1)
        .position(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no row {prefix:?} in\n{csv}"));
    let record = reader.records().nth(row).unwrap().unwrap();
    record[col].parse().unwrap()
}

#[test]
fn simulate_plays_the_test_game_by_name() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("sim");
    floe()
        .args(["simulate", "--game", "goofspiel", "--players", "2"])
        .args(["--games", "4000", "--out"])
        .arg(&out)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "goofspiel (standard rules), 2 players, bots random, 4000 games",
        ));
    let stats = read(&out, "game_stats.csv");
    assert!(stats.contains("p_cards_out"), "{stats}");
    assert!(
        !out.join("figures.csv").exists(),
        "a game that declares no figures writes no figures.csv"
    );
    assert!(
        stats
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("goofspiel,standard,2,random,1,false,4000,")
    );
    let seats = read(&out, "seats.csv");
    let run = "goofspiel,standard,2,random,1";
    let (a, b) = (
        win_rate(&seats, &format!("{run},0,")),
        win_rate(&seats, &format!("{run},1,")),
    );
    assert!((a - b).abs() < 0.05, "a fair game: {a} and {b}");
}

#[test]
fn an_experiment_measures_the_tilt_of_a_declared_parameter() {
    let tmp = tempfile::tempdir().unwrap();
    let spec = tmp.path().join("tilt.toml");
    fs::write(
        &spec,
        "game = \"goofspiel\"\nplayers = [2]\n[[lineups]]\nbots = \"random\"\ngames = 6000\n\
         [sweep]\nparam = \"tie_bonus\"\nvalues = [0, 4]\n",
    )
    .unwrap();
    let out = tmp.path().join("tilt");
    let ran = floe()
        .arg("experiment")
        .arg(&spec)
        .arg("--out")
        .arg(&out)
        .assert()
        .success()
        .stdout(predicate::str::contains("tilt: 2 cells, 12000 games"));
    // The console flags the tilted cell only, its test adjusted over the run's two.
    let stdout = String::from_utf8(ran.get_output().stdout.clone()).unwrap();
    let line = |value: &str| {
        let start = format!("  random, 2 players, tie_bonus {value}: 6000 games; ");
        stdout
            .lines()
            .find(|l| l.starts_with(&start))
            .unwrap_or_else(|| panic!("no line for tie_bonus {value}:\n{stdout}"))
            .to_string()
    };
    // A sweep's line says how its games ended (every game runs out of cards).
    assert!(line("0").contains("; cards-out 100.0% ("), "{stdout}");
    assert!(!line("0").ends_with(" *"), "{stdout}");
    assert!(
        line("4").contains("best seat 0 ") && line("4").ends_with(" *"),
        "{stdout}"
    );
    assert!(
        stdout.contains("* 1 of the run's 2 tests of equal win shares"),
        "{stdout}"
    );
    let cells = read(&out, "cells.csv");
    assert!(
        cells.starts_with("param,value,rules_value,game,"),
        "{cells}"
    );
    let seats = read(&out, "seats.csv");
    let fair = win_rate(&seats, "goofspiel,standard,2,random,1,0,0,");
    let tilted = win_rate(&seats, "goofspiel,standard,2,random,1,4,0,");
    assert!((fair - 0.5).abs() < 0.03, "tie_bonus 0 is fair: {fair}");
    assert!(
        tilted > fair + 0.1,
        "tie_bonus 4 favours seat 0: {tilted} vs {fair}"
    );
    // The game's own parameters are the ones a sweep may name.
    fs::write(
        &spec,
        "game = \"goofspiel\"\nplayers = [2]\n[[lineups]]\nbots = \"random\"\ngames = 10\n\
         [sweep]\nparam = \"tiles_removed\"\n",
    )
    .unwrap();
    floe()
        .arg("experiment")
        .arg(&spec)
        .arg("--out")
        .arg(tmp.path().join("bad"))
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "tilt.toml: line 7: sweep.param: \"tiles_removed\" cannot be swept; parameters: cards, tie_bonus",
        ));
}

#[test]
fn tournaments_shards_merge_and_replays_work_for_the_test_game() {
    let tmp = tempfile::tempdir().unwrap();
    let run = [
        "tournament",
        "--game",
        "goofspiel",
        "--players",
        "2",
        "--bots",
        "random,greedy",
        "--games",
        "600",
        "--duplicate",
        "--quiet",
    ];
    let whole = tmp.path().join("whole");
    floe().args(run).arg("--out").arg(&whole).assert().success();
    let standings = read(&whole, "tournament.csv");
    let row = "goofspiel,standard,2,\"random,greedy\",1";
    let (greedy, random) = (
        win_rate(&standings, &format!("{row},greedy,")),
        win_rate(&standings, &format!("{row},random,")),
    );
    assert!(greedy > random + 0.1, "greedy outbids random: {standings}");
    let mut shards = Vec::new();
    for k in 1..=2 {
        let dir = tmp.path().join(format!("shard-{k}"));
        floe()
            .args(run)
            .args(["--shard", &format!("{k}/2"), "--out"])
            .arg(&dir)
            .assert()
            .success();
        shards.push(dir);
    }
    let merged = tmp.path().join("merged");
    floe()
        .arg("merge")
        .args(&shards)
        .args(["--quiet", "--out"])
        .arg(&merged)
        .assert()
        .success();
    for name in [
        "tournament.csv",
        "pairwise.csv",
        "ratings.csv",
        "game_stats.csv",
    ] {
        assert_eq!(read(&whole, name), read(&merged, name), "{name}");
    }
    floe()
        .args([
            "replay",
            "--game",
            "goofspiel",
            "--players",
            "3",
            "--index",
            "2",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "goofspiel (standard rules), 3 players",
        ));
}

#[test]
fn bot_parameters_a_game_does_not_declare_are_refused() {
    floe()
        .args(["simulate", "--game", "goofspiel", "--players", "2"])
        .args(["--bots", "greedy:progress=2", "--games", "10"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "Error: --bots \"greedy:progress=2\": bot \"greedy\": parameter \"progress\" has no \
             meaning in goofspiel, which declares no bot parameters",
        ));
    floe()
        .args(["simulate", "--game", "chess"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "Error: --game chess: unknown game \"chess\"; games: arctic-race",
        ));
}
