//! Limits that hold against hostile programs: the search's time and memory limits end a
//! search even inside one endless transition, the progress line appears on time, the Java
//! heap limit (`vm.heap_limit`) throws HotSpot's `OutOfMemoryError`s in the program (under
//! `rpf run`, compared with `java -Xmx`, and under the checker as a path's behaviour), and
//! no program makes rpf itself die of an allocation.

use std::path::Path;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use rpf_tests::{
    check_with_report, compile_programs, difference, jdk_tool, rpf_binary, run, RunResult,
};
use serde_json::Value;
use tempfile::TempDir;

/// The limit programs, compiled once for all tests.
fn classes() -> &'static Path {
    static DIR: OnceLock<TempDir> = OnceLock::new();
    DIR.get_or_init(|| compile_programs(&["tests/java/limits"], &[]))
        .path()
}

/// Model checks `main` with settings, timing the whole run.
fn check_timed(main: &str, settings: &[&str]) -> (RunResult, Value, Duration) {
    let start = Instant::now();
    let (run, report) = check_with_report(classes(), main, settings);
    (run, report, start.elapsed())
}

/// `rpf run` of `main` with settings.
fn rpf_run(main: &str, settings: &[&str]) -> RunResult {
    let cp = classes().display().to_string();
    let mut args = vec!["run", "-cp", &cp, main];
    args.extend_from_slice(settings);
    run(&rpf_binary(), &args, None)
}

/// `java -ea` of `main` with JVM options.
fn java(main: &str, options: &[&str]) -> RunResult {
    let cp = classes().display().to_string();
    let mut args = vec!["-ea"];
    args.extend_from_slice(options);
    args.extend(["-cp", &cp, main]);
    run(&jdk_tool("java"), &args, None)
}

fn stop_reason(report: &Value) -> &str {
    report["stop_reason"].as_str().unwrap_or_default()
}

fn peak_memory(report: &Value) -> u64 {
    report["statistics"]["peak_memory_bytes"]
        .as_u64()
        .expect("peak_memory_bytes")
}

#[test]
fn the_time_limit_ends_an_endless_loop_on_time() {
    // Default transitions (at most vm.max_transition instructions) and one transition that
    // would outlast the limit by far: either way the search stops within a moment of it.
    for settings in [
        &["+search.time_limit=3s"][..],
        &["+search.time_limit=3s", "+vm.max_transition=2000000000"],
    ] {
        let (run, report, elapsed) = check_timed("EndlessLoop", settings);
        assert_eq!(run.status, Some(3), "{settings:?}: {}", run.stderr);
        assert_eq!(report["result"], "incomplete");
        assert_eq!(
            stop_reason(&report),
            "time limit reached (search.time_limit)"
        );
        assert!(
            elapsed < Duration::from_secs(5),
            "{settings:?}: a 3 s limit took {elapsed:?}"
        );
        assert!(report["statistics"]["elapsed_ms"].as_u64() >= Some(2900));
    }
}

#[test]
fn the_memory_limit_holds_against_a_growing_string_builder() {
    const LIMIT: u64 = 400 << 20;
    // The Java heap is at most 3/4 of the memory limit by default: the program runs out of heap
    // first, as under java -Xmx300m, and its uncaught OutOfMemoryError is a violation.
    let (run, report, _) = check_timed("GrowingBuilder", &["+search.memory_limit=400m"]);
    assert_eq!(run.status, Some(1), "{}", run.stderr);
    let error = &report["errors"][0];
    assert_eq!(error["kind"], "exception");
    assert_eq!(error["exception_class"], "java.lang.OutOfMemoryError");
    assert!(error["message"]
        .as_str()
        .is_some_and(|m| m.contains("Java heap space")));
    assert!(
        peak_memory(&report) <= LIMIT + LIMIT / 10,
        "peak {} MiB for a 400 MiB limit",
        peak_memory(&report) >> 20
    );
    // A heap larger than the memory limit: the search, not the program, runs out, within
    // the single transition that grows the builder.
    let (run, report, _) = check_timed(
        "GrowingBuilder",
        &["+search.memory_limit=400m", "+vm.heap_limit=2g"],
    );
    assert_eq!(run.status, Some(3), "{}", run.stderr);
    assert_eq!(report["result"], "incomplete");
    assert_eq!(
        stop_reason(&report),
        "memory limit reached (search.memory_limit)"
    );
    assert!(
        peak_memory(&report) <= LIMIT + LIMIT / 10,
        "peak {} MiB for a 400 MiB limit",
        peak_memory(&report) >> 20
    );
}

