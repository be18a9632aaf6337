//! Java monitors: `synchronized`, `wait`, `notify`, `notifyAll`.
//!
//! Only owned monitors are stored. A thread that cannot enter is marked `Blocked` on the
//! object and re-executes its instruction when scheduled after the owner leaves.

use super::machine::{Machine, VmEvent};
use super::thread::{Exec, Status, WaitState};
use super::value::Ref;
use crate::state::Monitor;
use crate::vm::Jvm;
use crate::vm::Vm;

/// Outcome of the top or bottom half of `Object.wait`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WaitOutcome {
    /// The thread now waits (or must re-acquire the monitor); re-execute later.
    Blocked,
    /// The wait is over and the monitor re-acquired.
    Done,
    /// The wait ended by interrupt: throw InterruptedException.
    Interrupted,
    /// The caller does not own the monitor.
    NotOwner,
}

impl Jvm {
    /// Whether the current thread owns `obj`'s monitor.
    pub fn owns_monitor(&self, obj: Ref) -> bool {
        self.state
            .monitors
            .get(&obj)
            .is_some_and(|m| m.owner == self.state.current as u32)
    }

    /// Whether thread `t` could take `obj`'s monitor now.
    pub fn monitor_available(&self, obj: Ref, t: usize) -> bool {
        self.state
            .monitors
            .get(&obj)
            .is_none_or(|m| m.owner == t as u32)
    }

    /// Threads in the wait set of `obj`, lowest thread number first.
    pub fn waiters(&self, obj: Ref) -> Vec<usize> {
        (0..self.state.threads.len())
            .filter(|&t| self.state.threads[t].status == Status::Waiting(obj))
            .collect()
    }
}

impl<M: Machine> Vm<M> {
    /// Tries to enter `obj`'s monitor for the current thread; on contention marks the thread
    /// blocked and returns false.
    pub fn monitor_enter(&mut self, obj: Ref) -> bool {
        let me = self.state.current as u32;
        let entered = match self.state.monitors.get_mut(&obj) {
            None => {
                self.state.monitors.insert(
                    obj,
                    Monitor {
                        owner: me,
                        count: 1,
                    },
                );
                true
            }
            Some(m) if m.owner == me => {
                m.count += 1;
                true
            }
            Some(_) => {
                let me = self.state.current;
                self.state.threads[me].status = Status::Blocked(obj);
                false
            }
        };
        if M::EXPLORES {
            // Contention changes only this thread.
            M::synchronized(self, obj, entered);
        }
        entered
    }

    /// Leaves `obj`'s monitor once.
    pub fn monitor_exit(&mut self, obj: Ref) {
        if M::EXPLORES {
            M::synchronized(self, obj, true);
        }
        if let Some(m) = self.state.monitors.get_mut(&obj) {
            m.count -= 1;
            if m.count == 0 {
                self.state.monitors.remove(&obj);
            }
        }
    }

    /// [`Vm::monitor_enter`] by the running thread (frames `exec`), with its events.
    pub fn enter_monitor(&mut self, exec: &Exec, obj: Ref) -> bool {
        let entered = self.monitor_enter(obj);
        let event = if entered {
            let count = self.state.monitors.get(&obj).map_or(0, |m| m.count);
            VmEvent::ObjectLocked { object: obj, count }
        } else {
            VmEvent::ThreadBlocked { object: obj }
        };
        self.report_at(exec, event);
        entered
    }

    /// [`Vm::monitor_exit`] by the running thread (frames `exec`), with its event.
    pub fn exit_monitor(&mut self, exec: &Exec, obj: Ref) {
        self.monitor_exit(obj);
        let count = self.state.monitors.get(&obj).map_or(0, |m| m.count);
        self.report_at(exec, VmEvent::ObjectUnlocked { object: obj, count });
    }

    /// `Object.wait(timeout)`, both halves. `deadline` is on the program's clock (ns), if
    /// timed.
    pub fn object_wait(&mut self, obj: Ref, deadline: Option<u64>) -> WaitOutcome {
        let me = self.state.current;
        if M::EXPLORES {
            M::synchronized(self, obj, true);
            if let Some(w) = self.state.threads[me].wait {
                M::synchronized(self, w.monitor, true);
            }
        }
        match self.state.threads[me].wait {
            None => {
                let Some(m) = self
                    .state
                    .monitors
                    .get(&obj)
                    .copied()
                    .filter(|m| m.owner == me as u32)
                else {
                    return WaitOutcome::NotOwner;
                };
                if self.state.threads[me].interrupted {
                    self.state.threads[me].interrupted = false;
                    return WaitOutcome::Interrupted;
                }
                self.state.monitors.remove(&obj);
                let t = &mut self.state.threads[me];
                t.wait = Some(WaitState {
                    monitor: obj,
                    count: m.count,
                    woken: false,
                });
                t.status = Status::Waiting(obj);
                t.deadline = deadline;
                WaitOutcome::Blocked
            }
            Some(w) if !w.woken => {
                self.state.threads[me].status = Status::Waiting(obj);
                WaitOutcome::Blocked
            }
            Some(w) => {
                if !self.monitor_available(w.monitor, me) {
                    self.state.threads[me].status = Status::Blocked(w.monitor);
                    return WaitOutcome::Blocked;
                }
                self.state.monitors.insert(
                    w.monitor,
                    Monitor {
                        owner: me as u32,
                        count: w.count,
                    },
                );
                let t = &mut self.state.threads[me];
                t.wait = None;
                t.deadline = None;
                t.status = Status::Runnable;
                if t.interrupted {
                    t.interrupted = false;
                    WaitOutcome::Interrupted
                } else {
                    WaitOutcome::Done
                }
            }
        }
    }

    /// Wakes thread `t` from a wait: it will re-acquire the monitor before returning.
    pub fn wake_waiter(&mut self, t: usize) {
        let now = self.now_ns();
        let thread = &mut self.state.threads[t];
        if let Some(w) = thread.wait.as_mut() {
            w.woken = true;
            thread.deadline = None;
            thread.status = Status::Blocked(w.monitor);
            thread.ready_since = now;
        }
    }

    /// `notify` / `notifyAll` by the current thread; false if it does not own the monitor.
    pub fn object_notify(&mut self, obj: Ref, all: bool) -> bool {
        if M::EXPLORES {
            M::synchronized(self, obj, true);
        }
        if !self.owns_monitor(obj) {
            return false;
        }
        let waiters = self.waiters(obj);
        let chosen: Vec<usize> = if all {
            waiters
        } else {
            waiters.into_iter().take(1).collect()
        };
        for t in chosen {
            self.wake_waiter(t);
        }
        true
    }

    /// Wakes every waiter of `obj` without owning it (thread termination notifies joiners).
    pub fn notify_all_unowned(&mut self, obj: Ref) {
        if M::EXPLORES {
            M::synchronized(self, obj, true);
        }
        for t in self.waiters(obj) {
            self.wake_waiter(t);
        }
    }
}
