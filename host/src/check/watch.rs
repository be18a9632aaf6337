//! Limits that hold inside long transitions: the wall clock, resident memory and the
//! progress line, looked at every few thousand instructions of a running transition.
//!
//! The search engine looks at its time and memory limits between transitions, every 256 of
//! them, and the progress line is printed from search events; one transition may run for
//! minutes (a loop without scheduling points runs `vm.max_transition` instructions). So the
//! transition pauses every [`INTERVAL`] instructions (the JVM's
//! [`checkpoint`](rpf_jvm::vm::Registers::checkpoint)) and asks the [`Watch`]: a limit that
//! is reached ends the transition, and the engine, told so
//! ([`rpf_search::Model::limits_due`]), stops the search with the limit as its reason.
//! Plain execution has no checkpoints and pays nothing.

use std::cell::Cell;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rpf_search::Limits;

/// Instructions between two looks at the clock during a transition: a fraction of a
/// millisecond of interpretation, so limits are overshot by no more than that.
pub const INTERVAL: u64 = 1 << 14;

/// Resident memory is read from `/proc` (a few microseconds) at most this often.
const MEMORY_PERIOD: Duration = Duration::from_millis(2);

/// Resident memory of this process (Linux `/proc/self/statm`), in bytes.
pub fn resident_memory() -> u64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map(|pages| pages * 4096)
        .unwrap_or(0)
}

/// What the progress line shows of the search, as of its last event.
#[derive(Debug, Clone, Copy, Default)]
pub struct Counts {
    /// Distinct states (all workers' in a parallel search).
    pub states: u64,
    /// Transitions run (`None`: a parallel search, where the line names all workers).
    pub transitions: Option<u64>,
    /// Deepest state.
    pub max_depth: usize,
}

/// The progress line on stderr every `report.progress`, printed from search events and,
/// during a long transition, from the [`Watch`].
#[derive(Debug)]
pub struct ProgressLine {
    interval: Duration,
    start: Instant,
    last: Cell<Instant>,
    counts: Cell<Counts>,
}

impl ProgressLine {
    /// A line every `interval` (zero: never).
    pub fn new(interval: Duration) -> ProgressLine {
        let now = Instant::now();
        ProgressLine {
            interval,
            start: now,
            last: Cell::new(now),
            counts: Cell::new(Counts::default()),
        }
    }

    /// Whether a line is printed at all.
    pub fn enabled(&self) -> bool {
        !self.interval.is_zero()
    }

    /// Notes the search's counts.
    pub fn update(&self, counts: Counts) {
        self.counts.set(counts);
    }

    /// Prints the line if one is due at `now`.
    pub fn print_if_due(&self, now: Instant) {
        if !self.enabled() || now.duration_since(self.last.get()) < self.interval {
            return;
        }
        self.last.set(now);
        let counts = self.counts.get();
        let secs = now.duration_since(self.start).as_secs_f64().max(1e-9);
        let transitions = match counts.transitions {
            Some(n) => format!("{n} transitions"),
            None => "all workers".to_string(),
        };
        #[allow(clippy::print_stderr)]
        {
            eprintln!(
                "rpf: {} states ({:.0}/s), {transitions}, max depth {}, {} MB",
                counts.states,
                counts.states as f64 / secs,
                counts.max_depth,
                resident_memory() >> 20
            );
        }
    }
}

/// Looks at the time and memory limits and the progress line during a transition.
#[derive(Debug, Default)]
pub struct Watch {
    /// `search.time_limit`.
    time_limit: Option<Duration>,
    /// `search.memory_limit`, in bytes.
    memory_limit: Option<u64>,
    /// When the search started (the time limit counts from there).
    started: Option<Instant>,
    /// When resident memory is read next.
    next_memory: Option<Instant>,
    /// The progress line, printed by this worker.
    progress: Option<Rc<ProgressLine>>,
    /// Raised to interrupt the search (a signal): looked at like the limits, so that an
    /// interruption does not wait for a long transition to end.
    interrupt: Option<Arc<AtomicBool>>,
    /// A limit was found reached and the engine has not been told yet.
    tripped: bool,
}

impl Watch {
    /// A watch over the search's limits.
    pub fn new(limits: &Limits) -> Watch {
        Watch {
            time_limit: limits.time_limit,
            memory_limit: limits.memory_limit,
            interrupt: limits.interrupt.clone(),
            ..Watch::default()
        }
    }

    /// Prints `line` during long transitions too.
    pub fn show_progress(&mut self, line: Rc<ProgressLine>) {
        self.progress = line.enabled().then_some(line);
    }

    /// The search starts now.
    pub fn start(&mut self) {
        self.started = Some(Instant::now());
        self.tripped = false;
    }

    /// Whether there is anything to look at during a transition.
    pub fn active(&self) -> bool {
        self.time_limit.is_some()
            || self.memory_limit.is_some()
            || self.progress.is_some()
            || self.interrupt.is_some()
    }

    /// Looks at the clock (at a checkpoint of a running transition): prints the progress
    /// line if due, and returns whether a limit is reached, so that the transition ends.
    pub fn poll(&mut self) -> bool {
        let now = Instant::now();
        if let Some(line) = &self.progress {
            line.print_if_due(now);
        }
        let late = match (self.started, self.time_limit) {
            (Some(start), Some(limit)) => now.duration_since(start) >= limit,
            _ => false,
        };
        let full = match self.memory_limit {
            Some(limit) if self.next_memory.is_none_or(|next| now >= next) => {
                self.next_memory = Some(now + MEMORY_PERIOD);
                resident_memory() >= limit
            }
            _ => false,
        };
        let interrupted = self
            .interrupt
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed));
        if late || full || interrupted {
            tracing::debug!(late, full, interrupted, "limit reached during a transition");
            self.tripped = true;
        }
        self.tripped
    }

    /// Whether a limit was found reached since the last call.
    pub fn take_tripped(&mut self) -> bool {
        std::mem::take(&mut self.tripped)
    }
}
