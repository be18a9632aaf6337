//! The object heap.
//!
//! Objects are reference counted so that saved VM states share unchanged objects with the
//! live heap (copy on write); in plain execution every object has one owner and writes are
//! in place.

pub mod dirty_sum;
mod slots;

use std::cell::Cell;
use std::rc::Rc;

use dirty_sum::DirtySum;

use slots::Slots;

use super::class::ClassId;
use super::pvec::unshare;
use super::value::{ElemKind, Ref, Value};

/// An object's payload.
#[derive(Debug, Clone)]
pub enum ObjData {
    /// Instance fields by slot (inherited fields first).
    Fields(Box<[Value]>),
    /// boolean[] (elements 0 or 1).
    Booleans(Box<[i8]>),
    /// byte[]
    Bytes(Box<[i8]>),
    /// char[]
    Chars(Box<[u16]>),
    /// short[]
    Shorts(Box<[i16]>),
    /// int[]
    Ints(Box<[i32]>),
    /// long[]
    Longs(Box<[i64]>),
    /// float[]
    Floats(Box<[f32]>),
    /// double[]
    Doubles(Box<[f64]>),
    /// Reference arrays.
    Refs(Box<[Ref]>),
}

/// Equality of stored contents: floating-point elements compare by their bits (see
/// [`Value`]'s equality).
impl PartialEq for ObjData {
    fn eq(&self, other: &Self) -> bool {
        use ObjData::*;
        match (self, other) {
            (Fields(a), Fields(b)) => a == b,
            (Booleans(a), Booleans(b)) | (Bytes(a), Bytes(b)) => a == b,
            (Chars(a), Chars(b)) => a == b,
            (Shorts(a), Shorts(b)) => a == b,
            (Ints(a), Ints(b)) => a == b,
            (Longs(a), Longs(b)) => a == b,
            (Floats(a), Floats(b)) => {
                a.len() == b.len()
                    && a.iter()
                        .zip(b.iter())
                        .all(|(x, y)| x.to_bits() == y.to_bits())
            }
            (Doubles(a), Doubles(b)) => {
                a.len() == b.len()
                    && a.iter()
                        .zip(b.iter())
                        .all(|(x, y)| x.to_bits() == y.to_bits())
            }
            (Refs(a), Refs(b)) => a == b,
            _ => false,
        }
    }
}

impl ObjData {
    /// A zeroed array of `len` elements; `None` if rpf cannot get the memory for it (the
    /// length comes from the program, so this must not abort rpf).
    pub fn new_array(kind: ElemKind, len: usize) -> Option<ObjData> {
        Some(match kind {
            ElemKind::Boolean => ObjData::Booleans(filled(len, 0)?),
            ElemKind::Byte => ObjData::Bytes(filled(len, 0)?),
            ElemKind::Char => ObjData::Chars(filled(len, 0)?),
            ElemKind::Short => ObjData::Shorts(filled(len, 0)?),
            ElemKind::Int => ObjData::Ints(filled(len, 0)?),
            ElemKind::Long => ObjData::Longs(filled(len, 0)?),
            ElemKind::Float => ObjData::Floats(filled(len, 0.0)?),
            ElemKind::Double => ObjData::Doubles(filled(len, 0.0)?),
            ElemKind::Ref => ObjData::Refs(filled(len, Ref::NULL)?),
        })
    }

    /// A copy of elements `from..from + n` of a primitive array (what `System.arraycopy`
    /// reads, without copying the rest); `None` for instances, reference arrays, a range out
    /// of bounds, or memory rpf cannot get.
    pub fn primitive_range(&self, from: usize, n: usize) -> Option<ObjData> {
        let range = from..from.checked_add(n)?;
        Some(match self {
            ObjData::Booleans(a) => ObjData::Booleans(copied(a.get(range)?)?),
            ObjData::Bytes(a) => ObjData::Bytes(copied(a.get(range)?)?),
            ObjData::Chars(a) => ObjData::Chars(copied(a.get(range)?)?),
            ObjData::Shorts(a) => ObjData::Shorts(copied(a.get(range)?)?),
            ObjData::Ints(a) => ObjData::Ints(copied(a.get(range)?)?),
            ObjData::Longs(a) => ObjData::Longs(copied(a.get(range)?)?),
            ObjData::Floats(a) => ObjData::Floats(copied(a.get(range)?)?),
            ObjData::Doubles(a) => ObjData::Doubles(copied(a.get(range)?)?),
            ObjData::Fields(_) | ObjData::Refs(_) => return None,
        })
    }

    /// A copy (`Object.clone`); `None` if rpf cannot get the memory for it.
    pub fn try_clone(&self) -> Option<ObjData> {
        Some(match self {
            ObjData::Fields(a) => ObjData::Fields(copied(a)?),
            ObjData::Booleans(a) => ObjData::Booleans(copied(a)?),
            ObjData::Bytes(a) => ObjData::Bytes(copied(a)?),
            ObjData::Chars(a) => ObjData::Chars(copied(a)?),
            ObjData::Shorts(a) => ObjData::Shorts(copied(a)?),
            ObjData::Ints(a) => ObjData::Ints(copied(a)?),
            ObjData::Longs(a) => ObjData::Longs(copied(a)?),
            ObjData::Floats(a) => ObjData::Floats(copied(a)?),
            ObjData::Doubles(a) => ObjData::Doubles(copied(a)?),
            ObjData::Refs(a) => ObjData::Refs(copied(a)?),
        })
    }

    /// Array length, or `None` for instances.
    #[inline]
    pub fn array_len(&self) -> Option<usize> {
        Some(match self {
            ObjData::Fields(_) => return None,
            ObjData::Booleans(a) | ObjData::Bytes(a) => a.len(),
            ObjData::Chars(a) => a.len(),
            ObjData::Shorts(a) => a.len(),
            ObjData::Ints(a) => a.len(),
            ObjData::Longs(a) => a.len(),
            ObjData::Floats(a) => a.len(),
            ObjData::Doubles(a) => a.len(),
            ObjData::Refs(a) => a.len(),
        })
    }

