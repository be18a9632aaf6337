//! The door between the JVM and what drives it.
//!
//! The interpreter and the natives are generic over one [`Machine`], the way
//! `rustc_const_eval`'s `InterpCx<M: Machine>` keeps Miri's features out of the core: every
//! place where a model checker (or any other driver) needs to see or steer execution is a
//! hook of this trait — accesses that may end a transition, memory effects, choices, thread
//! deaths, events, and single instructions. Every hook has the behaviour of plain execution
//! as its default, and [`Plain`](crate::plain::Plain) takes all defaults: with [`Machine::EXPLORES`] false the
//! interpreter compiles the hooks away, so `rpf run` pays nothing for them.
//!
//! Hooks are associated functions taking the whole [`Vm`], so a machine reads the JVM and
//! its own state (`vm.machine`) freely; nothing is taken out and put back, and nothing is
//! passed up by leaving notes in the JVM's fields.

use super::class::{Class, ClassId, Method, MethodId};
use super::thread::Exec;
use super::value::{Ref, Value};
use crate::class::FieldRef;
use crate::flow::NativeExit;
use crate::flow::{Flow, Unsupported};
use crate::vm::Vm;

/// One value a choice offers: a thread to run, or a data value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Choice {
    /// Run this thread next.
    Thread(u32),
    /// An int.
    Int(i32),
    /// A long.
    Long(i64),
    /// A double.
    Double(f64),
    /// A boolean.
    Bool(bool),
}

impl std::fmt::Display for Choice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Choice::Thread(t) => write!(f, "thread {t}"),
            Choice::Int(v) => write!(f, "{v}"),
            Choice::Long(v) => write!(f, "{v}"),
            Choice::Double(v) => write!(f, "{v}"),
            Choice::Bool(v) => write!(f, "{v}"),
        }
    }
}

/// A field or array element access as a scheduling policy sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Access {
    /// The instance, the class's statics object, or the array.
    pub object: Ref,
    /// The field: declaring class and slot (`None` for an array element).
    pub field: Option<(ClassId, u32)>,
    /// Whether the field is static.
    pub is_static: bool,
    /// Whether the field is final (never a scheduling point).
    pub is_final: bool,
    /// Whether the accessing code belongs to the class library.
    pub in_system: bool,
    /// Whether the access writes.
    pub write: bool,
}

/// Where the running thread's frames are while the machine hears of something.
pub enum Frames<'a> {
    /// The thread is not executing (its frames are in its thread record).
    Parked,
    /// The thread executes; its frames may be read.
    Shared(&'a Exec),
    /// The thread executes and the machine may change its operands and locals.
    Mutable(&'a mut Exec),
}

impl Frames<'_> {
    /// The running thread's frames, if they are here.
    pub fn exec(&self) -> Option<&Exec> {
        match self {
            Frames::Parked => None,
            Frames::Shared(e) => Some(e),
            Frames::Mutable(e) => Some(e),
        }
    }

    /// The same access for a nested call.
    pub fn reborrow(&mut self) -> Frames<'_> {
        match self {
            Frames::Parked => Frames::Parked,
            Frames::Shared(e) => Frames::Shared(e),
            Frames::Mutable(e) => Frames::Mutable(e),
        }
    }
}

