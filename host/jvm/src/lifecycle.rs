//! Threads' lives: running a thread, the calls the VM makes on its own (a thread's entry
//! method, uncaught-exception dispatch, `Thread.exit`, shutdown hooks), termination, and
//! the program's end.

use crate::flow::Stop;
use crate::machine::{Machine, VmEvent};
use crate::thread::{Phase, Status};
use crate::time::Timeouts;
use crate::value::Value;
use crate::vm::{Jvm, Vm};

impl Jvm {
    /// Whether thread `t` can execute now.
    pub fn is_runnable(&self, t: usize) -> bool {
        match self.state.threads[t].status {
            Status::Runnable => true,
            Status::Blocked(obj) => self.monitor_available(obj, t),
            _ => false,
        }
    }

    /// Threads that could be scheduled now: runnable ones, ones blocked on a monitor that
    /// is free, and timed waiters whose wait may end now under `timeouts`.
    pub fn schedulable(&self, timeouts: Timeouts) -> impl Iterator<Item = u32> + '_ {
        // Only a thread with a deadline can time out: the test keeps the call for those.
        (0..self.state.threads.len())
            .filter(move |&t| {
                self.is_runnable(t)
                    || self.state.threads[t].deadline.is_some() && self.may_time_out(t, timeouts)
            })
            .map(|t| t as u32)
    }

    /// Whether some non-daemon thread is alive (outside shutdown hooks): the program goes on.
    pub fn live_non_daemon(&self) -> bool {
        self.live_non_daemon_besides(usize::MAX)
    }

    /// Whether a non-daemon thread other than `t` is alive.
    pub fn live_non_daemon_besides(&self, t: usize) -> bool {
        self.state
            .threads
            .iter()
            .enumerate()
            .any(|(i, th)| i != t && th.is_alive() && !th.daemon && th.phase != Phase::Shutdown)
    }
}

impl<M: Machine> Vm<M> {
    /// Runs thread `t` until it stops; `budget` counts down (instructions under a machine
    /// that explores, steps in plain execution: see [`Vm::interpret`]; a driver's run may
    /// span several calls that share one budget) and ends the run at 0.
    pub fn run_thread(&mut self, t: usize, budget: &mut u64) -> Stop {
        self.state.current = t;
        if let Status::Blocked(_) = self.state.threads[t].status {
            self.state.threads[t].status = Status::Runnable;
        }
        let mut exec = std::mem::take(&mut self.state.threads[t].exec);
        let before = *budget;
        let stop = if M::stepwise(self) || self.attrs_active {
            self.interpret_stepwise(&mut exec, budget)
        } else {
            self.interpret(&mut exec, budget)
        };
        self.instructions += before - *budget;
        self.state.threads[t].exec = exec;
        stop
    }

    /// Handles the end of a VM-initiated call on thread `t`: uncaught exceptions go to the
    /// thread's handler, then `Thread.exit` runs, then the thread terminates.
    pub fn upcall_finished(&mut self, t: usize) {
        let exception = self.regs.upcall_exception.take();
        let thread_obj = self.state.threads[t].obj;
        match (self.state.threads[t].phase, exception) {
            (Phase::Entry, Some(ex)) if M::EXPLORES && M::uncaught(self, t, ex) => {
                // The machine took the exception (a property it violates): the thread's
                // state is kept as it is for the report.
                self.state.threads[t].died_by_exception = true;
                self.regs.upcall_exception = Some(ex);
            }
            (Phase::Entry, Some(ex)) => {
                self.state.threads[t].died_by_exception = true;
                self.state.threads[t].phase = Phase::Uncaught;
                let dispatch = self.known_methods.dispatch_uncaught;
                self.start_upcall(t, dispatch, &[Value::Ref(thread_obj), Value::Ref(ex)]);
            }
            (Phase::Entry | Phase::Uncaught, _) => {
                self.state.threads[t].phase = Phase::Exiting;
                let exit = self.known_methods.thread_exit;
                self.start_upcall(t, exit, &[Value::Ref(thread_obj)]);
            }
            // HotSpot ends a thread holding its `Thread` object's monitor (to notify the
            // joiners): a thread that holds it delays the end until it lets go.
            (Phase::Exiting, _) if !self.monitor_available(thread_obj, t) => {
                self.state.threads[t].status = Status::Blocked(thread_obj);
                if M::EXPLORES {
                    M::synchronized(self, thread_obj, false);
                }
            }
            (Phase::Exiting, _) => self.terminate(t),
            (Phase::Shutdown, _) => {
                self.state.threads[t].status = Status::Terminated;
                self.report_thread(VmEvent::ThreadTerminated { thread: t });
            }
        }
    }

