//! What one transition touched, so that the search can tell whether two transitions from
//! the same state commute (sleep sets: a thread whose transition commutes with the one
//! just taken need not run after it, the other order reaches the same state).
//!
//! Transitions `a` (explored earlier) and `b` (just run) of different threads commute
//! when neither wrote what the other read or wrote, neither changed the other's thread,
//! and each would end where it ended before if run after the other. Where a transition
//! ends depends on two things besides the data it reads:
//!
//! - another thread able to run at each scheduling point: some thread other than the
//!   transition's own must be runnable after the other transition, and stay so;
//! - which objects are shared (partial order reduction): the sharing answers a transition
//!   depended on must hold after the other. `a`'s are checked exactly in the state `b`
//!   reached. The state after `a` is gone, so `b`'s "shared" answers must be *robust*
//!   (see [`super::heap::Heap::is_robustly_shared`]): `a` can make unshared only what its
//!   own thread alone shared with `b`'s, unless it unlinks a reference from a shared object
//!   (`Footprint::unlinks_shared`). "Not shared" answers cannot change: `a` can only come
//!   to reach an object `b` alone reaches through an object both reach, whose access
//!   conflicts.
//!
//! Objects nobody else reaches are not recorded: no other thread can touch them.
//! Whatever the footprint does not model (natives other than monitor operations, array
//! copies and thread starts; changes of class states, such as class initialization) makes
//! the transition *opaque*: dependent on all.

use smallvec::SmallVec;

use super::pvec::PVec;
use super::thread::Status;
use super::value::{Ref, Value};
use super::{ClassState, Vm};

/// What one transition touched (see the module documentation).
#[derive(Debug, Clone, Default)]
pub struct Footprint {
    /// The thread that ran.
    pub thread: u32,
    /// Shared objects whose fields or elements it read.
    reads: SmallVec<[Ref; 6]>,
    /// Shared objects whose fields, elements or monitor it changed.
    writes: SmallVec<[Ref; 6]>,
    /// Other threads whose state it changed, by bit (thread number below 64).
    touched: u64,
    /// The sharing answers its scheduling decisions depended on.
    answers: SmallVec<[(Ref, bool); 6]>,
    /// Some answer "shared" was not robust.
    fragile: bool,
    /// It overwrote a reference held by a shared object (which can make objects other
    /// threads reach through it unshared).
    unlinks_shared: bool,
    /// It did something the footprint does not model.
    opaque: bool,
    /// The threads (below 64) whose status is runnable in the state it reached (a
    /// transition meets its scheduling points only while another thread can run).
    runnable_after: u64,
    /// It passed a scheduling point because no other thread could run.
    ran_alone: bool,
}

impl Footprint {
    /// Whether `self`, a transition explored from an earlier state, commutes with `later`,
    /// the transition just run from the current frame's state; `vm` holds the state
    /// `later` reached.
    pub fn commutes_with(&self, later: &Footprint, vm: &Vm) -> bool {
        let (a, b) = (self, later);
        if a.opaque || b.opaque || a.ran_alone || b.ran_alone {
            return false;
        }
        if a.thread == b.thread || a.touches(b.thread) || b.touches(a.thread) {
            return false;
        }
        if a.touched & b.touched != 0 || !b.lets_run_as_before(a) || !b.lets_run_after(a) {
            return false;
        }
        if overlap(&a.writes, &b.writes) || overlap(&a.writes, &b.reads) {
            return false;
        }
        if overlap(&b.writes, &a.reads) {
            return false;
        }
        // The later transition's answers after the earlier one: robust ones survive it.
        let b_shared = b.answers.iter().any(|&(_, shared)| shared);
        if b_shared && (b.fragile || a.unlinks_shared) {
            return false;
        }
        // The earlier transition's answers after the later one, checked exactly.
        a.answers
            .iter()
            .all(|&(r, shared)| vm.state.heap.is_shared(r) == shared)
    }

    /// Whether, in the state this transition reached, `earlier` would meet its scheduling
    /// points as it did (they need another thread able to run): a thread other than
    /// `earlier`'s is runnable here and stays so while `earlier` runs.
    fn lets_run_as_before(&self, earlier: &Footprint) -> bool {
        self.runnable_after & !bit(earlier.thread) & !earlier.touched != 0
    }

