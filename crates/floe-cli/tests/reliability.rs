//! What Floe promises about the files it reads and writes, tried on the real binary as a
//! careless or hostile user would: `merge` refuses every kind of tampered shard, naming
//! the shard and file; a run never replaces or removes a file it did not make; `plot`
//! keeps a user's charts; a run stopped by SIGINT or SIGKILL leaves the earlier result as
//! it was, and the rerun is byte-identical.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use floe_lab::shards::reseal;
use predicates::prelude::*;

mod common;

use common::{
    assert_contains_all, experiment_ok, fails, floe, floe_line, floe_on, merge_into, ok, prints,
    words, write,
};

/// Runs `floe ARGS --out OUT --quiet`, checks it fails within a minute (long before its
/// games could be played) with each of `messages` in its stderr.
fn refused(args: &[&str], out: &Path, messages: &[&str]) {
    let output = floe()
        .args(args)
        .arg("--out")
        .arg(out)
        .arg("--quiet")
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    assert!(!output.status.success(), "{args:?} succeeded");
    assert_contains_all(&String::from_utf8(output.stderr).unwrap(), messages);
}

/// The names and contents of the files in `dir`, sorted: the result, without the hidden
/// lock file and staging folders that Floe keeps for itself.
fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = fs::read_dir(dir)
        .unwrap()
        .filter(|e| {
            !e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .starts_with('.')
        })
        .map(|e| {
            let path = e.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let bytes = if path.is_file() {
                fs::read(&path).unwrap()
            } else {
                Vec::new()
            };
            (name, bytes)
        })
        .collect();
    files.sort();
    files
}

/// The files of `dir` but those that record the run ([`common::records_the_run`]).
fn results(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files = snapshot(dir);
    files.retain(|(n, _)| !common::records_the_run(n));
    files
}

/// A small simulate run, with one row per game.
const SMALL: [&str; 6] = ["simulate", "--games", "300", "--seed", "4", "--per-game"];

/// Two shards of [`SMALL`] in `dir/shard-1` and `dir/shard-2`.
fn two_shards(dir: &Path) -> Vec<PathBuf> {
    (1..=2)
        .map(|k| {
            let shard = dir.join(format!("shard-{k}"));
            let part = format!("{k}/2");
            ok(&[&SMALL[..], &["--shard", &part]].concat(), &shard);
            shard
        })
        .collect()
}

/// Runs `floe merge` of `shards` into `dir/merged` with `extra` flags.
fn merge(dir: &Path, shards: &[PathBuf], extra: &[&str]) -> assert_cmd::assert::Assert {
    let mut cmd = merge_into(shards, &dir.join("merged"));
    cmd.args(extra).arg("--quiet").assert()
}

/// Changes the line `n` (from 1) of `file` of `shard` by `edit`; with `sealed` the forger
/// also records the file's new checksum and seals the manifest again.
fn tamper(shard: &Path, file: &str, edit: impl Fn(&mut Vec<String>), sealed: bool) {
    let path = shard.join(file);
    let mut lines: Vec<String> = fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    if sealed && file == "shard.toml" {
        lines.pop(); // the seal; reseal writes a new one
    }
    edit(&mut lines);
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    fs::write(&path, text).unwrap();
    if sealed {
        reseal(shard).unwrap();
    }
}

