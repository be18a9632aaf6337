//! Where a thread's end is a step of its own. A thread's end (it stops being alive, its
//! joiners wake, the program ends with the last non-daemon thread) commutes with every
//! other thread's action except an observation of whether it is alive, so the search fuses
//! it with the thread's last action — until the program makes such an observation. Then
//! the assumption fails and the search starts over with ends split from last actions, as
//! if they had been split from the start: a path that observes liveness with ends split
//! reaches the same observation with each end moved back to its thread's last action.
//! The end of the last non-daemon thread is split always: the program's end cuts off
//! whatever daemon threads would run in between.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Whether thread ends are split, shared by the workers of a parallel search.
pub type SharedEnds = Arc<AtomicBool>;

/// What the search assumes about thread ends.
#[derive(Debug, Default)]
pub struct ThreadEnds {
    /// Ends are split from last actions (in this round of the search).
    split: bool,
    /// This round observed liveness with ends fused: the next round splits them. (The
    /// rest of this round keeps them fused, so that the paths it found, errors included,
    /// replay under the assumption they were found with.)
    learned: bool,
    /// The same, known to all workers of a parallel search.
    shared: Option<SharedEnds>,
    /// A liveness observation contradicted the assumption: the search must start over.
    restart: bool,
}

impl ThreadEnds {
    /// Uses (and adds to) `shared`, what all workers of a parallel search know.
    pub fn share(&mut self, shared: SharedEnds) {
        self.split |= shared.load(Ordering::Relaxed);
        self.shared = Some(shared);
    }

    /// Starts a new round of the search with what the last round learned.
    pub fn start_over(&mut self) {
        self.restart = false;
        self.split |= self.learned;
        if let Some(shared) = &self.shared {
            self.split |= shared.load(Ordering::Relaxed);
        }
    }

    /// Splits thread ends from the start (a replay of a trace found with them split).
    pub fn assume_split(&mut self) {
        self.split = true;
    }

    /// Whether this round fused thread ends and some worker observed liveness: the search
    /// must start over (the other workers stop too, rather than finish a round that will
    /// be thrown away).
    pub fn restart_due(&self) -> bool {
        self.restart
            || !self.split
                && self
                    .shared
                    .as_ref()
                    .is_some_and(|shared| shared.load(Ordering::Relaxed))
    }

    /// Whether thread ends are split in this round.
    pub fn split(&self) -> bool {
        self.split
    }

    /// A thread observed whether another, started thread is alive: a round that fused
    /// thread ends starts over with them split.
    pub fn observed(&mut self) {
        if self.split || self.learned {
            return;
        }
        self.learned = true;
        self.restart = true;
        if let Some(shared) = &self.shared {
            shared.store(true, Ordering::Relaxed);
        }
        tracing::debug!(
            "a thread's liveness was observed; the search restarts with thread ends split"
        );
    }
}
