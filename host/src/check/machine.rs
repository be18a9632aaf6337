//! The model checker as the JVM's [`Machine`]: it owns scheduling points and partial order
//! reduction, choices, footprints, sharing and the plugins, and answers the JVM's hooks.

use std::rc::Rc;

use rpf_jvm::class::{Class, Method, MethodId};
use rpf_jvm::flow::NativeExit;
use rpf_jvm::machine::{Access, Choice, Frames, Instead, Machine, Site, VmEvent, VmEventKind};
use rpf_jvm::thread::Exec;
use rpf_jvm::value::{Ref, Value};
use rpf_jvm::Flow;
use rpf_jvm::{Jvm, Vm};
use rpf_plugin_api::{Event, EventKind};

use super::choice::{ChoiceGenerator, ChoiceGenerators};
use super::fingerprint::Fingerprinter;
use super::footprint::Recorder;
use super::scheduling::{self, Policy, Protection, Scheduler};
use super::sharing::Sharing;
use crate::plugins::{HostContext, Plugins};

/// The VM driven by the model checker.
pub type JavaVm = Vm<Checker>;

/// What the running transition has produced so far.
#[derive(Debug, Default)]
pub struct Transition {
    /// Generators registered in it.
    pub pending: ChoiceGenerators,
    /// The choices it started with, by generator id.
    pub current: Vec<(Rc<str>, Choice)>,
    /// A thread that died of an exception a property claimed, with the exception.
    pub died: Option<(u32, Ref)>,
    /// What the program needed that rpf cannot provide (the search then stops).
    pub unsupported: Option<String>,
    /// Executed (thread, method, pc), while an error trace is recorded.
    pub record: Option<Vec<(u32, u32, u32)>>,
}

/// The model checker's machine.
#[derive(Debug)]
pub struct Checker {
    /// Whether the search runs: while the VM boots, every hook behaves as plain execution.
    pub exploring: bool,
    /// The scheduling policy.
    pub policy: Policy,
    /// Who decides scheduling points.
    pub scheduler: Scheduler,
    /// Lock-protection detection.
    pub protection: Protection,
    /// Instructions a transition may run before rpf ends it anyway, so that a thread
    /// spinning without shared accesses cannot hang the search (`vm.max_transition`).
    pub max_transition: u64,
    /// Turn `java.util.Random.nextInt(n)` / `nextBoolean()` into choices.
    pub enumerate_random: bool,
    /// Whether a property claims uncaught exceptions (threads then stop where they die).
    pub claims_uncaught: bool,
    /// The running transition.
    pub transition: Transition,
    /// Which objects more than one thread reaches in the state the VM holds (saved and
    /// restored with states).
    pub sharing: Sharing,
    /// The footprint of the running transition, recorded for sleep sets (`None`: not
    /// recorded).
    pub footprint: Option<Box<Recorder>>,
    /// Fingerprinting's scratch space and caches.
    pub fingerprinter: Box<Fingerprinter>,
    /// Plugin components of this run.
    pub plugins: Option<Box<Plugins>>,
    /// The VM event kinds listeners subscribed to (bits of [`VmEventKind::bit`]).
    pub vm_events: u32,
    /// Execute instruction by instruction (instruction events or a bytecode factory).
    pub instrumented: bool,
    /// The search depth, for plugins.
    pub depth: u32,
    /// A plugin asked to end the transition after the current instruction.
    break_requested: bool,
}

impl Checker {
    /// A checker with `policy` that does not explore yet (the VM boots first).
    pub fn new(policy: Policy, max_transition: u64) -> Checker {
        Checker {
            exploring: false,
            policy,
            scheduler: Scheduler::Por,
            protection: Protection::default(),
            max_transition,
            enumerate_random: false,
            claims_uncaught: false,
            transition: Transition::default(),
            sharing: Sharing::default(),
            footprint: None,
            fingerprinter: Box::default(),
            plugins: None,
            vm_events: 0,
            instrumented: false,
            depth: 0,
            break_requested: false,
        }
    }

    /// Whether `obj` is shared, as a scheduling decision of the running transition asks
    /// (the answer is noted in the footprint).
    #[inline]
    pub fn shared_for_decision(&mut self, obj: Ref) -> bool {
        let shared = self.sharing.is_shared(obj);
        if let Some(rec) = self.footprint.as_deref_mut() {
            rec.answer(&self.sharing, obj, shared);
        }
        shared
    }

    /// Marks `root` and everything reachable from it shared (a static field or a started
    /// thread now reaches them).
    fn share_closure(&mut self, jvm: &Jvm, root: Ref) {
        let mut work = vec![root];
        while let Some(r) = work.pop() {
            if r.is_null() || self.shared_for_decision(r) {
                continue;
            }
            if let Some(obj) = jvm.state.heap.get(r) {
                obj.data.for_each_ref(|c| work.push(c));
            }
            self.sharing.set_shared(r, true);
        }
    }

