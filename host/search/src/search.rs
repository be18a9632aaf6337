//! A configured search: the [`Strategy`] and the [`Limits`].

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use crate::engine::Engine;
use crate::heuristic::Heuristic;
use crate::parallel::SharedSearch;
use crate::{Model, NoObserver, Observer, Report};

/// Exploration order, over states of type `S` (which only best-first search looks into).
pub enum Strategy<S> {
    /// Depth-first with backtracking (JPF's default); the only strategy that uses sleep
    /// sets and parallel workers.
    DepthFirst,
    /// Breadth-first; finds shortest error paths.
    BreadthFirst,
    /// Depth-first with operations tried in a seeded random order.
    Random {
        /// Seed of the order.
        seed: u64,
    },
    /// Best-first: the queued state the heuristic ranks lowest is expanded next.
    BestFirst(Arc<dyn Heuristic<S> + Send + Sync>),
    /// Follows the given operation indices from the first initial state, then stops
    /// (replays an [`ErrorPath::indices`](crate::ErrorPath::indices)).
    Path(Vec<usize>),
    /// One random path without backtracking (JPF's Simulation).
    Simulation {
        /// Seed of the choices.
        seed: u64,
    },
}

impl<S> Strategy<S> {
    /// Best-first search ordered by `heuristic`.
    pub fn best_first(heuristic: impl Heuristic<S> + Send + Sync + 'static) -> Self {
        Strategy::BestFirst(Arc::new(heuristic))
    }
}

impl<S> Clone for Strategy<S> {
    fn clone(&self) -> Self {
        match self {
            Strategy::DepthFirst => Strategy::DepthFirst,
            Strategy::BreadthFirst => Strategy::BreadthFirst,
            Strategy::Random { seed } => Strategy::Random { seed: *seed },
            Strategy::BestFirst(heuristic) => Strategy::BestFirst(heuristic.clone()),
            Strategy::Path(indices) => Strategy::Path(indices.clone()),
            Strategy::Simulation { seed } => Strategy::Simulation { seed: *seed },
        }
    }
}

impl<S> std::fmt::Debug for Strategy<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Strategy::DepthFirst => f.write_str("DepthFirst"),
            Strategy::BreadthFirst => f.write_str("BreadthFirst"),
            Strategy::Random { seed } => f.debug_struct("Random").field("seed", seed).finish(),
            Strategy::BestFirst(heuristic) => write!(f, "BestFirst({})", heuristic.name()),
            Strategy::Path(indices) => f.debug_tuple("Path").field(indices).finish(),
            Strategy::Simulation { seed } => {
                f.debug_struct("Simulation").field("seed", seed).finish()
            }
        }
    }
}

/// What a breadth-first or best-first search drops when its queue is full.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DropPolicy {
    /// Do not enqueue new states (the only policy of best-first search).
    Newest,
    /// Drop the oldest queued state.
    Oldest,
    /// Drop a random queued state.
    Random,
}

/// Bounds on the search; each one reached ends it with its
/// [`StopReason`](crate::StopReason), except the depth and queue limits, which cut off
/// parts of the state space ([`Report::truncated`], [`Report::dropped`]).
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
    /// Stop after this many errors (at least one).
    pub max_errors: usize,
    /// Maximum queued states for breadth-first and best-first search.
    pub queue_limit: Option<usize>,
    /// What to drop when the queue is full.
    pub drop: DropPolicy,
    /// Raised from outside (a signal handler, another thread) to end the search with
    /// [`StopReason::Interrupted`](crate::StopReason::Interrupted); read before every
    /// transition.
    pub interrupt: Option<Arc<AtomicBool>>,
}

impl Default for Limits {
    /// No limit but one error.
    fn default() -> Self {
        Limits {
            max_depth: None,
            max_states: None,
            time_limit: None,
            memory_limit: None,
            max_errors: 1,
            queue_limit: None,
            drop: DropPolicy::Newest,
            interrupt: None,
        }
    }
}

