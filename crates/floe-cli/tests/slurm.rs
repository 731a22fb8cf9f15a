//! The cluster launcher `scripts/slurm-array.sh` on a real Slurm: a one-node cluster on
//! this machine (`scripts/slurm-local.sh`: root on Debian), a run in three shards merged
//! by the merge job, then a run whose shard 2 fails, rerun alone and merged. Ignored: it
//! installs packages and starts daemons. Run it with
//! `cargo test -p floe-cli --test slurm -- --ignored --nocapture` (about half a minute
//! once Slurm is installed; the daemons are left running for the next time, and
//! `scripts/slurm-local.sh stop` stops them).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

mod common;

use common::listing;

const RUN: [&str; 10] = [
    "simulate",
    "--game",
    "arctic-race",
    "--players",
    "3",
    "--games",
    "300",
    "--seed",
    "5",
    "--per-game",
];

/// How long a wait for a Slurm job may take before the test fails.
const PATIENCE: Duration = Duration::from_secs(180);

fn script(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scripts")
        .join(name)
}

/// Runs `cmd`, checks it succeeds, and returns its standard output.
fn run(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?} failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Starts the one-node Slurm, or panics saying why this machine cannot.
fn start_slurm() {
    let uid = run(Command::new("id").arg("-u"));
    assert_eq!(
        uid.trim(),
        "0",
        "this test starts a local Slurm (scripts/slurm-local.sh): run it as root"
    );
    let found = Command::new("sh")
        .args(["-c", "command -v slurmctld || command -v apt-get"])
        .output()
        .unwrap();
    assert!(
        found.status.success(),
        "neither Slurm nor apt-get is here: scripts/slurm-local.sh needs Debian's packages"
    );
    let started = Instant::now();
    print!(
        "{}",
        run(Command::new("bash").arg(script("slurm-local.sh")))
    );
    println!("slurm-local.sh: {:.1?}", started.elapsed());
}

/// The jobs submitted by `slurm-array.sh`: cancelled when the test ends, so that a failed
/// test leaves no merge waiting in the queue.
struct Jobs(Vec<String>);

impl Drop for Jobs {
    fn drop(&mut self) {
        let _ = Command::new("scancel").args(&self.0).output();
    }
}

/// Submits `slurm-array.sh 3 OUT -- RUN` (with `ONLY=only` if given); returns the array
/// job's id and the merge job's.
fn submit(out: &Path, only: Option<&str>, jobs: &mut Jobs) -> (String, String) {
    let mut cmd = Command::new("bash");
    cmd.arg(script("slurm-array.sh"))
        .arg("3")
        .arg(out)
        .arg("--")
        .args(RUN)
        .env("FLOE", env!("CARGO_BIN_EXE_floe"))
        .env("CPUS", "1");
    if let Some(only) = only {
        cmd.env("ONLY", only);
    }
    let said = run(&mut cmd);
    print!("{said}");
    // "submitted 3 shards as job 12 and the merge as job 13; results in OUT"
    let words: Vec<&str> = said.split_whitespace().collect();
    let ids: Vec<String> = words
        .windows(2)
        .filter(|w| w[0] == "job")
        .map(|w| w[1].trim_end_matches(';').to_string())
        .collect();
    let (array, merge) = (ids[0].clone(), ids[1].clone());
    jobs.0.extend([array.clone(), merge.clone()]);
    (array, merge)
}

/// One record of `scontrol show job`: an array task (or the pending rest of an array),
/// or a plain job.
#[derive(Debug)]
struct Record {
    task: String,
    state: String,
    reason: String,
}

fn records(job: &str) -> Vec<Record> {
    let text = run(Command::new("scontrol").args(["-o", "show", "job", job]));
    text.lines()
        .map(|line| {
            let field = |name: &str| {
                line.split_whitespace()
                    .find_map(|f| f.strip_prefix(name))
                    .unwrap_or("")
                    .to_string()
            };
            Record {
                task: field("ArrayTaskId="),
                state: field("JobState="),
                reason: field("Reason="),
            }
        })
        .collect()
}

fn finished(r: &Record) -> bool {
    !matches!(
        r.state.as_str(),
        "PENDING" | "RUNNING" | "CONFIGURING" | "COMPLETING" | "SUSPENDED" | "REQUEUED"
    )
}

/// Waits until `done` holds for the job's records; returns them.
fn wait(job: &str, what: &str, out: &Path, done: impl Fn(&[Record]) -> bool) -> Vec<Record> {
    let started = Instant::now();
    loop {
        let now = records(job);
        if done(&now) {
            println!("job {job}: {what} after {:.1?}", started.elapsed());
            return now;
        }
        assert!(
            started.elapsed() < PATIENCE,
            "job {job}: not {what} within {PATIENCE:?}: {now:?}\n{}",
            logs(out)
        );
        std::thread::sleep(Duration::from_millis(500));
    }
}

