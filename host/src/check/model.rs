//! The Java program as a [`Model`] for the search engine: a state is a VM snapshot plus the
//! choice generators pending in it; an operation picks one choice of each (cascaded)
//! generator and runs the transition that follows.

use std::cell::OnceCell;
use std::rc::Rc;

use abi_stable::std_types::RStr;
use rpf_plugin_api::{flags, Event, EventKind};

use crate::plugins::host_view::Frames;
use crate::plugins::{Reported, Requests};
use crate::search::{Event as SearchEvent, Model, Ops, Outcome};
use crate::vm::explore::{
    Choice, ChoiceGenerator, ChoiceGenerators, SharedProtection, TransitionEnd, Violation,
};
use crate::vm::footprint::Footprint;
use crate::vm::state::ProgramState;
use crate::vm::value::Ref;
use crate::vm::Vm;

/// A program state and what can happen next.
#[derive(Debug)]
pub struct StateData {
    /// The VM state, saved only once the search decides to come back to it (see
    /// [`Model::keep`]): most states reached were seen before and are never saved (boxed, so
    /// that a state record that is never saved stays small).
    snapshot: OnceCell<Box<ProgramState>>,
    /// Choice generators registered at the end of the transition that led here.
    pub cgs: ChoiceGenerators,
    /// Canonical fingerprint.
    pub fingerprint: u128,
    /// The thread that ran last.
    current: u32,
    /// What the transition that led here touched, when sleep sets are on.
    footprint: Option<Footprint>,
}

/// A shared handle to a state.
pub type JavaState = Rc<StateData>;

/// One operation: an index into the product of the state's cascaded generators' choices,
/// the last generator varying fastest (see [`choices`]).
pub type JavaOp = u64;

/// A property violation with what the report needs.
#[derive(Debug, Clone)]
pub struct JavaError {
    /// `assertion`, `exception` or `deadlock`.
    pub kind: String,
    /// The JPF property class that was violated.
    pub property: String,
    /// One-line description.
    pub message: String,
    /// Fully qualified class of the uncaught exception, if any.
    pub exception_class: Option<String>,
    /// The thread that caused it (or, for deadlocks, the last running one).
    pub thread: u32,
    /// The exception's stack trace, or the blocked threads.
    pub details: Vec<String>,
    /// Every thread's stack at the error.
    pub snapshot: Vec<ThreadSnapshot>,
}

/// One thread at the error state.
#[derive(Debug, Clone)]
pub struct ThreadSnapshot {
    /// Thread number.
    pub id: u32,
    /// Thread name.
    pub name: String,
    /// Scheduling status.
    pub status: String,
    /// Stack frames, innermost first (`at Class.method(File.java:line)`).
    pub frames: Vec<String>,
}

/// Counters the report shows beyond the search engine's.
#[derive(Debug, Clone, Default)]
pub struct ModelStats {
    /// Thread choice generators created.
    pub thread_cgs: u64,
    /// Data choice generators created.
    pub data_cgs: u64,
    /// Objects freed by checker garbage collection.
    pub released: u64,
    /// Garbage collections.
    pub gc_cycles: u64,
    /// Most young objects reachable in one state.
    pub max_live: usize,
}

impl ModelStats {
    /// Adds another worker's counters (a parallel search).
    pub fn add(&mut self, other: &ModelStats) {
        self.thread_cgs += other.thread_cgs;
        self.data_cgs += other.data_cgs;
        self.released += other.released;
        self.gc_cycles += other.gc_cycles;
        self.max_live = self.max_live.max(other.max_live);
    }
}

/// The checked program.
pub struct JavaModel {
    /// The VM.
    pub vm: Vm,
    /// The state the VM currently holds, to avoid restoring it again.
    at: Option<JavaState>,
    /// Extra counters.
    pub stats: ModelStats,
    /// Set when the program needed something unsupported; the search then stops.
    pub unsupported: Option<String>,
    objects_at_seal: u64,
    initial: Option<JavaState>,
    /// Whether plugins are loaded (they hear the search's events).
    plugins: bool,
    /// The id of the state the last transition started from (for plugins).
    came_from: i64,
    /// A violation plugins reported outside a transition.
    late: Option<JavaError>,
}

impl JavaModel {
    /// Wraps a VM whose main thread is ready to run `main`.
    pub fn new(mut vm: Vm) -> JavaModel {
        vm.seal_baseline();
        let objects_at_seal = vm.state.heap.total_allocated;
        let plugins = vm.plugins.is_some();
        JavaModel {
            vm,
            at: None,
            stats: ModelStats::default(),
            unsupported: None,
            objects_at_seal,
            initial: None,
            plugins,
            came_from: 0,
            late: None,
        }
    }

