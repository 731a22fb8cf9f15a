//! Hostile and careless input on the real binary: every case is refused before the first
//! game, naming the flag or the spec's file, line and key, and leaves no output behind.

use std::fs;
use std::path::Path;
use std::time::Duration;

mod common;

use common::{csv_column, floe, floe_line, listing, prints, read, words, write};

/// A lineup that fits every spec below.
const LINEUP: &str = "[[lineups]]\nbots = \"random\"\ngames = 10\n";

/// Runs `floe ARGS` in `dir` (default output folders land there) and checks that it fails
/// with an error holding every one of `messages`, and leaves `dir` as it found it.
fn refused(dir: &Path, args: &[&str], messages: &[&str]) {
    let before = listing(dir);
    let assert = floe()
        .current_dir(dir)
        .args(args)
        .timeout(Duration::from_secs(60))
        .assert()
        .failure();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    for message in messages {
        assert!(
            stderr.contains(message),
            "{args:?}: {stderr:?} lacks {message:?}"
        );
    }
    assert_eq!(listing(dir), before, "{args:?} left output behind");
}

/// Writes `text` as the spec `bad.toml` in a fresh folder, runs `floe experiment` on it
/// (with its default output folder, `runs/NAME`) and checks it is refused with
/// `bad.toml: ` followed by `message`.
fn spec_refused(text: &str, message: &str) {
    let tmp = tempfile::tempdir().unwrap();
    write(tmp.path(), "bad.toml", text);
    refused(
        tmp.path(),
        &["experiment", "bad.toml"],
        &[&format!("Error: bad.toml: {message}")],
    );
}

#[test]
fn sweep_refuses_duplicate_values() {
    spec_refused(
        &format!(
            "players = [2]\n{LINEUP}[sweep]\nparam = \"tiles_removed\"\nvalues = [2, 3,\n  2]\n"
        ),
        "line 8: sweep.values[2]: 2 is listed twice (also sweep.values[0]); list each value once",
    );
    spec_refused(
        &format!(
            "players = [2]\n{LINEUP}[sweep]\nparam = \"scoring.race_1\"\nvalues = [[5, 3], [5, 3]]\n"
        ),
        "line 7: sweep.values[1]: [5, 3] is listed twice (also sweep.values[0])",
    );
}

#[test]
fn sweep_refuses_empty_values() {
    spec_refused(
        &format!("players = [2]\n{LINEUP}[sweep]\nparam = \"tiles_removed\"\nvalues = []\n"),
        "line 7: sweep.values: list at least one value",
    );
}

#[test]
fn spec_refuses_duplicate_players() {
    spec_refused(
        &format!("players = [2, 3, 2]\n{LINEUP}"),
        "line 1: players[2]: 2 is listed twice (also players[0]); list each player count once",
    );
    spec_refused(
        "players = [2]\n[[lineups]]\nbots = \"random\"\ngames = 10\nplayers = [4, 4]\n",
        "line 5: lineups[0].players[1]: 4 is listed twice (also lineups[0].players[0])",
    );
}

#[test]
fn spec_refuses_empty_players() {
    spec_refused(
        &format!("players = []\n{LINEUP}"),
        "line 1: players: list at least one player count",
    );
    spec_refused(
        "players = [2]\n[[lineups]]\nbots = \"random\"\ngames = 10\nplayers = []\n",
        "line 5: lineups[0].players: list at least one player count",
    );
}

#[test]
fn spec_refuses_duplicate_lineups() {
    spec_refused(
        "players = [2]\n[[lineups]]\nbots = \"random\"\ngames = 10\n\n\
         [[lineups]]\nbots = \" random \"\ngames = 20\nplayers = [3]\n",
        "line 7: lineups[1].bots: \"random\" is the line-up of lineups[0] (line 3) too",
    );
}

#[test]
fn spec_name_must_be_plain_folder_name() {
    for (name, why) in [
        ("", "is empty"),
        (".", "starts with a dot"),
        ("..", "starts with a dot"),
        (".hidden", "starts with a dot"),
        ("../escape", "holds a path separator"),
        ("a/b", "holds a path separator"),
        ("a\\b", "holds a path separator"),
        ("tab\there", "holds a control character"),
        (" padded", "starts or ends with a space"),
    ] {
        // Rust's quoting of these names is also TOML's.
        spec_refused(
            &format!("players = [2]\nname = {name:?}\n{LINEUP}"),
            &format!("line 2: name: {name:?} {why}; give a plain folder name"),
        );
    }
    // Without `name`, the file's stem names the folder, and is held to the same rule.
    let tmp = tempfile::tempdir().unwrap();
    write(
        tmp.path(),
        ".hidden.toml",
        format!("players = [2]\n{LINEUP}"),
    );
    refused(
        tmp.path(),
        &["experiment", ".hidden.toml"],
        &[".hidden.toml: line 1: name: the file's stem \".hidden\" starts with a dot"],
    );
}

#[test]
fn threads_above_cap_refused() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let cap = 4 * cores;
    let over = (cap + 1).to_string();
    let tmp = tempfile::tempdir().unwrap();
    let message =
        format!("Error: --threads {over}: at most {cap} (4 per core, {cores} cores here)");
    for command in ["simulate", "tournament"] {
        refused(tmp.path(), &[command, "--threads", &over], &[&message]);
        refused(
            tmp.path(),
            &[command, "-j", "1000000"],
            &["--threads 1000000: at most"],
        );
    }
    write(tmp.path(), "small.toml", format!("players = [2]\n{LINEUP}"));
    refused(
        tmp.path(),
        &["experiment", "small.toml", "-j", &over],
        &[&message],
    );
    // The cap itself is allowed.
    let mut cmd = floe_line(&format!(
        "simulate --games 10 --quiet --out capped --threads {cap}"
    ));
    cmd.current_dir(tmp.path()).assert().success();
}

