//! What natives share: reading arguments, throwing, and conversions between Java and Rust
//! values.

use crate::allocation::{OutOfMemory, OUT_OF_MEMORY_ERROR};
use crate::class::ClassId;
use crate::flow::{NativeExit, Unsupported};
use crate::fs::FsError;
use crate::heap::ObjData;
use crate::machine::Machine;
use crate::thread::Exec;
use crate::value::{Ref, Value};
use crate::vm::{Jvm, Vm};

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

/// A file operation is about to happen. Every thread shares the file system, so where a
/// machine explores interleavings it is a scheduling point: the native ends the transition
/// before doing anything and re-executes as the first instruction of the next one.
pub fn file_operation<M: Machine>(vm: &mut Vm<M>) -> Result<(), NativeExit> {
    if M::EXPLORES && M::scheduling_point(vm, "file") {
        return Err(NativeExit::Choice);
    }
    Ok(())
}

/// Reads standard input into `buf`; 0 at its end. Where a machine explores, every path reads
/// the same input: it comes from one copy read on first use, at the path's own position
/// (part of the state), and a read is a scheduling point as a file operation is (threads
/// share the input).
pub fn read_input<M: Machine>(vm: &mut Vm<M>, buf: &mut [u8]) -> Result<usize, NativeExit> {
    vm.io.flush();
    if !M::EXPLORES {
        use std::io::Read;
        return std::io::stdin()
            .read(buf)
            .or_else(|e| throw("java/io/IOException", e.to_string()));
    }
    file_operation(vm)?;
    let at = vm.state.input_read;
    let rest = vm.io.input().get(at as usize..).unwrap_or_default();
    let n = rest.len().min(buf.len());
    buf[..n].copy_from_slice(&rest[..n]);
    vm.state.input_read = at + n as u64;
    Ok(n)
}

/// How many bytes of standard input can be read without blocking (`available()`): where a
/// machine explores, the rest of its one copy; otherwise none are promised.
pub fn input_available<M: Machine>(vm: &mut Vm<M>) -> u64 {
    if !M::EXPLORES {
        return 0;
    }
    let at = vm.state.input_read as usize;
    vm.io.input().len().saturating_sub(at) as u64
}

/// A failed file operation as `java.io` reports it: an `IOException` with the C library's
/// message; or the end of the run when the sandbox cannot model the operation.
pub fn io_failure<T>(e: FsError) -> Result<T, NativeExit> {
    match e {
        FsError::Os(errno) => throw("java/io/IOException", errno.message()),
        FsError::Unsupported(what) => Err(NativeExit::Unsupported(Unsupported::Feature(what))),
    }
}

/// The bytes `array[off..off + len]`, or the exception of an out-of-range request.
pub fn array_bytes(vm: &Jvm, array: Ref, off: i32, len: i32) -> Result<Vec<u8>, NativeExit> {
    match vm.state.heap.get(array).map(|o| &o.data) {
        Some(ObjData::Bytes(b)) => {
            let (off, len) = (off.max(0) as usize, len.max(0) as usize);
            if off + len > b.len() {
                return throw(
                    "java/lang/IndexOutOfBoundsException",
                    format!(
                        "Range [{off}, {off} + {len}) out of bounds for length {}",
                        b.len()
                    ),
                );
            }
            Ok(b[off..off + len].iter().map(|&x| x as u8).collect())
        }
        _ => npe(),
    }
}

/// For a native that needs `class` initialized: `Ok` once it is; otherwise its initializer
/// (or the error that it cannot run) comes first, and the native's call runs again after it
/// (`Reexecute`), or waits for the thread initializing it (`Block`).
pub fn initialized_first<M: Machine>(
    vm: &mut Vm<M>,
    exec: &mut Exec,
    class: ClassId,
) -> Result<(), NativeExit> {
    if vm.initialized(class) {
        return Ok(());
    }
    match vm.ensure_initialized(exec, class) {
        Err(crate::flow::Stop::Blocked) => Err(NativeExit::Block),
        _ => Err(NativeExit::Reexecute),
    }
}
