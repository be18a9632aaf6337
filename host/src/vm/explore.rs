//! What the VM does differently under the model checker: choice generators, scheduling points
//! (on-the-fly partial order reduction), transitions that end where a choice exists, and the
//! properties checked at each state.
//!
//! JPF's protocol is followed: an instruction that needs a choice registers a ChoiceGenerator
//! and stops *before* completing, so that it re-executes as the first instruction of the next
//! transition, when the search has picked a choice (top half / bottom half). Several
//! generators registered by one instruction are cascaded; each has an id and is looked up by
//! it.

use std::rc::Rc;

use super::class::ClassId;
use super::interp::Stop;
use super::thread::{Exec, Status};
use super::value::{Ref, Value};
use super::Vm;
use rpf_plugin_api::{Access, AccessKind, EventKind};

/// One value a ChoiceGenerator offers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Choice {
    /// Run this thread next.
    Thread(u32),
    /// An int.
    Int(i32),
    /// A long.
    Long(i64),
    /// A double.
    Double(f64),
    /// A boolean.
    Bool(bool),
}

impl std::fmt::Display for Choice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Choice::Thread(t) => write!(f, "thread {t}"),
            Choice::Int(v) => write!(f, "{v}"),
            Choice::Long(v) => write!(f, "{v}"),
            Choice::Double(v) => write!(f, "{v}"),
            Choice::Bool(v) => write!(f, "{v}"),
        }
    }
}

/// A set of choices offered at one point of the execution.
#[derive(Debug, Clone, PartialEq)]
pub struct ChoiceGenerator {
    /// Identifies the generator to the instruction that re-executes (`verifyGetInt`, ...).
    pub id: Rc<str>,
    /// The choices, explored in this order.
    pub choices: Choices,
    /// Whether this is a thread (scheduling) choice.
    pub is_thread: bool,
}

/// A generator's choices: a thread choice rarely offers more than eight, which then need
/// no allocation of their own.
pub type Choices = smallvec::SmallVec<[Choice; 8]>;

/// The generators registered in one transition (cascaded ones are rare: one is kept
/// inline).
pub type ChoiceGenerators = smallvec::SmallVec<[ChoiceGenerator; 1]>;

/// The id of a thread choice generator: the common reasons are shared, not allocated per
/// state.
fn thread_choice_id(reason: &'static str) -> Rc<str> {
    thread_local! {
        static IDS: std::cell::RefCell<Vec<(&'static str, Rc<str>)>> = const {
            std::cell::RefCell::new(Vec::new())
        };
    }
    // Reasons are literals: the address identifies one (comparing it is cheaper than the text).
    let same = |r: &&str| std::ptr::eq(*r, reason);
    IDS.with_borrow_mut(|ids| match ids.iter().find(|(r, _)| same(r)) {
        Some((_, id)) => id.clone(),
        None => {
            let id: Rc<str> = Rc::from(reason);
            ids.push((reason, id.clone()));
            id
        }
    })
}

impl ChoiceGenerator {
    /// A scheduling choice among `threads`.
    pub fn threads(
        reason: &'static str,
        threads: impl IntoIterator<Item = u32>,
    ) -> ChoiceGenerator {
        let choices = threads.into_iter().map(Choice::Thread).collect();
        ChoiceGenerator {
            id: thread_choice_id(reason),
            choices,
            is_thread: true,
        }
    }

    /// A data choice.
    pub fn data(id: &str, choices: Vec<Choice>) -> ChoiceGenerator {
        ChoiceGenerator {
            id: Rc::from(id),
            choices: Choices::from_vec(choices),
            is_thread: false,
        }
    }
}

/// Where thread choices go: JPF's on-the-fly partial order reduction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Policy {
    /// Break only at accesses to objects reachable from more than one thread (`vm.por`).
    /// Without it every field and array access is a scheduling point.
    pub por: bool,
    /// Code of the Java class library runs atomically unless it blocks, and calls into it
    /// from application code are scheduling points when they involve shared objects
    /// (`vm.por.system_atomic`).
    pub system_atomic: bool,
    /// Timed waits, sleeps and timed parks may end by timeout at any scheduling point.
    pub timeouts: bool,
}

