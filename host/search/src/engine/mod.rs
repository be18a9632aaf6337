//! The engine every strategy runs on: it admits states (matching them against the visited
//! set), applies operations and accounts for their outcome, watches the limits, records
//! errors and tells the observer and the model what happens. Each strategy is a file of
//! its own below this one.

mod best_first;
mod breadth_first;
mod depth_first;
mod queue;
mod single_path;
#[cfg(test)]
mod tests;

use std::sync::atomic::Ordering;
use std::time::Instant;

use crate::parallel::{SharedSearch, Visit};
use crate::recent::RecentStates;
use crate::{
    ErrorPath, Event, Limits, Model, Observer, Ops, Outcome, Report, StopReason, Strategy,
};
use depth_first::ReplayedPath;

/// A small deterministic generator for random orders.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // splitmix64
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Actors asleep in a state (their steps from it need not be taken), each with the state
/// its step reached when it was taken, which [`Model::commute`] compares.
type Asleep<S> = Vec<(u32, S)>;

/// One worker's search of one model.
pub(crate) struct Engine<'a, M: Model, O: Observer> {
    model: &'a mut M,
    observer: &'a mut O,
    limits: &'a Limits,
    report: Report<M::Op, M::Error>,
    /// The visited set and counters, shared with the other workers of a parallel search.
    shared: &'a SharedSearch<M::Op>,
    /// This worker's number (0 in a sequential search); only worker 0 starts from the
    /// initial states, the others from donated work.
    worker: usize,
    start: Instant,
    depth_sum: u128,
    rng: Rng,
    /// Hashes of recently met states (answers most revisits without the shared set).
    recent: RecentStates,
    /// The states along the donated path this worker replayed last.
    replayed: ReplayedPath<M::State>,
    /// Whether depth-first search uses sleep sets (when the model names actors, see
    /// [`Model::actor`]; not with a depth limit, since sleep sets may reach a state only
    /// by a longer path).
    sleep_sets: bool,
}

/// What applying an operation gave.
enum Step<M: Model> {
    /// Nothing to explore: the path was pruned, or ends in a new end state or at the depth
    /// limit.
    Skip,
    /// A state seen before, with nothing left to do.
    Seen(M::State),
    /// A violation.
    Error(M::Error),
    /// A state to expand, with its operations.
    Expand(M::State, Ops<M::Op>, Expansion<M::State>),
}

/// How a depth-first search expands a state (sleep sets).
struct Expansion<S> {
    /// The actors asleep in it.
    asleep: Asleep<S>,
    /// Whose steps to take.
    wake: Wake,
}

/// Which actors' steps to take from a state.
#[derive(Debug, Clone, Copy)]
enum Wake {
    /// Every actor's but those asleep (a new state).
    AllBut(u32),
    /// Only these actors' (a state seen before, where they were asleep).
    Only(u32),
}

impl Wake {
    /// Whether a step of `actor` (`None`: a step sleep sets do not cover) is taken.
    fn takes(self, actor: Option<u32>) -> bool {
        match (self, actor) {
            (Wake::AllBut(mask), Some(a)) => mask & 1 << a == 0,
            (Wake::AllBut(_), None) => true,
            (Wake::Only(mask), Some(a)) => mask & 1 << a != 0,
            (Wake::Only(_), None) => false,
        }
    }
}

impl<'a, M: Model, O: Observer> Engine<'a, M, O> {
    /// Worker `worker`'s engine; `seed` seeds its random choices.
    pub(crate) fn new(
        model: &'a mut M,
        observer: &'a mut O,
        limits: &'a Limits,
        seed: u64,
        shared: &'a SharedSearch<M::Op>,
        worker: usize,
    ) -> Self {
        Engine {
            model,
            observer,
            limits,
            report: Report::new(),
            shared,
            worker,
            start: Instant::now(),
            depth_sum: 0,
            rng: Rng(seed),
            recent: RecentStates::new(),
            replayed: ReplayedPath::default(),
            sleep_sets: limits.max_depth.is_none(),
        }
    }

