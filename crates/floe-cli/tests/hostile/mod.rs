//! The hostile things the matrix gives a command in place of a path (a pipe, a device, a
//! link to `/dev/zero` or to nothing, a folder, a sparse file, ...), how a case makes them,
//! and the snapshot of a folder that proves a case left every file as it was.

use std::collections::BTreeMap;
use std::ffi::OsStr;
use std::fs;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{FileTypeExt, MetadataExt};
use std::path::{Path, PathBuf};
use std::process::Command;

/// What a path argument is given in a case, made in the case's folder.
#[derive(Clone, Copy, Debug)]
pub enum Hostile {
    Fifo,
    Device,
    ZeroLink,
    Dangling,
    Folder,
    Sparse,
    OddName,
    UserFile,
}

pub const HOSTILE: [Hostile; 8] = [
    Hostile::Fifo,
    Hostile::Device,
    Hostile::ZeroLink,
    Hostile::Dangling,
    Hostile::Folder,
    Hostile::Sparse,
    Hostile::OddName,
    Hostile::UserFile,
];

/// Returns whether this process may make device nodes (as root): otherwise the device
/// case is left out, never tried on the machine's own devices.
pub fn can_mknod() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout == b"0\n")
}

/// Makes `hostile` in `dir` and returns its path.
pub fn make(hostile: Hostile, dir: &Path) -> Option<PathBuf> {
    let path = dir.join("target.toml");
    let ok = |status: std::io::Result<std::process::ExitStatus>| status.is_ok_and(|s| s.success());
    match hostile {
        Hostile::Fifo => {
            assert!(ok(Command::new("mkfifo").arg(&path).status()));
        }
        Hostile::Device => {
            if !can_mknod() {
                return None;
            }
            // A null device of the test's own, so that a failure harms no device of the
            // machine's.
            assert!(ok(Command::new("mknod")
                .arg(&path)
                .args(["c", "1", "3"])
                .status()));
        }
        Hostile::ZeroLink => std::os::unix::fs::symlink("/dev/zero", &path).unwrap(),
        Hostile::Dangling => std::os::unix::fs::symlink(dir.join("nowhere"), &path).unwrap(),
        Hostile::Folder => {
            fs::create_dir(&path).unwrap();
            fs::write(path.join("keep.txt"), "the user's\n").unwrap();
        }
        Hostile::Sparse => {
            let file = fs::File::create(&path).unwrap();
            file.set_len(2 << 30).unwrap();
        }
        Hostile::OddName => {
            let odd = dir.join(OsStr::from_bytes(b"odd\xff\x1b[31m.toml"));
            fs::write(&odd, "the user's own\n").unwrap();
            return Some(odd);
        }
        Hostile::UserFile => fs::write(&path, "the user's own\n").unwrap(),
    }
    Some(path)
}

/// What is at a path, to see it untouched: its kind, and a file's bytes (or, for a large
/// one, its size and inode), a link's target.
#[derive(Debug, PartialEq, Eq)]
pub enum Seen {
    File(Vec<u8>),
    Large(u64, u64, i64),
    Folder,
    Link(PathBuf),
    Fifo,
    Device(u64),
    Other,
}

pub fn snapshot(dir: &Path, into: &mut BTreeMap<PathBuf, Seen>) {
    for entry in fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        let meta = fs::symlink_metadata(&path).unwrap();
        let kind = meta.file_type();
        let seen = if kind.is_symlink() {
            Seen::Link(fs::read_link(&path).unwrap())
        } else if kind.is_dir() {
            snapshot(&path, into);
            Seen::Folder
        } else if kind.is_fifo() {
            Seen::Fifo
        } else if kind.is_char_device() || kind.is_block_device() {
            Seen::Device(meta.rdev())
        } else if kind.is_file() && meta.len() > 1 << 20 {
            Seen::Large(meta.len(), meta.ino(), meta.mtime())
        } else if kind.is_file() {
            Seen::File(fs::read(&path).unwrap())
        } else {
            Seen::Other
        };
        into.insert(path, seen);
    }
}

/// Copies the folder `from` into `to` (files only: a results folder).
pub fn copy_folder(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap().flatten() {
        if entry.file_type().unwrap().is_file() {
            fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
}

/// The hostile things a file inside a folder Floe reads is replaced by: all but the last
/// two of [`HOSTILE`] (a name that is not UTF-8 and a user's own file are about the path
/// given, not about a file found in a folder).
pub const INSIDE: &[Hostile] = HOSTILE.split_at(6).0;

/// Makes `hostile` at `path` (in place of a file there).
pub fn make_at(hostile: Hostile, path: &Path) -> bool {
    let dir = path.parent().unwrap();
    let made = make(hostile, dir);
    match made {
        Some(made) => {
            fs::rename(made, path).unwrap();
            true
        }
        None => false,
    }
}
