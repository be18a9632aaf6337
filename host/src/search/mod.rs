//! A generic explicit-state search engine, usable on its own from Rust.
//!
//! In the spirit of PSPP's implementation-level model checker: a client supplies initial
//! states, the operations applicable in a state, and an `apply` function that performs one
//! operation on a copy of a state and checks it; optionally a state hash for matching. The
//! engine explores with the chosen [`Strategy`] under [`Limits`] and returns a [`Report`] with
//! the stop reason, statistics, and for every error the operation path that reproduces it.
//! Depth-first search skips steps already covered by commuting ones (sleep sets) when the
//! model names each operation's actor and tells which steps commute ([`Model::actor`],
//! [`Model::commute`]).
//!
//! ```
//! use rpf::search::{Model, Ops, Outcome, Search, Strategy};
//!
//! /// Two counters; an operation increments one of them. Error when both reach 3.
//! struct Counters;
//! impl Model for Counters {
//!     type State = (u8, u8);
//!     type Op = usize;
//!     type Error = String;
//!     fn initial_states(&mut self) -> Vec<(u8, u8)> { vec![(0, 0)] }
//!     fn operations(&mut self, s: &(u8, u8)) -> Ops<usize> {
//!         if s.0 < 3 || s.1 < 3 { Ops::from_slice(&[0, 1]) } else { Ops::new() }
//!     }
//!     fn apply(&mut self, s: &(u8, u8), op: &usize) -> Outcome<(u8, u8), String> {
//!         let next = if *op == 0 { (s.0.saturating_add(1).min(3), s.1) } else { (s.0, s.1.saturating_add(1).min(3)) };
//!         if next == (3, 3) { Outcome::Error(next, "both at 3".into()) } else { Outcome::Next(next) }
//!     }
//!     fn hash(&mut self, s: &(u8, u8)) -> Option<u128> { Some(u128::from(s.0) << 8 | u128::from(s.1)) }
//! }
//!
//! let report = Search::new(Strategy::BreadthFirst).run(&mut Counters);
//! assert_eq!(report.errors.len(), 1);
//! assert_eq!(report.errors[0].path.len(), 6); // shortest path, found by BFS
//! ```

mod engine;
mod parallel;
mod path;
mod recent;

use std::time::Duration;

pub use engine::Search;
pub use parallel::SharedSearch;
pub use path::Path;

/// A state's operations (or their order): most states have a few, which then need no
/// allocation of their own.
pub type Ops<Op> = smallvec::SmallVec<[Op; 8]>;

/// A system to explore.
pub trait Model {
    /// A state; cloning should be cheap (share structure).
    type State: Clone;
    /// An operation (a choice) that leads from one state to the next.
    type Op: Clone + std::fmt::Debug;
    /// What a violated property reports.
    type Error: Clone + std::fmt::Debug;

    /// The states exploration starts from.
    fn initial_states(&mut self) -> Vec<Self::State>;

    /// The operations applicable in `state`; none means `state` is an end state.
    fn operations(&mut self, state: &Self::State) -> Ops<Self::Op>;

    /// Applies `op` to (a copy of) `state` and checks the result.
    fn apply(&mut self, state: &Self::State, op: &Self::Op) -> Outcome<Self::State, Self::Error>;

    /// A hash identifying `state` for matching; `None` disables matching for it.
    fn hash(&mut self, _state: &Self::State) -> Option<u128> {
        None
    }

    /// The engine will come back to `state` (it is new and will be expanded, now or from
    /// its queue). Called right after [`apply`](Self::apply) produced it, while the model
    /// still holds it, so a model can save only the states it will need again.
    fn keep(&mut self, _state: &Self::State) {}

    /// Priority for best-first search: lower values are explored first.
    fn priority(&mut self, _state: &Self::State, depth: usize) -> i64 {
        depth as i64
    }

    /// Approximate memory in use by the model, for the memory limit and statistics.
    fn memory_bytes(&self) -> u64 {
        0
    }

    /// `true` ends the search with [`StopReason::Requested`] (the model cannot go on).
    fn should_stop(&self) -> bool {
        false
    }

    /// Hears every search event, with the state it concerns (the state reached for
    /// `Advanced`, the state returned to for `Backtracked`, the finished one for
    /// `Processed`); lets a model drive its own listeners. A violation the model finds while
    /// handling an `Advanced` event is returned and charged to the path of the state
    /// reached, one found at `Finished` is reported without a path; what is returned after
    /// other events is dropped, so a model reports what it finds then at the next
    /// `Advanced` or at `Finished`.
    fn notify(&mut self, _event: Event, _state: Option<&Self::State>) -> Option<Self::Error> {
        None
    }

    /// Sleep sets (depth-first search): the *actor* (a number, such as a thread) whose step
    /// `op` takes from `state`, if the model can tell whether such steps commute
    /// ([`commute`](Self::commute)). `None`, the default, keeps `op` out of sleep sets, as
    /// do actors from 32 on (a sleep set is a 32-bit mask).
    fn actor(&self, _state: &Self::State, _op: &Self::Op) -> Option<u32> {
        None
    }