    /// Explores with `strategy` and reports.
    pub(crate) fn run(mut self, strategy: &Strategy<M::State>) -> Report<M::Op, M::Error> {
        self.event(Event::Started, None);
        let stop = match strategy {
            Strategy::DepthFirst => self.depth_first(false),
            Strategy::Random { .. } => self.depth_first(true),
            Strategy::BreadthFirst => self.breadth_first(),
            Strategy::BestFirst(heuristic) => self.best_first(heuristic.as_ref()),
            Strategy::Path(indices) => self.single_path(Some(indices)),
            Strategy::Simulation { .. } => self.single_path(None),
        };
        self.report.stop = stop;
        self.report.duration = self.start.elapsed();
        self.report.mean_depth = if self.report.unique_states == 0 {
            0.0
        } else {
            self.depth_sum as f64 / self.report.unique_states as f64
        };
        let memory = self.model.memory_bytes();
        self.report.peak_memory = self.report.peak_memory.max(memory);
        if let Some(e) = self.event(Event::Finished, None) {
            self.error(e, 0, Vec::new(), Vec::new());
        }
        self.report
    }

    /// The actor of `op` from `state`, if sleep sets cover its step.
    fn actor(&self, state: &M::State, op: &M::Op) -> Option<u32> {
        self.sleep_sets
            .then(|| self.model.actor(state, op))
            .flatten()
            .filter(|&a| a < 32)
    }

    /// Records a state reached at `depth`; false if it was seen before.
    fn admit(&mut self, state: &M::State, depth: usize) -> bool {
        self.admit_asleep(state, depth, 0) == Visit::New
    }

    /// Records a state reached at `depth` with the actors of `asleep` asleep (see
    /// [`SharedSearch::visit`]).
    fn admit_asleep(&mut self, state: &M::State, depth: usize, asleep: u32) -> Visit {
        if let Some(h) = self.model.hash(state) {
            if self.recent.covers(h, asleep) {
                self.report.revisited += 1;
                return Visit::Seen { asleep, reopen: 0 };
            }
            let visit = self.shared.visit(h, asleep);
            match visit {
                Visit::New => self.recent.remember(h, asleep),
                Visit::Seen { asleep, .. } => {
                    self.recent.remember(h, asleep);
                    self.report.revisited += 1;
                    return visit;
                }
            }
        }
        self.shared.count_state();
        self.report.unique_states += 1;
        self.report.max_depth = self.report.max_depth.max(depth);
        self.depth_sum += depth as u128;
        Visit::New
    }

    /// The actors asleep in `next`, which `actor`'s step reached from a state where those
    /// of `before` were asleep or had taken their steps: those whose steps commute with it.
    fn fall_asleep(
        &self,
        before: &Asleep<M::State>,
        actor: u32,
        next: &M::State,
    ) -> Asleep<M::State> {
        before
            .iter()
            .filter(|(other, reached)| *other != actor && self.model.commute(reached, next))
            .cloned()
            .collect()
    }

    /// Why the search must stop now, if it must; a limit of this worker's stops the others
    /// too.
    fn limit_reached(&mut self) -> Option<StopReason> {
        let reason = self.own_limit_reached();
        if let Some(reason) = reason {
            self.shared.stop_all(reason);
        }
        reason.or_else(|| self.shared.stopped().then_some(StopReason::Requested))
    }

