//! Output folders that never lose a user's files and never look finished too early.
//!
//! Every folder Floe writes holds a list of the files it made there ([`OWNED`]). Floe
//! replaces or removes only files on that list: a file of the same name that Floe did not
//! make is refused before anything is played (unless the user says `--force`), and files
//! Floe does not write are never touched.
//!
//! A run writes its files into a fresh staging folder beside the output folder and moves
//! them in only when everything succeeded. An interrupted or failed run leaves the earlier
//! result exactly as it was: the staging folder of a killed run is removed by the next run
//! into the same folder, and a failing run removes its own.

use std::collections::BTreeSet;
use std::fs::{self, File};
use std::io::{self, BufWriter};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::input::read_text_at_most;

/// The list of files Floe made in a folder.
pub const OWNED: &str = "floe-files.toml";

/// The largest list of owned files read (a real one is a few hundred bytes).
const OWNED_LIMIT: u64 = 1 << 20;

/// The start of a staging folder's name inside the output folder, and after `.` and the
/// output folder's name beside it.
const STAGING: &str = ".floe-partial-";

/// The file names of Floe's charts: a folder holding one that Floe did not draw is refused
/// before a run whose charts are not known until its tables are.
pub const CHART_PREFIXES: [&str; 5] = ["sweep-", "seats-", "colours-", "bots-", "ratings-"];

/// Returns whether `name` is named like one of Floe's charts.
pub fn is_chart_name(name: &str) -> bool {
    name.ends_with(".svg") && CHART_PREFIXES.iter().any(|p| name.starts_with(p))
}

/// An output problem, naming the path.
#[derive(Debug, thiserror::Error)]
#[error("{}: {message}", path.display())]
pub struct OutputError {
    /// The path at fault.
    pub path: PathBuf,
    /// What is wrong (part of the message, not a separate cause, so it prints once).
    pub message: String,
}

fn at(path: &Path) -> impl FnOnce(io::Error) -> OutputError + '_ {
    move |error| OutputError {
        path: path.to_path_buf(),
        message: error.to_string(),
    }
}

/// The contents of [`OWNED`].
#[derive(Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Owned {
    /// The files Floe made in this folder, by name.
    files: BTreeSet<String>,
}

/// What a writer may replace in its folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Everything Floe made there (a run: its files are the folder's whole result).
    Everything,
    /// Only charts (`floe plot`, which redraws the charts of a run's tables).
    Charts,
}

impl Scope {
    fn covers(self, name: &str) -> bool {
        match self {
            Scope::Everything => true,
            Scope::Charts => is_chart_name(name),
        }
    }
}

/// An output folder being written.
#[derive(Debug)]
pub struct OutputDir {
    dir: PathBuf,
    staging: PathBuf,
    /// The outermost folder this run created (`dir` or one of its parents), if any.
    created: Option<PathBuf>,
    /// The files Floe made in `dir` before this run.
    owned: BTreeSet<String>,
    scope: Scope,
    force: bool,
    /// The files written in the staging folder, in order.
    written: Vec<String>,
    committed: bool,
}

/// Reads the list of files Floe made in `dir` (empty when there is none).
fn read_owned(dir: &Path) -> Result<BTreeSet<String>, OutputError> {
    let path = dir.join(OWNED);
    let bad = |message: String| OutputError {
        path: path.clone(),
        message,
    };
    if !path.exists() {
        return Ok(BTreeSet::new());
    }
    let text = read_text_at_most(&path, OWNED_LIMIT).map_err(at(&path))?;
    let owned: Owned = toml::from_str(&text).map_err(|e| {
        bad(format!(
            "not a list of the files Floe wrote here: {}",
            e.message()
        ))
    })?;
    if let Some(name) = owned.files.iter().find(|n| !is_plain_name(n)) {
        return Err(bad(format!("{name:?} is not a file name in this folder")));
    }
    Ok(owned.files)
}

/// Returns whether `name` names a file inside a folder (no path, no `..`).
fn is_plain_name(name: &str) -> bool {
    !name.is_empty() && name != "." && name != ".." && !name.contains(['/', '\\']) && name != OWNED
}

/// Returns whether the process `pid` may still be running: a staging folder of a live run
/// is left alone. Without `/proc` nothing can be known, so every run is taken as live.
fn may_be_running(pid: &str) -> bool {
    !Path::new("/proc/self").exists() || Path::new("/proc").join(pid).exists()
}

