//! Claiming a results folder for one run, in one step: the folder is made (with its
//! parents), locked for the run's whole life, read while locked (the list of the files Floe
//! made there and what else the folder holds), cleared of the staging folders that killed
//! runs left, and given this run's own staging folder.
//!
//! The order is the guarantee: nothing is read before the lock is held, so no other run can
//! change the list between its reading and this run's writing, and a staging folder is
//! removed only under the lock, when no live run can be writing into it. The caller judges
//! what was read (its own format and wording) without touching the folder again; dropping
//! the [`Claim`] undoes what the run made unless it was [kept](Claim::keep).

use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};

use crate::read::{self, Kind};
use crate::write::{self, LOCK};

/// The list of the files Floe made in a results folder, which only ever replaces or
/// removes files on it.
pub const LIST: &str = "floe-files.toml";

/// The start of a staging folder's name, followed by the id of the process staging there.
pub const STAGING: &str = ".floe-partial-";

/// The file that marks a staging folder as Floe's own, so that only such folders are ever
/// removed as left by a killed run.
pub const STAGING_MARK: &str = ".floe-staging";

/// A results folder held by this run: locked until dropped, with this run's staging folder.
#[derive(Debug)]
pub struct Claim {
    dir: PathBuf,
    staging: PathBuf,
    /// The outermost folder this run created (`dir` or one of its parents), if any.
    created: Option<PathBuf>,
    /// The open lock file, locked for the run's whole life.
    _lock: File,
    kept: bool,
}

/// A file or folder found in a claimed folder.
#[derive(Debug)]
pub struct Entry {
    /// Its name in the folder.
    pub name: String,
    /// Whether it is a plain file (not a folder, nor a link).
    pub plain_file: bool,
}

/// What a claim found in its folder once it held the lock.
#[derive(Debug)]
pub struct Found {
    /// The text of the folder's [`LIST`], if it has one.
    pub list: Option<String>,
    /// Everything in the folder before this run's staging folder was made.
    pub entries: Vec<Entry>,
}

/// Claims `dir` for this run (see the module doc). Returns the claim and what the folder
/// held, or, when another run holds the folder's lock, what that run wrote into it.
///
/// # Errors
/// Names the path that cannot be made, locked, read or written.
pub fn claim(dir: &Path) -> io::Result<Result<(Claim, Found), String>> {
    let created = write::folders(dir)?;
    let undo = || {
        if let Some(top) = &created {
            write::remove_empty_folders(dir, top);
        }
    };
    let lock = match write::lock(&dir.join(LOCK), &write::holder()) {
        Ok(Ok(file)) => file,
        Ok(Err(holder)) => {
            undo();
            return Ok(Err(holder));
        }
        Err(e) => {
            undo();
            return Err(e);
        }
    };
    let mut claim = Claim {
        dir: dir.to_path_buf(),
        staging: PathBuf::new(),
        created,
        _lock: lock,
        kept: false,
    };
    let list_path = dir.join(LIST);
    let list = match fs::symlink_metadata(&list_path) {
        Ok(_) => Some(read::text(&list_path, Kind::FILE_LIST)?),
        Err(_) => None,
    };
    remove_dead_staging(dir);
    let entries = entries(dir)?;
    let staging = dir.join(format!("{STAGING}{}", std::process::id()));
    write::folder(&staging)?;
    claim.staging = staging;
    let mark = claim.staging.join(STAGING_MARK);
    write::create(&mark, &mark).and_then(write::NewFile::finish)?;
    Ok(Ok((claim, Found { list, entries })))
}

/// Returns what `dir` holds, by name.
///
/// # Errors
/// Names the folder when it cannot be listed.
pub fn entries(dir: &Path) -> io::Result<Vec<Entry>> {
    let failed = |e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", dir.display()));
    let mut found = Vec::new();
    for entry in fs::read_dir(dir).map_err(failed)? {
        let entry = entry.map_err(failed)?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        found.push(Entry {
            name,
            plain_file: path.is_file() && !path.is_symlink(),
        });
    }
    Ok(found)
}

impl Claim {
    /// The claimed folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// This run's staging folder inside it.
    pub fn staging(&self) -> &Path {
        &self.staging
    }

    /// Keeps the folder when the claim is dropped: the run's result is in it.
    pub fn keep(&mut self) {
        self.kept = true;
    }
}

impl Drop for Claim {
    fn drop(&mut self) {
        if !self.staging.as_os_str().is_empty() {
            write::remove_staging(&self.staging);
        }
        if self.kept {
            return;
        }
        if let Some(top) = &self.created {
            // This run made the folder, so its lock file is this run's alone.
            let _ = write::remove(&self.dir.join(LOCK));
            write::remove_empty_folders(&self.dir, top);
        }
    }
}

/// Removes the staging folders that runs into `dir` left when they were killed: every
/// folder named like one that holds Floe's mark ([`STAGING_MARK`]). The caller holds the
/// folder's lock, so no live run is staging there; a folder without the mark is the user's
/// and is left alone.
fn remove_dead_staging(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let named = entry.file_name().to_string_lossy().starts_with(STAGING);
        let marked = !path.is_symlink() && path.join(STAGING_MARK).is_file();
        if named && marked {
            write::remove_staging(&path);
        }
    }
}
