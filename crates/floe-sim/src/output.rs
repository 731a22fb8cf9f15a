//! Output folders whose files appear only when complete.
//!
//! Files are written under a temporary name (`NAME.tmp`) and renamed when the whole run
//! succeeded. If anything fails, or the [`OutputDir`] is dropped without
//! [`OutputDir::commit`], the temporary files are removed, and so is the folder if this
//! run created it. A killed process leaves only `.tmp` files, which never look complete.

use std::fs::{self, File};
use std::io::{self, BufWriter};
use std::path::{Path, PathBuf};

/// An output folder being written.
#[derive(Debug)]
pub struct OutputDir {
    dir: PathBuf,
    created: bool,
    pending: Vec<(PathBuf, PathBuf)>,
}

/// An output problem, naming the path.
#[derive(Debug, thiserror::Error)]
#[error("{}: {source}", path.display())]
pub struct OutputError {
    /// The path that could not be written.
    pub path: PathBuf,
    /// What went wrong.
    pub source: io::Error,
}

fn at(path: &Path) -> impl FnOnce(io::Error) -> OutputError + '_ {
    move |source| OutputError {
        path: path.to_path_buf(),
        source,
    }
}

impl OutputDir {
    /// Creates `dir` (and its parents) if needed and checks that files can be written there.
    ///
    /// # Errors
    /// Fails if the folder cannot be created or written.
    pub fn create(dir: &Path) -> Result<OutputDir, OutputError> {
        let created = !dir.exists();
        fs::create_dir_all(dir).map_err(at(dir))?;
        if !dir.is_dir() {
            return Err(OutputError {
                path: dir.into(),
                source: io::Error::other("not a directory"),
            });
        }
        Ok(OutputDir {
            dir: dir.to_path_buf(),
            created,
            pending: Vec::new(),
        })
    }

    /// Returns the folder.
    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// Opens `name` for writing, under its temporary name until [`OutputDir::commit`].
    ///
    /// # Errors
    /// Fails if the file cannot be created.
    pub fn file(&mut self, name: &str) -> Result<BufWriter<File>, OutputError> {
        let target = self.dir.join(name);
        let temp = self.dir.join(format!("{name}.tmp"));
        let file = File::create(&temp).map_err(at(&temp))?;
        self.pending.push((temp, target));
        Ok(BufWriter::new(file))
    }

    /// Renames every file into place and deletes `stale`: names an earlier run may have
    /// left here that this run does not write (so no old file passes for part of this run).
    ///
    /// # Errors
    /// Fails if a rename or deletion fails.
    pub fn commit(mut self, stale: &[&str]) -> Result<Vec<PathBuf>, OutputError> {
        for name in stale {
            let path = self.dir.join(name);
            if path.exists() && !self.pending.iter().any(|(_, t)| *t == path) {
                fs::remove_file(&path).map_err(at(&path))?;
            }
        }
        let mut done = Vec::new();
        for (temp, target) in std::mem::take(&mut self.pending) {
            fs::rename(&temp, &target).map_err(at(&target))?;
            done.push(target);
        }
        self.created = false;
        Ok(done)
    }
}

impl Drop for OutputDir {
    fn drop(&mut self) {
        for (temp, _) in &self.pending {
            let _ = fs::remove_file(temp);
        }
        if self.created {
            let _ = fs::remove_dir(&self.dir);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn files_appear_only_on_commit() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("a/b");
        let mut out = OutputDir::create(&dir).unwrap();
        writeln!(out.file("x.csv").unwrap(), "1").unwrap();
        assert!(!dir.join("x.csv").exists());
        assert!(dir.join("x.csv.tmp").exists());
        fs::write(dir.join("old.csv"), "stale").unwrap();
        let done = out.commit(&["old.csv", "x.csv"]).unwrap();
        assert_eq!(done, vec![dir.join("x.csv")]);
        assert_eq!(fs::read_to_string(dir.join("x.csv")).unwrap(), "1\n");
        assert!(!dir.join("old.csv").exists());
    }

    #[test]
    fn dropping_without_commit_leaves_nothing() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("new");
        let mut out = OutputDir::create(&dir).unwrap();
        out.file("x.csv").unwrap();
        drop(out);
        assert!(!dir.exists());
    }

    #[test]
    fn a_file_in_the_way_is_an_error_naming_the_path() {
        let root = tempfile::tempdir().unwrap();
        let file = root.path().join("f");
        fs::write(&file, "").unwrap();
        let e = OutputDir::create(&file.join("sub")).unwrap_err();
        assert!(e.to_string().contains("f/sub"), "{e}");
    }
}