#[test]
fn the_progress_line_appears_during_slow_transitions() {
    let cp = classes().display().to_string();
    let out = run(
        &rpf_binary(),
        &[
            "-cp",
            &cp,
            "SlowTransitions",
            "+report.progress=1s",
            "+search.time_limit=4s",
            "+vm.max_transition=2000000000",
        ],
        None,
    );
    assert_eq!(out.status, Some(3), "{}", out.stderr);
    let lines = out
        .stderr
        .lines()
        .filter(|l| l.starts_with("rpf: ") && l.contains(" states ("))
        .count();
    assert!(
        lines >= 2,
        "{lines} progress lines in 4 s at 1 s intervals:\n{}",
        out.stderr
    );
}

#[test]
fn an_array_beyond_the_vm_limit_fails_as_in_java() {
    let java = java("HugeArray", &[]);
    let rpf = rpf_run("HugeArray", &[]);
    assert_eq!(
        java.stderr_first_line(),
        "Exception in thread \"main\" java.lang.OutOfMemoryError: Requested array size exceeds VM limit"
    );
    if let Some(problem) = difference("HugeArray", &java, &rpf) {
        panic!("{problem}");
    }
}

#[test]
fn array_size_errors_match_java_with_the_same_heap() {
    let java = java("ArrayLimits", &["-Xmx64m"]);
    let rpf = rpf_run("ArrayLimits", &["+vm.heap_limit=64m"]);
    assert_eq!(java.status, Some(0), "{}", java.stderr);
    if let Some(problem) = difference("ArrayLimits", &java, &rpf) {
        panic!("{problem}");
    }
}

#[test]
fn a_program_that_exhausts_the_heap_behaves_as_in_java() {
    let java = java("HeapExhaustion", &["-Xmx64m"]);
    let start = Instant::now();
    let rpf = rpf_run("HeapExhaustion", &["+vm.heap_limit=64m"]);
    let elapsed = start.elapsed();
    assert!(java.stdout.contains("round 2: Java heap space"), "{java:?}");
    if let Some(problem) = difference("HeapExhaustion", &java, &rpf) {
        panic!("{problem}");
    }
    assert!(elapsed < Duration::from_secs(60), "took {elapsed:?}");
}

#[test]
fn a_caught_out_of_memory_error_is_a_paths_behaviour_under_the_checker() {
    // Every interleaving of the counting thread with main's exhausting the heap is
    // explored, and in each main catches the error and goes on.
    let (run, report, _) = check_timed("OomCaught", &["+vm.heap_limit=64m"]);
    assert_eq!(run.status, Some(0), "{}\n{}", run.stdout, run.stderr);
    assert_eq!(report["result"], "no_violation");
    assert!(report["statistics"]["states_new"].as_u64() > Some(2));
}

#[test]
fn the_heap_limit_key_is_checked() {
    for (value, needle) in [("lots", "lots"), ("1k", "1k"), ("2000g", "2000g")] {
        let setting = format!("+vm.heap_limit={value}");
        let out = rpf_run("HugeArray", &[&setting]);
        assert_eq!(out.status, Some(2), "{value}: {}", out.stderr);
        assert!(
            out.stderr.contains("vm.heap_limit") && out.stderr.contains(needle),
            "{value}: {}",
            out.stderr
        );
    }
}
