//! Java threads as the VM sees them: stacks of frames and scheduling status.

use std::rc::Rc;

use super::class::{ClassId, Method, MethodId};
use super::value::{Ref, Value};

/// Why a frame exists, which decides what happens when it ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FrameKind {
    /// An ordinary call: on return the caller continues after its invoke instruction.
    Call,
    /// A call whose result the caller does not take (a `VarHandle` access in statement
    /// position that rpf runs as the JDK's method returning the old value): on return the
    /// result is dropped and the caller continues after its invoke instruction.
    Discard,
    /// `<clinit>` of a class: on return the class is initialized and the caller re-executes
    /// the instruction that triggered initialization.
    ClassInit(ClassId),
    /// A call the VM made on its own (startup, thread entry, uncaught-exception dispatch):
    /// on return nothing in the caller is advanced and the result is dropped.
    Upcall,
    /// A call a bytecode factory made before an instruction (a symbolic method's
    /// precondition): on return the result is pushed and the caller executes that
    /// instruction again.
    Interposed,
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
    /// Plugin attributes of the value-stack entries (see [`super::attributes`]); empty unless a
    /// plugin attached one, otherwise as long as `stack`.
    pub attrs: Vec<i64>,
    /// The size of this thread's stack in bytes: `vm.stack_size`, or the `stackSize` the
    /// thread was created with (kept here, where every call looks, rather than looked up).
    pub stack_size: u64,
}

/// A copy of `v` with `v`'s spare capacity: a copied stack is the one that runs next, and
/// would otherwise grow again at its first call.
fn copy_with_room<T: Clone>(v: &Vec<T>) -> Vec<T> {
    let mut copy = Vec::with_capacity(v.capacity());
    copy.extend_from_slice(v);
    copy
}

impl Clone for Exec {
    fn clone(&self) -> Self {
        Exec {
            stack: copy_with_room(&self.stack),
            frames: copy_with_room(&self.frames),
            attrs: self.attrs.clone(),
            stack_size: self.stack_size,
        }
    }

    /// Reuses this stack's buffers (restoring a saved state allocates nothing).
    fn clone_from(&mut self, source: &Self) {
        self.stack.clone_from(&source.stack);
        self.frames.clone_from(&source.frames);
        self.attrs.clone_from(&source.attrs);
        self.stack_size = source.stack_size;
    }
}

impl Exec {
    /// Pushes a frame for `m` (with `max_locals` and `max_stack`) whose arguments are the top
    /// operand stack entries: they become its first locals. Inline in every caller (a
    /// function of its own, it cost the call-heavy benchmarks 2–3% of their instructions),
    /// with the re-spacing of long and double arguments out of line.
    #[inline(always)]
    pub(crate) fn push_frame(
        &mut self,
        m: &Method,
        max_locals: u16,
        max_stack: u16,
        kind: FrameKind,
        lock: Ref,
    ) {
        let entries = usize::from(m.arg_entries);
        let locals = self.stack.len().saturating_sub(entries);
        if m.wide_args {
            self.space_wide_args(locals, entries);
        }
        let stack_base = locals + usize::from(max_locals);
        if self.stack.len() < stack_base {
            self.stack.resize(stack_base, Value::Void);
        }
        self.stack.reserve(usize::from(max_stack));
        self.frames.push(Frame {
            method: m.id,
            pc: 0,
            locals: locals as u32,
            stack_base: stack_base as u32,
            kind,
            lock,
        });
    }

    /// Re-spaces the `entries` arguments from `locals` on, in place and last argument first:
    /// locals number long and double arguments with two slots.
    #[inline(never)]
    fn space_wide_args(&mut self, locals: usize, entries: usize) {
        let wide = self.stack[locals..].iter().filter(|v| v.is_wide()).count();
        let mut to = locals + entries + wide;
        self.stack.resize(to, Value::Void);
        for from in (locals..locals + entries).rev() {
            let v = self.stack[from];
            if v.is_wide() {
                to -= 1;
                self.stack[to] = Value::Void;
            }
            to -= 1;
            self.stack[to] = v;
        }
    }

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

    /// Drops the entries from `base` up, except the top one, which moves to `base` (a
    /// method's result replacing its frame; `Void` if there is no entry above `base`). Copied
    /// as the inner loop writes entries ([`Value::relay`]): read back as a whole value, an
    /// entry the inner loop wrote would stall the copy, a twentieth of a call-heavy
    /// program's time.
    pub fn collapse_to(&mut self, base: usize) {
        match self.stack.len().checked_sub(1) {
            Some(top) if top >= base => {
                let p = self.stack.as_mut_ptr();
                // SAFETY: both entries are below the length (the same one if top == base).
                unsafe { Value::relay(p.add(top), p.add(base)) };
                self.stack.truncate(base + 1);
            }
            _ => {
                self.stack.truncate(base);
                self.stack.push(Value::default());
            }
        }
    }