/// Tampers with `file` of the first shard by `edit`, checks that merge refuses it both
/// when only the file changed (the checksum says so) and when the shard was sealed again
/// (`message` says what does not fit), naming the shard's file each time.
fn merge_refuses(file: &str, edit: impl Fn(&mut Vec<String>), message: &str) {
    for sealed in [false, true] {
        let tmp = tempfile::tempdir().unwrap();
        let shards = two_shards(tmp.path());
        tamper(&shards[0], file, &edit, sealed);
        let named = shards[0].join(if sealed { "counts.csv" } else { file });
        let want = match (sealed, file) {
            (false, "shard.toml") => "the file was changed after the shard wrote it (its seal",
            // Its size or, for an edit of the same length, its SHA-256 tells.
            (false, _) => "the file was changed after the shard wrote it (it",
            (true, _) => message,
        };
        let stderr = merge(tmp.path(), &shards, &[])
            .failure()
            .get_output()
            .stderr
            .clone();
        let stderr = String::from_utf8(stderr).unwrap();
        if !(sealed && file == "shard.toml") {
            assert!(stderr.contains(&named.display().to_string()), "{stderr}");
        }
        assert!(stderr.contains(want), "sealed {sealed}: {stderr}");
        assert!(!tmp.path().join("merged").exists(), "nothing written");
    }
}

/// An edit that replaces the line starting with `start` by `new` of it.
fn replace_line(start: &'static str, new: impl Fn(&str) -> String) -> impl Fn(&mut Vec<String>) {
    move |lines| {
        let at = lines.iter().position(|l| l.starts_with(start)).unwrap();
        lines[at] = new(&lines[at]);
    }
}

#[test]
fn merge_refuses_emptied_counts() {
    merge_refuses(
        "counts.csv",
        |l| l.clear(),
        "counts.csv: line 1: the header is not cell,name,index,value",
    );
}

#[test]
fn merge_refuses_counts_cut_short() {
    merge_refuses(
        "counts.csv",
        |l| l.truncate(l.len() / 2),
        "cell 0: the counts do not fit together",
    );
}

#[test]
fn merge_refuses_raised_count() {
    merge_refuses(
        "counts.csv",
        replace_line("0,seat_win_units,1,", |old| {
            let value: u64 = old.rsplit(',').next().unwrap().parse().unwrap();
            format!("0,seat_win_units,1,{}", value + 1)
        }),
        "cell 0: the counts do not fit together: the colour counts sum to",
    );
}

#[test]
fn merge_refuses_negative_count() {
    merge_refuses(
        "counts.csv",
        replace_line("0,games,0,", |_| "0,games,0,-5".into()),
        "games is -5, which no shard writes",
    );
}

#[test]
fn merge_refuses_fractional_count() {
    merge_refuses(
        "counts.csv",
        replace_line("0,games,0,", |_| "0,games,0,1.5".into()),
        "value \"1.5\" is not a whole number",
    );
}

#[test]
fn merge_refuses_doubled_counts() {
    merge_refuses(
        "counts.csv",
        |l| {
            for row in l.iter_mut().skip(1) {
                let (key, value) = row.rsplit_once(',').unwrap();
                *row = format!("{key},{}", 2 * value.parse::<i64>().unwrap());
            }
        },
        "cell 0 counts 300 games, but shard 1/2 of the run plays 150",
    );
}

#[test]
fn merge_refuses_repeated_row() {
    merge_refuses(
        "counts.csv",
        |l| {
            let row = l[3].clone();
            l.push(row);
        },
        "again (first on line 4)",
    );
}

#[test]
fn merge_refuses_extra_row() {
    merge_refuses(
        "counts.csv",
        |l| l.push("0,jackpots,0,7".into()),
        "jackpots[0]: no such count in this run",
    );
}

#[test]
fn merge_refuses_row_of_a_cell_the_run_lacks() {
    merge_refuses(
        "counts.csv",
        |l| l.push("3,games,0,7".into()),
        "cell 3, but the run has 1 cell",
    );
}

#[test]
fn merge_refuses_edited_games_played() {
    merge_refuses(
        "shard.toml",
        replace_line("games_played = ", |_| "games_played = 151".into()),
        "games_played = 151, but shard 1/2 of its plan has 300 and 150",
    );
}

