//! How an operation ends: an instruction's [`Flow`] (continue, or [`Stop`] and why) and a
//! native's [`NativeResult`] (a value, or a [`NativeExit`]). The interpreter, the natives
//! and the machine's hooks all speak these, so they live below all three.

use crate::class::MethodId;
use crate::value::{Ref, Value};

/// Why the interpreter stopped executing a thread.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The instruction budget is used up, or the run reached its checkpoint
    /// ([`Registers::checkpoint`](crate::vm::Registers::checkpoint)); the thread can continue.
    Budget,
    /// The thread blocked (monitor, wait, sleep, join, park, class init).
    Blocked,
    /// A VM-initiated call returned (its value is in `Vm::upcall_result`).
    UpcallDone,
    /// The thread has no frames left.
    FramesEmpty,
    /// The thread asked to yield the processor.
    Yield,
    /// The VM halts with this status.
    Halt(i32),
    /// The model checker's transition ends here: choices were registered and the current
    /// instruction re-executes when the transition's successor runs.
    Break,
    /// The path ends here (`Verify.ignoreIf(true)`, `Verifier.assume(false)`): a machine
    /// that explores does not go on from this state.
    Prune,
}

/// Result of an operation: `Err` stops the interpreter (blocked, halted, ...).
pub type Flow = Result<(), Stop>;

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
    /// The program needs something rpf cannot provide; the run stops.
    Unsupported(Unsupported),
}

/// What a program needs that the run cannot give it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unsupported {
    /// A feature rpf lacks (a native, a kind of nondeterministic value): rpf's gap, which
    /// makes a check incomplete.
    Feature(String),
    /// A setting the program's request needs is missing or wrong (a named choice without a
    /// configured generator): the user's to fix.
    Setting(String),
}

impl Unsupported {
    /// What is missing, in words.
    pub fn message(&self) -> &str {
        match self {
            Unsupported::Feature(m) | Unsupported::Setting(m) => m,
        }
    }

    /// The same need, said to arise in `method`.
    pub fn in_method(self, method: &str) -> Unsupported {
        match self {
            Unsupported::Feature(m) => Unsupported::Feature(format!("{method}: {m}")),
            Unsupported::Setting(m) => Unsupported::Setting(format!("{method}: {m}")),
        }
    }
}

/// The result of a native.
pub type NativeResult = Result<Value, NativeExit>;