impl OutputDir {
    /// Prepares to write the files `names` (and, when `charts`, charts not yet named) into
    /// `dir`, replacing what `scope` covers of what Floe made there before.
    ///
    /// Checks, before anything is played, that `dir` is a folder Floe may write: each name
    /// is free or a file Floe made, and (with `charts`) no chart there is someone else's;
    /// `force` lets the run replace such files too. Creates `dir` if needed and the
    /// staging folder beside it, and removes staging folders that killed runs into `dir`
    /// left.
    ///
    /// # Errors
    /// Names the path that is in the way, or that cannot be created.
    pub fn prepare(
        dir: &Path,
        names: &[&str],
        charts: bool,
        scope: Scope,
        force: bool,
    ) -> Result<OutputDir, OutputError> {
        let created = dir
            .ancestors()
            .take_while(|a| !a.as_os_str().is_empty() && !a.exists())
            .last()
            .map(Path::to_path_buf);
        if dir.exists() && !dir.is_dir() {
            return Err(OutputError {
                path: dir.into(),
                message: "a file is in the way: give a folder".into(),
            });
        }
        let owned = read_owned(dir)?;
        let mut out = OutputDir {
            dir: dir.to_path_buf(),
            staging: PathBuf::new(),
            created,
            owned,
            scope,
            force,
            written: Vec::new(),
            committed: false,
        };
        if dir.is_dir() {
            out.check_clashes(names, charts)?;
        }
        fs::create_dir_all(dir).map_err(at(dir))?;
        let full = fs::canonicalize(dir).map_err(at(dir))?;
        // Beside the folder, so the folder shows nothing of a run until it is done; inside
        // it (hidden) where its parent cannot be written or it has none (the root).
        let mut places = Vec::new();
        if let (Some(parent), Some(name)) = (full.parent(), full.file_name()) {
            let prefix = format!(".{}{STAGING}", name.to_string_lossy());
            places.push((parent.to_path_buf(), prefix));
        }
        places.push((full.clone(), STAGING.to_string()));
        let mut failure = None;
        for (parent, prefix) in places {
            remove_dead_staging(&parent, &prefix);
            let staging = parent.join(format!("{prefix}{}", std::process::id()));
            if staging.exists() {
                fs::remove_dir_all(&staging).map_err(at(&staging))?;
            }
            match fs::create_dir(&staging) {
                Ok(()) => {
                    out.staging = staging;
                    return Ok(out);
                }
                Err(e) => failure = Some(at(&staging)(e)),
            }
        }
        Err(failure.expect("at least one place was tried"))
    }

    /// Refuses, unless forced, a name of `names` (or, with `charts`, a chart) that is a
    /// file Floe did not make here, and always a name that is not a file at all.
    fn check_clashes(&self, names: &[&str], charts: bool) -> Result<(), OutputError> {
        let entries = fs::read_dir(&self.dir).map_err(at(&self.dir))?;
        for entry in entries {
            let entry = entry.map_err(at(&self.dir))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let clashes = names.contains(&name.as_str()) || (charts && is_chart_name(&name));
            if !clashes {
                continue;
            }
            let path = entry.path();
            if !path.is_file() || path.is_symlink() {
                return Err(OutputError {
                    path,
                    message: "is not a plain file, so Floe cannot write its result there; \
                              move it or choose another --out"
                        .into(),
                });
            }
            if !self.force && !self.owned.contains(&name) {
                return Err(OutputError {
                    path,
                    message: format!(
                        "Floe did not write this file (it is not listed in {OWNED}) and would \
                         replace it; move it, choose another --out, or give --force to \
                         replace it"
                    ),
                });
            }
        }
        Ok(())
    }

    /// The staging folder, where the files are written until [`OutputDir::commit`].
    pub fn staging(&self) -> &Path {
        &self.staging
    }

    /// Opens `name` for writing in the staging folder.
    ///
    /// # Errors
    /// Fails if the file cannot be created.
    pub fn file(&mut self, name: &str) -> Result<BufWriter<File>, OutputError> {
        let path = self.staging.join(name);
        let file = File::create(&path).map_err(at(&path))?;
        self.written.push(name.to_string());
        Ok(BufWriter::new(file))
    }

    /// Adds the file `name` that was written into the staging folder by other means (a
    /// chart drawn there).
    pub fn add(&mut self, name: &str) {
        self.written.push(name.to_string());
    }

