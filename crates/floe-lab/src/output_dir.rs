//! Output folders that never lose a user's files, never mix two runs and never look
//! finished too early.
//!
//! Every folder Floe writes holds a list of the files it made there ([`OWNED`]). Floe
//! replaces or removes only files on that list: a file of the same name that Floe did not
//! make is refused before anything is played (unless the user says `--force`), and files
//! Floe does not write are never touched.
//!
//! **One writer.** A run locks the folder ([`LOCK`], an advisory lock the system drops
//! when the process ends, however it ends) before it checks or plays anything; a second
//! run into the same folder is refused at once, naming the first.
//!
//! **Whole results.** A run writes its files into a staging folder inside the output
//! folder (hidden, marked as Floe's with [`STAGING_MARK`], and so on the same filesystem
//! whatever is mounted where) and moves them in only when everything succeeded. While it
//! moves them, the list of owned files says `switching = true`; it says so until the last
//! file is in place and the stale ones are gone. A run killed in that moment (SIGKILL, a
//! power cut) leaves a folder that says it may mix two runs: [`check_complete`] refuses
//! it to every reader (`merge`, `plot`), and the next run into it replaces it whole. An
//! interrupted or failed run before the move leaves the earlier result exactly as it was.
//! The lock makes removing what a killed run left safe: only folders holding Floe's mark
//! are removed, never a folder of the user's that happens to be named like one.

use std::collections::BTreeSet;
use std::fs;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};

use floe_io::claim::{self, Claim, Entry};
use floe_io::read::Kind;
use floe_io::write;
use serde::{Deserialize, Serialize};

use floe_sim::{Setting, Wording};

use crate::message::Message;
use floe_pages::charts::is_chart_name;

/// A result file being written (see [`floe_io::write::NewFile`]): every error names the
/// file as the user will find it (`out/seats.csv: No space left on device`), not the
/// staging folder's copy.
pub use floe_io::write::NewFile as OutFile;

/// The list of files Floe made in a folder ([`floe_io::claim::LIST`]).
pub use floe_io::claim::LIST as OWNED;

/// The file that marks a staging folder as Floe's ([`floe_io::claim::STAGING_MARK`]).
pub use floe_io::claim::STAGING_MARK;

/// The lock file of an output folder ([`floe_io::write::LOCK`]).
pub use floe_io::write::LOCK;

/// An output problem, naming the path.
#[derive(Debug, thiserror::Error)]
#[error("{}", self.say(&floe_sim::Names))]
pub struct OutputError {
    /// The path at fault (empty when the message names it already).
    pub path: PathBuf,
    /// What is wrong (part of the message, not a separate cause, so it prints once).
    pub message: Message,
}

impl OutputError {
    /// The error, the settings its advice names worded by `wording`.
    pub fn say(&self, wording: &dyn Wording) -> String {
        let message = self.message.say(wording);
        if self.path.as_os_str().is_empty() {
            return message;
        }
        format!("{}: {message}", floe_io::gate::path(&self.path))
    }
}

/// An error of the door ([`floe_io`]), which names its path itself.
fn door(error: io::Error) -> OutputError {
    OutputError {
        path: PathBuf::new(),
        message: error.to_string().into(),
    }
}

/// The contents of [`OWNED`].
#[derive(Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Owned {
    /// The files Floe made in this folder, by name.
    files: BTreeSet<String>,
    /// Whether a run is moving its files in (or was killed doing so): the folder may hold
    /// files of two runs. Left out when false, so a whole result's list reads as before.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    switching: bool,
}

/// What a writer may replace in its folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Everything Floe made there (a run: its files are the folder's whole result).
    Everything,
    /// Only charts (`floe plot`, which redraws the charts of a run's tables).
    Charts,
    /// Only the one file named (`floe report`, which writes the page of a result).
    Named(&'static str),
}

impl Scope {
    fn covers(self, name: &str) -> bool {
        match self {
            Scope::Everything => true,
            Scope::Charts => is_chart_name(name),
            Scope::Named(only) => name == only,
        }
    }
}

/// An output folder being written: claimed for this run ([`floe_io::claim`]) until it is
/// dropped.
#[derive(Debug)]
pub struct OutputDir {
    claim: Claim,
    /// The files Floe made in the folder before this run.
    owned: BTreeSet<String>,
    scope: Scope,
    force: bool,
    /// The files written in the staging folder, in order.
    written: Vec<String>,
}

/// Reads the list of files Floe made in `dir` (empty when there is none).
fn read_owned(dir: &Path) -> Result<Owned, OutputError> {
    let path = dir.join(OWNED);
    if fs::symlink_metadata(&path).is_err() {
        return Ok(Owned::default());
    }
    let text = floe_io::read::text(&path, Kind::FILE_LIST).map_err(door)?;
    parse_owned(&text, &path)
}

