//! Model-checking settings read from the configuration (JPF's key names).

use std::path::PathBuf;
use std::time::Duration;

use rpf_config::keys::{self, QueueDrop, SearchClass};
use rpf_config::types::Amount;
use rpf_config::{Config, ConfigError};
use rpf_jvm::fs::FsMode;
use rpf_jvm::time::Timeouts;

use super::heuristic::MostBlocked;
use super::model::JavaState;
use super::policy::Policy;
use super::property::Selection;
use rpf_search::{heuristic, DropPolicy, Limits, Strategy};

/// Everything the checker reads from the configuration.
#[derive(Debug, Clone)]
pub struct CheckSettings {
    /// Search order (with the heuristic of a best-first search).
    pub strategy: Strategy<JavaState>,
    /// Search bounds.
    pub limits: Limits,
    /// Scheduling policy.
    pub policy: Policy,
    /// Lock-protection detection for fields.
    pub sync_detection: bool,
    /// The properties `search.properties` names.
    pub properties: Vec<String>,
    /// Turn `java.util.Random` into choices.
    pub enumerate_random: bool,
    /// Show the program's output during the search.
    pub output: bool,
    /// Where file operations go (`vm.fs`).
    pub fs: FsMode,
    /// Instructions per transition before a forced scheduling point.
    pub max_transition: u64,
    /// Write the JSON report here.
    pub json_file: Option<PathBuf>,
    /// Write the first error's trace here (for `--replay`).
    pub trace_file: Option<PathBuf>,
    /// Print a progress line this often (0 = never).
    pub progress_interval: Duration,
    /// Where to look for source files for the trace.
    pub source_path: Vec<PathBuf>,
    /// Search workers, each on its own thread and VM (`search.workers`).
    pub workers: usize,
    /// Sleep sets in depth-first search (`search.sleep_sets`).
    pub sleep_sets: bool,
}

/// The search `search.class` selects.
fn strategy(config: &Config) -> Result<Strategy<JavaState>, ConfigError> {
    let seed = keys::SEARCH_SEED.get(config)?;
    Ok(match keys::SEARCH_CLASS.get(config)? {
        SearchClass::DepthFirst => Strategy::DepthFirst,
        SearchClass::BreadthFirst => Strategy::BreadthFirst,
        SearchClass::MostBlocked => Strategy::best_first(MostBlocked),
        SearchClass::BestFirst => Strategy::best_first(heuristic::BreadthFirst),
        SearchClass::Random => Strategy::Random { seed },
        SearchClass::Simulation => Strategy::Simulation { seed },
    })
}

/// A count from the configuration as a `usize` (counts beyond it mean "no limit" anyway).
fn to_usize(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

impl CheckSettings {
    /// Reads the settings; errors name the key and its origin.
    pub fn from_config(config: &Config) -> Result<CheckSettings, ConfigError> {
        let strategy = strategy(config)?;
        let max_errors = match keys::SEARCH_MAX_ERRORS.get(config)? {
            Some(n) => to_usize(n),
            None if keys::SEARCH_MULTIPLE_ERRORS.get(config)? => usize::MAX,
            None => 1,
        };
        let drop = match keys::SEARCH_QUEUE_DROP.get(config)? {
            QueueDrop::Newest => DropPolicy::Newest,
            QueueDrop::Oldest => DropPolicy::Oldest,
            QueueDrop::Random => DropPolicy::Random,
        };
        let properties = keys::SEARCH_PROPERTIES.get(config)?.unwrap_or_default();
        let mut source_path = keys::SOURCEPATH.get(config)?.unwrap_or_default();
        source_path.extend(keys::CLASSPATH.get(config)?);
        let here = PathBuf::from(".");
        if !source_path.contains(&here) {
            source_path.push(here);
        }
        let workers = workers(config, &strategy, &properties)?;
        Ok(CheckSettings {
            workers,
            sleep_sets: keys::SEARCH_SLEEP_SETS.get(config)?,
            strategy,
            limits: Limits {
                max_depth: keys::SEARCH_DEPTH_LIMIT.get(config)?.map(to_usize),
                max_states: keys::SEARCH_MAX_STATES.get(config)?,
                time_limit: keys::SEARCH_TIME_LIMIT.get(config)?,
                memory_limit: Some(crate::launch::memory_limit(config)?),
                max_errors,
                queue_limit: keys::SEARCH_QUEUE_LIMIT.get(config)?.map(to_usize),
                drop,
                // Set by the caller that installs the signal handlers.
                interrupt: None,
            },
            policy: Policy {
                por: keys::VM_POR.get(config)?,
                system_atomic: keys::VM_POR_SYSTEM_ATOMIC.get(config)?,
                timeouts: Timeouts {
                    enabled: keys::VM_TIMEOUTS.get(config)?,
                    delay: u64::try_from(keys::VM_TIMEOUTS_DELAY.get(config)?.as_nanos())
                        .unwrap_or(u64::MAX),
                },
            },
            sync_detection: keys::VM_POR_SYNC_DETECTION.get(config)?,
            properties,
            enumerate_random: keys::CG_ENUMERATE_RANDOM.get(config)?,
            output: keys::VM_OUTPUT.get(config)?,
            fs: match keys::VM_FS.get(config)? {
                keys::FileSystem::Sandbox => FsMode::Sandbox,
                keys::FileSystem::Real => FsMode::Real,
            },
            max_transition: keys::VM_MAX_TRANSITION.get(config)?,
            json_file: keys::REPORT_JSON_FILE.get(config)?,
            trace_file: keys::REPORT_TRACE_FILE.get(config)?,
            progress_interval: keys::REPORT_PROGRESS.get(config)?,
            source_path,
        })
    }
}

/// `search.workers`: a number, or `auto` for one per core. More than one worker needs a
/// depth-first (or random) search, whose workers can split the state space through the
/// shared visited set, and no plugins, which hear the events of one sequential search.
fn workers(
    config: &Config,
    strategy: &Strategy<JavaState>,
    properties: &[String],
) -> Result<usize, ConfigError> {
    let workers = match keys::SEARCH_WORKERS.get(config)? {
        Amount::Auto => std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(to_usize(keys::MAX_WORKERS)),
        Amount::Exactly(n) => to_usize(n),
    };
    if workers > 1 {
        if !matches!(strategy, Strategy::DepthFirst | Strategy::Random { .. }) {
            return Err(keys::SEARCH_WORKERS.invalid(
                config,
                "more than one worker needs a depth-first or random search (search.class)",
            ));
        }
        let plugin_properties = Selection::of(properties).plugins;
        if crate::plugins::dispatch::any_requested(config, &plugin_properties)? {
            return Err(keys::SEARCH_WORKERS.invalid(
                config,
                "more than one worker cannot be combined with plugins (they hear one sequential search)",
            ));
        }
    }
    Ok(workers)
}