    /// Returns the VM to the initial state for a fresh search (after a restart request).
    pub fn reset(&mut self) {
        if let Some(s0) = self.initial.take() {
            self.vm.restore(s0.saved());
        }
        self.at = None;
        if let Some(e) = self.vm.explore.as_mut() {
            e.restart = false;
        }
    }

    /// Makes lock-protection detection use (and add to) `shared`, the knowledge of all
    /// workers of a parallel search; forgets what this model learned on its own, which
    /// `shared` already holds.
    pub fn share_protection(&mut self, shared: SharedProtection) {
        if let Some(e) = self.vm.explore.as_mut() {
            e.protection.clear();
            e.shared_protection = Some(shared);
        }
    }

    /// Whether the search must start over (a lock-protection assumption failed).
    pub fn restart_requested(&self) -> bool {
        self.vm.explore.as_ref().is_some_and(|e| e.restart)
    }

    /// The initial state, once the search has created it.
    pub fn initial_state(&self) -> Option<JavaState> {
        self.initial.clone()
    }

    /// Objects allocated since the search started.
    pub fn objects_allocated(&self) -> u64 {
        self.vm.state.heap.total_allocated - self.objects_at_seal
    }

    /// Records footprints of transitions, which sleep sets ([`Model::commute`]) compare.
    pub fn enable_sleep_sets(&mut self) {
        self.vm.record_footprints();
    }

    fn capture(&mut self, cgs: ChoiceGenerators, footprint: Option<Footprint>) -> JavaState {
        for cg in &cgs {
            if cg.is_thread {
                self.stats.thread_cgs += 1;
            } else {
                self.stats.data_cgs += 1;
            }
        }
        let fingerprint = self.vm.fingerprint();
        let reached = self.vm.fingerprinter_reached();
        self.stats.max_live = self.stats.max_live.max(reached);
        let young = self.vm.state.heap.capacity() - self.vm.state.heap.old_boundary() as usize;
        if young > 4 * reached + 4096 {
            self.stats.released += self.vm.sweep_unreached() as u64;
            self.stats.gc_cycles += 1;
        }
        let state = Rc::new(StateData {
            snapshot: OnceCell::new(),
            cgs,
            fingerprint,
            current: self.vm.state.current as u32,
            footprint,
        });
        self.at = Some(state.clone());
        state
    }

    /// Describes a violation at the current VM state.
    fn describe(&mut self, v: &Violation) -> JavaError {
        let snapshot = thread_snapshots(&self.vm);
        match v {
            Violation::Uncaught { thread, exception } => {
                let class = self
                    .vm
                    .class_of(*exception)
                    .map(|c| self.vm.classes.get(c).java_name())
                    .unwrap_or_default();
                let text = throwable_text(&self.vm, *exception);
                let assertion = class == "java.lang.AssertionError";
                JavaError {
                    kind: if assertion { "assertion" } else { "exception" }.to_string(),
                    property: "gov.nasa.jpf.vm.NoUncaughtExceptionsProperty".to_string(),
                    message: text,
                    exception_class: Some(class),
                    thread: *thread,
                    details: exception_frames(&mut self.vm, *exception),
                    snapshot,
                }
            }
            Violation::Deadlock => JavaError {
                kind: "deadlock".to_string(),
                property: "gov.nasa.jpf.vm.NotDeadlockedProperty".to_string(),
                message: "deadlock encountered: no thread can run".to_string(),
                exception_class: None,
                thread: self.vm.state.current as u32,
                details: self
                    .vm
                    .describe_blocked_threads()
                    .lines()
                    .map(|l| l.trim().to_string())
                    .collect(),
                snapshot,
            },
        }
    }

    /// The thread and choices an operation means in `state`.
    pub fn decode(&self, state: &JavaState, op: JavaOp) -> (u32, Vec<(Rc<str>, Choice)>) {
        (thread_of(state, op), picked(state, op).collect())
    }
}

/// The thread operation `op` runs in `state`: the last thread choice it takes, else the
/// thread that ran last.
fn thread_of(state: &JavaState, op: JavaOp) -> u32 {
    choices(&state.cgs, op)
        .filter(|(cg, _)| cg.is_thread)
        .filter_map(|(_, c)| match c {
            Choice::Thread(t) => Some(t),
            _ => None,
        })
        .last()
        .unwrap_or(state.snapshot_current())
}

