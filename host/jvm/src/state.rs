//! The program's state: everything that is saved, restored and fingerprinted.
//!
//! Its large parts are persistent structures and its threads are shared copy-on-write, so
//! saving a state is a clone that copies a few pointers, and a saved state shares every
//! unchanged object and thread with its parent — JPF's state collapsing achieved by
//! structural sharing instead of explicit interning tables. Restoring is an assignment.

use super::attributes::HeapAttrs;
use super::heap::Heap;
use super::monitor::MonitorTable;
use super::native_memory::NativeMemory;
use super::pvec::PVec;
use super::strings::StringTable;
use super::thread::ThreadTable;
use super::ClassState;
use crate::Vm;

/// A program state.
///
/// Outside it, by decision: the class registry (classes only ever get added, and a class
/// that a path has not loaded yet is invisible to it), caches derived from the state, the
/// VM's execution registers (valid within one transition only, see [`super::Vm::restore`]),
/// program output and open file descriptors (I/O happens on the real machine), and the
/// virtual clock's wall-clock base.
#[derive(Debug, Clone)]
pub struct ProgramState {
    /// Objects.
    pub heap: Heap,
    /// Per-class runtime state, indexed by class id.
    pub class_states: PVec<ClassState>,
    /// All threads ever started (terminated ones stay, their slot is their id).
    pub threads: ThreadTable,
    /// Owned monitors.
    pub monitors: MonitorTable,
    /// Interned strings.
    pub strings: StringTable,
    /// Off-heap memory (`Unsafe.allocateMemory`).
    pub native_memory: NativeMemory,
    /// The thread being executed (or that ran last).
    pub current: usize,
    /// Set by `System.exit` / `Runtime.halt`.
    pub exit_status: Option<i32>,
    /// Nesting of `Verify.beginAtomic` sections (no scheduling points inside).
    pub atomic_depth: u32,
    /// Virtual time added to the wall clock by sleeps that were skipped.
    pub clock_offset_ms: u64,
    /// Plugin attributes of fields and array elements.
    pub heap_attrs: HeapAttrs,
}

impl ProgramState {
    /// The state of a VM before anything ran: no objects, classes or threads.
    pub fn new() -> ProgramState {
        ProgramState {
            heap: Heap::new(),
            class_states: PVec::default(),
            threads: ThreadTable::default(),
            monitors: MonitorTable::default(),
            strings: StringTable::default(),
            native_memory: NativeMemory::default(),
            current: 0,
            exit_status: None,
            atomic_depth: 0,
            clock_offset_ms: 0,
            heap_attrs: HeapAttrs::default(),
        }
    }
}

impl Default for ProgramState {
    fn default() -> Self {
        ProgramState::new()
    }
}

impl<M: crate::Machine> Vm<M> {
    /// Saves the program state (all threads parked).
    pub fn save(&self) -> ProgramState {
        self.state.clone()
    }

    /// Returns the program to a saved state (an assignment, field by field so that thread
    /// versions only the VM held are kept for reuse), and clears the execution registers,
    /// which hold nothing between transitions.
    pub fn restore(&mut self, saved: &ProgramState) {
        let state = &mut self.state;
        state.heap.clone_from(&saved.heap);
        state.class_states.clone_from(&saved.class_states);
        state.threads.restore(&saved.threads);
        state.monitors.clone_from(&saved.monitors);
        state.strings.clone_from(&saved.strings);
        state.native_memory.clone_from(&saved.native_memory);
        state.current = saved.current;
        state.exit_status = saved.exit_status;
        state.atomic_depth = saved.atomic_depth;
        state.clock_offset_ms = saved.clock_offset_ms;
        state.heap_attrs.clone_from(&saved.heap_attrs);
        self.regs.upcall_exception = None;
        self.regs.pending_native_frame = None;
        self.regs.overflow_reserve_active = false;
        self.regs.created.clear();
    }
}