    /// Moves every file written into the folder, removes the files Floe made there before
    /// that this run's scope covers and it did not write again (so no old file passes for
    /// part of this result), and records what Floe now owns there. Returns the files'
    /// final paths.
    ///
    /// The list of owned files is updated first to hold both the old and the new files, so
    /// that a run stopped while moving still owns everything it may have left.
    ///
    /// # Errors
    /// Names a file that is in the way or a move that fails.
    pub fn commit(mut self) -> Result<Vec<PathBuf>, OutputError> {
        let written: BTreeSet<String> = self.written.iter().cloned().collect();
        // Files that were not there when the run began may have appeared since.
        self.check_clashes(
            &self.written.iter().map(String::as_str).collect::<Vec<_>>(),
            false,
        )?;
        let mut owned = self.owned.clone();
        owned.extend(written.iter().cloned());
        self.write_owned(&owned)?;
        let mut done = Vec::new();
        for name in &self.written {
            let target = self.dir.join(name);
            fs::rename(self.staging.join(name), &target).map_err(at(&target))?;
            done.push(target);
        }
        let stale: Vec<String> = self
            .owned
            .iter()
            .filter(|n| self.scope.covers(n) && !written.contains(*n))
            .cloned()
            .collect();
        for name in &stale {
            let path = self.dir.join(name);
            match fs::remove_file(&path) {
                Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(at(&path)(e)),
                _ => {}
            }
            owned.remove(name);
        }
        self.write_owned(&owned)?;
        self.committed = true;
        Ok(done)
    }

    /// Replaces the folder's list of owned files with `owned` (written in the staging
    /// folder and moved in, so the list is never half-written).
    fn write_owned(&self, owned: &BTreeSet<String>) -> Result<(), OutputError> {
        let text = format!(
            "# The files Floe wrote in this folder. Floe replaces or removes only the files\n\
             # listed here; anything else in the folder is left alone.\n{}",
            toml::to_string(&Owned {
                files: owned.clone()
            })
            .expect("a list of names serialises")
        );
        let staged = self.staging.join(OWNED);
        fs::write(&staged, text).map_err(at(&staged))?;
        let target = self.dir.join(OWNED);
        fs::rename(&staged, &target).map_err(at(&target))
    }
}

