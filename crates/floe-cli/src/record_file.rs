//! The record of a game people play (`floe play`, at the terminal or in a browser): made
//! ready before the first question and written whole at the end, never over another
//! game's record.

use std::path::{Path, PathBuf};

use anyhow::Result;
use floe_io::write::{Existing, Staged};
use floe_lab::{Setting, Wording};

use crate::flags::Flags;

/// How a person leaves before the end of the game.
pub(crate) const LEFT: &str = "the game was left unfinished; no record written";

/// The flag that names a record's path.
const NAMED: &str = "--record";

/// The file a game's record goes to, made ready before the first question so that a
/// person's answers are never lost to a path that cannot take them: the path is checked
/// (a regular file, and a record Floe wrote unless forced, see [`floe_io::write`]) and a
/// staging file beside it is opened, so that one game at a time writes there. The record
/// is written whole or not at all. A file that appears at the path during the game is left
/// as it is: the record goes beside it, to the first free `NAME-2.toml`, `NAME-3.toml`...
pub(crate) struct RecordFile {
    staged: Staged,
}

impl RecordFile {
    /// Checks `path` and opens its staging file (see [`RecordFile`]).
    ///
    /// # Errors
    /// Names `--record` and what is wrong: not a regular file, someone else's file (unless
    /// `force`), a place that cannot be written, another game writing the same record.
    pub(crate) fn open(path: &Path, force: bool) -> Result<RecordFile> {
        let force_flag = Flags.mention(Setting::Force);
        let existing = if force {
            Existing::Replace
        } else {
            Existing::IfFloes(&floe_play::people::Record::is_record, &force_flag)
        };
        Ok(RecordFile {
            staged: Staged::begin(path, existing, NAMED)?,
        })
    }

    /// Opens the record of a game at the first path `folder/STEM-N.toml` (N from 1) where
    /// nothing is: each game's default record is its own, never an earlier game's.
    ///
    /// # Errors
    /// As [`RecordFile::open`].
    pub(crate) fn open_new(folder: &Path, stem: &str) -> Result<RecordFile> {
        let path = free_path(&folder.join(format!("{stem}.toml")), 1);
        RecordFile::open(&path, false)
    }

    /// Writes `text` as the record, whole, and returns where it went: the record's path,
    /// or beside it when a file appeared there during the game.
    pub(crate) fn write(mut self, text: &str) -> Result<PathBuf> {
        self.staged.write_all(text.as_bytes())?;
        let path = self.staged.path().to_path_buf();
        let mut next = 2;
        let mut attempt = self.staged.finish();
        loop {
            match attempt {
                Ok(written) => return Ok(written),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    let aside = free_path(&path, next);
                    next += 1;
                    // A free name: nothing is there to keep, so no flag is named.
                    let mut staged =
                        Staged::begin(&aside, Existing::IfFloes(&|_| false, ""), NAMED)?;
                    staged.write_all(text.as_bytes())?;
                    attempt = staged.finish();
                }
                Err(e) => return Err(e.into()),
            }
        }
    }
}

/// Returns `path` numbered `n` (`NAME-n.toml`; from 2 up, or from 1 up when `n` is 1),
/// or the next number at which nothing is.
fn free_path(path: &Path, mut n: u32) -> PathBuf {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let ext = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    loop {
        let numbered = path.with_file_name(format!("{stem}-{n}{ext}"));
        if std::fs::symlink_metadata(&numbered).is_err() {
            return numbered;
        }
        n += 1;
    }
}
