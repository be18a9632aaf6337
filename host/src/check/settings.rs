//! Model-checking settings read from the configuration (JPF's key names).

use std::path::PathBuf;
use std::time::Duration;

use rpf_config::{Config, ConfigError};

use super::heuristic::HeuristicName as Heuristic;
use super::machine::DEFAULT_MAX_TRANSITION;
use super::property::Selection;
use super::scheduling::Policy;
use crate::search::{DropPolicy, Limits, Strategy};

/// Everything the checker reads from the configuration.
#[derive(Debug, Clone)]
pub struct CheckSettings {
    /// Search order.
    pub strategy: Strategy,
    /// Search bounds.
    pub limits: Limits,
    /// Best-first priority.
    pub heuristic: Heuristic,
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

/// JPF search class names and rpf's short names.
fn strategy(config: &Config) -> Result<(Strategy, Heuristic), ConfigError> {
    let seed = config.uint("search.seed")?.unwrap_or(42);
    let name = config
        .get("search.class")
        .unwrap_or("gov.nasa.jpf.search.DFSearch");
    Ok(match name {
        "gov.nasa.jpf.search.DFSearch" | "dfs" | "depth-first" => (Strategy::DepthFirst, Heuristic::BreadthFirst),
        "gov.nasa.jpf.search.heuristic.BFSHeuristic" | "gov.nasa.jpf.search.BFSearch" | "bfs" | "breadth-first" => {
            (Strategy::BreadthFirst, Heuristic::BreadthFirst)
        }
        "gov.nasa.jpf.search.heuristic.MostBlocked" | "most-blocked" => (Strategy::BestFirst, Heuristic::MostBlocked),
        "gov.nasa.jpf.search.heuristic.HeuristicSearch" | "best-first" => (Strategy::BestFirst, Heuristic::BreadthFirst),
        "gov.nasa.jpf.search.RandomSearch" | "random" => (Strategy::Random { seed }, Heuristic::BreadthFirst),
        "gov.nasa.jpf.search.Simulation" | "simulation" => (Strategy::Simulation { seed }, Heuristic::BreadthFirst),
        other => {
            return Err(config.invalid(
                "search.class",
                format!("unknown search \"{other}\"; use gov.nasa.jpf.search.DFSearch, gov.nasa.jpf.search.heuristic.BFSHeuristic, gov.nasa.jpf.search.heuristic.MostBlocked, gov.nasa.jpf.search.RandomSearch or gov.nasa.jpf.search.Simulation"),
            ))
        }
    })
}

impl CheckSettings {
    /// Reads the settings; errors name the key and its origin.
    pub fn from_config(config: &Config) -> Result<CheckSettings, ConfigError> {
        let (strategy, heuristic) = strategy(config)?;
        let multiple = config.bool_or("search.multiple_errors", false)?;
        let max_errors = match config.uint("search.max_errors")? {
            Some(n) => n.max(1) as usize,
            None if multiple => usize::MAX,
            None => 1,
        };
        let drop = match config.get("search.queue_drop").unwrap_or("newest") {
            "newest" => DropPolicy::Newest,
            "oldest" => DropPolicy::Oldest,
            "random" => DropPolicy::Random,
            other => {
                return Err(config.invalid(
                    "search.queue_drop",
                    format!("\"{other}\" is not newest, oldest or random"),
                ))
            }
        };
        let properties = config.list("search.properties");
        let mut source_path: Vec<PathBuf> = config
            .path_list("sourcepath")
            .into_iter()
            .map(PathBuf::from)
            .collect();
        source_path.extend(config.path_list("classpath").into_iter().map(PathBuf::from));
        source_path.push(PathBuf::from("."));
        let workers = workers(config, &strategy, &properties)?;
        Ok(CheckSettings {
            workers,
            sleep_sets: config.bool_or("search.sleep_sets", true)?,
            strategy,
            limits: Limits {
                max_depth: config.uint("search.depth_limit")?.map(|d| d as usize),
                max_states: config.uint("search.max_states")?,
                time_limit: config.duration("search.time_limit")?,
                memory_limit: config.bytes("search.memory_limit")?,
                max_errors,
                queue_limit: config
                    .uint("search.queue_limit")?
                    .map(|q| q.max(1) as usize),
                drop,
            },
            heuristic,
            policy: Policy {
                por: config.bool_or("vm.por", true)?,
                system_atomic: config.bool_or("vm.por.system_atomic", true)?,
                timeouts: config.bool_or("vm.timeouts", true)?,
            },
            sync_detection: config.bool_or("vm.por.sync_detection", true)?,
            properties,
            enumerate_random: config.bool_or("cg.enumerate_random", false)?,
            output: config.bool_or("vm.output", true)?,
            max_transition: config
                .uint("vm.max_transition")?
                .unwrap_or(DEFAULT_MAX_TRANSITION)
                .max(1000),
            json_file: config.get("report.json.file").map(PathBuf::from),
            trace_file: config.get("report.trace.file").map(PathBuf::from),
            progress_interval: config
                .duration("report.progress")?
                .unwrap_or(Duration::from_secs(5)),
            source_path,
        })
    }
}

/// `search.workers`: a number, or `auto` for one per core. More than one worker needs a
/// depth-first (or random) search, whose workers can split the state space through the
/// shared visited set, and no plugins, which hear the events of one sequential search.
fn workers(
    config: &Config,
    strategy: &Strategy,
    properties: &[String],
) -> Result<usize, ConfigError> {
    let workers = match config.get("search.workers") {
        None => 1,
        Some("auto") => std::thread::available_parallelism().map_or(1, |n| n.get()),
        Some(text) => text.parse::<usize>().map_err(|_| {
            config.invalid(
                "search.workers",
                format!("\"{text}\" is neither a number of workers nor auto"),
            )
        })?,
    }
    .max(1);
    if workers > 1 {
        if !matches!(strategy, Strategy::DepthFirst | Strategy::Random { .. }) {
            return Err(config.invalid(
                "search.workers",
                "more than one worker needs a depth-first or random search (search.class)"
                    .to_string(),
            ));
        }
        let plugin_properties = Selection::of(properties).plugins;
        if crate::plugins::dispatch::any_requested(config, &plugin_properties) {
            return Err(config.invalid(
                "search.workers",
                "more than one worker cannot be combined with plugins (they hear one sequential search)"
                    .to_string(),
            ));
        }
    }
    Ok(workers)
}