impl Default for Policy {
    fn default() -> Self {
        Policy {
            por: true,
            system_atomic: true,
            timeouts: true,
        }
    }
}

/// How a field or array access looks to the scheduling policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct AccessSite {
    /// The field is final (never a scheduling point).
    pub is_final: bool,
    /// The accessing code belongs to the class library.
    pub in_system: bool,
    /// The access writes.
    pub write: bool,
}

/// Lock-protection knowledge shared between search workers.
pub type SharedProtection =
    std::sync::Arc<dashmap::DashMap<FieldKey, bool, crate::word_hash::WordHash>>;

/// A field as lock-protection detection tracks it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldKey {
    /// Declaring class.
    pub class: ClassId,
    /// Instance or static slot.
    pub slot: u32,
    /// Whether it is a static field.
    pub is_static: bool,
}

impl std::hash::Hash for FieldKey {
    /// One word (the field lookups of every shared access hash keys; the derived hash would
    /// feed three).
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        h.write_u64(
            u64::from(self.class) << 32 ^ u64::from(self.slot) << 1 ^ u64::from(self.is_static),
        );
    }
}

/// Priorities of the best-first search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Heuristic {
    /// Shallow states first (JPF's BFSHeuristic).
    #[default]
    BreadthFirst,
    /// States with more blocked threads first (JPF's MostBlocked).
    MostBlocked,
}

/// A property violation found in a transition.
#[derive(Debug, Clone, PartialEq)]
pub enum Violation {
    /// An exception no handler caught.
    Uncaught {
        /// The thread it escaped from.
        thread: u32,
        /// The Throwable.
        exception: Ref,
    },
    /// No thread can run but some non-daemon thread has not finished.
    Deadlock,
}

/// How a transition ended.
#[derive(Debug, Clone, PartialEq)]
pub enum TransitionEnd {
    /// Choices were registered; the state has successors.
    Choices(ChoiceGenerators),
    /// Every non-daemon thread finished (or System.exit was called).
    Finished,
    /// A property was violated.
    Violated(Violation),
    /// `Verify.ignoreIf(true)` or `assume(false)`: the path is pruned.
    Ignored,
}

/// Per-transition bookkeeping of the checker (not part of the VM state).
#[derive(Debug, Clone, Default)]
pub struct Explore {
    /// The scheduling policy.
    pub policy: Policy,
    /// Generators registered in the current transition.
    pub pending: ChoiceGenerators,
    /// The choices the current transition started with, by generator id.
    pub current: Vec<(Rc<str>, Choice)>,
    /// A violation found in the current transition.
    pub violation: Option<Violation>,
    /// The current path was pruned.
    pub ignored: bool,
    /// Budget value at the start of the transition (first-step detection).
    pub start_budget: u64,
    /// Instructions executed per transition before rpf forces a scheduling point (so that a
    /// thread spinning without shared accesses cannot hang the search; `vm.max_transition`).
    pub max_transition: u64,
    /// Executed (thread, method, pc) while recording a trace.
    pub record: Option<Vec<(u32, u32, u32)>>,
    /// Set when the program needs something rpf cannot provide (ends the run).
    pub unsupported: Option<String>,
    /// Turn `java.util.Random.nextInt(n)` / `nextBoolean()` into choices.
    pub enumerate_random: bool,
    /// Priority used by best-first search.
    pub heuristic: Heuristic,
    /// Detect lock-protected fields (`vm.por.sync_detection`).
    pub sync_detection: bool,
    /// Fields assumed lock-protected (true) or known unprotected (false).
    pub protection: std::collections::HashMap<FieldKey, bool, crate::word_hash::WordHash>,
    /// The same knowledge shared by the workers of a parallel search, so that they all
    /// explore under the same assumptions (`protection` caches it).
    pub shared_protection: Option<SharedProtection>,
    /// A protection assumption was contradicted: the search must start over.
    pub restart: bool,
    /// Report uncaught exceptions (NoUncaughtExceptionsProperty).
    pub check_exceptions: bool,
    /// Report deadlocks (NotDeadlockedProperty).
    pub check_deadlocks: bool,
}