    fn own_limit_reached(&mut self) -> Option<StopReason> {
        if self
            .limits
            .interrupt
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            return Some(StopReason::Interrupted);
        }
        if self.shared.errors() >= self.limits.max_errors.max(1) {
            return Some(StopReason::MaxErrors);
        }
        if self
            .limits
            .max_states
            .is_some_and(|m| self.shared.unique_states() >= m)
        {
            return Some(StopReason::MaxStates);
        }
        if self.report.transitions.is_multiple_of(256) || self.model.limits_due() {
            if self
                .limits
                .time_limit
                .is_some_and(|t| self.start.elapsed() >= t)
            {
                return Some(StopReason::TimeLimit);
            }
            let memory = self.model.memory_bytes();
            self.report.peak_memory = self.report.peak_memory.max(memory);
            if self.limits.memory_limit.is_some_and(|m| memory >= m) {
                return Some(StopReason::MemoryLimit);
            }
        }
        if self.observer.should_stop() || self.model.should_stop() {
            return Some(StopReason::Requested);
        }
        None
    }

    /// Records `error`, found at the end of `path` from initial state `initial`.
    fn error(&mut self, error: M::Error, initial: usize, path: Vec<M::Op>, indices: Vec<usize>) {
        self.shared.count_error();
        self.report.errors.push(ErrorPath {
            error,
            initial,
            path,
            indices,
        });
        self.event(Event::ErrorFound, None);
    }

    /// Tells the observer and the model of `e`; the model's violation found while handling
    /// it, if any (see [`Model::notify`]).
    fn event(&mut self, e: Event, state: Option<&M::State>) -> Option<M::Error> {
        self.observer.event(e, &self.report);
        self.model.notify(e, state)
    }

    /// Applies `op` and accounts for the outcome; returns the successor if it is new and
    /// should be expanded, with its operations. With sleep sets (`actor`: whose step `op`
    /// is; `before`: what was asleep or done where it was taken), a successor seen before
    /// may have steps left to take.
    fn step(
        &mut self,
        state: &M::State,
        op: &M::Op,
        depth: usize,
        actor: Option<u32>,
        before: &Asleep<M::State>,
    ) -> Step<M> {
        self.report.transitions += 1;
        match self.model.apply(state, op) {
            Outcome::Pruned => {
                self.report.pruned += 1;
                Step::Skip
            }
            Outcome::Error(next, e) => {
                let new = self.admit(&next, depth + 1);
                let event = Event::Advanced {
                    depth: depth + 1,
                    new,
                    end: true,
                    error: true,
                };
                self.event(event, Some(&next));
                self.model.take_ignore();
                Step::Error(e)
            }
            Outcome::Next(next) => {
                let asleep = match actor {
                    Some(actor) => self.fall_asleep(before, actor, &next),
                    None => Vec::new(),
                };
                let mask = asleep.iter().fold(0u32, |m, &(a, _)| m | 1 << a);
                let visit = self.admit_asleep(&next, depth + 1, mask);
                if let Visit::Seen { reopen, .. } = visit {
                    let event = Event::Advanced {
                        depth: depth + 1,
                        new: false,
                        end: false,
                        error: false,
                    };
                    if let Some(e) = self.event(event, Some(&next)) {
                        return Step::Error(e);
                    }
                    let ignored = self.model.take_ignore();
                    if reopen == 0 {
                        return Step::Seen(next);
                    }
                    if ignored {
                        self.report.pruned += 1;
                        return Step::Skip;
                    }
                    self.model.keep(&next);
                    let ops = self.model.operations(&next);
                    let wake = Wake::Only(reopen);
                    return Step::Expand(next, ops, Expansion { asleep, wake });
                }
                let ops = self.model.operations(&next);
                let end = ops.is_empty();
                let truncated = self.limits.max_depth.is_some_and(|m| depth + 1 >= m);
                if !end && !truncated {
                    self.model.keep(&next);
                }
                let event = Event::Advanced {
                    depth: depth + 1,
                    new: true,
                    end,
                    error: false,
                };
                if let Some(e) = self.event(event, Some(&next)) {
                    return Step::Error(e);
                }
                if self.model.take_ignore() && !end {
                    self.report.pruned += 1;
                    return Step::Skip;
                }
                if end {
                    self.report.end_states += 1;
                    return Step::Skip;
                }
                if truncated {
                    self.report.truncated = true;
                    return Step::Skip;
                }
                let wake = Wake::AllBut(mask);
                Step::Expand(next, ops, Expansion { asleep, wake })
            }
        }
    }
}
