//! A generic explicit-state search engine: the model checker core of rpf, usable on its own
//! from Rust.
//!
//! It follows PSPP's implementation-level model checker (after CMC and EXPLODE): a client
//! describes a system as a [`Model`] — the initial states, the operations applicable in a
//! state, and what applying one does — and the engine explores every state reachable from
//! the initial ones, checking each, until the state space is exhausted or a [`Limits`]
//! bound is reached. rpf's Java model checker is one client; `examples/mutex.rs` is another
//! (`cargo run -p rpf-search --example mutex`).
//!
//! # The model
//!
//! * **States** ([`Model::State`]) are values the engine clones and holds; cloning should be
//!   cheap (share structure, e.g. behind an `Rc`).
//! * **Operations** ([`Model::Op`]): [`Model::operations`] lists those applicable in a
//!   state (none: an end state). They must come in a deterministic order, since paths are
//!   also recorded as operation indices.
//! * **Apply** ([`Model::apply`]) performs one operation on (a copy of) a state, checks the
//!   result, and returns an [`Outcome`]: the next state, the next state with the property
//!   it violates (an error), or `Pruned` to cut the path off without an error (a failed
//!   assumption).
//! * **Hash** ([`Model::hash`]): a 128-bit hash identifying a state. States with equal
//!   hashes are the same state to the engine, which explores each once; without a hash
//!   every path is explored on its own.
//! * **Keep** ([`Model::keep`]): the engine calls it right after `apply` produced a new
//!   state it will come back to, so a model that keeps its current state elsewhere (rpf's
//!   VM) saves only those states; most states reached were seen before and are dropped.
//!
//! # Strategies
//!
//! A [`Search`] pairs a [`Strategy`] with [`Limits`] and runs on a model
//! ([`Search::run`]): depth-first (JPF's default, the only one with sleep sets and
//! parallel workers), depth-first in a seeded random order, breadth-first (shortest error
//! paths), best-first by a [`Heuristic`] (see [`heuristic`]), an explicit path of
//! operation indices, or a random simulation of one path. Breadth-first and best-first
//! queues may be bounded ([`Limits::queue_limit`], dropping what [`DropPolicy`] says).
//!
//! # Errors and their paths
//!
//! Every error is reported as an [`ErrorPath`]: the error, the initial state it was found
//! from, and the operations that lead there, also as indices into each state's operations.
//! Since models are deterministic, a search with [`Strategy::Path`] of those indices
//! replays the error (PSPP's "follow the error path"), which is how rpf prints its traces.
//!
//! # Limits and results
//!
//! The search stops at the first error by default ([`Limits::max_errors`]), and optionally
//! after a number of unique states, a time, or an amount of memory ([`Model::memory_bytes`]);
//! a depth limit cuts paths off instead. The [`Report`] says why the search stopped
//! ([`StopReason`]), whether it was complete ([`Report::is_complete`]: no limit cut anything
//! off), and counts unique and revisited states, transitions, end states, pruned paths,
//! dropped states, the maximum and mean depth, the time taken and the peak memory.
//!
//! # Sleep sets
//!
//! Depth-first search avoids re-exploring interleavings of independent steps when the
//! model says which steps are independent: [`Model::actor`] names the actor (a thread, a
//! process) whose step an operation is, and [`Model::commute`] tells whether the steps that
//! reached two states commute. After exploring one actor's step, the search puts that
//! actor to sleep below the steps that commute with it, and wakes it when a state is
//! reached again with fewer actors asleep, so every state is still found (Godefroid's sleep
//! sets with state matching), with fewer transitions.
//!
//! # Observers
//!
//! An [`Observer`] hears every [`Event`] (a state advanced to, a state processed, a
//! backtrack, an error, the end) with the statistics so far, and may stop the search: what
//! JPF calls search listeners, and where progress reporting goes
//! ([`Search::run_observed`]). A model hears the same events through [`Model::notify`] and
//! may report a violation from them.
//!
//! # Parallel workers
//!
//! Depth-first search runs on several threads by giving each worker its own copy of the
//! model and one [`SharedSearch`]: the visited set (with each state's sleep set), the
//! counters and the stop signal. A state belongs to the worker that inserts it first, and
//! an idle worker receives the untried operations of a busy worker's shallowest state as a
//! path to replay, so the workers together explore each state once; their reports combine
//! with [`Report::merge`] ([`Search::run_worker`] has an example of the threads).
//!
//! # Example
//!
//! Two threads increment a shared counter without a lock, each reading it and then
//! writing back what it read plus one; breadth-first search finds the shortest schedule
//! that loses an update, and the error path replays.
//!
//! ```
//! use rpf_search::{Model, Ops, Outcome, Search, StopReason, Strategy};
//!
//! #[derive(Clone)]
//! struct Counter {
//!     value: u8,
//!     /// Per thread: its next step (0: read, 1: write, 2: done) and the value it read.
//!     pc: [u8; 2],
//!     read: [u8; 2],
//! }
//!
//! struct LostUpdate;
//!
//! impl Model for LostUpdate {
//!     type State = Counter;
//!     type Op = usize; // the thread that takes a step
//!     type Error = String;
//!
//!     fn initial_states(&mut self) -> Vec<Counter> {
//!         vec![Counter { value: 0, pc: [0; 2], read: [0; 2] }]
//!     }
//!
//!     fn operations(&mut self, s: &Counter) -> Ops<usize> {
//!         (0..2).filter(|&t| s.pc[t] < 2).collect()
//!     }
//!
//!     fn apply(&mut self, s: &Counter, &t: &usize) -> Outcome<Counter, String> {
//!         let mut next = s.clone();
//!         match s.pc[t] {
//!             0 => next.read[t] = s.value,
//!             _ => next.value = s.read[t] + 1,
//!         }
//!         next.pc[t] += 1;
//!         if next.pc == [2, 2] && next.value != 2 {
//!             let error = format!("counter is {}, not 2", next.value);
//!             return Outcome::Error(next, error);
//!         }
//!         Outcome::Next(next)
//!     }
//!
//!     fn hash(&mut self, s: &Counter) -> Option<u128> {
//!         let bytes = [s.value, s.pc[0], s.pc[1], s.read[0], s.read[1]];
//!         Some(bytes.iter().fold(0, |h, &b| h << 8 | u128::from(b)))
//!     }
//! }
//!
//! let report = Search::new(Strategy::BreadthFirst).run(&mut LostUpdate);
//! assert_eq!(report.stop, StopReason::MaxErrors);
//! let error = &report.errors[0];
//! assert_eq!(error.error, "counter is 1, not 2");
//! assert_eq!(error.path, [0, 1, 0, 1]); // both threads read 0, then both write 1
//!
//! // The operation indices replay the error.
//! let replay = Search::new(Strategy::Path(error.indices.clone())).run(&mut LostUpdate);
//! assert_eq!(replay.errors[0].path, error.path);
//!
//! // Exhaustive depth-first search, counting every error instead of stopping at one.
//! let limits = rpf_search::Limits { max_errors: usize::MAX, ..Default::default() };
//! let all = Search::new(Strategy::DepthFirst).with_limits(limits).run(&mut LostUpdate);
//! assert!(all.is_complete());
//! assert_eq!(all.errors.len(), 2); // each thread can be the one whose write is lost
//! ```

mod engine;
pub mod heuristic;
mod model;
mod observer;
mod parallel;
mod path;
mod recent;
mod report;
mod search;

pub use heuristic::Heuristic;
pub use model::{Model, Ops, Outcome};
pub use observer::{Event, NoObserver, Observer};
pub use parallel::SharedSearch;
pub use report::{ErrorPath, Report, StopReason};
pub use search::{DropPolicy, Limits, Search, Strategy};
