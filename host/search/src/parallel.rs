//! What the workers of a parallel search share, and how their reports combine.
//!
//! A parallel search runs one depth-first worker per thread, each on its own copy of the
//! model, around a shared visited set: a state belongs to the worker that inserts it first,
//! which explores everything below it, so together the workers visit each state once.
//! Work is shared by request: an idle worker raises a flag, and the next busy worker to
//! notice donates the untried operations of its shallowest unfinished state (the largest
//! piece of work it has) as a path from the initial state, which the idle worker replays on
//! its own model before searching on from there.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Duration;

use dashmap::mapref::entry::Entry;
use dashmap::DashMap;

use rustc_hash::FxBuildHasher;

use crate::{Report, StopReason};

/// Keeps a counter on its own cache line, so that workers updating one counter do not slow
/// down workers reading another.
#[derive(Debug, Default)]
#[repr(align(64))]
struct Line<T>(T);

/// Untried operations of a state, given away by one worker to another.
#[derive(Debug, Clone)]
pub(crate) struct Work<Op> {
    /// The initial state the path starts from.
    pub initial: usize,
    /// The operations (with their indices) from that initial state to the state.
    pub path: Vec<(Op, usize)>,
    /// Indices of the state's operations still to try.
    pub remaining: Vec<usize>,
    /// The state's depth.
    pub depth: usize,
}

/// Donated work and how many workers wait for some.
#[derive(Debug)]
struct Pool<Op> {
    queue: Vec<Work<Op>>,
    idle: usize,
}

/// A state's fingerprint as a visited-set key: two words (8-byte aligned, unlike `u128`,
/// so that an entry with its sleep set takes 24 bytes, not 32) hashed as one.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct StateKey(u64, u64);

impl From<u128> for StateKey {
    fn from(h: u128) -> Self {
        StateKey(h as u64, (h >> 64) as u64)
    }
}

impl std::hash::Hash for StateKey {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.0 ^ self.1);
    }
}

/// What [`SharedSearch::visit`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Visit {
    /// The state is new.
    New,
    /// The state was seen before; `reopen` are the actors whose steps must be taken from
    /// it now, `asleep` what stays asleep in it.
    Seen { asleep: u32, reopen: u32 },
}

/// The visited set, counters, stop signal and work pool of a search's workers.
#[derive(Debug)]
pub struct SharedSearch<Op> {
    /// Every state seen, with its sleep set: the actors whose steps from it have not been
    /// taken because they commute with steps taken before (see [`Visit`]).
    visited: DashMap<StateKey, u32, FxBuildHasher>,
    workers: usize,
    states: Line<AtomicU64>,
    errors: Line<AtomicUsize>,
    stop: Line<AtomicBool>,
    /// Set while some worker waits for work.
    wanted: Line<AtomicBool>,
    pool: Mutex<Pool<Op>>,
    work_ready: Condvar,
    /// Why the first worker to stop for a limit or an error stopped.
    reason: Mutex<Option<StopReason>>,
}

impl<Op> SharedSearch<Op> {
    /// The shared part of a search with `workers` workers.
    pub fn new(workers: usize) -> Self {
        SharedSearch {
            visited: DashMap::with_hasher(FxBuildHasher),
            workers: workers.max(1),
            states: Line::default(),
            errors: Line::default(),
            stop: Line::default(),
            wanted: Line::default(),
            pool: Mutex::new(Pool {
                queue: Vec::new(),
                idle: 0,
            }),
            work_ready: Condvar::new(),
            reason: Mutex::new(None),
        }
    }

    /// Marks the state hashed `h` visited with sleep set `asleep` (a bit per actor).
    ///
    /// A state seen before with actors asleep that are awake now must take those actors'
    /// steps after all (Godefroid's condition for sleep sets with state matching): they were
    /// left out because they commuted with what came before *that* visit, which this one
    /// did not come through. It then keeps as asleep only what was asleep both times.
    #[inline]
    pub(crate) fn visit(&self, h: u128, asleep: u32) -> Visit {
        match self.visited.entry(StateKey::from(h)) {
            Entry::Vacant(v) => {
                v.insert(asleep);
                Visit::New
            }
            Entry::Occupied(mut o) => {
                let before = *o.get();
                let reopen = before & !asleep;
                if reopen != 0 {
                    *o.get_mut() = before & asleep;
                }
                Visit::Seen {
                    asleep: before & asleep,
                    reopen,
                }
            }
        }
    }

