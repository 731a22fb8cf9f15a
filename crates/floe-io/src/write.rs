//! Every file Floe writes, made in one place.
//!
//! Floe never writes to or through anything but a regular file of its own: a device, a
//! pipe, a socket, a folder or a link (dangling or not) at a path it would write is
//! refused, even when the user asks to replace files (`--force`), and a regular file it
//! did not write is replaced only when asked. A file is written whole or not at all: into
//! a staging file beside it (so on the same filesystem), synced, then moved into place; a
//! file that appears at the path meanwhile is never replaced. Writes check
//! [`crate::stop`], so a signal stops them before anything is moved in. Every error names
//! the path, and a file-size limit (`ulimit -f`) is said as such.
//!
//! Results folders ([`floe_lab::output_dir`], a lock, a list of Floe's files and a staging
//! folder) are built from the same pieces: [`folders`], [`create`], [`place`], [`remove`],
//! [`lock`].

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::gate;

/// The start of a staging file's name beside its target, after a dot and the target's
/// name: `.report.html.floe-partial-PID-N`. The same start as a results folder's staging
/// folder, so one pattern finds what Floe left anywhere.
pub const PARTIAL: &str = "floe-partial-";

/// The lock file of a folder Floe writes results into: the process holding its lock is the
/// folder's one writer, and its name is written in it, for the message that refuses
/// another. A single file written into such a folder takes the lock too ([`Staged`]).
pub const LOCK: &str = ".floe-lock";

/// What Floe may do to a regular file already at a path it writes.
pub enum Existing<'a> {
    /// Replace it only if this says Floe wrote it (a record that reads as a record, a page
    /// that carries Floe's mark); the text says how the user asks to replace it anyway, in
    /// the front end's words (`--force`): this crate words no front end's setting.
    IfFloes(&'a dyn Fn(&Path) -> bool, &'a str),
    /// Replace it: the user said so (`--force`).
    Replace,
}

/// How many times a write makes its folder again when it vanished under it
/// ([`folders`], [`Staged::begin`]).
const FOLDER_RETRIES: usize = 5;

/// Returns the error of writing `path` (shown after `named`, say `--html`): `why` with
/// the path, keeping the failure's kind.
fn error(named: &str, path: &Path, kind: io::ErrorKind, why: impl std::fmt::Display) -> io::Error {
    let shown = gate::path(path);
    if named.is_empty() {
        io::Error::new(kind, format!("{shown}: {why}"))
    } else {
        io::Error::new(kind, format!("{named} {shown}: {why}"))
    }
}

/// Says what went wrong with a write as a person reads it: a file-size limit as such.
fn describe(e: &io::Error) -> String {
    #[cfg(unix)]
    if e.raw_os_error() == Some(libc::EFBIG) {
        return "the file passed the size this process may write (a file-size limit, as \
                `ulimit -f` sets)"
            .into();
    }
    e.to_string()
}

fn failed<'a>(named: &'a str, path: &'a Path) -> impl Fn(io::Error) -> io::Error + 'a {
    move |e| {
        if crate::stop::is_stopped(&e) {
            return e;
        }
        error(named, path, e.kind(), describe(&e))
    }
}

/// Says why Floe will not write at `path`, which `meta` describes (not following links),
/// whatever the user asks; `None` for a regular file.
fn never(meta: &fs::Metadata, path: &Path) -> Option<&'static str> {
    let kind = meta.file_type();
    if kind.is_symlink() {
        return Some(if fs::metadata(path).is_err() {
            "is a link to nothing (a dangling symbolic link); Floe does not write through links"
        } else {
            "is a symbolic link; Floe does not write through links, give the file's own path"
        });
    }
    if kind.is_dir() {
        return Some("is a folder; give a file's path");
    }
    (!kind.is_file())
        .then_some("is not a regular file (a device, a pipe or a socket); Floe never writes to one")
}

/// The identity of a file (device and inode), to see that the file checked is the file
/// replaced.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Identity(u64, u64);

