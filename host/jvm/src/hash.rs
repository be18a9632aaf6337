//! The 128-bit streaming hash behind state fingerprints, the keys of the model checker's
//! reachability caches and the parts of the state kept as hashes (which strings were
//! interned): fast (two multiply chains that run in parallel) and wide enough that matching
//! states and cache hits are trusted without comparing what was hashed.

/// A 128-bit streaming hash (two independent multiply-rotate lanes); a copy resumes from
/// where the original was.
#[derive(Debug, Clone, Copy)]
pub struct Hasher {
    a: u64,
    b: u64,
}

impl Default for Hasher {
    fn default() -> Self {
        Hasher::new()
    }
}

impl Hasher {
    /// A hash of nothing yet.
    pub fn new() -> Hasher {
        Hasher {
            a: 0x243F_6A88_85A3_08D3,
            b: 0x1319_8A2E_0370_7344,
        }
    }

    /// Mixes one word. Lane `b` folds in lane `a`'s *previous* value, so the two multiply
    /// chains run in parallel while still depending on each other.
    #[inline(always)]
    pub fn word(&mut self, x: u64) {
        let a = self.a;
        self.a = (a ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(31);
        self.b = (self.b.wrapping_add(x) ^ a.rotate_right(17)).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    }

    /// Mixes the length of `a`, then its elements `bits` wide, packed several to a word.
    pub fn packed<T: Copy>(&mut self, a: &[T], bits: u32, widen: impl Fn(T) -> u64) {
        self.word(a.len() as u64);
        for chunk in a.chunks(64 / bits as usize) {
            self.word(chunk.iter().fold(0, |acc, &x| acc << bits | widen(x)));
        }
    }

    /// The hash of the words mixed in.
    pub fn finish(mut self) -> u128 {
        for _ in 0..2 {
            self.word(0x94D0_49BB_1331_11EB);
        }
        (u128::from(self.a) << 64) | u128::from(self.b)
    }
}

/// Passes the length of `bytes`, then `bytes` eight to a word, to `word` (how byte contents
/// of the state, files and off-heap memory, enter a fingerprint).
pub fn bytes_into(bytes: &[u8], word: &mut dyn FnMut(u64)) {
    word(bytes.len() as u64);
    for chunk in bytes.chunks(8) {
        let mut w = [0u8; 8];
        w[..chunk.len()].copy_from_slice(chunk);
        word(u64::from_le_bytes(w));
    }
}
