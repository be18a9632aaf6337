//! The process's memory allocator: mimalloc for everything but large blocks, which go to the
//! system allocator.
//!
//! mimalloc serves the many small allocations of objects, frames and saved states faster
//! than the system allocator. Large blocks (Java arrays of megabytes, the visited set's
//! tables) stay with the system allocator, which maps them from the OS with pages that cost
//! nothing until touched and unmaps them when freed: mimalloc keeps freed memory for a while
//! and zeroes reused memory eagerly, so resident memory would run ahead of what the program
//! holds, and `search.memory_limit` would stop searches late.

use std::alloc::{GlobalAlloc, Layout, System};

/// Blocks of this many bytes or more go to the system allocator.
const LARGE: usize = 1 << 20;

/// The alignment every mimalloc block of at least this size has (`MI_MAX_ALIGN_SIZE`;
/// smaller blocks are aligned to their size rounded to a word).
const MI_ALIGN: usize = 16;

/// mimalloc below [`LARGE`], the system allocator from there on. A block's size decides
/// which one serves it, and `dealloc` gets the size `alloc` got, so each block returns to
/// the allocator it came from.
pub struct Allocator;

fn is_large(layout: Layout) -> bool {
    layout.size() >= LARGE
}

/// Whether a block of `size` bytes from mimalloc's plain `mi_malloc` has `align`ment (the
/// test the system allocator makes for `malloc`): the common case, served without the
/// aligned entry points' extra checks and slow path (about 2% of a model-checking run's
/// instructions, measured with callgrind on `tests/java/bench/CheckBank`).
fn naturally_aligned(align: usize, size: usize) -> bool {
    align <= MI_ALIGN && align <= size
}

// SAFETY: every call is forwarded to the allocator that serves blocks of the layout's size
// (the one that allocated the block, for `dealloc` and `realloc`), and a `realloc` that
// crosses the threshold moves the block with the trait's default copy.
unsafe impl GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        match is_large(layout) {
            true => unsafe { System.alloc(layout) },
            false if naturally_aligned(layout.align(), layout.size()) => unsafe {
                libmimalloc_sys::mi_malloc(layout.size()).cast()
            },
            false => unsafe { mimalloc::MiMalloc.alloc(layout) },
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        match is_large(layout) {
            true => unsafe { System.alloc_zeroed(layout) },
            false if naturally_aligned(layout.align(), layout.size()) => unsafe {
                libmimalloc_sys::mi_zalloc(layout.size()).cast()
            },
            false => unsafe { mimalloc::MiMalloc.alloc_zeroed(layout) },
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        match is_large(layout) {
            true => unsafe { System.dealloc(ptr, layout) },
            false => unsafe { mimalloc::MiMalloc.dealloc(ptr, layout) },
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let large = is_large(layout);
        if new_size >= LARGE && large {
            return unsafe { System.realloc(ptr, layout, new_size) };
        }
        if new_size < LARGE && !large {
            if naturally_aligned(layout.align(), new_size) {
                return unsafe { libmimalloc_sys::mi_realloc(ptr.cast(), new_size).cast() };
            }
            return unsafe { mimalloc::MiMalloc.realloc(ptr, layout, new_size) };
        }
        // SAFETY: the caller's guarantees, which the move needs.
        let new = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        let moved = unsafe { self.alloc(new) };
        if !moved.is_null() {
            unsafe {
                std::ptr::copy_nonoverlapping(ptr, moved, layout.size().min(new_size));
                self.dealloc(ptr, layout);
            }
        }
        moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_have_the_alignment_asked_for() {
        let a = Allocator;
        for size in [1, 8, 12, 16, 24, 40, 48, 100, 1000, 5000] {
            for align in [1, 2, 4, 8, 16, 32, 64, 4096] {
                let layout = Layout::from_size_align(size, align).expect("valid layout");
                unsafe {
                    let blocks: Vec<_> = (0..64).map(|_| a.alloc(layout)).collect();
                    for &p in &blocks {
                        assert!(
                            !p.is_null() && (p as usize).is_multiple_of(align),
                            "{size}/{align}"
                        );
                    }
                    let grown = a.realloc(blocks[0], layout, size * 3);
                    assert!(
                        (grown as usize).is_multiple_of(align),
                        "{size}/{align} grown"
                    );
                    let bigger = Layout::from_size_align(size * 3, align).expect("valid");
                    a.dealloc(grown, bigger);
                    blocks[1..].iter().for_each(|&p| a.dealloc(p, layout));
                }
            }
        }
    }

    #[test]
    fn blocks_keep_their_contents_across_the_threshold() {
        let a = Allocator;
        for (from, to) in [
            (64, LARGE + 8),
            (LARGE + 8, 64),
            (64, 4096),
            (LARGE, 2 * LARGE),
        ] {
            let layout = Layout::from_size_align(from, 8).expect("valid layout");
            unsafe {
                let p = a.alloc_zeroed(layout);
                assert!(!p.is_null());
                assert!((0..from).all(|i| *p.add(i) == 0));
                (0..from).for_each(|i| *p.add(i) = i as u8);
                let q = a.realloc(p, layout, to);
                assert!(!q.is_null());
                assert!(
                    (0..from.min(to)).all(|i| *q.add(i) == i as u8),
                    "{from} -> {to}"
                );
                a.dealloc(q, Layout::from_size_align(to, 8).expect("valid layout"));
            }
        }
    }
}
