//! Mark-and-sweep garbage collection of the heap.
//!
//! Runs only between scheduling slices, when every thread's frames are back in its thread
//! record, so that all roots are visible: thread stacks and objects, class statics and
//! mirrors, interned strings, and objects the VM holds itself.

use super::machine::{Frames, Machine, VmEvent};
use super::value::{Ref, Value};
use crate::vm::{Jvm, Vm};

/// Marks reachable objects; returns a bitmap indexed by reference.
pub fn mark(vm: &Jvm) -> Vec<bool> {
    let mut marked = vec![false; vm.state.heap.capacity()];
    let mut work: Vec<Ref> = Vec::new();
    let root = |r: Ref, work: &mut Vec<Ref>| {
        if !r.is_null() {
            work.push(r);
        }
    };
    for t in vm.state.threads.iter() {
        root(t.obj, &mut work);
        for v in &t.exec.stack {
            if let Value::Ref(r) = v {
                root(*r, &mut work);
            }
        }
        for f in &t.exec.frames {
            root(f.lock, &mut work);
        }
        if let Some(w) = t.wait {
            root(w.monitor, &mut work);
        }
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
    for r in &vm.vm_roots {
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
    /// Collects garbage if enough was allocated since the last collection.
    pub fn maybe_collect(&mut self) {
        let threshold = self.state.heap.live_after_gc.max(200_000);
        if self.state.heap.allocated_since_gc >= threshold {
            self.collect();
        }
    }

    /// Frees every unreachable object; returns how many were freed.
    pub fn collect(&mut self) -> usize {
        let marked = mark(self);
        let dead: Vec<Ref> = self
            .state
            .heap
            .iter()
            .filter(|(r, _)| !marked[r.index()])
            .map(|(r, _)| r)
            .collect();
        for &r in &dead {
            self.state.heap.free(r);
        }
        self.released(&dead);
        self.state.heap.allocated_since_gc = 0;
        self.state.heap.live_after_gc = self.state.heap.live();
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
