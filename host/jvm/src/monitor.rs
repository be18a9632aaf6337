//! Java monitors: `synchronized`, `wait`, `notify`, `notifyAll`.
//!
//! Only owned monitors are stored. A thread that cannot enter is marked `Blocked` on the
//! object and re-executes its instruction when scheduled after the owner leaves.

use super::machine::{Machine, VmEvent};
use super::thread::{Exec, Status, WaitState};
use super::value::Ref;
use super::Vm;
use crate::Jvm;

/// An owned monitor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Monitor {
    /// Owning thread.
    pub owner: u32,
    /// Recursion count (≥ 1).
    pub count: u32,
}

/// The owned monitors by object, in reference order. Threads own few monitors at a time, so
/// a short sorted list beats a hash map: copying it for a saved state needs no allocation,
/// and the fingerprint reads it in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MonitorTable(smallvec::SmallVec<[(Ref, Monitor); 4]>);

impl MonitorTable {
    fn position(&self, obj: Ref) -> Result<usize, usize> {
        self.0.binary_search_by_key(&obj, |&(r, _)| r)
    }

    /// The monitor of `obj`, if owned.
    #[inline]
    pub fn get(&self, obj: &Ref) -> Option<&Monitor> {
        self.position(*obj).ok().map(|i| &self.0[i].1)
    }

    /// The monitor of `obj` for changing it, if owned.
    pub fn get_mut(&mut self, obj: &Ref) -> Option<&mut Monitor> {
        self.position(*obj).ok().map(|i| &mut self.0[i].1)
    }

    /// Records `obj`'s monitor as `m`.
    pub fn insert(&mut self, obj: Ref, m: Monitor) {
        match self.position(obj) {
            Ok(i) => self.0[i].1 = m,
            Err(i) => self.0.insert(i, (obj, m)),
        }
    }

    /// Forgets `obj`'s monitor (it is free).
    pub fn remove(&mut self, obj: &Ref) {
        if let Ok(i) = self.position(*obj) {
            self.0.remove(i);
        }
    }

    /// The objects whose monitors are owned, in reference order.
    pub fn keys(&self) -> impl Iterator<Item = &Ref> + '_ {
        self.0.iter().map(|(r, _)| r)
    }

    /// The owned monitors, in reference order.
    pub fn iter(&self) -> impl Iterator<Item = (&Ref, &Monitor)> + '_ {
        self.0.iter().map(|(r, m)| (r, m))
    }

    /// How many monitors are owned.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether no monitor is owned.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

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

    /// `Object.wait(timeout)`, both halves. `deadline` is absolute virtual ms, if timed.
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
        let thread = &mut self.state.threads[t];
        if let Some(w) = thread.wait.as_mut() {
            w.woken = true;
            thread.deadline = None;
            thread.status = Status::Blocked(w.monitor);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_keeps_monitors_in_reference_order() {
        let mut table = MonitorTable::default();
        let m = |owner| Monitor { owner, count: 1 };
        for r in [9, 3, 7, 1, 5] {
            table.insert(Ref(r), m(r));
        }
        let keys: Vec<u32> = table.keys().map(|r| r.0).collect();
        assert_eq!(keys, [1, 3, 5, 7, 9]);
        assert_eq!(table.get(&Ref(7)).map(|m| m.owner), Some(7));
        table.insert(Ref(7), Monitor { owner: 2, count: 3 });
        assert_eq!(table.get(&Ref(7)), Some(&Monitor { owner: 2, count: 3 }));
        table.remove(&Ref(3));
        table.remove(&Ref(4));
        assert_eq!(table.len(), 4);
        assert!(table.get(&Ref(3)).is_none());
        if let Some(m) = table.get_mut(&Ref(9)) {
            m.count += 1;
        }
        assert_eq!(table.get(&Ref(9)).map(|m| m.count), Some(2));
        let keys: Vec<u32> = table.iter().map(|(r, _)| r.0).collect();
        assert_eq!(keys, [1, 5, 7, 9]);
    }
}
