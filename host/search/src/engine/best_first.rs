//! Best-first search ([`Strategy::BestFirst`](crate::Strategy::BestFirst)): the queued state
//! the [`Heuristic`] ranks lowest is expanded next, states of equal priority in the order
//! they were reached. A full queue ([`Limits::queue_limit`](crate::Limits::queue_limit))
//! takes no new states.

use std::collections::BinaryHeap;

use super::queue::{Queue, Queued};
use super::{Engine, Rng};
use crate::{Heuristic, Model, Observer, StopReason};

/// A queued state with its priority and arrival number.
struct Ranked<S, Op> {
    priority: i64,
    seq: u64,
    item: Queued<S, Op>,
}

impl<S, Op> PartialEq for Ranked<S, Op> {
    fn eq(&self, other: &Self) -> bool {
        (self.priority, self.seq) == (other.priority, other.seq)
    }
}
impl<S, Op> Eq for Ranked<S, Op> {}
impl<S, Op> PartialOrd for Ranked<S, Op> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<S, Op> Ord for Ranked<S, Op> {
    /// BinaryHeap is a max-heap: lower priority and earlier arrival come out first.
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        other
            .priority
            .cmp(&self.priority)
            .then(other.seq.cmp(&self.seq))
    }
}

/// A priority queue ordered by a heuristic, with an optional bound.
struct Prioritized<'h, S, Op> {
    heap: BinaryHeap<Ranked<S, Op>>,
    /// States queued so far (the next one's arrival number).
    seq: u64,
    heuristic: &'h dyn Heuristic<S>,
    limit: Option<usize>,
}

impl<S, Op> Queue<S, Op> for Prioritized<'_, S, Op> {
    fn push(&mut self, item: Queued<S, Op>, _rng: &mut Rng) -> bool {
        if self.limit.is_some_and(|limit| self.heap.len() >= limit) {
            return true;
        }
        let priority = self.heuristic.priority(&item.state, item.depth);
        self.heap.push(Ranked {
            priority,
            seq: self.seq,
            item,
        });
        self.seq += 1;
        false
    }

    fn pop(&mut self) -> Option<Queued<S, Op>> {
        self.heap.pop().map(|ranked| ranked.item)
    }
}

impl<M: Model, O: Observer> Engine<'_, M, O> {
    /// Best-first search ordered by `heuristic`.
    pub(super) fn best_first(&mut self, heuristic: &dyn Heuristic<M::State>) -> StopReason {
        self.explore_queue(&mut Prioritized {
            heap: BinaryHeap::new(),
            seq: 0,
            heuristic,
            limit: self.limits.queue_limit,
        })
    }
}
