//! Plain execution (`rpf run`): the [`Plain`] machine, which takes every hook's default,
//! and its runner, one deterministic schedule.
//!
//! Round-robin over runnable threads with a time slice (counted in branches and calls);
//! threads blocked on monitors become runnable when the monitor is free; timed waits and
//! sleeps use a virtual clock that jumps forward when every thread is waiting for time to
//! pass.

use crate::flow::Stop;
use crate::machine::Machine;
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
        loop {
            if let Some(status) = self.program_end() {
                self.io.flush();
                return Outcome::Exited(status);
            }
            self.wake_timed();
            let Some(t) = self.next_runnable(last) else {
                match self.next_deadline() {
                    Some(deadline) => {
                        self.pass_time_to(deadline);
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
