//! Where thread choices go: scheduling points, decided by JPF's on-the-fly partial order
//! reduction (seed 004) or by a scheduler plugin.
//!
//! A transition ends before an operation another thread could observe or change: an access
//! to an object more than one thread reaches, taking a shared monitor, a call from
//! application code into the class library that involves shared objects or the thread API
//! — and only if another thread could run instead. The built-in [`Scheduler`] is the POR
//! policy; a scheduler plugin is consulted with the built-in answer as its default.

use rpf_jvm::class::{Class, ClassId, MethodId};
use rpf_jvm::machine::Access;
use rpf_jvm::thread::{Exec, Phase};
use rpf_jvm::time::Timeouts;
use rpf_jvm::value::{Ref, Value};
use rpf_jvm::Jvm;
use rpf_plugin_api::AccessKind;

use super::checker::{Checker, JavaVm};
use super::choice::ChoiceGenerator;
use super::policy::{Policy, Scheduler};
use super::protection::FieldKey;

/// Whether `obj` is shared, as a scheduling decision of the running transition asks (the
/// answer is noted in the footprint, which sleep sets compare).
#[inline]
pub fn shared_for_decision(checker: &mut Checker, obj: Ref) -> bool {
    let shared = checker.sharing.is_shared(obj);
    if let Some(rec) = checker.footprint.as_deref_mut() {
        rec.answer(&checker.sharing, obj, shared);
    }
    shared
}

/// Threads that could be scheduled in the state `jvm` holds (see [`Jvm::schedulable`]).
pub fn schedulable(jvm: &Jvm, timeouts: Timeouts) -> impl Iterator<Item = u32> + '_ {
    jvm.schedulable(timeouts)
}

/// A scheduling point: unless this is the first instruction of the transition or an
/// atomic section is active, registers a thread choice among the schedulable threads and
/// returns true (the instruction re-executes in the next transition).
pub fn schedule_point(vm: &mut JavaVm, reason: &'static str) -> bool {
    if vm.regs.first_step || vm.state.atomic_depth > 0 {
        return false;
    }
    let timeouts = vm.machine.policy.timeouts;
    if schedulable(&vm.jvm, timeouts).nth(1).is_none() {
        if let Some(rec) = vm.machine.footprint.as_deref_mut() {
            rec.ran_alone();
            Checker::refresh_quiet_library(vm);
        }
        return false;
    }
    let cg = ChoiceGenerator::threads(reason, schedulable(&vm.jvm, timeouts));
    Checker::register_choice(vm, cg);
    true
}

/// Whether the transition ends before the running thread starts initializing `classes`.
/// Which thread runs a class's static initializer first is visible to the others (they wait
/// for it; two initializers that each need the other's class deadlock), unless no
/// initializer can be interleaved: classes without one are initialized at once, and the
/// class library's initializers, or any started from class library code, run atomically
/// while library code is atomic.
pub fn before_initializing(vm: &mut JavaVm, exec: &Exec, classes: &[ClassId]) -> bool {
    if !vm.machine.exploring {
        return false;
    }
    let atomic = vm.machine.policy.system_atomic;
    let system = |c: ClassId| vm.classes.get(c).system;
    if atomic
        && exec
            .top()
            .is_some_and(|f| system(vm.classes.method(f.method).class))
    {
        return false;
    }
    let interleaved = |c: &ClassId| {
        let class = vm.classes.get(*c);
        class.clinit.is_some() && !(atomic && class.system)
    };
    classes.iter().any(interleaved) && schedule_point(vm, "class init")
}

/// The thread choice id of an access.
fn reason(access: &Access) -> &'static str {
    match (access.field.is_some(), access.is_static, access.write) {
        (false, _, false) => "array read",
        (false, _, true) => "array write",
        (true, false, false) => "field read",
        (true, false, true) => "field write",
        (true, true, false) => "static read",
        (true, true, true) => "static write",
    }
}

/// Whether the transition ends before `access` (a scheduling point is registered). Inline
/// up to the test that answers most accesses.
#[inline]
pub fn before_access(vm: &mut JavaVm, access: &Access) -> bool {
    !never_relevant(vm, access) && access_relevant(vm, access) && schedule_point(vm, reason(access))
}

/// Accesses that are no scheduling point whatever the objects: when not exploring, of final
/// fields, and of instance fields and array elements by the class library while its code
/// is atomic (unless a scheduler plugin decides).
#[inline(always)]
fn never_relevant(vm: &JavaVm, access: &Access) -> bool {
    let machine = &vm.machine;
    !machine.exploring
        || access.is_final
        || access.in_system
            && !access.is_static
            && machine.policy.system_atomic
            && machine.scheduler != Scheduler::Plugin
}

