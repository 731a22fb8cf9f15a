//! Embeds the commit this crate is built from as `FLOE_BUILD_COMMIT`, so that a result's
//! manifest names the code that made it, not the repository the command happens to run
//! in: the full commit hash, `-dirty` after it when tracked files differ from that commit,
//! or `unknown` outside a git checkout (or without git). The committed results under
//! `results/` are what Floe writes, not what it is built from, so they do not count:
//! regenerating them leaves the next build clean.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    let dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    println!("cargo:rerun-if-changed=build.rs");
    let commit = build_commit(&dir).unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=FLOE_BUILD_COMMIT={commit}");
}

/// The pathspec of the tracked files that are not sources of the binary.
const NOT_SOURCE: &str = ":(exclude)results";

/// Runs `git ARGS` in `dir` and returns its output, or `None` if git is missing or fails.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim_end().to_string())
}

/// Returns the commit of the checkout holding `dir`, marked `-dirty` when tracked files
/// have changes, and tells cargo when to ask again: whenever HEAD moves (a checkout, a
/// commit, a reset: the HEAD file, the branch's ref and packed refs), the index changes
/// (staging), or any tracked file changes (which may make the tree dirty or clean).
fn build_commit(dir: &Path) -> Option<String> {
    let commit = git(dir, &["rev-parse", "HEAD"])?;
    // In a worktree HEAD and the index live in its own git folder, refs in the common one.
    let git_dir = PathBuf::from(git(dir, &["rev-parse", "--absolute-git-dir"])?);
    let common = git(dir, &["rev-parse", "--git-common-dir"])
        .map(|c| dir.join(c))
        .unwrap_or_else(|| git_dir.clone());
    let mut watched = vec![git_dir.join("HEAD"), git_dir.join("index")];
    watched.push(common.join("packed-refs"));
    if let Some(branch) = git(dir, &["symbolic-ref", "-q", "HEAD"]) {
        watched.push(common.join(branch));
    }
    let top = PathBuf::from(git(dir, &["rev-parse", "--show-toplevel"])?);
    let tracked = git(&top, &["ls-files", "-z", "--", ".", NOT_SOURCE])?;
    watched.extend(
        tracked
            .split('\0')
            .filter(|f| !f.is_empty())
            .map(|f| top.join(f)),
    );
    for path in watched.iter().filter(|p| p.exists()) {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    let changes = git(
        &top,
        &[
            "status",
            "--porcelain",
            "--untracked-files=no",
            "--",
            ".",
            NOT_SOURCE,
        ],
    )?;
    Some(match changes.is_empty() {
        true => commit,
        false => format!("{commit}-dirty"),
    })
}
