//! Mark-and-sweep garbage collection of the heap.
//!
//! Runs between scheduling slices, when every thread's frames are back in its thread
//! record, or when the heap is full at an allocation the program asks for, with the running
//! thread's frames at hand (see [`Vm::make_room`]), so that all roots are visible: thread
//! stacks and objects, class statics and mirrors, interned strings, and objects the VM
//! holds itself.

use super::machine::{Frames, Machine, VmEvent};
use super::thread::Exec;
use super::value::{Ref, Value};
use crate::vm::{Jvm, Vm};

/// Marks reachable objects; returns a bitmap indexed by reference. `running` holds the
/// frames of the thread that is running, if they are not in its thread record.
pub fn mark(vm: &Jvm, running: Option<&Exec>) -> Vec<bool> {
    let mut marked = vec![false; vm.state.heap.capacity()];
    let mut work: Vec<Ref> = Vec::new();
    let root = |r: Ref, work: &mut Vec<Ref>| {
        if !r.is_null() {
            work.push(r);
        }
    };
    let exec_roots = |exec: &Exec, work: &mut Vec<Ref>| {
        for v in &exec.stack {
            if let Value::Ref(r) = v {
                root(*r, work);
            }
        }
        for f in &exec.frames {
            root(f.lock, work);
        }
    };
    for t in vm.state.threads.iter() {
        root(t.obj, &mut work);
        exec_roots(&t.exec, &mut work);
        if let Some(w) = t.wait {
            root(w.monitor, &mut work);
        }
    }
    if let Some(exec) = running {
        exec_roots(exec, &mut work);
    }
    for s in vm.state.class_states.iter() {
        root(s.statics, &mut work);
        root(s.mirror, &mut work);
    }
    for r in vm.state.strings.refs() {
        root(r, &mut work);
    }
    for r in vm.state.monitors.keys() {
        root(*r, &mut work);
    }
    for r in vm.vm_roots.iter().chain(vm.state.pinned.iter()) {
        root(*r, &mut work);
    }
    root(vm.preallocated_overflow, &mut work);
    if let Some(r) = vm.regs.upcall_exception {
        root(r, &mut work);
    }
    while let Some(r) = work.pop() {
        let Some(seen) = marked.get_mut(r.index()) else {
            continue;
        };
        if *seen {
            continue;
        }
        *seen = true;
        if let Some(obj) = vm.state.heap.get(r) {
            obj.data.for_each_ref(|c| work.push(c));
        }
    }
    marked
}

impl<M: Machine> Vm<M> {
    /// Collects garbage if enough was allocated since the last collection: as many objects
    /// as were live after it, or (large arrays) the heap has doubled.
    pub fn maybe_collect(&mut self) {
        let heap = &self.state.heap;
        let objects = heap.allocated_since_gc >= heap.live_after_gc.max(200_000);
        let bytes = heap.bytes() >= 2 * heap.bytes_after_gc.max(32 << 20);
        if objects || bytes {
            self.collect(None);
        }
    }

    /// Frees every unreachable object; returns how many were freed. `running` holds the
    /// frames of the thread that is running, if they are not in its thread record.
    pub fn collect(&mut self, running: Option<&Exec>) -> usize {
        let marked = mark(self, running);
        let dead: Vec<Ref> = self
            .state
            .heap
            .iter()
            .filter(|(r, _)| !marked[r.index()])
            .map(|(r, _)| r)
            .collect();
        self.state.heap.free_all(&dead);
        self.released(&dead);
        self.state.heap.allocated_since_gc = 0;
        self.state.heap.live_after_gc = self.state.heap.live();
        self.state.heap.bytes_after_gc = self.state.heap.bytes();
        tracing::debug!(
            freed = dead.len(),
            live = self.state.heap.live(),
            "garbage collected"
        );
        dead.len()
    }

    /// After garbage collection freed `dead`: their attributes go, and the machine hears of
    /// them.
    pub fn released(&mut self, dead: &[Ref]) {
        let state = &mut self.jvm.state;
        if !state.heap_attrs.is_empty() {
            let heap = &state.heap;
            state.heap_attrs.retain_live(|r| heap.get(r).is_some());
        }
        for &object in dead {
            self.report(Frames::Parked, VmEvent::ObjectReleased { object });
        }
    }
}
