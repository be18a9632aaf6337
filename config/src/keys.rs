//! The registry of rpf's configuration keys.
//!
//! Every key rpf itself reads is declared here once: its name, its type (with the values it
//! allows), the value rpf uses when no layer sets it, and a line of help. Validation, the
//! host's typed settings (`keys::VM_MAX_TRANSITION.get(&config)?`), `rpf keys` and the test of
//! the README's key table all read this table, so these facts cannot drift apart. Keys of
//! plugins (`race.include_system`, `<name>.class`, ...) belong to the plugins and are not here.

use crate::error::ConfigError;
use crate::jpf::{self, Ignored};
use crate::types::{
    Bool, ClassNames, Count, CountOrAuto, Duration, FilePath, List, OneOf, Paths, Range, Refusal,
    Size, Text, Type,
};
use crate::Config;

/// A key with a default: reading it when unset gives the default.
#[derive(Debug, Clone, Copy)]
pub struct Key<T> {
    /// The key.
    pub name: &'static str,
    /// The values it takes.
    pub kind: T,
    /// Its value when unset, written as in a properties file.
    pub default: &'static str,
    /// One line of help.
    pub help: &'static str,
}

/// A key without a default value: reading it when unset gives `None`.
#[derive(Debug, Clone, Copy)]
pub struct OptKey<T> {
    /// The key.
    pub name: &'static str,
    /// The values it takes.
    pub kind: T,
    /// What rpf does when it is unset.
    pub unset: Unset,
    /// One line of help.
    pub help: &'static str,
}

/// What an unset [`OptKey`] means.
#[derive(Debug, Clone, Copy)]
pub enum Unset {
    /// Nothing: no limit, no file, no component.
    Nothing,
    /// rpf works something out, as described (listed as the default).
    Means(&'static str),
}

impl<T: Type> Key<T> {
    /// A key with a default.
    pub const fn new(
        name: &'static str,
        kind: T,
        default: &'static str,
        help: &'static str,
    ) -> Self {
        Key {
            name,
            kind,
            default,
            help,
        }
    }

    /// The key's value in `config`, or its default when unset.
    pub fn get(&self, config: &Config) -> Result<T::Value, ConfigError> {
        match config.get(self.name) {
            Some(raw) => read_set(self.name, &self.kind, raw, config),
            None => read(
                self.name,
                &self.kind,
                self.default,
                " (built-in default)".into(),
            ),
        }
    }

    /// An error about this key's (well-typed) value in `config`.
    pub fn invalid(&self, config: &Config, message: impl Into<String>) -> ConfigError {
        config.invalid(self.name, message)
    }
}

impl<T: Type> OptKey<T> {
    /// A key without a default value.
    pub const fn new(name: &'static str, kind: T, unset: Unset, help: &'static str) -> Self {
        OptKey {
            name,
            kind,
            unset,
            help,
        }
    }

    /// The key's value in `config`, if set.
    pub fn get(&self, config: &Config) -> Result<Option<T::Value>, ConfigError> {
        config
            .get(self.name)
            .map(|raw| read_set(self.name, &self.kind, raw, config))
            .transpose()
    }
}

/// Reads the value `raw` that `config` sets for `key`; relative paths in a value from a file
/// resolve against the file's directory, so a `.jpf` means the same from any directory.
fn read_set<T: Type>(
    key: &str,
    kind: &T,
    raw: &str,
    config: &Config,
) -> Result<T::Value, ConfigError> {
    let value = read(key, kind, raw, config.origin_suffix(key))?;
    Ok(match config.origin(key).and_then(|o| o.dir.as_deref()) {
        Some(dir) => kind.rebase(value, dir),
        None => value,
    })
}

/// Reads `raw` as `kind`; errors name the key, the value, what was expected or allowed, and
/// `origin` (` (file line N)`).
fn read<T: Type>(key: &str, kind: &T, raw: &str, origin: String) -> Result<T::Value, ConfigError> {
    kind.parse(raw).map_err(|refusal| match refusal {
        Refusal::NotOfType => ConfigError::WrongType {
            key: key.to_string(),
            expected: kind.expected(),
            value: raw.to_string(),
            origin,
        },
        Refusal::OutOfRange => ConfigError::OutOfRange {
            key: key.to_string(),
            value: raw.to_string(),
            allowed: kind.allowed().unwrap_or_default(),
            origin,
        },
    })
}

/// What listings and validation need of any key, whatever its type.
pub trait AnyKey {
    /// The key.
    fn name(&self) -> &'static str;
    /// Its type and the values it allows (`count, at least 1000`).
    fn describe(&self) -> String;
    /// Its default as the README and `rpf keys` show it: a value, `none`, or what rpf does.
    fn default_text(&self) -> &'static str;
    /// One line of help.
    fn help(&self) -> &'static str;
    /// Checks the key's value in `config` (or, if unset, its default value).
    fn check(&self, config: &Config) -> Result<(), ConfigError>;
}

impl<T: Type> AnyKey for Key<T> {
    fn name(&self) -> &'static str {
        self.name
    }
    fn describe(&self) -> String {
        self.kind.describe()
    }
    fn default_text(&self) -> &'static str {
        self.default
    }
    fn help(&self) -> &'static str {
        self.help
    }
    fn check(&self, config: &Config) -> Result<(), ConfigError> {
        self.get(config).map(drop)
    }
}

