//! Hashing for keys that are already well-distributed words: state fingerprints and heap
//! references. SipHash (std's default) costs more than the rest of a visited-set lookup and
//! defends against attacks that do not apply to a model checker's own numbers.

use std::hash::{BuildHasherDefault, Hasher};

/// Folds the written integers into one word with a multiply (Fibonacci hashing), which
/// spreads small keys such as heap references and keeps fingerprints' randomness.
#[derive(Debug, Default, Clone, Copy)]
pub struct WordHasher(u64);

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    #[inline]
    fn write_u32(&mut self, x: u32) {
        self.write_u64(u64::from(x));
    }

    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(23) ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    #[inline]
    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64 ^ (x >> 64) as u64);
    }
}

/// Builds [`WordHasher`]s, for `HashMap`, `HashSet` and `DashSet`.
pub type WordHash = BuildHasherDefault<WordHasher>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    #[test]
    fn nearby_keys_hash_apart() {
        let hash = |x: u32| WordHash::default().hash_one(x);
        let hashes: std::collections::HashSet<u64> = (0..1000).map(hash).collect();
        assert_eq!(hashes.len(), 1000);
        // The top bits (hashbrown's control bytes) differ too.
        let tops: std::collections::HashSet<u64> = (0..64).map(|x| hash(x) >> 57).collect();
        assert!(tops.len() > 32, "{}", tops.len());
    }
}
