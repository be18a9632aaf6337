//! What breadth-first and best-first search share: new states wait in a queue, each with
//! the path that reached it (paths share their prefixes), and the state taken from the
//! queue has all its operations applied at once. The two differ in their queue only.

use super::{Engine, Rng, Step};
use crate::path::Path;
use crate::{Event, Model, Observer, StopReason};

/// A state waiting to be expanded.
pub(super) struct Queued<S, Op> {
    pub(super) state: S,
    pub(super) depth: usize,
    /// The initial state its path starts from.
    pub(super) initial: usize,
    pub(super) path: Path<Op>,
}

/// The queue of a breadth-first or best-first search.
pub(super) trait Queue<S, Op> {
    /// Adds `item`; whether a state was dropped (`item` or a queued one) because the queue
    /// was full.
    fn push(&mut self, item: Queued<S, Op>, rng: &mut Rng) -> bool;

    /// The state to expand next.
    fn pop(&mut self) -> Option<Queued<S, Op>>;
}

impl<M: Model, O: Observer> Engine<'_, M, O> {
    /// Expands states from `queue`, starting with the initial states, until it is empty or
    /// a limit is reached.
    pub(super) fn explore_queue(&mut self, queue: &mut impl Queue<M::State, M::Op>) -> StopReason {
        let initial_states = self.model.initial_states();
        for (initial, state) in initial_states.into_iter().enumerate() {
            if self.admit(&state, 0) {
                let path = Path::default();
                self.enqueue(
                    queue,
                    Queued {
                        state,
                        depth: 0,
                        initial,
                        path,
                    },
                );
            }
        }
        while let Some(item) = queue.pop() {
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
                        self.error(e, item.initial, path, indices);
                    }
                    Step::Expand(state, ..) => {
                        let next = Queued {
                            state,
                            depth: item.depth + 1,
                            initial: item.initial,
                            path: item.path.push(op.clone(), i),
                        };
                        self.enqueue(queue, next);
                    }
                }
            }
            let done = Event::Processed { depth: item.depth };
            self.event(done, Some(&item.state));
            self.report.backtracked += 1;
        }
        StopReason::Complete
    }

    /// Queues `item`, counting a state dropped for it.
    fn enqueue(&mut self, queue: &mut impl Queue<M::State, M::Op>, item: Queued<M::State, M::Op>) {
        if queue.push(item, &mut self.rng) {
            self.report.dropped += 1;
        }
    }
}