fn identity(meta: &fs::Metadata) -> Identity {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Identity(meta.dev(), meta.ino())
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        Identity(0, 0)
    }
}

/// Creates the folder `dir` and its parents as needed; returns the outermost folder it
/// created (to remove again if nothing is written), if any.
///
/// # Errors
/// Names the path when it, or a parent, is a file or a link to nothing, or cannot be
/// created.
pub fn folders(dir: &Path) -> io::Result<Option<PathBuf>> {
    let mut created = None;
    for folder in dir.ancestors().filter(|a| !a.as_os_str().is_empty()) {
        // One look at each folder: looked at twice, a folder another command removes in
        // between would read as neither a folder nor missing.
        let seen = fs::symlink_metadata(folder).map(|meta| match meta.file_type().is_symlink() {
            true => fs::metadata(folder).map_err(|_| ()),
            false => Ok(meta),
        });
        match seen {
            Ok(Ok(meta)) if meta.is_dir() => break,
            Ok(Err(())) => {
                return Err(error(
                    "",
                    folder,
                    io::ErrorKind::NotFound,
                    "is a link to nothing (a dangling symbolic link); give a folder",
                ));
            }
            Ok(Ok(_)) => {
                return Err(error(
                    "",
                    folder,
                    io::ErrorKind::AlreadyExists,
                    "a file is in the way: give a folder",
                ));
            }
            Err(_) => created = Some(folder.to_path_buf()),
        }
    }
    // Another command that made part of the path and wrote nothing can remove it while
    // it is made here: `create_dir_all` then fails with "not found", or "exists" when the
    // folder went between its making and its check. Made again, it holds.
    let mut again = 0;
    loop {
        match fs::create_dir_all(dir) {
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::NotFound | io::ErrorKind::AlreadyExists
                ) && again < FOLDER_RETRIES =>
            {
                again += 1
            }
            done => break done.map_err(failed("", dir))?,
        }
    }
    Ok(created)
}

/// Removes the folders from `dir` up to `top` (its outermost folder a write created),
/// innermost first, stopping at one that is not empty.
pub fn remove_empty_folders(dir: &Path, top: &Path) {
    for folder in dir.ancestors() {
        if fs::remove_dir(folder).is_err() || folder == top {
            break;
        }
    }
}

/// Creates the folder `dir`, which must not exist (a staging folder).
///
/// # Errors
/// Names the folder.
pub fn folder(dir: &Path) -> io::Result<()> {
    fs::create_dir(dir).map_err(failed("", dir))
}

/// A new file being written: each write checks [`crate::stop`], and every error names the
/// file as the person will find it (`out/seats.csv: No space left on device`), not the
/// staging copy.
#[derive(Debug)]
pub struct NewFile {
    file: io::BufWriter<File>,
    shown: PathBuf,
}

impl NewFile {
    /// Writes what is buffered and syncs the file to its disk.
    ///
    /// # Errors
    /// Names the file.
    pub fn finish(mut self) -> io::Result<()> {
        self.flush()?;
        let shown = self.shown.clone();
        self.file.get_ref().sync_all().map_err(failed("", &shown))
    }
}

impl Write for NewFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        crate::stop::check()?;
        let shown = &self.shown;
        self.file.write(buf).map_err(failed("", shown))
    }

    fn flush(&mut self) -> io::Result<()> {
        crate::stop::check()?;
        let shown = &self.shown;
        self.file.flush().map_err(failed("", shown))
    }
}

/// Opens a new file at `path`, which must not exist (a link there is not followed), for
/// writing; `shown` is the path errors name (where the file will end up).
///
/// # Errors
/// Names `shown` when the file exists or cannot be created.
pub fn create(path: &Path, shown: &Path) -> io::Result<NewFile> {
    let file = new_file(path).map_err(failed("", shown))?;
    Ok(NewFile {
        file: io::BufWriter::new(file),
        shown: shown.to_path_buf(),
    })
}

/// Creates `path` exclusively: never an existing file, never through a link.
fn new_file(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW);
    }
    options.open(path)
}

