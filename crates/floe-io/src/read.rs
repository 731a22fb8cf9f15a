//! Every file Floe reads, opened in one place.
//!
//! A file is read only if it is a regular file (following links), checked before it is
//! opened and again on the open file: a folder, a device (`/dev/zero`), a socket or a pipe
//! is refused, and the open itself never blocks (a pipe opened for reading would wait for
//! a writer; it is opened non-blocking, seen to be a pipe, and refused). Each kind of file
//! has a size limit ([`Kind`]), checked before the read and enforced while reading (the
//! file may grow), so that a mistyped path or a sparse file cannot fill memory. Reads come
//! in pieces that each check [`crate::stop`], so a signal stops a long read. Every error
//! names the kind of file and its path: `cannot read the rules file x.toml: it is a folder`.

use std::fs::{File, Metadata};
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// A kind of file Floe reads: what it is called in messages, and the most Floe reads of
/// one. The limits are far above any file Floe writes or ships, so that only a file not
/// meant for Floe meets them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kind {
    /// What the file is, as a message names it: `rules file`.
    pub what: &'static str,
    /// The most bytes read of such a file.
    pub limit: u64,
}

impl Kind {
    /// An experiment, tune or profile spec (a few KiB).
    pub const SPEC: Kind = Kind::new("spec", 4 << 20);
    /// A rules file replacing a game's built-in rules (a few KiB).
    pub const RULES: Kind = Kind::new("rules file", 4 << 20);
    /// A game's record written by `floe play` (a few KiB; a long game some hundreds).
    pub const RECORD: Kind = Kind::new("game record", 16 << 20);
    /// A results folder's or a shard's manifest (a few KiB; a shard's lists the checksum of
    /// every file, and a big sweep's plan).
    pub const MANIFEST: Kind = Kind::new("manifest", 16 << 20);
    /// A results folder's list of the files Floe wrote there (a few hundred bytes).
    pub const FILE_LIST: Kind = Kind::new("list of Floe's files", 1 << 20);
    /// An output folder's lock file, read for the name of the run holding it.
    pub const LOCK: Kind = Kind::new("lock file", 64 << 10);
    /// A result table read whole (a few KiB to MiB).
    pub const TABLE: Kind = Kind::new("result table", 1 << 30);
    /// A table of per-game rows, streamed rather than held (merge reads shards' rows).
    pub const GAME_ROWS: Kind = Kind::new("table of games", 1 << 40);
    /// A chart read back into a page.
    pub const CHART: Kind = Kind::new("chart", 64 << 20);
    /// A page Floe wrote, read back to tell whether Floe wrote it.
    pub const PAGE: Kind = Kind::new("page", 1 << 30);
    /// A learned bot's network, an ONNX file (a few KiB to a few MiB for the dense
    /// networks Floe runs).
    pub const MODEL: Kind = Kind::new("ONNX model", 1 << 30);

    /// A kind of file called `what`, of at most `limit` bytes.
    pub const fn new(what: &'static str, limit: u64) -> Kind {
        Kind { what, limit }
    }
}

/// The error of reading the `kind` file at `path`: names both, then says `why`.
pub fn error(kind: Kind, path: &Path, why: impl std::fmt::Display) -> io::Error {
    io::Error::other(format!(
        "cannot read the {} {}: {why}",
        kind.what,
        crate::gate::path(path)
    ))
}

/// Says why `meta` is not a file Floe reads as `kind`, if it is not.
fn refusal(meta: &Metadata, kind: Kind) -> Option<String> {
    if meta.is_dir() {
        return Some("it is a folder, not a file".into());
    }
    if !meta.is_file() {
        return Some(
            "it is not a regular file (a device, a pipe or a socket), so Floe does not read it"
                .into(),
        );
    }
    (meta.len() > kind.limit).then(|| too_large(kind))
}

fn too_large(kind: Kind) -> String {
    format!(
        "it is larger than {}, the most Floe reads of such a file",
        crate::size(kind.limit)
    )
}

/// A file open for reading: at most its kind's limit is read, each piece after checking
/// that no signal asked the command to stop.
#[derive(Debug)]
pub struct Reader {
    file: File,
    path: PathBuf,
    kind: Kind,
    /// Bytes still allowed: the limit and one more, to tell a file at the limit from a
    /// longer one.
    left: u64,
}

impl Read for Reader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        crate::stop::check()?;
        if self.left == 0 {
            return Err(error(self.kind, &self.path, too_large(self.kind)));
        }
        let room = buf
            .len()
            .min(usize::try_from(self.left).unwrap_or(usize::MAX));
        let n = self
            .file
            .read(&mut buf[..room])
            .map_err(|e| error(self.kind, &self.path, e))?;
        self.left -= n as u64;
        if self.left == 0 {
            return Err(error(self.kind, &self.path, too_large(self.kind)));
        }
        Ok(n)
    }
}