    /// Pushes an operand.
    #[inline(always)]
    pub fn push(&mut self, v: Value) {
        self.stack.push(v);
    }

    /// Advances the top frame past its current instruction.
    #[inline]
    pub fn advance(&mut self) {
        if let Some(f) = self.frames.last_mut() {
            f.pc += 1;
        }
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

/// Identifies one version of a thread's content: every mutable access through
/// [`ThreadTable`] gives the thread a new stamp, so equal stamps mean equal content and the
/// fingerprint can reuse a thread's digest. It takes no part in comparing threads (two
/// versions with equal content are equal whatever their stamps).
#[derive(Debug, Clone, Copy, Default)]
pub struct Stamp(u64);

impl PartialEq for Stamp {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Stamp {
    /// The stamp as a number (unique per thread version within one VM).
    pub fn get(self) -> u64 {
        self.0
    }
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
    /// When a timed sleep, wait or park ends, in nanoseconds on the program's clock.
    pub deadline: Option<u64>,
    /// When the thread last ran or became able to run, on the program's clock (how long a
    /// runnable thread has waited for the processor, see [`crate::time::Timeouts`]).
    pub ready_since: u64,
    /// Set when the thread ended with an uncaught exception.
    pub died_by_exception: bool,
    /// The VM-initiated call in progress.
    pub phase: Phase,
    /// A `sleep` or `park` is in progress (its bottom half runs when the thread resumes).
    pub timed_block: bool,
    /// Identity hashes handed out by this thread (the next one derives from it).
    pub hash_counter: u32,
    /// The version of this content (see [`Stamp`]).
    stamp: Stamp,
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
    /// A new, not yet started thread for `obj` with a stack of `stack_size` bytes.
    pub fn new(obj: Ref, daemon: bool, stack_size: u64) -> JThread {
        JThread {
            obj,
            exec: Exec {
                stack_size,
                ..Exec::default()
            },
            status: Status::New,
            daemon,
            interrupted: false,
            permit: false,
            wait: None,
            deadline: None,
            ready_since: 0,
            died_by_exception: false,
            phase: Phase::Entry,
            timed_block: false,
            hash_counter: 0,
            stamp: Stamp::default(),
        }
    }

    /// The version of this thread's content.
    pub fn stamp(&self) -> Stamp {
        self.stamp
    }

    /// Whether `other` is the same version of this thread (equal stamps say so without
    /// comparing stacks; unequal ones say nothing).
    pub fn same_version(&self, other: &JThread) -> bool {
        self.stamp.0 != 0 && self.stamp.0 == other.stamp.0
    }

    /// Whether the thread has started and not terminated.
    pub fn is_alive(&self) -> bool {
        !matches!(self.status, Status::New | Status::Terminated)
    }
}

/// A fresh thread [`Stamp`]: unique among all versions a VM on this OS thread ever made.
/// The counter lives outside the program state, so restoring an earlier state never makes a
/// number that is already in use come round again.
fn fresh_stamp() -> Stamp {
    thread_local! {
        static NEXT: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    }
    NEXT.with(|n| {
        n.set(n.get() + 1);
        Stamp(n.get())
    })
}

/// The VM's threads, indexed by thread number. Threads are shared copy-on-write with saved
/// states, so cloning the table (saving a state) copies pointers, and the first change to a
/// thread after that copies only that thread. Reading is plain slice access; every mutable
/// access stamps the thread with a fresh [`Stamp`] first, which is what lets fingerprints
/// cache per-thread digests safely.
#[derive(Debug, Default, Clone)]
pub struct ThreadTable {
    list: Vec<Rc<JThread>>,
}

impl ThreadTable {
    /// Thread `t`, for changing it.
    pub fn get_mut(&mut self, t: usize) -> Option<&mut JThread> {
        let th = own(self.list.get_mut(t)?);
        th.stamp = fresh_stamp();
        Some(th)
    }

    /// Thread `t`.
    #[inline]
    pub fn get(&self, t: usize) -> Option<&JThread> {
        self.list.get(t).map(|th| &**th)
    }

    /// All threads, in thread order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &JThread> + Clone {
        self.list.iter().map(|th| &**th)
    }

    /// Adds a thread (numbered `len()`).
    pub fn push(&mut self, mut thread: JThread) {
        thread.stamp = fresh_stamp();
        self.list.push(Rc::new(thread));
    }

    /// Number of threads ever started.
    #[inline]
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether there are no threads.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The last thread.
    pub fn last(&self) -> Option<&JThread> {
        self.get(self.list.len().wrapping_sub(1))
    }

    /// The first thread (the main thread).
    pub fn first(&self) -> Option<&JThread> {
        self.get(0)
    }

    /// Makes this table equal to `saved` (sharing its threads); versions only this table
    /// held are kept for reuse.
    pub fn restore(&mut self, saved: &ThreadTable) {
        for old in self.list.drain(saved.list.len().min(self.list.len())..) {
            recycle(old);
        }
        for (t, s) in saved.list.iter().enumerate() {
            match self.list.get_mut(t) {
                Some(live) if Rc::ptr_eq(live, s) => {}
                Some(live) => recycle(std::mem::replace(live, s.clone())),
                None => self.list.push(s.clone()),
            }
        }
    }

    /// Whether thread `t` of this table and of `other` are the same version (shared, or
    /// equally stamped).
    pub fn same_thread(&self, other: &ThreadTable, t: usize) -> bool {
        match (self.list.get(t), other.list.get(t)) {
            (Some(a), Some(b)) => Rc::ptr_eq(a, b) || a.same_version(b),
            _ => false,
        }
    }
}

impl Drop for ThreadTable {
    /// Versions nothing else holds are kept for reuse (a dropped saved state's threads).
    fn drop(&mut self) {
        for old in self.list.drain(..) {
            recycle(old);
        }
    }
}

thread_local! {
    /// Thread versions no saved state holds any more, kept for reuse: a thread changes in
    /// almost every transition, and copying a saved version into one of these reuses its
    /// stack buffers instead of allocating new ones.
    static SPARES: std::cell::RefCell<Vec<Rc<JThread>>> = const {
        std::cell::RefCell::new(Vec::new())
    };
}

/// How many spare versions are kept at most.
const SPARES_LIMIT: usize = 16;

/// Keeps `old` for reuse if nothing else holds it.
fn recycle(mut old: Rc<JThread>) {
    if Rc::get_mut(&mut old).is_some() {
        // After the pool itself was dropped (the OS thread is ending) the version is freed.
        let _ = SPARES.try_with(|spares| {
            let mut spares = spares.borrow_mut();
            if spares.len() < SPARES_LIMIT {
                spares.push(old);
            }
        });
    }
}

/// The thread in `slot`, made this table's own (no longer shared with saved states) so
/// that it can change: copied into a spare version if one is at hand.
#[inline]
fn own(slot: &mut Rc<JThread>) -> &mut JThread {
    if Rc::get_mut(slot).is_none() {
        copy_out(slot);
    }
    crate::pvec::unshare(slot)
}

/// Replaces the shared version in `slot` with a copy of its own (out of line: most changes
/// find the thread unshared).
#[cold]
#[inline(never)]
fn copy_out(slot: &mut Rc<JThread>) {
    let spare = SPARES.try_with(|spares| spares.borrow_mut().pop());
    if let Ok(Some(mut spare)) = spare {
        if let Some(copy) = Rc::get_mut(&mut spare) {
            copy.clone_from(slot);
            *slot = spare;
            return;
        }
    }
    Rc::make_mut(slot);
}

impl std::ops::Index<usize> for ThreadTable {
    type Output = JThread;

    #[inline]
    fn index(&self, t: usize) -> &JThread {
        &self.list[t]
    }
}

impl std::ops::IndexMut<usize> for ThreadTable {
    #[inline]
    fn index_mut(&mut self, t: usize) -> &mut JThread {
        let th = own(&mut self.list[t]);
        th.stamp = fresh_stamp();
        th
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mutable_access_restamps_and_restoring_keeps_the_stamp() {
        let mut table = ThreadTable::default();
        table.push(JThread::new(Ref(5), false, 1 << 20));
        let pushed = table[0].stamp().get();
        assert_ne!(pushed, 0);
        let _ = table[0].status;
        assert_eq!(table[0].stamp().get(), pushed, "reading keeps the stamp");
        table[0].interrupted = true;
        let written = table[0].stamp().get();
        assert_ne!(written, pushed);
        let saved = table.clone();
        if let Some(t) = table.get_mut(0) {
            t.permit = true;
        }
        assert_ne!(table[0].stamp().get(), written);
        assert!(!saved[0].permit, "the saved table keeps its version");
        table = saved.clone();
        assert_eq!(table[0].stamp().get(), written);
        assert!(table.same_thread(&saved, 0));
    }
}
