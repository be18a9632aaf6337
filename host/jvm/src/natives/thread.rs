//! Natives for threads and monitors: Thread, Object.wait/notify, and park/unpark helpers.

use crate::flow::{NativeExit, NativeResult};
use crate::machine::{Choice, Machine, VmEvent};
use crate::monitor::WaitOutcome;
use crate::natives::registry::NativeRegistry;
use crate::natives::support::{jbool, throw, Args, THREAD_RUNNABLE};
use crate::thread::{Exec, JThread, Status};
use crate::value::{Ref, Value};
use crate::vm::Jvm;
use crate::vm::Vm;

/// Registers the natives of this module.
pub fn register<M: Machine>(r: &mut NativeRegistry<M>) {
    // The thread API interacts with other threads whatever it is called on. (`wait` and
    // `notify` need the monitor, whose acquisition is already a scheduling point; `start`
    // cannot interact with the new thread before it runs.)
    for (name, desc) in [
        ("join", "()V"),
        ("join", "(J)V"),
        ("join", "(JI)V"),
        ("sleep", "(J)V"),
        ("sleep", "(JI)V"),
        ("yield", "()V"),
        ("interrupt", "()V"),
        ("isAlive", "()Z"),
        ("getState", "()Ljava/lang/Thread$State;"),
        ("isInterrupted", "()Z"),
        ("interrupted", "()Z"),
    ] {
        r.declare("java/lang/Thread", name, desc).thread_api = true;
    }
    // What tells whether threads are alive: their state, the group, task and handler a
    // thread's exit clears, the thread groups' counts, lists and members, which it updates,
    // and waiting on a thread or group, which its end notifies. Calls of these from
    // application code are scheduling points, like the rest of the thread API (except
    // `run` and `wait`, which observe only when called on another thread, already ordered
    // by the scheduling point of the access or monitor before them).
    const THREAD: &str = "java/lang/Thread";
    const GROUP: &str = "java/lang/ThreadGroup";
    for (class, name, desc) in [
        (THREAD, "activeCount", "()I"),
        (THREAD, "enumerate", "([Ljava/lang/Thread;)I"),
        (THREAD, "getAllStackTraces", "()Ljava/util/Map;"),
    ] {
        r.declare(class, name, desc).thread_api = true;
    }
    for (class, name, desc) in [
        (THREAD, "isAlive", "()Z"),
        (THREAD, "getState", "()Ljava/lang/Thread$State;"),
        (THREAD, "getThreads", "()[Ljava/lang/Thread;"),
        (THREAD, "getThreadGroup", "()Ljava/lang/ThreadGroup;"),
        (
            THREAD,
            "getUncaughtExceptionHandler",
            "()Ljava/lang/Thread$UncaughtExceptionHandler;",
        ),
        (GROUP, "activeCount", "()I"),
        (GROUP, "activeGroupCount", "()I"),
        (GROUP, "enumerate", "([Ljava/lang/Thread;)I"),
        (GROUP, "enumerate", "([Ljava/lang/Thread;Z)I"),
        (GROUP, "enumerate", "([Ljava/lang/ThreadGroup;)I"),
        (GROUP, "enumerate", "([Ljava/lang/ThreadGroup;Z)I"),
        (GROUP, "list", "()V"),
        (GROUP, "destroy", "()V"),
        (GROUP, "isDestroyed", "()Z"),
        (GROUP, "interrupt", "()V"),
        (GROUP, "suspend", "()V"),
        (GROUP, "resume", "()V"),
        (GROUP, "stop", "()V"),
    ] {
        let meaning = r.declare(class, name, desc);
        meaning.thread_api = true;
        meaning.observes_liveness = true;
    }
    for (class, name, desc) in [(THREAD, "run", "()V"), ("java/lang/Object", "wait", "(J)V")] {
        r.declare(class, name, desc).observes_liveness = true;
    }
    for (name, desc) in [
        ("park", "()V"),
        ("park", "(Ljava/lang/Object;)V"),
        ("parkNanos", "(J)V"),
        ("parkNanos", "(Ljava/lang/Object;J)V"),
        ("parkUntil", "(J)V"),
        ("parkUntil", "(Ljava/lang/Object;J)V"),
        ("unpark", "(Ljava/lang/Thread;)V"),
    ] {
        r.declare("java/util/concurrent/locks/LockSupport", name, desc)
            .thread_api = true;
    }
    // Monitor operations report what they touch through the machine's hooks.
    r.add("java/lang/Object", "wait", "(J)V", object_wait)
        .tracked = true;
    r.add("java/lang/Object", "notify", "()V", |vm, exec, a| {
        notify(vm, exec, a.obj(0), false)
    })
    .tracked = true;
    r.add("java/lang/Object", "notifyAll", "()V", |vm, exec, a| {
        notify(vm, exec, a.obj(0), true)
    })
    .tracked = true;
    r.add("java/lang/Thread", "registerNatives", "()V", |_, _, _| {
        Ok(Value::Void)
    });
    r.add(
        "java/lang/Thread",
        "currentThread",
        "()Ljava/lang/Thread;",
        |vm, _, _| Ok(Value::Ref(vm.state.threads[vm.state.current].obj)),
    )
    .tracked = true;
    r.add("java/lang/Thread", "yield", "()V", |_, _, _| {
        Err(NativeExit::Yield)
    });
    r.add("java/lang/Thread", "sleep", "(J)V", sleep);
    r.add("java/lang/Thread", "start0", "()V", start0).tracked = true;
    r.add(
        "java/lang/Thread",
        "holdsLock",
        "(Ljava/lang/Object;)Z",
        |vm, _, a| {
            if a.obj(0).is_null() {
                return super::support::npe();
            }
            Ok(jbool(vm.owns_monitor(a.obj(0))))
        },
    );
    r.add("java/lang/Thread", "setPriority0", "(I)V", |_, _, _| {
        Ok(Value::Void)
    })
    .tracked = true;
    r.add(
        "java/lang/Thread",
        "setNativeName",
        "(Ljava/lang/String;)V",
        |_, _, _| Ok(Value::Void),
    );
    r.add("java/lang/Thread", "suspend0", "()V", |_, _, _| {
        Ok(Value::Void)
    });
    r.add("java/lang/Thread", "resume0", "()V", |_, _, _| {
        Ok(Value::Void)
    });
    r.add(
        "java/lang/Thread",
        "stop0",
        "(Ljava/lang/Object;)V",
        |_, _, _| {
            throw(
                "java/lang/UnsupportedOperationException",
                "Thread.stop is not supported by rpf",
            )
        },
    );
    r.add("java/lang/Thread", "interrupt0", "()V", |vm, _, a| {
        if let Some(t) = vm.thread_index(a.obj(0)) {
            vm.interrupt(t);
        }
        Ok(Value::Void)
    });
    r.add(
        "java/lang/Thread",
        "clearInterruptEvent",
        "()V",
        |vm, _, _| {
            let me = vm.state.current;
            vm.state.threads[me].interrupted = false;
            Ok(Value::Void)
        },
    );
    r.add(
        "java/lang/Thread",
        "getThreads",
        "()[Ljava/lang/Thread;",
        |vm, _, _| {
            let live: Vec<Ref> = vm
                .state
                .threads
                .iter()
                .filter(|t| t.is_alive())
                .map(|t| t.obj)
                .collect();
            let class = vm
                .classes
                .load("[Ljava/lang/Thread;")
                .map_err(|e| NativeExit::ThrowNew(e.error_class, Some(e.message)))?;
            Ok(Value::Ref(vm.new_array_of(class, &live)))
        },
    );
    r.add(
        "java/lang/Thread",
        "getState",
        "()Ljava/lang/Thread$State;",
        thread_state,
    );
}

