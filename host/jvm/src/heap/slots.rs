//! Where the heap keeps its objects.
//!
//! In plain execution, a vector. Under the model checker, saved states share objects: the
//! *old* ones (sealed as the baseline every path starts from, most of the heap) live in one
//! immutable base that every state shares, and the few a state has changed live in a small
//! persistent overlay; objects allocated later live in a persistent vector of their own.
//! Writing to an object after a state was saved then copies a chunk of the overlay (or of the
//! young objects), never a table spanning the whole heap, and dropping a state releases as
//! little.

use std::cell::Cell;
use std::rc::Rc;

use crate::pvec::PVec;

/// Overlay entries per chunk (what a write copies).
const OVERLAY_CHUNK: usize = 8;

/// One slot: an object, or nothing (the null slot, or a freed object).
pub(super) type Slot<T> = Option<Rc<T>>;

/// The heap's slots, indexed by reference.
#[derive(Debug, Clone)]
pub(super) enum Slots<T> {
    /// One execution, nothing shared: plain indexing.
    Plain(Vec<Slot<T>>),
    /// Shared with saved states (see the module documentation).
    Layered(Layered<T>),
}

impl<T> Default for Slots<T> {
    fn default() -> Self {
        Slots::Plain(Vec::new())
    }
}

/// Slots shared with saved states: a common base, this state's changes to it, and the
/// objects allocated after the base.
#[derive(Debug, Clone)]
pub(super) struct Layered<T> {
    base: Rc<Base<T>>,
    /// The current contents of base slots this state changed, by the slot's overlay number
    /// (`None`: unchanged). Small chunks: a state changes few of them.
    changed: PVec<Option<Slot<T>>, OVERLAY_CHUNK>,
    /// The slots past the base.
    young: PVec<Slot<T>>,
}

/// The slots as sealed, with the overlay number of those some state changed.
#[derive(Debug)]
struct Base<T> {
    slots: Box<[Slot<T>]>,
    /// Per slot: 0 while no state has changed it, else 1 + its position in overlays. Numbers
    /// are handed out once per base, so every state derived from it agrees on them.
    overlay: Box<[Cell<u32>]>,
    numbered: Cell<u32>,
}

impl<T: Clone> Slots<T> {
    /// Slot `i`.
    #[inline(always)]
    pub(super) fn get(&self, i: usize) -> Option<&Slot<T>> {
        match self {
            Slots::Plain(v) => v.get(i),
            Slots::Layered(l) => l.get(i),
        }
    }

    /// Slot `i` for writing (copying what a saved state shares first).
    #[inline(always)]
    pub(super) fn get_mut(&mut self, i: usize) -> Option<&mut Slot<T>> {
        match self {
            Slots::Plain(v) => v.get_mut(i),
            Slots::Layered(l) => l.get_mut(i),
        }
    }

    /// Appends a slot.
    pub(super) fn push(&mut self, slot: Slot<T>) {
        match self {
            Slots::Plain(v) => v.push(slot),
            Slots::Layered(l) => l.young.push(slot),
        }
    }

    /// Number of slots.
    pub(super) fn len(&self) -> usize {
        match self {
            Slots::Plain(v) => v.len(),
            Slots::Layered(l) => l.base.slots.len() + l.young.len(),
        }
    }

    /// All slots in order.
    pub(super) fn iter(&self) -> impl Iterator<Item = &Slot<T>> + '_ {
        (0..self.len()).filter_map(|i| self.get(i))
    }

    /// Makes the current slots the shared base (from now on saved states share them).
    pub(super) fn seal(&mut self) {
        let slots: Box<[Slot<T>]> = match std::mem::take(self) {
            Slots::Plain(v) => v.into(),
            layered => layered.iter().cloned().collect(),
        };
        let overlay = (0..slots.len()).map(|_| Cell::new(0)).collect();
        *self = Slots::Layered(Layered {
            base: Rc::new(Base {
                slots,
                overlay,
                numbered: Cell::new(0),
            }),
            changed: PVec::default(),
            young: PVec::default(),
        });
    }
}

/// Elements per chunk of the slots past the base (the persistent vector's default).
const YOUNG_CHUNK: usize = 32;

/// A chunk of the slots past the base, as [`Slots::witness`] holds it.
type YoungChunk<T> = Rc<[Option<Slot<T>>; YOUNG_CHUNK]>;

