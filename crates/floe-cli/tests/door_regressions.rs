//! The findings of the round that built the one door for every byte (issue 42), each on
//! the real binary: `replay --html` replaced whatever was at its path; `plot` and `report`
//! read a results folder's manifest without looking at what it was; signals did not stop
//! every command; a file-size limit killed a run without a word; `floe play` whose output
//! went away ended silently; a record replaced an earlier game's. (A request that crashed
//! `floe play --web` is in `play_web.rs`; the whole class of each is in `hostile_matrix.rs`.)

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::os::unix::fs::FileTypeExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

mod common;

use common::{floe, floe_line, listing};

/// The `floe` binary's path.
const FLOE: &str = env!("CARGO_BIN_EXE_floe");

/// Runs `floe ARGS` in `dir`, with nothing on standard input; returns its exit status,
/// stdout and stderr.
fn run_in(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = floe()
        .current_dir(dir)
        .args(args)
        .timeout(Duration::from_secs(30))
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Whether this process may make device nodes of its own (as root).
fn root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout == b"0\n")
}

#[test]
fn replay_html_never_replaces_a_users_file_a_device_or_a_links_target() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    fs::write(dir.join("userB.html"), "the user's page\n").unwrap();
    let (code, _, err) = run_in(dir, &["replay", "--players", "2", "--html", "userB.html"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("--html userB.html: Floe did not write this file"),
        "{err}"
    );
    assert_eq!(
        fs::read_to_string(dir.join("userB.html")).unwrap(),
        "the user's page\n"
    );
    // A page Floe drew is replaced by the next; a user's, only when they say so.
    let (code, _, err) = run_in(dir, &["replay", "--players", "2", "--html", "mine.html"]);
    assert_eq!(code, Some(0), "{err}");
    let (code, _, err) = run_in(
        dir,
        &[
            "replay",
            "--players",
            "2",
            "--index",
            "1",
            "--html",
            "mine.html",
        ],
    );
    assert_eq!(code, Some(0), "{err}");
    let (code, _, err) = run_in(
        dir,
        &[
            "replay",
            "--players",
            "2",
            "--html",
            "userB.html",
            "--force",
        ],
    );
    assert_eq!(code, Some(0), "{err}");
    // A link to nothing is not followed: its target is not created.
    std::os::unix::fs::symlink(dir.join("target.html"), dir.join("dangling.html")).unwrap();
    let (code, _, err) = run_in(
        dir,
        &[
            "replay",
            "--players",
            "2",
            "--html",
            "dangling.html",
            "--force",
        ],
    );
    assert_eq!(code, Some(1));
    assert!(err.contains("link to nothing"), "{err}");
    assert!(!dir.join("target.html").exists());
    // A device stays a device, forced or not (a null device of the test's own).
    if root() {
        let null = dir.join("null");
        assert!(
            Command::new("mknod")
                .arg(&null)
                .args(["c", "1", "3"])
                .status()
                .unwrap()
                .success()
        );
        let (code, _, err) = run_in(
            dir,
            &["replay", "--players", "2", "--html", "null", "--force"],
        );
        assert_eq!(code, Some(1));
        assert!(err.contains("not a regular file"), "{err}");
        assert!(
            fs::symlink_metadata(&null)
                .unwrap()
                .file_type()
                .is_char_device()
        );
    }
    let mut names = listing(dir);
    names.sort();
    assert_eq!(
        names,
        ["dangling.html", "mine.html", "null", "userB.html"][..names.len()]
    );
}

/// Replaces the manifest of a fresh results folder in `dir` by `make`'s, and checks that
/// `plot` and `report` refuse it at once, naming it.
fn manifest_refused(make: impl Fn(&Path)) {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("results");
    floe_line("simulate --players 2 --games 10 --quiet")
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    let manifest = out.join("manifest.toml");
    fs::remove_file(&manifest).unwrap();
    make(&manifest);
    for command in ["plot", "report"] {
        let start = Instant::now();
        let (code, _, err) = run_in(tmp.path(), &[command, "results"]);
        assert_eq!(code, Some(1), "{command}: {err}");
        assert!(err.contains("manifest.toml"), "{command}: {err}");
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "{command} took {:?}",
            start.elapsed()
        );
    }
}

