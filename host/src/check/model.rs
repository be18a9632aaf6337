//! The Java program as a [`Model`] for the search engine: a state is the program's state
//! plus the choice generators pending in it; an operation picks one choice of each
//! (cascaded) generator and runs the transition that follows.

use std::cell::OnceCell;
use std::rc::Rc;

use abi_stable::std_types::RStr;
use rpf_jvm::machine::{Choice, Frames};
use rpf_jvm::state::ProgramState;
use rpf_jvm::Unsupported;
use rpf_plugin_api::{flags, Event, EventKind};

use super::checker::{Checker, JavaVm};
use super::choice::{ChoiceGenerator, ChoiceGenerators};
use super::footprint::Footprint;
use super::property::Property;
use super::protection::{FieldKey, SharedProtection};
use super::sharing::Sharing;
use super::thread_end::SharedEnds;
use super::transition::{self, TransitionEnd};
use super::violation::{thread_snapshots, JavaError};
use super::watch::resident_memory;
use crate::plugins::Reported;
use rpf_search::{Event as SearchEvent, Model, Ops, Outcome};

/// What a kept state saves: the program's state, and which of its objects are shared
/// (what the scheduling decisions of the transitions leaving it ask).
#[derive(Debug, Clone)]
pub struct Saved {
    /// The program's state.
    pub program: ProgramState,
    /// Which objects more than one thread reaches.
    pub sharing: Sharing,
}

/// A program state and what can happen next.
#[derive(Debug)]
pub struct StateData {
    /// The VM state, saved only once the search decides to come back to it (see
    /// [`Model::keep`]): most states reached were seen before and are never saved (boxed, so
    /// that a state record that is never saved stays small).
    snapshot: OnceCell<Box<Saved>>,
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

/// What a search has learned that changes its scheduling points, so that a replay of a path
/// it found (a saved trace keeps this) offers the same choices from the first step.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize, PartialEq)]
pub struct Assumed {
    /// Thread ends are steps of their own.
    pub thread_ends_split: bool,
    /// Fields found not lock-protected.
    pub unprotected: Vec<FieldKey>,
}

/// What the workers of a parallel search learn together about the assumptions a search
/// makes and starts over on.
#[derive(Debug, Clone, Default)]
pub struct SharedAssumptions {
    /// Fields found unprotected or assumed protected.
    pub protection: SharedProtection,
    /// Whether thread ends are split.
    pub thread_ends: SharedEnds,
}

/// The checked program.
pub struct JavaModel {
    /// The VM.
    pub vm: JavaVm,
    /// The properties checked after every transition, rpf's own first, then the plugins'
    /// (listeners' reports go between the two).
    properties: Vec<Box<dyn Property>>,
    /// How many of `properties` are rpf's own.
    builtin_properties: usize,
    /// The state the VM currently holds, to avoid restoring it again.
    at: Option<JavaState>,
    /// Extra counters.
    pub stats: ModelStats,
    /// Set when the program needed something unsupported; the search then stops.
    pub unsupported: Option<Unsupported>,
    /// Why helper workers' plugins found the search not exhaustive (this worker's own
    /// plugins say it through [`JavaModel::plugin_cuts`]).
    pub cuts: Vec<String>,
    objects_at_seal: u64,
    initial: Option<JavaState>,
    /// Whether plugins are loaded (they hear the search's events).
    plugins: bool,
    /// The id of the state the last transition started from (for plugins).
    came_from: i64,
}

impl JavaModel {
    /// Wraps a VM whose main thread is ready to run `main`, checking `properties` (rpf's
    /// own first: `builtin` of them).
    pub fn new(mut vm: JavaVm, properties: Vec<Box<dyn Property>>, builtin: usize) -> JavaModel {
        vm.machine.claims_uncaught = properties.iter().any(|p| p.claims_uncaught());
        seal(&mut vm);
        vm.machine.exploring = true;
        let objects_at_seal = vm.state.heap.total_allocated;
        let plugins = vm.machine.plugins.is_some();
        JavaModel {
            vm,
            properties,
            builtin_properties: builtin,
            at: None,
            stats: ModelStats::default(),
            unsupported: None,
            cuts: Vec::new(),
            objects_at_seal,
            initial: None,
            plugins,
            came_from: 0,
        }
    }

