//! Where results come from: the version of Floe and the commit its binary was built from.

/// Floe's version.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The commit this binary was built from (by the build script): the full hash, with
/// `-dirty` when tracked files differed from it, or `unknown` when it was built outside a
/// git checkout. It does not depend on where the binary runs.
pub const BUILD_COMMIT: &str = env!("FLOE_BUILD_COMMIT");

/// The version and commit, as `floe --version` prints them.
pub const LONG_VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("FLOE_BUILD_COMMIT"),
    ")"
);

/// Returns the command line of this process, as manifests and lock files record it: an
/// argument that is not UTF-8 (a path of such bytes) is written with U+FFFD in place of
/// its bad bytes, never a panic.
pub fn command_line() -> Vec<String> {
    std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_build_commit_is_a_hash_maybe_dirty_or_unknown() {
        let hash = BUILD_COMMIT.strip_suffix("-dirty").unwrap_or(BUILD_COMMIT);
        let is_hash = hash.len() == 40 && hash.bytes().all(|b| b.is_ascii_hexdigit());
        assert!(BUILD_COMMIT == "unknown" || is_hash, "{BUILD_COMMIT}");
    }
}