/// What the JVM reports to its machine as it executes (the plugin host turns these into
/// listener events). Unless a variant names a thread, it happened in the running one; the
/// variant's documentation says what its fields are.
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy)]
pub enum VmEvent<'a> {
    /// An instruction is about to execute.
    InstructionExecuting { method: MethodId, pc: u32 },
    /// An instruction executed; `next` is the next instruction in the same frame (`None`
    /// when a call, return or throw changed frames).
    InstructionExecuted {
        method: MethodId,
        pc: u32,
        next: Option<u32>,
    },
    /// Thread `thread` was started.
    ThreadStarted { thread: usize },
    /// The running thread blocked on the monitor of `object`.
    ThreadBlocked { object: Ref },
    /// The running thread started waiting on the monitor of `object` (null: it parked).
    ThreadWaiting { object: Ref },
    /// Waiting thread `thread` was notified.
    ThreadNotified { thread: usize },
    /// Thread `thread` was interrupted.
    ThreadInterrupted { thread: usize },
    /// Thread `thread` terminated.
    ThreadTerminated { thread: usize },
    /// `object` was allocated; reported when the operation that allocated it ends, with
    /// the allocating thread's frames.
    ObjectCreated { object: Ref },
    /// Garbage collection freed `object`, which nothing reached.
    ObjectReleased { object: Ref },
    /// The running thread acquired the monitor of `object` (`count`: its recursion
    /// count now).
    ObjectLocked { object: Ref, count: u32 },
    /// The running thread released the monitor of `object` once (`count`: what remains).
    ObjectUnlocked { object: Ref, count: u32 },
    /// `Object.wait` on `object`.
    ObjectWait { object: Ref },
    /// `Object.notify` (or `notifyAll`: `all`) on `object`.
    ObjectNotify { object: Ref, all: bool },
    /// Class `class` was loaded; reported when the operation that loaded it ends.
    ClassLoaded { class: ClassId },
    /// `method` was entered.
    MethodEntered { method: MethodId },
    /// `method` returned or was unwound.
    MethodExited { method: MethodId },
    /// `exception` (of class `class`) was thrown at the running thread's current
    /// instruction.
    ExceptionThrown { exception: Ref, class: ClassId },
    /// `exception` was caught by a handler at the current instruction.
    ExceptionHandled { exception: Ref, class: ClassId },
    /// `field` of `holder` (the instance or the class's statics object) was read by code
    /// of the class library (`system`) or of the application.
    FieldRead {
        holder: Ref,
        field: &'a FieldRef,
        system: bool,
    },
    /// A field was written (as [`VmEvent::FieldRead`]).
    FieldWritten {
        holder: Ref,
        field: &'a FieldRef,
        system: bool,
    },
    /// Element `index` of `array` was read.
    ArrayRead {
        array: Ref,
        index: i32,
        system: bool,
    },
    /// Element `index` of `array` was written.
    ArrayWritten {
        array: Ref,
        index: i32,
        system: bool,
    },
}

/// The kind of a [`VmEvent`], for subscription tests before an event is built.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum VmEventKind {
    /// See [`VmEvent::InstructionExecuting`].
    InstructionExecuting,
    /// See [`VmEvent::InstructionExecuted`].
    InstructionExecuted,
    /// See [`VmEvent::ThreadStarted`].
    ThreadStarted,
    /// See [`VmEvent::ThreadBlocked`].
    ThreadBlocked,
    /// See [`VmEvent::ThreadWaiting`].
    ThreadWaiting,
    /// See [`VmEvent::ThreadNotified`].
    ThreadNotified,
    /// See [`VmEvent::ThreadInterrupted`].
    ThreadInterrupted,
    /// See [`VmEvent::ThreadTerminated`].
    ThreadTerminated,
    /// See [`VmEvent::ObjectCreated`].
    ObjectCreated,
    /// See [`VmEvent::ObjectReleased`].
    ObjectReleased,
    /// See [`VmEvent::ObjectLocked`].
    ObjectLocked,
    /// See [`VmEvent::ObjectUnlocked`].
    ObjectUnlocked,
    /// See [`VmEvent::ObjectWait`].
    ObjectWait,
    /// See [`VmEvent::ObjectNotify`].
    ObjectNotify,
    /// See [`VmEvent::ClassLoaded`].
    ClassLoaded,
    /// See [`VmEvent::MethodEntered`].
    MethodEntered,
    /// See [`VmEvent::MethodExited`].
    MethodExited,
    /// See [`VmEvent::ExceptionThrown`].
    ExceptionThrown,
    /// See [`VmEvent::ExceptionHandled`].
    ExceptionHandled,
    /// See [`VmEvent::FieldRead`].
    FieldRead,
    /// See [`VmEvent::FieldWritten`].
    FieldWritten,
    /// See [`VmEvent::ArrayRead`].
    ArrayRead,
    /// See [`VmEvent::ArrayWritten`].
    ArrayWritten,
}