    /// Whether thread `t` (or all threads) has an uncaught-exception handler installed by the
    /// program, which then handles uncaught exceptions instead of the checker reporting them:
    /// the thread's own handler, a thread group on its group's parent chain whose class
    /// overrides `uncaughtException` (groups pass the exception to their parents, then to
    /// the default handler), or the default handler.
    pub fn has_custom_handler(&mut self, t: usize) -> bool {
        let obj = self.state.threads[t].obj;
        if !self
            .field_by_name(obj, "uncaughtExceptionHandler")
            .as_ref()
            .is_null()
        {
            return true;
        }
        let mut group = self.field_by_name(obj, "group").as_ref();
        while let Some(class) = self.class_of(group) {
            let handler = self.classes.lookup_in_superclasses(
                class,
                "uncaughtException",
                "(Ljava/lang/Thread;Ljava/lang/Throwable;)V",
            );
            let plain = handler.is_some_and(|m| {
                &*self.classes.get(self.classes.method(m).class).name == "java/lang/ThreadGroup"
            });
            if !plain {
                return true;
            }
            group = self.field_by_name(group, "parent").as_ref();
        }
        let thread_class = self.known.thread;
        !self
            .static_by_name(thread_class, "defaultUncaughtExceptionHandler")
            .as_ref()
            .is_null()
    }

    /// Pushes a VM-initiated call on thread `t` (which must have no frames).
    pub fn start_upcall(&mut self, t: usize, method: crate::class::MethodId, args: &[Value]) {
        let saved = self.state.current;
        self.state.current = t;
        let mut exec = std::mem::take(&mut self.state.threads[t].exec);
        self.state.threads[t].status = Status::Runnable;
        match self.push_upcall(&mut exec, method, args) {
            Ok(()) | Err(Stop::Budget) | Err(Stop::Yield) | Err(Stop::Blocked)
            | Err(Stop::Break) | Err(Stop::Prune) => {}
            Err(Stop::UpcallDone) | Err(Stop::FramesEmpty) => {
                // Completed at once (a native); handle it when the scheduler sees it.
                self.state.threads[t].exec = exec;
                self.state.current = saved;
                self.upcall_finished(t);
                return;
            }
            Err(Stop::Halt(_)) => {}
        }
        self.state.threads[t].exec = exec;
        self.state.current = saved;
    }

    /// Marks thread `t` terminated and wakes threads joining it.
    pub fn terminate(&mut self, t: usize) {
        self.state.threads[t].status = Status::Terminated;
        let obj = self.state.threads[t].obj;
        self.set_field_by_name(obj, "eetop", Value::Long(0));
        self.set_field_by_name(
            obj,
            "threadStatus",
            Value::Int(crate::natives::support::THREAD_TERMINATED),
        );
        self.notify_all_unowned(obj);
        self.report_thread(VmEvent::ThreadTerminated { thread: t });
    }

    /// Whether the program has ended, and with which exit status: by `System.exit`, or
    /// because no non-daemon thread is alive and the shutdown hooks have run (they are
    /// started here when the last non-daemon thread ends). Daemon threads are abandoned then,
    /// as the JVM abandons them.
    pub fn program_end(&mut self) -> Option<i32> {
        if let Some(status) = self.state.exit_status {
            return Some(status);
        }
        if self.live_non_daemon() {
            return None;
        }
        let threads = &self.state.threads;
        if !threads
            .first()
            .is_some_and(|main| main.phase == Phase::Shutdown)
        {
            self.begin_shutdown();
        }
        let shutdown_done = self
            .state
            .threads
            .iter()
            .all(|t| t.phase != Phase::Shutdown || t.status == Status::Terminated);
        if !shutdown_done {
            return None;
        }
        let main_failed = self
            .state
            .threads
            .first()
            .is_some_and(|main| main.died_by_exception);
        Some(i32::from(main_failed))
    }

    /// Starts `Shutdown.shutdown()` (shutdown hooks) on the main thread's record.
    fn begin_shutdown(&mut self) {
        let Some(shutdown) = self.known_methods.shutdown else {
            return;
        };
        if self.state.threads.is_empty() {
            return;
        }
        self.state.threads[0].phase = Phase::Shutdown;
        self.start_upcall(0, shutdown, &[]);
    }
}
