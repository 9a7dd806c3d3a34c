//! A counting global allocator for the tests that check allocation promises (the library's
//! `tests/alloc.rs`) and bounded memory (its `tests/adversarial.rs`, the command's memory
//! tests). Each test binary installs it with its own `#[global_allocator]` static.
//!
//! The counts are per thread, so tests running in parallel do not disturb each other.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// Forwards every call to the system allocator, counting the bytes live, their peak, and the
/// allocations (reallocations included).
pub struct Counting;

thread_local! {
    /// Bytes allocated and not yet freed on this thread.
    pub static LIVE: Cell<isize> = const { Cell::new(0) };
    /// The highest value of `LIVE` since it was last set.
    pub static PEAK: Cell<isize> = const { Cell::new(0) };
    /// Allocations and reallocations on this thread.
    pub static ALLOCS: Cell<usize> = const { Cell::new(0) };
}

// `try_with`: the slots may be gone while a thread shuts down.
fn count_one() {
    let _ = ALLOCS.try_with(|a| a.set(a.get() + 1));
}

fn grow(by: isize) {
    let _ = LIVE.try_with(|l| {
        let now = l.get() + by;
        l.set(now);
        let _ = PEAK.try_with(|p| p.set(p.get().max(now)));
    });
}

// SAFETY: every call is forwarded unchanged to the system allocator; counting touches only
// thread-local `Cell`s without destructor, which allocate nothing.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        grow(layout.size() as isize);
        // SAFETY: same contract as ours, forwarded.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        grow(-(layout.size() as isize));
        // SAFETY: `ptr` came from `System` through `alloc` or `realloc` above.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count_one();
        grow(layout.size() as isize);
        // SAFETY: same contract as ours, forwarded.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        grow(new_size as isize - layout.size() as isize);
        // SAFETY: same contract as ours, forwarded.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}
