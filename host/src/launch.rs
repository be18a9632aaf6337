//! From configuration to a running VM: finding the JDK, building the class path, booting,
//! and running `main` under the plain-execution scheduler.

use std::path::PathBuf;

use rpf_config::{keys, Config, ConfigError};

use rpf_jvm::boot::BootError;
use rpf_jvm::classpath::{find_java_home, ClassPath, ClassPathError, JavaHome};
use rpf_jvm::fs::FsMode;
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
    /// The program asked for something its settings do not provide (a named choice without
    /// a configured generator).
    #[error("{0}")]
    Setting(String),
    /// An input file (trace, ...) is unusable.
    #[error("{0}")]
    Input(String),
    /// A report file could not be written.
    #[error("cannot write {0}: {1}")]
    Output(std::path::PathBuf, std::io::Error),
    /// A plugin could not be found, loaded or created.
    #[error(transparent)]
    Plugin(#[from] crate::plugins::PluginError),
    /// Several configuration problems, reported together.
    #[error("{} configuration problems:\n  {}", .0.len(), .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n  "))]
    Several(Vec<LaunchError>),
}

impl LaunchError {
    /// `problems` as one error: itself when there is one, [`LaunchError::Several`] otherwise.
    fn together(mut problems: Vec<LaunchError>) -> Result<(), LaunchError> {
        match problems.len() {
            0 => Ok(()),
            1 => Err(problems.remove(0)),
            _ => Err(LaunchError::Several(problems)),
        }
    }
}

/// Checks every key of `config`, warning once about each JPF key rpf ignores, and reports
/// every problem together; with key problems and `components`, also the components no plugin
/// provides (with none, creating the plugins names them all).
pub fn check_configuration(config: &Config, components: bool) -> Result<(), LaunchError> {
    let found = keys::validate(config);
    for ignored in &found.ignored {
        tracing::warn!("{ignored}");
    }
    let mut problems: Vec<LaunchError> = found.errors.into_iter().map(Into::into).collect();
    if components && !problems.is_empty() {
        let properties = keys::SEARCH_PROPERTIES
            .get(config)
            .ok()
            .flatten()
            .unwrap_or_default();
        let plugin_properties = crate::check::property::Selection::of(&properties).plugins;
        if let Err(e) = crate::plugins::dispatch::check_requested(config, &plugin_properties) {
            problems.push(e.into());
        }
    }
    LaunchError::together(problems)
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
        let main_class = keys::TARGET.get(config)?.ok_or(LaunchError::NoTarget)?;
        let args = match args {
            Some(args) => args,
            None => keys::TARGET_ARGS.get(config)?.unwrap_or_default(),
        };
        Ok(Target {
            main_class,
            args,
            classpath: keys::CLASSPATH.get(config)?,
        })
    }
}

/// VM options from the configuration: the one place that builds them with rpf's defaults.
pub fn vm_options(config: &Config) -> Result<VmOptions, ConfigError> {
    Ok(VmOptions {
        assertions: keys::VM_ASSERTIONS.get(config)?,
        stack_size: keys::VM_STACK_SIZE.get(config)?,
        max_stack_depth: keys::VM_MAX_STACK_DEPTH.get(config)?,
        time_slice: keys::VM_TIME_SLICE.get(config)?,
        heap_limit: heap_limit(config)?,
        // `rpf run` is `java`; the checker chooses its own (`vm.fs`, see `check::setup`).
        fs: FsMode::Real,
        intrinsics: keys::VM_INTRINSICS.get(config)?,
    })
}

/// `vm.heap_limit`, or HotSpot's default maximum heap (a quarter of the physical memory, or
/// of the container's memory limit if lower), at most three quarters of
/// `search.memory_limit`: the rest is rpf's own (classes, stored states, garbage not yet
/// collected), so a program that fills its heap gets its `OutOfMemoryError` before the
/// search stops at the memory limit.
fn heap_limit(config: &Config) -> Result<u64, ConfigError> {
    if let Some(set) = keys::VM_HEAP_LIMIT.get(config)? {
        return Ok(set);
    }
    let quarter = physical_memory() / 4;
    Ok(quarter.min(memory_limit(config)? / 4 * 3))
}

/// `search.memory_limit`, or seven eighths of the memory this process may use: a search
/// that would grow beyond what the machine has stops with its reports written, rather than
/// being killed without them.
pub fn memory_limit(config: &Config) -> Result<u64, ConfigError> {
    Ok(keys::SEARCH_MEMORY_LIMIT
        .get(config)?
        .unwrap_or_else(|| physical_memory() / 8 * 7))
}

/// The memory this process may use: the machine's, or its control group's limit if lower
/// (4 GiB where neither can be read).
fn physical_memory() -> u64 {
    let machine = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
            let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
            Some(kib * 1024)
        });
    let group = std::fs::read_to_string("/sys/fs/cgroup/memory.max")
        .ok()
        .and_then(|text| text.trim().parse::<u64>().ok());
    match (machine, group) {
        (Some(m), Some(g)) => m.min(g),
        (Some(m), None) => m,
        (None, Some(g)) => g,
        (None, None) => 4 << 30,
    }
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
        (
            "java.vm.version".into(),
            home.runtime_version
                .clone()
                .unwrap_or_else(|| home.version.clone()),
        ),
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
    find_java_home(keys::JAVA_HOME.get(config)?.as_deref()).map_err(LaunchError::NoJdk)
}

/// Builds and boots a VM for `target` driven by `machine`, with `main` ready to run.
pub fn prepare<M: Machine>(
    config: &Config,
    target: &Target,
    machine: M,
) -> Result<Vm<M>, LaunchError> {
    let mut vm = boot(config, target, machine)?;
    vm.start_main(&target.main_class, &target.args)?;
    Ok(vm)
}

/// Builds and boots a VM for `target` driven by `machine` (its main class not loaded yet).
pub(crate) fn boot<M: Machine>(
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
    Ok(vm)
}

/// Runs the program once, like `java -ea`.
pub fn run(config: &Config, target: &Target) -> Result<Outcome, LaunchError> {
    check_configuration(config, false)?;
    let mut vm = prepare(config, target, Plain)?;
    Ok(vm.run_to_completion())
}

#[cfg(test)]
mod tests {
    use rpf_config::ConfigBuilder;

    use super::{memory_limit, physical_memory};

    #[test]
    fn the_memory_limit_is_most_of_the_machine_unless_set() {
        let unset = ConfigBuilder::new().build().expect("config");
        assert_eq!(memory_limit(&unset).ok(), Some(physical_memory() / 8 * 7));
        let mut set = ConfigBuilder::new().build().expect("config");
        set.set("search.memory_limit", "512m");
        assert_eq!(memory_limit(&set).ok(), Some(512 << 20));
    }
}