/// Moves the finished file `from` to `to`, replacing a regular file there (one the caller
/// has checked Floe may replace) but never a folder, a link, a device or a pipe.
///
/// # Errors
/// Names `to` when something else is there or the move fails.
pub fn place(from: &Path, to: &Path) -> io::Result<()> {
    if let Ok(meta) = fs::symlink_metadata(to)
        && let Some(why) = never(&meta, to)
    {
        return Err(error("", to, io::ErrorKind::AlreadyExists, why));
    }
    fs::rename(from, to).map_err(failed("", to))
}

/// Removes the file `path` if it is there.
///
/// # Errors
/// Names the file when it cannot be removed.
pub fn remove(path: &Path) -> io::Result<()> {
    match fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(failed("", path)(e)),
        _ => Ok(()),
    }
}

/// Removes the folder `dir` and all it holds: only ever a staging folder Floe made and
/// marked as its own.
pub fn remove_staging(dir: &Path) {
    let _ = fs::remove_dir_all(dir);
}

/// Takes the advisory lock of the lock file `path` (created if needed; never through a
/// link, never a device or pipe) and writes `holder` into it. The system drops the lock
/// when the process ends, however it ends. Returns `Err` of what the holder wrote when
/// another process holds it.
///
/// # Errors
/// Names the lock file when it cannot be opened, read or written.
pub fn lock(path: &Path, holder: &str) -> io::Result<Result<File, String>> {
    use std::io::{Read, Seek};
    let mut options = OpenOptions::new();
    options.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    let mut file = options.open(path).map_err(failed("", path))?;
    let meta = file.metadata().map_err(failed("", path))?;
    if let Some(why) = never(&meta, path) {
        return Err(error("", path, io::ErrorKind::AlreadyExists, why));
    }
    match file.try_lock() {
        Ok(()) => {}
        Err(fs::TryLockError::WouldBlock) => {
            let mut held = String::new();
            let limit = crate::read::Kind::LOCK.limit;
            let _ = (&file).take(limit).read_to_string(&mut held);
            return Ok(Err(held.trim().to_string()));
        }
        Err(fs::TryLockError::Error(e)) => return Err(failed("", path)(e)),
    }
    file.set_len(0)
        .and_then(|()| file.rewind())
        .and_then(|()| file.write_all(holder.as_bytes()))
        .map_err(failed("", path))?;
    Ok(Ok(file))
}

/// One file being written whole: checked, staged beside its path, and moved into place by
/// [`Staged::finish`]; dropped unfinished, it leaves nothing (neither the staging file nor
/// the folders it made).
#[derive(Debug)]
pub struct Staged {
    path: PathBuf,
    named: String,
    staged: PathBuf,
    file: Option<File>,
    /// The file that was at the path when checked, to be replaced; `None` if there was
    /// none (and then none may appear).
    replaces: Option<Identity>,
    /// The outermost folder made for the file.
    created: Option<PathBuf>,
    /// The folder's lock, held while the file is written, when the folder is one Floe
    /// writes results into.
    _lock: Option<File>,
}