    /// Whether this transition, run after `earlier` (from the state both started from),
    /// would meet its scheduling points as it did: some thread other than this one is
    /// runnable after `earlier` and stays so — `earlier`'s own thread if it ends runnable,
    /// or one runnable here that neither transition touched.
    fn lets_run_after(&self, earlier: &Footprint) -> bool {
        let untouched = self.runnable_after
            & !bit(self.thread)
            & !bit(earlier.thread)
            & !self.touched
            & !earlier.touched;
        let earlier_runs_on = earlier.runnable_after & bit(earlier.thread);
        untouched | earlier_runs_on != 0
    }

    fn touches(&self, thread: u32) -> bool {
        self.touched & bit(thread) != 0
    }
}

/// Whether native method `class.name` only does what footprints record: monitor
/// operations (`Object.wait`/`notify`/`notifyAll`), array copies and thread starts (which
/// note what they touch), or reading immutable or own-thread data.
pub fn native_is_footprinted(class: &str, name: &str) -> bool {
    matches!(
        (class, name),
        (
            "java/lang/Object",
            "wait" | "notify" | "notifyAll" | "getClass"
        ) | ("java/lang/System", "arraycopy")
            | (
                "java/lang/Thread",
                "currentThread" | "start0" | "setPriority0"
            )
    )
}

/// How many objects (or answers) a footprint lists before the transition counts as
/// opaque: one that touches more shared objects hardly commutes with anything, and the
/// lists are searched linearly.
const NOTED_LIMIT: usize = 64;

/// Adds `obj` to a footprint's list once (beyond [`NOTED_LIMIT`] the footprint is opaque).
#[inline]
fn note_object(list: &mut SmallVec<[Ref; 6]>, obj: Ref, opaque: &mut bool) {
    if !*opaque && !list.contains(&obj) {
        list.push(obj);
        *opaque = list.len() > NOTED_LIMIT;
    }
}

/// Thread `t`'s bit in a thread mask (none for threads from 64 on).
fn bit(t: u32) -> u64 {
    1u64.checked_shl(t).unwrap_or(0)
}

fn overlap(a: &[Ref], b: &[Ref]) -> bool {
    a.iter().any(|r| b.contains(r))
}

/// Records the footprint of the running transition (one per VM, reused).
#[derive(Debug, Default)]
pub struct Recorder {
    footprint: Footprint,
    /// Every thread's stamp when the transition started.
    stamps: Vec<u64>,
    /// The class-state table when the transition started: any change makes a new table
    /// (it is shared), and class states are not in footprints.
    class_states: PVec<ClassState>,
}

impl Vm {
    /// Starts recording footprints of transitions (sleep sets need them).
    pub fn record_footprints(&mut self) {
        self.footprint = Some(Box::default());
        self.count_robust_sharing();
    }

    /// Starts the footprint of a transition of `thread`.
    pub(crate) fn footprint_begin(&mut self, thread: u32) {
        let Some(rec) = self.footprint.as_deref_mut() else {
            return;
        };
        rec.footprint = Footprint {
            thread,
            ..Footprint::default()
        };
        rec.stamps.clear();
        rec.stamps
            .extend(self.state.threads.iter().map(|t| t.stamp().get()));
        rec.class_states = self.state.class_states.clone();
    }

    /// Completes the footprint of the transition that ran: which other threads changed,
    /// and whether its thread can run on.
    pub(crate) fn footprint_end(&mut self) -> Option<Footprint> {
        let rec = self.footprint.as_deref_mut()?;
        let fp = &mut rec.footprint;
        fp.opaque |= !rec.class_states.ptr_eq(&self.state.class_states);
        for (t, th) in self.state.threads.iter().enumerate() {
            if th.status == Status::Runnable {
                fp.runnable_after |= bit(t as u32);
            }
            // A thread started by the transition counts as changed by it (two transitions
            // that start threads do not commute: the order numbers the threads).
            let changed = rec.stamps.get(t).is_none_or(|&s| th.stamp().get() != s);
            if t as u32 != fp.thread && changed {
                if t >= 64 {
                    fp.opaque = true;
                } else {
                    fp.touched |= 1 << t;
                }
            }
        }
        Some(std::mem::take(fp))
    }