/// The choice operation `op` takes from each generator of `state`, by generator id.
fn picked(state: &JavaState, op: JavaOp) -> impl Iterator<Item = (Rc<str>, Choice)> + '_ {
    choices(&state.cgs, op).map(|(cg, c)| (cg.id.clone(), c))
}

/// The choice operation `op` takes from each of `cgs`, with the generator.
pub fn choices(
    cgs: &[ChoiceGenerator],
    op: JavaOp,
) -> impl Iterator<Item = (&ChoiceGenerator, Choice)> {
    cgs.iter()
        .zip(digits(cgs, op))
        .map(|(cg, i)| (cg, cg.choices[i]))
}

/// The position of `op`'s choice in each generator (mixed radix, last digit fastest).
fn digits(cgs: &[ChoiceGenerator], op: JavaOp) -> impl Iterator<Item = usize> + '_ {
    let radix = |cg: &ChoiceGenerator| cg.choices.len().max(1) as u64;
    let mut divisor = cgs.iter().map(radix).fold(1u64, u64::saturating_mul);
    cgs.iter().map(move |cg| {
        let n = radix(cg);
        divisor /= n;
        ((op / divisor.max(1)) % n) as usize
    })
}

impl StateData {
    /// The id plugins know this state by: 64 bits of its fingerprint, so that states that
    /// match have the same id, at no cost.
    pub fn id(&self) -> i64 {
        self.fingerprint as u64 as i64
    }

    /// The thread that ran last.
    pub fn snapshot_current(&self) -> u32 {
        self.current
    }

    /// The saved VM state: the search only returns to states it kept
    /// ([`Model::keep`]), and those are saved.
    pub fn saved(&self) -> &ProgramState {
        self.snapshot
            .get()
            .expect("the search returns only to states it kept, which are saved")
    }
}

/// `java.lang.X: message` of a Throwable.
pub fn throwable_text(vm: &Vm, ex: Ref) -> String {
    vm.describe_throwable(ex)
}

/// `at Class.method(File.java:12)` lines of a Throwable's backtrace.
fn exception_frames(vm: &mut Vm, ex: Ref) -> Vec<String> {
    crate::vm::natives::backtrace_of(vm, ex)
        .into_iter()
        .map(|(m, pc)| format!("at {}", vm.frame_text(m, pc)))
        .collect()
}

/// Every live thread's name, status and stack.
pub fn thread_snapshots(vm: &Vm) -> Vec<ThreadSnapshot> {
    vm.state
        .threads
        .iter()
        .enumerate()
        .filter(|(_, t)| t.is_alive() || t.died_by_exception)
        .map(|(i, t)| ThreadSnapshot {
            id: i as u32,
            name: vm.thread_name(i),
            status: format!("{:?}", t.status).to_uppercase(),
            frames: t
                .exec
                .frames
                .iter()
                .rev()
                .map(|f| format!("at {}", vm.frame_text(f.method, f.pc)))
                .collect(),
        })
        .collect()
}

/// The operations of a state: one per combination of its cascaded generators' choices.
pub fn operations(cgs: &[ChoiceGenerator]) -> Ops<JavaOp> {
    if cgs.is_empty() {
        return Ops::new();
    }
    let total = cgs
        .iter()
        .map(|cg| cg.choices.len() as u64)
        .fold(1u64, u64::saturating_mul);
    (0..total).collect()
}

impl Model for JavaModel {
    type State = JavaState;
    type Op = JavaOp;
    type Error = JavaError;

    fn initial_states(&mut self) -> Vec<JavaState> {
        let main = ChoiceGenerator::threads("root", [0]);
        let s0 = self.capture(smallvec::smallvec![main], None);
        self.keep(&s0);
        self.initial = Some(s0.clone());
        self.fire_search(EventKind::SearchStarted, s0.id());
        vec![s0]
    }

    fn operations(&mut self, state: &JavaState) -> Ops<JavaOp> {
        operations(&state.cgs)
    }