#[test]
fn merge_refuses_edited_bots() {
    // Another label on the same counts: what once turned greedy's counts into random's.
    merge_refuses(
        "shard.toml",
        |l| {
            for row in l.iter_mut().filter(|r| r.contains("\"random\"")) {
                *row = row.replace("\"random\"", "\"greedy\"");
            }
        },
        "are not shards of one run: their cells (bots, players, games or sweep) differ",
    );
}

#[test]
fn merge_refuses_edited_games_csv() {
    let tmp = tempfile::tempdir().unwrap();
    let shards = two_shards(tmp.path());
    tamper(&shards[1], "games.csv", |l| l.truncate(5), false);
    merge(tmp.path(), &shards, &[])
        .failure()
        .stderr(predicate::str::contains(format!(
            "{}: the file was changed after the shard wrote it",
            shards[1].join("games.csv").display()
        )));
}

#[test]
fn merge_refuses_another_build_unless_allowed() {
    let tmp = tempfile::tempdir().unwrap();
    let shards = two_shards(tmp.path());
    for shard in &shards {
        tamper(
            shard,
            "shard.toml",
            replace_line("floe_version = ", |_| "floe_version = \"0.0.9\"".into()),
            true,
        );
    }
    merge(tmp.path(), &shards, &[])
        .failure()
        .stderr(predicate::str::contains(
            "the shard was run by floe 0.0.9 built from commit",
        ))
        .stderr(predicate::str::contains("--allow-other-build"));
    merge(tmp.path(), &shards, &["--allow-other-build"]).success();
}

/// Merges `shards` into `dir/merged` and checks it equals [`SMALL`] run whole.
fn assert_merge_equals_whole_run(dir: &Path, shards: &[PathBuf]) {
    merge(dir, shards, &[]).success();
    let whole = dir.join("whole");
    ok(&SMALL, &whole);
    assert_eq!(results(&whole), results(&dir.join("merged")));
}

#[test]
fn merged_shards_equal_the_whole_run() {
    let tmp = tempfile::tempdir().unwrap();
    let shards = two_shards(tmp.path());
    assert_merge_equals_whole_run(tmp.path(), &shards);
}

#[test]
fn run_refuses_user_file_in_out() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    fs::create_dir(&out).unwrap();
    fs::write(out.join("seats.csv"), "my own table").unwrap();
    fs::write(out.join("notes.txt"), "mine").unwrap();
    let before = snapshot(&out);
    let long = ["simulate", "--games", "100000000"];
    let messages = ["seats.csv: Floe did not write this file", "--force"];
    refused(&long, &out, &messages);
    assert_eq!(snapshot(&out), before, "nothing touched");
    // With --force the clashing file is replaced; the others are still left alone.
    ok(&["simulate", "--games", "50", "--force"], &out);
    assert_ne!(fs::read(out.join("seats.csv")).unwrap(), b"my own table");
    assert_eq!(fs::read(out.join("notes.txt")).unwrap(), b"mine");
}

#[test]
fn run_replaces_only_files_it_made() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    ok(&SMALL, &out);
    fs::write(out.join("notes.txt"), "mine").unwrap();
    fs::write(out.join("summary.csv"), "a file an old Floe wrote, or mine").unwrap();
    // The same run again replaces its own files; without --per-game its old games.csv,
    // listed as Floe's, goes; the user's files stay.
    ok(&SMALL[..5], &out);
    assert!(!out.join("games.csv").exists());
    assert_eq!(fs::read(out.join("notes.txt")).unwrap(), b"mine");
    assert!(out.join("summary.csv").exists());
    let owned = fs::read_to_string(out.join("floe-files.toml")).unwrap();
    assert!(
        !owned.contains("games.csv") && !owned.contains("notes.txt"),
        "{owned}"
    );
}

#[test]
fn games_csv_that_is_a_folder_is_refused_before_playing() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    fs::create_dir_all(out.join("games.csv")).unwrap();
    let long = words("simulate --games 100000000 --per-game --force");
    refused(&long, &out, &["games.csv: is not a plain file"]);
}

