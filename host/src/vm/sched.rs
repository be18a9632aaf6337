//! Running a program's threads under one deterministic schedule (plain execution).
//!
//! Round-robin over runnable threads with an instruction time slice; threads blocked on
//! monitors become runnable when the monitor is free; timed waits and sleeps use a virtual
//! clock that jumps forward when every thread is waiting for time to pass.

use std::time::{SystemTime, UNIX_EPOCH};

use super::interp::Stop;
use super::thread::{Phase, Status};
use super::value::Value;
use super::Vm;

/// How a program run ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// All non-daemon threads ended (or System.exit was called): the exit status.
    Exited(i32),
    /// No thread can ever run again.
    Deadlock(String),
}

impl Vm {
    /// Milliseconds on the program's clock (wall clock plus skipped sleeps).
    pub fn now_ms(&self) -> u64 {
        let wall = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(0);
        wall + self.state.clock_offset_ms
    }

    /// Whether thread `t` can execute now.
    pub fn is_runnable(&self, t: usize) -> bool {
        match self.state.threads[t].status {
            Status::Runnable => true,
            Status::Blocked(obj) => self.monitor_available(obj, t),
            _ => false,
        }
    }

    /// Wakes threads whose deadline has passed.
    fn wake_timed(&mut self, now: u64) {
        for t in 0..self.state.threads.len() {
            let thread = &self.state.threads[t];
            let Some(deadline) = thread.deadline else {
                continue;
            };
            if deadline > now {
                continue;
            }
            match thread.status {
                Status::Sleeping | Status::Parked => {
                    let thread = &mut self.state.threads[t];
                    thread.status = Status::Runnable;
                    thread.deadline = None;
                }
                Status::Waiting(_) => self.wake_waiter(t),
                _ => self.state.threads[t].deadline = None,
            }
        }
    }

    /// Runs one slice of thread `t`.
    pub fn run_slice(&mut self, t: usize, budget: u64) -> Stop {
        self.state.current = t;
        if let Status::Blocked(_) = self.state.threads[t].status {
            self.state.threads[t].status = Status::Runnable;
        }
        let mut exec = std::mem::take(&mut self.state.threads[t].exec);
        let mut remaining = budget;
        let stop = self.interpret(&mut exec, &mut remaining);
        self.instructions += budget - remaining;
        self.state.threads[t].exec = exec;
        stop
    }