impl VmEvent<'_> {
    /// The event's kind.
    pub fn kind(&self) -> VmEventKind {
        match self {
            VmEvent::InstructionExecuting { .. } => VmEventKind::InstructionExecuting,
            VmEvent::InstructionExecuted { .. } => VmEventKind::InstructionExecuted,
            VmEvent::ThreadStarted { .. } => VmEventKind::ThreadStarted,
            VmEvent::ThreadBlocked { .. } => VmEventKind::ThreadBlocked,
            VmEvent::ThreadWaiting { .. } => VmEventKind::ThreadWaiting,
            VmEvent::ThreadNotified { .. } => VmEventKind::ThreadNotified,
            VmEvent::ThreadInterrupted { .. } => VmEventKind::ThreadInterrupted,
            VmEvent::ThreadTerminated { .. } => VmEventKind::ThreadTerminated,
            VmEvent::ObjectCreated { .. } => VmEventKind::ObjectCreated,
            VmEvent::ObjectReleased { .. } => VmEventKind::ObjectReleased,
            VmEvent::ObjectLocked { .. } => VmEventKind::ObjectLocked,
            VmEvent::ObjectUnlocked { .. } => VmEventKind::ObjectUnlocked,
            VmEvent::ObjectWait { .. } => VmEventKind::ObjectWait,
            VmEvent::ObjectNotify { .. } => VmEventKind::ObjectNotify,
            VmEvent::ClassLoaded { .. } => VmEventKind::ClassLoaded,
            VmEvent::MethodEntered { .. } => VmEventKind::MethodEntered,
            VmEvent::MethodExited { .. } => VmEventKind::MethodExited,
            VmEvent::ExceptionThrown { .. } => VmEventKind::ExceptionThrown,
            VmEvent::ExceptionHandled { .. } => VmEventKind::ExceptionHandled,
            VmEvent::FieldRead { .. } => VmEventKind::FieldRead,
            VmEvent::FieldWritten { .. } => VmEventKind::FieldWritten,
            VmEvent::ArrayRead { .. } => VmEventKind::ArrayRead,
            VmEvent::ArrayWritten { .. } => VmEventKind::ArrayWritten,
        }
    }
}

impl VmEventKind {
    /// Every kind, in declaration order.
    pub const ALL: &'static [VmEventKind] = &[
        VmEventKind::InstructionExecuting,
        VmEventKind::InstructionExecuted,
        VmEventKind::ThreadStarted,
        VmEventKind::ThreadBlocked,
        VmEventKind::ThreadWaiting,
        VmEventKind::ThreadNotified,
        VmEventKind::ThreadInterrupted,
        VmEventKind::ThreadTerminated,
        VmEventKind::ObjectCreated,
        VmEventKind::ObjectReleased,
        VmEventKind::ObjectLocked,
        VmEventKind::ObjectUnlocked,
        VmEventKind::ObjectWait,
        VmEventKind::ObjectNotify,
        VmEventKind::ClassLoaded,
        VmEventKind::MethodEntered,
        VmEventKind::MethodExited,
        VmEventKind::ExceptionThrown,
        VmEventKind::ExceptionHandled,
        VmEventKind::FieldRead,
        VmEventKind::FieldWritten,
        VmEventKind::ArrayRead,
        VmEventKind::ArrayWritten,
    ];
}

impl VmEventKind {
    /// This kind's bit in a machine's subscription mask.
    pub const fn bit(self) -> u32 {
        1 << self as u8
    }
}

/// What a machine did with an instruction offered to it before execution
/// ([`Machine::instead_of`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Instead {
    /// Nothing: the JVM executes the instruction.
    Nothing,
    /// The machine executed it; continue with the next instruction.
    Next,
    /// The machine executed it; continue at this instruction of the same method.
    Jump(u32),
    /// End the transition here; the instruction executes first in the next one.
    Reexecute,
}

/// Where the running thread stands before an instruction.
#[derive(Debug, Clone, Copy)]
pub struct Site {
    /// The method.
    pub method: MethodId,
    /// The instruction index.
    pub pc: u32,
    /// The instruction's opcode.
    pub opcode: u8,
}

