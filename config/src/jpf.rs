//! What JPF's configuration means to rpf beyond rpf's own keys: JPF's short class names, and
//! the JPF keys rpf knows but does not implement, which a `.jpf` written for JPF may set.
//!
//! A JPF setup should run unchanged, so such keys are accepted; each one set earns one
//! warning naming it and saying why rpf ignores it, rather than an error (which would stop
//! the run at the first of them) or silence (which would hide a difference from JPF).

use std::fmt;

/// The package a leading dot stands for in JPF's class names (`.listener.CoverageAnalyzer`).
pub const JPF_PACKAGE: &str = "gov.nasa.jpf";

/// `name` with JPF's short form expanded: `.search.heuristic.BFSHeuristic` is
/// `gov.nasa.jpf.search.heuristic.BFSHeuristic`; other names are unchanged.
pub fn expand_class(name: &str) -> String {
    if name.starts_with('.') {
        format!("{JPF_PACKAGE}{name}")
    } else {
        name.to_string()
    }
}

/// Every item of a comma separated list of class names expanded as by [`expand_class`].
pub fn expand_classes(raw: &str) -> String {
    raw.split(',')
        .map(|item| expand_class(item.trim()))
        .collect::<Vec<_>>()
        .join(",")
}

/// A JPF key rpf accepts and ignores, as set in a run's configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ignored {
    /// The key as set.
    pub key: String,
    /// ` (file line N)` or empty.
    pub origin: String,
    /// Why rpf has no use for it.
    pub reason: &'static str,
}

impl fmt::Display for Ignored {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "JPF key \"{}\"{} is ignored: {}",
            self.key, self.origin, self.reason
        )
    }
}

/// Why rpf ignores the JPF key `name`, if it is one: an entry ending in `.` covers every key
/// under it.
pub fn ignored_reason(name: &str) -> Option<&'static str> {
    IGNORED
        .iter()
        .find(|(pattern, _)| {
            if pattern.ends_with('.') {
                name.starts_with(pattern)
            } else {
                name == *pattern
            }
        })
        .map(|(_, reason)| *reason)
}

const BUILT_IN_STATE: &str = "rpf's state storage, matching and backtracking are built in";
const BUILT_IN_VM: &str = "rpf's VM, class loading and native methods are built in";
const CONSOLE: &str = "rpf's console report has a fixed form (the JSON report holds everything)";
const PUBLISHERS: &str = "rpf writes its console report and, with report.json.file, a JSON report";
const FINALIZERS: &str = "rpf never runs finalizers (Object.finalize)";
const UNCAUGHT: &str =
    "rpf runs a thread's uncaught exception handler as java does, and reports the exception if it ends the thread";
const LOGGING: &str = "rpf's diagnostics are set with -v or RUST_LOG";
const PROJECTS: &str = "rpf has no JPF projects or extensions: plugins are found on plugin.path";
const HEURISTICS: &str = "rpf's heuristic searches are selected by search.class alone";
const THREAD_CHOICES: &str =
    "rpf's scheduling points follow its partial order reduction (vm.por and its keys)";

