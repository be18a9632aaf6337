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
//!   (see [`Sharing::is_robustly_shared`]): `a` can make unshared only what its
//!   own thread alone shared with `b`'s, unless it unlinks a reference from a shared object
//!   (`Footprint::unlinks_shared`). "Not shared" answers cannot change: `a` can only come
//!   to reach an object `b` alone reaches through an object both reach, whose access
//!   conflicts.
//!
//! Objects nobody else reaches are not recorded: no other thread can touch them.
//! Whatever the footprint does not model (natives not registered as tracked, see
//! [`rpf_jvm::linkage::Meaning`]; changes of class states, such as class initialization)
//! makes the transition *opaque*: dependent on all.

use rpf_jvm::pvec::PVec;
use rpf_jvm::thread::Status;
use rpf_jvm::value::{Ref, Value};
use rpf_jvm::{ClassState, Jvm};
use smallvec::SmallVec;

use super::sharing::Sharing;

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
    /// It did something the footprint does not model, or passed a scheduling point
    /// because no other thread could run: it commutes with nothing.
    opaque: bool,
    /// The threads (below 64) whose status is runnable in the state it reached (a
    /// transition meets its scheduling points only while another thread can run).
    runnable_after: u64,
}

impl Footprint {
    /// Whether `self`, a transition explored from an earlier state, commutes with `later`,
    /// the transition just run from the current frame's state; `sharing` is that of the
    /// state `later` reached.
    pub fn commutes_with(&self, later: &Footprint, sharing: &Sharing) -> bool {
        let (a, b) = (self, later);
        if a.opaque || b.opaque {
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
            .all(|&(r, shared)| sharing.is_shared(r) == shared)
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

    /// Whether it commutes with nothing (see [`opaque`](Self::opaque)).
    #[cfg(test)]
    pub(crate) fn is_opaque(&self) -> bool {
        self.opaque
    }

    fn touches(&self, thread: u32) -> bool {
        self.touched & bit(thread) != 0
    }
}

/// How many objects (or answers) a footprint lists before the transition counts as
/// opaque: one that touches more shared objects hardly commutes with anything, and the
/// lists are searched linearly.
const NOTED_LIMIT: usize = 64;

/// Adds `obj` to a footprint's list once (beyond [`NOTED_LIMIT`] the footprint is opaque;
/// the callers note nothing once it is).
#[inline]
fn note_object(list: &mut SmallVec<[Ref; 6]>, obj: Ref, opaque: &mut bool) {
    if !list.contains(&obj) {
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

/// Records the footprint of the running transition (one per checker, reused).
#[derive(Debug, Default)]
pub struct Recorder {
    footprint: Footprint,
    /// Every thread's stamp when the transition started.
    stamps: Vec<u64>,
    /// The class-state table when the transition started: any change makes a new table
    /// (it is shared), and class states are not in footprints.
    class_states: PVec<ClassState>,
    /// The program's clock at the start: a transition that moves it (a timed wait ended)
    /// changes how long every thread has waited to run, so it commutes with nothing.
    clock: u64,
}

impl Recorder {
    /// Starts the footprint of a transition of `thread` from the state `jvm` holds.
    pub fn begin(&mut self, jvm: &Jvm, thread: u32) {
        self.footprint = Footprint {
            thread,
            ..Footprint::default()
        };
        self.stamps.clear();
        self.stamps
            .extend(jvm.state.threads.iter().map(|t| t.stamp().get()));
        self.class_states = jvm.state.class_states.clone();
        self.clock = jvm.state.clock_ns;
    }

    /// Completes the footprint of the transition that ran (`jvm` holds the state it
    /// reached): which other threads changed, and whether its thread can run on.
    pub fn end(&mut self, jvm: &Jvm) -> Footprint {
        let fp = &mut self.footprint;
        fp.opaque |= !self.class_states.ptr_eq(&jvm.state.class_states);
        fp.opaque |= jvm.state.clock_ns != self.clock;
        for (t, th) in jvm.state.threads.iter().enumerate() {
            if th.status == Status::Runnable {
                fp.runnable_after |= bit(t as u32);
            }
            // A thread started by the transition counts as changed by it (two transitions
            // that start threads do not commute: the order numbers the threads).
            let changed = self.stamps.get(t).is_none_or(|&s| th.stamp().get() != s);
            if t as u32 != fp.thread && changed {
                if t >= 64 {
                    fp.opaque = true;
                } else {
                    fp.touched |= 1 << t;
                }
            }
        }
        std::mem::take(fp)
    }

    /// Whether what the transition touches from now on no longer matters: it passed a
    /// scheduling point alone or did something footprints do not model, so it commutes with
    /// nothing (see [`Footprint::commutes_with`]) and nothing more is noted.
    #[inline]
    pub fn settled(&self) -> bool {
        self.footprint.opaque
    }

    /// Notes that a scheduling point was passed because no other thread could run: the
    /// transition then commutes with nothing (another order would have met that point with
    /// a choice), and what it touches from now on is not noted.
    #[inline]
    pub fn ran_alone(&mut self) {
        self.footprint.opaque = true;
    }

    /// Notes that the transition did something footprints do not model.
    #[inline]
    pub fn opaque(&mut self) {
        self.footprint.opaque = true;
    }

    /// Notes a read of a field or element (or a look at the monitor) of `obj`.
    #[inline]
    pub fn read(&mut self, sharing: &Sharing, obj: Ref) {
        if !self.settled() && sharing.is_shared(obj) {
            let fp = &mut self.footprint;
            note_object(&mut fp.reads, obj, &mut fp.opaque);
        }
    }

    /// Notes a change of the monitor of `obj`.
    #[inline]
    pub fn write(&mut self, sharing: &Sharing, obj: Ref) {
        if !self.settled() && sharing.is_shared(obj) {
            let fp = &mut self.footprint;
            note_object(&mut fp.writes, obj, &mut fp.opaque);
        }
    }

    /// Notes a store into a field or element of `holder` that replaced `old`. Replacing a
    /// reference to an object from before the search (below `preexisting`) unlinks nothing:
    /// reachability never passes through those (they are always shared).
    #[inline]
    pub fn store(&mut self, sharing: &Sharing, holder: Ref, old: Value, preexisting: u32) {
        if !self.settled() && sharing.is_shared(holder) {
            let fp = &mut self.footprint;
            note_object(&mut fp.writes, holder, &mut fp.opaque);
            fp.unlinks_shared |= matches!(old, Value::Ref(r) if r.0 >= preexisting.max(1));
        }
    }

    /// Notes a store into many elements of array `array` (`System.arraycopy`): any of them
    /// may have held a reference if it is a reference array (`refs`).
    pub fn bulk_store(&mut self, sharing: &Sharing, array: Ref, refs: bool, preexisting: u32) {
        let old = if refs { Value::Ref(array) } else { Value::Void };
        self.store(sharing, array, old, preexisting);
    }

    /// Notes that a scheduling decision depended on `obj` being `shared` or not.
    #[inline]
    pub fn answer(&mut self, sharing: &Sharing, obj: Ref, shared: bool) {
        let fp = &mut self.footprint;
        if !fp.opaque && !fp.answers.contains(&(obj, shared)) {
            fp.answers.push((obj, shared));
            fp.opaque = fp.answers.len() > NOTED_LIMIT;
            fp.fragile |= shared && !sharing.is_robustly_shared(obj);
        }
    }
}

#[cfg(test)]
mod tests {
    use rpf_jvm::value::Ref;
    use rpf_jvm::Machine;

    use super::{Footprint, Recorder};
    use crate::check::checker::Checker;
    use crate::check::scheduling::shared_for_decision;
    use crate::check::testing::{Snapshot, World};

    /// The main thread and thread `t`, both runnable, and `int[]` cells `x` and `y` both
    /// reach (shared); the state to start transitions from.
    struct Setup {
        w: World,
        t: u32,
        x: Ref,
        y: Ref,
        start: Snapshot,
    }

    fn setup() -> Setup {
        let mut w = World::boot();
        let t = w.thread();
        let (x, y) = (w.ints(&[0]), w.ints(&[0]));
        w.hold(&[0, t], x);
        w.hold(&[0, t], y);
        w.fingerprint();
        assert!(w.shared(x) && w.shared(y));
        let start = w.save();
        Setup { w, t, x, y, start }
    }

    impl Setup {
        /// Makes the state the VM holds the start state (with its sharing found).
        fn start_here(&mut self) {
            self.w.fingerprint();
            self.start = self.w.save();
        }

        /// The footprint of a transition of thread `t` from the start state.
        fn run(&mut self, t: u32, run: impl FnOnce(&mut World)) -> Footprint {
            self.w.restore(&self.start);
            self.w.transition(t, run)
        }

        /// Whether `earlier`, explored first, commutes with `later`, just run.
        fn commute(&self, earlier: &Footprint, later: &Footprint) -> bool {
            earlier.commutes_with(later, &self.w.vm.machine.sharing)
        }
    }

    #[test]
    fn a_footprint_settles_once_it_can_commute_with_nothing() {
        // What a settled transition touches is no longer recorded (see `quiet_library`):
        // passing a scheduling point alone or doing something unmodelled settles it.
        let mut rec = Recorder::default();
        assert!(!rec.settled());
        rec.ran_alone();
        assert!(rec.settled());
        let mut rec = Recorder::default();
        rec.opaque();
        assert!(rec.settled());

        // Once settled, nothing more is noted, shared or not.
        let mut s = setup();
        let (t, x, y) = (s.t, s.x, s.y);
        let settled = s.run(t, |w| {
            w.vm.machine
                .footprint
                .as_deref_mut()
                .map(Recorder::ran_alone);
            w.read(x);
            w.set_element(y, 0, 1);
            assert!(shared_for_decision(&mut w.vm.machine, x));
        });
        assert!(settled.reads.is_empty() && settled.writes.is_empty());
        assert!(settled.answers.is_empty());
    }

    #[test]
    fn references_copied_into_a_shared_array_become_shared() {
        // `System.arraycopy` reports its references at once (`Machine::stored_refs`): into
        // an array other threads reach, they and what they reach are shared from then on;
        // into one only this thread reaches, they stay its own.
        let mut w = World::boot();
        let t = w.thread();
        let (shared_array, own_array) = (w.array(&[Ref::NULL; 2]), w.array(&[Ref::NULL; 2]));
        w.hold(&[0, t], shared_array);
        w.hold(&[0], own_array);
        let inner = w.ints(&[7]);
        let cell = w.array(&[inner]);
        w.fingerprint();
        assert!(w.shared(shared_array) && !w.shared(own_array) && !w.shared(cell));
        let footprint = w.transition(0, |w| {
            Checker::stored_refs(&mut w.vm, own_array, &[cell, Ref::NULL]);
            assert!(!w.shared(cell), "into an array only this thread reaches");
            Checker::stored_refs(&mut w.vm, shared_array, &[Ref::NULL, cell]);
            assert!(
                w.shared(cell) && w.shared(inner),
                "published with what it reaches"
            );
        });
        assert!(footprint.answers.contains(&(shared_array, true)));
        assert!(footprint.answers.contains(&(cell, false)));
    }

    #[test]
    fn transitions_of_different_threads_on_different_objects_commute() {
        let mut s = setup();
        let (t, x, y) = (s.t, s.x, s.y);
        let a = s.run(0, |w| {
            w.read(x);
            w.set_element(x, 0, 1);
        });
        let b = s.run(t, |w| w.set_element(y, 0, 1));
        assert!(s.commute(&a, &b) && s.commute(&b, &a));

        let a = s.run(0, |w| w.read(y));
        let b = s.run(t, |w| w.read(y));
        assert!(s.commute(&a, &b), "both only read");

        // What no other thread reaches is not even recorded.
        let own = s.w.ints(&[0]);
        s.w.push(0, own);
        s.start_here();
        let a = s.run(0, |w| {
            w.read(own);
            w.set_element(own, 0, 1);
        });
        assert!(a.reads.is_empty() && a.writes.is_empty());
    }

    #[test]
    fn a_write_conflicts_with_a_read_or_write_of_the_same_object() {
        let mut s = setup();
        let (t, x) = (s.t, s.x);
        let write = |w: &mut World| w.set_element(x, 0, 1);
        let read = |w: &mut World| w.read(x);
        let a = s.run(0, write);
        let b = s.run(t, read);
        assert!(!s.commute(&a, &b), "write, then read");
        let a = s.run(0, read);
        let b = s.run(t, write);
        assert!(!s.commute(&a, &b), "read, then write");
        let a = s.run(0, write);
        let b = s.run(t, write);
        assert!(!s.commute(&a, &b), "write, then write");
        // Taking a monitor writes it.
        let a = s.run(0, |w| {
            w.vm.monitor_enter(x);
        });
        let b = s.run(t, read);
        assert!(!s.commute(&a, &b), "lock, then read");
    }

    #[test]
    fn an_opaque_transition_commutes_with_nothing() {
        let mut s = setup();
        let t = s.t;
        let nothing = s.run(t, |_| {});
        let also_nothing = s.run(0, |_| {});
        assert!(s.commute(&also_nothing, &nothing));

        let untracked = s.run(0, |w| Checker::untracked(&mut w.vm));
        assert!(!s.commute(&untracked, &nothing) && !s.commute(&nothing, &untracked));

        let list = s.w.class("java/util/ArrayList");
        let class_state_changed = s.run(0, |w| {
            w.vm.mirror(list);
        });
        assert!(!s.commute(&class_state_changed, &nothing));
    }

    #[test]
    fn transitions_of_one_thread_never_commute() {
        let mut s = setup();
        let (t, x, y) = (s.t, s.x, s.y);
        let a = s.run(t, |w| w.set_element(x, 0, 1));
        let b = s.run(t, |w| w.set_element(y, 0, 1));
        assert!(!s.commute(&a, &b));
    }

    #[test]
    fn a_transition_that_changed_another_thread_does_not_commute() {
        let mut s = setup();
        let (t, x, y) = (s.t, s.x, s.y);
        let u = s.w.thread();
        s.start_here();
        let b = s.run(t, |w| w.set_element(y, 0, 1));
        let a = s.run(0, |w| w.block(t, x));
        assert!(
            !s.commute(&a, &b) && !s.commute(&b, &a),
            "it changed the other"
        );

        // A third thread.
        let interrupt = |w: &mut World| w.thread_mut(u).interrupted = true;
        let a = s.run(0, interrupt);
        let nothing = s.run(t, |_| {});
        assert!(s.commute(&a, &nothing), "one changed a third");
        let b = s.run(t, interrupt);
        assert!(!s.commute(&a, &b), "both changed a third");
    }

    #[test]
    fn a_transition_after_which_the_other_would_run_alone_does_not_commute() {
        let mut s = setup();
        let (t, x, y) = (s.t, s.x, s.y);
        let b = s.run(t, |w| w.set_element(y, 0, 1));
        let a = s.run(0, |w| w.set_element(x, 0, 1));
        assert!(s.commute(&a, &b), "the main thread runs on");
        // After the main thread ends, `t` meets no scheduling point: it would run on.
        let ends = s.run(0, |w| w.terminate(0));
        assert!(!s.commute(&ends, &b));
        // The same for the main thread after `t` ends.
        let ends = s.run(t, |w| w.terminate(t));
        assert!(!s.commute(&a, &ends));
    }

    #[test]
    fn sharing_answers_that_no_longer_hold_prevent_commutation() {
        let mut s = setup();
        let (t, x) = (s.t, s.x);
        let own = s.w.ints(&[0]);
        s.w.push(0, own);
        s.start_here();
        let nothing = s.run(t, |_| {});

        // The earlier transition's answers are checked in the state the later one reached.
        let asked = |w: &mut World| assert!(!shared_for_decision(&mut w.vm.machine, own));
        let a = s.run(0, asked);
        assert!(s.commute(&a, &nothing));
        let publishes = s.run(t, |w| w.vm.machine.sharing.set_shared(own, true));
        assert!(!s.commute(&a, &publishes), "no longer unshared");

        // The later transition's "shared" answers must survive the earlier one: robust ones
        // do (objects from before the search), others need not.
        let old = s.w.vm.state.threads[0].obj;
        let a = s.run(0, |_| {});
        let robust = s.run(t, |w| assert!(shared_for_decision(&mut w.vm.machine, old)));
        assert!(s.commute(&a, &robust));
        let fragile = s.run(t, |w| assert!(shared_for_decision(&mut w.vm.machine, x)));
        assert!(!s.commute(&a, &fragile), "shared by two threads only");

        // Even a robust answer does not survive an earlier transition that unlinked a
        // reference held by a shared object.
        let holder = s.w.array(&[own]);
        s.w.hold(&[0, t], holder);
        s.start_here();
        let robust = s.run(t, |w| assert!(shared_for_decision(&mut w.vm.machine, old)));
        let unlinks = s.run(0, |w| w.set_element(holder, 0, Ref::NULL));
        assert!(!s.commute(&unlinks, &robust));
    }
}
