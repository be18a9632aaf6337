//! Following a stored choice trace (`choice.use_trace`): a transition whose choices differ
//! from the trace's line at its depth leaves the trace; the successors of the state it
//! reaches are pruned. The transition itself has run (the host delivers `StateAdvanced`
//! after it), so a violation in it is still found: it is a real violation of the program.

use rpf_plugin_api::{flags, Event, EventKind, HostRef, PathLocal};
use serde_json::{json, Value};

/// Where the current path is relative to the trace.
#[derive(Debug, Clone, Copy, Default)]
struct Position {
    /// The path's depth (its number of transitions).
    depth: usize,
    /// Whether a transition of the path differed from the trace.
    left: bool,
}

/// The trace being followed and how far the search got along it.
pub struct Replay {
    file: String,
    trace: Vec<String>,
    /// `choice.search_after_trace`: whether paths go on past the trace's end.
    search_after: bool,
    position: PathLocal<Position>,
    /// The deepest depth up to which a path followed the trace.
    followed: usize,
    /// States whose successors were pruned.
    cut_states: u64,
    /// Whether a violation was reported (the search may have stopped before following the
    /// trace to its end).
    violated: bool,
}

impl Replay {
    /// Follows `trace`, read from `file`.
    pub fn new(file: String, trace: Vec<String>, search_after: bool) -> Self {
        Replay {
            file,
            trace,
            search_after,
            position: PathLocal::new(Position::default()),
            followed: 0,
            cut_states: 0,
            violated: false,
        }
    }

    /// Follows the search; `Some(reason)` when the transition starting now must be pruned.
    pub fn on_event(&mut self, host: &HostRef<'_, '_>, event: &Event<'_>) -> Option<String> {
        let mut prune = None;
        match event.kind {
            EventKind::StateAdvanced => self.advance(host, event.flags),
            EventKind::PropertyViolated => self.violated = true,
            EventKind::ChoiceAdvanced => {
                let at = *self.position.get();
                if at.left {
                    prune = Some(format!(
                        "transitions that leave choice trace {} were not explored",
                        self.file
                    ));
                } else if !self.search_after && at.depth >= self.trace.len() {
                    prune = Some(format!(
                        "paths beyond the end of choice trace {} were not explored \
                         (choice.search_after_trace=false)",
                        self.file
                    ));
                }
            }
            _ => {}
        }
        self.position.on_event(event);
        prune
    }

    /// Places the state just reached relative to the trace.
    fn advance(&mut self, host: &HostRef<'_, '_>, state: u32) {
        let at = self.position.get_mut();
        at.depth += 1;
        if !at.left {
            match self.trace.get(at.depth - 1) {
                Some(line) if *line != host.transition_choices().as_str() => at.left = true,
                Some(_) => self.followed = self.followed.max(at.depth),
                None => {}
            }
        }
        let expanded =
            state & flags::NEW_STATE != 0 && state & (flags::END_STATE | flags::ERROR_STATE) == 0;
        let cut = at.left || (!self.search_after && at.depth == self.trace.len());
        if expanded && cut {
            self.cut_states += 1;
        }
    }

    /// The line no transition matched, if the search ended without following the trace to
    /// its end and without a violation that could have stopped it early.
    fn mismatch(&self) -> Option<(usize, &str)> {
        (!self.violated && self.followed < self.trace.len())
            .then(|| (self.followed + 1, self.trace[self.followed].as_str()))
    }

    /// The console report section.
    pub fn report(&self) -> String {
        let mut out = format!(
            "replayed choice trace {} ({} transitions): followed to depth {}; successors of {} states not explored\n",
            self.file,
            self.trace.len(),
            self.followed,
            self.cut_states
        );
        if let Some((depth, line)) = self.mismatch() {
            out.push_str(&format!(
                "the trace does not match the program: no transition at depth {depth} has the choices \"{line}\"\n"
            ));
        }
        out
    }

    /// The JSON report value.
    pub fn report_json(&self) -> Value {
        json!({
            "mode": "trace",
            "file": self.file,
            "transitions": self.trace.len(),
            "followed": self.followed,
            "cut_states": self.cut_states,
            "mismatch": self.mismatch().map(|(depth, line)| json!({
                "depth": depth,
                "expected": line,
            })),
        })
    }
}
