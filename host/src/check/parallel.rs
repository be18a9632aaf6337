//! The search with several workers (`search.workers`): each worker thread boots its own VM
//! (the VM is single-threaded by design) and runs a depth-first search in its own order;
//! the workers share the visited set, so together they explore every state once (see
//! [`rpf_search::SharedSearch`]). Worker 0 runs on the calling thread with the model
//! that later records the error traces: paths are sequences of choices from the initial
//! state, which every worker's VM reaches identically.

use rpf_config::Config;
use rpf_jvm::Unsupported;

use super::model::{JavaModel, JavaOp, JavaState, ModelStats, SharedAssumptions};
use super::progress::Progress;
use super::settings::CheckSettings;
use super::setup::{build_model, start_over};
use super::violation::JavaError;
use crate::launch::{LaunchError, Target};
use rpf_search::{NoObserver, Report, Search, SharedSearch};

/// Stack size of worker threads: the main thread's, so that a worker runs whatever the main
/// thread runs.
const WORKER_STACK: usize = 8 << 20;

/// What a search produced.
pub(super) struct Searched {
    /// The (merged) search report.
    pub report: Report<JavaOp, JavaError>,
    /// Times the search started over after one of its assumptions failed.
    pub restarts: u32,
    /// Counters of the workers other than worker 0.
    pub helpers: HelperTotals,
}

/// Counters of helper workers (worker 0's are in its model).
#[derive(Debug, Default)]
pub(super) struct HelperTotals {
    /// Bytecode instructions executed.
    pub instructions: u64,
    /// Objects allocated during the search.
    pub objects: u64,
    /// Choice generators and garbage collection.
    pub stats: ModelStats,
}

impl HelperTotals {
    fn add(&mut self, other: &HelperTotals) {
        self.instructions += other.instructions;
        self.objects += other.objects;
        self.stats.add(&other.stats);
    }
}

/// One helper's result for one round of the search.
struct HelperRound {
    report: Report<JavaOp, JavaError>,
    counters: HelperTotals,
    restart: bool,
    unsupported: Option<Unsupported>,
    /// Why plugins found the helper's part of the search not exhaustive.
    cuts: Vec<String>,
}

/// Runs `settings.workers` workers until the search ends without a failed assumption; the
/// workers share what they learn about the assumptions, across rounds.
/// Their VMs load classes in whatever order their paths need them: fingerprints identify
/// classes and methods by stable keys, not ids, so equal states match across workers.
pub(super) fn search(
    config: &Config,
    target: &Target,
    settings: &CheckSettings,
    search: &Search<JavaState>,
    model: &mut JavaModel,
) -> Result<Searched, LaunchError> {
    let assumptions = SharedAssumptions::default();
    model.share_assumptions(&assumptions);
    let mut totals = HelperTotals::default();
    let mut restarts = 0u32;
    loop {
        let shared = SharedSearch::new(settings.workers);
        let (first, helpers) = std::thread::scope(|scope| {
            let handles: Vec<_> = (1..settings.workers)
                .filter_map(|worker| {
                    let (shared, assumptions) = (&shared, assumptions.clone());
                    std::thread::Builder::new()
                        .name(format!("rpf-worker-{worker}"))
                        .stack_size(WORKER_STACK)
                        .spawn_scoped(scope, move || {
                            let shares = Shares {
                                search: shared,
                                assumptions,
                            };
                            helper(config, target, settings, search, shares, worker)
                        })
                        .inspect_err(|e| tracing::warn!(worker, "cannot start a worker: {e}"))
                        .ok()
                })
                .collect();
            let mut progress = Progress::of(model, settings.progress_interval, Some(&shared));
            let first = search.run_worker(model, &mut progress, &shared, 0);
            let helpers: Vec<Result<HelperRound, LaunchError>> = handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect();
            (first, helpers)
        });
        let mut restart = model.restart_requested();
        let mut reports = vec![first];
        for h in helpers {
            let h = h?;
            totals.add(&h.counters);
            restart |= h.restart;
            if model.unsupported.is_none() {
                model.unsupported = h.unsupported;
            }
            model.cuts.extend(h.cuts);
            reports.push(h.report);
        }
        let found = reports.iter().any(|r| !r.errors.is_empty());
        if restart && !found && model.unsupported.is_none() {
            start_over(model, &mut restarts);
            model.share_assumptions(&assumptions);
            continue;
        }
        let report = Report::merge(reports, &shared, settings.limits.max_errors);
        return Ok(Searched {
            report,
            restarts,
            helpers: totals,
        });
    }
}

/// What a helper shares with the other workers.
struct Shares<'a> {
    search: &'a SharedSearch<JavaOp>,
    assumptions: SharedAssumptions,
}

/// Worker `worker`: boots its own VM and searches with it.
fn helper(
    config: &Config,
    target: &Target,
    settings: &CheckSettings,
    search: &Search<JavaState>,
    shares: Shares<'_>,
    worker: usize,
) -> Result<HelperRound, LaunchError> {
    let mut model = build_model(config, target, settings)?;
    model.share_assumptions(&shares.assumptions);
    let report = search.run_worker(&mut model, &mut NoObserver, shares.search, worker);
    Ok(HelperRound {
        report,
        counters: HelperTotals {
            instructions: model.vm.instructions,
            objects: model.objects_allocated(),
            stats: model.stats.clone(),
        },
        restart: model.restart_requested(),
        unsupported: model.unsupported.take(),
        cuts: model.plugin_cuts(),
    })
}
