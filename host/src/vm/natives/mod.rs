//! Native methods: Rust functions registered by class, name and descriptor.
//!
//! A native receives the VM, the calling thread's execution state and its arguments (receiver
//! first). Besides returning a value it can throw, block (the invoke instruction re-executes
//! when the thread runs again — JPF's top half / bottom half), or hand over to a Java method.
//! The same registry also holds *intrinsics*: Rust replacements for JDK methods that have
//! bytecode but are too slow or too native-heavy to interpret.

mod io;
mod lang;
mod math;
mod nio;
mod reflect;
mod string;
mod system;
mod thread;
pub(crate) mod unsafe_;
mod verify;

use std::collections::HashMap;

use super::class::MethodId;
use super::thread::Exec;
use super::value::{Ref, Value};
use super::Vm;

/// How a native ends other than by returning a value.
#[derive(Debug, Clone, PartialEq)]
pub enum NativeExit {
    /// Throw an existing Throwable.
    Throw(Ref),
    /// Create and throw a Throwable of the named class (internal name) with a message.
    ThrowNew(&'static str, Option<String>),
    /// The thread cannot proceed now; its status says why. The invoke re-executes later.
    Block,
    /// Continue as a call of this method with these arguments; its result is the native's.
    Call(MethodId, Vec<Value>),
    /// The VM halts with this exit status.
    Halt(i32),
    /// Return normally (void), then end the thread's time slice (`Thread.yield`).
    Yield,
    /// The native pushed frames (class initialization) that must run first; the invoke
    /// re-executes afterwards without blocking the thread.
    Reexecute,
    /// The native registered a choice (its top half): the transition ends here and the
    /// invoke re-executes as the first instruction of the next one (its bottom half).
    Choice,
    /// The current path is not to be explored further (`Verify.ignoreIf`).
    Prune,
    /// Run the method's own bytecode instead (an intrinsic that does not apply now).
    Bytecode,
    /// The program needs something rpf cannot provide; the run stops with this message.
    Unsupported(String),
}

/// The result of a native.
pub type NativeResult = Result<Value, NativeExit>;

/// A native method implementation.
pub type NativeFn = fn(&mut Vm, &mut Exec, &[Value]) -> NativeResult;

/// Shorthand for throwing a new exception from a native.
pub fn throw<T>(class: &'static str, message: impl Into<String>) -> Result<T, NativeExit> {
    Err(NativeExit::ThrowNew(class, Some(message.into())))
}

/// Shorthand for a NullPointerException without message.
pub fn npe<T>() -> Result<T, NativeExit> {
    Err(NativeExit::ThrowNew("java/lang/NullPointerException", None))
}

/// Natives by `class.name(descriptor)`.
#[derive(Default, Clone)]
pub struct NativeRegistry {
    map: HashMap<String, NativeFn>,
}

impl NativeRegistry {
    /// The registry with all of rpf's natives and intrinsics.
    pub fn standard() -> NativeRegistry {
        let mut r = NativeRegistry::default();
        lang::register(&mut r);
        system::register(&mut r);
        string::register(&mut r);
        math::register(&mut r);
        io::register(&mut r);
        nio::register(&mut r);
        thread::register(&mut r);
        unsafe_::register(&mut r);
        reflect::register(&mut r);
        super::varhandle::register(&mut r);
        verify::register(&mut r);
        r
    }

    /// Registers `f` for `class.name desc`; a later registration replaces an earlier one.
    pub fn add(&mut self, class: &str, name: &str, desc: &str, f: NativeFn) {
        self.map.insert(format!("{class}.{name}{desc}"), f);
    }

    /// The native for a method, if registered. JDK classes' `registerNatives()` and
    /// `initIDs()` hooks only matter to HotSpot and are no-ops everywhere.
    pub fn lookup(&self, class: &str, name: &str, desc: &str) -> Option<NativeFn> {
        if desc == "()V" && matches!(name, "registerNatives" | "initIDs") {
            return Some(|_, _, _| Ok(Value::Void));
        }
        self.map.get(&format!("{class}.{name}{desc}")).copied()
    }

    /// Number of registered natives.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether no natives are registered.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
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

/// The frames `(method, pc)` recorded in a Throwable's backtrace, innermost first.
pub fn backtrace_of(vm: &Vm, throwable: Ref) -> Vec<(u32, u32)> {
    lang::backtrace_frames(vm, throwable)
}

/// The top frame `(method, pc)` recorded in a Throwable's backtrace.
pub fn lang_backtrace_top(vm: &Vm, throwable: Ref) -> Option<(u32, u32)> {
    lang::backtrace_frames(vm, throwable).first().copied()
}

/// JVMTI thread status of a started, running thread (`Thread.threadStatus`).
pub const THREAD_RUNNABLE: i32 = 0x0005;
/// JVMTI thread status of a terminated thread.
pub const THREAD_TERMINATED: i32 = 0x0002;

/// The class behind a `java.lang.Class` argument, or NullPointerException.
pub fn class_arg(vm: &Vm, mirror: Ref) -> Result<super::class::ClassId, NativeExit> {
    vm.class_of_mirror(mirror)
        .ok_or(NativeExit::ThrowNew("java/lang/NullPointerException", None))
}

/// A Java string argument as Rust text, or NullPointerException.
pub fn string_arg(vm: &Vm, s: Ref) -> Result<String, NativeExit> {
    vm.string_value(s)
        .ok_or(NativeExit::ThrowNew("java/lang/NullPointerException", None))
}

/// `Value::Int` of a boolean.
pub fn jbool(b: bool) -> Value {
    Value::Int(i32::from(b))
}
