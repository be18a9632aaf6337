//! `rpf.ChoiceSelector`: restricts the search to a stored choice trace (`choice.use_trace`)
//! or to random choices until a start condition holds. Either way it prunes transitions
//! when their state's generators advance (`ChoiceAdvanced`, heard before the transition
//! runs, so the host discards its result), and declares the run incomplete when it does.

use std::path::Path;

use rpf_plugin_api::{ConfigView, Event, EventKind, EventMask, HostRef, Listener, PathLocal};

use crate::names::{MethodFilter, Patterns};
use crate::replay::Replay;
use crate::simulation::{Simulation, StartCondition};
use crate::trace;

/// What the selector restricts the search to.
enum Mode {
    /// A stored trace.
    Trace(Replay),
    /// Random choices until the start condition.
    Random(Simulation),
}

/// The choice selector.
pub struct ChoiceSelector {
    mode: Mode,
    /// Transitions pruned.
    pruned: u64,
    /// Whether the running transition is pruned already (one `ChoiceAdvanced` per
    /// generator of its state asks); each transition follows a `StateAdvanced` or a
    /// `StateRestored`.
    pruning: bool,
}

impl Listener for ChoiceSelector {
    fn new(config: &ConfigView) -> Result<Self, String> {
        let search_after = config.bool("choice.search_after_trace", true)?;
        let mode = match config.get("choice.use_trace").map(str::trim) {
            Some(file) => {
                let lines =
                    trace::read(Path::new(file)).map_err(|e| format!("choice.use_trace: {e}"))?;
                Mode::Trace(Replay::new(file.to_string(), lines, search_after))
            }
            None => {
                let depth = match config.int("choice.depth")? {
                    None | Some(-1) => None,
                    Some(d) if d >= 0 => Some(u32::try_from(d).unwrap_or(u32::MAX)),
                    Some(d) => {
                        return Err(format!(
                            "choice.depth: expected a depth, or -1 for none, got {d}"
                        ))
                    }
                };
                let start = StartCondition {
                    depth,
                    calls: MethodFilter::new(Patterns::new(config.list("choice.calls"))),
                    threads: Patterns::new(config.list("choice.threads")),
                };
                let seed = config.int("choice.seed")?.unwrap_or(42);
                Mode::Random(Simulation::new(seed, start))
            }
        };
        Ok(ChoiceSelector {
            mode,
            pruned: 0,
            pruning: false,
        })
    }

    fn subscriptions(&self) -> EventMask {
        let choices = EventMask::of(&[
            EventKind::ChoiceAdvanced,
            EventKind::StateAdvanced,
            EventKind::StateRestored,
        ]);
        match &self.mode {
            Mode::Trace(_) => choices
                .union(PathLocal::<()>::EVENTS)
                .union(EventMask::of(&[EventKind::PropertyViolated])),
            Mode::Random(sim) => {
                let kinds = [
                    EventKind::ChoiceSet,
                    EventKind::StateProcessed,
                    EventKind::MethodEntered,
                    EventKind::ThreadStarted,
                ];
                kinds
                    .into_iter()
                    .filter(|&k| sim.needs(k))
                    .fold(choices, |m, k| m.union(EventMask::of(&[k])))
            }
        }
    }

    fn on_event(&mut self, host: &mut HostRef<'_, '_>, event: &Event<'_>) {
        if matches!(
            event.kind,
            EventKind::StateAdvanced | EventKind::StateRestored
        ) {
            self.pruning = false;
        }
        let prune = match &mut self.mode {
            Mode::Trace(replay) => replay.on_event(host, event),
            Mode::Random(sim) => sim.on_event(host, event),
        };
        if let Some(reason) = prune.filter(|_| !self.pruning) {
            self.pruning = true;
            self.pruned += 1;
            host.ignore_state();
            host.incomplete(reason.as_str().into());
        }
    }

    fn report(&mut self) -> Option<String> {
        let mode = match &self.mode {
            Mode::Trace(replay) => replay.report(),
            Mode::Random(sim) => sim.report(),
        };
        Some(format!("{mode}transitions pruned: {}\n", self.pruned))
    }

    fn report_json(&mut self) -> Option<String> {
        let mut value = match &self.mode {
            Mode::Trace(replay) => replay.report_json(),
            Mode::Random(sim) => sim.report_json(),
        };
        value["pruned"] = self.pruned.into();
        Some(value.to_string())
    }
}
