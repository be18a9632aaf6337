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
use std::rc::Rc;

use super::{Jvm, Machine, Vm};

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
pub type NativeFn<M> = fn(&mut Vm<M>, &mut Exec, &[Value]) -> NativeResult;

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
}

/// Shorthand for throwing a new exception from a native.
pub fn throw<T>(class: &'static str, message: impl Into<String>) -> Result<T, NativeExit> {
    Err(NativeExit::ThrowNew(class, Some(message.into())))
}

/// Shorthand for a NullPointerException without message.
pub fn npe<T>() -> Result<T, NativeExit> {
    Err(NativeExit::ThrowNew("java/lang/NullPointerException", None))
}

/// A registered method: its implementation (none for a method whose meaning alone is
/// declared) and meaning.
struct Entry<M: Machine> {
    key: String,
    native: Option<NativeFn<M>>,
    meaning: Meaning,
}

/// rpf's natives and intrinsics by `class.name(descriptor)`, with their meanings.
pub struct NativeRegistry<M: Machine> {
    entries: Vec<Entry<M>>,
    by_key: HashMap<String, usize>,
}

/// The [`NativeId`] of the no-op that JDK classes' `registerNatives()` and `initIDs()` hooks
/// bind to (they only matter to HotSpot).
const NO_OP: NativeId = 0;

impl<M: Machine> NativeRegistry<M> {
    /// The registry with all of rpf's natives and intrinsics.
    pub fn standard() -> NativeRegistry<M> {
        let mut r = NativeRegistry {
            entries: Vec::new(),
            by_key: HashMap::new(),
        };
        r.add("", "<no-op>", "()V", |_, _, _| Ok(Value::Void));
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

    /// The entry for `class.name desc`, created if new.
    fn entry(&mut self, class: &str, name: &str, desc: &str) -> &mut Entry<M> {
        let key = format!("{class}.{name}{desc}");
        let next = self.entries.len();
        let i = *self.by_key.entry(key.clone()).or_insert(next);
        if i == next {
            self.entries.push(Entry {
                key,
                native: None,
                meaning: Meaning::default(),
            });
        }
        &mut self.entries[i]
    }

    /// Registers `f` for `class.name desc` (a later registration replaces an earlier one);
    /// returns its meaning to declare.
    pub fn add(&mut self, class: &str, name: &str, desc: &str, f: NativeFn<M>) -> &mut Meaning {
        let entry = self.entry(class, name, desc);
        entry.native = Some(f);
        &mut entry.meaning
    }

    /// The meaning of `class.name desc`, a method rpf does not implement itself (its
    /// bytecode runs), to declare.
    pub fn declare(&mut self, class: &str, name: &str, desc: &str) -> &mut Meaning {
        &mut self.entry(class, name, desc).meaning
    }

    /// Splits the registry into the implementations, by [`NativeId`], and the index the
    /// class loader links methods with.
    pub fn split(self) -> (Rc<[NativeFn<M>]>, NativeIndex) {
        let mut table = Vec::with_capacity(self.entries.len());
        let mut index = HashMap::with_capacity(self.entries.len());
        for e in self.entries {
            let native = e.native.map(|f| {
                table.push(f);
                (table.len() - 1) as NativeId
            });
            index.insert(
                e.key,
                Linked {
                    native,
                    meaning: e.meaning,
                },
            );
        }
        (table.into(), NativeIndex { map: index })
    }
}

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
pub fn backtrace_of(vm: &Jvm, throwable: Ref) -> Vec<(u32, u32)> {
    lang::backtrace_frames(vm, throwable)
}

/// The top frame `(method, pc)` recorded in a Throwable's backtrace.
pub fn lang_backtrace_top(vm: &Jvm, throwable: Ref) -> Option<(u32, u32)> {
    lang::backtrace_frames(vm, throwable).first().copied()
}

/// JVMTI thread status of a started, running thread (`Thread.threadStatus`).
pub const THREAD_RUNNABLE: i32 = 0x0005;
/// JVMTI thread status of a terminated thread.
pub const THREAD_TERMINATED: i32 = 0x0002;

/// The class behind a `java.lang.Class` argument, or NullPointerException.
pub fn class_arg(vm: &Jvm, mirror: Ref) -> Result<super::class::ClassId, NativeExit> {
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
