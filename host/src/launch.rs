//! From configuration to a running VM: finding the JDK, building the class path, booting,
//! and running `main` under the plain-execution scheduler.

use std::path::PathBuf;

use rpf_config::{Config, ConfigError};

use rpf_jvm::boot::BootError;
use rpf_jvm::classpath::{find_java_home, ClassPath, ClassPathError, JavaHome};
use rpf_jvm::plain::{Outcome, Plain};
use rpf_jvm::{Machine, Vm, VmOptions};

/// Why rpf could not run the program (as opposed to the program failing).
#[derive(Debug, thiserror::Error)]
pub enum LaunchError {
    /// A configuration problem.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// No usable JDK.
    #[error("{0}")]
    NoJdk(String),
    /// A class path entry could not be read.
    #[error(transparent)]
    ClassPath(#[from] ClassPathError),
    /// The VM could not start the program.
    #[error(transparent)]
    Boot(#[from] BootError),
    /// No main class was given.
    #[error("no target class given: name a main class or set `target` in the .jpf file")]
    NoTarget,
    /// The program needs something rpf does not support.
    #[error("{0}")]
    Unsupported(String),
    /// An input file (trace, ...) is unusable.
    #[error("{0}")]
    Input(String),
    /// A report file could not be written.
    #[error("cannot write {0}: {1}")]
    Output(std::path::PathBuf, std::io::Error),
    /// A plugin could not be found, loaded or created.
    #[error(transparent)]
    Plugin(#[from] crate::plugins::PluginError),
}

/// A configuration key rpf itself interprets.
#[derive(Debug, Clone, Copy)]
pub struct KeySpec {
    /// The key.
    pub name: &'static str,
    /// What kind of value it takes.
    pub kind: KeyKind,
    /// One-line description (the README documents the same keys).
    pub help: &'static str,
}

/// The type of a configuration key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyKind {
    /// true/false.
    Bool,
    /// A non-negative integer.
    Count,
    /// Free text.
    Text,
    /// A list of paths.
    Paths,
}

/// Every key rpf reads. Keys in rpf's namespaces that are not listed are rejected so that
/// typos do not silently do nothing.
pub const KNOWN_KEYS: &[KeySpec] = &[
    KeySpec {
        name: "target",
        kind: KeyKind::Text,
        help: "main class to run",
    },
    KeySpec {
        name: "target.args",
        kind: KeyKind::Text,
        help: "comma separated arguments for main",
    },
    KeySpec {
        name: "classpath",
        kind: KeyKind::Paths,
        help: "application class path (directories and jars)",
    },
    KeySpec {
        name: "java.home",
        kind: KeyKind::Text,
        help: "JDK whose class library rpf interprets",
    },
    KeySpec {
        name: "vm.assertions",
        kind: KeyKind::Bool,
        help: "enable Java assertions in application classes (java -ea)",
    },
    KeySpec {
        name: "vm.max_stack_depth",
        kind: KeyKind::Count,
        help: "frames per thread before StackOverflowError",
    },
    KeySpec {
        name: "vm.time_slice",
        kind: KeyKind::Count,
        help: "instructions per thread slice in plain execution",
    },
    KeySpec {
        name: "vm.por",
        kind: KeyKind::Bool,
        help: "partial order reduction: thread switches only at accesses to shared objects",
    },
        KeySpec { name: "vm.por.sync_detection", kind: KeyKind::Bool, help: "fields always accessed under their object's (or class's) lock need no scheduling points" },
    KeySpec { name: "vm.por.system_atomic",
        kind: KeyKind::Bool,
        help: "class library code runs atomically unless it blocks",
    },
    KeySpec {
        name: "vm.timeouts",
        kind: KeyKind::Bool,
        help: "timed waits, sleeps and parks may time out at any scheduling point",
    },
    KeySpec {
        name: "vm.output",
        kind: KeyKind::Bool,
        help: "show the program's output during the search",
    },
    KeySpec {
        name: "vm.max_transition",
        kind: KeyKind::Count,
        help: "instructions per transition before a forced scheduling point",
    },
    KeySpec {
        name: "search.class",
        kind: KeyKind::Text,
        help:
            "search strategy (JPF class name or dfs/bfs/random/best-first/most-blocked/simulation)",
    },
    KeySpec {
        name: "search.depth_limit",
        kind: KeyKind::Count,
        help: "states deeper than this are not explored",
    },
    KeySpec {
        name: "search.max_states",
        kind: KeyKind::Count,
        help: "stop after this many distinct states",
    },
    KeySpec {
        name: "search.time_limit",
        kind: KeyKind::Text,
        help: "stop after this long (90s, 5m, 1h)",
    },
    KeySpec {
        name: "search.memory_limit",
        kind: KeyKind::Text,
        help: "stop when resident memory exceeds this (512m, 4g)",
    },
    KeySpec {
        name: "search.sleep_sets",
        kind: KeyKind::Bool,
        help: "depth-first search skips steps that commute with steps already explored (sleep sets: the same states, fewer transitions)",
    },
    KeySpec {
        name: "search.multiple_errors",
        kind: KeyKind::Bool,
        help: "keep searching after the first error",
    },
    KeySpec {
        name: "search.max_errors",
        kind: KeyKind::Count,
        help: "stop after this many errors",
    },
    KeySpec {
        name: "search.queue_limit",
        kind: KeyKind::Count,
        help: "maximum queued states for breadth-first and heuristic searches",
    },
    KeySpec {
        name: "search.queue_drop",
        kind: KeyKind::Text,
        help: "what a full queue drops: newest, oldest or random",
    },
    KeySpec {
        name: "search.workers",
        kind: KeyKind::Text,
        help: "search threads, each with its own VM: a number or auto (depth-first and random searches without plugins)",
    },
    KeySpec {
        name: "search.seed",
        kind: KeyKind::Count,
        help: "seed of random search and simulation",
    },
    KeySpec {
        name: "search.properties",
        kind: KeyKind::Text,
        help: "properties checked (NotDeadlockedProperty, NoUncaughtExceptionsProperty)",
    },
    KeySpec {
        name: "cg.enumerate_random",
        kind: KeyKind::Bool,
        help: "java.util.Random.nextInt(n)/nextBoolean() become choices",
    },
    KeySpec {
        name: "report.json.file",
        kind: KeyKind::Text,
        help: "write the JSON report to this file",
    },
    KeySpec {
        name: "report.trace.file",
        kind: KeyKind::Text,
        help: "save the first error's trace here (for --replay)",
    },
    KeySpec {
        name: "report.progress",
        kind: KeyKind::Text,
        help: "interval of the progress line on stderr (0 = off)",
    },
    KeySpec {
        name: "sourcepath",
        kind: KeyKind::Paths,
        help: "where the trace looks for source files",
    },
    KeySpec {
        name: "listener",
        kind: KeyKind::Text,
        help: "listener components (comma separated)",
    },
    KeySpec {
        name: "search.listener",
        kind: KeyKind::Text,
        help: "more listener components (JPF's search listeners)",
    },
    KeySpec {
        name: "plugin.path",
        kind: KeyKind::Paths,
        help: "directories and libraries searched for plugins, before the bundled ones",
    },
    KeySpec {
        name: "vm.scheduler_factory.class",
        kind: KeyKind::Text,
        help: "scheduler component deciding where thread choices go",
    },
    KeySpec {
        name: "vm.insn_factory.class",
        kind: KeyKind::Text,
        help: "bytecode factory component overriding chosen instructions",
    },
];

use rpf_config::RESERVED_PREFIXES;

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            cur.push(
                (prev[j] + usize::from(ca != *cb))
                    .min(prev[j + 1] + 1)
                    .min(cur[j] + 1),
            );
        }
        prev = cur;
    }
    prev[b.len()]
}

