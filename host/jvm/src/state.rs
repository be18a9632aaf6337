//! The program's state: everything that is saved, restored and fingerprinted.
//!
//! Its large parts are persistent structures and its threads are shared copy-on-write, so
//! saving a state is a clone that copies a few pointers, and a saved state shares every
//! unchanged object and thread with its parent — JPF's state collapsing achieved by
//! structural sharing instead of explicit interning tables. Restoring is an assignment.

use std::collections::HashMap;
use std::rc::Rc;

use crate::fs::sandbox::Sandbox;
use crate::heap::Heap;
use crate::native_memory::NativeMemory;
use crate::pvec::PVec;
use crate::thread::ThreadTable;
use crate::value::Ref;

/// A program state.
///
/// Outside it, by decision: the class registry (classes only ever get added, and a class
/// that a path has not loaded yet is invisible to it), caches derived from the state, the
/// VM's execution registers (valid within one transition only, see [`crate::vm::Jvm::restore`]),
/// program output, files opened on the real file system (`vm.fs=real`: I/O happens on the
/// real machine), and the real clock of plain execution (see [`crate::time::Clock`]).
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
    /// The program's clock in nanoseconds: virtual time under a driver that explores, the
    /// time skipped while every thread waited in plain execution (see [`crate::clock`]).
    pub clock_ns: u64,
    /// Plugin attributes of fields and array elements.
    pub heap_attrs: HeapAttrs,
    /// The file system's changes, open files and directory streams (`vm.fs=sandbox`).
    pub files: Sandbox,
    /// A plugin attribute of the whole path (symbolic execution's path condition): restored
    /// on backtracking and part of the fingerprint, so that states match only when it does.
    pub path_attr: i64,
    /// Objects plugins created (lazily initialized symbolic inputs): roots for the rest of
    /// the path, so that a later choice can make the program reach them again.
    pub pinned: Rc<Vec<Ref>>,
    /// How much of standard input the program has read, where a machine that explores
    /// serves it from one copy (see [`crate::vm::Io::input`]).
    pub input_read: u64,
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
            clock_ns: 0,
            heap_attrs: HeapAttrs::default(),
            files: Sandbox::default(),
            path_attr: 0,
            pinned: Rc::default(),
            input_read: 0,
        }
    }
}

impl Default for ProgramState {
    fn default() -> Self {
        ProgramState::new()
    }
}

/// Initialization state of a class (JVMS §5.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum InitState {
    /// Not yet initialized.
    Uninit,
    /// Being initialized by the given thread.
    InProgress(u32),
    /// Initialized.
    Done,
    /// Initialization failed; uses throw NoClassDefFoundError.
    Failed,
}

/// Per-class state that belongs to the program's state (restored on backtrack).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClassState {
    /// Initialization progress.
    pub init: InitState,
    /// Object holding the static fields (null until first needed).
    pub statics: Ref,
    /// The `java.lang.Class` object (null until first needed).
    pub mirror: Ref,
}

/// Whether the class with id `class` is initialized in `states` (a state's class states).
#[inline(always)]
pub fn initialized(states: &PVec<ClassState>, class: crate::class::ClassId) -> bool {
    states
        .get(class as usize)
        .is_some_and(|s| s.init == InitState::Done)
}

impl Default for ClassState {
    fn default() -> Self {
        ClassState {
            init: InitState::Uninit,
            statics: Ref::NULL,
            mirror: Ref::NULL,
        }
    }
}

/// An owned monitor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Monitor {
    /// Owning thread.
    pub owner: u32,
    /// Recursion count (≥ 1).
    pub count: u32,
}

/// The owned monitors by object, in reference order. Threads own few monitors at a time, so
/// a short sorted list beats a hash map: copying it for a saved state needs no allocation,
/// and the fingerprint reads it in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MonitorTable(smallvec::SmallVec<[(Ref, Monitor); 4]>);

impl MonitorTable {
    fn position(&self, obj: Ref) -> Result<usize, usize> {
        self.0.binary_search_by_key(&obj, |&(r, _)| r)
    }

