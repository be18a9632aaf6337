//! Java values as plugins see them.

use abi_stable::StableAbi;

/// A Java value read from a local, an operand stack slot, a field or an array element.
/// References are the host's object ids (stable within one state, `Null` for `null`).
#[repr(C, u8)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq)]
pub enum JValue {
    /// `int`, `short`, `char`, `byte` and `boolean` values (JVM category 1 integers).
    Int(i32),
    /// A `long`.
    Long(i64),
    /// A `float`.
    Float(f32),
    /// A `double`.
    Double(f64),
    /// A non-null reference (the host's object id).
    Ref(u32),
    /// `null`.
    Null,
    /// No value (an unused slot, the second half of a long/double, a return address).
    Void,
}

impl JValue {
    /// The reference, if this is a non-null reference.
    pub fn as_ref(self) -> Option<u32> {
        match self {
            JValue::Ref(r) => Some(r),
            _ => None,
        }
    }

    /// The value as an `f64`, for numeric values.
    pub fn as_f64(self) -> Option<f64> {
        match self {
            JValue::Int(i) => Some(f64::from(i)),
            JValue::Long(l) => Some(l as f64),
            JValue::Float(f) => Some(f64::from(f)),
            JValue::Double(d) => Some(d),
            _ => None,
        }
    }

    /// The value as an `i64`, for integral values.
    pub fn as_i64(self) -> Option<i64> {
        match self {
            JValue::Int(i) => Some(i64::from(i)),
            JValue::Long(l) => Some(l),
            _ => None,
        }
    }
}

/// The type of a ChoiceGenerator's values, for [`crate::Host::current_choice`].
#[repr(u8)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChoiceKind {
    /// A scheduling choice (the value is the thread id as `Int`).
    Thread,
    /// `int` values (booleans are `Int` 0 or 1).
    Int,
    /// `long` values.
    Long,
    /// `double` values.
    Double,
    /// Any kind.
    Any,
}