/// Reads the list of files Floe made in a folder from its text, read from `path`.
fn parse_owned(text: &str, path: &Path) -> Result<Owned, OutputError> {
    let bad = |message: String| OutputError {
        path: path.to_path_buf(),
        message: message.into(),
    };
    let owned: Owned = toml::from_str(text).map_err(|e| {
        bad(format!(
            "not a list of the files Floe wrote here: {}",
            e.message()
        ))
    })?;
    if let Some(name) = owned.files.iter().find(|n| !is_plain_name(n)) {
        return Err(bad(format!(
            "{} is not a file name in this folder",
            floe_io::gate::quoted(name)
        )));
    }
    Ok(owned)
}

/// Returns the files of the whole result Floe wrote in `dir`, by name, sorted.
///
/// # Errors
/// Names the folder when Floe wrote no list of files there (it is not a results folder),
/// and the list when it cannot be read or says a move was cut short ([`check_complete`]).
pub fn result_files(dir: &Path) -> Result<Vec<String>, OutputError> {
    if fs::symlink_metadata(dir.join(OWNED)).is_err() {
        return Err(OutputError {
            path: dir.to_path_buf(),
            message: format!("not a results folder Floe wrote: it holds no {OWNED}").into(),
        });
    }
    check_complete(dir)?;
    Ok(read_owned(dir)?.files.into_iter().collect())
}

/// Checks that `dir` holds one whole result: no run was killed while moving its files in
/// (see the module doc). Every reader of a results folder calls it first.
///
/// # Errors
/// Names the folder's list of files when it says a move was cut short, or when it cannot
/// be read.
pub fn check_complete(dir: &Path) -> Result<(), OutputError> {
    complete(&read_owned(dir)?, &dir.join(OWNED))
}

/// As [`check_complete`], with the folder's list read from `path` already.
fn complete(owned: &Owned, path: &Path) -> Result<(), OutputError> {
    if owned.switching {
        return Err(OutputError {
            path: path.to_path_buf(),
            message: "a run was stopped while it moved its files into this folder, so the \
                      folder may mix the files of two runs; run the command that made it \
                      again"
                .into(),
        });
    }
    Ok(())
}

/// Refuses a run into `dir`, whose lock the run that wrote `holder` into it holds.
fn held(dir: &Path, holder: &str) -> OutputError {
    OutputError {
        path: dir.to_path_buf(),
        message: Message::from(format!(
            "another Floe run is writing into this folder ({}); wait for it to end \
                 or choose another ",
            if holder.is_empty() {
                "it has not yet said which".to_string()
            } else {
                floe_io::gate::terminal(holder).replace('\n', " ")
            }
        ))
        .mention(Setting::Out),
    }
}

/// Returns whether `name` names a file inside a folder (no path, no `..`).
fn is_plain_name(name: &str) -> bool {
    !name.is_empty() && name != "." && name != ".." && !name.contains(['/', '\\']) && name != OWNED
}

impl OutputDir {
    /// Prepares to write the files `names` (and, when `charts`, charts not yet named) into
    /// `dir`, replacing what `scope` covers of what Floe made there before.
    ///
    /// Checks, before anything is played, that `dir` is a folder Floe may write: no other
    /// run holds its lock, each name is free or a file Floe made, and (with `charts`) no
    /// chart there is someone else's; `force` lets the run replace such files too. Creates
    /// `dir` if needed, locks it for the run's life, removes what killed runs into it left,
    /// and makes the staging folder inside it.
    ///
    /// # Errors
    /// Names the path that is in the way or cannot be created, or the run writing there.
    pub fn prepare(
        dir: &Path,
        names: &[&str],
        charts: bool,
        scope: Scope,
        force: bool,
    ) -> Result<OutputDir, OutputError> {
        let (claim, found) = claim::claim(dir)
            .map_err(door)?
            .map_err(|holder| held(dir, &holder))?;
        let list = claim.dir().join(OWNED);
        let owned = match &found.list {
            Some(text) => parse_owned(text, &list)?,
            None => Owned::default(),
        };
        if owned.switching && scope != Scope::Everything {
            complete(&owned, &list)?;
        }
        let out = OutputDir {
            claim,
            owned: owned.files,
            scope,
            force,
            written: Vec::new(),
        };
        out.check_clashes(&found.entries, names, charts)?;
        Ok(out)
    }