/// The JPF keys rpf accepts and ignores, with the reason (shown in the warning and listed in
/// the README's "Coming from JPF").
pub const IGNORED: &[(&str, &str)] = &[
    ("vm.class", BUILT_IN_VM),
    ("vm.classloader.class", BUILT_IN_VM),
    ("vm.boot_classpath", BUILT_IN_VM),
    ("vm.sysprop.", BUILT_IN_VM),
    (
        "vm.enable_assertions",
        "rpf's key for Java assertions is vm.assertions",
    ),
    (
        "vm.disable_assertions",
        "rpf's key for Java assertions is vm.assertions",
    ),
    (
        "vm.max_transition_length",
        "rpf's bound on a transition's instructions is vm.max_transition",
    ),
    (
        "vm.time.class",
        "rpf's clock is built in (virtual time under the checker)",
    ),
    (
        "jvm.insn_factory.class",
        "rpf's key for a bytecode factory is vm.insn_factory.class",
    ),
    (
        "jvm.nested_init",
        "rpf runs class initializers as the JVM specification says: a second thread waits for the first",
    ),
    (
        "jvm.nested_init.",
        "rpf runs class initializers as the JVM specification says: a second thread waits for the first",
    ),
    ("vm.no_orphan_methods", BUILT_IN_VM),
    ("vm.storage.class", BUILT_IN_STATE),
    ("vm.serializer.class", BUILT_IN_STATE),
    ("vm.restorer.class", BUILT_IN_STATE),
    ("vm.backtracker.class", BUILT_IN_STATE),
    ("vm.heap.class", BUILT_IN_STATE),
    ("vm.threadlist.class", BUILT_IN_STATE),
    ("vm.fields_factory.class", BUILT_IN_STATE),
    ("vm.statics.class", BUILT_IN_STATE),
    ("vm.untracked", BUILT_IN_STATE),
    ("vm.reuse_tid", BUILT_IN_STATE),
    (
        "vm.gc",
        "rpf collects garbage before it compares states, always (unreachable objects are never part of a state)",
    ),
    ("vm.max_alloc_gc", "rpf collects garbage before it compares states, always"),
    ("vm.finalize", FINALIZERS),
    ("vm.process_finalizers", FINALIZERS),
    (
        "vm.tree_output",
        "the program's output is shown as it runs when vm.output is true, on every path",
    ),
    (
        "vm.path_output",
        "rpf shows the program's output as it runs (vm.output); rpf --replay of a saved error trace runs its path alone",
    ),
    ("vm.store_steps", "rpf's error traces always hold each transition's steps and source lines"),
    (
        "vm.verify.ignore_path",
        "Verify.ignoreIf always prunes its path",
    ),
    (
        "vm.halt_on_throw",
        "rpf reports uncaught exceptions only (NoUncaughtExceptionsProperty); a listener can report caught ones",
    ),
    ("vm.ignore_uncaught_handler", UNCAUGHT),
    ("vm.pass_uncaught_handler", UNCAUGHT),
    ("vm.shared.", THREAD_CHOICES),
    ("vm.scheduler.", THREAD_CHOICES),
    ("vm.por.field_boundaries", THREAD_CHOICES),
    ("vm.por.include", THREAD_CHOICES),
    ("vm.por.exclude", THREAD_CHOICES),
    ("vm.por.break_on_exposure", THREAD_CHOICES),
    ("cg.threads.", THREAD_CHOICES),
    ("cg.max_processors", THREAD_CHOICES),
    (
        "cg.break_single_choice",
        "a choice with one value never ends a transition in rpf",
    ),
    (
        "cg.boolean.false_first",
        "Verify.getBoolean() explores false first, as JPF's default; Verify.getBoolean(falseFirst) chooses",
    ),
    (
        "cg.randomize_choices",
        "rpf explores choices in order; search.class=random randomizes the search instead",
    ),
    ("cg.seed", "search.seed seeds rpf's random search"),
    (
        "cg.enable_atomic",
        "Verify.beginAtomic and endAtomic always take effect in rpf",
    ),
    (
        "search.min_free",
        "search.memory_limit bounds rpf's memory; a search cut short by it is incomplete",
    ),
    (
        "search.match_depth",
        "rpf matches a state at any depth (a revisit at a smaller depth is explored again when search.depth_limit is set)",
    ),
    (
        "search.heuristic.queue_limit",
        "rpf's key for the queue bound of every queued search is search.queue_limit",
    ),
    ("search.heuristic.", HEURISTICS),
    ("branch_start", HEURISTICS),
    ("report.class", PUBLISHERS),
    ("report.console.", CONSOLE),
    ("test.report.", CONSOLE),
    ("report.publisher", PUBLISHERS),
    ("report.xml.", PUBLISHERS),
    ("report.html.", PUBLISHERS),
    ("log.", LOGGING),
    ("jpf.print_exception_stack", LOGGING),
    (
        "listener.",
        "rpf loads no listeners for annotations: name them in listener",
    ),
    ("native_classpath", BUILT_IN_VM),
    ("peer_packages", BUILT_IN_VM),
    ("jpf-core", PROJECTS),
    ("jpf-core.", PROJECTS),
    (
        "test_classpath",
        "rpf's class path (classpath) holds the test classes too",
    ),
    ("extensions", PROJECTS),
    ("shell", "rpf has no shell: it runs from the command line"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_leading_dot_stands_for_jpfs_package() {
        assert_eq!(
            expand_class(".search.heuristic.BFSHeuristic"),
            "gov.nasa.jpf.search.heuristic.BFSHeuristic"
        );
        assert_eq!(expand_class("rpf.LockTree"), "rpf.LockTree");
        assert_eq!(
            expand_classes(".listener.CoverageAnalyzer, rpf.LockTree,.listener.ExecTracker"),
            "gov.nasa.jpf.listener.CoverageAnalyzer,rpf.LockTree,gov.nasa.jpf.listener.ExecTracker"
        );
    }

    #[test]
    fn ignored_keys_match_exactly_or_under_a_family() {
        assert_eq!(ignored_reason("vm.tree_output"), Some(IGNORED_TREE));
        assert!(ignored_reason("report.console.property_violation").is_some());
        assert!(ignored_reason("report.console").is_none());
        assert!(ignored_reason("vm.tree_output_x").is_none());
        assert!(ignored_reason("vm.por").is_none());
    }

    const IGNORED_TREE: &str =
        "the program's output is shown as it runs when vm.output is true, on every path";

    #[test]
    fn the_readme_names_every_ignored_key() {
        let readme = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"));
        let section = readme
            .split("### Coming from JPF")
            .nth(1)
            .and_then(|rest| rest.split("\n## ").next())
            .expect("the README has a Coming from JPF section");
        for (pattern, _) in IGNORED {
            assert!(
                section.contains(&format!("`{pattern}`")),
                "README's Coming from JPF does not name {pattern}"
            );
        }
    }

    #[test]
    fn no_ignored_key_is_one_rpf_reads() {
        for (pattern, _) in IGNORED {
            assert!(
                crate::keys::ALL.iter().all(|k| k.name() != *pattern
                    && !(pattern.ends_with('.') && k.name().starts_with(pattern))),
                "{pattern} is read by rpf"
            );
        }
    }
}
