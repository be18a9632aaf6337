//! The object heap.
//!
//! Objects are reference counted so that saved VM states share unchanged objects with the
//! live heap (copy on write); in plain execution every object has one owner and writes are
//! in place.

use std::rc::Rc;

use super::class::ClassId;
use super::value::{Ref, Value};

/// Element kinds of arrays, matching JVMS `newarray` type codes where primitive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ElemKind {
    /// boolean[]
    Boolean,
    /// char[]
    Char,
    /// float[]
    Float,
    /// double[]
    Double,
    /// byte[]
    Byte,
    /// short[]
    Short,
    /// int[]
    Int,
    /// long[]
    Long,
    /// Object[] and all reference arrays.
    Ref,
}

impl ElemKind {
    /// From a `newarray` atype (4..=11).
    pub fn from_atype(t: u8) -> Option<ElemKind> {
        Some(match t {
            4 => ElemKind::Boolean,
            5 => ElemKind::Char,
            6 => ElemKind::Float,
            7 => ElemKind::Double,
            8 => ElemKind::Byte,
            9 => ElemKind::Short,
            10 => ElemKind::Int,
            11 => ElemKind::Long,
            _ => return None,
        })
    }

    /// From the descriptor character of the element type.
    pub fn from_descriptor(c: u8) -> ElemKind {
        match c {
            b'Z' => ElemKind::Boolean,
            b'C' => ElemKind::Char,
            b'F' => ElemKind::Float,
            b'D' => ElemKind::Double,
            b'B' => ElemKind::Byte,
            b'S' => ElemKind::Short,
            b'I' => ElemKind::Int,
            b'J' => ElemKind::Long,
            _ => ElemKind::Ref,
        }
    }

    /// The array class name for a one-dimensional primitive array of this kind.
    pub fn array_descriptor(self) -> &'static str {
        match self {
            ElemKind::Boolean => "[Z",
            ElemKind::Char => "[C",
            ElemKind::Float => "[F",
            ElemKind::Double => "[D",
            ElemKind::Byte => "[B",
            ElemKind::Short => "[S",
            ElemKind::Int => "[I",
            ElemKind::Long => "[J",
            ElemKind::Ref => "[Ljava/lang/Object;",
        }
    }

    /// Bytes per element (for `Unsafe.arrayIndexScale` and memory statistics).
    pub fn size(self) -> usize {
        match self {
            ElemKind::Boolean | ElemKind::Byte => 1,
            ElemKind::Char | ElemKind::Short => 2,
            ElemKind::Int | ElemKind::Float | ElemKind::Ref => 4,
            ElemKind::Long | ElemKind::Double => 8,
        }
    }
}

/// An object's payload.
#[derive(Debug, Clone, PartialEq)]
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

impl ObjData {
    /// A zeroed array of `len` elements.
    pub fn new_array(kind: ElemKind, len: usize) -> ObjData {
        match kind {
            ElemKind::Boolean => ObjData::Booleans(vec![0; len].into()),
            ElemKind::Byte => ObjData::Bytes(vec![0; len].into()),
            ElemKind::Char => ObjData::Chars(vec![0; len].into()),
            ElemKind::Short => ObjData::Shorts(vec![0; len].into()),
            ElemKind::Int => ObjData::Ints(vec![0; len].into()),
            ElemKind::Long => ObjData::Longs(vec![0; len].into()),
            ElemKind::Float => ObjData::Floats(vec![0.0; len].into()),
            ElemKind::Double => ObjData::Doubles(vec![0.0; len].into()),
            ElemKind::Ref => ObjData::Refs(vec![Ref::NULL; len].into()),
        }
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
    #[inline]
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
    #[inline]
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

    /// Approximate size in bytes (statistics and the memory limit).
    pub fn size_bytes(&self) -> usize {
        16 + match self {
            ObjData::Fields(f) => f.len() * 8,
            other => {
                other.array_len().unwrap_or(0) * other.elem_kind().map(ElemKind::size).unwrap_or(0)
            }
        }
    }
}

/// A heap object: its class and payload.
#[derive(Debug, Clone, PartialEq)]
pub struct Obj {
    /// Runtime class.
    pub class: ClassId,
    /// Fields or array elements.
    pub data: ObjData,
}

impl Obj {
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
}

/// All objects, indexed by [`Ref`].
#[derive(Debug, Clone, Default)]
pub struct Heap {
    slots: Vec<Option<Rc<Obj>>>,
    free: Vec<u32>,
    live: usize,
    /// Objects allocated since the last collection (drives the collection trigger).
    pub allocated_since_gc: usize,
    /// Total objects ever allocated (statistics).
    pub total_allocated: u64,
    /// Live objects right after the last collection (sets the next collection's trigger).
    pub live_after_gc: usize,
}

impl Heap {
    /// An empty heap; slot 0 is reserved for `null`.
    pub fn new() -> Heap {
        Heap {
            slots: vec![None],
            ..Heap::default()
        }
    }

    /// Stores a new object and returns its reference.
    pub fn alloc(&mut self, obj: Obj) -> Ref {
        self.live += 1;
        self.allocated_since_gc += 1;
        self.total_allocated += 1;
        let obj = Some(Rc::new(obj));
        if let Some(index) = self.free.pop() {
            self.slots[index as usize] = obj;
            Ref(index)
        } else {
            self.slots.push(obj);
            Ref(self.slots.len() as u32 - 1)
        }
    }

    /// The object behind `r`, if live.
    #[inline(always)]
    pub fn get(&self, r: Ref) -> Option<&Obj> {
        self.slots.get(r.index()).and_then(|o| o.as_deref())
    }

    /// Mutable access (copies the object first if a saved state shares it).
    #[inline(always)]
    pub fn get_mut(&mut self, r: Ref) -> Option<&mut Obj> {
        self.slots
            .get_mut(r.index())
            .and_then(|o| o.as_mut())
            .map(Rc::make_mut)
    }

    /// Removes an unreachable object.
    pub fn free(&mut self, r: Ref) {
        if let Some(slot) = self.slots.get_mut(r.index()) {
            if slot.take().is_some() {
                self.live -= 1;
                self.free.push(r.0);
            }
        }
    }

    /// Number of live objects.
    pub fn live(&self) -> usize {
        self.live
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
}
