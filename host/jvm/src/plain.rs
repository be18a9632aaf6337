//! Plain execution (`rpf run`): the [`Plain`] machine, which takes every hook's default,
//! and its runner, one deterministic schedule.
//!
//! Round-robin over runnable threads with an instruction time slice; threads blocked on
//! monitors become runnable when the monitor is free; timed waits and sleeps use a virtual
//! clock that jumps forward when every thread is waiting for time to pass.

use crate::flow::Stop;
use crate::machine::Machine;
use crate::thread::{Phase, Status};
use crate::vm::{Jvm, Vm};

/// Plain execution: one schedule, no choices, every hook at its default.
#[derive(Debug, Default, Clone, Copy)]
pub struct Plain;

impl Machine for Plain {
    const EXPLORES: bool = false;
}

/// How a program run ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// All non-daemon threads ended (or System.exit was called): the exit status.
    Exited(i32),
    /// No thread can ever run again.
    Deadlock(String),
}

impl Jvm {
    fn next_runnable(&self, after: usize) -> Option<usize> {
        let n = self.state.threads.len();
        (1..=n)
            .map(|i| (after + i) % n)
            .find(|&t| self.is_runnable(t))
    }
}

impl Vm<Plain> {
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
            match self.run_thread(t, &mut { slice }) {
                Stop::Budget | Stop::Yield | Stop::Blocked | Stop::Break | Stop::Prune => {}
                Stop::UpcallDone | Stop::FramesEmpty => self.upcall_finished(t),
                Stop::Halt(status) => {
                    self.state.exit_status = Some(status);
                }
            }
            self.maybe_collect();
        }
    }
}
