//! What a method links to when its class is loaded: the native implementing it, if rpf has
//! one, and what calling it means to a machine that schedules threads. The class loader
//! links with this index alone, so it needs neither the natives' code nor the VM type.

use std::collections::HashMap;

use crate::value::Value;

/// A native's number in its VM's table of implementations.
pub type NativeId = u32;

/// What calling a method means beyond what its own code shows, for a machine that schedules
/// threads and tracks what transitions touch. Declared where natives are registered, next
/// to their implementation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Meaning {
    /// The method interacts with other threads whatever it is called on (`Thread.join`,
    /// `sleep`, `LockSupport.park`, ...): a call to it from application code is a
    /// scheduling point.
    pub thread_api: bool,
    /// The native does only what the machine's memory hooks report (monitor operations,
    /// array copies, thread starts), or touches nothing another thread can see; a native
    /// without this may do anything.
    pub tracked: bool,
    /// The method tells whether threads are alive (`Thread.isAlive`, `getState`,
    /// `ThreadGroup.activeCount`, ...): a machine that fuses a thread's end with its last
    /// action must know when a program can tell them apart.
    pub observes_liveness: bool,
    /// The native is a function of its arguments alone: plain execution computes it in
    /// place at a call site bound to it, without the frame and bookkeeping of a call.
    pub pure: Option<Pure>,
}

/// A static native that computes its result from its arguments alone: touches no memory,
/// throws nothing, and cannot block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pure {
    /// `Math.sqrt`, `StrictMath.sqrt`: IEEE square root (correctly rounded, as Java's).
    Sqrt,
    /// `Double.doubleToRawLongBits`.
    DoubleBits,
    /// `Double.longBitsToDouble`.
    BitsDouble,
    /// `Float.floatToRawIntBits`.
    FloatBits,
    /// `Float.intBitsToFloat`.
    BitsFloat,
}

impl Pure {
    /// Every operation, in declaration order (see [`crate::class::ready_pure`]).
    pub const ALL: [Pure; 5] = [
        Pure::Sqrt,
        Pure::DoubleBits,
        Pure::BitsDouble,
        Pure::FloatBits,
        Pure::BitsFloat,
    ];

    /// Operand stack entries the arguments take.
    pub fn args(self) -> usize {
        1
    }

    /// The result for arguments `a` (ill-typed arguments read as zero, as everywhere).
    pub fn apply(self, a: &[Value]) -> Value {
        let first = a.first().copied().unwrap_or_default();
        match self {
            Pure::Sqrt => Value::Double(first.as_double().sqrt()),
            Pure::DoubleBits => Value::Long(first.as_double().to_bits() as i64),
            Pure::BitsDouble => Value::Double(f64::from_bits(first.as_long() as u64)),
            Pure::FloatBits => Value::Int(first.as_float().to_bits() as i32),
            Pure::BitsFloat => Value::Float(f32::from_bits(first.as_int() as u32)),
        }
    }
}

/// The [`NativeId`] of the no-op that JDK classes' `registerNatives()` and `initIDs()` hooks
/// bind to (they only matter to HotSpot).
pub const NO_OP: NativeId = 0;

/// What a method links to: its native, if rpf implements it, and its meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Linked {
    /// The native implementing it.
    pub native: Option<NativeId>,
    /// What calling it means.
    pub meaning: Meaning,
}

/// Natives and meanings by `class.name(descriptor)`, without the implementations: what the
/// class loader links with, the same whatever machine drives the VM.
#[derive(Debug, Default)]
pub struct NativeIndex {
    map: HashMap<String, Linked>,
}

impl FromIterator<(String, Linked)> for NativeIndex {
    /// The index of methods given as `(class.name(descriptor), what it links to)`.
    fn from_iter<I: IntoIterator<Item = (String, Linked)>>(entries: I) -> NativeIndex {
        NativeIndex {
            map: entries.into_iter().collect(),
        }
    }
}

impl NativeIndex {
    /// What `class.name desc` links to.
    pub fn lookup(&self, class: &str, name: &str, desc: &str) -> Linked {
        if desc == "()V" && matches!(name, "registerNatives" | "initIDs") {
            return Linked {
                native: Some(NO_OP),
                meaning: Meaning::default(),
            };
        }
        self.map
            .get(&format!("{class}.{name}{desc}"))
            .copied()
            .unwrap_or_default()
    }

    /// Every registered method as `(class, name, descriptor)`, with what it links to.
    pub fn entries(&self) -> impl Iterator<Item = ((&str, &str, &str), Linked)> {
        self.map.iter().filter_map(|(key, linked)| {
            let (member, desc) = key.split_at(key.find('(')?);
            let (class, name) = member.rsplit_once('.')?;
            Some(((class, name, desc), *linked))
        })
    }
}