    /// Element `i` as a value (the caller checked bounds via [`array_len`](Self::array_len)).
    #[inline(always)]
    pub fn load(&self, i: usize) -> Option<Value> {
        Some(match self {
            ObjData::Fields(_) => return None,
            ObjData::Booleans(a) | ObjData::Bytes(a) => Value::Int(i32::from(*a.get(i)?)),
            ObjData::Chars(a) => Value::Int(i32::from(*a.get(i)?)),
            ObjData::Shorts(a) => Value::Int(i32::from(*a.get(i)?)),
            ObjData::Ints(a) => Value::Int(*a.get(i)?),
            ObjData::Longs(a) => Value::Long(*a.get(i)?),
            ObjData::Floats(a) => Value::Float(*a.get(i)?),
            ObjData::Doubles(a) => Value::Double(*a.get(i)?),
            ObjData::Refs(a) => Value::Ref(*a.get(i)?),
        })
    }

    /// Stores `v` into element `i` with the element type's narrowing; false if out of range.
    #[inline(always)]
    pub fn store(&mut self, i: usize, v: Value) -> bool {
        fn put<T>(a: &mut [T], i: usize, x: T) -> bool {
            match a.get_mut(i) {
                Some(slot) => {
                    *slot = x;
                    true
                }
                None => false,
            }
        }
        match self {
            ObjData::Fields(_) => false,
            ObjData::Booleans(a) => put(a, i, (v.as_int() & 1) as i8),
            ObjData::Bytes(a) => put(a, i, v.as_int() as i8),
            ObjData::Chars(a) => put(a, i, v.as_int() as u16),
            ObjData::Shorts(a) => put(a, i, v.as_int() as i16),
            ObjData::Ints(a) => put(a, i, v.as_int()),
            ObjData::Longs(a) => put(a, i, v.as_long()),
            ObjData::Floats(a) => put(a, i, v.as_float()),
            ObjData::Doubles(a) => put(a, i, v.as_double()),
            ObjData::Refs(a) => put(a, i, v.as_ref()),
        }
    }

    /// Whether `other` (another version of the same object) holds the same references in
    /// the same places: what follows references cannot tell the two apart.
    pub fn same_refs(&self, other: &ObjData) -> bool {
        let is_ref = |v: &Value| matches!(v, Value::Ref(_));
        match (self, other) {
            (ObjData::Fields(a), ObjData::Fields(b)) => {
                a.len() == b.len()
                    && a.iter().zip(b.iter()).all(|(x, y)| match (x, y) {
                        (Value::Ref(x), Value::Ref(y)) => x == y,
                        (x, y) => !is_ref(x) && !is_ref(y),
                    })
            }
            (ObjData::Refs(a), ObjData::Refs(b)) => a == b,
            (a, b) => {
                std::mem::discriminant(a) == std::mem::discriminant(b)
                    && !matches!(a, ObjData::Fields(_) | ObjData::Refs(_))
            }
        }
    }

    /// Calls `f` with every non-null reference held (instance fields or array elements), in
    /// order: what traversals of the object graph follow.
    #[inline]
    pub fn for_each_ref(&self, mut f: impl FnMut(Ref)) {
        match self {
            ObjData::Fields(fields) => fields.iter().for_each(|v| match v {
                Value::Ref(r) if !r.is_null() => f(*r),
                _ => {}
            }),
            ObjData::Refs(refs) => refs.iter().filter(|r| !r.is_null()).for_each(|&r| f(r)),
            _ => {}
        }
    }

    /// The kind of array this is.
    pub fn elem_kind(&self) -> Option<ElemKind> {
        Some(match self {
            ObjData::Fields(_) => return None,
            ObjData::Booleans(_) => ElemKind::Boolean,
            ObjData::Bytes(_) => ElemKind::Byte,
            ObjData::Chars(_) => ElemKind::Char,
            ObjData::Shorts(_) => ElemKind::Short,
            ObjData::Ints(_) => ElemKind::Int,
            ObjData::Longs(_) => ElemKind::Long,
            ObjData::Floats(_) => ElemKind::Float,
            ObjData::Doubles(_) => ElemKind::Double,
            ObjData::Refs(_) => ElemKind::Ref,
        })
    }

    /// What this object takes of the Java heap (see [`Heap::bytes`]).
    #[inline]
    pub fn footprint(&self) -> u64 {
        let payload = match self {
            ObjData::Fields(f) => f.len() * std::mem::size_of::<Value>(),
            ObjData::Booleans(a) | ObjData::Bytes(a) => a.len(),
            ObjData::Chars(a) => a.len() * 2,
            ObjData::Shorts(a) => a.len() * 2,
            ObjData::Ints(a) => a.len() * 4,
            ObjData::Floats(a) => a.len() * 4,
            ObjData::Refs(a) => a.len() * 4,
            ObjData::Longs(a) => a.len() * 8,
            ObjData::Doubles(a) => a.len() * 8,
        };
        OBJECT_OVERHEAD + block(payload as u64)
    }
}

/// What the memory allocator takes for a block of `bytes`: glibc's malloc adds an 8-byte
/// header and rounds to 16 bytes, 32 at least (an empty payload is no block at all).
#[inline]
fn block(bytes: u64) -> u64 {
    match bytes {
        0 => 0,
        _ => bytes.saturating_add(8 + 15).max(32) & !15,
    }
}

/// What an object costs rpf besides its fields or elements: the block of its record
/// (class, flags, identity hash, cached digest) with the reference counts that let saved
/// states share it, and its heap slot.
const OBJECT_OVERHEAD: u64 = {
    let record = std::mem::size_of::<Obj>() + 2 * std::mem::size_of::<usize>();
    (record + 8 + 15) as u64 / 16 * 16 + std::mem::size_of::<Option<Rc<Obj>>>() as u64
};

/// What an instance with `fields` field slots takes of the Java heap: what rpf spends on
/// it, so that `vm.heap_limit` bounds rpf's own memory (an instance costs more than in
/// HotSpot, whose fields take 4 or 8 bytes, not a [`Value`] each).
pub fn instance_footprint(fields: usize) -> u64 {
    OBJECT_OVERHEAD + block((fields * std::mem::size_of::<Value>()) as u64)
}

/// What an array of `len` elements of `kind` takes of the Java heap: its elements take
/// what they take in HotSpot (references 4 bytes, as with compressed pointers).
pub fn array_footprint(kind: ElemKind, len: usize) -> u64 {
    OBJECT_OVERHEAD.saturating_add(block((len as u64).saturating_mul(kind.size() as u64)))
}