    /// Keeps sharedness exact within a transition: a reference stored into an object other
    /// threads can reach makes everything it reaches shared at once. (The next state's
    /// fingerprint finds the same; the rest of the current transition must not wait for
    /// it, or the storing thread's later accesses to the published objects would not be
    /// scheduling points.)
    fn publish(&mut self, jvm: &Jvm, holder: Ref, value: Value) {
        if let Value::Ref(r) = value {
            if !r.is_null() && self.shared_for_decision(holder) && !self.shared_for_decision(r) {
                self.share_closure(jvm, r);
            }
        }
    }

    /// Registers a choice generator in the running transition (a top half).
    pub fn register_choice(vm: &mut JavaVm, cg: ChoiceGenerator) {
        if Self::wants_plugin(vm, EventKind::ChoiceRegistered) {
            let event = Event {
                value: cg.choices.len() as i64,
                flags: rpf_plugin_api::flags::when(
                    cg.is_thread,
                    rpf_plugin_api::flags::THREAD_CHOICE,
                ),
                text: abi_stable::std_types::RStr::from_str(&cg.id),
                ..Event::new(EventKind::ChoiceRegistered, vm.state.current as u32)
            };
            Self::fire(vm, Frames::Parked, &event);
        }
        vm.machine.transition.pending.push(cg);
    }

    /// Whether some listener subscribed to `kind`.
    #[inline]
    pub fn wants_plugin(vm: &JavaVm, kind: EventKind) -> bool {
        vm.machine.plugins.as_ref().is_some_and(|p| p.wants(kind))
    }

