//! Helpers shared by the test files that run the real binary (each uses some of them).
#![allow(dead_code)]

use std::borrow::BorrowMut;
use std::ffi::OsStr;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};

use assert_cmd::Command;
use assert_cmd::assert::Assert;
use predicates::prelude::*;

/// The `floe` binary of this build.
pub fn floe() -> Command {
    Command::cargo_bin("floe").unwrap()
}

/// The words of the command line `line`, split on whitespace.
pub fn words(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// `floe` with the command line `line`, split on whitespace: for instance
/// `floe_line("tournament --players 2 --games 10")`. Add paths, and arguments that hold
/// spaces, with `.arg`.
pub fn floe_line(line: &str) -> Command {
    let mut cmd = floe();
    cmd.args(words(line));
    cmd
}

/// `floe` with the command line `line` (split on whitespace) followed by `path`: for
/// instance `floe_on("tune --check", &spec)` or `floe_on("plot", &out)`.
pub fn floe_on(line: &str, path: &Path) -> Command {
    let mut cmd = floe_line(line);
    cmd.arg(path);
    cmd
}

/// `floe merge SHARDS --out OUT` (more flags may follow with `.arg`).
pub fn merge_into<S: AsRef<OsStr>>(shards: impl IntoIterator<Item = S>, out: &Path) -> Command {
    let mut cmd = floe();
    cmd.arg("merge").args(shards).arg("--out").arg(out);
    cmd
}

/// Runs `cmd` and checks that it fails with `message` in its stderr; returns the
/// assertion, for more checks.
pub fn fails(mut cmd: impl BorrowMut<Command>, message: &str) -> Assert {
    cmd.borrow_mut()
        .assert()
        .failure()
        .stderr(predicate::str::contains(message))
}

/// Runs `cmd` and checks that it succeeds with `text` in its stdout; returns the
/// assertion, for more checks.
pub fn prints(mut cmd: impl BorrowMut<Command>, text: &str) -> Assert {
    cmd.borrow_mut()
        .assert()
        .success()
        .stdout(predicate::str::contains(text))
}

/// Runs `cmd`, checks that it succeeds, and returns its stdout, which must be UTF-8.
pub fn stdout_of(mut cmd: impl BorrowMut<Command>) -> String {
    let out = cmd.borrow_mut().assert().success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

/// Runs `cmd`, checks that it succeeds, and returns its stdout as text (bytes that are not
/// UTF-8 replaced).
pub fn lossy_stdout_of(mut cmd: impl BorrowMut<Command>) -> String {
    let out = cmd.borrow_mut().assert().success();
    String::from_utf8_lossy(&out.get_output().stdout).into_owned()
}

/// Starts `floe ARGS --quiet --out OUT` in the background, its stdout discarded and its
/// stderr sent to `stderr`.
pub fn spawn_run(args: &[&str], out: &Path, stderr: Stdio) -> Child {
    std::process::Command::new(assert_cmd::cargo::cargo_bin("floe"))
        .args(args)
        .args(["--quiet", "--out"])
        .arg(out)
        .stdout(Stdio::null())
        .stderr(stderr)
        .spawn()
        .unwrap()
}

/// Runs `floe ARGS --out OUT --quiet` and checks it succeeds.
pub fn ok(args: &[&str], out: &Path) {
    floe()
        .args(args)
        .arg("--out")
        .arg(out)
        .arg("--quiet")
        .assert()
        .success();
}

/// Runs `floe experiment SPEC --out OUT --quiet` and checks it succeeds.
pub fn experiment_ok(spec: &Path, out: &Path) {
    let mut cmd = floe_on("experiment", spec);
    cmd.arg("--out").arg(out).arg("--quiet").assert().success();
}

/// Asserts that each of the files `names` is the same in the folders `a` and `b`, byte
/// for byte.
pub fn assert_same_files(a: &Path, b: &Path, names: &[&str]) {
    for name in names {
        let (x, y) = (a.join(name), b.join(name));
        let x = fs::read(&x).unwrap_or_else(|e| panic!("{}: {e}", x.display()));
        let y = fs::read(&y).unwrap_or_else(|e| panic!("{}: {e}", y.display()));
        assert!(
            x == y,
            "{name} differs between {} and {}",
            a.display(),
            b.display()
        );
    }
}

/// Asserts that `text` holds each of `parts`, showing `text` if not.
pub fn assert_contains_all(text: &str, parts: &[&str]) {
    for part in parts {
        assert!(text.contains(part), "no {part:?} in\n{text}");
    }
}

/// Writes `text` to `dir/name` and returns the file's path.
pub fn write(dir: &Path, name: &str, text: impl AsRef<[u8]>) -> PathBuf {
    let path = dir.join(name);
    fs::write(&path, text).unwrap();
    path
}

/// Returns the text of `dir/name`, naming the file if it cannot be read.
pub fn read(dir: &Path, name: &str) -> String {
    fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Returns the column `name` of the CSV text `text`, a field a row; panics if there is no
/// such column.
pub fn csv_column(text: &str, name: &str) -> Vec<String> {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let headers = reader.headers().unwrap();
    let at = headers.iter().position(|h| h == name);
    let at = at.unwrap_or_else(|| panic!("no column {name} in {headers:?}"));
    reader
        .records()
        .map(|r| r.unwrap()[at].to_string())
        .collect()
}

/// Runs `floe LINE --out DIR --quiet` (the command line split on whitespace) into `run`
/// in a fresh temporary folder and checks it succeeds; returns the folder (the run is
/// removed with it) and the run's path.
pub fn ran(line: &str) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("run");
    ok(&words(line), &out);
    (tmp, out)
}

/// Whether the file `name` records how a run went (its command and time) rather than what
/// it found: the manifest and the page, which differ between runs whose tables are equal.
pub fn records_the_run(name: &str) -> bool {
    name == "manifest.toml" || name == "report.html"
}

/// Returns the names in `dir`, sorted.
pub fn listing(dir: &Path) -> Vec<String> {
    let entries = fs::read_dir(dir).unwrap();
    let mut names: Vec<String> = entries
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Asserts that `columns.csv` in `dir` gives a meaning to every column of each of `files`
/// there (the first line of each).
pub fn assert_columns_documented(dir: &Path, files: &[&str]) {
    let columns = fs::read_to_string(dir.join("columns.csv")).unwrap();
    for file in files {
        let table = fs::read_to_string(dir.join(file)).unwrap();
        for column in table.lines().next().unwrap_or_default().split(',') {
            let documented = columns
                .lines()
                .any(|l| l.starts_with(&format!("{file},{column},")) && !l.ends_with(','));
            assert!(documented, "{file}: column {column} is not in columns.csv");
        }
    }
}

/// Defines a `#[test]` of each name that calls `check` with its argument, e.g.
/// `tests_of!(stops_cleanly; sigterm_stops: "-TERM", sighup_stops: "-HUP")`: one test
/// per case, each named on its own.
#[allow(unused_macros)]
macro_rules! tests_of {
    ($check:ident; $($name:ident: $arg:expr),+ $(,)?) => {
        $(
            #[test]
            fn $name() {
                $check($arg);
            }
        )+
    };
}
#[allow(unused_imports)]
pub(crate) use tests_of;

/// The command line of a small run, with one row per game, and the flags `more`.
pub fn small(seed: u64, more: &str) -> String {
    format!("simulate --games 300 --per-game --seed {seed} {more}")
}

/// Runs [`small`] of `seed` (with the flags `more`) into `out`, and checks it succeeds.
pub fn ok_small(seed: u64, more: &str, out: &Path) {
    ok(&words(&small(seed, more)), out);
}

/// Returns `text` with every line that starts with `start` replaced by `line`.
pub fn with_line(text: &str, start: &str, line: &str) -> String {
    text.lines()
        .map(|l| if l.starts_with(start) { line } else { l })
        .map(|l| format!("{l}\n"))
        .collect()
}
