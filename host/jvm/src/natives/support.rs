//! What natives share: reading arguments, throwing, and conversions between Java and Rust
//! values.

use crate::allocation::{OutOfMemory, OUT_OF_MEMORY_ERROR};
use crate::class::ClassId;
use crate::flow::NativeExit;
use crate::value::{Ref, Value};
use crate::vm::Jvm;

/// Shorthand for throwing a new exception from a native.
pub fn throw<T>(class: &'static str, message: impl Into<String>) -> Result<T, NativeExit> {
    Err(NativeExit::ThrowNew(class, Some(message.into())))
}

/// Shorthand for a NullPointerException without message.
pub fn npe<T>() -> Result<T, NativeExit> {
    Err(NativeExit::ThrowNew("java/lang/NullPointerException", None))
}

/// The `OutOfMemoryError` of a refused allocation.
pub fn out_of_memory(oom: OutOfMemory) -> NativeExit {
    NativeExit::ThrowNew(OUT_OF_MEMORY_ERROR, Some(oom.message().to_string()))
}

/// Argument helpers for natives.
pub trait Args {
    /// Argument `i` as int.
    fn int(&self, i: usize) -> i32;
    /// Argument `i` as long.
    fn long(&self, i: usize) -> i64;
    /// Argument `i` as float.
    fn float(&self, i: usize) -> f32;
    /// Argument `i` as double.
    fn double(&self, i: usize) -> f64;
    /// Argument `i` as reference.
    fn obj(&self, i: usize) -> Ref;
    /// Argument `i` as boolean.
    fn bool(&self, i: usize) -> bool {
        self.int(i) != 0
    }
}

impl Args for [Value] {
    fn int(&self, i: usize) -> i32 {
        self.get(i).copied().unwrap_or_default().as_int()
    }
    fn long(&self, i: usize) -> i64 {
        self.get(i).copied().unwrap_or_default().as_long()
    }
    fn float(&self, i: usize) -> f32 {
        self.get(i).copied().unwrap_or_default().as_float()
    }
    fn double(&self, i: usize) -> f64 {
        self.get(i).copied().unwrap_or_default().as_double()
    }
    fn obj(&self, i: usize) -> Ref {
        self.get(i).copied().unwrap_or_default().as_ref()
    }
}

/// JVMTI thread status of a started, running thread (`Thread.threadStatus`).
pub const THREAD_RUNNABLE: i32 = 0x0005;
/// JVMTI thread status of a terminated thread.
pub const THREAD_TERMINATED: i32 = 0x0002;

/// The class behind a `java.lang.Class` argument, or NullPointerException.
pub fn class_arg(vm: &Jvm, mirror: Ref) -> Result<ClassId, NativeExit> {
    vm.class_of_mirror(mirror)
        .ok_or(NativeExit::ThrowNew("java/lang/NullPointerException", None))
}

/// A Java string argument as Rust text, or NullPointerException.
pub fn string_arg(vm: &Jvm, s: Ref) -> Result<String, NativeExit> {
    vm.string_value(s)
        .ok_or(NativeExit::ThrowNew("java/lang/NullPointerException", None))
}

/// `Value::Int` of a boolean.
pub fn jbool(b: bool) -> Value {
    Value::Int(i32::from(b))
}
