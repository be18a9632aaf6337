//! Model checking a Java program: settings, the search over the VM, error traces, reports.

pub mod checker;
pub mod choice;
pub mod fingerprint;
pub mod footprint;
mod hash;
pub mod heuristic;
pub mod machine;
pub mod model;
mod parallel;
pub mod policy;
pub mod property;
pub mod protection;
mod reachability;
pub mod report;
pub mod scheduling;
pub mod settings;
pub mod sharing;
pub mod source;
#[cfg(test)]
pub(crate) mod testing;
pub mod trace;
pub mod transition;
pub mod violation;

use std::time::{Duration, Instant};

use rpf_config::Config;

use crate::launch::{self, LaunchError, Target};
use crate::plugins::{ListenerReports, PluginFailure, Plugins};
use checker::Checker;
use model::{JavaModel, JavaOp, JavaState, ModelStats};
use policy::Scheduler;
use property::Selection;
use rpf_jvm::machine::Frames;
use rpf_plugin_api::{EventKind, EventMask};
use rpf_search::{Event, Observer, Report, Search, SharedSearch, Strategy};
use settings::CheckSettings;
use source::Sources;
use trace::{SavedTrace, TraceStep, TRACE_FORMAT};
use violation::JavaError;

/// Events that need instruction-by-instruction execution.
const INSTRUCTION_EVENTS: EventMask = EventMask::of(&[
    EventKind::InstructionExecuting,
    EventKind::InstructionExecuted,
]);

/// The verdict of a check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The whole state space was explored and no property was violated.
    NoViolation,
    /// A property was violated.
    Violation,
    /// A limit ended the search before it was complete; nothing was found.
    Incomplete,
}

/// An error with its trace.
#[derive(Debug, Clone)]
pub struct FoundError {
    /// The violation.
    pub error: JavaError,
    /// The transitions leading to it.
    pub trace: Vec<TraceStep>,
    /// Operation indices (saved for `--replay`).
    pub path: Vec<usize>,
}

/// Everything a check produced.
#[derive(Debug)]
pub struct CheckResult {
    /// The verdict.
    pub verdict: Verdict,
    /// Search statistics.
    pub report: Report<JavaOp, JavaError>,
    /// Errors with traces.
    pub errors: Vec<FoundError>,
    /// VM-side counters.
    pub stats: ModelStats,
    /// Bytecode instructions executed.
    pub instructions: u64,
    /// Objects allocated during the search.
    pub objects: u64,
    /// Classes loaded.
    pub classes: usize,
    /// The program.
    pub target: Target,
    /// The search that ran.
    pub strategy: Strategy<JavaState>,
    /// Searches restarted because a field assumed lock-protected was found unprotected.
    pub restarts: u32,
    /// Resident memory when the search began (after class loading and VM boot), so that
    /// memory growth can be attributed to stored states.
    pub baseline_memory: u64,
    /// What listeners added to the reports.
    pub listener_reports: ListenerReports,
    /// A plugin that failed during the run (the run then ends with exit status 4).
    pub plugin_failure: Option<PluginFailure>,
}

impl CheckResult {
    /// Memory growth during the search per new state: what storing a state costs (the
    /// visited set, saved snapshots on the stack or in the queue, and their heap copies).
    pub fn bytes_per_state(&self) -> u64 {
        self.report.peak_memory.saturating_sub(self.baseline_memory)
            / self.report.unique_states.max(1)
    }
}

/// Prints a progress line on stderr every few seconds.
struct Progress<'a> {
    interval: Duration,
    start: Instant,
    last: Instant,
    events: u64,
    /// The counters of a parallel search's workers (the line then shows their total).
    shared: Option<&'a SharedSearch<JavaOp>>,
}