impl<T: Type> AnyKey for OptKey<T> {
    fn name(&self) -> &'static str {
        self.name
    }
    fn describe(&self) -> String {
        self.kind.describe()
    }
    fn default_text(&self) -> &'static str {
        match self.unset {
            Unset::Nothing => "none",
            Unset::Means(text) => text,
        }
    }
    fn help(&self) -> &'static str {
        self.help
    }
    fn check(&self, config: &Config) -> Result<(), ConfigError> {
        self.get(config).map(drop)
    }
}

/// Declares each key as a constant (documented by its help) and lists them all in [`ALL`].
macro_rules! registry {
    ($($constant:ident: $type:ty = ($name:literal, $kind:expr, $default:expr, $help:literal);)*) => {
        $(
            #[doc = concat!("`", $name, "`: ", $help, ".")]
            pub const $constant: $type = <$type>::new($name, $kind, $default, $help);
        )*
        /// Every key rpf reads, in the order `rpf keys` and the README list them.
        pub const ALL: &[&dyn AnyKey] = &[$(&$constant),*];
    };
}

/// The searches `search.class` selects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchClass {
    /// Depth-first search.
    DepthFirst,
    /// Breadth-first search.
    BreadthFirst,
    /// Best-first search preferring states with more blocked threads.
    MostBlocked,
    /// Best-first search in breadth-first order.
    BestFirst,
    /// Random depth-first search.
    Random,
    /// One random path without backtracking.
    Simulation,
}

/// The names `search.class` accepts: JPF's class names and rpf's short names.
/// The most search workers a run may ask for: far above any core count rpf runs on, low
/// enough that booting one VM per worker cannot exhaust the machine.
pub const MAX_WORKERS: u64 = 128;

const SEARCH_CLASSES: &[(&str, SearchClass)] = &[
    ("gov.nasa.jpf.search.DFSearch", SearchClass::DepthFirst),
    // JPF's depth-first search whose forward steps may run concurrently: the same order.
    (
        "gov.nasa.jpf.search.ConcurrentDFSearch",
        SearchClass::DepthFirst,
    ),
    ("dfs", SearchClass::DepthFirst),
    ("depth-first", SearchClass::DepthFirst),
    (
        "gov.nasa.jpf.search.heuristic.BFSHeuristic",
        SearchClass::BreadthFirst,
    ),
    ("gov.nasa.jpf.search.BFSearch", SearchClass::BreadthFirst),
    ("bfs", SearchClass::BreadthFirst),
    ("breadth-first", SearchClass::BreadthFirst),
    (
        "gov.nasa.jpf.search.heuristic.MostBlocked",
        SearchClass::MostBlocked,
    ),
    ("most-blocked", SearchClass::MostBlocked),
    (
        "gov.nasa.jpf.search.heuristic.HeuristicSearch",
        SearchClass::BestFirst,
    ),
    ("best-first", SearchClass::BestFirst),
    ("gov.nasa.jpf.search.RandomSearch", SearchClass::Random),
    ("random", SearchClass::Random),
    ("gov.nasa.jpf.search.Simulation", SearchClass::Simulation),
    ("simulation", SearchClass::Simulation),
];

