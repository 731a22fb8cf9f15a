//! Where results come from: Floe's version and the git commit.

/// Floe's version.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Returns the commit of the working tree (`-dirty` when tracked files have changes), or
/// `unknown` outside a git checkout.
pub fn git_commit() -> String {
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    match git(&["rev-parse", "HEAD"]) {
        None => "unknown".into(),
        Some(commit) => match git(&["status", "--porcelain", "--untracked-files=no"]) {
            Some(changes) if !changes.is_empty() => format!("{commit}-dirty"),
            _ => commit,
        },
    }
}
