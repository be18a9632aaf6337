//! Java threads as the VM sees them: stacks of frames and scheduling status.

use super::class::{ClassId, MethodId};
use super::value::{Ref, Value};

/// Why a frame exists, which decides what happens when it ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FrameKind {
    /// An ordinary call: on return the caller continues after its invoke instruction.
    Call,
    /// `<clinit>` of a class: on return the class is initialized and the caller re-executes
    /// the instruction that triggered initialization.
    ClassInit(ClassId),
    /// A call the VM made on its own (startup, thread entry, uncaught-exception dispatch):
    /// on return nothing in the caller is advanced and the result is dropped.
    Upcall,
}

/// One activation record. Locals and operand stack live in the thread's value stack.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Frame {
    /// The executing method.
    pub method: MethodId,
    /// Current instruction; while a callee runs, the invoke instruction.
    pub pc: u32,
    /// Index of local 0 in the value stack.
    pub locals: u32,
    /// Index of the first operand stack entry in the value stack.
    pub stack_base: u32,
    /// What ending this frame means.
    pub kind: FrameKind,
    /// Monitor to release on exit (synchronized methods), or null.
    pub lock: Ref,
}

/// A thread's frames and values; moved out of the thread while it executes.
#[derive(Debug, Default, PartialEq)]
pub struct Exec {
    /// Locals and operand stacks of all frames, bottom frame first.
    pub stack: Vec<Value>,
    /// Frames, bottom first.
    pub frames: Vec<Frame>,
    /// Plugin attributes of the value-stack entries (see [`super::attrs`]); empty unless a
    /// plugin attached one, otherwise as long as `stack`.
    pub attrs: Vec<i64>,
}

impl Clone for Exec {
    fn clone(&self) -> Self {
        Exec {
            stack: self.stack.clone(),
            frames: self.frames.clone(),
            attrs: self.attrs.clone(),
        }
    }

    /// Reuses this stack's buffers (restoring a saved state allocates nothing).
    fn clone_from(&mut self, source: &Self) {
        self.stack.clone_from(&source.stack);
        self.frames.clone_from(&source.frames);
        self.attrs.clone_from(&source.attrs);
    }
}

impl Exec {
    /// The running frame.
    #[inline(always)]
    pub fn top(&self) -> Option<&Frame> {
        self.frames.last()
    }

    /// The running frame, mutably.
    #[inline(always)]
    pub fn top_mut(&mut self) -> Option<&mut Frame> {
        self.frames.last_mut()
    }

    /// Pops an operand (Void if the frame is empty, which validated code never does).
    #[inline(always)]
    pub fn pop(&mut self) -> Value {
        self.stack.pop().unwrap_or_default()
    }

    /// Pushes an operand.
    #[inline(always)]
    pub fn push(&mut self, v: Value) {
        self.stack.push(v);
    }

    /// The operand `depth` entries below the top (0 = top).
    #[inline]
    pub fn peek(&self, depth: usize) -> Value {
        self.stack
            .len()
            .checked_sub(depth + 1)
            .and_then(|i| self.stack.get(i))
            .copied()
            .unwrap_or_default()
    }
}

/// What a thread is doing, from the scheduler's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// Created but `start()` not yet called.
    New,
    /// Can run.
    Runnable,
    /// Waiting to enter the monitor of an object (monitorenter, synchronized method, or
    /// re-acquiring after `wait`); runnable once the monitor is free.
    Blocked(Ref),
    /// In the wait set of an object's monitor (`Object.wait`).
    Waiting(Ref),
    /// In `Thread.sleep`.
    Sleeping,
    /// In `LockSupport.park` (Unsafe.park).
    Parked,
    /// Waiting for another thread to finish initializing a class.
    ClassInit(ClassId),
    /// Finished.
    Terminated,
}

/// State of an `Object.wait` in progress, kept across its top and bottom halves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WaitState {
    /// The monitor waited on.
    pub monitor: Ref,
    /// Recursion count to restore when re-acquired.
    pub count: u32,
    /// Set when notified, timed out or interrupted: the bottom half may proceed.
    pub woken: bool,
}

/// Which VM-initiated call a thread is in; decides what happens when that call ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Running `main` or `Thread.run`.
    Entry,
    /// Running `Thread.dispatchUncaughtException` after the entry call threw.
    Uncaught,
    /// Running `Thread.exit` (group bookkeeping) before termination.
    Exiting,
    /// Running shutdown hooks (`Shutdown.shutdown`) after the last non-daemon thread ended.
    Shutdown,
}

/// A Java thread.
#[derive(Debug, PartialEq)]
pub struct JThread {
    /// The `java.lang.Thread` object.
    pub obj: Ref,
    /// Frames and values (empty while the thread is executing: the interpreter holds them).
    pub exec: Exec,
    /// Scheduling status.
    pub status: Status,
    /// Daemon threads do not keep the program alive.
    pub daemon: bool,
    /// Pending interrupt.
    pub interrupted: bool,
    /// Permit for `park`/`unpark`.
    pub permit: bool,
    /// Wait in progress.
    pub wait: Option<WaitState>,
    /// Virtual-clock deadline (ms) for timed sleep/wait/park.
    pub deadline: Option<u64>,
    /// Set when the thread ended with an uncaught exception.
    pub died_by_exception: bool,
    /// The VM-initiated call in progress.
    pub phase: Phase,
    /// A `sleep` or `park` is in progress (its bottom half runs when the thread resumes).
    pub timed_block: bool,
    /// Identity hashes handed out by this thread (the next one derives from it).
    pub hash_counter: u32,
}

impl Clone for JThread {
    fn clone(&self) -> Self {
        JThread {
            exec: self.exec.clone(),
            ..*self
        }
    }

    /// Reuses the stack buffers (see [`Exec`]'s `clone_from`).
    fn clone_from(&mut self, source: &Self) {
        let mut exec = std::mem::take(&mut self.exec);
        exec.clone_from(&source.exec);
        *self = JThread { exec, ..*source };
    }
}

impl JThread {
    /// A new, not yet started thread for `obj`.
    pub fn new(obj: Ref, daemon: bool) -> JThread {
        JThread {
            obj,
            exec: Exec::default(),
            status: Status::New,
            daemon,
            interrupted: false,
            permit: false,
            wait: None,
            deadline: None,
            died_by_exception: false,
            phase: Phase::Entry,
            timed_block: false,
            hash_counter: 0,
        }
    }

    /// Whether the thread has started and not terminated.
    pub fn is_alive(&self) -> bool {
        !matches!(self.status, Status::New | Status::Terminated)
    }
}