    /// Returns the VM to the initial state for a fresh search (after a restart request).
    pub fn reset(&mut self) {
        if let Some(s0) = self.initial.take() {
            restore(&mut self.vm, s0.saved());
        }
        self.at = None;
        self.vm.machine.protection.restart = false;
        self.vm.machine.thread_ends.start_over();
    }

    /// Makes the search's assumptions (lock protection, fused thread ends) use (and add to)
    /// `shared`, the knowledge of all workers of a parallel search; forgets what this model
    /// learned on its own, which `shared` already holds.
    pub fn share_assumptions(&mut self, shared: &SharedAssumptions) {
        self.vm.machine.protection.share(shared.protection.clone());
        self.vm
            .machine
            .thread_ends
            .share(shared.thread_ends.clone());
    }

    /// What the search has learned about its assumptions.
    pub fn assumed(&self) -> Assumed {
        Assumed {
            thread_ends_split: self.vm.machine.thread_ends.split(),
            unprotected: self.vm.machine.protection.unprotected(),
        }
    }

    /// Starts from what an earlier search learned (`assumed`), to replay its paths.
    pub fn assume(&mut self, assumed: &Assumed) {
        if assumed.thread_ends_split {
            self.vm.machine.thread_ends.assume_split();
        }
        self.vm
            .machine
            .protection
            .assume_unprotected(&assumed.unprotected);
    }

    /// Whether the search must start over (one of its assumptions failed: a field assumed
    /// lock-protected is not, or a thread's liveness was observed while ends were fused).
    pub fn restart_requested(&self) -> bool {
        self.vm.machine.protection.restart || self.vm.machine.thread_ends.restart_due()
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
        self.vm.machine.footprint = Some(Box::default());
        self.vm.machine.fingerprinter.count_robust_sharing();
    }

    /// Records the instructions the next transitions execute (error traces), or stops.
    pub fn record_instructions(&mut self, on: bool) {
        self.vm.machine.transition.record = on.then(Vec::new);
    }

    /// The instructions recorded since [`record_instructions`](Self::record_instructions):
    /// (thread, method, pc).
    pub fn recorded(&mut self) -> Vec<(u32, u32, u32)> {
        self.vm
            .machine
            .transition
            .record
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    }