fn object_wait<M: Machine>(vm: &mut Vm<M>, exec: &mut Exec, a: &[Value]) -> NativeResult {
    let (obj, millis) = (a.obj(0), a.long(1));
    if millis < 0 {
        return throw(
            "java/lang/IllegalArgumentException",
            "timeout value is negative",
        );
    }
    // A Cleaner's thread waits on a reference queue that rpf never enqueues to: timing out
    // could only make it loop, so it waits without a timeout.
    let timed = millis > 0 && !runs_cleaner(vm, exec);
    let deadline = timed.then(|| vm.deadline_in((millis as u64).saturating_mul(1_000_000)));
    let starting = vm.state.threads[vm.state.current].wait.is_none();
    match vm.object_wait(obj, deadline) {
        WaitOutcome::Blocked => {
            if starting {
                vm.report_at(exec, VmEvent::ObjectWait { object: obj });
                let unlocked = VmEvent::ObjectUnlocked {
                    object: obj,
                    count: 0,
                };
                vm.report_at(exec, unlocked);
                vm.report_at(exec, VmEvent::ThreadWaiting { object: obj });
            } else if matches!(
                vm.state.threads[vm.state.current].status,
                Status::Blocked(_)
            ) {
                vm.report_at(exec, VmEvent::ThreadBlocked { object: obj });
            }
            Err(NativeExit::Block)
        }
        WaitOutcome::Done => {
            let count = vm.state.monitors.get(&obj).map_or(0, |m| m.count);
            vm.report_at(exec, VmEvent::ObjectLocked { object: obj, count });
            Ok(Value::Void)
        }
        WaitOutcome::Interrupted => {
            vm.clear_interrupt_field(vm.state.current);
            Err(NativeExit::ThrowNew("java/lang/InterruptedException", None))
        }
        WaitOutcome::NotOwner => throw(
            "java/lang/IllegalMonitorStateException",
            "current thread is not owner",
        ),
    }
}