/// Opens the `kind` file at `path` for reading (see the module doc).
///
/// # Errors
/// Names the kind of file and the path, and says why: missing, a folder, not a regular
/// file, larger than the kind's limit, or the system's own reason.
pub fn open(path: &Path, kind: Kind) -> io::Result<Reader> {
    let fail = |why: String| error(kind, path, why);
    let meta = std::fs::metadata(path).map_err(|e| fail(missing(path, e)))?;
    if let Some(why) = refusal(&meta, kind) {
        return Err(fail(why));
    }
    let file = open_without_waiting(path).map_err(|e| fail(e.to_string()))?;
    // The path may have been replaced between the check and the open.
    let meta = file.metadata().map_err(|e| fail(e.to_string()))?;
    if let Some(why) = refusal(&meta, kind) {
        return Err(fail(why));
    }
    Ok(Reader {
        file,
        path: path.to_path_buf(),
        kind,
        left: kind.limit.saturating_add(1),
    })
}

/// The reason a path cannot be looked at: a link to nothing is said as such, not as a
/// missing file.
fn missing(path: &Path, e: io::Error) -> String {
    let dangling = e.kind() == io::ErrorKind::NotFound
        && std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    if dangling {
        "it is a link to nothing (a dangling symbolic link)".into()
    } else if e.kind() == io::ErrorKind::NotFound {
        "there is no such file".into()
    } else {
        e.to_string()
    }
}

/// Opens `path` read-only without waiting: a pipe with no writer would block an ordinary
/// open, and a terminal device would become the controlling one.
fn open_without_waiting(path: &Path) -> io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    options.open(path)
}

/// Reads the `kind` file at `path` whole.
///
/// # Errors
/// As [`open`], and a read that fails or passes the limit.
pub fn bytes(path: &Path, kind: Kind) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    open(path, kind)?.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Reads the `kind` file at `path` whole as UTF-8 text.
///
/// # Errors
/// As [`bytes`], and text that is not UTF-8 (naming the offset of the first bad byte).
pub fn text(path: &Path, kind: Kind) -> io::Result<String> {
    String::from_utf8(bytes(path, kind)?).map_err(|e| {
        error(
            kind,
            path,
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

    fn refused(path: &Path) -> String {
        text(path, Kind::RULES).unwrap_err().to_string()
    }

    #[test]
    fn folders_long_files_and_non_utf8_are_refused_naming_kind_and_path() {
        let tmp = tempfile::tempdir().unwrap();
        let shown = tmp.path().display().to_string();
        assert_eq!(
            refused(tmp.path()),
            format!("cannot read the rules file {shown}: it is a folder, not a file")
        );
        let path = tmp.path().join("x.toml");
        let limit = Kind::RULES.limit as usize;
        std::fs::write(&path, vec![b'#'; limit]).unwrap();
        assert_eq!(text(&path, Kind::RULES).unwrap().len(), limit);
        std::fs::write(&path, vec![b'#'; limit + 1]).unwrap();
        assert!(
            refused(&path).ends_with("larger than 4 MiB, the most Floe reads of such a file"),
            "{}",
            refused(&path)
        );
        std::fs::write(&path, b"name = \"\xff\"").unwrap();
        assert!(
            refused(&path).ends_with("it is not UTF-8 text (the first bad byte is at offset 8)")
        );
        assert!(refused(&tmp.path().join("none")).ends_with("there is no such file"));
    }

    #[cfg(unix)]
    #[test]
    fn devices_pipes_and_dangling_links_are_refused_without_waiting() {
        let tmp = tempfile::tempdir().unwrap();
        let zero = tmp.path().join("zero");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        assert!(refused(&zero).ends_with(
            "not a regular file (a device, a pipe or a socket), so Floe does not read it"
        ));
        let dangling = tmp.path().join("dangling");
        std::os::unix::fs::symlink(tmp.path().join("nothing"), &dangling).unwrap();
        assert!(refused(&dangling).ends_with("a link to nothing (a dangling symbolic link)"));
        let fifo = tmp.path().join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            // Would block forever if the open waited for a writer.
            assert!(refused(&fifo).contains("not a regular file"));
        }
    }

    #[test]
    fn a_file_that_grows_past_the_limit_while_read_is_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join("x.toml");
        std::fs::write(&path, b"12345").unwrap();
        let small = Kind::new("thing", 4);
        assert!(
            bytes(&path, small)
                .unwrap_err()
                .to_string()
                .contains("larger than 4 bytes")
        );
        let mut reader = open(&path, Kind::new("thing", 8)).unwrap();
        std::fs::write(&path, b"123456789012").unwrap();
        let mut all = Vec::new();
        assert!(reader.read_to_end(&mut all).is_err());
    }
}