    fn capture(&mut self, cgs: ChoiceGenerators, footprint: Option<Footprint>) -> JavaState {
        for cg in &cgs {
            if cg.is_thread {
                self.stats.thread_cgs += 1;
            } else {
                self.stats.data_cgs += 1;
            }
        }
        let vm = &mut self.vm;
        let mut fingerprint = vm
            .machine
            .fingerprinter
            .fingerprint(&mut vm.jvm, &mut vm.machine.sharing);
        let Checker {
            modcounts,
            fingerprinter,
            sharing,
            ..
        } = &mut vm.machine;
        if std::mem::take(&mut modcounts.touched)
            && modcounts.canonicalize(&mut vm.jvm, fingerprinter)
        {
            fingerprint = fingerprinter.fingerprint(&mut vm.jvm, sharing);
        }
        if let Some(pending) = super::choice::pending_data(&cgs) {
            // Spread over both halves, so that no program state's fingerprint is likely to
            // equal another's with a pending choice mixed in.
            fingerprint ^=
                u128::from(pending).wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835);
        }
        let reached = vm.machine.fingerprinter.reached();
        self.stats.max_live = self.stats.max_live.max(reached);
        // Collect once the garbage outgrows what is reached (counting live objects, not
        // slots: freed slots are never reused on a path, and a count of slots would call
        // for a collection at every state once it passed the mark).
        if vm.state.heap.young_live() > 2 * reached + 1024 {
            let dead = vm.machine.fingerprinter.unreached(&vm.jvm);
            vm.state.heap.free_all(&dead);
            vm.released(&dead);
            self.stats.released += dead.len() as u64;
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

    /// The thread and choices an operation means in `state`.
    pub fn decode(&self, state: &JavaState, op: JavaOp) -> (u32, Vec<(Rc<str>, Choice)>) {
        (thread_of(state, op), picked(state, op).collect())
    }

    /// The first violation of the state the VM holds after a transition that ended `end`:
    /// rpf's properties, then what listeners reported, then plugin properties.
    fn violation(&mut self, end: &TransitionEnd, reported: &[Reported]) -> Option<JavaError> {
        let (builtin, plugin) = self.properties.split_at_mut(self.builtin_properties);
        if let Some(e) = builtin.iter_mut().find_map(|p| p.check(&mut self.vm, end)) {
            return Some(e);
        }
        if let Some(r) = reported.first() {
            return Some(self.reported(r));
        }
        plugin.iter_mut().find_map(|p| p.check(&mut self.vm, end))
    }
}

/// Seals the fingerprint baseline at the state the VM holds (see
/// [`super::fingerprint::Fingerprinter::seal`]).
fn seal(vm: &mut JavaVm) {
    let rpf_jvm::Vm { jvm, machine, .. } = vm;
    machine.fingerprinter.seal(jvm, &mut machine.sharing);
}

/// Returns the VM to `saved`.
fn restore(vm: &mut JavaVm, saved: &Saved) {
    vm.restore(&saved.program);
    vm.machine.sharing.clone_from(&saved.sharing);
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

    /// The saved state: the search only returns to states it kept ([`Model::keep`]), and
    /// those are saved.
    pub fn saved(&self) -> &Saved {
        self.snapshot
            .get()
            .expect("the search returns only to states it kept, which are saved")
    }
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
            restore(&mut self.vm, state.saved());
            self.fire_state(EventKind::StateRestored, state, 0, 0);
        }
        self.at = None;
        if self.plugins {
            self.announce_choices(state, op);
        }
        let end = transition::run(&mut self.vm, thread_of(state, *op), picked(state, *op));
        let footprint = {
            let vm = &mut self.vm;
            let jvm = &vm.jvm;
            vm.machine.footprint.as_deref_mut().map(|rec| rec.end(jvm))
        };
        if self
            .initial
            .as_ref()
            .is_some_and(|s0| Rc::ptr_eq(s0, state))
        {
            // The initial state has one operation (run main) and no choice before it ends:
            // what that transition allocates is the same on every path, so it joins the
            // pre-search objects, which are not hashed again until modified.
            seal(&mut self.vm);
        }
        if let Some(what) = self.vm.machine.transition.unsupported.take() {
            self.unsupported = Some(what);
            return Outcome::Pruned;
        }
        let (ignore, reported) = match self.vm.machine.plugins.as_deref_mut() {
            Some(p) => p.take_path_requests(),
            None => (false, Vec::new()),
        };
        if end == TransitionEnd::Ignored || ignore {
            return Outcome::Pruned;
        }
        if let Some(error) = self.violation(&end, &reported) {
            return self.violated(error);
        }
        match end {
            TransitionEnd::Choices(cgs) => Outcome::Next(self.capture(cgs, footprint)),
            _ => Outcome::Next(self.capture(ChoiceGenerators::new(), footprint)),
        }
    }

    fn take_ignore(&mut self) -> bool {
        self.vm
            .machine
            .plugins
            .as_deref_mut()
            .is_some_and(|p| p.take_ignore())
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
        let saved = Saved {
            program: self.vm.save(),
            sharing: self.vm.machine.sharing.clone(),
        };
        let _ = state.snapshot.set(Box::new(saved));
    }

    fn memory_bytes(&self) -> u64 {
        resident_memory()
    }

    fn limits_due(&mut self) -> bool {
        self.vm.machine.watch.take_tripped()
    }

    fn should_stop(&self) -> bool {
        self.unsupported.is_some()
            || self.vm.machine.terminated
            || self.restart_requested()
            || self
                .vm
                .machine
                .plugins
                .as_ref()
                .is_some_and(|p| p.shared.requests.end_search)
    }

    fn notify(&mut self, event: SearchEvent, state: Option<&JavaState>) -> Option<JavaError> {
        if let SearchEvent::Started = event {
            self.vm.machine.watch.start();
        }
        if !self.plugins {
            return None;
        }
        match (event, state) {
            (SearchEvent::Finished, _) => {
                self.fire_search(EventKind::SearchFinished, 0);
                return self.listener_violation();
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
                self.vm.machine.depth = depth as u32;
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
                    return self.listener_violation();
                }
            }
            (SearchEvent::Processed { .. }, Some(s)) => {
                for cg in &s.cgs {
                    self.fire_choice(EventKind::ChoiceProcessed, cg, 0, s.id());
                }
                self.fire_state(EventKind::StateProcessed, s, 0, 0);
            }
            (SearchEvent::Backtracked { depth }, Some(s)) => {
                self.vm.machine.depth = depth as u32;
                self.fire_state(EventKind::StateBacktracked, s, 0, 0);
            }
            _ => {}
        }
        None
    }

    /// The thread `op` schedules, if `state` offers only a thread choice (a data choice's
    /// steps are not compared).
    fn actor(&self, state: &JavaState, op: &JavaOp) -> Option<u32> {
        self.vm.machine.footprint.as_ref()?;
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
            (Some(a), Some(b)) if plain(earlier) && plain(later) => {
                a.commutes_with(b, &self.vm.machine.sharing)
            }
            _ => false,
        }
    }
}