    /// The monitor of `obj`, if owned.
    #[inline]
    pub fn get(&self, obj: &Ref) -> Option<&Monitor> {
        self.position(*obj).ok().map(|i| &self.0[i].1)
    }

    /// The monitor of `obj` for changing it, if owned.
    pub fn get_mut(&mut self, obj: &Ref) -> Option<&mut Monitor> {
        self.position(*obj).ok().map(|i| &mut self.0[i].1)
    }

    /// Records `obj`'s monitor as `m`.
    pub fn insert(&mut self, obj: Ref, m: Monitor) {
        match self.position(obj) {
            Ok(i) => self.0[i].1 = m,
            Err(i) => self.0.insert(i, (obj, m)),
        }
    }

    /// Forgets `obj`'s monitor (it is free).
    pub fn remove(&mut self, obj: &Ref) {
        if let Ok(i) = self.position(*obj) {
            self.0.remove(i);
        }
    }

    /// The objects whose monitors are owned, in reference order.
    pub fn keys(&self) -> impl Iterator<Item = &Ref> + '_ {
        self.0.iter().map(|(r, _)| r)
    }

    /// The owned monitors, in reference order.
    pub fn iter(&self) -> impl Iterator<Item = (&Ref, &Monitor)> + '_ {
        self.0.iter().map(|(r, m)| (r, m))
    }

    /// How many monitors are owned.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether no monitor is owned.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Interned strings by content. Every `ldc` of a string looks its constant up here, so the
/// table hashes with Fx rather than SipHash (a program that interns colliding strings on
/// purpose only slows itself down; and no iteration order matters: the interned strings are
/// a set of roots).
///
/// Which contents are interned is part of the program's state even where the string is
/// garbage: `String.intern` returns it rather than making the caller's string the interned
/// one. The table keeps what the model checker fingerprints of that: a hash of the contents
/// interned since the last [`seal`](Self::seal), and the interned strings given an identity
/// hash since (an unreachable one is otherwise told from an equal string made anew by that
/// alone). Which reachable string is the interned one, its object says
/// ([`crate::heap::Obj::interned`]).
#[derive(Debug, Clone, Default)]
pub struct StringTable {
    interned: Rc<rustc_hash::FxHashMap<Rc<[u16]>, Ref>>,
    /// The sum of the hashes of the contents interned since the last seal.
    added: u128,
    /// The interned strings given an identity hash since the last seal.
    hashed: Rc<Vec<Ref>>,
}

impl StringTable {
    /// The interned string objects (GC roots).
    pub fn refs(&self) -> impl Iterator<Item = Ref> + '_ {
        self.interned.values().copied()
    }

    /// The interned string with this content.
    pub fn get(&self, units: &[u16]) -> Option<Ref> {
        self.interned.get(units).copied()
    }

    /// Makes `r` the interned string with this content (none is yet).
    pub fn insert(&mut self, units: &[u16], r: Ref) {
        let mut h = crate::hash::Hasher::new();
        h.packed(units, 16, u64::from);
        self.added = self.added.wrapping_add(h.finish());
        Rc::make_mut(&mut self.interned).insert(Rc::from(units), r);
    }

    /// Records that interned string `r` was given an identity hash.
    pub fn note_hashed(&mut self, r: Ref) {
        Rc::make_mut(&mut self.hashed).push(r);
    }

    /// The sum of the hashes of the contents interned since the last [`seal`](Self::seal)
    /// (the same on every path that interned the same contents, in any order).
    pub fn added(&self) -> u128 {
        self.added
    }

    /// The interned strings given an identity hash since the last [`seal`](Self::seal).
    pub fn hashed(&self) -> &[Ref] {
        &self.hashed
    }

    /// Makes the current table the baseline of [`added`](Self::added) and
    /// [`hashed`](Self::hashed) (the model checker seals where every path has the same table).
    pub fn seal(&mut self) {
        self.added = 0;
        self.hashed = Rc::default();
    }
}

