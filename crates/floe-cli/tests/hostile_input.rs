//! Hostile and careless input on the real binary: every case is refused before the first
//! game, naming the flag or the spec's file, line and key, and leaves no output behind.

use std::fs;
use std::path::Path;
use std::time::Duration;

mod common;

use common::{
    assert_same_files, csv_column, floe, floe_line, listing, merge_into, ok, prints, read, words,
    write,
};

/// A lineup that fits every spec below.
const LINEUP: &str = "[[lineups]]\nbots = \"random\"\ngames = 10\n";

/// Runs `floe ARGS` in `dir` (default output folders land there) and checks that it fails
/// with an error holding every one of `messages`, and leaves `dir` as it found it; returns
/// the error printed.
fn refused(dir: &Path, args: &[&str], messages: &[&str]) -> String {
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
    stderr
}

/// Checks that `floe ARGS --check` and the run `floe ARGS` itself, in `dir`, are refused
/// alike with `message`: what `--check` passes, the run meets, and the run refuses before
/// its first game, leaving nothing behind.
fn refused_alike(dir: &Path, args: &[&str], message: &str) {
    let checked = refused(dir, &[args, &["--check"]].concat(), &[message]);
    let run = refused(dir, args, &[message]);
    assert_eq!(
        checked, run,
        "{args:?}: --check and the run say different things"
    );
}

/// Writes `text` as the spec `bad.toml` in a fresh folder and checks that `floe COMMAND
/// bad.toml` (with `more` flags) is refused as [`refused_alike`] says, with `bad.toml: `
/// followed by `message`.
fn spec_refused_alike(command: &str, text: &str, more: &[&str], message: &str) {
    let tmp = tempfile::tempdir().unwrap();
    write(tmp.path(), "bad.toml", text);
    let args = [&[command, "bad.toml"], more].concat();
    refused_alike(tmp.path(), &args, &format!("Error: bad.toml: {message}"));
}

/// A goofspiel tune spec of two candidates, its `[objective]` table last: the first key
/// added is on line 10.
const TUNE: &str = "game = \"goofspiel\"\nplayers = [2]\nbots = \"random\"\nbudget = 400\n\
                    round_games = 20\n[[params]]\nname = \"tie_bonus\"\nvalues = [0, 1]\n\
                    [objective]\n";

#[test]
fn tune_refuses_weights_that_could_overflow_the_objective() {
    // Before, 1.7e308 passed --check and the objective overflowed to inf after the games.
    spec_refused_alike(
        "tune",
        &format!("{TUNE}seat_spread = 1.7e308\n"),
        &[],
        "line 10: objective.seat_spread: 1.7e308 is too large: with seat_spread at its \
         largest, 1 (a share), the objective could reach 1.7e308, and it may reach at most \
         1e280 so that the search's sums of objectives stay finite",
    );
    spec_refused_alike(
        "tune",
        &format!("{TUNE}length = 1e270\nlength_target = 30\n"),
        &[],
        "line 10: objective.length: 1e270 is too large: with length at its largest, \
         1.8446744073709552e19 (rounds, the longest mean a run counts), the objective could \
         reach 1.8446744073709552e289",
    );
}

#[test]
fn tune_refuses_a_negative_length_target() {
    spec_refused_alike(
        "tune",
        &format!("{TUNE}length = 1.0\nlength_target = -5\n"),
        &[],
        "line 11: objective.length_target: -5 is not a number of rounds (0 or more)",
    );
}

#[test]
fn tune_refuses_ntbea_settings_past_the_space_and_bound() {
    let ntbea = |key: &str| {
        TUNE.replace(
            "[[params]]",
            &format!("method = \"ntbea\"\n{key}\n[[params]]"),
        )
    };
    spec_refused_alike(
        "tune",
        &format!(
            "{}seat_spread = 1.0\n",
            ntbea("ntbea_neighbours = 1000000000000")
        ),
        &[],
        "line 7: ntbea_neighbours: 1000000000000 is more than a round can draw at 2 players: \
         besides the current candidate the space holds 1 candidate; give at most 1 or leave \
         it out",
    );
    spec_refused_alike(
        "tune",
        &format!("{}seat_spread = 1.0\n", ntbea("ntbea_batch = 3")),
        &[],
        "line 7: ntbea_batch: 3 is more than the 2 candidates of the space at 2 players",
    );
    spec_refused_alike(
        "tune",
        &format!("{}seat_spread = 1.0\n", ntbea("ntbea_exploration = 1e300")),
        &[],
        "line 7: ntbea_exploration: 1e300 is not a number from 0 to 1e280, the most an \
         objective may reach",
    );
}