fn notify<M: Machine>(vm: &mut Vm<M>, exec: &Exec, obj: Ref, all: bool) -> NativeResult {
    if !all && M::EXPLORES && vm.owns_monitor(obj) {
        // Which waiter `notify` wakes is not specified: a machine that explores chooses.
        let waiters = vm.waiters(obj);
        if waiters.len() > 1 {
            let choice = match M::chosen(vm, "notify") {
                Some(c) => c,
                None => {
                    let choices = waiters.iter().map(|&t| Choice::Thread(t as u32)).collect();
                    M::choose(vm, "notify", choices)?
                }
            };
            let chosen = match choice {
                Choice::Thread(t) => t as usize,
                _ => waiters[0],
            };
            vm.wake_waiter(chosen);
            let notify = VmEvent::ObjectNotify {
                object: obj,
                all: false,
            };
            vm.report_at(exec, notify);
            vm.report_thread(VmEvent::ThreadNotified { thread: chosen });
            return Ok(Value::Void);
        }
    }
    let waiters = vm.waiters(obj);
    if vm.object_notify(obj, all) {
        vm.report_at(exec, VmEvent::ObjectNotify { object: obj, all });
        let woken = if all {
            waiters.len()
        } else {
            waiters.len().min(1)
        };
        for &t in &waiters[..woken] {
            vm.report_thread(VmEvent::ThreadNotified { thread: t });
        }
        Ok(Value::Void)
    } else {
        throw(
            "java/lang/IllegalMonitorStateException",
            "current thread is not owner",
        )
    }
}