    /// Refuses, unless forced, a name of `names` (or, with `charts`, a chart) that is a
    /// file of `entries` (the folder's) Floe did not make, and always a name that is not a
    /// file at all.
    fn check_clashes(
        &self,
        entries: &[Entry],
        names: &[&str],
        charts: bool,
    ) -> Result<(), OutputError> {
        for entry in entries {
            let name = &entry.name;
            let clashes = names.contains(&name.as_str()) || (charts && is_chart_name(name));
            if !clashes {
                continue;
            }
            let path = self.claim.dir().join(name);
            if !entry.plain_file {
                return Err(OutputError {
                    path,
                    message: Message::from(
                        "is not a plain file, so Floe cannot write its result there; move it \
                         or choose another ",
                    )
                    .mention(Setting::Out),
                });
            }
            if !self.force && !self.owned.contains(name) {
                return Err(OutputError {
                    path,
                    message: Message::from(format!(
                        "Floe did not write this file (it is not listed in {OWNED}) and would \
                         replace it; move it, choose another "
                    ))
                    .mention(Setting::Out)
                    .then(", or give ")
                    .mention(Setting::Force)
                    .then(" to replace it"),
                });
            }
        }
        Ok(())
    }

    /// The staging folder, where the files are written until [`OutputDir::commit`].
    pub fn staging(&self) -> &Path {
        self.claim.staging()
    }

    /// Opens `name` for writing in the staging folder.
    ///
    /// # Errors
    /// Fails if the file cannot be created.
    pub fn file(&mut self, name: &str) -> Result<OutFile, OutputError> {
        let file = write::create(&self.staging().join(name), &self.claim.dir().join(name))
            .map_err(door)?;
        self.written.push(name.to_string());
        Ok(file)
    }

    /// The files written into the staging folder so far, by name, in order.
    pub fn written(&self) -> &[String] {
        &self.written
    }

    /// Writes the results page ([`floe_pages::report::PAGE`]) of what is staged so far,
    /// showing the files written there (in name order, so the page is the same however
    /// the run ordered them). The page is written last, so that it shows every table and
    /// chart of the folder.
    ///
    /// # Errors
    /// As [`floe_pages::report::render`], or names the page when it cannot be written.
    pub fn stage_page(&mut self) -> anyhow::Result<()> {
        let mut files = self.written.clone();
        files.sort();
        let page = floe_pages::report::render(self.staging(), &files)?;
        let mut file = self.file(floe_pages::report::PAGE)?;
        file.write_all(page.as_bytes())?;
        file.flush()?;
        Ok(())
    }

    /// Adds the file `name` that was written into the staging folder by other means.
    pub fn add(&mut self, name: &str) {
        self.written.push(name.to_string());
    }

    /// Adds the chart `name` drawn into the staging folder, with its PNG copy
    /// ([`floe_plot::png_path`]).
    pub fn add_chart(&mut self, name: &str) {
        let png = floe_plot::png_path(Path::new(name));
        self.add(name);
        self.add(&png.to_string_lossy());
    }

    /// Moves every file written into the folder, removes the files Floe made there before
    /// that this run's scope covers and it did not write again (so no old file passes for
    /// part of this result), and records what Floe now owns there. Returns the files'
    /// final paths.
    ///
    /// The list of owned files is updated first to hold both the old and the new files and
    /// to say `switching`, so that a run stopped while moving still owns everything it may
    /// have left and its folder says it may mix two runs ([`check_complete`]); the last
    /// step writes the list of this result alone.
    ///
    /// # Errors
    /// Names a file that is in the way or a move that fails.
    pub fn commit(mut self) -> Result<Vec<PathBuf>, OutputError> {
        // A signal before the move leaves the earlier result as it was; once the move
        // begins, it is finished first.
        floe_io::stop::check().map_err(door)?;
        let written: BTreeSet<String> = self.written.iter().cloned().collect();
        // Files that were not there when the run began may have appeared since.
        let dir = self.claim.dir();
        self.check_clashes(
            &claim::entries(dir).map_err(door)?,
            &self.written.iter().map(String::as_str).collect::<Vec<_>>(),
            false,
        )?;
        let mut owned = self.owned.clone();
        owned.extend(written.iter().cloned());
        self.write_owned(&owned, true)?;
        let mut done = Vec::new();
        for name in &self.written {
            let target = dir.join(name);
            write::place(&self.staging().join(name), &target).map_err(door)?;
            done.push(target);
        }
        let stale: Vec<String> = self
            .owned
            .iter()
            .filter(|n| self.scope.covers(n) && !written.contains(*n))
            .cloned()
            .collect();
        for name in &stale {
            write::remove(&dir.join(name)).map_err(door)?;
            owned.remove(name);
        }
        self.write_owned(&owned, false)?;
        self.claim.keep();
        Ok(done)
    }