/// Rejects unknown keys in rpf's namespaces and values of the wrong type.
pub fn validate(config: &Config) -> Result<(), ConfigError> {
    for key in config.keys() {
        if let Some(spec) = KNOWN_KEYS.iter().find(|k| k.name == key) {
            match spec.kind {
                KeyKind::Bool => {
                    config.bool_or(key, false)?;
                }
                KeyKind::Count => {
                    config.uint(key)?;
                }
                KeyKind::Text | KeyKind::Paths => {}
            }
        } else if RESERVED_PREFIXES.iter().any(|p| key.starts_with(p)) {
            let hint = KNOWN_KEYS
                .iter()
                .map(|k| (edit_distance(key, k.name), k.name))
                .filter(|(d, _)| *d <= 3)
                .min()
                .map(|(_, n)| format!("; did you mean \"{n}\"?"))
                .unwrap_or_default();
            return Err(ConfigError::UnknownKey {
                key: key.to_string(),
                origin: config.origin_suffix(key),
                hint,
            });
        }
    }
    Ok(())
}

/// What to run, resolved from the configuration.
#[derive(Debug, Clone)]
pub struct Target {
    /// Main class (dots or slashes).
    pub main_class: String,
    /// Arguments for `main`.
    pub args: Vec<String>,
    /// Class path entries.
    pub classpath: Vec<PathBuf>,
}