#[test]
fn rules_from_dev_zero_refused() {
    let tmp = tempfile::tempdir().unwrap();
    if Path::new("/dev/zero").exists() {
        refused(
            tmp.path(),
            &["simulate", "--rules", "/dev/zero"],
            &[
                "Error: --rules /dev/zero: cannot read the rules file /dev/zero: it is not a regular file",
            ],
        );
        let text = format!("players = [2]\nrules = \"/dev/zero\"\n{LINEUP}");
        write(tmp.path(), "zero.toml", text);
        refused(
            tmp.path(),
            &["experiment", "zero.toml"],
            &[
                "zero.toml: line 2: rules: cannot read the rules file /dev/zero: it is not a regular file",
            ],
        );
    }
    let folder = tmp.path().join("a-folder");
    fs::create_dir(&folder).unwrap();
    refused(
        tmp.path(),
        &["replay", "--rules", "a-folder"],
        &["--rules a-folder: cannot read the rules file a-folder: it is a folder, not a file"],
    );
    write(tmp.path(), "latin1.toml", b"name = \"caf\xe9\"\n");
    refused(
        tmp.path(),
        &["simulate", "--rules", "latin1.toml"],
        &["--rules latin1.toml: cannot read the rules file latin1.toml: it is not UTF-8 text"],
    );
}

#[test]
fn spec_too_large_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let mut text = format!("players = [2]\n{LINEUP}");
    text.push_str(&"#".repeat(4 << 20));
    write(tmp.path(), "huge.toml", text);
    refused(
        tmp.path(),
        &["experiment", "huge.toml"],
        &[
            "Error: cannot read the experiment spec huge.toml: it is larger than 4 MiB, the most Floe reads",
        ],
    );
    if Path::new("/dev/zero").exists() {
        refused(
            tmp.path(),
            &["experiment", "/dev/zero"],
            &["Error: cannot read the experiment spec /dev/zero: it is not a regular file"],
        );
    }
    refused(
        tmp.path(),
        &["experiment", "."],
        &["Error: cannot read the experiment spec .: it is a folder, not a file"],
    );
}

#[test]
fn replay_tournament_without_games_works() {
    // Three entrants: a cycle is 6 seatings, not 3 games.
    let replay = "replay --tournament --players 3 --bots random,greedy,mcts:iters=5";
    for index in ["4", "7"] {
        prints(
            floe_line(&format!("{replay} --index {index}")),
            &format!("game {index} (game seed"),
        );
    }
    // An explicit --games is checked, and blamed when it does not fit.
    let tmp = tempfile::tempdir().unwrap();
    refused(
        tmp.path(),
        &words(&format!("{replay} --games 9")),
        &["Error: --games: 9 is not a multiple of 6, the seatings that give the 3 entrants"],
    );
}

#[test]
fn replay_games_zero_refused() {
    let tmp = tempfile::tempdir().unwrap();
    refused(
        tmp.path(),
        &["replay", "--games", "0"],
        &["Error: --games 0: a run has at least 1 game"],
    );
    refused(
        tmp.path(),
        &["replay", "--tournament", "--games", "0"],
        &["Error: --games 0: a run has at least 1 game"],
    );
}

/// Returns the `rules` column of every row of the CSV file `name` in `dir`.
fn rules_column(dir: &Path, name: &str) -> Vec<String> {
    csv_column(&read(dir, name), "rules")
}

#[test]
fn rules_without_name_labelled_by_file() {
    let tmp = tempfile::tempdir().unwrap();
    write(tmp.path(), "my-rules.toml", "round_limit = 40\n");
    write(
        tmp.path(),
        "named.toml",
        "name = \"short\"\nround_limit = 40\n",
    );
    // Runs a small simulate with `flags` into `OUT` and returns its rules labels.
    let simulate = |flags: &str, out: &str| {
        let line = format!("simulate --games 20 --players 2 --quiet {flags} --out {out}");
        floe_line(&line).current_dir(tmp.path()).assert().success();
        rules_column(&tmp.path().join(out), "game_stats.csv")
    };
    let labels = simulate("--rules my-rules.toml", "unnamed");
    assert!(
        !labels.is_empty() && labels.iter().all(|r| r == "my-rules"),
        "{labels:?}"
    );
    let labels = simulate("--rules named.toml", "named");
    assert!(labels.iter().all(|r| r == "short"), "{labels:?}");
    // A spec's rules file is labelled the same way, and the built-in rules keep "classic".
    let text = format!("players = [2]\nrules = \"my-rules.toml\"\n{LINEUP}");
    write(tmp.path(), "variant.toml", text);
    let mut cmd = floe_line("experiment variant.toml --quiet --out variant");
    cmd.current_dir(tmp.path()).assert().success();
    let labels = rules_column(&tmp.path().join("variant"), "cells.csv");
    assert!(labels.iter().all(|r| r == "my-rules"), "{labels:?}");
    let labels = simulate("", "classic");
    assert!(labels.iter().all(|r| r == "classic"), "{labels:?}");
}