/// A chunk a [`Witness`] holds: its index, the chunk, and which of its slots are witnessed
/// (bit `k`: slot `k` of the chunk).
type WitnessedChunk<T> = (usize, YoungChunk<T>, u32);

/// The versions some slots had when witnessed (see [`Slots::witness`]). For slots past the
/// base it holds the chunks they were in, which keeps those versions alive and makes every
/// later write to them copy the chunk: a chunk still shared means its slots are unchanged.
/// For base slots it holds the state's changes to the base the same way.
#[derive(Debug, Clone)]
pub(super) struct Witness<T> {
    base: Rc<Base<T>>,
    /// The base slots witnessed, and the changes to the base then.
    old: Box<[usize]>,
    changed: PVec<Option<Slot<T>>, OVERLAY_CHUNK>,
    /// The chunks of the slots past the base witnessed, in order.
    chunks: Box<[WitnessedChunk<T>]>,
}

impl<T: Clone> Slots<T> {
    /// A witness of the current contents of slots `sorted` (ascending), or `None` where
    /// there is no base or an index is past the end.
    pub(super) fn witness(&self, sorted: impl Iterator<Item = usize>) -> Option<Witness<T>> {
        let Slots::Layered(l) = self else {
            return None;
        };
        let base_len = l.base.slots.len();
        let mut old = Vec::new();
        let mut chunks: Vec<WitnessedChunk<T>> = Vec::new();
        for i in sorted {
            let Some(j) = i.checked_sub(base_len) else {
                old.push(i);
                continue;
            };
            let (c, bit) = (j / YOUNG_CHUNK, 1 << (j % YOUNG_CHUNK));
            match chunks.last_mut() {
                Some((last, _, mask)) if *last == c => *mask |= bit,
                _ => {
                    let chunk = l.young.chunk_of(j).filter(|_| j < l.young.len())?.clone();
                    chunks.push((c, chunk, bit));
                }
            }
        }
        Some(Witness {
            base: l.base.clone(),
            old: old.into(),
            changed: l.changed.clone(),
            chunks: chunks.into(),
        })
    }

    /// Whether every slot `w` witnessed still holds the version it held then.
    pub(super) fn unchanged(&self, w: &Witness<T>) -> bool {
        let Slots::Layered(l) = self else {
            return false;
        };
        if !Rc::ptr_eq(&l.base, &w.base) {
            return false;
        }
        let old_unchanged =
            w.changed.ptr_eq(&l.changed) || w.old.iter().all(|&i| same(w.old_slot(i), l.get(i)));
        old_unchanged
            && w.chunks.iter().all(|&(c, ref held, mask)| {
                let Some(now) = l.young.chunk_of(c * YOUNG_CHUNK) else {
                    return false;
                };
                Rc::ptr_eq(now, held)
                    || bits(mask).all(|k| {
                        held[k]
                            .as_ref()
                            .is_some_and(|then| same(then, now[k].as_ref()))
                    })
            })
    }

    /// Calls `f` with every slot `w` witnessed that changed since (its index, its version
    /// then and now), in index order, and returns a witness of the same slots as they are
    /// now: what updates something derived from them by the difference alone. `None` if `f`
    /// returns `false`, or `w` is of another base.
    pub(super) fn changes(
        &self,
        w: &Witness<T>,
        mut f: impl FnMut(usize, &Slot<T>, &Slot<T>) -> bool,
    ) -> Option<Witness<T>> {
        let Slots::Layered(l) = self else {
            return None;
        };
        if !Rc::ptr_eq(&l.base, &w.base) {
            return None;
        }
        if !w.changed.ptr_eq(&l.changed) {
            for &i in w.old.iter() {
                let (then, now) = (w.old_slot(i), l.get(i)?);
                if !same(then, Some(now)) && !f(i, then, now) {
                    return None;
                }
            }
        }
        let base_len = l.base.slots.len();
        let mut chunks = Vec::with_capacity(w.chunks.len());
        for &(c, ref held, mask) in w.chunks.iter() {
            let now = l.young.chunk_of(c * YOUNG_CHUNK)?;
            if !Rc::ptr_eq(now, held) {
                for k in bits(mask) {
                    let i = base_len + c * YOUNG_CHUNK + k;
                    let (then, now) = (held[k].as_ref()?, now[k].as_ref()?);
                    if !same(then, Some(now)) && !f(i, then, now) {
                        return None;
                    }
                }
            }
            chunks.push((c, now.clone(), mask));
        }
        Some(Witness {
            base: w.base.clone(),
            old: w.old.clone(),
            changed: l.changed.clone(),
            chunks: chunks.into(),
        })
    }
}