impl Target {
    /// Reads `target`, `target.args` and `classpath`; `args` from the command line win over
    /// `target.args`.
    pub fn from_config(config: &Config, args: Option<Vec<String>>) -> Result<Target, LaunchError> {
        let main_class = config
            .get("target")
            .ok_or(LaunchError::NoTarget)?
            .to_string();
        let args = args.unwrap_or_else(|| config.list("target.args"));
        let mut classpath: Vec<PathBuf> = config
            .path_list("classpath")
            .into_iter()
            .map(PathBuf::from)
            .collect();
        if classpath.is_empty() {
            classpath.push(PathBuf::from("."));
        }
        Ok(Target {
            main_class,
            args,
            classpath,
        })
    }
}

/// VM options from the configuration.
pub fn vm_options(config: &Config) -> Result<VmOptions, ConfigError> {
    let defaults = VmOptions::default();
    let depth = config
        .uint("vm.max_stack_depth")?
        .unwrap_or(u64::from(defaults.max_stack_depth));
    if !(16..=1_000_000).contains(&depth) {
        return Err(config.invalid("vm.max_stack_depth", "must be between 16 and 1000000"));
    }
    Ok(VmOptions {
        assertions: config.bool_or("vm.assertions", defaults.assertions)?,
        max_stack_depth: depth as u32,
        time_slice: config
            .uint("vm.time_slice")?
            .unwrap_or(defaults.time_slice)
            .max(1),
    })
}

/// The system properties HotSpot's launcher and VM would set.
fn system_properties(home: &JavaHome, target: &Target) -> Vec<(String, String)> {
    let cp = target
        .classpath
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(":");
    let command = std::iter::once(target.main_class.clone())
        .chain(target.args.iter().cloned())
        .collect::<Vec<_>>()
        .join(" ");
    let feature = home.feature().to_string();
    vec![
        ("java.home".into(), home.root.display().to_string()),
        ("java.class.path".into(), cp),
        ("sun.java.command".into(), command),
        ("sun.java.launcher".into(), "SUN_STANDARD".into()),
        ("java.vm.name".into(), "rpf".into()),
        ("java.vm.vendor".into(), "rpf".into()),
        ("java.vm.version".into(), env!("CARGO_PKG_VERSION").into()),
        ("java.vm.info".into(), "interpreted mode".into()),
        (
            "java.vm.specification.name".into(),
            "Java Virtual Machine Specification".into(),
        ),
        (
            "java.vm.specification.vendor".into(),
            "Oracle Corporation".into(),
        ),
        ("java.vm.specification.version".into(), feature),
        ("jdk.debug".into(), "release".into()),
        ("java.library.path".into(), String::new()),
        (
            "sun.boot.library.path".into(),
            home.root.join("lib").display().to_string(),
        ),
        (
            "sun.reflect.inflationThreshold".into(),
            i32::MAX.to_string(),
        ),
    ]
}

/// Finds the JDK named by the configuration or the environment.
pub fn java_home(config: &Config) -> Result<JavaHome, LaunchError> {
    find_java_home(config.get("java.home")).map_err(LaunchError::NoJdk)
}

/// Builds and boots a VM for `target` driven by `machine`, with `main` ready to run.
pub fn prepare<M: Machine>(
    config: &Config,
    target: &Target,
    machine: M,
) -> Result<Vm<M>, LaunchError> {
    let home = java_home(config)?;
    let classpath = ClassPath::new(&target.classpath, Some(&home.modules()))?;
    let mut vm = Vm::new(
        classpath,
        vm_options(config)?,
        system_properties(&home, target),
        machine,
    );
    vm.boot()?;
    vm.start_main(&target.main_class, &target.args)?;
    Ok(vm)
}

/// Runs the program once, like `java -ea`.
pub fn run(config: &Config, target: &Target) -> Result<Outcome, LaunchError> {
    validate(config)?;
    let mut vm = prepare(config, target, Plain)?;
    Ok(vm.run_to_completion())
}