/// Arrays of at least this many bytes are made only once a fallible reservation has shown
/// that the memory is to be had; smaller ones fail only when rpf itself is out of memory.
const LARGE_ARRAY: usize = 1 << 20;

/// `len` copies of `value`, or `None` if the memory is not to be had. Zeroed arrays come
/// from the allocator's zeroed memory (`vec!`), whose pages are not touched until used.
fn filled<T: Clone>(len: usize, value: T) -> Option<Box<[T]>> {
    if len.saturating_mul(std::mem::size_of::<T>()) >= LARGE_ARRAY {
        let mut probe: Vec<T> = Vec::new();
        probe.try_reserve_exact(len).ok()?;
    }
    Some(vec![value; len].into_boxed_slice())
}

/// A copy of `items`, or `None` if the memory is not to be had.
fn copied<T: Clone>(items: &[T]) -> Option<Box<[T]>> {
    let mut v = Vec::new();
    v.try_reserve_exact(items.len()).ok()?;
    v.extend_from_slice(items);
    Some(v.into_boxed_slice())
}

/// A heap object: its class, payload and bookkeeping flags.
#[derive(Debug, Clone)]
pub struct Obj {
    /// Runtime class.
    pub class: ClassId,
    /// Fields or array elements.
    pub data: ObjData,
    /// Set on objects from before the search started once they have been modified.
    dirty_old: bool,
    /// Identity hash, assigned on first request (`Object.hashCode`, `identityHashCode`).
    pub identity: Option<i32>,
    /// The string the intern table holds for its content (what `ldc` and `String.intern`
    /// return, which `==` tells from an equal string).
    pub interned: bool,
    /// The fingerprint's digest of this version's content, computed on first use so that
    /// unchanged objects are hashed once, not once per state; zero until then.
    /// Every way of changing an object ([`Heap::get_mut`], [`Heap::write_field`],
    /// [`Heap::store_element`]) clears it.
    digest: [Cell<u64>; 2],
}

impl PartialEq for Obj {
    fn eq(&self, other: &Self) -> bool {
        self.class == other.class
            && self.data == other.data
            && self.identity == other.identity
            && self.interned == other.interned
    }
}

impl Obj {
    /// A new object.
    pub fn new(class: ClassId, data: ObjData) -> Obj {
        Obj {
            class,
            data,
            dirty_old: false,
            identity: None,
            interned: false,
            digest: Default::default(),
        }
    }

    /// The cached content digest, if computed since the last change.
    #[inline]
    pub fn cached_digest(&self) -> Option<[u64; 2]> {
        let d = [self.digest[0].get(), self.digest[1].get()];
        (d != [0, 0]).then_some(d)
    }

    fn clear_digest(&self) {
        self.digest[0].set(0);
        self.digest[1].set(0);
    }

    /// Caches the content digest (never all zeros, which means "not computed").
    #[inline]
    pub fn cache_digest(&self, d: [u64; 2]) {
        self.digest[0].set(d[0]);
        self.digest[1].set(d[1] | u64::from(d == [0, 0]));
    }

    /// Instance fields (empty for arrays).
    #[inline]
    pub fn fields(&self) -> &[Value] {
        match &self.data {
            ObjData::Fields(f) => f,
            _ => &[],
        }
    }

    /// Mutable instance fields (empty for arrays).
    #[inline]
    pub fn fields_mut(&mut self) -> &mut [Value] {
        match &mut self.data {
            ObjData::Fields(f) => f,
            _ => &mut [],
        }
    }

    /// Whether this object existed before the search started and has been modified since.
    pub fn is_dirty_old(&self) -> bool {
        self.dirty_old
    }
}

/// The hash of one reference field: `holder`'s `slot` refers to `target` (null contributes
/// nothing).
#[inline]
fn edge_hash(holder: Ref, slot: usize, target: Ref) -> u128 {
    if target.is_null() {
        return 0;
    }
    let mix = |mut x: u64| {
        x ^= x >> 30;
        x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x ^= x >> 27;
        x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
        x ^ (x >> 31)
    };
    let site = u64::from(holder.0) << 32 | slot as u64;
    let target = u64::from(target.0);
    let a = mix(mix(site) ^ target);
    let b =
        mix(mix(site ^ 0x9E37_79B9_7F4A_7C15)
            .wrapping_add(target.wrapping_mul(0xD6E8_FEB8_6659_FD93)));
    u128::from(a) << 64 | u128::from(b)
}

/// A number no heap has used as its [`Heap::preexisting_version`] before (unique in the
/// process, so two heaps never carry one number for different contents).
fn fresh_version() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// The digest old object `r`'s current version `obj` had when the dirty sum was last
/// settled, if it has a share in it: none unless it was modified (and then settling cached
/// its digest).
fn previous_digest(obj: &Obj) -> Option<[u64; 2]> {
    if obj.dirty_old {
        obj.cached_digest()
    } else {
        None
    }
}

/// The versions some young objects had (see [`Heap::witness`]).
#[derive(Debug, Clone)]
pub struct Witness(slots::Witness<Obj>);

/// All objects, indexed by [`Ref`].
///
/// Storage is persistent once sealed (see the `slots` module): cloning a heap for a saved
/// state is O(1) and later writes copy only what they touch. In plain execution freed slots
/// are reused; once the heap is sealed (under the model checker) they are not, so that on
/// any one path a reference names one object.
#[derive(Debug, Clone, Default)]
pub struct Heap {
    slots: Slots<Obj>,
    free: Vec<u32>,
    live: usize,
    /// Of [`live`](Self::live), the objects below `old_boundary`.
    old_live: usize,
    old_boundary: u32,
    preexisting: u32,
    /// The old objects modified since the search started, sorted: states that modified the
    /// same ones compare equal on it, and it changes only when an object is modified for
    /// the first time.
    dirty_old: Rc<[Ref]>,
    /// Identifies the content of the preexisting objects: a fresh number after every change
    /// to one (see [`Heap::preexisting_version`]).
    preexisting_version: u64,
    /// The modified old objects' part of the fingerprint (see [`dirty_sum`]).
    dirty_sum: DirtySum,
    /// A hash of the reference graph among non-preexisting objects (see [`Heap::edges`]),
    /// kept up to date by single stores and recomputed after other changes.
    edges: u128,
    edges_known: bool,
    /// Objects allocated since the last collection (drives the collection trigger).
    pub allocated_since_gc: usize,
    /// Total objects ever allocated (statistics).
    pub total_allocated: u64,
    /// Live objects right after the last collection (sets the next collection's trigger).
    pub live_after_gc: usize,
    /// What the live objects take of the Java heap (see [`Heap::bytes`]).
    bytes: u64,
    /// [`Heap::bytes`] right after the last collection (sets the next collection's trigger).
    pub bytes_after_gc: u64,
}

