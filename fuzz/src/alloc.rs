//! A counting allocator: each thread's live bytes and their peak, so that the
//! fuzzer can flag an input that needs too much memory. Past a hard limit for
//! one input the allocation is refused after the input is saved, and the
//! process aborts (the machine is not driven into swap by one bad input).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::io::Write;

pub struct Counting;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
    /// Live bytes past which this thread's allocations are refused (0: no limit).
    static LIMIT: Cell<isize> = const { Cell::new(0) };
    /// How many bytes one input may add to the live bytes (0: no limit).
    static HARD: Cell<isize> = const { Cell::new(0) };
    /// The input being run (pointer, length) and where to save it on abort.
    static CURRENT: Cell<(*const u8, usize)> = const { Cell::new((std::ptr::null(), 0)) };
    static DUMP: Cell<Option<&'static std::fs::File>> = const { Cell::new(None) };
}

#[inline]
fn note(delta: isize) -> bool {
    LIVE.with(|live| {
        let now = live.get() + delta;
        live.set(now);
        PEAK.with(|p| {
            if now > p.get() {
                p.set(now);
            }
        });
        let limit = LIMIT.with(Cell::get);
        limit == 0 || now <= limit
    })
}

#[cold]
fn over_limit(size: usize) -> ! {
    let (ptr, len) = CURRENT.with(Cell::get);
    if let Some(mut f) = DUMP.with(Cell::get) {
        if !ptr.is_null() {
            // SAFETY: `run_with` keeps the input alive while it is current.
            let bytes = unsafe { std::slice::from_raw_parts(ptr, len) };
            let _ = f.write_all(bytes);
            let _ = f.sync_all();
        }
    }
    let _ = std::io::stderr().write_all(b"carcassonne-fuzz: an input needed more memory than the hard limit; it is saved in the artifacts folder (oom-*.bin); aborting\n");
    let _ = size;
    std::process::abort();
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if !note(layout.size() as isize) {
            over_limit(layout.size());
        }
        System.alloc(layout)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if !note(layout.size() as isize) {
            over_limit(layout.size());
        }
        System.alloc_zeroed(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        note(-(layout.size() as isize));
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if !note(new_size as isize - layout.size() as isize) {
            over_limit(new_size);
        }
        System.realloc(ptr, layout, new_size)
    }
}

/// This thread's live bytes (allocated here, not yet freed anywhere).
pub fn live() -> isize {
    LIVE.with(Cell::get)
}

/// Start measuring a peak from now; returns the live bytes now.
pub fn reset_peak() -> isize {
    let now = live();
    PEAK.with(|p| p.set(now));
    now
}

pub fn peak() -> isize {
    PEAK.with(Cell::get)
}

/// While `run_with` runs an input on this thread, refuse allocations that
/// would take the live bytes more than `limit` above where they were when it
/// started, saving the input to `dump` first (the file is leaked: it lives as
/// long as the thread may run inputs).
pub fn arm(limit: usize, dump: std::fs::File) {
    HARD.with(|h| h.set(limit as isize));
    DUMP.with(|d| d.set(Some(Box::leak(Box::new(dump)))));
}

/// Run `f` with `input` noted as the current input (saved if the hard limit
/// of `arm` is hit).
pub fn run_with<T>(input: &[u8], f: impl FnOnce() -> T) -> T {
    CURRENT.with(|c| c.set((input.as_ptr(), input.len())));
    let hard = HARD.with(Cell::get);
    if hard > 0 {
        LIMIT.with(|l| l.set(live().max(0) + hard));
    }
    let out = f();
    LIMIT.with(|l| l.set(0));
    CURRENT.with(|c| c.set((std::ptr::null(), 0)));
    out
}