impl Vm {
    /// Whether the model checker drives this VM.
    #[inline(always)]
    pub fn checking(&self) -> bool {
        self.explore.is_some()
    }

    /// Whether class `c` belongs to the Java class library (runs atomically by default).
    #[inline]
    pub fn is_system_class(&self, c: ClassId) -> bool {
        self.classes.get(c).system
    }

    /// Threads that could be scheduled now: runnable ones, ones blocked on a monitor that is
    /// free, and (if timeouts are explored) timed waiters that may time out.
    pub fn schedulable_threads(&self) -> Vec<u32> {
        self.schedulable().collect()
    }

    /// [`schedulable_threads`](Self::schedulable_threads) without collecting them.
    fn schedulable(&self) -> impl Iterator<Item = u32> + '_ {
        let timeouts = self.explore.as_ref().is_some_and(|e| e.policy.timeouts);
        (0..self.threads.len())
            .filter(move |&t| self.is_runnable(t) || (timeouts && self.may_time_out(t)))
            .map(|t| t as u32)
    }

    /// Whether thread `t` is in a timed wait that could end by timeout now.
    fn may_time_out(&self, t: usize) -> bool {
        let th = &self.threads[t];
        match th.status {
            Status::Sleeping => true,
            Status::Parked => th.deadline.is_some(),
            Status::Waiting(obj) => th.deadline.is_some() && self.monitor_available(obj, t),
            _ => false,
        }
    }

    /// Makes thread `t` (chosen to run) runnable if it is in a timed wait: the wait times out.
    pub fn time_out_if_waiting(&mut self, t: usize) {
        if self.is_runnable(t) || !self.may_time_out(t) {
            return;
        }
        match self.threads[t].status {
            Status::Waiting(_) => self.wake_waiter(t),
            _ => {
                let th = &mut self.threads[t];
                th.status = Status::Runnable;
                th.deadline = None;
            }
        }
    }

    /// A scheduling point: unless this is the first instruction of the transition or an
    /// atomic section is active, registers a thread choice among the schedulable threads and
    /// returns true (the instruction re-executes in the next transition).
    pub(crate) fn schedule_point(&mut self, first: bool, reason: &'static str) -> bool {
        if first || self.atomic_depth > 0 {
            return false;
        }
        if self.schedulable().nth(1).is_none() {
            self.note_ran_alone();
            return false;
        }
        let cg = ChoiceGenerator::threads(reason, self.schedulable());
        self.register_choice(cg);
        true
    }

    /// Registers a choice generator in the current transition (a top half).
    pub fn register_choice(&mut self, cg: ChoiceGenerator) {
        if self.wants(EventKind::ChoiceRegistered) {
            let event = rpf_plugin_api::Event {
                value: cg.choices.len() as i64,
                flags: rpf_plugin_api::flags::when(
                    cg.is_thread,
                    rpf_plugin_api::flags::THREAD_CHOICE,
                ),
                text: abi_stable::std_types::RStr::from_str(&cg.id),
                ..rpf_plugin_api::Event::new(EventKind::ChoiceRegistered, self.current as u32)
            };
            self.fire(crate::plugins::host_view::Frames::Parked, event);
        }
        if let Some(e) = self.explore.as_mut() {
            e.pending.push(cg);
        }
    }

    /// The choice the current transition was started with for generator `id` — only while
    /// executing the transition's first instruction (a native's bottom half).
    pub fn current_choice(&self, id: &str) -> Option<Choice> {
        if !self.first_step {
            return None;
        }
        self.explore
            .as_ref()?
            .current
            .iter()
            .find(|(cid, _)| &**cid == id)
            .map(|(_, c)| *c)
    }

    /// Whether an access to a field of a shared object is a scheduling point under the
    /// policy (or the scheduler plugin). `field` identifies the field for lock-protection
    /// detection (`None` for array elements).
    pub(crate) fn field_access_relevant(
        &mut self,
        obj: Ref,
        field: Option<(ClassId, u32)>,
        site: AccessSite,
    ) -> bool {
        let AccessSite {
            is_final,
            in_system,
            write,
        } = site;
        let Some(e) = self.explore.as_ref() else {
            return false;
        };
        if is_final {
            return false;
        }
        let (por, system_atomic) = (e.policy.por, e.policy.system_atomic);
        let atomic = in_system && system_atomic;
        let default = !atomic
            && (!por
                || self.shared_for_decision(obj)
                    && match field {
                        Some((class, slot)) => !self.protected_by(
                            FieldKey {
                                class,
                                slot,
                                is_static: false,
                            },
                            obj,
                        ),
                        None => true,
                    });
        if !self.has_scheduler_plugin() {
            return default;
        }
        let kind = match (field.is_some(), write) {
            (true, false) => AccessKind::FieldRead,
            (true, true) => AccessKind::FieldWrite,
            (false, false) => AccessKind::ArrayRead,
            (false, true) => AccessKind::ArrayWrite,
        };
        let shared = self.heap.is_shared(obj);
        self.ask_scheduler(obj, kind, in_system, shared, default)
    }

    /// Whether a static field access is a scheduling point.
    pub(crate) fn static_access_relevant(
        &mut self,
        declaring: ClassId,
        slot: u32,
        site: AccessSite,
    ) -> bool {
        let AccessSite {
            is_final,
            in_system,
            write,
        } = site;
        let Some(e) = self.explore.as_ref() else {
            return false;
        };
        if is_final {
            return false;
        }
        let system = in_system || self.is_system_class(declaring);
        let (por, system_atomic) = (e.policy.por, e.policy.system_atomic);
        let lock = self.class_state_of(declaring).mirror;
        let default = (!system_atomic || !system)
            && (!por
                || !self.protected_by(
                    FieldKey {
                        class: declaring,
                        slot,
                        is_static: true,
                    },
                    lock,
                ));
        if !self.has_scheduler_plugin() {
            return default;
        }
        let kind = if write {
            AccessKind::StaticWrite
        } else {
            AccessKind::StaticRead
        };
        let statics = self.class_state_of(declaring).statics;
        self.ask_scheduler(statics, kind, system, true, default)
    }

    /// Keeps sharedness exact within a transition: a reference stored into an object other
    /// threads can reach makes everything it reaches shared at once. (The next state's
    /// fingerprint finds the same; the rest of the current transition must not wait for
    /// it, or the storing thread's later accesses to the published objects would not be
    /// scheduling points.)
    pub(crate) fn publish(&mut self, holder: Ref, value: Value) {
        if self.explore.is_none() {
            return;
        }
        if let Value::Ref(r) = value {
            if !r.is_null() && self.shared_for_decision(holder) && !self.shared_for_decision(r) {
                self.share_closure(r);
            }
        }
    }

    /// Marks `root` and everything reachable from it shared (a static field or a started
    /// thread now reaches them).
    pub(crate) fn share_closure(&mut self, root: Ref) {
        if self.explore.is_none() {
            return;
        }
        let mut work = vec![root];
        while let Some(r) = work.pop() {
            if r.is_null() || self.shared_for_decision(r) {
                continue;
            }
            if let Some(obj) = self.heap.get(r) {
                obj.data.for_each_ref(|c| work.push(c));
            }
            self.heap.set_shared(r, true);
        }
    }

    /// Whether a scheduler plugin decides scheduling points.
    #[inline]
    fn has_scheduler_plugin(&self) -> bool {
        self.plugins.as_ref().is_some_and(|p| p.has_scheduler())
    }

    /// Asks the scheduler plugin about an access (`default` is the built-in answer).
    fn ask_scheduler(
        &mut self,
        object: Ref,
        kind: AccessKind,
        system: bool,
        shared: bool,
        default: bool,
    ) -> bool {
        let Some(mut plugins) = self.plugins.take() else {
            return default;
        };
        let access = Access {
            thread: self.current as u32,
            object: object.0,
            kind,
            system,
            shared,
            default,
        };
        let answer = plugins.is_scheduling_point(self, &access);
        self.plugins = Some(plugins);
        answer
    }

    /// Lock-protection detection (JPF's `vm.por.sync_detection`): a field whose every access
    /// so far happened while holding `lock` (the object's own monitor, or the declaring class
    /// for statics) needs no scheduling points of its own — the lock's acquisitions order its
    /// accesses. The assumption is global across the search; when an unprotected access
    /// contradicts it, the field becomes unprotected and the search is restarted, so the
    /// result is as if the field had been treated as unprotected from the start.
    fn protected_by(&mut self, key: FieldKey, lock: Ref) -> bool {
        let me = self.current as u32;
        let held = !lock.is_null() && self.monitors.get(&lock).is_some_and(|m| m.owner == me);
        let Some(e) = self.explore.as_mut() else {
            return false;
        };
        if !e.sync_detection {
            return false;
        }
        let status = e
            .protection
            .entry(key)
            .or_insert_with(|| match &e.shared_protection {
                // Other workers' first accesses count as if they had happened here.
                Some(shared) => *shared.entry(key).or_insert(held),
                None => held,
            });
        if *status && !held {
            *status = false;
            if let Some(shared) = &e.shared_protection {
                shared.insert(key, false);
            }
            e.restart = true;
            tracing::debug!(?key, "field found unprotected; the search restarts");
        }
        *status
    }

    /// Whether taking `obj`'s monitor is a scheduling point (not for recursive entry).
    /// Releases are not: until the releasing thread's next scheduling point nothing it does
    /// can be observed by the threads the release enables.
    pub(crate) fn monitor_relevant(&mut self, obj: Ref, in_system: bool) -> bool {
        let Some(policy) = self.explore.as_ref().map(|e| e.policy) else {
            return false;
        };
        let me = self.current as u32;
        if self.monitors.get(&obj).is_some_and(|m| m.owner == me) {
            return false;
        }
        let atomic = in_system && policy.system_atomic;
        let default = !atomic && (!policy.por || self.shared_for_decision(obj));
        if !self.has_scheduler_plugin() {
            return default;
        }
        let shared = self.heap.is_shared(obj);
        self.ask_scheduler(obj, AccessKind::MonitorEnter, in_system, shared, default)
    }

    /// Whether a call from application code into the class library is a scheduling point:
    /// the receiver or an argument is shared, or the callee is a thread-API method.
    pub(crate) fn library_call_relevant(
        &mut self,
        exec: &Exec,
        callee_class: ClassId,
        arg_entries: usize,
        thread_api: bool,
    ) -> bool {
        let Some(e) = self.explore.as_ref() else {
            return false;
        };
        if !e.policy.system_atomic || !self.is_system_class(callee_class) {
            return false;
        }
        if thread_api {
            return true;
        }
        let por = e.policy.por;
        let base = exec.stack.len().saturating_sub(arg_entries);
        exec.stack[base..].iter().any(|v| match v {
            Value::Ref(r) if !r.is_null() => !por || self.shared_for_decision(*r),
            _ => false,
        })
    }

    /// Runs one transition of thread `thread` under the checker, starting with `choices`.
    pub fn run_transition(
        &mut self,
        thread: u32,
        choices: impl IntoIterator<Item = (Rc<str>, Choice)>,
    ) -> TransitionEnd {
        // Without the checker's bookkeeping nothing bounds a transition.
        let budget_limit = self.explore.as_ref().map_or(u64::MAX, |e| e.max_transition);
        if let Some(e) = self.explore.as_mut() {
            e.pending.clear();
            e.current.clear();
            e.current.extend(choices);
            e.violation = None;
            e.ignored = false;
            e.start_budget = budget_limit;
        }
        let t = thread as usize;
        self.footprint_begin(thread);
        self.time_out_if_waiting(t);
        let mut budget = budget_limit;
        loop {
            let stop = self.run_slice_with(t, &mut budget);
            if let Some(v) = self.explore.as_ref().and_then(|e| e.violation.clone()) {
                return TransitionEnd::Violated(v);
            }
            if self.explore.as_ref().is_some_and(|e| e.ignored) {
                return TransitionEnd::Ignored;
            }
            match stop {
                Stop::Break => break,
                Stop::Halt(_) => return TransitionEnd::Finished,
                Stop::UpcallDone | Stop::FramesEmpty => {
                    self.upcall_finished(t);
                    if let Some(v) = self.explore.as_ref().and_then(|e| e.violation.clone()) {
                        return TransitionEnd::Violated(v);
                    }
                    if self.threads[t].status == Status::Terminated {
                        break;
                    }
                }
                Stop::Blocked | Stop::Yield | Stop::Budget => break,
            }
        }
        self.end_of_transition()
    }

    /// After a transition: the pending choices, or a thread choice, or the end, or deadlock.
    fn end_of_transition(&mut self) -> TransitionEnd {
        let pending = self
            .explore
            .as_mut()
            .map(|e| std::mem::take(&mut e.pending))
            .unwrap_or_default();
        if !pending.is_empty() {
            return TransitionEnd::Choices(pending);
        }
        if self.exit_status.is_some() {
            return TransitionEnd::Finished;
        }
        let cg = ChoiceGenerator::threads("schedule", self.schedulable());
        if !cg.choices.is_empty() {
            return TransitionEnd::Choices(smallvec::smallvec![cg]);
        }
        let waiting = self.threads.iter().any(|t| t.is_alive() && !t.daemon);
        let check = self.explore.as_ref().is_some_and(|e| e.check_deadlocks);
        if waiting && check {
            TransitionEnd::Violated(Violation::Deadlock)
        } else {
            TransitionEnd::Finished
        }
    }

    /// Runs thread `t` with a shared budget (a transition may span several VM calls).
    fn run_slice_with(&mut self, t: usize, budget: &mut u64) -> Stop {
        self.current = t;
        if let Status::Blocked(_) = self.threads[t].status {
            self.threads[t].status = Status::Runnable;
        }
        let mut exec = std::mem::take(&mut self.threads[t].exec);
        let before = *budget;
        let stop = if self.instrumented {
            self.interpret_stepwise(&mut exec, budget)
        } else {
            self.interpret(&mut exec, budget)
        };
        self.instructions += before - *budget;
        self.threads[t].exec = exec;
        stop
    }
}

