//! Virtual time under the checker: timed waits end the search of ordinary programs quickly,
//! sleeps move the clock, a timeout is taken only within the bounded delay, and the JDK's
//! daemon threads (the `Cleaner`, a program's own tickers) never make the state space
//! infinite. The programs are in `tests/java/time`.

use std::path::Path;
use std::sync::OnceLock;

use rpf_tests::{
    check_with_report, compile_programs, difference, run_java, run_rpf, states_new, RunResult,
};
use serde_json::Value;
use tempfile::TempDir;

fn classes() -> &'static Path {
    static DIR: OnceLock<TempDir> = OnceLock::new();
    DIR.get_or_init(|| compile_programs(&["tests/java/time"], &[]))
        .path()
}

fn check(main: &str, settings: &[&str]) -> (RunResult, Value) {
    check_with_report(classes(), main, settings)
}

/// Asserts the verdict and that the search stayed below `max_states` new states.
fn assert_checked(main: &str, settings: &[&str], result: &str, max_states: u64) -> RunResult {
    let (run, report) = check(main, settings);
    assert_eq!(
        report["result"], result,
        "{main}: {}{}",
        run.stdout, run.stderr
    );
    let states = states_new(&report);
    assert!(
        states < max_states,
        "{main}: {states} states, expected fewer than {max_states}"
    );
    run
}

#[test]
fn an_executor_lost_update_is_found_in_few_states() {
    let run = assert_checked("ExecutorLostUpdate", &[], "violation", 100);
    assert_eq!(run.status, Some(1));
    assert!(
        run.stdout.contains("lost update: count = 1"),
        "{}",
        run.stdout
    );
    assert!(
        !run.stdout.contains("did not terminate"),
        "a day-long wait cannot time out while the workers can run: {}",
        run.stdout
    );
}

#[test]
fn a_latch_awaited_with_a_timeout_verifies_in_few_states() {
    let run = assert_checked("LatchAwaitTimeout", &[], "no_violation", 100);
    assert_eq!(run.status, Some(0));
    assert!(run.stdout.contains("opened"), "{}", run.stdout);
    // Ten seconds is beyond the bounded delay (1 s) of a worker that is ready to run.
    assert!(!run.stdout.contains("timed out"), "{}", run.stdout);
}

#[test]
fn a_longer_delay_lets_the_latch_time_out() {
    let run = assert_checked(
        "LatchAwaitTimeout",
        &["+vm.timeouts.delay=20s"],
        "no_violation",
        100,
    );
    assert!(run.stdout.contains("opened"), "{}", run.stdout);
    assert!(run.stdout.contains("timed out"), "{}", run.stdout);
}

#[test]
fn without_timeouts_the_latch_never_times_out() {
    let run = assert_checked(
        "LatchAwaitTimeout",
        &["+vm.timeouts=false", "+vm.timeouts.delay=20s"],
        "no_violation",
        100,
    );
    assert!(!run.stdout.contains("timed out"), "{}", run.stdout);
}

#[test]
fn a_short_timed_wait_can_end_before_the_worker_runs() {
    let run = assert_checked("TimedWaitRace", &[], "violation", 100);
    assert!(
        run.stdout
            .contains("the wait timed out before the worker ran"),
        "{}",
        run.stdout
    );
    assert_checked(
        "TimedWaitRace",
        &["+vm.timeouts=false"],
        "no_violation",
        100,
    );
}

#[test]
fn sleeping_advances_both_clocks() {
    let run = assert_checked("SleepAdvancesClock", &[], "no_violation", 100);
    assert!(
        run.stdout.contains("slept at least a second"),
        "{}",
        run.stdout
    );
}

#[test]
fn sleeping_behaves_as_in_java_under_rpf_run() {
    let java = run_java(classes(), "SleepAdvancesClock");
    let rpf = run_rpf(classes(), "SleepAdvancesClock");
    assert_eq!(java.status, Some(0), "{}", java.stderr);
    if let Some(problem) = difference("SleepAdvancesClock", &java, &rpf) {
        panic!("{problem}");
    }
}

#[test]
fn writing_a_file_ends_despite_the_cleaner_thread() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("out.txt").display().to_string();
    let run = assert_checked("WritesFile", &[&file], "no_violation", 100);
    assert!(run.stdout.contains("wrote and read back"), "{}", run.stdout);
}

#[test]
fn a_daemon_ticking_on_a_timed_wait_does_not_keep_the_search_going() {
    // The ticker may tick at most a second's worth (ten ticks) ahead of a main thread that
    // is ready to run; each combination of ticks and main's progress is a state (1,577,
    // ticks between main's last action and its end included), and the daemon is abandoned
    // when main ends.
    let run = assert_checked("DaemonTimedLoop", &[], "no_violation", 2_000);
    assert!(run.stdout.contains("main done"), "{}", run.stdout);
}

#[test]
fn an_executor_keep_alive_ends_the_program() {
    let run = assert_checked("CachedPoolKeepAlive", &[], "no_violation", 100);
    assert!(run.stdout.contains("answered"), "{}", run.stdout);
}
