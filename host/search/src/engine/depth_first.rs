//! Depth-first search ([`Strategy::DepthFirst`](crate::Strategy::DepthFirst)), in a seeded
//! random order too ([`Strategy::Random`](crate::Strategy::Random)): a stack of frames, one
//! per state on the current path, each with the operations still to try. States are kept
//! only while on the stack. With sleep sets, each frame also holds the actors asleep in
//! its state and the steps taken from it, so that a step that commutes with one explored
//! before is not taken again below it. Workers of a parallel search share the visited set
//! and hand each other work: a busy worker donates the untried operations of its
//! shallowest frame, as a path from the initial state, to a worker that waits for some.

use super::{Asleep, Engine, Step, Wake};
use crate::parallel::Work;
use crate::{Event, Model, Observer, Ops, Outcome, StopReason};

/// A state on the depth-first path.
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

/// The states along the last donated path a worker replayed. The next path usually shares
/// a prefix with it (donors give away their shallowest unfinished state, and a model's
/// paths often start alike), so it is replayed only from where the two part.
pub(super) struct ReplayedPath<S> {
    /// The initial state the path starts from.
    initial: usize,
    /// Per operation of the path: its index, and the state after it (kept, so that the
    /// model can return to it).
    steps: Vec<(usize, S)>,
}

impl<S> Default for ReplayedPath<S> {
    fn default() -> Self {
        ReplayedPath {
            initial: 0,
            steps: Vec::new(),
        }
    }
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

impl<M: Model, O: Observer> Engine<'_, M, O> {
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
    pub(super) fn depth_first(&mut self, shuffle: bool) -> StopReason {
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
}
