//! Values as the interpreter holds them on operand stacks, in locals and in fields.

use std::fmt;

/// A reference to a heap object; 0 is `null`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Ref(pub u32);

impl Ref {
    /// The null reference.
    pub const NULL: Ref = Ref(0);

    /// Whether this is `null`.
    #[inline(always)]
    pub fn is_null(self) -> bool {
        self.0 == 0
    }

    /// Heap slot index.
    #[inline(always)]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Debug for Ref {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_null() {
            write!(f, "null")
        } else {
            write!(f, "@{}", self.0)
        }
    }
}

/// One operand stack entry, local variable or field. Category 2 values (long, double) are one
/// entry here; locals keep JVMS numbering, so the slot after a long local holds `Void`.
///
/// The layout is fixed (`repr(C, u8)`: the tag byte first, every payload at offset 8) so that
/// the interpreter can write and copy entries as a tag byte and a payload word ([`Value::put`],
/// [`Value::relay`]).
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, u8)]
pub enum Value {
    /// Unset local, the upper half of a long/double local, or a void result.
    #[default]
    Void,
    /// boolean, byte, char, short, int.
    Int(i32),
    /// long.
    Long(i64),
    /// float.
    Float(f32),
    /// double.
    Double(f64),
    /// A reference.
    Ref(Ref),
    /// A jsr return address (instruction index).
    RetAddr(u32),
}

/// Equality of stored values, not Java's `==`: floating-point values are equal when their
/// bits are (so `0.0` and `-0.0` differ and a NaN equals itself), as state comparison needs.
impl PartialEq for Value {
    fn eq(&self, other: &Self) -> bool {
        match (*self, *other) {
            (Value::Void, Value::Void) => true,
            (Value::Int(a), Value::Int(b)) => a == b,
            (Value::Long(a), Value::Long(b)) => a == b,
            (Value::Float(a), Value::Float(b)) => a.to_bits() == b.to_bits(),
            (Value::Double(a), Value::Double(b)) => a.to_bits() == b.to_bits(),
            (Value::Ref(a), Value::Ref(b)) => a == b,
            (Value::RetAddr(a), Value::RetAddr(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for Value {}

impl Value {
    /// `null`.
    pub const NULL: Value = Value::Ref(Ref::NULL);

    /// The payload as a word, 4-byte payloads in its low-addressed half and zeros after.
    #[inline(always)]
    fn word(self) -> u64 {
        let half = |x: u32| {
            let mut b = [0; 8];
            b[..4].copy_from_slice(&x.to_ne_bytes());
            u64::from_ne_bytes(b)
        };
        match self {
            Value::Void => 0,
            Value::Int(v) => half(v as u32),
            Value::Long(v) => v as u64,
            Value::Float(v) => half(v.to_bits()),
            Value::Double(v) => v.to_bits(),
            Value::Ref(r) => half(r.0),
            Value::RetAddr(a) => half(a),
        }
    }

    /// Writes `self` to `p` as two stores: the tag byte and the whole payload word.
    ///
    /// Why: a CPU forwards a store to a later load only when the load lies within it. Written
    /// field by field (tag, then a 4- or 8-byte payload) and copied as one 16-byte load, an
    /// entry stalls the copy for a dozen cycles; that was a fifth of a floating-point loop's
    /// time (`dstore` after `dadd`). Entries written here and copied by [`Value::relay`] are
    /// always read back by loads that lie within one earlier store.
    ///
    /// # Safety
    /// `p` is valid for writes of a `Value`.
    #[inline(always)]
    pub unsafe fn put(self, p: *mut Value) {
        // SAFETY: repr(C, u8): the first byte of a value is its tag.
        let tag = unsafe { *std::ptr::addr_of!(self).cast::<u8>() };
        let word = self.word();
        let p = p.cast::<u8>();
        // SAFETY: the tag at offset 0 and the payload at offset 8 lie within `*p`; a tag with
        // the payload of its variant is a valid value (4-byte payloads are read from the
        // word's low-addressed half).
        unsafe {
            p.write(tag);
            p.add(8).cast::<u64>().write(word);
        }
    }

    /// Copies the entry at `from` to `to` as [`Value::put`] writes one: the tag byte, then the
    /// payload word (copied as possibly uninitialized bytes, since `Void` has none).
    ///
    /// # Safety
    /// `from` points to a valid value and `to` is valid for writes of a `Value`.
    #[inline(always)]
    pub unsafe fn relay(from: *const Value, to: *mut Value) {
        let (from, to) = (from.cast::<u8>(), to.cast::<u8>());
        // SAFETY: as for `put`; a tag with its variant's payload is a valid value.
        unsafe {
            to.write(from.read());
            let word = from.add(8).cast::<std::mem::MaybeUninit<u64>>().read();
            to.add(8).cast::<std::mem::MaybeUninit<u64>>().write(word);
        }
    }

    /// The int payload; ill-typed code reads 0 rather than crashing the host.
    #[inline(always)]
    pub fn as_int(self) -> i32 {
        match self {
            Value::Int(v) => v,
            _ => 0,
        }
    }

    /// The long payload (0 if ill-typed).
    #[inline(always)]
    pub fn as_long(self) -> i64 {
        match self {
            Value::Long(v) => v,
            _ => 0,
        }
    }

    /// The float payload (0 if ill-typed).
    #[inline(always)]
    pub fn as_float(self) -> f32 {
        match self {
            Value::Float(v) => v,
            _ => 0.0,
        }
    }

    /// The double payload (0 if ill-typed).
    #[inline(always)]
    pub fn as_double(self) -> f64 {
        match self {
            Value::Double(v) => v,
            _ => 0.0,
        }
    }

    /// The reference payload (null if ill-typed).
    #[inline(always)]
    pub fn as_ref(self) -> Ref {
        match self {
            Value::Ref(r) => r,
            _ => Ref::NULL,
        }
    }

    /// Whether this value takes two JVMS slots.
    #[inline(always)]
    pub fn is_wide(self) -> bool {
        matches!(self, Value::Long(_) | Value::Double(_))
    }

    /// The zero value of a field or array element of basic type `t`.
    pub fn zero(t: crate::classfile::BasicType) -> Value {
        use crate::classfile::BasicType as B;
        match t {
            B::Int => Value::Int(0),
            B::Long => Value::Long(0),
            B::Float => Value::Float(0.0),
            B::Double => Value::Double(0.0),
            B::Ref => Value::NULL,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn put_and_relay_keep_every_variant() {
        let all = [
            Value::Void,
            Value::Int(-7),
            Value::Int(i32::MIN),
            Value::Long(i64::MIN + 3),
            Value::Float(-0.0),
            Value::Double(f64::NAN),
            Value::Double(-1.5e300),
            Value::Ref(Ref(u32::MAX)),
            Value::RetAddr(42),
        ];
        for v in all {
            let mut slots = [Value::Long(-1); 2];
            // SAFETY: both slots are valid values.
            unsafe {
                v.put(&mut slots[0]);
                Value::relay(&slots[0], &mut slots[1]);
            }
            assert_eq!(slots, [v, v], "{v:?}");
        }
    }

    #[test]
    fn stored_values_compare_by_bits() {
        // States that differ only in the sign of a zero are different states.
        assert_ne!(Value::Double(0.0), Value::Double(-0.0));
        assert_ne!(Value::Float(0.0), Value::Float(-0.0));
        assert_eq!(Value::Double(f64::NAN), Value::Double(f64::NAN));
        assert_ne!(Value::Int(1), Value::Long(1));
        assert_eq!(Value::Ref(Ref(3)), Value::Ref(Ref(3)));
    }
}

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
