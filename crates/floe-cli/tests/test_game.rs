//! The test game Goofspiel through every command of the real binary: nothing outside the
//! registry names a game, so a second game runs end to end, and Floe measures the tilt of
//! its `tie_bonus` rule (fair value 0: seat 0's extra points on tied top bids).

mod common;

use common::{
    assert_contains_all, assert_same_files, csv_column, fails, floe_line, floe_on, merge_into,
    prints, read, stdout_of, words, write,
};

/// Returns the `win_rate` of the row of a table of groups whose first columns start with
/// `prefix`.
fn win_rate(csv: &str, prefix: &str) -> f64 {
    let rates = csv_column(csv, "win_rate");
    let row = csv
        .lines()
        .skip(1)
        .position(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no row {prefix:?} in\n{csv}"));
    rates[row].parse().unwrap()
}

#[test]
fn simulate_plays_the_test_game_by_name() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("sim");
    prints(
        floe_line("simulate --game goofspiel --players 2 --games 4000 --out").arg(&out),
        "goofspiel (standard rules), 2 players, bots random, 4000 games",
    );
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
    let text = "game = \"goofspiel\"\nplayers = [2]\n[[lineups]]\nbots = \"random\"\ngames = 6000\n\
                [sweep]\nparam = \"tie_bonus\"\nvalues = [0, 4]\n";
    let spec = write(tmp.path(), "tilt.toml", text);
    let out = tmp.path().join("tilt");
    let stdout = stdout_of(floe_on("experiment", &spec).arg("--out").arg(&out));
    // The console flags the tilted cell only, its test adjusted over the run's two.
    // The rules' own value (0) is marked as such.
    let line = |value: &str| {
        let own = if value == "0" {
            " (the rules' own)"
        } else {
            ""
        };
        let start = format!("  random, 2 players, tie_bonus {value}{own}: 6000 games; ");
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
    assert_contains_all(
        &stdout,
        &[
            "tilt: 2 cells, 12000 games",
            "* 1 of the run's 2 tests of equal win shares",
        ],
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
    let text = "game = \"goofspiel\"\nplayers = [2]\n[[lineups]]\nbots = \"random\"\ngames = 10\n\
                [sweep]\nparam = \"tiles_removed\"\n";
    let spec = write(tmp.path(), "tilt.toml", text);
    fails(
        floe_on("experiment", &spec)
            .arg("--out")
            .arg(tmp.path().join("bad")),
        "tilt.toml: line 7: sweep.param: \"tiles_removed\" cannot be swept; parameters: cards, tie_bonus",
    );
}

#[test]
fn tournaments_shards_merge_and_replays_work_for_the_test_game() {
    let tmp = tempfile::tempdir().unwrap();
    let run =
        "tournament --game goofspiel --players 2 --bots random,greedy --games 600 --duplicate";
    let whole = tmp.path().join("whole");
    common::ok(&words(run), &whole);
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
        common::ok(&words(&format!("{run} --shard {k}/2")), &dir);
        shards.push(dir);
    }
    let merged = tmp.path().join("merged");
    merge_into(&shards, &merged)
        .arg("--quiet")
        .assert()
        .success();
    let names = words("tournament.csv pairwise.csv ratings.csv game_stats.csv");
    assert_same_files(&whole, &merged, &names);
    prints(
        floe_line("replay --game goofspiel --players 3 --index 2"),
        "goofspiel (standard rules), 3 players",
    );
}

#[test]
fn bot_parameters_a_game_does_not_declare_are_refused() {
    fails(
        floe_line("simulate --game goofspiel --players 2 --bots greedy:progress=2 --games 10"),
        "Error: --bots \"greedy:progress=2\": bot \"greedy\": parameter \"progress\" has no \
         meaning in goofspiel, which declares no bot parameters",
    );
    fails(
        floe_line("simulate --game chess"),
        "Error: --game chess: unknown game \"chess\"; games: arctic-race",
    );
}

/// A grid of two declared parameters plays every pair of values, puts both in front of
/// each cell's row, and draws a heatmap of the seat spread; a grid naming a parameter the
/// game does not declare, or with an empty axis, is refused naming the key, and nothing
/// is written.
#[test]
fn a_grid_of_two_parameters_plays_every_pair() {
    let tmp = tempfile::tempdir().unwrap();
    let grid = |by: &str| {
        format!(
            "game = \"goofspiel\"\nplayers = [2]\n[[lineups]]\nbots = \"random\"\ngames = 200\n\
             [sweep]\nparam = \"tie_bonus\"\nvalues = [0, 4]\n[sweep.by]\n{by}\n"
        )
    };
    let spec = write(
        tmp.path(),
        "grid.toml",
        grid("param = \"cards\"\nvalues = [5, 8, 13]"),
    );
    let out = tmp.path().join("out");
    common::experiment_ok(&spec, &out);
    let cells = read(&out, "cells.csv");
    assert!(
        cells.starts_with("param,value,rules_value,by_param,by_value,by_rules_value,game,"),
        "{cells}"
    );
    assert_eq!(cells.lines().count(), 1 + 2 * 3, "every pair: {cells}");
    assert!(cells.contains("\ntie_bonus,4,0,cards,8,"), "{cells}");
    assert!(out.join("grid-seat-spread-random-2p.svg").is_file());
    for (by, message) in [
        (
            "param = \"tiles_removed\"\nvalues = [1]",
            "grid.toml: line 10: sweep.by.param: \"tiles_removed\" cannot be swept; parameters: \
             cards, tie_bonus",
        ),
        (
            "param = \"cards\"\nvalues = []",
            "grid.toml: line 11: sweep.by.values: list at least one value",
        ),
        (
            "param = \"tie_bonus\"\nvalues = [1]",
            "sweep.by.param: a grid sweeps two different parameters",
        ),
        (
            "param = \"cards\"\nvalues = [5]\n[sweep.by.by]\nparam = \"tie_bonus\"",
            "sweep.by.by: a grid sweeps two parameters, not three",
        ),
    ] {
        let spec = write(tmp.path(), "grid.toml", grid(by));
        let bad = tmp.path().join("bad");
        fails(floe_on("experiment", &spec).arg("--out").arg(&bad), message);
        assert!(!bad.exists(), "nothing written for {by:?}");
    }
}