fn sleep<M: Machine>(vm: &mut Vm<M>, _: &mut Exec, a: &[Value]) -> NativeResult {
    let me = vm.state.current;
    if vm.state.threads[me].timed_block {
        // Bottom half: woken by time or by interrupt.
        vm.state.threads[me].timed_block = false;
        if vm.state.threads[me].interrupted {
            vm.state.threads[me].interrupted = false;
            vm.clear_interrupt_field(me);
            return throw("java/lang/InterruptedException", "sleep interrupted");
        }
        return Ok(Value::Void);
    }
    let millis = a.long(0);
    if millis < 0 {
        return throw(
            "java/lang/IllegalArgumentException",
            "timeout value is negative",
        );
    }
    if vm.state.threads[me].interrupted {
        vm.state.threads[me].interrupted = false;
        vm.clear_interrupt_field(me);
        return throw("java/lang/InterruptedException", "sleep interrupted");
    }
    if millis == 0 {
        return Err(NativeExit::Yield);
    }
    let deadline = vm.deadline_in((millis as u64).saturating_mul(1_000_000));
    let t = &mut vm.state.threads[me];
    t.timed_block = true;
    t.status = Status::Sleeping;
    t.deadline = Some(deadline);
    Err(NativeExit::Block)
}

/// Whether the running thread is a `java.lang.ref.Cleaner`'s (its frames run
/// `CleanerImpl.run`).
fn runs_cleaner(vm: &Jvm, exec: &Exec) -> bool {
    exec.frames.iter().any(|f| {
        let class = vm.classes.method(f.method).class;
        &*vm.classes.get(class).name == "jdk/internal/ref/CleanerImpl"
    })
}

fn start0<M: Machine>(vm: &mut Vm<M>, exec: &mut Exec, a: &[Value]) -> NativeResult {
    let obj = a.obj(0);
    if M::EXPLORES {
        // Starting reads the Thread object (its field stores below are stores).
        M::read(vm, obj);
    }
    let daemon = vm.field_by_name(obj, "daemon").as_int() != 0;
    let index = vm.state.threads.len();
    let requested = requested_stack(vm.field_by_name(obj, "stackSize").as_long());
    let mut thread = JThread::new(obj, daemon, requested.unwrap_or(vm.opts.stack_size));
    thread.ready_since = vm.now_ns();
    // An interrupt before the start is kept in the Thread object (JDK 17): the new thread
    // starts interrupted, so that its first blocking call ends at once.
    thread.interrupted = vm.field_by_name(obj, "interrupted").as_int() != 0;
    vm.state.threads.push(thread);
    vm.set_field_by_name(obj, "eetop", Value::Long(index as i64 + 1));
    vm.set_field_by_name(obj, "threadStatus", Value::Int(THREAD_RUNNABLE));
    let Some(class) = vm.class_of(obj) else {
        return super::support::npe();
    };
    let thread_run = vm.known_methods.thread_run;
    let run = vm
        .classes
        .select(class, thread_run)
        .map_err(|e| NativeExit::ThrowNew(e.error_class, Some(e.message)))?;
    vm.start_upcall(index, run, &[Value::Ref(obj)]);
    if M::EXPLORES {
        // Whatever the new thread's Thread object reaches, two threads now reach.
        M::published(vm, obj);
    }
    vm.on_thread_started(exec, index);
    Ok(Value::Void)
}

fn thread_state<M: Machine>(vm: &mut Vm<M>, exec: &mut Exec, a: &[Value]) -> NativeResult {
    let obj = a.obj(0);
    let name = match vm
        .thread_index(obj)
        .map(|t| (vm.state.threads[t].status, vm.state.threads[t].deadline))
    {
        None => {
            if vm.field_by_name(obj, "threadStatus").as_int() == 0 {
                "NEW"
            } else {
                "TERMINATED"
            }
        }
        Some((Status::New, _)) => "NEW",
        Some((Status::Terminated, _)) => "TERMINATED",
        Some((Status::Runnable | Status::ClassInit(_), _)) => "RUNNABLE",
        Some((Status::Blocked(_), _)) => "BLOCKED",
        Some((Status::Sleeping, _)) => "TIMED_WAITING",
        Some((Status::Waiting(_) | Status::Parked, Some(_))) => "TIMED_WAITING",
        Some((Status::Waiting(_) | Status::Parked, None)) => "WAITING",
    };
    let state_class = vm
        .classes
        .load("java/lang/Thread$State")
        .map_err(|e| NativeExit::ThrowNew(e.error_class, Some(e.message)))?;
    super::unsafe_::initialize_from_native(vm, exec, state_class)?;
    Ok(vm.static_by_name(state_class, name))
}