/// What drives the JVM: plain execution, or a model checker. See the module documentation.
pub trait Machine: Sized {
    /// Whether this machine explores alternative executions (scheduling points, choices,
    /// pruning); with `false` the interpreter compiles every hook call away.
    const EXPLORES: bool;

    // ----- Operations that may end a transition: `true` ends it before the operation, which
    // ----- then executes first in the next transition (JPF's top and bottom halves).

    /// A field or array element access is about to happen.
    #[inline(always)]
    fn before_access(_vm: &mut Vm<Self>, _access: &Access) -> bool {
        false
    }

    /// The running thread is about to take `obj`'s monitor (not recursively).
    #[inline(always)]
    fn before_monitor_enter(_vm: &mut Vm<Self>, _obj: Ref, _in_system: bool) -> bool {
        false
    }

    /// The running thread is about to start initializing `classes` (in that order); true
    /// ends the transition first (the instruction that needs them re-executes).
    #[inline(always)]
    fn before_initializing(_vm: &mut Vm<Self>, _exec: &Exec, _classes: &[ClassId]) -> bool {
        false
    }

    /// Code of `caller` is about to call `target` (after resolution and selection).
    #[inline(always)]
    fn before_call(_vm: &mut Vm<Self>, _exec: &Exec, _caller: &Class, _target: MethodId) -> bool {
        false
    }

    /// Code of `caller` is about to call a `VarHandle` or `MethodHandle` access method with
    /// call-site descriptor `desc` (the handle and its arguments on `exec`'s stack); true
    /// ends the transition first.
    #[inline(always)]
    fn before_handle_call(_vm: &mut Vm<Self>, _exec: &Exec, _caller: &Class, _desc: &str) -> bool {
        false
    }

    /// The program asks for a scheduling point (`Verify.breakTransition`).
    #[inline(always)]
    fn scheduling_point(_vm: &mut Vm<Self>, _reason: &'static str) -> bool {
        false
    }

    // ----- Memory effects, for machines that track what transitions touch.

    /// A field, element or the monitor of `obj` was read.
    #[inline(always)]
    fn read(_vm: &mut Vm<Self>, _obj: Ref) {}

    /// `new` was stored into a field or element of `holder`, replacing `old`.
    #[inline(always)]
    fn stored(_vm: &mut Vm<Self>, _holder: Ref, _old: Value, _new: Value) {}

    /// Many elements of array `array` were stored at once (`System.arraycopy`).
    #[inline(always)]
    fn stored_range(_vm: &mut Vm<Self>, _array: Ref) {}

    /// References `values` were stored into elements of array `array` at once
    /// (`System.arraycopy`; [`stored_range`](Self::stored_range) reported the range).
    #[inline(always)]
    fn stored_refs(_vm: &mut Vm<Self>, _array: Ref, _values: &[Ref]) {}

    /// `root` became reachable from everywhere (a static field, a started thread).
    #[inline(always)]
    fn published(_vm: &mut Vm<Self>, _root: Ref) {}

    /// The monitor of `obj` was used: changed (entered, left, waited on, notified), or only
    /// looked at (`changed` false: contention).
    #[inline(always)]
    fn synchronized(_vm: &mut Vm<Self>, _obj: Ref, _changed: bool) {}

    /// A native is about to run.
    #[inline(always)]
    fn native_call(_vm: &mut Vm<Self>, _method: &Method) {}

    /// The JVM is doing something the memory hooks do not describe (linking a call site).
    #[inline(always)]
    fn untracked(_vm: &mut Vm<Self>) {}

    /// Whether, right now, the class library's accesses to instance fields and array
    /// elements need none of the memory hooks: none can be a scheduling point, nothing is
    /// recorded of them and no plugin hears of them. The inner loop then runs them as plain
    /// execution does, except stores of references, which still go through
    /// [`stored`](Self::stored). Asked each time the running library code enters the inner
    /// loop.
    #[inline(always)]
    fn quiet_library(_vm: &Vm<Self>) -> bool {
        false
    }

