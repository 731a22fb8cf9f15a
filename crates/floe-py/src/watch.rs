//! Long work done with the GIL released while the calling thread watches for Ctrl-C.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::Duration;

use pyo3::prelude::*;

/// How often the watching thread looks for Ctrl-C.
const SIGNAL_CHECK: Duration = Duration::from_millis(50);

/// Runs `work` on a worker thread with the GIL released, and returns its result as soon as
/// it is done. Python runs signal handlers only on its main thread and only between
/// bytecodes, so the calling thread wakes every [`SIGNAL_CHECK`] to run them (and `tick`,
/// for progress). On Ctrl-C, or an error from `tick`, it sets `stop`, which `work` must
/// watch, waits for `work` to return, and raises that error instead of the result.
pub fn watched<T: Send>(
    py: Python<'_>,
    stop: &AtomicBool,
    mut tick: impl FnMut(Python<'_>) -> PyResult<()> + Send,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    let mut interrupted = None;
    let done = py.detach(|| {
        std::thread::scope(|scope| {
            let (send, receive) = channel();
            let worker = scope.spawn(move || {
                // The waiting end is gone only once the run is over.
                let _ = send.send(work());
            });
            loop {
                match receive.recv_timeout(SIGNAL_CHECK) {
                    Ok(done) => return done,
                    Err(RecvTimeoutError::Disconnected) => {
                        // The worker panicked: pass its panic on.
                        let panic = worker.join().expect_err("the worker sent nothing");
                        std::panic::resume_unwind(panic);
                    }
                    Err(RecvTimeoutError::Timeout) => {}
                }
                if interrupted.is_none()
                    && let Err(e) = Python::attach(|py| {
                        py.check_signals()?;
                        tick(py)
                    })
                {
                    interrupted = Some(e);
                    stop.store(true, Ordering::Relaxed);
                }
            }
        })
    });
    match interrupted {
        Some(e) => Err(e),
        None => Ok(done),
    }
}