    fn apply(&mut self, state: &JavaState, op: &JavaOp) -> Outcome<JavaState, JavaError> {
        if !self.at.as_ref().is_some_and(|s| Rc::ptr_eq(s, state)) {
            self.vm.restore(state.saved());
            self.fire_state(EventKind::StateRestored, state, 0, 0);
        }
        self.at = None;
        if self.plugins {
            self.announce_choices(state, op);
        }
        let end = self
            .vm
            .run_transition(thread_of(state, *op), picked(state, *op));
        let footprint = self.vm.footprint_end();
        if self
            .initial
            .as_ref()
            .is_some_and(|s0| Rc::ptr_eq(s0, state))
        {
            // The initial state has one operation (run main) and no choice before it ends:
            // what that transition allocates is the same on every path, so it joins the
            // pre-search objects, which are not hashed again until modified.
            self.vm.seal_baseline();
        }
        if let Some(message) = self.vm.explore.as_mut().and_then(|e| e.unsupported.take()) {
            self.unsupported = Some(message);
            return Outcome::Pruned;
        }
        let requests = self.plugin_requests(matches!(end, TransitionEnd::Violated(_)));
        match end {
            TransitionEnd::Ignored => Outcome::Pruned,
            _ if requests.ignore_state => Outcome::Pruned,
            TransitionEnd::Violated(v) => {
                let error = self.describe(&v);
                self.violated(error)
            }
            _ if !requests.violations.is_empty() => {
                let error = self.reported(&requests.violations[0]);
                self.violated(error)
            }
            TransitionEnd::Choices(cgs) => Outcome::Next(self.capture(cgs, footprint)),
            TransitionEnd::Finished => {
                Outcome::Next(self.capture(ChoiceGenerators::new(), footprint))
            }
        }
    }

    fn hash(&mut self, state: &JavaState) -> Option<u128> {
        Some(state.fingerprint)
    }

    /// Saves `state`, which the VM holds, if not saved yet (its program state shares what
    /// did not change with the states saved before).
    fn keep(&mut self, state: &JavaState) {
        if state.snapshot.get().is_some() {
            return;
        }
        assert!(
            self.at.as_ref().is_some_and(|s| Rc::ptr_eq(s, state)),
            "the search keeps a state right after reaching it"
        );
        let _ = state.snapshot.set(Box::new(self.vm.save()));
    }

    fn priority(&mut self, state: &JavaState, depth: usize) -> i64 {
        match self.vm.explore.as_ref().map(|e| e.heuristic) {
            Some(crate::vm::explore::Heuristic::MostBlocked) => {
                let blocked = state
                    .saved()
                    .threads
                    .iter()
                    .filter(|t| {
                        t.is_alive() && !matches!(t.status, crate::vm::thread::Status::Runnable)
                    })
                    .count();
                -(blocked as i64)
            }
            _ => depth as i64,
        }
    }

    fn memory_bytes(&self) -> u64 {
        resident_memory()
    }

    fn should_stop(&self) -> bool {
        self.unsupported.is_some()
            || self.vm.classes.diverged()
            || self.vm.explore.as_ref().is_some_and(|e| e.restart)
            || self
                .vm
                .plugins
                .as_ref()
                .is_some_and(|p| p.shared.requests.end_search)
    }

    fn notify(&mut self, event: SearchEvent, state: Option<&JavaState>) {
        if self.vm.plugins.is_none() {
            return;
        }
        match (event, state) {
            (SearchEvent::Finished, _) => {
                self.fire_search(EventKind::SearchFinished, 0);
                self.collect_late_violations();
            }
            (
                SearchEvent::Advanced {
                    depth,
                    new,
                    end,
                    error,
                },
                Some(s),
            ) => {
                if let Some(p) = self.vm.plugins.as_mut() {
                    p.shared.depth = depth as u32;
                }
                let flags = flags::when(new, flags::NEW_STATE)
                    | flags::when(end, flags::END_STATE)
                    | flags::when(error, flags::ERROR_STATE);
                self.fire_state(EventKind::StateAdvanced, s, flags, self.came_from);
                if new && !end {
                    for cg in &s.cgs {
                        self.fire_choice(EventKind::ChoiceSet, cg, cg.choices.len() as i64, s.id());
                    }
                }
                if !error {
                    self.collect_late_violations();
                }
            }
            (SearchEvent::Processed { .. }, Some(s)) => {
                for cg in &s.cgs {
                    self.fire_choice(EventKind::ChoiceProcessed, cg, 0, s.id());
                }
                self.fire_state(EventKind::StateProcessed, s, 0, 0);
            }
            (SearchEvent::Backtracked { .. }, Some(s)) => {
                self.fire_state(EventKind::StateBacktracked, s, 0, 0);
            }
            _ => {}
        }
    }

    fn late_error(&mut self) -> Option<JavaError> {
        self.late.take()
    }

    /// The thread `op` schedules, if `state` offers only a thread choice (a data choice's
    /// steps are not compared).
    fn actor(&self, state: &JavaState, op: &JavaOp) -> Option<u32> {
        self.vm.footprint.as_ref()?;
        match &state.cgs[..] {
            [cg] if cg.is_thread => match cg.choices.get(*op as usize) {
                Some(Choice::Thread(t)) => Some(*t),
                _ => None,
            },
            _ => None,
        }
    }