/// Waits for the merge job to finish and checks it succeeded.
fn wait_merged(merge: &str, out: &Path) {
    let merged = wait(merge, "finished", out, |r| r.iter().all(finished));
    assert_eq!(merged[0].state, "COMPLETED", "{merged:?}\n{}", logs(out));
}

/// The jobs' logs, for a failure's message.
fn logs(out: &Path) -> String {
    let mut text = String::new();
    for entry in fs::read_dir(out.join("logs")).into_iter().flatten() {
        let path = entry.unwrap().path();
        let log = fs::read_to_string(&path).unwrap_or_default();
        text += &format!("--- {}\n{log}", path.display());
    }
    text
}

/// Checks that the merged folder holds what the unsharded run wrote: the same files
/// (besides the launcher's `logs` and `shards`), every CSV file byte for byte, and a
/// manifest that differs only in what records the run itself (its command, start, wall
/// time, and the shards it was merged from).
fn assert_same_as_unsharded(whole: &Path, merged: &Path) {
    let mut expected = listing(whole);
    expected.extend(["logs".to_string(), "shards".to_string()]);
    expected.sort();
    assert_eq!(listing(merged), expected);
    let csv: Vec<String> = listing(whole)
        .into_iter()
        .filter(|n| n.ends_with(".csv"))
        .collect();
    assert!(csv.len() >= 5, "{csv:?}");
    for name in csv.iter().map(String::as_str).chain(["floe-files.toml"]) {
        assert!(
            fs::read(whole.join(name)).unwrap() == fs::read(merged.join(name)).unwrap(),
            "{name} differs between {} and {}",
            whole.display(),
            merged.display()
        );
    }
    let (a, b) = (
        fs::read_to_string(whole.join("manifest.toml")).unwrap(),
        fs::read_to_string(merged.join("manifest.toml")).unwrap(),
    );
    assert_eq!(a.lines().count(), b.lines().count());
    for (a, b) in a.lines().zip(b.lines()).filter(|(a, b)| a != b) {
        let key = a.split(" = ").next().unwrap();
        assert!(
            [
                "command",
                "started_unix_seconds",
                "wall_seconds",
                "merged_from"
            ]
            .contains(&key)
                && b.starts_with(&format!("{key} = ")),
            "manifest.toml: {a:?} became {b:?}"
        );
    }
    println!(
        "{}: {} CSV files identical to the unsharded run",
        merged.display(),
        csv.len()
    );
}

#[test]
#[ignore = "installs Slurm and munge and starts their daemons: needs root on Debian"]
fn slurm_array_merge_equals_unsharded_run() {
    let started = Instant::now();
    start_slurm();
    let tmp = tempfile::tempdir().unwrap();
    let whole = tmp.path().join("whole");
    run(Command::new(env!("CARGO_BIN_EXE_floe"))
        .args(RUN)
        .args(["--quiet", "--out"])
        .arg(&whole));
    let mut jobs = Jobs(Vec::new());

    // Three shards, then the merge job once all have succeeded.
    let out = tmp.path().join("sl");
    let (_, merge) = submit(&out, None, &mut jobs);
    wait_merged(&merge, &out);
    assert_same_as_unsharded(&whole, &out);

    // Shard 2 fails: a file is in the way of its output folder.
    let out = tmp.path().join("sl-failed");
    fs::create_dir_all(out.join("shards")).unwrap();
    fs::write(out.join("shards/2"), "in the way").unwrap();
    let (array, merge) = submit(&out, None, &mut jobs);
    let tasks = wait(&array, "finished", &out, |r| r.iter().all(finished));
    let mut states: Vec<(&str, &str)> = tasks
        .iter()
        .map(|r| (r.task.as_str(), r.state.as_str()))
        .collect();
    states.sort();
    assert_eq!(
        states,
        [("1", "COMPLETED"), ("2", "FAILED"), ("3", "COMPLETED")]
    );
    assert!(
        logs(&out).contains("a file is in the way"),
        "{}",
        logs(&out)
    );
    // The merge never starts: Slurm keeps it pending, its dependency never satisfied.
    wait(&merge, "pending for good", &out, |r| {
        r[0].state == "PENDING" && r[0].reason == "DependencyNeverSatisfied"
    });
    assert!(!out.join("game_stats.csv").exists());
    run(Command::new("scancel").arg(&merge));

    // The cause removed, shard 2 alone (ONLY=2) and a new merge.
    fs::remove_file(out.join("shards/2")).unwrap();
    let (array, merge) = submit(&out, Some("2"), &mut jobs);
    wait_merged(&merge, &out);
    let tasks = records(&array);
    assert!(
        tasks.len() == 1 && tasks[0].task == "2" && tasks[0].state == "COMPLETED",
        "{tasks:?}"
    );
    assert_same_as_unsharded(&whole, &out);
    println!("the whole test: {:.1?}", started.elapsed());
}
