//! Model-checking settings read from the configuration (JPF's key names).

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Duration;

use rpf_config::{Config, ConfigError};

use crate::search::{DropPolicy, Limits, Strategy};
use crate::vm::explore::{Choice, Heuristic, Policy, DEFAULT_MAX_TRANSITION};

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
    /// Report uncaught exceptions.
    pub check_exceptions: bool,
    /// Report deadlocks.
    pub check_deadlocks: bool,
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
    /// Heuristic generators by symbolic name.
    pub heuristics: HashMap<String, Vec<Choice>>,
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

fn float_list(config: &Config, key: &str) -> Result<Vec<f64>, ConfigError> {
    config
        .list(key)
        .iter()
        .map(|v| {
            v.parse::<f64>()
                .map_err(|_| config.invalid(key, format!("\"{v}\" is not a number")))
        })
        .collect()
}

/// Built-in heuristic generators configured as `<name>.class` (JPF's class names).
fn heuristics(config: &Config) -> Result<HashMap<String, Vec<Choice>>, ConfigError> {
    let mut map = HashMap::new();
    let keys: Vec<(String, String)> = config
        .keys()
        .filter_map(|k| {
            Some((
                k.strip_suffix(".class")?.to_string(),
                config.get(k)?.to_string(),
            ))
        })
        .collect();
    for (name, class) in keys {
        let key = |suffix: &str| format!("{name}.{suffix}");
        let choices = match class.as_str() {
            "gov.nasa.jpf.vm.choice.IntIntervalGenerator" => {
                let min = config.int(&key("min"))?.unwrap_or(0);
                let max = config.int(&key("max"))?.ok_or_else(|| {
                    config.invalid(&key("class"), format!("{} is required", key("max")))
                })?;
                let delta = config.int(&key("delta"))?.unwrap_or(1).max(1);
                if max - min > 10_000_000 {
                    return Err(config.invalid(&key("max"), "interval too large to enumerate"));
                }
                (min..=max)
                    .step_by(delta as usize)
                    .map(|v| Choice::Int(v as i32))
                    .collect()
            }
            "gov.nasa.jpf.vm.choice.IntChoiceFromSet" => float_list(config, &key("values"))?
                .into_iter()
                .map(|v| Choice::Int(v as i32))
                .collect(),
            "gov.nasa.jpf.vm.choice.DoubleChoiceFromSet" => float_list(config, &key("values"))?
                .into_iter()
                .map(Choice::Double)
                .collect(),
            "gov.nasa.jpf.vm.choice.DoubleThresholdGenerator" => {
                let t = config.float(&key("threshold"))?.unwrap_or(0.0);
                let d = config.float(&key("delta"))?.unwrap_or(1.0);
                vec![
                    Choice::Double(t - d),
                    Choice::Double(t),
                    Choice::Double(t + d),
                ]
            }
            _ => continue,
        };
        map.insert(name, choices);
    }
    Ok(map)
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
        let has = |short: &str, long: &str| {
            properties.is_empty() || properties.iter().any(|p| p == short || p == long)
        };
        for p in &properties {
            if !matches!(
                p.as_str(),
                "gov.nasa.jpf.vm.NotDeadlockedProperty"
                    | "gov.nasa.jpf.vm.NoUncaughtExceptionsProperty"
                    | "deadlock"
                    | "uncaught"
            ) {
                return Err(
                    config.invalid("search.properties", format!("unknown property \"{p}\""))
                );
            }
        }
        let mut source_path: Vec<PathBuf> = config
            .path_list("sourcepath")
            .into_iter()
            .map(PathBuf::from)
            .collect();
        source_path.extend(config.path_list("classpath").into_iter().map(PathBuf::from));
        source_path.push(PathBuf::from("."));
        Ok(CheckSettings {
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
            check_exceptions: has("uncaught", "gov.nasa.jpf.vm.NoUncaughtExceptionsProperty"),
            check_deadlocks: has("deadlock", "gov.nasa.jpf.vm.NotDeadlockedProperty"),
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
            heuristics: heuristics(config)?,
        })
    }
}