/// Removes the staging folders named `prefix` + a process id in `parent` whose process is
/// gone: what a killed run into the same folder left.
fn remove_dead_staging(parent: &Path, prefix: &str) {
    let Ok(entries) = fs::read_dir(parent) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = name.strip_prefix(prefix) else {
            continue;
        };
        if pid.bytes().all(|b| b.is_ascii_digit()) && !may_be_running(pid) {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

impl Drop for OutputDir {
    fn drop(&mut self) {
        if !self.staging.as_os_str().is_empty() {
            let _ = fs::remove_dir_all(&self.staging);
        }
        if self.committed {
            return;
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

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn files_appear_only_on_commit_and_stale_owned_files_go() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("a/b");
        let mut out =
            OutputDir::prepare(&dir, &["x.csv", "old.csv"], false, Scope::Everything, false)
                .unwrap();
        writeln!(out.file("x.csv").unwrap(), "1").unwrap();
        writeln!(out.file("old.csv").unwrap(), "1").unwrap();
        assert!(!dir.join("x.csv").exists());
        out.commit().unwrap();
        fs::write(dir.join("mine.txt"), "user").unwrap();
        let mut out =
            OutputDir::prepare(&dir, &["x.csv"], false, Scope::Everything, false).unwrap();
        writeln!(out.file("x.csv").unwrap(), "2").unwrap();
        let done = out.commit().unwrap();
        assert_eq!(done, vec![dir.join("x.csv")]);
        assert_eq!(fs::read_to_string(dir.join("x.csv")).unwrap(), "2\n");
        assert_eq!(names(&dir), [OWNED, "mine.txt", "x.csv"]);
        assert_eq!(
            names(root.path().join("a").as_path()),
            ["b"],
            "no staging left"
        );
    }

    #[test]
    fn a_file_floe_did_not_write_is_refused_unless_forced() {
        let root = tempfile::tempdir().unwrap();
        fs::write(root.path().join("x.csv"), "user").unwrap();
        let e = OutputDir::prepare(root.path(), &["x.csv"], false, Scope::Everything, false)
            .unwrap_err();
        assert!(
            e.to_string()
                .contains("x.csv: Floe did not write this file"),
            "{e}"
        );
        let mut out =
            OutputDir::prepare(root.path(), &["x.csv"], false, Scope::Everything, true).unwrap();
        out.file("x.csv").unwrap();
        out.commit().unwrap();
        assert_eq!(fs::read_to_string(root.path().join("x.csv")).unwrap(), "");
    }

    #[test]
    fn a_user_chart_is_refused_and_plot_keeps_everything_but_charts() {
        let root = tempfile::tempdir().unwrap();
        let mut out =
            OutputDir::prepare(root.path(), &["t.csv"], false, Scope::Everything, false).unwrap();
        out.file("t.csv").unwrap();
        out.file("seats-a.svg").unwrap();
        out.file("seats-b.svg").unwrap();
        out.commit().unwrap();
        // A redraw that draws only one of the two charts removes the other, not the table.
        let mut plot = OutputDir::prepare(root.path(), &[], true, Scope::Charts, false).unwrap();
        plot.file("seats-a.svg").unwrap();
        plot.commit().unwrap();
        assert_eq!(names(root.path()), [OWNED, "seats-a.svg", "t.csv"]);
        fs::write(root.path().join("bots-mine.svg"), "user").unwrap();
        let e = OutputDir::prepare(root.path(), &[], true, Scope::Charts, false).unwrap_err();
        assert!(e.to_string().contains("bots-mine.svg"), "{e}");
    }

    #[test]
    fn dropping_without_commit_leaves_nothing_new() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("new/deeper");
        let mut out =
            OutputDir::prepare(&dir, &["x.csv"], false, Scope::Everything, false).unwrap();
        out.file("x.csv").unwrap();
        drop(out);
        assert!(
            names(root.path()).is_empty(),
            "every folder the run made is gone"
        );
    }

    #[test]
    fn a_folder_in_place_of_a_file_is_refused_before_the_run() {
        let root = tempfile::tempdir().unwrap();
        fs::create_dir(root.path().join("games.csv")).unwrap();
        let e = OutputDir::prepare(root.path(), &["games.csv"], false, Scope::Everything, true)
            .unwrap_err();
        assert!(
            e.to_string().contains("games.csv: is not a plain file"),
            "{e}"
        );
    }

    #[test]
    fn a_file_in_the_way_is_an_error_naming_the_path() {
        let root = tempfile::tempdir().unwrap();
        let file = root.path().join("f");
        fs::write(&file, "").unwrap();
        let e = OutputDir::prepare(&file, &[], false, Scope::Everything, false).unwrap_err();
        assert!(e.to_string().contains("f: a file is in the way"), "{e}");
        let e = OutputDir::prepare(&file.join("sub"), &[], false, Scope::Everything, false)
            .unwrap_err();
        assert!(e.to_string().contains("f/sub"), "{e}");
    }

    #[test]
    fn a_list_naming_paths_outside_the_folder_is_refused() {
        let root = tempfile::tempdir().unwrap();
        fs::write(root.path().join(OWNED), "files = [\"../x\"]\n").unwrap();
        let e = OutputDir::prepare(root.path(), &[], false, Scope::Everything, false).unwrap_err();
        assert!(e.to_string().contains("\"../x\" is not a file name"), "{e}");
    }

    #[test]
    fn a_folder_whose_parent_is_read_only_stages_inside() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("out");
        fs::create_dir(&dir).unwrap();
        let mut perms = fs::metadata(root.path()).unwrap().permissions();
        perms.set_readonly(true);
        fs::set_permissions(root.path(), perms.clone()).unwrap();
        // Root may write anyway; then the staging folder is beside as usual.
        let beside_allowed = fs::create_dir(root.path().join("probe")).is_ok();
        let mut out =
            OutputDir::prepare(&dir, &["x.csv"], false, Scope::Everything, false).unwrap();
        assert_eq!(
            out.staging().parent() == Some(dir.as_path()),
            !beside_allowed
        );
        out.file("x.csv").unwrap();
        out.commit().unwrap();
        assert!(dir.join("x.csv").exists());
        #[allow(clippy::permissions_set_readonly_false)]
        perms.set_readonly(false);
        fs::set_permissions(root.path(), perms).unwrap();
    }

    #[test]
    fn a_dead_runs_staging_folder_is_removed() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("out");
        // No process has a pid this high (the kernel's limit is 2^22).
        let dead = root.path().join(format!(".out{STAGING}99999999"));
        fs::create_dir_all(&dead).unwrap();
        fs::write(dead.join("x.csv"), "").unwrap();
        let out = OutputDir::prepare(&dir, &[], false, Scope::Everything, false).unwrap();
        if Path::new("/proc/self").exists() {
            assert!(!dead.exists());
        }
        drop(out);
    }
}