impl<T> Witness<T> {
    /// Base slot `i` as witnessed: the state's change to it then, or the base's.
    fn old_slot(&self, i: usize) -> &Slot<T> {
        match self.base.overlay[i].get() {
            0 => &self.base.slots[i],
            n => match self.changed.get(n as usize - 1) {
                Some(Some(changed)) => changed,
                _ => &self.base.slots[i],
            },
        }
    }
}

/// Whether a slot holds the same version as `then` (a freed slot is the same as a freed one).
fn same<T>(then: &Slot<T>, now: Option<&Slot<T>>) -> bool {
    match (then, now) {
        (Some(a), Some(Some(b))) => Rc::ptr_eq(a, b),
        (None, Some(None)) => true,
        _ => false,
    }
}

/// The positions of the set bits of `mask`, lowest first.
fn bits(mask: u32) -> impl Iterator<Item = usize> {
    (0..YOUNG_CHUNK).filter(move |k| mask >> k & 1 != 0)
}

impl<T: Clone> Layered<T> {
    #[inline(always)]
    fn get(&self, i: usize) -> Option<&Slot<T>> {
        let Some(sealed) = self.base.slots.get(i) else {
            return self.young.get(i - self.base.slots.len());
        };
        match self.base.overlay[i].get() {
            0 => Some(sealed),
            n => match self.changed.get(n as usize - 1) {
                Some(Some(changed)) => Some(changed),
                _ => Some(sealed),
            },
        }
    }

    #[inline(always)]
    fn get_mut(&mut self, i: usize) -> Option<&mut Slot<T>> {
        let base = &self.base;
        let Some(sealed) = base.slots.get(i) else {
            return self.young.get_mut(i - base.slots.len());
        };
        let number = match base.overlay[i].get() {
            0 => {
                let n = base.numbered.get() + 1;
                base.numbered.set(n);
                base.overlay[i].set(n);
                n
            }
            n => n,
        } as usize;
        if number > self.changed.len() {
            self.changed.resize(number, None);
        }
        let entry = self.changed.get_mut(number - 1)?;
        Some(entry.get_or_insert_with(|| sealed.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::Obj;
    use crate::heap::ObjData;
    use crate::value::Value;

    fn obj(x: i32) -> Slot<Obj> {
        Some(Rc::new(Obj::new(
            1,
            ObjData::Fields(vec![Value::Int(x)].into()),
        )))
    }

    fn value(slots: &Slots<Obj>, i: usize) -> Option<i32> {
        Some(slots.get(i)?.as_ref()?.fields()[0].as_int())
    }

    #[test]
    fn saved_copies_keep_their_versions_of_base_and_young_slots() {
        let mut slots = Slots::default();
        slots.push(None);
        (1..=3).for_each(|x| slots.push(obj(x)));
        slots.seal();
        slots.push(obj(4));
        let saved = slots.clone();
        for i in [2, 4] {
            if let Some(Some(o)) = slots.get_mut(i) {
                Rc::make_mut(o).fields_mut()[0] = Value::Int(-1);
            }
        }
        *slots.get_mut(3).unwrap() = None;
        let now: Vec<_> = (0..5).map(|i| value(&slots, i)).collect();
        assert_eq!(now, [None, Some(1), Some(-1), None, Some(-1)]);
        let then: Vec<_> = (0..5).map(|i| value(&saved, i)).collect();
        assert_eq!(then, [None, Some(1), Some(2), Some(3), Some(4)]);
        assert_eq!(slots.len(), 5);
        assert_eq!(slots.iter().count(), 5);
        // Sealing again folds the changes into a new base; the saved copy is unaffected.
        slots.seal();
        let resealed: Vec<_> = (0..5).map(|i| value(&slots, i)).collect();
        assert_eq!(resealed, now);
        assert_eq!(value(&saved, 2), Some(2));
    }
}
