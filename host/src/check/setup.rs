//! A model ready for the search: the program's VM booted for the checker, with the
//! configured plugins and the selected properties (each worker of a parallel search builds
//! its own), and the same model back at its initial state when the search starts over.

use rpf_config::Config;
use rpf_jvm::machine::Frames;
use rpf_plugin_api::{EventKind, EventMask};
use rpf_search::Strategy;

use super::checker::Checker;
use super::model::JavaModel;
use super::policy::Scheduler;
use super::property::Selection;
use super::settings::CheckSettings;
use super::watch::Watch;
use crate::launch::{self, LaunchError, Target};
use crate::plugins::Plugins;

/// Events that need instruction-by-instruction execution.
const INSTRUCTION_EVENTS: EventMask = EventMask::of(&[
    EventKind::InstructionExecuting,
    EventKind::InstructionExecuted,
]);

/// Boots the program's VM and sets it up for the checker as `settings` and the configured
/// plugins say.
pub(super) fn build_model(
    config: &Config,
    target: &Target,
    settings: &CheckSettings,
) -> Result<JavaModel, LaunchError> {
    let mut checker = Checker::new(settings.policy, settings.max_transition);
    checker.enumerate_random = settings.enumerate_random;
    checker.protection.enabled = settings.sync_detection;
    checker.watch = Watch::new(&settings.limits);
    let mut vm = launch::prepare(config, target, checker)?;
    vm.io.quiet = !settings.output;
    // Booting only read files; the program's own file operations start here.
    vm.opts.fs = settings.fs;
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

/// Counts a restart of the search (an assumption failed) and returns the model to its
/// initial state.
pub(super) fn start_over(model: &mut JavaModel, restarts: &mut u32) {
    *restarts += 1;
    tracing::info!(
        restarts = *restarts,
        "an assumption of the search failed; restarting the search"
    );
    model.reset();
}
