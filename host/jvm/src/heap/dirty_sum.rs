//! A running sum over the modified old objects, kept as objects change, so that whoever
//! hashes states need not hash every modified object in every state.
//!
//! Old objects are identified by reference, so a modified one can contribute a *share* that
//! depends only on its reference and content digest, and the sum of the shares stands for
//! all of them. What a share is, whoever settles the sum says (the model
//! checker's fingerprint); a share of `None` holds the object apart (the fingerprint hashes
//! those itself, in an order the sum cannot follow). The heap notes every change of an old
//! object with the digest its previous version had, and the next settling takes the old
//! shares out and puts the new ones in.

use std::rc::Rc;

use crate::value::Ref;

/// The sum of the shares of the modified old objects, with what is needed to keep it up to
/// date. Part of the heap, so saved states keep their sum.
#[derive(Debug, Clone, Default)]
pub struct DirtySum {
    /// The sum as of the last settling; `None` until computed (and after a seal, which
    /// changes what digests mean).
    sum: Option<u128>,
    /// Objects changed since the last settling, with the digest their previous version had
    /// (`None`: it had no share in the sum).
    unsettled: smallvec::SmallVec<[(Ref, Option<[u64; 2]>); 2]>,
    /// Modified old objects held apart (whose share is `None`), sorted.
    held_apart: Rc<[Ref]>,
}

impl DirtySum {
    /// Notes that old object `r` is about to change; `previous` gives the digest of its
    /// current version if that version has a share in the sum.
    #[inline]
    pub(super) fn note_change(&mut self, r: Ref, previous: impl FnOnce() -> Option<[u64; 2]>) {
        if self.sum.is_some() && !self.unsettled.iter().any(|&(u, _)| u == r) {
            self.unsettled.push((r, previous()));
        }
    }

    /// Forgets the sum (it is recomputed from every modified object when next needed).
    pub(super) fn invalidate(&mut self) {
        self.sum = None;
        self.unsettled.clear();
        self.held_apart = Rc::new([]);
    }

    /// Brings the sum up to date: `digest(r)` is the current content digest of old object
    /// `r` (`None` if it is gone), `share` an object's share given its digest (`None`: held
    /// apart), `modified` every modified old object in reference order (used only when the
    /// sum must be computed from scratch). Returns the sum.
    pub(super) fn settle(
        &mut self,
        modified: impl Iterator<Item = Ref>,
        mut digest: impl FnMut(Ref) -> Option<[u64; 2]>,
        share: impl Fn(Ref, [u64; 2]) -> Option<u128>,
    ) -> u128 {
        let sum = match self.sum {
            Some(mut sum) => {
                let mut changed = Vec::new();
                for &(r, previous) in &self.unsettled {
                    let before = previous.and_then(|d| share(r, d)).unwrap_or(0);
                    let now = digest(r).map(|d| share(r, d));
                    sum = sum
                        .wrapping_sub(before)
                        .wrapping_add(now.flatten().unwrap_or(0));
                    let apart = matches!(now, Some(None));
                    if apart != self.held_apart.binary_search(&r).is_ok() {
                        changed.push((r, apart));
                    }
                }
                self.unsettled.clear();
                if !changed.is_empty() {
                    let mut apart = self.held_apart.to_vec();
                    for (r, held) in changed {
                        match (apart.binary_search(&r), held) {
                            (Err(i), true) => apart.insert(i, r),
                            (Ok(i), false) => {
                                apart.remove(i);
                            }
                            _ => {}
                        }
                    }
                    self.held_apart = apart.into();
                }
                sum
            }
            None => {
                self.unsettled.clear();
                let mut sum = 0u128;
                let mut apart = Vec::new();
                for r in modified {
                    match digest(r).map(|d| share(r, d)) {
                        Some(Some(s)) => sum = sum.wrapping_add(s),
                        Some(None) => apart.push(r),
                        None => {}
                    }
                }
                self.held_apart = apart.into();
                sum
            }
        };
        self.sum = Some(sum);
        sum
    }

    /// The modified old objects held apart, sorted (as of the last settling).
    pub(super) fn held_apart(&self) -> &[Ref] {
        &self.held_apart
    }
}
