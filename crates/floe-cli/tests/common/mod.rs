//! Helpers shared by the test files that run the real binary.

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