#[test]
fn games_past_what_a_run_can_count_are_refused() {
    let half = u64::MAX / 2;
    let lineup = format!("[[lineups]]\nbots = \"random\"\ngames = {half}\n");
    spec_refused_alike(
        "experiment",
        &format!("players = [2, 3, 4]\n{lineup}"),
        &[],
        &format!(
            "line 4: lineups[0].games: with cells of {half} games, the experiment's first 3 \
             cells already hold more than {} games in all, the most a run can count",
            u64::MAX
        ),
    );
    let tmp = tempfile::tempdir().unwrap();
    write(
        tmp.path(),
        "three.toml",
        format!("players = [2, 3, 4]\n{LINEUP}"),
    );
    refused_alike(
        tmp.path(),
        &["experiment", "three.toml", "--games", &half.to_string()],
        &format!("Error: --games {half}: with cells of {half} games, the experiment's first 3"),
    );
    spec_refused_alike(
        "tune",
        &format!(
            "{}seat_spread = 1.0\n",
            TUNE.replace("budget = 400", &format!("budget = {}", i64::MAX))
        ),
        &[],
        "line 4: budget: 9223372036854775807 games, with validation_games = \
         9223372036854775807, are more than a tune can count",
    );
    write(
        tmp.path(),
        "tune.toml",
        format!("{TUNE}seat_spread = 1.0\n"),
    );
    refused_alike(
        tmp.path(),
        &["tune", "tune.toml", "--games", &half.to_string()],
        &format!("Error: --games {half}: too many for a trial"),
    );
}

#[test]
fn a_lineup_plays_only_at_the_spec_s_player_counts() {
    // Before, the line-up's 3 players were played though the spec lists only 2.
    spec_refused_alike(
        "experiment",
        "players = [2]\n[[lineups]]\nbots = \"random\"\ngames = 4\nplayers = [3]\n",
        &[],
        "line 5: lineups[0].players[0]: 3 is not one of the spec's player counts (2, on \
         line 1); a line-up's players choose among those",
    );
}

#[test]
fn a_shard_with_no_game_to_play_is_refused() {
    // Before, shard 7/8 of 4 games played none, and wrote a folder of no counts.
    let tmp = tempfile::tempdir().unwrap();
    let message = "Error: --shard 7/8: the run has 4 games, too few for 8 shards to play one \
                   each; split it into at most 4 shards";
    refused(
        tmp.path(),
        &words("simulate --players 2 --games 4 --shard 7/8"),
        &[message],
    );
    refused(
        tmp.path(),
        &words("tournament --players 2 --games 4 --shard 7/8"),
        &[message],
    );
    write(
        tmp.path(),
        "four.toml",
        "players = [2]\n[[lineups]]\nbots = \"random\"\ngames = 4\n",
    );
    refused_alike(
        tmp.path(),
        &words("experiment four.toml --shard 7/8"),
        message,
    );
    write(
        tmp.path(),
        "two.toml",
        format!("players = [2, 3]\n{LINEUP}"),
    );
    refused_alike(
        tmp.path(),
        &words("experiment two.toml --games 3 --shard 1/5"),
        "Error: --shard 1/5: the run's largest cell has 3 games, too few for 5 shards to play \
         one each; split it into at most 3 shards",
    );
}

#[test]
fn a_cell_smaller_than_the_shard_count_is_shared_out_and_merged_whole() {
    // Its 2 games fall to 2 of the 4 shards; the larger cell gives every shard a game.
    let tmp = tempfile::tempdir().unwrap();
    let text = "players = [2]\n[[lineups]]\nbots = \"random\"\ngames = 12\n\n\
                [[lineups]]\nbots = \"greedy\"\ngames = 2\n";
    let spec = write(tmp.path(), "mixed.toml", text);
    let spec = spec.to_str().unwrap();
    let whole = tmp.path().join("whole");
    ok(&["experiment", spec], &whole);
    let shards: Vec<_> = (1..=4)
        .map(|k| {
            let dir = tmp.path().join(format!("shard-{k}"));
            ok(&["experiment", spec, "--shard", &format!("{k}/4")], &dir);
            dir
        })
        .collect();
    let merged = tmp.path().join("merged");
    merge_into(&shards, &merged)
        .arg("--quiet")
        .assert()
        .success();
    assert_same_files(
        &whole,
        &merged,
        &words("cells.csv seats.csv bots.csv tests.csv"),
    );
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
        "players = [2, 3]\n[[lineups]]\nbots = \"random\"\ngames = 10\n\n\
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