#[test]
fn plot_and_report_refuse_a_manifest_that_is_a_pipe_a_device_or_huge() {
    manifest_refused(|path| {
        assert!(Command::new("mkfifo").arg(path).status().unwrap().success());
    });
    manifest_refused(|path| std::os::unix::fs::symlink("/dev/zero", path).unwrap());
    manifest_refused(|path| fs::File::create(path).unwrap().set_len(2 << 30).unwrap());
}

/// Starts `floe ARGS` in `dir`, lets it run for `after`, sends it `signal` and returns
/// its exit status and stderr, failing if it does not end within seconds.
fn signalled(dir: &Path, args: &[&str], after: Duration, signal: &str) -> (Option<i32>, String) {
    let mut child = Command::new(FLOE)
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(after);
    let sent = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status();
    assert!(sent.unwrap().success());
    let status = wait_within(&mut child, Duration::from_secs(15), args);
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    (status, err)
}

fn wait_within(child: &mut Child, limit: Duration, args: &[&str]) -> Option<i32> {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code();
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("{args:?} did not stop within {limit:?} of the signal");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Returns every path under `dir` whose name says it is half-written.
fn partial_left(dir: &Path) -> Vec<String> {
    let mut left = Vec::new();
    for entry in fs::read_dir(dir).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.contains("floe-partial") {
            left.push(entry.path().display().to_string());
        }
        if entry.file_type().unwrap().is_dir() {
            left.extend(partial_left(&entry.path()));
        }
    }
    left
}

#[test]
fn every_long_command_stops_promptly_on_every_signal_leaving_nothing_half_written() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    fs::write(
        dir.join("tune.toml"),
        "name = \"t\"\ngame = \"arctic-race\"\nplayers = [2]\nbots = \"greedy\"\nseed = 1\n\
         budget = 2000000\nround_games = 20000\n[[params]]\nname = \"tiles_removed\"\n\
         values = [0, 1, 2, 3]\n[objective]\nseat_spread = 1.0\n",
    )
    .unwrap();
    let long: [&[&str]; 4] = [
        &["tune", "tune.toml", "--quiet", "--out", "tuned"],
        &[
            "profile",
            "--players",
            "2",
            "--games",
            "200000",
            "--quiet",
            "--out",
            "profiled",
        ],
        &[
            "simulate",
            "--players",
            "4",
            "--bots",
            "greedy",
            "--games",
            "10000000",
            "--quiet",
            "--out",
            "simulated",
        ],
        &[
            "replay",
            "--players",
            "4",
            "--bots",
            "mcts:iters=10000000",
            "--html",
            "drawn.html",
        ],
    ];
    for (args, signal) in long.iter().zip(["TERM", "INT", "HUP", "TERM"]) {
        let (code, err) = signalled(dir, args, Duration::from_millis(700), signal);
        assert_eq!(code, Some(130), "{args:?} on SIG{signal}: {err}");
        assert!(err.starts_with("Stopped by a signal"), "{args:?}: {err}");
    }
    assert_eq!(partial_left(dir), Vec::<String>::new());
    for made in ["tuned", "profiled", "simulated", "drawn.html"] {
        assert!(!dir.join(made).exists(), "{made} was left behind");
    }
    // The server of `floe play --web` stops too, saying no record was written.
    let (code, err) = signalled(
        dir,
        &["play", "--web", "--players", "2", "--record", "web.toml"],
        Duration::from_millis(700),
        "TERM",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(!dir.join("web.toml").exists());
}