/// What a full search queue drops (`search.queue_drop`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QueueDrop {
    /// The state being added.
    Newest,
    /// The state queued first.
    Oldest,
    /// A state chosen at random.
    Random,
}

/// Where the checker's file operations go (`vm.fs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileSystem {
    /// A sandbox per path over the real file system, which is only read.
    Sandbox,
    /// The real file system.
    Real,
}

registry! {
    TARGET: OptKey<Text> = ("target", Text, Unset::Nothing,
        "main class to run");
    TARGET_ARGS: OptKey<List> = ("target.args", List, Unset::Nothing,
        "comma separated arguments for main (command-line arguments win)");
    JUNIT_TESTS: OptKey<List> = ("junit.tests", List, Unset::Nothing,
        "JUnit test classes to check instead of target (Class, or Class#method for one test): each test is its own search");
    CLASSPATH: Key<Paths> = ("classpath", Paths, ".",
        "application class path: directories and jars");
    JAVA_HOME: OptKey<Text> = ("java.home", Text,
        Unset::Means("JAVA_HOME, else the java on PATH"),
        "root of the JDK whose class library rpf runs");
    VM_ASSERTIONS: Key<Bool> = ("vm.assertions", Bool, "true",
        "Java assertions in application classes (java -ea)");
    VM_STACK_SIZE: Key<Size> = ("vm.stack_size", Size(Range::between(64 << 10, 1 << 30)), "1m",
        "Java stack of each thread: a frame takes 48 bytes plus 8 per local variable and operand stack slot");
    VM_MAX_STACK_DEPTH: OptKey<Count> = ("vm.max_stack_depth",
        Count(Range::between(16, 1_000_000)), Unset::Nothing,
        "frames per thread before StackOverflowError, in addition to vm.stack_size");
    VM_HEAP_LIMIT: OptKey<Size> = ("vm.heap_limit", Size(Range::between(1 << 20, 1 << 40)),
        Unset::Means("a quarter of physical memory, at most 3/4 of search.memory_limit"),
        "Java heap: an allocation the heap cannot hold after garbage collection throws OutOfMemoryError");
    VM_TIME_SLICE: Key<Count> = ("vm.time_slice", Count(Range::at_least(1)), "10000",
        "steps (branches taken, calls) a thread runs before rpf run switches threads");
    VM_POR: Key<Bool> = ("vm.por", Bool, "true",
        "partial order reduction: thread switches only at accesses to shared objects");
    VM_POR_SYNC_DETECTION: Key<Bool> = ("vm.por.sync_detection", Bool, "true",
        "fields always accessed under their object's (or class's) lock need no scheduling points");
    VM_POR_SYSTEM_ATOMIC: Key<Bool> = ("vm.por.system_atomic", Bool, "true",
        "class library code runs atomically unless it blocks");
    VM_TIMEOUTS: Key<Bool> = ("vm.timeouts", Bool, "true",
        "timed waits, sleeps and parks end by timeout (false: they wait like untimed ones)");
    VM_TIMEOUTS_DELAY: Key<Duration> = ("vm.timeouts.delay", Duration, "1s",
        "how long a thread that can run may wait for the processor: a timed wait ends while others can run only if its deadline is within this (0: only when no thread can run)");
    VM_FS: Key<OneOf<FileSystem>> = ("vm.fs",
        OneOf(&[("sandbox", FileSystem::Sandbox), ("real", FileSystem::Real)]), "sandbox",
        "where the checker's file operations go: a sandbox per path (the real file system is only read), or the real file system (rpf run always uses it)");
    VM_INTRINSICS: Key<Bool> = ("vm.intrinsics", Bool, "true",
        "hot JDK methods (String, StringBuilder, Integer/Long digits, Math min/max/abs, byte-array copies, BigInteger's inner loops) run as Rust code computing what their bytecode computes (false: their bytecode runs)");
    VM_OUTPUT: Key<Bool> = ("vm.output", Bool, "true",
        "show the program's output during the search");
    VM_MAX_TRANSITION: Key<Count> = ("vm.max_transition", Count(Range::at_least(1000)), "5000000",
        "instructions after which a transition is ended (guards against endless loops)");
    SEARCH_CLASS: Key<ClassNames<OneOf<SearchClass>>> = ("search.class", ClassNames(OneOf(SEARCH_CLASSES)),
        "gov.nasa.jpf.search.DFSearch",
        "the search strategy");
    SEARCH_DEPTH_LIMIT: OptKey<Count> = ("search.depth_limit", Count(Range::at_least(1)),
        Unset::Nothing,
        "paths are cut at this depth (the search is then incomplete)");
    SEARCH_MAX_STATES: OptKey<Count> = ("search.max_states", Count(Range::at_least(1)),
        Unset::Nothing,
        "stop after this many distinct states");
    SEARCH_TIME_LIMIT: OptKey<Duration> = ("search.time_limit", Duration, Unset::Nothing,
        "stop after this long (90s, 5m, 1h)");
    SEARCH_MEMORY_LIMIT: OptKey<Size> = ("search.memory_limit", Size(Range::at_least(1)),
        Unset::Means("7/8 of physical memory (or of the control group's limit)"),
        "stop when resident memory exceeds this (512m, 4g)");
    SEARCH_MULTIPLE_ERRORS: Key<Bool> = ("search.multiple_errors", Bool, "false",
        "keep searching after an error and report every one");
    SEARCH_MAX_ERRORS: OptKey<Count> = ("search.max_errors", Count(Range::at_least(1)),
        Unset::Means("1, or unlimited with search.multiple_errors"),
        "stop after this many errors");
    SEARCH_QUEUE_LIMIT: OptKey<Count> = ("search.queue_limit", Count(Range::at_least(1)),
        Unset::Nothing,
        "maximum queued states of breadth-first and heuristic searches");
    SEARCH_QUEUE_DROP: Key<OneOf<QueueDrop>> = ("search.queue_drop",
        OneOf(&[("newest", QueueDrop::Newest), ("oldest", QueueDrop::Oldest), ("random", QueueDrop::Random)]),
        "newest",
        "what a full queue drops");
    SEARCH_WORKERS: Key<CountOrAuto> = ("search.workers", CountOrAuto(Range::between(1, MAX_WORKERS)), "1",
        "search threads, each with its own VM (auto: one per core; depth-first and random searches without plugins)");
    SEARCH_SEED: Key<Count> = ("search.seed", Count(Range::ANY), "42",
        "seed of random search and simulation");
    SEARCH_SLEEP_SETS: Key<Bool> = ("search.sleep_sets", Bool, "true",
        "depth-first and random searches skip transitions that commute with ones already explored");
    SEARCH_PROPERTIES: OptKey<ClassNames<List>> = ("search.properties", ClassNames(List), Unset::Means("both built-ins"),
        "properties checked: deadlock, uncaught, property plugins by name, or none");
    CG_ENUMERATE_RANDOM: Key<Bool> = ("cg.enumerate_random", Bool, "false",
        "java.util.Random.nextInt(n) and nextBoolean() become choices");
    LISTENER: OptKey<ClassNames<List>> = ("listener", ClassNames(List), Unset::Nothing,
        "listener components to load");
    SEARCH_LISTENER: OptKey<ClassNames<List>> = ("search.listener", ClassNames(List), Unset::Nothing,
        "more listener components (JPF's search listeners)");
    PLUGIN_PATH: OptKey<Paths> = ("plugin.path", Paths, Unset::Nothing,
        "directories and libraries searched for plugins, before the bundled directory");
    VM_SCHEDULER_FACTORY_CLASS: OptKey<ClassNames<Text>> = ("vm.scheduler_factory.class", ClassNames(Text),
        Unset::Means("built-in"),
        "scheduler component deciding which accesses are scheduling points");
    VM_INSN_FACTORY_CLASS: OptKey<ClassNames<Text>> = ("vm.insn_factory.class", ClassNames(Text), Unset::Nothing,
        "bytecode factory component overriding chosen instructions");
    REPORT_JSON_FILE: OptKey<FilePath> = ("report.json.file", FilePath, Unset::Nothing,
        "write the JSON report here");
    REPORT_TRACE_FILE: OptKey<FilePath> = ("report.trace.file", FilePath, Unset::Nothing,
        "save the first error's trace here (for --replay)");
    REPORT_PROGRESS: Key<Duration> = ("report.progress", Duration, "5s",
        "interval of the progress line on stderr (0 turns it off)");
    SOURCEPATH: OptKey<Paths> = ("sourcepath", Paths, Unset::Means("the class path and ."),
        "where error traces look for .java sources");
}