    /// Whether the step that reached `earlier` commutes with the step that just reached
    /// `later` (the model holds `later`): both steps were taken from the same state, or
    /// `earlier`'s from an ancestor of that state with every step in between commuting with
    /// it too. Commuting steps of different actors lead to the same state in either order
    /// and neither changes what the other does, so after exploring below `earlier`, the
    /// search need not take `earlier`'s actor's step below `later`.
    fn commute(&self, _earlier: &Self::State, _later: &Self::State) -> bool {
        false
    }
}

/// The result of applying an operation.
#[derive(Debug, Clone)]
pub enum Outcome<S, E> {
    /// A successor state.
    Next(S),
    /// The operation leads to a property violation (the state is not explored further).
    Error(S, E),
    /// The path is cut off here (e.g. an assumption failed); not an error.
    Pruned,
}

/// Exploration order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Strategy {
    /// Depth-first with backtracking (JPF's default).
    DepthFirst,
    /// Breadth-first; finds shortest error paths.
    BreadthFirst,
    /// Depth-first with operations tried in a seeded random order.
    Random {
        /// Seed of the order.
        seed: u64,
    },
    /// Best-first by [`Model::priority`].
    BestFirst,
    /// Follows the given operation indices from the first initial state, then stops.
    Path(Vec<usize>),
    /// One random path without backtracking (JPF's Simulation).
    Simulation {
        /// Seed of the choices.
        seed: u64,
    },
}

/// What a breadth-first or best-first search drops when its queue is full.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DropPolicy {
    /// Do not enqueue new states.
    Newest,
    /// Drop the oldest queued state.
    Oldest,
    /// Drop a random queued state.
    Random,
}

/// Bounds on the search.
#[derive(Debug, Clone)]
pub struct Limits {
    /// States deeper than this are not expanded.
    pub max_depth: Option<usize>,
    /// Stop after this many unique states.
    pub max_states: Option<u64>,
    /// Stop after this much time.
    pub time_limit: Option<Duration>,
    /// Stop when [`Model::memory_bytes`] exceeds this.
    pub memory_limit: Option<u64>,
    /// Stop after this many errors.
    pub max_errors: usize,
    /// Maximum queued states for breadth-first and best-first search.
    pub queue_limit: Option<usize>,
    /// What to drop when the queue is full.
    pub drop: DropPolicy,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_depth: None,
            max_states: None,
            time_limit: None,
            memory_limit: None,
            max_errors: 1,
            queue_limit: None,
            drop: DropPolicy::Newest,
        }
    }
}

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
    /// An observer asked to stop.
    Requested,
    /// A simulation or explicit path reached its end.
    PathEnd,
}

/// An error with the operations that lead to it from an initial state.
#[derive(Debug, Clone)]
pub struct ErrorPath<Op, E> {
    /// What was violated.
    pub error: E,
    /// Index of the initial state the path starts from.
    pub initial: usize,
    /// Operations from that initial state to the error.
    pub path: Vec<Op>,
    /// Operation indices (for [`Strategy::Path`] replay).
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
    /// Paths cut off by `Outcome::Pruned`.
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
    /// Peak of [`Model::memory_bytes`] observed.
    pub peak_memory: u64,
}

impl<Op, E> Report<Op, E> {
    /// Whether the whole state space (within no limit) was explored.
    pub fn is_complete(&self) -> bool {
        self.stop == StopReason::Complete && !self.truncated && self.dropped == 0
    }
}

/// Search events for observers (listeners, progress reporting).
#[derive(Debug, Clone, Copy)]
pub enum Event {
    /// The search is starting.
    Started,
    /// A transition produced a state; `new` if it was not seen before, `end` if it has no
    /// operations.
    Advanced {
        /// Depth of the state.
        depth: usize,
        /// Whether the state is new.
        new: bool,
        /// Whether it is an end state.
        end: bool,
        /// Whether the transition violated a property.
        error: bool,
    },
    /// Every successor of a state has been explored.
    Processed {
        /// Depth of the state.
        depth: usize,
    },
    /// The search returned from a fully explored state.
    Backtracked {
        /// Depth returned to.
        depth: usize,
    },
    /// An error was found.
    ErrorFound,
    /// The search is over.
    Finished,
}

/// Receives search events; may ask the search to stop.
pub trait Observer {
    /// Called for every event, with the statistics so far.
    fn event<Op, E>(&mut self, _event: Event, _stats: &Report<Op, E>) {}

    /// Polled between transitions; `true` ends the search with [`StopReason::Requested`].
    fn should_stop(&mut self) -> bool {
        false
    }
}

/// An observer that does nothing.
#[derive(Debug, Default, Clone, Copy)]
pub struct NoObserver;

impl Observer for NoObserver {}
