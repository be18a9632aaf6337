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
use rpf_jvm::thread::Exec;
use rpf_jvm::value::{Ref, Value};
use rpf_jvm::Jvm;
use rpf_plugin_api::AccessKind;

use super::choice::ChoiceGenerator;
use super::machine::{Checker, JavaVm};

/// The built-in scheduling policy's settings (JPF's `vm.por.*`).
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

/// Who decides which accesses are scheduling points (JPF's Scheduler).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Scheduler {
    /// The built-in partial order reduction ([`Policy`]).
    #[default]
    Por,
    /// The run's scheduler plugin, told the built-in answer as its default.
    Plugin,
}

/// Threads that could be scheduled in the state `jvm` holds (see [`Jvm::schedulable`]).
pub fn schedulable(jvm: &Jvm, timeouts: bool) -> impl Iterator<Item = u32> + '_ {
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
        }
        return false;
    }
    let cg = ChoiceGenerator::threads(reason, schedulable(&vm.jvm, timeouts));
    Checker::register_choice(vm, cg);
    true
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

/// Whether the transition ends before `access` (a scheduling point is registered).
pub fn before_access(vm: &mut JavaVm, access: &Access) -> bool {
    access_relevant(vm, access) && schedule_point(vm, reason(access))
}

/// Whether `access` is a scheduling point under the policy (or the scheduler plugin).
fn access_relevant(vm: &mut JavaVm, access: &Access) -> bool {
    if !vm.machine.exploring || access.is_final {
        return false;
    }
    let Policy {
        por, system_atomic, ..
    } = vm.machine.policy;
    let (default, system, shared_object) = match (access.field, access.is_static) {
        (Some((class, slot)), true) => {
            let system = access.in_system || vm.classes.get(class).system;
            let lock = vm.class_state_of(class).mirror;
            let key = FieldKey {
                class,
                slot,
                is_static: true,
            };
            let default = (!system_atomic || !system) && (!por || !protected_by(vm, key, lock));
            (default, system, true)
        }
        (field, _) => {
            let atomic = access.in_system && system_atomic;
            let default = !atomic
                && (!por
                    || vm.machine.shared_for_decision(access.object)
                        && match field {
                            Some((class, slot)) => {
                                let key = FieldKey {
                                    class,
                                    slot,
                                    is_static: false,
                                };
                                !protected_by(vm, key, access.object)
                            }
                            None => true,
                        });
            let shared = vm.machine.sharing.is_shared(access.object);
            (default, access.in_system, shared)
        }
    };
    if vm.machine.scheduler != Scheduler::Plugin {
        return default;
    }
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
    let default = !atomic && (!policy.por || vm.machine.shared_for_decision(obj));
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
    let (class, args, thread_api) = (m.class, usize::from(m.arg_entries), m.meaning.thread_api);
    let relevant = if m.is_synchronized() {
        let lock = if m.is_static() {
            vm.class_state_of(class).mirror
        } else {
            exec.peek(args - 1).as_ref()
        };
        (lock.is_null() || monitor_relevant(vm, lock, caller.system))
            || (!caller.system && library_call_relevant(vm, exec, class, args, false))
    } else if !caller.system {
        library_call_relevant(vm, exec, class, args, thread_api)
    } else {
        false
    };
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
    if thread_api {
        return true;
    }
    let por = vm.machine.policy.por;
    let base = exec.stack.len().saturating_sub(arg_entries);
    exec.stack[base..].iter().any(|v| match v {
        Value::Ref(r) if !r.is_null() => !por || vm.machine.shared_for_decision(*r),
        _ => false,
    })
}

/// Lock-protection knowledge shared between search workers.
pub type SharedProtection =
    std::sync::Arc<dashmap::DashMap<FieldKey, bool, rustc_hash::FxBuildHasher>>;

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

/// Lock-protection detection (JPF's `vm.por.sync_detection`): what the search assumes about
/// which fields are lock-protected.
#[derive(Debug, Default)]
pub struct Protection {
    /// Whether detection is on.
    pub enabled: bool,
    /// Fields assumed lock-protected (true) or known unprotected (false).
    fields: std::collections::HashMap<FieldKey, bool, rustc_hash::FxBuildHasher>,
    /// The same knowledge shared by the workers of a parallel search, so that they all
    /// explore under the same assumptions (`fields` caches it).
    shared: Option<SharedProtection>,
    /// An assumption was contradicted: the search must start over.
    pub restart: bool,
}

impl Protection {
    /// Uses (and adds to) `shared`, the knowledge of all workers of a parallel search;
    /// forgets what was learned alone, which `shared` already holds.
    pub fn share(&mut self, shared: SharedProtection) {
        self.fields.clear();
        self.shared = Some(shared);
    }
}

/// Whether `key` is a field whose every access so far happened while the accessing thread
/// held `lock` (the object's own monitor, or the declaring class for statics): such a field
/// needs no scheduling points of its own — the lock's acquisitions order its accesses. The
/// assumption is global across the search; when an unprotected access contradicts it, the
/// field becomes unprotected and the search is restarted, so the result is as if the field
/// had been treated as unprotected from the start.
fn protected_by(vm: &mut JavaVm, key: FieldKey, lock: Ref) -> bool {
    let me = vm.jvm.state.current as u32;
    let held = !lock.is_null()
        && vm
            .jvm
            .state
            .monitors
            .get(&lock)
            .is_some_and(|m| m.owner == me);
    let p = &mut vm.machine.protection;
    if !p.enabled {
        return false;
    }
    let status = p.fields.entry(key).or_insert_with(|| match &p.shared {
        // Other workers' first accesses count as if they had happened here.
        Some(shared) => *shared.entry(key).or_insert(held),
        None => held,
    });
    if *status && !held {
        *status = false;
        if let Some(shared) = &p.shared {
            shared.insert(key, false);
        }
        p.restart = true;
        tracing::debug!(?key, "field found unprotected; the search restarts");
    }
    *status
}