impl Heap {
    /// An empty heap; slot 0 is reserved for `null`.
    pub fn new() -> Heap {
        let mut heap = Heap::default();
        heap.slots.push(None);
        heap
    }

    fn count_new(&mut self) {
        self.live += 1;
        self.allocated_since_gc += 1;
        self.total_allocated += 1;
    }

    /// Stores a new object in the first free slot and returns its reference.
    pub fn alloc(&mut self, obj: Obj) -> Ref {
        self.count_new();
        self.bytes += obj.data.footprint();
        let r = match self.free.pop() {
            Some(index) if (index as usize) < self.slots.len() => Ref(index),
            _ => Ref(self.slots.len() as u32),
        };
        self.edges = self.edges.wrapping_add(self.object_edges(r, &obj.data));
        let obj = Some(Rc::new(obj));
        match self.slots.get_mut(r.index()) {
            Some(slot) => *slot = obj,
            None => self.slots.push(obj),
        }
        r
    }

    /// The object behind `r`, if live.
    #[inline(always)]
    pub fn get(&self, r: Ref) -> Option<&Obj> {
        self.slots.get(r.index()).and_then(|o| o.as_deref())
    }

    /// Mutable access (copies the object first if a saved state shares it). The caller may
    /// change references, so the reference graph counts as changed; [`Heap::write_field`]
    /// and [`Heap::store_element`] are the precise alternatives for single stores.
    #[inline(always)]
    pub fn get_mut(&mut self, r: Ref) -> Option<&mut Obj> {
        self.edges_changed();
        self.get_mut_tracked(r)
    }

    /// Marks string `r` as the interned one for its content.
    pub fn mark_interned(&mut self, r: Ref) {
        if let Some(obj) = self.get_mut_tracked(r) {
            obj.interned = true;
        }
    }

    /// Assigns `r`'s identity hash (not a reference: the graph stays as it is).
    pub fn set_identity(&mut self, r: Ref, hash: i32) {
        if let Some(obj) = self.get_mut_tracked(r) {
            obj.identity = Some(hash);
        }
    }

    /// The elements of primitive array `r` for writing (`None` for instances and reference
    /// arrays): such writes cannot change the reference graph.
    pub fn primitive_data_mut(&mut self, r: Ref) -> Option<&mut ObjData> {
        let primitive = self
            .get(r)
            .is_some_and(|o| !matches!(o.data, ObjData::Fields(_) | ObjData::Refs(_)));
        if !primitive {
            return None;
        }
        self.get_mut_tracked(r).map(|o| &mut o.data)
    }

    /// Stores `v` into instance field `slot` of `r`; false if there is no such object or
    /// field. The reference graph changes only if a reference is replaced.
    #[inline]
    pub fn write_field(&mut self, r: Ref, slot: u32, v: Value) -> bool {
        let Some(field) = self
            .get_mut_tracked(r)
            .and_then(|o| o.fields_mut().get_mut(slot as usize))
        else {
            return false;
        };
        let old = std::mem::replace(field, v);
        if self.edges_known
            && old != v
            && (matches!(old, Value::Ref(_)) || matches!(v, Value::Ref(_)))
        {
            self.edge_replaced(r, slot as usize, old.as_ref(), v.as_ref());
        }
        true
    }

    /// Stores `v` into element `i` of array `r` with the element type's narrowing: `None`
    /// if there is no such object, `Some(false)` if `i` is out of range. The reference
    /// graph changes only if a reference element is replaced.
    #[inline(always)]
    pub fn store_element(&mut self, r: Ref, i: usize, v: Value) -> Option<bool> {
        let tracking = self.edges_known;
        let obj = self.get_mut_tracked(r)?;
        let replaced = match (&obj.data, v) {
            (ObjData::Refs(a), Value::Ref(new)) if tracking => {
                a.get(i).filter(|&&old| old != new).copied()
            }
            _ => None,
        };
        let ok = obj.data.store(i, v);
        if let Some(old) = replaced {
            self.edge_replaced(r, i, old, v.as_ref());
        }
        Some(ok)
    }

    /// Stores `refs` into elements `at..` of reference array `r` (`System.arraycopy`): what
    /// [`store_element`](Self::store_element) does for each, with the object looked up and
    /// copied once. False if there is no such array or the range does not fit.
    pub fn store_refs(&mut self, r: Ref, at: usize, refs: &[Ref]) -> bool {
        let tracking = self.edges_known && r.0 >= self.preexisting;
        let Some(obj) = self.get_mut_tracked(r) else {
            return false;
        };
        let ObjData::Refs(a) = &mut obj.data else {
            return false;
        };
        let Some(dst) = a.get_mut(at..at + refs.len()) else {
            return false;
        };
        let mut delta = 0u128;
        for (k, (slot, &new)) in dst.iter_mut().zip(refs).enumerate() {
            let old = std::mem::replace(slot, new);
            if tracking && old != new {
                delta = delta
                    .wrapping_add(edge_hash(r, at + k, new))
                    .wrapping_sub(edge_hash(r, at + k, old));
            }
        }
        self.edges = self.edges.wrapping_add(delta);
        true
    }

    /// Notes that the reference graph may have changed in ways not reported one by one
    /// (the next [`edges`](Self::edges) recomputes the hash; until then nothing maintains
    /// it).
    #[inline(always)]
    fn edges_changed(&mut self) {
        self.edges_known = false;
    }

    /// Accounts for reference `slot` of `holder` changing from `old` to `new`.
    #[inline]
    fn edge_replaced(&mut self, holder: Ref, slot: usize, old: Ref, new: Ref) {
        if holder.0 >= self.preexisting && self.edges_known {
            self.edges = self
                .edges
                .wrapping_add(edge_hash(holder, slot, new))
                .wrapping_sub(edge_hash(holder, slot, old));
        }
    }