impl<'a> Progress<'a> {
    fn new(interval: Duration, shared: Option<&'a SharedSearch<JavaOp>>) -> Progress<'a> {
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

/// Boots the program's VM and sets it up for the checker as `settings` and the configured
/// plugins say.
fn build_model(
    config: &Config,
    target: &Target,
    settings: &CheckSettings,
) -> Result<JavaModel, LaunchError> {
    let mut checker = Checker::new(settings.policy, settings.max_transition);
    checker.enumerate_random = settings.enumerate_random;
    checker.protection.enabled = settings.sync_detection;
    let mut vm = launch::prepare(config, target, checker)?;
    vm.io.quiet = !settings.output;
    let selection = Selection::of(&settings.properties);
    let mut properties = selection.builtin;
    let builtin = properties.len();
    if let Some(plugins) = Plugins::from_config(config, &selection.plugins)? {
        let machine = &mut vm.machine;
        machine.vm_events = crate::plugins::events::vm_mask(plugins.mask);
        machine.instrumented =
            plugins.mask.intersects(INSTRUCTION_EVENTS) || plugins.has_insn_factory();
        if plugins.has_scheduler() {
            machine.scheduler = Scheduler::Plugin;
        }
        properties.extend(Selection::plugin_properties(plugins.property_names()));
        machine.plugins = Some(Box::new(plugins));
    }
    let plugins = vm.machine.plugins.is_some();
    let mut model = JavaModel::new(vm, properties, builtin);
    // Plugins hear every transition and may keep state across them, which sleep sets
    // would change; other searches have no use for them.
    let depth_first = matches!(
        settings.strategy,
        Strategy::DepthFirst | Strategy::Random { .. }
    );
    if settings.sleep_sets && depth_first && !plugins {
        model.enable_sleep_sets();
    }
    // The classes the VM loaded while it booted, before plugins listened.
    model.vm.report_loaded_classes();
    if Checker::wants_plugin(&model.vm, EventKind::VmInitialized) {
        let event = rpf_plugin_api::Event::new(EventKind::VmInitialized, 0);
        Checker::fire(&mut model.vm, Frames::Parked, &event);
    }
    Ok(model)
}

/// Runs the search on one thread, starting over whenever lock-protection detection finds
/// an assumption wrong.
fn search_sequentially(
    settings: &CheckSettings,
    search: &Search<JavaState>,
    model: &mut JavaModel,
) -> parallel::Searched {
    let mut progress = Progress::new(settings.progress_interval, None);
    let mut restarts = 0u32;
    let report = loop {
        let report = search.run_observed(model, &mut progress);
        if model.restart_requested() && report.errors.is_empty() && model.unsupported.is_none() {
            start_over(model, &mut restarts);
            continue;
        }
        break report;
    };
    parallel::Searched {
        report,
        restarts,
        helpers: parallel::HelperTotals::default(),
    }
}

/// Counts a restart of the search (a lock-protection assumption failed) and returns the
/// model to its initial state.
fn start_over(model: &mut JavaModel, restarts: &mut u32) {
    *restarts += 1;
    tracing::info!(
        restarts = *restarts,
        "a lock-protection assumption failed; restarting the search"
    );
    model.reset();
}

/// Model checks `target`; with `replay`, follows that trace instead of searching.
pub fn check(
    config: &Config,
    target: &Target,
    replay: Option<&SavedTrace>,
) -> Result<(CheckResult, CheckSettings), LaunchError> {
    rpf_config::keys::validate(config)?;
    let settings = CheckSettings::from_config(config)?;
    let mut model = build_model(config, target, &settings)?;
    let strategy = match replay {
        Some(t) => Strategy::Path(t.path.clone()),
        None => settings.strategy.clone(),
    };
    let search = Search::new(strategy.clone()).with_limits(settings.limits.clone());
    let baseline_memory = model::resident_memory();
    let searched = if settings.workers > 1 && replay.is_none() {
        parallel::search(config, target, &settings, &search, &mut model)?
    } else {
        search_sequentially(&settings, &search, &mut model)
    };
    let parallel::Searched {
        report,
        restarts,
        helpers,
    } = searched;
    model.vm.io.flush();
    let (listener_reports, plugin_failure) = match model.vm.machine.plugins.as_mut() {
        Some(p) => (p.reports(), p.shared.failure.clone()),
        None => Default::default(),
    };
    if let Some(message) = model
        .unsupported
        .take()
        .filter(|_| plugin_failure.is_none())
    {
        return Err(LaunchError::Unsupported(message));
    }
    // Traces are recorded by replaying paths: listeners must not hear them again.
    model.vm.machine.vm_events = 0;
    if let Some(plugins) = model.vm.machine.plugins.as_mut() {
        plugins.mute_listeners();
    }
    let instructions = model.vm.instructions + helpers.instructions;
    let objects = model.objects_allocated() + helpers.objects;
    let mut stats = model.stats.clone();
    stats.add(&helpers.stats);
    let mut sources = Sources::new(settings.source_path.clone());
    let initial = model.initial_state();
    model.vm.io.quiet = true;
    let errors = report
        .errors
        .iter()
        .map(|e| FoundError {
            error: e.error.clone(),
            trace: initial
                .as_ref()
                .map(|s0| trace::record(&mut model, s0, &e.path, &e.indices, &mut sources))
                .unwrap_or_default(),
            path: e.indices.clone(),
        })
        .collect::<Vec<_>>();
    let verdict = if !errors.is_empty() {
        Verdict::Violation
    } else if report.is_complete() {
        Verdict::NoViolation
    } else {
        Verdict::Incomplete
    };
    let result = CheckResult {
        verdict,
        errors,
        stats,
        instructions,
        objects,
        classes: model.vm.classes.len(),
        target: target.clone(),
        strategy,
        report,
        restarts,
        baseline_memory,
        listener_reports,
        plugin_failure,
    };
    if let (Some(path), Some(first)) = (&settings.trace_file, result.errors.first()) {
        let saved = SavedTrace {
            format: TRACE_FORMAT.to_string(),
            target: target.main_class.clone(),
            args: target.args.clone(),
            path: first.path.clone(),
            steps: first.trace.clone(),
        };
        let text = serde_json::to_string_pretty(&saved).unwrap_or_default();
        std::fs::write(path, text).map_err(|e| LaunchError::Output(path.clone(), e))?;
    }
    if let Some(path) = &settings.json_file {
        let text = serde_json::to_string_pretty(&report::json(&result)).unwrap_or_default();
        std::fs::write(path, text).map_err(|e| LaunchError::Output(path.clone(), e))?;
    }
    Ok((result, settings))
}

/// Reads a trace saved with `report.trace.file`.
pub fn load_trace(path: &std::path::Path) -> Result<SavedTrace, LaunchError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| LaunchError::Input(format!("cannot read trace {}: {e}", path.display())))?;
    let trace: SavedTrace = serde_json::from_str(&text)
        .map_err(|e| LaunchError::Input(format!("{} is not an rpf trace: {e}", path.display())))?;
    if trace.format != TRACE_FORMAT {
        return Err(LaunchError::Input(format!(
            "{} has trace format \"{}\", expected \"{TRACE_FORMAT}\"",
            path.display(),
            trace.format
        )));
    }
    Ok(trace)
}