/// Methods whose calls interact with other threads no matter what they are called on.
pub(crate) fn is_thread_api(class: &str, name: &str) -> bool {
    match class {
        // wait/notify need the monitor, whose acquisition is already a scheduling point;
        // start cannot interact with the new thread before it runs.
        "java/lang/Thread" => matches!(
            name,
            "join"
                | "sleep"
                | "yield"
                | "interrupt"
                | "isAlive"
                | "getState"
                | "isInterrupted"
                | "interrupted"
        ),
        "java/util/concurrent/locks/LockSupport" => name.starts_with("park") || name == "unpark",
        _ => false,
    }
}

impl Vm {
    /// Whether calling `target` from the current method is a scheduling point: taking a
    /// shared monitor of a synchronized method, or a call from application code into the
    /// class library that involves shared objects or the thread API.
    pub(crate) fn call_is_scheduling_point(
        &mut self,
        exec: &Exec,
        caller: &super::class::Class,
        target: super::class::MethodId,
    ) -> bool {
        let m = self.classes.method(target);
        let (class, args) = (m.class, usize::from(m.arg_entries));
        let relevant = if m.is_synchronized() {
            let lock = if m.is_static() {
                self.class_state_of(class).mirror
            } else {
                exec.peek(args - 1).as_ref()
            };
            (lock.is_null() || self.monitor_relevant(lock, caller.system))
                || (!caller.system && self.library_call_relevant(exec, class, args, false))
        } else if !caller.system {
            self.library_call_relevant(exec, class, args, m.thread_api)
        } else {
            false
        };
        relevant && self.schedule_point(self.first_step, "call")
    }
}