/// Namespaces owned by rpf: unknown keys under them are errors; other keys belong to plugins.
pub const RESERVED_PREFIXES: &[&str] = &["vm.", "search.", "report.", "cg.", "rpf.", "plugin."];

/// The key named `name`, if rpf has one.
pub fn find(name: &str) -> Option<&'static dyn AnyKey> {
    ALL.iter().copied().find(|k| k.name() == name)
}

/// What [`validate`] found in a configuration.
#[derive(Debug, Default)]
pub struct Validation {
    /// The JPF keys set that rpf accepts and ignores (each deserves one warning).
    pub ignored: Vec<Ignored>,
    /// Every problem: unknown keys in rpf's namespaces (with the nearest key as a hint),
    /// values not of their key's type or outside its range.
    pub errors: Vec<ConfigError>,
}

/// Checks every key set in `config`, so that a run reports all its
/// configuration problems at once.
pub fn validate(config: &Config) -> Validation {
    let mut found = Validation::default();
    for name in config.keys() {
        if let Some(key) = find(name) {
            if let Err(e) = key.check(config) {
                found.errors.push(e);
            }
        } else if let Some(reason) = jpf::ignored_reason(name) {
            found.ignored.push(Ignored {
                key: name.to_string(),
                origin: config.origin_suffix(name),
                reason,
            });
        } else if RESERVED_PREFIXES.iter().any(|p| name.starts_with(p)) {
            let hint = ALL
                .iter()
                .map(|k| (edit_distance(name, k.name()), k.name()))
                .filter(|(d, _)| *d <= 3)
                .min()
                .map(|(_, n)| format!("; did you mean \"{n}\"?"))
                .unwrap_or_default();
            found.errors.push(ConfigError::UnknownKey {
                key: name.to_string(),
                origin: config.origin_suffix(name),
                hint,
            });
        }
    }
    found
}

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

