//! The record of a game people play (`floe play`, at the terminal or in a browser): made
//! ready before the first question and written whole at the end.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// How a person leaves before the end of the game.
pub(crate) const LEFT: &str = "the game was left unfinished; no record written";

/// The file a game's record goes to, made ready before the first question so that a
/// person's answers are never lost to a path that cannot take them: the path is checked
/// (a regular file, and a record Floe wrote unless forced), and a staging file beside it
/// is opened and locked, so that one game at a time writes the record. The record is
/// written whole or not at all: into the staging file, then renamed over the path.
pub(crate) struct RecordFile {
    path: PathBuf,
    staged: PathBuf,
    file: std::fs::File,
    /// The outermost folder made for the record, removed when no record is written.
    created: Option<PathBuf>,
    written: bool,
}

impl RecordFile {
    /// Checks `path` and opens its staging file (see [`RecordFile`]).
    ///
    /// # Errors
    /// Names `--record` and what is wrong: not a regular file, someone else's file (unless
    /// `force`), a place that cannot be written, another game writing the same record.
    pub(crate) fn open(path: &Path, force: bool) -> Result<RecordFile> {
        let named = format!("--record {}", path.display());
        let refuse = |why: &str| anyhow::anyhow!("{named}: {why}");
        match std::fs::symlink_metadata(path) {
            Ok(m) if !m.file_type().is_file() => {
                return Err(refuse(
                    "is not a regular file (a folder, a link, a device or a pipe), so Floe \
                     will not replace it; choose another --record",
                ));
            }
            Ok(_) if !force && floe_lab::people::Record::read(path).is_err() => {
                return Err(refuse(
                    "is not a game record Floe wrote, and the game would replace it; move it, \
                     choose another --record, or give --force to replace it",
                ));
            }
            _ => {}
        }
        let folder = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let created = folder
            .ancestors()
            .take_while(|a| !a.as_os_str().is_empty() && !a.exists())
            .last()
            .map(Path::to_path_buf);
        std::fs::create_dir_all(folder)
            .with_context(|| format!("{named}: cannot create {}", folder.display()))?;
        let name = path
            .file_name()
            .ok_or_else(|| refuse("names no file"))?
            .to_string_lossy();
        let staged = folder.join(format!(".{name}.floe-partial"));
        let mut record = RecordFile {
            path: path.to_path_buf(),
            staged: staged.clone(),
            // Opened without truncating: another game may hold it.
            file: std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&staged)
                .with_context(|| {
                    format!("{named}: cannot write beside it ({})", staged.display())
                })?,
            created,
            written: false,
        };
        match record.file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                // The other game's staging file: not ours to remove.
                record.written = true;
                return Err(refuse(
                    "another game is being played into this record; choose another --record",
                ));
            }
            Err(std::fs::TryLockError::Error(e)) => {
                return Err(anyhow::Error::new(e)
                    .context(format!("{named}: cannot lock {}", staged.display())));
            }
        }
        Ok(record)
    }

    /// Returns the record's path.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `text` as the record, whole.
    pub(crate) fn write(mut self, text: &str) -> Result<()> {
        use std::io::{Seek, Write as _};
        let named = format!("--record {}", self.path.display());
        self.file
            .set_len(0)
            .and_then(|()| self.file.rewind())
            .and_then(|()| self.file.write_all(text.as_bytes()))
            .and_then(|()| self.file.sync_all())
            .and_then(|()| std::fs::rename(&self.staged, &self.path))
            .with_context(|| format!("{named}: cannot write it"))?;
        self.written = true;
        Ok(())
    }
}

impl Drop for RecordFile {
    fn drop(&mut self) {
        if self.written {
            return;
        }
        let _ = std::fs::remove_file(&self.staged);
        if let Some(top) = &self.created {
            let folder = self.staged.parent().unwrap_or(top);
            for f in folder.ancestors() {
                if std::fs::remove_dir(f).is_err() || f == top {
                    break;
                }
            }
        }
    }
}