    /// The sum of the edge hashes of what `data`, held by `holder`, refers to (zero while
    /// the hash is not maintained).
    fn object_edges(&self, holder: Ref, data: &ObjData) -> u128 {
        if holder.0 < self.preexisting || !self.edges_known {
            return 0;
        }
        let mut sum = 0u128;
        let mut slot = 0;
        let mut add = |r: Ref| {
            // Nulls (most fields of a new object) contribute nothing: no call for them.
            if !r.is_null() {
                sum = sum.wrapping_add(edge_hash(holder, slot, r));
            }
            slot += 1;
        };
        match data {
            ObjData::Fields(fields) => fields.iter().for_each(|v| add(v.as_ref())),
            ObjData::Refs(refs) => refs.iter().for_each(|&r| add(r)),
            _ => {}
        }
        sum
    }

    /// Identifies the reference graph among non-preexisting objects (which object refers
    /// to which): a sum of a 128-bit hash per non-null reference field, so heaps whose
    /// graphs are equal have equal values whatever the paths that built them, and what was
    /// computed from one graph (reachability) can be reused for the other.
    pub fn edges(&mut self) -> u128 {
        if !self.edges_known {
            self.edges_known = true;
            let mut sum = 0u128;
            for i in self.preexisting as usize..self.slots.len() {
                if let Some(Some(obj)) = self.slots.get(i) {
                    sum = sum.wrapping_add(self.object_edges(Ref(i as u32), &obj.data));
                }
            }
            self.edges = sum;
        }
        self.edges
    }

    /// [`get_mut`](Self::get_mut) for callers that report graph changes themselves.
    #[inline(always)]
    fn get_mut_tracked(&mut self, r: Ref) -> Option<&mut Obj> {
        let old = r.0 < self.old_boundary;
        if r.0 < self.preexisting {
            self.preexisting_version = fresh_version();
        }
        let obj = unshare(self.slots.get_mut(r.index())?.as_mut()?);
        if old {
            self.dirty_sum.note_change(r, || previous_digest(obj));
        }
        obj.clear_digest();
        if old && !obj.dirty_old {
            obj.dirty_old = true;
            let at = self.dirty_old.partition_point(|&d| d < r);
            let (before, after) = self.dirty_old.split_at(at);
            self.dirty_old = before.iter().chain([&r]).chain(after).copied().collect();
        }
        Some(obj)
    }

    /// Removes unreachable objects `dead`. Where they outnumber the young objects that
    /// stay, the reference-graph hash ([`edges`](Self::edges)) is recomputed when next
    /// asked for rather than updated object by object.
    pub fn free_all(&mut self, dead: &[Ref]) {
        if dead.len() > self.young_live().saturating_sub(dead.len()) {
            self.edges_changed();
        }
        for &r in dead {
            self.free(r);
        }
    }

    /// Removes an unreachable object.
    pub fn free(&mut self, r: Ref) {
        if r.0 < self.preexisting {
            self.preexisting_version = fresh_version();
        }
        if let (true, Some(Some(obj))) = (r.0 < self.old_boundary, self.slots.get(r.index())) {
            self.dirty_sum.note_change(r, || previous_digest(obj));
        }
        if let (true, Some(Some(obj))) = (self.edges_known, self.slots.get(r.index())) {
            let gone = self.object_edges(r, &obj.data);
            self.edges = self.edges.wrapping_sub(gone);
        }
        if let Some(slot) = self.slots.get_mut(r.index()) {
            if let Some(obj) = slot.take() {
                self.live -= 1;
                if r.0 < self.old_boundary {
                    self.old_live -= 1;
                }
                self.bytes -= obj.data.footprint();
                if self.old_boundary == 0 {
                    self.free.push(r.0);
                }
            }
        }
    }

    /// Number of live objects.
    pub fn live(&self) -> usize {
        self.live
    }

    /// Number of live objects allocated since the heap was last sealed (young objects),
    /// garbage not yet collected included.
    pub fn young_live(&self) -> usize {
        self.live - self.old_live
    }

    /// Bytes the objects take of the Java heap, garbage not yet collected included: what
    /// `vm.heap_limit` bounds ([`ObjData::footprint`]).
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// One past the highest slot ever used.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// All live objects with their references.
    pub fn iter(&self) -> impl Iterator<Item = (Ref, &Obj)> {
        self.slots
            .iter()
            .enumerate()
            .filter_map(|(i, o)| o.as_deref().map(|o| (Ref(i as u32), o)))
    }

    /// Declares every current object "old": from now on old objects are identified by their
    /// reference and tracked once modified. The objects of the first call (before the
    /// search) also count as shared and reachable; those sealed later (the same on every
    /// path) keep their sharedness computed.
    pub fn seal_old_generation(&mut self) {
        self.old_boundary = self.slots.len() as u32;
        self.old_live = self.live;
        self.edges_changed();
        if self.preexisting == 0 {
            self.preexisting = self.old_boundary;
        }
        // Digests hash references to old objects as constants: recompute them.
        for obj in self.slots.iter().flatten() {
            obj.clear_digest();
        }
        self.free.clear();
        self.slots.seal();
        self.dirty_sum.invalidate();
    }

    /// A witness of the current versions of the objects `refs`, for telling later whether
    /// they changed without comparing them ([`unchanged`](Self::unchanged)); `None` before
    /// the heap is sealed. Holding it makes the next write to young objects stored near them
    /// copy a little more.
    pub fn witness(&self, refs: &[Ref]) -> Option<Witness> {
        if refs.windows(2).all(|p| p[0] <= p[1]) {
            return self
                .slots
                .witness(refs.iter().map(|r| r.index()))
                .map(Witness);
        }
        // Sorted through a bitmap: linear where sorting a few thousand references cost more
        // than the rest of the witness.
        let mut bits = vec![0u64; self.slots.len().div_ceil(64)];
        for r in refs {
            *bits.get_mut(r.index() / 64)? |= 1 << (r.index() % 64);
        }
        let sorted = bits.iter().enumerate().flat_map(|(w, &word)| {
            let mut word = word;
            std::iter::from_fn(move || {
                let b = (word != 0).then(|| word.trailing_zeros() as usize)?;
                word &= word - 1;
                Some(w * 64 + b)
            })
        });
        self.slots.witness(sorted).map(Witness)
    }

    /// Whether every object `w` witnessed is as it was then (still live, never written).
    pub fn unchanged(&self, w: &Witness) -> bool {
        self.slots.unchanged(&w.0)
    }

