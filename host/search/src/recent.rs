//! A worker's cache of recently matched state hashes, in front of the shared visited set.
//!
//! Depth-first search meets most states it has seen before soon after seeing them (two
//! orders of independent steps lead to the same state a few transitions apart), while the
//! shared visited set is large, lives in main memory and is locked per shard. The cache
//! answers most revisits from a small table that stays in the core's cache. It holds only
//! hashes that are in the visited set, so a hit is always a revisit; a miss asks the set.

use crate::parallel::StateKey;

/// Bits of the hash that pick a cache slot (16K slots, 384 KiB).
const SLOT_BITS: u32 = 14;

/// A direct-mapped table of state hashes (0: empty slot), with the sleep sets they had in
/// the visited set when cached (sleep sets only ever shrink there, so the cached one holds
/// the current one).
#[derive(Debug)]
pub(crate) struct RecentStates {
    slots: Box<[Slot]>,
}

/// A cached hash and its sleep set (24 bytes).
#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    hash: StateKey,
    asleep: u32,
}

impl RecentStates {
    pub(crate) fn new() -> Self {
        RecentStates {
            slots: vec![Slot::default(); 1 << SLOT_BITS].into_boxed_slice(),
        }
    }

    #[inline]
    fn slot(h: u128) -> usize {
        (h as u64 >> (64 - SLOT_BITS)) as usize
    }

    /// Whether `h` is known visited with nothing asleep that `asleep` leaves awake (so a
    /// visit with sleep set `asleep` has nothing to do).
    #[inline]
    pub(crate) fn covers(&self, h: u128, asleep: u32) -> bool {
        let slot = &self.slots[Self::slot(h)];
        h != 0 && slot.hash == StateKey::from(h) && slot.asleep & !asleep == 0
    }

    /// Remembers `h`, which is in the visited set with sleep set `asleep` (evicting the
    /// hash in its slot).
    #[inline]
    pub(crate) fn remember(&mut self, h: u128, asleep: u32) {
        self.slots[Self::slot(h)] = Slot {
            hash: StateKey::from(h),
            asleep,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembers_hashes_until_a_hash_for_the_same_slot_replaces_them() {
        let mut recent = RecentStates::new();
        let a = 0x1234_5678_9abc_def0_0fed_cba9_8765_4321u128;
        assert!(!recent.covers(a, 0));
        recent.remember(a, 0);
        assert!(recent.covers(a, 0));
        // Same slot (same top bits of the low word), different hash: evicts `a`.
        let b = a ^ 1;
        assert!(!recent.covers(b, 0));
        recent.remember(b, 0);
        assert!(recent.covers(b, 0));
        assert!(!recent.covers(a, 0));
        // A hash for another slot leaves `b` alone.
        let c = a ^ (1u128 << 63);
        recent.remember(c, 0);
        assert!(recent.covers(b, 0) && recent.covers(c, 0));
    }

    #[test]
    fn a_visit_is_covered_only_if_it_wakes_nothing_asleep() {
        let mut recent = RecentStates::new();
        let a = 0x1234_5678_9abc_def0_0fed_cba9_8765_4321u128;
        recent.remember(a, 0b0110);
        assert!(recent.covers(a, 0b0110) && recent.covers(a, 0b1110));
        assert!(
            !recent.covers(a, 0b0100),
            "thread 1 was asleep, is awake now"
        );
        assert!(!recent.covers(a, 0));
    }

    #[test]
    fn the_empty_marker_is_never_reported_visited() {
        let recent = RecentStates::new();
        assert!(!recent.covers(0, 0));
    }
}
