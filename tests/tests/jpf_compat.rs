//! JPF setups run unchanged: `.jpf` files written for JPF, with its short class names and the
//! keys rpf knows but ignores (each named once in a warning), and every configuration problem
//! of a run reported together.

use std::path::Path;
use std::sync::OnceLock;

use rpf_tests::{assert_failed, compile_programs, rpf_binary, run, RunResult};
use tempfile::TempDir;

/// The feature programs, compiled once for all tests.
fn classes() -> &'static Path {
    static DIR: OnceLock<TempDir> = OnceLock::new();
    DIR.get_or_init(|| compile_programs(&["tests/java/features"], &[]))
        .path()
}

/// Writes `text` (then a `classpath` line for the feature programs) as `app.jpf` in a new
/// directory and runs `rpf [command] app.jpf` there.
fn run_jpf(command: Option<&str>, text: &str) -> RunResult {
    let dir = tempfile::tempdir().expect("tempdir");
    let classpath = format!("classpath = {}\n", classes().display());
    std::fs::write(dir.path().join("app.jpf"), text.to_string() + &classpath)
        .expect("write app.jpf");
    let mut args: Vec<&str> = command.into_iter().collect();
    args.extend(["app.jpf", "+report.progress=0"]);
    run(&rpf_binary(), &args, Some(dir.path()))
}

/// The JPF keys of jpf-core's `Crossing.jpf` and `Racer.jpf` (output and console settings rpf
/// has no use for, short class names for the search and the listener).
const JPF_SHAPED: &str = "target = Racy\n\
    vm.tree_output = false\n\
    vm.path_output = true\n\
    search.class = .search.heuristic.BFSHeuristic\n\
    report.console.property_violation = error,trace\n\
    listener = .listener.PreciseRaceDetector\n";

const IGNORED: [&str; 3] = [
    "JPF key \"vm.tree_output\" (app.jpf line 2) is ignored: ",
    "JPF key \"vm.path_output\" (app.jpf line 3) is ignored: ",
    "JPF key \"report.console.property_violation\" (app.jpf line 5) is ignored: ",
];

#[test]
fn a_jpf_file_runs_with_short_names_and_one_warning_per_ignored_key() {
    let out = run_jpf(None, JPF_SHAPED);
    assert_eq!(out.status, Some(1), "{}\n{}", out.stdout, out.stderr);
    assert!(
        out.stdout.contains("search: BreadthFirst"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("gov.nasa.jpf.listener.PreciseRaceDetector"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("race on Racy.count"), "{}", out.stdout);
    for warning in IGNORED {
        assert_eq!(
            out.stderr.matches(warning).count(),
            1,
            "{warning}: {}",
            out.stderr
        );
    }
    assert!(!out.stderr.contains("rpf: error"), "{}", out.stderr);
}

#[test]
fn plain_runs_accept_the_same_file() {
    let out = run_jpf(Some("run"), JPF_SHAPED);
    // One schedule of the lost update: both threads add in turn.
    assert_eq!(out.status, Some(0), "{}\n{}", out.stdout, out.stderr);
    for warning in IGNORED {
        assert_eq!(out.stderr.matches(warning).count(), 1, "{}", out.stderr);
    }
}

#[test]
fn every_configuration_problem_is_reported_at_once() {
    let out = run_jpf(
        None,
        "target = Counter\n\
         search.depth_limt = 3\n\
         vm.por = maybe\n\
         listener = .listener.NoSuchListener, rpf.LockTree, .listener.NorThisOne\n\
         vm.tree_output = false\n",
    );
    assert_failed(
        &out,
        2,
        &[
            "rpf: error: 3 configuration problems:",
            "unknown configuration key \"search.depth_limt\" (app.jpf line 2); did you mean \"search.depth_limit\"?",
            "vm.por: expected a boolean (true or false), got \"maybe\" (app.jpf line 3)",
            "no plugin provides listener \"gov.nasa.jpf.listener.NoSuchListener\", listener \"gov.nasa.jpf.listener.NorThisOne\";",
            "JPF key \"vm.tree_output\" (app.jpf line 5) is ignored",
        ],
    );
    // Without key problems, the missing components are still named together.
    let out = run_jpf(
        None,
        "target = Counter\nlistener = .listener.NoSuchListener, .listener.NorThisOne\n",
    );
    assert_failed(
        &out,
        2,
        &["rpf: error: no plugin provides listener \"gov.nasa.jpf.listener.NoSuchListener\", listener \"gov.nasa.jpf.listener.NorThisOne\";"],
    );
}

#[test]
fn short_names_select_the_search_the_properties_and_the_scheduler() {
    let out = run_jpf(
        None,
        "target = Counter\n\
         target.args = 2\n\
         search.class = .search.DFSearch\n\
         search.properties = .vm.NotDeadlockedProperty,.vm.NoUncaughtExceptionsProperty\n\
         vm.scheduler_factory.class = .vm.AlwaysBreakSchedulerFactory\n",
    );
    assert_eq!(out.status, Some(0), "{}\n{}", out.stdout, out.stderr);
    assert!(out.stdout.contains("no errors detected"), "{}", out.stdout);
}

#[test]
fn jpfs_concurrent_depth_first_search_is_a_depth_first_search() {
    // VerifyChoiceTest.jpf's search.
    let out = run_jpf(
        None,
        "target = Counter\n\
         target.args = 2\n\
         search.class = .search.ConcurrentDFSearch\n",
    );
    assert_eq!(out.status, Some(0), "{}\n{}", out.stdout, out.stderr);
    assert!(out.stdout.contains("search: DepthFirst"), "{}", out.stdout);
}
