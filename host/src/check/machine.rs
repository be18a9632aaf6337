//! The model checker as the JVM's [`Machine`]: the hooks by which the JVM lets the
//! [`Checker`] end transitions at scheduling points (decided in `scheduling`), record
//! footprints, keep sharing exact, make choices, hear uncaught exceptions and pass events
//! and instructions to the plugins.

use rpf_jvm::class::{Class, ClassId, Method, MethodId};
use rpf_jvm::flow::NativeExit;
use rpf_jvm::machine::{Access, Choice, Frames, Instead, Machine, Site, VmEvent, VmEventKind};
use rpf_jvm::thread::Exec;
use rpf_jvm::value::{Ref, Value};
use rpf_jvm::{Flow, Unsupported};
use rpf_jvm::{Jvm, Vm};

use super::checker::{Checker, JavaVm};
use super::choice::ChoiceGenerator;
use super::scheduling;
use crate::plugins::{Effect, Plugins};

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

    fn before_initializing(vm: &mut JavaVm, exec: &Exec, classes: &[ClassId]) -> bool {
        scheduling::before_initializing(vm, exec, classes)
    }

    #[inline]
    fn before_call(vm: &mut JavaVm, exec: &Exec, caller: &Class, target: MethodId) -> bool {
        scheduling::before_call(vm, exec, caller, target)
    }

    fn before_handle_call(vm: &mut JavaVm, exec: &Exec, caller: &Class, desc: &str) -> bool {
        scheduling::before_handle_call(vm, exec, caller, desc)
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
            publish(machine, jvm, holder, new);
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

    fn stored_refs(vm: &mut JavaVm, array: Ref, values: &[Ref]) {
        // The range's store was noted in the footprint by `stored_range`; what remains is
        // publishing what the elements refer to, as `stored` does for each.
        // (The array's sharedness cannot change on the way: publishing only adds shared
        // objects, and only into a shared array.)
        let Vm { jvm, machine, .. } = vm;
        if machine.exploring
            && values.iter().any(|r| !r.is_null())
            && scheduling::shared_for_decision(machine, array)
        {
            for &r in values {
                if !r.is_null() && !scheduling::shared_for_decision(machine, r) {
                    share_closure(machine, jvm, r);
                }
            }
        }
    }

    fn published(vm: &mut JavaVm, root: Ref) {
        let Vm { jvm, machine, .. } = vm;
        if machine.exploring {
            share_closure(machine, jvm, root);
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
            Checker::refresh_quiet_library(vm);
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

    fn unsupported(vm: &mut JavaVm, exec: &mut Exec, what: Unsupported) -> Flow {
        if !vm.machine.exploring {
            return vm.throw_new(
                exec,
                "java/lang/UnsupportedOperationException",
                Some(what.message().to_string()),
            );
        }
        vm.machine.transition.unsupported = Some(what);
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
            vm.machine.request_break();
        }
    }

    #[inline]
    fn stepwise(vm: &JavaVm) -> bool {
        vm.machine.instrumented
    }

    /// Intrinsics replace JDK code only where nobody could tell: JDK code is atomic (no
    /// scheduling point inside it), no plugin decides scheduling points, sees instructions,
    /// replaces them (symbolic execution) or hears field, array or method events.
    #[inline]
    fn intrinsics(vm: &JavaVm) -> bool {
        const HIDDEN: u32 = VmEventKind::FieldRead.bit()
            | VmEventKind::FieldWritten.bit()
            | VmEventKind::ArrayRead.bit()
            | VmEventKind::ArrayWritten.bit()
            | VmEventKind::MethodEntered.bit()
            | VmEventKind::MethodExited.bit();
        let m = &vm.machine;
        vm.opts.intrinsics
            && m.policy.system_atomic
            && !m.instrumented
            && !matches!(m.scheduler, super::policy::Scheduler::Plugin)
            && m.vm_events & HIDDEN == 0
    }

    #[inline(always)]
    fn quiet_library(vm: &JavaVm) -> bool {
        vm.machine.quiet_library
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
        let instead = Self::with_plugins_at(vm, Frames::Mutable(exec), |plugins, view| {
            plugins.execute(view, site)
        })
        .unwrap_or(Instead::Nothing);
        let effects = vm
            .machine
            .plugins
            .as_deref_mut()
            .map(Plugins::take_effects)
            .unwrap_or_default();
        for effect in effects {
            match effect {
                Effect::Stored { holder, old, new } => Self::stored(vm, holder, old, new),
                Effect::Initialize(class) => {
                    // A scheduling point before the initialization ends the transition
                    // before the instruction (it re-executes first in the next one).
                    let pending = vm.machine.transition.pending.len();
                    vm.start_initialization(exec, class);
                    if vm.machine.transition.pending.len() > pending {
                        vm.machine.request_break();
                    }
                }
                // A call that cannot begin has thrown into the thread or made it wait; the
                // instruction runs again either way.
                Effect::Interpose(method) => drop(vm.interpose(exec, method)),
            }
        }
        instead
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

    fn terminate_search(vm: &mut JavaVm) {
        vm.machine.terminated = true;
    }

    #[inline]
    fn break_requested(vm: &mut JavaVm) -> bool {
        vm.machine.take_break_request()
    }
}

/// Marks `root` and everything reachable from it shared (a static field or a started
/// thread now reaches them).
fn share_closure(machine: &mut Checker, jvm: &Jvm, root: Ref) {
    // Most published objects reach a handful of others (a string and its bytes): no
    // allocation for the work list.
    let mut work: smallvec::SmallVec<[Ref; 16]> = smallvec::smallvec![root];
    while let Some(r) = work.pop() {
        if r.is_null() || scheduling::shared_for_decision(machine, r) {
            continue;
        }
        if let Some(obj) = jvm.state.heap.get(r) {
            obj.data.for_each_ref(|c| work.push(c));
        }
        machine.sharing.set_shared(r, true);
    }
}

/// Keeps sharedness exact within a transition: a reference stored into an object other
/// threads can reach makes everything it reaches shared at once. (The next state's
/// fingerprint finds the same; the rest of the current transition must not wait for it, or
/// the storing thread's later accesses to the published objects would not be scheduling
/// points.)
fn publish(machine: &mut Checker, jvm: &Jvm, holder: Ref, value: Value) {
    if let Value::Ref(r) = value {
        if !r.is_null()
            && scheduling::shared_for_decision(machine, holder)
            && !scheduling::shared_for_decision(machine, r)
        {
            share_closure(machine, jvm, r);
        }
    }
}
