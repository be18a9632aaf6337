//! Native methods: Rust functions registered by class, name and descriptor.
//!
//! A native receives the VM, the calling thread's execution state and its arguments (receiver
//! first). Besides returning a value it can throw, block (the invoke instruction re-executes
//! when the thread runs again — JPF's top half / bottom half), or hand over to a Java method.
//! The same registry also holds *intrinsics*: Rust replacements for JDK methods that have
//! bytecode but are too slow or too native-heavy to interpret.

mod bigint;
mod intrinsic;
mod io;
mod lang;
mod math;
mod method_handle;
mod nio;
mod reflect;
pub mod registry;
mod stack_walk;
pub(crate) mod string;
pub(crate) mod support;
mod system;
mod thread;
pub(crate) mod unsafe_;
mod varhandle;
mod verify;
mod zip;

use crate::machine::Machine;
use registry::NativeRegistry;

impl<M: Machine> NativeRegistry<M> {
    /// The registry with all of rpf's natives and intrinsics.
    pub fn standard() -> NativeRegistry<M> {
        let mut r = NativeRegistry::new();
        lang::register(&mut r);
        system::register(&mut r);
        string::register(&mut r);
        math::register(&mut r);
        bigint::register(&mut r);
        io::register(&mut r);
        nio::register(&mut r);
        thread::register(&mut r);
        unsafe_::register(&mut r);
        reflect::register(&mut r);
        varhandle::register(&mut r);
        verify::register(&mut r);
        zip::register(&mut r);
        stack_walk::register(&mut r);
        r
    }
}
