//! What a search found: the [`Report`], its [`StopReason`] and the [`ErrorPath`]s.

use std::time::Duration;

/// Why the search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopReason {
    /// Everything reachable (within the depth limit, see [`Report::truncated`]) was explored.
    Complete,
    /// The configured number of errors was found.
    MaxErrors,
    /// The unique-state limit was reached.
    MaxStates,
    /// The time limit was reached.
    TimeLimit,
    /// The memory limit was reached.
    MemoryLimit,
    /// The observer or the model asked to stop, or another worker of a parallel search
    /// stopped it.
    Requested,
    /// A simulation or explicit path reached its end.
    PathEnd,
    /// The [`Limits::interrupt`](crate::Limits::interrupt) flag was raised (a signal, a
    /// user's request).
    Interrupted,
}

/// An error with the operations that lead to it from an initial state.
#[derive(Debug, Clone)]
pub struct ErrorPath<Op, E> {
    /// What was violated.
    pub error: E,
    /// Index of the initial state the path starts from (in
    /// [`Model::initial_states`](crate::Model::initial_states)).
    pub initial: usize,
    /// Operations from that initial state to the error (empty for an error found when the
    /// search finished, see [`Model::notify`](crate::Model::notify)).
    pub path: Vec<Op>,
    /// Each operation's index among its state's operations: with
    /// [`Strategy::Path`](crate::Strategy::Path), a search replays the path (from the first
    /// initial state).
    pub indices: Vec<usize>,
}

/// Search statistics and results.
#[derive(Debug, Clone)]
pub struct Report<Op, E> {
    /// Why the search stopped.
    pub stop: StopReason,
    /// Distinct states reached (including initial states).
    pub unique_states: u64,
    /// Transitions that reached an already known state.
    pub revisited: u64,
    /// Operations applied.
    pub transitions: u64,
    /// States with no operations.
    pub end_states: u64,
    /// Times the search returned from a fully explored state.
    pub backtracked: u64,
    /// Paths cut off by [`Outcome::Pruned`](crate::Outcome::Pruned).
    pub pruned: u64,
    /// Whether the depth limit cut off some state (the search is then incomplete).
    pub truncated: bool,
    /// States dropped because the queue was full.
    pub dropped: u64,
    /// Deepest state reached.
    pub max_depth: usize,
    /// Mean depth of new states.
    pub mean_depth: f64,
    /// Errors found, in order.
    pub errors: Vec<ErrorPath<Op, E>>,
    /// Wall-clock duration.
    pub duration: Duration,
    /// Peak of [`Model::memory_bytes`](crate::Model::memory_bytes) observed.
    pub peak_memory: u64,
}

impl<Op, E> Report<Op, E> {
    /// A report of a search that has found nothing yet.
    pub(crate) fn new() -> Self {
        Report {
            stop: StopReason::Complete,
            unique_states: 0,
            revisited: 0,
            transitions: 0,
            end_states: 0,
            backtracked: 0,
            pruned: 0,
            truncated: false,
            dropped: 0,
            max_depth: 0,
            mean_depth: 0.0,
            errors: Vec::new(),
            duration: Duration::ZERO,
            peak_memory: 0,
        }
    }

    /// Whether the whole state space (within no limit) was explored.
    pub fn is_complete(&self) -> bool {
        self.stop == StopReason::Complete && !self.truncated && self.dropped == 0
    }
}
