//! Error traces: the transitions from the initial state to an error, recorded by replaying
//! the error's path with instruction recording on, and saved/loaded for `--replay`.

use serde::{Deserialize, Serialize};

use super::model::{Assumed, JavaModel, JavaOp, JavaState};
use super::source::Sources;
use rpf_jvm::machine::Choice;
use rpf_search::{Model, Outcome};

/// One executed source line.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct TraceLine {
    /// `pkg/Class.java:12`.
    pub location: String,
    /// The source text, if the file was found.
    pub source: Option<String>,
}

/// One transition of a trace.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct TraceStep {
    /// Thread that ran.
    pub thread: u32,
    /// Its name.
    pub thread_name: String,
    /// The choices taken, as `generator=value`.
    pub choices: Vec<String>,
    /// Index of the operation taken among the state's operations (for replay).
    pub index: usize,
    /// Source lines executed, in order, consecutive repeats collapsed.
    pub lines: Vec<TraceLine>,
}

/// The thread `op` runs from `state` and its choices as `generator=value`, as traces show
/// them.
fn described(model: &JavaModel, state: &JavaState, op: JavaOp) -> (u32, Vec<String>) {
    let (thread, choices) = model.decode(state, op);
    let choices = choices
        .iter()
        .map(|(id, c): &(_, Choice)| format!("{id}={c}"))
        .collect();
    (thread, choices)
}

/// Replays `indices` from the initial state with recording and returns the steps.
pub fn record(
    model: &mut JavaModel,
    initial: &JavaState,
    ops: &[JavaOp],
    indices: &[usize],
    sources: &mut Sources,
) -> Vec<TraceStep> {
    let mut steps = Vec::with_capacity(ops.len());
    let mut state = initial.clone();
    for (op, &index) in ops.iter().zip(indices) {
        let (thread, choices) = described(model, &state, *op);
        model.record_instructions(true);
        let outcome = model.apply(&state, op);
        let recorded = model.recorded();
        model.record_instructions(false);
        let mut lines: Vec<TraceLine> = Vec::new();
        for (t, method, pc) in recorded {
            if t != thread {
                continue;
            }
            let m = model.vm.classes.method(method).clone();
            let class = model.vm.classes.get(m.class).clone();
            if class.system {
                continue;
            }
            let Some(line) = m.code.as_ref().and_then(|c| c.line_at(pc)) else {
                continue;
            };
            let file = class
                .attrs
                .source_file
                .clone()
                .unwrap_or_else(|| "?".into());
            let package = class.package();
            let relative = if package.is_empty() {
                file.to_string()
            } else {
                format!("{package}/{file}")
            };
            let location = format!("{relative}:{line}");
            if lines.last().is_some_and(|l| l.location == location) {
                continue;
            }
            let source = sources.line(&relative, line);
            lines.push(TraceLine { location, source });
        }
        steps.push(TraceStep {
            thread,
            thread_name: model.vm.thread_name(thread as usize),
            choices,
            index,
            lines,
        });
        match outcome {
            Outcome::Next(next) | Outcome::Error(next, _) => state = next,
            Outcome::Pruned => break,
        }
    }
    steps
}

/// A saved trace: what `rpf --replay` needs to reproduce an error.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct SavedTrace {
    /// Format marker.
    pub format: String,
    /// Main class.
    pub target: String,
    /// Program arguments.
    pub args: Vec<String>,
    /// Operation index per transition.
    pub path: Vec<usize>,
    /// The steps, for reading (replay uses `path`).
    pub steps: Vec<TraceStep>,
    /// What the search had learned when it found the error (traces saved before it was
    /// recorded assume nothing).
    #[serde(default)]
    pub assumed: Assumed,
    /// The settings that decide which choices states offer, as the search had them set
    /// (see [`scheduling_settings`]); a replay uses them unless it sets them itself.
    #[serde(default)]
    pub settings: std::collections::BTreeMap<String, String>,
}

/// The settings of `config` that decide which choices a state offers (`vm.*`: partial
/// order reduction, atomic library code, the transition limit, intrinsics, timeouts;
/// `cg.*`; sleep sets), which a trace needs to replay.
pub fn scheduling_settings(
    config: &rpf_config::Config,
) -> std::collections::BTreeMap<String, String> {
    config
        .keys()
        .filter(|k| k.starts_with("vm.") || k.starts_with("cg.") || *k == "search.sleep_sets")
        .filter_map(|k| Some((k.to_string(), config.get(k)?.to_string())))
        .collect()
}

impl SavedTrace {
    /// Sets in `config` the scheduling settings the trace was found with, except those
    /// `config` sets itself.
    pub fn apply_settings(&self, config: &mut rpf_config::Config) {
        for (key, value) in &self.settings {
            if !config.contains(key) {
                config.set_from(key, value, "the replayed trace");
            }
        }
    }
}

/// Where `saved`, replayed from `initial`, parts from the program as it is now (`None`: every
/// step offers the alternative the trace takes, runs the same thread with the same choices,
/// and the last one ends in an error). A trace from another program, version or
/// configuration is told apart from a replay that found nothing.
pub fn divergence(
    model: &mut JavaModel,
    initial: &JavaState,
    saved: &SavedTrace,
) -> Option<String> {
    let total = saved.steps.len();
    let mut state = initial.clone();
    let mut failed = false;
    for (i, step) in saved.steps.iter().enumerate() {
        let at = format!("step {} of {total}", i + 1);
        if failed {
            return Some(format!(
                "{at}: the error occurred at the step before, the trace goes on"
            ));
        }
        let offered = super::model::operations(&state.cgs).len();
        if offered == 0 {
            return Some(format!("{at}: the program has ended, the trace goes on"));
        }
        if step.index >= offered {
            return Some(format!(
                "{at}: the trace takes alternative {} but the program offers {offered}",
                step.index + 1
            ));
        }
        let op = step.index as JavaOp;
        let (thread, choices) = described(model, &state, op);
        if thread != step.thread || choices != step.choices {
            return Some(format!(
                "{at}: the trace runs thread {} with [{}], the program thread {thread} with [{}]",
                step.thread,
                step.choices.join(", "),
                choices.join(", ")
            ));
        }
        state = match model.apply(&state, &op) {
            Outcome::Next(next) => next,
            Outcome::Error(next, _) => {
                failed = true;
                next
            }
            Outcome::Pruned if i + 1 < total => {
                return Some(format!("{at}: the path is pruned here, the trace goes on"));
            }
            Outcome::Pruned => return Some(format!("{at}: the path is pruned, no error occurs")),
        };
    }
    (!failed).then(|| format!("all {total} steps fit, but no error occurs at the end"))
}

/// The format marker of saved traces.
pub const TRACE_FORMAT: &str = "rpf-trace-1";