    /// Compares the footprints of the transitions that led to the two states; each must
    /// end at a plain thread choice (after one that ends at a data choice, the other
    /// thread cannot run before the choice is made, so the orders do not meet).
    fn commute(&self, earlier: &JavaState, later: &JavaState) -> bool {
        let plain = |s: &JavaState| matches!(&s.cgs[..], [cg] if cg.is_thread);
        match (&earlier.footprint, &later.footprint) {
            (Some(a), Some(b)) if plain(earlier) && plain(later) => a.commutes_with(b, &self.vm),
            _ => false,
        }
    }
}

impl JavaModel {
    /// Fires a state event about `state` (`other` is the state it came from, for
    /// `StateAdvanced`).
    fn fire_state(&mut self, kind: EventKind, state: &JavaState, flags: u32, other: i64) {
        if !self.vm.wants(kind) {
            return;
        }
        let event = Event {
            value: state.id(),
            other,
            flags,
            ..Event::new(kind, self.vm.state.current as u32)
        };
        self.vm.fire(Frames::Parked, event);
    }

    fn fire_choice(&mut self, kind: EventKind, cg: &ChoiceGenerator, value: i64, state: i64) {
        if !self.vm.wants(kind) {
            return;
        }
        let event = Event {
            value,
            other: state,
            flags: flags::when(cg.is_thread, flags::THREAD_CHOICE),
            text: RStr::from_str(&cg.id),
            ..Event::new(kind, self.vm.state.current as u32)
        };
        self.vm.fire(Frames::Parked, event);
    }

    fn fire_search(&mut self, kind: EventKind, value: i64) {
        if self.vm.wants(kind) {
            let event = Event {
                value,
                ..Event::new(kind, self.vm.state.current as u32)
            };
            self.vm.fire(Frames::Parked, event);
        }
    }

    /// Remembers where the transition starts for `StateAdvanced`, and fires
    /// `ChoiceAdvanced` for each generator's chosen value.
    fn announce_choices(&mut self, state: &JavaState, op: &JavaOp) {
        self.came_from = state.id();
        if !self.vm.wants(EventKind::ChoiceAdvanced) {
            return;
        }
        for (cg, index) in state.cgs.iter().zip(digits(&state.cgs, *op)) {
            self.fire_choice(EventKind::ChoiceAdvanced, cg, index as i64, state.id());
        }
    }

    /// Takes what plugins asked for during the transition; checks plugin properties on the
    /// new state unless the transition already violated one.
    fn plugin_requests(&mut self, violated: bool) -> Requests {
        let Some(mut plugins) = self.vm.plugins.take() else {
            return Requests::default();
        };
        if !violated && plugins.shared.requests.violations.is_empty() {
            plugins.check_properties(&mut self.vm);
        }
        let end_search = plugins.shared.requests.end_search;
        let requests = std::mem::take(&mut plugins.shared.requests);
        plugins.shared.requests.end_search = end_search;
        self.vm.plugins = Some(plugins);
        requests
    }

    /// Violations plugins reported while handling search events become a late error.
    fn collect_late_violations(&mut self) {
        let reported = self
            .vm
            .plugins
            .as_mut()
            .map(|p| std::mem::take(&mut p.shared.requests.violations))
            .unwrap_or_default();
        if let Some(first) = reported.first() {
            if self.late.is_none() {
                let error = self.reported(first);
                self.fire_violation(&error);
                self.late = Some(error);
            }
        }
    }

    /// A plugin's reported violation as an error of the current state.
    fn reported(&mut self, r: &Reported) -> JavaError {
        JavaError {
            kind: r.kind.clone(),
            property: r.component.clone(),
            message: r.message.clone(),
            exception_class: None,
            thread: self.vm.state.current as u32,
            details: Vec::new(),
            snapshot: thread_snapshots(&self.vm),
        }
    }

    /// The outcome of a violating transition, announced to listeners.
    fn violated(&mut self, error: JavaError) -> Outcome<JavaState, JavaError> {
        self.fire_violation(&error);
        Outcome::Error(self.capture(ChoiceGenerators::new(), None), error)
    }

    fn fire_violation(&mut self, error: &JavaError) {
        if self.vm.wants(EventKind::PropertyViolated) {
            let event = Event {
                text: RStr::from_str(&error.message),
                ..Event::new(EventKind::PropertyViolated, error.thread)
            };
            self.vm.fire(Frames::Parked, event);
        }
    }
}

/// Resident memory of this process (Linux `/proc/self/statm`), in bytes.
pub fn resident_memory() -> u64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map(|pages| pages * 4096)
        .unwrap_or(0)
}
