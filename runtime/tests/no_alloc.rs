//! The move loop allocates nothing: a counting allocator watches 500 base
//! games of the benchmark policy after each game is set up (its buffers are
//! sized from the ruleset once, in `Game::new`).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use carcassonne_runtime::bench::{random_move, Buffers};
use carcassonne_runtime::engine::Game;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

struct Counting;

static COUNTING: AtomicBool = AtomicBool::new(false);
static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn the_move_loop_does_not_allocate() {
    let rules = carcassonne_runtime::ruleset("base").unwrap();
    let mut buf = Buffers::new();
    let mut moves = 0u64;
    for seed in 0..500 {
        let mut g = Game::new(rules, 2, seed).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        COUNTING.store(true, Ordering::Relaxed);
        while !g.is_over() {
            let mv = random_move(&g, &mut rng, &mut buf).unwrap();
            buf.events.clear();
            g.apply_into(mv, &mut buf.events).unwrap();
            moves += 1;
        }
        COUNTING.store(false, Ordering::Relaxed);
    }
    let n = ALLOCATIONS.load(Ordering::Relaxed);
    assert!(moves > 30_000);
    assert_eq!(n, 0, "{n} allocations in {moves} moves");
}