    /// Calls `f` with the plugins and the host view of the VM they get, then carries out
    /// what they asked for that concerns the transition (choices they registered, a break);
    /// `None` without plugins.
    pub fn with_plugins<R>(
        vm: &mut JavaVm,
        f: impl FnOnce(&mut Plugins, HostContext<'_>) -> R,
    ) -> Option<R> {
        Self::with_plugins_at(vm, Frames::Parked, f)
    }

    /// [`with_plugins`](Self::with_plugins) with the running thread's frames `frames`.
    pub fn with_plugins_at<R>(
        vm: &mut JavaVm,
        frames: Frames<'_>,
        f: impl FnOnce(&mut Plugins, HostContext<'_>) -> R,
    ) -> Option<R> {
        let Vm { jvm, machine, .. } = vm;
        let plugins = machine.plugins.as_deref_mut()?;
        let context = HostContext {
            jvm,
            frames,
            current_choices: &machine.transition.current,
            timeouts: machine.policy.timeouts,
            depth: machine.depth,
        };
        let result = f(plugins, context);
        let registered = plugins.take_choices();
        if plugins.take_break_request() {
            vm.machine.break_requested = true;
        }
        for (id, choices) in registered {
            Self::register_choice(vm, ChoiceGenerator::data(&id, choices));
        }
        Some(result)
    }

    /// Delivers `event` to the subscribed listeners.
    #[cold]
    #[inline(never)]
    pub fn fire(vm: &mut JavaVm, frames: Frames<'_>, event: &Event<'_>) {
        Self::with_plugins_at(vm, frames, |plugins, view| plugins.deliver(view, event));
    }

    /// Takes a plugin's request to end the transition.
    pub fn take_break_request(&mut self) -> bool {
        std::mem::take(&mut self.break_requested)
    }
}

impl Machine for Checker {
    const EXPLORES: bool = true;

    #[inline]
    fn before_access(vm: &mut JavaVm, access: &Access) -> bool {
        scheduling::before_access(vm, access)
    }

    #[inline]
    fn before_monitor_enter(vm: &mut JavaVm, obj: Ref, in_system: bool) -> bool {
        scheduling::before_monitor_enter(vm, obj, in_system)
    }

    #[inline]
    fn before_call(vm: &mut JavaVm, exec: &Exec, caller: &Class, target: MethodId) -> bool {
        scheduling::before_call(vm, exec, caller, target)
    }

    fn scheduling_point(vm: &mut JavaVm, reason: &'static str) -> bool {
        vm.machine.exploring && scheduling::schedule_point(vm, reason)
    }

    #[inline]
    fn read(vm: &mut JavaVm, obj: Ref) {
        let machine = &mut vm.machine;
        if let Some(rec) = machine.footprint.as_deref_mut() {
            rec.read(&machine.sharing, obj);
        }
    }

    #[inline]
    fn stored(vm: &mut JavaVm, holder: Ref, old: Value, new: Value) {
        let Vm { jvm, machine, .. } = vm;
        if let Some(rec) = machine.footprint.as_deref_mut() {
            rec.store(&machine.sharing, holder, old, jvm.state.heap.preexisting());
        }
        if machine.exploring {
            machine.publish(jvm, holder, new);
        }
    }

    fn stored_range(vm: &mut JavaVm, array: Ref) {
        let Vm { jvm, machine, .. } = vm;
        if let Some(rec) = machine.footprint.as_deref_mut() {
            let refs =
                jvm.state.heap.get(array).is_some_and(|o| {
                    matches!(o.data.elem_kind(), Some(rpf_jvm::value::ElemKind::Ref))
                });
            let preexisting = jvm.state.heap.preexisting();
            rec.bulk_store(&machine.sharing, array, refs, preexisting);
        }
    }

    fn published(vm: &mut JavaVm, root: Ref) {
        let Vm { jvm, machine, .. } = vm;
        if machine.exploring {
            machine.share_closure(jvm, root);
        }
    }

    #[inline]
    fn synchronized(vm: &mut JavaVm, obj: Ref, changed: bool) {
        let machine = &mut vm.machine;
        if let Some(rec) = machine.footprint.as_deref_mut() {
            if changed {
                rec.write(&machine.sharing, obj);
            } else {
                rec.read(&machine.sharing, obj);
            }
        }
    }

    #[inline]
    fn native_call(vm: &mut JavaVm, method: &Method) {
        if !method.meaning.tracked {
            Self::untracked(vm);
        }
    }

    #[inline]
    fn untracked(vm: &mut JavaVm) {
        if let Some(rec) = vm.machine.footprint.as_deref_mut() {
            rec.opaque();
        }
    }

    fn chosen(vm: &JavaVm, id: &str) -> Option<Choice> {
        if !vm.regs.first_step {
            return None;
        }
        vm.machine
            .transition
            .current
            .iter()
            .find(|(cid, _)| &**cid == id)
            .map(|(_, c)| *c)
    }

    fn choose(vm: &mut JavaVm, id: &str, choices: Vec<Choice>) -> Result<Choice, NativeExit> {
        if !vm.machine.exploring || choices.len() == 1 {
            return Ok(choices[0]);
        }
        Self::register_choice(vm, ChoiceGenerator::data(id, choices));
        Err(NativeExit::Choice)
    }

    fn named_choices(vm: &mut JavaVm, name: &str) -> Option<Result<Vec<Choice>, String>> {
        Self::with_plugins(vm, |plugins, view| plugins.choice_values(view, name)).flatten()
    }

    fn enumerate_random(vm: &JavaVm) -> bool {
        vm.machine.enumerate_random
    }

    fn uncaught(vm: &mut JavaVm, thread: usize, exception: Ref) -> bool {
        if !vm.machine.exploring || !vm.machine.claims_uncaught || vm.has_custom_handler(thread) {
            return false;
        }
        vm.machine.transition.died = Some((thread as u32, exception));
        true
    }

    fn unsupported(vm: &mut JavaVm, exec: &mut Exec, message: String) -> Flow {
        if !vm.machine.exploring {
            return vm.throw_new(
                exec,
                "java/lang/UnsupportedOperationException",
                Some(message),
            );
        }
        vm.machine.transition.unsupported = Some(message);
        Err(rpf_jvm::Stop::Prune)
    }

    #[inline(always)]
    fn wants(vm: &JavaVm, kind: VmEventKind) -> bool {
        vm.machine.vm_events & kind.bit() != 0
    }

    fn event(vm: &mut JavaVm, frames: Frames<'_>, event: VmEvent<'_>) {
        let pending_before = vm.machine.transition.pending.len();
        let text = crate::plugins::events::text(&vm.jvm, &event);
        let translated = crate::plugins::events::translate(&vm.jvm, &frames, &event, &text);
        Self::fire(vm, frames, &translated);
        // A listener that registers a choice before an instruction ends the transition
        // there (the instruction re-executes first in the next one).
        if matches!(event, VmEvent::InstructionExecuting { .. })
            && vm.machine.transition.pending.len() > pending_before
        {
            vm.machine.break_requested = true;
        }
    }

    #[inline]
    fn stepwise(vm: &JavaVm) -> bool {
        vm.machine.instrumented
    }

    fn instead_of(vm: &mut JavaVm, exec: &mut Exec, site: &Site) -> Instead {
        if !vm
            .machine
            .plugins
            .as_ref()
            .is_some_and(|p| p.intercepts(site.opcode))
        {
            return Instead::Nothing;
        }
        Self::with_plugins_at(vm, Frames::Mutable(exec), |plugins, view| {
            plugins.execute(view, site)
        })
        .unwrap_or(Instead::Nothing)
    }

    #[inline]
    fn recording(vm: &JavaVm) -> bool {
        vm.machine.transition.record.is_some()
    }

    fn record(vm: &mut JavaVm, method: MethodId, pc: u32) {
        let t = vm.jvm.state.current as u32;
        if let Some(r) = vm.machine.transition.record.as_mut() {
            r.push((t, method, pc));
        }
    }

    #[inline]
    fn break_requested(vm: &mut JavaVm) -> bool {
        vm.machine.take_break_request()
    }
}
