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