impl Jvm {
    /// The VM thread number of a `java.lang.Thread` object, if started and not terminated.
    pub fn thread_index(&self, obj: Ref) -> Option<usize> {
        let eetop = self.field_by_name(obj, "eetop").as_long();
        let index = usize::try_from(eetop - 1).ok()?;
        (self.state.threads.get(index)?.obj == obj).then_some(index)
    }
}

impl<M: Machine> Vm<M> {
    /// Clears `Thread.interrupted` of thread `t`.
    pub fn clear_interrupt_field(&mut self, t: usize) {
        let obj = self.state.threads[t].obj;
        self.set_field_by_name(obj, "interrupted", Value::Int(0));
    }

    /// Delivers an interrupt to thread `t`: wakes it from wait, sleep or park.
    pub fn interrupt(&mut self, t: usize) {
        self.state.threads[t].interrupted = true;
        self.report_thread(VmEvent::ThreadInterrupted { thread: t });
        match self.state.threads[t].status {
            Status::Waiting(_) => self.wake_waiter(t),
            Status::Sleeping | Status::Parked => self.wake_sleeper(t, self.now_ns()),
            _ => {}
        }
    }

    /// Ends thread `t`'s sleep or park: it can run from `at` (on the program's clock).
    pub fn wake_sleeper(&mut self, t: usize, at: u64) {
        let thread = &mut self.state.threads[t];
        thread.status = Status::Runnable;
        thread.deadline = None;
        thread.ready_since = at;
    }

    /// Bookkeeping after `Thread.start` (the running thread's frames `exec`) created VM
    /// thread `t`; listeners see where it was started.
    pub fn on_thread_started(&mut self, exec: &Exec, t: usize) {
        tracing::debug!(thread = t, name = %self.thread_name(t), "thread started");
        self.report_at(exec, VmEvent::ThreadStarted { thread: t });
    }

    /// `Unsafe.park` by the running thread (frames `exec`), both halves. `deadline` is on
    /// the program's clock (ns).
    pub fn park(&mut self, exec: &Exec, deadline: Option<u64>, immediate: bool) -> NativeResult {
        let me = self.state.current;
        if self.state.threads[me].timed_block {
            self.state.threads[me].timed_block = false;
            return Ok(Value::Void);
        }
        let thread = &mut self.state.threads[me];
        if thread.permit {
            thread.permit = false;
            return Ok(Value::Void);
        }
        if thread.interrupted || immediate {
            return Ok(Value::Void);
        }
        thread.timed_block = true;
        thread.status = Status::Parked;
        thread.deadline = deadline;
        self.report_at(exec, VmEvent::ThreadWaiting { object: Ref::NULL });
        Err(NativeExit::Block)
    }

    /// `Unsafe.unpark` of the thread object `obj`.
    pub fn unpark(&mut self, obj: Ref) {
        let Some(t) = self.thread_index(obj) else {
            return;
        };
        if self.state.threads[t].status == Status::Parked {
            self.wake_sleeper(t, self.now_ns());
        } else {
            self.state.threads[t].permit = true;
        }
    }
}

/// The smallest stack HotSpot gives a Java thread on Linux/x64, whatever it asks for.
const MIN_THREAD_STACK: u64 = 136 << 10;

/// The stack a thread gets for the `stackSize` it asked for, as HotSpot's: rounded up to
/// whole 4 KiB pages and at least [`MIN_THREAD_STACK`]; `None` (0 or negative: no request)
/// leaves it `vm.stack_size`.
fn requested_stack(stack_size: i64) -> Option<u64> {
    match u64::try_from(stack_size) {
        Ok(0) | Err(_) => None,
        Ok(size) => Some(
            size.div_ceil(4096)
                .saturating_mul(4096)
                .max(MIN_THREAD_STACK),
        ),
    }
}
