//! The progress line a search prints on stderr every few seconds (`report.progress`): states
//! found and their rate, transitions (or, in a parallel search, all workers' states),
//! depth and memory. The search's events update it; the line itself is the
//! [`ProgressLine`] the model's [`Watch`](super::watch::Watch) also prints during long
//! transitions.

use std::rc::Rc;
use std::time::{Duration, Instant};

use rpf_search::{Event, Observer, Report, SharedSearch};

use super::model::{JavaModel, JavaOp};
use super::watch::{Counts, ProgressLine};

/// Keeps the progress line up to date with the search's events.
pub(super) struct Progress<'a> {
    line: Rc<ProgressLine>,
    events: u64,
    /// The counters of a parallel search's workers (the line then shows their total).
    shared: Option<&'a SharedSearch<JavaOp>>,
}

impl<'a> Progress<'a> {
    /// The progress of `model`'s search, a line every `interval`, which the model's watch
    /// prints during long transitions too.
    pub(super) fn of(
        model: &mut JavaModel,
        interval: Duration,
        shared: Option<&'a SharedSearch<JavaOp>>,
    ) -> Progress<'a> {
        let line = Rc::new(ProgressLine::new(interval));
        model.vm.machine.watch.show_progress(line.clone());
        Progress {
            line,
            events: 0,
            shared,
        }
    }
}

impl Observer for Progress<'_> {
    fn event<Op, E>(&mut self, event: Event, stats: &Report<Op, E>) {
        if !self.line.enabled() || !matches!(event, Event::Advanced { .. }) {
            return;
        }
        self.line.update(Counts {
            states: self
                .shared
                .map_or(stats.unique_states, SharedSearch::unique_states),
            transitions: self.shared.is_none().then_some(stats.transitions),
            max_depth: stats.max_depth,
        });
        self.events += 1;
        // Reading the clock after every state would cost more than the line is worth.
        if self.events.is_multiple_of(512) {
            self.line.print_if_due(Instant::now());
        }
    }
}
