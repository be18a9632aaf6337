//! The exploration loops for every [`Strategy`].

use std::collections::{BinaryHeap, VecDeque};
use std::time::Instant;

use super::parallel::{SharedSearch, Visit, Work};
use super::recent::RecentStates;
use super::{
    DropPolicy, ErrorPath, Event, Limits, Model, NoObserver, Observer, Ops, Outcome, Path, Report,
    StopReason, Strategy,
};

/// A configured search, reusable across models.
#[derive(Debug, Clone)]
pub struct Search {
    strategy: Strategy,
    limits: Limits,
}

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

struct DfsFrame<S, Op> {
    state: S,
    ops: Ops<Op>,
    /// The actors asleep here, then those whose steps were taken from here (which fall
    /// asleep for the later steps they commute with).
    asleep: Asleep<S>,
    /// Whether the state was seen before (expanded again for actors that were asleep).
    reopened: bool,
    /// Indices into `ops` in the order they are tried.
    order: Ops<usize>,
    /// Position in `order` of the next operation to try.
    next: usize,
    /// Where this worker's part of `order` ends (the rest was given to another worker).
    end: usize,
    depth: usize,
}

impl<S, Op: Clone> DfsFrame<S, Op> {
    fn new(state: S, ops: Ops<Op>, order: Ops<usize>, depth: usize) -> Self {
        let end = order.len();
        DfsFrame {
            state,
            ops,
            asleep: Vec::new(),
            reopened: false,
            order,
            next: 0,
            end,
            depth,
        }
    }

    /// The operation being explored below this frame, with its index.
    fn current(&self) -> (Op, usize) {
        let i = self.order[self.next - 1];
        (self.ops[i].clone(), i)
    }
}

struct Queued<S, Op> {
    state: S,
    depth: usize,
    path: Path<Op>,
}

struct Prioritized<S, Op> {
    priority: i64,
    seq: u64,
    item: Queued<S, Op>,
}

impl<S, Op> PartialEq for Prioritized<S, Op> {
    fn eq(&self, other: &Self) -> bool {
        (self.priority, self.seq) == (other.priority, other.seq)
    }
}
impl<S, Op> Eq for Prioritized<S, Op> {}
impl<S, Op> PartialOrd for Prioritized<S, Op> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<S, Op> Ord for Prioritized<S, Op> {
    /// BinaryHeap is a max-heap: lower priority and earlier insertion come out first.
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        other
            .priority
            .cmp(&self.priority)
            .then(other.seq.cmp(&self.seq))
    }
}

struct Engine<'a, M: Model, O: Observer> {
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

/// The states along the last donated path a worker replayed. The next path usually shares
/// a prefix with it (donors give away their shallowest unfinished state, and every path
/// starts with the program's long first transition), so it is replayed only from where
/// the two part.
struct ReplayedPath<S> {
    /// The initial state the path starts from.
    initial: usize,
    /// Per operation of the path: its index, and the state after it (kept, so that the
    /// model can return to it).
    steps: Vec<(usize, S)>,
}

impl<S> ReplayedPath<S> {
    /// How many first operations of `path` from initial state `initial` this path shares.
    fn shared_prefix<Op>(&self, initial: usize, path: &[(Op, usize)]) -> usize {
        if initial != self.initial {
            return 0;
        }
        self.steps
            .iter()
            .zip(path)
            .take_while(|((a, _), (_, b))| a == b)
            .count()
    }

    /// Forgets everything after the first `len` operations (a new path parts there).
    fn truncate(&mut self, initial: usize, len: usize) {
        self.initial = initial;
        self.steps.truncate(len);
    }
}

impl<'a, M: Model, O: Observer> Engine<'a, M, O> {
    fn new(
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
            report: Report {
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
                duration: Default::default(),
                peak_memory: 0,
            },
            shared,
            worker,
            start: Instant::now(),
            depth_sum: 0,
            rng: Rng(seed),
            recent: RecentStates::new(),
            replayed: ReplayedPath {
                initial: 0,
                steps: Vec::new(),
            },
            sleep_sets: limits.max_depth.is_none(),
        }
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

    fn limit_reached(&mut self) -> Option<StopReason> {
        let reason = self.own_limit_reached();
        if let Some(reason) = reason {
            self.shared.stop_all(reason);
        }
        reason.or_else(|| self.shared.stopped().then_some(StopReason::Requested))
    }