    /// Handles the end of a VM-initiated call on thread `t`: uncaught exceptions go to the
    /// thread's handler, then `Thread.exit` runs, then the thread terminates.
    pub fn upcall_finished(&mut self, t: usize) {
        let exception = self.upcall_exception.take();
        let thread_obj = self.state.threads[t].obj;
        match (self.state.threads[t].phase, exception) {
            (Phase::Entry, Some(ex))
                if self.explore.as_ref().is_some_and(|e| e.check_exceptions)
                    && !self.has_custom_handler(t) =>
            {
                // Under the model checker an uncaught exception violates a property; the
                // thread's state is kept as it is for the report.
                self.state.threads[t].died_by_exception = true;
                if let Some(e) = self.explore.as_mut() {
                    e.violation = Some(super::explore::Violation::Uncaught {
                        thread: t as u32,
                        exception: ex,
                    });
                }
                self.upcall_exception = Some(ex);
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
            (Phase::Exiting, _) => self.terminate(t),
            (Phase::Shutdown, _) => {
                self.state.threads[t].status = Status::Terminated;
                self.fire_thread(rpf_plugin_api::EventKind::ThreadTerminated, t);
            }
        }
    }

    /// Whether thread `t` (or all threads) has an uncaught-exception handler installed by the
    /// program, which then handles uncaught exceptions instead of the checker reporting them.
    fn has_custom_handler(&mut self, t: usize) -> bool {
        let obj = self.state.threads[t].obj;
        if !self
            .field_by_name(obj, "uncaughtExceptionHandler")
            .as_ref()
            .is_null()
        {
            return true;
        }
        let thread_class = self.known.thread;
        !self
            .static_by_name(thread_class, "defaultUncaughtExceptionHandler")
            .as_ref()
            .is_null()
    }

    /// Pushes a VM-initiated call on thread `t` (which must have no frames).
    pub fn start_upcall(&mut self, t: usize, method: super::class::MethodId, args: &[Value]) {
        let saved = self.state.current;
        self.state.current = t;
        let mut exec = std::mem::take(&mut self.state.threads[t].exec);
        self.state.threads[t].status = Status::Runnable;
        match self.push_upcall(&mut exec, method, args) {
            Ok(()) | Err(Stop::Budget) | Err(Stop::Yield) | Err(Stop::Blocked)
            | Err(Stop::Break) => {}
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
            Value::Int(super::natives::THREAD_TERMINATED),
        );
        self.notify_all_unowned(obj);
        self.fire_thread(rpf_plugin_api::EventKind::ThreadTerminated, t);
    }

    fn next_runnable(&self, after: usize) -> Option<usize> {
        let n = self.state.threads.len();
        (1..=n)
            .map(|i| (after + i) % n)
            .find(|&t| self.is_runnable(t))
    }

    fn live_non_daemon(&self) -> bool {
        self.state
            .threads
            .iter()
            .any(|t| t.is_alive() && !t.daemon && t.phase != Phase::Shutdown)
    }

    /// Runs every thread to completion under the plain-execution scheduler.
    pub fn run_to_completion(&mut self) -> Outcome {
        let slice = self.opts.time_slice.max(1);
        let mut last = self.state.current;
        let mut shutdown_started = false;
        loop {
            if let Some(status) = self.state.exit_status {
                self.io.flush();
                return Outcome::Exited(status);
            }
            if !self.live_non_daemon() {
                if !shutdown_started {
                    shutdown_started = true;
                    self.begin_shutdown();
                    continue;
                }
                let shutdown_done = self
                    .state
                    .threads
                    .iter()
                    .all(|t| t.phase != Phase::Shutdown || t.status == Status::Terminated);
                if shutdown_done {
                    self.io.flush();
                    let main_failed = self
                        .state
                        .threads
                        .first()
                        .is_some_and(|t| t.died_by_exception);
                    return Outcome::Exited(i32::from(main_failed));
                }
            }
            let now = self.now_ms();
            self.wake_timed(now);
            let Some(t) = self.next_runnable(last) else {
                let earliest = self
                    .state
                    .threads
                    .iter()
                    .filter(|t| t.is_alive())
                    .filter_map(|t| t.deadline)
                    .min();
                match earliest {
                    Some(deadline) => {
                        self.state.clock_offset_ms += deadline.saturating_sub(now);
                        continue;
                    }
                    None => {
                        self.io.flush();
                        return Outcome::Deadlock(self.describe_blocked_threads());
                    }
                }
            };
            last = t;
            match self.run_slice(t, slice) {
                Stop::Budget | Stop::Yield | Stop::Blocked | Stop::Break => {}
                Stop::UpcallDone | Stop::FramesEmpty => self.upcall_finished(t),
                Stop::Halt(status) => {
                    self.state.exit_status = Some(status);
                }
            }
            self.maybe_collect();
        }
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

    /// One line per live thread saying what it waits for (deadlock reports).
    pub fn describe_blocked_threads(&self) -> String {
        let mut lines = Vec::new();
        for (i, t) in self.state.threads.iter().enumerate() {
            if !t.is_alive() {
                continue;
            }
            let name = self.thread_name(i);
            let what = match t.status {
                Status::Blocked(obj) => format!("blocked on {}", self.describe_object(obj)),
                Status::Waiting(obj) => format!("waiting on {}", self.describe_object(obj)),
                Status::Parked => "parked".to_string(),
                Status::ClassInit(c) => format!(
                    "waiting for initialization of {}",
                    self.classes.get(c).java_name()
                ),
                other => format!("{other:?}"),
            };
            lines.push(format!("  thread \"{name}\": {what}"));
        }
        lines.join("\n")
    }

    /// The name of thread `t` as its Thread object says.
    pub fn thread_name(&self, t: usize) -> String {
        let obj = self.state.threads[t].obj;
        let name = self.field_by_name(obj, "name").as_ref();
        self.string_value(name).unwrap_or_else(|| format!("#{t}"))
    }

    /// `java.lang.Object@12` style description of an object.
    pub fn describe_object(&self, r: super::value::Ref) -> String {
        match self.class_of(r) {
            Some(c) => format!("{}@{}", self.classes.get(c).java_name(), r.0),
            None => "null".to_string(),
        }
    }
}