    /// Counts a new state.
    #[inline]
    pub(crate) fn count_state(&self) {
        self.states.0.fetch_add(1, Ordering::Relaxed);
    }

    /// New states found by all workers so far.
    pub fn unique_states(&self) -> u64 {
        self.states.0.load(Ordering::Relaxed)
    }

    /// Counts an error found.
    pub(crate) fn count_error(&self) {
        self.errors.0.fetch_add(1, Ordering::Relaxed);
    }

    /// Errors found by all workers so far.
    #[inline]
    pub fn errors(&self) -> usize {
        self.errors.0.load(Ordering::Relaxed)
    }

    /// Ends every worker's search for `reason` (the first reason given is kept).
    pub fn stop_all(&self, reason: StopReason) {
        if let Ok(mut first) = self.reason.lock() {
            first.get_or_insert(reason);
        }
        self.stop.0.store(true, Ordering::Relaxed);
        self.work_ready.notify_all();
    }

    /// Whether some worker ended the search.
    #[inline]
    pub fn stopped(&self) -> bool {
        self.stop.0.load(Ordering::Relaxed)
    }

    /// Why the search was ended early, if it was.
    pub fn reason(&self) -> Option<StopReason> {
        self.reason.lock().ok().and_then(|r| *r)
    }

    /// Whether a worker waits for work (busy workers poll this between transitions).
    #[inline]
    pub(crate) fn work_wanted(&self) -> bool {
        self.wanted.0.load(Ordering::Relaxed)
    }

    fn lock_pool(&self) -> MutexGuard<'_, Pool<Op>> {
        self.pool
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Hands `work` to a waiting worker; false if nobody waits for work any more.
    pub(crate) fn donate(&self, work: Work<Op>) -> bool {
        let mut pool = self.lock_pool();
        self.wanted.0.store(false, Ordering::Relaxed);
        if pool.idle == 0 || !pool.queue.is_empty() {
            return false;
        }
        pool.queue.push(work);
        self.work_ready.notify_one();
        true
    }

    /// Waits for donated work; `None` once every worker is idle (the search is over) or
    /// the search was stopped.
    pub(crate) fn take_work(&self) -> Option<Work<Op>> {
        let mut pool = self.lock_pool();
        pool.idle += 1;
        loop {
            if let Some(work) = pool.queue.pop() {
                pool.idle -= 1;
                return Some(work);
            }
            if pool.idle == self.workers || self.stopped() {
                self.work_ready.notify_all();
                return None;
            }
            self.wanted.0.store(true, Ordering::Relaxed);
            pool = match self
                .work_ready
                .wait_timeout(pool, Duration::from_millis(20))
            {
                Ok((guard, _)) => guard,
                Err(poisoned) => poisoned.into_inner().0,
            };
        }
    }
}

impl<Op, E> Report<Op, E> {
    /// Combines the reports of a parallel search's workers: counts add up, depths and
    /// memory take the maximum, errors are concatenated up to `max_errors`, and the stop
    /// reason is the one that ended the search (`Complete` if none did).
    pub fn merge(
        reports: Vec<Report<Op, E>>,
        shared: &SharedSearch<Op>,
        max_errors: usize,
    ) -> Self {
        let mut iter = reports.into_iter();
        let mut total = iter
            .next()
            .expect("a parallel search has at least one worker");
        let mut depth_sum = total.mean_depth * total.unique_states as f64;
        for r in iter {
            depth_sum += r.mean_depth * r.unique_states as f64;
            total.unique_states += r.unique_states;
            total.revisited += r.revisited;
            total.transitions += r.transitions;
            total.end_states += r.end_states;
            total.backtracked += r.backtracked;
            total.pruned += r.pruned;
            total.truncated |= r.truncated;
            total.dropped += r.dropped;
            total.max_depth = total.max_depth.max(r.max_depth);
            total.errors.extend(r.errors);
            total.duration = total.duration.max(r.duration);
            total.peak_memory = total.peak_memory.max(r.peak_memory);
        }
        total.errors.truncate(max_errors.max(1));
        total.mean_depth = depth_sum / total.unique_states.max(1) as f64;
        total.stop = shared.reason().unwrap_or(StopReason::Complete);
        total
    }
}
