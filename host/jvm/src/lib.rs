//! rpf's Java virtual machine: class files and the class path, the class registry, heap,
//! threads, monitors, the interpreter, natives and invokedynamic.
//!
//! The JVM knows nothing of what drives it: the interpreter and the natives are generic over
//! a [`Machine`] (see [`machine`]), which plain execution ([`Plain`], `rpf run`) and the model
//! checker implement. What belongs to a program's state is one type, [`state::ProgramState`].
//!
//! The modules are layered; each uses only modules below it, so the crate has no import
//! cycle:
//! - class files and their sources: `classfile`, `classpath`, with `assembler` for the code
//!   rpf generates; plain data: `value`, `pvec`, `native_memory`, `linkage` (what a method
//!   links to), `fs` (the file system: the real one, or a path's sandbox), `time` (where the
//!   clock comes from, which timeouts a driver allows);
//! - the program's model: `class` (runtime classes and their resolution caches), `thread`,
//!   `heap`, `flow` (how an instruction or native ends), the class registry `loader` with
//!   `resolve`, and `state` (the program state and its tables);
//! - `vm`: the [`Jvm`] and the [`Vm`] that drives it, then `machine` (the hooks), and
//!   `describe` and `backtrace`, which only read the JVM;
//! - what the VM does, each an `impl Vm` of its own: `objects`, `allocation` (what the
//!   program allocates, within the heap limit), `strings`, `monitor`, `exceptions`,
//!   `clock`, `class_init`, `operations`, `attributes`, `reflection`, `indy`, `gc`,
//!   `events`, then `interpreter`, `natives` and `stepwise`, and on top `plain`, `boot` and
//!   `lifecycle`.

pub mod allocation;
pub mod assembler;
pub mod attributes;
pub mod backtrace;
pub mod boot;
pub mod class;
mod class_init;
pub mod classfile;
pub mod classpath;
pub mod clock;
pub mod describe;
mod events;
mod exceptions;
pub mod flow;
pub mod fs;
pub mod gc;
pub mod hash;
pub mod heap;
pub mod indy;
pub mod interpreter;
pub mod lifecycle;
pub mod linkage;
pub mod loader;
pub mod machine;
pub mod monitor;
pub mod native_memory;
pub mod natives;
pub mod npe_messages;
mod objects;
pub mod operations;
pub mod plain;
pub mod pvec;
pub mod reflection;
pub mod resolve;
pub mod state;
mod stepwise;
pub mod strings;
pub mod thread;
pub mod time;
pub mod value;
mod verify_globals;
pub mod vm;

pub use flow::{Flow, Stop, Unsupported};
pub use machine::Machine;
pub use objects::Instantiable;
pub use plain::Plain;
pub use state::{ClassState, InitState};
pub use vm::{Jvm, Vm, VmOptions};
