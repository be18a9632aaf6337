//! A worker's cache of recently matched state hashes, in front of the shared visited set.
//!
//! Depth-first search meets most states it has seen before soon after seeing them (two
//! orders of independent steps lead to the same state a few transitions apart), while the
//! shared visited set is large, lives in main memory and is locked per shard. The cache
//! answers most revisits from a small table that stays in the core's cache. It holds only
//! hashes that are in the visited set, so a hit is always a revisit; a miss asks the set.

/// Bits of the hash that pick a cache slot (16K slots, 256 KiB).
const SLOT_BITS: u32 = 14;

/// A direct-mapped table of state hashes (0: empty slot).
#[derive(Debug)]
pub(super) struct RecentStates {
    slots: Box<[u128]>,
}

impl RecentStates {
    pub(super) fn new() -> Self {
        RecentStates {
            slots: vec![0; 1 << SLOT_BITS].into_boxed_slice(),
        }
    }

    #[inline]
    fn slot(h: u128) -> usize {
        (h as u64 >> (64 - SLOT_BITS)) as usize
    }

    /// Whether `h` is known visited.
    #[inline]
    pub(super) fn contains(&self, h: u128) -> bool {
        h != 0 && self.slots[Self::slot(h)] == h
    }

    /// Remembers `h`, which is in the visited set (evicting the hash in its slot).
    #[inline]
    pub(super) fn remember(&mut self, h: u128) {
        self.slots[Self::slot(h)] = h;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembers_hashes_until_a_hash_for_the_same_slot_replaces_them() {
        let mut recent = RecentStates::new();
        let a = 0x1234_5678_9abc_def0_0fed_cba9_8765_4321u128;
        assert!(!recent.contains(a));
        recent.remember(a);
        assert!(recent.contains(a));
        // Same slot (same top bits of the low word), different hash: evicts `a`.
        let b = a ^ 1;
        assert!(!recent.contains(b));
        recent.remember(b);
        assert!(recent.contains(b));
        assert!(!recent.contains(a));
        // A hash for another slot leaves `b` alone.
        let c = a ^ (1u128 << 63);
        recent.remember(c);
        assert!(recent.contains(b) && recent.contains(c));
    }

    #[test]
    fn the_empty_marker_is_never_reported_visited() {
        let recent = RecentStates::new();
        assert!(!recent.contains(0));
    }
}