/// Whether `access`, which [`never_relevant`] let through, is a scheduling point under the
/// policy (or the scheduler plugin).
#[inline(never)]
fn access_relevant(vm: &mut JavaVm, access: &Access) -> bool {
    let Policy {
        por, system_atomic, ..
    } = vm.machine.policy;
    let default = match (access.field, access.is_static) {
        (Some((class, slot)), true) => {
            let system = access.in_system || vm.classes.get(class).system;
            let lock = vm.class_state_of(class).mirror;
            let key = FieldKey {
                class: vm.classes.get(class).key,
                slot,
                is_static: true,
            };
            (!system_atomic || !system) && (!por || !protected_by(vm, key, lock))
        }
        (field, _) => {
            let atomic = access.in_system && system_atomic;
            !atomic
                && (!por
                    || shared_for_decision(&mut vm.machine, access.object)
                        && match field {
                            Some((class, slot)) => {
                                let key = FieldKey {
                                    class: vm.classes.get(class).key,
                                    slot,
                                    is_static: false,
                                };
                                !protected_by(vm, key, access.object)
                            }
                            None => true,
                        })
        }
    };
    if vm.machine.scheduler != Scheduler::Plugin {
        return default;
    }
    // What only the plugin is told, worked out only for it (most accesses end above).
    let (system, shared_object) = match (access.field, access.is_static) {
        (Some((class, _)), true) => (access.in_system || vm.classes.get(class).system, true),
        _ => (
            access.in_system,
            vm.machine.sharing.is_shared(access.object),
        ),
    };
    let kind = match (access.field.is_some(), access.is_static, access.write) {
        (true, true, false) => AccessKind::StaticRead,
        (true, true, true) => AccessKind::StaticWrite,
        (true, false, false) => AccessKind::FieldRead,
        (true, false, true) => AccessKind::FieldWrite,
        (false, _, false) => AccessKind::ArrayRead,
        (false, _, true) => AccessKind::ArrayWrite,
    };
    ask_plugin(vm, access.object, kind, system, shared_object, default)
}

/// Whether taking `obj`'s monitor ends the transition before (not for recursive entry).
/// Releases are not scheduling points: until the releasing thread's next scheduling point
/// nothing it does can be observed by the threads the release enables.
pub fn before_monitor_enter(vm: &mut JavaVm, obj: Ref, in_system: bool) -> bool {
    monitor_relevant(vm, obj, in_system) && schedule_point(vm, "lock")
}

fn monitor_relevant(vm: &mut JavaVm, obj: Ref, in_system: bool) -> bool {
    if !vm.machine.exploring {
        return false;
    }
    let policy = vm.machine.policy;
    let me = vm.state.current as u32;
    if vm.state.monitors.get(&obj).is_some_and(|m| m.owner == me) {
        return false;
    }
    let atomic = in_system && policy.system_atomic;
    let default = !atomic && (!policy.por || shared_for_decision(&mut vm.machine, obj));
    if vm.machine.scheduler != Scheduler::Plugin {
        return default;
    }
    let shared = vm.machine.sharing.is_shared(obj);
    ask_plugin(
        vm,
        obj,
        AccessKind::MonitorEnter,
        in_system,
        shared,
        default,
    )
}

/// Asks the scheduler plugin about an access (`default` is the built-in answer).
fn ask_plugin(
    vm: &mut JavaVm,
    object: Ref,
    kind: AccessKind,
    system: bool,
    shared: bool,
    default: bool,
) -> bool {
    let access = rpf_plugin_api::Access {
        thread: vm.state.current as u32,
        object: object.0,
        kind,
        system,
        shared,
        default,
    };
    Checker::with_plugins(vm, |plugins, view| {
        plugins.is_scheduling_point(view, &access)
    })
    .unwrap_or(default)
}

