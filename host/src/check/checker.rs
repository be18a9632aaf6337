//! The model checker's machine, [`Checker`]: the state the checker keeps beside the JVM
//! (the exploration policy, the running transition, sharing, footprint and fingerprint
//! scratch, the plugins), and how the checker's parts reach the plugins through it.
//!
//! Its own module so that what the hooks consult (`scheduling`, `property`, `model`, ...)
//! and the hooks themselves (`machine`, the [`Machine`](rpf_jvm::Machine) implementation)
//! all stand above it.

use std::rc::Rc;

use rpf_jvm::machine::{Choice, Frames};
use rpf_jvm::value::Ref;
use rpf_jvm::{Machine, Unsupported, Vm};
use rpf_plugin_api::{Event, EventKind};

use super::choice::{ChoiceGenerator, ChoiceGenerators};
use super::fingerprint::Fingerprinter;
use super::footprint::Recorder;
use super::policy::{Policy, Scheduler};
use super::protection::Protection;
use super::sharing::Sharing;
use super::thread_end::ThreadEnds;
use super::watch::Watch;
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
    /// What the program needed that the run cannot provide (the search then stops).
    pub unsupported: Option<Unsupported>,
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
    /// Whether thread ends are split from last actions.
    pub thread_ends: ThreadEnds,
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
    /// Whether the class library's instance field and array accesses need no hooks in the
    /// running transition (see [`rpf_jvm::Machine::quiet_library`]); kept by
    /// [`Checker::refresh_quiet_library`] when the transition starts and when its footprint
    /// settles.
    pub quiet_library: bool,
    /// Fingerprinting's scratch space and caches.
    pub fingerprinter: Box<Fingerprinter>,
    /// Which classes count modifications (see [`super::modcount`]).
    pub modcounts: super::modcount::ModCounts,
    /// Plugin components of this run.
    pub plugins: Option<Box<Plugins>>,
    /// The VM event kinds listeners subscribed to (bits of
    /// [`VmEventKind::bit`](rpf_jvm::machine::VmEventKind::bit)).
    pub vm_events: u32,
    /// Execute instruction by instruction (instruction events or a bytecode factory).
    pub instrumented: bool,
    /// The search depth, for plugins.
    pub depth: u32,
    /// Looks at the search's limits and progress line during long transitions.
    pub watch: Watch,
    /// A plugin asked to end the transition after the current instruction.
    break_requested: bool,
    /// The program called `Verify.terminateSearch`: the search stops after this transition,
    /// incomplete.
    pub terminated: bool,
}

impl Checker {
    /// A checker with `policy` that does not explore yet (the VM boots first).
    pub fn new(policy: Policy, max_transition: u64) -> Checker {
        Checker {
            exploring: false,
            policy,
            scheduler: Scheduler::Por,
            protection: Protection::default(),
            thread_ends: ThreadEnds::default(),
            max_transition,
            enumerate_random: false,
            claims_uncaught: false,
            transition: Transition::default(),
            sharing: Sharing::default(),
            footprint: None,
            quiet_library: false,
            fingerprinter: Box::default(),
            modcounts: Default::default(),
            plugins: None,
            vm_events: 0,
            instrumented: false,
            depth: 0,
            watch: Watch::default(),
            break_requested: false,
            terminated: false,
        }
    }

    /// Works out [`Checker::quiet_library`]: library code's instance field and array
    /// accesses are never scheduling points where intrinsics may run (the class library is
    /// atomic and no plugin schedules or hears them), and nothing need be recorded of them
    /// once the transition's footprint is settled (it passed a scheduling point alone or did
    /// something footprints do not model, so it commutes with nothing) or when none is
    /// recorded.
    pub fn refresh_quiet_library(vm: &mut JavaVm) {
        let settled = vm
            .machine
            .footprint
            .as_deref()
            .is_none_or(Recorder::settled);
        vm.machine.quiet_library = settled && Checker::intrinsics(vm);
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
            vm.machine.request_break();
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

    /// Ends the transition after the current instruction (a listener's request).
    pub(super) fn request_break(&mut self) {
        self.break_requested = true;
    }
}
