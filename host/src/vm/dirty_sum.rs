//! The modified old objects' part of the fingerprint, kept as a sum.
//!
//! Old objects are identified by reference, so each modified one contributes a *share* that
//! depends only on its reference and content digest, and the fingerprint can take the sum of
//! the shares instead of hashing every modified object in every state. The heap keeps the
//! sum up to date: a write notes the share the object's previous version had, and the next
//! fingerprint *settles* the noted objects (takes the old shares out, puts the new ones in).
//! An object whose version refers to young objects has no share: the fingerprint hashes it
//! in canonical order, because the numbers of the young objects depend on that order.

use std::rc::Rc;

use super::fingerprint::Hasher;
use super::value::Ref;

/// Digest bit saying that an object refers to young objects (see the fingerprint module).
pub(super) const YOUNG_BIT: u64 = 1;

/// The share of old object `r` whose content digest is `digest` (0 for an object that refers
/// to young objects: it is hashed in canonical order instead).
pub(super) fn share(r: Ref, digest: [u64; 2]) -> u128 {
    if digest[0] & YOUNG_BIT != 0 {
        return 0;
    }
    let mut h = Hasher::new();
    h.word(0x5EA1 ^ u64::from(r.0) << 8);
    h.word(digest[0]);
    h.word(digest[1]);
    h.finish()
}

/// The sum of the shares of the modified old objects, with what is needed to keep it up to
/// date. Part of the heap, so saved states keep their sum.
#[derive(Debug, Clone, Default)]
pub struct DirtySum {
    /// The sum as of the last settling; `None` until computed (and after a seal, which
    /// changes what digests mean).
    sum: Option<u128>,
    /// Objects changed since the last settling, with the share their previous version had
    /// in `sum`.
    unsettled: smallvec::SmallVec<[(Ref, u128); 2]>,
    /// Modified old objects that refer to young objects, sorted.
    young_holders: Rc<[Ref]>,
}

impl DirtySum {
    /// Notes that old object `r` is about to change; `previous` is the share of its current
    /// version (0 if it was not modified before, or has none).
    #[inline]
    pub(super) fn note_change(&mut self, r: Ref, previous: impl FnOnce() -> u128) {
        if self.sum.is_some() && !self.unsettled.iter().any(|&(u, _)| u == r) {
            self.unsettled.push((r, previous()));
        }
    }

    /// Forgets the sum (it is recomputed from every modified object when next needed).
    pub(super) fn invalidate(&mut self) {
        self.sum = None;
        self.unsettled.clear();
        self.young_holders = Rc::new([]);
    }

    /// Brings the sum up to date: `digest(r)` is the current content digest of old object
    /// `r` (`None` if it is gone), `modified` every modified old object in reference order
    /// (used only when the sum must be computed from scratch). Returns the sum.
    pub(super) fn settle(
        &mut self,
        modified: impl Iterator<Item = Ref>,
        mut digest: impl FnMut(Ref) -> Option<[u64; 2]>,
    ) -> u128 {
        let holds_young = |d: Option<[u64; 2]>| d.is_some_and(|d| d[0] & YOUNG_BIT != 0);
        let sum = match self.sum {
            Some(mut sum) => {
                let mut changed_holders = Vec::new();
                for &(r, previous) in &self.unsettled {
                    let d = digest(r);
                    let now = d.map_or(0, |d| share(r, d));
                    sum = sum.wrapping_sub(previous).wrapping_add(now);
                    if holds_young(d) != self.young_holders.binary_search(&r).is_ok() {
                        changed_holders.push((r, holds_young(d)));
                    }
                }
                self.unsettled.clear();
                if !changed_holders.is_empty() {
                    let mut holders = self.young_holders.to_vec();
                    for (r, holds) in changed_holders {
                        match (holders.binary_search(&r), holds) {
                            (Err(i), true) => holders.insert(i, r),
                            (Ok(i), false) => {
                                holders.remove(i);
                            }
                            _ => {}
                        }
                    }
                    self.young_holders = holders.into();
                }
                sum
            }
            None => {
                self.unsettled.clear();
                let mut sum = 0u128;
                let mut holders = Vec::new();
                for r in modified {
                    let d = digest(r);
                    sum = sum.wrapping_add(d.map_or(0, |d| share(r, d)));
                    if holds_young(d) {
                        holders.push(r);
                    }
                }
                self.young_holders = holders.into();
                sum
            }
        };
        self.sum = Some(sum);
        sum
    }

    /// The modified old objects that refer to young objects, sorted (as of the last
    /// settling).
    pub(super) fn young_holders(&self) -> &[Ref] {
        &self.young_holders
    }
}
