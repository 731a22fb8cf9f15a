//! A counting global allocator, for the no-allocation check.
//!
//! A check can only count allocations if the test binary's global allocator counts them,
//! and only the binary can choose it: a game's conformance test installs this one with
//! [`install_counting_allocator!`](crate::install_counting_allocator). Counts are per
//! thread, so tests running side by side do not count each other's allocations.
#![allow(unsafe_code)] // a GlobalAlloc impl is unsafe by definition

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// Forwards to the system allocator and counts the calling thread's allocations and
/// reallocations.
pub struct CountingAllocator;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

/// Returns how many times the calling thread has allocated since it started (0 for ever
/// unless the [`CountingAllocator`] is installed).
pub fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

fn count() {
    // `try_with`: the allocator may be called while the thread's locals are torn down.
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
}

// SAFETY: every call forwards to `System` with the caller's arguments unchanged.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Installs the [`CountingAllocator`] as the global allocator of the test binary it is
/// written in: `floe_conformance::install_counting_allocator!();` once, at the top level
/// of a test binary (its `tests/suite/main.rs`, see the crate's example).
#[macro_export]
macro_rules! install_counting_allocator {
    () => {
        #[global_allocator]
        static FLOE_CONFORMANCE_ALLOCATOR: $crate::CountingAllocator = $crate::CountingAllocator;
    };
}

/// Plays games at a table of the bots `specs` (one seat each), following how each game
/// unfolds ([`floe_sim::arc`]), and panics if the bots or the record allocate once their
/// buffers have grown: the first `warm_up` games let greedy grow its lookahead levels and
/// MCTS its node arena; the next `measured` games must allocate nothing. Needs the
/// [`CountingAllocator`] installed.
///
/// # Panics
/// Panics if a spec does not parse, or if the measured games allocate.
pub fn check_bots_allocate_nothing<G: floe_core::Game>(
    game: &G,
    specs: &[&str],
    warm_up: u64,
    measured: u64,
) {
    let bots = specs
        .iter()
        .map(|s| {
            floe_bots::BotSpec::parse(s)
                .expect("a valid bot spec")
                .build()
        })
        .collect();
    let mut table = floe_sim::Seats::new(bots).following_arcs();
    let mut games = |indices: std::ops::Range<u64>| {
        for index in indices {
            let seed = floe_core::game_seed(4, index);
            floe_sim::play(
                game,
                &mut table,
                index,
                seed,
                &floe_sim::Dealing::default(),
                &mut |_| {},
            );
        }
    };
    games(0..warm_up);
    let before = allocations();
    games(warm_up..warm_up + measured);
    assert_eq!(
        allocations() - before,
        0,
        "a bot, or the record of the game's course, allocated during play"
    );
    assert!(table.arc().is_some(), "the games' courses were followed");
}

/// Writes a game's test that its thinking bots allocate nothing once their buffers have
/// grown (its `tests/suite/bots_no_alloc.rs`):
/// `greedy_and_mcts_games_allocate_nothing_once_their_buffers_have_grown` runs
/// [`check_bots_allocate_nothing`] on `game` with the bot specs `bots`, `warm_up` games
/// and `measured` games. Every game's test reads the same; only what differs is written.
/// The test binary installs the [`CountingAllocator`] once
/// ([`install_counting_allocator!`](crate::install_counting_allocator)), for this test and
/// the conformance kit's.
///
/// # Examples
/// ```
/// floe_conformance::install_counting_allocator!();
///
/// floe_conformance::bots_allocate_nothing_test! {
///     game: goofspiel::Goofspiel::standard(),
///     bots: ["greedy", "mcts:iters=20"],
///     warm_up: 1,
///     measured: 2,
/// }
/// # fn main() {}
/// ```
#[macro_export]
macro_rules! bots_allocate_nothing_test {
    (game: $game:expr, bots: $bots:expr, warm_up: $warm_up:expr, measured: $measured:expr $(,)?) => {
        #[test]
        fn greedy_and_mcts_games_allocate_nothing_once_their_buffers_have_grown() {
            $crate::check_bots_allocate_nothing(&$game, &$bots, $warm_up, $measured);
        }
    };
}
