//! Model checking a Java program: settings, the search over the VM, error traces, reports.

pub mod checker;
pub mod choice;
mod confirm;
pub mod fingerprint;
pub mod footprint;
pub mod heuristic;
pub mod machine;
mod modcount;
pub mod model;
pub(crate) mod output;
mod parallel;
pub mod policy;
mod progress;
pub mod property;
pub mod protection;
mod reachability;
pub mod report;
pub mod result;
pub mod scheduling;
pub mod settings;
mod setup;
pub mod sharing;
pub mod source;
#[cfg(test)]
pub(crate) mod testing;
pub mod thread_end;
pub mod trace;
pub mod transition;
pub mod violation;
pub mod watch;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use rpf_config::Config;
use rpf_jvm::Unsupported;
use rpf_search::{Search, Strategy};

use crate::launch::{LaunchError, Target};
use model::{JavaModel, JavaState};
use progress::Progress;
use result::{CheckResult, FoundError, Verdict};
use settings::CheckSettings;
use setup::{build_model, start_over};
use source::Sources;
use trace::{SavedTrace, TRACE_FORMAT};

/// Runs the search on one thread, starting over whenever one of its assumptions (lock
/// protection, fused thread ends) proves wrong.
fn search_sequentially(
    settings: &CheckSettings,
    search: &Search<JavaState>,
    model: &mut JavaModel,
) -> parallel::Searched {
    let mut progress = Progress::of(model, settings.progress_interval, None);
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

/// A check ready to run: the program booted into a model, the search configured, the
/// report files claimed.
pub struct Prepared {
    settings: CheckSettings,
    model: JavaModel,
    search: Search<JavaState>,
    strategy: Strategy<JavaState>,
    target: Target,
    replay: Option<SavedTrace>,
}

impl Prepared {
    /// The console report's header, printed before the program runs.
    pub fn header(&self) -> String {
        report::header(&self.target, &self.strategy)
    }
}

/// What a check produced, and the report files it could not write (each failure is reported
/// on its own: it neither hides the verdict nor keeps the other report from being written).
pub struct Checked {
    /// The verdict, the errors and the statistics.
    pub result: CheckResult,
    /// Report files that could not be written.
    pub unwritten: Vec<LaunchError>,
}

/// Prepares to model check `target` (with `replay`, to follow that trace instead of
/// searching); `interrupt`, once raised, ends the search early with its reports written.
pub fn prepare(
    config: &Config,
    target: &Target,
    replay: Option<&SavedTrace>,
    interrupt: Option<Arc<AtomicBool>>,
) -> Result<Prepared, LaunchError> {
    let settings = claim_settings(config, interrupt)?;
    prepare_with(config, target, settings, replay)
}

/// The checker's settings after checking the whole configuration, with the report files
/// claimed: what every search of one invocation shares.
pub fn claim_settings(
    config: &Config,
    interrupt: Option<Arc<AtomicBool>>,
) -> Result<CheckSettings, LaunchError> {
    crate::launch::check_configuration(config, true)?;
    let mut settings = CheckSettings::from_config(config)?;
    settings.limits.interrupt = interrupt;
    for path in [&settings.json_file, &settings.trace_file]
        .into_iter()
        .flatten()
    {
        output::claim(path)?;
    }
    Ok(settings)
}

/// Prepares to model check `target` with settings already claimed; the report files named in
/// `settings` are the ones this check writes.
pub fn prepare_with(
    config: &Config,
    target: &Target,
    settings: CheckSettings,
    replay: Option<&SavedTrace>,
) -> Result<Prepared, LaunchError> {
    let mut model = build_model(config, target, &settings)?;
    if let Some(saved) = replay {
        model.assume(&saved.assumed);
    }
    let strategy = match replay {
        Some(t) => Strategy::Path(t.path.clone()),
        None => settings.strategy.clone(),
    };
    let search = Search::new(strategy.clone()).with_limits(settings.limits.clone());
    Ok(Prepared {
        settings,
        model,
        search,
        strategy,
        target: target.clone(),
        replay: replay.cloned(),
    })
}

/// Runs a prepared check and writes its report files.
pub fn run(config: &Config, prepared: Prepared) -> Result<Checked, LaunchError> {
    let Prepared {
        settings,
        mut model,
        search,
        target,
        replay,
        ..
    } = prepared;
    let baseline_memory = watch::resident_memory();
    let searched = if settings.workers > 1 && replay.is_none() {
        parallel::search(config, &target, &settings, &search, &mut model)?
    } else {
        search_sequentially(&settings, &search, &mut model)
    };
    let parallel::Searched {
        report,
        restarts,
        helpers,
    } = searched;
    model.vm.io.flush();
    let (plugin_reports, plugin_failure) = match model.vm.machine.plugins.as_mut() {
        Some(p) => (p.reports(), p.shared.failure.clone()),
        None => Default::default(),
    };
    let mut cuts = model.plugin_cuts();
    cuts.append(&mut model.cuts);
    cuts.sort();
    cuts.dedup();
    let unsupported = match model.unsupported.take() {
        _ if plugin_failure.is_some() => None,
        Some(Unsupported::Setting(message)) => return Err(LaunchError::Setting(message)),
        Some(Unsupported::Feature(what)) => Some(what),
        None => None,
    };
    // Traces are recorded by replaying paths: listeners must not hear them again, except
    // those whose choices the paths took.
    model.vm.machine.vm_events = 0;
    if let Some(plugins) = model.vm.machine.plugins.as_mut() {
        plugins.mute_listeners();
        model.vm.machine.vm_events = crate::plugins::events::vm_mask(plugins.mask);
    }
    let instructions = model.vm.instructions + helpers.instructions;
    let objects = model.objects_allocated() + helpers.objects;
    let mut stats = model.stats.clone();
    stats.add(&helpers.stats);
    let mut sources = Sources::new(settings.source_path.clone());
    let initial = model.initial_state();
    model.vm.io.quiet = true;
    if let (Some(saved), Some(s0)) = (&replay, &initial) {
        if let Some(parting) = trace::divergence(&mut model, s0, saved) {
            return Err(LaunchError::Input(format!(
                "the trace does not fit the program: {parting}"
            )));
        }
    }
    let mut errors = report
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
    for e in &mut errors {
        if !e.error.confirm_with.is_empty() {
            let recurs = confirm::recurs(config, &target, &e.error, &e.error.confirm_with)?;
            e.error.confirmed = Some(recurs);
        }
    }
    let unconfirmed = errors
        .iter()
        .filter(|e| e.error.confirmed == Some(false))
        .count();
    if unconfirmed > 0 {
        cuts.push(format!(
            "{unconfirmed} violation(s) found symbolically did not recur when the program ran on their inputs (reported as unconfirmed)"
        ));
    }
    let verdict = if errors.len() > unconfirmed {
        Verdict::Violation
    } else if errors.is_empty() && report.is_complete() && unsupported.is_none() && cuts.is_empty()
    {
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
        target,
        report,
        unsupported,
        ended_by: model
            .vm
            .machine
            .terminated
            .then_some("the program (Verify.terminateSearch)"),
        cuts,
        restarts,
        baseline_memory,
        plugin_reports,
        plugin_failure,
    };
    let mut unwritten = Vec::new();
    if let (Some(path), Some(first)) = (&settings.trace_file, result.errors.first()) {
        let saved = SavedTrace {
            format: TRACE_FORMAT.to_string(),
            target: result.target.main_class.clone(),
            args: result.target.args.clone(),
            path: first.path.clone(),
            steps: first.trace.clone(),
            assumed: model.assumed(),
            settings: trace::scheduling_settings(config),
        };
        let text = serde_json::to_string_pretty(&saved).unwrap_or_default();
        unwritten.extend(output::write_atomically(path, &text).err());
    }
    if let Some(path) = &settings.json_file {
        let text = serde_json::to_string_pretty(&report::json(&result)).unwrap_or_default();
        unwritten.extend(output::write_atomically(path, &text).err());
    }
    Ok(Checked { result, unwritten })
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
