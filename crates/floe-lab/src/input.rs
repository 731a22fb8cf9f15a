//! Reading files with a size limit: the files a user names (experiment specs, rules
//! files, records) and the files Floe reads back (shard manifests and counts, lists of
//! its own files, the tables `plot` draws), so that a mistyped path (`/dev/zero`, a pipe,
//! a log file, a folder) is refused at once instead of hanging the run or filling memory
//! before the first game. Every file Floe reads is opened by [`open_regular`].

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// The largest spec or rules file read, in bytes (4 MiB): the shipped files are a few
/// KiB, so anything near this is not a file meant for Floe.
pub const MAX_INPUT_BYTES: u64 = 4 << 20;

/// The largest result table read whole, in bytes (1 GiB): `plot`'s tables and a shard's
/// counts are a few KiB to MiB; per-game rows, which can be far larger, are streamed.
pub const MAX_TABLE_BYTES: u64 = 1 << 30;

/// Opens `path` for reading if it is a regular file (following links) of at most `limit`
/// bytes. A folder, a device (`/dev/zero`), a pipe (which would block the open until a
/// writer comes) or a socket is refused before it is opened.
///
/// # Errors
/// Says why the file cannot be used, or why it cannot be opened.
pub fn open_regular(path: &Path, limit: u64) -> io::Result<File> {
    let meta = std::fs::metadata(path)?;
    if meta.is_dir() {
        return Err(io::Error::other("it is a folder, not a file"));
    }
    if !meta.is_file() {
        return Err(io::Error::other(
            "it is not a regular file (a device, a pipe or a socket), so Floe does not read it",
        ));
    }
    if meta.len() > limit {
        return Err(too_large(limit));
    }
    File::open(path)
}

/// The error of a file longer than `limit`.
fn too_large(limit: u64) -> io::Error {
    io::Error::other(format!(
        "it is larger than {} MiB, the most Floe reads of such a file",
        limit >> 20
    ))
}

/// Reads the UTF-8 text file at `path`, reading at most [`MAX_INPUT_BYTES`] and one byte
/// more (to tell a file at the limit from a longer one or an endless stream).
///
/// # Errors
/// Says why the file cannot be used: it is a folder, longer than the limit, not UTF-8,
/// or cannot be read.
pub fn read_text(path: &Path) -> io::Result<String> {
    read_text_at_most(path, MAX_INPUT_BYTES)
}

/// Reads the UTF-8 text file at `path`, refusing it past `limit` bytes (a whole number of
/// MiB, as the message gives it).
///
/// # Errors
/// As [`read_text`].
pub fn read_text_at_most(path: &Path, limit: u64) -> io::Result<String> {
    let file = open_regular(path, limit)?;
    // The file may grow between the check and the read: read one byte past the limit.
    let mut bytes = Vec::new();
    file.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(too_large(limit));
    }
    String::from_utf8(bytes).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "it is not UTF-8 text (the first bad byte is at offset {})",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(path: &Path) -> String {
        read_text(path).unwrap_err().to_string()
    }

    #[test]
    fn folders_long_files_and_non_utf8_are_refused() {
        let tmp = tempfile::tempdir().unwrap();
        assert_eq!(error(tmp.path()), "it is a folder, not a file");
        let path = tmp.path().join("x.toml");
        std::fs::write(&path, vec![b'#'; MAX_INPUT_BYTES as usize]).unwrap();
        assert_eq!(read_text(&path).unwrap().len() as u64, MAX_INPUT_BYTES);
        std::fs::write(&path, vec![b'#'; MAX_INPUT_BYTES as usize + 1]).unwrap();
        assert!(
            error(&path).contains("larger than 4 MiB"),
            "{}",
            error(&path)
        );
        std::fs::write(&path, b"name = \"\xff\"").unwrap();
        assert_eq!(
            error(&path),
            "it is not UTF-8 text (the first bad byte is at offset 8)"
        );
        if Path::new("/dev/zero").exists() {
            assert!(error(Path::new("/dev/zero")).contains("not a regular file"));
        }
    }
}