#[test]
fn merge_plot_and_report_stop_on_a_signal_or_finish_whole() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    for k in ["1/2", "2/2"] {
        let out = format!("shard{}", &k[..1]);
        let line = [
            "simulate",
            "--players",
            "2",
            "--games",
            "40000",
            "--per-game",
            "--quiet",
            "--shard",
            k,
            "--out",
            &out,
        ];
        assert_eq!(run_in(dir, &line).0, Some(0));
    }
    let quick: [&[&str]; 3] = [
        &["merge", "shard1", "shard2", "--quiet", "--out", "merged"],
        &["plot", "merged"],
        &["report", "merged"],
    ];
    for (args, signal) in quick.iter().zip(["TERM", "INT", "HUP"]) {
        // Stopped part way, or done before the signal came: either way promptly and whole.
        let (code, err) = signalled(dir, args, Duration::from_millis(150), signal);
        assert!(
            code == Some(0) || code == Some(130),
            "{args:?}: {code:?} {err}"
        );
        // Merging 80,000 rows of games takes a second: the signal comes before the end.
        if args[0] == "merge" {
            assert_eq!(code, Some(130), "merge was not stopped: {err}");
        }
        if code == Some(130) {
            assert!(err.starts_with("Stopped by a signal"), "{err}");
        }
        assert_eq!(partial_left(dir), Vec::<String>::new(), "{args:?}");
        if code == Some(0) || args[0] == "merge" {
            // A stopped merge leaves no folder; a finished one, a whole result.
            assert_eq!(
                run_in(
                    dir,
                    &["merge", "shard1", "shard2", "--quiet", "--out", "merged"]
                )
                .0,
                Some(0)
            );
        }
    }
}

#[test]
fn a_file_size_limit_is_reported_naming_the_file() {
    let tmp = tempfile::tempdir().unwrap();
    let script = format!(
        "ulimit -f 16; exec '{FLOE}' simulate --players 2 --games 20000 --per-game --quiet --out out"
    );
    let out = Command::new("sh")
        .arg("-c")
        .arg(&script)
        .current_dir(tmp.path())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("games.csv"), "{err}");
    assert!(err.contains("file-size limit"), "{err}");
    assert!(
        !tmp.path().join("out").exists(),
        "a half-written folder was left"
    );
}

#[test]
fn play_whose_output_goes_away_fails_and_says_no_record_was_written() {
    let tmp = tempfile::tempdir().unwrap();
    let mut child = Command::new(FLOE)
        .current_dir(tmp.path())
        .args(["play", "--players", "2", "--record", "game.toml"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read the first line, then go away.
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    for _ in 0..400 {
        if stdin.write_all(b"1\n").is_err() {
            break;
        }
    }
    drop(stdin);
    let status = wait_within(&mut child, Duration::from_secs(30), &["play"]);
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert_eq!(status, Some(1), "{err}");
    assert!(err.contains("cannot write to standard output"), "{err}");
    assert!(err.contains("no record written"), "{err}");
    assert!(!tmp.path().join("game.toml").exists());
    assert_eq!(partial_left(tmp.path()), Vec::<String>::new());
}

#[test]
fn each_game_played_has_a_record_of_its_own() {
    let tmp = tempfile::tempdir().unwrap();
    for _ in 0..2 {
        floe_line("play --players 2 --seed 3")
            .current_dir(tmp.path())
            .write_stdin("1\n".repeat(400))
            .timeout(Duration::from_secs(60))
            .assert()
            .success();
    }
    let folder = tmp.path().join("runs/play");
    assert_eq!(
        listing(&folder),
        ["arctic-race-seed-3-1.toml", "arctic-race-seed-3-2.toml"]
    );
}

#[test]
fn what_a_killed_page_write_left_is_cleared_by_the_next() {
    let tmp = tempfile::tempdir().unwrap();
    // A staging file that no live process holds: a write killed with SIGKILL left it.
    fs::write(tmp.path().join(".page.html.floe-partial-4000000"), "half").unwrap();
    let (code, _, err) = run_in(
        tmp.path(),
        &["replay", "--players", "2", "--html", "page.html"],
    );
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(listing(tmp.path()), ["page.html"]);
}
