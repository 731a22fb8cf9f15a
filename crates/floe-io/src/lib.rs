//! Floe's one door for every byte.
//!
//! Every file Floe reads is opened by [`read`], every file it writes is made by [`write`],
//! every text it shows a person goes through [`console`], and text from outside (a rules
//! file's name, a path, a bot's label) is made safe for a terminal by [`gate`]. A test
//! (`tests/one_door.rs`) reads the workspace's sources and fails when code elsewhere opens,
//! creates, renames or removes a file, or prints, so that a guard added here covers every
//! command at once and a new command cannot slip past it.
//!
//! [`stop`] holds the flag that a signal (Ctrl-C, SIGTERM, SIGHUP) sets: every read and
//! write checks it, so every command that reads or writes stops promptly, leaving nothing
//! half-written.

pub mod claim;
pub mod console;
pub mod digest;
pub mod gate;
pub mod read;
pub mod stop;
pub mod write;

/// Returns `bytes` as a person reads a size: `4 MiB`, `64 KiB`, `1 GiB`.
pub fn size(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["bytes", "KiB", "MiB", "GiB", "TiB"];
    let mut value = bytes;
    let mut unit = 0;
    while unit + 1 < UNITS.len() && value >= 1024 && value.is_multiple_of(1024) {
        value /= 1024;
        unit += 1;
    }
    format!("{value} {}", UNITS[unit])
}

/// Returns the number `n` and `noun`, singular for 1 and -1 ("1 game", "-1 point") and
/// plural otherwise ("3 games", "0 shards"). A message that counts says its noun through
/// this, so that no count reads "1 games" however many the run has. The nouns Floe
/// counts take an "s".
pub fn count(n: impl std::fmt::Display, noun: &str) -> String {
    let n = n.to_string();
    if n == "1" || n == "-1" {
        format!("{n} {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn sizes_read_as_a_person_says_them() {
        assert_eq!(super::size(4 << 20), "4 MiB");
        assert_eq!(super::size(1 << 40), "1 TiB");
        assert_eq!(super::size(1000), "1000 bytes");
        assert_eq!(super::size(64 << 10), "64 KiB");
    }

    #[test]
    fn counts_agree_with_their_nouns() {
        assert_eq!(super::count(1u64, "game"), "1 game");
        assert_eq!(super::count(0usize, "shard"), "0 shards");
        assert_eq!(super::count(3000u128, "game"), "3000 games");
        assert_eq!(super::count(1u8, "penalty card"), "1 penalty card");
        assert_eq!(super::count(-1i32, "point"), "-1 point");
        assert_eq!(super::count(-2i32, "point"), "-2 points");
    }
}