    /// Whether intrinsics may replace JDK bytecode (see `natives::string`). An intrinsic
    /// does what the bytecode does in one step, reporting its accesses to the memory hooks;
    /// a machine that must see the JDK's own instructions (scheduling points inside JDK
    /// code, listeners, symbolic values riding on operands) answers false.
    #[inline(always)]
    fn intrinsics(vm: &Vm<Self>) -> bool {
        vm.opts.intrinsics
    }

    // ----- Choices.

    /// The choice this transition started with for `id` while its first instruction (the
    /// native that registered the choice, re-executing) runs: the bottom half of a choice.
    #[inline(always)]
    fn chosen(_vm: &Vm<Self>, _id: &str) -> Option<Choice> {
        None
    }

    /// The top half of choice `id` among `choices` (not empty). Plain execution takes the
    /// first; an exploring machine registers the choice and ends the transition
    /// (`Err(NativeExit::Choice)`), and the native re-executes with [`chosen`](Self::chosen)
    /// giving the value.
    #[inline(always)]
    fn choose(_vm: &mut Vm<Self>, _id: &str, choices: Vec<Choice>) -> Result<Choice, NativeExit> {
        Ok(choices[0])
    }

    /// The values configured for `Verify.getInt(name)` / `getDouble(name)`: `None` when
    /// nothing is, `Some(Err)` when the configured source failed.
    fn named_choices(_vm: &mut Vm<Self>, _name: &str) -> Option<Result<Vec<Choice>, String>> {
        None
    }

    /// Whether `java.util.Random.nextInt(n)` / `nextBoolean()` are choices.
    #[inline(always)]
    fn enumerate_random(_vm: &Vm<Self>) -> bool {
        false
    }

    // ----- Program life.

    /// Thread `thread`'s entry call ended with `exception`, which nothing caught. `true`:
    /// the machine takes it (the thread stops where it is); `false`: the JVM hands it to
    /// the thread's uncaught-exception handler, as `java` does.
    #[inline(always)]
    fn uncaught(_vm: &mut Vm<Self>, _thread: usize, _exception: Ref) -> bool {
        false
    }

    /// The program asked to end the search (`Verify.terminateSearch`): an exploring machine
    /// stops after this transition, its search incomplete; plain execution has none to end.
    fn terminate_search(_vm: &mut Vm<Self>) {}

    /// The program needs something rpf cannot provide. Plain execution throws
    /// `UnsupportedOperationException`; a model checker stops, since it cannot give a
    /// verdict about a program it cannot run.
    fn unsupported(vm: &mut Vm<Self>, exec: &mut Exec, what: Unsupported) -> Flow {
        vm.throw_new(
            exec,
            "java/lang/UnsupportedOperationException",
            Some(what.message().to_string()),
        )
    }

    // ----- Events.

    /// Whether the machine wants events of `kind` (tested before an event is built).
    #[inline(always)]
    fn wants(_vm: &Vm<Self>, _kind: VmEventKind) -> bool {
        false
    }

    /// An event the machine wants.
    #[inline(always)]
    fn event(_vm: &mut Vm<Self>, _frames: Frames<'_>, _event: VmEvent<'_>) {}

    // ----- Single instructions.

    /// Whether to execute one instruction at a time, offering each to
    /// [`instead_of`](Self::instead_of) and reporting instruction events.
    #[inline(always)]
    fn stepwise(_vm: &Vm<Self>) -> bool {
        false
    }

    /// An instruction is about to execute in stepwise mode: the machine may execute it
    /// itself (a bytecode factory) or end the transition before it.
    fn instead_of(_vm: &mut Vm<Self>, _exec: &mut Exec, _site: &Site) -> Instead {
        Instead::Nothing
    }

    /// Whether executed instructions are to be recorded (error traces); asked whenever a
    /// frame starts or resumes executing.
    #[inline(always)]
    fn recording(_vm: &Vm<Self>) -> bool {
        false
    }

    /// Records that the running thread is about to execute `pc` of `method`.
    #[inline(always)]
    fn record(_vm: &mut Vm<Self>, _method: MethodId, _pc: u32) {}

    /// Asked after every operation that is not a plain instruction: whether the machine
    /// wants the transition to end there (a listener asked for it).
    #[inline(always)]
    fn break_requested(_vm: &mut Vm<Self>) -> bool {
        false
    }
}