/// Whether calling `target` from `caller`'s code ends the transition before the call:
/// taking a shared monitor of a synchronized method, or a call from application code into
/// the class library that involves shared objects or the thread API.
pub fn before_call(vm: &mut JavaVm, exec: &Exec, caller: &Class, target: MethodId) -> bool {
    if !vm.machine.exploring {
        return false;
    }
    let m = vm.classes.method(target);
    let (class, args, meaning) = (m.class, usize::from(m.arg_entries), m.meaning);
    let (synchronized, is_static, native) =
        (m.is_synchronized(), m.is_static(), m.native.is_some());
    let rpf_jvm::Vm { jvm, machine, .. } = vm;
    machine.modcounts.called(jvm, class);
    if meaning.observes_liveness {
        observing_call(vm, exec, target);
    }
    let relevant = if synchronized {
        let lock = if is_static {
            vm.class_state_of(class).mirror
        } else {
            exec.peek(args - 1).as_ref()
        };
        (lock.is_null() || monitor_relevant(vm, lock, caller.system))
            || (!caller.system && library_call_relevant(vm, exec, class, args, false))
    } else if !caller.system {
        library_call_relevant(vm, exec, class, args, meaning.thread_api)
    } else {
        false
    };
    // While library code is not atomic, its natives (`Unsafe`'s accesses and atomics,
    // `arraycopy`, ...) access memory as instructions do, from any code.
    let relevant =
        relevant || native && !vm.machine.policy.system_atomic && shares_any(vm, exec, args);
    relevant && schedule_point(vm, "call")
}

/// Whether calling a `VarHandle` access method (`get`, `setVolatile`, `compareAndSet`, ...)
/// with call-site descriptor `desc` from `caller`'s code ends the transition before the
/// call: it accesses a field or element as the instructions do, so from code that is not
/// atomic it is a scheduling point when what it accesses may be shared — the object or
/// array among its arguments, or any static field.
pub fn before_handle_call(vm: &mut JavaVm, exec: &Exec, caller: &Class, desc: &str) -> bool {
    if !vm.machine.exploring || caller.system && vm.machine.policy.system_atomic {
        return false;
    }
    let Some((params, _)) = rpf_jvm::classfile::descriptor::call_shape(desc) else {
        return false;
    };
    let base = exec.stack.len().saturating_sub(params + 1);
    let handle = exec.stack.get(base).copied().unwrap_or_default().as_ref();
    let is_static = vm
        .class_of(handle)
        .is_some_and(|c| vm.classes.get(c).name.contains("$FieldStatic"));
    // The handle itself, usually a constant every thread reaches, says nothing of what is
    // accessed.
    let relevant = is_static || shares_any(vm, exec, params);
    relevant && schedule_point(vm, "call")
}

/// Whether a call from application code into the class library is a scheduling point:
/// the receiver or an argument is shared, or the callee is a thread-API method.
fn library_call_relevant(
    vm: &mut JavaVm,
    exec: &Exec,
    callee_class: ClassId,
    arg_entries: usize,
    thread_api: bool,
) -> bool {
    if !vm.machine.policy.system_atomic || !vm.classes.get(callee_class).system {
        return false;
    }
    thread_api || shares_any(vm, exec, arg_entries)
}

/// Whether a reference among the top `entries` values of `exec`'s stack may be shared
/// (every object counts as shared without partial order reduction).
fn shares_any(vm: &mut JavaVm, exec: &Exec, entries: usize) -> bool {
    let por = vm.machine.policy.por;
    let base = exec.stack.len().saturating_sub(entries);
    exec.stack[base..].iter().any(|v| match v {
        Value::Ref(r) if !r.is_null() => !por || shared_for_decision(&mut vm.machine, *r),
        _ => false,
    })
}

/// Whether thread `t`, whose entry call (or uncaught-exception handler) just returned,
/// ends in a step of its own rather than with the action that ran last.
pub fn split_before_end(vm: &JavaVm, t: usize) -> bool {
    let thread = &vm.state.threads[t];
    let last = match thread.phase {
        Phase::Entry => vm.regs.upcall_exception.is_none(),
        Phase::Uncaught => true,
        Phase::Exiting | Phase::Shutdown => false,
    };
    last && (vm.machine.thread_ends.split() || !thread.daemon && !vm.live_non_daemon_besides(t))
}

/// Notes a call of `target`, a method that may observe whether threads are alive (see
/// [`Meaning::observes_liveness`](rpf_jvm::linkage::Meaning::observes_liveness)), with its
/// arguments on `exec`'s stack. A call on a thread counts unless it is the calling thread,
/// a thread not started yet, or `Thread.join` without a timeout asks or waits (it blocks
/// until the end, so it cannot tell a split end from a fused one); `Object.wait` counts on
/// threads and thread groups only (whose ends and emptying notify their waiters).
fn observing_call(vm: &mut JavaVm, exec: &Exec, target: MethodId) {
    if vm.machine.thread_ends.split() || vm.machine.thread_ends.restart_due() {
        return;
    }
    let m = vm.classes.method(target);
    let thread_class = vm.known.thread;
    if !m.is_static() {
        let receiver = exec.peek(usize::from(m.arg_entries) - 1).as_ref();
        let Some(class) = vm.class_of(receiver) else {
            return;
        };
        if vm.classes.is_subclass(class, thread_class) {
            let me = vm.state.threads[vm.state.current].obj;
            let started = vm.field_by_name(receiver, "threadStatus").as_int() != 0;
            if receiver == me || !started || joining_untimed(vm, exec) {
                return;
            }
        } else if m.class == vm.known.object
            && !vm
                .classes
                .lookup("java/lang/ThreadGroup")
                .is_some_and(|group| vm.classes.is_subclass(class, group))
        {
            return;
        }
    }
    vm.machine.thread_ends.observed();
}

