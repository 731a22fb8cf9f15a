//! Stopping cleanly: Ctrl-C, SIGTERM (a cluster's scheduler, `kill`) and SIGHUP (a closed
//! terminal) all ask the command to stop. The first signal sets a flag that every read and
//! write of this crate checks (and the searches and game loops watch), so a command stops
//! at its next step and leaves what it was writing unwritten; a second signal ends the
//! process at once.
//!
//! A file-size limit (`ulimit -f`) would kill the process with SIGXFSZ and no word of
//! Floe's; with [`listen`] the signal is caught instead, so the write fails with "File too
//! large" and [`crate::write`] names the file.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, LazyLock, Once};

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM, SIGXFSZ};

/// Set by the first signal; shared with the searches, which end at once when it is set.
static STOP: LazyLock<Arc<AtomicBool>> = LazyLock::new(Arc::default);

/// Set by SIGXFSZ; only caught, so that the write that passed the limit fails instead.
static FILE_LIMIT: LazyLock<Arc<AtomicBool>> = LazyLock::new(Arc::default);

/// The exit status of a command stopped by a signal (128 + SIGINT's number, as shells
/// report a command ended by Ctrl-C).
pub const STOPPED_STATUS: u8 = 130;

/// What a read or write says when a signal stopped it.
pub const STOPPED: &str = "stopped by a signal";

/// Starts listening for the stopping signals (once per process) and returns the flag the
/// runs watch. `floe play` at the terminal, which reads a person's answers, does not call
/// it and keeps the terminal's usual Ctrl-C; it calls [`catch_file_limit`] alone.
pub fn listen() -> &'static Arc<AtomicBool> {
    static LISTEN: Once = Once::new();
    LISTEN.call_once(|| {
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            // The shutdown is registered first, so that it sees the flag as the earlier
            // signals left it: set means this is the second signal.
            let registered = signal_hook::flag::register_conditional_shutdown(
                signal,
                i32::from(STOPPED_STATUS),
                Arc::clone(&STOP),
            )
            .and_then(|_| signal_hook::flag::register(signal, Arc::clone(&STOP)));
            // Only a forbidden signal fails, and these are not.
            debug_assert!(registered.is_ok(), "{signal}");
        }
        catch_file_limit();
    });
    &STOP
}

/// Catches SIGXFSZ, so that a write past the process's file-size limit fails with an error
/// (which names the file) instead of killing the process without a word.
pub fn catch_file_limit() {
    static CATCH: Once = Once::new();
    CATCH.call_once(|| {
        let caught = signal_hook::flag::register(SIGXFSZ, Arc::clone(&FILE_LIMIT));
        debug_assert!(caught.is_ok());
    });
}

/// Returns the flag a signal sets, for searches to watch, without listening for signals
/// (a library's caller may never listen; the flag then stays unset).
pub fn flag() -> &'static Arc<AtomicBool> {
    &STOP
}

/// Returns whether a signal asked the command to stop.
pub fn requested() -> bool {
    STOP.load(Ordering::SeqCst)
}

/// The error of a read or write that a signal stopped.
#[derive(Debug)]
struct Stopped;

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(STOPPED)
    }
}

impl std::error::Error for Stopped {}

/// Fails with [`STOPPED`] when a signal asked the command to stop. Not
/// [`io::ErrorKind::Interrupted`], which the standard library's loops retry.
///
/// # Errors
/// When a signal asked the command to stop.
pub fn check() -> io::Result<()> {
    if requested() {
        Err(io::Error::other(Stopped))
    } else {
        Ok(())
    }
}

/// Returns whether `error` is [`check`]'s: the command was stopped, nothing went wrong.
pub fn is_stopped(error: &io::Error) -> bool {
    error.get_ref().is_some_and(|e| e.is::<Stopped>())
}