/// Attributes of fields (by slot) and array elements (by index), shared copy-on-write
/// between saved states.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HeapAttrs(Rc<HashMap<(Ref, u32), i64>>);

impl HeapAttrs {
    /// The attribute of slot or element `at` of `object` (0 if none).
    pub fn get(&self, object: Ref, at: u32) -> i64 {
        self.0.get(&(object, at)).copied().unwrap_or(0)
    }

    /// Sets an attribute; 0 removes it.
    pub fn set(&mut self, object: Ref, at: u32, attr: i64) {
        if attr == 0 {
            if self.0.contains_key(&(object, at)) {
                Rc::make_mut(&mut self.0).remove(&(object, at));
            }
        } else {
            Rc::make_mut(&mut self.0).insert((object, at), attr);
        }
    }

    /// Whether no attribute is set.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Gives elements `dst_pos..dst_pos + n` of `dst` the attributes of elements
    /// `src_pos..src_pos + n` of `src` (an array copy; the ranges may overlap).
    pub fn copy_range(&mut self, src: Ref, src_pos: u32, dst: Ref, dst_pos: u32, n: u32) {
        let moved: Vec<i64> = (0..n).map(|i| self.get(src, src_pos + i)).collect();
        for (i, attr) in (0..n).zip(moved) {
            self.set(dst, dst_pos + i, attr);
        }
    }

    /// Gives `copy` every attribute of `original` (a clone).
    pub fn copy_all(&mut self, original: Ref, copy: Ref) {
        let attrs: Vec<(u32, i64)> = self
            .iter()
            .filter(|&(r, _, _)| r == original)
            .map(|(_, at, a)| (at, a))
            .collect();
        for (at, attr) in attrs {
            self.set(copy, at, attr);
        }
    }

    /// Every attribute as `(object, slot or index, attr)`.
    pub fn iter(&self) -> impl Iterator<Item = (Ref, u32, i64)> + '_ {
        self.0.iter().map(|(&(r, at), &a)| (r, at, a))
    }

    /// Drops the attributes of objects for which `live` is false (after garbage collection).
    pub fn retain_live(&mut self, live: impl Fn(Ref) -> bool) {
        if self.0.keys().any(|(r, _)| !live(*r)) {
            Rc::make_mut(&mut self.0).retain(|(r, _), _| live(*r));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_keeps_monitors_in_reference_order() {
        let mut table = MonitorTable::default();
        let m = |owner| Monitor { owner, count: 1 };
        for r in [9, 3, 7, 1, 5] {
            table.insert(Ref(r), m(r));
        }
        let keys: Vec<u32> = table.keys().map(|r| r.0).collect();
        assert_eq!(keys, [1, 3, 5, 7, 9]);
        assert_eq!(table.get(&Ref(7)).map(|m| m.owner), Some(7));
        table.insert(Ref(7), Monitor { owner: 2, count: 3 });
        assert_eq!(table.get(&Ref(7)), Some(&Monitor { owner: 2, count: 3 }));
        table.remove(&Ref(3));
        table.remove(&Ref(4));
        assert_eq!(table.len(), 4);
        assert!(table.get(&Ref(3)).is_none());
        if let Some(m) = table.get_mut(&Ref(9)) {
            m.count += 1;
        }
        assert_eq!(table.get(&Ref(9)).map(|m| m.count), Some(2));
        let keys: Vec<u32> = table.iter().map(|(r, _)| r.0).collect();
        assert_eq!(keys, [1, 5, 7, 9]);
    }

    #[test]
    fn heap_attributes_are_copy_on_write() {
        let mut a = HeapAttrs::default();
        a.set(Ref(5), 1, 7);
        let saved = a.clone();
        a.set(Ref(5), 1, 0);
        assert_eq!(saved.get(Ref(5), 1), 7);
        assert_eq!(a.get(Ref(5), 1), 0);
        assert!(a.is_empty());
    }
}