impl Staged {
    /// Checks that Floe may write `path` (see the module doc and [`Existing`]), makes its
    /// folder, and opens a staging file beside it, locked as this process's. `named` (say
    /// `--html`) heads every error, before the path.
    ///
    /// A staging file of the same path that no process holds is what a killed write left,
    /// and is removed; one that a live process holds means another Floe command is writing
    /// the same file, and is refused.
    ///
    /// # Errors
    /// Names the path and what is wrong.
    pub fn begin(path: &Path, existing: Existing<'_>, named: &str) -> io::Result<Staged> {
        let refuse = |why: &str| error(named, path, io::ErrorKind::AlreadyExists, why);
        let name = path
            .file_name()
            .ok_or_else(|| error(named, path, io::ErrorKind::InvalidInput, "names no file"))?
            .to_string_lossy()
            .into_owned();
        let replaces = match fs::symlink_metadata(path) {
            Err(_) => None,
            Ok(meta) => {
                if let Some(why) = never(&meta, path) {
                    return Err(refuse(why));
                }
                if let Existing::IfFloes(is_floes, force) = existing
                    && !is_floes(path)
                {
                    let choose = if named.is_empty() {
                        String::new()
                    } else {
                        format!(", choose another {named}")
                    };
                    return Err(refuse(&format!(
                        "Floe did not write this file, and would replace it; move it{choose} \
                         or give {force} to replace it"
                    )));
                }
                Some(identity(&meta))
            }
        };
        let folder = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let created = folders(&folder).map_err(|e| error(named, path, e.kind(), e))?;
        let lock = folder.join(LOCK);
        let _lock = match fs::symlink_metadata(&lock) {
            Err(_) => None,
            Ok(_) => {
                match self::lock(&lock, &holder()).map_err(|e| error(named, path, e.kind(), e))? {
                    Ok(file) => Some(file),
                    Err(other) => {
                        return Err(refuse(&format!(
                            "another Floe run is writing into this folder ({}); wait for it to \
                         end or choose another path",
                            gate::line(&other)
                        )));
                    }
                }
            }
        };
        let mut staged = Staged {
            path: path.to_path_buf(),
            named: named.to_string(),
            staged: PathBuf::new(),
            file: None,
            replaces,
            created,
            _lock,
        };
        let start = format!(".{name}.{PARTIAL}");
        if clear_dead_partials(&folder, &start) {
            return Err(refuse(
                "another Floe command is writing this file now; wait for it or choose \
                 another path",
            ));
        }
        staged.staged = folder.join(format!("{start}{}", std::process::id()));
        // The folder can vanish before the staging file is made in it: another command
        // that made it and wrote nothing removes it again as it ends (two `floe play`
        // started at once in a fresh folder, one left at once). Made again, it holds.
        let mut again = 0;
        let file = loop {
            match new_file(&staged.staged)
                .and_then(|f| f.try_lock().map(|()| f).map_err(io::Error::from))
            {
                Err(e) if e.kind() == io::ErrorKind::NotFound && again < FOLDER_RETRIES => {
                    again += 1;
                    let made = folders(&folder).map_err(|e| error(named, path, e.kind(), e))?;
                    staged.created = staged.created.take().or(made);
                }
                done => break done,
            }
        }
        .map_err(|e| {
            error(
                named,
                path,
                e.kind(),
                format!("cannot write beside it: {}", describe(&e)),
            )
        })?;
        staged.file = Some(file);
        Ok(staged)
    }

    /// The path the file goes to.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `bytes` into the staging file.
    ///
    /// # Errors
    /// Names the path; a signal stops it.
    pub fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        let fail = failed(&self.named, &self.path);
        let file = self.file.as_mut().expect("open until finished");
        for piece in bytes.chunks(1 << 20) {
            crate::stop::check()?;
            file.write_all(piece).map_err(&fail)?;
        }
        Ok(())
    }

    /// Syncs the staging file and moves it into place: over the file checked at the start
    /// (if that is still the one there), or as a new file, never over one that appeared
    /// meanwhile.
    ///
    /// # Errors
    /// Names the path; [`io::ErrorKind::AlreadyExists`] when a file appeared or changed
    /// there meanwhile (it is left as it is); a signal stops it before the move.
    pub fn finish(mut self) -> io::Result<PathBuf> {
        let fail = failed(&self.named, &self.path);
        let file = self.file.take().expect("open until finished");
        file.sync_all().map_err(&fail)?;
        crate::stop::check()?;
        let now = fs::symlink_metadata(&self.path).ok();
        let changed = || {
            error(
                &self.named,
                &self.path,
                io::ErrorKind::AlreadyExists,
                "a file appeared or changed here while Floe wrote it; Floe left it as it is",
            )
        };
        match (self.replaces, now) {
            (None, None) => {
                // A link cannot replace what is there: a file that appears in the last
                // moment is left as it is.
                match fs::hard_link(&self.staged, &self.path) {
                    Ok(()) => {
                        let _ = fs::remove_file(&self.staged);
                    }
                    Err(e) if e.kind() == io::ErrorKind::AlreadyExists => return Err(changed()),
                    // A filesystem without links: moved instead, the path checked just now.
                    Err(_) => fs::rename(&self.staged, &self.path).map_err(&fail)?,
                }
            }
            (Some(was), Some(meta)) if was == identity(&meta) && meta.file_type().is_file() => {
                fs::rename(&self.staged, &self.path).map_err(&fail)?;
            }
            _ => return Err(changed()),
        }
        self.staged = PathBuf::new();
        self.created = None;
        drop(file);
        Ok(self.path.clone())
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if !self.staged.as_os_str().is_empty() {
            let _ = fs::remove_file(&self.staged);
        }
        if let Some(top) = &self.created {
            let folder = self.path.parent().unwrap_or(top);
            remove_empty_folders(folder, top);
        }
    }
}