/// A configured search, reusable across models whose states are `S`.
#[derive(Debug, Clone)]
pub struct Search<S> {
    strategy: Strategy<S>,
    limits: Limits,
}

impl<S> Search<S> {
    /// A search with default limits (stop at the first error).
    pub fn new(strategy: Strategy<S>) -> Search<S> {
        Search {
            strategy,
            limits: Limits::default(),
        }
    }

    /// Replaces the limits.
    pub fn with_limits(mut self, limits: Limits) -> Search<S> {
        self.limits = limits;
        self
    }

    /// The configured strategy.
    pub fn strategy(&self) -> &Strategy<S> {
        &self.strategy
    }

    /// Explores `model`.
    pub fn run<M: Model<State = S>>(&self, model: &mut M) -> Report<M::Op, M::Error> {
        self.run_observed(model, &mut NoObserver)
    }

    /// Explores `model`, reporting events to `observer`.
    pub fn run_observed<M: Model<State = S>, O: Observer>(
        &self,
        model: &mut M,
        observer: &mut O,
    ) -> Report<M::Op, M::Error> {
        self.run_worker(model, observer, &SharedSearch::new(1), 0)
    }

    /// Runs worker `worker` of a parallel search on its own copy of the model: it explores
    /// with its own operation order, and skips the states any worker has visited
    /// (`shared`), so that the workers' reports together ([`Report::merge`]) cover the
    /// whole state space. Stops every worker when its own limit or error ends the search.
    /// Only depth-first and random searches split the work; with another strategy, run one
    /// worker.
    ///
    /// ```
    /// use rpf_search::{Model, NoObserver, Ops, Outcome, Report, Search, SharedSearch, Strategy};
    ///
    /// /// Walks on a 100 x 100 grid, right or up.
    /// struct Grid;
    /// impl Model for Grid {
    ///     type State = (u8, u8);
    ///     type Op = char;
    ///     type Error = ();
    ///     fn initial_states(&mut self) -> Vec<(u8, u8)> { vec![(0, 0)] }
    ///     fn operations(&mut self, &(x, y): &(u8, u8)) -> Ops<char> {
    ///         [(x < 99, 'R'), (y < 99, 'U')].into_iter().filter(|m| m.0).map(|m| m.1).collect()
    ///     }
    ///     fn apply(&mut self, &(x, y): &(u8, u8), op: &char) -> Outcome<(u8, u8), ()> {
    ///         Outcome::Next(if *op == 'R' { (x + 1, y) } else { (x, y + 1) })
    ///     }
    ///     fn hash(&mut self, &(x, y): &(u8, u8)) -> Option<u128> { Some(u128::from(x) << 8 | u128::from(y)) }
    /// }
    ///
    /// let (search, workers) = (Search::new(Strategy::DepthFirst), 2);
    /// let shared = SharedSearch::new(workers);
    /// let reports = std::thread::scope(|scope| {
    ///     let threads: Vec<_> = (0..workers)
    ///         .map(|w| {
    ///             let (search, shared) = (&search, &shared);
    ///             scope.spawn(move || search.run_worker(&mut Grid, &mut NoObserver, shared, w))
    ///         })
    ///         .collect();
    ///     threads.into_iter().map(|t| t.join().unwrap()).collect()
    /// });
    /// let report = Report::merge(reports, &shared, 1);
    /// assert_eq!(report.unique_states, 100 * 100);
    /// assert!(report.is_complete());
    /// ```
    pub fn run_worker<M: Model<State = S>, O: Observer>(
        &self,
        model: &mut M,
        observer: &mut O,
        shared: &SharedSearch<M::Op>,
        worker: usize,
    ) -> Report<M::Op, M::Error> {
        let seed = match self.strategy {
            Strategy::Random { seed } | Strategy::Simulation { seed } => seed,
            _ => 0x5EED,
        };
        let seed = seed.wrapping_add(worker as u64);
        Engine::new(model, observer, &self.limits, seed, shared, worker).run(&self.strategy)
    }
}
