//! The progress line a search prints on stderr every few seconds (`report.progress`): states
//! found and their rate, transitions (or, in a parallel search, all workers' states),
//! depth and memory.

use std::time::{Duration, Instant};

use rpf_search::{Event, Observer, Report, SharedSearch};

use super::model::{self, JavaOp};

/// Prints a progress line on stderr every few seconds.
pub(super) struct Progress<'a> {
    interval: Duration,
    start: Instant,
    last: Instant,
    events: u64,
    /// The counters of a parallel search's workers (the line then shows their total).
    shared: Option<&'a SharedSearch<JavaOp>>,
}

impl<'a> Progress<'a> {
    pub(super) fn new(
        interval: Duration,
        shared: Option<&'a SharedSearch<JavaOp>>,
    ) -> Progress<'a> {
        Progress {
            interval,
            start: Instant::now(),
            last: Instant::now(),
            events: 0,
            shared,
        }
    }
}

impl Observer for Progress<'_> {
    fn event<Op, E>(&mut self, event: Event, stats: &Report<Op, E>) {
        self.events += 1;
        if self.interval.is_zero()
            || !self.events.is_multiple_of(512)
            || !matches!(event, Event::Advanced { .. })
        {
            return;
        }
        if self.last.elapsed() < self.interval {
            return;
        }
        self.last = Instant::now();
        let secs = self.start.elapsed().as_secs_f64().max(1e-9);
        let (states, transitions) = match self.shared {
            Some(shared) => (shared.unique_states(), "all workers".to_string()),
            None => (
                stats.unique_states,
                format!("{} transitions", stats.transitions),
            ),
        };
        #[allow(clippy::print_stderr)]
        {
            eprintln!(
                "rpf: {states} states ({:.0}/s), {transitions}, max depth {}, {} MB",
                states as f64 / secs,
                stats.max_depth,
                model::resident_memory() >> 20
            );
        }
    }
}
