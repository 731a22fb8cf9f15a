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
    /// The outermost folder this run created (`dir` or one of its parents), if any.
    created: Option<PathBuf>,
    pending: Vec<(PathBuf, PathBuf)>,
}

/// An output problem, naming the path.
#[derive(Debug, thiserror::Error)]
#[error("{}: {error}", path.display())]
pub struct OutputError {
    /// The path that could not be written.
    pub path: PathBuf,
    /// What went wrong (part of the message, not a separate cause, so it prints once).
    pub error: io::Error,
}

fn at(path: &Path) -> impl FnOnce(io::Error) -> OutputError + '_ {
    move |error| OutputError {
        path: path.to_path_buf(),
        error,
    }
}

impl OutputDir {
    /// Creates `dir` (and its parents) if needed. Whether files can be written there shows
    /// when the first one is opened with [`OutputDir::file`].
    ///
    /// # Errors
    /// Fails if the folder cannot be created.
    pub fn create(dir: &Path) -> Result<OutputDir, OutputError> {
        let created = dir
            .ancestors()
            .take_while(|a| !a.as_os_str().is_empty() && !a.exists())
            .last();
        let out = OutputDir {
            dir: dir.to_path_buf(),
            created: created.map(Path::to_path_buf),
            pending: Vec::new(),
        };
        fs::create_dir_all(dir).map_err(at(dir))?;
        if !dir.is_dir() {
            return Err(OutputError {
                path: dir.into(),
                error: io::Error::other("not a directory"),
            });
        }
        Ok(out)
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
    /// left here that this run does not write (so no old file passes for part of this run),
    /// and the temporary files a killed run left under those names.
    ///
    /// # Errors
    /// Fails if a rename or deletion fails.
    pub fn commit(mut self, stale: &[&str]) -> Result<Vec<PathBuf>, OutputError> {
        let mut done = Vec::new();
        // A file leaves `pending` only once renamed: if a rename fails, the drop that
        // follows removes the temporary files still waiting.
        while let Some((temp, target)) = self.pending.first() {
            fs::rename(temp, target).map_err(at(target))?;
            done.push(self.pending.remove(0).1);
        }
        for name in stale {
            let path = self.dir.join(name);
            if path.exists() && !done.contains(&path) {
                fs::remove_file(&path).map_err(at(&path))?;
            }
            let temp = self.dir.join(format!("{name}.tmp"));
            if temp.exists() {
                fs::remove_file(&temp).map_err(at(&temp))?;
            }
        }
        self.created = None;
        Ok(done)
    }
}

impl Drop for OutputDir {
    fn drop(&mut self) {
        for (temp, _) in &self.pending {
            let _ = fs::remove_file(temp);
        }
        if let Some(top) = &self.created {
            // Folders this run made, innermost first; remove_dir leaves any non-empty one.
            for folder in self.dir.ancestors() {
                if fs::remove_dir(folder).is_err() || folder == top {
                    break;
                }
            }
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
        let dir = root.path().join("new/deeper");
        let mut out = OutputDir::create(&dir).unwrap();
        out.file("x.csv").unwrap();
        drop(out);
        assert!(
            !root.path().join("new").exists(),
            "every folder the run made is gone"
        );
        assert!(root.path().exists());
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