    fn own_limit_reached(&mut self) -> Option<StopReason> {
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
        if self.report.transitions.is_multiple_of(256) {
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
                    if reopen == 0 {
                        return Step::Seen(next);
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

    /// The order in which a state's `n` operations are tried: as given, or shuffled.
    fn order(&mut self, n: usize, shuffle: bool) -> Ops<usize> {
        let mut order: Ops<usize> = (0..n).collect();
        if shuffle {
            for i in (1..n).rev() {
                let j = self.rng.below(i + 1);
                order.swap(i, j);
            }
        }
        order
    }

    /// Depth-first search (with `shuffle`, in a random order): worker 0 from the initial
    /// states, then every worker on work other workers donate until none is left.
    fn depth_first(&mut self, shuffle: bool) -> StopReason {
        let initial = self.model.initial_states();
        if self.worker == 0 {
            for (index, s0) in initial.iter().enumerate() {
                if !self.admit(s0, 0) {
                    continue;
                }
                let ops = self.model.operations(s0);
                if ops.is_empty() {
                    self.report.end_states += 1;
                    continue;
                }
                let order = self.order(ops.len(), shuffle);
                let root = DfsFrame::new(s0.clone(), ops, order, 0);
                if let Some(stop) = self.explore_below(index, &[], root, shuffle) {
                    return stop;
                }
            }
        }
        while let Some(work) = self.shared.take_work() {
            let Some(root) = self.replay(&initial, &work) else {
                continue;
            };
            if let Some(stop) = self.explore_below(work.initial, &work.path, root, shuffle) {
                return stop;
            }
        }
        match self.shared.reason() {
            Some(_) => StopReason::Requested,
            None => StopReason::Complete,
        }
    }

    /// Follows a donated path from its initial state (the states on it are known, so they
    /// are neither counted nor announced), from where it parts with the path replayed
    /// before, and returns the frame of the untried operations at its end; `None` if the
    /// path does not lead where it did for the donor.
    fn replay(
        &mut self,
        initial: &[M::State],
        work: &Work<M::Op>,
    ) -> Option<DfsFrame<M::State, M::Op>> {
        let shared = self.replayed.shared_prefix(work.initial, &work.path);
        self.replayed.truncate(work.initial, shared);
        let mut state = match shared {
            0 => initial.get(work.initial)?.clone(),
            n => self.replayed.steps[n - 1].1.clone(),
        };
        for (op, index) in &work.path[shared..] {
            match self.model.apply(&state, op) {
                Outcome::Next(next) => {
                    self.model.keep(&next);
                    self.replayed.steps.push((*index, next.clone()));
                    state = next;
                }
                _ => {
                    self.replayed.truncate(work.initial, 0);
                    tracing::warn!("a donated path did not replay; its work is lost");
                    return None;
                }
            }
        }
        // States on the path were kept as they were reached; an empty path ends at the
        // initial state, which the engine comes back to as well.
        self.model.keep(&state);
        let ops = self.model.operations(&state);
        let order = Ops::from_slice(&work.remaining);
        Some(DfsFrame::new(state, ops, order, work.depth))
    }

    /// Gives the untried operations of the shallowest unfinished frame to a waiting
    /// worker.
    fn donate(
        &mut self,
        initial: usize,
        prefix: &[(M::Op, usize)],
        stack: &mut [DfsFrame<M::State, M::Op>],
    ) {
        let Some(at) = stack.iter().position(|f| f.next < f.end) else {
            return;
        };
        let mut path = prefix.to_vec();
        path.extend(stack[..at].iter().map(DfsFrame::current));
        let frame = &mut stack[at];
        let work = Work {
            initial,
            path,
            remaining: frame.order[frame.next..frame.end].to_vec(),
            depth: frame.depth,
        };
        if self.shared.donate(work) {
            frame.end = frame.next;
        }
    }

    /// Explores everything below `root`, the state `prefix` leads to from initial state
    /// `initial`; `Some` if a limit or another worker stopped the search.
    fn explore_below(
        &mut self,
        initial: usize,
        prefix: &[(M::Op, usize)],
        root: DfsFrame<M::State, M::Op>,
        shuffle: bool,
    ) -> Option<StopReason> {
        let mut stack = vec![root];
        loop {
            if self.shared.work_wanted() {
                self.donate(initial, prefix, &mut stack);
            }
            let Some(top) = stack.last_mut() else {
                break;
            };
            if top.next == top.end {
                let (depth, reopened) = (top.depth, top.reopened);
                if let Some(done) = stack.pop() {
                    self.event(Event::Processed { depth }, Some(&done.state));
                }
                // The state donated work starts at is the donor's to count, a reopened one
                // was counted when it was first left.
                if (!stack.is_empty() || prefix.is_empty()) && !reopened {
                    self.report.backtracked += 1;
                }
                let back = Event::Backtracked {
                    depth: depth.saturating_sub(1),
                };
                let parent = stack.last().map(|f| f.state.clone());
                self.event(back, parent.as_ref());
                continue;
            }
            if let Some(stop) = self.limit_reached() {
                return Some(stop);
            }
            let i = top.order[top.next];
            top.next += 1;
            let op = top.ops[i].clone();
            let (state, depth) = (top.state.clone(), top.depth);
            let actor = self.actor(&state, &op);
            match self.step(&state, &op, depth, actor, &top.asleep) {
                Step::Skip => {}
                Step::Seen(next) => {
                    if let Some(actor) = actor {
                        top.asleep.push((actor, next));
                    }
                }
                Step::Error(e) => {
                    let (path, indices): (Vec<M::Op>, Vec<usize>) = prefix
                        .iter()
                        .cloned()
                        .chain(stack.iter().map(DfsFrame::current))
                        .unzip();
                    self.error(e, initial, path, indices);
                }
                Step::Expand(next, ops, expansion) => {
                    if let Some(actor) = actor {
                        top.asleep.push((actor, next.clone()));
                    }
                    let mut order = self.order(ops.len(), shuffle);
                    if !matches!(expansion.wake, Wake::AllBut(0)) {
                        order.retain(|&mut i| expansion.wake.takes(self.actor(&next, &ops[i])));
                    }
                    let mut frame = DfsFrame::new(next, ops, order, depth + 1);
                    frame.asleep = expansion.asleep;
                    frame.reopened = matches!(expansion.wake, Wake::Only(_));
                    stack.push(frame);
                }
            }
        }
        None
    }

    fn enqueue(
        &mut self,
        queue: &mut VecDeque<Queued<M::State, M::Op>>,
        item: Queued<M::State, M::Op>,
    ) {
        if let Some(limit) = self.limits.queue_limit {
            if queue.len() >= limit {
                self.report.dropped += 1;
                match self.limits.drop {
                    DropPolicy::Newest => return,
                    DropPolicy::Oldest => {
                        queue.pop_front();
                    }
                    DropPolicy::Random => {
                        let i = self.rng.below(queue.len());
                        queue.remove(i);
                    }
                }
            }
        }
        queue.push_back(item);
    }

    fn breadth_first(&mut self) -> StopReason {
        let mut queue = VecDeque::new();
        let initial = self.model.initial_states();
        let mut origin = Vec::new();
        for (index, s0) in initial.into_iter().enumerate() {
            if self.admit(&s0, 0) {
                origin.push(index);
                self.enqueue(
                    &mut queue,
                    Queued {
                        state: s0,
                        depth: 0,
                        path: Path::default(),
                    },
                );
            }
        }
        let initial_index = origin.first().copied().unwrap_or(0);
        while let Some(item) = queue.pop_front() {
            let ops = self.model.operations(&item.state);
            if ops.is_empty() {
                self.report.end_states += 1;
                continue;
            }
            for (i, op) in ops.iter().enumerate() {
                if let Some(stop) = self.limit_reached() {
                    return stop;
                }
                match self.step(&item.state, op, item.depth, None, &Vec::new()) {
                    Step::Skip | Step::Seen(_) => {}
                    Step::Error(e) => {
                        let (path, indices) = item.path.push(op.clone(), i).unfold();
                        self.error(e, initial_index, path, indices);
                    }
                    Step::Expand(next, ..) => {
                        let path = item.path.push(op.clone(), i);
                        self.enqueue(
                            &mut queue,
                            Queued {
                                state: next,
                                depth: item.depth + 1,
                                path,
                            },
                        );
                    }
                }
            }
            let done = Event::Processed { depth: item.depth };
            self.event(done, Some(&item.state));
            self.report.backtracked += 1;
        }
        StopReason::Complete
    }

    fn best_first(&mut self) -> StopReason {
        let mut heap = BinaryHeap::new();
        let mut seq = 0u64;
        for s0 in self.model.initial_states() {
            if self.admit(&s0, 0) {
                let priority = self.model.priority(&s0, 0);
                heap.push(Prioritized {
                    priority,
                    seq,
                    item: Queued {
                        state: s0,
                        depth: 0,
                        path: Path::default(),
                    },
                });
                seq += 1;
            }
        }
        while let Some(Prioritized { item, .. }) = heap.pop() {
            let ops = self.model.operations(&item.state);
            if ops.is_empty() {
                self.report.end_states += 1;
                continue;
            }
            for (i, op) in ops.iter().enumerate() {
                if let Some(stop) = self.limit_reached() {
                    return stop;
                }
                match self.step(&item.state, op, item.depth, None, &Vec::new()) {
                    Step::Skip | Step::Seen(_) => {}
                    Step::Error(e) => {
                        let (path, indices) = item.path.push(op.clone(), i).unfold();
                        self.error(e, 0, path, indices);
                    }
                    Step::Expand(next, ..) => {
                        if self.limits.queue_limit.is_some_and(|l| heap.len() >= l) {
                            self.report.dropped += 1;
                            continue;
                        }
                        let priority = self.model.priority(&next, item.depth + 1);
                        heap.push(Prioritized {
                            priority,
                            seq,
                            item: Queued {
                                state: next,
                                depth: item.depth + 1,
                                path: item.path.push(op.clone(), i),
                            },
                        });
                        seq += 1;
                    }
                }
            }
            let done = Event::Processed { depth: item.depth };
            self.event(done, Some(&item.state));
            self.report.backtracked += 1;
        }
        StopReason::Complete
    }

    /// Follows explicit operation indices (or random ones) from the first initial state.
    fn single_path(&mut self, indices: Option<&[usize]>) -> StopReason {
        let Some(mut state) = self.model.initial_states().into_iter().next() else {
            return StopReason::PathEnd;
        };
        self.admit(&state, 0);
        let mut path = Path::default();
        let mut depth = 0;
        loop {
            if let Some(stop) = self.limit_reached() {
                return stop;
            }
            let ops = self.model.operations(&state);
            if ops.is_empty() {
                self.report.end_states += 1;
                return StopReason::PathEnd;
            }
            let i = match indices {
                Some(list) => match list.get(depth) {
                    Some(&i) if i < ops.len() => i,
                    _ => return StopReason::PathEnd,
                },
                None => self.rng.below(ops.len()),
            };
            if self.limits.max_depth.is_some_and(|m| depth >= m) {
                self.report.truncated = true;
                return StopReason::PathEnd;
            }
            self.report.transitions += 1;
            let op = ops[i].clone();
            path = path.push(op.clone(), i);
            depth += 1;
            let outcome = self.model.apply(&state, &op);
            let (next, error) = match outcome {
                Outcome::Pruned => {
                    self.report.pruned += 1;
                    return StopReason::PathEnd;
                }
                Outcome::Error(next, e) => (next, Some(e)),
                Outcome::Next(next) => (next, None),
            };
            let new = self.admit(&next, depth);
            let end = error.is_some() || self.model.operations(&next).is_empty();
            let event = Event::Advanced {
                depth,
                new,
                end,
                error: error.is_some(),
            };
            let found = self.event(event, Some(&next));
            if let Some(e) = error.or(found) {
                let (p, idx) = path.unfold();
                self.error(e, 0, p, idx);
                return StopReason::PathEnd;
            }
            if !end {
                self.model.keep(&next);
            }
            state = next;
        }
    }
}

enum Step<M: Model> {
    Skip,
    /// A state seen before, with nothing left to do.
    Seen(M::State),
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

impl Search {
    /// A search with default limits (stop at the first error).
    pub fn new(strategy: Strategy) -> Search {
        Search {
            strategy,
            limits: Limits::default(),
        }
    }

    /// Replaces the limits.
    pub fn with_limits(mut self, limits: Limits) -> Search {
        self.limits = limits;
        self
    }

    /// The configured strategy.
    pub fn strategy(&self) -> &Strategy {
        &self.strategy
    }

    /// Explores `model`.
    pub fn run<M: Model>(&self, model: &mut M) -> Report<M::Op, M::Error> {
        self.run_observed(model, &mut NoObserver)
    }

    /// Explores `model`, reporting events to `observer`.
    pub fn run_observed<M: Model, O: Observer>(
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
    pub fn run_worker<M: Model, O: Observer>(
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
        let mut engine = Engine::new(model, observer, &self.limits, seed, shared, worker);
        engine.event(Event::Started, None);
        let stop = match &self.strategy {
            Strategy::DepthFirst => engine.depth_first(false),
            Strategy::Random { .. } => engine.depth_first(true),
            Strategy::BreadthFirst => engine.breadth_first(),
            Strategy::BestFirst => engine.best_first(),
            Strategy::Path(indices) => engine.single_path(Some(indices)),
            Strategy::Simulation { .. } => engine.single_path(None),
        };
        engine.report.stop = stop;
        engine.report.duration = engine.start.elapsed();
        engine.report.mean_depth = if engine.report.unique_states == 0 {
            0.0
        } else {
            engine.depth_sum as f64 / engine.report.unique_states as f64
        };
        let memory = engine.model.memory_bytes();
        engine.report.peak_memory = engine.report.peak_memory.max(memory);
        if let Some(e) = engine.event(Event::Finished, None) {
            engine.error(e, 0, Vec::new(), Vec::new());
        }
        engine.report
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// A grid walk: state (x, y) in [0, n)^2, ops: right, up. Error at `target`.
    struct Grid {
        n: u8,
        target: Option<(u8, u8)>,
        prune: Option<(u8, u8)>,
    }

    impl Model for Grid {
        type State = (u8, u8);
        type Op = char;
        type Error = (u8, u8);
        fn initial_states(&mut self) -> Vec<(u8, u8)> {
            vec![(0, 0)]
        }
        fn operations(&mut self, s: &(u8, u8)) -> Ops<char> {
            let mut ops = Ops::new();
            if s.0 + 1 < self.n {
                ops.push('R');
            }
            if s.1 + 1 < self.n {
                ops.push('U');
            }
            ops
        }
        fn apply(&mut self, s: &(u8, u8), op: &char) -> Outcome<(u8, u8), (u8, u8)> {
            let next = if *op == 'R' {
                (s.0 + 1, s.1)
            } else {
                (s.0, s.1 + 1)
            };
            if Some(next) == self.prune {
                return Outcome::Pruned;
            }
            if Some(next) == self.target {
                return Outcome::Error(next, next);
            }
            Outcome::Next(next)
        }
        fn hash(&mut self, s: &(u8, u8)) -> Option<u128> {
            Some(u128::from(s.0) << 8 | u128::from(s.1))
        }
        fn priority(&mut self, s: &(u8, u8), _depth: usize) -> i64 {
            -(i64::from(s.0) + i64::from(s.1))
        }
    }

    fn grid(n: u8) -> Grid {
        Grid {
            n,
            target: None,
            prune: None,
        }
    }

    /// Runs `workers` workers on their own grids and merges their reports.
    fn parallel(
        workers: usize,
        strategy: Strategy,
        make: impl Fn() -> Grid + Sync,
    ) -> Report<char, (u8, u8)> {
        let search = Search::new(strategy).with_limits(Limits {
            max_errors: 1,
            ..Limits::default()
        });
        let shared = SharedSearch::new(workers);
        let reports: Vec<_> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..workers)
                .map(|w| {
                    let (search, shared, make) = (&search, &shared, &make);
                    scope.spawn(move || search.run_worker(&mut make(), &mut NoObserver, shared, w))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("worker"))
                .collect()
        });
        Report::merge(reports, &shared, 1)
    }

    #[test]
    fn workers_split_the_state_space_without_changing_it() {
        for strategy in [Strategy::DepthFirst, Strategy::Random { seed: 3 }] {
            let alone = Search::new(strategy.clone()).run(&mut grid(60));
            let together = parallel(3, strategy.clone(), || grid(60));
            assert_eq!(together.unique_states, 3600, "{strategy:?}");
            assert_eq!(together.unique_states, alone.unique_states);
            assert_eq!(together.transitions, alone.transitions, "{strategy:?}");
            assert_eq!(together.end_states, 1);
            assert_eq!(together.max_depth, 118);
            assert!(together.is_complete());
        }
    }

    #[test]
    fn an_error_found_by_any_worker_ends_every_worker_with_a_replayable_path() {
        let with_target = || Grid {
            n: 40,
            target: Some((30, 35)),
            prune: None,
        };
        let report = parallel(2, Strategy::DepthFirst, with_target);
        assert_eq!(report.stop, StopReason::MaxErrors);
        assert_eq!(report.errors.len(), 1);
        let error = &report.errors[0];
        assert_eq!(error.error, (30, 35));
        let replay = Search::new(Strategy::Path(error.indices.clone())).run(&mut with_target());
        assert_eq!(replay.errors.len(), 1);
        assert_eq!(replay.errors[0].error, (30, 35));
    }

    #[test]
    fn every_strategy_explores_the_whole_grid() {
        for strategy in [
            Strategy::DepthFirst,
            Strategy::BreadthFirst,
            Strategy::Random { seed: 7 },
            Strategy::BestFirst,
        ] {
            let report = Search::new(strategy.clone()).run(&mut grid(5));
            assert_eq!(report.unique_states, 25, "{strategy:?}");
            assert_eq!(report.end_states, 1, "{strategy:?}");
            assert!(report.is_complete());
            assert_eq!(report.max_depth, 8);
            assert_eq!(report.transitions, 40, "{strategy:?}");
        }
    }

    #[test]
    fn errors_carry_replayable_paths() {
        let mut model = grid(4);
        model.target = Some((2, 3));
        let report = Search::new(Strategy::DepthFirst).run(&mut model);
        assert_eq!(report.stop, StopReason::MaxErrors);
        let e = &report.errors[0];
        assert_eq!(e.error, (2, 3));
        let replay = Search::new(Strategy::Path(e.indices.clone())).run(&mut model);
        assert_eq!(replay.errors.len(), 1);
        assert_eq!(replay.errors[0].path, e.path);
        let bfs = Search::new(Strategy::BreadthFirst).run(&mut model);
        assert_eq!(
            bfs.errors[0].path.len(),
            5,
            "breadth-first finds a shortest path"
        );
    }

    #[test]
    fn limits_stop_the_search() {
        let depth = Search::new(Strategy::DepthFirst)
            .with_limits(Limits {
                max_depth: Some(3),
                ..Limits::default()
            })
            .run(&mut grid(6));
        assert!(depth.truncated && !depth.is_complete());
        assert_eq!(depth.max_depth, 3);
        let states = Search::new(Strategy::DepthFirst)
            .with_limits(Limits {
                max_states: Some(10),
                ..Limits::default()
            })
            .run(&mut grid(6));
        assert_eq!(states.stop, StopReason::MaxStates);
        let time = Search::new(Strategy::BreadthFirst)
            .with_limits(Limits {
                time_limit: Some(Duration::ZERO),
                ..Limits::default()
            })
            .run(&mut grid(30));
        assert_eq!(time.stop, StopReason::TimeLimit);
        let mut model = grid(6);
        model.target = Some((5, 5));
        let many = Search::new(Strategy::DepthFirst)
            .with_limits(Limits {
                max_errors: 100,
                ..Limits::default()
            })
            .run(&mut model);
        assert_eq!(many.errors.len(), 2, "reached from (4,5) and (5,4)");
    }

    #[test]
    fn queue_limits_drop_states_and_pruning_counts() {
        for drop in [DropPolicy::Newest, DropPolicy::Oldest, DropPolicy::Random] {
            let report = Search::new(Strategy::BreadthFirst)
                .with_limits(Limits {
                    queue_limit: Some(2),
                    drop,
                    ..Limits::default()
                })
                .run(&mut grid(6));
            assert!(report.dropped > 0, "{drop:?}");
            assert!(!report.is_complete());
        }
        let mut model = grid(3);
        model.prune = Some((1, 0));
        let report = Search::new(Strategy::DepthFirst).run(&mut model);
        assert_eq!(report.pruned, 1);
        assert_eq!(report.unique_states, 7, "(1,0) and (2,0) are cut off");
    }

    #[test]
    fn simulation_follows_one_path() {
        let report = Search::new(Strategy::Simulation { seed: 3 }).run(&mut grid(5));
        assert_eq!(report.stop, StopReason::PathEnd);
        assert_eq!(report.max_depth, 8);
        assert_eq!(report.transitions, 8);
    }

    /// Actors running straight-line programs over a few shared variables: each step sets
    /// one variable from another and may wait for a third to be non-zero. Steps commute
    /// when neither writes what the other reads or writes, which the model reports exactly,
    /// so sleep sets must find every state that a search without them finds.
    struct Programs {
        programs: Vec<Vec<ProgramStep>>,
        /// Whether an actor starts over after its last step (cycles in the state space).
        looping: Vec<bool>,
        variables: usize,
        sleep_sets: bool,
    }

    #[derive(Debug, Clone, Copy)]
    struct ProgramStep {
        target: usize,
        source: usize,
        add: u8,
        guard: Option<usize>,
    }

    /// Program counters and variables, and the step that led here (actor, reads, writes).
    type ProgramState = std::rc::Rc<(Vec<u8>, Vec<u8>, Option<(u32, u32, u32)>)>;

    impl Programs {
        fn random(seed: u64, sleep_sets: bool) -> Programs {
            let mut rng = Rng(seed);
            let variables = 2 + rng.below(2);
            let actors = 3 + rng.below(2);
            let programs = (0..actors)
                .map(|_| {
                    (0..1 + rng.below(4))
                        .map(|_| ProgramStep {
                            target: rng.below(variables),
                            source: rng.below(variables),
                            add: rng.below(3) as u8,
                            guard: (rng.below(3) == 0).then(|| rng.below(variables)),
                        })
                        .collect()
                })
                .collect();
            let looping = (0..actors).map(|_| rng.below(2) == 0).collect();
            Programs {
                programs,
                looping,
                variables,
                sleep_sets,
            }
        }

        fn step_of(&self, s: &ProgramState, actor: usize) -> Option<ProgramStep> {
            let step = *self.programs[actor].get(usize::from(s.0[actor]))?;
            match step.guard {
                Some(g) if s.1[g] == 0 => None,
                _ => Some(step),
            }
        }
    }

    impl Model for Programs {
        type State = ProgramState;
        type Op = usize;
        type Error = ();
        fn initial_states(&mut self) -> Vec<ProgramState> {
            let start = (vec![0; self.programs.len()], vec![1; self.variables], None);
            vec![std::rc::Rc::new(start)]
        }
        fn operations(&mut self, s: &ProgramState) -> Ops<usize> {
            (0..self.programs.len())
                .filter(|&a| self.step_of(s, a).is_some())
                .collect()
        }
        fn apply(&mut self, s: &ProgramState, op: &usize) -> Outcome<ProgramState, ()> {
            let Some(step) = self.step_of(s, *op) else {
                return Outcome::Pruned;
            };
            let (mut pcs, mut vars) = (s.0.clone(), s.1.clone());
            pcs[*op] += 1;
            if self.looping[*op] && usize::from(pcs[*op]) == self.programs[*op].len() {
                pcs[*op] = 0;
            }
            vars[step.target] = (vars[step.source] + step.add) % 3;
            let reads = 1 << step.source | step.guard.map_or(0, |g| 1 << g);
            let footprint = (*op as u32, reads, 1 << step.target);
            Outcome::Next(std::rc::Rc::new((pcs, vars, Some(footprint))))
        }
        fn hash(&mut self, s: &ProgramState) -> Option<u128> {
            let words = s.0.iter().chain(&s.1);
            Some(words.fold(1u128, |h, &x| h * 7 + u128::from(x)))
        }
        fn actor(&self, _: &ProgramState, op: &usize) -> Option<u32> {
            self.sleep_sets.then_some(*op as u32)
        }
        fn commute(&self, earlier: &ProgramState, later: &ProgramState) -> bool {
            match (earlier.2, later.2) {
                (Some((a, ar, aw)), Some((b, br, bw))) => {
                    a != b && aw & (br | bw) == 0 && bw & ar == 0
                }
                _ => false,
            }
        }
    }

    #[test]
    fn sleep_sets_take_fewer_steps_to_the_same_states() {
        let (mut fewer, mut seeds) = (0, 0);
        for seed in 0..1000 {
            let plain = Search::new(Strategy::DepthFirst).run(&mut Programs::random(seed, false));
            for strategy in [Strategy::DepthFirst, Strategy::Random { seed }] {
                let asleep = Search::new(strategy).run(&mut Programs::random(seed, true));
                assert_eq!(asleep.unique_states, plain.unique_states, "seed {seed}");
                assert_eq!(asleep.end_states, plain.end_states, "seed {seed}");
                assert!(asleep.transitions <= plain.transitions, "seed {seed}");
                fewer += usize::from(asleep.transitions < plain.transitions);
            }
            seeds += 1;
        }
        assert!(
            fewer > seeds,
            "sleep sets should save steps in most programs: {fewer}"
        );
    }
}
