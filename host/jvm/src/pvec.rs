//! A persistent vector: cloning is O(1) and shares everything; writing copies only the
//! touched chunk (and, once per clone generation, the chunk table). Saved VM states keep
//! clones, so the cost of keeping a state is proportional to what changed since its parent.

use std::rc::Rc;

/// A vector with structural sharing between clones, in chunks of `CHUNK` elements (a power
/// of two). A write copies one chunk, so small chunks suit vectors whose clones each change a
/// little.
#[derive(Debug)]
pub struct PVec<T: Clone, const CHUNK: usize = 32> {
    /// The chunk table as one shared slice (a pointer hop less per access than a shared
    /// `Vec`); it grows by copying, doubling each time, so that appending stays amortized
    /// O(1). Entries past the last element's chunk share one empty chunk.
    chunks: Rc<[Rc<[Option<T>; CHUNK]>]>,
    len: usize,
}

impl<T: Clone, const CHUNK: usize> Clone for PVec<T, CHUNK> {
    fn clone(&self) -> Self {
        PVec {
            chunks: Rc::clone(&self.chunks),
            len: self.len,
        }
    }
}

impl<T: Clone, const CHUNK: usize> Default for PVec<T, CHUNK> {
    fn default() -> Self {
        PVec {
            chunks: Rc::new([]),
            len: 0,
        }
    }
}

impl<T: Clone, const CHUNK: usize> PVec<T, CHUNK> {
    /// Number of elements.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no elements.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Element `i`.
    #[inline(always)]
    pub fn get(&self, i: usize) -> Option<&T> {
        self.chunks.get(i / CHUNK)?[i % CHUNK].as_ref()
    }

    /// Mutable element `i`, copying shared parts first. Inline only while nothing is shared
    /// (most writes): the copying path, whose chunk copy takes a kilobyte of stack, made every
    /// write pay its prologue.
    #[inline]
    pub fn get_mut(&mut self, i: usize) -> Option<&mut T> {
        if i >= self.len {
            return None;
        }
        let c = i / CHUNK;
        if !(is_unique(&self.chunks) && self.chunks.get(c).is_some_and(is_unique)) {
            return self.get_mut_copying(i);
        }
        Rc::get_mut(Rc::get_mut(&mut self.chunks)?.get_mut(c)?)?[i % CHUNK].as_mut()
    }

    /// [`get_mut`](Self::get_mut) when a clone shares the chunk table or the chunk.
    #[cold]
    #[inline(never)]
    fn get_mut_copying(&mut self, i: usize) -> Option<&mut T> {
        unshare(self.table_mut()?.get_mut(i / CHUNK)?)[i % CHUNK].as_mut()
    }

    /// The chunk table for writing, copied first if a clone shares it (as `unshare` does,
    /// which cannot take the unsized table: `make_mut` is a call even when nothing shares).
    #[inline]
    fn table_mut(&mut self) -> Option<&mut [Rc<[Option<T>; CHUNK]>]> {
        if Rc::get_mut(&mut self.chunks).is_none() {
            Rc::make_mut(&mut self.chunks);
        }
        Rc::get_mut(&mut self.chunks)
    }

    /// Appends an element.
    pub fn push(&mut self, value: T) {
        let c = self.len / CHUNK;
        if c == self.chunks.len() {
            let empty = Rc::new(std::array::from_fn(|_| None));
            let spare = std::iter::repeat_n(empty, c.max(1));
            self.chunks = self.chunks.iter().cloned().chain(spare).collect();
        }
        let at = self.len % CHUNK;
        if let Some(chunk) = self.table_mut().and_then(|chunks| chunks.get_mut(c)) {
            unshare(chunk)[at] = Some(value);
        }
        self.len += 1;
    }

    /// Grows to `len` elements, filling with `fill`.
    pub fn resize(&mut self, len: usize, fill: T) {
        while self.len < len {
            self.push(fill.clone());
        }
    }

