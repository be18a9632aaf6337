//! Breadth-first search ([`Strategy::BreadthFirst`](crate::Strategy::BreadthFirst)): states
//! are expanded in the order they were reached, so the first error found has a shortest
//! path. The queue may be bounded ([`Limits::queue_limit`]), dropping states as
//! [`Limits::drop`] says.

use std::collections::VecDeque;

use super::queue::{Queue, Queued};
use super::{Engine, Rng};
use crate::{DropPolicy, Limits, Model, Observer, StopReason};

/// A first-in, first-out queue with an optional bound.
struct Fifo<S, Op> {
    queue: VecDeque<Queued<S, Op>>,
    limit: Option<usize>,
    drop: DropPolicy,
}

impl<S, Op> Queue<S, Op> for Fifo<S, Op> {
    fn push(&mut self, item: Queued<S, Op>, rng: &mut Rng) -> bool {
        let full = self.limit.is_some_and(|limit| self.queue.len() >= limit);
        if full {
            match self.drop {
                DropPolicy::Newest => return true,
                DropPolicy::Oldest => {
                    self.queue.pop_front();
                }
                DropPolicy::Random => {
                    let i = rng.below(self.queue.len());
                    self.queue.remove(i);
                }
            }
        }
        self.queue.push_back(item);
        full
    }

    fn pop(&mut self) -> Option<Queued<S, Op>> {
        self.queue.pop_front()
    }
}

impl<M: Model, O: Observer> Engine<'_, M, O> {
    /// Breadth-first search.
    pub(super) fn breadth_first(&mut self) -> StopReason {
        let Limits {
            queue_limit, drop, ..
        } = *self.limits;
        self.explore_queue(&mut Fifo {
            queue: VecDeque::new(),
            limit: queue_limit,
            drop,
        })
    }
}