/// Whether the calling frame is `Thread.join` without a timeout (`join()` is `join(0)`).
fn joining_untimed(vm: &JavaVm, exec: &Exec) -> bool {
    exec.top().is_some_and(|f| {
        let caller = vm.classes.method(f.method);
        caller.class == vm.known.thread
            && &*caller.name == "join"
            && &*caller.desc == "(J)V"
            && exec
                .stack
                .get(f.locals as usize + 1)
                .is_some_and(|millis| millis.as_long() == 0)
    })
}

/// Whether `key`, a field guarded by `lock` (the object's own monitor, or the declaring
/// class for statics), is assumed lock-protected at this access (see
/// [`Protection::assumes_protected`](super::protection::Protection::assumes_protected)).
fn protected_by(vm: &mut JavaVm, key: FieldKey, lock: Ref) -> bool {
    let me = vm.jvm.state.current as u32;
    let held = !lock.is_null()
        && vm
            .jvm
            .state
            .monitors
            .get(&lock)
            .is_some_and(|m| m.owner == me);
    vm.machine.protection.assumes_protected(key, held)
}

#[cfg(test)]
mod tests {
    use rpf_jvm::machine::{Access, Choice};
    use rpf_jvm::value::{Ref, Value};

    use super::{before_access, before_monitor_enter};
    use crate::check::testing::{World, NODE};
    use crate::check::transition::{self, TransitionEnd};

    /// The main thread (running) and thread `t`, both runnable; `shared` is reachable from
    /// both, `own` from the main thread only.
    struct Setup {
        w: World,
        t: u32,
        shared: Ref,
        own: Ref,
    }

    fn setup() -> Setup {
        let mut w = World::boot();
        let t = w.thread();
        let (shared, own) = (w.object(NODE), w.object(NODE));
        w.hold(&[0, t], shared);
        w.push(0, own);
        w.fingerprint();
        w.vm.state.current = 0;
        w.vm.regs.first_step = false;
        Setup { w, t, shared, own }
    }

    /// Application code's read (or write) of field `item` of `object`.
    fn field(w: &World, object: Ref, write: bool) -> Access {
        let class = w.vm.class_of(object).expect("an object");
        Access {
            field: Some((class, w.slot(object, "item"))),
            ..element(object, write)
        }
    }

    /// Application code's read (or write) of an element of `array`.
    fn element(array: Ref, write: bool) -> Access {
        Access {
            object: array,
            field: None,
            is_static: false,
            is_final: false,
            in_system: false,
            write,
        }
    }

    impl Setup {
        /// Whether `access` ends the transition before it.
        fn ends_before(&mut self, access: Access) -> bool {
            before_access(&mut self.w.vm, &access)
        }

        /// Whether taking the monitor of `obj` (in application code) ends the transition
        /// before.
        fn ends_before_lock(&mut self, obj: Ref) -> bool {
            before_monitor_enter(&mut self.w.vm, obj, false)
        }

        /// The choice generators registered in the running transition (id and choices),
        /// taken from there.
        fn registered(&mut self) -> Vec<(String, Vec<Choice>)> {
            let pending = std::mem::take(&mut self.w.vm.machine.transition.pending);
            pending
                .iter()
                .inspect(|cg| assert!(cg.is_thread))
                .map(|cg| (cg.id.to_string(), cg.choices.to_vec()))
                .collect()
        }

        /// A thread choice `id` between the main thread and `t`.
        fn both(&self, id: &str) -> Vec<(String, Vec<Choice>)> {
            vec![(
                id.to_string(),
                vec![Choice::Thread(0), Choice::Thread(self.t)],
            )]
        }
    }

    #[test]
    fn an_access_to_a_shared_object_is_a_scheduling_point() {
        let mut s = setup();
        assert!(s.ends_before(field(&s.w, s.shared, false)));
        assert_eq!(s.registered(), s.both("field read"));
        assert!(s.ends_before(field(&s.w, s.shared, true)));
        assert_eq!(s.registered(), s.both("field write"));

        let array = s.w.array(&[]);
        s.w.hold(&[0, s.t], array);
        s.w.fingerprint();
        assert!(s.ends_before(element(array, false)));
        assert_eq!(s.registered(), s.both("array read"));
    }