#[test]
fn out_that_is_a_file_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    fs::write(&out, "a file").unwrap();
    let long = words("simulate --games 100000000");
    refused(&long, &out, &["a file is in the way"]);
    assert_eq!(fs::read(&out).unwrap(), b"a file");
}

#[test]
fn merge_into_a_shard_folder_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let shards = two_shards(tmp.path());
    let before = snapshot(&shards[1]);
    fails(merge_into(&shards, &shards[1]), "that is the shard folder");
    assert_eq!(snapshot(&shards[1]), before);
}

/// An experiment folder with charts, in `dir/exp`.
fn experiment_folder(dir: &Path) -> PathBuf {
    let text = "name = \"small\"\ngame = \"arctic-race\"\nplayers = [3]\nshuffle_colours = true\n\
                seed = 2\n\n[[lineups]]\nbots = \"random\"\ngames = 400\n";
    let spec = write(dir, "small.toml", text);
    let out = dir.join("exp");
    experiment_ok(&spec, &out);
    assert!(out.join("seats-random.svg").exists());
    out
}

#[test]
fn plot_keeps_user_svgs() {
    let tmp = tempfile::tempdir().unwrap();
    let out = experiment_folder(tmp.path());
    // A drawing of the user's with another name is never touched by plot.
    fs::write(out.join("diagram.svg"), "<svg>mine</svg>").unwrap();
    floe_on("plot", &out).assert().success();
    assert_eq!(
        fs::read(out.join("diagram.svg")).unwrap(),
        b"<svg>mine</svg>"
    );
    // A user's chart named like Floe's is refused, and kept.
    fs::write(out.join("bots-mine.svg"), "<svg>mine</svg>").unwrap();
    let before = snapshot(&out);
    fails(
        floe_on("plot", &out),
        "bots-mine.svg: Floe did not write this file",
    );
    assert_eq!(snapshot(&out), before);
}

#[test]
fn plot_deletes_nothing_when_it_fails() {
    let tmp = tempfile::tempdir().unwrap();
    let out = experiment_folder(tmp.path());
    fs::write(out.join("cells.csv"), "").unwrap();
    let before = snapshot(&out);
    fails(floe_on("plot", &out), "cells.csv: no rows");
    fs::remove_file(out.join("cells.csv")).unwrap();
    fails(floe_on("plot", &out), "nothing to chart");
    let mut after = snapshot(&out);
    after.push(("cells.csv".into(), Vec::new()));
    after.sort();
    assert_eq!(after, before, "every chart is still there");
}

#[test]
fn plot_replaces_only_charts_it_drew() {
    let tmp = tempfile::tempdir().unwrap();
    let out = experiment_folder(tmp.path());
    let tables = results(&out);
    floe_on("plot", &out).assert().success();
    let charts = |files: Vec<(String, Vec<u8>)>| -> Vec<String> {
        files
            .into_iter()
            .map(|f| f.0)
            .filter(|n| n.ends_with(".svg"))
            .collect()
    };
    assert_eq!(charts(results(&out)), charts(tables.clone()));
    let csv = |files: Vec<(String, Vec<u8>)>| -> Vec<(String, Vec<u8>)> {
        files
            .into_iter()
            .filter(|f| f.0.ends_with(".csv"))
            .collect()
    };
    assert_eq!(csv(results(&out)), csv(tables), "the tables are untouched");
}

/// Starts `floe ARGS --out OUT --quiet` and stops it with `signal` once it is playing
/// (its staging folder inside `out` holds its open files).
fn stop_half_way(args: &[&str], out: &Path, signal: &str) {
    let mut child = common::spawn_run(args, out, Stdio::null());
    let staging = out.join(format!(".floe-partial-{}", child.id()));
    while !staging.join("counts.csv").exists() && !staging.join("seats.csv").exists() {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(200));
    std::process::Command::new("kill")
        .arg(signal)
        .arg(child.id().to_string())
        .status()
        .unwrap();
    assert!(
        !child.wait().unwrap().success(),
        "the run ended before the kill"
    );
}

