//! What intrinsics share. An intrinsic replaces a JDK method that has bytecode and computes
//! what that bytecode computes, in the common case only: otherwise it declines
//! ([`decline`]) and the bytecode runs, which then throws, grows or allocates where it does.
//! It runs only where the machine allows ([`Machine::intrinsics`]).

use crate::class::ClassId;
use crate::flow::NativeExit;
use crate::heap::ObjData;
use crate::machine::Machine;
use crate::thread::Exec;
use crate::value::Ref;
use crate::vm::Vm;

/// Declines (the bytecode runs) where the machine turns intrinsics off.
pub fn enabled<M: Machine>(vm: &Vm<M>) -> Result<(), NativeExit> {
    if M::intrinsics(vm) {
        Ok(())
    } else {
        decline()
    }
}

/// The case the intrinsic does not handle: the bytecode runs.
pub fn decline<T>() -> Result<T, NativeExit> {
    Err(NativeExit::Bytecode)
}

/// Makes room for `bytes` in the Java heap (collecting garbage if need be), or declines
/// (the bytecode then throws the `OutOfMemoryError`). A collection knows only the
/// native's arguments, still on `exec`'s stack, as the intrinsic's roots: make room once
/// for everything it allocates, before the first allocation.
pub fn room<M: Machine>(vm: &mut Vm<M>, exec: &Exec, bytes: u64) -> Result<(), NativeExit> {
    vm.make_room(exec, bytes).or_else(|_| decline())
}

/// A new object of `class` holding `data` (see [`room`]).
pub fn alloc<M: Machine>(
    vm: &mut Vm<M>,
    exec: &Exec,
    class: ClassId,
    data: ObjData,
) -> Result<Ref, NativeExit> {
    room(vm, exec, data.footprint())?;
    Ok(vm.alloc(class, data))
}