    /// Notes that a scheduling point was passed because no other thread could run.
    #[inline]
    pub(crate) fn note_ran_alone(&mut self) {
        if let Some(rec) = self.footprint.as_deref_mut() {
            rec.footprint.ran_alone = true;
        }
    }

    /// Notes a read of a field or element of `obj`.
    #[inline]
    pub(crate) fn note_read(&mut self, obj: Ref) {
        if let Some(rec) = self.footprint.as_deref_mut() {
            if self.state.heap.is_shared(obj) {
                note_object(&mut rec.footprint.reads, obj, &mut rec.footprint.opaque);
            }
        }
    }

    /// Notes a change of a field, element or the monitor of `obj`.
    #[inline]
    pub(crate) fn note_write(&mut self, obj: Ref) {
        if let Some(rec) = self.footprint.as_deref_mut() {
            if self.state.heap.is_shared(obj) {
                note_object(&mut rec.footprint.writes, obj, &mut rec.footprint.opaque);
            }
        }
    }

    /// Notes a store into field `slot` of `obj` (every [`Vm::set_field`] does).
    #[inline]
    pub(crate) fn note_field_store(&mut self, obj: Ref, slot: u32) {
        if self.stores_are_noted(obj) {
            let old = self
                .state
                .heap
                .get(obj)
                .and_then(|o| o.fields().get(slot as usize).copied());
            self.note_shared_store(obj, old);
        }
    }

    /// Notes a store into element `index` of array `array`.
    #[inline]
    pub(crate) fn note_element_store(&mut self, array: Ref, index: i32) {
        if self.stores_are_noted(array) {
            let old = usize::try_from(index)
                .ok()
                .and_then(|i| self.state.heap.get(array)?.data.load(i));
            self.note_shared_store(array, old);
        }
    }

    /// Notes a store into many elements of array `array` (`System.arraycopy`): any of
    /// them may have held a reference.
    pub(crate) fn note_bulk_store(&mut self, array: Ref) {
        if self.stores_are_noted(array) {
            let refs =
                self.state.heap.get(array).is_some_and(|o| {
                    matches!(o.data.elem_kind(), Some(super::heap::ElemKind::Ref))
                });
            self.note_shared_store(array, refs.then_some(Value::Ref(array)));
        }
    }

    /// Whether stores into `holder` go into the footprint (it is recorded, and `holder`
    /// shared: nobody else can see the others).
    #[inline]
    fn stores_are_noted(&self, holder: Ref) -> bool {
        self.footprint.is_some() && self.state.heap.is_shared(holder)
    }

    /// Notes a write to shared `holder` that replaces `old`. Replacing a reference to an
    /// object from before the search unlinks nothing: reachability never passes through
    /// those (they are always shared).
    fn note_shared_store(&mut self, holder: Ref, old: Option<Value>) {
        let preexisting = self.state.heap.preexisting();
        if let Some(rec) = self.footprint.as_deref_mut() {
            let fp = &mut rec.footprint;
            note_object(&mut fp.writes, holder, &mut fp.opaque);
            fp.unlinks_shared |= matches!(old, Some(Value::Ref(r)) if r.0 >= preexisting.max(1));
        }
    }

    /// Whether `obj` is shared, as a scheduling decision of the running transition asks
    /// (the answer is noted).
    #[inline]
    pub(crate) fn shared_for_decision(&mut self, obj: Ref) -> bool {
        let shared = self.state.heap.is_shared(obj);
        if let Some(rec) = self.footprint.as_deref_mut() {
            let fp = &mut rec.footprint;
            if !fp.opaque && !fp.answers.contains(&(obj, shared)) {
                fp.answers.push((obj, shared));
                fp.opaque = fp.answers.len() > NOTED_LIMIT;
                fp.fragile |= shared && !self.state.heap.is_robustly_shared(obj);
            }
        }
        shared
    }

    /// Notes that the running transition did something footprints do not model.
    #[inline]
    pub(crate) fn note_opaque(&mut self) {
        if let Some(rec) = self.footprint.as_deref_mut() {
            rec.footprint.opaque = true;
        }
    }
}