impl JavaModel {
    /// Fires a state event about `state` (`other` is the state it came from, for
    /// `StateAdvanced`).
    fn fire_state(&mut self, kind: EventKind, state: &JavaState, flags: u32, other: i64) {
        if !Checker::wants_plugin(&self.vm, kind) {
            return;
        }
        let event = Event {
            value: state.id(),
            other,
            flags,
            ..Event::new(kind, self.vm.state.current as u32)
        };
        Checker::fire(&mut self.vm, Frames::Parked, &event);
    }

    fn fire_choice(&mut self, kind: EventKind, cg: &ChoiceGenerator, value: i64, state: i64) {
        if !Checker::wants_plugin(&self.vm, kind) {
            return;
        }
        let event = Event {
            value,
            other: state,
            flags: flags::when(cg.is_thread, flags::THREAD_CHOICE),
            text: RStr::from_str(&cg.id),
            ..Event::new(kind, self.vm.state.current as u32)
        };
        Checker::fire(&mut self.vm, Frames::Parked, &event);
    }

    fn fire_search(&mut self, kind: EventKind, value: i64) {
        if Checker::wants_plugin(&self.vm, kind) {
            let event = Event {
                value,
                ..Event::new(kind, self.vm.state.current as u32)
            };
            Checker::fire(&mut self.vm, Frames::Parked, &event);
        }
    }

    /// Remembers where the transition starts for `StateAdvanced`, and fires
    /// `ChoiceAdvanced` for each generator's chosen value.
    fn announce_choices(&mut self, state: &JavaState, op: &JavaOp) {
        self.came_from = state.id();
        if !Checker::wants_plugin(&self.vm, EventKind::ChoiceAdvanced) {
            return;
        }
        for (cg, index) in state.cgs.iter().zip(digits(&state.cgs, *op)) {
            self.fire_choice(EventKind::ChoiceAdvanced, cg, index as i64, state.id());
        }
    }

    /// A violation listeners reported while handling search events, announced to them.
    fn listener_violation(&mut self) -> Option<JavaError> {
        let reported = self.vm.machine.plugins.as_deref_mut()?.take_violations();
        let mut error = self.reported(reported.first()?);
        (error.inputs, error.confirm_with) = self.path_description();
        self.fire_violation(&error);
        Some(error)
    }

    /// Why this worker's plugins found the exploration not exhaustive.
    pub fn plugin_cuts(&self) -> Vec<String> {
        self.vm
            .machine
            .plugins
            .as_deref()
            .map(|p| p.incomplete_reasons().to_vec())
            .unwrap_or_default()
    }

    /// The bytecode factory's description of the current path and the settings that must
    /// reproduce its violation concretely (empty without a factory).
    fn path_description(&mut self) -> (Vec<String>, Vec<String>) {
        Checker::with_plugins_at(&mut self.vm, Frames::Parked, |plugins, view| {
            plugins.describe_path(view)
        })
        .unwrap_or_default()
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
            inputs: Vec::new(),
            confirm_with: Vec::new(),
            confirmed: None,
        }
    }

    /// The outcome of a violating transition, announced to listeners.
    fn violated(&mut self, mut error: JavaError) -> Outcome<JavaState, JavaError> {
        (error.inputs, error.confirm_with) = self.path_description();
        self.fire_violation(&error);
        Outcome::Error(self.capture(ChoiceGenerators::new(), None), error)
    }

    fn fire_violation(&mut self, error: &JavaError) {
        if Checker::wants_plugin(&self.vm, EventKind::PropertyViolated) {
            let event = Event {
                text: RStr::from_str(&error.message),
                ..Event::new(EventKind::PropertyViolated, error.thread)
            };
            Checker::fire(&mut self.vm, Frames::Parked, &event);
        }
    }
}
