//! Searches that follow one path and stop at its end: an explicit path of operation
//! indices ([`Strategy::Path`](crate::Strategy::Path), which replays an error path) and
//! random simulation ([`Strategy::Simulation`](crate::Strategy::Simulation), JPF's
//! `Simulation`: one random operation per state, no backtracking).

use super::Engine;
use crate::path::Path;
use crate::{Event, Model, Observer, Outcome, StopReason};

impl<M: Model, O: Observer> Engine<'_, M, O> {
    /// Follows explicit operation indices (or random ones) from the first initial state.
    pub(super) fn single_path(&mut self, indices: Option<&[usize]>) -> StopReason {
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
            let ignored = self.model.take_ignore();
            if let Some(e) = error.or(found) {
                let (p, idx) = path.unfold();
                self.error(e, 0, p, idx);
                return StopReason::PathEnd;
            }
            if ignored && !end {
                self.report.pruned += 1;
                return StopReason::PathEnd;
            }
            if !end {
                self.model.keep(&next);
            }
            state = next;
        }
    }
}
