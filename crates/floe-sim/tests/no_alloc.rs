//! Playing a game allocates nothing: a counting global allocator watches whole games.
#![allow(unsafe_code)] // a GlobalAlloc impl is unsafe by definition

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use arctic_race::ArcticRace;
use floe_bots::BotSpec;
use floe_core::game_seed;
use floe_sim::{Table, play};

/// Forwards to the system allocator and counts every allocation of the calling thread
/// (per thread, so tests running in parallel do not count each other's).
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count() {
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
}

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn random_games_allocate_nothing() {
    let game = ArcticRace::classic();
    for players in 2..=6 {
        // Setup: bots and buffers are built once per worker, before any game.
        let bots = (0..players)
            .map(|_| BotSpec::parse("random").unwrap().build())
            .collect();
        let mut table = Table::new(bots);
        let before = allocations();
        let mut rounds = 0;
        for index in 0..300 {
            let record = play(
                &game,
                &mut table,
                index,
                game_seed(3, index),
                true,
                &mut |_| {},
            );
            rounds += record.outcome.rounds;
        }
        let allocated = allocations() - before;
        assert!(rounds > 300, "games were played");
        assert_eq!(
            allocated, 0,
            "{players}-player games allocated {allocated} times"
        );
    }
}

#[test]
fn the_counter_sees_allocations() {
    let before = allocations();
    let v: Vec<u64> = std::hint::black_box((0..100).collect());
    assert!(allocations() > before);
    drop(v);
}

#[test]
fn greedy_and_mcts_games_allocate_nothing_once_their_buffers_have_grown() {
    let game = ArcticRace::classic();
    let bots = [
        "greedy",
        "mcts:iters=40",
        "greedy:depth=2",
        "mcts:iters=25,rollout=greedy",
    ]
    .map(|s| BotSpec::parse(s).unwrap().build())
    .into();
    let mut table = Table::new(bots);
    // Warm-up: greedy grows its lookahead buffers, and MCTS its node arena, at the first
    // decision.
    play(&game, &mut table, 0, game_seed(4, 0), false, &mut |_| {});
    let before = allocations();
    for index in 1..8 {
        play(
            &game,
            &mut table,
            index,
            game_seed(4, index),
            false,
            &mut |_| {},
        );
    }
    assert_eq!(allocations() - before, 0, "a bot allocated during play");
}
