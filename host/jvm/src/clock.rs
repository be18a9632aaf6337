//! The program's clock and the ends of timed waits.
//!
//! Plain execution keeps real time: `nanoTime` and `currentTimeMillis` follow the machine's
//! clock, and when every thread waits for time to pass the clock jumps to the next deadline
//! instead of sleeping. A driver that explores keeps *virtual* time, part of the program
//! state: it starts at a fixed instant, instructions take no time, and it moves only when a
//! timed wait ends (to that wait's deadline), so every path sees the same clock and states
//! that differ only in when they were reached are the same state.
//!
//! Which timed waits may end while other threads can still run is the driver's
//! [`Timeouts`] policy: a runnable thread is assumed to get the processor within the
//! policy's `delay`, so the clock may not move further than that past the moment a thread
//! became able to run (or a wait that ends earlier ends).

use crate::machine::Machine;
use crate::thread::Status;
use crate::time::{Clock, Timeouts, VIRTUAL_EPOCH_MS};
use crate::vm::{Jvm, Vm};

/// Nanoseconds per millisecond.
const NS_PER_MS: u64 = 1_000_000;

impl Jvm {
    /// Nanoseconds on the program's clock (`System.nanoTime`).
    pub fn now_ns(&self) -> u64 {
        match self.clock {
            Clock::Real { .. } => {
                (self.start_instant.elapsed().as_nanos() as u64).saturating_add(self.state.clock_ns)
            }
            Clock::Virtual => self.state.clock_ns,
        }
    }

    /// Milliseconds since the Unix epoch on the program's clock (`currentTimeMillis`).
    pub fn now_epoch_ms(&self) -> i64 {
        let epoch = match self.clock {
            Clock::Real { epoch_ms } => epoch_ms,
            Clock::Virtual => VIRTUAL_EPOCH_MS,
        };
        epoch.saturating_add((self.now_ns() / NS_PER_MS) as i64)
    }

    /// The deadline `nanos` from now.
    pub fn deadline_in(&self, nanos: u64) -> u64 {
        self.now_ns().saturating_add(nanos)
    }

    /// The deadline at `epoch_ms` milliseconds since the Unix epoch (`parkUntil`).
    pub fn deadline_at_epoch_ms(&self, epoch_ms: i64) -> u64 {
        let ahead = epoch_ms.saturating_sub(self.now_epoch_ms()).max(0) as u64;
        self.deadline_in(ahead.saturating_mul(NS_PER_MS))
    }

    /// Whether thread `t` is in a timed wait that could end by timeout now (ignoring any
    /// policy).
    pub fn in_timed_wait(&self, t: usize) -> bool {
        let th = &self.state.threads[t];
        th.deadline.is_some()
            && match th.status {
                Status::Sleeping | Status::Parked => true,
                Status::Waiting(obj) => self.monitor_available(obj, t),
                _ => false,
            }
    }

    /// Whether thread `t`'s timed wait may end now under `policy`: its deadline is no later
    /// than any thread that can run, or any other wait that ends earlier, lets the clock go.
    pub fn may_time_out(&self, t: usize, policy: Timeouts) -> bool {
        if !policy.enabled || !self.in_timed_wait(t) {
            return false;
        }
        let Some(deadline) = self.state.threads[t].deadline else {
            return false;
        };
        deadline <= self.clock_bound(policy.delay)
    }

    /// How far the clock may move now: `delay` past the moment the earliest thread that can
    /// run became able to, or past the earliest deadline.
    fn clock_bound(&self, delay: u64) -> u64 {
        let threads = self.state.threads.iter().enumerate();
        threads
            .filter_map(|(u, th)| {
                if self.is_runnable(u) {
                    Some(th.ready_since)
                } else if self.in_timed_wait(u) {
                    th.deadline
                } else {
                    None
                }
            })
            .min()
            .map_or(u64::MAX, |since| since.saturating_add(delay))
    }

    /// The earliest deadline of a live thread's timed wait.
    pub fn next_deadline(&self) -> Option<u64> {
        self.state
            .threads
            .iter()
            .filter(|t| t.is_alive())
            .filter_map(|t| t.deadline)
            .min()
    }
}

impl<M: Machine> Vm<M> {
    /// Thread `t`'s timed wait ends by timeout (a driver chose to run it): the clock moves
    /// to its deadline, and every wait that has ended by then ends.
    pub fn time_out(&mut self, t: usize) {
        if self.is_runnable(t) || !self.in_timed_wait(t) {
            return;
        }
        if let Some(deadline) = self.state.threads[t].deadline {
            self.pass_time_to(deadline);
        }
    }

    /// Moves the clock to `deadline` (if it is ahead) and ends the timed waits due by then.
    pub fn pass_time_to(&mut self, deadline: u64) {
        let now = self.now_ns();
        if deadline > now {
            self.state.clock_ns = self.state.clock_ns.saturating_add(deadline - now);
        }
        self.wake_timed();
    }

    /// Ends the timed waits whose deadline has passed.
    pub(crate) fn wake_timed(&mut self) {
        let now = self.now_ns();
        for t in 0..self.state.threads.len() {
            let thread = &self.state.threads[t];
            let Some(deadline) = thread.deadline else {
                continue;
            };
            if deadline > now {
                continue;
            }
            match thread.status {
                Status::Sleeping | Status::Parked => self.wake_sleeper(t, deadline),
                Status::Waiting(_) => {
                    self.wake_waiter(t);
                    self.state.threads[t].ready_since = deadline;
                }
                _ => self.state.threads[t].deadline = None,
            }
        }
    }
}