    /// Calls `f` with every object `w` witnessed that changed since, in reference order:
    /// its version then and now (`None`: freed). Returns a witness of the same objects as
    /// they are now, so that what was derived from them can be updated by the difference
    /// and witnessed again; `None` if `f` returns `false` (give up) or `w` is of another
    /// sealing.
    pub fn changes(
        &self,
        w: &Witness,
        mut f: impl FnMut(Ref, Option<&Obj>, Option<&Obj>) -> bool,
    ) -> Option<Witness> {
        self.slots
            .changes(&w.0, |i, then, now| {
                f(Ref(i as u32), then.as_deref(), now.as_deref())
            })
            .map(Witness)
    }

    /// References below this are old (sealed).
    pub fn old_boundary(&self) -> u32 {
        self.old_boundary
    }

    /// References below this existed before the search started.
    pub fn preexisting(&self) -> u32 {
        self.preexisting
    }

    /// A number that changes whenever a preexisting object changes (never returning to an
    /// earlier value), so that what is derived from their content can be cached by it.
    pub fn preexisting_version(&self) -> u64 {
        self.preexisting_version
    }

    /// Old objects modified since the search started, in reference order.
    pub fn dirty_old(&self) -> &Rc<[Ref]> {
        &self.dirty_old
    }

    /// The sum of the shares of the modified old objects ([`dirty_sum`]), brought up
    /// to date: `digest` gives an object's content digest, `share` its share (`None`: the
    /// object is held apart from the sum).
    pub fn settle_dirty_sum(
        &mut self,
        digest: impl Fn(&Obj) -> [u64; 2],
        share: impl Fn(Ref, [u64; 2]) -> Option<u128>,
    ) -> u128 {
        let slots = &self.slots;
        let digest_of = |r: Ref| slots.get(r.index()).and_then(|o| o.as_deref()).map(&digest);
        self.dirty_sum
            .settle(self.dirty_old.iter().copied(), digest_of, share)
    }