/// The staging folders left in `out`.
fn staging_left(out: &Path) -> Vec<String> {
    let mut names = common::listing(out);
    names.retain(|n| n.starts_with(".floe-partial-"));
    names
}

/// Runs [`SMALL`] into `out`, stops a long run into the same folder with `signal`, and
/// checks the earlier result is as it was; reruns [`SMALL`] and checks it is the same.
fn stopped_run_leaves_earlier_result(signal: &str) {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    ok(&SMALL, &out);
    let before = snapshot(&out);
    let long = words("simulate --games 50000000 --seed 4 --per-game");
    stop_half_way(&long, &out, signal);
    assert_eq!(
        snapshot(&out),
        before,
        "kill {signal}: the earlier result changed"
    );
    ok(&SMALL, &out);
    assert_eq!(results(&out), {
        let mut b = before;
        b.retain(|(n, _)| !common::records_the_run(n));
        b
    });
    assert!(staging_left(&out).is_empty(), "{:?}", staging_left(&out));
}

#[test]
fn sigint_mid_run_leaves_earlier_result_and_rerun_is_byte_identical() {
    stopped_run_leaves_earlier_result("-INT");
}

#[test]
fn sigkill_mid_run_leaves_earlier_result_and_rerun_is_byte_identical() {
    stopped_run_leaves_earlier_result("-KILL");
}

#[test]
fn killed_shard_reruns_to_the_same_merge() {
    let tmp = tempfile::tempdir().unwrap();
    let shard_1 = tmp.path().join("shard-1");
    let long = words("simulate --games 50000000 --seed 4 --per-game --shard 1/2");
    stop_half_way(&long, &shard_1, "-KILL");
    assert!(
        !shard_1.exists() || snapshot(&shard_1).is_empty(),
        "a killed first run leaves no finished file"
    );
    let shards = two_shards(tmp.path());
    assert!(staging_left(&shard_1).is_empty());
    assert_merge_equals_whole_run(tmp.path(), &shards);
}

#[test]
fn manifest_records_build_command_plan_and_wall_time() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    ok(&SMALL, &out);
    let manifest = fs::read_to_string(out.join("manifest.toml")).unwrap();
    assert_contains_all(
        &manifest,
        &[
            "floe_version = ",
            "git_commit = ",
            "command = ",
            "rules_sha256 = ",
            "wall_seconds = ",
            "[plan]",
            "[[plan.cells]]",
        ],
    );
}

/// The `git_commit` a run's manifest records, run from the folder `cwd`.
fn recorded_commit(cwd: &Path) -> String {
    let mut cmd = floe_line("simulate --games 10 --quiet --out out");
    cmd.current_dir(cwd).assert().success();
    let manifest = fs::read_to_string(cwd.join("out/manifest.toml")).unwrap();
    let line = manifest
        .lines()
        .find(|l| l.starts_with("git_commit = "))
        .unwrap();
    line["git_commit = ".len()..].trim_matches('"').to_string()
}

#[test]
fn manifest_names_the_build_not_the_current_repository() {
    let built = floe_lab::provenance::BUILD_COMMIT;
    let outside = tempfile::tempdir().unwrap();
    assert_eq!(recorded_commit(outside.path()), built);
    // Inside another repository, whose HEAD is not the build's commit.
    let repo = tempfile::tempdir().unwrap();
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(["-c", "user.name=t", "-c", "user.email=t@t"])
            .args(args)
            .current_dir(repo.path())
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if git(&["init", "-q"]) && git(&["commit", "-q", "--allow-empty", "-m", "other"]) {
        assert_eq!(recorded_commit(repo.path()), built);
    }
    prints(floe_line("--version"), &format!("(commit {built})"));
}