/// The name a process writes into a lock it takes: its id and command line.
pub fn holder() -> String {
    let line: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    format!("process {}: {}", std::process::id(), line.join(" "))
}

/// Removes the staging files in `folder` whose names start with `start` that no process
/// holds (what killed writes left); returns whether a live process holds one.
fn clear_dead_partials(folder: &Path, start: &str) -> bool {
    let Ok(entries) = fs::read_dir(folder) else {
        return false;
    };
    let mut held = false;
    for entry in entries.flatten() {
        if !entry.file_name().to_string_lossy().starts_with(start) {
            continue;
        }
        let path = entry.path();
        let regular = fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_file());
        let Ok(file) = OpenOptions::new().write(true).open(&path) else {
            continue;
        };
        if !regular {
            continue;
        }
        match file.try_lock() {
            Ok(()) => {
                let _ = fs::remove_file(&path);
            }
            Err(fs::TryLockError::WouldBlock) => held = true,
            Err(fs::TryLockError::Error(_)) => {}
        }
    }
    held
}

/// Writes `bytes` as the file `path`, whole or not at all ([`Staged`]).
///
/// # Errors
/// As [`Staged::begin`], [`Staged::write_all`] and [`Staged::finish`].
pub fn whole(
    path: &Path,
    bytes: &[u8],
    existing: Existing<'_>,
    named: &str,
) -> io::Result<PathBuf> {
    let mut staged = Staged::begin(path, existing, named)?;
    staged.write_all(bytes)?;
    staged.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn never_floes(_: &Path) -> bool {
        false
    }

    fn listing(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_new_file_is_written_whole_and_a_users_file_is_kept() {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join("deep/er/page.html");
        whole(
            &path,
            b"one",
            Existing::IfFloes(&never_floes, "--force"),
            "--html",
        )
        .unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"one");
        let e = whole(
            &path,
            b"two",
            Existing::IfFloes(&never_floes, "--force"),
            "--html",
        )
        .unwrap_err();
        assert!(e.to_string().starts_with("--html "), "{e}");
        assert!(e.to_string().ends_with("Floe did not write this file, and would replace it; move it, choose another --html or give --force to replace it"), "{e}");
        assert_eq!(fs::read(&path).unwrap(), b"one");
        whole(
            &path,
            b"two",
            Existing::IfFloes(&|_| true, "--force"),
            "--html",
        )
        .unwrap();
        whole(&path, b"three", Existing::Replace, "--html").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"three");
        assert_eq!(listing(path.parent().unwrap()), ["page.html"]);
    }

    #[cfg(unix)]
    #[test]
    fn links_folders_and_devices_are_never_written_even_when_forced() {
        let tmp = tempfile::tempdir().unwrap();
        let dangling = tmp.path().join("dangling.html");
        std::os::unix::fs::symlink(tmp.path().join("nowhere"), &dangling).unwrap();
        let e = whole(&dangling, b"x", Existing::Replace, "").unwrap_err();
        assert!(e.to_string().contains("link to nothing"), "{e}");
        assert!(!tmp.path().join("nowhere").exists());
        let null = tmp.path().join("null");
        std::os::unix::fs::symlink("/dev/null", &null).unwrap();
        assert!(whole(&null, b"x", Existing::Replace, "").is_err());
        let e = whole(tmp.path(), b"x", Existing::Replace, "").unwrap_err();
        assert!(e.to_string().contains("folder") || e.to_string().contains("names no file"));
        let fifo = tmp.path().join("fifo");
        if std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .is_ok_and(|s| s.success())
        {
            let e = whole(&fifo, b"x", Existing::Replace, "").unwrap_err();
            assert!(e.to_string().contains("not a regular file"), "{e}");
            assert!(
                fs::symlink_metadata(&fifo)
                    .unwrap()
                    .file_type()
                    .is_fifo_like()
            );
        }
    }

    #[test]
    fn a_file_that_appears_while_writing_is_not_replaced() {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join("record.toml");
        let mut staged = Staged::begin(&path, Existing::Replace, "--record").unwrap();
        staged.write_all(b"game").unwrap();
        fs::write(&path, b"theirs").unwrap();
        let e = staged.finish().unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(fs::read(&path).unwrap(), b"theirs");
        assert_eq!(listing(tmp.path()), ["record.toml"]);
    }

    #[test]
    fn what_a_killed_write_left_is_cleared_and_a_live_one_refuses_another() {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join("page.html");
        fs::write(tmp.path().join(".page.html.floe-partial-99999"), b"dead").unwrap();
        let live = Staged::begin(&path, Existing::Replace, "").unwrap();
        assert_eq!(listing(tmp.path()).len(), 1, "the dead one is gone");
        let e = Staged::begin(&path, Existing::Replace, "").unwrap_err();
        assert!(
            e.to_string().contains("another Floe command is writing"),
            "{e}"
        );
        drop(live);
        assert!(listing(tmp.path()).is_empty());
    }

    #[test]
    fn a_file_written_into_a_locked_results_folder_waits_for_its_writer() {
        let tmp = tempfile::tempdir().unwrap();
        let Ok(held) = lock(&tmp.path().join(LOCK), "process 1: floe simulate").unwrap() else {
            panic!("the lock is free")
        };
        let e = whole(
            &tmp.path().join("x.html"),
            b"x",
            Existing::Replace,
            "--html",
        )
        .unwrap_err();
        assert!(
            e.to_string().contains(
                "another Floe run is writing into this folder (process 1: floe simulate)"
            ),
            "{e}"
        );
        drop(held);
        whole(
            &tmp.path().join("x.html"),
            b"x",
            Existing::Replace,
            "--html",
        )
        .unwrap();
    }

    #[test]
    fn an_unfinished_write_leaves_no_folder_it_made() {
        let tmp = tempfile::tempdir().unwrap();
        let staged = Staged::begin(&tmp.path().join("a/b/c.html"), Existing::Replace, "").unwrap();
        drop(staged);
        assert!(listing(tmp.path()).is_empty());
    }

    /// A file type that is neither a file nor a folder nor a link.
    trait FifoLike {
        fn is_fifo_like(&self) -> bool;
    }

    impl FifoLike for fs::FileType {
        fn is_fifo_like(&self) -> bool {
            !self.is_file() && !self.is_dir() && !self.is_symlink()
        }
    }

    /// Two writes into a fresh folder at once, one of which ends without writing (and so
    /// removes the folders it made): the other still stages its file (it made a vanished
    /// folder again), as two `floe play` started at once do.
    #[test]
    fn a_folder_removed_by_another_write_is_made_again() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("runs/play");
        std::thread::scope(|s| {
            s.spawn(|| {
                for _ in 0..300 {
                    drop(Staged::begin(&dir.join("left.toml"), Existing::Replace, ""));
                }
            });
            for _ in 0..300 {
                let staged = Staged::begin(&dir.join("kept.toml"), Existing::Replace, "");
                assert!(staged.is_ok(), "{:?}", staged.err());
            }
        });
    }
}