/// Every key with its type, allowed values, default and help, as `rpf keys` prints it.
pub fn listing() -> String {
    let mut out = String::from(
        "Configuration keys rpf reads, set in .jpf files or as +key=value (plugins read keys\n\
         of their own, documented with the plugins):\n",
    );
    for key in ALL {
        out.push_str(&format!(
            "\n{}\n    {}; default: {}\n    {}\n",
            key.name(),
            key.describe(),
            key.default_text(),
            key.help()
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ConfigBuilder;

    fn config(text: &str) -> Config {
        ConfigBuilder::new()
            .text("app.jpf", text, None)
            .build()
            .unwrap()
    }

    #[test]
    fn relative_paths_in_a_file_resolve_against_its_directory() {
        let dir = std::path::Path::new("/projects/app");
        let c = ConfigBuilder::new()
            .text(
                "app.jpf",
                "classpath = out:/abs/lib.jar\nplugin.path = plugins\nreport.json.file = r.json\n",
                Some(dir.to_path_buf()),
            )
            .arguments(["+sourcepath=src"])
            .build()
            .unwrap();
        assert_eq!(
            CLASSPATH.get(&c).unwrap(),
            [dir.join("out"), std::path::PathBuf::from("/abs/lib.jar")]
        );
        assert_eq!(
            PLUGIN_PATH.get(&c).unwrap(),
            Some(vec![dir.join("plugins")])
        );
        assert_eq!(REPORT_JSON_FILE.get(&c).unwrap(), Some(dir.join("r.json")));
        // The command line's relative paths stay relative to the current directory.
        assert_eq!(
            SOURCEPATH.get(&c).unwrap(),
            Some(vec![std::path::PathBuf::from("src")])
        );
    }

    #[test]
    fn defaults_read_as_their_types_and_names_are_unique() {
        let empty = config("");
        for key in ALL {
            // Unset, a key with a default reads its default.
            key.check(&empty).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(
                ALL.iter().filter(|k| k.name() == key.name()).count(),
                1,
                "{} is declared twice",
                key.name()
            );
        }
        assert_eq!(VM_MAX_TRANSITION.get(&empty).unwrap(), 5_000_000);
        assert_eq!(VM_TIME_SLICE.get(&empty).unwrap(), 10_000);
        assert_eq!(VM_STACK_SIZE.get(&empty).unwrap(), 1 << 20);
        assert_eq!(REPORT_PROGRESS.get(&empty).unwrap().as_secs(), 5);
        assert_eq!(SEARCH_CLASS.get(&empty).unwrap(), SearchClass::DepthFirst);
        assert_eq!(SEARCH_MAX_ERRORS.get(&empty).unwrap(), None);
        assert_eq!(
            CLASSPATH.get(&empty).unwrap(),
            [std::path::PathBuf::from(".")]
        );
    }

    #[test]
    fn set_values_win_over_defaults() {
        let c = config("vm.max_transition = 2000\nvm.por = off\nsearch.workers = auto\n");
        assert_eq!(VM_MAX_TRANSITION.get(&c).unwrap(), 2000);
        assert!(!VM_POR.get(&c).unwrap());
        assert_eq!(SEARCH_WORKERS.get(&c).unwrap(), crate::types::Amount::Auto);
    }

    #[test]
    fn range_errors_name_key_value_range_and_origin() {
        let c = config("a = 1\nvm.max_transition = 999\n");
        let err = VM_MAX_TRANSITION.get(&c).unwrap_err();
        assert_eq!(
            err.to_string(),
            "vm.max_transition: 999 is out of range, allowed: at least 1000 (app.jpf line 2)"
        );
        assert_eq!(problem(&c), err.to_string());
        let c = config("vm.max_stack_depth = 15\n");
        assert_eq!(
            problem(&c),
            "vm.max_stack_depth: 15 is out of range, allowed: 16 to 1000000 (app.jpf line 1)"
        );
        for zero in ["vm.time_slice", "search.max_errors", "search.queue_limit"] {
            let c = config(&format!("{zero} = 0\n"));
            let err = problem(&c);
            assert!(
                err.starts_with(&format!("{zero}: 0 is out of range, allowed: at least 1")),
                "{err}"
            );
        }
        for workers in ["0", "129", "100000"] {
            let c = config(&format!("search.workers = {workers}\n"));
            assert_eq!(
                problem(&c),
                format!("search.workers: {workers} is out of range, allowed: 1 to 128, or auto (app.jpf line 1)")
            );
        }
        let c = config("vm.stack_size = 32k\n");
        assert_eq!(
            problem(&c),
            "vm.stack_size: 32k is out of range, allowed: 64k to 1g (app.jpf line 1)"
        );
    }

    #[test]
    fn type_errors_say_what_was_expected() {
        let c = config("search.depth_limit = ten\n");
        assert_eq!(
            problem(&c),
            "search.depth_limit: expected a non-negative integer, got \"ten\" (app.jpf line 1)"
        );
        let c = config("search.queue_drop = last\n");
        assert_eq!(
            problem(&c),
            "search.queue_drop: expected one of newest, oldest, random, got \"last\" (app.jpf line 1)"
        );
        let c = config("search.workers = many\n");
        assert_eq!(
            problem(&c),
            "search.workers: expected a non-negative integer or auto, got \"many\" (app.jpf line 1)"
        );
        let c = config("vm.por = maybe\n");
        assert!(problem(&c).contains("expected a boolean"));
    }

    #[test]
    fn unknown_keys_in_rpfs_namespaces_get_a_hint() {
        let c = config("search.depth_limt = 3\nrace.include_system = true\nvelocity.class = X\n");
        assert_eq!(
            problem(&c),
            "unknown configuration key \"search.depth_limt\" (app.jpf line 1); did you mean \"search.depth_limit\"?"
        );
        assert!(validate(&config("race.include_system = true\n"))
            .errors
            .is_empty());
    }

    /// The one problem `validate` finds in `c`.
    fn problem(c: &Config) -> String {
        let found = validate(c);
        assert_eq!(found.errors.len(), 1, "{:?}", found.errors);
        found.errors[0].to_string()
    }

    #[test]
    fn every_problem_is_found_and_jpf_keys_rpf_ignores_are_named() {
        let c = config(
            "vm.tree_output = false\nsearch.depth_limt = 3\nreport.console.property_violation = error\n\
             vm.por = maybe\nsearch.max_states = 0\nlog.info = x\n",
        );
        let found = validate(&c);
        let errors: Vec<String> = found.errors.iter().map(|e| e.to_string()).collect();
        assert_eq!(errors.len(), 3, "{errors:?}");
        assert!(errors[0].starts_with("unknown configuration key \"search.depth_limt\""));
        assert!(errors[1].starts_with("search.max_states: 0 is out of range"));
        assert!(errors[2].starts_with("vm.por: expected a boolean"));
        let ignored: Vec<String> = found.ignored.iter().map(|i| i.to_string()).collect();
        assert_eq!(ignored.len(), 3, "{ignored:?}");
        assert!(ignored[0]
            .starts_with("JPF key \"log.info\" (app.jpf line 6) is ignored: rpf's diagnostics"));
        assert!(ignored[1]
            .starts_with("JPF key \"report.console.property_violation\" (app.jpf line 3)"));
        assert!(ignored[2].starts_with("JPF key \"vm.tree_output\" (app.jpf line 1)"));
    }

    #[test]
    fn jpf_short_class_names_expand() {
        let c = config(
            "search.class = .search.heuristic.BFSHeuristic\n\
             listener = .listener.CoverageAnalyzer, rpf.LockTree\n\
             search.properties = .vm.NotDeadlockedProperty\n\
             vm.scheduler_factory.class = .vm.AlwaysBreakSchedulerFactory\n",
        );
        assert!(validate(&c).errors.is_empty());
        assert_eq!(SEARCH_CLASS.get(&c).unwrap(), SearchClass::BreadthFirst);
        assert_eq!(
            LISTENER.get(&c).unwrap().unwrap(),
            ["gov.nasa.jpf.listener.CoverageAnalyzer", "rpf.LockTree"]
        );
        assert_eq!(
            SEARCH_PROPERTIES.get(&c).unwrap().unwrap(),
            ["gov.nasa.jpf.vm.NotDeadlockedProperty"]
        );
        assert_eq!(
            VM_SCHEDULER_FACTORY_CLASS.get(&c).unwrap().unwrap(),
            "gov.nasa.jpf.vm.AlwaysBreakSchedulerFactory"
        );
        let c = config("search.class = .search.NoSuchSearch\n");
        assert!(problem(&c).contains("got \".search.NoSuchSearch\""));
    }

    /// The rows of the README's `| key | default | meaning |` table whose key is a literal
    /// key (not a pattern such as `<name>.class`), as (key, default without backticks).
    fn readme_keys() -> Vec<(String, String)> {
        let readme = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"));
        let table = readme
            .split("\n| key | default | meaning |\n")
            .nth(1)
            .expect("the README has the key table");
        table
            .lines()
            .skip(1)
            .take_while(|line| line.starts_with('|'))
            .filter_map(|row| {
                let cells: Vec<&str> = row.split('|').map(str::trim).collect();
                let key = cells.get(1)?.strip_prefix('`')?.strip_suffix('`')?;
                let literal = !key.contains(['<', '`', ' ']);
                let default = cells.get(2)?.replace('`', "");
                literal.then(|| (key.to_string(), default))
            })
            .collect()
    }

    #[test]
    fn the_readme_table_lists_every_key_with_its_default() {
        let documented = readme_keys();
        let mut names: Vec<&str> = documented.iter().map(|(k, _)| k.as_str()).collect();
        let mut registered: Vec<&str> = ALL.iter().map(|k| k.name()).collect();
        names.sort_unstable();
        registered.sort_unstable();
        assert_eq!(names, registered, "README keys vs. the registry");
        for (key, default) in &documented {
            let entry = find(key).expect("registered");
            assert_eq!(default, entry.default_text(), "README default of {key}");
        }
    }

    #[test]
    fn listing_shows_every_key_with_type_range_and_default() {
        let text = listing();
        for key in ALL {
            assert!(
                text.contains(&format!("\n{}\n", key.name())),
                "{}",
                key.name()
            );
        }
        assert!(text.contains(
            "\nvm.max_transition\n    count, at least 1000; default: 5000000\n    instructions after which"
        ));
        assert!(text
            .contains("\nsearch.queue_drop\n    one of newest, oldest, random; default: newest\n"));
    }
}