    /// The modified old objects held apart from the dirty sum, sorted, as of the last
    /// [`settle_dirty_sum`](Self::settle_dirty_sum).
    pub fn dirty_held_apart(&self) -> &[Ref] {
        self.dirty_sum.held_apart()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stand-in content digest: the fields, with the young bit set for references at or
    /// past `young`.
    fn digest(obj: &Obj, young: u32) -> [u64; 2] {
        obj.cached_digest().unwrap_or_else(|| {
            let mut d = [u64::from(obj.class) << 8, 0];
            for v in obj.fields() {
                d[1] = d[1].rotate_left(9) ^ v.as_int() as u64;
                if matches!(v, Value::Ref(r) if r.0 >= young) {
                    d[0] |= 1;
                }
            }
            obj.cache_digest(d);
            d
        })
    }

    /// A stand-in share: none (held apart) for objects whose digest has the young bit.
    fn share(r: Ref, d: [u64; 2]) -> Option<u128> {
        (d[0] & 1 == 0).then(|| u128::from(d[1] ^ u64::from(r.0)) << 64 | u128::from(d[0]))
    }

    /// The sum of the shares of `heap`'s modified old objects, from scratch, and those of
    /// them that refer to young objects.
    fn expected(heap: &Heap) -> (u128, Vec<Ref>) {
        let young = heap.old_boundary();
        let mut sum = 0u128;
        let mut holders = Vec::new();
        for &r in heap.dirty_old().iter() {
            let d = digest(heap.get(r).unwrap(), young);
            sum = sum.wrapping_add(share(r, d).unwrap_or(0));
            if d[0] & 1 != 0 {
                holders.push(r);
            }
        }
        holders.sort_unstable();
        (sum, holders)
    }

    fn settle(heap: &mut Heap) -> (u128, Vec<Ref>) {
        let young = heap.old_boundary();
        let sum = heap.settle_dirty_sum(|o| digest(o, young), share);
        (sum, heap.dirty_held_apart().to_vec())
    }

    #[test]
    fn the_heap_counts_the_bytes_of_live_objects() {
        // What the README says an object takes.
        assert_eq!(instance_footprint(0), 88);
        assert_eq!(instance_footprint(1), 88 + 32);
        assert_eq!(instance_footprint(3), 88 + 64);
        assert_eq!(array_footprint(ElemKind::Int, 4), 88 + 32);
        assert_eq!(array_footprint(ElemKind::Long, 1000), 88 + 8016);
        assert_eq!(array_footprint(ElemKind::Long, usize::MAX), u64::MAX);
        for (kind, len) in [(ElemKind::Char, 7), (ElemKind::Ref, 3), (ElemKind::Byte, 0)] {
            let data = ObjData::new_array(kind, len).expect("small");
            assert_eq!(data.footprint(), array_footprint(kind, len), "{kind:?}");
        }
        let fields = ObjData::Fields(vec![Value::Int(0); 5].into());
        assert_eq!(fields.footprint(), instance_footprint(5));
        let mut heap = Heap::new();
        let fields = ObjData::Fields(vec![Value::Int(1); 3].into());
        let a = heap.alloc(Obj::new(1, fields));
        let longs = ObjData::new_array(ElemKind::Long, 100).expect("800 bytes");
        let b = heap.alloc(Obj::new(2, longs));
        assert_eq!(
            heap.bytes(),
            instance_footprint(3) + array_footprint(ElemKind::Long, 100)
        );
        heap.free(a);
        assert_eq!(heap.bytes(), array_footprint(ElemKind::Long, 100));
        heap.free(b);
        assert_eq!(heap.bytes(), 0);
    }

    #[test]
    fn an_array_rpf_cannot_get_is_refused_not_fatal() {
        assert!(ObjData::new_array(ElemKind::Long, usize::MAX / 4).is_none());
    }

    #[test]
    fn the_dirty_sum_kept_up_to_date_equals_the_sum_from_scratch() {
        let mut heap = Heap::new();
        let field = |x: i32| Obj::new(1, ObjData::Fields(vec![Value::Int(x)].into()));
        let old: Vec<Ref> = (0..6).map(|x| heap.alloc(field(x))).collect();
        heap.seal_old_generation();
        heap.seal_old_generation();
        let young = heap.alloc(field(99));
        assert_eq!(settle(&mut heap), (0, vec![]));
        heap.write_field(old[1], 0, Value::Int(10));
        heap.write_field(old[2], 0, Value::Ref(young));
        assert_eq!(settle(&mut heap), expected(&heap));
        assert_eq!(settle(&mut heap).1, vec![old[2]]);
        let saved = heap.clone();
        // Twice to one object, from reference to int, and a first write to another.
        heap.write_field(old[1], 0, Value::Int(11));
        heap.write_field(old[1], 0, Value::Int(12));
        heap.write_field(old[2], 0, Value::Int(5));
        heap.write_field(old[4], 0, Value::Int(40));
        let now = settle(&mut heap);
        assert_eq!(now, expected(&heap));
        assert!(now.1.is_empty());
        // The saved copy keeps its own sum.
        let mut restored = saved.clone();
        assert_eq!(settle(&mut restored), expected(&saved));
        assert_ne!(settle(&mut restored).0, now.0);
        // Back to the saved content, but old[4] now counts as modified (as in the canonical
        // hash before the sum): the sums differ.
        heap.write_field(old[1], 0, Value::Int(10));
        heap.write_field(old[2], 0, Value::Ref(young));
        heap.write_field(old[4], 0, Value::Int(4));
        assert_ne!(
            settle(&mut heap).0,
            settle(&mut restored).0,
            "old[4] is now modified"
        );
        assert_eq!(settle(&mut heap), expected(&heap));
    }

    #[test]
    fn writes_forget_the_cached_digest_even_of_shared_objects() {
        let mut heap = Heap::new();
        let r = heap.alloc(Obj::new(7, ObjData::Fields(vec![Value::Int(1)].into())));
        heap.seal_old_generation();
        let saved = heap.clone();
        heap.get(r).unwrap().cache_digest([0, 0]);
        assert_eq!(heap.get(r).unwrap().cached_digest(), Some([0, 1]));
        heap.get_mut(r).unwrap().fields_mut()[0] = Value::Int(2);
        assert_eq!(heap.get(r).unwrap().cached_digest(), None);
        // The saved version keeps its digest: it did not change.
        assert_eq!(saved.get(r).unwrap().cached_digest(), Some([0, 1]));
        assert_ne!(
            ObjData::Doubles(vec![0.0].into()),
            ObjData::Doubles(vec![-0.0].into())
        );
    }

    /// A sealed heap of three objects with two reference fields each, all null.
    fn graph_heap() -> (Heap, [Ref; 3]) {
        let mut heap = Heap::new();
        let node = || Obj::new(1, ObjData::Fields(vec![Value::Ref(Ref::NULL); 2].into()));
        let refs = [heap.alloc(node()), heap.alloc(node()), heap.alloc(node())];
        heap.seal_old_generation();
        // Everything allocated so far is preexisting: start a second generation.
        let refs = refs.map(|_| heap.alloc(node()));
        heap.seal_old_generation();
        (heap, refs)
    }

    #[test]
    fn a_range_of_references_stored_at_once_keeps_the_graph_hash_exact() {
        let (mut heap, [x, y, z]) = graph_heap();
        let array = heap.alloc(Obj::new(2, ObjData::Refs(vec![x, Ref::NULL, y, z].into())));
        let mut one_by_one = heap.clone();
        assert!(heap.store_refs(array, 1, &[z, Ref::NULL, y]));
        for (i, r) in [z, Ref::NULL, y].into_iter().enumerate() {
            one_by_one.store_element(array, 1 + i, Value::Ref(r));
        }
        let stored = |h: &Heap| match &h.get(array).map(|o| &o.data) {
            Some(ObjData::Refs(a)) => a.to_vec(),
            _ => Vec::new(),
        };
        assert_eq!(stored(&heap), vec![x, z, Ref::NULL, y]);
        assert_eq!(stored(&heap), stored(&one_by_one));
        let maintained = heap.edges();
        assert_eq!(maintained, one_by_one.edges());
        heap.get_mut(array);
        assert_eq!(heap.edges(), maintained, "the recomputed hash agrees");
        assert!(!heap.store_refs(array, 2, &[x, x, x]), "past the end");
        assert!(!heap.store_refs(x, 0, &[y]), "not a reference array");
    }

    #[test]
    fn equal_graphs_built_in_different_orders_hash_alike() {
        let (mut a, [x, y, z]) = graph_heap();
        let mut b = a.clone();
        let empty = a.edges();
        a.write_field(x, 0, Value::Ref(y));
        a.write_field(y, 1, Value::Ref(z));
        b.write_field(y, 1, Value::Ref(z));
        b.write_field(x, 0, Value::Ref(z));
        assert_ne!(a.edges(), b.edges());
        b.write_field(x, 0, Value::Ref(y));
        assert_eq!(a.edges(), b.edges());
        assert_ne!(a.edges(), empty);
        // Undoing the stores brings the empty graph's hash back.
        a.write_field(x, 0, Value::Ref(Ref::NULL));
        a.write_field(y, 1, Value::Ref(Ref::NULL));
        assert_eq!(a.edges(), empty);
    }

    #[test]
    fn edge_hash_ignores_primitives_and_survives_untracked_writes() {
        let (mut heap, [x, y, _]) = graph_heap();
        heap.write_field(x, 0, Value::Ref(y));
        let before = heap.edges();
        heap.write_field(y, 0, Value::Int(3));
        assert_eq!(heap.edges(), before, "a primitive store is not an edge");
        // `get_mut` may change anything: the hash is recomputed, and must agree with the
        // incrementally maintained one.
        heap.get_mut(x).unwrap().fields_mut()[1] = Value::Ref(x);
        let recomputed = heap.edges();
        let (mut fresh, [fx, fy, _]) = graph_heap();
        fresh.write_field(fy, 0, Value::Int(3));
        fresh.write_field(fx, 0, Value::Ref(fy));
        fresh.write_field(fx, 1, Value::Ref(fx));
        assert_eq!(fresh.edges(), recomputed);
        assert_ne!(recomputed, before);
    }

    #[test]
    fn allocating_and_freeing_referring_objects_changes_the_edge_hash() {
        let (mut heap, [x, _, _]) = graph_heap();
        let empty = heap.edges();
        let holder = heap.alloc(Obj::new(2, ObjData::Refs(vec![x].into())));
        assert_ne!(heap.edges(), empty);
        heap.free(holder);
        assert_eq!(heap.edges(), empty);
        let mut array = heap.clone();
        let a = array.alloc(Obj::new(
            2,
            ObjData::new_array(ElemKind::Ref, 2).expect("small"),
        ));
        assert_eq!(array.edges(), empty, "a new array of nulls adds no edge");
        assert_eq!(array.store_element(a, 1, Value::Ref(x)), Some(true));
        assert_eq!(array.store_element(a, 2, Value::Ref(x)), Some(false));
        assert_ne!(array.edges(), empty);
    }

    #[test]
    fn primitive_writes_and_identity_hashes_keep_the_edge_hash() {
        let (mut heap, [x, y, _]) = graph_heap();
        heap.write_field(x, 0, Value::Ref(y));
        let bytes = heap.alloc(Obj::new(
            3,
            ObjData::new_array(ElemKind::Byte, 4).expect("small"),
        ));
        let before = heap.edges();
        if let Some(ObjData::Bytes(b)) = heap.primitive_data_mut(bytes) {
            b[0] = 7;
        }
        heap.set_identity(x, 42);
        assert_eq!(heap.edges, before, "maintained, not recomputed");
        assert!(heap.edges_known);
        assert!(
            heap.primitive_data_mut(x).is_none(),
            "instances may hold references"
        );
        assert_eq!(heap.get(x).unwrap().identity, Some(42));
    }

    #[test]
    fn a_witness_lists_what_changed_and_is_renewed() {
        let mut heap = Heap::new();
        heap.alloc(Obj::new(1, ObjData::Ints(vec![0].into())));
        heap.seal_old_generation();
        let young: Vec<Ref> = (0..40)
            .map(|n| heap.alloc(Obj::new(1, ObjData::Ints(vec![n].into()))))
            .collect();
        let watched = [Ref(1), young[2], young[35], young[39]];
        let w = heap.witness(&watched).unwrap();
        let listed = |heap: &Heap, w: &Witness| {
            let mut seen = Vec::new();
            let renewed = heap.changes(w, |r, then, now| {
                let value = |o: Option<&Obj>| o.and_then(|o| o.data.load(0).map(Value::as_int));
                seen.push((r, value(then), value(now)));
                true
            });
            (seen, renewed)
        };
        let (seen, renewed) = listed(&heap, &w);
        assert!(seen.is_empty());
        assert!(heap.unchanged(&renewed.unwrap()));
        heap.store_element(young[3], 0, Value::Int(9)).unwrap();
        heap.store_element(young[35], 0, Value::Int(7)).unwrap();
        heap.store_element(Ref(1), 0, Value::Int(5)).unwrap();
        heap.free(young[39]);
        let (seen, renewed) = listed(&heap, &w);
        let expected = [
            (Ref(1), Some(0), Some(5)),
            (young[35], Some(35), Some(7)),
            (young[39], Some(39), None),
        ];
        assert_eq!(seen, expected);
        let renewed = renewed.unwrap();
        assert!(!heap.unchanged(&w));
        assert!(heap.unchanged(&renewed));
        assert_eq!(listed(&heap, &renewed).0, []);
        // Given up on, no witness.
        assert!(heap.changes(&w, |_, _, _| false).is_none());
        // Only what holds the same references in the same places keeps them.
        let fields = |a: Value, b: Value| ObjData::Fields(vec![a, b].into());
        let (x, y) = (Value::Ref(young[0]), Value::Ref(young[1]));
        assert!(fields(x, Value::Int(1)).same_refs(&fields(x, Value::Int(2))));
        assert!(!fields(x, Value::Int(1)).same_refs(&fields(y, Value::Int(1))));
        assert!(!fields(x, Value::NULL).same_refs(&fields(x, y)));
        let refs = |r: &[Ref]| ObjData::Refs(r.into());
        assert!(refs(&[young[0]]).same_refs(&refs(&[young[0]])));
        assert!(!refs(&[young[0]]).same_refs(&refs(&[young[0], Ref::NULL])));
        let ints = |v: Vec<i32>| ObjData::Ints(v.into());
        assert!(ints(vec![1]).same_refs(&ints(vec![2, 3])));
        assert!(!ints(vec![1]).same_refs(&ObjData::Longs(vec![1].into())));
    }

    #[test]
    fn a_witness_tells_whether_the_objects_it_saw_changed() {
        let mut heap = Heap::new();
        heap.alloc(Obj::new(1, ObjData::Ints(vec![0].into())));
        heap.seal_old_generation();
        let ints = |heap: &mut Heap, n: i32| heap.alloc(Obj::new(1, ObjData::Ints(vec![n].into())));
        // Young objects over three chunks of slots, some of them watched.
        let young: Vec<Ref> = (0..80).map(|n| ints(&mut heap, n)).collect();
        let watched = [young[3], young[40], young[70], young[71]];
        let old = heap.witness(&[Ref(1)]).unwrap();
        let w = heap.witness(&watched).unwrap();
        assert!(heap.unchanged(&w));
        // Saving the state, allocating, and writing other objects of the same chunks change
        // nothing watched.
        let saved = heap.clone();
        ints(&mut heap, 99);
        heap.store_element(young[4], 0, Value::Int(5)).unwrap();
        heap.store_element(young[69], 0, Value::Int(5)).unwrap();
        assert!(heap.unchanged(&w));
        // Writing or freeing a watched one does, until the saved state is back.
        heap.store_element(young[71], 0, Value::Int(5)).unwrap();
        assert!(!heap.unchanged(&w));
        let mut other = saved.clone();
        assert!(other.unchanged(&w));
        other.free(young[40]);
        assert!(!other.unchanged(&w));
        assert!(saved.unchanged(&w));
        // Old objects too.
        assert!(saved.unchanged(&old));
        let mut changed_old = saved.clone();
        changed_old.store_element(Ref(1), 0, Value::Int(3)).unwrap();
        assert!(!changed_old.unchanged(&old));
        assert!(changed_old.unchanged(&w));
        drop(changed_old);
        // Writing through the saved state itself (no other copy left) is seen too.
        let mut only = saved;
        drop(heap);
        drop(other);
        only.store_element(young[3], 0, Value::Int(7)).unwrap();
        assert!(!only.unchanged(&w));
        // A heap sealed anew is another base.
        let mut resealed = only.clone();
        resealed.seal_old_generation();
        assert!(!resealed.unchanged(&w));
    }
}