    /// Replaces the folder's list of owned files with `owned` (written in the staging
    /// folder and moved in, so the list is never half-written).
    fn write_owned(&self, owned: &BTreeSet<String>, switching: bool) -> Result<(), OutputError> {
        let text = format!(
            "# The files Floe wrote in this folder. Floe replaces or removes only the files\n\
             # listed here; anything else in the folder is left alone.\n{}",
            toml::to_string(&Owned {
                files: owned.clone(),
                switching,
            })
            .expect("a list of names serialises")
        );
        let staged = self.staging().join(OWNED);
        let target = self.claim.dir().join(OWNED);
        // Written while the move is under way: a signal must not stop it half-done.
        write::remove(&staged).map_err(door)?;
        write::create(&staged, &target)
            .and_then(|mut f| f.write_all(text.as_bytes()).map(|()| f))
            .and_then(write::NewFile::finish)
            .and_then(|()| write::place(&staged, &target))
            .map_err(door)
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
        assert_eq!(names(&dir), [LOCK, OWNED, "mine.txt", "x.csv"]);
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
        assert_eq!(names(root.path()), [LOCK, OWNED, "seats-a.svg", "t.csv"]);
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
        assert!(e.to_string().contains("f: a file is in the way"), "{e}");
    }

    #[test]
    fn a_list_naming_paths_outside_the_folder_is_refused() {
        let root = tempfile::tempdir().unwrap();
        fs::write(root.path().join(OWNED), "files = [\"../x\"]\n").unwrap();
        let e = OutputDir::prepare(root.path(), &[], false, Scope::Everything, false).unwrap_err();
        assert!(e.to_string().contains("\"../x\" is not a file name"), "{e}");
    }

    #[test]
    fn staging_is_inside_the_folder_marked_as_floes_and_gone_after() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("out");
        let mut out =
            OutputDir::prepare(&dir, &["x.csv"], false, Scope::Everything, false).unwrap();
        // Inside: on the folder's own filesystem, whatever is mounted where.
        assert_eq!(out.staging().parent(), Some(dir.as_path()));
        assert!(out.staging().join(STAGING_MARK).is_file());
        out.file("x.csv").unwrap();
        out.commit().unwrap();
        assert_eq!(names(&dir), [LOCK, OWNED, "x.csv"]);
        assert_eq!(names(root.path()), ["out"], "nothing beside the folder");
    }

    #[test]
    fn a_second_writer_is_refused_naming_the_first() {
        let root = tempfile::tempdir().unwrap();
        let first =
            OutputDir::prepare(root.path(), &["x.csv"], false, Scope::Everything, false).unwrap();
        let e = OutputDir::prepare(root.path(), &["x.csv"], false, Scope::Everything, false)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("another Floe run is writing into this folder (process ")
                && e.contains(&std::process::id().to_string()),
            "{e}"
        );
        drop(first);
        OutputDir::prepare(root.path(), &["x.csv"], false, Scope::Everything, false)
            .expect("the lock goes with its run");
    }

    #[test]
    fn a_move_cut_short_is_refused_to_readers_and_replaced_by_the_next_run() {
        let root = tempfile::tempdir().unwrap();
        let mut out =
            OutputDir::prepare(root.path(), &["x.csv"], false, Scope::Everything, false).unwrap();
        out.file("x.csv").unwrap();
        out.commit().unwrap();
        check_complete(root.path()).unwrap();
        // What a run killed between its first and last move leaves.
        let mut killed =
            OutputDir::prepare(root.path(), &["y.csv"], false, Scope::Everything, false).unwrap();
        killed.file("y.csv").unwrap();
        killed
            .write_owned(&["x.csv".into(), "y.csv".into()].into(), true)
            .unwrap();
        drop(killed);
        let e = check_complete(root.path()).unwrap_err().to_string();
        assert!(e.contains("may mix the files of two runs"), "{e}");
        let e = OutputDir::prepare(root.path(), &[], true, Scope::Charts, false)
            .unwrap_err()
            .to_string();
        assert!(e.contains("may mix"), "plot refuses it: {e}");
        let mut next =
            OutputDir::prepare(root.path(), &["x.csv"], false, Scope::Everything, false).unwrap();
        next.file("x.csv").unwrap();
        next.commit().unwrap();
        check_complete(root.path()).unwrap();
        assert_eq!(names(root.path()), [LOCK, OWNED, "x.csv"]);
    }

    #[test]
    fn only_marked_staging_folders_are_removed() {
        let root = tempfile::tempdir().unwrap();
        let dead = root.path().join(format!("{}99999999", claim::STAGING));
        fs::create_dir_all(&dead).unwrap();
        fs::write(dead.join(STAGING_MARK), "").unwrap();
        fs::write(dead.join("x.csv"), "").unwrap();
        let users = root.path().join(format!("{}99999", claim::STAGING));
        fs::create_dir_all(&users).unwrap();
        fs::write(users.join("important.txt"), "mine").unwrap();
        let out = OutputDir::prepare(root.path(), &[], false, Scope::Everything, false).unwrap();
        drop(out);
        assert!(!dead.exists(), "a killed run's staging folder goes");
        assert_eq!(
            fs::read_to_string(users.join("important.txt")).unwrap(),
            "mine",
            "a folder without Floe's mark stays"
        );
    }
}
