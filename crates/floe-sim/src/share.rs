//! Short bursts of work shared between the calling thread and the rayon pool, for callers
//! that come back every millisecond or so (a batch of games stepped from Python).
//!
//! A pool thread that sleeps, as they do between such calls, starts a hundred
//! microseconds or more after it is called on a 2-core virtual machine (measured: 64 busy
//! microseconds handed to the pool with `par_iter` took 150 to 250 after a pause). Handing
//! every piece to the pool and waiting, as `par_iter` does from a thread outside it, pays
//! that before the first piece is started. Here the caller works from the first piece,
//! while the threads it calls wake, and calls them only when what is left would take long
//! enough to be worth the wait. Measured from Python, 256 games of Race to the North Pole
//! stepped together took 170-230 microseconds a step this way, against 310-430 with
//! `par_iter`.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How much work must be left, at the pace of the pieces done so far, before the pool is
/// called: about twice what a sleeping thread takes to start on a 2-core virtual machine.
pub const WORTH_HELP: Duration = Duration::from_micros(200);

/// Runs `work` on every piece once, on at most `threads` threads: the calling thread takes
/// pieces in order from the first, and once the pieces left would take longer than
/// `worth_help` at its pace, up to `threads - 1` of the pool's threads join it, each taking
/// the next piece not yet taken. Returns the error of the first piece (by its place) that
/// failed, if any; the other pieces are worked all the same.
///
/// Which thread works a piece is a matter of timing, so `work` must give the same result
/// on any thread (as a game, a pure function of its seed and answers, does).
pub fn share_out<P: Send, E: Send>(
    pieces: impl Iterator<Item = P>,
    threads: usize,
    worth_help: Duration,
    work: impl Fn(P) -> Result<(), E> + Sync,
) -> Result<(), E> {
    let slots: Vec<Mutex<Option<P>>> = pieces.map(|p| Mutex::new(Some(p))).collect();
    let next = AtomicUsize::new(0);
    let failed = Mutex::new(None::<(usize, E)>);
    // Takes and works the next piece; false once none is left.
    let take_one = || {
        let at = next.fetch_add(1, Ordering::Relaxed);
        let Some(slot) = slots.get(at) else {
            return false;
        };
        let piece = slot.lock().expect("not poisoned").take();
        let piece = piece.expect("a piece is taken once: its place is counted once");
        if let Err(e) = work(piece) {
            let mut failed = failed.lock().expect("not poisoned");
            if failed.as_ref().is_none_or(|(first, _)| at < *first) {
                *failed = Some((at, e));
            }
        }
        true
    };
    rayon::in_place_scope(|scope| {
        let started = Instant::now();
        let (mut done, mut helped) = (0u32, false);
        while take_one() {
            done += 1;
            let left = slots.len().saturating_sub(next.load(Ordering::Relaxed));
            let pace = started.elapsed() / done;
            let rest = pace.saturating_mul(u32::try_from(left).unwrap_or(u32::MAX));
            if !helped && left > 0 && rest > worth_help {
                helped = true;
                for _ in 1..threads.min(rayon::current_num_threads() + 1) {
                    scope.spawn(|_| while take_one() {});
                }
            }
        }
    });
    let failed = failed.into_inner().expect("not poisoned");
    failed.map_or(Ok(()), |(_, e)| Err(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each piece is worked once, whether the pool joins (no work is too little) or not,
    /// and on one thread, the calling one, when one is asked for.
    #[test]
    fn every_piece_is_worked_once() {
        let cases = [(2, Duration::ZERO), (1, Duration::ZERO), (2, Duration::MAX)];
        for (threads, worth_help) in cases {
            let mut counts = vec![0u32; 1000];
            let pool_threads = Mutex::new(0usize);
            share_out(counts.chunks_mut(7), threads, worth_help, |piece| {
                if rayon::current_thread_index().is_some() {
                    *pool_threads.lock().unwrap() += 1;
                }
                std::thread::sleep(Duration::from_micros(20));
                piece.iter_mut().for_each(|c| *c += 1);
                Ok::<(), ()>(())
            })
            .unwrap();
            assert!(counts.iter().all(|&c| c == 1), "{threads} {worth_help:?}");
            if threads == 1 || worth_help == Duration::MAX {
                assert_eq!(*pool_threads.lock().unwrap(), 0, "{threads} {worth_help:?}");
            }
        }
    }

    /// Once help is worth asking for, a pool thread takes pieces: the calling thread's
    /// second piece waits until one has (for ten seconds at most).
    #[test]
    fn the_pool_joins_when_asked() {
        let by_pool = AtomicUsize::new(0);
        share_out(0..100, 2, Duration::ZERO, |i| {
            if rayon::current_thread_index().is_some() {
                by_pool.fetch_add(1, Ordering::Relaxed);
            } else if i == 1 {
                let asked = Instant::now();
                while by_pool.load(Ordering::Relaxed) == 0 && asked.elapsed().as_secs() < 10 {
                    std::thread::sleep(Duration::from_millis(1));
                }
            }
            Ok::<(), ()>(())
        })
        .unwrap();
        assert!(by_pool.load(Ordering::Relaxed) > 0);
    }

    /// The error returned is that of the first piece that failed, whoever worked it; the
    /// pieces after it are worked all the same.
    #[test]
    fn the_first_failure_by_place_is_returned() {
        for worth_help in [Duration::ZERO, Duration::MAX] {
            let mut worked = [false; 64];
            let result = share_out(worked.iter_mut().enumerate(), 2, worth_help, |(i, w)| {
                *w = true;
                if i % 10 == 7 { Err(i) } else { Ok(()) }
            });
            assert_eq!(result, Err(7), "{worth_help:?}");
            assert!(worked.iter().all(|&w| w));
        }
    }
}
