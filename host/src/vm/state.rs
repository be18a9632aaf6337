//! Saving and restoring the program's state.
//!
//! A [`Snapshot`] holds everything that belongs to the program's state (heap, class states,
//! threads, monitors, interned strings, off-heap memory, atomic sections, exit status). Its
//! large parts are persistent structures, so taking a snapshot copies a few pointers plus the
//! thread stacks, and a snapshot shares all unchanged objects with its parent — JPF's state
//! collapsing achieved by structural sharing instead of explicit interning tables.

use std::mem::size_of;
use std::rc::Rc;

use super::heap::Heap;
use super::memory::NativeMemory;
use super::monitor::{Monitor, MonitorTable};
use super::pvec::PVec;
use super::strings::StringTable;
use super::thread::JThread;
use super::value::{Ref, Value};
use super::{ClassState, Vm};

/// A restorable program state.
#[derive(Debug, Clone)]
pub struct Snapshot {
    heap: Heap,
    class_states: PVec<ClassState>,
    /// Threads, shared with the parent state's snapshot where they did not change.
    threads: Vec<Rc<JThread>>,
    monitors: MonitorTable,
    strings: StringTable,
    native_memory: NativeMemory,
    current: usize,
    exit_status: Option<i32>,
    atomic_depth: u32,
    clock_offset_ms: u64,
    heap_attrs: super::attrs::HeapAttrs,
}

impl Snapshot {
    /// Bytes this snapshot owns beyond what it shares: thread stacks and monitors (the heap
    /// and class states are shared with other snapshots and counted by the state store).
    pub fn own_bytes(&self) -> usize {
        size_of::<Snapshot>()
            + self
                .threads
                .iter()
                .map(|t| {
                    size_of::<JThread>()
                        + t.exec.stack.capacity() * size_of::<Value>()
                        + t.exec.attrs.capacity() * size_of::<i64>()
                        + t.exec.frames.capacity() * size_of::<super::thread::Frame>()
                })
                .sum::<usize>()
            + self.monitors.len() * (size_of::<Ref>() + size_of::<Monitor>()) * 2
    }

    /// The threads as they were.
    pub fn threads(&self) -> impl Iterator<Item = &JThread> {
        self.threads.iter().map(|t| &**t)
    }
}

impl Vm {
    /// Captures the program state. All threads must be parked (not executing). Threads
    /// equal to their record in `base` (usually the state the last transition started
    /// from) are shared with it instead of copied.
    pub fn snapshot(&self, base: Option<&Snapshot>) -> Snapshot {
        let threads = self
            .threads
            .iter()
            .enumerate()
            .map(|(i, t)| match base.and_then(|b| b.threads.get(i)) {
                Some(same) if same.same_version(t) || **same == *t => same.clone(),
                _ => Rc::new(t.clone()),
            })
            .collect();
        Snapshot {
            heap: self.heap.clone(),
            class_states: self.class_states.clone(),
            threads,
            monitors: self.monitors.clone(),
            strings: self.strings.clone(),
            native_memory: self.native_memory.clone(),
            current: self.current,
            exit_status: self.exit_status,
            atomic_depth: self.atomic_depth,
            clock_offset_ms: self.clock_offset_ms,
            heap_attrs: self.heap_attrs.clone(),
        }
    }

    /// Returns the program to a captured state.
    pub fn restore(&mut self, s: &Snapshot) {
        self.heap = s.heap.clone();
        self.class_states = s.class_states.clone();
        self.threads.truncate(s.threads.len());
        for (i, saved) in s.threads.iter().enumerate() {
            self.threads.restore(i, saved);
        }
        self.monitors.clone_from(&s.monitors);
        self.strings = s.strings.clone();
        self.native_memory = s.native_memory.clone();
        self.current = s.current;
        self.exit_status = s.exit_status;
        self.atomic_depth = s.atomic_depth;
        self.clock_offset_ms = s.clock_offset_ms;
        self.heap_attrs = s.heap_attrs.clone();
        self.break_requested = false;
        self.upcall_exception = None;
        self.pending_native_frame = None;
        self.overflow_reserve_active = false;
    }
}
