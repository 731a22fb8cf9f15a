//! Stopping a run cleanly: Ctrl-C, SIGTERM (a cluster's scheduler, `kill`) and SIGHUP (a
//! closed terminal) all ask the run to stop. A run stops between games (its searches end at once) and leaves the
//! earlier result as it was; one that is already moving its files into place finishes
//! that first, so its folder never holds half of each. A second signal ends the process at
//! once (the folder's list of files then says if a move was cut short).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, LazyLock};

/// Set by the first signal; shared with the searches, which end at once when it is set.
static STOP: LazyLock<Arc<AtomicBool>> = LazyLock::new(Arc::default);

/// The exit status of a run stopped by a signal (128 + SIGINT's number, as shells report
/// a run ended by Ctrl-C).
pub const STOPPED_STATUS: u8 = 130;

/// Starts listening for the signals (once per process; `floe play` at the terminal, which
/// reads a person's answers, keeps the terminal's usual Ctrl-C instead, while `floe play
/// --web` stops its server on it) and returns the flag the runs watch.
pub fn listen() -> &'static Arc<AtomicBool> {
    // An error means a handler is already installed: the flag is the same either way.
    let _ = ctrlc::set_handler(|| {
        if STOP.swap(true, Ordering::SeqCst) {
            std::process::exit(i32::from(STOPPED_STATUS));
        }
    });
    &STOP
}

/// Returns whether a signal asked the run to stop.
pub fn requested() -> bool {
    STOP.load(Ordering::SeqCst)
}
