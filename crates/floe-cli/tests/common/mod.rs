//! Helpers shared by the test files that run the real binary (each uses some of them).
#![allow(dead_code)]

use std::fs;
use std::path::Path;

use assert_cmd::Command;

/// The `floe` binary of this build.
pub fn floe() -> Command {
    Command::cargo_bin("floe").unwrap()
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

/// Returns the names in `dir`, sorted.
pub fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
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