    /// All elements in order.
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        self.chunks
            .iter()
            .flat_map(|c| c.iter())
            .map_while(|e| e.as_ref())
    }

    /// Indices of elements that may differ from `base` (which this vector was cloned from):
    /// everything in chunks no longer shared with `base`, and everything past its end.
    pub fn changed_since<'a>(
        &'a self,
        base: &'a PVec<T, CHUNK>,
    ) -> impl Iterator<Item = usize> + 'a {
        let same_table = Rc::ptr_eq(&self.chunks, &base.chunks);
        (0..self.chunks.len())
            .filter(move |&c| {
                !same_table
                    && base
                        .chunks
                        .get(c)
                        .is_none_or(|b| !Rc::ptr_eq(b, &self.chunks[c]))
            })
            .flat_map(move |c| (c * CHUNK)..((c + 1) * CHUNK).min(self.len))
    }

    /// The chunk holding element `i`: a shared handle that stays equal (`Rc::ptr_eq`) to this
    /// vector's chunk for as long as no element of the chunk is written (holding it makes the
    /// next write copy the chunk).
    #[inline]
    pub fn chunk_of(&self, i: usize) -> Option<&Rc<[Option<T>; CHUNK]>> {
        self.chunks.get(i / CHUNK)
    }

    /// Whether two vectors share their whole storage (cheap equality shortcut).
    pub fn ptr_eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.chunks, &other.chunks) && self.len == other.len
    }
}

/// Whether `rc` is the only reference to its value (what `Rc::get_mut` tests).
#[inline(always)]
fn is_unique<U: ?Sized>(rc: &Rc<U>) -> bool {
    Rc::strong_count(rc) == 1 && Rc::weak_count(rc) == 0
}

/// `Rc::make_mut` with its common case inline: `make_mut` is an out-of-line call even when
/// nothing shares the value (most writes to the heap and its tables), `get_mut` an inline
/// test of the counts.
#[inline(always)]
pub(crate) fn unshare<T: Clone>(rc: &mut Rc<T>) -> &mut T {
    if Rc::get_mut(rc).is_some() {
        // Checked just above; the second call is the borrow checker's price.
        Rc::get_mut(rc).expect("unshared")
    } else {
        Rc::make_mut(rc)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_are_independent_and_cheap() {
        let mut a: PVec<i32> = PVec::default();
        for i in 0..200 {
            a.push(i);
        }
        let b = a.clone();
        *a.get_mut(150).unwrap() = -1;
        assert_eq!(a.get(150), Some(&-1));
        assert_eq!(b.get(150), Some(&150));
        assert_eq!(a.get(10), b.get(10));
        assert_eq!(a.iter().count(), 200);
        assert_eq!(a.get(200), None);
        let changed: Vec<usize> = a.changed_since(&b).collect();
        assert_eq!(changed, (128..128 + 32).collect::<Vec<_>>());
        assert_eq!(b.changed_since(&b).count(), 0);
        let mut c = b.clone();
        c.resize(300, 7);
        assert_eq!(c.len(), 300);
        assert_eq!(b.len(), 200);
        assert_eq!(c.get(299), Some(&7));
        assert_eq!(c.get(300), None);
        assert_eq!(c.iter().count(), 300);
        assert_eq!(b.iter().count(), 200);
    }

    #[test]
    fn appending_copies_the_chunk_table_a_logarithmic_number_of_times() {
        let mut v: PVec<u32, 8> = PVec::default();
        let mut tables = 0;
        for i in 0..100_000 {
            let before = Rc::as_ptr(&v.chunks) as *const u8;
            v.push(i);
            tables += usize::from(!std::ptr::eq(before, Rc::as_ptr(&v.chunks) as *const u8));
        }
        assert!(tables <= 16, "{tables} tables");
        assert_eq!(v.get(99_999), Some(&99_999));
        assert_eq!(v.iter().count(), 100_000);
    }
}
