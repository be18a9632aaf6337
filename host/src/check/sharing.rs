//! Which objects more than one thread can reach: partial order reduction's question.
//!
//! The fingerprint computes it for every state it hashes (see the `reachability` module); a state
//! keeps the answer, saved and restored with it, for the scheduling decisions of the
//! transitions that leave it. Within a transition it is kept exact as references are
//! published: an object stored into a shared one becomes shared at once, with everything it
//! reaches.

use rpf_jvm::pvec::PVec;
use rpf_jvm::value::Ref;

/// Per bitmap word of references: which objects are shared, and which of those *robustly*
/// (see [`Sharing::is_robustly_shared`]). Objects from before the search always count as
/// both.
#[derive(Debug, Clone, Default)]
pub struct Sharing {
    words: PVec<[u64; 2]>,
    /// References below this existed before the search started.
    preexisting: u32,
}

impl Sharing {
    /// Counts the objects below `preexisting` (those from before the search) as shared.
    pub fn set_preexisting(&mut self, preexisting: u32) {
        self.preexisting = preexisting;
    }

    /// Whether `r` may be reached by more than one thread.
    #[inline]
    pub fn is_shared(&self, r: Ref) -> bool {
        self.bit(r, 0)
    }

    /// Whether `r` is shared so that no single thread's transition can make it unshared
    /// without unlinking a reference from a shared object: reached by three threads or
    /// more, reachable from global roots other than monitors (a release ends a monitor's
    /// being a root) or from statics when sealed, or from before the search (sleep sets
    /// rely on it, see [`super::footprint`]).
    #[inline]
    pub fn is_robustly_shared(&self, r: Ref) -> bool {
        self.bit(r, 1)
    }

    #[inline]
    fn bit(&self, r: Ref, which: usize) -> bool {
        if r.0 < self.preexisting {
            return true;
        }
        self.words
            .get(r.index() >> 6)
            .is_some_and(|w| w[which] & (1 << (r.index() & 63)) != 0)
    }

    /// Records whether `r` is shared (writing only when it changes, which is rare); an
    /// object shared this way (within a transition) is not robustly shared.
    #[inline]
    pub fn set_shared(&mut self, r: Ref, shared: bool) {
        let word = r.index() >> 6;
        let bit = 1u64 << (r.index() & 63);
        let current = self.words.get(word).copied().unwrap_or_default();
        let new = [
            if shared {
                current[0] | bit
            } else {
                current[0] & !bit
            },
            current[1] & !bit,
        ];
        if new != current {
            self.store(word, new);
        }
    }

    /// Records the sharedness of the objects of bitmap word `word` selected by `mask` (bits
    /// set in `shared`: shared; in `robust`: robustly shared), writing only if something
    /// changes.
    pub fn set_word(&mut self, word: usize, mask: u64, shared: u64, robust: u64) {
        let current = self.words.get(word).copied().unwrap_or_default();
        let new = [
            (current[0] & !mask) | (shared & mask),
            (current[1] & !mask) | (robust & shared & mask),
        ];
        if new != current {
            self.store(word, new);
        }
    }

    #[cold]
    fn store(&mut self, word: usize, bits: [u64; 2]) {
        if word >= self.words.len() {
            self.words.resize(word + 1, [0; 2]);
        }
        if let Some(w) = self.words.get_mut(word) {
            *w = bits;
        }
    }
}