    #[test]
    fn an_access_to_an_unshared_object_or_a_final_field_is_not() {
        let mut s = setup();
        assert!(!s.ends_before(field(&s.w, s.own, true)));
        let final_field = Access {
            is_final: true,
            ..field(&s.w, s.shared, false)
        };
        assert!(!s.ends_before(final_field));
        assert_eq!(s.registered(), vec![]);
    }

    #[test]
    fn without_partial_order_reduction_every_access_is() {
        let mut s = setup();
        s.w.vm.machine.policy.por = false;
        assert!(s.ends_before(field(&s.w, s.own, false)));
        assert_eq!(s.registered(), s.both("field read"));
        assert!(s.ends_before(element(s.own, true)));
        assert_eq!(s.registered(), s.both("array write"));
    }

    #[test]
    fn class_library_code_runs_atomically() {
        let mut s = setup();
        let in_system = Access {
            in_system: true,
            ..field(&s.w, s.shared, true)
        };
        assert!(!s.ends_before(in_system));
        assert!(!before_monitor_enter(&mut s.w.vm, s.shared, true));
        s.w.vm.machine.policy.system_atomic = false;
        assert!(s.ends_before(in_system));
        assert_eq!(s.registered(), s.both("field write"));
    }

    #[test]
    fn no_scheduling_point_at_a_transitions_first_instruction_or_in_an_atomic_section() {
        let mut s = setup();
        let write = field(&s.w, s.shared, true);
        s.w.vm.regs.first_step = true;
        assert!(!s.ends_before(write), "first instruction");
        s.w.vm.regs.first_step = false;
        s.w.vm.state.atomic_depth = 1;
        assert!(!s.ends_before(write), "atomic section");
        assert_eq!(s.registered(), vec![]);
        s.w.vm.state.atomic_depth = 0;
        assert!(s.ends_before(write));
    }

    #[test]
    fn a_thread_that_runs_alone_meets_no_scheduling_point() {
        let mut s = setup();
        let write = field(&s.w, s.shared, true);
        let start = s.w.save();
        let footprint =
            s.w.transition(0, |w| assert!(before_access(&mut w.vm, &write)));
        assert!(!footprint.is_opaque());
        assert_eq!(s.registered(), s.both("field write"));

        s.w.restore(&start);
        s.w.wait(s.t, s.shared);
        let footprint =
            s.w.transition(0, |w| assert!(!before_access(&mut w.vm, &write)));
        assert!(footprint.is_opaque(), "noted for sleep sets");
        assert_eq!(s.registered(), vec![]);
    }

    #[test]
    fn taking_a_shared_monitor_is_a_scheduling_point_unless_already_owned() {
        let mut s = setup();
        let (t, shared, own) = (s.t, s.shared, s.own);
        assert!(s.ends_before_lock(shared));
        assert_eq!(s.registered(), s.both("lock"));
        assert!(!s.ends_before_lock(own), "unshared");
        s.w.lock(t, shared);
        assert!(s.ends_before_lock(shared), "owned by another thread");
        s.registered();
        s.w.lock(0, shared);
        assert!(!s.ends_before_lock(shared), "owned");
        assert_eq!(s.registered(), vec![]);
    }

    #[test]
    fn a_transition_ends_before_an_access_to_a_shared_object() {
        let mut w = World::boot();
        // Library code (ArrayList.size) with scheduling points of its own.
        w.vm.machine.policy.system_atomic = false;
        let t = w.thread();
        let list = w.object("java/util/ArrayList");
        let class = w.class("java/util/ArrayList");
        let size = w.vm.classes.find_method(class, "size", "()I");
        let size = size.expect("ArrayList.size()");
        w.vm.start_upcall(t as usize, size, &[Value::Ref(list)]);
        w.push(0, list);
        w.fingerprint();

        let end = transition::run(&mut w.vm, t, []);
        let TransitionEnd::Choices(cgs) = end else {
            panic!("ended {end:?}")
        };
        assert_eq!(cgs.len(), 1);
        assert_eq!(&*cgs[0].id, "field read");
        let threads = vec![Choice::Thread(0), Choice::Thread(t)];
        assert_eq!(cgs[0].choices.to_vec(), threads);
        // It stopped at `getfield size` (after `aload_0`), to execute it first next time.
        let top = w.vm.state.threads[t as usize].exec.top().cloned();
        assert_eq!(top.map(|f| (f.method, f.pc)), Some((size, 1)));
    }
}
